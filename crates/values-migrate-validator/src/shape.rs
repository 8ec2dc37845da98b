//! What the draft meta-schemas assert about a schema, checked directly: every keyword's value
//! has the shape its draft allows, reported at the first offending value in document order.

use std::cmp::Ordering;

use serde_json::{Map, Value};

use super::Draft;
use super::compile::{CompileError, pattern};
use super::error::JsonType;
use super::literals::Written;
use super::number::Limit;
use super::refs::{ARRAYS, MAPS, SINGLE, escape};
use super::words::go_float;

/// Keywords whose value is a non-negative integer.
const COUNTS: &[&str] = &[
    "maxLength",
    "minLength",
    "maxItems",
    "minItems",
    "maxProperties",
    "minProperties",
    "maxContains",
    "minContains",
];
/// Keywords whose value is a string.
const STRINGS: &[&str] = &[
    "$ref",
    "$schema",
    "$comment",
    "$anchor",
    "$dynamicAnchor",
    "$dynamicRef",
    "$recursiveRef",
    "title",
    "description",
    "format",
    "pattern",
    "contentEncoding",
    "contentMediaType",
];

/// The JSON type of `value`, with whole numbers as `integer` (as error messages name it).
pub fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(n) if n.as_f64().is_some_and(|f| f.fract() == 0.0) => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn fail(message: String, at: &str) -> Result<(), CompileError> {
    Err(CompileError::Invalid(message, at.to_string()))
}

/// Helm's words for a keyword of the wrong type (santhosh-tekuri names every number `number`).
fn want(value: &Value, wanted: &str, at: &str) -> Result<(), CompileError> {
    let got = match value {
        Value::Number(_) => "number",
        other => type_name(other),
    };
    fail(format!("got {got}, want {wanted}"), at)
}

/// Checks `document` against what `draft`'s meta-schema asserts, its numbers as `written`.
pub(crate) fn check(document: &Value, draft: Draft, written: &Written) -> Result<(), CompileError> {
    schema(document, "", (draft, written), 0)
}

/// The draft a schema is read as, and its document's numbers as written.
type Reading<'w> = (Draft, &'w Written);

fn schema(value: &Value, at: &str, reading: Reading<'_>, depth: usize) -> Result<(), CompileError> {
    let (draft, written) = reading;
    if depth > 256 {
        return Ok(());
    }
    match value {
        Value::Object(object) => keywords(object, at, (draft.within(object), written), depth),
        Value::Bool(_) if draft > Draft::Draft4 => Ok(()),
        other if draft == Draft::Draft4 => want(other, "object", at),
        other => want(other, "boolean or object", at),
    }
}

fn keywords(
    object: &Map<String, Value>,
    at: &str,
    reading: Reading<'_>,
    depth: usize,
) -> Result<(), CompileError> {
    let (draft, _) = reading;
    for (keyword, value) in object {
        let here = format!("{at}/{}", escape(keyword));
        let k = keyword.as_str();
        // A keyword of a later draft is no keyword here: its meta-schema says nothing of it.
        if introduced(k).is_some_and(|first| draft < first) {
            continue;
        }
        if SINGLE.contains(&k) {
            if draft == Draft::Draft4 && k.starts_with("additional") && value.is_boolean() {
                continue;
            }
            schema(value, &here, reading, depth + 1)?;
        } else if ARRAYS.contains(&k) {
            let Value::Array(items) = value else {
                return want(value, "array", &here);
            };
            if items.is_empty() {
                return fail("minItems: got 0, want 1".to_string(), &here);
            }
            for (i, item) in items.iter().enumerate() {
                schema(item, &format!("{here}/{i}"), reading, depth + 1)?;
            }
        } else if MAPS.contains(&k) {
            let Value::Object(members) = value else {
                return want(value, "object", &here);
            };
            for (name, member) in members {
                schema(
                    member,
                    &format!("{here}/{}", escape(name)),
                    reading,
                    depth + 1,
                )?;
            }
        } else {
            other_keyword(k, value, &here, reading, depth)?;
        }
    }
    Ok(())
}

/// The draft whose meta-schema first describes keyword `k`, when later than draft-04.
fn introduced(k: &str) -> Option<Draft> {
    Some(match k {
        "$id" | "$ref" | "examples" | "contains" | "propertyNames" | "const" => Draft::Draft6,
        "$comment" | "readOnly" | "writeOnly" | "if" | "then" | "else" | "contentMediaType"
        | "contentEncoding" => Draft::Draft7,
        "$anchor"
        | "$recursiveRef"
        | "$recursiveAnchor"
        | "$vocabulary"
        | "$defs"
        | "dependentRequired"
        | "dependentSchemas"
        | "unevaluatedItems"
        | "unevaluatedProperties"
        | "maxContains"
        | "minContains"
        | "deprecated"
        | "contentSchema" => Draft::Draft201909,
        "prefixItems" | "$dynamicRef" | "$dynamicAnchor" => Draft::Draft202012,
        _ => return None,
    })
}

fn other_keyword(
    k: &str,
    value: &Value,
    here: &str,
    reading: Reading<'_>,
    depth: usize,
) -> Result<(), CompileError> {
    let (draft, written) = reading;
    match k {
        "type" => type_keyword(value, here, draft),
        "items" => match value {
            // 2020-12 moved the array form to `prefixItems`: its meta-schema wants one schema.
            Value::Array(_) if draft == Draft::Draft202012 => {
                want(value, "boolean or object", here)
            }
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    schema(item, &format!("{here}/{i}"), reading, depth + 1)?;
                }
                Ok(())
            }
            _ => schema(value, here, reading, depth + 1),
        },
        "enum" => match value {
            Value::Array(items) if draft == Draft::Draft4 && items.is_empty() => {
                fail("minItems: got 0, want 1".to_string(), here)
            }
            Value::Array(_) => Ok(()),
            other => want(other, "array", here),
        },
        "required" => string_array(value, here, draft == Draft::Draft4),
        "dependencies" | "dependentRequired" => dependencies(k, value, here, reading, depth),
        // Positive as written (`1e-400` is); Helm's words are its meta-schema's.
        "multipleOf" => match value {
            Value::Number(n) => match Limit::of(n, written.at(value)) {
                limit if limit.sign() == Ordering::Greater => Ok(()),
                limit => fail(
                    format!("exclusiveMinimum: got {}, want 0", go_float(limit.nearest)),
                    here,
                ),
            },
            other => want(other, "number", here),
        },
        "minimum" | "maximum" => number(value, here),
        "exclusiveMinimum" | "exclusiveMaximum" if draft == Draft::Draft4 => match value {
            Value::Bool(_) => Ok(()),
            other => want(other, "boolean", here),
        },
        "exclusiveMinimum" | "exclusiveMaximum" => number(value, here),
        "uniqueItems" | "readOnly" | "writeOnly" | "deprecated" | "$recursiveAnchor" => match value
        {
            Value::Bool(_) => Ok(()),
            other => want(other, "boolean", here),
        },
        "$id" => string(value, here),
        "id" if draft == Draft::Draft4 => string(value, here),
        "examples" => match value {
            Value::Array(_) => Ok(()),
            other => want(other, "array", here),
        },
        "pattern" => match value {
            Value::String(p) => match pattern(p) {
                Ok(_) => Ok(()),
                Err(reason) => fail(reason, here),
            },
            _ => string(value, here),
        },
        _ if COUNTS.contains(&k) => count(value, here, written),
        _ if STRINGS.contains(&k) => string(value, here),
        _ => Ok(()),
    }
}

fn string(value: &Value, at: &str) -> Result<(), CompileError> {
    match value {
        Value::String(_) => Ok(()),
        other => want(other, "string", at),
    }
}

fn number(value: &Value, at: &str) -> Result<(), CompileError> {
    match value {
        Value::Number(_) => Ok(()),
        other => want(other, "number", at),
    }
}

/// A non-negative integer as written (`1.0e1` is one, `1e-400` is not), in Helm's words.
fn count(value: &Value, at: &str, written: &Written) -> Result<(), CompileError> {
    let Value::Number(n) = value else {
        return want(value, "integer", at);
    };
    let limit = Limit::of(n, written.at(value));
    if !limit.is_whole() {
        return fail("got number, want integer".to_string(), at);
    }
    match limit.sign() {
        Ordering::Less => fail(
            format!("minimum: got {}, want 0", go_float(limit.nearest)),
            at,
        ),
        _ => Ok(()),
    }
}

fn string_array(value: &Value, at: &str, non_empty: bool) -> Result<(), CompileError> {
    let Value::Array(items) = value else {
        return want(value, "array", at);
    };
    if non_empty && items.is_empty() {
        return fail("minItems: got 0, want 1".to_string(), at);
    }
    for (i, item) in items.iter().enumerate() {
        string(item, &format!("{at}/{i}"))?;
    }
    let unique = items
        .iter()
        .enumerate()
        .all(|(i, a)| items[i + 1..].iter().all(|b| a != b));
    if !unique {
        return fail("items must be unique".to_string(), at);
    }
    Ok(())
}

fn dependencies(
    k: &str,
    value: &Value,
    at: &str,
    reading: Reading<'_>,
    depth: usize,
) -> Result<(), CompileError> {
    let Value::Object(members) = value else {
        return want(value, "object", at);
    };
    for (name, member) in members {
        let here = format!("{at}/{}", escape(name));
        match member {
            Value::Array(_) => string_array(member, &here, false)?,
            _ if k == "dependentRequired" => return want(member, "array", &here),
            _ => schema(member, &here, reading, depth + 1)?,
        }
    }
    Ok(())
}

fn type_keyword(value: &Value, at: &str, draft: Draft) -> Result<(), CompileError> {
    let known = |v: &Value| v.as_str().and_then(JsonType::from_name).is_some();
    let names = "'array', 'boolean', 'integer', 'null', 'number', 'object', 'string'";
    match value {
        Value::String(_) if known(value) => Ok(()),
        Value::Array(items) => {
            if draft == Draft::Draft4 && items.is_empty() {
                return fail("minItems: got 0, want 1".to_string(), at);
            }
            for (i, item) in items.iter().enumerate() {
                if !known(item) {
                    let here = format!("{at}/{i}");
                    return fail(format!("value must be one of {names}"), &here);
                }
            }
            let unique = items
                .iter()
                .enumerate()
                .all(|(i, a)| items[i + 1..].iter().all(|b| a != b));
            if unique {
                Ok(())
            } else {
                fail("items must be unique".to_string(), at)
            }
        }
        other => fail(
            format!(
                "anyOf failed: [0] value must be one of {names}; [1] got {}, want array",
                type_name(other)
            ),
            at,
        ),
    }
}
