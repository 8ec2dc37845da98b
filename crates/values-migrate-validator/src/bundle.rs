//! Documents a schema refers to, supplied by the caller (nothing is fetched), embedded into it
//! as resources named by their URLs: what Helm would load from those URLs, then resolve in.

use serde_json::{Map, Value};

use super::{DRAFT_KEYWORD, Draft};

/// The key prefix under which a supplied document is embedded (`$defs`/`definitions`).
pub const SUPPLIED: &str = "supplied:";

/// `document` with each of `documents` (URL, schema) embedded as a resource whose `$id` is its
/// URL, under `$defs` (2019-09, 2020-12) or `definitions` (earlier drafts); each read with its
/// own draft, as Helm reads a document it loads (its `$schema`'s, else 2020-12). A document that is not an object is returned as it is.
pub fn bundle(document: &Value, draft: Draft, documents: &[(String, Value)]) -> Value {
    let Some(root) = document.as_object().filter(|_| !documents.is_empty()) else {
        return document.clone();
    };
    let keyword = defs_keyword(draft);
    let mut root = root.clone();
    let defs = root
        .entry(keyword)
        .or_insert_with(|| Value::Object(Map::new()));
    let Some(defs) = defs.as_object_mut() else {
        return document.clone();
    };
    for (url, supplied) in documents {
        let mut resource = match supplied {
            Value::Object(object) => object.clone(),
            // A boolean schema as a resource: the same verdicts under an `$id`.
            other => Map::from_iter([("allOf".to_string(), Value::Array(vec![other.clone()]))]),
        };
        // Read with its own draft, as Helm's loader compiles it: the one its `$schema` names,
        // 2020-12 when it names none (one naming no known draft stays the root's).
        let own = match resource.remove("$schema") {
            Some(Value::String(uri)) => Draft::from_uri(&uri),
            None => Some(Draft::Draft202012),
            Some(_) => None,
        };
        if let (Some(own), false) = (own, resource.contains_key(DRAFT_KEYWORD)) {
            let uri = Value::String(own.uri().to_string());
            resource.insert(DRAFT_KEYWORD.to_string(), uri);
        }
        let id = match draft.within(&resource) {
            Draft::Draft4 => "id",
            _ => "$id",
        };
        resource.insert(id.to_string(), Value::String(url.clone()));
        defs.insert(format!("{SUPPLIED}{url}"), Value::Object(resource));
    }
    Value::Object(root)
}

/// Where [`bundle`] embeds the document supplied for `url`: its JSON pointer in the result.
pub fn supplied_pointer(draft: Draft, url: &str) -> String {
    let key = super::refs::escape(&format!("{SUPPLIED}{url}"));
    format!("/{}/{key}", defs_keyword(draft))
}

/// The keyword that holds definitions under `draft`.
fn defs_keyword(draft: Draft) -> &'static str {
    match draft >= Draft::Draft201909 {
        true => "$defs",
        false => "definitions",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Validator;
    use serde_json::json;

    #[test]
    fn a_supplied_document_is_what_its_url_resolves_to() {
        let document =
            json!({"properties": {"a": {"$ref": "https://schemas.example/a.json#/$defs/n"}}});
        let supplied = json!({"$schema": "https://json-schema.org/draft/2020-12/schema",
                              "$defs": {"n": {"type": "integer"}}});
        let alone = Validator::new(&document, Draft::Draft202012);
        assert!(matches!(alone, Err(crate::CompileError::Remote(_))));
        let url = "https://schemas.example/a.json".to_string();
        let bundled = bundle(&document, Draft::Draft202012, &[(url, supplied)]);
        let at = supplied_pointer(Draft::Draft202012, "https://schemas.example/a.json");
        assert_eq!(
            bundled.pointer(&at).unwrap()["$id"],
            "https://schemas.example/a.json"
        );
        let validator = Validator::new(&bundled, Draft::Draft202012).unwrap();
        assert!(validator.is_valid(&json!({"a": 1})));
        assert!(!validator.is_valid(&json!({"a": "x"})));
    }

    #[test]
    fn a_supplied_document_is_read_with_its_own_draft_as_helm_reads_it() {
        // Helm 4.2.3: a draft-07 schema's `$ref` to a document naming no draft reads it as
        // 2020-12 (`items: [..]` refused by its meta-schema); one naming draft-07 as a tuple.
        let d7 = "http://json-schema.org/draft-07/schema#";
        let document = json!({"$schema": d7, "properties": {
            "p": {"$ref": "https://s.example/plain.json"}, "s": {"$ref": "https://s.example/seven.json"}}});
        let seven = json!({"$schema": d7, "items": [{"type": "integer"}]});
        let plain = json!({"prefixItems": [{"type": "integer"}]});
        let both = [
            ("https://s.example/seven.json".to_string(), seven),
            ("https://s.example/plain.json".to_string(), plain),
        ];
        let validator =
            Validator::new(&bundle(&document, Draft::Draft7, &both), Draft::Draft7).unwrap();
        assert!(!validator.is_valid(&json!({"s": ["a"]})));
        assert!(!validator.is_valid(&json!({"p": ["a"]})));
        assert!(validator.is_valid(&json!({"p": [1], "s": [1]})));
        let bad = [(
            "https://s.example/plain.json".to_string(),
            json!({"items": [{}]}),
        )];
        let document =
            json!({"$schema": d7, "properties": {"p": {"$ref": "https://s.example/plain.json"}}});
        assert!(Validator::new(&bundle(&document, Draft::Draft7, &bad), Draft::Draft7).is_err());
    }

    #[test]
    fn a_draft_07_document_goes_under_definitions_and_a_boolean_one_is_wrapped() {
        let document = json!({"$schema": "http://json-schema.org/draft-07/schema#",
                              "properties": {"a": {"$ref": "https://schemas.example/no.json"}}});
        let url = "https://schemas.example/no.json".to_string();
        let bundled = bundle(&document, Draft::Draft7, &[(url, json!(false))]);
        assert!(bundled["definitions"]["supplied:https://schemas.example/no.json"].is_object());
        let validator = Validator::new(&bundled, Draft::Draft7).unwrap();
        assert!(!validator.is_valid(&json!({"a": 1})));
        assert!(validator.is_valid(&json!({"b": 1})));
    }
}
