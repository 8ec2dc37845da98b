//! Which `format`s are asserted, for which draft, as Helm's validator (santhosh-tekuri/jsonschema
//! v6) does: drafts 4, 6 and 7 assert the formats it knows (unknown ones are ignored), 2019-09
//! and 2020-12 only annotate.

use super::Draft;
use super::format_checks as checks;

/// A format that is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    /// `date` (RFC 3339 full-date).
    Date,
    /// `date-time`.
    DateTime,
    /// `email`.
    Email,
    /// `hostname` (RFC 1123 labels, ASCII).
    Hostname,
    /// `ipv4`.
    Ipv4,
    /// `ipv6`.
    Ipv6,
    /// `iri`.
    Iri,
    /// `iri-reference`.
    IriReference,
    /// `json-pointer`.
    JsonPointer,
    /// `regex` (ECMA-262, as translated for `pattern`).
    Regex,
    /// `relative-json-pointer`.
    RelativeJsonPointer,
    /// `time`.
    Time,
    /// `uri`.
    Uri,
    /// `uri-reference`.
    UriReference,
    /// `uri-template`.
    UriTemplate,
    /// `uuid` (five hex groups).
    Uuid,
    /// `duration` (RFC 3339 appendix A).
    Duration,
    /// `period` (a start and an end, or one of them and a duration).
    Period,
    /// `semver` (semver.org's grammar).
    Semver,
}

impl Format {
    /// The asserted format `name` names under `draft`, if any.
    pub(crate) fn asserted(draft: Draft, name: &str) -> Option<Format> {
        if draft > Draft::Draft7 {
            return None;
        }
        Some(match name {
            "date" => Format::Date,
            "date-time" => Format::DateTime,
            "email" => Format::Email,
            "hostname" => Format::Hostname,
            "ipv4" => Format::Ipv4,
            "ipv6" => Format::Ipv6,
            "iri" => Format::Iri,
            "iri-reference" => Format::IriReference,
            "json-pointer" => Format::JsonPointer,
            "regex" => Format::Regex,
            "relative-json-pointer" => Format::RelativeJsonPointer,
            "time" => Format::Time,
            "uri" => Format::Uri,
            "uri-reference" => Format::UriReference,
            "uri-template" => Format::UriTemplate,
            "uuid" => Format::Uuid,
            "duration" => Format::Duration,
            "period" => Format::Period,
            "semver" => Format::Semver,
            _ => return None,
        })
    }

    /// Whether `text` is valid in this format.
    pub(crate) fn is_valid(self, text: &str) -> bool {
        match self {
            Format::Date => checks::is_valid_date(text),
            Format::DateTime => checks::is_valid_datetime(text),
            Format::Email => checks::is_valid_email(text, None),
            Format::Hostname => is_hostname(text),
            Format::Ipv4 => checks::is_valid_ipv4(text),
            Format::Ipv6 => checks::is_valid_ipv6(text),
            Format::Iri => checks::is_valid_iri(text),
            Format::IriReference => checks::is_valid_iri_reference(text),
            Format::JsonPointer => checks::is_valid_json_pointer(text),
            Format::Regex => super::go_regex::compile(text).is_ok(),
            Format::RelativeJsonPointer => checks::is_valid_relative_json_pointer(text),
            Format::Time => checks::is_valid_time(text),
            Format::Uri => checks::is_valid_uri(text),
            Format::UriReference => checks::is_valid_uri_reference(text),
            Format::UriTemplate => checks::is_valid_uri_template(text),
            Format::Uuid => is_uuid(text),
            Format::Duration => is_duration(text),
            Format::Period => is_period(text),
            Format::Semver => is_semver(text),
        }
    }
}

/// `hostname` as santhosh-tekuri checks it: at most 253 characters (a final dot aside), labels
/// of 1 to 63 ASCII letters, digits and inner hyphens.
fn is_hostname(text: &str) -> bool {
    let text = text.strip_suffix('.').unwrap_or(text);
    text.len() <= 253
        && text.split('.').all(|label| {
            (1..=63).contains(&label.len())
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
}

/// `uuid`: five groups of 8, 4, 4, 4 and 12 hex digits.
fn is_uuid(text: &str) -> bool {
    let groups: Vec<&str> = text.split('-').collect();
    groups.len() == 5
        && groups
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(g, n)| g.len() == n && g.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// `duration` as santhosh-tekuri reads RFC 3339's: `P`, then weeks, or date units (`YMD`)
/// and after a `T` time units (`HMS`), each a number, in order.
fn is_duration(text: &str) -> bool {
    let Some(rest) = text.strip_prefix('P').filter(|r| !r.is_empty()) else {
        return false;
    };
    if let Some(weeks) = rest.strip_suffix('W') {
        return !weeks.is_empty() && weeks.bytes().all(|b| b.is_ascii_digit());
    }
    for (i, part) in rest.split('T').enumerate() {
        if i > 1 || (i == 1 && part.is_empty()) {
            return false;
        }
        let mut units = if i == 0 { "YMD" } else { "HMS" };
        let mut part = part;
        while !part.is_empty() {
            let digits = part.bytes().take_while(u8::is_ascii_digit).count();
            let Some(unit) = part[digits..].chars().next().filter(|_| digits > 0) else {
                return false;
            };
            let Some(at) = units.find(unit) else {
                return false;
            };
            units = &units[at + 1..];
            part = &part[digits + unit.len_utf8()..];
        }
    }
    true
}

/// `period`: `start/end`, `start/duration` or `duration/end`.
fn is_period(text: &str) -> bool {
    let Some((start, end)) = text.split_once('/') else {
        return false;
    };
    if start.starts_with('P') {
        is_duration(start) && checks::is_valid_datetime(end)
    } else if end.starts_with('P') {
        checks::is_valid_datetime(start) && is_duration(end)
    } else {
        checks::is_valid_datetime(start) && checks::is_valid_datetime(end)
    }
}

/// `semver`: `major.minor.patch`, an optional pre-release and build, no leading zeros.
fn is_semver(text: &str) -> bool {
    let ident = |s: &str| {
        !s.is_empty()
            && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
    };
    let numeric = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let (rest, build) = match text.split_once('+') {
        Some((rest, build)) => (rest, Some(build)),
        None => (text, None),
    };
    if build.is_some_and(|b| !b.split('.').all(ident)) {
        return false;
    }
    let (core, pre) = match rest.split_once('-') {
        Some((core, pre)) => (core, Some(pre)),
        None => (rest, None),
    };
    let pre_ok = pre.is_none_or(|p| {
        p.split('.')
            .all(|id| ident(id) && !(numeric(id) && id.len() > 1 && id.starts_with('0')))
    });
    let parts: Vec<&str> = core.split('.').collect();
    pre_ok
        && parts.len() == 3
        && parts.iter().all(|p| {
            !p.is_empty() && numeric(p) && !(p.len() > 1 && p.starts_with('0'))
        })
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::checks::idna_class;
    use unicode_general_category::{GeneralCategory as G, get_general_category};

    #[test]
    fn the_idna_classes_agree_with_the_general_categories_on_every_code_point() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let expected = match get_general_category(c) {
                G::UppercaseLetter
                | G::LowercaseLetter
                | G::TitlecaseLetter
                | G::ModifierLetter
                | G::OtherLetter
                | G::DecimalNumber => 1,
                G::NonspacingMark | G::SpacingMark => 2,
                G::EnclosingMark => 3,
                _ => 0,
            };
            assert_eq!(idna_class(c), expected, "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn hostnames_are_checked_as_helm_checks_them() {
        assert!(super::Format::Hostname.is_valid("xn--bcher-kva.example"));
        assert!(super::Format::Hostname.is_valid("xn--07-ky.example."));
        assert!(!super::Format::Hostname.is_valid("-a.example"));
        assert!(!super::Format::Hostname.is_valid("bücher.example"));
    }

    /// Each value and whether Helm 4.2.3 (draft-07) accepts it.
    #[test]
    fn the_formats_helm_adds_are_checked_as_helm_checks_them() {
        use super::Format::{Duration, Period, Semver, Uuid};
        let cases = [
            (Uuid, "123e4567-e89b-12d3-a456-426614174000", true),
            (Uuid, "123e4567e89b12d3a456426614174000", false),
            (Duration, "P1DT2H", true),
            (Duration, "PT", false),
            (Duration, "P2W", true),
            (Duration, "P1H", false),
            (Period, "2020-01-01T00:00:00Z/P1D", true),
            (Period, "P1D", false),
            (Semver, "1.2.3-rc.1+build.5", true),
            (Semver, "01.2.3", false),
            (Semver, "1.2", false),
        ];
        for (format, text, valid) in cases {
            assert_eq!(format.is_valid(text), valid, "{format:?} {text}");
        }
    }
}
