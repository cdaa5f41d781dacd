//! `BiasAdd` (`tf.nn.bias_add`): a vector added along the last dimension (`NHWC`).

use super::support::{dense_type, operand, symbolic, type_name};
use super::{Op, OpDef};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use crate::shape_fn::{merge_dims, with_rank, with_rank_at_least};
use crate::tape::kernel;
use tensor::ops::{self, ReduceOp};
use tensor::{OpError, Tensor, TensorShape};

/// `BiasAdd` with `data_format="NHWC"`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BiasAdd;

impl BiasAdd {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(BiasAdd)
    }
}

impl Op for BiasAdd {
    fn def(&self) -> &'static OpDef {
        super::family_def("BiasAdd")
    }

    /// `BiasAddShape`: the value at least a matrix, the bias a vector as long as its last
    /// dimension.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let shape = |index: usize| {
            inputs
                .get(index)
                .map_or_else(TensorShape::unknown, |fact| fact.shape.clone())
        };
        let (value, bias) = (shape(0), shape(1));
        with_rank_at_least(&value, 2)?;
        with_rank(&bias, 1)?;
        if let (Some(dims), Some([bias])) = (value.dims(), bias.dims()) {
            merge_dims(dims.last().copied().flatten(), *bias)?;
        }
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dense_type(inputs, 0, "BiasAdd")?),
            shape: value,
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [value, bias] = inputs else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "BiasAdd takes value and bias",
            ));
        };
        Ok(vec![ops::bias_add(value, bias)?])
    }

    /// `_BiasAddGrad`: the gradient itself, and `BiasAddGrad` (its sum over every axis but
    /// the last) for the bias.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let Some(Some(grad)) = grads.first() else {
            return Ok(vec![None; inputs.len()]);
        };
        Ok(vec![
            Some(grad.clone()),
            Some(ops::bias_add_grad(grad).map_err(kernel)?),
        ])
    }

    fn graph_gradient(
        &self,
        ctx: &mut Context,
        _inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        // BiasAddGrad: the sum over every axis but the last.
        let rank = ctx
            .handle_shape(&crate::api::Handle::Symbolic(grad))?
            .dims()
            .map(<[_]>::len)
            .ok_or_else(|| TfError::internal("BiasAdd's gradient has an unknown rank"))?;
        let axes: Vec<i64> = (0..rank.saturating_sub(1) as i64).collect();
        let bias = if axes.is_empty() {
            grad
        } else {
            symbolic(ctx.reduce(ReduceOp::Sum, operand(grad), Some(axes), false, None)?)?
        };
        Ok(vec![Some(grad), Some(bias)])
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![
            format!("T={}", type_name(inputs, 0)),
            "data_format=\"NHWC\"".to_string(),
        ]
    }

    /// `tf.nn.bias_add` opens a name scope its op is named after.
    fn forward_name_scoped(&self, _name_stem: &str) -> bool {
        true
    }
}
