//! `TopKV2` (`tf.math.top_k`, and through it `tf.sort` / `tf.argsort`): the `k` largest
//! entries of each row (the last axis), largest first, equal values in index order, with
//! their int32 positions.

use super::OpType;
use crate::error::{OpError, OpResult};
use crate::shape::Shape;
use crate::tensor::Tensor;

/// `TopKV2(input, k)` with `sorted=True`: the values and the indices (int32).
pub fn top_k(input: &Tensor, k: i64) -> OpResult<(Tensor, Tensor)> {
    let error = |message: String| OpError::invalid_argument(OpType::TopKV2, message);
    if k < 0 {
        return Err(error(format!("Need k >= 0, got {k}")));
    }
    let Some(&columns) = input.dims().last() else {
        return Err(error("input must be >= 1-D, got shape []".to_string()));
    };
    if (columns as i64) < k {
        return Err(error(format!(
            "input must have at least k columns. Had {columns}, needed {k}"
        )));
    }
    let keys = input.to_f64_vec().ok_or_else(|| {
        OpError::invalid_argument(
            OpType::TopKV2,
            format!(
                "Value for attr 'T' of {} is not in the list of allowed values",
                input.dtype().kernel_name()
            ),
        )
    })?;
    let k = k as usize;
    let rows = input.num_elements().checked_div(columns).unwrap_or(0);
    let mut sources = Vec::with_capacity(rows * k);
    let mut positions = Vec::with_capacity(rows * k);
    for row in 0..rows {
        let base = row * columns;
        let mut order: Vec<usize> = (0..columns).collect();
        order.sort_by(|&a, &b| keys[base + b].total_cmp(&keys[base + a]));
        for &column in order.iter().take(k) {
            sources.push(base + column);
            positions.push(column as i32);
        }
    }
    let mut dims = input.dims().to_vec();
    if let Some(last) = dims.last_mut() {
        *last = k;
    }
    let shape = Shape::new(dims);
    let values = Tensor::new(input.dtype(), shape.clone(), input.data().take(&sources))?;
    let indices = Tensor::from_vec(shape, positions)?;
    Ok((values, indices))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn largest_first_and_ties_in_index_order() {
        let input = Tensor::from_vec(
            Shape::new(vec![2, 3]),
            vec![3.0f32, 1.0, 2.0, 0.0, 5.0, 5.0],
        )
        .unwrap();
        let (values, indices) = top_k(&input, 2).unwrap();
        assert_eq!(values.to_f64_vec().unwrap(), vec![3.0, 2.0, 5.0, 5.0]);
        assert_eq!(indices.to_i64_vec().unwrap(), vec![0, 2, 1, 2]);
    }

    #[test]
    fn bad_k_and_scalars_fail() {
        let input = Tensor::from_vec(Shape::new(vec![3]), vec![1i32, 2, 3]).unwrap();
        assert_eq!(
            top_k(&input, 4).unwrap_err().message,
            "input must have at least k columns. Had 3, needed 4"
        );
        assert_eq!(
            top_k(&input, -1).unwrap_err().message,
            "Need k >= 0, got -1"
        );
        assert!(top_k(&Tensor::scalar(1.0f32), 1).is_err());
    }
}
