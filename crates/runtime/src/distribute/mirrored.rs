//! Mirrored variables (§5.1, §4.4): a variable created in the scope of a `MirroredStrategy`
//! or `TPUStrategy` is one component variable per replica device. The initial value is
//! computed once, on replica 0's device, and copied to the others; components are named
//! `<name>:0` and `<name>/replica_<i>:0`.
//!
//! Reads use the component of the replica that reads (replica 0's outside `strategy.run`).
//! Updates follow the variable's aggregation: in cross-replica context every component
//! gets the value; in a replica context `NONE` updates the replica's own copy (TF 2.21's
//! behaviour for both strategies, checked with the oracle for `MirroredStrategy`), and
//! `SUM`, `MEAN` and `ONLY_FIRST_REPLICA` combine the replicas' values and write the result
//! to every copy.

use crate::api::{Handle, Operand};
use crate::context::Context;
use crate::distribute::reduce::ReplicaReduction;
use crate::distribute::strategy::StrategyId;
use crate::error::{TfError, TfResult};
use crate::graph::{GraphKind, GraphTensor, OpName};
use crate::op::OpKind;
use crate::variables::VariableId;
use tensor::DType;

/// Index of a mirrored variable in the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DistributedVariableId(pub u32);

/// `tf.VariableAggregation`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aggregation {
    /// `NONE` (0).
    None,
    /// `SUM` (1).
    Sum,
    /// `MEAN` (2).
    Mean,
    /// `ONLY_FIRST_REPLICA` (3).
    OnlyFirstReplica,
}

impl Aggregation {
    /// The enum member's name.
    pub fn name(self) -> &'static str {
        match self {
            Aggregation::None => "NONE",
            Aggregation::Sum => "SUM",
            Aggregation::Mean => "MEAN",
            Aggregation::OnlyFirstReplica => "ONLY_FIRST_REPLICA",
        }
    }

    /// The enum member's value.
    pub fn value(self) -> i64 {
        match self {
            Aggregation::None => 0,
            Aggregation::Sum => 1,
            Aggregation::Mean => 2,
            Aggregation::OnlyFirstReplica => 3,
        }
    }

    /// The member with this value.
    pub fn from_value(value: i64) -> Option<Aggregation> {
        [
            Aggregation::None,
            Aggregation::Sum,
            Aggregation::Mean,
            Aggregation::OnlyFirstReplica,
        ]
        .into_iter()
        .find(|aggregation| aggregation.value() == value)
    }
}

/// A `MirroredVariable` / `TPUMirroredVariable`.
#[derive(Clone, Debug, PartialEq)]
pub struct DistributedVariable {
    /// The strategy whose scope created it.
    pub strategy: StrategyId,
    /// One variable per replica, in replica order.
    pub components: Vec<VariableId>,
    /// How replica-context updates combine.
    pub aggregation: Aggregation,
}

impl Context {
    /// A variable created in the scope of a mirroring strategy: one component per replica.
    pub fn create_distributed_variable(
        &mut self,
        strategy: StrategyId,
        initial_value: Operand,
        name: Option<&str>,
        trainable: bool,
        dtype: Option<DType>,
        aggregation: Aggregation,
    ) -> TfResult<DistributedVariableId> {
        let devices = self.strategy(strategy)?.devices.clone();
        let base = name.unwrap_or("Variable").to_string();
        let mut components = Vec::with_capacity(devices.len());
        for (replica, device) in devices.iter().enumerate() {
            self.push_device_scope(Some(device))?;
            let created = match components.first() {
                None => self.create_variable(initial_value.clone(), Some(&base), trainable, dtype),
                Some(&primary) => self.create_variable(
                    Operand::Variable(primary),
                    Some(&format!("{base}/replica_{replica}")),
                    trainable,
                    None,
                ),
            };
            self.pop_device_scope()?;
            let id = created?;
            if replica == 0
                && aggregation == Aggregation::Mean
                && !self.variable(id)?.dtype.is_floating()
            {
                return Err(TfError::value_error(
                    "creating distributed tf.Variable with aggregation=MEAN and a non-floating dtype is not supported, please use a different aggregation or dtype",
                ));
            }
            components.push(id);
        }
        self.distribute.variables.push(DistributedVariable {
            strategy,
            components,
            aggregation,
        });
        Ok(DistributedVariableId(
            self.distribute.variables.len() as u32 - 1,
        ))
    }

    /// A mirrored variable.
    pub fn distributed_variable(
        &self,
        id: DistributedVariableId,
    ) -> TfResult<&DistributedVariable> {
        self.distribute
            .variables
            .get(id.0 as usize)
            .ok_or_else(|| TfError::internal(format!("unknown mirrored variable #{}", id.0)))
    }

    /// The component a read uses: the running replica's, else replica 0's (the primary).
    pub fn local_component(&self, id: DistributedVariableId) -> TfResult<VariableId> {
        let variable = self.distributed_variable(id)?;
        let replica = self
            .replica_context()
            .filter(|replica| replica.strategy == variable.strategy)
            .map_or(0, |replica| replica.replica_id);
        variable
            .components
            .get(replica)
            .or(variable.components.first())
            .copied()
            .ok_or_else(|| TfError::internal("a mirrored variable without components"))
    }

    /// `v.assign(value)` / `assign_add` / `assign_sub` on a mirrored variable.
    pub fn assign_distributed(
        &mut self,
        id: DistributedVariableId,
        kind: OpKind,
        value: Operand,
    ) -> TfResult<Option<Handle>> {
        let variable = self.distributed_variable(id)?.clone();
        let replica = self
            .replica_context()
            .filter(|replica| replica.strategy == variable.strategy)
            .map(|replica| replica.replica_id);
        let Some(replica) = replica else {
            // Cross-replica context: every component gets the value, on its own device.
            let mut last = None;
            for component in &variable.components {
                last = self.assign_variable(*component, kind.clone(), value.clone())?;
            }
            return Ok(last);
        };
        let local = variable
            .components
            .get(replica)
            .copied()
            .ok_or_else(|| TfError::internal("replica without a component"))?;
        let reduction = match variable.aggregation {
            Aggregation::None => return self.assign_variable(local, kind, value),
            Aggregation::Sum => ReplicaReduction::Sum,
            Aggregation::Mean => ReplicaReduction::Mean,
            Aggregation::OnlyFirstReplica => ReplicaReduction::First,
        };
        if let Some(graph) = self.default_graph() {
            if matches!(self.graph(graph)?.kind, GraphKind::Function { .. }) {
                self.check_lockstep(variable.strategy)?;
                let reduced = self.all_reduce(variable.strategy, reduction, value)?;
                return self.assign_variable(local, kind, Operand::Handle(reduced));
            }
        }
        // Pure eager: replicas run one after the other, so the update waits for the last
        // replica's value and is then written to every copy.
        let contribution = match self.identity(value, None)? {
            Handle::Eager(tensor) => tensor,
            Handle::Symbolic(_) => {
                return Err(TfError::internal("an eager replica built a graph op"));
            }
        };
        let pending = self.distribute.pending_updates.entry(id).or_default();
        pending.push((replica, contribution));
        if pending.len() < variable.components.len() {
            return Ok(None);
        }
        let mut contributions = self
            .distribute
            .pending_updates
            .remove(&id)
            .unwrap_or_default();
        contributions.sort_by_key(|(replica, _)| *replica);
        let values: Vec<(Handle, String)> = contributions
            .into_iter()
            .map(|(_, tensor)| {
                let device = tensor.device_name.clone();
                (Handle::Eager(tensor), device)
            })
            .collect();
        let host = self.current_host_device();
        let combined = self.reduce_across_replicas(reduction, values, None, &host)?;
        for component in &variable.components {
            self.assign_variable(*component, kind.clone(), Operand::Handle(combined.clone()))?;
        }
        Ok(None)
    }

    /// An all-reduce op in the function being traced (every replica gets the reduction
    /// of every replica's `value`).
    pub fn all_reduce(
        &mut self,
        strategy: StrategyId,
        reduction: ReplicaReduction,
        value: Operand,
    ) -> TfResult<Handle> {
        self.check_lockstep(strategy)?;
        let Some(graph) = self.default_graph() else {
            // Playground limit: pure-eager replicas run one after the other.
            return Err(TfError::new(
                crate::error::ExceptionClass::RuntimeError,
                "all_reduce inside a pure-eager strategy.run is not emulated: decorate the replica function with tf.function",
            ));
        };
        let input = match self.identity(value, None)? {
            Handle::Symbolic(tensor) => tensor,
            Handle::Eager(_) => return Err(TfError::internal("a traced identity was eager")),
        };
        let op_type = self.strategy(strategy)?.all_reduce_op_type();
        let member = match self.replica_context() {
            Some(replica) if replica.strategy == strategy && !replica.lockstep => {
                let replica = replica.replica_id;
                self.next_collective_member(strategy, replica)
            }
            _ => None,
        };
        let stack = self.call_stack().to_vec();
        let g = self.graph_mut(graph)?;
        let operation = g.create_op(
            crate::op_defs::AllReduce::kind(reduction, op_type, member),
            OpName::Unique(op_type),
            vec![input],
            &stack,
        )?;
        Ok(Handle::Symbolic(GraphTensor {
            graph,
            operation,
            output: 0,
        }))
    }
}
