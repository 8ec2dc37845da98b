//! The stages in order, each run once and handing a typed value forward:
//! read → locate → diagnose → judge → write → report.

use super::Renders;
use super::brief::brief;
use super::comment::comment;
use super::facts::facts;
use super::judge::{chart_faults, judge};
use super::locate::{Candidate, locate};
use super::merged;
use super::outcome::{
    HomeKind, KeptComment, MigrateReport, Refusal, RefusalKind, Status, ValuesHome,
};
use super::plan::Finding;
use super::read::{Parsed, Proposal, Read};
use super::residual;
use super::session::Session;
use super::write::write;
use crate::path::{self, Segment, ValuePath};
use crate::splice::Spliced;
use crate::text::{FileResult, Location};
use crate::yaml;
use serde_json::Value;
use std::borrow::Cow;

/// The values root, found: where it is and the original values there (borrowed when the file's
/// documents were decoded, else decoded there alone).
struct Located<'r> {
    candidate: Candidate,
    original: Cow<'r, Value>,
}

/// Diagnoses the values without a proposal: displaced values, required keys, the brief.
pub(crate) fn diagnose(
    session: &Session,
    read: &Read<'_>,
    prefix: Option<&str>,
    renders: Option<&dyn Renders>,
) -> MigrateReport {
    let mut report = MigrateReport::new(Status::Unchanged);
    let Some(located) = located(session, read, prefix, &mut report) else {
        report.comment = comment(&session.base_name, &session.target_name, &report);
        return report;
    };
    facts(
        session,
        &located.original,
        &read.answers,
        None,
        renders,
        &mut report,
    );
    report.brief = Some(brief(&session.target, &session.gained, &report));
    if report.status == Status::Escalated {
        return report;
    }
    let violations = session
        .target
        .validate_coalesced(session.defaults.as_ref(), &located.original);
    let faults = chart_faults(&violations);
    if !faults.is_empty() {
        report.refusals = faults.iter().map(unlocated).collect();
        report.status = Status::Refused;
        report.brief = Some(brief(&session.target, &session.gained, &report));
        return report;
    }
    let nothing_to_do =
        report.displaced.is_empty() && report.derivable.is_empty() && violations.is_empty();
    report.status = if nothing_to_do {
        Status::Unchanged
    } else {
        Status::NeedsProposal
    };
    report
}

/// Diagnoses, judges the proposal, plans, writes and verifies; the report is built once.
pub(crate) fn migrate(
    session: &Session,
    read: &Read<'_>,
    prefix: Option<&str>,
    renders: Option<&dyn Renders>,
) -> MigrateReport {
    let mut report = run(session, read, prefix, renders);
    report.comment = comment(&session.base_name, &session.target_name, &report);
    report
}

/// The stages of a migrate, each once, up to the written and verified files or the refusal.
fn run(
    session: &Session,
    read: &Read<'_>,
    prefix: Option<&str>,
    renders: Option<&dyn Renders>,
) -> MigrateReport {
    let mut report = MigrateReport::new(Status::Unchanged);
    let Some(proposal) = read.proposal.as_ref() else {
        return report;
    };
    let Some(Located {
        candidate,
        original,
    }) = located(session, read, prefix, &mut report)
    else {
        return report;
    };
    let original = &*original;
    facts(
        session,
        original,
        &read.answers,
        Some(&proposal.value),
        renders,
        &mut report,
    );
    report.brief = Some(brief(&session.target, &session.gained, &report));
    if report.status == Status::Escalated {
        return report;
    }
    let judged = judge(
        session,
        original,
        &proposal.value,
        &read.answers,
        renders,
        &report,
    );
    let file = &read.files[candidate.file];
    report.ops = judged.planned.ops;
    report.not_carried = judged.planned.not_carried;
    residual::annotate(&session.base, &session.target, &mut report.not_carried);
    report.refusals = judged
        .planned
        .findings
        .iter()
        .map(|finding| match finding.kind {
            RefusalKind::ChartDefaults => unlocated(finding),
            _ => locate_finding(session, file, &candidate, proposal, finding),
        })
        .collect();
    report.helm = helm_if_refused(session, &report, &judged.proposal);
    if !report.refusals.is_empty() {
        report.status = Status::Refused;
    } else if report.ops.is_empty() && *judged.proposal == *original {
        report.files = unchanged_files(&read.files);
    } else {
        write_and_verify(session, read, &candidate, &judged.proposal, &mut report);
    }
    report
}

/// Splices the plan into the edited file and verifies it: the report gets the written files,
/// or the refusal at the place the write failed.
fn write_and_verify(
    session: &Session,
    read: &Read<'_>,
    candidate: &Candidate,
    proposal: &Value,
    report: &mut MigrateReport,
) {
    let file = &read.files[candidate.file];
    // Only the edited file's located tree (and the tree of the file that holds it in a
    // string) is needed from here on: the others go now.
    if let Some(proposal) = read.proposal.as_ref() {
        proposal.drop_stream();
    }
    let outer = file.held.as_ref().map(|held| held.file);
    for (index, other) in read.files.iter().enumerate() {
        if index != candidate.file && Some(index) != outer {
            other.stream.take();
        }
    }
    match write(
        &read.files,
        candidate,
        &report.ops,
        proposal,
        session.typing,
    ) {
        Ok(spliced) => {
            // The trees go before the report's texts are made, so that those can take the
            // space the trees held (the wasm's memory only grows).
            for file in &read.files {
                file.stream.take();
            }
            written(report, &read.files, candidate.file, spliced)
        }
        Err(not_written) => {
            let finding = Finding {
                kind: not_written.kind,
                path: not_written.path,
                in_original: true,
                message: not_written.message,
            };
            let (text, offset) = file.outer(not_written.offset);
            let refusal = refusal_at(file.path, text, offset, &finding);
            report.refusals.push(refusal);
            report.status = Status::Refused;
        }
    }
}

/// Records a verified edit: the kept comments, every file with the edited one's diff, `planned`.
fn written(report: &mut MigrateReport, files: &[Parsed<'_>], index: usize, spliced: Spliced) {
    let file = &files[index];
    report.kept_comments = spliced
        .kept_comments
        .into_iter()
        .map(|k| KeptComment {
            path: k.path,
            file: file.path.to_string(),
            line: k.line,
            text: k.text,
        })
        .collect();
    // A document held in a string was written back into its outer file by the write stage.
    let (index, before) = match &file.held {
        Some(held) => (held.file, held.outer),
        None => (index, &*file.text),
    };
    let mut edited = Some(FileResult::edited(file.path, before, spliced.text));
    report.files = files
        .iter()
        .enumerate()
        .filter(|(_, f)| f.held.is_none())
        .map(|(i, f)| match edited.take_if(|_| i == index) {
            Some(result) => result,
            None => FileResult::unchanged(f.path, &f.text),
        })
        .collect();
    report.status = Status::Planned;
}

/// Locates a finding where it is about: the values file, or the proposal's text.
fn locate_finding(
    session: &Session,
    file: &Parsed<'_>,
    candidate: &Candidate,
    proposal: &Proposal<'_>,
    finding: &Finding,
) -> Refusal {
    if finding.in_original {
        let full = candidate.prefix.join(&finding.path);
        return in_values(file, candidate, &full, session, finding);
    }
    let written = super::validate::written_at(&finding.path, &proposal.value);
    let offset = proposal.with_stream(|stream| {
        let first = stream.documents.first();
        first.map(|d| d.root.offset_of(&written, session.typing))
    });
    refusal_at(&proposal.input.name, &proposal.input.text, offset, finding)
}

/// Every candidate file as it was (documents held in strings are not files of their own).
fn unchanged_files(files: &[Parsed<'_>]) -> Vec<FileResult> {
    files
        .iter()
        .filter(|f| f.held.is_none())
        .map(|f| FileResult::unchanged(f.path, &f.text))
        .collect()
}

/// Finds the values root; on failure the report says why and the caller stops.
fn located<'r>(
    session: &Session,
    read: &'r Read<'_>,
    prefix: Option<&str>,
    report: &mut MigrateReport,
) -> Option<Located<'r>> {
    let proposal = read.proposal.as_ref().map(|p| &p.value);
    // The file was written for the base chart: judged coalesced with its defaults when given.
    let defaults = session.base_defaults.as_ref().or(session.defaults.as_ref());
    let known = session.base_top_keys(defaults);
    // `None`: the located file cannot be read as values (its errors are in the report).
    let found: Result<Located<'r>, Option<Box<Refusal>>> = locate(
        &read.files,
        prefix,
        proposal,
        &session.base,
        defaults,
        &known,
        &read.unreadable,
    )
    .map_err(Some)
    .and_then(|candidate| {
        let file = &read.files[candidate.file];
        let original = match candidate.merged {
            true => match merged::values(file) {
                Ok(values) => Cow::Owned(values),
                // A document Helm's `-f` cannot read: the file is not values, as for Helm.
                Err(unreadable) => {
                    report.errors.push(unreadable);
                    return Err(None);
                }
            },
            false => file.values_at(candidate.document, &candidate.prefix),
        };
        report_home(report, &read.files, &candidate);
        let rendered = report
            .values_in
            .as_ref()
            .is_some_and(|home| home.kind == HomeKind::ArgoCdApplicationSet);
        if rendered {
            no_template_actions(file, &candidate, &original, session.typing).map_err(Some)?;
        }
        Ok(Located {
            candidate,
            original,
        })
    });
    found
        .map_err(|refusal| match refusal {
            Some(refusal) => {
                report.status = Status::Refused;
                report.refusals.push(*refusal);
            }
            None => report.status = Status::Invalid,
        })
        .ok()
}

/// Where the values were found, in the report: the outer file's prefix, file, document, kind.
fn report_home(report: &mut MigrateReport, files: &[Parsed<'_>], candidate: &Candidate) {
    let file = &files[candidate.file];
    let (outer, document, prefix, string) = match &file.held {
        Some(held) => (
            &files[held.file],
            held.document,
            held.at.join(&candidate.prefix),
            Some(
                held.carrier
                    .as_ref()
                    .map_or("folded or flow", |c| c.style()),
            ),
        ),
        None => (file, candidate.document, candidate.prefix.clone(), None),
    };
    let mut home = {
        let stream = outer.stream.borrow();
        let located = stream.documents.get(document);
        let view = located.map(|d| (yaml::View::new(d, outer.typing), &d.root));
        let text = |path: &[Segment]| {
            let (view, root) = view.as_ref()?;
            let node = view.get(root, path)?;
            node.is_scalar()
                .then(|| view.to_json(node).ok())??
                .as_str()
                .map(str::to_string)
        };
        ValuesHome::of_texts(text, &prefix, string)
    };
    // Only a ConfigMap's or a Secret's reader is looked for, through every document's values.
    let documents = files
        .iter()
        .filter(|f| f.held.is_none())
        .flat_map(|f| f.documents());
    home.find_reader(documents, &prefix);
    report.values_in = Some(home);
    report.prefix = Some(prefix.to_string());
    report.values_file = Some(outer.path.to_string());
    report.values_document = Some(document);
    report.merged_documents = candidate.merged.then(|| file.document_count());
}

/// An ApplicationSet renders its template's `{{…}}` before Helm reads the values: values that
/// hold a template action are not what Helm reads, and are refused where the first one is.
fn no_template_actions(
    file: &Parsed<'_>,
    candidate: &Candidate,
    original: &Value,
    typing: crate::yaml::Typing,
) -> Result<(), Box<Refusal>> {
    let (offset, path) = match &file.held {
        Some(held) => (held.template_action(&file.text), ValuePath::root()),
        None => {
            let leaves = path::leaves(original);
            let first = leaves
                .into_iter()
                .find(|(_, value)| value.as_str().is_some_and(|s| s.contains("{{")));
            let Some((at, _)) = first else {
                return Ok(());
            };
            let stream = file.stream.borrow();
            let document = stream.documents.get(candidate.document);
            let offset = document.map(|d| d.root.offset_of(&candidate.prefix.join(&at), typing));
            (offset, at)
        }
    };
    let Some(offset) = offset else {
        return Ok(());
    };
    let (text, _) = file.outer(None);
    Err(Box::new(Refusal {
        kind: RefusalKind::ValuesString,
        path,
        message: "the values hold template actions (`{{`) that the ApplicationSet renders before Helm reads them: edit the values of each generated Application, or the template by hand".to_string(),
        at: Location::in_text(file.path, text, Some(offset)),
    }))
}

/// Locates a finding about the original values in the values file.
fn in_values(
    file: &Parsed<'_>,
    candidate: &Candidate,
    full: &ValuePath,
    session: &Session,
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
    let offset = (file.stream.borrow().documents.get(document))
        .map(|d| d.root.offset_of(full, session.typing));
    let (text, offset) = file.outer(offset);
    refusal_at(file.path, text, offset, finding)
}

/// What `helm install` prints for the judged proposal, when the target schema refuses it.
fn helm_if_refused(session: &Session, report: &MigrateReport, judged: &Value) -> Option<String> {
    let refused = report
        .refusals
        .iter()
        .any(|r| matches!(r.kind, RefusalKind::Schema | RefusalKind::ChartDefaults));
    refused.then(|| {
        session
            .target
            .helm_report(&session.target_name, session.defaults.as_ref(), judged)
    })
}

/// A refusal about the chart, not about a place in the user's files.
fn unlocated(finding: &Finding) -> Refusal {
    Refusal {
        kind: finding.kind,
        path: finding.path.clone(),
        message: finding.message.clone(),
        at: Location::default(),
    }
}

fn refusal_at(file: &str, text: &str, offset: Option<usize>, finding: &Finding) -> Refusal {
    Refusal {
        kind: finding.kind,
        path: finding.path.clone(),
        message: finding.message.clone(),
        at: Location::in_text(file, text, offset),
    }
}
