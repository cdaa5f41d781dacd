//! Small pieces the op files share: dtype texts for `NodeDef` attrs, the dense type of an
//! input, and handles of graph ops a gradient builds.

use crate::api::{Handle, Operand};
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{data_type, InputFact, ValueType};
use tensor::DType;

/// The `DT_*` name of input `index`'s dtype (`DT_INVALID` for a handle or a missing input).
pub(super) fn type_name(inputs: &[InputFact<'_>], index: usize) -> &'static str {
    match inputs.get(index).map(|fact| fact.value_type) {
        Some(ValueType::Dense(dtype) | ValueType::Ref(dtype)) => data_type(dtype).enum_name(),
        _ => "DT_INVALID",
    }
}

/// The dtype of input `index`, which must be a tensor.
pub(super) fn dense_type(inputs: &[InputFact<'_>], index: usize, op: &str) -> TfResult<DType> {
    match inputs.get(index).map(|fact| fact.value_type) {
        Some(ValueType::Dense(dtype) | ValueType::Ref(dtype)) => Ok(dtype),
        _ => Err(TfError::internal(format!(
            "{op} expects a tensor as input #{index}"
        ))),
    }
}

/// A graph tensor as an op operand.
pub(super) fn operand(tensor: GraphTensor) -> Operand {
    Operand::Handle(Handle::Symbolic(tensor))
}

/// The graph tensor a gradient op produced while tracing.
pub(super) fn symbolic(handle: Handle) -> TfResult<GraphTensor> {
    match handle {
        Handle::Symbolic(tensor) => Ok(tensor),
        Handle::Eager(_) => Err(TfError::internal("a gradient op ran eagerly while tracing")),
    }
}

/// `array_ops.reshape(grad, array_ops.shape(x))`, the gradient of the ops that only
/// reshape: the shape is a constant named `Shape` when `x`'s static shape is known (as
/// `array_ops.shape` folds it), a `Shape` op otherwise.
pub(crate) fn reshape_like(
    ctx: &mut crate::context::Context,
    grad: GraphTensor,
    x: GraphTensor,
) -> TfResult<GraphTensor> {
    let known = ctx.handle_shape(&Handle::Symbolic(x))?.to_shape();
    let shape = match known {
        Some(shape) => {
            let dims: Vec<i32> = shape.dims().iter().map(|&dim| dim as i32).collect();
            let length = tensor::Shape::new(vec![dims.len()]);
            let dims = tensor::Tensor::from_vec(length, dims)
                .map_err(|error| TfError::internal(error.message))?;
            ctx.constant(dims, Some("Shape"))?
        }
        None => ctx.array_op(
            crate::op::OpKind::Shape {
                out_type: DType::Int32,
            },
            "Shape",
            None,
            vec![(operand(x), "input", false)],
        )?,
    };
    symbolic(ctx.array_op(
        crate::op::OpKind::Reshape,
        "Reshape",
        None,
        vec![
            (operand(grad), "tensor", true),
            (Operand::Handle(shape), "shape", false),
        ],
    )?)
}
