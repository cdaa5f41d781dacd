//! Float-to-text building blocks shared by the array and scalar printers: shortest
//! round-trip digits per precision (NumPy's Dragon4 in "unique" mode), positional and
//! scientific layouts with a digit cap, Python's `float.__repr__`, C++'s `%g` (for
//! `bfloat16`, which ml_dtypes prints through `std::ostream`) and Python's `bytes.__repr__`.

use cpython_text::float_to_decimal;

/// The binary precision a value is "shortest" in: a float32 value prints as `0.1`, not as the
/// f64 digits of the same number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precision {
    /// IEEE half.
    Half,
    /// IEEE single.
    Single,
    /// IEEE double.
    Double,
}

/// A finite float as decimal digits: `value = ±d₀.d₁d₂… × 10^exponent`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digits {
    /// True for negative values, including `-0.0`.
    pub negative: bool,
    /// ASCII digits without trailing zeros (`"0"` for zero).
    pub digits: String,
    /// Decimal exponent of the first digit.
    pub exponent: i32,
}

impl Digits {
    /// `decimal`'s digits (those of `value`'s magnitude) with `value`'s sign.
    fn of(value: f64, decimal: float_to_decimal::Decimal) -> Digits {
        let zero = decimal.is_zero();
        Digits {
            negative: value.is_sign_negative(),
            exponent: if zero { 0 } else { decimal.point - 1 },
            digits: if zero {
                "0".to_string()
            } else {
                decimal.digits
            },
        }
    }

    /// `value`'s exact expansion rounded (half to even) to `significant` digits, as `{:.Ne}`
    /// rounds it with N = `significant - 1`.
    fn rounded(value: f64, significant: usize) -> Digits {
        Digits::of(
            value,
            float_to_decimal::exact(value).round_significant(significant),
        )
    }
}

/// The shortest digits that read back as the same value in `precision` (finite values only),
/// ties to even as Dragon4 rounds.
pub fn shortest_digits(value: f64, precision: Precision) -> Digits {
    let decimal = match precision {
        Precision::Double => float_to_decimal::shortest_f64(value),
        Precision::Single => float_to_decimal::shortest_f32(value as f32),
        Precision::Half => {
            let target = half::f16::from_f64(value.abs());
            let exact = float_to_decimal::exact(value);
            (1..=5)
                .map(|significant| exact.round_significant(significant))
                .find(|rounded| half::f16::from_f64(rounded.to_f64()) == target)
                .unwrap_or_else(|| exact.round_significant(5))
        }
    };
    Digits::of(value, decimal)
}

/// Like [`shortest_digits`], but with at most `max_fraction` digits after the point in
/// positional notation; past that the exact value is rounded (half to even), as Dragon4
/// does when its cutoff comes before uniqueness.
fn positional_digits(value: f64, precision: Precision, max_fraction: usize) -> (String, String) {
    let digits = shortest_digits(value, precision);
    let count = digits.digits.len() as i64;
    let exponent = i64::from(digits.exponent);
    let fraction_needed = (count - 1 - exponent).max(0);
    if fraction_needed as usize > max_fraction {
        let text = float_to_decimal::format_fixed(value, Some(max_fraction));
        let (integer, fraction) = text.split_once('.').unwrap_or((&text, ""));
        return (
            integer.to_string(),
            fraction.trim_end_matches('0').to_string(),
        );
    }
    let sign = if digits.negative { "-" } else { "" };
    let bytes = digits.digits.as_str();
    let (integer, fraction) = if exponent < 0 {
        let zeros = "0".repeat((-exponent - 1) as usize);
        ("0".to_string(), format!("{zeros}{bytes}"))
    } else if exponent >= count - 1 {
        let zeros = "0".repeat((exponent - count + 1) as usize);
        (format!("{bytes}{zeros}"), String::new())
    } else {
        let split = (exponent + 1) as usize;
        (bytes[..split].to_string(), bytes[split..].to_string())
    };
    (format!("{sign}{integer}"), fraction)
}

/// Positional text split at the point: (`"-12"`, `"5"`) for -12.5, fraction trimmed of
/// trailing zeros, at most `max_fraction` fraction digits.
pub fn positional_parts(value: f64, precision: Precision, max_fraction: usize) -> (String, String) {
    positional_digits(value, precision, max_fraction)
}

/// Scientific text parts: sign and leading digit, fraction digits (trimmed, at most
/// `max_fraction`), and the decimal exponent.
pub fn scientific_parts(
    value: f64,
    precision: Precision,
    max_fraction: usize,
) -> (String, String, i32) {
    let mut digits = shortest_digits(value, precision);
    if digits.digits.len() > max_fraction.saturating_add(1) {
        digits = Digits::rounded(value, max_fraction.saturating_add(1));
    }
    let sign = if digits.negative { "-" } else { "" };
    let (lead, fraction) = digits.digits.split_at(1);
    (
        format!("{sign}{lead}"),
        fraction.to_string(),
        digits.exponent,
    )
}

/// Scientific parts of the exact binary value rounded (half to even) to `fraction_digits`
/// digits after the point, trailing zeros kept.
pub fn exact_scientific_parts(value: f64, fraction_digits: usize) -> (String, String, i32) {
    let text = float_to_decimal::format_exp(value, Some(fraction_digits));
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let (lead, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    (
        lead.to_string(),
        fraction.to_string(),
        exponent.parse().unwrap_or(0),
    )
}

/// An exponent as NumPy and Python write it: sign and at least `min_digits` digits.
pub fn exponent_text(exponent: i32, min_digits: usize) -> String {
    let sign = if exponent < 0 { '-' } else { '+' };
    format!("{sign}{:0min_digits$}", exponent.unsigned_abs())
}

/// Python's `repr(float)`: shortest f64 digits; positional for `1e-4 <= |x| < 1e16` (with
/// `.0` for integral values), otherwise `1e-05` style.
pub fn python_float_repr(value: f64) -> String {
    if let Some(text) = non_finite(value) {
        return text.to_string();
    }
    let digits = shortest_digits(value, Precision::Double);
    if (-4..16).contains(&digits.exponent) {
        let (integer, fraction) = positional_parts(value, Precision::Double, usize::MAX);
        let fraction = if fraction.is_empty() { "0" } else { &fraction };
        return format!("{integer}.{fraction}");
    }
    scientific_trimmed(value, Precision::Double)
}

/// Scientific notation with the point dropped when there is no fraction (`1e-05`,
/// `1.5e+20`): NumPy's `DptZeros` trim and Python's repr both look like this.
pub fn scientific_trimmed(value: f64, precision: Precision) -> String {
    let (lead, fraction, exponent) = scientific_parts(value, precision, usize::MAX);
    let point = if fraction.is_empty() { "" } else { "." };
    format!("{lead}{point}{fraction}e{}", exponent_text(exponent, 2))
}

/// NumPy's scalar `str` for `np.float16/32/64`: positional with one trailing zero kept
/// (`5.0`) when `1e-4 <= |x| < limit` or zero, else trimmed scientific (`1e-05`). The limit
/// is 1e3 for half, 1e6 for single and 1e16 for double (measured on NumPy 2.4).
pub fn numpy_float_scalar_str(value: f64, precision: Precision) -> String {
    if let Some(text) = non_finite(value) {
        return text.to_string();
    }
    let limit = match precision {
        Precision::Half => 1e3,
        Precision::Single => 1e6,
        Precision::Double => 1e16,
    };
    let magnitude = value.abs();
    if magnitude == 0.0 || (1e-4..limit).contains(&magnitude) {
        let (integer, fraction) = positional_parts(value, precision, usize::MAX);
        let fraction = if fraction.is_empty() { "0" } else { &fraction };
        return format!("{integer}.{fraction}");
    }
    scientific_trimmed(value, precision)
}

/// NumPy's scalar `str` of a complex number (and, for `Precision::Double`, Python's
/// `repr(complex)`): `3j` when the real part is +0, else `(re±imj)`, each part as a float
/// scalar prints but with no `.0` on integral values (`(1+2j)`, `(1e+07+1j)`).
pub fn complex_scalar_text(re: f64, im: f64, precision: Precision) -> String {
    let part = |value: f64, plus: bool| {
        let text = match non_finite(value) {
            Some(text) => text.to_string(),
            None => {
                let text = numpy_float_scalar_str(value, precision);
                match text.strip_suffix(".0") {
                    Some(integral) => integral.to_string(),
                    None => text,
                }
            }
        };
        if plus && !text.starts_with('-') {
            format!("+{text}")
        } else {
            text
        }
    };
    if re == 0.0 && !re.is_sign_negative() {
        return format!("{}j", part(im, false));
    }
    format!("({}{}j)", part(re, false), part(im, true))
}

/// C++ `std::ostream << float` with the default precision 6 (`%g`): how ml_dtypes prints
/// `bfloat16` values (`0.100098`, `3.14062`, `1.00136e-05`, `1`).
pub fn c_general(value: f64) -> String {
    if let Some(text) = non_finite(value) {
        return text.to_string();
    }
    if value == 0.0 {
        return if value.is_sign_negative() { "-0" } else { "0" }.to_string();
    }
    let rounded = Digits::rounded(value, 6);
    let exponent = rounded.exponent;
    if !(-4..6).contains(&exponent) {
        let sign = if rounded.negative { "-" } else { "" };
        let (lead, fraction) = rounded.digits.split_at(1);
        let point = if fraction.is_empty() { "" } else { "." };
        return format!(
            "{sign}{lead}{point}{fraction}e{}",
            exponent_text(exponent, 2)
        );
    }
    let decimals = (5 - exponent).max(0) as usize;
    let text = float_to_decimal::format_fixed(value, Some(decimals));
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// `nan`, `inf`, `-inf` for non-finite values.
pub fn non_finite(value: f64) -> Option<&'static str> {
    if value.is_nan() {
        Some("nan")
    } else if value.is_infinite() {
        Some(if value < 0.0 { "-inf" } else { "inf" })
    } else {
        None
    }
}

/// Python's `repr(bytes)`: `b'abc'`, `b"e'f"`, with `\xNN`, `\n`, `\t`, `\r`, `\\` escapes.
pub fn bytes_repr(bytes: &[u8]) -> String {
    let quote = if bytes.contains(&b'\'') && !bytes.contains(&b'"') {
        b'"'
    } else {
        b'\''
    };
    let mut text = String::with_capacity(bytes.len() + 3);
    text.push('b');
    text.push(char::from(quote));
    for &byte in bytes {
        match byte {
            b'\\' => text.push_str("\\\\"),
            b'\n' => text.push_str("\\n"),
            b'\r' => text.push_str("\\r"),
            b'\t' => text.push_str("\\t"),
            byte if byte == quote => {
                text.push('\\');
                text.push(char::from(byte));
            }
            0x20..=0x7e => text.push(char::from(byte)),
            byte => text.push_str(&format!("\\x{byte:02x}")),
        }
    }
    text.push(char::from(quote));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortest_digits_per_precision() {
        let digits = shortest_digits(f64::from(0.1f32), Precision::Single);
        assert_eq!((digits.digits.as_str(), digits.exponent), ("1", -1));
        let digits = shortest_digits(f64::from(0.1f32), Precision::Double);
        assert_eq!(digits.digits, "10000000149011612");
        let half = half::f16::from_f32(0.1).to_f64();
        assert_eq!(shortest_digits(half, Precision::Half).digits, "1");
        let third = half::f16::from_f32(1.0 / 3.0).to_f64();
        assert_eq!(shortest_digits(third, Precision::Half).digits, "3333");
    }

    #[test]
    fn python_repr_matches_cpython() {
        let cases = [
            (0.1, "0.1"),
            (10.0, "10.0"),
            (f64::from(0.1f32), "0.10000000149011612"),
            (f64::from(1e-5f32), "9.999999747378752e-06"),
            (f64::from(1e20f32), "1.0000000200408773e+20"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000.0"),
            (-0.0, "-0.0"),
            (0.0001, "0.0001"),
            (f64::NAN, "nan"),
            (f64::NEG_INFINITY, "-inf"),
        ];
        for (value, expected) in cases {
            assert_eq!(python_float_repr(value), expected, "{value}");
        }
    }

    #[test]
    fn numpy_scalar_str_matches_numpy() {
        // Measured with NumPy 2.4.6.
        let single = [
            (1000.0, "1000.0"),
            (1e5, "100000.0"),
            (1e6, "1e+06"),
            (9999999.0, "9.999999e+06"),
            (123456789.0, "1.2345679e+08"),
            (1.5e-4, "0.00015"),
            (1e-4, "1e-04"),
            (9e-5, "9e-05"),
            (0.0, "0.0"),
            (-0.0, "-0.0"),
            (5.0, "5.0"),
        ];
        for (value, expected) in single {
            let value = f64::from(value as f32);
            assert_eq!(numpy_float_scalar_str(value, Precision::Single), expected);
        }
        let doubles = [
            (1e15, "1000000000000000.0"),
            (1e16, "1e+16"),
            (1.5e-5, "1.5e-05"),
        ];
        for (value, expected) in doubles {
            assert_eq!(numpy_float_scalar_str(value, Precision::Double), expected);
        }
        let halves = [
            (1e3, "1e+03"),
            (65504.0, "6.55e+04"),
            (1e-4, "0.0001"),
            (0.1, "0.1"),
        ];
        for (value, expected) in halves {
            let value = half::f16::from_f64(value).to_f64();
            assert_eq!(numpy_float_scalar_str(value, Precision::Half), expected);
        }
    }

    #[test]
    #[allow(clippy::approx_constant)] // 3.14159 is the recorded input, not a stand-in for PI.
    fn c_general_matches_ml_dtypes() {
        let bf16 = |value: f32| f64::from(half::bf16::from_f32(value).to_f32());
        let cases = [
            (bf16(0.1), "0.100098"),
            (bf16(1.0 / 3.0), "0.333984"),
            (bf16(3.14159), "3.14062"),
            (bf16(100.5), "100.5"),
            (bf16(1e-5), "1.00136e-05"),
            (1.0, "1"),
            (1e6, "1e+06"),
        ];
        for (value, expected) in cases {
            assert_eq!(c_general(value), expected);
        }
    }

    #[test]
    fn bytes_reprs() {
        assert_eq!(bytes_repr(b"abc"), "b'abc'");
        assert_eq!(bytes_repr(b"e'f"), "b\"e'f\"");
        assert_eq!(bytes_repr(b"a'\"b"), "b'a\\'\"b'");
        assert_eq!(bytes_repr(b"\x00\n\xff\\"), "b'\\x00\\n\\xff\\\\'");
    }
}
