//! Moving entries: the lines an entry leaves, and the same lines written anew under another key.

use super::edit::Edit;
use super::find::ends_in_block_scalar;
use super::render::{render_key, render_key_like, render_value};
use super::splicer::Insertion;
use super::splicer::{Refused, SpliceKind, Splicer, unreachable_refusal};
use super::tree::{Content, Header, NewNode, NewTree};
use crate::path::{self as tree, Segment, ValuePath};
use crate::yaml::hazard::property_hazard;
use crate::yaml::{Entry, ScalarStyle};
use serde_json::Value;
use std::ops::Range;

impl<'a> Splicer<'a> {
    /// Files the entry at `from` to be written at `to`: the lines it leaves (its comment lines
    /// above included, which travel with it) and the scalar entry its new keys replace.
    pub(super) fn move_entry(
        &self,
        from: &ValuePath,
        to: &ValuePath,
        entry: &Entry,
        insertions: &mut Vec<Insertion>,
    ) -> Refused<(Range<usize>, Option<ValuePath>)> {
        let (lines, indent) = self.entry_lines(from, entry)?;
        // The first key of an item of a list that leaves whole (made a map) may go: the `- `
        // goes with the list, and what is above it with the item's header.
        let first_in_item = self.is_first_in_sequence_item(entry);
        if first_in_item && !self.list_leaves(from) {
            return Err(self.refusal(
                SpliceKind::Indentation,
                from,
                entry.key.range().start,
                "the first key of a list item cannot be moved: the `- ` would have to move with it",
            ));
        }
        let floor = self.sibling_end(from, entry);
        // A key that becomes a mapping in place keeps its own line, and the comments above it.
        let in_place = to.starts_with(from);
        let comments = if in_place || first_in_item {
            lines.start..lines.start
        } else {
            self.comments_above(lines.start, floor)..lines.start
        };
        let blank = if first_in_item {
            comments.clone()
        } else {
            self.blank_above(comments.start, floor)..comments.start
        };
        let moved = comments.start..lines.end;
        let replaced = self.add_insertion(
            insertions,
            to,
            Content::Moved {
                source: from.clone(),
                lines,
                comments,
                blank,
                key: entry.key.range(),
                indent,
                block_end: ends_in_block_scalar(&entry.value),
            },
        )?;
        Ok((moved, replaced))
    }

    /// Whether the list holding the item `from` is in (`list[i].key`) is no list in the proposal.
    fn list_leaves(&self, from: &ValuePath) -> bool {
        let list = from
            .parent()
            .filter(|item| matches!(item.last(), Some(Segment::Index(_))));
        let list = list.and_then(|item| item.parent());
        list.is_some_and(|l| !matches!(tree::get(self.input.proposal, &l), Some(Value::Array(_))))
    }

    /// Writes `tree`'s keys at `indent`: moved entries re-indented, new mappings and lists with
    /// the header they took, values rendered.
    pub(super) fn render_tree(
        &self,
        tree: &NewTree,
        indent: usize,
        out: &mut String,
    ) -> Refused<()> {
        let separated = is_separated(tree);
        for (index, (key, node)) in tree.children.iter().enumerate() {
            match node {
                NewNode::Parent(child) => {
                    let head = (index > 0, separated);
                    self.render_head(key, child.header.as_ref(), head, indent, out);
                    self.render_tree(child, indent + self.step(), out)?;
                }
                NewNode::Items(items, header) => {
                    let head = (index > 0, separated);
                    self.render_head(key, header.as_ref(), head, indent, out);
                    self.render_items(items, indent + self.step(), out)?;
                }
                NewNode::Leaf(Content::Value(value)) => {
                    out.push_str(&render_value(
                        key,
                        value,
                        indent,
                        self.step(),
                        self.eol,
                        self.input.typing,
                    ));
                }
                NewNode::Leaf(Content::Moved {
                    lines,
                    comments,
                    blank,
                    key: key_range,
                    indent: old,
                    ..
                }) => {
                    if index > 0 {
                        out.push_str(&self.input.text[blank.clone()]);
                    }
                    out.push_str(&self.reindent(
                        comments.clone(),
                        lines.clone(),
                        key_range.clone(),
                        key,
                        *old,
                        indent,
                    ));
                }
            }
        }
        Ok(())
    }

    /// Writes a new mapping's or list's key line at `indent`, after the blank line that keeps it
    /// apart from the sibling before it (`after`: it has one; `separated`: its siblings are kept
    /// apart by blank lines) and the comment lines of its header; the header's trailing comment
    /// ends the line.
    fn render_head(
        &self,
        key: &str,
        header: Option<&Header>,
        (after, separated): (bool, bool),
        indent: usize,
        out: &mut String,
    ) {
        let text = self.input.text;
        let blank = header.map_or(0..0, |h| h.blank.clone());
        if after && !blank.is_empty() {
            out.push_str(&text[blank]);
        } else if after && separated {
            out.push_str(self.eol);
        }
        let pad = " ".repeat(indent);
        let key = match header.and_then(|h| h.key.clone()) {
            Some(old) => render_key_like(key, &text[old], self.input.typing),
            None => render_key(key, self.input.typing),
        };
        self.push_comments(header, &pad, out);
        let trailing = header.map_or("", |h| &text[h.trailing.clone()]);
        out.push_str(&format!("{pad}{key}:{trailing}{}", self.eol));
    }

    /// Writes a header's comment lines at the column `pad` gives.
    fn push_comments(&self, header: Option<&Header>, pad: &str, out: &mut String) {
        let Some(header) = header else { return };
        for line in self.input.text[header.comments.clone()].split_inclusive('\n') {
            out.push_str(pad);
            out.push_str(line.trim_start_matches([' ', '\t']));
        }
    }

    /// Writes a new block list's items, `- ` at `dash`: each after its header's blank line and
    /// comment lines, its keys at the first key's column, its header's trailing comment ending
    /// its first line.
    fn render_items(&self, items: &[NewTree], dash: usize, out: &mut String) -> Refused<()> {
        let text = self.input.text;
        for (index, item) in items.iter().enumerate() {
            let header = item.header.as_ref();
            if let Some(h) = header.filter(|h| index > 0 && !h.blank.is_empty()) {
                out.push_str(&text[h.blank.clone()]);
            }
            self.push_comments(header, &" ".repeat(dash), out);
            let mut body = String::new();
            self.render_tree(item, dash + 2, &mut body)?;
            let mut body = body[dash + 2..].to_string();
            if let Some(h) = header.filter(|h| !h.trailing.is_empty()) {
                let end = body.find(self.eol).unwrap_or(body.len());
                body.insert_str(end, &text[h.trailing.clone()]);
            }
            out.push_str(&" ".repeat(dash));
            out.push_str("- ");
            out.push_str(&body);
        }
        Ok(())
    }

    /// Writes `key: ` before a block-sequence item's one-line scalar (`- regcred` → `- name:
    /// regcred`): the item keeps its line, its comments and its place.
    pub(super) fn wrap_item(&self, from: &ValuePath, to: &ValuePath) -> Refused<Edit> {
        let Some(Segment::Key(key)) = to.last() else {
            unreachable_refusal(to)?
        };
        let node = self.node_at(from);
        let plain_item = node.filter(|n| {
            let line = &self.input.text[self.line_start(n.range().start)..n.range().start];
            n.is_scalar()
                && !n.range().is_empty()
                && !matches!(
                    n.scalar_style(),
                    Some(ScalarStyle::Literal | ScalarStyle::Folded)
                )
                && line.trim_end().ends_with('-')
                && line.trim_start_matches([' ', '-']).is_empty()
        });
        if self.flow_list_of(from).is_some() {
            return self.wrap_flow_item(from, key);
        }
        match plain_item {
            Some(node) => Ok(Edit::insertion(
                node.range().start,
                format!("{}: ", render_key(key, self.input.typing)),
            )),
            None => Err(self.refusal(
                SpliceKind::NonScalarMove,
                from,
                node.map_or(0, |n| n.range().start),
                &format!("`{from}` is not a one-line scalar item of a block list; it is not wrapped in a mapping"),
            )),
        }
    }

    /// The path of the flow list holding the item at `item`, if its list is a flow sequence.
    pub(super) fn flow_list_of(&self, item: &ValuePath) -> Option<ValuePath> {
        let list = item.parent()?;
        let node = self.node_at(&list)?;
        (node.is_flow() && node.items().is_some()).then_some(list)
    }

    /// Makes a flow list's one-line scalar item a one-key flow mapping in place (`[regcred]` →
    /// `[{name: regcred}]`): the item's own bytes are kept, quoting included.
    fn wrap_flow_item(&self, from: &ValuePath, key: &str) -> Refused<Edit> {
        let node = self.node_at(from);
        let item = node.filter(|n| {
            n.is_scalar()
                && !n.range().is_empty()
                && property_hazard(n).is_none()
                && !self.input.text[n.range()].contains('\n')
        });
        match item {
            Some(n) => Ok(Edit::replacement(
                n.range(),
                format!(
                    "{{{}: {}}}",
                    render_key(key, self.input.typing),
                    &self.input.text[n.range()]
                ),
            )),
            None => Err(self.refusal(
                SpliceKind::NonScalarMove,
                from,
                node.map_or(0, |n| n.range().start),
                &format!("`{from}` is not a one-line scalar item of a flow list without anchor, alias or tag; it is not wrapped in a mapping"),
            )),
        }
    }

    /// The start of the empty lines directly above the line starting at `line_start`, none above
    /// `floor` (where the entry before it ends).
    pub(super) fn blank_above(&self, line_start: usize, floor: usize) -> usize {
        let text = self.input.text;
        let mut start = line_start;
        while start > floor && text[..start].ends_with('\n') {
            let above = self.line_start(start - 1);
            if above <= floor || !text[above..start].trim_end_matches(['\r', '\n']).is_empty() {
                break;
            }
            start = above;
        }
        start
    }

    /// A moved entry's lines, verbatim but for the key and a uniform change of indentation.
    pub(super) fn reindent(
        &self,
        comments: Range<usize>,
        lines: Range<usize>,
        key: Range<usize>,
        new_key: &str,
        old: usize,
        new: usize,
    ) -> String {
        let text = self.input.text;
        let mut out = String::new();
        for line in text[comments].split_inclusive('\n') {
            out.push_str(&" ".repeat(new));
            out.push_str(line.trim_start_matches([' ', '\t']));
        }
        out.push_str(&" ".repeat(new));
        out.push_str(&render_key_like(
            new_key,
            &text[key.clone()],
            self.input.typing,
        ));
        let first_line_end = text[key.end..lines.end]
            .find('\n')
            .map_or(lines.end, |i| key.end + i + 1);
        out.push_str(&text[key.end..first_line_end]);
        for line in text[first_line_end..lines.end].split_inclusive('\n') {
            let body = line.trim_end_matches(['\n', '\r']);
            // A white-space line moves with its block when it is deeper than the entry (in a block
            // scalar its spaces past the block's indentation are the value's); one holding a tab
            // moves like any line.
            if body.trim().is_empty() && !body.contains('\t') {
                let spaces = if body.len() > old {
                    new + (body.len() - old)
                } else {
                    body.len().min(new)
                };
                out.push_str(&" ".repeat(spaces));
                out.push_str(&line[body.len()..]);
                continue;
            }
            let spaces = line.len() - line.trim_start_matches(' ').len();
            let strip = spaces.min(old);
            out.push_str(&" ".repeat(new + (spaces - strip)));
            out.push_str(&line[spaces..]);
        }
        if !out.ends_with('\n') {
            out.push_str(self.eol);
        }
        out
    }
}

/// Whether blank lines keep `tree`'s children apart: one written after another carries some.
fn is_separated(tree: &NewTree) -> bool {
    tree.children.iter().skip(1).any(|(_, node)| match node {
        NewNode::Leaf(Content::Moved { blank, .. }) => !blank.is_empty(),
        NewNode::Parent(NewTree {
            header: Some(h), ..
        })
        | NewNode::Items(_, Some(h)) => !h.blank.is_empty(),
        _ => false,
    })
}
