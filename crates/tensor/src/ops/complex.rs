//! The complex-number ops: `Real`, `Imag`, `Angle` and `ComplexAbs` (a complex tensor's
//! parts, of its real dtype), `Conj`, and `Complex`, which pairs two real tensors.

use super::support::{broadcast_zip, check_allowed_named};
use crate::dtype::DType;
use crate::error::{ErrorClass, OpError, OpResult};
use crate::shape::Shape;
use crate::tensor::{Complex32, Complex64, Tensor, TensorData};

/// What a complex-to-real op takes of each element.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ComplexPart {
    /// `tf.math.real`: the real part.
    Real,
    /// `tf.math.imag`: the imaginary part.
    Imag,
    /// `tf.math.angle`: the argument, `atan2(imag, real)`.
    Angle,
    /// `tf.abs` of a complex tensor: the magnitude, `hypot(real, imag)`.
    Abs,
}

impl ComplexPart {
    /// The TensorFlow op type.
    pub fn op_name(self) -> &'static str {
        match self {
            ComplexPart::Real => "Real",
            ComplexPart::Imag => "Imag",
            ComplexPart::Angle => "Angle",
            ComplexPart::Abs => "ComplexAbs",
        }
    }

    fn of<T: num_traits::Float>(self, value: num_complex::Complex<T>) -> T {
        match self {
            ComplexPart::Real => value.re,
            ComplexPart::Imag => value.im,
            ComplexPart::Angle => value.im.atan2(value.re),
            ComplexPart::Abs => value.re.hypot(value.im),
        }
    }
}

/// A complex tensor's parts as its real dtype (`complex64` → `float32`).
pub fn complex_part(part: ComplexPart, input: &Tensor) -> OpResult<Tensor> {
    check_allowed_named(part.op_name(), None, input.dtype())?;
    let data = match input.data() {
        TensorData::Complex64(values) => {
            TensorData::Float32(values.iter().map(|&v| part.of(v)).collect())
        }
        TensorData::Complex128(values) => {
            TensorData::Float64(values.iter().map(|&v| part.of(v)).collect())
        }
        _ => return Err(not_complex(part.op_name(), input.dtype())),
    };
    Tensor::new(input.dtype().real_dtype(), input.shape().clone(), data)
}

/// `Conj`: the complex conjugate.
pub fn conj(input: &Tensor) -> OpResult<Tensor> {
    check_allowed_named("Conj", None, input.dtype())?;
    let data = match input.data() {
        TensorData::Complex64(values) => {
            TensorData::Complex64(values.iter().map(|v| v.conj()).collect())
        }
        TensorData::Complex128(values) => {
            TensorData::Complex128(values.iter().map(|v| v.conj()).collect())
        }
        _ => return Err(not_complex("Conj", input.dtype())),
    };
    Tensor::new(input.dtype(), input.shape().clone(), data)
}

/// `Complex`: `real + imag·j`, broadcasting; both parts float32 (→ complex64) or both
/// float64 (→ complex128).
pub fn complex(real: &Tensor, imag: &Tensor) -> OpResult<Tensor> {
    if real.dtype() != imag.dtype() {
        return Err(OpError::python(
            ErrorClass::InvalidArgument,
            format!(
                "cannot compute Complex as input #1(zero-based) was expected to be a {} tensor \
                 but is a {} tensor",
                real.dtype().kernel_name(),
                imag.dtype().kernel_name()
            ),
        ));
    }
    check_allowed_named("Complex", None, real.dtype())?;
    let output = Shape::broadcast(real.shape(), imag.shape())
        .map_err(|error| OpError::python(ErrorClass::InvalidArgument, error.message()))?;
    crate::limits::check_elements(&output)?;
    let (left, right) = (real.shape(), imag.shape());
    let (dtype, data) = match (real.data(), imag.data()) {
        (TensorData::Float32(re), TensorData::Float32(im)) => (
            DType::Complex64,
            TensorData::Complex64(broadcast_zip(re, left, im, right, &output, Complex32::new)),
        ),
        (TensorData::Float64(re), TensorData::Float64(im)) => (
            DType::Complex128,
            TensorData::Complex128(broadcast_zip(re, left, im, right, &output, Complex64::new)),
        ),
        _ => return Err(not_complex("Complex", real.dtype())),
    };
    Tensor::new(dtype, output, data)
}

fn not_complex(op: &str, dtype: DType) -> OpError {
    OpError::python(
        ErrorClass::InvalidArgument,
        format!("{op} has no kernel for {}", dtype.kernel_name()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn complex64(values: &[(f32, f32)]) -> Tensor {
        let values: Vec<Complex32> = values
            .iter()
            .map(|&(re, im)| Complex32::new(re, im))
            .collect();
        Tensor::from_vec(Shape::new(vec![values.len()]), values).unwrap()
    }

    #[test]
    fn parts_are_of_the_real_dtype() {
        let z = complex64(&[(3.0, -4.0), (0.0, 1.0)]);
        let abs = complex_part(ComplexPart::Abs, &z).unwrap();
        assert_eq!(abs.dtype(), DType::Float32);
        assert_eq!(abs.as_slice::<f32>(), Some(&[5.0f32, 1.0][..]));
        let imag = complex_part(ComplexPart::Imag, &z).unwrap();
        assert_eq!(imag.as_slice::<f32>(), Some(&[-4.0f32, 1.0][..]));
        let conjugate = conj(&z).unwrap();
        assert_eq!(
            conjugate.as_slice::<Complex32>(),
            Some(&[Complex32::new(3.0, 4.0), Complex32::new(0.0, -1.0)][..])
        );
    }

    #[test]
    fn complex_pairs_and_broadcasts() {
        let re = Tensor::from_vec(Shape::new(vec![2]), vec![1.0f64, 2.0]).unwrap();
        let im = Tensor::from_vec(Shape::scalar(), vec![5.0f64]).unwrap();
        let z = complex(&re, &im).unwrap();
        assert_eq!(z.dtype(), DType::Complex128);
        assert_eq!(
            z.as_slice::<Complex64>(),
            Some(&[Complex64::new(1.0, 5.0), Complex64::new(2.0, 5.0)][..])
        );
        let float = Tensor::from_vec(Shape::scalar(), vec![1.0f32]).unwrap();
        assert!(complex(&re, &float).is_err());
    }
}
