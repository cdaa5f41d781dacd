//! `MaxPool` and `AvgPool` (`tf.nn.max_pool2d`, `tf.nn.avg_pool2d`, Keras' pooling
//! layers): a window slid over the input's spatial dimensions.

use super::support::unknown_outputs;
use super::support::{first_dense_type, operand, run_on_stand_ins, shape_of, symbolic};
use super::{Op, OpDef};
use crate::context::Context;
use crate::error::TfResult;
use crate::graph::GraphTensor;
use crate::op::{shape_entries, shape_from_entries, InputFact, OpKind, OutputFact, ValueType};
use crate::shape_fn::shape_at;
use crate::tape::kernel;
use crate::window_shapes::{is_valid, static_output, Windowed};
use tensor::ops::{self, PoolAttrs, PoolKind};
use tensor::{DType, OpError, Tensor};

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

    /// `tf.nn.max_pool2d` and friends name the op after their scope (`MaxPool2d`).
    fn forward_name_scoped(&self, _name_stem: &str) -> bool {
        true
    }

    /// `_MaxPoolGrad` (`MaxPoolGrad(x, y, grad)`) and `_AvgPoolGrad`
    /// (`AvgPoolGrad(shape(x), grad)`) while tracing.
    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let Some(x) = inputs.first() else {
            return Ok(vec![None; inputs.len()]);
        };
        let kind = OpKind::new(PoolGrad {
            kind: self.kind,
            attrs: self.attrs.clone(),
        });
        let dx = match self.kind {
            PoolKind::Max => ctx.array_op(
                kind,
                "MaxPoolGrad",
                None,
                vec![
                    (operand(*x), "orig_input", true),
                    (operand(y), "orig_output", true),
                    (operand(grad), "grad", true),
                ],
            )?,
            PoolKind::Avg => {
                let shape = shape_of(ctx, *x, DType::Int32)?;
                ctx.array_op(
                    kind,
                    "AvgPoolGrad",
                    None,
                    vec![
                        (crate::Operand::Handle(shape), "orig_input_shape", false),
                        (operand(grad), "grad", true),
                    ],
                )?
            }
        };
        Ok(vec![Some(symbolic(dx)?)])
    }
}

/// `MaxPoolGrad(orig_input, orig_output, grad)` and `AvgPoolGrad(orig_input_shape, grad)`:
/// a pooling's gradient as an op of its own, what a pooling's gradient is inside a
/// `tf.function`.
#[derive(Clone, Debug, PartialEq)]
pub struct PoolGrad {
    /// Which pooling it is the gradient of.
    pub kind: PoolKind,
    /// The pooling's window, strides and padding.
    pub attrs: PoolAttrs,
}

impl Op for PoolGrad {
    fn def(&self) -> &'static OpDef {
        super::family_def(self.kind.grad_op_type().name())
    }

    /// The original input's shape: `orig_input`'s, or what `orig_input_shape` holds.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let shape = match self.kind {
            PoolKind::Max => shape_at(inputs, 0),
            PoolKind::Avg => shape_from_entries(inputs.first().and_then(shape_entries)),
        };
        let grad = inputs
            .last()
            .map_or(DType::Float32, |fact| match fact.value_type {
                ValueType::Dense(dtype) => dtype,
                _ => DType::Float32,
            });
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(grad),
            shape,
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let internal = || {
            OpError::python(
                tensor::ErrorClass::Internal,
                "a pooling gradient takes its input (or its shape) and the gradient",
            )
        };
        let gradient = match (self.kind, inputs) {
            (PoolKind::Max, [x, _, grad]) => ops::pool_grad(self.kind, x, grad, &self.attrs)?,
            (PoolKind::Avg, [shape, grad]) => {
                // The average's gradient reads only the input's shape.
                let dims = shape.to_i64_vec().ok_or_else(internal)?;
                let stand_in = ops::zeros(&dims, grad.dtype())?;
                ops::pool_grad(self.kind, &stand_in, grad, &self.attrs)?
            }
            _ => return Err(internal()),
        };
        Ok(vec![gradient])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some(match self.kind {
            PoolKind::Max => (&["orig_input", "orig_output", "grad"], "output"),
            PoolKind::Avg => (&["orig_input_shape", "grad"], "output"),
        })
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        match self.kind {
            PoolKind::Max => Vec::new(),
            PoolKind::Avg => vec![0],
        }
    }

    fn shape_input(&self) -> Option<usize> {
        match self.kind {
            PoolKind::Max => None,
            PoolKind::Avg => Some(0),
        }
    }
}
