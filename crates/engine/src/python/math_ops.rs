//! `tf.add_n` / `tf.math.add_n` (`AddN`), `tf.pad` (`Pad`, `PadV2`, `MirrorPad`) and
//! `tf.math.is_nan` / `is_inf` / `is_finite`: argument handling as TensorFlow's Python
//! wrappers do it, then one op through [`array_ops::run`].

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::python::array_ops::{operands, required, run};
use crate::python::convert::{name_arg, to_operand};
use crate::python::tensor_class::wrap;
use crate::python::{params, St};
use crate::runtime::op::OpKind;
use crate::runtime::Operand;
use crate::tensor::ops::{FloatClass, PadMode};
use crate::tensor::Tensor;

/// `tf.add_n(inputs, name)`: one input is returned as it is (TensorFlow's wrapper does not
/// build an op for it); more become one `AddN`.
pub fn add_n(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = params(vm, "add_n", &args, &["inputs", "name"], 1)?;
    let inputs = required(&bound, 0);
    let values = match inputs {
        Value::None => Vec::new(),
        ref value => operands(st, vm, value)?,
    };
    let name = name_arg(vm, &bound[1])?;
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
    let handle = run(st, vm, OpKind::AddN, "AddN", name, inputs)?;
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
    let bound = params(
        vm,
        "pad",
        &args,
        &["tensor", "paddings", "mode", "constant_values", "name"],
        2,
    )?;
    let tensor = to_operand(st, vm, &required(&bound, 0))?;
    let paddings = to_operand(st, vm, &required(&bound, 1))?;
    let mode = match &bound[2] {
        None => "CONSTANT".to_string(),
        Some(Value::Str(text)) => text.as_str().to_uppercase(),
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
    let constant = bound[3].clone().unwrap_or(Value::Int(0));
    let name = name_arg(vm, &bound[4])?;
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
        OpKind::Pad {
            mode,
            constant: constant_input,
        },
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
    let bound = params(vm, what, args, &["x", "name"], 1)?;
    let x = to_operand(st, vm, &required(&bound, 0))?;
    let name = name_arg(vm, &bound[1])?;
    let handle = run(
        st,
        vm,
        OpKind::FloatClass(class),
        class.op_type().name(),
        name,
        vec![(x, "x", true)],
    )?;
    wrap(st, vm, handle)
}
