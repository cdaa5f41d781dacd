//! `tape.gradient` inside a `tf.function`: reverse-mode autodiff that emits gradient ops
//! into the function graph being traced, as TensorFlow does under `gradient_tape/`.
//!
//! A tape entered while tracing remembers the ranges of graph operations created while it
//! records ([`GraphSegment`]). [`Context::tape_graph_gradient`] walks those operations
//! backwards from the targets and builds each op's gradient with the mode-agnostic API
//! (`Context::binary`, `Context::matmul`...), so the gradients are graph tensors whose
//! values the function computes each time it runs. Variables are sources through the
//! resource placeholder their reads take as input. The rules follow TensorFlow's
//! registered gradients (`math_grad.py`, `nn_grad.py`, `array_grad.py`); an op on the path
//! whose gradient is not emulated raises instead of being skipped silently.

use std::collections::{HashMap, HashSet};

use crate::api::{Handle, Operand};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::{GraphId, GraphTensor};
use crate::op::{OpKind, ValueType};
use tensor::ops::{BinaryOp, ReduceOp, UnaryOp};
use tensor::Tensor;

/// A run of operations of one function graph created while a tape recorded: indices
/// `start..end` (`end` open while it still records).
#[derive(Clone, Debug, PartialEq)]
pub struct GraphSegment {
    /// The graph being traced.
    pub graph: GraphId,
    /// Index of the first operation recorded.
    pub start: usize,
    /// One past the last operation recorded, once recording stopped.
    pub end: Option<usize>,
}

fn symbolic(handle: Handle) -> TfResult<GraphTensor> {
    match handle {
        Handle::Symbolic(tensor) => Ok(tensor),
        Handle::Eager(_) => Err(TfError::internal("a gradient op ran eagerly while tracing")),
    }
}

fn operand(tensor: GraphTensor) -> Operand {
    Operand::Handle(Handle::Symbolic(tensor))
}

impl Context {
    /// The fully known dims of a graph tensor (gradients of unknown shapes are not
    /// emulated).
    pub(crate) fn static_dims(&self, tensor: GraphTensor) -> TfResult<Vec<usize>> {
        self.handle_shape(&Handle::Symbolic(tensor))?
            .to_shape()
            .map(|shape| shape.dims().to_vec())
            .ok_or_else(|| {
                TfError::new(
                    crate::error::ExceptionClass::RuntimeError,
                    "Gradients of tensors of unknown shape inside a tf.function are not emulated in this playground yet.",
                )
            })
    }

    /// The dims of a graph tensor when all are known.
    pub(crate) fn known_dims(&self, tensor: GraphTensor) -> TfResult<Option<Vec<usize>>> {
        Ok(self
            .handle_shape(&Handle::Symbolic(tensor))?
            .to_shape()
            .map(|shape| shape.dims().to_vec()))
    }

    /// `unbroadcast_to` when a shape is known only when the graph runs: `grad` summed
    /// along the axes `BroadcastGradientArgs` finds for `like`, then reshaped to its shape.
    fn unbroadcast_dynamic(
        &mut self,
        grad: GraphTensor,
        like: GraphTensor,
    ) -> TfResult<GraphTensor> {
        let like_shape = self.shape_op(like)?;
        let grad_shape = self.shape_op(grad)?;
        let (axes, _) = self.broadcast_gradient_args(like_shape.clone(), grad_shape)?;
        self.sum_to_shape(grad, axes, like_shape)
    }

    /// `BroadcastGradientArgs(s0, s1)`: the axes along which each shape was broadcast.
    pub(crate) fn broadcast_gradient_args(
        &mut self,
        s0: Handle,
        s1: Handle,
    ) -> TfResult<(Handle, Handle)> {
        let axes = self.array_op_outputs(
            crate::op_defs::BroadcastGradientArgs::kind(),
            "BroadcastGradientArgs",
            None,
            vec![(s0.into(), "s0", false), (s1.into(), "s1", false)],
        )?;
        let [r0, r1] = <[Handle; 2]>::try_from(axes)
            .map_err(|_| TfError::internal("BroadcastGradientArgs has two outputs"))?;
        Ok((r0, r1))
    }

    /// A `Shape` op of `tensor` (int32).
    pub(crate) fn shape_op(&mut self, tensor: GraphTensor) -> TfResult<Handle> {
        self.array_op(
            crate::op_defs::ShapeOp::kind(tensor::DType::Int32),
            "Shape",
            None,
            vec![(operand(tensor), "input", false)],
        )
    }

    /// `_ReduceGradientArg` with axes and shape known only when the graph runs: `grad`
    /// summed along `axes` (dims kept), then reshaped to `shape`.
    pub(crate) fn sum_to_shape(
        &mut self,
        grad: GraphTensor,
        axes: Handle,
        shape: Handle,
    ) -> TfResult<GraphTensor> {
        let summed = symbolic(self.array_op(
            crate::op_defs::Reduce::kind(ReduceOp::Sum, true),
            "Sum",
            None,
            vec![
                (operand(grad), "input", false),
                (axes.into(), "reduction_indices", false),
            ],
        )?)?;
        symbolic(self.reshape_to(
            operand(summed),
            crate::shape_operand::ShapeOperand::Tensor(shape.into()),
            None,
        )?)
    }

    pub(crate) fn grad_binary(
        &mut self,
        op: BinaryOp,
        x: GraphTensor,
        y: Operand,
    ) -> TfResult<GraphTensor> {
        symbolic(self.binary(op, operand(x), y, None)?)
    }

    pub(crate) fn grad_unary(&mut self, op: UnaryOp, x: GraphTensor) -> TfResult<GraphTensor> {
        symbolic(self.unary(op, operand(x), None)?)
    }

    /// Sums `grad` down to the shape of `like` (undoing broadcasting), as
    /// `BroadcastGradientArgs` + `Sum` + `Reshape` do.
    pub(crate) fn unbroadcast_to(
        &mut self,
        grad: GraphTensor,
        like: GraphTensor,
    ) -> TfResult<GraphTensor> {
        let (Some(target), Some(dims)) = (self.known_dims(like)?, self.known_dims(grad)?) else {
            return self.unbroadcast_dynamic(grad, like);
        };
        if dims == target {
            return Ok(grad);
        }
        let offset = dims.len().saturating_sub(target.len());
        let mut axes: Vec<i64> = (0..offset as i64).collect();
        for (index, dim) in target.iter().enumerate() {
            if *dim == 1 && dims.get(index + offset).is_some_and(|d| *d != 1) {
                axes.push((index + offset) as i64);
            }
        }
        let summed = if axes.is_empty() {
            grad
        } else {
            symbolic(self.reduce(ReduceOp::Sum, operand(grad), Some(axes), false, None)?)?
        };
        let shape: Vec<i64> = target.iter().map(|d| *d as i64).collect();
        symbolic(self.reshape(operand(summed), shape, None)?)
    }

    /// True for a tensor gradients flow into: a floating tensor or a resource handle.
    fn takes_gradient(&self, tensor: GraphTensor) -> TfResult<bool> {
        let fact = self
            .graph(tensor.graph)?
            .tensor_fact(tensor)
            .ok_or_else(|| TfError::internal("unknown graph tensor"))?;
        Ok(match fact.value_type {
            ValueType::Dense(dtype) | ValueType::Ref(dtype) => dtype.is_floating(),
            ValueType::Resource => true,
        })
    }

    /// The gradient of `key` from its contributions: one as is, several summed by one
    /// `AddN` in the caller's name scope (`_aggregate_grads` runs outside `gradient_tape`).
    fn aggregate_symbolic(
        &mut self,
        graph: GraphId,
        outer_scope: &str,
        grads: &mut HashMap<GraphTensor, Vec<GraphTensor>>,
        key: GraphTensor,
    ) -> TfResult<Option<GraphTensor>> {
        let Some(parts) = grads.remove(&key) else {
            return Ok(None);
        };
        if parts.len() < 2 {
            grads.insert(key, parts.clone());
            return Ok(parts.first().copied());
        }
        let previous = self.graph_mut(graph)?.push_exact_name_scope(outer_scope);
        let inputs = parts
            .iter()
            .map(|part| (operand(*part), "inputs", true))
            .collect();
        let summed = self
            .array_op(crate::op_defs::AddN::kind(), "AddN", None, inputs)
            .and_then(symbolic);
        self.graph_mut(graph)?.pop_name_scope(previous);
        let summed = summed?;
        grads.insert(key, vec![summed]);
        Ok(Some(summed))
    }

    /// Begins the gradients of the sum of `targets` with respect to `sources` over the
    /// operations of `segments`, built in `graph` as TensorFlow builds them: the `ones`
    /// seeds and the `AddN`s summing several contributions in the caller's name scope, each
    /// op's gradient in the scope `scopes` names. `watched` says which sources count
    /// (watched tensors and variable handles the tape saw read); others get `None`, as do
    /// sources the targets do not depend on. Inputs that depend on no watched source are
    /// skipped (`skip_input_indices`). [`Context::graph_gradient_step`] drives the walk;
    /// it pauses at each `tf.custom_gradient` op, whose gradient Python builds.
    pub fn graph_gradient_begin(
        &mut self,
        graph: GraphId,
        segments: &[GraphSegment],
        targets: &[GraphTensor],
        sources: &[Option<GraphTensor>],
        watched: &HashSet<GraphTensor>,
        scopes: GradientScopes,
    ) -> TfResult<SymbolicWalk> {
        let outer_scope = match &scopes {
            GradientScopes::Tape => self.graph(graph)?.name_scope().to_string(),
            GradientScopes::Gradients(root) => root.clone(),
        };
        let previous_scope = self.graph_mut(graph)?.push_exact_name_scope(&outer_scope);
        let mut walk = SymbolicWalk {
            graph,
            outer_scope,
            previous_scope,
            scopes,
            grads: HashMap::new(),
            sparse: HashMap::new(),
            needed: HashSet::new(),
            remaining: Vec::new(),
            sources: sources.to_vec(),
            watched: watched.clone(),
            pending: None,
        };
        if let Err(error) = self.seed_walk(&mut walk, segments, targets) {
            self.graph_gradient_abandon(walk);
            return Err(error);
        }
        Ok(walk)
    }

    /// The `ones` seeds of the targets, the operations to walk and the tensors that depend
    /// on a watched source (only they take gradients).
    fn seed_walk(
        &mut self,
        walk: &mut SymbolicWalk,
        segments: &[GraphSegment],
        targets: &[GraphTensor],
    ) -> TfResult<()> {
        let graph = walk.graph;
        for target in targets {
            let dtype = self.handle_dtype(&Handle::Symbolic(*target))?;
            if !dtype.is_floating() {
                continue;
            }
            let ones = match self.known_dims(*target)? {
                Some(dims) => {
                    let dims: Vec<i64> = dims.iter().map(|d| *d as i64).collect();
                    symbolic(self.filled(true, &dims, dtype, None)?)?
                }
                // `array_ops.ones(array_ops.shape(y))`: a `Fill` of the target's shape.
                None => {
                    let shape = crate::op_defs::shape_of(self, *target, tensor::DType::Int32)?;
                    let one = tensor::ops::cast(&Tensor::scalar(1.0f32), dtype)
                        .map_err(|error| TfError::internal(error.message))?;
                    symbolic(self.array_op(
                        crate::op_defs::Fill::kind(),
                        "ones",
                        None,
                        vec![
                            (shape.into(), "dims", false),
                            (Operand::Literal(one), "value", false),
                        ],
                    )?)?
                }
            };
            walk.grads.entry(*target).or_default().push(ones);
        }
        let mut indices: Vec<usize> = Vec::new();
        for segment in segments.iter().filter(|segment| segment.graph == graph) {
            let end = segment
                .end
                .unwrap_or_else(|| self.graph(graph).map_or(0, |g| g.operations().len()));
            indices.extend(segment.start..end);
        }
        indices.sort_by(Ord::cmp);
        indices.dedup();
        walk.needed = walk
            .sources
            .iter()
            .flatten()
            .filter(|source| walk.watched.contains(source))
            .copied()
            .collect();
        for index in &indices {
            let operation = self
                .graph(graph)?
                .operations()
                .get(*index)
                .ok_or_else(|| TfError::internal("a taped operation vanished"))?;
            if operation
                .inputs
                .iter()
                .any(|input| walk.needed.contains(input))
            {
                for output in 0..operation.outputs.len() {
                    walk.needed.insert(GraphTensor {
                        graph,
                        operation: crate::graph::OperationId(*index as u32),
                        output: output as u32,
                    });
                }
            }
        }
        walk.remaining = indices;
        Ok(())
    }

    /// Walks on, building gradient ops, until the walk is done (the sources' gradients)
    /// or reaches a `tf.custom_gradient` op: then its outputs' gradients are returned, in
    /// the op's gradient name scope, and [`Context::graph_gradient_resume`] takes the
    /// gradients of its inputs. On an error the walk is over: call
    /// [`Context::graph_gradient_abandon`].
    pub fn graph_gradient_step(&mut self, walk: &mut SymbolicWalk) -> TfResult<SymbolicStep> {
        if walk.pending.is_some() {
            return Err(TfError::internal("a custom gradient was not given back"));
        }
        let graph = walk.graph;
        while let Some(index) = walk.remaining.pop() {
            let operation = self
                .graph(graph)?
                .operations()
                .get(index)
                .ok_or_else(|| TfError::internal("a taped operation vanished"))?;
            let output_of = |output: usize| GraphTensor {
                graph,
                operation: crate::graph::OperationId(index as u32),
                output: output as u32,
            };
            let (kind, inputs) = (operation.kind.clone(), operation.inputs.clone());
            let name = operation.name.clone();
            let output_count = operation.outputs.len();
            // A resource (a variable's placeholder) keeps its slices for the results.
            if inputs.is_empty() || self.pass_read_slices(walk, &kind, &inputs, output_of(0))? {
                continue;
            }
            for output in 0..output_count {
                self.densify_slices(walk, output_of(output))?;
            }
            let mut output_grads = Vec::with_capacity(output_count);
            for output in 0..output_count {
                let grad = self.aggregate_symbolic(
                    graph,
                    &walk.outer_scope,
                    &mut walk.grads,
                    output_of(output),
                )?;
                output_grads.push((output_of(output), grad));
            }
            // An op without inputs (a variable, a placeholder) passes nothing back.
            if inputs.is_empty() || output_grads.iter().all(|(_, grad)| grad.is_none()) {
                continue;
            }
            let skip: Vec<bool> = inputs
                .iter()
                .map(|input| !walk.needed.contains(input))
                .collect();
            // An op none of whose inputs leads to a source is not on the tape's path (TF's
            // tape never recorded it), so its gradient is not built.
            if skip.iter().all(|&skipped| skipped) {
                continue;
            }
            let scope = match &walk.scopes {
                GradientScopes::Gradients(root) => format!("{root}/{name}_grad"),
                GradientScopes::Tape => match forward_name_scope(&kind, &name) {
                    "" => "gradient_tape".to_string(),
                    forward => format!("gradient_tape/{forward}"),
                },
            };
            let scope_previous = self.graph_mut(graph)?.push_exact_name_scope(&scope);
            if let Some(key) = kind.op().custom_gradient() {
                walk.pending = Some(PendingCustom {
                    inputs,
                    scope_previous,
                });
                let output_grads = output_grads.into_iter().map(|(_, grad)| grad).collect();
                return Ok(SymbolicStep::Custom { key, output_grads });
            }
            if let Some(slices) = self.gather_slices(&kind, &inputs, &output_grads, &skip) {
                self.graph_mut(graph)?.pop_name_scope(scope_previous);
                walk.sparse.entry(inputs[0]).or_default().push(slices?);
                continue;
            }
            let input_grads = kind
                .op()
                .graph_gradients(self, &inputs, &output_grads, &skip);
            self.graph_mut(graph)?.pop_name_scope(scope_previous);
            self.add_input_gradients(walk, &inputs, input_grads?)?;
        }
        let mut results = Vec::with_capacity(walk.sources.len());
        for source in walk.sources.clone() {
            let Some(source) = source.filter(|source| walk.watched.contains(source)) else {
                results.push(None);
                continue;
            };
            // Only gathers read it: its gradient stays `IndexedSlices`.
            if !walk.grads.contains_key(&source) {
                if let Some(parts) = walk.sparse.get(&source).cloned() {
                    let slices = self.concat_slices(graph, &walk.outer_scope, &parts)?;
                    results.push(Some(SymbolicGradient::Slices(slices)));
                    continue;
                }
            }
            self.densify_slices(walk, source)?;
            let grad =
                self.aggregate_symbolic(graph, &walk.outer_scope, &mut walk.grads, source)?;
            results.push(grad.map(SymbolicGradient::Dense));
        }
        Ok(SymbolicStep::Done(results))
    }

    /// The gradients of the paused `tf.custom_gradient` op's inputs, one per input
    /// (`None` for none), as its Python gradient function built them.
    pub fn graph_gradient_resume(
        &mut self,
        walk: &mut SymbolicWalk,
        input_grads: Vec<Option<GraphTensor>>,
    ) -> TfResult<()> {
        let pending = walk
            .pending
            .take()
            .ok_or_else(|| TfError::internal("no custom gradient is waiting"))?;
        self.graph_mut(walk.graph)?
            .pop_name_scope(pending.scope_previous);
        if input_grads.len() != pending.inputs.len() {
            return Err(TfError::internal(format!(
                "a custom gradient gave {} gradients for {} inputs",
                input_grads.len(),
                pending.inputs.len()
            )));
        }
        self.add_input_gradients(walk, &pending.inputs, input_grads)
    }

    /// Ends a walk early (after an error): the graph's name scope is restored.
    pub fn graph_gradient_abandon(&mut self, mut walk: SymbolicWalk) {
        let graph = walk.graph;
        if let Some(pending) = walk.pending.take() {
            if let Ok(g) = self.graph_mut(graph) {
                g.pop_name_scope(pending.scope_previous);
            }
        }
        self.graph_gradient_finish(walk);
    }

    /// Ends a walk: the caller's name scope is restored.
    pub fn graph_gradient_finish(&mut self, walk: SymbolicWalk) {
        if let Ok(graph) = self.graph_mut(walk.graph) {
            graph.pop_name_scope(walk.previous_scope);
        }
    }

    /// A whole walk, for callers that have no `tf.custom_gradient` functions to call.
    pub fn graph_gradient_run(
        &mut self,
        mut walk: SymbolicWalk,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let step = self.graph_gradient_step(&mut walk);
        let result = match step {
            Ok(SymbolicStep::Done(grads)) => grads
                .into_iter()
                .map(|grad| match grad {
                    None => Ok(None),
                    Some(SymbolicGradient::Dense(grad)) => Ok(Some(grad)),
                    Some(SymbolicGradient::Slices(slices)) => self.dense_of(slices).map(Some),
                })
                .collect(),
            Ok(SymbolicStep::Custom { .. }) => Err(TfError::internal(
                "a tf.custom_gradient op needs its Python gradient function",
            )),
            Err(error) => Err(error),
        };
        self.graph_gradient_abandon(walk);
        result
    }

    /// A variable read whose output's gradient is only `IndexedSlices`: they pass to the
    /// resource it reads as they are (`_ReadGrad`). True when it handled the op.
    fn pass_read_slices(
        &mut self,
        walk: &mut SymbolicWalk,
        kind: &OpKind,
        inputs: &[GraphTensor],
        output: GraphTensor,
    ) -> TfResult<bool> {
        if kind.downcast::<crate::op_defs::ReadVariableOp>().is_none()
            || walk.grads.contains_key(&output)
        {
            return Ok(false);
        }
        let (Some(parts), Some(resource)) = (walk.sparse.remove(&output), inputs.first()) else {
            return Ok(false);
        };
        walk.sparse.entry(*resource).or_default().extend(parts);
        Ok(true)
    }

    /// `tensor`'s `IndexedSlices` contributions made dense and added to its others (an op
    /// that is no variable read takes its gradient dense).
    fn densify_slices(&mut self, walk: &mut SymbolicWalk, tensor: GraphTensor) -> TfResult<()> {
        let Some(parts) = walk.sparse.remove(&tensor) else {
            return Ok(());
        };
        for part in parts {
            let dense = self.dense_of(part)?;
            walk.grads.entry(tensor).or_default().push(dense);
        }
        Ok(())
    }

    /// `tf.convert_to_tensor(IndexedSlices)`: the rows added at their indices.
    fn dense_of(&mut self, slices: SymbolicSlices) -> TfResult<GraphTensor> {
        let positions = symbolic(self.array_op(
            crate::op_defs::ExpandDims::kind(),
            "ExpandDims",
            None,
            vec![
                (operand(slices.indices), "input", true),
                (Operand::Literal(Tensor::scalar(-1i32)), "dim", false),
            ],
        )?)?;
        symbolic(self.array_op(
            crate::op_defs::ScatterNd::kind(),
            "ScatterNd",
            None,
            vec![
                (operand(positions), "indices", false),
                (operand(slices.values), "updates", false),
                (operand(slices.dense_shape), "shape", false),
            ],
        )?)
    }

    /// Several `IndexedSlices` of one tensor as one: their rows and indices concatenated,
    /// in the caller's name scope, as TensorFlow aggregates them.
    fn concat_slices(
        &mut self,
        graph: GraphId,
        outer_scope: &str,
        parts: &[SymbolicSlices],
    ) -> TfResult<SymbolicSlices> {
        let [first, rest @ ..] = parts else {
            return Err(TfError::internal("no IndexedSlices to join"));
        };
        if rest.is_empty() {
            return Ok(*first);
        }
        let previous = self.graph_mut(graph)?.push_exact_name_scope(outer_scope);
        let joined = (|| {
            let join = |ctx: &mut Context, tensors: Vec<GraphTensor>| -> TfResult<GraphTensor> {
                let mut inputs: Vec<(Operand, &str, bool)> = tensors
                    .into_iter()
                    .map(|tensor| (operand(tensor), "values", true))
                    .collect();
                inputs.push((Operand::Literal(Tensor::scalar(0i32)), "axis", false));
                symbolic(ctx.array_op(crate::op_defs::ConcatV2::kind(), "concat", None, inputs)?)
            };
            let values = join(self, parts.iter().map(|part| part.values).collect())?;
            let indices = join(self, parts.iter().map(|part| part.indices).collect())?;
            Ok(SymbolicSlices {
                values,
                indices,
                dense_shape: first.dense_shape,
            })
        })();
        self.graph_mut(graph)?.pop_name_scope(previous);
        joined
    }

    /// `_GatherV2Grad` along axis 0 of floating params (an embedding lookup): the
    /// gradient as `IndexedSlices` of the params, built in the op's gradient scope; `None`
    /// for any other op.
    fn gather_slices(
        &mut self,
        kind: &OpKind,
        inputs: &[GraphTensor],
        output_grads: &[(GraphTensor, Option<GraphTensor>)],
        skip: &[bool],
    ) -> Option<TfResult<SymbolicSlices>> {
        kind.downcast::<crate::op_defs::GatherV2>()?;
        let ([params, indices, axis], Some((_, Some(grad)))) = (inputs, output_grads.first())
        else {
            return None;
        };
        if skip.first() != Some(&false) {
            return None;
        }
        let axis_value = self
            .graph(axis.graph)
            .ok()
            .and_then(|graph| crate::shape_value::constant_value(graph, *axis))
            .and_then(|value| value.to_i64_vec())
            .and_then(|values| values.first().copied());
        let floating = self
            .handle_dtype(&Handle::Symbolic(*params))
            .is_ok_and(|dtype| dtype.is_floating());
        let row = self
            .known_dims(*params)
            .ok()
            .flatten()
            .filter(|dims| !dims.is_empty())
            .map(|dims| dims[1..].to_vec());
        let (Some(0), true, Some(row)) = (axis_value, floating, row) else {
            return None;
        };
        Some((|| {
            let mut shape = vec![-1i64];
            shape.extend(row.iter().map(|d| *d as i64));
            let values = symbolic(self.reshape(operand(*grad), shape, None)?)?;
            let indices = symbolic(self.reshape(operand(*indices), vec![-1], None)?)?;
            let dense_shape = symbolic(crate::op_defs::shape_of(
                self,
                *params,
                tensor::DType::Int32,
            )?)?;
            Ok(SymbolicSlices {
                values,
                indices,
                dense_shape,
            })
        })())
    }

    fn add_input_gradients(
        &mut self,
        walk: &mut SymbolicWalk,
        inputs: &[GraphTensor],
        input_grads: Vec<Option<GraphTensor>>,
    ) -> TfResult<()> {
        for (input, input_grad) in inputs.iter().zip(input_grads) {
            let Some(input_grad) = input_grad else {
                continue;
            };
            if self.takes_gradient(*input)? {
                walk.grads.entry(*input).or_default().push(input_grad);
            }
        }
        Ok(())
    }
}

/// A symbolic gradient walk in progress (see [`Context::graph_gradient_begin`]).
pub struct SymbolicWalk {
    graph: GraphId,
    /// The caller's name scope, where seeds and sums of contributions go.
    outer_scope: String,
    /// The name scope to restore when the walk ends.
    previous_scope: String,
    scopes: GradientScopes,
    /// Gradient contributions per tensor, summed when the walk reaches its producer.
    grads: HashMap<GraphTensor, Vec<GraphTensor>>,
    /// `IndexedSlices` contributions per tensor (of gathers along axis 0): they pass through
    /// a variable read to the variable, and are made dense for any other op.
    sparse: HashMap<GraphTensor, Vec<SymbolicSlices>>,
    /// Tensors that depend on a watched source.
    needed: HashSet<GraphTensor>,
    /// Operations still to walk, in creation order (walked from the end).
    remaining: Vec<usize>,
    sources: Vec<Option<GraphTensor>>,
    watched: HashSet<GraphTensor>,
    /// The `tf.custom_gradient` op the walk waits on.
    pending: Option<PendingCustom>,
}

/// A source's gradient inside a `tf.function`: a tensor, or the `IndexedSlices` of the
/// gathers that read it (an embedding's rows), as TensorFlow returns them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SymbolicGradient {
    /// A dense gradient.
    Dense(GraphTensor),
    /// `tf.IndexedSlices(values, indices, dense_shape)`.
    Slices(SymbolicSlices),
}

/// The parts of a graph `tf.IndexedSlices`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SymbolicSlices {
    /// The gradient's rows.
    pub values: GraphTensor,
    /// The row of the dense tensor each row of `values` adds to (repeats allowed).
    pub indices: GraphTensor,
    /// The dense tensor's shape (int32).
    pub dense_shape: GraphTensor,
}

/// A `tf.custom_gradient` op whose inputs' gradients Python is building.
struct PendingCustom {
    inputs: Vec<GraphTensor>,
    /// The name scope to restore once they are given.
    scope_previous: String,
}

/// What [`Context::graph_gradient_step`] reached.
#[derive(Debug)]
pub enum SymbolicStep {
    /// The sources' gradients.
    Done(Vec<Option<SymbolicGradient>>),
    /// A `tf.custom_gradient` op: call the function `key` names with its outputs'
    /// gradients.
    Custom {
        /// The custom gradient function's key.
        key: u64,
        /// The gradient of each output of the op, if any.
        output_grads: Vec<Option<GraphTensor>>,
    },
}

/// How gradient ops are named: under `gradient_tape/<forward scope>` as a tape names them,
/// or under `<root>/<op name>_grad` as `tf.gradients` does (`root` is its unique
/// `gradients` scope).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GradientScopes {
    /// `tf.GradientTape`.
    Tape,
    /// `tf.gradients`, in this scope.
    Gradients(String),
}

/// The name scope TensorFlow's Python API had open when it created the forward op named
/// `name`, which its gradient's scope repeats: the operators (`x * y` in `mul`), `tf.matmul`,
/// `tf.cast`, `tf.sigmoid`, `tf.tanh`, `tf.nn.bias_add` and slicing open a scope their op takes as
/// its name; other ops (`tf.reduce_sum`'s `Sum`, `tf.reshape`) sit in the enclosing one.
fn forward_name_scope<'a>(kind: &OpKind, name: &'a str) -> &'a str {
    let base = name.rsplit('/').next().unwrap_or(name);
    let stem = base
        .rsplit_once('_')
        .filter(|(_, count)| !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit()))
        .map_or(base, |(stem, _)| stem);
    if kind.op().forward_name_scoped(stem) {
        name
    } else {
        name.rsplit_once('/').map_or("", |(scope, _)| scope)
    }
}
