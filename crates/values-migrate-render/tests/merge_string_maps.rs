//! Sprig's `merge`/`mergeOverwrite` (mergo) of maps holding `map[string]string` values (what
//! `split` makes, and `.Chart.Annotations`): Helm 4.2.3's answers recorded through helm_python.

use values_migrate_render::{CallError, Value};

mod common;
use common::call;

/// `split "," text`: a `map[string]string`.
fn split(text: &str) -> Value {
    call("split", vec![Value::str(","), Value::str(text)]).expect("split")
}

/// `dict k1 v1 …`.
fn dict(entries: Vec<(&str, Value)>) -> Value {
    let args = entries
        .into_iter()
        .flat_map(|(k, v)| [Value::str(k), v])
        .collect();
    call("dict", args).expect("dict")
}

/// `toJson` of a value and `typeOf` of its entry `m`.
fn shown(v: &Value) -> (String, &'static str) {
    let json = call("toJson", vec![v.clone()]).expect("JSON");
    let Value::Map(map, _) = v else {
        panic!("a map")
    };
    let m = map.borrow().get("m").cloned().expect("m");
    (json.as_str().unwrap_or("").to_string(), m.type_name())
}

#[test]
fn string_maps_merge_as_mergo_merges_them() {
    let cases: Vec<(&str, Value, Value, &str, &str)> = vec![
        (
            "merge",
            dict(vec![("m", split("a,,c")), ("k", Value::str("v"))]),
            dict(vec![("m", split("x,y,z,w")), ("n", split("p,q"))]),
            r#"{"k":"v","m":{"_0":"a","_1":"y","_2":"c","_3":"w"},"n":{"_0":"p","_1":"q"}}"#,
            "map[string]string",
        ),
        (
            "mergeOverwrite",
            dict(vec![("m", split("a,,c"))]),
            dict(vec![("m", split("x,y,z,w"))]),
            r#"{"m":{"_0":"x","_1":"y","_2":"z","_3":"w"}}"#,
            "map[string]string",
        ),
        (
            "merge",
            dict(vec![(
                "m",
                dict(vec![("_0", Value::int(1)), ("q", Value::str(""))]),
            )]),
            dict(vec![("m", split("x,y"))]),
            r#"{"m":{"_0":1,"_1":"y","q":""}}"#,
            "map[string]interface {}",
        ),
        (
            "merge",
            dict(vec![("m", dict(vec![]))]),
            dict(vec![("m", split("x,y"))]),
            r#"{"m":{"_0":"x","_1":"y"}}"#,
            "map[string]interface {}",
        ),
    ];
    for (name, dst, src, json, kind) in cases {
        call(name, vec![dst.clone(), src]).expect("merged");
        assert_eq!(shown(&dst), (json.to_string(), kind), "{name} {json}");
    }
}

#[test]
fn a_plain_map_merged_into_a_string_map_is_refused() {
    // Helm: `reflect.Value.SetMapIndex: value of type interface {} is not assignable to type
    // string` (mergo's panic, where it happens depending on the entries): refused here.
    let dst = dict(vec![("m", split(""))]);
    let src = dict(vec![("m", dict(vec![("_0", Value::str(""))]))]);
    let got = call("merge", vec![dst, src]);
    assert!(matches!(got, Err(CallError::Unsupported(_))), "{got:?}");
}
