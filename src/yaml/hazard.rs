//! What an in-place edit must not look past: the one rule book the values splicer and the
//! manifest patcher both ask.

use std::collections::HashSet;

use super::{Node, NodeKind, Typing};

/// Which kind of hazard stands on the path of an edit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HazardKind {
    /// An anchor, or an alias: editing the value changes it wherever it is used.
    AnchorOrAlias,
    /// A tag: it can change what the value means.
    Tag,
    /// A flow collection (`{…}` or `[…]`): only block style is edited in place.
    FlowCollection,
    /// A merge key (`<<`): the merged entries could supply or override the value.
    MergeKey,
    /// A key written as an alias, with a tag or as a collection: it could stand for any key.
    OpaqueKey,
    /// A mapping that repeats a key: the last one wins, and a person should merge them first.
    DuplicateKey,
}

/// A hazard found on a node: what it is, why it stops an edit, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hazard {
    /// Which hazard.
    pub kind: HazardKind,
    /// What was found, as a predicate: "is an alias (`*n`)".
    pub found: String,
    /// Why an edit must not go past it.
    pub why: &'static str,
    /// The byte offset it is at.
    pub at: usize,
}

/// An alias, an anchor or a tag on `node`.
pub fn property_hazard(node: &Node) -> Option<Hazard> {
    let properties_at = node
        .properties()
        .as_ref()
        .map_or(node.range().start, |p| p.range.start);
    if let NodeKind::Alias(alias) = node.kind() {
        let name = &alias.name;
        return Some(Hazard {
            kind: HazardKind::AnchorOrAlias,
            found: format!("is an alias (`*{name}`)"),
            why: "the value behind it is written elsewhere, and editing it there changes every \
                  alias of it",
            at: node.range().start,
        });
    }
    if let Some(anchor) = node.anchor() {
        return Some(Hazard {
            kind: HazardKind::AnchorOrAlias,
            found: format!("carries an anchor (`&{anchor}`)"),
            why: "an edit would also change every alias of it",
            at: properties_at,
        });
    }
    node.tag().map(|tag| Hazard {
        kind: HazardKind::Tag,
        found: format!("carries the tag `{}`", short_tag(tag)),
        why: "a tag can change what the value means, so it is not edited in place",
        at: properties_at,
    })
}

/// A flow collection `node`, which an edit must not go inside.
pub fn flow_hazard(node: &Node) -> Option<Hazard> {
    node.is_flow().then(|| Hazard {
        kind: HazardKind::FlowCollection,
        found: "is a flow collection (`{…}` or `[…]`)".to_string(),
        why: "only block style is edited in place",
        at: node.range().start,
    })
}

/// Merge keys, opaque keys and repeated keys among the direct entries of the mapping `node`.
///
/// Only the keys in `repeats_of` count as repeated, or every key when it is `None`; each
/// mapping is looked at once, among its own children (never re-walking the subtree).
pub fn key_hazards(node: &Node, typing: Typing, repeats_of: Option<&[&str]>) -> Vec<Hazard> {
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    for entry in node.entries().unwrap_or_default() {
        let at = entry.key.range().start;
        if entry.is_merge_key() {
            found.push(Hazard {
                kind: HazardKind::MergeKey,
                found: "holds a merge key (`<<`)".to_string(),
                why: "the merged entries could supply or override the value, so the file does \
                      not say it in one place",
                at,
            });
        } else if entry.key.is_alias() || entry.key.tag().is_some() || !entry.key.is_scalar() {
            found.push(Hazard {
                kind: HazardKind::OpaqueKey,
                found: "has a key written as an alias, with a tag or as a collection".to_string(),
                why: "such a key could stand for any key, including the one looked for",
                at,
            });
        } else if let Some(key) = entry.key.key_str(typing)
            && repeats_of.is_none_or(|keys| keys.contains(&key.as_ref()))
            && !seen.insert(key.clone())
        {
            found.push(Hazard {
                kind: HazardKind::DuplicateKey,
                found: format!("repeats a key (duplicate key `{key}`)"),
                why: "the last one wins, and a person should merge them first",
                at,
            });
        }
    }
    found
}

/// A tag as it is usually written: `!!str` for the core namespace.
fn short_tag(tag: &str) -> String {
    match tag.strip_prefix("tag:yaml.org,2002:") {
        Some(core) => format!("!!{core}"),
        None => tag.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::{Limits, parse};

    fn root(text: &str) -> Node {
        parse(text, &Limits::default())
            .unwrap()
            .documents
            .remove(0)
            .root
    }

    #[test]
    fn names_each_property_hazard() {
        let doc = root("a: &x 1\nb: *x\nc: !!str 2\n");
        let entries = doc.entries().unwrap();
        let kinds: Vec<_> = entries
            .iter()
            .map(|e| property_hazard(&e.value).map(|h| h.kind))
            .collect();
        assert_eq!(
            kinds,
            [
                Some(HazardKind::AnchorOrAlias),
                Some(HazardKind::AnchorOrAlias),
                Some(HazardKind::Tag)
            ]
        );
    }

    #[test]
    fn finds_key_hazards_among_direct_children_only() {
        let doc = root("a: 1\nb: {c: 1, c: 2}\n<<: {d: 1}\na: 3\n");
        let kinds: Vec<_> = key_hazards(&doc, Typing::Helm, None)
            .into_iter()
            .map(|h| h.kind)
            .collect();
        assert_eq!(kinds, [HazardKind::MergeKey, HazardKind::DuplicateKey]);
        let b = &doc.entries().unwrap()[1].value;
        assert!(flow_hazard(b).is_some());
        assert!(key_hazards(&doc, Typing::Helm, Some(&["b"])).len() == 1);
    }
}
