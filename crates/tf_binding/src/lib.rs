//! The Python binding: the `tensorflow` and `numpy` modules a program imports,
//! implemented on the [`runtime`](runtime) through lang's [`Host`] interface.
//!
//! Module map (one concept per file):
//! - this file: [`EngineHost`] (the [`Host`]), [`State`] (the run's [`Context`] and the
//!   Python objects that must stay unique, such as `tf.float32`), and the helpers every
//!   binding uses: [`State::tf`] runs one TF call with the user's call stack set, logs
//!   flushed to stderr, and a [`TfError`](runtime::TfError) raised as its Python class.
//! - [`errors`]: `tf.errors.*` classes under `tensorflow.python.framework.errors_impl`.
//! - [`convert`]: Python values to tensors, operands, dtypes and shapes.
//! - [`dtypes`]: `tf.float32` ... ; [`shapes`]: `tf.TensorShape`, `tf.TensorSpec`.
//! - [`tensor_class`]: `EagerTensor` / `SymbolicTensor` and their operators.
//! - [`variable_class`]: the `tf.Variable` class.
//! - [`numpy_module`]: a minimal `numpy` (`ndarray` printing exactly as NumPy 2).
//! - [`environment`]: the machine's environment variables, which `os.environ` holds.
//! - [`config`]: `tf.config.*` and `tf.debugging.set_log_device_placement`.
//! - [`device`]: the `tf.device` context manager.
//! - [`control_dependencies`]: the `tf.control_dependencies` context manager.
//! - [`name_scope`]: the `tf.name_scope` context manager.
//! - [`graph`]: `tf.Graph`, operations, and the TF1 API of `tf.compat.v1`.
//! - [`function`]: the `tf.function` decorator.
//! - [`distribute`]: `tf.distribute` (strategies, `PerReplica`, mirrored variables).
//! - [`tpu`]: the TPU lifecycle (`TPUClusterResolver`, connect, initialise).
//! - [`tape`]: the `tf.GradientTape` class.
//! - [`nn_ops`]: `tf.nn.conv2d`, the poolings and `bias_add` (attrs as TF's wrappers build them).
//! - [`keras`]: what the Python Keras (`import keras`, `tf.keras`) needs natively: Keras
//!   variables, initialisers, optimizers and the `_keras_native` module.
//! - [`data`]: `tf.data` (`Dataset`, iterators, `Options`, `AutoShardPolicy`).
//! - [`sort_ops`]: `tf.math.top_k`, `tf.sort`, `tf.argsort`; [`named_tuple`]: the
//!   namedtuples TensorFlow returns for ops with named outputs (`TopKV2`).
//! - [`tf_module`]: assembles `tensorflow` and its submodules.
//!
//! **Ownership:** native functions capture an `Rc<State>`; the classes and cached objects
//! they create point back to it, so [`State::release`] breaks those cycles when a run ends.

#[macro_use]
mod args;
pub mod activation_ops;
pub mod array_ops;
pub mod autograph;
pub mod bitwise_ops;
pub mod clock;
pub mod complex_ops;
pub mod config;
pub mod control_dependencies;
pub mod control_flow;
pub mod convert;
pub mod data;
pub mod device;
pub mod distribute;
pub mod dtypes;
pub mod environment;
pub mod errors;
pub mod function;
pub mod graph;
pub mod init_ops;
pub mod init_scope;
pub mod keras;
pub mod library;
pub mod logging_ops;
pub mod lookup_ops;
pub mod math_ops;
pub mod name_scope;
pub mod named_tuple;
pub mod nn_ops;
mod numpy_array;
mod numpy_core;
pub(crate) mod numpy_generator;
pub mod numpy_module;
mod numpy_random;
pub mod parsing_ops;
mod py_func;
pub mod python_names;
pub mod random_generator;
pub mod sampling_ops;
pub mod shapes;
pub mod sort_ops;
pub mod stateless_random;
pub mod string_ops;
pub mod tape;
pub mod tensor_class;
pub mod tf_module;
pub mod tpu;
pub mod variable_class;

use std::cell::{Cell, RefCell, RefMut};
use std::collections::HashMap;
use std::rc::Rc;

use lang::host::{native_function_closure, Host};
use lang::value::{Args, Class, Module, PyResult, Value};
use lang::vm::Vm;

use hardware::topology::Topology;
use placer::StackFrame;
use runtime::graph::GraphId;
use runtime::op::PrintStream;
use runtime::{Context, TfResult};
use tensor::DType;

/// Shared handle to the run's state, captured by every native function.
pub type St = Rc<State>;

/// The state of one run as the binding sees it.
pub struct State {
    /// The TensorFlow runtime of this run.
    pub ctx: RefCell<Context>,
    /// The machine (its name decides `os.environ`).
    pub topology: Topology,
    /// The program text (tracebacks inside `tf.function` errors quote it).
    pub source: String,
    classes: RefCell<Option<Rc<Classes>>>,
    modules: RefCell<HashMap<String, Value>>,
    /// The TF1 global default graph, created on first use.
    pub(crate) global_graph: Cell<Option<GraphId>>,
    /// One Python object per graph, so `g is tf.compat.v1.get_default_graph()` holds.
    pub(crate) graph_objects: RefCell<HashMap<u32, Value>>,
    /// One Python object per dtype, so `t.dtype is tf.float32` holds.
    pub(crate) dtype_objects: RefCell<HashMap<(DType, bool), Value>>,
    /// One Python object per variable, so `get_variable` with reuse returns the same one.
    pub(crate) variable_objects: RefCell<HashMap<u32, Value>>,
    /// Simulated time the program slept (`time.sleep`), in ns.
    pub(crate) slept_ns: Cell<u64>,
    /// The simulated clock's last schedule of the recorded ops (see `clock`).
    pub(crate) clock_schedule: RefCell<Option<clock::Scheduled>>,
    /// Whether the current call converted a Python list or tuple into an op input
    /// (TensorFlow's eager fallback path; see `Context::eager_fallback`). Cleared as each
    /// native function or method starts.
    pub(crate) sequence_input: Cell<bool>,
    /// `tf.config.run_functions_eagerly(True)`: `tf.function`s call their Python function
    /// as it is, eagerly, instead of tracing it.
    pub(crate) run_functions_eagerly: Cell<bool>,
    /// Keras's autocast scope: inside the call of a layer whose compute dtype differs from
    /// its variables' (mixed precision), a Keras variable reads as this dtype.
    pub(crate) keras_autocast: Cell<Option<DType>>,
    /// The gradient functions of `tf.custom_gradient` calls a tape holds, by key.
    pub(crate) custom_gradients: RefCell<HashMap<u64, Value>>,
    pub(crate) next_custom_gradient: Cell<u64>,
    /// The `tf.custom_gradient` functions of graph `IdentityN` ops, which live as long as
    /// the graphs (the run).
    pub(crate) graph_custom_gradients: RefCell<HashMap<u64, Value>>,
    /// TensorFlow 2's tensor equality (`tf.compat.v1.disable_tensor_equality` turns it
    /// off): `==` compares elements and tensors and variables are unhashable when
    /// executing eagerly; off, `==` is identity and they hash by identity.
    pub(crate) tensor_equality: Cell<bool>,
}

/// The classes of the binding, built once per run at the first import.
pub struct Classes {
    pub(crate) tensor: Rc<Class>,
    pub(crate) eager_tensor: Rc<Class>,
    pub(crate) symbolic_tensor: Rc<Class>,
    pub(crate) variable: Rc<Class>,
    pub(crate) resource_variable: Rc<Class>,
    pub(crate) dtype: Rc<Class>,
    pub(crate) tensor_shape: Rc<Class>,
    pub(crate) tensor_spec: Rc<Class>,
    pub(crate) ndarray: Rc<Class>,
    pub(crate) np_dtype: Rc<Class>,
    pub(crate) np_types: Vec<(DType, Rc<Class>)>,
    pub(crate) errors: errors::ErrorClasses,
    pub(crate) graph: graph::GraphClasses,
    pub(crate) config: config::ConfigClasses,
    pub(crate) device_context: Rc<Class>,
    /// `tf.control_dependencies`'s context manager.
    pub(crate) control_dependencies: Rc<Class>,
    /// `tf.name_scope`'s context manager.
    pub(crate) name_scope: Rc<Class>,
    pub(crate) function: Rc<Class>,
    pub(crate) concrete_function: Rc<Class>,
    pub(crate) distribute: distribute::DistributeClasses,
    pub(crate) tpu: tpu::TpuClasses,
    pub(crate) data: data::DataClasses,
    pub(crate) gradient_tape: Rc<Class>,
    pub(crate) keras: Rc<keras::KerasClasses>,
    pub(crate) init_ops: init_ops::InitializerClasses,
}

impl State {
    /// A fresh state for a run of `source` on `topology`.
    pub fn new(topology: &Topology, source: &str) -> St {
        Rc::new(State {
            ctx: RefCell::new(Context::new(topology)),
            topology: topology.clone(),
            source: source.to_string(),
            classes: RefCell::new(None),
            modules: RefCell::new(HashMap::new()),
            global_graph: Cell::new(None),
            graph_objects: RefCell::new(HashMap::new()),
            dtype_objects: RefCell::new(HashMap::new()),
            variable_objects: RefCell::new(HashMap::new()),
            slept_ns: Cell::new(0),
            clock_schedule: RefCell::new(None),
            sequence_input: Cell::new(false),
            run_functions_eagerly: Cell::new(false),
            keras_autocast: Cell::new(None),
            custom_gradients: RefCell::new(HashMap::new()),
            next_custom_gradient: Cell::new(0),
            graph_custom_gradients: RefCell::new(HashMap::new()),
            tensor_equality: Cell::new(true),
        })
    }

    /// The binding's classes (built at the first import).
    pub(crate) fn classes(&self, vm: &Vm<'_>) -> PyResult<Rc<Classes>> {
        self.classes
            .borrow()
            .clone()
            .ok_or_else(|| vm.runtime_error("tensorflow is not imported"))
    }

    /// Runs one TensorFlow call: sets the user's call stack into the context (so ops record
    /// the user's line), runs `f`, writes the log lines it produced to stderr, and raises a
    /// failure as its Python exception class.
    ///
    /// Only this shell is generic: it is instantiated (and inlined) at every one of the
    /// binding's calls, so the work around `f` lives in [`State::enter_tf`] and
    /// [`State::leave_tf`], compiled once.
    pub fn tf<T>(
        &self,
        vm: &mut Vm<'_>,
        f: impl FnOnce(&mut Context) -> TfResult<T>,
    ) -> PyResult<T> {
        let result = f(&mut *self.enter_tf(vm)?);
        self.leave_tf(vm);
        result.map_err(|error| errors::raise(self, vm, error))
    }

    /// The context of a [`State::tf`] call, with the user's call stack set into it.
    #[inline(never)]
    fn enter_tf(&self, vm: &Vm<'_>) -> PyResult<RefMut<'_, Context>> {
        let frames: Vec<StackFrame> = autograph::user_frames(vm.call_stack())
            .into_iter()
            .map(|entry| StackFrame {
                filename: entry.filename,
                line: entry.line,
                function: entry.function,
            })
            .collect();
        let Ok(mut ctx) = self.ctx.try_borrow_mut() else {
            return Err(vm.runtime_error("re-entrant TensorFlow call"));
        };
        ctx.set_call_stack(frames);
        ctx.eager_fallback = self.sequence_input.get();
        Ok(ctx)
    }

    /// After a [`State::tf`] call: writes the lines it printed to stdout, its log lines
    /// to stderr, and what `PrintV2` ops wrote to their streams.
    #[inline(never)]
    fn leave_tf(&self, vm: &mut Vm<'_>) {
        let Ok(mut ctx) = self.ctx.try_borrow_mut() else {
            return;
        };
        let (log, stdout) = (ctx.take_log(), ctx.take_stdout_lines());
        let printed = ctx.take_printed();
        drop(ctx);
        for line in stdout {
            vm.write_stdout(&line);
            vm.write_stdout("\n");
        }
        for line in log {
            vm.write_stderr(&line);
            vm.write_stderr("\n");
        }
        for (stream, text) in printed {
            match stream {
                PrintStream::Stdout => vm.write_stdout(&text),
                PrintStream::Stderr => vm.write_stderr(&text),
            }
        }
    }

    /// Read-only access to the context for queries that cannot fail.
    pub(crate) fn with_ctx<T>(&self, vm: &Vm<'_>, f: impl FnOnce(&Context) -> T) -> PyResult<T> {
        let ctx = self
            .ctx
            .try_borrow()
            .map_err(|_| vm.runtime_error("re-entrant TensorFlow call"))?;
        Ok(f(&ctx))
    }

    /// Breaks the reference cycles between the state and the Python objects it caches.
    pub fn release(&self) {
        if let Some(classes) = self.classes.borrow_mut().take() {
            classes.distribute.release();
            classes.data.generators.release();
        }
        self.modules.borrow_mut().clear();
        self.graph_objects.borrow_mut().clear();
        self.dtype_objects.borrow_mut().clear();
        self.variable_objects.borrow_mut().clear();
    }

    fn ensure_classes(st: &St, vm: &mut Vm<'_>) -> PyResult<Rc<Classes>> {
        if let Some(classes) = st.classes.borrow().clone() {
            return Ok(classes);
        }
        let (np_dtype, np_types, ndarray) = numpy_module::build_classes(st, vm);
        let tensor = tensor_class::build_base(st);
        let (eager_tensor, symbolic_tensor) = tensor_class::build_subclasses(&tensor);
        let (variable, resource_variable) = variable_class::build(st);
        let classes = Rc::new(Classes {
            eager_tensor,
            symbolic_tensor,
            tensor,
            variable,
            resource_variable: resource_variable.clone(),
            dtype: dtypes::build(st),
            tensor_shape: shapes::build(st),
            tensor_spec: shapes::build_spec(st),
            ndarray,
            np_dtype,
            np_types,
            errors: errors::build(vm)?,
            graph: graph::build_classes(st),
            config: config::build_classes(st),
            device_context: device::build(st),
            control_dependencies: control_dependencies::build(st),
            name_scope: name_scope::build(st),
            function: function::build(st),
            concrete_function: function::build_concrete(st),
            distribute: distribute::DistributeClasses::build(st),
            tpu: tpu::build_classes(st),
            data: data::build_classes(st),
            gradient_tape: tape::build(st),
            keras: Rc::new(keras::build_classes(st, &resource_variable)),
            init_ops: init_ops::build_classes(st),
        });
        *st.classes.borrow_mut() = Some(classes.clone());
        Ok(classes)
    }
}

/// The [`Host`] of a playground run: provides `tensorflow` (and its submodules)
/// and `numpy`.
pub struct EngineHost {
    state: St,
}

impl EngineHost {
    /// A host over `state`.
    pub fn new(state: St) -> EngineHost {
        EngineHost { state }
    }
}

impl Host for EngineHost {
    fn import_module(&mut self, vm: &mut Vm<'_>, name: &str) -> PyResult<Option<Value>> {
        let st = self.state.clone();
        if let Some(module) = st.modules.borrow().get(name) {
            return Ok(Some(module.clone()));
        }
        let root = name.split('.').next().unwrap_or(name);
        State::ensure_classes(&st, vm)?;
        let built: Vec<(String, Value)> = match root {
            "tensorflow" => tf_module::build(&st, vm)?,
            // `numpy` itself is the bundled library's package, over the native core.
            "_numpy" => numpy_module::build_module(&st, vm)?,
            "numpy" if name != "numpy" => numpy_module::build_module(&st, vm)?,
            clock::MODULE => clock::build(&st),
            init_scope::MODULE => init_scope::build(&st),
            random_generator::MODULE => random_generator::build(&st),
            tape::MODULE => tape::build_module(&st),
            py_func::MODULE => py_func::build_module(&st),
            control_flow::MODULE => control_flow::build(&st),
            autograph::MODULE => autograph::build(&st),
            keras::native::MODULE => keras::native::build(&st)?,
            _ => return Ok(None),
        };
        let mut modules = st.modules.borrow_mut();
        for (module_name, module) in built {
            modules.entry(module_name).or_insert(module);
        }
        Ok(modules.get(name).cloned())
    }

    /// The bundled library's modules, written in Python (see [`crate::library`]).
    fn module_source(&mut self, name: &str) -> Option<lang::host::ModuleSource> {
        crate::library::find(name)
    }

    /// `tensorflow.keras` (and its submodules) is the Keras package's
    /// `keras._tf_keras.keras`, as in TensorFlow 2.21;
    /// `tensorflow.experimental` and `tensorflow.experimental.numpy` are the library's
    /// `_tensorflow.experimental` and `_tensorflow.tnp`.
    fn module_alias(&mut self, name: &str) -> Option<String> {
        const LIBRARY: &[(&str, &str)] = &[
            ("tensorflow.keras", "keras._tf_keras.keras"),
            ("tensorflow.experimental.numpy", "_tensorflow.tnp"),
            ("tensorflow.experimental", "_tensorflow.experimental"),
        ];
        LIBRARY.iter().find_map(|(prefix, target)| {
            let rest = name.strip_prefix(prefix)?;
            (rest.is_empty() || rest.starts_with('.')).then(|| format!("{target}{rest}"))
        })
    }
}

/// Adds a native function `name` to `module`, bound to the state.
pub(crate) fn def(
    module: &Module,
    st: &St,
    name: &str,
    f: fn(&St, &mut Vm<'_>, Args<'_>) -> PyResult,
) {
    module.set(name, function(st, name, f));
}

/// A native function value bound to the state.
pub(crate) fn function(
    st: &St,
    name: &str,
    f: fn(&St, &mut Vm<'_>, Args<'_>) -> PyResult,
) -> Value {
    let st = st.clone();
    native_function_closure(name, move |vm, args| {
        st.sequence_input.set(false);
        f(&st, vm, args)
    })
}

/// A method body bound to the state, for [`lang::host::ClassBuilder::method`].
pub(crate) fn bound(
    st: &St,
    f: fn(&St, &mut Vm<'_>, Args<'_>) -> PyResult,
) -> impl Fn(&mut Vm<'_>, Args<'_>) -> PyResult + 'static {
    let st = st.clone();
    move |vm, args| {
        st.sequence_input.set(false);
        f(&st, vm, args)
    }
}

/// Binds arguments (see [`lang::host::bind_args`]) and maps Python `None` to absent, as
/// TensorFlow's `name=None`-style defaults mean: one slot per name, in order. Bindings use
/// [`bind!`], which names the slots.
pub(crate) fn params<const N: usize>(
    vm: &Vm<'_>,
    func: &str,
    args: &Args<'_>,
    names: &[&str; N],
    required: usize,
) -> PyResult<[Option<Value>; N]> {
    params_vec(vm, func, args, names, required)?
        .try_into()
        .map_err(|_| vm.type_error("arguments bound to the wrong number of parameters"))
}

/// [`params`] for a list of names known only at run time.
pub(crate) fn params_vec(
    vm: &Vm<'_>,
    func: &str,
    args: &Args<'_>,
    names: &[&str],
    required: usize,
) -> PyResult<Vec<Option<Value>>> {
    let bound = lang::host::bind_args(vm, func, args, names, required)?;
    Ok(bound
        .into_iter()
        .map(|value| value.filter(|v| !v.is_none()))
        .collect())
}

/// `self` of a method call.
pub(crate) fn this<'a>(vm: &Vm<'_>, args: &Args<'a>) -> PyResult<&'a Value> {
    args.get(0)
        .ok_or_else(|| vm.type_error("descriptor needs an argument"))
}

/// The native data of `self` (the first argument of a native method) as a `T`, or
/// `TypeError(expected)` when the method is called on something else
/// (`tf.GradientTape.gradient(3)`).
pub(crate) fn this_as<T: 'static>(vm: &Vm<'_>, args: &Args<'_>, expected: &str) -> PyResult<Rc<T>> {
    this(vm, args)?
        .downcast::<T>()
        .ok_or_else(|| vm.type_error(expected))
}

/// A new module value named `name`.
pub(crate) fn module(name: &str) -> Rc<Module> {
    lang::host::new_module(name)
}

/// A `str` argument, or a `TypeError` naming the parameter.
pub(crate) fn string_arg(vm: &Vm<'_>, value: &Value, what: &str) -> PyResult<String> {
    value
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| vm.type_error(format!("{what} must be a string")))
}

/// Python truthiness of an optional argument (absent is `default`).
pub(crate) fn flag(vm: &mut Vm<'_>, value: &Option<Value>, default: bool) -> PyResult<bool> {
    match value {
        Some(value) => vm.truthy(value),
        None => Ok(default),
    }
}

/// A method of a native class written in Python on the library layer: calls
/// `module.name(self, *args, **kwargs)`.
pub(crate) fn python_method(
    module: &'static str,
    name: &'static str,
) -> impl Fn(&mut Vm<'_>, Args<'_>) -> PyResult {
    move |vm, args| {
        let library = vm.import_module(module)?;
        let function = vm.get_attr_str(&library, name)?;
        vm.call(&function, args.positional, args.keywords)
    }
}
