//! `tf.DType` objects (`tf.float32` ...): one object per dtype per run, printing as
//! `<dtype: 'float32'>`, comparing equal to other spellings of the same dtype.

use std::rc::Rc;

use lang::host::{new_native_instance, ClassBuilder};
use lang::value::{Args, Class, PyResult, Value};
use lang::vm::Vm;

use crate::{bound, this, St};
use tensor::DType;

/// The data of a `tf.DType` object: the dtype, and whether it is the TF1 reference
/// dtype (`float32_ref`, what a `VariableV2` and its `Assign` ops output).
pub struct PyDType(pub DType, pub bool);

fn ref_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<bool> {
    this(vm, args)?
        .downcast::<PyDType>()
        .map(|d| d.1)
        .ok_or_else(|| vm.type_error("expected a tf.DType"))
}

fn ref_name(dtype: DType, is_ref: bool) -> String {
    if is_ref {
        format!("{}_ref", dtype.name())
    } else {
        dtype.name().to_string()
    }
}

fn dtype_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<DType> {
    this(vm, args)?
        .downcast::<PyDType>()
        .map(|d| d.0)
        .ok_or_else(|| vm.type_error("expected a tf.DType"))
}

/// Builds the `DType` class.
pub fn build(st: &St) -> Rc<Class> {
    ClassBuilder::new("DType", "tensorflow.python.framework.dtypes")
        .method("__repr__", |vm, args| {
            let name = ref_name(dtype_of(vm, &args)?, ref_of(vm, &args)?);
            Ok(Value::str(format!("tf.{name}")))
        })
        .method("__str__", |vm, args| {
            let name = ref_name(dtype_of(vm, &args)?, ref_of(vm, &args)?);
            Ok(Value::str(format!("<dtype: '{name}'>")))
        })
        .method("__eq__", |vm, args| {
            let dtype = dtype_of(vm, &args)?;
            let Some(other) = args.get(1) else {
                return Ok(Value::NotImplemented);
            };
            if matches!(other, Value::None) {
                return Ok(Value::Bool(false));
            }
            let other_ref = other.downcast::<PyDType>().is_some_and(|d| d.1);
            if other_ref != ref_of(vm, &args)? {
                return Ok(Value::Bool(false));
            }
            Ok(Value::Bool(
                crate::convert::to_dtype(vm, other).ok() == Some(dtype),
            ))
        })
        .method("__ne__", |vm, args| {
            let dtype = dtype_of(vm, &args)?;
            let other = args.get(1).cloned().unwrap_or(Value::None);
            Ok(Value::Bool(
                crate::convert::to_dtype(vm, &other).ok() != Some(dtype),
            ))
        })
        .method("__hash__", |vm, args| {
            Ok(Value::Int(dtype_of(vm, &args)? as i64))
        })
        .property(
            "name",
            |vm, args| {
                Ok(Value::str(ref_name(
                    dtype_of(vm, &args)?,
                    ref_of(vm, &args)?,
                )))
            },
            None,
        )
        .property_closure(
            "base_dtype",
            bound(st, |st, vm, args| {
                dtype_object(st, vm, dtype_of(vm, &args)?)
            }),
            None,
        )
        .property(
            "is_ref_dtype",
            |vm, args| Ok(Value::Bool(ref_of(vm, &args)?)),
            None,
        )
        .property(
            "is_floating",
            |vm, args| Ok(Value::Bool(dtype_of(vm, &args)?.is_floating())),
            None,
        )
        .property(
            "is_integer",
            |vm, args| Ok(Value::Bool(dtype_of(vm, &args)?.is_integer())),
            None,
        )
        .property(
            "is_complex",
            |vm, args| Ok(Value::Bool(dtype_of(vm, &args)?.is_complex())),
            None,
        )
        .property(
            "is_unsigned",
            |vm, args| Ok(Value::Bool(dtype_of(vm, &args)?.is_unsigned())),
            None,
        )
        .property(
            "is_numeric",
            |vm, args| Ok(Value::Bool(dtype_of(vm, &args)?.is_numeric())),
            None,
        )
        .property_closure(
            "real_dtype",
            bound(st, |st, vm, args| {
                dtype_object(st, vm, dtype_of(vm, &args)?.real_dtype())
            }),
            None,
        )
        .property(
            "max",
            |vm, args| {
                let dtype = dtype_of(vm, &args)?;
                limit(vm, dtype, true)
            },
            None,
        )
        .property(
            "min",
            |vm, args| {
                let dtype = dtype_of(vm, &args)?;
                limit(vm, dtype, false)
            },
            None,
        )
        .property(
            "is_bool",
            |vm, args| Ok(Value::Bool(dtype_of(vm, &args)? == DType::Bool)),
            None,
        )
        .property(
            "size",
            |vm, args| {
                Ok(dtype_of(vm, &args)?
                    .size_in_bytes()
                    .map_or(Value::Int(8), |size| Value::Int(size as i64)))
            },
            None,
        )
        .property_closure(
            "as_numpy_dtype",
            bound(st, |st, vm, args| {
                crate::numpy_module::scalar_type(st, vm, dtype_of(vm, &args)?)
            }),
            None,
        )
        .build()
}

/// `DType.max` / `DType.min`: the largest or smallest value of the type, a Python int for
/// integers and a NumPy scalar of the type for floating types, as TensorFlow gives them.
fn limit(vm: &mut Vm<'_>, dtype: DType, max: bool) -> PyResult {
    let int = |lo: i64, hi: i64| Ok(Value::Int(if max { hi } else { lo }));
    let mut float = |hi: f64| -> PyResult {
        let value = Value::Float(if max { hi } else { -hi });
        let numpy = vm.import_module("numpy")?;
        let name = match dtype.name() {
            "bfloat16" => "float32",
            name => name,
        };
        let scalar = vm.get_attr_str(&numpy, name)?;
        vm.call(&scalar, &[value], &[])
    };
    match dtype.name() {
        "int8" => int(i8::MIN.into(), i8::MAX.into()),
        "int16" => int(i16::MIN.into(), i16::MAX.into()),
        "int32" => int(i32::MIN.into(), i32::MAX.into()),
        "int64" => int(i64::MIN, i64::MAX),
        "uint8" => int(0, u8::MAX.into()),
        "uint16" => int(0, u16::MAX.into()),
        "uint32" => int(0, u32::MAX.into()),
        "uint64" if max => Ok(Value::from_u64(u64::MAX)),
        "uint64" => int(0, 0),
        "float16" => float(65504.0),
        "bfloat16" => float(3.389_531_389_251_535_5e38),
        "float32" => float(f64::from(f32::MAX)),
        "float64" => float(f64::MAX),
        "bool" => Ok(Value::Bool(max)),
        name => Err(vm.type_error(format!("Cannot find maximum value of <dtype: '{name}'>."))),
    }
}

/// The unique `tf.DType` object of `dtype`.
pub fn dtype_object(st: &St, vm: &Vm<'_>, dtype: DType) -> PyResult<Value> {
    dtype_object_of(st, vm, dtype, false)
}

/// The unique `tf.DType` object of `dtype`, or of its reference dtype (`float32_ref`)
/// when `is_ref`.
pub fn dtype_object_of(st: &St, vm: &Vm<'_>, dtype: DType, is_ref: bool) -> PyResult<Value> {
    if let Some(object) = st.dtype_objects.borrow().get(&(dtype, is_ref)) {
        return Ok(object.clone());
    }
    let classes = st.classes(vm)?;
    let object = new_native_instance(&classes.dtype, Rc::new(PyDType(dtype, is_ref)));
    st.dtype_objects
        .borrow_mut()
        .insert((dtype, is_ref), object.clone());
    Ok(object)
}

/// `tf.as_dtype(x)`.
pub fn as_dtype(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "as_dtype", &args, 1, [type_value])?;
    let value = bound.type_value.clone().unwrap_or(Value::None);
    let dtype = crate::convert::to_dtype(vm, &value)?;
    dtype_object(st, vm, dtype)
}

/// The dtype attributes of the `tensorflow` module (`float32`, `double`, ...).
pub fn module_attrs(st: &St, vm: &Vm<'_>) -> PyResult<Vec<(String, Value)>> {
    let mut attrs = Vec::new();
    for dtype in DType::ALL {
        attrs.push((dtype.name().to_string(), dtype_object(st, vm, dtype)?));
    }
    for (alias, dtype) in [("half", DType::Float16), ("double", DType::Float64)] {
        attrs.push((alias.to_string(), dtype_object(st, vm, dtype)?));
    }
    Ok(attrs)
}
