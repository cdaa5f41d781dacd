//! `Placeholder`: a value fed when the graph runs, in two roles. A v1 graph's placeholder
//! ([`Placeholder`]) must be fed at `Session.run`; a function body's argument ([`Arg`], a
//! parameter or a captured eager tensor) is an `_Arg` when the function runs.

use super::{Op, OpDef};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::node_def::{shape_value, type_value};
use crate::op::{InputFact, KernelFailure, OpKind, OutputFact, Value, ValueType};
use crate::op_defs::op::{CompileTimeValue, KernelEnv};
use tensor::{DType, TensorShape};

/// A v1 graph's `Placeholder`.
#[derive(Clone, Debug, PartialEq)]
pub struct Placeholder {
    /// Its dtype.
    pub dtype: DType,
    /// Its static shape (`[None, 2]`).
    pub shape: TensorShape,
}

/// An argument of a function body.
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    /// Its type.
    pub value_type: ValueType,
    /// Its static shape.
    pub shape: TensorShape,
}

impl Placeholder {
    /// Wraps the op for `OpKind`.
    pub fn kind(dtype: DType, shape: TensorShape) -> OpKind {
        OpKind::new(Placeholder { dtype, shape })
    }
}

impl Arg {
    /// Wraps the op for `OpKind`.
    pub fn kind(value_type: ValueType, shape: TensorShape) -> OpKind {
        OpKind::new(Arg { value_type, shape })
    }
}

impl Op for Placeholder {
    fn def(&self) -> &'static OpDef {
        super::family_def("Placeholder")
    }

    fn type_attr(&self, _inputs: &[ValueType]) -> Option<DType> {
        Some(self.dtype)
    }

    fn infer(&self, _inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(self.dtype),
            shape: self.shape.clone(),
        }])
    }

    /// Never computed: the session substitutes its feed first, or reports the missing one.
    fn run(
        &self,
        _inputs: &[Value],
        _env: &mut KernelEnv<'_>,
    ) -> Result<Vec<Value>, KernelFailure> {
        Err(KernelFailure::Status(TfError::internal(
            "a placeholder was computed instead of fed",
        )))
    }

    fn compile_time_value(&self) -> CompileTimeValue {
        CompileTimeValue::Argument
    }

    fn node_def_attrs(
        &self,
        _input_types: &[Option<DType>],
    ) -> Option<Vec<(&'static str, String)>> {
        Some(vec![
            ("shape", shape_value(&self.shape)),
            ("dtype", type_value(self.dtype)),
        ])
    }

    fn graph_gradient(
        &self,
        _ctx: &mut Context,
        _inputs: &[GraphTensor],
        _y: GraphTensor,
        _grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        Ok(Vec::new())
    }
}

impl Op for Arg {
    fn def(&self) -> &'static OpDef {
        super::family_def("Placeholder")
    }

    fn type_attr(&self, _inputs: &[ValueType]) -> Option<DType> {
        match self.value_type {
            ValueType::Dense(dtype) | ValueType::Ref(dtype) => Some(dtype),
            ValueType::Resource => None,
        }
    }

    fn infer(&self, _inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(vec![OutputFact {
            value_type: self.value_type,
            shape: self.shape.clone(),
        }])
    }

    /// Never computed: the function's caller passes it.
    fn run(
        &self,
        _inputs: &[Value],
        _env: &mut KernelEnv<'_>,
    ) -> Result<Vec<Value>, KernelFailure> {
        Err(KernelFailure::Status(TfError::internal(
            "a function argument was computed instead of passed",
        )))
    }

    fn compile_time_value(&self) -> CompileTimeValue {
        CompileTimeValue::Argument
    }

    fn graph_gradient(
        &self,
        _ctx: &mut Context,
        _inputs: &[GraphTensor],
        _y: GraphTensor,
        _grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        Ok(Vec::new())
    }
}
