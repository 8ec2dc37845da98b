//! values-migrate: repairs a Helm chart's values after a chart bump broke them, and proves the repair.
#![warn(missing_docs)]

#[cfg(feature = "cli")]
pub mod cli;
pub mod decode;
pub mod diff;
pub mod manifest;
pub mod migrate;
pub mod path;
pub mod report;
pub mod schema;
pub mod splice;
pub mod validate;
#[cfg(target_arch = "wasm32")]
pub mod wasm;
#[cfg(target_arch = "wasm32")]
mod wasm_cli;
pub mod yaml;

pub use path::{PathError, Segment, ValuePath};
pub use yaml::{
    DecodeOptions, Document, Entry, Limits, LineCol, LineIndex, Node, NodeKind, ScalarStyle,
    Stream, Typing, YamlError, YamlErrorKind, parse,
};
