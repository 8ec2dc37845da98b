//! The diagnose stage: what the chart bump displaces and requires, decided before any proposal.

use super::outcome::{MigrateReport, Status};
use super::session::Session;
use crate::path::{ValuePath, sort_in_document_order};
use crate::schema::bump_facts;
use serde_json::Value;

/// Writes the facts that need no proposal into `report`: displaced values (in file order),
/// derivable and escalated required keys (less those answered), and the changelog.
pub(crate) fn facts(
    session: &Session,
    original: &Value,
    answers: &[(ValuePath, Value)],
    report: &mut MigrateReport,
) {
    // One validation of the coalesced values answers both: what is displaced, what is missing.
    let (displaced, requirements) = bump_facts(
        &session.base,
        &session.target,
        original,
        session.defaults.as_ref(),
    );
    report.displaced = displaced;
    // In the file's order, as a reviewer reads it.
    sort_in_document_order(original, &mut report.displaced, |d| &d.path);
    report.changelog = session.changelog.clone();
    report.derivable = requirements.derivable;
    report.escalations = requirements
        .escalations
        .into_iter()
        .filter(|e| !answers.iter().any(|(p, _)| p == &e.path))
        .collect();
    if !report.escalations.is_empty() {
        report.status = Status::Escalated;
    }
}
