//! Helm's `import-values` on the install path: once `processDependencyEnabled` has dropped the
//! subcharts a `condition` or `tags` switch off, each chart (those below first) lays the tables
//! its kept subcharts export into its own values, where its values (a `null` included) do not
//! already hold them (`processDependencyImportValues`, merging as Helm 4 does).
//!
//! The composed schema of a tree (src/chart) lists what each importing chart takes from each
//! subchart under [`IMPORTS_KEYWORD`], those below first; `tree` lays it in.

use serde_json::{Map, Value};

use super::coalesce::merge_tables;
use super::gates::{Gate, keys};

/// The keyword under which a chart tree's composed schema lists its imports: `{"chart",
/// "imports": [{"from", "values"}]}` per importing chart, those below first (`values`: rooted at
/// the chart's values).
pub const IMPORTS_KEYWORD: &str = "x-values-migrate-imports";

/// One chart that imports values from its subcharts.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Importing {
    /// The keys from the root's values to the chart's.
    chart: Vec<String>,
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

/// What the chart at `chart` imports from its subcharts not switched off (`off`), merged in
/// Helm's order (an earlier import wins, a `null` it carries included).
pub(crate) fn taken(
    importing: &[Importing],
    chart: &[String],
    off: &[&Gate],
) -> Map<String, Value> {
    let dropped = |path: &[String]| off.iter().any(|g| path.starts_with(&g.path));
    let mut laid = Map::new();
    for entry in importing.iter().filter(|c| c.chart == chart) {
        for (from, values) in &entry.imports {
            if !dropped(from) {
                merge_tables(&mut laid, values);
            }
        }
    }
    laid
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_chart_takes_its_kept_subcharts_imports_the_earlier_winning() {
        let document = json!({IMPORTS_KEYWORD: [{"chart": ["m"], "imports": [
            {"from": ["m", "a"], "values": {"k": 1, "m": {"z": null}}},
            {"from": ["m", "b"], "values": {"k": 9, "m": {"z": 2, "j": 2}, "late": 3}}]}]});
        let list = importing(&document);
        let chart = ["m".to_string()];
        assert_eq!(
            taken(&list, &chart, &[]),
            json!({"k": 1, "m": {"z": null, "j": 2}, "late": 3})
                .as_object()
                .unwrap()
                .clone()
        );
        assert!(taken(&list, &[], &[]).is_empty());
        let gate = Gate {
            path: vec!["m".to_string(), "b".to_string()],
            conditions: Vec::new(),
            tags: Vec::new(),
            tops: Vec::new(),
        };
        assert_eq!(
            taken(&list, &chart, &[&gate]),
            json!({"k": 1, "m": {"z": null}})
                .as_object()
                .unwrap()
                .clone()
        );
    }
}
