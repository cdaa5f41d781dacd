//! Constructors of the builtin types: what `int(...)`, `str(...)`, `list(...)`, `type(...)`,
//! `super()`... do. Each receives the class as its first positional argument.

use std::cell::RefCell;
use std::rc::Rc;

use num_bigint::BigInt;

use crate::format::{float_to_int, parse_float, parse_int};
use crate::value::{
    Args, AttrMap, Class, Dict, Name, Property, PyResult, PyStr, Range, SliceObj, SuperObj, Value,
};
use crate::vm::Vm;

fn rest<'a>(args: &Args<'a>) -> &'a [Value] {
    args.positional.get(1..).unwrap_or(&[])
}

fn no_kwargs(vm: &Vm<'_>, name: &str, args: &Args<'_>) -> PyResult<()> {
    if let Some((k, _)) = args.keywords.first() {
        return Err(vm.type_error(format!(
            "{name}() got an unexpected keyword argument '{}'",
            k.as_str()
        )));
    }
    Ok(())
}

/// `int(x=0, base=10)`.
pub fn int_new(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let a = rest(&args);
    let base_kw = args.kwarg("base").cloned();
    let x = a.first().cloned().or_else(|| args.kwarg("x").cloned());
    let base = a.get(1).cloned().or(base_kw);
    if a.len() > 2 {
        return Err(vm.type_error(format!(
            "int() takes at most 2 arguments ({} given)",
            a.len()
        )));
    }
    let Some(x) = x else {
        if base.is_some() {
            return Err(vm.type_error("int() missing string argument"));
        }
        return Ok(Value::Int(0));
    };
    if let Some(base) = base {
        let b = match base.as_i64() {
            Some(b) => b,
            None => {
                let tn = vm.type_name(&base);
                return Err(
                    vm.type_error(format!("'{tn}' object cannot be interpreted as an integer"))
                );
            }
        };
        if b != 0 && !(2..=36).contains(&b) {
            return Err(vm.value_error("int() base must be >= 2 and <= 36, or 0"));
        }
        return match &x {
            Value::Str(s) => parse_int(s.as_str(), b as u32)
                .map(Value::from_bigint)
                .map_err(|e| vm.format_error(e)),
            _ => Err(vm.type_error("int() can't convert non-string with explicit base")),
        };
    }
    to_int(vm, &x)
}

/// `int(x)` for one argument.
pub fn to_int(vm: &mut Vm<'_>, x: &Value) -> PyResult {
    match x {
        Value::Int(_) | Value::BigInt(_) => Ok(x.clone()),
        Value::Bool(b) => Ok(Value::Int(*b as i64)),
        Value::Float(f) => {
            if f.is_finite() && f.abs() < 9.0e18 {
                return Ok(Value::Int(f.trunc() as i64));
            }
            float_to_int(*f)
                .map(Value::from_bigint)
                .map_err(|e| vm.format_error(e))
        }
        Value::Str(s) => parse_int(s.as_str(), 10)
            .map(Value::from_bigint)
            .map_err(|e| vm.format_error(e)),
        Value::Instance(_) => {
            for name in ["__int__", "__index__", "__trunc__"] {
                if let Some(v) = vm.call_special(x, name, &[])? {
                    return match v {
                        Value::Int(_) | Value::BigInt(_) => Ok(v),
                        Value::Bool(b) => Ok(Value::Int(b as i64)),
                        other => {
                            let tn = vm.type_name(&other);
                            Err(vm.type_error(format!("{name} returned non-int (type {tn})")))
                        }
                    };
                }
            }
            let tn = vm.type_name(x);
            Err(vm.type_error(format!(
                "int() argument must be a string, a bytes-like object or a real number, not '{tn}'"
            )))
        }
        _ => {
            let tn = vm.type_name(x);
            Err(vm.type_error(format!(
                "int() argument must be a string, a bytes-like object or a real number, not '{tn}'"
            )))
        }
    }
}

/// `bool(x)`.
pub fn bool_new(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    no_kwargs(vm, "bool", &args)?;
    match rest(&args).first() {
        Some(v) => Ok(Value::Bool(vm.truthy(v)?)),
        None => Ok(Value::Bool(false)),
    }
}

/// `float(x=0.0)`.
pub fn float_new(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    no_kwargs(vm, "float", &args)?;
    let Some(x) = rest(&args).first() else {
        return Ok(Value::Float(0.0));
    };
    to_float(vm, x)
}

/// `float(x)`.
pub fn to_float(vm: &mut Vm<'_>, x: &Value) -> PyResult {
    match x {
        Value::Float(_) => Ok(x.clone()),
        Value::Int(_) | Value::Bool(_) | Value::BigInt(_) => {
            Ok(Value::Float(vm.to_f64(x)?.unwrap_or(0.0)))
        }
        Value::Str(s) => parse_float(s.as_str())
            .map(Value::Float)
            .map_err(|e| vm.format_error(e)),
        Value::Instance(_) => {
            if let Some(v) = vm.call_special(x, "__float__", &[])? {
                return match v {
                    Value::Float(_) => Ok(v),
                    other => {
                        let tn = vm.type_name(&other);
                        Err(vm.type_error(format!(
                            "{}.__float__ returned non-float (type {tn})",
                            vm.type_name(x)
                        )))
                    }
                };
            }
            if let Some(v) = vm.call_special(x, "__index__", &[])? {
                return Ok(Value::Float(vm.to_f64(&v)?.unwrap_or(0.0)));
            }
            let tn = vm.type_name(x);
            Err(vm.type_error(format!(
                "float() argument must be a string or a real number, not '{tn}'"
            )))
        }
        _ => {
            let tn = vm.type_name(x);
            Err(vm.type_error(format!(
                "float() argument must be a string or a real number, not '{tn}'"
            )))
        }
    }
}

/// `str(object='')`.
/// `str(i)` of a small int: its decimal digits (also run inline by the fast loop).
pub(crate) fn str_of_int(i: i64) -> Value {
    let mut digits = [0u8; 20];
    let text = crate::format::small_int_digits(i, &mut digits);
    Value::Str(Rc::new(PyStr::copy_of(text)))
}

pub fn str_new(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    // `str(i)` of a small int, the most common conversion, without the general dispatch.
    if let ([_, Value::Int(i)], []) = (args.positional, args.keywords) {
        return Ok(str_of_int(*i));
    }
    let a = rest(&args);
    let obj = a.first().cloned().or_else(|| args.kwarg("object").cloned());
    match obj {
        None => Ok(Value::str("")),
        Some(Value::Bytes(b)) if a.len() > 1 || args.kwarg("encoding").is_some() => {
            Ok(Value::str(String::from_utf8_lossy(&b).into_owned()))
        }
        // `str(s)` of a str is `s` itself, as in CPython (no copy).
        Some(v @ Value::Str(_)) if a.len() == 1 && args.keywords.is_empty() => Ok(v),
        Some(v) => Ok(Value::str(vm.str(&v)?)),
    }
}

/// `bytes(...)`: from a str with an encoding, an iterable of ints, or a size.
pub fn bytes_new(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let a = rest(&args);
    match a.first() {
        None => Ok(Value::Bytes(Rc::new(Vec::new()))),
        Some(Value::Str(s)) => Ok(Value::Bytes(Rc::new(s.as_str().as_bytes().to_vec()))),
        Some(Value::Int(n)) => {
            let n = (*n).max(0) as usize;
            vm.check_seq_len(n)?;
            Ok(Value::Bytes(Rc::new(vec![0; n])))
        }
        Some(v) => {
            let items = vm.iterate(v)?;
            let mut out = Vec::with_capacity(items.len());
            for i in items {
                match i.as_i64() {
                    Some(b) if (0..256).contains(&b) => out.push(b as u8),
                    _ => return Err(vm.value_error("bytes must be in range(0, 256)")),
                }
            }
            Ok(Value::Bytes(Rc::new(out)))
        }
    }
}

/// `tuple(iterable=())`.
pub fn tuple_new(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    no_kwargs(vm, "tuple", &args)?;
    match rest(&args).first() {
        None => Ok(Value::tuple(Vec::new())),
        Some(Value::Tuple(t)) => Ok(Value::Tuple(t.clone())),
        Some(v) => Ok(Value::tuple(vm.iterate(v)?)),
    }
}

/// `list(iterable=())`.
pub fn list_new(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    no_kwargs(vm, "list", &args)?;
    match rest(&args).first() {
        None => Ok(Value::list(Vec::new())),
        Some(v) => Ok(Value::list(vm.iterate(v)?)),
    }
}

/// `dict(mapping_or_pairs, **kwargs)`.
pub fn dict_new(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let d = Rc::new(RefCell::new(Dict::new()));
    if let Some(src) = rest(&args).first() {
        vm.dict_update_from(&d, src, false)?;
    }
    for (k, v) in args.keywords {
        vm.dict_setitem(&d, Value::Str(k.clone()), v.clone())?;
    }
    Ok(Value::Dict(d))
}

/// `set(iterable=())`.
pub fn set_new(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    no_kwargs(vm, "set", &args)?;
    match rest(&args).first() {
        None => vm.new_set(Vec::new()),
        Some(v @ (Value::Set(_) | Value::FrozenSet(_))) => {
            let mut s = crate::value::Set::new();
            let table = match v {
                Value::Set(x) => x.borrow().clone(),
                Value::FrozenSet(x) => (**x).clone(),
                _ => crate::value::Set::new(),
            };
            s.merge_from(&table, |_, _, _| false);
            Ok(Value::Set(Rc::new(RefCell::new(s))))
        }
        Some(v) => {
            let items = vm.iterate(v)?;
            vm.new_set(items)
        }
    }
}

/// `frozenset(iterable=())`.
pub fn frozenset_new(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let s = set_new(vm, args)?;
    match s {
        Value::Set(s) => Ok(Value::FrozenSet(Rc::new(s.borrow().clone()))),
        other => Ok(other),
    }
}

fn range_arg(vm: &mut Vm<'_>, v: &Value) -> PyResult<i64> {
    match vm.as_index(v) {
        Ok(Some(i)) => Ok(i),
        Ok(None) => {
            let tn = vm.type_name(v);
            Err(vm.type_error(format!("'{tn}' object cannot be interpreted as an integer")))
        }
        Err(_) => Err(vm.overflow_error("Python int too large to convert to C ssize_t")),
    }
}

/// `range(stop)`, `range(start, stop[, step])`.
pub fn range_new(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    no_kwargs(vm, "range", &args)?;
    let a = rest(&args);
    let (start, stop, step) = match a.len() {
        1 => (0, range_arg(vm, &a[0])?, 1),
        2 => (range_arg(vm, &a[0])?, range_arg(vm, &a[1])?, 1),
        3 => (
            range_arg(vm, &a[0])?,
            range_arg(vm, &a[1])?,
            range_arg(vm, &a[2])?,
        ),
        0 => return Err(vm.type_error("range expected at least 1 argument, got 0")),
        n => return Err(vm.type_error(format!("range expected at most 3 arguments, got {n}"))),
    };
    if step == 0 {
        return Err(vm.value_error("range() arg 3 must not be zero"));
    }
    Ok(Value::Range(Rc::new(Range { start, stop, step })))
}

/// `slice(stop)`, `slice(start, stop[, step])`.
/// `types.MethodType(function, instance)`: `function` bound to `instance`.
pub fn method_new(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    match rest(&args) {
        [function, instance] => {
            if !vm.is_callable(function) {
                return Err(vm.type_error("first argument must be callable"));
            }
            if instance.is_none() {
                return Err(vm.type_error("instance must not be None"));
            }
            Ok(Value::BoundMethod(Rc::new(crate::value::BoundMethod {
                receiver: instance.clone(),
                func: function.clone(),
            })))
        }
        other => Err(vm.type_error(format!("method expected 2 arguments, got {}", other.len()))),
    }
}

/// `types.ModuleType(name, doc=None)`: a fresh module object, as programs make one to
/// stand in for an optional dependency.
pub fn module_new(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let (name, doc) = match rest(&args) {
        [name] => (name.clone(), Value::None),
        [name, doc] => (name.clone(), doc.clone()),
        other => {
            return Err(vm.type_error(format!(
                "module() takes at most 2 arguments ({} given)",
                other.len()
            )))
        }
    };
    let Value::Str(text) = &name else {
        let tn = vm.type_name(&name);
        return Err(vm.type_error(format!(
            "module.__init__() argument 'name' must be str, not {tn}"
        )));
    };
    let module = crate::value::Module::new(text.as_str());
    module.set("__doc__", doc);
    module.set("__loader__", Value::None);
    module.set("__spec__", Value::None);
    Ok(Value::Module(module))
}

pub fn slice_new(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let a = rest(&args);
    let (start, stop, step) = match a.len() {
        1 => (Value::None, a[0].clone(), Value::None),
        2 => (a[0].clone(), a[1].clone(), Value::None),
        3 => (a[0].clone(), a[1].clone(), a[2].clone()),
        n => return Err(vm.type_error(format!("slice expected at least 1 argument, got {n}"))),
    };
    Ok(Value::Slice(Rc::new(SliceObj { start, stop, step })))
}

/// `type(obj)` or `type(name, bases, dict)`.
pub fn type_new(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let a = rest(&args);
    match a.len() {
        1 if args.keywords.is_empty() => Ok(Value::Class(vm.class_of(&a[0]))),
        3 => {
            // As `type.__call__`: a metaclass that a base brings in runs its `__init__` too.
            let type_ = vm.types.type_.clone();
            let class = new_class(vm, &type_, a, args.keywords)?;
            let meta = vm.class_of(&class);
            if let Some(init) = vm.method_before_type(&meta, "__init__") {
                vm.call_method_value(&init, &class, a)?;
            }
            Ok(class)
        }
        _ => Err(vm.type_error("type() takes 1 or 3 arguments")),
    }
}

/// `type.__new__(meta, name, bases, namespace, **keywords)`: a new class whose metaclass is
/// `meta` (or the more derived metaclass of a base), as `type(name, bases, dict)` and a
/// metaclass's `super().__new__(...)` make it.
pub fn new_class(
    vm: &mut Vm<'_>,
    meta_given: &Rc<Class>,
    a: &[Value],
    keywords: &[(Name, Value)],
) -> PyResult {
    if a.len() != 3 {
        return Err(vm.type_error(format!(
            "type.__new__() takes exactly 3 arguments ({} given)",
            a.len()
        )));
    }
    let name = match &a[0] {
        Value::Str(s) => s.as_str().to_string(),
        other => {
            let tn = vm.type_name(other);
            return Err(vm.type_error(format!("type.__new__() argument 1 must be str, not {tn}")));
        }
    };
    let bases: Vec<Value> = match &a[1] {
        Value::Tuple(t) => t.to_vec(),
        other => {
            let tn = vm.type_name(other);
            return Err(vm.type_error(format!("type.__new__() argument 2 must be tuple, not {tn}")));
        }
    };
    let mut dict = AttrMap::new();
    // A namespace from `__prepare__` may be a subclass of dict.
    let namespace = match &a[2] {
        Value::Instance(inst) if matches!(inst.base, Some(Value::Dict(_))) => {
            inst.base.clone().unwrap_or_default()
        }
        other => other.clone(),
    };
    match &namespace {
        Value::Dict(d) => {
            for e in d.borrow().iter() {
                if let Value::Str(k) = &e.key {
                    dict.insert(k.clone(), e.value.clone());
                }
            }
        }
        other => {
            let tn = vm.type_name(other);
            return Err(vm.type_error(format!("type.__new__() argument 3 must be dict, not {tn}")));
        }
    }
    let explicit = (!Rc::ptr_eq(meta_given, &vm.types.type_)).then(|| meta_given.clone());
    let meta = vm.winning_metaclass(explicit, &bases)?;
    // A more derived metaclass from a base makes the class with its own `__new__`.
    if let Some(winner) = meta.as_ref().filter(|w| !Rc::ptr_eq(w, meta_given)) {
        if let Some(new) = vm.method_before_type(winner, "__new__") {
            let new = match new {
                Value::StaticMethod(f) => (*f).clone(),
                other => other,
            };
            let mut full = vec![Value::Class(winner.clone())];
            full.extend_from_slice(a);
            return vm.call(&new, &full, keywords);
        }
    }
    let class = vm.create_class(meta, name, &bases, dict, keywords)?;
    Ok(Value::Class(class))
}

/// `property(fget=None, fset=None, fdel=None, doc=None)`.
pub fn property_new(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = crate::host::bind_args(
        vm,
        "property",
        &Args::new(rest(&args), args.keywords),
        &["fget", "fset", "fdel", "doc"],
        0,
    )?;
    let get = |i: usize| bound[i].clone().filter(|v| !v.is_none());
    let doc = get(3).or_else(|| match get(0) {
        Some(Value::Function(f)) => f.doc.clone(),
        _ => None,
    });
    Ok(Value::Property(Rc::new(Property {
        getter: get(0),
        setter: get(1),
        deleter: get(2),
        doc,
    })))
}

/// `staticmethod(f)`.
pub fn staticmethod_new(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    match rest(&args).first() {
        Some(f) => Ok(Value::StaticMethod(Rc::new(f.clone()))),
        None => Err(vm.type_error("staticmethod expected 1 argument, got 0")),
    }
}

/// `classmethod(f)`.
pub fn classmethod_new(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    match rest(&args).first() {
        Some(f) => Ok(Value::ClassMethod(Rc::new(f.clone()))),
        None => Err(vm.type_error("classmethod expected 1 argument, got 0")),
    }
}

/// `super()` (zero-argument form reads the calling frame) or `super(cls, obj)`.
pub fn super_new(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let a = rest(&args);
    if a.len() >= 2 {
        let Value::Class(cls) = &a[0] else {
            let tn = vm.type_name(&a[0]);
            return Err(vm.type_error(format!("super() argument 1 must be a type, not {tn}")));
        };
        return Ok(Value::Super(Rc::new(SuperObj {
            class: cls.clone(),
            receiver: a[1].clone(),
        })));
    }
    let Some(frame) = vm.frames.last() else {
        return Err(vm.runtime_error("super(): no arguments"));
    };
    let code = frame.code.clone();
    let class_cell = code
        .freevars
        .iter()
        .position(|n| n.as_str() == "__class__")
        .and_then(|i| frame.cells.get(code.cellvars.len() + i))
        .and_then(|c| c.borrow().clone());
    let Some(Value::Class(cls)) = class_cell else {
        return Err(vm.runtime_error("super(): __class__ cell not found"));
    };
    if code.arg_count == 0 && !code.has_varargs {
        return Err(vm.runtime_error("super(): no arguments"));
    }
    // The first argument may live in a cell if a closure captured it.
    let first_name: Option<Name> = code.varnames.first().cloned();
    let mut receiver = frame.locals.first().cloned().flatten();
    if receiver.is_none() {
        if let Some(n) = first_name {
            if let Some(ci) = code.cellvars.iter().position(|c| c.as_str() == n.as_str()) {
                receiver = frame.cells.get(ci).and_then(|c| c.borrow().clone());
            }
        }
    }
    let Some(receiver) = receiver else {
        return Err(vm.runtime_error("super(): arg[0] deleted"));
    };
    Ok(Value::Super(Rc::new(SuperObj {
        class: cls,
        receiver,
    })))
}

/// Big int helper for other builtins.
pub fn bigint_of(v: &Value) -> Option<BigInt> {
    match v {
        Value::Int(i) => Some(BigInt::from(*i)),
        Value::Bool(b) => Some(BigInt::from(*b as i64)),
        Value::BigInt(b) => Some((**b).clone()),
        _ => None,
    }
}
