//! The format-spec mini-language of `format()`, f-strings and `str.format`:
//! `[[fill]align][sign][z][#][0][width][grouping][.precision][type]`, parsed the way CPython
//! 3.11's `parse_internal_render_format_spec` does, with the same error messages.

use super::text::decimal_value;
use super::{value_error, FormatError, MAX_WIDTH_OR_PRECISION};

/// A parsed format spec. Parsing knows nothing of the value being formatted; each
/// `format_*` function then checks which fields make sense for its type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatSpec {
    /// The padding character: `' '` unless given before an alignment, or `'0'` when the
    /// spec used the `0` flag without an explicit fill.
    pub fill: char,
    /// `None` when the spec gave no alignment: numbers then align right (or after the sign
    /// when `zero_pad` is set) and strings align left.
    pub align: Option<Align>,
    /// `None` when the spec gave no sign; numbers then behave as with [`Sign::Minus`], but
    /// strings refuse any explicit sign, even `-`.
    pub sign: Option<Sign>,
    /// The `z` flag (PEP 682): a float that rounds to negative zero prints as positive zero.
    pub coerce_negative_zero: bool,
    /// The `#` flag: `0x`/`0o`/`0b` prefixes for ints, a kept decimal point for floats.
    pub alternate: bool,
    /// The `0` flag: fill with zeros (see `fill`) and, for numbers without an explicit
    /// alignment, pad between the sign and the digits.
    pub zero_pad: bool,
    /// The minimum width in characters.
    pub width: Option<usize>,
    /// The thousands separator: `','` or `'_'`.
    pub grouping: Option<char>,
    /// Digits after the point (`f`, `e`, `%`), significant digits (`g`, none), or the maximum
    /// number of characters kept (strings).
    pub precision: Option<usize>,
    /// The presentation type (`d`, `x`, `f`, `s`, ...), `None` for the type's default.
    pub ty: Option<char>,
}

/// Where the value sits in a field wider than itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// `<`
    Left,
    /// `>`
    Right,
    /// `^`: extra padding goes on the right when it cannot be split evenly.
    Center,
    /// `=`: padding goes between the sign (and `0x` prefix) and the digits; numbers only.
    AfterSign,
}

/// Which non-negative numbers get a sign character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sign {
    /// `-`: only negative numbers are signed (the default).
    Minus,
    /// `+`: every number is signed.
    Plus,
    /// ` `: non-negative numbers get a leading space.
    Space,
}

impl Default for FormatSpec {
    /// The empty spec `''`.
    fn default() -> FormatSpec {
        FormatSpec {
            fill: ' ',
            align: None,
            sign: None,
            coerce_negative_zero: false,
            alternate: false,
            zero_pad: false,
            width: None,
            grouping: None,
            precision: None,
            ty: None,
        }
    }
}

impl Align {
    fn from_char(c: char) -> Option<Align> {
        match c {
            '<' => Some(Align::Left),
            '>' => Some(Align::Right),
            '^' => Some(Align::Center),
            '=' => Some(Align::AfterSign),
            _ => None,
        }
    }
}

impl Sign {
    fn from_char(c: char) -> Option<Sign> {
        match c {
            '-' => Some(Sign::Minus),
            '+' => Some(Sign::Plus),
            ' ' => Some(Sign::Space),
            _ => None,
        }
    }
}

/// Parses a format spec. `type_name` is the Python type whose `__format__` is running (`int`,
/// `float`, `str`, `bool`, ...): CPython names it in the "Invalid format specifier" message.
///
/// Errors are `ValueError`s: "Invalid format specifier '..' for object of type '..'",
/// "Format specifier missing precision", "Cannot specify both ',' and '_'.", and "Too many
/// decimal digits in format string" for a width or precision above
/// [`MAX_WIDTH_OR_PRECISION`].
pub fn parse_format_spec(spec: &str, type_name: &str) -> Result<FormatSpec, FormatError> {
    let chars: Vec<char> = spec.chars().collect();
    let mut res = FormatSpec::default();
    let mut pos = 0;

    let mut fill_specified = false;
    if let Some(align) = chars.get(1).copied().and_then(Align::from_char) {
        res.fill = chars[0];
        res.align = Some(align);
        fill_specified = true;
        pos = 2;
    } else if let Some(align) = chars.first().copied().and_then(Align::from_char) {
        res.align = Some(align);
        pos = 1;
    }
    if let Some(sign) = chars.get(pos).copied().and_then(Sign::from_char) {
        res.sign = Some(sign);
        pos += 1;
    }
    if chars.get(pos) == Some(&'z') {
        res.coerce_negative_zero = true;
        pos += 1;
    }
    if chars.get(pos) == Some(&'#') {
        res.alternate = true;
        pos += 1;
    }
    if !fill_specified && chars.get(pos) == Some(&'0') {
        res.fill = '0';
        res.zero_pad = true;
        pos += 1;
    }
    res.width = parse_integer(&chars, &mut pos)?;

    if chars.get(pos) == Some(&',') {
        res.grouping = Some(',');
        pos += 1;
    }
    if chars.get(pos) == Some(&'_') {
        if res.grouping.is_some() {
            return Err(both_separators());
        }
        res.grouping = Some('_');
        pos += 1;
    }
    if chars.get(pos) == Some(&',') && res.grouping == Some('_') {
        return Err(both_separators());
    }

    if chars.get(pos) == Some(&'.') {
        pos += 1;
        match parse_integer(&chars, &mut pos)? {
            Some(precision) => res.precision = Some(precision),
            None => return Err(value_error("Format specifier missing precision")),
        }
    }

    match chars.len() - pos {
        0 => {}
        1 => res.ty = Some(chars[pos]),
        _ => {
            return Err(value_error(format!(
                "Invalid format specifier '{spec}' for object of type '{type_name}'"
            )))
        }
    }
    Ok(res)
}

/// Reads a run of decimal digits (any Unicode decimal digits, as CPython's `get_integer`
/// accepts) at `pos`. `None` when there are no digits.
fn parse_integer(chars: &[char], pos: &mut usize) -> Result<Option<usize>, FormatError> {
    let start = *pos;
    let mut value: usize = 0;
    while let Some(digit) = chars.get(*pos).copied().and_then(decimal_value) {
        value = value * 10 + digit as usize;
        if value > MAX_WIDTH_OR_PRECISION {
            return Err(value_error("Too many decimal digits in format string"));
        }
        *pos += 1;
    }
    Ok((*pos > start).then_some(value))
}

fn both_separators() -> FormatError {
    value_error("Cannot specify both ',' and '_'.")
}

/// The check CPython makes right after parsing: a thousands separator only goes with the
/// presentation types that group digits. `default_type` is the type used when the spec gives
/// none (`'d'` for int, `None` for float, `'s'` for str).
pub(crate) fn check_grouping(
    spec: &FormatSpec,
    default_type: Option<char>,
) -> Result<(), FormatError> {
    let Some(separator) = spec.grouping else {
        return Ok(());
    };
    let ty = spec.ty.or(default_type);
    let allowed = match ty {
        None | Some('d' | 'e' | 'f' | 'g' | 'E' | 'G' | '%' | 'F') => true,
        Some('b' | 'o' | 'x' | 'X') => separator == '_',
        Some(_) => false,
    };
    if allowed {
        return Ok(());
    }
    let ty = ty.unwrap_or('\0');
    Err(value_error(format!(
        "Cannot specify '{separator}' with {}.",
        quoted_code(ty)
    )))
}

/// A presentation type as CPython quotes it in messages: `'x'` for printable ASCII, `'\x1f'`
/// style (without zero padding) for anything else.
pub(crate) fn quoted_code(code: char) -> String {
    let value = code as u32;
    if value > 32 && value < 128 {
        format!("'{code}'")
    } else {
        format!("'\\x{value:x}'")
    }
}

/// CPython's "Unknown format code" error for a presentation type the value's type lacks.
pub(crate) fn unknown_format_code(code: char, type_name: &str) -> FormatError {
    value_error(format!(
        "Unknown format code {} for object of type '{type_name}'",
        quoted_code(code)
    ))
}
