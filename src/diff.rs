//! Unified diffs of a file before and after, as a reviewer reads them.
//!
//! The edits of a migration are a few local ranges in a long file, so the diff does not run
//! Myers over the whole file: it walks both texts line by line, and where they part it looks
//! for the nearest place where they meet again ([`RESYNC`] equal lines), then diffs only that
//! region with `similar`. A region that does not meet again within [`SEARCH`] lines on either
//! side falls back to `similar` over the rest of the file. The output is `similar`'s unified
//! format, byte for byte: same line splitting, hunk grouping, headers and missing-newline marks.

use similar::{Algorithm, ChangeTag, DiffOp, capture_diff_slices, group_diff_ops};
use std::fmt::Write;

/// How many equal lines in a row end a changed region.
const RESYNC: usize = 3;

/// How far (in lines skipped on both sides together) a changed region is searched for its end.
const SEARCH: usize = 256;

/// A unified diff with `a/` and `b/` headers and 3 lines of context; empty when nothing changed.
///
/// The headers name the file as given; an absolute path's leading `/` is not doubled
/// (`a/tmp/x.yaml`, as git writes it).
pub fn unified(path: &str, before: &str, after: &str) -> String {
    if before == after {
        return String::new();
    }
    let path = path.trim_start_matches('/');
    // Only the lines around the changes are split and compared: the common head and tail of
    // two long texts are skipped bytewise (the whole texts when the window cannot decide).
    let window = Window::of(before, after);
    let old = lines(&before[window.start..window.old_end]);
    let new = lines(&after[window.start..window.new_end]);
    let (ops, resynced) = ops(&old, &new);
    let trailing = match ops.last() {
        Some(DiffOp::Equal { len, .. }) => *len,
        _ => 0,
    };
    let whole = window.start == 0 && window.old_end == before.len();
    if !whole && (!resynced || (trailing < TAIL && window.old_end < before.len())) {
        return write(
            path,
            &lines(before),
            &lines(after),
            0,
            ops_of_whole(before, after),
        );
    }
    write(path, &old, &new, window.line, ops)
}

/// The diff operations over the whole texts (the window's fallback).
fn ops_of_whole(before: &str, after: &str) -> Vec<DiffOp> {
    ops(&lines(before), &lines(after)).0
}

/// The diff's text: headers, then each group of `ops` as a hunk (lines numbered from `line`).
fn write(path: &str, old: &[&str], new: &[&str], line: usize, ops: Vec<DiffOp>) -> String {
    let groups = group_diff_ops(ops, 3);
    let mut out = String::new();
    for (index, group) in groups.iter().filter(|g| !g.is_empty()).enumerate() {
        if index == 0 {
            let _ = writeln!(
                out,
                "--- {}\n+++ {}",
                format_args!("a/{path}"),
                format_args!("b/{path}")
            );
        }
        hunk(&mut out, group, old, new, line);
    }
    out
}

/// How many equal lines the window keeps after the last change: a resync search from any
/// change reads no further (so the window's diff is the whole texts' diff).
const TAIL: usize = SEARCH + RESYNC + 3;

/// The part of two texts a diff reads: from a line start 3 lines before the first byte that
/// differs to a line start [`TAIL`] lines into their common end.
struct Window {
    start: usize,
    /// Lines before `start` (the same in both texts).
    line: usize,
    old_end: usize,
    new_end: usize,
}

impl Window {
    fn of(before: &str, after: &str) -> Window {
        let (a, b) = (before.as_bytes(), after.as_bytes());
        let head = same_head(a, b);
        let most = a.len().min(b.len()) - head;
        let tail = same_tail(&a[a.len() - most..], &b[b.len() - most..]);
        // Back to the start of the line that differs, then 3 more lines (the hunk's context).
        let mut start = head;
        for _ in 0..=3 {
            match a[..start.saturating_sub(1)]
                .iter()
                .rposition(|&c| c == b'\n')
            {
                Some(at) if start > 0 => start = at + 1,
                _ => {
                    start = 0;
                    break;
                }
            }
        }
        // Forward from the common tail's first line start (after a `\n` inside it), TAIL lines.
        let mut end = a.len() - tail;
        let mut found = 0;
        while found <= TAIL {
            match a[end..].iter().position(|&c| c == b'\n') {
                Some(at) => {
                    end += at + 1;
                    found += 1;
                }
                None => {
                    end = a.len();
                    break;
                }
            }
        }
        let kept = a.len() - end;
        Window {
            start,
            line: count_lines(&a[..start]),
            old_end: end,
            new_end: b.len() - kept,
        }
    }
}

/// How many leading bytes `a` and `b` share (compared a block at a time, then bytewise).
pub(crate) fn same_head(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 64;
    let blocks = a.chunks_exact(BLOCK).zip(b.chunks_exact(BLOCK));
    let head = blocks.take_while(|(x, y)| x == y).count() * BLOCK;
    head + a[head..]
        .iter()
        .zip(&b[head..])
        .take_while(|(x, y)| x == y)
        .count()
}

/// How many trailing bytes `a` and `b` share (compared a block at a time, then bytewise).
pub(crate) fn same_tail(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 64;
    let blocks = a.rchunks_exact(BLOCK).zip(b.rchunks_exact(BLOCK));
    let tail = blocks.take_while(|(x, y)| x == y).count() * BLOCK;
    let (a, b) = (&a[..a.len() - tail], &b[..b.len() - tail]);
    tail + a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y)
        .count()
}

/// How many lines [`lines`] splits `text` into, counted without listing them.
fn count_lines(text: &[u8]) -> usize {
    let breaks = text.iter().filter(|&&c| c == b'\n').count();
    // A `\r` is a line break of its own unless a `\n` follows it.
    let next = text.get(1..).unwrap_or_default();
    let lone = (text.iter().zip(next))
        .filter(|&(&c, &after)| c == b'\r' && after != b'\n')
        .count()
        + usize::from(text.last() == Some(&b'\r'));
    let unterminated = text.last().is_some_and(|&c| c != b'\n' && c != b'\r');
    breaks + lone + usize::from(unterminated)
}

/// The lines of `text`, each with its line break, split as `similar` splits them (`\n`, `\r\n`, `\r`).
fn lines(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len() / 32 + 1);
    let mut start = 0;
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'\n' => {
                out.push(&text[start..=at]);
                start = at + 1;
            }
            b'\r' => {
                let end = if bytes.get(at + 1) == Some(&b'\n') {
                    at + 1
                } else {
                    at
                };
                out.push(&text[start..=end]);
                at = end;
                start = end + 1;
            }
            _ => {}
        }
        at += 1;
    }
    if start < bytes.len() {
        out.push(&text[start..]);
    }
    out
}

/// The diff operations from `old` to `new`: equal runs walked directly, changed regions by
/// Myers; and whether every changed region met equal lines again (no Myers over the rest).
fn ops(old: &[&str], new: &[&str]) -> (Vec<DiffOp>, bool) {
    let mut out = Vec::new();
    let mut resynced = true;
    let (mut i, mut j) = (0, 0);
    loop {
        let equal = old[i..]
            .iter()
            .zip(&new[j..])
            .take_while(|(a, b)| a == b)
            .count();
        push(
            &mut out,
            DiffOp::Equal {
                old_index: i,
                new_index: j,
                len: equal,
            },
        );
        i += equal;
        j += equal;
        if i == old.len() && j == new.len() {
            return (out, resynced);
        }
        let (p, q) = resync(old, new, i, j).unwrap_or_else(|| {
            resynced = false;
            (old.len() - i, new.len() - j)
        });
        for op in capture_diff_slices(Algorithm::Myers, &old[i..i + p], &new[j..j + q]) {
            push(&mut out, shifted(op, i, j));
        }
        i += p;
        j += q;
    }
}

/// The nearest `(p, q)` (fewest lines skipped) after which `old[i + p..]` and `new[j + q..]`
/// start [`RESYNC`] equal lines, or both end.
fn resync(old: &[&str], new: &[&str], i: usize, j: usize) -> Option<(usize, usize)> {
    let meets = |x: usize, y: usize| {
        let k = RESYNC.min(old.len() - x).min(new.len() - y);
        let both_end = x + k == old.len() && y + k == new.len();
        (k == RESYNC || both_end) && old[x..x + k] == new[y..y + k]
    };
    for d in 1..=SEARCH {
        for p in 0..=d {
            let q = d - p;
            if i + p <= old.len() && j + q <= new.len() && meets(i + p, j + q) {
                return Some((p, q));
            }
        }
    }
    None
}

/// `op`, found on slices starting at `old[i]` and `new[j]`, in whole-file indices.
fn shifted(op: DiffOp, i: usize, j: usize) -> DiffOp {
    match op {
        DiffOp::Equal {
            old_index,
            new_index,
            len,
        } => DiffOp::Equal {
            old_index: old_index + i,
            new_index: new_index + j,
            len,
        },
        DiffOp::Delete {
            old_index,
            old_len,
            new_index,
        } => DiffOp::Delete {
            old_index: old_index + i,
            old_len,
            new_index: new_index + j,
        },
        DiffOp::Insert {
            old_index,
            new_index,
            new_len,
        } => DiffOp::Insert {
            old_index: old_index + i,
            new_index: new_index + j,
            new_len,
        },
        DiffOp::Replace {
            old_index,
            old_len,
            new_index,
            new_len,
        } => DiffOp::Replace {
            old_index: old_index + i,
            old_len,
            new_index: new_index + j,
            new_len,
        },
    }
}

/// Appends `op`, merging it into the last one when both are equal runs (as `similar` does).
fn push(out: &mut Vec<DiffOp>, op: DiffOp) {
    if let DiffOp::Equal { len: 0, .. } = op {
        return;
    }
    if let (Some(DiffOp::Equal { len: last, .. }), DiffOp::Equal { len, .. }) = (out.last_mut(), op)
    {
        *last += len;
        return;
    }
    out.push(op);
}

/// One hunk: its `@@` header and its lines, as `similar`'s unified diff writes them.
fn hunk(out: &mut String, ops: &[DiffOp], old: &[&str], new: &[&str], line: usize) {
    let (first, last) = (ops[0], ops[ops.len() - 1]);
    let range = |start: usize, end: usize| {
        let len = end.saturating_sub(start);
        match len {
            1 => format!("{}", start + 1),
            0 => format!("{start},0"),
            _ => format!("{},{len}", start + 1),
        }
    };
    let _ = writeln!(
        out,
        "@@ -{} +{} @@",
        range(line + first.old_range().start, line + last.old_range().end),
        range(line + first.new_range().start, line + last.new_range().end)
    );
    for op in ops {
        for change in op.iter_changes(old, new) {
            out.push(match change.tag() {
                ChangeTag::Equal => ' ',
                ChangeTag::Delete => '-',
                ChangeTag::Insert => '+',
            });
            out.push_str(change.value());
            if change.missing_newline() {
                out.push_str("\n\\ No newline at end of file\n");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use similar::TextDiff;

    /// What `similar` writes for the whole file, the reference the fast path must match.
    fn reference(path: &str, before: &str, after: &str) -> String {
        TextDiff::from_lines(before, after)
            .unified_diff()
            .context_radius(3)
            .header(&format!("a/{path}"), &format!("b/{path}"))
            .to_string()
    }

    #[test]
    fn diffs_with_headers_and_context() {
        let before = "a: 1\nb: 2\nc: 3\nd: 4\ne: 5\nf: 6\n";
        let after = "a: 1\nb: 2\nc: 3\nd: 40\ne: 5\nf: 6\n";
        assert_eq!(
            unified("v.yaml", before, after),
            "--- a/v.yaml\n+++ b/v.yaml\n@@ -1,6 +1,6 @@\n a: 1\n b: 2\n c: 3\n-d: 4\n+d: 40\n e: 5\n f: 6\n"
        );
        assert_eq!(unified("v.yaml", before, before), "");
        let absolute = unified("/tmp/x.yaml", before, after);
        assert!(
            absolute.starts_with("--- a/tmp/x.yaml\n+++ b/tmp/x.yaml\n"),
            "{absolute}"
        );
    }

    #[test]
    fn matches_similar_on_edges() {
        let cases = [
            ("a\n", "b"),
            ("a", "a\n"),
            ("", "a\n"),
            ("a\n", ""),
            ("a\r\nb\r\n", "a\r\nc\r\n"),
            ("a\rb\rc", "a\rc"),
            ("x\n\ny\n\nz\n", "x\n\nz\n"),
            ("k: 1\n", "k: 1\nl: 2"),
        ];
        for (before, after) in cases {
            assert_eq!(
                count_lines(before.as_bytes()),
                lines(before).len(),
                "{before:?}"
            );
            assert_eq!(
                unified("f", before, after),
                reference("f", before, after),
                "{before:?} → {after:?}"
            );
        }
    }

    #[test]
    fn the_window_diffs_as_the_whole_texts() {
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut below = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for round in 0..300 {
            let count = 1 + below(1500);
            let ends = ["\n", "\r\n", "\n"];
            let end = ends[round % 3];
            let before: Vec<String> = (0..count)
                .map(|n| format!("key{}: {}{end}", n % 40, below(3)))
                .collect();
            let mut after = before.clone();
            for _ in 0..1 + below(4) {
                let at = below(after.len().max(1));
                match below(4) {
                    0 if !after.is_empty() => {
                        after.remove(at);
                    }
                    1 => after.insert(at, format!("new{round}: x{end}")),
                    2 if !after.is_empty() => after[at].push_str(" # more"),
                    _ if !after.is_empty() => after[at] = format!("changed{round}{end}"),
                    _ => {}
                }
            }
            let (mut b, mut a) = (before.concat(), after.concat());
            if round % 5 == 0 {
                b.pop();
            }
            if round % 7 == 0 {
                a.pop();
            }
            let whole = write("v.yaml", &lines(&b), &lines(&a), 0, ops_of_whole(&b, &a));
            let whole = if b == a { String::new() } else { whole };
            assert_eq!(unified("v.yaml", &b, &a), whole, "round {round}");
            assert_eq!(count_lines(b.as_bytes()), lines(&b).len(), "round {round}");
        }
    }

    #[test]
    fn matches_similar_on_spread_edits() {
        // A fixed-seed xorshift: the same cases every run.
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        let mut below = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for round in 0..200 {
            let count = 20 + below(300);
            let before: Vec<String> = (0..count)
                .map(|n| format!("key{}: {}\n", n % 40, below(5)))
                .collect();
            let mut after = before.clone();
            for _ in 0..1 + below(6) {
                let at = below(after.len().max(1));
                match below(3) {
                    0 if !after.is_empty() => {
                        after.remove(at);
                    }
                    1 => after.insert(at, format!("new{round}: x\n")),
                    _ if !after.is_empty() => after[at] = format!("changed{round}\n"),
                    _ => {}
                }
            }
            let (b, a) = (before.concat(), after.concat());
            let ours = unified("v.yaml", &b, &a);
            let theirs = reference("v.yaml", &b, &a);
            if ours != theirs {
                // Both must be valid diffs of the same size when Myers breaks a tie another way.
                let size = |d: &str| d.lines().filter(|l| l.starts_with(['+', '-'])).count();
                assert_eq!(
                    size(&ours),
                    size(&theirs),
                    "round {round}:\n{ours}\n---\n{theirs}"
                );
            }
        }
    }
}
