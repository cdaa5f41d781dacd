//! printf-style formatting, `template % args`, ported from CPython 3.11's `PyUnicode_Format`
//! (`Objects/unicodeobject.c`): conversions `d i u o x X e E f F g G c s r a %`, flags
//! `-+ #0`, width, precision, `*`, `%(key)` mapping lookups, and the same errors in the same
//! order.
//!
//! It takes two calls, because which Python value feeds which conversion, and how the caller
//! must convert it, is only known by walking the template:
//!
//! 1. [`percent_requests`] lists, in order, every argument the template will consume: where
//!    it comes from (a tuple item, the whole operand, or a mapping key) and its conversion.
//! 2. The caller converts each requested value to a [`PercentArg`] (see its docs), and
//!    [`percent_format`] walks the template again and produces the text or CPython's error.

use num_bigint::{BigInt, Sign as BigSign};
use num_traits::ToPrimitive;

use super::float_repr::{double_to_string, float_repr, DoubleFormat, FloatStyle};
use super::number::{code_point, decimal_magnitude, int_repr};
use super::round::{float_to_int, int_to_float};
use super::{value_error, FormatError, MAX_WIDTH_OR_PRECISION};

/// One argument of printf-style formatting, converted by the caller according to the
/// conversion its [`PercentRequest`] names:
///
/// - `s`, `r`, `a`: `Str` of `str(value)`, `repr(value)`, `ascii(value)`.
/// - `d i u o x X`, `e E f F g G`, and `*` (a width or precision): `Int` for an int or bool,
///   `Float` for a float, otherwise `Str` (for a str) or `Other` with the type name; the
///   wrong kinds become CPython's `TypeError`s here.
/// - `c`: `Int` for an int, `Str` of the str itself for a str, otherwise `Other`.
#[derive(Debug, Clone, Copy)]
pub enum PercentArg<'a> {
    /// An int or bool.
    Int(&'a BigInt),
    /// A float.
    Float(f64),
    /// A str, or the text the caller made for `s`, `r` and `a`.
    Str(&'a str),
    /// A value of another type, known only by its type name (`list`, `NoneType`, ...).
    Other(&'a str),
}

/// The shape of the right operand of `%`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PercentOperand {
    /// A tuple of `len` items: its items are the arguments, in order.
    Tuple { len: usize },
    /// Any other value, used as the single argument. `is_mapping` is CPython's test
    /// `PyMapping_Check(v)` for a non-str: true for dicts and also lists (anything with
    /// `__getitem__`); it allows `%(key)s` lookups and silences "not all arguments converted".
    Single { is_mapping: bool },
}

/// Where one argument of the template comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PercentSource {
    /// The tuple item at this index.
    Item(usize),
    /// The whole (non-tuple) operand.
    Whole,
    /// `operand[key]`, from a `%(key)` conversion; a missing key is the caller's `KeyError`.
    Key(String),
}

/// One argument the template consumes, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PercentRequest {
    /// Which value feeds this request.
    pub source: PercentSource,
    /// The conversion character (`d`, `s`, `r`, ...), or `*` for a width or precision.
    pub conversion: char,
}

/// Lists the arguments `template % operand` consumes, in order, so the caller can convert
/// each one (see [`PercentArg`]). The list stops where formatting would fail on the
/// template or on the number of arguments; [`percent_format`] reports that failure.
pub fn percent_requests(template: &str, operand: PercentOperand) -> Vec<PercentRequest> {
    let mut requests = Vec::new();
    let mut walk = Walk::new(template, operand, Feed::Plan(&mut requests));
    // The planning walk's error is reported by `percent_format`, in CPython's order.
    let _ = walk.run();
    requests
}

/// `template % operand`, with `args[i]` the caller's conversion of the `i`-th request of
/// [`percent_requests`] (for the same template and operand).
///
/// Errors are CPython's: `TypeError` "not enough arguments for format string", "not all
/// arguments converted during string formatting", "%d format: a real number is required, not
/// str", "* wants int", "format requires a mapping"; `ValueError` "incomplete format",
/// "unsupported format character 'y' (0x79) at index 3"; `OverflowError` "%c arg not in
/// range(0x110000)". Widths and precisions above `MAX_WIDTH_OR_PRECISION` are a `ValueError`.
pub fn percent_format(
    template: &str,
    operand: PercentOperand,
    args: &[PercentArg<'_>],
) -> Result<String, FormatError> {
    let mut walk = Walk::new(template, operand, Feed::Format { args, next: 0 });
    walk.run()?;
    Ok(walk.out)
}

/// Where arguments come from during a walk: planning records the requests, formatting reads
/// the caller's converted values.
enum Feed<'r, 'a> {
    Plan(&'r mut Vec<PercentRequest>),
    Format {
        args: &'r [PercentArg<'a>],
        next: usize,
    },
}

/// The flags, width and precision of one conversion.
#[derive(Debug, Default)]
struct Conversion {
    left_justify: bool,
    plus: bool,
    blank: bool,
    alternate: bool,
    zero: bool,
    width: Option<usize>,
    precision: Option<usize>,
    character: char,
}

/// CPython's `unicode_formatter_t`: the template cursor and the argument cursor.
struct Walk<'r, 'a> {
    template: Vec<char>,
    pos: usize,
    /// The character last read, as CPython's `arg->ch`; kept when the template runs out.
    current: char,
    /// Set once a read ran past the end (CPython's `fmtcnt < 0`).
    exhausted: bool,
    /// CPython's `arglen`: the tuple length, or -1 for a single value.
    arg_count: i64,
    /// CPython's `argidx`: the next tuple index, or -2 (unused) / -1 (used) for a single value.
    arg_index: i64,
    is_mapping: bool,
    /// The key whose value is the current single value, after a `%(key)`.
    key: Option<String>,
    feed: Feed<'r, 'a>,
    out: String,
}

impl<'r, 'a> Walk<'r, 'a> {
    fn new(template: &str, operand: PercentOperand, feed: Feed<'r, 'a>) -> Walk<'r, 'a> {
        let (arg_count, arg_index, is_mapping) = match operand {
            PercentOperand::Tuple { len } => (len as i64, 0, false),
            PercentOperand::Single { is_mapping } => (-1, -2, is_mapping),
        };
        Walk {
            template: template.chars().collect(),
            pos: 0,
            current: '\0',
            exhausted: false,
            arg_count,
            arg_index,
            is_mapping,
            key: None,
            feed,
            out: String::with_capacity(template.len()),
        }
    }

    fn run(&mut self) -> Result<(), FormatError> {
        while self.pos < self.template.len() {
            let literal_end = self.template[self.pos..]
                .iter()
                .position(|&c| c == '%')
                .map_or(self.template.len(), |offset| self.pos + offset);
            self.out.extend(&self.template[self.pos..literal_end]);
            self.pos = literal_end;
            if self.pos < self.template.len() {
                self.pos += 1;
                self.conversion()?;
            }
        }
        if self.arg_index < self.arg_count && !self.is_mapping {
            return Err(FormatError::TypeError(
                "not all arguments converted during string formatting".to_string(),
            ));
        }
        Ok(())
    }

    /// Reads the next template character into `current`, as CPython's
    /// `if (--fmtcnt >= 0) { ch = READ(fmtpos); fmtpos++; }`.
    fn advance(&mut self) {
        match self.template.get(self.pos) {
            Some(&c) => {
                self.current = c;
                self.pos += 1;
            }
            None => self.exhausted = true,
        }
    }

    /// CPython's `unicode_format_getnextarg`, plus the caller's converted value when
    /// formatting (`None` when planning).
    fn next_arg(&mut self, conversion: char) -> Result<Option<PercentArg<'a>>, FormatError> {
        if self.arg_index >= self.arg_count {
            return Err(FormatError::TypeError(
                "not enough arguments for format string".to_string(),
            ));
        }
        let source = if self.arg_count < 0 {
            match &self.key {
                Some(key) => PercentSource::Key(key.clone()),
                None => PercentSource::Whole,
            }
        } else {
            PercentSource::Item(self.arg_index as usize)
        };
        self.arg_index += 1;
        match &mut self.feed {
            Feed::Plan(requests) => {
                requests.push(PercentRequest { source, conversion });
                Ok(None)
            }
            Feed::Format { args, next } => {
                let arg = args.get(*next).copied().ok_or_else(|| {
                    FormatError::TypeError("not enough arguments for format string".to_string())
                })?;
                *next += 1;
                Ok(Some(arg))
            }
        }
    }

    /// One `%...` conversion; `pos` is just past the `%`.
    fn conversion(&mut self) -> Result<(), FormatError> {
        let first = self.template.get(self.pos).copied();
        if first == Some('%') {
            self.pos += 1;
            self.out.push('%');
            return Ok(());
        }
        self.current = first.unwrap_or('\0');
        if first == Some('(') {
            self.mapping_key()?;
        }
        let conversion = self.parse_conversion()?;
        let arg = self.next_arg(conversion.character)?;
        let Some(arg) = arg else {
            // Planning: the value is not known, and the rest of the walk does not need it.
            return Ok(());
        };
        let (text, numeric) = convert(&conversion, arg, self.pos)?;
        write_padded(&mut self.out, &text, &conversion, numeric);
        Ok(())
    }

    /// `%(key)`: balanced parentheses, then the key's value becomes the single argument.
    fn mapping_key(&mut self) -> Result<(), FormatError> {
        if !self.is_mapping {
            return Err(FormatError::TypeError(
                "format requires a mapping".to_string(),
            ));
        }
        self.pos += 1;
        let key_start = self.pos;
        let mut depth = 1;
        while depth > 0 {
            match self.template.get(self.pos) {
                None => return Err(value_error("incomplete format key")),
                Some(&c) => {
                    self.current = c;
                    if c == ')' {
                        depth -= 1;
                    } else if c == '(' {
                        depth += 1;
                    }
                    self.pos += 1;
                }
            }
        }
        self.key = Some(self.template[key_start..self.pos - 1].iter().collect());
        self.arg_count = -1;
        self.arg_index = -2;
        Ok(())
    }

    /// CPython's `unicode_format_arg_parse` after the key: flags, width, precision, length
    /// modifier. Returns with `current` the conversion character.
    fn parse_conversion(&mut self) -> Result<Conversion, FormatError> {
        let mut conversion = Conversion::default();
        loop {
            self.advance();
            if self.exhausted {
                break;
            }
            match self.current {
                '-' => conversion.left_justify = true,
                '+' => conversion.plus = true,
                ' ' => conversion.blank = true,
                '#' => conversion.alternate = true,
                '0' => conversion.zero = true,
                _ => break,
            }
        }

        if self.current == '*' {
            let width = self.star_value(true)?;
            if let Some(width) = width {
                if width < 0 {
                    conversion.left_justify = true;
                }
                conversion.width = Some(checked_size(width.unsigned_abs(), "width too big")?);
            }
            self.advance();
        } else if let Some(digit) = self.current.to_digit(10) {
            let mut width = digit as usize;
            loop {
                self.advance();
                if self.exhausted {
                    break;
                }
                let Some(digit) = self.current.to_digit(10) else {
                    break;
                };
                width = checked_size((width * 10 + digit as usize) as u64, "width too big")?;
            }
            conversion.width = Some(width);
        }

        if self.current == '.' {
            conversion.precision = Some(0);
            self.advance();
            if self.current == '*' {
                let precision = self.star_value(false)?;
                if let Some(precision) = precision {
                    let precision = precision.max(0) as u64;
                    conversion.precision = Some(checked_size(precision, "precision too big")?);
                }
                self.advance();
            } else if let Some(digit) = self.current.to_digit(10) {
                let mut precision = digit as usize;
                loop {
                    self.advance();
                    if self.exhausted {
                        break;
                    }
                    let Some(digit) = self.current.to_digit(10) else {
                        break;
                    };
                    precision = checked_size(
                        (precision * 10 + digit as usize) as u64,
                        "precision too big",
                    )?;
                }
                conversion.precision = Some(precision);
            }
        }

        if !self.exhausted && matches!(self.current, 'h' | 'l' | 'L') {
            self.advance();
        }
        if self.exhausted {
            return Err(value_error("incomplete format"));
        }
        conversion.character = self.current;
        Ok(conversion)
    }

    /// The int argument of a `*` width (`is_width`) or precision; `None` when planning.
    fn star_value(&mut self, is_width: bool) -> Result<Option<i64>, FormatError> {
        let Some(arg) = self.next_arg('*')? else {
            return Ok(None);
        };
        let PercentArg::Int(value) = arg else {
            return Err(FormatError::TypeError("* wants int".to_string()));
        };
        let value = if is_width {
            value.to_i64().ok_or_else(|| {
                FormatError::OverflowError(
                    "Python int too large to convert to C ssize_t".to_string(),
                )
            })?
        } else {
            value.to_i32().map(i64::from).ok_or_else(|| {
                FormatError::OverflowError("Python int too large to convert to C int".to_string())
            })?
        };
        Ok(Some(value))
    }
}

/// A width or precision, refused past [`MAX_WIDTH_OR_PRECISION`].
fn checked_size(value: u64, message: &str) -> Result<usize, FormatError> {
    if value > MAX_WIDTH_OR_PRECISION as u64 {
        return Err(value_error(message));
    }
    Ok(value as usize)
}

/// CPython's `unicode_format_arg_format`: the unpadded text of one conversion, and whether it
/// is numeric (signs and zero padding apply). `pos` is just past the conversion character.
fn convert(
    conversion: &Conversion,
    arg: PercentArg<'_>,
    pos: usize,
) -> Result<(String, bool), FormatError> {
    match conversion.character {
        's' | 'r' | 'a' => Ok((convert_text(conversion.character, arg)?, false)),
        'i' | 'd' | 'u' | 'o' | 'x' | 'X' => Ok((convert_integer(conversion, arg)?, true)),
        'e' | 'E' | 'f' | 'F' | 'g' | 'G' => Ok((convert_float(conversion, arg)?, true)),
        'c' => Ok((convert_char(arg)?.to_string(), false)),
        other => {
            // CPython shows the character itself only for codes 31 to 126.
            let shown = if ('\x1f'..='~').contains(&other) {
                other
            } else {
                '?'
            };
            Err(value_error(format!(
                "unsupported format character '{shown}' ({:#x}) at index {}",
                other as u32,
                pos - 1
            )))
        }
    }
}

/// `%s`, `%r`, `%a`: the caller already made the text.
fn convert_text(character: char, arg: PercentArg<'_>) -> Result<String, FormatError> {
    match arg {
        PercentArg::Str(text) => Ok(text.to_string()),
        PercentArg::Int(v) => int_repr(v),
        PercentArg::Float(x) => Ok(float_repr(x)),
        PercentArg::Other(type_name) => Err(FormatError::TypeError(format!(
            "%{character} needs the text of the {type_name} object"
        ))),
    }
}

/// CPython's `mainformatlong`: `%d` also takes floats (truncated), `%o %x %X` only ints.
fn convert_integer(conversion: &Conversion, arg: PercentArg<'_>) -> Result<String, FormatError> {
    let character = conversion.character;
    let integer_only = matches!(character, 'o' | 'x' | 'X');
    let wrong_type = |type_name: &str| {
        let needed = if integer_only {
            "an integer"
        } else {
            "a real number"
        };
        FormatError::TypeError(format!(
            "%{character} format: {needed} is required, not {type_name}"
        ))
    };
    let owned;
    let value = match arg {
        PercentArg::Int(v) => v,
        PercentArg::Float(_) if integer_only => return Err(wrong_type("float")),
        PercentArg::Float(x) => {
            owned = float_to_int(x)?;
            &owned
        }
        PercentArg::Str(_) => return Err(wrong_type("str")),
        PercentArg::Other(type_name) => return Err(wrong_type(type_name)),
    };
    format_long(value, conversion.alternate, conversion.precision, character)
}

/// CPython's `formatfloat`: ints are converted to float first.
fn convert_float(conversion: &Conversion, arg: PercentArg<'_>) -> Result<String, FormatError> {
    let x = match arg {
        PercentArg::Float(x) => x,
        PercentArg::Int(v) => int_to_float(v)?,
        PercentArg::Str(_) => return Err(not_real("str")),
        PercentArg::Other(type_name) => return Err(not_real(type_name)),
    };
    let style = match conversion.character.to_ascii_lowercase() {
        'e' => FloatStyle::Exponent,
        'f' => FloatStyle::Fixed,
        _ => FloatStyle::General,
    };
    Ok(double_to_string(
        x,
        &DoubleFormat {
            style,
            precision: conversion.precision.unwrap_or(6),
            upper: conversion.character.is_ascii_uppercase(),
            add_dot_0: false,
            alternate: conversion.alternate,
            coerce_negative_zero: false,
        },
    ))
}

/// CPython's `formatchar`: a one-character str or an int code point.
fn convert_char(arg: PercentArg<'_>) -> Result<char, FormatError> {
    let requires = || FormatError::TypeError("%c requires int or char".to_string());
    match arg {
        PercentArg::Str(text) => {
            let mut chars = text.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Ok(c),
                _ => Err(requires()),
            }
        }
        PercentArg::Int(v) => code_point(v),
        PercentArg::Float(_) | PercentArg::Other(_) => Err(requires()),
    }
}

fn not_real(type_name: &str) -> FormatError {
    FormatError::TypeError(format!("must be real number, not {type_name}"))
}

/// CPython's `_PyUnicode_FormatLong`: sign, `0x`/`0o` prefix when alternate, digits
/// zero-filled to `precision`, upper case for `X`.
fn format_long(
    v: &BigInt,
    alternate: bool,
    precision: Option<usize>,
    character: char,
) -> Result<String, FormatError> {
    let (radix, prefix) = match character {
        'o' => (8, "0o"),
        'x' | 'X' => (16, "0x"),
        _ => (10, ""),
    };
    let digits = if radix == 10 {
        decimal_magnitude(v)?
    } else {
        v.magnitude().to_str_radix(radix)
    };
    let zeros = precision
        .unwrap_or(0)
        .min(MAX_WIDTH_OR_PRECISION)
        .saturating_sub(digits.len());
    let mut text = String::with_capacity(digits.len() + zeros + 3);
    if v.sign() == BigSign::Minus {
        text.push('-');
    }
    if alternate {
        text.push_str(prefix);
    }
    text.extend(std::iter::repeat_n('0', zeros));
    text.push_str(&digits);
    if character == 'X' {
        text.make_ascii_uppercase();
    }
    Ok(text)
}

/// CPython's `unicode_format_arg_output`: precision truncation for `s`/`r`/`a`, the sign
/// (or `+`/space flag) and `0x` prefix before zero padding, space padding elsewhere.
fn write_padded(out: &mut String, text: &str, conversion: &Conversion, numeric: bool) {
    let fill = if numeric && conversion.zero { '0' } else { ' ' };
    let chars: Vec<char> = text.chars().collect();
    let mut len = chars.len();
    let fits_width = conversion.width.is_none_or(|width| width <= len);
    let fits_precision = conversion
        .precision
        .is_none_or(|precision| precision >= len);
    if fits_width && fits_precision && !conversion.plus && !conversion.blank {
        out.push_str(text);
        return;
    }
    if matches!(conversion.character, 's' | 'r' | 'a') {
        if let Some(precision) = conversion.precision {
            len = len.min(precision);
        }
    }

    let mut index = 0;
    let mut sign = None;
    if numeric {
        match chars.first() {
            Some(&c @ ('-' | '+')) => {
                sign = Some(c);
                len -= 1;
                index += 1;
            }
            _ if conversion.plus => sign = Some('+'),
            _ if conversion.blank => sign = Some(' '),
            _ => {}
        }
    }
    let mut width = conversion.width.unwrap_or(0).max(len);
    if let Some(sign) = sign {
        if fill != ' ' {
            out.push(sign);
        }
        if width > len {
            width -= 1;
        }
    }
    // The text of an alternate `o`/`x`/`X` conversion starts (after the sign) with its prefix.
    let has_prefix = conversion.alternate
        && matches!(conversion.character, 'x' | 'X' | 'o')
        && chars.len() >= index + 2
        && len >= 2;
    if has_prefix {
        if fill != ' ' {
            out.extend(&chars[index..index + 2]);
            index += 2;
        }
        width = width.saturating_sub(2);
        len -= 2;
    }
    if width > len && !conversion.left_justify {
        out.extend(std::iter::repeat_n(fill, width - len));
        width = len;
    }
    if fill == ' ' {
        out.extend(sign);
        if has_prefix {
            out.extend(&chars[index..index + 2]);
            index += 2;
        }
    }
    out.extend(&chars[index..index + len]);
    if width > len {
        out.extend(std::iter::repeat_n(' ', width - len));
    }
}
