//! Go's `strconv` as `fmt`, `encoding/json` and yaml.v2 use it: `FormatFloat` (shortest and
//! correctly rounded fixed precision, Go's layouts) and the quoting of strings and runes.

/// A non-negative decimal `0.d₁d₂… × 10^dp`: digits without trailing zeros (none for zero).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Decimal {
    /// The digits, ASCII.
    pub d: Vec<u8>,
    /// Where the decimal point sits, counted from the first digit.
    pub dp: i32,
}

/// The shortest digits that read back as `f` (`|f|`, finite), as Go's `FormatFloat(f, _, -1, 64)` picks them.
pub(crate) fn shortest(f: f64) -> Decimal {
    let f = f.abs();
    if f == 0.0 {
        return Decimal {
            d: Vec::new(),
            dp: 0,
        };
    }
    // Rust's `{:e}` prints the shortest round-tripping digits, closest to the exact value, as Go's Ryū does.
    let text = format!("{f:e}");
    let (mantissa, exp) = text.split_once('e').unwrap_or((text.as_str(), "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let d: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).collect();
    trimmed(Decimal { d, dp: exp + 1 })
}

/// The exact decimal value of `|f|` (finite): every binary float is a finite decimal.
pub(crate) fn exact(f: f64) -> Decimal {
    let bits = f.abs().to_bits();
    let exp_bits = ((bits >> 52) & 0x7ff) as i32;
    let mut mant = bits & ((1u64 << 52) - 1);
    let e = if exp_bits == 0 {
        -1074
    } else {
        mant |= 1u64 << 52;
        exp_bits - 1075
    };
    if mant == 0 {
        return Decimal {
            d: Vec::new(),
            dp: 0,
        };
    }
    // Limbs of base 1e9, least significant first.
    let mut limbs = vec![(mant % 1_000_000_000) as u32, (mant / 1_000_000_000) as u32];
    let (factor, chunk, count) = if e >= 0 {
        (2u64, 28u32, e as u32)
    } else {
        (5u64, 13u32, (-e) as u32)
    };
    let mut left = count;
    while left > 0 {
        let step = left.min(chunk);
        mul_small(&mut limbs, factor.pow(step));
        left -= step;
    }
    let digits = limbs_to_digits(&limbs);
    let len = digits.len() as i32;
    let dp = if e >= 0 { len } else { len - count as i32 };
    trimmed(Decimal { d: digits, dp })
}

/// Multiplies a base-1e9 number by `m` (below 2^32).
fn mul_small(limbs: &mut Vec<u32>, m: u64) {
    let mut carry = 0u64;
    for limb in limbs.iter_mut() {
        let v = u64::from(*limb) * m + carry;
        *limb = (v % 1_000_000_000) as u32;
        carry = v / 1_000_000_000;
    }
    while carry > 0 {
        limbs.push((carry % 1_000_000_000) as u32);
        carry /= 1_000_000_000;
    }
}

/// The decimal digits of a base-1e9 number, without leading zeros.
fn limbs_to_digits(limbs: &[u32]) -> Vec<u8> {
    let mut text = String::new();
    let mut started = false;
    for limb in limbs.iter().rev() {
        if started {
            text.push_str(&format!("{limb:09}"));
        } else if *limb != 0 {
            text.push_str(&limb.to_string());
            started = true;
        }
    }
    text.into_bytes()
}

/// The decimal without trailing zero digits (zero has none at all).
fn trimmed(mut dec: Decimal) -> Decimal {
    while dec.d.last() == Some(&b'0') {
        dec.d.pop();
    }
    if dec.d.is_empty() {
        dec.dp = 0;
    }
    dec
}

/// Go's `decimal.Round(nd)` on an exact value: half to even, nothing when `nd` is out of range.
pub(crate) fn round(dec: &mut Decimal, nd: i32) {
    if nd < 0 || nd as usize >= dec.d.len() {
        return;
    }
    let n = nd as usize;
    let at = dec.d.get(n).copied().unwrap_or(b'0');
    let up = if at == b'5' && n + 1 == dec.d.len() {
        n > 0 && dec.d.get(n - 1).is_some_and(|c| (c - b'0') % 2 == 1)
    } else {
        at >= b'5'
    };
    dec.d.truncate(n);
    if up {
        let mut i = n;
        loop {
            if i == 0 {
                dec.d.clear();
                dec.d.push(b'1');
                dec.dp += 1;
                break;
            }
            i -= 1;
            if let Some(c) = dec.d.get_mut(i) {
                if *c < b'9' {
                    *c += 1;
                    dec.d.truncate(i + 1);
                    break;
                }
            }
        }
    }
    let t = trimmed(std::mem::take(dec));
    *dec = t;
}

/// Go's `strconv.FormatFloat(f, fmt, prec, 64)` for `fmt` in `e E f g G` (`prec` −1 is shortest).
pub fn format_float(f: f64, fmt: u8, prec: i32) -> String {
    if f.is_nan() {
        return "NaN".to_string();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.to_string();
    }
    let neg = f.is_sign_negative();
    if matches!(fmt, b'b' | b'x' | b'X') {
        return format_binary(f, fmt, prec);
    }
    let shortest_mode = prec < 0;
    let mut prec = prec;
    let digs = if shortest_mode {
        let d = shortest(f);
        let nd = d.d.len() as i32;
        prec = match fmt {
            b'e' | b'E' => nd - 1,
            b'f' => (nd - d.dp).max(0),
            _ => nd,
        };
        d
    } else {
        let mut d = exact(f);
        match fmt {
            b'e' | b'E' => round(&mut d, prec + 1),
            b'f' => {
                let nd = d.dp + prec;
                round(&mut d, nd)
            }
            _ => {
                if prec == 0 {
                    prec = 1;
                }
                round(&mut d, prec)
            }
        }
        d
    };
    format_digits(neg, &digs, prec, fmt, shortest_mode)
}

/// Go's `fmtB` (`4503599627370496p-52`) and `fmtX` (`0x1.8p+00`) of a finite float.
fn format_binary(f: f64, fmt: u8, prec: i32) -> String {
    let bits = f.to_bits();
    let neg = bits >> 63 != 0;
    let mut exp = ((bits >> 52) & 0x7ff) as i64;
    let mut mant = bits & ((1u64 << 52) - 1);
    if exp == 0 {
        exp += 1;
    } else {
        mant |= 1u64 << 52;
    }
    exp -= 1023;
    let sign = if neg { "-" } else { "" };
    if fmt == b'b' {
        let e = exp - 52;
        return format!("{sign}{mant}p{}{e}", if e >= 0 { "+" } else { "" });
    }
    fmt_x(sign, prec, fmt, mant, exp)
}

/// Go's `fmtX`: `-0x1.yyyyp±dd`, the mantissa rounded to `prec` hex digits (half to even).
fn fmt_x(sign: &str, prec: i32, fmt: u8, mut mant: u64, mut exp: i64) -> String {
    if mant == 0 {
        exp = 0;
    }
    mant <<= 60 - 52;
    while mant != 0 && mant & (1 << 60) == 0 {
        mant <<= 1;
        exp -= 1;
    }
    if (0..15).contains(&prec) {
        let shift = (prec * 4) as u32;
        let extra = (mant << shift) & ((1u64 << 60) - 1);
        mant >>= 60 - shift;
        if extra | (mant & 1) > 1 << 59 {
            mant += 1;
        }
        mant <<= 60 - shift;
        if mant & (1 << 61) != 0 {
            mant >>= 1;
            exp += 1;
        }
    }
    let hex: &[u8; 16] = if fmt == b'X' {
        b"0123456789ABCDEF"
    } else {
        b"0123456789abcdef"
    };
    let mut out = format!("{sign}0{}{}", char::from(fmt), (mant >> 60) & 1);
    mant <<= 4;
    let digits = if prec < 0 { None } else { Some(prec) };
    if digits.is_none() && mant != 0 || digits.is_some_and(|p| p > 0) {
        out.push('.');
        let mut n = 0;
        while digits.map_or(mant != 0, |p| n < p) {
            out.push(char::from(hex[((mant >> 60) & 15) as usize]));
            mant <<= 4;
            n += 1;
        }
    }
    out.push(if fmt == b'X' { 'P' } else { 'p' });
    out.push(if exp < 0 { '-' } else { '+' });
    let e = exp.abs();
    if e < 10 {
        out.push('0');
    }
    out.push_str(&e.to_string());
    out
}

/// Go's `formatDigits`: the digits laid out as `%e`, `%f` or `%g`.
fn format_digits(neg: bool, digs: &Decimal, prec: i32, fmt: u8, shortest_mode: bool) -> String {
    match fmt {
        b'e' | b'E' => fmt_e(neg, digs, prec, fmt),
        b'f' => fmt_f(neg, digs, prec),
        _ => {
            let nd = digs.d.len() as i32;
            let mut eprec = prec;
            if eprec > nd && nd >= digs.dp {
                eprec = nd;
            }
            if shortest_mode {
                eprec = 6;
            }
            let exp = digs.dp - 1;
            let mut prec = prec;
            if exp < -4 || exp >= eprec {
                if prec > nd {
                    prec = nd;
                }
                return fmt_e(neg, digs, prec - 1, fmt + b'e' - b'g');
            }
            if prec > digs.dp {
                prec = nd;
            }
            fmt_f(neg, digs, (prec - digs.dp).max(0))
        }
    }
}

/// Go's `fmtE`: `-d.ddde±dd`.
fn fmt_e(neg: bool, digs: &Decimal, prec: i32, fmt: u8) -> String {
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    out.push(char::from(digs.d.first().copied().unwrap_or(b'0')));
    if prec > 0 {
        out.push('.');
        for i in 1..=prec as usize {
            out.push(char::from(digs.d.get(i).copied().unwrap_or(b'0')));
        }
    }
    out.push(char::from(fmt));
    let mut exp = digs.dp - 1;
    if digs.d.is_empty() {
        exp = 0;
    }
    out.push(if exp < 0 { '-' } else { '+' });
    let exp = exp.abs();
    if exp < 10 {
        out.push('0');
    }
    out.push_str(&exp.to_string());
    out
}

/// Go's `fmtF`: `-ddd.ddd`.
fn fmt_f(neg: bool, digs: &Decimal, prec: i32) -> String {
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    if digs.dp > 0 {
        for i in 0..digs.dp as usize {
            out.push(char::from(digs.d.get(i).copied().unwrap_or(b'0')));
        }
    } else {
        out.push('0');
    }
    if prec > 0 {
        out.push('.');
        for i in 1..=prec {
            let j = digs.dp + i - 1;
            let c = if j >= 0 {
                digs.d.get(j as usize).copied().unwrap_or(b'0')
            } else {
                b'0'
            };
            out.push(char::from(c));
        }
    }
    out
}

/// Go's `strconv.Quote` (`ascii` for `QuoteToASCII`).
pub fn quote(s: &str, ascii: bool) -> String {
    if !ascii {
        return values_migrate_unicode::quote(s, '"');
    }
    let mut out = String::from("\"");
    for c in s.chars() {
        if c.is_ascii() {
            let q = values_migrate_unicode::quote(c.encode_utf8(&mut [0; 4]), '"');
            out.push_str(q.get(1..q.len() - 1).unwrap_or(""));
        } else if (c as u32) < 0x10000 {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push_str(&format!("\\U{:08x}", c as u32));
        }
    }
    out.push('"');
    out
}

/// Go's `strconv.QuoteRune` (`ascii` for `QuoteRuneToASCII`); invalid code points print as U+FFFD.
pub fn quote_rune(r: u64, ascii: bool) -> String {
    let c = u32::try_from(r)
        .ok()
        .and_then(char::from_u32)
        .unwrap_or('\u{fffd}');
    let body = if ascii {
        quote(c.encode_utf8(&mut [0; 4]), true)
    } else {
        values_migrate_unicode::quote(c.encode_utf8(&mut [0; 4]), '"')
    };
    // Re-quote between single quotes: `"` needs no escape there, `'` does.
    let inner = body.get(1..body.len() - 1).unwrap_or("");
    match inner {
        "\\\"" => "'\"'".to_string(),
        _ if c == '\'' => "'\\''".to_string(),
        _ => format!("'{inner}'"),
    }
}

/// Go's `strconv.CanBackquote`: one line, no control characters but tab, no backquote, no BOM.
pub fn can_backquote(s: &str) -> bool {
    s.chars().all(|c| {
        c != '`' && c != '\u{feff}' && (c == '\t' || !((c as u32) < 0x20 || c == '\u{7f}'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_as_strconv_does() {
        let cases: &[(f64, u8, i32, &str)] = &[
            (1e6, b'g', -1, "1e+06"),
            (100000.0, b'g', -1, "100000"),
            (0.0001, b'g', -1, "0.0001"),
            (0.00001, b'g', -1, "1e-05"),
            (-0.0, b'g', -1, "-0"),
            (0.125, b'f', 2, "0.12"),
            (0.375, b'f', 2, "0.38"),
            (0.5, b'f', 0, "0"),
            (1.5, b'f', 0, "2"),
            (2.5, b'f', 0, "2"),
            (0.001, b'f', 0, "0"),
            (0.096, b'f', 1, "0.1"),
            (1e21, b'e', 6, "1.000000e+21"),
            (12345.678, b'e', 3, "1.235e+04"),
            (123456789.0, b'g', -1, "1.23456789e+08"),
            (1e-320, b'g', -1, "1e-320"),
            (5e-324, b'e', 3, "4.941e-324"),
            (0.1, b'f', 20, "0.10000000000000000555"),
            (100.0, b'g', 2, "1e+02"),
            (0.0, b'g', 3, "0"),
            (1.0, b'e', -1, "1e+00"),
            (1.7976931348623157e308, b'g', -1, "1.7976931348623157e+308"),
            (f64::INFINITY, b'g', -1, "+Inf"),
            (f64::NAN, b'g', -1, "NaN"),
        ];
        for (f, fmt, prec, want) in cases {
            assert_eq!(
                format_float(*f, *fmt, *prec),
                *want,
                "{f} {} {prec}",
                *fmt as char
            );
        }
    }

    #[test]
    fn quotes_runes_and_ascii() {
        assert_eq!(quote_rune(u64::from(b'\''), false), "'\\''");
        assert_eq!(quote_rune(u64::from(b'"'), false), "'\"'");
        assert_eq!(quote_rune(0x1_0000_0000, false), "'�'");
        assert_eq!(quote("é\u{1F600}", true), "\"\\u00e9\\U0001f600\"");
        assert!(can_backquote("a\tb") && !can_backquote("a`b") && !can_backquote("a\nb"));
    }
}
