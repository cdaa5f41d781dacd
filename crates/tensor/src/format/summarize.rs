//! `Tensor::SummarizeValue(summarize, print_v2=true)` of TensorFlow's C++ core: the text
//! `tf.strings.format` and `tf.print` show for a tensor (`[1 2 3]`, `[[1 2]\n [3 4]]`,
//! `[0 1 2 ... 7 8 9]`), which is neither NumPy's layout nor `print(t)`'s.
//!
//! Elements print as TensorFlow's `StrAppend` does: floats as `%.6g` when that reads back
//! as the same float, else `%.9g` (doubles: `%.15g`, else `%.17g`), booleans as `1`/`0`,
//! strings quoted and C-escaped.

use cpython_text::float_to_decimal;

use super::float::non_finite;
use crate::{Tensor, TensorData};

/// The tensor as `tf.print` shows it: at most `summarize` elements at each end of every
/// dimension, the rest elided with `...`; a negative `summarize` shows every element.
pub fn summarize_value(tensor: &Tensor, summarize: i64) -> String {
    let count = tensor.num_elements();
    let limit = usize::try_from(summarize).map_or(count, |max| max.min(count));
    let dims = tensor.dims();
    let element = |index: usize, out: &mut String| element_text(tensor.data(), index, out);
    let mut out = String::new();
    if dims.is_empty() {
        for index in 0..limit {
            if index > 0 {
                out.push(' ');
            }
            element(index, &mut out);
        }
        if count > limit {
            out.push_str("...");
        }
        return out;
    }
    print_dimension(0, dims, limit, 0, &element, &mut out);
    out
}

/// `PrintOneDimV2`: one dimension's brackets, its first and last `at_ends` entries and the
/// `...` between them.
fn print_dimension(
    dim: usize,
    dims: &[usize],
    at_ends: usize,
    offset: usize,
    element: &dyn Fn(usize, &mut String),
    out: &mut String,
) {
    if dim == dims.len() {
        element(offset, out);
        return;
    }
    out.push('[');
    let count = dims[dim];
    let start_of_end = at_ends.max(count.saturating_sub(at_ends));
    let stride: usize = dims[dim + 1..].iter().product();
    for index in 0..at_ends.min(count) {
        if index > 0 {
            dimension_spacing(dim, dims.len(), out);
        }
        print_dimension(
            dim + 1,
            dims,
            at_ends,
            offset + stride * index,
            element,
            out,
        );
    }
    if count > 2 * at_ends {
        dimension_spacing(dim, dims.len(), out);
        out.push_str("...");
    }
    for index in start_of_end..count {
        dimension_spacing(dim, dims.len(), out);
        print_dimension(
            dim + 1,
            dims,
            at_ends,
            offset + stride * index,
            element,
            out,
        );
    }
    out.push(']');
}

/// `PrintDimSpacing`: a space between elements of the innermost dimension; between outer
/// entries one newline per inner dimension, then an indent of `dim + 1` spaces.
fn dimension_spacing(dim: usize, rank: usize, out: &mut String) {
    if dim + 1 == rank {
        out.push(' ');
        return;
    }
    for _ in 0..rank - dim - 1 {
        out.push('\n');
    }
    for _ in 0..=dim {
        out.push(' ');
    }
}

/// One element, as `PrintOneElement(..., print_v2=true)` appends it.
fn element_text(data: &TensorData, index: usize, out: &mut String) {
    match data {
        TensorData::Float32(values) => out.push_str(&float_text(values[index])),
        TensorData::Float64(values) => out.push_str(&double_text(values[index])),
        TensorData::Int8(values) => out.push_str(&values[index].to_string()),
        TensorData::Int16(values) => out.push_str(&values[index].to_string()),
        TensorData::Int32(values) => out.push_str(&values[index].to_string()),
        TensorData::Int64(values) => out.push_str(&values[index].to_string()),
        TensorData::UInt8(values) => out.push_str(&values[index].to_string()),
        TensorData::UInt16(values) => out.push_str(&values[index].to_string()),
        TensorData::UInt32(values) => out.push_str(&values[index].to_string()),
        TensorData::UInt64(values) => out.push_str(&values[index].to_string()),
        // `std::ostream << std::complex`: `(re,im)` at the stream's default precision.
        TensorData::Complex64(values) => out.push_str(&format!(
            "({},{})",
            percent_g(f64::from(values[index].re), 6),
            percent_g(f64::from(values[index].im), 6)
        )),
        TensorData::Complex128(values) => out.push_str(&format!(
            "({},{})",
            percent_g(values[index].re, 6),
            percent_g(values[index].im, 6)
        )),
        TensorData::Bool(values) => out.push(if values[index] { '1' } else { '0' }),
        TensorData::String(values) => {
            out.push('"');
            c_escape(&values[index], out);
            out.push('"');
        }
    }
}

/// `FloatToBuffer`: `%.6g` when it parses back to the same `f32`, else `%.9g`.
pub fn float_text(value: f32) -> String {
    let short = percent_g(f64::from(value), 6);
    if cpython_text::parse_f64(&short).map(|read| read as f32) == Some(value) {
        short
    } else {
        percent_g(f64::from(value), 9)
    }
}

/// `DoubleToBuffer`: `%.15g` when it parses back to the same `f64`, else `%.17g`.
pub fn double_text(value: f64) -> String {
    let short = percent_g(value, 15);
    if cpython_text::parse_f64(&short) == Some(value) {
        short
    } else {
        percent_g(value, 17)
    }
}

/// C's `printf("%.*g", precision, value)` (`precision` at least 1).
fn percent_g(value: f64, precision: usize) -> String {
    if let Some(text) = non_finite(value) {
        return text.to_string();
    }
    if value == 0.0 {
        return if value.is_sign_negative() { "-0" } else { "0" }.to_string();
    }
    let scientific = float_to_decimal::format_exp(value, Some(precision - 1));
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let exponent: i64 = exponent.parse().unwrap_or(0);
    if exponent < -4 || exponent >= precision as i64 {
        let sign = if exponent < 0 { '-' } else { '+' };
        return format!(
            "{}e{sign}{:02}",
            trim_fraction(mantissa),
            exponent.unsigned_abs()
        );
    }
    let decimals = (precision as i64 - 1 - exponent).max(0) as usize;
    trim_fraction(&float_to_decimal::format_fixed(value, Some(decimals))).to_string()
}

/// `%g`'s removal of trailing zeros (and a trailing point) from a fraction.
fn trim_fraction(text: &str) -> &str {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        text
    }
}

/// Abseil's `CEscape`: C escapes for quotes, backslash and `\n\r\t`, octal for every other
/// byte outside printable ASCII.
fn c_escape(bytes: &[u8], out: &mut String) {
    for &byte in bytes {
        match byte {
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            b'"' => out.push_str("\\\""),
            b'\'' => out.push_str("\\'"),
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7e => out.push(char::from(byte)),
            _ => out.push_str(&format!("\\{byte:03o}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;

    fn ints(dims: &[usize]) -> Tensor {
        let count: usize = dims.iter().product();
        Tensor::from_vec(Shape::new(dims.to_vec()), (0..count as i32).collect()).unwrap()
    }

    #[test]
    fn layouts_match_tensorflow() {
        assert_eq!(summarize_value(&ints(&[3]), 3), "[0 1 2]");
        assert_eq!(summarize_value(&ints(&[2, 2]), 3), "[[0 1]\n [2 3]]");
        assert_eq!(summarize_value(&ints(&[10]), 3), "[0 1 2 ... 7 8 9]");
        assert_eq!(summarize_value(&ints(&[10]), 2), "[0 1 ... 8 9]");
        assert_eq!(summarize_value(&ints(&[10]), -1), "[0 1 2 3 4 5 6 7 8 9]");
        assert_eq!(summarize_value(&ints(&[2, 0]), 3), "[\n ...]");
        assert_eq!(summarize_value(&ints(&[0]), 3), "[]");
        assert_eq!(
            summarize_value(&ints(&[2, 1, 2]), 3),
            "[[[0 1]]\n\n [[2 3]]]"
        );
        assert_eq!(summarize_value(&ints(&[]), 3), "0");
    }

    #[test]
    fn floats_read_back_exactly() {
        assert_eq!(float_text(1.0 / 3.0), "0.333333343");
        assert_eq!(float_text(1e-5), "1e-05");
        assert_eq!(float_text(1e10), "1e+10");
        assert_eq!(float_text(1.5), "1.5");
        assert_eq!(float_text(-0.0), "-0");
        assert_eq!(double_text(1.0 / 3.0), "0.33333333333333331");
        assert_eq!(double_text(1e20), "1e+20");
    }

    #[test]
    fn strings_are_quoted_and_escaped() {
        let t = Tensor::from_strings(
            Shape::new(vec![2]),
            vec![b"a\"b".to_vec(), "\n\u{e9}".as_bytes().to_vec()],
        )
        .unwrap();
        assert_eq!(summarize_value(&t, 3), "[\"a\\\"b\" \"\\n\\303\\251\"]");
    }
}
