//! The residual risk shown to the writer (ADR 13): a value the plan drops, next to a key the
//! target schema gained of the same type at a close name (`port` → `podPort`). A hint, never applied.

use super::outcome::NotCarried;
use crate::path::{Segment, ValuePath};
use crate::schema::{PropertyKind, Schema};
use serde_json::Value;

/// Fills each dropped value's `near` and `hint` from the schemas of the bump.
pub fn annotate(base: &Schema, target: &Schema, not_carried: &mut [NotCarried]) {
    for dropped in not_carried {
        dropped.near = near_keys(base, target, &dropped.path, &dropped.value);
        dropped.hint = hint(&dropped.near, &dropped.value);
    }
}

/// The keys the target gained beside `path` (absent from the base there) that take `value`'s
/// type and whose name is close to its key.
pub fn near_keys(
    base: &Schema,
    target: &Schema,
    path: &ValuePath,
    value: &Value,
) -> Vec<ValuePath> {
    let (Some(parent), Some(Segment::Key(key))) = (path.parent(), path.last()) else {
        return Vec::new();
    };
    let before: Vec<String> = base
        .properties_at(&parent)
        .into_iter()
        .map(|p| p.name)
        .collect();
    target
        .properties_at(&parent)
        .into_iter()
        .filter(|p| p.kind == PropertyKind::Named && p.name != *key)
        .filter(|p| !before.contains(&p.name))
        .filter(|p| takes(&p.types, value) && close(key, &p.name))
        .map(|p| parent.key(p.name))
        .collect()
}

/// The sentence shown with a dropped value that has near keys, or `None`.
pub fn hint(near: &[ValuePath], value: &Value) -> Option<String> {
    let first = near.first()?;
    let others = if near.len() > 1 {
        format!(
            " (or {})",
            near[1..]
                .iter()
                .map(|p| format!("`{p}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    } else {
        String::new()
    };
    Some(format!(
        "the target schema gained `{first}`{others} ({}) at a close name: if it is the same setting, move the value there (a hint, not applied)",
        type_of(value)
    ))
}

/// Whether a property declared with `types` takes `value` (an integer is a number too).
fn takes(types: &[String], value: &Value) -> bool {
    let own = type_of(value);
    types
        .iter()
        .any(|t| t == own || (t == "number" && own == "integer"))
}

fn type_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Two key names are close when, lowercased without `_` and `-`, one holds the other, they
/// differ by one edit (two from ten letters on), or they share a stem of two thirds of the shorter.
pub fn close(a: &str, b: &str) -> bool {
    let (a, b) = (normal(a), normal(b));
    let (short, long) = if a.len() <= b.len() {
        (&a, &b)
    } else {
        (&b, &a)
    };
    if short.len() < 3 {
        return false;
    }
    let allowed = if short.len() >= 10 { 2 } else { 1 };
    if long.contains(short.as_str()) || (short.len() >= 4 && edits(short, long) <= allowed) {
        return true;
    }
    let stem = short
        .chars()
        .zip(long.chars())
        .take_while(|(x, y)| x == y)
        .count();
    stem >= 4 && stem * 3 >= short.chars().count() * 2
}

fn normal(name: &str) -> String {
    name.chars()
        .filter(|c| *c != '_' && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

/// The Levenshtein distance of two short names.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, x) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, y) in b.iter().enumerate() {
            let next = (row[j + 1] + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(x != *y));
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn close_names() {
        for (a, b) in [
            ("port", "podPort"),
            ("ca_file", "caFile"),
            ("serviceAccount", "serviceAccountName"),
            ("replicas", "replicaCount"),
            ("timeout", "timeOut"),
            ("interval", "intervals"),
            ("annotation", "anotations"),
        ] {
            assert!(close(a, b), "{a} ~ {b}");
        }
        for (a, b) in [
            ("port", "host"),
            ("mode", "enabled"),
            ("id", "idx"),
            ("server", "podPort"),
        ] {
            assert!(!close(a, b), "{a} !~ {b}");
        }
    }

    #[test]
    fn a_gained_key_of_the_same_type_at_a_close_name_is_near() {
        let base = Schema::from_value(json!({"properties": {"gate": {"properties": {
            "port": {"type": "integer"}, "server": {"type": "string"}}}}}))
        .unwrap();
        let target = Schema::from_value(json!({"properties": {"gate": {"properties": {
            "podPort": {"type": "integer"}, "portName": {"type": "string"},
            "server": {"type": "string"}}}}}))
        .unwrap();
        let path = ValuePath::parse("gate.port").unwrap();
        let near = near_keys(&base, &target, &path, &json!(8083));
        assert_eq!(near, vec![ValuePath::parse("gate.podPort").unwrap()]);
        // The wrong type is no hint; nor is a key the base had already.
        assert_eq!(near_keys(&base, &target, &path, &json!("x")).len(), 1);
        let server = ValuePath::parse("gate.servers").unwrap();
        assert!(near_keys(&base, &target, &server, &json!("s")).is_empty());
        let text = hint(&near, &json!(8083)).unwrap();
        assert!(
            text.starts_with("the target schema gained `gate.podPort` (integer) at a close name"),
            "{text}"
        );
    }
}
