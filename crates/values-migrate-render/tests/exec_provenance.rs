//! Provenance (issue 43): which `.Values` paths made which output bytes, and which decided an
//! `if`, `with` or `range` around them — through variables, the dot, `include` and functions,
//! per chart (a subchart's `.Values.x` is its parent's `<sub>.x`, its `global` the root's).

use values_migrate_render::Value;
use values_migrate_render::engine::{self, Chart, Metadata, Options};
use values_migrate_render::exec::{Paths, Seg};

/// A values map from JSON (numbers as float64, as values reach templates).
fn go(json: serde_json::Value) -> Value {
    match json {
        serde_json::Value::Null => Value::Nil,
        serde_json::Value::Bool(b) => Value::Bool(b),
        serde_json::Value::Number(n) => Value::Float(n.as_f64().unwrap_or(0.0)),
        serde_json::Value::String(s) => Value::str(s),
        serde_json::Value::Array(items) => Value::list(items.into_iter().map(go).collect()),
        serde_json::Value::Object(map) => {
            Value::map(map.into_iter().map(|(k, v)| (k, go(v))).collect())
        }
    }
}

fn chart(name: &str, templates: &[(&str, &str)], subcharts: Vec<Chart>) -> Chart {
    Chart {
        metadata: Metadata {
            name: name.to_string(),
            version: "1.0.0".to_string(),
            api_version: "v2".to_string(),
            ..Metadata::default()
        },
        templates: templates
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect(),
        subcharts,
        ..Chart::default()
    }
}

fn dotted(paths: &Paths, id: u32) -> String {
    let mut out = String::new();
    for seg in paths.segments(id) {
        match seg {
            Seg::Key(k) if out.is_empty() => out.push_str(&k),
            Seg::Key(k) => {
                out.push('.');
                out.push_str(&k);
            }
            Seg::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

/// The chart rendered with `values` and provenance, which must not fail.
fn with_provenance(chart: &Chart, values: serde_json::Value) -> engine::Rendered {
    let options = Options {
        provenance: true,
        ..Options::default()
    };
    let rendered = engine::render(chart, go(values), &options, None);
    assert!(rendered.error.is_none(), "{:?}", rendered.error);
    rendered
}

/// Each origin of a file as (its text, data paths, control paths).
fn origins(chart: &Chart, values: serde_json::Value, file: &str) -> Vec<(String, String, String)> {
    let rendered = with_provenance(chart, values);
    let paths = rendered.paths.as_ref().expect("paths");
    let text = &rendered.files[file].0;
    let join = |set: &[u32]| {
        set.iter()
            .map(|id| dotted(paths, *id))
            .collect::<Vec<_>>()
            .join(",")
    };
    rendered.origins[file]
        .iter()
        .map(|o| {
            (
                text[o.start..o.end].to_string(),
                join(&o.data),
                join(&o.control),
            )
        })
        .collect()
}

fn o(text: &str, data: &str, control: &str) -> (String, String, String) {
    (text.to_string(), data.to_string(), control.to_string())
}

#[test]
fn an_action_names_the_leaf_it_printed_not_the_maps_on_the_way() {
    let c = chart(
        "c",
        &[(
            "templates/x.yaml",
            "a: {{ .Values.image.tag | quote }}\nb: {{ .Values.image.repository }}:{{ .Values.image.tag }}\n",
        )],
        vec![],
    );
    let got = origins(
        &c,
        serde_json::json!({"image": {"tag": "v1", "repository": "r"}}),
        "c/templates/x.yaml",
    );
    assert_eq!(
        got,
        vec![
            o("\"v1\"", "image.tag", ""),
            o("r", "image.repository", ""),
            o("v1", "image.tag", "")
        ]
    );
}

#[test]
fn variables_the_dot_and_with_carry_their_paths() {
    let t = "{{- $c := .Values.controller }}{{ $tag := .Values.t | default \"x\" }}\nlevel: {{ $c.logLevel }}\ntag: {{ $tag }}\n{{- with .Values.svc }}\nport: {{ .port }}\n{{- end }}\n";
    let c = chart("c", &[("templates/x.yaml", t)], vec![]);
    let got = origins(
        &c,
        serde_json::json!({"controller": {"logLevel": "info"}, "t": "v", "svc": {"port": 80}}),
        "c/templates/x.yaml",
    );
    assert_eq!(
        got,
        vec![
            o("info", "controller.logLevel", ""),
            o("v", "t", ""),
            o("\nport: ", "", "svc"),
            o("80", "svc.port", "svc"),
        ]
    );
}

#[test]
fn if_and_range_decide_their_bodies_and_range_elements_are_items() {
    let t = "{{- if .Values.on }}\nargs:\n{{- range .Values.args }}\n- {{ . }}\n{{- end }}\n{{- end }}\n";
    let c = chart("c", &[("templates/x.yaml", t)], vec![]);
    let got = origins(
        &c,
        serde_json::json!({"on": true, "args": ["a", "b"]}),
        "c/templates/x.yaml",
    );
    assert_eq!(
        got,
        vec![
            o("\nargs:", "", "on"),
            o("\n- ", "", "args,on"),
            o("a", "args[0]", "args,on"),
            o("\n- ", "", "args,on"),
            o("b", "args[1]", "args,on"),
        ]
    );
}

#[test]
fn an_include_gives_its_reads_to_the_action_that_prints_it_and_functions_keep_them() {
    let helpers = "{{- define \"name\" -}}{{ .Values.nameOverride | default .Chart.Name | trunc 63 }}{{- end }}";
    let t = "name: {{ include \"name\" . }}\nres:\n{{- toYaml .Values.resources | nindent 2 }}\nk: {{ index .Values.extra \"a.b\" }}\n";
    let c = chart(
        "c",
        &[("templates/_h.tpl", helpers), ("templates/x.yaml", t)],
        vec![],
    );
    let got = origins(
        &c,
        serde_json::json!({"nameOverride": "n", "resources": {"limits": {"cpu": 1}}, "extra": {"a.b": "z"}}),
        "c/templates/x.yaml",
    );
    assert_eq!(
        got,
        vec![
            o("n", "nameOverride", ""),
            o("\n  limits:\n    cpu: 1", "resources", ""),
            o(
                "z",
                "extra[\"a.b\"]".replace("[\"a.b\"]", ".a.b").as_str(),
                ""
            ),
        ]
    );
}

#[test]
fn a_subcharts_values_are_its_parents_entry_and_its_global_the_roots() {
    let sub = chart(
        "sub",
        &[(
            "templates/s.yaml",
            "p: {{ .Values.port }}\ng: {{ .Values.global.domain }}\n",
        )],
        vec![],
    );
    let c = chart("c", &[], vec![sub]);
    let values = serde_json::json!({"global": {"domain": "d"}, "sub": {"port": 1, "global": {"domain": "d"}}});
    let got = origins(&c, values, "c/charts/sub/templates/s.yaml");
    assert_eq!(
        got,
        vec![o("1", "sub.port", ""), o("d", "global.domain", "")]
    );
}

#[test]
fn without_provenance_nothing_is_recorded() {
    let c = chart("c", &[("templates/x.yaml", "a: {{ .Values.a }}\n")], vec![]);
    let rendered = engine::render(
        &c,
        go(serde_json::json!({"a": 1})),
        &Options::default(),
        None,
    );
    assert!(rendered.paths.is_none());
    assert!(rendered.origins.is_empty());
    assert_eq!(rendered.files["c/templates/x.yaml"].0, "a: 1\n");
}

/// A file's read log as dotted paths, and whether it took the whole `.Values`.
fn read_log(chart: &Chart, values: serde_json::Value, file: &str) -> (Vec<String>, bool) {
    let rendered = with_provenance(chart, values);
    let paths = rendered.paths.as_ref().expect("paths");
    let log = &rendered.reads[file];
    let read = log.paths.iter().map(|id| dotted(paths, *id)).collect();
    (read, log.whole)
}

#[test]
fn the_read_log_holds_what_decided_nothing_was_written() {
    // `legacy` is false: nothing is written, yet the chart read it, and `hasKey` read `m.k`.
    let t = "{{- if .Values.legacy }}\nold: {{ .Values.old }}\n{{- end }}\n{{- if hasKey .Values.m \"k\" }}\nk: yes\n{{- end }}\nname: {{ .Values.name }}\n";
    let c = chart("c", &[("templates/x.yaml", t)], vec![]);
    let values = serde_json::json!({"legacy": false, "old": 1, "m": {"k": 2, "j": 3}, "name": "n"});
    let (read, whole) = read_log(&c, values, "c/templates/x.yaml");
    assert_eq!(read, ["legacy", "m.k", "name"]);
    assert!(!whole);
    // What was read is not what the output holds: `legacy` made and decided no byte.
    let decided: Vec<String> = origins(
        &c,
        serde_json::json!({"legacy": false, "old": 1, "m": {"k": 2}, "name": "n"}),
        "c/templates/x.yaml",
    )
    .into_iter()
    .flat_map(|(_, data, control)| [data, control])
    .collect();
    assert!(!decided.iter().any(|p| p.contains("legacy")), "{decided:?}");
}

#[test]
fn the_read_log_says_when_the_whole_values_were_taken() {
    let whole = chart(
        "c",
        &[(
            "templates/x.yaml",
            "data: {{ toYaml .Values | nindent 2 }}\n",
        )],
        vec![],
    );
    let (read, taken) = read_log(&whole, serde_json::json!({"a": 1}), "c/templates/x.yaml");
    assert!(taken, "toYaml .Values takes every value");
    assert!(read.is_empty(), "{read:?}");
    // Passing `.Values` on to a helper that reads one field reads that field, not the whole.
    let helper = "{{- define \"h\" }}{{ .a }}{{ end }}";
    let through = chart(
        "c",
        &[
            ("templates/_h.tpl", helper),
            ("templates/x.yaml", "a: {{ include \"h\" .Values }}\n"),
        ],
        vec![],
    );
    let (read, taken) = read_log(
        &through,
        serde_json::json!({"a": 1, "b": 2}),
        "c/templates/x.yaml",
    );
    assert!(!taken);
    assert_eq!(read, ["a"]);
}

#[test]
fn a_map_put_in_a_variable_is_read_where_the_variable_is_used() {
    // Bitnami's `getValueFromKey`: the whole values in a variable, then one key looked up.
    let t = "{{- $all := .Values }}{{- $auth := .Values.auth }}\nuser: {{ index $all \"user\" }}\npassword: {{ $auth.password }}\n";
    let c = chart("c", &[("templates/x.yaml", t)], vec![]);
    let values = serde_json::json!({"user": "u", "legacyUser": "l", "auth": {"password": "p", "database": "d"}});
    let (read, whole) = read_log(&c, values, "c/templates/x.yaml");
    assert!(!whole, "a variable holding .Values reads nothing by itself");
    assert_eq!(read, ["auth.password", "user"]);
}
