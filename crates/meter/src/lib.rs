//! The run's resource meters, one mechanism per kind of limit, shared by every layer (the
//! interpreter, the TensorFlow runtime, its kernels) without any of them knowing the others:
//! - [`memory`]: live heap bytes per thread against the run's memory cap;
//! - [`work`]: work native code did outside the interpreter's sight (a kernel's elements, a
//!   graph's ops), which the interpreter charges to its instruction budget.

pub mod memory;
pub mod work;
