//! The located YAML model: a tree built from saphyr's events with byte ranges for every node,
//! line/column conversion at the edges, typing as Helm or YAML 1.2 reads scalars, and limits.

mod build;
mod direct;
mod error;
mod escapes;
mod flow;
mod gonum;
pub mod hazard;
mod json;
mod limits;
mod names;
mod node;
pub mod number;
mod offsets;
mod separator;
mod source;
mod tabs;
mod typing;
mod view;

pub use crate::text::{LineCol, LineIndex};
pub use build::is_printable;
pub(crate) use direct::matches_edited_seen;
pub use direct::{Expected, Unchanged, matches_located};
pub use error::{YamlError, YamlErrorKind};
pub use limits::Limits;
pub use node::{
    Alias, Document, DuplicateKey, Entry, MergeKey, Node, NodeKind, PathStep, Properties,
    ScalarStyle, Stream,
};
pub use typing::{Typing, UnknownTyping};
pub(crate) use values_migrate_yaml_parser::Seen;
pub use view::View;

/// Options for [`decode`]: how scalars are typed and the limits that apply.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DecodeOptions {
    /// How scalars are typed.
    pub typing: Typing,
    /// The limits on input size, nesting and alias expansion.
    pub limits: Limits,
}

/// Parses `text` into a located stream of documents.
pub fn parse(text: &str, limits: &Limits) -> Result<Stream, YamlError> {
    build::build(text, limits)
}

/// Decodes every document of `text` to a JSON value.
pub fn decode(text: &str, options: &DecodeOptions) -> Result<Vec<serde_json::Value>, YamlError> {
    // Most texts need no located tree; the others (and every error) go through one.
    if let Some(documents) = decode_direct(text, options.typing, &options.limits) {
        return Ok(documents);
    }
    let stream = parse_as(text, options.typing, &options.limits)?;
    stream.to_json(options.typing, &options.limits)
}

/// Parses `text` into a located stream as `typing`'s reader reads it: under `helm`, what Helm's
/// reader refuses is the error it gives ([`helm_refusal`]; a line its document splitter refuses
/// comes before any error of the YAML itself after it).
pub fn parse_as(text: &str, typing: Typing, limits: &Limits) -> Result<Stream, YamlError> {
    let helm = typing == Typing::Helm;
    let (stream, seen) = build::build_seen(text, limits).map_err(|error| {
        match separator::helm_refusal(text).filter(|s| helm && s.offset() <= error.offset()) {
            Some(splitter) => splitter,
            None => error,
        }
    })?;
    match helm
        .then(|| refusal_seen(text, &stream, Some(seen)))
        .flatten()
    {
        Some(error) => Err(error),
        None => Ok(stream),
    }
}

/// The first of what Helm's reader refuses in `text` (parsed into `stream`) that this crate's
/// reader reads — a line Helm's document splitter refuses (separator.rs), a tab go-yaml refuses
/// (tabs.rs), a `\/` escape (escapes.rs), an anchor's name go-yaml reads otherwise (names.rs),
/// a plain scalar of a flow collection it reads otherwise (flow.rs) — as a syntax error in
/// Helm's words; `None` when Helm reads it all.
///
/// A text without a feature pays no walk of its tree for it: each walk runs only where its
/// cheap scan of the text says it may find something.
pub fn helm_refusal(text: &str, stream: &Stream) -> Option<YamlError> {
    refusal_seen(text, stream, None)
}

/// [`helm_refusal`], told what the scanner met in `text` when it is known: the anchors' names
/// are read only when one holds a character go-yaml does not take, the flow collections' scalars
/// and keys only when the scanner met one go-yaml may read otherwise (else the text's cheap
/// scans say where to look).
fn refusal_seen(text: &str, stream: &Stream, seen: Option<Seen>) -> Option<YamlError> {
    let names = seen.map_or_else(|| names::may_refuse(text), |seen| seen.odd_anchor);
    let flow = seen.map_or_else(|| flow::may_refuse(text), |seen| seen.flow_suspect);
    [
        separator::helm_refusal(text),
        tabs::helm_refusal(text, stream),
        escapes::helm_refusal(text, stream),
        names.then(|| names::helm_refusal(text, stream)).flatten(),
        flow.then(|| flow::helm_refusal(text, stream)).flatten(),
    ]
    .into_iter()
    .flatten()
    .min_by_key(YamlError::offset)
}

/// The first of what Helm's reader refuses in `text` that this crate's reader reads, parsed
/// here only when the text may hold one ([`helm_may_refuse`], told what a parse of the text's
/// events met when the caller made one); `None` too when the text does not parse.
pub(crate) fn helm_refusal_of(text: &str, seen: Option<Seen>) -> Option<YamlError> {
    if !helm_may_refuse(text, seen) {
        return None;
    }
    let (stream, seen) = build::build_seen(text, &Limits::default()).ok()?;
    refusal_seen(text, &stream, Some(seen))
}

/// Whether `text` may hold what Helm's reader refuses and this crate's reads ([`helm_refusal`]
/// says, on its located tree), told what the scanner met in it when a parse of its events did:
/// then the anchors' names and the flow collections are the scanner's to tell, not the text's.
fn helm_may_refuse(text: &str, seen: Option<Seen>) -> bool {
    tabs::may_refuse(text)
        || escapes::may_refuse(text)
        || seen.map_or_else(|| names::may_refuse(text), |seen| seen.odd_anchor)
        || seen.map_or_else(|| flow::may_refuse(text), |seen| seen.flow_suspect)
        || separator::helm_refusal(text).is_some()
}

/// Whether a text whose events were read whole (under `typing`, the scanner having met `seen`)
/// may hold what Helm's reader refuses that only its tokens tell: an anchor's name go-yaml reads
/// otherwise, or a plain scalar of a flow collection ([`helm_may_refuse`]'s other checks are made
/// on the text before its events are read).
pub(crate) fn helm_suspect_seen(typing: Typing, seen: Seen) -> bool {
    typing == Typing::Helm && (seen.odd_anchor || seen.flow_suspect)
}

/// Every document of `text` as JSON straight from the parser's events, when the text holds no
/// anchor, alias, tag, merge key, repeated key or complex key, nor a tab or line Helm's reader
/// may refuse (else `None`): the same values as [`decode`], without building a located tree.
pub fn decode_direct(
    text: &str,
    typing: Typing,
    limits: &Limits,
) -> Option<Vec<serde_json::Value>> {
    if helm_suspect(text, typing) {
        return None;
    }
    direct::decode(text, typing, limits)
}

/// Whether `text`, read as `typing`, may hold what Helm's reader refuses that its text tells
/// ([`helm_may_refuse`] but for the anchors' names and the flow collections, which the direct
/// paths ask of the scanner once the events are read: [`helm_suspect_seen`]).
fn helm_suspect(text: &str, typing: Typing) -> bool {
    typing == Typing::Helm
        && (tabs::may_refuse(text)
            || escapes::may_refuse(text)
            || separator::helm_refusal(text).is_some())
}

/// Whether `text` decodes to exactly `expected` (every scalar typed, every key checked, aliases
/// and merge keys expanded within `limits`, no key written twice), compared straight from the
/// parser's events without building a value; `false` also for what this path does not handle
/// (tags, anchored or aliased keys, a merge of an inline mapping, what Helm's reader may refuse).
pub fn matches(text: &str, typing: Typing, limits: &Limits, expected: &Expected<'_>) -> bool {
    !helm_suspect(text, typing) && direct::matches(text, typing, limits, expected)
}
