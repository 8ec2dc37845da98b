//! Helm's words for a violation in a chart tree: the chart whose schema failed, then
//! `- at '<pointer in that chart's values>': <message>` (pkg/chart/common/util/jsonschema.go).

use super::ChartAt;
use crate::migrate::{ChartNamed, LocatedViolation, ValidateReport};
use crate::path::{Segment, ValuePath};

/// The chart whose own schema holds `schema_path` (the longest pointer that prefixes it).
pub fn chart_of<'a>(charts: &'a [ChartAt], schema_path: &str) -> Option<&'a ChartAt> {
    charts
        .iter()
        .filter(|c| {
            c.schema_pointer.as_deref().is_some_and(|p| {
                schema_path
                    .strip_prefix(p)
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
            })
        })
        .max_by_key(|c| c.schema_pointer.as_ref().map_or(0, String::len))
}

/// One violation as Helm prints it for a chart tree: `bosun: - at '/gate/mode': <message>`.
pub fn named(charts: &[ChartAt], path: &ValuePath, schema_path: &str, message: &str) -> String {
    let Some(chart) = chart_of(charts, schema_path) else {
        return format!("- at '{}': {message}", pointer(path.segments(), 0));
    };
    format!(
        "{}: - at '{}': {message}",
        chart.name,
        pointer(path.segments(), chart.values_path.len())
    )
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

/// The report with each violation named by its chart (nothing changes for a lone schema).
pub fn name_charts(charts: &[ChartAt], mut report: ValidateReport) -> ValidateReport {
    if charts.is_empty() {
        return report;
    }
    let every: Vec<&LocatedViolation> = report
        .violations
        .iter()
        .chain(&report.defaults_violations)
        .collect();
    let helm: Vec<Option<ChartNamed>> = every
        .iter()
        .map(|v| {
            chart_of(charts, &v.schema_path).map(|chart| ChartNamed {
                name: chart.name.clone(),
                helm: named(charts, &v.value_path, &v.schema_path, &grouped(&every, v)),
            })
        })
        .collect();
    let targets = report
        .violations
        .iter_mut()
        .chain(report.defaults_violations.iter_mut());
    for (v, named) in targets.zip(helm) {
        v.chart = named;
    }
    report
}

/// Helm's one message for every key one `additionalProperties` refuses in one mapping
/// (`additional properties 'a', 'b' not allowed`); the validator reports each key apart.
fn grouped(every: &[&LocatedViolation], v: &LocatedViolation) -> String {
    const HEAD: &str = "additional properties '";
    const TAIL: &str = "' not allowed";
    if !v.message.starts_with(HEAD) {
        return v.message.clone();
    }
    let keys: Vec<&str> = every
        .iter()
        .filter(|o| o.schema_path == v.schema_path && o.value_path == v.value_path)
        .filter_map(|o| o.message.strip_prefix(HEAD)?.strip_suffix(TAIL))
        .collect();
    format!("{HEAD}{}{TAIL}", keys.join("', '"))
}
