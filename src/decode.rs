//! The `decode` capability: YAML text to one JSON value per document.

use serde::Serialize;

use crate::text::Diagnostic;
use crate::yaml::{self, DecodeOptions};

/// What `decode` returns: one JSON value per document, or the errors that stopped it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct DecodeResult {
    /// The decoded documents, in order; empty when `errors` is not.
    #[cfg_attr(feature = "types", ts(type = "unknown[]"))]
    pub documents: Vec<serde_json::Value>,
    /// Why the text could not be decoded.
    pub errors: Vec<Diagnostic>,
}

/// Decodes `text` (named `file` in errors) into a [`DecodeResult`].
pub fn decode(file: &str, text: &str, options: &DecodeOptions) -> DecodeResult {
    match yaml::decode(text, options) {
        Ok(documents) => DecodeResult {
            documents,
            errors: Vec::new(),
        },
        Err(e) => DecodeResult {
            documents: Vec::new(),
            errors: vec![Diagnostic::at(file, text, e.offset(), e.message())],
        },
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
        assert_eq!(error.at.file.as_deref(), Some("v.yaml"));
        assert!(
            error.at.line.is_some() && error.at.column.is_some(),
            "{error:?}"
        );
    }
}
