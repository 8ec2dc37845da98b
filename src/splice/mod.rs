//! Applying a plan to the original text: edits through the located model. Knows nothing of
//! how a plan is judged or reported.

pub mod edit;
pub mod op;
pub mod render;
pub mod values;

pub use edit::{Edit, EditError, apply};
pub use op::{Op, SetSource};
pub use values::{KeptComment, SpliceInput, SpliceKind, SpliceRefusal, Spliced, splice};
