//! `tf.TensorShape`: a possibly partial shape that prints as `(2, None)`, reprs as
//! `TensorShape([2, None])`, and compares equal to lists and tuples of its dimensions;
//! and `tf.TensorSpec(shape, dtype=tf.float32, name=None)`.

use std::rc::Rc;

use lang::host::{new_native_instance, set_native_data, ClassBuilder};
use lang::value::{Args, Class, PyResult, Value};
use lang::vm::Vm;

use crate::{bound, this, this_as, St};
use tensor::TensorShape;

/// The data of a `TensorShape` object.
pub struct PyShape(pub TensorShape);

fn shape_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<PyShape>> {
    this_as::<PyShape>(vm, args, "expected a TensorShape")
}

fn dim_value(dim: Option<usize>) -> Value {
    dim.map_or(Value::None, |d| Value::Int(d as i64))
}

fn known_dims(vm: &Vm<'_>, shape: &TensorShape, what: &str) -> PyResult<Vec<Option<usize>>> {
    shape
        .dims()
        .map(<[_]>::to_vec)
        .ok_or_else(|| vm.value_error(what.to_string()))
}

/// Builds the `TensorShape` class.
pub fn build(st: &St) -> Rc<Class> {
    ClassBuilder::new("TensorShape", "tensorflow.python.framework.tensor_shape")
        .method("__init__", |vm, args| {
            let bound = bind!(vm, "TensorShape", &args, 2, [this = "self", dims])?;
            let value = bound.dims.clone();
            let shape = crate::convert::tensor_shape(vm, value.as_ref())?;
            set_native_data(this(vm, &args)?, Rc::new(PyShape(shape)));
            Ok(Value::None)
        })
        .method("__repr__", |vm, args| {
            Ok(Value::str(shape_of(vm, &args)?.0.repr()))
        })
        .method("is_compatible_with", |vm, args| {
            let (shape, other) = shape_pair(vm, &args)?;
            Ok(Value::Bool(shape.is_compatible_with(&other)))
        })
        .method("assert_is_compatible_with", |vm, args| {
            let (shape, other) = shape_pair(vm, &args)?;
            if !shape.is_compatible_with(&other) {
                return Err(vm.value_error(format!("Shapes {shape} and {other} are incompatible")));
            }
            Ok(Value::None)
        })
        .method_closure(
            "merge_with",
            bound(st, |st, vm, args| {
                let (shape, other) = shape_pair(vm, &args)?;
                match shape.merge_with(&other) {
                    Some(merged) => new_shape(st, vm, merged),
                    None => {
                        Err(vm
                            .value_error(format!("Shapes {shape} and {other} are not compatible")))
                    }
                }
            }),
        )
        .method_closure(
            "most_specific_compatible_shape",
            bound(st, |st, vm, args| {
                let (shape, other) = shape_pair(vm, &args)?;
                new_shape(st, vm, shape.most_specific_compatible_shape(&other))
            }),
        )
        .method_closure(
            "concatenate",
            bound(st, |st, vm, args| {
                let (shape, other) = shape_pair(vm, &args)?;
                new_shape(st, vm, shape.concatenate(&other))
            }),
        )
        .method_closure(
            "with_rank",
            bound(st, |st, vm, args| {
                let shape = shape_of(vm, &args)?.0.clone();
                let rank = rank_arg(vm, &args)?;
                let wanted = TensorShape::new(vec![None; rank]);
                match shape.merge_with(&wanted) {
                    Some(merged) => new_shape(st, vm, merged),
                    None => Err(vm.value_error(format!("Shape {shape} must have rank {rank}"))),
                }
            }),
        )
        .method("assert_has_rank", |vm, args| {
            let shape = shape_of(vm, &args)?.0.clone();
            let rank = rank_arg(vm, &args)?;
            if shape.dims().is_some_and(|dims| dims.len() != rank) {
                return Err(vm.value_error(format!("Shape {shape} must have rank {rank}")));
            }
            Ok(Value::None)
        })
        .method("__str__", |vm, args| {
            Ok(Value::str(shape_of(vm, &args)?.0.to_string()))
        })
        .method("__eq__", |vm, args| {
            let shape = shape_of(vm, &args)?;
            let other = args.get(1).cloned().unwrap_or(Value::None);
            let other = match other.downcast::<PyShape>() {
                Some(other) => other.0.clone(),
                None => match other {
                    Value::List(_) | Value::Tuple(_) => {
                        match crate::convert::tensor_shape(vm, Some(&other)) {
                            Ok(shape) => shape,
                            Err(_) => return Ok(Value::Bool(false)),
                        }
                    }
                    _ => return Ok(Value::NotImplemented),
                },
            };
            Ok(Value::Bool(shape.0 == other))
        })
        .method("__hash__", |vm, args| {
            let shape = shape_of(vm, &args)?;
            let text = shape.0.to_string();
            Ok(Value::Int(text.bytes().fold(17i64, |h, b| {
                h.wrapping_mul(31).wrapping_add(b as i64)
            })))
        })
        .method("__len__", |vm, args| {
            let shape = shape_of(vm, &args)?;
            let dims = known_dims(
                vm,
                &shape.0,
                "Cannot take the length of shape with unknown rank.",
            )?;
            Ok(Value::Int(dims.len() as i64))
        })
        .method("__bool__", |vm, args| {
            let shape = shape_of(vm, &args)?;
            // TensorFlow 2.21: a shape is true when its rank is known (a scalar's too).
            Ok(Value::Bool(shape.0.dims().is_some()))
        })
        .method_closure(
            "__getitem__",
            bound(st, |st, vm, args| {
                let shape = shape_of(vm, &args)?;
                let dims = known_dims(vm, &shape.0, "Unknown rank")?;
                let key = args.get(1).cloned().unwrap_or(Value::None);
                let items: Vec<Value> = dims.iter().map(|d| dim_value(*d)).collect();
                let picked = vm.get_item(&Value::list(items), &key)?;
                match picked {
                    Value::List(list) => {
                        let values = list.borrow().clone();
                        let dims = values
                            .iter()
                            .map(|v| v.as_i64().map(|i| i as usize))
                            .collect();
                        new_shape(st, vm, TensorShape::new(dims))
                    }
                    other => Ok(other),
                }
            }),
        )
        .method("__iter__", |vm, args| {
            let shape = shape_of(vm, &args)?;
            let dims = known_dims(
                vm,
                &shape.0,
                "Cannot iterate over a shape with unknown rank.",
            )?;
            let items: Vec<Value> = dims.iter().map(|d| dim_value(*d)).collect();
            vm.get_iter(&Value::list(items))
        })
        .method("as_list", |vm, args| {
            let shape = shape_of(vm, &args)?;
            let dims = known_dims(
                vm,
                &shape.0,
                "as_list() is not defined on an unknown TensorShape.",
            )?;
            Ok(Value::list(dims.iter().map(|d| dim_value(*d)).collect()))
        })
        .method("is_fully_defined", |vm, args| {
            Ok(Value::Bool(shape_of(vm, &args)?.0.to_shape().is_some()))
        })
        .method("num_elements", |vm, args| {
            let shape = shape_of(vm, &args)?;
            Ok(shape
                .0
                .to_shape()
                .and_then(|s| s.num_elements())
                .map_or(Value::None, |n| Value::Int(n as i64)))
        })
        .property("rank", rank, None)
        .property_closure(
            "dims",
            crate::python_method("_tensorflow.tensor_shape", "dims_of"),
            None,
        )
        .property("ndims", rank, None)
        .build()
}

fn rank(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let shape = shape_of(vm, &args)?;
    Ok(shape
        .0
        .dims()
        .map_or(Value::None, |dims| Value::Int(dims.len() as i64)))
}

/// A new `TensorShape` object.
pub fn new_shape(st: &St, vm: &Vm<'_>, shape: TensorShape) -> PyResult {
    let classes = st.classes(vm)?;
    Ok(new_native_instance(
        &classes.tensor_shape,
        Rc::new(PyShape(shape)),
    ))
}

/// The data of a `tf.TensorSpec`.
pub struct PySpec {
    shape: TensorShape,
    dtype: tensor::DType,
    name: Option<String>,
}

/// The shape and dtype of a `tf.TensorSpec` object (`None` for anything else).
pub fn spec_parts(value: &Value) -> Option<(TensorShape, tensor::DType)> {
    value
        .downcast::<PySpec>()
        .map(|spec| (spec.shape.clone(), spec.dtype))
}

/// A new `tf.TensorSpec(shape, dtype)` object.
pub fn spec_value(st: &St, vm: &Vm<'_>, shape: TensorShape, dtype: tensor::DType) -> PyResult {
    named_spec_value(st, vm, shape, dtype, None)
}

/// [`spec_value`] with a name (a traced function's parameter name).
pub fn named_spec_value(
    st: &St,
    vm: &Vm<'_>,
    shape: TensorShape,
    dtype: tensor::DType,
    name: Option<String>,
) -> PyResult {
    let classes = st.classes(vm)?;
    Ok(lang::host::new_native_instance(
        &classes.tensor_spec,
        Rc::new(PySpec { shape, dtype, name }),
    ))
}

/// `self` and the other shape of a `TensorShape` method (a `TensorShape`, or anything
/// `TensorShape(...)` takes: a list, a tuple, `None`).
fn shape_pair(vm: &mut Vm<'_>, args: &Args<'_>) -> PyResult<(TensorShape, TensorShape)> {
    let shape = shape_of(vm, args)?.0.clone();
    let other = args.get(1).cloned().unwrap_or(Value::None);
    let other = match other.downcast::<PyShape>() {
        Some(other) => other.0.clone(),
        None => crate::convert::tensor_shape(vm, Some(&other))?,
    };
    Ok((shape, other))
}

/// The `rank` argument of `with_rank` / `assert_has_rank`.
fn rank_arg(vm: &mut Vm<'_>, args: &Args<'_>) -> PyResult<usize> {
    let value = args.get(1).cloned().unwrap_or(Value::None);
    match vm.as_index(&value)? {
        Some(rank) if rank >= 0 => Ok(rank as usize),
        _ => Err(vm.type_error("rank must be a non-negative integer")),
    }
}

fn spec_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<PySpec>> {
    this_as::<PySpec>(vm, args, "expected a TensorSpec")
}

fn spec_repr(spec: &PySpec) -> String {
    let name = match &spec.name {
        Some(name) => format!("'{name}'"),
        None => "None".to_string(),
    };
    format!(
        "TensorSpec(shape={}, dtype=tf.{}, name={name})",
        spec.shape,
        spec.dtype.name()
    )
}

/// Builds the `TensorSpec` class.
pub fn build_spec(st: &St) -> Rc<Class> {
    ClassBuilder::new("TensorSpec", "tensorflow.python.framework.tensor")
        .method("__init__", |vm, args| {
            let bound = bind!(
                vm,
                "TensorSpec",
                &args,
                2,
                [this = "self", shape, dtype, name]
            )?;
            let shape_value = bound.shape.clone();
            let shape = crate::convert::tensor_shape(vm, shape_value.as_ref())?;
            let dtype =
                crate::convert::opt_dtype(vm, &bound.dtype)?.unwrap_or(tensor::DType::Float32);
            let name = match bound.name.clone() {
                Some(Value::Str(name)) => Some(name.as_str().to_string()),
                Some(other) => {
                    let type_name = vm.type_name(&other);
                    return Err(
                        vm.type_error(format!("TensorSpec name must be a string; got {type_name}"))
                    );
                }
                None => None,
            };
            set_native_data(this(vm, &args)?, Rc::new(PySpec { shape, dtype, name }));
            Ok(Value::None)
        })
        .method("__repr__", |vm, args| {
            let spec = spec_of(vm, &args)?;
            Ok(Value::str(spec_repr(&spec)))
        })
        .method("__eq__", |vm, args| {
            let spec = spec_of(vm, &args)?;
            let Some(other) = args.get(1).and_then(|v| v.downcast::<PySpec>()) else {
                return Ok(Value::Bool(false));
            };
            Ok(Value::Bool(
                spec.shape == other.shape && spec.dtype == other.dtype && spec.name == other.name,
            ))
        })
        .method_closure(
            "is_compatible_with",
            bound(st, |st, vm, args| {
                // Another spec, or a tensor by its dtype and static shape; anything else
                // (a list, an array) is not compatible.
                let spec = spec_of(vm, &args)?;
                let other = args.get(1).cloned().unwrap_or(Value::None);
                let (shape, dtype) = if let Some(other) = other.downcast::<PySpec>() {
                    (other.shape.clone(), other.dtype)
                } else if let Some(tensor) = other.downcast::<crate::tensor_class::PyTensor>() {
                    let handle = tensor.handle.clone();
                    st.tf(vm, |ctx| {
                        Ok((ctx.handle_shape(&handle)?, ctx.handle_dtype(&handle)?))
                    })?
                } else {
                    return Ok(Value::Bool(false));
                };
                Ok(Value::Bool(
                    dtype == spec.dtype && spec.shape.is_compatible_with(&shape),
                ))
            }),
        )
        .property_closure(
            "shape",
            bound(st, |st, vm, args| {
                let spec = spec_of(vm, &args)?;
                let classes = st.classes(vm)?;
                Ok(new_native_instance(
                    &classes.tensor_shape,
                    Rc::new(PyShape(spec.shape.clone())),
                ))
            }),
            None,
        )
        .property_closure(
            "dtype",
            bound(st, |st, vm, args| {
                let spec = spec_of(vm, &args)?;
                crate::dtypes::dtype_object(st, vm, spec.dtype)
            }),
            None,
        )
        .property(
            "name",
            |vm, args| {
                Ok(spec_of(vm, &args)?
                    .name
                    .clone()
                    .map_or(Value::None, Value::str))
            },
            None,
        )
        .build()
}

/// A new `tf.TensorSpec` object (unnamed), as `element_spec` returns them.
pub fn new_spec(st: &St, vm: &Vm<'_>, shape: TensorShape, dtype: tensor::DType) -> PyResult {
    let classes = st.classes(vm)?;
    Ok(new_native_instance(
        &classes.tensor_spec,
        Rc::new(PySpec {
            shape,
            dtype,
            name: None,
        }),
    ))
}
