//! What `patch` returns (docs/contract.md `values-migrate patch`).

use serde::Serialize;

use crate::text::FileResult;

/// The outcome of `patch` (docs/contract.md `values-migrate patch`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum PatchStatus {
    /// The one scalar was replaced and the result verified (or it already held the value).
    Patched,
    /// The file cannot be patched safely in place; a person must look at it.
    NeedsIntervention,
    /// An input could not be read: the YAML does not parse, or the request is malformed.
    Invalid,
}

/// What `patch` returns: the verdict, where in the file it points, and the file.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[cfg_attr(
    feature = "types",
    ts(rename = "PatchResult"),
    schemars(rename = "PatchResult")
)]
#[serde(rename_all = "camelCase")]
pub struct PatchReport {
    /// The outcome.
    pub status: PatchStatus,
    /// Why, for a person: what was replaced, or what stopped the patch.
    pub reason: String,
    /// The 1-based line the reason points at, or `null` when it has no place in the file.
    pub line: Option<usize>,
    /// The 1-based column in characters, or `null`.
    pub column: Option<usize>,
    /// The 1-based column in UTF-16 code units, or `null`.
    pub utf16_column: Option<usize>,
    /// The file before and after; `after` equals `before` unless the status is `patched`.
    pub file: FileResult,
}
