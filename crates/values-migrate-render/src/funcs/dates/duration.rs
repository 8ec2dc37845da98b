//! Go's `time.Duration`: `String` and `ParseDuration`, with Go's error words.

/// Nanoseconds in a second.
const SECOND: u64 = 1_000_000_000;

/// Go's `Duration.String` (`1h2m3.5s`, `1.5ms`, `0s`).
pub fn format_duration(d: i64) -> String {
    let mut u = d.unsigned_abs();
    let mut out = String::new();
    if u < SECOND {
        let (prec, unit) = match u {
            0 => return "0s".to_string(),
            1..=999 => (0, "ns"),
            1_000..=999_999 => (3, "µs"),
            _ => (6, "ms"),
        };
        let (int, frac) = split_frac(u, prec);
        out.push_str(&int.to_string());
        out.push_str(&frac);
        out.push_str(unit);
    } else {
        let (secs, frac) = split_frac(u, 9);
        u = secs;
        let (h, m, s) = (u / 3600, u / 60 % 60, u % 60);
        if h > 0 {
            out.push_str(&format!("{h}h"));
        }
        if u >= 60 {
            out.push_str(&format!("{m}m"));
        }
        out.push_str(&format!("{s}{frac}s"));
    }
    if d < 0 {
        out.insert(0, '-');
    }
    out
}

/// Go's `fmtFrac`: the integer part of `v / 10^prec` and its fraction (`.5`), trailing zeros cut.
fn split_frac(v: u64, prec: u32) -> (u64, String) {
    let scale = 10u64.pow(prec);
    let frac = v % scale;
    if frac == 0 {
        return (v / scale, String::new());
    }
    let digits = format!("{frac:0width$}", width = prec as usize);
    (v / scale, format!(".{}", digits.trim_end_matches('0')))
}

/// Go's `time.quote`: non-ASCII and control bytes as `\xNN`, `"` and `\` escaped.
pub(crate) fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if !c.is_ascii() || c < ' ' {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        } else {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out.push('"');
    out
}

/// Go's `time.ParseDuration`: nanoseconds, or Go's error message.
pub fn parse_duration(orig: &str) -> Result<i64, String> {
    let invalid = || format!("time: invalid duration {}", quote(orig));
    let (neg, mut s) = match orig.as_bytes().first() {
        Some(b'-') => (true, &orig[1..]),
        Some(b'+') => (false, &orig[1..]),
        _ => (false, orig),
    };
    if s == "0" {
        return Ok(0);
    }
    if s.is_empty() {
        return Err(invalid());
    }
    let mut total: u64 = 0;
    while !s.is_empty() {
        if !s.starts_with(|c: char| c == '.' || c.is_ascii_digit()) {
            return Err(invalid());
        }
        let int_len = s.bytes().take_while(u8::is_ascii_digit).count();
        let v = leading_int(&s[..int_len]).ok_or_else(invalid)?;
        s = &s[int_len..];
        let (mut f, mut scale, mut post) = (0u64, 1f64, false);
        if let Some(rest) = s.strip_prefix('.') {
            let frac_len = rest.bytes().take_while(u8::is_ascii_digit).count();
            (f, scale) = leading_fraction(&rest[..frac_len]);
            post = frac_len > 0;
            s = &rest[frac_len..];
        }
        if int_len == 0 && !post {
            return Err(invalid());
        }
        let unit_len = s
            .bytes()
            .take_while(|c| *c != b'.' && !c.is_ascii_digit())
            .count();
        if unit_len == 0 {
            return Err(format!("time: missing unit in duration {}", quote(orig)));
        }
        let unit_text = &s[..unit_len];
        s = &s[unit_len..];
        let unit = unit_nanos(unit_text).ok_or_else(|| {
            format!(
                "time: unknown unit {} in duration {}",
                quote(unit_text),
                quote(orig)
            )
        })?;
        if v > (1u64 << 63) / unit {
            return Err(invalid());
        }
        let mut v = v * unit;
        if f > 0 {
            v += (f as f64 * (unit as f64 / scale)) as u64;
            if v > 1 << 63 {
                return Err(invalid());
            }
        }
        total += v;
        if total > 1 << 63 {
            return Err(invalid());
        }
    }
    if neg {
        return Ok((total as i64).wrapping_neg());
    }
    i64::try_from(total).map_err(|_| invalid())
}

/// The nanoseconds in one of Go's duration units.
fn unit_nanos(unit: &str) -> Option<u64> {
    Some(match unit {
        "ns" => 1,
        "us" | "\u{b5}s" | "\u{3bc}s" => 1_000,
        "ms" => 1_000_000,
        "s" => SECOND,
        "m" => 60 * SECOND,
        "h" => 3_600 * SECOND,
        _ => return None,
    })
}

/// Go's `leadingInt`: the digits' value, `None` past 2^63.
fn leading_int(digits: &str) -> Option<u64> {
    let mut x: u64 = 0;
    for c in digits.bytes() {
        if x > (1 << 63) / 10 {
            return None;
        }
        x = x * 10 + u64::from(c - b'0');
        if x > 1 << 63 {
            return None;
        }
    }
    Some(x)
}

/// Go's `leadingFraction`: the digits' value and scale, precision dropped past overflow.
fn leading_fraction(digits: &str) -> (u64, f64) {
    let (mut x, mut scale, mut overflow) = (0u64, 1f64, false);
    for c in digits.bytes() {
        if overflow {
            continue;
        }
        if x > (i64::MAX as u64) / 10 {
            overflow = true;
            continue;
        }
        let y = x * 10 + u64::from(c - b'0');
        if y > 1 << 63 {
            overflow = true;
            continue;
        }
        x = y;
        scale *= 10.0;
    }
    (x, scale)
}
