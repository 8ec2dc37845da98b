//! A flow collection closed left of the block indentation that holds it: the one shape
//! saphyr-parser 0.3.4 refuses that Helm's reader (go-yaml), PyYAML and npm `yaml` read.
//!
//! saphyr keeps a block indentation while it scans a flow collection, and a token left of it
//! is "invalid indentation" — but only where a nested collection (or nothing) came before the
//! closing bracket: `c: {\n  "a": 1\n}` is read, `c: {\n  "a": {\n  }\n}` (fulcio's
//! `config.contents`) is refused. Inside a flow collection a line break between tokens is a
//! separation like a space, so the text saphyr is given next has the line breaks before such a
//! bracket made spaces: the same characters at the same offsets, the same values
//! (docs/typing.md, `flow-closed-at-key-column`).

/// How many closing brackets of one text are read this way before saphyr's refusal stands.
pub(super) const MAX_JOINED: usize = 64;

/// saphyr's words for a token left of the block indentation; it says them only inside a flow
/// collection (in block context the indentation is unrolled to the token's column first).
const LEFT_OF_INDENTATION: &str = "invalid indentation";

/// The text saphyr is given after it refused `given` with `info` at byte `at`: the line breaks
/// between the closing bracket there and the last line before it that holds anything made
/// spaces, when the bracket is the first thing on its line and that line holds no `#` (a
/// comment would swallow the bracket); `None` when the refusal stands.
pub(super) fn joined(given: &str, info: &str, at: usize) -> Option<String> {
    let bytes = given.as_bytes();
    if info != LEFT_OF_INDENTATION || !matches!(bytes.get(at), Some(b'}' | b']')) {
        return None;
    }
    let line_start = given[..at].rfind('\n')? + 1;
    if !given[line_start..at]
        .bytes()
        .all(|b| b == b' ' || b == b'\t')
    {
        return None;
    }
    // Back over white-space lines to the end of the last line that holds anything.
    let mut end = line_start - 1;
    loop {
        let start = given[..end].rfind('\n').map_or(0, |i| i + 1);
        let line = given[start..end].trim_end_matches('\r');
        if !line.trim_matches([' ', '\t']).is_empty() {
            if line.contains('#') {
                return None;
            }
            end = start + line.len();
            break;
        }
        if start == 0 {
            return None;
        }
        end = start - 1;
    }
    let mut out = given.as_bytes().to_vec();
    for b in &mut out[end..line_start] {
        if matches!(*b, b'\n' | b'\r') {
            *b = b' ';
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, needle: &str) -> usize {
        text.rfind(needle).expect("the needle is in the text")
    }

    #[test]
    fn a_closer_at_its_key_column_joins_the_line_before() {
        let text = "c: {\n  \"a\": {\n  }\n}\nd: 1\n";
        let got = joined(text, LEFT_OF_INDENTATION, at(text, "}\nd")).unwrap();
        assert_eq!(got, "c: {\n  \"a\": {\n  } }\nd: 1\n");
        assert_eq!(got.len(), text.len());
    }

    #[test]
    fn white_space_lines_and_crlf_between_are_joined_too() {
        let text = "c: [\r\n  [1]\r\n  \r\n]\r\n";
        let got = joined(text, LEFT_OF_INDENTATION, at(text, "]\r\n")).unwrap();
        assert_eq!(got, "c: [\r\n  [1]      ]\r\n");
    }

    #[test]
    fn a_comment_before_or_content_on_the_line_leaves_the_refusal() {
        let comment = "c: {\n  \"a\": {} # note\n}\n";
        assert_eq!(
            joined(comment, LEFT_OF_INDENTATION, at(comment, "}\n")),
            None
        );
        let content = "c: {\n\"a\": 1}\n";
        assert_eq!(joined(content, LEFT_OF_INDENTATION, 5), None);
        let other = "c: {\n  \"a\": {\n  }\n}\n";
        assert_eq!(
            joined(other, "did not find expected key", at(other, "}\n")),
            None
        );
    }
}
