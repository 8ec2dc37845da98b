//! Comparing a text with the values it must decode to, straight from saphyr's events: scalars
//! typed in place, an alias checked by the value its anchor's node was found to decode to, a
//! mapping with merge keys by the entries it ends with (see [`super::merge`]).

use std::collections::HashSet;

use serde_json::{Map, Number, Value};
use values_migrate_yaml_parser::Event;

use super::super::build::first_unprintable;
use super::super::limits::Limits;
use super::super::node::ScalarStyle;
use super::super::typing::{self, Typed, Typing};
use super::anchors::Anchors;
use super::merge::Merged;
use crate::path::Segment;

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
/// out of order (or a merge key comes), as a set of the expected keys already written.
enum Met<'e> {
    InOrder(serde_json::map::Iter<'e>),
    Set(HashSet<*const String>),
}

impl Met<'_> {
    /// The keys written so far, as a set from now on.
    fn as_set(&mut self, expected: &Map<String, Value>) -> Option<&mut HashSet<*const String>> {
        if let Met::InOrder(rest) = self {
            let seen = expected.keys().take(expected.len() - rest.len());
            *self = Met::Set(seen.map(std::ptr::from_ref).collect());
        }
        match self {
            Met::Set(seen) => Some(seen),
            Met::InOrder(_) => None,
        }
    }
}

/// What the next node of a mapping must decode to.
enum Slot<'e> {
    /// This expected value (where it stands on the prefix).
    Value(&'e Value, Option<usize>),
    /// A merge key's value: an alias of a mapping, or a sequence of those.
    Merge,
}

/// What a collection being compared is.
enum Kind<'e> {
    Mapping {
        expected: &'e Map<String, Value>,
        met: Met<'e>,
        /// What the node after the key just read must be.
        slot: Option<Slot<'e>>,
        /// Once a merge key was met: the values merged in.
        merged: Option<Box<Merged<'e>>>,
    },
    Sequence {
        expected: &'e [Value],
        next: usize,
    },
    /// A merge key's sequence, its sources gathered until it ends.
    Merges(Vec<&'e Value>),
}

/// A collection being compared.
struct Frame<'e> {
    kind: Kind<'e>,
    /// How many steps of the prefix lead here, while on it.
    on_prefix: Option<usize>,
    /// The anchor it defines, the value it must decode to, and the weight where it began.
    anchor: Option<(usize, &'e Value, usize)>,
    /// The most levels of collections under it so far, aliases expanded.
    below: usize,
}

/// Whether `text` decodes (as [`super::super::decode`] would: every scalar typed, every key
/// checked, aliases and merge keys expanded within the limits) to exactly `expected`, with no key
/// written twice; `false` also for anything this path does not handle (the caller then decodes
/// in full and says what differs).
pub(crate) fn matches(
    text: &str,
    typing: Typing,
    limits: &Limits,
    expected: &Expected<'_>,
) -> bool {
    if text.len() > limits.max_input_bytes || first_unprintable(text).is_some() {
        return false;
    }
    let mut comparer = Comparer::new(typing, limits, expected);
    let mut parser = super::parser(text, typing);
    while let Some(next) = parser.next_event() {
        let Ok((event, _)) = next else { return false };
        if comparer.event(event).is_none() {
            return false;
        }
    }
    comparer.finished() && !super::super::helm_suspect_seen(typing, parser.seen())
}

pub(super) struct Comparer<'e> {
    typing: Typing,
    expected: &'e Expected<'e>,
    stack: Vec<Frame<'e>>,
    anchors: Anchors<'e>,
    /// The documents finished so far.
    document: usize,
    /// The current document's expected root and where it stands on the prefix, until it is met.
    root: Option<(&'e Value, Option<usize>)>,
    /// The deepest nesting of collections accepted.
    max_depth: usize,
}

impl<'e> Comparer<'e> {
    /// A comparer of a text's events with `expected`, within `limits`.
    pub(super) fn new(typing: Typing, limits: &Limits, expected: &'e Expected<'e>) -> Self {
        Comparer {
            typing,
            expected,
            stack: Vec::new(),
            anchors: Anchors::new(limits),
            document: 0,
            root: None,
            max_depth: limits.max_depth,
        }
    }

    /// Whether every expected document was met, and nothing is left open.
    pub(super) fn finished(&self) -> bool {
        self.stack.is_empty() && self.document == self.expected.documents.len()
    }

    /// Compares one event; `None` as soon as anything differs, is not handled here, or nests
    /// past the depth limit.
    pub(super) fn event(&mut self, event: Event<'_>) -> Option<()> {
        if self.stack.len() > self.max_depth {
            return None;
        }
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
                self.anchors.new_document();
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
            Event::Alias(id) => {
                self.anchors.weight += 1;
                self.alias(id)
            }
            Event::Scalar(value, style, anchor, tag) => {
                self.anchors.weight += 1;
                if tag.is_some() {
                    return None;
                }
                if self.key_expected() {
                    // An anchored key (a key that is a value elsewhere) is not handled here.
                    return if anchor > 0 {
                        None
                    } else {
                        self.key(&value, style)
                    };
                }
                let (expected, on_prefix) = self.next_value()?;
                same_scalar(&value, style, self.typing, expected).then_some(())?;
                if anchor > 0 {
                    on_prefix.is_none().then_some(())?;
                    self.anchors
                        .define(anchor, expected, 0, self.anchors.weight - 1);
                }
                Some(())
            }
            Event::MappingStart(anchor, ref tag) | Event::SequenceStart(anchor, ref tag) => {
                self.anchors.weight += 1;
                if tag.is_some() || self.key_expected() {
                    return None;
                }
                let mapping = matches!(event, Event::MappingStart(..));
                if !mapping && anchor == 0 && self.take_merge() {
                    self.push(Kind::Merges(Vec::new()), None, None);
                    return Some(());
                }
                self.open(mapping, anchor)
            }
            Event::MappingEnd | Event::SequenceEnd => self.close(),
        }
    }

    /// Whether the next node is a mapping key.
    fn key_expected(&self) -> bool {
        matches!(
            self.stack.last(),
            Some(Frame {
                kind: Kind::Mapping { slot: None, .. },
                ..
            })
        )
    }

    /// Whether the next node is a merge key's value (then the mapping expects a key after it).
    fn take_merge(&mut self) -> bool {
        match self.stack.last_mut() {
            Some(Frame {
                kind: Kind::Mapping { slot, .. },
                ..
            }) if matches!(slot, Some(Slot::Merge)) => {
                *slot = None;
                true
            }
            _ => false,
        }
    }

    /// Opens a collection where the expected value is one of the same kind.
    fn open(&mut self, mapping: bool, anchor: usize) -> Option<()> {
        let (expected, on_prefix) = self.next_value()?;
        // A node defining an anchor decodes to one value: not to one changed at the prefix.
        if anchor > 0 && on_prefix.is_some() {
            return None;
        }
        let kind = match (mapping, expected) {
            (true, Value::Object(map)) => Kind::Mapping {
                expected: map,
                met: Met::InOrder(map.iter()),
                slot: None,
                merged: None,
            },
            (false, Value::Array(items)) => Kind::Sequence {
                expected: items,
                next: 0,
            },
            _ => return None,
        };
        let start = self.anchors.weight - 1;
        self.push(
            kind,
            on_prefix,
            (anchor > 0).then_some((anchor, expected, start)),
        );
        Some(())
    }

    fn push(
        &mut self,
        kind: Kind<'e>,
        on_prefix: Option<usize>,
        anchor: Option<(usize, &'e Value, usize)>,
    ) {
        self.stack.push(Frame {
            kind,
            on_prefix,
            anchor,
            below: 0,
        });
    }

    /// Closes a collection: it must have met every expected entry (a merge key's sequence is
    /// merged into its mapping), and an anchor it defines is recorded.
    fn close(&mut self) -> Option<()> {
        let frame = self.stack.pop()?;
        match frame.kind {
            Kind::Mapping {
                expected,
                met,
                slot: None,
                merged,
            } => match (met, merged) {
                (Met::InOrder(mut rest), None) => rest.next().is_none().then_some(()),
                (Met::Set(seen), None) => (seen.len() == expected.len()).then_some(()),
                (Met::Set(seen), Some(merged)) => {
                    let on_prefix = frame.on_prefix;
                    let want =
                        |name: &'e String, value: &'e Value| self.at_key(name, value, on_prefix);
                    merged.ends_as(expected, &seen, want).then_some(())
                }
                (Met::InOrder(_), Some(_)) => None,
            },
            Kind::Mapping { .. } => None,
            Kind::Sequence { expected, next } => (next == expected.len()).then_some(()),
            Kind::Merges(sources) => self.merge(&sources),
        }?;
        let height = frame.below + 1;
        if let Some((id, value, start)) = frame.anchor {
            self.anchors.define(id, value, height, start);
        }
        self.reach(height);
        Some(())
    }

    /// Notes that the collection being compared holds `height` levels of collections.
    fn reach(&mut self, height: usize) {
        if let Some(frame) = self.stack.last_mut() {
            frame.below = frame.below.max(height);
        }
    }

    /// An alias: a merge key's value or one of its sequence's, or a node that must decode to
    /// the value its anchor's node was found to decode to.
    fn alias(&mut self, id: usize) -> Option<()> {
        let depth = self.stack.len();
        if self.take_merge() {
            let anchor = self.anchors.expand(id, depth)?;
            self.reach(anchor.height);
            return self.merge(&[anchor.value]);
        }
        if let Some(Frame {
            kind: Kind::Merges(sources),
            below,
            ..
        }) = self.stack.last_mut()
        {
            let anchor = self.anchors.expand(id, depth)?;
            *below = (*below).max(anchor.height);
            sources.push(anchor.value);
            return Some(());
        }
        if self.key_expected() {
            return None;
        }
        let (expected, on_prefix) = self.next_value()?;
        let anchor = self.anchors.expand(id, depth)?;
        let same = std::ptr::eq(expected, anchor.value) || *expected == *anchor.value;
        (same && on_prefix.is_none()).then_some(())?;
        self.reach(anchor.height);
        Some(())
    }

    /// Merges `sources` (last first) into the mapping being compared.
    fn merge(&mut self, sources: &[&'e Value]) -> Option<()> {
        let Some(Frame {
            kind:
                Kind::Mapping {
                    expected,
                    merged: Some(merged),
                    ..
                },
            ..
        }) = self.stack.last_mut()
        else {
            return None;
        };
        merged.apply(expected, sources)
    }

    /// What the value under `name` (`value` in the document) must be at the mapping's end:
    /// `None` where the prefix goes on below it (a merged value is not compared so deep).
    fn at_key(
        &self,
        name: &'e String,
        value: &'e Value,
        on_prefix: Option<usize>,
    ) -> Option<&'e Value> {
        let prefix = self.expected.prefix;
        let replacement = self.expected.replacement;
        let step = |s: &Segment| matches!(s, Segment::Key(k) if k == name);
        match descend(value, on_prefix, prefix, replacement, step) {
            (want, None) => Some(want),
            (_, Some(_)) => None,
        }
    }

    /// Reads a mapping key: a merge key, or one the expected mapping holds and not written before.
    fn key(&mut self, text: &str, style: ScalarStyle) -> Option<()> {
        let merge = self.typing == Typing::Helm && style == ScalarStyle::Plain && text == "<<";
        let key = if merge {
            None
        } else {
            let typed = typing::type_scalar(text, style, None, self.typing).ok()?;
            Some(typing::key_from_typed(typed, self.typing).ok()?)
        };
        let prefix = self.expected.prefix;
        let replacement = self.expected.replacement;
        let Some(Frame {
            kind:
                Kind::Mapping {
                    expected,
                    met,
                    slot,
                    merged,
                },
            on_prefix,
            ..
        }) = self.stack.last_mut()
        else {
            return None;
        };
        let Some(key) = key else {
            met.as_set(expected)?;
            merged.get_or_insert_default();
            *slot = Some(Slot::Merge);
            return Some(());
        };
        let (name, child) = meet(expected, met, &key)?;
        if let Some(merged) = merged {
            merged.written(name);
        }
        let step = |s: &Segment| matches!(s, Segment::Key(k) if k == name);
        let (value, on) = descend(child, *on_prefix, prefix, replacement, step);
        *slot = Some(Slot::Value(value, on));
        Some(())
    }

    /// The expected value of the node that comes next, and where it stands on the prefix.
    fn next_value(&mut self) -> Option<(&'e Value, Option<usize>)> {
        let prefix = self.expected.prefix;
        let replacement = self.expected.replacement;
        let Some(frame) = self.stack.last_mut() else {
            return self.root.take();
        };
        match &mut frame.kind {
            Kind::Mapping { slot, .. } => match slot.take()? {
                Slot::Value(value, on_prefix) => Some((value, on_prefix)),
                Slot::Merge => None,
            },
            Kind::Sequence { expected, next } => {
                let child = expected.get(*next)?;
                let index = *next;
                *next += 1;
                let step = |s: &Segment| matches!(s, Segment::Index(i) if *i == index);
                Some(descend(child, frame.on_prefix, prefix, replacement, step))
            }
            Kind::Merges(_) => None,
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
        if let Some((name, value)) = ahead.next().filter(|(name, _)| *name == key) {
            *rest = ahead;
            return Some((name, value));
        }
    }
    // Out of order: from now on, the keys met so far as a set.
    let seen = met.as_set(expected)?;
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
