//! Unit tests of the validator on its own (the official suite and the differential are in tests/).

use serde_json::{Value, json};

use super::{Draft, Validator};

fn errors(schema: Value, instance: Value) -> Vec<(String, String, String)> {
    let validator = Validator::new(&schema, Draft::Draft7).expect("compiles");
    validator
        .iter_errors(&instance)
        .iter()
        .map(|e| {
            (
                e.instance_path().to_string(),
                e.schema_path().to_string(),
                e.to_string(),
            )
        })
        .collect()
}

#[test]
fn reports_paths_through_references_where_the_keyword_is_written() {
    let schema = json!({
        "properties": {"a": {"$ref": "#/definitions/foo"}, "b": {"$ref": "#/definitions/foo"}},
        "definitions": {"foo": {"type": "string"}}
    });
    assert_eq!(
        errors(schema, json!({"a": "x", "b": 42})),
        [(
            "/b".to_string(),
            "/definitions/foo/type".to_string(),
            "42 is not of type \"string\"".to_string()
        )]
    );
}

#[test]
fn a_recursive_reference_terminates() {
    let schema = json!({
        "$ref": "#/definitions/node",
        "definitions": {"node": {"type": "object", "properties": {"child": {"$ref": "#/definitions/node"}}}}
    });
    let found = errors(schema, json!({"child": {"child": 1}}));
    assert_eq!(found[0].0, "/child/child");
    assert_eq!(found[0].1, "/definitions/node/type");
}

#[test]
fn closed_objects_report_keys_then_the_fused_required() {
    let schema = json!({
        "properties": {"a": {"type": "string"}},
        "additionalProperties": false,
        "required": ["a"]
    });
    let found = errors(schema, json!({"x": 1}));
    assert_eq!(found.len(), 2);
    assert_eq!(
        found[0].2,
        "Additional properties are not allowed ('x' was unexpected)"
    );
    assert_eq!(found[1].1, "/required");
    assert_eq!(found[1].2, "\"a\" is a required property");
}

#[test]
fn is_valid_agrees_with_the_errors() {
    let schema = json!({"type": "object", "properties": {"n": {"multipleOf": 0.1}}});
    let validator = Validator::new(&schema, Draft::Draft7).unwrap();
    assert!(validator.is_valid(&json!({"n": 0.3})));
    assert!(!validator.is_valid(&json!({"n": 0.35})));
    assert_eq!(validator.iter_errors(&json!({"n": 0.35})).len(), 1);
}

#[test]
fn bad_schemas_are_errors_not_panics() {
    for schema in [
        json!({"type": 42}),
        json!({"pattern": 5}),
        json!({"pattern": "("}),
        json!({"$ref": "#/nope"}),
        json!({"minLength": -1}),
        json!({"properties": {"a": 3}}),
        json!({"allOf": []}),
    ] {
        assert!(Validator::new(&schema, Draft::Draft7).is_err(), "{schema}");
    }
}
