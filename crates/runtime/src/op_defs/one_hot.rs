//! `OneHot` (`tf.one_hot(indices, depth, on_value, off_value, axis)`): `on_value` where a
//! position along the new axis equals the index, `off_value` elsewhere.

use super::support::{dense_type, type_name};
use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use tensor::{DType, ErrorClass, OpError, Tensor, TensorShape};

/// The op type: `depth` is read from host memory.
pub static DEF: OpDef = OpDef::compute("OneHot").host_memory(&[1]);

/// The op with its attribute.
#[derive(Clone, Debug, PartialEq)]
pub struct OneHot {
    /// Where the new axis goes (`-1`: last).
    pub axis: i64,
}

impl OneHot {
    /// Wraps the op for `OpKind`.
    pub fn kind(axis: i64) -> OpKind {
        OpKind::new(OneHot { axis })
    }

    /// Where the new axis goes in an output of rank `rank`.
    fn depth_index(&self, rank: usize) -> usize {
        if self.axis < 0 {
            rank - 1
        } else {
            (self.axis as usize).min(rank - 1)
        }
    }
}

impl Op for OneHot {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    /// Its `T` is the values' dtype.
    fn type_attr(&self, inputs: &[ValueType]) -> Option<DType> {
        match inputs.get(2) {
            Some(ValueType::Dense(dtype) | ValueType::Ref(dtype)) => Some(*dtype),
            _ => None,
        }
    }

    /// TensorFlow's shape function: the indices' shape with `depth` inserted at `axis`.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let [indices, depth, _, _] = inputs else {
            return Err(TfError::internal(
                "OneHot takes indices, depth, on_value and off_value",
            ));
        };
        if self.axis < -1 {
            return Err(TfError::invalid_argument("axis must be >= -1"));
        }
        if let Some(rank) = depth.shape.dims().map(<[_]>::len).filter(|rank| *rank != 0) {
            return Err(TfError::invalid_argument(format!(
                "Shape must be rank 0 but is rank {rank}"
            )));
        }
        let depth = depth
            .constant
            .and_then(Tensor::to_i64_vec)
            .and_then(|values| values.first().copied());
        if let Some(depth) = depth.filter(|depth| *depth < 0) {
            return Err(TfError::invalid_argument(format!(
                "Dimension size, given by scalar input 1, must be non-negative but is {depth}"
            )));
        }
        let dtype = dense_type(inputs, 2, "OneHot")?;
        let shape = match indices.shape.dims() {
            Some(dims) => {
                let mut dims = dims.to_vec();
                let at = self.depth_index(dims.len() + 1);
                dims.insert(at, depth.map(|depth| depth as usize));
                TensorShape::new(dims)
            }
            None => TensorShape::unknown(),
        };
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dtype),
            shape,
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [indices, depth, on_value, off_value] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "OneHot takes indices, depth, on_value and off_value",
            ));
        };
        let output_rank = indices.rank() as i64 + 1;
        if self.axis != -1 && !(0..output_rank).contains(&self.axis) {
            return Err(OpError::kernel_of(
                ErrorClass::InvalidArgument,
                "OneHot",
                Some(""),
                format!(
                    "Expected axis to be -1 or between [0, {output_rank}).  But received: {}",
                    self.axis
                ),
            ));
        }
        let depth = depth
            .to_i64_vec()
            .and_then(|values| values.first().copied())
            .unwrap_or(0);
        let depth = usize::try_from(depth).map_err(|_| {
            OpError::kernel_of(
                ErrorClass::InvalidArgument,
                "OneHot",
                Some(""),
                format!("depth must be non-negative, got: {depth}"),
            )
        })?;
        let last = tensor::ops::one_hot(indices, depth, on_value, off_value)?;
        let rank = last.rank();
        let at = self.depth_index(rank);
        if at + 1 == rank {
            return Ok(vec![last]);
        }
        // The new axis moved from the end to `at`.
        let mut perm: Vec<i64> = (0..rank as i64 - 1).collect();
        perm.insert(at, rank as i64 - 1);
        Ok(vec![tensor::ops::transpose(&last, Some(&perm))?])
    }

    /// `ops.NotDifferentiable("OneHot")`.
    fn not_differentiable(&self) -> bool {
        true
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![
            format!("T={}", type_name(inputs, 2)),
            format!("TI={}", type_name(inputs, 0)),
            format!("axis={}", self.axis),
        ]
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![1]
    }

    fn value_inputs(&self) -> &'static [usize] {
        &[1]
    }
}
