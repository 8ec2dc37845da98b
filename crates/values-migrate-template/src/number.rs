//! Go's number and string constants: which texts `strconv` accepts, and what a quoted string holds.

/// Checks a number or character constant as Go's `newNumber` does; the error is Go's.
pub(crate) fn check_number(text: &str) -> Result<(), String> {
    if let Some(inner) = text.strip_prefix('\'') {
        let inner = inner.strip_suffix('\'').unwrap_or("");
        return match unescape(inner, '\'') {
            Some(value) if value.chars().count() == 1 => Ok(()),
            _ => Err(format!("malformed character constant: {text}")),
        };
    }
    if let Some(imaginary) = text.strip_suffix('i') {
        if is_float(imaginary) || complex(imaginary) {
            return Ok(());
        }
    }
    match integer(text) {
        Some(true) => return Ok(()),
        Some(false) if !text.contains(['.', 'e', 'E', 'p', 'P']) && is_float(text) => {
            return Err(format!("integer overflow: {}", crate::lex::quote(text)));
        }
        _ => {}
    }
    if is_float(text) {
        if !text.contains(['.', 'e', 'E', 'p', 'P']) {
            return Err(format!("integer overflow: {}", crate::lex::quote(text)));
        }
        return Ok(());
    }
    Err(format!(
        "illegal number syntax: {}",
        crate::lex::quote(text)
    ))
}

/// Whether `real±imag` (the `i` taken off) is two floats, as Go's `ParseComplex` reads `1+2i`.
fn complex(text: &str) -> bool {
    let bytes = text.as_bytes();
    (1..bytes.len()).any(|i| {
        matches!(bytes[i], b'+' | b'-')
            && !matches!(bytes[i - 1], b'e' | b'E' | b'p' | b'P')
            && is_float(&text[..i])
            && is_float(&text[i..])
    })
}

/// Whether `text` is an integer `strconv.ParseInt(text, 0, 64)` or `ParseUint` accepts:
/// `Some(true)` it fits, `Some(false)` well-formed but too large, `None` not an integer.
fn integer(text: &str) -> Option<bool> {
    if !underscores_ok(text) {
        return None;
    }
    let (negative, unsigned) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let clean = unsigned.replace('_', "");
    let lower = clean.to_ascii_lowercase();
    let (radix, digits) = if let Some(d) = lower.strip_prefix("0x") {
        (16, d.to_string())
    } else if let Some(d) = lower.strip_prefix("0o") {
        (8, d.to_string())
    } else if let Some(d) = lower.strip_prefix("0b") {
        (2, d.to_string())
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, lower[1..].to_string())
    } else {
        (10, lower)
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let fits = match u128::from_str_radix(&digits, radix) {
        Ok(v) if negative => v <= 1u128 << 63,
        Ok(v) => v <= u128::from(u64::MAX),
        Err(_) => false,
    };
    Some(fits)
}

/// Go's `underscoreOK`: underscores only between digits, or after a base prefix.
fn underscores_ok(text: &str) -> bool {
    let s = text.strip_prefix(['-', '+']).unwrap_or(text).as_bytes();
    let mut saw = b'^';
    let mut i = 0;
    let mut hex = false;
    if s.len() >= 2 && s[0] == b'0' && matches!(s[1].to_ascii_lowercase(), b'b' | b'o' | b'x') {
        i = 2;
        saw = b'0';
        hex = s[1].eq_ignore_ascii_case(&b'x');
    }
    for &c in &s[i..] {
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

/// Whether `strconv.ParseFloat(text, 64)` accepts `text` (decimal, or hexadecimal with `p`).
fn is_float(text: &str) -> bool {
    if !underscores_ok(text) {
        return false;
    }
    let unsigned = text
        .strip_prefix(['-', '+'])
        .unwrap_or(text)
        .replace('_', "");
    let lower = unsigned.to_ascii_lowercase();
    if let Some(hex) = lower.strip_prefix("0x") {
        let Some((mantissa, exponent)) = hex.split_once('p') else {
            return false;
        };
        let digits = mantissa.replace('.', "");
        let exponent = exponent.strip_prefix(['-', '+']).unwrap_or(exponent);
        return mantissa.matches('.').count() <= 1
            && !digits.is_empty()
            && digits.chars().all(|c| c.is_ascii_hexdigit())
            && !exponent.is_empty()
            && exponent.chars().all(|c| c.is_ascii_digit());
    }
    let decimal = lower
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | '+' | '-'));
    decimal && lower.chars().any(|c| c.is_ascii_digit()) && lower.parse::<f64>().is_ok()
}

/// The value of a quoted literal's inside, with Go's escapes (`quote` is `"` or `'`); `None`
/// when Go would refuse it.
pub(crate) fn unescape(inner: &str, quote: char) -> Option<String> {
    let mut out: Vec<u8> = Vec::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == quote || c == '\n' {
            return None;
        }
        if c != '\\' {
            let mut buf = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            continue;
        }
        let e = chars.next()?;
        let simple = match e {
            'a' => Some(7u8),
            'b' => Some(8),
            'f' => Some(12),
            'n' => Some(b'\n'),
            'r' => Some(b'\r'),
            't' => Some(b'\t'),
            'v' => Some(11),
            '\\' => Some(b'\\'),
            '\'' | '"' if e == quote => Some(e as u8),
            _ => None,
        };
        if let Some(byte) = simple {
            out.push(byte);
            continue;
        }
        match e {
            'x' => out.push(u8::from_str_radix(&take(&mut chars, 2)?, 16).ok()?),
            'u' | 'U' => {
                let n = if e == 'u' { 4 } else { 8 };
                let code = u32::from_str_radix(&take(&mut chars, n)?, 16).ok()?;
                let c = char::from_u32(code)?;
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
            '0'..='7' => {
                let rest = take(&mut chars, 2)?;
                let value = u32::from_str_radix(&format!("{e}{rest}"), 8).ok()?;
                out.push(u8::try_from(value).ok()?);
            }
            _ => return None,
        }
    }
    Some(String::from_utf8_lossy(&out).into_owned())
}

/// The next `n` characters, all hexadecimal or octal digits as the caller checks.
fn take(chars: &mut std::str::Chars<'_>, n: usize) -> Option<String> {
    let s: String = chars.by_ref().take(n).collect();
    (s.chars().count() == n && s.chars().all(|c| c.is_ascii_hexdigit())).then_some(s)
}
