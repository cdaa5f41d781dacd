//! `tf.raw_ops` for complex numbers (`Real`, `Imag`, `Angle`, `ComplexAbs`, `Conj`,
//! `Complex`): the ops TensorFlow's Python wrappers (`tf.math.real`, `tf.complex`, ...,
//! written on the library layer) build.

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::array_ops::{required, run_raw_op};
use crate::convert::{name_arg, opt_dtype};
use crate::lookup_ops::keywords_only;
use crate::St;
use runtime::op_defs::ComplexOp;
use tensor::ops::ComplexPart;
use tensor::DType;

/// A raw op's `Tout` attr: the output dtype the caller expects, which must be what the op
/// makes of its input (TensorFlow checks it when it builds the op).
fn check_tout(vm: &mut Vm<'_>, tout: &Option<Value>, default: DType) -> PyResult<DType> {
    Ok(opt_dtype(vm, tout)?.unwrap_or(default))
}

fn part(st: &St, vm: &mut Vm<'_>, args: Args<'_>, part: ComplexPart) -> PyResult {
    let op = part.op_name();
    let input_name = if part == ComplexPart::Abs {
        "x"
    } else {
        "input"
    };
    keywords_only(vm, &args, op, &format!("'{input_name}', 'Tout', 'name'"))?;
    let input = required(&args.kwarg(input_name).cloned());
    let name = name_arg(vm, &args.kwarg("name").cloned())?;
    let wanted = check_tout(vm, &args.kwarg("Tout").cloned(), DType::Float32)?;
    let result = run_raw_op(
        st,
        vm,
        ComplexOp::kind(ComplexOp::Part(part)),
        op,
        name,
        vec![(input_name, input)],
    )?;
    expect_dtype(st, vm, result, wanted)
}

/// A result whose dtype differs from the `Tout` asked for is the caller's error, as
/// TensorFlow's type check of the attr makes it.
fn expect_dtype(st: &St, vm: &mut Vm<'_>, result: Value, wanted: DType) -> PyResult {
    let Some(handle) = result
        .downcast::<crate::tensor_class::PyTensor>()
        .map(|tensor| tensor.handle.clone())
    else {
        return Ok(result);
    };
    let dtype = st.tf(vm, |ctx| ctx.handle_dtype(&handle))?;
    if dtype != wanted {
        return Err(vm.type_error(format!(
            "Tout {} does not match the op's output dtype {}",
            wanted.name(),
            dtype.name()
        )));
    }
    Ok(result)
}

/// `tf.raw_ops.Real(input, Tout=tf.float32, name=None)`.
pub fn real(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    part(st, vm, args, ComplexPart::Real)
}

/// `tf.raw_ops.Imag(input, Tout=tf.float32, name=None)`.
pub fn imag(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    part(st, vm, args, ComplexPart::Imag)
}

/// `tf.raw_ops.Angle(input, Tout=tf.float32, name=None)`.
pub fn angle(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    part(st, vm, args, ComplexPart::Angle)
}

/// `tf.raw_ops.ComplexAbs(x, Tout=tf.float32, name=None)`.
pub fn complex_abs(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    part(st, vm, args, ComplexPart::Abs)
}

/// `tf.raw_ops.Conj(input, name=None)`.
pub fn conj(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    keywords_only(vm, &args, "Conj", "'input', 'name'")?;
    let input = required(&args.kwarg("input").cloned());
    let name = name_arg(vm, &args.kwarg("name").cloned())?;
    run_raw_op(
        st,
        vm,
        ComplexOp::kind(ComplexOp::Conj),
        "Conj",
        name,
        vec![("input", input)],
    )
}

/// `tf.raw_ops.Complex(real, imag, Tout=tf.complex64, name=None)`.
pub fn complex(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    keywords_only(vm, &args, "Complex", "'real', 'imag', 'Tout', 'name'")?;
    let real = required(&args.kwarg("real").cloned());
    let imag = required(&args.kwarg("imag").cloned());
    let name = name_arg(vm, &args.kwarg("name").cloned())?;
    let wanted = check_tout(vm, &args.kwarg("Tout").cloned(), DType::Complex64)?;
    let result = run_raw_op(
        st,
        vm,
        ComplexOp::kind(ComplexOp::Complex),
        "Complex",
        name,
        vec![("real", real), ("imag", imag)],
    )?;
    expect_dtype(st, vm, result, wanted)
}

/// A raw op's function.
type RawOp = fn(&St, &mut Vm<'_>, Args<'_>) -> PyResult;

/// Each raw op's name and function, for `tf.raw_ops`.
pub const RAW_OPS: &[(&str, RawOp)] = &[
    ("Real", real),
    ("Imag", imag),
    ("Angle", angle),
    ("ComplexAbs", complex_abs),
    ("Conj", conj),
    ("Complex", complex),
];
