//! `Pad`, `PadV2` and `MirrorPad` (`tf.pad`): input, paddings (`[rank, 2]`, in host memory
//! and known to XLA when it compiles) and, for `PadV2`, the constant.

use super::support::{dense_type, first_dense_type, run_on_stand_ins, typed_attr, unknown_outputs};
use super::{Op, OpDef};
use crate::error::TfResult;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use crate::shape_fn::{shape_at, with_rank};
use crate::tape::kernel;
use tensor::ops::{self, PadMode};
use tensor::{OpError, Tensor, TensorShape};

/// A pad op.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pad {
    /// Constant or mirrored.
    pub mode: PadMode,
    /// A constant input follows the paddings (`PadV2`).
    pub constant: bool,
}

impl Pad {
    /// Wraps the op for `OpKind`.
    pub fn kind(mode: PadMode, constant: bool) -> OpKind {
        OpKind::new(Pad { mode, constant })
    }

    fn by_running(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(
            run_on_stand_ins(&Pad::kind(self.mode, self.constant), inputs, &[])?
                .unwrap_or_else(|| unknown_outputs(first_dense_type(inputs), 1)),
        )
    }
}

impl Op for Pad {
    fn def(&self) -> &'static OpDef {
        super::family_def(match (self.mode, self.constant) {
            (PadMode::Constant, false) => "Pad",
            (PadMode::Constant, true) => "PadV2",
            _ => "MirrorPad",
        })
    }

    /// `PadShapeFn`: paddings a `[rank, 2]` matrix for the input's rank; known dimensions
    /// grow by their constant paddings, the rest stay unknown.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let paddings = shape_at(inputs, 1);
        with_rank(&paddings, 2)?;
        if let Some([Some(count), _]) = paddings.dims() {
            with_rank(&shape_at(inputs, 0), *count)?;
        }
        let input = shape_at(inputs, 0);
        let constant = inputs
            .get(1)
            .and_then(|fact| fact.constant)
            .and_then(Tensor::to_i64_vec);
        match (input.dims(), constant) {
            // Known paddings give the shape without running the kernel (whose errors a
            // fully known input with a negative padding still needs), so an input that was
            // not computed (values on demand) pads by shape.
            (Some(dims), Some(paddings))
                if paddings.len() == dims.len() * 2
                    && (input.to_shape().is_none() || paddings.iter().all(|p| *p >= 0)) =>
            {
                let grown = dims
                    .iter()
                    .zip(paddings.chunks_exact(2))
                    .map(|(dim, pair)| {
                        let before = usize::try_from(pair[0]).ok()?;
                        let after = usize::try_from(pair[1]).ok()?;
                        (*dim)?.checked_add(before)?.checked_add(after)
                    })
                    .collect();
                Ok(vec![OutputFact {
                    value_type: ValueType::Dense(dense_type(inputs, 0, self.def().name)?),
                    shape: TensorShape::new(grown),
                }])
            }
            _ => self.by_running(inputs),
        }
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let (input, paddings, constant) = match inputs {
            [input, paddings] => (input, paddings, None),
            [input, paddings, constant] => (input, paddings, Some(*constant)),
            _ => {
                return Err(OpError::python(
                    tensor::ErrorClass::Internal,
                    "Pad takes input and paddings",
                ))
            }
        };
        Ok(vec![ops::pad(input, paddings, constant, self.mode)?])
    }

    /// `_PadGrad` slices the input's part out; `MirrorPadGrad` also adds the mirror images
    /// back onto the elements they copy. Paddings and constant get none.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(Some(grad)), [x, paddings, ..]) = (grads.first(), inputs) else {
            return Ok(vec![None; inputs.len()]);
        };
        let gx = match self.mode {
            PadMode::Constant => ops::pad_grad(grad, paddings),
            _ => ops::mirror_pad_grad(x.dims(), grad, paddings, self.mode),
        };
        let mut grads = vec![Some(gx.map_err(kernel)?)];
        grads.resize(inputs.len(), None);
        Ok(grads)
    }

    /// `_PadGrad` while tracing: the input's part of the gradient, sliced out from the
    /// paddings' first column (`Rank`, `stack`, `Slice`, `Reshape`, `Shape`, `Slice`).
    fn graph_gradient(
        &self,
        ctx: &mut crate::context::Context,
        inputs: &[crate::graph::GraphTensor],
        _y: crate::graph::GraphTensor,
        grad: crate::graph::GraphTensor,
    ) -> TfResult<Vec<Option<crate::graph::GraphTensor>>> {
        use super::support::{operand, symbolic};
        use crate::Operand;
        let [x, paddings, ..] = inputs else {
            return Ok(vec![None; inputs.len()]);
        };
        if self.mode != PadMode::Constant {
            return Err(crate::error::TfError::new(
                crate::error::ExceptionClass::RuntimeError,
                "The gradient of MirrorPad inside a tf.function is not emulated in this \
                 playground yet.",
            ));
        }
        let vector = |values: Vec<i32>| {
            Tensor::from_vec(tensor::Shape::new(vec![values.len()]), values)
                .map_err(crate::error::TfError::from_kernel_message)
        };
        let dims = ctx.static_dims(*x)?;
        let rank = ctx.constant(Tensor::scalar(dims.len() as i32), Some("Rank"))?;
        let stack = ctx.array_op(
            super::Pack::kind(0),
            "stack",
            None,
            vec![
                (Operand::Handle(rank), "values", true),
                (Operand::Literal(Tensor::scalar(1i32)), "1", true),
            ],
        )?;
        let pad_before = ctx.array_op(
            super::Slice::kind(),
            "Slice",
            None,
            vec![
                (operand(*paddings), "input", true),
                (Operand::Literal(vector(vec![0, 0])?), "begin", false),
                (Operand::Handle(stack), "size", false),
            ],
        )?;
        let begin = ctx.array_op(
            super::Reshape::kind(),
            "Reshape",
            None,
            vec![
                (Operand::Handle(pad_before), "tensor", true),
                (Operand::Literal(vector(vec![-1])?), "shape", false),
            ],
        )?;
        let sizes: Vec<i32> = dims.iter().map(|&dim| dim as i32).collect();
        let sizes = ctx.constant(vector(sizes)?, Some("Shape"))?;
        let gx = ctx.array_op(
            super::Slice::kind(),
            "Slice",
            None,
            vec![
                (operand(grad), "input", true),
                (Operand::Handle(begin), "begin", false),
                (Operand::Handle(sizes), "size", false),
            ],
        )?;
        let mut grads = vec![Some(symbolic(gx)?)];
        grads.resize(inputs.len(), None);
        Ok(grads)
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        let mirror = match self.mode {
            PadMode::Reflect => Some("mode=\"REFLECT\"".to_string()),
            PadMode::Symmetric => Some("mode=\"SYMMETRIC\"".to_string()),
            PadMode::Constant => None,
        };
        [
            typed_attr(inputs, "T", 0),
            typed_attr(inputs, "Tpaddings", 1),
            mirror,
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![1]
    }
}
