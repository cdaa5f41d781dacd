//! Small pieces the op files share: dtype texts for `NodeDef` attrs, the dense type of an
//! input, and handles of graph ops a gradient builds.

use crate::api::{Handle, Operand};
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{
    data_type, InputFact, KernelFailure, OpKind, OutputFact, ResourceStore, Value, ValueType,
};
use tensor::DType;
use tensor::TensorShape;

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

/// The static shape of input `index` (unknown when there is none).
pub(super) fn input_shape(inputs: &[InputFact<'_>], index: usize) -> tensor::TensorShape {
    inputs
        .get(index)
        .map_or_else(tensor::TensorShape::unknown, |fact| fact.shape.clone())
}

/// The broadcast shape of inputs 0 and 1 of an element-wise binary op, after TensorFlow's
/// check that they broadcast.
pub(super) fn broadcast_inputs(inputs: &[InputFact<'_>]) -> TfResult<tensor::TensorShape> {
    let (lhs, rhs) = (input_shape(inputs, 0), input_shape(inputs, 1));
    crate::shape_fn::broadcast(&lhs, &rhs)?;
    Ok(crate::op::broadcast_static(&lhs, &rhs))
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
        super::Reshape::kind(),
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
pub(crate) fn shape_of(
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
            super::ShapeOp::kind(out_type),
            "Shape",
            None,
            vec![(operand(x), "input", false)],
        ),
    }
}

/// Static facts of `op` from running its kernel: on its constant inputs' values, and on
/// zeros of the static shapes of the others (so `x[0]` of a `(2, 3)` placeholder is
/// `(3,)`). `shape_only` inputs are stood in for by zeros even when constant (`GatherV2`'s
/// shape function reads its indices' shape, never their values: indices out of range fail
/// when the graph runs). `None` when an input has no stand-in (unknown shape, a string
/// the op would parse, a large tensor, or an axis, shape or size the op reads from host
/// memory that is not constant) or the kernel cannot run on them; a kernel's
/// complaint about stand-ins of the right shapes is the shape function's
/// `InvalidArgumentError`.
pub(crate) fn run_on_stand_ins(
    op: &OpKind,
    inputs: &[InputFact<'_>],
    shape_only: &[usize],
) -> TfResult<Option<Vec<OutputFact>>> {
    let def = op.op().def();
    let mut values = Vec::with_capacity(inputs.len());
    for (index, fact) in inputs.iter().enumerate() {
        let constant = fact.constant.filter(|_| !shape_only.contains(&index));
        // An axis, a shape or a size has no stand-in: zeros would be a made-up value.
        let reads_value = def.is_host_memory_input(index, inputs.len());
        if reads_value && constant.is_none() {
            return Ok(None);
        }
        let ValueType::Dense(dtype) = fact.value_type else {
            return Err(TfError::internal(format!(
                "{} expects tensor inputs",
                op.op_type()
            )));
        };
        let value = match (constant, fact.shape.to_shape()) {
            (Some(tensor), _) => Some(tensor.clone()),
            // An empty string is no stand-in for the text a string op parses
            // (`StringToNumber` of a traced argument), so strings are skipped.
            (None, Some(shape))
                if dtype != DType::String
                    && shape
                        .num_elements()
                        .is_some_and(|count| count <= crate::op::STAND_IN_ELEMENTS) =>
            {
                let dims: Vec<i64> = shape.dims().iter().map(|dim| *dim as i64).collect();
                tensor::ops::zeros(&dims, dtype).ok()
            }
            _ => None,
        };
        values.push(value.map(Value::Dense));
    }
    let Some(values) = values.into_iter().collect::<Option<Vec<_>>>() else {
        return Ok(None);
    };
    let mut scratch = ResourceStore::default();
    match crate::op::compute_values(op, &values, &mut scratch) {
        Ok(outputs) => {
            let facts: Vec<OutputFact> = outputs
                .iter()
                .filter_map(Value::tensor)
                .map(|tensor| OutputFact {
                    value_type: ValueType::Dense(tensor.dtype()),
                    shape: TensorShape::from(tensor.shape()),
                })
                .collect();
            Ok((!facts.is_empty() && facts.len() == outputs.len()).then_some(facts))
        }
        // A stand-in over the budget tells nothing about the shapes.
        Err(KernelFailure::Op(error)) if error.is_budget() => Ok(None),
        Err(KernelFailure::Op(error)) => Err(TfError::invalid_argument(error.message)),
        Err(KernelFailure::Status(_)) => Ok(None),
    }
}

/// [`run_on_stand_ins`] for an op whose output shape follows from its inputs' shapes
/// alone (not their values): inputs with unknown dimensions are stood in for twice, with
/// those dimensions 13 and then 17, and an output dimension is known where both runs
/// agree (`concat` of two `(None, 4)` tensors on the last axis is `(None, 8)`). Only for
/// ops without data-dependent shapes: zeros would make `Where`'s output look empty.
pub(crate) fn run_on_partial_stand_ins(
    op: &OpKind,
    inputs: &[InputFact<'_>],
) -> TfResult<Option<Vec<OutputFact>>> {
    if let Some(outputs) = run_on_stand_ins(op, inputs, &[])? {
        return Ok(Some(outputs));
    }
    let partial = inputs
        .iter()
        .any(|fact| fact.shape.dims().is_some_and(|dims| dims.contains(&None)));
    if !partial {
        return Ok(None);
    }
    let substitute = |size: usize| -> Vec<TensorShape> {
        inputs
            .iter()
            .map(|fact| match fact.shape.dims() {
                Some(dims) => {
                    TensorShape::new(dims.iter().map(|d| Some(d.unwrap_or(size))).collect())
                }
                None => fact.shape.clone(),
            })
            .collect()
    };
    let run = |shapes: &[TensorShape]| -> TfResult<Option<Vec<OutputFact>>> {
        let facts: Vec<InputFact<'_>> = inputs
            .iter()
            .zip(shapes)
            .map(|(fact, shape)| InputFact { shape, ..*fact })
            .collect();
        // A stand-in's complaint is about the made-up size, not the program.
        Ok(run_on_stand_ins(op, &facts, &[]).ok().flatten())
    };
    let (first, second) = (substitute(13), substitute(17));
    let (Some(a), Some(b)) = (run(&first)?, run(&second)?) else {
        return Ok(None);
    };
    if a.len() != b.len() {
        return Ok(None);
    }
    let merged = a
        .into_iter()
        .zip(b)
        .map(|(x, y)| {
            let shape = match (x.shape.dims(), y.shape.dims()) {
                (Some(p), Some(q)) if p.len() == q.len() => TensorShape::new(
                    p.iter()
                        .zip(q)
                        .map(|(m, n)| if m == n { *m } else { None })
                        .collect(),
                ),
                _ => TensorShape::unknown(),
            };
            OutputFact {
                value_type: x.value_type,
                shape,
            }
        })
        .collect();
    Ok(Some(merged))
}

/// `count` outputs of `dtype` and unknown shape: what inference knows of an op it could
/// not run.
pub(crate) fn unknown_outputs(dtype: DType, count: usize) -> Vec<OutputFact> {
    vec![
        OutputFact {
            value_type: ValueType::Dense(dtype),
            shape: TensorShape::unknown(),
        };
        count
    ]
}

/// The dtype of the first tensor input, float32 when there is none: the output dtype of
/// most ops inference could not run.
pub(crate) fn first_dense_type(inputs: &[InputFact<'_>]) -> DType {
    inputs
        .iter()
        .find_map(|fact| match fact.value_type {
            ValueType::Dense(dtype) => Some(dtype),
            _ => None,
        })
        .unwrap_or(DType::Float32)
}

/// `name=DT_FLOAT` for input `index`'s dtype; nothing for a handle or a missing input.
pub(crate) fn typed_attr(inputs: &[InputFact<'_>], name: &str, index: usize) -> Option<String> {
    match inputs.get(index).map(|fact| fact.value_type) {
        Some(ValueType::Dense(dtype) | ValueType::Ref(dtype)) => {
            Some(format!("{name}={}", data_type(dtype).enum_name()))
        }
        _ => None,
    }
}

/// An integer input's values (`Reshape`'s shape, `Transpose`'s permutation).
pub(crate) fn integers(tensor: &tensor::Tensor, op: &str) -> Result<Vec<i64>, tensor::OpError> {
    tensor.to_i64_vec().ok_or_else(|| {
        tensor::OpError::python(
            tensor::ErrorClass::InvalidArgument,
            format!(
                "{op} expects an integer tensor, got {}",
                tensor.dtype().name()
            ),
        )
    })
}

/// A scalar integer input (an axis), input `index` of `op`.
pub(crate) fn scalar_integer(
    tensor: &tensor::Tensor,
    index: usize,
    op: &str,
) -> Result<i64, tensor::OpError> {
    match integers(tensor, op)?.as_slice() {
        [value] => Ok(*value),
        _ => Err(tensor::OpError::python(
            tensor::ErrorClass::InvalidArgument,
            format!("{op} expects a scalar as input #{index}"),
        )),
    }
}
