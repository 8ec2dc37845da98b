//! The JavaScript surface: translates types, holds no logic.

use serde::Deserialize;
use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
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
}

/** What `decode` returns: one JSON value per document, or the errors that stopped it. */
export interface DecodeResult {
  documents: unknown[];
  errors: Diagnostic[];
}

/** Decodes a YAML stream to one JSON value per document; bad YAML is a result, not a throw. */
export function decode(text: string, options?: DecodeOptions): DecodeResult;
"#;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DecodeOptions {
    file: Option<String>,
}

/// Decodes a YAML stream to one JSON value per document.
#[wasm_bindgen(skip_typescript)]
pub fn decode(text: &str, options: JsValue) -> Result<JsValue, JsError> {
    let options: DecodeOptions = from_js("decode options", options)?;
    let file = options.file.as_deref().unwrap_or("input.yaml");
    to_js(&crate::decode::decode(file, text))
}

/// Reads an options object; `undefined`/`null` is the default, an unknown field is an error.
fn from_js<T: DeserializeOwned + Default>(what: &str, value: JsValue) -> Result<T, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(T::default());
    }
    // Through serde_json so that `deny_unknown_fields` holds: serde-wasm-bindgen reads only known fields.
    let json: serde_json::Value =
        serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&format!("{what}: {e}")))?;
    serde_json::from_value(json).map_err(|e| JsError::new(&format!("{what}: {e}")))
}

/// Serializes a result as plain JSON-compatible objects (no ES `Map`s, no `undefined`).
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}
