//! `AddN` (`tf.add_n`, and the sum of a tensor's gradient contributions): every input is a
//! summand of one shape.

use super::support::dense_type;
use super::support::{first_dense_type, run_on_stand_ins, unknown_outputs};
use super::{Op, OpDef};
use crate::context::Context;
use crate::error::TfResult;
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use tensor::ops;
use tensor::{OpError, Tensor, TensorShape};

/// `AddN`; its `N` is its number of inputs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AddN;

impl AddN {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(AddN)
    }
}

/// The output from the kernel on stand-ins, else of unknown shape.
fn by_running(inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
    Ok(run_on_stand_ins(&AddN::kind(), inputs, &[])?
        .unwrap_or_else(|| unknown_outputs(first_dense_type(inputs), 1)))
}

impl Op for AddN {
    fn def(&self) -> &'static OpDef {
        super::family_def("AddN")
    }

    /// Every input has the output's shape: each dimension is known when any input knows it
    /// (shape inference's merge); a conflict is the kernel's error.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        if inputs.iter().all(|fact| fact.constant.is_some()) {
            return by_running(inputs);
        }
        let mut merged: Option<Vec<Option<usize>>> = None;
        for fact in inputs {
            let Some(dims) = fact.shape.dims() else {
                continue;
            };
            merged = Some(match merged {
                None => dims.to_vec(),
                Some(known) if known.len() == dims.len() => known
                    .iter()
                    .zip(dims)
                    .map(|(left, right)| left.or(*right))
                    .collect(),
                Some(_) => return by_running(inputs),
            });
        }
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dense_type(inputs, 0, "AddN")?),
            shape: merged.map_or_else(TensorShape::unknown, TensorShape::new),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let values: Vec<Tensor> = inputs.iter().map(|input| (*input).clone()).collect();
        Ok(vec![ops::add_n(&values)?])
    }

    /// `_AddNGrad`: every summand gets the gradient.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let grad = grads.first().cloned().flatten();
        Ok(vec![grad; inputs.len()])
    }

    fn graph_gradient(
        &self,
        _ctx: &mut Context,
        inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        Ok(vec![Some(grad); inputs.len()])
    }
}
