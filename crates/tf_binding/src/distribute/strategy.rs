//! The strategy classes (`MirroredStrategy`, `OneDeviceStrategy`, `TPUStrategy`, the
//! default strategy) and what programs call on them: `scope()`, `run`, `reduce`,
//! `experimental_local_results`, `experimental_distribute_dataset`,
//! `num_replicas_in_sync` and `extended.worker_devices` (tf-semantics.md §5).
//!
//! `strategy.run(fn)` runs `fn` once per replica. A `tf.function` is traced once, as
//! replica 0, and runs on every replica in lock step (`Context::call_replicated`), so
//! all-reduces and aggregated updates see every replica; on a TPU it is first checked the
//! way XLA compiles it. A plain Python function runs eagerly, replica after replica, under
//! each replica's device, except on a TPU, where TensorFlow refuses pure eager execution.
//! Inside a `tf.function` a `MirroredStrategy`'s replicas are traced one after the other
//! into its body (`mirrored_run` calls `fn` once per replica); their all-reduces are joined
//! when the function runs (`runtime/distribute/collective.rs`). A `TPUStrategy` traces `fn`
//! once (`tpu.replicate`) into one TPU computation, copied onto every core
//! (`runtime/distribute/tpu_replicate.rs`) and compiled when the function runs.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use lang::host::{new_native_instance, ClassBuilder};
use lang::value::{Args, Class, Name, PyResult, Value};
use lang::vm::Vm;

use super::values::{
    per_replica, reduce_op_arg, wrap_distributed, PyDistributedVariable, PyPerReplica,
};
use super::{strategy_object, with_state};
use crate::function::{as_function, package, prepare};
use crate::tensor_class::wrap;
use crate::{this, this_as, St};
use runtime::distribute::{ReplicaReduction, StrategyId, StrategyKind};
use runtime::graph::GraphTensor;
use runtime::{EagerTensor, Handle};
use tensor::ops::{self, SliceSpec};
use tensor::TensorShape;

/// The data of a strategy object and of its `extended`.
pub struct PyStrategy {
    /// The runtime's strategy.
    pub id: StrategyId,
}

fn strategy_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<StrategyId> {
    this(vm, args)?
        .downcast::<PyStrategy>()
        .map(|s| s.id)
        .ok_or_else(|| vm.type_error("expected a tf.distribute.Strategy"))
}

/// Registers the Python object of a new strategy.
fn new_strategy_object(st: &St, vm: &Vm<'_>, id: StrategyId, kind: StrategyKind) -> PyResult {
    let classes = st.classes(vm)?;
    let d = &classes.distribute;
    let class = match kind {
        StrategyKind::Mirrored => &d.mirrored_strategy,
        StrategyKind::MultiWorkerMirrored => &d.multi_worker_strategy,
        StrategyKind::OneDevice => &d.one_device_strategy,
        StrategyKind::Tpu => &d.tpu_strategy,
        StrategyKind::Default => &d.default_strategy,
    };
    register_strategy_object(st, vm, id, class)
}

/// Registers the Python object of a new strategy, an instance of `class`.
fn register_strategy_object(st: &St, vm: &Vm<'_>, id: StrategyId, class: &Rc<Class>) -> PyResult {
    let classes = st.classes(vm)?;
    let object = new_native_instance(class, Rc::new(PyStrategy { id }));
    classes
        .distribute
        .strategy_objects
        .borrow_mut()
        .insert(id.0, object.clone());
    Ok(object)
}

/// The default strategy's object (created on first use, on the current host device).
pub(crate) fn default_strategy(st: &St, vm: &mut Vm<'_>) -> PyResult {
    let classes = st.classes(vm)?;
    if let Some(object) = classes.distribute.default_strategy_object.borrow().clone() {
        return Ok(object);
    }
    let id = st.tf(vm, |ctx| {
        let host = ctx.current_host_device();
        ctx.create_strategy(StrategyKind::Default, vec![host.clone()], host)
    })?;
    let object = new_strategy_object(st, vm, id, StrategyKind::Default)?;
    *classes.distribute.default_strategy_object.borrow_mut() = Some(object.clone());
    Ok(object)
}

fn mirrored_new(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let rest = Args::new(args.positional.get(1..).unwrap_or(&[]), args.keywords);
    let bound = bind!(
        vm,
        "MirroredStrategy",
        &rest,
        0,
        [devices, cross_device_ops]
    )?;
    let specs: Option<Vec<String>> = match &bound.devices {
        None => None,
        Some(Value::Str(s)) => Some(vec![s.as_str().to_string()]),
        Some(devices) => {
            let items = vm.iterate(devices)?;
            let mut specs = Vec::with_capacity(items.len());
            for item in &items {
                // A `tf.config.LogicalDevice` stands for its name.
                let item = match item {
                    Value::Str(_) => item.clone(),
                    other => vm
                        .get_attr_str(other, "name")
                        .unwrap_or_else(|_| other.clone()),
                };
                specs.push(crate::string_arg(vm, &item, "devices")?);
            }
            // No devices (an empty list of GPUs) is the default: every GPU, else the CPU.
            (!specs.is_empty()).then_some(specs)
        }
    };
    let id = st.tf(vm, |ctx| {
        let devices = match specs {
            Some(specs) => {
                let mut devices: Vec<String> = Vec::with_capacity(specs.len());
                for spec in &specs {
                    let device = ctx.strategy_device(spec)?;
                    if !devices.contains(&device) {
                        devices.push(device);
                    }
                }
                devices
            }
            None => ctx.default_mirrored_devices()?,
        };
        let quoted: Vec<String> = devices.iter().map(|d| format!("'{d}'")).collect();
        let tuple = if quoted.len() == 1 {
            format!("({},)", quoted[0])
        } else {
            format!("({})", quoted.join(", "))
        };
        if ctx.distribute.tpu.info_logs {
            ctx.log(format!(
                "INFO:tensorflow:Using MirroredStrategy with devices {tuple}"
            ));
        }
        let host = ctx.current_host_device();
        ctx.create_strategy(StrategyKind::Mirrored, devices, host)
    })?;
    new_strategy_object(st, vm, id, StrategyKind::Mirrored)
}

/// `MultiWorkerMirroredStrategy(cluster_resolver=None, communication_options=None)` and
/// the deprecated `tf.distribute.experimental` class (`communication`, then
/// `cluster_resolver`). The library layer (`_tensorflow/cluster_resolver.py`) checks the
/// arguments and the cluster as TensorFlow does; the strategy is then this worker's: every
/// local GPU, else the first CPU.
fn multi_worker_new(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let class = match args.positional.first() {
        Some(Value::Class(class)) => class.clone(),
        _ => return Err(vm.type_error("MultiWorkerMirroredStrategy.__new__(X): X is not a type")),
    };
    let experimental = class.name.as_str() != "CollectiveAllReduceStrategy";
    let library = vm.import_module("_tensorflow.cluster_resolver")?;
    let configure = vm.get_attr_str(&library, "configure_multi_worker")?;
    let positional = Value::tuple(args.positional.get(1..).unwrap_or(&[]).to_vec());
    let configured = vm.call(
        &configure,
        &[Value::Bool(experimental), positional],
        args.keywords,
    )?;
    let parts = vm.iterate(&configured)?;
    let [resolver, options] = parts.as_slice() else {
        return Err(vm.runtime_error("configure_multi_worker returns two values"));
    };
    let implementation = vm.get_attr_str(options, "implementation")?;
    let implementation = vm.str(&implementation)?;
    let id = st.tf(vm, |ctx| {
        let devices = ctx.default_multi_worker_devices()?;
        let local: Vec<String> = devices
            .iter()
            .map(|device| {
                let short = device
                    .rsplit_once("/device:")
                    .map_or(device.as_str(), |(_, d)| d);
                format!("'/device:{short}'")
            })
            .collect();
        let tuple = if local.len() == 1 {
            format!("({},)", local[0])
        } else {
            format!("({})", local.join(", "))
        };
        if ctx.distribute.tpu.info_logs {
            ctx.log(format!(
                "INFO:tensorflow:Single-worker MultiWorkerMirroredStrategy with local_devices \
                 = {tuple}, communication = {implementation}"
            ));
        }
        let host = ctx.current_host_device();
        ctx.create_strategy(StrategyKind::MultiWorkerMirrored, devices, host)
    })?;
    let object = register_strategy_object(st, vm, id, &class)?;
    vm.set_attr(
        &object,
        &lang::value::name("_cluster_resolver"),
        resolver.clone(),
    )?;
    vm.set_attr(
        &object,
        &lang::value::name("_communication_options"),
        options.clone(),
    )?;
    Ok(object)
}

fn one_device_new(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let rest = Args::new(args.positional.get(1..).unwrap_or(&[]), args.keywords);
    let bound = bind!(vm, "OneDeviceStrategy", &rest, 1, [device])?;
    let spec = crate::string_arg(vm, bound.device.as_ref().unwrap_or(&Value::None), "device")?;
    let id = st.tf(vm, |ctx| {
        let device = ctx.strategy_device(&spec)?;
        let host = ctx.current_host_device();
        ctx.create_strategy(StrategyKind::OneDevice, vec![device], host)
    })?;
    new_strategy_object(st, vm, id, StrategyKind::OneDevice)
}

fn tpu_new(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let rest = Args::new(args.positional.get(1..).unwrap_or(&[]), args.keywords);
    let bound = bind!(
        vm,
        "TPUStrategy",
        &rest,
        0,
        [
            tpu_cluster_resolver,
            experimental_device_assignment,
            experimental_spmd_xla_partitioning
        ]
    )?;
    // The resolver's lookup happens even when none is given (`TPUClusterResolver('')`).
    match &bound.tpu_cluster_resolver {
        Some(resolver) => {
            crate::tpu::resolution_of(vm, resolver)?;
        }
        None => {
            crate::tpu::resolve(st, vm, None)?;
        }
    }
    let cores = st.tf(vm, |ctx| ctx.tpu_strategy_devices())?;
    let Some(cores) = cores else {
        // TensorFlow indexes the empty TPU device list in `TPUExtended.__init__` (§4.2).
        return Err(vm.index_error("list index out of range"));
    };
    let id = st.tf(vm, |ctx| {
        let host = ctx.distribute.tpu.host_cpu.clone();
        ctx.create_strategy(StrategyKind::Tpu, cores, host)
    })?;
    new_strategy_object(st, vm, id, StrategyKind::Tpu)
}

fn strategy_repr(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let me = this(vm, &args)?;
    let class = vm.class_of(me);
    let address = me.object_address().unwrap_or(0);
    Ok(Value::str(format!(
        "<{}.{} object at {:#x}>",
        class.module,
        class.name,
        lang::value::fake_address(address)
    )))
}

fn common(builder: ClassBuilder, st: &St) -> ClassBuilder {
    builder
        .method("__repr__", strategy_repr)
        .method_closure("scope", with_state(st, scope))
        .method_closure("run", with_state(st, run))
        .method_closure("reduce", with_state(st, reduce))
        .method_closure("experimental_local_results", with_state(st, local_results))
        .method_closure(
            "experimental_distribute_dataset",
            with_state(st, distribute_dataset),
        )
        .method_closure(
            "distribute_datasets_from_function",
            with_state(st, distribute_datasets_from_function),
        )
        .method_closure(
            "experimental_distribute_datasets_from_function",
            with_state(st, distribute_datasets_from_function),
        )
        .property(
            "cluster_resolver",
            |vm, args| {
                // A multi-worker strategy's resolver (`TFConfigClusterResolver` by default);
                // the single-worker strategies have none.
                let me = this(vm, &args)?.clone();
                Ok(vm
                    .get_attr_str(&me, "_cluster_resolver")
                    .unwrap_or(Value::None))
            },
            None,
        )
        .property_closure(
            "num_replicas_in_sync",
            with_state(st, |st, vm, args| {
                let id = strategy_of(vm, &args)?;
                let count = st.tf(vm, |ctx| Ok(ctx.strategy(id)?.num_replicas()))?;
                Ok(Value::Int(count as i64))
            }),
            None,
        )
        .property_closure(
            "extended",
            with_state(st, |st, vm, args| {
                let id = strategy_of(vm, &args)?;
                let kind = st.tf(vm, |ctx| Ok(ctx.strategy(id)?.kind))?;
                let classes = st.classes(vm)?;
                let extended = &classes.distribute.extended;
                let class = match kind {
                    StrategyKind::Default => &extended.default,
                    StrategyKind::OneDevice => &extended.one_device,
                    StrategyKind::Mirrored => &extended.mirrored,
                    StrategyKind::MultiWorkerMirrored => &extended.multi_worker,
                    StrategyKind::Tpu => &extended.tpu,
                };
                Ok(new_native_instance(class, Rc::new(PyStrategy { id })))
            }),
            None,
        )
}

/// The strategy classes built at once: `tf.distribute.Strategy`, the base of the others,
/// for `isinstance` checks.
pub struct StrategyClasses {
    pub base: Rc<Class>,
    pub mirrored: Rc<Class>,
    /// `tf.distribute.MultiWorkerMirroredStrategy`.
    pub multi_worker: Rc<Class>,
    /// `tf.distribute.experimental.MultiWorkerMirroredStrategy`, its deprecated subclass.
    pub multi_worker_experimental: Rc<Class>,
    pub one_device: Rc<Class>,
    pub tpu: Rc<Class>,
    pub default: Rc<Class>,
}

/// Builds the strategy classes.
pub fn build_strategy_classes(st: &St) -> StrategyClasses {
    let base = ClassBuilder::new("Strategy", "tensorflow.python.distribute.distribute_lib").build();
    let class = |kind: StrategyKind, new: fn(&St, &mut Vm<'_>, Args<'_>) -> PyResult| {
        let (name, module) = kind.python_class();
        let mut builder = ClassBuilder::new(name, module).base(&base);
        builder = builder
            .static_method_closure("__new__", with_state(st, new))
            .method("__init__", |_vm, _args| Ok(Value::None));
        common(builder, st).build()
    };
    let default = common(
        ClassBuilder::new(
            "_DefaultDistributionStrategy",
            "tensorflow.python.distribute.distribute_lib",
        )
        .base(&base),
        st,
    )
    .build();
    let multi_worker = class(StrategyKind::MultiWorkerMirrored, multi_worker_new);
    let multi_worker_experimental = ClassBuilder::new(
        "_CollectiveAllReduceStrategyExperimental",
        "tensorflow.python.distribute.collective_all_reduce_strategy",
    )
    .base(&multi_worker)
    .build();
    StrategyClasses {
        multi_worker,
        multi_worker_experimental,
        mirrored: class(StrategyKind::Mirrored, mirrored_new),
        one_device: class(StrategyKind::OneDevice, one_device_new),
        tpu: class(StrategyKind::Tpu, tpu_new),
        default,
        base,
    }
}

/// The classes of `strategy.extended`, one per kind of strategy as in TensorFlow
/// (`MirroredExtended`, ...), under their common base `StrategyExtendedV2`.
pub struct ExtendedClasses {
    /// `tf.distribute.StrategyExtended`.
    pub base: Rc<Class>,
    pub default: Rc<Class>,
    pub one_device: Rc<Class>,
    pub mirrored: Rc<Class>,
    pub multi_worker: Rc<Class>,
    pub tpu: Rc<Class>,
}

/// Builds the classes of `strategy.extended`.
pub fn build_extended(st: &St) -> ExtendedClasses {
    let devices = |st: &St, vm: &mut Vm<'_>, args: Args<'_>| {
        let id = strategy_of(vm, &args)?;
        let devices = st.tf(vm, |ctx| Ok(ctx.strategy(id)?.devices.clone()))?;
        Ok(Value::tuple(devices.into_iter().map(Value::str).collect()))
    };
    let base = ClassBuilder::new(
        "StrategyExtendedV2",
        "tensorflow.python.distribute.distribute_lib",
    )
    .property_closure("worker_devices", with_state(st, devices), None)
    .property_closure("parameter_devices", with_state(st, devices), None)
    // One worker, the chief, which checkpoints and writes summaries.
    .property(
        "should_checkpoint",
        |_vm, _args| Ok(Value::Bool(true)),
        None,
    )
    .property(
        "should_save_summary",
        |_vm, _args| Ok(Value::Bool(true)),
        None,
    )
    .property("should_init", |_vm, _args| Ok(Value::Bool(true)), None)
    .property(
        "experimental_should_init",
        |_vm, _args| Ok(Value::Bool(true)),
        None,
    )
    .method("_in_multi_worker_mode", |_vm, _args| Ok(Value::Bool(false)))
    .build();
    let kind = |name: &str, module: &str| ClassBuilder::new(name, module).base(&base).build();
    let mirrored = kind(
        "MirroredExtended",
        "tensorflow.python.distribute.mirrored_strategy",
    );
    ExtendedClasses {
        multi_worker: ClassBuilder::new(
            "CollectiveAllReduceExtended",
            "tensorflow.python.distribute.collective_all_reduce_strategy",
        )
        .base(&mirrored)
        .build(),
        mirrored,
        default: kind(
            "_DefaultDistributionExtended",
            "tensorflow.python.distribute.distribute_lib",
        ),
        one_device: kind(
            "OneDeviceExtended",
            "tensorflow.python.distribute.one_device_strategy",
        ),
        tpu: kind("TPUExtended", "tensorflow.python.distribute.tpu_strategy"),
        base,
    }
}

/// The data of a `strategy.scope()` context manager.
pub struct PyScope {
    strategy: StrategyId,
    entered: Cell<u32>,
}

fn scope(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let id = strategy_of(vm, &args)?;
    let classes = st.classes(vm)?;
    Ok(new_native_instance(
        &classes.distribute.scope,
        Rc::new(PyScope {
            strategy: id,
            entered: Cell::new(0),
        }),
    ))
}

fn scope_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<PyScope>> {
    this_as::<PyScope>(vm, args, "expected a strategy scope")
}

/// Builds the `strategy.scope()` context manager class.
pub fn build_scope(st: &St) -> Rc<Class> {
    ClassBuilder::new(
        "_CurrentDistributionContext",
        "tensorflow.python.distribute.distribute_lib",
    )
    .method_closure(
        "__enter__",
        with_state(st, |st, vm, args| {
            let scope = scope_of(vm, &args)?;
            let entered = st.tf(vm, |ctx| Ok(ctx.enter_strategy_scope(scope.strategy)))?;
            if let Err(current) = entered {
                let current = strategy_object(st, vm, current)?;
                let current = vm.repr(&current)?;
                let mine = strategy_object(st, vm, scope.strategy)?;
                let mine = vm.repr(&mine)?;
                return Err(vm.runtime_error(format!(
                    "Mixing different tf.distribute.Strategy objects: {current} is not {mine}"
                )));
            }
            scope.entered.set(scope.entered.get() + 1);
            strategy_object(st, vm, scope.strategy)
        }),
    )
    .method_closure(
        "__exit__",
        with_state(st, |st, vm, args| {
            let scope = scope_of(vm, &args)?;
            if scope.entered.get() > 0 {
                scope.entered.set(scope.entered.get() - 1);
                st.tf(vm, |ctx| {
                    ctx.exit_strategy_scope();
                    Ok(())
                })?;
            }
            Ok(Value::Bool(false))
        }),
    )
    .build()
}

/// `tf.distribute.get_strategy()`.
pub fn get_strategy(st: &St, vm: &mut Vm<'_>, _args: Args<'_>) -> PyResult {
    match st.with_ctx(vm, |ctx| ctx.current_strategy())? {
        Some(id) => strategy_object(st, vm, id),
        None => default_strategy(st, vm),
    }
}

/// `tf.distribute.has_strategy()`.
pub fn has_strategy(st: &St, vm: &mut Vm<'_>, _args: Args<'_>) -> PyResult {
    Ok(Value::Bool(
        st.with_ctx(vm, |ctx| ctx.current_strategy().is_some())?,
    ))
}

/// `tf.distribute.in_cross_replica_context()`.
pub fn in_cross_replica_context(st: &St, vm: &mut Vm<'_>, _args: Args<'_>) -> PyResult {
    Ok(Value::Bool(st.with_ctx(vm, |ctx| {
        ctx.current_strategy().is_some() && ctx.replica_context().is_none()
    })?))
}

/// Replica `replica`'s view of a `strategy.run` argument: its component of a `PerReplica`,
/// the value itself otherwise.
fn for_replica(value: &Value, replica: usize) -> Value {
    if let Some(per_replica) = value.downcast::<PyPerReplica>() {
        return per_replica
            .values
            .get(replica)
            .cloned()
            .unwrap_or(Value::None);
    }
    // Nested structures (a distributed batch `(features, labels)`) unwrap leaf by leaf.
    match value {
        Value::Tuple(items) => Value::tuple(
            items
                .iter()
                .map(|item| for_replica(item, replica))
                .collect(),
        ),
        Value::List(items) => Value::list(
            items
                .borrow()
                .iter()
                .map(|item| for_replica(item, replica))
                .collect(),
        ),
        _ => value.clone(),
    }
}

/// Turns one result per replica into TensorFlow's structure: the value itself for one
/// replica, else `PerReplica` leaves inside the shared tuple or list structure.
fn regroup(st: &St, vm: &mut Vm<'_>, results: Vec<Value>) -> PyResult {
    if results.len() == 1 {
        return Ok(results.into_iter().next().unwrap_or(Value::None));
    }
    if all_same(vm, &results)? {
        return Ok(results.into_iter().next().unwrap_or(Value::None));
    }
    let first = results[0].clone();
    if matches!(first, Value::Tuple(_) | Value::List(_)) {
        let mut columns: Vec<Vec<Value>> = Vec::new();
        for result in &results {
            let items = vm.iterate(result)?;
            if columns.is_empty() {
                columns = vec![Vec::with_capacity(results.len()); items.len()];
            }
            for (column, item) in columns.iter_mut().zip(items) {
                column.push(item);
            }
        }
        let mut grouped = Vec::with_capacity(columns.len());
        for column in columns {
            grouped.push(regroup(st, vm, column)?);
        }
        return Ok(if matches!(first, Value::List(_)) {
            Value::list(grouped)
        } else {
            Value::tuple(grouped)
        });
    }
    per_replica(st, vm, results)
}

/// Whether every replica returned the same object (TensorFlow's regroup then returns it
/// as is): equal immediates, or one object.
fn all_same(vm: &mut Vm<'_>, results: &[Value]) -> PyResult<bool> {
    let Some(first) = results.first() else {
        return Ok(true);
    };
    let immediate = |value: &Value| {
        matches!(
            value,
            Value::None | Value::Bool(_) | Value::Int(_) | Value::Str(_)
        )
    };
    for other in &results[1..] {
        let same = if immediate(first) && immediate(other) {
            vm.repr(first)? == vm.repr(other)?
        } else {
            first.object_address().is_some() && first.object_address() == other.object_address()
        };
        if !same {
            return Ok(false);
        }
    }
    Ok(true)
}

fn keywords_of(vm: &mut Vm<'_>, kwargs: &Option<Value>) -> PyResult<Vec<(Name, Value)>> {
    let Some(kwargs) = kwargs else {
        return Ok(Vec::new());
    };
    let keys = vm.iterate(kwargs)?;
    let mut keywords = Vec::with_capacity(keys.len());
    for key in keys {
        let name = crate::string_arg(vm, &key, "keyword")?;
        let value = vm.get_item(kwargs, &key)?;
        keywords.push((lang::value::name(&name), value));
    }
    Ok(keywords)
}

/// One replica's positional and keyword arguments.
type ReplicaArgs = (Vec<Value>, Vec<(Name, Value)>);

/// `strategy.run(fn, args=(), kwargs=None, options=None)`.
fn run(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "run",
        &args,
        2,
        [this = "self", r#fn, args, kwargs, options]
    )?;
    let id = strategy_of(vm, &args)?;
    let func = bound.r#fn.clone().unwrap_or(Value::None);
    let positional = match &bound.args {
        Some(values) => vm.iterate(values)?,
        None => Vec::new(),
    };
    let keywords = keywords_of(vm, &bound.kwargs)?;
    let (kind, replicas, eager) = st.tf(vm, |ctx| {
        let strategy = ctx.strategy(id)?;
        Ok((
            strategy.kind,
            strategy.num_replicas(),
            ctx.executing_eagerly(),
        ))
    })?;
    let function = as_function(&func);
    if kind == StrategyKind::Tpu && function.is_none() && eager {
        let class = vm.exc_types().not_implemented_error.clone();
        return Err(vm.new_error(
            &class,
            "TPUStrategy.run(fn, ...) does not support pure eager execution. please make sure the function passed into `strategy.run` is a `tf.function` or `strategy.run` is called inside a `tf.function` if eager behavior is enabled.",
        ));
    }
    let (positional, keywords) = if kind == StrategyKind::Tpu && !eager {
        let mut padded = Vec::with_capacity(positional.len());
        for value in &positional {
            padded.push(pad_to_bound(st, vm, id, value)?);
        }
        let mut padded_keywords = Vec::with_capacity(keywords.len());
        for (key, value) in &keywords {
            padded_keywords.push((key.clone(), pad_to_bound(st, vm, id, value)?));
        }
        (padded, padded_keywords)
    } else {
        (positional, keywords)
    };
    let mut replica_args: Vec<ReplicaArgs> = Vec::with_capacity(replicas);
    for replica in 0..replicas {
        let positional: Vec<Value> = positional.iter().map(|v| for_replica(v, replica)).collect();
        let keywords: Vec<(Name, Value)> = keywords
            .iter()
            .map(|(k, v)| (k.clone(), for_replica(v, replica)))
            .collect();
        replica_args.push((positional, keywords));
    }
    let results = match function.filter(|_| eager) {
        Some(function) if kind != StrategyKind::Default => {
            run_replicated(st, vm, id, kind, &function, &replica_args)?
        }
        // Inside a `tf.function`, a TPUStrategy's replicas form one TPU computation.
        _ if kind == StrategyKind::Tpu => trace_tpu_computation(st, vm, id, &func, &replica_args)?,
        _ => {
            let mut results = Vec::with_capacity(replicas);
            for (replica, (positional, keywords)) in replica_args.iter().enumerate() {
                if kind == StrategyKind::Default {
                    results.push(vm.call(&func, positional, keywords)?);
                    continue;
                }
                st.tf(vm, |ctx| ctx.enter_replica(id, replica, false))?;
                let result = vm.call(&func, positional, keywords);
                st.tf(vm, |ctx| ctx.exit_replica())?;
                results.push(result?);
            }
            // Replicas traced into a function: their all-reduces must pair up.
            st.tf(vm, |ctx| ctx.end_collective_trace())?;
            results
        }
    };
    regroup(st, vm, results)
}

/// `TPUStrategy.run(fn)` inside a `tf.function` (`tpu.replicate`): `fn` is traced once, as
/// replica 0, and the traced computation is copied onto every other core
/// (`runtime/distribute/tpu_replicate.rs`); each replica's results are replica 0's with
/// every tensor replaced by that replica's copy.
fn trace_tpu_computation(
    st: &St,
    vm: &mut Vm<'_>,
    id: StrategyId,
    func: &Value,
    replica_args: &[ReplicaArgs],
) -> PyResult<Vec<Value>> {
    let Some((positional, keywords)) = replica_args.first() else {
        return Ok(Vec::new());
    };
    let start = st.tf(vm, |ctx| {
        ctx.begin_tpu_computation(id)?;
        ctx.enter_replica(id, 0, false)?;
        ctx.traced_op_count()
    })?;
    let result = vm.call(func, positional, keywords);
    st.tf(vm, |ctx| ctx.exit_replica())?;
    let result = match result {
        Ok(result) => result,
        Err(error) => {
            st.tf(vm, |ctx| {
                ctx.abort_tpu_computation();
                Ok(())
            })?;
            return Err(error);
        }
    };
    let mut arguments = Vec::with_capacity(replica_args.len());
    for (own_positional, own_keywords) in replica_args {
        let mut pairs = Vec::new();
        for (first, own) in positional.iter().zip(own_positional) {
            pair_tensors(vm, first, own, &mut pairs)?;
        }
        for ((_, first), (_, own)) in keywords.iter().zip(own_keywords) {
            pair_tensors(vm, first, own, &mut pairs)?;
        }
        arguments.push(pairs);
    }
    let maps = st.tf(vm, |ctx| {
        let maps = ctx.replicate_tpu_computation(id, start, &arguments)?;
        ctx.record_tpu_program(start)?;
        Ok(maps)
    })?;
    let mut results = Vec::with_capacity(maps.len());
    results.push(result.clone());
    for map in maps.iter().skip(1) {
        results.push(replica_result(st, vm, &result, map)?);
    }
    Ok(results)
}

/// Pairs the tensors of replica 0's argument `first` with those of another replica's `own`,
/// leaf by leaf through tuples and lists.
fn pair_tensors(
    vm: &mut Vm<'_>,
    first: &Value,
    own: &Value,
    pairs: &mut Vec<(Handle, Handle)>,
) -> PyResult<()> {
    use crate::tensor_class::PyTensor;
    if let (Some(first), Some(own)) = (first.downcast::<PyTensor>(), own.downcast::<PyTensor>()) {
        pairs.push((first.handle.clone(), own.handle.clone()));
        return Ok(());
    }
    if matches!(first, Value::Tuple(_) | Value::List(_))
        && matches!(own, Value::Tuple(_) | Value::List(_))
    {
        let firsts = vm.iterate(first)?;
        let owns = vm.iterate(own)?;
        for (first, own) in firsts.iter().zip(&owns) {
            pair_tensors(vm, first, own, pairs)?;
        }
    }
    Ok(())
}

/// Another replica's view of replica 0's result: each tensor of the computation replaced by
/// the replica's copy, through tuples, lists and dicts; anything else as is.
fn replica_result(
    st: &St,
    vm: &mut Vm<'_>,
    value: &Value,
    map: &std::collections::HashMap<GraphTensor, GraphTensor>,
) -> PyResult {
    use crate::tensor_class::PyTensor;
    if let Some(tensor) = value.downcast::<PyTensor>() {
        return match &tensor.handle {
            Handle::Symbolic(graph_tensor) => match map.get(graph_tensor) {
                Some(own) => wrap(st, vm, Handle::Symbolic(*own)),
                None => Ok(value.clone()),
            },
            Handle::Eager(_) => Ok(value.clone()),
        };
    }
    match value {
        Value::Tuple(_) | Value::List(_) => {
            map_items(vm, value, &mut |vm, item| replica_result(st, vm, item, map))
        }
        Value::Dict(_) => {
            let mapped = Rc::new(RefCell::new(lang::value::Dict::new()));
            for key in vm.iterate(value)? {
                let item = vm.get_item(value, &key)?;
                let item = replica_result(st, vm, &item, map)?;
                vm.dict_setitem(&mapped, key, item)?;
            }
            Ok(Value::Dict(mapped))
        }
        _ => Ok(value.clone()),
    }
}

/// The tuple or list `value` with `f` applied to each item, as the same kind of sequence.
fn map_items(
    vm: &mut Vm<'_>,
    value: &Value,
    f: &mut dyn FnMut(&mut Vm<'_>, &Value) -> PyResult,
) -> PyResult {
    let items = vm.iterate(value)?;
    let mut mapped = Vec::with_capacity(items.len());
    for item in &items {
        mapped.push(f(vm, item)?);
    }
    Ok(if matches!(value, Value::List(_)) {
        Value::list(mapped)
    } else {
        Value::tuple(mapped)
    })
}

/// A `PerReplica` argument of a TPU program being traced, its components padded to one
/// bounded shape ([`Context::pad_replica_inputs`](runtime::Context::pad_replica_inputs));
/// tuples and lists leaf by leaf; anything else as is.
fn pad_to_bound(st: &St, vm: &mut Vm<'_>, id: StrategyId, value: &Value) -> PyResult {
    if let Some(distributed) = value.downcast::<PyPerReplica>() {
        let mut handles = Vec::with_capacity(distributed.values.len());
        for component in &distributed.values {
            match component.downcast::<crate::tensor_class::PyTensor>() {
                Some(tensor) => handles.push(tensor.handle.clone()),
                None => return Ok(value.clone()),
            }
        }
        let padded = st.tf(vm, |ctx| {
            let devices = ctx.strategy(id)?.devices.clone();
            ctx.pad_replica_inputs(handles, &devices)
        })?;
        let mut components = Vec::with_capacity(padded.len());
        for handle in padded {
            components.push(wrap(st, vm, handle)?);
        }
        return per_replica(st, vm, components);
    }
    match value {
        Value::Tuple(_) | Value::List(_) => {
            map_items(vm, value, &mut |vm, item| pad_to_bound(st, vm, id, item))
        }
        _ => Ok(value.clone()),
    }
}

/// For each positional argument of a TPU program whose replicas' eager tensors differ in
/// static shape (a partial last batch split unevenly), the bounded shape they are padded
/// to (tf-semantics §6.3); `None` where they agree or are not all tensors.
fn bounded_positional_shapes(
    st: &St,
    vm: &mut Vm<'_>,
    replica_args: &[ReplicaArgs],
) -> PyResult<Vec<Option<TensorShape>>> {
    let count = replica_args
        .first()
        .map_or(0, |(positional, _)| positional.len());
    let mut bounds = Vec::with_capacity(count);
    for index in 0..count {
        let mut shapes = Vec::with_capacity(replica_args.len());
        for (positional, _) in replica_args {
            let tensor = positional
                .get(index)
                .and_then(|value| value.downcast::<crate::tensor_class::PyTensor>());
            match tensor {
                Some(tensor) => shapes.push(st.tf(vm, |ctx| ctx.handle_shape(&tensor.handle))?),
                None => break,
            }
        }
        let differ = shapes.len() == replica_args.len() && shapes.windows(2).any(|w| w[0] != w[1]);
        bounds.push(if differ {
            runtime::distribute::tpu::bounded_shape(&shapes)
        } else {
            None
        });
    }
    Ok(bounds)
}

/// Traces `function` as replica 0 and runs it on every replica in lock step.
fn run_replicated(
    st: &St,
    vm: &mut Vm<'_>,
    id: StrategyId,
    kind: StrategyKind,
    function: &Rc<crate::function::PyFunction>,
    replica_args: &[ReplicaArgs],
) -> PyResult<Vec<Value>> {
    let bounds = if kind == StrategyKind::Tpu {
        bounded_positional_shapes(st, vm, replica_args)?
    } else {
        Vec::new()
    };
    let mut concrete = None;
    let mut inputs: Vec<Vec<EagerTensor>> = Vec::with_capacity(replica_args.len());
    for (replica, (positional, keywords)) in replica_args.iter().enumerate() {
        st.tf(vm, |ctx| ctx.enter_replica(id, replica, true))?;
        let prepared = prepare(st, vm, function, positional, keywords, &bounds, false);
        st.tf(vm, |ctx| ctx.exit_replica())?;
        let prepared = prepared?;
        match concrete {
            None => concrete = Some(prepared.id),
            Some(first) if first != prepared.id => {
                // Playground limit: one program for all replicas needs equal signatures.
                return Err(vm.value_error(
                    "The replicas of strategy.run were traced with different input shapes; the playground runs one program for all replicas",
                ));
            }
            Some(_) => {}
        }
        inputs.push(prepared.inputs);
    }
    let Some(concrete) = concrete else {
        return Ok(Vec::new());
    };
    let name = function.name.clone();
    let outputs = st.tf(vm, |ctx| {
        if kind == StrategyKind::Tpu {
            ctx.check_tpu_program(concrete, &name)?;
        }
        ctx.call_replicated(concrete, id, &inputs)
    })?;
    let mut results = Vec::with_capacity(outputs.len());
    for replica_outputs in outputs {
        results.push(package(st, vm, function, concrete, replica_outputs)?);
    }
    Ok(results)
}

/// The tensors of `value` per replica, each with its replica's device, or `None` for a
/// non-distributed value.
fn replica_handles(
    st: &St,
    vm: &mut Vm<'_>,
    id: StrategyId,
    value: &Value,
) -> PyResult<Option<Vec<(Handle, String)>>> {
    let components: Vec<Value> = if let Some(per_replica) = value.downcast::<PyPerReplica>() {
        per_replica.values.clone()
    } else if let Some(variable) = value.downcast::<PyDistributedVariable>() {
        super::values::components(st, vm, variable.id)?
    } else {
        return Ok(None);
    };
    let devices = st.tf(vm, |ctx| Ok(ctx.strategy(id)?.devices.clone()))?;
    let mut handles = Vec::with_capacity(components.len());
    for (component, device) in components.iter().zip(devices) {
        handles.push((handle_of(st, vm, component)?, device));
    }
    Ok(Some(handles))
}

/// `value` as a tensor handle (variables read, Python values converted).
fn handle_of(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult<Handle> {
    let operand = crate::convert::to_operand(st, vm, value)?;
    st.tf(vm, |ctx| match operand {
        runtime::Operand::Handle(handle) => Ok(handle),
        runtime::Operand::Variable(id) => ctx.read_variable(id),
        runtime::Operand::Literal(tensor) => ctx.constant(tensor, None),
    })
}

fn eager_tensor(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult<EagerTensor> {
    match handle_of(st, vm, value)? {
        Handle::Eager(tensor) => Ok(tensor),
        Handle::Symbolic(_) => Err(
            vm.value_error("experimental_distribute_dataset needs eager batches in the playground")
        ),
    }
}

/// `strategy.reduce(reduce_op, value, axis=None)`.
fn reduce(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "reduce",
        &args,
        3,
        [this = "self", reduce_op, value, axis]
    )?;
    let id = strategy_of(vm, &args)?;
    let reduction = reduce_op_arg(vm, bound.reduce_op.as_ref().unwrap_or(&Value::None))?;
    let value = bound.value.clone().unwrap_or(Value::None);
    let axis = match &bound.axis {
        None => None,
        Some(axis) => Some(vec![axis
            .as_i64()
            .ok_or_else(|| vm.type_error("axis must be an integer or None"))?]),
    };
    let (host, replicas) = st.tf(vm, |ctx| {
        let strategy = ctx.strategy(id)?;
        Ok((strategy.host_device.clone(), strategy.num_replicas()))
    })?;
    let tensors = match replica_handles(st, vm, id, &value)? {
        Some(tensors) => tensors,
        None => {
            if reduction != ReplicaReduction::Mean && replicas > 1 {
                let text = vm.str(&value)?;
                return Err(vm.value_error(format!(
                    "A non-DistributedValues value {text} cannot be reduced with the given reduce op ReduceOp.{}.",
                    reduction.name()
                )));
            }
            vec![(handle_of(st, vm, &value)?, host.clone())]
        }
    };
    let handle = st.tf(vm, |ctx| {
        ctx.reduce_across_replicas(reduction, tensors, axis, &host)
    })?;
    wrap(st, vm, handle)
}

/// `strategy.experimental_local_results(value)`: the components, as a tuple.
fn local_results(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "experimental_local_results",
        &args,
        2,
        [this = "self", value]
    )?;
    let value = bound.value.clone().unwrap_or(Value::None);
    if let Some(per_replica) = value.downcast::<PyPerReplica>() {
        return Ok(Value::tuple(per_replica.values.clone()));
    }
    if let Some(variable) = value.downcast::<PyDistributedVariable>() {
        return Ok(Value::tuple(super::values::components(
            st,
            vm,
            variable.id,
        )?));
    }
    if matches!(value, Value::Tuple(_) | Value::List(_)) {
        let items = vm.iterate(&value)?;
        return Ok(Value::tuple(items));
    }
    Ok(Value::tuple(vec![value]))
}

/// The data of a distributed dataset: the strategy and the iterable of global batches
/// (or, from `distribute_datasets_from_function`, of per-replica batches).
pub struct PyDistributedDataset {
    strategy: StrategyId,
    source: Value,
    per_replica_batches: bool,
}

/// The data of a distributed dataset's iterator.
pub struct PyDistributedIterator {
    strategy: StrategyId,
    source: RefCell<Value>,
    per_replica_batches: bool,
}

/// `strategy.experimental_distribute_dataset(dataset)`. Any iterable of global batches
/// works (a `tf.data.Dataset`, a list of tensors or of `(x, y)` tuples): each batch is
/// split along its first axis into one slice per replica, `ceil(batch / replicas)` rows
/// each, as tf.distribute rebatches (so the last replicas may get fewer or none), and each
/// slice is copied to its replica's device (the host→TPU infeed on a TPU).
fn distribute_dataset(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "experimental_distribute_dataset",
        &args,
        2,
        [this = "self", dataset, options]
    )?;
    let id = strategy_of(vm, &args)?;
    let classes = st.classes(vm)?;
    Ok(new_native_instance(
        &classes.distribute.distributed_dataset,
        Rc::new(PyDistributedDataset {
            strategy: id,
            source: bound.dataset.clone().unwrap_or(Value::None),
            per_replica_batches: false,
        }),
    ))
}

/// `strategy.distribute_datasets_from_function(dataset_fn)`: `dataset_fn` is called once
/// (one input pipeline: this program is its only worker) with a `tf.distribute.InputContext`
/// and returns a dataset of per-replica batches; each step gives every replica the next
/// batch, copied to its device.
fn distribute_datasets_from_function(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "distribute_datasets_from_function",
        &args,
        2,
        [this = "self", dataset_fn, options]
    )?;
    let id = strategy_of(vm, &args)?;
    let replicas = st.tf(vm, |ctx| Ok(ctx.strategy(id)?.num_replicas()))?;
    let library = vm.import_module("_tensorflow.distribute_input")?;
    let context_class = vm.get_attr_str(&library, "InputContext")?;
    let context = vm.call(
        &context_class,
        &[Value::Int(1), Value::Int(0), Value::Int(replicas as i64)],
        &[],
    )?;
    let dataset_fn = bound.dataset_fn.clone().unwrap_or(Value::None);
    let dataset = vm.call(&dataset_fn, &[context], &[])?;
    let classes = st.classes(vm)?;
    Ok(new_native_instance(
        &classes.distribute.distributed_dataset,
        Rc::new(PyDistributedDataset {
            strategy: id,
            source: dataset,
            per_replica_batches: true,
        }),
    ))
}

/// Builds `DistributedDataset`.
pub fn build_dataset(st: &St) -> Rc<Class> {
    ClassBuilder::new(
        "DistributedDataset",
        "tensorflow.python.distribute.input_lib",
    )
    .method_closure(
        "__iter__",
        with_state(st, |st, vm, args| {
            let dataset =
                this_as::<PyDistributedDataset>(vm, &args, "expected a DistributedDataset")?;
            let iterator = vm.get_iter(&dataset.source)?;
            let classes = st.classes(vm)?;
            Ok(new_native_instance(
                &classes.distribute.distributed_iterator,
                Rc::new(PyDistributedIterator {
                    strategy: dataset.strategy,
                    source: RefCell::new(iterator),
                    per_replica_batches: dataset.per_replica_batches,
                }),
            ))
        }),
    )
    .build()
}

/// Builds `DistributedIterator`.
pub fn build_iterator(st: &St) -> Rc<Class> {
    ClassBuilder::new(
        "DistributedIterator",
        "tensorflow.python.distribute.input_lib",
    )
    .method("__iter__", |vm, args| Ok(this(vm, &args)?.clone()))
    .method_closure(
        "__next__",
        with_state(st, |st, vm, args| {
            let iterator =
                this_as::<PyDistributedIterator>(vm, &args, "expected a DistributedIterator")?;
            let source = iterator.source.borrow().clone();
            if iterator.per_replica_batches {
                return next_per_replica(st, vm, iterator.strategy, &source);
            }
            let Some(batch) = vm.next(&source)? else {
                let class = vm.exc_types().stop_iteration.clone();
                return Err(vm.new_error(&class, ""));
            };
            split_element(st, vm, iterator.strategy, &batch)
        }),
    )
    .build()
}

/// The next batch of every replica, each copied to its replica's device; the iteration
/// ends when the first replica's batch is missing.
fn next_per_replica(st: &St, vm: &mut Vm<'_>, id: StrategyId, source: &Value) -> PyResult {
    let devices = st.tf(vm, |ctx| Ok(ctx.strategy(id)?.devices.clone()))?;
    let mut batches = Vec::with_capacity(devices.len());
    for _ in &devices {
        match vm.next(source)? {
            Some(batch) => batches.push(batch),
            None => break,
        }
    }
    let Some(first) = batches.first().cloned() else {
        let class = vm.exc_types().stop_iteration.clone();
        return Err(vm.new_error(&class, ""));
    };
    // The replicas past the data's end get empty batches, as tf.distribute gives them.
    while batches.len() < devices.len() {
        batches.push(no_rows(st, vm, &first)?);
    }
    let mut placed = Vec::with_capacity(batches.len());
    for (batch, device) in batches.iter().zip(&devices) {
        placed.push(copy_to_device(st, vm, batch, device)?);
    }
    combine_per_replica(st, vm, placed)
}

/// `value` with `leaf` applied to each tensor in it (tuples and lists element by element,
/// keeping their kind).
fn map_leaves(
    st: &St,
    vm: &mut Vm<'_>,
    value: &Value,
    leaf: &mut dyn FnMut(&St, &mut Vm<'_>, &Value) -> PyResult,
) -> PyResult {
    if !matches!(value, Value::Tuple(_) | Value::List(_)) {
        return leaf(st, vm, value);
    }
    let mut items = Vec::new();
    for item in vm.iterate(value)? {
        items.push(map_leaves(st, vm, &item, leaf)?);
    }
    Ok(if matches!(value, Value::List(_)) {
        Value::list(items)
    } else {
        Value::tuple(items)
    })
}

/// `value` (tensors in tuples, lists) with none of its rows.
fn no_rows(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult {
    map_leaves(st, vm, value, &mut |st, vm, value| {
        let tensor = eager_tensor(st, vm, value)?;
        let numbers = tensor
            .value
            .tensor()
            .cloned()
            .ok_or_else(|| vm.type_error("a distributed batch must be a tensor"))?;
        let empty = ops::slice(
            &numbers,
            &[SliceSpec::Range {
                start: Some(0),
                stop: Some(0),
                step: None,
            }],
        )
        .map_err(|e| crate::convert::op_error(vm, e))?;
        let host = tensor.device_name.clone();
        let handle = st.tf(vm, |ctx| {
            ctx.push_device_scope(Some(&host))?;
            let made = ctx.constant(empty, None);
            ctx.pop_device_scope()?;
            made
        })?;
        wrap(st, vm, handle)
    })
}

/// `value` (tensors in tuples, lists) copied to `device`.
fn copy_to_device(st: &St, vm: &mut Vm<'_>, value: &Value, device: &str) -> PyResult {
    map_leaves(st, vm, value, &mut |st, vm, value| {
        let tensor = eager_tensor(st, vm, value)?;
        let handle = st.tf(vm, |ctx| {
            ctx.push_device_scope(Some(device))?;
            let copied = ctx.identity(Handle::Eager(tensor).into(), None);
            ctx.pop_device_scope()?;
            copied
        })?;
        wrap(st, vm, handle)
    })
}

/// Replicas' values of the same structure as one structure of `PerReplica` leaves (the
/// value itself for one replica).
fn combine_per_replica(st: &St, vm: &mut Vm<'_>, replicas: Vec<Value>) -> PyResult {
    if replicas.len() == 1 {
        return Ok(replicas.into_iter().next().unwrap_or(Value::None));
    }
    let first = replicas[0].clone();
    if matches!(first, Value::Tuple(_) | Value::List(_)) {
        let mut columns: Vec<Vec<Value>> = Vec::new();
        for replica in &replicas {
            for (index, item) in vm.iterate(replica)?.into_iter().enumerate() {
                if columns.len() <= index {
                    columns.push(Vec::new());
                }
                columns[index].push(item);
            }
        }
        let mut items = Vec::with_capacity(columns.len());
        for column in columns {
            items.push(combine_per_replica(st, vm, column)?);
        }
        return Ok(if matches!(first, Value::List(_)) {
            Value::list(items)
        } else {
            Value::tuple(items)
        });
    }
    per_replica(st, vm, replicas)
}

/// One global batch as per-replica slices (tuples and lists element by element).
fn split_element(st: &St, vm: &mut Vm<'_>, id: StrategyId, element: &Value) -> PyResult {
    map_leaves(st, vm, element, &mut |st, vm, tensor| {
        split_tensor(st, vm, id, tensor)
    })
}

/// One tensor of a global batch as per-replica slices.
fn split_tensor(st: &St, vm: &mut Vm<'_>, id: StrategyId, element: &Value) -> PyResult {
    let tensor = eager_tensor(st, vm, element)?;
    let value = tensor
        .value
        .tensor()
        .cloned()
        .ok_or_else(|| vm.type_error("a distributed batch must be a tensor"))?;
    let devices = st.tf(vm, |ctx| Ok(ctx.strategy(id)?.devices.clone()))?;
    let rows = value.dims().first().copied().unwrap_or(0) as i64;
    let replicas = devices.len() as i64;
    let per_replica_rows = (rows + replicas - 1) / replicas.max(1);
    let mut slices = Vec::with_capacity(devices.len());
    for (replica, device) in devices.iter().enumerate() {
        let start = (replica as i64 * per_replica_rows).min(rows);
        let stop = (start + per_replica_rows).min(rows);
        let slice = ops::slice(
            &value,
            &[SliceSpec::Range {
                start: Some(start),
                stop: Some(stop),
                step: None,
            }],
        )
        .map_err(|e| crate::convert::op_error(vm, e))?;
        let host = tensor.device_name.clone();
        let handle = st.tf(vm, |ctx| {
            ctx.push_device_scope(Some(&host))?;
            let on_host = ctx.constant(slice, None);
            ctx.pop_device_scope()?;
            ctx.push_device_scope(Some(device))?;
            let copied = on_host.and_then(|h| ctx.identity(h.into(), None));
            ctx.pop_device_scope()?;
            copied
        })?;
        slices.push(wrap(st, vm, handle)?);
    }
    if slices.len() == 1 {
        return Ok(slices.into_iter().next().unwrap_or(Value::None));
    }
    per_replica(st, vm, slices)
}

/// Creates a variable in the scope of the current strategy: a mirrored variable for
/// `MirroredStrategy` and `TPUStrategy`, a variable on the strategy's device for
/// `OneDeviceStrategy`; `None` outside any scope.
#[allow(clippy::too_many_arguments)] // `tf.Variable`'s arguments.
pub(crate) fn create_in_scope(
    st: &St,
    vm: &mut Vm<'_>,
    operand: &runtime::Operand,
    name: Option<&str>,
    trainable: bool,
    dtype: Option<tensor::DType>,
    aggregation: &Option<Value>,
) -> PyResult<Option<Value>> {
    let Some(id) = st.with_ctx(vm, |ctx| ctx.current_strategy())? else {
        return Ok(None);
    };
    let aggregation = super::values::aggregation_arg(vm, aggregation)?;
    let (kind, device) = st.tf(vm, |ctx| {
        let strategy = ctx.strategy(id)?;
        Ok((strategy.kind, strategy.devices[0].clone()))
    })?;
    match kind {
        StrategyKind::Mirrored | StrategyKind::MultiWorkerMirrored | StrategyKind::Tpu => {
            let operand = operand.clone();
            let variable = st.tf(vm, |ctx| {
                ctx.create_distributed_variable(id, operand, name, trainable, dtype, aggregation)
            })?;
            Ok(Some(wrap_distributed(
                st,
                vm,
                variable,
                kind == StrategyKind::Tpu,
            )?))
        }
        StrategyKind::OneDevice => {
            let operand = operand.clone();
            let variable = st.tf(vm, |ctx| {
                ctx.push_device_scope(Some(&device))?;
                let created = ctx.create_variable(operand, name, trainable, dtype);
                ctx.pop_device_scope()?;
                created
            })?;
            Ok(Some(crate::variable_class::wrap_variable(
                st, vm, variable,
            )?))
        }
        StrategyKind::Default => Ok(None),
    }
}
