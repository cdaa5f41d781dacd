//! `BroadcastArgs` (`tf.broadcast_dynamic_shape(shape_x, shape_y)`): the shape two shapes
//! broadcast to, computed from shape vectors.

use super::support::{dense_type, type_name};
use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use placer::kernels::{GpuKernel, Kernels};
use report::OpClass;
use tensor::{ErrorClass, OpError, Shape, Tensor, TensorShape};

/// The op type: shape arithmetic, its inputs and output in host memory on a GPU.
pub static DEF: OpDef = OpDef::compute("BroadcastArgs")
    .host_memory(&[0, 1])
    .class(OpClass::Free)
    .kernels(Kernels::EVERYWHERE.with_gpu(GpuKernel::NUMERIC.host_memory(&["s0", "s1", "r0"])));

/// The op.
#[derive(Clone, Debug, PartialEq)]
pub struct BroadcastArgs;

impl BroadcastArgs {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(BroadcastArgs)
    }
}

impl Op for BroadcastArgs {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    /// Both inputs vectors of one integer type; the output a vector as long as the longer.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let [s0, s1] = inputs else {
            return Err(TfError::internal("BroadcastArgs takes s0 and s1"));
        };
        let mut lengths = Vec::with_capacity(2);
        for fact in [s0, s1] {
            match fact.shape.dims() {
                Some([length]) => lengths.push(*length),
                Some(dims) => {
                    return Err(TfError::invalid_argument(format!(
                        "Shape must be rank 1 but is rank {}",
                        dims.len()
                    )))
                }
                None => lengths.push(None),
            }
        }
        let length = match (lengths[0], lengths[1]) {
            (Some(a), Some(b)) => Some(a.max(b)),
            _ => None,
        };
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dense_type(inputs, 0, "BroadcastArgs")?),
            shape: TensorShape::new(vec![length]),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [s0, s1] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "BroadcastArgs takes s0 and s1",
            ));
        };
        let dims = |t: &Tensor| -> Vec<usize> {
            t.to_i64_vec()
                .unwrap_or_default()
                .into_iter()
                .map(|d| d.max(0) as usize)
                .collect()
        };
        let (left, right) = (Shape::new(dims(s0)), Shape::new(dims(s1)));
        let shape = Shape::broadcast(&left, &right).map_err(|_| {
            OpError::python(
                ErrorClass::InvalidArgument,
                format!(
                    "Incompatible shapes: {} vs. {}",
                    left.to_tf_list(),
                    right.to_tf_list()
                ),
            )
        })?;
        let values: Vec<i64> = shape.dims().iter().map(|&d| d as i64).collect();
        let count = values.len();
        let result = Tensor::from_vec(Shape::new(vec![count]), values)?;
        Ok(vec![tensor::ops::cast(&result, s0.dtype())?])
    }

    fn not_differentiable(&self) -> bool {
        true
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["s0", "s1"], "r0"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![format!("T={}", type_name(inputs, 0))]
    }
}
