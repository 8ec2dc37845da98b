//! The `decode` capability: YAML text to one JSON value per document.

use crate::report::{DecodeResult, Diagnostic};
use crate::yaml;

/// Decodes `text` (named `file` in errors) into a [`DecodeResult`].
pub fn decode(file: &str, text: &str) -> DecodeResult {
    match yaml::decode(text) {
        Ok(documents) => DecodeResult {
            documents,
            errors: Vec::new(),
        },
        Err(e) => {
            let position =
                (e.line > 0).then(|| (e.line, e.column, utf16_column(text, e.line, e.column)));
            DecodeResult {
                documents: Vec::new(),
                errors: vec![Diagnostic {
                    file: file.to_string(),
                    line: position.map(|p| p.0),
                    column: position.map(|p| p.1),
                    utf16_column: position.map(|p| p.2),
                    message: e.message,
                }],
            }
        }
    }
}

/// The 1-based UTF-16 column of the 1-based character `column` on 1-based `line`.
fn utf16_column(text: &str, line: usize, column: usize) -> usize {
    let Some(line_text) = text.split('\n').nth(line - 1) else {
        return column;
    };
    1 + line_text
        .chars()
        .take(column.saturating_sub(1))
        .map(char::len_utf16)
        .sum::<usize>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn decodes_every_document() {
        let result = decode("v.yaml", "a: 1\n---\n- x\n- {b: true}\n");
        assert_eq!(result.errors, vec![]);
        assert_eq!(
            result.documents,
            vec![json!({"a": 1}), json!(["x", {"b": true}])]
        );
    }

    #[test]
    fn locates_a_syntax_error() {
        let result = decode("v.yaml", "a: 1\nb: [1, 2\n");
        assert!(result.documents.is_empty());
        let error = &result.errors[0];
        assert_eq!(error.file, "v.yaml");
        assert!(error.line.is_some() && error.column.is_some(), "{error:?}");
    }

    #[test]
    fn counts_utf16_columns() {
        assert_eq!(utf16_column("🎉x: [\n", 1, 3), 4);
        assert_eq!(utf16_column("é: 1\n", 1, 2), 2);
    }
}
