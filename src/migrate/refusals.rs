//! The judge's findings placed where a person fixes them: in the values file, in the proposal's
//! text, or nowhere (a fault of the chart); a place is a byte offset until the report is made.

use super::locate::Candidate;
use super::merged;
use super::outcome::{Refusal, RefusalKind};
use super::parsed::Parsed;
use super::plan::Finding;
use super::read::ProposalText;
use crate::path::ValuePath;
use crate::text::{Location, TextOffset};
use crate::yaml::Typing;
use serde_json::Value;

/// Each finding as a refusal with its place, a byte offset the report turns into a line and
/// column: the values file for one about the original values, the proposal's text (parsed once,
/// if at all) for one about the proposal, none for the chart's.
pub(crate) fn placed<'t>(
    findings: Vec<Finding>,
    file: &'t Parsed<'_>,
    candidate: &Candidate,
    proposal: &Value,
    mut text: ProposalText<'t>,
    typing: Typing,
) -> Vec<(Refusal, Option<TextOffset<'t>>)> {
    let input = text.input;
    let mut in_proposal = |finding: &Finding| {
        let written = super::validate::written_at(&finding.path, proposal);
        let first = text.stream().documents.first();
        let offset = first.map(|d| d.root.offset_of(&written, typing));
        TextOffset {
            file: &input.name,
            text: &input.text,
            offset,
        }
    };
    (findings.iter())
        .map(|finding| {
            let refusal = unlocated(finding);
            let at = match finding.kind {
                RefusalKind::ChartDefaults => None,
                _ if finding.in_original => {
                    let full = candidate.prefix.join(&finding.path);
                    Some(in_values(file, candidate, &full, typing))
                }
                _ => Some(in_proposal(finding)),
            };
            (refusal, at)
        })
        .collect()
}

/// Where a finding about the original values is in the values file.
fn in_values<'t>(
    file: &'t Parsed<'_>,
    candidate: &Candidate,
    full: &ValuePath,
    typing: Typing,
) -> TextOffset<'t> {
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
    TextOffset {
        file: file.path,
        text,
        offset,
    }
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
