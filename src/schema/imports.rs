//! Helm's `import-values` on the install path: once `processDependencyEnabled` has dropped the
//! subcharts a `condition` or `tags` switch off, each chart (those below first) lays the tables
//! its kept subcharts export into its own values, where its values (a `null` included) do not
//! already hold them (`processDependencyImportValues`, merging as Helm 4 does).
//!
//! A chart tree ([`super::ChartTree`]) lists what each importing chart takes from each
//! subchart, those below first; `tree` lays it in.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::coalesce::merge_tables;
use super::gates::Gate;

/// One chart that imports values from its subcharts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Importing {
    /// The keys from the root's values to the chart's.
    pub chart: Vec<String>,
    /// Each import, in Helm's order.
    pub tables: Vec<ImportedTable>,
}

/// One table a chart imports from a subchart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ImportedTable {
    /// The subchart's path, from the root's values.
    pub from: Vec<String>,
    /// The table, rooted at the importing chart's values.
    #[cfg_attr(feature = "types", ts(type = "Record<string, unknown>"))]
    pub values: Map<String, Value>,
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
        for table in &entry.tables {
            if !dropped(&table.from) {
                merge_tables(&mut laid, &table.values);
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
        let list: Vec<Importing> = serde_json::from_value(json!([{"chart": ["m"], "tables": [
            {"from": ["m", "a"], "values": {"k": 1, "m": {"z": null}}},
            {"from": ["m", "b"], "values": {"k": 9, "m": {"z": 2, "j": 2}, "late": 3}}]}]))
        .unwrap();
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
