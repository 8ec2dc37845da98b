//! Plain scalars read as numbers: one scan of how a number is written, and the number each YAML
//! reader that matters makes of it (go-yaml as Helm reads, the YAML 1.2 core schema, YAML 1.1 as
//! PyYAML resolves it); the readers' grammars, with a source for each, are in `docs/typing.md`.

use std::borrow::Cow;

use super::gonum::{self, NumError};

/// A YAML reader, by how it reads a plain scalar as a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NumberReader {
    /// go-yaml as Helm and Kubernetes read YAML (sigs.k8s.io/yaml's go-yaml v2 fork): Go's
    /// `strconv` after every `_` is dropped, so `0755`, `0x1F`, `0o17`, `0b101` and `1_000` too.
    GoYaml,
    /// The YAML 1.2 core schema (10.3.2): decimal, `0o` and `0x` integers, decimal floats.
    Yaml12Core,
    /// YAML 1.1's `int` and `float` as PyYAML resolves them: `0755`, `0b`, `0x`, `_`, base 60.
    Yaml11,
}

impl NumberReader {
    /// Every reader, in the order their readings are asked.
    pub const ALL: [NumberReader; 3] = [
        NumberReader::GoYaml,
        NumberReader::Yaml12Core,
        NumberReader::Yaml11,
    ];
}

/// A number as a reader holds it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Number {
    /// An integer that an int64 holds.
    Int(i64),
    /// A positive integer past int64 that a uint64 holds.
    Uint(u64),
    /// An integer past 64 bits, as the nearest float.
    BigInt(f64),
    /// A float.
    Float(f64),
}

/// A plain scalar's text split as the number grammars read it (digit runs may hold `_`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written<'a> {
    /// The sign, when one is written.
    pub sign: Option<u8>,
    /// Whether an underscore is written anywhere.
    pub underscores: bool,
    /// What follows the sign.
    pub form: Form<'a>,
}

/// What follows a number's sign.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Form<'a> {
    /// `.inf`, `.Inf` or `.INF`.
    Infinity,
    /// `.nan`, `.NaN` or `.NAN`.
    NotANumber,
    /// `0x`, `0o` or `0b` (either case) and the digits after it.
    Prefixed {
        /// 16, 8 or 2.
        radix: u32,
        /// Whether the prefix's letter is lower case.
        lower: bool,
        /// The digits after the prefix (possibly none).
        digits: &'a str,
    },
    /// Base-60 parts separated by colons (`190:20:30`, `1:30.5`).
    Sexagesimal {
        /// The digits before the first colon.
        head: &'a str,
        /// The digits after each colon.
        parts: Vec<&'a str>,
        /// The digits after a `.` that ends the last part.
        fraction: Option<&'a str>,
    },
    /// Digits with an optional fraction and exponent (`10`, `.5`, `1.`, `1.5e-3`).
    Decimal {
        /// The digits before the `.` (possibly none).
        integer: &'a str,
        /// The digits after a `.`, when there is one.
        fraction: Option<&'a str>,
        /// The exponent's sign and digits, when an `e` or `E` is written.
        exponent: Option<(Option<u8>, &'a str)>,
    },
}

/// Whether every byte of `s` is a digit of `radix` or `_`.
fn digits_or_underscores(s: &str, radix: u32) -> bool {
    s.bytes()
        .all(|b| b == b'_' || char::from(b).is_digit(radix))
}

/// Whether `s` is one or more decimal digits (no `_`).
fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// The written form of `text` when it has the shape of a number to any reader, else `None`.
pub fn scan(text: &str) -> Option<Written<'_>> {
    let (sign, body) = match text.as_bytes().first() {
        Some(&b @ (b'+' | b'-')) => (Some(b), &text[1..]),
        _ => (None, text),
    };
    // Every form starts with a digit, `.` or (go-yaml dropping it) `_`: most text stops here.
    if !matches!(body.as_bytes().first(), Some(b'0'..=b'9' | b'.' | b'_')) {
        return None;
    }
    let form = match body {
        ".inf" | ".Inf" | ".INF" => Form::Infinity,
        ".nan" | ".NaN" | ".NAN" => Form::NotANumber,
        _ => match prefixed(body) {
            Some(form) => form,
            None if body.contains(':') => sexagesimal(body)?,
            None => decimal(body)?,
        },
    };
    Some(Written {
        sign,
        underscores: body.contains('_'),
        form,
    })
}

/// `0x…`, `0o…` or `0b…` with digits of that base (or `_`) after the prefix; go-yaml drops
/// underscores before and inside the prefix too (`0_x1F`).
fn prefixed(body: &str) -> Option<Form<'_>> {
    let rest = body.trim_start_matches('_').strip_prefix('0')?;
    let rest = rest.trim_start_matches('_');
    let letter = *rest.as_bytes().first()?;
    let radix = match letter {
        b'x' | b'X' => 16,
        b'o' | b'O' => 8,
        b'b' | b'B' => 2,
        _ => return None,
    };
    let digits = &rest[1..];
    // go-yaml reads the digits after `0b` with `ParseInt`, which takes a sign (`0b-1` is -1).
    let unsigned = match radix {
        2 => digits.strip_prefix(['+', '-']).unwrap_or(digits),
        _ => digits,
    };
    digits_or_underscores(unsigned, radix).then_some(Form::Prefixed {
        radix,
        lower: letter.is_ascii_lowercase(),
        digits,
    })
}

/// Digits and `_`, then `:`-separated digit parts, the last with an optional `.` fraction.
fn sexagesimal(body: &str) -> Option<Form<'_>> {
    let mut split = body.split(':');
    let head = split.next().filter(|h| !h.is_empty())?;
    let mut parts: Vec<&str> = split.collect();
    let last = parts.pop()?;
    let (last, fraction) = match last.split_once('.') {
        Some((digits, fraction)) => (digits, Some(fraction)),
        None => (last, None),
    };
    parts.push(last);
    let fits = digits_or_underscores(head, 10)
        && parts.iter().all(|p| all_digits(p))
        && fraction.is_none_or(|f| digits_or_underscores(f, 10));
    fits.then_some(Form::Sexagesimal {
        head,
        parts,
        fraction,
    })
}

/// `[0-9_]*(\.[0-9_]*)?([eE][-+]?[0-9_]*)?` with a digit before the exponent.
fn decimal(body: &str) -> Option<Form<'_>> {
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(at) => {
            let rest = &body[at + 1..];
            let sign = rest
                .as_bytes()
                .first()
                .copied()
                .filter(|b| b"+-".contains(b));
            let digits = &rest[usize::from(sign.is_some())..];
            (&body[..at], Some((sign, digits)))
        }
        None => (body, None),
    };
    let (integer, fraction) = match mantissa.split_once('.') {
        Some((integer, fraction)) => (integer, Some(fraction)),
        None => (mantissa, None),
    };
    let has_digit = |s: &str| s.bytes().any(|b| b.is_ascii_digit());
    let fits = digits_or_underscores(integer, 10)
        && fraction.is_none_or(|f| digits_or_underscores(f, 10))
        && exponent.is_none_or(|(_, e)| digits_or_underscores(e, 10))
        && (has_digit(integer) || fraction.is_some_and(has_digit));
    fits.then_some(Form::Decimal {
        integer,
        fraction,
        exponent,
    })
}

impl Written<'_> {
    /// `.inf` with any sign, or `.nan` without one: the words every reader reads as floats.
    fn special_float(&self) -> Option<Number> {
        match (&self.form, self.sign) {
            (Form::Infinity, Some(b'-')) => Some(Number::Float(f64::NEG_INFINITY)),
            (Form::Infinity, _) => Some(Number::Float(f64::INFINITY)),
            (Form::NotANumber, None) => Some(Number::Float(f64::NAN)),
            _ => None,
        }
    }

    /// The YAML 1.2 core float pattern, which go-yaml's `yamlStyleFloat` also is:
    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`.
    fn is_core_float(&self) -> bool {
        let Form::Decimal {
            integer,
            fraction,
            exponent,
        } = &self.form
        else {
            return false;
        };
        let mantissa = if integer.is_empty() {
            fraction.is_some_and(all_digits)
        } else {
            all_digits(integer) && fraction.is_none_or(|f| f.is_empty() || all_digits(f))
        };
        mantissa && exponent.is_none_or(|(_, e)| all_digits(e))
    }
}

/// The number `reader` makes of the plain scalar `text`, or `None` when it reads no number.
pub fn read_number(text: &str, reader: NumberReader) -> Option<Number> {
    match reader {
        NumberReader::GoYaml => go_yaml(text),
        NumberReader::Yaml12Core => yaml12(text),
        NumberReader::Yaml11 => yaml11(text),
    }
}

/// Whether `text` matches go-yaml's `yamlStyleFloat` (the YAML 1.2 core float pattern).
pub(crate) fn is_core_float(text: &str) -> bool {
    scan(text).is_some_and(|w| w.is_core_float())
}

/// go-yaml v2's `resolve` where it makes a number (a timestamp stays text, decode.go).
fn go_yaml(text: &str) -> Option<Number> {
    let first = *text.as_bytes().first()?;
    if matches!(first, b'.' | b'+' | b'-')
        && let Some(special) = scan(text).and_then(|w| w.special_float())
    {
        return Some(special);
    }
    match first {
        b'.' => gonum::parse_float(text).map(Number::Float),
        b'+' | b'-' | b'0'..=b'9' if !gonum::is_timestamp(text) => go_yaml_signed(text),
        _ => None,
    }
}

/// go-yaml v2 on text that starts with a sign or a digit: every `_` dropped, then `ParseInt`,
/// `ParseUint`, the float pattern, then `0b` (resolve.go, `resolve`).
fn go_yaml_signed(input: &str) -> Option<Number> {
    let plain: Cow<'_, str> = if input.contains('_') {
        Cow::Owned(input.replace('_', ""))
    } else {
        Cow::Borrowed(input)
    };
    if let Ok(int) = gonum::parse_int(&plain, 0) {
        return Some(Number::Int(int));
    }
    if let Ok(uint) = gonum::parse_uint(&plain, 0) {
        return Some(Number::Uint(uint));
    }
    if is_core_float(&plain)
        && let Some(float) = gonum::parse_float(&plain)
    {
        return Some(Number::Float(float));
    }
    if let Some(binary) = plain.strip_prefix("0b") {
        if let Ok(int) = gonum::parse_int(binary, 2) {
            return Some(Number::Int(int));
        }
        if let Ok(uint) = gonum::parse_uint(binary, 2) {
            return Some(Number::Uint(uint));
        }
    } else if let Some(binary) = plain.strip_prefix("-0b")
        && let Ok(int) = gonum::parse_int(&format!("-{binary}"), 2)
    {
        return Some(Number::Int(int));
    }
    // No `big.Int` past 64 bits: Helm keeps `0x10000000000000000` as text (plain-numbers.json).
    None
}

/// The YAML 1.2 core schema's number (10.3.2), as `yaml-1.2` typing reads it.
fn yaml12(text: &str) -> Option<Number> {
    let written = scan(text)?;
    if let Some(special) = written.special_float() {
        return Some(special);
    }
    if written.underscores {
        return None;
    }
    match &written.form {
        Form::Prefixed {
            radix: radix @ (8 | 16),
            lower: true,
            digits,
        } if written.sign.is_none() && !digits.is_empty() => {
            Some(match u64::from_str_radix(digits, *radix) {
                Ok(uint) => i64::try_from(uint).map_or(Number::Uint(uint), Number::Int),
                Err(_) => Number::BigInt(gonum::power_of_two_radix_to_f64(digits, *radix)),
            })
        }
        Form::Decimal {
            fraction: None,
            exponent: None,
            ..
        } => {
            if let Ok(int) = text.parse::<i64>() {
                return Some(Number::Int(int));
            }
            match text.strip_prefix('+').unwrap_or(text).parse::<u64>() {
                Ok(uint) => Some(Number::Uint(uint)),
                Err(_) => text.parse::<f64>().ok().map(Number::BigInt),
            }
        }
        _ if written.is_core_float() => text.parse::<f64>().ok().map(Number::Float),
        _ => None,
    }
}

/// YAML 1.1's `int` or `float`, as PyYAML's resolver matches and its constructor builds it.
fn yaml11(text: &str) -> Option<Number> {
    let written = scan(text)?;
    if let Some(special) = written.special_float() {
        return Some(special);
    }
    let negative = written.sign == Some(b'-');
    match &written.form {
        // `[-+]?0b[0-1_]+`, `[-+]?0x[0-9a-fA-F_]+`: the prefix written as is.
        Form::Prefixed {
            radix: radix @ (2 | 16),
            lower: true,
            digits,
        } if ["0x", "0b"]
            .iter()
            .any(|p| text[usize::from(written.sign.is_some())..].starts_with(p)) =>
        {
            integer(digits, *radix, negative)
        }
        Form::Decimal {
            integer: digits,
            fraction: None,
            exponent: None,
        } => yaml11_integer(digits, negative),
        Form::Decimal {
            integer: digits,
            fraction: Some(fraction),
            exponent,
        } => {
            // `[-+]?[0-9][0-9_]*\.[0-9_]*` or `\.[0-9][0-9_]*`, then `[eE][-+][0-9]+` if any.
            let mantissa = if digits.is_empty() {
                written.sign.is_none() && fraction.starts_with(|c: char| c.is_ascii_digit())
            } else {
                digits.starts_with(|c: char| c.is_ascii_digit())
            };
            let exponent_fits = exponent.is_none_or(|(sign, e)| sign.is_some() && all_digits(e));
            let plain = text.replace('_', "").to_ascii_lowercase();
            (mantissa && exponent_fits)
                .then(|| plain.parse::<f64>().ok().map(Number::Float))
                .flatten()
        }
        Form::Sexagesimal {
            head,
            parts,
            fraction,
        } => base60(head, parts, *fraction, negative),
        _ => None,
    }
}

/// `[-+]?0[0-7_]+` (octal), `0`, or `[-+]?[1-9][0-9_]*` (decimal), by YAML 1.1.
fn yaml11_integer(digits: &str, negative: bool) -> Option<Number> {
    match digits.as_bytes().first()? {
        b'0' if digits.len() == 1 => Some(Number::Int(0)),
        b'0' if digits_or_underscores(&digits[1..], 8) => integer(&digits[1..], 8, negative),
        b'1'..=b'9' => integer(digits, 10, negative),
        _ => None,
    }
}

/// The integer written with `digits` (`_` dropped) in `radix`, negated when `negative`.
fn integer(digits: &str, radix: u32, negative: bool) -> Option<Number> {
    let digits = digits.replace('_', "");
    let significant = digits.trim_start_matches('0');
    if significant.is_empty() {
        return (!digits.is_empty() || radix == 8).then_some(Number::Int(0));
    }
    let big = || {
        let magnitude = match radix {
            10 => significant.parse::<f64>().unwrap_or(f64::INFINITY),
            _ => gonum::power_of_two_radix_to_f64(significant, radix),
        };
        Number::BigInt(if negative { -magnitude } else { magnitude })
    };
    let magnitude = match gonum::parse_uint(significant, radix) {
        Ok(magnitude) => magnitude,
        Err(NumError::Range) => return Some(big()),
        Err(NumError::Syntax) => return None,
    };
    Some(match (negative, i64::try_from(magnitude)) {
        (false, Ok(int)) => Number::Int(int),
        (false, Err(_)) => Number::Uint(magnitude),
        (true, _) if magnitude <= 1 << 63 => Number::Int((magnitude as i64).wrapping_neg()),
        (true, _) => big(),
    })
}

/// A YAML 1.1 base-60 number: `[-+]?[1-9][0-9_]*(:[0-5]?[0-9])+` as an integer, or with a
/// first digit of 0 too and a `.` fraction after the last part, `[0-9_]*`, as a float.
fn base60(head: &str, parts: &[&str], fraction: Option<&str>, negative: bool) -> Option<Number> {
    let first = head.as_bytes().first()?;
    let head_fits = match fraction {
        None => (b'1'..=b'9').contains(first),
        Some(_) => first.is_ascii_digit(),
    };
    let parts_fit = parts
        .iter()
        .all(|p| p.len() == 1 || (p.len() == 2 && p.as_bytes()[0] <= b'5'));
    if !head_fits || !parts_fit {
        return None;
    }
    let head = head.replace('_', "");
    let mut value = head.parse::<f64>().ok()?;
    let mut exact = head.parse::<i128>().ok();
    for part in parts {
        let digit: u8 = part.parse().ok()?;
        value = value * 60.0 + f64::from(digit);
        exact = exact.and_then(|e| e.checked_mul(60)?.checked_add(i128::from(digit)));
    }
    let sign = if negative { -1.0 } else { 1.0 };
    if let Some(fraction) = fraction {
        let fraction = format!("0.{}", fraction.replace('_', ""));
        return Some(Number::Float(
            sign * (value + fraction.parse::<f64>().unwrap_or(0.0)),
        ));
    }
    let exact = exact.map(|e| if negative { -e } else { e });
    let int = exact.and_then(|e| i64::try_from(e).ok());
    let uint = exact.and_then(|e| u64::try_from(e).ok());
    Some(match (int, uint) {
        (Some(int), _) => Number::Int(int),
        (None, Some(uint)) => Number::Uint(uint),
        (None, None) => Number::BigInt(sign * value),
    })
}

#[cfg(test)]
mod tests;
