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
use tensor::ops::{BinaryOp, MatMulOptions, ReduceOp, UnaryOp};
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

fn literal(value: f64) -> Operand {
    Operand::Literal(Tensor::scalar(value))
}

fn not_emulated(op_type: &str) -> TfError {
    TfError::new(
        crate::error::ExceptionClass::RuntimeError,
        format!(
            "The gradient of {op_type} inside a tf.function is not emulated in this playground yet."
        ),
    )
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
        let paddings = Tensor::from_vec(tensor::Shape::new(vec![dims.len(), 2]), paddings)
            .map_err(|error| TfError::internal(error.message))?;
        symbolic(self.array_op(
            OpKind::Pad {
                mode: tensor::ops::PadMode::Constant,
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
        skip: &[bool],
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let skipped = |index: usize| skip.get(index).copied().unwrap_or(false);
        let input = |index: usize| -> TfResult<GraphTensor> {
            inputs
                .get(index)
                .copied()
                .ok_or_else(|| TfError::internal("a traced op lost an input"))
        };
        Ok(match kind {
            OpKind::Defined(op) => op.op().graph_gradient(self, inputs, y, grad)?,
            OpKind::Identity | OpKind::ReadVariableOp { .. } => vec![Some(grad)],
            // `ops.NotDifferentiable` in TensorFlow (`array_grad.py`).
            OpKind::StopGradient => vec![None; inputs.len()],
            OpKind::Binary(BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul) => {
                let OpKind::Binary(op) = kind else {
                    return Err(TfError::internal("not a binary op"));
                };
                self.broadcasting_gradient(
                    *op,
                    input(0)?,
                    input(1)?,
                    grad,
                    [skipped(0), skipped(1)],
                )?
            }
            OpKind::Binary(op) => {
                let (a, b) = (input(0)?, input(1)?);
                let (ga, gb) = match op {
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
                            batched: false,
                        },
                        None,
                    )
                    .and_then(symbolic)
                };
                // `_MatMulGradAgainstFirstOnly` / `...SecondOnly` when the other input takes
                // no gradient.
                let (t_a, t_b) = (options.transpose_a, options.transpose_b);
                let ga = if skipped(0) {
                    None
                } else {
                    Some(match (t_a, t_b) {
                        (false, false) => mm(grad, b, false, true)?,
                        (false, true) => mm(grad, b, false, false)?,
                        (true, false) => mm(b, grad, false, true)?,
                        (true, true) => mm(b, grad, true, true)?,
                    })
                };
                let gb = if skipped(1) {
                    None
                } else {
                    Some(match (t_a, t_b) {
                        (false, false) => mm(a, grad, true, false)?,
                        (false, true) => mm(grad, a, true, false)?,
                        (true, false) => mm(a, grad, false, false)?,
                        (true, true) => mm(grad, a, true, true)?,
                    })
                };
                vec![ga, gb]
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
                let spread = self.sum_gradient(grad, &dims, &axes)?;
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
            // `_ReshapeGrad`: `reshape(grad, shape(x))`.
            OpKind::Reshape => vec![
                Some(crate::op_defs::reshape_like(self, grad, input(0)?)?),
                None,
            ],
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

    /// `_AddGrad`, `_SubGrad` and `_MulGrad`: equal fully known shapes pass the gradient
    /// (times the other input, `Mul(grad, y)` and `Mul(grad, x)`, both even when one is
    /// skipped); a skipped scalar `y` gets no work; otherwise each input that takes a
    /// gradient gets it summed down to its shape (`Sum` with kept dims, then `Reshape`).
    fn broadcasting_gradient(
        &mut self,
        op: BinaryOp,
        x: GraphTensor,
        y: GraphTensor,
        grad: GraphTensor,
        skip: [bool; 2],
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let mul = |ctx: &mut Context, a: GraphTensor, b: GraphTensor| {
            ctx.binary(BinaryOp::Mul, operand(a), operand(b), Some("Mul"))
                .and_then(symbolic)
        };
        let y_dims = self.static_dims(y)?;
        if skip[1] && y_dims.is_empty() {
            return Ok(match op {
                BinaryOp::Mul => vec![Some(mul(self, grad, y)?), None],
                _ => vec![Some(grad), None],
            });
        }
        let x_dims = self.static_dims(x)?;
        let grad_dims = self.static_dims(grad)?;
        let equal = x_dims == y_dims && y_dims == grad_dims;
        let float = matches!(
            self.handle_dtype(&Handle::Symbolic(grad))?,
            tensor::DType::Float32 | tensor::DType::Int32
        );
        if equal && (op != BinaryOp::Mul || float) {
            return Ok(match op {
                BinaryOp::Mul => vec![Some(mul(self, grad, y)?), Some(mul(self, grad, x)?)],
                BinaryOp::Sub => vec![Some(grad), Some(self.grad_unary(UnaryOp::Neg, grad)?)],
                _ => vec![Some(grad), Some(grad)],
            });
        }
        let gx = match (skip[0], op) {
            (true, _) => None,
            (false, BinaryOp::Mul) => Some(mul(self, grad, y)?),
            (false, _) => Some(grad),
        };
        let gy = match (skip[1], op) {
            (true, _) => None,
            (false, BinaryOp::Mul) => Some(mul(self, x, grad)?),
            (false, BinaryOp::Sub) => Some(self.grad_unary(UnaryOp::Neg, grad)?),
            (false, _) => Some(grad),
        };
        // `SmartBroadcastGradientArgs`: both shapes as constants (`Shape`, `Shape_1`), the
        // axes each input was broadcast along, then `_ReduceGradientArg`.
        let x_shape = self.shape_constant(&x_dims)?;
        let y_shape = self.shape_constant(&y_dims)?;
        let (x_axes, y_axes) = broadcast_reduction_axes(&x_dims, &y_dims);
        let x_reduces = !x_axes.is_empty() || x_dims.len() < y_dims.len();
        let y_reduces = !y_axes.is_empty() || y_dims.len() < x_dims.len();
        Ok(vec![
            self.reduce_gradient_arg(gx, x_shape, x_axes, x_reduces)?,
            self.reduce_gradient_arg(gy, y_shape, y_axes, y_reduces)?,
        ])
    }

    /// `array_ops.shape` of a tensor of static shape `dims` in a graph: a `Const` named
    /// `Shape`.
    fn shape_constant(&mut self, dims: &[usize]) -> TfResult<Handle> {
        let values: Vec<i32> = dims.iter().map(|dim| *dim as i32).collect();
        let shape = Tensor::from_vec(tensor::Shape::new(vec![dims.len()]), values)
            .map_err(|error| TfError::internal(error.message))?;
        self.constant(shape, Some("Shape"))
    }

    /// `_ReduceGradientArg`: a gradient of a broadcast input summed over `axes` (dims kept)
    /// and reshaped to the input's `shape`.
    fn reduce_gradient_arg(
        &mut self,
        grad: Option<GraphTensor>,
        shape: Handle,
        axes: Vec<i64>,
        must_reduce: bool,
    ) -> TfResult<Option<GraphTensor>> {
        let Some(grad) = grad.filter(|_| must_reduce) else {
            return Ok(grad);
        };
        let summed =
            symbolic(self.reduce(ReduceOp::Sum, operand(grad), Some(axes), true, None)?)?;
        let reshaped = self.reshape_to(
            operand(summed),
            crate::shape_operand::ShapeOperand::Tensor(shape.into()),
            None,
        )?;
        Ok(Some(symbolic(reshaped)?))
    }

    /// `_SumGrad` for known shapes and axes: the gradient reshaped to the input's rank with
    /// the reduced dims kept as 1, then tiled back to the input's shape. A reduction of
    /// every dim tiles by a `Const` of the input's shape, any other by `Tile/multiples`.
    fn sum_gradient(
        &mut self,
        grad: GraphTensor,
        dims: &[usize],
        axes: &[usize],
    ) -> TfResult<GraphTensor> {
        let mut kept: Vec<i64> = dims.iter().map(|d| *d as i64).collect();
        let mut multiples = vec![1i64; dims.len()];
        for axis in axes {
            kept[*axis] = 1;
            multiples[*axis] = dims[*axis] as i64;
        }
        let every_dim = axes.len() == dims.len();
        if !every_dim {
            // `math_ops.reduced_shape` and `_SafeShapeDiv`, computed once per graph and
            // shape, then evaluated as constants: their ops stay in the graph.
            let key = (grad.graph, dims.to_vec(), axes.to_vec());
            if self.tapes.reduced_shapes.insert(key) {
                let int_vector = |values: &[i64]| {
                    let values: Vec<i32> = values.iter().map(|value| *value as i32).collect();
                    Tensor::from_vec(tensor::Shape::new(vec![values.len()]), values)
                        .map_err(|error| TfError::internal(error.message))
                };
                let input_shape: Vec<i64> = dims.iter().map(|d| *d as i64).collect();
                let divisor = self.binary(
                    BinaryOp::Maximum,
                    Operand::Literal(int_vector(&kept)?),
                    Operand::Literal(Tensor::scalar(1i32)),
                    None,
                )?;
                self.binary(
                    BinaryOp::FloorDiv,
                    Operand::Literal(int_vector(&input_shape)?),
                    divisor.into(),
                    None,
                )?;
            }
        }
        let shaped = symbolic(self.reshape(operand(grad), kept, None)?)?;
        let multiples = if every_dim {
            let shape: Vec<i32> = dims.iter().map(|d| *d as i32).collect();
            let shape = Tensor::from_vec(tensor::Shape::new(vec![dims.len()]), shape)
                .map_err(|error| TfError::internal(error.message))?;
            crate::shape_operand::ShapeOperand::Tensor(self.constant(shape, None)?.into())
        } else {
            crate::shape_operand::ShapeOperand::Known(multiples)
        };
        symbolic(self.tile(operand(shaped), multiples, None)?)
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
            .filter_map(|axis| tensor::Shape::normalize_axis(*axis, rank))
            .collect();
        out.sort_by(Ord::cmp);
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
            .array_op(OpKind::AddN, "AddN", None, inputs)
            .and_then(symbolic);
        self.graph_mut(graph)?.pop_name_scope(previous);
        let summed = summed?;
        grads.insert(key, vec![summed]);
        Ok(Some(summed))
    }

    /// The gradients of the sum of `targets` with respect to `sources` over the operations
    /// of `segments`, built in `graph` as TensorFlow's tape does there: the `ones` seeds
    /// and the `AddN`s summing several contributions in the caller's name scope, each op's
    /// gradient under `gradient_tape/<the op's forward name scope>/`. `watched` says which
    /// sources count (watched tensors and variable handles the tape saw read); others get
    /// `None`, as do sources the targets do not depend on. Inputs that depend on no watched
    /// source are skipped (`skip_input_indices`).
    pub fn graph_gradient(
        &mut self,
        graph: GraphId,
        segments: &[GraphSegment],
        targets: &[GraphTensor],
        sources: &[Option<GraphTensor>],
        watched: &HashSet<GraphTensor>,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let outer_scope = self.graph(graph)?.name_scope().to_string();
        let mut grads: HashMap<GraphTensor, Vec<GraphTensor>> = HashMap::new();
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
            grads.entry(*target).or_default().push(ones);
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
        // Tensors that depend on a watched source: only they take gradients.
        let mut needed: HashSet<GraphTensor> = sources
            .iter()
            .flatten()
            .filter(|source| watched.contains(source))
            .copied()
            .collect();
        for index in &indices {
            let operation = self
                .graph(graph)?
                .operations()
                .get(*index)
                .ok_or_else(|| TfError::internal("a taped operation vanished"))?;
            if operation.inputs.iter().any(|input| needed.contains(input)) {
                for output in 0..operation.outputs.len() {
                    needed.insert(GraphTensor {
                        graph,
                        operation: crate::graph::OperationId(*index as u32),
                        output: output as u32,
                    });
                }
            }
        }
        for index in indices.into_iter().rev() {
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
            let mut output_grads = Vec::with_capacity(output_count);
            for output in 0..output_count {
                let grad =
                    self.aggregate_symbolic(graph, &outer_scope, &mut grads, output_of(output))?;
                output_grads.push((output_of(output), grad));
            }
            if output_grads.iter().all(|(_, grad)| grad.is_none()) {
                continue;
            }
            let splitting = crate::tape::is_splitting(&kind);
            let skip: Vec<bool> = inputs.iter().map(|input| !needed.contains(input)).collect();
            let scope = match forward_name_scope(&kind, &name) {
                "" => "gradient_tape".to_string(),
                forward => format!("gradient_tape/{forward}"),
            };
            let scope_previous = self.graph_mut(graph)?.push_exact_name_scope(&scope);
            let input_grads = if splitting {
                self.graph_pieces_gradient(&kind, &inputs, &output_grads)
            } else {
                match output_grads.first() {
                    Some((output, Some(grad))) => {
                        self.graph_op_gradient(&kind, &inputs, *output, *grad, &skip)
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
                    grads.entry(*input).or_default().push(input_grad);
                }
            }
        }
        let mut results = Vec::with_capacity(sources.len());
        for source in sources {
            let grad = match source.filter(|source| watched.contains(source)) {
                Some(source) => self.aggregate_symbolic(graph, &outer_scope, &mut grads, source)?,
                None => None,
            };
            results.push(grad);
        }
        Ok(results)
    }
}

/// `_InferGradientReductionAxes` for static shapes: the axes (of the broadcast shape)
/// along which `x` and `y` were broadcast.
fn broadcast_reduction_axes(x: &[usize], y: &[usize]) -> (Vec<i64>, Vec<i64>) {
    let rank = x.len().max(y.len());
    let (mut x_axes, mut y_axes) = (Vec::new(), Vec::new());
    for axis in 0..rank {
        let dim = |dims: &[usize]| {
            let offset = rank - dims.len();
            if axis < offset {
                1
            } else {
                dims[axis - offset]
            }
        };
        let (x_dim, y_dim) = (dim(x), dim(y));
        if x_dim == 1 && y_dim != 1 {
            x_axes.push(axis as i64);
        } else if y_dim == 1 && x_dim != 1 {
            y_axes.push(axis as i64);
        }
    }
    (x_axes, y_axes)
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
    let scoped = match kind {
        // An operator's op is named in lower case (`mul`), `tf.multiply`'s as its type.
        // Op names are ASCII (TF's name pattern is `[A-Za-z0-9.][A-Za-z0-9_.\\-/>]*`).
        OpKind::Binary(_) => stem.bytes().next().is_some_and(|b| b.is_ascii_lowercase()),
        OpKind::Unary(UnaryOp::Sigmoid | UnaryOp::Tanh) => true,
        OpKind::MatMul(_) | OpKind::Cast { .. } | OpKind::BiasAdd | OpKind::StridedSlice { .. } => {
            true
        }
        OpKind::Defined(op) => op.op().forward_name_scoped(),
        _ => false,
    };
    if scoped {
        name
    } else {
        name.rsplit_once('/').map_or("", |(scope, _)| scope)
    }
}
