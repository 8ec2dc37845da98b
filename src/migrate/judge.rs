//! The judge stage: the proposal with a person's answers and derivable keys applied, the three
//! refusals (survival, schema validity, provenance) and the plan derived from the two trees.

use super::outcome::{MigrateReport, RefusalKind, SetSource};
use super::plan::{Finding, PlanInput, Planned, Source, plan};
use super::session::Session;
use crate::path::{self, ValuePath};
use crate::schema::Derivable;
use serde_json::Value;
use std::borrow::Cow;

/// The proposal as judged, the plan, and every finding that stops it.
pub(crate) struct Judged<'p> {
    /// The proposal with answers and derivable required values applied (borrowed when none apply).
    pub proposal: Cow<'p, Value>,
    /// The plan and the planner's findings.
    pub planned: Planned,
}

/// Judges `proposal` against the original values and the facts already in `report`.
pub(crate) fn judge<'p>(
    session: &Session,
    original: &Value,
    proposal: &'p Value,
    answers: &[(ValuePath, Value)],
    report: &MigrateReport,
) -> Judged<'p> {
    let mut findings = Vec::new();
    let judged = with_answers(proposal, answers, report, &mut findings);
    let displaced: Vec<Source> = report
        .displaced
        .iter()
        .map(|d| Source {
            path: d.path.clone(),
            value: d.value.clone(),
        })
        .collect();
    let schema_source = |path: &ValuePath, value: &Value| schema_source(session, path, value);
    let mut planned = plan(&PlanInput {
        original,
        proposal: &judged,
        displaced: &displaced,
        answers,
        schema_source: &schema_source,
    });
    findings.append(&mut planned.findings);
    findings.extend(schema_findings(session, &judged));
    planned.findings = findings;
    Judged {
        proposal: judged,
        planned,
    }
}

/// The proposal with a person's answers over it and derivable required keys filled in.
fn with_answers<'p>(
    proposal: &'p Value,
    answers: &[(ValuePath, Value)],
    report: &MigrateReport,
    findings: &mut Vec<Finding>,
) -> Cow<'p, Value> {
    let missing = |d: &Derivable| path::get(proposal, &d.path).is_none();
    if answers.is_empty() && !report.derivable.iter().any(missing) {
        // Nothing to apply: the proposal itself, not a copy of it.
        return Cow::Borrowed(proposal);
    }
    let mut judged = proposal.clone();
    for (at, answer) in answers {
        if let Some(there) = path::get(proposal, at)
            && there != answer
        {
            findings.push(Finding {
                kind: RefusalKind::Provenance,
                path: at.clone(),
                in_original: false,
                message: format!(
                    "the proposal writes {} at `{at}`, but a person answered {}",
                    path::show(there),
                    path::show(answer)
                ),
            });
        }
        if let Err(message) = path::set(&mut judged, at, answer.clone()) {
            findings.push(Finding {
                kind: RefusalKind::Schema,
                path: at.clone(),
                in_original: false,
                message,
            });
        }
    }
    for derivable in &report.derivable {
        if path::get(&judged, &derivable.path).is_none() {
            let _ = path::set(&mut judged, &derivable.path, derivable.value.clone());
        }
    }
    Cow::Owned(judged)
}

/// Whether the target schema dictates `value` at `path` (const, default or enum member), and how.
fn schema_source(session: &Session, path: &ValuePath, value: &Value) -> Option<SetSource> {
    let derived = session.target.derived_values(path);
    if derived.consts.contains(value) {
        Some(SetSource::Const)
    } else if derived.defaults.contains(value) {
        Some(SetSource::Default)
    } else if derived.enums.contains(value) {
        Some(SetSource::Enum)
    } else {
        None
    }
}

/// The schema refusal: the judged proposal, coalesced with the defaults, against the target.
fn schema_findings(session: &Session, judged: &Value) -> Vec<Finding> {
    session
        .target
        .validate_coalesced(session.defaults.as_ref(), judged)
        .into_iter()
        .filter(|violation| !violation.in_defaults_only)
        .map(|violation| Finding {
            kind: RefusalKind::Schema,
            path: violation
                .key_path
                .clone()
                .unwrap_or_else(|| violation.path.clone()),
            in_original: false,
            message: format!("the target schema refuses the proposal: {violation}"),
        })
        .collect()
}
