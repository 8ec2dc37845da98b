//! Values migration as a plan (ADR 13): diagnose, the refusals, the plan, splice and verify.

pub mod brief;
pub mod comment;
pub mod locate;
pub mod plan;
pub mod request;
pub mod run;
pub mod tree;

pub use request::{Named, Request, SourceFile};
pub use run::{diagnose, migrate};

#[cfg(test)]
mod tests;
