//! `Pack` (`tf.stack`, and TensorFlow's autopacking of a list with tensors in it): the
//! inputs stacked along a new axis.

use super::support::{
    first_dense_type, operand, run_on_partial_stand_ins, symbolic, typed_attr, unknown_outputs,
};
use super::{Op, OpDef, ShapeEvaluation};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact};
use crate::shape_fn::{known_dims, merge_shapes, shape_at};
use crate::tape::kernel;
use tensor::{OpError, Tensor};

/// `Pack` along `axis`; its `N` is its number of inputs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pack {
    /// The new axis.
    pub axis: i64,
}

impl Pack {
    /// Wraps the op for `OpKind`.
    pub fn kind(axis: i64) -> OpKind {
        OpKind::new(Pack { axis })
    }
}

impl Op for Pack {
    fn def(&self) -> &'static OpDef {
        super::family_def("Pack")
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        pack_shape(inputs)?;
        Ok(run_on_partial_stand_ins(&Pack::kind(self.axis), inputs)?
            .unwrap_or_else(|| unknown_outputs(first_dense_type(inputs), 1)))
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let values: Vec<Tensor> = inputs.iter().map(|value| (*value).clone()).collect();
        Ok(vec![tensor::ops::stack(&values, self.axis)?])
    }

    /// `_PackGrad`: the gradient unstacked along the new axis.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let Some(Some(grad)) = grads.first() else {
            return Ok(vec![None; inputs.len()]);
        };
        let rank = grad.rank() as i64;
        let axis = if self.axis < 0 {
            self.axis + rank
        } else {
            self.axis
        };
        Ok(tensor::ops::unstack(grad, axis as usize, inputs.len())
            .map_err(kernel)?
            .into_iter()
            .map(Some)
            .collect())
    }

    /// `_PackGrad` in a graph: one `Unpack` of the gradient along the packed axis.
    fn graph_gradients(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        outputs: &[(GraphTensor, Option<GraphTensor>)],
        _skip: &[bool],
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let Some((_, Some(grad))) = outputs.first() else {
            return Ok(vec![None; inputs.len()]);
        };
        let pieces = ctx.array_op_outputs(
            super::Unpack::kind(inputs.len(), self.axis),
            "unstack",
            None,
            vec![(operand(*grad), "value", false)],
        )?;
        pieces
            .into_iter()
            .map(|piece| symbolic(piece).map(Some))
            .collect()
    }

    fn list_argument(&self) -> Option<&'static str> {
        Some("values")
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&[], "output"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        [
            Some(format!("N={}", inputs.len())),
            typed_attr(inputs, "T", 0),
            Some(format!("axis={}", self.axis)),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    fn shape_evaluation(&self) -> ShapeEvaluation {
        ShapeEvaluation::MovesEntries
    }
}

/// `Pack`'s shape function: every input merged with the ones after it.
fn pack_shape(inputs: &[InputFact<'_>]) -> TfResult<()> {
    let Some(last) = inputs.len().checked_sub(1) else {
        return Ok(());
    };
    let mut current = shape_at(inputs, last);
    for index in (0..last).rev() {
        let shape = shape_at(inputs, index);
        merge_shapes(&shape, &current).map_err(|error| {
            TfError::invalid_argument(format!(
                "{}\n\tFrom merging shape {index} with other shapes.",
                error.message
            ))
        })?;
        if current.dims().is_none() || known_dims(&shape).is_some() {
            current = shape;
        }
    }
    Ok(())
}
