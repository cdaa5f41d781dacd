//! `_keras_native`: what the Keras written in Python (`crates/pylib/python/keras`) needs
//! from the engine and cannot write in Python: Keras variables (TensorFlow resource
//! variables, mirrored in a strategy's scope, printed with Keras's `path`).

use lang::host::{native_function_closure, new_module};
use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;
use runtime::distribute::{ReplicaReduction, StrategyId};
use runtime::{EagerTensor, Handle};

use crate::distribute::strategy::PyStrategy;
use crate::St;

/// The module's name: private, imported by the Python Keras.
pub const MODULE: &str = "_keras_native";

/// `_keras_native`: `variable(value, path, trainable)`; `begin_compiled_step(name)` and
/// `end_compiled_step()`, which report the ops between them as one call of the compiled
/// function `name` (a `fit` step); `enter_replica`, `exit_replica` and `all_reduce_sum`
/// for a step run replica by replica; `set_random_seed(seed)` for the random states the
/// engine keeps (Keras's Python-`random` draws and TensorFlow's).
pub fn build(st: &St) -> PyResult<Vec<(String, Value)>> {
    let module = new_module(MODULE);
    let state = st.clone();
    module.set(
        "variable",
        native_function_closure("variable", move |vm, args| {
            variable(
                &state,
                vm,
                args.get(0),
                args.get(1),
                args.get(2),
                args.get(3),
            )
        }),
    );
    module.set(
        "enter_replica",
        crate::function(st, "enter_replica", enter_replica),
    );
    module.set(
        "exit_replica",
        crate::function(st, "exit_replica", |st, vm, _args| {
            st.tf(vm, |ctx| ctx.exit_replica())?;
            Ok(Value::None)
        }),
    );
    module.set(
        "all_reduce_sum",
        crate::function(st, "all_reduce_sum", all_reduce_sum),
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
            // `begin_compiled_step(name, xla=False)`: whether XLA compiles the step.
            let xla = match args.get(1) {
                Some(flag) => vm.truthy(flag)?,
                None => false,
            };
            state.tf(vm, |ctx| ctx.begin_compiled_step(&name, xla))?;
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
    let state = st.clone();
    module.set(
        "set_autocast",
        native_function_closure("set_autocast", move |vm, args| {
            // Enters (a dtype) or leaves (None) Keras's autocast scope; returns the previous.
            let dtype = match args.get(0) {
                None | Some(Value::None) => None,
                Some(value) => Some(crate::convert::to_dtype(vm, value)?),
            };
            let previous = state.keras_autocast.replace(dtype);
            Ok(previous.map_or(Value::None, |dtype| Value::str(dtype.name())))
        }),
    );
    module.set(
        "is_computed",
        native_function_closure("is_computed", |_vm, args| {
            // Values on demand: a tensor beyond the work budget has no numbers.
            let uncomputed = args
                .get(0)
                .and_then(|value| value.downcast::<crate::tensor_class::PyTensor>())
                .is_some_and(|tensor| match &tensor.handle {
                    Handle::Eager(eager) => eager.value.uncomputed().is_some(),
                    Handle::Symbolic(_) => false,
                });
            Ok(Value::Bool(!uncomputed))
        }),
    );
    let state = st.clone();
    module.set(
        "make_default_seed",
        native_function_closure("make_default_seed", move |vm, _args| {
            let seed = super::classes(&state, vm)?.default_seed();
            Ok(Value::Int(seed as i64))
        }),
    );
    module.set(
        "set_random_seed",
        crate::function(st, "set_random_seed", super::python_random::set_random_seed),
    );
    Ok(vec![(MODULE.to_string(), Value::Module(module))])
}

/// A Keras variable holding `value` (a tensor), at `path` (its last part is its name);
/// mirrored over the replicas of the strategy whose scope it is created in, unless
/// `mirrored` is false (a metric's variables: every replica adds into them, as into
/// TensorFlow's sync-on-read sums).
fn variable(
    st: &St,
    vm: &mut Vm<'_>,
    value: Option<&Value>,
    path: Option<&Value>,
    trainable: Option<&Value>,
    mirrored: Option<&Value>,
) -> PyResult {
    let value = value.ok_or_else(|| vm.type_error("variable() needs a value"))?;
    // An initial value over the budget (values on demand) makes a variable that holds it
    // uncomputed.
    let uncomputed = value
        .downcast::<crate::tensor_class::PyTensor>()
        .and_then(|tensor| match &tensor.handle {
            runtime::Handle::Eager(eager) if eager.value.uncomputed().is_some() => {
                match eager.value.value_type() {
                    runtime::op::ValueType::Dense(dtype) => Some((eager.clone(), dtype)),
                    _ => None,
                }
            }
            _ => None,
        });
    let initial = match uncomputed {
        Some((eager, dtype)) => (
            runtime::Operand::Handle(runtime::Handle::Eager(eager)),
            dtype,
        ),
        None => {
            let tensor = crate::convert::eager_value(st, vm, value)?.ok_or_else(|| {
                vm.type_error("a Keras variable's initial value must be an eager tensor")
            })?;
            let dtype = tensor.dtype();
            (runtime::Operand::Literal(tensor), dtype)
        }
    };
    let path = path
        .and_then(Value::as_str)
        .ok_or_else(|| vm.type_error("variable() needs a path"))?
        .to_string();
    let trainable = match trainable {
        Some(flag) => vm.truthy(flag)?,
        None => true,
    };
    let mirrored = match mirrored {
        Some(flag) => vm.truthy(flag)?,
        None => true,
    };
    super::variables::create_at(st, vm, &path, initial, trainable, mirrored)
}

/// The strategy a `tf.distribute.Strategy` object stands for.
fn strategy_id(vm: &Vm<'_>, value: Option<&Value>) -> PyResult<StrategyId> {
    value
        .and_then(|value| value.downcast::<PyStrategy>())
        .map(|strategy| strategy.id)
        .ok_or_else(|| vm.type_error("expected a tf.distribute.Strategy"))
}

/// `enter_replica(strategy, replica)`: what runs until `exit_replica()` runs as that
/// replica (its device, its copies of mirrored variables), as inside `strategy.run`.
fn enter_replica(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let strategy = strategy_id(vm, args.get(0))?;
    let replica = args
        .get(1)
        .and_then(Value::as_i64)
        .and_then(|r| usize::try_from(r).ok())
        .ok_or_else(|| vm.type_error("enter_replica() needs a replica number"))?;
    let replicas = st.tf(vm, |ctx| Ok(ctx.strategy(strategy)?.num_replicas()))?;
    if replica >= replicas {
        return Err(vm.value_error(format!(
            "replica {replica} of a strategy with {replicas} replicas"
        )));
    }
    st.tf(vm, |ctx| ctx.enter_replica(strategy, replica, false))?;
    Ok(Value::None)
}

/// `all_reduce_sum(strategy, values)`: one SUM all-reduce of the replicas' values
/// (`values[replica]`, eager, one per replica), as the collective between the replicas'
/// devices; returns every replica's copy of the sum, on its device, in replica order. The
/// Keras optimizer's update of a step run replica by replica (`merge_call`) uses it.
fn all_reduce_sum(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let strategy = strategy_id(vm, args.get(0))?;
    let values = vm.iterate(args.get(1).unwrap_or(&Value::None))?;
    let replicas = st.tf(vm, |ctx| Ok(ctx.strategy(strategy)?.num_replicas()))?;
    if values.len() != replicas {
        return Err(vm.value_error(format!(
            "{} replicas' values for a strategy with {replicas} replicas",
            values.len()
        )));
    }
    let mut tensors: Vec<EagerTensor> = Vec::with_capacity(values.len());
    for (replica, value) in values.iter().enumerate() {
        match super::handle_of(st, vm, value)? {
            Handle::Eager(eager) => tensors.push(eager),
            Handle::Symbolic(_) => {
                return Err(vm.type_error(format!("replica {replica}'s value is symbolic")))
            }
        }
    }
    let reduced = st.tf(vm, |ctx| {
        ctx.all_reduce_replicas(strategy, ReplicaReduction::Sum, &tensors)
    })?;
    let mut out = Vec::with_capacity(reduced.len());
    for tensor in reduced {
        out.push(crate::tensor_class::wrap(st, vm, Handle::Eager(tensor))?);
    }
    Ok(Value::list(out))
}
