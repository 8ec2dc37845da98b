//! Which subschemas apply at a value path, without looking at any values.
//!
//! Used for what validation cannot say: the defaults, consts and enums a schema names at a
//! path, the properties it declares there, and the shape compared by the changelog.

use std::collections::HashSet;

use serde_json::Value;

use super::Schema;
use super::compile::Draft;
use super::validator::{DEFAULT_BASE, Target, base_of};
use crate::path::Segment;

/// A subschema and the base URI its `$ref`s resolve against.
#[derive(Clone, Debug)]
pub(crate) struct Node<'s> {
    pub(crate) value: &'s Value,
    pub(crate) base: String,
    /// Reached through `anyOf`/`oneOf`/`if`-`then`-`else`: it applies only to some values.
    pub(crate) conditional: bool,
    /// The draft it is read as (a chart's own, inside a chart tree's composition).
    pub(crate) draft: Draft,
}

/// Caps the subschemas collected at one path (a guard against pathological documents).
const MAX_NODES: usize = 4096;

impl<'s> Node<'s> {
    fn id(&self) -> (usize, bool) {
        (std::ptr::from_ref(self.value) as usize, self.conditional)
    }

    /// The member `name` of this subschema's object, if it is one.
    pub(crate) fn get(&self, name: &str) -> Option<&'s Value> {
        self.value.as_object().and_then(|o| o.get(name))
    }
}

/// Walks one compiled schema.
pub(crate) struct Walker<'s> {
    schema: &'s Schema,
}

impl<'s> Walker<'s> {
    /// A walker over `schema`.
    pub(crate) fn new(schema: &'s Schema) -> Self {
        Walker { schema }
    }

    /// The root subschema.
    pub(crate) fn root(&self) -> Node<'s> {
        let value = &self.schema.document;
        let draft = read_as(value, self.schema.draft);
        Node {
            value,
            base: base_of(value, DEFAULT_BASE, draft),
            conditional: false,
            draft,
        }
    }

    /// `value`, a subschema found under `parent`, entered with its own base URI.
    pub(crate) fn enter(&self, value: &'s Value, parent: &Node<'s>, conditional: bool) -> Node<'s> {
        let draft = read_as(value, parent.draft);
        Node {
            value,
            base: base_of(value, &parent.base, draft),
            conditional: parent.conditional || conditional,
            draft,
        }
    }

    /// The subschema a `$ref` in `node` leads to, if it stays in the document.
    fn target(&self, node: &Node<'s>, reference: &str) -> Option<Node<'s>> {
        let index = &self.schema.index;
        match index.resolve(&self.schema.document, &node.base, reference) {
            Target::Internal { pointer, base } => {
                let value = self.schema.document.pointer(&pointer)?;
                let draft = read_as(value, node.draft);
                Some(Node {
                    value,
                    base: base_of(value, &base, draft),
                    conditional: node.conditional,
                    draft,
                })
            }
            _ => None,
        }
    }

    /// `nodes` and every subschema they pull in at the same place: `$ref` targets and `allOf`
    /// members, and (marked conditional) `anyOf`/`oneOf` branches and `then`/`else`.
    pub(crate) fn close(&self, nodes: Vec<Node<'s>>) -> Vec<Node<'s>> {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        let mut stack: Vec<Node<'s>> = nodes.into_iter().rev().collect();
        while let Some(node) = stack.pop() {
            if out.len() >= MAX_NODES || !seen.insert(node.id()) {
                continue;
            }
            let mut next = Vec::new();
            if let Some(object) = node.value.as_object() {
                for keyword in ["$ref", "$dynamicRef", "$recursiveRef"] {
                    if let Some(Value::String(reference)) = object.get(keyword) {
                        next.extend(self.target(&node, reference));
                    }
                }
                // Before 2019-09 a `$ref` replaces its siblings.
                let siblings = !(node.draft <= Draft::Draft7 && object.contains_key("$ref"));
                if siblings {
                    for (keyword, conditional) in
                        [("allOf", false), ("anyOf", true), ("oneOf", true)]
                    {
                        if let Some(Value::Array(members)) = object.get(keyword) {
                            next.extend(members.iter().map(|m| self.enter(m, &node, conditional)));
                        }
                    }
                    for keyword in ["then", "else"] {
                        if let Some(member) = object.get(keyword) {
                            next.push(self.enter(member, &node, true));
                        }
                    }
                }
            }
            out.push(node);
            stack.extend(next.into_iter().rev());
        }
        out
    }

    /// The subschemas (closed) that apply to the child at `segment` of values matching `nodes`.
    pub(crate) fn step(&self, nodes: &[Node<'s>], segment: &Segment) -> Vec<Node<'s>> {
        let mut next = Vec::new();
        for node in nodes {
            let Some(object) = node.value.as_object() else {
                continue;
            };
            if node.draft <= Draft::Draft7 && object.contains_key("$ref") {
                continue;
            }
            match segment {
                Segment::Key(key) => {
                    let mut matched = false;
                    if let Some(Value::Object(properties)) = object.get("properties") {
                        if let Some(schema) = properties.get(key) {
                            next.push(self.enter(schema, node, false));
                            matched = true;
                        }
                    }
                    if let Some(Value::Object(patterns)) = object.get("patternProperties") {
                        for (pattern, schema) in patterns {
                            if self.schema.matches(pattern, key) {
                                next.push(self.enter(schema, node, false));
                                matched = true;
                            }
                        }
                    }
                    if !matched {
                        let extra = object
                            .get("additionalProperties")
                            .filter(|s| s.is_object())
                            .or_else(|| {
                                object
                                    .get("unevaluatedProperties")
                                    .filter(|s| s.is_object())
                            });
                        if let Some(schema) = extra {
                            next.push(self.enter(schema, node, false));
                        }
                    }
                }
                Segment::Index(index) => {
                    let positional = if node.draft >= Draft::Draft202012 {
                        object.get("prefixItems")
                    } else {
                        object.get("items").filter(|i| i.is_array())
                    };
                    let rest = if node.draft >= Draft::Draft202012 {
                        object.get("items")
                    } else {
                        object.get("additionalItems")
                    };
                    match positional.and_then(Value::as_array) {
                        Some(items) => match items.get(*index) {
                            Some(schema) => next.push(self.enter(schema, node, false)),
                            None => next.extend(
                                rest.filter(|s| s.is_object())
                                    .map(|s| self.enter(s, node, false)),
                            ),
                        },
                        None => {
                            let all = object.get("items").filter(|s| s.is_object());
                            next.extend(all.map(|s| self.enter(s, node, false)));
                        }
                    }
                }
            }
        }
        self.close(next)
    }

    /// Every subschema (closed) that applies at `segments` below the root.
    pub(crate) fn at(&self, segments: &[Segment]) -> Vec<Node<'s>> {
        let mut nodes = self.close(vec![self.root()]);
        for segment in segments {
            if nodes.is_empty() {
                break;
            }
            nodes = self.step(&nodes, segment);
        }
        nodes
    }
}

/// The draft the subschema `value` is read as, inside a subschema read as `outer`.
fn read_as(value: &Value, outer: Draft) -> Draft {
    value.as_object().map_or(outer, |o| outer.within(o))
}
