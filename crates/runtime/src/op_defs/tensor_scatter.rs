//! `TensorScatterUpdate`, `TensorScatterAdd`, `TensorScatterSub`, `TensorScatterMin` and
//! `TensorScatterMax` (`tf.tensor_scatter_nd_update`, ...): `tensor` with `updates` written
//! into, added to, ... the slices the index vectors in the last axis of `indices` name, in
//! order.

use super::scatter_nd::{index_error, index_vectors};
use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use tensor::ops::ScatterMode;
use tensor::{ErrorClass, OpError, Tensor};

pub(super) const OPS: &[OpDef] = &[
    OpDef::compute("TensorScatterUpdate"),
    OpDef::compute("TensorScatterAdd"),
    OpDef::compute("TensorScatterSub"),
    OpDef::compute("TensorScatterMin"),
    OpDef::compute("TensorScatterMax"),
];

/// One of the ops, by how it combines.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TensorScatter {
    /// How an update combines with the value it lands on.
    pub mode: ScatterMode,
}

impl TensorScatter {
    /// Wraps the op for `OpKind`.
    pub fn kind(mode: ScatterMode) -> OpKind {
        OpKind::new(TensorScatter { mode })
    }

    fn name(&self) -> &'static str {
        match self.mode {
            ScatterMode::Update => "TensorScatterUpdate",
            ScatterMode::Add => "TensorScatterAdd",
            ScatterMode::Sub => "TensorScatterSub",
            ScatterMode::Min => "TensorScatterMin",
            ScatterMode::Max => "TensorScatterMax",
        }
    }
}

impl Op for TensorScatter {
    fn def(&self) -> &'static OpDef {
        super::family_def(self.name())
    }

    /// The output is the tensor's type and shape.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let Some(tensor) = inputs.first() else {
            return Err(TfError::internal(
                "TensorScatter takes tensor, indices, updates",
            ));
        };
        let ValueType::Dense(dtype) = tensor.value_type else {
            return Err(TfError::internal("TensorScatter's tensor is not a tensor"));
        };
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dtype),
            shape: tensor.shape.clone(),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let invalid = |message: String| {
            OpError::kernel_of(ErrorClass::InvalidArgument, self.name(), Some(""), message)
        };
        let [tensor, indices, updates] = inputs else {
            return Err(invalid("takes tensor, indices and updates".to_string()));
        };
        tensor::ops::check_allowed_named(self.name(), Some(""), indices.dtype())?;
        let shape = tensor.shape();
        let depth = indices.dims().last().copied().unwrap_or(0);
        if depth > shape.rank() {
            return Err(invalid(format!(
                "Index innermost dimension length must be <= tensor rank; saw: {depth} vs. {}",
                shape.rank()
            )));
        }
        let slice: usize = shape.dims()[depth..].iter().product();
        let batch: usize = indices.dims()[..indices.rank().saturating_sub(1)]
            .iter()
            .product();
        if updates.num_elements() != batch * slice {
            return Err(invalid(format!(
                "Dimensions [0,{}) of indices[shape={}] = {} must match dimensions [0,{}) of \
                 updates[shape={}]",
                indices.rank().saturating_sub(1),
                indices.shape().to_tf_list(),
                indices.shape().to_tf_list(),
                updates.rank(),
                updates.shape().to_tf_list()
            )));
        }
        let starts = index_vectors(indices, &shape.dims()[..depth], slice)
            .map_err(|at| invalid(index_error(&at, shape)))?;
        let pairs: Vec<(usize, usize)> = starts
            .iter()
            .enumerate()
            .flat_map(|(row, &start)| (0..slice).map(move |j| (start + j, row * slice + j)))
            .collect();
        let updates = tensor::ops::cast(updates, tensor.dtype())?;
        let out = tensor::ops::tensor_scatter_into(tensor, &updates, &pairs, self.mode)
            .ok_or_else(|| {
                invalid(format!(
                    "No {} kernel for {}",
                    self.name(),
                    tensor.dtype().kernel_name()
                ))
            })??;
        Ok(vec![out])
    }

    fn not_differentiable(&self) -> bool {
        true
    }
}
