//! yaml.v2's `resolve`: which tag a plain scalar would read back as (YAML 1.1 booleans, nulls,
//! Go's integer and float syntax, base 60, timestamps as Go's `time.Parse` accepts them).

/// A number as yaml.v2 resolves the text JSON wrote for it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Number {
    /// `int` (Go's `int` and `int64` print alike).
    Int(i64),
    /// `uint64`
    Uint(u64),
    /// `float64`
    Float(f64),
}

/// What yaml.v2 reads back from the text `encoding/json` wrote for a number.
pub(crate) fn json_number(text: &str) -> Number {
    if let Some(n) = parse_int(text) {
        return Number::Int(n);
    }
    if let Some(n) = parse_uint(text) {
        return Number::Uint(n);
    }
    Number::Float(text.parse::<f64>().unwrap_or(0.0))
}

/// Whether yaml.v2 may write `s` plain: it resolves to a string and is not base 60.
pub(crate) fn is_plain_string(s: &str) -> bool {
    resolves_to_str(s) && !is_base60_float(s)
}

/// yaml.v2's `resolve("", s)` is `!!str`.
fn resolves_to_str(s: &str) -> bool {
    const MAP: &[&str] = &[
        "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON", "n", "N", "no",
        "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF", "", "~", "null", "Null",
        "NULL", ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf",
        "-.Inf", "-.INF", "<<",
    ];
    let hint = match s.as_bytes().first() {
        None => b'N',
        Some(b'+' | b'-') => b'S',
        Some(b'0'..=b'9') => b'D',
        Some(b'y' | b'Y' | b'n' | b'N' | b't' | b'T' | b'f' | b'F' | b'o' | b'O' | b'~') => b'M',
        Some(b'.') => b'.',
        Some(_) => 0,
    };
    if hint == 0 {
        return true;
    }
    if MAP.contains(&s) {
        return false;
    }
    match hint {
        b'.' => parse_float(s).is_none(),
        b'D' | b'S' => !is_number_or_time(s),
        _ => true,
    }
}

/// The `D`/`S` branch of `resolve`: a timestamp, an integer, a YAML-style float, a `0b` integer.
fn is_number_or_time(s: &str) -> bool {
    if is_timestamp(s) {
        return true;
    }
    let plain: String = s.chars().filter(|&c| c != '_').collect();
    if parse_int(&plain).is_some() || parse_uint(&plain).is_some() {
        return true;
    }
    if is_yaml_style_float(&plain) && parse_float(&plain).is_some() {
        return true;
    }
    if let Some(rest) = plain.strip_prefix("0b") {
        return parse_digits(rest, 2, false, false).is_some();
    }
    if let Some(rest) = plain.strip_prefix("-0b") {
        return parse_digits(rest, 2, true, true).is_some();
    }
    false
}

/// Go's `strconv.ParseInt(s, 0, 64)` (without underscores: the callers removed them).
pub(crate) fn parse_int(s: &str) -> Option<i64> {
    let (neg, body) = match s.as_bytes().first() {
        Some(b'-') => (true, s.get(1..)?),
        Some(b'+') => (false, s.get(1..)?),
        _ => (false, s),
    };
    let (base, digits) = base_prefix(body);
    let magnitude = parse_digits(digits, base, false, false)? as u128;
    let limit = if neg { 1u128 << 63 } else { (1u128 << 63) - 1 };
    if magnitude > limit {
        return None;
    }
    let m = magnitude as i128;
    i64::try_from(if neg { -m } else { m }).ok()
}

/// Go's `strconv.ParseUint(s, 0, 64)`: no sign.
fn parse_uint(s: &str) -> Option<u64> {
    let (base, digits) = base_prefix(s);
    parse_digits(digits, base, false, false)
}

/// Go's base prefixes for base 0: `0x`, `0o`, `0b`, a leading `0` for octal.
fn base_prefix(s: &str) -> (u32, &str) {
    let b = s.as_bytes();
    match (b.first(), b.get(1)) {
        (Some(b'0'), Some(b'x' | b'X')) => (16, s.get(2..).unwrap_or("")),
        (Some(b'0'), Some(b'o' | b'O')) => (8, s.get(2..).unwrap_or("")),
        (Some(b'0'), Some(b'b' | b'B')) => (2, s.get(2..).unwrap_or("")),
        (Some(b'0'), Some(_)) => (8, s.get(1..).unwrap_or("")),
        _ => (10, s),
    }
}

/// Digits in `base` as a `u64` (`neg`: the value must fit an `i64` once negated; `signed`: as ParseInt).
fn parse_digits(digits: &str, base: u32, neg: bool, signed: bool) -> Option<u64> {
    if digits.is_empty() {
        return None;
    }
    let mut n: u64 = 0;
    for c in digits.chars() {
        let d = c.to_digit(base)?;
        n = n.checked_mul(u64::from(base))?.checked_add(u64::from(d))?;
    }
    if signed && (neg && n > 1u64 << 63 || !neg && n > i64::MAX as u64) {
        return None;
    }
    Some(n)
}

/// Go's `strconv.ParseFloat(s, 64)` succeeding for decimal text (an overflow is an error).
fn parse_float(s: &str) -> Option<f64> {
    let b = s.as_bytes();
    let mut i = 0;
    if matches!(b.first(), Some(b'+' | b'-')) {
        i = 1;
    }
    let lower: String = s.get(i..).unwrap_or("").to_ascii_lowercase();
    if matches!(lower.as_str(), "inf" | "infinity" | "nan") {
        return Some(0.0);
    }
    if lower.starts_with("0x") {
        // Hexadecimal floats never reach here from the `.` hint or the YAML float pattern.
        return None;
    }
    let (mut digits, mut dot, mut underscores) = (false, false, false);
    while let Some(&c) = b.get(i) {
        match c {
            b'_' => underscores = true,
            b'.' if !dot => dot = true,
            b'0'..=b'9' => digits = true,
            _ => break,
        }
        i += 1;
    }
    if !digits {
        return None;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let start = i;
        while let Some(&c) = b.get(i) {
            match c {
                b'_' => underscores = true,
                b'0'..=b'9' => {}
                _ => break,
            }
            i += 1;
        }
        if i == start {
            return None;
        }
    }
    if i != b.len() || underscores && !underscore_ok(s) {
        return None;
    }
    let clean: String = s.chars().filter(|&c| c != '_').collect();
    clean.parse::<f64>().ok().filter(|f| f.is_finite())
}

/// Go's `underscoreOK` for a decimal number: each `_` between digits.
fn underscore_ok(s: &str) -> bool {
    let s = s.strip_prefix(['+', '-']).unwrap_or(s);
    let mut saw = b'^';
    for c in s.bytes() {
        if c.is_ascii_digit() {
            saw = b'0';
        } else if c == b'_' {
            if saw != b'0' {
                return false;
            }
            saw = b'_';
        } else {
            if saw == b'_' {
                return false;
            }
            saw = b'!';
        }
    }
    saw != b'_'
}

/// yaml.v2's `yamlStyleFloat`: `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`.
fn is_yaml_style_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let digits_from = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - start
    };
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits_from(&mut i) == 0 {
            return false;
        }
    } else {
        if digits_from(&mut i) == 0 {
            return false;
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            digits_from(&mut i);
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits_from(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// yaml.v2's `isBase60Float`: `^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$`.
fn is_base60_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    if !b.get(i).is_some_and(u8::is_ascii_digit) {
        return false;
    }
    i += 1;
    while b.get(i).is_some_and(|c| c.is_ascii_digit() || *c == b'_') {
        i += 1;
    }
    let mut groups = 0;
    while b.get(i) == Some(&b':') {
        i += 1;
        let start = i;
        while i < start + 2 && b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        // `[0-5]?[0-9]`: one digit, or two with the first below 6.
        match i - start {
            1 => {}
            2 if b.get(start).is_some_and(|c| *c <= b'5') => {}
            2 => i = start + 1,
            _ => return false,
        }
        groups += 1;
    }
    if groups == 0 {
        return false;
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        while b.get(i).is_some_and(|c| c.is_ascii_digit() || *c == b'_') {
            i += 1;
        }
    }
    i == b.len()
}

/// One element of a Go time layout yaml.v2 tries.
#[derive(Clone, Copy)]
enum Layout {
    Year,
    Lit(u8),
    Space,
    Num(u32),
    Frac,
    Zone,
}

/// yaml.v2's `parseTimestamp`: `YYYY-` first, then one of its four layouts parses.
fn is_timestamp(s: &str) -> bool {
    let b = s.as_bytes();
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits != 4 || b.get(4) != Some(&b'-') {
        return false;
    }
    use Layout::*;
    let date = [Year, Lit(b'-'), Num(12), Lit(b'-'), Num(31)];
    let time = [Num(23), Lit(b':'), Num(59), Lit(b':'), Num(59), Frac];
    let layouts: [Vec<Layout>; 4] = [
        [&date[..], &[Lit(b'T')], &time[..], &[Zone]].concat(),
        [&date[..], &[Lit(b't')], &time[..], &[Zone]].concat(),
        [&date[..], &[Space], &time[..]].concat(),
        date.to_vec(),
    ];
    layouts.iter().any(|layout| parses(b, layout))
}

/// Go's `time.Parse` of `b` against a layout, with its range checks and the day of the month.
fn parses(b: &[u8], layout: &[Layout]) -> bool {
    let mut i = 0;
    let mut fields: Vec<u32> = Vec::new();
    for item in layout {
        match *item {
            Layout::Year => {
                let Some(year) = b.get(0..4) else {
                    return false;
                };
                fields.push(year.iter().fold(0, |n, c| n * 10 + u32::from(c - b'0')));
                i = 4;
            }
            Layout::Lit(c) => {
                if b.get(i) != Some(&c) {
                    return false;
                }
                i += 1;
            }
            Layout::Space => {
                // A space in a layout matches any run of spaces, but at least one is needed.
                if b.get(i) != Some(&b' ') {
                    return false;
                }
                while b.get(i) == Some(&b' ') {
                    i += 1;
                }
            }
            Layout::Num(max) => {
                let Some(n) = getnum(b, &mut i) else {
                    return false;
                };
                let low = u32::from(max == 12 || max == 31);
                if n < low || n > max {
                    return false;
                }
                fields.push(n);
            }
            Layout::Frac => {
                if matches!(b.get(i), Some(b'.' | b','))
                    && b.get(i + 1).is_some_and(u8::is_ascii_digit)
                {
                    i += 1;
                    while b.get(i).is_some_and(u8::is_ascii_digit) {
                        i += 1;
                    }
                }
            }
            Layout::Zone => {
                if !zone(b, &mut i) {
                    return false;
                }
            }
        }
    }
    if i != b.len() {
        return false;
    }
    match fields.as_slice() {
        [year, month, day, ..] => *day <= days_in(*month, *year),
        _ => false,
    }
}

/// Go's `getnum(s, false)`: one or two digits.
fn getnum(b: &[u8], i: &mut usize) -> Option<u32> {
    let d0 = b.get(*i).filter(|c| c.is_ascii_digit())?;
    *i += 1;
    let mut n = u32::from(d0 - b'0');
    if let Some(d1) = b.get(*i).filter(|c| c.is_ascii_digit()) {
        n = n * 10 + u32::from(d1 - b'0');
        *i += 1;
    }
    Some(n)
}

/// Go's `Z07:00`: `Z`, or a sign, two digits, `:`, two digits (hours to 24, minutes to 60).
fn zone(b: &[u8], i: &mut usize) -> bool {
    if b.get(*i) == Some(&b'Z') {
        *i += 1;
        return true;
    }
    let Some(z) = b.get(*i..*i + 6) else {
        return false;
    };
    let two = |x: &[u8]| -> Option<u32> {
        match x {
            [a, c] if a.is_ascii_digit() && c.is_ascii_digit() => {
                Some(u32::from(a - b'0') * 10 + u32::from(c - b'0'))
            }
            _ => None,
        }
    };
    if z.get(3) != Some(&b':') || !matches!(z.first(), Some(b'+' | b'-')) {
        return false;
    }
    match (
        two(z.get(1..3).unwrap_or(&[])),
        two(z.get(4..6).unwrap_or(&[])),
    ) {
        (Some(h), Some(m)) if h <= 24 && m <= 60 => {
            *i += 6;
            true
        }
        _ => false,
    }
}

/// The days in a month of a year (Gregorian leap years).
fn days_in(month: u32, year: u32) -> u32 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_as_yaml_v2_does() {
        for s in [
            "true",
            "y",
            "NO",
            "~",
            "",
            "1",
            "-1",
            "+1",
            "1.5",
            "1e3",
            "0x1F",
            "0o17",
            "017",
            "0b101",
            "-0b101",
            "1_000",
            ".5",
            "5.",
            "08",
            "1_0.5",
            ".inf",
            "1:20",
            "2021-01-01",
            "2020-02-29",
            "2021-01-01T10:00:00Z",
            "2021-01-01 10:00:00",
            "2021-1-1",
            "12:30",
        ] {
            assert!(!is_plain_string(s), "{s:?} is not a plain string");
        }
        for s in [
            "inf",
            "nan",
            "NaN",
            "1.2.3",
            "2021-13-01",
            "2021-02-30",
            "2021-01-01T25:00:00Z",
            "a",
            "-",
            "--",
            "._5",
            "1e400",
            "0x",
            "1:60",
            "0b",
            "<<",
        ] {
            assert!(is_plain_string(s), "{s:?} is a plain string");
        }
    }

    #[test]
    fn numbers_come_back_as_their_kinds() {
        assert_eq!(json_number("-0"), Number::Int(0));
        assert_eq!(
            json_number("12345678901234567000"),
            Number::Uint(12345678901234567000)
        );
        assert_eq!(json_number("1e-7"), Number::Float(1e-7));
        assert_eq!(json_number("100000000000000000000"), Number::Float(1e20));
    }
}
