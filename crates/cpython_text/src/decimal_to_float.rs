//! Decimal text and big integers to the nearest `f64`, rounding half to even, as CPython's
//! `_Py_dg_strtod` and Rust's `str::parse` do.
//!
//! Rust's parser is exact too, but it carries a table of 128-bit powers of five (10 KB that
//! gzip cannot shrink, about 1% of the web bundle). This one reuses the big integers the
//! language already has for Python's `int`: inputs of up to 15 digits and a small exponent take
//! Clinger's fast path (one correctly rounded float operation on exact operands); the rest
//! become an exact big-integer quotient that is rounded once.
//!
//! Parsing is not on a hot path: literals are parsed once, and `float()` of a string and
//! `repr` of a float with 16 or 17 digits take the slow path in about a microsecond.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

/// Significant digits kept from the text. Deciding the nearest float never needs more than
/// 767 (the longest exact decimal expansion of a float's halfway point); the digits after the
/// ones kept only matter through whether any of them is non-zero.
const MAX_DIGITS: usize = 800;

/// The powers of ten that are exact floats (5^22 < 2^53).
const EXACT_POWERS_OF_TEN: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// `text` as Rust's `<f64 as FromStr>` reads it: an optional sign, then `inf`, `infinity` or
/// `nan` in any case, or `digits[.digits][(e|E)[sign]digits]` with at least one digit before
/// the exponent. No spaces or underscores: callers that accept Python's looser syntax strip
/// those first.
pub fn parse_f64(text: &str) -> Option<f64> {
    let bytes = text.as_bytes();
    let (negative, unsigned) = match bytes.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, bytes),
    };
    let magnitude =
        if unsigned.eq_ignore_ascii_case(b"inf") || unsigned.eq_ignore_ascii_case(b"infinity") {
            f64::INFINITY
        } else if unsigned.eq_ignore_ascii_case(b"nan") {
            f64::NAN
        } else {
            Decimal::parse(unsigned)?.nearest_f64()
        };
    Some(if negative { -magnitude } else { magnitude })
}

/// The float nearest to `magnitude`, or infinity past the largest float.
pub fn biguint_to_f64(magnitude: &BigUint) -> f64 {
    round_binary(magnitude, 0, false)
}

/// A non-negative decimal `digits × 10^exponent`, its digits without leading zeros.
struct Decimal {
    digits: Vec<u8>,
    exponent: i64,
}

impl Decimal {
    fn parse(text: &[u8]) -> Option<Decimal> {
        let mut decimal = Decimal {
            digits: Vec::new(),
            exponent: 0,
        };
        let mut dropped_non_zero = false;
        let mut seen_digit = false;
        let mut after_point = false;
        let mut pos = 0;
        while let Some(&byte) = text.get(pos) {
            match byte {
                b'0'..=b'9' => {
                    seen_digit = true;
                    let digit = byte - b'0';
                    if decimal.digits.is_empty() && digit == 0 {
                        // A leading zero only moves the point.
                        decimal.exponent -= i64::from(after_point);
                    } else if decimal.digits.len() < MAX_DIGITS {
                        decimal.digits.push(digit);
                        decimal.exponent -= i64::from(after_point);
                    } else {
                        // Past the kept digits: an integer digit still scales the value.
                        decimal.exponent += i64::from(!after_point);
                        dropped_non_zero |= digit != 0;
                    }
                }
                b'.' if !after_point => after_point = true,
                _ => break,
            }
            pos += 1;
        }
        if !seen_digit {
            return None;
        }
        if let Some(b'e' | b'E') = text.get(pos) {
            decimal.exponent = decimal
                .exponent
                .saturating_add(parse_exponent(&text[pos + 1..])?);
        } else if pos != text.len() {
            return None;
        }
        if dropped_non_zero {
            // Any digit between the kept ones and the next power of ten stands for them all.
            decimal.digits.push(1);
            decimal.exponent -= 1;
        }
        Some(decimal)
    }

    fn nearest_f64(&self) -> f64 {
        if self.digits.is_empty() {
            return 0.0;
        }
        // The value lies in [10^(magnitude-1), 10^magnitude).
        let magnitude = self.exponent.saturating_add(self.digits.len() as i64);
        if magnitude > 310 {
            return f64::INFINITY;
        }
        if magnitude < -324 {
            // Below 10^-325, less than half the smallest float.
            return 0.0;
        }
        if self.digits.len() <= 15 && self.exponent.abs() <= 22 {
            // Clinger's fast path: both operands are exact floats, so the one rounding is the
            // operation's own.
            let mantissa =
                self.digits
                    .iter()
                    .fold(0u64, |acc, &digit| acc * 10 + u64::from(digit)) as f64;
            let scale = EXACT_POWERS_OF_TEN[self.exponent.unsigned_abs() as usize];
            return if self.exponent >= 0 {
                mantissa * scale
            } else {
                mantissa / scale
            };
        }
        let mantissa = BigUint::from_radix_be(&self.digits, 10).unwrap_or_default();
        let power = BigUint::from(10u32).pow(self.exponent.unsigned_abs() as u32);
        if self.exponent >= 0 {
            return round_binary(&(mantissa * power), 0, false);
        }
        // Scale so the quotient has at least 66 bits: 53 kept, a rounding bit and spare.
        let shift = (power.bits() + 66).saturating_sub(mantissa.bits());
        let numerator = mantissa << shift;
        let quotient = &numerator / &power;
        let inexact = &quotient * &power != numerator;
        round_binary(&quotient, -(shift as i64), inexact)
    }
}

/// The exponent after `e`: an optional sign and at least one digit, saturated far past any
/// float so that a huge exponent cannot overflow.
fn parse_exponent(text: &[u8]) -> Option<i64> {
    let (negative, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let value = digits.iter().fold(0i64, |acc, &digit| {
        (acc * 10 + i64::from(digit - b'0')).min(1_000_000_000)
    });
    Some(if negative { -value } else { value })
}

/// The float nearest to `mantissa × 2^exponent`, where `inexact` says the true value is a
/// little more than that (by less than one unit of the mantissa's last bit).
fn round_binary(mantissa: &BigUint, exponent: i64, inexact: bool) -> f64 {
    if mantissa.is_zero() {
        return 0.0;
    }
    // Keep the top 64 bits; the rest only matter through whether they are zero.
    let excess = mantissa.bits().saturating_sub(64);
    let inexact = inexact
        || mantissa
            .trailing_zeros()
            .is_some_and(|zeros| zeros < excess);
    let top = (mantissa >> excess).to_u64().unwrap_or(u64::MAX);
    let leading = top.leading_zeros();
    let top = top << leading;
    // The value is `top × 2^low` with `top`'s highest bit set, so its binary exponent is
    // `low + 63`.
    let low = exponent + excess as i64 - i64::from(leading);
    let binary_exponent = low + 63;
    if binary_exponent > 1023 {
        return f64::INFINITY;
    }
    // A normal float keeps 53 bits; below 2^-1022 each halving of the value loses one.
    let kept_bits = if binary_exponent >= -1022 {
        53
    } else {
        binary_exponent + 1075
    };
    if kept_bits < 0 {
        return 0.0;
    }
    let dropped = 64 - kept_bits as u32;
    let wide = u128::from(top);
    let mut kept = (wide >> dropped) as u64;
    let remainder = wide & ((1u128 << dropped) - 1);
    let half = 1u128 << (dropped - 1);
    if remainder > half || (remainder == half && (inexact || kept & 1 == 1)) {
        kept += 1;
    }
    if binary_exponent < -1022 {
        // Subnormal: the bits are the mantissa itself, and a mantissa rounded up to 2^52 is
        // exactly the smallest normal float.
        return f64::from_bits(kept);
    }
    let mut biased = binary_exponent + 1023;
    if kept == 1u64 << 53 {
        kept >>= 1;
        biased += 1;
    }
    if biased >= 2047 {
        return f64::INFINITY;
    }
    f64::from_bits(((biased as u64) << 52) | (kept & ((1u64 << 52) - 1)))
}

#[cfg(test)]
mod tests;
