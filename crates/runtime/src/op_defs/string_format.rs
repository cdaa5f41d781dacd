//! `StringFormat` (`tf.strings.format`, the text `tf.print` prints): `template` with each
//! `placeholder` replaced by the summary of the next input.

use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{InputFact, KernelFailure, OpKind, OutputFact, Value, ValueType};
use crate::op_defs::op::{dense_inputs, KernelEnv};
use tensor::format::summarize::summarize_value;
use tensor::{DType, Shape, Tensor, TensorShape};

/// `StringFormat` with its attrs.
#[derive(Clone, Debug, PartialEq)]
pub struct StringFormat {
    /// The text around the placeholders.
    pub template: String,
    /// What stands for an input in `template` (`{}`, or `{}` and digits when the printed
    /// text itself holds `{}`).
    pub placeholder: String,
    /// Elements shown at each end of every dimension (negative: all).
    pub summarize: i64,
}

impl StringFormat {
    /// Wraps the op for `OpKind`.
    pub fn kind(template: String, placeholder: String, summarize: i64) -> OpKind {
        OpKind::new(StringFormat {
            template,
            placeholder,
            summarize,
        })
    }

    /// The template cut at the placeholders (`absl::StrSplit`: an empty delimiter cuts
    /// between characters).
    fn pieces(&self) -> Vec<&str> {
        let template = &self.template;
        if !self.placeholder.is_empty() {
            return template.split(self.placeholder.as_str()).collect();
        }
        let starts: Vec<usize> = template.char_indices().map(|(at, _)| at).collect();
        if starts.is_empty() {
            return vec![""];
        }
        (0..starts.len())
            .map(|i| &template[starts[i]..starts.get(i + 1).map_or(template.len(), |end| *end)])
            .collect()
    }
}

impl Op for StringFormat {
    fn def(&self) -> &'static OpDef {
        super::family_def("StringFormat")
    }

    fn type_attr(&self, _inputs: &[ValueType]) -> Option<DType> {
        None
    }

    fn infer(&self, _inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(DType::String),
            shape: TensorShape::new(Vec::new()),
        }])
    }

    fn run(&self, inputs: &[Value], _env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        let inputs = dense_inputs(inputs, "StringFormat")?;
        let pieces = self.pieces();
        if pieces.len() != inputs.len() + 1 {
            return Err(KernelFailure::Status(TfError::invalid_argument(format!(
                "num placeholders in template and num inputs must match: {} vs. {}",
                pieces.len() - 1,
                inputs.len()
            ))));
        }
        let mut text = pieces[0].to_string();
        for (input, piece) in inputs.iter().zip(&pieces[1..]) {
            text.push_str(&summarize_value(input, self.summarize));
            text.push_str(piece);
        }
        Ok(vec![Value::Dense(Tensor::from_strings(
            Shape::new(Vec::new()),
            vec![text.into_bytes()],
        )?)])
    }

    fn not_differentiable(&self) -> bool {
        true
    }
}
