//! The JavaScript surface: translates types, holds no logic. With feature `full` it is every
//! export (Node's build, the browser's second module pkg/web-render); without it, the browser's
//! first module (pkg/web): a values file's migration, and the other exports refusing by name
//! (`absent.rs`; docs/size.md, "Modules by need").

#[cfg(feature = "full")]
use crate::api::{ChartRead, DecodeOptions, PatchInput};
use crate::api::{MigrateInput, ReadAnswers, ValidateInput};
#[cfg(feature = "full")]
use crate::yaml::DecodeOptions as YamlOptions;
use crate::yaml::Typing;
use wasm_bindgen::prelude::*;

#[cfg(not(feature = "full"))]
mod absent;
mod behaviour;
mod convert;
#[cfg(feature = "render")]
mod render;
mod session;
#[cfg(feature = "full")]
mod travel;

#[cfg(not(feature = "full"))]
pub use absent::*;
#[cfg(feature = "render")]
pub use behaviour::behaviour;
pub(crate) use convert::{from_js, to_js, type_error};
use convert::{from_js_files, from_js_or_default, given_texts, to_js_given};
#[cfg(feature = "render")]
pub use render::render;
pub use session::JsSession;
#[cfg(feature = "full")]
pub use travel::{JsReplayer, chain, override_schema, record, replay};

// Every request and result type is generated from the Rust types (types/values_migrate.d.ts,
// src/types.rs), which scripts/build appends to the package's declarations as generated; what is
// written here by hand is what ts-rs cannot generate: the functions' and classes' signatures.
#[wasm_bindgen(typescript_custom_section)]
const SIGNATURES: &'static str = r#"
/** Reads answers typed one `PATH=VALUE` a line, each VALUE read as YAML with `typing`. */
export function readAnswers(text: string, typing?: Typing): ReadAnswers;
/** Judges a proposal, derives the plan, splices it into the original text and verifies it. */
export function migrate(input: MigrateInput): MigrateResult;
/** Diagnoses the old values against both schemas, without a proposal. */
export function diagnose(input: MigrateInput): MigrateResult;
/** Diagnoses the inputs and writes the values at the prefix as the proposal to start from: each
 * displaced key marked by comments saying why the target rejects it and what it declares next to it. */
export function startProposal(input: MigrateInput): Draft;
/** Validates values (coalesced with the chart's defaults) against a schema, as Helm does. */
export function validate(input: ValidateInput): ValidateResult;

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

// What a first paint does not use: in Node's build and the browser's second module (pkg/web-render);
// the first module (pkg/web) declares none of it, and its functions of these names throw, naming
// the module that holds them.
#[cfg(feature = "full")]
#[wasm_bindgen(typescript_custom_section)]
const FULL_SIGNATURES: &'static str = r#"
/** Decodes a YAML stream to one JSON value per document; bad YAML is a result, not a throw. */
export function decode(text: string, options?: DecodeOptions): DecodeResult;
/** Replaces one scalar of one object in a manifest file in place, or says why it needs a person. */
export function patch(input: PatchInput): PatchResult;
/** Reads a chart archive (`helm pull`'s .tgz) from its bytes; nothing is fetched or written.
 * Throws, naming the archive and the entry, for an archive Helm refuses or a hostile one. */
export function readChart(name: string, bytes: Uint8Array): ChartRead;
/** Reads a chart directory from its files (paths inside the chart, and their bytes), as `readChart`. */
export function readChartFiles(name: string, paths: string[], contents: Uint8Array[]): ChartRead;
"#;

// `render` is in the Node build and the browser's second module (feature `render`, pkg/web-render).
#[cfg(feature = "render")]
#[wasm_bindgen(typescript_custom_section)]
const RENDER_SIGNATURE: &'static str = r#"
/** Renders a chart as `helm template` does: every file, the masked spans, the refusals, the error
 * (the object `values-migrate render --format json` prints). In Node's build and the browser's
 * second module (`web-render/values_migrate_render.js`). */
export function render(input: RenderInput): RenderResult;
/** Runs `migrate` (when `proposal` is given) or `diagnose` and judges the bump's behaviour on the
 * two charts `render` gives, as `migrate` and `diagnose` do when given them (the render module
 * exports the same function for browsers). */
export function behaviour(input: MigrateInput & { render: BehaviourCharts }): MigrateResult;
"#;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

#[cfg(feature = "full")]
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
    let (rest, bump) = behaviour::take("migrate input", &input)?;
    let read: MigrateInput = from_js_files("migrate input", rest, file_texts)?;
    if read.proposal.is_none() {
        return Err(type_error(
            "migrate input: missing field `proposal`".to_string(),
        ));
    }
    let request = read.into_request(true).map_err(type_error)?;
    let report = match bump {
        Some(bump) => bump.run(&request, true),
        None => crate::migrate::migrate(&request),
    };
    to_js_given(report, &given_texts(&input, &request.files))
}

/// The texts of a migrate input's files, in order.
fn file_texts(input: &mut MigrateInput) -> Vec<&mut String> {
    input.files.iter_mut().map(|file| &mut file.text).collect()
}

/// Diagnoses the old values against both schemas, without a proposal.
#[wasm_bindgen(skip_typescript)]
pub fn diagnose(input: JsValue) -> Result<JsValue, JsValue> {
    let (rest, bump) = behaviour::take("diagnose input", &input)?;
    let read: MigrateInput = from_js_files("diagnose input", rest, file_texts)?;
    let request = read.into_request(false).map_err(type_error)?;
    let report = match bump {
        Some(bump) => bump.run(&request, false),
        None => crate::migrate::diagnose(&request),
    };
    to_js_given(report, &given_texts(&input, &request.files))
}

/// Diagnoses the inputs and writes the values at the prefix as the proposal to start from.
#[wasm_bindgen(js_name = startProposal, skip_typescript)]
pub fn start_proposal(input: JsValue) -> Result<JsValue, JsValue> {
    behaviour::refuse("startProposal input", &input)?;
    let input: MigrateInput = from_js("startProposal input", input)?;
    to_js(&crate::migrate::draft(
        &input.into_request(false).map_err(type_error)?,
    ))
}

/// Validates values against a schema, as Helm does.
#[wasm_bindgen(skip_typescript)]
pub fn validate(input: JsValue) -> Result<JsValue, JsValue> {
    let input: ValidateInput = from_js("validate input", input)?;
    let request = input.into_request().map_err(type_error)?;
    to_js(&crate::migrate::validate(&request))
}

#[cfg(feature = "full")]
/// Reads a chart archive (`helm pull`'s `.tgz`, as bytes) into the schema and defaults a session
/// takes; an archive Helm would refuse, or a hostile one, throws an error naming archive and entry.
#[wasm_bindgen(js_name = readChart, skip_typescript)]
pub fn read_chart(name: &str, bytes: &[u8]) -> Result<JsValue, JsValue> {
    chart_read(crate::chart::from_archive(name, bytes))
}

#[cfg(feature = "full")]
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

#[cfg(feature = "full")]
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
        charts: composed.tree.charts.clone(),
        chart: composed.tree,
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

#[cfg(feature = "full")]
/// Replaces one scalar of one object in a manifest file in place.
#[wasm_bindgen(skip_typescript)]
pub fn patch(input: JsValue) -> Result<JsValue, JsValue> {
    let input: PatchInput = from_js("patch input", input)?;
    to_js(&crate::manifest::patch::patch(&input.into_request()))
}
