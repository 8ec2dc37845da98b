//! The differential against jsonschema 0.61 (a dev-dependency only): every schema of the corpus,
//! the examples and the fixtures, on every values file of the same chart plus mutations (keys
//! dropped, renamed, retyped), must give the same verdict and the same errors — kinds, instance
//! and schema paths, order and text, down to each `anyOf`/`oneOf` branch.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use super::{Draft, ValidationError, Validator};
use crate::yaml::{DecodeOptions, decode};

/// One error flattened for comparison: instance path, schema path, keyword, text, branches.
fn ours(e: &ValidationError<'_>) -> String {
    let mut out = format!(
        "{} | {} | {} | {}",
        e.instance_path(),
        e.schema_path(),
        e.kind().keyword(),
        e
    );
    use super::ErrorKind as K;
    match e.kind() {
        K::AnyOf { context } | K::OneOfNotValid { context } => {
            for (i, branch) in context.iter().enumerate() {
                for inner in branch {
                    out.push_str(&format!("\n  [{i}] {}", ours(inner)));
                }
            }
        }
        K::PropertyNames { error } => out.push_str(&format!("\n  name: {}", ours(error))),
        _ => {}
    }
    out
}

fn theirs(e: &jsonschema::ValidationError<'_>) -> String {
    let mut out = format!(
        "{} | {} | {} | {}",
        e.instance_path().as_str(),
        e.schema_path().as_str(),
        e.kind().keyword(),
        e
    );
    use jsonschema::error::ValidationErrorKind as K;
    match e.kind() {
        K::AnyOf { context } | K::OneOfNotValid { context } => {
            for (i, branch) in context.iter().enumerate() {
                for inner in branch {
                    out.push_str(&format!("\n  [{i}] {}", theirs(inner)));
                }
            }
        }
        K::PropertyNames { error } => out.push_str(&format!("\n  name: {}", theirs(error))),
        _ => {}
    }
    out
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn read_yaml(path: &Path) -> Option<Value> {
    let text = std::fs::read_to_string(path).ok()?;
    decode(&text, &DecodeOptions::default())
        .ok()?
        .into_iter()
        .next()
}

/// Every schema with the values to try on it.
fn cases() -> Vec<(String, Value, Vec<Value>)> {
    let mut out = Vec::new();
    let corpus = root().join("tests/corpus");
    for chart in std::fs::read_dir(&corpus).unwrap().flatten() {
        if !chart.path().is_dir() {
            continue;
        }
        let versions: Vec<PathBuf> = std::fs::read_dir(chart.path())
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        let values: Vec<Value> = versions
            .iter()
            .filter_map(|v| read_yaml(&v.join("values.yaml")))
            .collect();
        for version in &versions {
            let schema = version.join("values.schema.json");
            if schema.exists() {
                out.push((
                    schema.display().to_string(),
                    read_json(&schema),
                    values.clone(),
                ));
            }
        }
    }
    for dir in [
        "tests/fixtures/schema",
        "examples",
        "tests/fixtures/migrate",
    ] {
        collect_files(&root().join(dir), &mut out);
    }
    out
}

fn collect_files(dir: &Path, out: &mut Vec<(String, Value, Vec<Value>)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_files(&path, out);
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.ends_with("values.schema.json") || path.parent().unwrap().ends_with("_schemas") {
            let values: Vec<Value> = std::fs::read_dir(path.parent().unwrap())
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
                .filter_map(|p| read_yaml(&p))
                .collect();
            out.push((path.display().to_string(), read_json(&path), values));
        } else if name.ends_with(".json") && dir.ends_with("schema") {
            let case = read_json(&path);
            if let Some(schema) = case.get("schema") {
                let values = case.get("values").cloned().into_iter().collect();
                out.push((path.display().to_string(), schema.clone(), values));
            }
        }
    }
}

/// Variations of `values`: each of its first keys dropped, renamed, and retyped.
fn mutations(values: &Value, budget: usize) -> Vec<Value> {
    let mut out = vec![values.clone()];
    let mut paths = Vec::new();
    walk(values, &mut Vec::new(), &mut paths);
    let step = (paths.len() / budget.max(1)).max(1);
    for path in paths.iter().step_by(step) {
        for how in 0..3 {
            let mut copy = values.clone();
            mutate(&mut copy, path, how);
            out.push(copy);
        }
    }
    out
}

fn walk(value: &Value, here: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    if let Value::Object(map) = value {
        for (k, v) in map {
            here.push(k.clone());
            out.push(here.clone());
            walk(v, here, out);
            here.pop();
        }
    }
}

fn mutate(value: &mut Value, path: &[String], how: usize) {
    let (last, parents) = path.split_last().unwrap();
    let mut here = value;
    for p in parents {
        here = here.get_mut(p).unwrap();
    }
    let map: &mut Map<String, Value> = here.as_object_mut().unwrap();
    match how {
        0 => {
            map.shift_remove(last);
        }
        1 => {
            if let Some(v) = map.shift_remove(last) {
                map.insert(format!("{last}X"), v);
            }
        }
        _ => {
            let retyped = match &map[last] {
                Value::String(_) => json!(7),
                Value::Number(_) => json!("7"),
                Value::Bool(_) => json!("yes"),
                Value::Null => json!([]),
                Value::Array(_) => json!({"a": 1}),
                Value::Object(_) => json!("text"),
            };
            map.insert(last.clone(), retyped);
        }
    }
}

/// jsonschema 0.61 as values-migrate configured it: the draft we read, the standard engine.
fn reference(document: &Value, draft: Draft) -> Option<jsonschema::Validator> {
    let draft = match draft {
        Draft::Draft4 => jsonschema::Draft::Draft4,
        Draft::Draft6 => jsonschema::Draft::Draft6,
        Draft::Draft7 => jsonschema::Draft::Draft7,
        Draft::Draft201909 => jsonschema::Draft::Draft201909,
        Draft::Draft202012 => jsonschema::Draft::Draft202012,
    };
    jsonschema::options()
        .with_draft(draft)
        .with_pattern_options(jsonschema::PatternOptions::regex())
        .build(document)
        .ok()
}

fn draft_of(schema: &Value) -> Draft {
    Draft::from_schema_keyword(schema.get("$schema")).unwrap_or(Draft::Draft7)
}

#[test]
fn agrees_with_jsonschema_on_every_corpus_schema() {
    let (mut schemas, mut instances, mut errors, mut crashed) = (0, 0, 0, 0);
    let mut differences = Vec::new();
    for (name, schema, values) in cases() {
        let draft = draft_of(&schema);
        let mut normalized = schema.clone();
        if let Some(object) = normalized.as_object_mut() {
            if object.contains_key("$schema") {
                object.insert("$schema".into(), Value::String(draft.uri().into()));
            }
        }
        let Some(reference) = reference(&normalized, draft) else {
            // Only a schema with a pattern jsonschema's regex-lite shim could not nest may
            // compile for us alone (a refusal lifted, see `same_pattern`).
            let mut patterns = Vec::new();
            patterns_in(&schema, &mut patterns);
            let lifted = patterns.iter().any(|p| class_escape_in_class(p));
            assert!(
                lifted || Validator::new(&schema, draft).is_err(),
                "{name}: only we compile it"
            );
            continue;
        };
        let validator = Validator::new(&schema, draft).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        schemas += 1;
        let mut tried = values.clone();
        tried.push(json!({}));
        for value in values.iter() {
            tried.extend(mutations(value, 60));
        }
        for instance in &tried {
            // jsonschema panicked on some values (a nested class its regex-lite shim built
            // lazily, e.g. `^[\w.-]+$` on "é"): nothing to compare with.
            let Ok((want, valid)) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let want: Vec<String> = reference
                    .iter_errors(instance)
                    .map(|e| theirs(&e))
                    .collect();
                (want, reference.is_valid(instance))
            })) else {
                crashed += 1;
                continue;
            };
            instances += 1;
            let got: Vec<String> = validator.iter_errors(instance).iter().map(ours).collect();
            errors += want.len();
            assert_eq!(validator.is_valid(instance), valid, "{name}: verdict");
            if want != got && differences.len() < 5 {
                differences.push(format!(
                    "{name}\nwant:\n{}\ngot:\n{}",
                    want.join("\n"),
                    got.join("\n")
                ));
            }
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n\n"));
    eprintln!(
        "differential: {schemas} schemas, {instances} instances, {errors} errors: identical \
         (and {crashed} instances on which jsonschema panicked)"
    );
    assert!(
        schemas >= 50 && instances > 1000,
        "{schemas} schemas, {instances} instances"
    );
}

/// Strings each pattern is tried on.
const PROBES: &[&str] = &[
    "", "a", "Z", "0", "9", "_", "-", ".", " ", "\t", "\n", "\r", "\u{2028}", "\u{a0}", "\u{1}",
    "é", "[", "]", "^", "&", "~", "ab", "a-b", "v1.2_x", "v1 2", "aaa", "J", "a\nb", "abc-123",
    "x.y", "--", "&&", "a]", "{2}",
];

/// Whether `pattern` has a `\d`, `\w` or `\s` (or a negation) inside a class: what jsonschema
/// could not translate for regex-lite (nested classes; a range next to a class escape).
fn class_escape_in_class(pattern: &str) -> bool {
    let (mut in_class, mut chars) = (false, pattern.chars().peekable());
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let next = chars.next();
                if in_class && next.is_some_and(|n| "dDwWsS".contains(n)) {
                    return true;
                }
            }
            '[' if !in_class => {
                in_class = true;
                // A `]` first in a class is a member, as jsonschema (and we) read it.
                chars.next_if_eq(&'^');
                chars.next_if_eq(&']');
            }
            ']' => in_class = false,
            _ => {}
        }
    }
    false
}

/// Whether our compiled pattern behaves as jsonschema's `pattern` did, on every probe; a pattern
/// only we compile must be one jsonschema could not run (a Perl class inside a class, which its
/// regex-lite shim could not nest: it refused the schema, or panicked) — a refusal lifted, never
/// a verdict changed.
fn same_pattern(pattern: &str) -> Result<(), String> {
    if crate::schema::compile::unsupported_regex_feature(pattern).is_some() {
        return Ok(());
    }
    // jsonschema panicked on some of these (its regex-lite shim cannot nest classes): a refusal.
    let reference = std::panic::catch_unwind(|| {
        jsonschema::options()
            .with_draft(jsonschema::Draft::Draft202012)
            .with_pattern_options(jsonschema::PatternOptions::regex())
            .build(&json!({ "pattern": pattern }))
            .ok()
    })
    .ok()
    .flatten();
    let ours = super::compile_pattern(pattern);
    match (reference, ours) {
        (None, None) => Ok(()),
        (Some(_), None) => Err(format!("{pattern:?}: jsonschema compiled it, we do not")),
        (None, Some(_)) => class_escape_in_class(pattern)
            .then_some(())
            .ok_or_else(|| format!("{pattern:?}: only we compile it")),
        (Some(reference), Some(ours)) => {
            for probe in PROBES {
                // jsonschema built some matchers lazily, and panicked building them (as above).
                let Ok(want) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    reference.is_valid(&json!(probe))
                })) else {
                    return Ok(());
                };
                if ours.regex.is_match(probe) != want {
                    return Err(format!("{pattern:?} on {probe:?}: jsonschema says {want}"));
                }
            }
            Ok(())
        }
    }
}

fn patterns_in(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                match (k.as_str(), v) {
                    ("pattern", Value::String(p)) => out.push(p.clone()),
                    ("patternProperties", Value::Object(ps)) => out.extend(ps.keys().cloned()),
                    _ => {}
                }
                patterns_in(v, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| patterns_in(v, out)),
        _ => {}
    }
}

fn json_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            json_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
}

#[test]
fn every_known_pattern_behaves_as_jsonschema_did() {
    let mut files = Vec::new();
    for dir in [
        "tests/corpus",
        "tests/fixtures",
        "examples",
        "target/json-schema-suite",
    ] {
        json_files(&root().join(dir), &mut files);
    }
    let mut patterns = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        if let Ok(value) = serde_json::from_str::<Value>(&text) {
            patterns_in(&value, &mut patterns);
        }
    }
    let tricky = [
        r"^[a-z&&^b]+$",
        r"^[a-z--b]$",
        r"^[\w--z]$",
        r"^[\d--z]$",
        r"^[a~~b]$",
        r"^[[a]]$",
        r"[]a]",
        r"[]\d]",
        r"[^]a]",
        r"a\cJb",
        r"\c",
        r"\c1",
        r"[\cA]",
        r"\a",
        r"[\a]",
        r"[.]",
        r"\.",
        r"[\d\W]",
        r"[^\s]",
        r"\S+",
        r"a{2,",
        r"(?:a|b)*",
        r"\/",
        r"\-",
        r"[\]]",
        r"[\[]",
        r"\x41\u0041",
        r"\",
        r"[a-",
        r"\bword\B",
        r"\0",
        r"[-a]",
        r"[a-]",
        r"[a-\d]",
        r"[--a]",
        r"(?<n>x)",
        r"a|",
        r"#",
        r"\#",
        r"^[\w.-]+$",
        r"^[\w][\w.-]{0,127}$",
        r"^[^\s]+$",
    ];
    patterns.extend(tricky.iter().map(|s| s.to_string()));
    assert!(patterns.len() > 300, "{} patterns", patterns.len());
    let wrong: Vec<String> = patterns
        .iter()
        .filter_map(|p| same_pattern(p).err())
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

const TOKENS: &[&str] = &[
    "a", "Z", "0", ".", r"\d", r"\D", r"\w", r"\W", r"\s", r"\S", "[", "]", "^", "$", "-", "--",
    "&&", "~~", "(", ")", "(?:", "|", "*", "+", "?", "{2}", "{1,3}", "{", "}", r"\.", r"\-", r"\[",
    r"\]", r"\c", "J", r"\a", r"\/", r"\x41", r"\u0041", r"\n", r"\t", r"\b", r"\0", r"\\", " ",
    "#", "é", ":", "!",
];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
    #[test]
    fn generated_patterns_behave_as_jsonschema_did(
        picks in proptest::collection::vec(0..TOKENS.len(), 0..10)
    ) {
        let pattern: String = picks.iter().map(|&i| TOKENS[i]).collect();
        let verdict = same_pattern(&pattern);
        proptest::prop_assert!(verdict.is_ok(), "{}", verdict.unwrap_err());
    }
}
