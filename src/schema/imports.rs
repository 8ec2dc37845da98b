//! Helm's `import-values` on the install path: once `processDependencyEnabled` has dropped the
//! subcharts a `condition` or `tags` switch off, each chart (those below first) lays the tables
//! its kept subcharts export into its own values, where its values (a `null` included) do not
//! already hold them (`processDependencyImportValues`, merging as Helm 4 does).
//!
//! The composed schema of a tree (src/chart) lists what each importing chart takes from each
//! subchart under [`IMPORTS_KEYWORD`], those below first.

use serde_json::{Map, Value};

use super::coalesce::{merge_tables, without_nulls};
use super::gates::{Gate, keys};

/// The keyword under which a chart tree's composed schema lists its imports: `{"chart", "blocked",
/// "imports": [{"from", "values"}]}` per importing chart, those below first (`blocked`: the paths
/// its own values hold as `null`, which no import fills; `values`: rooted at the chart's values).
pub const IMPORTS_KEYWORD: &str = "x-values-migrate-imports";

/// One chart that imports values from its subcharts.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Importing {
    /// The keys from the root's values to the chart's.
    chart: Vec<String>,
    /// The paths (from the chart's values) its own values hold as `null`.
    blocked: Vec<Vec<String>>,
    /// Each import: the subchart's path (from the root's values) and the table it lays.
    imports: Vec<(Vec<String>, Map<String, Value>)>,
}

/// The importing charts a composed schema document lists (none for a lone chart's schema).
pub(crate) fn importing(document: &Value) -> Vec<Importing> {
    let Some(list) = document.get(IMPORTS_KEYWORD).and_then(Value::as_array) else {
        return Vec::new();
    };
    list.iter()
        .map(|entry| Importing {
            chart: keys(entry.get("chart")),
            blocked: entry
                .get("blocked")
                .and_then(Value::as_array)
                .map(|b| b.iter().map(|p| keys(Some(p))).collect())
                .unwrap_or_default(),
            imports: entry
                .get("imports")
                .and_then(Value::as_array)
                .map(|i| i.iter().filter_map(one).collect())
                .unwrap_or_default(),
        })
        .collect()
}

/// One `{"from", "values"}` import.
fn one(import: &Value) -> Option<(Vec<String>, Map<String, Value>)> {
    let values = import.get("values")?.as_object()?.clone();
    Some((keys(import.get("from")), values))
}

/// The defaults with every import of a kept subchart into a kept chart laid in, where the
/// defaults (and the importing chart's `null`s) leave room: `off` are the switched-off gates.
pub(crate) fn with_imports(defaults: &Value, importing: &[Importing], off: &[&Gate]) -> Value {
    let dropped = |path: &[String]| off.iter().any(|g| path.starts_with(&g.path));
    let mut out = defaults.clone();
    for chart in importing.iter().filter(|c| !dropped(&c.chart)) {
        let mut laid = Map::new();
        for (from, values) in &chart.imports {
            if !dropped(from) {
                merge_tables(&mut laid, values);
            }
        }
        let mut at = Some(&mut out);
        for key in &chart.chart {
            at = at.and_then(|v| v.as_object_mut()?.get_mut(key));
        }
        if let Some(Value::Object(target)) = at {
            fill(target, &laid, &chart.blocked, &mut Vec::new());
        }
    }
    out
}

/// `laid` copied into `target` where it holds nothing and `blocked` has no `null`: mappings merge,
/// `target` wins, and a `null` laid is left out (Helm's coalescing drops it before validating).
fn fill(
    target: &mut Map<String, Value>,
    laid: &Map<String, Value>,
    blocked: &[Vec<String>],
    at: &mut Vec<String>,
) {
    for (key, value) in laid {
        at.push(key.clone());
        if !blocked.contains(at) {
            match (target.get_mut(key), value) {
                (_, Value::Null) => {}
                (None, _) => {
                    let value = match value {
                        Value::Object(map) => Value::Object(without_nulls(map)),
                        other => other.clone(),
                    };
                    target.insert(key.clone(), value);
                }
                (Some(Value::Object(inner)), Value::Object(more)) => fill(inner, more, blocked, at),
                (Some(_), _) => {}
            }
        }
        at.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn imports_fill_only_room_left_by_the_defaults_and_the_charts_nulls() {
        let document = json!({IMPORTS_KEYWORD: [{"chart": [], "blocked": [["n"]], "imports": [
            {"from": ["a"], "values": {"own": 2, "n": 1, "m": {"k": 1, "z": null}, "new": null}},
            {"from": ["b"], "values": {"m": {"k": 9, "j": 2}, "late": 3}}]}]});
        let list = importing(&document);
        let defaults = json!({"own": 1, "m": {"d": 0}, "a": {}, "b": {}});
        let all = with_imports(&defaults, &list, &[]);
        assert_eq!(
            all,
            json!({"own": 1, "m": {"d": 0, "k": 1, "j": 2}, "a": {}, "b": {}, "late": 3})
        );
        let gate = Gate {
            path: vec!["b".to_string()],
            conditions: Vec::new(),
            tags: Vec::new(),
            parent: None,
            tops: Vec::new(),
        };
        let off = with_imports(&defaults, &list, &[&gate]);
        assert_eq!(
            off,
            json!({"own": 1, "m": {"d": 0, "k": 1}, "a": {}, "b": {}})
        );
    }
}
