//! Graph mode: `tf.Graph` (with `as_default()` and `get_operations()`), `tf.Operation`,
//! and the TF1 API of `tf.compat.v1`: `Session`, `ConfigProto`, `placeholder`,
//! `global_variables_initializer`, `get_variable` / `variable_scope` with initializers,
//! `assign*`, `get_default_graph` and `disable_v2_behavior`.
//!
//! Mode rules: `tf.Graph().as_default()` scopes graph mode; `disable_v2_behavior()` (or
//! `disable_eager_execution()`) makes the TF1 global graph the default for the rest of the
//! run, so TF1 programs run verbatim; entering a `Session` makes its graph the default.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use lang::host::{new_native_instance, set_native_data, ClassBuilder};
use lang::value::{Args, Class, Module, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{name_arg, opt_dtype, tensor_shape, to_operand, to_tensor};
use crate::tensor_class::{wrap, PyTensor};
use crate::variable_class::{wrap_variable, PyVariable};
use crate::{bound, def, this, this_as, St};
use runtime::graph::{GraphId, GraphTensor, OperationId};
use runtime::op::OpKind;
use runtime::session::{Fetch, Session, SessionConfig};
use runtime::variables::{Initializer, RandomInit, Reuse};
use runtime::Handle;
use tensor::{ops, DType, Tensor};

/// The data of a `tf.Graph` object.
pub struct PyGraph(pub GraphId);

/// The data of a `tf.Operation` object.
pub struct PyOperation {
    /// Its graph.
    pub graph: GraphId,
    /// The operation.
    pub op: OperationId,
}

/// The data of `graph.as_default()` / `Session` entry.
struct DefaultScope {
    graph: Value,
    id: GraphId,
    entered: Cell<bool>,
}

/// The data of a `Session`.
struct PySession {
    session: RefCell<Session>,
    entered: Cell<bool>,
}

/// A `get_variable` initializer.
#[derive(Clone, Debug)]
enum InitKind {
    Ones,
    Zeros,
    Constant(Value),
    /// A TF1 random initializer: a distribution (made concrete with the variable's shape
    /// for variance scaling) and its op-level seed.
    Random(RandomKind, Option<u64>),
}

/// What a TF1 random initializer draws: a distribution as it is, or variance scaling,
/// whose distribution depends on the variable's shape.
#[derive(Clone, Copy, Debug)]
enum RandomKind {
    Drawn(RandomInit),
    /// `VarianceScaling(scale, mode, distribution)`, as TF1's `init_ops` computes it.
    VarianceScaling {
        scale: f64,
        mode: FanMode,
        distribution: ScalingDistribution,
    },
}

#[derive(Clone, Copy, Debug)]
enum FanMode {
    In,
    Out,
    Average,
}

#[derive(Clone, Copy, Debug)]
enum ScalingDistribution {
    TruncatedNormal,
    UntruncatedNormal,
    Uniform,
}

impl RandomKind {
    /// The distribution for a variable of `shape` (TF1's `_compute_fans`).
    fn resolve(self, shape: &[usize]) -> RandomInit {
        match self {
            RandomKind::Drawn(distribution) => distribution,
            RandomKind::VarianceScaling {
                scale,
                mode,
                distribution,
            } => {
                let (fan_in, fan_out) = match shape {
                    [] => (1.0, 1.0),
                    [only] => (*only as f64, *only as f64),
                    [rows, columns] => (*rows as f64, *columns as f64),
                    [receptive @ .., rows, columns] => {
                        let field: usize = receptive.iter().product();
                        ((rows * field) as f64, (columns * field) as f64)
                    }
                };
                let n = match mode {
                    FanMode::In => fan_in,
                    FanMode::Out => fan_out,
                    FanMode::Average => (fan_in + fan_out) / 2.0,
                };
                let scale = scale / n.max(1.0);
                match distribution {
                    ScalingDistribution::TruncatedNormal => RandomInit::TruncatedNormal {
                        mean: 0.0,
                        stddev: scale.sqrt() / 0.879_625_661_034_239_8,
                    },
                    ScalingDistribution::UntruncatedNormal => RandomInit::Normal {
                        mean: 0.0,
                        stddev: scale.sqrt(),
                    },
                    ScalingDistribution::Uniform => {
                        let limit = (3.0 * scale).sqrt();
                        RandomInit::Uniform {
                            minval: -limit,
                            maxval: limit,
                        }
                    }
                }
            }
        }
    }
}

struct PyInitializer(InitKind);

/// The data of a `variable_scope` context manager.
struct ScopeData {
    name: String,
    reuse: Reuse,
    entered: Cell<bool>,
}

/// The marker `tf.compat.v1.AUTO_REUSE`.
struct AutoReuse;

/// The classes of graph mode.
pub struct GraphClasses {
    pub(crate) graph: Rc<Class>,
    pub(crate) default_scope: Rc<Class>,
    pub(crate) operation: Rc<Class>,
    pub(crate) session: Rc<Class>,
    pub(crate) config_proto: Rc<Class>,
    pub(crate) gpu_options: Rc<Class>,
    pub(crate) initializer: Rc<Class>,
    pub(crate) variable_scope: Rc<Class>,
    pub(crate) reuse_mode: Rc<Class>,
}

fn graph_id(vm: &Vm<'_>, value: &Value) -> PyResult<GraphId> {
    value
        .downcast::<PyGraph>()
        .map(|g| g.0)
        .ok_or_else(|| vm.type_error("expected a tf.Graph"))
}

/// The unique Python object of graph `id`.
pub fn graph_object(st: &St, vm: &Vm<'_>, id: GraphId) -> PyResult {
    if let Some(object) = st.graph_objects.borrow().get(&id.0) {
        return Ok(object.clone());
    }
    let classes = st.classes(vm)?;
    let object = new_native_instance(&classes.graph.graph, Rc::new(PyGraph(id)));
    st.graph_objects.borrow_mut().insert(id.0, object.clone());
    Ok(object)
}

/// A `tf.Operation` object.
pub fn operation_object(st: &St, vm: &Vm<'_>, graph: GraphId, op: OperationId) -> PyResult {
    let classes = st.classes(vm)?;
    Ok(new_native_instance(
        &classes.graph.operation,
        Rc::new(PyOperation { graph, op }),
    ))
}

/// The TF1 global default graph (created on first use).
pub fn global_graph(st: &St, vm: &mut Vm<'_>) -> PyResult<GraphId> {
    if let Some(id) = st.global_graph.get() {
        return Ok(id);
    }
    let id = st.tf(vm, |ctx| ctx.new_global_graph())?;
    st.global_graph.set(Some(id));
    Ok(id)
}

/// The graph new ops go to, or the global graph when executing eagerly.
fn default_graph(st: &St, vm: &mut Vm<'_>) -> PyResult<GraphId> {
    match st.with_ctx(vm, |ctx| ctx.default_graph())? {
        Some(id) => Ok(id),
        None => global_graph(st, vm),
    }
}

fn operation_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<PyOperation>> {
    this_as::<PyOperation>(vm, args, "expected a tf.Operation")
}

fn operation_field<T>(
    st: &St,
    vm: &Vm<'_>,
    args: &Args<'_>,
    f: impl FnOnce(&runtime::graph::Operation) -> T,
) -> PyResult<T> {
    let op = operation_of(vm, args)?;
    let found = st.with_ctx(vm, |ctx| {
        ctx.graph(op.graph)
            .ok()
            .and_then(|g| g.operation(op.op))
            .map(f)
    })?;
    found.ok_or_else(|| vm.runtime_error("unknown operation"))
}

fn scope_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<DefaultScope>> {
    this_as::<DefaultScope>(vm, args, "expected a graph context")
}

/// Builds the classes.
pub fn build_classes(st: &St) -> GraphClasses {
    let graph = ClassBuilder::new("Graph", "tensorflow.python.framework.ops")
        .method_closure(
            "__init__",
            bound(st, |st, vm, args| {
                let me = this(vm, &args)?.clone();
                let id = st.tf(vm, |ctx| ctx.new_graph())?;
                set_native_data(&me, Rc::new(PyGraph(id)));
                st.graph_objects.borrow_mut().insert(id.0, me);
                Ok(Value::None)
            }),
        )
        .method_closure(
            "as_default",
            bound(st, |st, vm, args| {
                let me = this(vm, &args)?.clone();
                let id = graph_id(vm, &me)?;
                let classes = st.classes(vm)?;
                Ok(new_native_instance(
                    &classes.graph.default_scope,
                    Rc::new(DefaultScope {
                        graph: me,
                        id,
                        entered: Cell::new(false),
                    }),
                ))
            }),
        )
        .method_closure(
            "get_operations",
            bound(st, |st, vm, args| {
                let id = graph_id(vm, this(vm, &args)?)?;
                let count = st.tf(vm, |ctx| Ok(ctx.graph(id)?.operations().len()))?;
                let mut ops = Vec::with_capacity(count);
                for index in 0..count {
                    ops.push(operation_object(st, vm, id, OperationId(index as u32))?);
                }
                Ok(Value::list(ops))
            }),
        )
        .method_closure(
            "get_operation_by_name",
            bound(st, |st, vm, args| {
                let id = graph_id(vm, this(vm, &args)?)?;
                let name = crate::string_arg(vm, args.get(1).unwrap_or(&Value::None), "name")?;
                let found = st.tf(vm, |ctx| Ok(ctx.graph(id)?.operation_by_name(&name)))?;
                match found {
                    Some(op) => operation_object(st, vm, id, op),
                    None => Err(vm.key_error(Value::str(format!(
                        "The name '{name}' refers to an Operation not in the graph."
                    )))),
                }
            }),
        )
        .method_closure(
            "get_tensor_by_name",
            bound(st, |st, vm, args| {
                let id = graph_id(vm, this(vm, &args)?)?;
                let name = crate::string_arg(vm, args.get(1).unwrap_or(&Value::None), "name")?;
                let (op_name, index) = match name.rsplit_once(':') {
                    Some((op, index)) => (op.to_string(), index.parse::<u32>().ok()),
                    None => (name.clone(), None),
                };
                let Some(index) = index else {
                    return Err(vm.value_error(format!(
                        "The name '{name}' looks a like an Operation name, not a Tensor name."
                    )));
                };
                let found = st.tf(vm, |ctx| Ok(ctx.graph(id)?.operation_by_name(&op_name)))?;
                match found {
                    Some(operation) => wrap(
                        st,
                        vm,
                        Handle::Symbolic(GraphTensor {
                            graph: id,
                            operation,
                            output: index,
                        }),
                    ),
                    None => Err(vm.key_error(Value::str(format!(
                        "The name '{name}' refers to a Tensor which does not exist."
                    )))),
                }
            }),
        )
        .build();
    let default_scope = ClassBuilder::new("_GeneratorContextManager", "contextlib")
        .method_closure(
            "__enter__",
            bound(st, |st, vm, args| {
                let scope = scope_of(vm, &args)?;
                let id = scope.id;
                st.tf(vm, |ctx| {
                    ctx.push_default_graph(id);
                    Ok(())
                })?;
                scope.entered.set(true);
                Ok(scope.graph.clone())
            }),
        )
        .method_closure(
            "__exit__",
            bound(st, |st, vm, args| {
                let scope = scope_of(vm, &args)?;
                if scope.entered.replace(false) {
                    st.tf(vm, |ctx| {
                        ctx.pop_default_graph();
                        Ok(())
                    })?;
                }
                Ok(Value::Bool(false))
            }),
        )
        .build();
    let operation = ClassBuilder::new("Operation", "tensorflow.python.framework.ops")
        .method_closure("run", crate::python_method(DEFAULT_SESSION, "run"))
        .method_closure(
            "__str__",
            bound(st, |st, vm, args| {
                let op = operation_of(vm, &args)?;
                let (graph, id) = (op.graph, op.op);
                let text = st.tf(vm, |ctx| {
                    let graph = ctx.graph(graph)?;
                    let operation = graph
                        .operation(id)
                        .ok_or_else(|| runtime::error::TfError::internal("unknown operation"))?;
                    Ok(runtime::node_def::node_def_text(graph, operation))
                })?;
                Ok(Value::str(text))
            }),
        )
        .method_closure(
            "__repr__",
            bound(st, |st, vm, args| {
                let (name, kind) =
                    operation_field(st, vm, &args, |op| (op.name.clone(), op.kind.op_type()))?;
                Ok(Value::str(format!("<tf.Operation '{name}' type={kind}>")))
            }),
        )
        .method("__eq__", |vm, args| {
            let op = operation_of(vm, &args)?;
            Ok(Value::Bool(
                match args.get(1).and_then(|v| v.downcast::<PyOperation>()) {
                    Some(other) => other.graph == op.graph && other.op == op.op,
                    None => false,
                },
            ))
        })
        .method("__hash__", |vm, args| {
            let op = operation_of(vm, &args)?;
            Ok(Value::Int(((op.graph.0 as i64) << 32) | op.op.0 as i64))
        })
        .property_closure(
            "name",
            bound(st, |st, vm, args| {
                Ok(Value::str(operation_field(st, vm, &args, |op| {
                    op.name.clone()
                })?))
            }),
            None,
        )
        .property_closure(
            "type",
            bound(st, |st, vm, args| {
                Ok(Value::str(operation_field(st, vm, &args, |op| {
                    op.kind.op_type()
                })?))
            }),
            None,
        )
        .property_closure(
            "device",
            bound(st, |st, vm, args| {
                Ok(Value::str(operation_field(st, vm, &args, |op| {
                    op.device.clone()
                })?))
            }),
            None,
        )
        .property_closure(
            "graph",
            bound(st, |st, vm, args| {
                let op = operation_of(vm, &args)?;
                graph_object(st, vm, op.graph)
            }),
            None,
        )
        .property_closure(
            "outputs",
            bound(st, |st, vm, args| {
                let op = operation_of(vm, &args)?;
                let count = operation_field(st, vm, &args, |o| o.outputs.len())?;
                let mut outputs = Vec::with_capacity(count);
                for output in 0..count {
                    let tensor = GraphTensor {
                        graph: op.graph,
                        operation: op.op,
                        output: output as u32,
                    };
                    outputs.push(wrap(st, vm, Handle::Symbolic(tensor))?);
                }
                Ok(Value::list(outputs))
            }),
            None,
        )
        .property_closure(
            "inputs",
            bound(st, |st, vm, args| {
                let inputs = operation_field(st, vm, &args, |o| o.inputs.clone())?;
                let mut values = Vec::with_capacity(inputs.len());
                for input in inputs {
                    values.push(wrap(st, vm, Handle::Symbolic(input))?);
                }
                Ok(Value::tuple(values))
            }),
            None,
        )
        .property_closure(
            "control_inputs",
            bound(st, |st, vm, args| {
                let graph = operation_of(vm, &args)?.graph;
                let inputs = operation_field(st, vm, &args, |o| o.control_inputs.clone())?;
                let mut values = Vec::with_capacity(inputs.len());
                for input in inputs {
                    values.push(operation_object(st, vm, graph, input)?);
                }
                Ok(Value::list(values))
            }),
            None,
        )
        .method_closure(
            "colocation_groups",
            bound(st, |st, vm, args| {
                let groups = operation_field(st, vm, &args, |o| o.colocation_groups.clone())?;
                Ok(Value::list(
                    groups
                        .into_iter()
                        .map(|g| Value::Bytes(Rc::new(g.into_bytes())))
                        .collect(),
                ))
            }),
        )
        .build();
    let session = ClassBuilder::new("Session", "tensorflow.python.client.session")
        .method_closure("__init__", bound(st, session_init))
        .method_closure("run", bound(st, session_run))
        .method("close", |_vm, _args| Ok(Value::None))
        .method_closure(
            "__enter__",
            bound(st, |st, vm, args| {
                let me = this(vm, &args)?.clone();
                let session = session_of(vm, &me)?;
                let id = session.session.borrow().graph();
                st.tf(vm, |ctx| {
                    ctx.push_default_graph(id);
                    Ok(())
                })?;
                session.entered.set(true);
                // `with Session() as sess:` makes it the default session too.
                crate::python_method(DEFAULT_SESSION, "push")(
                    vm,
                    Args::new(std::slice::from_ref(&me), &[]),
                )?;
                Ok(me)
            }),
        )
        .method_closure(
            "as_default",
            crate::python_method(DEFAULT_SESSION, "as_default"),
        )
        .method_closure(
            "__exit__",
            bound(st, |st, vm, args| {
                let session = session_of(vm, this(vm, &args)?)?;
                if session.entered.replace(false) {
                    st.tf(vm, |ctx| {
                        ctx.pop_default_graph();
                        Ok(())
                    })?;
                }
                let me = this(vm, &args)?.clone();
                crate::python_method(DEFAULT_SESSION, "pop")(
                    vm,
                    Args::new(std::slice::from_ref(&me), &[]),
                )?;
                Ok(Value::Bool(false))
            }),
        )
        .property_closure(
            "graph",
            bound(st, |st, vm, args| {
                let session = session_of(vm, this(vm, &args)?)?;
                let id = session.session.borrow().graph();
                graph_object(st, vm, id)
            }),
            None,
        )
        .build();
    let gpu_options = ClassBuilder::new("GPUOptions", "tensorflow.core.protobuf.config_pb2")
        .method("__init__", |vm, args| {
            let me = this(vm, &args)?.clone();
            vm.set_attr(&me, &lang::value::name("allow_growth"), Value::Bool(false))?;
            vm.set_attr(
                &me,
                &lang::value::name("per_process_gpu_memory_fraction"),
                Value::Float(0.0),
            )?;
            for (key, value) in args.keywords {
                vm.set_attr(&me, key, value.clone())?;
            }
            Ok(Value::None)
        })
        .build();
    let config_proto = ClassBuilder::new("ConfigProto", "tensorflow.core.protobuf.config_pb2")
        .method_closure(
            "__init__",
            bound(st, |st, vm, args| {
                let me = this(vm, &args)?.clone();
                let classes = st.classes(vm)?;
                let gpu = vm.call(&Value::Class(classes.graph.gpu_options.clone()), &[], &[])?;
                vm.set_attr(
                    &me,
                    &lang::value::name("allow_soft_placement"),
                    Value::Bool(false),
                )?;
                vm.set_attr(
                    &me,
                    &lang::value::name("log_device_placement"),
                    Value::Bool(false),
                )?;
                vm.set_attr(&me, &lang::value::name("gpu_options"), gpu)?;
                for (key, value) in args.keywords {
                    vm.set_attr(&me, key, value.clone())?;
                }
                Ok(Value::None)
            }),
        )
        .build();
    let initializer = ClassBuilder::new("Initializer", "tensorflow.python.ops.init_ops").build();
    let variable_scope =
        ClassBuilder::new("variable_scope", "tensorflow.python.ops.variable_scope")
            .method_closure(
                "reuse_variables",
                bound(st, |st, vm, _args| {
                    st.tf(vm, |ctx| ctx.reuse_variables())?;
                    Ok(Value::None)
                }),
            )
            .method_closure(
                "__enter__",
                bound(st, |st, vm, args| {
                    let me = this(vm, &args)?.clone();
                    let scope = variable_scope_of(vm, &me)?;
                    let (name, reuse) = (scope.name.clone(), scope.reuse);
                    st.tf(vm, |ctx| ctx.push_variable_scope(&name, reuse))?;
                    scope.entered.set(true);
                    Ok(me)
                }),
            )
            .method_closure(
                "__exit__",
                bound(st, |st, vm, args| {
                    let scope = variable_scope_of(vm, this(vm, &args)?)?;
                    if scope.entered.replace(false) {
                        st.tf(vm, |ctx| ctx.pop_variable_scope())?;
                    }
                    Ok(Value::Bool(false))
                }),
            )
            .property(
                "name",
                |vm, args| {
                    Ok(Value::str(
                        variable_scope_of(vm, this(vm, &args)?)?.name.clone(),
                    ))
                },
                None,
            )
            .build();
    let reuse_mode = ClassBuilder::new("_ReuseMode", "tensorflow.python.ops.variable_scope")
        .method("__repr__", |_vm, _args| {
            Ok(Value::str("<_ReuseMode.AUTO_REUSE: 1>"))
        })
        .build();
    GraphClasses {
        graph,
        default_scope,
        operation,
        session,
        config_proto,
        gpu_options,
        initializer,
        variable_scope,
        reuse_mode,
    }
}

fn variable_scope_of(vm: &Vm<'_>, value: &Value) -> PyResult<Rc<ScopeData>> {
    value
        .downcast::<ScopeData>()
        .ok_or_else(|| vm.type_error("expected a variable_scope"))
}

fn session_of(vm: &Vm<'_>, value: &Value) -> PyResult<Rc<PySession>> {
    value
        .downcast::<PySession>()
        .ok_or_else(|| vm.type_error("expected a Session"))
}

fn session_init(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "Session",
        &args,
        1,
        [this = "self", target, graph, config]
    )?;
    let me = this(vm, &args)?.clone();
    let graph = match &bound.graph {
        Some(graph) => graph_id(vm, graph)?,
        None => default_graph(st, vm)?,
    };
    let mut config = SessionConfig::default();
    if let Some(proto) = &bound.config {
        let soft = vm.get_attr_str(proto, "allow_soft_placement")?;
        config.allow_soft_placement = vm.truthy(&soft)?;
        let log = vm.get_attr_str(proto, "log_device_placement")?;
        config.log_device_placement = vm.truthy(&log)?;
    }
    set_native_data(
        &me,
        Rc::new(PySession {
            session: RefCell::new(Session::new(graph, config)),
            entered: Cell::new(false),
        }),
    );
    Ok(Value::None)
}

/// The structure of `sess.run`'s fetches, to rebuild the results in the same shape.
enum FetchTree {
    Leaf(usize),
    List(Vec<FetchTree>),
    Tuple(Vec<FetchTree>),
    Dict(Vec<(Value, FetchTree)>),
}

fn fetch_tree(
    st: &St,
    vm: &mut Vm<'_>,
    value: &Value,
    fetches: &mut Vec<Fetch>,
    depth: usize,
) -> PyResult<FetchTree> {
    if depth > 32 {
        return Err(vm.value_error("fetches are nested too deeply"));
    }
    let leaf = |fetch: Fetch, fetches: &mut Vec<Fetch>| {
        fetches.push(fetch);
        FetchTree::Leaf(fetches.len() - 1)
    };
    if let Some(tensor) = value.downcast::<PyTensor>() {
        let fetch = Fetch::from_handle(&tensor.handle)
            .map_err(|error| crate::errors::raise(st, vm, error))?;
        return Ok(leaf(fetch, fetches));
    }
    if let Some(variable) = value.downcast::<PyVariable>() {
        return Ok(leaf(Fetch::Variable(variable.id), fetches));
    }
    if let Some(op) = value.downcast::<PyOperation>() {
        return Ok(leaf(Fetch::Operation(op.op), fetches));
    }
    match value {
        Value::List(_) | Value::Tuple(_) => {
            let items = vm.iterate(value)?;
            let mut trees = Vec::with_capacity(items.len());
            for item in &items {
                trees.push(fetch_tree(st, vm, item, fetches, depth + 1)?);
            }
            Ok(if matches!(value, Value::List(_)) {
                FetchTree::List(trees)
            } else {
                FetchTree::Tuple(trees)
            })
        }
        Value::Dict(dict) => {
            let entries: Vec<(Value, Value)> = dict
                .borrow()
                .iter()
                .map(|entry| (entry.key.clone(), entry.value.clone()))
                .collect();
            let mut trees = Vec::with_capacity(entries.len());
            for (key, item) in entries {
                trees.push((key, fetch_tree(st, vm, &item, fetches, depth + 1)?));
            }
            Ok(FetchTree::Dict(trees))
        }
        other => {
            let text = vm.repr(other)?;
            let type_name = vm.class_of(other).full_name();
            Err(vm.type_error(format!(
                "Fetch argument {text} has invalid type <class '{type_name}'>, must be a string or Tensor. (Can not convert a {} into a Tensor or Operation.)",
                vm.type_name(other)
            )))
        }
    }
}

fn rebuild(vm: &mut Vm<'_>, tree: &FetchTree, results: &[Value]) -> PyResult {
    Ok(match tree {
        FetchTree::Leaf(index) => results.get(*index).cloned().unwrap_or(Value::None),
        FetchTree::List(items) => Value::list(
            items
                .iter()
                .map(|t| rebuild(vm, t, results))
                .collect::<PyResult<_>>()?,
        ),
        FetchTree::Tuple(items) => Value::tuple(
            items
                .iter()
                .map(|t| rebuild(vm, t, results))
                .collect::<PyResult<_>>()?,
        ),
        FetchTree::Dict(items) => {
            let dict = Rc::new(RefCell::new(lang::value::Dict::new()));
            for (key, t) in items {
                let value = rebuild(vm, t, results)?;
                vm.dict_setitem(&dict, key.clone(), value)?;
            }
            Value::Dict(dict)
        }
    })
}

fn session_run(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "run",
        &args,
        2,
        [this = "self", fetches, feed_dict, options, run_metadata]
    )?;
    let session = session_of(vm, this(vm, &args)?)?;
    let mut fetches = Vec::new();
    let fetch_value = args
        .get(1)
        .or_else(|| args.kwarg("fetches"))
        .cloned()
        .unwrap_or(Value::None);
    let tree = fetch_tree(st, vm, &fetch_value, &mut fetches, 0)?;
    let mut feeds: Vec<(GraphTensor, Tensor)> = Vec::new();
    if let Some(Value::Dict(dict)) = &bound.feed_dict {
        let entries: Vec<(Value, Value)> = dict
            .borrow()
            .iter()
            .map(|entry| (entry.key.clone(), entry.value.clone()))
            .collect();
        for (key, value) in entries {
            if let Some(variable) = key.downcast::<crate::variable_class::PyVariable>() {
                // TensorFlow feeds a variable's graph element, the read its constructor
                // made (`v/Read/ReadVariableOp:0`); the reads other ops made are separate
                // ops, so the feed changes none of them.
                let (name, shape) = st.tf(vm, |ctx| {
                    let v = ctx.variable(variable.id)?;
                    Ok((v.name.clone(), v.shape.clone()))
                })?;
                let value = to_tensor(st, vm, &value, None)?;
                if !shape.accepts(value.dims()) {
                    let op = name.strip_suffix(":0").unwrap_or(&name);
                    return Err(vm.value_error(format!(
                        "Cannot feed value of shape {} for Tensor {op}/Read/ReadVariableOp:0, \
                         which has shape {shape}",
                        value.shape()
                    )));
                }
                continue;
            }
            let Some(Handle::Symbolic(tensor)) =
                key.downcast::<PyTensor>().map(|t| t.handle.clone())
            else {
                let text = vm.repr(&key)?;
                return Err(vm.type_error(format!(
                    "Cannot interpret feed_dict key as Tensor: {text} is not a graph tensor"
                )));
            };
            let value = to_tensor(st, vm, &value, None)?;
            feeds.push((tensor, value));
        }
    }
    let results = {
        let mut runtime_session = session
            .session
            .try_borrow_mut()
            .map_err(|_| vm.runtime_error("the session is already running"))?;
        st.tf(vm, |ctx| runtime_session.run(ctx, &fetches, &feeds))?
    };
    let mut values = Vec::with_capacity(results.len());
    for result in results {
        values.push(match result {
            Some(tensor) => crate::numpy_module::array_value(st, vm, tensor)?,
            None => Value::None,
        });
    }
    rebuild(vm, &tree, &values)
}

fn placeholder(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "placeholder", &args, 1, [dtype, shape, name])?;
    let dtype = opt_dtype(vm, &bound.dtype)?.unwrap_or(DType::Float32);
    let shape = tensor_shape(vm, bound.shape.as_ref())?;
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| ctx.placeholder(dtype, shape, name.as_deref()))?;
    wrap(st, vm, handle)
}

fn global_variables_initializer(st: &St, vm: &mut Vm<'_>, _args: Args<'_>) -> PyResult {
    let graph = default_graph(st, vm)?;
    let pushed = st.with_ctx(vm, |ctx| ctx.default_graph().is_none())?;
    let result = st.tf(vm, |ctx| {
        if pushed {
            ctx.push_default_graph(graph);
        }
        let result = ctx.global_variables_initializer();
        if pushed {
            ctx.pop_default_graph();
        }
        result
    })?;
    operation_object(st, vm, graph, result)
}

/// `tf.no_op(name=None)`: in a graph an operation that does nothing (what `tf.group`
/// makes wait on its inputs); executing eagerly, nothing.
pub fn no_op(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "no_op", &args, 0, [name])?;
    let name = name_arg(vm, &bound.name)?;
    if st.with_ctx(vm, |ctx| ctx.default_graph().is_none())? {
        return Ok(Value::None);
    }
    let (graph, op) = st.tf(vm, |ctx| ctx.no_op(name.as_deref()))?;
    operation_object(st, vm, graph, op)
}

fn global_variables(st: &St, vm: &mut Vm<'_>, _args: Args<'_>) -> PyResult {
    variables_of_graph(st, vm, Collection::Global)
}

fn trainable_variables(st: &St, vm: &mut Vm<'_>, _args: Args<'_>) -> PyResult {
    variables_of_graph(st, vm, Collection::Trainable)
}

fn local_variables(st: &St, vm: &mut Vm<'_>, _args: Args<'_>) -> PyResult {
    variables_of_graph(st, vm, Collection::Local)
}

fn local_variables_initializer(st: &St, vm: &mut Vm<'_>, _args: Args<'_>) -> PyResult {
    let graph = default_graph(st, vm)?;
    let op = st.tf(vm, |ctx| ctx.local_variables_initializer())?;
    operation_object(st, vm, graph, op)
}

/// The variable collections the graph keeps itself.
#[derive(Clone, Copy, PartialEq)]
enum Collection {
    Global,
    Trainable,
    Local,
}

/// The default graph's variables of `collection`, in creation order.
fn variables_of_graph(st: &St, vm: &mut Vm<'_>, collection: Collection) -> PyResult {
    let graph = default_graph(st, vm)?;
    let ids = st.tf(vm, |ctx| {
        let g = ctx.graph(graph)?;
        let (all, locals) = (g.global_variables.clone(), g.local_variables.clone());
        let mut kept = Vec::with_capacity(all.len());
        for id in all {
            let keep = match collection {
                Collection::Global => !locals.contains(&id),
                Collection::Local => locals.contains(&id),
                Collection::Trainable => ctx.variable(id)?.trainable,
            };
            if keep {
                kept.push(id);
            }
        }
        Ok(kept)
    })?;
    let mut values = Vec::with_capacity(ids.len());
    for id in ids {
        values.push(wrap_variable(st, vm, id)?);
    }
    Ok(Value::list(values))
}

fn initializer_value(st: &St, vm: &Vm<'_>, kind: InitKind) -> PyResult {
    let classes = st.classes(vm)?;
    Ok(new_native_instance(
        &classes.graph.initializer,
        Rc::new(PyInitializer(kind)),
    ))
}

/// A Python initializer object (`keras.initializers.GlorotUniform()`, a function): any
/// callable but a class, a native initializer and a tensor.
fn python_initializer(vm: &Vm<'_>, value: &Value) -> bool {
    vm.is_callable(value)
        && !matches!(value, Value::Class(_) | Value::NativeFunction(_))
        && value.downcast::<PyInitializer>().is_none()
        && crate::init_ops::initializer_of(value).is_none()
        && value.downcast::<PyTensor>().is_none()
}

/// `initializer(shape, dtype=dtype)` as `get_variable` calls a callable initializer, drawn
/// eagerly (outside every graph) so the variable starts from its value.
fn call_initializer_eagerly(
    st: &St,
    vm: &mut Vm<'_>,
    initializer: &Value,
    dims: &[usize],
    dtype: DType,
) -> PyResult<Tensor> {
    let shape = Value::list(dims.iter().map(|d| Value::Int(*d as i64)).collect());
    let dtype_value = crate::dtypes::dtype_object(st, vm, dtype)?;
    let lifted = st.tf(vm, |ctx| {
        let mut lifted = Vec::new();
        while let Some(graph) = ctx.pop_default_graph() {
            lifted.push(graph);
        }
        Ok(lifted)
    })?;
    let value = vm.call(
        initializer,
        &[shape],
        &[(lang::value::name("dtype"), dtype_value)],
    );
    st.tf(vm, |ctx| {
        for graph in lifted.into_iter().rev() {
            ctx.push_default_graph(graph);
        }
        Ok(())
    })?;
    to_tensor(st, vm, &value?, Some(dtype))
}

fn runtime_initializer(
    st: &St,
    vm: &mut Vm<'_>,
    value: &Value,
    shape: Option<&[usize]>,
    dtype: DType,
) -> PyResult<Initializer> {
    let dims: Option<Vec<i64>> = shape.map(|s| s.iter().map(|d| *d as i64).collect());
    if let Some(init) = crate::init_ops::initializer_of(value) {
        use crate::init_ops::Initializer as Tf2;
        return Ok(match init {
            Tf2::Zeros => Initializer::Zeros,
            Tf2::Ones => Initializer::Ones,
            Tf2::RandomNormal { mean, stddev, .. } => Initializer::Random {
                distribution: RandomInit::Normal { mean, stddev },
                seed: None,
            },
            other => {
                let dims = shape
                    .ok_or_else(|| vm.value_error("The initializer needs the variable's shape"))?;
                let tensor = other
                    .generate(dims, dtype)
                    .map_err(|e| crate::convert::op_error(vm, e))?;
                Initializer::Constant(tensor)
            }
        });
    }
    let kind = match value.downcast::<PyInitializer>() {
        Some(init) => init.0.clone(),
        None => InitKind::Constant(value.clone()),
    };
    let need_dims = |vm: &Vm<'_>| {
        dims.clone()
            .ok_or_else(|| vm.value_error("The initializer needs the variable's shape"))
    };
    let op =
        |vm: &Vm<'_>, r: tensor::OpResult<Tensor>| r.map_err(|e| crate::convert::op_error(vm, e));
    Ok(match kind {
        InitKind::Ones => Initializer::Ones,
        InitKind::Zeros => Initializer::Zeros,

        InitKind::Constant(value) => {
            let tensor = to_tensor(st, vm, &value, None)?;
            let tensor = match (&dims, tensor.rank()) {
                (Some(dims), 0) => op(vm, ops::fill(dims, &tensor))?,
                _ => tensor,
            };
            Initializer::Constant(tensor)
        }
        InitKind::Random(kind, seed) => {
            need_dims(vm)?;
            Initializer::Random {
                distribution: kind.resolve(shape.unwrap_or_default()),
                seed,
            }
        }
    })
}

fn get_variable(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "get_variable",
        &args,
        1,
        [
            name,
            shape,
            dtype,
            initializer,
            regularizer,
            trainable,
            collections,
            caching_device,
            partitioner,
            validate_shape,
            use_resource,
            custom_getter,
            constraint,
            synchronization,
            aggregation
        ]
    )?;
    let name = crate::string_arg(vm, bound.name.as_ref().unwrap_or(&Value::None), "name")?;
    let shape = match &bound.shape {
        Some(value) => {
            let dims = crate::convert::int_list(st, vm, value, "shape")?;
            Some(
                dims.into_iter()
                    .map(|d| {
                        usize::try_from(d).map_err(|_| vm.value_error("shape must be non-negative"))
                    })
                    .collect::<PyResult<Vec<usize>>>()?,
            )
        }
        None => None,
    };
    let explicit_dtype = opt_dtype(vm, &bound.dtype)?;
    let mut dtype = explicit_dtype.unwrap_or(DType::Float32);
    let mut shape = shape;
    // An initializer factory passed uncalled (`initializer=tf.zeros_initializer`), as
    // TensorFlow accepts an initializer class: called with no arguments.
    let given = match &bound.initializer {
        Some(value @ Value::NativeFunction(_)) => Some(vm.call(value, &[], &[])?),
        other => other.clone(),
    };
    // A Python initializer (Keras's) is drawn now; the variable starts from its value.
    let drawn = match (&given, &shape) {
        (Some(value), Some(dims)) if python_initializer(vm, value) => {
            Some(call_initializer_eagerly(st, vm, value, dims, dtype)?)
        }
        _ => None,
    };
    let initializer = match &given {
        _ if drawn.is_some() => drawn.map(Initializer::Constant),
        // A value, not an initializer: the variable takes its dtype and shape
        // (`initializing_from_value` in TensorFlow's variable store).
        Some(value)
            if value.downcast::<PyInitializer>().is_none()
                && crate::init_ops::initializer_of(value).is_none() =>
        {
            let tensor = match graph_constant(st, vm, value)? {
                Some(tensor) => tensor,
                None => to_tensor(st, vm, value, None)?,
            };
            if let Some(explicit) = explicit_dtype.filter(|explicit| *explicit != tensor.dtype()) {
                return Err(vm.value_error(format!(
                    "Initializer type '<dtype: '{}'>' and explicit dtype '<dtype: '{}'>' don't match.",
                    tensor.dtype().name(),
                    explicit.name()
                )));
            }
            if shape.is_some() {
                return Err(vm.value_error("If initializer is a constant, do not specify shape."));
            }
            if explicit_dtype.is_some() {
                // The check converted the value to a tensor: in a graph, a `Const`.
                st.tf(vm, |ctx| ctx.constant(tensor.clone(), None))?;
            }
            shape = Some(tensor.dims().to_vec());
            dtype = tensor.dtype();
            Some(Initializer::Value(tensor))
        }
        Some(value) => Some(runtime_initializer(st, vm, value, shape.as_deref(), dtype)?),
        None => None,
    };
    let id = st.tf(vm, |ctx| ctx.get_variable(&name, shape, dtype, initializer))?;
    if let Some(trainable) = bound.trainable.as_ref().filter(|value| !value.is_none()) {
        let trainable = vm.truthy(trainable)?;
        st.tf(vm, |ctx| ctx.set_variable_trainable(id, trainable))?;
    }
    let variable = wrap_variable(st, vm, id)?;
    if let Some(collections) = bound.collections.as_ref().filter(|value| !value.is_none()) {
        let names: Vec<String> = vm
            .iterate(collections)?
            .iter()
            .filter_map(|name| name.as_str().map(str::to_string))
            .collect();
        if !names.iter().any(|name| name == "variables") {
            st.tf(vm, |ctx| {
                if let Some(graph) = ctx.default_graph() {
                    ctx.graph_mut(graph)?.local_variables.push(id);
                }
                Ok(())
            })?;
        }
        for name in names
            .iter()
            .filter(|name| !matches!(name.as_str(), "variables" | "trainable_variables"))
        {
            let args = [Value::str(name), variable.clone()];
            crate::python_method("_tensorflow.v1_collections", "add_to_collection")(
                vm,
                Args::new(&args, &[]),
            )?;
        }
    }
    Ok(variable)
}

fn variable_scope(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "variable_scope",
        &Args::new(args.positional, &[]),
        0,
        [
            name_or_scope,
            default_name,
            values,
            initializer,
            regularizer,
            caching_device,
            partitioner,
            custom_getter,
            reuse,
        ]
    )?;
    let mut reuse_value = bound.reuse.clone();
    let mut default_name = bound.default_name.clone();
    for (key, value) in args.keywords {
        match key.as_str() {
            "reuse" => reuse_value = Some(value.clone()).filter(|v| !v.is_none()),
            "default_name" => default_name = Some(value.clone()).filter(|v| !v.is_none()),
            _ => {}
        }
    }
    let name = match (&bound.name_or_scope, &default_name) {
        (Some(value), _) => match value.downcast::<ScopeData>() {
            Some(scope) => scope.name.clone(),
            None => crate::string_arg(vm, value, "name_or_scope")?,
        },
        (None, Some(value)) => crate::string_arg(vm, value, "default_name")?,
        (None, None) => {
            return Err(vm.type_error("If default_name is None then name_or_scope is required"))
        }
    };
    let reuse = match &reuse_value {
        None => Reuse::Inherit,
        Some(value) if value.downcast::<AutoReuse>().is_some() => Reuse::AutoReuse,
        Some(value) => {
            if vm.truthy(value)? {
                Reuse::Reuse
            } else {
                Reuse::Inherit
            }
        }
    };
    let classes = st.classes(vm)?;
    Ok(new_native_instance(
        &classes.graph.variable_scope,
        Rc::new(ScopeData {
            name,
            reuse,
            entered: Cell::new(false),
        }),
    ))
}

fn assign_fn(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, kind: OpKind, what: &str) -> PyResult {
    let bound = bind!(vm, what, args, 2, [r#ref, value, use_locking, name])?;
    let Some(variable) = bound
        .r#ref
        .as_ref()
        .and_then(|v| v.downcast::<PyVariable>())
    else {
        return Err(vm.type_error(format!("{what} needs a variable as its first argument")));
    };
    let id = variable.id;
    let value = bound.value.clone().unwrap_or(Value::None);
    let operand = to_operand(st, vm, &value)?;
    match st.tf(vm, |ctx| ctx.assign_variable(id, kind, operand))? {
        Some(handle) => wrap(st, vm, handle),
        None => Ok(bound.r#ref.clone().unwrap_or(Value::None)),
    }
}

fn disable_v2_behavior(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    st.tf(vm, |ctx| {
        ctx.disable_resource_variables();
        ctx.control_flow_v1 = true;
        Ok(())
    })?;
    disable_v2(st, vm, args)
}

fn disable_resource_variables(st: &St, vm: &mut Vm<'_>, _args: Args<'_>) -> PyResult {
    st.tf(vm, |ctx| {
        ctx.disable_resource_variables();
        Ok(())
    })?;
    Ok(Value::None)
}

fn disable_v2(st: &St, vm: &mut Vm<'_>, _args: Args<'_>) -> PyResult {
    let eager = st.with_ctx(vm, |ctx| ctx.executing_eagerly())?;
    if eager {
        let graph = global_graph(st, vm)?;
        st.tf(vm, |ctx| {
            ctx.push_default_graph(graph);
            Ok(())
        })?;
    }
    Ok(Value::None)
}

fn reset_default_graph(st: &St, vm: &mut Vm<'_>, _args: Args<'_>) -> PyResult {
    let old = st.global_graph.get();
    let new = st.tf(vm, |ctx| ctx.new_graph())?;
    st.global_graph.set(Some(new));
    st.tf(vm, |ctx| {
        if old.is_some() && ctx.default_graph() == old {
            ctx.pop_default_graph();
            ctx.push_default_graph(new);
        }
        Ok(())
    })?;
    Ok(Value::None)
}

/// Adds the TF1 API to `v1` (the `tf.compat.v1` module).
pub fn add_v1(st: &St, vm: &Vm<'_>, v1: &Module) -> PyResult<()> {
    let classes = st.classes(vm)?;
    v1.set("Session", Value::Class(classes.graph.session.clone()));
    def(v1, st, "InteractiveSession", |_st, vm, args| {
        crate::python_method(DEFAULT_SESSION, "InteractiveSession")(vm, args)
    });
    def(v1, st, "get_default_session", |_st, vm, args| {
        crate::python_method(DEFAULT_SESSION, "get_default_session")(vm, args)
    });
    v1.set(
        "ConfigProto",
        Value::Class(classes.graph.config_proto.clone()),
    );
    v1.set(
        "GPUOptions",
        Value::Class(classes.graph.gpu_options.clone()),
    );
    v1.set(
        "AUTO_REUSE",
        new_native_instance(&classes.graph.reuse_mode, Rc::new(AutoReuse)),
    );
    def(v1, st, "placeholder", placeholder);
    def(
        v1,
        st,
        "global_variables_initializer",
        global_variables_initializer,
    );
    def(
        v1,
        st,
        "initialize_all_variables",
        global_variables_initializer,
    );
    def(v1, st, "global_variables", global_variables);
    def(v1, st, "trainable_variables", trainable_variables);
    def(v1, st, "local_variables", local_variables);
    def(v1, st, "enable_tensor_equality", |st, _vm, _args| {
        st.tensor_equality.set(true);
        Ok(Value::None)
    });
    def(v1, st, "disable_tensor_equality", |st, _vm, _args| {
        st.tensor_equality.set(false);
        Ok(Value::None)
    });
    def(
        v1,
        st,
        "local_variables_initializer",
        local_variables_initializer,
    );
    def(v1, st, "get_variable", get_variable);
    def(v1, st, "variable_scope", variable_scope);
    def(v1, st, "assign", |st, vm, args| {
        assign_fn(
            st,
            vm,
            &args,
            runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Set),
            "assign",
        )
    });
    def(v1, st, "assign_add", |st, vm, args| {
        assign_fn(
            st,
            vm,
            &args,
            runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Add),
            "assign_add",
        )
    });
    def(v1, st, "assign_sub", |st, vm, args| {
        assign_fn(
            st,
            vm,
            &args,
            runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Sub),
            "assign_sub",
        )
    });
    def(v1, st, "get_default_graph", get_default_graph);
    def(v1, st, "reset_default_graph", reset_default_graph);
    def(v1, st, "disable_v2_behavior", disable_v2_behavior);
    def(
        v1,
        st,
        "disable_resource_variables",
        disable_resource_variables,
    );
    def(v1, st, "disable_eager_execution", disable_v2);
    def(v1, st, "enable_eager_execution", |_st, _vm, _args| {
        Ok(Value::None)
    });
    def(v1, st, "ones_initializer", |st, vm, _args| {
        initializer_value(st, vm, InitKind::Ones)
    });
    def(v1, st, "zeros_initializer", |st, vm, _args| {
        initializer_value(st, vm, InitKind::Zeros)
    });
    def(v1, st, "glorot_uniform_initializer", |st, vm, args| {
        variance_preset(st, vm, args, "glorot_uniform_initializer")
    });
    def(v1, st, "glorot_normal_initializer", |st, vm, args| {
        variance_preset(st, vm, args, "glorot_normal_initializer")
    });
    def(v1, st, "he_normal", |st, vm, args| {
        variance_preset(st, vm, args, "he_normal")
    });
    def(v1, st, "he_uniform", |st, vm, args| {
        variance_preset(st, vm, args, "he_uniform")
    });
    def(v1, st, "lecun_normal", |st, vm, args| {
        variance_preset(st, vm, args, "lecun_normal")
    });
    def(v1, st, "lecun_uniform", |st, vm, args| {
        variance_preset(st, vm, args, "lecun_uniform")
    });
    def(v1, st, "variance_scaling_initializer", |st, vm, args| {
        let bound = bind!(
            vm,
            "variance_scaling_initializer",
            &args,
            0,
            [scale, mode, distribution, seed, dtype]
        )?;
        let scale = crate::convert::float_arg(vm, &bound.scale, 1.0)?;
        if scale <= 0.0 {
            return Err(vm.value_error(format!(
                "Argument `scale` must be a positive float. Received: {scale}"
            )));
        }
        let text = |value: &Option<Value>, default: &str| {
            value
                .as_ref()
                .and_then(Value::as_str)
                .unwrap_or(default)
                .to_string()
        };
        let mode = match text(&bound.mode, "fan_in").as_str() {
            "fan_in" => FanMode::In,
            "fan_out" => FanMode::Out,
            "fan_avg" => FanMode::Average,
            other => {
                return Err(vm.value_error(format!(
                    "Argument `mode` should be one of ('fan_in', 'fan_out', 'fan_avg'). \
                     Received: {other}"
                )))
            }
        };
        let distribution = match text(&bound.distribution, "truncated_normal")
            .to_ascii_lowercase()
            .as_str()
        {
            "normal" | "truncated_normal" => ScalingDistribution::TruncatedNormal,
            "untruncated_normal" => ScalingDistribution::UntruncatedNormal,
            "uniform" => ScalingDistribution::Uniform,
            other => {
                return Err(vm.value_error(format!(
                    "Argument `distribution` should be one of ('uniform', 'truncated_normal', \
                     'untruncated_normal'). Received: {other}"
                )))
            }
        };
        let seed = seed_arg(vm, &bound.seed)?;
        let kind = RandomKind::VarianceScaling {
            scale,
            mode,
            distribution,
        };
        initializer_value(st, vm, InitKind::Random(kind, seed))
    });
    def(v1, st, "constant_initializer", |st, vm, args| {
        let bound = bind!(vm, "constant_initializer", &args, 0, [value, dtype])?;
        let value = bound.value.clone().unwrap_or(Value::Int(0));
        initializer_value(st, vm, InitKind::Constant(value))
    });
    def(v1, st, "random_normal_initializer", |st, vm, args| {
        normal_initializer(st, vm, args, false)
    });
    def(v1, st, "truncated_normal_initializer", |st, vm, args| {
        normal_initializer(st, vm, args, true)
    });
    def(v1, st, "random_uniform_initializer", |st, vm, args| {
        let bound = bind!(
            vm,
            "random_uniform_initializer",
            &args,
            0,
            [minval, maxval, seed, dtype]
        )?;
        // TF1's defaults: [0, 1) for floats.
        let low = crate::convert::float_arg(vm, &bound.minval, 0.0)?;
        let high = match &bound.maxval {
            Some(value) if !value.is_none() => crate::convert::float_arg(vm, &bound.maxval, 1.0)?,
            _ => 1.0,
        };
        let seed = seed_arg(vm, &bound.seed)?;
        initializer_value(
            st,
            vm,
            InitKind::Random(
                RandomKind::Drawn(RandomInit::Uniform {
                    minval: low,
                    maxval: high,
                }),
                seed,
            ),
        )
    });
    // `tf.compat.v1.initializers`: the same initializers under their short names, and
    // `global_variables` (the initializer op).
    let initializers = crate::module("tensorflow.compat.v1.initializers");
    for (short, long) in [
        ("zeros", "zeros_initializer"),
        ("ones", "ones_initializer"),
        ("constant", "constant_initializer"),
        ("random_normal", "random_normal_initializer"),
        ("truncated_normal", "truncated_normal_initializer"),
        ("random_uniform", "random_uniform_initializer"),
        ("glorot_uniform", "glorot_uniform_initializer"),
        ("glorot_normal", "glorot_normal_initializer"),
        ("variance_scaling", "variance_scaling_initializer"),
        ("he_normal", "he_normal"),
        ("he_uniform", "he_uniform"),
        ("lecun_normal", "lecun_normal"),
        ("lecun_uniform", "lecun_uniform"),
        ("global_variables", "global_variables_initializer"),
    ] {
        if let Some(value) = v1.get(long) {
            initializers.set(short, value);
        }
    }
    v1.set("initializers", Value::Module(initializers));
    Ok(())
}

/// TF1's `glorot_*_initializer`, `he_*` and `lecun_*`: variance scaling presets.
fn variance_preset(st: &St, vm: &mut Vm<'_>, args: Args<'_>, name: &str) -> PyResult {
    let bound = bind!(vm, name, &args, 0, [seed, dtype])?;
    let seed = seed_arg(vm, &bound.seed)?;
    let (scale, mode, distribution) = match name {
        "glorot_uniform_initializer" => (1.0, FanMode::Average, ScalingDistribution::Uniform),
        "glorot_normal_initializer" => {
            (1.0, FanMode::Average, ScalingDistribution::TruncatedNormal)
        }
        "he_normal" => (2.0, FanMode::In, ScalingDistribution::TruncatedNormal),
        "he_uniform" => (2.0, FanMode::In, ScalingDistribution::Uniform),
        "lecun_normal" => (1.0, FanMode::In, ScalingDistribution::TruncatedNormal),
        _ => (1.0, FanMode::In, ScalingDistribution::Uniform),
    };
    let kind = RandomKind::VarianceScaling {
        scale,
        mode,
        distribution,
    };
    initializer_value(st, vm, InitKind::Random(kind, seed))
}

/// TF1's `random_normal_initializer` and `truncated_normal_initializer`.
fn normal_initializer(st: &St, vm: &mut Vm<'_>, args: Args<'_>, truncated: bool) -> PyResult {
    let bound = bind!(
        vm,
        "normal_initializer",
        &args,
        0,
        [mean, stddev, seed, dtype]
    )?;
    let mean = crate::convert::float_arg(vm, &bound.mean, 0.0)?;
    let stddev = crate::convert::float_arg(vm, &bound.stddev, 1.0)?;
    let seed = seed_arg(vm, &bound.seed)?;
    let kind = RandomKind::Drawn(if truncated {
        RandomInit::TruncatedNormal { mean, stddev }
    } else {
        RandomInit::Normal { mean, stddev }
    });
    initializer_value(st, vm, InitKind::Random(kind, seed))
}

/// The value of a graph tensor made by a `Const` (`initializer=tf.constant([23, 42])` in a
/// TF1 graph).
fn graph_constant(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult<Option<Tensor>> {
    let Some(tensor) = value.downcast::<crate::tensor_class::PyTensor>() else {
        return Ok(None);
    };
    let Handle::Symbolic(symbolic) = tensor.handle.clone() else {
        return Ok(None);
    };
    st.tf(vm, |ctx| {
        Ok(ctx
            .graph(symbolic.graph)?
            .operation(symbolic.operation)
            .and_then(|op| op.kind.constant_value())
            .cloned())
    })
}

/// The library module of TF1's default session.
const DEFAULT_SESSION: &str = "_tensorflow.v1_session";

/// An initializer's `seed` argument.
fn seed_arg(vm: &Vm<'_>, value: &Option<Value>) -> PyResult<Option<u64>> {
    match value {
        None | Some(Value::None) => Ok(None),
        Some(Value::Int(seed)) => Ok(Some(*seed as u64)),
        Some(_) => Err(vm.type_error("seed must be an int")),
    }
}

fn get_default_graph(st: &St, vm: &mut Vm<'_>, _args: Args<'_>) -> PyResult {
    let id = default_graph(st, vm)?;
    graph_object(st, vm, id)
}

/// The `tf.Graph` class.
pub fn graph_class(st: &St, vm: &Vm<'_>) -> PyResult {
    Ok(Value::Class(st.classes(vm)?.graph.graph.clone()))
}

/// `tf.get_default_graph` for the `tensorflow` module's own `compat.v1` alias users.
pub fn default_graph_fn(st: &St) -> Value {
    crate::function(st, "get_default_graph", get_default_graph)
}
