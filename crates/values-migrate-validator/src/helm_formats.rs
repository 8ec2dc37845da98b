//! The `format` checks Helm's validator (santhosh-tekuri/jsonschema v6, format.go) makes that
//! differ from the RFC-strict ones, with its reasons (`missing @`, `must have 5 elements`).

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

/// Go's `%q` of a rune.
fn go_char(c: char) -> String {
    match c {
        '\'' => "'\\''".to_string(),
        '\\' => "'\\\\'".to_string(),
        c if c.is_control() => format!("'\\x{:02x}'", c as u32),
        c => format!("'{c}'"),
    }
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
        let inner = &local[1..local.len() - 1];
        if inner.contains(['\\', '"']) {
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
            return if v6.contains(':') && v6.parse::<std::net::Ipv6Addr>().is_ok() {
                Ok(())
            } else {
                Err("invalid ipv6 address".into())
            };
        }
        return ipv4(inner).map_err(|e| format!("invalid ipv4 address: {e}"));
    }
    hostname(domain).map_err(|e| format!("invalid domain: {e}"))
}

/// `ipv4`: four decimals 0 to 255 without leading zeros.
pub(crate) fn ipv4(text: &str) -> Result<(), String> {
    let groups: Vec<&str> = text.split('.').collect();
    if groups.len() != 4 {
        return Err("expected four decimals".into());
    }
    for group in groups {
        if group.len() > 1 && group.starts_with('0') {
            return Err("leading zeros".into());
        }
        let n: i64 = group
            .parse()
            .map_err(|_| format!("strconv.Atoi: parsing {}: invalid syntax", go_string(group)))?;
        if !(0..=255).contains(&n) {
            return Err("decimal must be between 0 and 255".into());
        }
    }
    Ok(())
}

/// Go's `%q` of a string (double quotes), near enough for error text.
fn go_string(text: &str) -> String {
    format!("{text:?}")
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
        return if weeks.bytes().all(|b| b.is_ascii_digit()) {
            Ok(())
        } else {
            Err("invalid week".into())
        };
    }
    const UNITS: [&str; 2] = ["YMD", "HMS"];
    for (i, part) in rest.split('T').enumerate() {
        if i != 0 && part.is_empty() {
            return Err("no time elements".into());
        }
        if i >= UNITS.len() {
            return Err("more than one T".into());
        }
        let (mut units, mut part) = (UNITS[i], part);
        while !part.is_empty() {
            let digits = part.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 {
                return Err("missing number".into());
            }
            let unit = part[digits..].chars().next().ok_or("missing unit")?;
            let Some(at) = units.find(unit) else {
                return Err(if UNITS[i].contains(unit) {
                    format!("unit {} out of order", go_char(unit))
                } else {
                    format!("invalid unit {}", go_char(unit))
                });
            };
            units = &units[at + 1..];
            part = &part[digits + unit.len_utf8()..];
        }
    }
    Ok(())
}

/// `period`: `start/end`, `start/duration` or `duration/end`.
pub(crate) fn period(text: &str) -> Result<(), String> {
    let date_time = |t: &str| super::format_checks::is_valid_datetime(t);
    let (start, end) = text.split_once('/').ok_or("missing slash")?;
    if start.starts_with('P') {
        duration(start).map_err(|e| format!("invalid start duration: {e}"))?;
        return if date_time(end) {
            Ok(())
        } else {
            Err("invalid end date-time".into())
        };
    }
    if !date_time(start) {
        return Err("invalid start date-time".into());
    }
    if end.starts_with('P') {
        return duration(end).map_err(|e| format!("invalid end duration: {e}"));
    }
    if date_time(end) {
        Ok(())
    } else {
        Err("invalid end date-time".into())
    }
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
                return Err(format!(
                    "invalid character {} in build identifier",
                    go_char(c)
                ));
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
            return Err(format!(
                "invalid character {} in pre-release identifier",
                go_char(c)
            ));
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
