//! Running one traced function on every replica of a strategy, in lock step: what
//! `strategy.run` of a `tf.function` does (one XLA program on every TPU core, or one
//! function per mirrored device).
//!
//! The body was traced once, as replica 0. Each replica gets its own arguments, and the
//! handles of replica 0's mirrored components that the body captured are replaced by the
//! replica's own components. The body then runs op by op, every replica in turn, so an
//! all-reduce sees every replica's input at once; the report gets one program launch and
//! each replica's ops on its own device (the simulator runs them in parallel, one stream
//! per core, and times the all-reduce as a ring over the links).

use std::collections::HashMap;

use crate::context::Context;
use crate::distribute::strategy::{StrategyId, StrategyKind};
use crate::eager::EagerTensor;
use crate::error::{TfError, TfResult};
use crate::function::ConcreteFunctionId;
use crate::graph::OperationId;
use crate::op::{compute_at, KernelFailure, KernelSite, Value};
use crate::recorder::{RecordedInput, RecordedOp};
use placer::PlacementReason;

/// A value inside the replicated body: the value, the op that produced it, its device.
type BodyValue = (Value, Option<u32>, String);

impl Context {
    /// Runs traced function `id` on every replica of `strategy`; `inputs[r]` are replica
    /// `r`'s parameter values. Returns each replica's outputs, on its device.
    pub fn call_replicated(
        &mut self,
        id: ConcreteFunctionId,
        strategy: StrategyId,
        inputs: &[Vec<EagerTensor>],
    ) -> TfResult<Vec<Vec<EagerTensor>>> {
        let function = self.concrete_function(id)?.clone();
        let strategy_info = self.strategy(strategy)?.clone();
        let replicas = strategy_info.devices.len();
        if inputs.len() != replicas {
            return Err(TfError::internal("one argument list per replica expected"));
        }
        if strategy_info.kind == StrategyKind::Tpu {
            for device in &strategy_info.devices {
                self.distribute.tpu.check_ready(device)?;
            }
        }
        let mut substitutions = self.component_substitutions(strategy)?;
        let replica_ids: Vec<EagerTensor> = (0..replicas)
            .map(|replica| self.replica_id_of(strategy, replica))
            .collect::<TfResult<_>>()?;
        if let Some(primary) = replica_ids.first().cloned() {
            substitutions.push((primary, replica_ids));
        }
        let mut arguments: Vec<Vec<EagerTensor>> = Vec::with_capacity(replicas);
        for (replica, replica_inputs) in inputs.iter().enumerate() {
            let mut list = replica_inputs.clone();
            for capture in &function.captures {
                let substituted = substitutions
                    .iter()
                    .find(|(primary, _)| primary == capture)
                    .and_then(|(_, components)| components.get(replica))
                    .cloned()
                    .unwrap_or_else(|| capture.clone());
                list.push(substituted);
            }
            if list.len() != function.arguments.len() {
                return Err(TfError::type_error(format!(
                    "{} takes {} arguments, got {}",
                    function.name,
                    function.arguments.len() - function.captures.len(),
                    replica_inputs.len()
                )));
            }
            arguments.push(list);
        }
        // The program launch: one call op on the strategy's host.
        let recorded: Vec<RecordedInput> = inputs
            .iter()
            .flatten()
            .map(|input| RecordedInput {
                producer: input.producer,
                tensor_name: input.tensor_name.clone(),
                device: input.device_name.clone(),
                bytes: input.value.size_in_bytes(),
            })
            .collect();
        let host = strategy_info.host_device.clone();
        let scope = self.eager_scope_device().to_string();
        let (call_id, _) = self.record_eager(
            &function.name,
            &function.name,
            &scope,
            &host,
            &PlacementReason::DefaultPriority {
                device_type: "CPU".into(),
            },
            &recorded,
            None,
        );
        let mut values: Vec<HashMap<(OperationId, u32), BodyValue>> =
            vec![HashMap::new(); replicas];
        for (replica, list) in arguments.iter().enumerate() {
            for (argument, tensor) in function.arguments.iter().zip(list) {
                values[replica].insert(
                    (*argument, 0),
                    (
                        tensor.value.clone(),
                        tensor.producer.or(call_id),
                        tensor.device_name.clone(),
                    ),
                );
            }
        }
        let class = match strategy_info.kind {
            StrategyKind::Tpu => "TPUStrategy",
            StrategyKind::Mirrored => "MirroredStrategy",
            StrategyKind::MultiWorkerMirrored => "MultiWorkerMirroredStrategy",
            StrategyKind::OneDevice => "OneDeviceStrategy",
            StrategyKind::Default => "the default strategy",
        };
        // Each replica's kernels are its own: a random node keeps one stream per replica.
        let replica_scopes: Vec<String> = strategy_info
            .devices
            .iter()
            .map(|device| format!("{}@{device}", function.name))
            .collect();
        for (index, operation) in function.graph.operations().iter().enumerate() {
            let op_id = OperationId(index as u32);
            if function.arguments.contains(&op_id) {
                continue;
            }
            let mut gathered: Vec<(Vec<Value>, Vec<RecordedInput>)> = Vec::with_capacity(replicas);
            for replica_values in &values {
                let mut inputs = Vec::with_capacity(operation.inputs.len());
                let mut recorded = Vec::with_capacity(operation.inputs.len());
                for input in &operation.inputs {
                    let (value, producer, device) = replica_values
                        .get(&(input.operation, input.output))
                        .cloned()
                        .ok_or_else(|| TfError::internal("a replicated input was not computed"))?;
                    recorded.push(RecordedInput {
                        producer,
                        tensor_name: format!(
                            "{}/{}",
                            function.name,
                            function.graph.tensor_name(*input)
                        ),
                        device,
                        bytes: value.size_in_bytes(),
                    });
                    inputs.push(value);
                }
                gathered.push((inputs, recorded));
            }
            let all_reduce = operation.kind.downcast::<crate::op_defs::AllReduce>();
            let outputs: Vec<Vec<Value>> = match all_reduce.map(|all_reduce| &all_reduce.reduction)
            {
                Some(reduction) => {
                    let values: Vec<&Value> = gathered
                        .iter()
                        .map(|(inputs, _)| {
                            inputs
                                .first()
                                .ok_or_else(|| TfError::internal("an all-reduce without input"))
                        })
                        .collect::<TfResult<_>>()?;
                    let combined = reduction.combine_values(&values)?;
                    vec![vec![combined]; replicas]
                }
                None => {
                    let kind = &operation.kind;
                    let mut outputs = Vec::with_capacity(replicas);
                    for (replica, (inputs, _)) in gathered.iter().enumerate() {
                        let site = KernelSite {
                            device: Some((&self.machine, &strategy_info.devices[replica])),
                            node: Some((&replica_scopes[replica], &operation.name)),
                        };
                        let result = compute_at(kind, inputs, &mut self.eager_resources, site)
                            .map_err(|failure| match failure {
                                KernelFailure::Op(error) => TfError::new(
                                    error.class.into(),
                                    format!(
                                        "{}\n\t [[{{{{node {}}}}}]] [Op:{}]",
                                        error.message, operation.name, function.name
                                    ),
                                ),
                                KernelFailure::Status(error) => error,
                            })?;
                        outputs.push(result);
                    }
                    outputs
                }
            };
            for (replica, ((_, recorded), replica_outputs)) in
                gathered.into_iter().zip(outputs).enumerate()
            {
                let replica_device = &strategy_info.devices[replica];
                let on_host = operation.device.contains("CPU");
                let device = if on_host {
                    match replica_device.rsplit_once("/device:") {
                        Some((address, _)) => format!("{address}/device:CPU:0"),
                        None => host.clone(),
                    }
                } else {
                    replica_device.clone()
                };
                let reason = if on_host {
                    "tf.tpu.outside_compilation: runs on the host CPU of the replica's worker"
                        .to_string()
                } else {
                    format!(
                        "replicated by {class}: replica {replica} of {replicas} runs on {device}"
                    )
                };
                let (shape, dtype) = crate::recorder::output_facts(replica_outputs.first());
                let name = if replica == 0 {
                    format!("{}/{}", function.name, operation.name)
                } else {
                    format!("{}/replica_{replica}/{}", function.name, operation.name)
                };
                let report_id = self.recorder.record(RecordedOp {
                    name: &name,
                    op_type: operation.kind.op_type(),
                    device: &device,
                    requested_device: &operation.device,
                    reason,
                    inputs: &recorded,
                    shape,
                    dtype,
                    line: operation.stack.last().map_or(0, |frame| frame.line),
                    not_computed: crate::recorder::not_computed(&replica_outputs),
                });
                for (output, value) in replica_outputs.into_iter().enumerate() {
                    values[replica]
                        .insert((op_id, output as u32), (value, report_id, device.clone()));
                }
            }
        }
        let devices = self.devices()?.clone();
        let mut results = Vec::with_capacity(replicas);
        for (replica, replica_values) in values.iter().enumerate() {
            let device_name = strategy_info.devices[replica].clone();
            let device = devices
                .find_by_name(&device_name)
                .ok_or_else(|| TfError::internal(format!("no device {device_name}")))?;
            let mut outputs = Vec::with_capacity(function.outputs.len());
            self.take_uids(function.outputs.len());
            for (index, output) in function.outputs.iter().enumerate() {
                let (value, producer, _) = replica_values
                    .get(&(output.operation, output.output))
                    .cloned()
                    .ok_or_else(|| TfError::internal("a replicated output was not computed"))?;
                outputs.push(EagerTensor {
                    value,
                    device,
                    device_name: device_name.clone(),
                    producer,
                    tensor_name: format!("{}:{index}", function.name),
                });
            }
            results.push(outputs);
        }
        Ok(results)
    }

    /// For each mirrored variable of `strategy`: replica 0's handle and every replica's.
    pub fn component_substitutions(
        &self,
        strategy: StrategyId,
    ) -> TfResult<Vec<(EagerTensor, Vec<EagerTensor>)>> {
        let mut substitutions = Vec::new();
        for components in self.mirrored_components(strategy) {
            let mut handles = Vec::with_capacity(components.len());
            for component in components {
                if let crate::api::Handle::Eager(handle) = &self.variable(component)?.handle {
                    handles.push(handle.clone());
                }
            }
            if let Some(primary) = handles.first().cloned() {
                substitutions.push((primary, handles));
            }
        }
        Ok(substitutions)
    }
}
