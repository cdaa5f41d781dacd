//! Exact conversions between floats, decimal rounding and ints: `round(x, ndigits)` as
//! CPython's correctly rounded `double_round` computes it, `int(x)` of a float, and `float(n)`
//! of an int, all with CPython's errors.

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

use super::{value_error, FormatError};
use cpython_text::{biguint_to_f64, parse_f64};

/// `round(x, ndigits)` for a float and an explicit `ndigits` (which may be negative): the
/// float nearest to `x` rounded to a multiple of `10^-ndigits`, ties to even, computed on the
/// exact binary value of `x` (so `round(2.675, 2) == 2.67`, because 2.675 is really
/// 2.67499999...). NaN and infinities come back unchanged; a zero result keeps `x`'s sign.
///
/// The only error is CPython's `OverflowError: rounded value too large to represent`
/// (`round(1.7e308, -308)`). `round(x)` without `ndigits` returns an int and is the caller's:
/// `float_to_int(x.round_ties_even())`.
pub fn round_float(x: f64, ndigits: i64) -> Result<f64, FormatError> {
    // CPython's bounds: past these the result is `x` itself, or a zero of `x`'s sign.
    const NDIGITS_MAX: i64 = 323;
    const NDIGITS_MIN: i64 = -308;
    if !x.is_finite() || ndigits > NDIGITS_MAX {
        return Ok(x);
    }
    if ndigits < NDIGITS_MIN {
        return Ok(0.0 * x);
    }
    // |x| * 10^ndigits as the exact fraction numerator / denominator.
    let (mantissa, exponent) = decompose(x);
    let mut numerator = BigUint::from(mantissa);
    let mut denominator = BigUint::one();
    if exponent >= 0 {
        numerator <<= exponent as usize;
    } else {
        denominator <<= exponent.unsigned_abs() as usize;
    }
    let scale = num_traits::pow(BigUint::from(10u32), ndigits.unsigned_abs() as usize);
    if ndigits >= 0 {
        numerator *= scale;
    } else {
        denominator *= scale;
    }
    let (mut quotient, remainder) = numerator.div_rem(&denominator);
    let twice_remainder = remainder << 1usize;
    if twice_remainder > denominator || (twice_remainder == denominator && quotient.is_odd()) {
        quotient += 1u32;
    }
    let sign = if x.is_sign_negative() { "-" } else { "" };
    // The parse is correctly rounded, like CPython's `_Py_dg_strtod`.
    let text = format!("{sign}{quotient}e{}", -ndigits);
    let rounded = parse_f64(&text).unwrap_or(f64::NAN);
    if rounded.is_infinite() {
        return Err(FormatError::OverflowError(
            "rounded value too large to represent".to_string(),
        ));
    }
    debug_assert!(!rounded.is_nan(), "unparsable rounding result {text}");
    Ok(rounded)
}

/// `int(x)` of a float: truncates toward zero, exactly. CPython's errors: `OverflowError:
/// cannot convert float infinity to integer`, `ValueError: cannot convert float NaN to
/// integer`.
pub fn float_to_int(x: f64) -> Result<BigInt, FormatError> {
    if x.is_nan() {
        return Err(value_error("cannot convert float NaN to integer"));
    }
    if x.is_infinite() {
        return Err(FormatError::OverflowError(
            "cannot convert float infinity to integer".to_string(),
        ));
    }
    let truncated = x.trunc();
    if truncated == 0.0 {
        return Ok(BigInt::zero());
    }
    let (mantissa, exponent) = decompose(truncated);
    let mut magnitude = BigInt::from(mantissa);
    if exponent >= 0 {
        magnitude <<= exponent as usize;
    } else {
        // `truncated` is integral, so the low bits shifted out are zeros.
        magnitude >>= exponent.unsigned_abs() as usize;
    }
    Ok(if truncated < 0.0 {
        -magnitude
    } else {
        magnitude
    })
}

/// `float(n)` of an int: the nearest float, ties to even, as CPython's `PyLong_AsDouble`.
/// `OverflowError: int too large to convert to float` when that is beyond the float range.
pub fn int_to_float(v: &BigInt) -> Result<f64, FormatError> {
    let too_large = || FormatError::OverflowError("int too large to convert to float".to_string());
    // Anything of more than 1024 bits is at least 2^1024, past the largest float even
    // before rounding; smaller ints have at most 309 decimal digits.
    if v.bits() > 1024 {
        return Err(too_large());
    }
    let magnitude = biguint_to_f64(v.magnitude());
    let value = if v.is_negative() {
        -magnitude
    } else {
        magnitude
    };
    if value.is_infinite() {
        return Err(too_large());
    }
    Ok(value)
}

/// Splits a finite non-zero float into `(mantissa, exponent)` with
/// `|x| == mantissa * 2^exponent` exactly.
fn decompose(x: f64) -> (u64, i64) {
    let bits = x.to_bits();
    let biased_exponent = ((bits >> 52) & 0x7FF) as i64;
    let fraction = bits & ((1u64 << 52) - 1);
    if biased_exponent == 0 {
        // Subnormal (or zero): no implicit leading bit.
        (fraction, -1074)
    } else {
        (fraction | (1u64 << 52), biased_exponent - 1075)
    }
}
