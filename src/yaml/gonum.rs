//! Go's number parsing and formatting (`strconv`, `math/big`, `time`), as go-yaml v2 and
//! sigs.k8s.io/yaml use them, so Helm's typing can be reproduced exactly.

/// Why Go's `strconv` refused a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NumError {
    /// `strconv.ErrSyntax`.
    Syntax,
    /// `strconv.ErrRange`.
    Range,
}

fn lower(b: u8) -> u8 {
    b | 0x20
}

/// Go's `strconv.ParseUint(s, base, 64)` for base 0 (prefixes `0b`, `0o`, `0x`, `0`) or an explicit base.
pub(crate) fn parse_uint(s: &str, base: u32) -> Result<u64, NumError> {
    let bytes = s.as_bytes();
    if bytes.is_empty() {
        return Err(NumError::Syntax);
    }
    let base0 = base == 0;
    let (base, digits): (u64, &[u8]) = if base0 {
        if bytes[0] == b'0' {
            match bytes.get(1).map(|&b| lower(b)) {
                Some(b'b') if bytes.len() >= 3 => (2, &bytes[2..]),
                Some(b'o') if bytes.len() >= 3 => (8, &bytes[2..]),
                Some(b'x') if bytes.len() >= 3 => (16, &bytes[2..]),
                _ => (8, &bytes[1..]),
            }
        } else {
            (10, bytes)
        }
    } else {
        (u64::from(base), bytes)
    };
    let cutoff = u64::MAX / base + 1;
    let mut underscores = false;
    let mut n: u64 = 0;
    for &c in digits {
        let d = match c {
            b'_' if base0 => {
                underscores = true;
                continue;
            }
            b'0'..=b'9' => c - b'0',
            _ if lower(c).is_ascii_lowercase() => lower(c) - b'a' + 10,
            _ => return Err(NumError::Syntax),
        };
        if u64::from(d) >= base {
            return Err(NumError::Syntax);
        }
        if n >= cutoff {
            return Err(NumError::Range);
        }
        n *= base;
        match n.checked_add(u64::from(d)) {
            Some(next) => n = next,
            None => return Err(NumError::Range),
        }
    }
    if underscores && !underscore_ok(s) {
        return Err(NumError::Syntax);
    }
    Ok(n)
}

/// Go's `strconv.ParseInt(s, base, 64)`.
pub(crate) fn parse_int(s: &str, base: u32) -> Result<i64, NumError> {
    if s.is_empty() {
        return Err(NumError::Syntax);
    }
    let (negative, rest) = match s.as_bytes()[0] {
        b'+' => (false, &s[1..]),
        b'-' => (true, &s[1..]),
        _ => (false, s),
    };
    let magnitude = match parse_uint(rest, base) {
        Ok(magnitude) => magnitude,
        Err(NumError::Range) => return Err(NumError::Range),
        Err(NumError::Syntax) => return Err(NumError::Syntax),
    };
    let cutoff = 1u64 << 63;
    if !negative && magnitude >= cutoff {
        return Err(NumError::Range);
    }
    if negative && magnitude > cutoff {
        return Err(NumError::Range);
    }
    Ok(if negative {
        (magnitude as i64).wrapping_neg()
    } else {
        magnitude as i64
    })
}

/// Go's `underscoreOK`: underscores only between digits (or after a base prefix).
fn underscore_ok(s: &str) -> bool {
    let mut bytes = s.as_bytes();
    if let Some(b'+' | b'-') = bytes.first() {
        bytes = &bytes[1..];
    }
    let mut saw = b'^';
    let mut i = 0;
    let mut hex = false;
    if bytes.len() >= 2 && bytes[0] == b'0' && matches!(lower(bytes[1]), b'b' | b'o' | b'x') {
        i = 2;
        saw = b'0';
        hex = lower(bytes[1]) == b'x';
    }
    while i < bytes.len() {
        let c = bytes[i];
        i += 1;
        if c.is_ascii_digit() || (hex && (b'a'..=b'f').contains(&lower(c))) {
            saw = b'0';
            continue;
        }
        if c == b'_' {
            if saw != b'0' {
                return false;
            }
            saw = b'_';
            continue;
        }
        if saw == b'_' {
            return false;
        }
        saw = b'!';
    }
    saw != b'_'
}

/// Go's `strconv.ParseFloat(s, 64)` for decimal syntax; `None` on a syntax or range error.
///
/// Hexadecimal floats are not read: go-yaml v2 only reaches `ParseFloat` with text that
/// starts with `.` or that matched its decimal float pattern.
pub(crate) fn parse_float(s: &str) -> Option<f64> {
    let lowered = s.to_ascii_lowercase();
    let unsigned = lowered.strip_prefix(['+', '-']).unwrap_or(&lowered);
    if matches!(unsigned, "inf" | "infinity" | "nan") {
        return None;
    }
    let bytes = s.as_bytes();
    let mut i = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    let mut digits = false;
    let mut dot = false;
    while i < bytes.len() {
        match bytes[i] {
            b'0'..=b'9' => digits = true,
            b'_' => {}
            b'.' if !dot => dot = true,
            _ => break,
        }
        i += 1;
    }
    if !digits {
        return None;
    }
    if i < bytes.len() && lower(bytes[i]) == b'e' {
        i += 1;
        if let Some(b'+' | b'-') = bytes.get(i) {
            i += 1;
        }
        if !bytes.get(i).is_some_and(u8::is_ascii_digit) {
            return None;
        }
        while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'_') {
            i += 1;
        }
    }
    if i != bytes.len() {
        return None;
    }
    if s.contains('_') && !underscore_ok(s) {
        return None;
    }
    let value: f64 = s.replace('_', "").parse().ok()?;
    // Go reports overflow to infinity as ErrRange.
    value.is_finite().then_some(value)
}

/// The nearest float (ties to even) to the integer written with `digits` in base 2, 8 or 16.
pub(crate) fn power_of_two_radix_to_f64(digits: &str, radix: u32) -> f64 {
    let width = match radix {
        2 => 1,
        8 => 3,
        _ => 4,
    };
    let mut bits: Vec<bool> = Vec::with_capacity(digits.len() * width);
    for c in digits.chars() {
        let value = c.to_digit(radix).unwrap_or(0);
        for shift in (0..width).rev() {
            bits.push(value >> shift & 1 == 1);
        }
    }
    let first = bits.iter().position(|&b| b).unwrap_or(bits.len());
    let bits = &bits[first..];
    if bits.len() > 1100 {
        return f64::INFINITY;
    }
    if bits.len() <= 53 {
        return bits
            .iter()
            .fold(0.0, |acc, &b| acc * 2.0 + f64::from(u8::from(b)));
    }
    let mut mantissa: u64 = bits[..53].iter().fold(0, |acc, &b| acc << 1 | u64::from(b));
    let round = bits[53];
    let sticky = bits[54..].iter().any(|&b| b);
    if round && (sticky || mantissa & 1 == 1) {
        mantissa += 1;
    }
    let exponent = (bits.len() - 53) as i32;
    // Scale in two steps so that no intermediate power of two overflows on its own.
    let half = exponent / 2;
    mantissa as f64 * 2f64.powi(half) * 2f64.powi(exponent - half)
}

/// sigs.k8s.io/yaml's float key text: `strconv.FormatFloat(f, 'g', -1, 32)`, infinities and NaN as `.inf`, `-.inf`, `.nan`.
pub(crate) fn format_key_float(value: f64) -> String {
    if value.is_nan() {
        return ".nan".to_string();
    }
    if value.is_infinite() {
        return if value > 0.0 { ".inf" } else { "-.inf" }.to_string();
    }
    let single = value as f32;
    if single.is_infinite() {
        return if single > 0.0 { ".inf" } else { "-.inf" }.to_string();
    }
    format_g_shortest(&format!("{single:e}"))
}

/// Go's `%g` with the shortest precision, from Rust's shortest `{:e}` rendering (`-1.25e-7`).
fn format_g_shortest(exp_form: &str) -> String {
    let (negative, body) = match exp_form.strip_prefix('-') {
        Some(body) => (true, body),
        None => (false, exp_form),
    };
    let (mantissa, exponent) = body.split_once('e').unwrap_or((body, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let sign = if negative { "-" } else { "" };
    if digits.bytes().all(|b| b == b'0') {
        return format!("{sign}0");
    }
    let nd = digits.len() as i32;
    let dp = exponent + 1;
    if !(-4..6).contains(&exponent) {
        let mut out = format!("{sign}{}", &digits[..1]);
        if nd > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        let exp_sign = if exponent < 0 { '-' } else { '+' };
        out.push_str(&format!("e{exp_sign}{:02}", exponent.abs()));
        out
    } else if dp <= 0 {
        format!("{sign}0.{}{digits}", "0".repeat((-dp) as usize))
    } else if dp >= nd {
        format!("{sign}{digits}{}", "0".repeat((dp - nd) as usize))
    } else {
        let (int, frac) = digits.split_at(dp as usize);
        format!("{sign}{int}.{frac}")
    }
}

/// go-yaml v2 `parseTimestamp`: whether `s` is a timestamp in one of its allowed layouts.
///
/// The layouts are `2006-1-2T15:4:5.999999999Z07:00` (also with a lower-case `t`),
/// `2006-1-2 15:4:5.999999999` and `2006-1-2`, read as Go's `time.Parse` reads them.
pub(crate) fn is_timestamp(s: &str) -> bool {
    let bytes = s.as_bytes();
    if bytes.len() < 5 || !bytes[..4].iter().all(u8::is_ascii_digit) || bytes[4] != b'-' {
        return false;
    }
    let mut at = 5;
    let number = |at: &mut usize, max: u32| -> Option<u32> {
        let start = *at;
        while *at < bytes.len() && *at - start < 2 && bytes[*at].is_ascii_digit() {
            *at += 1;
        }
        let value: u32 = s.get(start..*at)?.parse().ok()?;
        (value <= max).then_some(value)
    };
    let year: u32 = s[..4].parse().unwrap_or(0);
    let Some(month) = number(&mut at, 12) else {
        return false;
    };
    if month == 0 || bytes.get(at) != Some(&b'-') {
        return false;
    }
    at += 1;
    let Some(day) = number(&mut at, 31) else {
        return false;
    };
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days = match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    if day == 0 || day > days {
        return false;
    }
    if at == bytes.len() {
        return true;
    }
    let zoned = match bytes[at] {
        b'T' | b't' => true,
        b' ' => false,
        _ => return false,
    };
    at += 1;
    for (max, separator) in [(23, Some(b':')), (59, Some(b':')), (59, None)] {
        if number(&mut at, max).is_none() {
            return false;
        }
        if let Some(separator) = separator {
            if bytes.get(at) != Some(&separator) {
                return false;
            }
            at += 1;
        }
    }
    if bytes.get(at) == Some(&b'.') && bytes.get(at + 1).is_some_and(u8::is_ascii_digit) {
        at += 1;
        while at < bytes.len() && bytes[at].is_ascii_digit() {
            at += 1;
        }
    }
    if !zoned {
        return at == bytes.len();
    }
    match &bytes[at..] {
        [b'Z'] => true,
        [b'+' | b'-', h1, h2, b':', m1, m2] => [h1, h2, m1, m2].iter().all(|b| b.is_ascii_digit()),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_integers_like_strconv() {
        assert_eq!(parse_int("0x1F", 0), Ok(31));
        assert_eq!(parse_int("-0b101", 0), Ok(-5));
        assert_eq!(parse_int("0", 0), Ok(0));
        assert_eq!(parse_int("08", 0), Err(NumError::Syntax));
        assert_eq!(parse_int("0x", 0), Err(NumError::Syntax));
        assert_eq!(parse_int("+", 0), Err(NumError::Syntax));
        assert_eq!(parse_int("9223372036854775807", 0), Ok(i64::MAX));
        assert_eq!(parse_int("-9223372036854775808", 0), Ok(i64::MIN));
        assert_eq!(parse_int("9223372036854775808", 0), Err(NumError::Range));
        assert_eq!(parse_uint("18446744073709551616", 0), Err(NumError::Range));
        assert_eq!(parse_uint("+1", 0), Err(NumError::Syntax));
        assert_eq!(parse_uint("1_0", 0), Ok(10));
        assert_eq!(parse_uint("_10", 0), Err(NumError::Syntax));
    }

    #[test]
    fn parses_floats_like_strconv() {
        assert_eq!(parse_float(".5"), Some(0.5));
        assert_eq!(parse_float(".5e3"), Some(500.0));
        assert_eq!(parse_float(".5_0"), Some(0.5));
        assert_eq!(parse_float("._5"), None);
        assert_eq!(parse_float("."), None);
        assert_eq!(parse_float(".e3"), None);
        assert_eq!(parse_float("1e999"), None);
        assert_eq!(parse_float(".inf"), None);
    }

    #[test]
    fn formats_float_keys_like_format_float_g_32() {
        assert_eq!(format_key_float(1.5), "1.5");
        assert_eq!(format_key_float(1.0), "1");
        assert_eq!(format_key_float(100000.0), "100000");
        assert_eq!(format_key_float(1e6), "1e+06");
        assert_eq!(format_key_float(0.0001), "0.0001");
        assert_eq!(format_key_float(0.00001), "1e-05");
        assert_eq!(format_key_float(1.23456789), "1.2345679");
        assert_eq!(format_key_float(-2.5e-10), "-2.5e-10");
        assert_eq!(format_key_float(0.0), "0");
        assert_eq!(format_key_float(-0.0), "-0");
        assert_eq!(format_key_float(f64::INFINITY), ".inf");
        assert_eq!(format_key_float(1e300), ".inf");
    }

    #[test]
    fn reads_big_integers() {
        assert_eq!(
            power_of_two_radix_to_f64("20000000000001", 16),
            (0x20000000000001u64 as f64)
        );
    }

    #[test]
    fn recognises_timestamps() {
        assert!(is_timestamp("2001-12-14"));
        assert!(is_timestamp("2001-12-14t21:59:43.10-05:00"));
        assert!(is_timestamp("2001-12-14 21:59:43.10"));
        assert!(is_timestamp("2002-12-14T01:02:03Z"));
        assert!(!is_timestamp("2001-02-29"));
        assert!(!is_timestamp("2001-12-14 21:59:43.10 -5"));
        assert!(!is_timestamp("1234-5"));
    }
}
