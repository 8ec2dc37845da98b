//! The located YAML model: a tree built from saphyr's events with byte ranges for every node,
//! line/column conversion at the edges, typing as Helm or YAML 1.2 reads scalars, and limits.

mod build;
mod error;
mod gonum;
pub mod hazard;
mod json;
mod limits;
mod node;
mod offsets;
mod source;
mod typing;

pub use crate::text::{LineCol, LineIndex};
pub use build::is_printable;
pub use error::{YamlError, YamlErrorKind};
pub use limits::Limits;
pub use node::{
    Alias, Document, DuplicateKey, Entry, MergeKey, Node, NodeKind, PathStep, Properties,
    ScalarStyle, Stream,
};
pub use typing::{Typing, UnknownTyping};

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
    parse(text, &options.limits)?.to_json(options.typing, &options.limits)
}
