//! Go's `net/url` (Go 1.26, src/net/url/url.go) over bytes as Go's strings are: `url.Parse` with
//! Go's errors (`parse "…": missing protocol scheme`, `invalid port ":x" after host`, `invalid URL
//! escape "%zz"`), `PathUnescape`, `Hostname`, `Userinfo.String` and `URL.String` — what Helm's
//! `uri` formats and sprig's `urlParse` and `urlJoin` read. Colons in an http(s) host are strict,
//! Go 1.26's default (`urlstrictcolons=1`).

use values_migrate_unicode::quote_bytes;

use crate::netip::parse_addr;

/// How a part of a URL is escaped and unescaped (Go's `encoding`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// `encodePath`
    Path,
    /// `encodeHost`
    Host,
    /// `encodeZone`
    Zone,
    /// `encodeUserPassword`
    UserPassword,
    /// `encodeFragment`
    Fragment,
}

/// A parsed URL, the fields sprig reads.
#[derive(Default)]
pub struct Url {
    /// The scheme, lowercased.
    pub scheme: Vec<u8>,
    /// Encoded opaque data (`mailto:x` has `x`).
    pub opaque: Vec<u8>,
    /// The user name and password, if the URL has a userinfo.
    pub user: Option<(Vec<u8>, Option<Vec<u8>>)>,
    /// `host` or `host:port`, unescaped.
    pub host: Vec<u8>,
    /// The path, unescaped.
    pub path: Vec<u8>,
    /// The path as written, when that is not its default encoding (`RawPath`).
    pub raw_path: Vec<u8>,
    /// The query without `?`, as written.
    pub raw_query: Vec<u8>,
    /// The fragment without `#`, unescaped.
    pub fragment: Vec<u8>,
}

/// Go's `%q` of bytes.
fn q(bytes: &[u8]) -> String {
    quote_bytes(bytes, '"')
}

/// Go's `shouldEscape`: whether a byte is escaped in this part of a URL.
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
        b'!' | b'(' | b')' | b'*' if mode == Mode::Fragment => false,
        _ => true,
    }
}

/// The value of a hexadecimal digit.
fn unhex(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        b'A'..=b'F' => c - b'A' + 10,
        _ => 0,
    }
}

/// Go's `unescape`: `%XX` decoded, with the host and zone rules; an error in Go's words.
pub fn unescape(s: &[u8], mode: Mode) -> Result<Vec<u8>, String> {
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            b'%' => {
                let ok =
                    i + 2 < s.len() && s[i + 1].is_ascii_hexdigit() && s[i + 2].is_ascii_hexdigit();
                if !ok {
                    let end = s.len().min(i + 3);
                    return Err(format!("invalid URL escape {}", q(&s[i..end])));
                }
                let code = &s[i..i + 3];
                if mode == Mode::Host && unhex(s[i + 1]) < 8 && code != b"%25" {
                    return Err(format!("invalid URL escape {}", q(code)));
                }
                if mode == Mode::Zone {
                    let v = unhex(s[i + 1]) << 4 | unhex(s[i + 2]);
                    if code != b"%25" && v != b' ' && should_escape(v, Mode::Host) {
                        return Err(format!("invalid URL escape {}", q(code)));
                    }
                }
                i += 3;
            }
            c => {
                if matches!(mode, Mode::Host | Mode::Zone) && c < 0x80 && should_escape(c, mode) {
                    return Err(format!("invalid character {} in host name", q(&[c])));
                }
                i += 1;
            }
        }
    }
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%' && i + 2 < s.len() {
            out.push(unhex(s[i + 1]) << 4 | unhex(s[i + 2]));
            i += 3;
        } else {
            out.push(s[i]);
            i += 1;
        }
    }
    Ok(out)
}

/// Go's `escape` (no query mode: sprig's functions never escape a query).
pub fn escape(s: &[u8], mode: Mode) -> Vec<u8> {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = Vec::with_capacity(s.len());
    for &c in s {
        if should_escape(c, mode) {
            out.extend([b'%', HEX[usize::from(c >> 4)], HEX[usize::from(c & 15)]]);
        } else {
            out.push(c);
        }
    }
    out
}

/// Go's `url.Parse`; its error as `*url.Error` prints it.
pub fn parse(raw: &[u8]) -> Result<Url, String> {
    let (u, frag) = match raw.iter().position(|&c| c == b'#') {
        Some(i) => (&raw[..i], &raw[i + 1..]),
        None => (raw, &raw[raw.len()..]),
    };
    let mut url = parse_reference(u).map_err(|e| format!("parse {}: {e}", q(u)))?;
    url.fragment = unescape(frag, Mode::Fragment).map_err(|e| format!("parse {}: {e}", q(raw)))?;
    Ok(url)
}

/// Go's `url.PathUnescape(s)`.
pub fn path_unescape(s: &[u8]) -> Result<Vec<u8>, String> {
    unescape(s, Mode::Path)
}

/// Go's `getScheme`: the scheme and the rest, or the whole as the rest.
fn scheme(raw: &[u8]) -> Result<(&[u8], &[u8]), String> {
    for (i, &c) in raw.iter().enumerate() {
        match c {
            b'a'..=b'z' | b'A'..=b'Z' => {}
            b'0'..=b'9' | b'+' | b'-' | b'.' if i > 0 => {}
            b':' if i == 0 => return Err("missing protocol scheme".to_string()),
            b':' => return Ok((&raw[..i], &raw[i + 1..])),
            _ => return Ok((&raw[..0], raw)),
        }
    }
    Ok((&raw[..0], raw))
}

/// Go's `parse(rawURL, false)`: a URL without its fragment.
fn parse_reference(raw: &[u8]) -> Result<Url, String> {
    if raw.iter().any(|&b| b < b' ' || b == 0x7f) {
        return Err("net/url: invalid control character in URL".to_string());
    }
    let mut url = Url::default();
    if raw == b"*" {
        url.path = b"*".to_vec();
        return Ok(url);
    }
    let (scheme, mut rest) = scheme(raw)?;
    url.scheme = scheme.to_ascii_lowercase();
    let questions = rest.iter().filter(|&&c| c == b'?').count();
    if rest.last() == Some(&b'?') && questions == 1 {
        rest = &rest[..rest.len() - 1];
    } else if let Some(i) = rest.iter().position(|&c| c == b'?') {
        url.raw_query = rest[i + 1..].to_vec();
        rest = &rest[..i];
    }
    if !rest.starts_with(b"/") {
        if !url.scheme.is_empty() {
            // A rootless path after a scheme is opaque: Go reads no further.
            url.opaque = rest.to_vec();
            return Ok(url);
        }
        let segment = rest.split(|&c| c == b'/').next().unwrap_or_default();
        if segment.contains(&b':') {
            return Err("first path segment in URL cannot contain colon".to_string());
        }
    }
    if (!url.scheme.is_empty() || !rest.starts_with(b"///")) && rest.starts_with(b"//") {
        let mut authority = &rest[2..];
        rest = &rest[rest.len()..];
        if let Some(i) = authority.iter().position(|&c| c == b'/') {
            (authority, rest) = authority.split_at(i);
        }
        (url.user, url.host) = parse_authority(&url.scheme, authority)?;
    }
    url.path = unescape(rest, Mode::Path)?;
    if escape(&url.path, Mode::Path) != rest {
        url.raw_path = rest.to_vec();
    }
    Ok(url)
}

/// A user name and optional password.
type User = Option<(Vec<u8>, Option<Vec<u8>>)>;

/// Go's `parseAuthority`: `[userinfo@]host[:port]`.
fn parse_authority(scheme: &[u8], authority: &[u8]) -> Result<(User, Vec<u8>), String> {
    let at = authority.iter().rposition(|&c| c == b'@');
    let host = parse_host(scheme, at.map_or(authority, |i| &authority[i + 1..]))?;
    let Some(at) = at else {
        return Ok((None, host));
    };
    let userinfo = &authority[..at];
    if !valid_userinfo(userinfo) {
        return Err("net/url: invalid userinfo".to_string());
    }
    let user = match userinfo.iter().position(|&c| c == b':') {
        None => (unescape(userinfo, Mode::UserPassword)?, None),
        Some(i) => (
            unescape(&userinfo[..i], Mode::UserPassword)?,
            Some(unescape(&userinfo[i + 1..], Mode::UserPassword)?),
        ),
    };
    Ok((Some(user), host))
}

/// Go's `validUserinfo` (over runes: any byte of a non-ASCII character fails it).
fn valid_userinfo(s: &[u8]) -> bool {
    s.iter()
        .all(|&c| c.is_ascii_alphanumeric() || b"-._:~!$&'()*+,;=%@".contains(&c))
}

/// Go's `validOptionalPort`: empty, or `:` and digits.
fn valid_optional_port(port: &[u8]) -> bool {
    match port.split_first() {
        None => true,
        Some((b':', digits)) => digits.iter().all(u8::is_ascii_digit),
        Some(_) => false,
    }
}

/// Go's `parseHost`: a bracketed IPv6 literal (with a zone after `%25`) and a port, or a name
/// and a port, unescaped.
fn parse_host(scheme: &[u8], host: &[u8]) -> Result<Vec<u8>, String> {
    match host.iter().rposition(|&c| c == b'[') {
        Some(0) => return ip_literal(host),
        Some(_) => return Err("invalid IP-literal".to_string()),
        None => {}
    }
    if let Some(first) = host.iter().position(|&c| c == b':') {
        let last = host.iter().rposition(|&c| c == b':').unwrap_or(first);
        // Go 1.26 is strict about colons for http and https only (go.dev/issue/78077).
        let colon = if scheme == b"http" || scheme == b"https" {
            first
        } else {
            last
        };
        let port = &host[colon..];
        if !valid_optional_port(port) {
            return Err(format!("invalid port {} after host", q(port)));
        }
    }
    unescape(host, Mode::Host)
}

/// `parseHost`'s bracketed host: an IPv6 address as `netip.ParseAddr` reads it (an IPv4 one is
/// refused), an optional zone after `%25`, an optional port.
fn ip_literal(host: &[u8]) -> Result<Vec<u8>, String> {
    let close = host
        .iter()
        .rposition(|&c| c == b']')
        .ok_or_else(|| "missing ']' in host".to_string())?;
    let port = &host[close + 1..];
    if !valid_optional_port(port) {
        return Err(format!("invalid port {} after host", q(port)));
    }
    let port = unescape(port, Mode::Host)?;
    let name = &host[1..close];
    let mut literal = match name.windows(3).position(|w| w == b"%25") {
        Some(zone) => {
            let mut part = unescape(&name[..zone], Mode::Host)?;
            part.extend(unescape(&name[zone..], Mode::Zone)?);
            part
        }
        None => unescape(name, Mode::Host)?,
    };
    let addr = parse_addr(&literal).map_err(|e| format!("invalid host: {e}"))?;
    if addr.is4 {
        return Err("invalid IP-literal".to_string());
    }
    literal.insert(0, b'[');
    literal.push(b']');
    literal.extend(port);
    Ok(literal)
}

/// Go's `Hostname`: the host without a valid port and without IPv6 brackets.
pub fn hostname(host: &[u8]) -> &[u8] {
    let mut name = host;
    if let Some(colon) = host.iter().rposition(|&c| c == b':')
        && valid_optional_port(&host[colon..])
    {
        name = &host[..colon];
    }
    match name.strip_prefix(b"[").and_then(|n| n.strip_suffix(b"]")) {
        Some(inner) => inner,
        None => name,
    }
}

/// Go's `Userinfo.String`: the escaped `user[:password]`.
pub fn user_string(user: &(Vec<u8>, Option<Vec<u8>>)) -> Vec<u8> {
    let mut out = escape(&user.0, Mode::UserPassword);
    if let Some(password) = &user.1 {
        out.push(b':');
        out.extend(escape(password, Mode::UserPassword));
    }
    out
}

/// Go's `URL.String` of a URL with no raw path, raw fragment or forced query.
pub fn to_string(url: &Url) -> Vec<u8> {
    let mut buf = Vec::new();
    if !url.scheme.is_empty() {
        buf.extend(&url.scheme);
        buf.push(b':');
    }
    if !url.opaque.is_empty() {
        buf.extend(&url.opaque);
    } else {
        if !url.scheme.is_empty() || !url.host.is_empty() || url.user.is_some() {
            if !url.host.is_empty() || !url.path.is_empty() || url.user.is_some() {
                buf.extend(b"//");
            }
            if let Some(user) = &url.user {
                buf.extend(user_string(user));
                buf.push(b'@');
            }
            buf.extend(escape(&url.host, Mode::Host));
        }
        let path = if url.path == b"*" {
            url.path.clone()
        } else {
            escape(&url.path, Mode::Path)
        };
        if path.first().is_some_and(|&c| c != b'/') && !url.host.is_empty() {
            buf.push(b'/');
        }
        if buf.is_empty() {
            let segment = path.split(|&c| c == b'/').next().unwrap_or_default();
            if segment.contains(&b':') {
                buf.extend(b"./");
            }
        }
        buf.extend(path);
    }
    if !url.raw_query.is_empty() {
        buf.push(b'?');
        buf.extend(&url.raw_query);
    }
    if !url.fragment.is_empty() {
        buf.push(b'#');
        buf.extend(escape(&url.fragment, Mode::Fragment));
    }
    buf
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
            // Helm 4.2.3's `urlParse`: the strict colons are http(s)'s alone.
            ("foo://a:b:1/x", None),
            (
                "http://a:b:1/x",
                Some(r#"parse "http://a:b:1/x": invalid port ":b:1" after host"#),
            ),
            ("foo://[::1%25eth0]:80/p", None),
            (
                "x://[::1]:8a/",
                Some(r#"parse "x://[::1]:8a/": invalid port ":8a" after host"#),
            ),
            ("b/c:d:e", None),
            ("c:d/e", None),
            (
                "x y:z",
                Some(r#"parse "x y:z": first path segment in URL cannot contain colon"#),
            ),
        ];
        for (text, want) in cases {
            assert_eq!(parse(text.as_bytes()).err().as_deref(), want, "{text}");
        }
    }

    /// Helm 4.2.3's `urlParse` of each text: its host and `Hostname`.
    #[test]
    fn hosts_as_url_parse_gives_them() {
        let cases = [
            ("foo://a:b:1/x", "a:b:1", "a:b"),
            ("foo://[::1%25eth0]:80/p", "[::1%eth0]:80", "::1%eth0"),
            ("http://[fe80::1%25en0]/", "[fe80::1%en0]", "fe80::1%en0"),
            (
                "foo://[::ffff:1.2.3.4]/",
                "[::ffff:1.2.3.4]",
                "::ffff:1.2.3.4",
            ),
        ];
        for (text, host, hostname) in cases {
            let url = parse(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(url.host, host.as_bytes(), "{text}");
            assert_eq!(super::hostname(&url.host), hostname.as_bytes(), "{text}");
        }
    }
}
