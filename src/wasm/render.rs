//! JS `render`: a chart, given as an archive's bytes or a directory's files, rendered as
//! `helm template` renders it; the result is the CLI's `render --format json` object.

use super::convert::{from_js, to_js, type_error};
use crate::api::{RenderInput, RenderResult};
use crate::chart::InMemory;
use js_sys::{Object, Reflect, Uint8Array};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Renders a chart with the user's values; an unreadable chart or Helm's refusal is the result's
/// `error`, a malformed input a thrown `TypeError` naming the field.
#[wasm_bindgen(skip_typescript)]
pub fn render(input: JsValue) -> Result<JsValue, JsValue> {
    if !input.is_object() {
        return Err(type_error("render input: expected an object".to_string()));
    }
    let chart = field(&input, "chart");
    if chart.is_undefined() {
        return Err(type_error(
            "render input: missing field `chart`".to_string(),
        ));
    }
    // The chart's bytes are read here; the rest crosses as JSON text, `chart` standing in as `true`.
    let rest = Object::assign(&Object::new(), input.unchecked_ref::<Object>());
    Reflect::set(&rest, &"chart".into(), &JsValue::TRUE)?;
    let request: RenderInput = from_js("render input", rest.into())?;
    let chart = in_memory("render input: chart", &chart, "")?;
    let result = crate::render::render(&chart, chart.path(), &request.into_request());
    to_js(&RenderResult::of(result))
}

/// `value[key]` (`undefined` when absent).
fn field(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

/// The chart given (`what` names it in errors): `Uint8Array` (an archive), `{ name?, archive }`
/// or `{ name?, files }`; held at its name with `prefix` before it.
pub(super) fn in_memory(what: &str, chart: &JsValue, prefix: &str) -> Result<InMemory, JsValue> {
    let wrong = || {
        type_error(format!(
            "{what}: expected a chart archive's bytes (Uint8Array), \
             {{ archive: Uint8Array }} or {{ files: {{ path: text or bytes }} }}"
        ))
    };
    if let Some(bytes) = chart.dyn_ref::<Uint8Array>() {
        return Ok(InMemory::archive(
            &format!("{prefix}chart.tgz"),
            bytes.to_vec(),
        ));
    }
    if !chart.is_object() {
        return Err(wrong());
    }
    for key in Object::keys(chart.unchecked_ref::<Object>()).iter() {
        let key = key.as_string().unwrap_or_default();
        if !matches!(key.as_str(), "name" | "archive" | "files") {
            return Err(type_error(format!(
                "{what}: unknown field `{key}`, expected one of `name`, `archive`, `files`"
            )));
        }
    }
    let name = field(chart, "name");
    let name = match name.as_string() {
        Some(name) => Some(name),
        None if name.is_undefined() || name.is_null() => None,
        None => {
            return Err(type_error(format!("{what}.name: expected a string")));
        }
    };
    let (archive, files) = (field(chart, "archive"), field(chart, "files"));
    match (archive.dyn_ref::<Uint8Array>(), files.is_object()) {
        (Some(bytes), false) if files.is_undefined() => Ok(InMemory::archive(
            &format!("{prefix}{}", name.as_deref().unwrap_or("chart.tgz")),
            bytes.to_vec(),
        )),
        (None, true) if archive.is_undefined() => {
            let mut entries = Vec::new();
            for entry in Object::entries(files.unchecked_ref::<Object>()).iter() {
                let pair: js_sys::Array = entry.unchecked_into();
                let path = pair.get(0).as_string().unwrap_or_default();
                let value = pair.get(1);
                let bytes = match (value.as_string(), value.dyn_ref::<Uint8Array>()) {
                    (Some(text), _) => text.into_bytes(),
                    (None, Some(bytes)) => bytes.to_vec(),
                    (None, None) => {
                        return Err(type_error(format!(
                            "{what}.files[\"{path}\"]: expected a string or a Uint8Array"
                        )));
                    }
                };
                entries.push((path, bytes));
            }
            let name = name.as_deref().unwrap_or("chart");
            Ok(InMemory::dir(&format!("{prefix}{name}"), entries))
        }
        _ => Err(wrong()),
    }
}
