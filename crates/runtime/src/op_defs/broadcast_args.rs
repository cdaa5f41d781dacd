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

/// `BroadcastGradientArgs`: the op type, shape arithmetic in host memory as `BroadcastArgs`.
pub static GRADIENT_DEF: OpDef = OpDef::compute("BroadcastGradientArgs")
    .host_memory(&[0, 1])
    .class(OpClass::Free)
    .kernels(
        Kernels::EVERYWHERE.with_gpu(GpuKernel::NUMERIC.host_memory(&["s0", "s1", "r0", "r1"])),
    );

/// `BroadcastGradientArgs(s0, s1)`: for two shapes that broadcast together, the axes of
/// the broadcast shape along which each was broadcast (its leading missing axes, and
/// those where it has 1 and the other does not); gradients are summed along them
/// (`SmartBroadcastGradientArgs` when a shape is not fully known).
#[derive(Clone, Debug, PartialEq)]
pub struct BroadcastGradientArgs;

impl BroadcastGradientArgs {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(BroadcastGradientArgs)
    }
}

/// The reduction axes of [`BroadcastGradientArgs`] for two shapes.
pub fn gradient_reduction_axes(x: &[i64], y: &[i64]) -> (Vec<i64>, Vec<i64>) {
    let rank = x.len().max(y.len());
    let (mut x_axes, mut y_axes) = (Vec::new(), Vec::new());
    for axis in 0..rank {
        let dim = |dims: &[i64]| {
            let offset = rank - dims.len();
            if axis < offset {
                None
            } else {
                Some(dims[axis - offset])
            }
        };
        match (dim(x), dim(y)) {
            (None, _) => x_axes.push(axis as i64),
            (_, None) => y_axes.push(axis as i64),
            (Some(1), Some(other)) if other != 1 => x_axes.push(axis as i64),
            (Some(other), Some(1)) if other != 1 => y_axes.push(axis as i64),
            _ => {}
        }
    }
    (x_axes, y_axes)
}

impl Op for BroadcastGradientArgs {
    fn def(&self) -> &'static OpDef {
        &GRADIENT_DEF
    }

    fn output_count(&self) -> usize {
        2
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let dtype = dense_type(inputs, 0, "BroadcastGradientArgs")?;
        let vector = || OutputFact {
            value_type: ValueType::Dense(dtype),
            shape: TensorShape::new(vec![None]),
        };
        Ok(vec![vector(), vector()])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [s0, s1] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "BroadcastGradientArgs takes s0 and s1",
            ));
        };
        let (x, y) = (
            s0.to_i64_vec().unwrap_or_default(),
            s1.to_i64_vec().unwrap_or_default(),
        );
        let as_dims =
            |dims: &[i64]| Shape::new(dims.iter().map(|d| (*d).max(0) as usize).collect());
        if Shape::broadcast(&as_dims(&x), &as_dims(&y)).is_err() {
            return Err(OpError::python(
                ErrorClass::InvalidArgument,
                format!(
                    "Incompatible shapes: {} vs. {}",
                    as_dims(&x).to_tf_list(),
                    as_dims(&y).to_tf_list()
                ),
            ));
        }
        let (x_axes, y_axes) = gradient_reduction_axes(&x, &y);
        let vector = |axes: Vec<i64>| -> Result<Tensor, OpError> {
            let count = axes.len();
            tensor::ops::cast(
                &Tensor::from_vec(Shape::new(vec![count]), axes)?,
                s0.dtype(),
            )
        };
        Ok(vec![vector(x_axes)?, vector(y_axes)?])
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
