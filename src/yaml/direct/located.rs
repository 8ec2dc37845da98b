//! Comparing a text with the original's located tree, straight from saphyr's events: every node
//! outside one place the same as the original's (the same scalars in the same styles, the same
//! keys in the same order, anchors and aliases at the same nodes, so the same values), and the
//! values asked for at that place compared as [`super::compare`] compares them. No value is
//! built for the rest of the file, and the original's need not be decoded.

use std::ops::Range;

use serde_json::Value;
use values_migrate_yaml_parser::Event;
use values_migrate_yaml_parser::Seen;

use super::super::build::first_unprintable;
use super::super::limits::Limits;
use super::super::node::{Entry, Node, NodeKind, Stream};
use super::super::typing::Typing;
use super::compare::{Comparer, Expected};
use crate::path::Segment;

/// What a text must hold, for [`matches_located`]: the original's documents as they were, with
/// `replacement` in place of the value at `prefix` in document `document`.
pub struct Unchanged<'e> {
    /// The original's located documents.
    pub stream: &'e Stream,
    /// The document that holds the replacement.
    pub document: usize,
    /// Where in it.
    pub prefix: &'e [Segment],
    /// The value expected there instead of the original's.
    pub replacement: &'e Value,
    /// The nodes the original's aliases expand to ([`super::super::Stream::check_json`]): the
    /// rest of the budget is what the replacement's own aliases may expand to.
    pub expanded: usize,
}

/// What the next node must be.
enum Want<'e> {
    /// The same as this original node (and how many steps of the prefix lead to it, while on it).
    Node(&'e Node, Option<usize>),
    /// The replacement.
    Replacement,
}

/// A collection of the original being compared.
enum Frame<'e> {
    Mapping {
        entries: &'e [Entry],
        /// The entries met so far.
        next: usize,
        /// What the value after the key just met must be.
        pending: Option<Want<'e>>,
        on_prefix: Option<usize>,
        /// The entry the prefix goes on through, while on it.
        step: Option<usize>,
    },
    Sequence {
        items: &'e [Node],
        next: usize,
        on_prefix: Option<usize>,
    },
}

/// The replacement's events, handed to a [`Comparer`] of their own.
struct Inside<'e> {
    comparer: Comparer<'e>,
    /// Its collections still open.
    open: usize,
}

/// Whether `text` decodes to `expected`'s documents, told from the original's located tree
/// outside the prefix; `false` also for anything this path does not handle (a tag, a node
/// outside the prefix written otherwise than the original's, an alias between the
/// replacement and the rest): the caller then decodes in full.
pub fn matches_located(
    text: &str,
    typing: Typing,
    limits: &Limits,
    expected: &Unchanged<'_>,
) -> bool {
    matches_located_seen(text, typing, limits, expected).is_some()
}

/// [`matches_located`], with what the scanner met in the text when it matches (every event
/// read): `None` when it does not.
pub(crate) fn matches_located_seen(
    text: &str,
    typing: Typing,
    limits: &Limits,
    expected: &Unchanged<'_>,
) -> Option<Seen> {
    if text.len() > limits.max_input_bytes || first_unprintable(text).is_some() {
        return None;
    }
    walk(text, typing, limits, expected, None)
}

/// Reads `text`'s events against `expected`: all its root entries, or (`window`: a range of the
/// original root mapping's entries) those alone, `text` then holding only them and no anchor or
/// alias; the scanner's [`Seen`] when every event matched.
pub(super) fn walk(
    text: &str,
    typing: Typing,
    limits: &Limits,
    expected: &Unchanged<'_>,
    window: Option<Range<usize>>,
) -> Option<Seen> {
    let inside = Expected {
        documents: std::slice::from_ref(expected.replacement),
        document: 0,
        prefix: &[],
        replacement: expected.replacement,
    };
    let mut walker = Walker {
        typing,
        limits,
        expected,
        inside_expected: &inside,
        stack: Vec::new(),
        document: 0,
        root: None,
        anchors: Vec::new(),
        inside: None,
        window,
    };
    let mut parser = super::parser(text, typing);
    while let Some(next) = parser.next_event() {
        let Ok((event, _)) = next else { return None };
        walker.event(event)?;
    }
    let whole = walker.stack.is_empty()
        && walker.inside.is_none()
        && walker.document == expected.stream.documents.len();
    whole.then(|| parser.seen())
}

struct Walker<'e, 'l> {
    typing: Typing,
    limits: &'l Limits,
    expected: &'e Unchanged<'e>,
    inside_expected: &'e Expected<'e>,
    stack: Vec<Frame<'e>>,
    /// The documents finished so far.
    document: usize,
    /// The current document's root, until it is met.
    root: Option<Want<'e>>,
    /// By saphyr's anchor id: the original node that the text's anchored node was found to be.
    anchors: Vec<Option<&'e Node>>,
    /// The replacement being compared, while it is.
    inside: Option<Inside<'e>>,
    /// The original root entries the text holds, when it holds only some (`walk`).
    window: Option<Range<usize>>,
}

impl<'e> Walker<'e, '_> {
    /// Compares one event; `None` as soon as anything differs or is not handled here.
    fn event(&mut self, event: Event<'_>) -> Option<()> {
        if self.window.is_some() && !in_region(&event) {
            return None;
        }
        if self.inside.is_some() {
            return self.inside(event);
        }
        if self.stack.len() > self.limits.max_depth {
            return None;
        }
        match event {
            Event::Nothing | Event::StreamStart | Event::StreamEnd => Some(()),
            Event::DocumentStart(_) => self.document_start(),
            Event::DocumentEnd => {
                // A document without a node (the original's had one) is not handled here.
                self.root.take().is_none().then_some(())?;
                self.document += 1;
                Some(())
            }
            Event::Alias(id) => match self.next_want()? {
                Want::Replacement => self.enter(event),
                Want::Node(node, None) => {
                    let NodeKind::Alias(alias) = node.kind() else {
                        return None;
                    };
                    let anchored = (*self.anchors.get(id)?)?;
                    let same = alias.target.as_ref() == Some(&anchored.range())
                        && anchored.anchor() == Some(alias.name.as_str());
                    same.then_some(())
                }
                Want::Node(_, Some(_)) => None,
            },
            Event::Scalar(..) => self.scalar(event),
            Event::MappingStart(..) | Event::SequenceStart(..) => self.collection_start(event),
            Event::MappingEnd | Event::SequenceEnd => match self.stack.pop()? {
                Frame::Mapping {
                    entries,
                    next,
                    pending: None,
                    ..
                } => (next == entries.len()).then_some(()),
                Frame::Sequence { items, next, .. } => (next == items.len()).then_some(()),
                Frame::Mapping { .. } => None,
            },
        }
    }

    /// A scalar: a key of the mapping being compared, or a value equal to the original's.
    fn scalar(&mut self, event: Event<'_>) -> Option<()> {
        let Event::Scalar(ref value, style, anchor, ref tag) = event else {
            return None;
        };
        if tag.is_some() {
            return None;
        }
        if self.key_expected() {
            return (anchor == 0).then(|| self.key(value, style))?;
        }
        let (node, on_prefix) = match self.next_want()? {
            Want::Replacement => return self.enter(event),
            Want::Node(node, on_prefix) => (node, on_prefix),
        };
        let NodeKind::Scalar { text, style: was } = node.kind() else {
            return None;
        };
        let same = *text == **value && was == style;
        (same && on_prefix.is_none() && node.tag().is_none()).then_some(())?;
        self.anchored(anchor, node)
    }

    /// The start of a mapping or a sequence, compared entry by entry with the original's.
    fn collection_start(&mut self, event: Event<'_>) -> Option<()> {
        let (Event::MappingStart(anchor, ref tag) | Event::SequenceStart(anchor, ref tag)) = event
        else {
            return None;
        };
        if tag.is_some() || self.key_expected() {
            return None;
        }
        let (node, on_prefix) = match self.next_want()? {
            Want::Replacement => return self.enter(event),
            Want::Node(node, on_prefix) => (node, on_prefix),
        };
        // A node defining an anchor decodes to one value: not to one changed at the prefix.
        if node.tag().is_some() || (anchor > 0 && on_prefix.is_some()) {
            return None;
        }
        self.anchored(anchor, node)?;
        let frame = match (&event, node.kind()) {
            (Event::MappingStart(..), NodeKind::Mapping { entries, .. }) => {
                let frame = self.mapping(entries, on_prefix)?;
                match &self.window {
                    Some(window) if self.stack.is_empty() => windowed(frame, window)?,
                    _ => frame,
                }
            }
            (Event::SequenceStart(..), NodeKind::Sequence { items, .. }) => Frame::Sequence {
                items,
                next: 0,
                on_prefix,
            },
            _ => return None,
        };
        self.stack.push(frame);
        Some(())
    }

    /// A new document: its root is the original's, or the replacement.
    fn document_start(&mut self) -> Option<()> {
        let expected = self.expected;
        let root = &expected.stream.documents.get(self.document)?.root;
        self.root = Some(if self.document != expected.document {
            Want::Node(root, None)
        } else if expected.prefix.is_empty() {
            Want::Replacement
        } else {
            Want::Node(root, Some(0))
        });
        self.anchors.clear();
        Some(())
    }

    /// Whether the next node is a mapping key.
    fn key_expected(&self) -> bool {
        matches!(
            self.stack.last(),
            Some(Frame::Mapping { pending: None, .. })
        )
    }

    /// A key: the original's next key, written the same way.
    fn key(&mut self, value: &str, style: values_migrate_yaml_parser::ScalarStyle) -> Option<()> {
        let prefix = self.expected.prefix;
        let Some(Frame::Mapping {
            entries,
            next,
            pending,
            on_prefix,
            step,
        }) = self.stack.last_mut()
        else {
            return None;
        };
        let entry = entries.get(*next)?;
        let NodeKind::Scalar { text, style: was } = entry.key.kind() else {
            return None;
        };
        let plain_key = entry.key.properties().is_none();
        (plain_key && *text == *value && was == style).then_some(())?;
        *pending = Some(match *on_prefix {
            Some(depth) if *step == Some(*next) => descend(&entry.value, depth, prefix),
            _ => Want::Node(&entry.value, None),
        });
        *next += 1;
        Some(())
    }

    /// A mapping of the original opened; on the prefix, the one entry it goes on through.
    fn mapping(&self, entries: &'e [Entry], on_prefix: Option<usize>) -> Option<Frame<'e>> {
        let step = match on_prefix {
            None => None,
            Some(depth) => {
                let Segment::Key(wanted) = self.expected.prefix.get(depth)? else {
                    return None;
                };
                let typing = self.typing;
                // A merge key could bring the key in, or take it: not handled here.
                let merges = typing == Typing::Helm && entries.iter().any(Entry::is_merge_key);
                // An alias or a collection as a key: not handled here.
                let keys: Option<Vec<_>> = (entries.iter())
                    .map(|entry| entry.key.key_str(typing))
                    .collect();
                let keys = keys?;
                let mut found = (keys.iter().enumerate()).filter(|(_, key)| **key == **wanted);
                let (at, _) = found.next()?;
                // The key written once: the one value the prefix goes on through.
                (found.next().is_none() && !merges).then_some(Some(at))?
            }
        };
        Some(Frame::Mapping {
            entries,
            next: 0,
            pending: None,
            on_prefix,
            step,
        })
    }

    /// What the next node must be.
    fn next_want(&mut self) -> Option<Want<'e>> {
        let prefix = self.expected.prefix;
        match self.stack.last_mut() {
            None => self.root.take(),
            Some(Frame::Mapping { pending, .. }) => pending.take(),
            Some(Frame::Sequence {
                items,
                next,
                on_prefix,
            }) => {
                let item = items.get(*next)?;
                let at = *next;
                *next += 1;
                Some(match *on_prefix {
                    Some(depth) if prefix.get(depth) == Some(&Segment::Index(at)) => {
                        descend(item, depth, prefix)
                    }
                    _ => Want::Node(item, None),
                })
            }
        }
    }

    /// Notes that the text's anchor `id` (0: none) is on `node`, which must be anchored too.
    fn anchored(&mut self, id: usize, node: &'e Node) -> Option<()> {
        if (id > 0) != node.anchor().is_some() {
            return None;
        }
        if id > 0 {
            if self.anchors.len() <= id {
                self.anchors.resize(id + 1, None);
            }
            self.anchors[id] = Some(node);
        }
        Some(())
    }

    /// The replacement begins with `event`: it is compared by a [`Comparer`] of its own, within
    /// what the limits leave it.
    fn enter(&mut self, event: Event<'_>) -> Option<()> {
        let mut limits = self.limits.clone();
        limits.max_alias_nodes = limits.max_alias_nodes.checked_sub(self.expected.expanded)?;
        limits.max_depth = limits.max_depth.checked_sub(self.stack.len())?;
        let mut comparer = Comparer::new(self.typing, &limits, self.inside_expected);
        comparer.event(Event::DocumentStart(false))?;
        self.inside = Some(Inside { comparer, open: 0 });
        self.inside(event)
    }

    /// One event of the replacement; at its end, whether it held exactly what was asked.
    fn inside(&mut self, event: Event<'_>) -> Option<()> {
        let inside = self.inside.as_mut()?;
        match event {
            Event::MappingStart(..) | Event::SequenceStart(..) => inside.open += 1,
            Event::MappingEnd | Event::SequenceEnd => inside.open = inside.open.checked_sub(1)?,
            Event::Scalar(..) | Event::Alias(_) => {}
            _ => return None,
        }
        inside.comparer.event(event)?;
        if inside.open == 0 {
            let mut inside = self.inside.take()?;
            inside.comparer.event(Event::DocumentEnd)?;
            return inside.comparer.finished().then_some(());
        }
        Some(())
    }
}

/// Whether a regional walk (`walk` with a window) takes `event`: no anchor, alias or explicit
/// document start, whose meaning may reach outside the region.
fn in_region(event: &Event<'_>) -> bool {
    match event {
        Event::Alias(_) | Event::DocumentStart(true) => false,
        Event::Scalar(_, _, anchor, _)
        | Event::MappingStart(anchor, _)
        | Event::SequenceStart(anchor, _) => *anchor == 0,
        _ => true,
    }
}

/// The root mapping's frame narrowed to the entries of `window`, the prefix's entry among them.
fn windowed<'e>(frame: Frame<'e>, window: &Range<usize>) -> Option<Frame<'e>> {
    let Frame::Mapping {
        entries,
        on_prefix,
        step,
        ..
    } = frame
    else {
        return None;
    };
    let step = match step {
        Some(at) if window.contains(&at) => Some(at - window.start),
        Some(_) => return None,
        None => None,
    };
    Some(Frame::Mapping {
        entries: entries.get(window.clone())?,
        next: 0,
        pending: None,
        on_prefix,
        step,
    })
}

/// The node one step down the prefix from `depth`: the replacement where the step completes it.
fn descend<'e>(node: &'e Node, depth: usize, prefix: &[Segment]) -> Want<'e> {
    if depth + 1 == prefix.len() {
        Want::Replacement
    } else {
        Want::Node(node, Some(depth + 1))
    }
}
