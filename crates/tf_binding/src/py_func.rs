//! `_tf_py_func`: the graph side of `tf.py_function` and `tf.numpy_function`. While a
//! function is traced, the call becomes an `EagerPyFunc` (or `PyFunc`) op whose outputs
//! have the declared dtypes and unknown shapes; a function or dataset map holding one is
//! then run eagerly, where the Python function is simply called (see
//! `Context::function_calls_python`).

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::convert::to_dtype;
use crate::St;

/// The module's name.
pub const MODULE: &str = "_tf_py_func";

/// `py_func_op(inputs, tout, eager, name)`: the op's outputs, one per dtype of `tout`.
fn py_func_op(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let [inputs, tout, eager, name] = args.positional else {
        return Err(vm.type_error("py_func_op(inputs, tout, eager, name)"));
    };
    let mut dtypes = Vec::new();
    for value in vm.iterate(tout)? {
        dtypes.push(to_dtype(vm, &value)?);
    }
    let eager = vm.truthy(eager)?;
    let name = match name {
        Value::Str(text) => Some(text.as_str().to_string()),
        _ => None,
    };
    crate::array_ops::list_op(
        st,
        vm,
        runtime::op_defs::PyFunc::kind(eager, dtypes),
        if eager { "EagerPyFunc" } else { "PyFunc" },
        name.as_deref(),
        inputs,
    )
}

/// Builds the `_tf_py_func` module.
pub fn build_module(st: &St) -> Vec<(String, Value)> {
    let module = lang::host::new_module(MODULE);
    let state = st.clone();
    module.set(
        "py_func_op",
        lang::host::native_function_closure("py_func_op", move |vm, args| {
            py_func_op(&state, vm, args)
        }),
    );
    vec![(MODULE.to_string(), Value::Module(module))]
}
