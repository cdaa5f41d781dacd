//! `BroadcastTo` (`tf.broadcast_to`): the input repeated to a shape; input 1 is the shape,
//! which stays in host memory and which XLA must know when it compiles.

use super::support::{dense_type, typed_attr};
use super::{Op, OpDef};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{shape_entries, shape_from_entries, InputFact, OpKind, OutputFact, ValueType};
use crate::tape::unbroadcast;
use tensor::{OpError, Tensor, TensorShape};

/// `BroadcastTo`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BroadcastTo;

impl BroadcastTo {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(BroadcastTo)
    }
}

impl Op for BroadcastTo {
    fn def(&self) -> &'static OpDef {
        super::family_def("BroadcastTo")
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let shape = |index: usize| {
            inputs
                .get(index)
                .map_or_else(TensorShape::unknown, |fact| fact.shape.clone())
        };
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dense_type(inputs, 0, "BroadcastTo")?),
            shape: broadcast_to_static(&shape(0), &shape(1), inputs.get(1))?,
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [input, shape] = inputs else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "BroadcastTo takes input and shape",
            ));
        };
        Ok(vec![tensor::ops::broadcast_to(input, shape)?])
    }

    /// `_BroadcastToGrad`: the sum over the broadcast dimensions; the shape gets none.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(Some(grad)), Some(x)) = (grads.first(), inputs.first()) else {
            return Ok(vec![None; inputs.len()]);
        };
        Ok(vec![Some(unbroadcast(grad.clone(), x.shape())?), None])
    }

    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let x = *inputs
            .first()
            .ok_or_else(|| TfError::internal("a traced BroadcastTo lost its input"))?;
        Ok(vec![Some(ctx.unbroadcast_to(grad, x)?), None])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["input", "shape"], "output"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        [typed_attr(inputs, "T", 0), typed_attr(inputs, "Tidx", 1)]
            .into_iter()
            .flatten()
            .collect()
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![1]
    }

    fn shape_input(&self) -> Option<usize> {
        Some(1)
    }
}

/// `BroadcastTo`'s shape function: the target's entries, where the input has a dimension
/// above 1 that dimension (it must agree), with TensorFlow's messages for a shape that is
/// not a vector, an input of higher rank and a disagreeing dimension.
fn broadcast_to_static(
    input: &TensorShape,
    shape_input: &TensorShape,
    shape_fact: Option<&InputFact<'_>>,
) -> Result<TensorShape, TfError> {
    if let Some(dims) = shape_input.dims() {
        if dims.len() != 1 {
            return Err(TfError::invalid_argument(format!(
                "Shape must be rank 1 but is rank {}",
                dims.len()
            )));
        }
    }
    let Some(mut target) = shape_fact.and_then(shape_entries) else {
        return Ok(TensorShape::unknown());
    };
    if let Some(dims) = input.dims() {
        if dims.len() > target.len() {
            return Err(TfError::invalid_argument(format!(
                "Shape must be at most rank {} but is rank {}",
                target.len(),
                dims.len()
            )));
        }
        let offset = target.len() - dims.len();
        for (index, dim) in dims.iter().enumerate() {
            let Some(dim) = dim.filter(|dim| *dim > 1) else {
                continue;
            };
            let slot = &mut target[offset + index];
            match *slot {
                Some(out) if out != dim as i64 => {
                    return Err(TfError::invalid_argument(format!(
                        "Dimensions must be equal, but are {dim} and {out}"
                    )))
                }
                _ => *slot = Some(dim as i64),
            }
        }
    }
    Ok(shape_from_entries(Some(target)))
}
