//! Text positions and located results: byte offsets inside, line and column only at the edges.

mod lines;
pub mod print;

pub use lines::{LineCol, LineIndex, utf16_len};

use serde::Serialize;

/// Whether `text` holds a `\r\n` (found from its `\r`s, which most texts have none of).
pub fn has_crlf(text: &str) -> bool {
    let bytes = text.as_bytes();
    text.match_indices('\r')
        .any(|(at, _)| bytes.get(at + 1) == Some(&b'\n'))
}

/// Where a result points: a file and, when it has one, a position in it (flattened into results).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
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
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
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
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
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

/// The field of a JSON text at byte `at`, as `files[1].text` (empty at the top level): where a
/// serde error points, named for the caller.
pub fn json_path_at(json: &str, at: usize) -> String {
    // Each open container: an object's last key, or an array's index so far.
    let mut stack: Vec<Result<String, usize>> = Vec::new();
    let mut key: Option<String> = None;
    let bytes = json.as_bytes();
    let mut i = 0;
    while i < at.min(bytes.len()) {
        match bytes[i] {
            b'{' => stack.push(Ok(String::new())),
            b'[' => stack.push(Err(0)),
            b'}' | b']' => {
                stack.pop();
            }
            b',' => match stack.last_mut() {
                Some(Err(n)) => *n += 1,
                Some(Ok(last)) => last.clear(),
                None => {}
            },
            b':' => {
                if let (Some(Ok(last)), Some(k)) = (stack.last_mut(), key.take()) {
                    *last = k;
                }
            }
            b'"' => {
                let end = values_migrate_validator::json_string_end(bytes, i);
                // A string in an object whose current key is not named yet is a key.
                if matches!(stack.last(), Some(Ok(last)) if last.is_empty()) {
                    key = serde_json::from_str::<String>(&json[i..end.min(json.len())]).ok();
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    // A key read but not yet followed by its value: the error is about that key.
    if let (Some(Ok(last)), Some(k)) = (stack.last_mut(), key) {
        *last = k;
    }
    let mut path = String::new();
    for level in &stack {
        match level {
            Ok(k) if k.is_empty() => {}
            Ok(k) if path.is_empty() => path.push_str(k),
            Ok(k) => path.push_str(&format!(".{k}")),
            Err(n) => path.push_str(&format!("[{n}]")),
        }
    }
    path
}

#[cfg(test)]
mod json_path_tests {
    use super::json_path_at;

    #[test]
    fn names_the_field_at_an_offset() {
        let json = r#"{"files":[{"path":"a","text":"x"},{"path":"b","text":1}],"schema":"{}"}"#;
        let at = json.find("1}").unwrap();
        assert_eq!(json_path_at(json, at), "files[1].text");
        let at = json.find(r#""{}""#).unwrap() + 1;
        assert_eq!(json_path_at(json, at), "schema");
        assert_eq!(json_path_at(json, 0), "");
        let tricky = r#"{"a":"x,\"]:{","b":[1,2,true]}"#;
        assert_eq!(json_path_at(tricky, tricky.find("true").unwrap()), "b[2]");
        let unknown = r#"{"files":[],"bogus":1}"#;
        assert_eq!(json_path_at(unknown, unknown.find(":1").unwrap()), "bogus");
    }
}
