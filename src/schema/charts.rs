//! A chart tree's violations as Helm names them: the chart whose own schema failed (its alias),
//! then `- at '<pointer in that chart's values>': <message>` (pkg/chart/common/util/jsonschema.go).
//!
//! A chart tree ([`ChartTree`], built by src/chart) lists its charts in the order Helm validates
//! them (the root, then each subchart before its own subcharts).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::gates::Gate;
use super::imports::Importing;
use super::tree::ChartValues;

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

/// The charts of `tree` that have a schema, in the order Helm validates them (none for a lone
/// chart).
pub(super) fn places(tree: Option<&ChartTree>) -> Vec<Place> {
    let Some(tree) = tree.filter(|t| t.composition.is_some()) else {
        return Vec::new();
    };
    (tree.charts.iter())
        .filter_map(|c| {
            Some(Place {
                name: c.name.clone(),
                values_path: c.values_path.clone(),
                pointer: c.schema_pointer.clone()?,
            })
        })
        .collect()
}

/// A chart as the schema layer reads it, built once by `chart` and carried beside its schema:
/// every chart of the tree and, for a tree of several charts, how Helm coalesces, switches off,
/// imports and validates them (the composed schema itself holds only JSON Schema).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChartTree {
    /// Every chart of the tree, the root first, each before its own subcharts (Helm's order).
    pub charts: Vec<ChartAt>,
    /// How Helm reads the tree's values (absent: a lone chart, its schema validated as written).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "types", ts(optional))]
    pub composition: Option<Composition>,
}

/// How Helm reads a chart tree's values: each chart's own values.yaml and its subcharts, the
/// subcharts a `condition` or `tags` switch off, the imports, and each chart's schema's draft.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Composition {
    /// The root chart's own values.yaml, as written, and its subcharts' in Helm's order.
    pub values: ChartValues,
    /// The subchart paths whose key a parent chart's own values.yaml holds (a user `null` there
    /// deletes the key instead of being refused).
    pub held: Vec<Vec<String>>,
    /// The subcharts a `condition` or `tags` can switch off, parents first.
    pub gates: Vec<Gate>,
    /// What each importing chart takes from its subcharts, those below first.
    pub imports: Vec<Importing>,
    /// Each chart's schema read with another draft than the composition's own `$schema`.
    pub drafts: Vec<PartDraft>,
    /// Each chart's schema its own draft's meta-schema refuses (its part of the composition
    /// is `{}`): Helm refuses the install when it validates that chart.
    pub refused: Vec<RefusedPart>,
}

/// A chart's schema in the composition read with a draft of its own, as Helm reads each chart's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PartDraft {
    /// The JSON pointer of the chart's schema inside the composed schema.
    pub pointer: String,
    /// The draft's meta-schema URI.
    pub draft: String,
}

/// A chart's schema its own meta-schema refuses, and where its file is refused.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RefusedPart {
    /// The JSON pointer of the chart's part inside the composed schema.
    pub pointer: String,
    /// The chart's schema, as written.
    #[cfg_attr(feature = "types", ts(type = "unknown"))]
    pub schema: Value,
    /// Its file's place (`top.tgz > charts/sub: values.schema.json:1:10`).
    pub at: String,
}

impl ChartTree {
    /// The tree of charts named by `charts` alone (a lone chart's reading: its schema as written).
    pub fn named(charts: Vec<ChartAt>) -> ChartTree {
        ChartTree {
            charts,
            composition: None,
        }
    }

    /// The subcharts' value paths, parents first (`None`: a lone chart).
    pub(super) fn subchart_paths(&self) -> Option<Vec<Vec<String>>> {
        self.composition.as_ref()?;
        Some(
            self.charts
                .iter()
                .skip(1)
                .map(|c| c.values_path.clone())
                .collect(),
        )
    }
}
