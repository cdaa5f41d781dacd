//! `print(op)` in graph mode: the op's `NodeDef` in protobuf text format, as TensorFlow
//! prints it (`name`, `op`, inputs with `^` control inputs, `device`, then the attrs in
//! the order TF 2.21's attr map yields them for the common ops).
//!
//! Modelled attrs: `T` of element-wise ops, `Placeholder`'s `shape` and `dtype`, `Const`'s
//! `value` and `dtype`, `MatMul`'s transposes, reductions' `keep_dims`, `T` and `Tidx`.
//! Other ops print their `T` when they have one.

use std::fmt::Write;

use crate::graph::{Graph, Operation};
use crate::op::{data_type, ValueType};
use tensor::{DType, Tensor, TensorData, TensorShape};

/// The `NodeDef` text of `operation` in `graph`, with its trailing newline.
pub fn node_def_text(graph: &Graph, operation: &Operation) -> String {
    let mut text = format!(
        "name: \"{}\"\nop: \"{}\"\n",
        escape(operation.name.as_bytes()),
        operation.kind.op_type()
    );
    for input in &operation.inputs {
        let producer = graph
            .operation(input.operation)
            .map_or_else(String::new, |op| op.name.clone());
        if input.output == 0 {
            let _ = writeln!(text, "input: \"{producer}\"");
        } else {
            let _ = writeln!(text, "input: \"{producer}:{}\"", input.output);
        }
    }
    for control in &operation.control_inputs {
        if let Some(op) = graph.operation(*control) {
            let _ = writeln!(text, "input: \"^{}\"", op.name);
        }
    }
    if !operation.device.is_empty() {
        let _ = writeln!(text, "device: \"{}\"", operation.device);
    }
    let input_type = |index: usize| {
        operation
            .inputs
            .get(index)
            .and_then(|input| graph.tensor_fact(*input))
            .and_then(|fact| match fact.value_type {
                ValueType::Dense(dtype) | ValueType::Ref(dtype) => Some(dtype),
                ValueType::Resource => None,
            })
    };
    let input_types =
        || -> Vec<Option<DType>> { (0..operation.inputs.len()).map(input_type).collect() };
    match operation.kind.op().node_def_attrs(&input_types()) {
        Some(attrs) => {
            for (key, value) in attrs {
                attr(&mut text, key, &value);
            }
        }
        None => {
            let inputs: Vec<ValueType> = operation
                .inputs
                .iter()
                .filter_map(|input| graph.tensor_fact(*input).map(|fact| fact.value_type))
                .collect();
            if let Some(dtype) = operation.kind.type_attr(&inputs) {
                attr(&mut text, "T", &type_value(dtype));
            }
        }
    }
    text
}

fn attr(text: &mut String, key: &str, value: &str) {
    let _ = write!(text, "attr {{\n  key: \"{key}\"\n  value {{\n");
    for line in value.lines() {
        let _ = writeln!(text, "    {line}");
    }
    text.push_str("  }\n}\n");
}

pub(crate) fn type_value(dtype: DType) -> String {
    format!("type: {}", data_type(dtype).enum_name())
}

pub(crate) fn bool_value(value: bool) -> String {
    format!("b: {value}")
}

pub(crate) fn shape_value(shape: &TensorShape) -> String {
    let mut text = String::from("shape {\n");
    text.push_str(&shape_body(shape));
    text.push_str("}\n");
    text
}

/// The lines inside a `TensorShapeProto`, indented two spaces.
fn shape_body(shape: &TensorShape) -> String {
    let mut text = String::new();
    match shape.dims() {
        None => text.push_str("  unknown_rank: true\n"),
        Some(dims) => {
            for dim in dims {
                let size = dim.map_or(-1, |d| d as i64);
                let _ = write!(text, "  dim {{\n    size: {size}\n  }}\n");
            }
        }
    }
    text
}

pub(crate) fn tensor_value(tensor: &Tensor) -> String {
    let mut text = String::from("tensor {\n");
    let _ = writeln!(text, "  dtype: {}", data_type(tensor.dtype()).enum_name());
    text.push_str("  tensor_shape {\n");
    let shape: TensorShape = tensor.shape().into();
    for line in shape_body(&shape).lines() {
        let _ = writeln!(text, "  {line}");
    }
    text.push_str("  }\n");
    if let TensorData::String(values) = tensor.data() {
        for value in values.iter() {
            let _ = writeln!(text, "  string_val: \"{}\"", escape(value));
        }
    } else if tensor.rank() == 0 {
        let data = tensor.data();
        let (field, value) = match data {
            TensorData::Float32(v) => ("float_val", v.first().map(|x| float_text(f64::from(*x)))),
            TensorData::Float64(v) => ("double_val", v.first().map(|x| float_text(*x))),
            TensorData::Int64(v) => ("int64_val", v.first().map(|x| x.to_string())),
            TensorData::Bool(v) => ("bool_val", v.first().map(|x| x.to_string())),
            TensorData::Int32(v) => ("int_val", v.first().map(|x| x.to_string())),
            TensorData::Int16(v) => ("int_val", v.first().map(|x| x.to_string())),
            TensorData::Int8(v) => ("int_val", v.first().map(|x| x.to_string())),
            TensorData::UInt8(v) => ("int_val", v.first().map(|x| x.to_string())),
            TensorData::UInt16(v) => ("int_val", v.first().map(|x| x.to_string())),
            TensorData::UInt32(v) => ("uint32_val", v.first().map(|x| x.to_string())),
            TensorData::UInt64(v) => ("uint64_val", v.first().map(|x| x.to_string())),
            // A complex scalar is two entries of its field: the real part, then the
            // imaginary part.
            TensorData::Complex64(v) => (
                "scomplex_val",
                v.first().map(|x| {
                    format!(
                        "{}\n  scomplex_val: {}",
                        float_text(f64::from(x.re)),
                        float_text(f64::from(x.im))
                    )
                }),
            ),
            TensorData::Complex128(v) => (
                "dcomplex_val",
                v.first()
                    .map(|x| format!("{}\n  dcomplex_val: {}", float_text(x.re), float_text(x.im))),
            ),
            TensorData::String(_) => ("string_val", None),
        };
        if let Some(value) = value {
            let _ = writeln!(text, "  {field}: {value}");
        }
    } else {
        let _ = writeln!(text, "  tensor_content: \"{}\"", escape(&content(tensor)));
    }
    text.push_str("}\n");
    text
}

/// A float as protobuf text prints it: `1`, `0.5`, `inf`, `nan`.
fn float_text(value: f64) -> String {
    if value.is_nan() {
        "nan".to_string()
    } else if value.is_infinite() {
        if value > 0.0 { "inf" } else { "-inf" }.to_string()
    } else {
        format!("{value}")
    }
}

/// The little-endian bytes of a numeric tensor (`tensor_content`).
fn content(tensor: &Tensor) -> Vec<u8> {
    match tensor.data() {
        // Half types are stored widened; their content is the f32 bytes, as before.
        TensorData::Float32(v) => v.iter().flat_map(|x| x.to_le_bytes()).collect(),
        _ => tensor.to_le_bytes().unwrap_or_default(),
    }
}

/// Protobuf's `CEscape`: printable ASCII as is, quotes and backslashes escaped, the rest as
/// three-digit octal.
fn escape(bytes: &[u8]) -> String {
    let mut text = String::new();
    for &byte in bytes {
        match byte {
            b'\n' => text.push_str("\\n"),
            b'\r' => text.push_str("\\r"),
            b'\t' => text.push_str("\\t"),
            b'"' => text.push_str("\\\""),
            b'\'' => text.push_str("\\'"),
            b'\\' => text.push_str("\\\\"),
            0x20..=0x7e => text.push(byte as char),
            _ => {
                let _ = write!(text, "\\{byte:03o}");
            }
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn escapes_like_protobuf() {
        assert_eq!(escape(&[0, 0, 0x80, 0x3f]), "\\000\\000\\200?");
        assert_eq!(escape(b"a\"b"), "a\\\"b");
    }
}
