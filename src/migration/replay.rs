//! Replay: a recorded migration turned into a proposal for another file's values, then judged,
//! planned, spliced and verified by the ordinary pipeline; nothing recorded is trusted.

use super::record::{Migration, RecordedOp, SchemaDigest};
use crate::ValuePath;
use crate::migrate::SessionSpec;
use crate::migrate::{Inputs, Named, Request, Session, SourceFile};
use crate::migrate::{MigrateReport, Refusal, RefusalKind, Status};
use crate::path as tree;
use crate::schema::Displaced;
use crate::text::{Diagnostic, Location};
use crate::yaml::{DecodeOptions, Typing};
use serde::Serialize;
use serde_json::Value;

/// Everything a replay reads: the recording, the files, and the session as it is now.
#[derive(Clone, Debug)]
pub struct ReplayRequest {
    /// The recorded migration.
    pub migration: Migration,
    /// The candidate files that hold the values, in order.
    pub files: Vec<SourceFile>,
    /// Where the values live; discovered when `None`.
    pub prefix: Option<String>,
    /// Replay even when a schema's digest differs from the recording's.
    pub allow_schema_drift: bool,
    /// The schemas as they are now, their defaults, typing, `$ref` documents and templates.
    pub spec: SessionSpec,
}

impl ReplayRequest {
    /// The pipeline's request for these files, without a proposal.
    pub fn to_request(&self) -> Request {
        Request {
            files: self.files.clone(),
            proposal: None,
            prefix: self.prefix.clone(),
            answers: Vec::new(),
            spec: self.spec.clone(),
        }
    }
}

/// A recorded op carried into this file's proposal.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ReplayedOp {
    /// The op as recorded.
    #[serde(flatten)]
    pub op: RecordedOp,
    /// What differs from the recording (a renamed key carried with this file's own value), or `null`.
    pub note: Option<String>,
}

/// A recorded op left out of this file's proposal, with why.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct SkippedOp {
    /// The op as recorded.
    #[serde(flatten)]
    pub op: RecordedOp,
    /// Why it does not apply here.
    pub reason: String,
}

/// A schema whose digest differs from the recording's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Drift {
    /// `base` or `target`.
    #[cfg_attr(feature = "types", ts(type = "\"base\" | \"target\""))]
    pub schema: String,
    /// As recorded.
    pub recorded: SchemaDigest,
    /// As given now.
    pub given: SchemaDigest,
}

/// What a replay returns: the contract's result, plus what became of each recorded op.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[cfg_attr(
    feature = "types",
    ts(rename = "ReplayResult"),
    schemars(rename = "ReplayResult")
)]
#[serde(rename_all = "camelCase")]
pub struct ReplayReport {
    /// The ordinary pipeline's result for the replayed proposal.
    #[serde(flatten)]
    pub report: MigrateReport,
    /// The recorded ops carried into the proposal.
    pub replayed: Vec<ReplayedOp>,
    /// The recorded ops that do not apply to this file.
    pub skipped: Vec<SkippedOp>,
    /// The schemas whose digests differ from the recording's (refused unless allowed).
    pub schema_drift: Vec<Drift>,
}

impl ReplayReport {
    /// A report with no ops considered.
    pub fn of(report: MigrateReport) -> Self {
        ReplayReport {
            report,
            replayed: Vec::new(),
            skipped: Vec::new(),
            schema_drift: Vec::new(),
        }
    }
}

/// The proposal a recording makes for one file's values.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Proposal {
    /// The values with the applicable ops applied.
    pub values: Value,
    /// Recorded answers, passed to the pipeline as a person's answers.
    pub answers: Vec<(String, String)>,
    /// The ops applied.
    pub replayed: Vec<ReplayedOp>,
    /// The ops skipped.
    pub skipped: Vec<SkippedOp>,
}

/// Replays `request.migration` on `request.files`.
pub fn replay(request: &ReplayRequest) -> ReplayReport {
    Replayer::new(request).replay(&request.files, request.prefix.as_deref())
}

/// A recording ready to replay on many files: both schemas compiled once, the drift checked once.
pub struct Replayer {
    migration: Migration,
    session: Result<Session, Vec<Diagnostic>>,
    drift: Vec<Drift>,
    allow_schema_drift: bool,
    typing: Typing,
}

impl Replayer {
    /// Compiles the schemas of `request` (its files are not read).
    pub fn new(request: &ReplayRequest) -> Replayer {
        Replayer {
            migration: request.migration.clone(),
            session: Session::of_spec(&request.spec),
            drift: drift(
                &request.migration,
                &request.spec.base_schema,
                &request.spec.target_schema,
            ),
            allow_schema_drift: request.allow_schema_drift,
            typing: request.spec.typing,
        }
    }

    /// Replays the recording on `files` (values at `prefix`, discovered when `None`).
    pub fn replay(&self, files: &[SourceFile], prefix: Option<&str>) -> ReplayReport {
        if !self.drift.is_empty() && !self.allow_schema_drift {
            let mut report = MigrateReport::new(Status::Refused);
            report.refusals = self.drift.iter().map(drift_refusal).collect();
            return ReplayReport {
                schema_drift: self.drift.clone(),
                ..ReplayReport::of(report)
            };
        }
        let session = match &self.session {
            Ok(session) => session,
            Err(errors) => {
                let mut report = MigrateReport::new(Status::Invalid);
                report.errors = errors.clone();
                return ReplayReport::of(report);
            }
        };
        let inputs = Inputs {
            files,
            prefix,
            ..Inputs::default()
        };
        let located = session.diagnose(&inputs);
        let (prefix, values) = match values_of(files, self.typing, &located) {
            Ok(Some(found)) => found,
            Ok(None) => return ReplayReport::of(located),
            Err(report) => return ReplayReport::of(*report),
        };
        let proposal = match propose(&self.migration, &values, &located.displaced) {
            Ok(proposal) => proposal,
            Err(message) => return ReplayReport::of(invalid("migration", &message)),
        };
        let named = Named {
            name: "replayed proposal".to_string(),
            text: serde_json::to_string_pretty(&proposal.values).unwrap_or_default(),
        };
        // Values that are a file's documents merged are found again as they were found: a
        // given root would name one document.
        let merged = located.merged_documents.is_some();
        let report = session.migrate(&Inputs {
            files,
            prefix: (!merged).then_some(prefix.as_str()),
            proposal: Some(&named),
            answers: &proposal.answers,
            renders: None,
        });
        ReplayReport {
            report,
            replayed: proposal.replayed,
            skipped: proposal.skipped,
            schema_drift: self.drift.clone(),
        }
    }
}

/// The schemas whose digests differ from the recording's.
pub fn drift(migration: &Migration, base: &Named, target: &Named) -> Vec<Drift> {
    [
        ("base", &migration.schemas.base, base),
        ("target", &migration.schemas.target, target),
    ]
    .into_iter()
    .filter_map(|(schema, recorded, named)| {
        let given = SchemaDigest::of(named);
        (given.sha256 != recorded.sha256).then(|| Drift {
            schema: schema.to_string(),
            recorded: recorded.clone(),
            given,
        })
    })
    .collect()
}

fn drift_refusal(drift: &Drift) -> Refusal {
    Refusal {
        kind: RefusalKind::SchemaDrift,
        path: ValuePath::root(),
        message: format!(
            "the {} schema differs from the recording's: {} has sha256 {}, the recording was made with {} (sha256 {}); replay with --allow-schema-drift to judge it anyway",
            drift.schema,
            drift.given.file,
            drift.given.sha256,
            drift.recorded.file,
            drift.recorded.sha256
        ),
        at: Location::file(&drift.given.file),
    }
}

/// An `invalid` report with one error that has no position.
pub fn invalid(file: &str, message: &str) -> MigrateReport {
    let mut report = MigrateReport::new(Status::Invalid);
    report.errors.push(Diagnostic::in_file(file, message));
    report
}

/// The located prefix and the values under it; `None` when diagnose could not locate them.
pub fn values_of(
    files: &[SourceFile],
    typing: Typing,
    located: &MigrateReport,
) -> Result<Option<(String, Value)>, Box<MigrateReport>> {
    let (Some(prefix), Some(file)) = (&located.prefix, &located.values_file) else {
        return Ok(None);
    };
    let Some(source) = files.iter().find(|f| &f.path == file) else {
        return Ok(None);
    };
    let options = DecodeOptions {
        typing,
        ..DecodeOptions::default()
    };
    let documents = crate::yaml::decode(&source.text, &options)
        .map_err(|e| Box::new(invalid(file, &e.to_string())))?;
    let path = ValuePath::parse(prefix).map_err(|e| Box::new(invalid(file, &e.to_string())))?;
    Ok(
        crate::migrate::located_values(located, &documents, &path, typing)
            .map(|values| (prefix.clone(), values.into_owned())),
    )
}

/// Applies the recorded ops that apply to `values` (whose displaced values are `displaced`).
pub fn propose(
    migration: &Migration,
    values: &Value,
    displaced: &[Displaced],
) -> Result<Proposal, String> {
    let mut proposal = Proposal {
        values: values.clone(),
        ..Proposal::default()
    };
    let is_displaced = |path: &ValuePath| displaced.iter().any(|d| path.starts_with(&d.path));
    for op in &migration.ops {
        let read =
            |text: &str| ValuePath::parse(text).map_err(|e| format!("recorded path `{text}`: {e}"));
        let outcome = match op {
            RecordedOp::Remove { path, .. } => {
                let path = read(path)?;
                match tree::get(values, &path) {
                    None => Err("absent in this file".to_string()),
                    Some(_) if !is_displaced(&path) => {
                        Err("the target accepts this file's value where it is".to_string())
                    }
                    Some(_) => {
                        tree::remove(&mut proposal.values, &path);
                        Ok(None)
                    }
                }
            }
            RecordedOp::Rename {
                from, to, value, ..
            } => {
                let (from, to) = (read(from)?, read(to)?);
                rename(
                    &mut proposal.values,
                    values,
                    &from,
                    &to,
                    value,
                    is_displaced(&from),
                )
            }
            RecordedOp::Set {
                path,
                value,
                source,
            } => {
                let path = read(path)?;
                let outcome = set(&mut proposal.values, values, &path, value, &is_displaced);
                if outcome.is_ok() && source == "answer" {
                    proposal.answers.push((path.to_string(), value.to_string()));
                }
                outcome
            }
        };
        match outcome {
            Ok(note) => proposal.replayed.push(ReplayedOp {
                op: op.clone(),
                note,
            }),
            Err(reason) => proposal.skipped.push(SkippedOp {
                op: op.clone(),
                reason,
            }),
        }
    }
    Ok(proposal)
}

/// Moves this file's value at `from` to `to`; the note says when it differs from the recording's.
fn rename(
    proposal: &mut Value,
    values: &Value,
    from: &ValuePath,
    to: &ValuePath,
    recorded: &Value,
    displaced: bool,
) -> Result<Option<String>, String> {
    let Some(own) = tree::get(values, from).cloned() else {
        return Err(if tree::get(values, to).is_some() {
            format!("absent in this file, which already has `{to}`")
        } else {
            "absent in this file".to_string()
        });
    };
    if !displaced {
        return Err("the target accepts this file's value where it is".to_string());
    }
    tree::remove(proposal, from);
    tree::set(proposal, to, own.clone())?;
    Ok((!recorded.is_null() && *recorded != own).then(|| {
        format!(
            "carried with this file's own value {} (recorded: {})",
            tree::show(&own),
            tree::show(recorded)
        )
    }))
}

/// Sets a recorded value where this file has none, or where its own is displaced.
fn set(
    proposal: &mut Value,
    values: &Value,
    path: &ValuePath,
    value: &Value,
    is_displaced: &dyn Fn(&ValuePath) -> bool,
) -> Result<Option<String>, String> {
    match tree::get(values, path) {
        Some(own) if own == value => Err("this file already holds this value".to_string()),
        Some(own) if !is_displaced(path) => Err(format!(
            "this file holds its own value {}, which the target accepts",
            tree::show(own)
        )),
        _ => tree::set(proposal, path, value.clone()).map(|()| None),
    }
}
