//! `L2Loss` (`tf.nn.l2_loss(t)`): half the sum of the squares, a scalar.

use super::support::{dense_type, type_name};
use super::{Op, OpDef};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use crate::tape::binary;
use report::OpClass;
use tensor::ops::{BinaryOp, ReduceOp, UnaryOp};
use tensor::{ErrorClass, OpError, Tensor, TensorShape};

/// The op type: one multiply-add per element, summed.
pub static DEF: OpDef = OpDef::compute("L2Loss").class(OpClass::Reduction);

/// The op.
#[derive(Clone, Debug, PartialEq)]
pub struct L2Loss;

impl L2Loss {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(L2Loss)
    }
}

impl Op for L2Loss {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dense_type(inputs, 0, "L2Loss")?),
            shape: TensorShape::new(Vec::new()),
        }])
    }

    /// `(t.square() * 0.5).sum()`, as the CPU kernel computes it.
    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [t] = inputs else {
            return Err(OpError::python(ErrorClass::Internal, "L2Loss takes t"));
        };
        let dtype = t.dtype();
        tensor::ops::check_allowed_named("L2Loss", Some(""), dtype)?;
        let squares = tensor::ops::unary(UnaryOp::Square, t)?;
        let half = tensor::ops::cast(&Tensor::scalar(0.5f32), dtype)?;
        let halves = tensor::ops::binary(BinaryOp::Mul, &squares, &half)?;
        Ok(vec![tensor::ops::reduce(
            ReduceOp::Sum,
            &halves,
            None,
            false,
        )?])
    }

    /// `_L2LossGrad`: `t * grad`.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(t), Some(Some(grad))) = (inputs.first(), grads.first()) else {
            return Ok(vec![None]);
        };
        Ok(vec![Some(binary(BinaryOp::Mul, t, grad)?)])
    }

    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let [t] = inputs else {
            return Err(TfError::internal("a traced L2Loss lost its input"));
        };
        let product = ctx.grad_binary(BinaryOp::Mul, *t, super::support::operand(grad))?;
        Ok(vec![Some(product)])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["t"], "output"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![format!("T={}", type_name(inputs, 0))]
    }
}
