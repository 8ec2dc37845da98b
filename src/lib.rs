//! values-migrate: repairs a Helm chart's values after a chart bump broke them, and proves the repair.
#![warn(missing_docs)]

#[cfg(feature = "cli")]
pub mod cli;
pub mod path;
pub mod schema;

pub use path::{PathError, Segment, ValuePath};
