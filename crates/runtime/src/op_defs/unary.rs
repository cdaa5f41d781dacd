//! The unary element-wise ops (`Neg`, `Sqrt`, `Exp`, `Sigmoid`, `Relu`...): one input, one
//! output of its dtype and shape. Their definitions are lines of `math.rs` and `nn.rs`;
//! this is their behaviour.

use super::support::{dense_type, literal, operand, symbolic};
use super::{Op, OpDef, ShapeEvaluation};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use crate::op_defs::op::graph_gradient_not_emulated as not_emulated;
use crate::tape::{binary, kernel, scalar_like, unary};
use tensor::ops::{self, BinaryOp, UnaryOp};
use tensor::{OpError, Tensor};

/// A unary element-wise op.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Unary(pub UnaryOp);

impl Unary {
    /// Wraps the op for `OpKind`.
    pub fn kind(op: UnaryOp) -> OpKind {
        OpKind::new(Unary(op))
    }
}

impl Op for Unary {
    fn def(&self) -> &'static OpDef {
        super::family_def(self.0.op_type().name())
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let dtype = dense_type(inputs, 0, self.def().name)?;
        let shape = inputs
            .first()
            .map_or_else(tensor::TensorShape::unknown, |fact| fact.shape.clone());
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dtype),
            shape,
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [x] = inputs else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                format!("{} takes x", self.def().name),
            ));
        };
        Ok(vec![ops::unary(self.0, x)?])
    }

    /// TensorFlow's registered gradients (`math_grad.py` and the `*Grad` kernels), operation
    /// for operation so that the float32 roundings agree.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(Some(grad)), [x]) = (grads.first(), inputs) else {
            return Ok(vec![None; inputs.len()]);
        };
        let x = *x;
        let output = || {
            outputs
                .first()
                .copied()
                .ok_or_else(|| TfError::internal("a taped op lost its output"))
        };
        let op = &self.0;
        let g = match op {
            UnaryOp::Neg => unary(UnaryOp::Neg, grad)?,
            UnaryOp::Square => binary(
                BinaryOp::Mul,
                grad,
                &binary(BinaryOp::Mul, x, &scalar_like(2.0, x)?)?,
            )?,
            UnaryOp::Sqrt => binary(
                BinaryOp::RealDiv,
                grad,
                &binary(BinaryOp::Mul, output()?, &scalar_like(2.0, x)?)?,
            )?,
            UnaryOp::Exp => binary(BinaryOp::Mul, grad, output()?)?,
            UnaryOp::Log => binary(BinaryOp::RealDiv, grad, x)?,
            UnaryOp::Sin => binary(BinaryOp::Mul, grad, &unary(UnaryOp::Cos, x)?)?,
            UnaryOp::Cos => unary(
                UnaryOp::Neg,
                &binary(BinaryOp::Mul, grad, &unary(UnaryOp::Sin, x)?)?,
            )?,
            UnaryOp::Tanh => {
                let y = output()?;
                let one = scalar_like(1.0, y)?;
                binary(
                    BinaryOp::Mul,
                    grad,
                    &binary(BinaryOp::Sub, &one, &unary(UnaryOp::Square, y)?)?,
                )?
            }
            UnaryOp::Sigmoid => {
                let y = output()?;
                let one = scalar_like(1.0, y)?;
                binary(
                    BinaryOp::Mul,
                    grad,
                    &binary(BinaryOp::Mul, y, &binary(BinaryOp::Sub, &one, y)?)?,
                )?
            }
            UnaryOp::Relu => {
                let positive = binary(BinaryOp::Greater, x, &scalar_like(0.0, x)?)?;
                let mask = ops::cast(&positive, grad.dtype()).map_err(kernel)?;
                binary(BinaryOp::Mul, grad, &mask)?
            }
            UnaryOp::Abs => binary(BinaryOp::Mul, grad, &unary(UnaryOp::Sign, x)?)?,
            UnaryOp::Sign
            | UnaryOp::Round
            | UnaryOp::LogicalNot
            | UnaryOp::Floor
            | UnaryOp::Ceil => binary(BinaryOp::Mul, grad, &scalar_like(0.0, grad)?)?,
            // These follow TensorFlow's gradient functions (math_grad.py and the
            // *Grad kernels) operation for operation, so the float32 roundings agree.
            UnaryOp::Rsqrt => {
                // RsqrtGrad: -0.5 * (dy * y) * (y * y).
                let y = output()?;
                let dy_y = binary(BinaryOp::Mul, grad, y)?;
                let half = binary(BinaryOp::Mul, &scalar_like(-0.5, y)?, &dy_y)?;
                binary(BinaryOp::Mul, &half, &unary(UnaryOp::Square, y)?)?
            }
            UnaryOp::Log1p => {
                let shifted = binary(BinaryOp::Add, &scalar_like(1.0, x)?, x)?;
                binary(BinaryOp::Mul, grad, &unary(UnaryOp::Reciprocal, &shifted)?)?
            }
            UnaryOp::Expm1 => binary(BinaryOp::Mul, grad, &unary(UnaryOp::Exp, x)?)?,
            // `_ErfGrad`/`_ErfcGrad`: grad * (±2/√π) * exp(-x²).
            UnaryOp::Erf | UnaryOp::Erfc => {
                let sign = if *op == UnaryOp::Erf { 1.0 } else { -1.0 };
                let factor = scalar_like(sign * std::f64::consts::FRAC_2_SQRT_PI, grad)?;
                let bell = unary(
                    UnaryOp::Exp,
                    &unary(UnaryOp::Neg, &unary(UnaryOp::Square, x)?)?,
                )?;
                binary(BinaryOp::Mul, &binary(BinaryOp::Mul, grad, &factor)?, &bell)?
            }
            UnaryOp::Tan => {
                let secant = unary(UnaryOp::Reciprocal, &unary(UnaryOp::Cos, x)?)?;
                binary(BinaryOp::Mul, grad, &unary(UnaryOp::Square, &secant)?)?
            }
            UnaryOp::Reciprocal => {
                // ReciprocalGrad: -dy * y * y.
                let y = output()?;
                let negated = binary(BinaryOp::Mul, &unary(UnaryOp::Neg, grad)?, y)?;
                binary(BinaryOp::Mul, &negated, y)?
            }
            UnaryOp::Softplus => binary(BinaryOp::Mul, grad, &unary(UnaryOp::Sigmoid, x)?)?,
            UnaryOp::Atan => {
                let denominator = binary(
                    BinaryOp::Add,
                    &scalar_like(1.0, x)?,
                    &unary(UnaryOp::Square, x)?,
                )?;
                binary(
                    BinaryOp::Mul,
                    grad,
                    &unary(UnaryOp::Reciprocal, &denominator)?,
                )?
            }
            UnaryOp::Asin | UnaryOp::Acos => {
                let root = unary(
                    UnaryOp::Sqrt,
                    &binary(
                        BinaryOp::Sub,
                        &scalar_like(1.0, x)?,
                        &unary(UnaryOp::Square, x)?,
                    )?,
                )?;
                let inverse = unary(UnaryOp::Reciprocal, &root)?;
                let dy = if *op == UnaryOp::Acos {
                    unary(UnaryOp::Neg, grad)?
                } else {
                    grad.clone()
                };
                binary(BinaryOp::Mul, &dy, &inverse)?
            }
            UnaryOp::Sinh => binary(BinaryOp::Mul, grad, &unary(UnaryOp::Cosh, x)?)?,
            UnaryOp::Cosh => binary(BinaryOp::Mul, grad, &unary(UnaryOp::Sinh, x)?)?,
        };
        Ok(vec![Some(g)])
    }

    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let x = *inputs
            .first()
            .ok_or_else(|| TfError::internal("a traced op lost an input"))?;
        let op = &self.0;
        let g = match op {
            UnaryOp::Neg => ctx.grad_unary(UnaryOp::Neg, grad)?,
            UnaryOp::Square => {
                let twice = ctx.grad_binary(BinaryOp::Mul, x, literal(2.0))?;
                ctx.grad_binary(BinaryOp::Mul, grad, operand(twice))?
            }
            UnaryOp::Exp => ctx.grad_binary(BinaryOp::Mul, grad, operand(y))?,
            UnaryOp::Log => {
                let inverse = ctx.grad_unary(UnaryOp::Reciprocal, x)?;
                ctx.grad_binary(BinaryOp::Mul, grad, operand(inverse))?
            }
            UnaryOp::Tanh => {
                // TanhGrad: dy * (1 - y * y).
                let squared = ctx.grad_binary(BinaryOp::Mul, y, operand(y))?;
                let one =
                    symbolic(ctx.binary(BinaryOp::Sub, literal(1.0), operand(squared), None)?)?;
                ctx.grad_binary(BinaryOp::Mul, grad, operand(one))?
            }
            UnaryOp::Sigmoid => {
                // SigmoidGrad: dy * y * (1 - y).
                let rest = symbolic(ctx.binary(BinaryOp::Sub, literal(1.0), operand(y), None)?)?;
                let slope = ctx.grad_binary(BinaryOp::Mul, y, operand(rest))?;
                ctx.grad_binary(BinaryOp::Mul, grad, operand(slope))?
            }
            UnaryOp::Relu => {
                // ReluGrad: dy where y > 0, else 0.
                let positive = ctx.grad_binary(BinaryOp::Greater, y, literal(0.0))?;
                let zeros = ctx.grad_binary(BinaryOp::Mul, grad, literal(0.0))?;
                symbolic(ctx.where_select(
                    operand(positive),
                    operand(grad),
                    operand(zeros),
                    None,
                )?)?
            }
            UnaryOp::Sqrt => {
                let twice = ctx.grad_binary(BinaryOp::Mul, y, literal(2.0))?;
                ctx.grad_binary(BinaryOp::RealDiv, grad, operand(twice))?
            }
            UnaryOp::Sin => {
                let slope = ctx.grad_unary(UnaryOp::Cos, x)?;
                ctx.grad_binary(BinaryOp::Mul, grad, operand(slope))?
            }
            UnaryOp::Cos => {
                let slope = ctx.grad_unary(UnaryOp::Sin, x)?;
                let negated = ctx.grad_unary(UnaryOp::Neg, slope)?;
                ctx.grad_binary(BinaryOp::Mul, grad, operand(negated))?
            }
            UnaryOp::Abs => {
                let sign = ctx.grad_unary(UnaryOp::Sign, x)?;
                ctx.grad_binary(BinaryOp::Mul, grad, operand(sign))?
            }
            UnaryOp::Log1p => {
                let shifted =
                    symbolic(ctx.binary(BinaryOp::Add, literal(1.0), operand(x), None)?)?;
                let inverse = ctx.grad_unary(UnaryOp::Reciprocal, shifted)?;
                ctx.grad_binary(BinaryOp::Mul, grad, operand(inverse))?
            }
            UnaryOp::Expm1 => {
                let slope = ctx.grad_unary(UnaryOp::Exp, x)?;
                ctx.grad_binary(BinaryOp::Mul, grad, operand(slope))?
            }
            UnaryOp::Erf | UnaryOp::Erfc => {
                let sign = if *op == UnaryOp::Erf { 1.0 } else { -1.0 };
                let scaled = ctx.grad_binary(
                    BinaryOp::Mul,
                    grad,
                    literal(sign * std::f64::consts::FRAC_2_SQRT_PI),
                )?;
                let squared = ctx.grad_unary(UnaryOp::Square, x)?;
                let negated = ctx.grad_unary(UnaryOp::Neg, squared)?;
                let bell = ctx.grad_unary(UnaryOp::Exp, negated)?;
                ctx.grad_binary(BinaryOp::Mul, scaled, operand(bell))?
            }
            UnaryOp::Reciprocal => {
                // ReciprocalGrad: -dy * y * y.
                let negated = ctx.grad_unary(UnaryOp::Neg, grad)?;
                let once = ctx.grad_binary(BinaryOp::Mul, negated, operand(y))?;
                ctx.grad_binary(BinaryOp::Mul, once, operand(y))?
            }
            UnaryOp::Rsqrt => {
                // RsqrtGrad: -0.5 * (dy * y) * (y * y).
                let dy_y = ctx.grad_binary(BinaryOp::Mul, grad, operand(y))?;
                let half =
                    symbolic(ctx.binary(BinaryOp::Mul, literal(-0.5), operand(dy_y), None)?)?;
                let squared = ctx.grad_unary(UnaryOp::Square, y)?;
                ctx.grad_binary(BinaryOp::Mul, half, operand(squared))?
            }
            UnaryOp::Softplus => {
                let slope = ctx.grad_unary(UnaryOp::Sigmoid, x)?;
                ctx.grad_binary(BinaryOp::Mul, grad, operand(slope))?
            }
            UnaryOp::Sinh => {
                let slope = ctx.grad_unary(UnaryOp::Cosh, x)?;
                ctx.grad_binary(BinaryOp::Mul, grad, operand(slope))?
            }
            UnaryOp::Cosh => {
                let slope = ctx.grad_unary(UnaryOp::Sinh, x)?;
                ctx.grad_binary(BinaryOp::Mul, grad, operand(slope))?
            }
            UnaryOp::Sign | UnaryOp::Round | UnaryOp::Floor | UnaryOp::Ceil => {
                ctx.grad_binary(BinaryOp::Mul, grad, literal(0.0))?
            }
            other => return Err(not_emulated(&format!("{other:?}"))),
        };
        Ok(vec![Some(g)])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["x"], "y"))
    }

    /// `tf.sigmoid` and `tf.tanh` open a name scope; the other wrappers are the generated
    /// ops themselves.
    fn forward_name_scoped(&self, _name_stem: &str) -> bool {
        matches!(self.0, UnaryOp::Sigmoid | UnaryOp::Tanh)
    }

    fn shape_evaluation(&self) -> ShapeEvaluation {
        ShapeEvaluation::Arithmetic
    }
}
