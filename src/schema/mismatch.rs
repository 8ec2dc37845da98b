//! Helm's refusal of a subchart's values that are not a mapping, made while coalescing, before
//! any schema is read: `coalesceDeps` in Helm 4's `pkg/chart/common/util/coalesce.go` returns
//! `fmt.Errorf("type mismatch on %s: %t", subchart.Name(), c)`, so the words are Go's `%t` of
//! the value (`%!t(string=oops)`, `%!t(<nil>)`, `%!t(float64=3)`, `true`).
//!
//! Helm coalesces the user's values with the whole tree before it switches subcharts off
//! (`processDependencyEnabled`), so a switched-off subchart's key is checked too; a user `null`
//! is deleted (and so refused nowhere) where a parent chart's own values.yaml holds the key.

use serde_json::{Map, Value};

use crate::path::{ValuePath, get};

/// The first subchart whose values Helm finds not to be a mapping.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Mismatch {
    /// The keys from the root's values to the subchart's.
    pub(crate) path: ValuePath,
    /// Their JSON pointer.
    pub(crate) pointer: String,
    /// Helm's name for the subchart (its alias, if it has one).
    pub(crate) name: String,
    /// Helm's words: `type mismatch on <name>: <value as Go's %t prints it>`.
    pub(crate) message: String,
    /// Whether the value comes from the chart's defaults, not the user's values.
    pub(crate) in_defaults_only: bool,
}

/// The first of `paths` (parents first, in Helm's dependency order) where the user's values
/// over the chart's `defaults` are not a mapping, as Helm's coalescing refuses them (`held`:
/// the subchart paths whose key a parent's own values hold; a user `null` there is deleted).
pub(crate) fn mismatch(
    held: &[Vec<String>],
    paths: &[Vec<String>],
    defaults: Option<&Value>,
    user: &Value,
) -> Option<Mismatch> {
    paths.iter().find_map(|keys| {
        let path = keys.iter().fold(ValuePath::root(), |p, k| p.key(k.clone()));
        let (value, in_defaults_only) = match get(user, &path) {
            Some(Value::Null) if held.contains(keys) => return None,
            Some(value) => (value, false),
            None => (defaults.and_then(|d| get(d, &path))?, true),
        };
        if value.is_object() || (in_defaults_only && value.is_null()) {
            return None;
        }
        let name = keys.last()?.clone();
        Some(Mismatch {
            message: format!("type mismatch on {name}: {}", go_bad_t(value)),
            pointer: keys
                .iter()
                .map(|k| format!("/{}", k.replace('~', "~0").replace('/', "~1")))
                .collect(),
            name,
            path,
            in_defaults_only,
        })
    })
}

/// Go's `fmt.Sprintf("%t", v)` of a value Helm read from YAML (every number a `float64`).
fn go_bad_t(value: &Value) -> String {
    match value {
        Value::Null => "%!t(<nil>)".to_string(),
        other => go_t_inner(other),
    }
}

/// Go's `%t` of a value inside another (a `nil` element prints as `<nil>`).
fn go_t_inner(value: &Value) -> String {
    match value {
        Value::Null => "<nil>".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::String(s) => format!("%!t(string={s})"),
        Value::Number(n) => format!("%!t(float64={})", go_float(n.as_f64().unwrap_or(0.0))),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(go_t_inner).collect();
            format!("[{}]", parts.join(" "))
        }
        Value::Object(map) => go_t_map(map),
    }
}

/// Go's `%t` of a map: its keys sorted, `key:value` pairs apart by spaces.
fn go_t_map(map: &Map<String, Value>) -> String {
    let mut keys: Vec<&String> = map.keys().collect();
    crate::order::sort(&mut keys);
    let parts: Vec<String> = keys
        .iter()
        .map(|k| format!("%!t(string={k}):{}", go_t_inner(&map[*k])))
        .collect();
    format!("map[{}]", parts.join(" "))
}

/// Go's `%v` of a `float64`: the shortest digits, in `%e` form when the exponent is below -4 or
/// at least 6 (`1e+08`, `1.234567e+06`), else plain (`0.25`, `123456`).
fn go_float(f: f64) -> String {
    if f == 0.0 {
        return "0".to_string();
    }
    if !f.is_finite() {
        return if f.is_nan() {
            "NaN".to_string()
        } else if f > 0.0 {
            "+Inf".to_string()
        } else {
            "-Inf".to_string()
        };
    }
    let sign = if f < 0.0 { "-" } else { "" };
    let shortest = format!("{:e}", f.abs());
    let (mantissa, exp) = shortest.split_once('e').unwrap_or((&shortest, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    if !(-4..6).contains(&exp) {
        let (first, rest) = digits.split_at(1);
        let dot = if rest.is_empty() { "" } else { "." };
        let esign = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{first}{dot}{rest}e{esign}{:02}", exp.abs());
    }
    let plain = if exp < 0 {
        format!("0.{}{digits}", "0".repeat((-exp - 1) as usize))
    } else {
        let point = exp as usize + 1;
        if digits.len() <= point {
            format!("{digits}{}", "0".repeat(point - digits.len()))
        } else {
            format!("{}.{}", &digits[..point], &digits[point..])
        }
    };
    format!("{sign}{plain}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn floats_print_as_go_prints_them() {
        let cases = [
            (3.0, "3"),
            (0.25, "0.25"),
            (1e8, "1e+08"),
            (123456.0, "123456"),
            (1234567.0, "1.234567e+06"),
            (1e21, "1e+21"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (-2.5, "-2.5"),
            (12345678901234567890.0, "1.2345678901234567e+19"),
            (-0.0, "0"),
        ];
        for (f, go) in cases {
            assert_eq!(go_float(f), go, "{f}");
        }
    }

    #[test]
    fn values_print_as_go_percent_t_prints_them() {
        let list = json!(["a", 1, null, {"b": 2, "a": ["x"]}]);
        assert_eq!(
            go_bad_t(&list),
            "[%!t(string=a) %!t(float64=1) <nil> map[%!t(string=a):[%!t(string=x)] %!t(string=b):%!t(float64=2)]]"
        );
        assert_eq!(go_bad_t(&Value::Null), "%!t(<nil>)");
        assert_eq!(go_bad_t(&json!(true)), "true");
        assert_eq!(go_bad_t(&json!("")), "%!t(string=)");
    }

    #[test]
    fn a_null_is_deleted_where_a_parent_holds_the_key() {
        let held = vec![vec!["held".to_string()]];
        let paths = vec![vec!["held".to_string()], vec!["sub".to_string()]];
        let user = json!({"held": null, "sub": null});
        let found = mismatch(&held, &paths, None, &user).expect("sub");
        assert_eq!(found.message, "type mismatch on sub: %!t(<nil>)");
        assert!(!found.in_defaults_only);
        let defaults = json!({"sub": "oops"});
        let found = mismatch(&held, &paths, Some(&defaults), &json!({})).expect("defaults");
        assert!(found.in_defaults_only);
    }
}
