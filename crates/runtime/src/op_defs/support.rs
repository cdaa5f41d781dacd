//! Small pieces the op files share: dtype texts for `NodeDef` attrs, the dense type of an
//! input, and handles of graph ops a gradient builds.

use crate::api::{Handle, Operand};
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{data_type, InputFact, OutputFact, ValueType};
use tensor::DType;

/// The `DT_*` name of input `index`'s dtype (`DT_INVALID` for a handle or a missing input).
pub(super) fn type_name(inputs: &[InputFact<'_>], index: usize) -> &'static str {
    match inputs.get(index).map(|fact| fact.value_type) {
        Some(ValueType::Dense(dtype) | ValueType::Ref(dtype)) => data_type(dtype).enum_name(),
        _ => "DT_INVALID",
    }
}

/// Graph construction's check of the input `parameter`'s dtype against the op type's
/// recorded list (`tensor::ops::dtype_errors`), with TensorFlow's `TypeError` text.
pub(super) fn check_graph_dtype(op_type: &str, parameter: &str, dtype: DType) -> TfResult<()> {
    match tensor::ops::disallowed_python_list(op_type, dtype) {
        Some(list) => Err(TfError::type_error(format!(
            "Value passed to parameter '{parameter}' has DataType {} not in list of allowed \
             values: {list}",
            dtype.name()
        ))),
        None => Ok(()),
    }
}

/// TensorFlow's `SoftmaxShapeFn` (`Softmax`, `LogSoftmax`): the logits at least a vector,
/// the output of their dtype and shape.
pub(super) fn softmax_shape(inputs: &[InputFact<'_>], op: &str) -> TfResult<Vec<OutputFact>> {
    let logits = inputs
        .first()
        .ok_or_else(|| TfError::internal(format!("{op} takes logits")))?;
    if let Some(dims) = logits.shape.dims().filter(|dims| dims.is_empty()) {
        return Err(TfError::invalid_argument(format!(
            "Shape must be at least rank 1 but is rank {}",
            dims.len()
        )));
    }
    Ok(vec![OutputFact {
        value_type: ValueType::Dense(dense_type(inputs, 0, op)?),
        shape: logits.shape.clone(),
    }])
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

/// A Python number as an op operand (a gradient's `2.0`).
pub(super) fn literal(value: f64) -> Operand {
    Operand::Literal(tensor::Tensor::scalar(value))
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
    let shape = shape_of(ctx, x, DType::Int32)?;
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

/// `array_ops.shape(x, out_type)` while tracing a gradient: a constant named `Shape` when
/// `x`'s static shape is fully known (as `array_ops.shape` folds it), a `Shape` op otherwise.
pub(super) fn shape_of(
    ctx: &mut crate::context::Context,
    x: GraphTensor,
    out_type: DType,
) -> TfResult<Handle> {
    match ctx.handle_shape(&Handle::Symbolic(x))?.to_shape() {
        Some(shape) => {
            let dims: Vec<i64> = shape.dims().iter().map(|&dim| dim as i64).collect();
            let length = tensor::Shape::new(vec![dims.len()]);
            let dims = tensor::Tensor::from_vec(length, dims)
                .and_then(|dims| tensor::ops::cast(&dims, out_type))
                .map_err(|error| TfError::internal(error.message))?;
            ctx.constant(dims, Some("Shape"))
        }
        None => ctx.array_op(
            crate::op::OpKind::Shape { out_type },
            "Shape",
            None,
            vec![(operand(x), "input", false)],
        ),
    }
}
