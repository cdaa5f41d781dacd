//! `SelectV2` (`tf.where(condition, x, y)`): `x` where the condition holds, `y` elsewhere,
//! all three broadcast together.

use super::support::{dense_type, literal, operand, symbolic, type_name};
use super::{Op, OpDef};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{broadcast_static, InputFact, OpKind, OutputFact, ValueType};
use crate::shape_fn::broadcast;
use crate::tape::{binary, kernel, scalar_like, unbroadcast};
use tensor::ops::BinaryOp;
use tensor::{DType, ErrorClass, OpError, Tensor};

/// The op type.
pub static DEF: OpDef = OpDef::compute("SelectV2");

/// The op.
#[derive(Clone, Debug, PartialEq)]
pub struct SelectV2;

impl SelectV2 {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(SelectV2)
    }
}

impl Op for SelectV2 {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    /// Its `T` is the branches' dtype.
    fn type_attr(&self, inputs: &[ValueType]) -> Option<DType> {
        match inputs.get(1) {
            Some(ValueType::Dense(dtype) | ValueType::Ref(dtype)) => Some(*dtype),
            _ => None,
        }
    }

    /// TensorFlow's shape function: the branches broadcast together, then with the
    /// condition.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let [condition, then, otherwise] = inputs else {
            return Err(TfError::internal("SelectV2 takes condition, t and e"));
        };
        broadcast(then.shape, otherwise.shape)?;
        let branches = broadcast_static(then.shape, otherwise.shape);
        broadcast(condition.shape, &branches)?;
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dense_type(inputs, 1, "SelectV2")?),
            shape: broadcast_static(condition.shape, &branches),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [condition, then, otherwise] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "SelectV2 takes condition, t and e",
            ));
        };
        Ok(vec![tensor::ops::where_select(condition, then, otherwise)?])
    }

    /// `_SelectGradV2`: the gradient where each branch was chosen, zeros elsewhere,
    /// summed back to each branch's shape.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let ([condition, then, otherwise], Some(Some(grad))) = (inputs, grads.first()) else {
            return Ok(vec![None, None, None]);
        };
        let zeros = binary(BinaryOp::Mul, grad, &scalar_like(0.0, grad)?)?;
        let gx = tensor::ops::where_select(condition, grad, &zeros).map_err(kernel)?;
        let gy = tensor::ops::where_select(condition, &zeros, grad).map_err(kernel)?;
        Ok(vec![
            None,
            Some(unbroadcast(gx, then.shape())?),
            Some(unbroadcast(gy, otherwise.shape())?),
        ])
    }

    /// `_SelectGradV2` in a graph, as [`Op::gradient`] computes it.
    fn graph_gradients(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        outputs: &[(GraphTensor, Option<GraphTensor>)],
        _skip: &[bool],
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let (Some((_, Some(grad))), [condition, then, otherwise]) = (outputs.first(), inputs)
        else {
            return Ok(vec![None; inputs.len()]);
        };
        let (grad, condition) = (*grad, *condition);
        let zeros = ctx.grad_binary(BinaryOp::Mul, grad, literal(0.0))?;
        let gx =
            symbolic(ctx.where_select(operand(condition), operand(grad), operand(zeros), None)?)?;
        let gy =
            symbolic(ctx.where_select(operand(condition), operand(zeros), operand(grad), None)?)?;
        Ok(vec![
            None,
            Some(ctx.unbroadcast_to(gx, *then)?),
            Some(ctx.unbroadcast_to(gy, *otherwise)?),
        ])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["condition", "t", "e"], "output"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![format!("T={}", type_name(inputs, 1))]
    }
}
