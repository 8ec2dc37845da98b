//! Numeric comparisons as Helm makes them: a value is a float64 (Helm's values pass through
//! JSON into Go's `float64`) read in its shortest decimal (`%v`), a schema's number is exact as
//! written (`json.Number`), both compared as `big.Rat`s; `multipleOf` on those decimals (0.3 is
//! a multiple of 0.1), with no tolerance; equality of two numbers exact (`1 == 1.0`).

use std::cmp::Ordering;

use serde_json::Number;

/// A decimal number exactly: `digits` × 10^`exponent`, `digits` ASCII without leading or
/// trailing zeros (empty for zero).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Decimal {
    negative: bool,
    digits: Box<[u8]>,
    exponent: i64,
}

/// How far an exponent is taken: past it a number is beyond any double either way.
const EXPONENT_CAP: i64 = 1 << 40;

impl Decimal {
    /// The number a JSON number literal writes (`-12.5e3`), if `text` is one.
    pub(crate) fn parse(text: &str) -> Option<Decimal> {
        let (negative, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (mantissa, exponent) = match body.find(['e', 'E']) {
            Some(at) => (&body[..at], Some(&body[at + 1..])),
            None => (body, None),
        };
        let exponent = match exponent {
            Some(e) => parse_exponent(e)?,
            None => 0,
        };
        let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() || !all_digits(whole) || !all_digits(fraction) {
            return None;
        }
        let fraction_len = i64::try_from(fraction.len()).ok()?;
        let digits: Vec<u8> = whole.bytes().chain(fraction.bytes()).collect();
        Some(Decimal::normalized(
            negative,
            digits,
            exponent - fraction_len,
        ))
    }

    /// `digits` × 10^`exponent` with the zeros at either end of `digits` taken off.
    fn normalized(negative: bool, mut digits: Vec<u8>, mut exponent: i64) -> Decimal {
        let trailing = digits.iter().rev().take_while(|&&d| d == b'0').count();
        digits.truncate(digits.len() - trailing);
        exponent = exponent.saturating_add(trailing as i64);
        let leading = digits.iter().take_while(|&&d| d == b'0').count();
        digits.drain(..leading);
        let zero = digits.is_empty();
        Decimal {
            negative: negative && !zero,
            digits: digits.into_boxed_slice(),
            exponent: if zero { 0 } else { exponent },
        }
    }

    /// The shortest decimal that reads back as `x` (finite), as Go's `%v` writes it.
    pub(crate) fn shortest(x: f64) -> Decimal {
        let text = format!("{:e}", x.abs());
        let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
        let exponent: i64 = exponent.parse().unwrap_or(0);
        let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let digits: Vec<u8> = whole.bytes().chain(fraction.bytes()).collect();
        Decimal::normalized(x < 0.0, digits, exponent - fraction.len() as i64)
    }

    /// Where the leading digit is: the exponent of 10 just above the magnitude.
    fn magnitude(&self) -> i64 {
        self.exponent + self.digits.len() as i64
    }

    /// The two compared exactly.
    pub(crate) fn cmp(&self, other: &Decimal) -> Ordering {
        let sign = |d: &Decimal| match (d.negative, d.digits.is_empty()) {
            (_, true) => 0,
            (true, _) => -1,
            (false, _) => 1,
        };
        let by_sign = sign(self).cmp(&sign(other));
        if by_sign != Ordering::Equal || sign(self) == 0 {
            return by_sign;
        }
        // Without trailing zeros, digits compare as strings once the magnitudes agree.
        let by_size = self
            .magnitude()
            .cmp(&other.magnitude())
            .then_with(|| self.digits.cmp(&other.digits));
        if self.negative {
            by_size.reverse()
        } else {
            by_size
        }
    }
}

/// An exponent's digits (`+3`, `-12`), held to ±[`EXPONENT_CAP`].
fn parse_exponent(text: &str) -> Option<i64> {
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value = digits.bytes().fold(0i64, |n, d| {
        (n * 10 + i64::from(d - b'0')).min(EXPONENT_CAP)
    });
    Some(if negative { -value } else { value })
}

/// A number of the schema, as Helm compares it: its nearest double first, exactly as written
/// when a value meets that double.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Limit {
    /// The double nearest to the number.
    pub(crate) nearest: f64,
    /// The number as written, when it is not the shortest decimal of `nearest`.
    written: Option<Box<Decimal>>,
}

impl Limit {
    /// The limit `number` is, exactly as `written` when the schema's text is known.
    pub(crate) fn of(number: &Number, written: Option<&str>) -> Limit {
        let exact = written.and_then(Decimal::parse).or_else(|| {
            let whole = number.as_u64().map(|u| u.to_string());
            let whole = whole.or_else(|| number.as_i64().map(|i| i.to_string()));
            whole.and_then(|w| Decimal::parse(&w))
        });
        let nearest = written
            .and_then(|w| w.parse::<f64>().ok())
            .or_else(|| number.as_f64())
            .unwrap_or(f64::NAN);
        let written = exact
            .filter(|d| !nearest.is_finite() || *d != Decimal::shortest(nearest))
            .map(Box::new);
        Limit { nearest, written }
    }

    /// The number's sign, as written (`1e-400` is positive, `-0` is zero).
    pub(crate) fn sign(&self) -> Ordering {
        let decimal = self.decimal();
        match (decimal.digits.is_empty(), decimal.negative) {
            (true, _) => Ordering::Equal,
            (false, true) => Ordering::Less,
            (false, false) => Ordering::Greater,
        }
    }

    /// Whether the number, as written, is whole (`1.0e1` is, `1e-400` is not).
    pub(crate) fn is_whole(&self) -> bool {
        self.decimal().exponent >= 0
    }

    /// The whole number as Go's `int(big.Rat.Num().Int64())` holds it (Helm's counts): its low
    /// 64 bits, two's complement (2^64 + 5 is 5, 2^63 is −2^63, `1e400` is 0).
    pub(crate) fn go_int(&self) -> i64 {
        let decimal = self.decimal();
        let digits = decimal.digits.iter();
        let mut low = digits.fold(0u64, |n, d| {
            n.wrapping_mul(10).wrapping_add(u64::from(d - b'0'))
        });
        // 10^64 is a multiple of 2^64: past 64 zeros the low bits stay 0.
        for _ in 0..decimal.exponent.clamp(0, 64) {
            low = low.wrapping_mul(10);
        }
        let int = low as i64;
        if decimal.negative {
            int.wrapping_neg()
        } else {
            int
        }
    }

    /// The number exactly.
    fn decimal(&self) -> Decimal {
        match &self.written {
            Some(written) => (**written).clone(),
            None => Decimal::shortest(self.nearest),
        }
    }
}

/// Whether serde_json holds the number `literal` writes otherwise than as written: another
/// number (beyond its 64-bit integers, more digits than a double, a double rounded the other
/// way), or the same number printed otherwise (`1e2` as `100.0`, `1.50` as `1.5`, `-0` as `-0.0`).
pub(crate) fn held_otherwise(literal: &str) -> bool {
    held(literal).is_some_and(|n| n.to_string() != literal)
}

/// The number serde_json holds for `literal` (read as a `Value`, as the schema was); one beyond
/// a double's range (`1e400`), which serde_json refuses, is held as the `0` a schema's reader
/// puts in its place (`values_migrate::schema`'s `read`).
pub(crate) fn held(literal: &str) -> Option<Number> {
    match serde_json::from_str(literal) {
        Ok(serde_json::Value::Number(n)) => Some(n),
        Err(e) if e.to_string().starts_with("number out of range") => {
            Decimal::parse(literal).map(|_| Number::from(0u8))
        }
        _ => None,
    }
}

/// A value read as Helm reads it: the float64 nearest to it (santhosh-tekuri/jsonschema then
/// reads its `%v`, the shortest decimal that reads back as it).
fn as_helm_reads(value: &Number) -> f64 {
    value.as_f64().unwrap_or(f64::NAN)
}

/// `value` compared with `limit` as Helm compares them: the value's shortest decimal against
/// the limit as written (an integer beyond 2^53 rounds: 2^64 − 16 is 1.8446744073709552×10¹⁹,
/// over 2^64 − 1); only a value equal to the limit's nearest double needs the decimals.
pub(crate) fn compare(value: &Number, limit: &Limit) -> Ordering {
    let x = as_helm_reads(value);
    match x.partial_cmp(&limit.nearest) {
        Some(Ordering::Equal) => match &limit.written {
            Some(written) => Decimal::shortest(x).cmp(written),
            None => Ordering::Equal,
        },
        Some(order) => order,
        None => Ordering::Less,
    }
}

/// Whether `value` equals the schema's `expected` as Helm's `enum` and `const` compare them
/// (`1 == 1.0`, the value as Helm reads it, `expected` as written).
pub(crate) fn equal(expected: &Limit, value: &Number) -> bool {
    compare(value, expected) == Ordering::Equal
}

/// Whether two numbers of one value are equal as Helm reads them (both float64s).
pub(crate) fn values_equal(a: &Number, b: &Number) -> bool {
    as_helm_reads(a) == as_helm_reads(b)
}

/// A `multipleOf` as written, factored once: 2^`twos` · 5^`fives` · `rest` · 10^`exponent`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Multiple {
    /// The number, for the message and the meta-schema's check.
    pub(crate) limit: Limit,
    /// A whole multiple a double holds below 2^53, for values that are whole too.
    small: Option<i64>,
    /// The digits as one integer, when they fit.
    whole: Option<u128>,
    twos: u64,
    fives: u64,
    /// What is left of the digits once the twos and fives are taken off, when it fits.
    rest: Option<u128>,
    exponent: i64,
}

impl Multiple {
    /// The multiple `limit` (positive) is.
    pub(crate) fn of(limit: Limit) -> Multiple {
        let decimal = limit.decimal();
        let integer = |digits: &[u8]| std::str::from_utf8(digits).ok()?.parse::<u128>().ok();
        let (twos, digits) = strip(decimal.digits.to_vec(), 2);
        let (fives, digits) = strip(digits, 5);
        let small = (limit.written.is_none() && limit.nearest.fract() == 0.0)
            .then_some(limit.nearest)
            .filter(|m| *m < 9.0e15)
            .map(|m| m as i64);
        Multiple {
            small,
            whole: integer(&decimal.digits),
            twos,
            fives,
            rest: integer(&digits),
            exponent: decimal.exponent,
            limit,
        }
    }
}

/// `digits` divided by `d`: the quotient's digits and the remainder.
fn divide(digits: &[u8], d: u64) -> (Vec<u8>, u64) {
    let mut quotient = Vec::with_capacity(digits.len());
    let mut remainder: u128 = 0;
    for &digit in digits {
        remainder = remainder * 10 + u128::from(digit - b'0');
        let q = remainder / u128::from(d);
        remainder %= u128::from(d);
        if q > 0 || !quotient.is_empty() {
            quotient.push(b'0' + q as u8);
        }
    }
    (quotient, remainder as u64)
}

/// How many times the prime `p` (2 or 5) divides `digits` (not zero), and what is left.
fn strip(mut digits: Vec<u8>, p: u64) -> (u64, Vec<u8>) {
    // Whole powers at a time, so that a long number costs a pass per 60 twos or 25 fives.
    let per: u32 = if p == 2 { 60 } else { 25 };
    let chunk = p.pow(per);
    let mut count = 0;
    loop {
        let (quotient, remainder) = divide(&digits, chunk);
        if remainder == 0 && !digits.is_empty() {
            digits = quotient;
            count += u64::from(per);
            continue;
        }
        let (k, _) = valuation(u128::from(remainder), u128::from(p));
        if k > 0 {
            digits = divide(&digits, p.pow(k)).0;
        }
        return (count + u64::from(k), digits);
    }
}

/// How many times `p` divides `n` (n > 0), and what is left.
fn valuation(mut n: u128, p: u128) -> (u32, u128) {
    let mut count = 0;
    while n != 0 && n % p == 0 {
        n /= p;
        count += 1;
    }
    (count, n)
}

/// Whether `value / multiple` is a whole number, the value read as Helm reads it (its float64's
/// shortest decimal) and `multiple` as written.
pub(crate) fn is_multiple_of(value: &Number, multiple: &Multiple) -> bool {
    // A whole value a double holds exactly, by a whole multiple: in integers.
    if let (Some(v), Some(m)) = (value.as_i64(), multiple.small) {
        if v.unsigned_abs() <= 1 << 53 && m > 0 {
            return v % m == 0;
        }
    }
    let x = as_helm_reads(value);
    if !x.is_finite() {
        return false;
    }
    if x == 0.0 {
        return true;
    }
    let value = Decimal::shortest(x);
    let Some(a) = std::str::from_utf8(&value.digits)
        .ok()
        .and_then(|d| d.parse::<u128>().ok())
    else {
        return false;
    };
    // x / multiple = (a / b) · 10^shift: whole iff b divides a · 10^shift.
    let shift = value.exponent - multiple.exponent;
    if shift < 0 {
        let scaled = multiple.whole.and_then(|b| {
            let by = u32::try_from(shift.unsigned_abs()).ok()?;
            10u128.checked_pow(by).and_then(|f| b.checked_mul(f))
        });
        return scaled.is_some_and(|scaled| a % scaled == 0);
    }
    // b = 2^i · 5^j · c with c coprime to 10: c must divide a; 10^shift covers 2^i and 5^j
    // together with a's own twos and fives.
    if multiple.rest.is_none_or(|c| a % c != 0) {
        return false;
    }
    let (ai, rest) = valuation(a, 2);
    let (aj, _) = valuation(rest, 5);
    let shift = shift.unsigned_abs();
    u64::from(ai).saturating_add(shift) >= multiple.twos
        && u64::from(aj).saturating_add(shift) >= multiple.fives
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn n(value: serde_json::Value) -> Number {
        value.as_number().unwrap().clone()
    }

    fn written(text: &str) -> Limit {
        Limit::of(&serde_json::from_str(text).unwrap(), Some(text))
    }

    fn multiple(value: serde_json::Value, of: &str) -> bool {
        is_multiple_of(&n(value), &Multiple::of(written(of)))
    }

    #[test]
    fn multiples_are_exact_on_decimals() {
        assert!(multiple(json!(0.3), "0.1"));
        assert!(multiple(json!(4.5), "1.5"));
        assert!(!multiple(json!(35), "1.5"));
        assert!(multiple(json!(0.0075), "0.0001"));
        assert!(!multiple(json!(0.00751), "0.0001"));
        assert!(multiple(json!(19.99), "0.01"));
        assert!(!multiple(json!(4.55), "0.1"));
        assert!(multiple(json!(1e300), "0.01"));
        assert!(!multiple(json!(1.3e-16), "1.3"));
        assert!(multiple(json!(10), "2"));
        assert!(!multiple(json!(7), "2"));
        assert!(multiple(json!(-6), "3"));
        assert!(!multiple(json!(1e-300), "0.01"));
        assert!(multiple(json!(0), "0.7"));
        // Beyond 2^53 the value is its float64, as Helm reads it.
        assert!(multiple(json!(9007199254740993u64), "2"));
        // The multiple as written, beyond a double: 0.1 is no multiple of 0.10000000000000001.
        assert!(!multiple(json!(0.1), "0.10000000000000001"));
        assert!(!multiple(json!(1e20), "0.10000000000000001e1"));
        assert!(multiple(json!(1e100), "1267650600228229401496703205376"));
        assert!(!multiple(json!(1e99), "1267650600228229401496703205376"));
        assert!(!multiple(json!(3), "36893488147419103231"));
    }

    #[test]
    fn a_long_multiple_is_factored_a_chunk_at_a_time() {
        let two_to_200 = "1606938044258990275541962092341162602522202993782792835301376";
        assert!(multiple(json!(1e200), two_to_200));
        assert!(!multiple(json!(1e59), two_to_200));
        let factored = Multiple::of(written(two_to_200));
        assert_eq!(
            (factored.twos, factored.fives, factored.rest),
            (200, 0, Some(1))
        );
    }

    #[test]
    fn bounds_compare_the_values_float64_with_the_limit_as_written() {
        let int = |i: i128| written(&i.to_string());
        assert_eq!(compare(&n(json!(5)), &written("5.0")), Ordering::Equal);
        assert_eq!(compare(&n(json!(5.5)), &int(5)), Ordering::Greater);
        assert_eq!(compare(&n(json!(-1)), &int(0)), Ordering::Less);
        // 2^64 − 16 is read as 1.8446744073709552×10¹⁹: over 2^64 − 1 (bignum.json, as Helm).
        let max = Limit::of(&n(json!(u64::MAX)), None);
        let high = n(json!(18446744073709551600u64));
        assert_eq!(compare(&high, &max), Ordering::Greater);
        let min = written("-18446744073709551615");
        let below = serde_json::from_str::<Number>("-18446744073709551600").unwrap();
        assert_eq!(compare(&below, &min), Ordering::Less);
        // The shortest decimal, not the double's binary value: 2^64 reads as …552000.
        let at = n(json!(u64::MAX));
        assert_eq!(compare(&at, &int(18446744073709551999)), Ordering::Greater);
        assert_eq!(compare(&at, &int(18446744073709552000)), Ordering::Equal);
        let odd = n(json!(9007199254740993u64));
        assert_eq!(compare(&odd, &int(9007199254740992)), Ordering::Equal);
        assert_eq!(compare(&n(json!(-0.5)), &int(-1)), Ordering::Greater);
        assert_eq!(
            compare(&n(json!(1e300)), &int(i128::MAX)),
            Ordering::Greater
        );
        assert_eq!(compare(&n(json!(1e-300)), &int(0)), Ordering::Greater);
        // More digits than a double holds (bignum.json): the value is below the limit.
        let high = written("972783798187987123879878123.18878137");
        let value = serde_json::from_str::<Number>("972783798187987123879878123.188781371");
        assert_eq!(compare(&value.unwrap(), &high), Ordering::Less);
        assert_eq!(compare(&n(json!(0)), &written("1e-400")), Ordering::Less);
        assert_eq!(
            compare(&n(json!(0.1)), &written("0.10000000000000001")),
            Ordering::Less
        );
    }

    #[test]
    fn equality_reads_the_value_as_helm_does() {
        assert!(equal(&written("1"), &n(json!(1.0))));
        // Helm: `value must be 9007199254740993` for the value 9007199254740993 (a float64).
        let big = n(json!(9007199254740993u64));
        assert!(!equal(&Limit::of(&big, None), &big));
        assert!(equal(&written("9007199254740992"), &big));
        assert!(values_equal(&big, &n(json!(9007199254740992u64))));
        assert!(!equal(&written("0.10000000000000001"), &n(json!(0.1))));
    }

    #[test]
    fn literals_are_read_exactly_and_kept_when_held_or_printed_otherwise() {
        let d = |t: &str| Decimal::parse(t).unwrap();
        assert_eq!(d("1.50e2"), d("150"));
        assert_eq!(d("-0.0"), d("0"));
        assert_eq!(
            d("1e99999999999999999999").cmp(&d("1e400")),
            Ordering::Greater
        );
        assert_eq!(d("-2").cmp(&d("-10")), Ordering::Greater);
        assert_eq!(Decimal::parse("1.e3"), Decimal::parse("1e3"));
        assert!(Decimal::parse("abc").is_none());
        assert!(Decimal::parse("-").is_none());
        for (literal, otherwise) in [
            ("1", false),
            ("1.0", false),
            ("0.1", false),
            ("18446744073709551615", false),
            ("1e2", true),
            ("1E+2", true),
            ("1.50", true),
            ("-0", true),
            ("-18446744073709551615e0", true),
            ("972783798187987123879878123.18878137", true),
            ("-18446744073709551616", true),
            ("1e-400", true),
        ] {
            assert_eq!(held_otherwise(literal), otherwise, "{literal}");
        }
        assert_eq!(written("1e-400").sign(), Ordering::Greater);
        assert_eq!(written("-0.0").sign(), Ordering::Equal);
        assert_eq!(written("-1e-400").sign(), Ordering::Less);
        assert!(written("1.0e1").is_whole() && written("18446744073709551616").is_whole());
        assert!(!written("1e-400").is_whole() && !written("1.5").is_whole());
        // Helm 4.2.3: `minLength: got 3, want 5` for 2^64 + 5, `maxLength: … want -9,223,…`.
        let go_int = |text: &str| Limit::of(&held(text).unwrap(), Some(text)).go_int();
        assert_eq!(go_int("18446744073709551621"), 5);
        assert_eq!(go_int("9223372036854775808"), i64::MIN);
        assert_eq!(
            (go_int("1e400"), go_int("1.0e1"), go_int("-1e0")),
            (0, 10, -1)
        );
        assert_eq!(go_int("1e20"), 7766279631452241920);
    }
}
