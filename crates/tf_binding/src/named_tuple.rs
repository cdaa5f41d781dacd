//! The `collections.namedtuple`s TensorFlow's generated op wrappers return for ops with
//! several named outputs (`TopKV2(values=..., indices=...)`): a native class per result
//! type whose instances unpack, index, measure and print like the namedtuple, and name
//! each field as an attribute.

use std::rc::Rc;

use lang::host::{new_native_instance, ClassBuilder};
use lang::value::{Args, Class, PyResult, Value};
use lang::vm::Vm;

use crate::this_as;

/// The fields of one result, in order.
struct NamedFields(Vec<Value>);

fn fields_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<NamedFields>> {
    this_as::<NamedFields>(vm, args, "expected a namedtuple")
}

/// The class of the namedtuple `name` with `fields` (module `module`, as TensorFlow's
/// generated wrappers define them).
pub fn class(name: &'static str, module: &str, fields: &'static [&'static str]) -> Rc<Class> {
    let mut builder = ClassBuilder::new(name, module)
        .method_closure("__repr__", move |vm, args| {
            let values = fields_of(vm, &args)?;
            let mut parts = Vec::with_capacity(fields.len());
            for (field, value) in fields.iter().zip(&values.0) {
                parts.push(format!("{field}={}", vm.repr(value)?));
            }
            Ok(Value::str(format!("{name}({})", parts.join(", "))))
        })
        .method("__iter__", |vm, args| {
            let values = fields_of(vm, &args)?;
            vm.get_iter(&Value::tuple(values.0.clone()))
        })
        .method("__getitem__", |vm, args| {
            let values = fields_of(vm, &args)?;
            let index = args.get(1).cloned().unwrap_or(Value::None);
            vm.get_item(&Value::tuple(values.0.clone()), &index)
        })
        .method("__len__", |vm, args| {
            Ok(Value::Int(fields_of(vm, &args)?.0.len() as i64))
        });
    for (position, field) in fields.iter().enumerate() {
        builder = builder.property_closure(
            field,
            move |vm, args| {
                let values = fields_of(vm, &args)?;
                Ok(values.0.get(position).cloned().unwrap_or(Value::None))
            },
            None,
        );
    }
    builder.build()
}

/// The class and fields of `value` when it is an instance of a class made by [`class`].
pub fn parts(value: &Value) -> Option<(Rc<Class>, Vec<Value>)> {
    let fields = value.downcast::<NamedFields>()?;
    let Value::Instance(instance) = value else {
        return None;
    };
    Some((instance.class.clone(), fields.0.clone()))
}

/// An instance of a namedtuple class made by [`class`].
pub fn instance(class: &Rc<Class>, values: Vec<Value>) -> Value {
    new_native_instance(class, Rc::new(NamedFields(values)))
}
