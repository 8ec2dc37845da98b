//! Go's `strconv.Atoi` (Go 1.26, src/strconv/atoi.go), which Helm's `ipv4` and `time` checks
//! call: a sign, then decimal digits, within `int64`.

use values_migrate_unicode::quote_bytes;

/// Why Go's `strconv.Atoi` refuses a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AtoiError {
    /// Not a sign and digits (`invalid syntax`).
    Syntax,
    /// Outside `int64` (`value out of range`).
    Range,
}

/// Go's `strconv.Atoi(text)`.
pub(crate) fn atoi(text: &[u8]) -> Result<i64, AtoiError> {
    let (negative, digits) = match text {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, text),
    };
    if digits.is_empty() {
        return Err(AtoiError::Syntax);
    }
    let mut n: u64 = 0;
    // Go reads the digits in order: an overflow before a bad byte is a range error.
    for &c in digits {
        if !c.is_ascii_digit() {
            return Err(AtoiError::Syntax);
        }
        n = n
            .checked_mul(10)
            .and_then(|n| n.checked_add(u64::from(c - b'0')))
            .ok_or(AtoiError::Range)?;
    }
    match (negative, i64::try_from(n)) {
        (false, Ok(n)) => Ok(n),
        (true, Ok(n)) => Ok(-n),
        (true, Err(_)) if n == 1 << 63 => Ok(i64::MIN),
        _ => Err(AtoiError::Range),
    }
}

/// Go's text of `strconv.Atoi(text)`'s error.
pub(crate) fn atoi_error(text: &[u8], error: AtoiError) -> String {
    let why = match error {
        AtoiError::Syntax => "invalid syntax",
        AtoiError::Range => "value out of range",
    };
    format!("strconv.Atoi: parsing {}: {why}", quote_bytes(text, '"'))
}

#[cfg(test)]
mod tests {
    use super::{AtoiError::*, atoi};

    #[test]
    fn atoi_reads_as_go_does() {
        let cases: [(&str, Result<i64, _>); 9] = [
            ("255", Ok(255)),
            ("+1", Ok(1)),
            ("-0", Ok(0)),
            ("", Err(Syntax)),
            ("+", Err(Syntax)),
            ("1x", Err(Syntax)),
            ("9223372036854775808", Err(Range)),
            ("-9223372036854775808", Ok(i64::MIN)),
            ("99999999999999999999x", Err(Range)),
        ];
        for (text, want) in cases {
            assert_eq!(atoi(text.as_bytes()), want, "{text}");
        }
    }
}
