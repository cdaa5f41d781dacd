//! The complex-number ops: `Real`, `Imag`, `Angle`, `ComplexAbs` and `Conj` take one
//! complex tensor; `Complex` pairs a real and an imaginary tensor. Their definitions are
//! lines of `math.rs`; this is their behaviour.

use super::support::{broadcast_inputs, dense_type, input_shape};
use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use tensor::ops::{self, ComplexPart};
use tensor::{DType, ErrorClass, OpError, Tensor};

/// One complex-number op.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ComplexOp {
    /// A part of each element, of the real dtype (`Real`, `Imag`, `Angle`, `ComplexAbs`).
    Part(ComplexPart),
    /// `Conj`.
    Conj,
    /// `Complex(real, imag)`.
    Complex,
}

impl ComplexOp {
    /// Wraps the op for `OpKind`.
    pub fn kind(op: ComplexOp) -> OpKind {
        OpKind::new(op)
    }

    /// The TensorFlow op type.
    pub fn op_name(self) -> &'static str {
        match self {
            ComplexOp::Part(part) => part.op_name(),
            ComplexOp::Conj => "Conj",
            ComplexOp::Complex => "Complex",
        }
    }
}

impl Op for ComplexOp {
    fn def(&self) -> &'static OpDef {
        super::family_def(self.op_name())
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let dtype = dense_type(inputs, 0, self.def().name)?;
        let (dtype, shape) = match self {
            ComplexOp::Part(_) => (dtype.real_dtype(), input_shape(inputs, 0)),
            ComplexOp::Conj => (dtype, input_shape(inputs, 0)),
            ComplexOp::Complex => {
                let complex = match dtype {
                    DType::Float32 => DType::Complex64,
                    DType::Float64 => DType::Complex128,
                    other => {
                        return Err(TfError::type_error(format!(
                            "Value passed to parameter 'real' has DataType {} not in list of \
                             allowed values: float32, float64",
                            other.name()
                        )))
                    }
                };
                (complex, broadcast_inputs(inputs)?)
            }
        };
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dtype),
            shape,
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let result = match (self, inputs) {
            (ComplexOp::Part(part), [x]) => ops::complex_part(*part, x)?,
            (ComplexOp::Conj, [x]) => ops::conj(x)?,
            (ComplexOp::Complex, [real, imag]) => ops::complex(real, imag)?,
            _ => {
                return Err(OpError::python(
                    ErrorClass::Internal,
                    format!("{} got {} inputs", self.op_name(), inputs.len()),
                ))
            }
        };
        Ok(vec![result])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some(match self {
            ComplexOp::Complex => (&["real", "imag"], "out"),
            ComplexOp::Part(_) => (&["input"], "output"),
            ComplexOp::Conj => (&["input"], "output"),
        })
    }
}
