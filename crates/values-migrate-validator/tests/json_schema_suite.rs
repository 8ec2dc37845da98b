//! The official JSON-Schema-Test-Suite (drafts 4, 6, 7, 2019-09 and 2020-12, required tests and
//! `optional/`, formats included), run through the validator, verdicts and error path, with
//! Helm v4 as the judge where it could be asked.
//!
//! The suite's path comes from `JSON_SCHEMA_SUITE` (scripts/setup.sh unpacks it from the PyPI
//! sdist of python-jsonschema, which vendors it under `json/tests/`); scripts/test sets
//! `JSON_SCHEMA_SUITE_REQUIRED=1`, so a missing suite fails there instead of being skipped.
//! Helm's answers are `helm-suite.json` (written by `helm_suite.py`, which scripts/test runs with
//! `--check` so the file stays Helm's): for each test Helm could be asked, our verdict must be
//! Helm's and our located errors (instance pointer and Helm's message, which names the
//! keyword's failure) must be Helm's. Where Helm's verdict is not the suite's, the test must be
//! in [`KEPT`] with its reason; a listed test that now agrees fails as stale. A group whose
//! schema refers to another document (`localhost:1234`, custom meta-schemas) is refused as a
//! remote reference: nothing is ever fetched.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_json::Value;
use values_migrate_validator::{CompileError, Draft, Literals, Validator, go_quote};

/// Tests where Helm's verdict is not the suite's: (file, group or "*", test or "*"), and why.
/// A file `*/x.json` is `x.json` of every draft; `draft7/optional/format/*` every file there.
const KEPT: &[(&str, &str, &str, &str)] = &[
    (
        "draft2019-09/optional/format/*",
        "*",
        "*",
        "Helm does not assert `format` under 2019-09 and 2020-12 (an annotation there)",
    ),
    (
        "draft2020-12/optional/format/*",
        "*",
        "*",
        "Helm does not assert `format` under 2019-09 and 2020-12 (an annotation there)",
    ),
    (
        "draft7/optional/format/idn-hostname.json",
        "*",
        "*",
        "Helm's validator has no `idn-hostname` check: an unknown format is an annotation",
    ),
    (
        "draft7/optional/format/idn-email.json",
        "*",
        "*",
        "Helm's validator has no `idn-email` check: an unknown format is an annotation",
    ),
    (
        "draft7/optional/content.json",
        "*",
        "*",
        "Helm never asserts `contentEncoding`/`contentMediaType`",
    ),
    (
        "*/optional/ecmascript-regex.json",
        "ECMA 262 \\s matches whitespace",
        "*",
        "Helm compiles patterns with Go's regexp: `\\s` is ASCII whitespace only",
    ),
    (
        "*/optional/ecmascript-regex.json",
        "ECMA 262 \\S matches everything but whitespace",
        "*",
        "Helm compiles patterns with Go's regexp: `\\S` is all but ASCII whitespace",
    ),
    (
        "draft2020-12/optional/ecmascript-regex.json",
        "\\a is not an ECMA 262 control escape",
        "*",
        "Helm compiles patterns with Go's regexp: `\\a` is the bell, a valid escape",
    ),
    (
        "draft4/optional/zeroTerminatedFloats.json",
        "*",
        "*",
        "Helm's validator reads 1.0 as an integer under draft-04 too",
    ),
    (
        "*/optional/bignum.json",
        "*",
        "*",
        "Helm reads a value as a float64 (its shortest decimal) and a schema's number as written",
    ),
];

/// Tests where we do not answer as Helm does, kept on purpose: (file, group, reason). Verdicts,
/// refusals and error locations; a listed group that now agrees fails as stale.
const DIFFERS: &[(&str, &str, &str)] = &[
    (
        "*/additionalItems.json",
        "*",
        "upstream bug: santhosh-tekuri/jsonschema v6.0.2 (Helm 4.2.3) numbers the items \
         `additionalItems` checks from 0 again (validator.go:377-378 at v6.0.1, 89d3b9e: \
         `for i, item := range arr[evaluated:]` with `strconv.Itoa(i)`; issue #252, fixed by \
         PR #253 after v6.0.2), so Helm points at the wrong item; ours names the item itself",
    ),
    (
        "draft2020-12/items.json",
        "*",
        "upstream bug: the same numbering for `items` after `prefixItems` (validator.go:392-393 \
         at 89d3b9e: `range arr[evaluated:]`, `strconv.Itoa(i)`; `evaluated+i` upstream since)",
    ),
    (
        "draft2020-12/uniqueItems.json",
        "*",
        "upstream bug: `items` after `prefixItems` numbered from 0 again (as above)",
    ),
];

/// Whether `file` is named by a list entry's file (`*/x.json`, `dir/*` or the file itself).
fn names_file(entry: &str, file: &str) -> bool {
    if let Some(rest) = entry.strip_prefix('*') {
        file.ends_with(rest)
    } else if let Some(dir) = entry.strip_suffix('*') {
        file.starts_with(dir)
    } else {
        entry == file
    }
}

/// Draft folders of the suite, with the `$schema` URI a schema without one is read as.
const DRAFTS: &[(&str, &str)] = &[
    ("draft4", "http://json-schema.org/draft-04/schema#"),
    ("draft6", "http://json-schema.org/draft-06/schema#"),
    ("draft7", "http://json-schema.org/draft-07/schema#"),
    (
        "draft2019-09",
        "https://json-schema.org/draft/2019-09/schema",
    ),
    (
        "draft2020-12",
        "https://json-schema.org/draft/2020-12/schema",
    ),
];

/// Helm's nodes that only group causes (as tests/helm/helm_oracle.py reads them).
const GROUPS: &[&str] = &["validation failed", "'allOf' failed", "allOf failed"];

/// Helm's recorded answer to one test.
struct Answer {
    verdict: String,
    /// `(quoted pointer, message)` of each located error.
    errors: BTreeSet<(String, String)>,
}

#[derive(Default)]
struct Tally {
    passed: usize,
    refused: usize,
    kept: BTreeSet<(String, String, String)>,
    /// Groups where we answered otherwise than Helm, as listed in DIFFERS.
    differed: BTreeSet<(String, String)>,
    asked: usize,
    error_paths: usize,
    failures: Vec<String>,
}

/// Every `.json` file under `dir`, `optional/` and `optional/format/` included, sorted.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
}

fn helm_answers() -> BTreeMap<String, Answer> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/helm-suite.json");
    let recorded: BTreeMap<String, Value> =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    recorded
        .into_iter()
        .map(|(key, answer)| {
            let errors = answer["errors"].as_array().into_iter().flatten();
            let errors = errors
                .map(|e| {
                    let pointer = go_quote(e[0].as_str().unwrap());
                    (pointer, e[1].as_str().unwrap().to_string())
                })
                .collect();
            let verdict = answer["verdict"].as_str().unwrap().to_string();
            (key, Answer { verdict, errors })
        })
        .collect()
}

/// Our located errors, read from the text Helm would print as helm_oracle.py reads Helm's.
fn located(validator: &Validator, instance: &Value) -> BTreeSet<(String, String)> {
    let mut text = String::new();
    for error in validator.helm_errors(instance) {
        error.render(0, &mut text);
    }
    // (depth, quoted pointer, message, children)
    let mut nodes: Vec<(usize, String, String, Vec<usize>)> = Vec::new();
    let mut roots = Vec::new();
    let mut stack: Vec<usize> = Vec::new();
    for line in text.lines() {
        let depth = (line.len() - line.trim_start().len()) / 2;
        let Some(rest) = line.trim_start().strip_prefix("- at ") else {
            if let Some(&last) = stack.last() {
                nodes[last].2.push('\n');
                nodes[last].2.push_str(line);
            }
            continue;
        };
        let split = quoted_end(rest);
        let (pointer, message) = (&rest[..split], &rest[split + 2..]);
        while stack.last().is_some_and(|&i| nodes[i].0 >= depth) {
            stack.pop();
        }
        let id = nodes.len();
        nodes.push((depth, pointer.to_string(), message.to_string(), Vec::new()));
        match stack.last() {
            Some(&parent) => nodes[parent].3.push(id),
            None => roots.push(id),
        }
        stack.push(id);
    }
    let mut out = BTreeSet::new();
    let mut todo = roots;
    while let Some(id) = todo.pop() {
        let (_, pointer, message, children) = &nodes[id];
        if GROUPS.contains(&message.as_str()) && !children.is_empty() {
            todo.extend(children);
        } else {
            out.insert((pointer.clone(), message.clone()));
        }
    }
    out
}

/// The length of the single-quoted pointer at the start of `rest`.
fn quoted_end(rest: &str) -> usize {
    let mut escaped = false;
    for (i, c) in rest.char_indices().skip(1) {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '\'' => return i + 1,
            _ => {}
        }
    }
    rest.len()
}

fn kept(file: &str, group: &str, test: &str) -> bool {
    KEPT.iter().any(|(f, g, t, _)| {
        names_file(f, file) && (*g == "*" || *g == group) && (*t == "*" || *t == test)
    })
}

fn differs(file: &str, group: &str) -> bool {
    DIFFERS
        .iter()
        .any(|(f, g, _)| names_file(f, file) && (*g == "*" || *g == group))
}

/// The draft a group's schema is read as, or None for a meta-schema that is not a draft.
fn draft_of(schema: &Value, uri: &str) -> Option<Draft> {
    match schema.get("$schema") {
        Some(Value::String(named)) => Draft::from_uri(named),
        _ => Draft::from_uri(uri),
    }
}

impl Tally {
    /// Records that we answered otherwise than Helm: kept when DIFFERS lists it.
    fn disagree(&mut self, file: &str, group: &str, what: String) {
        if differs(file, group) {
            self.differed.insert((file.to_string(), group.to_string()));
        } else {
            self.failures.push(format!("{file} / {group} / {what}"));
        }
    }
}

/// Whether our located errors are Helm's, a message of ours without the reason Helm appends
/// (`: <why>`) counting as the same error (`Some(n)`: n such messages).
fn run_file(
    path: &Path,
    uri: &str,
    name: &str,
    helm: &BTreeMap<String, Answer>,
    tally: &mut Tally,
) {
    let text = std::fs::read_to_string(path).unwrap();
    let groups: Vec<Value> = serde_json::from_str(&text).unwrap();
    // Each schema with its numbers as written, as Helm reads it (`json.Number`).
    let literals = Literals::read(&text);
    for (g, group) in groups.iter().enumerate() {
        let description = group["description"].as_str().unwrap_or("");
        let tests = group["tests"].as_array().cloned().unwrap_or_default();
        let schema = &group["schema"];
        let written = literals.under(&format!("/{g}/schema"));
        let compile = |draft| Validator::with_literals(schema, draft, &written);
        let compiled = match draft_of(schema, uri).map(compile) {
            Some(Ok(compiled)) => compiled,
            refused => {
                tally.refused += tests.len();
                let answers: Vec<&Answer> = (0..tests.len())
                    .filter_map(|t| helm.get(&format!("{name}#{g}#{t}")))
                    .collect();
                let remote = matches!(refused, None | Some(Err(CompileError::Remote(_))));
                if answers.iter().any(|a| a.verdict != "refused") {
                    let what = format!("refused ({refused:?}), Helm uses it");
                    tally.disagree(name, description, what);
                } else if answers.is_empty() && !remote {
                    let what = format!("{name} / {description}: refused: {refused:?}");
                    tally.failures.push(what);
                }
                continue;
            }
        };
        for (t, test) in tests.iter().enumerate() {
            let about = test["description"].as_str().unwrap_or("");
            let suite_says = test["valid"].as_bool().unwrap();
            let answer = helm.get(&format!("{name}#{g}#{t}"));
            let expected = answer.map_or(suite_says, |a| a.verdict == "valid");
            if expected != suite_says {
                tally
                    .kept
                    .insert((name.into(), description.into(), about.into()));
                if !kept(name, description, about) {
                    tally.failures.push(format!(
                        "{name} / {description} / {about}: Helm says {}, the suite {suite_says}: \
                         not in KEPT",
                        answer.unwrap().verdict
                    ));
                }
            }
            let data = &test["data"];
            if compiled.is_valid(data) != expected {
                let what = if expected { "valid" } else { "invalid" };
                tally.disagree(name, description, format!("{about}: expected {what}"));
                continue;
            }
            tally.passed += 1;
            let Some(answer) = answer else { continue };
            tally.asked += 1;
            if answer.verdict == "invalid" {
                let ours = located(&compiled, data);
                if ours == answer.errors {
                    tally.error_paths += 1;
                } else {
                    let what = format!("{about}: errors {ours:?}, Helm {:?}", answer.errors);
                    tally.disagree(name, description, what);
                }
            }
        }
    }
}

/// Fails for each list entry that names nothing that happened (stale).
fn stale(tally: &mut Tally) {
    for (file, group, test, _) in KEPT {
        let listed = |k: &(String, String, String)| {
            names_file(file, &k.0)
                && (*group == "*" || k.1 == *group)
                && (*test == "*" || k.2 == *test)
        };
        if !tally.kept.iter().any(listed) {
            tally
                .failures
                .push(format!("stale in KEPT: {file} / {group} / {test}"));
        }
    }
    for (file, group, _) in DIFFERS {
        let listed =
            |k: &(String, String)| names_file(file, &k.0) && (*group == "*" || k.1 == *group);
        if !tally.differed.iter().any(listed) {
            tally
                .failures
                .push(format!("stale in DIFFERS: {file} / {group}"));
        }
    }
}

#[test]
fn the_official_test_suite_passes_as_helm_decides() {
    let Some(root) = std::env::var_os("JSON_SCHEMA_SUITE").map(PathBuf::from) else {
        assert!(
            std::env::var_os("JSON_SCHEMA_SUITE_REQUIRED").is_none(),
            "JSON_SCHEMA_SUITE is not set (scripts/setup.sh ensure_json_schema_suite)"
        );
        eprintln!("JSON_SCHEMA_SUITE is not set; the official suite is skipped");
        return;
    };
    assert!(
        root.join("draft7").is_dir(),
        "no suite at {}",
        root.display()
    );
    let helm = helm_answers();
    let mut tally = Tally::default();
    for (draft, uri) in DRAFTS {
        let mut paths = Vec::new();
        files(&root.join(draft), &mut paths);
        for path in paths {
            let name = path.strip_prefix(&root).unwrap().display().to_string();
            run_file(&path, uri, &name, &helm, &mut tally);
        }
    }
    stale(&mut tally);
    eprintln!(
        "official suite: {} passed ({} asked of Helm, {} error paths and messages as Helm's), \
         {} refused, {} kept where Helm differs from the suite, {} groups where we differ from \
         Helm (listed)",
        tally.passed,
        tally.asked,
        tally.error_paths,
        tally.refused,
        tally.kept.len(),
        tally.differed.len()
    );
    assert!(
        tally.failures.is_empty(),
        "{} failures:\n{}",
        tally.failures.len(),
        tally.failures.join("\n")
    );
    assert!(tally.passed > 5000, "only {} tests ran", tally.passed);
}
