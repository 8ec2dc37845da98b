//! Go's `fmt`, `encoding/json`, yaml.v2, yaml.v3 and TOML output against Helm 4.2.3's answers
//! (`tests/data/format_cases.json.gz`, recorded by `record_format.py`): `printf` over Go's own
//! `fmt_test.go` cases and more, `print`/`println`, what an action prints, and `toJson`,
//! `toRawJson`, `toPrettyJson`, `toYaml`, `mustToYaml`, `toYamlPretty`, `toToml`, `fromJson`,
//! `fromJsonArray`, `mustFromJson` (and their `must` forms) over values as charts give them.

use values_migrate_render::gofmt::{print_value, sprint, sprintf, sprintln};
use values_migrate_render::{CallError, IntType, Value};

mod common;
use common::call;

/// Why this port refuses some recorded cases, and how many (Helm's answers are recorded all the same).
const REFUSED: &[(&str, usize)] = &[
    // x1y < x01y < x001y < x10y < x1y: yaml.v2's key order is a cycle here, and Go's sort of
    // keys in a map's random order gives any of several answers (toYaml, mustToYaml).
    ("YAML of map keys yaml.v2 cannot order", 2),
    // Which of the two errors yaml.v2 reports first depends on its reader's chunks.
    (
        "YAML of control characters beside a key over 1022 characters",
        2,
    ),
];

/// A value from the recording's typed form (`{"v": …}` reads the chart value of that name).
fn value(arg: &serde_json::Value, values: &Value, name: &mut dyn Iterator<Item = String>) -> Value {
    let (kind, inner) = arg
        .as_object()
        .and_then(|o| o.iter().next())
        .expect("a typed argument");
    match kind.as_str() {
        "s" => Value::str(inner.as_str().expect("a string")),
        "i" => Value::int(inner.as_i64().expect("an int")),
        "i64" => Value::Int(inner.as_i64().expect("an int64"), IntType::Int64),
        "f" => Value::Float(match inner.as_str().expect("a float's text") {
            "NaN" => f64::NAN,
            "+Inf" => f64::INFINITY,
            "-Inf" => f64::NEG_INFINITY,
            text => text.parse().expect("a float"),
        }),
        "b" => Value::Bool(inner.as_bool().expect("a bool")),
        "nil" => Value::Nil,
        "l" => Value::list(
            inner
                .as_array()
                .expect("a list")
                .iter()
                .map(|a| value(a, values, name))
                .collect(),
        ),
        "m" => Value::map(
            inner
                .as_object()
                .expect("a map")
                .iter()
                .map(|(k, a)| (k.clone(), value(a, values, name)))
                .collect(),
        ),
        "v" => {
            let key = name.next().expect("a chart value's name");
            let Value::Map(map, _) = values else {
                panic!("the values are a map")
            };
            map.borrow()
                .get(&key)
                .cloned()
                .expect("a recorded chart value")
        }
        other => panic!("unknown kind {other}"),
    }
}

/// What the case's template printed, by the port.
fn run(func: &str, mut args: Vec<Value>) -> Result<String, CallError> {
    match func {
        "printf" => {
            let format = args.remove(0);
            sprintf(format.as_str().expect("a format"), &args)
        }
        "sprint" => sprint(&args),
        "sprintln" => sprintln(&args),
        // Helm's engine removes text/template's "<no value>" from what it renders.
        "print" => print_value(&args[0]).map(|out| out.replace("<no value>", "")),
        "fromJson" | "mustFromJson" | "fromJsonArray" => {
            let x = call(func, args)?;
            let json = call("toJson", vec![x.clone()])?;
            // Helm's engine removes text/template's "<no value>" from what it renders.
            Ok(format!(
                "{}|{}|{}",
                x.type_name(),
                print_value(&x)?.replace("<no value>", ""),
                json.as_str().expect("toJson's text")
            ))
        }
        _ => call(func, args).map(|v| v.as_str().expect("a string result").to_string()),
    }
}

/// The recording's text: gzipped when its name ends `.gz` (the one kept in the tree).
fn recording(path: &str) -> String {
    use std::io::Read;
    let bytes = std::fs::read(path).expect("the recording");
    if !path.ends_with(".gz") {
        return String::from_utf8(bytes).expect("UTF-8");
    }
    let mut text = String::new();
    flate2::read::GzDecoder::new(&bytes[..])
        .read_to_string(&mut text)
        .expect("gzipped UTF-8");
    text
}

#[test]
fn every_recorded_case_prints_as_helm_printed_it() {
    // FORMAT_CASES names another recording of the same shape (a larger one kept out of the tree).
    let path = std::env::var("FORMAT_CASES").unwrap_or_else(|_| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/format_cases.json.gz"
        )
        .to_string()
    });
    let text = recording(&path);
    let data: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    // Chart values reach templates with numbers as float64: read them with the port's own
    // `encoding/json` (exact float parsing, as Go's).
    let values_text = data["values_text"].as_str().expect("the values' text");
    let values = &values_migrate_render::json::unmarshal(values_text)
        .expect("no refusal")
        .expect("valid JSON");
    let mut mismatches = Vec::new();
    let mut refused = Vec::new();
    let cases = data["cases"].as_array().expect("cases");
    for case in cases {
        let template = case["template"].as_str().expect("a template");
        // The chart values a template reads, in the order it names them.
        let mut names = template
            .split(".Values.")
            .skip(1)
            .map(|rest| rest.split([' ', ')', '}']).next().unwrap_or("").to_string())
            .collect::<Vec<_>>()
            .into_iter();
        let args = case["args"]
            .as_array()
            .expect("args")
            .iter()
            .map(|a| value(a, values, &mut names))
            .collect();
        let func = case["func"].as_str().expect("a function");
        let got = run(func, args);
        match (&got, case.get("want"), case.get("error")) {
            (Err(CallError::Unsupported(why)), _, _) => refused.push(why.clone()),
            (Ok(out), Some(want), _) if want.as_str() == Some(out.as_str()) => {}
            (Err(CallError::Go(message)), _, Some(error))
                if error
                    .as_str()
                    .is_some_and(|e| e.ends_with(&format!("error calling {func}: {message}"))) => {}
            _ => mismatches.push(format!(
                "{template}\n  helm: {:?}\n  port: {got:?}",
                case.get("want").or(case.get("error"))
            )),
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} of {} cases differ:\n{}",
        mismatches.len(),
        cases.len(),
        mismatches.join("\n")
    );
    for (why, count) in REFUSED {
        let n = refused.iter().filter(|r| r == why).count();
        assert_eq!(n, *count, "cases refused as {why:?}");
    }
    assert_eq!(
        refused.len(),
        REFUSED.iter().map(|(_, n)| n).sum::<usize>(),
        "{refused:#?}"
    );
    assert!(cases.len() > 4500);
}
