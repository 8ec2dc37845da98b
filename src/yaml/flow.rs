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
        let comma = node
            .properties_range()
            .filter(|_| in_flow)
            .and_then(|p| tag_comma(text, p));
        let found = match node.kind() {
            _ if comma.is_some() => comma.map(|at| (at, TAG_COMMA)),
            NodeKind::Mapping { entries, flow } => {
                let inner = in_flow || flow;
                // A flow mapping's own keys (saphyr refuses a lone pair's key over lines itself).
                let split = flow
                    .then(|| entries.iter().find_map(|e| split_key(bytes, &e.key)))
                    .flatten();
                stack.extend(
                    entries
                        .iter()
                        .flat_map(|e| [(&e.key, inner), (&e.value, inner)]),
                );
                split.map(|at| (at, SPLIT))
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
                } else if bytes[range.start] == b':' {
                    Some((range.start, LEADING_COLON))
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

/// The `,` right after a node's properties (`range`) when a tag is the last of them: go-yaml
/// reads it into the tag (an anchor's name ends there in both readers).
fn tag_comma(text: &str, range: std::ops::Range<usize>) -> Option<usize> {
    let last = text[range.clone()].rsplit([' ', '\t', '\n']).next()?;
    (last.starts_with('!') && text[range.end..].starts_with(',')).then_some(range.end)
}

/// The `:` of an implicit key in a flow collection when it stands on a later line than the key
/// starts: go-yaml takes a key only on one line (its simple key goes stale at a line break), so
/// Helm refuses what YAML 1.2 reads (`{"foo"` then `: bar}`).
fn split_key(bytes: &[u8], key: &Node) -> Option<usize> {
    let range = key.range();
    let before = bytes[..range.start]
        .iter()
        .rposition(|b| !b" \t\r\n".contains(b));
    if range.start == range.end || before.is_some_and(|i| bytes[i] == b'?') {
        return None;
    }
    let mut at = range.end;
    while at < bytes.len() {
        match bytes[at] {
            b' ' | b'\t' | b'\r' | b'\n' => at += 1,
            b'#' => {
                at += bytes[at..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .unwrap_or(bytes.len() - at)
            }
            b':' => break,
            _ => return None,
        }
    }
    (at < bytes.len() && bytes[range.start..at].contains(&b'\n')).then_some(at)
}

/// Whether `text` may hold a flow key whose `:` stands on a later line, or a `:` that starts a
/// flow scalar (a cheap, generous scan: inside an open `{` or `[`, quotes not followed, comments
/// skipped, a line that ends in something other than `{`, `[`, `,` or `:` and is followed by
/// one that does not close the collection, or a `:` starting a token not before white space).
fn flow_may_refuse(text: &str) -> bool {
    let (mut depth, mut last, mut broken) = (0usize, b'\n', false);
    for line in text.split_inclusive('\n') {
        let bytes = line.as_bytes();
        let comment = (0..bytes.len())
            .find(|&i| bytes[i] == b'#' && (i == 0 || bytes[i - 1].is_ascii_whitespace()));
        let end = comment.unwrap_or(bytes.len());
        for (i, &b) in bytes[..end].iter().enumerate() {
            // A `:` that starts a token inside a flow collection, not before white space.
            let starts = i == 0 || b" \t[{,".contains(&bytes[i - 1]);
            let glued = bytes.get(i + 1).is_some_and(|n| !b" \t\r\n,]}".contains(n));
            if depth > 0 && b == b':' && starts && glued {
                return true;
            }
            match b {
                b'{' | b'[' => depth += 1,
                b'}' | b']' => depth = depth.saturating_sub(1),
                b' ' | b'\t' | b'\r' | b'\n' => continue,
                _ => {}
            }
            if broken && !matches!(b, b'}' | b']') {
                return true;
            }
            (broken, last) = (false, b);
        }
        broken = broken || depth > 0 && !matches!(last, b'{' | b'[' | b',' | b':' | b'\n');
    }
    false
}

/// Whether `text` may hold a tag glued to a `,` (a `!` that starts a token holding one).
fn tag_comma_may(text: &str) -> bool {
    let bytes = text.as_bytes();
    text.match_indices('!').any(|(at, _)| {
        let starts = at == 0 || b" \t\n[{,".contains(&bytes[at - 1]);
        let token = bytes[at..].split(|b| b" \t\r\n".contains(b)).next();
        starts && token.is_some_and(|t| t.contains(&b','))
    })
}

/// Whether `text` may hold such a scalar (a cheap scan, [`helm_refusal`] judges on the tree).
pub(crate) fn may_refuse(text: &str) -> bool {
    let bytes = text.as_bytes();
    let glued =
        |(at, _): (usize, &str)| bytes.get(at + 1).is_some_and(|b| !b.is_ascii_whitespace());
    text.contains(['{', '['])
        && (flow_may_refuse(text)
            || tag_comma_may(text)
            || text.match_indices('?').any(glued)
            || [":,", ":]", ":}", ":[", ":{"]
                .iter()
                .any(|p| text.contains(p)))
}

/// Why a `?` that starts a plain scalar in a flow collection is refused.
const QUESTION: &str = "Helm reads this `?` as a key indicator (go-yaml, Helm's YAML reader, takes a `?` that starts a token in a flow collection so); quote the scalar";
/// Why a flow key whose `:` stands on a later line is refused (go-yaml's words first).
const SPLIT: &str = "Helm cannot read this file: did not find expected ',' or '}' (go-yaml, Helm's YAML reader, takes a key in a flow collection only when its `:` stands on the line where the key starts); put the `:` on the key's line";
/// Why a plain scalar that starts with `:` in a flow collection is refused (go-yaml's words).
const LEADING_COLON: &str = "Helm cannot read this file: did not find expected node content (go-yaml, Helm's YAML reader, takes a `:` that starts a token in a flow collection as a value indicator); quote the scalar";
/// Why a tag right before a `,` in a flow collection is refused.
const TAG_COMMA: &str = "Helm reads this `,` as part of the tag before it (go-yaml, Helm's YAML reader, takes a `,` into a tag), so it refuses the file or reads another value; write a space before the `,`";
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
    fn a_split_key_a_leading_colon_or_a_tag_glued_to_a_comma_is_refused_there() {
        let cases: [(&str, Option<usize>); 14] = [
            // A flow key whose `:` stands on a later line than the key starts: at the `:`.
            ("{\"foo\"\n: \"bar\"}\n", Some(7)),
            ("---\n{ \"foo\" # comment\n  :bar }\n", Some(24)),
            ("k: {\n k\n :\n v\n }\n", Some(9)),
            ("a: {b\n c: d}\n", Some(8)),
            ("a: {? b\n : c}\n", None),
            ("a: {b: c,\n d: e}\n", None),
            ("a: {b:\n c}\n", None),
            // A `:` that starts a flow scalar; a `,` right after a tag (not after an anchor).
            ("a: {x: :x}\n", Some(7)),
            ("a: [ :x, b]\n", Some(5)),
            ("a: {x: !!str, y: 1}\n", Some(12)),
            ("a: [!!str, b]\n", Some(9)),
            ("a: {x: !!str }\n", None),
            ("a: [!!str x, b]\n", None),
            ("a: [&x, b]\n", None),
        ];
        for (text, at) in cases {
            assert_eq!(refusal(text), at, "{text:?}");
            assert!(at.is_none() || may_refuse(text), "{text:?}");
        }
        for text in [
            "a: {b: 1}\nc: [d]\n",
            "a: [\n  x,\n  \"y\"\n]\nb: {\n  k: 1,\n  l:\n    2\n}\n",
            "a: [x, \"y:z\", !!str w]\n",
            "a: [x]\nb: :8080\n",
        ] {
            assert!(!may_refuse(text), "{text:?}");
        }
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
