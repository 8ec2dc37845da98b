//! A chart tree's migrate or diagnose report, each finding and change named by the chart whose
//! values it touches: `charts` in the report, lines in the text, and a `Charts` section in the
//! PR comment (`first` (alpha 1.0.0 → 2.0.0): rename `first.port` → …).

use super::outcome::Op;
use super::{ChartFinding, ChartFindings, MigrateReport, Status};
use crate::path::{Segment, ValuePath};
use crate::schema::ChartAt;

/// The chart (deepest first) whose values hold `path`: a subchart's, else the root's.
fn owner<'a>(charts: &'a [ChartAt], path: &ValuePath) -> Option<&'a ChartAt> {
    charts
        .iter()
        .filter(|c| starts_with(path, &c.values_path))
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

/// Every finding and change of the report, as (kind, path, words), in report order; the
/// displaced values only where no plan was made of them (a plan's ops say what became of them).
fn findings(report: &MigrateReport) -> Vec<(&'static str, &ValuePath, String)> {
    let mut out = Vec::new();
    if report.ops.is_empty() && report.status != Status::Planned {
        for d in &report.displaced {
            out.push(("displaced", &d.path, format!("displaced `{}`", d.path)));
        }
        for d in &report.derivable {
            out.push(("derivable", &d.path, format!("derivable `{}`", d.path)));
        }
    }
    for e in &report.escalations {
        out.push((
            "escalation",
            &e.path,
            format!("needs a person: `{}`", e.path),
        ));
    }
    for r in &report.refusals {
        let words = format!("refused ({}) at `{}`", r.kind.as_str(), r.path);
        out.push(("refusal", &r.path, words));
    }
    for op in &report.ops {
        let (words, path) = describe(op);
        out.push(("op", path, words));
    }
    for n in &report.not_carried {
        let words = format!("`{}` not carried across", n.path);
        out.push(("not-carried", &n.path, words));
    }
    out
}

/// Names the chart of each finding and change of a chart tree's report (`report.charts`, and a
/// `Charts` section in its comment), with the chart's versions on both sides; nothing for a lone
/// chart.
pub fn annotate(base: &[ChartAt], target: &[ChartAt], report: &mut MigrateReport) {
    if base.len() < 2 && target.len() < 2 {
        return;
    }
    let mut charts: Vec<ChartFindings> = Vec::new();
    for (kind, path, text) in findings(report) {
        let Some(chart) = owner(target, path).or_else(|| owner(base, path)) else {
            continue;
        };
        let finding = ChartFinding {
            kind,
            path: path.clone(),
            text,
        };
        if let Some(c) = charts.iter_mut().find(|c| c.name == chart.name) {
            c.findings.push(finding);
            continue;
        }
        let version = |side: &[ChartAt]| {
            let same = side.iter().find(|c| c.values_path == chart.values_path);
            same.map(|c| c.version.clone())
        };
        let mut values_path = ValuePath::root();
        for key in &chart.values_path {
            values_path = values_path.key(key.clone());
        }
        charts.push(ChartFindings {
            name: chart.name.clone(),
            chart: chart.chart.clone(),
            from: version(base),
            to: version(target),
            values_path,
            findings: vec![finding],
        });
    }
    comment_section(&charts, &mut report.comment);
    report.charts = charts;
}

/// The comment's `Charts` section: one line per chart, its findings and changes.
fn comment_section(charts: &[ChartFindings], comment: &mut String) {
    if charts.is_empty() {
        return;
    }
    let mut section =
        String::from("**Charts** — the chart each finding and change belongs to:\n\n");
    for chart in charts {
        let words: Vec<&str> = chart.findings.iter().map(|f| f.text.as_str()).collect();
        section.push_str(&format!("- {}: {}\n", chart.label(), words.join("; ")));
    }
    if !comment.is_empty() && !comment.ends_with("\n\n") {
        comment.push('\n');
    }
    comment.push_str(&section);
}
