//! The one place where saphyr's character indices become byte offsets.

use values_migrate_yaml_parser::Marker;

/// How many characters lie between two checkpoints of the table.
const STRIDE: usize = 64;

/// Converts character indices (what saphyr's `Marker::index()` counts) into byte offsets.
///
/// ASCII text needs no table; otherwise the byte offset of every 64th character is kept,
/// so a lookup walks at most 63 characters (none in a stretch that is ASCII) and the table
/// costs one word per 64 characters.
pub(crate) struct CharOffsets<'a> {
    text: &'a str,
    ascii: bool,
    checkpoints: Vec<usize>,
}

impl<'a> CharOffsets<'a> {
    /// Builds the table for `text`.
    pub(crate) fn new(text: &'a str) -> Self {
        let ascii = text.is_ascii();
        let checkpoints = if ascii { Vec::new() } else { checkpoints(text) };
        CharOffsets {
            text,
            ascii,
            checkpoints,
        }
    }

    /// The byte offset of the character at `index`, or the text's length past its end.
    pub(crate) fn byte(&self, index: usize) -> usize {
        let len = self.text.len();
        if self.ascii {
            return index.min(len);
        }
        let Some(&start) = self.checkpoints.get(index / STRIDE) else {
            return len;
        };
        let rest = index % STRIDE;
        // A stretch of STRIDE characters in STRIDE bytes is ASCII: no walk (most of a values file).
        let next = self.checkpoints.get(index / STRIDE + 1);
        if next.is_some_and(|&next| next - start == STRIDE) {
            return start + rest;
        }
        match self.text[start..].char_indices().nth(rest) {
            Some((offset, _)) => start + offset,
            None => len,
        }
    }

    /// The byte offset of a saphyr marker.
    pub(crate) fn marker(&self, marker: &Marker) -> usize {
        self.byte(marker.index())
    }
}

/// The byte offset of every `STRIDE`th character of `text`, read byte by byte: a character
/// starts at each byte that is not a continuation byte (`10xxxxxx`). (`char_indices().step_by`
/// decodes every character and was a tenth of the browser build's migrate of a real file.)
fn checkpoints(text: &str) -> Vec<usize> {
    let mut checkpoints = Vec::with_capacity(text.len() / STRIDE + 1);
    let mut until_next = 0;
    for (byte, &b) in text.as_bytes().iter().enumerate() {
        if b & 0xC0 != 0x80 {
            if until_next == 0 {
                checkpoints.push(byte);
                until_next = STRIDE;
            }
            until_next -= 1;
        }
    }
    checkpoints
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_every_character_index() {
        let text = "é: 你好 🎉\r\nb: x".repeat(20) + &"ascii: x\n".repeat(30) + "ü";
        let table = CharOffsets::new(&text);
        for (index, (byte, _)) in text.char_indices().enumerate() {
            assert_eq!(table.byte(index), byte, "character {index}");
        }
        let count = text.chars().count();
        assert_eq!(table.byte(count), text.len());
        assert_eq!(table.byte(count + 100), text.len());
    }

    #[test]
    fn ascii_is_the_identity() {
        let table = CharOffsets::new("abc");
        assert_eq!(table.byte(2), 2);
        assert_eq!(table.byte(9), 3);
    }
}
