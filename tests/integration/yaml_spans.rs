//! The byte range of every kind of node, asserted as the exact source text it covers.

use values_migrate::ValuePath;
use values_migrate::yaml::{
    DecodeOptions, Limits, Node, NodeKind, ScalarStyle, Stream, Typing, parse,
};

fn stream(text: &str) -> Stream {
    match parse(text, &Limits::default()) {
        Ok(stream) => stream,
        Err(error) => panic!("{}", error.display_with("test.yaml", text)),
    }
}

fn at<'a>(stream: &'a Stream, path: &str) -> &'a Node {
    let path = ValuePath::parse(path).unwrap();
    stream.documents[0]
        .root
        .get(&path, Typing::Helm)
        .unwrap_or_else(|| panic!("no node at {path}"))
}

fn text_at<'a>(text: &'a str, stream: &Stream, path: &str) -> &'a str {
    &text[at(stream, path).range()]
}

/// The source text of the key node of the last entry at `path`.
fn key_text<'a>(text: &'a str, stream: &Stream, path: &str) -> &'a str {
    let path = ValuePath::parse(path).unwrap();
    let steps = stream.documents[0].root.walk(&path, Typing::Helm);
    &text[steps.last().unwrap().key.unwrap().range()]
}

#[test]
fn scalars_cover_exactly_their_source_text() {
    let text = "a: 1\nb: \"q\\\"x\"  # c\nc: 'it''s'  # d\nplain: two words  \nempty:\nlast: z";
    let s = stream(text);
    assert_eq!(text_at(text, &s, "a"), "1");
    assert_eq!(text_at(text, &s, "b"), "\"q\\\"x\"");
    assert_eq!(text_at(text, &s, "c"), "'it''s'");
    assert_eq!(text_at(text, &s, "plain"), "two words");
    assert_eq!(text_at(text, &s, "last"), "z");
    assert_eq!(key_text(text, &s, "plain"), "plain");
    let empty = at(&s, "empty");
    assert!(empty.range().is_empty());
    assert_eq!(
        empty.range().start,
        text.find("empty:").unwrap() + "empty:".len()
    );
    assert_eq!(empty.scalar_style(), Some(ScalarStyle::Plain));
}

#[test]
fn non_ascii_on_the_same_line_does_not_shift_ranges() {
    let text = "é: 你好 🎉 \"quoted ünï\" # 🎉\nb: \"x\"\nc: [é, 🎉]\nd: {你: 好}\ne: \"🎉\"\n";
    let s = stream(text);
    assert_eq!(text_at(text, &s, "é"), "你好 🎉 \"quoted ünï\"");
    assert_eq!(key_text(text, &s, "é"), "é");
    assert_eq!(text_at(text, &s, "b"), "\"x\"");
    assert_eq!(text_at(text, &s, "c"), "[é, 🎉]");
    assert_eq!(text_at(text, &s, "c[1]"), "🎉");
    assert_eq!(text_at(text, &s, "d"), "{你: 好}");
    assert_eq!(text_at(text, &s, "d.你"), "好");
    assert_eq!(text_at(text, &s, "e"), "\"🎉\"");
}

#[test]
fn block_scalars_run_from_the_indicator_to_their_last_content_line() {
    let text = "lit: |-  # keep\n  line 1\n    line 2  \n\n  \nfold: >\n  folded\n  text\n\nkeep: |+\n  kept\n\nlast: 1\n";
    let s = stream(text);
    assert_eq!(
        text_at(text, &s, "lit"),
        "|-  # keep\n  line 1\n    line 2  "
    );
    assert_eq!(text_at(text, &s, "fold"), ">\n  folded\n  text");
    assert_eq!(text_at(text, &s, "keep"), "|+\n  kept");
    let keep = at(&s, "keep");
    assert_eq!(keep.scalar_text(), Some("kept\n\n"));
    assert_eq!(keep.scalar_style(), Some(ScalarStyle::Literal));
    assert_eq!(text_at(text, &s, "last"), "1");
}

#[test]
fn block_scalars_in_sequences_and_after_comments() {
    let text = "- |\n  a\n- >-\n  b\n-  # note |\n  |\n   c\nk: # x\n  |\n  d\n";
    let s = parse("k:\n  - |\n    a\n  - >-\n    b\n", &Limits::default()).unwrap();
    let src = "k:\n  - |\n    a\n  - >-\n    b\n";
    assert_eq!(text_at(src, &s, "k[0]"), "|\n    a");
    assert_eq!(text_at(src, &s, "k[1]"), ">-\n    b");
    assert!(
        parse(text, &Limits::default()).is_err(),
        "mixed root is invalid YAML"
    );
    let text = "k: # a comment with | and >\n  |\n  d\n";
    let s = stream(text);
    assert_eq!(text_at(text, &s, "k"), "|\n  d");
}

#[test]
fn collections_cover_their_entries() {
    let text = "map:\n  a: 1\n  b:\n    - x\n    - y  # c\nflow: {a: [1, 2], b: c}  # after\nseq:\n- 1\n- - 2\n  - 3\nnext: 1\n";
    let s = stream(text);
    assert_eq!(text_at(text, &s, "map"), "a: 1\n  b:\n    - x\n    - y");
    assert_eq!(text_at(text, &s, "map.b"), "- x\n    - y");
    assert_eq!(text_at(text, &s, "flow"), "{a: [1, 2], b: c}");
    assert_eq!(text_at(text, &s, "flow.a"), "[1, 2]");
    assert_eq!(text_at(text, &s, "seq"), "- 1\n- - 2\n  - 3");
    assert_eq!(text_at(text, &s, "seq[1]"), "- 2\n  - 3");
    assert_eq!(text_at(text, &s, "seq[1][0]"), "2");
    let root = &s.documents[0].root;
    assert_eq!(&text[root.range()], text.trim_end());
    assert!(matches!(
        at(&s, "flow").kind(),
        NodeKind::Mapping { flow: true, .. }
    ));
    assert!(matches!(
        at(&s, "map").kind(),
        NodeKind::Mapping { flow: false, .. }
    ));
}

#[test]
fn empty_values_sit_right_after_their_indicator() {
    let text = "a:\nb:   # c\nc: !!str\nd: &x\nseq:\n-\n- # note\n- z\nflow: {k: , j}\n";
    let s = stream(text);
    let after = |needle: &str| text.find(needle).unwrap() + needle.len();
    assert_eq!(at(&s, "a").range(), after("a:")..after("a:"));
    assert_eq!(at(&s, "b").range(), after("b:")..after("b:"));
    let c = at(&s, "c");
    assert_eq!(c.range(), after("!!str")..after("!!str"));
    assert_eq!(c.tag(), Some("tag:yaml.org,2002:str"));
    assert_eq!(&text[c.properties_range().unwrap()], "!!str");
    assert_eq!(at(&s, "d").anchor(), Some("x"));
    assert_eq!(at(&s, "seq[0]").range(), after("seq:\n-")..after("seq:\n-"));
    assert_eq!(at(&s, "seq[1]").range(), after("-\n-")..after("-\n-"));
    assert_eq!(at(&s, "flow.k").range(), after("{k:")..after("{k:"));
    assert_eq!(at(&s, "flow.j").range(), after("j")..after("j"));
}

#[test]
fn anchors_tags_and_aliases_are_located() {
    let text = "base: &base\n  x: 1\nother: *base\ntagged: !!int \"5\"\nlocal: !thing &t value\n<<: *base\n";
    let s = stream(text);
    let base = at(&s, "base");
    assert_eq!(base.anchor(), Some("base"));
    assert_eq!(&text[base.properties_range().unwrap()], "&base");
    assert_eq!(&text[base.range()], "x: 1");
    let other = at(&s, "other");
    assert_eq!(&text[other.range()], "*base");
    match other.kind() {
        NodeKind::Alias(alias) => {
            assert_eq!(alias.name, "base");
            assert_eq!(alias.target.clone(), Some(base.range()));
        }
        kind => panic!("not an alias: {kind:?}"),
    }
    assert_eq!(text_at(text, &s, "tagged"), "\"5\"");
    let local = at(&s, "local");
    assert_eq!(local.tag(), Some("!thing"));
    assert_eq!(local.anchor(), Some("t"));
    assert_eq!(&text[local.properties_range().unwrap()], "!thing &t");
    assert_eq!(text_at(text, &s, "local"), "value");
    let merges = s.documents[0].root.merge_keys(Typing::Helm);
    assert_eq!(merges.len(), 1);
    assert_eq!(&text[merges[0].range.clone()], "<<");
}

#[test]
fn crlf_files_keep_exact_ranges() {
    let text = "a: 1\r\nb: \"x\"\r\nc: |\r\n  t\r\n  u\r\nd:\r\n  - e\r\n";
    let s = stream(text);
    assert_eq!(text_at(text, &s, "a"), "1");
    assert_eq!(text_at(text, &s, "b"), "\"x\"");
    assert_eq!(text_at(text, &s, "c"), "|\r\n  t\r\n  u");
    assert_eq!(at(&s, "c").scalar_text(), Some("t\nu\n"));
    assert_eq!(text_at(text, &s, "d"), "- e");
}

#[test]
fn documents_cover_their_markers() {
    let text = "# lead\na: 1\n---\nb: 2\n...\n--- x\n";
    let s = stream(text);
    assert_eq!(s.documents.len(), 3);
    assert_eq!(&text[s.documents[0].range.clone()], "a: 1");
    assert_eq!(&text[s.documents[1].range.clone()], "---\nb: 2\n...");
    assert!(s.documents[1].explicit_start && s.documents[1].explicit_end);
    assert_eq!(&text[s.documents[2].range.clone()], "--- x");
    let empty = stream("---\n");
    assert_eq!(empty.documents.len(), 1);
    assert_eq!(empty.documents[0].root.range(), 3..3);
}

#[test]
fn explicit_and_complex_keys() {
    let text = "? a\n: 1\n? [x, y]\n: 2\n?\n: 3\n";
    let s = stream(text);
    let entries = s.documents[0].root.entries().unwrap();
    assert_eq!(&text[entries[0].key.range()], "a");
    assert_eq!(&text[entries[0].value.range()], "1");
    assert_eq!(&text[entries[1].key.range()], "[x, y]");
    assert!(entries[2].key.range().is_empty());
    assert_eq!(entries[2].key.range().start, text.find("?\n").unwrap() + 1);
    assert_eq!(&text[s.documents[0].root.range()], text.trim_end());
}

#[test]
fn indentless_and_nested_sequences_start_at_their_dash() {
    let text = "k:\n- - a\n  - b\n- c\nm:\n  - # note\n    x\n";
    let s = stream(text);
    assert_eq!(text_at(text, &s, "k"), "- - a\n  - b\n- c");
    assert_eq!(text_at(text, &s, "k[0]"), "- a\n  - b");
    assert_eq!(text_at(text, &s, "m"), "- # note\n    x");
    assert_eq!(text_at(text, &s, "m[0]"), "x");
}

#[test]
fn flow_brackets_followed_by_blanks_and_comments() {
    let text = "a: [   x, # c\n  y ]\nb: {  # c\n  k: v}\nc: !!seq [x]\nd: [{x: y}: z]\n";
    let s = stream(text);
    assert_eq!(text_at(text, &s, "a"), "[   x, # c\n  y ]");
    assert_eq!(text_at(text, &s, "b"), "{  # c\n  k: v}");
    assert_eq!(text_at(text, &s, "c"), "[x]");
    assert_eq!(text_at(text, &s, "d"), "[{x: y}: z]");
    let pair = &at(&s, "d").items().unwrap()[0];
    assert_eq!(&text[pair.range()], "{x: y}: z");
    assert!(pair.is_flow());
    let key = &pair.entries().unwrap()[0].key;
    assert_eq!(&text[key.range()], "{x: y}");
}

#[test]
fn a_flow_collection_closed_left_of_its_block_indentation_is_read_as_helm_reads_it() {
    // fulcio's `config.contents`: the closing brace at the column of the key that holds it, after
    // a nested collection (saphyr-parser 0.3.4 alone refuses it; go-yaml, PyYAML and npm `yaml`
    // read it). Helm reads {"config": {"contents": {"a": {"b": []}}, "x": 1}, "list": [{}]}.
    let text = "config:\n  contents: {\n    \"a\": {\n      \"b\": [\n      ]\n    }\n  }\n  x: 1\nlist: [\n  {\n  }\n]\n";
    let s = stream(text);
    assert_eq!(
        text_at(text, &s, "config.contents"),
        "{\n    \"a\": {\n      \"b\": [\n      ]\n    }\n  }"
    );
    assert_eq!(text_at(text, &s, "config.contents.a.b"), "[\n      ]");
    assert_eq!(text_at(text, &s, "config.x"), "1");
    assert_eq!(text_at(text, &s, "list"), "[\n  {\n  }\n]");
    let value = values_migrate::yaml::decode(text, &Default::default()).unwrap();
    assert_eq!(
        value[0],
        serde_json::json!({"config": {"contents": {"a": {"b": []}}, "x": 1}, "list": [{}]})
    );
    // A comment before such a bracket: read, as Helm reads it ({"c": {"a": {}}}); the scanner
    // decides the bracket where it reads it, no line is joined.
    let commented = "c: {\n  \"a\": {} # note\n}\n";
    let s = stream(commented);
    assert_eq!(text_at(commented, &s, "c"), "{\n  \"a\": {} # note\n}");
    let value = values_migrate::yaml::decode(commented, &Default::default()).unwrap();
    assert_eq!(value[0], serde_json::json!({"c": {"a": {}}}));
}

#[test]
fn a_tab_after_a_colon_or_leading_a_quoted_line_is_read_as_helm_reads_it() {
    // saphyr-parser 0.3.4 alone refuses both; go-yaml (Helm v4.2.3's reader) reads these values,
    // asked of helm-python-sdk (tests/helm/probes.py, group `tabs`).
    let text = "a:\tb\nc:\t\t\"d\" # e\nl:\n- k:\t1\n  m:\t{v:\to}\nq: \"x\n\ty\n \t\n\t z\"\ns: 'p\n\tq'\n";
    let s = stream(text);
    assert_eq!(text_at(text, &s, "a"), "b");
    assert_eq!(text_at(text, &s, "c"), "\"d\"");
    assert_eq!(text_at(text, &s, "l[0].m"), "{v:\to}");
    assert_eq!(text_at(text, &s, "q"), "\"x\n\ty\n \t\n\t z\"");
    assert_eq!(text_at(text, &s, "s"), "'p\n\tq'");
    let value = values_migrate::yaml::decode(text, &Default::default()).unwrap();
    assert_eq!(
        value[0],
        serde_json::json!({"a": "b", "c": "d", "l": [{"k": 1, "m": {"v": "o"}}], "q": "x y\nz", "s": "p q"})
    );
    // Under the yaml-1.2 typing the quoted lines' tabs are refused, as YAML 1.2 refuses them.
    let yaml12 = DecodeOptions {
        typing: Typing::Yaml12,
        ..Default::default()
    };
    let error = values_migrate::yaml::decode(text, &yaml12).unwrap_err();
    assert_eq!(error.message(), "tab cannot be used as indentation");
    assert_eq!(error.range().start, text.find("\ty\n").unwrap());
}

#[test]
fn a_quoted_line_left_of_its_indentation_is_read_as_helm_reads_it() {
    // go-yaml (Helm v4.2.3's reader) checks no indentation inside a quoted scalar: these values
    // asked of helm-python-sdk (tests/helm/probes.py, group `tabs`); YAML 1.2 refuses them.
    let text = "a:\n  b: \"x\n\ty\n\nz\"\n  c: 'p\n q'\n  l:\n  - \"é\n   \"\nd: [\"m\n n\"]\n";
    let s = stream(text);
    assert_eq!(text_at(text, &s, "a.b"), "\"x\n\ty\n\nz\"");
    assert_eq!(text_at(text, &s, "a.c"), "'p\n q'");
    assert_eq!(text_at(text, &s, "a.l[0]"), "\"é\n   \"");
    assert_eq!(text_at(text, &s, "d[0]"), "\"m\n n\"");
    let value = values_migrate::yaml::decode(text, &Default::default()).unwrap();
    assert_eq!(
        value[0],
        serde_json::json!({"a": {"b": "x y\nz", "c": "p q", "l": ["é "]}, "d": ["m n"]})
    );
    let yaml12 = DecodeOptions {
        typing: Typing::Yaml12,
        ..Default::default()
    };
    let tab = "a:\n  b: \"x\n\ty\"\n";
    for (nested, words, at) in [
        (
            tab,
            "tab cannot be used as indentation",
            tab.find('\t').unwrap(),
        ),
        (
            text,
            "tab cannot be used as indentation",
            text.find('\t').unwrap(),
        ),
        (
            "a:\n  b: \"x\n y\"\n",
            "invalid indentation in quoted scalar",
            8,
        ),
    ] {
        let error = values_migrate::yaml::decode(nested, &yaml12).unwrap_err();
        assert_eq!(
            (error.message(), error.range().start),
            (words, at),
            "{nested:?}"
        );
    }
    // A line Helm reads as a document marker stays refused.
    assert!(parse("a:\n  b: \"x\n--- y\"\n", &Limits::default()).is_err());
}

/// The yaml-1.2 typing, which keeps what only Helm reads as YAML 1.2's refusal.
fn yaml12() -> DecodeOptions {
    DecodeOptions {
        typing: Typing::Yaml12,
        ..Default::default()
    }
}

#[test]
fn a_values_file_of_1100_tabs_after_colons_is_read_in_one_pass() {
    // Helm reads every line; the reader used to stop repairing at 1,024 and refuse line 1,025.
    let text: String = (0..1100).map(|i| format!("key{i}:\tvalue{i}\n")).collect();
    let s = stream(&text);
    let root = &s.documents[0].root;
    assert_eq!(root.entries().unwrap().len(), 1100);
    assert_eq!(text_at(&text, &s, "key1099"), "value1099");
    let value = values_migrate::yaml::decode(&text, &Default::default()).unwrap();
    assert_eq!(value[0]["key1024"], "value1024");
    assert_eq!(value[0]["key1099"], "value1099");
    // A tab after a key's `:` is YAML 1.2's too: the yaml-1.2 typing reads the same values.
    assert_eq!(
        values_migrate::yaml::decode(&text, &yaml12()).unwrap(),
        value
    );
    // After a complex key's `:` first on its line YAML 1.2 refuses it (yaml-test-suite Y79Y),
    // and so does Helm, in go-yaml's words (tabs.rs).
    let complex = format!("{text}? k\n:\tv\n");
    let error = values_migrate::yaml::decode(&complex, &yaml12()).unwrap_err();
    assert_eq!(
        error.message(),
        "':' must be followed by a valid YAML whitespace"
    );
    assert_eq!(error.range().start, complex.len() - 2);
    let error = values_migrate::yaml::decode(&complex, &Default::default()).unwrap_err();
    assert!(
        error.message().contains("cannot start any token"),
        "{error}"
    );
    assert_eq!(error.range().start, complex.len() - 3);
}

#[test]
fn quoted_lines_left_of_their_indentation_are_read_past_the_old_caps() {
    // 300 scalars with a line left of the indentation (the reader used to stop at 256), each
    // with a tab leading another line and a blank line between.
    let text: String = (0..300)
        .map(|i| format!("s{i}:\n  q: \"x{i}\ny\n\n\tz\"\n"))
        .collect();
    let s = stream(&text);
    assert_eq!(text_at(&text, &s, "s299.q"), "\"x299\ny\n\n\tz\"");
    let value = values_migrate::yaml::decode(&text, &Default::default()).unwrap();
    assert_eq!(value[0]["s299"]["q"], "x299 y\nz");
    // Only Helm reads them: the yaml-1.2 typing refuses at the first, in YAML 1.2's words.
    let error = values_migrate::yaml::decode(&text, &yaml12()).unwrap_err();
    assert_eq!(
        (error.message(), error.range().start),
        (
            "invalid indentation in quoted scalar",
            text.find('"').unwrap()
        )
    );
    // Lines at or right of the quote's column, or of white space only, as before; a line that
    // starts `---` (a document marker to Helm's splitter) stays refused, one of `...` is read.
    let text = "a:\n  b: \"x\ny\n\n \tz\n         w\"\n";
    let value = values_migrate::yaml::decode(text, &Default::default()).unwrap();
    assert_eq!(value[0]["a"]["b"], "x y\nz w");
    assert!(parse("a:\n  b: \"x\n---\"\n", &Limits::default()).is_err());
    assert!(parse("a:\n  b: \"x\n---y\"\n", &Limits::default()).is_err());
    let value = values_migrate::yaml::decode("a:\n  b: \"x\n...\"\n", &Default::default()).unwrap();
    assert_eq!(value[0]["a"]["b"], "x ...");
}

#[test]
fn go_yaml_escapes_are_read_past_the_old_caps() {
    // 300 scalars each with two `\'` (the reader used to stop at 256), and `\\'` (a backslash,
    // then the quote that ends the scalar) untouched.
    let text: String = (0..300)
        .map(|i| format!("e{i}: \"it\\'s {i}\\'\"\n"))
        .collect::<String>()
        + "last: \"x\\\\\"\n";
    let s = stream(&text);
    assert_eq!(text_at(&text, &s, "e299"), "\"it\\'s 299\\'\"");
    let value = values_migrate::yaml::decode(&text, &Default::default()).unwrap();
    assert_eq!(value[0]["e299"], "it's 299'");
    assert_eq!(value[0]["last"], "x\\");
    let error = values_migrate::yaml::decode(&text, &yaml12()).unwrap_err();
    assert_eq!(
        (error.message(), error.range().start),
        (
            "while parsing a quoted scalar, found unknown escape character",
            4
        )
    );
    // In a key too, as Helm reads it ({"don't": 1}; the repair before put a line break in the
    // key, which then spanned two lines and was refused).
    let key = values_migrate::yaml::decode("\"don\\'t\": 1\n", &Default::default()).unwrap();
    assert_eq!(key[0], serde_json::json!({"don't": 1}));
    // Another unknown escape stays refused, where its scalar starts.
    let error = parse("a: \"x\\'y\\qz\"\n", &Limits::default()).unwrap_err();
    assert_eq!(error.range().start, 3);
}

#[test]
fn flow_collections_closed_left_of_their_indentation_are_read_past_the_old_cap() {
    // 100 of them (the reader used to stop at 64); YAML 1.2 reads them too.
    let text: String = (0..100)
        .map(|i| format!("c{i}:\n  v: {{\n    \"a\": [\n    ]\n}}\n"))
        .collect();
    let s = stream(&text);
    assert_eq!(text_at(&text, &s, "c99.v"), "{\n    \"a\": [\n    ]\n}");
    let value = values_migrate::yaml::decode(&text, &Default::default()).unwrap();
    assert_eq!(value[0]["c99"], serde_json::json!({"v": {"a": []}}));
    assert_eq!(
        values_migrate::yaml::decode(&text, &yaml12()).unwrap(),
        value
    );
    // Another token left of the indentation in a flow collection stays refused.
    assert!(parse("c:\n  v: {\n    \"a\": 1,\n\"b\": 2}\n", &Limits::default()).is_err());
}
