//! The JavaScript surface: translates types, holds no logic.

use crate::api::{
    ChainInput, ChartRead, DecodeOptions, MigrateInput, OverrideSchemaInput, PatchInput,
    ReadAnswers, RecordResult, ReplayInput, ReplayerInput, ReplayerOptions, SessionInput,
    SessionOptions, ValidateInput, json_answers, named, schema_refs, source_files,
};
use crate::migrate::{Inputs, Session, ValidateReport};
use crate::text::print::{Held, Step};
use crate::yaml::{DecodeOptions as YamlOptions, Typing};
use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

// Every request and result type is generated from the Rust types (types/values_migrate.d.ts,
// src/types.rs), which scripts/build appends to the package's declarations as generated; what is
// written here by hand is what ts-rs cannot generate: the functions' and classes' signatures.
#[wasm_bindgen(typescript_custom_section)]
const SIGNATURES: &'static str = r#"
/** Reads answers typed one `PATH=VALUE` a line, each VALUE read as YAML with `typing`. */
export function readAnswers(text: string, typing?: Typing): ReadAnswers;
/** Decodes a YAML stream to one JSON value per document; bad YAML is a result, not a throw. */
export function decode(text: string, options?: DecodeOptions): DecodeResult;
/** Judges a proposal, derives the plan, splices it into the original text and verifies it. */
export function migrate(input: MigrateInput): MigrateResult;
/** Diagnoses the old values against both schemas, without a proposal. */
export function diagnose(input: MigrateInput): MigrateResult;
/** Diagnoses the inputs and writes the values at the prefix as the proposal to start from: each
 * displaced key marked by comments saying why the target rejects it and what it declares next to it. */
export function startProposal(input: MigrateInput): Draft;
/** Validates values (coalesced with the chart's defaults) against a schema, as Helm does. */
export function validate(input: ValidateInput): ValidateResult;
/** Replaces one scalar of one object in a manifest file in place, or says why it needs a person. */
export function patch(input: PatchInput): PatchResult;
/** Reads a chart archive (`helm pull`'s .tgz) from its bytes; nothing is fetched or written.
 * Throws, naming the archive and the entry, for an archive Helm refuses or a hostile one. */
export function readChart(name: string, bytes: Uint8Array): ChartRead;
/** Reads a chart directory from its files (paths inside the chart, and their bytes), as `readChart`. */
export function readChartFiles(name: string, paths: string[], contents: Uint8Array[]): ChartRead;

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
  /** Diagnoses the values files and writes the proposal to start from, as `startProposal`. */
  startProposal(input: SessionInput): Draft;
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
    let given = input.clone();
    let input: MigrateInput = from_js("migrate input", input)?;
    if input.proposal.is_none() {
        return Err(type_error(
            "migrate input: missing field `proposal`".to_string(),
        ));
    }
    let request = input.into_request(true).map_err(type_error)?;
    let report = crate::migrate::migrate(&request);
    to_js_given(&report, &given_texts(&given, &request.files))
}

/// Diagnoses the old values against both schemas, without a proposal.
#[wasm_bindgen(skip_typescript)]
pub fn diagnose(input: JsValue) -> Result<JsValue, JsValue> {
    let given = input.clone();
    let input: MigrateInput = from_js("diagnose input", input)?;
    let request = input.into_request(false).map_err(type_error)?;
    let report = crate::migrate::diagnose(&request);
    to_js_given(&report, &given_texts(&given, &request.files))
}

/// Diagnoses the inputs and writes the values at the prefix as the proposal to start from.
#[wasm_bindgen(js_name = startProposal, skip_typescript)]
pub fn start_proposal(input: JsValue) -> Result<JsValue, JsValue> {
    let input: MigrateInput = from_js("startProposal input", input)?;
    to_js(&crate::migrate::draft(
        &input.into_request(false).map_err(type_error)?,
    ))
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
    let refs = schema_refs(input.refs).map_err(type_error)?;
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
        templates: composed.templates,
    })
}

/// Reads answers typed one `PATH=VALUE` a line, each value as YAML (the playground's answers box).
#[wasm_bindgen(js_name = readAnswers, skip_typescript)]
pub fn read_answers(text: &str, typing: JsValue) -> Result<JsValue, JsValue> {
    let typing: Typing = from_js_or_default("readAnswers typing", typing)?;
    let read = crate::migrate::answers::read(text, typing);
    to_js(&ReadAnswers {
        answers: read.answers.into_iter().collect(),
        problems: read.problems,
    })
}

/// Replaces one scalar of one object in a manifest file in place.
#[wasm_bindgen(skip_typescript)]
pub fn patch(input: JsValue) -> Result<JsValue, JsValue> {
    let input: PatchInput = from_js("patch input", input)?;
    to_js(&crate::manifest::patch::patch(&input.into_request()))
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

/// Strings at least this long (a file's text before and after) cross between JavaScript and the
/// wasm as strings of their own, not inside a JSON text.
const HANDED_AS_STRINGS: usize = 4096;

/// Hands a result to JavaScript as plain objects: through the JSON text the CLI prints, with the
/// long strings held out of it and set in place as strings.
pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    hand_over(
        crate::text::print::pretty_holding(value, HANDED_AS_STRINGS),
        &[],
    )
}

/// As [`to_js`], a held string equal to a text JavaScript gave being that very string (a
/// file's `before` is the `text` the caller passed in: nothing copied back).
fn to_js_given<T: Serialize>(value: &T, given: &[(&str, JsValue)]) -> Result<JsValue, JsValue> {
    hand_over(
        crate::text::print::pretty_holding(value, HANDED_AS_STRINGS),
        given,
    )
}

/// The result's JSON text parsed, with each held string set in place.
#[inline(never)]
fn hand_over(
    printed: serde_json::Result<(String, Vec<Held>)>,
    given: &[(&str, JsValue)],
) -> Result<JsValue, JsValue> {
    let (text, held) = printed.map_err(|e| JsError::new(&e.to_string()))?;
    let cannot = || JsValue::from(JsError::new("cannot read back a result"));
    let result = js_sys::JSON::parse(&text).map_err(|_| cannot())?;
    for Held { path, text } in held {
        let string = match given.iter().find(|(rust, _)| *rust == text) {
            Some((_, js)) => js.clone(),
            None => JsValue::from_str(&text),
        };
        let Some((last, parents)) = path.split_last() else {
            return Ok(string);
        };
        let mut at = result.clone();
        for step in parents {
            at = js_sys::Reflect::get(&at, &step_key(step)).map_err(|_| cannot())?;
        }
        js_sys::Reflect::set(&at, &step_key(last), &string).map_err(|_| cannot())?;
    }
    Ok(result)
}

/// Each source file's text paired with the JavaScript string it was read from: `input.files[i].text`,
/// which deserializing `input` proved to be the same text — unless a `toJSON` on the way made
/// JSON.stringify read something else, in which case nothing is paired.
fn given_texts<'f>(
    input: &JsValue,
    files: &'f [crate::migrate::SourceFile],
) -> Vec<(&'f str, JsValue)> {
    let get = |on: &JsValue, key: &str| js_sys::Reflect::get(on, &JsValue::from_str(key)).ok();
    let plain = |v: &JsValue| get(v, "toJSON").is_some_and(|f| f.is_undefined());
    let given = get(input, "files").unwrap_or_default();
    if !plain(input) || !plain(&given) {
        return Vec::new();
    }
    js_sys::Array::from(&given)
        .iter()
        .zip(files)
        .filter_map(|(js, file)| {
            let text = get(&js, "text").filter(|t| t.is_string() && plain(&js) && plain(t))?;
            Some((file.text.as_str(), text))
        })
        .collect()
}

/// A step of a held string's path as a JavaScript property key.
fn step_key(step: &Step) -> JsValue {
    match step {
        Step::Key(key) => JsValue::from_str(key),
        Step::Index(index) => JsValue::from_f64(*index as f64),
        Step::Other => JsValue::UNDEFINED,
    }
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
        let mut options: SessionOptions = from_js("session options", options)?;
        let spec = options.take_spec().map_err(type_error)?;
        Ok(JsSession {
            session: Session::of_spec(&spec),
        })
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

    /// Diagnoses the inputs and writes the values at the prefix as the proposal to start from.
    #[wasm_bindgen(js_name = startProposal)]
    pub fn start_proposal(&self, input: JsValue) -> Result<JsValue, JsValue> {
        let input: SessionInput = from_js("startProposal input", input)?;
        let draft = match &self.session {
            Ok(session) => {
                let files = source_files(input.files);
                let answers = json_answers(input.answers);
                session.draft(&Inputs {
                    files: &files,
                    prefix: input.prefix.as_deref(),
                    proposal: None,
                    answers: &answers,
                })
            }
            Err(errors) => crate::migrate::Draft {
                diagnosis: crate::migrate::session::invalid(errors.clone()),
                text: None,
            },
        };
        to_js(&draft)
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
        let given = input.clone();
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
        to_js_given(&report, &given_texts(&given, &files))
    }
}

// --- Migrations that travel (issue 15): kept in one block so that merges with other edits stay simple. ---

#[wasm_bindgen(typescript_custom_section)]
const TRAVEL_SIGNATURES: &'static str = r#"
/** The input of `record`: `migrate`'s, plus the chart bump to name (by hand: `chart` is taken off
 * before the rest is read as a `MigrateInput`, which refuses unknown fields). */
export interface RecordInput extends MigrateInput { chart?: ChartBump | null; }

/** A recording with both schemas compiled once, replayed on many files (a bot, a fleet, a playground). */
export class Replayer {
  constructor(options: ReplayerOptions);
  /** Replays the recording on these files; the same result as `replay`. */
  replay(input: ReplayerInput): ReplayResult;
  free(): void;
}

/** Records the verified migration of `migrate(input)` as `result.migration`. */
export function record(input: RecordInput): RecordResult;
/** Replays a recorded migration on other values files: a proposal per file, judged by the pipeline;
 * with `layered`, the result also holds `layers` and `merged` (a `LayeredReplayResult`). */
export function replay(input: ReplayInput): ReplayResult & Partial<Pick<LayeredReplayResult, "layers" | "merged">>;
/** Folds the recorded migrations from `from` to `to`, each step verified. */
export function chain(input: ChainInput): ChainResult;
/** The schema for override files: `required` dropped, nested under `prefix` (`schema` is `null` when `errors` is not empty). */
export function overrideSchema(input: OverrideSchemaInput): OverrideSchemaResult;
"#;

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
    let request = input.into_request(true).map_err(type_error)?;
    let report = crate::migrate::migrate(&request);
    let migration = crate::migration::record(&request, &report, &chart);
    to_js(&RecordResult { report, migration })
}

/// Replays a recorded migration on other values files (as layers with `layered`).
#[wasm_bindgen(skip_typescript)]
pub fn replay(input: JsValue) -> Result<JsValue, JsValue> {
    let mut input: ReplayInput = from_js("replay input", input)?;
    let spec = input.take_spec().map_err(type_error)?;
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
        prefix: input.prefix,
        allow_schema_drift: input.allow_schema_drift,
        spec,
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
    to_js(&crate::api::OverrideSchemaResult { schema, errors })
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
        let mut options: ReplayerOptions = from_js("replayer options", options)?;
        let spec = options.take_spec().map_err(type_error)?;
        let replayer = migration_of("migration", options.migration).map(|migration| {
            crate::migration::replay::Replayer::new(&crate::migration::ReplayRequest {
                migration,
                files: Vec::new(),
                prefix: None,
                allow_schema_drift: options.allow_schema_drift,
                spec,
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
