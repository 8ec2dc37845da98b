//! Which `format`s are asserted, for which draft, as Helm's validator (santhosh-tekuri/jsonschema
//! v6) does: drafts 4, 6 and 7 assert the formats it knows (unknown ones are ignored), 2019-09
//! and 2020-12 only annotate.

use super::Draft;
use super::format_checks as checks;
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
            Format::Email => helm::email(text).is_ok(),
            Format::Hostname => helm::hostname(text).is_ok(),
            Format::Ipv4 => helm::ipv4(text).is_ok(),
            Format::Ipv6 => checks::is_valid_ipv6(text),
            Format::Iri => checks::is_valid_iri(text),
            Format::IriReference => checks::is_valid_iri_reference(text),
            Format::JsonPointer => checks::is_valid_json_pointer(text),
            Format::Regex => super::regexp::compile(text).is_ok(),
            Format::RelativeJsonPointer => checks::is_valid_relative_json_pointer(text),
            Format::Time => checks::is_valid_time(text),
            Format::Uri => checks::is_valid_uri(text),
            Format::UriReference => checks::is_valid_uri_reference(text),
            Format::UriTemplate => checks::is_valid_uri_template(text),
            Format::Uuid => helm::uuid(text).is_ok(),
            Format::Duration => helm::duration(text).is_ok(),
            Format::Period => helm::period(text).is_ok(),
            Format::Semver => helm::semver(text).is_ok(),
        }
    }

    /// Why `text` is not in this format, in Helm's words, where they are known.
    pub(crate) fn reason(self, text: &str) -> Option<String> {
        match self {
            Format::Hostname => helm::hostname(text).err(),
            Format::Email => helm::email(text).err(),
            Format::Ipv4 => helm::ipv4(text).err(),
            Format::Uuid => helm::uuid(text).err(),
            Format::Duration => helm::duration(text).err(),
            Format::Period => helm::period(text).err(),
            Format::Semver => helm::semver(text).err(),
            _ => None,
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
