//! `types.GenericAlias`: what subscripting a builtin class gives (`list[int]`,
//! `tuple[str, ...]`). Annotations keep it; `typing.get_origin`/`get_args` and libraries
//! that read annotations (dataclasses, TensorFlow's `ExtensionType`) take it apart through
//! `__origin__` and `__args__`. Calling it calls the class.

use std::rc::Rc;

use crate::host::{new_native_instance, ClassBuilder};
use crate::value::{Class, PyResult, Value};
use crate::vm::Vm;

/// A subscripted class: the class and its arguments.
struct Alias {
    origin: Value,
    args: Vec<Value>,
}

thread_local! {
    static CLASS: Rc<Class> = build();
}

/// `origin[index]`: a tuple index gives several arguments, anything else one.
pub fn generic_alias(origin: Value, index: &Value) -> Value {
    let args = match index {
        Value::Tuple(items) => items.0.clone(),
        other => vec![other.clone()],
    };
    CLASS.with(|class| new_native_instance(class, Rc::new(Alias { origin, args })))
}

fn alias_of(vm: &Vm<'_>, value: Option<&Value>) -> PyResult<Rc<Alias>> {
    value
        .and_then(Value::downcast::<Alias>)
        .ok_or_else(|| vm.type_error("descriptor requires a 'types.GenericAlias' object"))
}

/// How CPython's `ga_repr` shows one part: `...`, a class by its qualified name (without
/// `builtins.`), anything else by its repr.
fn part_repr(vm: &mut Vm<'_>, value: &Value) -> PyResult<String> {
    match value {
        Value::Ellipsis => Ok("...".to_string()),
        Value::Class(class) if class.module == "builtins" => Ok(class.qualname.clone()),
        Value::Class(class) => Ok(format!("{}.{}", class.module, class.qualname)),
        other => vm.repr(other),
    }
}

fn build() -> Rc<Class> {
    ClassBuilder::new("GenericAlias", "types")
        .static_method("__new__", |vm, args| match (args.get(1), args.get(2)) {
            (Some(origin), Some(index)) if args.positional.len() == 3 => {
                Ok(generic_alias(origin.clone(), index))
            }
            _ => Err(vm.type_error("GenericAlias expected 2 arguments")),
        })
        .method("__repr__", |vm, args| {
            let alias = alias_of(vm, args.get(0))?;
            let mut parts = Vec::with_capacity(alias.args.len());
            for arg in &alias.args {
                parts.push(part_repr(vm, arg)?);
            }
            let inner = if parts.is_empty() {
                "()".to_string()
            } else {
                parts.join(", ")
            };
            Ok(Value::str(format!(
                "{}[{inner}]",
                part_repr(vm, &alias.origin)?
            )))
        })
        .method("__call__", |vm, args| {
            let alias = alias_of(vm, args.get(0))?;
            let positional = args.positional.get(1..).unwrap_or(&[]).to_vec();
            vm.call(&alias.origin, &positional, args.keywords)
        })
        .method("__eq__", |vm, args| {
            let alias = alias_of(vm, args.get(0))?;
            let Some(other) = args.get(1).and_then(Value::downcast::<Alias>) else {
                return Ok(Value::NotImplemented);
            };
            let same = vm.eq(&alias.origin, &other.origin)?
                && vm.eq(
                    &Value::tuple(alias.args.clone()),
                    &Value::tuple(other.args.clone()),
                )?;
            Ok(Value::Bool(same))
        })
        .method("__hash__", |vm, args| {
            let alias = alias_of(vm, args.get(0))?;
            let origin = vm.hash(&alias.origin)?;
            let parts = vm.hash(&Value::tuple(alias.args.clone()))?;
            Ok(Value::Int(origin ^ parts))
        })
        .method("__mro_entries__", |vm, args| {
            let alias = alias_of(vm, args.get(0))?;
            Ok(Value::tuple(vec![alias.origin.clone()]))
        })
        .property(
            "__origin__",
            |vm, args| Ok(alias_of(vm, args.get(0))?.origin.clone()),
            None,
        )
        .property(
            "__args__",
            |vm, args| Ok(Value::tuple(alias_of(vm, args.get(0))?.args.clone())),
            None,
        )
        .property(
            "__parameters__",
            |_vm, _args| Ok(Value::tuple(Vec::new())),
            None,
        )
        .build()
}
