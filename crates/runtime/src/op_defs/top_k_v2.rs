//! `TopKV2` (`tf.math.top_k(input, k, sorted=True)`, and through it `tf.sort` and
//! `tf.argsort`): the `k` largest entries of each row (the last axis), largest first, and
//! their int32 positions.

use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{data_type, InputFact, OpKind, OutputFact, ValueType};
use tensor::ops::scatter_add;
use tensor::{DType, ErrorClass, OpError, Tensor, TensorShape};

/// The op type: `k` is read from host memory.
pub static DEF: OpDef = OpDef::compute("TopKV2").host_memory(&[1]);

/// The op (`sorted=True`, int32 indices).
#[derive(Clone, Debug, PartialEq)]
pub struct TopKV2;

impl TopKV2 {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(TopKV2)
    }
}

/// `k` when inference can tell it: a constant, or what partial evaluation found
/// (`tf.sort`'s `shape(values)[axis]`).
fn known_k(fact: &InputFact<'_>) -> Option<i64> {
    match fact.constant {
        Some(constant) => constant.to_i64_vec()?.first().copied(),
        None => fact.shape_value?.first().copied().flatten(),
    }
}

impl Op for TopKV2 {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    fn output_count(&self) -> usize {
        2
    }

    /// TensorFlow's `TopKShapeFn`.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let [input, k] = inputs else {
            return Err(TfError::internal("TopKV2 takes input and k"));
        };
        let dims = input.shape.dims();
        if let Some(dims) = dims.filter(|dims| dims.is_empty()) {
            return Err(TfError::invalid_argument(format!(
                "Shape must be at least rank 1 but is rank {}",
                dims.len()
            )));
        }
        if let Some(rank) = k.shape.dims().map(<[_]>::len).filter(|rank| *rank != 0) {
            return Err(TfError::invalid_argument(format!(
                "Shape must be rank 0 but is rank {rank}"
            )));
        }
        let k = known_k(k);
        if let Some(k) = k.filter(|k| *k < 0) {
            return Err(TfError::invalid_argument(format!(
                "Dimension size, given by scalar input 1, must be non-negative but is {k}"
            )));
        }
        let last = dims.and_then(|dims| dims.last().copied().flatten());
        if let (Some(k), Some(last)) = (k, last) {
            if (last as i64) < k {
                return Err(TfError::invalid_argument(format!(
                    "input must have last dimension >= k = {k} but is {last}"
                )));
            }
        }
        let shape = match dims {
            Some(dims) => {
                let mut dims = dims.to_vec();
                if let Some(slot) = dims.last_mut() {
                    *slot = k.and_then(|k| usize::try_from(k).ok());
                }
                TensorShape::new(dims)
            }
            None => TensorShape::unknown(),
        };
        let values = match input.value_type {
            ValueType::Dense(dtype) | ValueType::Ref(dtype) => dtype,
            ValueType::Resource => return Err(TfError::internal("TopKV2 of a resource")),
        };
        Ok(vec![
            OutputFact {
                value_type: ValueType::Dense(values),
                shape: shape.clone(),
            },
            OutputFact {
                value_type: ValueType::Dense(DType::Int32),
                shape,
            },
        ])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [input, k] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "TopKV2 takes input and k",
            ));
        };
        if k.rank() != 0 {
            return Err(OpError::kernel_of(
                ErrorClass::InvalidArgument,
                "TopKV2",
                Some(""),
                format!("k must be scalar, got shape {}", k.shape().to_tf_list()),
            ));
        }
        let k = k.to_i64_vec().and_then(|k| k.first().copied()).unwrap_or(0);
        let (values, indices) = tensor::ops::top_k(input, k)?;
        Ok(vec![values, indices])
    }

    /// `_TopKGrad`: the values' gradient added back at the positions the indices name in
    /// each row, zeros elsewhere.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(input), Some(indices), Some(Some(grad))) =
            (inputs.first(), outputs.get(1), grads.first())
        else {
            return Ok(vec![None, None]);
        };
        let columns = input.dims().last().copied().unwrap_or(1).max(1);
        let k = indices.dims().last().copied().unwrap_or(0).max(1);
        let positions = indices.to_i64_vec().unwrap_or_default();
        let pairs: Vec<(usize, usize)> = positions
            .iter()
            .enumerate()
            .map(|(slot, &position)| ((slot / k) * columns + position as usize, slot))
            .collect();
        let scattered = scatter_add(grad, input.shape().clone(), &pairs)
            .ok_or_else(|| TfError::internal("a TopKV2 gradient of a non-numeric type"))?
            .map_err(|error| TfError::internal(error.message))?;
        Ok(vec![Some(scattered), None])
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        let type_of = |index: usize| match inputs.get(index).map(|fact| fact.value_type) {
            Some(ValueType::Dense(dtype) | ValueType::Ref(dtype)) => data_type(dtype).enum_name(),
            _ => "DT_INVALID",
        };
        vec![
            format!("T={}", type_of(0)),
            format!("Tk={}", type_of(1)),
            "index_type=DT_INT32".to_string(),
            "sorted=true".to_string(),
        ]
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![1]
    }

    fn shape_input(&self) -> Option<usize> {
        Some(1)
    }

    fn value_inputs(&self) -> &'static [usize] {
        &[1]
    }
}
