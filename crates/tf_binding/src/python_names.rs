//! TensorFlow names written in Python on the library layer (`crates/pylib/python/_tensorflow`),
//! as TensorFlow itself writes them in Python (`tf.Module`, `tf.linspace`): each native
//! `tensorflow` module gets a PEP 562 `__getattr__` that imports the library module on first
//! use, so programs that never touch these names never load them.

use std::rc::Rc;

use lang::host::native_function_closure;
use lang::value::{Module, Value};

/// `(TensorFlow module, name, library module, attribute)`: `tensorflow.<module>.<name>` is
/// `<attribute>` of `<library module>`, or the library module itself when `attribute` is
/// empty (a whole submodule, like `tf.train`).
pub const PYTHON_NAMES: &[(&str, &str, &str, &str)] = &[
    ("tensorflow", "Module", "_tensorflow.module", "Module"),
    ("tensorflow", "linspace", "_tensorflow.math_ops", "linspace"),
    (
        "tensorflow.math",
        "linspace",
        "_tensorflow.math_ops",
        "linspace",
    ),
];

/// Gives `module` (a native TensorFlow module) its `__getattr__` over [`PYTHON_NAMES`].
pub fn install(module: &Rc<Module>) {
    let owner = module.name.clone();
    // Weak: the module holds the hook, which must not keep the module alive.
    let cache = Rc::downgrade(module);
    let hook = native_function_closure("__getattr__", move |vm, args| {
        let name = args
            .get(0)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let entry = PYTHON_NAMES
            .iter()
            .find(|(tf_module, attr, _, _)| *tf_module == owner && *attr == name);
        let Some((_, _, library, attribute)) = entry else {
            return Err(vm.attribute_error(format!("module '{owner}' has no attribute '{name}'")));
        };
        let library_module = vm.import_module(library)?;
        let value = if attribute.is_empty() {
            library_module
        } else {
            vm.get_attr_str(&library_module, attribute)?
        };
        if let Some(module) = cache.upgrade() {
            module.set(&name, value.clone());
        }
        Ok(value)
    });
    module.set("__getattr__", hook);
}
