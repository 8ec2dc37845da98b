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
use crate::diff::{same_head, same_tail};
use crate::path::Segment;

/// The part of an edited text parsed alone: its bytes, and the original root entries they hold.
#[derive(Debug, PartialEq, Eq)]
struct Region {
    /// The bytes of the edited text, from a root key at column 0 to the next one or the end.
    bytes: Range<usize>,
    /// The original root mapping's entries the bytes hold.
    entries: Range<usize>,
}

/// What reading an edited text met: what the scanner met, and the bytes read alone when the
/// rest is provably the original's, read as it was (`None`: the whole text was read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EditRead {
    pub seen: Seen,
    pub fresh: Option<Range<usize>>,
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
) -> Option<EditRead> {
    let alone = region(original, text, typing, expected).and_then(|region| {
        let bytes = region.bytes.clone();
        read_alone(text, typing, limits, expected, region).map(|seen| (seen, bytes))
    });
    match alone.zip(expected.stream.seen) {
        // What the scanner met is the region's and, outside it, the original's.
        Some(((seen, bytes), outside)) => Some(EditRead {
            seen: Seen {
                flow_suspect: seen.flow_suspect || outside.flow_suspect,
                odd_anchor: seen.odd_anchor || outside.odd_anchor,
            },
            fresh: Some(bytes),
        }),
        // A difference, or something the regional walk does not take: the whole walk's answer.
        None => located::matches_located_seen(text, typing, limits, expected)
            .map(|seen| EditRead { seen, fresh: None }),
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
/// common tail (`diff::same_head` and `same_tail`); `None` when the texts are the same.
fn changed(original: &str, text: &str) -> Option<Range<usize>> {
    let (a, b) = (original.as_bytes(), text.as_bytes());
    let head = same_head(a, b);
    let tail = same_tail(&a[head..], &b[head..]);
    let end = a.len() - tail;
    (head < end || b.len() - tail > head).then_some(head..end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::ValuePath;
    use crate::yaml::Stream;
    use serde_json::{Value, json};

    const ORIGINAL: &str = "a: 1\nb:\n  x: 1\n  w: 2\nc: 3\n";

    /// What a text edited at `prefix` must hold.
    fn unchanged<'e>(
        stream: &'e Stream,
        prefix: &'e [Segment],
        replacement: &'e Value,
    ) -> Unchanged<'e> {
        Unchanged {
            stream,
            document: 0,
            prefix,
            replacement,
            expanded: 0,
        }
    }

    /// The bytes read alone for `edited` (`None`: the whole text), and the answer of the regional
    /// verify (which falls back to the whole walk), which must be the whole walk's.
    fn verified(original: &str, edited: &str, replacement: &Value) -> (Option<Range<usize>>, bool) {
        let stream = crate::yaml::parse(original, &Limits::default()).unwrap();
        let prefix = ValuePath::parse("b").unwrap();
        let unchanged = unchanged(&stream, prefix.segments(), replacement);
        let (typing, limits) = (Typing::Helm, Limits::default());
        let taken = region(original, edited, typing, &unchanged).and_then(|region| {
            let bytes = region.bytes.clone();
            read_alone(edited, typing, &limits, &unchanged, region).map(|_| bytes)
        });
        let regional = matches_edited_seen(original, edited, typing, &limits, &unchanged);
        let whole = located::matches_located_seen(edited, typing, &limits, &unchanged);
        assert_eq!(regional.as_ref().map(|read| read.seen), whole, "{edited:?}");
        let fresh = regional.as_ref().and_then(|read| read.fresh.clone());
        assert_eq!(fresh, taken, "{edited:?}");
        (taken, regional.is_some())
    }

    /// The original, the edited text, the value asked for at `b`, the bytes read alone, and
    /// whether the edit is taken.
    type Case<'a> = (&'a str, &'a str, Value, Option<Range<usize>>, bool);

    /// Each case (the original, the edited text, the value asked for at `b`) read as expected:
    /// the bytes read alone, and whether the edit is taken.
    fn check(cases: &[Case<'_>]) {
        for (original, edited, replacement, alone, taken) in cases {
            let got = verified(original, edited, replacement);
            assert_eq!(got, (alone.clone(), *taken), "{edited:?}");
        }
    }

    #[test]
    fn an_edit_inside_one_root_entry_is_read_from_that_key_to_the_next() {
        let edited = "a: 1\nb:\n  x: 1\nc: 3\n";
        let crlf = "a: 1\r\nb:\r\n  x: 2\r\nc: 3\r\n";
        check(&[
            (ORIGINAL, edited, json!({"x": 1}), Some(5..15), true),
            // The last entry: to the end of the text; CRLF alike.
            (
                "a: 1\r\nb: 2\r\n",
                "a: 1\r\nb: 3\r\n",
                json!(3),
                Some(6..12),
                true,
            ),
            (
                crlf,
                &crlf.replace("x: 2", "x: 3"),
                json!({"x": 3}),
                Some(6..18),
                true,
            ),
            // A wrong value in the region is refused, as the whole walk refuses it.
            (ORIGINAL, edited, json!({"x": 2}), None, false),
        ]);
    }

    #[test]
    fn anchors_and_aliases_in_the_region_are_read_whole() {
        let shared = "a: &x 1\nb:\n  w: 2\nc: *x\n";
        check(&[
            // The replaced value defines an anchor an alias after the region copies.
            (
                "a: 1\nb:\n  x: &x 1\nc: *x\n",
                "a: 1\nb:\n  x: &x 5\nc: *x\n",
                json!({"x": 5}),
                None,
                false,
            ),
            // A new anchor in the region takes the name of one an alias after it copies.
            (
                shared,
                "a: &x 1\nb:\n  w: &x 2\nc: *x\n",
                json!({"w": 2}),
                None,
                false,
            ),
        ]);
        // An alias in the region to an anchor before it: read whole (and decoded in full there).
        let alias = verified(shared, "a: &x 1\nb:\n  w: *x\nc: *x\n", &json!({"w": 1}));
        assert_eq!(alias.0, None);
    }

    #[test]
    fn a_root_key_written_in_the_region_is_never_a_new_one() {
        let twice = "b: 0\na: 1\nb:\n  w: 2\n";
        check(&[(
            ORIGINAL,
            "a: 1\nb:\n  x: 1\na: 5\nc: 3\n",
            json!({"x": 1}),
            None,
            false,
        )]);
        // The key the prefix goes through written twice in the original: read whole.
        let repeated = verified(twice, &twice.replace("w: 2", "w: 3"), &json!({"w": 3}));
        assert_eq!(repeated.0, None);
    }

    #[test]
    fn a_merge_key_at_the_root_sends_the_text_whole() {
        let original = "a: 1\n<<: {c: 4}\nb:\n  w: 2\nc: 3\n";
        let merged = verified(
            original,
            &original.replace("w: 2", "w: 5"),
            &json!({"w": 5}),
        );
        assert_eq!(merged.0, None);
    }

    #[test]
    fn a_document_marker_or_directive_in_the_region_is_read_whole() {
        // `...` would end the region's one document where the whole text goes on to a second.
        let ended = "a: 1\nb:\n  x: 1\n  w: 2\n...\nc: 3\n";
        let both = json!({"x": 1, "w": 2});
        check(&[
            (ORIGINAL, ended, both.clone(), None, false),
            (
                ORIGINAL,
                &ended.replace("...", "---"),
                both.clone(),
                None,
                false,
            ),
            (
                ORIGINAL,
                "a: 1\nb:\n  x: 1\n%YAML 1.1\nc: 3\n",
                json!({"x": 1}),
                None,
                false,
            ),
            // Two documents in the original: read whole.
            (
                "a: 1\nb: 2\n---\nc: 3\n",
                "a: 1\nb: 5\n---\nc: 3\n",
                json!(5),
                None,
                true,
            ),
        ]);
        // Its events alone would match: the marker is what sends it whole.
        let stream = crate::yaml::parse(ORIGINAL, &Limits::default()).unwrap();
        let prefix = [Segment::Key("b".into())];
        let unchanged = unchanged(&stream, &prefix, &both);
        let (typing, limits) = (Typing::Helm, Limits::default());
        let alone = located::walk(&ended[5..26], typing, &limits, &unchanged, Some(1..2));
        assert!(alone.is_some());
    }

    #[test]
    fn a_flow_collection_or_quoted_scalar_left_open_is_read_whole() {
        // Closed only after the region: the whole text reads the keys after it into the value.
        check(&[
            (
                "a: 1\nb:\n  w: 2\nc: 3\nd: x]\n",
                "a: 1\nb: [2,\nc: 3\nd: x]\n",
                json!([2]),
                None,
                false,
            ),
            (
                "a: 1\nb:\n  w: 2\nc: 3\nd: x\"\n",
                "a: 1\nb: \"w\nc: 3\nd: x\"\n",
                json!("w"),
                None,
                false,
            ),
        ]);
    }

    #[test]
    fn a_block_scalar_or_a_tab_ends_in_the_region_as_in_the_whole_text() {
        check(&[
            (
                ORIGINAL,
                "a: 1\nb: |\n  x: 1\nc: 3\n",
                json!("x: 1\n"),
                Some(5..17),
                true,
            ),
            (
                ORIGINAL,
                "a: 1\nb: |+\n  x: 1\n\n\nc: 3\n",
                json!("x: 1\n\n\n"),
                Some(5..20),
                true,
            ),
            (
                ORIGINAL,
                "a: 1\nb:\n\tx: 1\nc: 3\n",
                json!({"x": 1}),
                None,
                false,
            ),
        ]);
    }

    #[test]
    fn what_the_scanner_met_outside_the_region_is_the_originals() {
        let original = "a: {k: [x, ?y]}\nb:\n  w: 2\n";
        let stream = crate::yaml::parse(original, &Limits::default()).unwrap();
        let prefix = [Segment::Key("b".into())];
        let asked = json!({"w": 3});
        let unchanged = unchanged(&stream, &prefix, &asked);
        let edited = original.replace("w: 2", "w: 3");
        let seen = matches_edited_seen(
            original,
            &edited,
            Typing::Helm,
            &Limits::default(),
            &unchanged,
        );
        assert!(seen.is_some_and(|read| read.seen.flow_suspect));
        assert!(verified(original, &edited, &json!({"w": 3})).0.is_some());
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
