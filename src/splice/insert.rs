//! Inserting keys: where new keys and moved entries go under an existing mapping, and values replaced in place.

use super::edit::Edit;
use super::find::is_empty_flow_mapping;
use super::render::render_key;
use super::render::render_value;
use super::splicer::{Insertion, Refused, SpliceKind, Splicer, show_path, unreachable_refusal};
use super::tree::{Content, NewTree, ends_in_moved_block, first_moved_source};
use crate::path::{Segment, ValuePath};
use crate::yaml::hazard::HazardKind;
use crate::yaml::{Node, NodeKind, ScalarStyle};
use serde_json::Value;

/// Where an insertion goes.
pub(super) struct Point {
    /// The byte offset.
    offset: usize,
    /// The indentation of its keys.
    indent: usize,
    /// It follows a last line with no line break: a line ending leads, none ends it.
    unterminated: bool,
    /// A blank line leads: the new block follows a block that blank lines separate.
    blank: bool,
}

impl<'a> Splicer<'a> {
    /// The new keys as insertions, grouped by the mapping they go under; deeper mappings first
    /// where two end together.
    pub(super) fn insertion_edits(&self, insertions: &[Insertion]) -> Refused<Vec<Edit>> {
        let mut blocks: Vec<(usize, usize, String)> = Vec::new();
        for insertion in insertions {
            let Point {
                offset,
                indent,
                unterminated,
                blank,
            } = self.insertion_point(insertion)?;
            let mut block = String::new();
            if blank {
                block.push_str(self.eol);
            }
            self.render_tree(&insertion.tree, indent, &mut block)?;
            if let Some(replaced) = &insertion.replaces {
                self.keep_trailing_comment(replaced, indent, &mut block);
            }
            // A block scalar's last line keeps its break: at the end of input it would lose it.
            if unterminated {
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

    /// Files `content` for `to` under the deepest existing mapping on its path; returns the scalar
    /// entry in the way, which the caller cuts.
    pub(super) fn add_insertion(
        &self,
        insertions: &mut Vec<Insertion>,
        to: &ValuePath,
        content: Content,
    ) -> Refused<Option<ValuePath>> {
        let mut parent = to.parent().unwrap_or_else(ValuePath::root);
        loop {
            let node = self.node_at(&parent);
            // An empty flow mapping (`podLabels: {}`) is replaced by the block its new keys need.
            // So is a mapping whose entries become the named items of a list.
            if let Some(node) = node
                && matches!(node.kind(), NodeKind::Mapping { .. })
                && (parent.is_root() || !is_empty_flow_mapping(node))
                && !self.becomes_named_items(&parent)
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
        let replaced = self.replaced_entry(&parent, &rel, to)?;
        let index = match insertions.iter().position(|i| i.parent == parent) {
            Some(index) => index,
            None => {
                insertions.push(Insertion {
                    parent: parent.clone(),
                    tree: NewTree::default(),
                    at_cut: None,
                    anchor: None,
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

    /// Splits each insertion by where its new keys' sources sat: a new key made of moved keys
    /// goes where the entry holding its first source was (or right after it, when that entry
    /// stays), so each new block lands where a reader last saw its values.
    pub(super) fn split_by_anchor(&self, insertions: Vec<Insertion>) -> Vec<Insertion> {
        let mut out = Vec::new();
        for insertion in insertions {
            if insertion.replaces.is_some() {
                out.push(insertion);
                continue;
            }
            let entries = self
                .node_at(&insertion.parent)
                .and_then(Node::entries)
                .unwrap_or_default();
            let anchor_of = |tree: &NewTree| {
                first_moved_source(tree).and_then(|source| {
                    entries.iter().position(|e| {
                        e.key.range().start <= source
                            && source < e.value.range().end.max(e.key.range().end)
                    })
                })
            };
            // Children in order, grouped by anchor (a group per anchor, in first-met order).
            let mut groups: Vec<Insertion> = Vec::new();
            for (key, node) in insertion.tree.children {
                let single = NewTree {
                    children: vec![(key, node)],
                    header: None,
                };
                let anchor = anchor_of(&single);
                match groups.iter_mut().find(|g| g.anchor == anchor) {
                    Some(group) => group.tree.children.extend(single.children),
                    None => groups.push(Insertion {
                        parent: insertion.parent.clone(),
                        tree: single,
                        at_cut: None,
                        anchor,
                        replaces: None,
                    }),
                }
            }
            out.extend(groups);
        }
        out
    }

    /// Writes the trailing comment of the empty entry the new keys replace (`podAnnotations: {}  # …`)
    /// back on that key's line in `block`: it documents the key, which keeps its line.
    fn keep_trailing_comment(&self, replaced: &ValuePath, indent: usize, block: &mut String) {
        let (Ok(entry), Some(Segment::Key(key))) = (self.entry(replaced), replaced.last()) else {
            return;
        };
        // A moved value takes its comment with it; an empty one (`{}`, nothing) leaves it.
        if !is_empty_flow_mapping(&entry.value) && !entry.value.range().is_empty() {
            return;
        }
        let text = self.input.text;
        let end = entry.value.range().end.max(entry.key.range().end);
        let rest = text[end..].split('\n').next().unwrap_or_default();
        let rest = rest.trim_end_matches('\r');
        if !rest.trim_start().starts_with('#') {
            return;
        }
        let line = format!(
            "{}{}:{}",
            " ".repeat(indent),
            render_key(key, self.input.typing),
            self.eol
        );
        let found = block
            .match_indices(&line)
            .find(|(at, _)| *at == 0 || block[..*at].ends_with('\n'));
        if let Some((at, _)) = found {
            block.insert_str(at + line.len() - self.eol.len(), rest);
        }
    }

    /// The entry under `parent` that new keys at `rel` replace: a scalar (an empty value, or a
    /// displaced one) where they need a mapping, a block list the proposal makes a mapping
    /// (`pools: [{name: a, …}]` → `pools: {a: {…}}`), or a block mapping it makes a list of named
    /// items (and back); its entry is cut and they take its place.
    fn replaced_entry(
        &self,
        parent: &ValuePath,
        rel: &[Segment],
        to: &ValuePath,
    ) -> Refused<Option<ValuePath>> {
        let Some(Segment::Key(first)) = rel.first() else {
            return Ok(None);
        };
        let child = parent.key(first.clone());
        let Some(node) = self.node_at(&child).filter(|_| rel.len() > 1) else {
            return Ok(None);
        };
        let list_to_map = node.items().is_some()
            && !node.is_flow()
            && matches!(
                crate::path::get(self.input.proposal, &child),
                Some(Value::Object(_))
            );
        let reshaped = list_to_map || self.becomes_named_items(&child);
        if !node.is_scalar() && !is_empty_flow_mapping(node) && !reshaped {
            return Err(self.refusal(
                SpliceKind::NonScalarMove,
                &child,
                node.range().start,
                &format!("`{child}` is a list or an alias; `{to}` cannot be written under it"),
            ));
        }
        Ok(Some(child))
    }

    /// Where an insertion goes: the byte offset, the indentation of its keys, and whether a line ending must lead.
    pub(super) fn insertion_point(&self, insertion: &Insertion) -> Refused<Point> {
        let node = self.node_at(&insertion.parent);
        let entries = node.and_then(Node::entries).unwrap_or_default();
        let text = self.input.text;
        let indent = match entries.first() {
            Some(first) => {
                let line_start = self.line_start(first.key.range().start);
                text[line_start..first.key.range().start].chars().count()
            }
            None => 0,
        };
        if let Some(node) = node
            && node.is_flow()
        {
            return Err(self.refusal(
                SpliceKind::Hazard(HazardKind::FlowCollection),
                &insertion.parent,
                node.range().start,
                &format!(
                    "`{}` is a flow mapping; new keys are written only into block mappings",
                    show_path(&insertion.parent)
                ),
            ));
        }
        if let Some(at) = insertion.at_cut {
            return Ok(Point {
                offset: at,
                indent,
                unterminated: false,
                blank: false,
            });
        }
        // A new parent made of moved keys goes after the entry its first source key sat in.
        let anchor = insertion.anchor;
        let Some(last) = anchor.map(|i| &entries[i]).or(entries.last()) else {
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
        let unterminated =
            range.end == text.len() && !text.ends_with('\n') && !text.ends_with('\r');
        // Blocks separated by blank lines stay separated: a blank line after the anchor stays
        // after the new block, and one before it when the anchor was the last of such blocks.
        let blank = anchor.is_some() && {
            let after = &text[range.end..];
            let before = &text[..self.line_start(last.key.range().start)];
            after.starts_with('\n')
                || after.starts_with("\r\n")
                || (after.is_empty() && (before.ends_with("\n\n") || before.ends_with("\n\r\n")))
        };
        Ok(Point {
            offset: range.end,
            indent,
            unterminated,
            blank,
        })
    }

    /// Replaces a value in place: a scalar's bytes only, or the whole entry for a collection.
    pub(super) fn replace_value(
        &self,
        path: &ValuePath,
        node: &Node,
        value: &Value,
    ) -> Refused<Edit> {
        let scalar_to_scalar = !value.is_object() && !value.is_array();
        let block = matches!(
            node.scalar_style(),
            Some(ScalarStyle::Literal | ScalarStyle::Folded)
        );
        // An empty collection for a flow collection or a one-line scalar: its bytes only.
        let empty = matches!(value, Value::Object(m) if m.is_empty())
            || matches!(value, Value::Array(a) if a.is_empty());
        if empty && !block && (node.is_flow() || node.is_scalar()) && !node.range().is_empty() {
            let written = if value.is_array() { "[]" } else { "{}" };
            return Ok(Edit::replacement(node.range(), written.to_string()));
        }
        if node.is_scalar() && scalar_to_scalar && !block {
            let mut content = super::render::render_scalar(value, self.input.typing);
            // An empty value (`key:`) has no space after its colon yet.
            if node.range().is_empty()
                && !self.input.text[..node.range().start].ends_with([' ', '\t'])
            {
                content.insert(0, ' ');
            }
            return Ok(Edit::replacement(node.range(), content));
        }
        // A collection or a block scalar: the entry's lines are written anew (from the key on,
        // so a list item's `- ` stays).
        let entry = self.entry(path)?;
        let (range, indent) = self.entry_lines(path, entry)?;
        let Some(Segment::Key(key)) = path.last() else {
            unreachable_refusal(path)?
        };
        let written = render_value(key, value, indent, self.step(), self.eol, self.input.typing);
        let start = entry.key.range().start;
        Ok(Edit::replacement(
            start..range.end,
            written[indent..].to_string(),
        ))
    }
}
