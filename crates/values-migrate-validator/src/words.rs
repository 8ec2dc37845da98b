//! Helm's words: what santhosh-tekuri/jsonschema v6 prints for each failed keyword (`got 5,
//! want 5`), the one place they are written, and the quoting and number printing they use.

use std::fmt;

use serde_json::Value;

use super::error::{ErrorKind, JsonType, TypeKind, ValidationError};

/// Helm's words for one error of `kind` on `instance`.
pub fn of(kind: &ErrorKind, instance: &Value) -> String {
    let number = |v: &Value| go_float(v.as_f64().unwrap_or(f64::NAN));
    // A limit beyond a double's range is `null`: only ∞ fails a lower bound, only −∞ an upper.
    let bound = |name: &str, limit: &Value, beyond: &str| {
        let want = if limit.is_null() {
            beyond.to_string()
        } else {
            number(limit)
        };
        format!("{name}: got {}, want {want}", number(instance))
    };
    match kind {
        ErrorKind::Type { kind } => type_message(instance, kind),
        ErrorKind::Enum { options, written } => {
            enum_message(options.as_array().map_or(&[][..], Vec::as_slice), written)
        }
        ErrorKind::Constant {
            expected_value,
            written,
        } if is_primitive(expected_value) => {
            let shown = written.clone().unwrap_or_else(|| display(expected_value));
            format!("value must be {shown}")
        }
        ErrorKind::Constant { .. } => "'const' failed".to_string(),
        ErrorKind::Minimum { limit } => bound("minimum", limit, "∞"),
        ErrorKind::Maximum { limit } => bound("maximum", limit, "-∞"),
        ErrorKind::ExclusiveMinimum { limit } => bound("exclusiveMinimum", limit, "∞"),
        ErrorKind::ExclusiveMaximum { limit } => bound("exclusiveMaximum", limit, "-∞"),
        ErrorKind::MultipleOf { multiple_of } => format!(
            "multipleOf: got {}, want {}",
            number(instance),
            go_float(*multiple_of)
        ),
        ErrorKind::Pattern { pattern } => format!(
            "{} does not match pattern {}",
            quote(instance.as_str().unwrap_or_default()),
            quote(pattern)
        ),
        ErrorKind::Format { format, reason } => {
            format!("{} is not valid {format}: {reason}", display(instance))
        }
        ErrorKind::UniqueItems => unique_message(instance),
        _ => count_message(kind, instance).unwrap_or_else(|| container_message(kind, instance)),
    }
}

/// The words of a length or count bound, if `kind` is one.
fn count_message(kind: &ErrorKind, instance: &Value) -> Option<String> {
    let length = instance.as_str().map_or(0, |s| s.chars().count());
    let items = instance.as_array().map_or(0, Vec::len);
    let members = instance.as_object().map_or(0, serde_json::Map::len);
    let (name, got, limit) = match kind {
        ErrorKind::MinLength { limit } => ("minLength", length, limit),
        ErrorKind::MaxLength { limit } => ("maxLength", length, limit),
        ErrorKind::MinItems { limit } => ("minItems", items, limit),
        ErrorKind::MaxItems { limit } => ("maxItems", items, limit),
        ErrorKind::MinProperties { limit } => ("minProperties", members, limit),
        ErrorKind::MaxProperties { limit } => ("maxProperties", members, limit),
        _ => return None,
    };
    Some(format!(
        "{name}: got {}, want {}",
        grouped(got),
        grouped(go_int(*limit))
    ))
}

/// The words of a keyword about members, items or subschemas.
fn container_message(kind: &ErrorKind, instance: &Value) -> String {
    let items = instance.as_array().map_or(0, Vec::len);
    match kind {
        ErrorKind::Required { property } => match property {
            Value::String(name) => missing_message(&[name.as_str()]),
            other => format!("missing property {other}"),
        },
        ErrorKind::AdditionalProperties { unexpected } => {
            let names: Vec<&str> = unexpected.iter().map(String::as_str).collect();
            format!("additional properties {} not allowed", quoted_names(&names))
        }
        ErrorKind::AdditionalItems { limit } => format!(
            "last {} additionalItem(s) not allowed",
            grouped(items.saturating_sub(*limit))
        ),
        ErrorKind::Contains { min, max, matched } => contains_message(*min, *max, matched),
        ErrorKind::PropertyNames { error } => format!(
            "invalid propertyName {}",
            quote(error.instance().as_str().unwrap_or_default())
        ),
        ErrorKind::AnyOf { .. } => "'anyOf' failed".to_string(),
        ErrorKind::OneOfNotValid { .. } => "'oneOf' failed, none matched".to_string(),
        ErrorKind::OneOfMultipleValid { subschemas: (a, b) } => {
            format!("'oneOf' failed, subschemas {a}, {b} matched")
        }
        ErrorKind::Not { .. } => "'not' failed".to_string(),
        _ => "false schema".to_string(),
    }
}

/// A count as Helm holds it, Go's `int`: the error's `u64` read back as the `i64` it carries.
fn go_int(limit: u64) -> i64 {
    limit as i64
}

/// `min 2 items required to match contains schema, but matched 1 items at 0`.
fn contains_message(min: Option<u64>, max: Option<u64>, matched: &[usize]) -> String {
    // Helm's message printer groups them: `max -9,223,372,036,854,775,808 items required`.
    let (min, max) = (
        min.map(|m| grouped(go_int(m))),
        max.map(|m| grouped(go_int(m))),
    );
    let at = matched
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    let n = grouped(matched.len());
    match (min, max) {
        (Some(min), _) if matched.is_empty() => {
            format!("min {min} items required to match contains schema, but none matched")
        }
        (Some(min), _) => format!(
            "min {min} items required to match contains schema, but matched {n} items at {at}"
        ),
        (None, Some(max)) => format!(
            "max {max} items required to match contains schema, but matched {n} items at {at}"
        ),
        (None, None) => "no items match contains schema".to_string(),
    }
}

impl fmt::Display for ValidationError<'_> {
    /// Helm's words for the error (one `required` name, one refused property name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&of(self.kind(), self.instance()))
    }
}

/// `got number, want null or string`, the wanted types in santhosh-tekuri's order.
fn type_message(value: &Value, want: &TypeKind) -> String {
    const ORDER: [JsonType; 7] = [
        JsonType::Null,
        JsonType::Boolean,
        JsonType::Number,
        JsonType::Integer,
        JsonType::String,
        JsonType::Array,
        JsonType::Object,
    ];
    let wanted = |t: &JsonType| match want {
        TypeKind::Single(one) => one == t,
        TypeKind::Multiple(set) => set.contains(*t),
    };
    let names: Vec<&str> = ORDER
        .iter()
        .filter(|t| wanted(t))
        .map(|t| t.as_str())
        .collect();
    format!("got {}, want {}", got_type(value), names.join(" or "))
}

/// The type santhosh-tekuri names for a value (every number is a `number`).
fn got_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// `items at 0 and 1 are equal`: the first repeated pair.
pub(crate) fn unique_message(value: &Value) -> String {
    let items = value.as_array().map_or(&[][..], Vec::as_slice);
    for j in 1..items.len() {
        for i in 0..j {
            if super::keywords::json_equal(&items[i], &items[j]) {
                return format!("items at {} and {} are equal", grouped(i), grouped(j));
            }
        }
    }
    "items are not unique".to_string()
}

/// `value must be one of 1e2, 'x'`: each number as the schema's text writes it (`written`).
fn enum_message(options: &[Value], written: &[(usize, String)]) -> String {
    if !options.iter().all(is_primitive) {
        return "'enum' failed".to_string();
    }
    let literal = |i: usize| {
        written
            .iter()
            .find(|(at, _)| *at == i)
            .map(|(_, l)| l.clone())
    };
    let shown: Vec<String> = (options.iter().enumerate())
        .map(|(i, option)| literal(i).unwrap_or_else(|| display(option)))
        .collect();
    match shown.as_slice() {
        [one] => format!("value must be {one}"),
        _ => format!("value must be one of {}", shown.join(", ")),
    }
}

/// `missing property 'a'`, `missing properties 'a', 'b'`.
pub(crate) fn missing_message(missing: &[&str]) -> String {
    match missing {
        [one] => format!("missing property {}", quote(one)),
        _ => format!("missing properties {}", quoted_names(missing)),
    }
}

/// `properties 'b' required, if 'a' exists`.
pub(crate) fn dependency_message(key: &str, missing: &[&str]) -> String {
    format!(
        "properties {} required, if {} exists",
        quoted_names(missing),
        quote(key)
    )
}

fn is_primitive(value: &Value) -> bool {
    !matches!(value, Value::Array(_) | Value::Object(_))
}

/// A value as santhosh-tekuri shows it: strings quoted, `null` as Go's `<nil>`, a mapping or
/// list as `value`.
fn display(value: &Value) -> String {
    match value {
        Value::String(s) => quote(s),
        Value::Null => "<nil>".to_string(),
        Value::Array(_) | Value::Object(_) => "value".to_string(),
        other => other.to_string(),
    }
}

/// `'a', 'b'`.
fn quoted_names(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| quote(n))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A string as santhosh-tekuri quotes it: Go's `%q` with single quotes.
pub fn quote(text: &str) -> String {
    let mut quoted = values_migrate_unicode::quote(text, '\'');
    // It writes `%q` and then replaces `\"` by `"`: the closing quote takes one backslash of a
    // final `\\` with it.
    if text.ends_with('\\') {
        quoted.remove(quoted.len() - 2);
    }
    quoted
}

/// A whole number as Helm's message printer shows it (English: `12,345`).
pub(crate) fn grouped(n: impl fmt::Display) -> String {
    let text = n.to_string();
    let (sign, digits) = text.split_at(usize::from(text.starts_with('-')));
    let mut out = String::from(sign);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A number as Helm's message printer shows a float64 (`%v`, English): shortest digits,
/// grouped, and `1.5×10⁰⁶` from 1e6 on or below 1e-4.
pub(crate) fn go_float(x: f64) -> String {
    const SUPERSCRIPT: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    if x == 0.0 {
        return "0".to_string();
    }
    if !x.is_finite() {
        // Helm 4.2.3: `minimum: got 5, want ∞` for `"minimum": 1e400`.
        return if x.is_nan() {
            "NaN"
        } else if x > 0.0 {
            "∞"
        } else {
            "-∞"
        }
        .to_string();
    }
    let text = format!("{:e}", x.abs());
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let sign = if x < 0.0 { "-" } else { "" };
    if !(-4..6).contains(&exponent) {
        let (head, tail) = digits.split_at(1);
        let dot = if tail.is_empty() { "" } else { "." };
        let minus = if exponent < 0 { "⁻" } else { "" };
        let power: String = format!("{:02}", exponent.abs())
            .bytes()
            .map(|b| SUPERSCRIPT[usize::from(b - b'0')])
            .collect();
        return format!("{sign}{head}{dot}{tail}×10{minus}{power}");
    }
    let point = exponent + 1;
    let body = if point <= 0 {
        format!("0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
    } else if point as usize >= digits.len() {
        grouped(format!(
            "{digits}{}",
            "0".repeat(point as usize - digits.len())
        ))
    } else {
        let (whole, fraction) = digits.split_at(point as usize);
        format!("{}.{fraction}", grouped(whole))
    };
    format!("{sign}{body}")
}

#[cfg(test)]
mod tests {
    use super::{go_float, quote};

    /// What Helm 4.2.3 printed for each number (`maximum: got …`).
    #[test]
    fn numbers_read_as_helm_prints_them() {
        let cases = [
            (5.0, "5"),
            (1.2, "1.2"),
            (1e6, "1×10⁰⁶"),
            (1e-5, "1×10⁻⁰⁵"),
            (-1e-7, "-1×10⁻⁰⁷"),
            (123456789.0, "1.23456789×10⁰⁸"),
            (1e30, "1×10³⁰"),
            (123456.0, "123,456"),
            (-99999.5, "-99,999.5"),
            (12345.678, "12,345.678"),
            (0.0001, "0.0001"),
            (f64::INFINITY, "∞"),
            (f64::NEG_INFINITY, "-∞"),
        ];
        for (x, shown) in cases {
            assert_eq!(go_float(x), shown);
        }
        assert_eq!(quote("it's\n"), "'it\\'s\\n'");
        // Helm 4.2.3: `'t;\\=é.\'` for `t;\=é.\`.
        assert_eq!(quote("t;\\=é.\\"), "'t;\\\\=é.\\'");
    }
}
