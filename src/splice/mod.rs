//! Applying a plan to the original text: edits through the located model.

pub mod edit;
pub mod render;
pub mod values;

pub use edit::{Edit, EditError, apply};
