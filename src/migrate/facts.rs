//! The facts stage: what the chart bump displaces and requires, decided before any proposal
//! ([`Facts`]).

use super::Renders;
use super::compiled::Compiled;
use crate::path::{self, ValuePath, sort_in_document_order};
use crate::schema::{Derivable, Displaced, Escalation, bump_facts};
use serde_json::Value;

/// What the bump displaces and requires of the original values.
pub(crate) struct Facts {
    /// Values the target schema rejects where they are, or its templates read nowhere, in the
    /// file's order.
    pub displaced: Vec<Displaced>,
    /// Newly required keys whose value the target schema dictates.
    pub derivable: Vec<Derivable>,
    /// Newly required keys a person must decide (less those answered or carried).
    pub escalations: Vec<Escalation>,
}

impl Facts {
    /// Whether a person must decide a key before any proposal can be judged.
    pub fn escalated(&self) -> bool {
        !self.escalations.is_empty()
    }
}

/// The facts that need no proposal: displaced values (in file order), derivable and escalated
/// required keys (less those answered, and those the proposal carries from a displaced value).
pub(crate) fn facts(
    compiled: &Compiled,
    original: &Value,
    answers: &[(ValuePath, Value)],
    proposal: Option<&Value>,
    renders: Option<&dyn Renders>,
) -> Facts {
    // One validation of the coalesced values answers both: what is displaced, what is missing.
    let (mut displaced, requirements) = bump_facts(
        &compiled.base,
        &compiled.target,
        original,
        compiled.defaults.as_ref(),
    );
    displaced.extend(ignored(compiled, original, &displaced, renders));
    // In the file's order, as a reviewer reads it.
    sort_in_document_order(original, &mut displaced, |d| &d.path);
    let mut escalations = requirements.escalations;
    for required in super::unread::required(compiled, original) {
        if !escalations.iter().any(|e| e.path == required.path) {
            escalations.push(required);
        }
    }
    let escalations = escalations
        .into_iter()
        .filter(|e| !answers.iter().any(|(p, _)| p == &e.path))
        .filter(|e| !carried(proposal, &displaced, &e.path))
        .collect();
    Facts {
        displaced,
        derivable: requirements.derivable,
        escalations,
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
/// what their renders add (`renders::judged`).
fn ignored(
    compiled: &Compiled,
    original: &Value,
    schema: &[Displaced],
    renders: Option<&dyn Renders>,
) -> Vec<Displaced> {
    let found = super::unread::read_nowhere(compiled, original, schema);
    match renders {
        Some(renders) => super::renders::judged(compiled, original, schema, found, renders),
        None => found,
    }
}
