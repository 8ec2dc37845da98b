//! Applying a plan to the original text: edits through the located model. Knows nothing of
//! how a plan is judged or reported.

pub mod edit;
pub mod embedded;
mod find;
mod header;
mod insert;
mod lines;
mod lookup;
mod moves;
pub mod op;
mod remove;
pub mod render;
mod reshape;
mod splicer;
mod tree;
pub mod values;
pub mod verify;

pub use edit::{Edit, EditError, apply};
pub use op::{Op, SetSource, becomes_item, becomes_value};
pub use splicer::{KeptComment, SpliceInput, SpliceKind, SpliceRefusal, Spliced};
pub use values::splice;

#[cfg(test)]
mod tests;
