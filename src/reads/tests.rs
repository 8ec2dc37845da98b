//! The analysis on small charts: what it reads, where it widens, what it calls unread.

use super::{ChartInfo, Reads, TemplateFile, Templates};
use crate::path::ValuePath;
use serde_json::{Value, json};

/// A one-chart tree of `(file, text)` templates.
fn chart(files: &[(&str, &str)]) -> Reads {
    tree(files, Vec::new())
}

fn tree(files: &[(&str, &str)], subcharts: Vec<(&str, Vec<&str>)>) -> Reads {
    let mut charts = vec![ChartInfo {
        name: "app".into(),
        values_path: Vec::new(),
        parent: None,
        dir: "app".into(),
        gates: Vec::new(),
    }];
    for (name, gate) in subcharts {
        charts.push(ChartInfo {
            name: name.into(),
            values_path: vec![name.into()],
            parent: Some(0),
            dir: format!("app/charts/{name}"),
            gates: vec![gate.into_iter().map(String::from).collect()],
        });
    }
    let files = files
        .iter()
        .map(|(name, text)| TemplateFile {
            chart: usize::from(name.contains("/charts/")),
            name: name.to_string(),
            text: text.to_string(),
        })
        .collect();
    Reads::new(Templates {
        chart: "app".into(),
        version: "1.0.0".into(),
        charts,
        files,
    })
    .expect("templates parse")
}

/// The outermost paths of `values` the chart does not read.
fn unread(reads: &Reads, values: Value) -> Vec<String> {
    let set = reads.with_values(&values);
    set.unread(&values, &values)
        .into_iter()
        .map(|i| i.path.to_string())
        .collect()
}

fn path(text: &str) -> ValuePath {
    ValuePath::parse(text).expect("a path")
}

#[test]
fn a_field_chain_reads_its_leaf_and_nothing_beside_it() {
    let reads = chart(&[("app/templates/a.yaml", "port: {{ .Values.server.port }}")]);
    let values = json!({"server": {"port": 1, "config": {"a": 1}}, "other": 2});
    assert_eq!(unread(&reads, values), ["server.config", "other"]);
}

#[test]
fn to_yaml_reads_the_whole_subtree() {
    let reads = chart(&[(
        "app/templates/a.yaml",
        "{{- toYaml .Values.extra | nindent 2 }}",
    )]);
    assert!(unread(&reads, json!({"extra": {"deep": {"x": 1}}})).is_empty());
}

#[test]
fn with_sets_dot_and_tests_only_emptiness() {
    let reads = chart(&[(
        "app/templates/a.yaml",
        "{{- with .Values.server }}{{ .port }}{{ end }}",
    )]);
    // `server` keeps another key: removing `config` leaves it non-empty, the render the same.
    let values = json!({"server": {"port": 1, "config": 2}});
    assert_eq!(unread(&reads, values), ["server.config"]);
    // `config` alone fills `server`: it is unread, but removing it would empty `server`.
    let values = json!({"server": {"config": 2}});
    let found = reads
        .with_values(&values)
        .unread_and_tested(&values, &values);
    assert_eq!(found.ignored.len(), 1);
    assert_eq!(found.tested, [path("server")]);
}

#[test]
fn include_follows_dot_through_dict_and_dollar() {
    let reads = chart(&[
        (
            "app/templates/_helpers.tpl",
            r#"{{- define "x" }}{{ .ctx.Values.a }}{{ $.sub.b }}{{ end }}"#,
        ),
        (
            "app/templates/a.yaml",
            r#"{{ include "x" (dict "ctx" $ "sub" .Values.s) }}"#,
        ),
    ]);
    let values = json!({"a": 1, "s": {"b": 2, "c": 3}, "z": 4});
    assert_eq!(unread(&reads, values), ["s.c", "z"]);
}

#[test]
fn the_root_context_handed_to_a_function_reads_everything() {
    let reads = chart(&[("app/templates/a.yaml", "{{ toJson . }}")]);
    assert!(unread(&reads, json!({"a": 1, "b": {"c": 2}})).is_empty());
    let set = reads.with_values(&json!({}));
    assert!(set.widened().iter().any(|w| w.path.is_root()));
}

#[test]
fn index_with_constants_is_a_path_and_computed_keys_widen() {
    let reads = chart(&[(
        "app/templates/a.yaml",
        r#"{{ index .Values.m "k" }}{{ $k := .Values.key }}{{ index .Values.n (printf "%s" $k) }}{{ $c := "x" }}{{ index .Values.o (printf "%s" $c) }}"#,
    )]);
    // A key printed from constants is a constant (`o.x`); one printed from the values is not.
    let values =
        json!({"m": {"k": 1, "j": 2}, "n": {"x": 1, "y": 2}, "o": {"x": 1, "y": 2}, "key": "x"});
    assert_eq!(unread(&reads, values), ["m.j", "o.y"]);
}

#[test]
fn tpl_runs_the_strings_the_values_hold() {
    let reads = chart(&[("app/templates/a.yaml", "{{ tpl .Values.template . }}")]);
    let values = json!({"template": "{{ .Values.name }}", "name": "n", "other": 1});
    assert_eq!(unread(&reads, values), ["other"]);
}

#[test]
fn tpl_of_text_it_cannot_see_reads_the_context_whole() {
    let reads = chart(&[(
        "app/templates/a.yaml",
        r#"{{ tpl (.Files.Get "x.tpl") . }}"#,
    )]);
    assert!(unread(&reads, json!({"anything": 1})).is_empty());
}

#[test]
fn range_reads_what_it_ranges_over() {
    let reads = chart(&[(
        "app/templates/a.yaml",
        "{{ range $k, $v := .Values.env }}{{ $k }}={{ $v }}{{ end }}{{ range list .Values.a .Values.b }}{{ .x }}{{ end }}",
    )]);
    let values = json!({"env": {"A": 1}, "a": {"x": 1, "y": 2}, "b": {"x": 3}});
    assert_eq!(unread(&reads, values), ["a.y"]);
}

#[test]
fn default_and_coalesce_pass_their_values_through() {
    let reads = chart(&[(
        "app/templates/a.yaml",
        "{{ $c := coalesce .Values.server.config .Values.configs.cm }}{{ $c.url }}",
    )]);
    let values = json!({"server": {"config": {"url": 1, "x": 2}}, "configs": {"cm": {"url": 3}}});
    assert_eq!(unread(&reads, values), ["server.config.x"]);
}

#[test]
fn a_subchart_reads_under_its_key_and_globals_from_the_root() {
    let reads = tree(
        &[(
            "app/charts/db/templates/a.yaml",
            "{{ .Values.port }}{{ .Values.global.region }}",
        )],
        vec![("db", vec!["db", "enabled"])],
    );
    let values = json!({
        "db": {"port": 1, "enabled": true, "user": "u"},
        "global": {"region": "eu", "zone": "a"},
        "port": 2
    });
    assert_eq!(unread(&reads, values), ["db.user", "global.zone", "port"]);
}

#[test]
fn a_required_value_is_missing_only_under_conditions_that_hold() {
    let reads = chart(&[(
        "app/templates/a.yaml",
        r#"{{ if .Values.ingress.enabled }}{{ required "a host" .Values.ingress.host }}{{ end }}{{ required "name" .Values.name }}"#,
    )]);
    let set = reads.with_values(&json!({"ingress": {"enabled": false}}));
    let paths: Vec<String> = set.required().iter().map(|r| r.path.to_string()).collect();
    assert_eq!(paths, ["name"]);
    let set = reads.with_values(&json!({"ingress": {"enabled": true}, "name": "n"}));
    let required = set.required();
    assert_eq!(required.len(), 1);
    assert_eq!(required[0].path, path("ingress.host"));
    assert_eq!(required[0].message, "a host");
    assert_eq!(reads.cite(required[0].site), "app/templates/a.yaml:1");
}

#[test]
fn reaching_cites_the_first_read() {
    let reads = chart(&[(
        "app/templates/a.yaml",
        "a: 1\nb: {{ .Values.server.config }}\n",
    )]);
    let set = reads.with_values(&json!({}));
    let site = set.reaching(&path("server.config.url")).expect("read");
    assert_eq!(reads.cite(site), "app/templates/a.yaml:2");
    assert!(set.reaching(&path("server.other")).is_none());
    assert_eq!(set.keys_under(&path("server")), ["config"]);
}

#[test]
fn a_template_that_does_not_parse_is_located() {
    let error = Reads::new(Templates {
        chart: "app".into(),
        version: "1".into(),
        charts: Vec::new(),
        files: vec![TemplateFile {
            name: "app/templates/a.yaml".into(),
            chart: 0,
            text: "ok\n{{ if }}".into(),
        }],
    })
    .expect_err("refused");
    assert_eq!(error.at.file.as_deref(), Some("app/templates/a.yaml"));
    assert_eq!(error.at.line, Some(2));
}

#[test]
fn mutual_recursion_ends() {
    let reads = chart(&[
        (
            "app/templates/_h.tpl",
            r#"{{ define "a" }}{{ include "b" .Values.x }}{{ end }}{{ define "b" }}{{ include "a" $ }}{{ .y }}{{ end }}"#,
        ),
        ("app/templates/a.yaml", r#"{{ include "a" . }}"#),
    ]);
    assert_eq!(unread(&reads, json!({"x": {"y": 1, "z": 2}})), ["x.z"]);
}

#[test]
fn omit_reads_the_mapping_less_its_keys() {
    let reads = chart(&[(
        "app/templates/a.yaml",
        r#"{{ toYaml (omit .Values.thanos "objectStorageConfig") }}{{ .Values.thanos.objectStorageConfig.existingSecret.name }}"#,
    )]);
    let values = json!({"thanos": {"image": "x", "objectStorageConfig": {"name": "n", "existingSecret": {"name": "s"}}}});
    assert_eq!(unread(&reads, values), ["thanos.objectStorageConfig.name"]);
}

#[test]
fn pipelines_nested_past_the_limit_are_read_whole_not_followed() {
    let text = format!("{{{{ {}.Values.a{} }}}}", "(".repeat(600), ")".repeat(600));
    let reads = chart(&[("app/templates/a.yaml", text.as_str())]);
    let values = json!({"a": 1, "b": 2});
    let set = reads.with_values(&values);
    assert!(
        set.widened()
            .iter()
            .any(|w| w.why.contains("nested deeper"))
    );
    assert!(unread(&reads, values).is_empty());
}

#[test]
fn a_value_read_only_to_fail_is_the_chart_refusing_it() {
    let reads = chart(&[
        (
            "app/templates/requirements.yaml",
            "{{- if .Values.old }}\n  {{- fail \"old was renamed to new\" }}\n{{- end }}",
        ),
        ("app/templates/cm.yaml", "new: {{ .Values.new }}"),
    ]);
    let values = json!({"old": {"a": 1}, "new": 2});
    let set = reads.with_values(&values);
    assert_eq!(unread(&reads, values.clone()), ["old"]);
    let refused = set.refused(&path("old"), &values).expect("refused");
    assert_eq!(refused.message, "old was renamed to new");
    assert_eq!(
        reads.cite(refused.site),
        "app/templates/requirements.yaml:2"
    );
    // Empty, it does not reach the `fail`: unread, not refused.
    let empty = json!({"old": {}});
    assert!(
        reads
            .with_values(&empty)
            .refused(&path("old"), &empty)
            .is_none()
    );
}

#[test]
fn a_value_that_must_be_set_to_pass_a_fail_guard_is_used() {
    let reads = chart(&[(
        "app/templates/a.yaml",
        "{{- if not .Values.must }}{{ fail \"must is required\" }}{{ end }}{{- if gt (len .Values.list) 3 }}{{ fail (printf \"at most 3, not %d\" (len .Values.list)) }}{{ end }}",
    )]);
    let values = json!({"must": 1, "list": [1]});
    assert!(unread(&reads, values.clone()).is_empty());
    assert!(
        reads
            .with_values(&values)
            .refused(&path("must"), &values)
            .is_none()
    );
}

#[test]
fn the_else_of_a_fail_guard_is_read_as_always() {
    let reads = chart(&[(
        "app/templates/a.yaml",
        "{{- if .Values.old }}{{ fail (printf \"old %s\" .Values.msg) }}{{ else }}{{ .Values.new }}{{ end }}",
    )]);
    let values = json!({"old": 1, "msg": "x", "new": 2});
    assert_eq!(unread(&reads, values), ["old", "msg"]);
}

#[test]
fn a_value_read_only_by_notes_is_not_kept_alive() {
    let reads = chart(&[
        ("app/templates/NOTES.txt", "port {{ .Values.service.port }}"),
        ("app/templates/svc.yaml", "name: {{ .Values.service.name }}"),
    ]);
    let values = json!({"service": {"port": 80, "name": "x"}});
    let set = reads.with_values(&values);
    assert_eq!(unread(&reads, values), ["service.port"]);
    let site = set.noted(&path("service.port")).expect("noted");
    assert_eq!(reads.cite(site), "app/templates/NOTES.txt:1");
}

#[test]
fn a_dotted_key_of_constants_is_walked_key_by_key() {
    // Bitnami's common.utils.getValueFromKey and getKeyFromList, as common 1.11.1 writes them.
    let helpers = r#"{{- define "getValueFromKey" -}}
{{- $splitKey := splitList "." .key -}}
{{- $value := "" -}}
{{- $latestObj := $.context.Values -}}
{{- range $splitKey -}}
  {{- if not $latestObj -}}
    {{- printf "please review the entire path of '%s' exists in values" $.key | fail -}}
  {{- end -}}
  {{- $value = ( index $latestObj . ) -}}
  {{- $latestObj = $value -}}
{{- end -}}
{{- printf "%v" (default "" $value) -}}
{{- end -}}
{{- define "getKeyFromList" -}}
{{- $key := first .keys -}}
{{- $reverseKeys := reverse .keys }}
{{- range $reverseKeys }}
  {{- $value := include "getValueFromKey" (dict "key" . "context" $.context ) }}
  {{- if $value -}}
    {{- $key = . }}
  {{- end -}}
{{- end -}}
{{- printf "%s" $key -}}
{{- end -}}"#;
    let reads = chart(&[
        ("app/templates/_utils.tpl", helpers),
        (
            "app/templates/secret.yaml",
            r#"{{- $k := include "getKeyFromList" (dict "keys" (list "auth.password" "global.password") "context" $) }}
password: {{ include "getValueFromKey" (dict "key" $k "context" $) }}"#,
        ),
    ]);
    let values =
        json!({"auth": {"password": "p"}, "global": {"password": "g"}, "oldPassword": "o"});
    assert_eq!(unread(&reads, values), ["oldPassword"]);
}

#[test]
fn tpl_of_text_it_cannot_see_reads_the_context_only_where_the_values_run_it() {
    // fluent-bit 0.58.1's configmap-dashboards.yaml: the chart's own files run through `tpl`.
    let reads = chart(&[(
        "app/templates/dashboards.yaml",
        r#"{{- if .Values.dashboards.enabled -}}
{{- range $path, $_ := .Files.Glob "dashboards/*.json" }}
data: {{- tpl ($.Files.Get $path) $ | nindent 4 }}
{{- end }}
{{- end -}}"#,
    )]);
    let off = json!({"dashboards": {"enabled": false}, "old": 1});
    assert_eq!(unread(&reads, off), ["old"]);
    let on = json!({"dashboards": {"enabled": true}, "old": 1});
    assert!(unread(&reads, on).is_empty());
}

#[test]
fn a_widening_inside_a_range_over_nothing_reads_nothing() {
    // promtail 5.0.0's service-extra.yaml: `toYaml $` in a range over `extraPorts`.
    let reads = chart(&[(
        "app/templates/svc.yaml",
        "{{- range $key, $values := .Values.extraPorts }}{{- with .labels }}{{- toYaml $ }}{{- end }}{{- end }}",
    )]);
    assert_eq!(unread(&reads, json!({"extraPorts": {}, "old": 1})), ["old"]);
    assert!(
        unread(
            &reads,
            json!({"extraPorts": {"a": {"labels": {"x": 1}}}, "old": 1})
        )
        .is_empty()
    );
}
