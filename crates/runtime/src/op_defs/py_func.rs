//! `EagerPyFunc` (`tf.py_function`) and `PyFunc` (`tf.numpy_function`): a call of a
//! Python function inside a graph. The graph knows only the outputs' dtypes (`Tout`);
//! their shapes are unknown. Python runs outside the engine, so a graph holding one is
//! not run here: the binding runs such a `tf.function` or dataset function eagerly, where
//! the op is a plain Python call, and a TF1 session reports that it cannot run it.

use super::{Op, OpDef};
use crate::error::{ExceptionClass, TfError, TfResult};
use crate::op::{InputFact, KernelFailure, OpKind, OutputFact, Value, ValueType};
use crate::op_defs::op::KernelEnv;
use tensor::{DType, TensorShape};

/// A Python function call with outputs of dtypes `tout`.
#[derive(Clone, Debug, PartialEq)]
pub struct PyFunc {
    /// `tf.py_function` (eager tensors in and out) rather than `tf.numpy_function`.
    pub eager: bool,
    /// The outputs' dtypes.
    pub tout: Vec<DType>,
}

impl PyFunc {
    /// Wraps the op for `OpKind`.
    pub fn kind(eager: bool, tout: Vec<DType>) -> OpKind {
        OpKind::new(PyFunc { eager, tout })
    }
}

impl Op for PyFunc {
    fn def(&self) -> &'static OpDef {
        // Defined with the I/O ops: `EagerPyFunc` on CPU and GPU, `PyFunc` on CPU.
        super::family_def(if self.eager { "EagerPyFunc" } else { "PyFunc" })
    }

    fn output_count(&self) -> usize {
        self.tout.len()
    }

    fn type_attr(&self, _inputs: &[ValueType]) -> Option<DType> {
        self.tout.first().copied()
    }

    fn infer(&self, _inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(self
            .tout
            .iter()
            .map(|dtype| OutputFact {
                value_type: ValueType::Dense(*dtype),
                shape: TensorShape::unknown(),
            })
            .collect())
    }

    fn run(
        &self,
        _inputs: &[Value],
        _env: &mut KernelEnv<'_>,
    ) -> Result<Vec<Value>, KernelFailure> {
        Err(KernelFailure::Status(TfError::new(
            ExceptionClass::Unimplemented,
            format!(
                "A graph with a {} op (a Python function call) cannot run here: the playground runs Python function calls only from tf.function calls and Dataset.map functions.",
                self.def().name
            ),
        )))
    }

    /// TensorFlow registers no gradient for `PyFunc`; `EagerPyFunc`'s runs the function
    /// under a tape, which only the eager path here does.
    fn not_differentiable(&self) -> bool {
        true
    }
}
