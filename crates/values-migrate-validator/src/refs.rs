//! The resources (`$id`), anchors and dynamic anchors of one document, and where a `$ref`
//! written under some base URI leads inside it. Nothing is fetched: a reference that leaves
//! the document resolves to nothing.

use std::collections::HashMap;

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

/// A place in the document: the schema there and its pointer inside its resource.
#[derive(Clone, Debug)]
pub(crate) struct Place<'d> {
    /// The schema.
    pub(crate) schema: &'d Value,
    /// The base URI of its resource.
    pub(crate) base: String,
    /// Its JSON pointer inside its resource (what jsonschema reports as its location).
    pub(crate) location: String,
}

/// One schema resource: its root and whether that root is a `$recursiveAnchor`.
#[derive(Clone, Debug)]
pub(crate) struct Resource<'d> {
    /// The resource's root schema.
    pub(crate) root: &'d Value,
    /// `$recursiveAnchor: true` at its root (2019-09).
    pub(crate) recursive_anchor: bool,
}

/// Where references can lead in one document.
#[derive(Debug, Default)]
pub(crate) struct Registry<'d> {
    /// Resources by base URI, in document order.
    pub(crate) resources: Vec<(String, Resource<'d>)>,
    by_uri: HashMap<String, usize>,
    anchors: HashMap<(String, String), (&'d Value, String)>,
    /// `$dynamicAnchor`s: (resource index, name) → the schema and its pointer in the resource.
    pub(crate) dynamic: HashMap<(usize, String), (&'d Value, String)>,
}

/// Why a reference leads nowhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unresolved {
    /// It names another document (the URL, without fragment).
    Remote(String),
    /// It names a place this document does not have.
    Nowhere(String),
}

impl<'d> Registry<'d> {
    /// Indexes `document`, read as `draft`.
    pub(crate) fn build(document: &'d Value, draft: Draft) -> Registry<'d> {
        let mut registry = Registry::default();
        let base = base_of(document, DEFAULT_BASE, draft);
        if base != DEFAULT_BASE {
            registry.add_resource(DEFAULT_BASE.to_string(), document);
        }
        registry.scan(document, String::new(), &base, None, draft, 0);
        registry
    }

    fn add_resource(&mut self, base: String, root: &'d Value) {
        if self.by_uri.contains_key(&base) {
            return;
        }
        let recursive_anchor = root.get("$recursiveAnchor") == Some(&Value::Bool(true));
        self.by_uri.insert(base.clone(), self.resources.len());
        self.resources.push((
            base,
            Resource {
                root,
                recursive_anchor,
            },
        ));
    }

    /// The index of the resource named `base`.
    pub(crate) fn resource_index(&self, base: &str) -> Option<usize> {
        self.by_uri.get(base).copied()
    }

    fn scan(
        &mut self,
        value: &'d Value,
        location: String,
        base: &str,
        parent: Option<&str>,
        draft: Draft,
        depth: usize,
    ) {
        // Deeper than any real schema; a guard against pathological nesting.
        if depth > 256 {
            return;
        }
        let Some(object) = value.as_object() else {
            return;
        };
        let location = if parent != Some(base) {
            self.add_resource(base.to_string(), value);
            String::new()
        } else {
            location
        };
        self.scan_anchors(object, value, &location, base, draft);
        for (keyword, child) in object {
            let keyword = keyword.as_str();
            let here = format!("{location}/{}", escape(keyword));
            let visit = |registry: &mut Self, child: &'d Value, at: String| {
                let child_base = base_of(child, base, draft);
                registry.scan(child, at, &child_base, Some(base), draft, depth + 1);
            };
            if SINGLE.contains(&keyword) || (keyword == "items" && child.is_object()) {
                visit(self, child, here);
            } else if ARRAYS.contains(&keyword) || (keyword == "items" && child.is_array()) {
                for (i, item) in child.as_array().into_iter().flatten().enumerate() {
                    visit(self, item, format!("{here}/{i}"));
                }
            } else if MAPS.contains(&keyword) || keyword == "dependencies" {
                for (name, member) in child.as_object().into_iter().flatten() {
                    visit(self, member, format!("{here}/{}", escape(name)));
                }
            }
        }
    }

    fn scan_anchors(
        &mut self,
        object: &'d serde_json::Map<String, Value>,
        value: &'d Value,
        location: &str,
        base: &str,
        draft: Draft,
    ) {
        if let Some(anchor) = plain_anchor(object, draft) {
            self.anchors.insert(
                (base.to_string(), anchor.to_string()),
                (value, location.to_string()),
            );
        }
        if draft < Draft::Draft201909 {
            return;
        }
        for keyword in ["$anchor", "$dynamicAnchor"] {
            if let Some(Value::String(name)) = object.get(keyword) {
                self.anchors.insert(
                    (base.to_string(), name.clone()),
                    (value, location.to_string()),
                );
            }
        }
        if let (Some(Value::String(name)), Some(resource)) =
            (object.get("$dynamicAnchor"), self.resource_index(base))
        {
            self.dynamic
                .insert((resource, name.clone()), (value, location.to_string()));
        }
    }

    /// Where `reference`, written in the resource `base`, leads.
    pub(crate) fn resolve(&self, base: &str, reference: &str) -> Result<Place<'d>, Unresolved> {
        let (uri, fragment) = if let Some(fragment) = reference.strip_prefix('#') {
            (strip_fragment(base).to_string(), fragment.to_string())
        } else {
            let absolute = resolve(base, reference)
                .ok_or_else(|| Unresolved::Remote(reference.to_string()))?;
            match absolute.split_once('#') {
                Some((uri, fragment)) => (uri.to_string(), fragment.to_string()),
                None => (absolute, String::new()),
            }
        };
        let Some(&index) = self.by_uri.get(&uri) else {
            return Err(Unresolved::Remote(uri));
        };
        let root = self.resources[index].1.root;
        let fragment = percent_decode(&fragment);
        if fragment.is_empty() || fragment.starts_with('/') {
            return match root.pointer(&fragment) {
                Some(schema) => Ok(Place {
                    schema,
                    base: uri,
                    location: fragment,
                }),
                None => Err(Unresolved::Nowhere(format!(
                    "'#{fragment}' points at nothing"
                ))),
            };
        }
        match self.anchors.get(&(uri.clone(), fragment.clone())) {
            Some((schema, location)) => Ok(Place {
                schema,
                base: uri,
                location: location.clone(),
            }),
            None => Err(Unresolved::Nowhere(format!(
                "no anchor '{fragment}' in {uri}"
            ))),
        }
    }
}

/// The base URI in force inside `value`, given the base of its parent.
pub fn base_of(value: &Value, parent: &str, draft: Draft) -> String {
    let Some(object) = value.as_object() else {
        return parent.to_string();
    };
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

/// A plain-name anchor given as an `$id`/`id` of the form `#name` (drafts 4 to 7).
fn plain_anchor(object: &serde_json::Map<String, Value>, draft: Draft) -> Option<&str> {
    if draft > Draft::Draft7 {
        return None;
    }
    let keyword = if draft == Draft::Draft4 { "id" } else { "$id" };
    match object.get(keyword) {
        Some(Value::String(id)) => id
            .rsplit_once('#')
            .map(|(_, anchor)| anchor)
            .filter(|a| !a.is_empty() && !a.starts_with('/')),
        _ => None,
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
