//! `Tile` (`tf.tile(input, multiples)`): the input repeated `multiples[i]` times along each
//! axis.

use super::support::{dense_type, operand, symbolic, type_name};
use super::{Op, OpDef, Pack, Range, ShapeOp, SizeOp, Transpose};
use crate::api::{Handle, Operand};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{shape_entries, InputFact, OpKind, OutputFact, ValueType};
use crate::tape::kernel;
use tensor::ops::ReduceOp;
use tensor::{ErrorClass, OpError, Tensor, TensorShape};

/// The op type: `multiples` is read from host memory.
pub static DEF: OpDef = OpDef::compute("Tile").host_memory(&[1]);

/// The op.
#[derive(Clone, Debug, PartialEq)]
pub struct Tile;

impl Tile {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(Tile)
    }
}

impl Op for Tile {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    /// TensorFlow's shape function: `multiples` read as a shape, whose rank must be the
    /// input's; each dimension multiplied (a negative multiple fails in the kernel).
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let [input, multiples] = inputs else {
            return Err(TfError::internal("Tile takes input and multiples"));
        };
        let dtype = dense_type(inputs, 0, "Tile")?;
        if let Some(rank) = multiples
            .shape
            .dims()
            .map(<[_]>::len)
            .filter(|rank| *rank != 1)
        {
            return Err(TfError::invalid_argument(format!(
                "Shape must be rank 1 but is rank {rank}"
            )));
        }
        let entries = shape_entries(multiples);
        if let (Some(dims), Some(entries)) = (input.shape.dims(), &entries) {
            if dims.len() != entries.len() {
                return Err(TfError::invalid_argument(format!(
                    "Shape must be rank {} but is rank {}",
                    dims.len(),
                    entries.len()
                )));
            }
        }
        let shape = match (input.shape.dims(), entries) {
            (Some(dims), Some(entries)) => TensorShape::new(
                dims.iter()
                    .zip(&entries)
                    .map(|(dim, multiple)| {
                        let multiple = usize::try_from((*multiple)?).ok()?;
                        (*dim)?.checked_mul(multiple)
                    })
                    .collect(),
            ),
            (None, Some(entries)) => TensorShape::new(vec![None; entries.len()]),
            _ => TensorShape::unknown(),
        };
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dtype),
            shape,
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [input, multiples] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "Tile takes input and multiples",
            ));
        };
        let multiples = multiples.to_i64_vec().unwrap_or_default();
        Ok(vec![tensor::ops::tile(input, &multiples)?])
    }

    /// `_TileGrad`: the gradient reshaped to `[m0, d0, m1, d1, ...]` and summed over the
    /// multiples' axes.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let ([input, multiples], Some(Some(grad))) = (inputs, grads.first()) else {
            return Ok(vec![None, None]);
        };
        let multiples = multiples.to_i64_vec().unwrap_or_default();
        let mut split = Vec::with_capacity(multiples.len() * 2);
        for (multiple, dim) in multiples.iter().zip(input.dims()) {
            split.push(*multiple);
            split.push(*dim as i64);
        }
        let axes: Vec<i64> = (0..split.len() as i64).step_by(2).collect();
        let kernel = |error: OpError| TfError::internal(error.message);
        let reshaped = tensor::ops::reshape(grad, &split).map_err(kernel)?;
        let summed =
            tensor::ops::reduce(ReduceOp::Sum, &reshaped, Some(&axes), false).map_err(kernel)?;
        Ok(vec![Some(summed), None])
    }

    /// `_TileGrad`: the gradient reshaped to `[multiples[0], dims[0], multiples[1], ...]`
    /// (built from the `Shape` of the input, so it works when shapes are known only at run
    /// time) and summed over the multiples' axes.
    fn graph_gradients(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        outputs: &[(GraphTensor, Option<GraphTensor>)],
        _skip: &[bool],
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let (Some((_, Some(grad))), [input, multiples]) = (outputs.first(), inputs) else {
            return Ok(vec![None; inputs.len()]);
        };
        let index_dtype = ctx.handle_dtype(&Handle::Symbolic(*multiples))?;
        let input_shape = ctx.array_op(
            ShapeOp::kind(index_dtype),
            "Shape",
            None,
            vec![(operand(*input), "input", false)],
        )?;
        let stacked = ctx.array_op(
            Pack::kind(0),
            "stack",
            None,
            vec![
                (operand(*multiples), "values", true),
                (input_shape.into(), "values", true),
            ],
        )?;
        let perm = Tensor::from_vec(tensor::Shape::new(vec![2]), vec![1i32, 0]).map_err(kernel)?;
        let transposed = ctx.array_op(
            Transpose::kind(),
            "transpose",
            None,
            vec![
                (stacked.into(), "x", false),
                (Operand::Literal(perm), "perm", false),
            ],
        )?;
        let split_shape = ctx.reshape(transposed.into(), vec![-1], None)?;
        let size = ctx.array_op(
            SizeOp::kind(index_dtype),
            "Size",
            None,
            vec![(split_shape.clone().into(), "input", false)],
        )?;
        let step = |value: i64| -> TfResult<Operand> {
            Ok(Operand::Literal(
                tensor::ops::cast(&Tensor::scalar(value), index_dtype).map_err(kernel)?,
            ))
        };
        let axes = ctx.array_op(
            Range::kind(),
            "range",
            None,
            vec![
                (step(0)?, "start", true),
                (size.into(), "limit", true),
                (step(2)?, "delta", true),
            ],
        )?;
        let reshaped = ctx.reshape_to(
            operand(*grad),
            crate::shape_operand::ShapeOperand::Tensor(split_shape.into()),
            None,
        )?;
        let summed = ctx.array_op(
            super::Reduce::kind(ReduceOp::Sum, false),
            "Sum",
            None,
            vec![
                (reshaped.into(), "input", false),
                (axes.into(), "reduction_indices", false),
            ],
        )?;
        Ok(vec![Some(symbolic(summed)?), None])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["input", "multiples"], "output"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![
            format!("T={}", type_name(inputs, 0)),
            format!("Tmultiples={}", type_name(inputs, 1)),
        ]
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![1]
    }

    fn shape_input(&self) -> Option<usize> {
        Some(1)
    }
}
