//! `Unique` (`tf.unique(x, out_idx)`): the distinct elements of a vector in order of first
//! appearance, and for each element the position of its value among them.

use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{data_type, InputFact, OpKind, OutputFact, ValueType};
use tensor::{DType, OpError, Tensor, TensorShape};

/// The op type.
pub static DEF: OpDef = OpDef::compute("Unique");

/// The op.
#[derive(Clone, Debug, PartialEq)]
pub struct Unique {
    /// `out_idx`: int32 or int64.
    pub out_idx: DType,
}

impl Unique {
    /// Wraps the op for `OpKind`.
    pub fn kind(out_idx: DType) -> OpKind {
        OpKind::new(Unique { out_idx })
    }
}

impl Op for Unique {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    fn output_count(&self) -> usize {
        2
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let [x] = inputs else {
            return Err(TfError::internal("Unique takes x"));
        };
        if let Some(dims) = x.shape.dims().filter(|dims| dims.len() != 1) {
            return Err(TfError::invalid_argument(format!(
                "Shape must be rank 1 but is rank {}",
                dims.len()
            )));
        }
        let ValueType::Dense(dtype) = x.value_type else {
            return Err(TfError::internal("Unique of a resource"));
        };
        Ok(vec![
            // As many values as are distinct: known only when it runs.
            OutputFact {
                value_type: ValueType::Dense(dtype),
                shape: TensorShape::new(vec![None]),
            },
            OutputFact {
                value_type: ValueType::Dense(self.out_idx),
                shape: x.shape.clone(),
            },
        ])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [x] = inputs else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "Unique takes x",
            ));
        };
        let (y, idx) = tensor::ops::unique(x, self.out_idx)?;
        Ok(vec![y, idx])
    }

    fn gradient_unregistered(&self) -> bool {
        true
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![
            format!("T={}", super::support::type_name(inputs, 0)),
            format!("out_idx={}", data_type(self.out_idx).enum_name()),
        ]
    }
}
