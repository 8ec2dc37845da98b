//! Random valid plans on generated values files: every result is a refusal or a verified edit.
//!
//! Each seed builds a values file (nested mappings, comments, blank lines, quoting styles, CRLF
//! or LF, 2- or 4-space indentation), a target schema that closes every mapping and drops some
//! keys, and a proposal that drops or moves each dropped key. `migrate` must either refuse with
//! a reason or plan; a planned result must decode to the proposal and keep every comment line.

use crate::common;
use values_migrate::migrate::SessionSpec;

use common::Rng;
use serde_json::{Map, Value, json};
use values_migrate::migrate::{Named, Request, SourceFile, migrate};
use values_migrate::report::Status;
use values_migrate::splice::render::{render_key, render_scalar};
use values_migrate::yaml::{self, DecodeOptions, Typing};

const KEYS: &[&str] = &[
    "alpha",
    "beta",
    "gamma",
    "delta",
    "image",
    "port",
    "with space",
    "dotted.key",
    "é-key",
    "on",
    "你好",
];

fn scalar(rng: &mut Rng) -> Value {
    match rng.below(9) {
        0 => json!(rng.below(70000)),
        1 => json!(rng.chance(50)),
        2 => json!("yes"),
        3 => json!("8080"),
        4 => json!("a: b"),
        5 => json!("你好 🎉"),
        6 => json!(""),
        7 => Value::Null,
        _ => json!(format!("value-{}", rng.below(100))),
    }
}

fn tree(rng: &mut Rng, depth: u32) -> Map<String, Value> {
    let mut map = Map::new();
    let n = 1 + rng.below(4);
    for _ in 0..n {
        let key = KEYS[rng.below(KEYS.len())].to_string();
        if map.contains_key(&key) {
            continue;
        }
        let value = match rng.below(10) {
            0..=3 if depth < 3 => Value::Object(tree(rng, depth + 1)),
            4 => Value::Array((0..1 + rng.below(3)).map(|_| scalar(rng)).collect()),
            5 => json!(format!("line one {}\n  indented two\n", rng.below(10))),
            _ => scalar(rng),
        };
        map.insert(key, value);
    }
    map
}

struct Style {
    step: usize,
    eol: &'static str,
}

fn render(
    rng: &mut Rng,
    map: &Map<String, Value>,
    indent: usize,
    style: &Style,
    out: &mut String,
    comments: &mut Vec<String>,
) {
    for (key, value) in map {
        let pad = " ".repeat(indent);
        if rng.chance(25) {
            let comment = format!("# note {} about {key}", rng.below(1000));
            out.push_str(&format!("{pad}{comment}{}", style.eol));
            comments.push(comment);
        }
        if rng.chance(15) {
            out.push_str(style.eol);
        }
        let k = render_key(key, Typing::Helm);
        match value {
            Value::Object(children) if !children.is_empty() => {
                out.push_str(&format!("{pad}{k}:{}", style.eol));
                render(rng, children, indent + style.step, style, out, comments);
            }
            Value::Array(items) if !items.is_empty() => {
                out.push_str(&format!("{pad}{k}:{}", style.eol));
                let item_pad = if rng.chance(50) {
                    pad.clone()
                } else {
                    " ".repeat(indent + style.step)
                };
                for item in items {
                    out.push_str(&format!(
                        "{item_pad}- {}{}",
                        render_scalar(item, Typing::Helm),
                        style.eol
                    ));
                }
            }
            Value::String(s) if s.ends_with('\n') && s.contains('\n') => {
                // A literal block scalar, its content indented one step deeper.
                out.push_str(&format!("{pad}{k}: |{}", style.eol));
                for line in s.lines() {
                    out.push_str(&format!(
                        "{}{line}{}",
                        " ".repeat(indent + style.step),
                        style.eol
                    ));
                }
            }
            scalar => {
                let mut text = render_scalar(scalar, Typing::Helm);
                if let Value::String(s) = scalar
                    && !s.contains('\'')
                    && rng.chance(30)
                {
                    text = format!("'{s}'");
                }
                let trailing = if rng.chance(20) { "   # trailing" } else { "" };
                out.push_str(&format!("{pad}{k}: {text}{trailing}{}", style.eol));
            }
        }
    }
}

/// A closed object schema for `map`, recursively.
fn closed(map: &Map<String, Value>) -> Value {
    let properties: Map<String, Value> = map
        .iter()
        .map(|(k, v)| {
            (
                k.clone(),
                match v {
                    Value::Object(children) if !children.is_empty() => closed(children),
                    _ => json!({}),
                },
            )
        })
        .collect();
    json!({"type": "object", "additionalProperties": false, "properties": properties})
}

fn leaves(map: &Map<String, Value>, prefix: &[String], out: &mut Vec<Vec<String>>) {
    for (k, v) in map {
        let mut path = prefix.to_vec();
        path.push(k.clone());
        if let Value::Object(children) = v
            && !children.is_empty()
        {
            if out.len() % 3 == 0 {
                out.push(path.clone()); // sometimes a whole mapping is displaced
            }
            leaves(children, &path, out);
        } else {
            out.push(path);
        }
    }
}

fn get_mut<'a>(
    map: &'a mut Map<String, Value>,
    path: &[String],
) -> Option<&'a mut Map<String, Value>> {
    let mut node = map;
    for key in path {
        node = node.get_mut(key)?.as_object_mut()?;
    }
    Some(node)
}

fn prune_empty(map: &mut Map<String, Value>) {
    for value in map.values_mut() {
        if let Value::Object(children) = value {
            prune_empty(children);
        }
    }
    map.retain(|_, v| !matches!(v, Value::Object(children) if children.is_empty()));
}

fn one_case(seed: u64) -> Result<Status, String> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let original = tree(&mut rng, 0);
    let style = Style {
        step: if rng.chance(50) { 2 } else { 4 },
        eol: if rng.chance(30) { "\r\n" } else { "\n" },
    };
    let mut text = String::new();
    let mut comments = Vec::new();
    render(&mut rng, &original, 0, &style, &mut text, &mut comments);

    let mut candidates = Vec::new();
    leaves(&original, &[], &mut candidates);
    let mut proposal = original.clone();
    let mut target = closed(&original);
    let mut moved = Map::new();
    let mut touched = 0;
    for path in candidates {
        if !rng.chance(35) {
            continue;
        }
        let (key, parent) = path.split_last().expect("non-empty path");
        let Some(parent_map) = get_mut(&mut proposal, parent) else {
            continue;
        };
        let Some(value) = parent_map.remove(key) else {
            continue;
        };
        touched += 1;
        // The target schema no longer declares the key where it was.
        let mut schema = &mut target;
        for segment in parent {
            schema = &mut schema["properties"][segment];
        }
        if let Some(props) = schema["properties"].as_object_mut() {
            props.remove(key);
        }
        match rng.below(3) {
            0 => {} // dropped: removed and not carried
            1 => {
                let new_key = format!("{key}New");
                if !parent_map.contains_key(&new_key) {
                    parent_map.insert(new_key.clone(), value);
                    if let Some(props) = schema["properties"].as_object_mut() {
                        props.insert(new_key, json!({}));
                    }
                }
            }
            _ => {
                let new_key = format!("{}-{}", parent.join("-"), key);
                moved.insert(new_key, value);
            }
        }
    }
    if touched == 0 {
        return Ok(Status::Unchanged);
    }
    if !moved.is_empty() {
        let properties: Map<String, Value> = moved.keys().map(|k| (k.clone(), json!({}))).collect();
        target["properties"]["moved"] =
            json!({"type": "object", "additionalProperties": false, "properties": properties});
        proposal.insert("moved".to_string(), Value::Object(moved));
    }
    prune_empty(&mut proposal);
    let proposal = Value::Object(proposal);

    let request = Request {
        files: vec![SourceFile {
            path: "values.yaml".into(),
            text: text.clone(),
        }],
        proposal: Some(Named {
            name: "proposal.json".into(),
            text: proposal.to_string(),
        }),
        prefix: Some(String::new()),
        answers: Vec::new(),
        spec: SessionSpec {
            base_schema: Named {
                name: "base.json".into(),
                text: "{}".into(),
            },
            target_schema: Named {
                name: "target.json".into(),
                text: target.to_string(),
            },
            defaults: None,
            typing: Typing::Helm,
            schema_refs: Vec::new(),
            base_defaults: None,
            templates: None,
            base_chart: None,
            target_chart: None,
        },
    };
    let report = migrate(&request);
    let context = || {
        format!(
            "seed {seed}\n--- values.yaml\n{text}\n--- proposal\n{proposal}\n--- report\n{}",
            serde_json::to_string_pretty(&report).unwrap_or_default()
        )
    };
    match report.status {
        Status::Planned => {
            let after = &report.files[0].after;
            let decoded = yaml::decode(after, &DecodeOptions::default())
                .map_err(|e| format!("{}: {}", e.message(), context()))?;
            // A file left with comments only is an empty values file, which Helm reads as `{}`.
            let values = decoded.first().cloned().unwrap_or_else(|| json!({}));
            if values != proposal {
                return Err(format!(
                    "planned but the file does not decode to the proposal: {}",
                    context()
                ));
            }
            for comment in &comments {
                if !after.contains(comment.as_str()) {
                    return Err(format!("comment `{comment}` was deleted: {}", context()));
                }
            }
            if style.eol == "\r\n" && after.replace("\r\n", "").contains('\n') {
                return Err(format!("a bare LF in a CRLF file: {}", context()));
            }
            Ok(Status::Planned)
        }
        Status::Refused
            if !report.refusals.is_empty()
                && report.refusals.iter().all(|r| !r.message.is_empty()) =>
        {
            if std::env::var_os("SPLICE_PROPERTY_VERBOSE").is_some() {
                eprintln!(
                    "seed {seed}: {:?} {}",
                    report.refusals[0].kind, report.refusals[0].message
                );
            }
            Ok(Status::Refused)
        }
        other => Err(format!(
            "status {other:?} without a located refusal: {}",
            context()
        )),
    }
}

#[test]
fn random_plans_are_refused_or_verified() {
    let mut planned = 0;
    let mut refused = 0;
    let mut failures = Vec::new();
    for seed in 0..400 {
        match one_case(seed) {
            Ok(Status::Planned) => planned += 1,
            Ok(Status::Refused) => refused += 1,
            Ok(_) => {}
            Err(e) => failures.push(e),
        }
    }
    println!(
        "random plans: {planned} planned and verified, {refused} refused, {} failures",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures; first:\n{}",
        failures.len(),
        failures[0]
    );
    assert!(
        planned * 10 >= (planned + refused) * 7,
        "too few plans succeed: {planned} planned, {refused} refused"
    );
}
