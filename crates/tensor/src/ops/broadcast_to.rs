//! `BroadcastTo` (`tf.broadcast_to`): a tensor repeated along the dimensions where it has
//! size 1 (or that it lacks) to a given shape, with the checks and error texts of
//! TensorFlow's `BroadcastToOp` kernel, in its order.

use super::OpType;
use crate::error::{OpError, OpResult};
use crate::limits;
use crate::shape::Shape;
use crate::tensor::Tensor;

fn failure(message: String) -> OpError {
    // BroadcastTo's eager errors carry no ` name:` part (oracle case l4_29).
    OpError::invalid_argument(OpType::BroadcastTo, message).with_op_name(None)
}

/// The output shape `shape` names (TensorFlow's `MakeShape`: a vector, no negative
/// dimension, fewer than 2**63 elements).
fn output_shape(shape_tensor: &Tensor) -> OpResult<Shape> {
    let integers = shape_tensor
        .to_i64_vec()
        .filter(|_| shape_tensor.rank() == 1);
    let Some(shape) = integers else {
        // This check's eager error carries an empty ` name:` part (oracle case l4_32).
        return Err(OpError::invalid_argument(
            OpType::BroadcastTo,
            format!(
                "shape must be a vector of {{int32,int64}}, got shape {}",
                shape_tensor.shape().to_tf_list()
            ),
        )
        .with_op_name(Some(String::new())));
    };
    let dims = shape
        .iter()
        .map(|&dim| {
            usize::try_from(dim).map_err(|_| failure(format!("Dimension {dim} must be >= 0")))
        })
        .collect::<OpResult<Vec<usize>>>()?;
    if shape
        .iter()
        .try_fold(1i64, |count, &dim| count.checked_mul(dim))
        .is_none()
    {
        let listed: Vec<String> = shape.iter().map(i64::to_string).collect();
        return Err(failure(format!(
            "Shape [{}] would have more than 2**63 - 1 elements",
            listed.join(",")
        )));
    }
    Ok(Shape::new(dims))
}

/// `tf.broadcast_to(input, shape)`; `shape` is the int32 or int64 shape tensor.
pub fn broadcast_to(input: &Tensor, shape: &Tensor) -> OpResult<Tensor> {
    let target = output_shape(shape)?;
    if &target == input.shape() {
        return Ok(input.clone());
    }
    let (in_dims, out_dims) = (input.dims(), target.dims());
    if in_dims.len() > out_dims.len() {
        return Err(failure(format!(
            "Rank of input ({}) must be no greater than rank of output shape ({}).",
            in_dims.len(),
            out_dims.len()
        )));
    }
    let offset = out_dims.len() - in_dims.len();
    let aligned = |index: usize| index.checked_sub(offset).map_or(1, |inner| in_dims[inner]);
    // `BCast`: every aligned pair equal or one of them 1; its result must be the target.
    let mut broadcast_dims = Vec::with_capacity(out_dims.len());
    for (index, &out) in out_dims.iter().enumerate() {
        let inner = aligned(index);
        if inner != out && inner != 1 && out != 1 {
            return Err(failure(format!(
                "Incompatible shapes: {} vs. {}",
                input.shape().to_tf_list(),
                target.to_tf_list()
            )));
        }
        broadcast_dims.push(if inner == 1 { out } else { inner });
    }
    if broadcast_dims != out_dims {
        return Err(failure(format!(
            "Unable to broadcast tensor of shape {} to tensor of shape {}",
            input.shape().to_tf_list(),
            target.to_tf_list()
        )));
    }
    let count = limits::check_elements(&target)?;
    let in_strides = input.shape().strides();
    let strides: Vec<usize> = (0..out_dims.len())
        .map(|index| match index.checked_sub(offset) {
            Some(inner) if in_dims[inner] != 1 => in_strides[inner],
            _ => 0,
        })
        .collect();
    let mut indices = Vec::with_capacity(count);
    let mut counter = vec![0usize; out_dims.len()];
    for _ in 0..count {
        indices.push(counter.iter().zip(&strides).map(|(c, s)| c * s).sum());
        for axis in (0..out_dims.len()).rev() {
            counter[axis] += 1;
            if counter[axis] < out_dims[axis] {
                break;
            }
            counter[axis] = 0;
        }
    }
    Tensor::new(input.dtype(), target, input.data().take(&indices))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(dims: &[usize], values: Vec<i32>) -> Tensor {
        Tensor::from_vec(Shape::new(dims.to_vec()), values).unwrap()
    }

    #[test]
    fn repeats_rows_and_columns() {
        let column = ints(&[2, 1], vec![1, 2]);
        let shape = Tensor::from_vec(Shape::new(vec![3]), vec![2i64, 2, 3]).unwrap();
        let out = broadcast_to(&column, &shape).unwrap();
        assert_eq!(out.dims(), &[2, 2, 3]);
        assert_eq!(
            out.to_i64_vec().unwrap(),
            vec![1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2]
        );
    }

    #[test]
    fn errors_follow_the_kernel_order() {
        let row = ints(&[3], vec![1, 2, 3]);
        let message = |shape: &[i64]| {
            let shape = Tensor::from_vec(Shape::new(vec![shape.len()]), shape.to_vec()).unwrap();
            broadcast_to(&row, &shape).unwrap_err().message
        };
        assert_eq!(message(&[-1, 3]), "Dimension -1 must be >= 0");
        assert_eq!(
            message(&[]),
            "Rank of input (1) must be no greater than rank of output shape (0)."
        );
        assert_eq!(message(&[2, 2]), "Incompatible shapes: [3] vs. [2,2]");
        assert_eq!(
            message(&[1]),
            "Unable to broadcast tensor of shape [3] to tensor of shape [1]"
        );
        assert_eq!(message(&[0, 2]), "Incompatible shapes: [3] vs. [0,2]");
        assert_eq!(
            message(&[1 << 40, 1 << 40, 3]),
            "Shape [1099511627776,1099511627776,3] would have more than 2**63 - 1 elements"
        );
    }
}
