//! Reading and writing JSON value trees by [`ValuePath`].

use super::{Segment, ValuePath};
use serde_json::{Map, Value};
use std::collections::HashMap;

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

/// The value at `path` under `root`, to change in place.
pub fn get_mut<'v>(root: &'v mut Value, path: &ValuePath) -> Option<&'v mut Value> {
    let mut node = root;
    for segment in path.segments() {
        node = match (segment, node) {
            (Segment::Key(key), Value::Object(map)) => map.get_mut(key)?,
            (Segment::Index(index), Value::Array(items)) => items.get_mut(*index)?,
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

/// One step from a parent to a child, borrowed from the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepRef<'v> {
    /// A mapping key.
    Key(&'v str),
    /// A sequence index.
    Index(usize),
}

/// A mapping or sequence under a root: its value and the step from its parent in the same list.
#[derive(Clone, Copy, Debug)]
pub struct Nested<'v> {
    /// The index of its parent in the list, and the step from it (`None` for the root).
    pub from: Option<(usize, StepRef<'v>)>,
    /// The value.
    pub value: &'v Value,
}

/// Every mapping and sequence under `root` (the root included), parents before children, in
/// document order; a path is spelled out ([`nested_path`]) only for the few that need one.
pub fn nested(root: &Value) -> Vec<Nested<'_>> {
    let mut out = Vec::new();
    let mut stack = vec![Nested {
        from: None,
        value: root,
    }];
    let is_nested = |v: &Value| matches!(v, Value::Object(_) | Value::Array(_));
    while let Some(next) = stack.pop() {
        let at = out.len();
        match next.value {
            Value::Object(map) => {
                let children = map.iter().rev().filter(|(_, c)| is_nested(c));
                stack.extend(children.map(|(key, value)| Nested {
                    from: Some((at, StepRef::Key(key))),
                    value,
                }));
            }
            Value::Array(items) => {
                let children = items.iter().enumerate().rev().filter(|(_, c)| is_nested(c));
                stack.extend(children.map(|(index, value)| Nested {
                    from: Some((at, StepRef::Index(index))),
                    value,
                }));
            }
            _ => continue,
        }
        out.push(next);
    }
    out
}

/// The path of `list[index]` (a list made by [`nested`]).
pub fn nested_path(list: &[Nested<'_>], index: usize) -> ValuePath {
    let mut steps = Vec::new();
    let mut at = index;
    while let Some((parent, step)) = list[at].from {
        steps.push(match step {
            StepRef::Key(key) => Segment::Key(key.to_string()),
            StepRef::Index(index) => Segment::Index(index),
        });
        at = parent;
    }
    steps.reverse();
    ValuePath::from_segments(steps)
}

/// Sorts `items` by where their paths sit under `root` in document order (parents before
/// children; paths `root` does not hold last, in their order): only the mappings on those paths
/// are looked at, each at most once through an index of its keys.
pub fn sort_in_document_order<T>(
    root: &Value,
    items: &mut [T],
    path_of: impl Fn(&T) -> &ValuePath,
) {
    let mut indexes: HashMap<*const Map<String, Value>, HashMap<&str, usize>> = HashMap::new();
    crate::order::by_key(items, |item| {
        // The position among siblings at each step: document order is their lexicographic order.
        let mut steps = Vec::new();
        let mut node = root;
        for segment in path_of(item).segments() {
            let (at, child) = match (segment, node) {
                (Segment::Key(key), Value::Object(map)) => {
                    let index = indexes.entry(std::ptr::from_ref(map)).or_insert_with(|| {
                        map.keys()
                            .enumerate()
                            .map(|(i, k)| (k.as_str(), i))
                            .collect()
                    });
                    match (index.get(key.as_str()), map.get(key)) {
                        (Some(&at), Some(child)) => (at, child),
                        _ => return (true, Vec::new()),
                    }
                }
                (Segment::Index(i), Value::Array(list)) if *i < list.len() => (*i, &list[*i]),
                _ => return (true, Vec::new()),
            };
            steps.push(at);
            node = child;
        }
        (false, steps)
    });
}

/// A set of paths that answers "is this path at or under one of them" and "is one of them at or
/// under this path" by binary search, not by a scan of the set.
pub struct PathSet(Vec<ValuePath>);

impl PathSet {
    /// The set of `paths`.
    pub fn new<'p>(paths: impl IntoIterator<Item = &'p ValuePath>) -> PathSet {
        let mut paths: Vec<ValuePath> = paths.into_iter().cloned().collect();
        crate::order::sort(&mut paths);
        paths.dedup();
        PathSet(paths)
    }

    /// Whether `path` is one of the set's paths or lies under one.
    pub fn covers(&self, path: &ValuePath) -> bool {
        let segments = path.segments();
        // The set's paths that start with `segments[..depth]`: a run of the sorted set, narrowed
        // one segment at a time (each step compares one segment, not the whole prefix).
        let mut run = &self.0[..];
        for (depth, segment) in segments.iter().enumerate() {
            match run.first() {
                // That prefix itself sorts first in its run.
                Some(first) if first.len() == depth => return true,
                Some(_) => {}
                None => return false,
            }
            let from = run.partition_point(|p| p.segments()[depth] < *segment);
            let to = from + run[from..].partition_point(|p| p.segments()[depth] == *segment);
            run = &run[from..to];
        }
        run.first()
            .is_some_and(|first| first.len() == segments.len())
    }

    /// Whether one of the set's paths is `path` or lies under it.
    pub fn reaches_into(&self, path: &ValuePath) -> bool {
        // Every path that starts with `path` sorts at or right after it.
        let from = self.0.partition_point(|p| p < path);
        self.0.get(from).is_some_and(|p| p.starts_with(path))
    }
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
        let list = nested(&v);
        let spelled: Vec<String> = (0..list.len())
            .map(|i| nested_path(&list, i).to_string())
            .collect();
        let all: Vec<String> = nodes(&v)
            .iter()
            .filter(|(_, n)| n.is_object() || n.is_array())
            .map(|(p, _)| p.to_string())
            .collect();
        assert_eq!(spelled, all);
    }

    #[test]
    fn covering_stops_early_and_agrees_with_every_prefix() {
        let set = PathSet::new(&[
            p("a"),
            p("b.c"),
            p("b.c.d"),
            p("b[0]"),
            p("ba.x"),
            p("e.f.g"),
        ]);
        let naive = |path: &ValuePath| {
            (0..=path.len()).any(|d| {
                let prefix = ValuePath::from_segments(path.segments()[..d].to_vec());
                set.0.contains(&prefix)
            })
        };
        for text in [
            "", "a", "a.z", "a[3]", "b", "b.c", "b.c.z", "b.d", "b[0]", "b[0].q", "b[1]", "ba",
            "ba.x", "ba.x.y", "ba.y", "bb", "e", "e.f", "e.f.g", "e.f.h", "e.f.g[2]", "z",
        ] {
            assert_eq!(set.covers(&p(text)), naive(&p(text)), "{text}");
        }
        // Every path of up to three steps over a small alphabet, against sets drawn from them.
        let steps = ["a", "b", "[0]", "[1]"];
        let mut all = vec![String::new()];
        for _ in 0..3 {
            let longer: Vec<String> = all
                .iter()
                .flat_map(|base| {
                    steps.iter().map(move |s| {
                        if s.starts_with('[') || base.is_empty() {
                            format!("{base}{s}")
                        } else {
                            format!("{base}.{s}")
                        }
                    })
                })
                .collect();
            all.extend(longer);
        }
        all.sort();
        all.dedup();
        let paths: Vec<ValuePath> = all.iter().map(|t| p(t)).collect();
        for seed in 0..40usize {
            let chosen: Vec<&ValuePath> = paths
                .iter()
                .enumerate()
                .filter(|(i, _)| (i * 7 + seed * 13) % (seed % 9 + 3) == 0)
                .map(|(_, p)| p)
                .collect();
            let set = PathSet::new(chosen.iter().copied());
            for path in &paths {
                let want = chosen.iter().any(|c| path.starts_with(c));
                assert_eq!(set.covers(path), want, "{path} in {chosen:?}");
            }
        }
    }

    #[test]
    fn path_sets_answer_prefix_questions() {
        let set = PathSet::new(&[p("a.b"), p("c[1]"), p("a.b.x")]);
        assert!(set.covers(&p("a.b")) && set.covers(&p("a.b.y.z")) && set.covers(&p("c[1].d")));
        assert!(!set.covers(&p("a")) && !set.covers(&p("a.c")) && !set.covers(&p("c[0]")));
        assert!(set.reaches_into(&p("a")) && set.reaches_into(&p("")) && set.reaches_into(&p("c")));
        assert!(!set.reaches_into(&p("a.c")) && !set.reaches_into(&p("b")));
        let v = json!({"b": {"x": 1, "w": 2}, "a": [true, {"c": 3}]});
        let mut paths = ["zz", "a[1].c", "b.w", "a", "b", "b.x", "yy", "a[0]"].map(p);
        sort_in_document_order(&v, &mut paths, |path| path);
        let sorted: Vec<String> = paths.iter().map(ToString::to_string).collect();
        let by_nodes: Vec<String> = nodes(&v).into_iter().map(|(p, _)| p.to_string()).collect();
        assert_eq!(
            sorted,
            ["b", "b.x", "b.w", "a", "a[0]", "a[1].c", "zz", "yy"]
        );
        let known: Vec<&String> = by_nodes.iter().filter(|n| sorted.contains(n)).collect();
        assert_eq!(known, sorted[..6].iter().collect::<Vec<_>>());
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
