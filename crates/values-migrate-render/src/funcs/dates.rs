//! Sprig's date functions (`date.go`) over a port of Go's `time` formatting: `now` is a masked
//! time; a time from `time.Unix` (an int argument) or `toDate` formats exactly, in UTC (Helm's
//! `Local` where the oracle runs); other zones and offsets (no tz database here) are refused.

mod duration;
mod parse;

use std::rc::Rc;

use crate::func::{CallError, Ctx, Func, Param, Spans};
use crate::funcs::strings::{Spliced, tainted, text};
use crate::value::{IntType, Object, Value};

pub use duration::{format_duration, parse_duration};

/// This family's functions.
pub(crate) const FUNCS: &[(&str, Func)] = &[
    ("now", own(&[], now)),
    ("date", own(&[Param::Str, Param::Any], date)),
    (
        "dateInZone",
        own(&[Param::Str, Param::Any, Param::Str], date_in_zone),
    ),
    (
        "date_in_zone",
        own(&[Param::Str, Param::Any, Param::Str], date_in_zone),
    ),
    ("htmlDate", own(&[Param::Any], html_date)),
    (
        "htmlDateInZone",
        own(&[Param::Any, Param::Str], html_date_in_zone),
    ),
    ("dateModify", own(&[Param::Str, Param::Any], date_modify)),
    ("date_modify", own(&[Param::Str, Param::Any], date_modify)),
    (
        "mustDateModify",
        own(&[Param::Str, Param::Any], must_date_modify),
    ),
    (
        "must_date_modify",
        own(&[Param::Str, Param::Any], must_date_modify),
    ),
    ("unixEpoch", own(&[Param::Any], unix_epoch)),
    ("ago", own(&[Param::Any], ago)),
    ("duration", own(&[Param::Any], duration_fn)),
    ("durationRound", own(&[Param::Any], duration_round)),
    ("toDate", own(&[Param::Str, Param::Str], to_date)),
    ("mustToDate", own(&[Param::Str, Param::Str], must_to_date)),
];

/// The signature of a function's body.
type Body = fn(&mut Ctx, Vec<Value>) -> Result<Value, CallError>;

/// A function that masks its own result (a clock's output).
const fn own(params: &'static [Param], call: Body) -> Func {
    Func {
        params,
        variadic: None,
        spans: Spans::Own,
        call,
    }
}

/// The field name (no template can spell it) by which a `time.Time` object is read back.
const HIDDEN: &str = "\u{0}time";

/// A Go `time.Time` in UTC: seconds and nanoseconds since the Unix epoch, and the clock
/// function it came from when it depends on the clock (then whatever shows it is masked).
#[derive(Clone, Debug)]
pub struct Time {
    /// Seconds since 1970-01-01 UTC.
    pub unix: i64,
    /// Nanoseconds within the second.
    pub nanos: u32,
    /// The clock function it came from (`now`), if any.
    pub clock: Option<&'static str>,
}

impl Object for Time {
    fn type_name(&self) -> &'static str {
        "time.Time"
    }

    fn field(&self, name: &str) -> Option<Value> {
        if name == HIDDEN {
            let clock = Value::Bool(self.clock.is_some());
            let nanos = Value::int(i64::from(self.nanos));
            return Some(Value::list(vec![
                Value::Int(self.unix, IntType::Int64),
                nanos,
                clock,
            ]));
        }
        if self.clock.is_some() {
            return None;
        }
        match name {
            "Unix" => Some(Value::Int(self.unix, IntType::Int64)),
            "String" => Some(Value::str(self.go_string())),
            _ => None,
        }
    }

    fn call(&self, _: &str, _: &[Value]) -> Option<Result<Value, String>> {
        None
    }

    fn display(&self) -> Option<String> {
        self.clock.is_none().then(|| self.go_string())
    }
}

impl Time {
    /// Go's `Time.String` for a UTC time without a monotonic reading.
    fn go_string(&self) -> String {
        format_time(self, "2006-01-02 15:04:05.999999999 -0700 MST")
    }
}

/// The civil date of a count of days since 1970-01-01 (Howard Hinnant's algorithm).
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Whether `year` is a leap year.
fn leap(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

/// The broken-down fields of a time, as Go's `Format` reads them.
struct Fields {
    /// The year.
    year: i64,
    /// The month, 1 to 12.
    month: u32,
    /// The day of the month.
    day: u32,
    /// The day of the year, 1 to 366.
    yday: u32,
    /// The day of the week, 0 = Sunday.
    weekday: u32,
    /// The hour.
    hour: u32,
    /// The minute.
    minute: u32,
    /// The second.
    second: u32,
}

/// The fields of a UTC time.
fn fields(t: &Time) -> Fields {
    let days = t.unix.div_euclid(86_400);
    let secs = t.unix.rem_euclid(86_400) as u32;
    let (year, month, day) = civil(days);
    const BEFORE: [u32; 12] = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
    let extra = u32::from(month > 2 && leap(year));
    Fields {
        year,
        month,
        day,
        yday: BEFORE[(month - 1) as usize] + day + extra,
        weekday: (days + 4).rem_euclid(7) as u32,
        hour: secs / 3600,
        minute: secs / 60 % 60,
        second: secs % 60,
    }
}

/// English month names.
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// English weekday names.
const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// Go's `appendInt(b, x, width)`: zero-padded to `width`, a minus sign first.
fn pad(out: &mut String, x: i64, width: usize) {
    if x < 0 {
        out.push('-');
    }
    let digits = x.unsigned_abs().to_string();
    for _ in digits.len()..width {
        out.push('0');
    }
    out.push_str(&digits);
}

/// Go's `Time.Format` for a UTC time (offset 0, zone name `UTC`).
pub fn format_time(t: &Time, layout: &str) -> String {
    let f = fields(t);
    let mut out = String::new();
    let mut rest = layout;
    while !rest.is_empty() {
        let (prefix, chunk, after) = next_chunk(rest);
        out.push_str(prefix);
        rest = after;
        let Some(chunk) = chunk else { break };
        push_chunk(&mut out, &chunk, &f, t.nanos);
    }
    out
}

/// One layout element (Go's `std…` codes).
enum Chunk {
    /// A fixed element, named by its layout text (`2006`, `Jan`, `-07:00`, …).
    Std(&'static str),
    /// Fractional seconds: the separator, `0` or `9`, and the digit count.
    Frac(char, u8, usize),
}

/// Go's `nextStdChunk`: the literal text before the next element, the element, the rest.
fn next_chunk(layout: &str) -> (&str, Option<Chunk>, &str) {
    let b = layout.as_bytes();
    for i in 0..b.len() {
        if let Some((chunk, len)) = chunk_at(layout, i) {
            return (&layout[..i], Some(chunk), &layout[i + len..]);
        }
    }
    (layout, None, "")
}

/// The element starting at byte `i` of the layout and its length, if one starts there.
fn chunk_at(layout: &str, i: usize) -> Option<(Chunk, usize)> {
    let b = layout.as_bytes();
    let at = &layout[i..];
    let lower_after = |n: usize| at.as_bytes().get(n).is_some_and(u8::is_ascii_lowercase);
    let std = |name: &'static str, len: usize| Some((Chunk::Std(name), len));
    match b[i] {
        b'J' if at.starts_with("January") => std("January", 7),
        b'J' if at.starts_with("Jan") && !lower_after(3) => std("Jan", 3),
        b'M' if at.starts_with("Monday") => std("Monday", 6),
        b'M' if at.starts_with("Mon") && !lower_after(3) => std("Mon", 3),
        b'M' if at.starts_with("MST") => std("MST", 3),
        b'0' => match b.get(i + 1) {
            Some(c @ b'1'..=b'6') => {
                std(["01", "02", "03", "04", "05", "06"][(c - b'1') as usize], 2)
            }
            Some(b'0') if b.get(i + 2) == Some(&b'2') => std("002", 3),
            _ => None,
        },
        b'1' if b.get(i + 1) == Some(&b'5') => std("15", 2),
        b'1' => std("1", 1),
        b'2' if at.starts_with("2006") => std("2006", 4),
        b'2' => std("2", 1),
        // "_2006" is a literal "_" and then the year: the year is found at the next byte.
        b'_' if at.starts_with("_2006") => None,
        b'_' if at.starts_with("_2") => std("_2", 2),
        b'_' if at.starts_with("__2") => std("__2", 3),
        b'3' => std("3", 1),
        b'4' => std("4", 1),
        b'5' => std("5", 1),
        b'P' if at.starts_with("PM") => std("PM", 2),
        b'p' if at.starts_with("pm") => std("pm", 2),
        b'-' | b'Z' => zone_chunk(at).map(|(name, len)| (Chunk::Std(name), len)),
        b'.' | b',' => {
            let d = b.get(i + 1).copied().filter(|c| *c == b'0' || *c == b'9')?;
            let n = at[1..].bytes().take_while(|c| *c == d).count();
            let next_is_digit = b.get(i + 1 + n).is_some_and(u8::is_ascii_digit);
            (!next_is_digit).then_some((Chunk::Frac(char::from(b[i]), d, n), 1 + n))
        }
        _ => None,
    }
}

/// A numeric or ISO 8601 zone element at the start of `at`.
fn zone_chunk(at: &str) -> Option<(&'static str, usize)> {
    const ZONES: &[&str] = &[
        "-070000",
        "-07:00:00",
        "-0700",
        "-07:00",
        "-07",
        "Z070000",
        "Z07:00:00",
        "Z0700",
        "Z07:00",
        "Z07",
    ];
    ZONES
        .iter()
        .find(|z| at.starts_with(**z))
        .map(|z| (*z, z.len()))
}

/// Appends one element of a UTC time.
fn push_chunk(out: &mut String, chunk: &Chunk, f: &Fields, nanos: u32) {
    let month = MONTHS[(f.month - 1) as usize];
    let day = DAYS[f.weekday as usize];
    let hour12 = if f.hour % 12 == 0 { 12 } else { f.hour % 12 };
    match chunk {
        Chunk::Std(name) => match *name {
            "2006" => pad(out, f.year, 4),
            "06" => pad(out, f.year.rem_euclid(100), 2),
            "January" => out.push_str(month),
            "Jan" => out.push_str(&month[..3]),
            "1" => pad(out, i64::from(f.month), 0),
            "01" => pad(out, i64::from(f.month), 2),
            "Monday" => out.push_str(day),
            "Mon" => out.push_str(&day[..3]),
            "2" => pad(out, i64::from(f.day), 0),
            "_2" => {
                if f.day < 10 {
                    out.push(' ');
                }
                pad(out, i64::from(f.day), 0);
            }
            "02" => pad(out, i64::from(f.day), 2),
            "__2" => out.push_str(&format!("{:>3}", f.yday)),
            "002" => pad(out, i64::from(f.yday), 3),
            "15" => pad(out, i64::from(f.hour), 2),
            "3" => pad(out, i64::from(hour12), 0),
            "03" => pad(out, i64::from(hour12), 2),
            "4" => pad(out, i64::from(f.minute), 0),
            "04" => pad(out, i64::from(f.minute), 2),
            "5" => pad(out, i64::from(f.second), 0),
            "05" => pad(out, i64::from(f.second), 2),
            "PM" => out.push_str(if f.hour >= 12 { "PM" } else { "AM" }),
            "pm" => out.push_str(if f.hour >= 12 { "pm" } else { "am" }),
            "MST" => out.push_str("UTC"),
            z if z.starts_with('Z') => out.push('Z'),
            z => {
                // A numeric zone of offset 0: +00, +0000, +00:00, +000000, +00:00:00.
                out.push('+');
                out.push_str(&z[1..].replace('7', "0"));
            }
        },
        Chunk::Frac(sep, digit, n) => {
            let all = format!("{nanos:09}");
            let mut digits = all.get(..(*n).min(9)).unwrap_or("").to_string();
            if *digit == b'9' {
                digits.truncate(digits.trim_end_matches('0').len());
                if digits.is_empty() {
                    return;
                }
            } else {
                digits.extend(std::iter::repeat_n('0', n.saturating_sub(9)));
            }
            out.push(*sep);
            out.push_str(&digits);
        }
    }
}

/// A fixed instant that stands for the clock's reading (its text is masked wherever it shows).
fn clock_time(ctx: &mut Ctx, from: &'static str) -> Time {
    // Some instant in 2001..2033, as random as any reading of the clock.
    let unix = 1_000_000_000 + (ctx.random.next_u64() % 1_000_000_000) as i64;
    let nanos = (ctx.random.next_u64() % 1_000_000_000) as u32;
    Time {
        unix,
        nanos,
        clock: Some(from),
    }
}

/// The time an argument stands for, as `dateInZone` reads it (other kinds mean "now").
fn time_arg(ctx: &mut Ctx, v: Option<&Value>, from: &'static str) -> Time {
    match v {
        Some(Value::Object(o)) if o.type_name() == "time.Time" => {
            time_of(o.as_ref()).unwrap_or_else(|| clock_time(ctx, from))
        }
        Some(Value::Int(n, IntType::Int | IntType::Int64 | IntType::Int32)) => Time {
            unix: *n,
            nanos: 0,
            clock: None,
        },
        _ => clock_time(ctx, from),
    }
}

/// Reads a `time.Time` object (one this module made) back into a `Time`.
fn time_of(o: &dyn Object) -> Option<Time> {
    let Some(Value::List(parts, _)) = o.field(HIDDEN) else {
        return None;
    };
    match parts.as_slice() {
        [
            Value::Int(unix, _),
            Value::Int(nanos, _),
            Value::Bool(clock),
        ] => Some(Time {
            unix: *unix,
            nanos: u32::try_from(*nanos).unwrap_or(0),
            clock: clock.then_some("now"),
        }),
        _ => None,
    }
}

/// A string, masked whole when the time it shows came from the clock.
fn shown(text: &str, clock: Option<&'static str>) -> Value {
    let mut out = Spliced::default();
    out.push(text);
    if let Some(from) = clock {
        out.mask(0, from);
    }
    out.finish()
}

/// Go's `time.LoadLocation` as far as this port goes: UTC, `Local` (UTC where Helm ran) and "".
fn check_zone(zone: &str, t: &Time) -> Result<(), CallError> {
    if t.clock.is_some() || matches!(zone, "" | "UTC" | "Local") {
        return Ok(());
    }
    Err(CallError::Unsupported(format!(
        "the time zone {zone:?} (no time zone database in this renderer)"
    )))
}

/// Sprig's `dateInZone`.
fn format_in_zone(
    ctx: &mut Ctx,
    layout: &str,
    date: Option<&Value>,
    zone: &str,
    taint: Option<&'static str>,
) -> Result<Value, CallError> {
    let mut t = time_arg(ctx, date, "date");
    t.clock = t.clock.or(taint);
    check_zone(zone, &t)?;
    let text = format_time(&t, layout);
    ctx.budget.alloc(text.len()).map_err(CallError::Budget)?;
    Ok(shown(&text, t.clock))
}

/// A time that shows random or clock text when one of the arguments did.
fn with_taint(mut t: Time, args: &[Value]) -> Time {
    t.clock = t.clock.or(tainted(args));
    t
}

/// A Go error, refused when the arguments it may quote hold random or clock text.
fn go_error(message: String, args: &[Value]) -> CallError {
    match tainted(args) {
        Some(from) => CallError::Unsupported(format!("an error quoting {from}'s output")),
        None => CallError::Go(message),
    }
}

/// `now`: the clock's time (masked wherever it shows).
fn now(ctx: &mut Ctx, _: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::Object(Rc::new(clock_time(ctx, "now"))))
}

/// `date LAYOUT TIME`.
fn date(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let taint = tainted(&args[..1.min(args.len())]);
    format_in_zone(ctx, text(&args, 0), args.get(1), "Local", taint)
}

/// `dateInZone LAYOUT TIME ZONE`.
fn date_in_zone(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let taint = tainted(
        &[args.first(), args.get(2)]
            .into_iter()
            .flatten()
            .cloned()
            .collect::<Vec<_>>(),
    );
    format_in_zone(ctx, text(&args, 0), args.get(1), text(&args, 2), taint)
}

/// `htmlDate TIME`: `2006-01-02`.
fn html_date(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    format_in_zone(ctx, "2006-01-02", args.first(), "Local", None)
}

/// `htmlDateInZone TIME ZONE`.
fn html_date_in_zone(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let taint = tainted(args.get(1..).unwrap_or(&[]));
    format_in_zone(ctx, "2006-01-02", args.first(), text(&args, 1), taint)
}

/// The `time.Time` argument at `i`, refused when it is something else.
fn time_param(args: &[Value], i: usize, name: &str) -> Result<Time, CallError> {
    match args.get(i) {
        Some(Value::Object(o)) if o.type_name() == "time.Time" => time_of(o.as_ref())
            .ok_or_else(|| CallError::Unsupported(format!("{name} of a foreign time.Time"))),
        _ => Err(CallError::Unsupported(format!(
            "{name} of something that is not a time.Time"
        ))),
    }
}

/// A time moved by a duration in nanoseconds.
fn add(t: &Time, d: i64) -> Time {
    let total = i128::from(t.unix) * 1_000_000_000 + i128::from(t.nanos) + i128::from(d);
    Time {
        unix: total.div_euclid(1_000_000_000) as i64,
        nanos: total.rem_euclid(1_000_000_000) as u32,
        clock: t.clock,
    }
}

/// `dateModify DURATION TIME`: the time moved, or unchanged when the duration is malformed.
fn date_modify(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let t = time_param(&args, 1, "dateModify")?;
    let moved = parse_duration(text(&args, 0)).map_or(t.clone(), |d| add(&t, d));
    Ok(Value::Object(Rc::new(with_taint(moved, &args[..1]))))
}

/// `mustDateModify DURATION TIME`: as `dateModify`, a malformed duration being Go's error.
fn must_date_modify(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let t = time_param(&args, 1, "mustDateModify")?;
    let d = parse_duration(text(&args, 0)).map_err(|e| go_error(e, &args[..1]))?;
    Ok(Value::Object(Rc::new(with_taint(add(&t, d), &args[..1]))))
}

/// `unixEpoch TIME`: its Unix seconds.
fn unix_epoch(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let t = time_param(&args, 0, "unixEpoch")?;
    Ok(shown(&t.unix.to_string(), t.clock))
}

/// `ago TIME`: the time since then, which depends on the clock (masked).
fn ago(ctx: &mut Ctx, _: Vec<Value>) -> Result<Value, CallError> {
    let secs = (ctx.random.next_u64() % 100_000) as i64;
    Ok(shown(&format_duration(secs * 1_000_000_000), Some("ago")))
}

/// `duration SECONDS`: a string or int64 count of seconds as Go prints a `Duration`.
fn duration_fn(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let n = match args.first() {
        Some(Value::Str(s)) => crate::funcs::convert::atoi(&s.text).unwrap_or(0),
        Some(Value::Int(n, IntType::Int64)) => *n,
        _ => 0,
    };
    let out = format_duration(n.wrapping_mul(1_000_000_000));
    Ok(shown(&out, tainted(&args)))
}

/// `durationRound D`: the duration in its largest whole unit (`2h`, `3mo`, `1y`).
fn duration_round(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let d: i64 = match args.first() {
        Some(Value::Str(s)) => parse_duration(&s.text).unwrap_or(0),
        Some(Value::Int(n, IntType::Int64)) => *n,
        Some(Value::Object(o)) if o.type_name() == "time.Time" => {
            let secs = (ctx.random.next_u64() % 100_000) as i64;
            return Ok(shown(
                &round_duration(secs * 1_000_000_000),
                Some("durationRound"),
            ));
        }
        _ => 0,
    };
    Ok(shown(&round_duration(d), tainted(&args)))
}

/// Sprig's rounding of a duration to its largest whole unit.
fn round_duration(d: i64) -> String {
    let u = d.unsigned_abs();
    const HOUR: u64 = 3_600_000_000_000;
    let units: [(u64, &str); 6] = [
        (HOUR * 24 * 365, "y"),
        (HOUR * 24 * 30, "mo"),
        (HOUR * 24, "d"),
        (HOUR, "h"),
        (60_000_000_000, "m"),
        (1_000_000_000, "s"),
    ];
    units
        .iter()
        .find(|(size, _)| u > *size)
        .map_or("0s".to_string(), |(size, unit)| {
            format!("{}{unit}", u / size)
        })
}

/// Go's zero `time.Time` (0001-01-01 00:00:00 UTC), what `toDate` gives for what it cannot read.
const ZERO_TIME: i64 = -62_135_596_800;

/// `toDate LAYOUT TEXT`: the text read with the layout, or the zero time.
fn to_date(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let t = parse::parse_in_local(text(&args, 0), text(&args, 1))?.unwrap_or(Time {
        unix: ZERO_TIME,
        nanos: 0,
        clock: None,
    });
    Ok(Value::Object(Rc::new(with_taint(t, &args))))
}

/// `mustToDate LAYOUT TEXT`: the text read with the layout, or Go's parse error.
fn must_to_date(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let t =
        parse::parse_in_local(text(&args, 0), text(&args, 1))?.map_err(|e| go_error(e, &args))?;
    Ok(Value::Object(Rc::new(with_taint(t, &args))))
}
