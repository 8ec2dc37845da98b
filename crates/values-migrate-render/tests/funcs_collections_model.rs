//! What the oracle cannot be asked about sprig's list, dict, reflection and path functions:
//! maps shared between holders, maps that hold themselves (Helm dies of a stack overflow),
//! masked spans, the budget, struct pointers, and the completeness of the tables.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use values_migrate_render::funcs::lookup;
use values_migrate_render::{
    Budget, CallError, ElemType, MapType, Mask, Object, Spans, Str, Value,
};

mod common;
use common::{call, call_within};

/// Calls a function by name with a budget of `steps`.
fn call_with(steps: u64, name: &str, args: Vec<Value>) -> Result<Value, CallError> {
    let budget = Budget {
        steps,
        ..Budget::default()
    };
    call_within(budget, name, args)
}

/// A string value.
fn s(text: &str) -> Value {
    Value::str(text)
}

/// A string made by `randAlpha`, masked whole.
fn random(text: &str) -> Value {
    Value::Str(Str {
        text: text.into(),
        masks: Some(Rc::new(vec![Mask {
            start: 0,
            end: text.len(),
            from: "randAlpha",
        }])),
    })
}

/// A new map of the given entries.
fn dict(entries: &[(&str, Value)]) -> Value {
    Value::map(
        entries
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
    )
}

/// A map that holds itself under `self`.
fn self_holding() -> Value {
    let d = dict(&[("a", Value::int(1))]);
    call("set", vec![d.clone(), s("self"), d.clone()]).expect("set");
    d
}

/// The texts of a list of strings.
fn texts(v: &Value) -> Vec<String> {
    match v {
        Value::List(items, _) => items
            .iter()
            .map(|i| i.as_str().expect("a string").to_string())
            .collect(),
        other => panic!("not a list: {other:?}"),
    }
}

/// Whether a result is a refusal.
fn refused(r: Result<Value, CallError>) -> bool {
    matches!(r, Err(CallError::Unsupported(_)))
}

#[test]
fn set_and_merge_change_the_map_every_holder_sees() {
    let inner = dict(&[("x", Value::int(1))]);
    let outer = dict(&[("inner", inner.clone())]);
    call("set", vec![inner.clone(), s("y"), Value::int(2)]).expect("set");
    let Value::Map(map, _) = &outer else { panic!() };
    let Some(Value::Map(seen, _)) = map.borrow().get("inner").cloned() else {
        panic!("a map")
    };
    assert_eq!(
        seen.borrow().len(),
        2,
        "the outer map sees the inner one's new key"
    );
    let returned =
        call("merge", vec![outer.clone(), dict(&[("z", Value::int(3))])]).expect("merge");
    let (Value::Map(a, _), Value::Map(b, _)) = (&returned, &outer) else {
        panic!()
    };
    assert!(Rc::ptr_eq(a, b), "merge returns the destination itself");
    assert!(b.borrow().contains_key("z"));
}

#[test]
fn maps_that_hold_themselves_are_refused_not_overflowed() {
    let d = self_holding();
    assert!(refused(call("merge", vec![d.clone(), d.clone()])));
    assert!(refused(
        call("mergeOverwrite", vec![dict(&[]), self_holding(), d.clone()])
            .and_then(|_| call("merge", vec![self_holding(), self_holding()]))
    ));
    assert!(refused(call("deepCopy", vec![d.clone()])));
    assert!(refused(call("deepEqual", vec![d.clone(), self_holding()])));
    // The same map is equal to itself at once, as Go's pointer check says.
    assert!(matches!(
        call("deepEqual", vec![d.clone(), d]),
        Ok(Value::Bool(true))
    ));
}

#[test]
fn a_merge_of_a_map_into_itself_reads_a_snapshot() {
    let d = dict(&[("a", Value::int(1)), ("b", dict(&[("c", Value::int(2))]))]);
    let merged = call("mergeOverwrite", vec![d.clone(), d.clone()]).expect("no double borrow");
    assert!(matches!(&merged, Value::Map(m, _) if m.borrow().len() == 2));
}

#[test]
fn work_in_proportion_to_a_list_is_charged_to_the_budget() {
    let long = Value::list((0..100).map(Value::int).collect());
    for name in [
        "reverse",
        "compact",
        "uniq",
        "sortAlpha",
        "deepCopy",
        "rest",
    ] {
        let r = call_with(10, name, vec![long.clone()]);
        assert!(matches!(r, Err(CallError::Budget(_))), "{name}: {r:?}");
    }
    assert!(matches!(
        call_with(10, "append", vec![long.clone(), Value::int(1)]),
        Err(CallError::Budget(_))
    ));
    assert!(call_with(1_000, "reverse", vec![long]).is_ok());
}

#[test]
fn masked_strings_keep_their_spans_through_lists_and_dicts() {
    let l = call("append", vec![Value::list(vec![s("a")]), random("xyz")]).expect("append");
    assert!(l.is_masked());
    let sorted = call("sortAlpha", vec![Value::list(vec![random("q")])]).expect("one item");
    assert!(sorted.is_masked(), "a sorted string keeps its span");
    let d = call("dict", vec![s("k"), random("v")]).expect("dict");
    assert!(call("get", vec![d, s("k")]).expect("get").is_masked());
}

#[test]
fn orders_that_depend_on_random_text_are_refused() {
    let two = Value::list(vec![random("q"), s("b")]);
    assert!(refused(call("sortAlpha", vec![two])));
    assert!(refused(call("dict", vec![random("key"), Value::int(1)])));
    // Already in order: nothing depends on the random text's value.
    let same = Value::list(vec![s("a"), s("b")]);
    assert!(call("sortAlpha", vec![same]).is_ok());
}

#[test]
fn a_masked_url_is_refused_and_a_join_of_masked_parts_is_masked_whole() {
    assert!(refused(call("urlParse", vec![random("https://h/p")])));
    let func = lookup("urlJoin").expect("urlJoin");
    assert_eq!(
        func.spans,
        Spans::Whole,
        "the evaluator masks the joined URL"
    );
}

#[test]
fn sort_alpha_of_a_shared_unsorted_string_slice_is_refused() {
    // Go sorts a `[]string` in place, so a second holder would see the new order.
    let strings = Value::List(Rc::new(vec![s("b"), s("a")]), ElemType::String);
    let held = strings.clone();
    assert!(refused(call("sortAlpha", vec![strings])));
    drop(held);
    let alone = Value::List(Rc::new(vec![s("b"), s("a")]), ElemType::String);
    assert_eq!(
        texts(&call("sortAlpha", vec![alone]).expect("sorted")),
        ["a", "b"]
    );
}

#[test]
fn keys_and_values_come_in_sorted_key_order() {
    // Go's order is random: sorted is one of the orders Helm prints.
    let d = dict(&[
        ("b", Value::int(2)),
        ("c", Value::int(3)),
        ("a", Value::int(1)),
    ]);
    assert_eq!(
        texts(&call("keys", vec![d.clone(), dict(&[("0", Value::Nil)])]).expect("keys")),
        ["a", "b", "c", "0"]
    );
    let Value::List(values, ElemType::Any) = call("values", vec![d]).expect("values") else {
        panic!("a []interface {{}}")
    };
    let ints: Vec<i64> = values
        .iter()
        .map(|v| match v {
            Value::Int(n, _) => *n,
            _ => panic!("an int"),
        })
        .collect();
    assert_eq!(ints, [1, 2, 3]);
}

#[test]
fn string_maps_in_a_merge_are_refused() {
    let strings = Value::Map(
        Rc::new(RefCell::new(BTreeMap::from([("k".to_string(), s("v"))]))),
        MapType::String,
    );
    let dst = dict(&[("a", strings)]);
    let src = dict(&[("a", dict(&[("k", Value::int(1))]))]);
    assert!(refused(call("merge", vec![dst, src])));
}

/// A struct pointer as Helm's `.Capabilities` is.
#[derive(Debug)]
struct Capabilities;

impl Object for Capabilities {
    fn type_name(&self) -> &'static str {
        "*common.Capabilities"
    }
    fn field(&self, _: &str) -> Option<Value> {
        None
    }
    fn call(&self, _: &str, _: &[Value]) -> Option<Result<Value, String>> {
        None
    }
    fn display(&self) -> Option<String> {
        None
    }
}

#[test]
fn struct_pointers_are_named_and_never_guessed_at() {
    let caps = Value::Object(Rc::new(Capabilities));
    let name = call("typeOf", vec![caps.clone()]).expect("typeOf");
    assert_eq!(name.as_str(), Some("*common.Capabilities"));
    assert_eq!(
        call("kindOf", vec![caps.clone()]).expect("kindOf").as_str(),
        Some("ptr")
    );
    let like = call("typeIsLike", vec![s("common.Capabilities"), caps.clone()]).expect("like");
    assert!(matches!(like, Value::Bool(true)));
    assert!(matches!(
        call("deepEqual", vec![caps.clone(), caps.clone()]),
        Ok(Value::Bool(true))
    ));
    let other = Value::Object(Rc::new(Capabilities));
    assert!(refused(call("deepEqual", vec![caps.clone(), other])));
    assert!(refused(call("deepCopy", vec![caps.clone()])));
    let dst = dict(&[("c", caps.clone())]);
    assert!(refused(call("merge", vec![dst, dict(&[("c", dict(&[]))])])));
    let first = call("first", vec![Value::list(vec![caps])]).expect("first");
    assert!(matches!(first, Value::Object(_)));
}

#[test]
fn every_function_of_these_sprig_files_is_in_the_tables() {
    let names = "list tuple append push mustAppend mustPush prepend mustPrepend first mustFirst \
        last mustLast rest mustRest initial mustInitial reverse mustReverse uniq mustUniq compact \
        mustCompact without mustWithout has mustHas slice mustSlice concat chunk mustChunk \
        sortAlpha dict get set unset hasKey pluck keys values pick omit merge mustMerge \
        mergeOverwrite mustMergeOverwrite deepCopy mustDeepCopy dig typeOf typeIs typeIsLike \
        kindOf kindIs deepEqual base dir clean ext isAbs osBase osDir osClean osExt osIsAbs \
        urlParse urlJoin";
    let missing: Vec<&str> = names
        .split_whitespace()
        .filter(|n| lookup(n).is_none())
        .collect();
    assert!(missing.is_empty(), "missing: {missing:?}");
}

/// A map of `levels` levels whose two keys share one map below: small, but 2^levels wide.
fn wide(levels: usize) -> Value {
    let mut d = dict(&[]);
    for _ in 0..levels {
        d = dict(&[("l", d.clone()), ("r", d)]);
    }
    d
}

#[test]
fn shared_maps_that_make_a_small_value_wide_run_out_of_budget() {
    for name in ["deepEqual", "merge", "mergeOverwrite"] {
        let r = call_with(100_000, name, vec![wide(40), wide(40)]);
        assert!(matches!(r, Err(CallError::Budget(_))), "{name}: {r:?}");
    }
    let r = call_with(100_000, "deepCopy", vec![wide(40)]);
    assert!(matches!(r, Err(CallError::Budget(_))), "deepCopy: {r:?}");
    let r = call_with(100_000, "sortAlpha", vec![Value::list(vec![wide(40)])]);
    assert!(r.is_err(), "sortAlpha: {r:?}");
}

/// A Go slice type with methods, as Helm's `.Capabilities.APIVersions` (`common.VersionSet`).
#[derive(Debug)]
struct VersionSet(Vec<&'static str>);

impl Object for VersionSet {
    fn type_name(&self) -> &'static str {
        "common.VersionSet"
    }
    fn field(&self, _: &str) -> Option<Value> {
        None
    }
    fn call(&self, _: &str, _: &[Value]) -> Option<Result<Value, String>> {
        None
    }
    fn display(&self) -> Option<String> {
        None
    }
    fn entries(&self) -> Option<Vec<(Value, Value)>> {
        let items = self.0.iter().enumerate();
        Some(items.map(|(i, v)| (Value::int(i as i64), s(v))).collect())
    }
}

#[test]
fn a_slice_type_with_methods_is_a_slice_to_the_list_functions() {
    // Helm 4.2.3: `has "v1" .Capabilities.APIVersions` is true, `kindOf` it is `slice`.
    let apis = Value::Object(Rc::new(VersionSet(vec!["v1", "apps/v1", "batch/v1"])));
    assert!(matches!(
        call("has", vec![s("v1"), apis.clone()]),
        Ok(Value::Bool(true))
    ));
    assert_eq!(
        call("first", vec![apis.clone()]).expect("first").as_str(),
        Some("v1")
    );
    assert_eq!(
        call("kindOf", vec![apis.clone()]).expect("kind").as_str(),
        Some("slice")
    );
    let sorted = call("sortAlpha", vec![apis.clone()]).expect("sorted");
    assert_eq!(texts(&sorted), ["apps/v1", "batch/v1", "v1"]);
    let appended = call("append", vec![apis.clone(), s("x")]).expect("append");
    assert_eq!(texts(&appended).len(), 4);
    // Go's `slice` keeps the named type, which a list cannot carry.
    assert!(refused(call("slice", vec![apis, Value::int(1)])));
    let empty = Value::Object(Rc::new(VersionSet(Vec::new())));
    assert!(refused(call("kindOf", vec![empty])));
}
