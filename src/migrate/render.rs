//! The readable text form of a migrate or diagnose report (the CLI's `--format text`).

use super::outcome::{MigrateReport, Op, ValuesHome};
use crate::path::show;
use std::fmt::Write;

/// A readable summary of a migrate or diagnose report.
pub fn text(report: &MigrateReport) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "status: {}", report.status.as_str());
    if let Some(prefix) = &report.prefix {
        let at = if prefix.is_empty() {
            "the root"
        } else {
            prefix
        };
        let file = report.values_file.as_deref().unwrap_or("?");
        let merged = match report.merged_documents {
            Some(count) => format!(" (its {count} documents merged, as Helm's -f reads them)"),
            None => String::new(),
        };
        let _ = writeln!(
            out,
            "values: {at} in {file}{merged}{}",
            ValuesHome::note(report.values_in.as_ref())
        );
    }
    for line in finding_lines(report) {
        let _ = writeln!(out, "{line}");
    }
    if let Some(helm) = &report.helm {
        let _ = write!(out, "\nhelm install would print:\n{helm}");
    }
    if let Some(brief) = &report.brief {
        let _ = writeln!(out, "\n{brief}");
    }
    for f in report.files.iter().filter(|f| f.changed) {
        let _ = write!(out, "\n{}", f.diff);
    }
    out
}

/// One line per finding of `report`, in the order the text shows them.
fn finding_lines(report: &MigrateReport) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    lines.extend(report.errors.iter().map(|e| format!("error: {e}")));
    lines.extend(
        report
            .displaced
            .iter()
            .map(|d| format!("displaced: {} = {} ({})", d.path, show(&d.value), d.reason)),
    );
    lines.extend(
        report
            .derivable
            .iter()
            .map(|d| format!("derivable: {} = {} ({})", d.path, show(&d.value), d.source)),
    );
    lines.extend(
        report
            .escalations
            .iter()
            .map(|e| format!("escalation: {}: {}", e.path, e.message)),
    );
    lines.extend(report.refusals.iter().map(|r| {
        let place = match &r.at.file {
            Some(_) => format!("{}: ", r.at.prefix()),
            None => String::new(),
        };
        format!(
            "refusal {} at `{}`: {place}{}",
            r.kind.as_str(),
            r.path,
            r.message
        )
    }));
    lines.extend(report.ops.iter().map(op_line));
    lines.extend(report.not_carried.iter().map(|n| match &n.hint {
        Some(hint) => format!("not carried: {} = {}; {hint}", n.path, show(&n.value)),
        None => format!("not carried: {} = {}", n.path, show(&n.value)),
    }));
    lines.extend(
        report
            .changelog
            .iter()
            .map(|c| format!("schema change: {c}")),
    );
    lines.extend(report.charts.iter().map(|c| {
        let words: Vec<&str> = c.findings.iter().map(|f| f.text.as_str()).collect();
        format!("chart {}: {}", c.label(), words.join("; "))
    }));
    lines
}

fn op_line(op: &Op) -> String {
    match op {
        Op::Remove { path } => format!("op: remove {path}"),
        Op::Rename { from, to, .. } => format!("op: rename {from} -> {to}"),
        Op::Set {
            path,
            value,
            source,
        } => format!("op: set {path} = {} ({source:?})", show(value)),
    }
}
