//! `tf.distribute` for programs: strategies and their `scope()`, `strategy.run`,
//! `reduce`, `experimental_local_results`, `experimental_distribute_dataset`, replica
//! contexts, `PerReplica` values, mirrored variables, `ReduceOp` and
//! `tf.VariableAggregation` (tf-semantics.md §5). The state and the algorithms are the
//! runtime's (`runtime/distribute/`); this binding converts Python values and calls it.
//!
//! Module map:
//! - this file: [`DistributeClasses`] (built once per run, with the unique Python object
//!   of each strategy) and the `tensorflow.distribute` module.
//! - [`strategy`]: the strategy classes, `scope()`, `run`, `reduce`, local results, and
//!   distributed datasets.
//! - [`values`]: `PerReplica`, `MirroredVariable` / `TPUMirroredVariable`, replica
//!   contexts, `ReduceOp` and `VariableAggregation`.

pub mod loss_scaling;
pub mod strategy;
pub mod values;

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use lang::value::{Class, Module, PyResult, Value};
use lang::vm::Vm;

use crate::{def, module, St};
use runtime::distribute::StrategyId;

/// The classes of `tf.distribute` and the objects that must stay unique in a run.
pub struct DistributeClasses {
    /// `tf.distribute.Strategy`.
    pub(crate) strategy: Rc<Class>,
    pub(crate) mirrored_strategy: Rc<Class>,
    pub(crate) multi_worker_strategy: Rc<Class>,
    pub(crate) multi_worker_experimental: Rc<Class>,
    pub(crate) one_device_strategy: Rc<Class>,
    pub(crate) tpu_strategy: Rc<Class>,
    pub(crate) default_strategy: Rc<Class>,
    pub(crate) extended: strategy::ExtendedClasses,
    pub(crate) scope: Rc<Class>,
    pub(crate) per_replica: Rc<Class>,
    pub(crate) mirrored_variable: Rc<Class>,
    pub(crate) tpu_mirrored_variable: Rc<Class>,
    pub(crate) replica_context: Rc<Class>,
    pub(crate) default_replica_context: Rc<Class>,
    pub(crate) reduce_op: Rc<Class>,
    pub(crate) aggregation: Rc<Class>,
    /// The V1 `VariableAggregation` enum, whose `NONE` mirrored variables report.
    pub(crate) aggregation_v1: Rc<Class>,
    pub(crate) distributed_dataset: Rc<Class>,
    pub(crate) distributed_iterator: Rc<Class>,
    /// One Python object per strategy, so `get_strategy() is strategy` holds.
    pub(crate) strategy_objects: RefCell<HashMap<u32, Value>>,
    /// The default strategy's object, created on first use.
    pub(crate) default_strategy_object: RefCell<Option<Value>>,
    /// The `ReduceOp` and `VariableAggregation` members.
    pub(crate) members: RefCell<HashMap<String, Value>>,
    /// One object per mirrored variable.
    pub(crate) variable_objects: RefCell<HashMap<u32, Value>>,
}

impl DistributeClasses {
    /// Builds the classes (once per run, with the binding's other classes).
    pub fn build(st: &St) -> DistributeClasses {
        let strategies = strategy::build_strategy_classes(st);
        let (mirrored_variable, tpu_mirrored_variable) = values::build_variable_classes(st);
        let (replica_context, default_replica_context) = values::build_replica_contexts(st);
        DistributeClasses {
            strategy: strategies.base,
            mirrored_strategy: strategies.mirrored,
            multi_worker_strategy: strategies.multi_worker,
            multi_worker_experimental: strategies.multi_worker_experimental,
            one_device_strategy: strategies.one_device,
            tpu_strategy: strategies.tpu,
            default_strategy: strategies.default,
            extended: strategy::build_extended(st),
            scope: strategy::build_scope(st),
            per_replica: values::build_per_replica(),
            mirrored_variable,
            tpu_mirrored_variable,
            replica_context,
            default_replica_context,
            reduce_op: values::build_enum("ReduceOp", "tensorflow.python.ops.reduce_util"),
            aggregation: values::build_enum(
                "VariableAggregationV2",
                "tensorflow.python.ops.variables",
            ),
            aggregation_v1: values::build_enum(
                "VariableAggregation",
                "tensorflow.python.ops.variables",
            ),
            distributed_dataset: strategy::build_dataset(st),
            distributed_iterator: strategy::build_iterator(st),
            strategy_objects: RefCell::new(HashMap::new()),
            default_strategy_object: RefCell::new(None),
            members: RefCell::new(HashMap::new()),
            variable_objects: RefCell::new(HashMap::new()),
        }
    }

    /// Breaks the cycles between cached objects and the state.
    pub fn release(&self) {
        self.strategy_objects.borrow_mut().clear();
        self.default_strategy_object.borrow_mut().take();
        self.members.borrow_mut().clear();
        self.variable_objects.borrow_mut().clear();
    }
}

/// The Python object of strategy `id`.
pub(crate) fn strategy_object(st: &St, vm: &Vm<'_>, id: StrategyId) -> PyResult<Value> {
    let classes = st.classes(vm)?;
    let found = classes
        .distribute
        .strategy_objects
        .borrow()
        .get(&id.0)
        .cloned();
    found.ok_or_else(|| vm.runtime_error("unknown strategy object"))
}

/// Builds `tensorflow.distribute` and `tensorflow.distribute.experimental`; returns them
/// with `tf.VariableAggregation` for the caller to place.
pub fn build_module(st: &St, vm: &mut Vm<'_>) -> PyResult<(Rc<Module>, Rc<Module>, Value)> {
    let classes = st.classes(vm)?;
    let distribute = module("tensorflow.distribute");
    let d = &classes.distribute;
    distribute.set(
        "MirroredStrategy",
        Value::Class(d.mirrored_strategy.clone()),
    );
    distribute.set(
        "OneDeviceStrategy",
        Value::Class(d.one_device_strategy.clone()),
    );
    distribute.set("TPUStrategy", Value::Class(d.tpu_strategy.clone()));
    distribute.set(
        "MultiWorkerMirroredStrategy",
        Value::Class(d.multi_worker_strategy.clone()),
    );
    distribute.set("Strategy", Value::Class(d.strategy.clone()));
    distribute.set("StrategyExtended", Value::Class(d.extended.base.clone()));
    distribute.set(
        "ReduceOp",
        values::enum_class_value(st, vm, &d.reduce_op, values::REDUCE_OPS)?,
    );
    def(&distribute, st, "get_strategy", strategy::get_strategy);
    def(&distribute, st, "has_strategy", strategy::has_strategy);
    def(
        &distribute,
        st,
        "in_cross_replica_context",
        strategy::in_cross_replica_context,
    );
    def(
        &distribute,
        st,
        "get_replica_context",
        values::get_replica_context,
    );
    let experimental = module("tensorflow.distribute.experimental");
    experimental.set("TPUStrategy", Value::Class(d.tpu_strategy.clone()));
    experimental.set(
        "MultiWorkerMirroredStrategy",
        Value::Class(d.multi_worker_experimental.clone()),
    );
    distribute.set("experimental", Value::Module(experimental.clone()));
    let aggregation = values::enum_class_value(st, vm, &d.aggregation, values::AGGREGATIONS)?;
    values::enum_class_value(st, vm, &d.aggregation_v1, &values::AGGREGATIONS[..1])?;
    Ok((distribute, experimental, aggregation))
}

/// A method body bound to the state; unlike [`crate::bound`] it takes closures
/// that capture (a property's name, a class name).
pub(crate) fn with_state(
    st: &St,
    f: impl Fn(&St, &mut Vm<'_>, lang::value::Args<'_>) -> PyResult + 'static,
) -> impl Fn(&mut Vm<'_>, lang::value::Args<'_>) -> PyResult + 'static {
    let st = st.clone();
    move |vm, args| f(&st, vm, args)
}
