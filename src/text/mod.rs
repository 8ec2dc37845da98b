//! Text positions and located results: byte offsets inside, line and column only at the edges.

mod lines;

pub use lines::{LineCol, LineIndex};

use serde::Serialize;

/// Where a result points: a file and, when it has one, a position in it (flattened into results).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    /// The file, as the caller named it, or `null`.
    pub file: Option<String>,
    /// The 1-based line, or `null`.
    pub line: Option<usize>,
    /// The 1-based column in characters, or `null`.
    pub column: Option<usize>,
    /// The 1-based column in UTF-16 code units (what browser editors count), or `null`.
    pub utf16_column: Option<usize>,
}

impl Location {
    /// A file as a whole, with no position in it.
    pub fn file(name: &str) -> Location {
        Location {
            file: Some(name.to_string()),
            ..Location::default()
        }
    }

    /// The byte `offset` of the text `lines` indexes, in file `name`.
    pub fn at(name: &str, lines: &LineIndex<'_>, offset: usize) -> Location {
        let at = lines.line_col(offset);
        Location {
            file: Some(name.to_string()),
            line: Some(at.line),
            column: Some(at.column),
            utf16_column: Some(at.utf16_column),
        }
    }

    /// The byte `offset` of `text` in file `name`, or the file alone when there is no offset.
    pub fn in_text(name: &str, text: &str, offset: Option<usize>) -> Location {
        match offset {
            Some(offset) => Location::at(name, &LineIndex::new(text), offset),
            None => Location::file(name),
        }
    }

    /// Formats as `file:line:column`, leaving out what is unknown.
    pub fn prefix(&self) -> String {
        let mut out = self.file.clone().unwrap_or_default();
        if let (Some(line), Some(column)) = (self.line, self.column) {
            out.push_str(&format!(":{line}:{column}"));
        }
        out
    }
}

/// A located problem with an input: which file, where, and what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Diagnostic {
    /// Where: the file always, the position when there is one.
    #[serde(flatten)]
    pub at: Location,
    /// What is wrong, for a person.
    pub message: String,
}

impl Diagnostic {
    /// A problem with `file` as a whole.
    pub fn in_file(file: &str, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            at: Location::file(file),
            message: message.into(),
        }
    }

    /// A problem at byte `offset` of `text`, the contents of `file`.
    pub fn at(file: &str, text: &str, offset: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            at: Location::in_text(file, text, Some(offset)),
            message: message.into(),
        }
    }
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.at.prefix(), self.message)
    }
}

/// One file of a result: its text before and after, and the unified diff.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FileResult {
    /// The file's name as given.
    pub path: String,
    /// Whether the text changes.
    pub changed: bool,
    /// The original text.
    pub before: String,
    /// The new text (equal to `before` when unchanged).
    pub after: String,
    /// The unified diff; empty when unchanged.
    pub diff: String,
}

impl FileResult {
    /// A file left as it was.
    pub fn unchanged(path: &str, text: &str) -> FileResult {
        FileResult {
            path: path.to_string(),
            changed: false,
            before: text.to_string(),
            after: text.to_string(),
            diff: String::new(),
        }
    }

    /// A file edited from `before` to `after`, with its diff.
    pub fn edited(path: &str, before: &str, after: String) -> FileResult {
        FileResult {
            path: path.to_string(),
            changed: before != after,
            diff: crate::diff::unified(path, before, &after),
            before: before.to_string(),
            after,
        }
    }
}
