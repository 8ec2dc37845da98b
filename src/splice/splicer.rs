//! What every job of the splicer shares: its input, its result and refusal types, and the splicer's
//! state. Beneath the jobs (`find`, `insert`, `moves`, `remove`, …), which extend [`Splicer`], and
//! `values`, which runs them: imports point one way.

use super::lines::Lines;
use super::op::Op;
use super::tree::NewTree;
use crate::path::ValuePath;
use crate::yaml::hazard::{Hazard, HazardKind};
use crate::yaml::{Node, Stream, Typing};
use serde_json::Value;
use std::cell::RefCell;
use std::collections::HashMap;

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

pub(super) type Refused<T> = Result<T, SpliceRefusal>;

pub(super) struct Splicer<'a> {
    pub(super) input: &'a SpliceInput<'a>,
    pub(super) lines: Lines<'a>,
    pub(super) eol: &'static str,
    /// The document's indentation step, found on first use: most plans insert nothing.
    pub(super) step: std::cell::OnceCell<usize>,
    pub(super) document_root: &'a Node,
    pub(super) root: &'a Node,
    /// Each mapping's key hazard, found once: every op's path crosses the same mappings
    /// (the root's entries would otherwise be looked at once per op). Keyed by the node's address
    /// in the original tree, which the splice does not change.
    pub(super) key_hazards: RefCell<HashMap<*const Node, Option<Hazard>>>,
    /// Each large mapping's keys as Helm reads them, indexed once (the last entry of a repeated
    /// key wins): every op looks its path up from the root, so a linear scan of the root's
    /// entries per op would make a plan of n ops over m addons cost n·m key readings.
    pub(super) key_index: RefCell<HashMap<*const Node, HashMap<String, usize>>>,
}

/// Where new keys go under one existing mapping.
pub(super) struct Insertion {
    /// The mapping's path relative to the prefix.
    pub(super) parent: ValuePath,
    pub(super) tree: NewTree,
    /// The start of the earliest cut that sat directly in this mapping: new keys take its place.
    pub(super) at_cut: Option<usize>,
    /// The entry of the mapping (its index) that the first moved key written here sat in: the
    /// new keys go where it was, or right after it.
    pub(super) anchor: Option<usize>,
    /// The scalar entry the new keys replace (`expose: true` → `expose.default`): they go where it was.
    pub(super) replaces: Option<ValuePath>,
}

impl<'a> Splicer<'a> {
    /// A refusal of `kind` about `path` at `offset`.
    pub(super) fn refusal(
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
}

/// The refusal of an op whose path does not end in a key.
pub(super) fn unreachable_refusal<T>(path: &ValuePath) -> Refused<T> {
    Err(SpliceRefusal {
        kind: SpliceKind::NonScalarMove,
        path: path.clone(),
        offset: 0,
        message: format!("`{path}` does not end in a key"),
    })
}

/// A path as messages name it: `the document root` for the root.
pub(super) fn show_path(path: &ValuePath) -> String {
    if path.is_root() {
        "the document root".to_string()
    } else {
        path.to_string()
    }
}
