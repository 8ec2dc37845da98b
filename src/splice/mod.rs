//! Applying a plan to the original text: edits through the located model, then verification.

pub mod edit;

pub use edit::{Edit, EditError, apply};
