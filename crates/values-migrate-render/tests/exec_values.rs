//! What the evaluator does with values besides printing them: masked spans (random and clock
//! output) carried to their place in the output, through `include`, `tpl` and functions, and
//! objects' fields and methods (`.Capabilities`, `.Files`).

use std::collections::BTreeMap;
use std::rc::Rc;

use values_migrate_render::exec::{Env, Output, TemplateSet};
use values_migrate_render::{Mask, Object, Str, Value};

/// `id-RND` with `RND` masked as a random function's output.
fn masked() -> Value {
    Value::Str(Str {
        text: Rc::from("id-RND"),
        masks: Some(Rc::new(vec![Mask {
            start: 3,
            end: 6,
            from: "randAlphaNum",
        }])),
    })
}

fn render(files: &[(&str, &str)], dot: Value) -> Output {
    let mut set = TemplateSet::new();
    for (name, text) in files {
        set.add_file(name, text).expect("parses");
    }
    set.execute("x.yaml", dot, &mut masked_env())
        .expect("renders")
}

fn dot() -> Value {
    let mut m = BTreeMap::new();
    m.insert("s".to_string(), masked());
    m.insert(
        "l".to_string(),
        Value::list(vec![Value::str("a"), masked()]),
    );
    Value::map(m)
}

/// The masked spans as the text they cover.
fn spans(out: &Output) -> Vec<(&str, &'static str)> {
    out.masks
        .iter()
        .map(|m| (&out.text[m.start..m.end], m.from))
        .collect()
}

#[test]
fn masked_spans_land_where_their_text_lands() {
    type Case<'a> = (&'a str, &'a str, &'a [(&'a str, &'a str)]);
    let cases: &[Case] = &[
        (
            "a{{ .s }}b{{ .s }}",
            "aid-RNDbid-RND",
            &[("RND", "randAlphaNum"), ("RND", "randAlphaNum")],
        ),
        // A string made by a builtin from a masked argument is masked whole.
        (
            "{{ print \"p-\" .s }}",
            "p-id-RND",
            &[("p-id-RND", "randAlphaNum")],
        ),
        (
            "{{ printf \"%s!\" .s }}",
            "id-RND!",
            &[("id-RND!", "randAlphaNum")],
        ),
        // A list holding a masked string prints masked whole.
        (
            "<{{ .l }}>",
            "<[a id-RND]>",
            &[("[a id-RND]", "randAlphaNum")],
        ),
        // Nothing masked stays unmasked.
        ("{{ print \"p\" }}", "p", &[]),
    ];
    for (text, want, want_spans) in cases {
        let out = render(&[("x.yaml", text)], dot());
        assert_eq!(out.text, *want, "{text}");
        assert_eq!(spans(&out), *want_spans, "{text}");
    }
}

#[test]
fn include_and_tpl_keep_the_spans_of_what_they_printed() {
    let files = [
        ("h.tpl", "{{ define \"h\" }}<{{ .s }}>{{ end }}"),
        (
            "x.yaml",
            "x{{ include \"h\" . }}|{{ tpl \"{{ .missing }}[{{ .s }}]\" . }}",
        ),
    ];
    let out = render(&files, dot());
    assert_eq!(out.text, "x<id-RND>|[id-RND]");
    assert_eq!(
        out.masks
            .iter()
            .map(|m| (m.start, m.end))
            .collect::<Vec<_>>(),
        vec![(5, 8), (14, 17)]
    );
}

/// A string whose bytes `start..end` are masked as `randAlphaNum`'s output.
fn masked_at(text: &str, start: usize, end: usize) -> Value {
    Value::Str(Str {
        text: Rc::from(text),
        masks: Some(Rc::new(vec![Mask {
            start,
            end,
            from: "randAlphaNum",
        }])),
    })
}

/// `tpl` of masked text (bitnami's `common.secrets.passwords.manage` stores a random password
/// in `.Values` and `tpl`s it): the masked bytes of its text nodes stay masked where they land;
/// masked bytes that are template syntax, and errors that would quote them, are refused.
#[test]
fn tpl_of_masked_text_keeps_its_spans_or_is_refused() {
    let Value::Map(map, _) = dot() else {
        unreachable!()
    };
    let entries = [
        (
            "w",
            masked_at("{{ .s }}:RND{{ range .l }}:RND{{ end }}", 9, 12),
        ),
        ("r", masked_at("{{ range .l }}RND{{ end }}", 14, 17)),
        ("syntax", masked_at("{{ .s }}", 3, 5)),
        ("parse", masked_at("RND{{", 0, 3)),
        ("exec", masked_at("RND{{ .s.x }}", 0, 3)),
    ];
    for (key, value) in entries {
        map.borrow_mut().insert(key.to_string(), value);
    }
    let dot = Value::Map(map, values_migrate_render::MapType::Any);
    let files = [(
        "x.yaml",
        "{{ tpl .s . }}|{{ tpl (.s | quote) . }}|{{ tpl .w . }}|{{ tpl .r . }}",
    )];
    let mut set = TemplateSet::new();
    set.add_file("x.yaml", files[0].1).expect("parses");
    let out = set
        .execute("x.yaml", dot.clone(), &mut masked_env())
        .expect("renders");
    assert_eq!(out.text, "id-RND|\"id-RND\"|id-RND:RND:RND:RND|RNDRND");
    assert_eq!(
        out.masks
            .iter()
            .map(|m| (m.start, m.end))
            .collect::<Vec<_>>(),
        vec![(3, 6), (11, 14), (19, 22), (23, 26), (35, 38), (38, 41)]
    );
    for key in ["syntax", "parse", "exec"] {
        let text = format!("{{{{ tpl .{key} . }}}}");
        let mut set = TemplateSet::new();
        set.add_file("x.yaml", &text).expect("parses");
        let error = set
            .execute("x.yaml", dot.clone(), &mut masked_env())
            .expect_err(key);
        assert_eq!(
            error.kind,
            values_migrate_render::error::ErrorKind::Unsupported,
            "{key}: {}",
            error.message
        );
    }
}

/// A bool, number or object computed from masked text would print Helm's answer for our
/// random text, not Helm's: refused by name, unless it depends on the text's length (and kind)
/// only, which random and clock output shares with Helm's; Go's errors that would quote masked
/// text are refused too.
#[test]
fn values_computed_from_masked_text_are_refused_unless_by_length() {
    let renders = [
        ("{{ len .s }}|{{ empty .s }}|{{ not .s }}", "6|false|false"),
        (
            "{{ kindIs \"string\" .s }}|{{ default .s 3 }}|{{ ternary .s 1 true }}",
            "true|3|id-RND",
        ),
        // Looking a key up in a map that holds masked text does not read the text.
        (
            "{{ hasKey . \"s\" }}|{{ len .l }}|{{ index .l 0 }}",
            "true|2|a",
        ),
        // Strings of other lengths differ whatever the masked bytes are.
        (
            "{{ ne (toJson .) \"null\" }}|{{ eq .s \"id\" \"x\" }}",
            "true|false",
        ),
        // A list or map that holds the masked text keeps its masks.
        (
            "{{ list .s | toJson }}|{{ dict \"k\" .s | toJson }}",
            "[\"id-RND\"]|{\"k\":\"id-RND\"}",
        ),
    ];
    for (text, want) in renders {
        let out = render(&[("x.yaml", text)], dot());
        assert_eq!(out.text, want, "{text}");
    }
    let refused = [
        "{{ eq .s \"id-RND\" }}",
        "{{ ne .s \"abcdef\" }}",
        "{{ eq .s \"x\" \"abcdef\" }}",
        "{{ lt .s \"x\" }}",
        // Pieces as many and as long as the masked text decides, holding none of its masks.
        "{{ splitList \"-\" .s | toJson }}",
        "{{ split \"-\" .s | toJson }}",
        "{{ splitn \"-\" 2 .s | toJson }}",
        "{{ pluck .s . | toJson }}",
        "{{ contains \"R\" .s }}",
        "{{ hasPrefix \"id\" .s }}",
        "{{ atoi .s }}",
        "{{ index . .s }}",
        "{{ semver .s }}",
        // Functions that compare the strings inside a list.
        "{{ has \"a\" .l }}",
        "{{ deepEqual .l .l }}",
        // Go's words would quote the masked text.
        "{{ fail .s }}",
        "{{ required .s nil }}",
        "{{ mustToDate \"2006-01-02\" .s }}",
        "{{ include .s . }}",
    ];
    for text in refused {
        let mut set = TemplateSet::new();
        set.add_file("x.yaml", text).expect("parses");
        let error = set
            .execute("x.yaml", dot(), &mut masked_env())
            .expect_err(text);
        assert_eq!(
            error.kind,
            values_migrate_render::error::ErrorKind::Unsupported,
            "{text}: {}",
            error.message
        );
    }
}

#[test]
fn removing_no_value_moves_the_spans_after_it() {
    let out = render(
        &[("x.yaml", "{{ .missing }}:{{ .s }}{{ .missing }}{{ .s }}")],
        dot(),
    );
    assert_eq!(out.text, "<no value>:id-RND<no value>id-RND");
    let out = out.without_no_value();
    assert_eq!(out.text, ":id-RNDid-RND");
    assert_eq!(
        spans(&out),
        vec![("RND", "randAlphaNum"), ("RND", "randAlphaNum")]
    );
}

/// `.Capabilities` as a test object: a field, a nested object, a method with arguments.
#[derive(Debug)]
struct Capabilities;

#[derive(Debug)]
struct KubeVersion;

impl Object for Capabilities {
    fn type_name(&self) -> &'static str {
        "*common.Capabilities"
    }
    fn field(&self, name: &str) -> Option<Value> {
        match name {
            "KubeVersion" => Some(Value::Object(Rc::new(KubeVersion))),
            _ => None,
        }
    }
    fn call(&self, name: &str, args: &[Value]) -> Option<Result<Value, String>> {
        match (name, args) {
            ("Has", [Value::Str(s)]) => Some(Ok(Value::Bool(&*s.text == "apps/v1"))),
            ("Has", _) => Some(Err("wrong argument".to_string())),
            _ => None,
        }
    }
    fn display(&self) -> Option<String> {
        None
    }
}

impl Object for KubeVersion {
    fn type_name(&self) -> &'static str {
        "*common.KubeVersion"
    }
    fn field(&self, name: &str) -> Option<Value> {
        match name {
            "Version" => Some(Value::str("v1.20.0")),
            "Major" => Some(Value::str("1")),
            _ => None,
        }
    }
    fn call(&self, _: &str, _: &[Value]) -> Option<Result<Value, String>> {
        None
    }
    fn display(&self) -> Option<String> {
        Some("v1.20.0".to_string())
    }
}

#[test]
fn objects_give_fields_and_methods() {
    let mut m = BTreeMap::new();
    m.insert(
        "Capabilities".to_string(),
        Value::Object(Rc::new(Capabilities)),
    );
    let dot = Value::map(m);
    let text = "{{ .Capabilities.KubeVersion.Version }} {{ .Capabilities.Has \"apps/v1\" }} \
                {{ .Capabilities.Has \"x\" }} {{ \"apps/v1\" | .Capabilities.Has }}";
    assert_eq!(
        render(&[("x.yaml", text)], dot.clone()).text,
        "v1.20.0 true false true"
    );
    // Read from a map, the object is held in an `interface {}`, and Go names that type (as
    // Helm 4.2.3 says for `.Capabilities.Missing`); out of a variable, its own.
    let no_field = |text: &str| {
        let mut set = TemplateSet::new();
        set.add_file("x.yaml", text).expect("parses");
        let error = set.execute("x.yaml", dot.clone(), &mut masked_env());
        error.expect_err("no field").message
    };
    assert_eq!(
        no_field("{{ .Capabilities.Nope }}"),
        "x.yaml:1:16\n  executing \"x.yaml\" at <.Capabilities.Nope>:\n    can't evaluate field Nope in type interface {}"
    );
    assert_eq!(
        no_field("{{ $c := .Capabilities }}{{ $c.Nope }}"),
        "x.yaml:1:30\n  executing \"x.yaml\" at <$c.Nope>:\n    can't evaluate field Nope in type *common.Capabilities"
    );
    let mut set = TemplateSet::new();
    set.add_file("x.yaml", "{{ .Capabilities.Has 1 }}")
        .expect("parses");
    let error = set
        .execute("x.yaml", dot, &mut masked_env())
        .expect_err("method error");
    assert_eq!(
        error.message,
        "template: x.yaml:1:16: executing \"x.yaml\" at <.Capabilities.Has>: error calling Has: wrong argument"
    );
}

/// An environment for a dot that holds masked text already (as if a random function had run).
fn masked_env() -> Env<'static> {
    Env {
        masks_made: true,
        ..Env::default()
    }
}
