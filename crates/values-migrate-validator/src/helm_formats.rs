//! The `format` checks of Helm's validator (santhosh-tekuri/jsonschema v6.0.2, format.go), each
//! `Ok` or Helm's reason (`missing @`, `less than 20 characters long`, Go's own errors from
//! `time.Parse`, `netip.ParseAddr`, `url.Parse` and `strconv.Atoi`, ported beside this file).

use values_migrate_unicode::quote;

use super::go_strconv::{atoi, atoi_error};
use super::go_time::parse_date;
use values_migrate_gostd::netip::parse_addr;
use values_migrate_gostd::url::{Url, parse as parse_url_bytes, path_unescape};

/// Go's `%q` of a rune, as Helm's reasons print one.
fn go_char(c: char) -> String {
    quote(c.encode_utf8(&mut [0; 4]), '\'')
}

/// `json-pointer` (RFC 6901): empty, or `/`-separated tokens where `~` is followed by `0` or `1`.
pub(crate) fn json_pointer(text: &str) -> Result<(), String> {
    if text.is_empty() {
        return Ok(());
    }
    let Some(rest) = text.strip_prefix('/') else {
        return Err("not starting with /".into());
    };
    // Go also refuses a character outside \x00-\x2E, \x30-\x7D, \x7F-: only `/` and `~`, which
    // no token holds unescaped.
    for token in rest.split('/') {
        let mut escape = false;
        for c in token.chars() {
            if escape && c != '0' && c != '1' {
                return Err("~ must be followed by 0 or 1".into());
            }
            escape = !escape && c == '~';
        }
        if escape {
            return Err("~ must be followed by 0 or 1".into());
        }
    }
    Ok(())
}

/// `relative-json-pointer`: a non-negative integer, then `#` or a JSON pointer.
pub(crate) fn relative_json_pointer(text: &str) -> Result<(), String> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Err("must start with non-negative integer".into());
    }
    if digits > 1 && text.starts_with('0') {
        return Err("starts with zero".into());
    }
    match &text[digits..] {
        "#" => Ok(()),
        rest => json_pointer(rest),
    }
}

/// `uuid`: five groups of 8, 4, 4, 4 and 12 hex digits.
pub(crate) fn uuid(text: &str) -> Result<(), String> {
    let groups: Vec<&str> = text.split('-').collect();
    if groups.len() != 5 {
        return Err("must have 5 elements".into());
    }
    for (i, (group, n)) in groups.iter().zip([8, 4, 4, 4, 12]).enumerate() {
        if group.len() != n {
            return Err(format!("element {} must be {n} characters long", i + 1));
        }
        if let Some(c) = group.chars().find(|c| !c.is_ascii_hexdigit()) {
            return Err(format!("non-hex character {}", go_char(c)));
        }
    }
    Ok(())
}

/// `duration` (RFC 3339 appendix A): `P`, then weeks, or date units and after a `T` time
/// units, each a number, in order.
pub(crate) fn duration(text: &str) -> Result<(), String> {
    let rest = text.strip_prefix('P').ok_or("must start with P")?;
    if rest.is_empty() {
        return Err("nothing after P".into());
    }
    if let Some(weeks) = rest.strip_suffix('W') {
        if weeks.is_empty() {
            return Err("no number in week".into());
        }
        if !weeks.bytes().all(|b| b.is_ascii_digit()) {
            return Err("invalid week".into());
        }
        return Ok(());
    }
    const UNITS: [&[u8]; 2] = [b"YMD", b"HMS"];
    for (i, part) in rest.as_bytes().split(|&b| b == b'T').enumerate() {
        if i != 0 && part.is_empty() {
            return Err("no time elements".into());
        }
        if i >= UNITS.len() {
            return Err("more than one T".into());
        }
        let (mut units, mut part) = (UNITS[i], part);
        while !part.is_empty() {
            let digits = part.iter().take_while(|b| b.is_ascii_digit()).count();
            if digits == 0 {
                return Err("missing number".into());
            }
            // Go reads the unit as one byte, and prints it as the rune of that byte.
            let &unit = part.get(digits).ok_or("missing unit")?;
            let Some(at) = units.iter().position(|&u| u == unit) else {
                let known = UNITS[i].contains(&unit);
                let unit = go_char(char::from(unit));
                return Err(if known {
                    format!("unit {unit} out of order")
                } else {
                    format!("invalid unit {unit}")
                });
            };
            units = &units[at + 1..];
            part = &part[digits + 1..];
        }
    }
    Ok(())
}

/// `ipv4`: four decimals 0 to 255 without leading zeros, each as Go's `strconv.Atoi` reads it.
pub(crate) fn ipv4(text: &str) -> Result<(), String> {
    let groups: Vec<&str> = text.split('.').collect();
    if groups.len() != 4 {
        return Err("expected four decimals".into());
    }
    for group in groups {
        if group.len() > 1 && group.starts_with('0') {
            return Err("leading zeros".into());
        }
        let n = atoi(group.as_bytes()).map_err(|e| atoi_error(group.as_bytes(), e))?;
        if !(0..=255).contains(&n) {
            return Err("decimal must be between 0 and 255".into());
        }
    }
    Ok(())
}

/// `ipv6`: an address with a colon as Go's `netip.ParseAddr` reads it, without a zone.
pub(crate) fn ipv6(text: &[u8]) -> Result<(), String> {
    if !text.contains(&b':') {
        return Err("missing colon".into());
    }
    if !parse_addr(text)?.zone.is_empty() {
        return Err("zone id is not a part of ipv6 address".into());
    }
    Ok(())
}

/// `hostname`: at most 253 characters (a final dot aside), labels of 1 to 63 ASCII letters,
/// digits and inner hyphens.
pub(crate) fn hostname(text: &str) -> Result<(), String> {
    let text = text.strip_suffix('.').unwrap_or(text);
    if text.len() > 253 {
        return Err("more than 253 characters long".into());
    }
    for label in text.split('.') {
        if !(1..=63).contains(&label.len()) {
            return Err("label must be 1 to 63 characters long".into());
        }
        if label.starts_with('-') {
            return Err("label starts with hyphen".into());
        }
        if label.ends_with('-') {
            return Err("label ends with hyphen".into());
        }
        if let Some(c) = label
            .chars()
            .find(|c| !(c.is_ascii_alphanumeric() || *c == '-'))
        {
            return Err(format!("invalid character {}", go_char(c)));
        }
    }
    Ok(())
}

/// `email`: a local part (quoted, or dot-atoms of the allowed characters) and a domain
/// (a hostname, or a bracketed address).
pub(crate) fn email(text: &str) -> Result<(), String> {
    if text.len() > 254 {
        return Err("more than 255 characters long".into());
    }
    let at = text.rfind('@').ok_or("missing @")?;
    let (local, domain) = (&text[..at], &text[at + 1..]);
    if local.len() > 64 {
        return Err("local part more than 64 characters long".into());
    }
    if local.len() > 1 && local.starts_with('"') {
        let inner = &local.as_bytes()[1..local.len() - 1];
        if inner.contains(&b'\\') || inner.contains(&b'"') {
            return Err("backslash and quote are not allowed within quoted local part".into());
        }
    } else {
        if local.starts_with('.') {
            return Err("starts with dot".into());
        }
        if local.ends_with('.') {
            return Err("ends with dot".into());
        }
        if local.contains("..") {
            return Err("consecutive dots".into());
        }
        if let Some(c) = local
            .chars()
            .find(|c| !(c.is_ascii_alphanumeric() || ".!#$%&'*+-/=?^_`{|}~".contains(*c)))
        {
            return Err(format!("invalid character {}", go_char(c)));
        }
    }
    if let Some(inner) = domain.strip_prefix('[').and_then(|d| d.strip_suffix(']')) {
        if let Some(v6) = inner.strip_prefix("IPv6:") {
            return ipv6(v6.as_bytes()).map_err(|e| format!("invalid ipv6 address: {e}"));
        }
        return ipv4(inner).map_err(|e| format!("invalid ipv4 address: {e}"));
    }
    hostname(domain).map_err(|e| format!("invalid domain: {e}"))
}

/// `date`: Go's `time.Parse("2006-01-02", text)`.
pub(crate) fn date(text: &[u8]) -> Result<(), String> {
    parse_date(text)
}

/// `time` (RFC 3339 full-time): `hh:mm:ss`, a fraction, `Z` or an offset; a leap second only
/// at 23:59 UTC.
pub(crate) fn time(text: &[u8]) -> Result<(), String> {
    if text.len() < 9 {
        return Err("less than 9 characters long".into());
    }
    if text[2] != b':' || text[5] != b':' {
        return Err("missing colon in correct place".into());
    }
    let mut hms = [0i64; 3];
    // Go splits the first 8 bytes at colons (three parts: the colons above are there).
    for (slot, token) in hms.iter_mut().zip(text[..8].splitn(3, |&b| b == b':')) {
        *slot = atoi(token).map_err(|_| "invalid hour/min/sec")?;
        if *slot < 0 {
            return Err("non-positive hour/min/sec".into());
        }
    }
    let [mut h, mut m, s] = hms;
    if h > 23 || m > 59 || s > 60 {
        return Err("hour/min/sec out of range".into());
    }
    let mut rest = &text[8..];
    if let Some(fraction) = rest.strip_prefix(b".") {
        let digits = fraction.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 {
            return Err("no digits in second fraction".into());
        }
        rest = &fraction[digits..];
    }
    if rest != b"z" && rest != b"Z" {
        // Go adds a day to a negative time but leaves one past midnight as it is.
        let mut minutes = h * 60 + m + offset_minutes(rest)?;
        if minutes < 0 {
            minutes += 24 * 60;
        }
        (h, m) = (minutes / 60, minutes % 60);
    }
    if s >= 60 && (h != 23 || m != 59) {
        return Err("invalid leap second".into());
    }
    Ok(())
}

/// The minutes a `time`'s numeric offset (`+hh:mm`, `-hh:mm`) adds to reach UTC.
fn offset_minutes(offset: &[u8]) -> Result<i64, String> {
    if offset.len() != 6 {
        return Err("offset must be 6 characters long".into());
    }
    let sign = match offset[0] {
        b'+' => -1,
        b'-' => 1,
        _ => return Err("offset must begin with plus/minus".into()),
    };
    let offset = &offset[1..];
    if offset[2] != b':' {
        return Err("missing colon in offset in correct place".into());
    }
    let mut zhm = [0i64; 2];
    for (slot, token) in zhm.iter_mut().zip(offset.splitn(2, |&b| b == b':')) {
        *slot = atoi(token).map_err(|_| "invalid hour/min in offset")?;
        if *slot < 0 {
            return Err("non-positive hour/min in offset".into());
        }
    }
    let [zh, zm] = zhm;
    if zh > 23 || zm > 59 {
        return Err("hour/min in offset out of range".into());
    }
    Ok(sign * (zh * 60 + zm))
}

/// `date-time`: a `date`, `T` or `t`, and a `time`.
pub(crate) fn date_time(text: &[u8]) -> Result<(), String> {
    if text.len() < 20 {
        return Err("less than 20 characters long".into());
    }
    if text[10] != b't' && text[10] != b'T' {
        return Err("11th character must be t or T".into());
    }
    date(&text[..10]).map_err(|e| format!("invalid date element: {e}"))?;
    time(&text[11..]).map_err(|e| format!("invalid time element: {e}"))
}

/// `period`: `start/end`, `start/duration` or `duration/end`.
pub(crate) fn period(text: &str) -> Result<(), String> {
    let (start, end) = text.split_once('/').ok_or("missing slash")?;
    let end_date_time =
        |end: &str| date_time(end.as_bytes()).map_err(|e| format!("invalid end date-time: {e}"));
    if start.starts_with('P') {
        duration(start).map_err(|e| format!("invalid start duration: {e}"))?;
        return end_date_time(end);
    }
    date_time(start.as_bytes()).map_err(|e| format!("invalid start date-time: {e}"))?;
    if end.starts_with('P') {
        return duration(end).map_err(|e| format!("invalid end duration: {e}"));
    }
    end_date_time(end)
}

/// Go's `url.Parse(text)`, and a host with a colon a bracketed IPv6 address (format.go's
/// `parseURL`).
fn parse_url(text: &str) -> Result<Url, String> {
    let url = parse_url_bytes(text.as_bytes())?;
    let name = host_name(&url.host);
    if name.contains(&b':') {
        if !url.host.contains(&b'[') || !url.host.contains(&b']') {
            return Err("ipv6 address not enclosed in brackets".into());
        }
        ipv6(name).map_err(|e| format!("invalid ipv6 address: {e}"))?;
    }
    Ok(url)
}

/// Go's `URL.Hostname()`: the host without its port and brackets.
fn host_name(host: &[u8]) -> &[u8] {
    let mut name = host;
    if let Some(colon) = host.iter().rposition(|&b| b == b':') {
        if host[colon + 1..].iter().all(u8::is_ascii_digit) {
            name = &host[..colon];
        }
    }
    match name {
        [b'[', inner @ .., b']'] => inner,
        _ => name,
    }
}

/// `uri` and `iri`: a URL Go parses, with a scheme.
pub(crate) fn uri(text: &str) -> Result<(), String> {
    if parse_url(text)?.scheme.is_empty() {
        return Err("relative url".into());
    }
    Ok(())
}

/// `uri-reference` and `iri-reference`: a URL Go parses, without a backslash.
pub(crate) fn uri_reference(text: &str) -> Result<(), String> {
    if text.contains('\\') {
        return Err("contains \\".into());
    }
    parse_url(text).map(|_| ())
}

/// `uri-template`: a URL Go parses, whose path segments pair their braces without nesting
/// (read only where the path is not in its default encoding, as Go's `RawPath` is).
pub(crate) fn uri_template(text: &str) -> Result<(), String> {
    let url = parse_url(text)?;
    for token in url.raw_path.split(|&b| b == b'/') {
        let token = path_unescape(token).map_err(|e| format!("percent decode failed: {e}"))?;
        let mut open = false;
        for &b in token.iter().filter(|&&b| b == b'{' || b == b'}') {
            if (b == b'{') == open {
                return Err("nested curly braces".into());
            }
            open = !open;
        }
        if open {
            return Err("no matching closing brace".into());
        }
    }
    Ok(())
}

/// `semver` (semver.org's grammar).
pub(crate) fn semver(text: &str) -> Result<(), String> {
    let ident_char = |c: char| c.is_ascii_alphanumeric() || c == '-';
    let (rest, build) = match text.split_once('+') {
        Some((rest, build)) => (rest, Some(build)),
        None => (text, None),
    };
    if let Some(build) = build {
        if build.is_empty() {
            return Err("build is empty".into());
        }
        for id in build.split('.') {
            if id.is_empty() {
                return Err("build identifier is empty".into());
            }
            if let Some(c) = id.chars().find(|c| !ident_char(*c)) {
                let c = go_char(c);
                return Err(format!("invalid character {c} in build identifier"));
            }
        }
    }
    let (core, pre) = match rest.split_once('-') {
        Some((core, pre)) => (core, Some(pre)),
        None => (rest, None),
    };
    for id in pre.into_iter().flat_map(|p| p.split('.')) {
        if id.is_empty() {
            return Err("pre-release identifier is empty".into());
        }
        if let Some(c) = id.chars().find(|c| !ident_char(*c)) {
            let c = go_char(c);
            return Err(format!("invalid character {c} in pre-release identifier"));
        }
        if id.len() > 1 && id.starts_with('0') && id.bytes().all(|b| b.is_ascii_digit()) {
            return Err("pre-release numeric identifier starts with zero".into());
        }
    }
    let parts: Vec<&str> = core.split('.').collect();
    if parts.len() != 3 {
        return Err("versionCore must have 3 numbers separated by dot".into());
    }
    for (part, name) in parts.iter().zip(["major", "minor", "patch"]) {
        if part.is_empty() {
            return Err(format!("{name} is empty"));
        }
        if part.len() > 1 && part.starts_with('0') {
            return Err(format!("{name} starts with zero"));
        }
        if !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("{name} contains non-digit"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::go_char;

    /// Go's `%q` of a rune, as Go 1.26 prints each.
    #[test]
    fn runes_quote_as_go_quotes_them() {
        let cases = [
            ('a', "'a'"),
            ('\'', r"'\''"),
            ('"', "'\"'"),
            ('\\', r"'\\'"),
            ('\n', r"'\n'"),
            ('\u{1}', r"'\x01'"),
            ('\u{85}', r"'\u0085'"),
            ('\u{c3}', "'Ã'"),
            ('é', "'é'"),
            ('\u{e000}', r"'\ue000'"),
        ];
        for (c, quoted) in cases {
            assert_eq!(go_char(c), quoted);
        }
    }
}
