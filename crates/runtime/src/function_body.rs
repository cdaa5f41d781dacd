//! Running a placed function body: each op in dependency order on its device, each
//! all-reduce instance as one step, each op recorded for the report and, under a recording
//! tape, taped with tensors named within the call. Functional control flow runs here too:
//! an `If` runs one branch function and a `While` its body function while its `cond`
//! function holds, each placed as a function of its own on the control op's device.

use std::collections::HashMap;

use crate::context::Context;
use crate::distribute::collective::{execution_order, Step};
use crate::distribute::ReplicaReduction;
use crate::error::{TfError, TfResult};
use crate::function::{ConcreteFunction, ConcreteFunctionId};
use crate::graph::{Graph, GraphTensor, OperationId};
use crate::op::{compute_at, KernelFailure, KernelSite, Value, ValueType};
use crate::recorder::{RecordedInput, RecordedOp};
use placer::device::{DeviceId, DeviceSet};
use placer::graph::{place_graph, GraphPlacement, GraphPlacementOptions};
use placer::TensorType;

/// How many iterations one `While` may run before the run stops it: a loop whose
/// condition never turns false must end with an error, not hang the page.
pub const MAX_WHILE_ITERATIONS: usize = 1_000_000;

/// A branch or loop body placed for one run of its control op.
struct Nested {
    function: std::rc::Rc<ConcreteFunction>,
    placement: GraphPlacement,
}

/// A computed tensor of a body: its value and the report id of the op that made it.
pub type Computed = (Value, Option<u32>);

/// One function body being run.
pub(crate) struct BodyRun<'a> {
    pub function: &'a ConcreteFunction,
    pub placement: &'a GraphPlacement,
    pub devices: &'a DeviceSet,
    /// What its ops are called in the report: `<prefix>/<op>`.
    pub report_prefix: String,
    /// Under a recording tape, how its tensors are named there.
    pub tape: Option<TapeNaming>,
}

/// The names a body's tensors have on a recording tape.
pub(crate) struct TapeNaming {
    /// `<prefix>/<op>:<output>` for the body's own tensors.
    pub prefix: String,
    /// The arguments' names: the caller's tensors.
    pub arguments: Vec<String>,
}

impl BodyRun<'_> {
    /// The tape name of output `output` of op `id`.
    pub fn tape_name(&self, id: OperationId, output: u32) -> String {
        let Some(tape) = &self.tape else {
            return String::new();
        };
        match self.function.arguments.iter().position(|a| *a == id) {
            Some(index) => tape.arguments.get(index).cloned().unwrap_or_default(),
            None => format!(
                "{}/{}:{output}",
                tape.prefix,
                self.function.graph.operations()[id.index()].name
            ),
        }
    }

    fn device_name(&self, id: OperationId) -> String {
        self.placement
            .nodes
            .get(id.index())
            .map(|placed| self.devices.device(placed.device).name.clone())
            .unwrap_or_default()
    }
}

impl Context {
    /// Runs `run`'s body on its arguments' values (in the order of its arguments); returns
    /// every tensor it computed.
    pub(crate) fn execute_body(
        &mut self,
        run: &BodyRun<'_>,
        arguments: Vec<Computed>,
    ) -> TfResult<HashMap<(OperationId, u32), Computed>> {
        let function = run.function;
        let mut values: HashMap<(OperationId, u32), Computed> = HashMap::new();
        for (argument, value) in function.arguments.iter().zip(arguments) {
            values.insert((*argument, 0), value);
        }
        let steps = execution_order(&function.graph, &function.arguments)?;
        for step in steps {
            let members = step.operations();
            let mut gathered = Vec::with_capacity(members.len());
            for id in members {
                let operation = &function.graph.operations()[id.index()];
                let mut inputs = Vec::with_capacity(operation.inputs.len());
                let mut recorded = Vec::with_capacity(operation.inputs.len());
                for input in &operation.inputs {
                    let (value, producer) = values
                        .get(&(input.operation, input.output))
                        .cloned()
                        .ok_or_else(|| {
                        TfError::internal("a function input was not computed")
                    })?;
                    recorded.push(RecordedInput {
                        producer,
                        tensor_name: format!(
                            "{}/{}",
                            run.report_prefix,
                            function.graph.tensor_name(*input)
                        ),
                        device: run.device_name(input.operation),
                        bytes: value.size_in_bytes(),
                    });
                    inputs.push(value);
                }
                gathered.push((*id, inputs, recorded));
            }
            let results: Vec<Vec<Value>> = match &step {
                Step::AllReduce(_) => {
                    let (reduction, values) = all_reduce_inputs(&function.graph, &gathered)?;
                    let combined = reduction.combine_values(&values)?;
                    vec![vec![combined]; gathered.len()]
                }
                Step::Op(_) => {
                    let mut results = Vec::with_capacity(1);
                    for (id, inputs, _) in &gathered {
                        results.push(self.run_body_op(run, *id, inputs, &values)?);
                    }
                    results
                }
            };
            for ((id, _, recorded), outputs) in gathered.into_iter().zip(results) {
                let index = id.index();
                let operation = &function.graph.operations()[index];
                let device = run.device_name(id);
                let reason = run
                    .placement
                    .nodes
                    .get(index)
                    .map(|placed| placed.reason.sentence(&device))
                    .unwrap_or_default();
                let (shape, dtype) = crate::recorder::output_facts(outputs.first());
                let name = format!("{}/{}", run.report_prefix, operation.name);
                let report_id = self.recorder.record(RecordedOp {
                    name: &name,
                    op_type: operation.kind.op_type(),
                    device: &device,
                    requested_device: &operation.device,
                    reason,
                    inputs: &recorded,
                    shape,
                    dtype,
                    line: crate::context::program_line(&operation.stack),
                    not_computed: crate::recorder::not_computed(&outputs),
                });
                // Functional control flow tapes the ops its functions ran instead.
                let control = operation.kind.downcast::<crate::op_defs::If>().is_some()
                    || operation.kind.downcast::<crate::op_defs::While>().is_some();
                if run.tape.is_some() && !control {
                    let inputs: Vec<(String, Value)> = operation
                        .inputs
                        .iter()
                        .filter_map(|input| {
                            let (value, _) = values.get(&(input.operation, input.output))?;
                            Some((run.tape_name(input.operation, input.output), value.clone()))
                        })
                        .collect();
                    let named: Vec<(String, Value)> = outputs
                        .iter()
                        .enumerate()
                        .map(|(output, value)| (run.tape_name(id, output as u32), value.clone()))
                        .collect();
                    match operation.kind.op().custom_gradient() {
                        Some(key) => {
                            let forward = self.forward_values(run, &values);
                            self.tape_record_custom(key, inputs, named, Some(forward));
                        }
                        None => self.tape_record_values(&operation.kind, inputs, named),
                    }
                }
                for (output, value) in outputs.into_iter().enumerate() {
                    values.insert((id, output as u32), (value, report_id));
                }
            }
        }
        Ok(values)
    }

    /// One op of a body: its kernel on its device, or a functional control op's functions.
    fn run_body_op(
        &mut self,
        run: &BodyRun<'_>,
        id: OperationId,
        inputs: &[Value],
        values: &HashMap<(OperationId, u32), Computed>,
    ) -> TfResult<Vec<Value>> {
        let function = run.function;
        let operation = &function.graph.operations()[id.index()];
        let device = run.device_name(id);
        let input_names = || -> Vec<String> {
            operation
                .inputs
                .iter()
                .map(|input| run.tape_name(input.operation, input.output))
                .collect()
        };
        let producers = || -> Vec<Option<u32>> {
            operation
                .inputs
                .iter()
                .map(|input| {
                    values
                        .get(&(input.operation, input.output))
                        .and_then(|(_, producer)| *producer)
                })
                .collect()
        };
        if let Some(control) = operation.kind.downcast::<crate::op_defs::If>() {
            let control = control.clone();
            return self.run_if(run, id, &control, inputs, input_names(), producers());
        }
        if let Some(control) = operation.kind.downcast::<crate::op_defs::While>() {
            let control = control.clone();
            return self.run_while(run, id, &control, inputs, input_names(), producers());
        }
        // One kernel per node of the function: a random node continues its own stream.
        let site = KernelSite {
            device: Some((&self.machine, &device)),
            node: Some((&function.name, &operation.name)),
        };
        compute_at(&operation.kind, inputs, &mut self.eager_resources, site).map_err(|failure| {
            match failure {
                KernelFailure::Op(error) => TfError::new(
                    error.class.into(),
                    placer::function_error_message(
                        &operation.name,
                        &operation.stack,
                        &format!(
                            "{}\n\t [[{{{{node {}}}}}]] [Op:{}]",
                            error.message, operation.name, function.name
                        ),
                    ),
                ),
                KernelFailure::Status(error) => error,
            }
        })
    }

    /// `If`: the branch the condition selects, run on its inputs.
    fn run_if(
        &mut self,
        run: &BodyRun<'_>,
        id: OperationId,
        control: &crate::op_defs::If,
        inputs: &[Value],
        input_names: Vec<String>,
        producers: Vec<Option<u32>>,
    ) -> TfResult<Vec<Value>> {
        let condition = inputs
            .first()
            .and_then(Value::tensor)
            .ok_or_else(|| TfError::internal("If without a condition"))?;
        let taken = truth(condition)?;
        let then_end = 1 + control.then_inputs;
        let (branch, range) = if taken {
            (control.then_branch, 1..then_end)
        } else {
            (control.else_branch, then_end..inputs.len())
        };
        let arguments: Vec<Computed> = inputs[range.clone()]
            .iter()
            .cloned()
            .zip(producers[range.clone()].iter().copied())
            .collect();
        let names = input_names[range.clone()].to_vec();
        let indices: Vec<usize> = range.collect();
        let nested = self.prepare_nested(run, id, branch, &indices)?;
        let outputs = self.run_nested(run, id, &nested, arguments, names)?;
        self.tape_pass_through(run, id, &outputs);
        Ok(outputs.into_iter().map(|(value, _, _)| value).collect())
    }

    /// `While`: the body run while the condition holds, each iteration on the last's
    /// results.
    fn run_while(
        &mut self,
        run: &BodyRun<'_>,
        id: OperationId,
        control: &crate::op_defs::While,
        inputs: &[Value],
        input_names: Vec<String>,
        producers: Vec<Option<u32>>,
    ) -> TfResult<Vec<Value>> {
        let count = control.loop_vars.len();
        let cond_end = count + control.cond_inputs;
        let captured = |range: std::ops::Range<usize>| -> (Vec<Computed>, Vec<String>) {
            (
                inputs[range.clone()]
                    .iter()
                    .cloned()
                    .zip(producers[range.clone()].iter().copied())
                    .collect(),
                input_names[range].to_vec(),
            )
        };
        let (cond_captures, cond_names) = captured(count..cond_end);
        let (body_captures, body_names) = captured(cond_end..inputs.len());
        let mut state: Vec<(Value, Option<u32>, String)> = (0..count)
            .map(|i| (inputs[i].clone(), producers[i], input_names[i].clone()))
            .collect();
        let cond_indices: Vec<usize> = (0..cond_end).collect();
        let body_indices: Vec<usize> = (0..count).chain(cond_end..inputs.len()).collect();
        let cond = self.prepare_nested(run, id, control.cond, &cond_indices)?;
        let body = self.prepare_nested(run, id, control.body, &body_indices)?;
        let mut iterations = 0usize;
        loop {
            let mut arguments: Vec<Computed> =
                state.iter().map(|(v, p, _)| (v.clone(), *p)).collect();
            arguments.extend(cond_captures.iter().cloned());
            let mut names: Vec<String> = state.iter().map(|(_, _, n)| n.clone()).collect();
            names.extend(cond_names.iter().cloned());
            let result = self.run_nested(run, id, &cond, arguments, names)?;
            let condition = result
                .first()
                .and_then(|(value, _, _)| value.tensor().cloned())
                .ok_or_else(|| TfError::internal("a while condition without a result"))?;
            if !truth(&condition)? {
                break;
            }
            iterations += 1;
            check_while_iteration(iterations)?;
            let mut arguments: Vec<Computed> =
                state.iter().map(|(v, p, _)| (v.clone(), *p)).collect();
            arguments.extend(body_captures.iter().cloned());
            let mut names: Vec<String> = state.iter().map(|(_, _, n)| n.clone()).collect();
            names.extend(body_names.iter().cloned());
            state = self.run_nested(run, id, &body, arguments, names)?;
            if state.len() != count {
                return Err(TfError::internal("a while body returned the wrong count"));
            }
        }
        self.tape_pass_through(run, id, &state);
        Ok(state.into_iter().map(|(value, _, _)| value).collect())
    }

    /// Under a recording tape, each output of control op `id` is the tensor its function
    /// returned, passed through.
    fn tape_pass_through(
        &mut self,
        run: &BodyRun<'_>,
        id: OperationId,
        outputs: &[(Value, Option<u32>, String)],
    ) {
        if run.tape.is_none() {
            return;
        }
        for (index, (value, _, inner)) in outputs.iter().enumerate() {
            let outer = run.tape_name(id, index as u32);
            self.tape_record_values(
                &crate::op_defs::Identity::kind(),
                vec![(inner.clone(), value.clone())],
                vec![(outer, value.clone())],
            );
        }
    }

    /// What the body computed so far, as eager tensors named for the tape, by graph
    /// tensor: a `tf.custom_gradient` function traced with the body reads them when the
    /// eager tape calls it.
    fn forward_values(
        &self,
        run: &BodyRun<'_>,
        values: &HashMap<(OperationId, u32), Computed>,
    ) -> std::rc::Rc<crate::tape::ForwardValues> {
        let graph = run.function.graph.id;
        let forward = values
            .iter()
            .filter_map(|((operation, output), (value, producer))| {
                let device = run.placement.nodes.get(operation.index())?.device;
                Some((
                    GraphTensor {
                        graph,
                        operation: *operation,
                        output: *output,
                    },
                    crate::EagerTensor {
                        value: value.clone(),
                        device,
                        device_name: run.devices.device(device).name.clone(),
                        producer: *producer,
                        tensor_name: run.tape_name(*operation, *output),
                    },
                ))
            })
            .collect();
        std::rc::Rc::new(forward)
    }

    /// Function `id` placed as the body of control op `op` of `run`: on the control op's
    /// device, each argument where the control op's input `input_indices` names was made.
    fn prepare_nested(
        &mut self,
        run: &BodyRun<'_>,
        op: OperationId,
        id: ConcreteFunctionId,
        input_indices: &[usize],
    ) -> TfResult<Nested> {
        let function = self.concrete_function(id)?.clone();
        let operation = &run.function.graph.operations()[op.index()];
        let device = run
            .placement
            .nodes
            .get(op.index())
            .map(|placed| placed.device);
        let argument_devices: Vec<String> = input_indices
            .iter()
            .map(|&index| {
                operation
                    .inputs
                    .get(index)
                    .map(|input| run.device_name(input.operation))
                    .unwrap_or_default()
            })
            .collect();
        let placement = self.place_nested(&function, device, &argument_devices)?;
        Ok(Nested {
            function,
            placement,
        })
    }

    /// Runs a prepared body of control op `op` of `run`, its ops reported under the
    /// control op. Returns each output's value, producer and tape name.
    fn run_nested(
        &mut self,
        run: &BodyRun<'_>,
        op: OperationId,
        nested: &Nested,
        arguments: Vec<Computed>,
        argument_names: Vec<String>,
    ) -> TfResult<Vec<(Value, Option<u32>, String)>> {
        let function = &nested.function;
        if arguments.len() != function.arguments.len() {
            return Err(TfError::internal(format!(
                "{} takes {} arguments, got {}",
                function.name,
                function.arguments.len(),
                arguments.len()
            )));
        }
        let operation = &run.function.graph.operations()[op.index()];
        let tape = match &run.tape {
            Some(outer) => {
                self.functions.taped_calls += 1;
                Some(TapeNaming {
                    prefix: format!(
                        "{}/{}/{}_{}",
                        outer.prefix, operation.name, function.name, self.functions.taped_calls
                    ),
                    arguments: argument_names,
                })
            }
            None => None,
        };
        let body = BodyRun {
            function,
            placement: &nested.placement,
            devices: run.devices,
            report_prefix: format!("{}/{}/{}", run.report_prefix, operation.name, function.name),
            tape,
        };
        let values = self.execute_body(&body, arguments)?;
        function
            .outputs
            .iter()
            .map(|output| {
                let (value, producer) = values
                    .get(&(output.operation, output.output))
                    .cloned()
                    .ok_or_else(|| TfError::internal("a function output was not computed"))?;
                Ok((
                    value,
                    producer,
                    body.tape_name(output.operation, output.output),
                ))
            })
            .collect()
    }

    /// Places a branch or loop body as a function of its own: its arguments where the
    /// control op's inputs are, the rest by graph placement with soft placement, the
    /// control op's device first.
    fn place_nested(
        &mut self,
        function: &ConcreteFunction,
        device: Option<DeviceId>,
        argument_devices: &[String],
    ) -> TfResult<GraphPlacement> {
        let placer_graph = function_placer_graph(function, argument_devices);
        let caller = match device {
            Some(device) => device,
            None => self.caller_device()?,
        };
        let options = GraphPlacementOptions {
            allow_soft_placement: true,
            log_device_placement: false,
            default_local_device: Some(caller),
            pin_function_outputs: true,
        };
        let devices = self.devices()?.clone();
        place_graph(&placer_graph, &devices, &self.registry, &options).map_err(|error| {
            TfError::new(
                error.code.into(),
                format!("{} [Op:{}]", error.message, function.name),
            )
        })
    }
}

/// A function body as the placer sees it: each argument an `_Arg` pinned where its value
/// is (an empty name leaves it to the placer), each output feeding a `_Retval`.
pub(crate) fn function_placer_graph(
    function: &ConcreteFunction,
    argument_devices: &[String],
) -> placer::Graph {
    let mut placer_graph = function.graph.to_placer_graph();
    for (argument, device_name) in function.arguments.iter().zip(argument_devices) {
        if let Some(node) = placer_graph.nodes.get_mut(argument.index()) {
            node.op_type = "_Arg".to_string();
            if !device_name.is_empty() {
                node.assigned_device = Some(device_name.clone());
            }
        }
    }
    for (index, output) in function.outputs.iter().enumerate() {
        let value_type = function
            .graph
            .tensor_fact(*output)
            .map_or(ValueType::Resource, |fact| fact.value_type);
        let mut node = placer::Node::new(
            &format!("retval_{index}"),
            "_Retval",
            value_type.data_type(),
        );
        node.outputs.clear();
        node.inputs.push(placer::Input {
            source: placer::NodeId(output.operation.0),
            tensor_type: TensorType::value(value_type.data_type()),
        });
        placer_graph.add(node);
    }
    placer_graph
}

/// Whether a staged while loop may run its `iterations`-th body (counted from 1): not once
/// the run's budget is spent (the interpreter reports it when the call returns), nor past
/// [`MAX_WHILE_ITERATIONS`]. Both executors that run `While` ask it.
pub(crate) fn check_while_iteration(iterations: usize) -> TfResult<()> {
    if meter::work::exhausted() {
        return Err(TfError::new(
            tensor::ErrorClass::ResourceExhausted.into(),
            "The while loop used up the run's budget.".to_string(),
        ));
    }
    if iterations > MAX_WHILE_ITERATIONS {
        return Err(TfError::new(
            tensor::ErrorClass::ResourceExhausted.into(),
            format!(
                "The while loop ran {MAX_WHILE_ITERATIONS} iterations without its condition turning false; the playground stops a loop there."
            ),
        ));
    }
    Ok(())
}

/// A condition's truth as `If` and `While` take it: a bool scalar's value, a number's
/// being non-zero, a non-scalar's being non-empty.
pub(crate) fn truth(condition: &tensor::Tensor) -> TfResult<bool> {
    if condition.shape().rank() > 0 {
        return Ok(condition.num_elements() > 0);
    }
    if let tensor::TensorData::Bool(values) = condition.data() {
        return Ok(values.first().copied().unwrap_or(false));
    }
    let value = condition
        .to_f64_vec()
        .and_then(|values| values.first().copied())
        .ok_or_else(|| TfError::invalid_argument("a condition that is not a number or bool"))?;
    Ok(value != 0.0)
}

/// The reduction of an all-reduce step and its members' input tensors, in replica order.
fn all_reduce_inputs<'a>(
    graph: &Graph,
    gathered: &'a [(OperationId, Vec<Value>, Vec<RecordedInput>)],
) -> TfResult<(ReplicaReduction, Vec<&'a Value>)> {
    let mut reduction = None;
    let mut tensors = Vec::with_capacity(gathered.len());
    for (id, inputs, _) in gathered {
        if let Some(all_reduce) = graph
            .operations()
            .get(id.index())
            .and_then(|op| op.kind.downcast::<crate::op_defs::AllReduce>())
        {
            reduction = Some(all_reduce.reduction);
        }
        tensors.push(
            inputs
                .first()
                .ok_or_else(|| TfError::internal("an all-reduce without input"))?,
        );
    }
    let reduction =
        reduction.ok_or_else(|| TfError::internal("an all-reduce step of no all-reduce"))?;
    Ok((reduction, tensors))
}
