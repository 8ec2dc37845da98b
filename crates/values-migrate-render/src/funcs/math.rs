//! Sprig's arithmetic (`functions.go`, `numeric.go`): int64 operations over cast's `ToInt64`,
//! float operations through shopspring/decimal as sprig runs them, `round`, `seq`, `until`.

use crate::func::{CallError, Ctx, Func, Param, Spans};
use crate::funcs::convert::{to_float64, to_int64};
use crate::value::{IntType, Value};

/// This family's functions.
pub(crate) const FUNCS: &[(&str, Func)] = &[
    ("add1", func(&[Param::Any], None, add1)),
    ("add", func(&[], Some(Param::Any), add)),
    ("sub", func(&[Param::Any, Param::Any], None, sub)),
    ("div", func(&[Param::Any, Param::Any], None, div)),
    ("mod", func(&[Param::Any, Param::Any], None, modulo)),
    ("mul", func(&[Param::Any], Some(Param::Any), mul)),
    ("max", func(&[Param::Any], Some(Param::Any), max)),
    ("biggest", func(&[Param::Any], Some(Param::Any), max)),
    ("min", func(&[Param::Any], Some(Param::Any), min)),
    ("maxf", func(&[Param::Any], Some(Param::Any), maxf)),
    ("minf", func(&[Param::Any], Some(Param::Any), minf)),
    ("add1f", func(&[Param::Any], None, add1f)),
    ("addf", func(&[], Some(Param::Any), addf)),
    ("subf", func(&[Param::Any], Some(Param::Any), subf)),
    ("mulf", func(&[Param::Any], Some(Param::Any), mulf)),
    ("divf", func(&[Param::Any], Some(Param::Any), divf)),
    ("floor", func(&[Param::Any], None, floor)),
    ("ceil", func(&[Param::Any], None, ceil)),
    (
        "round",
        func(&[Param::Any, Param::Int], Some(Param::Float), round),
    ),
    ("seq", func(&[], Some(Param::Int), seq)),
    ("until", func(&[Param::Int], None, until)),
    (
        "untilStep",
        func(&[Param::Int, Param::Int, Param::Int], None, until_step),
    ),
];

/// The signature of a function's body.
type Body = fn(&mut Ctx, Vec<Value>) -> Result<Value, CallError>;

/// A function whose result the evaluator masks whole.
const fn func(params: &'static [Param], variadic: Option<Param>, call: Body) -> Func {
    Func {
        params,
        variadic,
        spans: Spans::Whole,
        call,
    }
}

/// An `int64` result.
fn int64(n: i64) -> Value {
    Value::Int(n, IntType::Int64)
}

/// Argument `i` as cast's `ToInt64`.
fn arg_i64(args: &[Value], i: usize) -> i64 {
    args.get(i).map_or(0, to_int64)
}

/// Argument `i` as cast's `ToFloat64`.
fn arg_f64(args: &[Value], i: usize) -> Result<f64, CallError> {
    args.get(i).map_or(Ok(0.0), to_float64)
}

/// Go's runtime panic for an integer division by zero, as Helm prints it.
fn divide_by_zero() -> CallError {
    CallError::Go("runtime error: integer divide by zero".to_string())
}

/// `add1 X`: `ToInt64(x) + 1`.
fn add1(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(int64(arg_i64(&args, 0).wrapping_add(1)))
}

/// `add X…`: the int64 sum.
fn add(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(int64(args.iter().map(to_int64).fold(0, i64::wrapping_add)))
}

/// `sub A B`.
fn sub(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(int64(arg_i64(&args, 0).wrapping_sub(arg_i64(&args, 1))))
}

/// `div A B`: Go's truncating division; by zero is Go's runtime error.
fn div(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let b = arg_i64(&args, 1);
    if b == 0 {
        return Err(divide_by_zero());
    }
    Ok(int64(arg_i64(&args, 0).wrapping_div(b)))
}

/// `mod A B`: Go's remainder (the sign of A); by zero is Go's runtime error.
fn modulo(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let b = arg_i64(&args, 1);
    if b == 0 {
        return Err(divide_by_zero());
    }
    Ok(int64(arg_i64(&args, 0).wrapping_rem(b)))
}

/// `mul A B…`: the int64 product.
fn mul(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(int64(args.iter().map(to_int64).fold(1, i64::wrapping_mul)))
}

/// `max A B…` (and `biggest`): the largest as int64.
fn max(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let first = arg_i64(&args, 0);
    Ok(int64(
        args.iter().skip(1).map(to_int64).fold(first, i64::max),
    ))
}

/// `min A B…`: the smallest as int64.
fn min(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let first = arg_i64(&args, 0);
    Ok(int64(
        args.iter().skip(1).map(to_int64).fold(first, i64::min),
    ))
}

/// Go's `math.Max`: NaN wins, and +0 beats -0.
fn go_max(x: f64, y: f64) -> f64 {
    if x.is_infinite() && x > 0.0 || y.is_infinite() && y > 0.0 {
        return f64::INFINITY;
    }
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == 0.0 && x == y {
        return if x.is_sign_negative() { y } else { x };
    }
    if x > y { x } else { y }
}

/// Go's `math.Min`: NaN wins, and -0 beats +0.
fn go_min(x: f64, y: f64) -> f64 {
    if x.is_infinite() && x < 0.0 || y.is_infinite() && y < 0.0 {
        return f64::NEG_INFINITY;
    }
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == 0.0 && x == y {
        return if x.is_sign_negative() { x } else { y };
    }
    if x < y { x } else { y }
}

/// `maxf A B…`: `math.Max` over cast's `ToFloat64`.
fn maxf(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let mut acc = arg_f64(&args, 0)?;
    for v in args.iter().skip(1) {
        acc = go_max(acc, to_float64(v)?);
    }
    Ok(Value::Float(acc))
}

/// `minf A B…`: `math.Min` over cast's `ToFloat64`.
fn minf(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let mut acc = arg_f64(&args, 0)?;
    for v in args.iter().skip(1) {
        acc = go_min(acc, to_float64(v)?);
    }
    Ok(Value::Float(acc))
}

/// A shopspring decimal held as `coefficient × 10^exponent` (refused past 38 digits).
#[derive(Clone, Copy, Debug)]
struct Decimal {
    /// The coefficient.
    coef: i128,
    /// The power of ten.
    exp: i32,
}

/// The refusal for arithmetic this port's decimals cannot hold.
fn too_wide(name: &str) -> CallError {
    CallError::Unsupported(format!(
        "{name} of numbers whose exact decimal needs more than 38 digits"
    ))
}

impl Decimal {
    /// shopspring's `NewFromFloat`: the shortest decimal that reads back as `f`.
    fn from_float(f: f64) -> Result<Decimal, CallError> {
        if !f.is_finite() {
            return Err(CallError::Go(format!(
                "Cannot create a Decimal from {}",
                crate::gofmt::strconv::format_float(f, b'g', -1)
            )));
        }
        let sci = format!("{f:e}");
        let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
        let frac_len = mantissa.split_once('.').map_or(0, |(_, frac)| frac.len());
        let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
        let coef: i128 = digits.parse().unwrap_or(0);
        let exp: i32 = exp.parse().unwrap_or(0);
        Ok(Decimal {
            coef,
            exp: exp - frac_len as i32,
        })
    }

    /// Both coefficients over the smaller exponent.
    fn align(self, other: Decimal, name: &str) -> Result<(i128, i128, i32), CallError> {
        let exp = self.exp.min(other.exp);
        let scale = |d: Decimal| {
            10i128
                .checked_pow((d.exp - exp).unsigned_abs())
                .and_then(|p| d.coef.checked_mul(p))
        };
        match (scale(self), scale(other)) {
            (Some(a), Some(b)) => Ok((a, b, exp)),
            _ => Err(too_wide(name)),
        }
    }

    /// The nearest float64 (shopspring's `Float64`, through the exact rational).
    fn to_float(self) -> f64 {
        format!("{}e{}", self.coef, self.exp).parse().unwrap_or(0.0)
    }
}

/// One of the four decimal operations, as shopspring computes it.
#[derive(Clone, Copy)]
enum Op {
    /// `Add`
    Add,
    /// `Sub`
    Sub,
    /// `Mul`
    Mul,
    /// `Div` (rounded half away from zero to 16 decimal places)
    Div,
}

/// `a OP b` in shopspring's decimals.
fn apply(op: Op, a: Decimal, b: Decimal, name: &str) -> Result<Decimal, CallError> {
    match op {
        Op::Add | Op::Sub => {
            let (x, y, exp) = a.align(b, name)?;
            let coef = match op {
                Op::Add => x.checked_add(y),
                _ => x.checked_sub(y),
            };
            coef.map(|coef| Decimal { coef, exp })
                .ok_or_else(|| too_wide(name))
        }
        Op::Mul => a
            .coef
            .checked_mul(b.coef)
            .map(|coef| Decimal {
                coef,
                exp: a.exp + b.exp,
            })
            .ok_or_else(|| too_wide(name)),
        Op::Div => divide(a, b, name),
    }
}

/// shopspring's `DivRound(d2, 16)`: the quotient to 16 places, half away from zero.
fn divide(a: Decimal, b: Decimal, name: &str) -> Result<Decimal, CallError> {
    if b.coef == 0 {
        return Err(CallError::Go("decimal division by 0".to_string()));
    }
    // a/b = (a.coef × 10^shift / b.coef) × 10^-16 with shift = a.exp - b.exp + 16.
    let shift = a.exp - b.exp + 16;
    let (num, den) = if shift >= 0 {
        let p = 10i128
            .checked_pow(shift.unsigned_abs())
            .ok_or_else(|| too_wide(name))?;
        (a.coef.checked_mul(p).ok_or_else(|| too_wide(name))?, b.coef)
    } else {
        let p = 10i128
            .checked_pow(shift.unsigned_abs())
            .ok_or_else(|| too_wide(name))?;
        (a.coef, b.coef.checked_mul(p).ok_or_else(|| too_wide(name))?)
    };
    let q = num / den;
    let r = num % den;
    let twice = r
        .unsigned_abs()
        .checked_mul(2)
        .ok_or_else(|| too_wide(name))?;
    let coef = if twice < den.unsigned_abs() {
        q
    } else if (num < 0) != (den < 0) {
        q - 1
    } else {
        q + 1
    };
    Ok(Decimal { coef, exp: -16 })
}

/// Sprig's `execDecimalOp`: the first value, then each of the rest, through shopspring decimals.
fn decimal_op(name: &str, first: f64, rest: &[Value], op: Op) -> Result<Value, CallError> {
    let mut acc = Decimal::from_float(first)?;
    for v in rest {
        acc = apply(op, acc, Decimal::from_float(to_float64(v)?)?, name)?;
    }
    Ok(Value::Float(acc.to_float()))
}

/// `add1f X`: X + 1 in decimals.
fn add1f(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    decimal_op("add1f", arg_f64(&args, 0)?, &[Value::int(1)], Op::Add)
}

/// `addf X…`: the decimal sum from 0.
fn addf(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    decimal_op("addf", 0.0, &args, Op::Add)
}

/// `subf A B…`.
fn subf(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    decimal_op(
        "subf",
        arg_f64(&args, 0)?,
        args.get(1..).unwrap_or(&[]),
        Op::Sub,
    )
}

/// `mulf A B…`.
fn mulf(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    decimal_op(
        "mulf",
        arg_f64(&args, 0)?,
        args.get(1..).unwrap_or(&[]),
        Op::Mul,
    )
}

/// `divf A B…`.
fn divf(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    decimal_op(
        "divf",
        arg_f64(&args, 0)?,
        args.get(1..).unwrap_or(&[]),
        Op::Div,
    )
}

/// `floor X`.
fn floor(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::Float(arg_f64(&args, 0)?.floor()))
}

/// `ceil X`.
fn ceil(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    Ok(Value::Float(arg_f64(&args, 0)?.ceil()))
}

/// `round X PLACES [ROUND_ON]`: sprig's rounding at `ROUND_ON` (0.5) of the fraction.
fn round(_: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let round_on = match args.get(2) {
        Some(Value::Float(f)) => *f,
        _ => 0.5,
    };
    let val = arg_f64(&args, 0)?;
    let places = match args.get(1) {
        Some(Value::Int(n, _)) => *n,
        _ => 0,
    };
    if places.abs() > 22 {
        return Err(CallError::Unsupported(
            "round to more than 22 places (Go's math.Pow beyond exact powers of ten)".to_string(),
        ));
    }
    let exact = 10f64.powi(places.abs() as i32);
    let pow = if places < 0 { 1.0 / exact } else { exact };
    let digit = pow * val;
    let frac = digit - digit.trunc();
    let rounded = if frac >= round_on {
        digit.ceil()
    } else {
        digit.floor()
    };
    Ok(Value::Float(rounded / pow))
}

/// Sprig's `untilStep`, its length charged to the budget first.
fn steps(ctx: &mut Ctx, start: i64, stop: i64, step: i64) -> Result<Vec<i64>, CallError> {
    let (start, stop, step) = (i128::from(start), i128::from(stop), i128::from(step));
    let count = if stop < start {
        if step >= 0 {
            0
        } else {
            (start - stop + (-step) - 1) / (-step)
        }
    } else if step <= 0 {
        0
    } else {
        (stop - start + step - 1) / step
    };
    if count > 0 {
        let after = start + count * step;
        if after > i128::from(i64::MAX) || after < i128::from(i64::MIN) {
            return Err(CallError::Unsupported(
                "untilStep whose counter overflows int (Go wraps around)".to_string(),
            ));
        }
    }
    let count = usize::try_from(count).unwrap_or(usize::MAX);
    ctx.budget
        .alloc(count.saturating_mul(8))
        .map_err(CallError::Budget)?;
    Ok((0..count)
        .map(|i| (start + i as i128 * step) as i64)
        .collect())
}

/// The integers as `[]int`.
fn int_list(items: Vec<i64>) -> Value {
    Value::list(items.into_iter().map(Value::int).collect())
}

/// `until N`: 0 up to N (or down to it), as `[]int`.
fn until(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let count = arg_i64(&args, 0);
    let step = if count < 0 { -1 } else { 1 };
    Ok(int_list(steps(ctx, 0, count, step)?))
}

/// `untilStep START STOP STEP`, as `[]int`.
fn until_step(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let (start, stop, step) = (arg_i64(&args, 0), arg_i64(&args, 1), arg_i64(&args, 2));
    Ok(int_list(steps(ctx, start, stop, step)?))
}

/// `seq [START [STEP]] END`: the numbers, space-separated, as sprig's `seq`.
fn seq(ctx: &mut Ctx, args: Vec<Value>) -> Result<Value, CallError> {
    let p: Vec<i64> = args.iter().map(to_int64).collect();
    let end_by = |end: i64, inc: i64| end.checked_add(inc).ok_or_else(overflow);
    let items = match p.as_slice() {
        [end] => {
            let inc = if *end < 1 { -1 } else { 1 };
            steps(ctx, 1, end_by(*end, inc)?, inc)?
        }
        [start, end] => {
            let inc = if end < start { -1 } else { 1 };
            steps(ctx, *start, end_by(*end, inc)?, inc)?
        }
        [start, step, end] => {
            let inc = if end < start { -1 } else { 1 };
            if end < start && *step > 0 {
                return Ok(Value::str(""));
            }
            steps(ctx, *start, end_by(*end, inc)?, *step)?
        }
        _ => Vec::new(),
    };
    let text: Vec<String> = items.iter().map(i64::to_string).collect();
    Ok(Value::str(text.join(" ")))
}

/// The refusal for a `seq` end that overflows int.
fn overflow() -> CallError {
    CallError::Unsupported("seq whose end overflows int (Go wraps around)".to_string())
}
