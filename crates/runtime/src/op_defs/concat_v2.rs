//! `ConcatV2` (`tf.concat`): the inputs joined along an axis; the last input is the axis,
//! which stays in host memory and which XLA must know when it compiles.

use super::support::{
    first_dense_type, operand, run_on_partial_stand_ins, symbolic, typed_attr, unknown_outputs,
};
use super::{Op, OpDef, ShapeEvaluation};
use crate::api::{Handle, Operand};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact};
use crate::shape_fn::{constant_scalar, merge_shapes, shape_at, with_rank, with_rank_at_least};
use crate::tape::kernel;
use tensor::{OpError, Tensor, TensorShape};

/// `ConcatV2`; its `N` is its number of inputs less the axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ConcatV2;

impl ConcatV2 {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(ConcatV2)
    }
}

impl Op for ConcatV2 {
    fn def(&self) -> &'static OpDef {
        super::family_def("ConcatV2")
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let shape = concat_shape(inputs)?;
        if let Some(outputs) = run_on_partial_stand_ins(&ConcatV2::kind(), inputs)? {
            return Ok(outputs);
        }
        // Inputs too large for stand-ins: the shape function's output.
        let mut outputs = unknown_outputs(first_dense_type(inputs), 1);
        if let Some(shape) = shape {
            outputs[0].shape = shape;
        }
        Ok(outputs)
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let Some((axis, values)) = inputs.split_last() else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "ConcatV2 takes an axis",
            ));
        };
        let axis = super::support::scalar_integer(axis, values.len(), "ConcatV2")?;
        let values: Vec<Tensor> = values.iter().map(|value| (*value).clone()).collect();
        Ok(vec![tensor::ops::concat(&values, axis)?])
    }

    /// `_ConcatGradV2`: the gradient cut back into the inputs' sizes along the axis.
    /// `_ConcatGrad` in a graph, for inputs whose sizes along the axis are static: the
    /// gradient split back into pieces of those sizes (`SplitV`).
    fn graph_gradients(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        outputs: &[(GraphTensor, Option<GraphTensor>)],
        _skip: &[bool],
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let (Some((_, Some(grad))), Some((axis, values))) = (outputs.first(), inputs.split_last())
        else {
            return Ok(vec![None; inputs.len()]);
        };
        let not_emulated =
            || super::op::graph_gradient_not_emulated("ConcatV2 of inputs with unknown sizes");
        let axis_value = crate::shape_value::constant_value(ctx.graph(axis.graph)?, *axis)
            .and_then(|t| t.to_i64_vec())
            .and_then(|v| v.first().copied())
            .ok_or_else(not_emulated)?;
        let rank = ctx
            .handle_shape(&Handle::Symbolic(*grad))?
            .dims()
            .map(<[_]>::len)
            .ok_or_else(not_emulated)? as i64;
        let axis_index = if axis_value < 0 {
            axis_value + rank
        } else {
            axis_value
        };
        let mut sizes = Vec::with_capacity(values.len());
        for value in values {
            let shape = ctx.handle_shape(&Handle::Symbolic(*value))?;
            let size = shape
                .dims()
                .and_then(|dims| dims.get(axis_index as usize).copied().flatten())
                .ok_or_else(not_emulated)?;
            sizes.push(size as i64);
        }
        let sizes = tensor::Tensor::from_vec(tensor::Shape::new(vec![sizes.len()]), sizes)
            .and_then(|t| tensor::ops::cast(&t, tensor::DType::Int32))
            .map_err(|e| TfError::internal(e.message))?;
        let split_dim = tensor::ops::cast(&Tensor::scalar(axis_index as f64), tensor::DType::Int32)
            .map_err(|e| TfError::internal(e.message))?;
        let pieces = ctx.array_op_outputs(
            super::SplitV::kind(values.len()),
            "split",
            None,
            vec![
                (operand(*grad), "value", true),
                (Operand::Literal(sizes), "size_splits", false),
                (Operand::Literal(split_dim), "split_dim", false),
            ],
        )?;
        let mut grads = pieces
            .into_iter()
            .map(|piece| symbolic(piece).map(Some))
            .collect::<TfResult<Vec<_>>>()?;
        grads.push(None);
        Ok(grads)
    }

    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(Some(grad)), Some((axis, values))) = (grads.first(), inputs.split_last()) else {
            return Ok(vec![None; inputs.len()]);
        };
        let axis = axis.to_i64_vec().unwrap_or_default();
        let axis = axis.first().copied().unwrap_or(0);
        let rank = grad.rank() as i64;
        let axis = if axis < 0 { axis + rank } else { axis };
        let sizes: Vec<i64> = values
            .iter()
            .map(|value| value.dims().get(axis as usize).copied().unwrap_or(0) as i64)
            .collect();
        let mut grads: Vec<Option<Tensor>> =
            tensor::ops::split(grad, axis, tensor::ops::SplitSizes::Sizes(&sizes))
                .map_err(kernel)?
                .into_iter()
                .map(Some)
                .collect();
        grads.push(None);
        Ok(grads)
    }

    fn list_argument(&self) -> Option<&'static str> {
        Some("values")
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["axis"], "output"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        let values = inputs.len().saturating_sub(1);
        [
            Some(format!("N={values}")),
            typed_attr(inputs, "T", 0),
            typed_attr(inputs, "Tidx", values),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    fn compile_time_constant_inputs(&self, input_count: usize) -> Vec<usize> {
        input_count.checked_sub(1).into_iter().collect()
    }

    fn shape_evaluation(&self) -> ShapeEvaluation {
        ShapeEvaluation::MovesEntries
    }
}

/// `ConcatV2`'s shape function: without a known axis, every input of the first known
/// rank; with one, the dimensions off the axis merged from the last input backwards.
/// Returns the output's shape where a rank is known: the merged dimensions around the
/// axis, whose size is the inputs' sum (unknown if one is).
fn concat_shape(inputs: &[InputFact<'_>]) -> TfResult<Option<TensorShape>> {
    let Some(axis_index) = inputs.len().checked_sub(1) else {
        return Ok(None);
    };
    with_rank(&shape_at(inputs, axis_index), 0)?;
    let values: Vec<TensorShape> = (0..axis_index).map(|i| shape_at(inputs, i)).collect();
    // TensorFlow runs the function without the axis first: every input of one rank.
    let mut rank = None;
    for shape in &values {
        if rank.is_none() {
            rank = shape.dims().map(<[_]>::len);
        }
        if let Some(rank) = rank {
            with_rank(shape, rank)?;
        }
    }
    let Some(axis) = constant_scalar(inputs, axis_index) else {
        return Ok(rank.map(|rank| TensorShape::new(vec![None; rank])));
    };
    let min_rank = if axis < 0 {
        axis.unsigned_abs()
    } else {
        axis.unsigned_abs().saturating_add(1)
    };
    let min_rank = usize::try_from(min_rank).unwrap_or(usize::MAX);
    // The dims before the axis, its size and the dims after it (`None`: unknown rank).
    type Split = (TensorShape, Option<usize>, TensorShape);
    let split = |shape: &TensorShape| -> TfResult<Option<Split>> {
        with_rank_at_least(shape, min_rank)?;
        let Some(dims) = shape.dims() else {
            return Ok(None);
        };
        let at = if axis < 0 {
            dims.len().saturating_sub(axis.unsigned_abs() as usize)
        } else {
            axis as usize
        };
        let at = at.min(dims.len());
        let after = dims.get(at + 1..).unwrap_or_default().to_vec();
        Ok(Some((
            TensorShape::new(dims[..at].to_vec()),
            dims.get(at).copied().flatten(),
            TensorShape::new(after),
        )))
    };
    // The merged dims around the axis, from the last input backwards.
    let mut merged: Option<(TensorShape, TensorShape)> = None;
    // The axis's size: the sum of the inputs' (unknown if one is, or a rank is).
    let mut axis_size = Some(0usize);
    for shape in values.iter().rev() {
        let parts = split(shape)?;
        axis_size = axis_size
            .zip(parts.as_ref().and_then(|(_, size, _)| *size))
            .map(|(sum, size)| sum + size);
        merged = match (parts, merged) {
            (Some((before, _, after)), Some((merged_before, merged_after))) => Some((
                merge_shapes(&before, &merged_before)?,
                merge_shapes(&after, &merged_after)?,
            )),
            (Some((before, _, after)), None) => Some((before, after)),
            (None, merged) => merged,
        };
    }
    Ok(merged.map(|(before, after)| {
        let mut dims = before.dims().unwrap_or_default().to_vec();
        dims.push(axis_size);
        dims.extend_from_slice(after.dims().unwrap_or_default());
        TensorShape::new(dims)
    }))
}
