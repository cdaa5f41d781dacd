//! `tf.add_n` / `tf.math.add_n` (`AddN`), `tf.pad` (`Pad`, `PadV2`, `MirrorPad`),
//! `tf.math.is_nan` / `is_inf` / `is_finite`, `tf.math.count_nonzero` and `tf.eye`: argument
//! handling as TensorFlow's Python wrappers do it, then one op (or TensorFlow's composite)
//! through [`array_ops::run`] or the [`Context`](runtime::Context).
use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::array_ops::{operands, required, run};
use crate::convert::{axes, eager_value, int_list, name_arg, opt_dtype, to_operand};
use crate::tensor_class::{wrap, PyTensor};
use crate::{flag, St};
use runtime::Operand;
use tensor::ops::{FloatClass, PadMode};
use tensor::{DType, Tensor};

/// `tf.add_n(inputs, name)`: one input is returned as it is (TensorFlow's wrapper does not
/// build an op for it); more become one `AddN`.
pub fn add_n(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "add_n", &args, 1, [inputs, name])?;
    let inputs = required(&bound.inputs);
    let values = match inputs {
        Value::None => Vec::new(),
        ref value => operands(st, vm, value)?,
    };
    let name = name_arg(vm, &bound.name)?;
    if values.is_empty() {
        return Err(vm.value_error(
            "Inputs must be an iterable of at least one Tensor/IndexedSlices with the same dtype \
             and shape.",
        ));
    }
    if values.len() == 1 {
        let only = values
            .into_iter()
            .next()
            .unwrap_or(Operand::Literal(Tensor::scalar(0i32)));
        let handle = match name {
            Some(name) => st.tf(vm, |ctx| ctx.identity(only, Some(&name)))?,
            None => match only {
                Operand::Handle(handle) => handle,
                other => st.tf(vm, |ctx| ctx.identity(other, None))?,
            },
        };
        return wrap(st, vm, handle);
    }
    let inputs = values
        .into_iter()
        .map(|value| (value, "inputs", true))
        .collect();
    let handle = run(st, vm, runtime::op_defs::AddN::kind(), "AddN", name, inputs)?;
    wrap(st, vm, handle)
}

/// Whether `value` is a Python number equal to zero (TensorFlow's test for a plain `Pad`).
fn is_python_zero(value: &Value) -> bool {
    match value {
        Value::Int(int) => *int == 0,
        Value::Float(float) => *float == 0.0,
        Value::Bool(flag) => !*flag,
        _ => false,
    }
}

/// `tf.pad(tensor, paddings, mode="CONSTANT", constant_values=0, name)`: `Pad` for a zero
/// constant, `PadV2` for another, `MirrorPad` for `REFLECT` and `SYMMETRIC` (any case).
pub fn pad(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "pad",
        &args,
        2,
        [tensor, paddings, mode, constant_values, name]
    )?;
    let tensor = to_operand(st, vm, &required(&bound.tensor))?;
    let paddings = to_operand(st, vm, &required(&bound.paddings))?;
    let mode = match &bound.mode {
        None => "CONSTANT".to_string(),
        Some(Value::Str(text)) => cpython_text::str_upper(text.as_str()),
        Some(_) => return Err(vm.type_error("pad() mode must be a string")),
    };
    let mode = match mode.as_str() {
        "CONSTANT" => PadMode::Constant,
        "REFLECT" => PadMode::Reflect,
        "SYMMETRIC" => PadMode::Symmetric,
        other => {
            return Err(vm.value_error(format!(
                "Value of argument `mode` expected to be one of \"CONSTANT\", \"REFLECT\", or \
                 \"SYMMETRIC\". Received `mode` = {other}"
            )))
        }
    };
    let constant = bound.constant_values.clone().unwrap_or(Value::Int(0));
    let name = name_arg(vm, &bound.name)?;
    let mut inputs = vec![(tensor, "input", true), (paddings, "paddings", false)];
    let constant_input = mode == PadMode::Constant && !is_python_zero(&constant);
    let default_name = match mode {
        PadMode::Constant if is_python_zero(&constant) => "Pad",
        PadMode::Constant => {
            inputs.push((to_operand(st, vm, &constant)?, "constant_values", true));
            "PadV2"
        }
        _ => "MirrorPad",
    };
    let handle = run(
        st,
        vm,
        runtime::op_defs::Pad::kind(mode, constant_input),
        default_name,
        name,
        inputs,
    )?;
    wrap(st, vm, handle)
}

/// `tf.math.is_nan` / `is_inf` / `is_finite(x, name)`.
pub fn float_class(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, class: FloatClass) -> PyResult {
    let what = match class {
        FloatClass::Nan => "is_nan",
        FloatClass::Inf => "is_inf",
        FloatClass::Finite => "is_finite",
    };
    let bound = bind!(vm, what, args, 1, [x, name])?;
    let x = to_operand(st, vm, &required(&bound.x))?;
    let name = name_arg(vm, &bound.name)?;
    let handle = run(
        st,
        vm,
        runtime::op_defs::FloatClassOp::kind(class),
        class.op_type().name(),
        name,
        vec![(x, "x", true)],
    )?;
    wrap(st, vm, handle)
}

/// `tf.math.count_nonzero(input, axis=None, keepdims=None, dtype=tf.int64, name=None)`.
pub fn count_nonzero(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "count_nonzero",
        &args,
        1,
        [input, axis, keepdims, dtype, name]
    )?;
    let input = to_operand(st, vm, &required(&bound.input))?;
    let axis = axes(st, vm, &bound.axis)?;
    let keep_dims = match &bound.keepdims {
        None | Some(Value::None) => false,
        Some(_) => flag(vm, &bound.keepdims, false)?,
    };
    let dtype = opt_dtype(vm, &bound.dtype)?.unwrap_or(DType::Int64);
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| {
        ctx.count_nonzero(input, axis, keep_dims, dtype, name.as_deref())
    })?;
    wrap(st, vm, handle)
}

/// A `tf.eye` size: a Python integer or an eager integer scalar. `None` for anything else
/// (TensorFlow's type error names the values).
fn eye_size(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult<Option<i64>> {
    match value {
        Value::Int(int) => Ok(Some(*int)),
        Value::Bool(flag) => Ok(Some(i64::from(*flag))),
        other if other.downcast::<PyTensor>().is_some() => {
            let tensor = eager_value(st, vm, other)?.ok_or_else(|| {
                vm.value_error("tf.eye with sizes computed in a graph is not emulated yet")
            })?;
            match (tensor.dtype().is_integer(), tensor.to_i64_vec().as_deref()) {
                (true, Some([size])) if tensor.rank() == 0 => Ok(Some(*size)),
                _ => Ok(None),
            }
        }
        _ => Ok(None),
    }
}

/// `tf.eye(num_rows, num_columns=None, batch_shape=None, dtype=tf.float32, name=None)`.
pub fn eye(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "eye",
        &args,
        1,
        [num_rows, num_columns, batch_shape, dtype, name]
    )?;
    let rows_value = required(&bound.num_rows);
    let columns_value = match required(&bound.num_columns) {
        Value::None => rows_value.clone(),
        value => value,
    };
    let sizes = (
        eye_size(st, vm, &rows_value)?,
        eye_size(st, vm, &columns_value)?,
    );
    let (Some(num_rows), Some(num_columns)) = sizes else {
        let rows = vm.str(&rows_value)?;
        let columns = vm.str(&columns_value)?;
        return Err(vm.type_error(format!(
            "Arguments `num_rows` and `num_columns` must be positive integer values. Received: \
             num_rows={rows}, num_columns={columns}"
        )));
    };
    let batch_shape = match required(&bound.batch_shape) {
        Value::None => Vec::new(),
        value => int_list(st, vm, &value, "batch_shape")?,
    };
    let dtype = opt_dtype(vm, &bound.dtype)?.unwrap_or(DType::Float32);
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| {
        ctx.eye(num_rows, num_columns, &batch_shape, dtype, name.as_deref())
    })?;
    wrap(st, vm, handle)
}
