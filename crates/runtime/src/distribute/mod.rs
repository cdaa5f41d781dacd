//! `tf.distribute` at the runtime level (tf-semantics.md §5): strategies and their replica
//! devices, `strategy.scope()`, the replica context of `strategy.run`, mirrored variables
//! (one component variable per replica device) with their aggregation, and reductions
//! across replicas.
//!
//! Module map:
//! - this file: [`DistributeState`] (the run's strategies, scopes, replica contexts and
//!   mirrored variables) and the [`Context`] methods the binding calls.
//! - [`strategy`]: [`Strategy`] and [`StrategyKind`]: which devices replicas run on.
//! - [`mirrored`]: creating, reading and assigning mirrored variables.
//! - [`reduce`]: `strategy.reduce` and the sums and means across replicas.
//! - [`collective`]: all-reduces between replicas traced one after the other into one
//!   `tf.function` (`strategy.run` inside a `tf.function`), and the order that runs them.
//! - [`replicated`]: running one traced function on every replica in lock step, with
//!   all-reduces between replicas (what `strategy.run` of a `tf.function` does).
//! - [`tpu_replicate`]: `TPUStrategy.run` inside a `tf.function`: the computation traced
//!   once, as replica 0, and copied onto every other core.
//! - [`tpu`]: the TPU lifecycle: cluster resolver, connect, initialise, shut down, and the
//!   XLA compile check of TPU programs (§4.2, §4.3).
//!
//! The Python objects (strategies, `PerReplica`, `MirroredVariable`) live in
//! `python/distribute.rs`; everything here is plain Rust over [`Context`].

pub mod collective;
pub mod mirrored;
pub mod reduce;
pub mod replicated;
pub mod strategy;
#[cfg(test)]
mod tests;
pub mod tpu;
pub mod tpu_replicate;

use std::collections::HashMap;

use crate::context::Context;
use crate::eager::EagerTensor;
use crate::error::{TfError, TfResult};
use crate::graph::GraphKind;
use crate::variables::VariableId;

pub use collective::CollectiveMember;
pub use mirrored::{Aggregation, DistributedVariable, DistributedVariableId};
pub use reduce::ReplicaReduction;
pub use strategy::{Strategy, StrategyId, StrategyKind};
pub use tpu::TpuSystem;

/// The replica a piece of `strategy.run` code is running as.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplicaContext {
    /// The strategy running it.
    pub strategy: StrategyId,
    /// `replica_id_in_sync_group`.
    pub replica_id: usize,
    /// Whether the replicas run in lock step (one traced program for all, so all-reduces
    /// can see every replica), rather than one after the other.
    pub lockstep: bool,
}

/// Everything `tf.distribute` keeps for one run.
#[derive(Clone, Debug, Default)]
pub struct DistributeState {
    strategies: Vec<Strategy>,
    /// Open `strategy.scope()`s, innermost last.
    scopes: Vec<StrategyId>,
    /// Replica contexts of the `strategy.run` calls in progress, innermost last.
    replicas: Vec<ReplicaContext>,
    variables: Vec<DistributedVariable>,
    /// Replica-context updates of aggregated variables waiting for the other replicas
    /// (pure-eager `strategy.run` runs replicas one after the other).
    pending_updates: HashMap<DistributedVariableId, Vec<(usize, EagerTensor)>>,
    /// `replica_id_in_sync_group` of each replica, one tensor each, so a trace made as
    /// replica 0 captures a tensor the replicated executor can swap for replica `r`'s.
    replica_ids: HashMap<(StrategyId, usize), EagerTensor>,
    /// The all-reduces of the `strategy.run` whose replicas are being traced into a
    /// function, one replica after the other.
    collective_trace: Option<collective::CollectiveTrace>,
    /// The TPU computation a `TPUStrategy.run` inside a `tf.function` is tracing once.
    tpu_computation: Option<tpu_replicate::TpuComputationTrace>,
    /// The instance the next traced all-reduce gets.
    next_collective_instance: u32,
    /// Variables that stand for a whole mirrored variable (Keras's variables made in a
    /// strategy's scope): replica 0's component, mapped to its mirrored variable. A read in
    /// a replica context uses the replica's component; an update outside one updates all.
    aliases: HashMap<VariableId, DistributedVariableId>,
    /// The TPU system of the machine.
    pub tpu: TpuSystem,
}

impl DistributeState {
    /// The state of a fresh run on `topology`.
    pub fn new(topology: &hardware::topology::Topology) -> DistributeState {
        DistributeState {
            tpu: TpuSystem::new(topology),
            ..DistributeState::default()
        }
    }
}

impl Context {
    /// Creates a strategy over `devices` (full device names, one per replica).
    pub fn create_strategy(
        &mut self,
        kind: StrategyKind,
        devices: Vec<String>,
        host_device: String,
    ) -> TfResult<StrategyId> {
        if devices.is_empty() {
            return Err(TfError::value_error(
                "A strategy needs at least one device.",
            ));
        }
        let id = StrategyId(self.distribute.strategies.len() as u32);
        self.distribute.strategies.push(Strategy {
            kind,
            devices,
            host_device,
        });
        Ok(id)
    }

    /// A strategy.
    pub fn strategy(&self, id: StrategyId) -> TfResult<&Strategy> {
        self.distribute
            .strategies
            .get(id.0 as usize)
            .ok_or_else(|| TfError::internal(format!("unknown strategy #{}", id.0)))
    }

    /// The strategy of the innermost open scope or replica context, if any
    /// (`tf.distribute.get_strategy()` is the default strategy otherwise).
    pub fn current_strategy(&self) -> Option<StrategyId> {
        self.distribute
            .replicas
            .last()
            .map(|replica| replica.strategy)
            .or_else(|| self.distribute.scopes.last().copied())
    }

    /// Enters `strategy.scope()`. A different strategy's scope already open is TensorFlow's
    /// mixing error; it is returned as `Err(current)` so the binding can print both
    /// objects' reprs.
    pub fn enter_strategy_scope(&mut self, id: StrategyId) -> Result<(), StrategyId> {
        if let Some(current) = self.current_strategy() {
            if current != id {
                return Err(current);
            }
        }
        self.distribute.scopes.push(id);
        Ok(())
    }

    /// Leaves the innermost `strategy.scope()`.
    pub fn exit_strategy_scope(&mut self) {
        self.distribute.scopes.pop();
    }

    /// Starts running as replica `replica_id` of `strategy`: its device becomes the device
    /// scope. `lockstep` says whether the replicas will run as one program.
    pub fn enter_replica(
        &mut self,
        strategy: StrategyId,
        replica_id: usize,
        lockstep: bool,
    ) -> TfResult<()> {
        let device = self
            .strategy(strategy)?
            .devices
            .get(replica_id)
            .cloned()
            .ok_or_else(|| TfError::internal("replica id out of range"))?;
        if replica_id == 0 {
            // A new `strategy.run`: updates a failed earlier run left half-done are dropped.
            self.distribute.pending_updates.clear();
            self.distribute.collective_trace = None;
            if !lockstep {
                self.begin_collective_trace(strategy)?;
            }
        }
        self.push_device_scope(Some(&device))?;
        self.distribute.replicas.push(ReplicaContext {
            strategy,
            replica_id,
            lockstep,
        });
        Ok(())
    }

    /// Stops running as the innermost replica.
    pub fn exit_replica(&mut self) -> TfResult<()> {
        if self.distribute.replicas.pop().is_some() {
            self.pop_device_scope()?;
        }
        Ok(())
    }

    /// The innermost replica context, if code is running inside `strategy.run`.
    pub fn replica_context(&self) -> Option<&ReplicaContext> {
        self.distribute.replicas.last()
    }

    /// Whether `tensor` is a replica's `replica_id_in_sync_group`. A lock-step replica
    /// function is traced once for every replica, each passing its own id, so a trace
    /// captures it as an argument (TensorFlow traces each replica and captures its id by
    /// value).
    pub fn is_replica_id(&self, tensor: &EagerTensor) -> bool {
        self.distribute.replica_ids.values().any(|id| id == tensor)
    }

    /// The error for a cross-replica step (an all-reduce, an aggregated update) in replicas
    /// that neither run in lock step nor are traced into one `tf.function` (whose executor
    /// joins their all-reduces): a playground limit, not a TensorFlow text.
    pub fn check_lockstep(&self, strategy: StrategyId) -> TfResult<()> {
        let replicas = self.strategy(strategy)?.num_replicas();
        let in_function = match self.default_graph() {
            Some(graph) => matches!(self.graph(graph)?.kind, GraphKind::Function { .. }),
            None => false,
        };
        match self.replica_context() {
            Some(replica)
                if replica.strategy == strategy
                    && !replica.lockstep
                    && !in_function
                    && replicas > 1 =>
            {
                Err(TfError::new(
                    crate::error::ExceptionClass::RuntimeError,
                    "All-reduces and aggregated updates need the replicas in lock step, which the playground emulates for strategy.run(tf_function) called eagerly; here the replicas run one after the other",
                ))
            }
            _ => Ok(()),
        }
    }

    /// `replica_id_in_sync_group` of the running replica: an int32 scalar on its device.
    pub fn replica_id_tensor(&mut self) -> TfResult<Option<EagerTensor>> {
        let Some(replica) = self.replica_context().cloned() else {
            return Ok(None);
        };
        self.replica_id_of(replica.strategy, replica.replica_id)
            .map(Some)
    }

    /// The `replica_id_in_sync_group` tensor of replica `replica_id` of `strategy` (one per
    /// replica and run, never recorded as an op).
    pub fn replica_id_of(
        &mut self,
        strategy: StrategyId,
        replica_id: usize,
    ) -> TfResult<EagerTensor> {
        if let Some(tensor) = self.distribute.replica_ids.get(&(strategy, replica_id)) {
            return Ok(tensor.clone());
        }
        let device_name = self
            .strategy(strategy)?
            .devices
            .get(replica_id)
            .cloned()
            .ok_or_else(|| TfError::internal("replica id out of range"))?;
        let device = self
            .devices()?
            .find_by_name(&device_name)
            .ok_or_else(|| TfError::internal(format!("no device {device_name}")))?;
        let tensor = EagerTensor {
            value: crate::op::Value::Dense(tensor::Tensor::scalar(replica_id as i32)),
            device,
            device_name,
            producer: None,
            tensor_name: "replica_id_in_sync_group:0".to_string(),
        };
        self.distribute
            .replica_ids
            .insert((strategy, replica_id), tensor.clone());
        Ok(tensor)
    }

    /// Makes replica 0's component of `id` stand for the whole mirrored variable (see
    /// [`DistributeState`]'s `aliases`); returns that component.
    pub fn alias_mirrored_variable(&mut self, id: DistributedVariableId) -> TfResult<VariableId> {
        let primary = self
            .distributed_variable(id)?
            .components
            .first()
            .copied()
            .ok_or_else(|| TfError::internal("a mirrored variable without components"))?;
        self.distribute.aliases.insert(primary, id);
        Ok(primary)
    }

    /// The mirrored variable `id` stands for, if it is an alias.
    pub fn mirrored_alias(&self, id: VariableId) -> Option<DistributedVariableId> {
        self.distribute.aliases.get(&id).copied()
    }

    /// The variable a read of `id` uses: for an alias read by a replica of its strategy, the
    /// replica's component; otherwise `id`.
    pub fn replica_local_variable(&self, id: VariableId) -> VariableId {
        let Some(mirrored) = self.mirrored_alias(id) else {
            return id;
        };
        let Ok(variable) = self.distributed_variable(mirrored) else {
            return id;
        };
        match self.replica_context() {
            Some(replica) if replica.strategy == variable.strategy => variable
                .components
                .get(replica.replica_id)
                .copied()
                .unwrap_or(id),
            _ => id,
        }
    }

    /// The components an update of `id` writes when `id` is an alias updated outside a
    /// replica context (every copy stays in sync); `None` otherwise.
    pub fn alias_update_targets(&self, id: VariableId) -> Option<Vec<VariableId>> {
        let variable = self.distributed_variable(self.mirrored_alias(id)?).ok()?;
        match self.replica_context() {
            Some(replica) if replica.strategy == variable.strategy => None,
            _ => Some(variable.components.clone()),
        }
    }

    /// The component variables of the mirrored variables of `strategy`, for the replicated
    /// executor's substitution of replica 0's handles.
    pub fn mirrored_components(&self, strategy: StrategyId) -> Vec<Vec<VariableId>> {
        self.distribute
            .variables
            .iter()
            .filter(|variable| variable.strategy == strategy)
            .map(|variable| variable.components.clone())
            .collect()
    }
}
