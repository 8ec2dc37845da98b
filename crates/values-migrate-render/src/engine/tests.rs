use super::*;

use std::path::{Path, PathBuf};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/engine")
}

/// Every file under `dir` (path relative to it, bytes), in path order.
fn read_tree(dir: &Path, prefix: &str, out: &mut Vec<(String, Vec<u8>)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = if prefix.is_empty() {
            name
        } else {
            format!("{prefix}/{name}")
        };
        if entry.path().is_dir() {
            read_tree(&entry.path(), &path, out);
        } else {
            out.push((path, std::fs::read(entry.path()).unwrap()));
        }
    }
}

/// A chart directory of the probe as Helm's loader splits it (no subcharts: they are given).
fn chart_at(dir: &Path, metadata: Metadata, subcharts: Vec<Chart>) -> Chart {
    let mut all = Vec::new();
    read_tree(dir, "", &mut all);
    let mut chart = Chart {
        metadata,
        subcharts,
        ..Chart::default()
    };
    for (path, data) in all {
        if path.starts_with("templates/") {
            chart
                .templates
                .push((path, String::from_utf8(data).unwrap()));
        } else if !path.starts_with("charts/")
            && !["Chart.yaml", "values.yaml"].contains(&path.as_str())
        {
            chart.files.push((path, data));
        }
    }
    chart
}

/// The probe tree as `ProcessDependencies` leaves it (Chart.yaml's fields, `sub` renamed to its
/// alias `subby`, both dependencies enabled).
fn probe() -> Chart {
    let dir = fixture().join("probe");
    let meta = |name: &str, version: &str| Metadata {
        name: name.to_string(),
        version: version.to_string(),
        api_version: "v2".to_string(),
        ..Metadata::default()
    };
    let sub = chart_at(&dir.join("charts/sub"), meta("subby", "0.2.0"), Vec::new());
    let lib = chart_at(
        &dir.join("charts/lib"),
        Metadata {
            chart_type: "library".to_string(),
            ..meta("lib", "0.3.0")
        },
        Vec::new(),
    );
    let dependency = |name: &str, alias: &str, version: &str| Dependency {
        name: name.to_string(),
        alias: alias.to_string(),
        version: version.to_string(),
        enabled: true,
        ..Dependency::default()
    };
    let root = Metadata {
        app_version: "1.2".to_string(),
        dependencies: vec![
            dependency("subby", "subby", "0.2.0"),
            dependency("lib", "", "0.3.0"),
        ],
        ..meta("probe", "0.1.0")
    };
    chart_at(&dir, root, vec![sub, lib])
}

/// JSON values as Helm hands them to templates (every number a float64).
fn value(json: &serde_json::Value) -> Value {
    match json {
        serde_json::Value::Null => Value::Nil,
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => Value::Float(n.as_f64().unwrap()),
        serde_json::Value::String(s) => Value::str(s.as_str()),
        serde_json::Value::Array(items) => Value::list(items.iter().map(value).collect()),
        serde_json::Value::Object(map) => {
            Value::map(map.iter().map(|(k, v)| (k.clone(), value(v))).collect())
        }
    }
}

/// The probe chart renders as Helm 4.2.3 rendered it (probe.expected.json, record.py): every
/// file, partials and library templates left out, NOTES.txt and empty files kept.
#[test]
fn the_probe_chart_renders_as_helm_rendered_it() {
    let text = std::fs::read_to_string(fixture().join("probe.expected.json")).unwrap();
    let expected: serde_json::Value = serde_json::from_str(&text).unwrap();
    let rendered = render(
        &probe(),
        value(&expected["values"]),
        &Options::default(),
        None,
    );
    assert!(rendered.error.is_none(), "{:?}", rendered.error);
    assert!(rendered.refused.is_empty(), "{:?}", rendered.refused);
    let want = expected["files"].as_object().unwrap();
    let got: Vec<&String> = rendered.files.keys().collect();
    assert_eq!(got, want.keys().collect::<Vec<_>>());
    for (name, text) in want {
        assert_eq!(rendered.files[name].0, text.as_str().unwrap(), "{name}");
    }
}

#[test]
fn templates_sort_as_helms_sort_templates() {
    let names = [
        "a/templates/z.yaml",
        "a/charts/b/templates/x.yaml",
        "a/templates/b.yaml",
        "a/x",
    ];
    let sorted = sort_templates(names.iter().map(|n| n.to_string()).collect());
    assert_eq!(
        sorted,
        [
            "a/charts/b/templates/x.yaml",
            "a/templates/z.yaml",
            "a/templates/b.yaml",
            "a/x"
        ]
    );
}

#[test]
fn a_parse_error_stops_the_render_before_any_file() {
    let mut chart = probe();
    chart
        .templates
        .push(("templates/bad.yaml".to_string(), "{{ if }}".to_string()));
    let rendered = render(
        &chart,
        Value::map(BTreeMap::new()),
        &Options::default(),
        None,
    );
    let error = rendered.error.unwrap();
    assert_eq!(error.kind, ErrorKind::Helm);
    assert!(rendered.files.is_empty());
}

/// Helm's `Values.Table`: a subchart's values only when they are a table, a dotted name a path.
#[test]
fn subchart_values_are_taken_only_when_a_table() {
    let parent = |values: serde_json::Value| {
        let mut map = BTreeMap::new();
        map.insert("Values".to_string(), value(&values));
        map
    };
    let text = parent(serde_json::json!({"sub": "text"}));
    assert!(table(&text, "sub").is_none());
    let nested = parent(serde_json::json!({"a": {"b": {"x": 1}}}));
    assert!(matches!(table(&nested, "a.b"), Some(Value::Map(..))));
    assert!(table(&nested, "a.c").is_none());
}

#[test]
fn join_cleans_as_gos_path_join() {
    assert_eq!(join("a", "templates/x.yaml"), "a/templates/x.yaml");
    assert_eq!(join("a", "templates/./x.yaml"), "a/templates/x.yaml");
    assert_eq!(join("a", "templates/../x.yaml"), "a/x.yaml");
    assert_eq!(join("a/charts/b", "templates"), "a/charts/b/templates");
}
