//! `tf.GradientTape`: the context manager over [`runtime::tape`]. Sources and
//! targets may be tensors or variables, alone or in (nested) lists, tuples and dicts; the
//! gradients come back in the same structure.

use std::cell::Cell;
use std::rc::Rc;

use lang::host::{new_native_instance, set_native_data, ClassBuilder};
use lang::value::{Args, Class, PyResult, Value};
use lang::vm::Vm;

use crate::tensor_class::{wrap, PyTensor};
use crate::variable_class::PyVariable;
use crate::{bound, this, this_as, St};
use runtime::graph::GraphTensor;
use runtime::tape::{GraphSource, TapeId, WalkStep};
use runtime::{EagerTensor, Handle, Operand, TfError};
use tensor::ops;

/// Deepest nesting of sources a program may pass.
const NESTING_MAX: usize = 32;

/// The data of a `GradientTape` object.
pub struct PyTape {
    /// Set for `persistent=True`, and while `jacobian` takes one gradient per element.
    persistent: Cell<bool>,
    watch_accessed_variables: bool,
    id: Cell<Option<TapeId>>,
}

fn tape_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<PyTape>> {
    this_as::<PyTape>(vm, args, "expected a tf.GradientTape")
}

/// The tape's id, starting the tape if it was never entered.
fn tape_id(st: &St, vm: &mut Vm<'_>, tape: &PyTape) -> PyResult<TapeId> {
    if let Some(id) = tape.id.get() {
        return Ok(id);
    }
    let (persistent, watch) = (tape.persistent.get(), tape.watch_accessed_variables);
    let id = st.tf(vm, |ctx| Ok(ctx.tape_begin(persistent, watch)))?;
    tape.id.set(Some(id));
    Ok(id)
}

/// The eager tensor a source or target stands for: a tensor, or a variable's handle.
fn eager_of(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult<Option<EagerTensor>> {
    if let Some(tensor) = value.downcast::<PyTensor>() {
        return Ok(match &tensor.handle {
            Handle::Eager(eager) => Some(eager.clone()),
            Handle::Symbolic(_) => None,
        });
    }
    if let Some(variable) = value.downcast::<PyVariable>() {
        let id = variable.id;
        return st.tf(vm, |ctx| {
            // Inside a replica, a mirrored Keras weight is that replica's copy.
            let id = ctx.replica_local_variable(id);
            Ok(match &ctx.variable(id)?.handle {
                Handle::Eager(handle) => Some(handle.clone()),
                Handle::Symbolic(_) => None,
            })
        });
    }
    Ok(None)
}

/// The leaves of a (nested) list, tuple or dict.
fn leaves(vm: &mut Vm<'_>, value: &Value, out: &mut Vec<Value>, depth: usize) -> PyResult<()> {
    if depth > NESTING_MAX {
        return Err(vm.value_error("The sources are nested too deeply."));
    }
    match value {
        Value::List(_) | Value::Tuple(_) => {
            for item in vm.iterate(value)? {
                leaves(vm, &item, out, depth + 1)?;
            }
        }
        Value::Dict(dict) => {
            let items: Vec<Value> = dict.borrow().iter().map(|e| e.value.clone()).collect();
            for item in &items {
                leaves(vm, item, out, depth + 1)?;
            }
        }
        other => out.push(other.clone()),
    }
    Ok(())
}

/// `value` with its leaves replaced, in order, by `replacements`.
fn rebuild(
    vm: &mut Vm<'_>,
    value: &Value,
    replacements: &mut impl Iterator<Item = Value>,
) -> PyResult {
    Ok(match value {
        Value::List(_) | Value::Tuple(_) => {
            let items = vm.iterate(value)?;
            let mut out = Vec::with_capacity(items.len());
            for item in &items {
                out.push(rebuild(vm, item, replacements)?);
            }
            if matches!(value, Value::List(_)) {
                Value::list(out)
            } else {
                Value::tuple(out)
            }
        }
        Value::Dict(dict) => {
            let entries: Vec<(Value, Value)> = dict
                .borrow()
                .iter()
                .map(|e| (e.key.clone(), e.value.clone()))
                .collect();
            let out = Rc::new(std::cell::RefCell::new(lang::value::Dict::new()));
            for (key, item) in entries {
                let rebuilt = rebuild(vm, &item, replacements)?;
                vm.dict_setitem(&out, key, rebuilt)?;
            }
            Value::Dict(out)
        }
        _ => replacements.next().unwrap_or(Value::None),
    })
}

fn init(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "GradientTape",
        &args,
        1,
        [this = "self", persistent, watch_accessed_variables]
    )?;
    let persistent = crate::flag(vm, &bound.persistent, false)?;
    let watch = crate::flag(vm, &bound.watch_accessed_variables, true)?;
    set_native_data(
        this(vm, &args)?,
        Rc::new(PyTape {
            persistent: Cell::new(persistent),
            watch_accessed_variables: watch,
            id: Cell::new(None),
        }),
    );
    Ok(Value::None)
}

fn enter(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let tape = tape_of(vm, &args)?;
    match tape.id.get() {
        Some(id) => st.tf(vm, |ctx| {
            ctx.tape_resume(id);
            Ok(())
        })?,
        None => {
            tape_id(st, vm, &tape)?;
        }
    }
    Ok(this(vm, &args)?.clone())
}

fn exit(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let tape = tape_of(vm, &args)?;
    if let Some(id) = tape.id.get() {
        st.tf(vm, |ctx| {
            ctx.tape_stop(id);
            Ok(())
        })?;
    }
    Ok(Value::Bool(false))
}

fn watch(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "watch", &args, 2, [this = "self", tensor])?;
    let tape = tape_of(vm, &args)?;
    let id = tape_id(st, vm, &tape)?;
    let mut items = Vec::new();
    leaves(
        vm,
        bound.tensor.as_ref().unwrap_or(&Value::None),
        &mut items,
        0,
    )?;
    for item in &items {
        if let Some(tensor) = item.downcast::<PyTensor>() {
            if let Handle::Symbolic(graph_tensor) = tensor.handle {
                st.tf(vm, |ctx| {
                    ctx.tape_watch_graph(id, graph_tensor);
                    Ok(())
                })?;
                continue;
            }
        }
        match eager_of(st, vm, item)? {
            Some(tensor) => st.tf(vm, |ctx| {
                ctx.tape_watch(id, &tensor);
                Ok(())
            })?,
            None => {
                let text = vm.repr(item)?;
                return Err(vm.value_error(format!(
                    "Passed in object {text} of type '{}', not tf.Tensor or tf.Variable or ExtensionType.",
                    vm.type_name(item)
                )));
            }
        }
    }
    Ok(Value::None)
}

fn gradient(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "gradient",
        &args,
        3,
        [
            this = "self",
            target,
            sources,
            output_gradients,
            unconnected_gradients
        ]
    )?;
    let tape = tape_of(vm, &args)?;
    let Some(id) = tape.id.get() else {
        return Err(vm.runtime_error(
            "GradientTape.gradient can only be called once on non-persistent tapes.",
        ));
    };
    let mut target_values = Vec::new();
    leaves(
        vm,
        bound.target.as_ref().unwrap_or(&Value::None),
        &mut target_values,
        0,
    )?;
    let graph_targets: Vec<GraphTensor> = target_values
        .iter()
        .filter_map(|value| match value.downcast::<PyTensor>()?.handle {
            Handle::Symbolic(tensor) => Some(tensor),
            Handle::Eager(_) => None,
        })
        .collect();
    if !graph_targets.is_empty() {
        return graph_gradient(st, vm, &tape, id, &graph_targets, bound.sources.clone());
    }
    let targets = seeded_targets(st, vm, &target_values, bound.output_gradients.as_ref())?;
    let sources_value = bound.sources.clone().unwrap_or(Value::None);
    let mut source_values = Vec::new();
    leaves(vm, &sources_value, &mut source_values, 0)?;
    let mut keys = Vec::with_capacity(source_values.len());
    let mut source_tensors = Vec::with_capacity(source_values.len());
    for value in &source_values {
        let tensor = eager_of(st, vm, value)?;
        keys.push(
            tensor
                .as_ref()
                .map_or_else(String::new, |t| t.tensor_name.clone()),
        );
        source_tensors.push(tensor);
    }
    let zero_unconnected = match &bound.unconnected_gradients {
        Some(value) => {
            let text = match value.as_str() {
                Some(text) => text.to_string(),
                None => vm.repr(value)?,
            };
            cpython_text::str_lower(&text).contains("zero")
        }
        None => false,
    };
    // Under another recording tape the gradient is made of ops it sees (higher-order
    // gradients).
    if let Some(grads) = st.tf(vm, |ctx| ctx.tape_gradient_replayed(id, &targets, &keys))? {
        let mut results = Vec::with_capacity(grads.len());
        for grad in grads {
            results.push(match grad {
                Some(tensor) => wrap(st, vm, Handle::Eager(tensor))?,
                None => Value::None,
            });
        }
        return finish(
            st,
            vm,
            &tape,
            id,
            &sources_value,
            source_values.len(),
            results,
        );
    }
    let grads = walk_gradient(st, vm, id, &targets, &keys)?;
    let mut results = Vec::with_capacity(grads.len());
    for (grad, source) in grads.into_iter().zip(&source_tensors) {
        let grad = match (grad, source) {
            (Some(runtime::tape::Gradient::Slices(slices)), _) => {
                results.push(indexed_slices(st, vm, slices)?);
                continue;
            }
            (Some(runtime::tape::Gradient::Dense(grad)), _) => Some(grad),
            (None, Some(source)) if zero_unconnected => {
                let value = source_value(st, vm, source)?;
                let dims: Vec<i64> = value.dims().iter().map(|d| *d as i64).collect();
                Some(runtime::op::Value::Dense(
                    ops::zeros(&dims, value.dtype())
                        .map_err(|e| crate::convert::op_error(vm, e))?,
                ))
            }
            (None, _) => None,
        };
        results.push(match grad {
            Some(runtime::op::Value::Dense(grad)) => {
                let handle = st.tf(vm, |ctx| ctx.constant(grad, None))?;
                wrap(st, vm, handle)?
            }
            // A gradient beyond the budget (values on demand): its dtype and shape only.
            Some(grad) => {
                let tensor = st.tf(vm, |ctx| ctx.eager_value(grad))?;
                wrap(st, vm, Handle::Eager(tensor))?
            }
            None => Value::None,
        });
    }
    finish(
        st,
        vm,
        &tape,
        id,
        &sources_value,
        source_values.len(),
        results,
    )
}

/// A `tf.IndexedSlices` (written in Python) of a gather's gradient.
fn indexed_slices(st: &St, vm: &mut Vm<'_>, slices: runtime::tape::Slices) -> PyResult {
    let dims: Vec<i32> = slices
        .dense_shape
        .iter()
        .map(|d| i32::try_from(*d).unwrap_or(i32::MAX))
        .collect();
    let dense_shape = tensor::Tensor::from_vec(tensor::Shape::new(vec![dims.len()]), dims)
        .map_err(|e| crate::convert::op_error(vm, e))?;
    let mut parts = Vec::with_capacity(3);
    for tensor in [slices.values, slices.indices, dense_shape] {
        let handle = st.tf(vm, |ctx| ctx.constant(tensor, None))?;
        parts.push(wrap(st, vm, handle)?);
    }
    let module = vm.import_module("_tensorflow.indexed_slices")?;
    let class = vm.get_attr_str(&module, "IndexedSlices")?;
    vm.call(&class, &parts, &[])
}

/// A gradient built in a graph as Python sees it: a tensor, a `tf.IndexedSlices` of graph
/// tensors (a gather's), or `None`.
fn symbolic_gradient(
    st: &St,
    vm: &mut Vm<'_>,
    grad: Option<runtime::tape::SymbolicGradient>,
) -> PyResult {
    match grad {
        None => Ok(Value::None),
        Some(runtime::tape::SymbolicGradient::Dense(grad)) => wrap(st, vm, Handle::Symbolic(grad)),
        Some(runtime::tape::SymbolicGradient::Slices(slices)) => {
            let mut parts = Vec::with_capacity(3);
            for tensor in [slices.values, slices.indices, slices.dense_shape] {
                parts.push(wrap(st, vm, Handle::Symbolic(tensor))?);
            }
            let module = vm.import_module("_tensorflow.indexed_slices")?;
            let class = vm.get_attr_str(&module, "IndexedSlices")?;
            vm.call(&class, &parts, &[])
        }
    }
}

/// The name of the private module with `record_custom` (used by `tf.custom_gradient`).
pub const MODULE: &str = "_tf_tape";

/// `tape.gradient`'s walk, calling each `tf.custom_gradient` function it reaches with its
/// outputs' gradients; the functions no tape holds any more are dropped after.
fn walk_gradient(
    st: &St,
    vm: &mut Vm<'_>,
    id: TapeId,
    targets: &[(String, runtime::op::Value)],
    keys: &[String],
) -> PyResult<Vec<Option<runtime::tape::Gradient>>> {
    let mut walk = st.tf(vm, |ctx| ctx.tape_gradient_begin(id, targets))?;
    loop {
        let step = st.tf(vm, |ctx| ctx.tape_gradient_step(&mut walk))?;
        let WalkStep::Custom {
            key,
            output_grads,
            forward,
        } = step
        else {
            break;
        };
        let function = custom_gradient_function(st, vm, key)?;
        let mut grads = Vec::with_capacity(output_grads.len());
        for grad in output_grads {
            let handle = st.tf(vm, |ctx| ctx.eager_value(grad))?;
            grads.push(wrap(st, vm, Handle::Eager(handle))?);
        }
        let entered = forward.is_some();
        if let Some(forward) = forward {
            st.tf(vm, |ctx| {
                ctx.enter_forward_values(forward);
                Ok(())
            })?;
        }
        let returned = vm.call(&function, &grads, &[]);
        if entered {
            st.tf(vm, |ctx| {
                ctx.exit_forward_values();
                Ok(())
            })?;
        }
        let returned = returned?;
        let mut input_grads = Vec::new();
        for value in vm.iterate(&returned)? {
            input_grads.push(match value {
                Value::None => None,
                value => Some(runtime::op::Value::Dense(crate::convert::to_tensor(
                    st, vm, &value, None,
                )?)),
            });
        }
        st.tf(vm, |ctx| ctx.tape_gradient_resume(&mut walk, input_grads))?;
    }
    let grads = st.tf(vm, |ctx| ctx.tape_gradient_finish(walk, keys))?;
    release_custom_gradients(st, vm)?;
    Ok(grads)
}

/// The `tf.custom_gradient` function `key` names: one an eager tape holds, or one a graph's
/// `IdentityN` op does.
fn custom_gradient_function(st: &St, vm: &mut Vm<'_>, key: u64) -> PyResult<Value> {
    let taped = st.custom_gradients.borrow().get(&key).cloned();
    taped
        .or_else(|| st.graph_custom_gradients.borrow().get(&key).cloned())
        .ok_or_else(|| vm.runtime_error("a custom gradient function was released"))
}

/// A symbolic gradient walk to its end, calling each `tf.custom_gradient` function it
/// reaches with its op's outputs' gradients (graph tensors); the function returns one
/// gradient per input of the op.
fn drive_symbolic(
    st: &St,
    vm: &mut Vm<'_>,
    mut walk: runtime::tape::SymbolicWalk,
) -> PyResult<Vec<Option<runtime::tape::SymbolicGradient>>> {
    let result = drive_symbolic_steps(st, vm, &mut walk);
    st.tf(vm, |ctx| {
        ctx.graph_gradient_abandon(walk);
        Ok(())
    })?;
    result
}

fn drive_symbolic_steps(
    st: &St,
    vm: &mut Vm<'_>,
    walk: &mut runtime::tape::SymbolicWalk,
) -> PyResult<Vec<Option<runtime::tape::SymbolicGradient>>> {
    loop {
        let step = st.tf(vm, |ctx| ctx.graph_gradient_step(walk))?;
        let (key, output_grads) = match step {
            runtime::tape::SymbolicStep::Done(grads) => return Ok(grads),
            runtime::tape::SymbolicStep::Custom { key, output_grads } => (key, output_grads),
        };
        let function = custom_gradient_function(st, vm, key)?;
        let mut grads = Vec::with_capacity(output_grads.len());
        for grad in output_grads {
            grads.push(match grad {
                Some(grad) => wrap(st, vm, Handle::Symbolic(grad))?,
                None => Value::None,
            });
        }
        let returned = vm.call(&function, &grads, &[])?;
        let mut input_grads = Vec::new();
        for value in vm.iterate(&returned)? {
            input_grads.push(match value {
                Value::None => None,
                value => {
                    let operand = crate::convert::to_operand(st, vm, &value)?;
                    let handle = match operand {
                        Operand::Handle(Handle::Symbolic(tensor)) => Handle::Symbolic(tensor),
                        other => st.tf(vm, |ctx| ctx.identity(other, None))?,
                    };
                    match handle {
                        Handle::Symbolic(tensor) => Some(tensor),
                        Handle::Eager(_) => {
                            return Err(vm.runtime_error(
                                "a custom gradient in a graph gave an eager tensor",
                            ))
                        }
                    }
                }
            });
        }
        st.tf(vm, |ctx| ctx.graph_gradient_resume(walk, input_grads))?;
    }
}

/// Drops the custom gradient functions no tape holds any more.
fn release_custom_gradients(st: &St, vm: &mut Vm<'_>) -> PyResult<()> {
    let live = st.tf(vm, |ctx| Ok(ctx.tape_custom_keys()))?;
    st.custom_gradients
        .borrow_mut()
        .retain(|key, _| live.contains(key));
    Ok(())
}

/// `record_custom(inputs, outputs, grad_fn)`: the outputs of a `tf.custom_gradient` call
/// take their gradients from `grad_fn`, which returns one gradient per input (the flat
/// arguments, then the variables the function read).
fn record_custom(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let [inputs, outputs, function] = args.positional else {
        return Err(vm.type_error("record_custom(inputs, outputs, grad_fn)"));
    };
    let named = |values: &Value, vm: &mut Vm<'_>| -> PyResult<Vec<(String, runtime::op::Value)>> {
        let mut out = Vec::new();
        for value in vm.iterate(values)? {
            let tensor = eager_of(st, vm, &value)?
                .ok_or_else(|| vm.type_error("tf.custom_gradient takes tensors and variables"))?;
            out.push((tensor.tensor_name.clone(), tensor.value.clone()));
        }
        Ok(out)
    };
    let inputs = named(inputs, vm)?;
    let outputs = named(outputs, vm)?;
    let key = st.next_custom_gradient.get();
    st.next_custom_gradient.set(key + 1);
    st.custom_gradients
        .borrow_mut()
        .insert(key, function.clone());
    st.tf(vm, |ctx| {
        ctx.tape_record_custom(key, inputs, outputs, None);
        Ok(())
    })?;
    release_custom_gradients(st, vm)?;
    Ok(Value::None)
}

/// `record_custom_graph(tensors, grad_fn)` in a graph: an `IdentityN` op over `tensors` (a
/// `tf.custom_gradient` call's results, then its arguments and the variables it read)
/// whose gradient `grad_fn` builds, given the gradient of each output and returning one
/// per input. Returns the op's outputs.
fn record_custom_graph(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let [tensors, function] = args.positional else {
        return Err(vm.type_error("record_custom_graph(tensors, grad_fn)"));
    };
    let count = vm.iterate(tensors)?.len();
    let key = st.next_custom_gradient.get();
    st.next_custom_gradient.set(key + 1);
    st.graph_custom_gradients
        .borrow_mut()
        .insert(key, function.clone());
    crate::array_ops::list_op(
        st,
        vm,
        runtime::op_defs::IdentityN::kind(count, Some(key)),
        "IdentityN",
        None,
        tensors,
    )
}

/// Builds the `_tf_tape` module.
pub fn build_module(st: &St) -> Vec<(String, Value)> {
    let module = lang::host::new_module(MODULE);
    let state = st.clone();
    module.set(
        "record_custom",
        lang::host::native_function_closure("record_custom", move |vm, args| {
            record_custom(&state, vm, args)
        }),
    );
    let state = st.clone();
    module.set(
        "record_custom_graph",
        lang::host::native_function_closure("record_custom_graph", move |vm, args| {
            record_custom_graph(&state, vm, args)
        }),
    );
    vec![(MODULE.to_string(), Value::Module(module))]
}

/// Each differentiable target's key (a variable's is its handle, as TensorFlow's tape
/// keys it) with its seed: the matching `output_gradients` entry, or ones.
fn seeded_targets(
    st: &St,
    vm: &mut Vm<'_>,
    targets: &[Value],
    output_gradients: Option<&Value>,
) -> PyResult<Vec<(String, runtime::op::Value)>> {
    let mut given = Vec::new();
    if let Some(value) = output_gradients.filter(|value| !matches!(value, Value::None)) {
        leaves(vm, value, &mut given, 0)?;
        if given.len() != targets.len() {
            return Err(vm.value_error(format!(
                "Length of output_gradients ({}) does not match length of target ({})",
                given.len(),
                targets.len()
            )));
        }
    }
    let mut seeded = Vec::with_capacity(targets.len());
    for (index, value) in targets.iter().enumerate() {
        let Some(tensor) = eager_of(st, vm, value)? else {
            continue;
        };
        let default = if let Some(variable) = value.downcast::<PyVariable>() {
            let id = variable.id;
            st.tf(vm, |ctx| {
                let variable = ctx.variable(ctx.replica_local_variable(id))?;
                match variable.shape.to_shape() {
                    Some(shape) => runtime::tape::ones_seed(variable.dtype, &shape),
                    None => Ok(None),
                }
            })?
        } else {
            st.tf(vm, |_| runtime::tape::gradient_seed(&tensor.value))?
        };
        let Some(default) = default else {
            continue;
        };
        let seed = match given.get(index) {
            Some(grad) => runtime::op::Value::Dense(crate::convert::to_tensor(st, vm, grad, None)?),
            None => default,
        };
        seeded.push((tensor.tensor_name.clone(), seed));
    }
    Ok(seeded)
}

/// Gradient sources in a graph: variables, graph tensors, and `None` for anything else.
fn graph_sources(values: &[Value]) -> Vec<GraphSource> {
    values
        .iter()
        .map(|value| {
            if let Some(variable) = value.downcast::<PyVariable>() {
                return GraphSource::Variable(variable.id);
            }
            match value
                .downcast::<PyTensor>()
                .map(|tensor| tensor.handle.clone())
            {
                Some(Handle::Symbolic(tensor)) => GraphSource::Tensor(tensor),
                _ => GraphSource::None,
            }
        })
        .collect()
}

/// `tape.gradient` while tracing a `tf.function`: the gradients are graph tensors.
fn graph_gradient(
    st: &St,
    vm: &mut Vm<'_>,
    tape: &PyTape,
    id: TapeId,
    targets: &[GraphTensor],
    sources: Option<Value>,
) -> PyResult {
    let sources_value = sources.unwrap_or(Value::None);
    let mut source_values = Vec::new();
    leaves(vm, &sources_value, &mut source_values, 0)?;
    let sources = graph_sources(&source_values);
    let walk = st.tf(vm, |ctx| {
        ctx.tape_graph_gradient_begin(id, targets, &sources)
    })?;
    let grads = drive_symbolic(st, vm, walk)?;
    let mut results = Vec::with_capacity(grads.len());
    for grad in grads {
        results.push(symbolic_gradient(st, vm, grad)?);
    }
    finish(
        st,
        vm,
        tape,
        id,
        &sources_value,
        source_values.len(),
        results,
    )
}

/// The end of every `tape.gradient`: a non-persistent tape is released, and the gradients
/// take the shape of `sources` (one value for a single source, else its nesting).
fn finish(
    st: &St,
    vm: &mut Vm<'_>,
    tape: &PyTape,
    id: TapeId,
    sources: &Value,
    source_count: usize,
    results: Vec<Value>,
) -> PyResult {
    if !tape.persistent.get() {
        st.tf(vm, |ctx| {
            ctx.tape_release(id);
            Ok(())
        })?;
    }
    if source_count == 1 && !matches!(sources, Value::List(_) | Value::Tuple(_) | Value::Dict(_)) {
        return Ok(results.into_iter().next().unwrap_or(Value::None));
    }
    rebuild(vm, sources, &mut results.into_iter())
}

/// The value a source holds (a variable's current value for a variable handle).
fn source_value(st: &St, vm: &mut Vm<'_>, source: &EagerTensor) -> PyResult<tensor::Tensor> {
    if let Some(tensor) = source.value.tensor() {
        return Ok(tensor.clone());
    }
    let name = source.tensor_name.clone();
    st.tf(vm, |ctx| {
        let id = ctx
            .variable_by_handle_name(&name)
            .ok_or_else(|| TfError::internal("a gradient source is not a variable"))?;
        match ctx.read_variable(id)? {
            Handle::Eager(eager) => Ok(eager.tensor()?.clone()),
            Handle::Symbolic(_) => Err(TfError::internal("a graph variable on a tape")),
        }
    })
}

/// `tf.UnconnectedGradients`: its members' values (`'none'`, `'zero'`), which
/// `gradient(unconnected_gradients=...)` accepts as well.
pub fn unconnected_gradients() -> Value {
    let class = ClassBuilder::new(
        "UnconnectedGradients",
        "tensorflow.python.ops.unconnected_gradients",
    )
    .attr("NONE", Value::str("none"))
    .attr("ZERO", Value::str("zero"))
    .build();
    Value::Class(class)
}

/// The context manager `tape.stop_recording()` returns: the tape records nothing inside
/// its block.
struct StopRecording {
    tape: Rc<PyTape>,
}

fn stop_recording_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<StopRecording>> {
    this(vm, args)?
        .downcast::<StopRecording>()
        .ok_or_else(|| vm.type_error("expected a stop_recording context"))
}

fn stop_recording_class(st: &St) -> Rc<Class> {
    ClassBuilder::new("_GeneratorContextManager", "contextlib")
        .method_closure(
            "__enter__",
            bound(st, |st, vm, args| {
                let context = stop_recording_of(vm, &args)?;
                let Some(id) = context.tape.id.get() else {
                    return Err(
                        vm.runtime_error("Trying to stop recording a tape which is not recording.")
                    );
                };
                st.tf(vm, |ctx| {
                    ctx.tape_stop(id);
                    Ok(())
                })?;
                Ok(Value::None)
            }),
        )
        .method_closure(
            "__exit__",
            bound(st, |st, vm, args| {
                if let Some(id) = stop_recording_of(vm, &args)?.tape.id.get() {
                    st.tf(vm, |ctx| {
                        ctx.tape_resume(id);
                        Ok(())
                    })?;
                }
                Ok(Value::Bool(false))
            }),
        )
        .build()
}

/// Where `GradientTape.jacobian` and `batch_jacobian` are written (in Python: one gradient
/// per element of the target).
const JACOBIANS: &str = "_tensorflow.jacobians";

/// `tape._set_persistent(flag)`: whether gradients keep the tape (the jacobians take one
/// per element); returns the previous setting.
fn set_persistent(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let tape = tape_of(vm, &args)?;
    let flag = vm.truthy(args.positional.get(1).unwrap_or(&Value::Bool(false)))?;
    let previous = tape.persistent.replace(flag);
    if let Some(id) = tape.id.get() {
        st.tf(vm, |ctx| {
            ctx.tape_set_persistent(id, flag);
            Ok(())
        })?;
    }
    Ok(Value::Bool(previous))
}

/// `tape._set_recording(flag)`: records or stops (TensorFlow's `_ensure_recording`, so
/// the jacobians' element reads are taped); returns whether it recorded.
fn set_recording(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let tape = tape_of(vm, &args)?;
    let flag = vm.truthy(args.positional.get(1).unwrap_or(&Value::Bool(false)))?;
    let Some(id) = tape.id.get() else {
        return Ok(Value::Bool(false));
    };
    let previous = st.tf(vm, |ctx| {
        let previous = ctx.tape_is_recording(id);
        if flag {
            ctx.tape_resume(id);
        } else {
            ctx.tape_stop(id);
        }
        Ok(previous)
    })?;
    Ok(Value::Bool(previous))
}

/// Builds the `GradientTape` class.
pub fn build(st: &St) -> Rc<Class> {
    let stop_recording = stop_recording_class(st);
    ClassBuilder::new("GradientTape", "tensorflow.python.eager.backprop")
        .method_closure("stop_recording", move |vm, args| {
            let tape = tape_of(vm, &args)?;
            Ok(new_native_instance(
                &stop_recording,
                Rc::new(StopRecording { tape }),
            ))
        })
        .method_closure(
            "watched_variables",
            bound(st, |st, vm, args| {
                let tape = tape_of(vm, &args)?;
                let Some(id) = tape.id.get() else {
                    return Ok(Value::tuple(Vec::new()));
                };
                let ids = st.tf(vm, |ctx| Ok(ctx.tape_watched_variables(id)))?;
                let mut variables = Vec::with_capacity(ids.len());
                for id in ids {
                    variables.push(crate::variable_class::wrap_variable(st, vm, id)?);
                }
                Ok(Value::tuple(variables))
            }),
        )
        .method("__init__", init)
        .method_closure("jacobian", crate::python_method(JACOBIANS, "jacobian"))
        .method_closure(
            "batch_jacobian",
            crate::python_method(JACOBIANS, "batch_jacobian"),
        )
        .method_closure("_set_persistent", bound(st, set_persistent))
        .method_closure("_set_recording", bound(st, set_recording))
        .method_closure("__enter__", bound(st, enter))
        .method_closure("__exit__", bound(st, exit))
        .method_closure("watch", bound(st, watch))
        .method_closure("gradient", bound(st, gradient))
        .method_closure(
            "reset",
            bound(st, |st, vm, args| {
                let tape = tape_of(vm, &args)?;
                if let Some(id) = tape.id.take() {
                    st.tf(vm, |ctx| {
                        ctx.tape_release(id);
                        Ok(())
                    })?;
                }
                tape_id(st, vm, &tape)?;
                Ok(Value::None)
            }),
        )
        .build()
}

/// `tf.gradients(ys, xs, grad_ys=None, name='gradients', ...)` (and
/// `tf.compat.v1.gradients`): in a graph, the symbolic gradients of the sum of `ys` with
/// respect to each of `xs` (a tensor or a variable), `None` where unconnected.
pub fn gradients(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "gradients",
        &args,
        2,
        [
            ys,
            xs,
            grad_ys,
            name,
            colocate_gradients_with_ops,
            gate_gradients,
            aggregation_method,
            stop_gradients,
            unconnected_gradients
        ]
    )?;
    if bound.grad_ys.as_ref().is_some_and(|value| !value.is_none()) {
        return Err(vm.not_implemented_error(
            "tf.gradients(grad_ys=...) is not emulated in this playground yet.",
        ));
    }
    if bound
        .stop_gradients
        .as_ref()
        .is_some_and(|value| !value.is_none())
    {
        return Err(vm.not_implemented_error(
            "tf.gradients(stop_gradients=...) is not emulated in this playground yet.",
        ));
    }
    let name = match &bound.name {
        Some(value) if !value.is_none() => value
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| vm.type_error("name must be a string"))?,
        _ => "gradients".to_string(),
    };
    let mut target_values = Vec::new();
    leaves(
        vm,
        &crate::array_ops::required(&bound.ys),
        &mut target_values,
        0,
    )?;
    let mut targets = Vec::with_capacity(target_values.len());
    for value in &target_values {
        let handle = value
            .downcast::<PyTensor>()
            .map(|tensor| tensor.handle.clone())
            .ok_or_else(|| vm.type_error("tf.gradients takes tensors as ys"))?;
        match handle {
            Handle::Symbolic(tensor) => targets.push(tensor),
            Handle::Eager(_) => {
                return Err(vm.runtime_error(
                    "tf.gradients is not supported when eager execution is enabled. Use \
                     tf.GradientTape instead.",
                ))
            }
        }
    }
    let mut source_values = Vec::new();
    leaves(
        vm,
        &crate::array_ops::required(&bound.xs),
        &mut source_values,
        0,
    )?;
    let sources = graph_sources(&source_values);
    let walk = st.tf(vm, |ctx| ctx.gradients_begin(&targets, &sources, &name))?;
    let grads = drive_symbolic(st, vm, walk)?;
    let mut results = Vec::with_capacity(grads.len());
    for grad in grads {
        results.push(symbolic_gradient(st, vm, grad)?);
    }
    Ok(Value::list(results))
}
