//! Helm's `common.Values` methods that take a path, called from a template: `.Values.Table` and
//! `.Values.PathValue`. Helm 4.2.3's answers, recorded through helm_python.

use std::collections::BTreeMap;

use values_migrate_render::error::RenderError;
use values_migrate_render::exec::{Env, TemplateSet};
use values_migrate_render::{MapType, Value};

/// A map of string keys.
fn map(entries: Vec<(&str, Value)>) -> Value {
    Value::map(
        entries
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

/// Executes `text` with the recording's values as `.Values` (Helm's `common.Values`).
fn run(text: &str) -> Result<String, RenderError> {
    let nested = map(vec![
        (
            "b",
            Value::list(vec![
                Value::Float(3.0),
                Value::Float(1.0),
                Value::Float(2.0),
            ]),
        ),
        (
            "a",
            map(vec![("y", Value::Float(1.0)), ("x", Value::Float(2.0))]),
        ),
    ]);
    let inner = map(vec![
        ("zeta", Value::Float(1.0)),
        ("nested", nested),
        ("s", Value::str("str")),
        ("e", map(vec![])),
    ]);
    let Value::Map(values, _) = map(vec![("map", inner)]) else {
        panic!("a map")
    };
    let mut dot = BTreeMap::new();
    dot.insert("Values".to_string(), Value::Map(values, MapType::Values));
    let mut set = TemplateSet::new();
    set.add_file("x.yaml", text)?;
    set.execute("x.yaml", Value::map(dot), &mut Env::default())
        .map(|o| o.text)
}

#[test]
fn table_and_path_value_read_the_values_as_helm_does() {
    let cases = [
        (
            r#"{{ (.Values.Table "map.nested").b | toJson }} {{ typeOf (.Values.Table "map") }}"#,
            "[3,1,2] common.Values",
        ),
        (
            r#"{{ .Values.Table "map.e" }} {{ typeOf (.Values.Table "map.e") }}"#,
            "map[] common.Values",
        ),
        (
            r#"{{ .Values.PathValue "map.zeta" }} {{ .Values.PathValue "map.nested.b" }} {{ typeOf (.Values.PathValue "map.s") }}"#,
            "1 [3 1 2] string",
        ),
        (r#"{{ .Values.PathValue "map.nested.a.x" }}"#, "2"),
        // The table is the values' own map, not a copy.
        (
            r#"{{- $t := .Values.Table "map" }}{{ $_ := set $t "added" 1 }}{{ .Values.map.added }}"#,
            "1",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(run(text).expect(text), want, "{text}");
    }
}

#[test]
fn a_path_that_is_not_there_is_helms_error() {
    let cases = [
        (
            r#"{{ .Values.Table "map.zeta" }}"#,
            r#"error calling Table: "zeta" is not a table"#,
        ),
        (
            r#"{{ .Values.Table "nope" }}"#,
            r#"error calling Table: "nope" is not a table"#,
        ),
        (
            r#"{{ .Values.Table "" }}"#,
            r#"error calling Table: "" is not a table"#,
        ),
        (
            r#"{{ .Values.Table "map.s.x" }}"#,
            r#"error calling Table: "s" is not a table"#,
        ),
        (
            r#"{{ .Values.PathValue "" }}"#,
            "error calling PathValue: YAML path cannot be empty",
        ),
        (
            r#"{{ .Values.PathValue "map.nested" }}"#,
            r#"error calling PathValue: "nested" is not a value"#,
        ),
        (
            r#"{{ .Values.PathValue "map.nope" }}"#,
            r#"error calling PathValue: "nope" is not a value"#,
        ),
        (
            r#"{{ .Values.PathValue "nope.x" }}"#,
            r#"error calling PathValue: "x" is not a value"#,
        ),
        (
            "{{ .Values.Table }}",
            "wrong number of args for Table: want 1 got 0",
        ),
        ("{{ .Values.Table 1 }}", "expected string; found 1"),
    ];
    for (text, want) in cases {
        let error = run(text).expect_err(text);
        assert!(error.message.ends_with(want), "{text}: {error}");
    }
}
