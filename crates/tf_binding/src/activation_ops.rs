//! `tf.nn` activations and losses defined in `runtime::op_defs` (`relu6`, `elu`,
//! `leaky_relu`, `log_softmax`, `l2_loss`) and `tf.math.divide_no_nan`: each converts its
//! arguments as TensorFlow's Python wrapper does and builds one op.

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::array_ops::{required, run};
use crate::convert::{float_arg, name_arg, to_operand};
use crate::tensor_class::wrap;
use crate::St;
use runtime::op_defs::{Activation, DivNoNan, L2Loss, Linalg, LogSoftmax};
use runtime::Operand;
use tensor::DType;

/// An operand converted to float32 when it holds integers (`leaky_relu`'s
/// `math_ops.cast(features, float32)`).
fn floating(st: &St, vm: &mut Vm<'_>, operand: Operand) -> PyResult<Operand> {
    let dtype = st.tf(vm, |ctx| ctx.operand_dtype(&operand))?;
    if dtype.is_floating() || matches!(dtype, DType::Bool | DType::String) {
        return Ok(operand);
    }
    let handle = st.tf(vm, |ctx| ctx.cast(operand, DType::Float32, None))?;
    Ok(Operand::Handle(handle))
}

/// `tf.nn.<function>(features, name)` for an activation without attributes (`relu6`,
/// `elu`): one op named after its type.
fn features_op(
    st: &St,
    vm: &mut Vm<'_>,
    args: &Args<'_>,
    function: &str,
    activation: Activation,
) -> PyResult {
    let bound = bind!(vm, function, args, 1, [features, name])?;
    let features = to_operand(st, vm, &required(&bound.features))?;
    let name = name_arg(vm, &bound.name)?;
    let inputs = vec![(features, "features", true)];
    let kind = activation.kind();
    let default_name = activation.name();
    let handle = run(st, vm, kind, default_name, name, inputs)?;
    wrap(st, vm, handle)
}

/// `tf.nn.relu6(features, name)`.
pub fn relu6(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    features_op(st, vm, &args, "relu6", Activation::Relu6)
}

/// `tf.nn.elu(features, name)`.
pub fn elu(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    features_op(st, vm, &args, "elu", Activation::Elu)
}

/// `tf.nn.selu(features, name)`.
pub fn selu(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    features_op(st, vm, &args, "selu", Activation::Selu)
}

/// `tf.nn.softsign(features, name)`.
pub fn softsign(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    features_op(st, vm, &args, "softsign", Activation::Softsign)
}

/// `tf.linalg.det(input, name)`, `tf.linalg.cholesky(input, name)`: one op on the
/// matrices.
fn matrix_op(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, function: &str, op: Linalg) -> PyResult {
    let bound = bind!(vm, function, args, 1, [input, name])?;
    let input = to_operand(st, vm, &required(&bound.input))?;
    let name = name_arg(vm, &bound.name)?;
    let kind = op.kind();
    let default_name = runtime::op_defs::Op::def(&op).name;
    let handle = run(
        st,
        vm,
        kind,
        default_name,
        name,
        vec![(input, "input", true)],
    )?;
    wrap(st, vm, handle)
}

/// `tf.linalg.det(input, name)`.
pub fn det(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    matrix_op(st, vm, &args, "det", Linalg::Determinant)
}

/// `tf.linalg.cholesky(input, name)`.
pub fn cholesky(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    matrix_op(st, vm, &args, "cholesky", Linalg::Cholesky)
}

/// `tf.linalg.inv(input, adjoint=False, name)`.
pub fn inv(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "inv", &args, 1, [input, adjoint, name])?;
    let input = to_operand(st, vm, &required(&bound.input))?;
    let adjoint = crate::flag(vm, &bound.adjoint, false)?;
    let name = name_arg(vm, &bound.name)?;
    let kind = Linalg::Inverse { adjoint }.kind();
    let handle = run(
        st,
        vm,
        kind,
        "MatrixInverse",
        name,
        vec![(input, "input", true)],
    )?;
    wrap(st, vm, handle)
}

/// `tf.linalg.solve(matrix, rhs, adjoint=False, name)`.
pub fn solve(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "solve", &args, 2, [matrix, rhs, adjoint, name])?;
    let matrix = to_operand(st, vm, &required(&bound.matrix))?;
    let rhs = to_operand(st, vm, &required(&bound.rhs))?;
    let adjoint = crate::flag(vm, &bound.adjoint, false)?;
    let name = name_arg(vm, &bound.name)?;
    let kind = Linalg::Solve { adjoint }.kind();
    let inputs = vec![(matrix, "matrix", true), (rhs, "rhs", true)];
    let handle = run(st, vm, kind, "MatrixSolve", name, inputs)?;
    wrap(st, vm, handle)
}

/// `tf.nn.leaky_relu(features, alpha=0.2, name)`: integers are cast to float32 first.
pub fn leaky_relu(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "leaky_relu", &args, 1, [features, alpha, name])?;
    let features = to_operand(st, vm, &required(&bound.features))?;
    let features = floating(st, vm, features)?;
    let alpha = float_arg(vm, &bound.alpha, 0.2)? as f32;
    let name = name_arg(vm, &bound.name)?;
    let inputs = vec![(features, "features", true)];
    let kind = Activation::LeakyRelu { alpha }.kind();
    let handle = run(st, vm, kind, "LeakyRelu", name, inputs)?;
    wrap(st, vm, handle)
}

/// `tf.nn.log_softmax(logits, axis=None, name)` on the last axis.
pub fn log_softmax(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "log_softmax", &args, 1, [logits, axis, name])?;
    let axis = bound.axis.clone().unwrap_or(Value::None);
    let logits = required(&bound.logits);
    crate::array_ops::along_axis(
        st,
        vm,
        &logits,
        &axis,
        &bound.name,
        LogSoftmax::kind(),
        "LogSoftmax",
    )
}

/// `tf.nn.l2_loss(t, name)`.
pub fn l2_loss(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "l2_loss", &args, 1, [t, name])?;
    let t = to_operand(st, vm, &required(&bound.t))?;
    let name = name_arg(vm, &bound.name)?;
    let handle = run(st, vm, L2Loss::kind(), "L2Loss", name, vec![(t, "t", true)])?;
    wrap(st, vm, handle)
}

/// `tf.math.divide_no_nan(x, y, name)` (`div_no_nan`): integers are divided as float64,
/// as TensorFlow's wrapper casts them.
pub fn divide_no_nan(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "divide_no_nan", &args, 2, [x, y, name])?;
    let mut x = to_operand(st, vm, &required(&bound.x))?;
    let mut y = to_operand(st, vm, &required(&bound.y))?;
    let dtype = st.tf(vm, |ctx| ctx.operand_dtype(&x))?;
    if !dtype.is_floating() {
        x = Operand::Handle(st.tf(vm, |ctx| ctx.cast(x, DType::Float64, None))?);
        y = Operand::Handle(st.tf(vm, |ctx| ctx.cast(y, DType::Float64, None))?);
    }
    let name = name_arg(vm, &bound.name)?;
    let inputs = vec![(x, "x", true), (y, "y", true)];
    let handle = run(st, vm, DivNoNan::kind(), "div_no_nan", name, inputs)?;
    wrap(st, vm, handle)
}

/// `tf.nn.sparse_softmax_cross_entropy_with_logits(labels, logits, name)`: TensorFlow's
/// wrapper. In the name scope `SparseSoftmaxCrossEntropyWithLogits` it checks the static
/// shapes (a `ValueError`), takes the labels' shape (a `Shape` constant when it is known),
/// and runs the op on the logits as a matrix: directly when they are one, else reshaped to
/// `[-1, classes]` with the labels flattened, the loss reshaped back to the labels' shape.
pub fn sparse_softmax_cross_entropy_with_logits(
    st: &St,
    vm: &mut Vm<'_>,
    args: Args<'_>,
) -> PyResult {
    let bound = bind!(
        vm,
        "sparse_softmax_cross_entropy_with_logits",
        &args,
        0,
        [labels, logits, name]
    )?;
    let labels = to_operand(st, vm, &required(&bound.labels))?;
    let logits = to_operand(st, vm, &required(&bound.logits))?;
    // The wrapper converts both to tensors first, so the op never takes a Python list.
    st.sequence_input.set(false);
    let name = name_arg(vm, &bound.name)?;
    let (labels_shape, logits_shape) = st.tf(vm, |ctx| {
        Ok((ctx.operand_shape(&labels)?, ctx.operand_shape(&logits)?))
    })?;
    let (labels_rank, logits_rank) = (
        labels_shape.dims().map(<[_]>::len),
        logits_shape.dims().map(<[_]>::len),
    );
    if let (Some(labels_rank), Some(logits_rank)) = (labels_rank, logits_rank) {
        if logits_rank > 0 && labels_rank + 1 != logits_rank {
            return Err(vm.value_error(format!(
                "`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: \
                 labels.shape={labels_shape} of rank {labels_rank} and \
                 logits.shape={logits_shape} of rank {logits_rank}"
            )));
        }
    }
    let batch_dims = logits_shape
        .dims()
        .map(|dims| dims[..dims.len().saturating_sub(1)].to_vec());
    if let (Some(labels_dims), Some(batch_dims)) = (labels_shape.to_shape(), &batch_dims) {
        let fully_defined = batch_dims.iter().all(Option::is_some);
        let equal = labels_dims.dims().len() == batch_dims.len()
            && labels_dims
                .dims()
                .iter()
                .zip(batch_dims)
                .all(|(label, batch)| Some(*label) == *batch);
        if fully_defined && !equal {
            return Err(vm.value_error(format!(
                "`labels.shape` must equal `logits.shape` except for the last dimension. \
                 Received: labels.shape={labels_shape} and logits.shape={logits_shape}"
            )));
        }
    }
    let handle = st.tf(vm, |ctx| {
        let scope = ctx.enter_composite_scope(
            name.as_deref()
                .unwrap_or("SparseSoftmaxCrossEntropyWithLogits"),
        )?;
        let result = (|| {
            let shape = match labels_shape.to_shape() {
                Some(shape) => {
                    let dims: Vec<i32> = shape.dims().iter().map(|&dim| dim as i32).collect();
                    let dims = tensor::Tensor::from_vec(tensor::Shape::new(vec![dims.len()]), dims)
                        .map_err(runtime::TfError::from_kernel_message)?;
                    ctx.constant(dims, Some("Shape"))?
                }
                None => ctx.array_op(
                    runtime::op_defs::ShapeOp::kind(DType::Int32),
                    "Shape",
                    None,
                    vec![(labels.clone(), "input", false)],
                )?,
            };
            let op = || runtime::op_defs::SparseSoftmaxCrossEntropyWithLogits::kind();
            if logits_rank == Some(2) {
                let outputs = ctx.array_op_outputs(
                    op(),
                    "SparseSoftmaxCrossEntropyWithLogits",
                    name.as_deref(),
                    vec![(logits, "features", false), (labels, "labels", false)],
                )?;
                return outputs.into_iter().next().ok_or_else(|| {
                    runtime::TfError::internal("SparseSoftmaxCrossEntropyWithLogits lost its loss")
                });
            }
            let classes = logits_shape
                .dims()
                .and_then(|dims| dims.last().copied().flatten())
                .ok_or_else(|| {
                    runtime::TfError::new(
                        runtime::ExceptionClass::RuntimeError,
                        "tf.nn.sparse_softmax_cross_entropy_with_logits with logits of unknown \
                         rank or class count is not emulated yet",
                    )
                })?;
            let matrix = ctx.reshape(logits, vec![-1, classes as i64], None)?;
            let flat = ctx.reshape(labels, vec![-1], None)?;
            let outputs = ctx.array_op_outputs(
                op(),
                "SparseSoftmaxCrossEntropyWithLogits",
                name.as_deref(),
                vec![
                    (matrix.into(), "features", false),
                    (flat.into(), "labels", false),
                ],
            )?;
            let loss = outputs.into_iter().next().ok_or_else(|| {
                runtime::TfError::internal("SparseSoftmaxCrossEntropyWithLogits lost its loss")
            })?;
            ctx.reshape_to(
                loss.into(),
                runtime::shape_operand::ShapeOperand::Tensor(shape.into()),
                None,
            )
        })();
        ctx.leave_composite_scope(scope)?;
        result
    })?;
    wrap(st, vm, handle)
}

/// `tf.raw_ops.SoftmaxCrossEntropyWithLogits(features, labels, name)`: the loss per row and
/// its backprop, the op `tf.nn.softmax_cross_entropy_with_logits` (Python, on the library
/// layer) runs on its flattened matrices.
pub fn softmax_cross_entropy_with_logits_op(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    if !args.positional.is_empty() {
        return Err(vm.type_error(
            "SoftmaxCrossEntropyWithLogits only takes keyword args (possible keys: \
             ['features', 'labels', 'name']). Please pass these args as kwargs instead.",
        ));
    }
    let bound = bind!(
        vm,
        "SoftmaxCrossEntropyWithLogits",
        &args,
        0,
        [features, labels, name]
    )?;
    let features = to_operand(st, vm, &required(&bound.features))?;
    let labels = to_operand(st, vm, &required(&bound.labels))?;
    let name = name_arg(vm, &bound.name)?;
    let handles = st.tf(vm, |ctx| {
        ctx.array_op_outputs(
            runtime::op_defs::SoftmaxCrossEntropyWithLogits::kind(),
            "SoftmaxCrossEntropyWithLogits",
            name.as_deref(),
            vec![(features, "features", true), (labels, "labels", true)],
        )
    })?;
    let mut outputs = Vec::with_capacity(handles.len());
    for handle in handles {
        outputs.push(wrap(st, vm, handle)?);
    }
    Ok(Value::tuple(outputs))
}
