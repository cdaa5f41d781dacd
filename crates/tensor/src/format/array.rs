//! NumPy's `array2string`: per-dtype element formatters (`FloatingFormat`, `IntegerFormat`,
//! `BoolFormat`, repr for bytes, `str` for ml_dtypes' bfloat16), and the layout recursion
//! `_formatArray` with line wrapping and `...` summarisation.
//!
//! Ported from `numpy/_core/arrayprint.py` (NumPy 2.x, `legacy=False`, default options).

use super::float::{
    bytes_repr, c_general, exact_scientific_parts, exponent_text, non_finite, positional_parts,
    scientific_parts, Precision,
};
use super::PrintOptions;
use crate::dtype::DType;
use crate::tensor::{Tensor, TensorData};

/// NumPy's `FloatingFormat` with `floatmode='maxprec'`, `sign='-'`, `suppress=False`.
#[derive(Clone, Debug)]
pub(super) struct FloatFormat {
    precision_kind: Precision,
    exp_format: bool,
    precision: usize,
    /// Fraction digits every element gets in scientific mode (`min_digits`).
    min_digits: usize,
    pad_left: usize,
    pad_right: usize,
    exp_size: usize,
    /// `sign='+'`: non-negative values get a `+` (the imaginary parts of complex numbers).
    plus: bool,
}

/// Puts `+` before a number's text when it has no `-` (NumPy's Dragon4 with `sign=True`).
fn with_plus(plus: bool, text: String) -> String {
    if plus && !text.starts_with('-') {
        format!("+{text}")
    } else {
        text
    }
}

impl FloatFormat {
    /// `FloatingFormat.fillFormat` over the values that will be shown; `plus` is NumPy's
    /// `sign='+'`.
    fn new(
        values: &[f64],
        precision_kind: Precision,
        options: &PrintOptions,
        plus: bool,
    ) -> FloatFormat {
        let finite: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
        let mut format = FloatFormat {
            plus,
            precision_kind,
            exp_format: false,
            precision: options.precision,
            min_digits: 0,
            pad_left: 0,
            pad_right: 0,
            exp_size: 0,
        };
        let magnitudes = finite.iter().map(|v| v.abs()).filter(|&v| v != 0.0);
        let (min, max) = magnitudes.fold((f64::INFINITY, 0.0f64), |(min, max), v| {
            (min.min(v), max.max(v))
        });
        // NumPy compares in the array's own precision (Python floats are "weak" scalars),
        // and the large cutoff is 10**min(8, finfo(dtype).precision).
        let in_precision = |value: f64| match precision_kind {
            Precision::Half => half::f16::from_f64(value).to_f64(),
            Precision::Single => f64::from(value as f32),
            Precision::Double => value,
        };
        let cutoff = match precision_kind {
            Precision::Half => 1e3,
            Precision::Single => 1e6,
            Precision::Double => 1e8,
        };
        let small = in_precision(0.0001);
        let spread = min < small || in_precision(max / min) > 1000.0;
        if max > 0.0 && (max >= cutoff || (!options.suppress && spread)) {
            format.exp_format = true;
        }
        if finite.is_empty() {
            // pad_left, pad_right stay 0; only non-finite values follow.
        } else if format.exp_format {
            let parts: Vec<(String, String, i32)> = finite
                .iter()
                .map(|&v| {
                    let (lead, fraction, exponent) =
                        scientific_parts(v, precision_kind, options.precision);
                    (with_plus(plus, lead), fraction, exponent)
                })
                .collect();
            let exp_digits = |e: i32| e.unsigned_abs().to_string().len().max(2);
            format.exp_size = parts.iter().map(|p| exp_digits(p.2)).max().unwrap_or(2);
            format.precision = parts.iter().map(|p| p.1.len()).max().unwrap_or(0);
            format.min_digits = format.precision;
            format.pad_left = parts.iter().map(|p| p.0.len()).max().unwrap_or(0);
            format.pad_right = format.exp_size + 2 + format.precision;
        } else {
            let parts: Vec<(String, String)> = finite
                .iter()
                .map(|&v| {
                    let (integer, fraction) =
                        positional_parts(v, precision_kind, options.precision);
                    (with_plus(plus, integer), fraction)
                })
                .collect();
            format.pad_left = parts.iter().map(|p| p.0.len()).max().unwrap_or(0);
            format.pad_right = parts.iter().map(|p| p.1.len()).max().unwrap_or(0);
        }
        if finite.len() != values.len() {
            let negative_inf = plus || values.iter().any(|v| v.is_infinite() && *v < 0.0);
            let offset = format.pad_right + 1;
            let nan_width = 3usize.saturating_sub(offset);
            let inf_width = (3 + usize::from(negative_inf)).saturating_sub(offset);
            format.pad_left = format.pad_left.max(nan_width).max(inf_width);
        }
        format
    }

    /// `FloatingFormat.__call__`.
    fn format(&self, value: f64) -> String {
        if let Some(text) = non_finite(value) {
            let text = with_plus(self.plus, text.to_string());
            let width = self.pad_left + self.pad_right + 1;
            return format!("{text:>width$}");
        }
        if self.exp_format {
            let (mut lead, mut fraction, mut exponent) =
                scientific_parts(value, self.precision_kind, self.precision);
            if fraction.len() < self.min_digits {
                // Dragon4 with `min_digits` prints further digits of the exact value.
                (lead, fraction, exponent) = exact_scientific_parts(value, self.min_digits);
            }
            let lead = with_plus(self.plus, lead);
            return format!(
                "{lead:>width$}.{fraction}e{}",
                exponent_text(exponent, self.exp_size),
                width = self.pad_left
            );
        }
        let (integer, fraction) = positional_parts(value, self.precision_kind, self.precision);
        let integer = with_plus(self.plus, integer);
        format!(
            "{integer:>left$}.{fraction:<right$}",
            left = self.pad_left,
            right = self.pad_right
        )
    }
}

/// Formats one element of a tensor's storage; built from the elements that will be shown.
pub(super) enum ElementFormat {
    /// float16, float32, float64.
    Float(FloatFormat),
    /// complex64, complex128: NumPy's `ComplexFloatingFormat`, one float format for the real
    /// parts and one with `sign='+'` for the imaginary parts.
    Complex {
        /// The real parts' format.
        real: FloatFormat,
        /// The imaginary parts' format.
        imag: FloatFormat,
    },
    /// Integers right-aligned to the widest shown value.
    Int { width: usize },
    /// `True` / `False`, with `True` padded to five columns except in 0-d arrays.
    Bool { pad_true: bool },
    /// bfloat16 (ml_dtypes `str`) and bytes (`repr`): no alignment.
    Plain,
}

impl ElementFormat {
    /// Chooses and sizes the formatter for `tensor`'s elements at `shown` (flat indices).
    pub(super) fn new(tensor: &Tensor, shown: &[usize], options: &PrintOptions) -> ElementFormat {
        let data = tensor.data();
        match (tensor.dtype(), data) {
            (DType::BFloat16, _) | (_, TensorData::String(_)) => ElementFormat::Plain,
            (DType::Bool, _) => ElementFormat::Bool {
                pad_true: tensor.rank() > 0,
            },
            (dtype, _) if dtype.is_floating() => {
                let values: Vec<f64> = shown.iter().map(|&i| element_f64(data, i)).collect();
                let kind = match dtype {
                    DType::Float16 => Precision::Half,
                    DType::Float64 => Precision::Double,
                    _ => Precision::Single,
                };
                ElementFormat::Float(FloatFormat::new(&values, kind, options, false))
            }
            (dtype, _) if dtype.is_complex() => {
                let parts: Vec<(f64, f64)> =
                    shown.iter().map(|&i| element_complex(data, i)).collect();
                let kind = match dtype {
                    DType::Complex128 => Precision::Double,
                    _ => Precision::Single,
                };
                let reals: Vec<f64> = parts.iter().map(|p| p.0).collect();
                let imags: Vec<f64> = parts.iter().map(|p| p.1).collect();
                ElementFormat::Complex {
                    real: FloatFormat::new(&reals, kind, options, false),
                    imag: FloatFormat::new(&imags, kind, options, true),
                }
            }
            _ => {
                let width = shown
                    .iter()
                    .map(|&i| element_integer_text(data, i).len())
                    .max()
                    .unwrap_or(0);
                ElementFormat::Int { width }
            }
        }
    }

    /// The text of element `index`.
    pub(super) fn format(&self, data: &TensorData, index: usize) -> String {
        match self {
            ElementFormat::Float(float) => float.format(element_f64(data, index)),
            ElementFormat::Complex { real, imag } => {
                let (re, im) = element_complex(data, index);
                let imag_text = imag.format(im);
                // The `j` goes before the imaginary part's padding.
                let end = imag_text.trim_end().len();
                format!(
                    "{}{}j{}",
                    real.format(re),
                    &imag_text[..end],
                    &imag_text[end..]
                )
            }
            ElementFormat::Int { width } => {
                format!("{:>width$}", element_integer_text(data, index))
            }
            ElementFormat::Bool { pad_true } => match data {
                TensorData::Bool(values) if values[index] => {
                    if *pad_true { " True" } else { "True" }.to_string()
                }
                _ => "False".to_string(),
            },
            ElementFormat::Plain => match data {
                TensorData::String(values) => bytes_repr(&values[index]),
                _ => c_general(element_f64(data, index)),
            },
        }
    }
}

/// Element `index` widened to f64 (0 for strings).
pub(super) fn element_f64(data: &TensorData, index: usize) -> f64 {
    match data {
        TensorData::Float32(values) => f64::from(values[index]),
        TensorData::Float64(values) => values[index],
        TensorData::Int8(values) => f64::from(values[index]),
        TensorData::Int16(values) => f64::from(values[index]),
        TensorData::Int32(values) => f64::from(values[index]),
        TensorData::Int64(values) => values[index] as f64,
        TensorData::UInt8(values) => f64::from(values[index]),
        TensorData::UInt16(values) => f64::from(values[index]),
        TensorData::UInt32(values) => f64::from(values[index]),
        TensorData::UInt64(values) => values[index] as f64,
        TensorData::Complex64(values) => f64::from(values[index].re),
        TensorData::Complex128(values) => values[index].re,
        TensorData::Bool(values) => f64::from(u8::from(values[index])),
        TensorData::String(_) => 0.0,
    }
}

/// Complex element `index` as (real, imaginary) f64s; other numbers have no imaginary part.
pub(super) fn element_complex(data: &TensorData, index: usize) -> (f64, f64) {
    match data {
        TensorData::Complex64(values) => (f64::from(values[index].re), f64::from(values[index].im)),
        TensorData::Complex128(values) => (values[index].re, values[index].im),
        other => (element_f64(other, index), 0.0),
    }
}

/// Decimal text of integer (or bool) element `index`.
pub(super) fn element_integer_text(data: &TensorData, index: usize) -> String {
    match data {
        TensorData::Int8(values) => values[index].to_string(),
        TensorData::Int16(values) => values[index].to_string(),
        TensorData::Int32(values) => values[index].to_string(),
        TensorData::Int64(values) => values[index].to_string(),
        TensorData::UInt8(values) => values[index].to_string(),
        TensorData::UInt16(values) => values[index].to_string(),
        TensorData::UInt32(values) => values[index].to_string(),
        TensorData::UInt64(values) => values[index].to_string(),
        TensorData::Bool(values) => u8::from(values[index]).to_string(),
        other => cpython_text::float_to_decimal::format_fixed(element_f64(other, index), None),
    }
}

/// The flat indices `_leading_trailing` keeps: all of them, or per axis the first and last
/// `edge_items` when the axis is longer than twice that.
pub(super) fn shown_indices(dims: &[usize], summarize: bool, edge_items: usize) -> Vec<usize> {
    let strides = crate::shape::Shape::from(dims).strides();
    let mut shown = Vec::new();
    collect_shown(dims, &strides, summarize, edge_items, 0, 0, &mut shown);
    shown
}

fn axis_positions(len: usize, summarize: bool, edge_items: usize) -> Vec<usize> {
    if summarize && edge_items.saturating_mul(2) < len {
        (0..edge_items).chain(len - edge_items..len).collect()
    } else {
        (0..len).collect()
    }
}

fn collect_shown(
    dims: &[usize],
    strides: &[usize],
    summarize: bool,
    edge_items: usize,
    axis: usize,
    offset: usize,
    shown: &mut Vec<usize>,
) {
    if axis == dims.len() {
        shown.push(offset);
        return;
    }
    for position in axis_positions(dims[axis], summarize, edge_items) {
        let next = offset + position * strides[axis];
        collect_shown(dims, strides, summarize, edge_items, axis + 1, next, shown);
    }
}

/// The recursion of NumPy's `_formatArray`.
pub(super) struct Layout<'a> {
    /// Dimension sizes.
    pub dims: &'a [usize],
    /// Row-major strides.
    pub strides: Vec<usize>,
    /// Element text by flat index.
    pub element: &'a dyn Fn(usize) -> String,
    /// Between elements: `" "` for str, `", "` for repr.
    pub separator: &'a str,
    /// Whether to summarise long axes with `...`.
    pub summarize: bool,
    /// Items kept at each end of a summarised axis.
    pub edge_items: usize,
}

impl Layout<'_> {
    /// Lays out the whole array within `line_width`, continuation lines starting with
    /// `next_line_prefix`.
    pub(super) fn render(&self, line_width: usize, next_line_prefix: &str) -> String {
        self.recurse(0, 0, next_line_prefix, line_width)
    }

    fn recurse(&self, axis: usize, offset: usize, hanging_indent: &str, width: usize) -> String {
        let axes_left = self.dims.len() - axis;
        if axes_left == 0 {
            return (self.element)(offset);
        }
        let next_hanging_indent = format!("{hanging_indent} ");
        let next_width = width.saturating_sub(1);
        let len = self.dims[axis];
        let stride = self.strides[axis];
        let show_summary = self.summarize && self.edge_items.saturating_mul(2) < len;
        let (leading, trailing) = if show_summary {
            (self.edge_items, self.edge_items)
        } else {
            (0, len)
        };
        let child = |position: usize| {
            self.recurse(
                axis + 1,
                offset + position * stride,
                &next_hanging_indent,
                next_width,
            )
        };
        let mut text = String::new();
        if axes_left == 1 {
            let separator_width = self.separator.trim_end().len().max(1);
            let element_width = width.saturating_sub(separator_width);
            let mut line = hanging_indent.to_string();
            for position in 0..leading {
                extend_line(
                    &mut text,
                    &mut line,
                    &child(position),
                    element_width,
                    hanging_indent,
                );
                line.push_str(self.separator);
            }
            if show_summary {
                extend_line(&mut text, &mut line, "...", element_width, hanging_indent);
                line.push_str(self.separator);
            }
            for back in (2..=trailing).rev() {
                let word = child(len - back);
                extend_line(&mut text, &mut line, &word, element_width, hanging_indent);
                line.push_str(self.separator);
            }
            if len > 0 {
                extend_line(
                    &mut text,
                    &mut line,
                    &child(len - 1),
                    element_width,
                    hanging_indent,
                );
            }
            text.push_str(&line);
        } else {
            let line_separator = format!(
                "{}{}",
                self.separator.trim_end(),
                "\n".repeat(axes_left - 1)
            );
            for position in 0..leading {
                text.push_str(hanging_indent);
                text.push_str(&child(position));
                text.push_str(&line_separator);
            }
            if show_summary {
                text.push_str(hanging_indent);
                text.push_str("...");
                text.push_str(&line_separator);
            }
            for back in (2..=trailing).rev() {
                text.push_str(hanging_indent);
                text.push_str(&child(len - back));
                text.push_str(&line_separator);
            }
            if len > 0 {
                text.push_str(hanging_indent);
                text.push_str(&child(len - 1));
            }
        }
        let body = text.get(hanging_indent.len()..).unwrap_or("");
        format!("[{body}]")
    }
}

/// NumPy's `_extendLine`: wrap before `word` if the line would pass `line_width`, unless the
/// line holds nothing but the indent.
fn extend_line(text: &mut String, line: &mut String, word: &str, line_width: usize, prefix: &str) {
    let needs_wrap = line.len() + word.len() > line_width && line.len() > prefix.len();
    if needs_wrap {
        text.push_str(line.trim_end());
        text.push('\n');
        *line = prefix.to_string();
    }
    line.push_str(word);
}
