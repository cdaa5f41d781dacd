//! `Const`: a value known when the op is built (graph mode's `tf.constant`, a Python
//! number an op converts, a shape inference folded).

use super::{Op, OpDef};
use crate::error::TfResult;
use crate::node_def::{tensor_value, type_value};
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use crate::op_defs::op::CompileTimeValue;
use tensor::{DType, OpError, Tensor, TensorShape};

/// `Const` holding its value.
#[derive(Clone, Debug, PartialEq)]
pub struct Const(pub Tensor);

impl Const {
    /// Wraps the op for `OpKind`.
    pub fn kind(value: Tensor) -> OpKind {
        OpKind::new(Const(value))
    }
}

impl Op for Const {
    fn def(&self) -> &'static OpDef {
        super::family_def("Const")
    }

    fn type_attr(&self, _inputs: &[ValueType]) -> Option<DType> {
        Some(self.0.dtype())
    }

    fn infer(&self, _inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(self.0.dtype()),
            shape: TensorShape::from(self.0.shape()),
        }])
    }

    fn compute(&self, _inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        Ok(vec![self.0.clone()])
    }

    fn constant_value(&self) -> Option<&Tensor> {
        Some(&self.0)
    }

    fn compile_time_value(&self) -> CompileTimeValue {
        CompileTimeValue::Known
    }

    fn node_def_attrs(
        &self,
        _input_types: &[Option<DType>],
    ) -> Option<Vec<(&'static str, String)>> {
        Some(vec![
            ("value", tensor_value(&self.0)),
            ("dtype", type_value(self.0.dtype())),
        ])
    }

    /// A graph's `Const` takes no gradient inputs.
    fn graph_gradient(
        &self,
        _ctx: &mut crate::context::Context,
        _inputs: &[crate::graph::GraphTensor],
        _y: crate::graph::GraphTensor,
        _grad: crate::graph::GraphTensor,
    ) -> TfResult<Vec<Option<crate::graph::GraphTensor>>> {
        Ok(Vec::new())
    }
}
