//! The splicer's view of the text's lines: each line it asks about read around the offset (a plan
//! touches a few lines of a file that may be a mebibyte), and numbered only when a number is
//! asked for, by the whole text's [`LineIndex`], built then once. Lines end as [`LineIndex`]'s do:
//! at `\n`, `\r\n`, or a `\r` alone.

use std::cell::OnceCell;
use std::ops::Range;

use crate::text::LineIndex;

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
    /// included: `LineIndex::line_range_with_ending` of its `line_of`.
    pub(super) fn around_with_ending(&self, offset: usize) -> Range<usize> {
        let bytes = self.text.as_bytes();
        let offset = offset.min(bytes.len());
        let start = self.start(offset);
        let end = match bytes[offset..]
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
        {
            None => bytes.len(),
            Some(at)
                if bytes[offset + at] == b'\r' && bytes.get(offset + at + 1) == Some(&b'\n') =>
            {
                offset + at + 2
            }
            Some(at) => offset + at + 1,
        };
        start..end
    }

    /// The line that holds the byte at `offset`, without its ending: `LineIndex::line_range` of
    /// its `line_of`.
    pub(super) fn around(&self, offset: usize) -> Range<usize> {
        let line = self.around_with_ending(offset);
        let content = &self.text[line.clone()];
        let ending = if content.ends_with("\r\n") {
            2
        } else if content.ends_with(['\n', '\r']) {
            1
        } else {
            0
        };
        line.start..line.end - ending
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

    /// Where the line that holds the byte at `offset` (past the end: the last line) starts: after
    /// the last `\n`, or `\r` not followed by `\n`, before it.
    pub(super) fn start(&self, offset: usize) -> usize {
        let bytes = self.text.as_bytes();
        let offset = offset.min(bytes.len());
        let ends_a_line = |at: usize| match bytes[at] {
            b'\n' => true,
            b'\r' => bytes.get(at + 1) != Some(&b'\n'),
            _ => false,
        };
        (0..offset)
            .rev()
            .find(|&at| ends_a_line(at))
            .map_or(0, |at| at + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every text of up to seven bytes of `a`, `\r` and `\n`, with every offset up to one past
    /// its end: each answer is `LineIndex`'s.
    #[test]
    fn every_line_read_around_an_offset_is_the_line_index_s() {
        let (mut texts, mut last) = (vec![String::new()], vec![String::new()]);
        for _ in 0..7 {
            last = (last.iter())
                .flat_map(|t| ["a", "\r", "\n"].map(|c| format!("{t}{c}")))
                .collect();
            texts.extend(last.iter().cloned());
        }
        for text in &texts {
            let (lines, index) = (Lines::new(text), LineIndex::new(text));
            for offset in 0..=text.len() + 1 {
                let line = index.line_of(offset);
                let want = index.line_range_with_ending(line);
                assert_eq!(
                    Some(lines.around_with_ending(offset)),
                    want,
                    "{text:?} {offset}"
                );
                assert_eq!(
                    Some(lines.around(offset)),
                    index.line_range(line),
                    "{text:?}"
                );
                let above = line.checked_sub(1).and_then(|l| index.line_range(l));
                assert_eq!(lines.above(offset), above, "{text:?} {offset}");
                assert_eq!(Some(lines.start(offset)), want.map(|w| w.start));
                assert_eq!(lines.number(offset), line);
            }
        }
    }
}
