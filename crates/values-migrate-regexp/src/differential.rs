//! Ours against the `regex` crate (a dev-dependency, leftmost-first like Go) given Go's syntax
//! by `go_regex.rs`: random patterns from Go's tokens, compiled by both, matched against random
//! texts by both — whether they match, where, and each group's span.

use super::Regex;
use crate::go_regex;

/// The pieces patterns are made of: what both read the same way (not `\C`, `(?)` or names the
/// `regex` crate knows and Go 1.26 refuses, which go_regex.rs lets through; tests.rs has them).
const TOKENS: &[&str] = &[
    "a",
    "b",
    "c",
    "A",
    "K",
    "k",
    "s",
    "S",
    "é",
    "É",
    "σ",
    "Σ",
    "ς",
    "1",
    "-",
    " ",
    "\\.",
    ".",
    "[a-c]",
    "[^a]",
    "[[:alpha:]]",
    "[[:^digit:]]",
    "[\\d]",
    "[\\w-]",
    "[^\\s]",
    "[a-]",
    "[]a]",
    "\\d",
    "\\w",
    "\\s",
    "\\W",
    "\\D",
    "\\S",
    "\\pL",
    "\\p{Greek}",
    "\\PL",
    "\\p{Lu}",
    "\\p{^Ll}",
    "^",
    "$",
    "\\b",
    "\\B",
    "\\A",
    "\\z",
    "(",
    "(",
    "(?:",
    "(?i)",
    "(?i:",
    "(?m)",
    "(?s)",
    "(?-i)",
    "(?U)",
    "(?P<n>",
    ")",
    ")",
    "|",
    "*",
    "+",
    "?",
    "{2}",
    "{1,3}",
    "{2,}",
    "*?",
    "+?",
    "{0}",
    "\\x41",
    "\\x{3A3}",
    "\\101",
    "\\Qa.\\E",
    "\\n",
    "\\t",
    "\\k",
    "\\1",
    "{",
    "}",
    "{,1}",
];

/// The code points texts are made of.
const ALPHABET: &[char] = &[
    'a', 'b', 'c', 'A', 'B', 'K', 'k', '\u{212A}', 's', 'S', '\u{17F}', 'é', 'É', 'σ', 'Σ', 'ς',
    '1', '-', ' ', '.', '\n', '\t', '_', '\u{a0}', '😀', 'A', 'Ω',
];

/// Whether `pattern` holds what go_regex.rs hands the `regex` crate unchanged where Go reads it
/// otherwise (checked against Helm in tests.rs): a repetition right after a flag group, which Go
/// applies to the item before the group (`x(?i)*`), and the empty flag group `(?)`.
fn known_to_differ(pattern: &str) -> bool {
    pattern.contains("(?)")
        || ["(?i)", "(?m)", "(?s)", "(?-i)", "(?U)"]
            .iter()
            .any(|flags| {
                pattern
                    .split(flags)
                    .skip(1)
                    .any(|after| after.starts_with(['*', '+', '?', '{']))
            })
}

/// A small deterministic generator (xorshift64*).
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

#[test]
fn agrees_with_the_regex_crate_on_random_patterns_and_texts() {
    let mut random = Random(0x9E37_79B9_7F4A_7C15);
    let (mut compiled, mut refused, mut matched, mut texts) = (0, 0, 0, 0);
    for _ in 0..8_000 {
        let pattern: String = (0..1 + random.below(8))
            .map(|_| TOKENS[random.below(TOKENS.len())])
            .collect();
        if known_to_differ(&pattern) {
            continue;
        }
        let ours = Regex::new(&pattern);
        let theirs = go_regex::compile(&pattern);
        let reasons = (
            ours.as_ref().err(),
            theirs.as_ref().err().map(|e| e.to_string()),
        );
        assert_eq!(ours.is_ok(), theirs.is_ok(), "{pattern}: {reasons:?}");
        let (Ok(ours), Ok(theirs)) = (ours, theirs) else {
            refused += 1;
            continue;
        };
        compiled += 1;
        for _ in 0..12 {
            let text: String = (0..random.below(7))
                .map(|_| ALPHABET[random.below(ALPHABET.len())])
                .collect();
            let expected = theirs.is_match(&text);
            assert_eq!(ours.is_match(&text), expected, "{pattern} on {text:?}");
            let fuel = &mut crate::Fuel::unlimited();
            let found = ours.find(&text, fuel).ok().flatten();
            assert_eq!(
                found,
                theirs.find(&text).map(|m| m.range()),
                "{pattern} on {text:?}"
            );
            let groups = ours.find_submatch(&text, fuel).ok().flatten();
            let their_groups = theirs
                .captures(&text)
                .map(|c| c.iter().map(|g| g.map(|m| m.range())).collect::<Vec<_>>());
            assert_eq!(groups, their_groups, "{pattern} on {text:?}");
            matched += usize::from(expected);
            texts += 1;
        }
    }
    // The mix stays meaningful: both outcomes of both questions are common.
    assert!(
        compiled > 2_000 && refused > 800,
        "{compiled} compiled, {refused} refused"
    );
    eprintln!(
        "{compiled} patterns compiled, {refused} refused by both; {texts} texts, {matched} matched"
    );
    assert!(
        matched > texts / 10 && matched < texts * 9 / 10,
        "{matched} of {texts} matched"
    );
}
