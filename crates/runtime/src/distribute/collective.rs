//! All-reduces between replicas that were traced one after the other into one
//! `tf.function`: what `strategy.run` inside a `tf.function` builds (tf-semantics.md §5.2),
//! the usual custom training step.
//!
//! TensorFlow's `MirroredStrategy` traces the replica function once per replica device into
//! the outer graph and joins the replicas' collective ops by an instance key; a
//! `TPUStrategy` builds one replicated computation whose `CrossReplicaSum` joins the cores.
//! The playground traces replica after replica, so the `k`-th all-reduce of every replica
//! gets the same instance ([`CollectiveMember`]). When the function runs,
//! [`execution_order`] schedules the graph so that the members of an instance run
//! together, as soon as every member's input is computed, while every other op keeps its
//! program order as far as its inputs allow (ops on one variable stay in program order,
//! as TensorFlow's automatic control dependencies keep them).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use crate::context::Context;
use crate::distribute::strategy::StrategyId;
use crate::error::{ExceptionClass, TfError, TfResult};
use crate::graph::{Graph, GraphTensor, OperationId};
use crate::op::{OpKind, ValueType};

/// The all-reduce instance a per-replica collective op belongs to, and which replica's
/// member it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CollectiveMember {
    /// The instance: the same for the `k`-th all-reduce of every replica of one
    /// `strategy.run`, unique in the run of the program.
    pub instance: u32,
    /// The replica whose value this member contributes and receives.
    pub replica: usize,
    /// How many replicas take part.
    pub group_size: usize,
}

/// The all-reduces of the `strategy.run` whose replicas are being traced.
#[derive(Clone, Debug)]
pub struct CollectiveTrace {
    strategy: StrategyId,
    /// The instance of the first all-reduce of this `strategy.run`.
    first_instance: u32,
    /// All-reduces made so far, per replica.
    issued: Vec<u32>,
}

/// One step of running a function body: an op alone, or the members of one all-reduce
/// (in replica order), which run together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// One op.
    Op(OperationId),
    /// Every member of one all-reduce instance.
    AllReduce(Vec<OperationId>),
}

impl Step {
    /// The ops the step runs.
    pub fn operations(&self) -> &[OperationId] {
        match self {
            Step::Op(id) => std::slice::from_ref(id),
            Step::AllReduce(members) => members,
        }
    }
}

/// The member an op is, if it is a per-replica all-reduce of a traced `strategy.run`.
fn member_of(kind: &OpKind) -> Option<CollectiveMember> {
    kind.downcast::<crate::op_defs::AllReduce>()
        .and_then(|all_reduce| all_reduce.member)
}

/// The order in which to run `graph`'s ops (`skip` are the arguments, already computed):
/// program order, except that the members of an all-reduce wait for each other.
/// A graph whose all-reduces cannot all complete is an error.
pub fn execution_order(graph: &Graph, skip: &[OperationId]) -> TfResult<Vec<Step>> {
    let operations = graph.operations();
    // Units: one per op, except that the members of an all-reduce instance share one.
    let mut unit_of: Vec<Option<usize>> = vec![None; operations.len()];
    let mut units: Vec<Step> = Vec::new();
    let mut instances: HashMap<u32, usize> = HashMap::new();
    for (index, operation) in operations.iter().enumerate() {
        let id = OperationId(index as u32);
        if skip.contains(&id) {
            continue;
        }
        match member_of(&operation.kind) {
            Some(member) => {
                let unit = *instances.entry(member.instance).or_insert_with(|| {
                    units.push(Step::AllReduce(Vec::new()));
                    units.len() - 1
                });
                if let Step::AllReduce(members) = &mut units[unit] {
                    members.push(id);
                }
                unit_of[index] = Some(unit);
            }
            None => {
                units.push(Step::Op(id));
                unit_of[index] = Some(units.len() - 1);
            }
        }
    }
    for unit in &mut units {
        if let Step::AllReduce(members) = unit {
            members.sort_by_key(|id| {
                member_of(&operations[id.index()].kind).map_or(0, |member| member.replica)
            });
            let expected = member_of(&operations[members[0].index()].kind)
                .map_or(0, |member| member.group_size);
            if members.len() != expected {
                return Err(unmatched_all_reduce());
            }
        }
    }
    // Dependencies: data and control inputs, and the previous op on the same resource.
    let mut dependents: Vec<Vec<usize>> = vec![Vec::new(); units.len()];
    let mut waiting: Vec<usize> = vec![0; units.len()];
    let mut last_user: HashMap<GraphTensor, usize> = HashMap::new();
    let mut seen: Vec<Option<usize>> = vec![None; units.len()];
    for (index, operation) in operations.iter().enumerate() {
        let Some(unit) = unit_of[index] else { continue };
        let mut before: Vec<usize> = operation
            .inputs
            .iter()
            .map(|input| input.operation.index())
            .chain(operation.control_inputs.iter().map(|id| id.index()))
            .filter_map(|source| unit_of.get(source).copied().flatten())
            .collect();
        for input in &operation.inputs {
            let resource = graph
                .tensor_fact(*input)
                .is_some_and(|fact| fact.value_type == ValueType::Resource);
            if resource {
                if let Some(previous) = last_user.insert(*input, unit) {
                    before.push(previous);
                }
            }
        }
        for source in before {
            // `seen` dedupes edges from one source to this unit.
            if source != unit && seen[source] != Some(unit) {
                seen[source] = Some(unit);
                dependents[source].push(unit);
                waiting[unit] += 1;
            }
        }
    }
    // Kahn's algorithm, lowest op index first.
    let first_op = |unit: &Step| unit.operations().first().map_or(0, |id| id.0);
    let mut ready: BinaryHeap<Reverse<(u32, usize)>> = units
        .iter()
        .enumerate()
        .filter(|(unit, _)| waiting[*unit] == 0)
        .map(|(unit, step)| Reverse((first_op(step), unit)))
        .collect();
    let mut order = Vec::with_capacity(units.len());
    while let Some(Reverse((_, unit))) = ready.pop() {
        order.push(unit);
        for &next in &dependents[unit] {
            waiting[next] -= 1;
            if waiting[next] == 0 {
                ready.push(Reverse((first_op(&units[next]), next)));
            }
        }
    }
    if order.len() != units.len() {
        return Err(unmatched_all_reduce());
    }
    let mut steps: Vec<Option<Step>> = units.into_iter().map(Some).collect();
    Ok(order
        .into_iter()
        .filter_map(|unit| steps[unit].take())
        .collect())
}

/// Playground text: TensorFlow would wait forever for the missing members.
fn unmatched_all_reduce() -> TfError {
    TfError::new(
        ExceptionClass::RuntimeError,
        "The replicas of strategy.run do not make the same all-reduces in the same order (each replica waits for a value another replica never sends); every replica must take part in every all-reduce",
    )
}

impl Context {
    /// Starts counting the all-reduces of a `strategy.run` whose replicas are traced one
    /// after the other into the function being built.
    pub fn begin_collective_trace(&mut self, strategy: StrategyId) -> TfResult<()> {
        let replicas = self.strategy(strategy)?.num_replicas();
        self.distribute.collective_trace = Some(CollectiveTrace {
            strategy,
            first_instance: self.distribute.next_collective_instance,
            issued: vec![0; replicas],
        });
        Ok(())
    }

    /// The member the next all-reduce of `replica` is, while tracing a `strategy.run`.
    pub fn next_collective_member(
        &mut self,
        strategy: StrategyId,
        replica: usize,
    ) -> Option<CollectiveMember> {
        let trace = self.distribute.collective_trace.as_mut()?;
        if trace.strategy != strategy {
            return None;
        }
        let issued = trace.issued.get_mut(replica)?;
        let instance = trace.first_instance + *issued;
        *issued += 1;
        let group_size = trace.issued.len();
        self.distribute.next_collective_instance =
            self.distribute.next_collective_instance.max(instance + 1);
        Some(CollectiveMember {
            instance,
            replica,
            group_size,
        })
    }

    /// Ends the trace of a `strategy.run`'s replicas: every replica must have made the same
    /// number of all-reduces.
    pub fn end_collective_trace(&mut self) -> TfResult<()> {
        let Some(trace) = self.distribute.collective_trace.take() else {
            return Ok(());
        };
        match trace.issued.first() {
            Some(first) if trace.issued.iter().any(|count| count != first) => {
                Err(unmatched_all_reduce())
            }
            _ => Ok(()),
        }
    }
}

impl Context {
    /// An all-reduce between replicas that ran one after the other eagerly (Keras `fit`
    /// under a strategy: each replica's gradient, then one all-reduce per variable): every
    /// replica gets the combination of `values` (one per replica, in replica order) on its
    /// own device, and the report gets one op per replica, recorded together so the
    /// simulator times them as one ring.
    pub fn all_reduce_replicas(
        &mut self,
        strategy: StrategyId,
        reduction: crate::distribute::ReplicaReduction,
        values: &[crate::EagerTensor],
    ) -> TfResult<Vec<crate::EagerTensor>> {
        let info = self.strategy(strategy)?.clone();
        if values.len() != info.devices.len() {
            return Err(TfError::internal(
                "one all-reduce value per replica expected",
            ));
        }
        let inputs: Vec<&crate::op::Value> = values.iter().map(|value| &value.value).collect();
        let combined = reduction.combine_values(&inputs)?;
        let op_type = info.all_reduce_op_type();
        let line = self.call_line();
        let replicas = values.len();
        let mut results = Vec::with_capacity(replicas);
        for (replica, (value, device_name)) in values.iter().zip(&info.devices).enumerate() {
            let device = self
                .devices()?
                .find_by_name(device_name)
                .ok_or_else(|| TfError::internal(format!("no device {device_name}")))?;
            let inputs = [crate::recorder::RecordedInput {
                producer: value.producer,
                tensor_name: value.tensor_name.clone(),
                device: value.device_name.clone(),
                bytes: value.value.size_in_bytes(),
            }];
            let name = self.eager_names.unique_name(op_type);
            let (shape, dtype) = crate::recorder::output_facts(Some(&combined));
            let producer = self.recorder.record(crate::recorder::RecordedOp {
                name: &name,
                op_type,
                device: device_name,
                requested_device: "",
                reason: format!(
                    "all-reduce of the replicas' values: replica {replica} of {replicas} receives the {} on {device_name}",
                    reduction.name()
                ),
                inputs: &inputs,
                shape,
                dtype,
                line,
                not_computed: crate::recorder::not_computed(std::slice::from_ref(&combined)),
            });
            self.take_uids(1);
            results.push(crate::EagerTensor {
                value: combined.clone(),
                device,
                device_name: device_name.clone(),
                producer,
                tensor_name: format!("{name}:0"),
            });
        }
        Ok(results)
    }
}
