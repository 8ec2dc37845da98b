//! Where go-yaml's escapes in a double-quoted scalar part from YAML 1.2's: go-yaml v2 (Helm's
//! reader) knows `\'` (an apostrophe), which YAML 1.2 and saphyr-parser refuse, and does not
//! know `\/` (a slash), which they read ("found unknown escape character").
//!
//! saphyr is given `\'` as an escaped line break then the apostrophe on a line of its own: the
//! escaped break folds to nothing and the line's leading white space is dropped, so the value
//! is the same, and the builder maps every offset back to the text as written.

use super::error::{YamlError, YamlErrorKind};
use super::node::{Node, NodeKind, ScalarStyle, Stream};

/// How many refusals of one text are read this way before saphyr's refusal stands.
pub(super) const MAX_ESCAPES: usize = 256;

/// saphyr's words for an escape it does not know (said at the scalar's opening quote).
const UNKNOWN: &str = "while parsing a quoted scalar, found unknown escape character";

/// Where line breaks go, after saphyr refused `given` with `info` at byte `at` (the opening
/// quote): right after the backslash of each `\'` of that scalar; `None` when it stands.
pub(super) fn broken(given: &str, info: &str, at: usize) -> Option<Vec<(usize, String)>> {
    let bytes = given.as_bytes();
    if info != UNKNOWN || bytes.get(at) != Some(&b'"') {
        return None;
    }
    let mut out = Vec::new();
    let mut i = at + 1;
    while i < bytes.len() && bytes[i] != b'"' {
        if bytes[i] == b'\\' {
            if bytes.get(i + 1) == Some(&b'\'') {
                out.push((i + 1, "\n".to_string()));
            }
            i += 1;
        }
        i += 1;
    }
    (!out.is_empty()).then_some(out)
}

/// The first `\/` of a double-quoted scalar of `text` (read into `stream`), as the error
/// Helm's reader gives.
pub(crate) fn helm_refusal(text: &str, stream: &Stream) -> Option<YamlError> {
    if !text.contains("\\/") {
        return None;
    }
    let mut stack: Vec<&Node> = stream.documents.iter().map(|d| &d.root).collect();
    let mut first: Option<usize> = None;
    while let Some(node) = stack.pop() {
        match node.kind() {
            NodeKind::Mapping { entries, .. } => {
                stack.extend(entries.iter().flat_map(|e| [&e.key, &e.value]));
            }
            NodeKind::Sequence { items, .. } => stack.extend(items.iter()),
            NodeKind::Scalar {
                style: ScalarStyle::DoubleQuoted,
                ..
            } => {
                let range = node.range();
                if let Some(at) = slash(&text[range.clone()]) {
                    first = Some(first.map_or(range.start + at, |f| f.min(range.start + at)));
                }
            }
            _ => {}
        }
    }
    let at = first?;
    let message = "Helm cannot read this file: found unknown escape character (go-yaml, Helm's YAML reader, knows no `\\/`); write `/`";
    Some(YamlError::new(YamlErrorKind::Syntax, message, at..at + 2))
}

/// The offset of the first `\/` escape in a double-quoted scalar's source.
fn slash(source: &str) -> Option<usize> {
    let bytes = source.as_bytes();
    let mut i = 1;
    while i + 1 < bytes.len() {
        if bytes[i] == b'\\' {
            if bytes[i + 1] == b'/' {
                return Some(i);
            }
            i += 1;
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::{Limits, parse};

    #[test]
    fn an_escaped_apostrophe_becomes_an_escaped_break() {
        let text = "a: \"x\\'y\\\\'\"\n";
        assert_eq!(broken(text, UNKNOWN, 3), Some(vec![(6, "\n".to_string())]));
        assert_eq!(broken("a: \"x\\qy\"\n", UNKNOWN, 3), None);
        assert_eq!(broken(text, "other", 3), None);
    }

    #[test]
    fn an_escaped_slash_is_refused_where_it_is() {
        let text = "a: 'x\\/'\nb: \"p\\\\/q\"\nc: \"u\\/v\"\n";
        let stream = parse(text, &Limits::default()).unwrap();
        let error = helm_refusal(text, &stream).unwrap();
        assert_eq!(error.range(), 25..27);
        let plain = "a: x\\/y\n";
        assert_eq!(
            helm_refusal(plain, &parse(plain, &Limits::default()).unwrap()),
            None
        );
    }
}
