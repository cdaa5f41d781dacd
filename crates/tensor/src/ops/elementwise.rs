//! Binary element-wise kernels with broadcasting: arithmetic (`AddV2`, `Sub`, `Mul`,
//! `RealDiv`, `FloorDiv`, `FloorMod`, `Pow`, `Maximum`, `Minimum`, `SquaredDifference`),
//! comparisons (`Equal` ... `GreaterEqual`) and logic (`LogicalAnd`, `LogicalOr`), plus the
//! Python-level `tf.math.truediv`, which casts integers to floats first.
//!
//! Integer arithmetic wraps like C++; integer division and modulo by zero fail with
//! `Integer division by zero`. float16/bfloat16 compute in f32 and round the result.

use super::support::{broadcast_zip, check_allowed, expect_dtype, internal};
use super::OpType;
use crate::dtype::DType;
use crate::error::{ErrorClass, OpError, OpResult};
use crate::shape::Shape;
use crate::tensor::{Tensor, TensorData};

/// A binary element-wise op.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    /// `x + y` (`AddV2`; strings concatenate through `Add`).
    Add,
    /// `x - y`.
    Sub,
    /// `x * y`.
    Mul,
    /// `x / y` on floats (`RealDiv`).
    RealDiv,
    /// `x // y`, rounding toward negative infinity.
    FloorDiv,
    /// `x % y` with the sign of `y` (Python's modulo).
    FloorMod,
    /// `x ** y`.
    Pow,
    /// Element-wise maximum (NaN wins).
    Maximum,
    /// Element-wise minimum (NaN wins).
    Minimum,
    /// `(x - y) ** 2`.
    SquaredDifference,
    /// `x == y`.
    Equal,
    /// `x != y`.
    NotEqual,
    /// `x < y`.
    Less,
    /// `x <= y`.
    LessEqual,
    /// `x > y`.
    Greater,
    /// `x >= y`.
    GreaterEqual,
    /// Boolean and.
    LogicalAnd,
    /// Boolean or.
    LogicalOr,
}

impl BinaryOp {
    /// Whether the op yields booleans (comparisons, `LogicalAnd`, `LogicalOr`) rather than
    /// its inputs' type.
    pub fn yields_bool(self) -> bool {
        self.is_comparison() || matches!(self, BinaryOp::LogicalAnd | BinaryOp::LogicalOr)
    }

    /// The TensorFlow op type this kernel runs as.
    pub fn op_type(self) -> OpType {
        match self {
            BinaryOp::Add => OpType::AddV2,
            BinaryOp::Sub => OpType::Sub,
            BinaryOp::Mul => OpType::Mul,
            BinaryOp::RealDiv => OpType::RealDiv,
            BinaryOp::FloorDiv => OpType::FloorDiv,
            BinaryOp::FloorMod => OpType::FloorMod,
            BinaryOp::Pow => OpType::Pow,
            BinaryOp::Maximum => OpType::Maximum,
            BinaryOp::Minimum => OpType::Minimum,
            BinaryOp::SquaredDifference => OpType::SquaredDifference,
            BinaryOp::Equal => OpType::Equal,
            BinaryOp::NotEqual => OpType::NotEqual,
            BinaryOp::Less => OpType::Less,
            BinaryOp::LessEqual => OpType::LessEqual,
            BinaryOp::Greater => OpType::Greater,
            BinaryOp::GreaterEqual => OpType::GreaterEqual,
            BinaryOp::LogicalAnd => OpType::LogicalAnd,
            BinaryOp::LogicalOr => OpType::LogicalOr,
        }
    }

    /// Whether the op compares its inputs (`Equal` ... `GreaterEqual`).
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinaryOp::Equal
                | BinaryOp::NotEqual
                | BinaryOp::Less
                | BinaryOp::LessEqual
                | BinaryOp::Greater
                | BinaryOp::GreaterEqual
        )
    }
}

/// Why one element of an integer op failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ArithError {
    DivisionByZero,
    NegativePower,
}

impl ArithError {
    fn message(self) -> &'static str {
        match self {
            ArithError::DivisionByZero => "Integer division by zero",
            ArithError::NegativePower => "Integers to negative integer powers are not allowed",
        }
    }
}

/// Element arithmetic with TensorFlow's CPU semantics.
trait Arith: Copy + PartialOrd {
    fn add(self, other: Self) -> Self;
    fn sub(self, other: Self) -> Self;
    fn mul(self, other: Self) -> Self;
    fn div(self, other: Self) -> Result<Self, ArithError>;
    fn floor_div(self, other: Self) -> Result<Self, ArithError>;
    fn floor_mod(self, other: Self) -> Result<Self, ArithError>;
    fn pow(self, other: Self) -> Result<Self, ArithError>;
    fn is_nan(self) -> bool;
}

macro_rules! impl_float_arith {
    ($float:ty) => {
        impl Arith for $float {
            fn add(self, other: Self) -> Self {
                self + other
            }
            fn sub(self, other: Self) -> Self {
                self - other
            }
            fn mul(self, other: Self) -> Self {
                self * other
            }
            fn div(self, other: Self) -> Result<Self, ArithError> {
                Ok(self / other)
            }
            fn floor_div(self, other: Self) -> Result<Self, ArithError> {
                Ok((self / other).floor())
            }
            fn floor_mod(self, other: Self) -> Result<Self, ArithError> {
                let truncated = self % other;
                let adjust = truncated != 0.0 && ((other < 0.0) != (truncated < 0.0));
                Ok(if adjust { truncated + other } else { truncated })
            }
            fn pow(self, other: Self) -> Result<Self, ArithError> {
                Ok(self.powf(other))
            }
            fn is_nan(self) -> bool {
                <$float>::is_nan(self)
            }
        }
    };
}

macro_rules! impl_int_arith {
    ($int:ty) => {
        impl Arith for $int {
            fn add(self, other: Self) -> Self {
                self.wrapping_add(other)
            }
            fn sub(self, other: Self) -> Self {
                self.wrapping_sub(other)
            }
            fn mul(self, other: Self) -> Self {
                self.wrapping_mul(other)
            }
            fn div(self, other: Self) -> Result<Self, ArithError> {
                if other == 0 {
                    return Err(ArithError::DivisionByZero);
                }
                Ok(self.wrapping_div(other))
            }
            fn floor_div(self, other: Self) -> Result<Self, ArithError> {
                if other == 0 {
                    return Err(ArithError::DivisionByZero);
                }
                let quotient = self.wrapping_div(other);
                let inexact = quotient.wrapping_mul(other) != self;
                #[allow(unused_comparisons)]
                let negative = (self < 0) != (other < 0);
                Ok(if inexact && negative {
                    quotient.wrapping_sub(1)
                } else {
                    quotient
                })
            }
            fn floor_mod(self, other: Self) -> Result<Self, ArithError> {
                if other == 0 {
                    return Err(ArithError::DivisionByZero);
                }
                let remainder = self.wrapping_rem(other);
                #[allow(unused_comparisons)]
                let adjust = remainder != 0 && ((other < 0) != (remainder < 0));
                Ok(if adjust {
                    remainder.wrapping_add(other)
                } else {
                    remainder
                })
            }
            fn pow(self, other: Self) -> Result<Self, ArithError> {
                #[allow(unused_comparisons)]
                if other < 0 {
                    return Err(ArithError::NegativePower);
                }
                let mut base = self;
                let mut exponent = other;
                let mut result: Self = 1;
                while exponent != 0 {
                    if exponent & 1 == 1 {
                        result = result.wrapping_mul(base);
                    }
                    base = base.wrapping_mul(base);
                    exponent >>= 1;
                }
                Ok(result)
            }
            fn is_nan(self) -> bool {
                false
            }
        }
    };
}

impl_float_arith!(f32);
impl_float_arith!(f64);
impl_int_arith!(i8);
impl_int_arith!(i16);
impl_int_arith!(i32);
impl_int_arith!(i64);
impl_int_arith!(u8);
impl_int_arith!(u16);
impl_int_arith!(u32);
impl_int_arith!(u64);

/// Complex division as TensorFlow's CPU kernels compute it (Smith's algorithm, which
/// scales by the larger part of the divisor so that it neither overflows nor loses the
/// smaller part): `1 / (1+3j)` in complex64 is `0.10000001-0.3j`, not the naive `0.1-0.3j`.
pub(crate) fn complex_div<T: num_traits::Float>(
    x: num_complex::Complex<T>,
    y: num_complex::Complex<T>,
) -> num_complex::Complex<T> {
    let (a, b, c, d) = (x.re, x.im, y.re, y.im);
    if c.abs() >= d.abs() {
        if c == T::zero() && d == T::zero() {
            return num_complex::Complex::new(a / c.abs(), b / c.abs());
        }
        let ratio = d / c;
        let denominator = c + d * ratio;
        num_complex::Complex::new((a + b * ratio) / denominator, (b - a * ratio) / denominator)
    } else {
        let ratio = c / d;
        let denominator = c * ratio + d;
        num_complex::Complex::new((a * ratio + b) / denominator, (b * ratio - a) / denominator)
    }
}

/// One arithmetic op on two complex numbers; `None` for ops TensorFlow has no complex
/// kernel for (the registered-dtype check rejects those first).
fn complex_arith<T: num_traits::Float>(
    op: BinaryOp,
    a: num_complex::Complex<T>,
    b: num_complex::Complex<T>,
) -> num_complex::Complex<T> {
    match op {
        BinaryOp::Add => a + b,
        BinaryOp::Sub => a - b,
        BinaryOp::Mul => a * b,
        BinaryOp::RealDiv => complex_div(a, b),
        BinaryOp::Pow => a.powc(b),
        // Eigen's scalar_squared_difference_op: the difference times its conjugate.
        BinaryOp::SquaredDifference => {
            let difference = a - b;
            difference * difference.conj()
        }
        _ => a,
    }
}

/// One arithmetic op on one pair of elements.
fn arith<T: Arith>(op: BinaryOp, a: T, b: T) -> Result<T, ArithError> {
    Ok(match op {
        BinaryOp::Add => a.add(b),
        BinaryOp::Sub => a.sub(b),
        BinaryOp::Mul => a.mul(b),
        BinaryOp::RealDiv => a.div(b)?,
        BinaryOp::FloorDiv => a.floor_div(b)?,
        BinaryOp::FloorMod => a.floor_mod(b)?,
        BinaryOp::Pow => a.pow(b)?,
        BinaryOp::Maximum if a.is_nan() || b.is_nan() => {
            if a.is_nan() {
                a
            } else {
                b
            }
        }
        BinaryOp::Minimum if a.is_nan() || b.is_nan() => {
            if a.is_nan() {
                a
            } else {
                b
            }
        }
        BinaryOp::Maximum => {
            if b > a {
                b
            } else {
                a
            }
        }
        BinaryOp::Minimum => {
            if b < a {
                b
            } else {
                a
            }
        }
        BinaryOp::SquaredDifference => {
            let difference = a.sub(b);
            difference.mul(difference)
        }
        _ => a,
    })
}

/// [`broadcast_zip`] for an infallible element function, monomorphised per function so
/// the same-shape and scalar loops compile to straight-line (vector) code.
fn zip_with<T: Copy, F: Fn(T, T) -> T>(
    lhs: &[T],
    lhs_shape: &Shape,
    rhs: &[T],
    rhs_shape: &Shape,
    output: &Shape,
    f: F,
) -> Vec<T> {
    broadcast_zip(lhs, lhs_shape, rhs, rhs_shape, output, f)
}

/// Broadcasts and applies an arithmetic op over two slices, stopping at the first error.
fn arith_all<T: Arith>(
    op: BinaryOp,
    lhs: &[T],
    lhs_shape: &Shape,
    rhs: &[T],
    rhs_shape: &Shape,
    output: &Shape,
) -> Result<Vec<T>, ArithError> {
    // The ops that cannot fail get a loop of their own, so the compiler sees one operation
    // per element (and vectorises it) instead of a dispatch and an error check.
    match op {
        BinaryOp::Add => return Ok(zip_with(lhs, lhs_shape, rhs, rhs_shape, output, T::add)),
        BinaryOp::Sub => return Ok(zip_with(lhs, lhs_shape, rhs, rhs_shape, output, T::sub)),
        BinaryOp::Mul => return Ok(zip_with(lhs, lhs_shape, rhs, rhs_shape, output, T::mul)),
        BinaryOp::SquaredDifference => {
            let squared = |a: T, b: T| {
                let difference = a.sub(b);
                difference.mul(difference)
            };
            return Ok(zip_with(lhs, lhs_shape, rhs, rhs_shape, output, squared));
        }
        _ => {}
    }
    let mut failure = None;
    let values = broadcast_zip(lhs, lhs_shape, rhs, rhs_shape, output, |a, b| {
        arith(op, a, b).unwrap_or_else(|error| {
            failure.get_or_insert(error);
            a
        })
    });
    match failure {
        Some(error) => Err(error),
        None => Ok(values),
    }
}

fn compare<T: PartialOrd>(op: BinaryOp, a: &T, b: &T) -> bool {
    match op {
        BinaryOp::Equal => a == b,
        BinaryOp::NotEqual => a != b,
        BinaryOp::Less => a < b,
        BinaryOp::LessEqual => a <= b,
        BinaryOp::Greater => a > b,
        BinaryOp::GreaterEqual => a >= b,
        _ => false,
    }
}

/// Runs a binary op with broadcasting. Both inputs must have the same dtype (TensorFlow
/// never promotes), which the op must support.
pub fn binary(op: BinaryOp, lhs: &Tensor, rhs: &Tensor) -> OpResult<Tensor> {
    let op_type = op.op_type();
    if matches!(op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr) {
        expect_dtype(op_type, 0, DType::Bool, lhs.dtype())?;
        expect_dtype(op_type, 1, DType::Bool, rhs.dtype())?;
    }
    expect_dtype(op_type, 1, lhs.dtype(), rhs.dtype())?;
    let dtype = lhs.dtype();
    let string_add = op == BinaryOp::Add && dtype == DType::String;
    let string_equality = matches!(op, BinaryOp::Equal | BinaryOp::NotEqual);
    if !(string_add || (string_equality && dtype == DType::String)) {
        check_allowed(op_type, dtype)?;
    }
    let error_op = if string_add { OpType::Add } else { op_type };
    let output = Shape::broadcast(lhs.shape(), rhs.shape())
        .map_err(|error| OpError::invalid_argument(error_op, error.message()))?;
    crate::limits::check_elements(&output)?;
    let (left, right) = (lhs.shape(), rhs.shape());

    if op.is_comparison() {
        let values = match (lhs.data(), rhs.data()) {
            (TensorData::Float32(a), TensorData::Float32(b)) => {
                broadcast_zip(a, left, b, right, &output, |x, y| compare(op, &x, &y))
            }
            (TensorData::Float64(a), TensorData::Float64(b)) => {
                broadcast_zip(a, left, b, right, &output, |x, y| compare(op, &x, &y))
            }
            (TensorData::Int8(a), TensorData::Int8(b)) => {
                broadcast_zip(a, left, b, right, &output, |x, y| compare(op, &x, &y))
            }
            (TensorData::Int16(a), TensorData::Int16(b)) => {
                broadcast_zip(a, left, b, right, &output, |x, y| compare(op, &x, &y))
            }
            (TensorData::Int32(a), TensorData::Int32(b)) => {
                broadcast_zip(a, left, b, right, &output, |x, y| compare(op, &x, &y))
            }
            (TensorData::Int64(a), TensorData::Int64(b)) => {
                broadcast_zip(a, left, b, right, &output, |x, y| compare(op, &x, &y))
            }
            (TensorData::UInt8(a), TensorData::UInt8(b)) => {
                broadcast_zip(a, left, b, right, &output, |x, y| compare(op, &x, &y))
            }
            (TensorData::UInt16(a), TensorData::UInt16(b)) => {
                broadcast_zip(a, left, b, right, &output, |x, y| compare(op, &x, &y))
            }
            (TensorData::UInt32(a), TensorData::UInt32(b)) => {
                broadcast_zip(a, left, b, right, &output, |x, y| compare(op, &x, &y))
            }
            (TensorData::UInt64(a), TensorData::UInt64(b)) => {
                broadcast_zip(a, left, b, right, &output, |x, y| compare(op, &x, &y))
            }
            // Only `Equal` and `NotEqual` have complex kernels.
            (TensorData::Complex64(a), TensorData::Complex64(b)) => {
                broadcast_zip(a, left, b, right, &output, |x, y| {
                    (x == y) == (op == BinaryOp::Equal)
                })
            }
            (TensorData::Complex128(a), TensorData::Complex128(b)) => {
                broadcast_zip(a, left, b, right, &output, |x, y| {
                    (x == y) == (op == BinaryOp::Equal)
                })
            }
            (TensorData::Bool(a), TensorData::Bool(b)) => {
                broadcast_zip(a, left, b, right, &output, |x, y| compare(op, &x, &y))
            }
            (TensorData::String(a), TensorData::String(b)) => {
                broadcast_zip(a, left, b, right, &output, |x, y| compare(op, &x, &y))
            }
            _ => return Err(internal(op_type, "mismatched storage")),
        };
        return Tensor::new(DType::Bool, output, TensorData::Bool(values));
    }

    let data = match (lhs.data(), rhs.data()) {
        (TensorData::Bool(a), TensorData::Bool(b)) => {
            let both = op == BinaryOp::LogicalAnd;
            TensorData::Bool(broadcast_zip(a, left, b, right, &output, |x, y| {
                if both {
                    x && y
                } else {
                    x || y
                }
            }))
        }
        (TensorData::String(a), TensorData::String(b)) => {
            TensorData::String(broadcast_zip(a, left, b, right, &output, |mut x, y| {
                x.extend_from_slice(&y);
                x
            }))
        }
        (TensorData::Float32(a), TensorData::Float32(b)) => {
            TensorData::Float32(run_arith(op, a, left, b, right, &output)?)
        }
        (TensorData::Float64(a), TensorData::Float64(b)) => {
            TensorData::Float64(run_arith(op, a, left, b, right, &output)?)
        }
        (TensorData::Int8(a), TensorData::Int8(b)) => {
            TensorData::Int8(run_arith(op, a, left, b, right, &output)?)
        }
        (TensorData::Int16(a), TensorData::Int16(b)) => {
            TensorData::Int16(run_arith(op, a, left, b, right, &output)?)
        }
        (TensorData::Int32(a), TensorData::Int32(b)) => {
            TensorData::Int32(run_arith(op, a, left, b, right, &output)?)
        }
        (TensorData::Int64(a), TensorData::Int64(b)) => {
            TensorData::Int64(run_arith(op, a, left, b, right, &output)?)
        }
        (TensorData::UInt8(a), TensorData::UInt8(b)) => {
            TensorData::UInt8(run_arith(op, a, left, b, right, &output)?)
        }
        (TensorData::UInt16(a), TensorData::UInt16(b)) => {
            TensorData::UInt16(run_arith(op, a, left, b, right, &output)?)
        }
        (TensorData::UInt32(a), TensorData::UInt32(b)) => {
            TensorData::UInt32(run_arith(op, a, left, b, right, &output)?)
        }
        (TensorData::UInt64(a), TensorData::UInt64(b)) => {
            TensorData::UInt64(run_arith(op, a, left, b, right, &output)?)
        }
        (TensorData::Complex64(a), TensorData::Complex64(b)) => {
            TensorData::Complex64(zip_with(a, left, b, right, &output, |x, y| {
                complex_arith(op, x, y)
            }))
        }
        (TensorData::Complex128(a), TensorData::Complex128(b)) => {
            TensorData::Complex128(zip_with(a, left, b, right, &output, |x, y| {
                complex_arith(op, x, y)
            }))
        }
        _ => return Err(internal(op_type, "mismatched storage")),
    };
    Tensor::new(dtype, output, data)
}

fn run_arith<T: Arith>(
    op: BinaryOp,
    lhs: &[T],
    lhs_shape: &Shape,
    rhs: &[T],
    rhs_shape: &Shape,
    output: &Shape,
) -> OpResult<Vec<T>> {
    arith_all(op, lhs, lhs_shape, rhs, rhs_shape, output)
        .map_err(|error| OpError::invalid_argument(op.op_type(), error.message()))
}

/// `tf.math.truediv` / `tf.divide` / `x / y`: the dtypes must match (a Python `TypeError`
/// otherwise); integers are cast to float32 (8/16-bit) or float64 (32/64-bit) first, then
/// `RealDiv` runs.
pub fn truediv(lhs: &Tensor, rhs: &Tensor) -> OpResult<Tensor> {
    if lhs.dtype() != rhs.dtype() {
        return Err(OpError::python(
            ErrorClass::TypeError,
            format!(
                "`x` and `y` must have the same dtype, got tf.{} != tf.{}.",
                lhs.dtype().name(),
                rhs.dtype().name()
            ),
        ));
    }
    let Some(float) = lhs.dtype().truediv_result() else {
        return Err(OpError::python(
            ErrorClass::TypeError,
            format!("Invalid dtype tf.{} in __truediv__", lhs.dtype().name()),
        ));
    };
    let lhs = super::cast(lhs, float)?;
    let rhs = super::cast(rhs, float)?;
    binary(BinaryOp::RealDiv, &lhs, &rhs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn floats(values: &[f32]) -> Tensor {
        Tensor::from_vec(Shape::new(vec![values.len()]), values.to_vec()).unwrap()
    }

    fn ints(values: &[i32]) -> Tensor {
        Tensor::from_vec(Shape::new(vec![values.len()]), values.to_vec()).unwrap()
    }

    const CPU: &str = "/job:localhost/replica:0/task:0/device:CPU:0";

    #[test]
    fn corpus_dtype_mismatch_text() {
        let error = binary(
            BinaryOp::Add,
            &Tensor::scalar(1i32),
            &Tensor::scalar(1.0f32),
        )
        .unwrap_err();
        assert_eq!(error.class, ErrorClass::InvalidArgument);
        assert_eq!(
            error.eager_message(CPU),
            "cannot compute AddV2 as input #1(zero-based) was expected to be a int32 tensor but \
             is a float tensor [Op:AddV2] name: "
        );
    }

    #[test]
    fn broadcast_error_text() {
        let error = binary(
            BinaryOp::Add,
            &floats(&[1.0, 2.0]),
            &floats(&[1.0, 2.0, 3.0]),
        )
        .unwrap_err();
        assert_eq!(
            error.eager_message(CPU),
            "{{function_node __wrapped__AddV2_device_/job:localhost/replica:0/task:0/device:\
             CPU:0}} Incompatible shapes: [2] vs. [3] [Op:AddV2] name: "
        );
    }

    #[test]
    fn arithmetic_and_broadcasting() {
        let matrix = Tensor::from_vec(Shape::new(vec![2, 2]), vec![1.0f32, 2.0, 3.0, 4.0]).unwrap();
        let result = binary(BinaryOp::Mul, &matrix, &floats(&[10.0, 100.0])).unwrap();
        assert_eq!(
            result.as_slice::<f32>(),
            Some(&[10.0, 200.0, 30.0, 400.0][..])
        );
        let result = binary(BinaryOp::Add, &ints(&[i32::MAX]), &ints(&[1])).unwrap();
        assert_eq!(result.as_slice::<i32>(), Some(&[i32::MIN][..]));
    }

    #[test]
    fn floor_division_and_modulo_follow_python() {
        // Recorded from tensorflow-cpu 2.21.0.
        let result = binary(BinaryOp::FloorDiv, &ints(&[-7, 7]), &ints(&[2, -2])).unwrap();
        assert_eq!(result.as_slice::<i32>(), Some(&[-4, -4][..]));
        let result = binary(BinaryOp::FloorMod, &ints(&[-7, 7]), &ints(&[3, -3])).unwrap();
        assert_eq!(result.as_slice::<i32>(), Some(&[2, -2][..]));
        let result = binary(
            BinaryOp::FloorMod,
            &floats(&[-7.0, 7.0, 5.5]),
            &floats(&[3.0, -3.0, 0.0]),
        )
        .unwrap();
        let values = result.as_slice::<f32>().unwrap();
        assert_eq!(&values[..2], &[2.0, -2.0]);
        assert!(values[2].is_nan());
        let error = binary(BinaryOp::FloorDiv, &ints(&[1, 2]), &ints(&[0, 1])).unwrap_err();
        assert_eq!(
            error.eager_message(CPU),
            "{{function_node __wrapped__FloorDiv_device_/job:localhost/replica:0/task:0/device:\
             CPU:0}} Integer division by zero [Op:FloorDiv] name: "
        );
    }

    #[test]
    fn integer_powers() {
        let result = binary(BinaryOp::Pow, &ints(&[2, 3, 2]), &ints(&[10, 0, 40])).unwrap();
        assert_eq!(result.as_slice::<i32>(), Some(&[1024, 1, 0][..]));
        let error = binary(BinaryOp::Pow, &ints(&[2]), &ints(&[-1])).unwrap_err();
        assert_eq!(
            error.message,
            "Integers to negative integer powers are not allowed"
        );
    }

    #[test]
    fn unsupported_dtype_text() {
        let error =
            binary(BinaryOp::Add, &Tensor::scalar(true), &Tensor::scalar(false)).unwrap_err();
        assert!(error.message.starts_with(
            "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, \
             float, double, uint8"
        ));
        assert!(error
            .eager_message(CPU)
            .ends_with("is_aggregate=true> [Op:AddV2] name: "));
    }

    #[test]
    fn strings_concatenate_and_compare() {
        let a = Tensor::scalar(b"a".to_vec());
        let b = Tensor::scalar(b"b".to_vec());
        let joined = binary(BinaryOp::Add, &a, &b).unwrap();
        assert_eq!(joined.as_slice::<Vec<u8>>(), Some(&[b"ab".to_vec()][..]));
        let equal = binary(BinaryOp::Equal, &a, &a).unwrap();
        assert_eq!(equal.as_slice::<bool>(), Some(&[true][..]));
    }

    #[test]
    fn truediv_casts_integers() {
        let result = truediv(&Tensor::scalar(1i32), &Tensor::scalar(2i32)).unwrap();
        assert_eq!(result.dtype(), DType::Float64);
        assert_eq!(result.as_slice::<f64>(), Some(&[0.5][..]));
        let error = truediv(&Tensor::scalar(1i32), &Tensor::scalar(2.0f32)).unwrap_err();
        assert_eq!(error.class, ErrorClass::TypeError);
        assert_eq!(
            error.message,
            "`x` and `y` must have the same dtype, got tf.int32 != tf.float32."
        );
    }

    #[test]
    fn nan_propagates_through_maximum() {
        let result = binary(
            BinaryOp::Maximum,
            &floats(&[1.0, f32::NAN]),
            &floats(&[f32::NAN, 3.0]),
        )
        .unwrap();
        assert!(result.as_slice::<f32>().unwrap().iter().all(|v| v.is_nan()));
    }
}
