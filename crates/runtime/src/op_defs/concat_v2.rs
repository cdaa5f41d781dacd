//! `ConcatV2` (`tf.concat`): the inputs joined along an axis; the last input is the axis,
//! which stays in host memory and which XLA must know when it compiles.

use super::support::{first_dense_type, run_on_partial_stand_ins, typed_attr, unknown_outputs};
use super::{Op, OpDef, ShapeEvaluation};
use crate::error::TfResult;
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
        concat_shape(inputs)?;
        Ok(run_on_partial_stand_ins(&ConcatV2::kind(), inputs)?
            .unwrap_or_else(|| unknown_outputs(first_dense_type(inputs), 1)))
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
fn concat_shape(inputs: &[InputFact<'_>]) -> TfResult<()> {
    let Some(axis_index) = inputs.len().checked_sub(1) else {
        return Ok(());
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
        return Ok(());
    };
    let min_rank = if axis < 0 {
        axis.unsigned_abs()
    } else {
        axis.unsigned_abs().saturating_add(1)
    };
    let min_rank = usize::try_from(min_rank).unwrap_or(usize::MAX);
    // The dims before and after the axis (`None`: unknown rank).
    let split = |shape: &TensorShape| -> TfResult<Option<(TensorShape, TensorShape)>> {
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
            TensorShape::new(after),
        )))
    };
    let Some(last) = values.last() else {
        return Ok(());
    };
    let mut merged = split(last)?;
    for shape in values.iter().rev().skip(1) {
        let parts = split(shape)?;
        if let (Some((before, after)), Some((merged_before, merged_after))) = (&parts, &merged) {
            merge_shapes(before, merged_before)?;
            merge_shapes(after, merged_after)?;
        }
        if merged.is_none() {
            merged = parts;
        }
    }
    Ok(())
}
