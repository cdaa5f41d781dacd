//! `Where` (`tf.where(condition)` without `x` and `y`): the coordinates of the true
//! (non-zero) elements, one int64 row each.

use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use tensor::{DType, OpError, Tensor, TensorShape};

/// The op type.
pub static DEF: OpDef = OpDef::compute("Where");

/// The op.
#[derive(Clone, Debug, PartialEq)]
pub struct Where;

impl Where {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(Where)
    }
}

impl Op for Where {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let [condition] = inputs else {
            return Err(TfError::internal("Where takes one input"));
        };
        // One row per true element (known only when it runs), one column per dimension.
        let rank = condition.shape.dims().map(<[Option<usize>]>::len);
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(DType::Int64),
            shape: TensorShape::new(vec![None, rank]),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [condition] = inputs else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "Where takes one input",
            ));
        };
        Ok(vec![tensor::ops::where_indices(condition)?])
    }

    /// `ops.NotDifferentiable("Where")`.
    fn not_differentiable(&self) -> bool {
        true
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![format!("T={}", super::support::type_name(inputs, 0))]
    }
}
