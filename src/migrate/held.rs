//! Values documents held in strings of the candidate files (`helm.values: |` of an Argo CD
//! Application, a ConfigMap's `values.yaml` that a Flux HelmRelease names): found, parsed as one
//! more candidate each, and placed back in their outer file.

use super::parsed::{Held, Parsed};
use crate::path::{Segment, ValuePath};
use crate::splice::embedded::Carrier;
use crate::text::Diagnostic;
use crate::yaml::{self, Limits, Node, NodeKind, ScalarStyle, Stream, Typing};
use serde_json::Value;
use std::borrow::Cow;
use std::ops::Range;

/// A string that reads as the start of a values document but is not one YAML mapping.
pub(crate) struct Unreadable<'a> {
    /// Where the string is in its document.
    pub at: ValuePath,
    /// The outer file's name and text, and the offset there of what is wrong.
    path: &'a str,
    outer: &'a str,
    offset: usize,
    /// Why, for a person.
    message: String,
}

impl Unreadable<'_> {
    /// Why, located in the outer file (its line counted only now: most are never shown).
    pub fn error(&self) -> Diagnostic {
        Diagnostic::at(self.path, self.outer, self.offset, &self.message)
    }
}

/// A string of a candidate file whose text starts as a YAML mapping does: read as a candidate
/// of its own only when it could hold the values ([`Spot::read`]), since most never can.
pub(crate) struct Spot<'a> {
    /// Where the string is in its document.
    pub at: ValuePath,
    /// The string's text.
    pub text: String,
    /// The outer file: its index, name and text, and the document that holds the string.
    file: usize,
    path: &'a str,
    outer: &'a str,
    document: usize,
    /// How the string is written, and its bytes in the outer text.
    style: ScalarStyle,
    range: Range<usize>,
    /// The typing its text is read with.
    typing: Typing,
}

/// Every string of `files` whose text starts as a YAML mapping does, not yet parsed.
pub(crate) fn find<'a>(files: &[Parsed<'a>], typing: Typing) -> Vec<Spot<'a>> {
    let mut spots = Vec::new();
    for (index, file) in files.iter().enumerate() {
        // Most files hold no block scalar and no escaped line break: nothing to walk.
        let Cow::Borrowed(outer) = &file.text else {
            continue;
        };
        if !outer.contains('|') && !outer.contains('>') && !outer.contains("\\n") {
            continue;
        }
        for (document, root) in file.stream.documents.iter().enumerate() {
            for (at, node) in strings(&root.root, typing) {
                let (Some(style), Some(text)) = (node.scalar_style(), node.scalar_text()) else {
                    continue;
                };
                spots.push(Spot {
                    at,
                    text: text.to_string(),
                    file: index,
                    path: file.path,
                    outer,
                    document,
                    style,
                    range: node.range(),
                    typing,
                });
            }
        }
    }
    spots
}

impl<'a> Spot<'a> {
    /// The string parsed as a candidate; `Err(None)` when it holds no mapping at all, else why
    /// it is not one YAML mapping.
    pub fn read(self) -> Result<Parsed<'a>, Option<Unreadable<'a>>> {
        let typing = self.typing;
        let held = Held {
            file: self.file,
            outer: self.outer,
            document: self.document,
            at: self.at,
            carrier: Carrier::of_scalar(self.outer, self.style, self.range.clone(), &self.text),
            start: self.range.start,
        };
        let inner = self.text;
        let unreadable = |offset: usize, message: String| {
            let offset = held.outer_offset(&inner, offset);
            let what = format!(
                "`{}` holds a string that is not one YAML mapping: {message}",
                held.at
            );
            Some(Unreadable {
                at: held.at.clone(),
                path: self.path,
                outer: self.outer,
                offset,
                message: what,
            })
        };
        let limits = Limits::default();
        // Checked to decode, its values not built: they are decoded when asked for, as an
        // outer file's are (most held documents are only scored on their trees).
        let parsed = yaml::parse(&inner, &limits)
            .and_then(|stream| Ok((stream.check_json(typing, &limits)?, stream)));
        let (expanded, stream) = match parsed {
            Ok(parsed) => parsed,
            Err(error) => return Err(unreadable(error.offset(), error.message().to_string())),
        };
        match stream.documents.as_slice() {
            [document] if is_mapping(document, typing) => {}
            [_] => return Err(None),
            many => return Err(unreadable(0, format!("it holds {} documents", many.len()))),
        }
        let mut parsed = Parsed::new(
            self.path,
            Cow::Owned(inner),
            (stream, expanded),
            None,
            typing,
        );
        parsed.held = Some(held);
        Ok(parsed)
    }
}

/// Whether a document that decodes is a JSON object: its root a mapping, or an alias of one.
fn is_mapping(document: &yaml::Document, typing: Typing) -> bool {
    let view = yaml::View::new(document, typing);
    view.resolve(&document.root)
        .is_some_and(|root| matches!(root.kind(), NodeKind::Mapping { .. }))
}

/// Every string scalar under `root` whose text starts as a block mapping does (`key:` on its
/// first line that is not blank or a comment), with its path.
fn strings(root: &Node, typing: Typing) -> Vec<(ValuePath, &Node)> {
    let mut out = Vec::new();
    let mut path = Vec::new();
    walk(root, typing, &mut path, &mut out);
    out
}

/// A step of the walk's path: a key's node, or an index (a path is spelled, and its keys
/// read, only for a string found).
type Step<'n> = Result<&'n Node, usize>;

fn walk<'n>(
    node: &'n Node,
    typing: Typing,
    path: &mut Vec<Step<'n>>,
    out: &mut Vec<(ValuePath, &'n Node)>,
) {
    match node.kind() {
        NodeKind::Mapping { entries, .. } => {
            for entry in entries {
                path.push(Ok(&entry.key));
                walk(&entry.value, typing, path, out);
                path.pop();
            }
        }
        NodeKind::Sequence { items, .. } => {
            for (index, item) in items.iter().enumerate() {
                path.push(Err(index));
                walk(item, typing, path, out);
                path.pop();
            }
        }
        NodeKind::Scalar { text, .. } if node.tag().is_none() && starts_as_mapping(text) => {
            // A string under a key JSON cannot hold has no path.
            let segments = path.iter().map(|step| match step {
                Ok(key) => Some(Segment::Key(key.key_str(typing)?.into_owned())),
                Err(index) => Some(Segment::Index(*index)),
            });
            if let Some(segments) = segments.collect() {
                out.push((ValuePath::from_segments(segments), node));
            }
        }
        _ => {}
    }
}

/// Whether `text` spans lines and its first line that is not blank or a comment reads `key:`
/// or `key: value` (scripts, certificates and JSON do not).
fn starts_as_mapping(text: &str) -> bool {
    if !text.contains('\n') {
        return false;
    }
    let Some(first) = text
        .lines()
        .map(str::trim_start)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
    else {
        return false;
    };
    // A flow mapping, an explicit key, a tag or an anchor may open a mapping too; a sequence,
    // an alias, a block scalar or a directive does not.
    let opens = first.starts_with(['{', '?', '!', '&']);
    let not_mapping = first.starts_with(['-', '[', '*', '|', '>', '%', '@', '`']);
    let keyed = first.ends_with(':') || first.contains(": ");
    !not_mapping && (opens || keyed)
}

/// The values at `prefix` of `document`, reading through a string that holds a YAML mapping
/// (`spec.source.helm.values.server` when `spec.source.helm.values` is `|` text).
pub(crate) fn values_at<'v>(
    document: &'v Value,
    prefix: &ValuePath,
    typing: Typing,
) -> Option<Cow<'v, Value>> {
    let segments = prefix.segments();
    let mut node = document;
    for (i, segment) in segments.iter().enumerate() {
        node = match (segment, node) {
            (Segment::Key(key), Value::Object(map)) => map.get(key)?,
            (Segment::Index(at), Value::Array(items)) => items.get(*at)?,
            (_, Value::String(text)) => {
                let options = yaml::DecodeOptions {
                    typing,
                    ..Default::default()
                };
                let inner = yaml::decode(text, &options).ok()?.into_iter().next()?;
                let rest = ValuePath::from_segments(segments[i..].to_vec());
                return crate::path::get(&inner, &rest).cloned().map(Cow::Owned);
            }
            _ => return None,
        };
    }
    match node {
        Value::String(text) if starts_as_mapping(text) => {
            let options = yaml::DecodeOptions {
                typing,
                ..Default::default()
            };
            let inner = yaml::decode(text, &options).ok()?.into_iter().next()?;
            inner.is_object().then_some(Cow::Owned(inner))
        }
        _ => Some(Cow::Borrowed(node)),
    }
}

/// Places values under a prefix in the file that holds them, reading through the string on the
/// prefix's path that holds a YAML document, if there is one (parsed once, for every place).
pub(crate) struct Placer<'t> {
    outer: &'t str,
    root: &'t Node,
    typing: Typing,
    /// The string: how many segments of a path lead to it, its carrier, text and parse.
    held: Option<(usize, Carrier, &'t str, Stream)>,
}

impl<'t> Placer<'t> {
    /// Finds and parses the string on `prefix`'s path (the prefix itself included).
    pub fn new(outer: &'t str, root: &'t Node, prefix: &ValuePath, typing: Typing) -> Placer<'t> {
        let segments = prefix.segments();
        let held = (1..=segments.len()).find_map(|cut| {
            let node = root.get(&ValuePath::from_segments(segments[..cut].to_vec()), typing)?;
            let inner = node.scalar_text().filter(|text| starts_as_mapping(text))?;
            let carrier = Carrier::of(outer, node).ok()?;
            let stream = yaml::parse(inner, &Limits::default()).ok()?;
            Some((cut, carrier, inner, stream))
        });
        Placer {
            outer,
            root,
            typing,
            held,
        }
    }

    /// The offset in the outer text of the value at `path` (a missing key: the deepest part of
    /// its path that exists).
    pub fn offset(&self, path: &ValuePath) -> usize {
        let Some((cut, carrier, inner, stream)) = &self.held else {
            return self.root.offset_of(path, self.typing);
        };
        let rest =
            ValuePath::from_segments(path.segments().get(*cut..).unwrap_or_default().to_vec());
        let offset = stream
            .documents
            .first()
            .map_or(0, |document| document.root.offset_of(&rest, self.typing));
        carrier.outer_offset(self.outer, inner, offset)
    }
}
