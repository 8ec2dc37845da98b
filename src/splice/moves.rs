//! Moving entries: the lines an entry leaves, and the same lines written anew under another key.

use super::edit::Edit;
use super::find::ends_in_block_scalar;
use super::insert::Insertion;
use super::render::{render_key, render_key_like, render_value};
use super::tree::{Content, NewNode, NewTree};
use super::values::{Refused, SpliceKind, Splicer, unreachable_refusal};
use crate::path::{Segment, ValuePath};
use crate::yaml::hazard::property_hazard;
use crate::yaml::{Entry, ScalarStyle};
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
        if self.is_first_in_sequence_item(entry) {
            return Err(self.refusal(
                SpliceKind::Indentation,
                from,
                entry.key.range.start,
                "the first key of a list item cannot be moved: the `- ` would have to move with it",
            ));
        }
        let floor = self.sibling_end(from, entry);
        // A key that becomes a mapping in place keeps its own line, and the comments above it.
        let in_place = to.starts_with(from);
        let comments = if in_place {
            lines.start..lines.start
        } else {
            self.comments_above(lines.start, floor)..lines.start
        };
        let blank = self.blank_above(comments.start, floor)..comments.start;
        let moved = comments.start..lines.end;
        let replaced = self.add_insertion(
            insertions,
            to,
            Content::Moved {
                lines,
                comments,
                blank,
                key: entry.key.range.clone(),
                indent,
                block_end: ends_in_block_scalar(&entry.value),
            },
        )?;
        Ok((moved, replaced))
    }

    pub(super) fn render_tree(
        &self,
        tree: &NewTree,
        indent: usize,
        out: &mut String,
    ) -> Refused<()> {
        let pad = " ".repeat(indent);
        for (index, (key, node)) in tree.children.iter().enumerate() {
            match node {
                NewNode::Parent(child) => {
                    out.push_str(&format!(
                        "{pad}{}:{}",
                        render_key(key, self.input.typing),
                        self.eol
                    ));
                    self.render_tree(child, indent + self.step(), out)?;
                }
                NewNode::Items(items) => {
                    out.push_str(&format!(
                        "{pad}{}:{}",
                        render_key(key, self.input.typing),
                        self.eol
                    ));
                    let dash = indent + self.step();
                    for item in items {
                        // `- ` then the item's first key; its other keys at the first key's column.
                        let mut body = String::new();
                        self.render_tree(item, dash + 2, &mut body)?;
                        out.push_str(&" ".repeat(dash));
                        out.push_str("- ");
                        out.push_str(&body[dash + 2..]);
                    }
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

    /// Writes `key: ` before a block-sequence item's one-line scalar (`- regcred` → `- name:
    /// regcred`): the item keeps its line, its comments and its place.
    pub(super) fn wrap_item(&self, from: &ValuePath, to: &ValuePath) -> Refused<Edit> {
        let Some(Segment::Key(key)) = to.last() else {
            unreachable_refusal(to)?
        };
        let node = self.node_at(from);
        let plain_item = node.filter(|n| {
            let line = &self.input.text[self.line_start(n.range.start)..n.range.start];
            n.is_scalar()
                && !n.range.is_empty()
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
                node.range.start,
                format!("{}: ", render_key(key, self.input.typing)),
            )),
            None => Err(self.refusal(
                SpliceKind::NonScalarMove,
                from,
                node.map_or(0, |n| n.range.start),
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
                && !n.range.is_empty()
                && property_hazard(n).is_none()
                && !self.input.text[n.range.clone()].contains('\n')
        });
        match item {
            Some(n) => Ok(Edit::replacement(
                n.range.clone(),
                format!(
                    "{{{}: {}}}",
                    render_key(key, self.input.typing),
                    &self.input.text[n.range.clone()]
                ),
            )),
            None => Err(self.refusal(
                SpliceKind::NonScalarMove,
                from,
                node.map_or(0, |n| n.range.start),
                &format!("`{from}` is not a one-line scalar item of a flow list without anchor, alias or tag; it is not wrapped in a mapping"),
            )),
        }
    }

    /// The start of the empty lines directly above the line starting at `line_start`, none above
    /// `floor` (where the entry before it ends).
    fn blank_above(&self, line_start: usize, floor: usize) -> usize {
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
            // An empty line stays as it is; a white-space line holding a tab moves with its block.
            if body.trim().is_empty() && !body.contains('\t') {
                out.push_str(line);
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

/// Whether the last thing written for `tree` is a moved entry ending in a block scalar.
pub(super) fn ends_in_moved_block(tree: &NewTree) -> bool {
    match tree.children.last().map(|(_, node)| node) {
        Some(NewNode::Parent(child)) => ends_in_moved_block(child),
        Some(NewNode::Leaf(Content::Moved { block_end, .. })) => *block_end,
        _ => false,
    }
}
