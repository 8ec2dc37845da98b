//! Hand-made schemas, one fixture per keyword: `tests/fixtures/schema/*.json`.
//!
//! Each fixture holds a schema, values (and optionally the chart's defaults and a base schema)
//! and what must come out: every violation, the displaced values, the required keys, the
//! schema-derived values and the declared properties at some paths. Sections a fixture leaves
//! out are not checked for it.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use values_migrate::ValuePath;
use values_migrate::schema::{Schema, coalesce};

fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/schema");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

fn compile(value: &Value, name: &str) -> Schema {
    let text = serde_json::to_string_pretty(value).expect("a schema serialises");
    Schema::compile(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn path(text: &str) -> ValuePath {
    ValuePath::parse(text).unwrap_or_else(|e| panic!("bad path {text:?}: {e}"))
}

/// A JSON value as one comparable line, with object keys in a fixed order.
fn canonical(value: &Value) -> String {
    fn sort(value: &Value) -> Value {
        match value {
            Value::Object(map) => {
                let mut keys: Vec<&String> = map.keys().collect();
                keys.sort();
                Value::Object(
                    keys.into_iter()
                        .map(|k| (k.clone(), sort(&map[k])))
                        .collect(),
                )
            }
            Value::Array(items) => Value::Array(items.iter().map(sort).collect()),
            other => other.clone(),
        }
    }
    sort(value).to_string()
}

fn run(file: &Path) {
    let name = file
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("?")
        .to_string();
    let text = std::fs::read_to_string(file).expect("a readable fixture");
    let case: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(case["about"].is_string(), "{name}: says what it shows");
    let schema = compile(&case["schema"], &name);
    let defaults = case.get("defaults");
    let values = &case["values"];

    if let Some(expected) = case.get("violations") {
        let actual = schema.validate_coalesced(defaults, values);
        // Helm's pointer, line and nesting are compared where a fixture names them.
        let helm_fields = expected
            .as_array()
            .and_then(|e| e.first())
            .is_some_and(|v| v.get("pointer").is_some());
        let actual: BTreeSet<String> = actual
            .iter()
            .map(|v| {
                let mut v = serde_json::to_value(v).expect("a violation serialises");
                let object = v.as_object_mut().expect("an object");
                object.remove("schemaPath");
                if !helm_fields {
                    object.remove("pointer");
                    object.remove("helmMessage");
                    object.remove("within");
                    object.remove("causes");
                }
                if object.get("keyPath") == Some(&Value::Null) {
                    object.remove("keyPath");
                }
                canonical(&v)
            })
            .collect();
        let expected: BTreeSet<String> = expected
            .as_array()
            .expect("violations is a list")
            .iter()
            .map(canonical)
            .collect();
        assert_eq!(actual, expected, "{name}: violations");
    }

    if let Some(expected) = case.get("displaced") {
        let base = compile(&case["base"], &name);
        let actual = Schema::displaced(&base, &schema, values, defaults);
        let actual: BTreeSet<String> = actual
            .iter()
            .map(|d| {
                assert!(!d.reason.is_empty(), "{name}: {} has a reason", d.path);
                canonical(&json!({"path": d.path, "value": d.value, "baseAccepts": d.base_accepts}))
            })
            .collect();
        let expected: BTreeSet<String> = expected
            .as_array()
            .expect("displaced is a list")
            .iter()
            .map(canonical)
            .collect();
        assert_eq!(actual, expected, "{name}: displaced");
    }

    if let Some(expected) = case.get("required") {
        let actual = schema.required(&coalesce(defaults, values));
        let derivable = serde_json::to_value(&actual.derivable).expect("serialises");
        assert_eq!(
            canonical(&derivable),
            canonical(&expected["derivable"]),
            "{name}: derivable"
        );
        let escalated: BTreeSet<String> = actual
            .escalations
            .iter()
            .map(|e| e.path.to_string())
            .collect();
        let expected_escalated: BTreeSet<String> = expected["escalations"]
            .as_array()
            .expect("escalations is a list")
            .iter()
            .map(|p| p.as_str().expect("a path").to_string())
            .collect();
        assert_eq!(escalated, expected_escalated, "{name}: escalations");
        for escalation in &actual.escalations {
            assert!(
                escalation
                    .message
                    .starts_with("required by the target schema"),
                "{name}: {escalation:?}"
            );
        }
    }

    if let Some(Value::Object(expected)) = case.get("derived") {
        for (at, want) in expected {
            let got = serde_json::to_value(schema.derived_values(&path(at))).expect("serialises");
            assert_eq!(
                canonical(&got),
                canonical(want),
                "{name}: derived at {at:?}"
            );
        }
    }

    if let Some(Value::Object(expected)) = case.get("properties") {
        for (at, want) in expected {
            let got: Vec<Value> = schema
                .properties_at(&path(at))
                .into_iter()
                .map(|p| json!(p.name))
                .collect();
            assert_eq!(&Value::Array(got), want, "{name}: properties at {at:?}");
        }
    }

    if let Some(Value::Object(expected)) = case.get("propertyLines") {
        for (at, want) in expected {
            let got: Vec<Value> = schema
                .properties_at(&path(at))
                .iter()
                .map(|p| json!(p.to_string()))
                .collect();
            assert_eq!(&Value::Array(got), want, "{name}: property lines at {at:?}");
        }
    }
}

#[test]
fn every_fixture_holds() {
    let files = fixtures();
    assert!(files.len() >= 15, "the keyword fixtures are there");
    let mut failures = Vec::new();
    for file in &files {
        if let Err(panic) = std::panic::catch_unwind(|| run(file)) {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            failures.push(message);
        }
    }
    assert!(
        failures.is_empty(),
        "{} fixture(s) failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
