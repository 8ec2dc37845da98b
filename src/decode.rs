//! The `decode` capability: YAML text to one JSON value per document.

use crate::report::{DecodeResult, Diagnostic};
use crate::yaml::{self, DecodeOptions, LineIndex};

/// Decodes `text` (named `file` in errors) into a [`DecodeResult`].
pub fn decode(file: &str, text: &str, options: &DecodeOptions) -> DecodeResult {
    match yaml::decode(text, options) {
        Ok(documents) => DecodeResult {
            documents,
            errors: Vec::new(),
        },
        Err(e) => {
            let at = LineIndex::new(text).line_col(e.offset());
            DecodeResult {
                documents: Vec::new(),
                errors: vec![Diagnostic {
                    file: file.to_string(),
                    line: Some(at.line),
                    column: Some(at.column),
                    utf16_column: Some(at.utf16_column),
                    message: e.message().to_string(),
                }],
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::Typing;
    use serde_json::json;

    fn helm() -> DecodeOptions {
        DecodeOptions::default()
    }

    #[test]
    fn decodes_every_document_as_helm_reads_it() {
        let result = decode("v.yaml", "a: yes\n---\n- x\n- {b: 0x1F}\n", &helm());
        assert_eq!(result.errors, vec![]);
        assert_eq!(
            result.documents,
            vec![json!({"a": true}), json!(["x", {"b": 31}])]
        );
        let yaml12 = DecodeOptions {
            typing: Typing::Yaml12,
            ..DecodeOptions::default()
        };
        assert_eq!(
            decode("v.yaml", "a: yes\n", &yaml12).documents,
            vec![json!({"a": "yes"})]
        );
    }

    #[test]
    fn locates_a_syntax_error_in_characters_and_utf16() {
        let result = decode("v.yaml", "🎉: 1\nb: [1, 2\n", &helm());
        assert!(result.documents.is_empty());
        let error = &result.errors[0];
        assert_eq!(error.file, "v.yaml");
        assert!(error.line.is_some() && error.column.is_some(), "{error:?}");
    }
}
