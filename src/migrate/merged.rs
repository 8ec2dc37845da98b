//! A values file of several root documents, read as Helm's `-f` reads it (`LoadValues`: the
//! documents merged, a later key winning): which files are read so, where the merge takes each
//! value from, and a plan for the merged values split into each document's own edits.

use super::outcome::{MigrateReport, Op};
use super::read::Parsed;
use crate::path::{self as tree, Segment, ValuePath};
use crate::text::Diagnostic;
use crate::yaml::Typing;
use serde_json::{Map, Value};
use std::borrow::Cow;

/// Whether `file`'s documents are read as one values root: a file of its own (not a string held
/// in another), of several documents, none of them a Kubernetes object (a root with `apiVersion`
/// and `kind`: a manifest, whose documents are read one by one, as before).
pub(crate) fn merges(file: &Parsed<'_>) -> bool {
    file.held.is_none()
        && file.document_count() > 1
        && !file.documents().iter().any(is_kubernetes_object)
}

/// Whether a document is a Kubernetes object: `apiVersion` and `kind` strings at its root.
fn is_kubernetes_object(document: &Value) -> bool {
    ["apiVersion", "kind"]
        .iter()
        .all(|key| document.get(key).is_some_and(Value::is_string))
}

/// The file's documents merged as Helm's `LoadValues` merges them, or Helm's refusal of the
/// first document that is not a mapping, at that document.
pub(crate) fn values(file: &Parsed<'_>) -> Result<Value, Diagnostic> {
    let documents = file.documents().to_vec();
    crate::schema::load_values(documents).map_err(|(index, words)| {
        let stream = file.stream.borrow();
        super::read::not_a_mapping(file.path, &file.text, &stream, index, &words)
    })
}

/// The values `report` located, from its file's decoded `documents`: the documents merged when
/// the report says so, else the value at `prefix` in its document.
pub(crate) fn located<'d>(
    report: &MigrateReport,
    documents: &'d [Value],
    prefix: &ValuePath,
    typing: Typing,
) -> Option<Cow<'d, Value>> {
    if report.merged_documents.is_some() {
        let merged = crate::schema::load_values(documents.to_vec()).ok()?;
        return Some(Cow::Owned(merged));
    }
    let document = documents.get(report.values_document.unwrap_or(0))?;
    super::values_at(document, prefix, typing)
}

/// Where a value at `path` is placed among the documents `from` of `all`: the last of them that
/// writes `path` (the one Helm's merge keeps), else the first.
pub(crate) fn placed(all: &[Value], from: &[usize], path: &ValuePath) -> Option<usize> {
    let writes = |i: &&usize| all.get(**i).is_some_and(|d| tree::get(d, path).is_some());
    from.iter().rev().find(writes).or(from.first()).copied()
}

/// Whether document `index` of `all` writes `path` as the merge reads it: it holds `path`, and no
/// later document replaces a mapping on the way to it (a later value replaces unless both are
/// mappings). A value a later document replaces at `path` itself still counts: removed or
/// moved from the later one alone, it would come back.
fn reaches(all: &[Value], index: usize, path: &ValuePath) -> bool {
    let own = &all[index];
    if tree::get(own, path).is_none() {
        return false;
    }
    let segments = path.segments();
    all[index + 1..].iter().all(|later| {
        (1..segments.len()).all(|depth| {
            let at = ValuePath::from_segments(segments[..depth].to_vec());
            matches!(
                (tree::get(own, &at), tree::get(later, &at)),
                (_, None) | (Some(Value::Object(_)), Some(Value::Object(_)))
            )
        })
    })
}

/// The documents that give the merge its value at `path`, in order.
fn writers(all: &[Value], path: &ValuePath) -> Vec<usize> {
    (0..all.len()).filter(|&i| reaches(all, i, path)).collect()
}

/// One document's share of a plan: its ops and the values it must read as after them.
pub(crate) struct Share {
    /// The document, from 0.
    pub document: usize,
    /// Its ops, in the plan's order.
    pub ops: Vec<Op>,
    /// Its values after them.
    pub values: Value,
}

/// A plan over the merged values split into each document's edits: a removed or renamed key in
/// every document that gives the merge its value there, a set key in the last of them (or, when
/// none does, in the last document whose mapping holds its nearest parent, else the last mapping
/// document). `Err` names the first path where the documents so edited would not merge to
/// `proposal`, and why.
pub(crate) fn split(
    all: &[Value],
    ops: &[Op],
    proposal: &Value,
) -> Result<Vec<Share>, (ValuePath, String)> {
    let mut values: Vec<Value> = all.to_vec();
    let mut shares: Vec<Vec<Op>> = vec![Vec::new(); all.len()];
    for op in ops {
        let (key, every) = match op {
            Op::Remove { path } => (path, true),
            Op::Rename { from, .. } => (from, true),
            Op::Set { path, .. } => (path, false),
        };
        let found = writers(&values, key);
        let chosen = match (every, found.last()) {
            (true, Some(_)) => found,
            (false, Some(&last)) => vec![last],
            (false, None) => vec![home_of_new(&values, key)],
            (true, None) => {
                return Err((
                    key.clone(),
                    format!("no document of the file writes `{key}`"),
                ));
            }
        };
        for document in chosen {
            let emptied = apply(&mut values[document], op).map_err(|why| {
                let message = format!(
                    "document {} of the file cannot take this edit where Helm's merge reads it: {why}",
                    document + 1
                );
                (key.clone(), message)
            })?;
            prune(&mut values, document, emptied, proposal);
            shares[document].push(op.clone());
        }
    }
    let merged =
        crate::schema::load_values(values.clone()).map_err(|(_, why)| (ValuePath::root(), why))?;
    if let Some(at) = first_difference(&merged, proposal, ValuePath::root()) {
        let message = format!(
            "the file's documents, each edited where Helm's merge takes the value from, would not merge to the proposal at `{at}`"
        );
        return Err((at, message));
    }
    let shares = (shares.into_iter().zip(values).enumerate())
        .filter(|(_, (ops, _))| !ops.is_empty())
        .map(|(document, (ops, values))| Share {
            document,
            ops,
            values,
        })
        .collect();
    Ok(shares)
}

/// The document a new key goes into: the last whose mapping gives the merge the key's nearest
/// parent, else the last document that is a mapping, else the last.
fn home_of_new(all: &[Value], path: &ValuePath) -> usize {
    let mut parent = path.parent();
    while let Some(at) = parent.filter(|p| !p.is_root()) {
        let holds = |i: &usize| tree::get(&all[*i], &at).is_some_and(Value::is_object);
        if let Some(last) = writers(all, &at).into_iter().rev().find(holds) {
            return last;
        }
        parent = at.parent();
    }
    (0..all.len())
        .rev()
        .find(|&i| all[i].is_object())
        .unwrap_or(all.len().saturating_sub(1))
}

/// `op` applied to one document's values; the parent a remove or a rename may have emptied.
fn apply(values: &mut Value, op: &Op) -> Result<Option<ValuePath>, String> {
    match op {
        Op::Remove { path } => {
            tree::remove(values, path);
            Ok(path.parent())
        }
        Op::Rename { from, to, .. } => {
            let moved = tree::remove(values, from).unwrap_or(Value::Null);
            // A mapping that becomes a list's one item takes its own place, as the list.
            match crate::splice::op::becomes_item(from, to) {
                true => tree::set(values, from, Value::Array(vec![moved]))?,
                false => tree::set(values, to, moved)?,
            }
            Ok(from.parent())
        }
        Op::Set { path, value, .. } => {
            if values.is_null() {
                *values = Value::Object(Map::new());
            }
            tree::set(values, path, value.clone()).map(|()| None)
        }
    }
}

/// Removes the mappings of document `index` an op emptied, from `emptied` up: each goes unless
/// the proposal keeps the key and no other document writes it (then it stays, empty).
fn prune(all: &mut [Value], index: usize, emptied: Option<ValuePath>, proposal: &Value) {
    let mut parent = emptied;
    while let Some(at) = parent.filter(|p| !p.is_root()) {
        let empty = |v: &Value| v.as_object().is_some_and(Map::is_empty);
        if !tree::get(&all[index], &at).is_some_and(empty) {
            return;
        }
        let elsewhere = writers(all, &at).into_iter().any(|i| i != index);
        if tree::get(proposal, &at).is_some() && !elsewhere {
            return;
        }
        tree::remove(&mut all[index], &at);
        parent = at.parent();
    }
}

/// The first path (in `got`'s order) where `got` and `want` differ, or `None` when equal.
fn first_difference(got: &Value, want: &Value, at: ValuePath) -> Option<ValuePath> {
    match (got, want) {
        (Value::Object(a), Value::Object(b)) => {
            let keys = a.keys().chain(b.keys().filter(|k| !a.contains_key(*k)));
            keys.into_iter().find_map(|key| {
                let mut here = at.clone();
                here.push(Segment::Key(key.clone()));
                match (a.get(key), b.get(key)) {
                    (Some(x), Some(y)) => first_difference(x, y, here),
                    _ => Some(here),
                }
            })
        }
        _ => (got != want).then_some(at),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn path(text: &str) -> ValuePath {
        ValuePath::parse(text).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Each document's ops, as `document: op path…`.
    fn summary(shares: &[Share]) -> Vec<String> {
        shares
            .iter()
            .map(|s| {
                let ops: Vec<String> = (s.ops.iter())
                    .map(|op| match op {
                        Op::Remove { path } => format!("remove {path}"),
                        Op::Rename { from, to, .. } => format!("rename {from} → {to}"),
                        Op::Set { path, value, .. } => format!("set {path} = {value}"),
                    })
                    .collect();
                format!("{}: {}", s.document, ops.join(", "))
            })
            .collect()
    }

    #[test]
    fn a_plan_is_split_where_helms_merge_takes_each_value_from() {
        let all = [
            json!({"gate": {"port": 1, "mode": "a"}, "list": [{"x": 1}]}),
            json!({"gate": {"port": 2}, "list": [{"x": 2}], "replicas": 1}),
        ];
        let ops = [
            Op::Rename {
                from: path("gate.port"),
                to: path("gate.podPort"),
                reason: String::new(),
            },
            Op::Remove {
                path: path("gate.mode"),
            },
            Op::Remove {
                path: path("list[0].x"),
            },
            Op::Set {
                path: path("gate.wait"),
                value: json!("30s"),
                source: crate::migrate::SetSource::Default,
            },
        ];
        let proposal = json!({"gate": {"podPort": 2, "wait": "30s"}, "list": [{}], "replicas": 1});
        let shares = split(&all, &ops, &proposal).unwrap_or_else(|e| panic!("{e:?}"));
        // The rename in both documents (the shadowed 1 moves too), the remove only where it is,
        // the list item only in the later document (the earlier list never reaches the merge),
        // the new key beside its siblings in the last document that holds `gate`.
        assert_eq!(
            summary(&shares),
            [
                "0: rename gate.port → gate.podPort, remove gate.mode",
                "1: rename gate.port → gate.podPort, remove list[0].x, set gate.wait = \"30s\""
            ]
        );
        assert_eq!(
            shares[1].values,
            json!({"gate": {"podPort": 2, "wait": "30s"}, "list": [{}], "replicas": 1})
        );
        // A later scalar over an earlier mapping: the earlier key never reaches the merge.
        assert!(!reaches(
            &[json!({"a": {"b": 1}}), json!({"a": 2})],
            0,
            &path("a.b")
        ));
        assert!(reaches(
            &[json!({"a": {"b": 1}}), json!({"a": {"c": 2}})],
            0,
            &path("a.b")
        ));
        // A proposal the split cannot reach is refused, naming where.
        let wrong = json!({"gate": {"podPort": 1, "wait": "30s"}, "list": [{}], "replicas": 1});
        let refused = split(&all, &ops, &wrong)
            .map(|_| ())
            .map_err(|(at, _)| at.to_string());
        assert_eq!(refused, Err("gate.podPort".to_string()));
        assert_eq!(placed(&all, &[0, 1], &path("gate.mode")), Some(0));
        assert_eq!(placed(&all, &[0, 1], &path("gate.port")), Some(1));
        assert_eq!(placed(&all, &[0, 1], &path("nowhere")), Some(0));
    }
}
