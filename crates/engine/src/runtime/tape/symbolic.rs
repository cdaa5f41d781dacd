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

use crate::runtime::api::{Handle, Operand};
use crate::runtime::context::Context;
use crate::runtime::error::{TfError, TfResult};
use crate::runtime::graph::{GraphId, GraphTensor};
use crate::runtime::op::{OpKind, ValueType};
use crate::tensor::ops::{BinaryOp, MatMulOptions, ReduceOp, UnaryOp};
use crate::tensor::Tensor;

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

fn literal(value: f64) -> Operand {
    Operand::Literal(Tensor::scalar(value))
}

fn not_emulated(op_type: &str) -> TfError {
    TfError::new(
        crate::runtime::error::ExceptionClass::RuntimeError,
        format!(
            "The gradient of {op_type} inside a tf.function is not emulated in this playground yet."
        ),
    )
}

impl Context {
    /// The fully known dims of a graph tensor (gradients of unknown shapes are not
    /// emulated).
    fn static_dims(&self, tensor: GraphTensor) -> TfResult<Vec<usize>> {
        self.handle_shape(&Handle::Symbolic(tensor))?
            .to_shape()
            .map(|shape| shape.dims().to_vec())
            .ok_or_else(|| {
                TfError::new(
                    crate::runtime::error::ExceptionClass::RuntimeError,
                    "Gradients of tensors of unknown shape inside a tf.function are not emulated in this playground yet.",
                )
            })
    }

    fn grad_binary(&mut self, op: BinaryOp, x: GraphTensor, y: Operand) -> TfResult<GraphTensor> {
        symbolic(self.binary(op, operand(x), y, None)?)
    }

    fn grad_unary(&mut self, op: UnaryOp, x: GraphTensor) -> TfResult<GraphTensor> {
        symbolic(self.unary(op, operand(x), None)?)
    }

    /// Sums `grad` down to the shape of `like` (undoing broadcasting), as
    /// `BroadcastGradientArgs` + `Sum` + `Reshape` do.
    fn unbroadcast_to(&mut self, grad: GraphTensor, like: GraphTensor) -> TfResult<GraphTensor> {
        let target = self.static_dims(like)?;
        let dims = self.static_dims(grad)?;
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

    /// `_SliceGrad` inside a function: the gradient padded with zeros back to the input's
    /// shape, `begin` before and the rest after (a `Pad` whose paddings are constants when
    /// the shapes and `begin` are known, as here).
    fn slice_gradient(
        &mut self,
        grad: GraphTensor,
        inputs: &[GraphTensor],
    ) -> TfResult<GraphTensor> {
        let [x, begin, _size] = inputs else {
            return Err(TfError::internal("a traced Slice lost an input"));
        };
        let dims = self.static_dims(*x)?;
        let counts = self.static_dims(grad)?;
        let operation = self
            .graph(begin.graph)?
            .operation(begin.operation)
            .ok_or_else(|| TfError::internal("a Slice lost its begin"))?;
        let begin = match &operation.kind {
            OpKind::Const(values) => values.to_i64_vec(),
            _ => None,
        }
        .ok_or_else(|| not_emulated("a Slice whose begin is computed"))?;
        let mut paddings = Vec::with_capacity(dims.len() * 2);
        for ((dim, count), start) in dims.iter().zip(&counts).zip(&begin) {
            let start = usize::try_from(*start).unwrap_or(0);
            paddings.push(start as i32);
            paddings.push(dim.saturating_sub(start.saturating_add(*count)) as i32);
        }
        let paddings = Tensor::from_vec(crate::tensor::Shape::new(vec![dims.len(), 2]), paddings)
            .map_err(|error| TfError::internal(error.message))?;
        symbolic(self.array_op(
            OpKind::Pad {
                mode: crate::tensor::ops::PadMode::Constant,
                constant: false,
            },
            "Pad",
            None,
            vec![
                (operand(grad), "input", true),
                (Operand::Literal(paddings), "paddings", false),
            ],
        )?)
    }

    /// The gradients of `inputs` of an op of kind `kind` given the gradient of its first
    /// output `y`; `None` for inputs that get none.
    fn graph_op_gradient(
        &mut self,
        kind: &OpKind,
        inputs: &[GraphTensor],
        y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let input = |index: usize| -> TfResult<GraphTensor> {
            inputs
                .get(index)
                .copied()
                .ok_or_else(|| TfError::internal("a traced op lost an input"))
        };
        Ok(match kind {
            OpKind::Identity | OpKind::ReadVariableOp { .. } => vec![Some(grad)],
            // `ops.NotDifferentiable` in TensorFlow (`array_grad.py`).
            OpKind::StopGradient | OpKind::OneHot => vec![None; inputs.len()],
            OpKind::Binary(op) => {
                let (a, b) = (input(0)?, input(1)?);
                let (ga, gb) = match op {
                    BinaryOp::Add => (grad, grad),
                    BinaryOp::Sub => (grad, self.grad_unary(UnaryOp::Neg, grad)?),
                    BinaryOp::Mul => (
                        self.grad_binary(BinaryOp::Mul, grad, operand(b))?,
                        self.grad_binary(BinaryOp::Mul, a, operand(grad))?,
                    ),
                    BinaryOp::RealDiv => {
                        let ga = self.grad_binary(BinaryOp::RealDiv, grad, operand(b))?;
                        let negated = self.grad_unary(UnaryOp::Neg, a)?;
                        let once = self.grad_binary(BinaryOp::RealDiv, negated, operand(b))?;
                        let twice = self.grad_binary(BinaryOp::RealDiv, once, operand(b))?;
                        let gb = self.grad_binary(BinaryOp::Mul, grad, operand(twice))?;
                        (ga, gb)
                    }
                    BinaryOp::SquaredDifference => {
                        let two = self.grad_binary(BinaryOp::Mul, grad, literal(2.0))?;
                        let diff = self.grad_binary(BinaryOp::Sub, a, operand(b))?;
                        let ga = self.grad_binary(BinaryOp::Mul, two, operand(diff))?;
                        (ga, self.grad_unary(UnaryOp::Neg, ga)?)
                    }
                    BinaryOp::Maximum | BinaryOp::Minimum => {
                        let compare = if *op == BinaryOp::Maximum {
                            BinaryOp::GreaterEqual
                        } else {
                            BinaryOp::LessEqual
                        };
                        let pick_a = self.grad_binary(compare, a, operand(b))?;
                        let zeros = self.grad_binary(BinaryOp::Mul, grad, literal(0.0))?;
                        let ga = symbolic(self.where_select(
                            operand(pick_a),
                            operand(grad),
                            operand(zeros),
                            None,
                        )?)?;
                        let gb = symbolic(self.where_select(
                            operand(pick_a),
                            operand(zeros),
                            operand(grad),
                            None,
                        )?)?;
                        (ga, gb)
                    }
                    _ => return Ok(vec![None, None]),
                };
                vec![
                    Some(self.unbroadcast_to(ga, a)?),
                    Some(self.unbroadcast_to(gb, b)?),
                ]
            }
            OpKind::Unary(op) => {
                let x = input(0)?;
                let g = match op {
                    UnaryOp::Neg => self.grad_unary(UnaryOp::Neg, grad)?,
                    UnaryOp::Square => {
                        let twice = self.grad_binary(BinaryOp::Mul, x, literal(2.0))?;
                        self.grad_binary(BinaryOp::Mul, grad, operand(twice))?
                    }
                    UnaryOp::Exp => self.grad_binary(BinaryOp::Mul, grad, operand(y))?,
                    UnaryOp::Log => {
                        let inverse = self.grad_unary(UnaryOp::Reciprocal, x)?;
                        self.grad_binary(BinaryOp::Mul, grad, operand(inverse))?
                    }
                    UnaryOp::Tanh => {
                        // TanhGrad: dy * (1 - y * y).
                        let squared = self.grad_binary(BinaryOp::Mul, y, operand(y))?;
                        let one = symbolic(self.binary(
                            BinaryOp::Sub,
                            literal(1.0),
                            operand(squared),
                            None,
                        )?)?;
                        self.grad_binary(BinaryOp::Mul, grad, operand(one))?
                    }
                    UnaryOp::Sigmoid => {
                        // SigmoidGrad: dy * y * (1 - y).
                        let rest = symbolic(self.binary(
                            BinaryOp::Sub,
                            literal(1.0),
                            operand(y),
                            None,
                        )?)?;
                        let slope = self.grad_binary(BinaryOp::Mul, y, operand(rest))?;
                        self.grad_binary(BinaryOp::Mul, grad, operand(slope))?
                    }
                    UnaryOp::Relu => {
                        // ReluGrad: dy where y > 0, else 0.
                        let positive = self.grad_binary(BinaryOp::Greater, y, literal(0.0))?;
                        let zeros = self.grad_binary(BinaryOp::Mul, grad, literal(0.0))?;
                        symbolic(self.where_select(
                            operand(positive),
                            operand(grad),
                            operand(zeros),
                            None,
                        )?)?
                    }
                    UnaryOp::Sqrt => {
                        let twice = self.grad_binary(BinaryOp::Mul, y, literal(2.0))?;
                        self.grad_binary(BinaryOp::RealDiv, grad, operand(twice))?
                    }
                    UnaryOp::Sin => {
                        let slope = self.grad_unary(UnaryOp::Cos, x)?;
                        self.grad_binary(BinaryOp::Mul, grad, operand(slope))?
                    }
                    UnaryOp::Cos => {
                        let slope = self.grad_unary(UnaryOp::Sin, x)?;
                        let negated = self.grad_unary(UnaryOp::Neg, slope)?;
                        self.grad_binary(BinaryOp::Mul, grad, operand(negated))?
                    }
                    UnaryOp::Abs => {
                        let sign = self.grad_unary(UnaryOp::Sign, x)?;
                        self.grad_binary(BinaryOp::Mul, grad, operand(sign))?
                    }
                    other => return Err(not_emulated(&format!("{other:?}"))),
                };
                vec![Some(g)]
            }
            OpKind::MatMul(options) => {
                let (a, b) = (input(0)?, input(1)?);
                let mut mm = |x: GraphTensor, y: GraphTensor, ta: bool, tb: bool| {
                    self.matmul(
                        operand(x),
                        operand(y),
                        MatMulOptions {
                            transpose_a: ta,
                            transpose_b: tb,
                        },
                        None,
                    )
                    .and_then(symbolic)
                };
                let (ga, gb) = match (options.transpose_a, options.transpose_b) {
                    (false, false) => (mm(grad, b, false, true)?, mm(a, grad, true, false)?),
                    (false, true) => (mm(grad, b, false, false)?, mm(grad, a, true, false)?),
                    (true, false) => (mm(b, grad, false, true)?, mm(a, grad, false, false)?),
                    (true, true) => (mm(b, grad, true, true)?, mm(grad, a, true, true)?),
                };
                vec![Some(ga), Some(gb)]
            }
            OpKind::BiasAdd => {
                // BiasAddGrad: the sum over every axis but the last.
                let rank = self.static_dims(grad)?.len();
                let axes: Vec<i64> = (0..rank.saturating_sub(1) as i64).collect();
                let bias = if axes.is_empty() {
                    grad
                } else {
                    symbolic(self.reduce(ReduceOp::Sum, operand(grad), Some(axes), false, None)?)?
                };
                vec![Some(grad), Some(bias)]
            }
            OpKind::Reduce { op, .. } => {
                let x = input(0)?;
                let dims = self.static_dims(x)?;
                let axes = self.reduction_axes_of(inputs.get(1).copied(), dims.len())?;
                let mut kept: Vec<i64> = dims.iter().map(|d| *d as i64).collect();
                for axis in &axes {
                    kept[*axis] = 1;
                }
                let shaped = symbolic(self.reshape(operand(grad), kept, None)?)?;
                let zeros = self.grad_binary(BinaryOp::Mul, x, literal(0.0))?;
                let spread = self.grad_binary(BinaryOp::Add, zeros, operand(shaped))?;
                match op {
                    ReduceOp::Sum => vec![Some(spread), None],
                    ReduceOp::Mean => {
                        let count: usize = axes.iter().map(|a| dims[*a]).product();
                        let scaled = self.grad_binary(
                            BinaryOp::RealDiv,
                            spread,
                            literal(count.max(1) as f64),
                        )?;
                        vec![Some(scaled), None]
                    }
                    other => return Err(not_emulated(&format!("{other:?}"))),
                }
            }
            OpKind::Reshape | OpKind::ExpandDims | OpKind::Squeeze { .. } => {
                let dims: Vec<i64> = self
                    .static_dims(input(0)?)?
                    .iter()
                    .map(|d| *d as i64)
                    .collect();
                vec![
                    Some(symbolic(self.reshape(operand(grad), dims, None)?)?),
                    None,
                ]
            }
            OpKind::BroadcastTo => vec![Some(self.unbroadcast_to(grad, input(0)?)?), None],
            OpKind::Slice => vec![Some(self.slice_gradient(grad, inputs)?), None, None],
            OpKind::StridedSlice { specs } => {
                let dims = self.static_dims(input(0)?)?;
                let gx = self.strided_slice_grad(&dims, specs.clone(), operand(grad))?;
                let mut grads = vec![Some(symbolic(gx)?)];
                grads.resize(inputs.len(), None);
                grads
            }
            OpKind::Cast { .. } => {
                let x = input(0)?;
                let dtype = self.handle_dtype(&Handle::Symbolic(x))?;
                if dtype.is_floating() {
                    vec![Some(symbolic(self.cast(operand(grad), dtype, None)?)?)]
                } else {
                    vec![None]
                }
            }
            OpKind::Softmax => {
                let product = self.grad_binary(BinaryOp::Mul, grad, operand(y))?;
                let summed = symbolic(self.reduce(
                    ReduceOp::Sum,
                    operand(product),
                    Some(vec![-1]),
                    true,
                    None,
                )?)?;
                let centered = self.grad_binary(BinaryOp::Sub, grad, operand(summed))?;
                vec![Some(self.grad_binary(
                    BinaryOp::Mul,
                    centered,
                    operand(y),
                )?)]
            }
            OpKind::Const(_) | OpKind::Arg { .. } | OpKind::Placeholder { .. } => Vec::new(),
            other => {
                let floating = self.handle_dtype(&Handle::Symbolic(y))?.is_floating();
                if floating {
                    return Err(not_emulated(other.op_type()));
                }
                vec![None; inputs.len()]
            }
        })
    }

    /// The gradient of a splitting op (`Split`, `SplitV`, `Unpack`) inside a function: the
    /// outputs' gradients, zeros where an output got none, concatenated along the split
    /// axis (TensorFlow's `_SplitGrad` passes the op's own `split_dim` input) or stacked.
    fn graph_pieces_gradient(
        &mut self,
        kind: &OpKind,
        inputs: &[GraphTensor],
        output_grads: &[(GraphTensor, Option<GraphTensor>)],
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let mut pieces = Vec::with_capacity(output_grads.len());
        for (output, grad) in output_grads {
            let piece = match grad {
                Some(grad) => *grad,
                None => {
                    let dims: Vec<i64> = self
                        .static_dims(*output)?
                        .iter()
                        .map(|d| *d as i64)
                        .collect();
                    let dtype = self.handle_dtype(&Handle::Symbolic(*output))?;
                    symbolic(self.filled(false, &dims, dtype, None)?)?
                }
            };
            pieces.push((operand(piece), "values", true));
        }
        let input = |index: usize| -> TfResult<Operand> {
            inputs
                .get(index)
                .copied()
                .map(operand)
                .ok_or_else(|| TfError::internal("a traced split lost an input"))
        };
        let (kind, default_name, axis) = match kind {
            OpKind::Split { .. } => (OpKind::ConcatV2, "concat", Some(input(0)?)),
            OpKind::SplitV { .. } => (OpKind::ConcatV2, "concat", Some(input(2)?)),
            OpKind::Unpack { axis, .. } => (OpKind::Pack { axis: *axis }, "stack", None),
            _ => return Ok(vec![None; inputs.len()]),
        };
        if let Some(axis) = axis {
            pieces.push((axis, "axis", false));
        }
        let joined = symbolic(self.array_op(kind.clone(), default_name, None, pieces)?)?;
        Ok(match kind {
            OpKind::ConcatV2 if inputs.len() == 2 => vec![None, Some(joined)],
            OpKind::ConcatV2 => vec![Some(joined), None, None],
            _ => vec![Some(joined)],
        })
    }

    /// The normalised axes a reduction's `reduction_indices` input holds (a `Const`).
    fn reduction_axes_of(&self, axes: Option<GraphTensor>, rank: usize) -> TfResult<Vec<usize>> {
        let Some(axes) = axes else {
            return Ok((0..rank).collect());
        };
        let operation = self
            .graph(axes.graph)?
            .operation(axes.operation)
            .ok_or_else(|| TfError::internal("a reduction lost its axes"))?;
        let OpKind::Const(values) = &operation.kind else {
            return Err(not_emulated("a reduction over computed axes"));
        };
        let values = values
            .to_i64_vec()
            .ok_or_else(|| TfError::internal("reduction axes are not integers"))?;
        let mut out: Vec<usize> = values
            .iter()
            .filter_map(|axis| crate::tensor::Shape::normalize_axis(*axis, rank))
            .collect();
        out.sort_unstable();
        out.dedup();
        Ok(out)
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

    fn accumulate_symbolic(
        &mut self,
        grads: &mut HashMap<GraphTensor, GraphTensor>,
        key: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<()> {
        let summed = match grads.remove(&key) {
            Some(existing) => self.grad_binary(BinaryOp::Add, existing, operand(grad))?,
            None => grad,
        };
        grads.insert(key, summed);
        Ok(())
    }

    /// The gradients of the sum of `targets` with respect to `sources` over the operations
    /// of `segments`, built in `graph` under the `gradient_tape` name scope. `watched`
    /// says which sources count (watched tensors and variable handles the tape saw read);
    /// others get `None`, as do sources the targets do not depend on.
    pub(crate) fn graph_gradient(
        &mut self,
        graph: GraphId,
        segments: &[GraphSegment],
        targets: &[GraphTensor],
        sources: &[Option<GraphTensor>],
        watched: &HashSet<GraphTensor>,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let (previous, _) = self.graph_mut(graph)?.push_name_scope("gradient_tape");
        let result = self.graph_gradient_in_scope(graph, segments, targets, sources, watched);
        self.graph_mut(graph)?.pop_name_scope(previous);
        result
    }

    fn graph_gradient_in_scope(
        &mut self,
        graph: GraphId,
        segments: &[GraphSegment],
        targets: &[GraphTensor],
        sources: &[Option<GraphTensor>],
        watched: &HashSet<GraphTensor>,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let mut grads: HashMap<GraphTensor, GraphTensor> = HashMap::new();
        for target in targets {
            let dtype = self.handle_dtype(&Handle::Symbolic(*target))?;
            if !dtype.is_floating() {
                continue;
            }
            let dims: Vec<i64> = self
                .static_dims(*target)?
                .iter()
                .map(|d| *d as i64)
                .collect();
            let ones = symbolic(self.filled(true, &dims, dtype, None)?)?;
            self.accumulate_symbolic(&mut grads, *target, ones)?;
        }
        let mut indices: Vec<usize> = Vec::new();
        for segment in segments.iter().filter(|segment| segment.graph == graph) {
            let end = segment
                .end
                .unwrap_or_else(|| self.graph(graph).map_or(0, |g| g.operations().len()));
            indices.extend(segment.start..end);
        }
        indices.sort_unstable();
        indices.dedup();
        for index in indices.into_iter().rev() {
            let operation = self
                .graph(graph)?
                .operations()
                .get(index)
                .ok_or_else(|| TfError::internal("a taped operation vanished"))?;
            let output_of = |output: usize| GraphTensor {
                graph,
                operation: crate::runtime::graph::OperationId(index as u32),
                output: output as u32,
            };
            let output_grads: Vec<(GraphTensor, Option<GraphTensor>)> =
                (0..operation.outputs.len())
                    .map(|output| (output_of(output), grads.get(&output_of(output)).copied()))
                    .collect();
            let splitting = crate::runtime::tape::is_splitting(&operation.kind);
            if output_grads.iter().all(|(_, grad)| grad.is_none()) {
                continue;
            }
            let (kind, inputs) = (operation.kind.clone(), operation.inputs.clone());
            let name = operation.name.clone();
            let (scope_previous, _) = self.graph_mut(graph)?.push_name_scope(&name);
            let input_grads = if splitting {
                self.graph_pieces_gradient(&kind, &inputs, &output_grads)
            } else {
                match output_grads.first() {
                    Some((output, Some(grad))) => {
                        self.graph_op_gradient(&kind, &inputs, *output, *grad)
                    }
                    _ => Ok(vec![None; inputs.len()]),
                }
            };
            self.graph_mut(graph)?.pop_name_scope(scope_previous);
            for (input, input_grad) in inputs.iter().zip(input_grads?) {
                let Some(input_grad) = input_grad else {
                    continue;
                };
                if self.takes_gradient(*input)? {
                    self.accumulate_symbolic(&mut grads, *input, input_grad)?;
                }
            }
        }
        Ok(sources
            .iter()
            .map(|source| {
                source
                    .filter(|source| watched.contains(source))
                    .and_then(|source| grads.get(&source).copied())
            })
            .collect())
    }
}
