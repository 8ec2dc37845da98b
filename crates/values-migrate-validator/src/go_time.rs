//! Go's `time.Parse("2006-01-02", s)` (Go 1.26, src/time/format.go), the `date` format's check
//! in Helm's validator, with Go's errors: `cannot parse "x" as "2006"`, `month out of range`,
//! `day out of range`, `extra text: "x"`.

use super::go_strconv::atoi;

/// The layout, as Go's errors name it.
const LAYOUT: &str = "2006-01-02";

/// `time.Parse(LAYOUT, value)`: `Ok` for a date Go accepts, else Go's error text.
pub(crate) fn parse_date(value: &[u8]) -> Result<(), String> {
    let cannot = |elem: &[u8], layout_elem: &str| {
        format!(
            "parsing time {} as {}: cannot parse {} as {}",
            quote(value),
            quote(LAYOUT.as_bytes()),
            quote(elem),
            quote(layout_elem.as_bytes())
        )
    };
    let with_message = |message: &str| format!("parsing time {}{message}", quote(value));
    let mut rest = value;
    // The year: four bytes, the first a digit, all of them an integer.
    if rest.len() < 4 || !rest[0].is_ascii_digit() {
        return Err(cannot(rest, "2006"));
    }
    let year = atoi(&rest[..4]).map_err(|_| cannot(rest, "2006"))?;
    rest = &rest[4..];
    rest = skip_dash(rest).ok_or_else(|| cannot(rest, "-"))?;
    let (month, after) = two_digits(rest).ok_or_else(|| cannot(rest, "01"))?;
    if !(1..=12).contains(&month) {
        return Err(with_message(": month out of range"));
    }
    rest = after;
    rest = skip_dash(rest).ok_or_else(|| cannot(rest, "-"))?;
    let (day, after) = two_digits(rest).ok_or_else(|| cannot(rest, "02"))?;
    rest = after;
    if !rest.is_empty() {
        return Err(with_message(&format!(": extra text: {}", quote(rest))));
    }
    if day < 1 || day > days_in(month, year) {
        return Err(with_message(": day out of range"));
    }
    Ok(())
}

/// `value` after a leading `-`, if it has one.
fn skip_dash(value: &[u8]) -> Option<&[u8]> {
    value.strip_prefix(b"-")
}

/// Go's `getnum(s, true)`: two leading digits as a number, and the rest.
fn two_digits(value: &[u8]) -> Option<(i64, &[u8])> {
    match value {
        [a, b, rest @ ..] if a.is_ascii_digit() && b.is_ascii_digit() => {
            Some((i64::from((a - b'0') * 10 + (b - b'0')), rest))
        }
        _ => None,
    }
}

/// The days of `month` in `year` (proleptic Gregorian, year 0 a leap year).
fn days_in(month: i64, year: i64) -> i64 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Go's `time.quote`: `"`-quoted, each byte outside printable ASCII as `\xNN`, DEL as it is.
fn quote(text: &[u8]) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for &b in text {
        match b {
            b'"' | b'\\' => {
                out.push('\\');
                out.push(char::from(b));
            }
            0x20..0x80 => out.push(char::from(b)),
            _ => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::parse_date;

    /// Each text and Helm 4.2.3's reason (`time.Parse` of Go 1.26).
    #[test]
    fn dates_fail_with_go_words() {
        let cases = [
            ("2024-02-29", None),
            ("0000-01-01", None),
            (
                "2024-13-45",
                Some(r#"parsing time "2024-13-45": month out of range"#),
            ),
            (
                "+123-01-01",
                Some(
                    r#"parsing time "+123-01-01" as "2006-01-02": cannot parse "+123-01-01" as "2006""#,
                ),
            ),
            (
                "2024-1-01",
                Some(r#"parsing time "2024-1-01" as "2006-01-02": cannot parse "1-01" as "01""#),
            ),
            (
                "2024-01",
                Some(r#"parsing time "2024-01" as "2006-01-02": cannot parse "" as "-""#),
            ),
            (
                "2023-02-29",
                Some(r#"parsing time "2023-02-29": day out of range"#),
            ),
            (
                "2024-01-01x",
                Some(r#"parsing time "2024-01-01x": extra text: "x""#),
            ),
            (
                "2024-01-0é",
                Some(
                    r#"parsing time "2024-01-0\xc3\xa9" as "2006-01-02": cannot parse "0\xc3\xa9" as "02""#,
                ),
            ),
        ];
        for (text, want) in cases {
            assert_eq!(parse_date(text.as_bytes()).err().as_deref(), want, "{text}");
        }
    }
}
