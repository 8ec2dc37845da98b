//! Finding what an op edits: entries, their lines, the comments above them, and the hazards on their path.

use super::splicer::{Refused, SpliceKind, Splicer, show_path};
use crate::path::{Segment, ValuePath};
use crate::yaml::hazard::{Hazard, HazardKind, flow_hazard, key_hazards, property_hazard};
use crate::yaml::{Entry, Node, ScalarStyle};
use std::ops::Range;

impl<'a> Splicer<'a> {
    /// The indentation step the file uses most (see [`indent_step`]).
    pub(super) fn step(&self) -> usize {
        *self
            .step
            .get_or_init(|| indent_step(self.document_root, self.input.text))
    }

    /// The first merge-key or repeated-key hazard among `node`'s entries (found once per node).
    pub(super) fn key_hazard(&self, node: &Node) -> Option<Hazard> {
        let mut cache = self.key_hazards.borrow_mut();
        let found = cache.entry(std::ptr::from_ref(node)).or_insert_with(|| {
            key_hazards(node, self.input.typing, None)
                .into_iter()
                .find(|h| h.kind != HazardKind::OpaqueKey)
        });
        found.clone()
    }

    /// Refuses what an edit on `path` cannot do safely (the rules of [`crate::yaml::hazard`]).
    ///
    /// Anchors, aliases, flow collections, merge keys and repeated keys anywhere on the path;
    /// a tag only on the edited node itself.
    pub(super) fn check_path(&self, document_root: &'a Node, path: &ValuePath) -> Refused<()> {
        let full = self.input.prefix.join(path);
        let steps = self.walk(document_root, &full);
        let last = steps.len() - 1;
        for (depth, &node) in steps.iter().enumerate() {
            let on_target = depth == last && depth == full.len() && depth > self.input.prefix.len();
            // A flow collection that *is* the value removed, renamed, moved or replaced is carried
            // (or dropped) as bytes; only an edit that would go inside one is refused.
            let whole_value = depth == last && depth == full.len();
            // An empty flow mapping that receives new keys is replaced whole, not edited inside.
            let replaced_whole = depth < full.len() && is_empty_flow_mapping(node);
            let hazard = property_hazard(node)
                .filter(|h| h.kind != HazardKind::Tag || on_target)
                .or_else(|| flow_hazard(node).filter(|_| !whole_value && !replaced_whole))
                .or_else(|| self.key_hazard(node));
            if let Some(hazard) = hazard {
                let here = ValuePath::from_segments(full.segments()[..depth].to_vec());
                let rel = here
                    .strip_prefix(self.input.prefix)
                    .unwrap_or_else(ValuePath::root);
                let message = format!(
                    "`{}` {} on the path of an edit to `{path}`: {}",
                    show_path(&here),
                    hazard.found,
                    hazard.why
                );
                return Err(self.refusal(
                    SpliceKind::Hazard(hazard.kind),
                    &rel,
                    hazard.at,
                    &message,
                ));
            }
        }
        Ok(())
    }

    /// The last entry of the mapping `holder` under `key` (the one a reader sees), or a refusal
    /// saying `path` is not in the file.
    pub(super) fn entry_of(
        &self,
        holder: Option<&'a Node>,
        key: &str,
        path: &ValuePath,
    ) -> Refused<&'a Entry> {
        holder
            .and_then(|node| self.child_entry(node, key))
            .ok_or_else(|| {
                self.refusal(
                    SpliceKind::VerifyFailed,
                    path,
                    0,
                    &format!("`{path}` is not in the file"),
                )
            })
    }

    /// The mapping entry at `path` (relative to the prefix).
    pub(super) fn entry(&self, path: &ValuePath) -> Refused<&'a Entry> {
        let parent_path = path.parent().unwrap_or_else(ValuePath::root);
        let parent = self.node_at(&parent_path);
        let key = match path.last() {
            Some(Segment::Key(key)) => key,
            _ => {
                return Err(self.refusal(
                    SpliceKind::NonScalarMove,
                    path,
                    0,
                    "list items are not edited one by one",
                ));
            }
        };
        self.entry_of(parent, key, path)
    }

    /// The entry's own lines (key line through its value's last line, line ending included) and its key column.
    pub(super) fn entry_lines(
        &self,
        path: &ValuePath,
        entry: &Entry,
    ) -> Refused<(Range<usize>, usize)> {
        let text = self.input.text;
        let key_start = entry.key.range().start;
        let line_start = self.line_start(key_start);
        let before = &text[line_start..key_start];
        if before.contains('\t') {
            return Err(self.refusal(
                SpliceKind::Indentation,
                path,
                line_start,
                &format!("`{path}` is indented with a tab; the splicer writes only spaces"),
            ));
        }
        if !before.chars().all(|c| c == ' ' || c == '-') {
            return Err(self.refusal(
                SpliceKind::Indentation,
                path,
                key_start,
                &format!("`{path}` does not start its line; the splicer edits whole lines"),
            ));
        }
        let end = entry.value.range().end.max(entry.key.range().end);
        let last = end.saturating_sub(usize::from(
            end > entry.key.range().end && text[..end].ends_with('\n'),
        ));
        let mut stop = self.lines.around_with_ending(last).end;
        if matches!(
            entry.value.scalar_style(),
            Some(ScalarStyle::Literal | ScalarStyle::Folded)
        ) {
            // A `|+` block keeps its trailing empty lines: they are its value.
            stop = trailing_blank_lines_end(text, stop, self.keeps_trailing_lines(&entry.value));
        }
        Ok((line_start..stop, key_start - line_start))
    }

    /// Where the line holding `offset` starts; a byte-order mark opening the file is not a column.
    pub(super) fn line_start(&self, offset: usize) -> usize {
        let start = self.lines.start(offset);
        if start == 0 && self.input.text.starts_with('\u{feff}') {
            '\u{feff}'.len_utf8().min(offset)
        } else {
            start
        }
    }

    pub(super) fn is_first_in_sequence_item(&self, entry: &Entry) -> bool {
        let line_start = self.line_start(entry.key.range().start);
        self.input.text[line_start..entry.key.range().start].contains('-')
    }

    /// The entries of the mapping that holds `path` (relative to the prefix); empty when none.
    pub(super) fn siblings(&self, path: &ValuePath) -> &'a [Entry] {
        let parent = path.parent().unwrap_or_else(ValuePath::root);
        self.node_at(&parent)
            .and_then(Node::entries)
            .unwrap_or_default()
    }

    /// The start of the comment lines directly above the line starting at `line_start` (no blank
    /// line between), or `line_start` when there are none.
    pub(super) fn comments_above(&self, line_start: usize, floor: usize) -> usize {
        let text = self.input.text;
        let mut start = line_start;
        // `start` is a line start: after a line feed, or after the file's byte-order mark.
        while start > floor && text[..start].ends_with('\n') {
            let above = self.line_start(start - 1);
            let line = text[above..start].trim_start_matches([' ', '\t']);
            if above < floor || !line.starts_with('#') {
                break;
            }
            start = above;
        }
        start
    }

    /// Where the entry before `entry` in its mapping ends (0 for the first): the lines above
    /// `entry` after it hold nothing of another value (not a block scalar's `#` line).
    pub(super) fn sibling_end(&self, path: &ValuePath, entry: &Entry) -> usize {
        let parent = path.parent().unwrap_or_else(ValuePath::root);
        let entries = self
            .node_at(&parent)
            .and_then(Node::entries)
            .unwrap_or_default();
        let index = entries.iter().position(|e| std::ptr::eq(e, entry));
        let Some(previous) = index.and_then(|i| i.checked_sub(1)).map(|i| &entries[i]) else {
            return 0;
        };
        let end = previous.value.range().end.max(previous.key.range().end);
        // The empty lines a `|+` block keeps are its value, not blank lines above `entry`.
        if !self.keeps_trailing_lines(&previous.value) {
            return end;
        }
        let line_end = self.lines.around_with_ending(end.saturating_sub(1)).end;
        trailing_blank_lines_end(self.input.text, line_end, true)
    }

    /// Whether `node` is a block scalar whose header keeps its trailing lines (`|+`, `>+`).
    pub(super) fn keeps_trailing_lines(&self, node: &Node) -> bool {
        if !matches!(
            node.scalar_style(),
            Some(ScalarStyle::Literal | ScalarStyle::Folded)
        ) {
            return false;
        }
        let header = self.input.text[node.range().start..]
            .lines()
            .next()
            .unwrap_or_default();
        header.split('#').next().unwrap_or_default().contains('+')
    }

    /// The comment line directly above `line_start`, if there is one: its line number and text.
    pub(super) fn comment_above(&self, line_start: usize) -> Option<(usize, String)> {
        let range = self.lines.above(line_start)?;
        let above = self.input.text[range.clone()].trim();
        // Numbered only for a comment kept (the whole text's lines are counted then).
        above
            .starts_with('#')
            .then(|| (self.lines.number(range.start), above.to_string()))
    }
}

/// Whether `node` is `{}`: a flow mapping with no entries, which new keys replace by a block.
pub(super) fn is_empty_flow_mapping(node: &Node) -> bool {
    node.is_flow() && node.entries().is_some_and(|entries| entries.is_empty())
}

/// Whether the last line of `node`'s text belongs to a block scalar.
pub(super) fn ends_in_block_scalar(node: &Node) -> bool {
    if let Some(entries) = node.entries() {
        return entries
            .last()
            .is_some_and(|e| ends_in_block_scalar(&e.value));
    }
    if let Some(items) = node.items() {
        return items.last().is_some_and(ends_in_block_scalar);
    }
    matches!(
        node.scalar_style(),
        Some(ScalarStyle::Literal | ScalarStyle::Folded)
    )
}

/// The end of the white-space-only lines from `from` that hold a space or a tab: a block
/// scalar's trailing lines, which belong to it (a tab left behind would not parse). Truly empty
/// lines after the last of them stay, keeping the blank line that separates entries, unless
/// `keep` (a `|+` block, whose value they are).
pub(super) fn trailing_blank_lines_end(text: &str, from: usize, keep: bool) -> usize {
    let mut end = from;
    let mut at = from;
    for line in text[from..].split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        if !body.chars().all(|c| c == ' ' || c == '\t') {
            break;
        }
        at += line.len();
        if keep || !body.is_empty() {
            end = at;
        }
    }
    end
}

/// The indentation step the file uses most: a block mapping's key column minus its parent's.
pub(super) fn indent_step(root: &Node, text: &str) -> usize {
    // (step, how often): a file uses a handful of steps.
    let mut counts: Vec<(usize, usize)> = Vec::new();
    let column = |offset: usize| offset - text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        if let Some(entries) = node.entries() {
            for entry in entries {
                if let Some(children) = entry.value.entries()
                    && !entry.value.is_flow()
                    && let Some(first) = children.first()
                {
                    let (parent, child) = (
                        column(entry.key.range().start),
                        column(first.key.range().start),
                    );
                    if child > parent {
                        let step = child - parent;
                        match counts.iter_mut().find(|(s, _)| *s == step) {
                            Some((_, n)) => *n += 1,
                            None => counts.push((step, 1)),
                        }
                    }
                }
                stack.push(&entry.value);
            }
        } else if let Some(items) = node.items() {
            stack.extend(items.iter());
        }
    }
    counts
        .into_iter()
        .max_by_key(|(step, n)| (*n, usize::MAX - step))
        .map_or(2, |(step, _)| step)
}

/// Whether Helm's reader refuses `line` (without its line feed) after the text `before`, for a
/// white-space line the splicer may leave behind: only a one-line plain value (`key: value` or
/// `- value`, no comment after it) takes such a line in, and only when the tab stands right of
/// that entry's key or dash; at the document's start, after a comment, a `---`, a key with
/// nothing after its colon, a quoted, flow or block value, Helm refuses it (the whole rule, which
/// verify applies to the result, is `yaml::helm_refusal`).
fn refuses_tab_line(before: &str, line: &str) -> bool {
    let body = line.trim_end_matches('\r');
    let Some(tab) = body.find('\t') else {
        return false;
    };
    if !body.chars().all(|c| c == ' ' || c == '\t') {
        return false;
    }
    let last = before
        .trim_start_matches('\u{feff}')
        .lines()
        .rfind(|l| !l.trim().is_empty());
    let Some(last) = last else { return true };
    let column = last.len() - last.trim_start_matches(' ').len();
    let entry = &last[column..];
    let value = match entry.strip_prefix("- ") {
        Some(item) => item.trim_start(),
        None => match entry.find(": ") {
            Some(colon) => entry[colon + 2..].trim_start(),
            None => return true,
        },
    };
    // A value that `key: ` or `- ` leads into, written plain on this line, with no comment.
    let plain = !value.is_empty()
        && !value.starts_with(['"', '\'', '[', '{', '|', '>', '#', '&', '*', '!'])
        && !value.contains(" #")
        && !value.trim_end().ends_with(':');
    !(plain && tab > column)
}

/// The end of the last white-space line from `at` (a line start) holding a tab that Helm's
/// reader would refuse once the text from `start` to `at` is gone; `at` when there is none.
pub(super) fn tab_lines_end(text: &str, start: usize, at: usize) -> usize {
    let mut end = at;
    let mut through = at;
    for line in text[at..].split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        if !body.chars().all(|c| c == ' ' || c == '\t') {
            break;
        }
        end += line.len();
        if refuses_tab_line(&text[..start], body) {
            through = end;
        }
    }
    through
}
