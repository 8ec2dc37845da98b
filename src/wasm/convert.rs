//! Values across the boundary: inputs read through JSON text (unknown fields refused, each error
//! naming its field), results handed over with their long strings as strings of their own.

use crate::text::print::{Held, Step};
use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::JsCast;
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

/// Reads an input that holds `files[].text`: each long text taken as a string of its own (the
/// rest through JSON text, as [`from_js`]), which saves escaping it into JSON, copying the
/// escaped text and reading it back; `texts` gives the input's texts in the files' order.
pub(crate) fn from_js_files<T: DeserializeOwned>(
    what: &str,
    value: JsValue,
    texts: impl FnOnce(&mut T) -> Vec<&mut String>,
) -> Result<T, JsValue> {
    let Some((rest, long)) = without_long_texts(&value) else {
        return from_js(what, value);
    };
    let mut input: T = from_js(what, rest)?;
    let mut slots = texts(&mut input);
    for (index, text) in long {
        if let (Some(slot), Some(text)) = (slots.get_mut(index), text.as_string()) {
            **slot = text;
        }
    }
    Ok(input)
}

/// `value` with its files' long texts written `""` (a shallow copy: the caller's objects are
/// not touched) and those texts by file index; `None` when there are none, or when a `toJSON`
/// or a text that is not well-formed UTF-16 leaves it to JSON text to read (and refuse) as given.
fn without_long_texts(value: &JsValue) -> Option<(JsValue, Vec<(usize, js_sys::JsString)>)> {
    let arrays = |f: &JsValue| js_sys::Array::is_array(f) && plain(f);
    let files = get(value, "files").filter(|f| plain(value) && arrays(f) && strings_plain())?;
    let files = js_sys::Array::from(&files);
    let mut long = Vec::new();
    let copies = js_sys::Array::new();
    for (index, file) in files.iter().enumerate() {
        let text = get(&file, "text").filter(|_| plain(&file));
        let text = text.and_then(|t| t.dyn_into::<js_sys::JsString>().ok());
        match text.filter(|t| t.length() as usize >= HANDED_AS_STRINGS && well_formed(t)) {
            Some(text) => {
                let copy = js_sys::Object::assign(&js_sys::Object::new(), file.unchecked_ref());
                js_sys::Reflect::set(&copy, &JsValue::from_str("text"), &JsValue::from_str(""))
                    .ok()?;
                copies.push(&copy);
                long.push((index, text));
            }
            None => {
                copies.push(&file);
            }
        }
    }
    if long.is_empty() {
        return None;
    }
    let rest = js_sys::Object::assign(&js_sys::Object::new(), value.unchecked_ref());
    js_sys::Reflect::set(&rest, &JsValue::from_str("files"), &copies).ok()?;
    Some((rest.into(), long))
}

/// Whether `text` is well-formed UTF-16 (`String.prototype.isWellFormed`; `false` where there is
/// none): a lone surrogate goes through JSON text, which refuses it. The method is read from the
/// prototype: `Reflect.get` throws on a primitive string.
fn well_formed(text: &js_sys::JsString) -> bool {
    let prototype = get(&js_sys::global(), "String").and_then(|s| get(&s, "prototype"));
    let check = prototype.and_then(|p| get(&p, "isWellFormed"));
    let check = check.and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    check
        .and_then(|f| f.call0(text).ok())
        .is_some_and(|ok| ok.is_truthy())
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
        crate::text::print::pretty_holding(value, HANDED_AS_STRINGS),
        Vec::new(),
        &[],
    )
}

/// As [`to_js`] for a report, its files' long texts moved out before it is printed (never
/// scanned for escapes, never copied), and a held string equal to a text JavaScript gave being
/// that very string (a file's `before` is the `text` the caller passed in).
pub(super) fn to_js_given(
    mut report: crate::migrate::MigrateReport,
    given: &[(&str, JsValue)],
) -> Result<JsValue, JsValue> {
    let texts = file_texts(&mut report);
    hand_over(
        crate::text::print::pretty_holding(&report, HANDED_AS_STRINGS),
        texts,
        given,
    )
}

/// A report's file texts of at least [`HANDED_AS_STRINGS`] bytes, taken out of it (left empty)
/// with their paths in its JSON (`files[i].before`, `files[i].after`).
fn file_texts(report: &mut crate::migrate::MigrateReport) -> Vec<Held> {
    let mut held = Vec::new();
    for (index, file) in report.files.iter_mut().enumerate() {
        for (key, text) in [("before", &mut file.before), ("after", &mut file.after)] {
            if text.len() >= HANDED_AS_STRINGS {
                let path = vec![
                    Step::Key("files".into()),
                    Step::Index(index),
                    Step::Key(key.into()),
                ];
                held.push(Held {
                    path,
                    text: std::mem::take(text),
                });
            }
        }
    }
    held
}

/// The result's JSON text parsed, with each held string set in place.
#[inline(never)]
fn hand_over(
    printed: serde_json::Result<(String, Vec<Held>)>,
    taken: Vec<Held>,
    given: &[(&str, JsValue)],
) -> Result<JsValue, JsValue> {
    let (text, held) = printed.map_err(|e| JsError::new(&e.to_string()))?;
    let held = taken.into_iter().chain(held);
    let cannot = || JsValue::from(JsError::new("cannot read back a result"));
    let result = js_sys::JSON::parse(&text).map_err(|_| cannot())?;
    for Held { path, text } in held {
        let string = js_string(&text, given);
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

/// `text` as a JavaScript string: a given string it equals, or one it was edited from (the
/// lines that did not change sliced from it, only the edit decoded), else decoded whole.
fn js_string(text: &str, given: &[(&str, JsValue)]) -> JsValue {
    if let Some((_, js)) = given.iter().find(|(rust, _)| *rust == text) {
        return js.clone();
    }
    let edited = given
        .iter()
        .find_map(|(old, js)| edited_from(text, old, js));
    edited.unwrap_or_else(|| JsValue::from_str(text))
}

/// `text` as the JavaScript string `js` (whose Rust text is `old`) with the bytes between their
/// common head and tail replaced (V8 keeps the slices and the joins without copying; decoding
/// a long text from the wasm's UTF-8 costs more than the edit); `None` when little is common.
fn edited_from(text: &str, old: &str, js: &JsValue) -> Option<JsValue> {
    let js = js.dyn_ref::<js_sys::JsString>()?;
    let (a, b) = (text.as_bytes(), old.as_bytes());
    // Both texts agree on the bytes before `head`, so a char boundary there is one in both.
    let mut head = crate::diff::same_head(a, b);
    while !text.is_char_boundary(head) {
        head -= 1;
    }
    let most = a.len().min(b.len()) - head;
    let mut tail = crate::diff::same_tail(&a[a.len() - most..], &b[b.len() - most..]);
    while !text.is_char_boundary(text.len() - tail) {
        tail -= 1;
    }
    if (head + tail) * 2 < text.len() {
        return None;
    }
    let units = |s: &str| u32::try_from(crate::text::utf16_len(s)).ok();
    let (head16, tail16) = (units(&old[..head])?, units(&old[old.len() - tail..])?);
    let end16 = js.length().checked_sub(tail16)?;
    let middle = JsValue::from_str(&text[head..text.len() - tail]);
    let joined = js.slice(0, head16).concat(&middle);
    Some(joined.concat(&js.slice(end16, js.length())).into())
}

/// Each source file's text paired with the JavaScript string it was read from: `input.files[i].text`,
/// which deserializing `input` proved to be the same text — unless a `toJSON` on the way made
/// JSON.stringify read something else, in which case nothing is paired.
pub(super) fn given_texts<'f>(
    input: &JsValue,
    files: &'f [crate::migrate::SourceFile],
) -> Vec<(&'f str, JsValue)> {
    let given = get(input, "files").unwrap_or_default();
    if !plain(input) || !plain(&given) || !strings_plain() {
        return Vec::new();
    }
    js_sys::Array::from(&given)
        .iter()
        .zip(files)
        .filter_map(|(js, file)| {
            let text = get(&js, "text").filter(|t| t.is_string() && plain(&js))?;
            Some((file.text.as_str(), text))
        })
        .collect()
}

/// The property `key` of `on` (`None` when reading it throws: `on` is not an object).
fn get(on: &JsValue, key: &str) -> Option<JsValue> {
    js_sys::Reflect::get(on, &JsValue::from_str(key)).ok()
}

/// Whether `JSON.stringify` writes the object `value` as its own properties: no `toJSON`.
fn plain(value: &JsValue) -> bool {
    value.is_object() && get(value, "toJSON").is_some_and(|f| f.is_undefined())
}

/// Whether `JSON.stringify` writes a string as it is: no `toJSON` on the strings' prototypes
/// (asked of `String.prototype`, as a string's own properties cannot hold one).
fn strings_plain() -> bool {
    let prototype = get(&js_sys::global(), "String").and_then(|s| get(&s, "prototype"));
    prototype.is_some_and(|p| plain(&p))
}

/// A step of a held string's path as a JavaScript property key.
fn step_key(step: &Step) -> JsValue {
    match step {
        Step::Key(key) => JsValue::from_str(key),
        Step::Index(index) => JsValue::from_f64(*index as f64),
        Step::Other => JsValue::UNDEFINED,
    }
}
