//! `GatherV2` (`tf.gather`): slices of `params` along `axis` at `indices`; the axis stays in
//! host memory and XLA must know it when it compiles.

use super::support::{
    first_dense_type, run_on_stand_ins, scalar_integer, typed_attr, unknown_outputs,
};
use super::{Op, OpDef, ShapeEvaluation};
use crate::error::{TfError, TfResult};
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use crate::tape::kernel;
use tensor::ops;
use tensor::{DType, OpError, Tensor, TensorShape};

/// `GatherV2` with `batch_dims=0`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GatherV2;

impl GatherV2 {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(GatherV2)
    }
}

impl Op for GatherV2 {
    fn def(&self) -> &'static OpDef {
        super::family_def("GatherV2")
    }

    /// `params`' dims around the indices' dims. Its shape function reads the indices'
    /// shape, never their values: constant indices out of range fail when the graph runs.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let axis = inputs
            .get(2)
            .and_then(|fact| fact.constant)
            .and_then(Tensor::to_i64_vec);
        let params = inputs.first().and_then(|fact| fact.shape.dims());
        let indices = inputs.get(1).and_then(|fact| fact.shape.dims());
        let in_range = |axis: i64, rank: usize| {
            let axis = if axis < 0 { axis + rank as i64 } else { axis };
            usize::try_from(axis).ok().filter(|axis| *axis < rank)
        };
        let integer_indices = inputs.get(1).is_some_and(|fact| {
            matches!(
                fact.value_type,
                ValueType::Dense(DType::Int32 | DType::Int64)
            )
        });
        // With the axis and the shapes known, the dims follow without running the kernel
        // (stand-ins of a large `params` would be over the element budget); anything else,
        // errors included, is the kernel's on stand-ins.
        let direct = match (axis.as_deref(), params, indices) {
            (Some(&[axis]), Some(params), Some(indices)) if integer_indices => {
                in_range(axis, params.len()).map(|axis| {
                    let mut dims = params[..axis].to_vec();
                    dims.extend_from_slice(indices);
                    dims.extend_from_slice(&params[axis + 1..]);
                    TensorShape::new(dims)
                })
            }
            _ => None,
        };
        let indices_unknown = inputs
            .get(1)
            .is_some_and(|fact| fact.constant.is_none() && fact.shape.to_shape().is_none());
        if direct.is_none() && !indices_unknown {
            return Ok(run_on_stand_ins(&GatherV2::kind(), inputs, &[1])?
                .unwrap_or_else(|| unknown_outputs(first_dense_type(inputs), 1)));
        }
        // Indices of a shape known only when the graph runs (`tf.boolean_mask`'s
        // `Squeeze(Where(mask))`) give what is known of the dims.
        let shape = direct.unwrap_or_else(TensorShape::unknown);
        let dtype = match inputs.first().map(|fact| fact.value_type) {
            Some(ValueType::Dense(dtype)) => dtype,
            _ => DType::Float32,
        };
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dtype),
            shape,
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [params, indices, axis] = inputs else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "GatherV2 takes params, indices and axis",
            ));
        };
        let axis = scalar_integer(axis, 2, "GatherV2")?;
        Ok(vec![ops::gather(params, indices, axis)?])
    }

    /// `_GatherV2Grad`, as a dense tensor.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(Some(grad)), [params, indices, axis]) = (grads.first(), inputs) else {
            return Ok(vec![None; inputs.len()]);
        };
        let axis = axis.to_i64_vec().unwrap_or_default();
        Ok(vec![
            Some(gather_gradient(
                params,
                indices,
                axis.first().copied().unwrap_or(0),
                grad,
            )?),
            None,
            None,
        ])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["params", "indices", "axis"], "output"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        [
            typed_attr(inputs, "Taxis", 2),
            typed_attr(inputs, "Tindices", 1),
            typed_attr(inputs, "Tparams", 0),
            Some("batch_dims=0".to_string()),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![2]
    }

    fn shape_evaluation(&self) -> ShapeEvaluation {
        ShapeEvaluation::MovesEntries
    }
}

/// TensorFlow's `_GatherV2Grad` (`batch_dims=0`): each slice of the gradient added back at
/// the position its index names along `axis`, zeros elsewhere.
fn gather_gradient(
    params: &Tensor,
    indices: &Tensor,
    axis: i64,
    grad: &Tensor,
) -> TfResult<Tensor> {
    let dims = params.dims();
    let rank = dims.len() as i64;
    let axis = usize::try_from(if axis < 0 { axis + rank } else { axis })
        .ok()
        .filter(|axis| *axis < dims.len())
        .ok_or_else(|| TfError::internal("a taped GatherV2 has an invalid axis"))?;
    let outer: usize = dims[..axis].iter().product();
    let inner: usize = dims[axis + 1..].iter().product();
    let length = dims[axis];
    let positions = indices.to_i64_vec().unwrap_or_default();
    let grads = grad.to_f64_vec().unwrap_or_default();
    let mut scattered = vec![0.0f64; params.num_elements()];
    for o in 0..outer {
        for (i, &position) in positions.iter().enumerate() {
            let Ok(position) = usize::try_from(position) else {
                continue;
            };
            if position >= length {
                continue;
            }
            for j in 0..inner {
                let source = (o * positions.len() + i) * inner + j;
                let target = (o * length + position) * inner + j;
                if let (Some(value), Some(slot)) = (grads.get(source), scattered.get_mut(target)) {
                    *slot += value;
                }
            }
        }
    }
    let scattered = Tensor::from_vec(params.shape().clone(), scattered).map_err(kernel)?;
    ops::cast(&scattered, params.dtype()).map_err(kernel)
}
