//! A mapping that becomes the one item of a list in place (`spread: {…}` → `spread: [{…}]`), and
//! a list's one item that becomes the value in its place: the same lines, re-indented. A mapping
//! whose entries become named items (`pools: {a: {…}}` → `pools: [{name: a, …}]`) is replaced whole.

use super::edit::Edit;
use super::splicer::{Refused, SpliceKind, Splicer};
use crate::path::{self as tree, ValuePath};
use crate::yaml::Node;
use crate::yaml::hazard::property_hazard;
use serde_json::Value;
use std::ops::Range;

impl Splicer<'_> {
    /// Whether the block mapping at `holder` becomes the list the proposal holds there, each of
    /// its entries an item named by its key (`pools: {a: {…}}` → `pools: [{name: a, …}]`).
    pub(super) fn becomes_named_items(&self, holder: &ValuePath) -> bool {
        let Some(entries) = self
            .node_at(holder)
            .filter(|n| !n.is_flow())
            .and_then(Node::entries)
        else {
            return false;
        };
        let Some(Value::Array(items)) = tree::get(self.input.proposal, holder) else {
            return false;
        };
        let names = |item: &Value| -> Vec<String> {
            let fields = item.as_object().into_iter().flat_map(|m| m.values());
            fields
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        };
        let named: Vec<Vec<String>> = items.iter().map(names).collect();
        !entries.is_empty()
            && entries.len() == items.len()
            && entries.iter().all(|e| {
                e.key
                    .key_string(self.input.typing)
                    .is_some_and(|k| named.iter().filter(|n| n.contains(&k)).count() == 1)
            })
    }

    /// Makes the mapping at `from` the one item of a list written where it stands: a block
    /// mapping gets `- ` before its first key and its lines re-indented (the list in the file's
    /// own style), a flow collection is wrapped in `[…]`; comments stay on their lines.
    pub(super) fn wrap_in_list(&self, from: &ValuePath) -> Refused<Vec<Edit>> {
        let text = self.input.text;
        let entry = self.entry(from)?;
        let node = &entry.value;
        if node.is_flow() && !node.range().is_empty() {
            let bytes = &text[node.range()];
            return Ok(vec![Edit::replacement(node.range(), format!("[{bytes}]"))]);
        }
        let (lines, key_column) = self.entry_lines(from, entry)?;
        let Some(first) = self.first_line(node).filter(|_| node.entries().is_some()) else {
            return Err(self.refusal(
                SpliceKind::NonScalarMove,
                from,
                node.range().start,
                &format!("`{from}` is not a block mapping whose first key starts its line, nor a flow collection; it is not made a list's item in place"),
            ));
        };
        let column = node.range().start - first;
        let dash = key_column
            + self
                .sequence_offset()
                .unwrap_or(column.saturating_sub(key_column));
        let mut edits = vec![Edit::replacement(
            first..node.range().start,
            format!("{}- ", " ".repeat(dash)),
        )];
        let rest = self.next_line(first)..lines.end;
        edits.extend(self.shift_lines(rest, column, dash + 2));
        Ok(edits)
    }

    /// Makes the one item of the list at `to` the value in the list's place: a block mapping
    /// item loses its `- ` and is re-indented under the key, a flow list's item keeps its bytes.
    pub(super) fn unwrap_item(&self, to: &ValuePath) -> Refused<Vec<Edit>> {
        let text = self.input.text;
        let entry = self.entry(to)?;
        let list = &entry.value;
        let refuse = |at: usize, why: String| {
            Err(self.refusal(SpliceKind::NonScalarMove, &to.index(0), at, &why))
        };
        let items = list.items().unwrap_or_default();
        let [item] = items else {
            return refuse(
                list.range().start,
                format!(
                    "`{to}` holds {} items; only a list of one item becomes that item in place (the others would be lost)",
                    items.len()
                ),
            );
        };
        if property_hazard(item).is_some() {
            return refuse(
                item.range().start,
                format!(
                    "`{to}[0]` has an anchor, alias or tag; it is not made the value in the list's place"
                ),
            );
        }
        if list.is_flow() {
            let bytes = &text[item.range()];
            if bytes.contains('\n') && !item.is_flow() {
                return refuse(
                    item.range().start,
                    format!("`{to}[0]` spans lines; it is not made the value in the list's place"),
                );
            }
            return Ok(vec![Edit::replacement(list.range(), bytes.to_string())]);
        }
        let (lines, key_column) = self.entry_lines(to, entry)?;
        let first = self
            .first_line(item)
            .filter(|_| item.entries().is_some() && !item.is_flow());
        let dash_line = first.map(|start| &text[start..item.range().start]);
        let Some((first, dash)) = first.zip(dash_line.and_then(|l| l.find('-'))) else {
            return refuse(
                item.range().start,
                format!(
                    "`{to}[0]` is not a block mapping written on its `- ` line; it is not made the value in the list's place"
                ),
            );
        };
        let column = if dash > key_column {
            dash
        } else {
            key_column + self.step()
        };
        let mut edits = vec![Edit::replacement(
            first..item.range().start,
            " ".repeat(column),
        )];
        let rest = self.next_line(first)..lines.end;
        edits.extend(self.shift_lines(rest, item.range().start - first, column));
        Ok(edits)
    }

    /// Re-indents the lines in `range` whose content stands at `from` or deeper so that `from`
    /// becomes `to`; white-space lines and lines left of `from` (comments) stay as they are.
    fn shift_lines(&self, range: Range<usize>, from: usize, to: usize) -> Vec<Edit> {
        let text = self.input.text;
        let mut edits = Vec::new();
        let mut start = range.start;
        while start < range.end {
            let end = self.next_line(start).min(range.end);
            let line = &text[start..end];
            let spaces = line.len() - line.trim_start_matches(' ').len();
            let blank = line.trim().is_empty();
            if !blank && spaces >= from && from != to {
                let written = " ".repeat(spaces - from + to);
                edits.push(Edit::replacement(start..start + spaces, written));
            }
            start = end;
        }
        edits
    }

    /// The start of the line holding `node`'s first byte, when only spaces, or spaces and one
    /// `- `, come before it there.
    fn first_line(&self, node: &Node) -> Option<usize> {
        let start = self.line_start(node.range().start);
        let before = self.input.text[start..node.range().start].trim_start_matches(' ');
        let before = before.strip_prefix('-').unwrap_or(before);
        before.chars().all(|c| c == ' ').then_some(start)
    }

    /// Where the line after the one starting at `start` starts (the text's end for the last).
    fn next_line(&self, start: usize) -> usize {
        let text = self.input.text;
        text[start..]
            .find('\n')
            .map_or(text.len(), |i| start + i + 1)
    }

    /// How far right of its key the file writes a block list's `- ` (the first such list in the
    /// document), or `None` when the file has none.
    fn sequence_offset(&self) -> Option<usize> {
        let text = self.input.text;
        let mut stack = vec![self.root];
        while let Some(node) = stack.pop() {
            for entry in node.entries().unwrap_or_default().iter().rev() {
                let value = &entry.value;
                if let Some(item) = value.items().and_then(<[Node]>::first)
                    && !value.is_flow()
                {
                    let key_column =
                        entry.key.range().start - self.line_start(entry.key.range().start);
                    let line = &text[self.line_start(item.range().start)..item.range().start];
                    if let Some(dash) = line.find('-') {
                        return Some(dash.saturating_sub(key_column));
                    }
                }
                stack.push(value);
            }
            stack.extend(node.items().unwrap_or_default().iter().rev());
        }
        None
    }
}
