//! The edge where a byte offset becomes a line and column: the lines of a text indexed once
//! ([`LineIndex`]), a position as people count it ([`LineCol`]), and the located results that
//! carry one ([`Location`], [`Diagnostic`]).

use serde::Serialize;
use std::ops::Range;

/// A position as people and editors count it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LineCol {
    /// The line, 1-based.
    pub line: usize,
    /// The column in Unicode characters, 1-based.
    pub column: usize,
    /// The column in UTF-16 code units, 1-based (what browsers' editors count).
    pub utf16_column: usize,
}

/// Whether any of the eight bytes of `word` is `byte` (no false answer either way: a byte that
/// equals it makes the subtraction borrow only from its own zero).
fn has_byte(word: u64, byte: u8) -> bool {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let x = word ^ (LOW * u64::from(byte));
    x.wrapping_sub(LOW) & !x & HIGH != 0
}

/// How many UTF-16 code units `text` is (JavaScript's length): eight ASCII bytes at a time.
pub fn utf16_len(text: &str) -> usize {
    // A byte that does not continue a character starts one unit; a four-byte one, two.
    let units = |b: &u8| usize::from(b & 0xC0 != 0x80) + usize::from(*b >= 0xF0);
    let mut chunks = text.as_bytes().chunks_exact(8);
    let mut count = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        count += match word & 0x8080_8080_8080_8080 {
            0 => 8,
            _ => chunk.iter().map(units).sum(),
        };
    }
    count + chunks.remainder().iter().map(units).sum::<usize>()
}

/// Whether the byte at `at` of `bytes` is the last of a line break of YAML's (`\n`, the `\n` of
/// `\r\n`, or a `\r` alone): the next line starts after it.
pub(crate) fn ends_a_line(bytes: &[u8], at: usize) -> bool {
    match bytes[at] {
        b'\n' => true,
        b'\r' => bytes.get(at + 1) != Some(&b'\n'),
        _ => false,
    }
}

/// The line of `text` that holds the byte at `offset` (past the end: the last line), its ending
/// included, read around the offset: [`LineIndex::line_range_with_ending`] of its
/// [`LineIndex::line_of`], without an index of the whole text.
pub(crate) fn line_around(text: &str, offset: usize) -> Range<usize> {
    let bytes = text.as_bytes();
    let offset = offset.min(bytes.len());
    let start = (0..offset)
        .rev()
        .find(|&at| ends_a_line(bytes, at))
        .map_or(0, |at| at + 1);
    let end = (offset..bytes.len())
        .find(|&at| ends_a_line(bytes, at))
        .map_or(bytes.len(), |at| at + 1);
    start..end
}

/// `line`, a line of `text` with its ending, without the ending.
pub(crate) fn without_ending(text: &str, line: Range<usize>) -> Range<usize> {
    let content = &text[line.clone()];
    let ending = if content.ends_with("\r\n") {
        2
    } else if content.ends_with(['\n', '\r']) {
        1
    } else {
        0
    };
    line.start..line.end - ending
}

/// An index of the line starts of one text, for turning byte offsets into lines and columns.
///
/// Line breaks are those of YAML: `\r\n`, `\n` and a lone `\r`.
#[derive(Clone, Debug)]
pub struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// Indexes the lines of `text`.
    pub fn new(text: &'a str) -> Self {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut i = 0;
        while i < bytes.len() {
            // Eight bytes at a time past those that hold no line break; a word that holds one
            // is read byte by byte, all eight (a `\r\n` across its end read with it).
            let end = (i + 8).min(bytes.len());
            if let Some(word) = bytes.get(i..i + 8) {
                let word = u64::from_le_bytes(word.try_into().unwrap_or_default());
                if !has_byte(word, b'\n') && !has_byte(word, b'\r') {
                    i += 8;
                    continue;
                }
            }
            while i < end {
                if ends_a_line(bytes, i) {
                    starts.push(i + 1);
                }
                i += 1;
            }
        }
        LineIndex { text, starts }
    }

    /// The text this index was built for.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The number of lines; text after the last line break counts as a line, even when empty.
    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// The 1-based line that holds the byte at `offset` (offsets past the end are on the last line).
    pub fn line_of(&self, offset: usize) -> usize {
        let offset = offset.min(self.text.len());
        match self.starts.binary_search(&offset) {
            Ok(index) => index + 1,
            Err(index) => index,
        }
    }

    /// The byte range of line `line` (1-based) without its line ending.
    pub fn line_range(&self, line: usize) -> Option<Range<usize>> {
        Some(without_ending(
            self.text,
            self.line_range_with_ending(line)?,
        ))
    }

    /// The byte range of line `line` (1-based) including its line ending, if it has one.
    pub fn line_range_with_ending(&self, line: usize) -> Option<Range<usize>> {
        let start = *self.starts.get(line.checked_sub(1)?)?;
        let end = self.starts.get(line).copied().unwrap_or(self.text.len());
        Some(start..end)
    }

    /// The line and columns of the byte at `offset`; an offset inside a character counts as that character.
    pub fn line_col(&self, offset: usize) -> LineCol {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_of(offset);
        let start = self.starts[line - 1];
        let before = &self.text[start..offset];
        LineCol {
            line,
            column: before.chars().count() + 1,
            utf16_column: before.encode_utf16().count() + 1,
        }
    }

    /// The byte offset of a 1-based line and character column, if the line has that column.
    pub fn offset(&self, line: usize, column: usize) -> Option<usize> {
        self.offset_by(line, column, |_| 1)
    }

    /// The byte offset of a 1-based line and UTF-16 column, if the line has that column.
    pub fn offset_utf16(&self, line: usize, utf16_column: usize) -> Option<usize> {
        self.offset_by(line, utf16_column, char::len_utf16)
    }

    fn offset_by(&self, line: usize, column: usize, width: fn(char) -> usize) -> Option<usize> {
        let range = self.line_range(line)?;
        let mut units = column.checked_sub(1)?;
        for (offset, c) in self.text[range.clone()].char_indices() {
            if units == 0 {
                return Some(range.start + offset);
            }
            units = units.checked_sub(width(c))?;
        }
        (units == 0).then_some(range.end)
    }
}

/// Where a result points: a file and, when it has one, a position in it (flattened into results).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Location {
    /// The file, as the caller named it, or `null`.
    pub file: Option<String>,
    /// The 1-based line, or `null`.
    pub line: Option<usize>,
    /// The 1-based column in characters, or `null`.
    pub column: Option<usize>,
    /// The 1-based column in UTF-16 code units (what browser editors count), or `null`.
    pub utf16_column: Option<usize>,
}

impl Location {
    /// A file as a whole, with no position in it.
    pub fn file(name: &str) -> Location {
        Location {
            file: Some(name.to_string()),
            ..Location::default()
        }
    }

    /// The byte `offset` of the text `lines` indexes, in file `name`.
    pub fn at(name: &str, lines: &LineIndex<'_>, offset: usize) -> Location {
        let at = lines.line_col(offset);
        Location {
            file: Some(name.to_string()),
            line: Some(at.line),
            column: Some(at.column),
            utf16_column: Some(at.utf16_column),
        }
    }

    /// The byte `offset` of `text` in file `name`, or the file alone when there is no offset.
    pub fn in_text(name: &str, text: &str, offset: Option<usize>) -> Location {
        match offset {
            Some(offset) => Location::at(name, &LineIndex::new(text), offset),
            None => Location::file(name),
        }
    }

    /// Formats as `file:line:column`, leaving out what is unknown.
    pub fn prefix(&self) -> String {
        let mut out = self.file.clone().unwrap_or_default();
        if let (Some(line), Some(column)) = (self.line, self.column) {
            out.push_str(&format!(":{line}:{column}"));
        }
        out
    }
}

/// A byte offset into a named text (or the file as a whole, with none): what the core carries
/// until a result is assembled, when it becomes a [`Location`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextOffset<'t> {
    /// The file, as the caller named it.
    pub file: &'t str,
    /// The file's text.
    pub text: &'t str,
    /// The byte offset in it, when there is one.
    pub offset: Option<usize>,
}

impl TextOffset<'_> {
    /// The offset's line and column in its file, as people count them.
    pub fn location(&self) -> Location {
        Location::in_text(self.file, self.text, self.offset)
    }
}

/// A located problem with an input: which file, where, and what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Diagnostic {
    /// Where: the file always, the position when there is one.
    #[serde(flatten)]
    pub at: Location,
    /// What is wrong, for a person.
    pub message: String,
}

impl Diagnostic {
    /// A problem with `file` as a whole.
    pub fn in_file(file: &str, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            at: Location::file(file),
            message: message.into(),
        }
    }

    /// A problem at byte `offset` of `text`, the contents of `file`.
    pub fn at(file: &str, text: &str, offset: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            at: Location::in_text(file, text, Some(offset)),
            message: message.into(),
        }
    }
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.at.prefix(), self.message)
    }
}

#[cfg(test)]
mod tests {
    /// Every text of up to seven bytes of `a`, `\r` and `\n`, with every offset up to one past
    /// its end: the line read around the offset is the index's.
    #[test]
    fn every_line_read_around_an_offset_is_the_line_index_s() {
        use super::{LineIndex, line_around, without_ending};
        let (mut texts, mut last) = (vec![String::new()], vec![String::new()]);
        for _ in 0..7 {
            last = (last.iter())
                .flat_map(|t| ["a", "\r", "\n"].map(|c| format!("{t}{c}")))
                .collect();
            texts.extend(last.iter().cloned());
        }
        for text in &texts {
            let index = LineIndex::new(text);
            for offset in 0..=text.len() + 1 {
                let line = index.line_of(offset);
                let around = line_around(text, offset);
                assert_eq!(
                    Some(around.clone()),
                    index.line_range_with_ending(line),
                    "{text:?} {offset}"
                );
                assert_eq!(
                    Some(without_ending(text, around)),
                    index.line_range(line),
                    "{text:?}"
                );
            }
        }
    }

    use super::*;

    #[test]
    fn line_starts_are_found_at_every_position_of_a_word() {
        let naive = |text: &str| {
            let mut starts = vec![0];
            let bytes = text.as_bytes();
            for (i, b) in bytes.iter().enumerate() {
                let crlf = *b == b'\r' && bytes.get(i + 1) == Some(&b'\n');
                if *b == b'\n' || (*b == b'\r' && !crlf) {
                    starts.push(i + 1);
                }
            }
            starts
        };
        for at in 0..20 {
            for breaks in ["\n", "\r", "\r\n", "\n\n", "\r\r\n", "é\n"] {
                let text = format!("{}{breaks}{}", "k".repeat(at), "v: 1".repeat(at % 5));
                assert_eq!(LineIndex::new(&text).starts, naive(&text), "{text:?}");
            }
        }
        assert!(crate::text::has_crlf("a\rb\r\n") && !crate::text::has_crlf("a\rb\n\r"));
    }

    #[test]
    fn counts_utf16_units_as_javascript_does() {
        for text in [
            "",
            "plain ascii text, longer than a word",
            "é",
            "aé€😀b",
            "x😀😀yyyyyyyyyyyyé",
        ] {
            assert_eq!(utf16_len(text), text.encode_utf16().count(), "{text}");
            for cut in (0..=text.len()).filter(|&at| text.is_char_boundary(at)) {
                assert_eq!(utf16_len(&text[cut..]), text[cut..].encode_utf16().count());
            }
        }
    }

    #[test]
    fn counts_columns_in_chars_and_utf16() {
        let text = "é: 你好 🎉 x\nb";
        let index = LineIndex::new(text);
        let x = text.find('x').unwrap();
        assert_eq!(
            index.line_col(x),
            LineCol {
                line: 1,
                column: 9,
                utf16_column: 10
            }
        );
        assert_eq!(index.offset(1, 9), Some(x));
        assert_eq!(index.offset_utf16(1, 10), Some(x));
        // The middle of the surrogate pair is not a position.
        assert_eq!(index.offset_utf16(1, 8), None);
        let b = text.find('b').unwrap();
        assert_eq!(index.line_col(b).line, 2);
        assert_eq!(index.line_col(b).column, 1);
    }

    #[test]
    fn handles_crlf_lone_cr_and_no_final_newline() {
        let text = "a: 1\r\nb: 2\rc: 3\nd";
        let index = LineIndex::new(text);
        assert_eq!(index.line_count(), 4);
        assert_eq!(&text[index.line_range(1).unwrap()], "a: 1");
        assert_eq!(&text[index.line_range_with_ending(1).unwrap()], "a: 1\r\n");
        assert_eq!(&text[index.line_range_with_ending(2).unwrap()], "b: 2\r");
        assert_eq!(&text[index.line_range(3).unwrap()], "c: 3");
        assert_eq!(&text[index.line_range_with_ending(4).unwrap()], "d");
        assert_eq!(index.line_range(5), None);
        assert_eq!(index.line_range(0), None);
        assert_eq!(index.line_col(text.len()).line, 4);
        // The line ending belongs to its line.
        assert_eq!(index.line_col(4).line, 1);
        assert_eq!(index.line_col(5).line, 1);
        assert_eq!(index.line_col(6).line, 2);
    }

    #[test]
    fn final_newline_opens_an_empty_last_line() {
        let text = "a\n";
        let index = LineIndex::new(text);
        assert_eq!(index.line_count(), 2);
        assert_eq!(index.line_range(2), Some(2..2));
        assert_eq!(index.line_col(2).line, 2);
        assert_eq!(index.offset(1, 2), Some(1));
        assert_eq!(index.offset(1, 3), None);
    }

    #[test]
    fn offsets_inside_a_character_count_as_that_character() {
        let text = "é";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(1).column, 1);
    }
}
