//! The binary element-wise ops (`AddV2`, `Mul`, `Greater`, `LogicalAnd`...): two inputs of
//! one dtype broadcast against each other (`BroadcastBinaryOpShapeFn`), one output of that
//! dtype, or bool for the comparisons. Their definitions are lines of `math.rs`; this is
//! their behaviour.

use super::support::{broadcast_inputs, dense_type, literal, operand, symbolic, type_name};
use super::{Op, OpDef, ShapeEvaluation};
use crate::api::Handle;
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use crate::tape::{binary, kernel, scalar_like, unary, unbroadcast};
use tensor::ops::{self, BinaryOp, ReduceOp, UnaryOp};
use tensor::{DType, OpError, Tensor};

/// A binary element-wise op.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Binary(pub BinaryOp);

impl Binary {
    /// Wraps the op for `OpKind`.
    pub fn kind(op: BinaryOp) -> OpKind {
        OpKind::new(Binary(op))
    }
}

impl Op for Binary {
    fn def(&self) -> &'static OpDef {
        super::family_def(self.0.op_type().name())
    }

    /// The broadcast check, then TensorFlow's Python check that `x` and `y` agree in
    /// dtype.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let shape = broadcast_inputs(inputs)?;
        let name = self.def().name;
        let (lhs, rhs) = (dense_type(inputs, 0, name)?, dense_type(inputs, 1, name)?);
        if lhs != rhs {
            return Err(TfError::type_error(format!(
                "Input 'y' of '{name}' Op has type {} that does not match type {} of argument 'x'.",
                rhs.name(),
                lhs.name()
            )));
        }
        let dtype = if self.0.is_comparison() {
            DType::Bool
        } else {
            lhs
        };
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dtype),
            shape,
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [lhs, rhs] = inputs else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                format!("{} takes x and y", self.def().name),
            ));
        };
        Ok(vec![ops::binary(self.0, lhs, rhs)?])
    }

    /// TensorFlow's registered gradients (`_AddGrad`, `_MulGrad`, `_RealDivGrad`, ...),
    /// each summed back down to its input's shape; comparisons and the other ops without
    /// a gradient give none.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(Some(grad)), [a, b]) = (grads.first(), inputs) else {
            return Ok(vec![None; inputs.len()]);
        };
        let (a, b) = (*a, *b);
        let output = || {
            outputs
                .first()
                .copied()
                .ok_or_else(|| TfError::internal("a taped op lost its output"))
        };
        let op = &self.0;
        let (ga, gb) = match op {
            BinaryOp::Add => (grad.clone(), grad.clone()),
            BinaryOp::Sub => (grad.clone(), unary(UnaryOp::Neg, grad)?),
            BinaryOp::Mul => (
                binary(BinaryOp::Mul, grad, b)?,
                binary(BinaryOp::Mul, grad, a)?,
            ),
            BinaryOp::RealDiv => {
                let ga = binary(BinaryOp::RealDiv, grad, b)?;
                let quotient = binary(BinaryOp::RealDiv, a, &unary(UnaryOp::Square, b)?)?;
                let gb = unary(UnaryOp::Neg, &binary(BinaryOp::Mul, grad, &quotient)?)?;
                (ga, gb)
            }
            BinaryOp::SquaredDifference => {
                let diff = binary(BinaryOp::Sub, a, b)?;
                let two = scalar_like(2.0, grad)?;
                let ga = binary(BinaryOp::Mul, &binary(BinaryOp::Mul, grad, &two)?, &diff)?;
                (ga.clone(), unary(UnaryOp::Neg, &ga)?)
            }
            BinaryOp::Maximum | BinaryOp::Minimum => {
                let compare = if *op == BinaryOp::Maximum {
                    BinaryOp::GreaterEqual
                } else {
                    BinaryOp::LessEqual
                };
                let pick_a = binary(compare, a, b)?;
                let zeros = binary(BinaryOp::Mul, grad, &scalar_like(0.0, grad)?)?;
                let ga = ops::where_select(&pick_a, grad, &zeros).map_err(kernel)?;
                let gb = ops::where_select(&pick_a, &zeros, grad).map_err(kernel)?;
                (ga, gb)
            }
            BinaryOp::Pow => {
                let one = scalar_like(1.0, a)?;
                let base = binary(BinaryOp::Pow, a, &binary(BinaryOp::Sub, b, &one)?)?;
                let ga = binary(BinaryOp::Mul, grad, &binary(BinaryOp::Mul, b, &base)?)?;
                let gb = binary(
                    BinaryOp::Mul,
                    grad,
                    &binary(BinaryOp::Mul, output()?, &unary(UnaryOp::Log, a)?)?,
                )?;
                (ga, gb)
            }
            _ => return Ok(vec![None, None]),
        };
        Ok(vec![
            Some(unbroadcast(ga, a.shape())?),
            Some(unbroadcast(gb, b.shape())?),
        ])
    }

    /// Inside a `tf.function`: `_AddGrad`, `_SubGrad` and `_MulGrad` with TensorFlow's
    /// broadcast handling; the others as their registered gradients build them.
    fn graph_gradients(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        outputs: &[(GraphTensor, Option<GraphTensor>)],
        skip: &[bool],
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let (Some((_, Some(grad))), [a, b]) = (outputs.first(), inputs) else {
            return Ok(vec![None; inputs.len()]);
        };
        let (grad, a, b) = (*grad, *a, *b);
        let skipped = |index: usize| skip.get(index).copied().unwrap_or(false);
        let op = &self.0;
        if let BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul = op {
            return broadcasting_gradient(ctx, *op, a, b, grad, [skipped(0), skipped(1)]);
        }
        let (ga, gb) = match op {
            BinaryOp::RealDiv => {
                let ga = ctx.grad_binary(BinaryOp::RealDiv, grad, operand(b))?;
                let negated = ctx.grad_unary(UnaryOp::Neg, a)?;
                let once = ctx.grad_binary(BinaryOp::RealDiv, negated, operand(b))?;
                let twice = ctx.grad_binary(BinaryOp::RealDiv, once, operand(b))?;
                let gb = ctx.grad_binary(BinaryOp::Mul, grad, operand(twice))?;
                (ga, gb)
            }
            BinaryOp::SquaredDifference => {
                let two = ctx.grad_binary(BinaryOp::Mul, grad, literal(2.0))?;
                let diff = ctx.grad_binary(BinaryOp::Sub, a, operand(b))?;
                let ga = ctx.grad_binary(BinaryOp::Mul, two, operand(diff))?;
                (ga, ctx.grad_unary(UnaryOp::Neg, ga)?)
            }
            BinaryOp::Maximum | BinaryOp::Minimum => {
                let compare = if *op == BinaryOp::Maximum {
                    BinaryOp::GreaterEqual
                } else {
                    BinaryOp::LessEqual
                };
                let pick_a = ctx.grad_binary(compare, a, operand(b))?;
                let zeros = ctx.grad_binary(BinaryOp::Mul, grad, literal(0.0))?;
                let ga = symbolic(ctx.where_select(
                    operand(pick_a),
                    operand(grad),
                    operand(zeros),
                    None,
                )?)?;
                let gb = symbolic(ctx.where_select(
                    operand(pick_a),
                    operand(zeros),
                    operand(grad),
                    None,
                )?)?;
                (ga, gb)
            }
            BinaryOp::Pow => {
                // `_PowGrad`: grad * y * x^(y-1), and grad * z * log(x) where x > 0 (0
                // elsewhere, avoiding the false singularity at 0).
                let z = outputs[0].0;
                let y_minus_one = ctx.grad_binary(BinaryOp::Sub, b, literal(1.0))?;
                let power = ctx.grad_binary(BinaryOp::Pow, a, operand(y_minus_one))?;
                let scaled = ctx.grad_binary(BinaryOp::Mul, grad, operand(b))?;
                let ga = ctx.grad_binary(BinaryOp::Mul, scaled, operand(power))?;
                let mask = ctx.grad_binary(BinaryOp::Greater, a, literal(0.0))?;
                let zeros = ctx.grad_binary(BinaryOp::Mul, a, literal(0.0))?;
                let ones = ctx.grad_binary(BinaryOp::Add, zeros, literal(1.0))?;
                let safe =
                    symbolic(ctx.where_select(operand(mask), operand(a), operand(ones), None)?)?;
                let log = ctx.grad_unary(UnaryOp::Log, safe)?;
                let log = symbolic(ctx.where_select(
                    operand(mask),
                    operand(log),
                    operand(zeros),
                    None,
                )?)?;
                let gz = ctx.grad_binary(BinaryOp::Mul, grad, operand(z))?;
                let gb = ctx.grad_binary(BinaryOp::Mul, gz, operand(log))?;
                (ga, gb)
            }
            _ => return Ok(vec![None, None]),
        };
        Ok(vec![
            Some(ctx.unbroadcast_to(ga, a)?),
            Some(ctx.unbroadcast_to(gb, b)?),
        ])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["x", "y"], "z"))
    }

    fn failed_call_output(&self, declared: DType) -> Option<DType> {
        Some(if self.0.yields_bool() {
            DType::Bool
        } else {
            declared
        })
    }

    /// An operator's name (`a + b` is `add`, `a & b` is `and`); `tf.maximum` and the
    /// comparisons are named as their type.
    fn default_name(&self) -> Option<&'static str> {
        Some(match self.0 {
            BinaryOp::Add => "add",
            BinaryOp::Sub => "sub",
            BinaryOp::Mul => "mul",
            BinaryOp::RealDiv => "truediv",
            BinaryOp::FloorDiv => "floordiv",
            BinaryOp::FloorMod => "mod",
            BinaryOp::Pow => "pow",
            BinaryOp::LogicalAnd => "and",
            BinaryOp::LogicalOr => "or",
            _ => return None,
        })
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        match self.0 {
            BinaryOp::LogicalAnd | BinaryOp::LogicalOr => Vec::new(),
            BinaryOp::Equal | BinaryOp::NotEqual => vec![
                format!("T={}", type_name(inputs, 0)),
                "incompatible_shape_error=true".to_string(),
            ],
            _ => super::op::type_attr_text(self, inputs),
        }
    }

    /// An operator opens a name scope its op is named after (`mul`); `tf.multiply`'s op is
    /// named as its type, in the enclosing scope.
    fn forward_name_scoped(&self, name_stem: &str) -> bool {
        name_stem
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_lowercase())
    }

    fn shape_evaluation(&self) -> ShapeEvaluation {
        ShapeEvaluation::Arithmetic
    }
}

/// `_AddGrad`, `_SubGrad` and `_MulGrad`: equal fully known shapes pass the gradient
/// (times the other input, `Mul(grad, y)` and `Mul(grad, x)`, both even when one is
/// skipped); a skipped scalar `y` gets no work; otherwise each input that takes a
/// gradient gets it summed down to its shape (`Sum` with kept dims, then `Reshape`).
pub(super) fn broadcasting_gradient(
    ctx: &mut Context,
    op: BinaryOp,
    x: GraphTensor,
    y: GraphTensor,
    grad: GraphTensor,
    skip: [bool; 2],
) -> TfResult<Vec<Option<GraphTensor>>> {
    let y_known = ctx.known_dims(y)?;
    if skip[1] && y_known.as_deref() == Some(&[]) {
        return Ok(match op {
            BinaryOp::Mul => vec![Some(mul(ctx, grad, y)?), None],
            _ => vec![Some(grad), None],
        });
    }
    let (Some(y_dims), Some(x_dims), Some(grad_dims)) =
        (y_known, ctx.known_dims(x)?, ctx.known_dims(grad)?)
    else {
        return dynamic_broadcasting_gradient(ctx, op, x, y, grad, skip);
    };
    let equal = x_dims == y_dims && y_dims == grad_dims;
    let float = matches!(
        ctx.handle_dtype(&Handle::Symbolic(grad))?,
        tensor::DType::Float32 | tensor::DType::Int32
    );
    if equal && (op != BinaryOp::Mul || float) {
        return Ok(match op {
            BinaryOp::Mul => vec![Some(mul(ctx, grad, y)?), Some(mul(ctx, grad, x)?)],
            BinaryOp::Sub => vec![Some(grad), Some(ctx.grad_unary(UnaryOp::Neg, grad)?)],
            _ => vec![Some(grad), Some(grad)],
        });
    }
    let (gx, gy) = input_gradients(ctx, op, x, y, grad, skip)?;
    // `SmartBroadcastGradientArgs`: both shapes as constants (`Shape`, `Shape_1`), the
    // axes each input was broadcast along, then `_ReduceGradientArg`.
    let x_shape = shape_constant(ctx, &x_dims)?;
    let y_shape = shape_constant(ctx, &y_dims)?;
    let (x_axes, y_axes) = broadcast_reduction_axes(&x_dims, &y_dims);
    let x_reduces = !x_axes.is_empty() || x_dims.len() < y_dims.len();
    let y_reduces = !y_axes.is_empty() || y_dims.len() < x_dims.len();
    Ok(vec![
        reduce_gradient_arg(ctx, gx, x_shape, x_axes, x_reduces)?,
        reduce_gradient_arg(ctx, gy, y_shape, y_axes, y_reduces)?,
    ])
}

/// `grad * other`, a `Mul` named as `_MulGrad` names it.
fn mul(ctx: &mut Context, a: GraphTensor, b: GraphTensor) -> TfResult<GraphTensor> {
    ctx.binary(BinaryOp::Mul, operand(a), operand(b), Some("Mul"))
        .and_then(symbolic)
}

/// The gradient of each input before broadcasting is undone: `grad` (negated for `y` of a
/// `Sub`), times the other input for a `Mul`; `None` for a skipped input.
fn input_gradients(
    ctx: &mut Context,
    op: BinaryOp,
    x: GraphTensor,
    y: GraphTensor,
    grad: GraphTensor,
    skip: [bool; 2],
) -> TfResult<(Option<GraphTensor>, Option<GraphTensor>)> {
    let gx = match (skip[0], op) {
        (true, _) => None,
        (false, BinaryOp::Mul) => Some(mul(ctx, grad, y)?),
        (false, _) => Some(grad),
    };
    let gy = match (skip[1], op) {
        (true, _) => None,
        (false, BinaryOp::Mul) => Some(mul(ctx, x, grad)?),
        (false, BinaryOp::Sub) => Some(ctx.grad_unary(UnaryOp::Neg, grad)?),
        (false, _) => Some(grad),
    };
    Ok((gx, gy))
}

/// `broadcasting_gradient` when a shape is not fully known: `Shape` ops of both inputs,
/// `BroadcastGradientArgs`, and each input's gradient summed along its axes (dims kept)
/// and reshaped to its shape, as `SmartBroadcastGradientArgs` builds them then.
fn dynamic_broadcasting_gradient(
    ctx: &mut Context,
    op: BinaryOp,
    x: GraphTensor,
    y: GraphTensor,
    grad: GraphTensor,
    skip: [bool; 2],
) -> TfResult<Vec<Option<GraphTensor>>> {
    let x_shape = ctx.shape_op(x)?;
    let y_shape = ctx.shape_op(y)?;
    let (x_axes, y_axes) = ctx.broadcast_gradient_args(x_shape.clone(), y_shape.clone())?;
    let (gx, gy) = input_gradients(ctx, op, x, y, grad, skip)?;
    let gx = gx
        .map(|gx| ctx.sum_to_shape(gx, x_axes, x_shape))
        .transpose()?;
    let gy = gy
        .map(|gy| ctx.sum_to_shape(gy, y_axes, y_shape))
        .transpose()?;
    Ok(vec![gx, gy])
}

/// `array_ops.shape` of a tensor of static shape `dims` in a graph: a `Const` named
/// `Shape`.
fn shape_constant(ctx: &mut Context, dims: &[usize]) -> TfResult<Handle> {
    let values: Vec<i32> = dims.iter().map(|dim| *dim as i32).collect();
    let shape = Tensor::from_vec(tensor::Shape::new(vec![dims.len()]), values)
        .map_err(|error| TfError::internal(error.message))?;
    ctx.constant(shape, Some("Shape"))
}

/// `_ReduceGradientArg`: a gradient of a broadcast input summed over `axes` (dims kept)
/// and reshaped to the input's `shape`.
fn reduce_gradient_arg(
    ctx: &mut Context,
    grad: Option<GraphTensor>,
    shape: Handle,
    axes: Vec<i64>,
    must_reduce: bool,
) -> TfResult<Option<GraphTensor>> {
    let Some(grad) = grad.filter(|_| must_reduce) else {
        return Ok(grad);
    };
    let summed = symbolic(ctx.reduce(ReduceOp::Sum, operand(grad), Some(axes), true, None)?)?;
    let reshaped = ctx.reshape_to(
        operand(summed),
        crate::shape_operand::ShapeOperand::Tensor(shape.into()),
        None,
    )?;
    Ok(Some(symbolic(reshaped)?))
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
