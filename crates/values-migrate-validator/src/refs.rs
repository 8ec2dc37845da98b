//! Where a `$ref` written under some base URI leads inside one document, as the compiler follows
//! it (the schemas of the document's `Index`), and the URI and pointer rules the index uses.
//! Nothing is fetched: a reference that leaves the document resolves to nothing.

use std::collections::HashMap;

use serde_json::Value;

use super::Draft;
use super::index::{Index, Target};
pub use super::subschemas::{ARRAYS, DEFAULT_BASE, MAPS, SINGLE, base_of, escape};

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

/// Where references can lead in one document: its `Index`, with the schemas it points at.
#[derive(Debug)]
pub(crate) struct Registry<'d> {
    /// Resources by base URI, in document order.
    pub(crate) resources: Vec<(String, Resource<'d>)>,
    /// `$dynamicAnchor`s: (resource index, name) → the schema and its pointer in the resource.
    pub(crate) dynamic: HashMap<(usize, String), (&'d Value, String)>,
    document: &'d Value,
    index: Index,
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
    /// The places of `document`'s index (read as `draft`), as the compiler follows them.
    pub(crate) fn build(document: &'d Value, draft: Draft) -> Registry<'d> {
        let index = Index::build(document, draft);
        let at = |pointer: &str| document.pointer(pointer).unwrap_or(document);
        let resources: Vec<(String, Resource<'d>)> = (index.resources.iter())
            .map(|(base, pointer)| {
                let root = at(pointer);
                let recursive_anchor = root.get("$recursiveAnchor") == Some(&Value::Bool(true));
                let resource = Resource {
                    root,
                    recursive_anchor,
                };
                (base.clone(), resource)
            })
            .collect();
        let dynamic = (index.dynamic.iter())
            .map(|((resource, name), pointer)| {
                let root = &index.resources[*resource].1;
                let location = pointer.strip_prefix(root.as_str()).unwrap_or(pointer);
                (
                    (*resource, name.clone()),
                    (at(pointer), location.to_string()),
                )
            })
            .collect();
        Registry {
            resources,
            dynamic,
            document,
            index,
        }
    }

    /// The index of the resource named `base`.
    pub(crate) fn resource_index(&self, base: &str) -> Option<usize> {
        self.index.resource_index(base)
    }

    /// Where `reference`, written in the resource `base`, leads.
    pub(crate) fn resolve(&self, base: &str, reference: &str) -> Result<Place<'d>, Unresolved> {
        match self.index.resolve(self.document, base, reference) {
            Target::Internal { pointer, base } => {
                let index = self.resource_index(&base).unwrap_or(0);
                let root = &self.index.resources[index].1;
                let location = pointer.strip_prefix(root.as_str()).unwrap_or(&pointer);
                Ok(Place {
                    schema: self.document.pointer(&pointer).unwrap_or(self.document),
                    location: location.to_string(),
                    base,
                })
            }
            Target::Remote { url } => Err(Unresolved::Remote(url)),
            Target::Nowhere { reason } => Err(Unresolved::Nowhere(reason)),
        }
    }
}
