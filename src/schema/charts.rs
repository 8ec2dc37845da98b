//! A chart tree's violations as Helm names them: the chart whose own schema failed (its alias),
//! then `- at '<pointer in that chart's values>': <message>` (pkg/chart/common/util/jsonschema.go).
//!
//! The composed schema of a tree (src/chart) lists its charts under [`CHARTS_KEYWORD`], in the
//! order Helm validates them (the root, then each subchart before its own subcharts).

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The keyword under which a chart tree's composed schema lists its charts that have a schema:
/// `{"name", "path", "pointer"}` (Helm's name for it, its values' keys, its schema's pointer).
pub const CHARTS_KEYWORD: &str = "x-values-migrate-charts";

/// The keyword that stands, in a chart tree's composition, for a chart's schema its own draft's
/// meta-schema refuses: `{"schema": <the schema>, "at": "<its file:line:column>"}`. Helm
/// refuses the install when it validates that chart (not when the chart is switched off).
pub const REFUSED_KEYWORD: &str = "x-values-migrate-refused";

/// A violation named by its chart, as Helm names it in a chart tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChartNamed {
    /// The chart (its alias, if it has one).
    pub name: String,
    /// Helm's line: `<chart>: - at '<pointer in that chart's values>': <message>`, or Helm's
    /// whole error when its coalescing refuses the values (`type mismatch on <chart>: …`).
    pub helm: String,
}

/// Where one chart of the tree sits: its values' path and its schema's pointer in the composition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChartAt {
    /// The name Helm gives it in errors (its alias, if it has one).
    pub name: String,
    /// Its Chart.yaml name.
    pub chart: String,
    /// Its Chart.yaml version.
    pub version: String,
    /// The keys from the parent's values root to this chart's values (empty for the root chart).
    pub values_path: Vec<String>,
    /// The JSON pointer of its own schema inside the composed schema (`None`: it has none).
    pub schema_pointer: Option<String>,
}

/// One chart of a tree: Helm's name for it, where its values are, where its schema is.
pub(super) struct Place {
    pub(super) name: String,
    pub(super) values_path: Vec<String>,
    pub(super) pointer: String,
}

/// The charts a composed schema lists, in the order Helm validates them (none for a lone chart).
pub(super) fn places(document: &Value) -> Vec<Place> {
    let Some(list) = document.get(CHARTS_KEYWORD).and_then(Value::as_array) else {
        return Vec::new();
    };
    let text = |v: &Value, key: &str| v.get(key).and_then(Value::as_str).map(str::to_string);
    list.iter()
        .filter_map(|c| {
            let keys = c.get("path")?.as_array()?;
            Some(Place {
                name: text(c, "name")?,
                values_path: keys
                    .iter()
                    .filter_map(|k| k.as_str().map(str::to_string))
                    .collect(),
                pointer: text(c, "pointer")?,
            })
        })
        .collect()
}
