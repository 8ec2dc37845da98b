//! The splicer's rules, one folder each under `tests/fixtures/splice/<rule>/<case>/`: the text
//! `in.yaml`, the ops `ops.json`, and the text the splice must give, `out.yaml` (byte for byte),
//! or the refusal it must give, `refused.txt`: `KIND at PATH LINE:COLUMN` on its first line (the
//! kind as `SpliceKind` prints it, the path as `ValuePath` does, `.` for the root), then a part of
//! the message. The proposal is `proposal.yaml` when the case has one, else the input with the ops
//! applied (a mapping they empty is dropped).

use super::{Op, SetSource, SpliceInput, SpliceRefusal, splice};
use crate::path::{self as tree, ValuePath};
use crate::text::LineIndex;
use crate::yaml::{self, Limits, Typing};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// One op of `ops.json`: `{"op": "remove", "path"}`, `{"op": "rename", "from", "to"}` or
/// `{"op": "set", "path", "value"}`.
fn op(json: &Value) -> Op {
    let path = |field: &str| {
        ValuePath::parse(json[field].as_str().unwrap_or_default())
            .unwrap_or_else(|e| panic!("ops.json: `{field}`: {e:?}"))
    };
    match json["op"].as_str() {
        Some("remove") => Op::Remove { path: path("path") },
        Some("rename") => Op::Rename {
            from: path("from"),
            to: path("to"),
            reason: String::new(),
        },
        Some("set") => Op::Set {
            path: path("path"),
            value: json["value"].clone(),
            source: SetSource::Answer,
        },
        other => panic!("ops.json: unknown op {other:?}"),
    }
}

fn read(dir: &Path, name: &str) -> Option<String> {
    std::fs::read_to_string(dir.join(name)).ok()
}

/// The first document of `text`, its scalars typed as Helm types them (the tabs Helm's reader
/// refuses are the reader's business: some inputs here hold them on purpose, for the splicer).
fn decoded(text: &str) -> Value {
    let limits = Limits::default();
    let docs = yaml::parse(text, &limits)
        .and_then(|stream| stream.to_json(Typing::Helm, &limits))
        .unwrap_or_else(|e| panic!("{e}"));
    docs.into_iter().next().unwrap_or(Value::Null)
}

/// The input with `ops` applied; a mapping the ops empty is dropped.
fn applied(input: &Value, ops: &[Op]) -> Value {
    let mut out = input.clone();
    for op in ops {
        let touched = match op {
            Op::Remove { path } => {
                tree::remove(&mut out, path);
                path
            }
            Op::Rename { from, to, .. } => {
                let value = tree::remove(&mut out, from).unwrap_or(Value::Null);
                tree::set(&mut out, to, value).unwrap_or_else(|e| panic!("{e}"));
                from
            }
            Op::Set { path, value, .. } => {
                tree::set(&mut out, path, value.clone()).unwrap_or_else(|e| panic!("{e}"));
                continue;
            }
        };
        let mut parent = touched.parent();
        while let Some(p) = parent.filter(|p| !p.is_root()) {
            if !matches!(tree::get(&out, &p), Some(Value::Object(m)) if m.is_empty()) {
                break;
            }
            tree::remove(&mut out, &p);
            parent = p.parent();
        }
    }
    out
}

/// Runs one case.
fn run_case(dir: &Path) -> Result<(), String> {
    let text = read(dir, "in.yaml").ok_or("no in.yaml")?;
    let ops: Vec<Op> =
        serde_json::from_str::<Vec<Value>>(&read(dir, "ops.json").ok_or("no ops.json")?)
            .map_err(|e| format!("ops.json: {e}"))?
            .iter()
            .map(op)
            .collect();
    let expected = read(dir, "out.yaml");
    let proposal = match read(dir, "proposal.yaml") {
        Some(p) => decoded(&p),
        None => applied(&decoded(&text), &ops),
    };
    let stream = yaml::parse(&text, &Limits::default()).map_err(|e| e.to_string())?;
    let result = splice(&SpliceInput {
        text: &text,
        stream: &stream,
        document: 0,
        prefix: &ValuePath::root(),
        typing: Typing::Helm,
        ops: &ops,
        proposal: &proposal,
    });
    if let Ok(spliced) = &result {
        let got = decoded(&spliced.text);
        if got != proposal {
            return Err(format!(
                "decodes to {got}, not {proposal}:\n{}",
                spliced.text
            ));
        }
        // `SPLICE_BLESS=1` writes a missing `out.yaml` (read it before committing it).
        if expected.is_none() && std::env::var_os("SPLICE_BLESS").is_some() {
            std::fs::write(dir.join("out.yaml"), &spliced.text).map_err(|e| e.to_string())?;
            return Ok(());
        }
    }
    match (result, expected, read(dir, "refused.txt")) {
        (Ok(spliced), Some(out), _) if spliced.text == out => Ok(()),
        (Ok(spliced), Some(out), _) => Err(format!("got:\n{}\nwant:\n{out}", spliced.text)),
        (Err(refusal), None, Some(want)) => refused_as(&refusal, &text, &want),
        (Err(refusal), _, _) => Err(format!("refused: {}", refusal.message)),
        (Ok(spliced), None, _) => Err(format!("written, not refused:\n{}", spliced.text)),
    }
}

/// The refusal as `refused.txt`'s first line names it: `KIND at PATH LINE:COLUMN`.
fn named(refusal: &SpliceRefusal, text: &str) -> String {
    let at = LineIndex::new(text).line_col(refusal.offset);
    let path = if refusal.path.is_root() {
        ".".to_string()
    } else {
        refusal.path.to_string()
    };
    format!("{:?} at {path} {}:{}", refusal.kind, at.line, at.column)
}

/// Whether the refusal has the kind, path and place of `want`'s first line and its message holds
/// the rest.
fn refused_as(refusal: &SpliceRefusal, text: &str, want: &str) -> Result<(), String> {
    let (head, part) = want.split_once('\n').unwrap_or((want, ""));
    let got = named(refusal, text);
    if head.trim() != got {
        return Err(format!(
            "refused as `{got}`, not `{}`: {}",
            head.trim(),
            refusal.message
        ));
    }
    if part.trim().is_empty() || !refusal.message.contains(part.trim()) {
        return Err(format!(
            "refused with `{}`, which does not hold `{}` (refused.txt names a part of the message)",
            refusal.message,
            part.trim()
        ));
    }
    Ok(())
}

/// Every case folder of every rule, in name order.
fn cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/splice");
    let mut found = Vec::new();
    for rule in std::fs::read_dir(&root).into_iter().flatten().flatten() {
        for case in std::fs::read_dir(rule.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            if case.path().join("ops.json").exists() {
                found.push(case.path());
            }
        }
    }
    crate::order::sort(&mut found);
    found
}

#[test]
fn every_splice_fixture_gives_its_text() {
    let cases = cases();
    assert!(
        cases.len() >= 20,
        "only {} splice fixtures found",
        cases.len()
    );
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|dir| {
            run_case(dir)
                .err()
                .map(|e| format!("{}: {e}", dir.display()))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
