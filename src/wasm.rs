//! The JavaScript surface: translates types, holds no logic.

use crate::migrate::{Inputs, Named, Request, Session, SourceFile, ValidateReport};
use crate::yaml::{DecodeOptions as YamlOptions, Typing};
use serde::Deserialize;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;
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
}

export type RefusalKind = "survival" | "schema" | "provenance" | "non-scalar-move" | "flow-collection"
  | "anchor-or-alias" | "merge-key" | "tag" | "duplicate-key" | "block-scalar" | "prefix-ambiguous"
  | "prefix-not-found" | "ambiguous-move" | "verify-failed" | "indentation";

export interface Refusal {
  kind: RefusalKind; path: string; message: string;
  file: string | null; line: number | null; column: number | null; utf16Column: number | null;
}

export type Op =
  | { op: "remove"; path: string }
  | { op: "rename"; from: string; to: string; reason: string }
  | { op: "set"; path: string; value: unknown; source: "default" | "const" | "enum" | "answer" | "original" };

export interface FileResult { path: string; changed: boolean; before: string; after: string; diff: string; }

/** What `migrate` and `diagnose` return (CONTRACT.md). */
export interface MigrateResult {
  status: "planned" | "unchanged" | "refused" | "escalated" | "invalid" | "needs-proposal";
  prefix: string | null;
  valuesFile: string | null;
  valuesDocument: number | null;
  displaced: { path: string; value: unknown; reason: string; baseAccepts: boolean }[];
  derivable: { path: string; value: unknown; source: "default" | "const" | "enum" }[];
  escalations: { path: string; message: string }[];
  refusals: Refusal[];
  errors: Diagnostic[];
  ops: Op[];
  notCarried: { path: string; value: unknown }[];
  keptComments: { path: string; file: string; line: number; text: string }[];
  files: FileResult[];
  changelog: { path: string; kind: string; [detail: string]: unknown }[];
  comment: string;
  /** `diagnose` only: what a proposal must fix, as plain text. */
  brief: string | null;
}

/** The input of `validate`. */
export interface ValidateInput {
  files: FileInput[];
  schema: string;
  prefix?: string | null;
  defaults?: string | null;
  typing?: Typing;
}

export interface Violation {
  path: string; schemaPath: string; message: string; inDefaultsOnly: boolean;
  file: string | null; line: number | null; column: number | null; utf16Column: number | null;
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

/** What `patch` returns. */
export interface PatchResult {
  status: "patched" | "needs-intervention" | "invalid";
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

/** What a `Session` is made of: both schemas (compiled once), the chart's defaults, the typing. */
export interface SessionOptions {
  baseSchema: string;
  targetSchema: string;
  defaults?: string | null;
  typing?: Typing;
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileInput {
    path: String,
    text: String,
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
    answers: BTreeMap<String, serde_json::Value>,
    #[serde(default)]
    defaults: Option<String>,
    #[serde(default)]
    typing: Typing,
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
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PatchInput {
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

fn named(name: &str, text: String) -> Named {
    Named {
        name: name.to_string(),
        text,
    }
}

impl MigrateInput {
    fn into_request(self, with_proposal: bool) -> Request {
        Request {
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
        }
    }
}

/// Decodes a YAML stream to one JSON value per document.
#[wasm_bindgen(skip_typescript)]
pub fn decode(text: &str, options: JsValue) -> Result<JsValue, JsError> {
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
pub fn migrate(input: JsValue) -> Result<JsValue, JsError> {
    let input: MigrateInput = from_js("migrate input", input)?;
    if input.proposal.is_none() {
        return Err(JsError::new("migrate input: missing field `proposal`"));
    }
    to_js(&crate::migrate::migrate(&input.into_request(true)))
}

/// Diagnoses the old values against both schemas, without a proposal.
#[wasm_bindgen(skip_typescript)]
pub fn diagnose(input: JsValue) -> Result<JsValue, JsError> {
    let input: MigrateInput = from_js("diagnose input", input)?;
    to_js(&crate::migrate::diagnose(&input.into_request(false)))
}

/// Validates values against a schema, as Helm does.
#[wasm_bindgen(skip_typescript)]
pub fn validate(input: JsValue) -> Result<JsValue, JsError> {
    let input: ValidateInput = from_js("validate input", input)?;
    let Some(file) = input.files.into_iter().next() else {
        return Err(JsError::new("validate input: `files` needs one file"));
    };
    let values = named(&file.path, file.text);
    let defaults = input.defaults.map(|d| named("defaults", d));
    let report = crate::migrate::validate::validate(
        &values,
        input.prefix.as_deref(),
        &named("schema", input.schema),
        defaults.as_ref(),
        input.typing,
    );
    to_js(&report)
}

/// Replaces one scalar of one object in a manifest file in place.
#[wasm_bindgen(skip_typescript)]
pub fn patch(input: JsValue) -> Result<JsValue, JsError> {
    let input: PatchInput = from_js("patch input", input)?;
    let request = crate::manifest::patch::PatchRequest {
        file: input.file.path,
        text: input.file.text,
        api_version: input.api_version,
        kind: input.kind,
        namespace: input.namespace,
        name: input.name,
        container: input.container,
        field: input.field,
        from: input.from,
        to: input.to,
    };
    to_js(&crate::manifest::patch::patch(&request))
}

/// Reads an input object; a missing or unknown field is a programming error.
fn from_js<T: DeserializeOwned>(what: &str, value: JsValue) -> Result<T, JsError> {
    // Through serde_json so that `deny_unknown_fields` holds: serde-wasm-bindgen reads only known fields.
    let json: serde_json::Value =
        serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&format!("{what}: {e}")))?;
    serde_json::from_value(json).map_err(|e| JsError::new(&format!("{what}: {e}")))
}

/// Like [`from_js`], with `undefined`/`null` meaning the defaults.
fn from_js_or_default<T: DeserializeOwned + Default>(
    what: &str,
    value: JsValue,
) -> Result<T, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(T::default());
    }
    from_js(what, value)
}

/// Serializes a result as plain JSON-compatible objects (no ES `Map`s, no `undefined`).
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
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
    answers: BTreeMap<String, serde_json::Value>,
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
    pub fn new(options: JsValue) -> Result<JsSession, JsError> {
        let options: SessionOptions = from_js("session options", options)?;
        let defaults = options.defaults.map(|d| named("defaults", d));
        let session = Session::new(
            &named("baseSchema", options.base_schema),
            &named("targetSchema", options.target_schema),
            defaults.as_ref(),
            options.typing,
        );
        Ok(JsSession { session })
    }

    /// Why the schemas or defaults could not be read.
    #[wasm_bindgen(getter)]
    pub fn errors(&self) -> Result<JsValue, JsError> {
        let none = Vec::new();
        to_js(self.session.as_ref().err().unwrap_or(&none))
    }

    /// Diagnoses the old values against both schemas.
    pub fn diagnose(&self, input: JsValue) -> Result<JsValue, JsError> {
        self.call("diagnose input", input, false)
    }

    /// Judges a proposal, plans, splices and verifies.
    pub fn migrate(&self, input: JsValue) -> Result<JsValue, JsError> {
        self.call("migrate input", input, true)
    }

    /// Validates each values file against the target schema.
    pub fn validate(&self, input: JsValue) -> Result<JsValue, JsError> {
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

    fn call(&self, what: &str, input: JsValue, migrate: bool) -> Result<JsValue, JsError> {
        let input: SessionInput = from_js(what, input)?;
        if migrate && input.proposal.is_none() {
            return Err(JsError::new(&format!("{what}: missing field `proposal`")));
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
fn json_answers(answers: BTreeMap<String, serde_json::Value>) -> Vec<(String, String)> {
    answers
        .into_iter()
        .map(|(p, v)| (p, v.to_string()))
        .collect()
}
