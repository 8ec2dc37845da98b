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
            "got number, want string".to_string()
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
fn closed_objects_report_the_missing_key_then_the_refused_ones_as_helm_evaluates() {
    let schema = json!({
        "properties": {"a": {"type": "string"}},
        "additionalProperties": false,
        "required": ["a"]
    });
    let found = errors(schema, json!({"x": 1}));
    assert_eq!(
        found,
        [
            (
                String::new(),
                "/required".to_string(),
                "missing property 'a'".to_string()
            ),
            (
                String::new(),
                "/additionalProperties".to_string(),
                "additional properties 'x' not allowed".to_string()
            ),
        ]
    );
}

#[test]
fn an_array_that_is_not_one_stops_at_its_type() {
    let schema = json!({"type": "array", "items": {"type": "string"}, "minItems": 2, "enum": [[]]});
    let found = errors(schema, json!("no"));
    assert_eq!(
        found,
        [(
            String::new(),
            "/type".to_string(),
            "got string, want array".to_string()
        )]
    );
}

#[test]
fn flat_errors_are_helms_lines_read_off_its_tree() {
    let schema = json!({
        "properties": {
            "a": {"type": "string", "enum": ["x"]},
            "b": {"anyOf": [{"type": "string"}, {"required": ["c", "d"]}]},
            "e": {"propertyNames": {"maxLength": 2}}
        },
        "required": ["f", "g"]
    });
    let validator = Validator::new(&schema, Draft::Draft7).expect("compiles");
    let instance = json!({"a": 1, "b": {}, "e": {"long": 1}});
    let mut lines = String::new();
    for error in validator.helm_errors(&instance) {
        error.render(0, &mut lines);
    }
    let flat = validator.iter_errors(&instance);
    let read: Vec<(&str, &str, String)> = flat
        .iter()
        .map(|e| (e.instance_path(), e.schema_path(), e.to_string()))
        .collect();
    // Helm stops `a` at its type (no `enum` error) and names both missing keys on one line;
    // the flat list has one `required` error per key, in Helm's order.
    assert_eq!(
        read,
        [
            ("", "/required", "missing property 'f'".to_string()),
            ("", "/required", "missing property 'g'".to_string()),
            (
                "/a",
                "/properties/a/type",
                "got number, want string".to_string()
            ),
            ("/b", "/properties/b/anyOf", "'anyOf' failed".to_string()),
            (
                "/e",
                "/properties/e/propertyNames/maxLength",
                "invalid propertyName 'long'".to_string()
            ),
        ]
    );
    assert!(
        lines.contains("- at '': missing properties 'f', 'g'\n"),
        "{lines}"
    );
    let crate::ErrorKind::AnyOf { context } = flat[3].kind() else {
        panic!("an anyOf error: {:?}", flat[3].kind());
    };
    let branch = |i: usize| context[i].iter().map(|e| e.to_string()).collect::<Vec<_>>();
    assert_eq!(branch(0), ["got object, want string"]);
    assert_eq!(branch(1), ["missing property 'c'", "missing property 'd'"]);
    let crate::ErrorKind::PropertyNames { error } = flat[4].kind() else {
        panic!("a propertyNames error: {:?}", flat[4].kind());
    };
    assert_eq!(error.to_string(), "maxLength: got 4, want 2");
    assert_eq!(error.instance(), &json!("long"));
}

#[test]
fn unevaluated_members_are_one_flat_error_per_keyword() {
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "properties": {"a": true},
        "unevaluatedProperties": false
    });
    let validator = Validator::new(&schema, Draft::Draft202012).expect("compiles");
    let instance = json!({"a": 1, "x": 2, "y": 3});
    assert_eq!(validator.helm_errors(&instance).len(), 2);
    let flat = validator.iter_errors(&instance);
    assert_eq!(flat.len(), 1);
    assert_eq!(flat[0].schema_path(), "/unevaluatedProperties");
    let crate::ErrorKind::UnevaluatedProperties { unexpected } = flat[0].kind() else {
        panic!("an unevaluatedProperties error: {:?}", flat[0].kind());
    };
    assert_eq!(unexpected, &["x", "y"]);
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

#[test]
fn a_flat_error_holds_the_value_its_escaped_pointer_names() {
    let schema =
        json!({"properties": {"a/b": {"properties": {"c~d": {"items": {"type": "string"}}}}}});
    let validator = Validator::new(&schema, Draft::Draft7).expect("compiles");
    let instance = json!({"a/b": {"c~d": ["x", 7]}});
    let flat = validator.iter_errors(&instance);
    assert_eq!(flat.len(), 1);
    assert_eq!(flat[0].instance_path(), "/a~1b/c~0d/1");
    assert_eq!(flat[0].instance(), &json!(7));
}

#[test]
fn a_subschema_marked_with_its_own_draft_is_read_as_that_draft() {
    let d2020 = "https://json-schema.org/draft/2020-12/schema";
    let schema = json!({
        "properties": {
            "seven": {"items": [{"type": "integer"}], "format": "email"},
            "later": {"x-values-migrate-draft": d2020, "properties": {
                "list": {"prefixItems": [{"type": "integer"}]},
                "mail": {"format": "email"},
                "ref": {"$ref": "#/definitions/int", "minimum": 5},
                "rest": {"type": "object", "properties": {"a": {}}, "unevaluatedProperties": false}
            }}
        },
        "definitions": {"int": {"type": "integer"}}
    });
    let paths = |instance| -> Vec<String> {
        errors(schema.clone(), instance)
            .into_iter()
            .map(|(path, _, _)| path)
            .collect()
    };
    assert_eq!(paths(json!({"seven": ["a"]})), ["/seven/0"]);
    let later =
        json!({"later": {"list": ["a"], "mail": "nope", "ref": 1, "rest": {"a": 1, "b": 2}}});
    assert_eq!(paths(later), ["/later/list/0", "/later/ref", "/later/rest"]);
}

#[test]
fn a_subschema_marked_with_its_own_draft_has_that_drafts_shape() {
    let d2020 = "https://json-schema.org/draft/2020-12/schema";
    let tuple = json!({"items": [{"type": "integer"}]});
    let seven = json!({"properties": {"a": tuple}});
    assert!(Validator::new(&seven, Draft::Draft7).is_ok());
    let marked = json!({"properties": {"a": {"x-values-migrate-draft": d2020, "items": [{}]}}});
    assert!(Validator::new(&marked, Draft::Draft7).is_err());
}

/// Helm 4.2.3's words and verdicts for each schema text (probes `number-printed-*`).
#[test]
fn schema_numbers_are_read_and_printed_as_their_text_writes_them() {
    let words = |text: &str, instance: Value| -> Result<Vec<String>, String> {
        let document: Value = serde_json::from_str(text).expect("JSON");
        let literals = super::Literals::read(text);
        let validator = Validator::with_literals(&document, Draft::Draft202012, &literals);
        let validator = validator.map_err(|e| format!("{e:?}"))?;
        Ok(validator
            .iter_errors(&instance)
            .iter()
            .map(ToString::to_string)
            .collect())
    };
    let cases = [
        (
            r#"{"enum": [1E+2, 1.0, -0, 100.50, "x", null]}"#,
            json!(5),
            "value must be one of 1E+2, 1.0, -0, 100.50, 'x', <nil>",
        ),
        (
            r#"{"enum": [0.10000000000000001, 18446744073709551616]}"#,
            json!(0.1),
            "value must be one of 0.10000000000000001, 18446744073709551616",
        ),
        (r#"{"const": 1e-400}"#, json!(5), "value must be 1e-400"),
        (
            r#"{"const": 18446744073709551616}"#,
            json!(5),
            "value must be 18446744073709551616",
        ),
        (r#"{"const": [1e2]}"#, json!(5), "'const' failed"),
        (r#"{"minimum": 1e2}"#, json!(5), "minimum: got 5, want 100"),
        (r#"{"maximum": 1e-400}"#, json!(5), "maximum: got 5, want 0"),
        (
            r#"{"multipleOf": 1.50}"#,
            json!(5),
            "multipleOf: got 5, want 1.5",
        ),
    ];
    for (text, instance, expected) in cases {
        assert_eq!(
            words(text, instance),
            Ok(vec![expected.to_string()]),
            "{text}"
        );
    }
    assert_eq!(words(r#"{"multipleOf": 1e-400}"#, json!(5.5)), Ok(vec![]));
    assert_eq!(words(r#"{"enum": [1e2]}"#, json!(100)), Ok(vec![]));
    let refused = |text: &str, message: &str, at: &str| {
        let error = format!(
            "{:?}",
            super::CompileError::Invalid(message.into(), at.into())
        );
        assert_eq!(words(text, json!(1)), Err(error), "{text}");
    };
    refused(
        r#"{"multipleOf": -1e-400}"#,
        "exclusiveMinimum: got 0, want 0",
        "/multipleOf",
    );
    refused(
        r#"{"multipleOf": -1e2}"#,
        "exclusiveMinimum: got -100, want 0",
        "/multipleOf",
    );
    refused(
        r#"{"maxItems": 1e-400}"#,
        "got number, want integer",
        "/maxItems",
    );
    let below = "minimum: got -1.8446744073709552×10¹⁹, want 0";
    refused(
        r#"{"minLength": -18446744073709551616}"#,
        below,
        "/minLength",
    );
}

/// Helm's tree for one instance, as `helm install` prints it (two spaces a level).
fn helm_text(schema: &Value, draft: Draft, instance: &Value) -> String {
    let validator = Validator::new(schema, draft).expect("compiles");
    let mut lines = String::new();
    for error in validator.helm_errors(instance) {
        error.render(0, &mut lines);
    }
    lines
}

#[test]
fn contains_bounds_are_counted_and_worded_as_helm_counts_them() {
    // Each text is Helm v4.2.3's (helm-python-sdk, tests/helm/probes.py group `contains`):
    // santhosh-tekuri/jsonschema v6 counts every item (the indices of all matches, not the first
    // `maxContains` + 1), reports `minContains` with the failing items as causes and
    // `maxContains` without, both when both fail, and reads neither before 2019-09.
    let s2019 = "https://json-schema.org/draft/2019-09/schema";
    let l = |sub: Value| json!({"$schema": s2019, "properties": {"l": sub}});
    let ints = json!({"type": "integer"});
    let cases = [
        (
            l(json!({"contains": ints, "maxContains": 1})),
            json!({"l": [1, 2, "x", 3]}),
            "- at '/l': max 1 items required to match contains schema, but matched 3 items at 0 1 3\n",
        ),
        (
            l(json!({"contains": ints, "minContains": 3, "maxContains": 1})),
            json!({"l": [1, 2, "x"]}),
            "- at '/l': min 3 items required to match contains schema, but matched 2 items at 0 1\n  \
             - at '/l/2': got string, want integer\n\
             - at '/l': max 1 items required to match contains schema, but matched 2 items at 0 1\n",
        ),
        (
            l(json!({"contains": ints, "minContains": 0, "maxContains": 1})),
            json!({"l": ["x", "y"]}),
            "",
        ),
        (
            l(json!({"contains": ints, "maxContains": 1000})),
            json!({"l": (0..1002).collect::<Vec<_>>()}),
            "",
        ),
        (
            l(json!({"oneOf": [{"contains": ints, "maxContains": 1},
                               {"contains": {"type": "string"}, "minContains": 2}]})),
            json!({"l": [1, 2, "x"]}),
            "- at '/l': 'oneOf' failed, none matched\n  \
             - at '/l': max 1 items required to match contains schema, but matched 2 items at 0 1\n  \
             - at '/l': min 2 items required to match contains schema, but matched 1 items at 2\n    \
             - at '/l/0': got number, want string\n    \
             - at '/l/1': got number, want string\n",
        ),
        (
            l(json!({"contains": true, "maxContains": 1})),
            json!({"l": [1, 2]}),
            "- at '/l': max 1 items required to match contains schema, but matched 2 items at 0 1\n",
        ),
    ];
    for (schema, instance, helm) in cases {
        let found = helm_text(&schema, Draft::Draft202012, &instance);
        // The 1,002 matches against a maximum of 1,000: every index, the counts grouped.
        if schema.pointer("/properties/l/maxContains") == Some(&json!(1000)) {
            let all: Vec<String> = (0..1002).map(|i| i.to_string()).collect();
            let expected = format!(
                "- at '/l': max 1,000 items required to match contains schema, but matched \
                 1,002 items at {}\n",
                all.join(" ")
            );
            assert_eq!(found, expected);
            continue;
        }
        assert_eq!(found, helm, "{schema}");
        let validator = Validator::new(&schema, Draft::Draft202012).expect("compiles");
        assert_eq!(validator.is_valid(&instance), helm.is_empty(), "{schema}");
    }
    // Draft-07 knows `contains` only: its bounds are no keywords there.
    let draft7 =
        json!({"properties": {"l": {"contains": ints, "minContains": 3, "maxContains": 0}}});
    assert_eq!(helm_text(&draft7, Draft::Draft7, &json!({"l": [1, 2]})), "");
    assert_eq!(
        helm_text(&draft7, Draft::Draft7, &json!({"l": ["x"]})),
        "- at '/l': no items match contains schema\n  - at '/l/0': got string, want integer\n"
    );
}
