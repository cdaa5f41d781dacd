//! `Identity` (`tf.identity`, a function's outputs, a TF1 variable's read) and
//! `StopGradient` (`tf.stop_gradient`): their input's value, a variable handle included.

use super::support::dense_type;
use super::{Op, OpDef, ShapeEvaluation};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{InputFact, KernelFailure, OpKind, OutputFact, Value, ValueType};
use crate::op_defs::op::KernelEnv;
use tensor::{Tensor, TensorShape};

/// `Identity`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Identity;

/// `StopGradient`: its input's value, and no gradient through it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StopGradient;

impl Identity {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(Identity)
    }
}

impl StopGradient {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(StopGradient)
    }
}

/// The input's type and shape.
pub(super) fn same_as_input(inputs: &[InputFact<'_>], op: &str) -> TfResult<Vec<OutputFact>> {
    Ok(vec![OutputFact {
        value_type: ValueType::Dense(dense_type(inputs, 0, op)?),
        shape: inputs
            .first()
            .map_or_else(TensorShape::unknown, |fact| fact.shape.clone()),
    }])
}

/// The input, whatever it is.
pub(super) fn pass_through(inputs: &[Value], op: &str) -> Result<Vec<Value>, KernelFailure> {
    match inputs.first() {
        Some(value) => Ok(vec![value.clone()]),
        None => Err(KernelFailure::Status(TfError::internal(format!(
            "{op} without input"
        )))),
    }
}

impl Op for Identity {
    fn def(&self) -> &'static OpDef {
        super::family_def("Identity")
    }

    /// It moves a value along, computed or not.
    fn accepts_uncomputed(&self) -> bool {
        true
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        same_as_input(inputs, "Identity")
    }

    fn run(&self, inputs: &[Value], _env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        pass_through(inputs, "Identity")
    }

    fn gradient(
        &self,
        _inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        Ok(vec![grads.first().cloned().flatten()])
    }

    fn graph_gradient(
        &self,
        _ctx: &mut Context,
        _inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        Ok(vec![Some(grad)])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["input"], "output"))
    }

    fn shape_evaluation(&self) -> ShapeEvaluation {
        ShapeEvaluation::MovesEntries
    }
}

impl Op for StopGradient {
    fn def(&self) -> &'static OpDef {
        super::family_def("StopGradient")
    }

    /// It moves a value along, computed or not.
    fn accepts_uncomputed(&self) -> bool {
        true
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        same_as_input(inputs, "StopGradient")
    }

    fn run(&self, inputs: &[Value], _env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        pass_through(inputs, "StopGradient")
    }

    /// `ops.NotDifferentiable` in TensorFlow (`array_grad.py`).
    fn not_differentiable(&self) -> bool {
        true
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["input"], "output"))
    }
}

/// `IdentityN` (`tf.identity_n`): each input's value, as its output of the same index.
/// `tf.custom_gradient` in a graph routes its results, arguments and variables through
/// one, whose gradient the decorated function's gradient function builds
/// (`custom_gradient`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IdentityN {
    /// How many inputs (and outputs).
    pub count: usize,
    /// The key of the `tf.custom_gradient` function that gives its gradient, if any.
    pub custom_gradient: Option<u64>,
}

impl IdentityN {
    /// Wraps the op for `OpKind`.
    pub fn kind(count: usize, custom_gradient: Option<u64>) -> OpKind {
        OpKind::new(IdentityN {
            count,
            custom_gradient,
        })
    }
}

impl Op for IdentityN {
    fn def(&self) -> &'static OpDef {
        super::family_def("IdentityN")
    }

    fn output_count(&self) -> usize {
        self.count
    }

    /// It moves values along, computed or not.
    fn accepts_uncomputed(&self) -> bool {
        true
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        (0..inputs.len())
            .map(|index| {
                Ok(OutputFact {
                    value_type: ValueType::Dense(dense_type(inputs, index, "IdentityN")?),
                    shape: inputs[index].shape.clone(),
                })
            })
            .collect()
    }

    fn run(&self, inputs: &[Value], _env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        Ok(inputs.to_vec())
    }

    fn gradient(
        &self,
        _inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        Ok(grads.to_vec())
    }

    fn graph_gradients(
        &self,
        _ctx: &mut Context,
        _inputs: &[GraphTensor],
        outputs: &[(GraphTensor, Option<GraphTensor>)],
        _skip: &[bool],
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        Ok(outputs.iter().map(|(_, grad)| *grad).collect())
    }

    fn custom_gradient(&self) -> Option<u64> {
        self.custom_gradient
    }
}
