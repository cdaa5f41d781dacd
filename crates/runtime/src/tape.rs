//! `tf.GradientTape`: reverse-mode autodiff over the eager ops a program runs.
//!
//! While a tape is active, [`Context::execute`](crate::Context::execute) hands
//! every op to [`Context::tape_record`]. An op is kept when one of its inputs is *watched*:
//! a variable read (tapes watch the variables they see read, as TensorFlow's
//! `watch_accessed_variables=True` does), a tensor passed to `tape.watch`, or the output of
//! a kept op. [`Context::tape_gradient`] walks the kept ops backwards with each op's
//! gradient function (TensorFlow's registered gradients, written over the CPU kernels) and
//! sums what reaches each source. Tensors are identified by their report names (`add_3:0`),
//! which eager execution makes unique.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use crate::context::Context;
use crate::error::{ExceptionClass, TfError, TfResult};
use crate::graph::{GraphKind, GraphTensor};
use crate::op::OpKind;
use crate::op::Value;
use crate::{EagerTensor, Handle};
use tensor::ops::{self, BinaryOp, ReduceOp, UnaryOp};
use tensor::{Shape, Tensor};

/// Identifies an active tape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TapeId(pub u32);

/// One recorded op: its kind, inputs and outputs (names and values).
#[derive(Clone, Debug)]
struct TapeEntry {
    op: OpKind,
    inputs: Vec<(String, Option<Tensor>)>,
    outputs: Vec<(String, Option<Tensor>)>,
    /// Set when an input or output was not computed (values on demand): the gradient
    /// through this op is not computed either.
    uncomputed: Option<crate::op::Uncomputed>,
    /// Each input's dtype and shape (`None` for a handle), for gradients not computed.
    input_facts: Vec<Option<(tensor::DType, Shape)>>,
    /// A `tf.custom_gradient` call: the key of its Python gradient function.
    custom: Option<u64>,
    /// For one inside a function body: what the body computed before it.
    forward: Option<Rc<ForwardValues>>,
}

/// The tensors a function body computed before a `tf.custom_gradient` op in it, by graph
/// tensor: its gradient function, traced with that body, refers to them, and gets their
/// values when the eager tape calls it ([`Context::forward_value`]).
pub type ForwardValues = HashMap<GraphTensor, EagerTensor>;

impl TapeEntry {
    /// The entry of `op` on named values; `custom` names a `tf.custom_gradient` function.
    fn new(
        op: OpKind,
        inputs: &[(String, Value)],
        outputs: &[(String, Value)],
        custom: Option<u64>,
    ) -> TapeEntry {
        let named = |pairs: &[(String, Value)]| -> Vec<(String, Option<Tensor>)> {
            pairs
                .iter()
                .map(|(name, value)| (name.clone(), value.tensor().cloned()))
                .collect()
        };
        TapeEntry {
            op,
            inputs: named(inputs),
            outputs: named(outputs),
            uncomputed: inputs
                .iter()
                .chain(outputs)
                .find_map(|(_, value)| value.uncomputed())
                .cloned(),
            input_facts: inputs.iter().map(|(_, value)| value_facts(value)).collect(),
            custom,
            forward: None,
        }
    }
}

/// A `tape.gradient` in progress (see [`Context::tape_gradient_begin`]).
#[derive(Debug)]
pub struct GradientWalk {
    tape: TapeId,
    /// The next entry to visit is the one before this index.
    next: usize,
    grads: HashMap<String, Value>,
    /// Gradients that are `IndexedSlices` (of gathers), kept apart until an op needs them
    /// dense.
    sparse: HashMap<String, Vec<Slices>>,
    targets: Vec<String>,
    /// The input names of the custom entry waiting for its gradients.
    pending: Option<Vec<String>>,
}

/// Where a gradient walk stopped.
#[derive(Debug)]
pub enum WalkStep {
    /// Every entry is done.
    Done,
    /// A `tf.custom_gradient` entry: call the function `key` names with these gradients
    /// of its outputs, then resume with its inputs' gradients.
    Custom {
        /// The gradient function's key.
        key: u64,
        /// Each output's gradient (zeros where none flowed).
        output_grads: Vec<Value>,
        /// For a call inside a function body, what the body computed before it: enter
        /// them ([`Context::enter_forward_values`]) while the function runs.
        forward: Option<Rc<ForwardValues>>,
    },
}

/// A tensor's dtype and shape, computed or not (`None` for a handle).
fn value_facts(value: &crate::op::Value) -> Option<(tensor::DType, Shape)> {
    match value.value_type() {
        crate::op::ValueType::Dense(dtype) => Some((dtype, value.shape()?.clone())),
        _ => None,
    }
}

/// One tape's recording.
#[derive(Clone, Debug, Default)]
pub struct Tape {
    id: u32,
    persistent: bool,
    watch_variables: bool,
    recording: bool,
    used: bool,
    watched: HashSet<String>,
    entries: Vec<TapeEntry>,
    /// The function-graph operations recorded while tracing.
    segments: Vec<symbolic::GraphSegment>,
    /// Graph tensors passed to `tape.watch` while tracing.
    graph_watched: HashSet<GraphTensor>,
}

/// A source of a gradient taken while tracing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GraphSource {
    /// A graph tensor.
    Tensor(GraphTensor),
    /// A variable.
    Variable(crate::variables::VariableId),
    /// Anything else (its gradient is `None`).
    None,
}

/// The context's tapes: every tape not yet deleted, and which are recording.
#[derive(Clone, Debug, Default)]
pub struct TapeState {
    tapes: Vec<Tape>,
    next_id: u32,
    /// The (graph, input shape, axes) of partial reductions whose gradient shapes a graph
    /// already computed (`Graph._reduced_shape_cache`): `_SumGrad` adds the `Maximum` and
    /// `floordiv` ops once per graph.
    pub reduced_shapes: std::collections::HashSet<(crate::graph::GraphId, Vec<usize>, Vec<usize>)>,
    /// The forward values of the `tf.custom_gradient` functions being called, innermost
    /// last.
    forward_values: Vec<Rc<ForwardValues>>,
}

impl TapeState {
    /// True when some tape records ops.
    pub fn any_recording(&self) -> bool {
        self.tapes.iter().any(|tape| tape.recording)
    }
}

/// A gradient source or target: an eager tensor's name.
pub fn tensor_key(tensor: &EagerTensor) -> String {
    tensor.tensor_name.clone()
}

pub(crate) fn kernel(error: tensor::OpError) -> TfError {
    TfError::from_kernel_message(error)
}

pub(crate) fn binary(op: BinaryOp, a: &Tensor, b: &Tensor) -> TfResult<Tensor> {
    ops::binary(op, a, b).map_err(kernel)
}

pub(crate) fn unary(op: UnaryOp, a: &Tensor) -> TfResult<Tensor> {
    ops::unary(op, a).map_err(kernel)
}

pub(crate) fn scalar_like(value: f64, like: &Tensor) -> TfResult<Tensor> {
    ops::cast(&Tensor::scalar(value), like.dtype()).map_err(kernel)
}

/// Sums `grad` down to `shape` (undoing broadcasting).
pub(crate) fn unbroadcast(grad: Tensor, shape: &Shape) -> TfResult<Tensor> {
    if grad.shape() == shape {
        return Ok(grad);
    }
    let rank = grad.rank();
    let target = shape.dims();
    let offset = rank.saturating_sub(target.len());
    let mut axes: Vec<i64> = (0..offset as i64).collect();
    for (index, dim) in target.iter().enumerate() {
        if *dim == 1 && grad.dims().get(index + offset) != Some(&1) {
            axes.push((index + offset) as i64);
        }
    }
    // Axes of size 1 need no sum (TensorFlow's reduction drops them, which keeps -0.0).
    axes.retain(|axis| grad.dims().get(*axis as usize).is_some_and(|dim| *dim != 1));
    let summed = if axes.is_empty() {
        grad
    } else {
        ops::reduce(ReduceOp::Sum, &grad, Some(&axes), false).map_err(kernel)?
    };
    let dims: Vec<i64> = target.iter().map(|d| *d as i64).collect();
    ops::reshape(&summed, &dims).map_err(kernel)
}

/// The gradients of a defined op's inputs, from its definition.
/// A variable read whose output's gradient is only `IndexedSlices`: they pass to the
/// variable as they are (`_ReadGrad`). True when it handled the entry.
fn pass_slices(entry: &TapeEntry, walk: &mut GradientWalk) -> bool {
    let read = entry
        .op
        .downcast::<crate::op_defs::ReadVariableOp>()
        .is_some();
    let (Some((output, _)), Some((input, _))) = (entry.outputs.first(), entry.inputs.first())
    else {
        return false;
    };
    if !read || walk.grads.contains_key(output) {
        return false;
    }
    if let Some(parts) = walk.sparse.remove(output) {
        walk.sparse.entry(input.clone()).or_default().extend(parts);
    }
    true
}

/// Each output's gradient with its `IndexedSlices` made dense and added (an op that is
/// no variable read takes its gradients dense).
fn densify_outputs(
    entry: &TapeEntry,
    walk: &mut GradientWalk,
    output_grads: &mut [Option<Value>],
) -> TfResult<()> {
    for ((name, _), grad) in entry.outputs.iter().zip(output_grads.iter_mut()) {
        let Some(parts) = walk.sparse.remove(name) else {
            continue;
        };
        let dense = Value::Dense(Slices::concat(&parts)?.densify()?);
        *grad = Some(add_gradient(grad.take(), dense)?);
    }
    Ok(())
}

/// A `GatherV2` along axis 0 of floating `params`: its gradient for them as
/// `IndexedSlices` (`_GatherV2Grad`), with the params' name.
fn gather_slices(
    entry: &TapeEntry,
    output_grads: &[Option<Tensor>],
) -> TfResult<Option<(String, Slices)>> {
    if entry.op.downcast::<crate::op_defs::GatherV2>().is_none() {
        return Ok(None);
    }
    let (Some(Some(grad)), [(params, params_value), (_, Some(indices)), (_, Some(axis))]) =
        (output_grads.first(), entry.inputs.as_slice())
    else {
        return Ok(None);
    };
    let Some(params_value) = params_value.as_ref().filter(|p| p.dtype().is_floating()) else {
        return Ok(None);
    };
    if axis.to_i64_vec().as_deref() != Some(&[0]) || params_value.rank() == 0 {
        return Ok(None);
    }
    let slices = Slices::of_gather(params_value.dims(), indices, grad)?;
    Ok(Some((params.clone(), slices)))
}

/// Values on demand: the inputs of `entry` that take gradients get ones not computed (`why`),
/// of their own dtypes and shapes (a variable's read passes its output's).
fn uncomputed_input_grads(
    entry: &TapeEntry,
    walk: &mut GradientWalk,
    why: &std::rc::Rc<str>,
) -> TfResult<()> {
    let output = entry
        .outputs
        .first()
        .and_then(|(name, _)| walk.grads.get(name))
        .and_then(value_facts);
    for ((name, _), facts) in entry.inputs.iter().zip(&entry.input_facts) {
        let facts = facts.clone().or_else(|| output.clone());
        let Some((dtype, shape)) = facts.filter(|(dtype, _)| dtype.is_floating()) else {
            continue;
        };
        let grad = Value::Uncomputed(crate::op::Uncomputed {
            dtype,
            shape,
            why: why.clone(),
        });
        accumulate(&mut walk.grads, name, grad)?;
    }
    Ok(())
}

fn defined_gradient(
    op: &dyn crate::op_defs::Op,
    entry: &TapeEntry,
    grads: &[Option<Tensor>],
) -> TfResult<Vec<Option<Tensor>>> {
    // A variable handle has no tensor value. The ops that take one (`ReadVariableOp`) never
    // read it in their gradient, so it stands as an empty tensor.
    let handle = Tensor::from_vec(Shape::new(vec![0]), Vec::<f32>::new()).map_err(kernel)?;
    let values = |pairs: &'_ [(String, Option<Tensor>)]| -> Vec<Tensor> {
        pairs
            .iter()
            .map(|(_, value)| value.clone().unwrap_or_else(|| handle.clone()))
            .collect()
    };
    let (inputs, outputs) = (values(&entry.inputs), values(&entry.outputs));
    let inputs: Vec<&Tensor> = inputs.iter().collect();
    let outputs: Vec<&Tensor> = outputs.iter().collect();
    op.gradient(&inputs, &outputs, grads)
}

/// Adds `grad` to the gradient of `key`; a sum with a gradient not computed is not
/// computed either.
fn accumulate(grads: &mut HashMap<String, Value>, key: &str, grad: Value) -> TfResult<()> {
    let summed = add_gradient(grads.remove(key), grad)?;
    grads.insert(key.to_string(), summed);
    Ok(())
}

/// `existing + grad`; a sum with a gradient not computed is not computed either.
fn add_gradient(existing: Option<Value>, grad: Value) -> TfResult<Value> {
    Ok(match (existing, grad) {
        (None, grad) => grad,
        (Some(Value::Dense(existing)), Value::Dense(grad)) => {
            Value::Dense(binary(BinaryOp::Add, &existing, &grad)?)
        }
        (Some(Value::Uncomputed(existing)), _) => Value::Uncomputed(existing),
        (Some(existing), Value::Uncomputed(grad)) => Value::Uncomputed(crate::op::Uncomputed {
            shape: existing.shape().cloned().unwrap_or(grad.shape),
            ..grad
        }),
        (Some(_), _) => return Err(TfError::internal("a gradient is a handle")),
    })
}

/// A tensor of `dtype` and `shape` holding `value` everywhere (a seed's ones, a missing
/// gradient's zeros).
fn filled_like(value: f64, dtype: tensor::DType, shape: &Shape) -> TfResult<Tensor> {
    let dims: Vec<i64> = shape.dims().iter().map(|d| *d as i64).collect();
    let filled = if value == 0.0 {
        ops::zeros(&dims, dtype)
    } else {
        ops::ones(&dims, dtype)
    };
    filled.map_err(kernel)
}

/// The seed of a gradient target of `dtype` and `shape` (a variable's, whose value need
/// not be read): ones, or `None` for a dtype that takes no gradient.
pub fn ones_seed(dtype: tensor::DType, shape: &Shape) -> TfResult<Option<Value>> {
    if !dtype.is_floating() {
        return Ok(None);
    }
    Ok(Some(Value::Dense(filled_like(1.0, dtype, shape)?)))
}

/// A gradient target's seed: ones of its dtype and shape (not computed when the target
/// was not), or `None` for a target that takes no gradient (an integer, a handle).
pub fn gradient_seed(value: &Value) -> TfResult<Option<Value>> {
    let Some((dtype, shape)) = value_facts(value) else {
        return Ok(None);
    };
    match value.uncomputed() {
        Some(uncomputed) if dtype.is_floating() => Ok(Some(Value::Uncomputed(uncomputed.clone()))),
        _ => ones_seed(dtype, &shape),
    }
}

impl Context {
    /// Starts a tape (`with tf.GradientTape(persistent=...) as tape:`).
    pub fn tape_begin(&mut self, persistent: bool, watch_accessed_variables: bool) -> TapeId {
        let id = self.tapes.next_id;
        self.tapes.next_id += 1;
        self.tapes.tapes.push(Tape {
            id,
            persistent,
            watch_variables: watch_accessed_variables,
            recording: true,
            ..Tape::default()
        });
        self.open_graph_segment(TapeId(id));
        TapeId(id)
    }

    /// While tracing a function, starts a run of recorded graph operations.
    fn open_graph_segment(&mut self, id: TapeId) {
        let Some(graph) = self.default_graph() else {
            return;
        };
        let Ok(traced) = self.graph(graph) else {
            return;
        };
        if !matches!(traced.kind, GraphKind::Function { .. }) {
            return;
        }
        let start = traced.operations().len();
        if let Some(tape) = self.tape_mut(id) {
            tape.segments.push(symbolic::GraphSegment {
                graph,
                start,
                end: None,
            });
        }
    }

    /// Ends the open run of recorded graph operations, if any.
    fn close_graph_segment(&mut self, id: TapeId) {
        let ends: Vec<(usize, usize)> = self
            .tape_mut(id)
            .map(|tape| {
                tape.segments
                    .iter()
                    .enumerate()
                    .filter(|(_, segment)| segment.end.is_none())
                    .map(|(index, segment)| (index, segment.graph.0 as usize))
                    .collect()
            })
            .unwrap_or_default();
        for (index, graph) in ends {
            let end = self
                .graph(crate::graph::GraphId(graph as u32))
                .map_or(0, |g| g.operations().len());
            if let Some(segment) = self
                .tape_mut(id)
                .and_then(|tape| tape.segments.get_mut(index))
            {
                segment.end = Some(end);
            }
        }
    }

    /// Stops recording on a tape (leaving its `with` block); it can still compute gradients.
    pub fn tape_stop(&mut self, id: TapeId) {
        self.close_graph_segment(id);
        if let Some(tape) = self.tape_mut(id) {
            tape.recording = false;
        }
    }

    /// Whether the tape records now.
    pub fn tape_is_recording(&self, id: TapeId) -> bool {
        self.tapes
            .tapes
            .iter()
            .any(|tape| tape.id == id.0 && tape.recording)
    }

    /// Makes the tape persistent or not: `jacobian` keeps it for one gradient per element,
    /// then gives the last one as the tape's one gradient (so it counts as unused again).
    pub fn tape_set_persistent(&mut self, id: TapeId, persistent: bool) {
        if let Some(tape) = self.tape_mut(id) {
            tape.persistent = persistent;
            tape.used = false;
        }
    }

    /// Resumes recording (`tape.stop_recording()` ends, or a tape re-entered).
    pub fn tape_resume(&mut self, id: TapeId) {
        let was_recording = self.tape_mut(id).is_some_and(|tape| tape.recording);
        if let Some(tape) = self.tape_mut(id) {
            tape.recording = true;
        }
        if !was_recording {
            self.open_graph_segment(id);
        }
    }

    /// `tape.watch(graph_tensor)` while tracing.
    pub fn tape_watch_graph(&mut self, id: TapeId, tensor: GraphTensor) {
        if let Some(tape) = self.tape_mut(id) {
            tape.graph_watched.insert(tensor);
        }
    }

    /// `tape.gradient` while tracing: begins the gradient ops of the sum of `targets` with
    /// respect to each source, built into the function graph (driven by
    /// [`Context::graph_gradient_step`]). A source is a graph tensor, or a variable (its
    /// resource handle inside the function; counted when trainable and the tape watches
    /// accessed variables); `None` sources and unconnected ones get `None`.
    pub fn tape_graph_gradient_begin(
        &mut self,
        id: TapeId,
        targets: &[GraphTensor],
        sources: &[GraphSource],
    ) -> TfResult<symbolic::SymbolicWalk> {
        let tape = self.tape_for_gradient(id)?;
        let segments = tape.segments.clone();
        let mut watched = tape.graph_watched.clone();
        let watch_variables = tape.watch_variables;
        let graph = self
            .default_graph()
            .ok_or_else(|| TfError::internal("a graph gradient outside a graph"))?;
        if !matches!(self.graph(graph)?.kind, GraphKind::Function { .. }) {
            return Err(TfError::new(
                ExceptionClass::RuntimeError,
                "tf.GradientTape over the tensors of a tf.compat.v1 graph is not emulated in this playground yet; use it eagerly or inside a tf.function.",
            ));
        }
        let mut keys = Vec::with_capacity(sources.len());
        for source in sources {
            keys.push(match source {
                GraphSource::Tensor(tensor) => Some(*tensor),
                GraphSource::Variable(variable) => {
                    let variable = self.replica_local_variable(*variable);
                    let (handle, trainable) = {
                        let v = self.variable(variable)?;
                        (v.handle.clone(), v.trainable)
                    };
                    let key = match handle {
                        Handle::Eager(handle) => {
                            Some(self.capture_in_trace(graph, &handle, "Placeholder")?)
                        }
                        Handle::Symbolic(handle) if handle.graph == graph => Some(handle),
                        Handle::Symbolic(_) => None,
                    };
                    if let (Some(key), true) = (key, trainable && watch_variables) {
                        watched.insert(key);
                    }
                    key
                }
                GraphSource::None => None,
            });
        }
        self.graph_gradient_begin(
            graph,
            &segments,
            targets,
            &keys,
            &watched,
            symbolic::GradientScopes::Tape,
        )
    }

    /// `tf.gradients(ys, xs)` in the default graph (a `tf.compat.v1` graph or a function
    /// being traced): begins the gradient of the sum of `targets` with respect to each
    /// source, over every op of the graph, built under a new `gradients` name scope.
    pub fn gradients_begin(
        &mut self,
        targets: &[GraphTensor],
        sources: &[GraphSource],
        name: &str,
    ) -> TfResult<symbolic::SymbolicWalk> {
        let graph = self.default_graph().ok_or_else(|| {
            TfError::new(
                ExceptionClass::RuntimeError,
                "tf.gradients is not supported when eager execution is enabled. Use \
                 tf.GradientTape instead.",
            )
        })?;
        let mut keys = Vec::with_capacity(sources.len());
        for source in sources {
            keys.push(match source {
                GraphSource::Tensor(tensor) => Some(*tensor),
                GraphSource::Variable(variable) => match self.variable(*variable)?.handle.clone() {
                    Handle::Symbolic(handle) if handle.graph == graph => Some(handle),
                    Handle::Eager(handle) if self.is_tracing(graph)? => {
                        Some(self.capture_in_trace(graph, &handle, "Placeholder")?)
                    }
                    _ => None,
                },
                GraphSource::None => None,
            });
        }
        let watched = keys.iter().flatten().copied().collect();
        let end = self.graph(graph)?.operations().len();
        let segments = [symbolic::GraphSegment {
            graph,
            start: 0,
            end: Some(end),
        }];
        let root = self.graph_mut(graph)?.unique_name(name);
        let scopes = symbolic::GradientScopes::Gradients(root);
        self.graph_gradient_begin(graph, &segments, targets, &keys, &watched, scopes)
    }

    fn is_tracing(&self, graph: crate::graph::GraphId) -> TfResult<bool> {
        Ok(matches!(
            self.graph(graph)?.kind,
            GraphKind::Function { .. }
        ))
    }

    /// Forgets a tape.
    pub fn tape_release(&mut self, id: TapeId) {
        self.tapes.tapes.retain(|tape| tape.id != id.0);
    }

    fn tape_mut(&mut self, id: TapeId) -> Option<&mut Tape> {
        self.tapes.tapes.iter_mut().find(|tape| tape.id == id.0)
    }

    /// The tape `id`, marked used by the gradient computation about to run: TF's error for a
    /// non-persistent tape asked a second time (or already released).
    fn tape_for_gradient(&mut self, id: TapeId) -> TfResult<&mut Tape> {
        let used_up = || {
            TfError::new(
                ExceptionClass::RuntimeError,
                "A non-persistent GradientTape can only be used to compute one set of gradients (or jacobians)",
            )
        };
        let tape = self.tape_mut(id).ok_or_else(used_up)?;
        if tape.used && !tape.persistent {
            return Err(used_up());
        }
        tape.used = true;
        Ok(tape)
    }

    /// The eager variable whose resource handle is the tensor `name`.
    pub fn variable_by_handle_name(&self, name: &str) -> Option<crate::variables::VariableId> {
        self.variables
            .variables
            .iter()
            .position(|v| matches!(&v.handle, Handle::Eager(h) if h.tensor_name == name))
            .map(|index| crate::variables::VariableId(index as u32))
    }

    /// `tape.watched_variables()`: the variables the tape watches (read while it recorded
    /// or passed to `watch`), in creation order, as TensorFlow sorts them by id.
    pub fn tape_watched_variables(&mut self, id: TapeId) -> Vec<crate::variables::VariableId> {
        let Some(tape) = self.tape_mut(id) else {
            return Vec::new();
        };
        let watched = tape.watched.clone();
        let watch_variables = tape.watch_variables;
        let segments = tape.segments.clone();
        let graph_inputs = self.segment_inputs(&segments);
        self.variables
            .variables
            .iter()
            .enumerate()
            .filter(|(_, variable)| match &variable.handle {
                Handle::Eager(h) => {
                    watched.contains(&h.tensor_name)
                        || (watch_variables
                            && variable.trainable
                            && graph_inputs.iter().any(|(graph, inputs)| {
                                self.existing_capture(*graph, h)
                                    .is_some_and(|captured| inputs.contains(&captured))
                            }))
                }
                Handle::Symbolic(h) => {
                    watch_variables
                        && variable.trainable
                        && graph_inputs.iter().any(|(_, inputs)| inputs.contains(h))
                }
            })
            .map(|(index, _)| crate::variables::VariableId(index as u32))
            .collect()
    }

    /// Every tensor an operation of `segments` takes as input, per graph: a variable read
    /// while a tape recorded in a `tf.function` is one whose captured handle is among them.
    fn segment_inputs(
        &self,
        segments: &[symbolic::GraphSegment],
    ) -> Vec<(crate::graph::GraphId, HashSet<GraphTensor>)> {
        let mut out: Vec<(crate::graph::GraphId, HashSet<GraphTensor>)> = Vec::new();
        for segment in segments {
            let Ok(graph) = self.graph(segment.graph) else {
                continue;
            };
            let operations = graph.operations();
            let end = segment
                .end
                .unwrap_or(operations.len())
                .min(operations.len());
            let inputs: HashSet<GraphTensor> = operations[segment.start.min(end)..end]
                .iter()
                .flat_map(|operation| operation.inputs.iter().copied())
                .collect();
            match out.iter_mut().find(|(id, _)| *id == segment.graph) {
                Some((_, all)) => all.extend(inputs),
                None => out.push((segment.graph, inputs)),
            }
        }
        out
    }

    /// `tape.watch(tensor)`.
    pub fn tape_watch(&mut self, id: TapeId, tensor: &EagerTensor) {
        if let Some(tape) = self.tape_mut(id) {
            tape.watched.insert(tensor_key(tensor));
        }
    }

    /// Called for every eager op: each recording tape keeps it if an input is watched
    /// (variable reads count when the tape watches accessed variables).
    pub fn tape_record(&mut self, op: &OpKind, inputs: &[EagerTensor], outputs: &[EagerTensor]) {
        if !self.tapes.any_recording() {
            return;
        }
        let named = |tensors: &[EagerTensor]| -> Vec<(String, Value)> {
            tensors
                .iter()
                .map(|t| (t.tensor_name.clone(), t.value.clone()))
                .collect()
        };
        self.tape_record_values(op, named(inputs), named(outputs));
    }

    /// [`Context::tape_record`] on named values: an eager op, or one op of a
    /// `tf.function` called eagerly (its tensors named within that call), so that
    /// gradients flow through the function's body as TensorFlow's function gradients do.
    pub fn tape_record_values(
        &mut self,
        op: &OpKind,
        inputs: Vec<(String, Value)>,
        outputs: Vec<(String, Value)>,
    ) {
        if !self.tapes.any_recording() {
            return;
        }
        // Tapes watch reads of trainable variables only.
        let is_read = op.downcast::<crate::op_defs::ReadVariableOp>().is_some()
            && inputs.first().is_some_and(|(handle, _)| {
                self.variables.variables.iter().any(|variable| {
                    variable.trainable
                        && matches!(&variable.handle, Handle::Eager(h) if &h.tensor_name == handle)
                })
            });
        for tape in self.tapes.tapes.iter_mut().filter(|tape| tape.recording) {
            let watched = inputs.iter().any(|(name, _)| tape.watched.contains(name))
                || (is_read && tape.watch_variables);
            if !watched {
                continue;
            }
            if is_read {
                if let Some((handle, _)) = inputs.first() {
                    tape.watched.insert(handle.clone());
                }
            }
            for (name, _) in &outputs {
                tape.watched.insert(name.clone());
            }
            tape.entries
                .push(TapeEntry::new(op.clone(), &inputs, &outputs, None));
        }
    }

    /// `tape.gradient(targets, sources, output_gradients)` with every gradient dense: one
    /// per source key (see [`Context::tape_gradient_any`]).
    pub fn tape_gradient(
        &mut self,
        id: TapeId,
        targets: &[(String, Value)],
        sources: &[String],
    ) -> TfResult<Vec<Option<Value>>> {
        self.tape_gradient_any(id, targets, sources)?
            .into_iter()
            .map(|grad| {
                grad.map(|grad| match grad {
                    Gradient::Dense(value) => Ok(value),
                    Gradient::Slices(slices) => Ok(Value::Dense(slices.densify()?)),
                })
                .transpose()
            })
            .collect()
    }

    /// `tape.gradient(targets, sources, output_gradients)`: one gradient per source key (a
    /// tensor's name, or a variable handle's name) of the targets, each weighted by its
    /// seed (ones, or the caller's `output_gradients`; see [`gradient_seed`]); `None` where
    /// the source is not connected. A source that is itself a target gets that target's
    /// seed, watched or not, as TensorFlow's tape gives it. A tape holding a
    /// `tf.custom_gradient` entry needs the resumable walk ([`Context::tape_gradient_begin`]).
    fn tape_gradient_any(
        &mut self,
        id: TapeId,
        targets: &[(String, Value)],
        sources: &[String],
    ) -> TfResult<Vec<Option<Gradient>>> {
        let mut walk = self.tape_gradient_begin(id, targets)?;
        match self.tape_gradient_step(&mut walk)? {
            WalkStep::Done => self.tape_gradient_finish(walk, sources),
            WalkStep::Custom { .. } => Err(TfError::internal(
                "a custom gradient needs the caller's resumable walk",
            )),
        }
    }

    /// Starts `tape.gradient`: the targets' seeds, and the walk over the tape's entries
    /// from the last one back.
    pub fn tape_gradient_begin(
        &mut self,
        id: TapeId,
        targets: &[(String, Value)],
    ) -> TfResult<GradientWalk> {
        let tape = self.tape_for_gradient(id)?;
        let mut grads: HashMap<String, Value> = HashMap::new();
        for (key, seed) in targets {
            accumulate(&mut grads, key, seed.clone())?;
        }
        Ok(GradientWalk {
            tape: id,
            next: tape.entries.len(),
            grads,
            sparse: HashMap::new(),
            targets: targets.iter().map(|(key, _)| key.clone()).collect(),
            pending: None,
        })
    }

    /// Walks on until the tape's first entry is done, or until a `tf.custom_gradient`
    /// entry needs its Python gradient function called with its outputs' gradients
    /// (then [`Context::tape_gradient_resume`] takes its inputs' gradients).
    pub fn tape_gradient_step(&self, walk: &mut GradientWalk) -> TfResult<WalkStep> {
        let tape = self
            .tapes
            .tapes
            .iter()
            .find(|tape| tape.id == walk.tape.0)
            .ok_or_else(|| TfError::internal("the tape was released during its gradient"))?;
        while walk.next > 0 {
            walk.next -= 1;
            let entry = tape
                .entries
                .get(walk.next)
                .ok_or_else(|| TfError::internal("a taped entry vanished"))?;
            let has_slices = entry
                .outputs
                .iter()
                .any(|(name, _)| walk.sparse.contains_key(name));
            if has_slices && pass_slices(entry, walk) {
                continue;
            }
            let mut output_grads: Vec<Option<Value>> = entry
                .outputs
                .iter()
                .map(|(name, _)| walk.grads.get(name).cloned())
                .collect();
            if has_slices {
                densify_outputs(entry, walk, &mut output_grads)?;
            }
            if output_grads.iter().all(Option::is_none) {
                continue;
            }
            let uncomputed = entry.uncomputed.clone().or_else(|| {
                output_grads
                    .iter()
                    .flatten()
                    .find_map(Value::uncomputed)
                    .cloned()
            });
            if let Some(uncomputed) = uncomputed {
                uncomputed_input_grads(entry, walk, &uncomputed.why)?;
                continue;
            }
            if let Some(key) = entry.custom {
                // Missing output gradients are zeros, as TensorFlow's tape fills them.
                let mut filled = Vec::with_capacity(output_grads.len());
                for ((_, value), grad) in entry.outputs.iter().zip(output_grads) {
                    filled.push(match (grad, value) {
                        (Some(grad), _) => grad,
                        (None, Some(value)) => {
                            Value::Dense(filled_like(0.0, value.dtype(), value.shape())?)
                        }
                        (None, None) => {
                            return Err(TfError::internal("a custom gradient output has no value"))
                        }
                    });
                }
                walk.pending = Some(entry.inputs.iter().map(|(name, _)| name.clone()).collect());
                return Ok(WalkStep::Custom {
                    key,
                    output_grads: filled,
                    forward: entry.forward.clone(),
                });
            }
            let output_grads: Vec<Option<Tensor>> = output_grads
                .into_iter()
                .map(|grad| grad.and_then(|grad| grad.tensor().cloned()))
                .collect();
            if let Some((params, slices)) = gather_slices(entry, &output_grads)? {
                walk.sparse.entry(params).or_default().push(slices);
                continue;
            }
            let input_grads = match defined_gradient(entry.op.op(), entry, &output_grads) {
                Err(error) if error.over_budget => {
                    uncomputed_input_grads(entry, walk, &error.message.into())?;
                    continue;
                }
                result => result?,
            };
            for ((name, value), input_grad) in entry.inputs.iter().zip(input_grads) {
                let floating = value.as_ref().is_none_or(|v| v.dtype().is_floating());
                if let (Some(input_grad), true) = (input_grad, floating) {
                    accumulate(&mut walk.grads, name, Value::Dense(input_grad))?;
                }
            }
        }
        Ok(WalkStep::Done)
    }

    /// The gradients a custom gradient function gave its entry's inputs (`None`: none).
    pub fn tape_gradient_resume(
        &mut self,
        walk: &mut GradientWalk,
        input_grads: Vec<Option<Value>>,
    ) -> TfResult<()> {
        let names = walk
            .pending
            .take()
            .ok_or_else(|| TfError::internal("no custom gradient is pending"))?;
        for (name, grad) in names.iter().zip(input_grads) {
            if let Some(grad) = grad {
                accumulate(&mut walk.grads, name, grad)?;
            }
        }
        Ok(())
    }

    /// Ends `tape.gradient`: each source's gradient (see [`Context::tape_gradient`]).
    pub fn tape_gradient_finish(
        &mut self,
        walk: GradientWalk,
        sources: &[String],
    ) -> TfResult<Vec<Option<Gradient>>> {
        let tape = self
            .tape_mut(walk.tape)
            .ok_or_else(|| TfError::internal("the tape was released during its gradient"))?;
        // Only watched tensors (and variables the tape saw read) are sources, and targets.
        let mut result = Vec::with_capacity(sources.len());
        for key in sources {
            let is_target = walk.targets.iter().any(|target| target == key);
            if !(tape.watched.contains(key) || is_target) {
                result.push(None);
                continue;
            }
            let dense = walk.grads.get(key).cloned();
            result.push(match (dense, walk.sparse.get(key)) {
                (None, Some(parts)) => Some(Gradient::Slices(Slices::concat(parts)?)),
                (Some(dense), Some(parts)) => {
                    let slices = Value::Dense(Slices::concat(parts)?.densify()?);
                    Some(Gradient::Dense(add_gradient(Some(dense), slices)?))
                }
                (dense, None) => dense.map(Gradient::Dense),
            });
        }
        if !tape.persistent {
            tape.entries.clear();
        }
        Ok(result)
    }

    /// Records a `tf.custom_gradient` call on each recording tape that watches one of its
    /// inputs: its outputs' gradients come from the Python function `key` names, and the
    /// entries that produced those outputs before (their identities) are dropped, as
    /// TensorFlow's tape keeps only the last producer of a tensor.
    pub fn tape_record_custom(
        &mut self,
        key: u64,
        inputs: Vec<(String, Value)>,
        outputs: Vec<(String, Value)>,
        forward: Option<Rc<ForwardValues>>,
    ) {
        for tape in self.tapes.tapes.iter_mut().filter(|tape| tape.recording) {
            if !inputs.iter().any(|(name, _)| tape.watched.contains(name)) {
                continue;
            }
            tape.entries.retain(|entry| {
                !entry
                    .outputs
                    .iter()
                    .any(|(name, _)| outputs.iter().any(|(output, _)| output == name))
            });
            for (name, _) in &outputs {
                tape.watched.insert(name.clone());
            }
            let mut entry = TapeEntry::new(
                crate::op_defs::Identity::kind(),
                &inputs,
                &outputs,
                Some(key),
            );
            entry.forward = forward.clone();
            tape.entries.push(entry);
        }
    }

    /// Enters the forward values of a `tf.custom_gradient` function about to be called:
    /// while it runs, eager ops take the graph tensors among them as their values.
    pub fn enter_forward_values(&mut self, forward: Rc<ForwardValues>) {
        self.tapes.forward_values.push(forward);
    }

    /// Leaves the innermost forward values.
    pub fn exit_forward_values(&mut self) {
        self.tapes.forward_values.pop();
    }

    /// The value of graph tensor `tensor` while a `tf.custom_gradient` function traced
    /// with it is called by an eager tape.
    pub fn forward_value(&self, tensor: GraphTensor) -> Option<EagerTensor> {
        self.tapes
            .forward_values
            .iter()
            .rev()
            .find_map(|values| values.get(&tensor).cloned())
    }

    /// The custom gradient functions some tape still holds (the others can be dropped).
    pub fn tape_custom_keys(&self) -> HashSet<u64> {
        self.tapes
            .tapes
            .iter()
            .flat_map(|tape| tape.entries.iter().filter_map(|entry| entry.custom))
            .collect()
    }
}

mod replay;
mod slices;
mod symbolic;

pub use slices::{Gradient, Slices};
pub use symbolic::{SymbolicGradient, SymbolicSlices, SymbolicStep, SymbolicWalk};

#[cfg(test)]
mod tests;
