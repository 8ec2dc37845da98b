//! Values migration as a plan (ADR 13): diagnose, the refusals, the plan.

pub mod plan;
pub mod tree;

#[cfg(test)]
mod tests;
