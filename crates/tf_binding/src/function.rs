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

use crate::tensor_class::{wrap, PyTensor};
use crate::variable_class::PyVariable;
use crate::{bound, this, this_as, St};
use runtime::function::{signature_key, ArgKey, ArgSpec, ConcreteFunctionId, FunctionCache};
use runtime::{Handle, Operand};
use tensor::TensorShape;

/// How a traced function's results are shaped.
#[derive(Clone)]
pub(crate) enum Structure {
    None,
    Single,
    /// A `PerReplica` (what `strategy.run` returns) of this many components.
    PerReplica(usize),
    List(Vec<Structure>),
    Tuple(Vec<Structure>),
    /// A namedtuple of an op's named outputs (`TopKV2(values=..., indices=...)`).
    Named(Rc<lang::value::Class>, Vec<Structure>),
    /// A dict: its keys in their own order, and for each key (in that order) its
    /// position among the items, which are flattened in sorted key order as `tf.nest`
    /// flattens dicts.
    Dict(Vec<Value>, Vec<usize>, Vec<Structure>),
    /// A composite value (a `tf.experimental.ExtensionType`): its spec's text, the
    /// function that rebuilds it from its component tensors, and how many there are.
    Composite(String, Value, usize),
}

/// The structure as text (part of a traced call's signature key).
impl std::fmt::Debug for Structure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Structure::None => f.write_str("None"),
            Structure::Single => f.write_str("Single"),
            Structure::PerReplica(count) => write!(f, "PerReplica({count})"),
            Structure::List(items) => f.debug_tuple("List").field(items).finish(),
            Structure::Tuple(items) => f.debug_tuple("Tuple").field(items).finish(),
            Structure::Named(class, items) => f
                .debug_tuple("Named")
                .field(&class.name)
                .field(items)
                .finish(),
            Structure::Composite(spec, _, count) => write!(f, "Composite({spec}, {count})"),
            Structure::Dict(keys, _, items) => {
                let keys: Vec<String> = keys
                    .iter()
                    .map(|key| key.as_str().unwrap_or("?").to_string())
                    .collect();
                f.debug_tuple("Dict").field(&keys).field(items).finish()
            }
        }
    }
}

/// A composite value's parts, from the library's `_tf_flatten_composite` protocol
/// (`_tensorflow/extension_type.py`, `ragged.py`).
pub(crate) struct CompositeParts {
    /// The spec's text (part of a trace key).
    spec: String,
    /// The component tensors (or, for a spec, the component `TensorSpec`s).
    components: Vec<Value>,
    /// Rebuilds a value of the same spec from a list of new components.
    rebuild: Value,
    /// The `TensorSpec`s the components are traced with, when they are more general than
    /// the components' own shapes (a ragged tensor's values of any length).
    trace_specs: Option<Vec<Value>>,
}

/// The parts of `value` if it is a composite; `None` for anything else.
pub(crate) fn composite_parts(vm: &mut Vm<'_>, value: &Value) -> PyResult<Option<CompositeParts>> {
    let Value::Instance(instance) = value else {
        return Ok(None);
    };
    let Some(flatten) = instance.class.lookup(COMPOSITE_PROTOCOL) else {
        return Ok(None);
    };
    let parts = vm.call(&flatten, std::slice::from_ref(value), &[])?;
    let parts = vm.iterate(&parts)?;
    let (spec, components, rebuild, trace_specs) = match parts.as_slice() {
        [spec, components, rebuild] => (spec, components, rebuild, None),
        [spec, components, rebuild, specs] => (spec, components, rebuild, Some(specs)),
        _ => return Err(vm.type_error(format!("{COMPOSITE_PROTOCOL} must return 3 or 4 items"))),
    };
    let trace_specs = match trace_specs {
        Some(specs) => Some(vm.iterate(specs)?),
        None => None,
    };
    Ok(Some(CompositeParts {
        spec: vm.str(spec)?,
        components: vm.iterate(components)?,
        rebuild: rebuild.clone(),
        trace_specs,
    }))
}

/// The method a composite value (an extension type) decomposes itself with.
const COMPOSITE_PROTOCOL: &str = "_tf_flatten_composite";

/// Whether `value` is a composite value or spec (its class has [`COMPOSITE_PROTOCOL`]).
fn is_composite(value: &Value) -> bool {
    matches!(value, Value::Instance(instance) if instance.class.lookup(COMPOSITE_PROTOCOL).is_some())
}

/// The structure of one returned value and its handles: a `PerReplica`'s components, a
/// composite's component tensors, or the value as one tensor.
fn leaf(
    vm: &mut Vm<'_>,
    value: &Value,
    handles: &mut Vec<Handle>,
    to_handle: &dyn Fn(&mut Vm<'_>, &Value) -> PyResult<Handle>,
) -> PyResult<Structure> {
    if let Some(per_replica) = value.downcast::<crate::distribute::values::PyPerReplica>() {
        for component in &per_replica.values {
            handles.push(to_handle(vm, component)?);
        }
        return Ok(Structure::PerReplica(per_replica.values.len()));
    }
    if let Some(parts) = composite_parts(vm, value)? {
        for component in &parts.components {
            handles.push(to_handle(vm, component)?);
        }
        let count = parts.components.len();
        return Ok(Structure::Composite(parts.spec, parts.rebuild, count));
    }
    handles.push(to_handle(vm, value)?);
    Ok(Structure::Single)
}

/// Rebuilds a returned value of shape `structure` from the output values, in order.
pub(crate) fn rebuild(
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
            crate::distribute::values::per_replica(st, vm, components)?
        }
        Structure::Composite(_, rebuild, count) => {
            let components: Vec<Value> = values.by_ref().take(*count).collect();
            vm.call(rebuild, &[Value::list(components)], &[])?
        }
        Structure::Dict(keys, positions, items) => {
            let mut sorted = Vec::with_capacity(items.len());
            for item in items {
                sorted.push(rebuild(st, vm, item, values)?);
            }
            let out = Rc::new(RefCell::new(lang::value::Dict::new()));
            for (key, &position) in keys.iter().zip(positions) {
                vm.dict_setitem(&out, key.clone(), sorted[position].clone())?;
            }
            Value::Dict(out)
        }
        Structure::List(items) | Structure::Tuple(items) | Structure::Named(_, items) => {
            let mut rebuilt = Vec::with_capacity(items.len());
            for item in items {
                rebuilt.push(rebuild(st, vm, item, values)?);
            }
            match structure {
                Structure::List(_) => Value::list(rebuilt),
                Structure::Named(class, _) => crate::named_tuple::instance(class, rebuilt),
                _ => Value::tuple(rebuilt),
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
    /// `autograph=True` (the default): traces run the function with its control flow
    /// converted (`autograph.rs`).
    autograph: bool,
    /// `reduce_retracing=True`: a new trace relaxes the shapes an earlier one disagrees on.
    reduce_retracing: bool,
    /// `input_signature=`: one `tf.TensorSpec` per positional parameter; calls are traced
    /// with these shapes (one trace serves every matching call) and checked against them.
    input_signature: Option<Vec<Value>>,
    /// The `Function` bound to each instance it was looked up on as a method (TF keeps one
    /// per instance, with its own traces): the instance's address, the instance (kept alive
    /// so the address stays its own) and the bound `Function`.
    bound: RefCell<Vec<(usize, Value, Value)>>,
    /// The `ConcreteFunction` object of each trace `get_concrete_function` returned (TF
    /// returns the same object for the same trace).
    concrete_objects: RefCell<HashMap<u32, Value>>,
}

/// Builds the `Function` class.
pub fn build(st: &St) -> Rc<Class> {
    ClassBuilder::new(
        "Function",
        "tensorflow.python.eager.polymorphic_function.polymorphic_function",
    )
    .method_closure("__call__", bound(st, call))
    .method_closure("__get__", bound(st, get))
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
        "input_signature",
        |vm, args| {
            Ok(match &function_of(vm, &args)?.input_signature {
                Some(specs) => Value::tuple(specs.clone()),
                None => Value::None,
            })
        },
        None,
    )
    .method_closure(
        "_traced_arguments",
        bound(st, |st, vm, args| {
            // Each trace's positional arguments as `TensorSpec`s (Python values as
            // themselves cannot be recovered; such traces give `None` there), for
            // `tf.saved_model.save`.
            let function = function_of(vm, &args)?;
            let traces: Vec<Vec<runtime::function::ArgKey>> = function
                .cache
                .borrow()
                .traced_arguments()
                .map(<[_]>::to_vec)
                .collect();
            let mut out = Vec::with_capacity(traces.len());
            for trace in traces {
                let mut specs = Vec::with_capacity(trace.len());
                for arg in trace {
                    specs.push(match arg {
                        runtime::function::ArgKey::Tensor { dtype, shape } => {
                            crate::shapes::spec_value(st, vm, shape, dtype)?
                        }
                        runtime::function::ArgKey::Python(_) => Value::None,
                    });
                }
                out.push(Value::tuple(specs));
            }
            Ok(Value::list(out))
        }),
    )
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
    .method_closure("get_concrete_function", bound(st, get_concrete_function))
    .method_closure(
        "_list_all_concrete_functions",
        bound(st, |st, vm, args| {
            // Every trace's `ConcreteFunction`, in the order they were traced.
            let function = function_of(vm, &args)?;
            let ids: Vec<ConcreteFunctionId> = function.cache.borrow().traced_ids().collect();
            let mut out = Vec::with_capacity(ids.len());
            for id in ids {
                out.push(concrete_object(st, vm, &function, id)?);
            }
            Ok(Value::list(out))
        }),
    )
    .method_closure(
        "pretty_printed_concrete_signatures",
        crate::python_method("_tensorflow.concrete_function", "pretty_printed_concrete_signatures"),
    )
    .build()
}

/// The data of a `ConcreteFunction` object (`f.get_concrete_function(...)`).
pub struct PyConcreteFunction {
    function: Rc<PyFunction>,
    id: ConcreteFunctionId,
    /// The traced outputs (graph tensors), flat.
    outputs: Vec<Value>,
    /// The same in the structure the Python function returned.
    structured_outputs: Value,
}

/// Builds the `ConcreteFunction` class.
pub fn build_concrete(st: &St) -> Rc<Class> {
    ClassBuilder::new(
        "ConcreteFunction",
        "tensorflow.python.eager.polymorphic_function.concrete_function",
    )
    .method_closure("__call__", bound(st, call_concrete))
    .property(
        "_python_function",
        |vm, args| Ok(concrete_of(vm, &args)?.function.func.clone()),
        None,
    )
    .property_closure(
        "structured_input_signature",
        bound(st, |st, vm, args| {
            // `((TensorSpec, ...), {})`: the positional arguments the trace was made for,
            // each spec named after its parameter, as TensorFlow names them.
            let concrete = concrete_of(vm, &args)?;
            let names = parameter_names(&concrete.function.func);
            let arguments = concrete.trace_arguments();
            let mut specs = Vec::with_capacity(arguments.len());
            for (index, argument) in arguments.into_iter().enumerate() {
                specs.push(match argument {
                    ArgKey::Tensor { dtype, shape } => {
                        let name = names.get(index).cloned();
                        crate::shapes::named_spec_value(st, vm, shape, dtype, name)?
                    }
                    ArgKey::Python(_) => Value::None,
                });
            }
            Ok(Value::tuple(vec![
                Value::tuple(specs),
                Value::Dict(Rc::new(RefCell::new(lang::value::Dict::new()))),
            ]))
        }),
        None,
    )
    .property_closure(
        "_trace_arguments",
        bound(st, |st, vm, args| {
            // The trace's positional arguments for its printed signature: a tensor's
            // `TensorSpec` (unnamed), a Python value's trace type text (`Literal[3]`).
            let concrete = concrete_of(vm, &args)?;
            let arguments = concrete.trace_arguments();
            let mut out = Vec::with_capacity(arguments.len());
            for argument in arguments {
                out.push(match argument {
                    ArgKey::Tensor { dtype, shape } => {
                        crate::shapes::spec_value(st, vm, shape, dtype)?
                    }
                    ArgKey::Python(text) => Value::str(format!("Literal[{text}]")),
                });
            }
            Ok(Value::list(out))
        }),
        None,
    )
    .method_closure(
        "__str__",
        crate::python_method("_tensorflow.concrete_function", "concrete_str"),
    )
    .method_closure(
        "__repr__",
        crate::python_method("_tensorflow.concrete_function", "concrete_repr"),
    )
    .method_closure(
        "pretty_printed_signature",
        crate::python_method("_tensorflow.concrete_function", "pretty_printed_signature"),
    )
    .property(
        "structured_outputs",
        |vm, args| Ok(concrete_of(vm, &args)?.structured_outputs.clone()),
        None,
    )
    .property(
        "outputs",
        |vm, args| Ok(Value::list(concrete_of(vm, &args)?.outputs.clone())),
        None,
    )
    .property_closure(
        "inputs",
        crate::python_method("_tensorflow.concrete_function", "inputs"),
        None,
    )
    .property_closure(
        "output_shapes",
        crate::python_method("_tensorflow.concrete_function", "output_shapes"),
        None,
    )
    .property_closure(
        "output_dtypes",
        crate::python_method("_tensorflow.concrete_function", "output_dtypes"),
        None,
    )
    .property_closure(
        "name",
        bound(st, |st, vm, args| {
            // TensorFlow's `ConcreteFunction.name` is the function's name as bytes.
            let concrete = concrete_of(vm, &args)?;
            let name = st.tf(vm, |ctx| {
                Ok(ctx.concrete_function(concrete.id)?.name.clone())
            })?;
            Ok(Value::Bytes(Rc::new(name.into_bytes())))
        }),
        None,
    )
    .property_closure(
        "graph",
        bound(st, |st, vm, args| {
            let concrete = concrete_of(vm, &args)?;
            let graph = st.tf(vm, |ctx| Ok(ctx.concrete_function(concrete.id)?.graph.id))?;
            crate::graph::graph_object(st, vm, graph)
        }),
        None,
    )
    .build()
}

impl PyConcreteFunction {
    /// The positional arguments its trace was made for.
    fn trace_arguments(&self) -> Vec<ArgKey> {
        self.function
            .cache
            .borrow()
            .arguments_of(self.id)
            .map(<[_]>::to_vec)
            .unwrap_or_default()
    }
}

fn concrete_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<PyConcreteFunction>> {
    this_as::<PyConcreteFunction>(vm, args, "expected a ConcreteFunction")
}

/// `f.get_concrete_function(*args, **kwargs)`: the trace for these arguments (made now if
/// none serves them), where a `tf.TensorSpec` stands for any tensor it matches
/// (`tf.TensorSpec([None, 3])` traces with an unknown first dimension).
fn get_concrete_function(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let function = function_of(vm, &args)?;
    let mut positional: Vec<Value> = args.positional.get(1..).unwrap_or(&[]).to_vec();
    let keywords: Vec<(Name, Value)> = args.keywords.to_vec();
    if let (true, Some(signature)) = (
        positional.is_empty() && keywords.is_empty(),
        &function.input_signature,
    ) {
        positional = signature.clone();
    }
    let prepared = prepare(st, vm, &function, &positional, &keywords, &[], true)?;
    concrete_object(st, vm, &function, prepared.id)
}

/// The `ConcreteFunction` object of one of `function`'s traces (one object per trace).
fn concrete_object(
    st: &St,
    vm: &mut Vm<'_>,
    function: &Rc<PyFunction>,
    id: ConcreteFunctionId,
) -> PyResult {
    if let Some(object) = function.concrete_objects.borrow().get(&id.0) {
        return Ok(object.clone());
    }
    let handles: Vec<Handle> = st.tf(vm, |ctx| {
        Ok(ctx
            .concrete_function(id)?
            .outputs
            .iter()
            .map(|output| Handle::Symbolic(*output))
            .collect())
    })?;
    let mut outputs = Vec::with_capacity(handles.len());
    for handle in handles {
        outputs.push(wrap(st, vm, handle)?);
    }
    let structure = function
        .structures
        .borrow()
        .get(&id.0)
        .cloned()
        .unwrap_or(Structure::Single);
    let structured_outputs = rebuild(st, vm, &structure, &mut outputs.clone().into_iter())?;
    let classes = st.classes(vm)?;
    let object = new_native_instance(
        &classes.concrete_function,
        Rc::new(PyConcreteFunction {
            function: function.clone(),
            id,
            outputs,
            structured_outputs,
        }),
    );
    function
        .concrete_objects
        .borrow_mut()
        .insert(id.0, object.clone());
    Ok(object)
}

/// `concrete(*tensors)`: runs the trace on eager tensors, one per traced parameter.
fn call_concrete(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let concrete = concrete_of(vm, &args)?;
    let mut inputs = Vec::new();
    let mut values = Vec::new();
    for value in args.positional.get(1..).unwrap_or(&[]) {
        // A composite (an extension type) is passed as its component tensors.
        match composite_parts(vm, value)? {
            Some(parts) => values.extend(parts.components),
            None => values.push(value.clone()),
        }
    }
    for value in &values {
        match crate::convert::to_operand(st, vm, value)? {
            Operand::Handle(Handle::Eager(tensor)) => inputs.push(tensor),
            Operand::Literal(tensor) => {
                let handle = st.tf(vm, |ctx| ctx.constant(tensor, None))?;
                if let Handle::Eager(tensor) = handle {
                    inputs.push(tensor);
                }
            }
            _ => return Err(vm.type_error("a ConcreteFunction takes eager tensors")),
        }
    }
    let id = concrete.id;
    let outputs = st.tf(vm, |ctx| ctx.call_function(id, &inputs))?;
    package(st, vm, &concrete.function, id, outputs)
}

fn function_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<PyFunction>> {
    this_as::<PyFunction>(vm, args, "expected a tf.function")
}

fn make(
    st: &St,
    vm: &mut Vm<'_>,
    func: Value,
    options: (bool, bool, bool),
    input_signature: Option<Vec<Value>>,
) -> PyResult {
    let (jit_compile, autograph, reduce_retracing) = options;
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
            autograph,
            reduce_retracing,
            input_signature,
            bound: RefCell::new(Vec::new()),
            concrete_objects: RefCell::new(HashMap::new()),
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
    let autograph = match args.kwarg("autograph").cloned() {
        Some(value) => vm.truthy(&value)?,
        None => true,
    };
    let reduce_retracing = match args.kwarg("reduce_retracing").cloned() {
        Some(value) => vm.truthy(&value)?,
        None => false,
    };
    let options = (jit_compile, autograph, reduce_retracing);
    let input_signature = match args.kwarg("input_signature").cloned() {
        Some(value) if !value.is_none() => {
            let specs = vm.iterate(&value)?;
            if specs
                .iter()
                .any(|spec| crate::shapes::spec_parts(spec).is_none() && !is_composite(spec))
            {
                return Err(vm.type_error(
                    "input_signature must be a possibly nested sequence of TensorSpec objects",
                ));
            }
            Some(specs)
        }
        _ => None,
    };
    match func {
        Some(func) => make(st, vm, func, options, input_signature),
        None => {
            let st = st.clone();
            Ok(lang::host::native_function_closure(
                "decorator",
                move |vm, args| {
                    let bound = bind!(vm, "decorator", &args, 1, [func])?;
                    make(
                        &st,
                        vm,
                        bound.func.clone().unwrap_or(Value::None),
                        options,
                        input_signature.clone(),
                    )
                },
            ))
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
    let bound = make(
        st,
        vm,
        method,
        (
            function.jit_compile,
            function.autograph,
            function.reduce_retracing,
        ),
        function.input_signature.clone(),
    )?;
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
    Tensor(runtime::EagerTensor),
    /// A `PerReplica` of eager tensors (a distributed dataset's batch), or a tuple or list
    /// of them (`(features, labels)`): one parameter per component, keyed by the
    /// components' dtypes and shapes as TensorFlow's trace type of distributed values is
    /// (checked in the oracle: equal batches share a trace, a partial last batch retraces).
    Distributed(Structure, Vec<Component>),
    /// A `tf.TensorSpec` given to `get_concrete_function`: a parameter of its dtype and
    /// shape, with no value.
    Spec,
    Python(Value),
}

/// One component of a distributed or composite argument and the signature it is traced
/// with; a composite spec given to `get_concrete_function` has no tensor.
type Component = (Option<runtime::EagerTensor>, ArgKey);

/// The structure of a distributed or composite argument and its components, each with the
/// signature it is traced with: a `PerReplica` of eager tensors, an extension type (its
/// spec is part of the trace key), or a tuple or list of such arguments; `None` for
/// anything else.
fn distributed_arg(
    st: &St,
    vm: &mut Vm<'_>,
    value: &Value,
    specs_allowed: bool,
) -> PyResult<Option<(Structure, Vec<Component>)>> {
    if let Value::Tuple(_) | Value::List(_) = value {
        let items = vm.iterate(value)?;
        if items.is_empty() {
            return Ok(None);
        }
        let mut structures = Vec::with_capacity(items.len());
        let mut components = Vec::new();
        for item in &items {
            let Some((structure, leaves)) = distributed_arg(st, vm, item, specs_allowed)? else {
                return Ok(None);
            };
            structures.push(structure);
            components.extend(leaves);
        }
        let structure = if matches!(value, Value::List(_)) {
            Structure::List(structures)
        } else {
            Structure::Tuple(structures)
        };
        return Ok(Some((structure, components)));
    }
    let (structure, values, trace_specs) =
        match value.downcast::<crate::distribute::values::PyPerReplica>() {
            Some(per_replica) => (
                Structure::PerReplica(per_replica.values.len()),
                per_replica.values.clone(),
                None,
            ),
            None => match composite_parts(vm, value)? {
                Some(parts) => (
                    Structure::Composite(parts.spec, parts.rebuild, parts.components.len()),
                    parts.components,
                    parts.trace_specs,
                ),
                None => return Ok(None),
            },
        };
    let mut components = Vec::with_capacity(values.len());
    for (index, component) in values.iter().enumerate() {
        if let Some((shape, dtype)) = specs_allowed
            .then(|| crate::shapes::spec_parts(component))
            .flatten()
        {
            components.push((None, ArgKey::Tensor { dtype, shape }));
            continue;
        }
        let Some(tensor) = component
            .downcast::<PyTensor>()
            .and_then(|t| match &t.handle {
                Handle::Eager(e) => Some(e.clone()),
                Handle::Symbolic(_) => None,
            })
        else {
            return Ok(None);
        };
        let dtype = st.tf(vm, |ctx| ctx.handle_dtype(&Handle::Eager(tensor.clone())))?;
        let traced = trace_specs
            .as_ref()
            .and_then(|specs| specs.get(index))
            .and_then(crate::shapes::spec_parts);
        let shape = match traced {
            Some((shape, _)) => shape,
            None => tensor
                .value
                .shape()
                .map_or_else(|| TensorShape::new(Vec::new()), TensorShape::from),
        };
        components.push((Some(tensor), ArgKey::Tensor { dtype, shape }));
    }
    Ok(Some((structure, components)))
}

fn call(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let function = function_of(vm, &args)?;
    let positional: Vec<Value> = args.positional.get(1..).unwrap_or(&[]).to_vec();
    let keywords: Vec<(Name, Value)> = args.keywords.to_vec();
    if st.run_functions_eagerly.get() || !st.with_ctx(vm, |ctx| ctx.executing_eagerly())? {
        return vm.call(&function.func, &positional, &keywords);
    }
    let (positional, bounds) = match &function.input_signature {
        Some(signature) => bind_signature(st, vm, &function, signature, positional, &keywords)?,
        None => (positional, Vec::new()),
    };
    let prepared = prepare(st, vm, &function, &positional, &keywords, &bounds, false)?;
    if st.tf(vm, |ctx| ctx.function_calls_python(prepared.id))? {
        // Its graph calls Python (`tf.py_function`): the function runs eagerly instead.
        return vm.call(&function.func, &positional, &keywords);
    }
    let jit_compile = function.jit_compile;
    let outputs = st.tf(vm, |ctx| {
        if jit_compile {
            ctx.check_jit_program(prepared.id)?;
        }
        ctx.call_function_as(prepared.id, &prepared.inputs, jit_compile)
    })?;
    package(st, vm, &function, prepared.id, outputs)
}

/// The positional arguments of a call checked against the function's `input_signature`
/// (Python values converted to tensors of their spec's dtype), and the spec shapes to trace
/// them with; TensorFlow's `TypeError` for an argument its spec does not admit.
fn bind_signature(
    st: &St,
    vm: &mut Vm<'_>,
    function: &PyFunction,
    signature: &[Value],
    positional: Vec<Value>,
    keywords: &[(Name, Value)],
) -> PyResult<(Vec<Value>, Vec<Option<TensorShape>>)> {
    let mut bound = Vec::with_capacity(positional.len());
    let mut bounds = Vec::with_capacity(positional.len());
    for (index, value) in positional.iter().enumerate() {
        if let Some(spec) = signature.get(index).filter(|spec| is_composite(spec)) {
            let failure = if vm.get_attr_str(spec, "_tf_cast_failure").is_ok() {
                vm.call_method(spec, "_tf_cast_failure", std::slice::from_ref(value))?
            } else {
                let fits =
                    vm.call_method(spec, "is_compatible_with", std::slice::from_ref(value))?;
                if vm.truthy(&fits)? {
                    Value::None
                } else {
                    let (actual, wanted) = (vm.repr(value)?, vm.repr(spec)?);
                    Value::str(format!("Can not cast {actual} to {wanted}"))
                }
            };
            if let Some(reason) = failure.as_str() {
                let reason = reason.to_string();
                return Err(binding_error(
                    vm,
                    function,
                    signature,
                    &positional,
                    keywords,
                    &reason,
                )?);
            }
            bound.push(value.clone());
            bounds.push(None);
            continue;
        }
        let Some((shape, dtype)) = signature.get(index).and_then(crate::shapes::spec_parts) else {
            bound.push(value.clone());
            bounds.push(None);
            continue;
        };
        let tensor = match value.downcast::<PyTensor>() {
            Some(_) => value.clone(),
            None => {
                let converted = crate::convert::to_tensor(st, vm, value, Some(dtype))?;
                let handle = st.tf(vm, |ctx| ctx.constant(converted, None))?;
                wrap(st, vm, handle)?
            }
        };
        let handle = tensor
            .downcast::<PyTensor>()
            .map(|t| t.handle.clone())
            .ok_or_else(|| vm.type_error("expected a tensor"))?;
        let (actual_shape, actual_dtype) = st.tf(vm, |ctx| {
            Ok((ctx.handle_shape(&handle)?, ctx.handle_dtype(&handle)?))
        })?;
        if actual_dtype != dtype || !shape_admits(&shape, &actual_shape) {
            let actual = crate::shapes::new_spec(st, vm, actual_shape.clone(), actual_dtype)?;
            let actual = vm.repr(&actual)?;
            let wanted = vm.repr(&signature[index])?;
            let reason = format!("Can not cast {actual} to {wanted}");
            return Err(binding_error(
                vm,
                function,
                signature,
                &positional,
                keywords,
                &reason,
            )?);
        }
        bound.push(tensor);
        bounds.push(Some(shape));
    }
    Ok((bound, bounds))
}

/// TensorFlow's `TypeError` for arguments its `input_signature` does not admit, with the
/// reason (`Can not cast TensorSpec(...) to TensorSpec(...)`), the arguments and the
/// signature.
fn binding_error(
    vm: &mut Vm<'_>,
    function: &PyFunction,
    signature: &[Value],
    positional: &[Value],
    keywords: &[(Name, Value)],
    reason: &str,
) -> PyResult<lang::exceptions::Exception> {
    let received = vm.repr(&Value::tuple(positional.to_vec()))?;
    let mut kwargs = Vec::with_capacity(keywords.len());
    for (key, value) in keywords {
        kwargs.push(format!("'{}': {}", key.as_str(), vm.repr(value)?));
    }
    let names = parameter_names(&function.func);
    let mut parameters = Vec::with_capacity(signature.len());
    for (position, spec) in signature.iter().enumerate() {
        let name = names
            .get(position)
            .cloned()
            .unwrap_or_else(|| format!("args_{position}"));
        parameters.push(format!("{name}: {}", vm.repr(spec)?));
    }
    Ok(vm.type_error(format!(
        "Binding inputs to tf.function failed due to `{reason}`. Received args: {received} and \
         kwargs: {{{}}} for signature: ({}).",
        kwargs.join(", "),
        parameters.join(", ")
    )))
}

/// Whether a spec of shape `spec` admits a tensor of static shape `actual`.
fn shape_admits(spec: &TensorShape, actual: &TensorShape) -> bool {
    match (spec.dims(), actual.dims()) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(wanted), Some(dims)) => {
            wanted.len() == dims.len()
                && wanted
                    .iter()
                    .zip(dims)
                    .all(|(want, dim)| want.is_none() || want == dim)
        }
    }
}

/// A call resolved to its concrete function: the trace (made now if the signature is new)
/// and the eager tensors to pass as its parameters.
pub(crate) struct Prepared {
    /// The concrete function.
    pub id: ConcreteFunctionId,
    /// The call's tensor arguments, in parameter order.
    pub inputs: Vec<runtime::EagerTensor>,
}

/// The `tf.function` object `value` is, if it is one.
pub(crate) fn as_function(value: &Value) -> Option<Rc<PyFunction>> {
    value.downcast::<PyFunction>()
}

/// Finds or traces the concrete function for a call with these arguments. Inside
/// `strategy.run` the trace is keyed by the strategy (and the replica, unless the replicas
/// run in lock step): it was made as a replica. A positional tensor argument with a bound
/// is traced with it instead of its own shape (an `input_signature`'s spec; a TPU
/// program's replicas padded to one bounded shape, tf-semantics §6.3, sharing one trace).
/// With `specs_allowed`, a `tf.TensorSpec` argument stands for a tensor of its dtype and
/// shape (`get_concrete_function`).
pub(crate) fn prepare(
    st: &St,
    vm: &mut Vm<'_>,
    function: &Rc<PyFunction>,
    positional: &[Value],
    keywords: &[(Name, Value)],
    bounds: &[Option<TensorShape>],
    specs_allowed: bool,
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
    sorted_keywords.sort_by(|a, b| a.0.as_str().cmp(b.0.as_str()));
    labelled.extend(
        sorted_keywords
            .iter()
            .map(|(k, v)| (k.as_str().to_string(), v.clone())),
    );
    let mut keys = Vec::with_capacity(labelled.len());
    let mut classified = Vec::with_capacity(labelled.len());
    for (index, (_, value)) in labelled.iter().enumerate() {
        if let Some((structure, components)) = distributed_arg(st, vm, value, specs_allowed)? {
            let parts: Vec<ArgKey> = components.iter().map(|(_, key)| key.clone()).collect();
            keys.push(ArgKey::Python(format!(
                "{structure:?}:{}",
                signature_key(&parts)
            )));
            classified.push(CallArg::Distributed(structure, components));
            continue;
        }
        if let Some((shape, dtype)) = specs_allowed
            .then(|| crate::shapes::spec_parts(value))
            .flatten()
        {
            keys.push(ArgKey::Tensor { dtype, shape });
            classified.push(CallArg::Spec);
            continue;
        }
        let eager = value.downcast::<PyTensor>().and_then(|t| match &t.handle {
            Handle::Eager(e) => Some(e.clone()),
            Handle::Symbolic(_) => None,
        });
        match eager {
            Some(tensor) => {
                let dtype = st.tf(vm, |ctx| ctx.handle_dtype(&Handle::Eager(tensor.clone())))?;
                let shape = match bounds.get(index).cloned().flatten() {
                    Some(bound) => bound,
                    None => tensor
                        .value
                        .shape()
                        .map_or_else(|| TensorShape::new(Vec::new()), TensorShape::from),
                };
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
    // Inside `strategy.run`, a trace captures the running replica's mirrored components: in
    // lock step it is replica 0's and serves every replica; otherwise each replica has its own.
    let rest = match st.with_ctx(vm, |ctx| ctx.replica_context().cloned())? {
        Some(replica) if replica.lockstep => format!(";replicas_of:{}", replica.strategy.0),
        Some(replica) => format!(";replica:{}:{}", replica.strategy.0, replica.replica_id),
        None => String::new(),
    };
    let key = format!("{}{rest}", signature_key(&keys));
    let cached = {
        let cache = function.cache.borrow();
        cache
            .lookup(&key)
            .or_else(|| cache.lookup_supertype(&keys, &rest))
    };
    let concrete = match cached {
        Some(id) => id,
        None => {
            let allow = function.cache.borrow().is_empty();
            let relaxed = if function.reduce_retracing {
                function.cache.borrow().relaxed(&keys, &rest)
            } else {
                None
            };
            let keys = relaxed.unwrap_or_else(|| keys.clone());
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
            function
                .cache
                .borrow_mut()
                .insert_traced(key, keys.clone(), rest, id);
            id
        }
    };
    let inputs: Vec<runtime::EagerTensor> = classified
        .iter()
        .flat_map(|arg| match arg {
            CallArg::Tensor(t) => vec![t.clone()],
            CallArg::Distributed(_, components) => {
                components.iter().filter_map(|(t, _)| t.clone()).collect()
            }
            CallArg::Spec | CallArg::Python(_) => Vec::new(),
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
    outputs: Vec<runtime::EagerTensor>,
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
    let spec = |name: &String, key: &ArgKey| match key {
        ArgKey::Tensor { dtype, shape } => Some(ArgSpec {
            name: name.clone(),
            dtype: *dtype,
            shape: shape.clone(),
        }),
        ArgKey::Python(_) => None,
    };
    let specs: Vec<ArgSpec> = labelled
        .iter()
        .zip(keys)
        .zip(classified)
        .flat_map(|(((name, _), key), arg)| match arg {
            CallArg::Distributed(_, components) => components
                .iter()
                .filter_map(|(_, key)| spec(name, key))
                .collect(),
            _ => spec(name, key).into_iter().collect::<Vec<_>>(),
        })
        .collect();
    let fname = function.name.clone();
    let handles = st.tf(vm, |ctx| ctx.begin_trace(&fname, &specs, allow_variables))?;
    let mut handles = handles.into_iter();
    let mut call_values = Vec::with_capacity(classified.len());
    for arg in classified {
        call_values.push(match arg {
            CallArg::Tensor(_) | CallArg::Spec => match handles.next() {
                Some(handle) => wrap(st, vm, handle)?,
                None => Value::None,
            },
            CallArg::Distributed(structure, components) => {
                let mut values = Vec::with_capacity(components.len());
                for _ in components {
                    values.push(match handles.next() {
                        Some(handle) => wrap(st, vm, handle)?,
                        None => Value::None,
                    });
                }
                rebuild(st, vm, structure, &mut values.into_iter())?
            }
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
        let result = if function.autograph {
            // AutoGraph converts the function (and what it calls) as the trace runs it.
            let operators = vm.import_module(crate::autograph::OPERATORS)?;
            let converted_call = vm.get_attr_str(&operators, "converted_call")?;
            let mut arguments = Vec::with_capacity(positional.len() + 1);
            arguments.push(function.func.clone());
            arguments.extend(positional.iter().cloned());
            vm.call(&converted_call, &arguments, &keywords)?
        } else {
            vm.call(&function.func, &positional, &keywords)?
        };
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
            // AutoGraph rewrites the errors of the code it converted.
            Err(if function.autograph {
                in_user_code(vm, exc)
            } else {
                exc
            })
        }
    }
}

/// The traced function's result as output handles and their structure.
pub(crate) fn outputs(
    st: &St,
    vm: &mut Vm<'_>,
    result: &Value,
) -> PyResult<(Vec<Handle>, Structure)> {
    let to_handle = |vm: &mut Vm<'_>, value: &Value| -> PyResult<Handle> {
        let operand = crate::convert::to_operand(st, vm, value)?;
        match operand {
            Operand::Handle(handle) => Ok(handle),
            Operand::Variable(id) => st.tf(vm, |ctx| ctx.read_variable(id)),
            Operand::Literal(tensor) => st.tf(vm, |ctx| ctx.constant(tensor, None)),
        }
    };
    let mut handles = Vec::new();
    let structure = match result {
        Value::None => Structure::None,
        other => nested(vm, other, &mut handles, &to_handle, 0)?,
    };
    Ok((handles, structure))
}

/// How deeply a function's results may nest.
const NESTING_MAX: usize = 32;

/// The structure of a returned value (lists, tuples and op namedtuples nest; anything
/// else is one tensor), its tensors appended to `handles` in order.
fn nested(
    vm: &mut Vm<'_>,
    value: &Value,
    handles: &mut Vec<Handle>,
    to_handle: &dyn Fn(&mut Vm<'_>, &Value) -> PyResult<Handle>,
    depth: usize,
) -> PyResult<Structure> {
    if depth > NESTING_MAX {
        return Err(vm.value_error("The function's result is nested too deeply."));
    }
    if let Value::Dict(dict) = value {
        let entries: Vec<(Value, Value)> = dict
            .borrow()
            .iter()
            .map(|entry| (entry.key.clone(), entry.value.clone()))
            .collect();
        // `tf.nest` flattens a dict in sorted key order (string keys here).
        let mut order: Vec<usize> = (0..entries.len()).collect();
        if entries.iter().all(|(key, _)| key.as_str().is_some()) {
            order.sort_by(|&a, &b| entries[a].0.as_str().cmp(&entries[b].0.as_str()));
        }
        let mut positions = vec![0; entries.len()];
        let mut structures = Vec::with_capacity(entries.len());
        for (sorted_position, &index) in order.iter().enumerate() {
            positions[index] = sorted_position;
            structures.push(nested(
                vm,
                &entries[index].1,
                handles,
                to_handle,
                depth + 1,
            )?);
        }
        let keys = entries.into_iter().map(|(key, _)| key).collect();
        return Ok(Structure::Dict(keys, positions, structures));
    }
    let named = crate::named_tuple::parts(value);
    let items = match (value, &named) {
        (Value::List(_) | Value::Tuple(_), _) => vm.iterate(value)?,
        (_, Some((_, fields))) => fields.clone(),
        _ => return leaf(vm, value, handles, to_handle),
    };
    let mut structures = Vec::with_capacity(items.len());
    for item in &items {
        structures.push(nested(vm, item, handles, to_handle, depth + 1)?);
    }
    Ok(match (value, named) {
        (Value::List(_), _) => Structure::List(structures),
        (_, Some((class, _))) => Structure::Named(class, structures),
        _ => Structure::Tuple(structures),
    })
}

/// TensorFlow's rewrite of an error raised while tracing: the same class, with the
/// message `in user code:` followed by the user's frames and the original error.
pub(crate) fn in_user_code(vm: &mut Vm<'_>, exc: Exception) -> Exception {
    let message = lang::traceback::message(vm, &exc);
    if message.starts_with("in user code:") || exc.is_fatal() {
        return exc;
    }
    let entries = crate::autograph::user_frames(lang::traceback::entries(&exc));
    let mut text = String::from("in user code:\n\n");
    for entry in &entries {
        text.push_str(&format!(
            "    File \"{}\", line {}, in {}  *\n        {}\n",
            entry.filename, entry.line, entry.function, entry.source
        ));
    }
    let class = exc.class().clone();
    // Every line of the original error indented by four spaces (autograph's
    // `ErrorMetadataBase.get_message`).
    text.push('\n');
    for line in format!("{}: {}", class.name, message).split('\n') {
        text.push_str("    ");
        text.push_str(line);
        text.push('\n');
    }
    vm.new_error(&class, text)
}
