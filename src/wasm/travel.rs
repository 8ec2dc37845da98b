//! Migrations that travel (issue 15) in JavaScript: record, replay, chain, override schemas, and
//! the `Replayer` that keeps a recording's schemas compiled.

use super::convert::{from_js, to_js, type_error};
use crate::api::{
    ChainInput, MigrateInput, OverrideSchemaInput, RecordResult, ReplayInput, ReplayerInput,
    ReplayerOptions, named, schema_refs, source_files,
};
use wasm_bindgen::prelude::*;

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
    // From text again, as every input is read: a second deserializer of every input type
    // (from a `serde_json::Value`) would cost the browser build some 17 KB of wasm.
    let input: MigrateInput = serde_json::from_str(&json.to_string())
        .map_err(|e| type_error(format!("record input: {e}")))?;
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
                templates: v.templates,
                chart: v.chart,
                version: v.version,
            })
            .collect(),
        migrations,
        files: source_files(input.files),
        from: input.from,
        to: input.to,
        prefix: input.prefix,
        typing: input.typing,
        schema_refs: schema_refs(input.refs).map_err(type_error)?,
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
