//! Truncations and garbling of a realistic values file: nothing panics, every error is located.

use std::ops::Range;

use crate::common;

use common::Rng;
use values_migrate::path::Segment;
use values_migrate::yaml::{
    DecodeOptions, Expected, Limits, Node, Stream, Typing, decode, decode_direct, matches, parse,
};

/// A realistic Helm values file: comments, anchors, merge keys, block scalars, flow collections.
const VALUES: &str = r#"# Default values for orders-worker. 🎉
replicaCount: 2
image:
  repository: ghcr.io/example/orders-worker
  tag: "1.4.2"   # pinned by the release job
  pullPolicy: IfNotPresent
nameOverride: ""
podAnnotations:
  prometheus.io/scrape: "true"
  "prometheus.io/port": '9090'
  note: café — 你好
resources:
  requests: &requests
    memory: 256Mi
    cpu: 100m
  limits:
    <<: *requests
    memory: "512Mi" # raised from 384Mi on 2026-10-14
args: ["--queue", "orders", "--concurrency=8"]
selector: {app: orders-worker, tier: backend}
enabled: yes
ratio: 0.75
hexPort: 0x1F90
config: |
  batch = 50
    indent = kept
  ✓ unicode line
summary: >-
  folded text
  on two lines
extraEnv:
  - name: MODE
    value: sync
  -   name: EMPTY
      value:
  - {name: FLOW, value: "x"}
tolerations: []
nodeSelector: {}
? complex key
: complex value
"#;

fn check_range(text: &str, range: &Range<usize>, what: &str) {
    assert!(
        range.start <= range.end && range.end <= text.len(),
        "{what} {range:?} out of bounds"
    );
    assert!(
        text.is_char_boundary(range.start) && text.is_char_boundary(range.end),
        "{what} {range:?} not on character boundaries in {text:?}"
    );
}

fn check_node(text: &str, node: &Node) {
    for node in node.nodes() {
        check_range(text, &node.range(), "node");
        if let Some(properties) = node.properties_range() {
            check_range(text, &properties, "properties");
        }
    }
}

fn check_stream(text: &str, stream: &Stream) {
    for document in &stream.documents {
        check_range(text, &document.range, "document");
        check_node(text, &document.root);
        let _ = document.root.duplicate_keys(Typing::Helm);
        let _ = document.root.mappings(Typing::Yaml12);
    }
}

/// Parses and decodes `text` both ways; every outcome must be a value or a located error.
fn exercise(text: &str) {
    let limits = Limits::default();
    match parse(text, &limits) {
        Ok(stream) => check_stream(text, &stream),
        Err(error) => {
            check_range(text, &error.range(), "error");
            let rendered = error.display_with("values.yaml", text);
            assert!(rendered.starts_with("values.yaml:"), "{rendered}");
            let (line, column, utf16) = error.line_col(text);
            assert!(line >= 1 && column >= 1 && utf16 >= column);
        }
    }
    for typing in [Typing::Helm, Typing::Yaml12] {
        let options = DecodeOptions {
            typing,
            limits: limits.clone(),
        };
        if let Err(error) = decode(text, &options) {
            check_range(text, &error.range(), "decode error");
        }
        // The event path, when it answers, decodes exactly as the located tree does.
        if let Some(direct) = decode_direct(text, typing, &limits) {
            let tree = parse(text, &limits).and_then(|s| s.to_json(typing, &limits));
            assert_eq!(tree.as_ref().ok(), Some(&direct), "{typing:?} {text:?}");
        }
    }
}

/// The fixture without what the event path declines (anchors, the merge key, the complex key),
/// so that its garblings exercise that path too.
fn plain_values() -> String {
    VALUES
        .replace("requests: &requests", "requests:")
        .replace("    <<: *requests\n", "")
        .replace("? complex key\n: complex value\n", "")
}

fn variants() -> Vec<String> {
    vec![
        VALUES.to_string(),
        VALUES.replace('\n', "\r\n"),
        plain_values(),
    ]
}

#[test]
fn the_fixture_itself_parses_and_decodes() {
    // The first two: LF and CRLF (the third has no merge key).
    for text in variants().into_iter().take(2) {
        let values = decode(&text, &DecodeOptions::default()).unwrap();
        assert_eq!(values[0]["resources"]["limits"]["memory"], "512Mi");
        assert_eq!(values[0]["resources"]["limits"]["cpu"], "100m");
        assert_eq!(values[0]["enabled"], true);
        assert_eq!(values[0]["hexPort"], 8080);
        assert_eq!(
            values[0]["config"],
            "batch = 50\n  indent = kept\n✓ unicode line\n"
        );
        assert_eq!(values[0]["extraEnv"][1]["value"], serde_json::Value::Null);
        let stream = parse(&text, &Limits::default()).unwrap();
        check_stream(&text, &stream);
    }
    let plain = plain_values();
    let direct = decode_direct(&plain, Typing::Helm, &Limits::default()).expect("no anchors");
    assert_eq!(direct, decode(&plain, &DecodeOptions::default()).unwrap());
    assert_eq!(
        direct[0]["config"],
        "batch = 50\n  indent = kept\n✓ unicode line\n"
    );
    for declined in [
        "a: &x 1\nb: *x\n",
        "a: !!str 1\n",
        "a: 1\na: 2\n",
        "<<: {a: 1}\n",
        "? [a]\n: 1\n",
        "a: [\n",
    ] {
        assert_eq!(
            decode_direct(declined, Typing::Helm, &Limits::default()),
            None,
            "{declined}"
        );
    }
    // Under YAML 1.2 `<<` is an ordinary key.
    assert!(decode_direct("<<: 1\n", Typing::Yaml12, &Limits::default()).is_some());
}

#[test]
fn every_prefix_is_a_value_or_a_located_error() {
    for text in variants() {
        for (end, _) in text.char_indices().chain([(text.len(), ' ')]) {
            exercise(&text[..end]);
        }
    }
}

#[test]
fn garbled_bytes_are_a_value_or_a_located_error() {
    const GARBAGE: &[u8] = b" \t\r\n:-?,[]{}#&*!|>'\"%@`\\.0aZ\xc3\xa9\xff";
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for text in variants() {
        for _ in 0..1500 {
            let mut bytes = text.clone().into_bytes();
            for _ in 0..1 + rng.below(4) {
                let at = rng.below(bytes.len());
                bytes[at] = GARBAGE[rng.below(GARBAGE.len())];
            }
            let garbled = String::from_utf8_lossy(&bytes).into_owned();
            exercise(&garbled);
            let cut = rng.below(garbled.len());
            let mut cut_at = cut;
            while !garbled.is_char_boundary(cut_at) {
                cut_at -= 1;
            }
            exercise(&garbled[..cut_at]);
        }
    }
}

/// Whether `text` matches `documents` with `replacement` at `prefix` of the first document.
fn matches_at(
    text: &str,
    documents: &[serde_json::Value],
    prefix: &[Segment],
    replacement: &serde_json::Value,
) -> bool {
    let expected = Expected {
        documents,
        document: 0,
        prefix,
        replacement,
    };
    matches(text, Typing::Helm, &Limits::default(), &expected)
}

#[test]
fn comparing_events_agrees_with_decoding() {
    let plain = plain_values();
    let documents = decode(&plain, &DecodeOptions::default()).unwrap();
    let image = [Segment::Key("image".into())];
    let at_image = documents[0]["image"].clone();
    assert!(matches_at(&plain, &documents, &[], &documents[0]));
    assert!(matches_at(&plain, &documents, &image, &at_image));
    let mut other = at_image.clone();
    other["tag"] = "1.4.3".into();
    assert!(!matches_at(&plain, &documents, &image, &other));
    other = at_image.clone();
    other.as_object_mut().unwrap().remove("pullPolicy");
    assert!(!matches_at(&plain, &documents, &image, &other));
    // Keys in another order are the same mapping; a key written twice is not.
    let reordered = plain.replace(
        "  tag: \"1.4.2\"   # pinned by the release job\n  pullPolicy: IfNotPresent\n",
        "  pullPolicy: IfNotPresent\n  tag: \"1.4.2\"\n",
    );
    assert_ne!(reordered, plain);
    assert!(matches_at(&reordered, &documents, &[], &documents[0]));
    let repeated = plain.replace(
        "nameOverride: \"\"\n",
        "nameOverride: \"\"\nreplicaCount: 2\n",
    );
    assert!(!matches_at(&repeated, &documents, &[], &documents[0]));
    // Sound on garbled texts: whenever it says equal, decoding says the same.
    const GARBAGE: &[u8] = b" \t\r\n:-?,[]{}#&*!|>'\"%@`\\.0aZ";
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for _ in 0..3000 {
        let mut bytes = plain.clone().into_bytes();
        let at = rng.below(bytes.len());
        bytes[at] = GARBAGE[rng.below(GARBAGE.len())];
        let garbled = String::from_utf8_lossy(&bytes).into_owned();
        if matches_at(&garbled, &documents, &image, &at_image) {
            assert_eq!(
                decode(&garbled, &DecodeOptions::default()).ok().as_ref(),
                Some(&documents),
                "{garbled:?}"
            );
        }
    }
}
