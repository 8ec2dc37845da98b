//! The tabs saphyr-parser 0.3.4 refuses where go-yaml (Helm's reader) reads them as white
//! space: right after a mapping's `:` (`a:\tb`, `- a:\tb`, `"a":\t\tb`), and leading a
//! continuation line of a quoted scalar (`a: "x` then `\ty"`).
//!
//! A tab there separates tokens, or is white space a quoted scalar's line folding drops, so a
//! space in its place reads the same values: the text saphyr is given next has the tabs from
//! the refusal's position made spaces, every offset unchanged, and the tree is built over the
//! text as written (docs/typing.md, "A tab after a colon or leading a quoted line").

/// How many refusals of one text are read this way before saphyr's refusal stands (each one
/// reparses the text).
pub(super) const MAX_SPACED: usize = 1024;

/// saphyr's words for a tab right after a mapping's `:`.
const AFTER_COLON: &str = "':' must be followed by a valid YAML whitespace";
/// saphyr's words for a tab leading a quoted scalar's continuation line.
const QUOTED_LINE: &str = "tab cannot be used as indentation";

/// The text saphyr is given after it refused `given` with `info` at byte `at`: the run of
/// tabs and spaces holding the tab made spaces (after a colon saphyr points past the run, at
/// the next token), when `info` is one of the two refusals above; `None` when it stands. The
/// flag says the tab is one only Helm's reader reads: leading a quoted line, or after a complex
/// key's `:` at the start of a line (which go-yaml refuses in words of its own, tabs.rs).
pub(super) fn spaced(given: &str, info: &str, at: usize) -> Option<(String, bool)> {
    let bytes = given.as_bytes();
    let blank = |b: &u8| *b == b'\t' || *b == b' ';
    let start = match info {
        AFTER_COLON => at - bytes[..at].iter().rev().take_while(|b| blank(b)).count(),
        QUOTED_LINE => at,
        _ => return None,
    };
    let end = start + bytes[start..].iter().take_while(|b| blank(b)).count();
    let after_colon = info == AFTER_COLON && given[..start].ends_with(':');
    if !bytes[start..end].contains(&b'\t') || (info == AFTER_COLON && !after_colon) {
        return None;
    }
    let helm_only = info == QUOTED_LINE || !after_key(given, start);
    let mut out = bytes.to_vec();
    out[start..end].fill(b' ');
    String::from_utf8(out).ok().map(|text| (text, helm_only))
}

/// Whether the `:` that ends at `at` follows a key on its line: after a complex key's `:` at
/// the start of a line a tab may not separate (YAML 1.2, yaml-test-suite Y79Y; go-yaml refuses
/// it too, tabs.rs).
fn after_key(given: &str, at: usize) -> bool {
    let line = given[..at].rfind('\n').map_or(0, |i| i + 1);
    given
        .get(line..at.saturating_sub(1))
        .is_some_and(|key| !key.trim_start_matches(' ').is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tabs_after_a_colon_become_spaces() {
        assert_eq!(
            spaced("a:\t\t b\n", AFTER_COLON, 5),
            Some(("a:   b\n".to_string(), false))
        );
        assert_eq!(
            spaced("? a\n:\tb\n", AFTER_COLON, 6),
            Some(("? a\n: b\n".to_string(), true))
        );
    }

    #[test]
    fn a_tab_leading_a_quoted_line_becomes_a_space() {
        assert_eq!(
            spaced("a: \"x\n\ty\"\n", QUOTED_LINE, 6),
            Some(("a: \"x\n y\"\n".to_string(), true))
        );
    }

    #[test]
    fn other_refusals_and_other_characters_stand() {
        assert_eq!(spaced("a:\tb\n", "invalid indentation", 2), None);
        assert_eq!(spaced("a:b\n", AFTER_COLON, 2), None);
        assert_eq!(spaced("a: \"x\n y\"\n", QUOTED_LINE, 6), None);
    }
}
