//! A chart tree's migrate report, each change named by the chart whose values it touches: the
//! PR comment gains a `Charts` section (`first` (alpha 1.0.0 → 2.0.0): `first.port` → …).

use super::ChartAt;
use crate::migrate::MigrateReport;
use crate::migrate::outcome::Op;
use crate::path::{Segment, ValuePath};

/// The subchart (deepest first) whose values hold `path`; `None` for the root chart's own.
fn owner<'a>(charts: &'a [ChartAt], path: &ValuePath) -> Option<&'a ChartAt> {
    charts
        .iter()
        .filter(|c| !c.values_path.is_empty() && starts_with(path, &c.values_path))
        .max_by_key(|c| c.values_path.len())
}

fn starts_with(path: &ValuePath, keys: &[String]) -> bool {
    let segments = path.segments();
    segments.len() >= keys.len()
        && keys
            .iter()
            .zip(segments)
            .all(|(k, s)| matches!(s, Segment::Key(key) if key == k))
}

/// One change of the plan, in the comment's words.
fn describe(op: &Op) -> (String, &ValuePath) {
    match op {
        Op::Remove { path } => (format!("remove `{path}`"), path),
        Op::Rename { from, to, .. } => (format!("rename `{from}` → `{to}`"), from),
        Op::Set { path, .. } => (format!("set `{path}`"), path),
    }
}

/// Appends to the report's comment which chart each planned change (and each value not carried
/// across) belongs to, with the chart's versions on both sides; nothing for a lone chart.
pub fn annotate(base: &[ChartAt], target: &[ChartAt], report: &mut MigrateReport) {
    let mut lines: Vec<(String, Vec<String>)> = Vec::new();
    let changes = report.ops.iter().map(describe).chain(
        report
            .not_carried
            .iter()
            .map(|n| (format!("`{}` not carried across", n.path), &n.path)),
    );
    for (change, path) in changes {
        let Some(chart) = owner(target, path).or_else(|| owner(base, path)) else {
            continue;
        };
        let from = base.iter().find(|c| c.values_path == chart.values_path);
        let label = match from {
            Some(from) if from.version != chart.version => {
                format!(
                    "`{}` ({} {} → {})",
                    chart.name, chart.chart, from.version, chart.version
                )
            }
            _ => format!("`{}` ({} {})", chart.name, chart.chart, chart.version),
        };
        match lines.iter_mut().find(|(l, _)| *l == label) {
            Some((_, changes)) => changes.push(change),
            None => lines.push((label, vec![change])),
        }
    }
    if lines.is_empty() {
        return;
    }
    let mut section = String::from("**Charts** — the subchart each change belongs to:\n\n");
    for (label, changes) in lines {
        section.push_str(&format!("- {label}: {}\n", changes.join("; ")));
    }
    if !report.comment.is_empty() && !report.comment.ends_with("\n\n") {
        report.comment.push('\n');
    }
    report.comment.push_str(&section);
}
