//! A document's values as [`super::json`] decodes them, read on its located tree without
//! decoding the document: aliases followed, merge keys applied in go-yaml v2's order, the last
//! of a repeated key kept, so that a few values can be looked at, or decoded, where they are.

use std::borrow::Cow;
use std::cell::OnceCell;
use std::collections::HashMap;

use serde_json::Value;

use super::error::YamlError;
use super::json::{Anchors, anchors_of};
use super::limits::Limits;
use super::node::{Document, Entry, Node, NodeKind};
use super::typing::Typing;
use crate::path::{Segment, Step};

/// A document's located tree read as its JSON value. Meant for a document that decodes
/// ([`super::Stream::check_json`]); what it cannot read (an alias to no anchor, a key JSON
/// cannot hold) it answers `None` for.
pub struct View<'d> {
    document: &'d Document,
    typing: Typing,
    /// Anchored nodes by the key an alias's target gives, gathered at the first alias.
    anchors: OnceCell<Anchors<'d>>,
}

/// A mapping's entries as its JSON object holds them, in its order.
#[derive(Default)]
struct Entries<'d> {
    list: Vec<(Cow<'d, str>, &'d Node)>,
    /// Each key's place in `list`, once the list is long.
    index: HashMap<Cow<'d, str>, usize>,
}

impl<'d> Entries<'d> {
    /// Inserts as a JSON object does: a key met again keeps its place and takes the new value.
    fn insert(&mut self, key: Cow<'d, str>, value: &'d Node) {
        const INDEXED: usize = 16;
        let at = if self.list.len() > INDEXED {
            if self.index.is_empty() {
                let keys = self.list.iter().enumerate();
                self.index = keys.map(|(at, (key, _))| (key.clone(), at)).collect();
            }
            self.index.get(&key).copied()
        } else {
            self.list.iter().position(|(k, _)| *k == key)
        };
        match at {
            Some(at) => self.list[at].1 = value,
            None => {
                if !self.index.is_empty() {
                    self.index.insert(key.clone(), self.list.len());
                }
                self.list.push((key, value));
            }
        }
    }
}

impl<'d> View<'d> {
    /// The view of `document` under `typing`.
    pub fn new(document: &'d Document, typing: Typing) -> View<'d> {
        View {
            document,
            typing,
            anchors: OnceCell::new(),
        }
    }

    /// The node an alias refers to, or the node itself.
    pub fn resolve(&self, node: &'d Node) -> Option<&'d Node> {
        let NodeKind::Alias(alias) = node.kind() else {
            return Some(node);
        };
        let anchors = self.anchors.get_or_init(|| anchors_of(&self.document.root));
        let range = alias.target.clone()?;
        anchors.get(&(range, alias.name.as_str())).copied()
    }

    /// A mapping's entries as its JSON object holds them (merge keys applied, the last of a
    /// repeated key kept, where the first was); `None` for a node that is not a mapping.
    pub fn entries(&self, node: &'d Node) -> Option<Vec<(Cow<'d, str>, &'d Node)>> {
        let NodeKind::Mapping { entries, .. } = self.resolve(node)?.kind() else {
            return None;
        };
        let mut out = Entries::default();
        self.insert_all(entries, &mut out)?;
        Some(out.list)
    }

    fn insert_all(&self, entries: &'d [Entry], out: &mut Entries<'d>) -> Option<()> {
        for entry in entries {
            if self.typing == Typing::Helm && entry.is_merge_key() {
                self.merge(&entry.value, out)?;
                continue;
            }
            let key = self.resolve(&entry.key)?.key_str(self.typing)?;
            out.insert(key, &entry.value);
        }
        Some(())
    }

    /// go-yaml v2 `decoder.merge`: a mapping, an alias of one, or a sequence of those (last first).
    fn merge(&self, value: &'d Node, out: &mut Entries<'d>) -> Option<()> {
        match self.resolve(value)?.kind() {
            NodeKind::Mapping { entries, .. } => self.insert_all(entries, out),
            NodeKind::Sequence { items, .. } if !value.is_alias() => {
                for item in items.iter().rev() {
                    let NodeKind::Mapping { entries, .. } = self.resolve(item)?.kind() else {
                        return None;
                    };
                    self.insert_all(entries, out)?;
                }
                Some(())
            }
            _ => None,
        }
    }

    /// Whether a mapping's JSON object is exactly its entries, in order (no merge key).
    fn plain(&self, entries: &[Entry]) -> bool {
        self.typing != Typing::Helm || !entries.iter().any(Entry::is_merge_key)
    }

    /// The value under `key` of a mapping (an alias followed).
    pub fn value_of(&self, node: &'d Node, key: &str) -> Option<&'d Node> {
        let NodeKind::Mapping { entries, .. } = self.resolve(node)?.kind() else {
            return None;
        };
        if !self.plain(entries) {
            let all = self.entries(node)?;
            let (_, value) = all.into_iter().find(|(k, _)| k == key)?;
            return self.resolve(value);
        }
        let found = entries.iter().rev().find(|entry| {
            let key_node = self.resolve(&entry.key);
            key_node.and_then(|k| k.key_str(self.typing)).as_deref() == Some(key)
        })?;
        self.resolve(&found.value)
    }

    /// The node at `path` below `node` (aliases followed), as the JSON value's path reads.
    pub fn get(&self, node: &'d Node, path: &[Segment]) -> Option<&'d Node> {
        let mut node = self.resolve(node)?;
        for segment in path {
            node = match (segment, node.kind()) {
                (Segment::Key(key), NodeKind::Mapping { .. }) => self.value_of(node, key)?,
                (Segment::Index(at), NodeKind::Sequence { items, .. }) => {
                    self.resolve(items.get(*at)?)?
                }
                _ => return None,
            };
        }
        Some(node)
    }

    /// Whether `node` decodes to `value`, a leaf (a scalar, or an empty mapping or sequence).
    pub fn is_leaf_of(&self, node: &'d Node, value: &Value) -> bool {
        let Some(node) = self.resolve(node) else {
            return false;
        };
        match (node.kind(), value) {
            (NodeKind::Scalar { .. }, _) => self.to_json(node).is_ok_and(|v| v == *value),
            (NodeKind::Mapping { .. }, Value::Object(map)) if map.is_empty() => {
                self.entries(node).is_some_and(|entries| entries.is_empty())
            }
            (NodeKind::Sequence { items, .. }, Value::Array(list)) if list.is_empty() => {
                items.is_empty()
            }
            _ => false,
        }
    }

    /// The node's JSON value, decoded as the whole document would decode it there.
    pub fn to_json(&self, node: &'d Node) -> Result<Value, YamlError> {
        let limits = Limits::default();
        node.to_json_in(self.document, self.typing, &limits, &self.anchors)
    }

    /// Calls `each` with every mapping of the document (the root included), its path and its
    /// entries as its JSON object holds them, parents before children, in the order of
    /// [`crate::path::nested`] on its JSON value (no list of them is built); `None` when a node
    /// cannot be read.
    pub fn each_mapping(
        &self,
        mut each: impl FnMut(&[Step<'d>], &'d Node, &[(Cow<'d, str>, &'d Node)]),
    ) -> Option<()> {
        let root = self.resolve(&self.document.root)?;
        // Each node to visit with its depth and the step to it.
        let mut stack: Vec<(usize, Option<Step<'d>>, &'d Node)> = vec![(0, None, root)];
        let mut path: Vec<Step<'d>> = Vec::new();
        while let Some((depth, step, node)) = stack.pop() {
            path.truncate(depth.saturating_sub(1));
            path.extend(step);
            match node.kind() {
                NodeKind::Mapping { .. } => {
                    let entries = self.entries(node)?;
                    each(&path, node, &entries);
                    for (key, value) in entries.into_iter().rev() {
                        let child = self.resolve(value)?;
                        if !child.is_scalar() {
                            stack.push((depth + 1, Some(Step::Key(key)), child));
                        }
                    }
                }
                NodeKind::Sequence { items, .. } => {
                    for (at, item) in items.iter().enumerate().rev() {
                        let child = self.resolve(item)?;
                        if !child.is_scalar() {
                            stack.push((depth + 1, Some(Step::Index(at)), child));
                        }
                    }
                }
                _ => {}
            }
        }
        Some(())
    }
}
