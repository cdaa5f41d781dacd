//! `ResizeBilinear` and `ResizeNearestNeighbor` (`tf.image.resize`): images resized to
//! `size` (`[new_height, new_width]`, in host memory and known to XLA when it compiles).

use super::support::{first_dense_type, run_on_partial_stand_ins, unknown_outputs};
use super::{Op, OpDef};
use crate::error::TfResult;
use crate::op::{InputFact, OpKind, OutputFact};
use tensor::{DType, ErrorClass, OpError, Tensor};

/// A resize op.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Resize {
    /// Nearest neighbour instead of bilinear.
    pub nearest: bool,
}

impl Resize {
    /// Wraps the op for `OpKind`.
    pub fn kind(nearest: bool) -> OpKind {
        OpKind::new(Resize { nearest })
    }
}

impl Op for Resize {
    fn def(&self) -> &'static OpDef {
        super::family_def(if self.nearest {
            "ResizeNearestNeighbor"
        } else {
            "ResizeBilinear"
        })
    }

    /// The output from the kernel on stand-ins; bilinear resizing makes floats.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let dtype = if self.nearest {
            first_dense_type(inputs)
        } else {
            DType::Float32
        };
        Ok(
            run_on_partial_stand_ins(&Resize::kind(self.nearest), inputs)?
                .unwrap_or_else(|| unknown_outputs(dtype, 1)),
        )
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [images, size] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "Resize takes images and size",
            ));
        };
        let size = super::support::integers(size, self.def().name)?;
        let [height, width] = size.as_slice() else {
            return Err(OpError::python(
                ErrorClass::InvalidArgument,
                "size must be a 1-D int32 Tensor of 2 elements: new_height, new_width",
            ));
        };
        let dim = |value: i64| {
            usize::try_from(value)
                .map_err(|_| OpError::python(ErrorClass::InvalidArgument, "size must be positive"))
        };
        Ok(vec![tensor::ops::resize(
            images,
            dim(*height)?,
            dim(*width)?,
            self.nearest,
        )?])
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![1]
    }
}
