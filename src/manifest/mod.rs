//! Patching one scalar of a Kubernetes manifest in place (ADR-0020).

mod identity;
pub mod patch;
pub mod quantity;
mod refuse;
pub mod report;

pub use patch::{PatchRequest, patch};
pub use report::{PatchReport, PatchStatus};
