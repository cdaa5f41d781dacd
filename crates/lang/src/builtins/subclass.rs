//! Python subclasses of the builtin value types: `class Config(dict)`, `namedtuple`'s tuple
//! classes, `class Celsius(float)`, `OrderedDict`, `Counter`.
//!
//! An instance of such a class is an [`Instance`] holding the builtin value
//! ([`Instance::base`]). The builtin type's methods receive that value
//! (`NativeFunction::unwraps_self`), and this module gives each value type what a subclass
//! needs on top: `__new__` (and `__init__` for the mutable ones) that build the held value,
//! and the special methods (`__getitem__`, `__len__`, `__add__`, `__eq__`, ...) that
//! operators find on the class, each doing the builtin operation on the held value. Builtin
//! values themselves never reach these methods on the fast paths, which match on the value.

use std::rc::Rc;

use super::types::{add_method, add_method_closure, Types};
use crate::ast::{BinOp, CmpOp};
use crate::compile::code::Instr;
use crate::value::{
    Args, BuiltinType, Class, ClassKind, Instance, NativeFunction, PyResult, Value,
};
use crate::vm::Vm;

/// Whether Python classes may derive from builtin type `t` (CPython also allows `bool`'s
/// base `int` but not `bool`, nor `range`, `slice` and the internal types).
pub fn is_value_type(t: BuiltinType) -> bool {
    matches!(
        t,
        BuiltinType::Int
            | BuiltinType::Float
            | BuiltinType::Str
            | BuiltinType::Bytes
            | BuiltinType::Tuple
            | BuiltinType::List
            | BuiltinType::Dict
            | BuiltinType::Set
            | BuiltinType::FrozenSet
    )
}

/// The builtin value type `cls` derives from, if any.
pub fn value_base(cls: &Class) -> Option<&Class> {
    cls.mro_iter()
        .find(|c| matches!(c.kind, ClassKind::Builtin(t) if is_value_type(t)))
}

fn this<'a>(args: &Args<'a>) -> &'a Value {
    args.positional.first().unwrap_or(&Value::None)
}

fn arg<'a>(args: &Args<'a>, i: usize) -> &'a Value {
    args.positional.get(i).unwrap_or(&Value::None)
}

/// `T.__new__(cls, *args)`: an instance of `cls` holding a new `T` value (empty for the
/// mutable types, whose `__init__` fills it; built from the arguments for the others).
fn new_value(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let cls = match args.positional.first() {
        Some(Value::Class(cls)) => cls.clone(),
        other => {
            let tn = other.map_or("NoneType".to_string(), |v| vm.type_name(v));
            return Err(vm.type_error(format!("__new__(X): X is not a type object ({tn})")));
        }
    };
    let Some(base) = value_base(&cls) else {
        return Err(vm.type_error(format!("{}.__new__() is not a builtin subclass", cls.name)));
    };
    let ClassKind::Builtin(kind) = base.kind else {
        return Ok(Value::None);
    };
    let builtin = vm.class_of_builtin(kind);
    let rest = args.positional.get(1..).unwrap_or(&[]);
    let value = match kind {
        BuiltinType::List => Value::list(Vec::new()),
        BuiltinType::Dict => vm.call(&Value::Class(builtin), &[], &[])?,
        BuiltinType::Set => vm.call(&Value::Class(builtin), &[], &[])?,
        _ => vm.call(&Value::Class(builtin), rest, args.keywords)?,
    };
    if Rc::ptr_eq(&cls, &vm.class_of_builtin(kind)) {
        return Ok(value);
    }
    Ok(Value::Instance(Rc::new(Instance::with_base(cls, value))))
}

/// The classes of the builtin value types ([`is_value_type`]).
fn value_classes(t: &Types) -> [&Rc<crate::value::Class>; 9] {
    [
        &t.int,
        &t.float,
        &t.str,
        &t.bytes,
        &t.tuple,
        &t.list,
        &t.dict,
        &t.set,
        &t.frozenset,
    ]
}

/// Installs `__new__`, `__init__` and the special methods on the value types.
pub(crate) fn install(t: &Types) {
    for class in value_classes(t) {
        let new = NativeFunction::value("__new__", new_value);
        class
            .dict
            .borrow_mut()
            .insert_str("__new__", Value::StaticMethod(Rc::new(new)));
        add_method(class, "__repr__", |vm, args| {
            Ok(Value::str(vm.repr(this(&args))?))
        });
        for (name, op) in [
            ("__eq__", CmpOp::Eq),
            ("__ne__", CmpOp::NotEq),
            ("__lt__", CmpOp::Lt),
            ("__le__", CmpOp::LtE),
            ("__gt__", CmpOp::Gt),
            ("__ge__", CmpOp::GtE),
        ] {
            add_method_closure(class, name, move |vm, args| {
                match vm.compare_op(this(&args), arg(&args, 1), op) {
                    Err(e) if e.is_instance(&vm.exc_types().type_error) => {
                        Ok(Value::NotImplemented)
                    }
                    other => other,
                }
            });
        }
    }
    for class in [&t.int, &t.float, &t.str, &t.bytes, &t.tuple, &t.frozenset] {
        add_method(class, "__hash__", |vm, args| {
            Ok(Value::Int(vm.hash(this(&args))?))
        });
    }
    for class in [&t.list, &t.dict, &t.set] {
        class.dict.borrow_mut().insert_str("__hash__", Value::None);
    }
    for class in [
        &t.str,
        &t.bytes,
        &t.tuple,
        &t.list,
        &t.dict,
        &t.set,
        &t.frozenset,
    ] {
        add_method(class, "__len__", |vm, args| {
            Ok(Value::Int(vm.len(this(&args))? as i64))
        });
        add_method(class, "__iter__", |vm, args| vm.get_iter(this(&args)));
        add_method(class, "__contains__", |vm, args| {
            Ok(Value::Bool(vm.contains(this(&args), arg(&args, 1))?))
        });
    }
    for class in [&t.str, &t.bytes, &t.tuple, &t.list] {
        add_method(class, "__getitem__", |vm, args| {
            vm.get_item(this(&args), arg(&args, 1))
        });
    }
    // `d[k]` on a dict subclass calls its `__missing__` for a missing key, so this method
    // sees the instance itself.
    let getitem = NativeFunction::method("__getitem__", "dict", |vm, args| {
        let receiver = this(&args);
        let held = match receiver {
            Value::Instance(inst) => inst.base.clone().unwrap_or_default(),
            other => other.clone(),
        };
        match vm.get_item(&held, arg(&args, 1)) {
            Err(e) if e.is_instance(&vm.exc_types().key_error) => {
                match vm.special_method(receiver, "__missing__") {
                    Some(missing) => {
                        vm.call_method_value(&missing, receiver, &[arg(&args, 1).clone()])
                    }
                    None => Err(e),
                }
            }
            other => other,
        }
    });
    t.dict.dict.borrow_mut().insert_str("__getitem__", getitem);
    for class in [&t.list, &t.dict] {
        add_method(class, "__setitem__", |vm, args| {
            vm.set_item(this(&args), arg(&args, 1), arg(&args, 2).clone())?;
            Ok(Value::None)
        });
        add_method(class, "__delitem__", |vm, args| {
            vm.del_item(this(&args), arg(&args, 1))?;
            Ok(Value::None)
        });
    }
    add_method(&t.list, "__init__", |vm, args| {
        let Value::List(list) = this(&args) else {
            return Ok(Value::None);
        };
        let items = match args.positional.get(1) {
            Some(iterable) => vm.iterate(iterable)?,
            None => Vec::new(),
        };
        *list.borrow_mut() = items;
        Ok(Value::None)
    });
    add_method(&t.dict, "__init__", |vm, args| {
        let update = vm.get_attr(this(&args), &crate::value::name("update"))?;
        vm.call(
            &update,
            args.positional.get(1..).unwrap_or(&[]),
            args.keywords,
        )?;
        Ok(Value::None)
    });
    add_method(&t.set, "__init__", |vm, args| {
        let Value::Set(set) = this(&args) else {
            return Ok(Value::None);
        };
        set.borrow_mut().clear();
        if let Some(iterable) = args.positional.get(1) {
            for item in vm.iterate(iterable)? {
                vm.set_add(set, item)?;
            }
        }
        Ok(Value::None)
    });
    install_operators(t);
}

/// The binary operator special methods, each with its reflected form.
const BINARY: [(&str, &str, BinOp); 12] = [
    ("__add__", "__radd__", BinOp::Add),
    ("__sub__", "__rsub__", BinOp::Sub),
    ("__mul__", "__rmul__", BinOp::Mult),
    ("__truediv__", "__rtruediv__", BinOp::Div),
    ("__floordiv__", "__rfloordiv__", BinOp::FloorDiv),
    ("__mod__", "__rmod__", BinOp::Mod),
    ("__pow__", "__rpow__", BinOp::Pow),
    ("__lshift__", "__rlshift__", BinOp::LShift),
    ("__rshift__", "__rrshift__", BinOp::RShift),
    ("__and__", "__rand__", BinOp::BitAnd),
    ("__or__", "__ror__", BinOp::BitOr),
    ("__xor__", "__rxor__", BinOp::BitXor),
];

/// Which binary operators each type defines, as CPython's types do.
fn has_operator(t: BuiltinType, op: BinOp) -> bool {
    use BinOp::*;
    match t {
        BuiltinType::Int => op != MatMult,
        BuiltinType::Float => matches!(op, Add | Sub | Mult | Div | FloorDiv | Mod | Pow),
        BuiltinType::Str | BuiltinType::Bytes => matches!(op, Add | Mult | Mod),
        BuiltinType::Tuple | BuiltinType::List => matches!(op, Add | Mult),
        BuiltinType::Dict => op == BitOr,
        BuiltinType::Set | BuiltinType::FrozenSet => matches!(op, Sub | BitAnd | BitOr | BitXor),
        _ => false,
    }
}

/// A TypeError from the builtin operation means the operand's type is not supported:
/// `NotImplemented`, so Python tries the other operand.
fn or_not_implemented(vm: &Vm<'_>, result: PyResult) -> PyResult {
    match result {
        Err(e) if e.is_instance(&vm.exc_types().type_error) => Ok(Value::NotImplemented),
        other => other,
    }
}

fn install_operators(t: &Types) {
    for class in value_classes(t) {
        let ClassKind::Builtin(kind) = class.kind else {
            continue;
        };
        for (name, reflected, op) in BINARY {
            if !has_operator(kind, op) {
                continue;
            }
            add_method_closure(class, name, move |vm, args| {
                let result = vm.binary_op(this(&args), arg(&args, 1), op);
                or_not_implemented(vm, result)
            });
            // Sequences and dicts define no reflected operators, except `n * str`.
            let reflects = match kind {
                BuiltinType::Tuple | BuiltinType::List | BuiltinType::Dict => false,
                BuiltinType::Str | BuiltinType::Bytes => op == BinOp::Mult,
                _ => true,
            };
            if reflects {
                add_method_closure(class, reflected, move |vm, args| {
                    let result = vm.binary_op(arg(&args, 1), this(&args), op);
                    or_not_implemented(vm, result)
                });
            }
        }
    }
    for class in [&t.tuple, &t.list] {
        add_method(class, "__rmul__", |vm, args| {
            let result = vm.binary_op(this(&args), arg(&args, 1), BinOp::Mult);
            or_not_implemented(vm, result)
        });
    }
    // `xs += ys` on a list subclass extends it in place and keeps the instance.
    let iadd = NativeFunction::method("__iadd__", "list", |vm, args| {
        let receiver = this(&args).clone();
        if let Value::Instance(inst) = &receiver {
            if let Some(Value::List(list)) = &inst.base {
                let items = vm.iterate(arg(&args, 1))?;
                list.borrow_mut().extend(items);
                return Ok(receiver);
            }
        }
        vm.inplace_op(&receiver, arg(&args, 1), BinOp::Add)
    });
    t.list.dict.borrow_mut().insert_str("__iadd__", iadd);
    for class in [&t.int, &t.float] {
        add_method(class, "__neg__", |vm, args| {
            vm.unary_op(this(&args), Instr::Neg)
        });
        add_method(class, "__pos__", |vm, args| {
            vm.unary_op(this(&args), Instr::Pos)
        });
        add_method(class, "__abs__", |vm, args| {
            let abs = vm.builtins_get("abs");
            vm.call(&abs, std::slice::from_ref(this(&args)), &[])
        });
        add_method(class, "__bool__", |vm, args| {
            Ok(Value::Bool(vm.truthy(this(&args))?))
        });
        add_method(class, "__round__", |vm, args| {
            let round = vm.builtins_get("round");
            vm.call(&round, args.positional, &[])
        });
        add_method(class, "__int__", |vm, args| {
            let int = Value::Class(vm.class_of_builtin(BuiltinType::Int));
            vm.call(&int, std::slice::from_ref(this(&args)), &[])
        });
        add_method(class, "__float__", |vm, args| {
            let float = Value::Class(vm.class_of_builtin(BuiltinType::Float));
            vm.call(&float, std::slice::from_ref(this(&args)), &[])
        });
    }
    add_method(&t.int, "__invert__", |vm, args| {
        vm.unary_op(this(&args), Instr::Invert)
    });
    add_method(&t.int, "__index__", |_vm, args| Ok(this(&args).clone()));
    for class in [&t.int, &t.float, &t.str] {
        add_method(class, "__format__", |vm, args| {
            let spec = match arg(&args, 1) {
                Value::Str(s) => s.as_str().to_string(),
                _ => String::new(),
            };
            Ok(Value::str(vm.format(this(&args), &spec)?))
        });
    }
    add_method(&t.str, "__str__", |_vm, args| Ok(this(&args).clone()));
}
