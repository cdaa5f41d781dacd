//! `ExpandDims` (`tf.expand_dims(input, axis)`): the input with a size-1 axis inserted.

use super::support::{dense_type, type_name};
use super::{Op, OpDef, ShapeEvaluation};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use crate::tape::kernel;
use report::OpClass;
use tensor::{ErrorClass, OpError, Tensor, TensorShape};

/// The op type: it only relabels its input's buffer; `dim` is read from host memory.
pub static DEF: OpDef = OpDef::compute("ExpandDims")
    .class(OpClass::Free)
    .host_memory(&[1]);

/// The op.
#[derive(Clone, Debug, PartialEq)]
pub struct ExpandDims;

impl ExpandDims {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(ExpandDims)
    }
}

impl Op for ExpandDims {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    /// TensorFlow's shape function: `dim` one value in `[-rank - 1, rank]`.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let [input, dim] = inputs else {
            return Err(TfError::internal("ExpandDims takes input and dim"));
        };
        let dtype = dense_type(inputs, 0, "ExpandDims")?;
        let out = |shape| {
            Ok(vec![OutputFact {
                value_type: ValueType::Dense(dtype),
                shape,
            }])
        };
        let values = dim.constant.and_then(Tensor::to_i64_vec);
        if values.as_ref().is_some_and(|values| values.len() != 1) {
            return Err(TfError::invalid_argument(
                "'dim' input must be a tensor with a single value",
            ));
        }
        let (Some(values), Some(dims)) = (values, input.shape.dims()) else {
            return out(TensorShape::unknown());
        };
        let rank = dims.len() as i64;
        let at = values[0];
        if at < -rank - 1 || at > rank {
            return Err(TfError::invalid_argument(format!(
                "dim {at} not in the interval [{}, {rank}].",
                -rank - 1
            )));
        }
        let at = if at < 0 { at + rank + 1 } else { at } as usize;
        let mut expanded = dims.to_vec();
        expanded.insert(at, Some(1));
        out(TensorShape::new(expanded))
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [input, dim] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "ExpandDims takes input and dim",
            ));
        };
        let values = dim.to_i64_vec().unwrap_or_default();
        let [at] = values.as_slice() else {
            return Err(OpError::kernel_of(
                ErrorClass::InvalidArgument,
                "ExpandDims",
                Some(""),
                "'dim' must be a tensor with a single value",
            ));
        };
        Ok(vec![tensor::ops::expand_dims(input, *at)?])
    }

    /// `_ExpandDimsGrad`: the gradient reshaped to the input's shape.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(input), Some(Some(grad))) = (inputs.first(), grads.first()) else {
            return Ok(vec![None, None]);
        };
        let dims: Vec<i64> = input.dims().iter().map(|&dim| dim as i64).collect();
        Ok(vec![
            Some(tensor::ops::reshape(grad, &dims).map_err(kernel)?),
            None,
        ])
    }

    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let input = *inputs
            .first()
            .ok_or_else(|| TfError::internal("a traced ExpandDims lost its input"))?;
        let reshaped = super::support::reshape_like(ctx, grad, input)?;
        Ok(vec![Some(reshaped), None])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["input", "dim"], "output"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![
            format!("T={}", type_name(inputs, 0)),
            format!("Tdim={}", type_name(inputs, 1)),
        ]
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![1]
    }

    fn value_inputs(&self) -> &'static [usize] {
        &[1]
    }

    fn shape_evaluation(&self) -> ShapeEvaluation {
        ShapeEvaluation::MovesEntries
    }
}
