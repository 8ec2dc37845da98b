//! The stages in order, each run once and handing a typed value to the next, and the report
//! assembled once from what they handed over: read ([`Read`]) → locate ([`Located`]) → facts
//! ([`Facts`]) → judge ([`Judged`], its findings placed as refusals) → write ([`Written`]).

use super::Renders;
use super::brief::brief;
use super::comment::comment;
use super::compiled::Compiled;
use super::facts::{Facts, facts};
use super::judge::{Evidence, Judged, chart_faults, judge};
use super::locate::place;
use super::located::{Home, NotLocated, located};
use super::outcome::{MigrateReport, Refusal, Status};
use super::read::Read;
use super::refusals::{placed, unlocated};
use super::write::{self, Written};
use crate::text::Diagnostic;

/// Diagnoses the values without a proposal: displaced values, required keys, the brief.
pub(crate) fn diagnose(
    compiled: &Compiled,
    read: Read<'_>,
    prefix: Option<&str>,
    renders: Option<&dyn Renders>,
) -> MigrateReport {
    let mut files = read.files;
    let found = place(compiled, &mut files, read.spots, prefix, None);
    let located = match found
        .map_err(NotLocated::refused)
        .and_then(|c| located(&files, c))
    {
        Ok(located) => located,
        Err(not) => return finished(compiled, not_located(not), true),
    };
    let facts = facts(compiled, &located.original, &read.answers, None, renders);
    if facts.escalated() {
        let report = diagnosed(compiled, located.home, facts, Status::Escalated, Vec::new());
        return finished(compiled, report, false);
    }
    let violations =
        (compiled.target).validate_coalesced(compiled.defaults.as_ref(), &located.original);
    let faults: Vec<Refusal> = chart_faults(&violations).iter().map(unlocated).collect();
    let nothing_to_do =
        facts.displaced.is_empty() && facts.derivable.is_empty() && violations.is_empty();
    let status = match (faults.is_empty(), nothing_to_do) {
        (false, _) => Status::Refused,
        (true, true) => Status::Unchanged,
        (true, false) => Status::NeedsProposal,
    };
    let report = diagnosed(compiled, located.home, facts, status, faults);
    finished(compiled, report, false)
}

/// Diagnoses, judges the proposal, plans, writes and verifies.
pub(crate) fn migrate(
    compiled: &Compiled,
    read: Read<'_>,
    prefix: Option<&str>,
    renders: Option<&dyn Renders>,
) -> MigrateReport {
    // Each part goes its own way: the files to the write stage, the proposal's value to the
    // judge, its text to where the findings are placed.
    let mut files = read.files;
    let answers = read.answers;
    let Some(proposal) = read.proposal else {
        return finished(compiled, MigrateReport::new(Status::Unchanged), true);
    };
    let text = proposal.text;
    let proposal = proposal.value;
    let found = place(compiled, &mut files, read.spots, prefix, Some(&proposal));
    let located = match found
        .map_err(NotLocated::refused)
        .and_then(|c| located(&files, c))
    {
        Ok(located) => located,
        Err(not) => return finished(compiled, not_located(not), true),
    };
    let candidate = located.candidate;
    let original = located.original;
    let home = located.home;
    let facts = facts(compiled, &original, &answers, Some(&proposal), renders);
    if facts.escalated() {
        let report = diagnosed(compiled, home, facts, Status::Escalated, Vec::new());
        return finished(compiled, report, true);
    }
    let evidence = Evidence {
        original: &original,
        facts: &facts,
        answers: &answers,
        renders,
    };
    let mut judged = judge(compiled, &evidence, &proposal);
    let findings = std::mem::take(&mut judged.findings);
    let file = &files[candidate.file];
    let placed = placed(findings, file, &candidate, &proposal, text, compiled.typing);
    // Each place's line and column, once, before the write stage takes the files.
    let refusals: Vec<Refusal> = (placed.into_iter())
        .map(|(refusal, at)| Refusal {
            at: at.map_or_else(Default::default, |at| at.location()),
            ..refusal
        })
        .collect();
    let unchanged = judged.ops.is_empty() && *judged.proposal == *original;
    let written = match (refusals.is_empty(), unchanged) {
        (false, _) => None,
        (true, true) => Some(write::unchanged(files)),
        (true, false) => Some(write::written(
            files,
            &candidate,
            &judged.ops,
            &judged.proposal,
            compiled.typing,
        )),
    };
    let report = diagnosed(compiled, home, facts, Status::Unchanged, Vec::new());
    finished(
        compiled,
        with_verdict(report, judged, refusals, written),
        true,
    )
}

/// The report of values not located: refused (where the values were, when they were found), or
/// `invalid`, with the file Helm cannot read as values; a place's line and column made here.
fn not_located(not: NotLocated<'_>) -> MigrateReport {
    match not {
        NotLocated::Refused { refusal, at, home } => {
            let mut report = MigrateReport::new(Status::Refused);
            if let Some(home) = home {
                at_home(&mut report, *home);
            }
            let located = match at {
                Some(at) => Refusal {
                    at: at.location(),
                    ..*refusal
                },
                None => *refusal,
            };
            report.refusals.push(located);
            report
        }
        NotLocated::Unreadable { at, message } => {
            let mut report = MigrateReport::new(Status::Invalid);
            report.errors.push(Diagnostic {
                at: at.location(),
                message,
            });
            report
        }
    }
}

/// The report of located values and their facts, with `refusals` (the chart's own faults) and
/// the brief they call for.
fn diagnosed(
    compiled: &Compiled,
    home: Home,
    facts: Facts,
    status: Status,
    refusals: Vec<Refusal>,
) -> MigrateReport {
    let mut report = MigrateReport::new(status);
    at_home(&mut report, home);
    report.displaced = facts.displaced;
    report.changelog = compiled.changelog.clone();
    report.derivable = facts.derivable;
    report.escalations = facts.escalations;
    report.refusals = refusals;
    report.brief = Some(brief(&compiled.target, &compiled.gained, &report));
    report
}

/// Where the values were found, in the report.
fn at_home(report: &mut MigrateReport, home: Home) {
    report.prefix = Some(home.prefix.to_string());
    report.values_file = Some(home.file);
    report.values_document = Some(home.document);
    report.merged_documents = home.merged_documents;
    report.values_in = Some(home.values_in);
}

/// The diagnosed report with the judge's plan and refusals, and what the write stage wrote.
fn with_verdict(
    mut report: MigrateReport,
    judged: Judged<'_>,
    refusals: Vec<Refusal>,
    written: Option<Written>,
) -> MigrateReport {
    report.ops = judged.ops;
    report.not_carried = judged.not_carried;
    report.refusals = refusals;
    report.helm = judged.helm;
    match written {
        None => report.status = Status::Refused,
        Some(Written::Unchanged(files)) => report.files = files,
        Some(Written::Planned {
            files,
            kept_comments,
        }) => {
            report.files = files;
            report.kept_comments = kept_comments;
            report.status = Status::Planned;
        }
        Some(Written::Refused(refusal)) => {
            report.refusals.push(refusal);
            report.status = Status::Refused;
        }
    }
    report
}

/// The report finished: the pull request's comment (when `commented`), then each finding named
/// by its chart, for chart trees.
fn finished(compiled: &Compiled, mut report: MigrateReport, commented: bool) -> MigrateReport {
    if commented {
        report.comment = comment(&compiled.base_name, &compiled.target_name, &report);
    }
    if let Some((base, target)) = &compiled.charts {
        super::charts::annotate(base, target, &mut report);
    }
    report
}
