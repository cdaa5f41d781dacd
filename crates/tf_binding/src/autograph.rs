//! AutoGraph's conversion, natively: `_tf_autograph.convert(func, operators)` gives the
//! user's function with its control flow rewritten into calls on `operators`
//! (`lang::convert_function`), or `None` for a function TensorFlow would not convert (the
//! library's own, a lambda, a generator). The operators, and `converted_call` which
//! converts each function a converted one calls, are Python
//! (`_tensorflow/autograph_operators.py`).

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::St;

/// The name of the private module with `convert`.
pub const MODULE: &str = "_tf_autograph";

/// The Python module of the operators, whose `converted_call` starts a `tf.function`'s
/// trace.
pub const OPERATORS: &str = "_tensorflow.autograph_operators";

/// The path prefix of the bundled library, whose functions are never converted (as
/// TensorFlow leaves its own and Keras's code alone).
const LIBRARY_PREFIX: &str = crate::library::LIBRARY_PREFIX;

/// Builds the `_tf_autograph` module.
pub fn build(_st: &St) -> Vec<(String, Value)> {
    let module = lang::host::new_module(MODULE);
    module.set(
        "convert",
        lang::host::native_function_closure("convert", convert),
    );
    vec![(MODULE.to_string(), Value::Module(module))]
}

/// `convert(func, operators)`.
fn convert(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let (Some(Value::Function(func)), Some(operators)) = (args.get(0), args.get(1)) else {
        return Ok(Value::None);
    };
    if func.code.filename.starts_with(LIBRARY_PREFIX) {
        return Ok(Value::None);
    }
    let _ = vm;
    match lang::convert_function::convert_control_flow(func, operators.clone()) {
        Ok(converted) => Ok(Value::Function(converted)),
        Err(_) => Ok(Value::None),
    }
}

/// A stack frame as the two kinds of stacks carry it (a traceback's, the running stack's).
pub trait Frame {
    fn filename(&self) -> &str;
    fn function_mut(&mut self) -> &mut String;
}

impl Frame for lang::TracebackEntry {
    fn filename(&self) -> &str {
        &self.filename
    }
    fn function_mut(&mut self) -> &mut String {
        &mut self.function
    }
}

impl Frame for lang::vm::StackEntry {
    fn filename(&self) -> &str {
        &self.filename
    }
    fn function_mut(&mut self) -> &mut String {
        &mut self.function
    }
}

/// The user's frames of a stack, as TensorFlow's error messages and op definition stacks
/// show them: TensorFlow's own Python (the library's `_tensorflow/`: AutoGraph's operators,
/// `tf.while_loop`) is left out, and the block functions of a converted function show as
/// that function, only the innermost of a run of them (AutoGraph maps its generated code
/// back the same way).
pub fn user_frames<F: Frame>(entries: Vec<F>) -> Vec<F> {
    let tensorflow = format!("{LIBRARY_PREFIX}_tensorflow/");
    let marker = lang::compile::control_flow_conversion::GENERATED_MARKER;
    let mut kept: Vec<F> = Vec::with_capacity(entries.len());
    for mut entry in entries {
        if entry.filename().starts_with(&tensorflow) {
            continue;
        }
        let owner = entry
            .function_mut()
            .split_once(marker)
            .map(|(owner, _)| owner.to_string());
        if let Some(owner) = owner {
            *entry.function_mut() = owner;
            if let Some(last) = kept.last_mut() {
                if last.function_mut() == entry.function_mut()
                    && last.filename() == entry.filename()
                {
                    *last = entry;
                    continue;
                }
            }
        }
        kept.push(entry);
    }
    kept
}
