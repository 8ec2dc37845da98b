//! Helm's document splitter: `LoadValues` cuts a values file into documents at every line that
//! starts with `---` (k8s.io/apimachinery's `YAMLReader`, before go-yaml reads any of them) and
//! refuses such a line when anything but white space or a comment follows the dashes
//! (`--- {}`, `---x: 1`, `----`), wherever the line stands, inside a scalar too. go-yaml then
//! reads each piece as a stream of its own, and refuses one whose first token is a `...`
//! ("did not find expected node content"), which YAML 1.2 reads as an empty stream, and one
//! that starts with a directive (left with no document by the cut at the `---` after it). It reads
//! only a piece's first document: a document after a `...` with no `---` of its own is ignored
//! by Helm and read by YAML 1.2, so it is refused here, naming why (a refusal, never another
//! value).

use super::error::{YamlError, YamlErrorKind};

/// The first line of `text` Helm's splitter refuses, or the `...` that starts a piece of it, as
/// a syntax error in Helm's words; or the first content after a piece's `...`, which Helm ignores.
pub(crate) fn helm_refusal(text: &str) -> Option<YamlError> {
    // Each refusal is at or after a line that starts with `---`, `...` or `%`: a text without
    // one is read line by line no further.
    let first = text.trim_start_matches('\u{feff}');
    if !first.starts_with(['-', '.', '%']) && !a_line_may_refuse(text) {
        return None;
    }
    let mut start = 0;
    let mut piece_begun = false;
    let mut piece_ended = false;
    for line in text.split_inclusive('\n') {
        let body = if start == 0 {
            line.trim_start_matches('\u{feff}')
        } else {
            line
        };
        let at = start + line.len() - body.len();
        if let Some(rest) = body.strip_prefix("---") {
            let trimmed = rest.trim();
            if !trimmed.is_empty() && !trimmed.starts_with('#') {
                let message = format!(
                    "Helm cannot read this file: invalid Yaml document separator: {trimmed} (Helm splits a values file into documents at every line that starts with `---`, and takes only a comment after the dashes)"
                );
                return Some(YamlError::new(YamlErrorKind::Syntax, message, at..at + 3));
            }
            piece_begun = false;
            piece_ended = false;
        } else if !piece_begun && is_end_marker(body) {
            let message = "Helm cannot read this file: did not find expected node content (go-yaml, Helm's YAML reader, takes no `...` before a document's content; remove the `...` line)";
            return Some(YamlError::new(YamlErrorKind::Syntax, message, at..at + 3));
        } else if piece_begun && is_end_marker(body) {
            piece_ended = true;
        } else if piece_ended && is_ignored_content(body) {
            let content = at + body.len() - body.trim_start_matches([' ', '\t']).len();
            let message = "Helm ignores this document: go-yaml, Helm's YAML reader, reads only the first document between two `---` lines, and this one follows a `...` with no `---` of its own (Helm reads the values before the `...` alone); start it with a `---` line, or remove it";
            return Some(YamlError::new(
                YamlErrorKind::Syntax,
                message,
                content..content + 1,
            ));
        } else if !piece_begun && body.starts_with('%') {
            return Some(directive(body, at));
        } else if !piece_begun {
            let content = body.trim_start_matches([' ', '\t']);
            piece_begun = !(content.trim_end().is_empty() || content.starts_with('#'));
        }
        start += line.len();
    }
    None
}

/// Whether a line after the first starts with `---`, `...` or `%`: one pass, eight bytes at a
/// time, looking closer only where a line break is followed by `-`, `.` or `%` (three substring
/// searches cost three passes, and slow ones in the wasm).
pub(super) fn a_line_may_refuse(text: &str) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let bytes = text.as_bytes();
    // Whether the line starting at byte `at` (after a `\n`) is one of those.
    let refusable = |at: usize| {
        let line = bytes.get(at..).unwrap_or_default();
        line.starts_with(b"---") || line.starts_with(b"...") || line.starts_with(b"%")
    };
    let opens_line = |at: usize| at > 0 && bytes[at - 1] == b'\n' && refusable(at);
    let mut words = bytes.chunks_exact(8);
    let (mut at, mut carry) = (0, 0);
    for word in &mut words {
        let word = u64::from_le_bytes(word.try_into().unwrap_or_default());
        let breaks = zero_bytes(word ^ (ONES * u64::from(b'\n')));
        let opens = zero_bytes(word ^ (ONES * u64::from(b'-')))
            | zero_bytes(word ^ (ONES * u64::from(b'.')))
            | zero_bytes(word ^ (ONES * u64::from(b'%')));
        // Each break's bit moved onto the byte after it (the last byte's, into the next word).
        if ((breaks << 8) | carry) & opens != 0 && (at..at + 8).any(opens_line) {
            return true;
        }
        carry = breaks >> 56;
        at += 8;
    }
    (at..bytes.len()).any(opens_line)
}

/// The high bit of each byte of `word` that is zero, and no other bit.
fn zero_bytes(word: u64) -> u64 {
    const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    !(((word & LOW) + LOW) | word | LOW)
}

/// Helm's refusal of a directive that starts a piece: the splitter cuts the text at the `---`
/// after it, so go-yaml reads the directive with no document (or does not know its name).
fn directive(line: &str, at: usize) -> YamlError {
    let after = |name| {
        line.strip_prefix(name)
            .filter(|r| r.starts_with([' ', '\t']))
    };
    let version = after("%YAML").map(|r| r.split_whitespace().next() == Some("1.1"));
    let message = if version == Some(false) {
        "Helm cannot read this file: found incompatible YAML document (go-yaml, Helm's YAML reader, takes only `%YAML 1.1`); remove the directive"
    } else if version.is_some() || after("%TAG").is_some() {
        "Helm cannot read this file: did not find expected <document start> (Helm splits a values file into documents at every line that starts with `---`, so go-yaml, Helm's YAML reader, reads this directive with no document after it); remove the directive"
    } else {
        "Helm cannot read this file: found unknown directive name (go-yaml, Helm's YAML reader, knows only `%YAML` and `%TAG`); remove the directive"
    };
    YamlError::new(YamlErrorKind::Syntax, message, at..at + 1)
}

/// Whether `line`, after a piece's `...`, holds a document Helm ignores (not white space, a
/// comment, nor a directive, which only the next `---` would use).
fn is_ignored_content(line: &str) -> bool {
    let content = line.trim_start_matches([' ', '\t']).trim_end();
    !(content.is_empty() || content.starts_with('#') || line.starts_with('%'))
}

/// Whether `line` is a document end marker (`...` then white space, a comment or its end).
fn is_end_marker(line: &str) -> bool {
    line.strip_prefix("...")
        .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t', '\r', '\n']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_that_may_refuse_is_found_at_every_position_of_a_word() {
        let naive = |text: &str| ["\n---", "\n...", "\n%"].iter().any(|l| text.contains(l));
        for at in 0..20 {
            for line in ["---", "...", "%YAML", "--", "..", "-x", "a", "\r\n---"] {
                for after in ["", "\n", "\nk: v\n"] {
                    let text = format!("{}\n{line}{after}", "k".repeat(at));
                    assert_eq!(a_line_may_refuse(&text), naive(&text), "{text:?}");
                }
            }
        }
    }

    #[test]
    fn a_separator_line_holds_only_white_space_or_a_comment() {
        for text in [
            "a: 1\n---   \nb: 2\n",
            "a: 1\n---\t# c\n",
            "---#c\n",
            "---\r\nb: 2\n",
            " ---x: 1\n",
        ] {
            assert_eq!(helm_refusal(text), None, "{text:?}");
        }
        let error = helm_refusal("a: 1\n--- {}\n").unwrap();
        assert_eq!(error.range(), 5..8);
        assert!(
            error
                .message()
                .contains("invalid Yaml document separator: {}")
        );
        for text in [
            "a: 1\n----\n",
            "---x: 1\n",
            "a: \"x\n---\"\n",
            "--- !!set\n",
        ] {
            assert!(helm_refusal(text).is_some(), "{text:?}");
        }
    }

    #[test]
    fn a_piece_may_not_start_with_a_document_end() {
        for text in [
            "...\n",
            "# c\n...\na: 1\n",
            "a: 1\n---\n...\n",
            "\u{feff}...\n",
            "a: 1\n---\n\n  # c\n... # d\n",
        ] {
            let error = helm_refusal(text).unwrap_or_else(|| panic!("{text:?}"));
            assert_eq!(&text[error.range()], "...");
        }
        for text in [
            "a: 1\n...\n",
            "a: 1\n...\n# c\n\n...\n",
            "a: 1\n...\n%YAML 1.2\n---\nb: 2\n",
            "---\na: 1\n...\n...\n",
            "a: 1\n...\n---\nb: 2\n",
            "a: \"...\"\n",
            "a: |\n  x\n...y\n",
        ] {
            assert_eq!(helm_refusal(text), None, "{text:?}");
        }
    }

    #[test]
    fn a_document_after_a_pieces_end_is_refused_as_helm_ignores_it() {
        for (text, at) in [
            ("a: 1\n...\nb: 2\n", "b: 2"),
            ("a: 1\n... # x\n  b: 2\n---\nc: 3\n", "b: 2"),
            ("---\na: 1\n...\n# c\n- x\n", "- x"),
        ] {
            let error = helm_refusal(text).unwrap_or_else(|| panic!("{text:?}"));
            assert!(text[error.offset()..].starts_with(at), "{text:?}");
            assert!(error.message().contains("Helm ignores this document"));
        }
    }

    #[test]
    fn a_directive_is_refused_as_helm_refuses_it() {
        for (text, words) in [
            ("%YAML 1.2\n---\na: 1\n", "found incompatible YAML document"),
            ("%YAML 1.1\n---\na: 1\n", "expected <document start>"),
            (
                "%TAG ! tag:x,2000:\n---\na: 1\n",
                "expected <document start>",
            ),
            ("a: 1\n---\n%YAML  1.1\n---\n", "expected <document start>"),
            ("%YAMLL 1.1\n---\n", "unknown directive name"),
        ] {
            let error = helm_refusal(text).unwrap_or_else(|| panic!("{text:?}"));
            assert!(text[error.offset()..].starts_with('%'), "{text:?}");
            assert!(error.message().contains(words), "{text:?}");
        }
    }
}
