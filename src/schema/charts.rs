//! A chart tree's violations as Helm names them: the chart whose own schema failed (its alias),
//! then `- at '<pointer in that chart's values>': <message>` (pkg/chart/common/util/jsonschema.go).
//!
//! The composed schema of a tree (src/chart) lists its charts under [`CHARTS_KEYWORD`], in the
//! order Helm validates them (the root, then each subchart before its own subcharts).

use serde::Serialize;
use serde_json::Value;

use super::Violation;
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

/// One chart of a tree: Helm's name for it, where its values are, where its schema is.
struct Place {
    name: String,
    values_path: Vec<String>,
    pointer: String,
}

fn places(document: &Value) -> Vec<Place> {
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
fn chart_of<'p>(places: &'p [Place], schema_path: &str) -> Option<&'p Place> {
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

/// Helm's one message for every key one `additionalProperties` refuses in one mapping
/// (`additional properties 'a', 'b' not allowed`); the validator reports each key apart.
fn grouped(every: &[Violation], v: &Violation) -> String {
    const HEAD: &str = "additional properties '";
    const TAIL: &str = "' not allowed";
    if !v.helm_message.starts_with(HEAD) {
        return v.helm_message.clone();
    }
    let keys: Vec<&str> = every
        .iter()
        .filter(|o| o.schema_path == v.schema_path && o.path == v.path)
        .filter_map(|o| o.helm_message.strip_prefix(HEAD)?.strip_suffix(TAIL))
        .collect();
    format!("{HEAD}{}{TAIL}", keys.join("', '"))
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
                    pointer(v.path.segments(), chart.values_path.len()),
                    grouped(violations, v)
                ),
            })
        })
        .collect();
    for (v, named) in violations.iter_mut().zip(named) {
        v.chart = named;
    }
}

/// What `helm install` prints for a chart tree's violations (already named): one block per
/// chart, in the order Helm validates them; `None` for a lone chart's schema.
pub(crate) fn helm_report(document: &Value, violations: &[Violation]) -> Option<String> {
    let places = places(document);
    if places.is_empty() {
        return None;
    }
    let mut out = String::from(
        "values don't meet the specifications of the schema(s) in the following chart(s):\n",
    );
    for place in &places {
        let mut lines: Vec<&str> = Vec::new();
        for v in violations {
            let ours = chart_of(&places, &v.schema_path).is_some_and(|c| std::ptr::eq(c, place));
            let Some(named) = v.chart.as_ref().filter(|_| ours) else {
                continue;
            };
            let line = named.helm.strip_prefix(&format!("{}: ", named.name));
            if line.is_some_and(|l| !lines.contains(&l)) {
                lines.extend(line);
            }
        }
        if !lines.is_empty() {
            out.push_str(&format!("{}:\n{}\n", place.name, lines.join("\n")));
        }
    }
    Some(out)
}
