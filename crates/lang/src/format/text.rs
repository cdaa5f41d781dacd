//! Text: `format()` of a str, CPython's `repr()` and `ascii()` of a str, and the Unicode
//! predicates (`isprintable`, `isspace`, decimal digit values) they and the parsers need.

use super::spec::{check_grouping, unknown_format_code, Align, FormatSpec, Sign};
use super::{value_error, FormatError};
use cpython_text::unicode_tables::{DECIMAL_ZEROS, NON_PRINTABLE, WHITESPACE};

/// `format(s, spec)` for a str. Only the `s` type (or none) is allowed; a sign, `z`, `#`, `=`
/// alignment or thousands separator is a `ValueError` with CPython's message. The precision
/// keeps at most that many characters; the default alignment is left.
pub fn format_str(s: &str, spec: &FormatSpec) -> Result<String, FormatError> {
    format_str_named(s, spec, "str")
}

pub(crate) fn format_str_named(
    s: &str,
    spec: &FormatSpec,
    type_name: &str,
) -> Result<String, FormatError> {
    check_grouping(spec, Some('s'))?;
    if let Some(code) = spec.ty.filter(|code| *code != 's') {
        return Err(unknown_format_code(code, type_name));
    }
    match spec.sign {
        Some(Sign::Space) => {
            return Err(value_error("Space not allowed in string format specifier"))
        }
        Some(_) => return Err(value_error("Sign not allowed in string format specifier")),
        None => {}
    }
    if spec.coerce_negative_zero {
        return Err(value_error(
            "Negative zero coercion (z) not allowed in string format specifier",
        ));
    }
    if spec.alternate {
        return Err(value_error(
            "Alternate form (#) not allowed in string format specifier",
        ));
    }
    if spec.align == Some(Align::AfterSign) {
        return Err(value_error(
            "'=' alignment not allowed in string format specifier",
        ));
    }
    let kept: &str = match spec.precision {
        Some(precision) => match s.char_indices().nth(precision) {
            Some((end, _)) => &s[..end],
            None => s,
        },
        None => s,
    };
    let len = kept.chars().count();
    Ok(pad(
        kept,
        len,
        spec.width,
        spec.align.unwrap_or(Align::Left),
        spec.fill,
    ))
}

/// Pads `text` (of `len` characters) to `width` with `fill`. Strings refuse `AfterSign`
/// before they get here; it is treated as left.
fn pad(text: &str, len: usize, width: Option<usize>, align: Align, fill: char) -> String {
    let total = width.unwrap_or(0).max(len);
    let padding = total - len;
    let left = match align {
        Align::Right => padding,
        Align::Center => padding / 2,
        Align::Left | Align::AfterSign => 0,
    };
    let mut out = String::with_capacity(text.len() + padding * fill.len_utf8());
    out.extend(std::iter::repeat_n(fill, left));
    out.push_str(text);
    out.extend(std::iter::repeat_n(fill, padding - left));
    out
}

/// `repr(s)` of a Python str: single quotes unless the text contains `'` and no `"`;
/// `\\`, `\n`, `\r`, `\t` and the quote escaped; other control characters and `\x7f` as
/// `\xNN`; non-printable non-ASCII as `\xNN`, `\uNNNN` or `\UNNNNNNNN`; printable
/// non-ASCII kept as is.
pub fn str_repr(s: &str) -> String {
    quote(s, false)
}

/// `ascii(s)` of a Python str: like [`str_repr`], but every non-ASCII character is escaped.
pub fn str_ascii(s: &str) -> String {
    quote(s, true)
}

fn quote(s: &str, ascii_only: bool) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            ' '..='~' => out.push(c),
            c if !c.is_ascii() && !ascii_only && is_printable(c) => out.push(c),
            c => {
                let code = c as u32;
                if code < 0x100 {
                    out.push_str(&format!("\\x{code:02x}"));
                } else if code < 0x10000 {
                    out.push_str(&format!("\\u{code:04x}"));
                } else {
                    out.push_str(&format!("\\U{code:08x}"));
                }
            }
        }
    }
    out.push(quote);
    out
}

/// `c.isprintable()` as CPython 3.11 answers it.
pub(crate) fn is_printable(c: char) -> bool {
    let code = c as u32;
    let index = NON_PRINTABLE.partition_point(|&(_, last)| last < code);
    match NON_PRINTABLE.get(index) {
        Some(&(first, _)) => code < first,
        None => true,
    }
}

/// `c.isspace()` as CPython 3.11 answers it (this includes `\x1c`..`\x1f`, which Rust's
/// `char::is_whitespace` does not).
pub(crate) fn is_space(c: char) -> bool {
    WHITESPACE.binary_search(&(c as u32)).is_ok()
}

/// The value of a Unicode decimal digit (category Nd: `'7'`, `'٧'`, `'７'`), as CPython's
/// `Py_UNICODE_TODECIMAL` gives it.
pub(crate) fn decimal_value(c: char) -> Option<u32> {
    if c.is_ascii_digit() {
        return Some(c as u32 - '0' as u32);
    }
    let code = c as u32;
    let index = DECIMAL_ZEROS.partition_point(|&zero| zero <= code);
    let zero = *DECIMAL_ZEROS.get(index.checked_sub(1)?)?;
    let value = code - zero;
    (value < 10).then_some(value)
}
