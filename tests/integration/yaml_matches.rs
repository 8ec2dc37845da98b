//! `yaml::matches` (the verification straight from parser events) against the located tree's
//! decoding, on every YAML text the repository holds: it accepts what the full path decodes
//! (anchors, aliases and merge keys included) and refuses every expectation that differs.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};
use values_migrate::path::{self, Segment, ValuePath};
use values_migrate::yaml::{
    Entry, Expected, Limits, Node, NodeKind, Stream, Typing, matches, parse,
};

use crate::common::Rng;

/// One YAML text and where it comes from.
pub(crate) struct Text {
    pub name: String,
    pub text: String,
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.yaml`/`.yml` file under `dir`, recursively, in path order.
fn yaml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            yaml_files(&path, out);
        } else if path
            .extension()
            .is_some_and(|ext| ext == "yaml" || ext == "yml")
        {
            out.push(path);
        }
    }
}

/// A bench family's file of `bytes`, as bench/families.mjs writes it.
fn family(name: &str, bytes: usize) -> String {
    let script = format!(
        "import('./bench/families.mjs').then(m => process.stdout.write(m.familyText('{name}', {bytes})))"
    );
    let output = Command::new("node")
        .current_dir(root())
        .args(["--input-type=module", "-e", &script])
        .output()
        .expect("node runs bench/families.mjs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// The repository's YAML: fixtures, examples, the corpus, the YAML test suite's cases that
/// must parse, and the bench families.
pub(crate) fn texts() -> Vec<Text> {
    let mut files = Vec::new();
    for dir in ["tests/fixtures", "tests/corpus", "tests/charts", "examples"] {
        yaml_files(&root().join(dir), &mut files);
    }
    let mut texts: Vec<Text> = files
        .iter()
        .filter_map(|file| {
            let text = std::fs::read_to_string(file).ok()?;
            let name = file.strip_prefix(root()).unwrap_or(file).display();
            Some(Text {
                name: name.to_string(),
                text,
            })
        })
        .collect();
    for case in crate::conformance::load_cases() {
        if !case.fail {
            texts.push(Text {
                name: format!("yaml-test-suite {}", case.id),
                text: case.yaml,
            });
        }
    }
    for name in ["shapes", "generated", "corpus"] {
        texts.push(Text {
            name: format!("bench family {name}"),
            text: family(name, 64 * 1024),
        });
    }
    texts
}

/// What the full path decodes `text` to under Helm's typing (and its stream), when it accepts
/// it with no key written twice.
pub(crate) fn full(text: &str, limits: &Limits) -> Option<(Stream, Vec<Value>)> {
    let stream = parse(text, limits).ok()?;
    let documents = stream.to_json(Typing::Helm, limits).ok()?;
    stream
        .duplicate_keys(Typing::Helm)
        .is_empty()
        .then_some((stream, documents))
}

/// What Helm's reader decodes `text` to (and its stream): [`full`], for a text Helm's reader
/// does not refuse (`matches` declines those, and the full path refuses them).
fn helm_full(text: &str, limits: &Limits) -> Option<(Stream, Vec<Value>)> {
    values_migrate::yaml::parse_as(text, Typing::Helm, limits).ok()?;
    full(text, limits)
}

/// Whether the text holds an alias or a merge key.
fn expands(stream: &Stream) -> bool {
    stream.documents.iter().any(|document| {
        document.root.nodes().iter().any(|node| node.is_alias())
            || !document.root.merge_keys(Typing::Helm).is_empty()
    })
}

fn matches_in(
    text: &str,
    documents: &[Value],
    document: usize,
    prefix: &[Segment],
    with: &Value,
) -> bool {
    let expected = Expected {
        documents,
        document,
        prefix,
        replacement: with,
    };
    matches(text, Typing::Helm, &Limits::default(), &expected)
}

/// Whether `text` matches exactly `documents`.
fn matches_all(text: &str, documents: &[Value]) -> bool {
    let Some(first) = documents.first() else {
        return matches_in(text, documents, 0, &[], &Value::Null);
    };
    matches_in(text, documents, 0, &[], first)
}

/// Whether the text holds what `matches` leaves to the full path by design: a tag, an anchor or
/// alias as a key, a merge key whose value is not aliases.
fn declined_by_design(stream: &Stream) -> bool {
    let merges_inline = |entry: &Entry| {
        let value = &entry.value;
        let aliases = |items: &[Node]| items.iter().all(Node::is_alias);
        entry.is_merge_key()
            && (value.anchor().is_some()
                || match value.kind() {
                    NodeKind::Alias(_) => false,
                    NodeKind::Sequence { items, .. } => !aliases(items),
                    _ => true,
                })
    };
    stream.documents.iter().any(|document| {
        document.root.nodes().iter().any(|node| {
            node.tag().is_some()
                || node.entries().unwrap_or_default().iter().any(|entry| {
                    entry.key.anchor().is_some() || entry.key.is_alias() || merges_inline(entry)
                })
        })
    })
}

#[test]
fn every_text_with_aliases_or_merge_keys_is_verified_from_events() {
    let (mut handled, mut declined, mut plain) = (0, Vec::new(), 0);
    for Text { name, text } in texts() {
        let Some((stream, documents)) = helm_full(&text, &Limits::default()) else {
            continue;
        };
        if !expands(&stream) {
            plain += usize::from(matches_all(&text, &documents));
            continue;
        }
        if matches_all(&text, &documents) {
            handled += 1;
        } else {
            assert!(declined_by_design(&stream), "{name} declined");
            declined.push(name);
        }
    }
    eprintln!(
        "with aliases or merge keys: {handled} verified from events, {} declined {declined:?}; {plain} others verified",
        declined.len()
    );
    assert!(handled >= 14, "only {handled} handled");
    assert!(plain > 400, "only {plain} texts without aliases verified");
}

/// The value `value` changed into another of the same kind where it can be.
fn changed(value: &Value) -> Value {
    match value {
        Value::String(s) => Value::String(format!("{s}!")),
        Value::Number(n) => json!(n.as_f64().unwrap_or(0.0) + 1.5),
        Value::Bool(b) => Value::Bool(!b),
        Value::Null => json!("not null"),
        Value::Array(items) if items.is_empty() => json!([null]),
        Value::Array(items) => Value::Array(items[1..].to_vec()),
        Value::Object(map) => {
            let mut map = map.clone();
            map.insert("added-key".into(), json!(1));
            Value::Object(map)
        }
    }
}

/// Paths worth changing in `documents[document]`: where the tree holds an anchor, an alias or a
/// mapping with a merge key (and each key of that mapping), and some others spread over it.
pub(crate) fn paths_to_change(stream: &Stream, document: usize, value: &Value) -> Vec<ValuePath> {
    let tree = &stream.documents[document].root;
    let all = path::nodes(value);
    let step = (all.len() / 12).max(1);
    let mut paths = Vec::new();
    for (n, (at, node)) in all.iter().enumerate() {
        let located = tree.get(at, Typing::Helm);
        let special = located.is_some_and(|found| {
            found.anchor().is_some()
                || found.is_alias()
                || found
                    .entries()
                    .unwrap_or_default()
                    .iter()
                    .any(|e| e.is_merge_key())
        });
        if special || n % step == 0 {
            paths.push(at.clone());
            if let Value::Object(map) = node
                && special
            {
                paths.extend(map.keys().map(|key| at.key(key.clone())));
            }
        }
    }
    paths.truncate(200);
    paths
}

/// Whether `at` passes through (or ends at) an anchored node or an alias, or reaches where
/// only a merge key puts a value: a prefix `matches` leaves to the full path.
fn through_anchors(stream: &Stream, document: usize, at: &ValuePath) -> bool {
    let tree = &stream.documents[document].root;
    let mut step = ValuePath::root();
    for segment in std::iter::once(None).chain(at.segments().iter().map(Some)) {
        if let Some(segment) = segment {
            step.push(segment.clone());
        }
        match tree.get(&step, Typing::Helm) {
            Some(node) if node.anchor().is_none() && !node.is_alias() => {}
            _ => return true,
        }
    }
    false
}

/// Every way of getting `path` wrong: its value changed, a key added to or removed from it.
pub(crate) fn wrong_values(value: &Value) -> Vec<Value> {
    let mut wrong = vec![changed(value)];
    if let Value::Object(map) = value
        && let Some(first) = map.keys().next()
    {
        let mut fewer = map.clone();
        fewer.remove(first);
        wrong.push(Value::Object(fewer));
    }
    if !matches!(value, Value::Object(_)) {
        wrong.push(json!({"added-key": value.clone()}));
    }
    wrong
}

#[test]
fn every_changed_expectation_is_refused() {
    let (mut refused, mut accepted, mut asked) = (0, 0, 0);
    for Text { name, text } in texts() {
        let Some((stream, documents)) = helm_full(&text, &Limits::default()) else {
            continue;
        };
        if !expands(&stream) && !name.starts_with("bench") {
            continue;
        }
        let by_design = declined_by_design(&stream);
        for (document, value) in documents.iter().enumerate() {
            for at in paths_to_change(&stream, document, value) {
                let original = path::get(value, &at).expect("a path of the value");
                for wrong in wrong_values(original) {
                    let prefix = at.segments();
                    assert!(
                        !matches_in(&text, &documents, document, prefix, &wrong),
                        "{name}: document {document} at `{at}` as {wrong}"
                    );
                    let mut whole = documents.clone();
                    path::set(&mut whole[document], &at, wrong.clone()).expect("settable");
                    assert!(
                        !matches_in(&text, &whole, document, &[], &whole[document]),
                        "{name}: document {document} with `{at}` as {wrong}"
                    );
                    refused += 2;
                }
                // The right value at the prefix: verified unless the prefix passes through an
                // anchor or an alias, or ends below a merged key (then the full path decides).
                let right = matches_in(&text, &documents, document, at.segments(), original);
                assert!(
                    right || by_design || through_anchors(&stream, document, &at),
                    "{name}: the right value at `{at}` declined"
                );
                accepted += usize::from(right);
                asked += 1;
            }
        }
    }
    eprintln!(
        "{refused} changed expectations refused; the right value verified at {accepted} of {asked} prefixes"
    );
    assert!(refused > 1900, "only {refused}");
    assert!(accepted * 2 >= asked, "only {accepted} of {asked}");
}

/// A realistic file with every use of anchors a values file makes.
pub(crate) const ANCHORED: &str = "\
defaults: &defaults
  image: {repository: ghcr.io/example/app, tag: \"1.2\"}
  resources: &resources
    requests: {cpu: 100m, memory: 128Mi}
  labels: &labels [a, b]
extra: &extra
  debug: true
  tag: override
server:
  <<: *defaults
  replicas: 2
  image: {repository: ghcr.io/example/server, tag: \"2.0\"}
worker:
  <<: [*extra, *defaults]
  queue: jobs
sidecar:
  resources: *resources
  labels: *labels
  limits: &limits {cpu: 1}
  again: *limits
";

/// `text` with one or two bytes replaced by bytes that mean something to YAML.
pub(crate) fn garble(text: &str, rng: &mut Rng) -> String {
    const GARBAGE: &[u8] = b" \t\r\n:-?,[]{}#&*!|>'\"%@`\\.0aZ<";
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(2) {
        let at = rng.below(bytes.len());
        bytes[at] = GARBAGE[rng.below(GARBAGE.len())];
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn garbled_anchored_texts_are_accepted_only_as_decoded() {
    let (_, documents) = full(ANCHORED, &Limits::default()).expect("decodes");
    assert!(matches_all(ANCHORED, &documents));
    let mut rng = Rng(0x51_7cc1_b727_220a);
    let mut accepted = 0;
    for _ in 0..4000 {
        let garbled = garble(ANCHORED, &mut rng);
        if matches_all(&garbled, &documents) {
            let decoded = full(&garbled, &Limits::default()).map(|(_, d)| d);
            assert_eq!(decoded.as_ref(), Some(&documents), "{garbled:?}");
            accepted += 1;
        }
    }
    assert!(accepted >= 10, "only {accepted}");
}

/// One go-yaml v2 corner: a text, the value it decodes to at `at`, and whether `matches` verifies
/// it from events (`false`: it answers "not handled", and the full path decides).
struct Corner {
    text: &'static str,
    at: &'static str,
    value: Value,
    handled: bool,
}

fn corners() -> Vec<Corner> {
    let corner = |text, at, value, handled| Corner {
        text,
        at,
        value,
        handled,
    };
    let b = "b: &b {x: 1, w: 2}\n";
    vec![
        // A key written after the merge overrides the merged one.
        corner(
            "b: &b {x: 1, w: 2}\nm: {<<: *b, w: 3}\n",
            "m",
            json!({"x": 1, "w": 3}),
            true,
        ),
        // The merge overwrites a key written before it (go-yaml v2's `map.insert`): not verified
        // from events when the written value differs.
        corner(
            "b: &b {x: 1, w: 2}\nm: {w: 3, <<: *b}\n",
            "m",
            json!({"x": 1, "w": 2}),
            false,
        ),
        corner(
            "b: &b {x: 1, w: 2}\nm: {w: 2, <<: *b}\n",
            "m",
            json!({"x": 1, "w": 2}),
            true,
        ),
        // A sequence of merges is applied last first: the first one wins.
        corner(
            "p: &p {k: 1}\nq: &q {k: 2, r: 2}\nm: {<<: [*p, *q]}\n",
            "m",
            json!({"k": 1, "r": 2}),
            true,
        ),
        // Merges then a key then another merge: the last merge overwrites the key.
        corner(
            "p: &p {k: 1}\nq: &q {k: 2}\nm: {<<: *p, k: 5, <<: *q}\n",
            "m",
            json!({"k": 2}),
            false,
        ),
        corner(
            "p: &p {k: 1, j: 1}\nq: &q {k: 2}\nm: {<<: *p, k: 2, <<: *q}\n",
            "m",
            json!({"k": 2, "j": 1}),
            true,
        ),
        corner("p: &p {k: 1}\nm: {<<: []}\n", "m", json!({}), true),
        // An alias inside a merged mapping, and a merge of a mapping that merges.
        corner(
            "a: &a [1, 2]\nb: &b {x: *a}\nm: {<<: *b}\n",
            "m",
            json!({"x": [1, 2]}),
            true,
        ),
        corner(
            "a: &a {x: 1}\nmid: &mid {<<: *a, w: 2}\nm: {<<: *mid, z: 3}\n",
            "m",
            json!({"x": 1, "w": 2, "z": 3}),
            true,
        ),
        // An alias of a node that holds an alias.
        corner(
            "a: &a {x: 1}\nb: &b {w: *a}\nc: *b\n",
            "c",
            json!({"w": {"x": 1}}),
            true,
        ),
        // An anchor defined again: aliases after it refer to the new node.
        corner("a: &x 1\nb: *x\nc: &x 2\nd: *x\n", "d", json!(2), true),
        // Not handled here (the full path decodes them): a merged inline mapping, an anchored
        // merge value, an anchored key, a tag.
        corner(
            "m: {<<: {x: 1}, w: 2}\n",
            "m",
            json!({"x": 1, "w": 2}),
            false,
        ),
        corner("m: {<<: &n {x: 1}}\nk: *n\n", "k", json!({"x": 1}), false),
        corner("&k a: 1\nb: *k\n", "b", json!("a"), false),
        corner("a: &a !!str 1\nb: *a\n", "b", json!("1"), false),
        // Under the limits' depth, counted once aliases are expanded.
        corner(b, "b", json!({"x": 1, "w": 2}), true),
    ]
}

#[test]
fn go_yaml_v2_merge_corners() {
    for Corner {
        text,
        at,
        value,
        handled,
    } in corners()
    {
        let (_, documents) = full(text, &Limits::default()).expect(text);
        let at = ValuePath::parse(at).expect("a path");
        assert_eq!(path::get(&documents[0], &at), Some(&value), "{text}");
        assert_eq!(matches_all(text, &documents), handled, "{text}");
        let wrong = changed(&value);
        assert!(
            !matches_in(text, &documents, 0, at.segments(), &wrong),
            "{text}"
        );
    }
}

#[test]
fn what_the_full_path_refuses_is_never_verified() {
    let anything = [json!({})];
    for refused in [
        // A merge of a sequence, of a scalar, of a sequence holding a sequence.
        "s: &s [1]\nm: {<<: *s}\n",
        "s: &s 1\nm: {<<: *s}\n",
        "s: &s [1]\nm: {<<: [*s]}\n",
        "m: {<<: ~}\n",
        // An alias of a node still open, of no anchor, of another document's anchor.
        "a: &a {b: *a}\n",
        "a: *nowhere\n",
        "a: &a 1\n---\nb: *a\n",
    ] {
        assert!(full(refused, &Limits::default()).is_none(), "{refused}");
        assert!(!matches_all(refused, &anything), "{refused}");
    }
    // Past the alias budget or the depth once expanded, though each node is within them.
    let laughs =
        "a: &a [x, x, x, x]\nb: &b [*a, *a, *a, *a]\nc: &c [*b, *b, *b, *b]\nd: [*c, *c]\n";
    let deep = "a: &a [[[1]]]\nb: [[*a]]\n";
    for (text, limits) in [
        (laughs, Limits::new().max_alias_nodes(100).clone()),
        (deep, Limits::new().max_depth(5).clone()),
    ] {
        let (_, documents) = full(text, &Limits::default()).expect(text);
        assert!(matches_all(text, &documents), "{text}");
        assert!(full(text, &limits).is_none(), "{text}");
        let expected = Expected {
            documents: &documents,
            document: 0,
            prefix: &[],
            replacement: &documents[0],
        };
        assert!(!matches(text, Typing::Helm, &limits, &expected), "{text}");
    }
    // Under YAML 1.2 `<<` is an ordinary key.
    let text = "<<: 1\n";
    let documents = [json!({"<<": 1})];
    let expected = Expected {
        documents: &documents,
        document: 0,
        prefix: &[],
        replacement: &documents[0],
    };
    assert!(matches(text, Typing::Yaml12, &Limits::default(), &expected));
    assert!(!matches(text, Typing::Helm, &Limits::default(), &expected));
}
