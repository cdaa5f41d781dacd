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

/// `Cumsum` or `Cumprod` with its attributes.
#[derive(Clone, Debug, PartialEq)]
pub struct Scan {
    /// Products (`Cumprod`) rather than sums (`Cumsum`).
    pub product: bool,
    /// Each output leaves out its own element.
    pub exclusive: bool,
    /// Runs from the end.
    pub reverse: bool,
}

impl Scan {
    /// `Cumsum`, wrapped for `OpKind`.
    pub fn cumsum(exclusive: bool, reverse: bool) -> OpKind {
        OpKind::new(Scan {
            product: false,
            exclusive,
            reverse,
        })
    }

    /// `Cumprod`, wrapped for `OpKind`.
    pub fn cumprod(exclusive: bool, reverse: bool) -> OpKind {
        OpKind::new(Scan {
            product: true,
            exclusive,
            reverse,
        })
    }

    fn name(&self) -> &'static str {
        self.def().name
    }

    /// The same scan the other way along its axis (`_CumsumGrad`), as sums.
    fn reversed_sum(&self) -> Scan {
        Scan {
            product: false,
            exclusive: self.exclusive,
            reverse: !self.reverse,
        }
    }
}

impl Op for Scan {
    fn def(&self) -> &'static OpDef {
        if self.product {
            &CUMPROD
        } else {
            &DEF
        }
    }

    /// `UnchangedShape`: the axis is checked by the kernel, when it runs.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let x = inputs
            .first()
            .ok_or_else(|| TfError::internal(format!("{} takes x and axis", self.name())))?;
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dense_type(inputs, 0, self.name())?),
            shape: x.shape.clone(),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let name = self.name();
        let [x, axis] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                format!("{name} takes x and axis"),
            ));
        };
        tensor::ops::check_allowed_named(name, Some(""), x.dtype())?;
        if axis.rank() != 0 {
            return Err(OpError::kernel_of(
                ErrorClass::InvalidArgument,
                name,
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
        let scan = if self.product {
            tensor::ops::cumprod
        } else {
            tensor::ops::cumsum
        };
        Ok(vec![scan(x, axis, self.exclusive, self.reverse)?])
    }

    /// `_CumsumGrad`: the gradient summed the other way along the same axis.
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
        if !self.product {
            let summed = self
                .reversed_sum()
                .compute(&[grad, axis])
                .map_err(internal)?;
            return Ok(vec![summed.into_iter().next(), None]);
        }
        let prod = self.compute(&[x, axis]).map_err(internal)?.remove(0);
        let weighted =
            tensor::ops::binary(tensor::ops::BinaryOp::Mul, &prod, grad).map_err(internal)?;
        let summed = self
            .reversed_sum()
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
            return Err(TfError::internal(format!(
                "a traced {} lost an input",
                self.name()
            )));
        };
        let mut gradient = operand(grad);
        if self.product {
            let prod = ctx.array_op(
                OpKind::new(self.clone()),
                "Cumprod",
                None,
                vec![(operand(*x), "x", true), (operand(*axis), "axis", false)],
            )?;
            let weighted = ctx.binary(
                tensor::ops::BinaryOp::Mul,
                crate::Operand::Handle(prod),
                gradient,
                None,
            )?;
            gradient = crate::Operand::Handle(weighted);
        }
        let summed = ctx.array_op(
            OpKind::new(self.reversed_sum()),
            "Cumsum",
            None,
            vec![(gradient, "x", true), (operand(*axis), "axis", false)],
        )?;
        if !self.product {
            return Ok(vec![Some(symbolic(summed)?), None]);
        }
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
