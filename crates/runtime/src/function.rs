//! `tf.function` at the runtime level: tracing a Python function into a function graph,
//! signature keys for retracing, and calling a [`ConcreteFunction`] as one eager op
//! `__inference_<name>_<N>` whose body is placed with graph placement (cases d01–d03).
//!
//! Protocol for the binding (it drives the Python side):
//! 1. compute [`signature_key`] of the call's arguments; if the `tf.function`'s
//!    [`FunctionCache`] has it, go to 4;
//! 2. [`Context::begin_trace`] (variable creation allowed only when the cache is empty),
//!    call the Python function with the returned handles, then [`Context::end_trace`]
//!    with its results (or [`Context::abort_trace`] if it raised);
//! 3. if the new function created variables, TensorFlow traces once more with creation
//!    disallowed (so a `tf.Variable` in the body raises the singleton `ValueError`, case
//!    d03); store the function under the key;
//! 4. [`Context::call_function`] with the eager arguments.

use std::collections::HashMap;

use crate::api::Handle;
use crate::context::Context;
use crate::distribute::tpu::TpuProgram;
use crate::eager::EagerTensor;
use crate::error::{TfError, TfResult};
use crate::function_body::{BodyRun, TapeNaming};
use crate::graph::{Graph, GraphId, GraphKind, GraphTensor, OpName, OperationId};
use crate::op::ValueType;
use crate::recorder::RecordedInput;
use crate::variables::SINGLETON_VARIABLE_MESSAGE;
use placer::graph::{place_graph, GraphPlacementOptions};
use placer::{self, PlacementReason};
use tensor::{DType, TensorShape};

/// Index of a traced function in the context.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConcreteFunctionId(pub u32);

/// One parameter of a trace: a tensor spec, named after the Python parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct ArgSpec {
    /// The Python parameter name (`x`), which names the `Placeholder`.
    pub name: String,
    /// Its dtype.
    pub dtype: DType,
    /// Its shape.
    pub shape: TensorShape,
}

/// What decides retracing for one argument.
#[derive(Clone, Debug, PartialEq)]
pub enum ArgKey {
    /// A tensor: dtype and shape (TF 2.21 retraces on a new shape, checked in the oracle).
    Tensor {
        /// Its dtype.
        dtype: DType,
        /// Its shape.
        shape: TensorShape,
    },
    /// A Python value: its repr (a new value retraces).
    Python(String),
}

/// The cache key of a call (`TraceType` of the arguments, simplified).
pub fn signature_key(args: &[ArgKey]) -> String {
    let parts: Vec<String> = args
        .iter()
        .map(|arg| match arg {
            ArgKey::Tensor { dtype, shape } => format!("TensorSpec({shape}, {})", dtype.name()),
            ArgKey::Python(repr) => format!("py:{repr}"),
        })
        .collect();
    parts.join(";")
}

/// The traces of one `tf.function` object, by signature key.
#[derive(Clone, Debug, Default)]
pub struct FunctionCache {
    traces: HashMap<String, ConcreteFunctionId>,
    /// Each trace's arguments and the rest of its key (the replica it serves), in the order
    /// they were traced, to find a trace whose signature is a supertype of a call's.
    signatures: Vec<(Vec<ArgKey>, String, ConcreteFunctionId)>,
}

impl FunctionCache {
    /// The trace for `key`, if any.
    pub fn lookup(&self, key: &str) -> Option<ConcreteFunctionId> {
        self.traces.get(key).copied()
    }

    /// The first trace whose signature is a supertype of `args` (TensorFlow's trace-type
    /// subtyping: after `get_concrete_function(tf.TensorSpec([None, 3]))`, a call with a
    /// `(2, 3)` tensor reuses that trace), with the same rest of the key.
    pub fn lookup_supertype(&self, args: &[ArgKey], rest: &str) -> Option<ConcreteFunctionId> {
        self.signatures
            .iter()
            .find(|(traced, traced_rest, _)| {
                traced_rest == rest
                    && traced.len() == args.len()
                    && traced
                        .iter()
                        .zip(args)
                        .all(|(general, specific)| is_supertype(general, specific))
            })
            .map(|(_, _, id)| *id)
    }

    /// `reduce_retracing`'s relaxed signature for `args`: against the first trace with the
    /// same Python arguments and tensors of the same dtypes and ranks, every dimension the
    /// two disagree on unknown. `None` when no trace relaxes to it.
    pub fn relaxed(&self, args: &[ArgKey], rest: &str) -> Option<Vec<ArgKey>> {
        self.signatures.iter().find_map(|(traced, traced_rest, _)| {
            if traced_rest != rest || traced.len() != args.len() {
                return None;
            }
            traced
                .iter()
                .zip(args)
                .map(|(old, new)| match (old, new) {
                    (ArgKey::Python(a), ArgKey::Python(b)) if a == b => Some(new.clone()),
                    (
                        ArgKey::Tensor {
                            dtype: a,
                            shape: old_shape,
                        },
                        ArgKey::Tensor {
                            dtype: b,
                            shape: new_shape,
                        },
                    ) if a == b => {
                        let shape = match (old_shape.dims(), new_shape.dims()) {
                            (Some(x), Some(y)) if x.len() == y.len() => TensorShape::new(
                                x.iter()
                                    .zip(y)
                                    .map(|(p, q)| if p == q { *p } else { None })
                                    .collect(),
                            ),
                            _ => TensorShape::unknown(),
                        };
                        Some(ArgKey::Tensor { dtype: *b, shape })
                    }
                    _ => None,
                })
                .collect()
        })
    }

    /// Stores a trace with its arguments, for [`FunctionCache::lookup_supertype`].
    pub fn insert_traced(
        &mut self,
        key: String,
        args: Vec<ArgKey>,
        rest: String,
        function: ConcreteFunctionId,
    ) {
        self.signatures.push((args, rest, function));
        self.insert(key, function);
    }

    /// Stores a trace.
    pub fn insert(&mut self, key: String, function: ConcreteFunctionId) {
        self.traces.insert(key, function);
    }

    /// True before the first trace: only then may the body create variables.
    pub fn is_empty(&self) -> bool {
        self.traces.is_empty()
    }

    /// `f.experimental_get_tracing_count()` (traces kept).
    pub fn tracing_count(&self) -> usize {
        self.traces.len()
    }

    /// The arguments a trace was made for.
    pub fn arguments_of(&self, id: ConcreteFunctionId) -> Option<&[ArgKey]> {
        self.signatures
            .iter()
            .find(|(_, _, traced)| *traced == id)
            .map(|(args, _, _)| args.as_slice())
    }

    /// Each trace's function, in the order they were traced.
    pub fn traced_ids(&self) -> impl Iterator<Item = ConcreteFunctionId> + '_ {
        self.signatures.iter().map(|(_, _, id)| *id)
    }

    /// Each trace's arguments, in the order they were traced (a SavedModel keeps one
    /// concrete function per trace).
    pub fn traced_arguments(&self) -> impl Iterator<Item = &[ArgKey]> {
        self.signatures.iter().map(|(args, _, _)| args.as_slice())
    }
}

/// Whether a trace for `general` serves a call with `specific`: equal Python values, or
/// tensors of one dtype whose shapes agree wherever `general` knows a dimension.
fn is_supertype(general: &ArgKey, specific: &ArgKey) -> bool {
    match (general, specific) {
        (ArgKey::Python(a), ArgKey::Python(b)) => a == b,
        (
            ArgKey::Tensor { dtype, shape },
            ArgKey::Tensor {
                dtype: other_dtype,
                shape: other_shape,
            },
        ) => {
            dtype == other_dtype
                && match (shape.dims(), other_shape.dims()) {
                    (None, _) => true,
                    (Some(_), None) => false,
                    (Some(dims), Some(other)) => {
                        dims.len() == other.len()
                            && dims
                                .iter()
                                .zip(other)
                                .all(|(dim, other)| dim.is_none() || dim == other)
                    }
                }
        }
        _ => false,
    }
}

/// TensorFlow captures an eager tensor of at most this many elements by value, as a
/// `Const` in the body (`_EAGER_CONST_THRESHOLD`, `core/function/capture/capture_container.py`).
pub const EAGER_CONST_THRESHOLD: usize = 128;

/// How a new capture `Placeholder` is named.
#[derive(Clone, Copy, Debug)]
enum CaptureName<'a> {
    /// As the input it feeds, in the current (the op's) name scope: `Sum/input`.
    InScope(&'a str),
    /// A variable's handle read by the op reserved under this name: `<op>/resource`.
    Resource(&'a str),
}

/// A traced function body.
#[derive(Clone, Debug)]
pub struct ConcreteFunction {
    /// `__inference_f_7`.
    pub name: String,
    /// The body.
    pub graph: Graph,
    /// Argument ops: parameters first, then captures.
    pub arguments: Vec<OperationId>,
    /// Eager tensors captured by the body, passed after the parameters.
    pub captures: Vec<EagerTensor>,
    /// The body's outputs (the `Identity` ops TensorFlow adds).
    pub outputs: Vec<GraphTensor>,
    /// Whether tracing created variables (TensorFlow then traces again).
    pub created_variables: bool,
    /// The TPU computations `TPUStrategy.run` built into the body, compiled when the
    /// function runs.
    pub tpu_programs: Vec<TpuProgram>,
    /// For a branch or loop body of functional control flow: the tensors of the enclosing
    /// graph it captures, passed after the eager captures (their arguments come last).
    pub outer_captures: Vec<GraphTensor>,
}

#[derive(Clone, Debug)]
struct TraceState {
    graph: GraphId,
    function_name: String,
    parameters: Vec<OperationId>,
    /// Eager tensors captured as arguments (`Placeholder`s), in order.
    captures: Vec<(EagerTensor, GraphTensor)>,
    /// Eager tensors captured by value (`Const`s).
    constants: Vec<(EagerTensor, GraphTensor)>,
    variable_creation_allowed: bool,
    created_variables: bool,
    tpu_programs: Vec<TpuProgram>,
    /// Tensors of the enclosing graph captured as arguments (a branch or loop body).
    outer_captures: Vec<(GraphTensor, GraphTensor)>,
    /// A branch or loop body: named `<name>_<uid>`, not `__inference_<name>_<uid>`.
    nested: bool,
}

/// The context's traced functions and traces in progress.
#[derive(Clone, Debug, Default)]
pub struct FunctionState {
    /// Shared, so a call holds its function without copying its graph.
    pub functions: Vec<std::rc::Rc<ConcreteFunction>>,
    traces: Vec<TraceState>,
    /// Calls made under a recording tape, which name their tensors for it.
    pub(crate) taped_calls: u32,
}

impl Context {
    /// Starts tracing `function_name` with `args`; returns the parameter handles to call
    /// the Python function with. Ops created until [`Context::end_trace`] go to the body.
    pub fn begin_trace(
        &mut self,
        function_name: &str,
        args: &[ArgSpec],
        allow_variable_creation: bool,
    ) -> TfResult<Vec<Handle>> {
        // Tracing asks for the default graph (TensorFlow's global one comes to exist), then
        // makes the `FuncGraph`: a uid each.
        self.touch_global_default_graph();
        let graph = self.add_graph(GraphKind::Function {
            name: function_name.to_string(),
        })?;
        self.take_uids(1);
        let stack = self.call_stack().to_vec();
        let mut handles = Vec::with_capacity(args.len());
        let mut parameters = Vec::with_capacity(args.len());
        for arg in args {
            let kind = crate::op_defs::Arg::kind(ValueType::Dense(arg.dtype), arg.shape.clone());
            let operation = self.graph_mut(graph)?.create_op(
                kind,
                OpName::Unique(&arg.name),
                Vec::new(),
                &stack,
            )?;
            parameters.push(operation);
            handles.push(Handle::Symbolic(GraphTensor {
                graph,
                operation,
                output: 0,
            }));
        }
        self.functions.traces.push(TraceState {
            graph,
            function_name: function_name.to_string(),
            parameters,
            captures: Vec::new(),
            constants: Vec::new(),
            variable_creation_allowed: allow_variable_creation,
            created_variables: false,
            tpu_programs: Vec::new(),
            outer_captures: Vec::new(),
            nested: false,
        });
        self.push_default_graph(graph);
        Ok(handles)
    }

    /// Starts tracing a branch or loop body (`cond_true`, `while_body`) of functional
    /// control flow inside the function being traced: a function of its own with
    /// parameters `params`, which may capture the enclosing graph's tensors. Finish it with
    /// [`Context::end_trace`] or [`Context::abort_trace`].
    pub fn begin_branch(&mut self, name: &str, params: &[ArgSpec]) -> TfResult<Vec<Handle>> {
        let handles = self.begin_trace(name, params, false)?;
        if let Some(trace) = self.functions.traces.last_mut() {
            trace.nested = true;
        }
        Ok(handles)
    }

    /// `tensor` of an enclosing graph used in `graph`, a branch or loop body traced inside
    /// it: captured once as an argument of each body between them. `None` when `graph`
    /// is not traced inside `tensor`'s graph.
    pub(crate) fn capture_outer(
        &mut self,
        graph: GraphId,
        tensor: GraphTensor,
    ) -> TfResult<Option<GraphTensor>> {
        let Some(index) = self
            .functions
            .traces
            .iter()
            .rposition(|trace| trace.graph == graph)
        else {
            return Ok(None);
        };
        if index == 0 || !self.functions.traces[index].nested {
            return Ok(None);
        }
        let parent = self.functions.traces[index - 1].graph;
        let source = if parent == tensor.graph {
            tensor
        } else {
            match self.capture_outer(parent, tensor)? {
                Some(captured) => captured,
                None => return Ok(None),
            }
        };
        if let Some((_, inner)) = self.functions.traces[index]
            .outer_captures
            .iter()
            .find(|(outer, _)| *outer == source)
        {
            return Ok(Some(*inner));
        }
        let source_graph = self.graph(source.graph)?;
        let fact = source_graph
            .tensor_fact(source)
            .ok_or_else(|| TfError::internal("a captured tensor has no type"))?;
        let name = source_graph
            .operation(source.operation)
            .map(|op| op.name.rsplit('/').next().unwrap_or("input").to_string())
            .unwrap_or_else(|| "input".to_string());
        let kind = crate::op_defs::Arg::kind(fact.value_type, fact.shape.clone());
        let stack = self.call_stack().to_vec();
        let operation =
            self.graph_mut(graph)?
                .create_op(kind, OpName::Unique(&name), Vec::new(), &stack)?;
        let inner = GraphTensor {
            graph,
            operation,
            output: 0,
        };
        self.functions.traces[index]
            .outer_captures
            .push((source, inner));
        Ok(Some(inner))
    }

    /// Finishes the innermost trace with the function's results.
    pub fn end_trace(&mut self, outputs: &[Handle]) -> TfResult<ConcreteFunctionId> {
        let mut identities = Vec::with_capacity(outputs.len());
        for output in outputs {
            let handle = self.identity(output.clone().into(), None)?;
            let Handle::Symbolic(tensor) = handle else {
                return Err(TfError::internal("a traced output was eager"));
            };
            identities.push(tensor);
        }
        if let Some(graph) = self.functions.traces.last().map(|trace| trace.graph) {
            self.add_automatic_control_output(graph, &identities)?;
        }
        let trace = self
            .functions
            .traces
            .pop()
            .ok_or_else(|| TfError::internal("end_trace without begin_trace"))?;
        self.pop_default_graph();
        let uid = self.next_uid();
        let mut arguments = trace.parameters.clone();
        arguments.extend(trace.captures.iter().map(|(_, tensor)| tensor.operation));
        arguments.extend(
            trace
                .outer_captures
                .iter()
                .map(|(_, inner)| inner.operation),
        );
        let name = if trace.nested {
            format!("{}_{uid}", trace.function_name)
        } else {
            format!("__inference_{}_{uid}", trace.function_name)
        };
        self.functions
            .functions
            .push(std::rc::Rc::new(ConcreteFunction {
                name,
                graph: self.graph(trace.graph)?.clone(),
                arguments,
                captures: trace
                    .captures
                    .into_iter()
                    .map(|(tensor, _)| tensor)
                    .collect(),
                outputs: identities,
                created_variables: trace.created_variables,
                tpu_programs: trace.tpu_programs,
                outer_captures: trace
                    .outer_captures
                    .iter()
                    .map(|(outer, _)| *outer)
                    .collect(),
            }));
        Ok(ConcreteFunctionId(
            self.functions.functions.len() as u32 - 1,
        ))
    }

    /// Notes a TPU computation built into the innermost trace, to compile when it runs.
    pub fn add_tpu_program_to_trace(&mut self, program: TpuProgram) {
        if let Some(trace) = self.functions.traces.last_mut() {
            trace.tpu_programs.push(program);
        }
    }

    /// The name of the Python function being traced, if any.
    pub fn traced_function_name(&self) -> Option<&str> {
        self.functions
            .traces
            .last()
            .map(|trace| trace.function_name.as_str())
    }

    /// Abandons the innermost trace (the Python function raised).
    pub fn abort_trace(&mut self) {
        if self.functions.traces.pop().is_some() {
            self.pop_default_graph();
        }
    }

    /// A traced function.
    pub fn concrete_function(
        &self,
        id: ConcreteFunctionId,
    ) -> TfResult<&std::rc::Rc<ConcreteFunction>> {
        self.functions
            .functions
            .get(id.0 as usize)
            .ok_or_else(|| TfError::internal("unknown concrete function"))
    }

    /// True when the function's graph calls Python (`tf.py_function`,
    /// `tf.numpy_function`): the binding then runs it eagerly, where the call is a plain
    /// Python call.
    pub fn function_calls_python(&self, id: ConcreteFunctionId) -> TfResult<bool> {
        Ok(self
            .concrete_function(id)?
            .graph
            .operations()
            .iter()
            .any(|operation| {
                operation
                    .kind
                    .downcast::<crate::op_defs::PyFunc>()
                    .is_some()
            }))
    }

    /// Called by variable creation inside a trace: allowed once, then the singleton error.
    pub fn check_variable_creation_in_trace(&mut self) -> TfResult<()> {
        let trace = self.functions.traces.last_mut().ok_or_else(|| {
            TfError::internal("variable creation in a function graph without a trace")
        })?;
        if !trace.variable_creation_allowed {
            return Err(TfError::value_error(SINGLETON_VARIABLE_MESSAGE));
        }
        trace.created_variables = true;
        Ok(())
    }

    /// An eager tensor used in the body as the input `name` of an op (in the op's name
    /// scope): TensorFlow's `capture_by_value`. A small one (at most
    /// [`EAGER_CONST_THRESHOLD`] elements) becomes a `Const` holding its value
    /// (`MatMul/b`), a larger one an extra argument, a `Placeholder` (`Sum/input`); each
    /// tensor is captured once per trace.
    pub fn capture_in_trace(
        &mut self,
        graph: GraphId,
        tensor: &EagerTensor,
        name: &str,
    ) -> TfResult<GraphTensor> {
        if let Some(existing) = self.existing_capture(graph, tensor) {
            return Ok(existing);
        }
        let small = tensor
            .value
            .tensor()
            .filter(|value| value.num_elements() <= EAGER_CONST_THRESHOLD)
            .filter(|_| !self.is_replica_id(tensor));
        let Some(value) = small.cloned() else {
            return self.capture_named(graph, tensor, CaptureName::InScope(name));
        };
        let stack = self.call_stack().to_vec();
        let operation = self.graph_mut(graph)?.create_op(
            crate::op_defs::Const::kind(value),
            OpName::Unique(name),
            Vec::new(),
            &stack,
        )?;
        let constant = GraphTensor {
            graph,
            operation,
            output: 0,
        };
        if let Some(trace) = self.trace_of_mut(graph) {
            trace.constants.push((tensor.clone(), constant));
        }
        Ok(constant)
    }

    /// A variable's handle used by op `op_name` (already reserved) of the body: captured
    /// once, as `<op_name>/resource`. TensorFlow captures the handle while converting the
    /// op's `resource` input inside the op's name scope (`_apply_op_helper`), so the first
    /// read of a variable shows `ReadVariableOp/resource` (oracle, TF 2.21).
    pub fn capture_resource_input(
        &mut self,
        graph: GraphId,
        handle: &EagerTensor,
        op_name: &str,
    ) -> TfResult<GraphTensor> {
        self.capture_named(graph, handle, CaptureName::Resource(op_name))
    }

    /// What `graph`'s trace already made of `tensor`: its `Const` or its argument.
    pub(crate) fn existing_capture(
        &self,
        graph: GraphId,
        tensor: &EagerTensor,
    ) -> Option<GraphTensor> {
        let trace = self
            .functions
            .traces
            .iter()
            .rev()
            .find(|trace| trace.graph == graph)?;
        trace
            .captures
            .iter()
            .chain(&trace.constants)
            .find(|(captured, _)| captured == tensor)
            .map(|(_, graph_tensor)| *graph_tensor)
    }

    /// The trace in progress building `graph`.
    fn trace_of_mut(&mut self, graph: GraphId) -> Option<&mut TraceState> {
        self.functions
            .traces
            .iter_mut()
            .rev()
            .find(|trace| trace.graph == graph)
    }

    /// Captures `tensor` once as an argument of the body, a `Placeholder` named as `name`
    /// says.
    fn capture_named(
        &mut self,
        graph: GraphId,
        tensor: &EagerTensor,
        name: CaptureName<'_>,
    ) -> TfResult<GraphTensor> {
        if let Some(existing) = self.existing_capture(graph, tensor) {
            return Ok(existing);
        }
        let kind = crate::op_defs::Arg::kind(
            tensor.value.value_type(),
            tensor
                .value
                .shape()
                .map_or_else(|| TensorShape::new(Vec::new()), TensorShape::from),
        );
        let stack = self.call_stack().to_vec();
        let g = self.graph_mut(graph)?;
        let operation = match name {
            CaptureName::Resource(scope) => {
                let previous = g.push_exact_name_scope(scope);
                let operation = g.create_op(kind, OpName::Unique("resource"), Vec::new(), &stack);
                g.pop_name_scope(previous);
                operation?
            }
            CaptureName::InScope(name) => {
                g.create_op(kind, OpName::Unique(name), Vec::new(), &stack)?
            }
        };
        let captured = GraphTensor {
            graph,
            operation,
            output: 0,
        };
        if let Some(trace) = self.trace_of_mut(graph) {
            trace.captures.push((tensor.clone(), captured));
        }
        Ok(captured)
    }

    /// The eager tensor op `operation` of `graph` captured (as an argument or by value),
    /// if it is a capture of a trace in progress.
    pub fn captured_tensor(&self, graph: GraphId, operation: OperationId) -> Option<EagerTensor> {
        self.functions
            .traces
            .iter()
            .rev()
            .find(|trace| trace.graph == graph)
            .and_then(|trace| {
                trace
                    .captures
                    .iter()
                    .chain(&trace.constants)
                    .find(|(_, tensor)| tensor.operation == operation)
            })
            .map(|(captured, _)| captured.clone())
    }

    /// Calls a traced function eagerly: one op `__inference_f_N` on the caller's device,
    /// its body placed as a graph with soft placement and outputs pinned (case d02).
    pub fn call_function(
        &mut self,
        id: ConcreteFunctionId,
        inputs: &[EagerTensor],
    ) -> TfResult<Vec<EagerTensor>> {
        self.call_function_as(id, inputs, false)
    }

    /// [`Context::call_function`] of a function XLA compiles when `xla`
    /// (`jit_compile=True`): its call op says so, and the simulator fuses its body.
    pub fn call_function_as(
        &mut self,
        id: ConcreteFunctionId,
        inputs: &[EagerTensor],
        xla: bool,
    ) -> TfResult<Vec<EagerTensor>> {
        let function = self.concrete_function(id)?.clone();
        let mut arguments: Vec<EagerTensor> = inputs.to_vec();
        arguments.extend(function.captures.iter().cloned());
        if arguments.len() != function.arguments.len() {
            return Err(TfError::type_error(format!(
                "{} takes {} arguments, got {}",
                function.name,
                function.arguments.len() - function.captures.len(),
                inputs.len()
            )));
        }
        // The function's kernel checks each argument's dtype against its parameter's, as
        // any kernel checks its inputs (shapes are not checked: a trace's placeholders
        // accept any shape the runtime sees).
        for (index, (tensor, argument)) in inputs.iter().zip(&function.arguments).enumerate() {
            let expected = function
                .graph
                .operation(*argument)
                .and_then(|op| op.outputs.first())
                .map(|fact| fact.value_type);
            let actual = tensor.value.value_type();
            if let (Some(ValueType::Dense(expected)), ValueType::Dense(actual)) = (expected, actual)
            {
                if expected != actual {
                    return Err(TfError::invalid_argument(format!(
                        "cannot compute {name} as input #{index}(zero-based) was expected to be \
                         a {} tensor but is a {} tensor [Op:{name}]",
                        expected.kernel_name(),
                        actual.kernel_name(),
                        name = function.name,
                    )));
                }
            }
        }
        for program in &function.tpu_programs {
            self.check_tpu_program_in(&function, program)?;
        }
        let caller = self.caller_device()?;
        let soft = self.function_soft_placement();
        let log = self.log_device_placement;
        let scope = self.eager_scope_device().to_string();
        let argument_devices: Vec<String> = arguments
            .iter()
            .map(|tensor| tensor.device_name.clone())
            .collect();
        let placer_graph =
            crate::function_body::function_placer_graph(&function, &argument_devices);
        let options = GraphPlacementOptions {
            allow_soft_placement: soft,
            log_device_placement: log,
            default_local_device: Some(caller),
            pin_function_outputs: true,
        };
        let devices = self.devices()?.clone();
        let mut placement = place_graph(&placer_graph, &devices, &self.registry, &options)
            .map_err(|error| {
                TfError::new(
                    error.code.into(),
                    format!("{} [Op:{}]", error.message, function.name),
                )
            })?;
        for placed in &placement.nodes {
            self.distribute
                .tpu
                .check_ready(&devices.device(placed.device).name)?;
        }
        let caller_name = devices.device(caller).name.clone();
        let caller_type = devices.device(caller).device_type.clone();
        // A multi-device function takes its arguments where they live (`_Arg` is pinned to
        // the input's device): the call itself copies nothing, the body's ops do.
        let recorded: Vec<RecordedInput> = inputs
            .iter()
            .map(|input| RecordedInput {
                producer: input.producer,
                tensor_name: input.tensor_name.clone(),
                device: input.device_name.clone(),
                bytes: 0,
            })
            .collect();
        let reason = PlacementReason::DefaultPriority {
            device_type: caller_type,
        };
        let (call_id, _) = self.record_eager(
            &function.name,
            &function.name,
            &scope,
            &caller_name,
            &reason,
            &recorded,
            None,
        );
        if xla {
            self.recorder.mark_xla(call_id);
        }
        let argument_indices: Vec<usize> = function
            .arguments
            .iter()
            .map(|argument| argument.index())
            .collect();
        self.log_function_placement(&function.name, &placer_graph, &placement, &argument_indices)?;
        for line in std::mem::take(&mut placement.log_lines) {
            self.log(line);
        }
        // Under a recording tape the body's ops are taped too, each tensor named within
        // this call (the arguments by the caller's tensors), so gradients flow through it.
        let taped_call = self.tapes.any_recording().then(|| {
            self.functions.taped_calls += 1;
            format!("{}/call_{}", function.name, self.functions.taped_calls)
        });
        let run = BodyRun {
            function: &function,
            placement: &placement,
            devices: &devices,
            report_prefix: function.name.clone(),
            tape: taped_call.clone().map(|prefix| TapeNaming {
                prefix,
                arguments: arguments.iter().map(|a| a.tensor_name.clone()).collect(),
            }),
        };
        let argument_values = function
            .arguments
            .iter()
            .zip(&arguments)
            .map(|(_, tensor)| (tensor.value.clone(), tensor.producer.or(call_id)))
            .collect();
        self.recorder.begin_call();
        let executed = self.execute_body(&run, argument_values);
        self.recorder.end_call();
        let values = executed?;
        let tape_name = |id: OperationId, output: u32| run.tape_name(id, output);
        self.take_uids(function.outputs.len());
        let retval_base = function.graph.operations().len();
        let results: Vec<EagerTensor> = function
            .outputs
            .iter()
            .enumerate()
            .map(|(index, output)| {
                let (value, producer) = values
                    .get(&(output.operation, output.output))
                    .cloned()
                    .ok_or_else(|| TfError::internal("a function output was not computed"))?;
                let device = placement
                    .nodes
                    .get(retval_base + index)
                    .map(|placed| placed.device)
                    .unwrap_or(caller);
                Ok(EagerTensor {
                    value,
                    device,
                    device_name: devices.device(device).name.clone(),
                    producer,
                    tensor_name: match &taped_call {
                        Some(call) => format!("{call}:{index}"),
                        None => format!("{}:{index}", function.name),
                    },
                })
            })
            .collect::<TfResult<_>>()?;
        if taped_call.is_some() {
            // Each output is its `_Retval`'s input, passed through.
            for (output, result) in function.outputs.iter().zip(&results) {
                let inner = (
                    tape_name(output.operation, output.output),
                    result.value.clone(),
                );
                let outer = (result.tensor_name.clone(), result.value.clone());
                self.tape_record_values(
                    &crate::op_defs::Identity::kind(),
                    vec![inner],
                    vec![outer],
                );
            }
        }
        Ok(results)
    }
}
