//! The parts of Go's `strconv` the parser uses: quoting for messages, unquoting of string and
//! character constants, and which integers and floats `ParseUint`, `ParseInt` and `ParseFloat`
//! accept.

use values_migrate_unicode::is_print;

/// A string as Go's `strconv.Quote` (and `%q`) writes it.
pub(crate) fn quote(s: &str) -> String {
    values_migrate_unicode::quote(s, '"')
}

/// A character as Go's `%#U` writes it: `U+0023 '#'`, or `U+0001` when it is not printable.
pub(crate) fn unicode_name(c: char) -> String {
    if is_print(c) {
        format!("U+{:04X} '{c}'", c as u32)
    } else {
        format!("U+{:04X}", c as u32)
    }
}

/// What Go's `strconv.UnquoteChar` reads at the start of `s`: the value (a byte when `byte` is
/// set: `\x`, octal), and the rest; `None` is Go's `ErrSyntax`.
pub(crate) fn unquote_char(s: &str, quote: char) -> Option<(u32, bool, &str)> {
    let mut chars = s.chars();
    let c = chars.next()?;
    if c == quote && (quote == '\'' || quote == '"') {
        return None;
    }
    if c != '\\' {
        return Some((c as u32, false, chars.as_str()));
    }
    let e = chars.next()?;
    let rest = chars.as_str();
    let simple = match e {
        'a' => Some(7),
        'b' => Some(8),
        'f' => Some(12),
        'n' => Some(10),
        'r' => Some(13),
        't' => Some(9),
        'v' => Some(11),
        '\\' => Some(u32::from(b'\\')),
        '\'' | '"' if e == quote => Some(e as u32),
        _ => None,
    };
    if let Some(value) = simple {
        return Some((value, false, rest));
    }
    match e {
        'x' | 'u' | 'U' => {
            let n = match e {
                'x' => 2,
                'u' => 4,
                _ => 8,
            };
            let digits = rest.get(..n)?;
            if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
                return None;
            }
            let value = u32::from_str_radix(digits, 16).ok()?;
            if e != 'x' && char::from_u32(value).is_none() {
                return None;
            }
            Some((value, e == 'x', rest.get(n..)?))
        }
        '0'..='7' => {
            let digits = rest.get(..2)?;
            if !digits.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
                return None;
            }
            let value = (e as u32 - '0' as u32) * 64 + u32::from_str_radix(digits, 8).ok()?;
            (value <= 255).then_some((value, true, rest.get(2..)?))
        }
        _ => None,
    }
}

/// The value of a Go string literal (`"…"` or `` `…` ``) as `strconv.Unquote` gives it; `None` is
/// `ErrSyntax` ("invalid syntax"). Bytes that are not UTF-8 (`"\xff"`) become U+FFFD.
pub(crate) fn unquote(text: &str) -> Option<String> {
    if let Some(raw) = text.strip_prefix('`') {
        let inner = raw.strip_suffix('`')?;
        return (!inner.contains('`')).then(|| inner.replace('\r', ""));
    }
    let mut rest = text.strip_prefix('"')?;
    let mut bytes: Vec<u8> = Vec::with_capacity(rest.len());
    while !rest.starts_with('"') {
        if rest.starts_with('\n') {
            return None;
        }
        let (value, byte, tail) = unquote_char(rest, '"')?;
        match (byte, char::from_u32(value)) {
            (false, Some(c)) => bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
            _ => bytes.push(u8::try_from(value).ok()?),
        }
        rest = tail;
    }
    (rest == "\"").then(|| String::from_utf8_lossy(&bytes).into_owned())
}

/// Why Go's `strconv` refused a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NumError {
    /// `ErrSyntax`.
    Syntax,
    /// `ErrRange`.
    Range,
}

/// Go's `strconv.ParseUint(s, 0, 64)`.
pub(crate) fn parse_uint(s: &str) -> Result<u64, NumError> {
    let b = s.as_bytes();
    if b.is_empty() {
        return Err(NumError::Syntax);
    }
    let (base, digits): (u64, &[u8]) = match b {
        [b'0', p, _, ..] if p.eq_ignore_ascii_case(&b'b') => (2, b.get(2..).unwrap_or(&[])),
        [b'0', p, _, ..] if p.eq_ignore_ascii_case(&b'o') => (8, b.get(2..).unwrap_or(&[])),
        [b'0', p, _, ..] if p.eq_ignore_ascii_case(&b'x') => (16, b.get(2..).unwrap_or(&[])),
        [b'0', ..] => (8, b.get(1..).unwrap_or(&[])),
        _ => (10, b),
    };
    let mut n: u64 = 0;
    let mut range = false;
    let mut underscores = false;
    for &c in digits {
        let d = match c {
            b'_' => {
                underscores = true;
                continue;
            }
            b'0'..=b'9' => c - b'0',
            c if c.is_ascii_alphabetic() => c.to_ascii_lowercase() - b'a' + 10,
            _ => return Err(NumError::Syntax),
        };
        if u64::from(d) >= base {
            return Err(NumError::Syntax);
        }
        match n
            .checked_mul(base)
            .and_then(|m| m.checked_add(u64::from(d)))
        {
            Some(m) if !range => n = m,
            _ => range = true,
        }
    }
    if underscores && !underscore_ok(s) {
        return Err(NumError::Syntax);
    }
    if range {
        return Err(NumError::Range);
    }
    Ok(n)
}

/// Go's `strconv.ParseInt(s, 0, 64)`.
pub(crate) fn parse_int(s: &str) -> Result<i64, NumError> {
    let (negative, unsigned) = match s.as_bytes().first() {
        Some(b'-') => (true, s.get(1..).unwrap_or("")),
        Some(b'+') => (false, s.get(1..).unwrap_or("")),
        _ => (false, s),
    };
    let magnitude = parse_uint(unsigned)?;
    if negative {
        0i64.checked_sub_unsigned(magnitude).ok_or(NumError::Range)
    } else {
        i64::try_from(magnitude).map_err(|_| NumError::Range)
    }
}

/// Go's `underscoreOK`: underscores only between digits, or between a base prefix and a digit.
pub(crate) fn underscore_ok(s: &str) -> bool {
    let s = s.strip_prefix(['-', '+']).unwrap_or(s).as_bytes();
    let mut saw = b'^';
    let mut i = 0;
    let mut hex = false;
    if let [b'0', p, ..] = s {
        if matches!(p.to_ascii_lowercase(), b'b' | b'o' | b'x') {
            i = 2;
            saw = b'0';
            hex = p.eq_ignore_ascii_case(&b'x');
        }
    }
    for &c in s.get(i..).unwrap_or(&[]) {
        if c.is_ascii_digit() || hex && c.is_ascii_hexdigit() {
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

/// Go's `strconv.ParseFloat(s, 64)`: its value, or why Go refuses it.
pub(crate) fn parse_float(s: &str) -> Result<f64, NumError> {
    let (negative, body) = match s.as_bytes().first() {
        Some(b'-') => (true, s.get(1..).unwrap_or("")),
        Some(b'+') => (false, s.get(1..).unwrap_or("")),
        _ => (false, s),
    };
    if let Some(special) = special_float(body, s.len() > body.len()) {
        return Ok(if negative { -special } else { special });
    }
    let value = match body.get(..2) {
        Some(p) if p.eq_ignore_ascii_case("0x") && body.len() > 2 => hex_float(body)?,
        _ => decimal_float(body)?,
    };
    if s.contains('_') && !underscore_ok(s) {
        return Err(NumError::Syntax);
    }
    if value.is_infinite() {
        return Err(NumError::Range);
    }
    Ok(if negative { -value } else { value })
}

/// `inf`, `infinity` and (unsigned) `nan` in any case, which `ParseFloat` accepts.
fn special_float(body: &str, signed: bool) -> Option<f64> {
    match body.to_ascii_lowercase().as_str() {
        "inf" | "infinity" => Some(f64::INFINITY),
        "nan" if !signed => Some(f64::NAN),
        _ => None,
    }
}

/// A decimal float's magnitude: digits with at most one `.`, an optional `e` exponent.
fn decimal_float(body: &str) -> Result<f64, NumError> {
    let clean = body.replace('_', "");
    let (mantissa, exponent) = match clean.find(['e', 'E']) {
        Some(at) => (clean.get(..at).unwrap_or(""), clean.get(at + 1..)),
        None => (clean.as_str(), None),
    };
    let digits = mantissa.bytes().filter(u8::is_ascii_digit).count();
    let dots = mantissa.bytes().filter(|&b| b == b'.').count();
    if digits == 0 || digits + dots != mantissa.len() || dots > 1 {
        return Err(NumError::Syntax);
    }
    if let Some(e) = exponent {
        let e = e.strip_prefix(['+', '-']).unwrap_or(e);
        if e.is_empty() || !e.bytes().all(|b| b.is_ascii_digit()) {
            return Err(NumError::Syntax);
        }
    }
    if body.contains(['e', 'E'])
        && body
            .split(['e', 'E'])
            .nth(1)
            .is_some_and(|e| e.trim_start_matches(['+', '-']).starts_with('_'))
    {
        return Err(NumError::Syntax);
    }
    clean.parse::<f64>().map_err(|_| NumError::Syntax)
}

/// A hexadecimal float's magnitude (`0x1.8p3`): the `p` exponent is required.
fn hex_float(body: &str) -> Result<f64, NumError> {
    let hex = body.get(2..).unwrap_or("").replace('_', "");
    let (mantissa, exponent) = hex.split_once(['p', 'P']).ok_or(NumError::Syntax)?;
    let digits = mantissa.bytes().filter(u8::is_ascii_hexdigit).count();
    let dots = mantissa.bytes().filter(|&b| b == b'.').count();
    let sign = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
    if digits == 0 || digits + dots != mantissa.len() || dots > 1 || sign.is_empty() {
        return Err(NumError::Syntax);
    }
    if !sign.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NumError::Syntax);
    }
    let exp_body = body.split(['p', 'P']).nth(1).unwrap_or("");
    if exp_body.trim_start_matches(['+', '-']).starts_with('_') {
        return Err(NumError::Syntax);
    }
    let mut value = 0f64;
    let mut scale: i64 = 0;
    let mut after_dot = false;
    for b in mantissa.bytes() {
        match b {
            b'.' => after_dot = true,
            _ => {
                let d = char::from(b).to_digit(16).unwrap_or(0);
                value = value * 16.0 + f64::from(d);
                if after_dot {
                    scale -= 4;
                }
            }
        }
    }
    let e: i64 = sign.parse::<i64>().unwrap_or(i64::MAX / 4).min(100_000);
    let e = if exponent.starts_with('-') { -e } else { e };
    Ok(value * 2f64.powi((e + scale).clamp(-2000, 2000) as i32))
}
