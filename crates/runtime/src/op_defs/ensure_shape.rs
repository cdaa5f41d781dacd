//! `EnsureShape` (`tf.ensure_shape(x, shape)`): `x` unchanged, after checking its shape is
//! compatible with `shape`; in a graph its static shape is the merge of both, which is how
//! Keras's image layers give `ImageProjectiveTransformV3`'s output its known size back.

use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use tensor::{ErrorClass, OpError, Tensor, TensorShape};

/// The op type: a copy-free kernel on every device.
pub static DEF: OpDef = OpDef::compute("EnsureShape");

/// `EnsureShape` with its `shape` attribute.
#[derive(Clone, Debug, PartialEq)]
pub struct EnsureShape {
    /// The expected shape.
    pub shape: TensorShape,
}

impl EnsureShape {
    /// Wraps the op for `OpKind`.
    pub fn kind(shape: TensorShape) -> OpKind {
        OpKind::new(EnsureShape { shape })
    }
}

fn text(shape: &TensorShape) -> String {
    match shape.dims() {
        Some(dims) => {
            let parts: Vec<String> = dims
                .iter()
                .map(|d| d.map_or_else(|| "?".to_string(), |d| d.to_string()))
                .collect();
            format!("[{}]", parts.join(","))
        }
        None => "<unknown>".to_string(),
    }
}

impl Op for EnsureShape {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let Some(input) = inputs.first() else {
            return Err(TfError::internal("EnsureShape takes one input"));
        };
        let ValueType::Dense(dtype) = input.value_type else {
            return Err(TfError::internal("EnsureShape's input is not a tensor"));
        };
        let shape = input.shape.merge_with(&self.shape).ok_or_else(|| {
            TfError::invalid_argument(format!(
                "Shapes {} and {} are incompatible",
                input.shape, self.shape
            ))
        })?;
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dtype),
            shape,
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let Some(input) = inputs.first() else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "EnsureShape takes one input",
            ));
        };
        let actual = TensorShape::from(input.shape());
        if !actual.is_compatible_with(&self.shape) {
            return Err(OpError::kernel_of(
                ErrorClass::InvalidArgument,
                "EnsureShape",
                Some(""),
                format!(
                    "Shape of tensor input {} is not compatible with expected shape {}.",
                    text(&actual),
                    text(&self.shape)
                ),
            ));
        }
        Ok(vec![(*input).clone()])
    }
}
