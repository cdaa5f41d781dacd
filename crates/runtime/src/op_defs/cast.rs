//! `Cast` (`tf.cast`): each element converted to `DstT`.

use super::support::{dense_type, operand, symbolic};
use super::{Op, OpDef, ShapeEvaluation};
use crate::api::Handle;
use crate::context::Context;
use crate::error::TfResult;
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use crate::tape::kernel;
use tensor::ops;
use tensor::{DType, OpError, Tensor};

/// `Cast` to a dtype.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cast {
    /// The target dtype (`DstT`).
    pub dtype: DType,
}

impl Cast {
    /// Wraps the op for `OpKind`.
    pub fn kind(dtype: DType) -> OpKind {
        OpKind::new(Cast { dtype })
    }
}

impl Op for Cast {
    fn def(&self) -> &'static OpDef {
        super::family_def("Cast")
    }

    /// Its kernels are constrained on the target dtype.
    fn type_attr(&self, _inputs: &[ValueType]) -> Option<DType> {
        Some(self.dtype)
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        dense_type(inputs, 0, "Cast")?;
        let shape = inputs
            .first()
            .map_or_else(tensor::TensorShape::unknown, |fact| fact.shape.clone());
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(self.dtype),
            shape,
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [x] = inputs else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "Cast takes x",
            ));
        };
        Ok(vec![ops::cast(x, self.dtype)?])
    }

    /// `_CastGrad`: the gradient cast back when both dtypes are floating; none otherwise.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(Some(grad)), [x]) = (grads.first(), inputs) else {
            return Ok(vec![None; inputs.len()]);
        };
        if x.dtype().is_floating() {
            Ok(vec![Some(ops::cast(grad, x.dtype()).map_err(kernel)?)])
        } else {
            Ok(vec![None])
        }
    }

    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let Some(x) = inputs.first() else {
            return Ok(Vec::new());
        };
        let dtype = ctx.handle_dtype(&Handle::Symbolic(*x))?;
        if dtype.is_floating() {
            Ok(vec![Some(symbolic(ctx.cast(
                operand(grad),
                dtype,
                None,
            )?)?)])
        } else {
            Ok(vec![None])
        }
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["x"], "y"))
    }

    /// `tf.cast` opens a name scope its op is named after.
    fn forward_name_scoped(&self, _name_stem: &str) -> bool {
        true
    }

    fn shape_evaluation(&self) -> ShapeEvaluation {
        ShapeEvaluation::MovesEntries
    }
}
