//! Finding the file's nodes by path: a mapping's keys read as Helm reads them, indexed once per
//! large mapping, so that a plan of many ops does not scan the same keys once per op.

use super::splicer::Splicer;
use crate::path::{Segment, ValuePath};
use crate::yaml::{Entry, Node};

/// Mappings of up to this many entries are scanned; larger ones are indexed once.
const SCAN_AT_MOST: usize = 16;

impl<'a> Splicer<'a> {
    /// The entry under `key` in the mapping `node`, the last when a key repeats (as Helm reads it).
    pub(super) fn child_entry(&self, node: &'a Node, key: &str) -> Option<&'a Entry> {
        let entries = node.entries()?;
        let typing = self.input.typing;
        if entries.len() <= SCAN_AT_MOST {
            return entries
                .iter()
                .rev()
                .find(|e| e.key.key_str(typing).as_deref() == Some(key));
        }
        let mut cache = self.key_index.borrow_mut();
        let index = cache.entry(std::ptr::from_ref(node)).or_insert_with(|| {
            let keys = entries.iter().enumerate();
            keys.filter_map(|(i, e)| Some((e.key.key_string(typing)?, i)))
                .collect()
        });
        index.get(key).map(|&i| &entries[i])
    }

    /// Every node on `path` from `from` (itself first), as far as the path exists.
    pub(super) fn walk(&self, from: &'a Node, path: &ValuePath) -> Vec<&'a Node> {
        let mut steps = vec![from];
        let mut node = from;
        for segment in path.segments() {
            let next = match segment {
                Segment::Key(key) => self.child_entry(node, key).map(|e| &e.value),
                Segment::Index(index) => node.items().and_then(|items| items.get(*index)),
            };
            let Some(next) = next else { break };
            steps.push(next);
            node = next;
        }
        steps
    }

    /// The node at `path` below the values root, if the file has it.
    pub(super) fn node_at(&self, path: &ValuePath) -> Option<&'a Node> {
        self.node_under(self.root, path)
    }

    /// The node at `path` below `from`, if the file has it.
    pub(super) fn node_under(&self, from: &'a Node, path: &ValuePath) -> Option<&'a Node> {
        let steps = self.walk(from, path);
        (steps.len() == path.len() + 1).then(|| steps[path.len()])
    }
}
