//! CPython 3.11's number and string formatting, as pure functions over Rust values.
//!
//! The interpreter calls these to make `repr(float)`, `format()`, f-string and `str.format`
//! specs, `%`-formatting, `round()`, `int("..")` and `float("..")` print and fail exactly as
//! CPython does. Nothing here knows about interpreter objects: callers convert their values to
//! `BigInt`, `f64` and `&str` first, and turn a [`FormatError`] into the exception it names.
//!
//! Module map:
//! - `spec`: the `[[fill]align][sign][z][#][0][width][grouping][.precision][type]` mini-language.
//! - `float_repr`: decimal digits of a float and CPython's `PyOS_double_to_string` layouts.
//! - `number`: `format()` for ints and floats (signs, padding, thousands grouping).
//! - `text`: `format()` for str, `repr()` of str, and the Unicode predicates they need.
//! - `percent`: printf-style `template % args`.
//! - `parse`: `int(str, base)` and `float(str)`.
//! - `round`: `round(float, ndigits)` and the exact int/float conversions.
//!
//! Decimal-to-float conversion, the `str` case mappings and the Unicode tables come from the
//! `cpython-text` crate (shared with the engine and the page) and are re-exported here.
//!
//! **Invariant:** no input makes these functions panic or allocate without bound. Widths and
//! precisions above [`MAX_WIDTH_OR_PRECISION`] are refused with a `ValueError`, and decimal
//! conversions of ints are limited to CPython's default 4300 digits.
//!
//! Tests live in `crates/lang/tests/format.rs`; their tables are generated from python3 by the
//! scripts in `crates/lang/tests/data/`.

mod float_repr;
mod number;
mod parse;
mod percent;
mod round;
mod spec;
mod text;

// CPython's text conversions live in their own crate, which the engine and the page share;
// the language re-exports them for its hosts.
pub use cpython_text::{
    biguint_to_f64, parse_f64, str_capitalize, str_casefold, str_islower, str_istitle, str_isupper,
    str_lower, str_swapcase, str_title, str_upper,
};
pub use float_repr::float_repr;
pub use number::{
    format_float, format_int, format_value, int_repr, small_int_digits, small_int_repr, FormatValue,
};
pub use parse::{parse_float, parse_int};
pub use percent::{
    percent_format, percent_requests, PercentArg, PercentOperand, PercentRequest, PercentSource,
};
pub use round::{float_to_int, int_to_float, round_float};
pub use spec::{parse_format_spec, Align, FormatSpec, Sign};
pub use text::{format_str, str_ascii, str_repr};

use std::fmt;

/// The largest width or precision a format spec or `%` conversion may ask for. CPython accepts
/// anything up to `sys.maxsize` and then runs out of memory; user programs are hostile, so a
/// larger request fails with a `ValueError` instead: CPython's own overflow messages, "Too
/// many decimal digits in format string" for specs and "width too big" / "precision too big"
/// for `%`.
pub const MAX_WIDTH_OR_PRECISION: usize = 1_000_000;

/// CPython's default `sys.get_int_max_str_digits()`: decimal (and other non power-of-two base)
/// conversions between int and str refuse more digits than this.
pub const MAX_INT_STR_DIGITS: usize = 4300;

/// A formatting failure, tagged with the Python exception class CPython raises for it. The
/// message is CPython's, byte for byte.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormatError {
    /// A bad spec, template, literal or digit count: `ValueError`.
    ValueError(String),
    /// A value of the wrong type for a conversion, or a wrong argument count: `TypeError`.
    TypeError(String),
    /// A number outside what the conversion can represent: `OverflowError`.
    OverflowError(String),
}

impl FormatError {
    /// The Python exception class name: `"ValueError"`, `"TypeError"` or `"OverflowError"`.
    pub fn class_name(&self) -> &'static str {
        match self {
            FormatError::ValueError(_) => "ValueError",
            FormatError::TypeError(_) => "TypeError",
            FormatError::OverflowError(_) => "OverflowError",
        }
    }

    /// The exception message, as `str(exc)` shows it.
    pub fn message(&self) -> &str {
        match self {
            FormatError::ValueError(message)
            | FormatError::TypeError(message)
            | FormatError::OverflowError(message) => message,
        }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.class_name(), self.message())
    }
}

impl std::error::Error for FormatError {}

/// Shorthand for the many `ValueError`s below.
fn value_error(message: impl Into<String>) -> FormatError {
    FormatError::ValueError(message.into())
}

/// The error for an int whose decimal form would exceed [`MAX_INT_STR_DIGITS`].
fn int_too_long_for_str() -> FormatError {
    value_error(format!(
        "Exceeds the limit ({MAX_INT_STR_DIGITS} digits) for integer string conversion; \
         use sys.set_int_max_str_digits() to increase the limit"
    ))
}
