//! The located YAML model: a tree built from saphyr's events with byte ranges for every node,
//! line/column conversion at the edges, typing as Helm or YAML 1.2 reads scalars, and limits.

mod build;
mod direct;
mod error;
mod escapes;
mod flow;
mod gonum;
pub mod hazard;
mod helm_refusal;
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
mod words;

pub use crate::text::{LineCol, LineIndex};
pub use build::is_printable;
pub(crate) use direct::{EditRead, matches_edited_seen};
pub use direct::{Expected, Unchanged, matches_located};
pub use error::{YamlError, YamlErrorKind};
pub use helm_refusal::helm_refusal;
pub(crate) use helm_refusal::{
    helm_refusal_of, helm_refusal_of_edit, helm_suspect, helm_suspect_seen,
};
pub use limits::Limits;
pub use node::{
    Alias, Document, DuplicateKey, Entry, MergeKey, Node, NodeKind, PathStep, Properties,
    ScalarStyle, Stream,
};
pub use typing::{Typing, UnknownTyping};
pub use view::View;
pub(crate) use words::WordSets;

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
/// reader refuses is the error it gives ([`helm_refusal`]).
pub fn parse_as(text: &str, typing: Typing, limits: &Limits) -> Result<Stream, YamlError> {
    let built = build::build_seen(text, limits);
    match typing {
        Typing::Helm => helm_refusal::as_helm(text, built),
        _ => built.map(|(stream, _)| stream),
    }
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

/// Whether `text` decodes to exactly `expected` (every scalar typed, every key checked, aliases
/// and merge keys expanded within `limits`, no key written twice), compared straight from the
/// parser's events without building a value; `false` also for what this path does not handle
/// (tags, anchored or aliased keys, a merge of an inline mapping, what Helm's reader may refuse).
pub fn matches(text: &str, typing: Typing, limits: &Limits, expected: &Expected<'_>) -> bool {
    !helm_suspect(text, typing) && direct::matches(text, typing, limits, expected)
}
