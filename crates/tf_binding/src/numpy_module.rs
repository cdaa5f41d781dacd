//! A minimal `numpy`: `ndarray` objects (what `.numpy()` and `Session.run` return) that
//! print exactly as NumPy 2 prints them, NumPy scalars (0-d arrays printing as `5.0` and
//! repr'ing as `np.float32(5.0)`), dtypes, and the few functions programs use with
//! TensorFlow (`np.array`, `np.zeros`, `np.ones`, `np.arange`).
//!
//! Arithmetic runs on the engine's CPU kernels with NumPy's promotion simplified: Python
//! scalars take the array's dtype (floats with integer arrays give float64), arrays of
//! different dtypes meet at the wider one.

use std::rc::Rc;

use lang::host::{new_native_instance, ClassBuilder};
use lang::value::{Args, Class, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{op_error, opt_dtype, to_numpy_tensor};
use crate::{bound, def, this, St};
use tensor::format::{numpy_str, numpy_value_repr};
use tensor::ops::{self, BinaryOp, ReduceOp};
use tensor::{DType, Tensor, TensorData};

pub use crate::numpy_array::NdArray;

/// The data of a `numpy.dtype` object.
pub struct NpDType(pub DType);

fn array_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Tensor> {
    this(vm, args)?
        .downcast::<NdArray>()
        .map(|a| a.tensor())
        .ok_or_else(|| vm.type_error("expected a numpy.ndarray"))
}

/// The NumPy 2 name of a dtype's scalar type (`float32`, `bool`; `np.bool_` is an alias).
fn type_name(dtype: DType) -> String {
    match dtype {
        DType::Bool => "bool".to_string(),
        DType::String => "bytes_".to_string(),
        other => other.name().to_string(),
    }
}

/// An `ndarray` (or NumPy scalar, for 0-d) holding `tensor`.
pub fn array_value(st: &St, vm: &Vm<'_>, tensor: Tensor) -> PyResult {
    // An element of a string array is Python `bytes` (TensorFlow's string arrays hold
    // `bytes` objects; NumPy's `bytes_` is a `bytes` too).
    if tensor.rank() == 0 {
        if let TensorData::String(values) = tensor.data() {
            return Ok(Value::Bytes(Rc::new(values[0].clone())));
        }
    }
    let classes = st.classes(vm)?;
    let scalar_class = (tensor.rank() == 0)
        .then(|| {
            classes
                .np_types
                .iter()
                .find(|(dtype, _)| *dtype == tensor.dtype())
        })
        .flatten()
        .map(|(_, class)| class);
    let class = scalar_class.unwrap_or(&classes.ndarray);
    Ok(new_native_instance(class, Rc::new(NdArray::new(tensor))))
}

/// NumPy's scalar type of `dtype` (`np.float32`), `None` where NumPy has none here.
pub(crate) fn scalar_type(st: &St, vm: &Vm<'_>, dtype: DType) -> PyResult {
    let classes = st.classes(vm)?;
    Ok(classes
        .np_types
        .iter()
        .find(|(d, _)| *d == dtype)
        .map_or(Value::None, |(_, class)| Value::Class(class.clone())))
}

fn dtype_value(st: &St, vm: &Vm<'_>, dtype: DType) -> PyResult {
    let classes = st.classes(vm)?;
    Ok(new_native_instance(
        &classes.np_dtype,
        Rc::new(NpDType(dtype)),
    ))
}

/// The Python value of element `index` (`item()`, `tolist()`).
fn item(vm: &Vm<'_>, tensor: &Tensor, index: usize) -> PyResult {
    Ok(match tensor.data() {
        TensorData::Bool(values) => Value::Bool(values[index]),
        TensorData::String(values) => Value::Bytes(Rc::new(values[index].clone())),
        TensorData::UInt64(values) => Value::from_u64(values[index]),
        TensorData::Complex64(values) => {
            Value::complex(f64::from(values[index].re), f64::from(values[index].im))
        }
        TensorData::Complex128(values) => Value::complex(values[index].re, values[index].im),
        _ if tensor.dtype().is_floating() => Value::Float(
            tensor
                .to_f64_vec()
                .and_then(|v| v.get(index).copied())
                .unwrap_or(f64::NAN),
        ),
        _ => Value::Int(
            tensor
                .to_i64_vec()
                .and_then(|v| v.get(index).copied())
                .ok_or_else(|| vm.value_error("bad element"))?,
        ),
    })
}

fn tolist(vm: &mut Vm<'_>, tensor: &Tensor, dims: &[usize], offset: usize) -> PyResult {
    let Some((&first, rest)) = dims.split_first() else {
        return item(vm, tensor, offset);
    };
    let stride: usize = rest.iter().product();
    let mut items = Vec::with_capacity(first);
    for i in 0..first {
        vm.charge(1)?;
        items.push(tolist(vm, tensor, rest, offset + i * stride)?);
    }
    Ok(Value::list(items))
}

/// NumPy's result dtype of `a op b` for two arrays (`np.result_type` over the dtypes the
/// playground has): the smallest dtype both cast to safely, so `uint8` with `int8` is
/// `int16` and `int32` with `float32` is `float64`.
pub(crate) fn promote(a: DType, b: DType) -> DType {
    use DType::*;
    if a == b {
        return a;
    }
    // The float precision (1: half, 2: single, 3: double) that holds a type's values.
    let float_rank = |d: DType| match d {
        Float16 | BFloat16 => 1,
        Float32 | Complex64 => 2,
        Int8 | UInt8 | Bool => 1,
        Int16 | UInt16 => 2,
        _ => 3,
    };
    let int_bits = |d: DType| match d {
        UInt8 | Int8 => 8,
        Int16 | UInt16 => 16,
        Int32 | UInt32 => 32,
        _ => 64,
    };
    match (a, b) {
        (Bool, other) | (other, Bool) => other,
        (String, _) | (_, String) => String,
        (Float16, BFloat16) | (BFloat16, Float16) => Float32,
        (x, y) if x.is_complex() || y.is_complex() => {
            if float_rank(x).max(float_rank(y)) <= 2 {
                Complex64
            } else {
                Complex128
            }
        }
        (x, y) if x.is_floating() && y.is_floating() => {
            if float_rank(x) >= float_rank(y) {
                x
            } else {
                y
            }
        }
        (float, int) | (int, float) if float.is_floating() => {
            match float_rank(int).max(float_rank(float)) {
                1 => float,
                2 => Float32,
                _ => Float64,
            }
        }
        (x, y) if x.is_unsigned() != y.is_unsigned() => {
            let (unsigned, signed) = if x.is_unsigned() { (x, y) } else { (y, x) };
            if int_bits(unsigned) < int_bits(signed) {
                signed
            } else {
                match int_bits(unsigned) {
                    8 => Int16,
                    16 => Int32,
                    32 => Int64,
                    _ => Float64,
                }
            }
        }
        (x, y) => {
            if int_bits(x) >= int_bits(y) {
                x
            } else {
                y
            }
        }
    }
}

/// `tensor` as `dtype` (itself when it already is).
pub(crate) fn cast(vm: &Vm<'_>, tensor: &Tensor, dtype: DType) -> PyResult<Tensor> {
    if tensor.dtype() == dtype {
        return Ok(tensor.clone());
    }
    ops::cast(tensor, dtype).map_err(|e| op_error(vm, e))
}

/// The dtype of an array of dtype `array` meeting a Python scalar whose own dtype is
/// `scalar` (NEP 50: the scalar is weak): a float array keeps its dtype, a float scalar
/// makes an integer array float64, a number makes a bool array int64, and otherwise the
/// array's dtype stands.
pub(crate) fn with_python_scalar(array: DType, scalar: DType) -> DType {
    if scalar == DType::Complex128 {
        // A Python complex keeps a float array's precision.
        return match array {
            DType::Float16 | DType::Float32 | DType::Complex64 => DType::Complex64,
            _ => DType::Complex128,
        };
    }
    match (array.is_floating() || array.is_complex(), scalar) {
        (true, _) => array,
        (false, DType::Float64) => DType::Float64,
        (false, _) if array == DType::Bool && scalar != DType::Bool => DType::Int64,
        _ => array,
    }
}

/// The other operand of an arithmetic method as an array of the right dtype, or `None`
/// when it is not array-like (the method then returns `NotImplemented`).
fn coerce(
    st: &St,
    vm: &mut Vm<'_>,
    mine: &Tensor,
    other: &Value,
) -> PyResult<Option<(Tensor, Tensor)>> {
    let scalar_dtype = match other {
        Value::Bool(_) => Some(DType::Bool),
        Value::Int(_) => Some(DType::Int64),
        Value::Float(_) => Some(DType::Float64),
        Value::Complex(_) => Some(DType::Complex128),
        _ => None,
    };
    if let Some(kind) = scalar_dtype {
        let target = with_python_scalar(mine.dtype(), kind);
        let theirs = to_numpy_tensor(st, vm, other, Some(target))?;
        return Ok(Some((cast(vm, mine, target)?, theirs)));
    }
    let theirs = match other.downcast::<NdArray>() {
        Some(array) => array.tensor(),
        None => match other {
            Value::List(_) | Value::Tuple(_) => to_numpy_tensor(st, vm, other, None)?,
            _ => match crate::convert::eager_value(st, vm, other)? {
                Some(_) => return Ok(None),
                None => return Ok(None),
            },
        },
    };
    let target = promote(mine.dtype(), theirs.dtype());
    Ok(Some((cast(vm, mine, target)?, cast(vm, &theirs, target)?)))
}

fn arithmetic(
    st: &St,
    vm: &mut Vm<'_>,
    args: &Args<'_>,
    op: BinaryOp,
    reflected: bool,
) -> PyResult {
    let mine = array_of(vm, args)?;
    let other = args.get(1).cloned().unwrap_or(Value::None);
    let Some((a, b)) = coerce(st, vm, &mine, &other)? else {
        return Ok(Value::NotImplemented);
    };
    let (x, y) = if reflected { (b, a) } else { (a, b) };
    let result = if op == BinaryOp::RealDiv {
        let (x, y) = if x.dtype().is_floating() {
            (x, y)
        } else {
            (
                ops::cast(&x, DType::Float64).map_err(|e| op_error(vm, e))?,
                ops::cast(&y, DType::Float64).map_err(|e| op_error(vm, e))?,
            )
        };
        ops::truediv(&x, &y)
    } else {
        ops::binary(op, &x, &y)
    }
    .map_err(|e| op_error(vm, e))?;
    array_value(st, vm, result)
}

/// `a.round(decimals=0)`: NumPy's `rint(a * 10**d) / 10**d`, in the array's own float
/// type (so float32 arrays round as float32 arithmetic does); integers are unchanged.
fn round(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "round", &args, 1, [this = "self", decimals, out])?;
    let tensor = array_of(vm, &args)?;
    let decimals = match &bound.decimals {
        Some(value) => vm.as_index(value)?.unwrap_or(0),
        None => 0,
    };
    let decimals = decimals.clamp(-400, 400) as i32;
    let factor = 10f64.powi(decimals.abs());
    let scale64 = |x: f64| -> f64 {
        if decimals >= 0 {
            (x * factor).round_ties_even() / factor
        } else {
            (x / factor).round_ties_even() * factor
        }
    };
    let data = match tensor.data() {
        tensor::TensorData::Float32(values) => {
            let factor = factor as f32;
            tensor::TensorData::Float32(
                values
                    .iter()
                    .map(|x| {
                        if decimals >= 0 {
                            (x * factor).round_ties_even() / factor
                        } else {
                            (x / factor).round_ties_even() * factor
                        }
                    })
                    .collect(),
            )
        }
        tensor::TensorData::Float64(values) => {
            tensor::TensorData::Float64(values.iter().map(|x| scale64(*x)).collect())
        }
        _ => return array_value(st, vm, tensor),
    };
    let rounded =
        Tensor::new(tensor.dtype(), tensor.shape().clone(), data).map_err(|e| op_error(vm, e))?;
    array_value(st, vm, rounded)
}

fn reduce(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, op: ReduceOp) -> PyResult {
    let bound = bind!(vm, "reduce", args, 1, [this = "self", axis, keepdims])?;
    let tensor = array_of(vm, args)?;
    let axes = crate::convert::axes(st, vm, &bound.axis)?;
    let keep = crate::flag(vm, &bound.keepdims, false)?;
    crate::numpy_core::reduce_array(st, vm, tensor, op, axes.as_deref(), keep)
}

/// `array` when it is 0-d: NumPy 2.x's `float()`/`int()`/`complex()` convert no other
/// (nor does TensorFlow's, which calls NumPy's).
pub(crate) fn zero_dimensional(vm: &Vm<'_>, array: Tensor) -> PyResult<Tensor> {
    if array.rank() != 0 {
        return Err(vm.type_error("only 0-dimensional arrays can be converted to Python scalars"));
    }
    Ok(array)
}

/// The one element of an array `bool()` reads.
/// `complex()` of a one-element array or tensor.
pub(crate) fn complex_scalar(vm: &Vm<'_>, tensor: &Tensor) -> PyResult {
    if tensor.num_elements() != 1 || tensor.dtype() == DType::String {
        return Err(vm.type_error("only 0-dimensional arrays can be converted to Python scalars"));
    }
    let wide = cast(vm, tensor, DType::Complex128)?;
    let value = wide
        .as_slice::<tensor::Complex64>()
        .and_then(|values| values.first().copied())
        .ok_or_else(|| vm.type_error("cannot convert this array to a number"))?;
    Ok(Value::complex(value.re, value.im))
}

fn scalar_f64(vm: &Vm<'_>, tensor: &Tensor) -> PyResult<f64> {
    if tensor.num_elements() != 1 {
        return Err(vm.type_error("only 0-dimensional arrays can be converted to Python scalars"));
    }
    tensor
        .to_f64_vec()
        .and_then(|v| v.first().copied())
        .ok_or_else(|| vm.type_error("cannot convert this array to a number"))
}

/// `numpy.dtype`, the scalar types by dtype, and `numpy.ndarray`.
pub type NumpyClasses = (Rc<Class>, Vec<(DType, Rc<Class>)>, Rc<Class>);

/// Builds `numpy.dtype`, the scalar types (`numpy.float32`, ...) and `numpy.ndarray`.
pub fn build_classes(st: &St, vm: &Vm<'_>) -> NumpyClasses {
    let _ = vm;
    let np_dtype = ClassBuilder::new("dtype", "numpy")
        .method("__repr__", |vm, args| {
            let dtype = dtype_of(vm, &args)?;
            Ok(Value::str(format!("dtype('{}')", dtype.numpy_name())))
        })
        .method("__str__", |vm, args| {
            Ok(Value::str(dtype_of(vm, &args)?.numpy_name()))
        })
        .method("__eq__", |vm, args| {
            let dtype = dtype_of(vm, &args)?;
            let other = args.get(1).cloned().unwrap_or(Value::None);
            Ok(Value::Bool(
                crate::convert::to_dtype(vm, &other).ok() == Some(dtype),
            ))
        })
        .method("__hash__", |vm, args| {
            Ok(Value::Int(dtype_of(vm, &args)? as i64))
        })
        .property(
            "kind",
            |vm, args| {
                let dtype = dtype_of(vm, &args)?;
                let kind = match dtype {
                    DType::Bool => "b",
                    DType::String => "S",
                    _ if dtype.is_unsigned() => "u",
                    _ if dtype.is_floating() => "f",
                    _ if dtype.is_complex() => "c",
                    _ => "i",
                };
                Ok(Value::str(kind))
            },
            None,
        )
        .property(
            "name",
            |vm, args| Ok(Value::str(dtype_of(vm, &args)?.numpy_name())),
            None,
        )
        .property_closure(
            // The scalar type (`np.dtype('float32').type is np.float32`).
            "type",
            bound(st, |st, vm, args| scalar_type(st, vm, dtype_of(vm, &args)?)),
            None,
        )
        .property(
            "itemsize",
            |vm, args| {
                Ok(Value::Int(
                    dtype_of(vm, &args)?.size_in_bytes().unwrap_or(8) as i64,
                ))
            },
            None,
        )
        .build();
    let ndarray = build_ndarray(st);
    let mut np_types = Vec::new();
    for dtype in DType::ALL {
        if matches!(dtype, DType::BFloat16) {
            continue;
        }
        // A NumPy scalar is a 0-d value of its type's class; here those classes derive
        // from `ndarray`, whose methods serve 0-d values too.
        let class = ClassBuilder::new(&type_name(dtype), "numpy")
            .base(&ndarray)
            .static_method_closure("__new__", {
                let st = st.clone();
                move |vm, args| {
                    let value = args.get(1).cloned().unwrap_or(Value::Int(0));
                    let tensor = to_numpy_tensor(&st, vm, &value, Some(dtype))?;
                    array_value(&st, vm, tensor)
                }
            })
            .build();
        np_types.push((dtype, class));
    }
    (np_dtype, np_types, ndarray)
}

fn dtype_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<DType> {
    this(vm, args)?
        .downcast::<NpDType>()
        .map(|d| d.0)
        .ok_or_else(|| vm.type_error("expected a numpy.dtype"))
}

/// `ndarray.__getattr__`: many of the array's methods are NumPy's Python (`numpy/_methods.py`
/// adds them to the class when `numpy` is imported). A program that never imports NumPy
/// still holds arrays (`tensor.numpy()`), as with TensorFlow, which imports NumPy itself:
/// the first missing attribute imports it, then looks again.
fn ndarray_getattr(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let (Some(this), Some(name)) = (args.get(0).cloned(), args.get(1).and_then(Value::as_str))
    else {
        return Err(vm.type_error("__getattr__ takes an attribute name"));
    };
    let name = name.to_string();
    let class = vm.class_of(&this);
    if !name.starts_with("__") && class.lookup(&name).is_none() {
        vm.import_module("numpy")?;
        if class.lookup(&name).is_some() {
            return vm.get_attr_str(&this, &name);
        }
    }
    Err(vm.attribute_error(format!("'numpy.ndarray' object has no attribute '{name}'")))
}

fn build_ndarray(st: &St) -> Rc<Class> {
    let mut builder = ClassBuilder::new("ndarray", "numpy")
        .c_extension()
        .method("__getattr__", ndarray_getattr)
        .method("__repr__", |vm, args| {
            Ok(Value::str(numpy_value_repr(&array_of(vm, &args)?)))
        })
        .method("__str__", |vm, args| Ok(Value::str(numpy_str(&array_of(vm, &args)?))))
        .method("__format__", |vm, args| {
            let tensor = array_of(vm, &args)?;
            let spec = args.get(1).and_then(Value::as_str).unwrap_or("").to_string();
            if spec.is_empty() {
                return Ok(Value::str(numpy_str(&tensor)));
            }
            if tensor.rank() != 0 {
                return Err(vm.type_error("unsupported format string passed to numpy.ndarray.__format__"));
            }
            let value = item(vm, &tensor, 0)?;
            Ok(Value::str(vm.format(&value, &spec)?))
        })
        .property(
            "shape",
            |vm, args| {
                let tensor = array_of(vm, &args)?;
                Ok(Value::tuple(
                    tensor.dims().iter().map(|d| Value::Int(*d as i64)).collect(),
                ))
            },
            None,
        )
        .property(
            "ndim",
            |vm, args| Ok(Value::Int(array_of(vm, &args)?.rank() as i64)),
            None,
        )
        .property(
            "size",
            |vm, args| Ok(Value::Int(array_of(vm, &args)?.num_elements() as i64)),
            None,
        )
        .property_closure(
            "dtype",
            bound(st, |st, vm, args| {
                let dtype = array_of(vm, &args)?.dtype();
                dtype_value(st, vm, dtype)
            }),
            None,
        )
        .method("tolist", |vm, args| {
            let tensor = array_of(vm, &args)?;
            let dims = tensor.dims().to_vec();
            tolist(vm, &tensor, &dims, 0)
        })
        .method("item", |vm, args| {
            let tensor = array_of(vm, &args)?;
            if tensor.num_elements() != 1 {
                return Err(vm.value_error("can only convert an array of size 1 to a Python scalar"));
            }
            item(vm, &tensor, 0)
        })
        .method_closure(
            "astype",
            bound(st, |st, vm, args| {
                let bound = bind!(vm, "astype", &args, 2, [this = "self", dtype])?;
                let tensor = array_of(vm, &args)?;
                let dtype = opt_dtype(vm, &bound.dtype)?.unwrap_or(tensor.dtype());
                let cast = ops::cast(&tensor, dtype).map_err(|e| op_error(vm, e))?;
                array_value(st, vm, cast)
            }),
        )
        .method("__len__", |vm, args| {
            let tensor = array_of(vm, &args)?;
            match tensor.dims().first() {
                Some(n) => Ok(Value::Int(*n as i64)),
                None => Err(vm.type_error("len() of unsized object")),
            }
        })
        .method("__bool__", |vm, args| {
            let tensor = array_of(vm, &args)?;
            if tensor.num_elements() != 1 {
                return Err(vm.value_error("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()"));
            }
            if let TensorData::Bool(values) = tensor.data() {
                return Ok(Value::Bool(values[0]));
            }
            Ok(Value::Bool(scalar_f64(vm, &tensor)? != 0.0))
        })
        .method("__complex__", |vm, args| {
            let tensor = zero_dimensional(vm, array_of(vm, &args)?)?;
            complex_scalar(vm, &tensor)
        })
        .method("__float__", |vm, args| {
            Ok(Value::Float(scalar_f64(vm, &zero_dimensional(vm, array_of(vm, &args)?)?)?))
        })
        .method("__int__", |vm, args| {
            let tensor = zero_dimensional(vm, array_of(vm, &args)?)?;
            if let Some(values) = tensor.to_i64_vec().filter(|v| v.len() == 1 && tensor.dtype().is_integer()) {
                return Ok(Value::Int(values[0]));
            }
            let value = scalar_f64(vm, &tensor)?;
            lang::builtins::float_to_int_value(vm, value.trunc())
        })
        .method("__index__", |vm, args| {
            let tensor = array_of(vm, &args)?;
            match tensor.to_i64_vec().filter(|v| v.len() == 1 && tensor.dtype().is_integer() && tensor.rank() == 0) {
                Some(values) => Ok(Value::Int(values[0])),
                None => Err(vm.type_error("only integer scalar arrays can be converted to a scalar index")),
            }
        })
        .method("__hash__", |vm, args| {
            let tensor = array_of(vm, &args)?;
            if tensor.rank() != 0 {
                return Err(vm.type_error("unhashable type: 'numpy.ndarray'"));
            }
            let value = item(vm, &tensor, 0)?;
            Ok(Value::Int(vm.hash(&value)?))
        })
        .method_closure(
            "__getitem__",
            bound(st, |st, vm, args| {
                let key = args.get(1).cloned().unwrap_or(Value::None);
                crate::numpy_array::getitem(st, vm, this(vm, &args)?, &key)
            }),
        )
        .method_closure(
            "__setitem__",
            bound(st, |st, vm, args| crate::numpy_array::setitem(st, vm, &args)),
        )
        .method_closure(
            "__iter__",
            bound(st, |st, vm, args| {
                let this = this(vm, &args)?.clone();
                let dims = this.downcast::<NdArray>().map(|a| a.dims().to_vec()).unwrap_or_default();
                let Some(&count) = dims.first() else {
                    return Err(vm.type_error("iteration over a 0-d array"));
                };
                // Rows are views, as in NumPy: `for row in a: row[0] = 1` writes to `a`.
                let mut items = Vec::with_capacity(count);
                for index in 0..count {
                    vm.charge(1)?;
                    let row = Value::Int(index as i64);
                    items.push(crate::numpy_array::getitem(st, vm, &this, &row)?);
                }
                vm.get_iter(&Value::list(items))
            }),
        )
        .method_closure(
            "__neg__",
            bound(st, |st, vm, args| {
                let tensor = array_of(vm, &args)?;
                let result = ops::unary(ops::UnaryOp::Neg, &tensor).map_err(|e| op_error(vm, e))?;
                array_value(st, vm, result)
            }),
        )
        .property_closure(
            "T",
            bound(st, |st, vm, args| {
                crate::numpy_array::transposed(st, vm, this(vm, &args)?, None)
            }),
            None,
        )
        .method_closure(
            "transpose",
            bound(st, |st, vm, args| {
                let axes = match &args.positional[1.min(args.positional.len())..] {
                    [] => None,
                    [Value::None] => None,
                    [single] if vm.as_index(single)?.is_none() => {
                        Some(crate::convert::int_list(st, vm, single, "axes")?)
                    }
                    several => {
                        let mut axes = Vec::with_capacity(several.len());
                        for value in several {
                            axes.push(vm.as_index(value)?.ok_or_else(|| {
                                vm.type_error("an integer is required for the axis")
                            })?);
                        }
                        Some(axes)
                    }
                };
                crate::numpy_array::transposed(st, vm, this(vm, &args)?, axes)
            }),
        )
        .property(
            "strides",
            |vm, args| {
                let array = this(vm, &args)?
                    .downcast::<NdArray>()
                    .ok_or_else(|| vm.type_error("expected a numpy.ndarray"))?;
                let itemsize = array.dtype().size_in_bytes().unwrap_or(8) as i64;
                Ok(Value::tuple(
                    array
                        .layout()
                        .strides
                        .iter()
                        .map(|&stride| Value::Int(stride as i64 * itemsize))
                        .collect(),
                ))
            },
            None,
        )
        .property(
            "base",
            |vm, args| {
                let array = this(vm, &args)?
                    .downcast::<NdArray>()
                    .ok_or_else(|| vm.type_error("expected a numpy.ndarray"))?;
                Ok(array.base().cloned().unwrap_or(Value::None))
            },
            None,
        )
        .method_closure(
            "copy",
            bound(st, |st, vm, args| {
                let tensor = array_of(vm, &args)?;
                array_value(st, vm, tensor)
            }),
        )
        .method_closure("round", bound(st, round))
        .method_closure("reshape", bound(st, reshape))
        .method_closure("sum", bound(st, |st, vm, args| reduce(st, vm, &args, ReduceOp::Sum)))
        .method_closure("mean", bound(st, |st, vm, args| reduce(st, vm, &args, ReduceOp::Mean)))
        .method_closure("max", bound(st, |st, vm, args| reduce(st, vm, &args, ReduceOp::Max)))
        .method_closure("min", bound(st, |st, vm, args| reduce(st, vm, &args, ReduceOp::Min)));
    const OPS: &[(&str, BinaryOp, bool)] = &[
        ("__add__", BinaryOp::Add, false),
        ("__radd__", BinaryOp::Add, true),
        ("__sub__", BinaryOp::Sub, false),
        ("__rsub__", BinaryOp::Sub, true),
        ("__mul__", BinaryOp::Mul, false),
        ("__rmul__", BinaryOp::Mul, true),
        ("__truediv__", BinaryOp::RealDiv, false),
        ("__rtruediv__", BinaryOp::RealDiv, true),
        ("__floordiv__", BinaryOp::FloorDiv, false),
        ("__rfloordiv__", BinaryOp::FloorDiv, true),
        ("__mod__", BinaryOp::FloorMod, false),
        ("__rmod__", BinaryOp::FloorMod, true),
        ("__pow__", BinaryOp::Pow, false),
        ("__rpow__", BinaryOp::Pow, true),
        ("__eq__", BinaryOp::Equal, false),
        ("__ne__", BinaryOp::NotEqual, false),
        ("__lt__", BinaryOp::Less, false),
        ("__le__", BinaryOp::LessEqual, false),
        ("__gt__", BinaryOp::Greater, false),
        ("__ge__", BinaryOp::GreaterEqual, false),
    ];
    for (name, op, reflected) in OPS {
        let (op, reflected, st) = (*op, *reflected, st.clone());
        builder = builder.method_closure(name, move |vm, args| {
            arithmetic(&st, vm, &args, op, reflected)
        });
    }
    builder.build()
}

/// `a.reshape(d0, d1, ...)` or `a.reshape((d0, d1, ...))`, one dimension may be -1.
fn reshape(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let tensor = array_of(vm, &args)?;
    let rest = &args.positional[1.min(args.positional.len())..];
    let dims = match rest {
        [single] if vm.as_index(single)?.is_none() => {
            crate::convert::int_list(st, vm, single, "shape")?
        }
        _ => {
            let mut dims = Vec::with_capacity(rest.len());
            for value in rest {
                match vm.as_index(value)? {
                    Some(dim) => dims.push(dim),
                    None => {
                        let name = vm.type_name(value);
                        return Err(vm.type_error(format!(
                            "'{name}' object cannot be interpreted as an integer"
                        )));
                    }
                }
            }
            dims
        }
    };
    let count = tensor.num_elements() as i64;
    let known: i64 = dims.iter().filter(|d| **d != -1).product();
    let unknowns = dims.iter().filter(|d| **d == -1).count();
    let fits = match unknowns {
        0 => known == count,
        1 => known != 0 && count % known == 0,
        _ => return Err(vm.value_error("can only specify one unknown dimension")),
    };
    if !fits || dims.iter().any(|d| *d < -1) {
        let shown: Vec<String> = dims.iter().map(i64::to_string).collect();
        let shape = if shown.len() == 1 {
            format!("({},)", shown[0])
        } else {
            format!("({})", shown.join(","))
        };
        return Err(vm.value_error(format!(
            "cannot reshape array of size {count} into shape {shape}"
        )));
    }
    let resolved: Vec<usize> = dims
        .iter()
        .map(|&d| {
            if d == -1 {
                (count / known) as usize
            } else {
                d as usize
            }
        })
        .collect();
    crate::numpy_array::reshaped(st, vm, this(vm, &args)?, &resolved)
}

fn array_fn(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "array", &args, 1, [object, dtype, copy])?;
    let value = bound.object.clone().unwrap_or(Value::None);
    let dtype = opt_dtype(vm, &bound.dtype)?;
    let tensor = to_numpy_tensor(st, vm, &value, dtype)?;
    array_value(st, vm, tensor)
}

fn filled(st: &St, vm: &mut Vm<'_>, args: Args<'_>, one: bool) -> PyResult {
    let bound = bind!(
        vm,
        if one { "ones" } else { "zeros" },
        &args,
        1,
        [shape, dtype]
    )?;
    let shape = crate::convert::int_list(
        st,
        vm,
        bound.shape.as_ref().unwrap_or(&Value::None),
        "shape",
    )?;
    let dtype = opt_dtype(vm, &bound.dtype)?.unwrap_or(DType::Float64);
    let tensor = if one {
        ops::ones(&shape, dtype)
    } else {
        ops::zeros(&shape, dtype)
    }
    .map_err(|e| op_error(vm, e))?;
    array_value(st, vm, tensor)
}

fn arange(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "arange", &args, 1, [start, stop, step, dtype])?;
    let (start, stop) = match (&bound.start, &bound.stop) {
        (Some(start), Some(stop)) => (start.clone(), stop.clone()),
        (Some(stop), None) => (Value::Int(0), stop.clone()),
        _ => return Err(vm.type_error("arange() requires stop to be specified.")),
    };
    let step = bound.step.clone().unwrap_or(Value::Int(1));
    // NumPy scalars (`np.prod(shape)`) count as the Python numbers they hold.
    let plain = |value: Value| -> Value {
        let Some(array) = value.downcast::<NdArray>() else {
            return value;
        };
        let tensor = array.tensor();
        if tensor.rank() != 0 {
            return value;
        }
        if tensor.dtype().is_integer() {
            if let Some(&[v]) = tensor.to_i64_vec().as_deref() {
                return Value::Int(v);
            }
        } else if let Some(&[v]) = tensor.to_f64_vec().as_deref() {
            return Value::Float(v);
        }
        value
    };
    let (start, stop, step) = (plain(start), plain(stop), plain(step));
    let all_ints = [&start, &stop, &step]
        .iter()
        .all(|v| matches!(v, Value::Int(_)));
    let dtype = opt_dtype(vm, &bound.dtype)?.unwrap_or(if all_ints {
        DType::Int64
    } else {
        DType::Float64
    });
    let number = |vm: &mut Vm<'_>, v: &Value| -> PyResult<f64> {
        vm.to_f64(v)?
            .ok_or_else(|| vm.type_error("arange() arguments must be numbers"))
    };
    let (a, b, c) = (number(vm, &start)?, number(vm, &stop)?, number(vm, &step)?);
    let tensor = ops::range(a, b, c, dtype).map_err(|e| op_error(vm, e))?;
    array_value(st, vm, tensor)
}

/// Builds `_numpy`, the native core that NumPy's Python-level API
/// (`crates/pylib/python/numpy`) imports, and `numpy.random`.
pub fn build_module(st: &St, vm: &mut Vm<'_>) -> PyResult<Vec<(String, Value)>> {
    let classes = st.classes(vm)?;
    let np = crate::module("_numpy");
    crate::numpy_core::install(&np, st);
    def(&np, st, "array", array_fn);
    def(&np, st, "asarray", |st, vm, args| {
        // An array of the asked dtype is returned as is, so writes reach the caller's.
        let bound = bind!(vm, "asarray", &args, 1, [a, dtype])?;
        let value = bound.a.clone().unwrap_or(Value::None);
        let dtype = opt_dtype(vm, &bound.dtype)?;
        if let Some(array) = value.downcast::<NdArray>() {
            if dtype.is_none_or(|dtype| dtype == array.dtype()) {
                return Ok(value);
            }
        }
        let tensor = to_numpy_tensor(st, vm, &value, dtype)?;
        array_value(st, vm, tensor)
    });
    def(&np, st, "zeros", |st, vm, args| filled(st, vm, args, false));
    def(&np, st, "ones", |st, vm, args| filled(st, vm, args, true));
    def(&np, st, "arange", arange);
    def(&np, st, "dtype", |st, vm, args| {
        let bound = bind!(vm, "dtype", &args, 1, [dtype])?;
        let dtype = opt_dtype(vm, &bound.dtype)?.unwrap_or(DType::Float64);
        dtype_value(st, vm, dtype)
    });
    def(&np, st, "_assign", |st, vm, args| {
        // `_assign(a, values)`: writes `values` into every element of `a` (in-place
        // operators), broadcasting as NumPy's output operands do.
        let target = args.get(0).cloned().unwrap_or(Value::None);
        let array = target
            .downcast::<NdArray>()
            .ok_or_else(|| vm.type_error("_assign() needs a numpy.ndarray"))?;
        let values = to_numpy_tensor(st, vm, args.get(1).unwrap_or(&Value::None), None)?;
        array.assign(vm, &values)?;
        Ok(target)
    });
    np.set("ndarray", Value::Class(classes.ndarray.clone()));
    for (dtype, class) in &classes.np_types {
        np.set(&type_name(*dtype), Value::Class(class.clone()));
        if *dtype == DType::Bool {
            np.set("bool_", Value::Class(class.clone()));
        }
    }
    np.set("pi", Value::Float(std::f64::consts::PI));
    np.set("e", Value::Float(std::f64::consts::E));
    np.set("newaxis", Value::None);
    np.set("__version__", Value::str("2.1.3"));
    let random = crate::numpy_random::build_module(st, vm)?;
    np.set("random", random.clone());
    Ok(vec![
        ("_numpy".to_string(), Value::Module(np)),
        ("numpy.random".to_string(), random),
    ])
}

#[cfg(test)]
mod tests {
    use super::promote;
    use tensor::DType::*;

    /// The pairs where NumPy's table differs from "the larger type wins" (values from
    /// `np.result_type` in NumPy 2.4).
    #[test]
    fn promotion_follows_numpys_table() {
        assert_eq!(promote(UInt8, Int8), Int16);
        assert_eq!(promote(Int8, UInt8), Int16);
        assert_eq!(promote(UInt8, Int32), Int32);
        assert_eq!(promote(Int8, Float16), Float16);
        assert_eq!(promote(Int16, Float16), Float32);
        assert_eq!(promote(Int32, Float16), Float64);
        assert_eq!(promote(Int16, Float32), Float32);
        assert_eq!(promote(Int64, Float32), Float64);
        assert_eq!(promote(Bool, Int8), Int8);
        assert_eq!(promote(Float32, Float64), Float64);
    }

    #[test]
    fn promotion_is_symmetric() {
        let all = [
            Bool, UInt8, Int8, Int16, Int32, Int64, Float16, Float32, Float64,
        ];
        for a in all {
            for b in all {
                assert_eq!(promote(a, b), promote(b, a), "{a:?} with {b:?}");
            }
        }
    }
}
