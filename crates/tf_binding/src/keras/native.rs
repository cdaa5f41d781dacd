//! `_keras_native`: what the Keras written in Python (`crates/pylib/python/keras`) needs
//! from the engine and cannot write in Python: Keras variables (TensorFlow resource
//! variables, mirrored in a strategy's scope, printed with Keras's `path`).

use lang::host::{native_function_closure, new_module};
use lang::value::{PyResult, Value};
use lang::vm::Vm;

use crate::St;

/// The module's name: private, imported by the Python Keras.
pub const MODULE: &str = "_keras_native";

/// `_keras_native`: `variable(value, path, trainable)`; `begin_compiled_step(name)` and
/// `end_compiled_step()`, which report the ops between them as one call of the compiled
/// function `name` (a `fit` step); and `set_random_seed(seed)` for the random states the
/// engine keeps (Keras's Python-`random` draws and TensorFlow's).
pub fn build(st: &St) -> Vec<(String, Value)> {
    let module = new_module(MODULE);
    let state = st.clone();
    module.set(
        "variable",
        native_function_closure("variable", move |vm, args| {
            variable(&state, vm, args.get(0), args.get(1), args.get(2))
        }),
    );
    let state = st.clone();
    module.set(
        "begin_compiled_step",
        native_function_closure("begin_compiled_step", move |vm, args| {
            let name = args
                .get(0)
                .and_then(Value::as_str)
                .ok_or_else(|| vm.type_error("begin_compiled_step() needs a function name"))?
                .to_string();
            state.tf(vm, |ctx| ctx.begin_compiled_step(&name))?;
            Ok(Value::None)
        }),
    );
    let state = st.clone();
    module.set(
        "end_compiled_step",
        native_function_closure("end_compiled_step", move |vm, _args| {
            state.tf(vm, |ctx| {
                ctx.end_compiled_step();
                Ok(())
            })?;
            Ok(Value::None)
        }),
    );
    module.set(
        "set_random_seed",
        crate::function(st, "set_random_seed", super::python_random::set_random_seed),
    );
    vec![(MODULE.to_string(), Value::Module(module))]
}

/// A Keras variable holding `value` (a tensor), at `path` (its last part is its name).
fn variable(
    st: &St,
    vm: &mut Vm<'_>,
    value: Option<&Value>,
    path: Option<&Value>,
    trainable: Option<&Value>,
) -> PyResult {
    let value = value.ok_or_else(|| vm.type_error("variable() needs a value"))?;
    let initial = crate::convert::eager_value(st, vm, value)?
        .ok_or_else(|| vm.type_error("a Keras variable's initial value must be computed"))?;
    let path = path
        .and_then(Value::as_str)
        .ok_or_else(|| vm.type_error("variable() needs a path"))?
        .to_string();
    let trainable = match trainable {
        Some(flag) => vm.truthy(flag)?,
        None => true,
    };
    super::variables::create_at(st, vm, &path, initial, trainable)
}
