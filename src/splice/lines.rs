//! The splicer's view of the text's lines: each line it asks about read around the offset (a plan
//! touches a few lines of a file that may be a mebibyte: `text::line_around`), and numbered only
//! when a number is asked for, by the whole text's [`LineIndex`], built then once.

use std::cell::OnceCell;
use std::ops::Range;

use crate::text::{LineIndex, line_around, without_ending};

/// The lines of one text, read where asked.
pub(super) struct Lines<'a> {
    text: &'a str,
    /// The whole text's line index, once a line's number was asked for.
    numbered: OnceCell<LineIndex<'a>>,
}

impl<'a> Lines<'a> {
    /// The lines of `text`, nothing read yet.
    pub(super) fn new(text: &'a str) -> Lines<'a> {
        Lines {
            text,
            numbered: OnceCell::new(),
        }
    }

    /// The line that holds the byte at `offset` (past the end: the last line), its ending
    /// included.
    pub(super) fn around_with_ending(&self, offset: usize) -> Range<usize> {
        line_around(self.text, offset)
    }

    /// The line that holds the byte at `offset`, without its ending.
    pub(super) fn around(&self, offset: usize) -> Range<usize> {
        without_ending(self.text, line_around(self.text, offset))
    }

    /// The line above the one that holds `offset`, without its ending; `None` on the first line.
    pub(super) fn above(&self, offset: usize) -> Option<Range<usize>> {
        let start = self.start(offset);
        (start > 0).then(|| self.around(start - 1))
    }

    /// The 1-based number of the line that holds the byte at `offset`.
    pub(super) fn number(&self, offset: usize) -> usize {
        (self.numbered.get_or_init(|| LineIndex::new(self.text))).line_of(offset)
    }

    /// Where the line that holds the byte at `offset` (past the end: the last line) starts.
    pub(super) fn start(&self, offset: usize) -> usize {
        line_around(self.text, offset).start
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On texts of `a`, `\r` and `\n`, at every offset: the line above and the line's number are
    /// the index's (the line itself is `text::line_around`'s, tested there).
    #[test]
    fn the_line_above_and_the_number_are_the_line_index_s() {
        for text in ["", "a", "a\nb", "a\r\nb\rc\n", "\n\r\n\r", "ab\r\r\nc"] {
            let (lines, index) = (Lines::new(text), LineIndex::new(text));
            for offset in 0..=text.len() + 1 {
                let line = index.line_of(offset);
                let above = line.checked_sub(1).and_then(|l| index.line_range(l));
                assert_eq!(lines.above(offset), above, "{text:?} {offset}");
                assert_eq!(lines.number(offset), line);
            }
        }
    }
}
