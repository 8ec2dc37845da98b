//! Go's `netip.ParseAddr` (Go 1.26, src/net/netip/netip.go), which Helm's `ipv6` check and
//! `net/url`'s bracketed hosts call, with Go's errors (`ParseAddr("zz::1"): each
//! colon-separated field must have at least one digit (at "zz::1")`).

use values_migrate_unicode::quote_bytes;

/// What `ParseAddr` says of an address it accepts.
#[derive(Debug, PartialEq, Eq)]
pub struct Addr<'a> {
    /// Whether it is an IPv4 address (`Is4`).
    pub is4: bool,
    /// The IPv6 zone after `%`, empty when none.
    pub zone: &'a [u8],
}

/// Go's `parseAddrError`: the input, why, and where parsing stopped.
fn error(input: &[u8], msg: &str, at: &[u8]) -> String {
    let mut out = format!("ParseAddr({}): {msg}", quote_bytes(input, '"'));
    if !at.is_empty() {
        out.push_str(&format!(" (at {})", quote_bytes(at, '"')));
    }
    out
}

/// Go's `netip.ParseAddr(s)`.
pub fn parse_addr(s: &[u8]) -> Result<Addr<'_>, String> {
    match s.iter().find(|b| matches!(b, b'.' | b':' | b'%')) {
        Some(b'.') => {
            parse_ipv4_fields(s, s)?;
            Ok(Addr {
                is4: true,
                zone: b"",
            })
        }
        Some(b':') => parse_ipv6(s),
        Some(_) => Err(error(s, "missing IPv6 address", b"")),
        None => Err(error(s, "unable to parse IP", b"")),
    }
}

/// Go's `parseIPv4Fields`: `s`, a part of `input`, as four decimal octets.
fn parse_ipv4_fields(input: &[u8], s: &[u8]) -> Result<(), String> {
    let (mut val, mut pos, mut digits) = (0u32, 0, 0);
    for (i, &c) in s.iter().enumerate() {
        if c.is_ascii_digit() {
            if digits == 1 && val == 0 {
                return Err(error(input, "IPv4 field has octet with leading zero", b""));
            }
            val = val * 10 + u32::from(c - b'0');
            digits += 1;
            if val > 255 {
                return Err(error(input, "IPv4 field has value >255", b""));
            }
        } else if c == b'.' {
            if i == 0 || i == s.len() - 1 || s[i - 1] == b'.' {
                let msg = "IPv4 field must have at least one digit";
                return Err(error(input, msg, &s[i..]));
            }
            if pos == 3 {
                return Err(error(input, "IPv4 address too long", b""));
            }
            (pos, val, digits) = (pos + 1, 0, 0);
        } else {
            return Err(error(input, "unexpected character", &s[i..]));
        }
    }
    if pos < 3 {
        return Err(error(input, "IPv4 address too short", b""));
    }
    Ok(())
}

/// The address and its zone (after `%`, which may not be empty), as `parseIPv6` splits them.
fn split_zone(input: &[u8]) -> Result<(&[u8], &[u8]), String> {
    match input.iter().position(|&b| b == b'%') {
        Some(i) if i + 1 == input.len() => {
            Err(error(input, "zone must be a non-empty string", b""))
        }
        Some(i) => Ok((&input[..i], &input[i + 1..])),
        None => Ok((input, &b""[..])),
    }
}

/// Go's `parseIPv6`: hex fields of at most four digits, one `::`, an embedded IPv4 address
/// last, and a zone after `%`.
fn parse_ipv6(input: &[u8]) -> Result<Addr<'_>, String> {
    let (mut s, zone) = split_zone(input)?;
    let ok = Ok(Addr { is4: false, zone });
    let mut ellipsis = None;
    if let Some(rest) = s.strip_prefix(b"::") {
        ellipsis = Some(0);
        s = rest;
        if s.is_empty() {
            return ok;
        }
    }
    let mut i = 0;
    while i < 16 {
        let digits = s.iter().take_while(|b| b.is_ascii_hexdigit()).count();
        if digits > 4 {
            return Err(error(input, "each group must have 4 or less digits", s));
        }
        if digits == 0 {
            let msg = "each colon-separated field must have at least one digit";
            return Err(error(input, msg, s));
        }
        if s.get(digits) == Some(&b'.') {
            if ellipsis.is_none() && i != 12 {
                let msg = "embedded IPv4 address must replace the final 2 fields of the address";
                return Err(error(input, msg, s));
            }
            if i + 4 > 16 {
                let msg = "too many hex fields to fit an embedded IPv4 at the end of the address";
                return Err(error(input, msg, s));
            }
            parse_ipv4_fields(input, s)?;
            (s, i) = (b"", i + 4);
            break;
        }
        i += 2;
        s = &s[digits..];
        if s.is_empty() {
            break;
        }
        if s[0] != b':' {
            return Err(error(input, "unexpected character, want colon", s));
        }
        if s.len() == 1 {
            return Err(error(input, "colon must be followed by more characters", s));
        }
        s = &s[1..];
        if s[0] == b':' {
            if ellipsis.is_some() {
                return Err(error(input, "multiple :: in address", s));
            }
            ellipsis = Some(i);
            s = &s[1..];
            if s.is_empty() {
                break;
            }
        }
    }
    if !s.is_empty() {
        return Err(error(input, "trailing garbage after address", s));
    }
    match (i < 16, ellipsis) {
        (true, None) => Err(error(input, "address string too short", b"")),
        (false, Some(_)) => {
            let msg = "the :: must expand to at least one field of zeros";
            Err(error(input, msg, b""))
        }
        _ => ok,
    }
}

#[cfg(test)]
mod tests {
    use super::parse_addr;

    /// Each text and Go 1.26's answer, as Helm 4.2.3 gives it.
    #[test]
    fn addresses_parse_as_go_parses_them() {
        let cases = [
            ("::", None),
            ("::ffff:1.2.3.4", None),
            ("fe80::1%eth0", None),
            ("1.2.3.4", None),
            (
                "zz::1",
                Some(
                    r#"ParseAddr("zz::1"): each colon-separated field must have at least one digit (at "zz::1")"#,
                ),
            ),
            (
                "1:2:3:4:5:6:7",
                Some(r#"ParseAddr("1:2:3:4:5:6:7"): address string too short"#),
            ),
            (
                "::1.2.3.256",
                Some(r#"ParseAddr("::1.2.3.256"): IPv4 field has value >255"#),
            ),
            (
                "12345::1",
                Some(
                    r#"ParseAddr("12345::1"): each group must have 4 or less digits (at "12345::1")"#,
                ),
            ),
            ("a%", Some(r#"ParseAddr("a%"): missing IPv6 address"#)),
        ];
        for (text, want) in cases {
            let got = parse_addr(text.as_bytes()).err();
            assert_eq!(got.as_deref(), want, "{text}");
        }
    }
}
