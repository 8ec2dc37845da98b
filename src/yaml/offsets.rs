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

/// The byte offset of every `STRIDE`th character of `text`: eight ASCII bytes at a time, else
/// byte by byte, a character starting at each byte that is not a continuation byte
/// (`10xxxxxx`). (`char_indices().step_by` decodes every character and was a tenth of the
/// browser build's migrate of a real file.)
fn checkpoints(text: &str) -> Vec<usize> {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let bytes = text.as_bytes();
    let mut checkpoints = Vec::with_capacity(text.len() / STRIDE + 1);
    // The characters before byte `at`, and the index of the next checkpoint's character.
    let (mut chars, mut want, mut at) = (0, 0, 0);
    while at < bytes.len() {
        if let Some(word) = bytes.get(at..at + 8)
            && u64::from_le_bytes(word.try_into().unwrap_or([0x80; 8])) & HIGH == 0
        {
            // Eight characters: the next checkpoint is among them or later (`STRIDE` ≥ 8).
            if want < chars + 8 {
                checkpoints.push(at + want - chars);
                want += STRIDE;
            }
            (chars, at) = (chars + 8, at + 8);
            continue;
        }
        if bytes[at] & 0xC0 != 0x80 {
            if chars == want {
                checkpoints.push(at);
                want += STRIDE;
            }
            chars += 1;
        }
        at += 1;
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
    fn the_checkpoints_are_every_64th_characters_byte() {
        let pieces = ["a", "é", "你", "🎉", "\r\n", "abcdefgh", "é1234567"];
        for round in 0..400usize {
            // A text of pieces in an order and a length that change with the round.
            let text: String = (0..round)
                .map(|i| pieces[(i * 7 + round) % pieces.len()])
                .collect();
            let want: Vec<usize> = text
                .char_indices()
                .step_by(STRIDE)
                .map(|(b, _)| b)
                .collect();
            assert_eq!(checkpoints(&text), want, "{text:?}");
        }
    }

    #[test]
    fn ascii_is_the_identity() {
        let table = CharOffsets::new("abc");
        assert_eq!(table.byte(2), 2);
        assert_eq!(table.byte(9), 3);
    }
}
