//! The text TensorFlow appends to a shape function's error when a graph op is created
//! (`InferenceContext::AttachContext`): ` for '{{node MatMul}} = MatMul[T=DT_FLOAT,
//! grad_a=false, ...](a, b)' with input shapes: [2,3], [2,3].`, plus the constant inputs
//! the shape function read (`and with computed input tensors: input[2] = <0>`) or the
//! shape arguments it evaluated (`and with input tensors computed as partial shapes:
//! input[1] = [4,?]`).
//!
//! The node part is `SummarizeNodeDef`: the name, the op type, the attrs sorted by name
//! with `SummarizeAttrValue`'s formatting (`DT_FLOAT`, `true`, `[0]`, `"NHWC"`), and the
//! inputs. At that point TensorFlow has set neither the device nor the control inputs, so
//! neither appears. Attrs are modelled for the ops whose shape functions raise here; any
//! other op shows its `T`.

use crate::op::{InputFact, OpKind};
use crate::op_defs::is_host_memory_input;
use crate::shape_fn::shape_text;
use crate::shape_value::shape_input;
use tensor::{Tensor, TensorShape};

/// The attrs of `kind`'s `NodeDef`, sorted by name, as `name=value`.
fn attrs(kind: &OpKind, inputs: &[InputFact<'_>]) -> Vec<String> {
    kind.op().node_attrs(inputs)
}

/// `Tensor::SummarizeValue`: the elements separated by spaces, nested in brackets by
/// dimension beyond the first, at most 256 of them.
fn summarize_value(tensor: &Tensor) -> String {
    const MAX_VALUES: usize = 256;
    let values: Vec<String> = match tensor
        .to_i64_vec()
        .filter(|_| !tensor.dtype().is_floating())
    {
        Some(values) => values.iter().map(i64::to_string).collect(),
        None => tensor
            .to_f64_vec()
            .unwrap_or_default()
            .iter()
            .map(|&value| cpython_text::float_to_decimal::format_fixed(value, None))
            .collect(),
    };
    let dims = tensor.dims();
    if dims.len() <= 1 {
        let mut text = values
            .iter()
            .take(MAX_VALUES)
            .cloned()
            .collect::<Vec<_>>()
            .join(" ");
        if values.len() > MAX_VALUES {
            text.push_str("...");
        }
        return text;
    }
    // Rows of the innermost dimension, each in brackets, nested outward.
    let mut pieces: Vec<String> = values
        .chunks(dims.last().copied().unwrap_or(1).max(1))
        .map(|row| format!("[{}]", row.join(" ")))
        .collect();
    for dim in dims[1..dims.len() - 1].iter().rev() {
        pieces = pieces
            .chunks((*dim).max(1))
            .map(|group| format!("[{}]", group.concat()))
            .collect();
    }
    let text = pieces.concat();
    if text.len() > 4 * MAX_VALUES {
        format!("{}...", &text[..text.floor_char_boundary(4 * MAX_VALUES)])
    } else {
        text
    }
}

/// What TensorFlow appends to a shape function's message, but for the node's name (which
/// the graph reserves once the context is known).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeErrorContext {
    /// Everything after `{{node NAME}}`.
    after_name: String,
}

impl ShapeErrorContext {
    /// The context for a node of kind `kind` whose inputs are the tensors `input_names`
    /// (`MatMul/a`, `split:1`) with facts `inputs`. `with_values` says whether the failure
    /// needed the constant inputs (TensorFlow runs a shape function first without them,
    /// and shows what it read only when the second run, with them, failed).
    pub fn new(
        kind: &OpKind,
        input_names: &[String],
        inputs: &[InputFact<'_>],
        with_values: bool,
    ) -> ShapeErrorContext {
        let op_type = kind.op_type();
        let shapes: Vec<String> = inputs.iter().map(|fact| shape_text(fact.shape)).collect();
        let mut text = format!(
            " = {op_type}[{}]({})' with input shapes: {}",
            attrs(kind, inputs).join(", "),
            input_names.join(", "),
            shapes.join(", ")
        );
        if with_values {
            let partial_input = shape_input(kind);
            let mut computed = Vec::new();
            let mut partial = Vec::new();
            let value_inputs = kind.op().value_inputs();
            for (index, fact) in inputs.iter().enumerate() {
                if let Some(constant) = fact.constant.filter(|_| value_inputs.contains(&index)) {
                    computed.push(format!("input[{index}] = <{}>", summarize_value(constant)));
                } else if partial_input == Some(index) {
                    if let Some(entries) = fact.shape_value {
                        let dims = entries
                            .iter()
                            .map(|entry| entry.and_then(|dim| usize::try_from(dim).ok()))
                            .collect();
                        partial.push(format!(
                            "input[{index}] = {}",
                            shape_text(&TensorShape::new(dims))
                        ));
                    }
                } else if let Some(constant) = fact
                    .constant
                    .filter(|_| is_host_memory_input(op_type, index, inputs.len()))
                {
                    computed.push(format!("input[{index}] = <{}>", summarize_value(constant)));
                }
            }
            if !computed.is_empty() {
                text.push_str(" and with computed input tensors: ");
                text.push_str(&computed.join(", "));
            }
            if !partial.is_empty() {
                text.push_str(" and with input tensors computed as partial shapes: ");
                text.push_str(&partial.join(","));
            }
        }
        text.push('.');
        ShapeErrorContext { after_name: text }
    }

    /// The shape function's `message` completed for the node `name`, as TensorFlow's
    /// `ValueError` says it.
    pub fn message(&self, message: &str, name: &str) -> String {
        format!("{message} for '{{{{node {name}}}}}{}", self.after_name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::op::ValueType;
    use tensor::ops::MatMulOptions;
    use tensor::DType;
    use tensor::Shape;

    #[test]
    fn matmul_and_concat_contexts() {
        let shape = TensorShape::new(vec![Some(2), Some(3)]);
        let fact = InputFact {
            value_type: ValueType::Dense(DType::Float32),
            shape: &shape,
            constant: None,
            shape_value: None,
        };
        let names = ["a".to_string(), "ones".to_string()];
        let matmul = crate::op_defs::MatMul::kind(MatMulOptions::default());
        let context = ShapeErrorContext::new(&matmul, &names, &[fact, fact], true);
        assert_eq!(
            context.message("Dimensions must be equal, but are 3 and 2", "MatMul"),
            "Dimensions must be equal, but are 3 and 2 for '{{node MatMul}} = MatMul[T=DT_FLOAT, \
             grad_a=false, grad_b=false, transpose_a=false, transpose_b=false](a, ones)' with \
             input shapes: [2,3], [2,3]."
        );
        let scalar = TensorShape::new(Vec::new());
        let zero = Tensor::scalar(0i32);
        let axis = InputFact {
            value_type: ValueType::Dense(DType::Int32),
            shape: &scalar,
            constant: Some(&zero),
            shape_value: None,
        };
        let names = ["x".to_string(), "y".to_string(), "concat/axis".to_string()];
        let context = ShapeErrorContext::new(
            &crate::op_defs::ConcatV2::kind(),
            &names,
            &[fact, fact, axis],
            true,
        );
        assert!(context.message("m", "concat").ends_with(
            "ConcatV2[N=2, T=DT_FLOAT, Tidx=DT_INT32](x, y, concat/axis)' with input shapes: \
             [2,3], [2,3], [] and with computed input tensors: input[2] = <0>."
        ));
    }

    #[test]
    fn values_summarise_as_tensorflow_prints_them() {
        let matrix = Tensor::from_vec(Shape::new(vec![2, 2]), vec![1i32, 2, 3, 4]).unwrap();
        assert_eq!(summarize_value(&matrix), "[1 2][3 4]");
        let vector = Tensor::from_vec(Shape::new(vec![3]), vec![5i32, 6, 7]).unwrap();
        assert_eq!(summarize_value(&vector), "5 6 7");
    }
}
