//! `TPUStrategy.run` inside a `tf.function`: one TPU computation, traced once and run on
//! every core (tf-semantics.md §4, §5.2).
//!
//! TensorFlow's `TPUStrategy._tpu_function_creator` hands the replica function to
//! `tpu.replicate`, which calls it ONCE inside a `TPUReplicateContext`: Python side effects
//! happen once per trace, and `replica_id_in_sync_group` is a symbolic input of the
//! computation (`replicated_input_0`, fed by a `TPUReplicatedInput` of one constant per
//! replica). The TPU rewrite pass then runs that one computation on every core.
//!
//! The playground traces the function as replica 0, on core 0, then copies the ops traced
//! for it once per other core ([`Context::replicate_tpu_computation`]), as the rewrite
//! does: each copy reads its replica's arguments, its replica id and its own components of
//! the mirrored variables, runs on its core, and is member `r` of every all-reduce. The
//! copies are named `replica_<r>/<op>`, as the replicated executor names them in the report.

use std::collections::HashMap;

use crate::api::Handle;
use crate::context::Context;
use crate::distribute::strategy::StrategyId;
use crate::eager::EagerTensor;
use crate::error::{TfError, TfResult};
use crate::graph::{GraphTensor, Operation, OperationId};

/// The TPU computation being traced by a `TPUStrategy.run` inside a `tf.function`.
#[derive(Clone, Debug)]
pub struct TpuComputationTrace {
    strategy: StrategyId,
    /// `replica_id_in_sync_group` inside the computation, once the function asked for it.
    replica_id: Option<GraphTensor>,
}

/// For each replica, replica 0's tensors of the traced computation and that replica's
/// copies (replica 0's map is the identity and stays empty).
pub type ReplicaTensorMaps = Vec<HashMap<GraphTensor, GraphTensor>>;

impl Context {
    /// Starts tracing a `TPUStrategy.run`'s computation once, as replica 0 (the caller then
    /// enters replica 0, calls the function, and ends with
    /// [`Context::replicate_tpu_computation`]).
    /// A `TPUStrategy.run` inside another's replica function is TensorFlow's
    /// `TPUReplicateContext` nesting error (tf-semantics.md §4.3).
    pub fn begin_tpu_computation(&mut self, strategy: StrategyId) -> TfResult<()> {
        if self.distribute.tpu_computation.is_some() {
            return Err(TfError::value_error("TPU computations cannot be nested"));
        }
        self.distribute.tpu_computation = Some(TpuComputationTrace {
            strategy,
            replica_id: None,
        });
        Ok(())
    }

    /// Abandons the computation being traced (the function raised).
    pub fn abort_tpu_computation(&mut self) {
        self.distribute.tpu_computation = None;
        self.distribute.collective_trace = None;
    }

    /// `replica_id_in_sync_group` while the computation of `strategy` is traced once: the
    /// symbolic `replicated_input_0` (an identity of replica 0's id, which each copy of the
    /// computation reads from its own replica); `None` outside such a trace.
    pub fn traced_replica_id(&mut self, strategy: StrategyId) -> TfResult<Option<Handle>> {
        let Some(trace) = self.distribute.tpu_computation.clone() else {
            return Ok(None);
        };
        if trace.strategy != strategy {
            return Ok(None);
        }
        if let Some(tensor) = trace.replica_id {
            return Ok(Some(Handle::Symbolic(tensor)));
        }
        let id = self.replica_id_of(strategy, 0)?;
        let handle = self.identity(Handle::Eager(id).into(), Some("replicated_input_0"))?;
        if let (Handle::Symbolic(tensor), Some(trace)) =
            (&handle, self.distribute.tpu_computation.as_mut())
        {
            trace.replica_id = Some(*tensor);
        }
        Ok(Some(handle))
    }

    /// Copies the ops traced for replica 0 since op `start` of the function being built
    /// once per other replica of `strategy`. `arguments[r]` pairs replica 0's argument
    /// tensors with replica `r`'s. Returns, per replica, where each of replica 0's tensors
    /// went, so the binding can hand each replica its results.
    pub fn replicate_tpu_computation(
        &mut self,
        strategy: StrategyId,
        start: usize,
        arguments: &[Vec<(Handle, Handle)>],
    ) -> TfResult<ReplicaTensorMaps> {
        self.distribute.tpu_computation = None;
        // Every member of the traced all-reduces is made below; nothing is left to pair.
        self.distribute.collective_trace = None;
        let devices = self.strategy(strategy)?.devices.clone();
        let graph_id = self
            .default_graph()
            .ok_or_else(|| TfError::internal("a TPU computation outside a function trace"))?;
        let end = self.graph(graph_id)?.operations().len();
        let substitutions = self.replica_substitutions(strategy)?;
        let mut maps: ReplicaTensorMaps = vec![HashMap::new(); devices.len()];
        for replica in 1..devices.len() {
            let mut eager: Vec<(EagerTensor, EagerTensor)> = substitutions
                .iter()
                .filter_map(|(primary, components)| {
                    Some((primary.clone(), components.get(replica)?.clone()))
                })
                .collect();
            let mut tensors: HashMap<GraphTensor, GraphTensor> = HashMap::new();
            for (first, own) in arguments.get(replica).into_iter().flatten() {
                match (first, own) {
                    (Handle::Symbolic(first), Handle::Symbolic(own)) => {
                        tensors.insert(*first, *own);
                    }
                    (Handle::Eager(first), Handle::Eager(own)) => {
                        eager.push((first.clone(), own.clone()));
                    }
                    _ => {}
                }
            }
            let mut copies: HashMap<OperationId, OperationId> = HashMap::new();
            for index in start..end {
                let id = OperationId(index as u32);
                let operation = self.graph(graph_id)?.operations()[index].clone();
                if self.captured_tensor(graph_id, id).is_some() {
                    // A capture made while tracing is an argument of the function, not an
                    // op of the computation; each copy reads its replica's (below).
                    continue;
                }
                let mut inputs = Vec::with_capacity(operation.inputs.len());
                for input in &operation.inputs {
                    inputs.push(self.replica_input(*input, &tensors, &copies, &eager)?);
                }
                let control_inputs = operation
                    .control_inputs
                    .iter()
                    .map(|input| copies.get(input).copied().unwrap_or(*input))
                    .collect();
                let kind =
                    match operation.kind.downcast::<crate::op_defs::AllReduce>() {
                        Some(all_reduce) if all_reduce.member.is_some() => {
                            crate::op_defs::AllReduce::kind(
                                all_reduce.reduction,
                                all_reduce.op_type,
                                all_reduce.member.map(|member| {
                                    crate::distribute::CollectiveMember { replica, ..member }
                                }),
                            )
                        }
                        _ => operation.kind,
                    };
                let device = if operation.device == devices[0] {
                    devices[replica].clone()
                } else {
                    operation.device.clone()
                };
                let copy = Operation {
                    name: format!("replica_{replica}/{}", operation.name),
                    kind,
                    inputs,
                    control_inputs,
                    device,
                    ..operation
                };
                let copied = self.graph_mut(graph_id)?.push_copy(copy);
                copies.insert(id, copied);
            }
            let map = &mut maps[replica];
            for (original, copied) in &copies {
                let outputs = self.graph(graph_id)?.operations()[original.index()]
                    .outputs
                    .len();
                for output in 0..outputs as u32 {
                    map.insert(
                        GraphTensor {
                            graph: graph_id,
                            operation: *original,
                            output,
                        },
                        GraphTensor {
                            graph: graph_id,
                            operation: *copied,
                            output,
                        },
                    );
                }
            }
            for (first, own) in tensors {
                map.entry(first).or_insert(own);
            }
        }
        Ok(maps)
    }

    /// Replica `r`'s version of an input of one of replica 0's ops: its copy, its own
    /// argument, or its own capture (replica id, mirrored component); else the tensor itself
    /// (a value every replica shares).
    fn replica_input(
        &mut self,
        input: GraphTensor,
        arguments: &HashMap<GraphTensor, GraphTensor>,
        copies: &HashMap<OperationId, OperationId>,
        eager: &[(EagerTensor, EagerTensor)],
    ) -> TfResult<GraphTensor> {
        if let Some(copied) = copies.get(&input.operation) {
            return Ok(GraphTensor {
                operation: *copied,
                ..input
            });
        }
        if let Some(own) = arguments.get(&input) {
            return Ok(*own);
        }
        if let Some(captured) = self.captured_tensor(input.graph, input.operation) {
            if let Some((_, own)) = eager.iter().find(|(first, _)| *first == captured) {
                let own = own.clone();
                // The replica's own tensor, captured as the first replica's was (named
                // after it).
                let name = self
                    .graph(input.graph)?
                    .operation(input.operation)
                    .map_or_else(|| "Placeholder".to_string(), |op| op.name.clone());
                return self.capture_in_trace(input.graph, &own, &name);
            }
        }
        Ok(input)
    }

    /// For each mirrored variable of `strategy` and the replica id: replica 0's eager
    /// tensor and every replica's.
    fn replica_substitutions(
        &mut self,
        strategy: StrategyId,
    ) -> TfResult<Vec<(EagerTensor, Vec<EagerTensor>)>> {
        let mut substitutions = self.component_substitutions(strategy)?;
        let replicas = self.strategy(strategy)?.num_replicas();
        let ids: Vec<EagerTensor> = (0..replicas)
            .map(|replica| self.replica_id_of(strategy, replica))
            .collect::<TfResult<_>>()?;
        if let Some(first) = ids.first().cloned() {
            substitutions.push((first, ids));
        }
        Ok(substitutions)
    }
}
