//! The bytes a tensor occupies, for the memory the runtime charges and the simulator's
//! transfers. String elements count as 16 bytes. (An op's arithmetic cost is the simulator's
//! `sim::work`, from the op's type and shapes.)

use crate::dtype::DType;
use crate::shape::Shape;

/// Bytes a tensor of `dtype` and `shape` occupies (saturating).
pub fn tensor_bytes(dtype: DType, shape: &Shape) -> u64 {
    let elements = shape.num_elements().map_or(u64::MAX, |count| count as u64);
    elements.saturating_mul(dtype.size_in_bytes().unwrap_or(16) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_follow_the_dtype_and_saturate() {
        let shape = Shape::new(vec![1000]);
        assert_eq!(tensor_bytes(DType::Float32, &shape), 4000);
        assert_eq!(tensor_bytes(DType::Int8, &shape), 1000);
        let huge = Shape::new(vec![usize::MAX, 4]);
        assert_eq!(tensor_bytes(DType::Float32, &huge), u64::MAX);
    }
}
