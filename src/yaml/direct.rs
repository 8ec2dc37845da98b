//! Decoding a text to JSON values straight from saphyr's events, without a located tree, for
//! the texts that need none: no anchor, alias, tag, merge key, repeated key or complex key.
//!
//! It is an optimization of [`super::decode`] (and of the verification of an edited file),
//! never a second meaning: every scalar and key is typed by the same functions as
//! [`super::json`]'s, and anything this path does not handle (including every error) makes it
//! answer `None`, so that the caller takes the located tree's path and its exact messages.

use std::borrow::Cow;
use std::collections::HashSet;

use saphyr_parser::{Event, Parser};
use serde_json::{Map, Number, Value};

use super::build::{convert_style, first_unprintable};
use super::limits::Limits;
use super::node::ScalarStyle;
use super::typing::{self, Typed, Typing};
use crate::path::Segment;

/// A collection being decoded.
enum Open {
    Mapping {
        map: Map<String, Value>,
        key: Option<String>,
    },
    Sequence(Vec<Value>),
}

/// Every document of `text` as JSON, when the text holds nothing a located tree is needed for;
/// `None` otherwise (the caller decodes through [`super::parse`]).
pub(crate) fn decode(text: &str, typing: Typing, limits: &Limits) -> Option<Vec<Value>> {
    if text.len() > limits.max_input_bytes || first_unprintable(text).is_some() {
        return None;
    }
    let mut parser = Parser::new_from_str(text);
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
                let style = convert_style(style);
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
    stack.is_empty().then_some(documents)
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

/// What a text must decode to, for [`matches`]: these documents, with `replacement` in
/// place of the value at `prefix` in document `document`.
pub struct Expected<'e> {
    /// The documents, in order.
    pub documents: &'e [Value],
    /// The document that holds the replacement.
    pub document: usize,
    /// Where in it.
    pub prefix: &'e [Segment],
    /// The value expected there instead of the document's.
    pub replacement: &'e Value,
}

/// A mapping's keys as they are met: in the expected order (no set needed), or, once one comes
/// out of order, as a set of the expected keys already met.
enum Met<'e> {
    InOrder(serde_json::map::Iter<'e>),
    Set(HashSet<*const String>),
}

/// A collection being compared.
enum Frame<'e> {
    Mapping {
        expected: &'e Map<String, Value>,
        met: Met<'e>,
        /// The expected value of the entry whose key was just read.
        value: Option<(&'e Value, Option<usize>)>,
        on_prefix: Option<usize>,
    },
    Sequence {
        expected: &'e [Value],
        next: usize,
        on_prefix: Option<usize>,
    },
}

/// Whether `text` decodes (as [`decode`] would, every scalar typed and every key checked) to
/// exactly `expected`, with no key written twice; `false` also for anything this path does not
/// handle (the caller then decodes in full and says what differs).
pub(crate) fn matches(
    text: &str,
    typing: Typing,
    limits: &Limits,
    expected: &Expected<'_>,
) -> bool {
    if text.len() > limits.max_input_bytes || first_unprintable(text).is_some() {
        return false;
    }
    let mut comparer = Comparer {
        typing,
        expected,
        stack: Vec::new(),
        document: 0,
        root: None,
    };
    let mut parser = Parser::new_from_str(text);
    while let Some(next) = parser.next_event() {
        let Ok((event, _)) = next else { return false };
        if comparer.stack.len() > limits.max_depth || comparer.event(event).is_none() {
            return false;
        }
    }
    comparer.stack.is_empty() && comparer.document == expected.documents.len()
}

struct Comparer<'e> {
    typing: Typing,
    expected: &'e Expected<'e>,
    stack: Vec<Frame<'e>>,
    /// The documents finished so far.
    document: usize,
    /// The current document's expected root and where it stands on the prefix, until it is met.
    root: Option<(&'e Value, Option<usize>)>,
}

impl<'e> Comparer<'e> {
    /// Compares one event; `None` as soon as anything differs or is not handled here.
    fn event(&mut self, event: Event<'_>) -> Option<()> {
        match event {
            Event::Nothing | Event::StreamStart | Event::StreamEnd => Some(()),
            Event::DocumentStart(_) => {
                let expected = self.expected;
                let root = expected.documents.get(self.document)?;
                self.root = Some(if self.document != expected.document {
                    (root, None)
                } else if expected.prefix.is_empty() {
                    (expected.replacement, None)
                } else {
                    (root, Some(0))
                });
                Some(())
            }
            Event::DocumentEnd => {
                if let Some((root, _)) = self.root.take() {
                    // A document without a node is an empty plain scalar.
                    same_scalar("", ScalarStyle::Plain, self.typing, root).then_some(())?;
                }
                self.document += 1;
                Some(())
            }
            Event::Alias(_) => None,
            Event::Scalar(value, style, anchor, tag) => {
                if anchor > 0 || tag.is_some() {
                    return None;
                }
                let style = convert_style(style);
                if self.key_expected() {
                    return self.key(&value, style);
                }
                let (expected, _) = self.next_value()?;
                same_scalar(&value, style, self.typing, expected).then_some(())
            }
            Event::MappingStart(anchor, ref tag) | Event::SequenceStart(anchor, ref tag) => {
                if anchor > 0 || tag.is_some() || self.key_expected() {
                    return None;
                }
                let mapping = matches!(event, Event::MappingStart(..));
                self.open(mapping)
            }
            Event::MappingEnd | Event::SequenceEnd => match self.stack.pop()? {
                Frame::Mapping {
                    expected,
                    met,
                    value: None,
                    ..
                } => match met {
                    Met::InOrder(mut rest) => rest.next().is_none().then_some(()),
                    Met::Set(seen) => (seen.len() == expected.len()).then_some(()),
                },
                Frame::Mapping { .. } => None,
                Frame::Sequence { expected, next, .. } => (next == expected.len()).then_some(()),
            },
        }
    }

    /// Whether the next node is a mapping key.
    fn key_expected(&self) -> bool {
        matches!(self.stack.last(), Some(Frame::Mapping { value: None, .. }))
    }

    /// Opens a collection where the expected value is one of the same kind.
    fn open(&mut self, mapping: bool) -> Option<()> {
        let (expected, on_prefix) = self.next_value()?;
        self.stack.push(match (mapping, expected) {
            (true, Value::Object(map)) => Frame::Mapping {
                expected: map,
                met: Met::InOrder(map.iter()),
                value: None,
                on_prefix,
            },
            (false, Value::Array(items)) => Frame::Sequence {
                expected: items,
                next: 0,
                on_prefix,
            },
            _ => return None,
        });
        Some(())
    }

    /// Reads a mapping key: it must be one the expected mapping holds and not met before.
    fn key(&mut self, text: &str, style: ScalarStyle) -> Option<()> {
        if self.typing == Typing::Helm && style == ScalarStyle::Plain && text == "<<" {
            return None;
        }
        let typed = typing::type_scalar(text, style, None, self.typing).ok()?;
        let key = typing::key_from_typed(typed, self.typing).ok()?;
        let prefix = self.expected.prefix;
        let replacement = self.expected.replacement;
        let Some(Frame::Mapping {
            expected,
            met,
            value,
            on_prefix,
        }) = self.stack.last_mut()
        else {
            return None;
        };
        let (name, child) = meet(expected, met, &key)?;
        *value = Some(descend(
            child,
            *on_prefix,
            prefix,
            replacement,
            |s| matches!(s, Segment::Key(k) if k == name),
        ));
        Some(())
    }

    /// The expected value of the node that comes next, and where it stands on the prefix.
    fn next_value(&mut self) -> Option<(&'e Value, Option<usize>)> {
        let prefix = self.expected.prefix;
        let replacement = self.expected.replacement;
        match self.stack.last_mut() {
            None => self.root.take(),
            Some(Frame::Mapping { value, .. }) => value.take(),
            Some(Frame::Sequence {
                expected,
                next,
                on_prefix,
            }) => {
                let child = expected.get(*next)?;
                let index = *next;
                *next += 1;
                Some(descend(
                    child,
                    *on_prefix,
                    prefix,
                    replacement,
                    |s| matches!(s, Segment::Index(i) if *i == index),
                ))
            }
        }
    }
}

/// The expected key equal to `key` and its value, marked as met; `None` when the mapping has
/// no such key or it was met before.
fn meet<'e>(
    expected: &'e Map<String, Value>,
    met: &mut Met<'e>,
    key: &str,
) -> Option<(&'e String, &'e Value)> {
    if let Met::InOrder(rest) = met {
        let mut ahead = rest.clone();
        match ahead.next() {
            Some((name, value)) if name == key => {
                *rest = ahead;
                return Some((name, value));
            }
            _ => {
                // Out of order: from now on, the keys met so far as a set.
                let left = rest.len();
                let seen = expected.keys().take(expected.len() - left);
                *met = Met::Set(seen.map(std::ptr::from_ref).collect());
            }
        }
    }
    let Met::Set(seen) = met else { return None };
    let (name, value) = expected.get_key_value(key)?;
    seen.insert(std::ptr::from_ref(name))
        .then_some((name, value))
}

/// The expected value one step down: the replacement where the step completes the prefix.
fn descend<'e>(
    child: &'e Value,
    on_prefix: Option<usize>,
    prefix: &'e [Segment],
    replacement: &'e Value,
    is_step: impl Fn(&Segment) -> bool,
) -> (&'e Value, Option<usize>) {
    match on_prefix {
        Some(depth) if prefix.get(depth).is_some_and(is_step) => {
            if depth + 1 == prefix.len() {
                (replacement, None)
            } else {
                (child, Some(depth + 1))
            }
        }
        _ => (child, None),
    }
}

/// Whether a scalar decodes (as [`super::json`] decodes it) to `expected`.
fn same_scalar(text: &str, style: ScalarStyle, typing: Typing, expected: &Value) -> bool {
    let Ok(typed) = typing::type_scalar(text, style, None, typing) else {
        return false;
    };
    match (typed, expected) {
        (Typed::Str(text), Value::String(want)) => *text == **want,
        (Typed::Str(_), _) => false,
        (Typed::Null, want) => want.is_null(),
        (Typed::Bool(b), want) => want.as_bool() == Some(b),
        (Typed::Int(n), want) => *want == Value::Number(n.into()),
        (Typed::Uint(n), want) => *want == Value::Number(n.into()),
        (Typed::Float(f) | Typed::BigInt(f), want) => {
            Number::from_f64(f).is_some_and(|n| *want == Value::Number(n))
        }
    }
}
