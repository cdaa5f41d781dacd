//! Distributed values as programs see them: `PerReplica` (what `strategy.run` returns
//! with several replicas), `MirroredVariable` / `TPUMirroredVariable` (a variable made in
//! a mirroring strategy's scope), replica contexts, and the `ReduceOp` and
//! `VariableAggregation` enums. Reprs follow `values.py`:
//! `PerReplica:{\n  0: ...,\n  1: ...\n}`.

use std::rc::Rc;

use lang::host::{new_native_instance, ClassBuilder};
use lang::value::{Args, Class, PyResult, Value};
use lang::vm::Vm;

use super::with_state;
use crate::convert::to_operand;
use crate::tensor_class::{install_operators, wrap};
use crate::variable_class::wrap_variable;
use crate::{this, this_as, St};
use runtime::distribute::{Aggregation, DistributedVariableId, ReplicaReduction};
use runtime::op::OpKind;
use runtime::Operand;

/// The data of a `PerReplica`: one value per replica.
pub struct PyPerReplica {
    /// The components, in replica order.
    pub values: Vec<Value>,
}

/// The data of a mirrored variable object.
pub struct PyDistributedVariable {
    /// The runtime's mirrored variable.
    pub id: DistributedVariableId,
}

/// The data of an enum member (`ReduceOp.SUM`, `VariableAggregationV2.MEAN`).
pub struct PyEnumMember {
    /// The member's name.
    pub name: &'static str,
    /// Its value's repr (`'SUM'`, `1`).
    pub value_repr: String,
    /// Its value as a number (`VariableAggregation`), or 0.
    pub number: i64,
}

/// `ReduceOp`'s members: name and value repr.
pub const REDUCE_OPS: &[(&str, &str, i64)] = &[("SUM", "'SUM'", 0), ("MEAN", "'MEAN'", 1)];
/// `VariableAggregationV2`'s members.
pub const AGGREGATIONS: &[(&str, &str, i64)] = &[
    ("NONE", "0", 0),
    ("SUM", "1", 1),
    ("MEAN", "2", 2),
    ("ONLY_FIRST_REPLICA", "3", 3),
];

/// An enum class whose members print as `Class.NAME` and `<Class.NAME: value>`.
pub fn build_enum(name: &str, module: &str) -> Rc<Class> {
    let class_name = name.to_string();
    let repr_name = name.to_string();
    ClassBuilder::new(name, module)
        .method_closure("__str__", move |vm, args| {
            let member = member_of(vm, &args)?;
            Ok(Value::str(format!("{class_name}.{}", member.name)))
        })
        .method_closure("__repr__", move |vm, args| {
            let member = member_of(vm, &args)?;
            Ok(Value::str(format!(
                "<{repr_name}.{}: {}>",
                member.name, member.value_repr
            )))
        })
        .property(
            "name",
            |vm, args| Ok(Value::str(member_of(vm, &args)?.name)),
            None,
        )
        .property(
            "value",
            |vm, args| {
                let member = member_of(vm, &args)?;
                Ok(match member.value_repr.strip_prefix('\'') {
                    Some(text) => Value::str(text.trim_end_matches('\'')),
                    None => Value::Int(member.number),
                })
            },
            None,
        )
        .build()
}

fn member_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<PyEnumMember>> {
    this_as::<PyEnumMember>(vm, args, "expected an enum member")
}

/// Fills `class` with its members (unique per run) and returns it.
pub fn enum_class_value(
    st: &St,
    vm: &Vm<'_>,
    class: &Rc<Class>,
    members: &[(&'static str, &str, i64)],
) -> PyResult<Value> {
    let classes = st.classes(vm)?;
    for (name, value_repr, number) in members {
        let member = new_native_instance(
            class,
            Rc::new(PyEnumMember {
                name,
                value_repr: value_repr.to_string(),
                number: *number,
            }),
        );
        classes
            .distribute
            .members
            .borrow_mut()
            .insert(format!("{}.{name}", class.name), member.clone());
        class.dict.borrow_mut().insert_str(name, member);
    }
    Ok(Value::Class(class.clone()))
}

/// The member `Class.NAME` of this run.
pub(crate) fn member(st: &St, vm: &Vm<'_>, class: &str, name: &str) -> PyResult<Value> {
    let classes = st.classes(vm)?;
    let found = classes
        .distribute
        .members
        .borrow()
        .get(&format!("{class}.{name}"))
        .cloned();
    found.ok_or_else(|| vm.runtime_error(format!("unknown member {class}.{name}")))
}

/// `reduce_op` as `strategy.reduce` accepts it: a `ReduceOp` member or its name.
pub(crate) fn reduce_op_arg(vm: &mut Vm<'_>, value: &Value) -> PyResult<ReplicaReduction> {
    let name = match value.downcast::<PyEnumMember>() {
        Some(member) if member.value_repr.starts_with('\'') => member.name.to_string(),
        _ => match value.as_str() {
            Some(text) => cpython_text::str_upper(text),
            // TF 2.21 asserts the type before its own TypeError (checked with the oracle).
            None => {
                let class = vm.exc_types().assertion_error.clone();
                return Err(vm.new_error(&class, ""));
            }
        },
    };
    match name.as_str() {
        "SUM" => Ok(ReplicaReduction::Sum),
        "MEAN" => Ok(ReplicaReduction::Mean),
        _ => Err(vm.value_error(format!("'{name}' is not a valid ReduceOp"))),
    }
}

/// `aggregation=` of `tf.Variable`.
pub(crate) fn aggregation_arg(vm: &mut Vm<'_>, value: &Option<Value>) -> PyResult<Aggregation> {
    let Some(value) = value else {
        return Ok(Aggregation::None);
    };
    let number = match value.downcast::<PyEnumMember>() {
        Some(member) => Some(member.number),
        None => value.as_i64(),
    };
    number.and_then(Aggregation::from_value).ok_or_else(|| {
        vm.value_error("Invalid variable aggregation mode: expected a tf.VariableAggregation")
    })
}

/// `PerReplica:{\n  0: v0,\n  1: v1\n}` with each component's `str` or `repr`.
fn per_replica_text(vm: &mut Vm<'_>, args: &Args<'_>, repr: bool) -> PyResult {
    let values = this(vm, args)?
        .downcast::<PyPerReplica>()
        .map(|p| p.values.clone())
        .ok_or_else(|| vm.type_error("expected a PerReplica"))?;
    let mut lines = Vec::with_capacity(values.len());
    for (index, value) in values.iter().enumerate() {
        let text = if repr {
            vm.repr(value)?
        } else {
            vm.str(value)?
        };
        lines.push(format!("  {index}: {text}"));
    }
    Ok(Value::str(format!(
        "PerReplica:{{\n{}\n}}",
        lines.join(",\n")
    )))
}

/// Builds `PerReplica`.
pub fn build_per_replica() -> Rc<Class> {
    ClassBuilder::new("PerReplica", "tensorflow.python.distribute.values")
        .method("__str__", |vm, args| per_replica_text(vm, &args, false))
        .method("__repr__", |vm, args| per_replica_text(vm, &args, true))
        .property(
            "values",
            |vm, args| {
                let values = this(vm, &args)?
                    .downcast::<PyPerReplica>()
                    .map(|p| p.values.clone())
                    .ok_or_else(|| vm.type_error("expected a PerReplica"))?;
                Ok(Value::tuple(values))
            },
            None,
        )
        .build()
}

/// A `PerReplica` of `values`.
pub(crate) fn per_replica(st: &St, vm: &Vm<'_>, values: Vec<Value>) -> PyResult {
    let classes = st.classes(vm)?;
    Ok(new_native_instance(
        &classes.distribute.per_replica,
        Rc::new(PyPerReplica { values }),
    ))
}

/// The unique object of mirrored variable `id`.
pub(crate) fn wrap_distributed(
    st: &St,
    vm: &Vm<'_>,
    id: DistributedVariableId,
    tpu: bool,
) -> PyResult {
    let classes = st.classes(vm)?;
    if let Some(object) = classes.distribute.variable_objects.borrow().get(&id.0) {
        return Ok(object.clone());
    }
    let class = if tpu {
        &classes.distribute.tpu_mirrored_variable
    } else {
        &classes.distribute.mirrored_variable
    };
    let object = new_native_instance(class, Rc::new(PyDistributedVariable { id }));
    classes
        .distribute
        .variable_objects
        .borrow_mut()
        .insert(id.0, object.clone());
    Ok(object)
}

fn variable_id(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<DistributedVariableId> {
    this(vm, args)?
        .downcast::<PyDistributedVariable>()
        .map(|v| v.id)
        .ok_or_else(|| vm.type_error("expected a mirrored variable"))
}

/// The component variable objects of a mirrored variable, in replica order.
pub(crate) fn components(
    st: &St,
    vm: &mut Vm<'_>,
    id: DistributedVariableId,
) -> PyResult<Vec<Value>> {
    let ids = st.tf(vm, |ctx| {
        Ok(ctx.distributed_variable(id)?.components.clone())
    })?;
    ids.into_iter().map(|c| wrap_variable(st, vm, c)).collect()
}

/// The object of the component a read would use (the running replica's, or the primary).
fn local(st: &St, vm: &mut Vm<'_>, args: &Args<'_>) -> PyResult {
    let id = variable_id(vm, args)?;
    let component = st.tf(vm, |ctx| ctx.local_component(id))?;
    wrap_variable(st, vm, component)
}

/// Forwards a method or property to the local component variable.
fn forward(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, name: &str) -> PyResult {
    let component = local(st, vm, args)?;
    let attribute = vm.get_attr_str(&component, name)?;
    Ok(attribute)
}

fn forward_call(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, name: &str) -> PyResult {
    let method = forward(st, vm, args, name)?;
    let rest: Vec<Value> = args.positional.get(1..).unwrap_or(&[]).to_vec();
    vm.call(&method, &rest, args.keywords)
}

fn variable_text(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, class: &str) -> PyResult {
    let id = variable_id(vm, args)?;
    let values = components(st, vm, id)?;
    let mut lines = Vec::with_capacity(values.len());
    for (index, value) in values.iter().enumerate() {
        lines.push(format!("  {index}: {}", vm.repr(value)?));
    }
    Ok(Value::str(format!("{class}:{{\n{}\n}}", lines.join(",\n"))))
}

fn assign(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, kind: OpKind, what: &str) -> PyResult {
    let bound = bind!(
        vm,
        what,
        args,
        2,
        [this = "self", value, use_locking, name, read_value]
    )?;
    let id = variable_id(vm, args)?;
    let value = bound.value.clone().unwrap_or(Value::None);
    let operand = to_operand(st, vm, &value)?;
    let operand = match operand {
        Operand::Variable(variable) => {
            Operand::Handle(st.tf(vm, |ctx| ctx.read_variable(variable))?)
        }
        other => other,
    };
    let result = st.tf(vm, |ctx| ctx.assign_distributed(id, kind, operand))?;
    match result {
        Some(handle) => wrap(st, vm, handle),
        None => Ok(this(vm, args)?.clone()),
    }
}

/// Builds `MirroredVariable` and `TPUMirroredVariable`.
pub fn build_variable_classes(st: &St) -> (Rc<Class>, Rc<Class>) {
    let build = |name: &'static str, module: &str| {
        let mut builder = ClassBuilder::new(name, module)
            .method_closure(
                "__repr__",
                with_state(st, move |st, vm, args| variable_text(st, vm, &args, name)),
            )
            .property_closure(
                "values",
                with_state(st, |st, vm, args| {
                    let id = variable_id(vm, &args)?;
                    Ok(Value::tuple(components(st, vm, id)?))
                }),
                None,
            )
            .property_closure(
                "aggregation",
                with_state(st, |st, vm, args| {
                    let id = variable_id(vm, &args)?;
                    let aggregation =
                        st.tf(vm, |ctx| Ok(ctx.distributed_variable(id)?.aggregation))?;
                    // TensorFlow reports NONE with the V1 enum (`VariableAggregation.NONE`,
                    // not `tf.VariableAggregation.NONE`; checked with the oracle).
                    let class = if aggregation == Aggregation::None {
                        "VariableAggregation"
                    } else {
                        "VariableAggregationV2"
                    };
                    member(st, vm, class, aggregation.name())
                }),
                None,
            );
        for property in ["name", "device", "dtype", "shape", "trainable"] {
            builder = builder.property_closure(
                property,
                with_state(st, move |st, vm, args| forward(st, vm, &args, property)),
                None,
            );
        }
        for method in ["numpy", "read_value", "value", "get_shape"] {
            builder = builder.method_closure(
                method,
                with_state(st, move |st, vm, args| forward_call(st, vm, &args, method)),
            );
        }
        builder = builder
            .method_closure(
                "assign",
                with_state(st, |st, vm, args| {
                    assign(
                        st,
                        vm,
                        &args,
                        runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Set),
                        "assign",
                    )
                }),
            )
            .method_closure(
                "assign_add",
                with_state(st, |st, vm, args| {
                    assign(
                        st,
                        vm,
                        &args,
                        runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Add),
                        "assign_add",
                    )
                }),
            )
            .method_closure(
                "assign_sub",
                with_state(st, |st, vm, args| {
                    assign(
                        st,
                        vm,
                        &args,
                        runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Sub),
                        "assign_sub",
                    )
                }),
            );
        install_operators(builder, st)
            .method("__hash__", |vm, args| {
                let me = this(vm, &args)?;
                Ok(Value::Int(me.object_address().unwrap_or(0) as i64 >> 4))
            })
            .build()
    };
    (
        build("MirroredVariable", "tensorflow.python.distribute.values"),
        build(
            "TPUMirroredVariable",
            "tensorflow.python.distribute.tpu_values",
        ),
    )
}

/// The data of a replica context object.
pub struct PyReplicaContext {
    /// The strategy and replica, or `None` for the default replica context.
    pub replica: Option<runtime::distribute::ReplicaContext>,
}

fn replica_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<PyReplicaContext>> {
    this_as::<PyReplicaContext>(vm, args, "expected a replica context")
}

/// Builds `ReplicaContext` (inside `strategy.run`) and `_DefaultReplicaContext`.
pub fn build_replica_contexts(st: &St) -> (Rc<Class>, Rc<Class>) {
    let build = |name: &str, module: &str| {
        ClassBuilder::new(name, module)
            .property_closure(
                "replica_id_in_sync_group",
                with_state(st, |st, vm, args| {
                    let context = replica_of(vm, &args)?;
                    let tensor = match &context.replica {
                        Some(replica) => {
                            let replica = replica.clone();
                            let traced =
                                st.tf(vm, |ctx| ctx.traced_replica_id(replica.strategy))?;
                            if let Some(handle) = traced {
                                return wrap(st, vm, handle);
                            }
                            st.tf(vm, |ctx| {
                                ctx.replica_id_of(replica.strategy, replica.replica_id)
                            })?
                        }
                        None => {
                            let handle =
                                st.tf(vm, |ctx| ctx.constant(tensor::Tensor::scalar(0i32), None))?;
                            return wrap(st, vm, handle);
                        }
                    };
                    wrap(st, vm, runtime::Handle::Eager(tensor))
                }),
                None,
            )
            .property_closure(
                "num_replicas_in_sync",
                with_state(st, |st, vm, args| {
                    let context = replica_of(vm, &args)?;
                    let count = match &context.replica {
                        Some(replica) => {
                            let strategy = replica.strategy;
                            st.tf(vm, |ctx| Ok(ctx.strategy(strategy)?.num_replicas()))?
                        }
                        None => 1,
                    };
                    Ok(Value::Int(count as i64))
                }),
                None,
            )
            .property_closure(
                "strategy",
                with_state(st, |st, vm, args| {
                    let context = replica_of(vm, &args)?;
                    match &context.replica {
                        Some(replica) => super::strategy_object(st, vm, replica.strategy),
                        None => super::strategy::default_strategy(st, vm),
                    }
                }),
                None,
            )
            .method_closure(
                "all_reduce",
                with_state(st, |st, vm, args| {
                    let bound = bind!(
                        vm,
                        "all_reduce",
                        &args,
                        3,
                        [this = "self", reduce_op, value, options]
                    )?;
                    let context = replica_of(vm, &args)?;
                    let reduction =
                        reduce_op_arg(vm, bound.reduce_op.as_ref().unwrap_or(&Value::None))?;
                    let value = bound.value.clone().unwrap_or(Value::None);
                    let Some(replica) = context.replica.clone() else {
                        return Ok(value);
                    };
                    all_reduce_nest(st, vm, replica.strategy, reduction, &value)
                }),
            )
            .build()
    };
    (
        build(
            "ReplicaContext",
            "tensorflow.python.distribute.distribute_lib",
        ),
        build(
            "_DefaultReplicaContext",
            "tensorflow.python.distribute.distribute_lib",
        ),
    )
}

/// `ReplicaContext.all_reduce` on a value or a nest of them (a list or tuple of gradients):
/// one all-reduce per tensor, in the nest's order, returned in the same structure.
fn all_reduce_nest(
    st: &St,
    vm: &mut Vm<'_>,
    strategy: runtime::distribute::StrategyId,
    reduction: runtime::distribute::ReplicaReduction,
    value: &Value,
) -> PyResult {
    if matches!(value, Value::List(_) | Value::Tuple(_)) {
        let items = vm.iterate(value)?;
        let mut reduced = Vec::with_capacity(items.len());
        for item in &items {
            reduced.push(all_reduce_nest(st, vm, strategy, reduction, item)?);
        }
        return Ok(if matches!(value, Value::List(_)) {
            Value::list(reduced)
        } else {
            Value::tuple(reduced)
        });
    }
    let operand = to_operand(st, vm, value)?;
    let handle = st.tf(vm, |ctx| ctx.all_reduce(strategy, reduction, operand))?;
    wrap(st, vm, handle)
}

/// `tf.distribute.get_replica_context()`: the running replica's context, `None` in a
/// strategy's cross-replica context, the default replica context otherwise.
pub fn get_replica_context(st: &St, vm: &mut Vm<'_>, _args: Args<'_>) -> PyResult {
    let (replica, in_scope) = st.with_ctx(vm, |ctx| {
        (
            ctx.replica_context().cloned(),
            ctx.current_strategy().is_some(),
        )
    })?;
    let classes = st.classes(vm)?;
    match replica {
        Some(replica) => Ok(new_native_instance(
            &classes.distribute.replica_context,
            Rc::new(PyReplicaContext {
                replica: Some(replica),
            }),
        )),
        None if in_scope => Ok(Value::None),
        None => Ok(new_native_instance(
            &classes.distribute.default_replica_context,
            Rc::new(PyReplicaContext { replica: None }),
        )),
    }
}
