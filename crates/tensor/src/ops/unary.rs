//! Unary element-wise kernels (`Neg`, `Abs`, `Sign`, `Square`, `Sqrt`, `Exp`, `Log`, `Sin`,
//! `Cos`, `Tanh`, `Sigmoid`, `Relu`, `Round`, `LogicalNot`), `Softmax` over the last axis,
//! and `tf.clip_by_value` (which TensorFlow builds from `Minimum` and `Maximum`).
//!
//! float32 values are computed in f64 and rounded once; Eigen's vectorised approximations
//! can still differ from that in the last bit for some inputs.

use super::eigen_math::{self, map_eigen};
use super::elementwise::{binary, BinaryOp};
use super::support::{check_allowed, expect_dtype, internal};
use super::OpType;
use crate::dtype::DType;
use crate::error::{OpError, OpResult};
use crate::tensor::{Tensor, TensorData};

/// A unary element-wise op.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `-x` (wraps for integers).
    Neg,
    /// `|x|` (wraps for the most negative integer).
    Abs,
    /// -1, 0 or 1 (NaN stays NaN).
    Sign,
    /// `x * x`.
    Square,
    /// Square root (NaN below zero).
    Sqrt,
    /// `e^x`.
    Exp,
    /// Natural logarithm (`-inf` at 0, NaN below).
    Log,
    /// Sine.
    Sin,
    /// Cosine.
    Cos,
    /// Hyperbolic tangent.
    Tanh,
    /// `1 / (1 + e^-x)`.
    Sigmoid,
    /// `max(x, 0)`.
    Relu,
    /// Round half to even (banker's rounding); identity on integers.
    Round,
    /// Boolean not.
    LogicalNot,
    /// `⌊x⌋`.
    Floor,
    /// `⌈x⌉`.
    Ceil,
    /// `1 / √x`.
    Rsqrt,
    /// `ln(1 + x)`, exact near 0.
    Log1p,
    /// `e^x - 1`, exact near 0.
    Expm1,
    /// The error function.
    Erf,
    /// `1 - erf(x)`, exact for large `x`.
    Erfc,
    /// Tangent.
    Tan,
    /// `1 / x`.
    Reciprocal,
    /// `ln(1 + e^x)`.
    Softplus,
    /// Arctangent.
    Atan,
    /// Arcsine (NaN outside [-1, 1]).
    Asin,
    /// Arccosine (NaN outside [-1, 1]).
    Acos,
    /// Hyperbolic sine.
    Sinh,
    /// Hyperbolic cosine.
    Cosh,
}

impl UnaryOp {
    /// The TensorFlow op type this kernel runs as.
    pub fn op_type(self) -> OpType {
        match self {
            UnaryOp::Neg => OpType::Neg,
            UnaryOp::Abs => OpType::Abs,
            UnaryOp::Sign => OpType::Sign,
            UnaryOp::Square => OpType::Square,
            UnaryOp::Sqrt => OpType::Sqrt,
            UnaryOp::Exp => OpType::Exp,
            UnaryOp::Log => OpType::Log,
            UnaryOp::Sin => OpType::Sin,
            UnaryOp::Cos => OpType::Cos,
            UnaryOp::Tanh => OpType::Tanh,
            UnaryOp::Sigmoid => OpType::Sigmoid,
            UnaryOp::Relu => OpType::Relu,
            UnaryOp::Round => OpType::Round,
            UnaryOp::LogicalNot => OpType::LogicalNot,
            UnaryOp::Floor => OpType::Floor,
            UnaryOp::Ceil => OpType::Ceil,
            UnaryOp::Rsqrt => OpType::Rsqrt,
            UnaryOp::Log1p => OpType::Log1p,
            UnaryOp::Expm1 => OpType::Expm1,
            UnaryOp::Erf => OpType::Erf,
            UnaryOp::Erfc => OpType::Erfc,
            UnaryOp::Tan => OpType::Tan,
            UnaryOp::Reciprocal => OpType::Reciprocal,
            UnaryOp::Softplus => OpType::Softplus,
            UnaryOp::Atan => OpType::Atan,
            UnaryOp::Asin => OpType::Asin,
            UnaryOp::Acos => OpType::Acos,
            UnaryOp::Sinh => OpType::Sinh,
            UnaryOp::Cosh => OpType::Cosh,
        }
    }
}

/// `erf` and `erfc` of f32 and f64 (libm's), for [`float_unary`].
trait ErrorFunction {
    fn erf(self) -> Self;
    fn erfc(self) -> Self;
}

impl ErrorFunction for f32 {
    fn erf(self) -> f32 {
        libm::erff(self)
    }
    fn erfc(self) -> f32 {
        libm::erfcf(self)
    }
}

impl ErrorFunction for f64 {
    fn erf(self) -> f64 {
        libm::erf(self)
    }
    fn erfc(self) -> f64 {
        libm::erfc(self)
    }
}

macro_rules! float_unary {
    ($op:expr, $value:expr, $float:ty) => {{
        let x: $float = $value;
        match $op {
            UnaryOp::Neg => -x,
            UnaryOp::Abs => x.abs(),
            UnaryOp::Sign => {
                if x.is_nan() || x == 0.0 {
                    x
                } else {
                    x.signum()
                }
            }
            UnaryOp::Square => x * x,
            UnaryOp::Sqrt => x.sqrt(),
            UnaryOp::Exp => x.exp(),
            UnaryOp::Log => x.ln(),
            UnaryOp::Sin => x.sin(),
            UnaryOp::Cos => x.cos(),
            UnaryOp::Tanh => x.tanh(),
            UnaryOp::Sigmoid => 1.0 / (1.0 + (-x).exp()),
            UnaryOp::Relu => {
                if x > 0.0 {
                    x
                } else if x.is_nan() {
                    x
                } else {
                    0.0
                }
            }
            UnaryOp::Round => x.round_ties_even(),
            UnaryOp::LogicalNot => x,
            UnaryOp::Floor => x.floor(),
            UnaryOp::Ceil => x.ceil(),
            UnaryOp::Rsqrt => 1.0 / x.sqrt(),
            UnaryOp::Log1p => x.ln_1p(),
            UnaryOp::Expm1 => x.exp_m1(),
            UnaryOp::Erf => ErrorFunction::erf(x),
            UnaryOp::Erfc => ErrorFunction::erfc(x),
            UnaryOp::Tan => x.tan(),
            UnaryOp::Reciprocal => 1.0 / x,
            UnaryOp::Softplus => {
                if x > 0.0 {
                    x + (-x).exp().ln_1p()
                } else {
                    x.exp().ln_1p()
                }
            }
            UnaryOp::Atan => x.atan(),
            UnaryOp::Asin => x.asin(),
            UnaryOp::Acos => x.acos(),
            UnaryOp::Sinh => x.sinh(),
            UnaryOp::Cosh => x.cosh(),
        }
    }};
}

macro_rules! int_unary {
    ($op:expr, $value:expr, $int:ty) => {{
        let x: $int = $value;
        match $op {
            UnaryOp::Neg => x.wrapping_neg(),
            UnaryOp::Abs => x.wrapping_abs(),
            UnaryOp::Sign => x.signum(),
            UnaryOp::Square => x.wrapping_mul(x),
            UnaryOp::Relu => x.max(0),
            _ => x,
        }
    }};
}

/// A unary op on unsigned integers: `Square` wraps, `Sign` is 0 or 1, `Abs`, `Relu` and the
/// roundings are the identity.
fn unsigned_unary<T>(op: UnaryOp, values: &[T]) -> Vec<T>
where
    T: Copy + PartialOrd + num_traits::WrappingMul + num_traits::Zero + num_traits::One,
{
    values
        .iter()
        .map(|&v| match op {
            UnaryOp::Square => v.wrapping_mul(&v),
            UnaryOp::Sign if v > T::zero() => T::one(),
            UnaryOp::Sign => T::zero(),
            _ => v,
        })
        .collect()
}

/// A unary op on a complex number, as the C++ `std::complex` functions TensorFlow's complex
/// kernels call compute it; `Sign` is `x / |x|` (0 at 0).
fn complex_unary<T: num_traits::Float>(
    op: UnaryOp,
    x: num_complex::Complex<T>,
) -> num_complex::Complex<T> {
    use super::elementwise::complex_div;
    let one = num_complex::Complex::new(T::one(), T::zero());
    match op {
        UnaryOp::Neg => -x,
        UnaryOp::Square => x * x,
        UnaryOp::Sqrt => x.sqrt(),
        UnaryOp::Rsqrt => complex_div(one, x.sqrt()),
        UnaryOp::Exp => x.exp(),
        UnaryOp::Expm1 => x.exp() - one,
        UnaryOp::Log => x.ln(),
        UnaryOp::Log1p => (x + one).ln(),
        UnaryOp::Sin => x.sin(),
        UnaryOp::Cos => x.cos(),
        UnaryOp::Tan => x.tan(),
        UnaryOp::Sinh => x.sinh(),
        UnaryOp::Cosh => x.cosh(),
        UnaryOp::Tanh => x.tanh(),
        UnaryOp::Asin => x.asin(),
        UnaryOp::Acos => x.acos(),
        UnaryOp::Atan => x.atan(),
        UnaryOp::Reciprocal => complex_div(one, x),
        UnaryOp::Sigmoid => complex_div(one, one + (-x).exp()),
        UnaryOp::Sign => {
            let magnitude = x.norm();
            if magnitude == T::zero() {
                x
            } else {
                x / magnitude
            }
        }
        _ => x,
    }
}

/// Runs a unary op; the dtype must be one TensorFlow registers the op for.
pub fn unary(op: UnaryOp, input: &Tensor) -> OpResult<Tensor> {
    let op_type = op.op_type();
    if op == UnaryOp::LogicalNot {
        expect_dtype(op_type, 0, DType::Bool, input.dtype())?;
        let TensorData::Bool(values) = input.data() else {
            return Err(internal(op_type, "bool tensor without bool storage"));
        };
        let data = TensorData::Bool(values.iter().map(|v| !v).collect());
        return Tensor::new(DType::Bool, input.shape().clone(), data);
    }
    check_allowed(op_type, input.dtype())?;
    let data = match input.data() {
        // Eigen's rsqrt is `1 / sqrt(x)` in the operand type: two roundings.
        TensorData::Float32(values) if op == UnaryOp::Rsqrt => TensorData::Float32(
            values
                .iter()
                .map(|&v| flush_denormal(1.0 / v.sqrt()))
                .collect(),
        ),
        // Eigen's packet and single-element paths (see `eigen_math`).
        TensorData::Float32(values) if op == UnaryOp::Exp => {
            TensorData::Float32(map_eigen(values, eigen_math::pexp, eigen_math::exp_scalar))
        }
        TensorData::Float32(values) if op == UnaryOp::Log => {
            TensorData::Float32(map_eigen(values, eigen_math::plog, eigen_math::log_scalar))
        }
        TensorData::Float32(values) if op == UnaryOp::Log1p => TensorData::Float32(map_eigen(
            values,
            eigen_math::plog1p,
            eigen_math::log1p_scalar,
        )),
        TensorData::Float32(values) if op == UnaryOp::Expm1 => TensorData::Float32(map_eigen(
            values,
            eigen_math::pexpm1,
            eigen_math::expm1_scalar,
        )),
        TensorData::Float32(values) if op == UnaryOp::Softplus => TensorData::Float32(map_eigen(
            values,
            |v| eigen_math::softplus(v, eigen_math::pexp, eigen_math::plog1p),
            |v| eigen_math::softplus(v, eigen_math::exp_scalar, eigen_math::log1p_scalar),
        )),
        TensorData::Float32(values) if op == UnaryOp::Tanh => {
            TensorData::Float32(values.iter().map(|&v| eigen_math::ptanh(v)).collect())
        }
        TensorData::Float32(values) if op == UnaryOp::Sigmoid => TensorData::Float32(map_eigen(
            values,
            eigen_math::psigmoid,
            eigen_math::sigmoid_scalar,
        )),
        TensorData::Float32(values) => {
            // Computed in f64 and rounded once: correctly rounded results, which is what
            // TensorFlow's float32 kernels give for these inputs far more often than f32 libm.
            // Where glibc's float function is not correctly rounded (coshf(2.75)), the last
            // printed digit can differ from TensorFlow's.
            TensorData::Float32(
                values
                    .iter()
                    .map(|&v| flush_denormal(float_unary!(op, f64::from(v), f64) as f32))
                    .collect(),
            )
        }
        TensorData::Float64(values) => {
            TensorData::Float64(values.iter().map(|&v| float_unary!(op, v, f64)).collect())
        }
        TensorData::Int8(values) => {
            TensorData::Int8(values.iter().map(|&v| int_unary!(op, v, i8)).collect())
        }
        TensorData::Int16(values) => {
            TensorData::Int16(values.iter().map(|&v| int_unary!(op, v, i16)).collect())
        }
        TensorData::Int32(values) => {
            TensorData::Int32(values.iter().map(|&v| int_unary!(op, v, i32)).collect())
        }
        TensorData::Int64(values) => {
            TensorData::Int64(values.iter().map(|&v| int_unary!(op, v, i64)).collect())
        }
        TensorData::UInt8(values) => TensorData::UInt8(unsigned_unary(op, values)),
        TensorData::UInt16(values) => TensorData::UInt16(unsigned_unary(op, values)),
        TensorData::UInt32(values) => TensorData::UInt32(unsigned_unary(op, values)),
        TensorData::UInt64(values) => TensorData::UInt64(unsigned_unary(op, values)),
        TensorData::Complex64(values) => {
            TensorData::Complex64(values.iter().map(|&v| complex_unary(op, v)).collect())
        }
        TensorData::Complex128(values) => {
            TensorData::Complex128(values.iter().map(|&v| complex_unary(op, v)).collect())
        }
        TensorData::Bool(_) | TensorData::String(_) => {
            return Err(OpError::invalid_argument(
                op_type,
                format!("{} is not supported for {}", op_type, input.dtype().name()),
            ))
        }
    };
    Tensor::new(input.dtype(), input.shape().clone(), data)
}

/// TensorFlow runs CPU kernels with denormals flushed to zero (`ScopedFlushDenormal`), so
/// e.g. `sigmoid(-100.0)` is `0.0` in float32.
fn flush_denormal(value: f32) -> f32 {
    if value != 0.0 && value.abs() < f32::MIN_POSITIVE {
        0.0f32.copysign(value)
    } else {
        value
    }
}

/// `tf.nn.softmax` over the last axis (float dtypes only), as TensorFlow's Eigen kernel
/// computes it: `exp(x - max) * (1 / sum)`.
pub fn softmax(logits: &Tensor) -> OpResult<Tensor> {
    check_allowed(OpType::Softmax, logits.dtype())?;
    if logits.rank() == 0 {
        return Err(OpError::invalid_argument(
            OpType::Softmax,
            "logits must have >= 1 dimension, got []",
        ));
    }
    let width = logits.dims().last().copied().unwrap_or(1).max(1);
    let data = match logits.data() {
        TensorData::Float32(values) => TensorData::Float32(eigen_math::softmax_rows(values, width)),
        TensorData::Float64(values) => {
            let mut out = Vec::with_capacity(values.len());
            for row in values.chunks(width) {
                let max = row.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                let exps: Vec<f64> = row.iter().map(|&v| (v - max).exp()).collect();
                let inverse = 1.0 / exps.iter().sum::<f64>();
                out.extend(exps.iter().map(|e| e * inverse));
            }
            TensorData::Float64(out)
        }
        _ => {
            return Err(internal(
                OpType::Softmax,
                "float dtype without float storage",
            ))
        }
    };
    Tensor::new(logits.dtype(), logits.shape().clone(), data)
}

/// `tf.clip_by_value(t, clip_min, clip_max)`: `maximum(minimum(t, clip_max), clip_min)`,
/// as TensorFlow builds it (so `clip_min > clip_max` gives `clip_min`).
pub fn clip_by_value(input: &Tensor, clip_min: &Tensor, clip_max: &Tensor) -> OpResult<Tensor> {
    let upper = binary(BinaryOp::Minimum, input, clip_max)?;
    binary(BinaryOp::Maximum, &upper, clip_min)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    fn floats(values: &[f32]) -> Tensor {
        Tensor::from_vec(Shape::new(vec![values.len()]), values.to_vec()).unwrap()
    }

    #[test]
    fn values_match_tensorflow() {
        // Recorded from tensorflow-cpu 2.21.0.
        let rounded = unary(UnaryOp::Round, &floats(&[0.5, 1.5, 2.5, -0.5])).unwrap();
        assert_eq!(rounded.as_slice::<f32>(), Some(&[0.0, 2.0, 2.0, -0.0][..]));
        let sigmoid = unary(UnaryOp::Sigmoid, &floats(&[-100.0, 0.0, 2.0])).unwrap();
        assert_eq!(sigmoid.as_slice::<f32>(), Some(&[0.0, 0.5, 0.8807971][..]));
        let exp = unary(UnaryOp::Exp, &floats(&[1.0, 2.0])).unwrap();
        assert_eq!(exp.as_slice::<f32>(), Some(&[2.7182817, 7.389056][..]));
        // Eigen's float tanh is a rational approximation: TensorFlow prints 0.46211714 where
        // the correctly rounded value is 0.46211717. Known, documented difference.
        let tanh = unary(UnaryOp::Tanh, &floats(&[0.5, 2.0])).unwrap();
        let values = tanh.as_slice::<f32>().unwrap();
        assert!((values[0] - 0.46211714).abs() < 1e-7 && values[1] == 0.9640276);
        let ints = Tensor::from_vec(Shape::new(vec![3]), vec![-3i32, 0, 2]).unwrap();
        let sign = unary(UnaryOp::Sign, &ints).unwrap();
        assert_eq!(sign.as_slice::<i32>(), Some(&[-1, 0, 1][..]));
        let abs = unary(UnaryOp::Abs, &Tensor::scalar(i32::MIN)).unwrap();
        assert_eq!(abs.as_slice::<i32>(), Some(&[i32::MIN][..]));
    }

    #[test]
    fn float_only_ops_reject_integers() {
        let error = unary(UnaryOp::Sqrt, &Tensor::scalar(4i32)).unwrap_err();
        assert!(error
            .message
            .starts_with("Value for attr 'T' of int32 is not in the list of allowed values"));
        let error = unary(UnaryOp::Neg, &Tensor::scalar(true)).unwrap_err();
        assert!(error.message.contains("NodeDef: {{node Neg}}"));
    }

    #[test]
    fn softmax_rows() {
        let logits = Tensor::from_vec(
            Shape::new(vec![2, 3]),
            vec![1.0f32, 2.0, 3.0, 1.0, 1.0, 1.0],
        )
        .unwrap();
        let result = softmax(&logits).unwrap();
        let expected = [
            0.09003057f32,
            0.24472848,
            0.66524094,
            0.33333334,
            0.33333334,
            0.33333334,
        ];
        for (actual, expected) in result.as_slice::<f32>().unwrap().iter().zip(expected) {
            assert!((actual - expected).abs() <= 1e-7, "{actual} vs {expected}");
        }
    }

    #[test]
    fn clip_with_inverted_bounds() {
        let result = clip_by_value(
            &floats(&[1.0, 2.0]),
            &Tensor::scalar(3.0f32),
            &Tensor::scalar(1.0f32),
        )
        .unwrap();
        assert_eq!(result.as_slice::<f32>(), Some(&[3.0, 3.0][..]));
    }
}
