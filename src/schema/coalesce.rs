//! Helm's coalescing of the chart's defaults with the user's values, rule for rule.
//!
//! Mirrors `coalesceValues`, `coalesceTablesFullKey` and `cleanNilValues` in Helm 4's
//! `pkg/chart/common/util/coalesce.go` (`pkg/chartutil/coalesce.go` in Helm 3): the user's values
//! win key by key, mappings merge recursively, everything else (lists included) is replaced, a
//! user `null` deletes the key only where the defaults have a value for it (otherwise it survives
//! and is type-checked), and a `null` in the chart's own defaults never reaches the result.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::path::{Segment, ValuePath};

/// A place where Helm prints a coalescing warning, because one side is a mapping and the other is not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CoalesceWarning {
    /// Where the two sides disagree.
    pub path: ValuePath,
    /// Helm's warning text.
    pub message: String,
}

/// The coalesced values and the warnings Helm would print on the way.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Coalesced {
    /// The values the chart is rendered and validated with.
    pub values: Value,
    /// The mapping/non-mapping conflicts, in document order.
    pub warnings: Vec<CoalesceWarning>,
}

/// The user's values overlaid on the chart's defaults, as Helm's `CoalesceValues` does.
pub fn coalesce(defaults: Option<&Value>, user: &Value) -> Value {
    coalesce_with_warnings(defaults, user).values
}

/// [`coalesce`], also returning the warnings Helm prints.
pub fn coalesce_with_warnings(defaults: Option<&Value>, user: &Value) -> Coalesced {
    let mut warnings = Vec::new();
    let values = match user {
        // Helm decodes an empty values file to an empty map.
        Value::Null => coalesce_values(defaults, Map::new(), &mut warnings),
        Value::Object(map) => coalesce_values(defaults, map.clone(), &mut warnings),
        // Helm cannot hold anything but a map here; leave it for validation to refuse.
        other => other.clone(),
    };
    Coalesced { values, warnings }
}

/// The documents of one values text as Helm's `LoadValues` reads them (a chart's values.yaml
/// and every `-f` file): each document a mapping (a `null` one empty), merged in order by
/// `MergeMaps` (a later key wins, mappings merge key by key); one document is left as it is.
/// `Err` names the first document (from 0) that is neither a mapping nor `null`, with Helm's words.
pub fn load_values(documents: Vec<Value>) -> Result<Value, (usize, String)> {
    if documents.len() < 2 {
        return Ok(documents.into_iter().next().unwrap_or(Value::Null));
    }
    let mut merged = Map::new();
    for (index, document) in documents.into_iter().enumerate() {
        match document {
            Value::Null => {}
            Value::Object(map) => merge_maps(&mut merged, map),
            other => return Err((index, not_a_mapping(&other))),
        }
    }
    Ok(Value::Object(merged))
}

/// Helm's words for a document of a values text that is not a mapping: `LoadValues` reads each
/// document into a map through sigs.k8s.io/yaml's JSON, and Go's decoder names what it found.
pub fn not_a_mapping(document: &Value) -> String {
    let found = match document {
        Value::Array(_) => "array",
        Value::String(_) => "string",
        Value::Number(_) => "number",
        Value::Bool(_) => "bool",
        Value::Null | Value::Object(_) => "object",
    };
    format!(
        "cannot unmarshal yaml document: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal {found} into Go value of type map[string]interface {{}}"
    )
}

/// Helm's `MergeMaps(a, b)` into `a`: `b`'s key wins, unless both sides are mappings (merged).
pub fn merge_maps(a: &mut Map<String, Value>, b: Map<String, Value>) {
    for (key, value) in b {
        match (a.get_mut(&key), value) {
            (Some(Value::Object(inner)), Value::Object(more)) => merge_maps(inner, more),
            (_, value) => {
                a.insert(key, value);
            }
        }
    }
}

/// Helm's `CoalesceTables(dst, src)`: `dst` wins, mappings merge, a `null` in `dst` deletes the key.
///
/// `upgrade --reuse-values` uses it to lay the new `--set`/`-f` values over the release's old ones.
pub fn coalesce_tables(dst: &Value, src: &Value) -> Value {
    match (dst, src) {
        (_, Value::Null) => dst.clone(),
        (Value::Null, _) => src.clone(),
        (Value::Object(d), Value::Object(s)) => {
            let mut d = d.clone();
            tables(&mut d, s, &ValuePath::root(), &mut Vec::new());
            Value::Object(d)
        }
        _ => dst.clone(),
    }
}

/// Helm's `MergeTables(dst, src)`: `dst` wins, a `null` included; mappings merge; what `dst`
/// lacks is copied from `src`, a `null` included (Helm's install path merges chart values so).
pub(crate) fn merge_tables(dst: &mut Map<String, Value>, src: &Map<String, Value>) {
    for (key, value) in src {
        match (dst.get_mut(key), value) {
            (None, _) => {
                dst.insert(key.clone(), value.clone());
            }
            (Some(Value::Object(d)), Value::Object(s)) => merge_tables(d, s),
            (Some(_), _) => {}
        }
    }
}

/// What `helm upgrade --reuse-values` validates: the new values over the previous release's
/// values, with the previous chart's coalesced values standing in for the new chart's defaults.
///
/// From Helm's `pkg/action/upgrade.go` (`reuseValues`): `oldVals = CoalesceValues(current.Chart,
/// current.Config)`, `newVals = CoalesceTables(newVals, current.Config)`, `chart.Values = oldVals`;
/// the new chart's own `values.yaml` never enters the merge.
pub fn reuse_values(
    previous_defaults: Option<&Value>,
    previous_user: &Value,
    user: &Value,
) -> Value {
    let old = coalesce(previous_defaults, previous_user);
    let new = coalesce_tables(user, previous_user);
    coalesce(Some(&old), &new)
}

/// `coalesceValues`: the top level, where a user `null` deletes a key the defaults have.
fn coalesce_values(
    defaults: Option<&Value>,
    mut user: Map<String, Value>,
    warnings: &mut Vec<CoalesceWarning>,
) -> Value {
    let Some(Value::Object(defaults)) = defaults else {
        return Value::Object(user);
    };
    for (key, default) in defaults {
        let path = ValuePath::root().key(key.clone());
        match user.get_mut(key) {
            Some(Value::Null) => {
                user.remove(key);
            }
            Some(Value::Object(dst)) => match default {
                Value::Object(src) => tables(dst, &without_nulls(src), &path, warnings),
                Value::Null => {}
                other => warnings.push(CoalesceWarning {
                    message: format!("skipped value for {path}: Not a table. ({other})"),
                    path,
                }),
            },
            // A user scalar or list replaces whatever the default was, silently at this level.
            Some(_) => {}
            // A default `null` is not copied (Helm's cleanNilValues; corpus pair 15, check 5).
            None if default.is_null() => {}
            None => {
                let default = match default {
                    Value::Object(map) => Value::Object(without_nulls(map)),
                    other => other.clone(),
                };
                user.insert(key.clone(), default);
            }
        }
    }
    Value::Object(user)
}

/// `map` with every `null` removed, recursively through mappings (Helm's `cleanNilValues`).
pub(super) fn without_nulls(map: &Map<String, Value>) -> Map<String, Value> {
    map.iter()
        .filter(|(_, v)| !v.is_null())
        .map(|(k, v)| match v {
            Value::Object(inner) => (k.clone(), Value::Object(without_nulls(inner))),
            other => (k.clone(), other.clone()),
        })
        .collect()
}

/// `coalesceTablesFullKey` with `merge = false`: `dst` (the user's) wins over `src` (the defaults);
/// a `null` in `dst` deletes the key only when `src` has a non-null value for it.
fn tables(
    dst: &mut Map<String, Value>,
    src: &Map<String, Value>,
    prefix: &ValuePath,
    warnings: &mut Vec<CoalesceWarning>,
) {
    for (key, default) in src {
        let path = prefix.key(key.clone());
        match dst.get_mut(key) {
            Some(Value::Null) => {
                if !default.is_null() {
                    dst.remove(key);
                }
            }
            None => {
                dst.insert(key.clone(), default.clone());
            }
            Some(Value::Object(d)) => match default {
                Value::Object(s) => tables(d, s, &path, warnings),
                Value::Null => {}
                other => warnings.push(CoalesceWarning {
                    message: format!(
                        "destination for {path} is a table. Ignoring non-table value ({other})"
                    ),
                    path,
                }),
            },
            Some(_) => {
                if default.is_object() {
                    warnings.push(CoalesceWarning {
                        message: format!("cannot overwrite table with non table for {path}"),
                        path,
                    });
                }
            }
        }
    }
}

/// Helm's `coalesceGlobals`: the parent's `global` copied into the subchart's, the parent winning
/// key by key (mappings merged), a `global` that is not a mapping on either side left alone.
pub fn copy_globals(parent: &Map<String, Value>, sub: &mut Map<String, Value>) {
    let source = match parent.get("global") {
        None => Map::new(),
        Some(Value::Object(map)) => map.clone(),
        Some(_) => return,
    };
    let mut dest = match sub.remove("global") {
        None => Map::new(),
        Some(Value::Object(map)) => map,
        Some(other) => {
            sub.insert("global".to_string(), other);
            return;
        }
    };
    for (key, value) in source {
        match (value, dest.get(&key)) {
            (Value::Object(table), Some(Value::Object(existing))) => {
                let merged =
                    coalesce_tables(&Value::Object(table), &Value::Object(existing.clone()));
                dest.insert(key, merged);
            }
            (Value::Object(_), Some(_)) | (_, Some(Value::Object(_))) => {}
            (value, _) => {
                dest.insert(key, value);
            }
        }
    }
    sub.insert("global".to_string(), Value::Object(dest));
}

/// Where the user may have written a value Helm validates at `path` under a subchart's `global`:
/// the same key under each `global` above it, outermost first (a parent's `global` wins), then
/// `path` itself; just `path` when no `global` is on it.
pub fn global_sources(path: &ValuePath) -> Vec<ValuePath> {
    let segments = path.segments();
    let at = segments
        .iter()
        .rposition(|s| matches!(s, Segment::Key(k) if k == "global"));
    let Some(at) = at.filter(|at| *at > 0) else {
        return vec![path.clone()];
    };
    (0..=at)
        .map(|j| {
            let mut p = ValuePath::root();
            for s in segments[..j].iter().chain(&segments[at..]) {
                p = match s {
                    Segment::Key(k) => p.key(k.clone()),
                    Segment::Index(i) => p.index(*i),
                };
            }
            p
        })
        .collect()
}

/// `global` copied down each subchart path of `paths` (parents first), as Helm's `CoalesceValues`
/// does; `only_set`: only where the parent's `global` holds keys (the user's own values).
pub(crate) fn spread_globals(values: &mut Value, paths: &[Vec<String>], only_set: bool) {
    for path in paths {
        let Some((last, parent_path)) = path.split_last() else {
            continue;
        };
        let pointer: String = parent_path
            .iter()
            .map(|k| format!("/{}", k.replace('~', "~0").replace('/', "~1")))
            .collect();
        let Some(Value::Object(parent)) = values.pointer_mut(&pointer) else {
            continue;
        };
        let set = matches!(parent.get("global"), Some(Value::Object(g)) if !g.is_empty());
        if only_set && !set {
            continue;
        }
        let mut sub = match parent.remove(last) {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(map)) => map,
            Some(other) => {
                parent.insert(last.clone(), other);
                continue;
            }
        };
        copy_globals(parent, &mut sub);
        parent.insert(last.clone(), Value::Object(sub));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn merges_mappings_and_replaces_the_rest() {
        let defaults = json!({"a": {"x": 1, "y": [1, 2]}, "b": "d", "c": {"k": 1}});
        let user = json!({"a": {"y": [3]}, "c": "scalar", "u": 5});
        let out = coalesce_with_warnings(Some(&defaults), &user);
        assert_eq!(
            out.values,
            json!({"a": {"y": [3], "x": 1}, "c": "scalar", "u": 5, "b": "d"})
        );
        assert!(
            out.warnings.is_empty(),
            "a top-level scalar over a table is silent in Helm"
        );
        let nested = coalesce_with_warnings(
            Some(&json!({"p": {"t": {"k": 1}}})),
            &json!({"p": {"t": "s"}}),
        );
        assert_eq!(nested.warnings[0].path.to_string(), "p.t");
        assert_eq!(nested.values, json!({"p": {"t": "s"}}));
    }

    #[test]
    fn documents_merge_as_helms_loader_merges_them() {
        let documents = vec![
            json!({"a": "x", "m": {"k": 1, "l": [1]}, "s": {"t": 1}}),
            Value::Null,
            json!({"a": 1, "m": {"l": [2], "n": null}, "s": 2}),
        ];
        let merged = load_values(documents).unwrap();
        assert_eq!(
            merged,
            json!({"a": 1, "m": {"k": 1, "l": [2], "n": null}, "s": 2})
        );
        assert_eq!(load_values(vec![json!("x")]), Ok(json!("x")));
        let refused = load_values(vec![json!({}), json!([1])]);
        assert_eq!(refused.map_err(|(index, _)| index), Err(1));
    }

    #[test]
    fn a_null_deletes_only_keys_the_defaults_have() {
        let defaults = json!({"a": 1, "n": {"x": 1}});
        let user = json!({"a": null, "z": null, "n": {"x": null, "w": null}});
        assert_eq!(
            coalesce(Some(&defaults), &user),
            json!({"z": null, "n": {"w": null}})
        );
    }

    #[test]
    fn nulls_in_the_defaults_never_arrive() {
        let defaults =
            json!({"n": null, "m": {"x": null, "y": 1, "d": {"z": null}}, "u": {"k": null}});
        let user = json!({"u": {"k": null, "j": 1}});
        assert_eq!(
            coalesce(Some(&defaults), &user),
            json!({"u": {"k": null, "j": 1}, "m": {"y": 1, "d": {}}})
        );
    }

    #[test]
    fn coalesce_tables_keeps_a_null_over_a_null() {
        let dst = json!({"a": null, "b": null});
        let src = json!({"a": null, "b": 1, "c": null});
        assert_eq!(coalesce_tables(&dst, &src), json!({"a": null, "c": null}));
    }

    #[test]
    fn no_defaults_leaves_the_values_alone() {
        let user = json!({"a": null});
        assert_eq!(coalesce(None, &user), user);
        assert_eq!(coalesce(None, &Value::Null), json!({}));
    }

    #[test]
    fn reuse_values_ignores_the_new_charts_defaults() {
        let old_defaults = json!({"a": 1, "m": {"x": 1}});
        let old_user = json!({"m": {"y": 2}});
        let user = json!({"m": {"x": null}});
        assert_eq!(
            reuse_values(Some(&old_defaults), &old_user, &user),
            json!({"m": {"y": 2}, "a": 1})
        );
    }
}
