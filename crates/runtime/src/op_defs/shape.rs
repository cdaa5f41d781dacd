//! `Shape` (`tf.shape` of a tensor whose static shape is not fully known; a known one is a
//! `Const`): the input's dimensions.

use super::{Op, OpDef};
use crate::error::TfResult;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use tensor::{DType, OpError, Shape, Tensor, TensorShape};

/// `Shape` with its `out_type`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShapeOp {
    /// `out_type`: int32 or int64.
    pub out_type: DType,
}

impl ShapeOp {
    /// Wraps the op for `OpKind`.
    pub fn kind(out_type: DType) -> OpKind {
        OpKind::new(ShapeOp { out_type })
    }
}

impl Op for ShapeOp {
    fn def(&self) -> &'static OpDef {
        super::family_def("Shape")
    }

    /// A vector as long as the input's rank.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let rank = inputs
            .first()
            .and_then(|fact| fact.shape.dims())
            .map(<[Option<usize>]>::len);
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(self.out_type),
            shape: TensorShape::new(vec![rank]),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let Some(input) = inputs.first() else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "Shape takes input",
            ));
        };
        let dims: Vec<i64> = input.dims().iter().map(|dim| *dim as i64).collect();
        let count = dims.len();
        let dims = Tensor::from_vec(Shape::new(vec![count]), dims)?;
        Ok(vec![tensor::ops::cast(&dims, self.out_type)?])
    }

    /// Shapes are static in XLA (a bounded dynamic dimension's size included).
    fn compile_time_value(&self) -> crate::op_defs::op::CompileTimeValue {
        crate::op_defs::op::CompileTimeValue::Known
    }

    fn not_differentiable(&self) -> bool {
        true
    }
}

/// `Size` with its `out_type`: how many elements its input has (`tf.size` of a tensor whose
/// shape is known only when the graph runs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SizeOp {
    /// `out_type`: int32 or int64.
    pub out_type: DType,
}

impl SizeOp {
    /// Wraps the op for `OpKind`.
    pub fn kind(out_type: DType) -> OpKind {
        OpKind::new(SizeOp { out_type })
    }
}

impl Op for SizeOp {
    fn def(&self) -> &'static OpDef {
        super::family_def("Size")
    }

    /// A scalar.
    fn infer(&self, _inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(self.out_type),
            shape: TensorShape::new(Vec::new()),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let Some(input) = inputs.first() else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "Size takes input",
            ));
        };
        let count = Tensor::scalar(input.num_elements() as i64);
        Ok(vec![tensor::ops::cast(&count, self.out_type)?])
    }

    fn compile_time_value(&self) -> crate::op_defs::op::CompileTimeValue {
        crate::op_defs::op::CompileTimeValue::Known
    }

    fn not_differentiable(&self) -> bool {
        true
    }
}
