//! Removing entries: their own lines, the comments they leave in place, the blank lines around them.

use super::edit::Edit;
use super::find::ends_in_block_scalar;
use super::find::tab_lines_end;
use super::splicer::Insertion;
use super::splicer::{KeptComment, Refused, SpliceKind, Splicer, unreachable_refusal};
use crate::path::{self as tree, PathSet, Segment, ValuePath};
use crate::yaml::{Entry, Node};
use serde_json::Value;
use std::ops::Range;

/// The edits that cut entries, and what the later passes need to know about them.
pub(super) struct Cuts {
    pub(super) edits: Vec<Edit>,
    pub(super) kept_comments: Vec<KeptComment>,
    /// Indexes into `edits` of entries deleted outright (no comment kept).
    pub(super) deletions: Vec<usize>,
    /// A deletion (index into `edits`) that may start earlier, at the given offset.
    pub(super) widen: Option<(usize, usize)>,
}

impl<'a> Splicer<'a> {
    /// The deletions of the cut entries (removed, or moved away), with the comment lines they
    /// leave in place; files where new keys take the place of a cut.
    pub(super) fn cut_edits(
        &self,
        units: &[ValuePath],
        insertions: &mut [Insertion],
        moved_ranges: &[Range<usize>],
        headers: &[Range<usize>],
    ) -> Refused<Cuts> {
        // Lines that leave with a moved entry or a header are not kept in place.
        let carried: Vec<Range<usize>> = moved_ranges.iter().chain(headers).cloned().collect();
        let mut edits: Vec<Edit> = Vec::new();
        let mut kept_comments = Vec::new();
        // A deletion at the end of a file with no final line break that may take the break before it.
        let mut widen: Option<(usize, usize)> = None;
        // Entries deleted outright (no comment kept): a blank line they leave doubled goes too.
        let mut deletions: Vec<usize> = Vec::new();
        for unit in units {
            let entry = self.entry(unit)?;
            let (mut range, _) = self.entry_lines(unit, entry)?;
            // A moved entry's comment lines went with it.
            let travelled = moved_ranges
                .iter()
                .find(|m| m.end == range.end && m.start < range.start);
            let header = headers.iter().find(|h| h.end == range.start);
            if let Some(moved) = travelled.or(header) {
                range.start = moved.start;
            } else if let Some(comment) = self
                .comment_above(range.start)
                .filter(|_| !insertions.iter().any(|i| i.replaces.as_ref() == Some(unit)))
            {
                kept_comments.push(KeptComment {
                    path: unit.clone(),
                    line: comment.0,
                    text: comment.1,
                });
            }
            self.mark_cut(insertions, unit, entry, range.start);
            if self.is_first_in_sequence_item(entry) {
                edits.push(self.remove_first_in_item(unit, entry)?);
            } else {
                // White-space lines holding a tab that Helm's reader would meet first go too.
                range.end = tab_lines_end(self.input.text, range.start, range.end);
                let edit = self.delete_keeping_comments(range, &carried);
                if edit.content.is_empty() {
                    deletions.push(edits.len());
                    let start = self.unterminated_end(unit, entry, edit.range.clone());
                    if start < edit.range.start {
                        widen = Some((edits.len(), start));
                    }
                }
                edits.push(edit);
            }
        }

        Ok(Cuts {
            edits,
            kept_comments,
            deletions,
            widen,
        })
    }

    /// Files the cut of `unit` (its lines starting at `start`) with the new keys that replace it
    /// or go among its siblings at its place.
    fn mark_cut(
        &self,
        insertions: &mut [Insertion],
        unit: &ValuePath,
        entry: &Entry,
        start: usize,
    ) {
        let index_in_parent = self
            .siblings(unit)
            .iter()
            .position(|e| std::ptr::eq(e, entry));
        for insertion in insertions.iter_mut() {
            if insertion.replaces.as_ref() == Some(unit) {
                insertion.at_cut = Some(start);
            } else if unit.parent().as_ref() == Some(&insertion.parent)
                && insertion.replaces.is_none()
                && insertion.anchor.is_none_or(|a| Some(a) == index_in_parent)
            {
                insertion.at_cut = Some(insertion.at_cut.map_or(start, |at| at.min(start)));
            }
        }
    }

    /// Removes the first key of a block-sequence item so that the next key takes its place after the `- `.
    pub(super) fn remove_first_in_item(&self, path: &ValuePath, entry: &Entry) -> Refused<Edit> {
        let entries = self.siblings(path);
        let index = entries
            .iter()
            .position(|e| std::ptr::eq(e, entry))
            .unwrap_or(0);
        match entries.get(index + 1) {
            Some(next) => Ok(Edit::deletion(entry.key.range().start..next.key.range().start)),
            None => Err(self.refusal(SpliceKind::Indentation, path, entry.key.range().start,
                &format!("`{path}` is the only key of its list item; removing it would leave an empty item"))),
        }
    }

    /// Deletes `range`, keeping its comment-only lines (comments are never deleted).
    pub(super) fn delete_keeping_comments(
        &self,
        range: Range<usize>,
        moved: &[Range<usize>],
    ) -> Edit {
        let mut kept = String::new();
        let mut at = range.start;
        for line in self.input.text[range.clone()].split_inclusive('\n') {
            let start = at;
            at += line.len();
            // The first line is the key's own; a comment inside a moved entry travels with it.
            if start == range.start || moved.iter().any(|m| m.contains(&start)) {
                continue;
            }
            if line.trim_start().starts_with('#') {
                kept.push_str(line);
            }
        }
        Edit::replacement(range, kept)
    }

    /// Widens each run of adjacent deletions in `deletions` over the blank line after it when a
    /// blank line (or the start of the file) is before it, so removing entries between blank
    /// lines leaves one.
    pub(super) fn swallow_blank_lines(&self, edits: &mut [Edit], deletions: &[usize]) {
        let text = self.input.text;
        let mut order = deletions.to_vec();
        crate::order::by_key(&mut order, |&i| edits[i].range.start);
        // Deletions that meet (a block moved away, then the next one) leave one gap between them.
        let mut runs: Vec<Vec<usize>> = Vec::new();
        for index in order {
            match runs.last_mut() {
                Some(run) if edits[run[run.len() - 1]].range.end == edits[index].range.start => {
                    run.push(index);
                }
                _ => runs.push(vec![index]),
            }
        }
        for run in runs {
            let last = run[run.len() - 1];
            let range = edits[run[0]].range.start..edits[last].range.end;
            let before = text[..range.start].trim_start_matches('\u{feff}');
            let blank_before =
                before.is_empty() || before.ends_with("\n\n") || before.ends_with("\n\r\n");
            let blank = if text[range.end..].starts_with("\r\n") {
                2
            } else {
                usize::from(text[range.end..].starts_with('\n'))
            };
            let end = range.end + blank;
            let clear = edits.iter().enumerate().all(|(i, e)| {
                run.contains(&i) || e.range.end <= range.start || e.range.start >= end
            });
            // New keys written where it was keep the blank line after it.
            let replaced = edits.iter().any(|e| {
                e.range.is_empty() && run.iter().any(|&i| e.range.start == edits[i].range.start)
            });
            if blank > 0 && blank_before && clear && !replaced {
                edits[last].range.end = end;
            }
        }
    }

    /// Where a deletion of `range` starts so that a file with no final line break keeps none: the
    /// line break before the last line goes too, unless it ends a block scalar (whose value it is).
    pub(super) fn unterminated_end(
        &self,
        path: &ValuePath,
        entry: &Entry,
        range: Range<usize>,
    ) -> usize {
        let text = self.input.text;
        if range.end != text.len() || text.ends_with(['\n', '\r']) || range.start == 0 {
            return range.start;
        }
        let entries = self.siblings(path);
        let previous = entries
            .iter()
            .position(|e| std::ptr::eq(e, entry))
            .and_then(|i| i.checked_sub(1))
            .map(|i| &entries[i]);
        if previous.is_some_and(|p| ends_in_block_scalar(&p.value)) {
            return range.start;
        }
        let before = &text[..range.start];
        range.start
            - if before.ends_with("\r\n") {
                2
            } else {
                usize::from(before.ends_with('\n'))
            }
    }

    /// The topmost entries to delete: cut paths, climbing to parents that lose every key and that the proposal drops.
    pub(super) fn removal_units(&self, cut: &[ValuePath]) -> Vec<ValuePath> {
        let mut units: Vec<ValuePath> = cut.to_vec();
        loop {
            let set = PathSet::new(&units);
            let mut parents: Vec<ValuePath> = units
                .iter()
                .filter_map(ValuePath::parent)
                .filter(|p| !p.is_root() && !set.covers(p))
                .collect();
            crate::order::sort(&mut parents);
            parents.dedup();
            let before = units.len();
            for parent in parents {
                if tree::get(self.input.proposal, &parent).is_some() {
                    continue;
                }
                let Some(node) = self.node_at(&parent) else {
                    continue;
                };
                // A block list whose every item leaves (a list made a map elsewhere) goes too.
                let all_gone = match (node.entries(), node.items()) {
                    (Some(entries), _) => entries.iter().all(|e| {
                        e.key
                            .key_string(self.input.typing)
                            .is_some_and(|k| set.covers(&parent.key(k)))
                    }),
                    (None, Some(items)) => {
                        !node.is_flow() && (0..items.len()).all(|i| set.covers(&parent.index(i)))
                    }
                    (None, None) => false,
                };
                if all_gone {
                    units.push(parent);
                }
            }
            if units.len() == before {
                break;
            }
        }
        topmost(units)
    }

    /// The mappings whose every key leaves while the proposal keeps them, empty (`parent: {}`).
    pub(super) fn emptied_kept(
        &self,
        units: &[ValuePath],
        insertions: &[Insertion],
    ) -> Vec<ValuePath> {
        let cut = PathSet::new(units);
        let mut emptied: Vec<ValuePath> = units.iter().filter_map(ValuePath::parent).collect();
        crate::order::sort(&mut emptied);
        emptied.dedup();
        emptied.retain(|parent| {
            let kept_empty = matches!(tree::get(self.input.proposal, parent), Some(Value::Object(m)) if m.is_empty());
            let entries = self
                .node_at(parent)
                .and_then(Node::entries)
                .unwrap_or_default();
            kept_empty
                && !insertions.iter().any(|i| &i.parent == parent)
                && entries.iter().all(|e| {
                    e.key
                        .key_string(self.input.typing)
                        .is_some_and(|k| cut.covers(&parent.key(k)))
                })
        });
        emptied
    }

    /// Writes `{}` for a block mapping that loses every key: after its key's colon, or, for the
    /// document root, on the line of its first key (a document left with only `...` would not parse).
    pub(super) fn empty_mapping(&self, document_root: &'a Node, path: &ValuePath) -> Refused<Edit> {
        let text = self.input.text;
        let full = self.input.prefix.join(path);
        let Some(parent) = full.parent() else {
            let node = document_root;
            let at = self.line_start(node.range().start);
            return Ok(Edit::insertion(at, format!("{{}}{}", self.eol)));
        };
        let holder = self.node_under(document_root, &parent);
        let Some(Segment::Key(key)) = full.last() else {
            unreachable_refusal(path)?
        };
        let entry = self.entry_of(holder, key, path)?;
        let colon = text[entry.key.range().end..]
            .find(':')
            .map(|i| entry.key.range().end + i + 1)
            .filter(|&at| at <= entry.value.range().start)
            .ok_or_else(|| {
                self.refusal(
                    SpliceKind::Indentation,
                    path,
                    entry.key.range().start,
                    &format!("`{path}` has no `:` after its key; `{{}}` cannot be written"),
                )
            })?;
        Ok(Edit::insertion(colon, " {}"))
    }
}

/// Lets the deletion `widen` names start earlier (taking the line break before a file's
/// unterminated last line) when no other edit touches the bytes it would take.
pub(super) fn widen_to_final_break(edits: &mut [Edit], widen: Option<(usize, usize)>) {
    let Some((index, start)) = widen else { return };
    let old = edits[index].range.start;
    let clear = edits
        .iter()
        .enumerate()
        .all(|(i, e)| i == index || e.range.end <= start || e.range.start > old);
    if clear {
        edits[index].range.start = start;
    }
}

/// The paths of `units` that lie under no other of them, sorted.
fn topmost(mut units: Vec<ValuePath>) -> Vec<ValuePath> {
    crate::order::sort(&mut units);
    units.dedup();
    // Sorted, a path's descendants follow it directly.
    let mut out: Vec<ValuePath> = Vec::with_capacity(units.len());
    for unit in units {
        if !out.last().is_some_and(|top| unit.starts_with(top)) {
            out.push(unit);
        }
    }
    out
}
