//! The one error type of the YAML model: a message and the byte range it is about.

use std::fmt;
use std::ops::Range;

use crate::text::LineIndex;

/// What kind of problem a [`YamlError`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum YamlErrorKind {
    /// The text is not well-formed YAML.
    Syntax,
    /// The input is larger than [`Limits::max_input_bytes`](super::Limits).
    TooLarge,
    /// Collections are nested deeper than [`Limits::max_depth`](super::Limits).
    TooDeep,
    /// Aliases expand to more nodes than [`Limits::max_alias_nodes`](super::Limits).
    TooManyAliasNodes,
    /// An alias refers to a node that contains it.
    RecursiveAlias,
    /// A scalar cannot be read under its tag or cannot be held by JSON (such as `.nan`).
    Value,
    /// A mapping key cannot become a JSON object key (such as a null or a mapping).
    Key,
    /// A merge key (`<<`) whose value is not a mapping or a sequence of mappings.
    Merge,
}

/// A problem found while reading YAML, located by byte offsets into the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YamlError {
    kind: YamlErrorKind,
    message: String,
    range: Range<usize>,
}

impl YamlError {
    /// An error of `kind` about the bytes in `range`.
    pub fn new(kind: YamlErrorKind, message: impl Into<String>, range: Range<usize>) -> Self {
        YamlError {
            kind,
            message: message.into(),
            range,
        }
    }

    /// What kind of problem this is.
    pub fn kind(&self) -> YamlErrorKind {
        self.kind
    }

    /// The human message, without a position.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The byte range the error is about (may be empty).
    pub fn range(&self) -> Range<usize> {
        self.range.clone()
    }

    /// The byte offset where the error starts.
    pub fn offset(&self) -> usize {
        self.range.start
    }

    /// The 1-based line, character column and UTF-16 column of the error in `text`.
    pub fn line_col(&self, text: &str) -> (usize, usize, usize) {
        let at = LineIndex::new(text).line_col(self.range.start);
        (at.line, at.column, at.utf16_column)
    }

    /// Renders `file:line:column: message`, then the source line and a caret under the error.
    pub fn display_with(&self, file: &str, text: &str) -> String {
        let index = LineIndex::new(text);
        let at = index.line_col(self.range.start);
        let mut out = format!("{file}:{}:{}: {}", at.line, at.column, self.message);
        let Some(line) = index.line_range(at.line) else {
            return out;
        };
        let source = &text[line.clone()];
        let start = self.range.start.clamp(line.start, line.end) - line.start;
        let end = self.range.end.clamp(line.start, line.end) - line.start;
        let start = floor_char_boundary(source, start);
        let end = floor_char_boundary(source, end.max(start));
        // Tabs stay tabs so the caret lines up however the terminal renders them.
        let pad: String = source[..start]
            .chars()
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let width = source[start..end].chars().count().max(1);
        out.push('\n');
        out.push_str(source);
        out.push('\n');
        out.push_str(&pad);
        out.push_str(&"^".repeat(width));
        out
    }
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

impl fmt::Display for YamlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.range.start)
    }
}

impl std::error::Error for YamlError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_a_caret_under_the_range() {
        let text = "a: 1\nb: 🎉 [x\n";
        let start = text.find('[').unwrap();
        let error = YamlError::new(YamlErrorKind::Syntax, "unclosed", start..start + 1);
        assert_eq!(
            error.display_with("values.yaml", text),
            "values.yaml:2:6: unclosed\nb: 🎉 [x\n     ^"
        );
        assert_eq!(error.line_col(text), (2, 6, 7));
    }

    #[test]
    fn renders_errors_at_the_end_of_the_text() {
        let text = "a: \"x";
        let error = YamlError::new(YamlErrorKind::Syntax, "eof", text.len()..text.len());
        assert_eq!(error.display_with("f", text), "f:1:6: eof\na: \"x\n     ^");
        let text = "a\n";
        let error = YamlError::new(YamlErrorKind::Syntax, "eof", 2..2);
        assert_eq!(error.display_with("f", text), "f:2:1: eof\n\n^");
    }

    #[test]
    fn keeps_tabs_in_the_caret_line() {
        let text = "\tab";
        let error = YamlError::new(YamlErrorKind::Syntax, "m", 2..3);
        assert_eq!(error.display_with("f", text), "f:1:3: m\n\tab\n\t ^");
    }
}
