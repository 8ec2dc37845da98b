//! A values text of several root documents, read as Helm's `-f` and its chart loader read it
//! (`LoadValues`: the documents merged, a later key winning, a document that is not a mapping
//! refused in Helm's words): a chart's values text, a values file's merged values, where the
//! merge takes each value from, and a plan for the merged values split into each document's own
//! edits. Which values files are read so is the values root's question (`locate.rs`).

use super::outcome::{MigrateReport, Op};
use super::parsed::Parsed;
use super::read::parse_yaml;
use super::request::Named;
use crate::path::{self as tree, Segment, ValuePath};
use crate::text::{Diagnostic, TextOffset};
use crate::yaml::{Stream, Typing};
use serde_json::{Map, Value};
use std::borrow::Cow;

/// Parses a chart's values text (`--defaults`, a chart's values.yaml) as Helm's loader reads
/// it: its documents merged, a later key winning (`schema::load_values`; `null` when it has none).
pub(crate) fn parse_document(input: &Named, typing: Typing) -> Result<Value, Diagnostic> {
    let (stream, documents) = parse_yaml(&input.name, &input.text, typing)?;
    crate::schema::load_values(documents).map_err(|(index, words)| {
        let (at, message) = not_a_mapping(&input.name, &stream, index, &words);
        Diagnostic::at(&input.name, &input.text, at, message)
    })
}

/// Helm's refusal of a values text whose document `index` is not a mapping: the document's
/// first byte, and Helm's words.
fn not_a_mapping(name: &str, stream: &Stream, index: usize, words: &str) -> (usize, String) {
    let at = stream
        .documents
        .get(index)
        .map_or(0, |d| d.root.range().start);
    (at, format!("failed to parse {name}: {words}"))
}

/// The file's documents merged as Helm's `LoadValues` merges them, or Helm's refusal of the
/// first document that is not a mapping: where that document starts, and Helm's words.
pub(crate) fn values<'f>(file: &'f Parsed<'_>) -> Result<Value, (TextOffset<'f>, String)> {
    let documents = file.documents().to_vec();
    crate::schema::load_values(documents).map_err(|(index, words)| {
        let (at, message) = not_a_mapping(file.path, &file.stream, index, &words);
        let at = TextOffset {
            file: file.path,
            text: &file.text,
            offset: Some(at),
        };
        (at, message)
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
/// every document that writes it as the merge reads it, a set key in the last of them (or, when
/// none does, in the last document whose mapping holds its nearest parent, else the last mapping
/// document), each decided on the original documents. `Err` names the first path where the
/// documents so edited would not merge to `proposal`, and why.
pub(crate) fn split(
    all: &[Value],
    ops: &[Op],
    proposal: &Value,
) -> Result<Vec<Share>, (ValuePath, String)> {
    let mut shares: Vec<Vec<Op>> = vec![Vec::new(); all.len()];
    for op in ops {
        let documents = match op {
            Op::Remove { path } | Op::Rename { from: path, .. } => writers(all, path),
            Op::Set { path, .. } => match writers(all, path).last() {
                Some(&last) => vec![last],
                None => vec![home_of_new(all, path)],
            },
        };
        if documents.is_empty() {
            let key = op_path(op);
            return Err((
                key.clone(),
                format!("no document of the file writes `{key}`"),
            ));
        }
        for document in documents {
            shares[document].push(op.clone());
        }
    }
    let mut values = Vec::with_capacity(all.len());
    for (document, ops) in shares.iter().enumerate() {
        let edited = edited(&all[document], ops, proposal, |at| {
            writers(all, at).into_iter().any(|i| i != document)
        });
        values.push(edited.map_err(|(at, why)| {
            let message = format!(
                "document {} of the file cannot take this edit where Helm's merge reads it: {why}",
                document + 1
            );
            (at, message)
        })?);
    }
    let merged =
        crate::schema::load_values(values.clone()).map_err(|(_, why)| (ValuePath::root(), why))?;
    if let Some(at) = first_difference(&merged, proposal, ValuePath::root()) {
        let list = tree::get(proposal, &at).is_some_and(Value::is_array);
        let why = match list {
            true => {
                ": its values come from several documents, and a later document's list replaces an earlier one whole; move them into one document first"
            }
            false => "",
        };
        let message = format!(
            "the file's documents, each edited where Helm's merge takes the value from, would not merge to the proposal at `{at}`{why}"
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

/// The path an op is about: what it removes, moves or sets.
fn op_path(op: &Op) -> &ValuePath {
    match op {
        Op::Remove { path } | Op::Set { path, .. } | Op::Rename { from: path, .. } => path,
    }
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

/// One document's values after its ops, as the splicer writes them: every source taken out
/// first (a list item left as a hole), then every destination put in (a missing or hollow
/// container made what the proposal holds there), then the containers the sources left hollow
/// removed where the proposal does not keep them or another document (`elsewhere`) writes them,
/// then the holes. `Err`: the path that cannot be put, and why.
fn edited(
    own: &Value,
    ops: &[Op],
    proposal: &Value,
    elsewhere: impl Fn(&ValuePath) -> bool,
) -> Result<Value, (ValuePath, String)> {
    let mut values = own.clone();
    if ops.is_empty() {
        return Ok(values);
    }
    let mut holes = Vec::new();
    let mut puts = Vec::new();
    for op in ops {
        match op {
            Op::Remove { path } => drop(take(&mut values, path, &mut holes)),
            Op::Rename { from, to, .. } => {
                puts.push((to.clone(), take(&mut values, from, &mut holes)))
            }
            Op::Set { path, value, .. } => puts.push((path.clone(), value.clone())),
        }
    }
    let destinations: Vec<ValuePath> = puts.iter().map(|(to, _)| to.clone()).collect();
    for (to, value) in puts {
        put(&mut values, &to, value).map_err(|why| (to, why))?;
    }
    for op in ops {
        let source = match op {
            Op::Remove { path } | Op::Rename { from: path, .. } => path,
            Op::Set { .. } => continue,
        };
        let mut parent = source.parent();
        while let Some(at) = parent.filter(|p| !p.is_root()) {
            let kept =
                tree::get(proposal, &at).is_some_and(|p| same_kind(p, tree::get(&values, &at)));
            if !tree::get(&values, &at).is_some_and(hollow) || (kept && !elsewhere(&at)) {
                break;
            }
            take(&mut values, &at, &mut holes);
            parent = at.parent();
        }
    }
    // The holes no destination filled, the last item of a list first.
    crate::order::by_key(&mut holes, |hole| std::cmp::Reverse(hole.clone()));
    for hole in holes {
        let filled = destinations.iter().any(|d| d.starts_with(&hole));
        if !filled && tree::get(&values, &hole).is_some_and(Value::is_null) {
            tree::remove(&mut values, &hole);
        }
    }
    Ok(values)
}

/// Takes the value at `path` out: a list item leaves a `null` hole (so that the other items keep
/// their indexes until every op is written), recorded in `holes`.
fn take(values: &mut Value, path: &ValuePath, holes: &mut Vec<ValuePath>) -> Value {
    if !matches!(path.last(), Some(Segment::Index(_))) {
        return tree::remove(values, path).unwrap_or(Value::Null);
    }
    let Some(slot) = tree::get(values, path)
        .is_some()
        .then(|| tree::get_mut(values, path))
        .flatten()
    else {
        return Value::Null;
    };
    holes.push(path.clone());
    std::mem::take(slot)
}

/// Puts `value` at `path`, making each missing, `null` or hollow container on the way the kind
/// the next segment needs (a mapping for a key, a list for an index).
fn put(root: &mut Value, path: &ValuePath, value: Value) -> Result<(), String> {
    let Some((last, parents)) = path.segments().split_last() else {
        *root = value;
        return Ok(());
    };
    let blocked = |depth: usize| {
        let at = ValuePath::from_segments(path.segments()[..depth].to_vec());
        format!("cannot put `{path}`: `{at}` is neither a mapping nor a list there")
    };
    let mut node = root;
    for (depth, segment) in parents.iter().chain([last]).enumerate() {
        let wants_list = matches!(segment, Segment::Index(_));
        if node.is_null() || (hollow(node) && node.is_array() != wants_list) {
            *node = if wants_list {
                Value::Array(Vec::new())
            } else {
                Value::Object(Map::new())
            };
        }
        let here = depth == parents.len();
        node = match (segment, node) {
            (Segment::Key(key), Value::Object(map)) if here => {
                map.insert(key.clone(), value);
                return Ok(());
            }
            (Segment::Key(key), Value::Object(map)) => {
                map.entry(key.clone()).or_insert(Value::Null)
            }
            (Segment::Index(index), Value::Array(items)) => {
                // Items put out of order: the ones before are put by other ops.
                if *index >= items.len() {
                    items.resize(*index + 1, Value::Null);
                }
                if here {
                    items[*index] = value;
                    return Ok(());
                }
                &mut items[*index]
            }
            _ => return Err(blocked(depth)),
        };
    }
    Err(blocked(parents.len()))
}

/// Whether a container holds no value: mappings and lists of nothing but such containers and
/// list holes.
fn hollow(value: &Value) -> bool {
    match value {
        Value::Object(map) => map.values().all(hollow),
        Value::Array(items) => items.iter().all(|item| item.is_null() || hollow(item)),
        _ => false,
    }
}

/// Whether `got` is there and the same kind of container as `want` (a mapping, a list), or
/// `want` is no container.
fn same_kind(want: &Value, got: Option<&Value>) -> bool {
    match want {
        Value::Object(_) => got.is_some_and(Value::is_object),
        Value::Array(_) => got.is_some_and(Value::is_array),
        _ => true,
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

    #[test]
    fn a_document_reshaped_by_several_ops_reads_as_the_proposal() {
        // A list of named items that becomes a map keyed by the name, in the later document:
        // every source out before any destination in, the emptied list made a mapping.
        let all = [
            json!({"replicas": 2}),
            json!({"pools": [{"name": "a", "size": 3}, {"name": "b", "size": 1}]}),
        ];
        let rename = |from: &str, to: &str| Op::Rename {
            from: path(from),
            to: path(to),
            reason: String::new(),
        };
        let ops = [
            rename("pools[0].size", "pools.a.size"),
            Op::Remove {
                path: path("pools[0].name"),
            },
            rename("pools[1].size", "pools.b.size"),
            Op::Remove {
                path: path("pools[1].name"),
            },
        ];
        let proposal = json!({"replicas": 2, "pools": {"a": {"size": 3}, "b": {"size": 1}}});
        let shares = split(&all, &ops, &proposal).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(shares.len(), 1);
        assert_eq!(shares[0].document, 1);
        assert_eq!(
            shares[0].values,
            json!({"pools": {"a": {"size": 3}, "b": {"size": 1}}})
        );
        // A list whose item would take values from both documents: refused, saying why.
        let all = [json!({"zone": "x"}), json!({"ttl": 60})];
        let ops = [
            rename("zone", "zones[0].name"),
            rename("ttl", "zones[0].ttl"),
        ];
        let proposal = json!({"zones": [{"name": "x", "ttl": 60}]});
        let refused = split(&all, &ops, &proposal)
            .map(|_| ())
            .map_err(|(at, why)| (at.to_string(), why));
        assert!(
            refused.as_ref().is_err_and(
                |(at, why)| at == "zones" && why.contains("replaces an earlier one whole")
            ),
            "{refused:?}"
        );
    }
}
