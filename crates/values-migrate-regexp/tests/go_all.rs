//! Go's `regexp/all_test.go` tables: good and bad patterns (Go's words), `ReplaceAllString`,
//! `ReplaceAllLiteralString`, `QuoteMeta`, `NumSubexp`/`SubexpNames` and `Split`.

use values_migrate_regexp::{Fuel, Regex, quote_meta};

#[test]
fn compiles_gos_good_patterns_and_refuses_its_bad_ones_in_its_words() {
    let good = [
        "",
        ".",
        "^.$",
        "a",
        "a*",
        "a+",
        "a?",
        "a|b",
        "a*|b*",
        "(a*|b)(c*|d)",
        "[a-z]",
        r"[a-abc-c\-\]\[]",
        "[a-z]+",
        "[abc]",
        "[^1234]",
        r"[^\n]",
        r"\!\\",
    ];
    for pattern in good {
        assert!(Regex::new(pattern).is_ok(), "{pattern}");
    }
    let bad = [
        ("*", "missing argument to repetition operator: `*`"),
        ("+", "missing argument to repetition operator: `+`"),
        ("?", "missing argument to repetition operator: `?`"),
        ("(abc", "missing closing ): `(abc`"),
        ("abc)", "unexpected ): `abc)`"),
        ("x[a-z", "missing closing ]: `[a-z`"),
        ("[z-a]", "invalid character class range: `z-a`"),
        (r"abc\", "trailing backslash at end of expression: ``"),
        ("a**", "invalid nested repetition operator: `**`"),
        ("a*+", "invalid nested repetition operator: `*+`"),
        (r"\x", "invalid escape sequence: `\\x`"),
    ];
    for (pattern, words) in bad {
        assert_eq!(
            Regex::new(pattern).map(|_| ()),
            Err(format!("error parsing regexp: {words}")),
            "{pattern}"
        );
    }
}

/// Go's `replaceTests`: pattern, replacement, input, output.
const REPLACE: &[(&str, &str, &str, &str)] = &[
    ("", "", "", ""),
    ("", "x", "", "x"),
    ("", "", "abc", "abc"),
    ("", "x", "abc", "xaxbxcx"),
    ("b", "", "", ""),
    ("b", "x", "", ""),
    ("b", "", "abc", "ac"),
    ("b", "x", "abc", "axc"),
    ("y", "", "", ""),
    ("y", "x", "", ""),
    ("y", "", "abc", "abc"),
    ("y", "x", "abc", "abc"),
    ("[a-c]*", "x", "\u{65e5}", "x\u{65e5}x"),
    ("[^\u{65e5}]", "x", "abc\u{65e5}def", "xxx\u{65e5}xxx"),
    ("^[a-c]*", "x", "abcdabc", "xdabc"),
    ("[a-c]*$", "x", "abcdabc", "abcdx"),
    ("^[a-c]*$", "x", "abcdabc", "abcdabc"),
    ("^[a-c]*", "x", "abc", "x"),
    ("[a-c]*$", "x", "abc", "x"),
    ("^[a-c]*$", "x", "abc", "x"),
    ("^[a-c]*", "x", "dabce", "xdabce"),
    ("[a-c]*$", "x", "dabce", "dabcex"),
    ("^[a-c]*$", "x", "dabce", "dabce"),
    ("^[a-c]*", "x", "", "x"),
    ("[a-c]*$", "x", "", "x"),
    ("^[a-c]*$", "x", "", "x"),
    ("^[a-c]+", "x", "abcdabc", "xdabc"),
    ("[a-c]+$", "x", "abcdabc", "abcdx"),
    ("^[a-c]+$", "x", "abcdabc", "abcdabc"),
    ("^[a-c]+", "x", "abc", "x"),
    ("[a-c]+$", "x", "abc", "x"),
    ("^[a-c]+$", "x", "abc", "x"),
    ("^[a-c]+", "x", "dabce", "dabce"),
    ("[a-c]+$", "x", "dabce", "dabce"),
    ("^[a-c]+$", "x", "dabce", "dabce"),
    ("^[a-c]+", "x", "", ""),
    ("[a-c]+$", "x", "", ""),
    ("^[a-c]+$", "x", "", ""),
    ("abc", "def", "abcdefg", "defdefg"),
    ("bc", "BC", "abcbcdcdedef", "aBCBCdcdedef"),
    ("abc", "", "abcdabc", "d"),
    ("x", "xXx", "xxxXxxx", "xXxxXxxXxXxXxxXxxXx"),
    ("abc", "d", "", ""),
    ("abc", "d", "abc", "d"),
    (".+", "x", "abc", "x"),
    ("[a-c]*", "x", "def", "xdxexfx"),
    ("[a-c]+", "x", "abcbcdcdedef", "xdxdedef"),
    ("[a-c]*", "x", "abcbcdcdedef", "xdxdxexdxexfx"),
    ("a+", "($0)", "banana", "b(a)n(a)n(a)"),
    ("a+", "(${0})", "banana", "b(a)n(a)n(a)"),
    ("a+", "(${0})$0", "banana", "b(a)an(a)an(a)a"),
    (
        "hello, (.+)",
        "goodbye, ${1}",
        "hello, world",
        "goodbye, world",
    ),
    ("hello, (.+)", "goodbye, $1x", "hello, world", "goodbye, "),
    (
        "hello, (.+)",
        "goodbye, ${1}x",
        "hello, world",
        "goodbye, worldx",
    ),
    (
        "hello, (.+)",
        "<$0><$1><$2><$3>",
        "hello, world",
        "<hello, world><world><><>",
    ),
    (
        "hello, (?P<noun>.+)",
        "goodbye, $noun!",
        "hello, world",
        "goodbye, world!",
    ),
    (
        "hello, (?P<noun>.+)",
        "goodbye, ${noun}",
        "hello, world",
        "goodbye, world",
    ),
    ("(?P<x>hi)|(?P<x>bye)", "$x$x$x", "hi", "hihihi"),
    ("(?P<x>hi)|(?P<x>bye)", "$x$x$x", "bye", "byebyebye"),
    ("(?P<x>hi)|(?P<x>bye)", "$xyz", "hi", ""),
    ("(?P<x>hi)|(?P<x>bye)", "${x}yz", "hi", "hiyz"),
    ("(?P<x>hi)|(?P<x>bye)", "hello $$x", "hi", "hello $x"),
    ("a+", "${oops", "aaa", "${oops"),
    ("a+", "$$", "aaa", "$"),
    ("a+", "$", "aaa", "$"),
    ("(x)?", "$1", "123", "123"),
    ("abc", "$1", "123", "123"),
    ("(a)(b){0}(c)", ".$1|$3.", "xacxacx", "x.a|c.x.a|c.x"),
    ("(a)(((b))){0}c", ".$1.", "xacxacx", "x.a.x.a.x"),
    (
        "((a(b){0}){3}){5}(h)",
        "y caramb$2",
        "say aaaaaaaaaaaaaaaah",
        "say ay caramba",
    ),
    (
        "((a(b){0}){3}){5}h",
        "y caramb$2",
        "say aaaaaaaaaaaaaaaah",
        "say ay caramba",
    ),
];

/// Go's `replaceLiteralTests`.
const REPLACE_LITERAL: &[(&str, &str, &str, &str)] = &[
    ("a+", "($0)", "banana", "b($0)n($0)n($0)"),
    ("a+", "(${0})", "banana", "b(${0})n(${0})n(${0})"),
    ("a+", "(${0})$0", "banana", "b(${0})$0n(${0})$0n(${0})$0"),
    (
        "hello, (.+)",
        "goodbye, ${1}",
        "hello, world",
        "goodbye, ${1}",
    ),
    (
        "hello, (?P<noun>.+)",
        "goodbye, $noun!",
        "hello, world",
        "goodbye, $noun!",
    ),
    (
        "hello, (?P<noun>.+)",
        "goodbye, ${noun}",
        "hello, world",
        "goodbye, ${noun}",
    ),
    ("(?P<x>hi)|(?P<x>bye)", "$x$x$x", "hi", "$x$x$x"),
    ("(?P<x>hi)|(?P<x>bye)", "$x$x$x", "bye", "$x$x$x"),
    ("(?P<x>hi)|(?P<x>bye)", "$xyz", "hi", "$xyz"),
    ("(?P<x>hi)|(?P<x>bye)", "${x}yz", "hi", "${x}yz"),
    ("(?P<x>hi)|(?P<x>bye)", "hello $$x", "hi", "hello $$x"),
    ("a+", "${oops", "aaa", "${oops"),
    ("a+", "$$", "aaa", "$$"),
    ("a+", "$", "aaa", "$"),
];

#[test]
fn replaces_as_gos_replace_tests_say() {
    for &(pattern, repl, input, output) in REPLACE {
        let re = Regex::new(pattern).expect("compiles");
        let got = re.replace_all(input, repl, &mut Fuel::unlimited());
        assert_eq!(got.as_deref(), Ok(output), "{pattern:?} {repl:?} {input:?}");
        if !repl.contains('$') {
            let got = re.replace_all_literal(input, repl, &mut Fuel::unlimited());
            assert_eq!(
                got.as_deref(),
                Ok(output),
                "literal {pattern:?} {repl:?} {input:?}"
            );
        }
    }
    for &(pattern, repl, input, output) in REPLACE_LITERAL {
        let re = Regex::new(pattern).expect("compiles");
        let got = re.replace_all_literal(input, repl, &mut Fuel::unlimited());
        assert_eq!(got.as_deref(), Ok(output), "{pattern:?} {repl:?} {input:?}");
    }
}

#[test]
fn quotes_meta_as_gos_meta_tests_say() {
    let cases = [
        ("", ""),
        ("foo", "foo"),
        ("日本語+", r"日本語\+"),
        (r"foo\.\$", r"foo\\\.\\\$"),
        (r"foo.\$", r"foo\.\\\$"),
        (
            r"!@#$%^&*()_+-=[{]}\|,<.>/?~",
            r"!@#\$%\^&\*\(\)_\+-=\[\{\]\}\\\|,<\.>/\?~",
        ),
    ];
    for (pattern, quoted) in cases {
        assert_eq!(quote_meta(pattern), quoted);
        if pattern.is_empty() {
            continue;
        }
        let re = Regex::new(quoted).expect("a quoted pattern compiles");
        let src = format!("abc{pattern}def");
        let replaced = re.replace_all(&src, "xyz", &mut Fuel::unlimited());
        assert_eq!(replaced.as_deref(), Ok("abcxyzdef"), "{pattern}");
    }
}

#[test]
fn counts_and_names_groups_as_gos_subexp_cases_say() {
    let cases: &[(&str, &[&str])] = &[
        ("", &[""]),
        (".*", &[""]),
        ("abba", &[""]),
        ("ab(b)a", &["", ""]),
        ("ab(.*)a", &["", ""]),
        ("(.*)ab(.*)a", &["", "", ""]),
        ("(.*)(ab)(.*)a", &["", "", "", ""]),
        ("(.*)((a)b)(.*)a", &["", "", "", "", ""]),
        (r"(.*)(\(ab)(.*)a", &["", "", "", ""]),
        (r"(.*)(\(a\)b)(.*)a", &["", "", "", ""]),
        (
            "(?P<foo>.*)(?P<bar>(a)b)(?P<foo>.*)a",
            &["", "foo", "bar", "", "foo"],
        ),
    ];
    for (pattern, names) in cases {
        let re = Regex::new(pattern).expect("compiles");
        assert_eq!(re.num_subexp(), names.len() - 1, "{pattern}");
        assert_eq!(re.subexp_names(), *names, "{pattern}");
    }
}

#[test]
fn splits_as_gos_split_tests_say() {
    let cases: &[(&str, &str, i64, &[&str])] = &[
        ("foo:and:bar", ":", -1, &["foo", "and", "bar"]),
        ("foo:and:bar", ":", 1, &["foo:and:bar"]),
        ("foo:and:bar", ":", 2, &["foo", "and:bar"]),
        ("foo:and:bar", "foo", -1, &["", ":and:bar"]),
        ("foo:and:bar", "bar", -1, &["foo:and:", ""]),
        ("foo:and:bar", "baz", -1, &["foo:and:bar"]),
        ("baabaab", "a", -1, &["b", "", "b", "", "b"]),
        ("baabaab", "a*", -1, &["b", "b", "b"]),
        ("baabaab", "ba*", -1, &["", "", "", ""]),
        ("foobar", "f*b*", -1, &["", "o", "o", "a", "r"]),
        ("foobar", "f+.*b+", -1, &["", "ar"]),
        ("foobooboar", "o{2}", -1, &["f", "b", "boar"]),
        ("a,b,c,d,e,f", ",", 3, &["a", "b", "c,d,e,f"]),
        ("a,b,c,d,e,f", ",", 0, &[]),
        (",", ",", -1, &["", ""]),
        (",,,", ",", -1, &["", "", "", ""]),
        ("", ",", -1, &[""]),
        ("", ".*", -1, &[""]),
        ("", ".+", -1, &[""]),
        ("", "", -1, &[]),
        ("foobar", "", -1, &["f", "o", "o", "b", "a", "r"]),
        ("abaabaccadaaae", "a*", 5, &["", "b", "b", "c", "cadaaae"]),
        (":x:y:z:", ":", -1, &["", "x", "y", "z", ""]),
    ];
    for &(s, pattern, n, out) in cases {
        let re = Regex::new(pattern).expect("compiles");
        let got = re.split(s, n, &mut Fuel::unlimited());
        assert_eq!(got.as_deref(), Ok(out), "{s:?} by {pattern:?}, n={n}");
    }
}

#[test]
fn a_search_stops_when_its_fuel_runs_out() {
    let re = Regex::new("(a|aa)*b").expect("compiles");
    let text = "a".repeat(10_000);
    let mut fuel = Fuel {
        steps: 1_000,
        bytes: u64::MAX,
    };
    assert_eq!(
        re.find(&text, &mut fuel),
        Err(values_migrate_regexp::Exhausted::Steps)
    );
    let mut fuel = Fuel {
        steps: u64::MAX,
        bytes: 10,
    };
    let long = Regex::new("a").expect("compiles");
    assert_eq!(
        long.replace_all(&text, "xx", &mut fuel),
        Err(values_migrate_regexp::Exhausted::Bytes)
    );
    let mut fuel = Fuel::unlimited();
    assert_eq!(re.find(&text, &mut fuel), Ok(None));
    assert!(fuel.steps < u64::MAX - 10_000);
}
