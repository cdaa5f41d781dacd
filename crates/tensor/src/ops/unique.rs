//! `Unique` (`tf.unique`): the distinct elements of a vector in order of first appearance,
//! and for each element the position of its value among them.

use std::collections::HashMap;

use super::OpType;
use crate::dtype::DType;
use crate::error::{OpError, OpResult};
use crate::shape::Shape;
use crate::tensor::{Tensor, TensorData};

/// What makes two elements the same value: integers and booleans by value, floats by
/// value with `-0.0 == 0.0` (NaN equals nothing, as C++'s `==`), strings by bytes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Integer(i64),
    Float(u64),
    Distinct(usize),
    Bytes(Vec<u8>),
}

fn keys(input: &Tensor) -> Vec<Key> {
    if let TensorData::String(values) = input.data() {
        return values
            .iter()
            .map(|bytes| Key::Bytes(bytes.clone()))
            .collect();
    }
    if let Some(values) = input.to_i64_vec() {
        return values.into_iter().map(Key::Integer).collect();
    }
    input
        .to_f64_vec()
        .unwrap_or_default()
        .into_iter()
        .enumerate()
        .map(|(index, value)| {
            if value.is_nan() {
                Key::Distinct(index)
            } else {
                Key::Float((value + 0.0).to_bits())
            }
        })
        .collect()
}

/// `Unique(x)` with `out_idx` int32 or int64: `(y, idx)`.
pub fn unique(input: &Tensor, out_idx: DType) -> OpResult<(Tensor, Tensor)> {
    if input.rank() != 1 {
        return Err(OpError::invalid_argument(
            OpType::Unique,
            "unique expects a 1D vector.",
        ));
    }
    let mut first_positions = Vec::new();
    let mut seen: HashMap<Key, i64> = HashMap::new();
    let mut positions = Vec::with_capacity(input.num_elements());
    for (index, key) in keys(input).into_iter().enumerate() {
        let next = first_positions.len() as i64;
        let position = *seen.entry(key).or_insert(next);
        if position == next {
            first_positions.push(index);
        }
        positions.push(position);
    }
    let y = Tensor::new(
        input.dtype(),
        Shape::new(vec![first_positions.len()]),
        input.data().take(&first_positions),
    )?;
    let idx = Tensor::from_vec(Shape::new(vec![positions.len()]), positions)?;
    let idx = super::cast(&idx, out_idx)?;
    Ok((y, idx))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_in_first_appearance_order() {
        let input = Tensor::from_vec(Shape::new(vec![5]), vec![4i32, 1, 4, 7, 1]).unwrap();
        let (y, idx) = unique(&input, DType::Int32).unwrap();
        assert_eq!(y.to_i64_vec().unwrap(), vec![4, 1, 7]);
        assert_eq!(idx.to_i64_vec().unwrap(), vec![0, 1, 0, 2, 1]);
        assert_eq!(idx.dtype(), DType::Int32);
    }

    #[test]
    fn signed_zeros_meet_and_nans_stay_apart() {
        let input =
            Tensor::from_vec(Shape::new(vec![4]), vec![0.0f32, -0.0, f32::NAN, f32::NAN]).unwrap();
        let (y, _) = unique(&input, DType::Int64).unwrap();
        assert_eq!(y.num_elements(), 3);
        assert!(unique(&Tensor::scalar(1i32), DType::Int32).is_err());
    }
}
