//! `Range` (`tf.range(start, limit, delta)`): the numbers from `start` up to (not
//! including) `limit`, `delta` apart.

use super::support::{dense_type, type_name};
use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use tensor::{ErrorClass, OpError, Tensor, TensorShape};

/// The op type: its three scalars are read from host memory.
pub static DEF: OpDef = OpDef::compute("Range").host_memory(&[0, 1, 2]);

/// The op.
#[derive(Clone, Debug, PartialEq)]
pub struct Range;

impl Range {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(Range)
    }
}

/// A number as TensorFlow's `StrCat` writes it (integers plainly, floats shortest).
fn number_text(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}

impl Op for Range {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    /// TensorFlow's shape function (`RangeSize` when all three values are known).
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        if inputs.len() != 3 {
            return Err(TfError::internal("Range takes start, limit and delta"));
        }
        for (fact, what) in inputs.iter().zip(["start", "limit", "delta"]) {
            if let Some(rank) = fact.shape.dims().map(<[_]>::len).filter(|rank| *rank != 0) {
                return Err(TfError::invalid_argument(format!(
                    "Shape must be rank 0 but is rank {rank} for '{what}'"
                )));
            }
        }
        let dtype = dense_type(inputs, 0, "Range")?;
        let integral = !dtype.is_floating();
        let values: Option<Vec<f64>> = inputs
            .iter()
            .map(|fact| {
                fact.constant
                    .and_then(Tensor::to_f64_vec)
                    .and_then(|values| values.first().copied())
            })
            .collect();
        let length = match values.as_deref() {
            Some(&[start, limit, delta]) => {
                if delta == 0.0 {
                    return Err(TfError::invalid_argument("Requires delta != 0"));
                }
                if delta > 0.0 && start > limit {
                    return Err(TfError::invalid_argument(format!(
                        "Requires start <= limit when delta > 0: {}/{}",
                        number_text(start),
                        number_text(limit)
                    )));
                }
                if delta < 0.0 && start < limit {
                    return Err(TfError::invalid_argument(format!(
                        "Requires start >= limit when delta < 0: {}/{}",
                        number_text(start),
                        number_text(limit)
                    )));
                }
                let size = if integral {
                    ((limit - start).abs() + delta.abs() - 1.0) / delta.abs()
                } else {
                    ((limit - start) / delta).abs().ceil()
                };
                Some(size.max(0.0) as usize)
            }
            _ => None,
        };
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dtype),
            shape: TensorShape::new(vec![length]),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [start, limit, delta] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "Range takes start, limit and delta",
            ));
        };
        let scalar = |tensor: &Tensor| {
            tensor
                .to_f64_vec()
                .and_then(|values| values.first().copied())
                .unwrap_or(0.0)
        };
        Ok(vec![tensor::ops::range(
            scalar(start),
            scalar(limit),
            scalar(delta),
            start.dtype(),
        )?])
    }

    /// `ops.NotDifferentiable("Range")`.
    fn not_differentiable(&self) -> bool {
        true
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![format!("Tidx={}", type_name(inputs, 0))]
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![0, 1, 2]
    }

    fn value_inputs(&self) -> &'static [usize] {
        &[0, 1, 2]
    }
}
