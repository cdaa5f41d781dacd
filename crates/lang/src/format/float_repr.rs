//! Floats to decimal text: the digits (`cpython_text::float_to_decimal`'s shortest and exact
//! conversions, which round ties to even like CPython's dtoa) laid out the way CPython's
//! `PyOS_double_to_string` lays them out for `repr`, `'e'`, `'f'`, `'g'` and friends.

use cpython_text::float_to_decimal;

/// `repr(x)` and `str(x)` of a Python float: the shortest digits that round-trip, in exponent
/// form when the decimal exponent is < -4 or >= 16 (`1e-05`, `1e+16`, `1.5e+300`), else
/// positional with at least one digit after the point (`3.0`, `0.0001`); `inf`, `-inf`,
/// `nan`, `-0.0`.
pub fn float_repr(x: f64) -> String {
    double_to_string(
        x,
        &DoubleFormat {
            style: FloatStyle::Repr,
            precision: 0,
            upper: false,
            add_dot_0: true,
            alternate: false,
            coerce_negative_zero: false,
        },
    )
}

/// The layout families of `PyOS_double_to_string`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FloatStyle {
    /// `'e'`: one digit, the point, `precision` digits, an exponent.
    Exponent,
    /// `'f'`: `precision` digits after the point.
    Fixed,
    /// `'g'`: `precision` significant digits, positional or exponent by magnitude, trailing
    /// zeros removed unless alternate.
    General,
    /// `'r'`: the shortest round-tripping digits, exponent form outside `1e-4 <= |x| < 1e16`.
    Repr,
}

/// Everything `PyOS_double_to_string` takes besides the value.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DoubleFormat {
    pub(crate) style: FloatStyle,
    /// Ignored for [`FloatStyle::Repr`].
    pub(crate) precision: usize,
    /// `E`, `F`, `G`: an upper-case exponent marker, `INF` and `NAN`.
    pub(crate) upper: bool,
    /// Keep a `.0` on integral positional results (`repr`, and `format()` without a type).
    pub(crate) add_dot_0: bool,
    /// The `#` flag: always keep the point, and keep `'g'`'s trailing zeros.
    pub(crate) alternate: bool,
    /// The `z` flag: drop the sign of a result that is all zeros.
    pub(crate) coerce_negative_zero: bool,
}

/// How many digits to ask the decimal conversion for.
#[derive(Debug, Clone, Copy)]
enum DigitMode {
    /// The fewest digits that read back as the same float (dtoa mode 0).
    Shortest,
    /// Exactly this many significant digits, at least 1 (dtoa mode 2).
    Significant(usize),
    /// Rounded to this many digits after the point (dtoa mode 3).
    Fixed(usize),
}

/// The decimal digits of a finite non-negative float, as dtoa returns them:
/// `value ≈ 0.DIGITS × 10^decimal_point`, without leading or trailing zeros. Zero is `"0"`
/// with point 1; a non-zero value that rounds away entirely in fixed mode is `""`.
struct Digits {
    digits: String,
    decimal_point: i64,
}

fn decimal_digits(magnitude: f64, mode: DigitMode) -> Digits {
    debug_assert!(magnitude.is_finite() && magnitude >= 0.0);
    let decimal = match mode {
        DigitMode::Shortest => float_to_decimal::shortest_f64(magnitude),
        DigitMode::Significant(count) => {
            float_to_decimal::exact(magnitude).round_significant(count)
        }
        DigitMode::Fixed(count) => float_to_decimal::exact(magnitude).round_fraction(count),
    };
    match (decimal.digits.is_empty(), mode) {
        (true, DigitMode::Fixed(count)) if magnitude != 0.0 => Digits {
            digits: String::new(),
            decimal_point: -(count as i64),
        },
        (true, _) => Digits {
            digits: "0".to_string(),
            decimal_point: 1,
        },
        (false, _) => Digits {
            digits: decimal.digits,
            decimal_point: i64::from(decimal.point),
        },
    }
}

/// CPython's `PyOS_double_to_string` (via `format_float_short`) without the always-sign flag:
/// a `-` for negative values, never a `+`.
pub(crate) fn double_to_string(x: f64, format: &DoubleFormat) -> String {
    if x.is_nan() {
        return if format.upper { "NAN" } else { "nan" }.to_string();
    }
    let mut negative = x.is_sign_negative();
    if x.is_infinite() {
        let inf = if format.upper { "INF" } else { "inf" };
        return if negative {
            format!("-{inf}")
        } else {
            inf.to_string()
        };
    }
    let mode = match format.style {
        FloatStyle::Exponent => DigitMode::Significant(format.precision + 1),
        FloatStyle::Fixed => DigitMode::Fixed(format.precision),
        FloatStyle::General => DigitMode::Significant(format.precision.max(1)),
        FloatStyle::Repr => DigitMode::Shortest,
    };
    let digits = decimal_digits(x.abs(), mode);
    if format.coerce_negative_zero && negative && digits.digits.bytes().all(|b| b == b'0') {
        negative = false;
    }
    let layout = Layout::new(&digits, format);
    layout.write(negative, &digits.digits, format)
}

/// Where the point goes and how far the digits are padded, as `format_float_short` decides:
/// the output is the slice `vdigits[start..end]` of the digits padded with zeros on both
/// sides, with the point after `vdigits[decimal_point - 1]`, then an optional exponent.
struct Layout {
    decimal_point: i64,
    start: i64,
    end: i64,
    exponent: Option<i64>,
}

impl Layout {
    fn new(digits: &Digits, format: &DoubleFormat) -> Layout {
        let digits_len = digits.digits.len() as i64;
        let precision = format.precision as i64;
        let mut decimal_point = digits.decimal_point;
        let mut end = digits_len;
        let use_exponent = match format.style {
            FloatStyle::Exponent => {
                end = precision + 1;
                true
            }
            FloatStyle::Fixed => {
                end = decimal_point + precision;
                false
            }
            FloatStyle::General => {
                let precision = precision.max(1);
                if format.alternate {
                    end = precision;
                }
                let limit = if format.add_dot_0 {
                    precision - 1
                } else {
                    precision
                };
                decimal_point <= -4 || decimal_point > limit
            }
            FloatStyle::Repr => decimal_point <= -4 || decimal_point > 16,
        };
        let mut exponent = None;
        if use_exponent {
            exponent = Some(decimal_point - 1);
            decimal_point = 1;
        }
        let start = if decimal_point <= 0 {
            decimal_point - 1
        } else {
            0
        };
        let at_least = if !use_exponent && format.add_dot_0 {
            decimal_point + 1
        } else {
            decimal_point
        };
        Layout {
            decimal_point,
            start,
            end: end.max(at_least),
            exponent,
        }
    }

    fn write(&self, negative: bool, digits: &str, format: &DoubleFormat) -> String {
        let digits_len = digits.len() as i64;
        let point = self.decimal_point;
        let mut out = String::with_capacity((self.end - self.start) as usize + 8);
        let push_zeros = |out: &mut String, count: i64| {
            out.extend(std::iter::repeat_n('0', count.max(0) as usize));
        };
        if negative {
            out.push('-');
        }
        // Zeros on the left, digits with the point inside, zeros on the right: exactly one of
        // the three places gets the point.
        if point <= 0 {
            push_zeros(&mut out, point - self.start);
            out.push('.');
            push_zeros(&mut out, -point);
        } else {
            push_zeros(&mut out, -self.start);
        }
        if 0 < point && point <= digits_len {
            let (integer, fraction) = digits.split_at(point as usize);
            out.push_str(integer);
            out.push('.');
            out.push_str(fraction);
        } else {
            out.push_str(digits);
        }
        if digits_len < point {
            push_zeros(&mut out, point - digits_len);
            out.push('.');
            push_zeros(&mut out, self.end - point);
        } else {
            push_zeros(&mut out, self.end - digits_len);
        }
        if out.ends_with('.') && !format.alternate {
            out.pop();
        }
        if let Some(exponent) = self.exponent {
            out.push(if format.upper { 'E' } else { 'e' });
            let sign = if exponent < 0 { '-' } else { '+' };
            out.push_str(&format!("{sign}{:02}", exponent.abs()));
        }
        out
    }
}
