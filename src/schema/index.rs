//! An index of one schema document: its resources (`$id`), anchors, references and patterns,
//! so that every `$ref` can be resolved inside the document and nothing is ever fetched.

use std::collections::HashMap;

use serde_json::Value;

use super::compile::Draft;

use super::validator::{ARRAYS, MAPS, SINGLE, escape, percent_decode, uri};
pub(crate) use super::validator::{DEFAULT_BASE, base_of};

/// One `$ref`-like keyword found in the document.
#[derive(Clone, Debug)]
pub(crate) struct Reference {
    /// The escaped JSON pointer of the keyword itself (`…/$ref`).
    pub(crate) pointer: String,
    /// The reference as written.
    pub(crate) reference: String,
    /// The base URI in force where it is written.
    pub(crate) base: String,
}

/// Where a reference leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    /// Into this document: the escaped JSON pointer of the target and its resource's base URI.
    Internal { pointer: String, base: String },
    /// Into another document, which would have to be fetched.
    Remote { url: String },
    /// Into this document, at a place that does not exist.
    Nowhere { reason: String },
}

/// The resources, anchors, references and `patternProperties` patterns of a document.
#[derive(Debug, Default)]
pub(crate) struct Index {
    resources: HashMap<String, String>,
    anchors: HashMap<String, String>,
    pub(crate) references: Vec<Reference>,
    pub(crate) patterns: Vec<String>,
    /// Every regular expression of the document: the escaped JSON pointer naming it, and its text.
    pub(crate) regexes: Vec<(String, String)>,
}

impl Index {
    /// Indexes `document`, read as `draft`.
    pub(crate) fn build(document: &Value, draft: Draft) -> Index {
        let mut index = Index::default();
        let base = base_of(document, DEFAULT_BASE, draft);
        index
            .resources
            .insert(DEFAULT_BASE.to_string(), String::new());
        index.scan(document, String::new(), base, draft, 0);
        index
    }

    fn scan(&mut self, value: &Value, pointer: String, base: String, draft: Draft, depth: usize) {
        // Deeper than any real schema; a guard against pathological nesting.
        if depth > 256 {
            return;
        }
        let Some(object) = value.as_object() else {
            return;
        };
        self.resources
            .entry(base.clone())
            .or_insert(pointer.clone());
        if let Some(anchor) = plain_anchor(object, draft) {
            self.anchors
                .insert(format!("{base}#{anchor}"), pointer.clone());
        }
        for keyword in ["$anchor", "$dynamicAnchor"] {
            if let Some(Value::String(name)) = object.get(keyword) {
                if draft >= Draft::Draft201909 {
                    self.anchors
                        .insert(format!("{base}#{name}"), pointer.clone());
                }
            }
        }
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

    /// Where `reference`, written under base URI `base`, leads in `document`.
    pub(crate) fn resolve(&self, document: &Value, base: &str, reference: &str) -> Target {
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
        let Some(resource) = self.resources.get(&uri) else {
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

/// A plain-name anchor given as an `$id`/`id` of the form `#name` (drafts 4 to 7).
fn plain_anchor(object: &serde_json::Map<String, Value>, draft: Draft) -> Option<&str> {
    if draft > Draft::Draft7 {
        return None;
    }
    let keyword = if draft == Draft::Draft4 { "id" } else { "$id" };
    match object.get(keyword) {
        Some(Value::String(id)) => id
            .strip_prefix('#')
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
    fn decodes_percent_escapes() {
        assert_eq!(percent_decode("/a%20b/%7E"), "/a b/~");
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
    }
}
