//! `IsNan`, `IsInf` and `IsFinite`: whether each element of a float tensor is of the class.

use super::support::dense_type;
use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use tensor::ops::{self, FloatClass};
use tensor::{DType, OpError, Tensor};

/// One of the three tests.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FloatClassOp(pub FloatClass);

impl FloatClassOp {
    /// Wraps the op for `OpKind`.
    pub fn kind(class: FloatClass) -> OpKind {
        OpKind::new(FloatClassOp(class))
    }
}

impl Op for FloatClassOp {
    fn def(&self) -> &'static OpDef {
        super::family_def(self.0.op_type().name())
    }

    /// A bool of the input's shape; the kernel's dtype check runs on an empty tensor of the
    /// input's dtype, so a non-float input fails here as it would when run.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let dtype = dense_type(inputs, 0, self.def().name)?;
        let empty = ops::zeros(&[0], dtype).map_err(TfError::from_kernel_message)?;
        ops::float_class(self.0, &empty).map_err(TfError::from_kernel_message)?;
        let shape = inputs
            .first()
            .map_or_else(tensor::TensorShape::unknown, |fact| fact.shape.clone());
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(DType::Bool),
            shape,
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [x] = inputs else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                format!("{} takes x", self.def().name),
            ));
        };
        Ok(vec![ops::float_class(self.0, x)?])
    }

    fn not_differentiable(&self) -> bool {
        true
    }
}
