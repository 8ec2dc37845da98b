//! The pull request comment: the bump, each op, every value not carried across, escalations, kept comments.

use super::outcome::{MigrateReport, Op, Status};
use crate::path::show;
use std::fmt::Write;

/// Markdown for the pull request that carries this migration.
pub fn comment(base_schema: &str, target_schema: &str, report: &MigrateReport) -> String {
    let mut out = String::new();
    let at = match (&report.prefix, &report.values_file) {
        (Some(prefix), Some(file)) if !prefix.is_empty() => format!("`{prefix}` in `{file}`"),
        (_, Some(file)) => format!("`{file}`"),
        _ => "the values".to_string(),
    };
    let _ = writeln!(
        out,
        "### values-migrate: {at}\n\nChart schema bump: `{}` → `{}`.\n",
        base_schema, target_schema
    );
    let verdict = match report.status {
        Status::Planned => {
            "The plan below was derived from the original values and the proposal, applied to the file's own lines, and verified by re-parsing the result."
        }
        Status::Unchanged => "Nothing to change: the values already satisfy the target schema.",
        Status::Refused => "**Refused** — nothing was written.",
        Status::Escalated => "**Escalated** — a person must decide; nothing was written.",
        Status::Invalid => "**Invalid input** — nothing was written.",
        Status::NeedsProposal => "A proposal is needed.",
    };
    let _ = writeln!(out, "{verdict}\n");
    if !report.ops.is_empty() {
        let _ = writeln!(out, "**Plan**\n");
        for op in &report.ops {
            let _ = match op {
                Op::Remove { path } => writeln!(out, "- remove `{path}`"),
                Op::Rename { from, to, reason } => {
                    writeln!(out, "- rename `{from}` → `{to}` ({reason})")
                }
                Op::Set {
                    path,
                    value,
                    source,
                } => {
                    writeln!(
                        out,
                        "- set `{path}` = `{}` (from the {})",
                        show(value),
                        source_words(*source)
                    )
                }
            };
        }
        out.push('\n');
    }
    if !report.not_carried.is_empty() {
        let _ = writeln!(
            out,
            "**Not carried across** — removed and not moved anywhere; check each one is meant to go:\n"
        );
        for n in &report.not_carried {
            let _ = writeln!(out, "- `{}` = `{}`", n.path, show(&n.value));
        }
        out.push('\n');
    }
    if !report.escalations.is_empty() {
        let _ = writeln!(
            out,
            "**Needs a person** — required by the target schema, which dictates no value:\n"
        );
        for e in &report.escalations {
            let _ = writeln!(out, "- `{}`: {}", e.path, e.message);
        }
        out.push('\n');
    }
    if !report.refusals.is_empty() {
        let _ = writeln!(out, "**Refusals**\n");
        for r in &report.refusals {
            let place = match (&r.at.file, r.at.line) {
                (Some(file), Some(line)) => format!(" ({file}:{line})"),
                _ => String::new(),
            };
            let _ = writeln!(
                out,
                "- {} at `{}`{place}: {}",
                serde_json::to_value(r.kind)
                    .ok()
                    .and_then(|v| v.as_str().map(String::from))
                    .unwrap_or_default(),
                r.path,
                r.message
            );
        }
        out.push('\n');
    }
    if !report.kept_comments.is_empty() {
        let _ = writeln!(
            out,
            "**Comments left in place** next to keys the plan removed or moved; they may need an edit:\n"
        );
        for k in &report.kept_comments {
            let _ = writeln!(
                out,
                "- {}:{} above `{}`: `{}`",
                k.file, k.line, k.path, k.text
            );
        }
        out.push('\n');
    }
    out
}

fn source_words(source: super::outcome::SetSource) -> &'static str {
    use super::outcome::SetSource::*;
    match source {
        Default => "target schema's default",
        Const => "target schema's const",
        Enum => "target schema's enum",
        Answer => "person's answer",
        Original => "original values",
    }
}
