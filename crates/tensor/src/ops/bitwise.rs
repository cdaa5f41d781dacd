//! `tf.bitwise`: `BitwiseAnd`, `BitwiseOr`, `BitwiseXor`, `LeftShift`, `RightShift` (with
//! broadcasting) and `Invert`, on the eight integer types.
//!
//! Shifts clamp the shift count to `[0, bits - 1]` as TensorFlow's CPU kernels do; a left
//! shift of a signed value shifts its bits as unsigned, and a right shift of a signed value
//! is arithmetic.

use super::support::{broadcast_zip, check_allowed_named};
use crate::dtype::DType;
use crate::error::{ErrorClass, OpError, OpResult};
use crate::shape::Shape;
use crate::tensor::{Tensor, TensorData};

/// A binary bitwise op.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BitwiseOp {
    /// `x & y`.
    And,
    /// `x | y`.
    Or,
    /// `x ^ y`.
    Xor,
    /// `x << y`.
    LeftShift,
    /// `x >> y`.
    RightShift,
}

impl BitwiseOp {
    /// The TensorFlow op type.
    pub fn op_name(self) -> &'static str {
        match self {
            BitwiseOp::And => "BitwiseAnd",
            BitwiseOp::Or => "BitwiseOr",
            BitwiseOp::Xor => "BitwiseXor",
            BitwiseOp::LeftShift => "LeftShift",
            BitwiseOp::RightShift => "RightShift",
        }
    }
}

/// An integer element type's bit operations.
trait Bits: Copy {
    fn and(self, other: Self) -> Self;
    fn or(self, other: Self) -> Self;
    fn xor(self, other: Self) -> Self;
    fn not(self) -> Self;
    /// The shift count `self` clamped to `[0, BITS - 1]`.
    fn count(self) -> u32;
    fn shl(self, count: u32) -> Self;
    fn shr(self, count: u32) -> Self;
}

macro_rules! impl_bits {
    ($($int:ty),*) => {$(
        impl Bits for $int {
            fn and(self, other: Self) -> Self { self & other }
            fn or(self, other: Self) -> Self { self | other }
            fn xor(self, other: Self) -> Self { self ^ other }
            fn not(self) -> Self { !self }
            #[allow(unused_comparisons)]
            fn count(self) -> u32 {
                if self < 0 {
                    0
                } else if (self as u64) > u64::from(<$int>::BITS - 1) {
                    <$int>::BITS - 1
                } else {
                    self as u32
                }
            }
            fn shl(self, count: u32) -> Self { self.wrapping_shl(count) }
            fn shr(self, count: u32) -> Self { self.wrapping_shr(count) }
        }
    )*};
}

impl_bits!(i8, i16, i32, i64, u8, u16, u32, u64);

fn apply<T: Bits>(op: BitwiseOp, x: T, y: T) -> T {
    match op {
        BitwiseOp::And => x.and(y),
        BitwiseOp::Or => x.or(y),
        BitwiseOp::Xor => x.xor(y),
        BitwiseOp::LeftShift => x.shl(y.count()),
        BitwiseOp::RightShift => x.shr(y.count()),
    }
}

fn not_integer(op: &str, dtype: DType) -> OpError {
    OpError::python(
        ErrorClass::InvalidArgument,
        format!(
            "Value for attr 'T' of {} is not in the list of allowed values: int8, int16, \
             int32, int64, uint8, uint16, uint32, uint64\n\t; NodeDef: {{{{node {op}}}}}",
            dtype.kernel_name()
        ),
    )
}

/// A binary bitwise op of two tensors of one integer dtype, broadcasting.
pub fn bitwise(op: BitwiseOp, x: &Tensor, y: &Tensor) -> OpResult<Tensor> {
    check_allowed_named(op.op_name(), Some(""), x.dtype())?;
    if x.dtype() != y.dtype() {
        return Err(OpError::python(
            ErrorClass::InvalidArgument,
            format!(
                "cannot compute {} as input #1(zero-based) was expected to be a {} tensor but \
                 is a {} tensor",
                op.op_name(),
                x.dtype().kernel_name(),
                y.dtype().kernel_name()
            ),
        ));
    }
    let output = Shape::broadcast(x.shape(), y.shape())
        .map_err(|error| OpError::python(ErrorClass::InvalidArgument, error.message()))?;
    crate::limits::check_elements(&output)?;
    let (left, right) = (x.shape(), y.shape());
    macro_rules! zip {
        ($variant:ident, $a:expr, $b:expr) => {
            TensorData::$variant(broadcast_zip($a, left, $b, right, &output, |p, q| {
                apply(op, p, q)
            }))
        };
    }
    let data = match (x.data(), y.data()) {
        (TensorData::Int8(a), TensorData::Int8(b)) => zip!(Int8, a, b),
        (TensorData::Int16(a), TensorData::Int16(b)) => zip!(Int16, a, b),
        (TensorData::Int32(a), TensorData::Int32(b)) => zip!(Int32, a, b),
        (TensorData::Int64(a), TensorData::Int64(b)) => zip!(Int64, a, b),
        (TensorData::UInt8(a), TensorData::UInt8(b)) => zip!(UInt8, a, b),
        (TensorData::UInt16(a), TensorData::UInt16(b)) => zip!(UInt16, a, b),
        (TensorData::UInt32(a), TensorData::UInt32(b)) => zip!(UInt32, a, b),
        (TensorData::UInt64(a), TensorData::UInt64(b)) => zip!(UInt64, a, b),
        _ => return Err(not_integer(op.op_name(), x.dtype())),
    };
    Tensor::new(x.dtype(), output, data)
}

/// `Invert`: every bit flipped.
pub fn invert(x: &Tensor) -> OpResult<Tensor> {
    check_allowed_named("Invert", Some(""), x.dtype())?;
    macro_rules! flip {
        ($variant:ident, $values:expr) => {
            TensorData::$variant($values.iter().map(|&v| Bits::not(v)).collect())
        };
    }
    let data = match x.data() {
        TensorData::Int8(v) => flip!(Int8, v),
        TensorData::Int16(v) => flip!(Int16, v),
        TensorData::Int32(v) => flip!(Int32, v),
        TensorData::Int64(v) => flip!(Int64, v),
        TensorData::UInt8(v) => flip!(UInt8, v),
        TensorData::UInt16(v) => flip!(UInt16, v),
        TensorData::UInt32(v) => flip!(UInt32, v),
        TensorData::UInt64(v) => flip!(UInt64, v),
        _ => return Err(not_integer("Invert", x.dtype())),
    };
    Tensor::new(x.dtype(), x.shape().clone(), data)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(values: &[i32]) -> Tensor {
        Tensor::from_vec(Shape::new(vec![values.len()]), values.to_vec()).unwrap()
    }

    #[test]
    fn logic_and_shifts_clamp() {
        let x = ints(&[12, -8, 1]);
        let y = ints(&[10, 2, 40]);
        let and = bitwise(BitwiseOp::And, &x, &y).unwrap();
        assert_eq!(and.as_slice::<i32>(), Some(&[8, 0, 0][..]));
        let right = bitwise(BitwiseOp::RightShift, &x, &ints(&[1, 1, -3])).unwrap();
        assert_eq!(right.as_slice::<i32>(), Some(&[6, -4, 1][..]));
        let left = bitwise(BitwiseOp::LeftShift, &ints(&[1]), &ints(&[40])).unwrap();
        assert_eq!(left.as_slice::<i32>(), Some(&[i32::MIN][..]));
        assert_eq!(
            invert(&ints(&[0])).unwrap().as_slice::<i32>(),
            Some(&[-1][..])
        );
        let float = Tensor::from_vec(Shape::new(vec![1]), vec![1.0f32]).unwrap();
        assert!(invert(&float).is_err());
    }
}
