//! Anchor names as go-yaml reads them: go-yaml v2 (Helm's reader) takes only ASCII letters,
//! digits, `-` and `_` in an anchor's or alias's name, where YAML 1.2 takes any character but
//! white space and flow indicators. `&app.labels`, `&x/y` and `&é` make Helm refuse the file
//! ("did not find expected alphabetic or numeric character"); after `&an` a `:`, `,`, `?`, `%`,
//! `@` or a backquote ends the name, so `&an:chor value` is the anchor `an` on `:chor value`
//! for Helm and the anchor `an:chor` on `value` for YAML 1.2: refused here rather than read
//! otherwise.

use super::error::{YamlError, YamlErrorKind};
use super::node::{Node, NodeKind, Stream};

/// The first anchor or alias of `text` (read into `stream`) whose name go-yaml reads otherwise,
/// as a syntax error in Helm's words at the first character it does not take.
pub(crate) fn helm_refusal(text: &str, stream: &Stream) -> Option<YamlError> {
    let mut stack: Vec<&Node> = stream.documents.iter().map(|d| &d.root).collect();
    let mut first: Option<(usize, usize)> = None;
    while let Some(node) = stack.pop() {
        let mut names = Vec::new();
        if let (Some(range), Some(_)) = (node.properties_range(), node.anchor()) {
            names.extend(text[range.clone()].find('&').map(|i| range.start + i));
        }
        match node.kind() {
            NodeKind::Mapping { entries, .. } => {
                stack.extend(entries.iter().flat_map(|e| [&e.key, &e.value]));
            }
            NodeKind::Sequence { items, .. } => stack.extend(items.iter()),
            NodeKind::Alias(_) => names.push(node.range().start),
            NodeKind::Scalar { .. } => {}
        }
        for at in names {
            if let Some(bad) = outside(&text[at + 1..]) {
                let found = (at, at + 1 + bad);
                first = Some(first.map_or(found, |f| f.min(found)));
            }
        }
    }
    let (indicator, bad) = first?;
    let taken = &text[indicator + 1..bad];
    let c = text[bad..].chars().next().unwrap_or(' ');
    let message = if taken.is_empty() || !"?:,]}%@`".contains(c) {
        "Helm cannot read this file: did not find expected alphabetic or numeric character (go-yaml, Helm's YAML reader, takes only ASCII letters, digits, `-` and `_` in an anchor's name); rename the anchor".to_string()
    } else {
        format!(
            "Helm reads this anchor's name only as far as `{taken}` and the rest as what follows it (go-yaml, Helm's YAML reader, takes only ASCII letters, digits, `-` and `_` in an anchor's name); rename the anchor"
        )
    };
    Some(YamlError::new(
        YamlErrorKind::Syntax,
        message,
        bad..bad + c.len_utf8(),
    ))
}

/// Whether `text` may hold an anchor or alias whose name go-yaml reads otherwise (a cheap scan
/// of every `&` and `*`, which [`helm_refusal`] judges on the located tree).
pub(crate) fn may_refuse(text: &str) -> bool {
    let bytes = text.as_bytes();
    text.match_indices(['&', '*']).any(|(at, _)| {
        let starts_token = at == 0
            || matches!(
                bytes[at - 1],
                b' ' | b'\t' | b'\n' | b'\r' | b'[' | b'{' | b','
            );
        starts_token && !in_comment(text, at) && outside(&text[at + 1..]).is_some()
    })
}

/// Whether byte `at` is inside a comment: after a `#` that starts one on its line with no quote
/// before it (a quote could hold the `#`).
fn in_comment(text: &str, at: usize) -> bool {
    let line = &text[text[..at].rfind('\n').map_or(0, |i| i + 1)..at];
    line.match_indices('#').any(|(hash, _)| {
        (hash == 0 || line.as_bytes()[hash - 1].is_ascii_whitespace())
            && !line[..hash].contains(['"', '\''])
    })
}

/// The offset in `name` (what follows the `&` or `*`) of the first character go-yaml does not
/// take in a name, when one comes before the white space or flow indicator that ends it.
fn outside(name: &str) -> Option<usize> {
    let end = name
        .find(|c: char| c.is_whitespace() || matches!(c, ',' | '[' | ']' | '{' | '}'))
        .unwrap_or(name.len());
    name[..end].find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::{Limits, parse};

    fn refusal(text: &str) -> Option<(usize, bool)> {
        let stream = parse(text, &Limits::default()).unwrap();
        helm_refusal(text, &stream).map(|e| (e.offset(), e.message().contains("alphabetic")))
    }

    #[test]
    fn names_go_yaml_takes_are_read() {
        assert_eq!(refusal("a: &app-labels_1 {x: 1}\nb: *app-labels_1\n"), None);
        assert_eq!(refusal("a: [&x , 1]\nb: &y\n  c: 1\nd: *y\n"), None);
    }

    #[test]
    fn other_names_are_refused_at_the_first_character_go_yaml_does_not_take() {
        assert_eq!(refusal("a: &app.labels {x: 1}\n"), Some((7, true)));
        assert!(may_refuse("a: &app.labels 1\n") && !may_refuse("a: R&D *x \"*.b.c\"\n# *a.b*\n"));
        assert_eq!(refusal("a: &é 1\n"), Some((4, true)));
        assert_eq!(refusal("key: &an:chor value\n"), Some((8, false)));
    }
}
