//! The proposal loop (issue 25): what a proposal writer (a person's script, a model's command
//! line) is given on each attempt, the previous refusals included, and when the loop stops.
//! Stateless: the next step is a function of the proposals written so far. Running the writer
//! is the CLIs' part.

use super::outcome::{MigrateReport, Status};
use super::request::{Named, Request};
use super::session::Session;
use crate::path::show;
use serde::Deserialize;
use serde_json::json;
use std::fmt::Write;

/// What the writer reads on its stdin.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BriefFormat {
    /// Plain text: the brief, then the previous attempt's refusals.
    #[default]
    Text,
    /// One JSON object: `attempt`, `attempts`, `prompt` (the text), `brief`, `diagnosis`, `previous`.
    Json,
}

/// The next step of the loop.
#[derive(Debug)]
pub enum Step {
    /// Ask the writer for proposal number `attempt` (1-based), with `input` on its stdin.
    Ask {
        /// Which attempt this is.
        attempt: usize,
        /// What the writer reads.
        input: String,
        /// Why the previous proposal is not the last one (one line), for the person watching.
        after: Option<String>,
    },
    /// Stop: `report` is the last judgement; `proposal` the index of the proposal it judged, or
    /// `None` when no proposal is needed or possible (the report is then the diagnosis).
    Done {
        /// The last report.
        report: Box<MigrateReport>,
        /// The judged proposal's index in the list given.
        proposal: Option<usize>,
    },
}

/// The loop's next step, given the `proposals` written so far and at most `attempts` in all.
pub fn step(request: &Request, proposals: &[Named], attempts: usize, format: BriefFormat) -> Step {
    let session = match Session::of_spec(&request.spec) {
        Ok(session) => session,
        Err(_) => {
            return Step::Done {
                report: Box::new(super::diagnose(request)),
                proposal: None,
            };
        }
    };
    let inputs = request.inputs();
    let diagnosis = session.diagnose(&inputs);
    // Unchanged, escalated (a person decides first: `--answer`) or unreadable: no writer helps.
    if diagnosis.status != Status::NeedsProposal {
        return Step::Done {
            report: Box::new(diagnosis),
            proposal: None,
        };
    }
    let mut previous = None;
    for (index, proposal) in proposals.iter().enumerate() {
        let with = super::Inputs {
            proposal: Some(proposal),
            ..inputs
        };
        let report = session.migrate(&with);
        if !retry(&report) || index + 1 >= attempts.max(1) {
            return Step::Done {
                report: Box::new(report),
                proposal: Some(index),
            };
        }
        previous = Some((proposal, report));
    }
    let attempt = proposals.len() + 1;
    let previous = previous.as_ref().map(|(p, r)| (*p, r));
    Step::Ask {
        attempt,
        input: writer_input(&diagnosis, previous, attempt, attempts, format),
        after: previous.map(|(_, r)| summary(r)),
    }
}

/// Whether a judged proposal is worth another attempt: it was refused or could not be read
/// (the diagnosis was readable, so an unreadable input is the proposal).
fn retry(report: &MigrateReport) -> bool {
    matches!(report.status, Status::Refused | Status::Invalid)
}

/// One line on a refused attempt, for the person watching (stderr).
fn summary(report: &MigrateReport) -> String {
    let first = report
        .refusals
        .first()
        .map(|r| format!("{} at `{}`: {}", r.kind.as_str(), r.path, r.message))
        .or_else(|| report.errors.first().map(|e| e.to_string()))
        .unwrap_or_default();
    let more = report.refusals.len() + report.errors.len();
    let more = if more > 1 {
        format!(" (and {} more)", more - 1)
    } else {
        String::new()
    };
    format!("{}: {first}{more}", report.status.as_str())
}

/// What the writer reads on attempt `attempt`: the brief, what to answer with, and what refused
/// the previous proposal (with each value it dropped and the hint next to it).
pub fn writer_input(
    diagnosis: &MigrateReport,
    previous: Option<(&Named, &MigrateReport)>,
    attempt: usize,
    attempts: usize,
    format: BriefFormat,
) -> String {
    let prompt = prompt(diagnosis, previous, attempt, attempts);
    match format {
        BriefFormat::Text => prompt,
        BriefFormat::Json => {
            let previous = previous.map(|(proposal, report)| {
                json!({
                    "proposal": proposal.text,
                    "status": report.status,
                    "refusals": report.refusals,
                    "errors": report.errors,
                    "notCarried": report.not_carried,
                })
            });
            let object = json!({
                "attempt": attempt,
                "attempts": attempts,
                "prompt": prompt,
                "brief": diagnosis.brief,
                "reply": REPLY,
                "diagnosis": {
                    "prefix": diagnosis.prefix,
                    "valuesFile": diagnosis.values_file,
                    "displaced": diagnosis.displaced,
                    "derivable": diagnosis.derivable,
                    "escalations": diagnosis.escalations,
                },
                "previous": previous,
            });
            format!("{object:#}\n")
        }
    }
}

/// How the writer must answer.
const REPLY: &str = "Answer with the migrated values document only: YAML, rooted at the values root, with no code fence and no commentary.";

/// The text form of the writer's input.
fn prompt(
    diagnosis: &MigrateReport,
    previous: Option<(&Named, &MigrateReport)>,
    attempt: usize,
    attempts: usize,
) -> String {
    let mut out = diagnosis.brief.clone().unwrap_or_default();
    let _ = writeln!(out, "\n{REPLY}");
    let Some((proposal, report)) = previous else {
        return out;
    };
    let _ = writeln!(
        out,
        "\nAttempt {attempt} of {attempts}. The previous proposal was {}; fix what is listed below and keep the rest:",
        report.status.as_str()
    );
    for refusal in &report.refusals {
        let place = match &refusal.at.file {
            Some(_) => format!(" ({})", refusal.at.prefix()),
            None => String::new(),
        };
        let _ = writeln!(
            out,
            "- {} at `{}`{place}: {}",
            refusal.kind.as_str(),
            refusal.path,
            refusal.message
        );
    }
    for error in &report.errors {
        let _ = writeln!(out, "- {error}");
    }
    if !report.not_carried.is_empty() {
        let _ = writeln!(
            out,
            "\nThe previous proposal dropped these values (each is a lost setting unless it belongs nowhere in the target):"
        );
        for dropped in &report.not_carried {
            let hint = dropped
                .hint
                .as_ref()
                .map(|h| format!("; {h}"))
                .unwrap_or_default();
            let _ = writeln!(out, "- {} = {}{hint}", dropped.path, show(&dropped.value));
        }
    }
    let _ = writeln!(
        out,
        "\nThe previous proposal:\n```yaml\n{}",
        proposal.text.trim_end()
    );
    let _ = writeln!(out, "```");
    out
}

/// The proposal in a writer's output: the text, or the body of the one code fence it is wrapped
/// in (model command lines often fence their answer).
pub fn proposal_text(output: &str) -> String {
    let trimmed = output.trim();
    let fenced = trimmed
        .strip_prefix("```")
        .and_then(|rest| rest.strip_suffix("```"))
        .and_then(|body| body.split_once('\n'))
        .filter(|(tag, body)| {
            !tag.contains('`') && !body.contains("\n```") && tag.trim().len() <= 8
        });
    match fenced {
        Some((_, body)) => body.to_string(),
        None => output.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fenced_answer_is_unwrapped_and_anything_else_kept() {
        assert_eq!(proposal_text("```yaml\na: 1\n```\n"), "a: 1\n");
        assert_eq!(proposal_text("```\na: 1\nb: 2\n```"), "a: 1\nb: 2\n");
        assert_eq!(proposal_text("a: 1\n"), "a: 1\n");
        // Two fences, or text around one: not ours to guess.
        let two = "```yaml\na: 1\n```\n```yaml\nb: 1\n```";
        assert_eq!(proposal_text(two), two);
        let around = "Here:\n```yaml\na: 1\n```";
        assert_eq!(proposal_text(around), around);
    }
}
