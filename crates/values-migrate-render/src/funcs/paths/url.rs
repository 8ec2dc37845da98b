//! Go's `net/url` as sprig's `urlParse` and `urlJoin` use it: `url.Parse`, `Hostname`,
//! `Userinfo.String` and `URL.String`, over bytes as Go's strings are.

use values_migrate_unicode::quote_bytes;

/// How a part of a URL is escaped and unescaped (Go's `encoding`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
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
pub(super) struct Url {
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
    /// The query without `?`, as written.
    pub raw_query: Vec<u8>,
    /// The fragment without `#`, unescaped.
    pub fragment: Vec<u8>,
}

/// Why a URL did not parse.
pub(super) enum Failure {
    /// Go's error, in its words.
    Go(String),
    /// An IP literal Go's `netip` rejects in words this port does not have.
    Unported,
}

impl From<String> for Failure {
    fn from(words: String) -> Self {
        Failure::Go(words)
    }
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
pub(super) fn unescape(s: &[u8], mode: Mode) -> Result<Vec<u8>, String> {
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
pub(super) fn escape(s: &[u8], mode: Mode) -> Vec<u8> {
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
pub(super) fn parse(raw: &[u8]) -> Result<Url, Failure> {
    let (u, frag) = match raw.iter().position(|&c| c == b'#') {
        Some(i) => (&raw[..i], &raw[i + 1..]),
        None => (raw, &raw[raw.len()..]),
    };
    let mut url = parse_reference(u).map_err(|e| match e {
        Failure::Go(e) => Failure::Go(format!("parse {}: {e}", q(u))),
        Failure::Unported => Failure::Unported,
    })?;
    if !frag.is_empty() {
        url.fragment = unescape(frag, Mode::Fragment)
            .map_err(|e| Failure::Go(format!("parse {}: {e}", q(raw))))?;
    }
    Ok(url)
}

/// Go's `getScheme`: the scheme and the rest, or the whole as the rest.
fn scheme(raw: &[u8]) -> Result<(&[u8], &[u8]), Failure> {
    for (i, &c) in raw.iter().enumerate() {
        match c {
            b'a'..=b'z' | b'A'..=b'Z' => {}
            b'0'..=b'9' | b'+' | b'-' | b'.' if i > 0 => {}
            b':' if i == 0 => return Err(Failure::Go("missing protocol scheme".to_string())),
            b':' => return Ok((&raw[..i], &raw[i + 1..])),
            _ => return Ok((&raw[..0], raw)),
        }
    }
    Ok((&raw[..0], raw))
}

/// Go's `parse(rawURL, false)`: a URL without its fragment.
fn parse_reference(raw: &[u8]) -> Result<Url, Failure> {
    if raw.iter().any(|&b| b < b' ' || b == 0x7f) {
        return Err(Failure::Go(
            "net/url: invalid control character in URL".to_string(),
        ));
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
            url.opaque = rest.to_vec();
            return Ok(url);
        }
        let segment = rest.split(|&c| c == b'/').next().unwrap_or_default();
        if segment.contains(&b':') {
            return Err(Failure::Go(
                "first path segment in URL cannot contain colon".to_string(),
            ));
        }
    }
    if (!url.scheme.is_empty() || !rest.starts_with(b"///")) && rest.starts_with(b"//") {
        let mut authority = &rest[2..];
        rest = &rest[rest.len()..];
        if let Some(i) = authority.iter().position(|&c| c == b'/') {
            (authority, rest) = authority.split_at(i);
        }
        (url.user, url.host) = parse_authority(authority)?;
    }
    url.path = unescape(rest, Mode::Path)?;
    Ok(url)
}

/// A user name and optional password.
type User = Option<(Vec<u8>, Option<Vec<u8>>)>;

/// Go's `parseAuthority`: `[userinfo@]host[:port]`.
fn parse_authority(authority: &[u8]) -> Result<(User, Vec<u8>), Failure> {
    let at = authority.iter().rposition(|&c| c == b'@');
    let host = parse_host(at.map_or(authority, |i| &authority[i + 1..]))?;
    let Some(at) = at else {
        return Ok((None, host));
    };
    let userinfo = &authority[..at];
    if !valid_userinfo(userinfo) {
        return Err(Failure::Go("net/url: invalid userinfo".to_string()));
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

/// Go's `parseHost` (Go 1.25's, which checks the IP literal in brackets with `netip`):
/// `host[:port]` or `[ipv6%25zone]:port`, unescaped.
fn parse_host(host: &[u8]) -> Result<Vec<u8>, Failure> {
    if !host.starts_with(b"[") {
        if host.contains(&b'[') {
            return Err(Failure::Go("invalid IP-literal".to_string()));
        }
        if let Some(i) = host.iter().position(|&c| c == b':') {
            let port = &host[i..];
            if !valid_optional_port(port) {
                return Err(Failure::Go(format!("invalid port {} after host", q(port))));
            }
        }
        return Ok(unescape(host, Mode::Host)?);
    }
    let i = host
        .iter()
        .rposition(|&c| c == b']')
        .ok_or_else(|| Failure::Go("missing ']' in host".to_string()))?;
    let port = &host[i + 1..];
    if !valid_optional_port(port) {
        return Err(Failure::Go(format!("invalid port {} after host", q(port))));
    }
    let out = match host[..i].windows(3).position(|w| w == b"%25") {
        Some(zone) => {
            let mut out = unescape(&host[..zone], Mode::Host)?;
            out.extend(unescape(&host[zone..i], Mode::Zone)?);
            out.extend(unescape(&host[i..], Mode::Host)?);
            out
        }
        None => unescape(host, Mode::Host)?,
    };
    check_ip_literal(&out)?;
    Ok(out)
}

/// The IP literal between the brackets of an unescaped host: IPv6 with an optional zone.
fn check_ip_literal(host: &[u8]) -> Result<(), Failure> {
    let end = host.iter().rposition(|&c| c == b']').unwrap_or(host.len());
    let inner = host.get(1..end).unwrap_or_default();
    let (addr, zone) = match inner.iter().position(|&c| c == b'%') {
        Some(i) => (&inner[..i], Some(&inner[i + 1..])),
        None => (inner, None),
    };
    let addr = std::str::from_utf8(addr).unwrap_or("");
    if zone.is_none_or(|z| !z.is_empty()) {
        if zone.is_none() && addr.parse::<std::net::Ipv4Addr>().is_ok() {
            return Err(Failure::Go("invalid IP-literal".to_string()));
        }
        if addr.parse::<std::net::Ipv6Addr>().is_ok() {
            return Ok(());
        }
    }
    // Go's `netip.ParseAddr` error words are not ported: such a URL is refused.
    Err(Failure::Unported)
}

/// Go's `Hostname`: the host without a valid port and without IPv6 brackets.
pub(super) fn hostname(host: &[u8]) -> &[u8] {
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
pub(super) fn user_string(user: &(Vec<u8>, Option<Vec<u8>>)) -> Vec<u8> {
    let mut out = escape(&user.0, Mode::UserPassword);
    if let Some(password) = &user.1 {
        out.push(b':');
        out.extend(escape(password, Mode::UserPassword));
    }
    out
}

/// Go's `URL.String` of a URL with no raw path, raw fragment or forced query.
pub(super) fn to_string(url: &Url) -> Vec<u8> {
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
