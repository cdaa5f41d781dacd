//! `ReverseV2` (`tf.reverse(tensor, axis)`): the tensor with the listed axes reversed.

use super::support::{dense_type, operand, symbolic, type_name};
use super::{Op, OpDef};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use crate::tape::kernel;
use tensor::{ErrorClass, OpError, Tensor};

/// The op type: its axes are read from host memory.
pub static DEF: OpDef = OpDef::compute("ReverseV2").host_memory(&[1]);

/// The op.
#[derive(Clone, Debug, PartialEq)]
pub struct ReverseV2;

impl ReverseV2 {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(ReverseV2)
    }
}

impl Op for ReverseV2 {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    /// TensorFlow's shape function: the input's shape; known axes checked.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let [input, axis] = inputs else {
            return Err(TfError::internal("ReverseV2 takes tensor and axis"));
        };
        if let Some(rank) = input.shape.dims().map(<[_]>::len).filter(|rank| *rank > 8) {
            return Err(TfError::invalid_argument(format!(
                "Shape must be at most rank 8 but is rank {rank}"
            )));
        }
        if let Some(rank) = axis.shape.dims().map(<[_]>::len).filter(|rank| *rank != 1) {
            return Err(TfError::invalid_argument(format!(
                "Shape must be rank 1 but is rank {rank}"
            )));
        }
        if let (Some(axes), Some(dims)) = (
            axis.constant.and_then(Tensor::to_i64_vec),
            input.shape.dims(),
        ) {
            let rank = dims.len() as i64;
            let mut seen = vec![false; dims.len()];
            for (index, &value) in axes.iter().enumerate() {
                let canonical = if value < 0 { rank + value } else { value };
                if canonical < 0 || canonical >= rank {
                    // TensorFlow's text has no closing bracket.
                    return Err(TfError::invalid_argument(format!(
                        "'axis'[{index}] = {value} is out of valid range [0, {}",
                        rank - 1
                    )));
                }
                if std::mem::replace(&mut seen[canonical as usize], true) {
                    return Err(TfError::invalid_argument(format!(
                        "axis {canonical} specified more than once."
                    )));
                }
            }
        }
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dense_type(inputs, 0, "ReverseV2")?),
            shape: input.shape.clone(),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [input, axis] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "ReverseV2 takes tensor and axis",
            ));
        };
        let axes = axis.to_i64_vec().unwrap_or_default();
        Ok(vec![tensor::ops::reverse(input, &axes)?])
    }

    /// `_ReverseV2Grad`: the gradient reversed along the same axes.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(axis), Some(Some(grad))) = (inputs.get(1), grads.first()) else {
            return Ok(vec![None, None]);
        };
        let axes = axis.to_i64_vec().unwrap_or_default();
        let reversed = tensor::ops::reverse(grad, &axes).map_err(kernel)?;
        Ok(vec![Some(reversed), None])
    }

    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let [_, axis] = inputs else {
            return Err(TfError::internal("a traced ReverseV2 lost an input"));
        };
        let reversed = ctx.array_op(
            ReverseV2::kind(),
            "ReverseV2",
            None,
            vec![
                (operand(grad), "tensor", true),
                (operand(*axis), "axis", false),
            ],
        )?;
        Ok(vec![Some(symbolic(reversed)?), None])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["tensor", "axis"], "output"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![
            format!("T={}", type_name(inputs, 0)),
            format!("Tidx={}", type_name(inputs, 1)),
        ]
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![1]
    }

    fn value_inputs(&self) -> &'static [usize] {
        &[1]
    }
}
