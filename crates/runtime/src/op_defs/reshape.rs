//! `Reshape` (`tf.reshape`): the same elements in a new shape; input 1 holds the shape,
//! which stays in host memory and which XLA must know when it compiles.

use super::support::{dense_type, operand, reshape_like, symbolic, type_name};
use super::{Op, OpDef, ShapeEvaluation};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{shape_entries, InputFact, OpKind, OutputFact, ValueType};
use crate::shape_fn::shape_text;
use crate::tape::kernel;
use tensor::{OpError, Tensor, TensorShape};

/// `Reshape`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reshape;

impl Reshape {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(Reshape)
    }
}

impl Op for Reshape {
    fn def(&self) -> &'static OpDef {
        super::family_def("Reshape")
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let input = inputs
            .first()
            .map_or_else(TensorShape::unknown, |fact| fact.shape.clone());
        if let Some(target) = inputs.get(1).and_then(|fact| fact.shape_value) {
            reshape_check(&input, target)?;
        }
        let shape = inputs
            .get(1)
            .and_then(shape_entries)
            .map_or_else(TensorShape::unknown, |target| {
                reshape_static(&input, &target)
            });
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dense_type(inputs, 0, "Reshape")?),
            shape,
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [tensor, shape] = inputs else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "Reshape takes tensor and shape",
            ));
        };
        let shape = shape.to_i64_vec().ok_or_else(|| {
            OpError::python(
                tensor::ErrorClass::InvalidArgument,
                format!(
                    "Reshape expects an integer tensor, got {}",
                    shape.dtype().name()
                ),
            )
        })?;
        Ok(vec![tensor::ops::reshape(tensor, &shape)?])
    }

    /// `_ReshapeGrad`: the gradient reshaped to the input's shape.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(Some(grad)), Some(x)) = (grads.first(), inputs.first()) else {
            return Ok(vec![None; inputs.len()]);
        };
        let dims: Vec<i64> = x.dims().iter().map(|d| *d as i64).collect();
        Ok(vec![
            Some(tensor::ops::reshape(grad, &dims).map_err(kernel)?),
            None,
        ])
    }

    /// `_ReshapeGrad`: `reshape(grad, shape(x))`; when `x`'s static shape misses exactly
    /// one dimension (and has no zero), a constant shape with `-1` there instead, which
    /// makes no `Shape` op.
    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let x = *inputs
            .first()
            .ok_or_else(|| TfError::internal("a traced Reshape lost its input"))?;
        let static_shape = ctx.handle_shape(&crate::api::Handle::Symbolic(x))?;
        if let Some(dims) = static_shape.dims() {
            let unknown = dims.iter().filter(|dim| dim.is_none()).count();
            let has_zero = dims.contains(&Some(0));
            if unknown == 1 && !has_zero {
                let target: Vec<i64> = dims
                    .iter()
                    .map(|dim| dim.map_or(-1, |d| d as i64))
                    .collect();
                let reshaped = ctx.reshape(operand(grad), target, None)?;
                return Ok(vec![Some(symbolic(reshaped)?), None]);
            }
        }
        Ok(vec![Some(reshape_like(ctx, grad, x)?), None])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["tensor", "shape"], "output"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![
            format!("T={}", type_name(inputs, 0)),
            format!("Tshape={}", type_name(inputs, 1)),
        ]
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![1]
    }

    fn shape_input(&self) -> Option<usize> {
        Some(1)
    }

    fn shape_evaluation(&self) -> ShapeEvaluation {
        ShapeEvaluation::MovesEntries
    }
}

/// `SetOutputShapeForReshape`: the input's element count against the target's, or the
/// divisibility that would fill the target's `-1`.
fn reshape_check(input: &TensorShape, target: &[Option<i64>]) -> TfResult<()> {
    let Some(input_dims) = input.dims() else {
        return Ok(());
    };
    let target_dims: Vec<Option<usize>> = target
        .iter()
        .map(|dim| dim.and_then(|dim| usize::try_from(dim).ok()))
        .collect();
    let unknown_out = target_dims.iter().filter(|dim| dim.is_none()).count();
    let unknown_in = input_dims.iter().filter(|dim| dim.is_none()).count();
    if unknown_out > 1 || unknown_in > 1 {
        return Ok(());
    }
    let known_out = target_dims
        .iter()
        .flatten()
        .try_fold(1usize, |product, dim| product.checked_mul(*dim));
    let known_in = input_dims
        .iter()
        .flatten()
        .try_fold(1usize, |product, dim| product.checked_mul(*dim));
    let (Some(known_out), Some(known_in)) = (known_out, known_in) else {
        return Ok(());
    };
    let divisible = |divisor: usize, value: usize| {
        if value.is_multiple_of(divisor) {
            Ok(())
        } else {
            Err(TfError::invalid_argument(format!(
                "Dimension size must be evenly divisible by {divisor} but is {value}"
            )))
        }
    };
    match (unknown_in, unknown_out) {
        (0, 0) if known_in != known_out => Err(TfError::invalid_argument(format!(
            "Cannot reshape a tensor with {known_in} elements to shape {} ({known_out} elements)",
            shape_text(&TensorShape::new(target_dims))
        ))),
        (0, 1) if known_out > 0 => divisible(known_out, known_in),
        (1, 0) if known_in != 0 => divisible(known_in, known_out),
        _ => Ok(()),
    }
}

/// `Reshape`'s shape function: the target's known entries, and its one unknown entry
/// (`-1`, or a value not known until run time) inferred when the input's size is known.
fn reshape_static(input: &TensorShape, target: &[Option<i64>]) -> TensorShape {
    let mut dims: Vec<Option<usize>> = target
        .iter()
        .map(|dim| dim.and_then(|dim| usize::try_from(dim).ok()))
        .collect();
    let total: Option<usize> = input
        .dims()
        .and_then(|dims| dims.iter().copied().collect::<Option<Vec<_>>>())
        .map(|dims| dims.iter().product());
    let unknown: Vec<usize> = (0..dims.len()).filter(|i| dims[*i].is_none()).collect();
    if let (Some(total), [missing]) = (total, unknown.as_slice()) {
        let known: usize = dims.iter().flatten().product();
        if known > 0 && total % known == 0 {
            dims[*missing] = Some(total / known);
        }
    }
    TensorShape::new(dims)
}
