//! Chains (N → N+k as a fold): recorded migrations between consecutive chart versions, replayed
//! in order from the file's version to the target, each step verified; one combined diff.

use super::record::Migration;
use super::replay::{ReplayReport, ReplayRequest, Replayer, invalid, values_of};
use crate::migrate::{BumpTemplates, ChartSpec, SchemaRef, SessionSpec};
use crate::migrate::{Inputs, Named, Session, SourceFile};
use crate::migrate::{Refusal, Status};
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
    /// Its chart tree, when the version is a chart (`None`: the schema validated as written).
    pub chart: Option<crate::schema::ChartTree>,
    /// Its values.yaml (the chart's defaults), when given.
    pub defaults: Option<Named>,
    /// Its templates, when the version is a chart: with both ends' templates a step also
    /// displaces the values the newer chart reads nowhere.
    pub templates: Option<crate::reads::Templates>,
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
    /// The documents the versions' schemas' `$ref`s name elsewhere.
    pub schema_refs: Vec<SchemaRef>,
    /// Replay a step even when a schema's digest differs from its recording's.
    pub allow_schema_drift: bool,
}

/// One step of a chain and what its replay did.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
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
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[cfg_attr(
    feature = "types",
    ts(rename = "ChainResult"),
    schemars(rename = "ChainResult")
)]
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
    Chain::new(request).run(&request.files, request.prefix.as_deref())
}

/// One recording of a chain, with its replayer (`None` when its versions have no schema).
struct Step {
    name: String,
    migration: Migration,
    replayer: Option<Replayer>,
}

/// A chain ready to fold over many files: every schema compiled once, every step's replayer built once.
pub struct Chain {
    versions: Vec<Version>,
    /// Each version with a session on its own schema (to locate and judge values) and its defaults.
    judges: Vec<(String, Option<Session>, Option<serde_json::Value>)>,
    /// Each recording with its replayer (`None` when its versions have no schema).
    steps: Vec<Step>,
    from: String,
    to: String,
    typing: Typing,
}

/// The replayer of one step, between the versions `base` and `target` of `request`.
fn step_replayer(
    request: &ChainRequest,
    migration: &Migration,
    base: &Version,
    target: &Version,
) -> Replayer {
    Replayer::new(&ReplayRequest {
        migration: migration.clone(),
        files: Vec::new(),
        prefix: None,
        allow_schema_drift: request.allow_schema_drift,
        spec: SessionSpec {
            base_schema: base.schema.clone(),
            target_schema: target.schema.clone(),
            defaults: target.defaults.clone(),
            base_defaults: base.defaults.clone(),
            typing: request.typing,
            schema_refs: request.schema_refs.clone(),
            templates: BumpTemplates::of(base.templates.clone(), target.templates.clone()),
            base_chart: base.chart.clone(),
            target_chart: target.chart.clone(),
        },
    })
}

impl Chain {
    /// Sorts the versions and compiles every schema of `request` (its files are not read).
    pub fn new(request: &ChainRequest) -> Chain {
        let mut versions = request.versions.clone();
        crate::order::by(&mut versions, |a, b| {
            compare_versions(&a.version, &b.version)
        });
        let find = |v: &Option<String>| versions.iter().find(|x| Some(&x.version) == v.as_ref());
        let options = DecodeOptions {
            typing: request.typing,
            ..DecodeOptions::default()
        };
        let judges = versions
            .iter()
            .map(|v| {
                let defaults = v.defaults.as_ref().and_then(|d| {
                    crate::yaml::decode(&d.text, &options)
                        .ok()
                        .and_then(|docs| docs.into_iter().next())
                });
                let session = Session::of_chart(&ChartSpec {
                    schema: v.schema.clone(),
                    chart: v.chart.clone(),
                    defaults: None,
                    typing: request.typing,
                    schema_refs: request.schema_refs.clone(),
                })
                .ok();
                (v.version.clone(), session, defaults)
            })
            .collect();
        let steps = request
            .migrations
            .iter()
            .map(|(name, migration)| {
                let replayer = match (find(&migration.chart.from), find(&migration.chart.to)) {
                    (Some(base), Some(target)) => {
                        Some(step_replayer(request, migration, base, target))
                    }
                    _ => None,
                };
                Step {
                    name: name.clone(),
                    migration: migration.clone(),
                    replayer,
                }
            })
            .collect();
        Chain {
            versions,
            judges,
            steps,
            from: request.from.clone(),
            to: request.to.clone(),
            typing: request.typing,
        }
    }

    /// Folds the chain over `files` (values at `prefix`, discovered when `None`).
    pub fn run(&self, files: &[SourceFile], prefix: Option<&str>) -> ChainReport {
        let report = ChainReport {
            status: Status::Unchanged,
            file_version: None,
            to: self.to.clone(),
            message: None,
            steps: Vec::new(),
            refusals: Vec::new(),
            errors: Vec::new(),
            files: unchanged(files),
        };
        for wanted in [&self.from, &self.to] {
            if !self.versions.iter().any(|v| &v.version == wanted) {
                return failed(
                    report,
                    &format!("no schema for version {wanted} in the chain"),
                );
            }
        }
        let file_version = match self.detect(files, prefix) {
            Ok(version) => version,
            Err(errors) => {
                return ChainReport {
                    status: Status::Invalid,
                    errors,
                    ..report
                };
            }
        };
        let mut report = ChainReport {
            file_version: Some(file_version.clone()),
            ..report
        };
        if compare_versions(&file_version, &self.to) != Ordering::Less {
            report.message = Some(format!(
                "the values are at version {file_version}, at or past the target {}: left alone",
                self.to
            ));
            return report;
        }
        match plan(&self.steps, &self.versions, &file_version, &self.to) {
            Ok(steps) => self.fold(files, prefix, &steps, report),
            Err(gap) => failed(report, &gap),
        }
    }

    /// Replays each step; stops at the first that is not `planned` or `unchanged`.
    fn fold(
        &self,
        original: &[SourceFile],
        prefix: Option<&str>,
        steps: &[&Step],
        mut report: ChainReport,
    ) -> ChainReport {
        let mut files = original.to_vec();
        let mut prefix = prefix.map(str::to_string);
        for Step {
            name,
            migration,
            replayer,
        } in steps.iter().copied()
        {
            let Some(replayer) = replayer else {
                return failed(report, &format!("{name}: its versions have no schema"));
            };
            let result = replayer.replay(&files, prefix.as_deref());
            let status = result.report.status;
            prefix = result.report.prefix.clone().or(prefix);
            for after in result.report.files.iter().filter(|f| f.changed) {
                if let Some(file) = files.iter_mut().find(|f| f.path == after.path) {
                    file.text = after.after.clone();
                }
            }
            report.steps.push(ChainStep {
                from: migration.chart.from.clone().unwrap_or_default(),
                to: migration.chart.to.clone().unwrap_or_default(),
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
        report.files = original
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

    /// The newest version at or after `from` whose schema locates and accepts the values
    /// (coalesced with its defaults); `from` when none does.
    fn detect(
        &self,
        files: &[SourceFile],
        prefix: Option<&str>,
    ) -> Result<String, Vec<Diagnostic>> {
        let candidates = self
            .judges
            .iter()
            .rev()
            .take_while(|(v, _, _)| compare_versions(v, &self.from) != Ordering::Less);
        for (version, session, defaults) in candidates {
            let Some(session) = session else { continue };
            let located = session.diagnose(&Inputs {
                files,
                prefix,
                ..Inputs::default()
            });
            if !located.errors.is_empty() {
                return Err(located.errors);
            }
            let values = values_of(files, self.typing, &located).map_err(|r| r.errors)?;
            let accepts = values.is_some_and(|(_, values)| {
                session
                    .target()
                    .validate_coalesced(defaults.as_ref(), &values)
                    .is_empty()
            });
            if accepts {
                return Ok(version.clone());
            }
        }
        Ok(self.from.clone())
    }
}

/// The recordings from `from` to `to`, each step as far as it goes without passing `to`.
fn plan<'m>(
    migrations: &'m [Step],
    versions: &[Version],
    from: &str,
    to: &str,
) -> Result<Vec<&'m Step>, String> {
    let mut steps = Vec::new();
    let mut at = from.to_string();
    while compare_versions(&at, to) == Ordering::Less {
        let next = migrations
            .iter()
            .filter(|s| s.migration.chart.from.as_deref() == Some(at.as_str()))
            .filter(|s| {
                let m = &s.migration;
                m.chart.to.as_deref().is_some_and(|t| {
                    compare_versions(t, &at) == Ordering::Greater
                        && compare_versions(t, to) != Ordering::Greater
                })
            })
            .max_by(|a, b| {
                let (a, b) = (&a.migration, &b.migration);
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
        at = step.migration.chart.to.clone().unwrap_or_default();
        steps.push(step);
    }
    Ok(steps)
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
