//! The judge's findings placed where a person fixes them: in the values file, in the proposal's
//! text, or nowhere (a fault of the chart).

use super::locate::Candidate;
use super::merged;
use super::outcome::{Refusal, RefusalKind};
use super::parsed::Parsed;
use super::plan::Finding;
use super::read::ProposalText;
use crate::path::ValuePath;
use crate::text::Location;
use crate::yaml::Typing;
use serde_json::Value;

/// Each finding as a refusal at its place: the values file for one about the original values,
/// the proposal's text (parsed once, if at all) for one about the proposal, none for the chart's.
pub(crate) fn placed(
    findings: Vec<Finding>,
    file: &Parsed<'_>,
    candidate: &Candidate,
    proposal: &Value,
    mut text: ProposalText<'_>,
    typing: Typing,
) -> Vec<Refusal> {
    let in_proposal = |text: &mut ProposalText<'_>, finding: &Finding| {
        let written = super::validate::written_at(&finding.path, proposal);
        let first = text.stream().documents.first();
        let offset = first.map(|d| d.root.offset_of(&written, typing));
        refusal_at(&text.input.name, &text.input.text, offset, finding)
    };
    (findings.iter())
        .map(|finding| match finding.kind {
            RefusalKind::ChartDefaults => unlocated(finding),
            _ if finding.in_original => {
                let full = candidate.prefix.join(&finding.path);
                in_values(file, candidate, &full, typing, finding)
            }
            _ => in_proposal(&mut text, finding),
        })
        .collect()
}

/// Locates a finding about the original values in the values file.
fn in_values(
    file: &Parsed<'_>,
    candidate: &Candidate,
    full: &ValuePath,
    typing: Typing,
    finding: &Finding,
) -> Refusal {
    let document = match candidate.merged {
        // Where Helm's merge takes the value from: the last document that writes it.
        true => {
            let all = file.documents();
            let every: Vec<usize> = (0..all.len()).collect();
            merged::placed(all, &every, full).unwrap_or(0)
        }
        false => candidate.document,
    };
    let offset = (file.stream.documents.get(document)).map(|d| d.root.offset_of(full, typing));
    let (text, offset) = file.outer(offset);
    refusal_at(file.path, text, offset, finding)
}

/// A refusal about the chart, not about a place in the user's files.
pub(crate) fn unlocated(finding: &Finding) -> Refusal {
    Refusal {
        kind: finding.kind,
        path: finding.path.clone(),
        message: finding.message.clone(),
        at: Location::default(),
    }
}

/// A refusal at byte `offset` of `file`'s `text` (at the file as a whole when there is none).
pub(crate) fn refusal_at(
    file: &str,
    text: &str,
    offset: Option<usize>,
    finding: &Finding,
) -> Refusal {
    Refusal {
        kind: finding.kind,
        path: finding.path.clone(),
        message: finding.message.clone(),
        at: Location::in_text(file, text, offset),
    }
}
