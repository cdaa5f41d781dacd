//! The string kernels behind `tf.strings` (`StringLower`, `StaticRegexReplace`,
//! `StringSplitV2`, ...), element by element on a string tensor's bytes as TensorFlow's
//! CPU kernels do. Patterns follow RE2's syntax, which the `regex` crate shares.

use regex::bytes::Regex;

use crate::{DType, ErrorClass, OpError, OpResult, Shape, Tensor, TensorData};

fn invalid(message: impl Into<String>) -> OpError {
    OpError::python(ErrorClass::InvalidArgument, message)
}

/// The elements of a string tensor.
pub fn string_items<'t>(tensor: &'t Tensor, op: &str) -> OpResult<&'t [Vec<u8>]> {
    match tensor.data() {
        TensorData::String(items) => Ok(items),
        _ => Err(OpError::python(
            ErrorClass::InvalidArgument,
            format!(
                "cannot compute {op} as input #0(zero-based) was expected to be a string \
                 tensor but is a {} tensor",
                tensor.dtype().name()
            ),
        )),
    }
}

/// A string tensor of `shape` from `items`.
fn strings(shape: &Shape, items: Vec<Vec<u8>>) -> OpResult<Tensor> {
    Tensor::new(DType::String, shape.clone(), TensorData::String(items))
}

/// How a string op changes each element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StringMap {
    /// `StringLower` with no encoding: ASCII letters lowered.
    LowerAscii,
    /// `StringUpper` with no encoding.
    UpperAscii,
    /// `StringStrip`: leading and trailing ASCII whitespace removed.
    Strip,
}

/// `StringLower`, `StringUpper`, `StringStrip`.
pub fn map_strings(input: &Tensor, map: StringMap, op: &str) -> OpResult<Tensor> {
    let items = string_items(input, op)?;
    let mapped = items
        .iter()
        .map(|item| match map {
            StringMap::LowerAscii => item.to_ascii_lowercase(),
            StringMap::UpperAscii => item.to_ascii_uppercase(),
            StringMap::Strip => item.trim_ascii().to_vec(),
        })
        .collect();
    strings(input.shape(), mapped)
}

/// A compiled RE2 pattern, or TensorFlow's error for one that does not compile.
pub fn compile(pattern: &str) -> OpResult<Regex> {
    Regex::new(pattern).map_err(|error| {
        invalid(format!(
            "Invalid pattern: {pattern}, error: {}",
            first_line(&error.to_string())
        ))
    })
}

fn first_line(text: &str) -> &str {
    text.lines().last().unwrap_or(text).trim()
}

/// An RE2 rewrite string (`\1` a group, `\\` a backslash) in the `regex` crate's syntax
/// (`${1}`, `$$` for a dollar).
fn rewrite_template(rewrite: &[u8], groups: usize) -> OpResult<Vec<u8>> {
    let mut out = Vec::with_capacity(rewrite.len());
    let mut bytes = rewrite.iter().copied();
    while let Some(byte) = bytes.next() {
        match byte {
            b'\\' => match bytes.next() {
                Some(b'\\') => out.push(b'\\'),
                Some(digit @ b'0'..=b'9') => {
                    let group = usize::from(digit - b'0');
                    if group > groups {
                        return Err(invalid(format!(
                            "Invalid rewrite pattern: {}",
                            String::from_utf8_lossy(rewrite)
                        )));
                    }
                    out.extend_from_slice(format!("${{{group}}}").as_bytes());
                }
                _ => {
                    return Err(invalid(format!(
                        "Invalid rewrite pattern: {}",
                        String::from_utf8_lossy(rewrite)
                    )))
                }
            },
            b'$' => out.extend_from_slice(b"$$"),
            other => out.push(other),
        }
    }
    Ok(out)
}

/// `StaticRegexReplace` / `RegexReplace`: every match (or the first, when not
/// `global`) of `pattern` replaced by `rewrite`.
pub fn regex_replace(
    input: &Tensor,
    pattern: &Regex,
    rewrite: &[u8],
    global: bool,
    op: &str,
) -> OpResult<Tensor> {
    let items = string_items(input, op)?;
    let template = rewrite_template(rewrite, pattern.captures_len() - 1)?;
    let limit = if global { 0 } else { 1 };
    let replaced = items
        .iter()
        .map(|item| {
            pattern
                .replacen(item, limit, template.as_slice())
                .into_owned()
        })
        .collect();
    strings(input.shape(), replaced)
}

/// `StaticRegexFullMatch` / `RegexFullMatch`: whether the whole string matches.
pub fn regex_full_match(input: &Tensor, pattern: &str, op: &str) -> OpResult<Tensor> {
    let anchored = compile(&format!("^(?:{pattern})$"))?;
    compile(pattern)?;
    let items = string_items(input, op)?;
    let matched = items.iter().map(|item| anchored.is_match(item)).collect();
    Tensor::new(
        DType::Bool,
        input.shape().clone(),
        TensorData::Bool(matched),
    )
}

/// `StringLength`: bytes, or UTF-8 characters (`unit='UTF8_CHAR'`), as int32.
pub fn string_length(input: &Tensor, utf8_chars: bool) -> OpResult<Tensor> {
    let items = string_items(input, "StringLength")?;
    let lengths = items
        .iter()
        .map(|item| {
            if utf8_chars {
                item.iter().filter(|byte| (**byte & 0xc0) != 0x80).count() as i32
            } else {
                item.len() as i32
            }
        })
        .collect();
    Tensor::new(
        DType::Int32,
        input.shape().clone(),
        TensorData::Int32(lengths),
    )
}

/// `StringToHashBucketFast`: each string's FarmHash fingerprint modulo `buckets`.
pub fn to_hash_bucket_fast(input: &Tensor, buckets: i64) -> OpResult<Tensor> {
    let items = string_items(input, "StringToHashBucketFast")?;
    if buckets <= 0 {
        return Err(invalid(format!(
            "Number of buckets must be at least 1, got {buckets}"
        )));
    }
    let hashed = items
        .iter()
        .map(|item| (super::fingerprint::fingerprint64(item) % buckets as u64) as i64)
        .collect();
    Tensor::new(
        DType::Int64,
        input.shape().clone(),
        TensorData::Int64(hashed),
    )
}

/// `StringToHashBucketStrong`: each string's SipHash-2-4 under the 128-bit `key` (two
/// 64-bit halves) modulo `buckets`, as TensorFlow's `StrongKeyedHash`.
pub fn to_hash_bucket_strong(input: &Tensor, buckets: i64, key: &[u64]) -> OpResult<Tensor> {
    use std::hash::Hasher;
    let items = string_items(input, "StringToHashBucketStrong")?;
    let &[k0, k1] = key else {
        return Err(invalid("Key must have 2 elements".to_string()));
    };
    if buckets <= 0 {
        return Err(invalid(format!(
            "Number of buckets must be at least 1, got {buckets}"
        )));
    }
    let hashed = items
        .iter()
        .map(|item| {
            let mut hasher = siphasher::sip::SipHasher24::new_with_keys(k0, k1);
            hasher.write(item);
            (hasher.finish() % buckets as u64) as i64
        })
        .collect();
    Tensor::new(
        DType::Int64,
        input.shape().clone(),
        TensorData::Int64(hashed),
    )
}

/// `ReduceJoin`: the strings along `axes` joined with `separator`, the first listed axis
/// varying fastest (TensorFlow lists the axes last first when none are given, so that
/// the join is in row-major order); reduced axes stay as 1s with `keep_dims`.
pub fn reduce_join(
    input: &Tensor,
    axes: &[i64],
    keep_dims: bool,
    separator: &[u8],
) -> OpResult<Tensor> {
    let items = string_items(input, "ReduceJoin")?;
    let dims = input.dims();
    let rank = dims.len() as i64;
    let mut reduced: Vec<usize> = Vec::with_capacity(axes.len());
    for &axis in axes {
        if axis < -rank || axis >= rank {
            return Err(invalid(format!(
                "Invalid reduction dimension {axis} for input with {rank} dimension(s)"
            )));
        }
        let axis = if axis < 0 { axis + rank } else { axis } as usize;
        if reduced.contains(&axis) {
            return Err(invalid(format!("Duplicate reduction dimension {axis}")));
        }
        reduced.push(axis);
    }
    let strides = input.shape().strides();
    let kept: Vec<usize> = (0..dims.len()).filter(|d| !reduced.contains(d)).collect();
    let out_count: usize = kept.iter().map(|&d| dims[d]).product();
    let reduce_count: usize = reduced.iter().map(|&d| dims[d]).product();
    let mut joined = Vec::with_capacity(out_count);
    for out in 0..out_count {
        // The kept dims' offset of this output (row-major over the kept dims).
        let mut rest = out;
        let mut base = 0;
        for &d in kept.iter().rev() {
            base += (rest % dims[d]) * strides[d];
            rest /= dims[d];
        }
        let mut text = Vec::new();
        for step in 0..reduce_count {
            let mut rest = step;
            let mut offset = base;
            for &d in &reduced {
                offset += (rest % dims[d]) * strides[d];
                rest /= dims[d];
            }
            if step > 0 {
                text.extend_from_slice(separator);
            }
            text.extend_from_slice(&items[offset]);
        }
        joined.push(text);
    }
    let out_dims: Vec<usize> = (0..dims.len())
        .filter_map(|d| match (reduced.contains(&d), keep_dims) {
            (false, _) => Some(dims[d]),
            (true, true) => Some(1),
            (true, false) => None,
        })
        .collect();
    strings(&Shape::new(out_dims), joined)
}

/// ASCII whitespace as absl's `ascii_isspace` (what `StringSplitV2` splits on when `sep`
/// is empty).
fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// One string's pieces: at `sep`, or at runs of whitespace (empty pieces dropped) when
/// `sep` is empty; at most `maxsplit` splits when it is not negative.
fn split_one<'a>(item: &'a [u8], sep: &[u8], maxsplit: i64) -> Vec<&'a [u8]> {
    let mut pieces = Vec::new();
    let mut splits = 0i64;
    if sep.is_empty() {
        let mut start = 0;
        while start < item.len() {
            while start < item.len() && is_space(item[start]) {
                start += 1;
            }
            if start == item.len() {
                break;
            }
            if maxsplit >= 0 && splits == maxsplit {
                pieces.push(&item[start..]);
                return pieces;
            }
            let mut end = start;
            while end < item.len() && !is_space(item[end]) {
                end += 1;
            }
            pieces.push(&item[start..end]);
            splits += 1;
            start = end;
        }
        return pieces;
    }
    if item.is_empty() {
        return pieces;
    }
    let mut start = 0;
    let mut at = 0;
    while at + sep.len() <= item.len() {
        if (maxsplit < 0 || splits < maxsplit) && &item[at..at + sep.len()] == sep {
            pieces.push(&item[start..at]);
            splits += 1;
            at += sep.len();
            start = at;
        } else {
            at += 1;
        }
    }
    pieces.push(&item[start..]);
    pieces
}

/// `StringSplitV2(input, sep, maxsplit)` on a vector: the pieces as a sparse tensor
/// (`indices` `[n, 2]`, `values` `[n]`, `shape` `[2]`).
pub fn split_v2(input: &Tensor, sep: &Tensor, maxsplit: i64) -> OpResult<[Tensor; 3]> {
    let items = string_items(input, "StringSplitV2")?;
    if input.rank() != 1 {
        return Err(invalid(format!(
            "input must be a vector, got shape: {}",
            input.shape()
        )));
    }
    let sep_items = string_items(sep, "StringSplitV2")?;
    if sep.rank() != 0 {
        return Err(invalid(format!(
            "sep must be a scalar, got shape: {}",
            sep.shape()
        )));
    }
    let sep = sep_items.first().map_or(&[][..], Vec::as_slice);
    let mut indices = Vec::new();
    let mut values = Vec::new();
    let mut widest = 0usize;
    for (row, item) in items.iter().enumerate() {
        let pieces = split_one(item, sep, maxsplit);
        widest = widest.max(pieces.len());
        for (column, piece) in pieces.into_iter().enumerate() {
            indices.push(row as i64);
            indices.push(column as i64);
            values.push(piece.to_vec());
        }
    }
    let count = values.len();
    Ok([
        Tensor::from_vec(Shape::new(vec![count, 2]), indices)?,
        strings(&Shape::new(vec![count]), values)?,
        Tensor::from_vec(Shape::new(vec![2]), vec![items.len() as i64, widest as i64])?,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vector(items: &[&str]) -> Tensor {
        strings(
            &Shape::new(vec![items.len()]),
            items.iter().map(|s| s.as_bytes().to_vec()).collect(),
        )
        .expect("strings")
    }

    fn texts(tensor: &Tensor) -> Vec<String> {
        string_items(tensor, "test")
            .expect("strings")
            .iter()
            .map(|item| String::from_utf8_lossy(item).into_owned())
            .collect()
    }

    #[test]
    fn split_on_whitespace_drops_empty_pieces() {
        let input = vector(&["  a b\t\tc ", "", "one"]);
        let sep = Tensor::new(
            DType::String,
            Shape::scalar(),
            TensorData::String(vec![vec![]]),
        )
        .expect("sep");
        let [indices, values, shape] = split_v2(&input, &sep, -1).expect("split");
        assert_eq!(texts(&values), ["a", "b", "c", "one"]);
        assert_eq!(
            indices.to_i64_vec().expect("ints"),
            [0, 0, 0, 1, 0, 2, 2, 0]
        );
        assert_eq!(shape.to_i64_vec().expect("ints"), [3, 3]);
    }

    #[test]
    fn split_at_a_separator_keeps_empty_pieces() {
        assert_eq!(split_one(b"a,,b", b",", -1), [&b"a"[..], b"", b"b"]);
        assert_eq!(split_one(b"a,b,c", b",", 1), [&b"a"[..], b"b,c"]);
        assert_eq!(split_one(b"a b  c", b"", 1), [&b"a"[..], b"b  c"]);
        assert!(split_one(b"", b",", -1).is_empty());
    }

    #[test]
    fn reduce_join_follows_the_listed_axis_order() {
        let input = strings(
            &Shape::new(vec![2, 3]),
            ["a", "b", "c", "d", "e", "f"]
                .iter()
                .map(|s| s.as_bytes().to_vec())
                .collect(),
        )
        .expect("strings");
        let all = |axes: &[i64]| texts(&reduce_join(&input, axes, false, b"").expect("join"));
        assert_eq!(all(&[1, 0]), ["abcdef"]);
        assert_eq!(all(&[0, 1]), ["adbecf"]);
        assert_eq!(all(&[0]), ["ad", "be", "cf"]);
        let rows = reduce_join(&input, &[-1], true, b"-").expect("rows");
        assert_eq!(rows.dims(), [2, 1]);
        assert_eq!(texts(&rows), ["a-b-c", "d-e-f"]);
        assert!(reduce_join(&input, &[2], false, b"").is_err());
    }

    #[test]
    fn regex_rewrites_use_re2_group_syntax() {
        let pattern = compile("(a)(b)").expect("pattern");
        let out = regex_replace(&vector(&["xaby ab"]), &pattern, br"[\2\1$]", true, "t")
            .expect("replace");
        assert_eq!(texts(&out), ["x[ba$]y [ba$]"]);
        let first = regex_replace(&vector(&["abab"]), &pattern, b"-", false, "t").expect("once");
        assert_eq!(texts(&first), ["-ab"]);
        assert!(regex_replace(&vector(&["a"]), &pattern, br"\3", true, "t").is_err());
    }
}
