//! `Tile` (`tf.tile(input, multiples)`): the input repeated `multiples[i]` times along each
//! axis.

use super::support::{dense_type, type_name};
use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{shape_entries, InputFact, OpKind, OutputFact, ValueType};
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
