//! Human messages for validation errors: Helm's words, as the validator writes them for each
//! keyword, with a combinator's failed subschemas (and a refused key's reasons) summed up.

use super::validator::ErrorKind as ValidationErrorKind;
use super::validator::ValidationError;
use super::validator::go_quote;
use serde_json::Value;

/// A value as Helm quotes it in messages: strings in single quotes (Go's escapes), `null` as
/// `<nil>`, everything else as JSON.
pub(crate) fn quote(value: &Value) -> String {
    match value {
        Value::String(s) => go_quote(s),
        Value::Null => "<nil>".to_string(),
        other => other.to_string(),
    }
}

/// The message for one error: Helm's words, and for an `anyOf`, a `oneOf` none of whose
/// subschemas matched or a refused property name, what failed under it.
pub(crate) fn describe(error: &ValidationError<'_>) -> String {
    match error.kind() {
        ValidationErrorKind::PropertyNames { error: inner } => {
            format!("{error}: {}", describe(inner))
        }
        ValidationErrorKind::AnyOf { context } | ValidationErrorKind::OneOfNotValid { context } => {
            format!("{error}: {}", branches(error, context))
        }
        _ => error.to_string(),
    }
}

/// `[0] got string, want array; [1] …`: one summary per alternative, deeper paths named.
fn branches(parent: &ValidationError<'_>, context: &[Vec<ValidationError<'static>>]) -> String {
    let base = parent.instance_path();
    context
        .iter()
        .enumerate()
        .map(|(i, errors)| {
            let parts: Vec<String> = errors
                .iter()
                .map(|e| match e.instance_path().strip_prefix(base) {
                    Some("") | None => describe(e),
                    Some(rest) => format!("at '{rest}': {}", describe(e)),
                })
                .collect();
            format!("[{i}] {}", parts.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}
