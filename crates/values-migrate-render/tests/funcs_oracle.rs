//! Sprig's string, conversion, math, encoding, date and semver functions against Helm 4.2.3's
//! answers (`tests/fixtures/funcs/oracle.json`, recorded by `tests/fixtures/record_cases.py` from `funcs/cases.txt`): each
//! case is one call of literal arguments, called here directly and printed as Go's `%v` prints.

mod common;

use std::collections::BTreeMap;

use values_migrate_render::funcs::convert;
use values_migrate_render::{CallError, Value};

/// The cases this port refuses by name (Helm's answer is recorded beside them all the same).
const REFUSED: &[&str] = &[
    r#"{{ float64 "0x1p-2" }}"#,
    r#"{{ addf 1e300 1e-300 }}"#,
    r#"{{ mustToDate "2006-01-02 MST" "2024-01-02 PST" }}"#,
    r#"{{ mustToDate "2006-01-02 -0700" "2024-01-02 +0100" }}"#,
    // Helm cuts inside a character (invalid UTF-8 out); ours are UTF-8, so refused by name.
    r#"{{ abbrevboth 5 10 "éééééééééééé" }}"#,
    r#"{{ trunc -4 "héllo" }}"#,
];

/// The `derivePassword` cases checked here (each costs seconds of scrypt in a debug build; the
/// others are recorded all the same, and agreed when this port was written).
const SLOW_CHECKED: &[&str] = &[r#"{{derivePassword 1 "pin" "password" "user" "example.com"}}"#];

/// A literal argument or a nested call, as the case's text spells it.
fn parse_args(text: &mut &str) -> Vec<Value> {
    let mut args = Vec::new();
    loop {
        *text = text.trim_start();
        if text.is_empty() || text.starts_with(')') || text.starts_with("}}") {
            return args;
        }
        args.push(parse_arg(text));
    }
}

/// One argument: a string, a number, `true`/`false`/`nil`, or `(name args…)`.
fn parse_arg(text: &mut &str) -> Value {
    if let Some(rest) = text.strip_prefix('(') {
        *text = rest;
        let end = rest.find([' ', ')']).expect("a call's name");
        let name = &rest[..end];
        *text = &rest[end..];
        let args = parse_args(text);
        *text = text.strip_prefix(')').expect("a closing parenthesis");
        return call(name, args).expect("a nested call that succeeds");
    }
    if text.starts_with('"') {
        let mut end = 1;
        let bytes = text.as_bytes();
        while bytes[end] != b'"' {
            end += if bytes[end] == b'\\' { 2 } else { 1 };
        }
        let literal: String = serde_json::from_str(&text[..=end]).expect("a JSON-like string");
        *text = &text[end + 1..];
        return Value::str(literal);
    }
    let end = text.find([' ', ')']).unwrap_or(text.len());
    let word = &text[..end];
    *text = &text[end..];
    match word {
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        "nil" => Value::Nil,
        _ => match convert::parse_int(word) {
            Some(n) => Value::int(n),
            None => Value::Float(word.parse().expect("a number literal")),
        },
    }
}

/// Calls a function by name (`list` and `dict` built here: the lists engineer owns them).
fn call(name: &str, args: Vec<Value>) -> Result<Value, CallError> {
    match name {
        "list" | "tuple" => return Ok(Value::list(args)),
        "dict" => {
            let mut map = BTreeMap::new();
            for pair in args.chunks(2) {
                let key = convert::to_string(&pair[0])?;
                map.insert(key, pair.get(1).cloned().unwrap_or(Value::Nil));
            }
            return Ok(Value::map(map));
        }
        _ => {}
    }
    common::call_direct(name, args)
}

/// The stages of a pipeline: the text split at each `|` outside strings and parentheses.
fn stages(text: &str) -> Vec<&str> {
    let (mut out, mut depth, mut quoted, mut escaped, mut start) = (Vec::new(), 0, false, false, 0);
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted => depth -= 1,
            '|' if !quoted && depth == 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

/// One stage: a call (the piped value appended to its arguments) or, first, a literal.
fn stage(text: &str, piped: Option<Value>) -> Result<Value, (String, CallError)> {
    let mut rest = text.trim();
    let starts_call = rest.starts_with(|c: char| c.is_ascii_alphabetic())
        && !matches!(rest.split(' ').next(), Some("true" | "false" | "nil"));
    if !starts_call {
        let value = parse_arg(&mut rest);
        assert!(rest.trim().is_empty(), "{text}: a literal stage");
        return Ok(value);
    }
    let end = rest.find(' ').unwrap_or(rest.len());
    let name = &rest[..end];
    rest = &rest[end..];
    let mut args = parse_args(&mut rest);
    assert!(rest.trim().is_empty(), "{text}: one call per stage");
    args.extend(piped);
    call(name, args).map_err(|e| (name.to_string(), e))
}

/// What our port renders for a case: `Ok(text)`, or the error as Helm words it.
fn ours(template: &str) -> Result<String, CallError> {
    let inner = template
        .strip_prefix("{{")
        .and_then(|t| t.strip_suffix("}}"))
        .expect("an action");
    let mut piped = None;
    for text in stages(inner) {
        match stage(text, piped.take()) {
            Ok(value) => piped = Some(value),
            Err((name, CallError::Go(message))) => {
                return Err(CallError::Go(format!("error calling {name}: {message}")));
            }
            Err((_, other)) => return Err(other),
        }
    }
    match piped {
        // Helm prints a nil result as nothing (`<no value>` removed).
        None | Some(Value::Nil) => Ok(String::new()),
        Some(value) => convert::to_string(&value),
    }
}

#[test]
fn every_recorded_case_renders_as_helm_renders_it() {
    let text = std::fs::read_to_string("tests/fixtures/funcs/oracle.json").expect("the fixture");
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).expect("JSON");
    let mut wrong = Vec::new();
    for case in &cases {
        let template = case["template"].as_str().expect("a template");
        if template.contains("derivePassword") && !SLOW_CHECKED.contains(&template) {
            continue;
        }
        let got = ours(template);
        let ok = match (&got, case.get("out"), case.get("err")) {
            (Err(CallError::Unsupported(_)), _, _) => REFUSED.contains(&template),
            (Ok(text), Some(out), _) => Some(text.as_str()) == out.as_str(),
            (Err(CallError::Go(message)), _, Some(err)) => {
                err.as_str().is_some_and(|e| e.ends_with(message.as_str()))
            }
            _ => false,
        };
        if !ok {
            wrong.push(format!("{template}: helm {case} ours {got:?}"));
        }
    }
    assert!(cases.len() > 500, "the fixture holds the recorded cases");
    assert!(
        wrong.is_empty(),
        "{} cases differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
