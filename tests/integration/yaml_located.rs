//! The located tree read as JSON without decoding it (`yaml::View`), and an edited text verified
//! against the original's located tree (`yaml::matches_located`), each against the full decode
//! on every YAML text the repository holds.

use serde_json::Value;
use values_migrate::path::{self, ValuePath};
use values_migrate::yaml::{
    Limits, NodeKind, Stream, Typing, Unchanged, View, matches_located, parse,
};

use crate::common::Rng;
use crate::yaml_matches::{ANCHORED, Text, full, garble, paths_to_change, texts, wrong_values};

/// Whether `text` verifies against `stream`'s document `document` with `with` at `at`.
fn located(text: &str, stream: &Stream, document: usize, at: &ValuePath, with: &Value) -> bool {
    let expanded = stream
        .check_json(Typing::Helm, &Limits::default())
        .expect("decodes");
    let expected = Unchanged {
        stream,
        document,
        prefix: at.segments(),
        replacement: with,
        expanded,
    };
    matches_located(text, Typing::Helm, &Limits::default(), &expected)
}

#[test]
fn the_view_reads_every_mapping_and_path_as_the_decoded_value() {
    let (mut listed, mut looked) = (0, 0);
    for Text { name, text } in texts() {
        let Some((stream, documents)) = full(&text, &Limits::default()) else {
            continue;
        };
        for (located, value) in stream.documents.iter().zip(&documents) {
            let view = View::new(located, Typing::Helm);
            let mut list = Vec::new();
            let walked = view.each_mapping(|path, node, entries| {
                let keys: Vec<String> = entries.iter().map(|(key, _)| key.to_string()).collect();
                let values: Vec<_> = entries.iter().map(|(_, v)| view.to_json(v).ok()).collect();
                list.push((ValuePath::from_steps(path), node, keys, values));
            });
            assert!(walked.is_some(), "{name}: not walked");
            let nested = path::nested(value);
            let want: Vec<usize> = (0..nested.len())
                .filter(|&at| nested[at].value.is_object())
                .collect();
            assert_eq!(list.len(), want.len(), "{name}");
            for ((path, node, keys, values), &at) in list.iter().zip(&want) {
                assert_eq!(*path, path::nested_path(&nested, at), "{name}");
                assert_eq!(view.to_json(node).ok().as_ref(), Some(nested[at].value));
                // The entries are the JSON object's, in its order.
                let object = nested[at].value.as_object().expect("a mapping");
                assert!(keys.iter().eq(object.keys()), "{name}: `{path}`");
                assert!(
                    values
                        .iter()
                        .zip(object.values())
                        .all(|(v, o)| v.as_ref() == Some(o))
                );
                listed += 1;
            }
            for (at, _) in path::leaves(value) {
                let node = view.get(&located.root, at.segments());
                let found = path::get(value, &at).expect("a leaf's path");
                let node = node.unwrap_or_else(|| panic!("{name}: `{at}` not found"));
                assert!(view.is_leaf_of(node, found), "{name}: `{at}`");
                for wrong in wrong_values(found) {
                    assert!(!view.is_leaf_of(node, &wrong), "{name}: `{at}` as {wrong}");
                }
                looked += 1;
            }
        }
    }
    assert!(
        listed > 10_000 && looked > 10_000,
        "{listed} listed, {looked} looked at"
    );
}

#[test]
fn the_located_tree_verifies_the_right_value_and_refuses_every_wrong_one() {
    let (mut refused, mut accepted, mut asked) = (0, 0, 0);
    for Text { name, text } in texts() {
        let Some((stream, documents)) = full(&text, &Limits::default()) else {
            continue;
        };
        for (document, value) in documents.iter().enumerate() {
            for at in paths_to_change(&stream, document, value) {
                let original = path::get(value, &at).expect("a path of the value");
                for wrong in wrong_values(original) {
                    assert!(
                        !located(&text, &stream, document, &at, &wrong),
                        "{name}: document {document} at `{at}` as {wrong}"
                    );
                    refused += 1;
                }
                let right = located(&text, &stream, document, &at, original);
                accepted += usize::from(right);
                asked += 1;
            }
        }
    }
    eprintln!("{refused} wrong values refused; the right one verified at {accepted} of {asked}");
    assert!(refused > 2000, "only {refused}");
    assert!(accepted * 4 >= asked * 3, "only {accepted} of {asked}");
}

/// `text` with the plain scalar at `range` written `zz` + itself.
fn renamed(text: &str, range: std::ops::Range<usize>) -> String {
    format!("{}zz{}", &text[..range.start], &text[range.start..])
}

#[test]
fn a_text_changed_outside_the_prefix_is_refused() {
    let (mut refused, mut tried) = (0, 0);
    for Text { name, text } in texts() {
        let Some((stream, documents)) = full(&text, &Limits::default()) else {
            continue;
        };
        let Some(value) = documents.first() else {
            continue;
        };
        let root = &stream.documents[0].root;
        // The prefix: the root's first value; changed: every tenth plain scalar.
        let Some(at) = path::nested(value)
            .get(1)
            .map(|_| ValuePath::root())
            .and_then(|_| path::nodes(value).into_iter().nth(1).map(|(p, _)| p))
        else {
            continue;
        };
        let Some(original) = path::get(value, &at) else {
            continue;
        };
        let scalars = root.nodes().into_iter().filter(|node| {
            matches!(node.kind(), NodeKind::Scalar { text, .. } if !text.is_empty())
                && node.scalar_style() == Some(values_migrate::yaml::ScalarStyle::Plain)
        });
        for node in scalars.step_by(10).take(30) {
            let changed = renamed(&text, node.range());
            let Ok(after) = parse(&changed, &Limits::default()) else {
                continue;
            };
            let Ok(decoded) = after.to_json(Typing::Helm, &Limits::default()) else {
                continue;
            };
            let mut want = documents.clone();
            path::set(&mut want[0], &at, original.clone()).expect("settable");
            let verified = located(&changed, &stream, 0, &at, original);
            if decoded != want {
                assert!(!verified, "{name}: changed at {:?} verified", node.range());
                refused += 1;
            }
            tried += 1;
        }
    }
    eprintln!("{refused} of {tried} changed texts refused");
    assert!(refused > 500, "only {refused} of {tried}");
}

#[test]
fn garbled_anchored_texts_are_verified_only_as_they_decode() {
    // Anchors, aliases and merge keys around values that hold none.
    let text = format!("{ANCHORED}bosun:\n  replicas: 1\n  image: {{tag: \"1\", pull: [a]}}\n");
    let (stream, documents) = full(&text, &Limits::default()).expect("decodes");
    let mut rng = Rng(0x2b_9f13_0c4d_7e11);
    let mut accepted = 0;
    for prefix in ["bosun", "bosun.image", "bosun.image.pull"] {
        let at = ValuePath::parse(prefix).expect("a path");
        let original = path::get(&documents[0], &at).expect("held").clone();
        assert!(located(&text, &stream, 0, &at, &original), "{prefix}");
        for _ in 0..2000 {
            let garbled = garble(&text, &mut rng);
            if located(&garbled, &stream, 0, &at, &original) {
                let decoded = full(&garbled, &Limits::default()).map(|(_, d)| d);
                assert_eq!(decoded.as_ref(), Some(&documents), "{garbled:?}");
                accepted += 1;
            }
        }
    }
    assert!(accepted >= 10, "only {accepted}");
}
