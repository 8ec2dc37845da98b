//! A quoted scalar's continuation line left of the block indentation that holds it
//! (`a:\n  b: "x` then `y"`, ` y"` or `\ty"`): saphyr-parser 0.3.4 refuses it, as YAML 1.2
//! does ("invalid indentation in quoted scalar"); go-yaml (Helm's reader) checks no indentation
//! inside a quoted scalar and reads it.
//!
//! A quoted scalar's line folding drops the white space that leads a continuation line, so the
//! same line with spaces put before it reads the same value: the text saphyr is given next has
//! as many spaces as the opening quote's column inserted at the start of each such line, and the
//! builder maps every offset back to the text as written (docs/typing.md, "A quoted line left of
//! its indentation").

/// How many refusals of one text are read this way before saphyr's refusal stands (each one
/// reparses the text).
pub(super) const MAX_INDENTED: usize = 256;

/// saphyr's words for a quoted scalar's line left of the block indentation (said at the quote).
const LEFT_OF_INDENTATION: &str = "invalid indentation in quoted scalar";

/// Where spaces go, after saphyr refused `given` with `info` at byte `at` (the opening quote):
/// `(byte, spaces)` for each continuation line of that scalar that starts left of the quote's
/// column (a line of white space only, and a document marker as Helm reads one, excepted), in
/// order; `None` when the refusal stands.
pub(super) fn indented(given: &str, info: &str, at: usize) -> Option<Vec<(usize, String)>> {
    let bytes = given.as_bytes();
    let quote = *bytes.get(at).filter(|b| matches!(b, b'"' | b'\''))?;
    if info != LEFT_OF_INDENTATION {
        return None;
    }
    let line_start = given[..at].rfind('\n').map_or(0, |i| i + 1);
    let column = given[line_start..at].chars().count();
    let end = closing(bytes, at, quote);
    let mut out = Vec::new();
    for (i, _) in given[at..end].match_indices('\n') {
        let start = at + i + 1;
        let rest = &given[start..end.min(given.len())];
        let blanks = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        let first = rest.as_bytes().get(blanks);
        if matches!(first, None | Some(b'\n' | b'\r')) || is_marker(rest) {
            continue;
        }
        if given[start..start + blanks].chars().count() < column {
            out.push((start, " ".repeat(column)));
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The byte just past the closing quote of the scalar whose opening `quote` is at `at` (the
/// text's end when it has none).
fn closing(bytes: &[u8], at: usize, quote: u8) -> usize {
    let mut i = at + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if quote == b'"' => i += 2,
            b'\'' if quote == b'\'' && bytes.get(i + 1) == Some(&b'\'') => i += 2,
            b if b == quote => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// Whether `line` starts with what Helm reads as a document marker: `---` (Helm's splitter
/// takes any line that starts so, and refuses one followed by anything but a comment) or `...`
/// then white space or its end (go-yaml's "unexpected document indicator").
fn is_marker(line: &str) -> bool {
    line.starts_with("---")
        || (line.starts_with("...")
            && matches!(
                line.as_bytes().get(3),
                None | Some(b' ' | b'\t' | b'\n' | b'\r')
            ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_line_left_of_the_quote_is_indented_to_its_column() {
        let text = "a:\n  b: \"x\ny\n\n \tz\n         w\"\n";
        let at = text.find('"').unwrap();
        assert_eq!(
            indented(text, LEFT_OF_INDENTATION, at),
            Some(vec![(11, "     ".into()), (14, "     ".into())])
        );
    }

    #[test]
    fn escapes_end_the_scalar_where_yaml_does() {
        assert_eq!(closing(b"\"a\\\"b\" c", 0, b'"'), 6);
        assert_eq!(closing(b"'a''b' c", 0, b'\''), 6);
        assert_eq!(closing(b"'a", 0, b'\''), 2);
    }

    #[test]
    fn other_refusals_and_markers_stand() {
        assert_eq!(
            indented("a:\n  b: \"x\ny\"\n", "invalid indentation", 8),
            None
        );
        assert_eq!(indented("a:\n  b: x\ny\n", LEFT_OF_INDENTATION, 8), None);
        assert_eq!(
            indented("a:\n  b: \"x\n--- y\"\n", LEFT_OF_INDENTATION, 8),
            None
        );
        assert_eq!(
            indented("a:\n  b: \"x\n---\"\n", LEFT_OF_INDENTATION, 8),
            None
        );
        assert_eq!(
            indented("a:\n  b: \"x\n...\"\n", LEFT_OF_INDENTATION, 8),
            Some(vec![(11, "     ".into())])
        );
    }
}
