//! Conversions as sprig makes them: `strval` (`gofmt`'s `%v` for what is not a string), spf13/cast
//! v1.7's `ToInt64`/`ToInt`/`ToFloat64` (bad input is 0), `strslice`, and the functions
//! `toString`, `toStrings`, `int`, `int64`, `float64`, `atoi`, `toDecimal`.

use crate::func::{CallError, Ctx, Func, Param, Spans};
use crate::value::{ElemType, IntType, Value};

/// This family's functions.
pub(crate) const FUNCS: &[(&str, Func)] = &[
    ("toString", func(&[Param::Any], fn_to_string)),
    ("toStrings", func(&[Param::Any], fn_to_strings)),
    ("int", func(&[Param::Any], fn_int)),
    ("int64", func(&[Param::Any], fn_int64)),
    ("float64", func(&[Param::Any], fn_float64)),
    ("atoi", func(&[Param::Str], fn_atoi)),
    ("toDecimal", func(&[Param::Any], fn_to_decimal)),
    (
        "default",
        passing(&[Param::Any], Some(Param::Any), fn_default),
    ),
    ("coalesce", passing(&[], Some(Param::Any), fn_coalesce)),
    (
        "ternary",
        passing(&[Param::Any, Param::Any, Param::Bool], None, fn_ternary),
    ),
    ("empty", func(&[Param::Any], fn_empty)),
    (
        "all",
        Func {
            params: &[],
            variadic: Some(Param::Any),
            spans: Spans::Whole,
            call: fn_all,
        },
    ),
    (
        "any",
        Func {
            params: &[],
            variadic: Some(Param::Any),
            spans: Spans::Whole,
            call: fn_any,
        },
    ),
];

/// A function that returns one of its arguments as it is, masks and all.
const fn passing(
    params: &'static [Param],
    variadic: Option<Param>,
    call: fn(&mut Ctx, Vec<Value>) -> Result<Value, CallError>,
) -> Func {
    Func {
        params,
        variadic,
        spans: Spans::Own,
        call,
    }
}

/// A function of fixed parameters whose result the evaluator masks whole.
const fn func(
    params: &'static [Param],
    call: fn(&mut Ctx, Vec<Value>) -> Result<Value, CallError>,
) -> Func {
    crate::funcs::args::of_fixed(params, Spans::Whole, call)
}

/// The first argument (the evaluator has checked the count).
pub(crate) fn first(args: &[Value]) -> &Value {
    args.first().unwrap_or(&Value::Nil)
}

/// Sprig's `strval`: a string as it is, anything else as fmt's `%v` prints it.
pub fn to_string(v: &Value) -> Result<String, CallError> {
    match v {
        Value::Str(s) => Ok(s.text.to_string()),
        other => crate::gofmt::sprint(std::slice::from_ref(other)),
    }
}

/// Go's `int64(f)` on amd64: truncation, and 0x8000000000000000 for NaN and out-of-range values.
pub fn float_to_i64(f: f64) -> i64 {
    if f.is_nan() || !(-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&f) {
        return i64::MIN;
    }
    f as i64
}

/// spf13/cast v1.7's `ToInt64` (and `ToInt`, `int` being 64 bits): 0 for what it cannot cast.
pub fn to_int64(v: &Value) -> i64 {
    match v {
        Value::Int(n, _) => *n,
        Value::Float(f) => float_to_i64(*f),
        Value::Str(s) => parse_int(trim_zero_decimal(&s.text)).unwrap_or(0),
        Value::Bool(b) => i64::from(*b),
        _ => 0,
    }
}

/// spf13/cast v1.7's `ToInt` (Go's `int` is 64 bits where Helm runs).
pub fn to_int(v: &Value) -> i64 {
    to_int64(v)
}

/// spf13/cast v1.7's `ToFloat64`: 0 for what it cannot cast; a hexadecimal float is refused.
pub fn to_float64(v: &Value) -> Result<f64, CallError> {
    Ok(match v {
        Value::Int(n, IntType::Uint | IntType::Uint64) if *n < 0 => *n as u64 as f64,
        Value::Int(n, _) => *n as f64,
        Value::Float(f) => *f,
        Value::Str(s) => parse_float(&s.text)?.unwrap_or(0.0),
        Value::Bool(b) => f64::from(u8::from(*b)),
        _ => 0.0,
    })
}

/// Sprig's `strslice`: a list's items as strings (nils left out), nil as none, anything else as one.
pub fn to_strings(v: &Value) -> Result<Vec<String>, CallError> {
    match v {
        Value::List(items, ElemType::String) => items.iter().map(to_string).collect(),
        Value::List(items, ElemType::Any | ElemType::AnyList) => items
            .iter()
            .filter(|item| !matches!(item, Value::Nil))
            .map(to_string)
            .collect(),
        Value::Nil => Ok(Vec::new()),
        other => Ok(vec![to_string(other)?]),
    }
}

/// spf13/cast's `trimZeroDecimal`: `"1.0"` → `"1"`, `"1.50"` unchanged.
fn trim_zero_decimal(s: &str) -> &str {
    let bytes = s.as_bytes();
    let mut found_zero = false;
    for i in (0..bytes.len()).rev() {
        match bytes[i] {
            b'.' if found_zero => return &s[..i],
            b'.' => {}
            b'0' => found_zero = true,
            _ => return s,
        }
    }
    s
}

/// Go's `strconv.ParseInt(s, 0, 64)`: sign, base prefix (`0x`, `0o`, `0b`, `0`), underscores.
pub fn parse_int(s: &str) -> Option<i64> {
    let (neg, body) = match s.as_bytes().first() {
        Some(b'+') => (false, &s[1..]),
        Some(b'-') => (true, &s[1..]),
        _ => (false, s),
    };
    let magnitude = parse_uint(body)?;
    if neg {
        if magnitude > 1 << 63 {
            return None;
        }
        Some((magnitude as i64).wrapping_neg())
    } else {
        i64::try_from(magnitude).ok()
    }
}

/// Go's `strconv.ParseUint(s, 0, 64)` without a sign.
fn parse_uint(s: &str) -> Option<u64> {
    let lower = s.to_ascii_lowercase();
    let (base, digits) = if let Some(rest) = lower.strip_prefix("0x") {
        (16, rest)
    } else if let Some(rest) = lower.strip_prefix("0o") {
        (8, rest)
    } else if let Some(rest) = lower.strip_prefix("0b") {
        (2, rest)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    if digits.is_empty() || (lower.contains('_') && !underscore_ok(&lower)) {
        return None;
    }
    let mut n: u64 = 0;
    for c in digits.chars().filter(|c| *c != '_') {
        let d = c.to_digit(base)?;
        n = n.checked_mul(u64::from(base))?.checked_add(u64::from(d))?;
    }
    Some(n)
}

/// Go's `underscoreOK`: underscores only between digits (a base prefix counts as a digit).
fn underscore_ok(s: &str) -> bool {
    let bytes = s.as_bytes();
    let mut saw = b'^';
    let mut i = 0;
    let mut hex = false;
    if bytes.len() >= 2 && bytes[0] == b'0' {
        if let b'x' | b'o' | b'b' = bytes[1] {
            hex = bytes[1] == b'x';
            i = 2;
            saw = b'0';
        }
    }
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_digit() || (hex && c.is_ascii_hexdigit()) {
            saw = b'0';
        } else if c == b'_' {
            if saw != b'0' {
                return false;
            }
            saw = b'_';
        } else {
            if saw == b'_' {
                return false;
            }
            saw = b'!';
        }
        i += 1;
    }
    saw != b'_'
}

/// Go's `strconv.ParseFloat(s, 64)`: `None` for what Go rejects (out of range included).
pub fn parse_float(s: &str) -> Result<Option<f64>, CallError> {
    let body = s.trim_start_matches(['+', '-']);
    if s.len() - body.len() > 1 {
        return Ok(None);
    }
    let lower = body.to_ascii_lowercase();
    if lower.starts_with("0x") {
        return Err(CallError::Unsupported(format!(
            "a hexadecimal float {s:?} converted to float64"
        )));
    }
    if matches!(lower.as_str(), "inf" | "infinity") {
        return Ok(s.parse::<f64>().ok());
    }
    if lower == "nan" {
        // Go reads no sign before NaN.
        return Ok((s.len() == body.len()).then_some(f64::NAN));
    }
    if !body
        .bytes()
        .all(|c| c.is_ascii_digit() || b"._eE+-".contains(&c))
    {
        return Ok(None);
    }
    let text = if body.contains('_') {
        if !underscore_ok(&lower) {
            return Ok(None);
        }
        s.replace('_', "")
    } else {
        s.to_string()
    };
    Ok(text.parse::<f64>().ok().filter(|f| f.is_finite()))
}

/// `toString`: sprig's `strval`.
fn fn_to_string(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::str(to_string(first(&args))?))
}

/// `toStrings`: sprig's `strslice`, a `[]string`.
fn fn_to_strings(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let items = to_strings(first(&args))?;
    Ok(Value::List(
        std::rc::Rc::new(items.into_iter().map(Value::str).collect()),
        ElemType::String,
    ))
}

/// `int`: cast's `ToInt`.
fn fn_int(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::int(to_int(first(&args))))
}

/// `int64`: cast's `ToInt64`.
fn fn_int64(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::Int(to_int64(first(&args)), IntType::Int64))
}

/// `float64`: cast's `ToFloat64`.
fn fn_float64(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::Float(to_float64(first(&args))?))
}

/// `atoi`: Go's `strconv.Atoi`, 0 on error.
fn fn_atoi(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let text = first(&args).as_str().unwrap_or("");
    Ok(Value::int(atoi(text).unwrap_or(0)))
}

/// Go's `strconv.Atoi`: an optional sign and decimal digits, no underscores, in range.
pub fn atoi(s: &str) -> Option<i64> {
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    if body.is_empty() || !body.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    s.parse::<i64>().ok()
}

/// `toDecimal`: `fmt.Sprint(v)` read as an octal number, 0 on error.
fn fn_to_decimal(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let text = to_string(first(&args))?;
    let body = text.strip_prefix(['+', '-']).unwrap_or(&text);
    let ok = !body.is_empty() && body.bytes().all(|c| (b'0'..=b'7').contains(&c));
    let n = if ok {
        i64::from_str_radix(&text, 8).unwrap_or(0)
    } else {
        0
    };
    Ok(Value::Int(n, IntType::Int64))
}

/// Sprig's `empty`: Go's zero values (false, 0, nil, and empty strings, lists and maps).
pub fn empty(v: &Value) -> bool {
    !v.truth()
}

/// `default D [GIVEN]`: GIVEN unless it is empty (or missing), else D.
fn fn_default(_: &mut Ctx, mut args: Vec<Value>) -> Result<Value, CallError> {
    match args.get(1) {
        Some(given) if !empty(given) => Ok(args.swap_remove(1)),
        _ => Ok(args.into_iter().next().unwrap_or(Value::Nil)),
    }
}

/// `coalesce V…`: the first value that is not empty, else nil.
fn fn_coalesce(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(args.into_iter().find(|v| !empty(v)).unwrap_or(Value::Nil))
}

/// `ternary T F COND`: T when COND holds, else F.
fn fn_ternary(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let pick = usize::from(!matches!(args.get(2), Some(Value::Bool(true))));
    Ok(args.into_iter().nth(pick).unwrap_or(Value::Nil))
}

/// `empty V`.
fn fn_empty(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::Bool(empty(first(&args))))
}

/// `all V…`: whether no value is empty.
fn fn_all(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::Bool(args.iter().all(|v| !empty(v))))
}

/// `any V…`: whether some value is not empty.
fn fn_any(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::Bool(args.iter().any(|v| !empty(v))))
}
