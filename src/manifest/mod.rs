//! Patching one scalar of a Kubernetes manifest in place (ADR-0020).

pub mod quantity;
