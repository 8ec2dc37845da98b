//! Compiling schemas: draft selection, internal references, and every way a schema is refused.

use serde_json::json;
use values_migrate::schema::{Draft, Schema, SchemaErrorKind};

fn compile(text: &str) -> Schema {
    Schema::compile(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

#[test]
fn the_draft_is_the_one_schema_names_and_2020_12_otherwise() {
    let cases = [
        (
            r#"{"$schema": "http://json-schema.org/draft-04/schema#"}"#,
            Draft::Draft4,
        ),
        (
            r#"{"$schema": "http://json-schema.org/draft-06/schema#"}"#,
            Draft::Draft6,
        ),
        (
            r#"{"$schema": "http://json-schema.org/draft-07/schema#"}"#,
            Draft::Draft7,
        ),
        (
            r#"{"$schema": "https://json-schema.org/draft/2019-09/schema"}"#,
            Draft::Draft201909,
        ),
        (
            r#"{"$schema": "https://json-schema.org/draft/2020-12/schema"}"#,
            Draft::Draft202012,
        ),
        // Helm 3.18.5+ and 4 (santhosh-tekuri/jsonschema v6) read both as the latest draft.
        (
            r#"{"$schema": "http://json-schema.org/schema#"}"#,
            Draft::Draft202012,
        ),
        (r#"{}"#, Draft::Draft202012),
    ];
    for (text, draft) in cases {
        assert_eq!(compile(text).draft(), draft, "{text}");
    }
}

#[test]
fn the_version_less_schema_uri_behaves_as_2020_12() {
    // Helm 4 refuses [1] here (prefixItems is a 2020-12 keyword, and the version-less URI is 2020-12).
    let versionless = compile(
        r#"{"$schema": "http://json-schema.org/schema#", "prefixItems": [{"type": "string"}]}"#,
    );
    assert!(!versionless.is_valid(&json!([1])));
    let draft7 = compile(
        r#"{"$schema": "http://json-schema.org/draft-07/schema#", "prefixItems": [{"type": "string"}]}"#,
    );
    assert!(draft7.is_valid(&json!([1])));
    let modern = compile(
        r#"{"$schema": "https://json-schema.org/draft/2020-12/schema", "prefixItems": [{"type": "string"}]}"#,
    );
    assert!(!modern.is_valid(&json!([1])));
    // Draft-04's boolean exclusiveMaximum.
    let old = compile(
        r#"{"$schema": "http://json-schema.org/draft-04/schema#", "maximum": 5, "exclusiveMaximum": true}"#,
    );
    assert!(!old.is_valid(&json!(5)) && old.is_valid(&json!(4)));
}

#[test]
fn internal_references_resolve() {
    let schema = compile(
        r##"{
          "$schema": "http://json-schema.org/draft-07/schema#",
          "$ref": "#/$defs/root",
          "$defs": {"root": {"type": "object", "properties": {"a": {"$ref": "#/definitions/a"}, "b": {"$ref": "#named"}}}},
          "definitions": {"a": {"type": "integer"}, "n": {"$id": "#named", "type": "string"}}
        }"##,
    );
    assert!(schema.is_valid(&json!({"a": 1, "b": "x"})));
    assert!(!schema.is_valid(&json!({"a": "1"})));
    assert!(!schema.is_valid(&json!({"b": 2})));
}

#[test]
fn a_fragment_under_a_nested_id_stays_in_that_resource() {
    let schema = compile(
        r##"{
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://example.com/root.json",
          "$defs": {"v": {"type": "string"}},
          "properties": {
            "inner": {"$id": "inner/schema.json", "$defs": {"v": {"type": "integer"}}, "properties": {"x": {"$ref": "#/$defs/v"}}},
            "outer": {"$ref": "#/$defs/v"},
            "byId": {"$ref": "https://example.com/inner/schema.json#/$defs/v"}
          }
        }"##,
    );
    assert!(schema.is_valid(&json!({"inner": {"x": 1}, "outer": "s", "byId": 2})));
    assert!(!schema.is_valid(&json!({"inner": {"x": "s"}})));
    assert!(!schema.is_valid(&json!({"byId": "s"})));
}

#[test]
fn a_remote_reference_is_refused_with_its_url() {
    let cases = [
        (
            r#"{"$ref": "https://schemas.example.com/values.json"}"#,
            "https://schemas.example.com/values.json",
        ),
        (
            r#"{"properties": {"a": {"$ref": "http://example.com/a.json#/defs/x"}}}"#,
            "http://example.com/a.json",
        ),
        (
            r#"{"properties": {"a": {"$ref": "file:///etc/schema.json"}}}"#,
            "file:///etc/schema.json",
        ),
        (
            r#"{"properties": {"a": {"$ref": "common.schema.json#/x"}}}"#,
            "common.schema.json#/x",
        ),
        (
            r#"{"$id": "https://example.com/charts/values.json", "items": {"$ref": "../common.json"}}"#,
            "https://example.com/common.json",
        ),
    ];
    for (text, url) in cases {
        let error = Schema::compile(text).expect_err(text);
        assert_eq!(
            error.kind(),
            SchemaErrorKind::RemoteReference,
            "{text}: {error}"
        );
        assert_eq!(error.urls(), [url], "{text}");
        assert!(error.to_string().contains(url), "{error}");
        assert!(error.line().is_some(), "{text}: the $ref is located");
    }
    let both = Schema::compile(r#"{"properties": {"a": {"$ref": "https://a.example/x.json"}, "b": {"$ref": "https://b.example/y.json"}}}"#)
        .expect_err("two remote refs");
    assert_eq!(
        both.urls(),
        ["https://a.example/x.json", "https://b.example/y.json"]
    );
}

#[test]
fn an_unknown_meta_schema_is_refused_with_its_url() {
    let error =
        Schema::compile(r#"{"$schema": "https://example.com/my-dialect", "type": "object"}"#)
            .expect_err("custom $schema");
    assert_eq!(error.kind(), SchemaErrorKind::UnknownDraft);
    assert_eq!(error.urls(), ["https://example.com/my-dialect"]);
    assert_eq!((error.line(), error.column()), (Some(1), Some(2)));
}

#[test]
fn text_that_is_not_json_is_refused_with_line_and_column() {
    let error = Schema::compile("{\n  \"type\": \"object\",\n  \"properties\": {\"a\": }\n}")
        .expect_err("not JSON");
    assert_eq!(error.kind(), SchemaErrorKind::NotJson);
    assert_eq!((error.line(), error.column()), (Some(3), Some(23)));
    assert!(
        error
            .to_string()
            .starts_with("3:23: the schema is not JSON"),
        "{error}"
    );
    // Columns count characters, not bytes.
    let error = Schema::compile("{\"é\": [1,, 2]}").expect_err("not JSON");
    assert_eq!((error.line(), error.column()), (Some(1), Some(10)));
}

#[test]
fn a_schema_that_fails_its_meta_schema_is_located() {
    let text = "{\n  \"type\": \"object\",\n  \"properties\": {\n    \"replicas\": {\"minimum\": \"one\"}\n  }\n}";
    let error = Schema::compile(text).expect_err("minimum must be a number");
    assert_eq!(error.kind(), SchemaErrorKind::InvalidSchema);
    assert_eq!(error.schema_path(), Some("/properties/replicas/minimum"));
    assert_eq!((error.line(), error.column()), (Some(4), Some(18)));
    assert!(error.message().contains("2020-12"), "{error}");
    let error = Schema::compile(r#"{"type": "objekt"}"#).expect_err("no such type");
    assert_eq!(error.schema_path(), Some("/type"));
}

#[test]
fn an_internal_reference_to_nothing_is_located() {
    let text = "{\n  \"properties\": {\n    \"a\": {\"$ref\": \"#/$defs/missing\"}\n  }\n}";
    let error = Schema::compile(text).expect_err("dangling $ref");
    assert_eq!(error.kind(), SchemaErrorKind::UnresolvableReference);
    assert_eq!(error.schema_path(), Some("/properties/a/$ref"));
    assert_eq!((error.line(), error.column()), (Some(3), Some(11)));
}

#[test]
fn no_input_panics() {
    let inputs = [
        "",
        "null",
        "123",
        "\"s\"",
        "[]",
        "true",
        "false",
        "{",
        "{\"$ref\": 5}",
        "{\"$ref\": \"#/\"}",
        "{\"$ref\": \"%%%\"}",
        "{\"$ref\": \"http://[::1\"}",
        "{\"$id\": \"::::\", \"$ref\": \"#\"}",
        "{\"patternProperties\": {\"(\": {}}}",
        "{\"pattern\": \"[\"}",
        "{\"$schema\": 7}",
        "{\"required\": \"a\"}",
        "{\"$ref\": \"#/definitions/a~2b\"}",
        "{\"$defs\": {\"a\": {\"$ref\": \"#/$defs/a\"}}, \"$ref\": \"#/$defs/a\"}",
        "{\"enum\": []}",
        "{\"type\": []}",
        "{\"items\": [true, false]}",
        "{\"$id\": \"#frag\"}",
        "{\"properties\": {\"a\": {\"$dynamicRef\": \"#meta\"}}}",
    ];
    let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    for input in inputs.iter().copied().chain([deep.as_str()]) {
        if let Ok(schema) = Schema::compile(input) {
            for values in [
                json!(null),
                json!({}),
                json!({"a": [1, {"b": null}]}),
                json!([1]),
            ] {
                let _ = schema.validate(&values);
                let _ = schema.required(&values);
                let _ = schema.derived_values(
                    &values_migrate::ValuePath::parse("a[0].b").unwrap_or_default(),
                );
                let _ = schema.properties_at(&values_migrate::ValuePath::root());
                let _ = Schema::displaced(&schema, &schema, &values, Some(&values));
            }
            let _ = values_migrate::schema::changelog(&schema, &schema);
        }
    }
}

#[test]
fn a_schema_its_draft_does_not_allow_is_refused_where_it_goes_wrong() {
    // (schema text, JSON pointer of the offending value, line and column of its key)
    let cases = [
        ("{\n  \"type\": 42\n}", "/type", 2, 3),
        (
            "{\"properties\": {\"a\": {\"pattern\": 5}}}",
            "/properties/a/pattern",
            1,
            23,
        ),
        (
            "{\"properties\": {\"a\": {\"pattern\": \"(\"}}}",
            "/properties/a/pattern",
            1,
            23,
        ),
        (
            "{\"patternProperties\": {\"[\": {}}}",
            "/patternProperties/[",
            1,
            24,
        ),
        ("{\"minLength\": -1}", "/minLength", 1, 2),
        ("{\"allOf\": []}", "/allOf", 1, 2),
        (
            "{\"$defs\": {\"a\": {\"$id\": \"a.json\", \"pattern\": \"(\"}}, \"$ref\": \"a.json\"}",
            "/$defs/a/pattern",
            1,
            35,
        ),
    ];
    for (text, pointer, line, column) in cases {
        let error = Schema::compile(text).expect_err(text);
        assert_eq!(error.kind(), SchemaErrorKind::InvalidSchema, "{text}");
        assert_eq!(error.schema_path(), Some(pointer), "{text}");
        assert_eq!(
            (error.line(), error.column()),
            (Some(line), Some(column)),
            "{text}"
        );
        assert!(
            error.message().starts_with("not a valid 2020-12 schema: "),
            "{error}"
        );
    }
}
