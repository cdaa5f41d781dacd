//! `int(s, base)` and `float(s)` of a str, accepting and refusing exactly what CPython 3.11
//! does (`PyLong_FromString`, `float_from_string_inner`), with its `ValueError` messages.

use num_bigint::BigInt;
use num_traits::Zero;

use super::text::{decimal_value, is_space, str_repr};
use super::{value_error, FormatError, MAX_INT_STR_DIGITS};
use cpython_text::parse_f64;

/// `int(s, base)`. Surrounding whitespace is skipped, then an optional sign, then (when
/// `base` is 0, or matches) a `0x`/`0o`/`0b` prefix, then digits with single underscores
/// between them. Base 0 reads the base from the prefix and refuses leading zeros on non-zero
/// numbers. Unicode decimal digits and whitespace count as their ASCII equivalents.
///
/// Errors (all `ValueError`): "invalid literal for int() with base 10: 'x'" (the repr cut to
/// 200 characters, as CPython does), "int() base must be >= 2 and <= 36, or 0" (pass any
/// out-of-range base, e.g. a negative one, as 37), and CPython's "Exceeds the limit (4300
/// digits)" for long decimal strings.
pub fn parse_int(s: &str, base: u32) -> Result<BigInt, FormatError> {
    if base == 1 || base > 36 {
        return Err(value_error("int() base must be >= 2 and <= 36, or 0"));
    }
    let invalid = || {
        let repr: String = str_repr(s).chars().take(200).collect();
        value_error(format!(
            "invalid literal for int() with base {base}: {repr}"
        ))
    };
    let text = to_ascii_digits_and_spaces(s);
    let mut pos = skip_spaces(&text, 0);
    let negative = text.get(pos) == Some(&b'-');
    if matches!(text.get(pos), Some(b'+' | b'-')) {
        pos += 1;
    }
    let (base, error_if_nonzero, digits_start) = resolve_base(&text, pos, base);
    if text.get(digits_start) == Some(&b'_') {
        return Err(invalid());
    }
    let (digits, digits_end) = scan_digits(&text, digits_start, base).ok_or_else(invalid)?;
    if !base.is_power_of_two() && digits.len() > MAX_INT_STR_DIGITS {
        return Err(value_error(format!(
            "Exceeds the limit ({MAX_INT_STR_DIGITS} digits) for integer string conversion: \
             value has {} digits; use sys.set_int_max_str_digits() to increase the limit",
            digits.len()
        )));
    }
    if digits.is_empty() || skip_spaces(&text, digits_end) != text.len() {
        return Err(invalid());
    }
    let magnitude = BigInt::parse_bytes(&digits, base).ok_or_else(invalid)?;
    if error_if_nonzero && !magnitude.is_zero() {
        return Err(invalid());
    }
    Ok(if negative { -magnitude } else { magnitude })
}

/// The base of an int literal starting at `pos`, whether it is an old-style octal literal
/// (base 0 with a leading zero: only zero itself is allowed), and where its digits start
/// (after a `0x`/`0o`/`0b` prefix matching the base, and one optional underscore).
fn resolve_base(text: &[u8], pos: usize, base: u32) -> (u32, bool, usize) {
    let first = text.get(pos).copied();
    let second = text.get(pos + 1).map(u8::to_ascii_lowercase);
    let prefix_base = match (first, second) {
        (Some(b'0'), Some(b'x')) => Some(16),
        (Some(b'0'), Some(b'o')) => Some(8),
        (Some(b'0'), Some(b'b')) => Some(2),
        _ => None,
    };
    let mut error_if_nonzero = false;
    let base = match (base, prefix_base) {
        (0, Some(prefix_base)) => prefix_base,
        (0, None) => {
            error_if_nonzero = first == Some(b'0');
            10
        }
        (base, _) => base,
    };
    let mut start = pos;
    if prefix_base == Some(base) {
        start += 2;
        if text.get(start) == Some(&b'_') {
            start += 1;
        }
    }
    (base, error_if_nonzero, start)
}

/// The digits (underscores dropped) of the run of base-`base` digits and single underscores
/// at `pos`, and where the run ends; `None` for a doubled or trailing underscore.
fn scan_digits(text: &[u8], pos: usize, base: u32) -> Option<(Vec<u8>, usize)> {
    let mut digits = Vec::new();
    let mut previous = None;
    let mut end = pos;
    while let Some(&b) = text.get(end) {
        if b == b'_' {
            if previous == Some(b'_') {
                return None;
            }
        } else if digit_value(b).is_some_and(|value| value < base) {
            digits.push(b);
        } else {
            break;
        }
        previous = Some(b);
        end += 1;
    }
    if previous == Some(b'_') {
        return None;
    }
    Some((digits, end))
}

/// The index of the first byte at or after `pos` that is not ASCII whitespace.
fn skip_spaces(text: &[u8], pos: usize) -> usize {
    pos + text[pos.min(text.len())..]
        .iter()
        .take_while(|&&b| is_ascii_space(b))
        .count()
}

/// `float(s)`: `"1.5"`, `" -2e3 "`, `"inf"`, `"-Infinity"`, `"nan"`, `"1_000.5"`; surrounding
/// whitespace and single underscores between digits allowed, Unicode digits read as ASCII.
/// The error is a `ValueError`: "could not convert string to float: 'x'" (the full repr).
pub fn parse_float(s: &str) -> Result<f64, FormatError> {
    let invalid = || {
        value_error(format!(
            "could not convert string to float: {}",
            str_repr(s)
        ))
    };
    let mut text = to_ascii_digits_and_spaces(s);
    if text.contains(&b'_') {
        let is_digit_at = |index: Option<usize>| {
            index
                .and_then(|index| text.get(index))
                .is_some_and(u8::is_ascii_digit)
        };
        for (index, &b) in text.iter().enumerate() {
            if b == b'_' && !(is_digit_at(index.checked_sub(1)) && is_digit_at(Some(index + 1))) {
                return Err(invalid());
            }
        }
        text.retain(|&b| b != b'_');
    }
    let start = text
        .iter()
        .position(|&b| !is_ascii_space(b))
        .unwrap_or(text.len());
    let end = text
        .iter()
        .rposition(|&b| !is_ascii_space(b))
        .map_or(start, |last| last + 1);
    // What is left is Rust's float grammar (sign, digits, point, exponent, `inf`, `infinity`,
    // `nan`), which is Python's once spaces and underscores are gone.
    std::str::from_utf8(&text[start..end])
        .ok()
        .and_then(parse_f64)
        .ok_or_else(invalid)
}

/// CPython's `_PyUnicode_TransformDecimalAndSpaceToASCII`: Unicode whitespace becomes `' '`,
/// Unicode decimal digits their ASCII digit, other non-ASCII characters a byte that no
/// parser accepts.
fn to_ascii_digits_and_spaces(s: &str) -> Vec<u8> {
    const REFUSED: u8 = 0xFF;
    s.chars()
        .map(|c| {
            if c.is_ascii() {
                c as u8
            } else if is_space(c) {
                b' '
            } else if let Some(value) = decimal_value(c) {
                b'0' + value as u8
            } else {
                REFUSED
            }
        })
        .collect()
}

/// CPython's `Py_ISSPACE`: the ASCII whitespace the number parsers skip.
fn is_ascii_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
}

/// The value of an ASCII digit or letter (`'a'`/`'A'` = 10 ... `'z'` = 35).
fn digit_value(b: u8) -> Option<u32> {
    match b {
        b'0'..=b'9' => Some((b - b'0') as u32),
        b'a'..=b'z' => Some((b - b'a') as u32 + 10),
        b'A'..=b'Z' => Some((b - b'A') as u32 + 10),
        _ => None,
    }
}
