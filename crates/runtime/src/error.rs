//! `TfError`: the one error type of the runtime, an exception class plus `str(e)`.
//!
//! The tensor kernels report [`ErrorClass`] and the placer [`ErrorCode`]; both map onto
//! [`ExceptionClass`] here, so the Python binding raises exactly one kind of value. Messages
//! are final: whatever TensorFlow wraps around a kernel or placer message (eager
//! `[Op:X]` suffixes, the Session's `Graph execution error:` block) is already applied.

use std::fmt;

use placer::{ErrorCode, PlacementError, StackFrame};
use tensor::{ErrorClass, OpError};

/// The Python exception class an error surfaces as (`type(e).__name__`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExceptionClass {
    /// `tf.errors.InvalidArgumentError`.
    InvalidArgument,
    /// `tf.errors.FailedPreconditionError`: reading an uninitialised variable.
    FailedPrecondition,
    /// `tf.errors.NotFoundError`.
    NotFound,
    /// `tf.errors.InternalError`.
    Internal,
    /// `tf.errors.ResourceExhaustedError`.
    ResourceExhausted,
    /// `tf.errors.UnimplementedError`.
    Unimplemented,
    /// `tf.errors.OutOfRangeError`.
    OutOfRange,
    /// Python `ValueError`.
    ValueError,
    /// Python `TypeError`.
    TypeError,
    /// Python `RuntimeError` (`Virtual devices cannot be modified after being initialized`).
    RuntimeError,
    /// Python `LookupError` (`gradient registry has no entry for: Unique`).
    LookupError,
}

impl ExceptionClass {
    /// The class name as `type(e).__name__` prints it.
    pub fn python_name(self) -> &'static str {
        match self {
            ExceptionClass::InvalidArgument => "InvalidArgumentError",
            ExceptionClass::FailedPrecondition => "FailedPreconditionError",
            ExceptionClass::NotFound => "NotFoundError",
            ExceptionClass::Internal => "InternalError",
            ExceptionClass::ResourceExhausted => "ResourceExhaustedError",
            ExceptionClass::Unimplemented => "UnimplementedError",
            ExceptionClass::OutOfRange => "OutOfRangeError",
            ExceptionClass::ValueError => "ValueError",
            ExceptionClass::TypeError => "TypeError",
            ExceptionClass::RuntimeError => "RuntimeError",
            ExceptionClass::LookupError => "LookupError",
        }
    }

    /// True for the `tf.errors.OpError` subclasses (the others are Python builtins).
    pub fn is_tf_op_error(self) -> bool {
        !matches!(
            self,
            ExceptionClass::ValueError
                | ExceptionClass::TypeError
                | ExceptionClass::RuntimeError
                | ExceptionClass::LookupError
        )
    }
}

impl From<ErrorClass> for ExceptionClass {
    fn from(class: ErrorClass) -> ExceptionClass {
        match class {
            ErrorClass::InvalidArgument => ExceptionClass::InvalidArgument,
            ErrorClass::ResourceExhausted => ExceptionClass::ResourceExhausted,
            ErrorClass::Unimplemented => ExceptionClass::Unimplemented,
            ErrorClass::NotFound => ExceptionClass::NotFound,
            ErrorClass::OutOfRange => ExceptionClass::OutOfRange,
            ErrorClass::FailedPrecondition => ExceptionClass::FailedPrecondition,
            ErrorClass::Internal => ExceptionClass::Internal,
            ErrorClass::ValueError => ExceptionClass::ValueError,
            ErrorClass::TypeError => ExceptionClass::TypeError,
        }
    }
}

impl From<ErrorCode> for ExceptionClass {
    fn from(code: ErrorCode) -> ExceptionClass {
        match code {
            ErrorCode::InvalidArgument => ExceptionClass::InvalidArgument,
            ErrorCode::FailedPrecondition => ExceptionClass::FailedPrecondition,
            ErrorCode::NotFound => ExceptionClass::NotFound,
            ErrorCode::Internal => ExceptionClass::Internal,
        }
    }
}

/// A raised TensorFlow (or Python) exception: its class and `str(e)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TfError {
    /// The exception class.
    pub class: ExceptionClass,
    /// `str(e)`, exactly.
    pub message: String,
    /// Whether it is the run's work budget refusing a kernel: where a value could stand in
    /// as not computed (values on demand), it does instead of the error.
    pub over_budget: bool,
}

/// Shorthand for runtime results.
pub type TfResult<T> = Result<T, TfError>;

impl TfError {
    /// An error of `class` with `message`.
    pub fn new(class: ExceptionClass, message: impl Into<String>) -> TfError {
        TfError {
            class,
            message: message.into(),
            over_budget: false,
        }
    }

    /// A Python `ValueError`.
    pub fn value_error(message: impl Into<String>) -> TfError {
        TfError::new(ExceptionClass::ValueError, message)
    }

    /// A Python `TypeError`.
    pub fn type_error(message: impl Into<String>) -> TfError {
        TfError::new(ExceptionClass::TypeError, message)
    }

    /// An `InvalidArgumentError`.
    pub fn invalid_argument(message: impl Into<String>) -> TfError {
        TfError::new(ExceptionClass::InvalidArgument, message)
    }

    /// An `InternalError` for states only an emulator bug can reach; the text says so.
    pub fn internal(message: impl Into<String>) -> TfError {
        TfError::new(ExceptionClass::Internal, message)
    }

    /// A kernel or dispatch error raised by an eager op running on `device` (full name):
    /// TensorFlow's eager wrapping (`{{function_node ...}} ... [Op:X] name: `).
    pub fn from_eager_op(error: &OpError, device: &str) -> TfError {
        TfError::new(error.class.into(), error.eager_message(device))
    }

    /// A kernel error with its bare message, without the eager op frame: how TensorFlow
    /// reports the shape and dtype checks that run while a graph is built or a Session runs,
    /// and literal conversions. The eager twin is [`TfError::from_eager_op`].
    pub fn from_kernel_message(error: OpError) -> TfError {
        TfError {
            over_budget: error.is_budget(),
            ..TfError::new(error.class.into(), error.message)
        }
    }

    /// The error a `Session.run` raises for a graph error (cases c01, c04): `Graph
    /// execution error:` plus the definition stack of each node the message names;
    /// `frames_of` finds a node's user frames.
    pub fn graph_execution<'a>(
        class: ExceptionClass,
        inner_message: &str,
        frames_of: &dyn Fn(&str) -> Option<&'a [StackFrame]>,
    ) -> TfError {
        let message = placer::errors::session_error_message(inner_message, frames_of);
        TfError::new(class, message)
    }
}

impl From<PlacementError> for TfError {
    fn from(error: PlacementError) -> TfError {
        TfError::new(error.code.into(), error.message)
    }
}

impl fmt::Display for TfError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}: {}", self.class.python_name(), self.message)
    }
}

impl std::error::Error for TfError {}
