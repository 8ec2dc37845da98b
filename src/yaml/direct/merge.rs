//! A mapping with merge keys (`<<` under Helm's typing), compared as go-yaml v2 decodes it:
//! each entry in turn inserted into the mapping, a merge inserting its sources' entries (so it
//! overwrites the keys met before it, and the keys written after it overwrite its own).

use std::collections::HashSet;

use serde_json::{Map, Value};

/// The values merged into a mapping and not written again since, by the expected key (its
/// address, in order: a sorted vector, not one more hash map compiled into the wasm).
#[derive(Default)]
pub(super) struct Merged<'e> {
    values: Vec<(*const String, &'e Value)>,
}

impl<'e> Merged<'e> {
    /// Inserts the entries of `sources`, last first (a sequence of merges is applied so);
    /// `None` for a source that is not a mapping or holds a key the expected mapping lacks.
    pub fn apply(&mut self, expected: &'e Map<String, Value>, sources: &[&'e Value]) -> Option<()> {
        for source in sources.iter().rev() {
            let Value::Object(entries) = source else {
                return None;
            };
            for (key, value) in entries {
                let (name, _) = expected.get_key_value(key)?;
                let name = std::ptr::from_ref(name);
                match self.values.binary_search_by_key(&name, |(n, _)| *n) {
                    Ok(at) => self.values[at].1 = value,
                    Err(at) => self.values.insert(at, (name, value)),
                }
            }
        }
        Some(())
    }

    /// Notes that the entry of `name` was written after the merges: its value is the written one.
    pub fn written(&mut self, name: &String) {
        let name = std::ptr::from_ref(name);
        if let Ok(at) = self.values.binary_search_by_key(&name, |(n, _)| *n) {
            self.values.remove(at);
        }
    }

    /// Whether the mapping ends as `expected`: each key written (and matched) or merged, a merged
    /// value equal to what `want` expects under its key (`None`: not known here).
    pub fn ends_as(
        &self,
        expected: &'e Map<String, Value>,
        written: &HashSet<*const String>,
        want: impl Fn(&'e String, &'e Value) -> Option<&'e Value>,
    ) -> bool {
        expected.iter().all(|(name, value)| {
            let key = std::ptr::from_ref(name);
            let merged = self.values.binary_search_by_key(&key, |(n, _)| *n);
            match merged.ok().map(|at| self.values[at].1) {
                Some(merged) => {
                    want(name, value).is_some_and(|w| std::ptr::eq(merged, w) || merged == w)
                }
                None => written.contains(&key),
            }
        })
    }
}
