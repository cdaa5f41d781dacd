//! `LogSoftmax` (`tf.nn.log_softmax(logits)`, on the last axis): `x - max - log(sum(exp(x -
//! max)))` per row.

use super::support::{operand, softmax_shape, symbolic, type_name};
use super::{Op, OpDef};
use crate::context::Context;
use crate::error::TfResult;
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact};
use crate::tape::{binary, kernel, unary};
use report::OpClass;
use tensor::ops::{BinaryOp, ReduceOp, UnaryOp};
use tensor::{DType, ErrorClass, OpError, Tensor, TensorData};

/// The op type: an exponential and a logarithm per element.
pub static DEF: OpDef = OpDef::compute("LogSoftmax").class(OpClass::Transcendental);

/// The op.
#[derive(Clone, Debug, PartialEq)]
pub struct LogSoftmax;

impl LogSoftmax {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(LogSoftmax)
    }
}

fn error(message: impl Into<String>) -> OpError {
    OpError::kernel_of(ErrorClass::InvalidArgument, "LogSoftmax", Some(""), message)
}

impl Op for LogSoftmax {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        softmax_shape(inputs, "LogSoftmax")
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [logits] = inputs else {
            return Err(error("LogSoftmax takes logits"));
        };
        let dtype = logits.dtype();
        tensor::ops::check_allowed_named("LogSoftmax", Some(""), dtype)?;
        if logits.rank() == 0 {
            return Err(error("logits must have >= 1 dimension, got []"));
        }
        let width = logits.dims().last().copied().unwrap_or(1).max(1);
        let data = match logits.data() {
            TensorData::Float32(values) if dtype == DType::Float32 => {
                TensorData::Float32(tensor::ops::eigen_math::log_softmax_rows(values, width))
            }
            TensorData::Float32(values) => {
                let mut out = Vec::with_capacity(values.len());
                for row in values.chunks(width) {
                    let max = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                    let sum: f32 = row.iter().map(|&v| (v - max).exp()).sum();
                    let log_sum = sum.ln();
                    out.extend(
                        row.iter()
                            .map(|&v| tensor::tensor::round_to_dtype(dtype, (v - max) - log_sum)),
                    );
                }
                TensorData::Float32(out)
            }
            TensorData::Float64(values) => {
                let mut out = Vec::with_capacity(values.len());
                for row in values.chunks(width) {
                    let max = row.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                    let sum: f64 = row.iter().map(|&v| (v - max).exp()).sum();
                    let log_sum = sum.ln();
                    out.extend(row.iter().map(|&v| (v - max) - log_sum));
                }
                TensorData::Float64(out)
            }
            _ => return Err(error("LogSoftmax of a non-float tensor")),
        };
        Ok(vec![Tensor::new(dtype, logits.shape().clone(), data)?])
    }

    /// `_LogSoftmaxGrad`: `grad - sum(grad, -1) * exp(y)`.
    fn gradient(
        &self,
        _inputs: &[&Tensor],
        outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(y), Some(Some(grad))) = (outputs.first(), grads.first()) else {
            return Ok(vec![None]);
        };
        let softmax = unary(UnaryOp::Exp, y)?;
        let summed = tensor::ops::reduce(ReduceOp::Sum, grad, Some(&[-1]), true).map_err(kernel)?;
        let scaled = binary(BinaryOp::Mul, &summed, &softmax)?;
        Ok(vec![Some(binary(BinaryOp::Sub, grad, &scaled)?)])
    }

    fn graph_gradient(
        &self,
        ctx: &mut Context,
        _inputs: &[GraphTensor],
        y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let softmax = ctx.grad_unary(UnaryOp::Exp, y)?;
        let summed =
            symbolic(ctx.reduce(ReduceOp::Sum, operand(grad), Some(vec![-1]), true, None)?)?;
        let scaled = ctx.grad_binary(BinaryOp::Mul, summed, operand(softmax))?;
        Ok(vec![Some(ctx.grad_binary(
            BinaryOp::Sub,
            grad,
            operand(scaled),
        )?)])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["logits"], "logsoftmax"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![format!("T={}", type_name(inputs, 0))]
    }
}
