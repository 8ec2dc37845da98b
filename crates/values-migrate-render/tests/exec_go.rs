//! Go's own `text/template` execution tests (`exec_test.go`'s `execTests`), the cases that apply
//! to the values a Helm chart has (maps of `interface {}`, slices, strings, numbers, booleans),
//! with Go's data `tVal` as a map; outputs are Go's, before Helm removes `<no value>`.

use std::collections::BTreeMap;

use serde_json::json;
use values_migrate_render::Value;
use values_migrate_render::exec::{Env, TemplateSet};

/// A JSON value with Go's kinds: integers `int`, other numbers `float64`.
fn go_value(json: &serde_json::Value) -> Value {
    match json {
        serde_json::Value::Null => Value::Nil,
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(i) => Value::int(i),
            None => Value::Float(n.as_f64().unwrap_or(0.0)),
        },
        serde_json::Value::String(s) => Value::str(s.as_str()),
        serde_json::Value::Array(items) => Value::list(items.iter().map(go_value).collect()),
        serde_json::Value::Object(map) => {
            Value::map(map.iter().map(|(k, v)| (k.clone(), go_value(v))).collect())
        }
    }
}

/// Go's `tVal`, as far as a map can hold it.
fn t_val() -> serde_json::Value {
    json!({
        "X": "x", "U": {"V": "v"}, "I": 17, "FloatZero": 0.0,
        "MSI": {"one": 1, "two": 2, "three": 3}, "MSIone": {"one": 1}, "MSIEmpty": {},
        "MXI": {"one": 1}, "SI": [3, 4, 5], "SIEmpty": [], "SB": [true, false],
        "AI": [10, 11, 12], "PSI": [21, 22, 23], "Empty3": [7, 8], "Empty4": {"V": "UinEmpty"},
        "SMSI": [{"one": 1, "two": 2}, {"eleven": 11, "twelve": 12}], "PS": "a string"
    })
}

/// Executes `text` with `dot`: its raw output, or `None` when Go fails too.
fn exec(text: &str, dot: &serde_json::Value) -> Option<String> {
    let mut set = TemplateSet::new();
    set.add_file("t", text).ok()?;
    let mut env = Env::default();
    match set.execute("t", go_value(dot), &mut env) {
        Ok(out) => Some(out.text),
        Err(e) => {
            assert_eq!(
                e.kind,
                values_migrate_render::error::ErrorKind::Helm,
                "{text}: {e}"
            );
            None
        }
    }
}

#[test]
fn go_exec_tests_that_apply_to_chart_values() {
    let t = t_val();
    let null = serde_json::Value::Null;
    // (name, template, Go's output or None for Go's error, data)
    let cases: Vec<(&str, &str, Option<&str>, serde_json::Value)> = vec![
        ("empty", "", Some(""), null.clone()),
        ("text", "some text", Some("some text"), null.clone()),
        ("nil action", "{{nil}}", None, null.clone()),
        (".X", "-{{.X}}-", Some("-x-"), t.clone()),
        (".U.V", "-{{.U.V}}-", Some("-v-"), t.clone()),
        ("map .one", "{{.MSI.one}}", Some("1"), t.clone()),
        ("map .two", "{{.MSI.two}}", Some("2"), t.clone()),
        ("map .NO", "{{.MSI.NO}}", Some("<no value>"), t.clone()),
        ("map .one interface", "{{.MXI.one}}", Some("1"), t.clone()),
        ("map .WRONG args", "{{.MSI.one 1}}", None, t.clone()),
        ("dot int", "<{{.}}>", Some("<13>"), json!(13)),
        ("dot float", "<{{.}}>", Some("<15.1>"), json!(15.1)),
        ("dot bool", "<{{.}}>", Some("<true>"), json!(true)),
        ("dot string", "<{{.}}>", Some("<hello>"), json!("hello")),
        (
            "dot slice",
            "<{{.}}>",
            Some("<[-1 -2 -3]>"),
            json!([-1, -2, -3]),
        ),
        (
            "dot map",
            "<{{.}}>",
            Some("<map[two:22]>"),
            json!({"two": 22}),
        ),
        ("$ int", "{{$}}", Some("123"), json!(123)),
        ("$.I", "{{$.I}}", Some("17"), t.clone()),
        ("$.U.V", "{{$.U.V}}", Some("v"), t.clone()),
        (
            "declare in action",
            "{{$x := $.U.V}}{{$x}}",
            Some("v"),
            t.clone(),
        ),
        (
            "simple assignment",
            "{{$x := 2}}{{$x = 3}}{{$x}}",
            Some("3"),
            t.clone(),
        ),
        (
            "nested assignment",
            "{{$x := 2}}{{if true}}{{$x = 3}}{{end}}{{$x}}",
            Some("3"),
            t.clone(),
        ),
        (
            "nested assignment changes the last declaration",
            "{{$x := 1}}{{if true}}{{$x := 2}}{{if true}}{{$x = 3}}{{end}}{{end}}{{$x}}",
            Some("1"),
            t.clone(),
        ),
        ("parens: $ in paren", "{{($).X}}", Some("x"), t.clone()),
        ("if true", "{{if true}}TRUE{{end}}", Some("TRUE"), t.clone()),
        (
            "if false",
            "{{if false}}TRUE{{else}}FALSE{{end}}",
            Some("FALSE"),
            t.clone(),
        ),
        ("if nil", "{{if nil}}TRUE{{end}}", None, t.clone()),
        (
            "if 1",
            "{{if 1}}NON-ZERO{{else}}ZERO{{end}}",
            Some("NON-ZERO"),
            t.clone(),
        ),
        (
            "if 0",
            "{{if 0}}NON-ZERO{{else}}ZERO{{end}}",
            Some("ZERO"),
            t.clone(),
        ),
        (
            "if 1.5",
            "{{if 1.5}}NON-ZERO{{else}}ZERO{{end}}",
            Some("NON-ZERO"),
            t.clone(),
        ),
        (
            "if 0.0",
            "{{if .FloatZero}}NON-ZERO{{else}}ZERO{{end}}",
            Some("ZERO"),
            t.clone(),
        ),
        (
            "if emptystring",
            "{{if ``}}NON-EMPTY{{else}}EMPTY{{end}}",
            Some("EMPTY"),
            t.clone(),
        ),
        (
            "if string",
            "{{if `notempty`}}NON-EMPTY{{else}}EMPTY{{end}}",
            Some("NON-EMPTY"),
            t.clone(),
        ),
        (
            "if emptyslice",
            "{{if .SIEmpty}}NON-EMPTY{{else}}EMPTY{{end}}",
            Some("EMPTY"),
            t.clone(),
        ),
        (
            "if slice",
            "{{if .SI}}NON-EMPTY{{else}}EMPTY{{end}}",
            Some("NON-EMPTY"),
            t.clone(),
        ),
        (
            "if emptymap",
            "{{if .MSIEmpty}}NON-EMPTY{{else}}EMPTY{{end}}",
            Some("EMPTY"),
            t.clone(),
        ),
        (
            "if map",
            "{{if .MSI}}NON-EMPTY{{else}}EMPTY{{end}}",
            Some("NON-EMPTY"),
            t.clone(),
        ),
        (
            "if map unset",
            "{{if .MXI.none}}NON-ZERO{{else}}ZERO{{end}}",
            Some("ZERO"),
            t.clone(),
        ),
        (
            "if map not unset",
            "{{if not .MXI.none}}ZERO{{else}}NON-ZERO{{end}}",
            Some("ZERO"),
            t.clone(),
        ),
        (
            "if $x with $y int",
            "{{$x := 1}}{{with $y := .I}}{{$x}}{{end}}",
            Some("1"),
            t.clone(),
        ),
        (
            "if $x with $x int",
            "{{$x := 1}}{{with $x := .I}}{{$x}}{{end}}",
            Some("17"),
            t.clone(),
        ),
        (
            "if else if",
            "{{if false}}FALSE{{else if true}}TRUE{{end}}",
            Some("TRUE"),
            t.clone(),
        ),
        (
            "if else chain",
            "{{if eq 1 3}}1{{else if eq 2 3}}2{{else if eq 3 3}}3{{end}}",
            Some("3"),
            t.clone(),
        ),
        (
            "print",
            r#"{{print "hello, print"}}"#,
            Some("hello, print"),
            t.clone(),
        ),
        ("print 123", "{{print 1 2 3}}", Some("1 2 3"), t.clone()),
        ("print nil", "{{print nil}}", Some("<nil>"), t.clone()),
        ("println", "{{println 1 2 3}}", Some("1 2 3\n"), t.clone()),
        (
            "printf int",
            r#"{{printf "%04x" 127}}"#,
            Some("007f"),
            t.clone(),
        ),
        (
            "printf float",
            r#"{{printf "%g" 3.5}}"#,
            Some("3.5"),
            t.clone(),
        ),
        (
            "printf string",
            r#"{{printf "%s" "hello"}}"#,
            Some("hello"),
            t.clone(),
        ),
        (
            "printf field",
            r#"{{printf "%s" .U.V}}"#,
            Some("v"),
            t.clone(),
        ),
        (
            "printf dot",
            r#"{{with .I}}{{printf "%d" .}}{{end}}"#,
            Some("17"),
            t.clone(),
        ),
        (
            "printf var",
            r#"{{with $x := .I}}{{printf "%d" $x}}{{end}}"#,
            Some("17"),
            t.clone(),
        ),
        (
            "html",
            r#"{{html "<script>alert(\"XSS\");</script>"}}"#,
            Some("&lt;script&gt;alert(&#34;XSS&#34;);&lt;/script&gt;"),
            null.clone(),
        ),
        (
            "html pipeline",
            r#"{{printf "<script>alert(\"XSS\");</script>" | html}}"#,
            Some("&lt;script&gt;alert(&#34;XSS&#34;);&lt;/script&gt;"),
            null.clone(),
        ),
        ("html string", "{{html .PS}}", Some("a string"), t.clone()),
        (
            "html untyped nil",
            "{{html .Empty0}}",
            Some("&lt;no value&gt;"),
            t.clone(),
        ),
        (
            "js",
            "{{js .}}",
            Some(r"It\'d be nice."),
            json!("It'd be nice."),
        ),
        (
            "urlquery",
            r#"{{"http://www.example.org/"|urlquery}}"#,
            Some("http%3A%2F%2Fwww.example.org%2F"),
            null.clone(),
        ),
        (
            "not",
            "{{not true}} {{not false}}",
            Some("false true"),
            null.clone(),
        ),
        (
            "and",
            "{{and false 0}} {{and 1 0}} {{and 0 true}} {{and 1 1}}",
            Some("false 0 0 1"),
            null.clone(),
        ),
        (
            "or",
            "{{or 0 0}} {{or 1 0}} {{or 0 true}} {{or 1 1}}",
            Some("0 1 true 1"),
            null.clone(),
        ),
        (
            "or short-circuit",
            r#"{{or 0 1 (fail "die")}}"#,
            Some("1"),
            null.clone(),
        ),
        (
            "and short-circuit",
            r#"{{and 1 0 (fail "die")}}"#,
            Some("0"),
            null.clone(),
        ),
        (
            "or short-circuit2",
            r#"{{or 0 0 (fail "die")}}"#,
            None,
            null.clone(),
        ),
        (
            "and short-circuit2",
            r#"{{and 1 1 (fail "die")}}"#,
            None,
            null.clone(),
        ),
        ("and pipe-true", "{{1 | and 1}}", Some("1"), null.clone()),
        ("and pipe-false", "{{0 | and 1}}", Some("0"), null.clone()),
        ("or pipe-true", "{{1 | or 0}}", Some("1"), null.clone()),
        ("or pipe-false", "{{0 | or 0}}", Some("0"), null.clone()),
        (
            "and undef",
            "{{and 1 .Unknown}}",
            Some("<no value>"),
            null.clone(),
        ),
        (
            "or undef",
            "{{or 0 .Unknown}}",
            Some("<no value>"),
            null.clone(),
        ),
        (
            "boolean if",
            "{{if and true 1 `hi`}}TRUE{{else}}FALSE{{end}}",
            Some("TRUE"),
            t.clone(),
        ),
        (
            "boolean if not",
            "{{if and true 1 `hi` | not}}TRUE{{else}}FALSE{{end}}",
            Some("FALSE"),
            null.clone(),
        ),
        (
            "boolean if pipe",
            "{{if true | not | and 1}}TRUE{{else}}FALSE{{end}}",
            Some("FALSE"),
            null.clone(),
        ),
        ("slice[0]", "{{index .SI 0}}", Some("3"), t.clone()),
        ("slice[1]", "{{index .SI 1}}", Some("4"), t.clone()),
        ("slice[HUGE]", "{{index .SI 10}}", None, t.clone()),
        ("slice[WRONG]", "{{index .SI `hello`}}", None, t.clone()),
        ("slice[nil]", "{{index .SI nil}}", None, t.clone()),
        ("map[one]", "{{index .MSI `one`}}", Some("1"), t.clone()),
        ("map[two]", "{{index .MSI `two`}}", Some("2"), t.clone()),
        (
            "map[NO]",
            "{{index .MSI `XXX`}}",
            Some("<no value>"),
            t.clone(),
        ),
        ("map[nil]", "{{index .MSI nil}}", None, t.clone()),
        ("map[WRONG]", "{{index .MSI 10}}", None, t.clone()),
        (
            "double index",
            "{{index .SMSI 1 `eleven`}}",
            Some("11"),
            t.clone(),
        ),
        ("nil[1]", "{{index nil 1}}", None, t.clone()),
        ("len slice", "{{len .SI}}", Some("3"), t.clone()),
        ("len map", "{{len .MSI }}", Some("3"), t.clone()),
        ("len of int", "{{len 3}}", None, t.clone()),
        ("len of nothing", "{{len .Empty0}}", None, t.clone()),
        (
            "len of an interface field",
            "{{len .Empty3}}",
            Some("2"),
            t.clone(),
        ),
        (
            "with true",
            "{{with true}}{{.}}{{end}}",
            Some("true"),
            t.clone(),
        ),
        (
            "with false",
            "{{with false}}{{.}}{{else}}FALSE{{end}}",
            Some("FALSE"),
            t.clone(),
        ),
        (
            "with 1",
            "{{with 1}}{{.}}{{else}}ZERO{{end}}",
            Some("1"),
            t.clone(),
        ),
        (
            "with 0",
            "{{with 0}}{{.}}{{else}}ZERO{{end}}",
            Some("ZERO"),
            t.clone(),
        ),
        (
            "with 1.5",
            "{{with 1.5}}{{.}}{{else}}ZERO{{end}}",
            Some("1.5"),
            t.clone(),
        ),
        (
            "with 0.0",
            "{{with .FloatZero}}{{.}}{{else}}ZERO{{end}}",
            Some("ZERO"),
            t.clone(),
        ),
        (
            "with emptystring",
            "{{with ``}}{{.}}{{else}}EMPTY{{end}}",
            Some("EMPTY"),
            t.clone(),
        ),
        (
            "with string",
            "{{with `notempty`}}{{.}}{{else}}EMPTY{{end}}",
            Some("notempty"),
            t.clone(),
        ),
        (
            "with emptyslice",
            "{{with .SIEmpty}}{{.}}{{else}}EMPTY{{end}}",
            Some("EMPTY"),
            t.clone(),
        ),
        (
            "with slice",
            "{{with .SI}}{{.}}{{else}}EMPTY{{end}}",
            Some("[3 4 5]"),
            t.clone(),
        ),
        (
            "with emptymap",
            "{{with .MSIEmpty}}{{.}}{{else}}EMPTY{{end}}",
            Some("EMPTY"),
            t.clone(),
        ),
        (
            "with map",
            "{{with .MSIone}}{{.}}{{else}}EMPTY{{end}}",
            Some("map[one:1]"),
            t.clone(),
        ),
        (
            "with empty interface, struct field",
            "{{with .Empty4}}{{.V}}{{end}}",
            Some("UinEmpty"),
            t.clone(),
        ),
        (
            "with $x int",
            "{{with $x := .I}}{{$x}}{{end}}",
            Some("17"),
            t.clone(),
        ),
        (
            "with $x struct.U.V",
            "{{with $x := $}}{{$x.U.V}}{{end}}",
            Some("v"),
            t.clone(),
        ),
        (
            "with variable and action",
            "{{with $x := $}}{{$y := $.U.V}}{{$y}}{{end}}",
            Some("v"),
            t.clone(),
        ),
        (
            "with else with",
            "{{with 0}}{{.}}{{else with true}}{{.}}{{end}}",
            Some("true"),
            t.clone(),
        ),
        (
            "with else with chain",
            "{{with 0}}{{.}}{{else with false}}{{.}}{{else with `notempty`}}{{.}}{{end}}",
            Some("notempty"),
            t.clone(),
        ),
        (
            "range []int",
            "{{range .SI}}-{{.}}-{{end}}",
            Some("-3--4--5-"),
            t.clone(),
        ),
        (
            "range empty no else",
            "{{range .SIEmpty}}-{{.}}-{{end}}",
            Some(""),
            t.clone(),
        ),
        (
            "range []int else",
            "{{range .SI}}-{{.}}-{{else}}EMPTY{{end}}",
            Some("-3--4--5-"),
            t.clone(),
        ),
        (
            "range empty else",
            "{{range .SIEmpty}}-{{.}}-{{else}}EMPTY{{end}}",
            Some("EMPTY"),
            t.clone(),
        ),
        (
            "range []int break else",
            "{{range .SI}}-{{.}}-{{break}}NOTREACHED{{else}}EMPTY{{end}}",
            Some("-3-"),
            t.clone(),
        ),
        (
            "range []int continue else",
            "{{range .SI}}-{{.}}-{{continue}}NOTREACHED{{else}}EMPTY{{end}}",
            Some("-3--4--5-"),
            t.clone(),
        ),
        (
            "range []bool",
            "{{range .SB}}-{{.}}-{{end}}",
            Some("-true--false-"),
            t.clone(),
        ),
        (
            "range map",
            "{{range .MSI}}-{{.}}-{{end}}",
            Some("-1--3--2-"),
            t.clone(),
        ),
        (
            "range empty map no else",
            "{{range .MSIEmpty}}-{{.}}-{{end}}",
            Some(""),
            t.clone(),
        ),
        (
            "range map else",
            "{{range .MSI}}-{{.}}-{{else}}EMPTY{{end}}",
            Some("-1--3--2-"),
            t.clone(),
        ),
        (
            "range empty map else",
            "{{range .MSIEmpty}}-{{.}}-{{else}}EMPTY{{end}}",
            Some("EMPTY"),
            t.clone(),
        ),
        (
            "range empty interface",
            "{{range .Empty3}}-{{.}}-{{else}}EMPTY{{end}}",
            Some("-7--8-"),
            t.clone(),
        ),
        (
            "range empty nil",
            "{{range .Empty0}}-{{.}}-{{end}}",
            Some(""),
            t.clone(),
        ),
        (
            "range $x SI",
            "{{range $x := .SI}}<{{$x}}>{{end}}",
            Some("<3><4><5>"),
            t.clone(),
        ),
        (
            "range $x $y SI",
            "{{range $x, $y := .SI}}<{{$x}}={{$y}}>{{end}}",
            Some("<0=3><1=4><2=5>"),
            t.clone(),
        ),
        (
            "range $x MSIone",
            "{{range $x := .MSIone}}<{{$x}}>{{end}}",
            Some("<1>"),
            t.clone(),
        ),
        (
            "range $x $y MSIone",
            "{{range $x, $y := .MSIone}}<{{$x}}={{$y}}>{{end}}",
            Some("<one=1>"),
            t.clone(),
        ),
        (
            "declare in range",
            "{{range $x := .PSI}}<{{$foo:=$x}}{{$x}}>{{end}}",
            Some("<21><22><23>"),
            t.clone(),
        ),
        (
            "range int",
            "{{range $i := 3}}{{$i}}{{end}}",
            Some("012"),
            t.clone(),
        ),
        (
            "or as if true",
            r#"{{or .SI "slice is empty"}}"#,
            Some("[3 4 5]"),
            t.clone(),
        ),
        (
            "or as if false",
            r#"{{or .SIEmpty "slice is empty"}}"#,
            Some("slice is empty"),
            t.clone(),
        ),
        ("bug18a", "{{eq . '.'}}", Some("true"), json!(46)),
        (
            "issue56490",
            "{{$i := 0}}{{$x := 0}}{{range $i = .AI}}{{end}}",
            Some(""),
            t.clone(),
        ),
        (
            "issue60801",
            "{{$k := 0}}{{$v := 0}}{{range $k, $v = .AI}}{{$k}}={{$v}} {{end}}",
            Some("0=10 1=11 2=12 "),
            t.clone(),
        ),
    ];
    let mut failures = Vec::new();
    for (name, text, want, data) in &cases {
        let got = exec(text, data);
        if got.as_deref() != *want {
            failures.push(format!("{name}: {text:?} want {want:?} got {got:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn go_comparison_tests() {
    // Go's `cmpTests` (exec_test.go) over the kinds values have; `None` is Go's error.
    let cases: &[(&str, Option<&str>)] = &[
        ("eq true true", Some("true")),
        ("eq true false", Some("false")),
        ("eq 1.5 1.5", Some("true")),
        ("eq 1.5 2.5", Some("false")),
        ("eq 1 1", Some("true")),
        ("eq 1 2", Some("false")),
        ("eq `xy` `xy`", Some("true")),
        ("eq `xy` `xyz`", Some("false")),
        ("eq .Uthree .Uthree", Some("true")),
        ("eq 3 4 5 6 3", Some("true")),
        ("eq 3 4 5 6 7", Some("false")),
        ("ne true true", Some("false")),
        ("ne 1.5 2.5", Some("true")),
        ("ne 1 1", Some("false")),
        ("ne `xy` `xy`", Some("false")),
        ("lt 1.5 1.5", Some("false")),
        ("lt 1.5 2.5", Some("true")),
        ("lt 1 1", Some("false")),
        ("lt 1 2", Some("true")),
        ("lt `xy` `xy`", Some("false")),
        ("lt `xy` `xyz`", Some("true")),
        ("le 1.5 1.5", Some("true")),
        ("le 1 2", Some("true")),
        ("le `xyz` `xy`", Some("false")),
        ("gt 1.5 1.5", Some("false")),
        ("gt 2 1", Some("true")),
        ("gt `xyz` `xy`", Some("true")),
        ("ge 1.5 1.5", Some("true")),
        ("ge 1 2", Some("false")),
        ("ge `xy` `xyz`", Some("false")),
        ("eq .Ptr .Ptr", None),
        ("eq .NilPtr .NilPtr", Some("true")),
        ("eq `xy` 1", None),
        ("eq 2 2.0", None),
        ("lt true true", None),
        ("lt 1+0i 1+0i", None),
        ("eq .Ptr 1", None),
        ("eq .Ptr .NegOne", None),
        ("eq .Map .V1", None),
        ("eq .NonNilMap .NonNilMap", None),
        ("eq .SI .SI", None),
    ];
    let data = json!({"Uthree": "x", "Xone": "z", "Ptr": {"a": 1}, "NegOne": -1,
        "Map": {"a": 1}, "V1": [1], "NonNilMap": {"a": 1}, "SI": [1]});
    let mut failures = Vec::new();
    for (expr, want) in cases {
        let text = format!("{{{{{expr}}}}}");
        let mut set = TemplateSet::new();
        let got = match set.add_file("t", &text) {
            Ok(()) => {
                let mut env = Env::default();
                set.execute("t", go_value(&data), &mut env)
                    .ok()
                    .map(|o| o.text)
            }
            Err(_) => None,
        };
        if got.as_deref() != *want {
            failures.push(format!("{expr}: want {want:?} got {got:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_missing_key_prints_no_value_that_the_engine_removes() {
    let mut set = TemplateSet::new();
    set.add_file("t", "a{{ .missing }}b{{ .m.missing }}c")
        .expect("parses");
    let dot = go_value(&json!({"m": {}}));
    let out = set.execute("t", dot, &mut Env::default()).expect("renders");
    assert_eq!(out.text, "a<no value>b<no value>c");
    assert_eq!(out.without_no_value().text, "abc");
    let _ = BTreeMap::<String, Value>::new();
}
