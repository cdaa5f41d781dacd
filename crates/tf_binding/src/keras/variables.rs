//! Keras variables: TensorFlow resource variables (so ops, tapes and `assign` work on
//! them) that print as Keras 3 prints its backend variables,
//! `<Variable path=sequential/dense/kernel, shape=(4, 3), dtype=float32, value=[...]>`,
//! and answer `path` and Keras's short `name`. Made in the scope of a `MirroredStrategy` or
//! `TPUStrategy`, a Keras variable is mirrored, one copy per replica, and stands for all
//! of them (`Context::alias_mirrored_variable`).

use std::rc::Rc;

use lang::host::{new_native_instance, ClassBuilder};
use lang::value::{Class, PyResult, Value};
use lang::vm::Vm;

use crate::keras::classes;
use crate::variable_class::PyVariable;
use crate::{bound, this, St};
use runtime::distribute::Aggregation;
use runtime::variables::VariableId;
use runtime::Operand;
use tensor::format::numpy_str;
use tensor::DType;

/// Builds the Keras `Variable` class, a subclass of `ResourceVariable` (`base`).
pub fn build(st: &St, base: &Rc<Class>) -> Rc<Class> {
    ClassBuilder::new("Variable", "keras.src.backend.tensorflow.core")
        .base(base)
        .method_closure(
            "__repr__",
            bound(st, |st, vm, args| {
                let id = id_of(vm, this(vm, &args)?)?;
                let path = path(st, vm, id)?;
                let me = this(vm, &args)?.clone();
                let value = crate::convert::eager_value(st, vm, &me)?
                    .ok_or_else(|| vm.type_error("a Keras variable without a value"))?;
                // A scalar shows as the Python number it converts to (a float32's double
                // value: `0.009999999776482582`), as Keras prints it.
                let shown = if value.rank() == 0 {
                    tensor::format::python_item_repr(&value, 0)
                } else {
                    numpy_str(&value)
                };
                Ok(Value::str(format!(
                    "<Variable path={path}, shape={}, dtype={}, value={shown}>",
                    tensor::TensorShape::from(value.shape()),
                    value.dtype().name(),
                )))
            }),
        )
        .property_closure(
            "dtype",
            bound(st, |st, vm, args| {
                // Keras 3 gives a variable's dtype as a string, the autocast dtype inside a
                // mixed-precision layer's call (as its value reads there).
                let id = id_of(vm, this(vm, &args)?)?;
                let dtype = st.tf(vm, |ctx| Ok(ctx.variable(id)?.dtype))?;
                let shown = match st.keras_autocast.get() {
                    Some(target) if dtype.is_floating() => target,
                    _ => dtype,
                };
                Ok(Value::str(shown.name()))
            }),
            None,
        )
        .property_closure(
            "path",
            bound(st, |st, vm, args| {
                let id = id_of(vm, this(vm, &args)?)?;
                Ok(Value::str(path(st, vm, id)?))
            }),
            None,
        )
        .property_closure(
            "name",
            bound(st, |st, vm, args| {
                let id = id_of(vm, this(vm, &args)?)?;
                let path = path(st, vm, id)?;
                Ok(Value::str(
                    path.rsplit('/').next().unwrap_or("").to_string(),
                ))
            }),
            None,
        )
        .build()
}

fn id_of(vm: &Vm<'_>, value: &Value) -> PyResult<VariableId> {
    value
        .downcast::<PyVariable>()
        .map(|v| v.id)
        .ok_or_else(|| vm.type_error("expected a Keras variable"))
}

fn path(st: &St, vm: &Vm<'_>, id: VariableId) -> PyResult<String> {
    Ok(classes(st, vm)?.path_of(id.0).unwrap_or_default())
}

/// A new Keras variable at `path` (its name is the last part), holding `initial`.
pub fn create_at(
    st: &St,
    vm: &mut Vm<'_>,
    path: &str,
    (initial, dtype): (Operand, DType),
    trainable: bool,
    mirrored: bool,
) -> PyResult {
    let keras = classes(st, vm)?;
    let name = path.rsplit('/').next().unwrap_or(path);
    let path = path.to_string();
    let id = st.tf(vm, |ctx| {
        // In a mirroring strategy's scope the variable is mirrored, one copy per replica;
        // the Keras variable stands for all of them (replica 0's copy is its handle).
        let mirroring = match ctx.current_strategy().filter(|_| mirrored) {
            Some(strategy) => {
                let kind = ctx.strategy(strategy)?.kind;
                kind.mirrors_variables().then_some(strategy)
            }
            None => None,
        };
        match mirroring {
            Some(strategy) => {
                let mirrored = ctx.create_distributed_variable(
                    strategy,
                    initial,
                    Some(name),
                    trainable,
                    Some(dtype),
                    Aggregation::None,
                )?;
                ctx.alias_mirrored_variable(mirrored)
            }
            None => ctx.create_variable(initial, Some(name), trainable, Some(dtype)),
        }
    })?;
    keras.set_path(id.0, path);
    let object = new_native_instance(&keras.variable, Rc::new(PyVariable { id }));
    st.variable_objects
        .borrow_mut()
        .insert(id.0, object.clone());
    Ok(object)
}

/// The variable id of a Keras (or TensorFlow) variable object.
pub fn variable_id(vm: &Vm<'_>, value: &Value) -> PyResult<VariableId> {
    id_of(vm, value)
}

/// The number of elements of a variable.
pub fn size(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult<usize> {
    let id = id_of(vm, value)?;
    let shape = st.tf(vm, |ctx| Ok(ctx.variable(id)?.shape.clone()))?;
    Ok(shape.to_shape().and_then(|s| s.num_elements()).unwrap_or(0))
}

/// The dtype of a variable.
pub fn dtype(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult<DType> {
    let id = id_of(vm, value)?;
    st.tf(vm, |ctx| Ok(ctx.variable(id)?.dtype))
}

/// A Keras variable read inside Keras's autocast scope (a mixed-precision layer's call): its
/// value cast to the scope's dtype, as `KerasVariable.value` gives it; `None` for any other
/// variable, or a variable that is not floating or already of that dtype.
pub fn autocast_read(
    st: &St,
    vm: &mut Vm<'_>,
    value: &Value,
    id: VariableId,
) -> PyResult<Option<runtime::Handle>> {
    let Some(target) = st.keras_autocast.get() else {
        return Ok(None);
    };
    let keras = classes(st, vm)?;
    let class = vm.class_of(value);
    let is_keras = class.mro_iter().any(|c| std::ptr::eq(c, &*keras.variable));
    if !is_keras {
        return Ok(None);
    }
    st.tf(vm, |ctx| {
        let dtype = ctx.variable(id)?.dtype;
        if !dtype.is_floating() || dtype == target {
            return Ok(None);
        }
        let read = ctx.read_variable(id)?;
        ctx.cast(Operand::Handle(read), target, None).map(Some)
    })
}
