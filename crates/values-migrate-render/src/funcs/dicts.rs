//! Sprig v3.3's dict functions (`dict.go`): `dict`, `get`, `set`, `unset`, `hasKey`, `pluck`,
//! `keys`, `values`, `pick`, `omit`, `dig`, `merge`/`mergeOverwrite` (dario.cat/mergo v1.0.1's
//! rules for `map[string]interface {}`) and `deepCopy` (mitchellh/copystructure).
//!
//! Maps are shared: `set`, `unset` and the merges change the map every holder sees. Go iterates
//! a map in a random order, so Helm's `keys` and `values` come out in a different order from run
//! to run; this port gives them in sorted key order, one of the orders Helm gives.

use std::cell::{Ref, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;

use crate::func::{CallError, Ctx, Func, Param};
use crate::funcs::convert::to_string;
use crate::funcs::lists::{arg, fixed, masked, spend, variadic};
use crate::value::{ElemType, MapRef, MapType, Value};

/// The deepest nesting a merge or a copy walks (a map can hold itself through `set`): values
/// nest a dozen levels, and each level's frames must fit the wasm stack (1 MiB) beside the
/// evaluator's.
const MAX_DEPTH: usize = 100;

/// This family's functions.
pub(crate) const FUNCS: &[(&str, Func)] = &[
    ("dict", variadic(&[], Param::Any, fn_dict)),
    ("get", fixed(&[Param::Map, Param::Str], fn_get)),
    ("set", fixed(&[Param::Map, Param::Str, Param::Any], fn_set)),
    ("unset", fixed(&[Param::Map, Param::Str], fn_unset)),
    ("hasKey", fixed(&[Param::Map, Param::Str], fn_has_key)),
    ("pluck", variadic(&[Param::Str], Param::Map, fn_pluck)),
    ("keys", variadic(&[], Param::Map, fn_keys)),
    ("values", fixed(&[Param::Map], fn_values)),
    ("pick", variadic(&[Param::Map], Param::Str, fn_pick)),
    ("omit", variadic(&[Param::Map], Param::Str, fn_omit)),
    ("merge", variadic(&[Param::Map], Param::Map, fn_merge)),
    ("mustMerge", variadic(&[Param::Map], Param::Map, fn_merge)),
    (
        "mergeOverwrite",
        variadic(&[Param::Map], Param::Map, fn_merge_overwrite),
    ),
    (
        "mustMergeOverwrite",
        variadic(&[Param::Map], Param::Map, fn_merge_overwrite),
    ),
    ("deepCopy", fixed(&[Param::Any], fn_deep_copy)),
    ("mustDeepCopy", fixed(&[Param::Any], fn_deep_copy)),
    ("dig", variadic(&[], Param::Any, fn_dig)),
];

/// The map a `map[string]interface {}` parameter holds; `None` for Go's nil map.
fn map_arg(v: &Value) -> Option<&MapRef> {
    match v {
        Value::Map(..) if v.is_nil_map() => None,
        Value::Map(map, _) => Some(map),
        _ => None,
    }
}

/// Reads a map (never while this port writes it; a refusal rather than a panic if it were).
fn read(map: &MapRef) -> Result<Ref<'_, BTreeMap<String, Value>>, CallError> {
    map.try_borrow()
        .map_err(|_| CallError::Unsupported("a map read while it is being written".to_string()))
}

/// Writes one entry of a map.
fn write(map: &MapRef, key: &str, value: Option<Value>) -> Result<(), CallError> {
    if Value::Map(Rc::clone(map), MapType::Any).is_nil_map() {
        // Every caller checks first; the one nil map is never written.
        return Err(CallError::Unsupported(
            "a write to Go's nil map".to_string(),
        ));
    }
    let mut entries = map
        .try_borrow_mut()
        .map_err(|_| CallError::Unsupported("a map written while it is being read".to_string()))?;
    match value {
        Some(value) => entries.insert(key.to_string(), value),
        None => entries.remove(key),
    };
    Ok(())
}

/// A string parameter's text.
fn text(v: &Value) -> &str {
    v.as_str().unwrap_or("")
}

/// `dict`: keys (sprig's `strval`) and values in turns; a key without a value gets `""`.
fn fn_dict(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    spend(ctx, args.len())?;
    let mut entries = BTreeMap::new();
    for pair in args.chunks(2) {
        let Some(key) = pair.first() else { continue };
        if masked(ctx, key, 0)? {
            return Err(CallError::Unsupported(
                "a dict key made by a random or clock function".to_string(),
            ));
        }
        let value = pair.get(1).cloned().unwrap_or_else(|| Value::str(""));
        entries.insert(to_string(key)?, value);
    }
    Ok(Value::map(entries))
}

/// `get`: the value at a key, `""` when there is none.
fn fn_get(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let found = match map_arg(arg(&args, 0)) {
        Some(map) => read(map)?.get(text(arg(&args, 1))).cloned(),
        None => None,
    };
    Ok(found.unwrap_or_else(|| Value::str("")))
}

/// `set`: puts a value at a key of the map itself and returns the map.
fn fn_set(_: &mut Ctx, mut args: Vec<Value>) -> Result<Value, CallError> {
    let value = args.pop().unwrap_or(Value::Nil);
    let Some(map) = map_arg(arg(&args, 0)) else {
        return Err(CallError::Go("assignment to entry in nil map".to_string()));
    };
    write(map, text(arg(&args, 1)), Some(value))?;
    // Go returns the same map as a `map[string]interface {}`, whatever its named type was.
    Ok(Value::Map(Rc::clone(map), MapType::Any))
}

/// `unset`: removes a key from the map itself and returns the map.
fn fn_unset(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let Some(map) = map_arg(arg(&args, 0)) else {
        // Go's `delete` on a nil map does nothing.
        return Ok(Value::nil_map());
    };
    write(map, text(arg(&args, 1)), None)?;
    Ok(Value::Map(Rc::clone(map), MapType::Any))
}

/// `hasKey`: whether the map has the key.
fn fn_has_key(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let has = match map_arg(arg(&args, 0)) {
        Some(map) => read(map)?.contains_key(text(arg(&args, 1))),
        None => false,
    };
    Ok(Value::Bool(has))
}

/// `pluck`: the value at a key of each map that has it, in the maps' order.
fn fn_pluck(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let key = text(arg(&args, 0));
    let mut out = Vec::new();
    for map in args.iter().skip(1).filter_map(map_arg) {
        spend(ctx, 1)?;
        if let Some(value) = read(map)?.get(key) {
            out.push(value.clone());
        }
    }
    Ok(Value::list(out))
}

/// `keys`: every map's keys, map after map, as a `[]string` (each map's in sorted order).
fn fn_keys(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let mut out = Vec::new();
    for map in args.iter().filter_map(map_arg) {
        let entries = read(map)?;
        spend(ctx, entries.len())?;
        out.extend(entries.keys().map(|k| Value::str(k.as_str())));
    }
    Ok(Value::List(Rc::new(out), ElemType::String))
}

/// `values`: the map's values as a `[]interface {}` (in its keys' sorted order).
fn fn_values(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let Some(map) = map_arg(arg(&args, 0)) else {
        return Ok(Value::list(Vec::new()));
    };
    let entries = read(map)?;
    spend(ctx, entries.len())?;
    Ok(Value::list(entries.values().cloned().collect()))
}

/// `pick`: a new map of the entries at the given keys.
fn fn_pick(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let mut out = BTreeMap::new();
    if let Some(map) = map_arg(arg(&args, 0)) {
        let entries = read(map)?;
        for key in args.iter().skip(1).map(text) {
            spend(ctx, 1)?;
            if let Some(value) = entries.get(key) {
                out.insert(key.to_string(), value.clone());
            }
        }
    }
    Ok(Value::map(out))
}

/// `omit`: a new map of the entries at every key but the given ones.
fn fn_omit(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let mut out = BTreeMap::new();
    if let Some(map) = map_arg(arg(&args, 0)) {
        let entries = read(map)?;
        spend(ctx, entries.len() + args.len())?;
        let omitted: Vec<&str> = args.iter().skip(1).map(text).collect();
        for (key, value) in entries.iter() {
            if !omitted.contains(&key.as_str()) {
                out.insert(key.clone(), value.clone());
            }
        }
    }
    Ok(Value::map(out))
}

/// `merge`: mergo's `Merge` of each source into the first map, which is changed and returned.
fn fn_merge(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    merge_all(ctx, args, false)
}

/// `mergeOverwrite`: mergo's `Merge` `WithOverride` of each source into the first map.
fn fn_merge_overwrite(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    merge_all(ctx, args, true)
}

/// Merges every source into the destination in turn (a nil destination becomes a new map).
fn merge_all(ctx: &mut Ctx, args: Vec<Value>, overwrite: bool) -> Result<Value, CallError> {
    let mut iter = args.into_iter();
    let mut dst = iter.next().unwrap_or(Value::Nil);
    for src in iter {
        let Some(src) = map_arg(&src).cloned() else {
            continue;
        };
        if map_arg(&dst).is_none() {
            // mergo makes a map for a nil destination when the source is not nil.
            dst = Value::map(BTreeMap::new());
        }
        if let Value::Map(dst, _) = &dst {
            merge_into(ctx, dst, &src, overwrite, 0)?;
        }
    }
    match dst {
        Value::Map(map, _) => Ok(Value::Map(map, MapType::Any)),
        // Nothing merged into a nil map leaves it nil.
        _ => Ok(Value::nil_map()),
    }
}

/// mergo v1.0.1's `deepMerge` of one `map[string]interface {}` into another, in place.
fn merge_into(
    ctx: &mut Ctx,
    dst: &MapRef,
    src: &MapRef,
    overwrite: bool,
    depth: usize,
) -> Result<(), CallError> {
    if depth > MAX_DEPTH {
        return Err(CallError::Unsupported(
            "merging maps nested deeper than 100 levels".to_string(),
        ));
    }
    // A snapshot: the source may be the destination (`merge $d $d`) or hold it.
    let entries: Vec<(String, Value)> = read(src)?
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    spend(ctx, entries.len())?;
    for (key, value) in entries {
        let old = read(dst)?.get(&key).cloned();
        if let Some(new) = merge_entry(ctx, old, value, overwrite, depth)? {
            write(dst, &key, Some(new))?;
        }
    }
    Ok(())
}

/// What one source entry makes of the destination's entry: the value to store, or `None`.
fn merge_entry(
    ctx: &mut Ctx,
    old: Option<Value>,
    new: Value,
    overwrite: bool,
    depth: usize,
) -> Result<Option<Value>, CallError> {
    // Go's empty values (mergo's `isEmptyValue`): nil, false, 0, "", and empty slices and maps.
    let old_empty = old.as_ref().is_none_or(|v| !v.truth());
    match (&old, &new) {
        // A nil source value is skipped, or stored when overwriting.
        (_, Value::Nil) => return Ok(overwrite.then_some(Value::Nil)),
        (Some(Value::Map(inner, old_type)), Value::Map(from, new_type)) => {
            if old.as_ref().is_some_and(Value::is_nil_map) || new.is_nil_map() {
                return Err(CallError::Unsupported(
                    "merging a nil map held in a map".to_string(),
                ));
            }
            // Strings go into any map; other values into a `map[string]string` make reflect
            // panic (`value of type interface {} is not assignable to type string`): refused.
            if *old_type == MapType::String && *new_type != MapType::String {
                return Err(CallError::Unsupported(
                    "merging a map[string]interface {} into a map[string]string".to_string(),
                ));
            }
            merge_into(ctx, inner, from, overwrite, depth + 1)?;
            // The merged map stays unless both were empty; then the source's map is stored.
            if !read(inner)?.is_empty() {
                return Ok(None);
            }
            return Ok(Some(new));
        }
        (Some(Value::Object(_)), Value::Map(..)) | (Some(Value::Object(_)), Value::Object(_)) => {
            return Err(CallError::Unsupported(format!(
                "merging into a {} value",
                old.as_ref().map_or("nil", Value::type_name)
            )));
        }
        _ => {}
    }
    Ok((overwrite || old_empty).then_some(new))
}

/// `deepCopy`: copystructure's copy (maps and slices copied at every level; nil is an error).
fn fn_deep_copy(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    match arg(&args, 0) {
        Value::Nil => Err(CallError::Go(
            "reflect: call of reflect.Value.Type on zero Value".to_string(),
        )),
        v => deep_copy(ctx, v, 0),
    }
}

/// A copy of a value that shares no map or slice with it.
pub fn deep_copy(ctx: &mut Ctx, v: &Value, depth: usize) -> Result<Value, CallError> {
    if depth > MAX_DEPTH {
        return Err(CallError::Unsupported(
            "copying a value nested deeper than 100 levels".to_string(),
        ));
    }
    Ok(match v {
        // copystructure keeps a nil slice or map nil.
        Value::List(..) if v.is_nil_list() => v.clone(),
        Value::Map(..) if v.is_nil_map() => v.clone(),
        Value::List(items, elem) => {
            spend(ctx, items.len())?;
            let mut out = Vec::with_capacity(items.len());
            for item in items.iter() {
                out.push(deep_copy(ctx, item, depth + 1)?);
            }
            Value::List(Rc::new(out), *elem)
        }
        Value::Map(map, kind) => {
            let entries: Vec<(String, Value)> = read(map)?
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            spend(ctx, entries.len())?;
            let mut out = BTreeMap::new();
            for (key, item) in entries {
                out.insert(key, deep_copy(ctx, &item, depth + 1)?);
            }
            Value::Map(Rc::new(RefCell::new(out)), *kind)
        }
        Value::Object(o) => {
            return Err(CallError::Unsupported(format!(
                "deepCopy of a {}",
                o.type_name()
            )));
        }
        other => other.clone(),
    })
}

/// Go's words for a failed `x.(T)` on an `interface {}` holding `v`.
fn conversion_error(v: &Value, want: &str) -> CallError {
    let have = match v {
        Value::Nil => "nil".to_string(),
        other => other.type_name().to_string(),
    };
    CallError::Go(format!(
        "interface conversion: interface {{}} is {have}, not {want}"
    ))
}

/// `dig`: the value at a path of keys through nested maps, or the default where a key is missing.
fn fn_dig(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let [keys @ .., default, dict] = args.as_slice() else {
        return Err(CallError::Go(
            "dig needs at least three arguments".to_string(),
        ));
    };
    if keys.is_empty() {
        return Err(CallError::Go(
            "dig needs at least three arguments".to_string(),
        ));
    }
    const MAP: &str = "map[string]interface {}";
    let Value::Map(mut map, MapType::Any) = dict.clone() else {
        return Err(conversion_error(dict, MAP));
    };
    let mut path = Vec::with_capacity(keys.len());
    for key in keys {
        match key {
            Value::Str(s) => path.push(s.text.clone()),
            other => return Err(conversion_error(other, "string")),
        }
    }
    spend(ctx, path.len())?;
    let Some((last, init)) = path.split_last() else {
        return Ok(default.clone());
    };
    for key in init {
        let step = read(&map)?.get(&**key).cloned();
        map = match step {
            None => return Ok(default.clone()),
            Some(Value::Map(next, MapType::Any)) => next,
            Some(other) => return Err(conversion_error(&other, MAP)),
        };
    }
    let found = read(&map)?.get(&**last).cloned();
    Ok(found.unwrap_or_else(|| default.clone()))
}
