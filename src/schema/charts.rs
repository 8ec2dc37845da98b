//! A chart tree's violations as Helm names them: the chart whose own schema failed (its alias),
//! then `- at '<pointer in that chart's values>': <message>` (pkg/chart/common/util/jsonschema.go).
//!
//! The composed schema of a tree (src/chart) lists its charts under [`CHARTS_KEYWORD`], in the
//! order Helm validates them (the root, then each subchart before its own subcharts).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::Violation;
use super::nested::own_pointer;
use crate::path::Segment;

/// The keyword under which a chart tree's composed schema lists its charts that have a schema:
/// `{"name", "path", "pointer"}` (Helm's name for it, its values' keys, its schema's pointer).
pub const CHARTS_KEYWORD: &str = "x-values-migrate-charts";

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

/// The chart whose own schema holds `schema_path` (the longest pointer that prefixes it).
pub(super) fn chart_of<'p>(places: &'p [Place], schema_path: &str) -> Option<&'p Place> {
    places
        .iter()
        .filter(|c| {
            schema_path
                .strip_prefix(&c.pointer)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        })
        .max_by_key(|c| c.pointer.len())
}

/// The JSON pointer of `segments` past the first `skip` (the chart's own values root).
fn pointer(segments: &[Segment], skip: usize) -> String {
    segments
        .iter()
        .skip(skip)
        .map(|s| match s {
            Segment::Key(k) => format!("/{}", k.replace('~', "~0").replace('/', "~1")),
            Segment::Index(i) => format!("/{i}"),
        })
        .collect()
}

/// Each violation named by its chart as Helm names it (nothing for a lone chart's schema).
pub(crate) fn name(document: &Value, violations: &mut [Violation]) {
    let places = places(document);
    if places.is_empty() {
        return;
    }
    let named: Vec<Option<ChartNamed>> = violations
        .iter()
        .map(|v| {
            chart_of(&places, &v.schema_path).map(|chart| ChartNamed {
                name: chart.name.clone(),
                helm: format!(
                    "{}: - at '{}': {}",
                    chart.name,
                    own_pointer(v, &chart.values_path)
                        .unwrap_or_else(|| pointer(v.path.segments(), chart.values_path.len())),
                    v.helm_message
                ),
            })
        })
        .collect();
    for (v, named) in violations.iter_mut().zip(named) {
        v.chart = named;
    }
}
