//! `PrintV2` (`tf.print`): writes its scalar string input and `end` to `output_stream`. It
//! is stateful: it runs on every call of a function, in order with the other stateful ops.

use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{InputFact, KernelFailure, OpKind, OutputFact, PrintStream, Value, ValueType};
use crate::op_defs::op::{dense_inputs, KernelEnv};
use tensor::{DType, TensorData};

/// `PrintV2` with its attrs.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintV2 {
    /// Where the text goes.
    pub output_stream: PrintStream,
    /// Appended to the text (`end`, `\n` by default).
    pub end: String,
}

impl PrintV2 {
    /// Wraps the op for `OpKind`.
    pub fn kind(output_stream: PrintStream, end: String) -> OpKind {
        OpKind::new(PrintV2 { output_stream, end })
    }
}

impl Op for PrintV2 {
    fn def(&self) -> &'static OpDef {
        super::family_def("PrintV2")
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

    /// Keeps the text in the run's store until the binding writes it out.
    fn run(&self, inputs: &[Value], env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        let inputs = dense_inputs(inputs, "PrintV2")?;
        let Some(input) = inputs.first() else {
            return Err(KernelFailure::Status(TfError::internal(
                "PrintV2 takes input",
            )));
        };
        let (TensorData::String(values), 0) = (input.data(), input.rank()) else {
            return Err(KernelFailure::Status(TfError::invalid_argument(format!(
                "Input is expected to be scalar, but got shape: {}",
                input.shape()
            ))));
        };
        let mut text = String::from_utf8_lossy(&values[0]).into_owned();
        text.push_str(&self.end);
        env.resources.print(self.output_stream, text);
        Ok(Vec::new())
    }
}
