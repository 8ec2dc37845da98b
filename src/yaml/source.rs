//! Scanning the source text around saphyr's positions to find exact node boundaries.
//!
//! saphyr reports where tokens start reliably, but some ends (quoted and block scalars) run
//! past the node, and block collections start at synthetic tokens. These helpers read the
//! bytes themselves; every offset they return is on a character boundary, because they only
//! step over ASCII bytes or whole characters.

/// Whether `b` is a YAML blank (space or tab).
fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// Whether `b` is a YAML line break.
fn is_break(b: u8) -> bool {
    b == b'\n' || b == b'\r'
}

/// Whether `b` is a flow indicator.
fn is_flow_indicator(b: u8) -> bool {
    matches!(b, b',' | b'[' | b']' | b'{' | b'}')
}

/// The offset after white space, line breaks, byte order marks and comments from `from`.
pub(crate) fn skip_separation(text: &str, mut from: usize) -> usize {
    let bytes = text.as_bytes();
    while from < bytes.len() {
        let b = bytes[from];
        if is_blank(b) || is_break(b) {
            from += 1;
        } else if b == b'#' {
            while from < bytes.len() && !is_break(bytes[from]) {
                from += 1;
            }
        } else if text[from..].starts_with('\u{feff}') {
            from += '\u{feff}'.len_utf8();
        } else {
            break;
        }
    }
    from
}

/// The end of the property (`&anchor`, `!tag` or `!<verbatim>`) that starts at `from`.
fn property_end(text: &str, from: usize) -> usize {
    let bytes = text.as_bytes();
    let mut end = from + 1;
    if bytes.get(from) == Some(&b'!') && bytes.get(end) == Some(&b'<') {
        while end < bytes.len() && bytes[end] != b'>' && !is_break(bytes[end]) {
            end += 1;
        }
        return (end + 1).min(bytes.len());
    }
    while end < bytes.len() {
        let b = bytes[end];
        if is_blank(b) || is_break(b) || is_flow_indicator(b) {
            break;
        }
        if b >= 0x80 {
            // Non-ASCII characters are allowed in anchors; step over the whole character.
            let Some(c) = text[end..].chars().next() else {
                break;
            };
            if c == '\u{feff}' {
                break;
            }
            end += c.len_utf8();
        } else {
            end += 1;
        }
    }
    end
}

/// The properties that start at `from`: their end and the anchor name among them.
pub(crate) fn read_properties(text: &str, from: usize, count: usize) -> (usize, Option<String>) {
    let bytes = text.as_bytes();
    let mut at = from;
    let mut end = from;
    let mut anchor = None;
    for n in 0..count {
        if n > 0 {
            at = skip_separation(text, end);
        }
        match bytes.get(at) {
            Some(b'&') => {
                end = property_end(text, at);
                anchor = Some(text[at + 1..end].to_string());
            }
            Some(b'!') => end = property_end(text, at),
            _ => break,
        }
    }
    (end, anchor)
}

/// The end of the quoted scalar whose opening quote is at `start` (just after the closing quote).
pub(crate) fn quoted_end(text: &str, start: usize) -> usize {
    let bytes = text.as_bytes();
    let Some(&quote) = bytes.get(start) else {
        return text.len();
    };
    let mut i = start + 1;
    while i < bytes.len() {
        let b = bytes[i];
        if quote == b'\'' && b == b'\'' {
            if bytes.get(i + 1) == Some(&b'\'') {
                i += 2;
                continue;
            }
            return i + 1;
        }
        if quote == b'"' && b == b'\\' {
            // The escaped byte is ASCII or the lead byte of a character whose continuation
            // bytes can never be a quote or a backslash.
            i += 2;
            continue;
        }
        if quote == b'"' && b == b'"' {
            return i + 1;
        }
        i += 1;
    }
    text.len()
}

/// Whether the indicator byte at `at` stands alone (followed by a blank, a break or the end).
fn is_lone_indicator(bytes: &[u8], at: usize) -> bool {
    matches!(bytes.get(at + 1), None | Some(b' ' | b'\t' | b'\n' | b'\r'))
}

/// The offset of the `|` or `>` of a block scalar, searching forward from `cursor`.
///
/// Between the previous token and the indicator there can only be separation, the
/// indicators `:`, `-` and `?`, and the node's own properties.
pub(crate) fn block_indicator(text: &str, cursor: usize, limit: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = cursor;
    loop {
        at = skip_separation(text, at);
        if at >= limit {
            return None;
        }
        match bytes[at] {
            b'|' | b'>' => return Some(at),
            // A document end marker (and a repeated one) can precede a root block scalar.
            b'.' if text[at..].starts_with("...")
                && (at == 0 || is_break(bytes[at - 1]))
                && is_lone_indicator(bytes, at + 2) =>
            {
                at += 3;
            }
            b':' | b'-' | b'?' if is_lone_indicator(bytes, at) => at += 1,
            b'&' | b'!' => at = property_end(text, at),
            _ => return None,
        }
    }
}

/// The end of a block scalar whose indicator is at `start` and whose saphyr token ends at `token_end`.
pub(crate) fn block_scalar_end(text: &str, start: usize, token_end: usize) -> usize {
    let bytes = text.as_bytes();
    let token_end = token_end.min(bytes.len());
    // The header: the indicator and its chomping and indentation indicators.
    let mut end = start + 1;
    while end < token_end && matches!(bytes[end], b'+' | b'-' | b'0'..=b'9') {
        end += 1;
    }
    // Skip the rest of the header line (blanks and a comment).
    let mut at = end;
    while at < token_end && !is_break(bytes[at]) {
        at += 1;
    }
    // The last later line up to the token's end that holds content ends the scalar, at its
    // line break (found from the token's end: the lines between are the scalar's).
    let later = bytes.get(at..token_end).unwrap_or_default();
    match later.iter().rposition(|&b| !is_blank(b) && !is_break(b)) {
        Some(last) => {
            let rest = &later[last..];
            at + last + rest.iter().position(|&b| is_break(b)).unwrap_or(rest.len())
        }
        None => end,
    }
}

/// The offset just after the closing `closer` of a flow collection, searching from `from`.
///
/// Between the last entry and the bracket there can only be separation and commas.
pub(crate) fn flow_closer_end(text: &str, from: usize, closer: u8) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = from;
    loop {
        at = skip_separation(text, at);
        match bytes.get(at) {
            Some(b',') => at += 1,
            Some(&b) if b == closer => return Some(at + 1),
            _ => return None,
        }
    }
}

/// The offset just after the `-` of the block sequence entry whose saphyr mark is `mark`.
///
/// saphyr places the entry after the `-`, its blanks and any comment on that line; the `-`
/// is the last lone `-` before `mark` on the same line, outside the comment.
pub(crate) fn after_dash_before(text: &str, mark: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mark = mark.min(bytes.len());
    let mut line_start = mark;
    while line_start > 0 && !is_break(bytes[line_start - 1]) {
        line_start -= 1;
    }
    let mut found = None;
    let mut at = line_start;
    while at < mark {
        let b = bytes[at];
        if is_blank(b) {
            at += 1;
            continue;
        }
        if b == b'#' {
            break;
        }
        let word_start = at;
        while at < mark && !is_blank(bytes[at]) {
            at += 1;
        }
        if at == word_start + 1 && b == b'-' {
            found = Some(word_start + 1);
        }
    }
    found
}

/// The offset of the `-` that starts an indentless sequence, if the line of `mark` is `- [# …]`.
pub(crate) fn indentless_dash(text: &str, mark: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mark = mark.min(bytes.len());
    let mut line_start = mark;
    while line_start > 0 && !is_break(bytes[line_start - 1]) {
        line_start -= 1;
    }
    let mut at = line_start;
    while at < mark && bytes[at] == b' ' {
        at += 1;
    }
    if at >= mark || bytes[at] != b'-' || !is_lone_indicator(bytes, at) {
        return None;
    }
    let dash = at;
    at += 1;
    while at < mark && is_blank(bytes[at]) {
        at += 1;
    }
    (at == mark || bytes[at] == b'#').then_some(dash)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_quoted_ends() {
        assert_eq!(quoted_end(r#""a\"b" # c"#, 0), 6);
        assert_eq!(quoted_end("'it''s' x", 0), 7);
        assert_eq!(quoted_end("\"é\\\"\"", 0), 6);
        assert_eq!(quoted_end("\"open", 0), 5);
    }

    #[test]
    fn reads_properties() {
        let text = "&a !!str x";
        assert_eq!(read_properties(text, 0, 2), (8, Some("a".into())));
        let text = "!<tag:x> &é\n  y";
        assert_eq!(read_properties(text, 0, 2), (12, Some("é".into())));
        let text = "[&a, b]";
        assert_eq!(read_properties(text, 1, 1), (3, Some("a".into())));
    }

    #[test]
    fn finds_block_scalar_extent() {
        let text = "k: |-2 # c |\n   a  \n\n   b\n  \nn: 1";
        let start = block_indicator(text, 1, text.len()).unwrap();
        assert_eq!(start, 3);
        let end = block_scalar_end(text, start, text.find("n:").unwrap());
        assert_eq!(&text[start..end], "|-2 # c |\n   a  \n\n   b");
        let text = "k: >\nn: 1";
        assert_eq!(block_scalar_end(text, 3, 5), 4);
    }

    /// The end found from the token's end is the one a walk of every line finds.
    #[test]
    fn a_block_scalars_end_is_its_last_line_with_content() {
        fn walked(bytes: &[u8], start: usize, token_end: usize) -> usize {
            let mut end = start + 1;
            while end < token_end && matches!(bytes[end], b'+' | b'-' | b'0'..=b'9') {
                end += 1;
            }
            let mut at = end;
            while at < token_end && !is_break(bytes[at]) {
                at += 1;
            }
            while at < token_end {
                at += if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                let mut has_content = false;
                while at < token_end && !is_break(bytes[at]) {
                    has_content |= !is_blank(bytes[at]);
                    at += 1;
                }
                if has_content {
                    end = at;
                }
            }
            end
        }
        let pieces = ["|", "-", "2", " ", "\t", "\n", "\r\n", "\r", "a", "#"];
        for round in 0..3000usize {
            let text: String = (0..round % 13)
                .map(|i| pieces[(i * 7 + round / 3 + i * round) % pieces.len()])
                .collect();
            let text = format!("|{text}");
            for token_end in 0..=text.len() {
                let want = walked(text.as_bytes(), 0, token_end);
                assert_eq!(
                    block_scalar_end(&text, 0, token_end),
                    want,
                    "{text:?} {token_end}"
                );
            }
        }
    }

    #[test]
    fn finds_dashes() {
        assert_eq!(after_dash_before("- # c\n", 5), Some(1));
        assert_eq!(after_dash_before("  - - ", 6), Some(5));
        assert_eq!(indentless_dash("k:\n- # c\n", 8), Some(3));
        assert_eq!(indentless_dash("k:\n- - a\n", 5), Some(3));
        assert_eq!(indentless_dash("? - a\n", 2), None);
    }
}
