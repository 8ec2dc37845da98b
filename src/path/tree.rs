//! Reading and writing JSON value trees by [`ValuePath`].

use super::{Segment, ValuePath};
use serde_json::{Map, Value};

/// The value at `path` under `root`, if there is one.
pub fn get<'v>(root: &'v Value, path: &ValuePath) -> Option<&'v Value> {
    let mut node = root;
    for segment in path.segments() {
        node = match (segment, node) {
            (Segment::Key(key), Value::Object(map)) => map.get(key)?,
            (Segment::Index(index), Value::Array(items)) => items.get(*index)?,
            _ => return None,
        };
    }
    Some(node)
}

/// Whether a value is a leaf for the refusals: a scalar, or an empty mapping or list.
pub fn is_leaf(value: &Value) -> bool {
    match value {
        Value::Object(map) => map.is_empty(),
        Value::Array(items) => items.is_empty(),
        _ => true,
    }
}

/// Every leaf under `root` with its path, in document order.
pub fn leaves(root: &Value) -> Vec<(ValuePath, &Value)> {
    let mut out = Vec::new();
    let mut stack = vec![(ValuePath::root(), root)];
    while let Some((path, node)) = stack.pop() {
        match node {
            Value::Object(map) if !map.is_empty() => {
                for (key, child) in map.iter().rev() {
                    stack.push((path.key(key.clone()), child));
                }
            }
            Value::Array(items) if !items.is_empty() => {
                for (index, child) in items.iter().enumerate().rev() {
                    stack.push((path.index(index), child));
                }
            }
            _ => out.push((path, node)),
        }
    }
    out
}

/// Every node under `root` (the root included) with its path, parents before children, in document order.
pub fn nodes(root: &Value) -> Vec<(ValuePath, &Value)> {
    let mut out = Vec::new();
    let mut stack = vec![(ValuePath::root(), root)];
    while let Some((path, node)) = stack.pop() {
        match node {
            Value::Object(map) => {
                for (key, child) in map.iter().rev() {
                    stack.push((path.key(key.clone()), child));
                }
            }
            Value::Array(items) => {
                for (index, child) in items.iter().enumerate().rev() {
                    stack.push((path.index(index), child));
                }
            }
            _ => {}
        }
        out.push((path, node));
    }
    out
}

/// Every mapping under `root` (the root included) with its path, parents before children, in
/// document order: [`nodes`] without the scalars, so that no path is built for a leaf.
pub fn mappings(root: &Value) -> Vec<(ValuePath, &Value)> {
    let mut out = Vec::new();
    let mut stack = vec![(ValuePath::root(), root)];
    let nested = |v: &Value| matches!(v, Value::Object(_) | Value::Array(_));
    while let Some((path, node)) = stack.pop() {
        match node {
            Value::Object(map) => {
                for (key, child) in map.iter().rev().filter(|(_, c)| nested(c)) {
                    stack.push((path.key(key.clone()), child));
                }
                out.push((path, node));
            }
            Value::Array(items) => {
                for (index, child) in items.iter().enumerate().rev().filter(|(_, c)| nested(c)) {
                    stack.push((path.index(index), child));
                }
            }
            _ => {}
        }
    }
    out
}

/// Sets `value` at `path`, creating mappings on the way; fails where a scalar or list is in the way.
pub fn set(root: &mut Value, path: &ValuePath, value: Value) -> Result<(), String> {
    let Some((last, parents)) = path.segments().split_last() else {
        *root = value;
        return Ok(());
    };
    let mut node = root;
    for (depth, segment) in parents.iter().enumerate() {
        node = match segment {
            Segment::Key(key) => {
                if node.is_null() {
                    *node = Value::Object(Map::new());
                }
                match node {
                    Value::Object(map) => map.entry(key.clone()).or_insert(Value::Null),
                    _ => return Err(blocked(path, depth)),
                }
            }
            Segment::Index(index) => match node {
                Value::Array(items) if *index < items.len() => &mut items[*index],
                _ => return Err(blocked(path, depth)),
            },
        };
    }
    match (last, node) {
        (Segment::Key(key), node) => {
            if node.is_null() {
                *node = Value::Object(Map::new());
            }
            match node {
                Value::Object(map) => {
                    map.insert(key.clone(), value);
                    Ok(())
                }
                _ => Err(blocked(path, parents.len())),
            }
        }
        (Segment::Index(index), Value::Array(items)) if *index <= items.len() => {
            if *index == items.len() {
                items.push(value);
            } else {
                items[*index] = value;
            }
            Ok(())
        }
        _ => Err(blocked(path, parents.len())),
    }
}

/// Removes the value at `path`, returning it.
pub fn remove(root: &mut Value, path: &ValuePath) -> Option<Value> {
    let (last, parents) = path.segments().split_last()?;
    let mut node = root;
    for segment in parents {
        node = match (segment, node) {
            (Segment::Key(key), Value::Object(map)) => map.get_mut(key)?,
            (Segment::Index(index), Value::Array(items)) => items.get_mut(*index)?,
            _ => return None,
        };
    }
    match (last, node) {
        (Segment::Key(key), Value::Object(map)) => map.shift_remove(key),
        (Segment::Index(index), Value::Array(items)) if *index < items.len() => {
            Some(items.remove(*index))
        }
        _ => None,
    }
}

fn blocked(path: &ValuePath, depth: usize) -> String {
    let at = ValuePath::from_segments(path.segments()[..depth].to_vec());
    format!("cannot set `{path}`: `{at}` is not a mapping")
}

/// A value printed for a person: scalars as YAML would show them, collections as compact JSON.
pub fn show(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn p(text: &str) -> ValuePath {
        ValuePath::parse(text).unwrap()
    }

    #[test]
    fn reads_and_lists_leaves_in_document_order() {
        let v = json!({"b": {"x": 1, "y": []}, "a": [true, {"z": null}]});
        assert_eq!(get(&v, &p("a[1].z")), Some(&Value::Null));
        assert_eq!(get(&v, &p("a[2]")), None);
        let paths: Vec<String> = leaves(&v).iter().map(|(p, _)| p.to_string()).collect();
        assert_eq!(paths, ["b.x", "b.y", "a[0]", "a[1].z"]);
        let maps: Vec<String> = mappings(&v).iter().map(|(p, _)| p.to_string()).collect();
        let all: Vec<String> = nodes(&v)
            .iter()
            .filter(|(_, n)| n.is_object())
            .map(|(p, _)| p.to_string())
            .collect();
        assert_eq!(maps, all);
    }

    #[test]
    fn sets_through_new_parents_and_removes() {
        let mut v = json!({"ports": {"web": {"expose": true}}});
        set(&mut v, &p("ports.web.http.tls.enabled"), json!(true)).unwrap();
        assert_eq!(v["ports"]["web"]["http"]["tls"]["enabled"], json!(true));
        assert!(set(&mut v, &p("ports.web.expose.default"), json!(1)).is_err());
        assert_eq!(remove(&mut v, &p("ports.web.expose")), Some(json!(true)));
        assert_eq!(remove(&mut v, &p("ports.nope")), None);
    }
}
