//! Checks that the `tests/fixtures/patch` cases are well formed (not that the patch passes them).

use std::fs;
use std::path::{Path, PathBuf};

use similar::TextDiff;

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
