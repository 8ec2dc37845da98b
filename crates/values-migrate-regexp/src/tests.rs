//! Go's regexp as Helm 4.2.3 (Go 1.26.6) answers: each case was asked of Helm itself
//! (tests/helm/probes.py asks the same kind of questions in the helm-differential layer).

use super::Regex;

/// Whether `pattern` matches `text`, or Go's refusal.
fn run(pattern: &str, text: &str) -> Result<bool, String> {
    Regex::new(pattern).map(|re| re.is_match(text))
}

#[test]
fn matches_as_go_does() {
    let cases: &[(&str, &str, bool)] = &[
        (r"^\p{L}+$", "héllo", true),
        (r"^\p{L}+$", "h1", false),
        (r"^\pL+$", "ab", true),
        (r"^\P{L}+$", "123", true),
        (r"^\p{^L}+$", "a", false),
        (r"^[[:alpha:]]+$", "abc", true),
        (r"^[[:alpha:]]+$", "é", false),
        (r"^[[:^alpha:]]+$", "1é", true),
        (r"^\s$", "\u{a0}", false),
        (r"^\s$", "\t", true),
        (r"^\s$", "\u{b}", false),
        (r"^[[:space:]]$", "\u{b}", true),
        (r"^\d$", "٣", false),
        (r"^\w+$", "é", false),
        (r"a{,3}", "a{,3}", true),
        (r"^a{01}$", "a{01}", true),
        (r"^[a-z]{2,3}$", "abc", true),
        (r"^[a-z]{2,3}$", "abcd", false),
        (r"^\Qa.b\E$", "a.b", true),
        (r"^\Qa.b\E$", "axb", false),
        (r"^\Qa.b", "a.b", true),
        (r"^\101$", "A", true),
        (r"^\0$", "\0", true),
        (r"^\x41\x{1F600}$", "A😀", true),
        (r"^x\z", "x", true),
        (r"^x$", "x\n", false),
        (r"(?m)^x$", "a\nx\nb", true),
        (r"^x$", "a\nx\nb", false),
        (r"^a.b$", "a\nb", false),
        (r"(?s)^a.b$", "a\nb", true),
        (r"^[^a]$", "\n", true),
        (r"^[a&&b]$", "&", true),
        (r"^[[]$", "[", true),
        (r"^[]a]+$", "]a", true),
        (r"^[a-]+$", "-a", true),
        (r"(?i)^abc$", "ABC", true),
        (r"(?i)^k$", "\u{212A}", true),
        (r"(?i)^\w$", "\u{17F}", true),
        (r"(?i)^[^k]$", "K", false),
        (r"(?i)^\P{Lu}$", "a", false),
        (r"(?i:a)b", "Ab", true),
        (r"(?i:a)b", "AB", false),
        (r"a(?i)b|c", "C", true),
        (r"(a(?i)b)c", "aBC", false),
        (r"(?i)(?-i)a", "A", false),
        (r"^\p{Greek}$", "α", true),
        (r"^\p{greek}$", "α", true),
        (r"^\p{Letter}$", "a", true),
        (r"^\p{Uppercase-Letter}$", "A", true),
        (r"^\p{ L }$", "a", true),
        (r"^\p{LC}$", "a", true),
        (r"(?i)^\p{LC}$", "\u{345}", false),
        (r"(?i)^\p{Cased_Letter}$", "\u{345}", false),
        (r"(?i)^\p{L}$", "\u{345}", true),
        (r"^\p{Any}$", "x", true),
        (r"^\p{Assigned}$", "\u{378}", false),
        (r"^\pC$", "\u{378}", true),
        (r"^\p{Cn}$", "\u{378}", true),
        (r"^\p{Lu}$", "\u{1C89}", false),
        (r"^\p{Kawi}$", "\u{11F00}", true),
        (r"(?i)^\p{ascii}$", "\u{212A}", true),
        (r"^\p{Common}$", "1", true),
        (r"^\p{Letter}$", "a", true),
        (r"^a*?$", "aa", true),
        (r"^a{2}?$", "aa", true),
        (r"^(|a)$", "", true),
        (r"^$", "", true),
        (r"\bé", "x é", false),
        (r"\Bé", "x é", true),
        (r"\bfoo\b", "a foo.", true),
        (r"\bfoo\b", "afoo", false),
        (r"^(a*)*$", "aaa", true),
        (r"^(a|ab)(c|bcd)(d*)$", "abcd", true),
        (r"(a{10}){100}", "a", false),
        (r"(?P<n>a)(?P<n>b)", "ab", true),
        (r"(?<x>a)", "a", true),
        (r"^*", "x", true),
        (r"x(?i)*", "xxx", true),
        (r"(?)a", "a", true),
        (r"^\Q\E*$", "", true),
        (r"^[\d-z]+$", "1-z", true),
        (r"^\.$", ".", true),
        (r"^\_$", "_", true),
    ];
    for (pattern, text, expected) in cases {
        assert_eq!(run(pattern, text), Ok(*expected), "{pattern} on {text:?}");
    }
}

#[test]
fn refuses_as_go_does() {
    let cases: &[(&str, &str)] = &[
        ("(?=x)", "invalid or unsupported Perl syntax: `(?=`"),
        ("(?!x)", "invalid or unsupported Perl syntax: `(?!`"),
        ("(?<=x)a", "invalid named capture: `(?<=x)a`"),
        ("(?<n!>a)", "invalid named capture: `(?<n!>`"),
        ("(?P=n)", "invalid or unsupported Perl syntax: `(?P`"),
        (r"(a)\1", "invalid escape sequence: `\\1`"),
        (r"\8", "invalid escape sequence: `\\8`"),
        (r"\u0041", "invalid escape sequence: `\\u`"),
        (r"x\Z", "invalid escape sequence: `\\Z`"),
        (r"\C", "invalid escape sequence: `\\C`"),
        (r"[\b]", "invalid escape sequence: `\\b`"),
        (r"\k<x>", "invalid escape sequence: `\\k`"),
        (r"\x{110000}", "invalid escape sequence: `\\x{110000`"),
        (r"\x{}", "invalid escape sequence: `\\x{}`"),
        (r"\xZ1", "invalid escape sequence: `\\xZ1`"),
        (r"\x4", "invalid escape sequence: `\\x4`"),
        ("a\\", "trailing backslash at end of expression: ``"),
        ("a{1001}", "invalid repeat count: `{1001}`"),
        ("a{2,1}", "invalid repeat count: `{2,1}`"),
        ("(a{100}){100}", "invalid repeat count: `{100}`"),
        ("(?x)a", "invalid or unsupported Perl syntax: `(?x`"),
        ("(?i", "invalid or unsupported Perl syntax: `(?i`"),
        ("(?-)", "invalid or unsupported Perl syntax: `(?-)`"),
        ("(?i-)", "invalid or unsupported Perl syntax: `(?i-)`"),
        ("(?i--s)", "invalid or unsupported Perl syntax: `(?i--`"),
        ("a*+", "invalid nested repetition operator: `*+`"),
        ("a{2}*", "invalid nested repetition operator: `{2}*`"),
        ("a**", "invalid nested repetition operator: `**`"),
        ("a*??", "invalid nested repetition operator: `*??`"),
        ("*", "missing argument to repetition operator: `*`"),
        ("a|*", "missing argument to repetition operator: `*`"),
        ("(*)", "missing argument to repetition operator: `*`"),
        ("(?i)+?", "missing argument to repetition operator: `+?`"),
        ("(a", "missing closing ): `(a`"),
        ("a)", "unexpected ): `a)`"),
        ("[a", "missing closing ]: `[a`"),
        ("[z-a]", "invalid character class range: `z-a`"),
        ("[[:foo:]]", "invalid character class range: `[:foo:]`"),
        ("[[:d:]]", "invalid character class range: `[:d:]`"),
        (
            r"\p{Old_Italic}",
            "invalid character class range: `\\p{Old_Italic}`",
        ),
        (r"\p{Latn}", "invalid character class range: `\\p{Latn}`"),
        (
            r"\p{Script=Greek}",
            "invalid character class range: `\\p{Script=Greek}`",
        ),
        (r"\p{Garay}", "invalid character class range: `\\p{Garay}`"),
        (r"\p{Zzzz}", "invalid character class range: `\\p{Zzzz}`"),
        (r"\p{L", "invalid character class range: `\\p{L`"),
        (r"\pX", "invalid character class range: `\\pX`"),
        (r"a\p", "invalid character class range: `\\p`"),
    ];
    for (pattern, reason) in cases {
        assert_eq!(
            run(pattern, "")
                .map_err(|e| e.trim_start_matches("error parsing regexp: ").to_string()),
            Err(reason.to_string()),
            "{pattern}"
        );
    }
}

#[test]
fn stays_linear_on_patterns_that_make_backtrackers_explode() {
    let text = "a".repeat(5000);
    assert!(!run("^(a+)+$", &(text.clone() + "!")).unwrap_or(true));
    assert!(run("(a|aa)*b|a", &text).unwrap_or(false));
    // Submatches too: the Pike VM moves each thread once per position, whatever the nesting.
    let re = Regex::new("^((a+)+)$").unwrap_or_else(|e| panic!("{e}"));
    let fuel = &mut crate::Fuel::unlimited();
    assert_eq!(re.find_submatch(&(text.clone() + "!"), fuel), Ok(None));
    let spent = u64::MAX - fuel.steps;
    assert!(spent < 200 * 5_000, "{spent} steps for 5,000 code points");
    let all = Regex::new("(a|aa)*?a").unwrap_or_else(|e| panic!("{e}"));
    let found = all.find_all(&text, -1, &mut crate::Fuel::unlimited());
    assert_eq!(found.map(|m| m.len()), Ok(5_000));
}

#[test]
fn refuses_trees_deeper_than_go_allows() {
    let deep = "(".repeat(1001) + &")".repeat(1001);
    assert_eq!(
        run(&deep, ""),
        Err(format!(
            "error parsing regexp: expression nests too deeply: `{deep}`"
        ))
    );
    let flat = "(?:".repeat(5000) + "a" + &")".repeat(5000);
    assert_eq!(run(&flat, "a"), Ok(true));
}
