//! `Assert` (`tf.debugging.Assert` inside a `tf.function`, and every `tf.debugging.assert_*`
//! there): when its condition is false at run time, fails with the summary of its data.

use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{InputFact, KernelFailure, OpKind, OutputFact, Value, ValueType};
use crate::op_defs::op::{dense_inputs, KernelEnv};
use tensor::format::summarize::summarize_value;
use tensor::{DType, TensorData};

/// `Assert` with its `summarize` attr.
#[derive(Clone, Debug, PartialEq)]
pub struct Assert {
    /// Elements shown at each end of every dimension of each data tensor.
    pub summarize: i64,
}

impl Assert {
    /// Wraps the op for `OpKind`.
    pub fn kind(summarize: i64) -> OpKind {
        OpKind::new(Assert { summarize })
    }
}

impl Op for Assert {
    fn def(&self) -> &'static OpDef {
        super::family_def("Assert")
    }

    fn output_count(&self) -> usize {
        0
    }

    fn type_attr(&self, _inputs: &[ValueType]) -> Option<DType> {
        None
    }

    fn infer(&self, _inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(Vec::new())
    }

    fn run(&self, inputs: &[Value], _env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        let inputs = dense_inputs(inputs, "Assert")?;
        let Some((condition, data)) = inputs.split_first() else {
            return Err(KernelFailure::Status(TfError::internal(
                "Assert without a condition",
            )));
        };
        let holds = match condition.data() {
            TensorData::Bool(values) if values.len() == 1 => values[0],
            _ => {
                return Err(KernelFailure::Status(TfError::invalid_argument(format!(
                    "In[0] expects a scalar bool, got shape {}",
                    condition.shape().to_tf_list()
                ))))
            }
        };
        if holds {
            return Ok(Vec::new());
        }
        let mut message = String::from("assertion failed: ");
        for (index, tensor) in data.iter().enumerate() {
            if index > 0 {
                message.push(' ');
            }
            message.push('[');
            match tensor.data() {
                // A string scalar shows as its text.
                TensorData::String(values) if tensor.rank() == 0 => {
                    message.push_str(&String::from_utf8_lossy(&values[0]));
                }
                _ => message.push_str(&summarize_value(tensor, self.summarize)),
            }
            message.push(']');
        }
        Err(KernelFailure::Op(tensor::OpError::python(
            tensor::ErrorClass::InvalidArgument,
            message,
        )))
    }

    fn not_differentiable(&self) -> bool {
        true
    }
}
