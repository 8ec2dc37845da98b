//! Hostile input: size, nesting depth and alias expansion each stop with a clear error.

use std::time::{Duration, Instant};

use values_migrate::yaml::{DecodeOptions, Limits, Typing, YamlErrorKind, decode, parse};

#[test]
fn input_size_is_limited() {
    let mut limits = Limits::default();
    limits.max_input_bytes(10);
    let error = parse("a: 12345678901\n", &limits).unwrap_err();
    assert_eq!(error.kind(), YamlErrorKind::TooLarge);
    assert!(parse("a: 1\n", &limits).is_ok());
    assert_eq!(Limits::default().max_input_bytes, 8 * 1024 * 1024);
}

#[test]
fn nesting_depth_is_limited_without_recursion() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let error = parse(&deep, &Limits::default()).unwrap_err();
    assert_eq!(error.kind(), YamlErrorKind::TooDeep);
    // saphyr itself stops flow nesting a little below 256; ours applies to block nesting.
    let text = format!("{}x{}", "[".repeat(200), "]".repeat(200));
    assert!(parse(&text, &Limits::default()).is_ok());
    let block = |depth: usize| {
        let mut text = String::new();
        for level in 0..depth {
            text.push_str(&" ".repeat(level));
            text.push_str("k:\n");
        }
        text
    };
    assert!(parse(&block(256), &Limits::default()).is_ok());
    let error = parse(&block(257), &Limits::default()).unwrap_err();
    assert_eq!(error.kind(), YamlErrorKind::TooDeep);
    assert_eq!(error.line_col(&block(257)).0, 257);
    let mut shallow = Limits::default();
    shallow.max_depth(3);
    assert_eq!(
        parse(&block(4), &shallow).unwrap_err().kind(),
        YamlErrorKind::TooDeep
    );
    assert!(parse(&block(3), &shallow).is_ok());
}

#[test]
fn aliases_cannot_nest_past_the_depth_limit() {
    let mut text = String::from("a0: &a0 [x]\n");
    for n in 1..40 {
        text.push_str(&format!("a{n}: &a{n} [[[[[[[[*a{}]]]]]]]]\n", n - 1));
    }
    let error = decode(&text, &DecodeOptions::default()).unwrap_err();
    assert_eq!(error.kind(), YamlErrorKind::TooDeep);
}

#[test]
fn billion_laughs_stops_quickly() {
    let text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n\
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n\
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n\
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n\
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n\
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n\
g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\n\
h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g, *g]\n\
i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h, *h]\n";
    let started = Instant::now();
    for typing in [Typing::Helm, Typing::Yaml12] {
        let options = DecodeOptions {
            typing,
            limits: Limits::default(),
        };
        let error = decode(text, &options).unwrap_err();
        assert_eq!(error.kind(), YamlErrorKind::TooManyAliasNodes);
        assert!(error.range().start < text.len());
    }
    assert!(started.elapsed() < Duration::from_secs(20));
    let mut small = DecodeOptions::default();
    small.limits.max_alias_nodes(5);
    let error = decode("a: &a [1, 2, 3]\nb: *a\nc: *a\n", &small).unwrap_err();
    assert_eq!(error.kind(), YamlErrorKind::TooManyAliasNodes);
}

#[test]
fn merge_keys_count_against_the_alias_budget() {
    let mut text = String::from("m0: &m0 {k: v}\n");
    for n in 1..30 {
        text.push_str(&format!(
            "m{n}: &m{n} {{<<: [*m{0}, *m{0}], x{n}: 1}}\n",
            n - 1
        ));
    }
    let error = decode(&text, &DecodeOptions::default()).unwrap_err();
    assert_eq!(error.kind(), YamlErrorKind::TooManyAliasNodes);
}

#[test]
fn recursive_and_unknown_aliases_are_refused() {
    let error = parse("a: &a [*a]\n", &Limits::default()).unwrap_err();
    assert_eq!(error.kind(), YamlErrorKind::RecursiveAlias);
    let error = parse("a: *nowhere\n", &Limits::default()).unwrap_err();
    assert_eq!(error.kind(), YamlErrorKind::Syntax);
    // Anchors do not reach into the next document.
    let text = "a: &x 1\n---\nb: *x\n";
    let error = parse(text, &Limits::default()).unwrap_err();
    assert_eq!(error.line_col(text).0, 3);
}
