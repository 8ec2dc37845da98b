//! values-migrate: repairs a Helm chart's values after a chart bump broke them, and proves the repair.
//!
//! Layers, lowest first; a module uses only modules of the groups before its own (imports point
//! down only; `tests/integration/structure.rs` holds them): `order` (beneath every layer);
//! `diff`; `text`, `path`; `yaml`; `schema`, `reads`, `splice` (none knows another); `manifest`,
//! `migrate`, `decode` (the first two do not know each other); `chart`, `migration`; `render`;
//! `behaviour`; `exit`, `api`; `wasm`, `cli`, `types`; `wasm_cli`. Beneath them all, the
//! workspace's own crates: `crates/values-migrate-yaml-parser`, `-validator`, `-template`,
//! `-render`, `-regexp` and `-unicode`. See docs/ARCHITECTURE.md.
#![warn(missing_docs)]

#[cfg(any(target_arch = "wasm32", feature = "types"))]
pub mod api;
#[cfg(feature = "render")]
pub mod behaviour;
pub mod chart;
#[cfg(feature = "cli")]
pub mod cli;
pub mod decode;
pub mod diff;
#[cfg(feature = "cli")]
mod exit;
pub mod manifest;
pub mod migrate;
pub mod migration;
mod order;
pub mod path;
pub mod reads;
#[cfg(feature = "render")]
pub mod render;
pub mod schema;
pub mod splice;
pub mod text;
#[cfg(feature = "types")]
pub mod types;
#[cfg(target_arch = "wasm32")]
pub mod wasm;
#[cfg(all(target_arch = "wasm32", feature = "cli"))]
mod wasm_cli;
pub mod yaml;

pub use migrate::Session;
pub use path::{PathError, Segment, ValuePath};
pub use text::{Diagnostic, FileResult, LineCol, LineIndex, Location};
pub use yaml::{
    DecodeOptions, Document, Entry, Limits, Node, NodeKind, ScalarStyle, Stream, Typing, YamlError,
    YamlErrorKind, parse,
};

/// The result shapes under their former module, for callers of 0.1.
pub mod report {
    pub use crate::decode::DecodeResult;
    pub use crate::manifest::{PatchReport, PatchStatus};
    pub use crate::migrate::outcome::*;
    pub use crate::text::{Diagnostic, FileResult};
}
