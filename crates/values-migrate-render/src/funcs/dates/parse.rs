//! Go's `time.ParseInLocation(layout, value, time.Local)` where `Local` is UTC (as where Helm
//! ran for the oracle): its elements, ranges and error words; a zone other than UTC is refused.

use super::duration::quote;
use super::{Chunk, DAYS, MONTHS, Time, next_chunk};
use crate::func::CallError;

/// Days before each month in a common year.
const BEFORE: [i64; 13] = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365];

/// What a parse failed on: Go's `ParseError` fields.
enum Failure {
    /// `cannot parse VALUE_ELEM as LAYOUT_ELEM`.
    Elem(String, String),
    /// A message after the value (`: month out of range`, `: extra text: "x"`).
    Message(String),
    /// A case this port refuses.
    Refused(String),
}

/// The fields being built, as Go's `parse` holds them.
#[derive(Default)]
struct Parts {
    /// The year.
    year: i64,
    /// The month, -1 when not given.
    month: i64,
    /// The day, -1 when not given.
    day: i64,
    /// The day of the year, -1 when not given.
    yday: i64,
    /// The hour.
    hour: i64,
    /// The minute.
    min: i64,
    /// The second.
    sec: i64,
    /// The nanosecond.
    nsec: i64,
    /// `AM` was read.
    am: bool,
    /// `PM` was read.
    pm: bool,
}

/// Go's `getnum`: one or two digits (two when `fixed`).
fn getnum(s: &str, fixed: bool) -> Option<(i64, &str)> {
    let b = s.as_bytes();
    let d0 = b.first().filter(|c| c.is_ascii_digit())?;
    match b.get(1).filter(|c| c.is_ascii_digit()) {
        None if fixed => None,
        None => Some((i64::from(d0 - b'0'), &s[1..])),
        Some(d1) => Some((i64::from(d0 - b'0') * 10 + i64::from(d1 - b'0'), &s[2..])),
    }
}

/// Go's `getnum3`: one to three digits (three when `fixed`).
fn getnum3(s: &str, fixed: bool) -> Option<(i64, &str)> {
    let n = s.bytes().take(3).take_while(u8::is_ascii_digit).count();
    if n == 0 || (fixed && n != 3) {
        return None;
    }
    Some((s[..n].parse().ok()?, &s[n..]))
}

/// Go's `time.atoi`: an optional sign and digits, nothing else.
fn atoi(s: &str) -> Option<i64> {
    let body = s.strip_prefix(['-', '+']).unwrap_or(s);
    if body.is_empty() || !body.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let n: i64 = body.parse().ok()?;
    Some(if s.starts_with('-') { -n } else { n })
}

/// Go's `skip`: the layout's literal text matched in the value (a space matching any run);
/// on a mismatch, what was left of the value.
fn skip<'v>(mut value: &'v str, mut prefix: &str) -> Result<&'v str, Failure> {
    let elem = |left: &str, prefix: &str| Failure::Elem(left.to_string(), prefix.to_string());
    let whole = prefix;
    while let Some(p) = prefix.as_bytes().first() {
        if *p == b' ' {
            if value.as_bytes().first().is_some_and(|c| *c != b' ') {
                return Err(elem(value, whole));
            }
            prefix = prefix.trim_start_matches(' ');
            value = value.trim_start_matches(' ');
            continue;
        }
        if value.as_bytes().first() != Some(p) {
            return Err(elem(value, whole));
        }
        // The layout's byte matched: step over it (a whole character, since both are UTF-8).
        let step = prefix.chars().next().map_or(1, char::len_utf8);
        if value.get(..step) != prefix.get(..step) {
            // Go would stop inside a character, and quote the bytes left.
            return Err(Failure::Refused(
                "a layout character matched in part".to_string(),
            ));
        }
        prefix = &prefix[step..];
        value = &value[step..];
    }
    Ok(value)
}

/// Go's `lookup`: the index of the name the value starts with (ASCII case folded).
fn lookup<'v>(names: &[&str], value: &'v str) -> Option<(usize, &'v str)> {
    names.iter().enumerate().find_map(|(i, name)| {
        let head = value.get(..name.len())?;
        head.eq_ignore_ascii_case(name)
            .then(|| (i, &value[name.len()..]))
    })
}

/// Go's `parseNanoseconds`: a separator and digits, scaled to nanoseconds.
fn nanoseconds(value: &str, nbytes: usize) -> Option<i64> {
    if !value.starts_with(['.', ',']) {
        return None;
    }
    let nbytes = nbytes.min(10);
    let ns = atoi(value.get(1..nbytes)?)?;
    Some(ns * 10i64.pow(10 - nbytes as u32))
}

/// One element parsed: the rest of the value, or the failure (`None`: Go's `errBad`).
fn element<'v>(
    name: &str,
    value: &'v str,
    rest_of_layout: &str,
    p: &mut Parts,
    range: &mut &'static str,
) -> Result<Option<&'v str>, Failure> {
    Ok(match name {
        "06" => value.get(..2).and_then(atoi).map(|y| {
            p.year = if y >= 69 { y + 1900 } else { y + 2000 };
            &value[2..]
        }),
        "2006" => value
            .get(..4)
            .filter(|d| d.as_bytes()[0].is_ascii_digit())
            .and_then(atoi)
            .map(|y| {
                p.year = y;
                &value[4..]
            }),
        "Jan" | "January" | "Mon" | "Monday" => named(name, value, p),
        "1" | "01" | "2" | "_2" | "02" | "__2" | "002" => calendar(name, value, p, range),
        "15" | "3" | "03" | "4" | "04" | "PM" | "pm" => clock(name, value, p, range),
        "5" | "05" => return seconds(name, value, rest_of_layout, p, range),
        "MST" => match value.strip_prefix("UTC") {
            Some(rest) => Some(rest),
            None => {
                return Err(Failure::Refused(
                    "a time zone name other than UTC".to_string(),
                ));
            }
        },
        z => return zone(z, value),
    })
}

/// A month or weekday name (the weekday only checked, as Go ignores it).
fn named<'v>(name: &str, value: &'v str, p: &mut Parts) -> Option<&'v str> {
    let short = name.len() == 3;
    let table: &[&str] = if name.starts_with('J') {
        &MONTHS
    } else {
        &DAYS
    };
    let names: Vec<&str> = table
        .iter()
        .map(|n| if short { &n[..3] } else { n })
        .collect();
    let (i, rest) = lookup(&names, value)?;
    if name.starts_with('J') {
        p.month = i as i64 + 1;
    }
    Some(rest)
}

/// A numeric month, day of the month or day of the year.
fn calendar<'v>(
    name: &str,
    value: &'v str,
    p: &mut Parts,
    range: &mut &'static str,
) -> Option<&'v str> {
    match name {
        "1" | "01" => getnum(value, name == "01").map(|(m, rest)| {
            if !(1..=12).contains(&m) {
                *range = "month";
            }
            p.month = m;
            rest
        }),
        "2" | "_2" | "02" => {
            let v = if name == "_2" {
                value.strip_prefix(' ').unwrap_or(value)
            } else {
                value
            };
            getnum(v, name == "02").map(|(d, rest)| {
                p.day = d;
                rest
            })
        }
        _ => {
            let mut v = value;
            if name == "__2" {
                for _ in 0..2 {
                    v = v.strip_prefix(' ').unwrap_or(v);
                }
            }
            getnum3(v, name == "002").map(|(d, rest)| {
                p.yday = d;
                rest
            })
        }
    }
}

/// An hour, a minute, or AM/PM.
fn clock<'v>(
    name: &str,
    value: &'v str,
    p: &mut Parts,
    range: &mut &'static str,
) -> Option<&'v str> {
    match name {
        "15" | "3" | "03" => getnum(value, name == "03").map(|(h, rest)| {
            if h >= if name == "15" { 24 } else { 13 } {
                *range = "hour";
            }
            p.hour = h;
            rest
        }),
        "4" | "04" => getnum(value, name == "04").map(|(m, rest)| {
            if m >= 60 {
                *range = "minute";
            }
            p.min = m;
            rest
        }),
        _ => {
            let h = value.get(..2)?;
            let (pm, am) = if name == "PM" {
                ("PM", "AM")
            } else {
                ("pm", "am")
            };
            if h == pm {
                p.pm = true;
            } else if h == am {
                p.am = true;
            } else {
                return None;
            }
            Some(&value[2..])
        }
    }
}

/// The seconds element, with Go's special case of a fraction the layout does not show.
fn seconds<'v>(
    name: &str,
    value: &'v str,
    rest_of_layout: &str,
    p: &mut Parts,
    range: &mut &'static str,
) -> Result<Option<&'v str>, Failure> {
    let Some((s, mut rest)) = getnum(value, name == "05") else {
        return Ok(None);
    };
    if s >= 60 {
        *range = "second";
        return Ok(Some(rest));
    }
    p.sec = s;
    let b = rest.as_bytes();
    if b.len() >= 2 && (b[0] == b'.' || b[0] == b',') && b[1].is_ascii_digit() {
        let next_is_frac = matches!(next_chunk(rest_of_layout).1, Some(Chunk::Frac(..)));
        if !next_is_frac {
            let n = 2 + rest[2..].bytes().take_while(u8::is_ascii_digit).count();
            let Some(ns) = nanoseconds(rest, n) else {
                return Ok(None);
            };
            p.nsec = ns;
            rest = &rest[n..];
        }
    }
    Ok(Some(rest))
}

/// A numeric or ISO 8601 zone: only a zero offset (UTC) is rendered.
fn zone<'v>(name: &str, value: &'v str) -> Result<Option<&'v str>, Failure> {
    if name.starts_with('Z') {
        if let Some(rest) = value.strip_prefix('Z') {
            return Ok(Some(rest));
        }
    }
    let shape = &name[1..];
    let len = 1 + shape.len();
    let Some(text) = value.get(..len).filter(|t| t.starts_with(['+', '-'])) else {
        return Ok(None);
    };
    let fits = text[1..].bytes().zip(shape.bytes()).all(|(v, l)| {
        if l == b':' {
            v == b':'
        } else {
            v.is_ascii_digit()
        }
    });
    if !fits {
        return Ok(None);
    }
    if text[1..].bytes().any(|c| c.is_ascii_digit() && c != b'0') {
        return Err(Failure::Refused(
            "a time zone offset other than zero".to_string(),
        ));
    }
    Ok(Some(&value[len..]))
}

/// Go's `parse` over the layout and value, to a UTC time.
fn parse(layout: &str, value: &str) -> Result<Time, Failure> {
    let mut p = Parts {
        month: -1,
        day: -1,
        yday: -1,
        ..Parts::default()
    };
    let (mut layout, mut value) = (layout, value);
    loop {
        let (prefix, chunk, suffix) = next_chunk(layout);
        value = skip(value, prefix)?;
        let Some(chunk) = chunk else {
            if !value.is_empty() {
                return Err(Failure::Message(format!(": extra text: {}", quote(value))));
            }
            break;
        };
        let std_text = &layout[prefix.len()..layout.len() - suffix.len()];
        layout = suffix;
        let hold = value;
        let mut range = "";
        let parsed = match chunk {
            Chunk::Std(name) => element(name, value, layout, &mut p, &mut range)?,
            Chunk::Frac(_, digit, n) => fraction(digit, n, value, &mut p),
        };
        if !range.is_empty() {
            return Err(Failure::Message(format!(": {range} out of range")));
        }
        value = parsed.ok_or_else(|| Failure::Elem(hold.to_string(), std_text.to_string()))?;
    }
    finish(p)
}

/// A fractional-seconds element (`.000` exactly so many digits; `.999` any, or none).
fn fraction<'v>(digit: u8, n: usize, value: &'v str, p: &mut Parts) -> Option<&'v str> {
    if digit == b'0' {
        let len = 1 + n;
        if value.len() < len {
            return None;
        }
        p.nsec = nanoseconds(value, len)?;
        return Some(&value[len..]);
    }
    let b = value.as_bytes();
    if b.len() < 2 || !(b[0] == b'.' || b[0] == b',') || !b[1].is_ascii_digit() {
        return Some(value);
    }
    let len = 1 + value[1..].bytes().take_while(u8::is_ascii_digit).count();
    p.nsec = nanoseconds(value, len)?;
    Some(&value[len..])
}

/// Days in a month of a year.
fn days_in(month: i64, year: i64) -> i64 {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    if month == 2 && leap {
        29
    } else {
        BEFORE[month as usize] - BEFORE[month as usize - 1]
    }
}

/// The parsed fields checked and turned into a time (Go's checks after the loop).
fn finish(mut p: Parts) -> Result<Time, Failure> {
    if p.pm && p.hour < 12 {
        p.hour += 12;
    } else if p.am && p.hour == 12 {
        p.hour = 0;
    }
    if p.yday >= 0 {
        let leap = p.year % 4 == 0 && (p.year % 100 != 0 || p.year % 400 == 0);
        let (mut m, mut d) = (0, 0);
        if leap {
            if p.yday == 31 + 29 {
                (m, d) = (2, 29);
            } else if p.yday > 31 + 29 {
                p.yday -= 1;
            }
        }
        if p.yday < 1 || p.yday > 365 {
            return Err(Failure::Message(": day-of-year out of range".to_string()));
        }
        if m == 0 {
            m = (p.yday - 1) / 31 + 1;
            if BEFORE[m as usize] < p.yday {
                m += 1;
            }
            d = p.yday - BEFORE[m as usize - 1];
        }
        if p.month >= 0 && p.month != m {
            return Err(Failure::Message(
                ": day-of-year does not match month".to_string(),
            ));
        }
        if p.day >= 0 && p.day != d {
            return Err(Failure::Message(
                ": day-of-year does not match day".to_string(),
            ));
        }
        (p.month, p.day) = (m, d);
    } else {
        if p.month < 0 {
            p.month = 1;
        }
        if p.day < 0 {
            p.day = 1;
        }
    }
    if !(1..=12).contains(&p.month) || p.day < 1 || p.day > days_in(p.month, p.year) {
        return Err(Failure::Message(": day out of range".to_string()));
    }
    let days = days_from_civil(p.year, p.month, p.day);
    Ok(Time {
        unix: days * 86_400 + p.hour * 3600 + p.min * 60 + p.sec,
        nanos: u32::try_from(p.nsec).unwrap_or(0),
        clock: None,
    })
}

/// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = if month > 2 { month - 3 } else { month + 9 };
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// `time.ParseInLocation(layout, value, time.Local)`: the time, or Go's error message.
pub(crate) fn parse_in_local(layout: &str, value: &str) -> Result<Result<Time, String>, CallError> {
    match parse(layout, value) {
        Ok(t) => Ok(Ok(t)),
        Err(Failure::Refused(what)) => Err(CallError::Unsupported(format!("toDate of {what}"))),
        Err(Failure::Message(m)) => Ok(Err(format!("parsing time {}{m}", quote(value)))),
        Err(Failure::Elem(v, l)) => Ok(Err(format!(
            "parsing time {} as {}: cannot parse {} as {}",
            quote(value),
            quote(layout),
            quote(&v),
            quote(&l)
        ))),
    }
}
