//! Comparing only the edited region of a text with the original's located tree: the bytes before
//! the first edit are the original's, and so are those after the last one, shifted; when the
//! region runs from one root key at column 0 to another (where the parser holds nothing but the
//! root mapping) and nothing in it can change how the rest reads (no anchor, alias, merge key,
//! document marker or directive), the region alone is parsed and compared with the original's
//! entries there. Anything else is compared whole ([`super::located`]).

use std::ops::Range;

use values_migrate_yaml_parser::Seen;

use super::super::build::first_unprintable;
use super::super::limits::Limits;
use super::super::node::{Entry, Node, NodeKind};
use super::super::separator;
use super::super::typing::Typing;
use super::located::{self, Unchanged};
use crate::path::Segment;

/// The part of an edited text parsed alone: its bytes, and the original root entries they hold.
#[derive(Debug, PartialEq, Eq)]
struct Region {
    /// The bytes of the edited text, from a root key at column 0 to the next one or the end.
    bytes: Range<usize>,
    /// The original root mapping's entries the bytes hold.
    entries: Range<usize>,
}

/// [`located::matches_located_seen`] for `text`, an edit of `original` (the text `expected`'s
/// stream was parsed from): the edited region alone when that is provably the same answer, the
/// whole text otherwise.
pub(crate) fn matches_edited_seen(
    original: &str,
    text: &str,
    typing: Typing,
    limits: &Limits,
    expected: &Unchanged<'_>,
) -> Option<Seen> {
    match region(original, text, typing, expected) {
        Some(region) => matches_region(text, typing, limits, expected, region),
        None => located::matches_located_seen(text, typing, limits, expected),
    }
}

/// The region of `text` compared alone; the whole text when its walk does not match (a
/// difference, or something the regional walk does not take), so that the answer is the whole
/// walk's.
fn matches_region(
    text: &str,
    typing: Typing,
    limits: &Limits,
    expected: &Unchanged<'_>,
    region: Region,
) -> Option<Seen> {
    let alone = expected
        .stream
        .seen
        .zip(read_alone(text, typing, limits, expected, region));
    match alone {
        // What the scanner met is the region's and, outside it, the original's.
        Some((outside, seen)) => Some(Seen {
            flow_suspect: seen.flow_suspect || outside.flow_suspect,
            odd_anchor: seen.odd_anchor || outside.odd_anchor,
        }),
        None => located::matches_located_seen(text, typing, limits, expected),
    }
}

/// The region's events compared with the original's entries there, when it holds no document
/// marker, directive or unprintable character (the rest is the original's bytes, which were
/// read): what the scanner met in it, or `None`.
fn read_alone(
    text: &str,
    typing: Typing,
    limits: &Limits,
    expected: &Unchanged<'_>,
    region: Region,
) -> Option<Seen> {
    let part = &text[region.bytes];
    let simple = text.len() <= limits.max_input_bytes
        && first_unprintable(part).is_none()
        && !part.starts_with(['-', '.', '%', '\u{feff}'])
        && !separator::a_line_may_refuse(part);
    simple
        .then(|| located::walk(part, typing, limits, expected, Some(region.entries)))
        .flatten()
}

/// The region of `text` that differs from `original`, widened to the root keys at column 0
/// around it, when the original is one document whose root is a block mapping holding the
/// prefix's first key once, with no merge key, and no anchor in the value the prefix replaces.
fn region(original: &str, text: &str, typing: Typing, expected: &Unchanged<'_>) -> Option<Region> {
    let [document] = expected.stream.documents.as_slice() else {
        return None;
    };
    let Some(Segment::Key(first)) = expected.prefix.first() else {
        return None;
    };
    let root = &document.root;
    let NodeKind::Mapping {
        entries,
        flow: false,
    } = root.kind()
    else {
        return None;
    };
    // Under YAML 1.2, an original that only go-yaml reads would not read the same outside.
    let refused = expected.stream.refused_by(typing).is_some();
    if expected.document != 0 || root.properties().is_some() || refused {
        return None;
    }
    let on_prefix = prefix_entry(entries, first, typing)?;
    if anchored(&entries[on_prefix].value) {
        return None;
    }
    let changed = changed(original, text)?;
    let shift = |at: usize| at + text.len() - original.len();
    // The last entry whose key's first byte is before the first change: at it, the text before
    // ends as the original's did (a byte at column 0 that is no white space ends every scalar
    // but a quoted one or a flow collection, which the original's parse had none of there).
    let from = entries
        .partition_point(|entry| entry.key.range().start < changed.start)
        .checked_sub(1)?;
    // The first entry whose key is after the last change (the end of the text when none).
    let to = entries.partition_point(|entry| entry.key.range().start < changed.end);
    let start = at_column_0(original, entries.get(from)?)?;
    let end = match entries.get(to) {
        Some(entry) => shift(at_column_0(original, entry)?),
        None => text.len(),
    };
    let bytes = start..end;
    let whole = start == 0 && end == text.len();
    let line_start = |at: usize| at == 0 || text.as_bytes().get(at - 1) == Some(&b'\n');
    (!whole && (from..to).contains(&on_prefix) && line_start(end)).then_some(Region {
        bytes,
        entries: from..to,
    })
}

/// The index of the root entry whose key is `first`, when it is the only one, every key is a
/// scalar, and none is a merge key.
fn prefix_entry(entries: &[Entry], first: &str, typing: Typing) -> Option<usize> {
    let mut found = None;
    for (at, entry) in entries.iter().enumerate() {
        if entry.is_merge_key() {
            return None;
        }
        if *entry.key.key_str(typing)? == *first && found.replace(at).is_some() {
            return None;
        }
    }
    found
}

/// Whether a node of the tree under `node` (it included) defines an anchor.
fn anchored(node: &Node) -> bool {
    let mut stack = vec![node];
    while let Some(node) = stack.pop() {
        if node.anchor().is_some() {
            return true;
        }
        if let Some(entries) = node.entries() {
            stack.extend(entries.iter().flat_map(|entry| [&entry.key, &entry.value]));
        } else if let Some(items) = node.items() {
            stack.extend(items.iter());
        }
    }
    false
}

/// Where `entry`'s key starts, when that is at column 0 with no anchor or tag before it.
fn at_column_0(original: &str, entry: &Entry) -> Option<usize> {
    let start = entry.key.range().start;
    let first = start == 0 || original.as_bytes().get(start - 1) == Some(&b'\n');
    (first && entry.key.properties().is_none()).then_some(start)
}

/// The bytes of `original` that `text` does not keep: after their common head and before their
/// common tail (`None` when the texts are the same).
fn changed(original: &str, text: &str) -> Option<Range<usize>> {
    let (a, b) = (original.as_bytes(), text.as_bytes());
    let head = common_head(a, b);
    let tail = common_tail(&a[head..], &b[head..]);
    let end = a.len() - tail;
    (head < end || b.len() - tail > head).then_some(head..end)
}

/// How many bytes `a` and `b` share from their start: 64 at a time (a `memcmp` each), then
/// byte by byte.
fn common_head(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let mut at = 0;
    while at + 64 <= n && a[at..at + 64] == b[at..at + 64] {
        at += 64;
    }
    at + (a[at..n].iter().zip(&b[at..n]))
        .take_while(|(x, y)| x == y)
        .count()
}

/// How many bytes `a` and `b` share at their end, read as [`common_head`] reads.
fn common_tail(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let (a, b) = (&a[a.len() - n..], &b[b.len() - n..]);
    let mut at = n;
    while at >= 64 && a[at - 64..at] == b[at - 64..at] {
        at -= 64;
    }
    n - at
        + (a[..at].iter().rev().zip(b[..at].iter().rev()))
            .take_while(|(x, y)| x == y)
            .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::ValuePath;
    use serde_json::{Value, json};

    const ORIGINAL: &str = "a: 1\nb:\n  x: 1\n  w: 2\nc: 3\n";

    /// The region taken for `edited` (`None`: the whole text), and the answers of the regional
    /// verify (which falls back to the whole walk) and of the whole walk alone, which must agree.
    fn verified(
        original: &str,
        edited: &str,
        prefix: &str,
        replacement: &Value,
    ) -> (Option<Range<usize>>, Option<Seen>) {
        let stream = crate::yaml::parse(original, &Limits::default()).unwrap();
        let prefix = ValuePath::parse(prefix).unwrap();
        let unchanged = Unchanged {
            stream: &stream,
            document: 0,
            prefix: prefix.segments(),
            replacement,
            expanded: 0,
        };
        let (typing, limits) = (Typing::Helm, Limits::default());
        let taken = region(original, edited, typing, &unchanged).and_then(|region| {
            let bytes = region.bytes.clone();
            read_alone(edited, typing, &limits, &unchanged, region).map(|_| bytes)
        });
        let regional = matches_edited_seen(original, edited, typing, &limits, &unchanged);
        let whole = located::matches_located_seen(edited, typing, &limits, &unchanged);
        assert_eq!(regional, whole, "{edited:?}");
        (taken, regional)
    }

    #[test]
    fn an_edit_inside_one_root_entry_is_read_from_that_key_to_the_next() {
        let edited = "a: 1\nb:\n  x: 1\nc: 3\n";
        let (taken, seen) = verified(ORIGINAL, edited, "b", &json!({"x": 1}));
        assert_eq!(taken, Some(5..15));
        assert!(seen.is_some());
        // The last entrw: to the end of the text; CRLF alike.
        let (taken, seen) = verified("a: 1\r\nb: 2\r\n", "a: 1\r\nb: 3\r\n", "b", &json!(3));
        assert_eq!((taken, seen.is_some()), (Some(6..12), true));
        let original = "a: 1\r\nb:\r\n  x: 2\r\nc: 3\r\n";
        let edited = "a: 1\r\nb:\r\n  x: 3\r\nc: 3\r\n";
        let (taken, seen) = verified(original, edited, "b", &json!({"x": 3}));
        assert_eq!((taken, seen.is_some()), (Some(6..18), true));
        // A wrong value in the region is refused, as the whole walk refuses it.
        let (_, seen) = verified(ORIGINAL, edited, "b", &json!({"x": 2}));
        assert!(seen.is_none());
    }

    #[test]
    fn anchors_and_aliases_in_the_region_are_read_whole() {
        // The replaced value defines an anchor an alias after the region copies.
        let original = "a: 1\nb:\n  x: &x 1\nc: *x\n";
        let (taken, seen) = verified(
            original,
            "a: 1\nb:\n  x: &x 5\nc: *x\n",
            "b",
            &json!({"x": 5}),
        );
        assert_eq!((taken, seen), (None, None));
        // A new anchor in the region takes the name of one an alias after it copies.
        let original = "a: &x 1\nb:\n  w: 2\nc: *x\n";
        let (taken, seen) = verified(
            original,
            "a: &x 1\nb:\n  w: &x 2\nc: *x\n",
            "b",
            &json!({"w": 2}),
        );
        assert_eq!((taken, seen), (None, None));
        // An alias in the region to an anchor before it: read whole (and decoded in full there).
        let (taken, _) = verified(
            original,
            "a: &x 1\nb:\n  w: *x\nc: *x\n",
            "b",
            &json!({"w": 1}),
        );
        assert_eq!(taken, None);
    }

    #[test]
    fn a_root_key_written_in_the_region_is_never_a_new_one() {
        let edited = "a: 1\nb:\n  x: 1\na: 5\nc: 3\n";
        let (taken, seen) = verified(ORIGINAL, edited, "b", &json!({"x": 1}));
        assert_eq!((taken, seen), (None, None));
        // The key the prefix goes through written twice in the original: read whole.
        let original = "b: 0\na: 1\nb:\n  w: 2\n";
        let (taken, _) = verified(original, "b: 0\na: 1\nb:\n  w: 3\n", "b", &json!({"w": 3}));
        assert_eq!(taken, None);
    }

    #[test]
    fn a_merge_key_at_the_root_sends_the_text_whole() {
        let original = "a: 1\n<<: {c: 4}\nb:\n  w: 2\nc: 3\n";
        let edited = "a: 1\n<<: {c: 4}\nb:\n  w: 5\nc: 3\n";
        assert_eq!(verified(original, edited, "b", &json!({"w": 5})).0, None);
    }

    #[test]
    fn a_document_marker_or_directive_in_the_region_is_read_whole() {
        // `...` would end the region's one document where the whole text goes on to a second.
        let edited = "a: 1\nb:\n  x: 1\n  w: 2\n...\nc: 3\n";
        let (taken, seen) = verified(ORIGINAL, edited, "b", &json!({"x": 1, "w": 2}));
        assert_eq!((taken, seen), (None, None));
        // Its events alone would match: the marker is what sends it whole.
        let stream = crate::yaml::parse(ORIGINAL, &Limits::default()).unwrap();
        let prefix = [Segment::Key("b".into())];
        let unchanged = Unchanged {
            stream: &stream,
            document: 0,
            prefix: &prefix,
            replacement: &json!({"x": 1, "w": 2}),
            expanded: 0,
        };
        let (typing, limits) = (Typing::Helm, Limits::default());
        let alone = located::walk(&edited[5..26], typing, &limits, &unchanged, Some(1..2));
        assert!(alone.is_some());
        let edited = "a: 1\nb:\n  x: 1\n  w: 2\n---\nc: 3\n";
        assert_eq!(
            verified(ORIGINAL, edited, "b", &json!({"x": 1, "w": 2})).1,
            None
        );
        let edited = "a: 1\nb:\n  x: 1\n%YAML 1.1\nc: 3\n";
        assert_eq!(verified(ORIGINAL, edited, "b", &json!({"x": 1})).1, None);
        // Two documents in the original: read whole.
        let original = "a: 1\nb: 2\n---\nc: 3\n";
        let (taken, seen) = verified(original, "a: 1\nb: 5\n---\nc: 3\n", "b", &json!(5));
        assert_eq!((taken, seen.is_some()), (None, true));
    }

    #[test]
    fn a_flow_collection_or_quoted_scalar_left_open_is_read_whole() {
        // Closed only after the region: the whole text reads the keys after it into the value.
        let original = "a: 1\nb:\n  w: 2\nc: 3\nd: x]\n";
        let (taken, seen) = verified(original, "a: 1\nb: [2,\nc: 3\nd: x]\n", "b", &json!([2]));
        assert_eq!((taken, seen), (None, None));
        let original = "a: 1\nb:\n  w: 2\nc: 3\nd: x\"\n";
        let edited = "a: 1\nb: \"y\nc: 3\nd: x\"\n";
        let (taken, seen) = verified(original, edited, "b", &json!("w"));
        assert_eq!((taken, seen), (None, None));
    }

    #[test]
    fn a_block_scalar_or_a_tab_ends_in_the_region_as_in_the_whole_text() {
        let edited = "a: 1\nb: |\n  x: 1\nc: 3\n";
        let (taken, seen) = verified(ORIGINAL, edited, "b", &json!("x: 1\n"));
        assert_eq!((taken, seen.is_some()), (Some(5..17), true));
        let edited = "a: 1\nb: |+\n  x: 1\n\n\nc: 3\n";
        assert!(
            verified(ORIGINAL, edited, "b", &json!("x: 1\n\n\n"))
                .1
                .is_some()
        );
        let edited = "a: 1\nb:\n\tx: 1\nc: 3\n";
        assert_eq!(verified(ORIGINAL, edited, "b", &json!({"x": 1})).1, None);
    }

    #[test]
    fn what_the_scanner_met_outside_the_region_is_the_originals() {
        let original = "a: {k: [x, ?y]}\nb:\n  w: 2\n";
        let (taken, seen) = verified(
            original,
            "a: {k: [x, ?y]}\nb:\n  w: 3\n",
            "b",
            &json!({"w": 3}),
        );
        assert!(taken.is_some());
        assert!(seen.is_some_and(|seen| seen.flow_suspect));
    }

    #[test]
    fn the_changed_bytes_are_those_between_the_common_head_and_tail() {
        let texts = ["", "a", "ab", "abc", "abcabc", "xbc", "abx"];
        let long = "k: v\n".repeat(40);
        let mut all: Vec<String> = texts.iter().map(|t| t.to_string()).collect();
        all.extend(texts.iter().map(|t| format!("{long}{t}{long}")));
        for a in &all {
            for b in &all {
                let head = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
                let rest = |t: &str| {
                    t.as_bytes()[head..]
                        .iter()
                        .rev()
                        .copied()
                        .collect::<Vec<_>>()
                };
                let (ra, rb) = (rest(a), rest(b));
                let tail = ra.iter().zip(&rb).take_while(|(x, y)| x == y).count();
                let want = (a != b).then(|| head..a.len() - tail);
                assert_eq!(changed(a, b), want, "{a:?} {b:?}");
            }
        }
    }
}
