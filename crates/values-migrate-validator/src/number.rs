//! Exact numeric comparisons: bounds across integers and floats, and `multipleOf` on the
//! decimal values as written (0.3 is a multiple of 0.1), with no tolerance.

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

/// `float` compared with `int`, exactly.
fn compare_float_int(float: f64, int: i128) -> Ordering {
    // i128 → f64 rounds; when the rounded values tie, `float` is whole and in range.
    match float.partial_cmp(&(int as f64)) {
        Some(Ordering::Equal) => (float as i128).cmp(&int),
        Some(other) => other,
        None => Ordering::Less,
    }
}

/// `value` compared with `limit`, exactly.
pub(crate) fn compare(value: &Number, limit: Limit) -> Ordering {
    match (Limit::of(value), limit) {
        (Limit::Int(a), Limit::Int(b)) => a.cmp(&b),
        (Limit::Float(a), Limit::Int(b)) => compare_float_int(a, b),
        (Limit::Int(a), Limit::Float(b)) => compare_float_int(b, a).reverse(),
        (Limit::Float(a), Limit::Float(b)) => a.partial_cmp(&b).unwrap_or(Ordering::Less),
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

/// Whether `value / multiple` is a whole number, both read as the decimals they are written as.
pub(crate) fn is_multiple_of(value: &Number, multiple: f64) -> bool {
    if multiple <= 0.0 || !multiple.is_finite() {
        return false;
    }
    if let (Some(v), true) = (value.as_i64(), multiple.fract() == 0.0 && multiple < 9.0e15) {
        return v % (multiple as i64) == 0;
    }
    if let (Some(v), true) = (value.as_u64(), multiple.fract() == 0.0 && multiple < 9.0e15) {
        return v % (multiple as u64) == 0;
    }
    let Some(x) = value.as_f64() else {
        return false;
    };
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
    }

    #[test]
    fn bounds_compare_exactly_across_representations() {
        let n = |v: serde_json::Value| v.as_number().unwrap().clone();
        assert_eq!(compare(&n(json!(5)), Limit::Float(5.0)), Ordering::Equal);
        assert_eq!(compare(&n(json!(5.5)), Limit::Int(5)), Ordering::Greater);
        assert_eq!(
            compare(&n(json!(u64::MAX)), Limit::Float(1.8446744073709552e19)),
            Ordering::Less
        );
        assert_eq!(compare(&n(json!(-1)), Limit::Int(0)), Ordering::Less);
    }
}
