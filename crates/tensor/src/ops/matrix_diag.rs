//! `MatrixDiagV3`, `MatrixSetDiagV3` and `MatrixDiagPartV3` on the main diagonal (`k = 0`):
//! what `tf.eye` builds (a diagonal of ones spread into a square matrix, or set into a zero
//! matrix), and the pieces of their gradients.

use super::support::{expect_dtype, internal};
use super::OpType;
use crate::error::{OpError, OpResult};
use crate::limits;
use crate::shape::Shape;
use crate::tensor::{Tensor, TensorData};

/// Splits `dims` into the batch element count and the last two dimensions.
fn batch_and_matrix(op: OpType, dims: &[usize], what: &str) -> OpResult<(usize, usize, usize)> {
    let [batch @ .., rows, cols] = dims else {
        return Err(OpError::invalid_argument(
            op,
            format!(
                "{what} must be at least 2-dim, received shape: {}",
                Shape::new(dims.to_vec()).to_tf_list()
            ),
        ));
    };
    Ok((batch.iter().product(), *rows, *cols))
}

/// `MatrixDiagV3(diagonal, k=0, num_rows=-1, num_cols=-1, padding_value)`: a batch of square
/// matrices `[..., n, n]` with `diagonal[..., n]` on the main diagonal and `padding` (a
/// scalar of the diagonal's dtype) elsewhere.
pub fn matrix_diag(diagonal: &Tensor, padding: &Tensor) -> OpResult<Tensor> {
    let op = OpType::MatrixDiagV3;
    expect_dtype(op, 4, diagonal.dtype(), padding.dtype())?;
    let Some((&size, batch)) = diagonal.dims().split_last() else {
        return Err(OpError::invalid_argument(
            op,
            "diagonal must be at least 1-dim, received shape: []",
        ));
    };
    if padding.num_elements() != 1 {
        return Err(OpError::invalid_argument(
            op,
            format!(
                "padding_value must be a scalar, received shape: {}",
                padding.shape().to_tf_list()
            ),
        ));
    }
    let mut dims = diagonal.dims().to_vec();
    dims.push(size);
    // The output's size is checked before anything is allocated (`tf.eye(10**5)`).
    limits::check_elements(&Shape::new(dims.clone()))?;
    let matrices: usize = batch.iter().product();
    let picks = (0..matrices).flat_map(|matrix| {
        (0..size * size).map(move |at| {
            let (row, col) = (at / size, at % size);
            if row == col {
                (0, matrix * size + row)
            } else {
                (1, 0)
            }
        })
    });
    let data = TensorData::gather_parts_from(&[diagonal.data(), padding.data()], picks)
        .ok_or_else(|| internal(op, "diagonal and padding storages differ"))?;
    Tensor::new(diagonal.dtype(), Shape::new(dims), data)
}

/// The flat indices of the main diagonal of every matrix in `dims` (`[..., rows, cols]`).
fn diagonal_indices(matrices: usize, rows: usize, cols: usize) -> Vec<usize> {
    let size = rows.min(cols);
    (0..matrices)
        .flat_map(|matrix| (0..size).map(move |i| matrix * rows * cols + i * cols + i))
        .collect()
}

/// `MatrixSetDiagV3(input, diagonal, k=0)`: `input` with its main diagonals replaced by
/// `diagonal[..., min(rows, cols)]`.
pub fn matrix_set_diag(input: &Tensor, diagonal: &Tensor) -> OpResult<Tensor> {
    let op = OpType::MatrixSetDiagV3;
    expect_dtype(op, 1, input.dtype(), diagonal.dtype())?;
    let (matrices, rows, cols) = batch_and_matrix(op, input.dims(), "input")?;
    let mut expected = input.dims()[..input.rank() - 2].to_vec();
    expected.push(rows.min(cols));
    if diagonal.dims() != expected.as_slice() {
        return Err(OpError::invalid_argument(
            op,
            format!(
                "diagonal must have shape {}, received shape: {}",
                Shape::new(expected).to_tf_list(),
                diagonal.shape().to_tf_list()
            ),
        ));
    }
    let mut picks: Vec<(usize, usize)> = (0..input.num_elements()).map(|i| (0, i)).collect();
    for (position, index) in diagonal_indices(matrices, rows, cols)
        .into_iter()
        .enumerate()
    {
        picks[index] = (1, position);
    }
    let data = TensorData::gather_parts(&[input.data(), diagonal.data()], &picks)
        .ok_or_else(|| internal(op, "input and diagonal storages differ"))?;
    Tensor::new(input.dtype(), input.shape().clone(), data)
}

/// `MatrixDiagPartV3(input, k=0)`: the main diagonals `[..., min(rows, cols)]` (the
/// gradient of `MatrixDiagV3`, and of `MatrixSetDiagV3`'s diagonal).
pub fn matrix_diag_part(input: &Tensor) -> OpResult<Tensor> {
    let op = OpType::MatrixDiagPartV3;
    let (matrices, rows, cols) = batch_and_matrix(op, input.dims(), "input")?;
    let data = input.data().take(&diagonal_indices(matrices, rows, cols));
    let mut dims = input.dims()[..input.rank() - 2].to_vec();
    dims.push(rows.min(cols));
    Tensor::new(input.dtype(), Shape::new(dims), data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spreads_sets_and_reads_diagonals() {
        let ones = Tensor::from_vec(Shape::new(vec![2]), vec![1f32, 2.]).unwrap();
        let square = matrix_diag(&ones, &Tensor::scalar(0f32)).unwrap();
        assert_eq!(square.dims(), &[2, 2]);
        assert_eq!(square.as_slice::<f32>().unwrap(), &[1., 0., 0., 2.]);
        let zeros = Tensor::from_vec(Shape::new(vec![2, 3]), vec![0f32; 6]).unwrap();
        let set = matrix_set_diag(&zeros, &ones).unwrap();
        assert_eq!(set.as_slice::<f32>().unwrap(), &[1., 0., 0., 0., 2., 0.]);
        let part = matrix_diag_part(&set).unwrap();
        assert_eq!(part.as_slice::<f32>().unwrap(), &[1., 2.]);
        assert!(matrix_set_diag(&zeros, &square).is_err());
        assert!(matrix_diag(&Tensor::scalar(1f32), &Tensor::scalar(0f32)).is_err());
    }
}
