//! `Squeeze` (`tf.squeeze(input, axis)`): the input without the listed size-1 axes (all of
//! them when none are listed).

use super::support::{dense_type, type_name};
use super::{Op, OpDef, ShapeEvaluation};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use crate::tape::kernel;
use report::OpClass;
use tensor::{ErrorClass, OpError, Tensor, TensorShape};

/// The op type: it only relabels its input's buffer.
pub static DEF: OpDef = OpDef::compute("Squeeze").class(OpClass::Free);

/// The op with its attribute.
#[derive(Clone, Debug, PartialEq)]
pub struct Squeeze {
    /// `squeeze_dims` (every size-1 axis when `None`).
    pub axes: Option<Vec<i64>>,
}

impl Squeeze {
    /// Wraps the op for `OpKind`.
    pub fn kind(axes: Option<Vec<i64>>) -> OpKind {
        OpKind::new(Squeeze { axes })
    }
}

impl Op for Squeeze {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    /// TensorFlow's shape function: an unknown dimension named in `squeeze_dims` is taken
    /// to be 1; squeezing every 1 past an unknown dimension gives an unknown shape.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let input = inputs
            .first()
            .ok_or_else(|| TfError::internal("Squeeze takes input"))?;
        let dtype = dense_type(inputs, 0, "Squeeze")?;
        let out = |shape| {
            Ok(vec![OutputFact {
                value_type: ValueType::Dense(dtype),
                shape,
            }])
        };
        let Some(dims) = input.shape.dims() else {
            return out(TensorShape::unknown());
        };
        let rank = dims.len() as i64;
        let mut listed = Vec::new();
        for (index, &axis) in self.axes.iter().flatten().enumerate() {
            if axis < -rank || axis >= rank {
                return Err(TfError::invalid_argument(format!(
                    "squeeze_dims[{index}] not in [{},{rank}).",
                    -rank
                )));
            }
            listed.push(if axis < 0 { axis + rank } else { axis } as usize);
        }
        let mut kept = Vec::with_capacity(dims.len());
        for (index, dim) in dims.iter().enumerate() {
            let explicit = listed.contains(&index);
            match dim {
                None if explicit => continue,
                None if listed.is_empty() => return out(TensorShape::unknown()),
                Some(1) if explicit || listed.is_empty() => continue,
                Some(size) if explicit => {
                    return Err(TfError::invalid_argument(format!(
                        "Can not squeeze dim[{index}], expected a dimension of 1, got {size}"
                    )))
                }
                _ => {}
            }
            kept.push(*dim);
        }
        out(TensorShape::new(kept))
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [input] = inputs else {
            return Err(OpError::python(ErrorClass::Internal, "Squeeze takes input"));
        };
        Ok(vec![tensor::ops::squeeze(input, self.axes.as_deref())?])
    }

    /// `_SqueezeGrad`: the gradient reshaped to the input's shape.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(input), Some(Some(grad))) = (inputs.first(), grads.first()) else {
            return Ok(vec![None]);
        };
        let dims: Vec<i64> = input.dims().iter().map(|&dim| dim as i64).collect();
        Ok(vec![Some(
            tensor::ops::reshape(grad, &dims).map_err(kernel)?,
        )])
    }

    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let input = *inputs
            .first()
            .ok_or_else(|| TfError::internal("a traced Squeeze lost its input"))?;
        let reshaped = super::support::reshape_like(ctx, grad, input)?;
        Ok(vec![Some(reshaped)])
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        let axes: Vec<String> = self.axes.iter().flatten().map(i64::to_string).collect();
        vec![
            format!("T={}", type_name(inputs, 0)),
            format!("squeeze_dims=[{}]", axes.join(", ")),
        ]
    }

    fn shape_evaluation(&self) -> ShapeEvaluation {
        ShapeEvaluation::MovesEntries
    }
}
