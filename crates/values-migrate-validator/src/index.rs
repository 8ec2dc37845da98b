//! The one index of a schema document: its resources (`$id`), anchors, dynamic anchors,
//! references and regular expressions, so that every `$ref` can be resolved inside the document
//! and nothing is ever fetched. The compiler's `Registry` and the rest of values-migrate read it.

use std::collections::HashMap;

use serde_json::Value;

use super::Draft;
use super::subschemas::{ARRAYS, DEFAULT_BASE, MAPS, SINGLE, base_of, escape, percent_decode};
use super::uri;

/// One `$ref`-like keyword found in the document.
#[derive(Clone, Debug)]
pub struct Reference {
    /// The escaped JSON pointer of the keyword itself (`…/$ref`).
    pub pointer: String,
    /// The reference as written.
    pub reference: String,
    /// The base URI in force where it is written.
    pub base: String,
}

/// Where a reference leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Into this document: the target's JSON pointer and its resource's base URI.
    Internal {
        /// The escaped JSON pointer of the target in the document.
        pointer: String,
        /// The base URI of the target's resource.
        base: String,
    },
    /// Into another document, which would have to be fetched.
    Remote {
        /// The other document's URL (without fragment).
        url: String,
    },
    /// Into this document, at a place that does not exist.
    Nowhere {
        /// Why it leads nowhere.
        reason: String,
    },
}

/// The resources, anchors, references and `patternProperties` patterns of a document.
#[derive(Debug, Default)]
pub struct Index {
    /// Resources in document order: base URI and the JSON pointer of the resource's root.
    pub(crate) resources: Vec<(String, String)>,
    by_uri: HashMap<String, usize>,
    /// `base#name` → the JSON pointer of the anchored schema.
    anchors: HashMap<String, String>,
    /// `$dynamicAnchor`s: (resource index, name) → the JSON pointer of the schema.
    pub(crate) dynamic: Vec<((usize, String), String)>,
    /// Every `$ref`, `$dynamicRef` and `$recursiveRef` the draft knows, in document order.
    pub references: Vec<Reference>,
    /// Every `patternProperties` pattern.
    pub patterns: Vec<String>,
    /// Every regular expression of the document: the escaped JSON pointer naming it, and its text.
    pub regexes: Vec<(String, String)>,
}

impl Index {
    /// Indexes `document`, read as `draft`.
    pub fn build(document: &Value, draft: Draft) -> Index {
        let mut index = Index::default();
        let base = base_of(document, DEFAULT_BASE, draft);
        index.add_resource(DEFAULT_BASE, "");
        index.scan(document, String::new(), base, draft, 0);
        index
    }

    fn add_resource(&mut self, base: &str, pointer: &str) {
        if !self.by_uri.contains_key(base) {
            self.by_uri.insert(base.to_string(), self.resources.len());
            self.resources.push((base.to_string(), pointer.to_string()));
        }
    }

    /// The index of the resource named `base`.
    pub(crate) fn resource_index(&self, base: &str) -> Option<usize> {
        self.by_uri.get(base).copied()
    }

    fn scan(&mut self, value: &Value, pointer: String, base: String, draft: Draft, depth: usize) {
        // Deeper than any real schema; a guard against pathological nesting.
        if depth > 256 {
            return;
        }
        let Some(object) = value.as_object() else {
            return;
        };
        let draft = draft.within(object);
        self.add_resource(&base, &pointer);
        self.scan_anchors(object, &pointer, &base, draft);
        for keyword in ["$ref", "$dynamicRef", "$recursiveRef"] {
            // Each dynamic reference is a keyword of one draft only; elsewhere it means nothing.
            let known = match keyword {
                "$dynamicRef" => draft == Draft::Draft202012,
                "$recursiveRef" => draft == Draft::Draft201909,
                _ => true,
            };
            if let Some(Value::String(reference)) = object.get(keyword).filter(|_| known) {
                self.references.push(Reference {
                    pointer: format!("{pointer}/{}", escape(keyword)),
                    reference: reference.clone(),
                    base: base.clone(),
                });
            }
        }
        if let Some(Value::String(pattern)) = object.get("pattern") {
            self.regexes
                .push((format!("{pointer}/pattern"), pattern.clone()));
        }
        if let Some(Value::Object(patterns)) = object.get("patternProperties") {
            self.patterns.extend(patterns.keys().cloned());
            self.regexes.extend(patterns.keys().map(|key| {
                let at = format!("{pointer}/patternProperties/{}", escape(key));
                (at, key.clone())
            }));
        }
        for (keyword, child) in object {
            let keyword = keyword.as_str();
            let here = format!("{pointer}/{}", escape(keyword));
            if SINGLE.contains(&keyword) || (keyword == "items" && child.is_object()) {
                let child_base = base_of(child, &base, draft);
                self.scan(child, here, child_base, draft, depth + 1);
            } else if ARRAYS.contains(&keyword) || (keyword == "items" && child.is_array()) {
                if let Value::Array(items) = child {
                    for (i, item) in items.iter().enumerate() {
                        let child_base = base_of(item, &base, draft);
                        self.scan(item, format!("{here}/{i}"), child_base, draft, depth + 1);
                    }
                }
            } else if MAPS.contains(&keyword) || keyword == "dependencies" {
                if let Value::Object(members) = child {
                    for (name, member) in members {
                        let child_base = base_of(member, &base, draft);
                        let at = format!("{here}/{}", escape(name));
                        self.scan(member, at, child_base, draft, depth + 1);
                    }
                }
            }
        }
    }

    fn scan_anchors(
        &mut self,
        object: &serde_json::Map<String, Value>,
        pointer: &str,
        base: &str,
        draft: Draft,
    ) {
        if let Some(anchor) = plain_anchor(object, draft) {
            self.anchors
                .insert(format!("{base}#{anchor}"), pointer.to_string());
        }
        if draft < Draft::Draft201909 {
            return;
        }
        for keyword in ["$anchor", "$dynamicAnchor"] {
            if let Some(Value::String(name)) = object.get(keyword) {
                self.anchors
                    .insert(format!("{base}#{name}"), pointer.to_string());
            }
        }
        if let (Some(Value::String(name)), Some(resource)) =
            (object.get("$dynamicAnchor"), self.resource_index(base))
        {
            let key = (resource, name.clone());
            match self.dynamic.iter_mut().find(|(k, _)| *k == key) {
                Some(entry) => entry.1 = pointer.to_string(),
                None => self.dynamic.push((key, pointer.to_string())),
            }
        }
    }

    /// Where `reference`, written under base URI `base`, leads in `document`.
    pub fn resolve(&self, document: &Value, base: &str, reference: &str) -> Target {
        let (uri, fragment) = if let Some(fragment) = reference.strip_prefix('#') {
            // A same-document fragment stays inside the resource it is written in, even under
            // a nested `$id`; no URI parsing is needed for it.
            (strip_fragment(base).to_string(), fragment.to_string())
        } else {
            let absolute = match absolute(base, reference) {
                Some(absolute) => absolute,
                None => {
                    return Target::Remote {
                        url: reference.to_string(),
                    };
                }
            };
            match absolute.split_once('#') {
                Some((uri, fragment)) => (uri.to_string(), fragment.to_string()),
                None => (absolute, String::new()),
            }
        };
        let Some(resource) = self.resource_index(&uri).map(|i| &self.resources[i].1) else {
            return Target::Remote { url: uri };
        };
        let fragment = percent_decode(&fragment);
        let pointer = if fragment.is_empty() {
            resource.clone()
        } else if fragment.starts_with('/') {
            format!("{resource}{fragment}")
        } else {
            match self.anchors.get(&format!("{uri}#{fragment}")) {
                Some(pointer) => pointer.clone(),
                None => {
                    return Target::Nowhere {
                        reason: format!("no anchor '{fragment}' in {uri}"),
                    };
                }
            }
        };
        if document.pointer(&pointer).is_none() {
            return Target::Nowhere {
                reason: format!("'#{fragment}' points at nothing"),
            };
        }
        Target::Internal { pointer, base: uri }
    }
}

/// A plain-name anchor given as the fragment of an `$id`/`id` (drafts 4 to 7), as Helm's
/// validator reads it: `#name` alone or after a URI (`item.json#name`), and none in an object
/// with `$ref`, whose other keywords those drafts ignore.
fn plain_anchor(object: &serde_json::Map<String, Value>, draft: Draft) -> Option<&str> {
    if draft > Draft::Draft7 || object.contains_key("$ref") {
        return None;
    }
    let keyword = if draft == Draft::Draft4 { "id" } else { "$id" };
    match object.get(keyword) {
        Some(Value::String(id)) => id
            .split_once('#')
            .map(|(_, anchor)| anchor)
            .filter(|a| !a.is_empty() && !a.starts_with('/')),
        _ => None,
    }
}

/// `reference` resolved against `base`, or `None` when either is not a URI (reference).
fn absolute(base: &str, reference: &str) -> Option<String> {
    uri::resolve(base, reference)
}

fn strip_fragment(uri: &str) -> &str {
    uri::strip_fragment(uri)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn resolves_fragments_inside_nested_resources() {
        let document = json!({
            "$id": "https://example.com/root.json",
            "$defs": {
                "a": {"type": "string"},
                "inner": {
                    "$id": "inner.json",
                    "$defs": {"b": {"type": "integer"}},
                    "properties": {"x": {"$ref": "#/$defs/b"}}
                }
            },
            "properties": {
                "y": {"$ref": "inner.json#/$defs/b"},
                "z": {"$ref": "#/$defs/a%20"},
                "w": {"$ref": "https://elsewhere.example/s.json"}
            }
        });
        let index = Index::build(&document, Draft::Draft202012);
        let targets: Vec<Target> = index
            .references
            .iter()
            .map(|r| index.resolve(&document, &r.base, &r.reference))
            .collect();
        assert_eq!(
            targets[0],
            Target::Internal {
                pointer: "/$defs/inner/$defs/b".into(),
                base: "https://example.com/inner.json".into()
            }
        );
        assert_eq!(
            targets[1],
            Target::Internal {
                pointer: "/$defs/inner/$defs/b".into(),
                base: "https://example.com/inner.json".into()
            }
        );
        assert!(matches!(targets[2], Target::Nowhere { .. }));
        assert_eq!(
            targets[3],
            Target::Remote {
                url: "https://elsewhere.example/s.json".into()
            }
        );
    }

    #[test]
    fn resolves_anchors() {
        let document = json!({
            "definitions": {"a": {"$id": "#thing", "type": "string"}},
            "properties": {"p": {"$ref": "#thing"}}
        });
        let index = Index::build(&document, Draft::Draft7);
        let r = &index.references[0];
        assert_eq!(
            index.resolve(&document, &r.base, &r.reference),
            Target::Internal {
                pointer: "/definitions/a".into(),
                base: DEFAULT_BASE.into()
            }
        );
    }

    #[test]
    fn an_anchor_is_the_fragment_of_any_id_and_none_beside_ref_as_helm_reads_it() {
        // Helm (probes id-uri-fragment-anchor-07, id-anchor-beside-ref-07): `item.json#thing`
        // names the anchor `thing` in item.json; an `$id` beside `$ref` is ignored in draft-07.
        let document = json!({
            "$id": "https://example.com/root.json",
            "definitions": {
                "x": {"$id": "item.json#thing", "type": "integer"},
                "y": {"$id": "#other", "$ref": "#/definitions/x"}
            },
            "properties": {"a": {"$ref": "item.json#thing"}, "b": {"$ref": "#other"}}
        });
        let index = Index::build(&document, Draft::Draft7);
        let targets: Vec<Target> = (index.references.iter())
            .filter(|r| r.pointer.starts_with("/properties"))
            .map(|r| index.resolve(&document, &r.base, &r.reference))
            .collect();
        assert_eq!(
            targets[0],
            Target::Internal {
                pointer: "/definitions/x".into(),
                base: "https://example.com/item.json".into()
            }
        );
        assert!(
            matches!(targets[1], Target::Nowhere { .. }),
            "{:?}",
            targets[1]
        );
    }

    #[test]
    fn decodes_percent_escapes() {
        assert_eq!(percent_decode("/a%20b/%7E"), "/a b/~");
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
    }
}
