//! Human messages for validation errors, worded as Helm prints them.

use super::validator::ValidationError;
use super::validator::type_name;
use super::validator::{ErrorKind as ValidationErrorKind, TypeKind};
use serde_json::Value;

/// A value as Helm quotes it in messages: strings in single quotes, everything else as JSON.
pub(crate) fn quote(value: &Value) -> String {
    match value {
        Value::String(s) => format!("'{s}'"),
        other => other.to_string(),
    }
}

/// `'a', 'b'` for a list of names.
pub(crate) fn quote_names<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    names
        .into_iter()
        .map(|n| format!("'{n}'"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The message for one error in Helm's words where Helm has words for it, naming a type list in the order the schema `document` writes it, when it can.
pub(crate) fn describe_in(error: &ValidationError<'_>, document: Option<&Value>) -> String {
    let (kind, instance) = (error.kind(), error.instance());
    value_message(kind, instance)
        .or_else(|| container_message(kind, instance))
        .or_else(|| schema_message(error, document))
        .unwrap_or_else(|| error.to_string())
}

/// The message for a rule on a value's own content (enum, bounds, pattern, format), if it is one.
fn value_message(kind: &ValidationErrorKind, instance: &Value) -> Option<String> {
    Some(match kind {
        ValidationErrorKind::Enum { options } => match options {
            Value::Array(members) => format!(
                "value must be one of {}",
                members.iter().map(quote).collect::<Vec<_>>().join(", ")
            ),
            other => format!("value must be one of {}", quote(other)),
        },
        ValidationErrorKind::Constant { expected_value } => {
            format!("value must be {}", quote(expected_value))
        }
        ValidationErrorKind::Pattern { pattern } => {
            format!("{} does not match pattern '{pattern}'", quote(instance))
        }
        ValidationErrorKind::Minimum { limit } => {
            format!("must be >= {limit} but found {instance}")
        }
        ValidationErrorKind::Maximum { limit } => {
            format!("must be <= {limit} but found {instance}")
        }
        ValidationErrorKind::ExclusiveMinimum { limit } => {
            format!("must be > {limit} but found {instance}")
        }
        ValidationErrorKind::ExclusiveMaximum { limit } => {
            format!("must be < {limit} but found {instance}")
        }
        ValidationErrorKind::MinLength { limit } => {
            format!("minLength: got {}, want {limit}", string_length(instance))
        }
        ValidationErrorKind::MaxLength { limit } => {
            format!("maxLength: got {}, want {limit}", string_length(instance))
        }
        ValidationErrorKind::MultipleOf { multiple_of } => {
            format!("{instance} not multipleOf {multiple_of}")
        }
        ValidationErrorKind::Format { format } => {
            format!("{} is not valid {format}", quote(instance))
        }
        _ => return None,
    })
}

/// The message for a rule on an object's properties or an array's items, if it is one.
fn container_message(kind: &ValidationErrorKind, instance: &Value) -> Option<String> {
    Some(match kind {
        ValidationErrorKind::AdditionalProperties { unexpected } => format!(
            "additional properties {} not allowed",
            quote_names(unexpected.iter().map(String::as_str))
        ),
        ValidationErrorKind::UnevaluatedProperties { unexpected } => format!(
            "unevaluated properties {} not allowed",
            quote_names(unexpected.iter().map(String::as_str))
        ),
        ValidationErrorKind::Required { property } => match property {
            Value::String(name) => format!("missing property '{name}'"),
            other => format!("missing property {other}"),
        },
        ValidationErrorKind::MinItems { limit } => {
            format!("minItems: got {}, want {limit}", items(instance))
        }
        ValidationErrorKind::MaxItems { limit } => {
            format!("maxItems: got {}, want {limit}", items(instance))
        }
        ValidationErrorKind::MinProperties { limit } => {
            format!("minProperties: got {}, want {limit}", members(instance))
        }
        ValidationErrorKind::MaxProperties { limit } => {
            format!("maxProperties: got {}, want {limit}", members(instance))
        }
        ValidationErrorKind::UniqueItems => "items are not unique".to_string(),
        ValidationErrorKind::AdditionalItems { limit } => {
            format!("additional items not allowed (at most {limit})")
        }
        ValidationErrorKind::UnevaluatedItems { .. } => "unevaluated items not allowed".to_string(),
        ValidationErrorKind::Contains => "no items match contains".to_string(),
        _ => return None,
    })
}

/// The message for a type, a false schema or a combinator (`not`, `anyOf`, `oneOf`,
/// `propertyNames`), if it is one; combinators describe their branches' errors too.
fn schema_message(error: &ValidationError<'_>, document: Option<&Value>) -> Option<String> {
    Some(match error.kind() {
        ValidationErrorKind::Type { kind } => format!(
            "got {}, want {}",
            type_name(error.instance()),
            wanted_types(error, kind, document)
        ),
        ValidationErrorKind::FalseSchema => "not allowed (the schema here is false)".to_string(),
        ValidationErrorKind::Not { .. } => "'not' failed".to_string(),
        ValidationErrorKind::PropertyNames { error } => format!(
            "invalid propertyName {}: {}",
            quote(error.instance()),
            describe_in(error, document)
        ),
        ValidationErrorKind::AnyOf { context } => {
            format!("anyOf failed: {}", branches(error, context, document))
        }
        ValidationErrorKind::OneOfNotValid { context } => {
            format!(
                "oneOf failed, none matched: {}",
                branches(error, context, document)
            )
        }
        ValidationErrorKind::OneOfMultipleValid => {
            "oneOf failed, more than one subschema matched".to_string()
        }
        _ => return None,
    })
}

/// The types a `type` error wants (`string or null`), in the schema `document`'s order when
/// it writes the same set.
fn wanted_types(error: &ValidationError<'_>, kind: &TypeKind, document: Option<&Value>) -> String {
    match kind {
        TypeKind::Single(t) => t.to_string(),
        TypeKind::Multiple(set) => {
            let mut names: Vec<String> = set.iter().map(|t| t.to_string()).collect();
            // The set has its own order; the schema's is the one its author reads.
            let written = document
                .and_then(|d| d.pointer(error.schema_path()))
                .and_then(Value::as_array)
                .map(|ts| {
                    ts.iter()
                        .filter_map(Value::as_str)
                        .map(str::to_string)
                        .collect::<Vec<_>>()
                });
            // Both are sets (the shape check refuses a repeated type name).
            if let Some(written) =
                written.filter(|w| crate::order::set(w) == crate::order::set(&names))
            {
                names = written;
            }
            names.join(" or ")
        }
    }
}

/// `[0] got string, want array; [1] …`: one summary per alternative, deeper paths named.
fn branches(
    parent: &ValidationError<'_>,
    context: &[Vec<ValidationError<'static>>],
    document: Option<&Value>,
) -> String {
    let base = parent.instance_path();
    context
        .iter()
        .enumerate()
        .map(|(i, errors)| {
            let parts: Vec<String> = errors
                .iter()
                .map(|e| {
                    let here = e.instance_path();
                    match here.strip_prefix(base) {
                        Some("") | None => describe_in(e, document),
                        Some(rest) => format!("at '{rest}': {}", describe_in(e, document)),
                    }
                })
                .collect();
            format!("[{i}] {}", parts.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn string_length(value: &Value) -> usize {
    value.as_str().map_or(0, |s| s.chars().count())
}

fn items(value: &Value) -> usize {
    value.as_array().map_or(0, Vec::len)
}

fn members(value: &Value) -> usize {
    value.as_object().map_or(0, serde_json::Map::len)
}
