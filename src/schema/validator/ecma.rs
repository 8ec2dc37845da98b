//! ECMA-262 patterns (`pattern`, `patternProperties`) translated for regex-lite, as
//! jsonschema-regex 0.61 translated them, without its regex-syntax parser: Rust's class set
//! operators escaped (`escape_class_set_syntax`, jsonschema-regex's own code, MIT), `\d`, `\w`,
//! `\s` and their negations as ECMA-262 reads them (ASCII digits and word characters, ECMA
//! whitespace), `.` without any line terminator, `\cX` as the control character. What the
//! translation leaves, regex-lite parses (or refuses).

use std::borrow::Cow;

/// Inclusive ranges of ECMA-262 `\s`: `WhiteSpace` (TAB, VT, FF, every `Zs`, BOM) and `LineTerminator`.
const ECMA_WHITESPACE: &str = "\\x{9}-\\x{d}\\x{20}-\\x{20}\\x{a0}-\\x{a0}\\x{1680}-\\x{1680}\\x{2000}-\\x{200a}\\x{2028}-\\x{2029}\\x{202f}-\\x{202f}\\x{205f}-\\x{205f}\\x{3000}-\\x{3000}\\x{feff}-\\x{feff}";

/// Everything but ECMA-262 whitespace, as ranges.
const NOT_ECMA_WHITESPACE: &str = "\\x{0}-\\x{8}\\x{e}-\\x{1f}\\x{21}-\\x{9f}\\x{a1}-\\x{167f}\\x{1681}-\\x{1fff}\\x{200b}-\\x{2027}\\x{202a}-\\x{202e}\\x{2030}-\\x{205e}\\x{2060}-\\x{2fff}\\x{3001}-\\x{fefe}\\x{ff00}-\\x{10ffff}";

/// The regex-lite pattern for the ECMA-262 `pattern`, or `None` when it cannot be one.
pub(crate) fn to_rust_regex(pattern: &str) -> Option<String> {
    let escaped = escape_class_set_syntax(pattern);
    let mut out = String::with_capacity(escaped.len() + 16);
    let mut chars = escaped.chars().peekable();
    // Inside a class, and whether a `]` now would be its first member (a literal).
    let (mut in_class, mut class_start) = (false, false);
    while let Some(c) = chars.next() {
        let at_start = class_start;
        class_start = false;
        match c {
            '\\' => {
                let next = chars.next()?;
                match next {
                    'd' | 'D' | 'w' | 'W' | 's' | 'S' if in_class => {
                        out.push_str(perl_members(next));
                    }
                    'd' | 'D' | 'w' | 'W' | 's' | 'S' => out.push_str(&perl_class(next)),
                    'c' => match chars.peek() {
                        Some(letter) if letter.is_ascii_alphabetic() => {
                            out.push(char::from((*letter as u8) % 32));
                            chars.next();
                        }
                        _ => return None,
                    },
                    'a' if !in_class => return None,
                    _ => {
                        out.push('\\');
                        out.push(next);
                    }
                }
            }
            '[' if !in_class => {
                in_class = true;
                class_start = true;
                out.push('[');
                if chars.peek() == Some(&'^') {
                    chars.next();
                    out.push('^');
                }
            }
            ']' if in_class && !at_start => {
                in_class = false;
                out.push(']');
            }
            '.' if !in_class => out.push_str("[^\\n\\r\\x{2028}\\x{2029}]"),
            _ => out.push(c),
        }
    }
    Some(out)
}

/// The members of a Perl class escape written inside a class: regex-lite has no nested classes,
/// so a negated one is spelled as its complement's ranges.
fn perl_members(escape: char) -> &'static str {
    match escape {
        'd' => "0-9",
        'D' => "\\x{0}-\\x{2f}\\x{3a}-\\x{10ffff}",
        'w' => "A-Za-z0-9_",
        'W' => "\\x{0}-\\x{2f}\\x{3a}-\\x{40}\\x{5b}-\\x{5e}\\x{60}\\x{7b}-\\x{10ffff}",
        's' => ECMA_WHITESPACE,
        _ => NOT_ECMA_WHITESPACE,
    }
}

/// The class an ECMA-262 Perl class escape (`\d`, `\W`, …) stands for.
fn perl_class(escape: char) -> String {
    let negated = if escape.is_ascii_uppercase() { "^" } else { "" };
    let members = match escape.to_ascii_lowercase() {
        'd' => "0-9",
        'w' => "A-Za-z0-9_",
        _ => ECMA_WHITESPACE,
    };
    format!("[{negated}{members}]")
}

#[derive(Clone, Copy, PartialEq)]
enum ClassState {
    AtItemStart,
    AfterRangeStart,
    ExpectRangeEnd,
}

impl ClassState {
    fn consume_atom(&mut self) {
        *self = match self {
            Self::ExpectRangeEnd => Self::AtItemStart,
            Self::AtItemStart | Self::AfterRangeStart => Self::AfterRangeStart,
        };
    }
}

fn escape_class_set_syntax(pattern: &str) -> Cow<'_, str> {
    let mut escapes = Vec::new();
    let mut in_class = false;
    let mut escaped = false;
    let mut class_state = ClassState::AtItemStart;
    let mut previous_atom_is_class_escape = false;
    let mut class_initial = false;
    let mut chars = pattern.char_indices().peekable();
    while let Some((offset, c)) = chars.next() {
        if escaped {
            escaped = false;
            if in_class {
                class_state.consume_atom();
                previous_atom_is_class_escape = matches!(c, 'd' | 'D' | 's' | 'S' | 'w' | 'W');
                class_initial = false;
            }
            continue;
        }
        if c == '\\' {
            escaped = true;
            continue;
        }
        if c == '[' {
            if in_class {
                escapes.push(offset);
                class_state.consume_atom();
                previous_atom_is_class_escape = false;
                class_initial = false;
            } else {
                in_class = true;
                class_state = ClassState::AtItemStart;
                previous_atom_is_class_escape = false;
                class_initial = true;
            }
            continue;
        }
        if c == ']' && in_class {
            in_class = false;
            class_state = ClassState::AtItemStart;
            previous_atom_is_class_escape = false;
            continue;
        }
        if !in_class {
            continue;
        }
        if c == '^' && class_initial {
            class_initial = false;
            continue;
        }
        if c == '-'
            && previous_atom_is_class_escape
            && chars.peek().is_some_and(|(_, next)| *next == '-')
        {
            // Without the Unicode flag, a class escape cannot participate in a range. Annex B
            // treats both hyphens in forms such as `[\w--z]` as literals.
            escapes.push(offset);
            let (next_offset, _) = chars.next().expect("the next character was peeked");
            escapes.push(next_offset);
            class_state.consume_atom();
            previous_atom_is_class_escape = false;
            class_initial = false;
            continue;
        }
        if c == '-'
            && class_state == ClassState::AfterRangeStart
            && chars.peek().is_some_and(|(_, next)| *next != ']')
        {
            // This hyphen is an ECMAScript range delimiter. Keep it unescaped so ranges such as
            // the `--b` part of `[a-z--b]` preserve their meaning.
            class_state = ClassState::ExpectRangeEnd;
            previous_atom_is_class_escape = false;
            continue;
        }
        if matches!(c, '&' | '~') && chars.peek().is_some_and(|(_, next)| *next == c) {
            escapes.push(offset);
            let (next_offset, _) = chars.next().expect("the next character was peeked");
            escapes.push(next_offset);
            class_state.consume_atom();
        } else if c == '-'
            && (pattern.as_bytes().get(offset.wrapping_sub(1)) == Some(&b'-')
                || chars.peek().is_some_and(|(_, next)| *next == '-'))
        {
            // Only escape literal hyphens. At least one hyphen in every valid adjacent pair is a
            // class atom, and escaping that atom is sufficient to avoid Rust's `--` operator.
            escapes.push(offset);
        }
        class_state.consume_atom();
        previous_atom_is_class_escape = false;
        class_initial = false;
    }
    if escapes.is_empty() {
        return Cow::Borrowed(pattern);
    }
    let mut translated = String::with_capacity(pattern.len() + escapes.len());
    let mut escapes = escapes.into_iter().peekable();
    for (offset, c) in pattern.char_indices() {
        if escapes.next_if_eq(&offset).is_some() {
            translated.push('\\');
        }
        translated.push(c);
    }
    Cow::Owned(translated)
}

#[cfg(test)]
mod tests {
    use super::to_rust_regex;

    #[test]
    fn translates_perl_classes_and_dot_as_ecma_reads_them() {
        let t = |p: &str| to_rust_regex(p).unwrap();
        assert_eq!(t(r"^\d+$"), "^[0-9]+$");
        assert_eq!(t(r"^[\w.-]+$"), r"^[A-Za-z0-9_.-]+$");
        assert_eq!(t("a.b"), r"a[^\n\r\x{2028}\x{2029}]b");
        assert_eq!(t("[.]"), "[.]");
        assert_eq!(t(r"\cJ"), "\n");
        assert_eq!(to_rust_regex(r"\a"), None);
        let re = regex_lite::Regex::new(&t(r"^[\D\s]$")).unwrap();
        assert!(re.is_match("a") && re.is_match("\u{2028}") && !re.is_match("5"));
    }
}
