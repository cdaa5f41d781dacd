//! `IndexedSlices`: the gradient TensorFlow's tape gives a gather's `params` (an embedding
//! table's), rows of values for the indices read rather than a dense tensor of the table's
//! shape. Keras's optimizers treat them apart (`square` of the rows before they are
//! summed), so the numbers of a text model depend on keeping them.

use super::kernel;
use crate::error::{TfError, TfResult};
use tensor::ops;
use tensor::{DType, Shape, Tensor};

/// Rows `values` (`[n, ...]`) for `indices` (`[n]`) of a tensor of `dense_shape`.
#[derive(Clone, Debug, PartialEq)]
pub struct Slices {
    /// The rows.
    pub values: Tensor,
    /// Where each row goes (int32 or int64).
    pub indices: Tensor,
    /// The dense tensor's dims.
    pub dense_shape: Vec<usize>,
}

/// A gradient as the tape gives it.
#[derive(Clone, Debug, PartialEq)]
pub enum Gradient {
    /// A tensor (computed or not).
    Dense(crate::op::Value),
    /// `IndexedSlices`.
    Slices(Slices),
}

impl Slices {
    /// `_GatherV2Grad` for axis 0: the output gradient as one row per index.
    pub fn of_gather(params_dims: &[usize], indices: &Tensor, grad: &Tensor) -> TfResult<Slices> {
        let count = indices.num_elements() as i64;
        let mut rows = vec![count];
        rows.extend(params_dims.iter().skip(1).map(|d| *d as i64));
        Ok(Slices {
            values: ops::reshape(grad, &rows).map_err(kernel)?,
            indices: ops::reshape(indices, &[count]).map_err(kernel)?,
            dense_shape: params_dims.to_vec(),
        })
    }

    /// Several slices of one tensor as one (`AggregateIndexedSlicesGradients`: values and
    /// indices concatenated in order).
    pub fn concat(parts: &[Slices]) -> TfResult<Slices> {
        let first = parts
            .first()
            .ok_or_else(|| TfError::internal("no slices to aggregate"))?;
        if parts.len() == 1 {
            return Ok(first.clone());
        }
        let values: Vec<Tensor> = parts.iter().map(|part| part.values.clone()).collect();
        let indices: Vec<Tensor> = parts
            .iter()
            .map(|part| ops::cast(&part.indices, DType::Int64))
            .collect::<Result<_, _>>()
            .map_err(kernel)?;
        let indices = ops::concat(&indices, 0).map_err(kernel)?;
        let dtype = first.indices.dtype();
        Ok(Slices {
            values: ops::concat(&values, 0).map_err(kernel)?,
            indices: if parts.iter().all(|part| part.indices.dtype() == dtype) {
                ops::cast(&indices, dtype).map_err(kernel)?
            } else {
                indices
            },
            dense_shape: first.dense_shape.clone(),
        })
    }

    /// The dense tensor: each row added where its index says, in order, in the values'
    /// dtype (`unsorted_segment_sum`, as TensorFlow converts `IndexedSlices`).
    pub fn densify(&self) -> TfResult<Tensor> {
        let dtype = self.values.dtype();
        let rows = self.dense_shape.first().copied().unwrap_or(0);
        let width: usize = self.dense_shape.iter().skip(1).product();
        let positions = self
            .indices
            .to_i64_vec()
            .ok_or_else(|| TfError::internal("slices' indices are not integers"))?;
        let shape = Shape::new(self.dense_shape.clone());
        let place = |row: i64| usize::try_from(row).ok().filter(|row| *row < rows);
        match dtype {
            DType::Float32 => {
                let values = self
                    .values
                    .as_slice::<f32>()
                    .ok_or_else(|| TfError::internal("float32 slices without values"))?;
                let mut out = vec![0.0f32; rows * width];
                for (i, row) in positions.iter().enumerate() {
                    if let Some(row) = place(*row) {
                        let source = &values[i * width..(i + 1) * width];
                        for (target, value) in
                            out[row * width..(row + 1) * width].iter_mut().zip(source)
                        {
                            *target += *value;
                        }
                    }
                }
                Tensor::from_vec(shape, out).map_err(kernel)
            }
            _ => {
                let values = self
                    .values
                    .to_f64_vec()
                    .ok_or_else(|| TfError::internal("slices of a non-numeric dtype"))?;
                let mut out = vec![0.0f64; rows * width];
                for (i, row) in positions.iter().enumerate() {
                    if let Some(row) = place(*row) {
                        for k in 0..width {
                            out[row * width + k] += values[i * width + k];
                        }
                    }
                }
                let dense = Tensor::from_vec(shape, out).map_err(kernel)?;
                ops::cast(&dense, dtype).map_err(kernel)
            }
        }
    }
}
