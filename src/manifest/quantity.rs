//! Kubernetes resource quantities, replica counts, and plain YAML scalars that read as other numbers.
//!
//! [`Quantity`] follows `k8s.io/apimachinery/pkg/api/resource` (`quantity.go`: `ParseQuantity`,
//! `parseQuantityString`, `CanonicalizeBytes`, `String`; `suffix.go`: `newSuffixer`, `interpret`,
//! `constructBytes`; `amount.go`: `AsCanonicalBytes`, `AsCanonicalBase1024Bytes`; `math.go`:
//! `maxInt64Factors`, `maxAllowed`, `removeInt64Factors`). The rules are written out, with the
//! places where we differ on purpose, in `docs/quantity.md`.
//!
//! Values are exact: a quantity is a sign, a run of significant decimal digits and a power of ten,
//! so no float and no overflow is involved anywhere, whatever the input. Which number a YAML
//! reader makes of a plain scalar is `yaml::number`'s; only why it is a hazard is named here.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

use crate::yaml::number::{Form, NumberReader, Written, read_number, scan as scan_number};

/// The largest magnitude a binary-suffixed quantity keeps when parsed (`math.go`: `maxAllowed`).
const MAX_BINARY: &[u8] = b"9223372036854775807";

/// Decimal digits an int64 fast path accepts (`math.go`: `maxInt64Factors`).
const MAX_INT64_FACTORS: usize = 18;

/// The finest decimal exponent parsing keeps: nano (`amount.go`: `Nano`).
const NANO: i64 = -9;

/// The largest exponent magnitude Kubernetes keeps without wrapping its int32 scale.
const MAX_SCALE: i64 = i32::MAX as i64;

/// Which family of suffix a quantity was written with, kept when it is printed again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// Powers of 1024: `Ki`, `Mi`, `Gi`, `Ti`, `Pi`, `Ei`.
    BinarySI,
    /// Powers of 1000: `n`, `u`, `m`, no suffix, `k`, `M`, `G`, `T`, `P`, `E`.
    DecimalSI,
    /// An explicit power of ten: `e3`, `E-6`.
    DecimalExponent,
}

/// A non-negative exact decimal `digits × 10^exponent`, digits without leading or trailing zeros.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Magnitude {
    // Each byte is a digit value 0..=9, most significant first; empty for zero.
    digits: Vec<u8>,
    exponent: i64,
}

impl Magnitude {
    fn zero() -> Self {
        Magnitude {
            digits: Vec::new(),
            exponent: 0,
        }
    }

    fn new(mut digits: Vec<u8>, mut exponent: i64) -> Self {
        let leading = digits.iter().take_while(|&&d| d == 0).count();
        digits.drain(..leading);
        while digits.last() == Some(&0) {
            digits.pop();
            exponent += 1;
        }
        if digits.is_empty() {
            return Magnitude::zero();
        }
        Magnitude { digits, exponent }
    }

    fn from_ascii(text: &[u8], exponent: i64) -> Self {
        Magnitude::new(
            text.iter().map(|b| b.wrapping_sub(b'0')).collect(),
            exponent,
        )
    }

    fn is_zero(&self) -> bool {
        self.digits.is_empty()
    }

    /// The power of ten just above the leading digit, which orders non-zero magnitudes first.
    fn order(&self) -> i64 {
        self.digits.len() as i64 + self.exponent
    }

    fn cmp_magnitude(&self, other: &Magnitude) -> Ordering {
        match (self.is_zero(), other.is_zero()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            // Normalised digits compare lexicographically once the orders agree.
            (false, false) => self
                .order()
                .cmp(&other.order())
                .then_with(|| self.digits.cmp(&other.digits)),
        }
    }

    fn times_small(&self, factor: u32) -> Magnitude {
        let mut out = Vec::with_capacity(self.digits.len() + 10);
        let mut carry: u64 = 0;
        for &d in self.digits.iter().rev() {
            let v = u64::from(d) * u64::from(factor) + carry;
            out.push((v % 10) as u8);
            carry = v / 10;
        }
        while carry > 0 {
            out.push((carry % 10) as u8);
            carry /= 10;
        }
        out.reverse();
        Magnitude::new(out, self.exponent)
    }

    /// This magnitude rounded away from zero to a multiple of `10^exponent`.
    fn round_up_to(&self, exponent: i64) -> Magnitude {
        if self.is_zero() || self.exponent >= exponent {
            return self.clone();
        }
        let drop = exponent - self.exponent;
        let len = self.digits.len() as i64;
        if drop >= len {
            return Magnitude::new(vec![1], exponent);
        }
        // The dropped digits end in a non-zero digit (normalised), so rounding always adds one.
        let mut kept = self.digits[..(len - drop) as usize].to_vec();
        let mut i = kept.len();
        loop {
            if i == 0 {
                kept.insert(0, 1);
                break;
            }
            i -= 1;
            if kept[i] == 9 {
                kept[i] = 0;
            } else {
                kept[i] += 1;
                break;
            }
        }
        Magnitude::new(kept, exponent)
    }

    /// The integer digits (exponent ≥ 0 expanded), or `None` when fractional or implausibly long.
    fn integer_digits(&self, max_len: usize) -> Option<Vec<u8>> {
        if self.exponent < 0 || self.order() > max_len as i64 {
            return None;
        }
        let mut out = self.digits.clone();
        out.resize(self.digits.len() + self.exponent as usize, 0);
        Some(out)
    }

    fn ascii(digits: &[u8]) -> String {
        digits.iter().map(|d| char::from(b'0' + d)).collect()
    }
}

/// Divides an integer digit string by `divisor`, returning the quotient and the remainder.
fn div_rem_small(digits: &[u8], divisor: u32) -> (Vec<u8>, u32) {
    let mut quotient = Vec::with_capacity(digits.len());
    let mut rem: u64 = 0;
    for &d in digits {
        let v = rem * 10 + u64::from(d);
        quotient.push((v / u64::from(divisor)) as u8);
        rem = v % u64::from(divisor);
    }
    let leading = quotient.iter().take_while(|&&d| d == 0).count();
    quotient.drain(..leading);
    (quotient, rem as u32)
}

/// A Kubernetes `resource.Quantity`: an exact value plus the suffix family it was written in.
///
/// Two quantities are equal when their values are (`256Mi == 268435456`), whatever their text.
#[derive(Clone, Debug)]
pub struct Quantity {
    negative: bool,
    magnitude: Magnitude,
    format: Format,
    // Kubernetes keeps the input text as the String() result when its fast parser judged it
    // canonical (quantity.go, ParseQuantity: `s: str`); that text is kept here to match.
    verbatim: Option<String>,
}

impl PartialEq for Quantity {
    fn eq(&self, other: &Self) -> bool {
        self.negative == other.negative && self.magnitude == other.magnitude
    }
}

impl Eq for Quantity {}

impl Hash for Quantity {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.negative.hash(state);
        self.magnitude.hash(state);
    }
}

impl PartialOrd for Quantity {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Quantity {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.negative, other.negative) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => self.magnitude.cmp_magnitude(&other.magnitude),
            (true, true) => other.magnitude.cmp_magnitude(&self.magnitude),
        }
    }
}

/// Where reading a quantity stopped, from [`QuantityError::kind`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum QuantityErrorKind {
    /// The text is empty.
    Empty,
    /// No digit comes before the suffix (`Mi`, `.`).
    NoDigits,
    /// A character that no quantity has at that place, at this byte offset (`1.2.3`, `1 Mi`).
    Unexpected {
        /// The byte offset of the character.
        offset: usize,
    },
    /// The letters after the number are not a suffix Kubernetes knows (`1mi`, `1K`).
    UnknownSuffix {
        /// The suffix as written.
        suffix: String,
    },
    /// The power of ten is beyond what Kubernetes stores without wrapping (`1e4294967297`).
    ExponentOutOfRange,
}

/// Why a text is not a Kubernetes quantity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuantityError {
    input: String,
    kind: QuantityErrorKind,
}

impl QuantityError {
    /// The text that was read.
    pub fn input(&self) -> &str {
        &self.input
    }

    /// What was wrong with it.
    pub fn kind(&self) -> &QuantityErrorKind {
        &self.kind
    }

    /// The explanation without the input, as shown after the colon by `Display`.
    pub fn message(&self) -> String {
        const GRAMMAR: &str = "a quantity is a number such as `512`, `1.5` or `-2` followed by at most one suffix: \
             `Ki` `Mi` `Gi` `Ti` `Pi` `Ei`, `n` `u` `m` `k` `M` `G` `T` `P` `E`, or an exponent such as `e3`";
        match &self.kind {
            QuantityErrorKind::Empty => format!("it is empty; {GRAMMAR}"),
            QuantityErrorKind::NoDigits => format!("it has no digits; {GRAMMAR}"),
            QuantityErrorKind::Unexpected { offset } => {
                let found = self
                    .input
                    .get(*offset..)
                    .and_then(|rest| rest.chars().next());
                match found {
                    Some(c) => format!(
                        "unexpected `{}` at column {}; {GRAMMAR}",
                        c.escape_debug(),
                        self.input.get(..*offset).map_or(0, |s| s.chars().count()) + 1
                    ),
                    None => format!("it ends too early; {GRAMMAR}"),
                }
            }
            QuantityErrorKind::UnknownSuffix { suffix } => {
                let hint = SUFFIXES
                    .iter()
                    .find(|(s, _, _)| !s.is_empty() && s.eq_ignore_ascii_case(suffix))
                    .map(|(s, _, _)| format!(" (suffixes are case-sensitive: did you mean `{s}`?)"))
                    .unwrap_or_default();
                format!(
                    "unknown suffix `{}`{hint}; {GRAMMAR}",
                    suffix.escape_debug()
                )
            }
            QuantityErrorKind::ExponentOutOfRange => {
                format!("its power of ten is beyond ±{MAX_SCALE}, which Kubernetes cannot store")
            }
        }
    }
}

impl fmt::Display for QuantityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a Kubernetes quantity: {}",
            self.input.escape_debug(),
            self.message()
        )
    }
}

impl std::error::Error for QuantityError {}

/// The suffix table of `suffix.go` (`newSuffixer`): text, base, exponent.
const SUFFIXES: &[(&str, u32, i64)] = &[
    ("Ki", 2, 10),
    ("Mi", 2, 20),
    ("Gi", 2, 30),
    ("Ti", 2, 40),
    ("Pi", 2, 50),
    ("Ei", 2, 60),
    ("n", 10, -9),
    ("u", 10, -6),
    ("m", 10, -3),
    ("", 10, 0),
    ("k", 10, 3),
    ("M", 10, 6),
    ("G", 10, 9),
    ("T", 10, 12),
    ("P", 10, 15),
    ("E", 10, 18),
];

/// The parts of a quantity text, as `parseQuantityString` splits it.
struct Scanned<'a> {
    negative: bool,
    // Integer digits after leading zeros are stripped; Kubernetes reads an empty run as "0".
    num: &'a str,
    denom: &'a str,
    suffix: &'a str,
}

/// Splits a text into sign, digits, fraction and suffix, like `parseQuantityString`.
fn scan(text: &str) -> Result<Scanned<'_>, QuantityErrorKind> {
    let bytes = text.as_bytes();
    let digits_from = |from: usize| {
        from + bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let mut pos = 0;
    let negative = match bytes.first() {
        Some(b'-') => {
            pos = 1;
            true
        }
        Some(b'+') => {
            pos = 1;
            false
        }
        _ => false,
    };
    let int_start = pos;
    let int_end = digits_from(int_start);
    let mut denom = "";
    pos = int_end;
    if bytes.get(pos) == Some(&b'.') {
        let end = digits_from(pos + 1);
        denom = &text[pos + 1..end];
        pos = end;
    }
    // Kubernetes' scanner reads "Mi", "." or "+" as zero; its documented grammar needs a digit.
    if int_end == int_start && denom.is_empty() {
        return match bytes.get(pos) {
            Some(b) if !b"eEinumkKMGTP".contains(b) => {
                Err(QuantityErrorKind::Unexpected { offset: pos })
            }
            _ => Err(QuantityErrorKind::NoDigits),
        };
    }
    let integer = &text[int_start..int_end];
    let num = integer.trim_start_matches('0');
    let suffix_start = pos;
    pos += bytes[pos..]
        .iter()
        .take_while(|b| b"eEinumkKMGTP".contains(b))
        .count();
    if matches!(bytes.get(pos), Some(b'-' | b'+')) {
        pos += 1;
    }
    pos = digits_from(pos);
    if pos < bytes.len() {
        return Err(QuantityErrorKind::Unexpected { offset: pos });
    }
    Ok(Scanned {
        negative,
        num,
        denom,
        suffix: &text[suffix_start..],
    })
}

/// Reads a suffix into base, exponent and format, like `suffixHandler.interpret`.
fn interpret(suffix: &str) -> Result<(u32, i64, Format), QuantityErrorKind> {
    if let Some(&(_, base, exponent)) = SUFFIXES.iter().find(|(s, _, _)| *s == suffix) {
        let format = if base == 2 {
            Format::BinarySI
        } else {
            Format::DecimalSI
        };
        return Ok((base, exponent, format));
    }
    let unknown = || QuantityErrorKind::UnknownSuffix {
        suffix: suffix.to_string(),
    };
    let rest = match suffix.as_bytes().first() {
        Some(b'e' | b'E') if suffix.len() > 1 => &suffix[1..],
        _ => return Err(unknown()),
    };
    let (negative, digits) = match rest.as_bytes().first() {
        Some(b'-') => (true, &rest[1..]),
        Some(b'+') => (false, &rest[1..]),
        _ => (false, rest),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(unknown());
    }
    // Upstream rejects exponents past ±MaxInt32 rather than truncating them to int32
    // (quantity_test.go, TestInterpretExponentInt32Bounds).
    let mut value: i64 = 0;
    for b in digits.bytes() {
        value = value * 10 + i64::from(b - b'0');
        if value > MAX_SCALE {
            return Err(QuantityErrorKind::ExponentOutOfRange);
        }
    }
    Ok((
        10,
        if negative { -value } else { value },
        Format::DecimalExponent,
    ))
}

impl Quantity {
    /// Reads a quantity such as `256Mi`, `1.5`, `500m` or `1e3`, exactly as Kubernetes does.
    pub fn parse(text: &str) -> Result<Quantity, QuantityError> {
        Quantity::parse_kind(text).map_err(|kind| QuantityError {
            input: text.to_string(),
            kind,
        })
    }

    fn parse_kind(text: &str) -> Result<Quantity, QuantityErrorKind> {
        if text.is_empty() {
            return Err(QuantityErrorKind::Empty);
        }
        if text == "0" {
            return Ok(Quantity {
                negative: false,
                magnitude: Magnitude::zero(),
                format: Format::DecimalSI,
                verbatim: Some(text.to_string()),
            });
        }
        let scanned = scan(text)?;
        let (base, exponent, mut format) = interpret(scanned.suffix)?;
        let denom_len = scanned.denom.len() as i64;
        // Kubernetes holds `exponent - len(denom)` in an int32 scale; past it the value wraps.
        if base == 10 && (exponent - denom_len).abs() > MAX_SCALE {
            return Err(QuantityErrorKind::ExponentOutOfRange);
        }
        let mut ascii = Vec::with_capacity(scanned.num.len() + scanned.denom.len());
        ascii.extend_from_slice(scanned.num.as_bytes());
        ascii.extend_from_slice(scanned.denom.as_bytes());
        let mut magnitude = if base == 10 {
            Magnitude::from_ascii(&ascii, exponent - denom_len)
        } else {
            let mut m = Magnitude::from_ascii(&ascii, -denom_len);
            for _ in 0..exponent / 10 {
                m = m.times_small(1024);
            }
            m
        };
        // ParseQuantity: "This rounds non-zero values up to the minimum representable value"
        // (inf.RoundUp at Nano, on the absolute value, so away from zero).
        magnitude = magnitude.round_up_to(NANO);
        let max_binary = Magnitude::from_ascii(MAX_BINARY, 0);
        if format == Format::BinarySI {
            // "The max is just a simple cap." Only the binary format is capped.
            if magnitude.cmp_magnitude(&max_binary) == Ordering::Greater {
                magnitude = max_binary;
            }
            if !magnitude.is_zero() && magnitude.order() <= 0 {
                // Below one the value has no binary spelling, so it is shown in DecimalSI.
                format = Format::DecimalSI;
            }
        }
        let verbatim = kubernetes_cached_text(text, &scanned, base, exponent, format);
        Ok(Quantity {
            negative: scanned.negative && !magnitude.is_zero(),
            magnitude,
            format,
            verbatim,
        })
    }

    /// The suffix family the quantity was written in, as Kubernetes keeps it.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        self.magnitude.is_zero()
    }

    /// Whether the value is below zero.
    pub fn is_negative(&self) -> bool {
        self.negative
    }

    /// The text Kubernetes' `Quantity.String()` prints for this quantity.
    pub fn canonical(&self) -> String {
        if let Some(text) = &self.verbatim {
            return text.clone();
        }
        let (number, suffix) = self.canonical_parts();
        let sign = if self.negative { "-" } else { "" };
        format!("{sign}{number}{suffix}")
    }

    /// `CanonicalizeBytes`: the digits and the suffix, without the sign.
    fn canonical_parts(&self) -> (String, String) {
        if self.magnitude.is_zero() {
            return ("0".to_string(), String::new());
        }
        let format = match self.format {
            Format::BinarySI => {
                let below_1024 = self
                    .magnitude
                    .cmp_magnitude(&Magnitude::new(vec![1, 0, 2, 4], 0))
                    == Ordering::Less;
                if below_1024 || self.magnitude.exponent < 0 {
                    // "This avoids rounding and hopefully confusion, too." / "Don't lose
                    // precision-- show as DecimalSI".
                    Format::DecimalSI
                } else if let Some(parts) = self.binary_parts() {
                    return parts;
                } else {
                    // Past `Ei` there is no binary suffix; upstream falls back to an exact
                    // exponent form (quantity_test.go, TestQuantityString `10e69`).
                    Format::DecimalExponent
                }
            }
            other => other,
        };
        self.decimal_parts(format)
    }

    /// `AsCanonicalBase1024Bytes` and a binary suffix, or `None` when no suffix fits.
    fn binary_parts(&self) -> Option<(String, String)> {
        let mut digits = self.magnitude.integer_digits(4096)?;
        let mut times = 0;
        while digits.len() > 3 {
            let (quotient, rem) = div_rem_small(&digits, 1024);
            if rem != 0 {
                break;
            }
            digits = quotient;
            times += 1;
        }
        let suffix = match times {
            0 => "",
            t => SUFFIXES
                .iter()
                .find(|(_, base, e)| *base == 2 && *e == 10 * t)
                .map(|(s, _, _)| *s)?,
        };
        Some((Magnitude::ascii(&digits), suffix.to_string()))
    }

    /// `AsCanonicalBytes` (exponent lowered to a multiple of three) and a decimal suffix.
    fn decimal_parts(&self, format: Format) -> (String, String) {
        let shift = self.magnitude.exponent.rem_euclid(3);
        let exponent = self.magnitude.exponent - shift;
        let mut number = Magnitude::ascii(&self.magnitude.digits);
        number.extend(std::iter::repeat_n('0', shift as usize));
        let si = SUFFIXES
            .iter()
            .find(|(_, base, e)| *base == 10 && *e == exponent)
            .map(|(s, _, _)| s.to_string());
        let suffix = match (format, si) {
            (Format::DecimalSI, Some(s)) => s,
            // DecimalSI has no suffix past `E` or below `n`: upstream prints an exponent
            // instead of dropping the magnitude (quantity.go, CanonicalizeBytes).
            _ if exponent == 0 => String::new(),
            _ => format!("e{exponent}"),
        };
        (number, suffix)
    }
}

/// The input text when Kubernetes' fast parser would store it as the String() result.
///
/// `ParseQuantity` takes an int64 fast path when the digits fit (`maxInt64Factors`) and, for a
/// decimal suffix, the scale is at least nano; it then keeps `str` verbatim when the value
/// "is in canonical form" by its own test, which looks only at the digits: a decimal scale that
/// is a multiple of three, digits that do not end in `000` or start with `0`, or a binary value
/// that is not a multiple of 8. The sign and leading zeros of the input are kept with it.
fn kubernetes_cached_text(
    text: &str,
    scanned: &Scanned<'_>,
    base: u32,
    exponent: i64,
    format: Format,
) -> Option<String> {
    let num = if scanned.num.is_empty() {
        "0"
    } else {
        scanned.num
    };
    let digit_count = num.len() + scanned.denom.len();
    let cached = if base == 10 {
        let scale = exponent - scanned.denom.len() as i64;
        let shifted = format!("{num}{}", scanned.denom);
        digit_count <= MAX_INT64_FACTORS
            && scale >= NANO
            && scale % 3 == 0
            && !shifted.ends_with("000")
            && !shifted.starts_with('0')
    } else {
        // `15 - len(num) - exponent*3/10 - 1` is the binary fast path's precision.
        let precision = 14 - num.len() as i64 - exponent * 3 / 10;
        let value = num.parse::<i64>().ok();
        format == Format::BinarySI
            && scanned.denom.is_empty()
            && precision >= 0
            && value.is_some_and(|v| {
                u32::try_from(exponent)
                    .ok()
                    .and_then(|e| 1i64.checked_shl(e))
                    .and_then(|m| v.checked_mul(m))
                    .is_some()
                    && v & 0x07 != 0
            })
    };
    cached.then(|| text.to_string())
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.canonical())
    }
}

impl std::str::FromStr for Quantity {
    type Err = QuantityError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Quantity::parse(text)
    }
}

/// A replica count (`replicas`, `maxReplicaCount`): a decimal int32 that is not negative.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ReplicaCount(u32);

/// Why a text is not a replica count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplicaCountError {
    input: String,
    message: &'static str,
}

impl ReplicaCountError {
    /// The text that was read.
    pub fn input(&self) -> &str {
        &self.input
    }

    /// The explanation without the input.
    pub fn message(&self) -> &str {
        self.message
    }
}

impl fmt::Display for ReplicaCountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a replica count: {}",
            self.input.escape_debug(),
            self.message
        )
    }
}

impl std::error::Error for ReplicaCountError {}

impl ReplicaCount {
    /// Reads a replica count written as a plain decimal integer (`3`, `15`, `0`).
    pub fn parse(text: &str) -> Result<ReplicaCount, ReplicaCountError> {
        let fail = |message| ReplicaCountError {
            input: text.to_string(),
            message,
        };
        if text.is_empty() {
            return Err(fail("it is empty"));
        }
        if text.starts_with(['+', '-']) {
            return Err(fail("replica counts are written without a sign"));
        }
        if !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(fail("it is not a whole number written in decimal digits"));
        }
        if text.len() > 1 && text.starts_with('0') {
            return Err(fail(
                "it has a leading zero, which YAML 1.1 reads as an octal number",
            ));
        }
        match text.parse::<u32>() {
            Ok(value) if value <= i32::MAX as u32 => Ok(ReplicaCount(value)),
            _ => Err(fail(
                "it is larger than 2147483647, the int32 Kubernetes stores",
            )),
        }
    }

    /// The count.
    pub fn value(self) -> u32 {
        self.0
    }

    /// The count in decimal digits, as it is written into a manifest.
    pub fn canonical(self) -> String {
        self.0.to_string()
    }
}

impl fmt::Display for ReplicaCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::str::FromStr for ReplicaCount {
    type Err = ReplicaCountError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        ReplicaCount::parse(text)
    }
}

/// Why a plain scalar's text would be read by YAML as a number other than the text says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NumberHazardKind {
    /// A leading zero (`0755`, `010`): YAML 1.1 and go-yaml read an octal number.
    LeadingZero,
    /// A `0x` prefix: a hexadecimal number.
    Hexadecimal,
    /// A `0o` prefix: an octal number (YAML 1.2).
    Octal,
    /// A `0b` prefix: a binary number (YAML 1.1).
    Binary,
    /// An underscore (`1_000`): YAML 1.1 and go-yaml drop it and read the digits.
    Underscore,
    /// An exponent (`1e3`): a float, which Kubernetes' decoder prints back as `1000`.
    Exponent,
    /// Colon-separated digits (`1:30`): a base-60 number in YAML 1.1.
    Sexagesimal,
    /// `.inf` or `.nan`: a float that is not finite.
    NotFinite,
    /// More significant digits than a float64 or an int64 keeps exactly.
    Precision,
}

/// A plain scalar text that YAML would read as a number other than its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberHazard {
    text: String,
    kind: NumberHazardKind,
}

impl NumberHazard {
    /// The scalar's text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Which reading differs.
    pub fn kind(&self) -> NumberHazardKind {
        self.kind
    }
}

impl fmt::Display for NumberHazard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.kind {
            NumberHazardKind::LeadingZero => "it has a leading zero, which YAML 1.1 reads as octal",
            NumberHazardKind::Hexadecimal => "`0x` makes it a hexadecimal number",
            NumberHazardKind::Octal => "`0o` makes it an octal number",
            NumberHazardKind::Binary => "`0b` makes it a binary number in YAML 1.1",
            NumberHazardKind::Underscore => "YAML 1.1 ignores the underscores in a number",
            NumberHazardKind::Exponent => "the exponent makes it a float, printed back without it",
            NumberHazardKind::Sexagesimal => "YAML 1.1 reads colon-separated digits as base 60",
            NumberHazardKind::NotFinite => "it is a float that is not finite",
            NumberHazardKind::Precision => "it has more digits than a float64 or an int64 keeps",
        };
        write!(
            f,
            "a plain scalar YAML would read as a number other than its text: `{}`: {why}",
            self.text.escape_debug()
        )
    }
}

impl std::error::Error for NumberHazard {}

/// Whether a plain (unquoted) YAML scalar would be read as a number other than its text.
///
/// It is when some YAML reader ([`NumberReader`]) reads it as a number and it is not written
/// as decimal digits, with at most a fraction, that an int64 or a float64 keeps exactly:
/// `0755`, `0x1F`, `0o17`, `1_000`, `1e3` and `1:30` are refused; `0`, `10`, `0.5`, `-3` and
/// text that no reader takes for a number (`512Mi`) are not.
pub fn plain_number_hazard(text: &str) -> Option<NumberHazard> {
    NumberReader::ALL
        .iter()
        .find_map(|&reader| read_number(text, reader))?;
    let kind = hazard_kind(&scan_number(text)?)?;
    Some(NumberHazard {
        text: text.to_string(),
        kind,
    })
}

/// Which part of how a number is written makes a reader read it as another number, if any.
fn hazard_kind(written: &Written<'_>) -> Option<NumberHazardKind> {
    if written.underscores {
        // go-yaml drops every underscore before reading a number (resolve.go), YAML 1.1 too.
        return Some(NumberHazardKind::Underscore);
    }
    let (integer, fraction, exponent) = match &written.form {
        Form::Prefixed { radix: 16, .. } => return Some(NumberHazardKind::Hexadecimal),
        Form::Prefixed { radix: 8, .. } => return Some(NumberHazardKind::Octal),
        Form::Prefixed { .. } => return Some(NumberHazardKind::Binary),
        Form::Sexagesimal { .. } => return Some(NumberHazardKind::Sexagesimal),
        Form::Infinity | Form::NotANumber => return Some(NumberHazardKind::NotFinite),
        Form::Decimal {
            integer,
            fraction,
            exponent,
        } => (integer, fraction, exponent),
    };
    if integer.len() > 1 && integer.starts_with('0') {
        return Some(NumberHazardKind::LeadingZero);
    }
    if exponent.is_some() {
        return Some(NumberHazardKind::Exponent);
    }
    let exact = match fraction {
        // An int64 keeps up to 9223372036854775807.
        None => {
            Magnitude::from_ascii(integer.as_bytes(), 0)
                .cmp_magnitude(&Magnitude::from_ascii(MAX_BINARY, 0))
                != Ordering::Greater
        }
        // A float64 round-trips any decimal of at most 15 significant digits.
        Some(f) => {
            let all_digits = format!("{integer}{f}");
            Magnitude::from_ascii(all_digits.as_bytes(), 0).digits.len() <= 15
        }
    };
    (!exact).then_some(NumberHazardKind::Precision)
}

#[cfg(test)]
mod tests;
