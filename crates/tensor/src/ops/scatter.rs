//! Scatter-add: the building block of `ScatterNd` and of the gradients of gathers, where
//! several sources may land on one target and add up.

use crate::tensor::round_to_dtype;
use crate::{OpResult, Shape, Tensor, TensorData};

/// A tensor of `shape` and `updates`' dtype, zero except where `(target, source)` pairs
/// add element `source` of `updates` to element `target`, in the order given (as
/// TensorFlow's CPU kernels add: one element at a time in the narrow type; integers wrap).
/// `None` for dtypes that cannot be added (bool, string).
pub fn scatter_add(
    updates: &Tensor,
    shape: Shape,
    pairs: &[(usize, usize)],
) -> Option<OpResult<Tensor>> {
    let count = shape.num_elements()?;
    let dtype = updates.dtype();
    macro_rules! add {
        ($values:expr, $zero:expr, $plus:expr) => {{
            let mut out = vec![$zero; count];
            for &(target, source) in pairs {
                if let (Some(slot), Some(value)) = (out.get_mut(target), $values.get(source)) {
                    *slot = $plus(*slot, *value);
                }
            }
            out
        }};
    }
    let data = match updates.data() {
        TensorData::Float32(values) => TensorData::Float32(add!(values, 0.0f32, |a: f32, b| {
            round_to_dtype(dtype, a + b)
        })),
        TensorData::Float64(values) => TensorData::Float64(add!(values, 0.0f64, |a: f64, b| a + b)),
        TensorData::Int8(values) => TensorData::Int8(add!(values, 0i8, i8::wrapping_add)),
        TensorData::Int16(values) => TensorData::Int16(add!(values, 0i16, i16::wrapping_add)),
        TensorData::Int32(values) => TensorData::Int32(add!(values, 0i32, i32::wrapping_add)),
        TensorData::Int64(values) => TensorData::Int64(add!(values, 0i64, i64::wrapping_add)),
        TensorData::UInt8(values) => TensorData::UInt8(add!(values, 0u8, u8::wrapping_add)),
        TensorData::UInt16(values) => TensorData::UInt16(add!(values, 0u16, u16::wrapping_add)),
        TensorData::UInt32(values) => TensorData::UInt32(add!(values, 0u32, u32::wrapping_add)),
        TensorData::UInt64(values) => TensorData::UInt64(add!(values, 0u64, u64::wrapping_add)),
        TensorData::Complex64(values) => {
            let zero = crate::tensor::Complex32::new(0.0, 0.0);
            TensorData::Complex64(add!(values, zero, |a, b| a + b))
        }
        TensorData::Complex128(values) => {
            let zero = crate::tensor::Complex64::new(0.0, 0.0);
            TensorData::Complex128(add!(values, zero, |a, b| a + b))
        }
        TensorData::Bool(_) | TensorData::String(_) => return None,
    };
    Some(Tensor::new(dtype, shape, data))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicates_add_up_in_order() {
        let updates = Tensor::from_vec(Shape::new(vec![3]), vec![1.0f32, 2.0, 3.0]).unwrap();
        let out = scatter_add(&updates, Shape::new(vec![4]), &[(0, 0), (2, 1), (0, 2)])
            .unwrap()
            .unwrap();
        assert_eq!(out.as_slice::<f32>().unwrap(), &[4.0, 0.0, 2.0, 0.0]);
    }

    #[test]
    fn integers_wrap_and_strings_cannot_add() {
        let updates = Tensor::from_vec(Shape::new(vec![2]), vec![i32::MAX, 1]).unwrap();
        let out = scatter_add(&updates, Shape::new(vec![1]), &[(0, 0), (0, 1)])
            .unwrap()
            .unwrap();
        assert_eq!(out.as_slice::<i32>().unwrap(), &[i32::MIN]);
        let text = Tensor::from_strings(Shape::new(vec![1]), vec![b"a".to_vec()]).unwrap();
        assert!(scatter_add(&text, Shape::new(vec![1]), &[]).is_none());
    }
}

/// How `tensor_scatter_into` combines an update with the value it lands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScatterMode {
    /// The update replaces the value (the last update of an index wins).
    Update,
    /// Added.
    Add,
    /// Subtracted.
    Sub,
    /// The smaller of the two.
    Min,
    /// The larger of the two.
    Max,
}

/// `tensor` with `updates[source]` combined into each `target` of `pairs`, in order
/// (`TensorScatterUpdate`/`Add`/`Sub`/`Min`/`Max`); `None` for dtypes without the kernel.
pub fn tensor_scatter_into(
    tensor: &Tensor,
    updates: &Tensor,
    pairs: &[(usize, usize)],
    mode: ScatterMode,
) -> Option<OpResult<Tensor>> {
    let dtype = tensor.dtype();
    macro_rules! combine {
        ($base:expr, $values:expr, $add:expr, $sub:expr) => {{
            let mut out = $base.clone();
            for &(target, source) in pairs {
                if let (Some(slot), Some(value)) = (out.get_mut(target), $values.get(source)) {
                    *slot = match mode {
                        ScatterMode::Update => *value,
                        ScatterMode::Add => $add(*slot, *value),
                        ScatterMode::Sub => $sub(*slot, *value),
                        ScatterMode::Min => {
                            if *value < *slot {
                                *value
                            } else {
                                *slot
                            }
                        }
                        ScatterMode::Max => {
                            if *value > *slot {
                                *value
                            } else {
                                *slot
                            }
                        }
                    };
                }
            }
            out
        }};
    }
    let data = match (tensor.data(), updates.data()) {
        (TensorData::Float32(base), TensorData::Float32(values)) => TensorData::Float32(combine!(
            base,
            values,
            |a: f32, b| round_to_dtype(dtype, a + b),
            |a: f32, b| round_to_dtype(dtype, a - b)
        )),
        (TensorData::Float64(base), TensorData::Float64(values)) => {
            TensorData::Float64(combine!(base, values, |a: f64, b| a + b, |a: f64, b| a - b))
        }
        (TensorData::Int32(base), TensorData::Int32(values)) => {
            TensorData::Int32(combine!(base, values, i32::wrapping_add, i32::wrapping_sub))
        }
        (TensorData::Int64(base), TensorData::Int64(values)) => {
            TensorData::Int64(combine!(base, values, i64::wrapping_add, i64::wrapping_sub))
        }
        (TensorData::Int8(base), TensorData::Int8(values)) => {
            TensorData::Int8(combine!(base, values, i8::wrapping_add, i8::wrapping_sub))
        }
        (TensorData::Int16(base), TensorData::Int16(values)) => {
            TensorData::Int16(combine!(base, values, i16::wrapping_add, i16::wrapping_sub))
        }
        (TensorData::UInt8(base), TensorData::UInt8(values)) => {
            TensorData::UInt8(combine!(base, values, u8::wrapping_add, u8::wrapping_sub))
        }
        (TensorData::UInt16(base), TensorData::UInt16(values)) => {
            TensorData::UInt16(combine!(base, values, u16::wrapping_add, u16::wrapping_sub))
        }
        (TensorData::UInt32(base), TensorData::UInt32(values)) => {
            TensorData::UInt32(combine!(base, values, u32::wrapping_add, u32::wrapping_sub))
        }
        (TensorData::UInt64(base), TensorData::UInt64(values)) => {
            TensorData::UInt64(combine!(base, values, u64::wrapping_add, u64::wrapping_sub))
        }
        _ => return None,
    };
    Some(Tensor::new(dtype, tensor.shape().clone(), data))
}
