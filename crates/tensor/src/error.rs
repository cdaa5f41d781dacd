//! `OpError`: a failed op as TensorFlow reports it, with its Python exception class, the
//! kernel's message and what TensorFlow wraps around it in eager mode.
//!
//! A kernel error in eager mode reads
//! `{{function_node __wrapped__MatMul_device_<device>}} <message> [Op:MatMul] name: `.
//! Errors raised before the kernel runs (dtype checks at dispatch) have no `function_node`
//! prefix. Some Python wrappers pass no name (`tf.reshape`), and then ` name: ` is absent too.

use std::fmt;

use super::ops::OpType;

/// The Python exception class an error surfaces as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorClass {
    /// `tf.errors.InvalidArgumentError`: bad shapes, bad values, dtype mismatches.
    InvalidArgument,
    /// `tf.errors.ResourceExhaustedError`: out of (emulated) memory or over a playground limit.
    ResourceExhausted,
    /// `tf.errors.UnimplementedError`: e.g. `Cast string to int32 is not supported`.
    Unimplemented,
    /// `tf.errors.NotFoundError`: no kernel registered for the dtype.
    NotFound,
    /// `tf.errors.OutOfRangeError`.
    OutOfRange,
    /// `tf.errors.FailedPreconditionError`: state not ready for the op (a table already
    /// initialised).
    FailedPrecondition,
    /// `tf.errors.InternalError`.
    Internal,
    /// Python `ValueError` (raised by TensorFlow's Python layer).
    ValueError,
    /// Python `TypeError` (raised by TensorFlow's Python layer).
    TypeError,
}

impl ErrorClass {
    /// The exception's class name, as `type(e).__name__` prints it.
    pub fn python_name(self) -> &'static str {
        match self {
            ErrorClass::InvalidArgument => "InvalidArgumentError",
            ErrorClass::ResourceExhausted => "ResourceExhaustedError",
            ErrorClass::Unimplemented => "UnimplementedError",
            ErrorClass::NotFound => "NotFoundError",
            ErrorClass::OutOfRange => "OutOfRangeError",
            ErrorClass::FailedPrecondition => "FailedPreconditionError",
            ErrorClass::Internal => "InternalError",
            ErrorClass::ValueError => "ValueError",
            ErrorClass::TypeError => "TypeError",
        }
    }
}

/// Where an error was raised, which decides the text TensorFlow wraps around the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorOrigin {
    /// Inside a kernel: eager mode prefixes `{{function_node __wrapped__<function>_device_..}}`.
    /// `function` is the op type, plus `_N_<count>` for list ops (`ConcatV2_N_2`).
    Kernel {
        /// The wrapped function's name without the `__wrapped__` prefix.
        function: String,
    },
    /// At dispatch, before any kernel: no prefix (`cannot compute AddV2 as input #1 ...`).
    Dispatch,
    /// In TensorFlow's Python layer: the bare message.
    Python,
    /// A playground limit on what a kernel may compute (`crate::limits`): the kernel did not
    /// run, and the runtime defers its outputs (values on demand) instead of failing.
    Budget,
}

/// A failed op: exception class, the kernel's own message, and the eager wrapping parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpError {
    /// The Python exception class.
    pub class: ErrorClass,
    /// The core message, e.g. `Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3]`.
    pub message: String,
    /// The type of the op that failed (`GatherNd`), if any.
    pub op_type: Option<&'static str>,
    /// Where the error was raised.
    pub origin: ErrorOrigin,
    /// The op name shown after `[Op:X]` as ` name: <name>`; `None` prints no ` name:` part.
    pub op_name: Option<String>,
}

impl OpError {
    /// An error raised by `op`'s kernel, with the op's default eager name.
    pub fn kernel(class: ErrorClass, op: OpType, message: impl Into<String>) -> OpError {
        OpError::kernel_of(class, op.name(), op.default_eager_name(), message)
    }

    /// An error raised by the kernel of the op type `op_type`, whose eager errors end in
    /// ` name: {eager_name}` (`None`: no ` name:` part). For op types defined outside
    /// [`OpType`].
    pub fn kernel_of(
        class: ErrorClass,
        op_type: &'static str,
        eager_name: Option<&'static str>,
        message: impl Into<String>,
    ) -> OpError {
        OpError {
            class,
            message: message.into(),
            op_type: Some(op_type),
            origin: ErrorOrigin::Kernel {
                function: op_type.to_string(),
            },
            op_name: eager_name.map(str::to_string),
        }
    }

    /// `InvalidArgumentError` from `op`'s kernel: the most common case.
    pub fn invalid_argument(op: OpType, message: impl Into<String>) -> OpError {
        OpError::kernel(ErrorClass::InvalidArgument, op, message)
    }

    /// An error raised at dispatch, before `op`'s kernel runs.
    pub fn dispatch(class: ErrorClass, op: OpType, message: impl Into<String>) -> OpError {
        OpError {
            origin: ErrorOrigin::Dispatch,
            ..OpError::kernel(class, op, message)
        }
    }

    /// A playground limit refused the kernel's work (see [`ErrorOrigin::Budget`]).
    pub fn budget(message: impl Into<String>) -> OpError {
        OpError {
            origin: ErrorOrigin::Budget,
            ..OpError::python(ErrorClass::ResourceExhausted, message)
        }
    }

    /// Whether a playground limit refused the kernel's work.
    pub fn is_budget(&self) -> bool {
        self.origin == ErrorOrigin::Budget
    }

    /// An error raised by TensorFlow's Python layer: the bare message.
    pub fn python(class: ErrorClass, message: impl Into<String>) -> OpError {
        OpError {
            class,
            message: message.into(),
            op_type: None,
            origin: ErrorOrigin::Python,
            op_name: None,
        }
    }

    /// The dispatch-time dtype check's error:
    /// `cannot compute AddV2 as input #1(zero-based) was expected to be a int32 tensor but is a
    /// float tensor`.
    pub fn dtype_mismatch(
        op: OpType,
        input_index: usize,
        expected: super::DType,
        actual: super::DType,
    ) -> OpError {
        OpError::dispatch(
            ErrorClass::InvalidArgument,
            op,
            format!(
                "cannot compute {} as input #{input_index}(zero-based) was expected to be a {} \
                 tensor but is a {} tensor",
                op.name(),
                expected.kernel_name(),
                actual.kernel_name()
            ),
        )
    }

    /// Replaces the wrapped function name (list ops: `ConcatV2_N_2`).
    pub fn with_function(mut self, function: impl Into<String>) -> OpError {
        if let ErrorOrigin::Kernel { function: slot } = &mut self.origin {
            *slot = function.into();
        }
        self
    }

    /// Replaces the op name printed after `[Op:X]` (the `name=` the user passed).
    pub fn with_op_name(mut self, name: Option<String>) -> OpError {
        self.op_name = name;
        self
    }

    /// `str(e)` in eager mode on `device` (`/job:localhost/replica:0/task:0/device:CPU:0`).
    pub fn eager_message(&self, device: &str) -> String {
        let mut text = String::new();
        if let ErrorOrigin::Kernel { function } = &self.origin {
            text.push_str(&format!(
                "{{{{function_node __wrapped__{function}_device_{device}}}}} "
            ));
        }
        text.push_str(&self.message);
        let bare = matches!(self.origin, ErrorOrigin::Python | ErrorOrigin::Budget);
        if let (Some(op), false) = (self.op_type, bare) {
            text.push_str(&format!(" [Op:{op}]"));
            if let Some(name) = &self.op_name {
                text.push_str(&format!(" name: {name}"));
            }
        }
        text
    }
}

impl fmt::Display for OpError {
    /// The class and the bare message (no eager wrapping: that needs a device).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.class.python_name(), self.message)
    }
}

impl std::error::Error for OpError {}

/// Shorthand for results of ops.
pub type OpResult<T> = Result<T, OpError>;
