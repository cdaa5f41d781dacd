//! `tf.errors`: `OpError(Exception)` and its subclasses, defined in module
//! `tensorflow.python.framework.errors_impl` so an uncaught one prints as
//! `tensorflow.python.framework.errors_impl.InvalidArgumentError: ...` (checked with the
//! oracle), and [`raise`], which turns a runtime [`TfError`] into the Python exception.

use std::rc::Rc;

use lang::exceptions::{new_exception_class, Exception};
use lang::host::native_function;
use lang::value::{Class, PyResult, Value};
use lang::vm::Vm;

use crate::State;
use runtime::{ExceptionClass, TfError};

/// The module TensorFlow's error classes live in.
pub const ERRORS_MODULE: &str = "tensorflow.python.framework.errors_impl";

/// The `OpError` subclasses with their `error_code` (TensorFlow's canonical codes).
const SUBCLASSES: &[(&str, i64)] = &[
    ("CancelledError", 1),
    ("UnknownError", 2),
    ("InvalidArgumentError", 3),
    ("DeadlineExceededError", 4),
    ("NotFoundError", 5),
    ("AlreadyExistsError", 6),
    ("PermissionDeniedError", 7),
    ("ResourceExhaustedError", 8),
    ("FailedPreconditionError", 9),
    ("AbortedError", 10),
    ("OutOfRangeError", 11),
    ("UnimplementedError", 12),
    ("InternalError", 13),
    ("UnavailableError", 14),
    ("DataLossError", 15),
    ("UnauthenticatedError", 16),
];

/// `tf.errors.OpError` and its subclasses, by name.
pub struct ErrorClasses {
    /// `tf.errors.OpError`.
    pub op_error: Rc<Class>,
    /// The subclasses in [`SUBCLASSES`] order.
    pub subclasses: Vec<(String, Rc<Class>)>,
    /// `tf.errors.OperatorNotAllowedInGraphError(TypeError)`: a graph tensor used as a
    /// Python `bool` or iterated.
    pub operator_not_allowed: Rc<Class>,
}

impl ErrorClasses {
    /// The subclass called `name`.
    pub fn by_name(&self, name: &str) -> Option<Rc<Class>> {
        self.subclasses
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, class)| class.clone())
    }
}

/// `e.message` (and `str(e)`): the message, which the runtime's errors carry as their
/// only argument and programs pass third (`OutOfRangeError(node_def, op, message)`).
fn message_getter(vm: &mut Vm<'_>, args: lang::value::Args<'_>) -> PyResult {
    let exc = args
        .get(0)
        .and_then(Exception::from_value)
        .ok_or_else(|| vm.type_error("message of a non-exception"))?;
    let arguments = exc.args();
    let message = if arguments.len() >= 3 {
        arguments.get(2)
    } else {
        arguments.first()
    };
    match message {
        Some(message) => {
            let message = message.clone();
            Ok(Value::str(vm.str(&message)?))
        }
        None => Ok(Value::str("")),
    }
}

/// Builds the classes.
pub fn build(vm: &Vm<'_>) -> PyResult<ErrorClasses> {
    let exc = vm.exc_types();
    let op_error = new_exception_class(
        "OpError",
        ERRORS_MODULE,
        std::slice::from_ref(&exc.exception),
    );
    {
        let mut dict = op_error.dict.borrow_mut();
        dict.insert_str("__module__", Value::str(ERRORS_MODULE));
        let prop = lang::value::Property {
            getter: Some(native_function("message", message_getter)),
            setter: None,
            deleter: None,
            doc: None,
        };
        dict.insert_str("message", Value::Property(Rc::new(prop)));
        dict.insert_str("__str__", native_function("__str__", message_getter));
        for name in ["node_def", "op"] {
            dict.insert_str(name, Value::None);
        }
    }
    let subclasses = SUBCLASSES
        .iter()
        .map(|(name, code)| {
            let class = new_exception_class(name, ERRORS_MODULE, std::slice::from_ref(&op_error));
            {
                let mut dict = class.dict.borrow_mut();
                dict.insert_str("__module__", Value::str(ERRORS_MODULE));
                dict.insert_str("error_code", Value::Int(*code));
            }
            (name.to_string(), class)
        })
        .collect();
    let operator_not_allowed = new_exception_class(
        "OperatorNotAllowedInGraphError",
        ERRORS_MODULE,
        std::slice::from_ref(&exc.type_error),
    );
    operator_not_allowed
        .dict
        .borrow_mut()
        .insert_str("__module__", Value::str(ERRORS_MODULE));
    Ok(ErrorClasses {
        op_error,
        subclasses,
        operator_not_allowed,
    })
}

/// The Python exception for a runtime error: builtins for `ValueError`, `TypeError`,
/// `RuntimeError` and `LookupError`, `tf.errors.*` otherwise.
pub fn raise(st: &State, vm: &Vm<'_>, error: TfError) -> Exception {
    let exc = vm.exc_types();
    let class = match error.class {
        ExceptionClass::ValueError => exc.value_error.clone(),
        ExceptionClass::TypeError => exc.type_error.clone(),
        ExceptionClass::RuntimeError => exc.runtime_error.clone(),
        ExceptionClass::LookupError => exc.lookup_error.clone(),
        other => st
            .classes(vm)
            .ok()
            .and_then(|classes| classes.errors.by_name(other.python_name()))
            .unwrap_or_else(|| exc.runtime_error.clone()),
    };
    vm.new_error(&class, error.message)
}

/// The `tf.errors` module's attributes.
pub fn module_attrs(classes: &ErrorClasses) -> Vec<(String, Value)> {
    let mut attrs = vec![(
        "OpError".to_string(),
        Value::Class(classes.op_error.clone()),
    )];
    for (name, class) in &classes.subclasses {
        attrs.push((name.clone(), Value::Class(class.clone())));
    }
    attrs.push((
        "OperatorNotAllowedInGraphError".to_string(),
        Value::Class(classes.operator_not_allowed.clone()),
    ));
    attrs
}
