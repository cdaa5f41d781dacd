//! Python exceptions: the builtin class hierarchy, the state an exception instance carries
//! (args, cause, context, traceback), and [`Exception`], the Rust error type of everything
//! that can raise.
//!
//! An exception is always a real instance of a class deriving from `BaseException`, so user
//! code can catch, inspect and re-raise what native code raised, and host classes (such as
//! TensorFlow's `InvalidArgumentError`) are ordinary subclasses.

use std::rc::Rc;

use crate::compile::code::Code;
use crate::value::{AttrMap, Class, ClassKind, Instance, Value};

/// One frame an exception passed through: the code and the instruction that was running.
#[derive(Clone)]
pub struct TbFrame {
    pub code: Rc<Code>,
    pub pc: u32,
}

/// The state of an exception instance.
#[derive(Default)]
pub struct ExcState {
    pub args: Vec<Value>,
    /// `__cause__` (set by `raise ... from ...`).
    pub cause: Option<Value>,
    /// `__context__`: the exception being handled when this one was raised.
    pub context: Option<Value>,
    /// `__suppress_context__` (true after `raise ... from ...`).
    pub suppress_context: bool,
    /// Frames this exception passed through, innermost first (printing reverses them).
    pub traceback: Vec<TbFrame>,
    /// An exception that ends the run whatever handlers exist (the instruction budget):
    /// `except` clauses and `finally` blocks are skipped.
    pub fatal: bool,
}

impl Drop for ExcState {
    /// `ValueError(ValueError(...))` and `raise ... from e` chains are released through
    /// [`crate::value::dispose`], so 10^5 linked exceptions cannot overflow the stack.
    fn drop(&mut self) {
        let args = std::mem::take(&mut self.args);
        let linked = [self.cause.take(), self.context.take()]
            .into_iter()
            .flatten();
        crate::value::dispose(args.into_iter().chain(linked));
    }
}

/// A raised Python exception: a handle to the exception instance.
#[derive(Clone)]
pub struct Exception(pub Rc<Instance>);

impl std::fmt::Debug for Exception {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}({:?})", self.0.class.name, self.args())
    }
}

impl Exception {
    /// The exception instance as a Python value.
    pub fn value(&self) -> Value {
        Value::Instance(self.0.clone())
    }

    /// The exception's class.
    pub fn class(&self) -> &Rc<Class> {
        &self.0.class
    }

    /// The exception from a value, if it is an exception instance.
    pub fn from_value(value: &Value) -> Option<Exception> {
        match value {
            Value::Instance(inst) if inst.exc.is_some() => Some(Exception(inst.clone())),
            _ => None,
        }
    }

    /// Runs `f` on the exception's state.
    pub fn with_state<T>(&self, f: impl FnOnce(&mut ExcState) -> T) -> T {
        match &self.0.exc {
            Some(state) => f(&mut state.borrow_mut()),
            None => f(&mut ExcState::default()),
        }
    }

    /// `exc.args`.
    pub fn args(&self) -> Vec<Value> {
        match &self.0.exc {
            Some(state) => state.borrow().args.clone(),
            None => Vec::new(),
        }
    }

    /// Whether this exception ends the run regardless of handlers.
    pub fn is_fatal(&self) -> bool {
        self.0.exc.as_ref().is_some_and(|s| s.borrow().fatal)
    }

    /// Whether the exception is an instance of `class` (or a subclass).
    pub fn is_instance(&self, class: &Class) -> bool {
        self.0.class.is_subclass(class)
    }
}

macro_rules! exception_types {
    ($root:ident; $( $field:ident : $name:literal < $base:ident ),* $(,)?) => {
        /// The builtin exception classes, by name.
        pub struct ExcTypes {
            pub base_exception: Rc<Class>,
            $( pub $field: Rc<Class>, )*
        }

        impl ExcTypes {
            /// Builds the hierarchy under `object`.
            pub fn new(object: &Rc<Class>) -> ExcTypes {
                let $root = new_exception_class("BaseException", "builtins", std::slice::from_ref(object));
                $( let $field = new_exception_class($name, "builtins", std::slice::from_ref(&$base)); )*
                ExcTypes { base_exception: $root, $( $field, )* }
            }

            /// Every class with its name, for the builtins namespace.
            pub fn all(&self) -> Vec<Rc<Class>> {
                vec![self.base_exception.clone(), $( self.$field.clone(), )*]
            }
        }
    };
}

exception_types! {
    base_exception;
    exception: "Exception" < base_exception,
    system_exit: "SystemExit" < base_exception,
    keyboard_interrupt: "KeyboardInterrupt" < base_exception,
    generator_exit: "GeneratorExit" < base_exception,
    arithmetic_error: "ArithmeticError" < exception,
    zero_division_error: "ZeroDivisionError" < arithmetic_error,
    overflow_error: "OverflowError" < arithmetic_error,
    floating_point_error: "FloatingPointError" < arithmetic_error,
    assertion_error: "AssertionError" < exception,
    attribute_error: "AttributeError" < exception,
    buffer_error: "BufferError" < exception,
    eof_error: "EOFError" < exception,
    import_error: "ImportError" < exception,
    module_not_found_error: "ModuleNotFoundError" < import_error,
    lookup_error: "LookupError" < exception,
    index_error: "IndexError" < lookup_error,
    key_error: "KeyError" < lookup_error,
    memory_error: "MemoryError" < exception,
    name_error: "NameError" < exception,
    unbound_local_error: "UnboundLocalError" < name_error,
    os_error: "OSError" < exception,
    file_not_found_error: "FileNotFoundError" < os_error,
    file_exists_error: "FileExistsError" < os_error,
    permission_error: "PermissionError" < os_error,
    is_a_directory_error: "IsADirectoryError" < os_error,
    not_a_directory_error: "NotADirectoryError" < os_error,
    timeout_error: "TimeoutError" < os_error,
    connection_error: "ConnectionError" < os_error,
    reference_error: "ReferenceError" < exception,
    runtime_error: "RuntimeError" < exception,
    not_implemented_error: "NotImplementedError" < runtime_error,
    recursion_error: "RecursionError" < runtime_error,
    stop_iteration: "StopIteration" < exception,
    stop_async_iteration: "StopAsyncIteration" < exception,
    syntax_error: "SyntaxError" < exception,
    indentation_error: "IndentationError" < syntax_error,
    tab_error: "TabError" < indentation_error,
    system_error: "SystemError" < exception,
    type_error: "TypeError" < exception,
    value_error: "ValueError" < exception,
    unicode_error: "UnicodeError" < value_error,
    unicode_decode_error: "UnicodeDecodeError" < unicode_error,
    unicode_encode_error: "UnicodeEncodeError" < unicode_error,
    warning: "Warning" < exception,
    user_warning: "UserWarning" < warning,
    deprecation_warning: "DeprecationWarning" < warning,
    pending_deprecation_warning: "PendingDeprecationWarning" < warning,
    runtime_warning: "RuntimeWarning" < warning,
    future_warning: "FutureWarning" < warning,
    syntax_warning: "SyntaxWarning" < warning,
    import_warning: "ImportWarning" < warning,
    unicode_warning: "UnicodeWarning" < warning,
    resource_warning: "ResourceWarning" < warning,
}

/// A new exception class (builtin or host) deriving from `bases`.
pub fn new_exception_class(name: &str, module: &str, bases: &[Rc<Class>]) -> Rc<Class> {
    let mro = crate::vm::class::c3_mro(bases).unwrap_or_default();
    Rc::new(Class {
        name: name.to_string(),
        qualname: name.to_string(),
        module: module.to_string(),
        bases: bases.to_vec(),
        mro,
        dict: crate::value::ClassDict::new(AttrMap::new()),
        kind: ClassKind::Exception,
        constructor: None,
        immutable: module == "builtins",
        meta: None,
        c_extension: false,
    })
}

/// Sets `errno`, `strerror`, `filename` and `filename2` of an `OSError`, which its `str`
/// reads (`[Errno 2] No such file or directory: 'x'`).
pub fn set_os_error_attrs(
    exc: &Exception,
    errno: Value,
    strerror: Value,
    filename: Value,
    filename2: Value,
) {
    let mut dict = exc.0.dict.borrow_mut();
    dict.insert_str("errno", errno);
    dict.insert_str("strerror", strerror);
    dict.insert_str("filename", filename);
    dict.insert_str("filename2", filename2);
}

/// Makes an exception instance of `class` with `args` (no `__init__` is run).
pub fn new_exception(class: &Rc<Class>, args: Vec<Value>) -> Exception {
    let inst = Instance::new(class.clone());
    if let Some(state) = &inst.exc {
        state.borrow_mut().args = args;
    }
    Exception(Rc::new(inst))
}
