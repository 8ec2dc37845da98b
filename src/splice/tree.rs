//! New keys under one existing mapping, as a small tree: moved entries and values to set, in the
//! order they are first met.

use crate::path::{Segment, ValuePath};
use serde_json::Value;
use std::ops::Range;

/// Something to write under an existing mapping: a moved entry's lines, or a value to set.
pub(super) enum Content {
    /// A moved entry: its original lines, re-indented, the key renamed.
    Moved {
        /// Where the entry was, relative to the prefix.
        source: ValuePath,
        lines: Range<usize>,
        /// The comment lines directly above the key, which travel with it (empty when none).
        comments: Range<usize>,
        /// The blank lines directly above its comments: they travel with it when it is not the
        /// first entry written under its new parent, keeping the blocks apart.
        blank: Range<usize>,
        key: Range<usize>,
        indent: usize,
        /// Whether its last line is a block scalar's: it must keep its line break.
        block_end: bool,
    },
    /// A new value rendered as YAML.
    Value(Value),
}

/// What a new mapping, list or list item takes from the one mapping or item the plan dismantles to
/// make it: the lines above that one and the comment on its first line.
pub(super) struct Header {
    /// The comment lines directly above the origin (empty when none).
    pub(super) comments: Range<usize>,
    /// The blank lines above them: written when the new node is not first under its parent.
    pub(super) blank: Range<usize>,
    /// The origin's key, whose quoting the new key follows (none for a list item).
    pub(super) key: Option<Range<usize>>,
    /// The comment ending the origin's first line, with the spaces before it (empty when none).
    pub(super) trailing: Range<usize>,
}

/// New keys under one existing mapping, as a small tree in the order they are first met.
#[derive(Default)]
pub(super) struct NewTree {
    pub(super) children: Vec<(String, NewNode)>,
    /// The header this mapping (or list item) takes from its origin.
    pub(super) header: Option<Header>,
}

pub(super) enum NewNode {
    Parent(NewTree),
    /// A new block sequence whose items are new mappings, and the header the list takes.
    Items(Vec<NewTree>, Option<Header>),
    Leaf(Content),
}

impl NewTree {
    /// Files `content` at `rel`: keys, and list indexes only into lists this tree creates.
    pub(super) fn insert(&mut self, rel: &[Segment], content: Content) -> Result<(), String> {
        let Some((Segment::Key(first), rest)) = rel.split_first() else {
            return Err("a list item itself is not written one by one".to_string());
        };
        let at = self.children.iter().position(|(k, _)| k == first);
        if rest.is_empty() {
            if at.is_some() {
                return Err(format!("two values would be written at `{first}`"));
            }
            self.children.push((first.clone(), NewNode::Leaf(content)));
            return Ok(());
        }
        let index = match at {
            Some(index) => index,
            None => {
                let node = match rest[0] {
                    Segment::Index(_) => NewNode::Items(Vec::new(), None),
                    Segment::Key(_) => NewNode::Parent(NewTree::default()),
                };
                self.children.push((first.clone(), node));
                self.children.len() - 1
            }
        };
        match (&mut self.children[index].1, &rest[0]) {
            (NewNode::Parent(tree), Segment::Key(_)) => tree.insert(rest, content),
            // Items may be met out of order (moved fields first, names set after): one still
            // without keys when all are filed is refused by `item_without_keys`.
            (NewNode::Items(items, _), Segment::Index(i)) if rest.len() > 1 => {
                if *i >= items.len() {
                    items.resize_with(*i + 1, NewTree::default);
                }
                items[*i].insert(&rest[1..], content)
            }
            (NewNode::Items(..), Segment::Index(i)) => Err(format!(
                "`{first}[{i}]` would be a new list item written whole, not key by key"
            )),
            (NewNode::Leaf(_), _) => Err(format!("`{first}` would be both a value and a mapping")),
            _ => Err(format!("`{first}` would be both a list and a mapping")),
        }
    }
}

/// The first new list item under `tree` (at `at`) that nothing is written into.
pub(super) fn item_without_keys(tree: &NewTree, at: &ValuePath) -> Option<ValuePath> {
    tree.children.iter().find_map(|(key, node)| {
        let here = at.key(key.clone());
        match node {
            NewNode::Parent(child) => item_without_keys(child, &here),
            NewNode::Items(items, _) => items.iter().enumerate().find_map(|(i, item)| {
                let item_at = here.index(i);
                match item.children.is_empty() {
                    true => Some(item_at),
                    false => item_without_keys(item, &item_at),
                }
            }),
            NewNode::Leaf(_) => None,
        }
    })
}

/// Where the first moved entry written for `tree` starts in the original, when a moved entry
/// comes first.
pub(super) fn first_moved_source(tree: &NewTree) -> Option<usize> {
    match &tree.children.first()?.1 {
        NewNode::Parent(child) => first_moved_source(child),
        NewNode::Items(items, _) => items.first().and_then(first_moved_source),
        NewNode::Leaf(Content::Moved { lines, .. }) => Some(lines.start),
        NewNode::Leaf(Content::Value(_)) => None,
    }
}

/// Each moved entry written after another under one new parent: where its comments start, and
/// where the blank lines above them start (the lines that travel with it).
pub(super) fn travelling_blanks(tree: &NewTree, out: &mut Vec<(usize, usize)>) {
    for (index, (_, node)) in tree.children.iter().enumerate() {
        match node {
            NewNode::Parent(child) => travelling_blanks(child, out),
            NewNode::Items(items, _) => items.iter().for_each(|item| travelling_blanks(item, out)),
            NewNode::Leaf(Content::Moved {
                comments, blank, ..
            }) if index > 0 && !blank.is_empty() => out.push((comments.start, blank.start)),
            NewNode::Leaf(_) => {}
        }
    }
}

/// Puts each new list item's keys in the proposal's order (`- name: a` first, as it is written
/// there); `at` is where `tree` goes, relative to the prefix.
pub(super) fn order_items(tree: &mut NewTree, at: &ValuePath, proposal: &Value) {
    for (key, node) in &mut tree.children {
        let here = at.key(key.clone());
        match node {
            NewNode::Parent(child) => order_items(child, &here, proposal),
            NewNode::Items(items, _) => {
                for (index, item) in items.iter_mut().enumerate() {
                    let item_at = here.index(index);
                    if let Some(Value::Object(fields)) = crate::path::get(proposal, &item_at) {
                        let rank = |k: &str| fields.keys().position(|f| f == k);
                        crate::order::by_key(&mut item.children, |(k, _)| {
                            rank(k).unwrap_or(usize::MAX)
                        });
                    }
                    order_items(item, &item_at, proposal);
                }
            }
            NewNode::Leaf(_) => {}
        }
    }
}

/// Whether the last thing written for `tree` is a moved entry ending in a block scalar.
pub(super) fn ends_in_moved_block(tree: &NewTree) -> bool {
    match tree.children.last().map(|(_, node)| node) {
        Some(NewNode::Parent(child)) => ends_in_moved_block(child),
        Some(NewNode::Leaf(Content::Moved { block_end, .. })) => *block_end,
        _ => false,
    }
}
