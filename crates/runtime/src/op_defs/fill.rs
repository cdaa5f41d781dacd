//! `Fill` (`tf.fill(dims, value)`, and eager `tf.zeros`/`tf.ones`): a tensor of shape
//! `dims` holding `value` everywhere.

use super::support::{dense_type, symbolic, type_name};
use super::{Op, OpDef};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{shape_entries, shape_from_entries, InputFact, OpKind, OutputFact, ValueType};
use crate::tape::kernel;
use tensor::ops::ReduceOp;
use tensor::{DType, ErrorClass, OpError, Tensor};

/// The op type: `dims` is read from host memory.
pub static DEF: OpDef = OpDef::compute("Fill").host_memory(&[0]);

/// The op.
#[derive(Clone, Debug, PartialEq)]
pub struct Fill;

impl Fill {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(Fill)
    }
}

impl Op for Fill {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    /// Its `T` is the value's dtype.
    fn type_attr(&self, inputs: &[ValueType]) -> Option<DType> {
        match inputs.get(1) {
            Some(ValueType::Dense(dtype) | ValueType::Ref(dtype)) => Some(*dtype),
            _ => None,
        }
    }

    /// TensorFlow's shape function: `dims` a vector, `value` a scalar, no negative known
    /// dimension; the output's shape is `dims` read as a shape.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let [dims, value] = inputs else {
            return Err(TfError::internal("Fill takes dims and value"));
        };
        for (fact, rank) in [(dims, 1), (value, 0)] {
            if let Some(actual) = fact.shape.dims().map(<[_]>::len).filter(|r| *r != rank) {
                return Err(TfError::invalid_argument(format!(
                    "Shape must be rank {rank} but is rank {actual}"
                )));
            }
        }
        if dims
            .constant
            .and_then(Tensor::to_i64_vec)
            .is_some_and(|values| values.iter().any(|&dim| dim < 0))
        {
            return Err(TfError::invalid_argument("Fill dimensions must be >= 0"));
        }
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dense_type(inputs, 1, "Fill")?),
            shape: shape_from_entries(shape_entries(dims)),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [dims, value] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "Fill takes dims and value",
            ));
        };
        let dims = dims.to_i64_vec().unwrap_or_default();
        Ok(vec![tensor::ops::fill(&dims, value)?])
    }

    /// `_FillGrad`: the value's gradient is the sum of the output's.
    fn gradient(
        &self,
        _inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let Some(Some(grad)) = grads.first() else {
            return Ok(vec![None, None]);
        };
        let summed = tensor::ops::reduce(ReduceOp::Sum, grad, None, false).map_err(kernel)?;
        Ok(vec![None, Some(summed)])
    }

    fn graph_gradient(
        &self,
        ctx: &mut Context,
        _inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let summed = ctx.reduce(
            ReduceOp::Sum,
            super::support::operand(grad),
            None,
            false,
            None,
        )?;
        Ok(vec![None, Some(symbolic(summed)?)])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["dims", "value"], "output"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![
            format!("T={}", type_name(inputs, 1)),
            format!("index_type={}", type_name(inputs, 0)),
        ]
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![0]
    }

    fn shape_input(&self) -> Option<usize> {
        Some(0)
    }
}
