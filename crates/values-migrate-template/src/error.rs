//! A template Go's parser refuses: the file, the byte offset, and Go's words.

use std::fmt;

/// The words of the one refusal that is this port's, not Go's: controls nested past the limit.
pub(crate) const NESTING_LIMIT: &str = "max control nesting depth exceeded";

/// Why a template could not be parsed, where (line and column are computed from the offset).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    file: String,
    offset: usize,
    line: usize,
    column: usize,
    message: String,
}

impl ParseError {
    /// An error at `offset` of `text`.
    pub(crate) fn new(file: &str, text: &str, offset: usize, message: String) -> ParseError {
        let offset = offset.min(text.len());
        let before = text.get(..offset).unwrap_or("");
        let line = 1 + before.matches('\n').count();
        let start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = 1 + before.get(start..).unwrap_or("").chars().count();
        ParseError {
            file: file.to_string(),
            offset,
            line,
            column,
            message,
        }
    }

    /// Whether the parse stopped at this port's nesting limit (which Go does not have): a
    /// refusal of the port, not Go's answer.
    pub fn is_nesting_limit(&self) -> bool {
        self.message == NESTING_LIMIT
    }

    /// What is wrong, in Go's words.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The byte offset in the template's text.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The 1-based line.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The 1-based column, in characters.
    pub fn column(&self) -> usize {
        self.column
    }

    /// The template file.
    pub fn file(&self) -> &str {
        &self.file
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ParseError {}
