//! The anchors met while comparing, each with the expected value its node was found to decode
//! to, and the alias-expansion budget and depth limit that [`super::super::json`] applies.

use serde_json::Value;

use super::super::limits::Limits;

/// An anchored node that decoded to its expected value.
#[derive(Clone, Copy)]
pub(super) struct Anchor<'e> {
    /// What the node decodes to, so what every alias of it decodes to.
    pub value: &'e Value,
    /// The levels of collections in it, aliases expanded (0 for a scalar).
    pub height: usize,
    /// At least as many nodes as decoding it through an alias counts.
    pub nodes: usize,
}

/// The anchors of the current document by saphyr's id, and what aliases have expanded to.
pub(super) struct Anchors<'e> {
    /// By saphyr's id (a count of the anchors met, so a vector indexed by it is no longer than
    /// that count).
    by_id: Vec<Option<Anchor<'e>>>,
    /// The nodes met so far, each alias counted with the nodes it expands to.
    pub weight: usize,
    /// At least as many nodes as the stream's aliases expand to so far.
    expanded: usize,
    max_alias_nodes: usize,
    max_depth: usize,
}

impl<'e> Anchors<'e> {
    pub fn new(limits: &Limits) -> Self {
        Anchors {
            by_id: Vec::new(),
            weight: 0,
            expanded: 0,
            max_alias_nodes: limits.max_alias_nodes,
            max_depth: limits.max_depth,
        }
    }

    /// Forgets the anchors at a new document (an alias refers only to its own document's).
    pub fn new_document(&mut self) {
        self.by_id.clear();
    }

    /// Records that the node of anchor `id`, which began at weight `start`, decoded to `value`.
    pub fn define(&mut self, id: usize, value: &'e Value, height: usize, start: usize) {
        let nodes = self.weight.saturating_sub(start);
        if self.by_id.len() <= id {
            self.by_id.resize(id + 1, None);
        }
        self.by_id[id] = Some(Anchor {
            value,
            height,
            nodes,
        });
    }

    /// The anchor an alias met under `depth` open collections refers to, counted against the
    /// budget; `None` for an anchor unknown or still open, or past either limit.
    pub fn expand(&mut self, id: usize, depth: usize) -> Option<Anchor<'e>> {
        let anchor = (*self.by_id.get(id)?)?;
        if depth.saturating_add(anchor.height) > self.max_depth {
            return None;
        }
        self.expanded = self.expanded.saturating_add(anchor.nodes);
        self.weight = self.weight.saturating_add(anchor.nodes);
        (self.expanded <= self.max_alias_nodes).then_some(anchor)
    }
}
