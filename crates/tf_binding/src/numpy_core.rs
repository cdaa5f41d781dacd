//! The native primitives under NumPy's Python-level API (`crates/pylib/python/numpy`):
//! elementwise functions by name, reductions, `argmax`/`argmin`, `concatenate` and `where`
//! on the engine's CPU kernels, with NumPy's dtypes (integers widen to float64 for
//! transcendental functions; arrays of different dtypes meet at the wider one).

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{op_error, to_numpy_tensor};
use crate::numpy_module::{array_value, cast, promote, with_python_scalar};
use crate::St;
use tensor::ops::{self, ArgReduceOp, BinaryOp, ReduceOp, UnaryOp};
use tensor::{DType, Shape, Tensor};

/// Adds the primitives to the core module `_numpy`.
pub fn install(module: &lang::value::Module, st: &St) {
    crate::def(module, st, "_ufunc", ufunc);
    crate::def(module, st, "_complex_part", complex_part);
    crate::def(module, st, "_reduce", reduce);
    crate::def(module, st, "_arg_reduce", arg_reduce);
    crate::def(module, st, "_concatenate", concatenate);
    crate::def(module, st, "_where", where_);
    crate::def(module, st, "_matmul", matmul);
    crate::def(module, st, "_cumsum", cumsum);
    crate::def(module, st, "_tobytes", tobytes);
    crate::def(module, st, "_frombuffer", frombuffer);
    crate::def(module, st, "_print_options", print_options);
    crate::def(module, st, "array2string", array2string);
}

/// `np.array2string(a, max_line_width=None, precision=None, suppress_small=None,
/// separator=' ', prefix='', style=<no value>, formatter=None, threshold=None,
/// edgeitems=None, sign=None, floatmode=None, suffix='', *, legacy=None)`: the layout of
/// `str(a)` with another separator, and continuation lines indented past `prefix`.
fn array2string(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "array2string",
        &args,
        1,
        [
            a,
            max_line_width,
            precision,
            suppress_small,
            separator,
            prefix,
            style,
            formatter,
            threshold,
            edgeitems,
            sign,
            floatmode,
            suffix,
            legacy
        ]
    )?;
    for (value, what) in [
        (&bound.precision, "precision"),
        (&bound.suppress_small, "suppress_small"),
        (&bound.formatter, "formatter"),
        (&bound.threshold, "threshold"),
        (&bound.edgeitems, "edgeitems"),
        (&bound.sign, "sign"),
        (&bound.floatmode, "floatmode"),
        (&bound.legacy, "legacy"),
    ] {
        if value.as_ref().is_some_and(|value| !value.is_none()) {
            return Err(vm.not_implemented_error(format!(
                "np.array2string({what}=...) is not emulated in this playground yet; use \
                 np.printoptions"
            )));
        }
    }
    let tensor = tensor_of(st, vm, &crate::array_ops::required(&bound.a))?;
    let width = match bound
        .max_line_width
        .as_ref()
        .filter(|value| !value.is_none())
    {
        None => None,
        Some(value) => match vm.as_index(value)? {
            Some(width) if width > 0 => Some(width as usize),
            _ => return Err(vm.value_error("max_line_width must be a positive integer")),
        },
    };
    let text = |vm: &Vm<'_>, value: &Option<Value>, default: &str| -> PyResult<String> {
        match value {
            None => Ok(default.to_string()),
            Some(value) => value
                .as_str()
                .map(str::to_string)
                .ok_or_else(|| vm.type_error("expected a string")),
        }
    };
    let separator = text(vm, &bound.separator, " ")?;
    let prefix = text(vm, &bound.prefix, "")?;
    let suffix = text(vm, &bound.suffix, "")?;
    Ok(Value::str(tensor::format::array2string(
        &tensor,
        width,
        &separator,
        prefix.chars().count(),
        suffix.chars().count(),
    )))
}

/// `_print_options(precision, threshold, edgeitems, linewidth, suppress)`: sets those not
/// `None` and returns all five as they now are (`np.set_printoptions`,
/// `np.get_printoptions`).
fn print_options(_st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let mut options = tensor::format::print_options();
    let count = |vm: &mut Vm<'_>, index: usize, what: &str| -> PyResult<Option<usize>> {
        match args.get(index).filter(|value| !value.is_none()) {
            None => Ok(None),
            Some(value) => match vm.as_index(value)? {
                Some(number) if number >= 0 => Ok(Some(number as usize)),
                _ => Err(vm.value_error(format!("{what} must be a non-negative integer"))),
            },
        }
    };
    if let Some(precision) = count(vm, 0, "precision")? {
        options.precision = precision;
    }
    if let Some(threshold) = count(vm, 1, "threshold")? {
        options.threshold = threshold;
    }
    if let Some(edge_items) = count(vm, 2, "edgeitems")? {
        options.edge_items = edge_items;
    }
    if let Some(line_width) = count(vm, 3, "linewidth")? {
        options.line_width = line_width;
    }
    if let Some(suppress) = args.get(4).filter(|value| !value.is_none()) {
        options.suppress = vm.truthy(suppress)?;
    }
    tensor::format::set_print_options(options);
    Ok(Value::tuple(vec![
        Value::Int(options.precision as i64),
        Value::Int(options.threshold as i64),
        Value::Int(options.edge_items as i64),
        Value::Int(options.line_width as i64),
        Value::Bool(options.suppress),
    ]))
}

/// An argument as an array (Python scalars and sequences converted as `np.asarray` does).
fn tensor_of(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult<Tensor> {
    to_numpy_tensor(st, vm, value, None)
}

fn name_arg(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<String> {
    args.get(0)
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| vm.type_error("expected a function name"))
}

/// `_ufunc(name, x)` or `_ufunc(name, x, y)`: one of NumPy's elementwise functions.
fn ufunc(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let name = name_arg(vm, &args)?;
    let operands: Vec<Value> = args.positional.iter().skip(1).cloned().collect();
    match operands.as_slice() {
        [x] => unary(st, vm, &name, x),
        [x, y] => binary(st, vm, &name, x, y),
        _ => Err(vm.type_error(format!("{name}() takes one or two arrays"))),
    }
}

fn unary(st: &St, vm: &mut Vm<'_>, name: &str, x: &Value) -> PyResult {
    let (op, widens) = match name {
        "negative" => (UnaryOp::Neg, false),
        "absolute" => (UnaryOp::Abs, false),
        "sign" => (UnaryOp::Sign, false),
        "square" => (UnaryOp::Square, false),
        "sqrt" => (UnaryOp::Sqrt, true),
        "exp" => (UnaryOp::Exp, true),
        "log" => (UnaryOp::Log, true),
        "log1p" => (UnaryOp::Log1p, true),
        "expm1" => (UnaryOp::Expm1, true),
        "sin" => (UnaryOp::Sin, true),
        "cos" => (UnaryOp::Cos, true),
        "tan" => (UnaryOp::Tan, true),
        "tanh" => (UnaryOp::Tanh, true),
        "arctan" => (UnaryOp::Atan, true),
        "arcsin" => (UnaryOp::Asin, true),
        "arccos" => (UnaryOp::Acos, true),
        "floor" => (UnaryOp::Floor, true),
        "ceil" => (UnaryOp::Ceil, true),
        "logical_not" => (UnaryOp::LogicalNot, false),
        "sinh" => (UnaryOp::Sinh, true),
        "cosh" => (UnaryOp::Cosh, true),
        _ => return float_function(st, vm, name, x),
    };
    let mut tensor = tensor_of(st, vm, x)?;
    if op == UnaryOp::Abs && tensor.dtype().is_complex() {
        // The magnitude, of the real dtype.
        let result =
            ops::complex_part(ops::ComplexPart::Abs, &tensor).map_err(|e| op_error(vm, e))?;
        return array_value(st, vm, result);
    }
    if op == UnaryOp::LogicalNot {
        tensor = truthy(vm, &tensor)?;
    } else if widens && !tensor.dtype().is_floating() && !tensor.dtype().is_complex() {
        tensor = cast(vm, &tensor, DType::Float64)?;
    } else if tensor.dtype() == DType::Bool {
        tensor = cast(vm, &tensor, DType::Int8)?;
    }
    let result = ops::unary(op, &tensor).map_err(|e| op_error(vm, e))?;
    array_value(st, vm, result)
}

/// `_complex_part(x, part)`: `np.real`, `np.imag`, `np.angle` (`"real"`, `"imag"`,
/// `"angle"`) of a complex array as its real dtype, and `np.conjugate` (`"conj"`); real
/// arrays are their own real part and conjugate, with zero imaginary parts.
fn complex_part(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let x = args.get(0).cloned().unwrap_or(Value::None);
    let part = args
        .get(1)
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| vm.type_error("expected a part name"))?;
    let tensor = tensor_of(st, vm, &x)?;
    let result = if tensor.dtype().is_complex() {
        match part.as_str() {
            "real" => ops::complex_part(ops::ComplexPart::Real, &tensor),
            "imag" => ops::complex_part(ops::ComplexPart::Imag, &tensor),
            "angle" => ops::complex_part(ops::ComplexPart::Angle, &tensor),
            _ => ops::conj(&tensor),
        }
        .map_err(|e| op_error(vm, e))?
    } else {
        match part.as_str() {
            // Zeros of the array's dtype (`x - x` would be NaN at infinities).
            "imag" => Tensor::new(
                tensor.dtype(),
                tensor.shape().clone(),
                tensor::TensorData::zeros(tensor.dtype(), tensor.num_elements()),
            )
            .map_err(|e| op_error(vm, e))?,
            _ => tensor,
        }
    };
    array_value(st, vm, result)
}

/// The elementwise functions NumPy has and TensorFlow's kernels don't, computed in f64
/// and rounded to the array's float type (integers give float64).
fn float_function(st: &St, vm: &mut Vm<'_>, name: &str, x: &Value) -> PyResult {
    let function: fn(f64) -> f64 = match name {
        "log2" => f64::log2,
        "log10" => f64::log10,
        "exp2" => f64::exp2,
        "cbrt" => f64::cbrt,
        "rint" => f64::round_ties_even,
        "trunc" => f64::trunc,
        "arcsinh" => f64::asinh,
        "arccosh" => f64::acosh,
        "arctanh" => f64::atanh,
        "deg2rad" => f64::to_radians,
        "rad2deg" => f64::to_degrees,
        _ => return Err(vm.type_error(format!("unknown function {name}"))),
    };
    let tensor = tensor_of(st, vm, x)?;
    let dtype = if tensor.dtype().is_floating() {
        tensor.dtype()
    } else {
        DType::Float64
    };
    let values: Vec<f64> = cast(vm, &tensor, DType::Float64)?
        .to_f64_vec()
        .unwrap_or_default()
        .into_iter()
        .map(function)
        .collect();
    let result = Tensor::from_vec(tensor.shape().clone(), values).map_err(|e| op_error(vm, e))?;
    array_value(st, vm, cast(vm, &result, dtype)?)
}

/// The two-operand functions NumPy has and TensorFlow's kernels don't: bitwise
/// operations on integers and booleans, `arctan2` and `hypot` on floats.
fn pairwise_function(st: &St, vm: &mut Vm<'_>, name: &str, x: &Value, y: &Value) -> PyResult {
    let (a, b) = operands(st, vm, x, y)?;
    let shape = Shape::broadcast(a.shape(), b.shape()).map_err(|_| {
        vm.value_error(format!(
            "operands could not be broadcast together with shapes {} {} ",
            tensor::strided::shape_text(a.dims()),
            tensor::strided::shape_text(b.dims())
        ))
    })?;
    let dims = shape.dims().to_vec();
    let pick = |t: &Tensor| tensor::strided::broadcast_indices(t.dims(), &dims).unwrap_or_default();
    let (left, right) = (pick(&a), pick(&b));
    let floats: Option<fn(f64, f64) -> f64> = match name {
        "arctan2" => Some(f64::atan2),
        "hypot" => Some(f64::hypot),
        _ => None,
    };
    if let Some(function) = floats {
        let dtype = if a.dtype().is_floating() {
            a.dtype()
        } else {
            DType::Float64
        };
        let (xs, ys) = (
            cast(vm, &a, DType::Float64)?
                .to_f64_vec()
                .unwrap_or_default(),
            cast(vm, &b, DType::Float64)?
                .to_f64_vec()
                .unwrap_or_default(),
        );
        let values: Vec<f64> = left
            .iter()
            .zip(&right)
            .map(|(&i, &j)| function(xs[i], ys[j]))
            .collect();
        let result = Tensor::from_vec(shape, values).map_err(|e| op_error(vm, e))?;
        return array_value(st, vm, cast(vm, &result, dtype)?);
    }
    let integer: fn(i64, i64) -> i64 = match name {
        "bitwise_and" => |p, q| p & q,
        "bitwise_or" => |p, q| p | q,
        "bitwise_xor" => |p, q| p ^ q,
        "left_shift" => |p, q| if (0..64).contains(&q) { p << q } else { 0 },
        "right_shift" => |p, q| {
            if (0..64).contains(&q) {
                p >> q
            } else if p < 0 {
                -1
            } else {
                0
            }
        },
        _ => return Err(vm.type_error(format!("unknown function {name}"))),
    };
    if a.dtype().is_floating() || a.dtype() == DType::String {
        return Err(vm.type_error(format!(
            "ufunc '{name}' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''"
        )));
    }
    let (xs, ys) = (
        a.to_i64_vec().unwrap_or_default(),
        b.to_i64_vec().unwrap_or_default(),
    );
    let values: Vec<i64> = left
        .iter()
        .zip(&right)
        .map(|(&i, &j)| integer(xs[i], ys[j]))
        .collect();
    let result = Tensor::from_vec(shape, values).map_err(|e| op_error(vm, e))?;
    let dtype = a.dtype();
    let result = if dtype == DType::Bool {
        truthy(vm, &result)?
    } else {
        cast(vm, &result, dtype)?
    };
    array_value(st, vm, result)
}

/// `x != 0` as booleans.
fn truthy(vm: &Vm<'_>, tensor: &Tensor) -> PyResult<Tensor> {
    if tensor.dtype() == DType::Bool {
        return Ok(tensor.clone());
    }
    let zero = ops::zeros(&[], tensor.dtype()).map_err(|e| op_error(vm, e))?;
    ops::binary(BinaryOp::NotEqual, tensor, &zero).map_err(|e| op_error(vm, e))
}

fn binary(st: &St, vm: &mut Vm<'_>, name: &str, x: &Value, y: &Value) -> PyResult {
    let op = match name {
        "add" => BinaryOp::Add,
        "subtract" => BinaryOp::Sub,
        "multiply" => BinaryOp::Mul,
        "true_divide" => BinaryOp::RealDiv,
        "floor_divide" => BinaryOp::FloorDiv,
        "remainder" => BinaryOp::FloorMod,
        "power" => BinaryOp::Pow,
        "maximum" => BinaryOp::Maximum,
        "minimum" => BinaryOp::Minimum,
        "equal" => BinaryOp::Equal,
        "not_equal" => BinaryOp::NotEqual,
        "less" => BinaryOp::Less,
        "less_equal" => BinaryOp::LessEqual,
        "greater" => BinaryOp::Greater,
        "greater_equal" => BinaryOp::GreaterEqual,
        "logical_and" => BinaryOp::LogicalAnd,
        "logical_or" => BinaryOp::LogicalOr,
        _ => return pairwise_function(st, vm, name, x, y),
    };
    let (mut a, mut b) = operands(st, vm, x, y)?;
    if matches!(op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr) {
        a = truthy(vm, &a)?;
        b = truthy(vm, &b)?;
    } else if op == BinaryOp::RealDiv && !a.dtype().is_floating() {
        a = cast(vm, &a, DType::Float64)?;
        b = cast(vm, &b, DType::Float64)?;
    } else if a.dtype() == DType::Bool && !op.is_comparison() {
        a = cast(vm, &a, DType::Int8)?;
        b = cast(vm, &b, DType::Int8)?;
    }
    let result = if op == BinaryOp::RealDiv {
        ops::truediv(&a, &b)
    } else {
        ops::binary(op, &a, &b)
    }
    .map_err(|e| op_error(vm, e))?;
    array_value(st, vm, result)
}

/// Two operands at their common dtype. A Python scalar takes the array's kind (NEP 50):
/// an int with an integer or float array keeps the array's dtype, a float with an integer
/// array gives float64.
fn operands(st: &St, vm: &mut Vm<'_>, x: &Value, y: &Value) -> PyResult<(Tensor, Tensor)> {
    let weak = |value: &Value| matches!(value, Value::Int(_) | Value::Float(_) | Value::Bool(_));
    let (a, b) = (tensor_of(st, vm, x)?, tensor_of(st, vm, y)?);
    let target = match (weak(x), weak(y)) {
        (false, true) => with_python_scalar(a.dtype(), b.dtype()),
        (true, false) => with_python_scalar(b.dtype(), a.dtype()),
        _ => promote(a.dtype(), b.dtype()),
    };
    Ok((cast(vm, &a, target)?, cast(vm, &b, target)?))
}

/// `_reduce(name, a, axis, keepdims)`: `sum`, `mean`, `max`, `min`, `prod`, `any`, `all`.
fn reduce(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let name = name_arg(vm, &args)?;
    let value = args.get(1).cloned().unwrap_or(Value::None);
    let tensor = tensor_of(st, vm, &value)?;
    let axes = crate::convert::axes(st, vm, &args.get(2).filter(|axis| !axis.is_none()).cloned())?;
    let keep = crate::flag(vm, &args.get(3).cloned(), false)?;
    let op = match name.as_str() {
        "sum" => ReduceOp::Sum,
        "mean" => ReduceOp::Mean,
        "max" => ReduceOp::Max,
        "min" => ReduceOp::Min,
        "prod" => ReduceOp::Prod,
        "any" => ReduceOp::Any,
        "all" => ReduceOp::All,
        _ => return Err(vm.type_error(format!("unknown reduction {name}"))),
    };
    reduce_array(st, vm, tensor, op, axes.as_deref(), keep)
}

/// A NumPy reduction of `tensor` (the module's functions and ndarray's methods): integer
/// and bool sums in int64, integer means in float64, `any`/`all` on truth values, float
/// sums and means in NumPy's order ([`numpy_sum`]), and NumPy's error for the maximum or
/// minimum of nothing.
pub(crate) fn reduce_array(
    st: &St,
    vm: &mut Vm<'_>,
    mut tensor: Tensor,
    op: ReduceOp,
    axes: Option<&[i64]>,
    keep: bool,
) -> PyResult {
    if matches!(op, ReduceOp::Max | ReduceOp::Min) && tensor.num_elements() == 0 {
        let which = if op == ReduceOp::Max {
            "maximum"
        } else {
            "minimum"
        };
        return Err(vm.value_error(format!(
            "zero-size array to reduction operation {which} which has no identity"
        )));
    }
    let widen = match op {
        ReduceOp::Mean if !tensor.dtype().is_floating() && !tensor.dtype().is_complex() => {
            Some(DType::Float64)
        }
        // NumPy sums unsigned integers as uint64, the rest (and bools) as int64.
        ReduceOp::Sum | ReduceOp::Prod
            if tensor.dtype().is_unsigned() && tensor.dtype() != DType::Bool =>
        {
            Some(DType::UInt64)
        }
        ReduceOp::Sum | ReduceOp::Prod
            if tensor.dtype().is_integer() || tensor.dtype() == DType::Bool =>
        {
            Some(DType::Int64)
        }
        ReduceOp::Any | ReduceOp::All => {
            tensor = truthy(vm, &tensor)?;
            None
        }
        _ => None,
    };
    if let Some(dtype) = widen {
        tensor = cast(vm, &tensor, dtype)?;
    }
    if matches!(op, ReduceOp::Sum | ReduceOp::Mean) && tensor.dtype().is_floating() {
        let result = numpy_sum(vm, &tensor, axes, keep, op == ReduceOp::Mean)?;
        return array_value(st, vm, result);
    }
    let result = ops::reduce(op, &tensor, axes, keep).map_err(|e| op_error(vm, e))?;
    array_value(st, vm, result)
}

/// A float sum (or mean) in NumPy's order: pairwise over a reduction that is contiguous in
/// memory (all axes, or the trailing ones), else each output adds its inputs in order
/// along the axis. float32 and float16 sum in float32, float64 in float64; a mean divides
/// the sum by the count in the same type.
fn numpy_sum(
    vm: &Vm<'_>,
    tensor: &Tensor,
    axes: Option<&[i64]>,
    keep: bool,
    mean: bool,
) -> PyResult<Tensor> {
    let dims = tensor.dims().to_vec();
    let rank = dims.len();
    let mut reduced = vec![false; rank];
    match axes {
        None => reduced.iter_mut().for_each(|r| *r = true),
        Some(axes) => {
            for &axis in axes {
                if axis < -(rank as i64) || axis >= rank as i64 {
                    return Err(vm.index_error(format!(
                        "axis {axis} is out of bounds for array of dimension {rank}"
                    )));
                }
                reduced[axis.rem_euclid(rank.max(1) as i64) as usize] = true;
            }
        }
    }
    let out_dims: Vec<usize> = dims
        .iter()
        .zip(&reduced)
        .map(|(&d, &r)| if r { 1 } else { d })
        .collect();
    let count: usize = dims
        .iter()
        .zip(&reduced)
        .filter(|(_, r)| **r)
        .map(|(d, _)| d)
        .product();
    let single = tensor.dtype() != DType::Float64;
    let values = cast(vm, tensor, DType::Float64)?
        .to_f64_vec()
        .unwrap_or_default();
    let trailing = reduced.iter().skip_while(|r| !**r).all(|r| *r);
    let outputs: usize = out_dims.iter().product();
    let mut sums = Vec::with_capacity(outputs);
    if trailing {
        // A reduction starts from add's identity, 0.0, and adds the lane's pairwise sum
        // (so the sum of nothing, or of negative zeros, is 0.0).
        for lane in (0..outputs).map(|output| &values[output * count..(output + 1) * count]) {
            sums.push(if single {
                let lane: Vec<f32> = lane.iter().map(|v| *v as f32).collect();
                f64::from(0.0f32 + pairwise(&lane, -0.0f32))
            } else {
                0.0 + pairwise(lane, -0.0f64)
            });
        }
    } else {
        // Each output adds its inputs in C order along the reduced axes.
        let mut accumulators = vec![0f64; outputs];
        let mut index = vec![0usize; rank];
        for &value in &values {
            let mut at = 0;
            for axis in 0..rank {
                at = at * out_dims[axis] + if reduced[axis] { 0 } else { index[axis] };
            }
            accumulators[at] = if single {
                f64::from(accumulators[at] as f32 + value as f32)
            } else {
                accumulators[at] + value
            };
            for axis in (0..rank).rev() {
                index[axis] += 1;
                if index[axis] < dims[axis] {
                    break;
                }
                index[axis] = 0;
            }
        }
        sums = accumulators;
    }
    if mean {
        for sum in &mut sums {
            *sum = if single {
                f64::from(*sum as f32 / count as f32)
            } else {
                *sum / count as f64
            };
        }
    }
    let shape_dims: Vec<usize> = if keep {
        out_dims
    } else {
        dims.iter()
            .zip(&reduced)
            .filter(|(_, r)| !**r)
            .map(|(d, _)| *d)
            .collect()
    };
    let result =
        Tensor::from_vec(Shape::from(&shape_dims[..]), sums).map_err(|e| op_error(vm, e))?;
    cast(vm, &result, tensor.dtype())
}

/// NumPy's pairwise summation: fewer than 8 values in order (from -0.0), up to 128 in
/// eight interleaved partial sums combined as a tree, more split in two halves (the first
/// a multiple of 8) summed separately. In the values' own precision (f32 or f64).
fn pairwise<T: Copy + std::ops::Add<Output = T> + std::ops::AddAssign>(
    values: &[T],
    negative_zero: T,
) -> T {
    let n = values.len();
    if n < 8 {
        return values.iter().fold(negative_zero, |sum, v| sum + *v);
    }
    if n <= 128 {
        let mut r = [values[0]; 8];
        r.copy_from_slice(&values[..8]);
        let blocks = n - n % 8;
        for block in values[8..blocks].chunks_exact(8) {
            for (partial, value) in r.iter_mut().zip(block) {
                *partial += *value;
            }
        }
        let mut sum = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for value in &values[blocks..] {
            sum += *value;
        }
        return sum;
    }
    let half = n / 2 - (n / 2) % 8;
    pairwise(&values[..half], negative_zero) + pairwise(&values[half..], negative_zero)
}

/// `_arg_reduce(name, a, axis)`: `argmax` / `argmin`, the first index of the extreme value
/// (of the first NaN, if any: NumPy's rule), over the flattened array when `axis` is `None`.
fn arg_reduce(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let name = name_arg(vm, &args)?;
    let value = args.get(1).cloned().unwrap_or(Value::None);
    let tensor = tensor_of(st, vm, &value)?;
    let op = if name == "argmax" {
        ArgReduceOp::ArgMax
    } else {
        ArgReduceOp::ArgMin
    };
    let values = cast(vm, &tensor, DType::Float64)?
        .to_f64_vec()
        .unwrap_or_default();
    // Over the flattened array when `axis` is None.
    let (dims, axis) = match args.get(2).filter(|axis| !axis.is_none()) {
        None => (vec![values.len()], 0),
        Some(axis) => {
            let axis = vm
                .as_index(axis)?
                .ok_or_else(|| vm.type_error("axis must be an integer"))?;
            let rank = tensor.rank() as i64;
            if axis < -rank || axis >= rank {
                return Err(vm.index_error(format!(
                    "axis {axis} is out of bounds for array of dimension {rank}"
                )));
            }
            (
                tensor.dims().to_vec(),
                axis.rem_euclid(rank.max(1)) as usize,
            )
        }
    };
    if dims[axis] == 0 {
        return Err(vm.value_error(format!("attempt to get {name} of an empty sequence")));
    }
    let indices = ops::arg_reduce_lanes(&values, &dims, axis, op, true);
    let mut out_dims = dims;
    out_dims.remove(axis);
    let result =
        Tensor::from_vec(Shape::from(&out_dims[..]), indices).map_err(|e| op_error(vm, e))?;
    array_value(st, vm, result)
}

/// `_concatenate(arrays, axis)`: the arrays at their common dtype, joined along `axis`.
fn concatenate(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let sequence = args.get(0).cloned().unwrap_or(Value::None);
    let items = vm.iterate(&sequence)?;
    if items.is_empty() {
        return Err(vm.value_error("need at least one array to concatenate"));
    }
    let mut tensors = Vec::with_capacity(items.len());
    for item in &items {
        tensors.push(tensor_of(st, vm, item)?);
    }
    let target = tensors
        .iter()
        .map(Tensor::dtype)
        .reduce(promote)
        .unwrap_or(DType::Float64);
    let rank = tensors[0].rank();
    if rank == 0 {
        return Err(vm.value_error("zero-dimensional arrays cannot be concatenated"));
    }
    let axis = match args.get(1).filter(|axis| !axis.is_none()) {
        Some(axis) => vm.as_index(axis)?.unwrap_or(0),
        None => {
            tensors = tensors
                .iter()
                .map(|t| ops::reshape(t, &[-1]).map_err(|e| op_error(vm, e)))
                .collect::<PyResult<_>>()?;
            0
        }
    };
    for (index, tensor) in tensors.iter().enumerate() {
        if tensor.rank() != tensors[0].rank() {
            return Err(vm.value_error(format!(
                "all the input array dimensions except for the concatenation axis must match \
                 exactly, but along dimension 0, the array at index 0 has {} dimension(s) and \
                 the array at index {index} has {} dimension(s)",
                tensors[0].rank(),
                tensor.rank()
            )));
        }
    }
    let cast_all: Vec<Tensor> = tensors
        .iter()
        .map(|t| cast(vm, t, target))
        .collect::<PyResult<_>>()?;
    let result = ops::concat(&cast_all, axis).map_err(|e| op_error(vm, e))?;
    array_value(st, vm, result)
}

/// `_where(condition, x, y)`.
fn where_(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let [condition, x, y] = [0, 1, 2].map(|i| args.get(i).cloned().unwrap_or(Value::None));
    let condition = tensor_of(st, vm, &condition)?;
    let condition = truthy(vm, &condition)?;
    let (a, b) = operands(st, vm, &x, &y)?;
    let result = ops::where_select(&condition, &a, &b).map_err(|e| op_error(vm, e))?;
    array_value(st, vm, result)
}

/// `_matmul(a, b)`: the product of two arrays of rank 2 or more (batch dimensions
/// broadcast), at their common dtype; the caller handles 1-d operands and checks shapes.
/// Narrow integers and booleans multiply as int64 and are cast back.
fn matmul(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let [x, y] = [0, 1].map(|i| args.get(i).cloned().unwrap_or(Value::None));
    let (a, b) = operands(st, vm, &x, &y)?;
    let dtype = a.dtype();
    let wide = match dtype {
        DType::Bool | DType::Int8 | DType::Int16 | DType::UInt8 => Some(DType::Int64),
        DType::Float16 | DType::BFloat16 => Some(DType::Float32),
        _ => None,
    };
    let (a, b) = match wide {
        Some(wide) => (cast(vm, &a, wide)?, cast(vm, &b, wide)?),
        None => (a, b),
    };
    let options = ops::MatMulOptions {
        batched: a.rank() > 2 || b.rank() > 2,
        ..Default::default()
    };
    let mut product = ops::matmul(&a, &b, options).map_err(|e| op_error(vm, e))?;
    if dtype == DType::Bool {
        product = truthy(vm, &product)?;
    } else if wide.is_some() {
        product = cast(vm, &product, dtype)?;
    }
    array_value(st, vm, product)
}

/// `_cumsum(a, axis)`: running sums along `axis` (of the flattened array when `None`),
/// added one after the other as NumPy's `add.accumulate` does; booleans and narrow
/// integers sum as int64.
fn cumsum(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let value = args.get(0).cloned().unwrap_or(Value::None);
    let mut tensor = tensor_of(st, vm, &value)?;
    if matches!(
        tensor.dtype(),
        DType::Bool | DType::Int8 | DType::Int16 | DType::Int32 | DType::UInt8
    ) {
        tensor = cast(vm, &tensor, DType::Int64)?;
    }
    let axis = match args.get(1).filter(|axis| !axis.is_none()) {
        Some(axis) => {
            let axis = vm
                .as_index(axis)?
                .ok_or_else(|| vm.type_error("axis must be an integer"))?;
            let rank = tensor.rank() as i64;
            if axis < -rank || axis >= rank {
                return Err(vm.index_error(format!(
                    "axis {axis} is out of bounds for array of dimension {rank}"
                )));
            }
            axis
        }
        None => {
            tensor = ops::reshape(&tensor, &[-1]).map_err(|e| op_error(vm, e))?;
            0
        }
    };
    let result = ops::cumsum(&tensor, axis, false, false).map_err(|e| op_error(vm, e))?;
    array_value(st, vm, result)
}

/// `_tobytes(a)`: the elements' little-endian machine bytes, row-major (`a.tobytes()`,
/// the data of an `.npy` file).
fn tobytes(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let value = args.get(0).cloned().unwrap_or(Value::None);
    let bytes = tensor_of(st, vm, &value)?.to_le_bytes().ok_or_else(|| {
        vm.type_error("tobytes() of a bytes array is not emulated in this playground")
    })?;
    Ok(Value::Bytes(std::rc::Rc::new(bytes)))
}

/// `_frombuffer(data, dtype, count, offset)`: a 1-d array of `count` elements (-1: all
/// that fit) read from little-endian bytes (`np.frombuffer`, `.npy` files).
fn frombuffer(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bytes = match args.get(0) {
        Some(Value::Bytes(bytes)) => bytes.clone(),
        _ => return Err(vm.type_error("a bytes-like object is required")),
    };
    let dtype = crate::convert::to_dtype(vm, args.get(1).unwrap_or(&Value::None))?;
    let count = args
        .get(2)
        .map(|c| vm.as_index(c))
        .transpose()?
        .flatten()
        .unwrap_or(-1);
    let offset = args
        .get(3)
        .map(|c| vm.as_index(c))
        .transpose()?
        .flatten()
        .unwrap_or(0);
    let size = dtype.size_in_bytes().unwrap_or(1);
    let available = bytes.len().saturating_sub(offset.max(0) as usize);
    if offset < 0 || offset as usize > bytes.len() {
        return Err(vm.value_error("offset must be non-negative and no greater than buffer length"));
    }
    let count = if count < 0 {
        if available % size != 0 {
            return Err(vm.value_error("buffer size must be a multiple of element size"));
        }
        available / size
    } else {
        if count as usize * size > available {
            return Err(vm.value_error("buffer is smaller than requested size and offset"));
        }
        count as usize
    };
    let raw = &bytes[offset as usize..offset as usize + count * size];
    let tensor = Tensor::from_le_bytes(dtype, raw).ok_or_else(|| {
        vm.type_error("frombuffer() of a bytes dtype is not emulated in this playground")
    })?;
    array_value(st, vm, tensor.map_err(|e| op_error(vm, e))?)
}
