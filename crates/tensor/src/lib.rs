//! The tensor core of the engine: dtypes, shapes, values, CPU kernels with TensorFlow's
//! semantics and error texts, and printing exactly as TensorFlow 2.21 and NumPy 2.x print.
//!
//! Module map:
//! - [`dtype`]: `DType`, TensorFlow/NumPy names, literal dtype inference.
//! - [`shape`]: `Shape` (known), `TensorShape` (partial), broadcasting, reshape with `-1`.
//! - [`tensor`]: `Tensor`, the cheap-to-clone value, and its typed storage `TensorData`.
//! - [`error`]: `OpError`, TensorFlow's error class and message, and the eager wrapping text.
//! - [`limits`]: element cap and work budget, so no program allocates gigabytes.
//! - [`ops`]: kernels (`ops::add`, `ops::matmul`, `ops::reduce`, ...), `OpType` names, costs.
//! - [`format`]: `print(tensor)`, `repr(tensor)`, NumPy arrays and scalars.
//! - [`random`]: TensorFlow's Philox generator and distributions, bit for bit; [`libm_f32`]:
//!   glibc's `logf` and `sincosf`, which its normals need.
//!
//! This module knows nothing of the interpreter, devices or graphs: kernels take tensors and
//! plain Rust parameters and return `Result<Tensor, OpError>`. Device names enter only as a
//! string parameter of `OpError::eager_message`.

pub mod dtype;
pub mod error;
pub mod format;
pub mod libm_f32;
pub mod limits;
pub mod numpy_generator;
pub mod numpy_random;
pub mod ops;
#[cfg(test)]
mod proptests;
pub mod random;
pub mod shape;
pub mod strided;
#[allow(clippy::module_inception)]
pub mod tensor;

pub use dtype::DType;
pub use error::{ErrorClass, OpError, OpResult};
pub use shape::{Shape, TensorShape};
pub use tensor::{Complex32, Complex64, Tensor, TensorData};
