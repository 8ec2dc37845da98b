//! `toYaml` of strings holding U+0085 (NEL): sigs.k8s.io/yaml's JSON step writes it raw and
//! yaml.v2 reads it back as a line break inside a double-quoted scalar, folded. Helm 4.2.3's
//! answers, recorded through helm_python.

use values_migrate_render::{CallError, Value};

mod common;
use common::call;

/// `dict "v" value`.
fn dict_v(value: Value) -> Value {
    Value::map([("v".to_string(), value)].into_iter().collect())
}

/// `toYaml (dict "v" value)`.
fn to_yaml(value: Value) -> String {
    let out = call("toYaml", vec![dict_v(value)]).expect("YAML");
    out.as_str().unwrap_or("").to_string()
}

#[test]
fn nel_folds_as_a_line_break_of_a_double_quoted_scalar() {
    let items = [
        "a \u{85} b",
        "a\u{85}\u{85}b",
        "a\u{85}\u{85}\u{85}b",
        "a\u{85}",
        "\u{85}x",
        " \u{85} x ",
        "a\t\u{85}b",
        "x\u{85}---y",
        "p\u{85}...",
    ];
    let list = Value::list(items.iter().map(|s| Value::str(*s)).collect());
    assert_eq!(
        to_yaml(list),
        "v:\n- a b\n- |-\n  a\n  b\n- |-\n  a\n\n  b\n- 'a '\n- ' x'\n- ' x '\n- \"a\\t b\"\n- x ---y\n- p ..."
    );
    assert_eq!(to_yaml(Value::str("x\u{85} --- y")), "v: x --- y");
    assert_eq!(to_yaml(Value::str("a\u{85}b")), "v: a b");
}

#[test]
fn a_document_marker_after_a_nel_is_yaml_v2s_error() {
    // `toYaml` swallows the error as ""; `mustToYaml` fails with it, its line counting NELs.
    for (text, line) in [("x\u{85}--- y", 2), ("\u{85}\u{85}...\u{85}y", 3)] {
        assert_eq!(to_yaml(Value::str(text)), "", "{text:?}");
        let err = call("mustToYaml", vec![dict_v(Value::str(text))]).err();
        let want = format!("yaml: line {line}: found unexpected document indicator");
        assert_eq!(err, Some(CallError::Go(want)), "{text:?}");
    }
    assert_eq!(to_yaml(Value::str("x\u{85}...\u{85}y")), "");
}

#[test]
fn a_nel_in_a_map_key_is_refused() {
    let map = Value::map(
        [("a\u{85}b".to_string(), Value::int(1))]
            .into_iter()
            .collect(),
    );
    assert!(matches!(
        call("toYaml", vec![map]),
        Err(CallError::Unsupported(_))
    ));
}
