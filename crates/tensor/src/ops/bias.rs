//! `tf.nn.bias_add`: `BiasAdd` (a 1-D bias added along the last dimension, with TensorFlow's
//! rank and size checks) and its gradient `BiasAddGrad` (the output gradient summed over
//! every dimension but the last).

use super::elementwise::{binary, BinaryOp};
use super::reduce::{reduce, ReduceOp};
use super::support::expect_dtype;
use super::OpType;
use crate::error::{OpError, OpResult};
use crate::shape::Shape;
use crate::tensor::{Tensor, TensorData};

/// `BiasAdd(value, bias)` in NHWC (channels last).
pub fn bias_add(value: &Tensor, bias: &Tensor) -> OpResult<Tensor> {
    let op = OpType::BiasAdd;
    expect_dtype(op, 1, value.dtype(), bias.dtype())?;
    if value.rank() < 2 {
        return Err(OpError::invalid_argument(
            op,
            format!(
                "Input tensor must be at least 2D: {}",
                value.shape().to_tf_list()
            ),
        ));
    }
    if bias.rank() != 1 {
        return Err(OpError::invalid_argument(
            op,
            format!("Biases must be 1D: {}", bias.shape().to_tf_list()),
        ));
    }
    if value.dims().last() != bias.dims().first() {
        return Err(OpError::invalid_argument(
            op,
            format!(
                "Must provide as many biases as the last dimension of the input tensor: {} vs. {}",
                bias.shape().to_tf_list(),
                value.shape().to_tf_list()
            ),
        ));
    }
    binary(BinaryOp::Add, value, bias).map_err(|error| OpError {
        op_type: Some(op.name()),
        ..error
    })
}

/// `BiasAddGrad`: the bias's gradient, `grad` summed over all dimensions but the last. Each
/// channel sums its rows in order, one running sum in the element type (matches
/// tensorflow-cpu 2.21.0 bit for bit where a pairwise reduction would not).
pub fn bias_add_grad(grad: &Tensor) -> OpResult<Tensor> {
    let channels = grad.dims().last().copied().unwrap_or(1);
    let shape = Shape::new(vec![channels]);
    let data = match grad.data() {
        TensorData::Float32(values) => TensorData::Float32(column_sums(values, channels, 0f32)),
        TensorData::Float64(values) => TensorData::Float64(column_sums(values, channels, 0f64)),
        _ => {
            let axes: Vec<i64> = (0..grad.rank().saturating_sub(1) as i64).collect();
            return reduce(ReduceOp::Sum, grad, Some(&axes), false);
        }
    };
    Tensor::new(grad.dtype(), shape, data)
}

fn column_sums<T: Copy + std::ops::Add<Output = T>>(
    values: &[T],
    channels: usize,
    zero: T,
) -> Vec<T> {
    let mut sums = vec![zero; channels];
    for row in values.chunks_exact(channels.max(1)) {
        for (sum, &value) in sums.iter_mut().zip(row) {
            *sum = *sum + value;
        }
    }
    sums
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_along_the_last_dimension_and_checks_sizes() {
        let value = Tensor::from_vec(Shape::new(vec![2, 2]), vec![1f32, 2., 3., 4.]).unwrap();
        let bias = Tensor::from_vec(Shape::new(vec![2]), vec![10f32, 20.]).unwrap();
        let sum = bias_add(&value, &bias).unwrap();
        assert_eq!(sum.as_slice::<f32>().unwrap(), &[11., 22., 13., 24.]);
        assert_eq!(
            bias_add_grad(&value).unwrap().as_slice::<f32>().unwrap(),
            &[4., 6.]
        );
        let three = Tensor::from_vec(Shape::new(vec![3]), vec![1f32; 3]).unwrap();
        assert_eq!(
            bias_add(&value, &three).unwrap_err().message,
            "Must provide as many biases as the last dimension of the input tensor: [3] vs. [2,2]"
        );
        assert_eq!(
            bias_add(&three, &three).unwrap_err().message,
            "Input tensor must be at least 2D: [3]"
        );
    }
}
