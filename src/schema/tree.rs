//! Helm's `CoalesceValues` over a chart tree, rule for rule (Helm 4's
//! `pkg/chart/common/util/coalesce.go`): each chart's values under the values given for it, a
//! subchart's key merged with the parent's values for it keeping `null`s (`childChartMergeTrue`),
//! `global` copied down, then each kept subchart in turn; and the values each chart holds once
//! `ProcessDependencies` has merged its kept subcharts' values into its own (`MergeValues`, with
//! its imports), as on the install path.
//!
//! A chart tree's values ([`ChartValues`]) are carried by its [`super::ChartTree`].

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::coalesce::{copy_globals, merge_tables};

/// What a chart imports, given its path and its values merged with its subcharts'.
pub(crate) type Taken<'a> = dyn Fn(&[String], &Map<String, Value>) -> Map<String, Value> + 'a;

/// One chart of the tree: its own values.yaml as written (`null`s kept), and its subcharts
/// under their keys in Helm's order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChartValues {
    /// The chart's own values.yaml (`{}` when it has none, or one that is no mapping).
    #[cfg_attr(feature = "types", ts(type = "Record<string, unknown>"))]
    pub values: Map<String, Value>,
    /// Its subcharts Helm keeps, in Helm's order.
    pub subcharts: Vec<SubchartValues>,
}

/// A subchart: the key its values live under, whether Chart.yaml lists it, the chart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SubchartValues {
    /// The key of its values in its parent's (its alias, if it has one).
    pub key: String,
    /// Whether the parent's Chart.yaml dependencies name it.
    pub listed: bool,
    /// The subchart.
    pub chart: ChartValues,
}

impl ChartValues {
    /// The tree without the subcharts at `off` (keys from this chart's values) and those in them.
    pub(crate) fn without(&self, off: &[&[String]]) -> ChartValues {
        let subs = self
            .subcharts
            .iter()
            .filter(|s| !off.iter().any(|o| o.len() == 1 && o[0] == s.key))
            .map(|s| {
                let inner: Vec<&[String]> = off
                    .iter()
                    .filter(|o| o.len() > 1 && o[0] == s.key)
                    .map(|o| &o[1..])
                    .collect();
                SubchartValues {
                    chart: s.chart.without(&inner),
                    ..s.clone()
                }
            })
            .collect();
        ChartValues {
            values: self.values.clone(),
            subcharts: subs,
        }
    }

    /// The tree as `ProcessDependencies` leaves it: each chart that lists a kept subchart holds
    /// its values merged with its subcharts' (`null`s kept), under what `taken` gives it to import
    /// (given the keys from the root to the chart and those merged values; laid where they hold
    /// nothing), those below first.
    pub(crate) fn processed(&self, at: &mut Vec<String>, taken: &Taken<'_>) -> ChartValues {
        let subs: Vec<SubchartValues> = self
            .subcharts
            .iter()
            .map(|s| {
                at.push(s.key.clone());
                let chart = s.chart.processed(at, taken);
                at.pop();
                SubchartValues { chart, ..s.clone() }
            })
            .collect();
        let mut out = ChartValues {
            values: self.values.clone(),
            subcharts: subs,
        };
        if out.subcharts.iter().any(|s| s.listed) {
            let mut merged = out.coalesce(Map::new(), true);
            let laid = taken(at, &merged);
            merge_tables(&mut merged, &laid);
            out.values = merged;
        }
        out
    }

    /// Helm's `coalesce`: the given values over this chart's, then each subchart's under its key
    /// (`merge`: `MergeValues`, `null`s kept; else `CoalesceValues`).
    pub(crate) fn coalesce(
        &self,
        mut given: Map<String, Value>,
        merge: bool,
    ) -> Map<String, Value> {
        self.coalesce_values(&mut given, merge);
        for sub in &self.subcharts {
            let mut section = match given.remove(&sub.key) {
                None => Map::new(),
                Some(Value::Object(map)) => map,
                // Helm stops with `type mismatch` here (src/schema/mismatch.rs reports it).
                Some(other) => {
                    given.insert(sub.key.clone(), other);
                    continue;
                }
            };
            copy_globals(&given, &mut section);
            given.insert(
                sub.key.clone(),
                Value::Object(sub.chart.coalesce(section, merge)),
            );
        }
        given
    }

    /// Helm's `coalesceValues`: this chart's values laid under `given`.
    fn coalesce_values(&self, given: &mut Map<String, Value>, merge: bool) {
        for (key, value) in &self.values {
            match given.get_mut(key) {
                Some(Value::Null) if !merge => {
                    given.remove(key);
                }
                Some(Value::Object(dest)) => {
                    if let Value::Object(src) = value {
                        let merge = merge || self.subcharts.iter().any(|s| &s.key == key);
                        let mut src = src.clone();
                        if !merge {
                            clean_nulls(&mut src);
                        }
                        tables(dest, src, merge);
                    }
                }
                Some(_) => {}
                None if !merge && value.is_null() => {}
                None => {
                    let mut value = value.clone();
                    if let (false, Value::Object(map)) = (merge, &mut value) {
                        clean_nulls(map);
                    }
                    given.insert(key.clone(), value);
                }
            }
        }
    }
}

/// Helm's `coalesceTablesFullKey`: `dst` wins; a `null` in `dst` deletes the key where `src`
/// held a value (when not merging), else stays; mappings merge.
fn tables(dst: &mut Map<String, Value>, mut src: Map<String, Value>, merge: bool) {
    let held: Vec<String> = src
        .iter()
        .filter(|(_, v)| !v.is_null())
        .map(|(k, _)| k.clone())
        .collect();
    for (key, value) in dst.iter() {
        if value.is_null() {
            src.insert(key.clone(), Value::Null);
        }
    }
    for (key, value) in src {
        match dst.get_mut(&key) {
            Some(Value::Null) if !merge && held.contains(&key) => {
                dst.remove(&key);
            }
            None => {
                dst.insert(key, value);
            }
            Some(Value::Object(inner)) => {
                if let Value::Object(more) = value {
                    tables(inner, more, merge);
                }
            }
            Some(_) => {}
        }
    }
}

/// Helm's `cleanNilValues`: every `null` removed, through mappings.
fn clean_nulls(map: &mut Map<String, Value>) {
    map.retain(|_, v| !v.is_null());
    for value in map.values_mut() {
        if let Value::Object(inner) = value {
            clean_nulls(inner);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// `root` (values `root`) holding `sub` (values `sub`), listed in its Chart.yaml.
    fn two(root: Value, sub: Value) -> ChartValues {
        serde_json::from_value(json!({"values": root, "subcharts": [
            {"key": "sub", "listed": true, "chart": {"values": sub, "subcharts": []}}]}))
        .unwrap()
    }

    fn coalesced(node: &ChartValues, user: Value) -> Value {
        let processed = node.processed(&mut Vec::new(), &|_, _| Map::new());
        Value::Object(processed.coalesce(user.as_object().unwrap().clone(), false))
    }

    #[test]
    fn a_user_null_at_a_subcharts_key_leaves_the_subcharts_own_values() {
        let node = two(json!({"sub": {"port": 2, "extra": 1}}), json!({"port": 1}));
        assert_eq!(
            coalesced(&node, json!({"sub": null})),
            json!({"sub": {"port": 1, "global": {}}})
        );
        assert_eq!(
            coalesced(&node, json!({})),
            json!({"sub": {"port": 2, "extra": 1, "global": {}}})
        );
    }

    #[test]
    fn under_a_subcharts_key_the_parents_nulls_stay_once_the_user_gives_a_mapping() {
        let node = two(
            json!({"sub": {"on": true, "cls": null}}),
            json!({"svc": {"port": null}}),
        );
        assert_eq!(
            coalesced(&node, json!({})),
            json!({"sub": {"on": true, "svc": {}, "global": {}}})
        );
        assert_eq!(
            coalesced(&node, json!({"sub": {"x": 1, "on": null}})),
            json!({"sub": {"x": 1, "on": null, "cls": null, "svc": {"port": null}, "global": {}}})
        );
    }

    #[test]
    fn a_user_null_is_deleted_where_the_charts_own_values_hold_the_key() {
        let node = two(
            json!({"gone": null, "kept": {"a": 1}}),
            json!({"own": null}),
        );
        assert_eq!(
            coalesced(
                &node,
                json!({"gone": null, "new": null, "kept": {"a": null, "b": null}, "sub": {"own": null}})
            ),
            json!({"new": null, "kept": {"b": null}, "sub": {"global": {}}})
        );
    }

    #[test]
    fn a_switched_off_subchart_is_neither_merged_nor_coalesced() {
        let node = two(json!({"sub": {"on": false}}), json!({"port": 1}));
        let off = node.without(&[&["sub".to_string()]]);
        assert_eq!(coalesced(&off, json!({})), json!({"sub": {"on": false}}));
    }
}
