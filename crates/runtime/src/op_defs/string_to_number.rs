//! `StringToNumber` (`tf.strings.to_number`): each string parsed as a number of
//! `out_type`. It has a CPU kernel only.

use super::support::run_on_stand_ins;
use super::{Op, OpDef};
use crate::error::TfResult;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use tensor::{DType, OpError, Tensor, TensorShape};

/// `StringToNumber` with its `out_type`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StringToNumber {
    /// `out_type`.
    pub out_type: DType,
}

impl StringToNumber {
    /// Wraps the op for `OpKind`.
    pub fn kind(out_type: DType) -> OpKind {
        OpKind::new(StringToNumber { out_type })
    }
}

impl Op for StringToNumber {
    fn def(&self) -> &'static OpDef {
        super::family_def("StringToNumber")
    }

    /// Its kernels are constrained on `out_type`.
    fn type_attr(&self, _inputs: &[ValueType]) -> Option<DType> {
        Some(self.out_type)
    }

    /// The kernel's output on a constant input; else element-wise: the input's shape, of
    /// `out_type`.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        if let Some(facts) = run_on_stand_ins(&StringToNumber::kind(self.out_type), inputs, &[])? {
            return Ok(facts);
        }
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(self.out_type),
            shape: inputs
                .first()
                .map_or_else(TensorShape::unknown, |fact| fact.shape.clone()),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let Some(input) = inputs.first() else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "StringToNumber takes string_tensor",
            ));
        };
        Ok(vec![tensor::ops::string_to_number(input, self.out_type)?])
    }

    fn not_differentiable(&self) -> bool {
        true
    }
}
