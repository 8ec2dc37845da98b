//! Which `format`s are asserted, for which draft, as Helm's validator (santhosh-tekuri/jsonschema
//! v6) does: drafts 4, 6 and 7 assert the formats it knows (unknown ones are ignored), 2019-09
//! and 2020-12 only annotate. Each is checked as Helm checks it (`helm_formats.rs`).

use super::Draft;
use super::helm_formats as helm;

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
    /// `regex` (Go's regexp, as for `pattern`).
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

/// Each format Helm checks, by the name a schema gives it.
const NAMES: [(&str, Format); 19] = [
    ("date", Format::Date),
    ("date-time", Format::DateTime),
    ("email", Format::Email),
    ("hostname", Format::Hostname),
    ("ipv4", Format::Ipv4),
    ("ipv6", Format::Ipv6),
    ("iri", Format::Iri),
    ("iri-reference", Format::IriReference),
    ("json-pointer", Format::JsonPointer),
    ("regex", Format::Regex),
    ("relative-json-pointer", Format::RelativeJsonPointer),
    ("time", Format::Time),
    ("uri", Format::Uri),
    ("uri-reference", Format::UriReference),
    ("uri-template", Format::UriTemplate),
    ("uuid", Format::Uuid),
    ("duration", Format::Duration),
    ("period", Format::Period),
    ("semver", Format::Semver),
];

impl Format {
    /// The asserted format `name` names under `draft`, if any.
    pub(crate) fn asserted(draft: Draft, name: &str) -> Option<Format> {
        if draft > Draft::Draft7 {
            return None;
        }
        NAMES.iter().find(|(n, _)| *n == name).map(|(_, f)| *f)
    }

    /// Whether `text` is valid in this format.
    pub(crate) fn is_valid(self, text: &str) -> bool {
        self.check(text).is_ok()
    }

    /// `Ok` when `text` is in this format, else why not, in Helm's words.
    pub(crate) fn check(self, text: &str) -> Result<(), String> {
        match self {
            Format::Date => helm::date(text.as_bytes()),
            Format::DateTime => helm::date_time(text.as_bytes()),
            Format::Email => helm::email(text),
            Format::Hostname => helm::hostname(text),
            Format::Ipv4 => helm::ipv4(text),
            Format::Ipv6 => helm::ipv6(text.as_bytes()),
            Format::Iri | Format::Uri => helm::uri(text),
            Format::IriReference | Format::UriReference => helm::uri_reference(text),
            Format::JsonPointer => helm::json_pointer(text),
            Format::Regex => super::regexp::compile(text).map(|_| ()),
            Format::RelativeJsonPointer => helm::relative_json_pointer(text),
            Format::Time => helm::time(text.as_bytes()),
            Format::UriTemplate => helm::uri_template(text),
            Format::Uuid => helm::uuid(text),
            Format::Duration => helm::duration(text),
            Format::Period => helm::period(text),
            Format::Semver => helm::semver(text),
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn hostnames_are_checked_as_helm_checks_them() {
        assert!(super::Format::Hostname.is_valid("xn--bcher-kva.example"));
        assert!(super::Format::Hostname.is_valid("xn--07-ky.example."));
        assert!(!super::Format::Hostname.is_valid("-a.example"));
        assert!(!super::Format::Hostname.is_valid("bücher.example"));
    }

    /// No text makes a check panic (the browser build aborts on one): odd pieces, multi-byte
    /// characters where Go indexes bytes, in many random orders.
    #[test]
    fn no_text_makes_a_check_panic() {
        const PIECES: [&str; 24] = [
            "é", "€", "😀", "\u{85}", "0", "9", ":", ".", "%", "%2", "%25", "[", "]", "/", "@",
            "-", "T", "P", "Z", "+", "\\", "\"", "~", "{",
        ];
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |n: usize| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) as usize % n
        };
        for _ in 0..20_000 {
            let text: String = (0..next(30)).map(|_| PIECES[next(PIECES.len())]).collect();
            for (_, format) in super::NAMES {
                let _ = format.check(&text);
            }
        }
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
