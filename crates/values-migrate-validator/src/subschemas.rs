//! Where a schema's subschemas sit (the keywords of one, of an array, of a map), the base URI in
//! force inside a schema, and JSON pointer tokens: what the index and the references both read.

use serde_json::Value;

use super::Draft;
use super::uri::{resolve, strip_fragment};

/// The base URI of a document with no `$id` (the one jsonschema used too).
pub const DEFAULT_BASE: &str = "json-schema:///";

/// Keywords whose value is one subschema.
pub const SINGLE: &[&str] = &[
    "additionalItems",
    "additionalProperties",
    "contains",
    "contentSchema",
    "else",
    "if",
    "not",
    "propertyNames",
    "then",
    "unevaluatedItems",
    "unevaluatedProperties",
];
/// Keywords whose value is an array of subschemas.
pub const ARRAYS: &[&str] = &["allOf", "anyOf", "oneOf", "prefixItems"];
/// Keywords whose value is an object of subschemas (`dependencies` may hold some too).
pub const MAPS: &[&str] = &[
    "$defs",
    "definitions",
    "dependentSchemas",
    "patternProperties",
    "properties",
];

/// The base URI in force inside `value` (read with its own draft), given the base of its parent.
pub fn base_of(value: &Value, parent: &str, draft: Draft) -> String {
    let Some(object) = value.as_object() else {
        return parent.to_string();
    };
    let draft = draft.within(object);
    // Before 2019-09, every keyword beside `$ref` is ignored, `$id` included.
    if draft <= Draft::Draft7 && object.contains_key("$ref") {
        return parent.to_string();
    }
    let keyword = if draft == Draft::Draft4 { "id" } else { "$id" };
    match object.get(keyword) {
        Some(Value::String(id)) if !id.starts_with('#') => resolve(parent, id).map_or_else(
            || parent.to_string(),
            |uri| strip_fragment(&uri).to_string(),
        ),
        _ => parent.to_string(),
    }
}

/// Escapes one JSON pointer token.
pub fn escape(token: &str) -> String {
    if token.contains(['~', '/']) {
        token.replace('~', "~0").replace('/', "~1")
    } else {
        token.to_string()
    }
}

/// Decodes `%XX` escapes (a fragment is percent-encoded in a URI); malformed escapes stay.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok());
            if let Some(byte) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                out.push(byte);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_string())
}
