//! Numeric comparisons as Helm makes them: a value is a float64 (Helm's values pass through
//! JSON into Go's `float64`) read in its shortest decimal (`%v`), a schema's limit is exact
//! (`json.Number`), both compared as `big.Rat`s; `multipleOf` on those decimals (0.3 is a
//! multiple of 0.1), with no tolerance; equality of two numbers exact (`1 == 1.0`).

use std::cmp::Ordering;

use serde_json::Number;

/// A numeric limit from the schema.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Limit {
    /// A whole number that fits in `i128`.
    Int(i128),
    /// Any other number.
    Float(f64),
}

impl Limit {
    /// The limit `number` writes.
    pub(crate) fn of(number: &Number) -> Limit {
        if let Some(u) = number.as_u64() {
            Limit::Int(i128::from(u))
        } else if let Some(i) = number.as_i64() {
            Limit::Int(i128::from(i))
        } else {
            Limit::Float(number.as_f64().unwrap_or(f64::NAN))
        }
    }
}

/// Whether `value` equals `expected` as Helm's `enum` and `const` compare them (`1 == 1.0`):
/// the value as Helm reads it, `expected` as written (two items of one value: the first as
/// written, a difference only past 2^53).
pub(crate) fn equal(expected: &Number, value: &Number) -> bool {
    compare(value, Limit::of(expected)) == Ordering::Equal
}

/// A value read as Helm reads it: the float64 nearest to it (santhosh-tekuri/jsonschema then
/// reads its `%v`, the shortest decimal that reads back as it).
fn as_helm_reads(value: &Number) -> f64 {
    value.as_f64().unwrap_or(f64::NAN)
}

/// `value` compared with `limit` as Helm compares them: the value's shortest decimal as a
/// float64 (an integer beyond 2^53 rounds: 2^64 − 16 is 1.8446744073709552×10¹⁹, over
/// 2^64 − 1), a whole limit exactly; a limit that is no 64-bit integer is held as the nearest
/// double (serde_json's), so a limit written with more digits than a double holds is not
/// compared as written.
pub(crate) fn compare(value: &Number, limit: Limit) -> Ordering {
    let x = as_helm_reads(value);
    match limit {
        Limit::Float(b) => x.partial_cmp(&b).unwrap_or(Ordering::Less),
        Limit::Int(b) => compare_decimal_int(x, b),
    }
}

/// The shortest decimal of `x` compared with `int`, exactly.
fn compare_decimal_int(x: f64, int: i128) -> Ordering {
    if !x.is_finite() {
        return if x > 0.0 {
            Ordering::Greater
        } else {
            Ordering::Less
        };
    }
    let Some((digits, exponent)) = decimal(x).filter(|_| x != 0.0) else {
        return 0.cmp(&int);
    };
    let negative = x < 0.0;
    if negative != (int < 0) || int == 0 {
        return if negative {
            Ordering::Less
        } else {
            Ordering::Greater
        };
    }
    let int = int.unsigned_abs();
    let scale = |n: u128, by: u32| 10u128.checked_pow(by).and_then(|f| n.checked_mul(f));
    // |x| = digits · 10^exponent against |int|; a product past u128 is the larger side.
    let magnitude = if exponent >= 0 {
        scale(digits, exponent.unsigned_abs()).map_or(Ordering::Greater, |v| v.cmp(&int))
    } else {
        scale(int, exponent.unsigned_abs()).map_or(Ordering::Less, |i| digits.cmp(&i))
    };
    if negative {
        magnitude.reverse()
    } else {
        magnitude
    }
}

/// The decimal digits and exponent of the shortest text that reads back as `x` (`x` = m·10^e).
fn decimal(x: f64) -> Option<(u128, i32)> {
    let text = format!("{:e}", x.abs());
    let (mantissa, exponent) = text.split_once('e')?;
    let mut exponent: i32 = exponent.parse().ok()?;
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    exponent -= i32::try_from(fraction.len()).ok()?;
    let digits: u128 = format!("{whole}{fraction}").parse().ok()?;
    Some((digits, exponent))
}

/// How many times `p` divides `n` (n > 0).
fn valuation(mut n: u128, p: u128) -> (u32, u128) {
    let mut count = 0;
    while n % p == 0 {
        n /= p;
        count += 1;
    }
    (count, n)
}

/// Whether `value / multiple` is a whole number, the value read as Helm reads it (its float64's
/// shortest decimal) and `multiple` as the shortest decimal of its double.
pub(crate) fn is_multiple_of(value: &Number, multiple: f64) -> bool {
    if multiple <= 0.0 || !multiple.is_finite() {
        return false;
    }
    // A whole value a double holds exactly, by a whole multiple: in integers.
    let whole = multiple.fract() == 0.0 && multiple < 9.0e15;
    if let (Some(v), true) = (value.as_i64(), whole) {
        if v.unsigned_abs() <= 1 << 53 {
            return v % (multiple as i64) == 0;
        }
    }
    let x = as_helm_reads(value);
    if !x.is_finite() {
        return false;
    }
    if x == 0.0 {
        return true;
    }
    let (Some((a, p)), Some((b, q))) = (decimal(x), decimal(multiple)) else {
        return false;
    };
    // x / multiple = (a / b) · 10^(p − q): whole iff b divides a · 10^(p − q).
    let shift = p - q;
    if shift < 0 {
        let Some(scaled) = 10u128
            .checked_pow(shift.unsigned_abs())
            .and_then(|f| b.checked_mul(f))
        else {
            return false;
        };
        return a % scaled == 0;
    }
    // b = 2^i · 5^j · c with c coprime to 10: c must divide a; 10^shift covers 2^i and 5^j
    // together with a's own twos and fives.
    let (i, rest) = valuation(b, 2);
    let (j, c) = valuation(rest, 5);
    if a % c != 0 {
        return false;
    }
    let (ai, rest) = valuation(a, 2);
    let (aj, _) = valuation(rest, 5);
    let shift = shift.unsigned_abs();
    ai + shift >= i && aj + shift >= j
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn multiple(value: serde_json::Value, of: f64) -> bool {
        is_multiple_of(value.as_number().unwrap(), of)
    }

    #[test]
    fn multiples_are_exact_on_decimals() {
        assert!(multiple(json!(0.3), 0.1));
        assert!(multiple(json!(4.5), 1.5));
        assert!(!multiple(json!(35), 1.5));
        assert!(multiple(json!(0.0075), 0.0001));
        assert!(!multiple(json!(0.00751), 0.0001));
        assert!(multiple(json!(19.99), 0.01));
        assert!(!multiple(json!(4.55), 0.1));
        assert!(multiple(json!(1e300), 0.01));
        assert!(!multiple(json!(1.3e-16), 1.3));
        assert!(multiple(json!(10), 2.0));
        assert!(!multiple(json!(7), 2.0));
        assert!(multiple(json!(-6), 3.0));
        assert!(!multiple(json!(1e-300), 0.01));
        assert!(multiple(json!(0), 0.7));
        // Beyond 2^53 the value is its float64, as Helm reads it.
        assert!(multiple(json!(9007199254740993u64), 2.0));
    }

    #[test]
    fn bounds_compare_the_values_float64_with_the_limit_as_written() {
        let n = |v: serde_json::Value| v.as_number().unwrap().clone();
        assert_eq!(compare(&n(json!(5)), Limit::Float(5.0)), Ordering::Equal);
        assert_eq!(compare(&n(json!(5.5)), Limit::Int(5)), Ordering::Greater);
        assert_eq!(compare(&n(json!(-1)), Limit::Int(0)), Ordering::Less);
        // 2^64 − 16 is read as 1.8446744073709552×10¹⁹: over 2^64 − 1 (bignum.json, as Helm).
        let max = Limit::Int(i128::from(u64::MAX));
        assert_eq!(
            compare(&n(json!(18446744073709551600u64)), max),
            Ordering::Greater
        );
        let min = Limit::Int(-i128::from(u64::MAX));
        let below = serde_json::from_str::<Number>("-18446744073709551600").unwrap();
        assert_eq!(compare(&below, min), Ordering::Less);
        // The shortest decimal, not the double's binary value: 2^64 reads as …552000.
        assert_eq!(
            compare(&n(json!(u64::MAX)), Limit::Int(18446744073709551999)),
            Ordering::Greater
        );
        assert_eq!(
            compare(&n(json!(u64::MAX)), Limit::Int(18446744073709552000)),
            Ordering::Equal
        );
        assert_eq!(
            compare(&n(json!(9007199254740993u64)), Limit::Int(9007199254740992)),
            Ordering::Equal
        );
        assert_eq!(compare(&n(json!(-0.5)), Limit::Int(-1)), Ordering::Greater);
        assert_eq!(
            compare(&n(json!(1e300)), Limit::Int(i128::MAX)),
            Ordering::Greater
        );
        assert_eq!(compare(&n(json!(1e-300)), Limit::Int(0)), Ordering::Greater);
    }

    #[test]
    fn equality_reads_the_value_as_helm_does() {
        let n = |v: serde_json::Value| v.as_number().unwrap().clone();
        assert!(equal(&n(json!(1)), &n(json!(1.0))));
        // Helm: `value must be 9007199254740993` for the value 9007199254740993 (a float64).
        let big = n(json!(9007199254740993u64));
        assert!(!equal(&big, &big));
        assert!(equal(&n(json!(9007199254740992u64)), &big));
    }
}
