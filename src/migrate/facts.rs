//! The diagnose stage: what the chart bump displaces and requires, decided before any proposal.

use super::Renders;
use super::outcome::{MigrateReport, Status};
use super::session::Session;
use crate::path::{self, ValuePath, sort_in_document_order};
use crate::schema::{Displaced, bump_facts};
use serde_json::Value;

/// Writes the facts that need no proposal into `report`: displaced values (in file order),
/// derivable and escalated required keys (less those answered), and the changelog.
pub(crate) fn facts(
    session: &Session,
    original: &Value,
    answers: &[(ValuePath, Value)],
    proposal: Option<&Value>,
    renders: Option<&dyn Renders>,
    report: &mut MigrateReport,
) {
    // One validation of the coalesced values answers both: what is displaced, what is missing.
    let (displaced, requirements) = bump_facts(
        &session.base,
        &session.target,
        original,
        session.defaults.as_ref(),
    );
    let mut displaced = displaced;
    displaced.extend(ignored(session, original, &displaced, renders));
    report.displaced = displaced;
    // In the file's order, as a reviewer reads it.
    sort_in_document_order(original, &mut report.displaced, |d| &d.path);
    report.changelog = session.changelog.clone();
    report.derivable = requirements.derivable;
    let mut escalations = requirements.escalations;
    for required in super::unread::required(session, original) {
        if !escalations.iter().any(|e| e.path == required.path) {
            escalations.push(required);
        }
    }
    report.escalations = escalations
        .into_iter()
        .filter(|e| !answers.iter().any(|(p, _)| p == &e.path))
        .filter(|e| !carried(proposal, &report.displaced, &e.path))
        .collect();
    if !report.escalations.is_empty() {
        report.status = Status::Escalated;
    }
}

/// Whether the proposal holds at `path` a value it carries from the original: one equal to a
/// displaced value (or a part of one), which the planner then proves as a move.
fn carried(proposal: Option<&Value>, displaced: &[Displaced], path: &ValuePath) -> bool {
    let Some(value) = proposal.and_then(|p| path::get(p, path)) else {
        return false;
    };
    displaced
        .iter()
        .any(|d| path::nodes(&d.value).iter().any(|(_, v)| *v == value))
}

/// The values of `original` the base chart read and the target reads nowhere, less those the
/// schema displaced: the templates' static reading, and when both charts render with the values,
/// their renders' judgement over it (`renders::judged`).
fn ignored(
    session: &Session,
    original: &Value,
    schema: &[Displaced],
    renders: Option<&dyn Renders>,
) -> Vec<Displaced> {
    let found = super::unread::read_nowhere(session, original, schema);
    match renders {
        Some(renders) => super::renders::judged(session, original, schema, found, renders),
        None => found,
    }
}
