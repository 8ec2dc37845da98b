//! Which `format`s are asserted, for which draft, as jsonschema 0.61 did by default: drafts 4,
//! 6 and 7 assert the formats it knew (unknown ones are ignored), later drafts only annotate.

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
    /// `hostname` (draft 7: with A-label checks).
    Hostname,
    /// `hostname` in drafts 4 and 6 (RFC 1034 only).
    HostnameRfc1034,
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
}

impl Format {
    /// The asserted format `name` names under `draft`, if any.
    pub(crate) fn asserted(draft: Draft, name: &str) -> Option<Format> {
        if draft > Draft::Draft7 {
            return None;
        }
        let since = |first: Draft, format: Format| (draft >= first).then_some(format);
        match name {
            "date" => Some(Format::Date),
            "date-time" => Some(Format::DateTime),
            "email" => Some(Format::Email),
            "hostname" if draft <= Draft::Draft6 => Some(Format::HostnameRfc1034),
            "hostname" => Some(Format::Hostname),
            "ipv4" => Some(Format::Ipv4),
            "ipv6" => Some(Format::Ipv6),
            "iri" => since(Draft::Draft7, Format::Iri),
            "iri-reference" => since(Draft::Draft7, Format::IriReference),
            "json-pointer" => since(Draft::Draft6, Format::JsonPointer),
            "regex" => Some(Format::Regex),
            "relative-json-pointer" => since(Draft::Draft7, Format::RelativeJsonPointer),
            "time" => Some(Format::Time),
            "uri" => Some(Format::Uri),
            "uri-reference" => since(Draft::Draft6, Format::UriReference),
            "uri-template" => since(Draft::Draft6, Format::UriTemplate),
            _ => None,
        }
    }

    /// Whether `text` is valid in this format.
    pub(crate) fn is_valid(self, text: &str) -> bool {
        match self {
            Format::Date => checks::is_valid_date(text),
            Format::DateTime => checks::is_valid_datetime(text),
            Format::Email => checks::is_valid_email(text, None),
            Format::Hostname => checks::is_valid_hostname(text),
            Format::HostnameRfc1034 => checks::is_valid_hostname_rfc1034(text),
            Format::Ipv4 => checks::is_valid_ipv4(text),
            Format::Ipv6 => checks::is_valid_ipv6(text),
            Format::Iri => checks::is_valid_iri(text),
            Format::IriReference => checks::is_valid_iri_reference(text),
            Format::JsonPointer => checks::is_valid_json_pointer(text),
            Format::Regex => super::ecma_syntax::is_valid_ecma_regex(text),
            Format::RelativeJsonPointer => checks::is_valid_relative_json_pointer(text),
            Format::Time => checks::is_valid_time(text),
            Format::Uri => checks::is_valid_uri(text),
            Format::UriReference => checks::is_valid_uri_reference(text),
            Format::UriTemplate => checks::is_valid_uri_template(text),
        }
    }
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
    fn hostnames_with_a_labels_are_checked() {
        assert!(super::Format::Hostname.is_valid("xn--bcher-kva.example"));
        assert!(!super::Format::Hostname.is_valid("xn--07-ky.example"));
        assert!(super::Format::HostnameRfc1034.is_valid("xn--07-ky.example"));
    }
}
