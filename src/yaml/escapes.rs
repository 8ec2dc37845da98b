//! Where go-yaml's escapes in a double-quoted scalar part from YAML 1.2's: go-yaml v2 (Helm's
//! reader) knows `\'` (an apostrophe), which YAML 1.2 and saphyr-parser refuse, and does not
//! know `\/` (a slash), which they read ("found unknown escape character").
//!
//! The scanner reads `\'` in go-yaml's dialect (`values-migrate-yaml-parser`'s `Dialect::GoYaml`,
//! kept as YAML 1.2's refusal); this file finds the `\/` Helm's reader refuses.

use super::error::{YamlError, YamlErrorKind};
use super::node::{Node, NodeKind, ScalarStyle, Stream};

/// Whether `text` holds a `\/` anywhere: found by its backslashes (a byte search, where a
/// search for the two bytes is a substring search, slow in the wasm), most texts holding none.
pub(crate) fn may_refuse(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(n) = text[from..].find('\\') {
        if bytes.get(from + n + 1) == Some(&b'/') {
            return true;
        }
        from += n + 1;
    }
    false
}

/// The first `\/` of a double-quoted scalar of `text` (read into `stream`), as the error
/// Helm's reader gives.
pub(crate) fn helm_refusal(text: &str, stream: &Stream) -> Option<YamlError> {
    if !may_refuse(text) {
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
