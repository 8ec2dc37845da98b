//! `index` of a string gives its byte as a `uint8`, as a byte of `[]byte` is (`.Files.GetBytes`):
//! Helm 4.2.3's answers, recorded through helm_python.

use std::collections::BTreeMap;

use std::rc::Rc;
use values_migrate_render::engine::Files;
use values_migrate_render::error::RenderError;
use values_migrate_render::exec::{Env, TemplateSet};
use values_migrate_render::{Mask, Str, Value};

/// Executes `x.yaml` with `.Values.unicode`, `.Values.secret` (masked) and `.Files`.
fn run(text: &str) -> Result<String, RenderError> {
    let mut set = TemplateSet::new();
    set.add_file("x.yaml", text)?;
    let mut values = BTreeMap::new();
    values.insert("unicode".to_string(), Value::str("héllo"));
    let secret = Str {
        text: "abc".into(),
        masks: Some(Rc::new(vec![Mask {
            start: 0,
            end: 3,
            from: "randAlphaNum",
        }])),
    };
    values.insert("secret".to_string(), Value::Str(secret));
    let files = Files::new(&[("files/b.txt".to_string(), b"AB".to_vec())]);
    let mut dot = BTreeMap::new();
    dot.insert("Values".to_string(), Value::map(values));
    dot.insert("Files".to_string(), Value::Object(Rc::new(files)));
    // The dot may hold masked text: searched as if a random function had run.
    let mut env = Env {
        masks_made: true,
        ..Env::default()
    };
    set.execute("x.yaml", Value::map(dot), &mut env)
        .map(|o| o.text)
}

#[test]
fn a_strings_byte_is_a_uint8_as_go_prints_and_compares_it() {
    let cases = [
        (
            r#"{{ index .Values.unicode 1 }} {{ typeOf (index .Values.unicode 1) }} {{ kindOf (index "abc" 0) }}"#,
            "195 uint8 uint8",
        ),
        (
            r#"{{ printf "%v %d %x %c %q %T" (index "abc" 0) (index "abc" 1) (index "abc" 2) (index "abc" 0) (index "abc" 0) (index "abc" 0) }}"#,
            "97 98 63 a 'a' uint8",
        ),
        (
            r#"{{ eq (index "abc" 0) 97 }} {{ lt (index "abc" 0) 98 }} {{ index "abc" 0 | toJson }} {{ index "abc" 0 | toString }} {{ add (index "abc" 0) 1 }}"#,
            "true true 97 97 98",
        ),
        (
            r#"{{ range $i, $b := .Files.GetBytes "files/b.txt" }}{{ $i }}={{ $b }}:{{ typeOf $b }} {{ end }}"#,
            "0=65:uint8 1=66:uint8 ",
        ),
        (
            r#"{{ index (.Files.GetBytes "files/b.txt") 1 | typeOf }}"#,
            "uint8",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(run(text).expect(text), want, "{text}");
    }
}

#[test]
fn a_byte_past_the_end_is_gos_error_and_a_masked_byte_is_refused() {
    let error = run(r#"{{ index "abc" 3 }}"#).expect_err("out of range");
    assert!(
        error
            .message
            .ends_with("error calling index: reflect: string index out of range"),
        "{error}"
    );
    let refused = run("{{ index .Values.secret 0 }}").expect_err("masked");
    assert!(refused.message.starts_with("unsupported: "), "{refused}");
}
