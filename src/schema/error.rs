//! Why a schema could not be compiled.

use std::fmt;

use serde::Serialize;

/// What kind of problem stopped a schema from compiling.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SchemaErrorKind {
    /// The text is not JSON.
    NotJson,
    /// The JSON is not a valid schema for its draft (it fails the draft's meta-schema).
    InvalidSchema,
    /// A `$ref` names another document; nothing is ever fetched.
    RemoteReference,
    /// A `$ref` inside the document points at nothing.
    UnresolvableReference,
    /// `$schema` names a meta-schema that is not one of the known drafts.
    UnknownDraft,
}

/// Why a `values.schema.json` could not be used, with where in its text the problem is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct SchemaError(Box<Repr>);

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
struct Repr {
    kind: SchemaErrorKind,
    message: String,
    schema_path: Option<String>,
    offset: Option<usize>,
    line: Option<usize>,
    column: Option<usize>,
    urls: Vec<String>,
}

impl SchemaError {
    /// An error of `kind` with a human message and no position yet.
    pub(crate) fn new(kind: SchemaErrorKind, message: impl Into<String>) -> Self {
        SchemaError(Box::new(Repr {
            kind,
            message: message.into(),
            schema_path: None,
            offset: None,
            line: None,
            column: None,
            urls: Vec::new(),
        }))
    }

    /// This error with the JSON pointer of the offending place in the schema.
    pub(crate) fn at_schema_path(mut self, pointer: impl Into<String>) -> Self {
        self.0.schema_path = Some(pointer.into());
        self
    }

    /// This error with a byte offset and the line/column it falls on (1-based, column in chars).
    pub(crate) fn at_offset(mut self, lines: &crate::text::LineIndex<'_>, offset: usize) -> Self {
        let at = lines.line_col(offset);
        self.0.offset = Some(offset);
        self.0.line = Some(at.line);
        self.0.column = Some(at.column);
        self
    }

    /// This error naming the URLs that would have had to be fetched.
    pub(crate) fn with_urls(mut self, urls: Vec<String>) -> Self {
        self.0.urls = urls;
        self
    }

    /// The kind of problem.
    pub fn kind(&self) -> SchemaErrorKind {
        self.0.kind
    }

    /// The human message, without position.
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// The JSON pointer of the offending place in the schema document, when one is known.
    pub fn schema_path(&self) -> Option<&str> {
        self.0.schema_path.as_deref()
    }

    /// The UTF-8 byte offset of the offending place in the schema text, when known.
    pub fn offset(&self) -> Option<usize> {
        self.0.offset
    }

    /// The 1-based line of the offending place, when known.
    pub fn line(&self) -> Option<usize> {
        self.0.line
    }

    /// The 1-based column (in characters) of the offending place, when known.
    pub fn column(&self) -> Option<usize> {
        self.0.column
    }

    /// The URLs a remote `$ref` (or an unknown `$schema`) names; empty for other kinds.
    pub fn urls(&self) -> &[String] {
        &self.0.urls
    }
}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let (Some(line), Some(column)) = (self.0.line, self.0.column) {
            write!(f, "{line}:{column}: ")?;
        }
        f.write_str(&self.0.message)?;
        if let Some(pointer) = &self.0.schema_path {
            write!(f, " (at schema path '{pointer}')")?;
        }
        Ok(())
    }
}

impl std::error::Error for SchemaError {}
