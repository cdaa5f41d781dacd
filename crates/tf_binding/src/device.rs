//! `tf.device(name)`: a context manager that enters a device scope of the current mode
//! (eager scopes, or the default graph's device stack). Malformed names raise on entry
//! (`ValueError: invalid literal for int() ...`, case b06).

use std::cell::Cell;
use std::rc::Rc;

use lang::host::{new_native_instance, ClassBuilder};
use lang::value::{Args, Class, PyResult, Value};
use lang::vm::Vm;

use crate::{bound, this_as, St};

/// The data of a `tf.device` context manager: the name (`None` for `tf.device(None)`) and
/// whether it is entered.
pub struct DeviceScope {
    spec: Option<String>,
    entered: Cell<bool>,
    /// A name that is not a string (`tf.device(3)`): TF raises only when the scope is
    /// entered. Holds the argument's type name and repr.
    invalid: Option<(String, String)>,
}

/// Builds the context manager class.
pub fn build(st: &St) -> Rc<Class> {
    ClassBuilder::new("_EagerDeviceContext", "tensorflow.python.eager.context")
        .method_closure(
            "__enter__",
            bound(st, |st, vm, args| {
                let scope = scope_of(vm, &args)?;
                if let Some((type_name, repr)) = &scope.invalid {
                    if st.with_ctx(vm, |ctx| ctx.executing_eagerly())? {
                        return Err(vm.value_error(format!(
                            "Expecting a string device name. Got <class '{type_name}'>({repr})"
                        )));
                    }
                    return Err(vm.attribute_error(format!(
                        "'{type_name}' object has no attribute 'split'"
                    )));
                }
                let spec = scope.spec.clone();
                st.tf(vm, |ctx| ctx.push_device_scope(spec.as_deref()))?;
                scope.entered.set(true);
                Ok(Value::None)
            }),
        )
        .method_closure(
            "__exit__",
            bound(st, |st, vm, args| {
                let scope = scope_of(vm, &args)?;
                if scope.entered.replace(false) {
                    st.tf(vm, |ctx| ctx.pop_device_scope())?;
                }
                Ok(Value::Bool(false))
            }),
        )
        .build()
}

fn scope_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<DeviceScope>> {
    this_as::<DeviceScope>(vm, args, "expected a device scope")
}

/// `tf.device(device_name)`.
pub fn device(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "device", &args, 1, [device_name])?;
    let mut invalid = None;
    let spec = match &bound.device_name {
        None => None,
        Some(Value::Str(s)) => Some(s.as_str().to_string()),
        Some(other) => {
            if let Some(logical) = other.downcast::<crate::config::PyDevice>() {
                Some(logical.name.clone())
            } else {
                let type_name = vm.type_name(other).to_string();
                invalid = Some((type_name, vm.repr(other)?));
                None
            }
        }
    };
    let classes = st.classes(vm)?;
    Ok(new_native_instance(
        &classes.device_context,
        Rc::new(DeviceScope {
            spec,
            entered: Cell::new(false),
            invalid,
        }),
    ))
}
