//! How scalars become typed values: as Helm reads them, or by the YAML 1.2 core schema.
//!
//! The Helm rules mirror sigs.k8s.io/yaml (`yaml.go`, `convertToJSONableObject`) over its
//! fork of go-yaml v2 (`goyaml.v2/resolve.go`, `resolve`; `decode.go`, `scalar`); see
//! `docs/typing.md` for the table and a source for every rule.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use super::gonum;
use super::number::{self, Number, NumberReader};

/// How a scalar was written: the scanner's own word for it (plain, quoted, literal, folded).
pub use values_migrate_yaml_parser::ScalarStyle;

/// How plain scalars are typed (`helm` or `yaml-1.2` wherever it is an input).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Deserialize)]
#[cfg_attr(feature = "types", derive(ts_rs::TS, schemars::JsonSchema))]
pub enum Typing {
    /// As Helm reads a values file: YAML 1.1 words (`yes`, `off`), go-yaml v2 numbers.
    #[default]
    #[serde(rename = "helm")]
    Helm,
    /// The YAML 1.2 core schema.
    #[serde(rename = "yaml-1.2")]
    Yaml12,
}

/// A typing name that is neither `helm` nor `yaml-1.2`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTyping(pub String);

impl fmt::Display for UnknownTyping {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown typing `{}`: expected `helm` or `yaml-1.2`",
            self.0
        )
    }
}

impl std::error::Error for UnknownTyping {}

impl Typing {
    /// The name of every typing, as `--typing` and the JavaScript `typing` take them.
    pub const NAMES: [&'static str; 2] = ["helm", "yaml-1.2"];
}

impl FromStr for Typing {
    type Err = UnknownTyping;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "helm" => Ok(Typing::Helm),
            "yaml-1.2" => Ok(Typing::Yaml12),
            other => Err(UnknownTyping(other.to_string())),
        }
    }
}

impl fmt::Display for Typing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Typing::Helm => "helm",
            Typing::Yaml12 => "yaml-1.2",
        })
    }
}

/// A scalar's typed value; a string borrows the scalar's text unless typing changed it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Typed<'a> {
    Null,
    Bool(bool),
    Int(i64),
    Uint(u64),
    Float(f64),
    /// An integer beyond 64 bits (YAML 1.2 core only), as the nearest float.
    BigInt(f64),
    Str(Cow<'a, str>),
}

const CORE: &str = "tag:yaml.org,2002:";

/// The go-yaml v2 tags that `resolve` understands (`resolvableTag`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GoTag {
    Implicit,
    Str,
    Bool,
    Int,
    Float,
    Null,
    Timestamp,
}

impl GoTag {
    fn short(self) -> &'static str {
        match self {
            GoTag::Implicit => "",
            GoTag::Str => "!!str",
            GoTag::Bool => "!!bool",
            GoTag::Int => "!!int",
            GoTag::Float => "!!float",
            GoTag::Null => "!!null",
            GoTag::Timestamp => "!!timestamp",
        }
    }
}

/// Types a scalar's decoded `text`, written in `style` with `tag`, under `typing`.
pub(crate) fn type_scalar<'a>(
    text: &'a str,
    style: ScalarStyle,
    tag: Option<&str>,
    typing: Typing,
) -> Result<Typed<'a>, String> {
    match typing {
        Typing::Helm => helm(text, style, tag),
        Typing::Yaml12 => yaml12(text, style, tag),
    }
}

fn helm<'a>(text: &'a str, style: ScalarStyle, tag: Option<&str>) -> Result<Typed<'a>, String> {
    let Some(tag) = tag else {
        // decode.go `scalar`: an untagged scalar that is not plain is a string.
        return if style == ScalarStyle::Plain {
            helm_resolve(GoTag::Implicit, text)
        } else {
            Ok(Typed::Str(Cow::Borrowed(text)))
        };
    };
    let go_tag = match tag.strip_prefix(CORE) {
        Some("str") => GoTag::Str,
        Some("bool") => GoTag::Bool,
        Some("int") => GoTag::Int,
        Some("float") => GoTag::Float,
        Some("null") => GoTag::Null,
        Some("timestamp") => GoTag::Timestamp,
        Some("binary") => {
            return match decode_base64(text) {
                Some(bytes) => Ok(Typed::Str(Cow::Owned(
                    String::from_utf8_lossy(&bytes).into_owned(),
                ))),
                None => Err("!!binary value contains invalid base64 data".to_string()),
            };
        }
        // resolve.go `resolve`: a tag it cannot resolve keeps the text as a string.
        _ => return Ok(Typed::Str(Cow::Borrowed(text))),
    };
    helm_resolve(go_tag, text)
}

/// go-yaml v2 `resolve(tag, in)`, including its deferred check of an explicit tag.
fn helm_resolve(tag: GoTag, input: &str) -> Result<Typed<'_>, String> {
    let (resolved_tag, value) = helm_resolve_implicit(tag, input);
    if tag == GoTag::Implicit || tag == GoTag::Str || tag == resolved_tag {
        return Ok(value);
    }
    if tag == GoTag::Float && resolved_tag == GoTag::Int {
        if let Typed::Int(int) = value {
            return Ok(Typed::Float(int as f64));
        }
    }
    Err(format!(
        "cannot decode {} `{}` as a {}",
        resolved_tag.short(),
        input,
        tag.short()
    ))
}

fn helm_word(input: &str) -> Option<Typed<'static>> {
    Some(match input {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            Typed::Bool(true)
        }
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            Typed::Bool(false)
        }
        "" | "~" | "null" | "Null" | "NULL" => Typed::Null,
        _ => return None,
    })
}

fn word_tag(value: &Typed) -> GoTag {
    match value {
        Typed::Bool(_) => GoTag::Bool,
        _ => GoTag::Null,
    }
}

/// The body of go-yaml v2 `resolve` before its deferred tag check.
fn helm_resolve_implicit(tag: GoTag, input: &str) -> (GoTag, Typed<'_>) {
    let string = || (GoTag::Str, Typed::Str(Cow::Borrowed(input)));
    if tag == GoTag::Str {
        return string();
    }
    let hint = match input.as_bytes().first() {
        None => b'N',
        Some(b'+' | b'-') => b'S',
        Some(b'0'..=b'9') => b'D',
        Some(b'y' | b'Y' | b'n' | b'N' | b't' | b'T' | b'f' | b'F' | b'o' | b'O' | b'~') => b'M',
        Some(b'.') => b'.',
        Some(_) => 0,
    };
    if hint == 0 {
        return string();
    }
    if let Some(value) = helm_word(input) {
        return (word_tag(&value), value);
    }
    if matches!(hint, b'D' | b'S')
        && matches!(tag, GoTag::Implicit | GoTag::Timestamp)
        && gonum::is_timestamp(input)
    {
        // decode.go keeps a timestamp decoded into interface{} as its text.
        return (GoTag::Timestamp, Typed::Str(Cow::Borrowed(input)));
    }
    if hint == b'M' {
        return string();
    }
    match number::read_number(input, NumberReader::GoYaml) {
        Some(Number::Float(float)) => (GoTag::Float, Typed::Float(float)),
        Some(number) => (GoTag::Int, Typed::from(number)),
        None => string(),
    }
}

fn yaml12<'a>(text: &'a str, style: ScalarStyle, tag: Option<&str>) -> Result<Typed<'a>, String> {
    let Some(tag) = tag else {
        return Ok(if style == ScalarStyle::Plain {
            yaml12_plain(text)
        } else {
            Typed::Str(Cow::Borrowed(text))
        });
    };
    let want = match tag.strip_prefix(CORE) {
        Some(want @ ("null" | "bool" | "int" | "float")) => want,
        _ => return Ok(Typed::Str(Cow::Borrowed(text))),
    };
    let typed = yaml12_plain(text);
    match (want, typed) {
        ("null", Typed::Null) => Ok(Typed::Null),
        ("bool", value @ Typed::Bool(_)) => Ok(value),
        ("int", value @ (Typed::Int(_) | Typed::Uint(_) | Typed::BigInt(_))) => Ok(value),
        ("float", value @ Typed::Float(_)) => Ok(value),
        ("float", Typed::Int(int)) => Ok(Typed::Float(int as f64)),
        ("float", Typed::Uint(uint)) => Ok(Typed::Float(uint as f64)),
        ("float", Typed::BigInt(big)) => Ok(Typed::Float(big)),
        _ => Err(format!("cannot read `{text}` as a !!{want}")),
    }
}

/// The YAML 1.2 core schema's resolution of a plain scalar (YAML 1.2.2, 10.3.2).
fn yaml12_plain(text: &str) -> Typed<'_> {
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Typed::Null,
        "true" | "True" | "TRUE" => return Typed::Bool(true),
        "false" | "False" | "FALSE" => return Typed::Bool(false),
        _ => {}
    }
    match number::read_number(text, NumberReader::Yaml12Core) {
        Some(number) => Typed::from(number),
        None => Typed::Str(Cow::Borrowed(text)),
    }
}

impl From<Number> for Typed<'_> {
    fn from(number: Number) -> Self {
        match number {
            Number::Int(int) => Typed::Int(int),
            Number::Uint(uint) => Typed::Uint(uint),
            Number::BigInt(big) => Typed::BigInt(big),
            Number::Float(float) => Typed::Float(float),
        }
    }
}

/// The JSON object key a mapping key becomes, or why it cannot be one.
pub(crate) fn key_from_typed(typed: Typed<'_>, typing: Typing) -> Result<Cow<'_, str>, String> {
    match (typed, typing) {
        (Typed::Str(text), _) => Ok(text),
        (Typed::Bool(value), _) => Ok(Cow::Borrowed(if value { "true" } else { "false" })),
        (Typed::Int(value), _) => Ok(Cow::Owned(value.to_string())),
        (Typed::Float(value), Typing::Helm) => Ok(Cow::Owned(gonum::format_key_float(value))),
        (Typed::Float(value), Typing::Yaml12) => Ok(if value.is_nan() {
            Cow::Borrowed(".nan")
        } else if value.is_infinite() {
            Cow::Borrowed(if value > 0.0 { ".inf" } else { "-.inf" })
        } else {
            Cow::Owned(format!("{value}"))
        }),
        (Typed::Uint(value), Typing::Yaml12) => Ok(Cow::Owned(value.to_string())),
        // Only `yaml-1.2` reads an integer past 64 bits; Helm keeps such text a string.
        (Typed::BigInt(value), _) => Ok(Cow::Owned(format!("{value}"))),
        // sigs.k8s.io/yaml `convertToJSONableObject` only converts string, int, int64,
        // float64 and bool keys; anything else is "unsupported map key".
        (Typed::Uint(value), Typing::Helm) => Err(format!(
            "unsupported map key of type uint64: {value} (Helm cannot read it)"
        )),
        (Typed::Null, _) => Err("a null mapping key cannot become a JSON object key".to_string()),
    }
}

/// Decodes standard, padded base64 as Go's `base64.StdEncoding.DecodeString` does (line breaks ignored).
fn decode_base64(text: &str) -> Option<Vec<u8>> {
    fn value(b: u8) -> Option<u32> {
        Some(match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    }
    let clean: Vec<u8> = text.bytes().filter(|&b| b != b'\n' && b != b'\r').collect();
    if clean.len() % 4 != 0 {
        return None;
    }
    let mut out = Vec::with_capacity(clean.len() / 4 * 3);
    let quads = clean.chunks(4);
    let count = clean.len() / 4;
    for (n, quad) in quads.enumerate() {
        let last = n + 1 == count;
        let pads = quad.iter().rev().take_while(|&&b| b == b'=').count();
        if pads > 2 || (pads > 0 && !last) {
            return None;
        }
        let mut bits = 0u32;
        for &b in &quad[..4 - pads] {
            bits = (bits << 6) | value(b)?;
        }
        bits <<= 6 * pads as u32;
        let bytes = [(bits >> 16) as u8, (bits >> 8) as u8, bits as u8];
        out.extend_from_slice(&bytes[..3 - pads]);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn helm_plain(text: &str) -> Typed<'_> {
        type_scalar(text, ScalarStyle::Plain, None, Typing::Helm).unwrap()
    }

    #[test]
    fn parses_typing_names() {
        assert_eq!("helm".parse::<Typing>(), Ok(Typing::Helm));
        assert_eq!("yaml-1.2".parse::<Typing>(), Ok(Typing::Yaml12));
        assert!("yaml".parse::<Typing>().is_err());
        assert_eq!(Typing::Yaml12.to_string(), "yaml-1.2");
        assert_eq!(Typing::default(), Typing::Helm);
    }

    #[test]
    fn decodes_base64_like_go() {
        assert_eq!(decode_base64("aGVsbG8=").unwrap(), b"hello");
        assert_eq!(decode_base64("aGVs\nbG8h").unwrap(), b"hello!");
        assert_eq!(decode_base64("aGVsbG8"), None);
        assert_eq!(decode_base64("a=GV"), None);
    }

    #[test]
    fn helm_reads_numbers_like_go_yaml_v2() {
        assert_eq!(helm_plain("0x1F"), Typed::Int(31));
        assert_eq!(helm_plain("0777"), Typed::Int(511));
        assert_eq!(helm_plain("0o17"), Typed::Int(15));
        assert_eq!(helm_plain("08"), Typed::Float(8.0));
        assert_eq!(helm_plain("1_000"), Typed::Int(1000));
        assert_eq!(helm_plain("18446744073709551615"), Typed::Uint(u64::MAX));
        assert_eq!(
            helm_plain("18446744073709551616"),
            Typed::Float(18446744073709551616.0)
        );
        assert_eq!(helm_plain("190:20:30"), Typed::Str("190:20:30".into()));
        assert_eq!(helm_plain("1e999"), Typed::Str("1e999".into()));
        assert_eq!(helm_plain("1_0x"), Typed::Str("1_0x".into()));
        assert!(matches!(
            helm_plain("name"),
            Typed::Str(Cow::Borrowed("name"))
        ));
    }
}
