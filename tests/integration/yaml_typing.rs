//! Every row of docs/typing.md: how Helm and YAML 1.2 type scalars, keys, merges and aliases.

use serde_json::{Value, json};
use values_migrate::yaml::{DecodeOptions, Limits, Typing, YamlErrorKind, decode};

fn decode_as(typing: Typing, text: &str) -> Result<Value, values_migrate::YamlError> {
    let options = DecodeOptions {
        typing,
        limits: Limits::default(),
    };
    decode(text, &options).map(|mut documents| documents.remove(0))
}

/// The value of `v: <scalar>` under `typing`.
fn value(typing: Typing, scalar: &str) -> Value {
    let text = format!("v: {scalar}\n");
    match decode_as(typing, &text) {
        Ok(document) => document["v"].clone(),
        Err(error) => panic!("{}", error.display_with("t.yaml", &text)),
    }
}

fn helm(scalar: &str) -> Value {
    value(Typing::Helm, scalar)
}

fn yaml12(scalar: &str) -> Value {
    value(Typing::Yaml12, scalar)
}

fn helm_error(scalar: &str) -> YamlErrorKind {
    let text = format!("v: {scalar}\n");
    decode_as(Typing::Helm, &text).unwrap_err().kind()
}

#[test]
fn helm_booleans_are_the_yaml_1_1_words() {
    for word in [
        "y", "Y", "yes", "Yes", "YES", "on", "On", "ON", "true", "True", "TRUE",
    ] {
        assert_eq!(helm(word), json!(true), "{word}");
    }
    for word in [
        "n", "N", "no", "No", "NO", "off", "Off", "OFF", "false", "False", "FALSE",
    ] {
        assert_eq!(helm(word), json!(false), "{word}");
    }
    for word in ["tRUE", "yES", "oN", "O"] {
        assert_eq!(helm(word), json!(word), "{word}");
    }
}

#[test]
fn helm_nulls() {
    for word in ["~", "null", "Null", "NULL", ""] {
        assert_eq!(helm(word), Value::Null, "{word:?}");
    }
    assert_eq!(helm("nULL"), json!("nULL"));
}

#[test]
fn helm_integers_follow_strconv_parse_int_base_0() {
    assert_eq!(helm("42"), json!(42));
    assert_eq!(helm("+5"), json!(5));
    assert_eq!(helm("-17"), json!(-17));
    assert_eq!(helm("1_000_000"), json!(1_000_000));
    assert_eq!(helm("0x1F"), json!(31));
    assert_eq!(helm("-0x1F"), json!(-31));
    assert_eq!(helm("0777"), json!(511));
    assert_eq!(helm("0o17"), json!(15));
    assert_eq!(helm("0b101"), json!(5));
    assert_eq!(helm("-0b101"), json!(-5));
    assert_eq!(helm("9223372036854775807"), json!(i64::MAX));
    assert_eq!(helm("-9223372036854775808"), json!(i64::MIN));
}

#[test]
fn helm_integers_beyond_int64() {
    assert_eq!(helm("18446744073709551615"), json!(u64::MAX));
    // Decimal overflow matches the float pattern and becomes a float.
    assert_eq!(
        helm("18446744073709551616"),
        json!(18446744073709551616.0_f64)
    );
    assert_eq!(
        helm("-9223372036854775809"),
        json!(-9223372036854775809.0_f64)
    );
    // A base-prefixed overflow stays text: Helm v4.2.3 answers so (tests/fixtures/plain-numbers.json).
    assert_eq!(helm("0x10000000000000000"), json!("0x10000000000000000"));
    assert_eq!(
        helm("0x1_0000_0000_0000_0000"),
        json!("0x1_0000_0000_0000_0000")
    );
}

#[test]
fn helm_floats() {
    assert_eq!(helm("1.5"), json!(1.5));
    assert_eq!(helm("1e3"), json!(1000.0));
    assert_eq!(helm("1."), json!(1.0));
    assert_eq!(helm(".5"), json!(0.5));
    assert_eq!(helm("-.5e3"), json!(-500.0));
    assert_eq!(helm("1_000.5"), json!(1000.5));
    // `08` is not octal, so it falls through to the float pattern.
    assert_eq!(helm("08"), json!(8.0));
    // ParseFloat reports overflow as an error, so the text stays a string.
    assert_eq!(helm("1e999"), json!("1e999"));
    assert_eq!(helm("._5"), json!("._5"));
    assert_eq!(helm("1.2.3"), json!("1.2.3"));
}

#[test]
fn helm_non_finite_floats_are_errors() {
    for word in [".nan", ".NaN", ".inf", "-.Inf", "+.INF"] {
        assert_eq!(helm_error(word), YamlErrorKind::Value, "{word}");
    }
    let text = "a:\n  b: .inf\n";
    let error = decode_as(Typing::Helm, text).unwrap_err();
    assert_eq!(error.line_col(text), (2, 6, 6));
}

#[test]
fn helm_keeps_sexagesimal_and_timestamps_as_strings() {
    assert_eq!(helm("190:20:30"), json!("190:20:30"));
    assert_eq!(helm("2001-12-14"), json!("2001-12-14"));
    assert_eq!(
        helm("2001-12-14t21:59:43.10-05:00"),
        json!("2001-12-14t21:59:43.10-05:00")
    );
    assert_eq!(helm("!!timestamp 2001-12-14"), json!("2001-12-14"));
    assert_eq!(helm_error("!!timestamp tomorrow"), YamlErrorKind::Value);
}

#[test]
fn helm_quoted_and_block_scalars_are_strings() {
    assert_eq!(helm("\"true\""), json!("true"));
    assert_eq!(helm("'42'"), json!("42"));
    assert_eq!(helm("|\n  42"), json!("42\n"));
    assert_eq!(helm(">-\n  yes"), json!("yes"));
    assert_eq!(helm("<<"), json!("<<"));
    assert_eq!(helm("abc"), json!("abc"));
}

#[test]
fn helm_respects_explicit_tags() {
    assert_eq!(helm("!!str 5"), json!("5"));
    assert_eq!(helm("!!str yes"), json!("yes"));
    assert_eq!(helm("!!int \"5\""), json!(5));
    assert_eq!(helm("!!float 5"), json!(5.0));
    assert_eq!(helm("!!bool yes"), json!(true));
    assert_eq!(helm("!!null ''"), Value::Null);
    assert_eq!(helm("!!binary aGVsbG8="), json!("hello"));
    assert_eq!(helm("!custom 5"), json!("5"));
    assert_eq!(helm("! 5"), json!("5"));
    assert_eq!(helm_error("!!int 1.5"), YamlErrorKind::Value);
    assert_eq!(helm_error("!!bool 1"), YamlErrorKind::Value);
    assert_eq!(
        helm_error("!!float 18446744073709551615"),
        YamlErrorKind::Value
    );
    assert_eq!(helm_error("!!binary not*base64"), YamlErrorKind::Value);
}

#[test]
fn helm_converts_keys_as_sigs_k8s_io_yaml() {
    let text = "1: int\ntrue: bool\nyes: word\n1.5: float\n1e6: big\n0x10: hex\n~x: tilde\n";
    let value = decode_as(Typing::Helm, text).unwrap();
    assert_eq!(
        value,
        json!({"1": "int", "true": "word", "1.5": "float", "1e+06": "big", "16": "hex", "~x": "tilde"})
    );
    for bad in [
        "~: v\n",
        "? \n: v\n",
        "18446744073709551615: v\n",
        "[a]: v\n",
        "{a: b}: v\n",
    ] {
        let error = decode_as(Typing::Helm, bad).unwrap_err();
        assert_eq!(error.kind(), YamlErrorKind::Key, "{bad:?}");
    }
}

#[test]
fn helm_merges_keys_like_go_yaml_v2() {
    let text = "base: &base {a: 1, b: 2}\nmore: &more {b: 3, c: 4}\nuse:\n  a: 0\n  <<: *base\n  c: 9\nlist:\n  <<: [*base, *more]\ninline:\n  <<: {x: 1}\n";
    let value = decode_as(Typing::Helm, text).unwrap();
    // go-yaml v2 applies entries in order: the merge overrides `a`, and `c` overrides nothing.
    assert_eq!(value["use"], json!({"a": 1, "b": 2, "c": 9}));
    // Earlier maps in a merged sequence take precedence.
    assert_eq!(value["list"], json!({"b": 2, "c": 4, "a": 1}));
    assert_eq!(value["inline"], json!({"x": 1}));
    assert_eq!(
        decode_as(Typing::Helm, "a: &s 1\nb:\n  <<: *s\n")
            .unwrap_err()
            .kind(),
        YamlErrorKind::Merge
    );
    // A quoted `<<` is an ordinary key.
    assert_eq!(
        decode_as(Typing::Helm, "a:\n  '<<': 1\n").unwrap(),
        json!({"a": {"<<": 1}})
    );
    // YAML 1.2 has no merge keys.
    assert_eq!(
        decode_as(Typing::Yaml12, "b: &b {x: 1}\na:\n  <<: *b\n").unwrap()["a"],
        json!({"<<": {"x": 1}})
    );
}

#[test]
fn repeated_keys_keep_the_last_value() {
    let value = decode_as(Typing::Helm, "a: 1\nb: 2\na: 3\n").unwrap();
    assert_eq!(value, json!({"a": 3, "b": 2}));
    let value = decode_as(Typing::Helm, "true: 1\nyes: 2\n").unwrap();
    assert_eq!(value, json!({"true": 2}));
}

#[test]
fn aliases_decode_to_the_anchored_value() {
    let value = decode_as(Typing::Helm, "a: &x {k: [1, 2]}\nb: *x\nc: &y 3\nd: *y\n").unwrap();
    assert_eq!(value["b"], json!({"k": [1, 2]}));
    assert_eq!(value["d"], json!(3));
}

#[test]
fn yaml12_core_schema() {
    for word in ["true", "True", "TRUE"] {
        assert_eq!(yaml12(word), json!(true));
    }
    for word in ["false", "False", "FALSE"] {
        assert_eq!(yaml12(word), json!(false));
    }
    for word in ["yes", "no", "on", "off", "y", "n"] {
        assert_eq!(yaml12(word), json!(word));
    }
    for word in ["~", "null", "Null", "NULL", ""] {
        assert_eq!(yaml12(word), Value::Null);
    }
    assert_eq!(yaml12("0o17"), json!(15));
    assert_eq!(yaml12("0x1F"), json!(31));
    assert_eq!(yaml12("0777"), json!(777));
    assert_eq!(yaml12("-12"), json!(-12));
    assert_eq!(yaml12("18446744073709551615"), json!(u64::MAX));
    assert_eq!(yaml12("0b101"), json!("0b101"));
    assert_eq!(yaml12("1_000"), json!("1_000"));
    assert_eq!(yaml12("190:20:30"), json!("190:20:30"));
    assert_eq!(yaml12("1.5e3"), json!(1500.0));
    assert_eq!(yaml12(".5"), json!(0.5));
    assert_eq!(yaml12("!!float 1"), json!(1.0));
    assert_eq!(yaml12("!!str 1"), json!("1"));
    assert_eq!(yaml12("!local 1"), json!("1"));
    let text = "v: .inf\n";
    assert_eq!(
        decode_as(Typing::Yaml12, text).unwrap_err().kind(),
        YamlErrorKind::Value
    );
    let keys = decode_as(Typing::Yaml12, "1: a\ntrue: b\n1.5: c\n").unwrap();
    assert_eq!(keys, json!({"1": "a", "true": "b", "1.5": "c"}));
}

#[test]
fn one_value_per_document() {
    let documents = decode("a: 1\n---\n- x\n---\n3\n", &DecodeOptions::default()).unwrap();
    assert_eq!(documents, vec![json!({"a": 1}), json!(["x"]), json!(3)]);
    assert_eq!(
        decode("", &DecodeOptions::default()).unwrap(),
        Vec::<Value>::new()
    );
    assert_eq!(
        decode("# only a comment\n", &DecodeOptions::default()).unwrap(),
        Vec::<Value>::new()
    );
}
