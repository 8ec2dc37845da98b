//! Runs every `tests/fixtures/patch` case through `patch` and compares the outcome (README there),
//! after checking that the cases themselves are well formed.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;
use similar::TextDiff;
use values_migrate::manifest::{PatchRequest, patch};
use values_migrate::report::{PatchReport, PatchStatus};

fn cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/patch");
    let mut cases: Vec<PathBuf> = fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.is_dir())
        .collect();
    cases.sort();
    cases
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The case's request.json with the file's name and text added, read as the JS API reads it.
fn request(case: &Path) -> PatchRequest {
    let mut json: Value = serde_json::from_str(&read(&case.join("request.json")))
        .unwrap_or_else(|e| panic!("{}/request.json: {e}", case.display()));
    json["file"] = Value::from("input.yaml");
    json["text"] = Value::from(read(&case.join("input.yaml")));
    serde_json::from_value(json).unwrap_or_else(|e| panic!("{}/request.json: {e}", case.display()))
}

/// What is wrong with `report` for `case`, if anything.
fn mismatch(case: &Path, report: &PatchReport) -> Option<String> {
    if case.join("expected.yaml").exists() {
        if report.status != PatchStatus::Patched {
            return Some(format!(
                "expected patched, got {:?}: {}",
                report.status, report.reason
            ));
        }
        if report.file.after != read(&case.join("expected.yaml")) {
            return Some(format!(
                "the patched text differs from expected.yaml:\n{}",
                report.file.diff
            ));
        }
        if report.file.diff != read(&case.join("expected.diff")) {
            return Some(format!(
                "the diff differs from expected.diff:\n{}",
                report.file.diff
            ));
        }
        if !report.file.changed || report.line.is_none() {
            return Some(format!("changed/line: {report:?}"));
        }
        return None;
    }
    let verdict: Value = serde_json::from_str(&read(&case.join("expected.json")))
        .unwrap_or_else(|e| panic!("{}/expected.json: {e}", case.display()));
    let status = serde_json::to_value(report.status).unwrap_or_default();
    if status != verdict["status"] {
        return Some(format!(
            "expected {}, got {status}: {}",
            verdict["status"], report.reason
        ));
    }
    let words: Vec<&str> = match &verdict["reasonContains"] {
        Value::String(word) => vec![word.as_str()],
        Value::Array(words) => words.iter().filter_map(Value::as_str).collect(),
        other => panic!("{}: reasonContains {other}", case.display()),
    };
    let missing: Vec<&&str> = words
        .iter()
        .filter(|w| !report.reason.contains(**w))
        .collect();
    if !missing.is_empty() {
        return Some(format!("the reason lacks {missing:?}: {}", report.reason));
    }
    if report.file.changed
        || report.file.after != report.file.before
        || !report.file.diff.is_empty()
    {
        return Some("a refused patch changed the file".to_string());
    }
    if report.line.is_none() || report.column.is_none() || report.utf16_column.is_none() {
        return Some(format!("a refusal without a position: {}", report.reason));
    }
    None
}

#[test]
fn every_case_gives_its_expected_outcome() {
    let cases = cases();
    assert!(cases.len() >= 18, "only {} cases", cases.len());
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            let report = patch(&request(case));
            let name = case.file_name().unwrap_or_default().to_string_lossy();
            mismatch(case, &report).map(|why| format!("{name}: {why}"))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
}

#[test]
fn a_refused_case_is_refused_again_after_the_text_moves() {
    // A comment line above shifts every offset; the verdicts must not depend on them.
    for case in cases() {
        let mut shifted = request(&case);
        shifted.text = format!("# 🎉 moved\n{}", shifted.text);
        let original = patch(&request(&case));
        let moved = patch(&shifted);
        assert_eq!(moved.status, original.status, "{}", case.display());
        assert_eq!(
            moved.line,
            original.line.map(|line| line + 1),
            "{}: {}",
            case.display(),
            moved.reason
        );
    }
}

/// Whether a patched report's diff changes exactly one line.
fn one_line_changes(report: &PatchReport) -> bool {
    let count = |mark: char| {
        report
            .file
            .diff
            .lines()
            .skip(2)
            .filter(|line| line.starts_with(mark))
            .count()
    };
    (count('-'), count('+')) == (1, 1)
}

#[test]
fn damaged_inputs_never_panic_and_never_change_more_than_one_line() {
    // Every case with each of its lines deleted, and the ADR sample cut at every character.
    let mut inputs: Vec<PatchRequest> = Vec::new();
    for case in cases() {
        let base = request(&case);
        let lines: Vec<&str> = base.text.split_inclusive('\n').collect();
        for skip in 0..lines.len() {
            let mut damaged = base.clone();
            damaged.text = lines
                .iter()
                .enumerate()
                .filter(|(n, _)| *n != skip)
                .map(|(_, line)| *line)
                .collect();
            inputs.push(damaged);
        }
    }
    let sample = request(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/patch/adr-sample-limit")
            .as_path(),
    );
    for (cut, _) in sample.text.char_indices() {
        let mut damaged = sample.clone();
        damaged.text.truncate(cut);
        inputs.push(damaged);
    }
    for input in inputs {
        let report = patch(&input);
        assert!(!report.reason.is_empty());
        match report.status {
            PatchStatus::Patched if report.file.changed => {
                assert!(one_line_changes(&report), "{}", report.file.diff);
            }
            PatchStatus::Patched => assert_eq!(report.file.after, input.text),
            _ => {
                assert_eq!(report.file.after, input.text);
                assert!(!report.file.changed && report.file.diff.is_empty());
            }
        }
    }
}

#[test]
fn every_case_has_a_request_and_exactly_one_kind_of_expectation() {
    let cases = cases();
    assert!(cases.len() >= 18, "only {} cases", cases.len());
    for case in cases {
        let name = case.display();
        let request: serde_json::Value = serde_json::from_str(&read(&case.join("request.json")))
            .unwrap_or_else(|e| panic!("{name}/request.json: {e}"));
        for key in [
            "apiVersion",
            "kind",
            "namespace",
            "name",
            "field",
            "from",
            "to",
        ] {
            assert!(request[key].is_string(), "{name}: `{key}` is a string");
        }
        let container = &request["container"];
        assert!(
            container.is_string() || container.is_null(),
            "{name}: `container`"
        );
        let patched = case.join("expected.yaml").exists();
        assert_eq!(
            patched,
            case.join("expected.diff").exists(),
            "{name}: yaml and diff"
        );
        assert_ne!(
            patched,
            case.join("expected.json").exists(),
            "{name}: one expectation"
        );
        if !patched {
            let verdict: serde_json::Value =
                serde_json::from_str(&read(&case.join("expected.json")))
                    .unwrap_or_else(|e| panic!("{name}/expected.json: {e}"));
            assert_eq!(verdict["status"], "needs-intervention", "{name}");
            let reason = &verdict["reasonContains"];
            let words_ok = match reason {
                serde_json::Value::String(s) => !s.is_empty(),
                serde_json::Value::Array(items) => {
                    !items.is_empty()
                        && items
                            .iter()
                            .all(|i| i.as_str().is_some_and(|s| !s.is_empty()))
                }
                _ => false,
            };
            assert!(
                words_ok,
                "{name}: reasonContains is a word or a list of words"
            );
        }
    }
}

#[test]
fn every_expected_diff_is_the_one_line_unified_diff_of_the_expected_file() {
    for case in cases()
        .into_iter()
        .filter(|c| c.join("expected.yaml").exists())
    {
        let name = case.display();
        let input = read(&case.join("input.yaml"));
        let expected = read(&case.join("expected.yaml"));
        let diff = TextDiff::from_lines(&input, &expected)
            .unified_diff()
            .context_radius(3)
            .header("a/input.yaml", "b/input.yaml")
            .to_string();
        assert_eq!(
            diff,
            read(&case.join("expected.diff")),
            "{name}: expected.diff"
        );
        let changed = |mark: char| {
            diff.lines()
                .skip(2)
                .filter(|line| line.starts_with(mark))
                .count()
        };
        assert_eq!(
            (changed('-'), changed('+')),
            (1, 1),
            "{name}: one line changes"
        );
        assert_eq!(input.lines().count(), expected.lines().count(), "{name}");
        assert_eq!(
            input.matches("\r\n").count(),
            expected.matches("\r\n").count(),
            "{name}: line endings kept"
        );
    }
}
