//! `_playground_traceback`: what the bundled library's `traceback` and `warnings` need from
//! the interpreter, as CPython's read frames and traceback objects: the exception being
//! handled, an exception's traceback as CPython prints it, and the file and line of a frame
//! up the call stack.

use crate::host::native_function;
use crate::value::{Module, Value};
use crate::vm::Vm;

/// The name the library imports it by.
pub const MODULE: &str = "_playground_traceback";

/// The module object.
pub fn module() -> Value {
    let m = Module::new(MODULE);
    m.set(
        "current",
        native_function("current", |vm, _args| {
            Ok(vm.current_handled().map_or(Value::None, |e| e.value()))
        }),
    );
    m.set(
        "format",
        native_function("format", |vm, args| {
            let Some(exc) = args
                .get(0)
                .and_then(crate::exceptions::Exception::from_value)
            else {
                return Ok(Value::str("NoneType: None\n"));
            };
            Ok(Value::str(crate::traceback::render(vm, &exc)))
        }),
    );
    m.set("caller", native_function("caller", caller));
    Value::Module(m)
}

/// `caller(depth)`: `(filename, line, function, source line)` of the frame `depth` levels above the
/// library function that asks (1 is its caller), or None past the outermost frame.
fn caller(vm: &mut Vm<'_>, args: crate::value::Args<'_>) -> crate::value::PyResult {
    let depth = match args.get(0) {
        Some(Value::Int(n)) => (*n).max(1) as usize,
        _ => 1,
    };
    let stack = vm.call_stack();
    // The last frame is the library function calling this one.
    let Some(index) = stack.len().checked_sub(1 + depth) else {
        return Ok(Value::None);
    };
    let entry = &stack[index];
    let source = vm.frame_source_line(index).unwrap_or_default();
    Ok(Value::tuple(vec![
        Value::str(entry.filename.clone()),
        Value::Int(entry.line as i64),
        Value::str(entry.function.clone()),
        Value::str(source),
    ]))
}
