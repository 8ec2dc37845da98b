//! The JavaScript surface: translates types, holds no logic.

use crate::migrate::{Inputs, Named, Request, SchemaRef, Session, SourceFile, ValidateReport};
use crate::yaml::{DecodeOptions as YamlOptions, Typing};
use serde::Deserialize;
use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** How scalars are typed: as Helm reads values (default), or the YAML 1.2 core schema. */
export type Typing = "helm" | "yaml-1.2";

/** A located problem with an input. */
export interface Diagnostic {
  file: string;
  line: number | null;
  column: number | null;
  utf16Column: number | null;
  message: string;
}

/** Options of `decode`. */
export interface DecodeOptions {
  /** The file name used in errors (default `input.yaml`). */
  file?: string;
  typing?: Typing;
}

/** What `decode` returns: one JSON value per document, or the errors that stopped it. */
export interface DecodeResult {
  documents: unknown[];
  errors: Diagnostic[];
}

/** What `readAnswers` returns: the answers by path, and the lines that could not be read. */
export interface ReadAnswers { answers: Record<string, unknown>; problems: string[]; }

/** Reads answers typed one `PATH=VALUE` a line, each VALUE read as YAML with `typing`. */
export function readAnswers(text: string, typing?: Typing): ReadAnswers;

/** A file given by its contents. */
export interface FileInput { path: string; text: string; }

/** The input of `migrate` and `diagnose`: the CLI's options, with file contents instead of paths. */
export interface MigrateInput {
  files: FileInput[];
  baseSchema: string;
  targetSchema: string;
  /** The migrated values document (YAML or JSON); required by `migrate`, ignored by `diagnose`. */
  proposal?: string | null;
  prefix?: string | null;
  /** A person's values for escalated keys, by path; each value is taken as the JSON value given. */
  answers?: Record<string, unknown>;
  /** The target chart's own values.yaml. */
  defaults?: string | null;
  typing?: Typing;
  /** Documents the schemas' `$ref`s name elsewhere, by URL: Helm fetches them; nothing here is fetched. */
  refs?: Record<string, string>;
}

export type RefusalKind = "survival" | "schema" | "provenance" | "non-scalar-move" | "flow-collection"
  | "anchor-or-alias" | "merge-key" | "tag" | "duplicate-key" | "block-scalar" | "prefix-ambiguous"
  | "prefix-not-found" | "ambiguous-move" | "verify-failed" | "indentation"
  | "schema-drift" | "render-failed" | "layer-conflict" | "chart-defaults";

export interface Refusal {
  kind: RefusalKind; path: string; message: string;
  file: string | null; line: number | null; column: number | null; utf16Column: number | null;
}

export type Op =
  | { op: "remove"; path: string }
  | { op: "rename"; from: string; to: string; reason: string }
  | { op: "set"; path: string; value: unknown; source: "default" | "const" | "enum" | "answer" | "original" };

export interface FileResult { path: string; changed: boolean; before: string; after: string; diff: string; }

/** The outcome of `migrate` (`planned`, `unchanged`, `refused`, `escalated`, `invalid`) or `diagnose` (also `needs-proposal`). */
export type Status = "planned" | "unchanged" | "refused" | "escalated" | "invalid" | "needs-proposal";

/** What `migrate` and `diagnose` return (docs/contract.md). */
export interface MigrateResult {
  status: Status;
  prefix: string | null;
  valuesFile: string | null;
  valuesDocument: number | null;
  displaced: { path: string; value: unknown; reason: string; baseAccepts: boolean }[];
  derivable: { path: string; value: unknown; source: "default" | "const" | "enum" }[];
  escalations: { path: string; message: string }[];
  refusals: Refusal[];
  errors: Diagnostic[];
  ops: Op[];
  /** Each original value the plan drops; `near`/`hint`: keys the target gained beside it, of its type, at a close name (a hint, never applied). */
  notCarried: { path: string; value: unknown; near: string[]; hint: string | null }[];
  keptComments: { path: string; file: string; line: number; text: string }[];
  files: FileResult[];
  changelog: { path: string; kind: string; [detail: string]: unknown }[];
  comment: string;
  /** What a proposal must fix, as plain text (`migrate` gives it too); `null` when the values were not located. */
  brief: string | null;
  /** What `helm install` would print when the target schema refuses the proposal (for a chart tree, one block per chart). */
  helm?: string;
  /** For a chart tree read by the CLI: each chart's findings and changes (docs/charts.md). */
  charts?: {
    name: string; chart: string; from: string | null; to: string | null; valuesPath: string;
    findings: { kind: "displaced" | "derivable" | "escalation" | "refusal" | "op" | "not-carried"; path: string; text: string }[];
  }[];
}

/** The input of `validate`. */
export interface ValidateInput {
  files: FileInput[];
  schema: string;
  prefix?: string | null;
  defaults?: string | null;
  typing?: Typing;
  /** Documents the schemas' `$ref`s name elsewhere, by URL: Helm fetches them; nothing here is fetched. */
  refs?: Record<string, string>;
}

export interface Violation {
  path: string; schemaPath: string; message: string; inDefaultsOnly: boolean;
  /** The failing keyword; where Helm places it (a JSON pointer); the line Helm prints for it. */
  keyword: string; pointer: string; helmMessage: string;
  file: string | null; line: number | null; column: number | null; utf16Column: number | null;
  /** For a chart tree's schema (`readChart`): the chart whose schema failed, and Helm's line for it. */
  chart?: { name: string; helm: string };
}

/** What `validate` returns. */
export interface ValidateResult {
  valid: boolean;
  violations: Violation[];
  defaultsViolations: Violation[];
  errors: Diagnostic[];
}

/** The input of `patch`: one scalar of one object in a manifest file (ADR-0020). */
export interface PatchInput {
  file: FileInput;
  apiVersion: string;
  kind: string;
  namespace?: string | null;
  name: string;
  /** The container whose field is patched; `field` is then relative to it. */
  container?: string | null;
  field: string;
  from: string;
  to: string;
}

/** The outcome of `patch`. */
export type PatchStatus = "patched" | "needs-intervention" | "invalid";

/** What `patch` returns. */
export interface PatchResult {
  status: PatchStatus;
  reason: string;
  line: number | null;
  column: number | null;
  utf16Column: number | null;
  file: FileResult;
}

/** Decodes a YAML stream to one JSON value per document; bad YAML is a result, not a throw. */
export function decode(text: string, options?: DecodeOptions): DecodeResult;
/** Judges a proposal, derives the plan, splices it into the original text and verifies it. */
export function migrate(input: MigrateInput): MigrateResult;
/** Diagnoses the old values against both schemas, without a proposal. */
export function diagnose(input: MigrateInput): MigrateResult;
/** Validates values (coalesced with the chart's defaults) against a schema, as Helm does. */
export function validate(input: ValidateInput): ValidateResult;
/** Replaces one scalar of one object in a manifest file in place, or says why it needs a person. */
export function patch(input: PatchInput): PatchResult;

/** One chart of a chart tree: its name (alias), Chart.yaml name and version, where its values sit. */
export interface ChartAt {
  name: string;
  chart: string;
  version: string;
  valuesPath: string[];
  schemaPointer: string | null;
}

/** What `readChart` returns: pass `schema` as `baseSchema`/`targetSchema` and `defaults` as `defaults`. */
export interface ChartRead {
  name: string;
  version: string;
  schemaName: string;
  /** The chart's values.schema.json, or every chart's schema of the tree composed as Helm applies them. */
  schema: string;
  defaultsName: string | null;
  /** The chart's values.yaml, or every chart's coalesced as Helm does (with `global`). */
  defaults: string | null;
  charts: ChartAt[];
}

/** Reads a chart archive (`helm pull`'s .tgz) from its bytes; nothing is fetched or written.
 * Throws, naming the archive and the entry, for an archive Helm refuses or a hostile one. */
export function readChart(name: string, bytes: Uint8Array): ChartRead;
/** Reads a chart directory from its files (paths inside the chart, and their bytes), as `readChart`. */
export function readChartFiles(name: string, paths: string[], contents: Uint8Array[]): ChartRead;

/** What a `Session` is made of: both schemas (compiled once), the chart's defaults, the typing. */
export interface SessionOptions {
  baseSchema: string;
  targetSchema: string;
  defaults?: string | null;
  typing?: Typing;
  /** Documents the schemas' `$ref`s name elsewhere, by URL: Helm fetches them; nothing here is fetched. */
  refs?: Record<string, string>;
}

/** One call on a `Session`: the values files and, for `migrate`, the proposal. */
export interface SessionInput {
  files: FileInput[];
  proposal?: string | null;
  prefix?: string | null;
  /** A person's answers for escalated keys, by path; values are JSON values. */
  answers?: Record<string, unknown>;
}

/**
 * Both schemas compiled once and kept: every `diagnose`, `migrate` and `validate` call reuses
 * them. A schema that cannot be read is not a throw: `errors` holds it, and every call returns
 * an `invalid` result naming it. Call `free()` (or use `using`) when done.
 */
export class Session {
  constructor(options: SessionOptions);
  /** Why the schemas or defaults could not be read; empty when the session is usable. */
  readonly errors: Diagnostic[];
  /** Diagnoses the old values against both schemas, without a proposal. */
  diagnose(input: SessionInput): MigrateResult;
  /** Judges a proposal, plans, splices and verifies; the result also holds the diagnosis. */
  migrate(input: SessionInput & { proposal: string }): MigrateResult;
  /** Validates each values file against the target schema, as Helm does (one result for all). */
  validate(input: { files: FileInput[]; prefix?: string | null }): ValidateResult;
  /** Releases the compiled schemas. */
  free(): void;
  [Symbol.dispose](): void;
}
"#;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DecodeOptions {
    file: Option<String>,
    #[serde(default)]
    typing: Typing,
}

#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileInput {
    pub(crate) path: String,
    pub(crate) text: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct MigrateInput {
    files: Vec<FileInput>,
    base_schema: String,
    target_schema: String,
    #[serde(default)]
    proposal: Option<String>,
    #[serde(default)]
    prefix: Option<String>,
    #[serde(default)]
    answers: serde_json::Map<String, serde_json::Value>,
    #[serde(default)]
    defaults: Option<String>,
    #[serde(default)]
    typing: Typing,
    /// Documents the schemas' `$ref`s name elsewhere, by URL.
    #[serde(default)]
    refs: serde_json::Map<String, serde_json::Value>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ValidateInput {
    files: Vec<FileInput>,
    schema: String,
    #[serde(default)]
    prefix: Option<String>,
    #[serde(default)]
    defaults: Option<String>,
    #[serde(default)]
    typing: Typing,
    /// Documents the schemas' `$ref`s name elsewhere, by URL.
    #[serde(default)]
    refs: serde_json::Map<String, serde_json::Value>,
}

/// The input of `patch` (and of the Node CLI's `patch`).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct PatchInput {
    file: FileInput,
    api_version: String,
    kind: String,
    #[serde(default)]
    namespace: Option<String>,
    name: String,
    #[serde(default)]
    container: Option<String>,
    field: String,
    from: String,
    to: String,
}

/// The JS `refs` object as supplied documents; a value that is not a string is a type error.
fn schema_refs(
    refs: serde_json::Map<String, serde_json::Value>,
) -> Result<Vec<SchemaRef>, JsValue> {
    refs.into_iter()
        .map(|(url, text)| match text {
            serde_json::Value::String(text) => Ok(SchemaRef {
                document: named(&url, text),
                url,
            }),
            _ => Err(type_error(format!(
                "refs: `{url}`: expected the document's text"
            ))),
        })
        .collect()
}

fn named(name: &str, text: String) -> Named {
    Named {
        name: name.to_string(),
        text,
    }
}

impl MigrateInput {
    fn into_request(self, with_proposal: bool) -> Result<Request, JsValue> {
        Ok(Request {
            files: source_files(self.files),
            base_schema: named("baseSchema", self.base_schema),
            target_schema: named("targetSchema", self.target_schema),
            proposal: if with_proposal {
                Some(named("proposal", self.proposal.unwrap_or_default()))
            } else {
                None
            },
            prefix: self.prefix,
            answers: json_answers(self.answers),
            defaults: self.defaults.map(|d| named("defaults", d)),
            typing: self.typing,
            schema_refs: schema_refs(self.refs)?,
        })
    }
}

/// Decodes a YAML stream to one JSON value per document.
#[wasm_bindgen(skip_typescript)]
pub fn decode(text: &str, options: JsValue) -> Result<JsValue, JsValue> {
    let options: DecodeOptions = from_js_or_default("decode options", options)?;
    let file = options.file.as_deref().unwrap_or("input.yaml");
    let yaml = YamlOptions {
        typing: options.typing,
        ..YamlOptions::default()
    };
    to_js(&crate::decode::decode(file, text, &yaml))
}

/// Judges a proposal, derives the plan, splices it into the original text and verifies it.
#[wasm_bindgen(skip_typescript)]
pub fn migrate(input: JsValue) -> Result<JsValue, JsValue> {
    let input: MigrateInput = from_js("migrate input", input)?;
    if input.proposal.is_none() {
        return Err(type_error(
            "migrate input: missing field `proposal`".to_string(),
        ));
    }
    to_js(&crate::migrate::migrate(&input.into_request(true)?))
}

/// Diagnoses the old values against both schemas, without a proposal.
#[wasm_bindgen(skip_typescript)]
pub fn diagnose(input: JsValue) -> Result<JsValue, JsValue> {
    let input: MigrateInput = from_js("diagnose input", input)?;
    to_js(&crate::migrate::diagnose(&input.into_request(false)?))
}

/// Validates values against a schema, as Helm does.
#[wasm_bindgen(skip_typescript)]
pub fn validate(input: JsValue) -> Result<JsValue, JsValue> {
    let input: ValidateInput = from_js("validate input", input)?;
    if input.files.is_empty() {
        return Err(type_error(
            "validate input: files: needs at least one file".to_string(),
        ));
    }
    let schema = named("schema", input.schema);
    let defaults = input.defaults.map(|d| named("defaults", d));
    // Every file answers: one schema as both sides of a session, compiled once (as the CLI does).
    let prefix = input.prefix.as_deref();
    let refs = schema_refs(input.refs)?;
    let report = match Session::with_refs(&schema, &schema, defaults.as_ref(), input.typing, &refs)
    {
        Ok(session) => ValidateReport::merge(
            source_files(input.files)
                .iter()
                .map(|f| session.validate(f, prefix)),
        ),
        Err(errors) => ValidateReport::unreadable(errors),
    };
    to_js(&report)
}

/// What `readChart` returns: the schema and defaults a chart archive gives a session.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ChartRead {
    name: String,
    version: String,
    schema_name: String,
    schema: String,
    defaults_name: Option<String>,
    defaults: Option<String>,
    charts: Vec<crate::chart::ChartAt>,
}

/// Reads a chart archive (`helm pull`'s `.tgz`, as bytes) into the schema and defaults a session
/// takes; an archive Helm would refuse, or a hostile one, throws an error naming archive and entry.
#[wasm_bindgen(js_name = readChart, skip_typescript)]
pub fn read_chart(name: &str, bytes: &[u8]) -> Result<JsValue, JsValue> {
    chart_read(crate::chart::from_archive(name, bytes))
}

/// Reads a chart directory's files (paths inside the chart, and their bytes) as `readChart` does.
#[wasm_bindgen(js_name = readChartFiles, skip_typescript)]
pub fn read_chart_files(
    name: &str,
    paths: Vec<String>,
    contents: Vec<js_sys::Uint8Array>,
) -> Result<JsValue, JsValue> {
    let entries = paths
        .into_iter()
        .zip(contents)
        .map(|(p, c)| (p, c.to_vec()))
        .collect();
    chart_read(crate::chart::from_files(name, entries))
}

fn chart_read(
    composed: Result<crate::chart::Composed, crate::chart::ChartError>,
) -> Result<JsValue, JsValue> {
    let composed = composed.map_err(|e| JsError::new(&e.to_string()))?;
    let has_defaults = composed.defaults.is_some();
    to_js(&ChartRead {
        name: composed.name,
        version: composed.version,
        schema_name: composed.schema_name,
        schema: composed.schema,
        defaults_name: has_defaults.then_some(composed.defaults_name),
        defaults: composed.defaults,
        charts: composed.charts,
    })
}

/// Reads answers typed one `PATH=VALUE` a line, each value as YAML (the playground's answers box).
#[wasm_bindgen(js_name = readAnswers, skip_typescript)]
pub fn read_answers(text: &str, typing: JsValue) -> Result<JsValue, JsValue> {
    let typing: Typing = from_js_or_default("readAnswers typing", typing)?;
    let read = crate::migrate::answers::read(text, typing);
    let answers: serde_json::Map<String, serde_json::Value> = read.answers.into_iter().collect();
    to_js(&serde_json::json!({ "answers": answers, "problems": read.problems }))
}

/// Replaces one scalar of one object in a manifest file in place.
#[wasm_bindgen(skip_typescript)]
pub fn patch(input: JsValue) -> Result<JsValue, JsValue> {
    let input: PatchInput = from_js("patch input", input)?;
    to_js(&crate::manifest::patch::patch(&input.into_request()))
}

impl PatchInput {
    /// The library's request.
    pub(crate) fn into_request(self) -> crate::manifest::PatchRequest {
        crate::manifest::PatchRequest {
            file: self.file.path,
            text: self.file.text,
            api_version: self.api_version,
            kind: self.kind,
            namespace: self.namespace,
            name: self.name,
            container: self.container,
            field: self.field,
            from: self.from,
            to: self.to,
        }
    }
}

/// Reads an input object; a missing or unknown field, or a wrong type, is a thrown `TypeError`
/// naming the field (`validate input: files[1].text: invalid type: …`).
pub(crate) fn from_js<T: DeserializeOwned>(what: &str, value: JsValue) -> Result<T, JsValue> {
    // Through JSON text: one serializer for every type, and `deny_unknown_fields` holds.
    let text = js_sys::JSON::stringify(&value)
        .ok()
        .and_then(|text| text.as_string())
        .ok_or_else(|| type_error(format!("{what}: expected a JSON-compatible object")))?;
    // Straight from the text: no `serde_json::Value` in between, which would copy every input
    // text once more.
    serde_json::from_str(&text).map_err(|e| {
        let at = text
            .lines()
            .take(e.line().saturating_sub(1))
            .map(|l| l.len() + 1)
            .sum::<usize>()
            + e.column().saturating_sub(1);
        let field = crate::text::json_path_at(&text, at);
        let field = if field.is_empty() {
            String::new()
        } else {
            format!("{field}: ")
        };
        type_error(format!("{what}: {field}{}", without_position(&e)))
    })
}

/// A thrown `TypeError` with `message`.
pub(crate) fn type_error(message: String) -> JsValue {
    js_sys::TypeError::new(&message).into()
}

/// A serde error's message without its ` at line 1 column N` (the text is JSON.stringify's, not
/// the caller's).
fn without_position(error: &serde_json::Error) -> String {
    let message = error.to_string();
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    match message.strip_suffix(&suffix) {
        Some(message) => message.to_string(),
        None => message,
    }
}

/// Like [`from_js`], with `undefined`/`null` meaning the defaults.
fn from_js_or_default<T: DeserializeOwned + Default>(
    what: &str,
    value: JsValue,
) -> Result<T, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(T::default());
    }
    from_js(what, value)
}

/// Hands a result to JavaScript as plain objects, through the JSON text the CLI prints.
pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    // The same (pretty) serializer as the CLI's, so every result type is compiled in once.
    let text = serde_json::to_string_pretty(value).map_err(|e| JsError::new(&e.to_string()))?;
    js_sys::JSON::parse(&text).map_err(|_| JsError::new("cannot read back a result").into())
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SessionOptions {
    base_schema: String,
    target_schema: String,
    #[serde(default)]
    defaults: Option<String>,
    #[serde(default)]
    typing: Typing,
    /// Documents the schemas' `$ref`s name elsewhere, by URL.
    #[serde(default)]
    refs: serde_json::Map<String, serde_json::Value>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SessionInput {
    files: Vec<FileInput>,
    #[serde(default)]
    proposal: Option<String>,
    #[serde(default)]
    prefix: Option<String>,
    #[serde(default)]
    answers: serde_json::Map<String, serde_json::Value>,
}

/// Both schemas compiled once, kept between calls (JS `Session`).
#[wasm_bindgen(js_name = Session, skip_typescript)]
pub struct JsSession {
    session: Result<Session, Vec<crate::text::Diagnostic>>,
}

#[wasm_bindgen(js_class = Session)]
impl JsSession {
    /// Compiles both schemas and reads the defaults; what cannot be read is kept in `errors`.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> Result<JsSession, JsValue> {
        let options: SessionOptions = from_js("session options", options)?;
        let defaults = options.defaults.map(|d| named("defaults", d));
        let session = Session::with_refs(
            &named("baseSchema", options.base_schema),
            &named("targetSchema", options.target_schema),
            defaults.as_ref(),
            options.typing,
            &schema_refs(options.refs)?,
        );
        Ok(JsSession { session })
    }

    /// Why the schemas or defaults could not be read.
    #[wasm_bindgen(getter)]
    pub fn errors(&self) -> Result<JsValue, JsValue> {
        let none = Vec::new();
        to_js(self.session.as_ref().err().unwrap_or(&none))
    }

    /// Diagnoses the old values against both schemas.
    pub fn diagnose(&self, input: JsValue) -> Result<JsValue, JsValue> {
        self.call("diagnose input", input, false)
    }

    /// Judges a proposal, plans, splices and verifies.
    pub fn migrate(&self, input: JsValue) -> Result<JsValue, JsValue> {
        self.call("migrate input", input, true)
    }

    /// Validates each values file against the target schema.
    pub fn validate(&self, input: JsValue) -> Result<JsValue, JsValue> {
        let input: SessionInput = from_js("validate input", input)?;
        let report = match &self.session {
            Ok(session) => ValidateReport::merge(
                source_files(input.files)
                    .iter()
                    .map(|f| session.validate(f, input.prefix.as_deref())),
            ),
            Err(errors) => ValidateReport::unreadable(errors.clone()),
        };
        to_js(&report)
    }

    fn call(&self, what: &str, input: JsValue, migrate: bool) -> Result<JsValue, JsValue> {
        let input: SessionInput = from_js(what, input)?;
        if migrate && input.proposal.is_none() {
            return Err(type_error(format!("{what}: missing field `proposal`")));
        }
        let session = match &self.session {
            Ok(session) => session,
            Err(errors) => {
                return to_js(&crate::migrate::session::invalid(errors.clone()));
            }
        };
        let files = source_files(input.files);
        let proposal = input.proposal.map(|p| named("proposal", p));
        let answers = json_answers(input.answers);
        let inputs = Inputs {
            files: &files,
            prefix: input.prefix.as_deref(),
            proposal: proposal.as_ref(),
            answers: &answers,
        };
        let report = if migrate {
            session.migrate(&inputs)
        } else {
            session.diagnose(&inputs)
        };
        to_js(&report)
    }
}

fn source_files(files: Vec<FileInput>) -> Vec<SourceFile> {
    files
        .into_iter()
        .map(|f| SourceFile {
            path: f.path,
            text: f.text,
        })
        .collect()
}

/// A JSON value is YAML text that reads back as itself.
fn json_answers(answers: serde_json::Map<String, serde_json::Value>) -> Vec<(String, String)> {
    let mut answers: Vec<(String, String)> = answers
        .into_iter()
        .map(|(p, v)| (p, v.to_string()))
        .collect();
    // By path: the order of a JSON object's keys carries no meaning.
    crate::order::by(&mut answers, |a, b| a.0.cmp(&b.0));
    answers
}

// --- Migrations that travel (issue 15): kept in one block so that merges with other edits stay simple. ---

#[wasm_bindgen(typescript_custom_section)]
const TRAVEL_TYPES: &'static str = r#"
/** The chart bump a recording belongs to. */
export interface ChartBump { name?: string | null; from?: string | null; to?: string | null; }

export type RecordedOp =
  | { op: "remove"; path: string; value: unknown }
  | { op: "rename"; from: string; to: string; reason: string; value: unknown }
  | { op: "set"; path: string; value: unknown; source: "default" | "const" | "enum" | "answer" | "original" };

/** A verified migration, recorded to be replayed (the JSON `migrate --record` writes). */
export interface Migration {
  format: "values-migrate/migration@1";
  tool: string;
  chart: ChartBump;
  schemas: { base: { file: string; sha256: string }; target: { file: string; sha256: string } };
  prefix: string | null;
  ops: RecordedOp[];
  displaced: { path: string; reason: string }[];
}

/** The input of `record`: `migrate`'s, plus the chart bump to name. */
export interface RecordInput extends MigrateInput { chart?: ChartBump | null; }
/** What `record` returns: `migrate`'s result, plus the recording (`null` unless planned or unchanged). */
export interface RecordResult extends MigrateResult { migration: Migration | null; }

/** The input of `replay`: a recording (object or JSON text) and the files it is replayed on. */
export interface ReplayInput {
  migration: Migration | string;
  files: FileInput[];
  baseSchema: string;
  targetSchema: string;
  prefix?: string | null;
  defaults?: string | null;
  typing?: Typing;
  /** Replay even when a schema's SHA-256 differs from the recording's. */
  allowSchemaDrift?: boolean;
  /** Read `files` as layers: merged per key, later wins, lists replaced. */
  layered?: boolean;
  /** With `layered`, what to do when several layers supply an edited key (default `refuse`). */
  layerPolicy?: "refuse" | "last";
}

/** What `replay` returns: `migrate`'s result, plus what became of each recorded op. */
export interface ReplayResult extends MigrateResult {
  replayed: (RecordedOp & { note: string | null })[];
  skipped: (RecordedOp & { reason: string })[];
  schemaDrift: { schema: "base" | "target"; recorded: { file: string; sha256: string }; given: { file: string; sha256: string } }[];
  /** `layered` only: each layer's file, prefix and ops. */
  layers?: { file: string; prefix: string; ops: Op[]; left: Op[] }[];
  /** `layered` only: the merged values after the edits. */
  merged?: unknown;
}

/** The input of `chain`: the versions' schemas and the recordings between them. */
export interface ChainInput {
  versions: { version: string; schema: string; defaults?: string | null }[];
  migrations: (Migration | string)[];
  files: FileInput[];
  from: string;
  to: string;
  prefix?: string | null;
  typing?: Typing;
  allowSchemaDrift?: boolean;
}

/** What `chain` returns: each step's replay and one combined diff per file. */
export interface ChainResult {
  status: MigrateResult["status"];
  fileVersion: string | null;
  to: string;
  message: string | null;
  steps: { from: string; to: string; migration: string; result: ReplayResult }[];
  refusals: Refusal[];
  errors: Diagnostic[];
  files: FileResult[];
}

/** A recording with both schemas compiled once, replayed on many files (a bot, a fleet, a playground). */
export class Replayer {
  constructor(options: Omit<ReplayInput, "files" | "prefix" | "layered" | "layerPolicy">);
  /** Replays the recording on these files; the same result as `replay`. */
  replay(input: { files: FileInput[]; prefix?: string | null }): ReplayResult;
  free(): void;
}

/** Records the verified migration of `migrate(input)` as `result.migration`. */
export function record(input: RecordInput): RecordResult;
/** Replays a recorded migration on other values files: a proposal per file, judged by the pipeline. */
export function replay(input: ReplayInput): ReplayResult;
/** Folds the recorded migrations from `from` to `to`, each step verified. */
export function chain(input: ChainInput): ChainResult;
/** The schema for override files: `required` dropped, nested under `prefix` (`schema` is `null` when `errors` is not empty). */
export function overrideSchema(input: { schema: string; prefix?: string | null }): { schema: unknown; errors: string[] };
"#;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ReplayInput {
    migration: serde_json::Value,
    files: Vec<FileInput>,
    base_schema: String,
    target_schema: String,
    #[serde(default)]
    prefix: Option<String>,
    #[serde(default)]
    defaults: Option<String>,
    #[serde(default)]
    typing: Typing,
    #[serde(default)]
    allow_schema_drift: bool,
    #[serde(default)]
    layered: bool,
    #[serde(default)]
    layer_policy: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct VersionInput {
    version: String,
    schema: String,
    #[serde(default)]
    defaults: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ChainInput {
    versions: Vec<VersionInput>,
    migrations: Vec<serde_json::Value>,
    files: Vec<FileInput>,
    from: String,
    to: String,
    #[serde(default)]
    prefix: Option<String>,
    #[serde(default)]
    typing: Typing,
    #[serde(default)]
    allow_schema_drift: bool,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct OverrideSchemaInput {
    schema: String,
    #[serde(default)]
    prefix: Option<String>,
}

/// A recording given as an object or as JSON text; a bad one is a message, not a throw.
fn migration_of(
    name: &str,
    value: serde_json::Value,
) -> Result<crate::migration::Migration, String> {
    let text = match value {
        serde_json::Value::String(text) => text,
        other => other.to_string(),
    };
    crate::migration::record::parse(name, &text)
}

/// Records the verified migration of `migrate(input)` as `result.migration`.
#[wasm_bindgen(skip_typescript)]
pub fn record(input: JsValue) -> Result<JsValue, JsValue> {
    let mut json: serde_json::Value = from_js("record input", input)?;
    let chart = json
        .as_object_mut()
        .and_then(|o| o.remove("chart"))
        .filter(|c| !c.is_null())
        .map(serde_json::from_value::<crate::migration::ChartBump>)
        .transpose()
        .map_err(|e| type_error(format!("record input: chart: {e}")))?
        .unwrap_or_default();
    let input: MigrateInput =
        serde_json::from_value(json).map_err(|e| type_error(format!("record input: {e}")))?;
    if input.proposal.is_none() {
        return Err(type_error(
            "record input: missing field `proposal`".to_string(),
        ));
    }
    let request = input.into_request(true)?;
    let report = crate::migrate::migrate(&request);
    let migration = crate::migration::record(&request, &report, &chart);
    let mut out = serde_json::to_value(&report).map_err(|e| JsError::new(&e.to_string()))?;
    out["migration"] = serde_json::to_value(migration).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&out)
}

/// Replays a recorded migration on other values files (as layers with `layered`).
#[wasm_bindgen(skip_typescript)]
pub fn replay(input: JsValue) -> Result<JsValue, JsValue> {
    let input: ReplayInput = from_js("replay input", input)?;
    let policy = match input.layer_policy.as_deref() {
        None | Some("refuse") => crate::migration::layers::LayerPolicy::Refuse,
        Some("last") => crate::migration::layers::LayerPolicy::Last,
        Some(other) => {
            return Err(type_error(format!(
                "replay input: layerPolicy: `{other}` is not `refuse` or `last`"
            )));
        }
    };
    let migration = match migration_of("migration", input.migration) {
        Ok(migration) => migration,
        Err(message) => {
            let report = crate::migration::replay::invalid("migration", &message);
            return to_js(&crate::migration::ReplayReport::of(report));
        }
    };
    let request = crate::migration::ReplayRequest {
        migration,
        files: source_files(input.files),
        base_schema: named("baseSchema", input.base_schema),
        target_schema: named("targetSchema", input.target_schema),
        prefix: input.prefix,
        defaults: input.defaults.map(|d| named("defaults", d)),
        typing: input.typing,
        allow_schema_drift: input.allow_schema_drift,
    };
    if input.layered {
        return to_js(&crate::migration::layers::replay_layered(&request, policy));
    }
    to_js(&crate::migration::replay(&request))
}

/// Folds the recorded migrations from `from` to `to`, each step verified.
#[wasm_bindgen(skip_typescript)]
pub fn chain(input: JsValue) -> Result<JsValue, JsValue> {
    use crate::migration::chain::{ChainRequest, Version};
    let input: ChainInput = from_js("chain input", input)?;
    let mut migrations = Vec::new();
    for (n, value) in input.migrations.into_iter().enumerate() {
        let name = format!("migrations[{n}]");
        match migration_of(&name, value) {
            Ok(migration) => migrations.push((name, migration)),
            Err(message) => {
                return to_js(&crate::migration::replay::invalid(&name, &message));
            }
        }
    }
    let request = ChainRequest {
        versions: input
            .versions
            .into_iter()
            .map(|v| Version {
                schema: named(&format!("{}/values.schema.json", v.version), v.schema),
                defaults: v
                    .defaults
                    .map(|d| named(&format!("{}/values.yaml", v.version), d)),
                version: v.version,
            })
            .collect(),
        migrations,
        files: source_files(input.files),
        from: input.from,
        to: input.to,
        prefix: input.prefix,
        typing: input.typing,
        allow_schema_drift: input.allow_schema_drift,
    };
    to_js(&crate::migration::chain::chain(&request))
}

/// The schema for override files: `required` dropped, nested under `prefix`; a bad schema is a result.
#[wasm_bindgen(js_name = overrideSchema, skip_typescript)]
pub fn override_schema(input: JsValue) -> Result<JsValue, JsValue> {
    let input: OverrideSchemaInput = from_js("overrideSchema input", input)?;
    let result = serde_json::from_str::<serde_json::Value>(&input.schema)
        .map_err(|e| format!("schema:{}:{}: {e}", e.line(), e.column()))
        .and_then(|schema| {
            let prefix = crate::ValuePath::parse(input.prefix.as_deref().unwrap_or(""))
                .map_err(|e| format!("prefix: {e}"))?;
            crate::migration::overrides::for_overrides(&schema, &prefix)
        });
    let (schema, errors) = match result {
        Ok(schema) => (schema, Vec::new()),
        Err(message) => (serde_json::Value::Null, vec![message]),
    };
    to_js(&serde_json::json!({ "schema": schema, "errors": errors }))
}

/// The options of a JS `Replayer`: `replay`'s input without the files.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ReplayerOptions {
    migration: serde_json::Value,
    base_schema: String,
    target_schema: String,
    #[serde(default)]
    defaults: Option<String>,
    #[serde(default)]
    typing: Typing,
    #[serde(default)]
    allow_schema_drift: bool,
}

/// One call on a JS `Replayer`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ReplayerInput {
    files: Vec<FileInput>,
    #[serde(default)]
    prefix: Option<String>,
}

/// A recording with both schemas compiled once, replayed on many files (JS `Replayer`).
#[wasm_bindgen(js_name = Replayer, skip_typescript)]
pub struct JsReplayer {
    replayer: Result<crate::migration::replay::Replayer, String>,
}

#[wasm_bindgen(js_class = Replayer)]
impl JsReplayer {
    /// Reads the recording and compiles both schemas; a bad recording is answered by every call.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> Result<JsReplayer, JsValue> {
        let options: ReplayerOptions = from_js("replayer options", options)?;
        let replayer = migration_of("migration", options.migration).map(|migration| {
            crate::migration::replay::Replayer::new(&crate::migration::ReplayRequest {
                migration,
                files: Vec::new(),
                base_schema: named("baseSchema", options.base_schema),
                target_schema: named("targetSchema", options.target_schema),
                prefix: None,
                defaults: options.defaults.map(|d| named("defaults", d)),
                typing: options.typing,
                allow_schema_drift: options.allow_schema_drift,
            })
        });
        Ok(JsReplayer { replayer })
    }

    /// Replays the recording on `input.files`.
    pub fn replay(&self, input: JsValue) -> Result<JsValue, JsValue> {
        let input: ReplayerInput = from_js("replay input", input)?;
        let files = source_files(input.files);
        match &self.replayer {
            Ok(replayer) => to_js(&replayer.replay(&files, input.prefix.as_deref())),
            Err(message) => to_js(&crate::migration::ReplayReport::of(
                crate::migration::replay::invalid("migration", message),
            )),
        }
    }
}
