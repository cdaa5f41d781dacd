//! `tf.bitwise` (`bitwise_and`, `bitwise_or`, `bitwise_xor`, `invert`, `left_shift`,
//! `right_shift`), `tf.math.logical_xor`, and the tensor operators `&`, `|`, `^` and `~`,
//! which are logical on bools and bitwise on integers, as TensorFlow's `and_`, `or_`,
//! `xor_` and `invert_` choose.

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{name_arg, to_operand};
use crate::tensor_class::wrap;
use crate::St;
use runtime::op_defs::Bitwise;
use runtime::{Context, Handle, Operand, TfResult};
use tensor::ops::{BinaryOp, BitwiseOp, UnaryOp};

/// Runs a bitwise op on operands whose literals take the tensors' dtype.
pub fn run_bitwise(
    ctx: &mut Context,
    op: Option<BitwiseOp>,
    x: Operand,
    y: Option<Operand>,
    name: Option<&str>,
) -> TfResult<Handle> {
    let kind = Bitwise(op);
    let mut inputs = vec![(x, "x", true)];
    if let Some(y) = y {
        inputs.push((y, "y", true));
    }
    ctx.array_op_outputs(Bitwise::kind(op), kind.op_name(), name, inputs)?
        .into_iter()
        .next()
        .ok_or_else(|| runtime::TfError::internal("a bitwise op made no output"))
}

/// `x & y`, `x | y`, `x ^ y` as TensorFlow's `and_`, `or_`, `xor_` choose: logical on
/// bools, the bitwise op otherwise (whose dtype check rejects non-integers).
pub fn logical_or_bitwise(
    ctx: &mut Context,
    op: BitwiseOp,
    x: Operand,
    y: Operand,
) -> TfResult<Handle> {
    let bools = ctx.operand_dtype(&x)? == tensor::DType::Bool;
    match op {
        BitwiseOp::And if bools => ctx.binary(BinaryOp::LogicalAnd, x, y, None),
        BitwiseOp::Or if bools => ctx.binary(BinaryOp::LogicalOr, x, y, None),
        BitwiseOp::Xor if bools => logical_xor(ctx, x, y, Some("LogicalXor")),
        _ => run_bitwise(ctx, Some(op), x, Some(y), None),
    }
}

/// `x ^ y` of bools: `(x | y) & !(x & y)`, TensorFlow's `logical_xor`.
pub fn logical_xor(
    ctx: &mut Context,
    x: Operand,
    y: Operand,
    name: Option<&str>,
) -> TfResult<Handle> {
    let either = ctx.binary(BinaryOp::LogicalOr, x.clone(), y.clone(), None)?;
    let both = ctx.binary(BinaryOp::LogicalAnd, x, y, None)?;
    let not_both = ctx.unary(UnaryOp::LogicalNot, Operand::Handle(both), None)?;
    ctx.binary(
        BinaryOp::LogicalAnd,
        Operand::Handle(either),
        Operand::Handle(not_both),
        name,
    )
}

fn binary(st: &St, vm: &mut Vm<'_>, args: Args<'_>, op: BitwiseOp, what: &str) -> PyResult {
    let bound = bind!(vm, what, &args, 2, [x, y, name])?;
    let x = to_operand(st, vm, bound.x.as_ref().unwrap_or(&Value::None))?;
    let y = to_operand(st, vm, bound.y.as_ref().unwrap_or(&Value::None))?;
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| {
        run_bitwise(ctx, Some(op), x, Some(y), name.as_deref())
    })?;
    wrap(st, vm, handle)
}

/// `tf.bitwise.invert(x, name)`.
pub fn invert(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "invert", &args, 1, [x, name])?;
    let x = to_operand(st, vm, bound.x.as_ref().unwrap_or(&Value::None))?;
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| run_bitwise(ctx, None, x, None, name.as_deref()))?;
    wrap(st, vm, handle)
}

/// `tf.math.logical_xor(x, y, name="LogicalXor")`.
pub fn logical_xor_fn(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "logical_xor", &args, 2, [x, y, name])?;
    let x = to_operand(st, vm, bound.x.as_ref().unwrap_or(&Value::None))?;
    let y = to_operand(st, vm, bound.y.as_ref().unwrap_or(&Value::None))?;
    let name = name_arg(vm, &bound.name)?.unwrap_or_else(|| "LogicalXor".to_string());
    let handle = st.tf(vm, |ctx| logical_xor(ctx, x, y, Some(&name)))?;
    wrap(st, vm, handle)
}

macro_rules! binary_functions {
    ($($function:ident => $op:expr),+ $(,)?) => {
        $(
            #[doc = concat!("`tf.bitwise.", stringify!($function), "(x, y, name)`.")]
            pub fn $function(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
                binary(st, vm, args, $op, stringify!($function))
            }
        )+
    };
}

binary_functions! {
    bitwise_and => BitwiseOp::And,
    bitwise_or => BitwiseOp::Or,
    bitwise_xor => BitwiseOp::Xor,
    left_shift => BitwiseOp::LeftShift,
    right_shift => BitwiseOp::RightShift,
}

/// Builds `tensorflow.bitwise`.
pub fn build_module(st: &St) -> std::rc::Rc<lang::value::Module> {
    let module = crate::module("tensorflow.bitwise");
    crate::def(&module, st, "bitwise_and", bitwise_and);
    crate::def(&module, st, "bitwise_or", bitwise_or);
    crate::def(&module, st, "bitwise_xor", bitwise_xor);
    crate::def(&module, st, "left_shift", left_shift);
    crate::def(&module, st, "right_shift", right_shift);
    crate::def(&module, st, "invert", invert);
    module
}
