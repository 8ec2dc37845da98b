//! Decoding a text to JSON values straight from saphyr's events, without a located tree, for
//! the texts that need none (no anchor, alias, tag, merge key, repeated key or complex key), and
//! comparing a text with expected values the same way ([`compare`]; anchors, aliases and merge
//! keys included).
//!
//! Both are optimizations of [`super::decode`] (and of the verification of an edited file),
//! never a second meaning: every scalar and key is typed by the same functions as
//! [`super::json`]'s, and anything this path does not handle (including every error) makes it
//! answer `None` (or `false`), so that the caller takes the located tree's path and its exact
//! messages.

mod anchors;
mod compare;
mod located;
mod merge;
mod region;

use std::borrow::Cow;

use serde_json::{Map, Number, Value};
use values_migrate_yaml_parser::{Dialect, Event, Parser, StrInput};

use super::build::first_unprintable;
use super::limits::Limits;
use super::node::ScalarStyle;
use super::typing::{self, Typed, Typing};

pub use compare::Expected;
pub(crate) use compare::matches;
pub use located::{Unchanged, matches_located};
pub(crate) use region::{EditRead, matches_edited_seen};

/// A collection being decoded.
enum Open {
    Mapping {
        map: Map<String, Value>,
        key: Option<String>,
    },
    Sequence(Vec<Value>),
}

/// A parser of `text` in `typing`'s dialect: go-yaml's under the Helm typing, as the located
/// tree is built (`super::build`), so that what Helm reads keeps this path; YAML 1.2's else
/// (where the two part, this path refuses and the located tree says why).
pub(super) fn parser(text: &str, typing: Typing) -> Parser<'_, StrInput<'_>> {
    let parser = Parser::new_from_str(text);
    match typing {
        Typing::Helm => parser.with_dialect(Dialect::GoYaml),
        Typing::Yaml12 => parser,
    }
}

/// Every document of `text` as JSON, when the text holds nothing a located tree is needed for;
/// `None` otherwise (the caller decodes through [`super::parse`]).
pub(crate) fn decode(text: &str, typing: Typing, limits: &Limits) -> Option<Vec<Value>> {
    if text.len() > limits.max_input_bytes || first_unprintable(text).is_some() {
        return None;
    }
    let mut parser = parser(text, typing);
    let mut documents = Vec::new();
    let mut stack: Vec<Open> = Vec::new();
    let mut root: Option<Value> = None;
    while let Some(next) = parser.next_event() {
        let (event, _) = next.ok()?;
        let done = match event {
            Event::Nothing | Event::StreamStart | Event::StreamEnd => continue,
            Event::DocumentStart(_) => {
                root = None;
                continue;
            }
            Event::DocumentEnd => {
                let empty = || scalar(String::new(), ScalarStyle::Plain, typing);
                documents.push(match root.take() {
                    Some(value) => value,
                    None => empty()?,
                });
                continue;
            }
            Event::Alias(_) => return None,
            Event::Scalar(value, style, anchor, tag) => {
                if anchor > 0 || tag.is_some() {
                    return None;
                }
                if let Some(Open::Mapping {
                    key: key @ None, ..
                }) = stack.last_mut()
                {
                    *key = Some(mapping_key(value, style, typing)?);
                    continue;
                }
                scalar(value.into_owned(), style, typing)?
            }
            Event::MappingStart(anchor, ref tag) | Event::SequenceStart(anchor, ref tag) => {
                let in_key = matches!(stack.last(), Some(Open::Mapping { key: None, .. }));
                if anchor > 0 || tag.is_some() || in_key || stack.len() >= limits.max_depth {
                    return None;
                }
                stack.push(match event {
                    Event::MappingStart(..) => Open::Mapping {
                        map: Map::new(),
                        key: None,
                    },
                    _ => Open::Sequence(Vec::new()),
                });
                continue;
            }
            Event::MappingEnd | Event::SequenceEnd => match stack.pop()? {
                Open::Mapping { key: Some(_), .. } => return None,
                Open::Mapping { map, .. } => Value::Object(map),
                Open::Sequence(items) => Value::Array(items),
            },
        };
        attach(&mut stack, &mut root, done)?;
    }
    let helm_may_refuse = super::helm_suspect_seen(typing, parser.seen());
    (stack.is_empty() && !helm_may_refuse).then_some(documents)
}

/// Puts a finished value where it belongs: under its key, after its siblings, or at the root.
/// `None` for a key written twice (the located tree's path names it).
fn attach(stack: &mut [Open], root: &mut Option<Value>, value: Value) -> Option<()> {
    match stack.last_mut() {
        Some(Open::Mapping { map, key }) => {
            let key = key.take()?;
            map.insert(key, value).is_none().then_some(())
        }
        Some(Open::Sequence(items)) => {
            items.push(value);
            Some(())
        }
        None if root.is_none() => {
            *root = Some(value);
            Some(())
        }
        None => None,
    }
}

/// A mapping key as [`super::json`] makes it; `None` for a merge key or a key JSON cannot hold.
fn mapping_key(value: Cow<'_, str>, style: ScalarStyle, typing: Typing) -> Option<String> {
    if typing == Typing::Helm && style == ScalarStyle::Plain && value == "<<" {
        return None;
    }
    let typed = typing::type_scalar(&value, style, None, typing).ok()?;
    let key = typing::key_from_typed(typed, typing).ok()?;
    // Typing left the text as written (most keys): the scanner's string is the key.
    if matches!(key, Cow::Borrowed(same) if same.len() == value.len()) {
        drop(key);
        return Some(value.into_owned());
    }
    Some(key.into_owned())
}

/// A scalar as [`super::json`] decodes it; `None` for what it refuses (a non-finite number).
fn scalar(value: String, style: ScalarStyle, typing: Typing) -> Option<Value> {
    let typed = typing::type_scalar(&value, style, None, typing).ok()?;
    // Typing left the text as written (most strings): the scanner's string is the value.
    if matches!(typed, Typed::Str(Cow::Borrowed(same)) if same.len() == value.len()) {
        drop(typed);
        return Some(Value::String(value));
    }
    Some(match typed {
        Typed::Null => Value::Null,
        Typed::Bool(b) => Value::Bool(b),
        Typed::Int(n) => Value::Number(n.into()),
        Typed::Uint(n) => Value::Number(n.into()),
        Typed::Float(f) | Typed::BigInt(f) => Value::Number(Number::from_f64(f)?),
        Typed::Str(text) => Value::String(text.into_owned()),
    })
}
