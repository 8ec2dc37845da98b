//! Headers: a new mapping, list or list item made of one mapping or list item that the plan
//! dismantles takes that one's comment lines, its blank-line separation and the comment on its
//! first line, so a block moved key by key reads under its new parent as it read before.

use super::Op;
use super::splicer::Insertion;
use super::splicer::{Refused, Splicer};
use super::tree::{Content, Header, NewNode, NewTree};
use crate::path::{PathSet, Segment, ValuePath};
use crate::yaml::Node;
use serde_json::Value;
use std::ops::Range;

/// The headers claimed so far: each origin gives its header once.
struct Claims {
    dismantled: PathSet,
    claimed: Vec<ValuePath>,
    /// The bytes each header takes from the original (its blank lines when written).
    taken: Vec<Range<usize>>,
}

impl<'a> Splicer<'a> {
    /// Gives each new node made of one dismantled mapping or list item (one the cut `units` cover,
    /// not replaced in place) that one's header; returns the bytes the headers take.
    pub(super) fn claim_headers(
        &self,
        insertions: &mut [Insertion],
        units: &[ValuePath],
    ) -> Refused<Vec<Range<usize>>> {
        let mut claims = Claims {
            dismantled: PathSet::new(units),
            claimed: Vec::new(),
            taken: Vec::new(),
        };
        for insertion in insertions.iter_mut() {
            let parent = insertion.parent.clone();
            self.claim_in(&mut insertion.tree, &parent, &mut claims)?;
        }
        Ok(claims.taken)
    }

    /// Claims headers for the children of `tree` (at `path`), outer nodes first.
    fn claim_in(&self, tree: &mut NewTree, path: &ValuePath, claims: &mut Claims) -> Refused<()> {
        for (index, (key, node)) in tree.children.iter_mut().enumerate() {
            let at = path.key(key.clone());
            match node {
                NewNode::Parent(child) => {
                    child.header = self.claim(self.origin(child), &at, index > 0, claims)?;
                    self.claim_in(child, &at, claims)?;
                }
                NewNode::Items(items, header) => {
                    *header = self.claim(self.items_origin(items), &at, index > 0, claims)?;
                    for (i, item) in items.iter_mut().enumerate() {
                        let item_at = at.index(i);
                        item.header = self.claim(self.origin(item), &item_at, i > 0, claims)?;
                        self.claim_in(item, &item_at, claims)?;
                    }
                }
                NewNode::Leaf(_) => {}
            }
        }
        Ok(())
    }

    /// The header of `origin` for the new node at `at`, when the plan dismantles it elsewhere and
    /// no earlier node took it; its bytes (blank lines only when `after_sibling`) are recorded.
    fn claim(
        &self,
        origin: Option<ValuePath>,
        at: &ValuePath,
        after_sibling: bool,
        claims: &mut Claims,
    ) -> Refused<Option<Header>> {
        let Some(origin) = origin
            .filter(|o| o != at && claims.dismantled.covers(o) && !claims.claimed.contains(o))
        else {
            return Ok(None);
        };
        let Some(header) = self.header_of(&origin, at)? else {
            return Ok(None);
        };
        let start = if after_sibling && !header.blank.is_empty() {
            header.blank.start
        } else {
            header.comments.start
        };
        if start < header.comments.end {
            claims.taken.push(start..header.comments.end);
        }
        claims.claimed.push(origin);
        Ok(Some(header))
    }

    /// The header of the mapping entry or block-list item at `origin`, if it has a line of its
    /// own, for the new node at `at`.
    fn header_of(&self, origin: &ValuePath, at: &ValuePath) -> Refused<Option<Header>> {
        match origin.last() {
            Some(Segment::Key(_)) => {
                let entry = self.entry(origin)?;
                let (lines, _) = self.entry_lines(origin, entry)?;
                let floor = self.sibling_end(origin, entry);
                let colon = self.input.text[entry.key.range().end..]
                    .find(':')
                    .map(|i| entry.key.range().end + i + 1);
                // An empty entry (`spot: {}  # on demand`, all key) gives the comment after its value.
                let value = &entry.value;
                let empty = value.is_flow() && value.entries().is_some_and(<[_]>::is_empty);
                let after = if empty {
                    Some(value.range().end)
                } else {
                    colon
                };
                let trailing = after.map_or(0..0, |at| self.trailing_comment(at));
                Ok(Some(self.header_above(
                    lines.start,
                    floor,
                    Some(entry.key.range()),
                    trailing,
                )))
            }
            Some(Segment::Index(index)) => Ok(self.item_header(origin, *index, at)),
            None => Ok(None),
        }
    }

    /// The header of a block-list item whose first key shares its `- ` line; the comment after
    /// the field the plan removes because its value became the item's key (`at`'s last key)
    /// comes along, on the new key's line.
    fn item_header(&self, origin: &ValuePath, index: usize, at: &ValuePath) -> Option<Header> {
        let list = origin.parent()?;
        let items = self.node_at(&list)?.items()?;
        let item = items.get(index)?;
        let entries = item.entries()?;
        let line = self.line_start(item.range().start);
        let text = self.input.text;
        if item.is_flow() || entries.is_empty() || text[line..item.range().start].trim() != "-" {
            return None;
        }
        let floor = match index.checked_sub(1) {
            Some(previous) => items[previous].range().end,
            None => self.list_floor(&list, items),
        };
        let new_key = match at.last() {
            Some(Segment::Key(key)) => Some(key.as_str()),
            _ => None,
        };
        let typing = self.input.typing;
        let name = entries.iter().find(|e| {
            let removed = e.key.key_string(typing).is_some_and(|k| {
                let path = origin.key(k);
                self.input
                    .ops
                    .iter()
                    .any(|op| matches!(op, super::Op::Remove { path: p } if *p == path))
            });
            removed && e.value.is_scalar() && e.value.key_str(typing).as_deref() == new_key
        });
        let trailing = name.map_or(0..0, |e| self.trailing_comment(e.value.range().end));
        Some(self.header_above(line, floor, None, trailing))
    }

    /// Where the lines above a list's first item may start: after its key's line.
    fn list_floor(&self, list: &ValuePath, items: &[Node]) -> usize {
        let key_end = self.entry(list).ok().map(|e| e.key.range().end);
        key_end.unwrap_or_else(|| {
            items
                .first()
                .map_or(0, |i| self.line_start(i.range().start))
        })
    }

    /// The comment lines and blank lines directly above the line starting at `line`, none above `floor`.
    fn header_above(
        &self,
        line: usize,
        floor: usize,
        key: Option<Range<usize>>,
        trailing: Range<usize>,
    ) -> Header {
        let comments = self.comments_above(line, floor)..line;
        let blank = self.blank_above(comments.start, floor)..comments.start;
        Header {
            comments,
            blank,
            key,
            trailing,
        }
    }

    /// The comment from `at` to the end of its line, with the spaces before it (empty unless only
    /// spaces lead to a `#`).
    fn trailing_comment(&self, at: usize) -> Range<usize> {
        let text = self.input.text;
        let rest = text[at..].split('\n').next().unwrap_or_default();
        let rest = rest.trim_end_matches('\r');
        let comment = rest.trim_start_matches([' ', '\t']);
        if comment.starts_with('#') && rest.len() > comment.len() {
            at..at + rest.len()
        } else {
            at..at
        }
    }
}

impl Splicer<'_> {
    /// The one mapping or list item every moved entry under `tree` came from, directly or through
    /// new mappings and lists made of its own children (an item of set names alone: the empty
    /// entry its name was the key of); none when they came from several, or the root.
    fn origin(&self, tree: &NewTree) -> Option<ValuePath> {
        if let Some(entry) = self.named_origin(tree) {
            return Some(entry);
        }
        let sources = tree.children.iter().filter_map(|(_, node)| match node {
            NewNode::Leaf(Content::Moved { source, .. }) => Some(source.parent()),
            NewNode::Leaf(Content::Value(_)) => None,
            NewNode::Parent(child) => Some(self.origin(child).and_then(|o| o.parent())),
            NewNode::Items(items, _) => Some(self.items_origin(items).and_then(|o| o.parent())),
        });
        the_one(sources)
    }

    /// The one mapping or list whose entries or items the new list's items each came from.
    fn items_origin(&self, items: &[NewTree]) -> Option<ValuePath> {
        the_one(
            items
                .iter()
                .map(|item| self.origin(item).and_then(|o| o.parent())),
        )
    }

    /// The one empty mapping entry the plan removes whose key `tree`, holding only set strings,
    /// sets (`beta: {}` for `- name: beta`).
    fn named_origin(&self, tree: &NewTree) -> Option<ValuePath> {
        let names: Vec<&str> = tree
            .children
            .iter()
            .filter_map(|(_, node)| match node {
                NewNode::Leaf(Content::Value(Value::String(name))) => Some(name.as_str()),
                _ => None,
            })
            .collect();
        if names.is_empty() || names.len() != tree.children.len() {
            return None;
        }
        let mut found = self.input.ops.iter().filter_map(|op| match op {
            Op::Remove { path }
                if matches!(path.last(), Some(Segment::Key(k)) if names.contains(&k.as_str()))
                    && self
                        .node_at(path)
                        .and_then(Node::entries)
                        .is_some_and(<[_]>::is_empty) =>
            {
                Some(path.clone())
            }
            _ => None,
        });
        let first = found.next()?;
        found.next().is_none().then_some(first)
    }
}

/// The path every one of `sources` names, unless one names none or it is the root.
fn the_one(sources: impl Iterator<Item = Option<ValuePath>>) -> Option<ValuePath> {
    let mut found: Option<ValuePath> = None;
    for source in sources {
        let source = source?;
        match &found {
            Some(seen) if *seen != source => return None,
            Some(_) => {}
            None => found = Some(source),
        }
    }
    found.filter(|o| !o.is_root())
}
