//! The drafts' meta-schemas, built in as Helm's validator has them: a `$ref` to one resolves to
//! it, read with its own draft, instead of being refused as a remote reference.
//!
//! The texts are santhosh-tekuri/jsonschema's `metaschemas/` (v6, Apache-2.0: Helm 4's
//! validator embeds them), minified; its loader serves `http://` and `https://json-schema.org/`
//! alike (`loader.go`, `openMeta`).

use serde_json::Value;

use super::{DRAFT_KEYWORD, Draft};

/// Each draft's meta-schema documents: (path under `json-schema.org/`, text).
const DOCUMENTS: &[(Draft, &str, &str)] = &[
    (
        Draft::Draft4,
        "draft-04/schema",
        include_str!("metaschemas/draft-04_schema.json"),
    ),
    (
        Draft::Draft6,
        "draft-06/schema",
        include_str!("metaschemas/draft-06_schema.json"),
    ),
    (
        Draft::Draft7,
        "draft-07/schema",
        include_str!("metaschemas/draft-07_schema.json"),
    ),
    (
        Draft::Draft201909,
        "draft/2019-09/schema",
        include_str!("metaschemas/2019-09_schema.json"),
    ),
    (
        Draft::Draft201909,
        "draft/2019-09/meta/applicator",
        include_str!("metaschemas/2019-09_meta_applicator.json"),
    ),
    (
        Draft::Draft201909,
        "draft/2019-09/meta/content",
        include_str!("metaschemas/2019-09_meta_content.json"),
    ),
    (
        Draft::Draft201909,
        "draft/2019-09/meta/core",
        include_str!("metaschemas/2019-09_meta_core.json"),
    ),
    (
        Draft::Draft201909,
        "draft/2019-09/meta/format",
        include_str!("metaschemas/2019-09_meta_format.json"),
    ),
    (
        Draft::Draft201909,
        "draft/2019-09/meta/meta-data",
        include_str!("metaschemas/2019-09_meta_meta-data.json"),
    ),
    (
        Draft::Draft201909,
        "draft/2019-09/meta/validation",
        include_str!("metaschemas/2019-09_meta_validation.json"),
    ),
    (
        Draft::Draft202012,
        "draft/2020-12/schema",
        include_str!("metaschemas/2020-12_schema.json"),
    ),
    (
        Draft::Draft202012,
        "draft/2020-12/meta/applicator",
        include_str!("metaschemas/2020-12_meta_applicator.json"),
    ),
    (
        Draft::Draft202012,
        "draft/2020-12/meta/content",
        include_str!("metaschemas/2020-12_meta_content.json"),
    ),
    (
        Draft::Draft202012,
        "draft/2020-12/meta/core",
        include_str!("metaschemas/2020-12_meta_core.json"),
    ),
    (
        Draft::Draft202012,
        "draft/2020-12/meta/format-annotation",
        include_str!("metaschemas/2020-12_meta_format-annotation.json"),
    ),
    (
        Draft::Draft202012,
        "draft/2020-12/meta/format-assertion",
        include_str!("metaschemas/2020-12_meta_format-assertion.json"),
    ),
    (
        Draft::Draft202012,
        "draft/2020-12/meta/meta-data",
        include_str!("metaschemas/2020-12_meta_meta-data.json"),
    ),
    (
        Draft::Draft202012,
        "draft/2020-12/meta/unevaluated",
        include_str!("metaschemas/2020-12_meta_unevaluated.json"),
    ),
    (
        Draft::Draft202012,
        "draft/2020-12/meta/validation",
        include_str!("metaschemas/2020-12_meta_validation.json"),
    ),
];

/// The documents to supply for a reference to `url` (a document URL, fragment or not), when it
/// names a meta-schema: every document of that draft's meta-schema, each at its URL under the
/// scheme `url` is written with, as Helm's loader serves them, each marked with its own draft
/// ([`DRAFT_KEYWORD`]): it is read as Helm reads it, with the draft its `$schema` names, whatever
/// the draft of the schema that refers to it.
pub(crate) fn for_url(url: &str) -> Option<Vec<(String, Value)>> {
    let url = url.split('#').next().unwrap_or(url);
    let (scheme, path) = ["http://json-schema.org/", "https://json-schema.org/"]
        .into_iter()
        .find_map(|prefix| Some((prefix, url.strip_prefix(prefix)?)))?;
    let named = DOCUMENTS.iter().find(|(_, p, _)| *p == path)?.0;
    let documents = DOCUMENTS.iter().filter(|(d, _, _)| *d == named);
    documents
        .map(|(_, path, text)| {
            let mut document: Value = serde_json::from_str(text).ok()?;
            if let Some(object) = document.as_object_mut() {
                let uri = Value::String(named.uri().to_string());
                object.insert(DRAFT_KEYWORD.to_string(), uri);
            }
            Some((format!("{scheme}{path}"), document))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Validator;
    use serde_json::json;

    #[test]
    fn a_reference_to_the_drafts_meta_schema_validates_against_it() {
        let schema = json!({"$schema": "http://json-schema.org/draft-07/schema#",
                            "properties": {"s": {"$ref": "http://json-schema.org/draft-07/schema#"}}});
        let validator = Validator::new(&schema, Draft::Draft7).unwrap();
        assert!(validator.is_valid(&json!({"s": {"type": "string"}})));
        assert!(!validator.is_valid(&json!({"s": {"type": 5}})));
        let schema = json!({"$ref": "https://json-schema.org/draft/2020-12/schema"});
        let validator = Validator::new(&schema, Draft::Draft202012).unwrap();
        assert!(validator.is_valid(&json!({"minLength": 1})));
        assert!(!validator.is_valid(&json!({"minLength": -1})));
    }

    #[test]
    fn another_drafts_meta_schema_is_read_with_its_own_draft() {
        // Helm 4.2.3: a 2020-12 schema's `$ref` to draft-07's meta-schema takes `items: [..]`
        // (a draft-07 tuple) and ignores `prefixItems`; one to 2020-12's refuses both.
        let d7 = "http://json-schema.org/draft-07/schema#";
        let d2020 = "https://json-schema.org/draft/2020-12/schema";
        let schema = json!({"properties": {"s": {"$ref": d7}, "t": {"$ref": d2020}}});
        let validator = Validator::new(&schema, Draft::Draft202012).unwrap();
        assert!(validator.is_valid(&json!({"s": {"items": [{}], "prefixItems": 5}})));
        assert!(!validator.is_valid(&json!({"t": {"items": [{}]}})));
        assert!(!validator.is_valid(&json!({"t": {"prefixItems": 5}})));
        assert!(!validator.is_valid(&json!({"s": {"type": 5}})));
        let schema = json!({"$schema": "http://json-schema.org/draft-04/schema#",
                            "properties": {"t": {"$ref": d2020}}});
        let validator = Validator::new(&schema, Draft::Draft4).unwrap();
        assert!(!validator.is_valid(&json!({"t": {"$defs": 3}})));
        assert!(validator.is_valid(&json!({"t": {"$defs": {}}})));
        // Referred to from a draft-07 subschema of a 2020-12 document, still read as 2020-12.
        let schema = json!({"properties": {"old": {DRAFT_KEYWORD: d7, "properties": {
            "t": {"$ref": d2020}}}}});
        let validator = Validator::new(&schema, Draft::Draft202012).unwrap();
        assert!(!validator.is_valid(&json!({"old": {"t": {"items": [{}]}}})));
        assert_eq!(for_url(d7).unwrap()[0].1[DRAFT_KEYWORD], json!(d7));
        assert!(for_url("https://example.com/draft-07/schema").is_none());
        let documents = for_url("http://json-schema.org/draft/2020-12/meta/core");
        assert_eq!(documents.map(|d| d.len()), Some(9));
    }
}
