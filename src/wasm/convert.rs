//! Values across the boundary: inputs read through JSON text (unknown fields refused, each error
//! naming its field), results handed over with their long strings as strings of their own.

use crate::text::print::{Held, Step};
use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

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
pub(super) fn from_js_or_default<T: DeserializeOwned + Default>(
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
        crate::text::print::pretty_holding(value, HANDED_AS_STRINGS, &[]),
        &[],
    )
}

/// As [`to_js`] for a report, its files' texts held without a copy, and a held string equal to
/// a text JavaScript gave being that very string (a file's `before` is the `text` the caller
/// passed in: nothing copied back).
pub(super) fn to_js_given(
    report: &crate::migrate::MigrateReport,
    given: &[(&str, JsValue)],
) -> Result<JsValue, JsValue> {
    let known: Vec<&str> = (report.files.iter())
        .flat_map(|file| [file.before.as_str(), file.after.as_str()])
        .collect();
    hand_over(
        crate::text::print::pretty_holding(report, HANDED_AS_STRINGS, &known),
        given,
    )
}

/// The result's JSON text parsed, with each held string set in place.
#[inline(never)]
fn hand_over(
    printed: serde_json::Result<(String, Vec<Held<'_>>)>,
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
pub(super) fn given_texts<'f>(
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
