//! `Slice` (`tf.slice`): the block of a tensor that starts at `begin` and spans `size`
//! (`-1`: to the end), with the checks and error texts of TensorFlow's
//! `SharedSliceValidation`. Python indexing is `StridedSlice`, in [`super::manip`].

use super::OpType;
use crate::error::{OpError, OpResult};
use crate::limits;
use crate::shape::Shape;
use crate::tensor::Tensor;

fn failure(message: String) -> OpError {
    // Slice's eager errors carry no ` name:` part (oracle case l4_30).
    OpError::invalid_argument(OpType::Slice, message).with_op_name(None)
}

/// The `(begin, size)` of each dimension, `-1` sizes resolved, checked as TensorFlow does.
pub fn slice_bounds(
    dims: &[usize],
    begin: &Tensor,
    size: &Tensor,
) -> OpResult<Vec<(usize, usize)>> {
    let rank = dims.len();
    let is_vector_of_rank = |tensor: &Tensor| tensor.rank() == 1 && tensor.dims()[0] == rank;
    if !is_vector_of_rank(begin) || !is_vector_of_rank(size) {
        return Err(failure(format!(
            "Expected begin and size arguments to be 1-D tensors of size {rank}, but got shapes {} and {} instead.",
            begin.shape().to_tf_list(),
            size.shape().to_tf_list()
        )));
    }
    let integers = |tensor: &Tensor| {
        tensor
            .to_i64_vec()
            .ok_or_else(|| failure("begin and size must be integers".to_string()))
    };
    let (begin, size) = (integers(begin)?, integers(size)?);
    let mut bounds = Vec::with_capacity(rank);
    for (index, &dim) in dims.iter().enumerate() {
        let (start, mut count) = (begin[index], size[index]);
        let dim = dim as i64;
        if count == -1 {
            count = dim.saturating_sub(start);
        }
        if dim == 0 {
            if start != 0 || count != 0 {
                return Err(failure(format!(
                    "Expected begin[{index}] == 0 (got {start}) and size[{index}] == 0 (got {count}) when input.dim_size({index}) == 0"
                )));
            }
        } else {
            if !(0..=dim).contains(&start) {
                return Err(failure(format!(
                    "Expected begin[{index}] in [0, {dim}], but got {start}"
                )));
            }
            if count < 0 || start.checked_add(count).is_none_or(|end| end > dim) {
                return Err(failure(format!(
                    "Expected size[{index}] in [0, {}], but got {count}",
                    dim - start
                )));
            }
        }
        bounds.push((start as usize, count as usize));
    }
    Ok(bounds)
}

/// `tf.slice(input, begin, size)`.
pub fn slice_begin_size(input: &Tensor, begin: &Tensor, size: &Tensor) -> OpResult<Tensor> {
    let bounds = slice_bounds(input.dims(), begin, size)?;
    let output_shape = Shape::new(bounds.iter().map(|&(_, count)| count).collect());
    let count = limits::check_elements(&output_shape)?;
    let strides = input.shape().strides();
    let mut indices = Vec::with_capacity(count);
    let mut counter = vec![0usize; bounds.len()];
    for _ in 0..count {
        indices.push(
            counter
                .iter()
                .zip(&bounds)
                .zip(&strides)
                .map(|((c, (start, _)), stride)| (start + c) * stride)
                .sum(),
        );
        for axis in (0..bounds.len()).rev() {
            counter[axis] += 1;
            if counter[axis] < bounds[axis].1 {
                break;
            }
            counter[axis] = 0;
        }
    }
    Tensor::new(input.dtype(), output_shape, input.data().take(&indices))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(values: Vec<i64>) -> Tensor {
        Tensor::from_vec(Shape::new(vec![values.len()]), values).unwrap()
    }

    #[test]
    fn takes_the_block_and_resolves_minus_one() {
        let x = Tensor::from_vec(Shape::new(vec![3, 4]), (0..12).collect::<Vec<i32>>()).unwrap();
        let out = slice_begin_size(&x, &ints(vec![1, 1]), &ints(vec![-1, 2])).unwrap();
        assert_eq!(out.dims(), &[2, 2]);
        assert_eq!(out.to_i64_vec().unwrap(), vec![5, 6, 9, 10]);
    }

    #[test]
    fn errors_name_the_dimension() {
        let x = Tensor::from_vec(Shape::new(vec![3, 4]), (0..12).collect::<Vec<i32>>()).unwrap();
        let message = |begin: Vec<i64>, size: Vec<i64>| {
            slice_begin_size(&x, &ints(begin), &ints(size))
                .unwrap_err()
                .message
        };
        assert_eq!(
            message(vec![4, 0], vec![1, 1]),
            "Expected begin[0] in [0, 3], but got 4"
        );
        assert_eq!(
            message(vec![1, 0], vec![3, 1]),
            "Expected size[0] in [0, 2], but got 3"
        );
        assert_eq!(
            message(vec![1], vec![1]),
            "Expected begin and size arguments to be 1-D tensors of size 2, but got shapes [1] and [1] instead."
        );
    }
}
