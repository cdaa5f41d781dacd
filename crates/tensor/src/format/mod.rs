//! Printing tensors exactly as TensorFlow 2.21 with NumPy 2.x prints them.
//!
//! - [`tensor_str`]: `print(t)` → `tf.Tensor([4. 6.], shape=(2,), dtype=float32)`.
//! - [`tensor_repr`]: `repr(t)` → `<tf.Tensor: shape=(2,), dtype=float32, numpy=array(...)>`.
//! - [`variable_repr`]: `<tf.Variable 'Variable:0' shape=(2,) dtype=float32, numpy=...>`.
//! - [`numpy_str`] / [`numpy_value_repr`]: `print(t.numpy())`, `repr(t.numpy())`;
//!   [`numpy_repr`] is `repr(array)` for any rank.
//! - [`numpy_scalar_str`] / [`numpy_scalar_repr`]: `5.0`, `np.float32(5.0)`.
//! - [`python_item_repr`]: `repr(t.numpy().item())`, which TensorFlow shows for 0-d tensors.
//!
//! The array layout follows NumPy's `arrayprint.py` with default options (precision 8,
//! threshold 1000, edge items 3, line width 75); see [`array`] for the port.

mod array;
pub mod float;
pub mod summarize;

use array::{
    element_complex, element_f64, element_integer_text, shown_indices, ElementFormat, Layout,
};
use float::{
    bytes_repr, c_general, complex_scalar_text, numpy_float_scalar_str, python_float_repr,
    Precision,
};

use super::dtype::DType;
use super::shape::Shape;
use super::tensor::{Tensor, TensorData};

/// NumPy's print options that matter here (`np.set_printoptions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrintOptions {
    /// Most fraction digits of a float (`precision`, 8).
    pub precision: usize,
    /// Arrays with more elements are summarised with `...` (`threshold`, 1000).
    pub threshold: usize,
    /// Items kept at each end of a summarised axis (`edgeitems`, 3).
    pub edge_items: usize,
    /// Line width before wrapping (`linewidth`, 75).
    pub line_width: usize,
    /// Fixed-point notation even for small values (`suppress`, false): scientific
    /// notation only for values of 1e8 and above.
    pub suppress: bool,
}

thread_local! {
    /// The run's print options (`np.set_printoptions`): one program runs per thread.
    static CURRENT: std::cell::Cell<PrintOptions> = std::cell::Cell::new(PrintOptions::default());
}

/// The print options in force on this thread, which `str` and `repr` of arrays and eager
/// tensors use (TensorFlow prints tensors through NumPy).
pub fn print_options() -> PrintOptions {
    CURRENT.with(std::cell::Cell::get)
}

/// Sets this thread's print options (`np.set_printoptions`; a run starts from the
/// defaults) and returns the previous ones.
pub fn set_print_options(options: PrintOptions) -> PrintOptions {
    CURRENT.with(|cell| cell.replace(options))
}

impl Default for PrintOptions {
    fn default() -> PrintOptions {
        PrintOptions {
            precision: 8,
            threshold: 1000,
            edge_items: 3,
            line_width: 75,
            suppress: false,
        }
    }
}

/// `print(t)` / `str(t)` of an eager tensor.
pub fn tensor_str(tensor: &Tensor) -> String {
    format!(
        "tf.Tensor({}, shape={}, dtype={})",
        newline_if_multiline(numpy_str(tensor)),
        tensor.shape(),
        tensor.dtype().name()
    )
}

/// `repr(t)` of an eager tensor; 0-d tensors show the Python value (`numpy=10.0`).
pub fn tensor_repr(tensor: &Tensor) -> String {
    format!(
        "<tf.Tensor: shape={}, dtype={}, numpy={}>",
        tensor.shape(),
        tensor.dtype().name(),
        tensor_numpy_text(tensor)
    )
}

/// `repr(v)` / `print(v)` of a variable named `name` (`Variable:0`) holding `value`.
pub fn variable_repr(name: &str, value: &Tensor) -> String {
    format!(
        "<tf.Variable '{name}' shape={} dtype={}, numpy={}>",
        value.shape(),
        value.dtype().name(),
        tensor_numpy_text(value)
    )
}

/// TensorFlow's `numpy_text(t, is_repr=True)`: the array repr, or the item's repr for 0-d,
/// with a leading newline when it spans lines.
fn tensor_numpy_text(tensor: &Tensor) -> String {
    let text = if tensor.rank() == 0 {
        python_item_repr(tensor, 0)
    } else {
        numpy_repr(tensor)
    };
    newline_if_multiline(text)
}

fn newline_if_multiline(text: String) -> String {
    if text.contains('\n') {
        format!("\n{text}")
    } else {
        text
    }
}

/// `str(t.numpy())` with the print options in force.
pub fn numpy_str(tensor: &Tensor) -> String {
    numpy_str_with(tensor, &print_options())
}

/// `str(array)`: scalars print as their NumPy scalar `str`, others through `array2string`.
pub fn numpy_str_with(tensor: &Tensor, options: &PrintOptions) -> String {
    if tensor.rank() == 0 {
        return numpy_scalar_str(tensor, 0);
    }
    array_to_string(tensor, options, " ", 0, 0)
}

/// `repr(t.numpy())` with the print options in force.
pub fn numpy_repr(tensor: &Tensor) -> String {
    numpy_repr_with(tensor, &print_options())
}

/// `repr(array)`: `array([1., 2.], dtype=float32)`, with `shape=` for empty or summarised
/// arrays and `dtype=` unless implied (float64, int64, bool, complex128), moved to a new line when the
/// last line would pass the width.
pub fn numpy_repr_with(tensor: &Tensor, options: &PrintOptions) -> String {
    const PREFIX: &str = "array(";
    let body = array_to_string(tensor, options, ", ", PREFIX.len(), 1);
    let size = tensor.num_elements();
    let mut extras = Vec::new();
    if (size == 0 && tensor.dims() != [0]) || size > options.threshold {
        extras.push(format!("shape={}", tensor.shape()));
    }
    let implied = matches!(
        tensor.dtype(),
        DType::Float64 | DType::Int64 | DType::Bool | DType::Complex128
    );
    if !implied || size == 0 {
        extras.push(format!("dtype={}", tensor.dtype().numpy_name()));
    }
    if extras.is_empty() {
        return format!("{PREFIX}{body})");
    }
    let head = format!("{PREFIX}{body},");
    let extra = format!("{})", extras.join(", "));
    let last_line_len = head.len() - head.rfind('\n').map_or(0, |newline| newline + 1);
    let spacer = if last_line_len + extra.len() + 1 > options.line_width {
        format!("\n{}", " ".repeat(PREFIX.len()))
    } else {
        " ".to_string()
    };
    format!("{head}{spacer}{extra}")
}

/// NumPy's `np.array2string(a, max_line_width, separator=separator, prefix=<prefix_len
/// chars>, suffix=<suffix_len chars>)` with the print options in force (`max_line_width`
/// overrides their line width); a 0-d array prints as its scalar's `repr`.
pub fn array2string(
    tensor: &Tensor,
    max_line_width: Option<usize>,
    separator: &str,
    prefix_len: usize,
    suffix_len: usize,
) -> String {
    let mut options = print_options();
    if let Some(width) = max_line_width {
        options.line_width = width;
    }
    if tensor.rank() == 0 {
        return numpy_scalar_repr(tensor, 0);
    }
    array_to_string(tensor, &options, separator, prefix_len, suffix_len)
}

/// NumPy's `array2string(a, separator=separator, prefix=<prefix_len chars>,
/// suffix=<suffix_len chars>)`.
fn array_to_string(
    tensor: &Tensor,
    options: &PrintOptions,
    separator: &str,
    prefix_len: usize,
    suffix_len: usize,
) -> String {
    let size = tensor.num_elements();
    if size == 0 {
        return "[]".to_string();
    }
    let summarize = size > options.threshold;
    let shown = shown_indices(tensor.dims(), summarize, options.edge_items);
    let format = ElementFormat::new(tensor, &shown, options);
    let data = tensor.data();
    let element = |index: usize| format.format(data, index);
    let layout = Layout {
        dims: tensor.dims(),
        strides: tensor.shape().strides(),
        element: &element,
        separator,
        summarize,
        edge_items: options.edge_items,
    };
    let next_line_prefix = " ".repeat(prefix_len + 1);
    layout.render(
        options.line_width.saturating_sub(suffix_len),
        &next_line_prefix,
    )
}

/// The float precision a dtype's values are printed in.
fn precision_of(dtype: DType) -> Precision {
    match dtype {
        DType::Float16 => Precision::Half,
        DType::Float64 | DType::Complex128 => Precision::Double,
        _ => Precision::Single,
    }
}

/// `repr(t.numpy())`: the array repr, or for 0-d tensors the NumPy scalar repr
/// (`np.float32(5.0)`), or Python `bytes` for strings (`b'abc'`).
pub fn numpy_value_repr(tensor: &Tensor) -> String {
    match (tensor.rank(), tensor.data()) {
        (0, TensorData::String(values)) => bytes_repr(&values[0]),
        (0, _) => numpy_scalar_repr(tensor, 0),
        _ => numpy_repr(tensor),
    }
}

/// `str()` of element `index` as a NumPy scalar: `5.0`, `1e-05`, `3`, `True`, `b'ab'`;
/// bfloat16 as ml_dtypes prints it (`3.14062`).
pub fn numpy_scalar_str(tensor: &Tensor, index: usize) -> String {
    let data = tensor.data();
    match (tensor.dtype(), data) {
        (_, TensorData::String(values)) => bytes_repr(&values[index]),
        (_, TensorData::Bool(values)) => python_bool(values[index]).to_string(),
        (DType::BFloat16, _) => c_general(element_f64(data, index)),
        (dtype, _) if dtype.is_floating() => {
            numpy_float_scalar_str(element_f64(data, index), precision_of(dtype))
        }
        (dtype, _) if dtype.is_complex() => {
            let (re, im) = element_complex(data, index);
            complex_scalar_text(re, im, precision_of(dtype))
        }
        _ => element_integer_text(data, index),
    }
}

/// NumPy 2's `repr()` of element `index` as a scalar: `np.float32(5.0)`, `np.int64(3)`,
/// `np.True_`, `np.bytes_(b'ab')`; bfloat16 as ml_dtypes (`3.14062`).
pub fn numpy_scalar_repr(tensor: &Tensor, index: usize) -> String {
    let text = numpy_scalar_str(tensor, index);
    match tensor.data() {
        TensorData::Bool(values) => format!("np.{}_", python_bool(values[index])),
        TensorData::String(_) => format!("np.bytes_({text})"),
        _ if tensor.dtype() == DType::BFloat16 => text,
        _ if tensor.dtype().is_complex() => {
            let inner = text
                .strip_prefix('(')
                .and_then(|t| t.strip_suffix(')'))
                .unwrap_or(&text);
            format!("np.{}({inner})", tensor.dtype().name())
        }
        _ => format!("np.{}({text})", tensor.dtype().name()),
    }
}

/// `repr(t.numpy().item())`-style Python value of element `index`: floats as Python floats
/// of the stored value (`0.10000000149011612` for float32 0.1), ints, `True`, `b'..'`.
pub fn python_item_repr(tensor: &Tensor, index: usize) -> String {
    let data = tensor.data();
    match data {
        TensorData::String(values) => bytes_repr(&values[index]),
        TensorData::Bool(values) => python_bool(values[index]).to_string(),
        TensorData::Float32(_) | TensorData::Float64(_) => {
            python_float_repr(element_f64(data, index))
        }
        TensorData::Complex64(_) | TensorData::Complex128(_) => {
            let (re, im) = element_complex(data, index);
            complex_scalar_text(re, im, Precision::Double)
        }
        _ => element_integer_text(data, index),
    }
}

fn python_bool(value: bool) -> &'static str {
    if value {
        "True"
    } else {
        "False"
    }
}

/// `print(t.shape)` for a tensor's known shape: `(2, 3)`.
pub fn shape_str(shape: &Shape) -> String {
    shape.to_string()
}

#[cfg(test)]
mod cases;
#[cfg(test)]
mod tests;
