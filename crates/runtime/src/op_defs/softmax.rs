//! `Softmax` (`tf.nn.softmax(logits)`, on the last axis): `exp(x) / sum(exp(x))` per row.

use super::support::{operand, softmax_shape, symbolic};
use super::{Op, OpDef};
use crate::context::Context;
use crate::error::TfResult;
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact};
use crate::tape::{binary, kernel};
use report::OpClass;
use tensor::ops::{BinaryOp, ReduceOp};
use tensor::{ErrorClass, OpError, Tensor};

/// The op type: one exponential per element.
pub static DEF: OpDef = OpDef::compute("Softmax").class(OpClass::Transcendental);

/// The op.
#[derive(Clone, Debug, PartialEq)]
pub struct Softmax;

impl Softmax {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(Softmax)
    }
}

impl Op for Softmax {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    /// TensorFlow's shape function: at least a vector, output of the same shape.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        softmax_shape(inputs, "Softmax")
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [logits] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "Softmax takes logits",
            ));
        };
        Ok(vec![tensor::ops::softmax(logits)?])
    }

    /// `_SoftmaxGrad`: `(grad - sum(grad * y, -1)) * y`.
    fn gradient(
        &self,
        _inputs: &[&Tensor],
        outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(y), Some(Some(grad))) = (outputs.first(), grads.first()) else {
            return Ok(vec![None]);
        };
        let product = binary(BinaryOp::Mul, grad, y)?;
        let summed =
            tensor::ops::reduce(ReduceOp::Sum, &product, Some(&[-1]), true).map_err(kernel)?;
        let centered = binary(BinaryOp::Sub, grad, &summed)?;
        Ok(vec![Some(binary(BinaryOp::Mul, &centered, y)?)])
    }

    fn graph_gradient(
        &self,
        ctx: &mut Context,
        _inputs: &[GraphTensor],
        y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let product = ctx.grad_binary(BinaryOp::Mul, grad, operand(y))?;
        let summed =
            symbolic(ctx.reduce(ReduceOp::Sum, operand(product), Some(vec![-1]), true, None)?)?;
        let centered = ctx.grad_binary(BinaryOp::Sub, grad, operand(summed))?;
        Ok(vec![Some(ctx.grad_binary(
            BinaryOp::Mul,
            centered,
            operand(y),
        )?)])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["logits"], "softmax"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![format!("T={}", super::support::type_name(inputs, 0))]
    }
}
