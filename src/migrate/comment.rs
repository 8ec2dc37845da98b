//! The pull request comment: the bump, the values the target chart ignores, each op, every value
//! not carried across, escalations, kept comments.

use super::outcome::{MigrateReport, Op, Refusal, Status, ValuesHome};
use crate::path::show;
use crate::schema::DisplacedBy;
use std::fmt::Write;

/// The comment's first sentence: what the status means for the pull request.
fn verdict(status: Status) -> &'static str {
    match status {
        Status::Planned => {
            "The plan below was derived from the original values and the proposal, applied to the file's own lines, and verified by re-parsing the result."
        }
        Status::Unchanged => "Nothing to change: the values already satisfy the target schema.",
        Status::Refused => "**Refused** — nothing was written.",
        Status::Escalated => "**Escalated** — a person must decide; nothing was written.",
        Status::Invalid => "**Invalid input** — nothing was written.",
        Status::NeedsProposal => "A proposal is needed.",
    }
}

/// Markdown for the pull request that carries this migration.
pub fn comment(base_schema: &str, target_schema: &str, report: &MigrateReport) -> String {
    let mut out = String::new();
    let at = match (&report.prefix, &report.values_file) {
        (Some(prefix), Some(file)) if !prefix.is_empty() => format!("`{prefix}` in `{file}`"),
        (_, Some(file)) => format!("`{file}`"),
        _ => "the values".to_string(),
    } + &ValuesHome::note(report.values_in.as_ref());
    let _ = writeln!(
        out,
        "### values-migrate: {at}\n\nChart schema bump: `{}` → `{}`.\n",
        base_schema, target_schema
    );
    let _ = writeln!(out, "{}\n", verdict(report.status));
    section(
        &mut out,
        "**Ignored by the target chart** — values the base chart's templates read and no template of the target reads (Helm renders without them, silently):",
        report
            .displaced
            .iter()
            .filter(|d| d.by == DisplacedBy::Templates)
            .map(|d| {
                let at = d.read_before.as_deref().unwrap_or("");
                format!("- `{}` (read before at `{at}`)", d.path)
            }),
    );
    section(
        &mut out,
        "**Refused by the target chart** — values a template of the target reads only to `fail` (Helm does not render with them):",
        report
            .displaced
            .iter()
            .filter(|d| d.by == DisplacedBy::Chart)
            .map(|d| format!("- `{}` ({})", d.path, d.reason)),
    );
    section(&mut out, "**Plan**", report.ops.iter().map(op_line));
    section(
        &mut out,
        "**Not carried across** — removed and not moved anywhere; check each one is meant to go:",
        report
            .not_carried
            .iter()
            .map(|n| format!("- `{}` = `{}`", n.path, show(&n.value))),
    );
    section(
        &mut out,
        "**Needs a person** — required by the target schema, which dictates no value:",
        report
            .escalations
            .iter()
            .map(|e| format!("- `{}`: {}", e.path, e.message)),
    );
    section(
        &mut out,
        "**Refusals**",
        report.refusals.iter().map(refusal_line),
    );
    if let Some(helm) = &report.helm {
        let _ = writeln!(out, "`helm install` would print:\n\n```\n{helm}```\n");
    }
    section(
        &mut out,
        "**Comments left in place** next to keys the plan removed or moved; they may need an edit:",
        report
            .kept_comments
            .iter()
            .map(|k| format!("- {}:{} above `{}`: `{}`", k.file, k.line, k.path, k.text)),
    );
    out
}

/// A refusal as a list item, with its file and line when it has them.
fn refusal_line(r: &Refusal) -> String {
    let place = match (&r.at.file, r.at.line) {
        (Some(file), Some(line)) => format!(" ({file}:{line})"),
        _ => String::new(),
    };
    format!(
        "- {} at `{}`{place}: {}",
        r.kind.as_str(),
        r.path,
        r.message
    )
}

/// A heading and its list, then a blank line; nothing when the list is empty.
fn section(out: &mut String, heading: &str, lines: impl Iterator<Item = String>) {
    let mut lines = lines.peekable();
    if lines.peek().is_none() {
        return;
    }
    let _ = writeln!(out, "{heading}\n");
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    out.push('\n');
}

/// One op as a list item of the plan.
fn op_line(op: &Op) -> String {
    match op {
        Op::Remove { path } => format!("- remove `{path}`"),
        Op::Rename { from, to, reason } => format!("- rename `{from}` → `{to}` ({reason})"),
        Op::Set {
            path,
            value,
            source,
        } => format!(
            "- set `{path}` = `{}` (from the {})",
            show(value),
            source_words(*source)
        ),
    }
}

fn source_words(source: super::outcome::SetSource) -> &'static str {
    use super::outcome::SetSource::*;
    match source {
        Default => "target schema's default",
        Const => "target schema's const",
        Enum => "target schema's enum",
        Answer => "person's answer",
        Original => "original values",
        Empty => "empty collection the target's type needs, no value in it",
    }
}
