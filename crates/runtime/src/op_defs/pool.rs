//! `MaxPool` and `AvgPool` (`tf.nn.max_pool2d`, `tf.nn.avg_pool2d`, Keras' pooling
//! layers): a window slid over the input's spatial dimensions.

use super::support::{first_dense_type, run_on_stand_ins, unknown_outputs};
use super::{Op, OpDef};
use crate::error::TfResult;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use crate::shape_fn::shape_at;
use crate::tape::kernel;
use crate::window_shapes::{is_valid, static_output, Windowed};
use tensor::ops::{self, PoolAttrs, PoolKind};
use tensor::{OpError, Tensor};

/// A pooling with its attrs.
#[derive(Clone, Debug, PartialEq)]
pub struct Pool {
    /// Which pooling.
    pub kind: PoolKind,
    /// Window, strides, padding.
    pub attrs: PoolAttrs,
}

impl Pool {
    /// Wraps the op for `OpKind`.
    pub fn kind(kind: PoolKind, attrs: PoolAttrs) -> OpKind {
        OpKind::new(Pool { kind, attrs })
    }
}

impl Op for Pool {
    fn def(&self) -> &'static OpDef {
        super::family_def(self.kind.op_type().name())
    }

    /// The output's static shape from the window where the attrs are valid, else the
    /// kernel's error from running it on stand-ins.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let (input, filter) = (shape_at(inputs, 0), shape_at(inputs, 1));
        let window = Windowed::Pool(self.kind, &self.attrs);
        match static_output(window, &input, &filter) {
            Some(shape) if is_valid(window, &input, &filter) => Ok(vec![OutputFact {
                value_type: ValueType::Dense(first_dense_type(inputs)),
                shape,
            }]),
            _ => Ok(
                run_on_stand_ins(&Pool::kind(self.kind, self.attrs.clone()), inputs, &[])?
                    .unwrap_or_else(|| unknown_outputs(first_dense_type(inputs), 1)),
            ),
        }
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let Some(input) = inputs.first() else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "a pooling takes input",
            ));
        };
        Ok(vec![ops::pool(self.kind, input, &self.attrs)?])
    }

    /// `MaxPoolGrad` / `AvgPoolGrad`.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(Some(grad)), Some(input)) = (grads.first(), inputs.first()) else {
            return Ok(vec![None; inputs.len()]);
        };
        Ok(vec![Some(
            ops::pool_grad(self.kind, input, grad, &self.attrs).map_err(kernel)?,
        )])
    }
}
