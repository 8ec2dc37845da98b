//! Chains (N → N+k as a fold): recorded migrations between consecutive chart versions, replayed
//! in order from the file's version to the target, each step verified; one combined diff.

use super::record::Migration;
use super::replay::{ReplayReport, ReplayRequest, invalid, replay, values_of};
use crate::migrate::{Named, Request, SourceFile, diagnose};
use crate::migrate::{Refusal, Status};
use crate::schema::Schema;
use crate::text::{Diagnostic, FileResult};
use crate::yaml::{DecodeOptions, Typing};
use serde::Serialize;
use std::cmp::Ordering;

/// One chart version: its schema and, when known, its own values.yaml.
#[derive(Clone, Debug)]
pub struct Version {
    /// The version (`0.25.1`).
    pub version: String,
    /// Its values.schema.json.
    pub schema: Named,
    /// Its values.yaml (the chart's defaults), when given.
    pub defaults: Option<Named>,
}

/// Everything a chain reads.
#[derive(Clone, Debug)]
pub struct ChainRequest {
    /// The chart versions, in any order.
    pub versions: Vec<Version>,
    /// The recorded migrations, each with the name it is reported by.
    pub migrations: Vec<(String, Migration)>,
    /// The candidate files that hold the values.
    pub files: Vec<SourceFile>,
    /// The oldest version the files may be at.
    pub from: String,
    /// The version to reach.
    pub to: String,
    /// Where the values live; discovered when `None`.
    pub prefix: Option<String>,
    /// How scalars are typed.
    pub typing: Typing,
    /// Replay a step even when a schema's digest differs from its recording's.
    pub allow_schema_drift: bool,
}

/// One step of a chain and what its replay did.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChainStep {
    /// The version moved from.
    pub from: String,
    /// The version moved to.
    pub to: String,
    /// The recording replayed.
    pub migration: String,
    /// The replay's result.
    pub result: ReplayReport,
}

/// What a chain returns.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChainReport {
    /// `planned`, `unchanged`, or the status of the step that stopped the chain.
    pub status: Status,
    /// The version the file was found at (the newest whose schema accepts its values), or `null`.
    pub file_version: Option<String>,
    /// The version reached.
    pub to: String,
    /// Why nothing was done, when the file is at or past the target.
    pub message: Option<String>,
    /// Each step, in order, up to the one that stopped the chain.
    pub steps: Vec<ChainStep>,
    /// The refusals of the step that stopped the chain.
    pub refusals: Vec<Refusal>,
    /// Inputs that could not be read, or a gap in the chain.
    pub errors: Vec<Diagnostic>,
    /// Every file, from its original text to the last step's, with one combined diff.
    pub files: Vec<FileResult>,
}

/// Orders versions by their dotted numbers (`v0.9.0` < `0.10.0`), text where a part is not a number.
pub fn compare_versions(a: &str, b: &str) -> Ordering {
    let parts = |v: &str| -> Vec<String> {
        v.trim_start_matches('v')
            .split(['.', '-', '+'])
            .map(str::to_string)
            .collect()
    };
    let (a, b) = (parts(a), parts(b));
    for (x, y) in a.iter().zip(&b) {
        let order = match (x.parse::<u64>(), y.parse::<u64>()) {
            (Ok(x), Ok(y)) => x.cmp(&y),
            _ => x.cmp(y),
        };
        if order != Ordering::Equal {
            return order;
        }
    }
    a.len().cmp(&b.len())
}

/// Folds the chain of recorded migrations over `request.files`.
pub fn chain(request: &ChainRequest) -> ChainReport {
    let mut report = ChainReport {
        status: Status::Unchanged,
        file_version: None,
        to: request.to.clone(),
        message: None,
        steps: Vec::new(),
        refusals: Vec::new(),
        errors: Vec::new(),
        files: unchanged(&request.files),
    };
    let mut versions = request.versions.clone();
    versions.sort_by(|a, b| compare_versions(&a.version, &b.version));
    let find = |v: &str| versions.iter().find(|x| x.version == v);
    for wanted in [&request.from, &request.to] {
        if find(wanted).is_none() {
            return failed(
                report,
                &format!("no schema for version {wanted} in the chain"),
            );
        }
    }
    let file_version = match detect(request, &versions) {
        Ok(version) => version,
        Err(errors) => {
            report.status = Status::Invalid;
            report.errors = errors;
            return report;
        }
    };
    report.file_version = Some(file_version.clone());
    if compare_versions(&file_version, &request.to) != Ordering::Less {
        report.message = Some(format!(
            "the values are at version {file_version}, at or past the target {}: left alone",
            request.to
        ));
        return report;
    }
    let steps = match plan(&request.migrations, &versions, &file_version, &request.to) {
        Ok(steps) => steps,
        Err(gap) => return failed(report, &gap),
    };
    run(request, &steps, &versions, report)
}

/// Replays each step; stops at the first that is not `planned` or `unchanged`.
fn run(
    request: &ChainRequest,
    steps: &[&(String, Migration)],
    versions: &[Version],
    mut report: ChainReport,
) -> ChainReport {
    let version = |v: &Option<String>| {
        versions
            .iter()
            .find(|x| Some(&x.version) == v.as_ref())
            .cloned()
    };
    let mut files = request.files.clone();
    let mut prefix = request.prefix.clone();
    for (name, migration) in steps {
        let (Some(base), Some(target)) =
            (version(&migration.chart.from), version(&migration.chart.to))
        else {
            return failed(report, &format!("{name}: its versions have no schema"));
        };
        let result = replay(&ReplayRequest {
            migration: migration.clone(),
            files: files.clone(),
            base_schema: base.schema,
            target_schema: target.schema,
            prefix: prefix.clone(),
            defaults: target.defaults,
            typing: request.typing,
            allow_schema_drift: request.allow_schema_drift,
        });
        let status = result.report.status;
        prefix = result.report.prefix.clone().or(prefix);
        for after in result.report.files.iter().filter(|f| f.changed) {
            if let Some(file) = files.iter_mut().find(|f| f.path == after.path) {
                file.text = after.after.clone();
            }
        }
        report.steps.push(ChainStep {
            from: base.version,
            to: target.version,
            migration: name.clone(),
            result,
        });
        if !matches!(status, Status::Planned | Status::Unchanged) {
            let last = &report.steps[report.steps.len() - 1].result.report;
            report.refusals = last.refusals.clone();
            report.errors = last.errors.clone();
            report.status = status;
            return report;
        }
    }
    report.files = request
        .files
        .iter()
        .zip(&files)
        .map(|(before, after)| file_result(&before.path, &before.text, &after.text))
        .collect();
    report.status = if report.files.iter().any(|f| f.changed) {
        Status::Planned
    } else {
        Status::Unchanged
    };
    report
}

/// The recordings from `from` to `to`, each step as far as it goes without passing `to`.
fn plan<'m>(
    migrations: &'m [(String, Migration)],
    versions: &[Version],
    from: &str,
    to: &str,
) -> Result<Vec<&'m (String, Migration)>, String> {
    let mut steps = Vec::new();
    let mut at = from.to_string();
    while compare_versions(&at, to) == Ordering::Less {
        let next = migrations
            .iter()
            .filter(|(_, m)| m.chart.from.as_deref() == Some(at.as_str()))
            .filter(|(_, m)| {
                m.chart.to.as_deref().is_some_and(|t| {
                    compare_versions(t, &at) == Ordering::Greater
                        && compare_versions(t, to) != Ordering::Greater
                })
            })
            .max_by(|(_, a), (_, b)| {
                compare_versions(
                    a.chart.to.as_deref().unwrap_or(""),
                    b.chart.to.as_deref().unwrap_or(""),
                )
            });
        let Some(step) = next else {
            let following = versions
                .iter()
                .find(|v| compare_versions(&v.version, &at) == Ordering::Greater)
                .map(|v| v.version.as_str())
                .unwrap_or(to);
            return Err(format!(
                "the chain has a gap: no recorded migration from {at} (to {following}, on the way to {to})"
            ));
        };
        at = step.1.chart.to.clone().unwrap_or_default();
        steps.push(step);
    }
    Ok(steps)
}

/// The newest version at or after `from` whose schema accepts the values (coalesced with its defaults).
fn detect(request: &ChainRequest, versions: &[Version]) -> Result<String, Vec<Diagnostic>> {
    let Some(first) = versions.iter().find(|v| v.version == request.from) else {
        return Ok(request.from.clone());
    };
    let located_request = Request {
        files: request.files.clone(),
        base_schema: first.schema.clone(),
        target_schema: first.schema.clone(),
        proposal: None,
        prefix: request.prefix.clone(),
        answers: Vec::new(),
        defaults: None,
        typing: request.typing,
    };
    let located = diagnose(&located_request);
    let values = match values_of(&located_request, &located) {
        Ok(Some((_, values))) => values,
        Ok(None) if !located.errors.is_empty() => return Err(located.errors),
        Ok(None) => return Ok(request.from.clone()),
        Err(report) => return Err(report.errors),
    };
    let options = DecodeOptions {
        typing: request.typing,
        ..DecodeOptions::default()
    };
    let candidates = versions
        .iter()
        .rev()
        .take_while(|v| compare_versions(&v.version, &request.from) != Ordering::Less);
    for version in candidates {
        let Ok(schema) = Schema::compile(&version.schema.text) else {
            continue;
        };
        let defaults = version
            .defaults
            .as_ref()
            .and_then(|d| crate::yaml::decode(&d.text, &options).ok())
            .and_then(|docs| docs.into_iter().next());
        if schema
            .validate_coalesced(defaults.as_ref(), &values)
            .is_empty()
        {
            return Ok(version.version.clone());
        }
    }
    Ok(request.from.clone())
}

fn failed(mut report: ChainReport, message: &str) -> ChainReport {
    report.status = Status::Invalid;
    report.errors = invalid("chain", message).errors;
    report
}

fn unchanged(files: &[SourceFile]) -> Vec<FileResult> {
    files
        .iter()
        .map(|f| file_result(&f.path, &f.text, &f.text))
        .collect()
}

fn file_result(path: &str, before: &str, after: &str) -> FileResult {
    if before == after {
        FileResult::unchanged(path, before)
    } else {
        FileResult::edited(path, before, after.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::compare_versions;
    use std::cmp::Ordering::*;

    #[test]
    fn orders_versions_by_their_numbers() {
        assert_eq!(compare_versions("0.9.0", "0.10.0"), Less);
        assert_eq!(compare_versions("v1.2.3", "1.2.3"), Equal);
        assert_eq!(compare_versions("1.2", "1.2.1"), Less);
        assert_eq!(compare_versions("2.0.0", "10.0.0"), Less);
    }
}
