//! `Cumsum` (`tf.cumsum(x, axis, exclusive, reverse)`) and `Cumprod` (`tf.math.cumprod`):
//! running sums and products along an axis.

use super::support::{dense_type, operand, symbolic, type_name};
use super::{Op, OpDef};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use tensor::{ErrorClass, OpError, Tensor};

/// The op type: its axis is read from host memory.
pub static DEF: OpDef = OpDef::compute("Cumsum").host_memory(&[1]);
/// `Cumprod`, the same with products.
pub static CUMPROD: OpDef = OpDef::compute("Cumprod").host_memory(&[1]);

/// The op with its attributes.
#[derive(Clone, Debug, PartialEq)]
pub struct Cumsum {
    /// Each output leaves out its own element.
    pub exclusive: bool,
    /// Sums from the end.
    pub reverse: bool,
}

impl Cumsum {
    /// Wraps the op for `OpKind`.
    pub fn kind(exclusive: bool, reverse: bool) -> OpKind {
        OpKind::new(Cumsum { exclusive, reverse })
    }
}

impl Op for Cumsum {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    /// `UnchangedShape`: the axis is checked by the kernel, when it runs.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let x = inputs
            .first()
            .ok_or_else(|| TfError::internal("Cumsum takes x and axis"))?;
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dense_type(inputs, 0, "Cumsum")?),
            shape: x.shape.clone(),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [x, axis] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "Cumsum takes x and axis",
            ));
        };
        tensor::ops::check_allowed_named("Cumsum", Some(""), x.dtype())?;
        if axis.rank() != 0 {
            return Err(OpError::kernel_of(
                ErrorClass::InvalidArgument,
                "Cumsum",
                Some(""),
                format!(
                    "ScanOp: axis must be a scalar, not {}",
                    axis.shape().to_tf_list()
                ),
            ));
        }
        let axis = axis
            .to_i64_vec()
            .and_then(|axis| axis.first().copied())
            .unwrap_or(0);
        Ok(vec![tensor::ops::cumsum(
            x,
            axis,
            self.exclusive,
            self.reverse,
        )?])
    }

    /// `_CumsumGrad`: the gradient summed the other way along the same axis.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(axis), Some(Some(grad))) = (inputs.get(1), grads.first()) else {
            return Ok(vec![None, None]);
        };
        let reversed = Cumsum {
            exclusive: self.exclusive,
            reverse: !self.reverse,
        };
        let summed = reversed
            .compute(&[grad, axis])
            .map_err(|error| TfError::internal(error.message))?;
        Ok(vec![summed.into_iter().next(), None])
    }

    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let [_, axis] = inputs else {
            return Err(TfError::internal("a traced Cumsum lost an input"));
        };
        let summed = ctx.array_op(
            Cumsum::kind(self.exclusive, !self.reverse),
            "Cumsum",
            None,
            vec![(operand(grad), "x", true), (operand(*axis), "axis", false)],
        )?;
        Ok(vec![Some(symbolic(summed)?), None])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["x", "axis"], "out"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![
            format!("T={}", type_name(inputs, 0)),
            format!("Tidx={}", type_name(inputs, 1)),
            format!("exclusive={}", self.exclusive),
            format!("reverse={}", self.reverse),
        ]
    }

    fn forward_name_scoped(&self, _name_stem: &str) -> bool {
        true
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![1]
    }

    fn value_inputs(&self) -> &'static [usize] {
        &[1]
    }
}

/// `Cumprod` with its attributes.
#[derive(Clone, Debug, PartialEq)]
pub struct Cumprod {
    /// Each output leaves out its own element.
    pub exclusive: bool,
    /// Multiplies from the end.
    pub reverse: bool,
}

impl Cumprod {
    /// Wraps the op for `OpKind`.
    pub fn kind(exclusive: bool, reverse: bool) -> OpKind {
        OpKind::new(Cumprod { exclusive, reverse })
    }
}

/// The scan op's axis, which must be a scalar (`op` names the op in the kernel's error).
fn scan_axis(op: &'static str, axis: &Tensor) -> Result<i64, OpError> {
    if axis.rank() != 0 {
        return Err(OpError::kernel_of(
            ErrorClass::InvalidArgument,
            op,
            Some(""),
            format!(
                "ScanOp: axis must be a scalar, not {}",
                axis.shape().to_tf_list()
            ),
        ));
    }
    Ok(axis
        .to_i64_vec()
        .and_then(|axis| axis.first().copied())
        .unwrap_or(0))
}

impl Op for Cumprod {
    fn def(&self) -> &'static OpDef {
        &CUMPROD
    }

    /// `UnchangedShape`, as `Cumsum`.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let x = inputs
            .first()
            .ok_or_else(|| TfError::internal("Cumprod takes x and axis"))?;
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dense_type(inputs, 0, "Cumprod")?),
            shape: x.shape.clone(),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [x, axis] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "Cumprod takes x and axis",
            ));
        };
        tensor::ops::check_allowed_named("Cumprod", Some(""), x.dtype())?;
        let axis = scan_axis("Cumprod", axis)?;
        Ok(vec![tensor::ops::cumprod(
            x,
            axis,
            self.exclusive,
            self.reverse,
        )?])
    }

    /// `_CumprodGrad`: `div_no_nan(cumsum(cumprod(x) * grad, reverse=not reverse), x)`.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(x), Some(axis), Some(Some(grad))) =
            (inputs.first(), inputs.get(1), grads.first())
        else {
            return Ok(vec![None, None]);
        };
        let internal = |error: OpError| TfError::internal(error.message);
        let prod = self.compute(&[x, axis]).map_err(internal)?.remove(0);
        let weighted =
            tensor::ops::binary(tensor::ops::BinaryOp::Mul, &prod, grad).map_err(internal)?;
        let summed = Cumsum {
            exclusive: self.exclusive,
            reverse: !self.reverse,
        }
        .compute(&[&weighted, axis])
        .map_err(internal)?
        .remove(0);
        let gx = super::DivNoNan
            .compute(&[&summed, x])
            .map_err(internal)?
            .remove(0);
        Ok(vec![Some(gx), None])
    }

    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let [x, axis] = inputs else {
            return Err(TfError::internal("a traced Cumprod lost an input"));
        };
        let prod = ctx.array_op(
            Cumprod::kind(self.exclusive, self.reverse),
            "Cumprod",
            None,
            vec![(operand(*x), "x", true), (operand(*axis), "axis", false)],
        )?;
        let weighted = ctx.binary(
            tensor::ops::BinaryOp::Mul,
            crate::Operand::Handle(prod),
            operand(grad),
            None,
        )?;
        let summed = ctx.array_op(
            Cumsum::kind(self.exclusive, !self.reverse),
            "Cumsum",
            None,
            vec![
                (crate::Operand::Handle(weighted), "x", true),
                (operand(*axis), "axis", false),
            ],
        )?;
        let gx = ctx.array_op(
            super::DivNoNan::kind(),
            "div_no_nan",
            None,
            vec![
                (crate::Operand::Handle(summed), "x", true),
                (operand(*x), "y", true),
            ],
        )?;
        Ok(vec![Some(symbolic(gx)?), None])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["x", "axis"], "out"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![
            format!("T={}", type_name(inputs, 0)),
            format!("Tidx={}", type_name(inputs, 1)),
            format!("exclusive={}", self.exclusive),
            format!("reverse={}", self.reverse),
        ]
    }

    fn forward_name_scoped(&self, _name_stem: &str) -> bool {
        true
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![1]
    }

    fn value_inputs(&self) -> &'static [usize] {
        &[1]
    }
}
