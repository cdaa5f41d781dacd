//! `DivNoNan` (`tf.math.divide_no_nan(x, y)`): `x / y`, and 0 where `y` is 0.

use super::support::{dense_type, operand, symbolic, type_name};
use super::{Op, OpDef};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{broadcast_static, InputFact, OpKind, OutputFact, ValueType};
use crate::shape_fn::broadcast;
use crate::tape::{binary, kernel, unary, unbroadcast};
use tensor::ops::{BinaryOp, UnaryOp};
use tensor::{ErrorClass, OpError, Tensor};

/// The op type.
pub static DEF: OpDef = OpDef::compute("DivNoNan");

/// The op.
#[derive(Clone, Debug, PartialEq)]
pub struct DivNoNan;

impl DivNoNan {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(DivNoNan)
    }
}

/// `x / y` with 0 where `y == 0`, broadcast.
fn div_no_nan(x: &Tensor, y: &Tensor) -> Result<Tensor, OpError> {
    let quotient = tensor::ops::binary(BinaryOp::RealDiv, x, y)?;
    let zero = tensor::ops::cast(&Tensor::scalar(0.0f32), y.dtype())?;
    let is_zero = tensor::ops::binary(BinaryOp::Equal, y, &zero)?;
    let dims: Vec<i64> = quotient.dims().iter().map(|&dim| dim as i64).collect();
    let zeros = tensor::ops::zeros(&dims, quotient.dtype())?;
    tensor::ops::where_select(&is_zero, &zeros, &quotient)
}

impl Op for DivNoNan {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let [x, y] = inputs else {
            return Err(TfError::internal("DivNoNan takes x and y"));
        };
        broadcast(x.shape, y.shape)?;
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dense_type(inputs, 0, "DivNoNan")?),
            shape: broadcast_static(x.shape, y.shape),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [x, y] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "DivNoNan takes x and y",
            ));
        };
        Ok(vec![div_no_nan(x, y)?])
    }

    /// `_DivNoNanGrad`: `div_no_nan(grad, y)` and `grad * div_no_nan(div_no_nan(-x, y), y)`,
    /// each summed back to its input's shape.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let ([x, y], Some(Some(grad))) = (inputs, grads.first()) else {
            return Ok(vec![None, None]);
        };
        let gx = div_no_nan(grad, y).map_err(kernel)?;
        let negated = unary(UnaryOp::Neg, x)?;
        let once = div_no_nan(&negated, y).map_err(kernel)?;
        let twice = div_no_nan(&once, y).map_err(kernel)?;
        let gy = binary(BinaryOp::Mul, grad, &twice)?;
        Ok(vec![
            Some(unbroadcast(gx, x.shape())?),
            Some(unbroadcast(gy, y.shape())?),
        ])
    }

    /// `_DivNoNanGrad` in a graph: the same ops as [`Op::gradient`], as graph nodes.
    fn graph_gradients(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        outputs: &[(GraphTensor, Option<GraphTensor>)],
        _skip: &[bool],
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let (Some((_, Some(grad))), [x, y]) = (outputs.first(), inputs) else {
            return Ok(vec![None; inputs.len()]);
        };
        let (grad, x, y) = (*grad, *x, *y);
        let div = |ctx: &mut Context, a: GraphTensor, b: GraphTensor| -> TfResult<GraphTensor> {
            let handle = ctx.array_op(
                DivNoNan::kind(),
                "DivNoNan",
                None,
                vec![(operand(a), "x", true), (operand(b), "y", true)],
            )?;
            symbolic(handle)
        };
        let gx = div(ctx, grad, y)?;
        let negated = ctx.grad_unary(UnaryOp::Neg, x)?;
        let once = div(ctx, negated, y)?;
        let twice = div(ctx, once, y)?;
        let gy = ctx.grad_binary(BinaryOp::Mul, grad, operand(twice))?;
        Ok(vec![
            Some(ctx.unbroadcast_to(gx, x)?),
            Some(ctx.unbroadcast_to(gy, y)?),
        ])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["x", "y"], "z"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![format!("T={}", type_name(inputs, 0))]
    }
}
