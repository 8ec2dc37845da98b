//! Texts and results about them: byte offsets inside, line and column only at the edges
//! (`location.rs`, the one place a byte offset becomes a line and column).

mod location;
pub mod print;

pub use location::{Diagnostic, LineCol, LineIndex, Location, TextOffset, utf16_len};
pub(crate) use location::{line_around, without_ending};

use serde::Serialize;

/// Whether `text` holds a `\r\n` (found from its `\r`s, which most texts have none of).
pub fn has_crlf(text: &str) -> bool {
    let bytes = text.as_bytes();
    text.match_indices('\r')
        .any(|(at, _)| bytes.get(at + 1) == Some(&b'\n'))
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
        let diff = crate::diff::unified(path, before, &after);
        FileResult {
            path: path.to_string(),
            // A diff is written only for texts that differ (the texts compared again only then).
            changed: !diff.is_empty() || before != after,
            diff,
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
