//! A YAML document held in a string scalar (`helm.values: |` of an Argo CD Application, a
//! ConfigMap's `values.yaml`): where its lines sit in the outer text, and new inner text written
//! back so that only the lines that changed move.

use super::render::double_quoted;
use crate::yaml::{Node, ScalarStyle};
use similar::{Algorithm, DiffOp, capture_diff_slices};
use std::ops::Range;

/// How a string holding a document is written, and what writing it back needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Carrier {
    /// A literal block scalar (`|`, `|-`, `|+`, with or without an indentation indicator): each
    /// inner line is an outer line less `indent` spaces.
    Literal {
        /// The outer bytes of the content: from its first line's start to the end of its last
        /// line that holds a non-blank character (that line's break excluded).
        body: Range<usize>,
        /// The spaces of indentation every content line carries.
        indent: usize,
        /// Whether the block's lines end in `\r\n`.
        crlf: bool,
        /// The inner text's final line breaks, which the outer bytes after `body` hold.
        tail: usize,
    },
    /// A double-quoted scalar on one line: written back whole, escaped.
    Quoted {
        /// The outer bytes from the opening quote through the closing one.
        range: Range<usize>,
    },
}

impl Carrier {
    /// The carrier of `node`, a string scalar of `outer`, or why an edit could not be written
    /// back into it (said for a person).
    pub fn of(outer: &str, node: &Node) -> Result<Carrier, String> {
        let (Some(style), Some(decoded)) = (node.scalar_style(), node.scalar_text()) else {
            return Err("it is not a string".to_string());
        };
        Carrier::of_scalar(outer, style, node.range(), decoded)
    }

    /// The carrier of a string scalar of `outer` written in `style` over `range` and read as
    /// `decoded`, or why an edit could not be written back into it.
    pub fn of_scalar(
        outer: &str,
        style: ScalarStyle,
        range: Range<usize>,
        decoded: &str,
    ) -> Result<Carrier, String> {
        match style {
            ScalarStyle::Literal => literal(outer, range, decoded),
            ScalarStyle::DoubleQuoted if !outer[range.clone()].contains('\n') => {
                Ok(Carrier::Quoted { range })
            }
            ScalarStyle::Folded => Err(
                "a folded block (`>`) joins its lines: an edit could not be written back without reflowing other lines; write it as a literal block (`|`)".to_string(),
            ),
            _ => Err(
                "a flow string written over several lines folds them: an edit could not be written back without changing other lines; write it as a literal block (`|`)".to_string(),
            ),
        }
    }

    /// The name of the way the document is written: `literal` or `double-quoted`.
    pub fn style(&self) -> &'static str {
        match self {
            Carrier::Literal { .. } => "literal",
            Carrier::Quoted { .. } => "double-quoted",
        }
    }

    /// The outer offset of inner byte `offset` (the string's first byte for a quoted one).
    pub fn outer_offset(&self, outer: &str, inner: &str, offset: usize) -> usize {
        match self {
            Carrier::Quoted { range, .. } => range.start,
            Carrier::Literal { body, indent, .. } => {
                let offset = offset.min(inner.len());
                let line = inner[..offset].matches('\n').count();
                let column = offset - inner[..offset].rfind('\n').map_or(0, |n| n + 1);
                let mut start = body.start;
                for _ in 0..line {
                    match outer[start..].find('\n') {
                        Some(n) => start += n + 1,
                        None => return outer.len(),
                    }
                }
                let end = outer[start..].find('\n').map_or(outer.len(), |n| start + n);
                let lead = outer[start..end].len().min(*indent);
                (start + lead + column).min(end)
            }
        }
    }

    /// The final line breaks the carrier keeps outside the edit (of the inner text `old`): a
    /// literal block's chomping and trailing blank lines; `None` for a quoted string, which
    /// writes any.
    pub fn tail<'t>(&self, old: &'t str) -> Option<&'t str> {
        match self {
            Carrier::Literal { tail, .. } => Some(&old[old.len() - tail..]),
            Carrier::Quoted { .. } => None,
        }
    }

    /// The 0-based line of `outer` that holds inner line `line` (0-based); counted when asked
    /// (a kept comment's line), not for every string a file holds.
    pub fn outer_line(&self, outer: &str, line: usize) -> usize {
        match self {
            Carrier::Literal { body, .. } => outer[..body.start].matches('\n').count() + line,
            Carrier::Quoted { range } => outer[..range.start].matches('\n').count(),
        }
    }

    /// `outer` with the carried document `old` replaced by `new`: the lines that did not change
    /// keep their bytes; or why it cannot be written.
    pub fn write(&self, outer: &str, old: &str, new: &str) -> Result<String, String> {
        match self {
            Carrier::Quoted { range, .. } => {
                let mut out = String::with_capacity(outer.len() + new.len());
                out.push_str(&outer[..range.start]);
                out.push_str(&double_quoted(new));
                out.push_str(&outer[range.end..]);
                Ok(out)
            }
            Carrier::Literal {
                body,
                indent,
                crlf,
                tail,
                ..
            } => {
                let kept = &old[old.len() - tail..];
                let lines = new
                    .strip_suffix(kept)
                    .filter(|body| !body.is_empty() && !body.ends_with('\n'))
                    .ok_or_else(|| {
                        "the edit would change the block's final line breaks or leave it empty"
                            .to_string()
                    })?;
                let region = relined(
                    &outer[body.clone()],
                    &old[..old.len() - tail],
                    lines,
                    *indent,
                    *crlf,
                );
                Ok([&outer[..body.start], &region, &outer[body.end..]].concat())
            }
        }
    }
}

/// The carrier of a literal block at `range`, checked against what the parser decoded.
fn literal(outer: &str, range: Range<usize>, decoded: &str) -> Result<Carrier, String> {
    let unfit = || "the block's lines do not give its text back line for line".to_string();
    let header_end = outer[range.clone()].find('\n').map(|n| range.start + n + 1);
    let Some(start) = header_end.filter(|at| *at <= range.end) else {
        return Err("the block holds no lines".to_string());
    };
    let crlf = outer[..start].ends_with("\r\n");
    let body = start..range.end;
    let lines = || outer[body.clone()].split('\n');
    // The indentation: the first non-blank outer line's spaces less the decoded line's own.
    let first = lines().find(|l| !l.trim().is_empty()).ok_or_else(unfit)?;
    let inner_first = decoded
        .lines()
        .find(|l| !l.trim().is_empty())
        .ok_or_else(unfit)?;
    let lead = |s: &str| s.len() - s.trim_start_matches(' ').len();
    let indent = lead(first)
        .checked_sub(lead(inner_first))
        .ok_or_else(unfit)?;
    // The inner lines, joined by `\n`, must begin `decoded` (read in place, nothing built).
    let mut rest = decoded;
    for (i, piece) in lines().enumerate() {
        if i > 0 {
            rest = rest.strip_prefix('\n').ok_or_else(unfit)?;
        }
        let line = inner_line(piece, indent).ok_or_else(unfit)?;
        rest = rest.strip_prefix(line).ok_or_else(unfit)?;
    }
    let tail = rest;
    if tail.chars().any(|c| c != '\n') {
        return Err(unfit());
    }
    Ok(Carrier::Literal {
        body,
        indent,
        crlf,
        tail: tail.len(),
    })
}

/// The inner line an outer line of a literal block holds, its `\r` and indentation removed.
fn inner_line(piece: &str, indent: usize) -> Option<&str> {
    let piece = piece.strip_suffix('\r').unwrap_or(piece);
    if piece.len() <= indent && piece.bytes().all(|b| b == b' ') {
        return Some("");
    }
    piece
        .get(indent..)
        .filter(|_| piece[..indent].bytes().all(|b| b == b' '))
}

/// The body's outer lines with the inner lines `old` became `new`: equal lines keep their
/// bytes, new ones are indented, and every line but the last ends as the block's lines do.
fn relined(outer: &str, old: &str, new: &str, indent: usize, crlf: bool) -> String {
    let outer_lines: Vec<&str> = outer.split('\n').collect();
    let old_lines: Vec<&str> = old.split('\n').collect();
    let new_lines: Vec<&str> = new.split('\n').collect();
    let mut pieces: Vec<String> = Vec::with_capacity(new_lines.len());
    for op in capture_diff_slices(Algorithm::Myers, &old_lines, &new_lines) {
        match op {
            DiffOp::Equal { old_index, len, .. } => {
                let kept = &outer_lines[old_index..old_index + len];
                pieces.extend(kept.iter().map(|l| l.trim_end_matches('\r').to_string()));
            }
            DiffOp::Delete { .. } => {}
            DiffOp::Insert {
                new_index, new_len, ..
            }
            | DiffOp::Replace {
                new_index, new_len, ..
            } => pieces.extend(new_lines[new_index..new_index + new_len].iter().map(|l| {
                if l.is_empty() {
                    String::new()
                } else {
                    format!("{:indent$}{l}", "")
                }
            })),
        }
    }
    pieces.join(if crlf { "\r\n" } else { "\n" })
}

#[cfg(test)]
mod tests {
    use super::Carrier;
    use crate::path::ValuePath;
    use crate::yaml::{self, Limits, Typing};

    fn carrier(outer: &str, at: &str) -> (Result<Carrier, String>, String) {
        let stream = yaml::parse(outer, &Limits::default()).unwrap();
        let path = ValuePath::parse(at).unwrap();
        let node = stream.documents[0].root.get(&path, Typing::Helm).unwrap();
        let text = node.scalar_text().unwrap().to_string();
        (Carrier::of(outer, node), text)
    }

    fn rewritten(outer: &str, at: &str, edit: impl Fn(&str) -> String) -> String {
        let (carrier, old) = carrier(outer, at);
        carrier.unwrap().write(outer, &old, &edit(&old)).unwrap()
    }

    #[test]
    fn only_the_changed_lines_of_a_literal_block_move() {
        let outer = "spec:\n  values: |\n    a: 1\n\n    # kept\n    b:\n      c: 2\n  other: x\n";
        let out = rewritten(outer, "spec.values", |old| old.replace("c: 2", "d: 2"));
        assert_eq!(
            out,
            "spec:\n  values: |\n    a: 1\n\n    # kept\n    b:\n      d: 2\n  other: x\n"
        );
        let added = rewritten(outer, "spec.values", |old| format!("{old}z: 9\n"));
        assert!(
            added.ends_with("      c: 2\n    z: 9\n  other: x\n"),
            "{added}"
        );
    }

    #[test]
    fn chomping_indicators_crlf_and_a_missing_final_newline_are_kept() {
        let strip = "v: |-\n  a: 1\n  b: 2";
        assert_eq!(
            rewritten(strip, "v", |old| old.replace("b: 2", "c: 2")),
            "v: |-\n  a: 1\n  c: 2"
        );
        let keep = "v: |+\n  a: 1\n\n\nw: 1\n";
        assert_eq!(
            rewritten(keep, "v", |old| old.replace("a: 1", "a: 2")),
            "v: |+\n  a: 2\n\n\nw: 1\n"
        );
        let crlf = "v: |\r\n  a: 1\r\n  b: 2\r\nw: 1\r\n";
        assert_eq!(
            rewritten(crlf, "v", |old| old.replace("a: 1\n", "")),
            "v: |\r\n  b: 2\r\nw: 1\r\n"
        );
        assert_eq!(
            rewritten(crlf, "v", |old| format!("{old}c: 3\n")),
            "v: |\r\n  a: 1\r\n  b: 2\r\n  c: 3\r\nw: 1\r\n"
        );
    }

    #[test]
    fn an_indentation_indicator_is_followed() {
        let outer = "v: |4\n      a: 1\n    b: 2\n";
        let (carrier, old) = carrier(outer, "v");
        assert_eq!(old, "  a: 1\nb: 2\n");
        let out = carrier
            .unwrap()
            .write(outer, &old, "  a: 1\nc: 2\n")
            .unwrap();
        assert_eq!(out, "v: |4\n      a: 1\n    c: 2\n");
    }

    #[test]
    fn a_quoted_string_is_written_back_escaped_and_inner_offsets_map_out() {
        let outer = "v: \"a: 1\\nb: 2\\n\"\n";
        assert_eq!(
            rewritten(outer, "v", |old| old.replace('2', "3")),
            "v: \"a: 1\\nb: 3\\n\"\n"
        );
        let block = "x: 0\nv: |\n  a: 1\n  b: 2\n";
        let (carrier, old) = carrier(block, "v");
        let carrier = carrier.unwrap();
        let at = carrier.outer_offset(block, &old, old.find("b:").unwrap());
        assert_eq!(&block[at..at + 4], "b: 2");
        assert_eq!(carrier.outer_line(block, 1), 3);
    }

    #[test]
    fn folded_and_multi_line_flow_strings_are_refused_with_the_reason() {
        let folded = carrier("v: >\n  a: 1\n  b: 2\n", "v").0.unwrap_err();
        assert!(folded.contains("folded"), "{folded}");
        let flow = carrier("v: \"a: 1\n\n  b: 2\"\n", "v").0.unwrap_err();
        assert!(flow.contains("several lines"), "{flow}");
        let (carrier, old) = carrier("v: |-\n  a: 1\n", "v");
        let emptied = carrier.unwrap().write("v: |-\n  a: 1\n", &old, "");
        assert!(emptied.unwrap_err().contains("empty"));
    }
}
