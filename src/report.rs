//! The result shapes every surface speaks (CLI `--format json`, JavaScript, playground).

use serde::Serialize;

/// A located problem with an input: which file, where, and what.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Diagnostic {
    /// The file the problem is in, as the caller named it.
    pub file: String,
    /// The 1-based line, or `null` when the problem has no position.
    pub line: Option<usize>,
    /// The 1-based column in characters, or `null`.
    pub column: Option<usize>,
    /// The 1-based column in UTF-16 code units (what browser editors count), or `null`.
    pub utf16_column: Option<usize>,
    /// What is wrong, for a person.
    pub message: String,
}

/// What `decode` returns: one JSON value per document, or the errors that stopped it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DecodeResult {
    /// The decoded documents, in order; empty when `errors` is not.
    pub documents: Vec<serde_json::Value>,
    /// Why the text could not be decoded.
    pub errors: Vec<Diagnostic>,
}
