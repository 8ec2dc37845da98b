//! The operations of a plan, as the splicer writes them.

use serde::Serialize;

use crate::path::{Segment, ValuePath};

/// Where a `set` operation's value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum SetSource {
    /// The target schema's `default`.
    Default,
    /// The target schema's `const`.
    Const,
    /// A member of the target schema's `enum`.
    Enum,
    /// A person's `--answer`.
    Answer,
    /// A value moved from another path, when a rename is not one key edit.
    Original,
    /// An empty mapping or list, which holds no value to prove (`tolerations: {}` → `[]`).
    Empty,
}

/// One operation of a plan.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(tag = "op", rename_all = "camelCase")]
pub enum Op {
    /// Remove a key and its value.
    Remove {
        /// The key's path.
        path: ValuePath,
    },
    /// Move a value, unchanged, to a new path.
    Rename {
        /// Where it was.
        from: ValuePath,
        /// Where it goes.
        to: ValuePath,
        /// Which rule chose this source, so a reviewer can check it.
        reason: String,
    },
    /// Set a key that had no value (or a rejected one).
    Set {
        /// The key's path.
        path: ValuePath,
        /// The value.
        #[cfg_attr(feature = "types", ts(type = "unknown"))]
        value: serde_json::Value,
        /// Where the value comes from.
        source: SetSource,
    },
}

/// Whether a rename makes the value at `from` the one item of a list in its place (`to` is
/// `from[0]`: `spread` → `spread[0]`).
pub fn becomes_item(from: &ValuePath, to: &ValuePath) -> bool {
    matches!(to.last(), Some(Segment::Index(0))) && to.parent().as_ref() == Some(from)
}

/// The mapping whose keys a rename moves into one of its own items (`p.k` → `p[i].k`): the value
/// at `p` would become a list with other changes inside it, which is not edited key by key.
pub fn into_own_item(from: &ValuePath, to: &ValuePath) -> Option<ValuePath> {
    let (from, to) = (from.segments(), to.segments());
    let depth = from.iter().zip(to).take_while(|(a, b)| a == b).count();
    let starts_item = matches!(to.get(depth), Some(Segment::Index(_)));
    (starts_item && from.len() > depth && to.len() > depth + 1)
        .then(|| ValuePath::from_segments(from[..depth].to_vec()))
}

/// Whether a rename makes a list's one item the value in the list's place (`from` is `to[0]`).
pub fn becomes_value(from: &ValuePath, to: &ValuePath) -> bool {
    becomes_item(to, from)
}
