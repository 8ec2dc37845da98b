//! Human messages for validation errors, worded as Helm prints them.

use super::validator::ValidationError;
use super::validator::type_name;
use super::validator::{ErrorKind as ValidationErrorKind, TypeKind};
use super::validator::{go_float, go_quote, grouped, unique_message};
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

fn number(value: &Value) -> String {
    go_float(value.as_f64().unwrap_or(f64::NAN))
}

/// `'a', 'b'` for a list of names.
pub(crate) fn quote_names<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    names
        .into_iter()
        .map(go_quote)
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
            Value::Array(members) if members.iter().any(|m| m.is_array() || m.is_object()) => {
                "'enum' failed".to_string()
            }
            Value::Array(members) if members.len() == 1 => {
                format!("value must be {}", quote(&members[0]))
            }
            Value::Array(members) => format!(
                "value must be one of {}",
                members.iter().map(quote).collect::<Vec<_>>().join(", ")
            ),
            other => format!("value must be one of {}", quote(other)),
        },
        ValidationErrorKind::Constant { expected_value }
            if expected_value.is_array() || expected_value.is_object() =>
        {
            "'const' failed".to_string()
        }
        ValidationErrorKind::Constant { expected_value } => {
            format!("value must be {}", quote(expected_value))
        }
        ValidationErrorKind::Pattern { pattern } => {
            format!("{} does not match pattern '{pattern}'", quote(instance))
        }
        ValidationErrorKind::Minimum { limit } => {
            format!("minimum: got {}, want {}", number(instance), number(limit))
        }
        ValidationErrorKind::Maximum { limit } => {
            format!("maximum: got {}, want {}", number(instance), number(limit))
        }
        ValidationErrorKind::ExclusiveMinimum { limit } => {
            format!(
                "exclusiveMinimum: got {}, want {}",
                number(instance),
                number(limit)
            )
        }
        ValidationErrorKind::ExclusiveMaximum { limit } => {
            format!(
                "exclusiveMaximum: got {}, want {}",
                number(instance),
                number(limit)
            )
        }
        ValidationErrorKind::MinLength { limit } => format!(
            "minLength: got {}, want {}",
            grouped(string_length(instance)),
            grouped(limit)
        ),
        ValidationErrorKind::MaxLength { limit } => format!(
            "maxLength: got {}, want {}",
            grouped(string_length(instance)),
            grouped(limit)
        ),
        ValidationErrorKind::MultipleOf { multiple_of } => format!(
            "multipleOf: got {}, want {}",
            number(instance),
            go_float(*multiple_of)
        ),
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
            Value::String(name) => format!("missing property {}", go_quote(name)),
            other => format!("missing property {other}"),
        },
        ValidationErrorKind::MinItems { limit } => format!(
            "minItems: got {}, want {}",
            grouped(items(instance)),
            grouped(limit)
        ),
        ValidationErrorKind::MaxItems { limit } => format!(
            "maxItems: got {}, want {}",
            grouped(items(instance)),
            grouped(limit)
        ),
        ValidationErrorKind::MinProperties { limit } => format!(
            "minProperties: got {}, want {}",
            grouped(members(instance)),
            grouped(limit)
        ),
        ValidationErrorKind::MaxProperties { limit } => format!(
            "maxProperties: got {}, want {}",
            grouped(members(instance)),
            grouped(limit)
        ),
        ValidationErrorKind::UniqueItems => unique_message(instance),
        ValidationErrorKind::AdditionalItems { limit } => format!(
            "last {} additionalItem(s) not allowed",
            grouped(items(instance).saturating_sub(*limit))
        ),
        ValidationErrorKind::UnevaluatedItems { .. } => "false schema".to_string(),
        ValidationErrorKind::Contains => "no items match contains schema".to_string(),
        _ => return None,
    })
}

/// The message for a type, a false schema or a combinator (`not`, `anyOf`, `oneOf`,
/// `propertyNames`), if it is one; combinators describe their branches' errors too.
fn schema_message(error: &ValidationError<'_>, document: Option<&Value>) -> Option<String> {
    Some(match error.kind() {
        ValidationErrorKind::Type { kind } => format!(
            "got {}, want {}",
            got_type(error.instance()),
            wanted_types(kind)
        ),
        ValidationErrorKind::FalseSchema => "false schema".to_string(),
        ValidationErrorKind::Not { .. } => "'not' failed".to_string(),
        ValidationErrorKind::PropertyNames { error } => format!(
            "invalid propertyName {}: {}",
            quote(error.instance()),
            describe_in(error, document)
        ),
        ValidationErrorKind::AnyOf { context } => {
            format!("'anyOf' failed: {}", branches(error, context, document))
        }
        ValidationErrorKind::OneOfNotValid { context } => {
            format!(
                "'oneOf' failed, none matched: {}",
                branches(error, context, document)
            )
        }
        ValidationErrorKind::OneOfMultipleValid => {
            "'oneOf' failed, more than one subschema matched".to_string()
        }
        _ => return None,
    })
}

/// The types a `type` error wants (`null or string`), in Helm's fixed order.
fn wanted_types(kind: &TypeKind) -> String {
    use super::validator::JsonType as T;
    const ORDER: [T; 7] = [
        T::Null,
        T::Boolean,
        T::Number,
        T::Integer,
        T::String,
        T::Array,
        T::Object,
    ];
    let wanted = |t: &T| match kind {
        TypeKind::Single(one) => one == t,
        TypeKind::Multiple(set) => set.contains(*t),
    };
    ORDER
        .iter()
        .filter(|t| wanted(t))
        .map(|t| t.as_str())
        .collect::<Vec<_>>()
        .join(" or ")
}

/// The type Helm names for a value: every number is a `number`.
fn got_type(value: &Value) -> &'static str {
    match value {
        Value::Number(_) => "number",
        other => type_name(other),
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
