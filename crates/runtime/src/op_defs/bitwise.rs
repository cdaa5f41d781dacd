//! The bitwise ops (`BitwiseAnd`, `BitwiseOr`, `BitwiseXor`, `LeftShift`, `RightShift`,
//! `Invert`): integer tensors in, the same dtype out. Their definitions are lines of
//! `math.rs`; this is their behaviour.

use super::support::{broadcast_inputs, dense_type, input_shape};
use super::{Op, OpDef};
use crate::error::TfResult;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use tensor::ops::{self, BitwiseOp};
use tensor::{ErrorClass, OpError, Tensor};

/// A binary bitwise op, or `Invert` (`None`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bitwise(pub Option<BitwiseOp>);

impl Bitwise {
    /// Wraps the op for `OpKind`.
    pub fn kind(op: Option<BitwiseOp>) -> OpKind {
        OpKind::new(Bitwise(op))
    }

    /// The TensorFlow op type.
    pub fn op_name(self) -> &'static str {
        self.0.map_or("Invert", BitwiseOp::op_name)
    }
}

impl Op for Bitwise {
    fn def(&self) -> &'static OpDef {
        super::family_def(self.op_name())
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let dtype = dense_type(inputs, 0, self.def().name)?;
        let shape = match self.0 {
            None => input_shape(inputs, 0),
            Some(_) => broadcast_inputs(inputs)?,
        };
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dtype),
            shape,
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let result = match (self.0, inputs) {
            (None, [x]) => ops::invert(x)?,
            (Some(op), [x, y]) => ops::bitwise(op, x, y)?,
            _ => {
                return Err(OpError::python(
                    ErrorClass::Internal,
                    format!("{} got {} inputs", self.op_name(), inputs.len()),
                ))
            }
        };
        Ok(vec![result])
    }

    fn not_differentiable(&self) -> bool {
        true
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some(match self.0 {
            None => (&["x"], "y"),
            Some(_) => (&["x", "y"], "z"),
        })
    }
}
