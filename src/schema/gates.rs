//! Helm's install path for a chart tree's subcharts: `processDependencyEnabled` switches a
//! subchart off by its `condition` or `tags` on the values coalesced with every chart, then the
//! values are coalesced again without it (its defaults and `global` never arrive).
//!
//! A chart tree ([`super::ChartTree`]) lists its switchable subcharts, parents first.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One subchart a `condition` or `tags` can switch off.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Gate {
    /// The keys from the root's values to the subchart's.
    pub path: Vec<String>,
    /// Each `condition` path, from the root's values, in Chart.yaml's order.
    pub conditions: Vec<Vec<String>>,
    /// The dependency's tags.
    pub tags: Vec<String>,
    /// The own values.yaml of each chart between the root and this subchart, outermost first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "types", ts(type = "unknown[]", optional))]
    pub tops: Vec<Value>,
}

/// Whether Helm keeps the subchart: tags first (off when one is false and none true), then the
/// first condition path holding a boolean decides (`processDependencyTags`, `…Conditions`), on
/// the values with each chart above it laid under them (Helm's recursion: `CoalesceValues(t,
/// cvals)`, the values winning).
fn enabled(gate: &Gate, values: &Value) -> bool {
    if gate.tops.is_empty() {
        return decided(gate, values);
    }
    let laid = gate.tops.iter().fold(values.clone(), |at, top| {
        super::coalesce::coalesce(Some(top), &at)
    });
    decided(gate, &laid)
}

/// [`enabled`] on the values as Helm holds them at the gate's level.
fn decided(gate: &Gate, values: &Value) -> bool {
    let mut on = true;
    if let Some(Value::Object(tags)) = values.get("tags") {
        let said: Vec<bool> = gate
            .tags
            .iter()
            .filter_map(|t| tags.get(t).and_then(Value::as_bool))
            .collect();
        on = said.contains(&true) || !said.contains(&false);
    }
    for condition in &gate.conditions {
        if let Some(b) = leaf(values, condition).and_then(Value::as_bool) {
            return b;
        }
    }
    on
}

/// Helm's `Values.PathValue`: the value at `path`, when it is not a mapping.
fn leaf<'v>(values: &'v Value, path: &[String]) -> Option<&'v Value> {
    let mut at = values;
    for key in path {
        at = at.as_object()?.get(key)?;
    }
    (!at.is_object()).then_some(at)
}

/// The gates Helm switches off for `all` (every chart's values coalesced with the user's), the
/// outermost only: a subchart inside one switched off is gone with it.
pub(crate) fn switched_off<'g>(gates: &'g [Gate], all: &Value) -> Vec<&'g Gate> {
    let mut off: Vec<&Gate> = Vec::new();
    for gate in gates {
        let inside = off.iter().any(|o| gate.path.starts_with(&o.path));
        if !inside && !enabled(gate, all) {
            off.push(gate);
        }
    }
    off
}

/// The subchart paths `global` still reaches: those not inside a switched-off subchart.
pub(crate) fn kept_paths(paths: Vec<Vec<String>>, off: &[&Gate]) -> Vec<Vec<String>> {
    paths
        .into_iter()
        .filter(|p| !off.iter().any(|o| p.starts_with(&o.path)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn gate(path: &[&str], conditions: &[&[&str]], tags: &[&str]) -> Gate {
        let strings = |s: &[&str]| s.iter().map(|k| k.to_string()).collect::<Vec<_>>();
        Gate {
            path: strings(path),
            conditions: conditions.iter().map(|c| strings(c)).collect(),
            tags: strings(tags),
            tops: Vec::new(),
        }
    }

    #[test]
    fn the_first_boolean_condition_decides_then_the_tags() {
        let g = gate(&["b"], &[&["b", "on"], &["x"]], &["t"]);
        assert!(!enabled(&g, &json!({"b": {"on": false}, "x": true})));
        assert!(enabled(
            &g,
            &json!({"b": {"on": "no"}, "x": true, "tags": {"t": false}})
        ));
        assert!(!enabled(&g, &json!({"tags": {"t": false}})));
        let two = gate(&["b"], &[], &["t", "u"]);
        assert!(enabled(&two, &json!({"tags": {"t": false, "u": true}})));
        assert!(!enabled(&two, &json!({"tags": {"t": false, "u": "yes"}})));
        assert!(enabled(&g, &json!({"b": {"on": {"m": 1}}})));
    }

    #[test]
    fn a_switched_off_subchart_takes_its_inner_gates_with_it() {
        let outer = gate(&["b"], &[&["b", "enabled"]], &[]);
        let inner = gate(&["b", "c"], &[&["b", "c", "enabled"]], &[]);
        let all = json!({"b": {"enabled": false, "port": 1, "c": {"enabled": false}}});
        let gates = [outer, inner];
        let off = switched_off(&gates, &all);
        assert_eq!(off.len(), 1);
        let paths = vec![
            vec!["a".to_string()],
            vec!["b".to_string(), "c".to_string()],
        ];
        assert_eq!(kept_paths(paths, &off), vec![vec!["a".to_string()]]);
    }
}
