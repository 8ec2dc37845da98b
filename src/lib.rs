//! values-migrate: repairs a Helm chart's values after a chart bump broke them, and proves the repair.
#![warn(missing_docs)]

#[cfg(feature = "cli")]
pub mod cli;
pub mod path;
pub mod yaml;

pub use path::{PathError, Segment, ValuePath};
pub use yaml::{
    DecodeOptions, Document, Entry, Limits, LineCol, LineIndex, Node, NodeKind, ScalarStyle,
    Stream, Typing, YamlError, YamlErrorKind, decode, parse,
};
