//! Plain scalars in a flow collection that go-yaml (Helm's reader) reads otherwise than YAML 1.2:
//! go-yaml takes a `?` that starts a token there as the key indicator (`{ ?foo: bar }` is the
//! key `foo`, YAML 1.2's `?foo`), and a `:` right after a plain scalar as a value indicator only
//! before white space (`{omitted value:,}` is the key `omitted value:`, YAML 1.2's
//! `omitted value`). Refused under the Helm typing rather than read otherwise.

use super::error::{YamlError, YamlErrorKind};
use super::node::{Node, NodeKind, ScalarStyle, Stream};

/// The first plain scalar of a flow collection of `text` (read into `stream`) that Helm reads
/// otherwise, as a syntax error saying how.
pub(crate) fn helm_refusal(text: &str, stream: &Stream) -> Option<YamlError> {
    let bytes = text.as_bytes();
    let mut stack: Vec<(&Node, bool)> = stream.documents.iter().map(|d| (&d.root, false)).collect();
    let mut first: Option<(usize, &str)> = None;
    while let Some((node, in_flow)) = stack.pop() {
        let range = node.range();
        let found = match node.kind() {
            NodeKind::Mapping { entries, flow } => {
                let inner = in_flow || flow;
                stack.extend(
                    entries
                        .iter()
                        .flat_map(|e| [(&e.key, inner), (&e.value, inner)]),
                );
                None
            }
            NodeKind::Sequence { items, flow } => {
                stack.extend(items.iter().map(|item| (item, in_flow || flow)));
                None
            }
            NodeKind::Scalar {
                style: ScalarStyle::Plain,
                ..
            } if in_flow && range.start < range.end => {
                let after = bytes.get(range.end + 1).copied();
                if bytes[range.start] == b'?' {
                    Some((range.start, QUESTION))
                } else if bytes.get(range.end) == Some(&b':')
                    && matches!(after, Some(b',' | b'[' | b']' | b'{' | b'}'))
                {
                    Some((range.end, COLON))
                } else {
                    None
                }
            }
            _ => None,
        };
        if let Some(found) = found {
            first = Some(first.map_or(found, |f| if found.0 < f.0 { found } else { f }));
        }
    }
    let (at, words) = first?;
    Some(YamlError::new(YamlErrorKind::Syntax, words, at..at + 1))
}

/// Whether `text` may hold such a scalar (a cheap scan, [`helm_refusal`] judges on the tree).
pub(crate) fn may_refuse(text: &str) -> bool {
    let bytes = text.as_bytes();
    let glued =
        |(at, _): (usize, &str)| bytes.get(at + 1).is_some_and(|b| !b.is_ascii_whitespace());
    text.contains(['{', '['])
        && (text.match_indices('?').any(glued)
            || [":,", ":]", ":}", ":[", ":{"]
                .iter()
                .any(|p| text.contains(p)))
}

/// Why a `?` that starts a plain scalar in a flow collection is refused.
const QUESTION: &str = "Helm reads this `?` as a key indicator (go-yaml, Helm's YAML reader, takes a `?` that starts a token in a flow collection so); quote the scalar";
/// Why a `:` right before a flow indicator is refused.
const COLON: &str = "Helm reads this `:` as part of the scalar before it (go-yaml, Helm's YAML reader, takes a `:` in a flow collection as a value indicator only before white space); write a space after the `:`";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::{Limits, parse};

    fn refusal(text: &str) -> Option<usize> {
        let stream = parse(text, &Limits::default()).unwrap();
        helm_refusal(text, &stream).map(|e| e.offset())
    }

    #[test]
    fn flow_scalars_helm_reads_otherwise_are_refused_where_they_part() {
        assert_eq!(refusal("{ ?foo: bar,\nbar: 42\n}\n"), Some(2));
        assert_eq!(refusal("a: [?x]\n"), Some(4));
        assert_eq!(refusal("a: {x:, y: 1}\n"), Some(5));
        assert_eq!(refusal("a: [b:, c]\n"), Some(5));
        assert_eq!(refusal("a: {x: 1, y: ?z}\n"), Some(13));
        assert_eq!(refusal("a: {x:}\n"), Some(5));
    }

    #[test]
    fn flow_scalars_both_read_alike_pass() {
        for text in [
            "a: {x:1}\n",
            "a: {x: , y: 1}\n",
            "a: ?x\n",
            "a: [x:y]\n",
            "a: {\"x\":1}\n",
        ] {
            assert_eq!(refusal(text), None, "{text:?}");
        }
    }
}
