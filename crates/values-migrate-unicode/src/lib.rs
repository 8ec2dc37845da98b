//! Go's view of characters, shared by the Go ports (the schema validator, the template parser,
//! Go's regexp and the renderer): Unicode 15.0.0's general categories and scripts as Go 1.26 carries them, the classes
//! `unicode.IsLetter`, `unicode.IsDigit` and `strconv.IsPrint` read off them, and Go's `%q`.

mod tables;

pub use tables::{CATEGORIES, CATEGORY_RUNS, FOLD_CLASSES, SCRIPT_RUNS, SCRIPTS};

use std::fmt::Write;
use std::sync::OnceLock;

/// Calls `each` with every simple case folding class (sorted members, two or more).
pub fn fold_classes(mut each: impl FnMut(&[u32])) {
    let mut at = 0;
    let mut first = 0;
    let mut members = Vec::new();
    while at < FOLD_CLASSES.len() {
        first += leb128(FOLD_CLASSES, &mut at);
        let count = leb128(FOLD_CLASSES, &mut at);
        let stride = leb128(FOLD_CLASSES, &mut at);
        let others = leb128(FOLD_CLASSES, &mut at);
        let offsets: Vec<u32> = (0..others).map(|_| leb128(FOLD_CLASSES, &mut at)).collect();
        for k in 0..count {
            let base = first + k * stride;
            members.clear();
            members.push(base);
            members.extend(offsets.iter().map(|o| base + o));
            each(&members);
        }
    }
}

/// Reads one LEB128 number of `table` at `*at`, moving `*at` past it.
pub fn leb128(table: &[u8], at: &mut usize) -> u32 {
    let mut value = 0;
    let mut shift = 0;
    while let Some(&byte) = table.get(*at) {
        *at += 1;
        value |= u32::from(byte & 0x7F) << shift;
        shift += 7;
        if byte & 0x80 == 0 {
            break;
        }
    }
    value
}

/// The first code point of each category run and the run's category, decoded once.
fn category_starts() -> &'static [(u32, u8)] {
    static STARTS: OnceLock<Vec<(u32, u8)>> = OnceLock::new();
    STARTS.get_or_init(|| {
        let mut starts = Vec::with_capacity(4096);
        let (mut at, mut start) = (0, 0u32);
        while at < CATEGORY_RUNS.len() {
            let value = CATEGORY_RUNS[at];
            at += 1;
            starts.push((start, value));
            start += leb128(CATEGORY_RUNS, &mut at);
        }
        starts
    })
}

/// The two-letter general category of `c` (`Lu`, `Nd`, `Cn` …) as Go's tables give it.
pub fn category(c: char) -> &'static str {
    let starts = category_starts();
    let at = starts.partition_point(|&(start, _)| start <= c as u32);
    let value = at.checked_sub(1).map_or(2, |i| starts[i].1);
    CATEGORIES[usize::from(value)]
}

/// Whether Go's `unicode.IsLetter` holds (category `L`).
pub fn is_letter(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic();
    }
    category(c).starts_with('L')
}

/// Whether Go's `unicode.IsDigit` holds (category `Nd`).
pub fn is_digit(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_digit();
    }
    category(c) == "Nd"
}

/// Whether Go's `strconv.IsPrint` holds: letters, marks, numbers, punctuation, symbols and the
/// ASCII space.
pub fn is_print(c: char) -> bool {
    if c.is_ascii() {
        return (0x20..0x7f).contains(&(c as u32));
    }
    matches!(category(c).as_bytes()[0], b'L' | b'M' | b'N' | b'P' | b'S')
}

/// `text` as Go's `%q` writes it between `delim`s (`"` as `strconv.Quote`, `'` as
/// santhosh-tekuri's messages).
pub fn quote(text: &str, delim: char) -> String {
    quote_bytes(text.as_bytes(), delim)
}

/// `bytes` as Go's `%q` writes them between `delim`s: as `quote`, each byte that is not part of
/// a valid UTF-8 sequence as `\xNN`.
pub fn quote_bytes(bytes: &[u8], delim: char) -> String {
    let mut out = String::with_capacity(bytes.len() + 2);
    out.push(delim);
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            push_quoted(&mut out, c, delim);
        }
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02x}");
        }
    }
    out.push(delim);
    out
}

/// One character of a `%q`-quoted string between `delim`s.
fn push_quoted(out: &mut String, c: char, delim: char) {
    match c {
        '\\' => out.push_str("\\\\"),
        c if c == delim => {
            out.push('\\');
            out.push(c);
        }
        '\u{7}' => out.push_str("\\a"),
        '\u{8}' => out.push_str("\\b"),
        '\u{c}' => out.push_str("\\f"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        '\u{b}' => out.push_str("\\v"),
        c if is_print(c) => out.push(c),
        c if (c as u32) < 0x20 || c == '\u{7f}' => {
            let _ = write!(out, "\\x{:02x}", c as u32);
        }
        c if (c as u32) < 0x10000 => {
            let _ = write!(out, "\\u{:04x}", c as u32);
        }
        c => {
            let _ = write!(out, "\\U{:08x}", c as u32);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_agree_with_go_on_samples() {
        for c in ['é', 'ñ', 'Ж', '本', 'パ', 'ª', '\u{31350}', '\u{1e4d0}'] {
            assert!(is_letter(c), "{c:?}");
        }
        for c in [
            '\u{301}',
            '²',
            'Ⅻ',
            '٣',
            '\u{a0}',
            '€',
            '\u{e4ff}',
            '\u{323b0}',
        ] {
            assert!(!is_letter(c), "{c:?}");
        }
        for c in ['٣', '४', '\u{11f50}', '\u{1d7ce}'] {
            assert!(is_digit(c), "{c:?}");
        }
        for c in ['²', 'Ⅻ', 'a', '\u{1d7cd}'] {
            assert!(!is_digit(c), "{c:?}");
        }
        assert!(is_print('é') && is_print('本') && is_print(' ') && is_print('\u{301}'));
        assert!(!is_print('\u{a0}') && !is_print('\u{200b}') && !is_print('\u{1}'));
        // Unassigned and private-use code points are not printable.
        assert!(!is_print('\u{378}') && !is_print('\u{e000}') && !is_print('\u{10ffff}'));
    }

    #[test]
    fn quotes_as_go_does() {
        assert_eq!(quote("a\"b'c\\", '"'), r#""a\"b'c\\""#);
        assert_eq!(quote("a\"b'c\\", '\''), r#"'a"b\'c\\'"#);
        assert_eq!(quote("\u{7}\t\u{1}\u{7f}é", '"'), r#""\a\t\x01\x7fé""#);
        assert_eq!(quote("\u{a0}\u{e0001}", '"'), r#""\u00a0\U000e0001""#);
    }

    #[test]
    fn the_last_run_reaches_the_last_code_point() {
        assert_eq!(category('\u{10ffff}'), "Cn");
        assert_eq!(category('A'), "Lu");
        assert_eq!(category('\0'), "Cc");
    }
}
