//! The tab characters Helm's reader refuses where YAML 1.2 reads white space: go-yaml v2's
//! scanner (sigs.k8s.io/yaml, Helm's `LoadValues`) eats a tab only inside a line or a flow
//! collection, never where a line's indentation or the next block token is read.
//!
//! Where a line's first character after its spaces is a tab, go-yaml decides by what it is
//! scanning there: after a plain scalar (whose white space it runs on into), a tab left of the
//! scalar's indentation "violates indentation"; in and after a block scalar, a tab left of its
//! content's indentation stands "where an indentation space is expected"; anywhere else in
//! block context (after a key with nothing after its colon, a comment, a quoted or flow value,
//! a `---`, at the start) it is a "character that cannot start any token", as is a tab right
//! after a block `-`, `?` or a complex key's `:`. Each rule was asked of Helm
//! (`tests/helm/probes.py`, group `tabs`).

use super::error::{YamlError, YamlErrorKind};
use super::node::{Node, NodeKind, ScalarStyle, Stream};

/// go-yaml's words for a tab where no token may start.
const NO_TOKEN: &str = "found character that cannot start any token";
/// go-yaml's words for a tab left of a plain scalar's indentation.
const PLAIN: &str = "found a tab character that violates indentation";
/// go-yaml's words for a tab left of a block scalar's indentation.
const BLOCK: &str = "found a tab character where an indentation space is expected";

/// What go-yaml's scanner last read before a line, as far as its tabs are concerned.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Token {
    /// A plain scalar inside a block collection at this column (-1: at the top).
    Plain { parent: i64 },
    /// A block scalar (its header at the range's start) inside a block collection at this column.
    Block { parent: i64 },
    /// A quoted scalar, a flow collection or an alias: no white space of its own after it.
    Closed,
}

/// The first tab of `text` (read into `stream`) that Helm's reader refuses, with go-yaml's words.
pub(crate) fn helm_refusal(text: &str, stream: &Stream) -> Option<YamlError> {
    if !may_refuse(text) {
        return None;
    }
    let tokens = tokens(text, stream);
    let mut block = None;
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let from = if start == 0 && line.starts_with('\u{feff}') {
            3
        } else {
            0
        };
        if let Some(words) = line_refusal(text, &tokens, &mut block, start, start + from) {
            let tab = start + from + line[from..].find('\t').unwrap_or(0);
            let message = format!(
                "Helm cannot read this file: {words} (go-yaml, Helm's YAML reader, takes only spaces here); write spaces instead of the tab"
            );
            return Some(YamlError::new(YamlErrorKind::Syntax, message, tab..tab + 1));
        }
        start += line.len();
    }
    None
}

/// Whether `text` holds a tab go-yaml may refuse: one in the run of spaces, tabs and block
/// indicators (`-`, `?`, `:`) that leads its line, the only place [`helm_refusal`] looks (a tab
/// after anything else on its line, in a comment or a value, is read by both readers).
pub(crate) fn may_refuse(text: &str) -> bool {
    let mut from = 0;
    while let Some(n) = text[from..].find('\t') {
        let tab = from + n;
        let start = text[..tab].rfind('\n').map_or(0, |n| n + 1);
        let lead = &text[start..tab];
        let lead = if start == 0 {
            lead.trim_start_matches('\u{feff}')
        } else {
            lead
        };
        if lead
            .bytes()
            .all(|b| matches!(b, b' ' | b'\t' | b'-' | b'?' | b':'))
        {
            return true;
        }
        // The rest of this line cannot hold a leading tab.
        from = text[tab..].find('\n').map_or(text.len(), |n| tab + n + 1);
    }
    false
}

/// go-yaml's words when it refuses the tab that leads the line at `start`, if it does (lines
/// asked in order: `block` keeps how far the block scalar before them has been read).
fn line_refusal(
    text: &str,
    tokens: &[(usize, usize, Token)],
    block: &mut Option<BlockLines>,
    line: usize,
    start: usize,
) -> Option<&'static str> {
    let rest = &text[start..];
    let spaces = rest.len() - rest.trim_start_matches(' ').len();
    let tab = start + spaces;
    if !rest[spaces..].starts_with('\t') {
        return indicator_tab(text, tokens, start);
    }
    let before = tokens.partition_point(|t| t.0 < tab);
    let Some(&(from, to, token)) = before.checked_sub(1).map(|i| &tokens[i]) else {
        return Some(NO_TOKEN);
    };
    let column = char_column(text, tab);
    match token {
        Token::Closed if tab < to => None,
        Token::Plain { parent } if tab < to || is_blank(&text[to..line]) => {
            (column < parent + 1).then_some(PLAIN)
        }
        Token::Block { parent } => block_refusal(text, block, from, parent, line, column),
        _ => Some(NO_TOKEN),
    }
}

/// A tab among a block `-`, `?` or `:` and the spaces that lead the line at `start`, when no
/// scalar or flow collection holds it.
fn indicator_tab(
    text: &str,
    tokens: &[(usize, usize, Token)],
    start: usize,
) -> Option<&'static str> {
    let bytes = text.as_bytes();
    let mut at = start;
    let mut indicator = false;
    while let Some(&b) = bytes.get(at) {
        match b {
            b' ' => at += 1,
            b'\t' if indicator => break,
            b'-' | b'?' | b':' if matches!(bytes.get(at + 1), Some(b' ' | b'\t')) => {
                indicator = true;
                at += 1;
            }
            _ => return None,
        }
    }
    if at >= bytes.len() {
        return None;
    }
    // The tokens are disjoint and in order: only the last that starts before `at` may hold it.
    let before = tokens.partition_point(|t| t.0 < at);
    let inside = before.checked_sub(1).is_some_and(|i| at < tokens[i].1);
    (!inside).then_some(NO_TOKEN)
}

/// How far the lines after a block scalar's header have been read (each line once, however
/// many tabs lead the lines after it).
struct BlockLines {
    /// Where the header is.
    header: usize,
    /// The start of the first line not read yet.
    at: usize,
    /// The content's indentation, once known.
    indent: Option<i64>,
    /// The most spaces of a white-space line before the indentation is known.
    widest: i64,
    /// Whether a line left of the content's indentation ended the scalar.
    ended: bool,
}

/// go-yaml's words for a tab at `column` of the line at `line`, read in or after the block
/// scalar whose header is at `header` (inside a block collection at column `parent`); `lines`
/// holds how far that scalar's lines were read for an earlier line, and is carried on.
fn block_refusal(
    text: &str,
    lines: &mut Option<BlockLines>,
    header: usize,
    parent: i64,
    line: usize,
    column: i64,
) -> Option<&'static str> {
    let read = match lines.take() {
        Some(read) if read.header == header && read.at <= line => read,
        _ => {
            let after = text[header..]
                .find('\n')
                .map_or(text.len(), |n| header + n + 1);
            let increment = text[header + 1..after]
                .bytes()
                .take_while(|b| !b.is_ascii_whitespace() && *b != b'#')
                .find(u8::is_ascii_digit)
                .map(|d| i64::from(d - b'0'));
            BlockLines {
                header,
                at: after,
                indent: increment.map(|m| if parent >= 0 { parent + m } else { m }),
                widest: 0,
                ended: false,
            }
        }
    };
    let read = lines.insert(read);
    while !read.ended && read.at < line {
        let at = read.at;
        let end = text[at..].find('\n').map_or(text.len(), |n| at + n + 1);
        let body = text[at..end].trim_end_matches(['\n', '\r']);
        let spaces = (body.len() - body.trim_start_matches(' ').len()) as i64;
        let blank = body.trim_start_matches(' ').is_empty();
        match read.indent {
            None if blank => read.widest = read.widest.max(spaces),
            None => read.indent = Some(read.widest.max(spaces).max(parent + 1).max(1)),
            // A line left of the content's indentation ended the scalar before this one.
            Some(i) if !blank && spaces < i => read.ended = true,
            Some(_) => {}
        }
        read.at = end;
    }
    if read.ended {
        return Some(NO_TOKEN);
    }
    match read.indent {
        Some(i) if column >= i => None,
        _ => Some(BLOCK),
    }
}

/// Whether `text` is white space and line breaks only, at least one line break among them.
fn is_blank(text: &str) -> bool {
    text.contains('\n')
        && text
            .bytes()
            .all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
}

/// The character column of byte `at` in its line (0-based).
fn char_column(text: &str, at: usize) -> i64 {
    let start = text[..at].rfind('\n').map_or(0, |n| n + 1);
    text[start..at].chars().count() as i64
}

/// Every scalar, alias and flow collection of `stream` (nothing inside a flow collection) with
/// a non-empty range, by start: `(start, end, token)`.
fn tokens(text: &str, stream: &Stream) -> Vec<(usize, usize, Token)> {
    let mut out = Vec::new();
    let mut stack: Vec<(&Node, i64)> = stream.documents.iter().map(|d| (&d.root, -1)).collect();
    while let Some((node, parent)) = stack.pop() {
        let range = node.range();
        let column = char_column(text, range.start);
        let token = match node.kind() {
            NodeKind::Mapping {
                flow: false,
                entries,
            } => {
                for entry in entries {
                    stack.push((&entry.key, column));
                    stack.push((&entry.value, column));
                }
                continue;
            }
            NodeKind::Sequence { flow: false, items } => {
                stack.extend(items.iter().map(|item| (item, column)));
                continue;
            }
            NodeKind::Scalar { style, .. } => match style {
                ScalarStyle::Plain => Token::Plain { parent },
                ScalarStyle::Literal | ScalarStyle::Folded => Token::Block { parent },
                _ => Token::Closed,
            },
            _ => Token::Closed,
        };
        if range.start < range.end {
            out.push((range.start, range.end, token));
        }
    }
    crate::order::by_key(&mut out, |t| t.0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::{Limits, parse};

    /// go-yaml's words for `text`, or `None` when Helm reads it.
    fn refusal(text: &str) -> Option<&'static str> {
        let Ok(stream) = parse(text, &Limits::default()) else {
            return Some("refused by the YAML 1.2 reader already");
        };
        let error = helm_refusal(text, &stream)?;
        [NO_TOKEN, PLAIN, BLOCK]
            .into_iter()
            .find(|w| error.message().contains(w))
    }

    #[test]
    fn white_space_lines_holding_a_tab_as_helm_reads_them() {
        assert_eq!(refusal(" \t\nb: 2\n"), Some(NO_TOKEN));
        assert_eq!(refusal("a: 1\n \t\nb: 2\n"), None);
        assert_eq!(refusal("a: 1\n\t\nb: 2\n"), Some(PLAIN));
        assert_eq!(refusal("a:\n  b: 1\n   \t\n  c: 2\n"), None);
        assert_eq!(refusal("a:\n  b: 1\n \t\n  c: 2\n"), Some(PLAIN));
        assert_eq!(refusal("a:\n \t\n  b: 2\n"), Some(NO_TOKEN));
        assert_eq!(refusal("# c\n \t\nb: 2\n"), Some(NO_TOKEN));
        assert_eq!(refusal("a: \"x\"\n \t\nb: 2\n"), Some(NO_TOKEN));
        assert_eq!(refusal("a: 1 # c\n \t\nb: 2\n"), Some(NO_TOKEN));
        assert_eq!(refusal("a: [1]\n \t\nb: 2\n"), Some(NO_TOKEN));
        assert_eq!(refusal("---\n\t\na: 1\n"), Some(NO_TOKEN));
        assert_eq!(refusal("a: 1\r\n\t\r\nb: 2\r\n"), Some(PLAIN));
        assert_eq!(refusal("a: 1\nb: 2\n\t\n"), Some(PLAIN));
        assert_eq!(refusal("a: 1\n\t# c\nb: 2\n"), Some(PLAIN));
        assert_eq!(refusal("a: 1\n \t# c\nb: 2\n"), None);
    }

    #[test]
    fn lists_take_their_dash_as_the_indentation() {
        assert_eq!(refusal("a:\n- x\n \t\n- y\n"), None);
        assert_eq!(refusal("a:\n  - x\n \t\n  - y\n"), Some(PLAIN));
        assert_eq!(refusal("a:\n  - x\n   \t\n  - y\n"), None);
        assert_eq!(refusal("a:\n- \tb\n"), Some(NO_TOKEN));
        assert_eq!(refusal("a:\n-\tb\n"), Some(NO_TOKEN));
    }

    #[test]
    fn block_scalars_refuse_a_tab_left_of_their_content() {
        assert_eq!(refusal("a: |\n  x\n\t\nb: 1\n"), Some(BLOCK));
        assert_eq!(refusal("a: |\n  x\n \t\nb: 1\n"), Some(BLOCK));
        assert_eq!(refusal("a:\n  b: |\n    x\n  \t\n  c: 1\n"), Some(BLOCK));
        assert_eq!(refusal("a: |2\n   x\n  \t\nb: 1\n"), None);
        assert_eq!(refusal("a: |\n  x\n  \t\n  y\nb: 1\n"), None);
        assert_eq!(refusal("a: |\n  x\n  \ty\nb: 1\n"), None);
        assert_eq!(refusal("a: |\t# c\n  x\n"), None);
        assert_eq!(refusal("a: >\n  x\n\nb: 1\n\t\n"), Some(PLAIN));
        assert_eq!(refusal("a: |\n  x\n# c\n\t\nb: 1\n"), Some(NO_TOKEN));
    }

    #[test]
    fn tabs_inside_a_line_a_flow_collection_or_a_quoted_scalar_are_read() {
        for text in [
            "a: \tb\n",
            "a: b\t# c\n",
            "a:\t# c\nb: 1\n",
            "a: [1,\n\t2]\n",
            "a: x\n \ty\nb: 1\n",
            "---\t\na: 1\n",
            "a: 1\t\n",
            "a: b\tc\n",
            "a\tb: c\n",
        ] {
            assert_eq!(refusal(text), None, "{text:?}");
        }
        assert_eq!(refusal("\ta: 1\n"), Some(NO_TOKEN));
    }

    #[test]
    fn only_a_tab_in_a_line_s_lead_may_be_refused() {
        for text in [
            "a: 1 # a\tcomment\n",
            "a:\tb\n",
            "a: \"x\ty\"\n",
            "\u{feff}a: b\tc\n",
        ] {
            assert!(!may_refuse(text), "{text:?}");
        }
        for text in [
            "\ta: 1\n",
            "a:\n- \tb\n",
            "a: |\n  x\n\t\n",
            "\u{feff}\ta: 1\n",
            "a: 1\r\n\t\r\n",
        ] {
            assert!(may_refuse(text), "{text:?}");
        }
    }

    #[test]
    fn tabs_after_a_key_s_colon_are_read() {
        for text in [
            "a:\tb\n",
            "a:\t\tb\n",
            "- a:\tb\n",
            "\"a\":\t1 # c\n",
            "a: \"x\n\ty\"\n",
        ] {
            assert_eq!(refusal(text), None, "{text:?}");
        }
    }
}
