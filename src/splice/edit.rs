//! Text edits: byte ranges with replacements, applied together in one forward pass.

use std::fmt;
use std::ops::Range;

/// One change to a text: the bytes of `range` become `content`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// The byte range replaced (empty for an insertion).
    pub range: Range<usize>,
    /// The new text.
    pub content: String,
}

impl Edit {
    /// Replaces `range` with `content`.
    pub fn replacement(range: Range<usize>, content: impl Into<String>) -> Self {
        Edit {
            range,
            content: content.into(),
        }
    }

    /// Inserts `content` at byte `offset`.
    pub fn insertion(offset: usize, content: impl Into<String>) -> Self {
        Edit::replacement(offset..offset, content)
    }

    /// Deletes `range`.
    pub fn deletion(range: Range<usize>) -> Self {
        Edit::replacement(range, String::new())
    }
}

/// Why a set of edits cannot be applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditError {
    /// Two edits touch the same bytes (or insert at the same place).
    Overlap(Range<usize>, Range<usize>),
    /// An edit reaches past the end of the text or splits a UTF-8 character.
    OutOfBounds(Range<usize>),
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::Overlap(a, b) => write!(f, "edits overlap: bytes {a:?} and {b:?}"),
            EditError::OutOfBounds(r) => {
                write!(f, "edit {r:?} is outside the text or splits a character")
            }
        }
    }
}

impl std::error::Error for EditError {}

/// Applies `edits` to `text`: sorted, checked disjoint, then copied in one pass (linear in the text).
pub fn apply(text: &str, mut edits: Vec<Edit>) -> Result<String, EditError> {
    crate::order::by_key(&mut edits, |e| (e.range.start, e.range.end));
    for edit in &edits {
        let r = &edit.range;
        if r.start > r.end
            || r.end > text.len()
            || !text.is_char_boundary(r.start)
            || !text.is_char_boundary(r.end)
        {
            return Err(EditError::OutOfBounds(r.clone()));
        }
    }
    for pair in edits.windows(2) {
        let (a, b) = (&pair[0].range, &pair[1].range);
        // Touching ranges are fine, except two insertions at one offset (their order would be a guess).
        if b.start < a.end || (a == b && a.is_empty()) {
            return Err(EditError::Overlap(a.clone(), b.clone()));
        }
    }
    let grown: usize = edits.iter().map(|e| e.content.len()).sum();
    let mut out = String::with_capacity(text.len() + grown);
    let mut at = 0;
    for edit in &edits {
        out.push_str(&text[at..edit.range.start]);
        out.push_str(&edit.content);
        at = edit.range.end;
    }
    out.push_str(&text[at..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn applies_in_any_order_given() {
        let text = "a: 1\nb: 2\nc: 3\n";
        let edits = vec![
            Edit::replacement(13..14, "30"),
            Edit::deletion(5..10),
            Edit::insertion(0, "# top\n"),
        ];
        assert_eq!(apply(text, edits).unwrap(), "# top\na: 1\nc: 30\n");
    }

    #[test]
    fn refuses_overlaps_and_bad_ranges() {
        let text = "é: 1\n";
        assert!(matches!(
            apply(text, vec![Edit::deletion(0..4), Edit::deletion(3..5)]),
            Err(EditError::Overlap(..))
        ));
        assert!(matches!(
            apply(text, vec![Edit::insertion(2, "x"), Edit::insertion(2, "y")]),
            Err(EditError::Overlap(..))
        ));
        assert!(matches!(
            apply(text, vec![Edit::deletion(1..2)]),
            Err(EditError::OutOfBounds(..))
        ));
        assert!(matches!(
            apply(text, vec![Edit::deletion(0..99)]),
            Err(EditError::OutOfBounds(..))
        ));
        assert_eq!(
            apply(text, vec![Edit::deletion(0..2), Edit::insertion(2, "e")]).unwrap(),
            "e: 1\n"
        );
    }
}
