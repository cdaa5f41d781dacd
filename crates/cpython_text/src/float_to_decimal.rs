//! Floats to decimal digits without Rust's float formatting: the shortest digits that read
//! back as the same float, and the exact decimal expansion rounded half to even to any number
//! of significant or fraction digits.
//!
//! Rust's `{}`, `{:.N}` and `{:e}` for floats link Grisu with a Dragon4 fallback and their
//! tables (about 8 KB of the gzipped web bundle). The shortest digits here come from `zmij`,
//! which the bundle already carries for `serde_json`; the exact expansion is one big-integer
//! product, `m × 5^k` for `m × 2^-k`, whose decimal digits are the value's digits. Nothing here
//! is on a hot path: a float is printed once.
//!
//! [`format_exp`] and [`format_fixed`] write what Rust's `{:e}`, `{:.N$e}`, `{}` and `{:.N$}`
//! write (a property test holds them to it), so callers replace those formats one for one. The
//! one difference is on purpose: when two shortest candidates are equally near the value, these
//! take the even one, as CPython and NumPy do, where Rust takes the upper.

use num_bigint::BigUint;

/// A non-negative finite value as decimal digits: `value = 0.DIGITS × 10^point`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decimal {
    /// ASCII digits without leading or trailing zeros; `"0"` for zero, and empty for a value
    /// that [`Decimal::round_fraction`] rounded away.
    pub digits: String,
    /// Where the point goes: `"15"` with point 1 is 1.5, with point -1 is 0.0015.
    pub point: i32,
}

impl Decimal {
    fn zero() -> Decimal {
        Decimal {
            digits: "0".to_string(),
            point: 1,
        }
    }

    /// Whether this is zero (or a value rounded away entirely).
    pub fn is_zero(&self) -> bool {
        self.digits.is_empty() || self.digits == "0"
    }

    /// The first `count` digits, rounded half to even on the digits dropped. Exact when `self`
    /// is an exact expansion ([`exact`]): a tie is a dropped `5` followed by nothing.
    fn round_at(&self, count: i64) -> Decimal {
        let digits = self.digits.as_bytes();
        if self.is_zero() {
            return self.clone();
        }
        if count >= digits.len() as i64 {
            return self.clone();
        }
        if count < 0 {
            return Decimal {
                digits: String::new(),
                point: self.point,
            };
        }
        let count = count as usize;
        let first_dropped = digits[count];
        let rest_nonzero = digits[count + 1..].iter().any(|&d| d != b'0');
        let last_kept_odd = count > 0 && (digits[count - 1] - b'0') % 2 == 1;
        let round_up =
            first_dropped > b'5' || (first_dropped == b'5' && (rest_nonzero || last_kept_odd));
        let mut kept = digits[..count].to_vec();
        let mut point = self.point;
        if round_up {
            let mut carry = true;
            for digit in kept.iter_mut().rev() {
                if *digit == b'9' {
                    *digit = b'0';
                } else {
                    *digit += 1;
                    carry = false;
                    break;
                }
            }
            if carry {
                kept.insert(0, b'1');
                point += 1;
            }
        }
        while kept.last() == Some(&b'0') {
            kept.pop();
        }
        if kept.is_empty() {
            return Decimal {
                digits: String::new(),
                point,
            };
        }
        Decimal {
            digits: String::from_utf8(kept).expect("ASCII digits"),
            point,
        }
    }

    /// The float these digits read back as (nearest, ties to even); zero for digits rounded
    /// away.
    pub fn to_f64(&self) -> f64 {
        if self.is_zero() {
            return 0.0;
        }
        crate::parse_f64(&format!("0.{}e{}", self.digits, self.point))
            .expect("ASCII digits and an exponent parse")
    }

    /// Rounded to `count` significant digits (at least one), half to even.
    pub fn round_significant(&self, count: usize) -> Decimal {
        self.round_at(i64::try_from(count.max(1)).unwrap_or(i64::MAX))
    }

    /// Rounded to `count` digits after the point, half to even; the digits are empty when the
    /// value rounds to zero at that position.
    pub fn round_fraction(&self, count: usize) -> Decimal {
        self.round_at(
            i64::from(self.point).saturating_add(i64::try_from(count).unwrap_or(i64::MAX)),
        )
    }
}

/// Reads zmij's output (`1.0`, `0.001`, `1.5e-7`, `1e+21`) as digits and a point.
fn read_general(text: &str) -> Decimal {
    let (mantissa, exponent) = match text.split_once('e') {
        Some((mantissa, exponent)) => (mantissa, exponent.parse::<i32>().unwrap_or(0)),
        None => (text, 0),
    };
    let (integer, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all = format!("{integer}{fraction}");
    let significant = all.trim_start_matches('0');
    let leading_zeros = (all.len() - significant.len()) as i32;
    let significant = significant.trim_end_matches('0');
    if significant.is_empty() {
        return Decimal::zero();
    }
    Decimal {
        digits: significant.to_string(),
        point: integer.len() as i32 - leading_zeros + exponent,
    }
}

/// The shortest digits that read back as `value` (finite; the sign is ignored): of several
/// candidates of that length the nearest, and of two equally near the even one, as CPython's
/// `repr` and NumPy choose (Rust's `{:e}` takes the upper one).
pub fn shortest_f64(value: f64) -> Decimal {
    let value = value.abs();
    nearest_to_even(
        value,
        read_general(zmij::Buffer::new().format_finite(value)),
        |parsed| parsed == value,
    )
}

/// The shortest digits that read back as `value` in single precision, ties to even.
pub fn shortest_f32(value: f32) -> Decimal {
    let value = value.abs();
    nearest_to_even(
        f64::from(value),
        read_general(zmij::Buffer::new().format_finite(value)),
        |parsed| parsed as f32 == value,
    )
}

/// `shortest`, or the exact value rounded half to even at the same length when that still
/// `reads_back`: the two differ only when two candidates are equally near.
fn nearest_to_even(value: f64, shortest: Decimal, reads_back: impl Fn(f64) -> bool) -> Decimal {
    let even = exact(value).round_significant(shortest.digits.len());
    if even == shortest {
        return shortest;
    }
    if reads_back(even.to_f64()) {
        even
    } else {
        shortest
    }
}

/// The exact decimal expansion of a finite `value` (sign ignored): at most 767 significant
/// digits.
pub fn exact(value: f64) -> Decimal {
    let bits = value.abs().to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1u64 << 52) - 1);
    let (mantissa, exponent) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1u64 << 52), biased - 1075)
    };
    if mantissa == 0 {
        return Decimal::zero();
    }
    let (digits, point) = if exponent >= 0 {
        let integer = BigUint::from(mantissa) << exponent as usize;
        let digits = integer.to_str_radix(10);
        let point = digits.len() as i32;
        (digits, point)
    } else {
        let shift = (-exponent) as u32;
        let scaled = BigUint::from(mantissa) * BigUint::from(5u32).pow(shift);
        let digits = scaled.to_str_radix(10);
        let point = digits.len() as i32 - shift as i32;
        (digits, point)
    };
    Decimal {
        digits: digits.trim_end_matches('0').to_string(),
        point,
    }
}

/// What Rust's `{:e}` (`precision` None) or `{:.N$e}` writes for `value`, but for the tie
/// rule of [`shortest_f64`].
pub fn format_exp(value: f64, precision: Option<usize>) -> String {
    if let Some(special) = special(value) {
        return special;
    }
    let decimal = match precision {
        None => shortest_f64(value),
        Some(fraction) => exact(value).round_significant(fraction + 1),
    };
    exp_text(value.is_sign_negative(), &decimal, precision)
}

/// What Rust's `{:e}` writes for an `f32`, but for the tie rule of [`shortest_f32`].
pub fn format_exp_f32(value: f32) -> String {
    if let Some(special) = special(f64::from(value)) {
        return special;
    }
    exp_text(value.is_sign_negative(), &shortest_f32(value), None)
}

/// `d.ddde±x` with `precision` fraction digits (or as many as there are).
fn exp_text(negative: bool, decimal: &Decimal, precision: Option<usize>) -> String {
    let mut text = String::new();
    if negative {
        text.push('-');
    }
    let (digits, exponent) = if decimal.is_zero() {
        ("0", 0)
    } else {
        (decimal.digits.as_str(), decimal.point - 1)
    };
    text.push_str(&digits[..1]);
    let fraction = &digits[1..];
    let width = precision.unwrap_or(fraction.len());
    if width > 0 {
        text.push('.');
        text.push_str(fraction);
        text.extend(std::iter::repeat_n('0', width - fraction.len()));
    }
    text.push('e');
    text.push_str(&exponent.to_string());
    text
}

/// What Rust's `{}` (`precision` None: the shortest digits, positional, with the tie rule of
/// [`shortest_f64`]) or `{:.N$}` writes for `value`.
pub fn format_fixed(value: f64, precision: Option<usize>) -> String {
    if let Some(special) = special(value) {
        return special;
    }
    let decimal = match precision {
        None => shortest_f64(value),
        Some(fraction) => exact(value).round_fraction(fraction),
    };
    let mut text = String::new();
    if value.is_sign_negative() {
        text.push('-');
    }
    let digits = if decimal.is_zero() {
        ""
    } else {
        decimal.digits.as_str()
    };
    let point = if digits.is_empty() { 0 } else { decimal.point };
    if point <= 0 {
        text.push('0');
    } else {
        let whole = (point as usize).min(digits.len());
        text.push_str(&digits[..whole]);
        text.extend(std::iter::repeat_n('0', point as usize - whole));
    }
    let fraction_digits: String = if point < 0 {
        "0".repeat((-point) as usize) + digits
    } else {
        digits.get(point as usize..).unwrap_or("").to_string()
    };
    let width = precision.unwrap_or(fraction_digits.len());
    if width > 0 {
        text.push('.');
        text.push_str(&fraction_digits);
        text.extend(std::iter::repeat_n('0', width - fraction_digits.len()));
    }
    text
}

/// Rust's text for NaN and the infinities.
fn special(value: f64) -> Option<String> {
    if value.is_nan() {
        Some("NaN".to_string())
    } else if value.is_infinite() {
        Some(if value < 0.0 { "-inf" } else { "inf" }.to_string())
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Finite floats of every magnitude, subnormals included, and round numbers.
    fn any_finite() -> impl Strategy<Value = f64> {
        prop_oneof![
            any::<u64>()
                .prop_map(f64::from_bits)
                .prop_filter("finite", |x| x.is_finite()),
            (-1_000_000i64..1_000_000, 0u32..8).prop_map(|(n, k)| n as f64 / 10f64.powi(k as i32)),
            (0u32..64).prop_map(|k| (k as f64 + 0.5) / 8.0),
        ]
    }

    /// Whether `ours` and Rust's `theirs` (both shortest) differ only because the exact value
    /// lies halfway between two candidates, and `ours` took the even one.
    fn differs_only_on_a_tie(value: f64, ours: &Decimal, theirs: &Decimal) -> bool {
        let exact = exact(value);
        let length = ours.digits.len();
        theirs.digits.len() == length
            && exact.digits.len() == length + 1
            && exact.digits.ends_with('5')
            && (ours.digits.as_bytes()[length - 1] - b'0').is_multiple_of(2)
    }

    /// Rust's shortest digits of `value`.
    fn rust_shortest(text: &str) -> Decimal {
        let (mantissa, exponent) = text.split_once('e').unwrap();
        read_general(&format!("{}e{exponent}", mantissa.trim_start_matches('-')))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn shortest_matches_rust_but_on_ties(value in any_finite()) {
            let ours = shortest_f64(value);
            let theirs = rust_shortest(&format!("{value:e}"));
            prop_assert!(ours == theirs || differs_only_on_a_tie(value, &ours, &theirs), "{value:e}");
            prop_assert_eq!(crate::parse_f64(&format_exp(value, None)), Some(value));
        }

        #[test]
        fn exp_matches_rust(value in any_finite(), precision in 0usize..25) {
            prop_assert_eq!(format_exp(value, Some(precision)), format!("{value:.precision$e}"));
        }

        #[test]
        fn fixed_matches_rust(value in any_finite(), precision in 0usize..25) {
            prop_assert_eq!(format_fixed(value, Some(precision)), format!("{value:.precision$}"));
        }

        #[test]
        fn shortest_fixed_matches_rust(value in any_finite()) {
            let ours = shortest_f64(value);
            let theirs = rust_shortest(&format!("{value:e}"));
            prop_assume!(ours == theirs);
            prop_assert_eq!(format_fixed(value, None), format!("{value}"));
            prop_assert_eq!(format_exp(value, None), format!("{value:e}"));
        }

        #[test]
        fn single_precision_matches_rust_but_on_ties(bits in any::<u32>()) {
            let value = f32::from_bits(bits);
            prop_assume!(value.is_finite());
            let ours = shortest_f32(value);
            let theirs = rust_shortest(&format!("{value:e}"));
            prop_assert!(ours == theirs || differs_only_on_a_tie(f64::from(value), &ours, &theirs), "{value:e}");
            if ours == theirs {
                prop_assert_eq!(format_exp_f32(value), format!("{value:e}"));
            }
        }
    }

    #[test]
    fn edges_match_rust() {
        let values = [
            0.0,
            -0.0,
            f64::MIN_POSITIVE,
            5e-324,
            f64::MAX,
            0.5,
            1.5,
            2.5,
            0.125,
            9.5,
            99.5,
            999.9999,
            0.05,
            1e21,
            1e-7,
            123456789.0,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ];
        for value in values {
            for precision in [0usize, 1, 2, 3, 17, 30, 400, 1100] {
                assert_eq!(
                    format_fixed(value, Some(precision)),
                    format!("{value:.precision$}")
                );
                assert_eq!(
                    format_exp(value, Some(precision)),
                    format!("{value:.precision$e}")
                );
            }
            assert_eq!(format_fixed(value, None), format!("{value}"));
            assert_eq!(format_exp(value, None), format!("{value:e}"));
        }
    }

    #[test]
    fn ties_between_shortest_candidates_go_to_even() {
        // 137212884829864.125 lies halfway between ...864.12 and ...864.13, both of which
        // read back: CPython's repr prints the even one, Rust's `{}` the upper.
        let value = 137212884829864.13;
        assert_eq!(format_fixed(value, None), "137212884829864.12");
        assert_eq!(format!("{value}"), "137212884829864.13");
    }

    #[test]
    fn any_precision_keeps_every_digit() {
        let exact = exact(0.1);
        assert_eq!(exact.round_fraction(usize::MAX), exact);
        assert_eq!(exact.round_significant(usize::MAX), exact);
        assert_eq!(format_fixed(1.5, Some(3000)).len(), 2 + 3000);
    }

    #[test]
    fn exact_expansions() {
        assert_eq!(
            exact(0.1).digits,
            "1000000000000000055511151231257827021181583404541015625"
        );
        assert_eq!(exact(0.1).point, 0);
        assert_eq!(
            exact(1024.0),
            Decimal {
                digits: "1024".into(),
                point: 4
            }
        );
        assert_eq!(exact(5e-324).point, -323);
        assert_eq!(exact(5e-324).digits.len(), 751);
    }
}
