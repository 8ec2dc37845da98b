//! The readable text form of a migrate or diagnose report (the CLI's `--format text`).

use super::outcome::{MigrateReport, Op};
use crate::path::show;
use std::fmt::Write;

/// A readable summary of a migrate or diagnose report.
pub fn text(report: &MigrateReport) -> String {
    let mut out = String::new();
    let status = serde_json::to_value(report.status)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default();
    let _ = writeln!(out, "status: {status}");
    if let Some(prefix) = &report.prefix {
        let _ = writeln!(
            out,
            "values: {} in {}",
            if prefix.is_empty() {
                "the root"
            } else {
                prefix
            },
            report.values_file.as_deref().unwrap_or("?")
        );
    }
    for e in &report.errors {
        let _ = writeln!(out, "error: {e}");
    }
    for d in &report.displaced {
        let _ = writeln!(
            out,
            "displaced: {} = {} ({})",
            d.path,
            show(&d.value),
            d.reason
        );
    }
    for d in &report.derivable {
        let _ = writeln!(
            out,
            "derivable: {} = {} ({})",
            d.path,
            show(&d.value),
            d.source
        );
    }
    for e in &report.escalations {
        let _ = writeln!(out, "escalation: {}: {}", e.path, e.message);
    }
    for r in &report.refusals {
        let kind = serde_json::to_value(r.kind)
            .ok()
            .and_then(|v| v.as_str().map(String::from))
            .unwrap_or_default();
        let place = match &r.at.file {
            Some(_) => format!("{}: ", r.at.prefix()),
            None => String::new(),
        };
        let _ = writeln!(out, "refusal {kind} at `{}`: {place}{}", r.path, r.message);
    }
    for op in &report.ops {
        let _ = match op {
            Op::Remove { path } => writeln!(out, "op: remove {path}"),
            Op::Rename { from, to, .. } => writeln!(out, "op: rename {from} -> {to}"),
            Op::Set {
                path,
                value,
                source,
            } => writeln!(out, "op: set {path} = {} ({source:?})", show(value)),
        };
    }
    for n in &report.not_carried {
        let _ = writeln!(out, "not carried: {} = {}", n.path, show(&n.value));
    }
    for change in &report.changelog {
        let _ = writeln!(out, "schema change: {change}");
    }
    if let Some(brief) = &report.brief {
        let _ = writeln!(out, "\n{brief}");
    }
    for f in report.files.iter().filter(|f| f.changed) {
        let _ = write!(out, "\n{}", f.diff);
    }
    out
}
