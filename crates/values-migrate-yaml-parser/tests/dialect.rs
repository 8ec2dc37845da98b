//! go-yaml's dialect (`Dialect::GoYaml`): what it reads that YAML 1.2 refuses, the events it
//! gives (those of the text written as YAML 1.2 would take it), and what it keeps as YAML 1.2's
//! refusal.

use values_migrate_yaml_parser::{Dialect, Event, Parser, ScanError};

/// The events of `text` in `dialect` as short strings, or the error; and YAML 1.2's refusal kept.
fn read(text: &str, dialect: Dialect) -> (Result<Vec<String>, ScanError>, Option<ScanError>) {
    let mut parser = Parser::new_from_str(text).with_dialect(dialect);
    let mut events = Vec::new();
    while let Some(next) = parser.next_event() {
        match next {
            Ok((event, _)) => events.push(match event {
                Event::Scalar(value, ..) => format!("={value}"),
                Event::MappingStart(..) => "{".into(),
                Event::MappingEnd => "}".into(),
                Event::SequenceStart(..) => "[".into(),
                Event::SequenceEnd => "]".into(),
                _ => continue,
            }),
            Err(error) => return (Err(error), parser.yaml12_refusal().cloned()),
        }
    }
    (Ok(events), parser.yaml12_refusal().cloned())
}

/// `text` is refused by YAML 1.2 with `words` at `at` (a character index), read by go-yaml's
/// dialect as `twin` is (both ways), and the refusal is kept when `kept`.
fn go_yaml_only(text: &str, twin: &str, words: &str, at: usize, kept: bool) {
    let (yaml12, _) = read(text, Dialect::Yaml12);
    let error = yaml12.expect_err(text);
    assert_eq!(
        (error.info(), error.marker().index()),
        (words, at),
        "{text:?}"
    );
    let (go, refusal) = read(text, Dialect::GoYaml);
    let (want, _) = read(twin, Dialect::Yaml12);
    assert_eq!(go.expect(text), want.expect(twin), "{text:?}");
    assert_eq!(refusal.as_ref(), kept.then_some(&error), "{text:?}");
}

#[test]
fn a_tab_after_a_key_s_colon() {
    let colon = "':' must be followed by a valid YAML whitespace";
    go_yaml_only("a:\t\tb\n", "a:  b\n", colon, 4, false);
    go_yaml_only("- a:\t1\n", "- a: 1\n", colon, 5, false);
    go_yaml_only("{a:\t-1}\n", "{a: -1}\n", colon, 4, false);
    go_yaml_only("? a\n:\tb\n", "? a\n: b\n", colon, 6, true);
}

#[test]
fn a_quoted_line_left_of_its_indentation_or_led_by_a_tab() {
    let left = "invalid indentation in quoted scalar";
    let tab = "tab cannot be used as indentation";
    go_yaml_only(
        "a:\n  b: \"x\ny\"\n",
        "a:\n  b: \"x\n     y\"\n",
        left,
        8,
        true,
    );
    go_yaml_only(
        "a:\n  b: 'x\n\n y'\n",
        "a:\n  b: 'x\n\n     y'\n",
        left,
        8,
        true,
    );
    go_yaml_only(
        "a:\n  b: \"x\n\t  y\"\n",
        "a:\n  b: \"x\n     y\"\n",
        tab,
        11,
        true,
    );
    // A line that starts `---` stays refused.
    let (go, _) = read("a:\n  b: \"x\n---y\"\n", Dialect::GoYaml);
    assert_eq!(go.unwrap_err().info(), left);
}

#[test]
fn go_yaml_s_escaped_apostrophe() {
    let unknown = "while parsing a quoted scalar, found unknown escape character";
    go_yaml_only("a: \"it\\'s\"\n", "a: \"it's\"\n", unknown, 3, true);
    let (go, _) = read("a: \"x\\qy\"\n", Dialect::GoYaml);
    assert_eq!(go.unwrap_err().info(), unknown);
    let (single, _) = read("a: 'x\\'\n", Dialect::GoYaml);
    assert_eq!(single.unwrap(), ["{", "=a", "=x\\", "}"]);
}

#[test]
fn a_flow_closer_left_of_its_indentation() {
    let invalid = "invalid indentation";
    let text = "a:\n  b: {\n    \"c\": [\n    ]\n}\n";
    go_yaml_only(
        text,
        "a:\n  b: {\n    \"c\": [\n    ] }\n",
        invalid,
        27,
        false,
    );
    // After a comment too (the bracket is read where it stands).
    go_yaml_only(
        "a:\n  b: [\n    [1] # c\n ]\n",
        "a:\n  b: [\n    [1] ]\n",
        invalid,
        23,
        false,
    );
    // Another token left of the indentation stays refused.
    let (go, refusal) = read("a:\n  b: {\n    \"c\": 1,\n\"d\": 2}\n", Dialect::GoYaml);
    assert_eq!(go.unwrap_err().info(), invalid);
    assert_eq!(refusal, None);
}

#[test]
fn flow_nesting_past_the_limit_is_too_deep() {
    let text = "[".repeat(300);
    let (read, _) = read(&text, Dialect::Yaml12);
    assert!(read.unwrap_err().is_too_deep());
    let (other, _) = self::read("a: [\n", Dialect::Yaml12);
    assert!(!other.unwrap_err().is_too_deep());
}

/// What the scanner met in `text`, once every event was read.
fn seen(text: &str) -> values_migrate_yaml_parser::Seen {
    let mut parser = Parser::new_from_str(text).with_dialect(Dialect::GoYaml);
    while let Some(next) = parser.next_event() {
        next.expect("the text parses");
    }
    parser.seen()
}

#[test]
fn the_scanner_says_whether_it_met_a_flow_collection_or_an_anchor_name_go_yaml_reads_otherwise() {
    let none = seen(
        "a: 1 # {x} &y.z\nb: |\n  [c] *d.e\nc: \"{f}\"\nd: [x, \"y:z\", {e: f}]\ne: {\n  k: 1,\n  l:\n    2\n}\n",
    );
    assert!(!none.flow_suspect && !none.odd_anchor);
    // JSON as `JSON.stringify` writes it: a `:` right after a quoted key or a collection is the
    // value indicator for go-yaml too.
    let json = seen("{\"a\":{\"b\":\"x\"},\"c\":[\"d\",{\"e\":[]}],\"f\":{}}\n");
    assert!(!json.flow_suspect);
    for text in [
        "k: {\n k\n :\n v\n }\n",
        "a: {x:, y: 1}\n",
        "a: [?x]\n",
        "a: [ :x, b]\n",
        "a: [!!str x, b]\n",
        "{\"foo\"\n: \"bar\"}\n",
    ] {
        assert!(seen(text).flow_suspect, "{text:?}");
    }
    assert!(!seen("a: &app-labels_1 1\nb: *app-labels_1\n").odd_anchor);
    for text in [
        "a: &app.labels 1\n",
        "a: &é 1\nb: *é\n",
        "a: &x/y 1\nb: *x/y\n",
    ] {
        assert!(seen(text).odd_anchor, "{text:?}");
    }
}
