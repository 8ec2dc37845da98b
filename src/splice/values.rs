//! Applying a values plan to the original text: each key's own lines change and nothing else moves.

use super::edit::{Edit, apply};
use super::lines::Lines;
use super::op::{Op, becomes_item, becomes_value, into_own_item};
use super::remove::widen_to_final_break;
use super::render::render_key_like;
use super::splicer::{
    Insertion, Refused, SpliceInput, SpliceKind, SpliceRefusal, Spliced, Splicer,
    unreachable_refusal,
};
use super::tree::{Content, item_without_keys, order_items, travelling_blanks};
use crate::path::{Segment, ValuePath};
use crate::yaml::Node;
use crate::yaml::hazard::HazardKind;
use std::cell::RefCell;
use std::ops::Range;

/// Applies the plan's operations to the text; the caller verifies the result.
pub fn splice(input: &SpliceInput<'_>) -> Refused<Spliced> {
    let document = input
        .stream
        .documents
        .get(input.document)
        .ok_or_else(|| SpliceRefusal {
            kind: SpliceKind::VerifyFailed,
            path: ValuePath::root(),
            offset: 0,
            message: format!("the file has no document {}", input.document),
        })?;
    let root = document
        .root
        .get(input.prefix, input.typing)
        .ok_or_else(|| SpliceRefusal {
            kind: SpliceKind::PrefixNotFound,
            path: ValuePath::root(),
            offset: document.range.start,
            message: format!("`{}` is not in the file", input.prefix),
        })?;
    let splicer = Splicer {
        input,
        lines: Lines::new(input.text),
        eol: if crate::text::has_crlf(input.text) {
            "\r\n"
        } else {
            "\n"
        },
        step: std::cell::OnceCell::new(),
        document_root: &document.root,
        root,
        key_hazards: RefCell::default(),
        key_index: RefCell::default(),
    };
    // A refusal raised before it had a node in hand points at where its path is written.
    splicer.run(&document.root).map_err(|mut refusal| {
        if refusal.offset == 0 {
            refusal.offset = document
                .root
                .offset_of(&input.prefix.join(&refusal.path), input.typing);
        }
        refusal
    })
}

/// What the ops write before the cuts and insertions are laid out.
#[derive(Default)]
struct OpEdits {
    edits: Vec<Edit>,
    /// Paths (relative to the prefix) whose entries leave their place: removed or moved away.
    cut_paths: Vec<ValuePath>,
    insertions: Vec<Insertion>,
    /// The lines of moved entries: their comments travel with them.
    moved_ranges: Vec<Range<usize>>,
}

impl<'a> Splicer<'a> {
    fn write_op(&self, op: &Op, out: &mut OpEdits) -> Refused<()> {
        match op {
            Op::Remove { path } => {
                refuse_index(path)?;
                out.cut_paths.push(path.clone());
            }
            Op::Rename { from, to, .. } if wraps_item(from, to) => {
                out.edits.push(self.wrap_item(from, to)?);
            }
            Op::Rename { from, to, .. } if becomes_item(from, to) => {
                out.edits.extend(self.wrap_in_list(from)?);
            }
            Op::Rename { from, to, .. } if becomes_value(from, to) => {
                out.edits.extend(self.unwrap_item(to)?);
            }
            Op::Rename { from, to, .. } => {
                refuse_index(from)?;
                refuse_index(to)?;
                let entry = self.entry(from)?;
                if from.parent() == to.parent() && !to.starts_with(from) {
                    let Some(Segment::Key(new_key)) = to.last() else {
                        unreachable_refusal(to)?
                    };
                    let key = &self.input.text[entry.key.range()];
                    let renamed = render_key_like(new_key, key, self.input.typing);
                    out.edits
                        .push(Edit::replacement(entry.key.range(), renamed));
                } else {
                    let (moved, replaced) =
                        self.move_entry(from, to, entry, &mut out.insertions)?;
                    out.moved_ranges.push(moved);
                    out.cut_paths.push(from.clone());
                    out.cut_paths.extend(replaced);
                }
            }
            Op::Set { path, value, .. } => {
                refuse_index(path)?;
                match self.node_at(path) {
                    Some(node) => out.edits.push(self.replace_value(path, node, value)?),
                    None => {
                        let content = Content::Value(value.clone());
                        let replaced = self.add_insertion(&mut out.insertions, path, content)?;
                        out.cut_paths.extend(replaced);
                    }
                }
            }
        }
        Ok(())
    }

    /// Refuses moving the keys of the mapping at `holder` into an item of the list it becomes: it
    /// becomes the list's one item in place only when it moves whole (nothing added or dropped).
    fn refuse_reshaped_with_changes(&self, holder: &ValuePath) -> Refused<()> {
        let Some(node) = self.node_at(holder).filter(|n| n.entries().is_some()) else {
            return Ok(());
        };
        if node.is_flow() {
            return Err(self.refusal(
                SpliceKind::Hazard(HazardKind::FlowCollection),
                holder,
                node.range().start,
                &format!(
                    "`{holder}` is a flow mapping (`{{…}}`) whose entries would become the items of a list: only block style is reshaped in place; write it as a block mapping first"
                ),
            ));
        }
        Err(self.refusal(
            SpliceKind::NonScalarMove,
            holder,
            node.range().start,
            &format!(
                "`{holder}` is a mapping in the file and a list in the proposal, with keys added to or dropped from its item: it becomes the one item of a list in place only when it moves whole; migrate the shape first (the item exactly as the mapping was), then change the item"
            ),
        ))
    }

    /// Checks every path an op touches before anything is written.
    fn check_ops(&self, document_root: &'a Node) -> Refused<()> {
        for op in self.input.ops {
            if let Op::Rename { from, to, .. } = op
                && wraps_item(from, to)
                && let Some(list) = self.flow_list_of(from)
            {
                // An item of a flow list wrapped in place: the list is edited inside, as a whole value.
                self.check_path(document_root, &list)?;
                continue;
            }
            if let Op::Rename { from, to, .. } = op
                && becomes_value(from, to)
            {
                // A list's one item made the value in its place: the list is edited as a whole value.
                self.check_path(document_root, to)?;
                continue;
            }
            if let Op::Rename { from, to, .. } = op
                && let Some(holder) = into_own_item(from, to)
                && !self.becomes_named_items(&holder)
            {
                self.refuse_reshaped_with_changes(&holder)?;
            }
            for path in op_paths(op) {
                self.check_path(document_root, path)?;
            }
        }
        Ok(())
    }

    /// The new keys grouped by where they go, each list's items in the proposal's order; moved
    /// ranges widened to the blank lines that travel with them.
    fn place_insertions(
        &self,
        insertions: Vec<Insertion>,
        moved_ranges: &mut [Range<usize>],
    ) -> Vec<Insertion> {
        let mut insertions = self.split_by_anchor(insertions);
        for insertion in &mut insertions {
            order_items(&mut insertion.tree, &insertion.parent, self.input.proposal);
        }
        // Blank lines that travel with a moved entry leave with it.
        let mut blanks = Vec::new();
        for insertion in &insertions {
            travelling_blanks(&insertion.tree, &mut blanks);
        }
        for moved in moved_ranges.iter_mut() {
            if let Some((_, blank)) = blanks.iter().find(|(start, _)| *start == moved.start) {
                moved.start = *blank;
            }
        }
        insertions
    }

    fn run(&self, document_root: &'a Node) -> Refused<Spliced> {
        self.check_ops(document_root)?;
        let mut written = OpEdits::default();
        for op in self.input.ops {
            self.write_op(op, &mut written)?;
        }
        let OpEdits {
            mut edits,
            cut_paths,
            insertions,
            mut moved_ranges,
        } = written;
        let mut insertions = self.place_insertions(insertions, &mut moved_ranges);
        for insertion in &insertions {
            if let Some(item) = item_without_keys(&insertion.tree, &insertion.parent) {
                let message = format!(
                    "`{item}` would be a new list item with nothing written into it: its items before and after are, so it would be left empty"
                );
                return Err(self.refusal(SpliceKind::NonScalarMove, &item, 0, &message));
            }
        }
        let text = self.input.text;

        // A mapping whose every key leaves, and which the proposal drops too, goes with them.
        let units = self.removal_units(&cut_paths);
        let headers = self.claim_headers(&mut insertions, &units)?;
        for emptied in self.emptied_kept(&units, &insertions) {
            edits.push(self.empty_mapping(document_root, &emptied)?);
        }
        let cuts = self.cut_edits(&units, &mut insertions, &moved_ranges, &headers)?;
        let base = edits.len();
        edits.extend(cuts.edits);
        let widen = cuts.widen.map(|(i, start)| (base + i, start));
        let deletions: Vec<usize> = cuts.deletions.iter().map(|i| base + i).collect();
        let kept_comments = cuts.kept_comments;

        edits.extend(self.insertion_edits(&insertions)?);
        comments_before_new_keys(&mut edits);
        widen_to_final_break(&mut edits, widen);
        self.swallow_blank_lines(&mut edits, &deletions);
        let text = apply(text, edits).map_err(|e| SpliceRefusal {
            kind: SpliceKind::VerifyFailed,
            path: ValuePath::root(),
            offset: 0,
            message: format!("the plan's edits collide: {e}"),
        })?;
        Ok(Spliced {
            text,
            kept_comments,
        })
    }
}

fn op_paths(op: &Op) -> Vec<&ValuePath> {
    match op {
        Op::Remove { path } | Op::Set { path, .. } => vec![path],
        Op::Rename { from, .. } => vec![from],
    }
}

fn refuse_index(path: &ValuePath) -> Refused<()> {
    if matches!(path.last(), Some(Segment::Index(_))) {
        return Err(SpliceRefusal {
            kind: SpliceKind::NonScalarMove,
            path: path.clone(),
            offset: 0,
            message: format!("`{path}` is a list item; list items are not moved or set one by one"),
        });
    }
    Ok(())
}

/// Whether a rename makes a list item's scalar the value of a key in that same item
/// (`imagePullSecrets[0]` → `imagePullSecrets[0].name`).
fn wraps_item(from: &ValuePath, to: &ValuePath) -> bool {
    matches!(from.last(), Some(Segment::Index(_)))
        && matches!(to.last(), Some(Segment::Key(_)))
        && to.parent().as_ref() == Some(from)
}

/// Comment lines kept from a cut entry where new keys take its place go above the new keys
/// (`# long-term metrics` above a list item stays above the first key made of it), not below.
fn comments_before_new_keys(edits: &mut [Edit]) {
    for i in 0..edits.len() {
        if !edits[i].range.is_empty() || edits[i].content.is_empty() {
            continue;
        }
        let at = edits[i].range.start;
        let kept = edits
            .iter()
            .position(|e| e.range.start == at && !e.range.is_empty() && !e.content.is_empty());
        if let Some(k) = kept {
            let comments = std::mem::take(&mut edits[k].content);
            let indent = |line: &str| line.len() - line.trim_start_matches(' ').len();
            let content = &edits[i].content;
            // Deeper than the new block's first line (the replaced key's): under that key.
            let at = match content.find('\n') {
                Some(end) if indent(&comments) > indent(content) => end + 1,
                _ => 0,
            };
            edits[i].content.insert_str(at, &comments);
        }
    }
}
