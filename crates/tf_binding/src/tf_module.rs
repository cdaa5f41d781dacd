//! The `tensorflow` module and its submodules (`math`, `random`, `nn`, `errors`,
//! `config`, `debugging`, `dtypes`, `compat.v1`), built once per run at the first import.
//!
//! The functions here convert their Python arguments ([`convert`](crate::convert))
//! and call one mode-agnostic runtime method each (`runtime/api.rs`): eager mode executes,
//! graph mode and tracing build ops with TensorFlow's names.

use lang::value::{Args, Module, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{
    axes, eager_value, float_arg, int_list, name_arg, opt_dtype, shape_operand, to_operand,
    to_tensor,
};
use crate::tensor_class::{apply_binary, numpy_matching, wrap, PyTensor};
use crate::{array_ops, math_ops};
use crate::{def, function as native, module, St};
use runtime::truediv::TruedivSpelling;
use runtime::{Handle, Operand};
use tensor::ops::{self, ArgReduceOp, BinaryOp, FloatClass, MatMulOptions, ReduceOp, UnaryOp};
use tensor::{DType, Tensor};

/// The TensorFlow version the playground emulates.
pub const VERSION: &str = "2.21.0";

fn constant(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "constant", &args, 1, [value, dtype, shape, name])?;
    let value = bound.value.clone().unwrap_or(Value::None);
    let dtype = opt_dtype(vm, &bound.dtype)?;
    let mut tensor = to_tensor(st, vm, &value, dtype)?;
    if let Some(shape) = &bound.shape {
        let dims = int_list(st, vm, shape, "shape")?;
        tensor = if tensor.rank() == 0 {
            ops::fill(&dims, &tensor)
        } else {
            ops::reshape(&tensor, &dims)
        }
        .map_err(|e| crate::convert::op_error(vm, e))?;
    }
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| ctx.constant(tensor, name.as_deref()))?;
    wrap(st, vm, handle)
}

fn convert_to_tensor(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "convert_to_tensor",
        &args,
        1,
        [value, dtype, dtype_hint, name]
    )?;
    let value = bound.value.clone().unwrap_or(Value::None);
    if let Some(tensor) = value.downcast::<PyTensor>() {
        if bound.dtype.is_none() {
            // An eager tensor converted while a function is traced is captured here.
            if let runtime::Handle::Eager(eager) = &tensor.handle {
                let name = name_arg(vm, &bound.name)?;
                let eager = eager.clone();
                let captured = st.tf(vm, |ctx| {
                    ctx.capture_converted(&eager, name.as_deref().unwrap_or("Const"))
                })?;
                if let Some(handle) = captured {
                    return wrap(st, vm, handle);
                }
            }
            return Ok(value);
        }
    }
    let dtype = opt_dtype(vm, &bound.dtype)?;
    let operand = to_operand(st, vm, &value)?;
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| match operand {
        Operand::Literal(tensor) => {
            let tensor = match dtype {
                Some(dtype) if dtype != tensor.dtype() => ops::cast(&tensor, dtype)
                    .map_err(runtime::error::TfError::from_kernel_message)?,
                _ => tensor,
            };
            ctx.constant(tensor, name.as_deref())
        }
        Operand::Variable(id) => ctx.read_variable(id),
        Operand::Handle(handle) => Ok(handle),
    })?;
    wrap(st, vm, handle)
}

/// A binary `tf.math` function: `op` named `name`, or `default_name` in a graph.
fn binary_fn(
    st: &St,
    vm: &mut Vm<'_>,
    args: &Args<'_>,
    op: BinaryOp,
    what: &str,
    default_name: &str,
) -> PyResult {
    let bound = bind!(vm, what, args, 2, [x, y, name])?;
    let (x_value, y_value) = (
        bound.x.clone().unwrap_or(Value::None),
        bound.y.clone().unwrap_or(Value::None),
    );
    let mut x = to_operand(st, vm, &x_value)?;
    let y = to_operand(st, vm, &y_value)?;
    if op == BinaryOp::Add && what == "add" {
        // `tf.add` (`math_ops.add`) converts `x` on its own, then `y` with `x`'s dtype as a
        // hint: `tf.add(1, tf.constant(2.0))` fails on AddV2's types.
        if let (Operand::Literal(tensor), false) = (&x, matches!(y, Operand::Literal(_))) {
            let tensor = tensor.clone();
            x = st.tf(vm, |ctx| {
                if ctx.executing_eagerly() {
                    ctx.constant(tensor, None).map(Operand::Handle)
                } else {
                    Ok(Operand::Literal(tensor))
                }
            })?;
        }
    }
    let x = numpy_matching(st, vm, &x_value, x, &y)?;
    let y = numpy_matching(st, vm, &y_value, y, &x)?;
    let name = name_arg(vm, &bound.name)?.unwrap_or_else(|| default_name.to_string());
    apply_binary(st, vm, op, x, y, Some(name))
}

/// `tf.divide` (`what` = `divide`) and `tf.truediv`: Python's `/`, see
/// [`runtime::truediv`].
fn division_fn(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, what: &str) -> PyResult {
    let bound = bind!(vm, what, args, 2, [x, y, name])?;
    let x = to_operand(st, vm, bound.x.as_ref().unwrap_or(&Value::None))?;
    let y = to_operand(st, vm, bound.y.as_ref().unwrap_or(&Value::None))?;
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| {
        if what == "divide" {
            ctx.divide(x, y, name.as_deref())
        } else {
            ctx.truediv(x, y, TruedivSpelling::Function, name.as_deref())
        }
    })?;
    wrap(st, vm, handle)
}

/// `tf.compat.v1.div(x, y, name)`: Python 2's division, `FloorDiv` for integers.
fn div_python2(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "div", &args, 2, [x, y, name])?;
    let x = to_operand(st, vm, bound.x.as_ref().unwrap_or(&Value::None))?;
    let y = to_operand(st, vm, bound.y.as_ref().unwrap_or(&Value::None))?;
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| ctx.div_python2(x, y, name.as_deref()))?;
    wrap(st, vm, handle)
}

/// `tf.realdiv(x, y, name)`: the `RealDiv` op alone, no casts.
fn realdiv(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    binary_fn(st, vm, &args, BinaryOp::RealDiv, "realdiv", "RealDiv")
}

fn unary_fn(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, op: UnaryOp, what: &str) -> PyResult {
    let bound = bind!(vm, what, args, 1, [x, name])?;
    let x = to_operand(st, vm, bound.x.as_ref().unwrap_or(&Value::None))?;
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| {
        // `tf.abs` of a complex tensor is its magnitude, a `ComplexAbs` of the real dtype.
        if op == UnaryOp::Abs && ctx.operand_dtype(&x)?.is_complex() {
            let kind = runtime::op_defs::ComplexOp::kind(runtime::op_defs::ComplexOp::Part(
                tensor::ops::ComplexPart::Abs,
            ));
            return ctx
                .array_op_outputs(kind, "ComplexAbs", name.as_deref(), vec![(x, "x", false)])?
                .into_iter()
                .next()
                .ok_or_else(|| runtime::TfError::internal("ComplexAbs made no output"));
        }
        ctx.unary(op, x, name.as_deref())
    })?;
    wrap(st, vm, handle)
}

/// `tf.clip_by_value(t, clip_value_min, clip_value_max, name)`.
fn clip_by_value(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "clip_by_value",
        &args,
        3,
        [t, clip_value_min, clip_value_max, name]
    )?;
    let t = to_operand(st, vm, &crate::array_ops::required(&bound.t))?;
    let min = to_operand(st, vm, &crate::array_ops::required(&bound.clip_value_min))?;
    let max = to_operand(st, vm, &crate::array_ops::required(&bound.clip_value_max))?;
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| ctx.clip_by_value(t, min, max, name.as_deref()))?;
    wrap(st, vm, handle)
}

fn matmul(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "matmul",
        &args,
        2,
        [
            a,
            b,
            transpose_a,
            transpose_b,
            adjoint_a,
            adjoint_b,
            a_is_sparse,
            b_is_sparse,
            output_type,
            grad_a,
            grad_b,
            name
        ]
    )?;
    let a = to_operand(st, vm, bound.a.as_ref().unwrap_or(&Value::None))?;
    let b = to_operand(st, vm, bound.b.as_ref().unwrap_or(&Value::None))?;
    let options = MatMulOptions {
        transpose_a: crate::flag(vm, &bound.transpose_a, false)?
            || crate::flag(vm, &bound.adjoint_a, false)?,
        transpose_b: crate::flag(vm, &bound.transpose_b, false)?
            || crate::flag(vm, &bound.adjoint_b, false)?,
        batched: false,
    };
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| ctx.matmul(a, b, options, name.as_deref()))?;
    wrap(st, vm, handle)
}

/// A reduction's arguments: `(input_tensor, axis=None, keepdims=False, name=None)`.
type ReductionArgs = (Operand, Option<Vec<i64>>, bool, Option<String>);

fn reduction_args(
    st: &St,
    vm: &mut Vm<'_>,
    args: &Args<'_>,
    what: &str,
) -> PyResult<ReductionArgs> {
    let bound = bind!(vm, what, args, 1, [input_tensor, axis, keepdims, name])?;
    let x = to_operand(st, vm, bound.input_tensor.as_ref().unwrap_or(&Value::None))?;
    let axis = axes(st, vm, &bound.axis)?;
    let keep = crate::flag(vm, &bound.keepdims, false)?;
    let name = name_arg(vm, &bound.name)?;
    Ok((x, axis, keep, name))
}

fn reduce_fn(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, op: ReduceOp, what: &str) -> PyResult {
    let (x, axis, keep, name) = reduction_args(st, vm, args, what)?;
    let handle = st.tf(vm, |ctx| ctx.reduce(op, x, axis, keep, name.as_deref()))?;
    wrap(st, vm, handle)
}

/// `tf.math.reduce_variance` and `tf.math.reduce_std`.
fn reduce_variance_fn(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, std: bool) -> PyResult {
    let what = if std { "reduce_std" } else { "reduce_variance" };
    let (x, axis, keep, name) = reduction_args(st, vm, args, what)?;
    let handle = st.tf(vm, |ctx| {
        ctx.reduce_variance(x, axis, keep, std, name.as_deref())
    })?;
    wrap(st, vm, handle)
}

/// `tf.nn.l2_normalize(x, axis=None, epsilon=1e-12, name=None)`.
fn l2_normalize(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "l2_normalize", &args, 1, [x, axis, epsilon, name, dim])?;
    let x = to_operand(st, vm, bound.x.as_ref().unwrap_or(&Value::None))?;
    // `dim` is the deprecated name of `axis`.
    let axis = match &bound.axis {
        None | Some(Value::None) => axes(st, vm, &bound.dim)?,
        _ => axes(st, vm, &bound.axis)?,
    };
    let epsilon = float_arg(vm, &bound.epsilon, 1e-12)?;
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| {
        ctx.l2_normalize(x, axis, epsilon, name.as_deref())
    })?;
    wrap(st, vm, handle)
}

fn reshape(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "reshape", &args, 2, [tensor, shape, name])?;
    let x = to_operand(st, vm, bound.tensor.as_ref().unwrap_or(&Value::None))?;
    let shape_value = bound.shape.clone().unwrap_or(Value::None);
    if !crate::convert::holds_symbolic(st, vm, &shape_value)? {
        if let Some(dtype) = literal_shape_dtype(vm, &shape_value)? {
            return reshape_shape_type_error(st, vm, dtype);
        }
    }
    let shape = shape_operand(st, vm, &shape_value, "shape")?;
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| ctx.reshape_to(x, shape, name.as_deref()))?;
    wrap(st, vm, handle)
}

/// The dtype a Python `shape=` literal of strings or floats converts to (`"ab"`,
/// `["a"]`, `[2.0]`), which `Reshape`'s `Tshape` attr rejects; `None` for anything else.
fn literal_shape_dtype(vm: &mut Vm<'_>, value: &Value) -> PyResult<Option<DType>> {
    match value {
        Value::Str(_) => Ok(Some(DType::String)),
        Value::List(_) | Value::Tuple(_) => {
            let items = vm.iterate(value)?;
            let mut found = None;
            for item in &items {
                match item {
                    Value::Str(_) => return Ok(Some(DType::String)),
                    Value::Float(_) => found = Some(DType::Float32),
                    _ => {}
                }
            }
            Ok(found)
        }
        _ => Ok(None),
    }
}

/// What TF raises for a `shape=` of a dtype other than int32 and int64: the kernel's attr
/// check in eager mode, the op-def check when building a graph.
fn reshape_shape_type_error(st: &St, vm: &mut Vm<'_>, dtype: DType) -> PyResult {
    let eager = st
        .with_ctx(vm, |ctx| ctx.executing_eagerly())
        .unwrap_or(true);
    st.tf(vm, |_| {
        if eager {
            Err(runtime::error::TfError::invalid_argument(format!(
                "Value for attr 'Tshape' of {} is not in the list of allowed values: int32, int64\n\t; NodeDef: {{{{node Reshape}}}}; Op<name=Reshape; signature=tensor:T, shape:Tshape -> output:T; attr=T:type; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Reshape]",
                dtype.kernel_name()
            )))
        } else {
            Err(runtime::error::TfError::type_error(format!(
                "Value passed to parameter 'shape' has DataType {} not in list of allowed values: int32, int64",
                dtype.name()
            )))
        }
    })
}

fn identity(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "identity", &args, 1, [input, name])?;
    let x = to_operand(st, vm, bound.input.as_ref().unwrap_or(&Value::None))?;
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| ctx.identity(x, name.as_deref()))?;
    wrap(st, vm, handle)
}

fn stop_gradient(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "stop_gradient", &args, 1, [input, name])?;
    let x = to_operand(st, vm, bound.input.as_ref().unwrap_or(&Value::None))?;
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| ctx.stop_gradient(x, name.as_deref()))?;
    wrap(st, vm, handle)
}

fn cast(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "cast", &args, 2, [x, dtype, name])?;
    let x = to_operand(st, vm, bound.x.as_ref().unwrap_or(&Value::None))?;
    let dtype = opt_dtype(vm, &bound.dtype)?.unwrap_or(DType::Float32);
    let name = name_arg(vm, &bound.name)?;
    // A tensor already of the dtype is returned as it is, and a variable of it is read in
    // the scope `Cast`: TensorFlow's `cast` makes a `Cast` only when the dtype changes.
    let same_dtype = st.tf(vm, |ctx| Ok(ctx.operand_dtype(&x)? == dtype))?;
    match (&x, same_dtype) {
        (Operand::Handle(_), true)
            if bound
                .x
                .as_ref()
                .is_some_and(|x| x.downcast::<PyTensor>().is_some()) =>
        {
            return Ok(bound.x.clone().unwrap_or(Value::None));
        }
        (Operand::Variable(id), true) => {
            let id = *id;
            let handle = st.tf(vm, |ctx| {
                let scope = ctx.enter_composite_scope(name.as_deref().unwrap_or("Cast"))?;
                let read = ctx.read_variable(id);
                ctx.leave_composite_scope(scope)?;
                read
            })?;
            return wrap(st, vm, handle);
        }
        _ => {}
    }
    let handle = st.tf(vm, |ctx| ctx.cast(x, dtype, name.as_deref()))?;
    wrap(st, vm, handle)
}

fn where_fn(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "where", &args, 1, [condition, x, y, name])?;
    let condition_value = bound.condition.clone().unwrap_or(Value::None);
    let name = name_arg(vm, &bound.name)?;
    match (&bound.x, &bound.y) {
        (Some(x), Some(y)) => {
            let condition = to_operand(st, vm, &condition_value)?;
            let x = to_operand(st, vm, x)?;
            let y = to_operand(st, vm, y)?;
            let handle = st.tf(vm, |ctx| ctx.where_select(condition, x, y, name.as_deref()))?;
            wrap(st, vm, handle)
        }
        (None, None) => {
            let condition = to_operand(st, vm, &condition_value)?;
            let inputs = vec![(condition, "condition", false)];
            let handle = array_ops::run(
                st,
                vm,
                runtime::op_defs::Where::kind(),
                "Where",
                name,
                inputs,
            )?;
            wrap(st, vm, handle)
        }
        _ => Err(vm.value_error("x and y must both be non-None or both be None.")),
    }
}

/// The static value of a predicate: a Python bool, an eager tensor, or a graph `Const`.
pub(crate) fn static_predicate(st: &St, vm: &mut Vm<'_>, pred: &Value) -> PyResult<Option<bool>> {
    if let Value::Bool(b) = pred {
        return Ok(Some(*b));
    }
    let tensor = match eager_value(st, vm, pred)? {
        Some(tensor) => Some(tensor),
        None => match pred.downcast::<PyTensor>().map(|t| t.handle.clone()) {
            Some(Handle::Symbolic(tensor)) => st.with_ctx(vm, |ctx| {
                ctx.graph(tensor.graph)
                    .ok()
                    .and_then(|g| g.operation(tensor.operation))
                    .and_then(|op| op.kind.constant_value().cloned())
            })?,
            _ => None,
        },
    };
    Ok(tensor.and_then(|t| match t.data() {
        tensor::TensorData::Bool(values) if values.len() == 1 => Some(values[0]),
        _ => None,
    }))
}

/// `tf.get_static_value(tensor, partial=False)`: an eager tensor's (or variable's) value,
/// a graph `Const`'s, or a `Shape` of a fully known shape, as an ndarray; `None` for a
/// graph tensor whose value is only known when the graph runs; other values as they are.
fn get_static_value(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "get_static_value", &args, 1, [tensor, partial])?;
    let value = bound.tensor.clone().unwrap_or(Value::None);
    // A variable's value can change: it is never static.
    if value
        .downcast::<crate::variable_class::PyVariable>()
        .is_some()
    {
        return Ok(Value::None);
    }
    if let Some(tensor) = eager_value(st, vm, &value)? {
        return crate::numpy_module::array_value(st, vm, tensor);
    }
    let Some(Handle::Symbolic(tensor)) = value.downcast::<PyTensor>().map(|t| t.handle.clone())
    else {
        return Ok(value);
    };
    let known = st.with_ctx(vm, |ctx| {
        let graph = ctx.graph(tensor.graph).ok()?;
        let operation = graph.operation(tensor.operation)?;
        if let Some(constant) = operation.kind.constant_value() {
            return Some(constant.clone());
        }
        if operation.kind.op_type() == "Shape" {
            let input = *operation.inputs.first()?;
            let shape = ctx
                .handle_shape(&Handle::Symbolic(input))
                .ok()?
                .to_shape()?;
            let dims: Vec<i32> = shape.dims().iter().map(|d| *d as i32).collect();
            return Tensor::from_vec(tensor::Shape::new(vec![dims.len()]), dims).ok();
        }
        None
    })?;
    match known {
        Some(tensor) => crate::numpy_module::array_value(st, vm, tensor),
        None => Ok(Value::None),
    }
}

/// A TF1 `tf.cond` from its `Switch`: both branches, each inside its `CondBranch`, then
/// the `Merge`.
pub(crate) fn cond_v1(
    st: &St,
    vm: &mut Vm<'_>,
    builder: runtime::cond::CondBuilder,
    true_fn: &Value,
    false_fn: &Value,
) -> PyResult {
    let merged = cond_v1_branches(st, vm, &builder, true_fn, false_fn);
    let handle = match merged {
        Ok((then_tensor, else_tensor)) => {
            st.tf(vm, |ctx| ctx.cond_finish(builder, then_tensor, else_tensor))?
        }
        Err(error) => {
            st.tf(vm, |ctx| ctx.cond_abort(builder))?;
            return Err(error);
        }
    };
    wrap(st, vm, handle)
}

/// Builds both branches of a TF1 `tf.cond`, each inside its `CondBranch`.
fn cond_v1_branches(
    st: &St,
    vm: &mut Vm<'_>,
    builder: &runtime::cond::CondBuilder,
    true_fn: &Value,
    false_fn: &Value,
) -> PyResult<(runtime::graph::GraphTensor, runtime::graph::GraphTensor)> {
    let mut results = Vec::with_capacity(2);
    for (taken, branch_fn) in [(true, true_fn), (false, false_fn)] {
        st.tf(vm, |ctx| ctx.cond_enter_branch(builder, taken))?;
        let result = vm.call(branch_fn, &[], &[]).and_then(|value| {
            let operand = to_operand(st, vm, &value)?;
            st.tf(vm, |ctx| ctx.cond_branch_output(operand))
        });
        st.tf(vm, |ctx| ctx.cond_exit_branch(builder))?;
        results.push(result?);
    }
    match results[..] {
        [then_tensor, else_tensor] => Ok((then_tensor, else_tensor)),
        _ => Err(vm.runtime_error("tf.cond built the wrong number of branches")),
    }
}

fn filled(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, one: bool) -> PyResult {
    let what = if one { "ones" } else { "zeros" };
    let bound = bind!(vm, what, args, 1, [shape, dtype, name, layout])?;
    let shape = shape_operand(
        st,
        vm,
        bound.shape.as_ref().unwrap_or(&Value::None),
        "shape",
    )?;
    let dtype = opt_dtype(vm, &bound.dtype)?.unwrap_or(DType::Float32);
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| ctx.filled_to(one, shape, dtype, name.as_deref()))?;
    wrap(st, vm, handle)
}

fn filled_like(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, one: bool) -> PyResult {
    let what = if one { "ones_like" } else { "zeros_like" };
    let bound = bind!(vm, what, args, 1, [input, dtype, name])?;
    let input = to_operand(st, vm, bound.input.as_ref().unwrap_or(&Value::None))?;
    let (shape, input_dtype) = st.tf(vm, |ctx| match &input {
        Operand::Handle(handle) => Ok((ctx.handle_shape(handle)?, ctx.handle_dtype(handle)?)),
        Operand::Variable(id) => {
            let v = ctx.variable(*id)?;
            Ok((v.shape.clone(), v.dtype))
        }
        Operand::Literal(tensor) => Ok((tensor.shape().into(), tensor.dtype())),
    })?;
    let dtype = opt_dtype(vm, &bound.dtype)?.unwrap_or(input_dtype);
    let name = name_arg(vm, &bound.name)?;
    let Some(dims) = shape.to_shape() else {
        // A graph tensor whose shape is known only when it runs: filled to its `Shape`.
        let handle = st.tf(vm, |ctx| {
            let dynamic = ctx.array_op(
                runtime::op_defs::ShapeOp::kind(DType::Int32),
                "Shape",
                None,
                vec![(input.clone(), "input", false)],
            )?;
            ctx.filled_to(
                one,
                runtime::shape_operand::ShapeOperand::Tensor(Operand::Handle(dynamic)),
                dtype,
                name.as_deref(),
            )
        })?;
        return wrap(st, vm, handle);
    };
    let dims: Vec<i64> = dims.dims().iter().map(|d| *d as i64).collect();
    let handle = st.tf(vm, |ctx| ctx.filled(one, &dims, dtype, name.as_deref()))?;
    wrap(st, vm, handle)
}

fn scalar_of(vm: &mut Vm<'_>, value: &Value, dtype: DType) -> PyResult<Tensor> {
    let number = vm
        .to_f64(value)?
        .ok_or_else(|| vm.type_error("range() arguments must be numbers"))?;
    ops::cast(&Tensor::scalar(number), dtype).map_err(|e| crate::convert::op_error(vm, e))
}

/// The dtypes `tf.range` accepts, lowest first: arguments are cast to the highest present.
const RANGE_DTYPES: [DType; 4] = [DType::Int32, DType::Int64, DType::Float32, DType::Float64];

fn range(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "range", &args, 1, [start, limit, delta, dtype, name])?;
    let (start, limit) = match (&bound.start, &bound.limit) {
        (Some(start), Some(limit)) => (start.clone(), limit.clone()),
        (Some(limit), None) => (Value::Int(0), limit.clone()),
        _ => return Err(vm.type_error("range() requires a limit")),
    };
    let delta = bound.delta.clone().unwrap_or(Value::Int(1));
    let dtype = opt_dtype(vm, &bound.dtype)?;
    // Tensors stay as they are; Python numbers become tensors of `dtype`, or of their own
    // type (int32, float32) when no dtype is given.
    let mut operands = Vec::with_capacity(3);
    let mut dtypes = Vec::with_capacity(3);
    for value in [&start, &limit, &delta] {
        let is_number = matches!(value, Value::Int(_) | Value::Bool(_) | Value::Float(_));
        let operand = if is_number {
            // As `convert_to_tensor` types a Python number: float32, or int32 unless the
            // int needs 64 bits.
            let own = match value {
                Value::Float(_) => DType::Float32,
                Value::Int(i) if i32::try_from(*i).is_err() => DType::Int64,
                _ => DType::Int32,
            };
            Operand::Literal(scalar_of(vm, value, dtype.unwrap_or(own))?)
        } else {
            to_operand(st, vm, value)?
        };
        let operand_dtype = st.tf(vm, |ctx| ctx.operand_dtype(&operand))?;
        dtypes.push(operand_dtype);
        operands.push(operand);
    }
    let dtype = match dtype {
        Some(dtype) => dtype,
        None => {
            let mut rank = 0;
            for found in &dtypes {
                let index = RANGE_DTYPES
                    .iter()
                    .position(|allowed| allowed == found)
                    .ok_or_else(|| vm.type_error("range() arguments must be numbers"))?;
                rank = rank.max(index);
            }
            RANGE_DTYPES[rank]
        }
    };
    let name = name_arg(vm, &bound.name)?;
    let mut operands = operands.into_iter();
    let mut next = || {
        operands
            .next()
            .unwrap_or(Operand::Literal(Tensor::scalar(0i32)))
    };
    let (start, limit, delta) = (next(), next(), next());
    let handle = st.tf(vm, |ctx| {
        ctx.range(start, limit, delta, dtype, name.as_deref())
    })?;
    wrap(st, vm, handle)
}

/// An op-level `seed` argument (None: unseeded).
pub(crate) fn seed_arg(vm: &mut Vm<'_>, value: &Option<Value>) -> PyResult<Option<u64>> {
    match value {
        None | Some(Value::None) => Ok(None),
        Some(v) => match v.as_i64() {
            Some(seed) => Ok(Some(seed as u64)),
            None => Err(vm.type_error("seed must be an integer")),
        },
    }
}

fn random_normal(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    normal_sampler(st, vm, args, false)
}

/// `tf.random.truncated_normal(shape, mean=0.0, stddev=1.0, dtype=tf.float32, seed=None,
/// name=None)`.
fn truncated_normal(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    normal_sampler(st, vm, args, true)
}

/// `tf.random.normal` or (`truncated`) `tf.random.truncated_normal`: the same arguments.
fn normal_sampler(st: &St, vm: &mut Vm<'_>, args: Args<'_>, truncated: bool) -> PyResult {
    let function = if truncated {
        "truncated_normal"
    } else {
        "normal"
    };
    let bound = bind!(
        vm,
        function,
        &args,
        1,
        [shape, mean, stddev, dtype, seed, name]
    )?;
    let shape = shape_operand(
        st,
        vm,
        bound.shape.as_ref().unwrap_or(&Value::None),
        "shape",
    )?;
    let mean = float_arg(vm, &bound.mean, 0.0)?;
    let stddev = float_arg(vm, &bound.stddev, 1.0)?;
    let dtype = opt_dtype(vm, &bound.dtype)?.unwrap_or(DType::Float32);
    let seed = seed_arg(vm, &bound.seed)?;
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| {
        if truncated {
            ctx.truncated_normal(shape, mean, stddev, dtype, seed, name.as_deref())
        } else {
            ctx.random_normal(shape, mean, stddev, dtype, seed, name.as_deref())
        }
    })?;
    wrap(st, vm, handle)
}

fn random_uniform(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "uniform",
        &args,
        1,
        [shape, minval, maxval, dtype, seed, name]
    )?;
    let shape = shape_operand(
        st,
        vm,
        bound.shape.as_ref().unwrap_or(&Value::None),
        "shape",
    )?;
    let dtype = opt_dtype(vm, &bound.dtype)?.unwrap_or(DType::Float32);
    let low = float_arg(vm, &bound.minval, 0.0)?;
    let high = match &bound.maxval {
        Some(_) => float_arg(vm, &bound.maxval, 1.0)?,
        None if dtype.is_integer() => {
            return Err(vm.value_error(format!(
                "Must specify maxval for integer dtype {}",
                dtype.repr()
            )))
        }
        None => 1.0,
    };
    let seed = seed_arg(vm, &bound.seed)?;
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| {
        ctx.random_uniform(shape, low, high, dtype, seed, name.as_deref())
    })?;
    wrap(st, vm, handle)
}

fn executing_eagerly(st: &St, vm: &mut Vm<'_>, _args: Args<'_>) -> PyResult {
    Ok(Value::Bool(st.with_ctx(vm, |ctx| ctx.executing_eagerly())?))
}

/// `tf.random.set_seed(seed)` and `tf.compat.v1.set_random_seed(seed)`.
fn set_random_seed(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "set_seed", &args, 1, [seed])?;
    let seed = match &bound.seed {
        Some(Value::None) | None => None,
        Some(value) => match value.as_i64() {
            Some(seed) => Some(seed),
            None => return Err(vm.type_error("seed must be an integer")),
        },
    };
    if let Some(seed) = seed {
        st.tf(vm, |ctx| ctx.set_random_seed(seed))?;
    }
    Ok(Value::None)
}

fn no_op(_st: &St, _vm: &mut Vm<'_>, _args: Args<'_>) -> PyResult {
    Ok(Value::None)
}

/// The binary `tf.math` functions: the Python name, the op, and the name the op gets in a
/// graph by default: the op's own name for the generated wrappers (`tf.add` is `Add`),
/// the wrapper's scope for the Python ones (`tf.math.floordiv` is `floordiv`), where the
/// operators `+` and `%` give `add` and `mod` (oracle TF 2.21).
const BINARY_FUNCTIONS: &[(&str, BinaryOp, &str)] = &[
    ("add", BinaryOp::Add, "Add"),
    ("subtract", BinaryOp::Sub, "Sub"),
    ("multiply", BinaryOp::Mul, "Mul"),
    ("floordiv", BinaryOp::FloorDiv, "floordiv"),
    ("floormod", BinaryOp::FloorMod, "FloorMod"),
    ("mod", BinaryOp::FloorMod, "FloorMod"),
    ("pow", BinaryOp::Pow, "Pow"),
    ("maximum", BinaryOp::Maximum, "Maximum"),
    ("minimum", BinaryOp::Minimum, "Minimum"),
    (
        "squared_difference",
        BinaryOp::SquaredDifference,
        "SquaredDifference",
    ),
    ("equal", BinaryOp::Equal, "Equal"),
    ("not_equal", BinaryOp::NotEqual, "NotEqual"),
    ("less", BinaryOp::Less, "Less"),
    ("less_equal", BinaryOp::LessEqual, "LessEqual"),
    ("greater", BinaryOp::Greater, "Greater"),
    ("greater_equal", BinaryOp::GreaterEqual, "GreaterEqual"),
    ("logical_and", BinaryOp::LogicalAnd, "LogicalAnd"),
    ("logical_or", BinaryOp::LogicalOr, "LogicalOr"),
];

const UNARY_FUNCTIONS: &[(&str, UnaryOp)] = &[
    ("negative", UnaryOp::Neg),
    ("abs", UnaryOp::Abs),
    ("sign", UnaryOp::Sign),
    ("square", UnaryOp::Square),
    ("sqrt", UnaryOp::Sqrt),
    ("exp", UnaryOp::Exp),
    ("log", UnaryOp::Log),
    ("sin", UnaryOp::Sin),
    ("cos", UnaryOp::Cos),
    ("tanh", UnaryOp::Tanh),
    ("sigmoid", UnaryOp::Sigmoid),
    ("round", UnaryOp::Round),
    ("logical_not", UnaryOp::LogicalNot),
    ("floor", UnaryOp::Floor),
    ("ceil", UnaryOp::Ceil),
    ("rsqrt", UnaryOp::Rsqrt),
    ("log1p", UnaryOp::Log1p),
    ("expm1", UnaryOp::Expm1),
    ("erf", UnaryOp::Erf),
    ("erfc", UnaryOp::Erfc),
    ("tan", UnaryOp::Tan),
    ("reciprocal", UnaryOp::Reciprocal),
    ("softplus", UnaryOp::Softplus),
    ("atan", UnaryOp::Atan),
    ("asin", UnaryOp::Asin),
    ("acos", UnaryOp::Acos),
    ("sinh", UnaryOp::Sinh),
    ("cosh", UnaryOp::Cosh),
];

const REDUCTIONS: &[(&str, ReduceOp)] = &[
    ("reduce_sum", ReduceOp::Sum),
    ("reduce_mean", ReduceOp::Mean),
    ("reduce_max", ReduceOp::Max),
    ("reduce_min", ReduceOp::Min),
    ("reduce_prod", ReduceOp::Prod),
    ("reduce_any", ReduceOp::Any),
    ("reduce_all", ReduceOp::All),
];

/// The functions shared by `tensorflow`, `tensorflow.math` and `tensorflow.compat.v1`.
fn math_functions(st: &St) -> Vec<(String, Value)> {
    let mut functions = Vec::new();
    for (name, op, default_name) in BINARY_FUNCTIONS {
        let (op, name_owned, default_name, st2) =
            (*op, name.to_string(), *default_name, st.clone());
        functions.push((
            name.to_string(),
            lang::host::native_function_closure(name, move |vm, args| {
                binary_fn(&st2, vm, &args, op, &name_owned, default_name)
            }),
        ));
    }
    functions.push((
        "divide".to_string(),
        crate::function(st, "divide", |st, vm, args| {
            division_fn(st, vm, &args, "divide")
        }),
    ));
    functions.push((
        "truediv".to_string(),
        crate::function(st, "truediv", |st, vm, args| {
            division_fn(st, vm, &args, "truediv")
        }),
    ));
    for (name, op) in UNARY_FUNCTIONS {
        let (op, name_owned, st2) = (*op, name.to_string(), st.clone());
        functions.push((
            name.to_string(),
            lang::host::native_function_closure(name, move |vm, args| {
                unary_fn(&st2, vm, &args, op, &name_owned)
            }),
        ));
    }
    for (name, op) in REDUCTIONS {
        let (op, name_owned, st2) = (*op, name.to_string(), st.clone());
        functions.push((
            name.to_string(),
            lang::host::native_function_closure(name, move |vm, args| {
                reduce_fn(&st2, vm, &args, op, &name_owned)
            }),
        ));
    }
    functions.push((
        "reduce_variance".to_string(),
        crate::function(st, "reduce_variance", |st, vm, args| {
            reduce_variance_fn(st, vm, &args, false)
        }),
    ));
    functions.push((
        "reduce_std".to_string(),
        crate::function(st, "reduce_std", |st, vm, args| {
            reduce_variance_fn(st, vm, &args, true)
        }),
    ));
    functions.push((
        "clip_by_value".to_string(),
        crate::function(st, "clip_by_value", clip_by_value),
    ));
    functions.push((
        "argmax".to_string(),
        crate::function(st, "argmax", |st, vm, args| {
            array_ops::arg_reduce(st, vm, &args, ArgReduceOp::ArgMax)
        }),
    ));
    functions.push((
        "argmin".to_string(),
        crate::function(st, "argmin", |st, vm, args| {
            array_ops::arg_reduce(st, vm, &args, ArgReduceOp::ArgMin)
        }),
    ));
    functions
}

fn set_all(module: &Module, attrs: &[(String, Value)]) {
    for (name, value) in attrs {
        module.set(name, value.clone());
    }
}

/// Builds `tensorflow` and every submodule; returns them by full name.
pub fn build(st: &St, vm: &mut Vm<'_>) -> PyResult<Vec<(String, Value)>> {
    let classes = st.classes(vm)?;
    let tf = module("tensorflow");
    let math = math_functions(st);
    set_all(&tf, &math);
    let math_module = module("tensorflow.math");
    set_all(&math_module, &math);
    def(&math_module, st, "cumsum", array_ops::cumsum);
    def(&math_module, st, "l2_normalize", l2_normalize);
    def(&math_module, st, "cumprod", array_ops::cumprod);
    def(&math_module, st, "add_n", math_ops::add_n);
    def(
        &math_module,
        st,
        "divide_no_nan",
        crate::activation_ops::divide_no_nan,
    );
    def(
        &math_module,
        st,
        "log_softmax",
        crate::activation_ops::log_softmax,
    );
    def(&math_module, st, "softmax", array_ops::softmax);
    def(&math_module, st, "count_nonzero", math_ops::count_nonzero);
    def(&math_module, st, "is_nan", |st, vm, args| {
        math_ops::float_class(st, vm, &args, FloatClass::Nan)
    });
    def(&math_module, st, "is_inf", |st, vm, args| {
        math_ops::float_class(st, vm, &args, FloatClass::Inf)
    });
    def(&math_module, st, "is_finite", |st, vm, args| {
        math_ops::float_class(st, vm, &args, FloatClass::Finite)
    });
    def(&tf, st, "add_n", math_ops::add_n);
    def(&tf, st, "pad", math_ops::pad);
    def(&tf, st, "eye", math_ops::eye);
    let top_k = crate::sort_ops::top_k_function(st);
    math_module.set("top_k", top_k.clone());
    def(&tf, st, "sort", crate::sort_ops::sort);
    def(&tf, st, "print", crate::logging_ops::print);
    def(&tf, st, "argsort", crate::sort_ops::argsort);
    tf.set("math", Value::Module(math_module.clone()));
    let mut common: Vec<(String, Value)> = vec![
        ("constant".into(), native(st, "constant", constant)),
        (
            "convert_to_tensor".into(),
            native(st, "convert_to_tensor", convert_to_tensor),
        ),
        ("matmul".into(), native(st, "matmul", matmul)),
        ("realdiv".into(), native(st, "realdiv", realdiv)),
        ("reshape".into(), native(st, "reshape", reshape)),
        ("identity".into(), native(st, "identity", identity)),
        (
            "stop_gradient".into(),
            native(st, "stop_gradient", stop_gradient),
        ),
        (
            "gradients".into(),
            native(st, "gradients", crate::tape::gradients),
        ),
        ("no_op".into(), native(st, "no_op", crate::graph::no_op)),
        ("cast".into(), native(st, "cast", cast)),
        ("where".into(), native(st, "where", where_fn)),
        ("cond".into(), native(st, "cond", crate::control_flow::cond)),
        (
            "get_static_value".into(),
            native(st, "get_static_value", get_static_value),
        ),
        (
            "zeros".into(),
            native(st, "zeros", |st, vm, args| filled(st, vm, &args, false)),
        ),
        (
            "ones".into(),
            native(st, "ones", |st, vm, args| filled(st, vm, &args, true)),
        ),
        (
            "zeros_like".into(),
            native(st, "zeros_like", |st, vm, args| {
                filled_like(st, vm, &args, false)
            }),
        ),
        (
            "ones_like".into(),
            native(st, "ones_like", |st, vm, args| {
                filled_like(st, vm, &args, true)
            }),
        ),
        ("range".into(), native(st, "range", range)),
        ("device".into(), native(st, "device", crate::device::device)),
        (
            "control_dependencies".into(),
            native(
                st,
                "control_dependencies",
                crate::control_dependencies::control_dependencies,
            ),
        ),
        (
            "name_scope".into(),
            native(st, "name_scope", crate::name_scope::name_scope),
        ),
        (
            "function".into(),
            native(st, "function", crate::function::function),
        ),
        (
            "executing_eagerly".into(),
            native(st, "executing_eagerly", executing_eagerly),
        ),
        (
            "as_dtype".into(),
            native(st, "as_dtype", crate::dtypes::as_dtype),
        ),
        ("Variable".into(), Value::Class(classes.variable.clone())),
        (
            "GradientTape".into(),
            Value::Class(classes.gradient_tape.clone()),
        ),
        (
            "UnconnectedGradients".into(),
            crate::tape::unconnected_gradients(),
        ),
        ("Tensor".into(), Value::Class(classes.tensor.clone())),
        (
            "TensorShape".into(),
            Value::Class(classes.tensor_shape.clone()),
        ),
        ("DType".into(), Value::Class(classes.dtype.clone())),
        (
            "TensorSpec".into(),
            Value::Class(classes.tensor_spec.clone()),
        ),
        ("Graph".into(), crate::graph::graph_class(st, vm)?),
        (
            "Operation".into(),
            Value::Class(classes.graph.operation.clone()),
        ),
        ("newaxis".into(), Value::None),
        ("fill".into(), native(st, "fill", array_ops::fill)),
        (
            "broadcast_dynamic_shape".into(),
            native(
                st,
                "broadcast_dynamic_shape",
                array_ops::broadcast_dynamic_shape,
            ),
        ),
        (
            "transpose".into(),
            native(st, "transpose", array_ops::transpose),
        ),
        ("gather".into(), native(st, "gather", array_ops::gather)),
        (
            "gather_nd".into(),
            native(st, "gather_nd", array_ops::gather_nd),
        ),
        (
            "scatter_nd".into(),
            native(st, "scatter_nd", array_ops::scatter_nd),
        ),
        ("tile".into(), native(st, "tile", array_ops::tile)),
        (
            "broadcast_to".into(),
            native(st, "broadcast_to", array_ops::broadcast_to),
        ),
        ("slice".into(), native(st, "slice", array_ops::slice)),
        ("reverse".into(), native(st, "reverse", array_ops::reverse)),
        ("split".into(), native(st, "split", array_ops::split)),
        ("unique".into(), array_ops::unique_function(st)),
        (
            "boolean_mask".into(),
            native(st, "boolean_mask", array_ops::boolean_mask),
        ),
        ("unstack".into(), native(st, "unstack", array_ops::unstack)),
        ("cumsum".into(), native(st, "cumsum", array_ops::cumsum)),
        ("concat".into(), native(st, "concat", array_ops::concat)),
        ("stack".into(), native(st, "stack", array_ops::stack)),
        ("one_hot".into(), native(st, "one_hot", array_ops::one_hot)),
        (
            "expand_dims".into(),
            native(st, "expand_dims", array_ops::expand_dims),
        ),
        ("squeeze".into(), native(st, "squeeze", array_ops::squeeze)),
        (
            "shape".into(),
            native(st, "shape", |st, vm, args| {
                array_ops::shape_fn(st, vm, &args, "shape")
            }),
        ),
        (
            "size".into(),
            native(st, "size", |st, vm, args| {
                array_ops::shape_fn(st, vm, &args, "size")
            }),
        ),
        (
            "rank".into(),
            native(st, "rank", |st, vm, args| {
                array_ops::shape_fn(st, vm, &args, "rank")
            }),
        ),
    ];
    common.extend(crate::dtypes::module_attrs(st, vm)?);
    set_all(&tf, &common);
    tf.set("__version__", Value::str(VERSION));
    tf.set("get_default_graph", crate::graph::default_graph_fn(st));

    // `tf.version`: the TF 2.21.0 wheel's build facts, as the oracle reports them.
    let version = module("tensorflow.version");
    version.set("VERSION", Value::str(VERSION));
    version.set("GIT_VERSION", Value::str("v2.21.0-rc1-5-ga481b10260d"));
    version.set("COMPILER_VERSION", Value::str("Clang 18.1.8"));
    version.set("GRAPH_DEF_VERSION", Value::Int(2474));
    version.set("GRAPH_DEF_VERSION_MIN_CONSUMER", Value::Int(0));
    version.set("GRAPH_DEF_VERSION_MIN_PRODUCER", Value::Int(0));
    tf.set("version", Value::Module(version.clone()));

    let dtypes = module("tensorflow.dtypes");
    set_all(&dtypes, &crate::dtypes::module_attrs(st, vm)?);
    dtypes.set("DType", Value::Class(classes.dtype.clone()));
    dtypes.set("as_dtype", native(st, "as_dtype", crate::dtypes::as_dtype));
    tf.set("dtypes", Value::Module(dtypes.clone()));

    let random = module("tensorflow.random");
    def(&random, st, "normal", random_normal);
    def(&random, st, "truncated_normal", truncated_normal);
    def(&random, st, "uniform", random_uniform);
    def(&random, st, "shuffle", crate::sampling_ops::shuffle);
    def(&random, st, "categorical", crate::sampling_ops::categorical);
    def(&random, st, "set_seed", set_random_seed);
    def(
        &random,
        st,
        "stateless_uniform",
        crate::stateless_random::stateless_uniform,
    );
    def(
        &random,
        st,
        "stateless_normal",
        crate::stateless_random::stateless_normal,
    );
    def(
        &random,
        st,
        "stateless_truncated_normal",
        crate::stateless_random::stateless_truncated_normal,
    );
    def(&tf, st, "ensure_shape", array_ops::ensure_shape);
    for (name, f) in [
        (
            "tensor_scatter_nd_update",
            array_ops::tensor_scatter_nd_update as fn(&St, &mut Vm<'_>, Args<'_>) -> PyResult,
        ),
        ("tensor_scatter_nd_add", array_ops::tensor_scatter_nd_add),
        ("tensor_scatter_nd_sub", array_ops::tensor_scatter_nd_sub),
        ("tensor_scatter_nd_min", array_ops::tensor_scatter_nd_min),
        ("tensor_scatter_nd_max", array_ops::tensor_scatter_nd_max),
    ] {
        def(&tf, st, name, f);
    }
    let raw_ops = module("tensorflow.raw_ops");
    def(
        &raw_ops,
        st,
        "ImageProjectiveTransformV3",
        array_ops::image_projective_transform_v3,
    );
    def(
        &raw_ops,
        st,
        "AdjustContrastv2",
        array_ops::adjust_contrast_v2,
    );
    def(
        &raw_ops,
        st,
        "DepthwiseConv2dNative",
        crate::nn_ops::depthwise_conv2d_native,
    );
    def(
        &raw_ops,
        st,
        "SoftmaxCrossEntropyWithLogits",
        crate::activation_ops::softmax_cross_entropy_with_logits_op,
    );
    def(
        &raw_ops,
        st,
        "ParseExampleV2",
        crate::parsing_ops::parse_example_v2,
    );
    for (name, f) in [
        (
            "HashTableV2",
            crate::lookup_ops::hash_table_v2 as fn(&St, &mut Vm<'_>, Args<'_>) -> PyResult,
        ),
        (
            "MutableHashTableV2",
            crate::lookup_ops::mutable_hash_table_v2,
        ),
        ("LookupTableImportV2", crate::lookup_ops::import_v2),
        ("LookupTableInsertV2", crate::lookup_ops::insert_v2),
        ("LookupTableRemoveV2", crate::lookup_ops::remove_v2),
        ("LookupTableFindV2", crate::lookup_ops::find_v2),
        ("LookupTableSizeV2", crate::lookup_ops::size_v2),
        ("LookupTableExportV2", crate::lookup_ops::export_v2),
    ] {
        def(&raw_ops, st, name, f);
    }
    for (name, f) in crate::string_ops::RAW_OPS
        .iter()
        .chain(crate::complex_ops::RAW_OPS)
    {
        def(&raw_ops, st, name, *f);
    }
    tf.set("raw_ops", Value::Module(raw_ops.clone()));
    let strings = module("tensorflow.strings");
    def(&strings, st, "to_number", array_ops::to_number);
    def(&strings, st, "format", crate::logging_ops::string_format);
    tf.set("strings", Value::Module(strings.clone()));
    let image = module("tensorflow.image");
    def(&image, st, "resize", array_ops::resize);
    tf.set("image", Value::Module(image.clone()));
    let linalg = module("tensorflow.linalg");
    def(&linalg, st, "matmul", matmul);
    def(&linalg, st, "eye", math_ops::eye);
    def(&linalg, st, "det", crate::activation_ops::det);
    def(&linalg, st, "inv", crate::activation_ops::inv);
    def(&linalg, st, "solve", crate::activation_ops::solve);
    def(&linalg, st, "cholesky", crate::activation_ops::cholesky);
    def(&linalg, st, "l2_normalize", l2_normalize);
    tf.set("linalg", Value::Module(linalg.clone()));
    tf.set("random", Value::Module(random.clone()));

    let nn = module("tensorflow.nn");
    for (name, op) in [
        ("relu", UnaryOp::Relu),
        ("sigmoid", UnaryOp::Sigmoid),
        ("tanh", UnaryOp::Tanh),
        ("softplus", UnaryOp::Softplus),
    ] {
        let st2 = st.clone();
        nn.set(
            name,
            lang::host::native_function_closure(name, move |vm, args| {
                unary_fn(&st2, vm, &args, op, name)
            }),
        );
    }
    def(&nn, st, "softmax", array_ops::softmax);
    def(&nn, st, "relu6", crate::activation_ops::relu6);
    def(&nn, st, "elu", crate::activation_ops::elu);
    def(&nn, st, "selu", crate::activation_ops::selu);
    def(&nn, st, "softsign", crate::activation_ops::softsign);
    def(&nn, st, "leaky_relu", crate::activation_ops::leaky_relu);
    def(&nn, st, "log_softmax", crate::activation_ops::log_softmax);
    def(&nn, st, "l2_loss", crate::activation_ops::l2_loss);
    def(
        &nn,
        st,
        "sparse_softmax_cross_entropy_with_logits",
        crate::activation_ops::sparse_softmax_cross_entropy_with_logits,
    );
    def(&nn, st, "l2_normalize", l2_normalize);
    def(&nn, st, "conv2d", crate::nn_ops::conv2d);
    def(&nn, st, "conv2d_transpose", crate::nn_ops::conv2d_transpose);
    def(&nn, st, "max_pool2d", crate::nn_ops::max_pool2d);
    def(&nn, st, "max_pool", crate::nn_ops::max_pool);
    def(&nn, st, "avg_pool2d", crate::nn_ops::avg_pool2d);
    def(&nn, st, "avg_pool", crate::nn_ops::avg_pool);
    def(&nn, st, "bias_add", crate::nn_ops::bias_add);
    def(
        &nn,
        st,
        "compute_average_loss",
        crate::distribute::loss_scaling::compute_average_loss,
    );
    nn.set("top_k", top_k);
    tf.set("nn", Value::Module(nn.clone()));

    let errors = module("tensorflow.errors");
    set_all(&errors, &crate::errors::module_attrs(&classes.errors));
    tf.set("errors", Value::Module(errors.clone()));

    let (config, experimental) = crate::config::build_module(st, vm)?;
    def(
        &config,
        st,
        "experimental_connect_to_cluster",
        crate::tpu::connect_to_cluster,
    );
    tf.set("config", Value::Module(config.clone()));
    let (distribute, distribute_experimental, aggregation) =
        crate::distribute::build_module(st, vm)?;
    let (tpu, tpu_experimental, cluster_resolver) = crate::tpu::build_modules(st, vm)?;
    distribute.set("cluster_resolver", Value::Module(cluster_resolver.clone()));
    tf.set("distribute", Value::Module(distribute.clone()));
    tf.set("tpu", Value::Module(tpu.clone()));
    tf.set("VariableAggregation", aggregation);

    let debugging = module("tensorflow.debugging");
    def(
        &debugging,
        st,
        "set_log_device_placement",
        crate::config::set_log_device_placement,
    );
    tf.set("debugging", Value::Module(debugging.clone()));

    let v1 = module("tensorflow.compat.v1");
    set_all(&v1, &math);
    set_all(&v1, &common);
    v1.set("math", Value::Module(math_module.clone()));
    v1.set("random", Value::Module(random.clone()));
    v1.set("nn", Value::Module(nn.clone()));
    v1.set("linalg", Value::Module(linalg.clone()));
    v1.set("div", native(st, "div", div_python2));
    v1.set("errors", Value::Module(errors.clone()));
    v1.set("config", Value::Module(config.clone()));
    v1.set("debugging", Value::Module(debugging.clone()));
    v1.set("dtypes", Value::Module(dtypes.clone()));
    v1.set("strings", Value::Module(strings.clone()));
    v1.set("image", Value::Module(image.clone()));
    v1.set("__version__", Value::str(VERSION));
    def(&v1, st, "random_normal", random_normal);
    def(&v1, st, "truncated_normal", truncated_normal);
    def(&v1, st, "random_uniform", random_uniform);
    def(&v1, st, "random_shuffle", crate::sampling_ops::shuffle);
    def(&v1, st, "multinomial", crate::sampling_ops::categorical);
    def(&v1, st, "set_random_seed", set_random_seed);
    def(&v1, st, "name_scope", crate::name_scope::name_scope_v1);
    crate::graph::add_v1(st, vm, &v1)?;
    let logging = module("tensorflow.compat.v1.logging");
    def(&logging, st, "set_verbosity", no_op);
    for (name, level) in [
        ("DEBUG", 10),
        ("INFO", 20),
        ("WARN", 30),
        ("WARNING", 30),
        ("ERROR", 40),
        ("FATAL", 50),
    ] {
        logging.set(name, Value::Int(level));
    }
    v1.set("logging", Value::Module(logging.clone()));

    let compat = module("tensorflow.compat");
    compat.set("v1", Value::Module(v1.clone()));
    compat.set("v2", Value::Module(tf.clone()));
    tf.set("compat", Value::Module(compat.clone()));

    let data_modules = crate::data::build_module(st, vm)?;
    for (name, module) in &data_modules {
        if name == "tensorflow.data" {
            tf.set("data", module.clone());
        }
    }
    for (name, class) in crate::init_ops::tf_initializers(&classes.init_ops) {
        tf.set(name, class);
    }
    // TensorFlow's internal module of the eager variable class, which library code that
    // patches variables' methods (the new type promotion) reaches the class through.
    let resource_variable_ops = module("tensorflow.python.ops.resource_variable_ops");
    resource_variable_ops.set(
        "ResourceVariable",
        Value::Class(classes.resource_variable.clone()),
    );
    let bitwise = crate::bitwise_ops::build_module(st);
    tf.set("bitwise", Value::Module(bitwise.clone()));
    def(
        &math_module,
        st,
        "logical_xor",
        crate::bitwise_ops::logical_xor_fn,
    );
    let python_ops = module("tensorflow.python.ops");
    python_ops.set(
        "resource_variable_ops",
        Value::Module(resource_variable_ops.clone()),
    );
    let python = module("tensorflow.python");
    python.set("ops", Value::Module(python_ops.clone()));
    let mut modules = vec![
        ("tensorflow.python".into(), Value::Module(python)),
        ("tensorflow.bitwise".into(), Value::Module(bitwise)),
        ("tensorflow.python.ops".into(), Value::Module(python_ops)),
        (
            "tensorflow.python.ops.resource_variable_ops".into(),
            Value::Module(resource_variable_ops),
        ),
        ("tensorflow".into(), Value::Module(tf.clone())),
        ("tensorflow.compat".into(), Value::Module(compat)),
        ("tensorflow.compat.v1".into(), Value::Module(v1)),
        ("tensorflow.compat.v2".into(), Value::Module(tf)),
        (
            "tensorflow.compat.v1.logging".into(),
            Value::Module(logging),
        ),
        ("tensorflow.math".into(), Value::Module(math_module)),
        ("tensorflow.random".into(), Value::Module(random)),
        ("tensorflow.nn".into(), Value::Module(nn)),
        ("tensorflow.errors".into(), Value::Module(errors)),
        ("tensorflow.config".into(), Value::Module(config)),
        (
            "tensorflow.config.experimental".into(),
            Value::Module(experimental),
        ),
        ("tensorflow.debugging".into(), Value::Module(debugging)),
        ("tensorflow.dtypes".into(), Value::Module(dtypes)),
        ("tensorflow.version".into(), Value::Module(version)),
        ("tensorflow.strings".into(), Value::Module(strings)),
        ("tensorflow.raw_ops".into(), Value::Module(raw_ops)),
        ("tensorflow.image".into(), Value::Module(image)),
        ("tensorflow.linalg".into(), Value::Module(linalg)),
        ("tensorflow.distribute".into(), Value::Module(distribute)),
        (
            "tensorflow.distribute.experimental".into(),
            Value::Module(distribute_experimental),
        ),
        (
            "tensorflow.distribute.cluster_resolver".into(),
            Value::Module(cluster_resolver),
        ),
        ("tensorflow.tpu".into(), Value::Module(tpu)),
        (
            "tensorflow.tpu.experimental".into(),
            Value::Module(tpu_experimental),
        ),
    ];
    modules.extend(data_modules);
    for (_, module) in &modules {
        if let Value::Module(module) = module {
            crate::python_names::install(module);
        }
    }
    Ok(modules)
}
