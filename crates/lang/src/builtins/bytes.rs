//! `str.encode`, `bytes.decode` and the `bytes` methods programs use (`join`, `split`,
//! `startswith`, `replace`, `hex`, ...), with the codecs text files and protocols need
//! (UTF-8, ASCII, Latin-1, UTF-16 and UTF-32 with or without a byte-order mark) and
//! CPython's `errors=` handlers and error texts.

use std::rc::Rc;

use super::types::{add_method, Types};
use crate::value::{Args, PyResult, Value};
use crate::vm::Vm;

/// A codec by the names CPython accepts for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Codec {
    Utf8,
    Ascii,
    Latin1,
    /// UTF-16 in `units` of 2 bytes or UTF-32 in units of 4: `big` endian, little, or
    /// (`None`) with a byte-order mark (little-endian when encoding, as CPython on
    /// little-endian hosts).
    Wide {
        unit: usize,
        big: Option<bool>,
    },
}

impl Codec {
    fn lookup(name: &str) -> Option<Codec> {
        let normalized = name.trim().to_ascii_lowercase().replace('_', "-");
        match normalized.as_str() {
            "utf-8" | "utf8" | "u8" | "utf" | "cp65001" => Some(Codec::Utf8),
            "ascii" | "us-ascii" | "646" => Some(Codec::Ascii),
            "latin-1" | "latin1" | "iso-8859-1" | "iso8859-1" | "l1" | "8859" | "cp819"
            | "latin" => Some(Codec::Latin1),
            "utf-16" | "utf16" | "u16" => Some(Codec::Wide { unit: 2, big: None }),
            "utf-16-le" | "utf-16le" | "utf16le" => Some(Codec::Wide {
                unit: 2,
                big: Some(false),
            }),
            "utf-16-be" | "utf-16be" | "utf16be" => Some(Codec::Wide {
                unit: 2,
                big: Some(true),
            }),
            "utf-32" | "utf32" | "u32" => Some(Codec::Wide { unit: 4, big: None }),
            "utf-32-le" | "utf-32le" | "utf32le" => Some(Codec::Wide {
                unit: 4,
                big: Some(false),
            }),
            "utf-32-be" | "utf-32be" | "utf32be" => Some(Codec::Wide {
                unit: 4,
                big: Some(true),
            }),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Codec::Utf8 => "utf-8",
            Codec::Ascii => "ascii",
            Codec::Latin1 => "latin-1",
            Codec::Wide { unit: 2, big: None } => "utf-16",
            Codec::Wide {
                unit: 2,
                big: Some(false),
            } => "utf-16-le",
            Codec::Wide {
                unit: 2,
                big: Some(true),
            } => "utf-16-be",
            Codec::Wide { big: None, .. } => "utf-32",
            Codec::Wide {
                big: Some(false), ..
            } => "utf-32-le",
            Codec::Wide { .. } => "utf-32-be",
        }
    }

    /// The largest code point the codec encodes.
    fn limit(self) -> u32 {
        match self {
            Codec::Utf8 | Codec::Wide { .. } => u32::MAX,
            Codec::Ascii => 0x7f,
            Codec::Latin1 => 0xff,
        }
    }
}

fn str_arg(vm: &Vm<'_>, v: Option<&Value>, func: &str, what: &str) -> PyResult<Option<String>> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(Value::Str(s)) => Ok(Some(s.as_str().to_string())),
        Some(other) => Err(vm.type_error(format!(
            "{func}() argument '{what}' must be str, not {}",
            vm.type_name(other)
        ))),
    }
}

/// `(codec, errors)` of an `encode`/`decode` call.
fn codec_args(vm: &Vm<'_>, args: &Args<'_>, func: &str) -> PyResult<(Codec, String)> {
    let bound = crate::host::bind_args(vm, func, args, &["self", "encoding", "errors"], 1)?;
    let encoding = str_arg(vm, bound[1].as_ref(), func, "encoding")?.unwrap_or("utf-8".into());
    let errors = str_arg(vm, bound[2].as_ref(), func, "errors")?.unwrap_or("strict".into());
    match Codec::lookup(&encoding) {
        Some(codec) => Ok((codec, errors)),
        None => Err(vm.new_error(
            &vm.exc_types().lookup_error,
            format!("unknown encoding: {encoding}"),
        )),
    }
}

fn unknown_handler(vm: &Vm<'_>, errors: &str) -> crate::exceptions::Exception {
    vm.new_error(
        &vm.exc_types().lookup_error,
        format!("unknown error handler name '{errors}'"),
    )
}

fn encode(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let Some(Value::Str(s)) = args.get(0) else {
        return Err(vm.type_error("descriptor 'encode' requires a 'str' object"));
    };
    let s = s.clone();
    let (codec, errors) = codec_args(vm, &args, "encode")?;
    vm.charge_bytes(s.as_str().len())?;
    if codec == Codec::Utf8 {
        return Ok(Value::Bytes(Rc::new(s.as_str().as_bytes().to_vec())));
    }
    if let Codec::Wide { unit, big } = codec {
        return Ok(Value::Bytes(Rc::new(encode_wide(s.as_str(), unit, big))));
    }
    let mut out = Vec::with_capacity(s.as_str().len());
    for (position, c) in s.as_str().chars().enumerate() {
        if (c as u32) <= codec.limit() {
            out.push(c as u32 as u8);
            continue;
        }
        match errors.as_str() {
            "strict" => {
                let shown = crate::format::str_repr(&c.to_string());
                return Err(vm.new_error(
                    &vm.exc_types().unicode_encode_error,
                    format!(
                        "'{}' codec can't encode character {} in position {position}: \
                         ordinal not in range({})",
                        codec.name(),
                        escape_char(c, &shown),
                        codec.limit() + 1
                    ),
                ));
            }
            "ignore" => {}
            "replace" => out.push(b'?'),
            "backslashreplace" => {
                let code = c as u32;
                let text = if code <= 0xff {
                    format!("\\x{code:02x}")
                } else if code <= 0xffff {
                    format!("\\u{code:04x}")
                } else {
                    format!("\\U{code:08x}")
                };
                out.extend_from_slice(text.as_bytes());
            }
            "xmlcharrefreplace" => out.extend_from_slice(format!("&#{};", c as u32).as_bytes()),
            other => return Err(unknown_handler(vm, other)),
        }
    }
    Ok(Value::Bytes(Rc::new(out)))
}

/// A character as CPython's codec errors show it (`'\xe9'`).
fn escape_char(c: char, repr: &str) -> String {
    let code = c as u32;
    if code <= 0xff && !c.is_ascii_graphic() {
        format!("'\\x{code:02x}'")
    } else if (0x80..=0xffff).contains(&code) && !c.is_alphanumeric() {
        format!("'\\u{code:04x}'")
    } else {
        repr.to_string()
    }
}

fn decode(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let Some(Value::Bytes(b)) = args.get(0) else {
        return Err(vm.type_error("decode() requires a bytes object"));
    };
    let b = b.clone();
    let (codec, errors) = codec_args(vm, &args, "decode")?;
    vm.charge_bytes(b.len())?;
    match codec {
        Codec::Latin1 => Ok(Value::str(b.iter().map(|&x| x as char).collect::<String>())),
        Codec::Ascii => {
            let mut out = String::with_capacity(b.len());
            for (position, &x) in b.iter().enumerate() {
                if x < 0x80 {
                    out.push(x as char);
                    continue;
                }
                match errors.as_str() {
                    "strict" => {
                        return Err(vm.new_error(
                            &vm.exc_types().unicode_decode_error,
                            format!(
                                "'ascii' codec can't decode byte 0x{x:02x} in position \
                                 {position}: ordinal not in range(128)"
                            ),
                        ))
                    }
                    "ignore" => {}
                    "replace" => out.push('\u{fffd}'),
                    other => return Err(unknown_handler(vm, other)),
                }
            }
            Ok(Value::str(out))
        }
        Codec::Utf8 => decode_utf8(vm, &b, &errors),
        Codec::Wide { unit, big } => decode_wide(vm, &b, codec, unit, big, &errors),
    }
}

/// UTF-16 or UTF-32 bytes of `text`, a byte-order mark first when no order is named.
fn encode_wide(text: &str, unit: usize, big: Option<bool>) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() * unit + unit);
    let push = |out: &mut Vec<u8>, value: u32| {
        let bytes = value.to_le_bytes();
        let bytes = &bytes[..unit];
        if big == Some(true) {
            out.extend(bytes.iter().rev());
        } else {
            out.extend_from_slice(bytes);
        }
    };
    if big.is_none() {
        push(&mut out, 0xfeff);
    }
    for c in text.chars() {
        if unit == 4 {
            push(&mut out, c as u32);
        } else {
            let mut buffer = [0u16; 2];
            for code in c.encode_utf16(&mut buffer) {
                push(&mut out, u32::from(*code));
            }
        }
    }
    out
}

/// Text from UTF-16 or UTF-32 bytes; without a named order, a leading byte-order mark
/// chooses it (little-endian when there is none).
fn decode_wide(
    vm: &mut Vm<'_>,
    bytes: &[u8],
    codec: Codec,
    unit: usize,
    big: Option<bool>,
    errors: &str,
) -> PyResult {
    let mut data = bytes;
    let mut offset = 0;
    let big = match big {
        Some(big) => big,
        None => {
            let little_mark: &[u8] = if unit == 2 {
                &[0xff, 0xfe]
            } else {
                &[0xff, 0xfe, 0, 0]
            };
            let big_mark: &[u8] = if unit == 2 {
                &[0xfe, 0xff]
            } else {
                &[0, 0, 0xfe, 0xff]
            };
            if data.starts_with(little_mark) {
                data = &data[unit..];
                offset = unit;
                false
            } else if data.starts_with(big_mark) {
                data = &data[unit..];
                offset = unit;
                true
            } else {
                false
            }
        }
    };
    let name = match codec {
        Codec::Wide { big: None, .. } if unit == 2 => {
            if big {
                "utf-16-be"
            } else {
                "utf-16-le"
            }
        }
        Codec::Wide { big: None, .. } => {
            if big {
                "utf-32-be"
            } else {
                "utf-32-le"
            }
        }
        other => other.name(),
    };
    let units: Vec<u32> = data
        .chunks_exact(unit)
        .map(|chunk| {
            chunk.iter().enumerate().fold(0u32, |value, (index, byte)| {
                let shift = if big {
                    (unit - 1 - index) * 8
                } else {
                    index * 8
                };
                value | (u32::from(*byte) << shift)
            })
        })
        .collect();
    let mut out = String::with_capacity(units.len());
    let mut index = 0;
    let fail = |vm: &Vm<'_>, position: usize, end: usize, reason: &str| {
        let message = if end > position + 1 {
            format!(
                "'{name}' codec can't decode bytes in position {position}-{}: {reason}",
                end - 1
            )
        } else {
            format!(
                "'{name}' codec can't decode byte 0x{:02x} in position {position}: {reason}",
                bytes.get(position).copied().unwrap_or(0)
            )
        };
        vm.new_error(&vm.exc_types().unicode_decode_error, message)
    };
    while index < units.len() {
        let position = offset + index * unit;
        let code = units[index];
        let (decoded, used) = if unit == 4 {
            (char::from_u32(code), 1)
        } else if (0xd800..0xdc00).contains(&code) {
            match units.get(index + 1) {
                Some(low) if (0xdc00..0xe000).contains(low) => (
                    char::from_u32(0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00)),
                    2,
                ),
                _ => (None, 1),
            }
        } else {
            (char::from_u32(code), 1)
        };
        match decoded {
            Some(c) => out.push(c),
            None => match errors {
                "strict" => {
                    let reason = if unit == 4 {
                        "code point not in range(0x110000)"
                    } else {
                        "illegal encoding"
                    };
                    return Err(fail(vm, position, position + unit, reason));
                }
                "ignore" => {}
                "replace" => out.push('\u{fffd}'),
                other => return Err(unknown_handler(vm, other)),
            },
        }
        index += used;
    }
    let tail = data.len() % unit;
    if tail != 0 {
        match errors {
            "strict" => {
                let position = offset + data.len() - tail;
                return Err(fail(vm, position, offset + data.len(), "truncated data"));
            }
            "ignore" => {}
            "replace" => out.push('\u{fffd}'),
            other => return Err(unknown_handler(vm, other)),
        }
    }
    Ok(Value::str(out))
}

fn decode_utf8(vm: &mut Vm<'_>, b: &[u8], errors: &str) -> PyResult {
    let mut out = String::with_capacity(b.len());
    let mut rest = b;
    let mut offset = 0;
    loop {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                out.push_str(s);
                return Ok(Value::str(out));
            }
            Err(e) => {
                let valid = e.valid_up_to();
                out.push_str(std::str::from_utf8(&rest[..valid]).unwrap_or_default());
                let bad = e.error_len().unwrap_or(rest.len() - valid).max(1);
                match errors {
                    "strict" => {
                        let position = offset + valid;
                        let reason = match e.error_len() {
                            None => "unexpected end of data",
                            Some(_)
                                if (0x80..0xc2).contains(&rest[valid]) || rest[valid] > 0xf4 =>
                            {
                                "invalid start byte"
                            }
                            Some(_) => "invalid continuation byte",
                        };
                        let message = if e.error_len().is_none() && rest.len() - valid > 1 {
                            format!(
                                "'utf-8' codec can't decode bytes in position {position}-{}: \
                                 {reason}",
                                offset + rest.len() - 1
                            )
                        } else {
                            format!(
                                "'utf-8' codec can't decode byte 0x{:02x} in position \
                                 {position}: {reason}",
                                rest[valid]
                            )
                        };
                        return Err(vm.new_error(&vm.exc_types().unicode_decode_error, message));
                    }
                    "ignore" => {}
                    "replace" => out.push('\u{fffd}'),
                    other => return Err(unknown_handler(vm, other)),
                }
                offset += valid + bad;
                rest = &rest[valid + bad..];
            }
        }
    }
}

fn this_bytes(vm: &Vm<'_>, args: &Args<'_>, func: &str) -> PyResult<Rc<Vec<u8>>> {
    match args.get(0) {
        Some(Value::Bytes(b)) => Ok(b.clone()),
        _ => Err(vm.type_error(format!("descriptor '{func}' requires a 'bytes' object"))),
    }
}

fn bytes_arg(vm: &Vm<'_>, v: Option<&Value>, func: &str) -> PyResult<Rc<Vec<u8>>> {
    match v {
        Some(Value::Bytes(b)) => Ok(b.clone()),
        Some(other) => Err(vm.type_error(format!(
            "a bytes-like object is required, not '{}'",
            vm.type_name(other)
        ))),
        None => Err(vm.type_error(format!("{func}() takes at least 1 argument (0 given)"))),
    }
}

fn find_sub(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() {
        return (from <= haystack.len()).then_some(from);
    }
    haystack
        .get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|i| i + from)
}

fn bytes_value(v: Vec<u8>) -> Value {
    Value::Bytes(Rc::new(v))
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// Installs `str.encode`, `bytes.decode` and the `bytes` methods.
pub(crate) fn install(t: &Types) {
    add_method(&t.str, "encode", encode);
    add_method(&t.bytes, "decode", decode);
    add_method(&t.bytes, "join", |vm, args| {
        let sep = this_bytes(vm, &args, "join")?;
        let items = vm.iterate(args.get(1).unwrap_or(&Value::None))?;
        let mut out = Vec::new();
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                out.extend_from_slice(&sep);
            }
            match item {
                Value::Bytes(b) => out.extend_from_slice(b),
                other => {
                    return Err(vm.type_error(format!(
                        "sequence item {i}: expected a bytes-like object, {} found",
                        vm.type_name(other)
                    )))
                }
            }
        }
        vm.charge_bytes(out.len())?;
        Ok(bytes_value(out))
    });
    add_method(&t.bytes, "startswith", |vm, args| {
        let b = this_bytes(vm, &args, "startswith")?;
        let prefix = bytes_arg(vm, args.get(1), "startswith")?;
        Ok(Value::Bool(b.starts_with(&prefix)))
    });
    add_method(&t.bytes, "endswith", |vm, args| {
        let b = this_bytes(vm, &args, "endswith")?;
        let suffix = bytes_arg(vm, args.get(1), "endswith")?;
        Ok(Value::Bool(b.ends_with(&suffix)))
    });
    add_method(&t.bytes, "find", |vm, args| {
        let b = this_bytes(vm, &args, "find")?;
        let needle = bytes_arg(vm, args.get(1), "find")?;
        vm.charge_bytes(b.len())?;
        Ok(Value::Int(
            find_sub(&b, &needle, 0).map_or(-1, |i| i as i64),
        ))
    });
    add_method(&t.bytes, "rfind", |vm, args| {
        let b = this_bytes(vm, &args, "rfind")?;
        let needle = bytes_arg(vm, args.get(1), "rfind")?;
        vm.charge_bytes(b.len())?;
        let found = (0..=b.len().saturating_sub(needle.len()))
            .rev()
            .find(|&i| b.len() >= needle.len() && b[i..i + needle.len()] == needle[..]);
        Ok(Value::Int(found.map_or(-1, |i| i as i64)))
    });
    add_method(&t.bytes, "count", |vm, args| {
        let b = this_bytes(vm, &args, "count")?;
        let needle = bytes_arg(vm, args.get(1), "count")?;
        vm.charge_bytes(b.len())?;
        let mut count = 0;
        let mut from = 0;
        while let Some(i) = find_sub(&b, &needle, from) {
            count += 1;
            from = i + needle.len().max(1);
            if from > b.len() {
                break;
            }
        }
        Ok(Value::Int(count))
    });
    add_method(&t.bytes, "replace", |vm, args| {
        let b = this_bytes(vm, &args, "replace")?;
        let old = bytes_arg(vm, args.get(1), "replace")?;
        let new = bytes_arg(vm, args.get(2), "replace")?;
        vm.charge_bytes(b.len())?;
        if old.is_empty() {
            let mut out = Vec::new();
            for &x in b.iter() {
                out.extend_from_slice(&new);
                out.push(x);
            }
            out.extend_from_slice(&new);
            return Ok(bytes_value(out));
        }
        let mut out = Vec::with_capacity(b.len());
        let mut from = 0;
        while let Some(i) = find_sub(&b, &old, from) {
            out.extend_from_slice(&b[from..i]);
            out.extend_from_slice(&new);
            from = i + old.len();
        }
        out.extend_from_slice(&b[from..]);
        vm.charge_bytes(out.len())?;
        Ok(bytes_value(out))
    });
    add_method(&t.bytes, "split", |vm, args| {
        let b = this_bytes(vm, &args, "split")?;
        let bound = crate::host::bind_args(vm, "split", &args, &["self", "sep", "maxsplit"], 1)?;
        let maxsplit = match &bound[2] {
            Some(Value::Int(n)) if *n >= 0 => *n as usize,
            _ => usize::MAX,
        };
        vm.charge_bytes(b.len())?;
        let mut parts = Vec::new();
        match &bound[1] {
            None | Some(Value::None) => {
                let mut i = 0;
                while i < b.len() {
                    while i < b.len() && is_space(b[i]) {
                        i += 1;
                    }
                    if i >= b.len() {
                        break;
                    }
                    if parts.len() == maxsplit {
                        let mut end = b.len();
                        while end > i && is_space(b[end - 1]) {
                            end -= 1;
                        }
                        parts.push(bytes_value(b[i..end].to_vec()));
                        break;
                    }
                    let start = i;
                    while i < b.len() && !is_space(b[i]) {
                        i += 1;
                    }
                    parts.push(bytes_value(b[start..i].to_vec()));
                }
            }
            Some(sep) => {
                let sep = bytes_arg(vm, Some(sep), "split")?;
                if sep.is_empty() {
                    return Err(vm.value_error("empty separator"));
                }
                let mut from = 0;
                while parts.len() < maxsplit {
                    match find_sub(&b, &sep, from) {
                        Some(i) => {
                            parts.push(bytes_value(b[from..i].to_vec()));
                            from = i + sep.len();
                        }
                        None => break,
                    }
                }
                parts.push(bytes_value(b[from..].to_vec()));
            }
        }
        Ok(Value::list(parts))
    });
    for (name, left, right) in [
        ("strip", true, true),
        ("lstrip", true, false),
        ("rstrip", false, true),
    ] {
        super::types::add_method_closure(&t.bytes, name, move |vm, args| {
            let b = this_bytes(vm, &args, name)?;
            let chars = match args.get(1) {
                None | Some(Value::None) => None,
                Some(v) => Some(bytes_arg(vm, Some(v), name)?),
            };
            let strip = |x: u8| match &chars {
                Some(set) => set.contains(&x),
                None => is_space(x),
            };
            let mut start = 0;
            let mut end = b.len();
            if left {
                while start < end && strip(b[start]) {
                    start += 1;
                }
            }
            if right {
                while end > start && strip(b[end - 1]) {
                    end -= 1;
                }
            }
            Ok(bytes_value(b[start..end].to_vec()))
        });
    }
    add_method(&t.bytes, "upper", |vm, args| {
        Ok(bytes_value(
            this_bytes(vm, &args, "upper")?.to_ascii_uppercase(),
        ))
    });
    add_method(&t.bytes, "lower", |vm, args| {
        Ok(bytes_value(
            this_bytes(vm, &args, "lower")?.to_ascii_lowercase(),
        ))
    });
    add_method(&t.bytes, "hex", |vm, args| {
        let b = this_bytes(vm, &args, "hex")?;
        Ok(Value::str(
            b.iter().map(|x| format!("{x:02x}")).collect::<String>(),
        ))
    });
    add_method(&t.bytes, "isdigit", |vm, args| {
        let b = this_bytes(vm, &args, "isdigit")?;
        Ok(Value::Bool(
            !b.is_empty() && b.iter().all(u8::is_ascii_digit),
        ))
    });
    add_method(&t.bytes, "isalpha", |vm, args| {
        let b = this_bytes(vm, &args, "isalpha")?;
        Ok(Value::Bool(
            !b.is_empty() && b.iter().all(u8::is_ascii_alphabetic),
        ))
    });
    add_method(&t.bytes, "isspace", |vm, args| {
        let b = this_bytes(vm, &args, "isspace")?;
        Ok(Value::Bool(!b.is_empty() && b.iter().all(|&x| is_space(x))))
    });
    add_method(&t.bytes, "splitlines", |vm, args| {
        let b = this_bytes(vm, &args, "splitlines")?;
        let keepends = matches!(args.get(1), Some(Value::Bool(true)));
        let mut lines = Vec::new();
        let mut start = 0;
        let mut i = 0;
        while i < b.len() {
            let end_len = match b[i] {
                b'\r' if b.get(i + 1) == Some(&b'\n') => 2,
                b'\r' | b'\n' => 1,
                _ => 0,
            };
            if end_len > 0 {
                let end = if keepends { i + end_len } else { i };
                lines.push(bytes_value(b[start..end].to_vec()));
                i += end_len;
                start = i;
            } else {
                i += 1;
            }
        }
        if start < b.len() {
            lines.push(bytes_value(b[start..].to_vec()));
        }
        Ok(Value::list(lines))
    });
}
