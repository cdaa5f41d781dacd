//! `tf.function`: the decorator and the `Function` object it returns. A call computes the
//! signature key of its arguments (tensors by dtype and shape, Python values by repr),
//! traces the Python function on a miss (twice when the first trace created variables,
//! as TensorFlow does, so a `tf.Variable` in the body raises the singleton `ValueError`),
//! then runs the concrete function as one eager op (`runtime/function.rs`).
//!
//! Errors raised while tracing are re-raised with TensorFlow's `in user code:` message
//! quoting the user's frames. Called while building a graph, the Python function simply
//! runs inline.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use lang::exceptions::Exception;
use lang::host::{new_native_instance, ClassBuilder};
use lang::value::{Args, Class, Name, PyResult, Value};
use lang::vm::Vm;

use crate::python::tensor_class::{wrap, PyTensor};
use crate::python::variable_class::PyVariable;
use crate::python::{bound, params, this, St};
use crate::runtime::function::{signature_key, ArgKey, ArgSpec, ConcreteFunctionId, FunctionCache};
use crate::runtime::{Handle, Operand};
use crate::tensor::TensorShape;

/// How a traced function's results are shaped.
#[derive(Clone, Debug)]
enum Structure {
    None,
    Single,
    /// A `PerReplica` (what `strategy.run` returns) of this many components.
    PerReplica(usize),
    List(Vec<Structure>),
    Tuple(Vec<Structure>),
}

/// The structure of one returned value and its handles: a `PerReplica`'s components, or
/// the value as one tensor.
fn leaf(
    vm: &mut Vm<'_>,
    value: &Value,
    handles: &mut Vec<Handle>,
    to_handle: &dyn Fn(&mut Vm<'_>, &Value) -> PyResult<Handle>,
) -> PyResult<Structure> {
    if let Some(per_replica) = value.downcast::<crate::python::distribute::values::PyPerReplica>() {
        for component in &per_replica.values {
            handles.push(to_handle(vm, component)?);
        }
        return Ok(Structure::PerReplica(per_replica.values.len()));
    }
    handles.push(to_handle(vm, value)?);
    Ok(Structure::Single)
}

/// Rebuilds a returned value of shape `structure` from the output values, in order.
fn rebuild(
    st: &St,
    vm: &mut Vm<'_>,
    structure: &Structure,
    values: &mut std::vec::IntoIter<Value>,
) -> PyResult {
    Ok(match structure {
        Structure::None => Value::None,
        Structure::Single => values.next().unwrap_or(Value::None),
        Structure::PerReplica(count) => {
            let components: Vec<Value> = values.by_ref().take(*count).collect();
            crate::python::distribute::values::per_replica(st, vm, components)?
        }
        Structure::List(items) | Structure::Tuple(items) => {
            let mut rebuilt = Vec::with_capacity(items.len());
            for item in items {
                rebuilt.push(rebuild(st, vm, item, values)?);
            }
            if matches!(structure, Structure::List(_)) {
                Value::list(rebuilt)
            } else {
                Value::tuple(rebuilt)
            }
        }
    })
}

/// The data of a `tf.function` object.
pub struct PyFunction {
    func: Value,
    /// The Python function's `__name__` (`__inference_<name>_<uid>`).
    pub(crate) name: String,
    cache: RefCell<FunctionCache>,
    structures: RefCell<HashMap<u32, Structure>>,
    /// `jit_compile=True`: the whole function is compiled by XLA for the caller's device.
    jit_compile: bool,
    /// The `Function` bound to each instance it was looked up on as a method (TF keeps one
    /// per instance, with its own traces): the instance's address, the instance (kept alive
    /// so the address stays its own) and the bound `Function`.
    bound: RefCell<Vec<(usize, Value, Value)>>,
}

/// Builds the `Function` class.
pub fn build(st: &St) -> Rc<Class> {
    ClassBuilder::new(
        "Function",
        "tensorflow.python.eager.polymorphic_function.polymorphic_function",
    )
    .method("__call__", bound(st, call))
    .method("__get__", bound(st, get))
    .method("__repr__", |vm, args| {
        let me = this(vm, &args)?;
        let address = me.object_address().unwrap_or(0);
        Ok(Value::str(format!(
            "<tensorflow.python.eager.polymorphic_function.polymorphic_function.Function object at {:#x}>",
            lang::value::fake_address(address)
        )))
    })
    .method("experimental_get_tracing_count", |vm, args| {
        let function = function_of(vm, &args)?;
        let count = function.cache.borrow().tracing_count();
        Ok(Value::Int(count as i64))
    })
    .property(
        "python_function",
        |vm, args| {
            // A method's Function reports the function defined in the class body.
            Ok(match &function_of(vm, &args)?.func {
                Value::BoundMethod(method) => method.func.clone(),
                func => func.clone(),
            })
        },
        None,
    )
    .property(
        "__name__",
        |vm, args| Ok(Value::str(function_of(vm, &args)?.name.clone())),
        None,
    )
    .build()
}

fn function_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<PyFunction>> {
    this(vm, args)?
        .downcast::<PyFunction>()
        .ok_or_else(|| vm.type_error("expected a tf.function"))
}

fn make(st: &St, vm: &mut Vm<'_>, func: Value, jit_compile: bool) -> PyResult {
    let name = match vm.get_attr_str(&func, "__name__") {
        Ok(Value::Str(s)) => s.as_str().to_string(),
        _ => "function".to_string(),
    };
    let classes = st.classes(vm)?;
    Ok(new_native_instance(
        &classes.function,
        Rc::new(PyFunction {
            func,
            name,
            cache: RefCell::new(FunctionCache::default()),
            structures: RefCell::new(HashMap::new()),
            jit_compile,
            bound: RefCell::new(Vec::new()),
        }),
    ))
}

/// `tf.function(func=None, input_signature=None, autograph=True, jit_compile=None,
/// reduce_retracing=False, ...)`: a `Function`, or a decorator when `func` is absent.
pub fn function(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let func = args
        .get(0)
        .cloned()
        .filter(|v| !v.is_none())
        .or_else(|| args.kwarg("func").cloned().filter(|v| !v.is_none()));
    let jit_compile = match args.kwarg("jit_compile").cloned() {
        Some(value) if !value.is_none() => vm.truthy(&value)?,
        _ => false,
    };
    match func {
        Some(func) => make(st, vm, func, jit_compile),
        None => {
            let st = st.clone();
            Ok(lang::host::native_function("decorator", move |vm, args| {
                let bound = params(vm, "decorator", &args, &["func"], 1)?;
                make(
                    &st,
                    vm,
                    bound[0].clone().unwrap_or(Value::None),
                    jit_compile,
                )
            }))
        }
    }
}

/// `Function.__get__(instance, owner)`: a `tf.function` defined in a class body, looked
/// up on an instance, is a `Function` of the bound method, one per instance.
fn get(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let function = function_of(vm, &args)?;
    let instance = args.get(1).cloned().unwrap_or(Value::None);
    if instance.is_none() {
        return Ok(this(vm, &args)?.clone());
    }
    let key = instance.object_address().unwrap_or(0);
    if let Some((_, _, bound)) = function.bound.borrow().iter().find(|(k, ..)| *k == key) {
        return Ok(bound.clone());
    }
    let method = Value::BoundMethod(Rc::new(lang::value::BoundMethod {
        receiver: instance.clone(),
        func: function.func.clone(),
    }));
    let bound = make(st, vm, method, function.jit_compile)?;
    function
        .bound
        .borrow_mut()
        .push((key, instance, bound.clone()));
    Ok(bound)
}

/// The Python parameter names of `func` (for the trace's `Placeholder` names); a bound
/// method's receiver is not a parameter.
fn parameter_names(func: &Value) -> Vec<String> {
    match func {
        Value::BoundMethod(method) => parameter_names(&method.func).into_iter().skip(1).collect(),
        Value::Function(f) => f
            .code
            .varnames
            .iter()
            .take(f.code.arg_count as usize)
            .map(|n| n.as_str().to_string())
            .collect(),
        _ => Vec::new(),
    }
}

/// One argument of a call, classified.
enum CallArg {
    Tensor(crate::runtime::EagerTensor),
    Python(Value),
}

fn call(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let function = function_of(vm, &args)?;
    let positional: Vec<Value> = args.positional.get(1..).unwrap_or(&[]).to_vec();
    let keywords: Vec<(Name, Value)> = args.keywords.to_vec();
    if !st.with_ctx(vm, |ctx| ctx.executing_eagerly())? {
        return vm.call(&function.func, &positional, &keywords);
    }
    let prepared = prepare(st, vm, &function, &positional, &keywords)?;
    let jit_compile = function.jit_compile;
    let outputs = st.tf(vm, |ctx| {
        if jit_compile {
            ctx.check_jit_program(prepared.id)?;
        }
        ctx.call_function(prepared.id, &prepared.inputs)
    })?;
    package(st, vm, &function, prepared.id, outputs)
}

/// A call resolved to its concrete function: the trace (made now if the signature is new)
/// and the eager tensors to pass as its parameters.
pub(crate) struct Prepared {
    /// The concrete function.
    pub id: ConcreteFunctionId,
    /// The call's tensor arguments, in parameter order.
    pub inputs: Vec<crate::runtime::EagerTensor>,
}

/// The `tf.function` object `value` is, if it is one.
pub(crate) fn as_function(value: &Value) -> Option<Rc<PyFunction>> {
    value.downcast::<PyFunction>()
}

/// Finds or traces the concrete function for a call with these arguments. Inside
/// `strategy.run` the trace is keyed by the strategy (and the replica, unless the replicas
/// run in lock step): it was made as a replica.
pub(crate) fn prepare(
    st: &St,
    vm: &mut Vm<'_>,
    function: &Rc<PyFunction>,
    positional: &[Value],
    keywords: &[(Name, Value)],
) -> PyResult<Prepared> {
    let names = parameter_names(&function.func);
    let mut labelled: Vec<(String, Value)> = positional
        .iter()
        .enumerate()
        .map(|(i, v)| {
            (
                names.get(i).cloned().unwrap_or_else(|| format!("args_{i}")),
                v.clone(),
            )
        })
        .collect();
    let mut sorted_keywords = keywords.to_vec();
    crate::stable_sort::sort_stable_by(&mut sorted_keywords, |a, b| a.0.as_str().cmp(b.0.as_str()));
    labelled.extend(
        sorted_keywords
            .iter()
            .map(|(k, v)| (k.as_str().to_string(), v.clone())),
    );
    let mut keys = Vec::with_capacity(labelled.len());
    let mut classified = Vec::with_capacity(labelled.len());
    for (_, value) in &labelled {
        let eager = value.downcast::<PyTensor>().and_then(|t| match &t.handle {
            Handle::Eager(e) => Some(e.clone()),
            Handle::Symbolic(_) => None,
        });
        match eager {
            Some(tensor) => {
                let dtype = st.tf(vm, |ctx| ctx.handle_dtype(&Handle::Eager(tensor.clone())))?;
                let shape = tensor.value.tensor().map_or_else(
                    || TensorShape::new(Vec::new()),
                    |t| TensorShape::from(t.shape()),
                );
                keys.push(ArgKey::Tensor { dtype, shape });
                classified.push(CallArg::Tensor(tensor));
            }
            None => {
                let key = match value.downcast::<PyVariable>() {
                    Some(variable) => format!("variable#{}", variable.id.0),
                    None => vm.repr(value)?,
                };
                keys.push(ArgKey::Python(key));
                classified.push(CallArg::Python(value.clone()));
            }
        }
    }
    let mut key = signature_key(&keys);
    // Inside `strategy.run`, a trace captures the running replica's mirrored components: in
    // lock step it is replica 0's and serves every replica; otherwise each replica has its own.
    match st.with_ctx(vm, |ctx| ctx.replica_context().cloned())? {
        Some(replica) if replica.lockstep => {
            key.push_str(&format!(";replicas_of:{}", replica.strategy.0));
        }
        Some(replica) => {
            key.push_str(&format!(
                ";replica:{}:{}",
                replica.strategy.0, replica.replica_id
            ));
        }
        None => {}
    }
    let cached = function.cache.borrow().lookup(&key);
    let concrete = match cached {
        Some(id) => id,
        None => {
            let allow = function.cache.borrow().is_empty();
            let mut id = trace(
                st,
                vm,
                function,
                &labelled,
                &classified,
                &keys,
                allow,
                positional.len(),
            )?;
            let created = st.tf(vm, |ctx| Ok(ctx.concrete_function(id)?.created_variables))?;
            if created {
                id = trace(
                    st,
                    vm,
                    function,
                    &labelled,
                    &classified,
                    &keys,
                    false,
                    positional.len(),
                )?;
            }
            function.cache.borrow_mut().insert(key, id);
            id
        }
    };
    let inputs: Vec<crate::runtime::EagerTensor> = classified
        .iter()
        .filter_map(|arg| match arg {
            CallArg::Tensor(t) => Some(t.clone()),
            CallArg::Python(_) => None,
        })
        .collect();
    Ok(Prepared {
        id: concrete,
        inputs,
    })
}

/// The Python result of a call: the outputs in the structure the traced function returned.
pub(crate) fn package(
    st: &St,
    vm: &mut Vm<'_>,
    function: &PyFunction,
    concrete: ConcreteFunctionId,
    outputs: Vec<crate::runtime::EagerTensor>,
) -> PyResult {
    let structure = function
        .structures
        .borrow()
        .get(&concrete.0)
        .cloned()
        .unwrap_or(Structure::Single);
    let mut values = Vec::with_capacity(outputs.len());
    for output in outputs {
        values.push(wrap(st, vm, Handle::Eager(output))?);
    }
    rebuild(st, vm, &structure, &mut values.into_iter())
}

#[allow(clippy::too_many_arguments)] // A trace needs every view of the call.
fn trace(
    st: &St,
    vm: &mut Vm<'_>,
    function: &PyFunction,
    labelled: &[(String, Value)],
    classified: &[CallArg],
    keys: &[ArgKey],
    allow_variables: bool,
    n_positional: usize,
) -> PyResult<ConcreteFunctionId> {
    let specs: Vec<ArgSpec> = labelled
        .iter()
        .zip(keys)
        .filter_map(|((name, _), key)| match key {
            ArgKey::Tensor { dtype, shape } => Some(ArgSpec {
                name: name.clone(),
                dtype: *dtype,
                shape: shape.clone(),
            }),
            ArgKey::Python(_) => None,
        })
        .collect();
    let fname = function.name.clone();
    let handles = st.tf(vm, |ctx| ctx.begin_trace(&fname, &specs, allow_variables))?;
    let mut handles = handles.into_iter();
    let mut call_values = Vec::with_capacity(classified.len());
    for arg in classified {
        call_values.push(match arg {
            CallArg::Tensor(_) => match handles.next() {
                Some(handle) => wrap(st, vm, handle)?,
                None => Value::None,
            },
            CallArg::Python(value) => value.clone(),
        });
    }
    let positional: Vec<Value> = call_values.iter().take(n_positional).cloned().collect();
    let keywords: Vec<(Name, Value)> = labelled
        .iter()
        .zip(&call_values)
        .skip(n_positional)
        .map(|((name, _), value)| (lang::value::name(name), value.clone()))
        .collect();
    let result = (|| -> PyResult<(Vec<Handle>, Structure)> {
        let result = vm.call(&function.func, &positional, &keywords)?;
        outputs(st, vm, &result)
    })();
    match result {
        Ok((outputs, structure)) => {
            let id = st.tf(vm, |ctx| ctx.end_trace(&outputs))?;
            function.structures.borrow_mut().insert(id.0, structure);
            Ok(id)
        }
        Err(exc) => {
            if let Ok(mut ctx) = st.ctx.try_borrow_mut() {
                ctx.abort_trace();
            }
            Err(in_user_code(st, vm, exc))
        }
    }
}

/// The traced function's result as output handles and their structure.
fn outputs(st: &St, vm: &mut Vm<'_>, result: &Value) -> PyResult<(Vec<Handle>, Structure)> {
    let to_handle = |vm: &mut Vm<'_>, value: &Value| -> PyResult<Handle> {
        let operand = crate::python::convert::to_operand(st, vm, value)?;
        match operand {
            Operand::Handle(handle) => Ok(handle),
            Operand::Variable(id) => st.tf(vm, |ctx| ctx.read_variable(id)),
            Operand::Literal(tensor) => st.tf(vm, |ctx| ctx.constant(tensor, None)),
        }
    };
    let mut handles = Vec::new();
    let structure = match result {
        Value::None => Structure::None,
        Value::List(_) | Value::Tuple(_) => {
            let items = vm.iterate(result)?;
            let mut structures = Vec::with_capacity(items.len());
            for item in &items {
                structures.push(leaf(vm, item, &mut handles, &to_handle)?);
            }
            if matches!(result, Value::List(_)) {
                Structure::List(structures)
            } else {
                Structure::Tuple(structures)
            }
        }
        other => leaf(vm, other, &mut handles, &to_handle)?,
    };
    Ok((handles, structure))
}

/// TensorFlow's rewrite of an error raised while tracing: the same class, with the
/// message `in user code:` followed by the user's frames and the original error.
fn in_user_code(st: &St, vm: &mut Vm<'_>, exc: Exception) -> Exception {
    let message = lang::traceback::message(vm, &exc);
    if message.starts_with("in user code:") || exc.is_fatal() {
        return exc;
    }
    let entries = lang::traceback::entries(&exc, &st.source);
    let mut text = String::from("in user code:\n\n");
    for entry in &entries {
        text.push_str(&format!(
            "    File \"{}\", line {}, in {}  *\n        {}\n",
            entry.filename, entry.line, entry.function, entry.source
        ));
    }
    let class = exc.class().clone();
    text.push_str(&format!("\n    {}: {}\n", class.name, message));
    vm.new_error(&class, text)
}
