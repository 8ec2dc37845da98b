//! `diagnose` and `migrate`: read the inputs, locate the values, judge the proposal, plan, splice, verify.

use super::locate::{Candidate, locate};
use super::plan::{Finding, PlanInput, Source, plan};
use super::request::{Named, Request};
use super::{brief, comment, tree};
use crate::diff;
use crate::path::ValuePath;
use crate::report::{
    Diagnostic, FileResult, KeptComment, MigrateReport, Refusal, RefusalKind, SetSource, Status,
};
use crate::schema::{self, Schema};
use crate::splice::values::{SpliceInput, splice};
use crate::yaml::{self, Limits, LineIndex, Stream, Typing};
use serde_json::Value;

/// A parsed values file: its located stream and its documents as JSON.
pub(crate) struct Parsed<'a> {
    pub path: &'a str,
    pub text: &'a str,
    pub stream: Stream,
    pub documents: Vec<Value>,
}

/// Everything read and located, shared by diagnose and migrate.
struct Context<'a> {
    files: Vec<Parsed<'a>>,
    base: Schema,
    target: Schema,
    defaults: Option<Value>,
    proposal: Option<(Value, &'a Named, Stream)>,
    answers: Vec<(ValuePath, Value)>,
}

/// Diagnoses the old values against both schemas, without a proposal.
pub fn diagnose(request: &Request) -> MigrateReport {
    let (context, mut report) = match read(request) {
        Ok(read) => read,
        Err(report) => return *report,
    };
    let Some((_, original)) = located(request, &context, &mut report) else {
        return report;
    };
    facts(&context, &original, &mut report);
    report.brief = Some(brief::brief(&context.target, &report));
    if report.status == Status::Escalated {
        return report;
    }
    let violations = context
        .target
        .validate_coalesced(context.defaults.as_ref(), &original);
    report.status =
        if report.displaced.is_empty() && report.derivable.is_empty() && violations.is_empty() {
            Status::Unchanged
        } else {
            Status::NeedsProposal
        };
    report
}

/// Judges the proposal, derives the plan, applies it to the original text and verifies the result.
pub fn migrate(request: &Request) -> MigrateReport {
    let (context, mut report) = match read(request) {
        Ok(read) => read,
        Err(report) => return *report,
    };
    let Some((proposal, proposal_input, proposal_stream)) = context.proposal.as_ref() else {
        report.status = Status::Invalid;
        report
            .errors
            .push(plain_error("proposal", "migrate needs a proposal"));
        return report;
    };
    let Some((candidate, original)) = located(request, &context, &mut report) else {
        return report;
    };
    facts(&context, &original, &mut report);
    if report.status == Status::Escalated {
        report.comment = comment::comment(request, &report);
        return report;
    }

    // The proposal as judged: a person's answers override it; derivable required keys fill it.
    let mut judged = proposal.clone();
    let mut findings: Vec<Finding> = Vec::new();
    for (path, answer) in &context.answers {
        if let Some(there) = tree::get(proposal, path)
            && there != answer
        {
            findings.push(Finding {
                kind: RefusalKind::Provenance,
                path: path.clone(),
                in_original: false,
                message: format!(
                    "the proposal writes {} at `{path}`, but a person answered {}",
                    tree::show(there),
                    tree::show(answer)
                ),
            });
        }
        if let Err(message) = tree::set(&mut judged, path, answer.clone()) {
            findings.push(Finding {
                kind: RefusalKind::Schema,
                path: path.clone(),
                in_original: false,
                message,
            });
        }
    }
    for derivable in &report.derivable {
        if tree::get(&judged, &derivable.path).is_none() {
            let _ = tree::set(&mut judged, &derivable.path, derivable.value.clone());
        }
    }

    let displaced: Vec<Source> = report
        .displaced
        .iter()
        .map(|d| Source {
            path: d.path.clone(),
            value: d.value.clone(),
        })
        .collect();
    let target = &context.target;
    let schema_source = |path: &ValuePath, value: &Value| -> Option<SetSource> {
        let derived = target.derived_values(path);
        if derived.consts.contains(value) {
            Some(SetSource::Const)
        } else if derived.defaults.contains(value) {
            Some(SetSource::Default)
        } else if derived.enums.contains(value) {
            Some(SetSource::Enum)
        } else {
            None
        }
    };
    let mut planned = plan(&PlanInput {
        original: &original,
        proposal: &judged,
        displaced: &displaced,
        answers: &context.answers,
        schema_source: &schema_source,
    });
    findings.append(&mut planned.findings);
    for violation in context
        .target
        .validate_coalesced(context.defaults.as_ref(), &judged)
    {
        if violation.in_defaults_only {
            continue;
        }
        let path = violation
            .key_path
            .clone()
            .unwrap_or_else(|| violation.path.clone());
        findings.push(Finding {
            kind: RefusalKind::Schema,
            path,
            in_original: false,
            message: format!("the target schema refuses the proposal: {violation}"),
        });
    }
    report.ops = planned.ops;
    report.not_carried = planned.not_carried;

    let values_file = &context.files[candidate.file];
    for finding in findings {
        let refusal = if finding.in_original {
            locate_in(
                values_file,
                candidate.document,
                &candidate.prefix.join(&finding.path),
                request.typing,
                &finding,
            )
        } else {
            locate_in_proposal(proposal_input, proposal_stream, request.typing, &finding)
        };
        report.refusals.push(refusal);
    }
    if !report.refusals.is_empty() {
        report.status = Status::Refused;
        report.comment = comment::comment(request, &report);
        return report;
    }
    if report.ops.is_empty() && judged == original {
        report.status = Status::Unchanged;
        report.files = context
            .files
            .iter()
            .map(|f| unchanged_file(f.path, f.text))
            .collect();
        report.comment = comment::comment(request, &report);
        return report;
    }

    let spliced = splice(&SpliceInput {
        text: values_file.text,
        stream: &values_file.stream,
        document: candidate.document,
        prefix: &candidate.prefix,
        typing: request.typing,
        ops: &report.ops,
        proposal: &judged,
    });
    let spliced = match spliced {
        Ok(spliced) => spliced,
        Err(refused) => {
            let lines = LineIndex::new(values_file.text);
            let at = lines.line_col(refused.offset);
            report.refusals.push(Refusal {
                kind: refused.kind,
                path: refused.path,
                message: refused.message,
                file: Some(values_file.path.to_string()),
                line: Some(at.line),
                column: Some(at.column),
                utf16_column: Some(at.utf16_column),
            });
            report.status = Status::Refused;
            report.comment = comment::comment(request, &report);
            return report;
        }
    };
    let mut differs_at = None;
    if let Err(message) = verify(
        request,
        values_file,
        &candidate,
        &judged,
        &spliced.text,
        target,
        context.defaults.as_ref(),
        &mut differs_at,
    ) {
        // Point at the first value that differs, where the original holds it (else the values root).
        let full = differs_at.unwrap_or_else(|| candidate.prefix.clone());
        let path = full.strip_prefix(&candidate.prefix).unwrap_or_default();
        let finding = Finding {
            kind: RefusalKind::VerifyFailed,
            path,
            in_original: true,
            message,
        };
        report.refusals.push(locate_in(
            values_file,
            candidate.document,
            &full,
            request.typing,
            &finding,
        ));
        report.status = Status::Refused;
        report.comment = comment::comment(request, &report);
        return report;
    }
    report.kept_comments = spliced
        .kept_comments
        .into_iter()
        .map(|k| KeptComment {
            path: k.path,
            file: values_file.path.to_string(),
            line: k.line,
            text: k.text,
        })
        .collect();
    report.files = context
        .files
        .iter()
        .enumerate()
        .map(|(index, f)| {
            if index == candidate.file {
                FileResult {
                    path: f.path.to_string(),
                    changed: f.text != spliced.text,
                    before: f.text.to_string(),
                    after: spliced.text.clone(),
                    diff: diff::unified(f.path, f.text, &spliced.text),
                }
            } else {
                unchanged_file(f.path, f.text)
            }
        })
        .collect();
    report.status = Status::Planned;
    report.comment = comment::comment(request, &report);
    report
}

fn unchanged_file(path: &str, text: &str) -> FileResult {
    FileResult {
        path: path.to_string(),
        changed: false,
        before: text.to_string(),
        after: text.to_string(),
        diff: String::new(),
    }
}

/// Re-parses the edited text: the prefix must hold the proposal, everything else must be as before.
#[allow(clippy::too_many_arguments)]
fn verify(
    request: &Request,
    file: &Parsed<'_>,
    candidate: &Candidate,
    proposal: &Value,
    after: &str,
    target: &Schema,
    defaults: Option<&Value>,
    differs_at: &mut Option<ValuePath>,
) -> Result<(), String> {
    let options = yaml::DecodeOptions {
        typing: request.typing,
        limits: Limits::default(),
    };
    let not_parsed = |e: yaml::YamlError| {
        format!(
            "the edited file does not parse: {}",
            e.display_with(file.path, after)
        )
    };
    let stream = yaml::parse(after, &options.limits).map_err(not_parsed)?;
    let mut decoded = stream
        .to_json(options.typing, &options.limits)
        .map_err(not_parsed)?;
    // Last-wins decoding would hide a key written twice: the edit may not add a repeat.
    let repeats = |s: &Stream| s.duplicate_keys(options.typing).len();
    if repeats(&stream) > repeats(&file.stream)
        && let Some((_, repeat)) = stream.duplicate_keys(options.typing).into_iter().last()
    {
        return Err(format!(
            "the edited file would hold the key `{}` twice under `{}`",
            repeat.key, repeat.path
        ));
    }
    // A values file left with no keys (comments only) is an empty document: Helm reads it as `{}`.
    if decoded.is_empty() && file.documents.len() == 1 && candidate.prefix.is_root() {
        decoded.push(Value::Object(serde_json::Map::new()));
    }
    if candidate.prefix.is_root()
        && let Some(first @ Value::Null) = decoded.get_mut(candidate.document)
    {
        *first = Value::Object(serde_json::Map::new());
    }
    let mut expected = file.documents.clone();
    let Some(document) = expected.get_mut(candidate.document) else {
        return Err("the values document is gone".to_string());
    };
    tree::set(document, &candidate.prefix, proposal.clone())?;
    if decoded.len() != expected.len() {
        return Err(format!(
            "the edited file has {} documents, the original {}",
            decoded.len(),
            expected.len()
        ));
    }
    for (index, (got, want)) in decoded.iter().zip(&expected).enumerate() {
        if got != want {
            let first = tree::nodes(want).into_iter().map(|(p, _)| p).find(|p| {
                tree::get(got, p) != tree::get(want, p)
                    && tree::is_leaf(tree::get(want, p).unwrap_or(&Value::Null))
            });
            let at = first
                .as_ref()
                .map_or_else(|| "the document".to_string(), |p| format!("`{p}`"));
            if index == candidate.document {
                *differs_at = first;
            }
            return Err(format!(
                "document {index} of the edited file does not decode to what was asked: {at} differs"
            ));
        }
    }
    let values = tree::get(&decoded[candidate.document], &candidate.prefix)
        .cloned()
        .unwrap_or(Value::Null);
    let violations: Vec<String> = target
        .validate_coalesced(defaults, &values)
        .into_iter()
        .filter(|v| !v.in_defaults_only)
        .map(|v| v.to_string())
        .collect();
    if !violations.is_empty() {
        return Err(format!(
            "the edited values fail the target schema: {}",
            violations.join("; ")
        ));
    }
    Ok(())
}

/// Reads every input; an unreadable one makes the report `invalid`.
fn read(request: &Request) -> Result<(Context<'_>, MigrateReport), Box<MigrateReport>> {
    let mut report = MigrateReport::new(Status::Invalid);
    let options = yaml::DecodeOptions {
        typing: request.typing,
        limits: Limits::default(),
    };
    let mut files = Vec::new();
    for file in &request.files {
        match parse_yaml(&file.path, &file.text, &options) {
            Ok((stream, documents)) => files.push(Parsed {
                path: &file.path,
                text: &file.text,
                stream,
                documents,
            }),
            Err(error) => report.errors.push(error),
        }
    }
    let base = compile(&request.base_schema, &mut report);
    let target = compile(&request.target_schema, &mut report);
    let defaults =
        request
            .defaults
            .as_ref()
            .and_then(|d| match parse_yaml(&d.name, &d.text, &options) {
                Ok((_, documents)) => Some(documents.into_iter().next().unwrap_or(Value::Null)),
                Err(error) => {
                    report.errors.push(error);
                    None
                }
            });
    let proposal =
        request
            .proposal
            .as_ref()
            .and_then(|p| match parse_yaml(&p.name, &p.text, &options) {
                Ok((stream, documents)) if documents.len() <= 1 => Some((
                    documents.into_iter().next().unwrap_or(Value::Null),
                    p,
                    stream,
                )),
                Ok(_) => {
                    report.errors.push(plain_error(
                        &p.name,
                        "the proposal must be one YAML or JSON document",
                    ));
                    None
                }
                Err(error) => {
                    report.errors.push(error);
                    None
                }
            });
    let mut answers = Vec::new();
    for (path, value) in &request.answers {
        let parsed_path = ValuePath::parse(path);
        let parsed_value = yaml::decode(value, &options);
        match (parsed_path, parsed_value) {
            (Ok(path), Ok(docs)) if docs.len() == 1 => {
                answers.push((path, docs.into_iter().next().unwrap_or(Value::Null)))
            }
            (Err(e), _) => report
                .errors
                .push(plain_error("--answer", &format!("`{path}`: {e}"))),
            _ => report.errors.push(plain_error(
                "--answer",
                &format!("`{path}`: the value `{value}` is not one YAML value"),
            )),
        }
    }
    if request.files.is_empty() {
        report.errors.push(plain_error(
            "--values",
            "at least one values file is needed",
        ));
    }
    match (base, target) {
        (Some(base), Some(target)) if report.errors.is_empty() => Ok((
            Context {
                files,
                base,
                target,
                defaults,
                proposal,
                answers,
            },
            MigrateReport::new(Status::Unchanged),
        )),
        _ => Err(Box::new(report)),
    }
}

pub(crate) fn parse_yaml(
    name: &str,
    text: &str,
    options: &yaml::DecodeOptions,
) -> Result<(Stream, Vec<Value>), Diagnostic> {
    let to_diagnostic = |e: yaml::YamlError| {
        let at = LineIndex::new(text).line_col(e.offset());
        Diagnostic {
            file: name.to_string(),
            line: Some(at.line),
            column: Some(at.column),
            utf16_column: Some(at.utf16_column),
            message: e.message().to_string(),
        }
    };
    let stream = yaml::parse(text, &options.limits).map_err(to_diagnostic)?;
    let documents = stream
        .to_json(options.typing, &options.limits)
        .map_err(to_diagnostic)?;
    Ok((stream, documents))
}

fn compile(input: &Named, report: &mut MigrateReport) -> Option<Schema> {
    match Schema::compile(&input.text) {
        Ok(schema) => Some(schema),
        Err(error) => {
            let utf16_column = match (error.line(), error.column()) {
                (Some(line), Some(column)) => Some(utf16_of(&input.text, line, column)),
                _ => None,
            };
            report.errors.push(Diagnostic {
                file: input.name.clone(),
                line: error.line(),
                column: error.column(),
                utf16_column,
                message: error.message().to_string(),
            });
            None
        }
    }
}

fn utf16_of(text: &str, line: usize, column: usize) -> usize {
    let lines = LineIndex::new(text);
    lines
        .offset(line, column)
        .map_or(column, |offset| lines.line_col(offset).utf16_column)
}

pub(crate) fn plain_error(file: &str, message: &str) -> Diagnostic {
    Diagnostic {
        file: file.to_string(),
        line: None,
        column: None,
        utf16_column: None,
        message: message.to_string(),
    }
}

/// Finds the values root; on failure the report says why and the caller stops.
fn located(
    request: &Request,
    context: &Context<'_>,
    report: &mut MigrateReport,
) -> Option<(Candidate, Value)> {
    let proposal = context.proposal.as_ref().map(|(value, _, _)| value);
    match locate(
        &context.files,
        request.prefix.as_deref(),
        proposal,
        &context.base,
        request.typing,
    ) {
        Ok(candidate) => {
            let original = tree::get(
                &context.files[candidate.file].documents[candidate.document],
                &candidate.prefix,
            )
            .cloned()
            .unwrap_or(Value::Null);
            report.prefix = Some(candidate.prefix.to_string());
            report.values_file = Some(context.files[candidate.file].path.to_string());
            report.values_document = Some(candidate.document);
            Some((candidate, original))
        }
        Err(refusal) => {
            report.status = Status::Refused;
            report.refusals.push(*refusal);
            report.comment = comment::comment(request, report);
            None
        }
    }
}

/// The facts that need no proposal: displaced values, required keys, the changelog.
fn facts(context: &Context<'_>, original: &Value, report: &mut MigrateReport) {
    report.displaced = Schema::displaced(
        &context.base,
        &context.target,
        original,
        context.defaults.as_ref(),
    );
    // In the file's order, as a reviewer reads it.
    let order: Vec<ValuePath> = tree::nodes(original).into_iter().map(|(p, _)| p).collect();
    report.displaced.sort_by_key(|d| {
        order
            .iter()
            .position(|p| *p == d.path)
            .unwrap_or(usize::MAX)
    });
    report.changelog = schema::changelog(&context.base, &context.target).changes;
    let coalesced = schema::coalesce(context.defaults.as_ref(), original);
    let requirements = context.target.required(&coalesced);
    report.derivable = requirements.derivable;
    for escalation in requirements.escalations {
        if !context.answers.iter().any(|(p, _)| p == &escalation.path) {
            report.escalations.push(escalation);
        }
    }
    if !report.escalations.is_empty() {
        report.status = Status::Escalated;
    }
}

/// Locates a finding about the original values in the values file.
fn locate_in(
    file: &Parsed<'_>,
    document: usize,
    full: &ValuePath,
    typing: Typing,
    finding: &Finding,
) -> Refusal {
    let position = file
        .stream
        .documents
        .get(document)
        .map(|d| d.root.offset_of(full, typing));
    refusal_at(file.path, file.text, position, finding)
}

/// Locates a finding about the proposal in the proposal's text.
fn locate_in_proposal(
    input: &Named,
    stream: &Stream,
    typing: Typing,
    finding: &Finding,
) -> Refusal {
    let position = stream
        .documents
        .first()
        .map(|d| d.root.offset_of(&finding.path, typing));
    refusal_at(&input.name, &input.text, position, finding)
}

fn refusal_at(file: &str, text: &str, offset: Option<usize>, finding: &Finding) -> Refusal {
    let at = offset.map(|o| LineIndex::new(text).line_col(o));
    Refusal {
        kind: finding.kind,
        path: finding.path.clone(),
        message: finding.message.clone(),
        file: Some(file.to_string()),
        line: at.map(|a| a.line),
        column: at.map(|a| a.column),
        utf16_column: at.map(|a| a.utf16_column),
    }
}
