//! Go's `url.Parse` (Go 1.26, src/net/url/url.go), as far as Helm's `uri`, `iri`,
//! `uri-reference`, `iri-reference` and `uri-template` checks read it: what it accepts, its
//! errors (`parse "…": missing protocol scheme`, `invalid port ":x" after host`, `invalid URL
//! escape "%zz"`), the scheme, the host and the raw path. Colons in an http(s) host are
//! strict, Go 1.26's default (`urlstrictcolons=1`).

use values_migrate_unicode::quote_bytes;

use super::go_netip::parse_addr;

/// The parts of a parsed URL Helm's checks read.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Url {
    /// The scheme, lower-cased; empty for a relative reference.
    pub(crate) scheme: String,
    /// The host (and port), unescaped.
    pub(crate) host: Vec<u8>,
    /// The path as written, when that is not its default encoding (`RawPath`).
    pub(crate) raw_path: String,
}

/// Where a text is unescaped, for Go's `unescape` and `shouldEscape`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Path,
    Host,
    Zone,
    UserPassword,
    Fragment,
}

/// Go's `url.Parse(raw)`.
pub(crate) fn parse(raw: &str) -> Result<Url, String> {
    let (before, fragment) = raw.split_once('#').unwrap_or((raw, ""));
    let fail =
        |url: &str, err: String| format!("parse {}: {err}", quote_bytes(url.as_bytes(), '"'));
    let url = parse_reference(before).map_err(|e| fail(before, e))?;
    unescape(fragment.as_bytes(), Mode::Fragment).map_err(|e| fail(raw, e))?;
    Ok(url)
}

/// Go's `parse(rawURL, false)`.
fn parse_reference(raw: &str) -> Result<Url, String> {
    if raw.bytes().any(|b| b < 0x20 || b == 0x7f) {
        return Err("net/url: invalid control character in URL".into());
    }
    let mut url = Url::default();
    if raw == "*" {
        return Ok(url);
    }
    let (scheme, rest) = scheme(raw)?;
    url.scheme = scheme.to_ascii_lowercase();
    let rest = match rest.strip_suffix('?') {
        Some(rest) if !rest.contains('?') => rest,
        _ => rest.split_once('?').map_or(rest, |(rest, _)| rest),
    };
    if !rest.starts_with('/') {
        if !url.scheme.is_empty() {
            // A rootless path after a scheme is opaque: Go reads no further.
            return Ok(url);
        }
        if rest.split('/').next().is_some_and(|s| s.contains(':')) {
            return Err("first path segment in URL cannot contain colon".into());
        }
    }
    let mut path = rest;
    if (!url.scheme.is_empty() || !rest.starts_with("///")) && rest.starts_with("//") {
        let authority = &rest[2..];
        let (authority, after) = authority.split_at(authority.find('/').unwrap_or(authority.len()));
        url.host = parse_authority(&url.scheme, authority)?;
        path = after;
    }
    let unescaped = unescape(path.as_bytes(), Mode::Path)?;
    if escape_path(&unescaped) != path.as_bytes() {
        url.raw_path = path.to_string();
    }
    Ok(url)
}

/// Go's `getScheme`: the scheme before the first `:`, if the text starts with one.
fn scheme(raw: &str) -> Result<(&str, &str), String> {
    for (i, c) in raw.bytes().enumerate() {
        match c {
            b'a'..=b'z' | b'A'..=b'Z' => {}
            b'0'..=b'9' | b'+' | b'-' | b'.' if i > 0 => {}
            b':' if i == 0 => return Err("missing protocol scheme".into()),
            b':' => return Ok((&raw[..i], &raw[i + 1..])),
            _ => return Ok(("", raw)),
        }
    }
    Ok(("", raw))
}

/// Go's `parseAuthority`: the host, after checking the user information before the last `@`.
fn parse_authority(scheme: &str, authority: &str) -> Result<Vec<u8>, String> {
    let Some(at) = authority.rfind('@') else {
        return parse_host(scheme, authority);
    };
    let host = parse_host(scheme, &authority[at + 1..])?;
    let userinfo = &authority[..at];
    if !userinfo
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "-._:~!$&'()*+,;=%@".contains(c))
    {
        return Err("net/url: invalid userinfo".into());
    }
    for part in userinfo.splitn(2, ':') {
        unescape(part.as_bytes(), Mode::UserPassword)?;
    }
    Ok(host)
}

/// Go's `parseHost`: a bracketed IPv6 literal (with a zone after `%25`) and a port, or a
/// name and a port.
fn parse_host(scheme: &str, host: &str) -> Result<Vec<u8>, String> {
    let port_error = |port: &str| {
        format!(
            "invalid port {} after host",
            quote_bytes(port.as_bytes(), '"')
        )
    };
    match host.rfind('[') {
        Some(0) => {
            let close = host.rfind(']').ok_or("missing ']' in host")?;
            let port = &host[close + 1..];
            if !valid_optional_port(port) {
                return Err(port_error(port));
            }
            let port = unescape(port.as_bytes(), Mode::Host)?;
            let name = &host[1..close];
            let mut literal = match name.find("%25") {
                Some(zone) => {
                    let mut part = unescape(&name.as_bytes()[..zone], Mode::Host)?;
                    part.extend(unescape(&name.as_bytes()[zone..], Mode::Zone)?);
                    part
                }
                None => unescape(name.as_bytes(), Mode::Host)?,
            };
            let addr = parse_addr(&literal).map_err(|e| format!("invalid host: {e}"))?;
            if addr.is4 {
                return Err("invalid IP-literal".into());
            }
            literal.insert(0, b'[');
            literal.push(b']');
            literal.extend(port);
            return Ok(literal);
        }
        Some(_) => return Err("invalid IP-literal".into()),
        None => {}
    }
    if let Some(first) = host.find(':') {
        let last = host.rfind(':').unwrap_or(first);
        // Go 1.26 is strict about colons for http and https only (go.dev/issue/78077).
        let colon = if scheme == "http" || scheme == "https" {
            first
        } else {
            last
        };
        if !valid_optional_port(&host[colon..]) {
            return Err(port_error(&host[colon..]));
        }
    }
    unescape(host.as_bytes(), Mode::Host)
}

/// Go's `validOptionalPort`: empty, or `:` and digits.
fn valid_optional_port(port: &str) -> bool {
    port.is_empty()
        || port
            .strip_prefix(':')
            .is_some_and(|digits| digits.bytes().all(|b| b.is_ascii_digit()))
}

/// Go's `unescape(s, mode)`: `%XX` escapes decoded; in a host, only non-ASCII bytes may be
/// escaped and only some ASCII may stand as it is.
fn unescape(s: &[u8], mode: Mode) -> Result<Vec<u8>, String> {
    let escape_error = |bad: &[u8]| format!("invalid URL escape {}", quote_bytes(bad, '"'));
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        if c != b'%' {
            if matches!(mode, Mode::Host | Mode::Zone) && c < 0x80 && should_escape(c, mode) {
                let bad = quote_bytes(&s[i..=i], '"');
                return Err(format!("invalid character {bad} in host name"));
            }
            out.push(c);
            i += 1;
            continue;
        }
        let Some(v) = s.get(i + 1..i + 3).and_then(hex_byte) else {
            return Err(escape_error(&s[i..s.len().min(i + 3)]));
        };
        let percent = &s[i..i + 3] == b"%25";
        if mode == Mode::Host && v < 0x80 && !percent {
            return Err(escape_error(&s[i..i + 3]));
        }
        if mode == Mode::Zone && !percent && v != b' ' && should_escape(v, Mode::Host) {
            return Err(escape_error(&s[i..i + 3]));
        }
        out.push(v);
        i += 3;
    }
    Ok(out)
}

/// Go's `url.PathUnescape(s)`.
pub(crate) fn path_unescape(s: &[u8]) -> Result<Vec<u8>, String> {
    unescape(s, Mode::Path)
}

/// The byte two hex digits write.
fn hex_byte(pair: &[u8]) -> Option<u8> {
    let digit = |b: u8| char::from(b).to_digit(16);
    Some((digit(pair[0])? * 16 + digit(pair[1])?) as u8)
}

/// Go's `escape(s, encodePath)`: the default encoding of a path.
fn escape_path(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    for &c in s {
        if should_escape(c, Mode::Path) {
            out.extend(format!("%{c:02X}").bytes());
        } else {
            out.push(c);
        }
    }
    out
}

/// Go's `shouldEscape(c, mode)`.
fn should_escape(c: u8, mode: Mode) -> bool {
    if c.is_ascii_alphanumeric() {
        return false;
    }
    if matches!(mode, Mode::Host | Mode::Zone) && b"!$&'()*+,;=:[]<>\"".contains(&c) {
        return false;
    }
    match c {
        b'-' | b'_' | b'.' | b'~' => false,
        b'$' | b'&' | b'+' | b',' | b'/' | b':' | b';' | b'=' | b'?' | b'@' => match mode {
            Mode::Path => c == b'?',
            Mode::UserPassword => matches!(c, b'@' | b'/' | b'?' | b':'),
            Mode::Fragment => false,
            Mode::Host | Mode::Zone => true,
        },
        b'!' | b'(' | b')' | b'*' => mode != Mode::Fragment,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::parse;

    /// Each text and Go 1.26's answer, as Helm 4.2.3 gives it.
    #[test]
    fn urls_parse_as_go_parses_them() {
        let cases = [
            ("http://example.com/a b", None),
            ("mailto:a b", None),
            ("http://[::1]:80/", None),
            (":x", Some(r#"parse ":x": missing protocol scheme"#)),
            (
                "http://localhost:80:80/",
                Some(r#"parse "http://localhost:80:80/": invalid port ":80:80" after host"#),
            ),
            (
                "http://a b/",
                Some(r#"parse "http://a b/": invalid character " " in host name"#),
            ),
            (
                "http://h/%zz#f",
                Some(r#"parse "http://h/%zz": invalid URL escape "%zz""#),
            ),
            (
                "http://[1.2.3.4]/",
                Some(r#"parse "http://[1.2.3.4]/": invalid IP-literal"#),
            ),
            ("a:b/c:d", None),
            ("b/c:d:e", None),
            ("c:d/e", None),
            (
                "x y:z",
                Some(r#"parse "x y:z": first path segment in URL cannot contain colon"#),
            ),
        ];
        for (text, want) in cases {
            assert_eq!(parse(text).err().as_deref(), want, "{text}");
        }
    }
}
