//! `tf.cast` with TensorFlow's CPU conversion rules (x86-64), recorded from
//! tensorflow-cpu 2.21.0:
//!
//! - float → int32/int16/int8/uint8: truncate toward zero through int32, where NaN, ±inf
//!   and out-of-range values become `-2147483648`; narrower types then wrap
//!   (`200.7 → int8 -56`, `300.0 → uint8 44`, `NaN → uint8 0`).
//! - float → int64: truncate; NaN and out-of-range become `-9223372036854775808`.
//! - int → narrower int: wrap. Anything → bool: `x != 0` (NaN is true).
//! - float → float16/bfloat16: round to nearest even (overflow gives inf).
//! - float → uint16 wraps through int32, → uint32 through int64; → uint64 as C's conversion
//!   (values from 2^63 on convert unsigned, below through int64).
//! - real → complex: the value is the real part; complex → real: the real part (TensorFlow's
//!   Python wrapper warns that the imaginary part is discarded); complex → bool: `x != 0`.
//! - string ↔ anything else: `UnimplementedError: Cast string to float is not supported`.

use super::OpType;
use crate::dtype::DType;
use crate::error::{ErrorClass, OpError, OpResult};
use crate::tensor::{Tensor, TensorData};

/// Converts `input` to `dtype`.
pub fn cast(input: &Tensor, dtype: DType) -> OpResult<Tensor> {
    if input.dtype() == dtype {
        return Ok(input.clone());
    }
    if input.dtype() == DType::String || dtype == DType::String {
        return Err(OpError::kernel(
            ErrorClass::Unimplemented,
            OpType::Cast,
            format!(
                "Cast {} to {} is not supported",
                input.dtype().kernel_name(),
                dtype.kernel_name()
            ),
        ));
    }
    let shape = input.shape().clone();
    // Same storage (float32 <-> float16/bfloat16): relabel, which rounds.
    if TensorData::zeros(dtype, 0) == TensorData::zeros(input.dtype(), 0) {
        return Tensor::new(dtype, shape, input.data().clone());
    }
    let data = match input.data() {
        TensorData::Complex64(values) => from_complex(
            values.iter().map(|v| (f64::from(v.re), f64::from(v.im))),
            dtype,
        ),
        TensorData::Complex128(values) => from_complex(values.iter().map(|v| (v.re, v.im)), dtype),
        TensorData::UInt64(values) if !dtype.is_integer() => {
            // Unsigned 64-bit values beyond i64 convert as themselves, not wrapped.
            let floats: Vec<f64> = values.iter().map(|&v| v as f64).collect();
            match dtype {
                DType::Bool => TensorData::Bool(values.iter().map(|&v| v != 0).collect()),
                DType::Float32 | DType::Float16 | DType::BFloat16 => {
                    TensorData::Float32(values.iter().map(|&v| v as f32).collect())
                }
                _ => from_floats(floats.into_iter(), dtype),
            }
        }
        TensorData::Float32(values) => from_floats(values.iter().map(|&v| f64::from(v)), dtype),
        TensorData::Float64(values) => from_floats(values.iter().copied(), dtype),
        TensorData::Bool(values) => from_ints(values.iter().map(|&v| i64::from(v)), dtype),
        _ => match input.to_i64_vec() {
            Some(values) => from_ints(values.into_iter(), dtype),
            None => {
                return Err(OpError::python(
                    ErrorClass::Internal,
                    "cast of unknown storage",
                ))
            }
        },
    };
    Tensor::new(dtype, shape, data)
}

/// float → int32 as x86's `cvttss2si` does: out of range and NaN give `i32::MIN`.
fn float_to_i32(value: f64) -> i32 {
    if value.is_nan()
        || !(-2_147_483_649.0..2_147_483_648.0).contains(&value)
        || value <= -2_147_483_649.0
    {
        i32::MIN
    } else {
        value as i32
    }
}

/// float → int64 likewise: out of range and NaN give `i64::MIN`.
fn float_to_i64(value: f64) -> i64 {
    const LIMIT: f64 = 9_223_372_036_854_775_808.0; // 2^63
    if value.is_nan() || !(-LIMIT..LIMIT).contains(&value) {
        i64::MIN
    } else {
        value as i64
    }
}

/// float → uint64 as C converts it: from 2^63 on unsigned, below through int64.
fn float_to_u64(value: f64) -> u64 {
    const HIGH: f64 = 9_223_372_036_854_775_808.0; // 2^63
    if (HIGH..2.0 * HIGH).contains(&value) {
        (value - HIGH) as u64 ^ (1 << 63)
    } else {
        float_to_i64(value) as u64
    }
}

/// Complex values to `dtype`: complex keeps both parts, bool tests both, others take the
/// real part.
fn from_complex(values: impl Iterator<Item = (f64, f64)>, dtype: DType) -> TensorData {
    use crate::tensor::{Complex32, Complex64};
    match dtype {
        DType::Complex64 => TensorData::Complex64(
            values
                .map(|(re, im)| Complex32::new(re as f32, im as f32))
                .collect(),
        ),
        DType::Complex128 => {
            TensorData::Complex128(values.map(|(re, im)| Complex64::new(re, im)).collect())
        }
        DType::Bool => TensorData::Bool(values.map(|(re, im)| re != 0.0 || im != 0.0).collect()),
        _ => from_floats(values.map(|(re, _)| re), dtype),
    }
}

fn from_floats(values: impl Iterator<Item = f64>, dtype: DType) -> TensorData {
    use crate::tensor::{Complex32, Complex64};
    match dtype {
        DType::Float16 | DType::BFloat16 | DType::Float32 => {
            TensorData::Float32(values.map(|v| v as f32).collect())
        }
        DType::Float64 => TensorData::Float64(values.collect()),
        DType::Int8 => TensorData::Int8(values.map(|v| float_to_i32(v) as i8).collect()),
        DType::Int16 => TensorData::Int16(values.map(|v| float_to_i32(v) as i16).collect()),
        DType::Int32 => TensorData::Int32(values.map(float_to_i32).collect()),
        DType::UInt8 => TensorData::UInt8(values.map(|v| float_to_i32(v) as u8).collect()),
        DType::Int64 => TensorData::Int64(values.map(float_to_i64).collect()),
        DType::UInt16 => TensorData::UInt16(values.map(|v| float_to_i32(v) as u16).collect()),
        DType::UInt32 => TensorData::UInt32(values.map(|v| float_to_i64(v) as u32).collect()),
        DType::UInt64 => TensorData::UInt64(values.map(float_to_u64).collect()),
        DType::Complex64 => {
            TensorData::Complex64(values.map(|v| Complex32::new(v as f32, 0.0)).collect())
        }
        DType::Complex128 => {
            TensorData::Complex128(values.map(|v| Complex64::new(v, 0.0)).collect())
        }
        DType::Bool => TensorData::Bool(values.map(|v| v != 0.0).collect()),
        DType::String => TensorData::String(Vec::new()),
    }
}

fn from_ints(values: impl Iterator<Item = i64>, dtype: DType) -> TensorData {
    match dtype {
        DType::Float16 | DType::BFloat16 | DType::Float32 => {
            TensorData::Float32(values.map(|v| v as f32).collect())
        }
        DType::Float64 => TensorData::Float64(values.map(|v| v as f64).collect()),
        DType::Int8 => TensorData::Int8(values.map(|v| v as i8).collect()),
        DType::Int16 => TensorData::Int16(values.map(|v| v as i16).collect()),
        DType::Int32 => TensorData::Int32(values.map(|v| v as i32).collect()),
        DType::Int64 => TensorData::Int64(values.collect()),
        DType::UInt8 => TensorData::UInt8(values.map(|v| v as u8).collect()),
        DType::UInt16 => TensorData::UInt16(values.map(|v| v as u16).collect()),
        DType::UInt32 => TensorData::UInt32(values.map(|v| v as u32).collect()),
        DType::UInt64 => TensorData::UInt64(values.map(|v| v as u64).collect()),
        DType::Complex64 | DType::Complex128 => from_floats(values.map(|v| v as f64), dtype),
        DType::Bool => TensorData::Bool(values.map(|v| v != 0).collect()),
        DType::String => TensorData::String(Vec::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    fn floats(values: &[f32]) -> Tensor {
        Tensor::from_vec(Shape::new(vec![values.len()]), values.to_vec()).unwrap()
    }

    #[test]
    fn float_to_int_matches_tensorflow() {
        // Every row recorded from tensorflow-cpu 2.21.0.
        let result = cast(&floats(&[1.7, -1.7, 2.5, 1e10]), DType::Int32).unwrap();
        assert_eq!(result.as_slice::<i32>(), Some(&[1, -1, 2, i32::MIN][..]));
        let result = cast(&floats(&[1.7, -1.7, 300.0]), DType::UInt8).unwrap();
        assert_eq!(result.as_slice::<u8>(), Some(&[1, 255, 44][..]));
        let result = cast(&floats(&[200.7, -200.7, 1e10]), DType::Int8).unwrap();
        assert_eq!(result.as_slice::<i8>(), Some(&[-56, 56, 0][..]));
        let special = floats(&[f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 3e9, -3e9]);
        let result = cast(&special, DType::Int32).unwrap();
        assert_eq!(result.as_slice::<i32>(), Some(&[i32::MIN; 5][..]));
        let result = cast(&floats(&[f32::NAN, f32::INFINITY, 1e19]), DType::Int64).unwrap();
        assert_eq!(result.as_slice::<i64>(), Some(&[i64::MIN; 3][..]));
        let result = cast(&floats(&[f32::NAN, -1.0]), DType::UInt8).unwrap();
        assert_eq!(result.as_slice::<u8>(), Some(&[0, 255][..]));
    }

    #[test]
    fn other_conversions() {
        let ints = Tensor::from_vec(Shape::new(vec![3]), vec![200i32, -200, 70000]).unwrap();
        let result = cast(&ints, DType::Int8).unwrap();
        assert_eq!(result.as_slice::<i8>(), Some(&[-56, 56, 112][..]));
        let result = cast(&floats(&[0.0, 2.0]), DType::Bool).unwrap();
        assert_eq!(result.as_slice::<bool>(), Some(&[false, true][..]));
        let result = cast(&floats(&[70000.0, 1e-8, 0.1]), DType::Float16).unwrap();
        let values = result.as_slice::<f32>().unwrap();
        assert!(values[0].is_infinite());
        assert_eq!(values[1], 0.0);
        assert_eq!(values[2], 0.099975586);
        let error = cast(&Tensor::scalar(b"1".to_vec()), DType::Int32).unwrap_err();
        assert_eq!(error.class, ErrorClass::Unimplemented);
        assert_eq!(error.message, "Cast string to int32 is not supported");
        let error = cast(&Tensor::scalar(1i32), DType::String).unwrap_err();
        assert_eq!(error.message, "Cast int32 to string is not supported");
    }
}
