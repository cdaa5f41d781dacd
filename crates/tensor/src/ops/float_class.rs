//! `tf.math.is_nan`, `is_inf`, `is_finite` (`IsNan`, `IsInf`, `IsFinite`): which floats are
//! NaN, infinite or finite, as a bool tensor of the input's shape. Floating dtypes only.

use super::support::{check_allowed, internal};
use super::OpType;
use crate::error::OpResult;
use crate::tensor::{Tensor, TensorData};
use crate::DType;

/// Which property of a float the op tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatClass {
    /// `IsNan`.
    Nan,
    /// `IsInf`: plus or minus infinity.
    Inf,
    /// `IsFinite`: neither NaN nor infinite.
    Finite,
}

impl FloatClass {
    /// The TensorFlow op type.
    pub fn op_type(self) -> OpType {
        match self {
            FloatClass::Nan => OpType::IsNan,
            FloatClass::Inf => OpType::IsInf,
            FloatClass::Finite => OpType::IsFinite,
        }
    }

    fn test(self, value: f64) -> bool {
        match self {
            FloatClass::Nan => value.is_nan(),
            FloatClass::Inf => value.is_infinite(),
            FloatClass::Finite => value.is_finite(),
        }
    }
}

/// Tests every element of `x` (bfloat16, half, float or double).
pub fn float_class(class: FloatClass, x: &Tensor) -> OpResult<Tensor> {
    let op = class.op_type();
    check_allowed(op, x.dtype())?;
    let flags: Vec<bool> = match x.data() {
        TensorData::Float32(values) => values.iter().map(|&v| class.test(f64::from(v))).collect(),
        TensorData::Float64(values) => values.iter().map(|&v| class.test(v)).collect(),
        _ => return Err(internal(op, "float class of a non-float storage")),
    };
    Tensor::new(DType::Bool, x.shape().clone(), TensorData::Bool(flags))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    #[test]
    fn classifies_floats_and_rejects_integers() {
        let x = Tensor::from_vec(
            Shape::new(vec![4]),
            vec![1f32, f32::NAN, f32::INFINITY, f32::NEG_INFINITY],
        )
        .unwrap();
        let nan = float_class(FloatClass::Nan, &x).unwrap();
        assert_eq!(
            nan.as_slice::<bool>().unwrap(),
            &[false, true, false, false]
        );
        let inf = float_class(FloatClass::Inf, &x).unwrap();
        assert_eq!(inf.as_slice::<bool>().unwrap(), &[false, false, true, true]);
        let finite = float_class(FloatClass::Finite, &x).unwrap();
        assert_eq!(
            finite.as_slice::<bool>().unwrap(),
            &[true, false, false, false]
        );
        let ints = Tensor::from_vec(Shape::new(vec![1]), vec![1i32]).unwrap();
        assert!(float_class(FloatClass::Nan, &ints)
            .unwrap_err()
            .message
            .starts_with("Value for attr 'T' of int32 is not in the list of allowed values"));
    }
}
