//! `tf.compat.v1.Session`: places a graph once per graph version, runs the subgraph a
//! fetch needs with the kernels, keeps the session's variable state, and wraps errors as
//! TensorFlow 2.21 does (`Graph execution error:` ..., cases c01, c04, c12).

use std::collections::{HashMap, HashSet};

use crate::api::Handle;
use crate::context::Context;
use crate::error::{ExceptionClass, TfError, TfResult};
use crate::graph::{GraphId, GraphTensor, OperationId};
use crate::op::{compute_at, KernelFailure, KernelSite, ResourceStore, Value};
use crate::recorder::{RecordedInput, RecordedOp};
use crate::variables::VariableId;
use placer::device::DeviceId;
use placer::errors::format_node_name;
use placer::graph::{place_graph, GraphPlacementOptions};
use placer::{NodePlacement, StackFrame};
use tensor::{ops, Tensor, TensorShape};

/// `tf.compat.v1.ConfigProto` fields the playground models.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SessionConfig {
    /// `allow_soft_placement` (proto default false, §2.5).
    pub allow_soft_placement: bool,
    /// `log_device_placement`.
    pub log_device_placement: bool,
}

/// Something `sess.run` can fetch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fetch {
    /// A tensor: its value is returned.
    Tensor(GraphTensor),
    /// An op (`init`): run for its effect, returns `None`.
    Operation(OperationId),
    /// A variable: its snapshot read (`V/Read/ReadVariableOp:0`).
    Variable(VariableId),
}

/// A TF1 session over one graph.
#[derive(Debug)]
pub struct Session {
    graph: GraphId,
    config: SessionConfig,
    /// The placement of the graph at `placed_version`.
    placement: Option<(usize, Vec<NodePlacement>)>,
    /// Variables live per session in TF1.
    resources: ResourceStore,
    /// The placement lines this session printed to stdout already (a graph extended after
    /// a run is placed again; its old nodes print nothing new).
    logged_lines: std::collections::HashSet<String>,
}

impl Session {
    /// `tf.compat.v1.Session(graph, config=...)`.
    pub fn new(graph: GraphId, config: SessionConfig) -> Session {
        Session {
            graph,
            config,
            placement: None,
            resources: ResourceStore::default(),
            logged_lines: std::collections::HashSet::new(),
        }
    }

    /// The graph this session runs.
    pub fn graph(&self) -> GraphId {
        self.graph
    }

    /// `sess.run(fetches, feed_dict)`: one result per fetch (`None` for ops).
    pub fn run(
        &mut self,
        context: &mut Context,
        fetches: &[Fetch],
        feeds: &[(GraphTensor, Tensor)],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let targets = self.resolve_fetches(context, fetches)?;
        let feeds = self.check_feeds(context, feeds)?;
        self.place(context)?;
        let needed = self.needed_operations(context, &targets, &feeds)?;
        context.recorder.begin_launch();
        let values = self.execute(context, &needed, &feeds);
        context.recorder.end_launch();
        // What this run's `PrintV2` ops wrote goes out with the eager context's.
        context
            .eager_resources
            .extend_printed(self.resources.take_printed());
        let values = values?;
        targets
            .iter()
            .map(|target| match target {
                Fetch::Tensor(tensor) => {
                    let value = values
                        .get(&(tensor.operation, tensor.output))
                        .ok_or_else(|| TfError::internal("a fetched tensor was not computed"))?;
                    let value = crate::op::deref(value, &self.resources).map_err(|failure| {
                        let graph = context.graph(self.graph);
                        let name = graph
                            .ok()
                            .and_then(|graph| graph.operation(tensor.operation))
                            .map(|operation| (operation.name.clone(), operation.stack.clone()))
                            .unwrap_or_default();
                        let message = match failure {
                            crate::op::KernelFailure::Op(error) => error.message,
                            crate::op::KernelFailure::Status(error) => error.message,
                        };
                        let node =
                            format!("_retval_{}_{}_0", name.0.replace('/', "_"), tensor.output);
                        let inner = format!("{message}\n\t [[{}]]", format_node_name(&node));
                        // `_retval_...` is not a node of the user's graph: no stack.
                        let frames = |tag: &str| (tag == name.0).then_some(&name.1[..]);
                        TfError::graph_execution(
                            ExceptionClass::FailedPrecondition,
                            &inner,
                            &frames,
                        )
                    })?;
                    // A fetch observes the value: one not computed (values on demand) is the
                    // error.
                    if let Some(uncomputed) = value.uncomputed() {
                        return Err(uncomputed.observed_error());
                    }
                    value
                        .tensor()
                        .cloned()
                        .map(Some)
                        .ok_or_else(|| TfError::internal("a fetched tensor is a handle"))
                }
                _ => Ok(None),
            })
            .collect()
    }

    fn resolve_fetches(&self, context: &Context, fetches: &[Fetch]) -> TfResult<Vec<Fetch>> {
        fetches
            .iter()
            .map(|fetch| match fetch {
                Fetch::Variable(id) => {
                    let variable = context.variable(*id)?;
                    let (_, read) = variable.graph_parts.ok_or_else(|| {
                        TfError::type_error(format!("Fetch argument {} is not a graph variable", variable.name))
                    })?;
                    Ok(Fetch::Tensor(read))
                }
                Fetch::Tensor(tensor) if tensor.graph != self.graph => Err(TfError::value_error(format!(
                    "Fetch argument {} cannot be interpreted as a Tensor. (Tensor is not an element of this graph.)",
                    context.graph(tensor.graph)?.tensor_name(*tensor)
                ))),
                other => Ok(*other),
            })
            .collect()
    }

    /// Checks and converts feeds: shape compatible with the placeholder, dtype cast.
    fn check_feeds(
        &self,
        context: &Context,
        feeds: &[(GraphTensor, Tensor)],
    ) -> TfResult<HashMap<(OperationId, u32), Value>> {
        let graph = context.graph(self.graph)?;
        let mut result = HashMap::new();
        for (tensor, value) in feeds {
            let fact = graph
                .tensor_fact(*tensor)
                .ok_or_else(|| TfError::internal("feed of an unknown tensor"))?;
            let crate::op::ValueType::Dense(dtype) = fact.value_type else {
                return Err(TfError::type_error("resource handles cannot be fed"));
            };
            if !fact.shape.accepts(value.dims()) {
                return Err(TfError::value_error(format!(
                    "Cannot feed value of shape {} for Tensor {}, which has shape {}",
                    value.shape(),
                    graph.tensor_name(*tensor),
                    fact.shape
                )));
            }
            let value = ops::cast(value, dtype).map_err(TfError::from_kernel_message)?;
            result.insert((tensor.operation, tensor.output), Value::Dense(value));
        }
        Ok(result)
    }

    /// Places the whole graph, once per graph version (DirectSession places the full graph).
    fn place(&mut self, context: &mut Context) -> TfResult<()> {
        let graph = context.graph(self.graph)?;
        let version = graph.version();
        if self
            .placement
            .as_ref()
            .is_some_and(|(placed, _)| *placed == version)
        {
            return Ok(());
        }
        let placer_graph = graph.to_placer_graph();
        let stacks: Vec<(String, Vec<StackFrame>)> = graph
            .operations()
            .iter()
            .map(|op| (op.name.clone(), op.stack.to_vec()))
            .collect();
        let options = GraphPlacementOptions {
            allow_soft_placement: self.config.allow_soft_placement,
            log_device_placement: self.config.log_device_placement || context.log_device_placement,
            default_local_device: None,
            pin_function_outputs: false,
        };
        let devices = context.machine.devices()?;
        let placed =
            place_graph(&placer_graph, devices, &context.registry, &options).map_err(|error| {
                if error.node.is_none() {
                    return TfError::from(error);
                }
                let frames = |tag: &str| {
                    stacks
                        .iter()
                        .find(|(name, _)| name == tag)
                        .map(|(_, frames)| frames.as_slice())
                };
                TfError::graph_execution(error.code.into(), &error.message, &frames)
            })?;
        // The placer prints each line to stdout (and logs it): once per node of the
        // session's graph, at the first run that places it (oracle TF 2.21).
        for line in placed.log_lines {
            if self.logged_lines.insert(line.clone()) {
                context.stdout_lines.push(line.clone());
            }
            context.log(line);
        }
        self.placement = Some((version, placed.nodes));
        Ok(())
    }

    /// The operations the targets need, stopping at fed tensors.
    fn needed_operations(
        &self,
        context: &Context,
        targets: &[Fetch],
        feeds: &HashMap<(OperationId, u32), Value>,
    ) -> TfResult<Vec<bool>> {
        let graph = context.graph(self.graph)?;
        let mut needed = vec![false; graph.operations().len()];
        let mut stack: Vec<OperationId> = targets
            .iter()
            .filter_map(|target| match target {
                Fetch::Tensor(tensor)
                    if !feeds.contains_key(&(tensor.operation, tensor.output)) =>
                {
                    Some(tensor.operation)
                }
                Fetch::Operation(operation) => Some(*operation),
                _ => None,
            })
            .collect();
        while let Some(id) = stack.pop() {
            let Some(slot) = needed.get_mut(id.index()) else {
                return Err(TfError::internal("fetch of an unknown operation"));
            };
            if *slot {
                continue;
            }
            *slot = true;
            let Some(operation) = graph.operation(id) else {
                continue;
            };
            for input in &operation.inputs {
                if !feeds.contains_key(&(input.operation, input.output)) {
                    stack.push(input.operation);
                }
            }
            stack.extend(operation.control_inputs.iter().copied());
        }
        Ok(needed)
    }

    /// Runs the needed operations in a topological order.
    fn execute(
        &mut self,
        context: &mut Context,
        needed: &[bool],
        feeds: &HashMap<(OperationId, u32), Value>,
    ) -> TfResult<HashMap<(OperationId, u32), Value>> {
        let placements = self
            .placement
            .as_ref()
            .map(|(_, nodes)| nodes.clone())
            .ok_or_else(|| TfError::internal("the session ran before placing"))?;
        let graph = context.graph(self.graph)?.clone();
        let devices = context.devices()?.clone();
        let device_name = |id: DeviceId| devices.device(id).name.clone();
        let mut values = feeds.clone();
        let mut producers: HashMap<OperationId, Option<u32>> = HashMap::new();
        let mut dead: HashSet<(OperationId, u32)> = HashSet::new();
        let mut dead_ops: HashSet<OperationId> = HashSet::new();
        for index in execution_order(&graph, needed) {
            let Some(operation) = graph.operations().get(index) else {
                continue;
            };
            let id = OperationId(index as u32);
            let placement = placements
                .get(index)
                .ok_or_else(|| TfError::internal("an operation has no placement"))?;
            // Dead tensors (the untaken side of a `Switch`) kill every op they reach, but
            // a `Merge` with one live input.
            let input_dead: Vec<bool> = operation
                .inputs
                .iter()
                .map(|input| dead.contains(&(input.operation, input.output)))
                .collect();
            let is_merge = operation.kind.downcast::<crate::op_defs::Merge>().is_some();
            let control_dead = operation
                .control_inputs
                .iter()
                .any(|input| dead_ops.contains(input));
            let inputs_dead = if is_merge {
                !input_dead.is_empty() && input_dead.iter().all(|d| *d)
            } else {
                input_dead.iter().any(|d| *d)
            };
            if control_dead || inputs_dead {
                dead_ops.insert(id);
                for output in 0..operation.outputs.len() {
                    dead.insert((id, output as u32));
                }
                continue;
            }
            let live_input = input_dead.iter().position(|d| !*d).unwrap_or(0);
            let mut inputs = Vec::with_capacity(operation.inputs.len());
            let mut recorded = Vec::with_capacity(operation.inputs.len());
            for (input, _) in operation
                .inputs
                .iter()
                .zip(&input_dead)
                .filter(|(_, is_dead)| !**is_dead)
            {
                let value = values
                    .get(&(input.operation, input.output))
                    .cloned()
                    .ok_or_else(|| TfError::internal("an input was not computed"))?;
                let source_device = placements
                    .get(input.operation.index())
                    .map_or_else(String::new, |placed| device_name(placed.device));
                recorded.push(RecordedInput {
                    producer: producers.get(&input.operation).copied().flatten(),
                    tensor_name: graph.tensor_name(*input),
                    device: source_device,
                    bytes: value.size_in_bytes(),
                });
                inputs.push(value);
            }
            let mut dead_output = None;
            let kind = &operation.kind;
            let outputs = match kind {
                kind if kind.downcast::<crate::op_defs::Switch>().is_some() => {
                    let taken = match inputs.get(1) {
                        Some(Value::Dense(pred)) => match pred.data() {
                            tensor::TensorData::Bool(values) if values.len() == 1 => values[0],
                            _ => {
                                let inner = format!(
                                    "The second input must be a scalar, but it has shape {}\n\t [[{}]]",
                                    shape_for_error(&pred.shape().into()),
                                    format_node_name(&operation.name)
                                );
                                return Err(runtime_error(
                                    ExceptionClass::InvalidArgument,
                                    &operation.name,
                                    &operation.stack,
                                    &inner,
                                ));
                            }
                        },
                        _ => return Err(TfError::internal("Switch without a predicate")),
                    };
                    let data = inputs
                        .first()
                        .cloned()
                        .ok_or_else(|| TfError::internal("Switch without data"))?;
                    dead_output = Some(u32::from(!taken));
                    vec![data.clone(), data]
                }
                kind if kind.downcast::<crate::op_defs::Merge>().is_some() => {
                    let data = inputs
                        .first()
                        .cloned()
                        .ok_or_else(|| TfError::internal("Merge without a live input"))?;
                    vec![data, Value::Dense(Tensor::scalar(live_input as i32))]
                }
                kind if kind.downcast::<crate::op_defs::Placeholder>().is_some() => {
                    let (dtype, shape) = kind
                        .downcast::<crate::op_defs::Placeholder>()
                        .map(|placeholder| (placeholder.dtype, placeholder.shape.clone()))
                        .ok_or_else(|| TfError::internal("a placeholder changed kind"))?;
                    let inner = format!(
                        "You must feed a value for placeholder tensor '{}' with dtype {} and shape {}\n\t [[{}]]",
                        operation.name,
                        dtype.kernel_name(),
                        shape_for_error(&shape),
                        format_node_name(&operation.name)
                    );
                    return Err(runtime_error(
                        ExceptionClass::InvalidArgument,
                        &operation.name,
                        &operation.stack,
                        &inner,
                    ));
                }
                kind => {
                    // One kernel per node: a random node continues its own stream.
                    let device = device_name(placement.device);
                    let site = KernelSite {
                        device: Some((&context.machine, &device)),
                        node: Some(("", &operation.name)),
                    };
                    compute_at(kind, &inputs, &mut self.resources, site)
                }
                .map_err(|failure| {
                    let (class, message) = match failure {
                        KernelFailure::Op(error) => (error.class.into(), error.message),
                        KernelFailure::Status(error) => (error.class, error.message),
                    };
                    let inner = format!("{message}\n\t [[{}]]", format_node_name(&operation.name));
                    runtime_error(class, &operation.name, &operation.stack, &inner)
                })?,
            };
            let device = device_name(placement.device);
            let first = outputs.first();
            let (shape, dtype) = crate::recorder::output_facts(first);
            let report_id = context.recorder.record(RecordedOp {
                name: &operation.name,
                op_type: operation.kind.op_type(),
                device: &device,
                requested_device: &operation.device,
                reason: placement.reason.sentence(&device),
                inputs: &recorded,
                shape,
                dtype,
                line: crate::context::program_line(&operation.stack),
                not_computed: crate::recorder::not_computed(&outputs),
            });
            producers.insert(id, report_id);
            for (output, value) in outputs.into_iter().enumerate() {
                if dead_output == Some(output as u32) {
                    dead.insert((id, output as u32));
                } else {
                    values.insert((id, output as u32), value);
                }
            }
        }
        Ok(values)
    }
}

/// The needed operations, inputs first, otherwise in creation order (a `tf.cond` branch
/// creates an op's `Switch` input after the op).
fn execution_order(graph: &crate::graph::Graph, needed: &[bool]) -> Vec<usize> {
    let operations = graph.operations();
    let mut state = vec![0u8; operations.len()]; // 0 new, 1 open, 2 done
    let mut order = Vec::new();
    for root in (0..operations.len()).filter(|&index| needed[index]) {
        let mut stack = vec![(root, false)];
        while let Some((index, expanded)) = stack.pop() {
            if expanded {
                state[index] = 2;
                order.push(index);
                continue;
            }
            if state[index] != 0 {
                continue;
            }
            state[index] = 1;
            stack.push((index, true));
            if let Some(operation) = operations.get(index) {
                let predecessors = operation
                    .inputs
                    .iter()
                    .map(|input| input.operation)
                    .chain(operation.control_inputs.iter().copied());
                let mut pending: Vec<usize> = predecessors
                    .map(OperationId::index)
                    .filter(|&p| needed.get(p).copied().unwrap_or(false) && state[p] == 0)
                    .collect();
                // Descending: the engine's one shared sort, then reversed.
                pending.sort_by(Ord::cmp);
                pending.reverse();
                stack.extend(pending.into_iter().map(|p| (p, false)));
            }
        }
    }
    order
}

/// A graph error raised while running (not placing): the Session block plus the
/// definition stack TensorFlow appends. TensorFlow lists its own library frames there too;
/// the playground lists the user's frames only.
fn runtime_error(class: ExceptionClass, node: &str, frames: &[StackFrame], inner: &str) -> TfError {
    let own_frames = |tag: &str| (tag == node).then_some(frames);
    let mut error = TfError::graph_execution(class, inner, &own_frames);
    error
        .message
        .push_str(&format!("\n\nOriginal stack trace for '{node}':\n"));
    for frame in frames {
        error.message.push_str(&format!(
            "  File \"{}\", line {}, in {}\n",
            frame.filename, frame.line, frame.function
        ));
    }
    error
}

/// `[?,2]`: a static shape as C++ `PartialTensorShape::DebugString` prints it.
fn shape_for_error(shape: &TensorShape) -> String {
    match shape.dims() {
        None => "<unknown>".to_string(),
        Some(dims) => {
            let parts: Vec<String> = dims
                .iter()
                .map(|dim| dim.map_or_else(|| "?".to_string(), |dim| dim.to_string()))
                .collect();
            format!("[{}]", parts.join(","))
        }
    }
}

impl Fetch {
    /// A fetch from an API handle (graph tensors only).
    pub fn from_handle(handle: &Handle) -> TfResult<Fetch> {
        match handle {
            Handle::Symbolic(tensor) => Ok(Fetch::Tensor(*tensor)),
            Handle::Eager(_) => Err(TfError::type_error(
                "Fetch argument has invalid type <class 'tensorflow.python.framework.ops.EagerTensor'>",
            )),
        }
    }
}
