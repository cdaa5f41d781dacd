//! `tf.add_n` / `tf.math.add_n`: `AddN`, the element-wise sum of a list of tensors of one
//! dtype and one shape (no broadcasting), with TensorFlow's shape check.

use super::elementwise::{binary, BinaryOp};
use super::support::expect_dtype;
use super::OpType;
use crate::error::{OpError, OpResult};
use crate::tensor::Tensor;

/// `AddN(inputs)`: the inputs added left to right in their element type, as the CPU kernel
/// does (its `Add8p` functors add eight inputs at a time to the running sum, in order).
pub fn add_n(inputs: &[Tensor]) -> OpResult<Tensor> {
    let op = OpType::AddN;
    let Some(first) = inputs.first() else {
        return Err(OpError::invalid_argument(
            op,
            "Must provide at least one input to AddN",
        ));
    };
    for (index, input) in inputs.iter().enumerate().skip(1) {
        expect_dtype(op, index, first.dtype(), input.dtype())?;
    }
    let function = format!("AddN_N_{}", inputs.len());
    for (index, input) in inputs.iter().enumerate().skip(1) {
        if input.shape() != first.shape() {
            return Err(OpError::invalid_argument(
                op,
                format!(
                    "Inputs to operation AddN of type AddN must have the same size and shape.  \
                     Input 0: {} != input {index}: {}",
                    first.shape().to_tf_list(),
                    input.shape().to_tf_list()
                ),
            )
            .with_function(function));
        }
    }
    let mut sum = first.clone();
    for input in &inputs[1..] {
        sum = binary(BinaryOp::Add, &sum, input).map_err(|error| OpError {
            op_type: Some(op.name()),
            ..error
        })?;
    }
    Ok(sum)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    #[test]
    fn sums_equal_shapes_and_rejects_others() {
        let a = Tensor::from_vec(Shape::new(vec![2]), vec![1f32, 2.]).unwrap();
        let b = Tensor::from_vec(Shape::new(vec![2]), vec![10f32, 20.]).unwrap();
        let sum = add_n(&[a.clone(), b, a.clone()]).unwrap();
        assert_eq!(sum.as_slice::<f32>().unwrap(), &[12., 24.]);
        let c = Tensor::from_vec(Shape::new(vec![3]), vec![1f32; 3]).unwrap();
        assert_eq!(
            add_n(&[a.clone(), c]).unwrap_err().message,
            "Inputs to operation AddN of type AddN must have the same size and shape.  \
             Input 0: [2] != input 1: [3]"
        );
        let ints = Tensor::from_vec(Shape::new(vec![2]), vec![1i32, 2]).unwrap();
        assert!(add_n(&[a, ints])
            .unwrap_err()
            .message
            .starts_with("cannot compute AddN as input #1(zero-based)"));
    }
}
