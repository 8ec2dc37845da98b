//! Word functions ported from goutils (`WrapCustom`) and xstrings v1.5 (`ToSnakeCase`,
//! `ToKebabCase`, `ToPascalCase`), step for step.

use super::{Case, is_space, is_upper, to_case};
use crate::func::CallError;

/// goutils' `WrapCustom`, by bytes; a cut inside a character is refused; `cap` bounds the output.
pub(crate) fn wrap_custom(
    s: &str,
    width: i64,
    sep: &str,
    long_words: bool,
    cap: u64,
) -> Result<String, CallError> {
    if s.is_empty() {
        return Ok(String::new());
    }
    let sep = if sep.is_empty() { "\n" } else { sep };
    let width = usize::try_from(width.max(1)).unwrap_or(usize::MAX);
    let bytes = s.as_bytes();
    let mut out: Vec<u8> = Vec::new();
    let mut offset = 0usize;
    while bytes.len() - offset > width {
        if out.len() as u64 > cap {
            return Err(CallError::Budget(
                "the render made more text than its budget allows".to_string(),
            ));
        }
        if bytes.get(offset) == Some(&b' ') {
            offset += 1;
            continue;
        }
        let end = width + offset + 1;
        let window = bytes.get(offset..end).unwrap_or(&[]);
        if let Some(space) = window.iter().rposition(|b| *b == b' ') {
            out.extend_from_slice(bytes.get(offset..offset + space).unwrap_or(&[]));
            out.extend_from_slice(sep.as_bytes());
            offset += space + 1;
        } else if long_words {
            out.extend_from_slice(bytes.get(offset..offset + width).unwrap_or(&[]));
            out.extend_from_slice(sep.as_bytes());
            offset += width;
        } else {
            let end = width + offset;
            match bytes
                .get(end..)
                .and_then(|rest| rest.iter().position(|b| *b == b' '))
            {
                None => {
                    out.extend_from_slice(bytes.get(offset..).unwrap_or(&[]));
                    offset = bytes.len();
                }
                Some(index) => {
                    out.extend_from_slice(bytes.get(offset..end + index).unwrap_or(&[]));
                    out.extend_from_slice(sep.as_bytes());
                    offset = end + index + 1;
                }
            }
        }
    }
    out.extend_from_slice(bytes.get(offset..).unwrap_or(&[]));
    String::from_utf8(out).map_err(|_| {
        CallError::Unsupported("wrapWith cutting inside a multi-byte character".to_string())
    })
}

/// xstrings' `isConnector`: `-`, `_` or a space.
fn is_connector(c: char) -> bool {
    c == '-' || c == '_' || is_space(c)
}

/// xstrings' `isAlphabet`: a letter that is not a CJK ideograph.
fn is_alphabet(c: char) -> bool {
    if !values_migrate_unicode::is_letter(c) {
        return false;
    }
    !matches!(c, '\u{4E00}'..='\u{9FCC}' | '\u{3400}'..='\u{4D85}' | '\u{20000}'..='\u{2B81D}')
}

/// Go's `unicode.IsNumber` (category `N`).
fn is_number(c: char) -> bool {
    values_migrate_unicode::category(c).starts_with('N')
}

/// Go's `unicode.IsPunct` (category `P`).
fn is_punct(c: char) -> bool {
    values_migrate_unicode::category(c).starts_with('P')
}

/// xstrings' word kinds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Word {
    /// `invalidWord`: nothing left.
    Invalid,
    /// `numberWord`
    Number,
    /// `upperCaseWord`
    Upper,
    /// `alphabetWord`
    Alphabet,
    /// `connectorWord`
    Connector,
    /// `punctWord`
    Punct,
    /// `otherWord`
    Other,
}

/// The length of the leading run of characters that `keep` accepts.
fn run_len(s: &str, keep: impl Fn(char) -> bool) -> usize {
    s.char_indices()
        .find(|(_, c)| !keep(*c))
        .map_or(s.len(), |(i, _)| i)
}

/// xstrings' `nextWord`: the next word's kind, the word, and what remains.
fn next_word(s: &str) -> (Word, &str, &str) {
    let Some(first) = s.chars().next() else {
        return (Word::Invalid, "", "");
    };
    let size = first.len_utf8();
    let rest = &s[size..];
    let (kind, len) = if is_connector(first) {
        (Word::Connector, size + run_len(rest, is_connector))
    } else if is_punct(first) {
        (Word::Punct, size + run_len(rest, is_punct))
    } else if is_upper(first) {
        (Word::Upper, size + upper_word_rest(rest))
    } else if is_alphabet(first) {
        (
            Word::Alphabet,
            size + run_len(rest, |c| is_alphabet(c) && !is_upper(c)),
        )
    } else if is_number(first) {
        (Word::Number, size + run_len(rest, is_number))
    } else {
        let other = |c: char| !(is_connector(c) || is_alphabet(c) || is_number(c) || is_punct(c));
        (Word::Other, size + run_len(rest, other))
    };
    (kind, &s[..len], &s[len..])
}

/// How much of the text after a word's first upper-case letter belongs to the word.
fn upper_word_rest(rest: &str) -> usize {
    let Some(next) = rest.chars().next() else {
        return 0;
    };
    if is_upper(next) {
        let mut len = 0;
        let mut last = 0;
        let mut after = None;
        for c in rest.chars() {
            if !is_upper(c) {
                after = Some(c);
                break;
            }
            last = c.len_utf8();
            len += last;
        }
        // "HTTPStatus": the "S" starts the next word.
        if after.is_some_and(is_alphabet) {
            len -= last;
        }
        return len;
    }
    if is_alphabet(next) {
        return run_len(rest, |c| is_alphabet(c) && !is_upper(c));
    }
    0
}

/// xstrings' `toLower`: an upper-case or connector word lowered, connectors replaced.
fn push_lower(out: &mut String, kind: Word, word: &str, connector: char) {
    if kind != Word::Upper && kind != Word::Connector {
        out.push_str(word);
        return;
    }
    for c in word.chars() {
        if is_connector(c) {
            out.push(connector);
        } else if is_upper(c) {
            out.push(to_case(Case::Lower, c));
        } else {
            out.push(c);
        }
    }
}

/// xstrings' `camelCaseToLowerCase` (`ToSnakeCase` with `_`, `ToKebabCase` with `-`).
pub(crate) fn to_lower_case(s: &str, connector: char) -> String {
    let mut out = String::new();
    if s.is_empty() {
        return out;
    }
    let (mut kind, mut word, mut rest) = next_word(s);
    while !rest.is_empty() {
        if kind != Word::Connector {
            push_lower(&mut out, kind, word, connector);
        }
        let (prev, last) = (kind, word);
        (kind, word, rest) = next_word(rest);
        match prev {
            Word::Number => {
                while kind == Word::Alphabet || kind == Word::Number {
                    push_lower(&mut out, kind, word, connector);
                    (kind, word, rest) = next_word(rest);
                }
                if !matches!(kind, Word::Invalid | Word::Punct | Word::Connector) {
                    out.push(connector);
                }
            }
            Word::Connector => push_lower(&mut out, prev, last, connector),
            Word::Punct => {}
            _ => (kind, word, rest) = after_letters(&mut out, kind, word, rest, connector),
        }
    }
    push_lower(&mut out, kind, word, connector);
    out
}

/// The `default` branch of `camelCaseToLowerCase`: what follows a letter word.
fn after_letters<'s>(
    out: &mut String,
    mut kind: Word,
    mut word: &'s str,
    mut rest: &'s str,
    connector: char,
) -> (Word, &'s str, &'s str) {
    if kind != Word::Number {
        if kind != Word::Connector && kind != Word::Punct {
            out.push(connector);
        }
        return (kind, word, rest);
    }
    if rest.is_empty() {
        return (kind, word, rest);
    }
    let last = word;
    (kind, word, rest) = next_word(rest);
    // A number is part of the word before it ("Bld4Floor" → "bld4_floor").
    if kind != Word::Alphabet {
        push_lower(out, Word::Number, last, connector);
        if kind != Word::Connector && kind != Word::Punct {
            out.push(connector);
        }
        return (kind, word, rest);
    }
    // Lower-case letters after a number start a new word with it ("HTTP2xx" → "http_2xx").
    out.push(connector);
    push_lower(out, Word::Number, last, connector);
    while kind == Word::Alphabet || kind == Word::Number {
        push_lower(out, kind, word, connector);
        (kind, word, rest) = next_word(rest);
    }
    if !matches!(kind, Word::Invalid | Word::Connector | Word::Punct) {
        out.push(connector);
    }
    (kind, word, rest)
}

/// xstrings v1.5's `ToPascalCase` (`toCamelCase(str, true)`).
pub(crate) fn to_pascal_case(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    let mut first_upper = false;
    let mut r0 = None;
    for c in chars.by_ref() {
        if !is_connector(c) {
            first_upper = is_upper(c);
            r0 = Some(to_case(Case::Upper, c));
            break;
        }
        out.push(c);
    }
    let Some(mut r0) = r0 else {
        // Go writes the last connector a second time when there is nothing else.
        if let Some(last) = s.chars().last() {
            out.push(last);
        }
        return out;
    };
    for c in chars {
        let r1 = r0;
        r0 = c;
        if is_connector(r0) && is_connector(r1) {
            out.push(r1);
            continue;
        }
        if is_connector(r1) {
            first_upper = is_upper(r0);
            r0 = to_case(Case::Upper, r0);
        } else {
            if first_upper {
                if is_upper(r0) {
                    r0 = to_case(Case::Lower, r0);
                } else {
                    first_upper = false;
                }
            }
            out.push(r1);
        }
    }
    out.push(r0);
    out
}
