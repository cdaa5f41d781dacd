//! The array ops of the `tensorflow` module: `fill`, `tile`, `broadcast_to`, `slice`,
//! `transpose`, `concat`, `stack`, `argmax`/`argmin`, `one_hot`, `expand_dims`, `squeeze`,
//! `nn.softmax`, `shape`/`size`/`rank`, `strings.to_number` and `image.resize`. Each
//! converts its arguments and calls
//! [`Context::array_op`](runtime::Context::array_op), so eager mode executes and
//! graph mode builds the op TensorFlow builds (`transpose/perm`, `concat/axis`).

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{int_list, name_arg, opt_dtype, to_operand, to_tensor};
use crate::tensor_class::wrap;
use crate::St;
use runtime::error::TfError;
use runtime::op::OpKind;
use runtime::op_defs::{GatherNd, ScatterNd};
use runtime::shape_operand::ShapeOperand;
use runtime::{Handle, Operand};
use tensor::ops::{self, ArgReduceOp};
use tensor::{DType, Shape, Tensor, TensorShape};

/// A required argument of a bound call ([`bind!`] checked it was given; Python `None` when it
/// was given as `None`).
pub(crate) fn required(bound: &Option<Value>) -> Value {
    bound.clone().unwrap_or(Value::None)
}

fn int32_literal(vm: &Vm<'_>, values: &[i64], scalar: bool) -> PyResult<Operand> {
    let values: Vec<i32> = values
        .iter()
        .map(|value| {
            i32::try_from(*value)
                .map_err(|_| vm.value_error(format!("{value} is out of range for int32")))
        })
        .collect::<PyResult<_>>()?;
    let tensor = if scalar && values.len() == 1 {
        Ok(Tensor::scalar(values[0]))
    } else {
        Tensor::from_vec(Shape::new(vec![values.len()]), values)
    };
    tensor
        .map(Operand::Literal)
        .map_err(|error| crate::convert::op_error(vm, error))
}

/// A shape-like argument whose known entries become an int32 literal (TensorFlow's
/// conversion error for a value out of range), and whose tensors stay tensors.
fn known_as_int32(st: &St, vm: &mut Vm<'_>, value: &Value, what: &str) -> PyResult<ShapeOperand> {
    match crate::convert::shape_operand(st, vm, value, what)? {
        ShapeOperand::Known(values) => int32_literal(vm, &values, false).map(ShapeOperand::Tensor),
        other => Ok(other),
    }
}

/// The op-def facts of an integer-vector input whose dtype TensorFlow checks against
/// int32 and int64: the op, the attr, the parameter and the op-def text eager errors print.
struct IndexInput {
    op: &'static str,
    attr: &'static str,
    parameter: &'static str,
    op_def: &'static str,
    /// The attr defaults to int32, so an empty list converts to int32, not float32.
    defaults_to_int32: bool,
}

const BROADCAST_TO_SHAPE: IndexInput = IndexInput {
    op: "BroadcastTo",
    attr: "Tidx",
    parameter: "shape",
    op_def: "Op<name=BroadcastTo; signature=input:T, shape:Tidx -> output:T; attr=T:type; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]>",
    defaults_to_int32: true,
};

const SLICE_BEGIN: IndexInput = IndexInput {
    op: "Slice",
    attr: "Index",
    parameter: "begin",
    op_def: "Op<name=Slice; signature=input:T, begin:Index, size:Index -> output:T; attr=T:type; attr=Index:type,allowed=[DT_INT32, DT_INT64]>",
    defaults_to_int32: false,
};

/// An integer-vector argument (`tf.broadcast_to`'s shape, `tf.slice`'s begin and size): a
/// list with graph tensors in it is packed, anything else converts as
/// `tf.convert_to_tensor` would (int64 for values beyond int32, nesting and scalars kept,
/// for the kernel to reject); a dtype other than int32 and int64 fails as TensorFlow's
/// attr check does (the kernel's in eager mode, the op-def's when building a graph).
fn integer_vector(
    st: &St,
    vm: &mut Vm<'_>,
    value: &Value,
    input: &IndexInput,
) -> PyResult<ShapeOperand> {
    if crate::convert::holds_symbolic(st, vm, value)? {
        return crate::convert::shape_operand(st, vm, value, input.parameter);
    }
    let empty = match value {
        Value::List(_) | Value::Tuple(_) => vm.iterate(value)?.is_empty(),
        _ => false,
    };
    if empty && input.defaults_to_int32 {
        return int32_literal(vm, &[], false).map(ShapeOperand::Tensor);
    }
    let operand = to_operand(st, vm, value)?;
    let dtype = operand_dtype(st, vm, &operand)?;
    if matches!(dtype, DType::Int32 | DType::Int64) {
        return Ok(ShapeOperand::Tensor(operand));
    }
    let eager = st
        .with_ctx(vm, |ctx| ctx.executing_eagerly())
        .unwrap_or(true);
    st.tf(vm, |_| {
        Err(if eager {
            TfError::invalid_argument(format!(
                "Value for attr '{}' of {} is not in the list of allowed values: int32, int64\n\t; NodeDef: {{{{node {}}}}}; {} [Op:{}]",
                input.attr,
                dtype.kernel_name(),
                input.op,
                input.op_def,
                input.op
            ))
        } else {
            TfError::type_error(format!(
                "Value passed to parameter '{}' has DataType {} not in list of allowed values: int32, int64",
                input.parameter,
                dtype.name()
            ))
        })
    })
}

fn scalar_int(st: &St, vm: &mut Vm<'_>, value: &Value, what: &str) -> PyResult<i64> {
    match int_list(st, vm, value, what)?.as_slice() {
        [only] => Ok(*only),
        _ => Err(vm.type_error(format!("{what} must be an integer"))),
    }
}

/// The static shape of an operand.
fn static_shape(st: &St, vm: &mut Vm<'_>, operand: &Operand) -> PyResult<TensorShape> {
    st.tf(vm, |ctx| ctx.operand_shape(operand))
}

fn operand_dtype(st: &St, vm: &mut Vm<'_>, operand: &Operand) -> PyResult<DType> {
    st.tf(vm, |ctx| ctx.operand_dtype(operand))
}

/// Runs a raw op of several named inputs; its outputs as Python gives them: `None` for
/// none, the tensor for one, a tuple for more.
pub(crate) fn run_raw_op(
    st: &St,
    vm: &mut Vm<'_>,
    kind: runtime::op::OpKind,
    op: &'static str,
    name: Option<String>,
    inputs: Vec<(&'static str, Value)>,
) -> PyResult {
    let mut operands = Vec::with_capacity(inputs.len());
    for (input, value) in inputs {
        operands.push((to_operand(st, vm, &value)?, input, false));
    }
    let handles = st.tf(vm, |ctx| {
        ctx.array_op_outputs(kind, op, name.as_deref(), operands)
    })?;
    let mut wrapped = Vec::with_capacity(handles.len());
    for handle in handles {
        wrapped.push(wrap(st, vm, handle)?);
    }
    Ok(match wrapped.len() {
        0 => Value::None,
        1 => wrapped.remove(0),
        _ => Value::tuple(wrapped),
    })
}

/// Runs (eager) or builds (graph) one op through [`Context::array_op`](runtime::Context::array_op).
pub(crate) fn run(
    st: &St,
    vm: &mut Vm<'_>,
    kind: OpKind,
    default_name: &str,
    name: Option<String>,
    inputs: Vec<(Operand, &'static str, bool)>,
) -> PyResult<Handle> {
    st.tf(vm, |ctx| {
        ctx.array_op(kind, default_name, name.as_deref(), inputs)
    })
}

/// `tf.fill(dims, value, name)`.
pub fn fill(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "fill", &args, 2, [dims, value, name])?;
    let dims = known_as_int32(st, vm, &required(&bound.dims), "dims")?;
    let value = to_operand(st, vm, &required(&bound.value))?;
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| ctx.fill(dims, value, name.as_deref()))?;
    wrap(st, vm, handle)
}

/// `tf.broadcast_dynamic_shape(shape_x, shape_y)`: one `BroadcastArgs`.
pub fn broadcast_dynamic_shape(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "broadcast_dynamic_shape", &args, 2, [shape_x, shape_y])?;
    let x = to_operand(st, vm, &required(&bound.shape_x))?;
    let y = to_operand(st, vm, &required(&bound.shape_y))?;
    let handle = run(
        st,
        vm,
        runtime::op_defs::BroadcastArgs::kind(),
        "BroadcastArgs",
        None,
        vec![(x, "s0", true), (y, "s1", true)],
    )?;
    wrap(st, vm, handle)
}

/// `tf.gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name)`:
/// one `GatherV2` whose axis (0 by default) is a constant input.
pub fn gather(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "gather",
        &args,
        2,
        [params, indices, validate_indices, axis, batch_dims, name]
    )?;
    let params_operand = to_operand(st, vm, &required(&bound.params))?;
    let indices = to_operand(st, vm, &required(&bound.indices))?;
    let axis = match &bound.axis {
        Some(axis) => scalar_int(st, vm, axis, "axis")?,
        _ => 0,
    };
    let batch_dims = match &bound.batch_dims {
        Some(value) => scalar_int(st, vm, value, "batch_dims")?,
        _ => 0,
    };
    if batch_dims != 0 {
        // Written in Python from `GatherV2`s, as TensorFlow's `_batch_gather` does.
        let axis = match &bound.axis {
            Some(axis) if !axis.is_none() => Value::Int(scalar_int(st, vm, axis, "axis")?),
            _ => Value::None,
        };
        let call = crate::python_method("_tensorflow.array_ops", "batch_gather");
        let positional = [
            required(&bound.params),
            required(&bound.indices),
            axis,
            Value::Int(batch_dims),
        ];
        return call(vm, Args::new(&positional, &[]));
    }
    let axis = int32_literal(vm, &[axis], true)?;
    let name = name_arg(vm, &bound.name)?;
    let handle = run(
        st,
        vm,
        runtime::op_defs::GatherV2::kind(),
        "GatherV2",
        name,
        vec![
            (params_operand, "params", true),
            (indices, "indices", false),
            (axis, "axis", false),
        ],
    )?;
    wrap(st, vm, handle)
}

/// `tf.gather_nd(params, indices, batch_dims=0, name)`: one `GatherNd`.
pub fn gather_nd(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "gather_nd",
        &args,
        2,
        [params, indices, batch_dims, name]
    )?;
    let params = to_operand(st, vm, &required(&bound.params))?;
    let indices = to_operand(st, vm, &required(&bound.indices))?;
    let batch_dims = match &bound.batch_dims {
        Some(value) => scalar_int(st, vm, value, "batch_dims")?,
        None => 0,
    };
    if batch_dims != 0 {
        // TensorFlow builds a batched gather from several ops (`batch_gather_nd`).
        let class = vm.exc_types().not_implemented_error.clone();
        return Err(vm.new_error(&class, "tf.gather_nd with batch_dims is not emulated yet"));
    }
    let name = name_arg(vm, &bound.name)?;
    let inputs = vec![(params, "params", false), (indices, "indices", false)];
    let handle = run(st, vm, GatherNd::kind(), "GatherNd", name, inputs)?;
    wrap(st, vm, handle)
}

/// `tf.scatter_nd(indices, updates, shape, name)`: one `ScatterNd`.
pub fn scatter_nd(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "scatter_nd", &args, 3, [indices, updates, shape, name])?;
    let indices = to_operand(st, vm, &required(&bound.indices))?;
    let updates = to_operand(st, vm, &required(&bound.updates))?;
    let shape = to_operand(st, vm, &required(&bound.shape))?;
    let name = name_arg(vm, &bound.name)?;
    let inputs = vec![
        (indices, "indices", false),
        (updates, "updates", false),
        (shape, "shape", false),
    ];
    let handle = run(st, vm, ScatterNd::kind(), "ScatterNd", name, inputs)?;
    wrap(st, vm, handle)
}

/// `tf.reverse(tensor, axis, name)`.
pub fn reverse(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "reverse", &args, 2, [tensor, axis, name])?;
    let input = to_operand(st, vm, &required(&bound.tensor))?;
    let axes = int_list(st, vm, &required(&bound.axis), "axis")?;
    let axes = int32_literal(vm, &axes, false)?;
    let name = name_arg(vm, &bound.name)?;
    let handle = run(
        st,
        vm,
        runtime::op_defs::ReverseV2::kind(),
        "ReverseV2",
        name,
        vec![(input, "tensor", true), (axes, "axis", false)],
    )?;
    wrap(st, vm, handle)
}

/// `tf.cumsum(x, axis=0, exclusive=False, reverse=False, name)`.
pub fn cumsum(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    scan(st, vm, args, false)
}

/// `tf.math.cumprod(x, axis=0, exclusive=False, reverse=False, name)`.
pub fn cumprod(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    scan(st, vm, args, true)
}

/// `Cumsum` or (`product`) `Cumprod` of a call's arguments.
fn scan(st: &St, vm: &mut Vm<'_>, args: Args<'_>, product: bool) -> PyResult {
    let function = if product { "cumprod" } else { "cumsum" };
    let bound = bind!(vm, function, &args, 1, [x, axis, exclusive, reverse, name])?;
    let input = to_operand(st, vm, &required(&bound.x))?;
    // The axis as given: a list or a tensor reaches the kernel, which wants a scalar.
    let axis = match &bound.axis {
        Some(axis) => to_operand(st, vm, axis)?,
        None => int32_literal(vm, &[0], true)?,
    };
    let exclusive = crate::flag(vm, &bound.exclusive, false)?;
    let reverse = crate::flag(vm, &bound.reverse, false)?;
    let name = name_arg(vm, &bound.name)?;
    let (kind, op) = if product {
        (
            runtime::op_defs::Scan::cumprod(exclusive, reverse),
            "Cumprod",
        )
    } else {
        (runtime::op_defs::Scan::cumsum(exclusive, reverse), "Cumsum")
    };
    let handle = run(
        st,
        vm,
        kind,
        op,
        name,
        vec![(input, "x", true), (axis, "axis", false)],
    )?;
    wrap(st, vm, handle)
}

/// `tf.tile(input, multiples, name)`.
pub fn tile(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "tile", &args, 2, [input, multiples, name])?;
    let input = to_operand(st, vm, &required(&bound.input))?;
    let multiples = known_as_int32(st, vm, &required(&bound.multiples), "multiples")?;
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| ctx.tile(input, multiples, name.as_deref()))?;
    wrap(st, vm, handle)
}

/// `tf.broadcast_to(input, shape, name)`: one `BroadcastTo` whose shape may hold tensors.
pub fn broadcast_to(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "broadcast_to", &args, 2, [input, shape, name])?;
    let input = to_operand(st, vm, &required(&bound.input))?;
    let shape = integer_vector(st, vm, &required(&bound.shape), &BROADCAST_TO_SHAPE)?;
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| ctx.broadcast_to(input, shape, name.as_deref()))?;
    wrap(st, vm, handle)
}

/// `tf.slice(input_, begin, size, name)`: one `Slice`; a `-1` size runs to the end.
pub fn slice(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "slice", &args, 3, [input_, begin, size, name])?;
    let input = to_operand(st, vm, &required(&bound.input_))?;
    let begin = integer_vector(st, vm, &required(&bound.begin), &SLICE_BEGIN)?;
    let size = integer_vector(st, vm, &required(&bound.size), &SLICE_BEGIN)?;
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| {
        ctx.slice_begin_size(input, begin, size, name.as_deref())
    })?;
    wrap(st, vm, handle)
}

/// `tf.transpose(a, perm=None, conjugate=False, name)`.
pub fn transpose(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "transpose", &args, 1, [a, perm, conjugate, name])?;
    let a = to_operand(st, vm, &required(&bound.a))?;
    let perm = match &bound.perm {
        Some(perm) => int_list(st, vm, perm, "perm")?,
        _ => {
            let rank = static_shape(st, vm, &a)?
                .dims()
                .map(<[Option<usize>]>::len)
                .ok_or_else(|| vm.value_error("transpose needs a known rank in this playground"))?;
            (0..rank as i64).rev().collect()
        }
    };
    let perm = int32_literal(vm, &perm, false)?;
    let name = name_arg(vm, &bound.name)?;
    let handle = run(
        st,
        vm,
        runtime::op_defs::Transpose::kind(),
        "transpose",
        name,
        vec![(a, "x", true), (perm, "perm", false)],
    )?;
    wrap(st, vm, handle)
}

/// A tensor or a list of tensors (`tf.concat`'s `values`) as operands.
pub(crate) fn operands(st: &St, vm: &mut Vm<'_>, values: &Value) -> PyResult<Vec<Operand>> {
    if values.downcast::<crate::tensor_class::PyTensor>().is_some() {
        return Ok(vec![to_operand(st, vm, values)?]);
    }
    let items = vm.iterate(values)?;
    let mut result = Vec::with_capacity(items.len());
    for item in &items {
        result.push(to_operand(st, vm, item)?);
    }
    Ok(result)
}

/// `tf.concat(values, axis, name)`.
pub fn concat(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "concat", &args, 2, [values, axis, name])?;
    let values = operands(st, vm, &required(&bound.values))?;
    // A graph tensor's axis is known when the function runs (ConcatV2 takes it as input).
    let axis_value = required(&bound.axis);
    let axis = match crate::convert::symbolic_operand(st, vm, &axis_value)? {
        Some(operand) => operand,
        None => {
            let axis = scalar_int(st, vm, &axis_value, "axis")?;
            int32_literal(vm, &[axis], true)?
        }
    };
    let name = name_arg(vm, &bound.name)?;
    if values.len() == 1 {
        let only = values
            .into_iter()
            .next()
            .unwrap_or(Operand::Literal(Tensor::scalar(0i32)));
        let handle = st.tf(vm, |ctx| {
            ctx.identity(only, Some(name.as_deref().unwrap_or("concat")))
        })?;
        return wrap(st, vm, handle);
    }
    let mut inputs: Vec<(Operand, &'static str, bool)> = values
        .into_iter()
        .map(|value| (value, "values", true))
        .collect();
    inputs.push((axis, "axis", false));
    let handle = run(
        st,
        vm,
        runtime::op_defs::ConcatV2::kind(),
        "concat",
        name,
        inputs,
    )?;
    wrap(st, vm, handle)
}

/// `tf.stack(values, axis=0, name)`.
pub fn stack(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "stack", &args, 1, [values, axis, name])?;
    let values = operands(st, vm, &required(&bound.values))?;
    let axis = match &bound.axis {
        Some(axis) => scalar_int(st, vm, axis, "axis")?,
        None => 0,
    };
    let name = name_arg(vm, &bound.name)?;
    let inputs = values
        .into_iter()
        .map(|value| (value, "values", true))
        .collect();
    let handle = run(
        st,
        vm,
        runtime::op_defs::Pack::kind(axis),
        "stack",
        name,
        inputs,
    )?;
    wrap(st, vm, handle)
}

/// Most outputs one `tf.split` / `tf.unstack` may make: a playground limit, so that a
/// program cannot ask for a billion empty pieces.
const MAX_PIECES: usize = 1 << 16;

/// Runs or builds an op with several outputs and returns them as a Python list.
fn run_pieces(
    st: &St,
    vm: &mut Vm<'_>,
    kind: OpKind,
    default_name: &str,
    name: Option<String>,
    inputs: Vec<(Operand, &'static str, bool)>,
) -> PyResult {
    if kind.output_count() > MAX_PIECES {
        let message = format!(
            "{} into {} pieces: the playground makes at most {MAX_PIECES} outputs per op",
            kind.op_type(),
            kind.output_count()
        );
        return st.tf(vm, |_| {
            Err(TfError::new(
                runtime::ExceptionClass::ResourceExhausted,
                message,
            ))
        });
    }
    let handles = st.tf(vm, |ctx| {
        ctx.array_op_outputs(kind, default_name, name.as_deref(), inputs)
    })?;
    let mut pieces = Vec::with_capacity(handles.len());
    for handle in handles {
        pieces.push(wrap(st, vm, handle)?);
    }
    Ok(Value::list(pieces))
}

/// A literal operand as the tensor `ops.convert_to_tensor` makes before the op's scope
/// opens (a `Const` in graph mode); tensors and variables stay as they are.
fn converted(st: &St, vm: &mut Vm<'_>, operand: Operand) -> PyResult<Operand> {
    match operand {
        Operand::Literal(tensor) => {
            let handle = st.tf(vm, |ctx| ctx.constant(tensor, None))?;
            Ok(Operand::Handle(handle))
        }
        other => Ok(other),
    }
}

/// TensorFlow's error for `tf.split` into fewer than one part: the eager op's attr check,
/// or the graph builder's.
fn num_split_below_minimum(eager: bool, count: i64) -> TfError {
    if eager {
        TfError::invalid_argument(format!(
            "Value for attr 'num_split' of {count} must be at least minimum 1\n\t; NodeDef: {{{{node Split}}}}; Op<name=Split; signature=split_dim:int32, value:T -> output:num_split*T; attr=num_split:int,min=1; attr=T:type> [Op:Split] name: split"
        ))
    } else {
        TfError::value_error(format!(
            "Attr 'num_split' of 'Split' Op passed {count} less than minimum 1."
        ))
    }
}

/// `tf.split(value, num_or_size_splits, axis=0, num=None, name="split")`: `Split` into
/// equal parts for an integer, else `SplitV` with the sizes converted first (`Const`).
pub fn split(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "split",
        &args,
        2,
        [value, num_or_size_splits, axis, num, name]
    )?;
    let value = to_operand(st, vm, &required(&bound.value))?;
    let splits = required(&bound.num_or_size_splits);
    let axis = match &bound.axis {
        Some(axis) => scalar_int(st, vm, axis, "axis")?,
        None => 0,
    };
    let num = match &bound.num {
        Some(num) => Some(scalar_int(st, vm, num, "num")?),
        _ => None,
    };
    let name = name_arg(vm, &bound.name)?;
    let split_dim = int32_literal(vm, &[axis], true)?;
    if let Value::Int(count) = splits {
        // Graph mode checks the attr once the inputs are converted (`split/split_dim`
        // exists by then): `infer` raises for 0 parts.
        let eager = st.tf(vm, |ctx| Ok(ctx.executing_eagerly()))?;
        if count < 0 || (count == 0 && eager) {
            return st.tf(vm, |_| Err(num_split_below_minimum(eager, count)));
        }
        let num_split =
            usize::try_from(count).map_err(|_| vm.value_error("num_split is too large"))?;
        return run_pieces(
            st,
            vm,
            runtime::op_defs::Split::kind(num_split),
            "split",
            name,
            vec![(split_dim, "split_dim", false), (value, "value", true)],
        );
    }
    let shown = vm.str(&splits)?;
    let sizes = to_operand(st, vm, &splits)?;
    let sizes = converted(st, vm, sizes)?;
    let sizes_shape = static_shape(st, vm, &sizes)?;
    let num_split = match sizes_shape.dims() {
        Some([]) => {
            return Err(vm.value_error(format!(
                "Rank-0 tensors are not supported as the num_or_size_splits argument to split. Argument provided: {shown}"
            )))
        }
        Some([length, ..]) => num.map(|n| n as usize).or(*length),
        None => num.map(|n| n as usize),
    };
    let Some(num_split) = num_split else {
        return Err(vm.value_error(format!("Cannot infer argument `num` from shape {shown}")));
    };
    run_pieces(
        st,
        vm,
        runtime::op_defs::SplitV::kind(num_split),
        "split",
        name,
        vec![
            (value, "value", true),
            (sizes, "size_splits", false),
            (split_dim, "split_dim", false),
        ],
    )
}

/// `tf.unstack(value, num=None, axis=0, name="unstack")`: one `Unpack` output per
/// position along `axis`, whose length comes from the static shape.
pub fn unstack(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "unstack", &args, 1, [value, num, axis, name])?;
    let value = to_operand(st, vm, &required(&bound.value))?;
    let value = converted(st, vm, value)?;
    let axis = match &bound.axis {
        Some(axis) => scalar_int(st, vm, axis, "axis")?,
        None => 0,
    };
    let name = name_arg(vm, &bound.name)?;
    let num = match &bound.num {
        Some(num) => Some(scalar_int(st, vm, num, "num")?),
        _ => None,
    };
    let num = match num {
        Some(num) => {
            usize::try_from(num).map_err(|_| vm.value_error("num must be non-negative"))?
        }
        None => {
            let shape = static_shape(st, vm, &value)?;
            let Some(dims) = shape.dims() else {
                return Err(
                    vm.value_error(format!("Cannot infer argument `num` from shape {shape}"))
                );
            };
            let rank = dims.len() as i64;
            if axis < -rank || axis >= rank {
                return Err(vm.value_error(format!(
                    "Argument `axis` = {axis} not in range [{}, {rank})",
                    -rank
                )));
            }
            let resolved = if axis < 0 { axis + rank } else { axis } as usize;
            dims[resolved].ok_or_else(|| {
                vm.value_error(format!("Cannot infer argument `num` from shape {shape}"))
            })?
        }
    };
    run_pieces(
        st,
        vm,
        runtime::op_defs::Unpack::kind(num, axis),
        "unstack",
        name,
        vec![(value, "value", true)],
    )
}

/// The `unique` function, with the `Unique(y=..., idx=...)` namedtuple class of its
/// results.
pub fn unique_function(st: &St) -> Value {
    let class = crate::named_tuple::class(
        "Unique",
        "tensorflow.python.ops.gen_array_ops",
        &["y", "idx"],
    );
    let st = st.clone();
    lang::host::native_function_closure("unique", move |vm, args| {
        let bound = bind!(vm, "unique", &args, 1, [x, out_idx, name])?;
        let x = to_operand(&st, vm, &required(&bound.x))?;
        let out_idx = opt_dtype(vm, &bound.out_idx)?.unwrap_or(DType::Int32);
        let name = name_arg(vm, &bound.name)?;
        let handles = st.tf(vm, |ctx| {
            ctx.array_op_outputs(
                runtime::op_defs::Unique::kind(out_idx),
                "Unique",
                name.as_deref(),
                vec![(x, "x", true)],
            )
        })?;
        let mut fields = Vec::with_capacity(handles.len());
        for handle in handles {
            fields.push(wrap(&st, vm, handle)?);
        }
        Ok(crate::named_tuple::instance(&class, fields))
    })
}

/// `tf.boolean_mask(tensor, mask, axis=None, name="boolean_mask")`.
pub fn boolean_mask(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "boolean_mask", &args, 2, [tensor, mask, axis, name])?;
    let tensor = to_operand(st, vm, &required(&bound.tensor))?;
    let mask = to_operand(st, vm, &required(&bound.mask))?;
    let axis = match &bound.axis {
        Some(axis) => scalar_int(st, vm, axis, "axis")?,
        _ => 0,
    };
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| {
        ctx.boolean_mask(tensor, mask, axis, name.as_deref())
    })?;
    wrap(st, vm, handle)
}

/// `tf.argmax` / `tf.argmin(input, axis=None, output_type=tf.int64, name)`.
pub fn arg_reduce(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, op: ArgReduceOp) -> PyResult {
    let what = if op == ArgReduceOp::ArgMax {
        "argmax"
    } else {
        "argmin"
    };
    let bound = bind!(vm, what, args, 1, [input, axis, output_type, name])?;
    let input = to_operand(st, vm, &required(&bound.input))?;
    // The axis as given: a list or a tensor reaches the kernel, which wants a scalar.
    let dimension = match &bound.axis {
        Some(Value::None) | None => int32_literal(vm, &[0], true)?,
        Some(axis) => to_operand(st, vm, axis)?,
    };
    let output_type = opt_dtype(vm, &bound.output_type)?.unwrap_or(DType::Int64);
    let name = name_arg(vm, &bound.name)?;
    let default = if op == ArgReduceOp::ArgMax {
        "ArgMax"
    } else {
        "ArgMin"
    };
    let handle = run(
        st,
        vm,
        runtime::op_defs::ArgReduce::kind(op, output_type),
        default,
        name,
        vec![(input, "input", true), (dimension, "dimension", false)],
    )?;
    wrap(st, vm, handle)
}

/// `tf.one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name)`.
pub fn one_hot(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "one_hot",
        &args,
        2,
        [indices, depth, on_value, off_value, axis, dtype, name]
    )?;
    let indices = match to_operand(st, vm, &required(&bound.indices))? {
        Operand::Literal(tensor) if tensor.dtype() == DType::Int64 => Operand::Literal(
            ops::cast(&tensor, DType::Int32).map_err(|e| crate::convert::op_error(vm, e))?,
        ),
        other => other,
    };
    let depth = match to_operand(st, vm, &required(&bound.depth))? {
        Operand::Literal(tensor) if tensor.dtype() == DType::Int64 => Operand::Literal(
            ops::cast(&tensor, DType::Int32).map_err(|e| crate::convert::op_error(vm, e))?,
        ),
        other => other,
    };
    let axis = match &bound.axis {
        Some(Value::None) | None => -1,
        Some(axis) => scalar_int(st, vm, axis, "axis")?,
    };
    let (on, off) = (bound.on_value.clone(), bound.off_value.clone());
    let mut dtype = opt_dtype(vm, &bound.dtype)?;
    if dtype.is_none() {
        if let Some(value) = on.as_ref().or(off.as_ref()) {
            let operand = to_operand(st, vm, value)?;
            dtype = Some(operand_dtype(st, vm, &operand)?);
        }
    }
    let dtype = dtype.unwrap_or(DType::Float32);
    let mut value_of = |value: Option<Value>, default: f64| -> PyResult<Operand> {
        match value {
            Some(value) => {
                let operand = to_operand(st, vm, &value)?;
                match operand {
                    Operand::Literal(tensor) => Ok(Operand::Literal(
                        ops::cast(&tensor, dtype).map_err(|e| crate::convert::op_error(vm, e))?,
                    )),
                    other => Ok(other),
                }
            }
            None => ops::cast(&Tensor::scalar(default), dtype)
                .map(Operand::Literal)
                .map_err(|e| crate::convert::op_error(vm, e)),
        }
    };
    let on = value_of(on, 1.0)?;
    let off = value_of(off, 0.0)?;
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| {
        ctx.one_hot(indices, depth, on, off, axis, name.as_deref())
    })?;
    wrap(st, vm, handle)
}

/// `tf.expand_dims(input, axis, name)`.
pub fn expand_dims(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "expand_dims", &args, 2, [input, axis, name])?;
    let input = to_operand(st, vm, &required(&bound.input))?;
    // The axis as given: a list reaches the shape function's "a single value" check.
    let dim = to_operand(st, vm, &required(&bound.axis))?;
    let name = name_arg(vm, &bound.name)?;
    let handle = run(
        st,
        vm,
        runtime::op_defs::ExpandDims::kind(),
        "ExpandDims",
        name,
        vec![(input, "input", true), (dim, "dim", false)],
    )?;
    wrap(st, vm, handle)
}

/// `tf.squeeze(input, axis=None, name)`.
pub fn squeeze(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "squeeze", &args, 1, [input, axis, name])?;
    let input = to_operand(st, vm, &required(&bound.input))?;
    let axes = match &bound.axis {
        Some(axis) => Some(int_list(st, vm, axis, "axis")?),
        _ => None,
    };
    let name = name_arg(vm, &bound.name)?;
    let handle = run(
        st,
        vm,
        runtime::op_defs::Squeeze::kind(axes),
        "Squeeze",
        name,
        vec![(input, "input", true)],
    )?;
    wrap(st, vm, handle)
}

/// `tf.nn.softmax(logits, axis=None, name)`.
pub fn softmax(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "softmax", &args, 1, [logits, axis, name])?;
    let axis = bound.axis.clone().unwrap_or(Value::None);
    let kind = runtime::op_defs::Softmax::kind();
    along_axis(
        st,
        vm,
        &required(&bound.logits),
        &axis,
        &bound.name,
        kind,
        "Softmax",
    )
}

/// An op that works on the last axis (`Softmax`, `LogSoftmax`) applied along `axis`, as
/// TensorFlow's `_wrap_2d_function` does: `axis` swapped with the last axis before the op
/// and back after it.
pub(crate) fn along_axis(
    st: &St,
    vm: &mut Vm<'_>,
    logits: &Value,
    axis: &Value,
    name: &Option<Value>,
    kind: runtime::op::OpKind,
    op: &'static str,
) -> PyResult {
    let logits = to_operand(st, vm, logits)?;
    let name = name_arg(vm, name)?;
    let rank = static_shape(st, vm, &logits)?
        .dims()
        .map(<[Option<usize>]>::len);
    let axis = match axis {
        Value::None => -1,
        other => scalar_int(st, vm, other, "axis")?,
    };
    let last = rank.map(|r| r as i64 - 1);
    if axis == -1 || Some(axis) == last {
        let handle = run(st, vm, kind, op, name, vec![(logits, "logits", true)])?;
        return wrap(st, vm, handle);
    }
    let Some(rank) = rank.map(|r| r as i64) else {
        return Err(vm.value_error(format!(
            "{op} along axis {axis} of an input of unknown rank is not emulated in this \
             playground yet."
        )));
    };
    if !(-rank..rank).contains(&axis) {
        return st.tf(vm, |_| {
            Err(TfError::invalid_argument(format!(
                "`dim` must be in the range [{}, {rank}) where {rank} is the number of \
                 dimensions in the input. Received: dim={axis}",
                -rank
            )))
        });
    }
    let dim = axis.rem_euclid(rank);
    let mut perm: Vec<i64> = (0..rank).collect();
    perm.swap(dim as usize, (rank - 1) as usize);
    let swap = |st: &St, vm: &mut Vm<'_>, x: Operand, name: Option<String>| {
        let perm = int32_literal(vm, &perm, false)?;
        let inputs = vec![(x, "x", true), (perm, "perm", false)];
        run(
            st,
            vm,
            runtime::op_defs::Transpose::kind(),
            "transpose",
            name,
            inputs,
        )
    };
    let swapped = swap(st, vm, logits, None)?;
    let inputs = vec![(Operand::Handle(swapped), "logits", true)];
    let computed = run(st, vm, kind, op, None, inputs)?;
    let handle = swap(st, vm, Operand::Handle(computed), name)?;
    wrap(st, vm, handle)
}

/// `tf.shape`, `tf.size`, `tf.rank` of a tensor with a known shape: a constant, as
/// TensorFlow folds them (`Shape` is a `Const` in a graph).
pub fn shape_fn(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, what: &str) -> PyResult {
    let bound = bind!(vm, what, args, 1, [input, out_type, name])?;
    let input = to_operand(st, vm, &required(&bound.input))?;
    let shape = static_shape(st, vm, &input)?;
    let out_type = if what == "rank" {
        DType::Int32
    } else {
        opt_dtype(vm, &bound.out_type)?.unwrap_or(DType::Int32)
    };
    if let (Some(dims), "rank") = (shape.dims(), what) {
        // The rank is known while some dimensions are not: still a constant
        // (`rank_internal` with `optimize=True`).
        let rank = Tensor::scalar(dims.len() as i32);
        let name = name_arg(vm, &bound.name)?;
        let handle = st.tf(vm, |ctx| {
            ctx.constant(rank, Some(name.as_deref().unwrap_or("Rank")))
        })?;
        return wrap(st, vm, handle);
    }
    let Some(shape) = shape.to_shape() else {
        if what == "shape" {
            // Known only when the graph runs: a `Shape` op.
            let name = name_arg(vm, &bound.name)?;
            let handle = run(
                st,
                vm,
                runtime::op_defs::ShapeOp::kind(out_type),
                "Shape",
                name,
                vec![(input, "input", false)],
            )?;
            return wrap(st, vm, handle);
        }
        if what == "size" {
            // Known only when the graph runs: a `Size` op.
            let name = name_arg(vm, &bound.name)?;
            let handle = run(
                st,
                vm,
                runtime::op_defs::SizeOp::kind(out_type),
                "Size",
                name,
                vec![(input, "input", false)],
            )?;
            return wrap(st, vm, handle);
        }
        return Err(vm.value_error(format!(
            "tf.{what} of a tensor of unknown shape is not emulated yet"
        )));
    };
    let dims: Vec<i64> = shape.dims().iter().map(|dim| *dim as i64).collect();
    let (tensor, default) = match what {
        "shape" => (
            Tensor::from_vec(Shape::new(vec![dims.len()]), dims),
            "Shape",
        ),
        "size" => (Ok(Tensor::scalar(dims.iter().product::<i64>())), "Size"),
        _ => (Ok(Tensor::scalar(dims.len() as i64)), "Rank"),
    };
    let tensor = tensor
        .and_then(|tensor| ops::cast(&tensor, out_type))
        .map_err(|e| crate::convert::op_error(vm, e))?;
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| {
        ctx.constant(tensor, Some(name.as_deref().unwrap_or(default)))
    })?;
    wrap(st, vm, handle)
}

/// `tf.strings.to_number(string_tensor, out_type=tf.float32, name)`.
pub fn to_number(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "to_number", &args, 1, [string_tensor, out_type, name])?;
    let input = to_operand(st, vm, &required(&bound.string_tensor))?;
    let out_type = opt_dtype(vm, &bound.out_type)?.unwrap_or(DType::Float32);
    let name = name_arg(vm, &bound.name)?;
    let handle = run(
        st,
        vm,
        runtime::op_defs::StringToNumber::kind(out_type),
        "StringToNumber",
        name,
        vec![(input, "string_tensor", false)],
    )?;
    wrap(st, vm, handle)
}

/// `tf.image.resize(images, size, method='bilinear', ...)` on 3-D or 4-D images.
pub fn resize(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "resize",
        &args,
        2,
        [images, size, method, preserve_aspect_ratio, antialias, name]
    )?;
    let images_value = required(&bound.images);
    let images = match to_operand(st, vm, &images_value)? {
        Operand::Literal(_) => {
            Operand::Literal(to_tensor(st, vm, &images_value, Some(DType::Float32))?)
        }
        other => other,
    };
    let size = int_list(st, vm, &required(&bound.size), "size")?;
    let method = match &bound.method {
        Some(other) => crate::string_arg(vm, other, "method")?,
        _ => "bilinear".to_string(),
    };
    let nearest = match method.as_str() {
        "bilinear" => false,
        "nearest" => true,
        other => {
            return Err(vm.value_error(format!("Resize method is not implemented: [{other}].")))
        }
    };
    let rank = static_shape(st, vm, &images)?
        .dims()
        .map(<[Option<usize>]>::len);
    let name = name_arg(vm, &bound.name)?;
    if rank == Some(3) {
        let expanded = run(
            st,
            vm,
            runtime::op_defs::ExpandDims::kind(),
            "ExpandDims",
            None,
            vec![
                (images, "input", true),
                (int32_literal(vm, &[0], true)?, "dim", false),
            ],
        )?;
        let resized = st.tf(vm, |ctx| {
            ctx.resize(Operand::Handle(expanded), size, nearest, name.as_deref())
        })?;
        let squeezed = run(
            st,
            vm,
            runtime::op_defs::Squeeze::kind(Some(vec![0])),
            "Squeeze",
            None,
            vec![(Operand::Handle(resized), "input", true)],
        )?;
        return wrap(st, vm, squeezed);
    }
    if rank != Some(4) {
        return Err(vm.value_error("'images' must have either 3 or 4 dimensions."));
    }
    let handle = st.tf(vm, |ctx| ctx.resize(images, size, nearest, name.as_deref()))?;
    wrap(st, vm, handle)
}

/// `tf.raw_ops.ImageProjectiveTransformV3(images, transforms, output_shape, fill_value,
/// interpolation, fill_mode='CONSTANT', name)`: what Keras's image augmentation layers run.
pub fn image_projective_transform_v3(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    use runtime::op_defs::{FillMode, ImageProjectiveTransform, Interpolation};
    if !args.positional.is_empty() {
        return Err(vm.type_error(
            "ImageProjectiveTransformV3 only takes keyword args (possible keys: ['images', \
             'transforms', 'output_shape', 'fill_value', 'interpolation', 'fill_mode', \
             'name']). Please pass these args as kwargs instead.",
        ));
    }
    let bound = bind!(
        vm,
        "ImageProjectiveTransformV3",
        &args,
        0,
        [
            images,
            transforms,
            output_shape,
            fill_value,
            interpolation,
            fill_mode,
            name
        ]
    )?;
    let attr = |vm: &mut Vm<'_>, value: &Option<Value>, what: &str, default: &str| match value {
        Some(value) if !value.is_none() => crate::string_arg(vm, value, what),
        _ => Ok(default.to_string()),
    };
    let interpolation = match attr(vm, &bound.interpolation, "interpolation", "")?.as_str() {
        "NEAREST" => Interpolation::Nearest,
        "BILINEAR" => Interpolation::Bilinear,
        other => {
            return Err(vm.value_error(format!(
                "Value for attr 'interpolation' of \"{other}\" is not a valid interpolation"
            )))
        }
    };
    let fill_mode = match attr(vm, &bound.fill_mode, "fill_mode", "CONSTANT")?.as_str() {
        "REFLECT" => FillMode::Reflect,
        "WRAP" => FillMode::Wrap,
        "CONSTANT" => FillMode::Constant,
        "NEAREST" => FillMode::Nearest,
        other => {
            return Err(vm.value_error(format!(
                "Value for attr 'fill_mode' of \"{other}\" is not a valid fill mode"
            )))
        }
    };
    let images = to_operand(st, vm, &required(&bound.images))?;
    let transforms = to_operand(st, vm, &required(&bound.transforms))?;
    let output_shape = to_operand(st, vm, &required(&bound.output_shape))?;
    let fill_value = match &bound.fill_value {
        Some(value) if !value.is_none() => {
            Operand::Literal(to_tensor(st, vm, value, Some(DType::Float32))?)
        }
        _ => Operand::Literal(Tensor::scalar(0.0f32)),
    };
    let name = name_arg(vm, &bound.name)?;
    let handle = run(
        st,
        vm,
        ImageProjectiveTransform::kind(interpolation, fill_mode),
        "ImageProjectiveTransformV3",
        name,
        vec![
            (images, "images", true),
            (transforms, "transforms", true),
            (output_shape, "output_shape", false),
            (fill_value, "fill_value", false),
        ],
    )?;
    wrap(st, vm, handle)
}

/// `tf.ensure_shape(x, shape, name=None)`: one `EnsureShape` (in a graph, its static shape
/// is `x`'s merged with `shape`).
pub fn ensure_shape(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "ensure_shape", &args, 2, [x, shape, name])?;
    let x = to_operand(st, vm, &required(&bound.x))?;
    let shape = crate::convert::tensor_shape(vm, bound.shape.as_ref())?;
    let name = name_arg(vm, &bound.name)?;
    let handle = run(
        st,
        vm,
        runtime::op_defs::EnsureShape::kind(shape),
        "EnsureShape",
        name,
        vec![(x, "input", true)],
    )?;
    wrap(st, vm, handle)
}

/// `tf.tensor_scatter_nd_update/add/sub/min/max(tensor, indices, updates, name)`.
fn tensor_scatter(
    st: &St,
    vm: &mut Vm<'_>,
    args: Args<'_>,
    mode: tensor::ops::ScatterMode,
    what: &str,
) -> PyResult {
    let bound = bind!(vm, what, &args, 3, [tensor, indices, updates, name])?;
    let target = to_operand(st, vm, &required(&bound.tensor))?;
    let indices = to_operand(st, vm, &required(&bound.indices))?;
    let updates = to_operand(st, vm, &required(&bound.updates))?;
    let name = name_arg(vm, &bound.name)?;
    let kind = runtime::op_defs::TensorScatter::kind(mode);
    let op_name = kind.op_type();
    let handle = run(
        st,
        vm,
        kind,
        op_name,
        name,
        vec![
            (target, "tensor", true),
            (indices, "indices", false),
            (updates, "updates", true),
        ],
    )?;
    wrap(st, vm, handle)
}

macro_rules! tensor_scatter_fn {
    ($name:ident, $mode:ident) => {
        #[doc = concat!("`tf.", stringify!($name), "(tensor, indices, updates, name)`.")]
        pub fn $name(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
            tensor_scatter(
                st,
                vm,
                args,
                tensor::ops::ScatterMode::$mode,
                stringify!($name),
            )
        }
    };
}

tensor_scatter_fn!(tensor_scatter_nd_update, Update);
tensor_scatter_fn!(tensor_scatter_nd_add, Add);
tensor_scatter_fn!(tensor_scatter_nd_sub, Sub);
tensor_scatter_fn!(tensor_scatter_nd_min, Min);
tensor_scatter_fn!(tensor_scatter_nd_max, Max);

/// `tf.raw_ops.AdjustContrastv2(images, contrast_factor, name)`.
pub fn adjust_contrast_v2(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "AdjustContrastv2",
        &args,
        0,
        [images, contrast_factor, name]
    )?;
    let images = to_operand(st, vm, &required(&bound.images))?;
    let factor = match to_operand(st, vm, &required(&bound.contrast_factor))? {
        Operand::Literal(_) => Operand::Literal(to_tensor(
            st,
            vm,
            &required(&bound.contrast_factor),
            Some(DType::Float32),
        )?),
        other => other,
    };
    let name = name_arg(vm, &bound.name)?;
    let handle = run(
        st,
        vm,
        runtime::op_defs::AdjustContrast::kind(),
        "AdjustContrastv2",
        name,
        vec![
            (images, "images", false),
            (factor, "contrast_factor", false),
        ],
    )?;
    wrap(st, vm, handle)
}

/// An op whose inputs are the Python values of `values` (one list argument, `input`, of
/// any dtypes) and whose outputs come back as a Python list: `IdentityN` for
/// `tf.custom_gradient`, `EagerPyFunc` for `tf.py_function`.
pub(crate) fn list_op(
    st: &St,
    vm: &mut Vm<'_>,
    kind: runtime::op::OpKind,
    op_type: &str,
    name: Option<&str>,
    values: &Value,
) -> PyResult {
    let mut operands = Vec::new();
    for value in vm.iterate(values)? {
        operands.push(to_operand(st, vm, &value)?);
    }
    let outputs = st.tf(vm, |ctx| {
        ctx.array_op_outputs(
            kind,
            op_type,
            name,
            operands
                .into_iter()
                .map(|operand| (operand, "input", false))
                .collect(),
        )
    })?;
    let mut results = Vec::with_capacity(outputs.len());
    for output in outputs {
        results.push(wrap(st, vm, output)?);
    }
    Ok(Value::list(results))
}
