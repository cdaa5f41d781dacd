//! CPython 3.11's text conversions as plain functions over Rust strings: decimal text to the
//! nearest float, the Unicode case mappings of `str.lower()` and friends, and the Unicode
//! tables behind `str.isprintable()`, `str.isspace()` and decimal digits.
//!
//! A crate of its own because three layers need them and none may depend on another for it:
//! the language (`float()`, literals, `repr`, the `str` methods), the engine's plain-Rust
//! modules (tensor printing, device names and graph names, which TensorFlow's Python lowers
//! and uppers), and the page's forms. It also keeps Rust's own versions out of the web bundle:
//! Rust's float parser carries a 10 KB table of powers of five and `to_lowercase` /
//! `to_uppercase` about 24 KB of case pairs, neither of which gzip shrinks much, and Rust
//! follows a newer Unicode than the CPython 3.11 (Unicode 14.0) the playground emulates.
//!
//! Module map:
//! - `decimal_to_float`: [`parse_f64`] and [`biguint_to_f64`], correctly rounded.
//! - [`float_to_decimal`]: a float's shortest and exact decimal digits, and Rust's `{:e}`,
//!   `{:.N$e}`, `{}` and `{:.N$}` texts without Rust's float formatting.
//! - `case`: [`str_lower`], [`str_upper`], [`str_casefold`], [`str_title`],
//!   [`str_capitalize`], [`str_swapcase`] and the case predicates.
//! - [`unicode_tables`]: generated from CPython 3.11's `unicodedata` by
//!   `crates/lang/tests/data/gen_unicode_tables.py`; never edited by hand.

mod case;
mod decimal_to_float;
pub mod float_to_decimal;
// Generated; kept exactly as `crates/lang/tests/data/gen_unicode_tables.py` writes it.
#[rustfmt::skip]
pub mod unicode_tables;

pub use case::{
    str_capitalize, str_casefold, str_islower, str_istitle, str_isupper, str_lower, str_swapcase,
    str_title, str_upper,
};
pub use decimal_to_float::{biguint_to_f64, parse_f64};
