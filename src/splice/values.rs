//! Applying a values plan to the original text: each key's own lines change and nothing else moves.

use super::edit::{Edit, apply};
use super::op::Op;
use super::render::{render_key, render_key_like, render_value};
use crate::path::{self as tree, Segment, ValuePath};
use crate::text::LineIndex;
use crate::yaml::hazard::{Hazard, HazardKind, flow_hazard, key_hazards, property_hazard};
use crate::yaml::{Entry, Node, NodeKind, ScalarStyle, Stream, Typing};
use serde_json::Value;
use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::Range;

/// What the splicer needs: the original text, its parse, where the values are, and the plan.
pub struct SpliceInput<'a> {
    /// The original file text.
    pub text: &'a str,
    /// The parse of `text`.
    pub stream: &'a Stream,
    /// Which document of the stream holds the values.
    pub document: usize,
    /// Where the values root is inside that document.
    pub prefix: &'a ValuePath,
    /// How scalars are typed.
    pub typing: Typing,
    /// The plan.
    pub ops: &'a [Op],
    /// The values the result must hold at the prefix (the proposal with answers applied).
    pub proposal: &'a Value,
}

/// A comment line left in place directly above a key the plan removed or moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptComment {
    /// The key it stood above, relative to the prefix.
    pub path: ValuePath,
    /// The comment's 1-based line in the original text.
    pub line: usize,
    /// The comment, trimmed.
    pub text: String,
}

/// The edited text, before verification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spliced {
    /// The new file text.
    pub text: String,
    /// Comment lines kept next to removed or moved keys.
    pub kept_comments: Vec<KeptComment>,
}

/// Which kind of problem stops a plan from being written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpliceKind {
    /// A hazard of [`crate::yaml::hazard`] on the path of an edit.
    Hazard(HazardKind),
    /// A mapping or list would have to move in a way the splicer cannot write.
    NonScalarMove,
    /// A block scalar is where a one-line edit is needed.
    BlockScalar,
    /// Indentation or tabs the splicer cannot reproduce.
    Indentation,
    /// The edits cannot be written as asked (they collide, or the document is missing).
    VerifyFailed,
    /// The values root is not in the file.
    PrefixNotFound,
}

/// Why a plan cannot be written into this text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpliceRefusal {
    /// Which refusal.
    pub kind: SpliceKind,
    /// The value path it is about, relative to the prefix.
    pub path: ValuePath,
    /// Where in the original text, as a byte offset.
    pub offset: usize,
    /// What is wrong, for a person.
    pub message: String,
}

type Refused<T> = Result<T, SpliceRefusal>;

/// Something to write under an existing mapping: a moved entry's lines, or a value to set.
enum Content {
    /// A moved entry: its original lines, re-indented, the key renamed.
    Moved {
        lines: Range<usize>,
        /// The comment lines directly above the key, which travel with it (empty when none).
        comments: Range<usize>,
        key: Range<usize>,
        indent: usize,
        /// Whether its last line is a block scalar's: it must keep its line break.
        block_end: bool,
    },
    /// A new value rendered as YAML.
    Value(Value),
}

/// New keys under one existing mapping, as a small tree in the order they are first met.
#[derive(Default)]
struct NewTree {
    children: Vec<(String, NewNode)>,
}

enum NewNode {
    Parent(NewTree),
    /// A new block sequence whose items are new mappings.
    Items(Vec<NewTree>),
    Leaf(Content),
}

impl NewTree {
    /// Files `content` at `rel`: keys, and list indexes only into lists this tree creates.
    fn insert(&mut self, rel: &[Segment], content: Content) -> Result<(), String> {
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
                    Segment::Index(_) => NewNode::Items(Vec::new()),
                    Segment::Key(_) => NewNode::Parent(NewTree::default()),
                };
                self.children.push((first.clone(), node));
                self.children.len() - 1
            }
        };
        match (&mut self.children[index].1, &rest[0]) {
            (NewNode::Parent(tree), Segment::Key(_)) => tree.insert(rest, content),
            (NewNode::Items(items), Segment::Index(i)) if rest.len() > 1 && *i <= items.len() => {
                if *i == items.len() {
                    items.push(NewTree::default());
                }
                items[*i].insert(&rest[1..], content)
            }
            (NewNode::Items(_), Segment::Index(i)) => Err(format!(
                "`{first}[{i}]` would be a new list item written out of order or without keys"
            )),
            (NewNode::Leaf(_), _) => Err(format!("`{first}` would be both a value and a mapping")),
            _ => Err(format!("`{first}` would be both a list and a mapping")),
        }
    }
}

/// The edits that cut entries, and what the later passes need to know about them.
struct Cuts {
    edits: Vec<Edit>,
    kept_comments: Vec<KeptComment>,
    /// Indexes into `edits` of entries deleted outright (no comment kept).
    deletions: Vec<usize>,
    /// A deletion (index into `edits`) that may start earlier, at the given offset.
    widen: Option<(usize, usize)>,
}

/// Where new keys go under one existing mapping.
struct Insertion {
    /// The mapping's path relative to the prefix.
    parent: ValuePath,
    tree: NewTree,
    /// The start of the earliest cut that sat directly in this mapping: new keys take its place.
    at_cut: Option<usize>,
    /// The scalar entry the new keys replace (`expose: true` → `expose.default`): they go where it was.
    replaces: Option<ValuePath>,
}

struct Splicer<'a> {
    input: &'a SpliceInput<'a>,
    lines: LineIndex<'a>,
    eol: &'static str,
    step: usize,
    root: &'a Node,
    /// Each mapping's key hazard, found once: every op's path crosses the same mappings
    /// (the root's entries would otherwise be looked at once per op). Keyed by the node's address
    /// in the original tree, which the splice does not change.
    key_hazards: RefCell<HashMap<*const Node, Option<Hazard>>>,
}

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
        lines: LineIndex::new(input.text),
        eol: if input.text.contains("\r\n") {
            "\r\n"
        } else {
            "\n"
        },
        step: indent_step(&document.root, input.text),
        root,
        key_hazards: RefCell::default(),
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
    /// Writes one op: a key renamed in place, an entry moved or cut, a value replaced or added.
    fn write_op(&self, op: &Op, out: &mut OpEdits) -> Refused<()> {
        match op {
            Op::Remove { path } => {
                refuse_index(path)?;
                out.cut_paths.push(path.clone());
            }
            Op::Rename { from, to, .. } => {
                refuse_index(from)?;
                refuse_index(to)?;
                let entry = self.entry(from)?;
                if from.parent() == to.parent() && !to.starts_with(from) {
                    let Some(Segment::Key(new_key)) = to.last() else {
                        unreachable_refusal(to)?
                    };
                    let key = &self.input.text[entry.key.range.clone()];
                    let renamed = render_key_like(new_key, key, self.input.typing);
                    out.edits
                        .push(Edit::replacement(entry.key.range.clone(), renamed));
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
                match self.root.get(path, self.input.typing) {
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

    fn run(&self, document_root: &'a Node) -> Refused<Spliced> {
        // Check every path an op touches before writing anything.
        for op in self.input.ops {
            for path in op_paths(op) {
                self.check_path(document_root, path)?;
            }
        }
        let mut written = OpEdits::default();
        for op in self.input.ops {
            self.write_op(op, &mut written)?;
        }
        let OpEdits {
            mut edits,
            cut_paths,
            mut insertions,
            moved_ranges,
        } = written;
        let text = self.input.text;

        // A mapping whose every key leaves, and which the proposal drops too, goes with them.
        let units = self.removal_units(&cut_paths);
        for emptied in self.emptied_kept(&units, &insertions) {
            edits.push(self.empty_mapping(document_root, &emptied)?);
        }
        let cuts = self.cut_edits(&units, &mut insertions, &moved_ranges)?;
        let base = edits.len();
        edits.extend(cuts.edits);
        let widen = cuts.widen.map(|(i, start)| (base + i, start));
        let deletions: Vec<usize> = cuts.deletions.iter().map(|i| base + i).collect();
        let kept_comments = cuts.kept_comments;

        edits.extend(self.insertion_edits(&insertions)?);
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

    /// The new keys as insertions, grouped by the mapping they go under; deeper mappings first
    /// where two end together.
    fn insertion_edits(&self, insertions: &[Insertion]) -> Refused<Vec<Edit>> {
        let mut blocks: Vec<(usize, usize, String)> = Vec::new();
        for insertion in insertions {
            let (offset, indent, leading_eol) = self.insertion_point(insertion)?;
            let mut block = String::new();
            self.render_tree(&insertion.tree, indent, &mut block)?;
            // A block scalar's last line keeps its break: at the end of input it would lose it.
            if leading_eol {
                let body = if ends_in_moved_block(&insertion.tree) {
                    &block
                } else {
                    block.strip_suffix(self.eol).unwrap_or(&block)
                };
                block = format!("{}{body}", self.eol);
            }
            blocks.push((offset, insertion.parent.len(), block));
        }
        // By offset, then deeper first; the order given where both tie.
        crate::order::by_key(&mut blocks, |(offset, depth, _)| {
            (*offset, std::cmp::Reverse(*depth))
        });
        let mut edits: Vec<Edit> = Vec::new();
        let mut blocks = blocks.into_iter().peekable();
        while let Some((offset, _, mut content)) = blocks.next() {
            while let Some((_, _, block)) = blocks.next_if(|(next, _, _)| *next == offset) {
                content.push_str(&block);
            }
            edits.push(Edit::insertion(offset, content));
        }
        Ok(edits)
    }

    /// The deletions of the cut entries (removed, or moved away), with the comment lines they
    /// leave in place; files where new keys take the place of a cut.
    fn cut_edits(
        &self,
        units: &[ValuePath],
        insertions: &mut [Insertion],
        moved_ranges: &[Range<usize>],
    ) -> Refused<Cuts> {
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
            if let Some(moved) = travelled {
                range.start = moved.start;
            } else if let Some(comment) = self.comment_above(range.start) {
                kept_comments.push(KeptComment {
                    path: unit.clone(),
                    line: comment.0,
                    text: comment.1,
                });
            }
            for insertion in insertions.iter_mut() {
                if insertion.replaces.as_ref() == Some(unit) {
                    insertion.at_cut = Some(range.start);
                } else if unit.parent().as_ref() == Some(&insertion.parent)
                    && insertion.replaces.is_none()
                {
                    insertion.at_cut = Some(
                        insertion
                            .at_cut
                            .map_or(range.start, |at| at.min(range.start)),
                    );
                }
            }
            if self.is_first_in_sequence_item(entry) {
                edits.push(self.remove_first_in_item(unit, entry)?);
            } else {
                let edit = self.delete_keeping_comments(range, moved_ranges);
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

    /// Files the entry at `from` to be written at `to`: the lines it leaves (its comment lines
    /// above included, which travel with it) and the scalar entry its new keys replace.
    fn move_entry(
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
        let comments = self.comments_above(lines.start, self.sibling_end(from, entry))..lines.start;
        let moved = comments.start..lines.end;
        let replaced = self.add_insertion(
            insertions,
            to,
            Content::Moved {
                lines,
                comments,
                key: entry.key.range.clone(),
                indent,
                block_end: ends_in_block_scalar(&entry.value),
            },
        )?;
        Ok((moved, replaced))
    }

    fn refusal(
        &self,
        kind: SpliceKind,
        path: &ValuePath,
        offset: usize,
        message: &str,
    ) -> SpliceRefusal {
        SpliceRefusal {
            kind,
            path: path.clone(),
            offset,
            message: message.to_string(),
        }
    }

    /// Refuses what an edit on `path` cannot do safely (the rules of [`crate::yaml::hazard`]).
    ///
    /// Anchors, aliases, flow collections, merge keys and repeated keys anywhere on the path;
    /// a tag only on the edited node itself.
    /// The first merge-key or repeated-key hazard among `node`'s entries (found once per node).
    fn key_hazard(&self, node: &Node) -> Option<Hazard> {
        let mut cache = self.key_hazards.borrow_mut();
        let found = cache.entry(std::ptr::from_ref(node)).or_insert_with(|| {
            key_hazards(node, self.input.typing, None)
                .into_iter()
                .find(|h| h.kind != HazardKind::OpaqueKey)
        });
        found.clone()
    }

    fn check_path(&self, document_root: &'a Node, path: &ValuePath) -> Refused<()> {
        let full = self.input.prefix.join(path);
        let steps = document_root.walk(&full, self.input.typing);
        let last = steps.len() - 1;
        for (depth, step) in steps.iter().enumerate() {
            let node = step.node;
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
    fn entry_of(
        &self,
        holder: Option<&'a Node>,
        key: &str,
        path: &ValuePath,
    ) -> Refused<&'a Entry> {
        holder
            .and_then(Node::entries)
            .and_then(|entries| {
                entries
                    .iter()
                    .rev()
                    .find(|e| e.key.key_string(self.input.typing).as_deref() == Some(key))
            })
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
    fn entry(&self, path: &ValuePath) -> Refused<&'a Entry> {
        let parent_path = path.parent().unwrap_or_else(ValuePath::root);
        let parent = self.root.get(&parent_path, self.input.typing);
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
    fn entry_lines(&self, path: &ValuePath, entry: &Entry) -> Refused<(Range<usize>, usize)> {
        let text = self.input.text;
        let key_start = entry.key.range.start;
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
        let end = entry.value.range.end.max(entry.key.range.end);
        let last_line = self.lines.line_of(end.saturating_sub(usize::from(
            end > entry.key.range.end && text[..end].ends_with('\n'),
        )));
        let mut stop = self
            .lines
            .line_range_with_ending(last_line)
            .map_or(text.len(), |r| r.end);
        if matches!(
            entry.value.scalar_style(),
            Some(ScalarStyle::Literal | ScalarStyle::Folded)
        ) {
            stop = trailing_blank_lines_end(text, stop);
        }
        Ok((line_start..stop, key_start - line_start))
    }

    /// Where the line holding `offset` starts; a byte-order mark opening the file is not a column.
    fn line_start(&self, offset: usize) -> usize {
        let start = self
            .lines
            .line_range(self.lines.line_of(offset))
            .map_or(offset, |r| r.start);
        if start == 0 && self.input.text.starts_with('\u{feff}') {
            '\u{feff}'.len_utf8().min(offset)
        } else {
            start
        }
    }

    fn is_first_in_sequence_item(&self, entry: &Entry) -> bool {
        let line_start = self.line_start(entry.key.range.start);
        self.input.text[line_start..entry.key.range.start].contains('-')
    }

    /// The entries of the mapping that holds `path` (relative to the prefix); empty when none.
    fn siblings(&self, path: &ValuePath) -> &'a [Entry] {
        let parent = path.parent().unwrap_or_else(ValuePath::root);
        self.root
            .get(&parent, self.input.typing)
            .and_then(Node::entries)
            .unwrap_or_default()
    }

    /// Removes the first key of a block-sequence item so that the next key takes its place after the `- `.
    fn remove_first_in_item(&self, path: &ValuePath, entry: &Entry) -> Refused<Edit> {
        let entries = self.siblings(path);
        let index = entries
            .iter()
            .position(|e| std::ptr::eq(e, entry))
            .unwrap_or(0);
        match entries.get(index + 1) {
            Some(next) => Ok(Edit::deletion(entry.key.range.start..next.key.range.start)),
            None => Err(self.refusal(SpliceKind::Indentation, path, entry.key.range.start,
                &format!("`{path}` is the only key of its list item; removing it would leave an empty item"))),
        }
    }

    /// Deletes `range`, keeping its comment-only lines (comments are never deleted).
    fn delete_keeping_comments(&self, range: Range<usize>, moved: &[Range<usize>]) -> Edit {
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

    /// Widens each deletion in `deletions` over the blank line after it when a blank line (or the
    /// start of the file) is before it, so removing an entry between blank lines leaves one.
    fn swallow_blank_lines(&self, edits: &mut [Edit], deletions: &[usize]) {
        let text = self.input.text;
        for &index in deletions {
            let range = edits[index].range.clone();
            let before = text[..range.start].trim_start_matches('\u{feff}');
            let blank_before =
                before.is_empty() || before.ends_with("\n\n") || before.ends_with("\n\r\n");
            let blank = if text[range.end..].starts_with("\r\n") {
                2
            } else {
                usize::from(text[range.end..].starts_with('\n'))
            };
            let end = range.end + blank;
            let clear = edits
                .iter()
                .enumerate()
                .all(|(i, e)| i == index || e.range.end <= range.start || e.range.start >= end);
            // New keys written where it was keep the blank line after it.
            let replaced = edits
                .iter()
                .any(|e| e.range.is_empty() && e.range.start == range.start);
            if blank > 0 && blank_before && clear && !replaced {
                edits[index].range.end = end;
            }
        }
    }

    /// The start of the comment lines directly above the line starting at `line_start` (no blank
    /// line between), or `line_start` when there are none.
    fn comments_above(&self, line_start: usize, floor: usize) -> usize {
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

    /// Where a deletion of `range` starts so that a file with no final line break keeps none: the
    /// line break before the last line goes too, unless it ends a block scalar (whose value it is).
    fn unterminated_end(&self, path: &ValuePath, entry: &Entry, range: Range<usize>) -> usize {
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

    /// Where the entry before `entry` in its mapping ends (0 for the first): the lines above
    /// `entry` after it hold nothing of another value (not a block scalar's `#` line).
    fn sibling_end(&self, path: &ValuePath, entry: &Entry) -> usize {
        let parent = path.parent().unwrap_or_else(ValuePath::root);
        let entries = self
            .root
            .get(&parent, self.input.typing)
            .and_then(Node::entries)
            .unwrap_or_default();
        let index = entries.iter().position(|e| std::ptr::eq(e, entry));
        match index {
            Some(i) if i > 0 => entries[i - 1]
                .value
                .range
                .end
                .max(entries[i - 1].key.range.end),
            _ => 0,
        }
    }

    /// The comment line directly above `line_start`, if there is one: its line number and text.
    fn comment_above(&self, line_start: usize) -> Option<(usize, String)> {
        let line = self.lines.line_of(line_start);
        if line <= 1 {
            return None;
        }
        let range = self.lines.line_range(line - 1)?;
        let above = self.input.text[range].trim();
        above
            .starts_with('#')
            .then(|| (line - 1, above.to_string()))
    }

    /// The topmost entries to delete: cut paths, climbing to parents that lose every key and that the proposal drops.
    fn removal_units(&self, cut: &[ValuePath]) -> Vec<ValuePath> {
        let is_cut = |p: &ValuePath, units: &[ValuePath]| units.iter().any(|u| p.starts_with(u));
        let mut units: Vec<ValuePath> = cut.to_vec();
        loop {
            let mut grown = false;
            let parents: Vec<ValuePath> = units
                .iter()
                .filter_map(ValuePath::parent)
                .filter(|p| !p.is_root())
                .collect();
            for parent in parents {
                if is_cut(&parent, &units) || tree::get(self.input.proposal, &parent).is_some() {
                    continue;
                }
                let Some(entries) = self
                    .root
                    .get(&parent, self.input.typing)
                    .and_then(Node::entries)
                else {
                    continue;
                };
                let all_gone = entries.iter().all(|e| {
                    e.key
                        .key_string(self.input.typing)
                        .is_some_and(|k| is_cut(&parent.key(k), &units))
                });
                if all_gone {
                    units.push(parent);
                    grown = true;
                }
            }
            if !grown {
                break;
            }
        }
        let mut topmost: Vec<ValuePath> = units
            .iter()
            .filter(|u| !units.iter().any(|o| o != *u && u.starts_with(o)))
            .cloned()
            .collect();
        crate::order::sort(&mut topmost);
        topmost.dedup();
        topmost
    }

    /// The mappings whose every key leaves while the proposal keeps them, empty (`parent: {}`).
    fn emptied_kept(&self, units: &[ValuePath], insertions: &[Insertion]) -> Vec<ValuePath> {
        let mut emptied: Vec<ValuePath> = units.iter().filter_map(ValuePath::parent).collect();
        crate::order::sort(&mut emptied);
        emptied.dedup();
        emptied.retain(|parent| {
            let kept_empty = matches!(tree::get(self.input.proposal, parent), Some(Value::Object(m)) if m.is_empty());
            let entries = self
                .root
                .get(parent, self.input.typing)
                .and_then(Node::entries)
                .unwrap_or_default();
            kept_empty
                && !insertions.iter().any(|i| &i.parent == parent)
                && entries.iter().all(|e| {
                    e.key
                        .key_string(self.input.typing)
                        .is_some_and(|k| units.iter().any(|u| parent.key(k.clone()).starts_with(u)))
                })
        });
        emptied
    }

    /// Writes `{}` for a block mapping that loses every key: after its key's colon, or, for the
    /// document root, on the line of its first key (a document left with only `...` would not parse).
    fn empty_mapping(&self, document_root: &Node, path: &ValuePath) -> Refused<Edit> {
        let text = self.input.text;
        let full = self.input.prefix.join(path);
        let Some(parent) = full.parent() else {
            let node = document_root;
            let at = self.line_start(node.range.start);
            return Ok(Edit::insertion(at, format!("{{}}{}", self.eol)));
        };
        let holder = document_root.get(&parent, self.input.typing);
        let Some(Segment::Key(key)) = full.last() else {
            unreachable_refusal(path)?
        };
        let entry = self.entry_of(holder, key, path)?;
        let colon = text[entry.key.range.end..]
            .find(':')
            .map(|i| entry.key.range.end + i + 1)
            .filter(|&at| at <= entry.value.range.start)
            .ok_or_else(|| {
                self.refusal(
                    SpliceKind::Indentation,
                    path,
                    entry.key.range.start,
                    &format!("`{path}` has no `:` after its key; `{{}}` cannot be written"),
                )
            })?;
        Ok(Edit::insertion(colon, " {}"))
    }

    /// Files `content` for `to` under the deepest existing mapping on its path; returns the scalar
    /// entry in the way, which the caller cuts.
    fn add_insertion(
        &self,
        insertions: &mut Vec<Insertion>,
        to: &ValuePath,
        content: Content,
    ) -> Refused<Option<ValuePath>> {
        let mut parent = to.parent().unwrap_or_else(ValuePath::root);
        loop {
            let node = self.root.get(&parent, self.input.typing);
            // An empty flow mapping (`podLabels: {}`) is replaced by the block its new keys need.
            if let Some(node) = node
                && matches!(node.kind, NodeKind::Mapping { .. })
                && (parent.is_root() || !is_empty_flow_mapping(node))
            {
                break;
            }
            match parent.parent() {
                Some(up) => parent = up,
                None => break,
            }
        }
        // Keys, and indexes into lists this plan creates (an existing list is refused below).
        let rel: Vec<Segment> = to
            .strip_prefix(&parent)
            .unwrap_or_default()
            .segments()
            .to_vec();
        // A scalar (an empty value, or a displaced one) where the new keys need a mapping is
        // replaced: its entry is cut and the new keys take its place.
        let mut replaced = None;
        if let Some(Segment::Key(first)) = rel.first() {
            let child = parent.key(first.clone());
            if let Some(node) = self.root.get(&child, self.input.typing)
                && rel.len() > 1
            {
                if !node.is_scalar() && !is_empty_flow_mapping(node) {
                    return Err(self.refusal(
                        SpliceKind::NonScalarMove,
                        &child,
                        node.range.start,
                        &format!(
                            "`{child}` is a list or an alias; `{to}` cannot be written under it"
                        ),
                    ));
                }
                replaced = Some(child);
            }
        }
        let index = match insertions.iter().position(|i| i.parent == parent) {
            Some(index) => index,
            None => {
                insertions.push(Insertion {
                    parent: parent.clone(),
                    tree: NewTree::default(),
                    at_cut: None,
                    replaces: None,
                });
                insertions.len() - 1
            }
        };
        if insertions[index].replaces.is_none() {
            insertions[index].replaces = replaced.clone();
        }
        insertions[index]
            .tree
            .insert(&rel, content)
            .map_err(|message| self.refusal(SpliceKind::NonScalarMove, to, 0, &message))?;
        Ok(replaced)
    }

    /// Where an insertion goes: the byte offset, the indentation of its keys, and whether a line ending must lead.
    fn insertion_point(&self, insertion: &Insertion) -> Refused<(usize, usize, bool)> {
        let node = self.root.get(&insertion.parent, self.input.typing);
        let entries = node.and_then(Node::entries).unwrap_or_default();
        let text = self.input.text;
        let indent = match entries.first() {
            Some(first) => {
                let line_start = self.line_start(first.key.range.start);
                text[line_start..first.key.range.start].chars().count()
            }
            None => 0,
        };
        if let Some(node) = node
            && node.is_flow()
        {
            return Err(self.refusal(
                SpliceKind::Hazard(HazardKind::FlowCollection),
                &insertion.parent,
                node.range.start,
                &format!(
                    "`{}` is a flow mapping; new keys are written only into block mappings",
                    show_path(&insertion.parent)
                ),
            ));
        }
        if let Some(at) = insertion.at_cut {
            return Ok((at, indent, false));
        }
        let Some(last) = entries.last() else {
            return Err(self.refusal(
                SpliceKind::Indentation,
                &insertion.parent,
                0,
                &format!(
                    "`{}` has no keys to take the indentation from",
                    show_path(&insertion.parent)
                ),
            ));
        };
        let path = insertion
            .parent
            .key(last.key.key_string(self.input.typing).unwrap_or_default());
        let (range, _) = self.entry_lines(&path, last)?;
        let leading_eol = range.end == text.len() && !text.ends_with('\n') && !text.ends_with('\r');
        Ok((range.end, indent, leading_eol))
    }

    fn render_tree(&self, tree: &NewTree, indent: usize, out: &mut String) -> Refused<()> {
        let pad = " ".repeat(indent);
        for (key, node) in &tree.children {
            match node {
                NewNode::Parent(child) => {
                    out.push_str(&format!(
                        "{pad}{}:{}",
                        render_key(key, self.input.typing),
                        self.eol
                    ));
                    self.render_tree(child, indent + self.step, out)?;
                }
                NewNode::Items(items) => {
                    out.push_str(&format!(
                        "{pad}{}:{}",
                        render_key(key, self.input.typing),
                        self.eol
                    ));
                    let dash = indent + self.step;
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
                        self.step,
                        self.eol,
                        self.input.typing,
                    ));
                }
                NewNode::Leaf(Content::Moved {
                    lines,
                    comments,
                    key: key_range,
                    indent: old,
                    ..
                }) => {
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

    /// A moved entry's lines, verbatim but for the key and a uniform change of indentation.
    fn reindent(
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

    /// Replaces a value in place: a scalar's bytes only, or the whole entry for a collection.
    fn replace_value(&self, path: &ValuePath, node: &Node, value: &Value) -> Refused<Edit> {
        let scalar_to_scalar = !value.is_object() && !value.is_array();
        let block = matches!(
            node.scalar_style(),
            Some(ScalarStyle::Literal | ScalarStyle::Folded)
        );
        if node.is_scalar() && scalar_to_scalar && !block {
            let mut content = super::render::render_scalar(value, self.input.typing);
            // An empty value (`key:`) has no space after its colon yet.
            if node.range.is_empty() && !self.input.text[..node.range.start].ends_with([' ', '\t'])
            {
                content.insert(0, ' ');
            }
            return Ok(Edit::replacement(node.range.clone(), content));
        }
        // A collection or a block scalar: the entry's lines are written anew (from the key on,
        // so a list item's `- ` stays).
        let entry = self.entry(path)?;
        let (range, indent) = self.entry_lines(path, entry)?;
        let Some(Segment::Key(key)) = path.last() else {
            unreachable_refusal(path)?
        };
        let written = render_value(key, value, indent, self.step, self.eol, self.input.typing);
        let start = entry.key.range.start;
        Ok(Edit::replacement(
            start..range.end,
            written[indent..].to_string(),
        ))
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

fn unreachable_refusal<T>(path: &ValuePath) -> Refused<T> {
    Err(SpliceRefusal {
        kind: SpliceKind::NonScalarMove,
        path: path.clone(),
        offset: 0,
        message: format!("`{path}` does not end in a key"),
    })
}

fn show_path(path: &ValuePath) -> String {
    if path.is_root() {
        "the document root".to_string()
    } else {
        path.to_string()
    }
}

/// Lets the deletion `widen` names start earlier (taking the line break before a file's
/// unterminated last line) when no other edit touches the bytes it would take.
fn widen_to_final_break(edits: &mut [Edit], widen: Option<(usize, usize)>) {
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

/// Whether `node` is `{}`: a flow mapping with no entries, which new keys replace by a block.
fn is_empty_flow_mapping(node: &Node) -> bool {
    node.is_flow() && node.entries().is_some_and(|entries| entries.is_empty())
}

/// Whether the last line of `node`'s text belongs to a block scalar.
fn ends_in_block_scalar(node: &Node) -> bool {
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

/// Whether the last thing written for `tree` is a moved entry ending in a block scalar.
fn ends_in_moved_block(tree: &NewTree) -> bool {
    match tree.children.last().map(|(_, node)| node) {
        Some(NewNode::Parent(child)) => ends_in_moved_block(child),
        Some(NewNode::Leaf(Content::Moved { block_end, .. })) => *block_end,
        _ => false,
    }
}

/// The end of the white-space-only lines from `from` that hold a space or a tab: a block
/// scalar's trailing lines, which belong to it (a tab left behind would not parse). Truly empty
/// lines after the last of them stay, keeping the blank line that separates entries.
fn trailing_blank_lines_end(text: &str, from: usize) -> usize {
    let mut end = from;
    let mut at = from;
    for line in text[from..].split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        if !body.chars().all(|c| c == ' ' || c == '\t') {
            break;
        }
        at += line.len();
        if !body.is_empty() {
            end = at;
        }
    }
    end
}

/// The indentation step the file uses most: a block mapping's key column minus its parent's.
fn indent_step(root: &Node, text: &str) -> usize {
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
                    let (parent, child) =
                        (column(entry.key.range.start), column(first.key.range.start));
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
