//! Sprig v3.3's list functions (`list.go`): `list`, `append`, `first`, `slice`, `uniq`, `chunk`,
//! `sortAlpha`, … over any slice, as sprig reaches them through `reflect`, with sprig's words
//! for its errors and Go's runtime words for its panics.
//!
//! Sprig's `slice` shadows Go's builtin `slice`: text/template looks a name up in the chart's
//! function map before its builtins, so the evaluator must call this one.

use std::rc::Rc;

use crate::func::{CallError, Ctx, Func, Param, Spans};
pub(crate) use crate::funcs::args::{arg, fixed, spend};
use crate::funcs::convert::{float_to_i64, to_int, to_string};
use crate::funcs::reflect::{deep_equal, kind_of};
use crate::value::{ElemType, Value};

/// What Go's runtime says when sprig calls `reflect.TypeOf(nil).Kind()`.
pub(crate) const NIL_DEREF: &str =
    "runtime error: invalid memory address or nil pointer dereference";

/// This family's functions.
pub(crate) const FUNCS: &[(&str, Func)] = &[
    ("list", variadic(&[], Param::Any, fn_list)),
    ("tuple", variadic(&[], Param::Any, fn_list)),
    ("append", fixed(&[Param::Any, Param::Any], fn_push)),
    ("push", fixed(&[Param::Any, Param::Any], fn_push)),
    ("mustAppend", fixed(&[Param::Any, Param::Any], fn_push)),
    ("mustPush", fixed(&[Param::Any, Param::Any], fn_push)),
    ("prepend", fixed(&[Param::Any, Param::Any], fn_prepend)),
    ("mustPrepend", fixed(&[Param::Any, Param::Any], fn_prepend)),
    ("first", fixed(&[Param::Any], fn_first)),
    ("mustFirst", fixed(&[Param::Any], fn_first)),
    ("last", fixed(&[Param::Any], fn_last)),
    ("mustLast", fixed(&[Param::Any], fn_last)),
    ("rest", fixed(&[Param::Any], fn_rest)),
    ("mustRest", fixed(&[Param::Any], fn_rest)),
    ("initial", fixed(&[Param::Any], fn_initial)),
    ("mustInitial", fixed(&[Param::Any], fn_initial)),
    ("reverse", fixed(&[Param::Any], fn_reverse)),
    ("mustReverse", fixed(&[Param::Any], fn_reverse)),
    ("uniq", fixed(&[Param::Any], fn_uniq)),
    ("mustUniq", fixed(&[Param::Any], fn_uniq)),
    ("compact", fixed(&[Param::Any], fn_compact)),
    ("mustCompact", fixed(&[Param::Any], fn_compact)),
    ("without", variadic(&[Param::Any], Param::Any, fn_without)),
    (
        "mustWithout",
        variadic(&[Param::Any], Param::Any, fn_without),
    ),
    ("has", fixed(&[Param::Any, Param::Any], fn_has)),
    ("mustHas", fixed(&[Param::Any, Param::Any], fn_has)),
    ("slice", variadic(&[Param::Any], Param::Any, fn_slice)),
    ("mustSlice", variadic(&[Param::Any], Param::Any, fn_slice)),
    ("concat", variadic(&[], Param::Any, fn_concat)),
    ("chunk", fixed(&[Param::Int, Param::Any], fn_chunk)),
    ("mustChunk", fixed(&[Param::Int, Param::Any], fn_chunk)),
    ("sortAlpha", fixed(&[Param::Any], fn_sort_alpha)),
];

/// A function with a variadic tail whose values keep their own spans.
pub(crate) const fn variadic(
    params: &'static [Param],
    tail: Param,
    call: fn(&mut Ctx, Vec<Value>) -> Result<Value, CallError>,
) -> Func {
    Func {
        params,
        variadic: Some(tail),
        spans: Spans::Own,
        call,
    }
}

/// The items of a slice (a Go slice type such as `.Capabilities.APIVersions` too), or the error
/// sprig gives for another kind (`Cannot push on type string`).
fn items(v: &Value, words: &str) -> Result<Rc<Vec<Value>>, CallError> {
    match v {
        Value::List(items, _) => Ok(Rc::clone(items)),
        Value::Nil => Err(CallError::Go(NIL_DEREF.to_string())),
        Value::Object(o) => match (kind_of(v)?, o.entries()) {
            ("slice", Some(entries)) => Ok(Rc::new(entries.into_iter().map(|(_, e)| e).collect())),
            (kind, _) => Err(CallError::Go(format!("{words} {kind}"))),
        },
        other => Err(CallError::Go(format!("{words} {}", other.kind_name()))),
    }
}

/// Whether any string in a value is masked, each value looked at a step of the budget (shared
/// maps can make a small value wide) and nesting bounded.
pub(crate) fn masked(ctx: &mut Ctx, v: &Value, depth: usize) -> Result<bool, CallError> {
    spend(ctx, 1)?;
    if depth > 100 {
        return Err(CallError::Unsupported(
            "a value nested deeper than 100 levels".to_string(),
        ));
    }
    match v {
        Value::Str(s) => Ok(s.masks.is_some()),
        Value::List(items, _) => {
            for item in items.iter() {
                if masked(ctx, item, depth + 1)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Value::Map(map, _) => {
            let entries: Vec<Value> = map
                .try_borrow()
                .map_err(|_| CallError::Unsupported("a map read while written".to_string()))?
                .values()
                .cloned()
                .collect();
            for item in &entries {
                if masked(ctx, item, depth + 1)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        _ => Ok(false),
    }
}

/// A new `[]interface {}`.
fn any_list(items: Vec<Value>) -> Value {
    Value::List(Rc::new(items), ElemType::Any)
}

/// `list`/`tuple`: the arguments as a `[]interface {}`.
fn fn_list(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    spend(ctx, args.len())?;
    Ok(any_list(args))
}

/// `append`/`push`: a new `[]interface {}` with `v` at the end.
fn fn_push(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let list = items(arg(&args, 0), "Cannot push on type")?;
    spend(ctx, list.len() + 1)?;
    let mut out = Vec::with_capacity(list.len() + 1);
    out.extend(list.iter().cloned());
    out.push(arg(&args, 1).clone());
    Ok(any_list(out))
}

/// `prepend`: a new `[]interface {}` with `v` at the front.
fn fn_prepend(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let list = items(arg(&args, 0), "Cannot prepend on type")?;
    spend(ctx, list.len() + 1)?;
    let mut out = Vec::with_capacity(list.len() + 1);
    out.push(arg(&args, 1).clone());
    out.extend(list.iter().cloned());
    Ok(any_list(out))
}

/// `first`: the first item, nil for an empty list.
fn fn_first(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let list = items(arg(&args, 0), "Cannot find first on type")?;
    Ok(list.first().cloned().unwrap_or(Value::Nil))
}

/// `last`: the last item, nil for an empty list.
fn fn_last(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let list = items(arg(&args, 0), "Cannot find last on type")?;
    Ok(list.last().cloned().unwrap_or(Value::Nil))
}

/// `rest`: every item but the first (Go's nil slice for an empty list).
fn fn_rest(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let list = items(arg(&args, 0), "Cannot find rest on type")?;
    spend(ctx, list.len())?;
    match list.split_first() {
        Some((_, tail)) => Ok(any_list(tail.to_vec())),
        None => Ok(Value::nil_list()),
    }
}

/// `initial`: every item but the last (Go's nil slice for an empty list).
fn fn_initial(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let list = items(arg(&args, 0), "Cannot find initial on type")?;
    spend(ctx, list.len())?;
    match list.split_last() {
        Some((_, head)) => Ok(any_list(head.to_vec())),
        None => Ok(Value::nil_list()),
    }
}

/// `reverse`: a new `[]interface {}` in the opposite order.
fn fn_reverse(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let list = items(arg(&args, 0), "Cannot find reverse on type")?;
    spend(ctx, list.len())?;
    Ok(any_list(list.iter().rev().cloned().collect()))
}

/// Whether `needle` is deeply equal to an item of `haystack` (sprig's `inList`).
fn in_list(ctx: &mut Ctx, haystack: &[Value], needle: &Value) -> Result<bool, CallError> {
    for item in haystack {
        if deep_equal(ctx, needle, item)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// `uniq`: the items without repeats (Go's `reflect.DeepEqual`), first ones kept.
fn fn_uniq(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let list = items(arg(&args, 0), "Cannot find uniq on type")?;
    let mut out: Vec<Value> = Vec::new();
    for item in list.iter() {
        if !in_list(ctx, &out, item)? {
            out.push(item.clone());
        }
    }
    Ok(any_list(out))
}

/// `compact`: the items that are not empty (sprig's `empty`: Go's falsy values).
fn fn_compact(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let list = items(arg(&args, 0), "Cannot compact on type")?;
    spend(ctx, list.len())?;
    Ok(any_list(
        list.iter().filter(|v| v.truth()).cloned().collect(),
    ))
}

/// `without`: the items deeply equal to none of the rest of the arguments.
fn fn_without(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let list = items(arg(&args, 0), "Cannot find without on type")?;
    let omit = args.get(1..).unwrap_or(&[]);
    let mut out = Vec::new();
    for item in list.iter() {
        if !in_list(ctx, omit, item)? {
            out.push(item.clone());
        }
    }
    Ok(any_list(out))
}

/// `has`: whether the list holds an item deeply equal to the needle; false for a nil list.
fn fn_has(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let haystack = arg(&args, 1);
    if let Value::Nil = haystack {
        return Ok(Value::Bool(false));
    }
    let list = items(haystack, "Cannot find has on type")?;
    Ok(Value::Bool(in_list(ctx, &list, arg(&args, 0))?))
}

/// `slice`: `list[start:end]` of the same slice type (indices by cast's `ToInt`); nil when empty.
fn fn_slice(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let (list, elem) = match arg(&args, 0) {
        Value::List(list, elem) => (list, *elem),
        Value::Nil => return Err(CallError::Go(NIL_DEREF.to_string())),
        Value::Object(o) if kind_of(arg(&args, 0))? == "slice" => {
            // Go keeps the slice's named type (`common.VersionSet`), which a list cannot carry.
            return Err(CallError::Unsupported(format!(
                "slice of a {}",
                o.type_name()
            )));
        }
        other => {
            return Err(CallError::Go(format!(
                "list should be type of slice or array but {}",
                kind_of(other)?
            )));
        }
    };
    if list.is_empty() {
        return Ok(Value::Nil);
    }
    let start = args.get(1).map_or(0, to_int);
    let end = args.get(2).map_or(list.len() as i64, to_int);
    if start < 0 || end < start {
        return Err(CallError::Go(
            "reflect.Value.Slice: slice index out of bounds".to_string(),
        ));
    }
    let (start, end) = (start as usize, end as usize);
    match list.get(start..end) {
        Some(part) => {
            spend(ctx, part.len())?;
            let piece = Rc::new(part.to_vec());
            // Go's piece shares the storage of a slice that someone else still holds.
            if elem == ElemType::String && Rc::strong_count(list) > 1 {
                share(&piece);
            }
            Ok(Value::List(piece, elem))
        }
        // Go allows up to the slice's capacity, which depends on how it was grown.
        None => Err(CallError::Unsupported(format!(
            "slice up to {end} of a list of {}: Go's answer depends on the slice's capacity",
            list.len()
        ))),
    }
}

/// `concat`: the items of every list in one `[]interface {}`.
fn fn_concat(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let mut out = Vec::new();
    for list in &args {
        let list = items(list, "Cannot concat type").map_err(|e| match e {
            CallError::Go(m) if m.starts_with("Cannot") => CallError::Go(format!("{m} as list")),
            other => other,
        })?;
        spend(ctx, list.len())?;
        out.extend(list.iter().cloned());
    }
    if out.is_empty() {
        // Go's `var res []interface{}` that nothing was appended to.
        return Ok(Value::nil_list());
    }
    Ok(any_list(out))
}

/// `chunk`: the items in lists of `size` (the last one shorter), as `[][]interface {}`.
fn fn_chunk(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let size = to_int(arg(&args, 0));
    let list = items(arg(&args, 1), "Cannot chunk type")?;
    let len = list.len() as i64;
    // Sprig's float arithmetic, ported as it is: a size of 0 or less mostly makes a length
    // `make` refuses, but not always (`chunk -2 (list 1)` is `[[1]]`).
    let count = float_to_i64(((len - 1) as f64 / size as f64).floor() + 1.0);
    let bad_length = || CallError::Go("runtime error: makeslice: len out of range".to_string());
    if count < 0 {
        return Err(bad_length());
    }
    let mut out = Vec::new();
    for i in 0..count {
        let mut width = size;
        if i == count - 1 {
            width = float_to_i64((len as f64 % size as f64).floor());
            if width == 0 {
                width = size;
            }
        }
        if width < 0 {
            return Err(bad_length());
        }
        let start = i.saturating_mul(size);
        let part = usize::try_from(start)
            .ok()
            .zip(usize::try_from(start.saturating_add(width)).ok())
            .and_then(|(from, to)| list.get(from..to))
            .ok_or_else(|| CallError::Go("reflect: slice index out of range".to_string()))?;
        spend(ctx, part.len() + 1)?;
        out.push(any_list(part.to_vec()));
    }
    Ok(Value::List(Rc::new(out), ElemType::AnyList))
}

thread_local! {
    /// The `[]string` pieces `slice` made of a slice held elsewhere (Go's pieces share its
    /// storage, which `sortAlpha` sorts in place).
    static SHARED: std::cell::RefCell<Vec<std::rc::Weak<Vec<Value>>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Records a piece that shares its storage with a slice held elsewhere (the dead ones dropped).
fn share(piece: &Rc<Vec<Value>>) {
    SHARED.with(|shared| {
        let mut shared = shared.borrow_mut();
        shared.retain(|weak| weak.strong_count() > 0);
        shared.push(Rc::downgrade(piece));
    });
}

/// Whether a list is a piece `slice` made of a slice held elsewhere.
fn is_shared(list: &Rc<Vec<Value>>) -> bool {
    SHARED.with(|shared| {
        let shared = shared.borrow();
        shared
            .iter()
            .any(|weak| std::ptr::eq(weak.as_ptr(), Rc::as_ptr(list)))
    })
}

/// `sortAlpha`: the items as strings (sprig's `strslice`), sorted, as a `[]string`.
fn fn_sort_alpha(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let (list, elem) = match arg(&args, 0) {
        Value::List(list, elem) => (list, *elem),
        Value::Object(_) if kind_of(arg(&args, 0))? == "slice" => {
            // Not a `[]string` to sort in place: sprig copies a named slice type's items.
            let list = Value::List(items(arg(&args, 0), "")?, ElemType::Any);
            return fn_sort_alpha(ctx, vec![list]);
        }
        other => {
            let one = string_of(ctx, other)?;
            return Ok(Value::List(Rc::new(vec![one]), ElemType::String));
        }
    };
    spend(ctx, list.len())?;
    let mut out = Vec::with_capacity(list.len());
    for item in list.iter() {
        if elem == ElemType::Any && matches!(item, Value::Nil) {
            continue;
        }
        out.push(string_of(ctx, item)?);
    }
    let sorted = out.windows(2).all(|w| text(&w[0]) <= text(&w[1]));
    if !sorted {
        if elem == ElemType::String && (Rc::strong_count(list) > 1 || is_shared(list)) {
            // Go sorts a `[]string` in place: every holder of it (or of the slice it is a
            // piece of) would see the new order.
            return Err(CallError::Unsupported(
                "sortAlpha of a []string held elsewhere (Go sorts it in place)".to_string(),
            ));
        }
        if out.iter().any(Value::is_masked) {
            return Err(CallError::Unsupported(
                "sortAlpha of strings made by a random or clock function (their order is random)"
                    .to_string(),
            ));
        }
    }
    out.sort_by(|a, b| text(a).cmp(text(b)));
    Ok(Value::List(Rc::new(out), ElemType::String))
}

/// A string value's text ("" for anything else).
fn text(v: &Value) -> &str {
    v.as_str().unwrap_or("")
}

/// Sprig's `strval` as a string value: a string keeps its spans; anything masked is refused.
fn string_of(ctx: &mut Ctx, v: &Value) -> Result<Value, CallError> {
    match v {
        Value::Str(_) => Ok(v.clone()),
        other if masked(ctx, other, 0)? => Err(CallError::Unsupported(
            "printing a list or map holding random or clock output as one string".to_string(),
        )),
        other => Ok(Value::str(to_string(other)?)),
    }
}
