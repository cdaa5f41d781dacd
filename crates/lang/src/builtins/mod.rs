//! The `builtins` namespace: functions (`print`, `len`, `sorted`, ...), the builtin classes
//! and exception classes, and the methods of builtin types (one file per family).

pub mod bytes;
pub mod complex;
pub mod constructors;
mod exec;
pub mod fs;
pub mod generic_alias;
pub mod mapping;
pub mod modules;
pub mod object;
pub mod seq;
pub mod string;
pub mod subclass;
pub mod traceback_module;
pub mod types;

use std::cmp::Ordering;
use std::rc::Rc;

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};

use crate::ast::BinOp;
use crate::exceptions::ExcTypes;
use crate::host::bind_args;
use crate::value::{Args, NativeFunction, NativeIter, PyResult, Value};
use crate::vm::Vm;
use types::Types;

/// Adds the methods of every builtin type (called once per thread).
pub(crate) fn install_type_methods(types: &Types, exc: &ExcTypes) {
    object::install(types, exc);
    string::install(types);
    seq::install(types);
    mapping::install(types);
    subclass::install(types);
    bytes::install(types);
    complex::install(types);
}

/// `len(x)`.
fn builtin_len(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    exact(vm, "len", &args, 1)?;
    let n = vm.len(&args.positional[0])?;
    Ok(Value::Int(n as i64))
}

fn func(vm: &mut Vm<'_>, name: &str, f: crate::value::NativeFnPtr) {
    vm.builtins.insert_str(name, NativeFunction::value(name, f));
}

/// [`func`] over a closure that captures state (a builtin made from a table entry).
fn func_closure(
    vm: &mut Vm<'_>,
    name: &str,
    f: impl Fn(&mut Vm<'_>, Args<'_>) -> PyResult + 'static,
) {
    vm.builtins
        .insert_str(name, NativeFunction::value_closure(name, f));
}

fn arg<'a>(vm: &Vm<'_>, name: &str, args: &Args<'a>, i: usize, n: usize) -> PyResult<&'a Value> {
    match args.positional.get(i) {
        Some(v) => Ok(v),
        None => Err(vm.type_error(if n == 1 {
            format!("{name}() takes exactly one argument (0 given)")
        } else {
            format!(
                "{name} expected {n} arguments, got {}",
                args.positional.len()
            )
        })),
    }
}

fn exact(vm: &Vm<'_>, name: &str, args: &Args<'_>, n: usize) -> PyResult<()> {
    if let Some((k, _)) = args.keywords.first() {
        return Err(vm
            .type_error(format!("{name}() takes no keyword arguments"))
            .tap(k.as_str()));
    }
    if args.positional.len() != n {
        return Err(vm.type_error(if n == 1 {
            format!(
                "{name}() takes exactly one argument ({} given)",
                args.positional.len()
            )
        } else {
            format!(
                "{name} expected {n} arguments, got {}",
                args.positional.len()
            )
        }));
    }
    Ok(())
}

trait Tap {
    fn tap(self, _s: &str) -> Self;
}
impl Tap for crate::exceptions::Exception {
    fn tap(self, _s: &str) -> Self {
        self
    }
}

/// Installs the builtins namespace into a fresh VM.
pub(crate) fn install(vm: &mut Vm<'_>) {
    let types = vm.types.clone();
    let exc = vm.exc.clone();
    for c in [
        &types.object,
        &types.type_,
        &types.int,
        &types.bool,
        &types.float,
        &types.complex,
        &types.str,
        &types.bytes,
        &types.tuple,
        &types.list,
        &types.dict,
        &types.set,
        &types.frozenset,
        &types.range,
        &types.slice,
        &types.property,
        &types.staticmethod,
        &types.classmethod,
        &types.super_,
    ] {
        vm.builtins.insert_str(&c.name, Value::Class(c.clone()));
    }
    for c in exc.all() {
        vm.builtins.insert_str(&c.name.clone(), Value::Class(c));
    }
    vm.builtins
        .insert_str("EnvironmentError", Value::Class(exc.os_error.clone()));
    vm.builtins
        .insert_str("IOError", Value::Class(exc.os_error.clone()));
    vm.builtins
        .insert_str("NotImplemented", Value::NotImplemented);
    vm.builtins.insert_str("Ellipsis", Value::Ellipsis);
    vm.builtins.insert_str("__name__", Value::str("__main__"));

    func(vm, "print", builtin_print);
    // One `len` per thread, so the dispatch loop knows it by identity (see `Types::len`).
    let len = match NativeFunction::value("len", builtin_len) {
        Value::NativeFunction(len) => {
            Value::NativeFunction(vm.types.len.get_or_init(|| len).clone())
        }
        other => other,
    };
    vm.builtins.insert_str("len", len);
    func(vm, "repr", |vm, args| {
        exact(vm, "repr", &args, 1)?;
        Ok(Value::str(vm.repr(&args.positional[0])?))
    });
    func(vm, "ascii", |vm, args| {
        exact(vm, "ascii", &args, 1)?;
        let r = vm.repr(&args.positional[0])?;
        Ok(Value::str(crate::vm::repr::ascii_escape(&r)))
    });
    func(vm, "abs", |vm, args| {
        exact(vm, "abs", &args, 1)?;
        let v = &args.positional[0];
        match v {
            Value::Int(i) => Ok(match i.checked_abs() {
                Some(a) => Value::Int(a),
                None => Value::from_bigint(BigInt::from(*i).abs()),
            }),
            Value::Bool(b) => Ok(Value::Int(*b as i64)),
            Value::BigInt(b) => Ok(Value::from_bigint(b.abs())),
            Value::Float(f) => Ok(Value::Float(f.abs())),
            Value::Complex(z) => complex::complex_abs(vm, **z),
            Value::Instance(_) => match vm.call_special(v, "__abs__", &[])? {
                Some(r) => Ok(r),
                None => {
                    let tn = vm.type_name(v);
                    Err(vm.type_error(format!("bad operand type for abs(): '{tn}'")))
                }
            },
            _ => {
                let tn = vm.type_name(v);
                Err(vm.type_error(format!("bad operand type for abs(): '{tn}'")))
            }
        }
    });
    func(vm, "round", builtin_round);
    func(vm, "divmod", |vm, args| {
        exact(vm, "divmod", &args, 2)?;
        let (a, b) = (&args.positional[0], &args.positional[1]);
        if let (Value::Instance(_), _) | (_, Value::Instance(_)) = (a, b) {
            if let Some(r) = vm.call_special(a, "__divmod__", std::slice::from_ref(b))? {
                return Ok(r);
            }
        }
        if matches!(a, Value::Float(_)) || matches!(b, Value::Float(_)) {
            if let (Some(x), Some(y)) = (vm.to_f64(a)?, vm.to_f64(b)?) {
                if y == 0.0 {
                    return Err(vm.zero_division("float divmod()"));
                }
                let (q, r) = crate::vm::ops::float_divmod(x, y);
                return Ok(Value::tuple(vec![Value::Float(q), Value::Float(r)]));
            }
        }
        let q = vm
            .binary_op(a, b, BinOp::FloorDiv)
            .map_err(|e| rename_op_error(vm, e, "divmod()"))?;
        let r = vm.binary_op(a, b, BinOp::Mod)?;
        Ok(Value::tuple(vec![q, r]))
    });
    func(vm, "pow", |vm, args| {
        let bound = bind_args(vm, "pow", &args, &["base", "exp", "mod"], 2)?;
        let (base, exp) = (
            bound[0].clone().unwrap_or_default(),
            bound[1].clone().unwrap_or_default(),
        );
        match bound[2].clone().filter(|v| !v.is_none()) {
            None => vm.binary_op(&base, &exp, BinOp::Pow),
            Some(m) => {
                let (Some(b), Some(e), Some(m)) = (
                    constructors::bigint_of(&base),
                    constructors::bigint_of(&exp),
                    constructors::bigint_of(&m),
                ) else {
                    return Err(vm.type_error(
                        "pow() 3rd argument not allowed unless all arguments are integers",
                    ));
                };
                if m.is_zero() {
                    return Err(vm.value_error("pow() 3rd argument cannot be 0"));
                }
                if e.is_negative() {
                    return Err(vm.value_error("base is not invertible for the given modulus"));
                }
                let mut r = b.modpow(&e, &m);
                if r.is_negative() != m.is_negative() && !r.is_zero() {
                    r += &m;
                }
                Ok(Value::from_bigint(r))
            }
        }
    });
    func(vm, "min", |vm, args| {
        min_max(vm, args, "min", Ordering::Less)
    });
    func(vm, "max", |vm, args| {
        min_max(vm, args, "max", Ordering::Greater)
    });
    func(vm, "sum", |vm, args| {
        let bound = bind_args(vm, "sum", &args, &["iterable", "start"], 1)?;
        let start = bound[1].clone().unwrap_or(Value::Int(0));
        if let Value::Str(_) = start {
            return Err(vm.type_error("sum() can't sum strings [use ''.join(seq) instead]"));
        }
        let it = vm.get_iter(bound[0].as_ref().unwrap_or(&Value::None))?;
        let mut acc = start;
        let mut float_acc: Option<f64> = None;
        while let Some(x) = vm.next(&it)? {
            vm.charge(1)?;
            if let (Value::Float(f), None) = (&acc, float_acc) {
                float_acc = Some(*f);
            }
            acc = match (&acc, &x) {
                (Value::Int(a), Value::Int(b)) => match a.checked_add(*b) {
                    Some(s) => Value::Int(s),
                    None => vm.binary_op(&acc, &x, BinOp::Add)?,
                },
                _ => vm.binary_op(&acc, &x, BinOp::Add)?,
            };
        }
        Ok(acc)
    });
    func(vm, "any", |vm, args| {
        exact(vm, "any", &args, 1)?;
        let it = vm.get_iter(&args.positional[0])?;
        while let Some(x) = vm.next(&it)? {
            if vm.truthy(&x)? {
                return Ok(Value::Bool(true));
            }
        }
        Ok(Value::Bool(false))
    });
    func(vm, "all", |vm, args| {
        exact(vm, "all", &args, 1)?;
        let it = vm.get_iter(&args.positional[0])?;
        while let Some(x) = vm.next(&it)? {
            if !vm.truthy(&x)? {
                return Ok(Value::Bool(false));
            }
        }
        Ok(Value::Bool(true))
    });
    func(vm, "sorted", |vm, args| {
        let Some(src) = args.positional.first() else {
            return Err(vm.type_error("sorted expected 1 argument, got 0"));
        };
        if args.positional.len() > 1 {
            return Err(vm.type_error(format!(
                "sorted expected 1 argument, got {}",
                args.positional.len()
            )));
        }
        let items = vm.iterate(src)?;
        let list = Value::list(items);
        let sort_args: Vec<Value> = vec![list.clone()];
        seq::list_sort(vm, Args::new(&sort_args, args.keywords))?;
        Ok(list)
    });
    func(vm, "reversed", |vm, args| {
        exact(vm, "reversed", &args, 1)?;
        let v = &args.positional[0];
        match v {
            // A class whose metaclass defines `__reversed__` (an enum).
            Value::Class(_) if vm.special_method(v, "__reversed__").is_some() => {
                Ok(vm.call_special(v, "__reversed__", &[])?.unwrap_or_default())
            }
            Value::Instance(_) => {
                if let Some(r) = vm.call_special(v, "__reversed__", &[])? {
                    return Ok(r);
                }
                let n = vm.len(v)?;
                Ok(Value::Iterator(Rc::new(std::cell::RefCell::new(
                    NativeIter::Reversed {
                        seq: v.clone(),
                        index: n,
                    },
                ))))
            }
            Value::List(_)
            | Value::Tuple(_)
            | Value::Str(_)
            | Value::Range(_)
            | Value::Bytes(_) => {
                let n = vm.len(v)?;
                Ok(Value::Iterator(Rc::new(std::cell::RefCell::new(
                    NativeIter::Reversed {
                        seq: v.clone(),
                        index: n,
                    },
                ))))
            }
            Value::Dict(_) | Value::DictView(_) => {
                let items = vm.iterate(v)?;
                let n = items.len();
                Ok(Value::Iterator(Rc::new(std::cell::RefCell::new(
                    NativeIter::Reversed {
                        seq: Value::list(items),
                        index: n,
                    },
                ))))
            }
            _ => {
                let tn = vm.type_name(v);
                Err(vm.type_error(format!("'{tn}' object is not reversible")))
            }
        }
    });
    func(vm, "enumerate", |vm, args| {
        let bound = bind_args(vm, "enumerate", &args, &["iterable", "start"], 1)?;
        let inner = vm.get_iter(bound[0].as_ref().unwrap_or(&Value::None))?;
        let count = bound[1].clone().unwrap_or(Value::Int(0));
        if !matches!(count, Value::Int(_) | Value::BigInt(_) | Value::Bool(_)) {
            let tn = vm.type_name(&count);
            return Err(vm.type_error(format!("'{tn}' object cannot be interpreted as an integer")));
        }
        Ok(Value::Iterator(Rc::new(std::cell::RefCell::new(
            NativeIter::Enumerate { inner, count },
        ))))
    });
    func(vm, "zip", |vm, args| {
        let strict = match args.kwarg("strict") {
            Some(v) => vm.truthy(v)?,
            None => false,
        };
        let mut inners = Vec::new();
        for (i, a) in args.positional.iter().enumerate() {
            match vm.get_iter(a) {
                Ok(it) => inners.push(it),
                Err(_) => {
                    let tn = vm.type_name(a);
                    return Err(vm
                        .type_error(format!("'{tn}' object is not iterable"))
                        .tap(&i.to_string()));
                }
            }
        }
        Ok(Value::Iterator(Rc::new(std::cell::RefCell::new(
            NativeIter::Zip { inners, strict },
        ))))
    });
    func(vm, "map", |vm, args| {
        if args.positional.len() < 2 {
            return Err(vm.type_error("map() must have at least two arguments."));
        }
        let func = args.positional[0].clone();
        let mut inners = Vec::new();
        for a in &args.positional[1..] {
            inners.push(vm.get_iter(a)?);
        }
        Ok(Value::Iterator(Rc::new(std::cell::RefCell::new(
            NativeIter::Map { func, inners },
        ))))
    });
    func(vm, "filter", |vm, args| {
        exact(vm, "filter", &args, 2)?;
        let func = args.positional[0].clone();
        let inner = vm.get_iter(&args.positional[1])?;
        Ok(Value::Iterator(Rc::new(std::cell::RefCell::new(
            NativeIter::Filter { func, inner },
        ))))
    });
    func(vm, "iter", |vm, args| match args.positional.len() {
        1 => vm.get_iter(&args.positional[0]),
        2 => Ok(Value::Iterator(Rc::new(std::cell::RefCell::new(
            NativeIter::Callable {
                func: args.positional[0].clone(),
                sentinel: args.positional[1].clone(),
            },
        )))),
        n => Err(vm.type_error(format!("iter expected at most 2 arguments, got {n}"))),
    });
    func(vm, "next", |vm, args| {
        let it = arg(vm, "next", &args, 0, 1)?.clone();
        if !matches!(it, Value::Iterator(_) | Value::Generator(_))
            && vm.special_method(&it, "__next__").is_none()
        {
            let tn = vm.type_name(&it);
            return Err(vm.type_error(format!("'{tn}' object is not an iterator")));
        }
        if let Value::Generator(g) = &it {
            let g = g.clone();
            return match vm.resume_generator(&g, Value::None)? {
                crate::vm::call::GenStep::Yielded(v) => Ok(v),
                crate::vm::call::GenStep::Returned(v) => match args.positional.get(1) {
                    Some(d) => Ok(d.clone()),
                    None => Err(vm.stop_iteration(if v.is_none() { None } else { Some(v) })),
                },
            };
        }
        if let Value::Instance(_) = it {
            // Let a user StopIteration (with its value) propagate unchanged.
            return match vm.call_special(&it, "__next__", &[]) {
                Ok(Some(v)) => Ok(v),
                Ok(None) => Err(vm.stop_iteration(None)),
                Err(e) if e.is_instance(&vm.exc.stop_iteration.clone()) => {
                    match args.positional.get(1) {
                        Some(d) => Ok(d.clone()),
                        None => Err(e),
                    }
                }
                Err(e) => Err(e),
            };
        }
        match vm.next(&it)? {
            Some(v) => Ok(v),
            None => match args.positional.get(1) {
                Some(d) => Ok(d.clone()),
                None => Err(vm.stop_iteration(None)),
            },
        }
    });
    func(vm, "isinstance", |vm, args| {
        exact(vm, "isinstance", &args, 2)?;
        Ok(Value::Bool(isinstance(
            vm,
            &args.positional[0],
            &args.positional[1],
        )?))
    });
    func(vm, "issubclass", |vm, args| {
        exact(vm, "issubclass", &args, 2)?;
        let Value::Class(c) = &args.positional[0] else {
            return Err(vm.type_error("issubclass() arg 1 must be a class"));
        };
        Ok(Value::Bool(issubclass(vm, c, &args.positional[1])?))
    });
    func(vm, "hasattr", |vm, args| {
        exact(vm, "hasattr", &args, 2)?;
        let name = attr_name(vm, &args.positional[1], "hasattr")?;
        match vm.get_attr_opt(&args.positional[0], &name) {
            Ok(v) => Ok(Value::Bool(v.is_some())),
            Err(e) if e.is_instance(&vm.exc.attribute_error.clone()) => Ok(Value::Bool(false)),
            Err(e) => Err(e),
        }
    });
    func(vm, "getattr", |vm, args| {
        if args.positional.len() < 2 || args.positional.len() > 3 {
            return Err(vm.type_error(format!(
                "getattr expected 2 or 3 arguments, got {}",
                args.positional.len()
            )));
        }
        let name = attr_name(vm, &args.positional[1], "getattr")?;
        let obj = &args.positional[0];
        match vm.get_attr_opt(obj, &name) {
            Ok(Some(v)) => Ok(v),
            Ok(None) => match args.positional.get(2) {
                Some(d) => Ok(d.clone()),
                None => Err(vm.no_attribute(obj, name.as_str())),
            },
            Err(e)
                if e.is_instance(&vm.exc.attribute_error.clone()) && args.positional.len() == 3 =>
            {
                Ok(args.positional[2].clone())
            }
            Err(e) => Err(e),
        }
    });
    func(vm, "setattr", |vm, args| {
        exact(vm, "setattr", &args, 3)?;
        let name = attr_name(vm, &args.positional[1], "setattr")?;
        vm.set_attr(&args.positional[0], &name, args.positional[2].clone())?;
        Ok(Value::None)
    });
    func(vm, "delattr", |vm, args| {
        exact(vm, "delattr", &args, 2)?;
        let name = attr_name(vm, &args.positional[1], "delattr")?;
        vm.del_attr(&args.positional[0], &name)?;
        Ok(Value::None)
    });
    func(vm, "callable", |vm, args| {
        exact(vm, "callable", &args, 1)?;
        Ok(Value::Bool(vm.is_callable(&args.positional[0])))
    });
    func(vm, "id", |vm, args| {
        exact(vm, "id", &args, 1)?;
        Ok(Value::Int(args.positional[0].id() as i64))
    });
    func(vm, "hash", |vm, args| {
        exact(vm, "hash", &args, 1)?;
        Ok(Value::Int(vm.hash(&args.positional[0])?))
    });
    func(vm, "ord", |vm, args| {
        exact(vm, "ord", &args, 1)?;
        match &args.positional[0] {
            Value::Str(s) if s.char_len() == 1 => Ok(Value::Int(
                s.as_str().chars().next().map_or(0, |c| c as i64),
            )),
            Value::Str(s) => Err(vm.type_error(format!(
                "ord() expected a character, but string of length {} found",
                s.char_len()
            ))),
            Value::Bytes(b) if b.len() == 1 => Ok(Value::Int(b[0] as i64)),
            other => {
                let tn = vm.type_name(other);
                Err(vm.type_error(format!("ord() expected string of length 1, but {tn} found")))
            }
        }
    });
    func(vm, "chr", |vm, args| {
        exact(vm, "chr", &args, 1)?;
        let v = &args.positional[0];
        let Some(i) = vm.as_index(v)? else {
            let tn = vm.type_name(v);
            return Err(vm.type_error(format!("'{tn}' object cannot be interpreted as an integer")));
        };
        match u32::try_from(i).ok().and_then(char::from_u32) {
            Some(c) => Ok(Value::str(c.to_string())),
            None if (0..0x110000).contains(&i) => Ok(Value::str("\u{fffd}")),
            None => Err(vm.value_error("chr() arg not in range(0x110000)")),
        }
    });
    for (name, radix, prefix) in [("hex", 16u32, "0x"), ("oct", 8, "0o"), ("bin", 2, "0b")] {
        func_closure(vm, name, move |vm, args| {
            exact(vm, name, &args, 1)?;
            let v = &args.positional[0];
            let big = match constructors::bigint_of(v) {
                Some(b) => b,
                None => match vm.call_special(v, "__index__", &[])? {
                    Some(i) => constructors::bigint_of(&i).unwrap_or_default(),
                    None => {
                        let tn = vm.type_name(v);
                        return Err(vm.type_error(format!(
                            "'{tn}' object cannot be interpreted as an integer"
                        )));
                    }
                },
            };
            let digits = big.abs().to_str_radix(radix);
            Ok(Value::str(if big.is_negative() {
                format!("-{prefix}{digits}")
            } else {
                format!("{prefix}{digits}")
            }))
        });
    }
    func(vm, "format", |vm, args| {
        let v = arg(vm, "format", &args, 0, 1)?.clone();
        let spec = match args.positional.get(1) {
            Some(Value::Str(s)) => s.as_str().to_string(),
            Some(other) => {
                let tn = vm.type_name(other);
                return Err(vm.type_error(format!("format() argument 2 must be str, not {tn}")));
            }
            None => String::new(),
        };
        Ok(Value::str(vm.format(&v, &spec)?))
    });
    func(vm, "vars", |vm, args| match args.positional.first() {
        Some(Value::Instance(inst)) => Ok(vm.attrs_to_dict(&inst.dict.borrow())),
        Some(Value::Class(c)) => Ok(vm.attrs_to_dict(&c.dict.borrow())),
        Some(module @ Value::Module(_)) => vm.get_attr_str(module, "__dict__"),
        Some(_) => Err(vm.type_error("vars() argument must have __dict__ attribute")),
        None => Ok(globals_dict(vm)),
    });
    func(vm, "globals", |vm, _args| Ok(globals_dict(vm)));
    func(vm, "__import__", builtin_import);
    func(vm, "open", builtin_open);
    exec::install(vm);
    func(vm, "dir", builtin_dir);
    func(vm, "input", |vm, args| {
        if let Some(p) = args.positional.first() {
            let s = vm.str(p)?;
            vm.write_stdout(&s);
        }
        Err(vm.new_error(&vm.exc.eof_error.clone(), "EOF when reading a line"))
    });
    func(vm, "exit", builtin_exit);
    func(vm, "quit", builtin_exit);
    func(vm, "breakpoint", |_vm, _args| Ok(Value::None));
}

fn builtin_exit(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    Err(crate::exceptions::new_exception(
        &vm.exc.system_exit.clone(),
        args.positional.to_vec(),
    ))
}

/// The calling frame's module globals (a function's own module, not the main one).
fn globals_dict(vm: &mut Vm<'_>) -> Value {
    let mut d = crate::value::Dict::new();
    if let Some(frame) = vm.frames.last() {
        for (name, value) in frame.globals.bound() {
            d.set_str(name.as_str(), value);
        }
    }
    Value::Dict(Rc::new(std::cell::RefCell::new(d)))
}

fn builtin_dir(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let mut names: Vec<String> = Vec::new();
    match args.positional.first() {
        None => {
            if let Some(Value::Dict(d)) = Some(globals_dict(vm)) {
                names = d
                    .borrow()
                    .iter()
                    .filter_map(|e| e.key.as_str().map(String::from))
                    .collect();
            }
        }
        Some(v) => {
            let cls = vm.class_of(v);
            if let Value::Instance(inst) = v {
                names.extend(
                    inst.dict
                        .borrow()
                        .iter()
                        .map(|(k, _)| k.as_str().to_string()),
                );
            }
            if let Value::Module(m) = v {
                names.extend(m.attributes().iter().map(|(k, _)| k.as_str().to_string()));
            }
            let classes: Vec<Rc<crate::value::Class>> = match v {
                Value::Class(c) => c.mro_iter_rc(c),
                Value::Module(_) => Vec::new(),
                _ => cls.mro_iter_rc(&cls),
            };
            for c in classes {
                names.extend(c.dict.borrow().iter().map(|(k, _)| k.as_str().to_string()));
            }
        }
    }
    // Sorted as `&str`, which shares the one compiled unstable sort the other callers use.
    let mut sorted: Vec<&str> = names.iter().map(String::as_str).collect();
    sorted.sort_unstable();
    sorted.dedup();
    Ok(Value::list(sorted.into_iter().map(Value::str).collect()))
}

fn rename_op_error(
    _vm: &Vm<'_>,
    e: crate::exceptions::Exception,
    _to: &str,
) -> crate::exceptions::Exception {
    e
}

fn attr_name(vm: &Vm<'_>, v: &Value, func: &str) -> PyResult<crate::value::Name> {
    match v {
        Value::Str(s) => Ok(s.clone()),
        other => {
            let tn = vm.type_name(other);
            let _ = func;
            Err(vm.type_error(format!("attribute name must be string, not '{tn}'")))
        }
    }
}

/// `isinstance(v, cls_or_tuple)`; a class's metaclass may answer through `__instancecheck__`.
pub fn isinstance(vm: &mut Vm<'_>, v: &Value, spec: &Value) -> PyResult<bool> {
    match spec {
        Value::Class(c) => {
            if vm.is_instance(v, c) {
                return Ok(true);
            }
            match vm.metaclass_method(c, "__instancecheck__") {
                Some(hook) => {
                    let result = vm.call_method_value(&hook, spec, std::slice::from_ref(v))?;
                    vm.truthy(&result)
                }
                None => Ok(false),
            }
        }
        Value::Tuple(t) => {
            for c in t.iter() {
                if isinstance(vm, v, c)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Value::Instance(_) => {
            match vm.call_special(spec, "__instancecheck__", std::slice::from_ref(v))? {
                // An object whose class defines `__instancecheck__` (`typing.List`).
                Some(result) => vm.truthy(&result),
                None => Err(vm
                    .type_error("isinstance() arg 2 must be a type, a tuple of types, or a union")),
            }
        }
        _ => Err(vm.type_error("isinstance() arg 2 must be a type, a tuple of types, or a union")),
    }
}

fn issubclass(vm: &mut Vm<'_>, c: &Rc<crate::value::Class>, spec: &Value) -> PyResult<bool> {
    match spec {
        Value::Class(other) => {
            if c.is_subclass(other) {
                return Ok(true);
            }
            match vm.metaclass_method(other, "__subclasscheck__") {
                Some(hook) => {
                    let sub = Value::Class(c.clone());
                    let result = vm.call_method_value(&hook, spec, &[sub])?;
                    vm.truthy(&result)
                }
                None => Ok(false),
            }
        }
        Value::Tuple(t) => {
            for x in t.iter() {
                if issubclass(vm, c, x)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Value::Instance(_) => {
            let sub = Value::Class(c.clone());
            match vm.call_special(spec, "__subclasscheck__", &[sub])? {
                Some(result) => vm.truthy(&result),
                None => Err(vm.type_error(
                    "issubclass() arg 2 must be a class, a tuple of classes, or a union",
                )),
            }
        }
        _ => {
            Err(vm.type_error("issubclass() arg 2 must be a class, a tuple of classes, or a union"))
        }
    }
}

fn builtin_print(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let mut sep = " ".to_string();
    let mut end = "\n".to_string();
    let mut to_stderr = false;
    // Any other object with a `write` method (`io.StringIO`, an open file).
    let mut file: Option<Value> = None;
    for (k, v) in args.keywords {
        match k.as_str() {
            "sep" => match v {
                Value::None => {}
                Value::Str(s) => sep = s.as_str().to_string(),
                other => {
                    let tn = vm.type_name(other);
                    return Err(vm.type_error(format!("sep must be None or a string, not {tn}")));
                }
            },
            "end" => match v {
                Value::None => {}
                Value::Str(s) => end = s.as_str().to_string(),
                other => {
                    let tn = vm.type_name(other);
                    return Err(vm.type_error(format!("end must be None or a string, not {tn}")));
                }
            },
            "file" => {
                if let Value::Module(_) | Value::None = v {
                } else {
                    match vm
                        .get_attr_opt(v, &crate::value::name("name"))
                        .ok()
                        .flatten()
                    {
                        Some(Value::Str(s)) if s.as_str() == "<stderr>" => to_stderr = true,
                        Some(Value::Str(s)) if s.as_str() == "<stdout>" => {}
                        _ => file = Some(v.clone()),
                    }
                }
            }
            "flush" => {}
            other => {
                return Err(vm.type_error(format!(
                    "'{other}' is an invalid keyword argument for print()"
                )))
            }
        }
    }
    let explicit_file = args.keywords.iter().any(|(k, _)| k.as_str() == "file");
    if !explicit_file {
        // `sys.stdout` replaced (`contextlib.redirect_stdout`, `sys.stdout = buffer`).
        let current = match &vm.sys_module {
            Some(Value::Module(sys)) => sys.get("stdout"),
            _ => None,
        };
        if let Some(stream) = current {
            match vm
                .get_attr_opt(&stream, &crate::value::name("name"))
                .ok()
                .flatten()
            {
                Some(Value::Str(s)) if s.as_str() == "<stdout>" => {}
                Some(Value::Str(s)) if s.as_str() == "<stderr>" => to_stderr = true,
                _ => file = Some(stream),
            }
        }
    }
    if let Some(file) = file {
        // As CPython: one `write` per argument, separator and end.
        let write = vm.get_attr(&file, &crate::value::name("write"))?;
        for (i, a) in args.positional.iter().enumerate() {
            if i > 0 {
                vm.call(&write, &[Value::str(sep.clone())], &[])?;
            }
            let text = vm.str(a)?;
            vm.call(&write, &[Value::str(text)], &[])?;
        }
        vm.call(&write, &[Value::str(end)], &[])?;
        return Ok(Value::None);
    }
    let mut out = String::new();
    for (i, a) in args.positional.iter().enumerate() {
        if i > 0 {
            out.push_str(&sep);
        }
        out.push_str(&vm.str(a)?);
    }
    out.push_str(&end);
    if to_stderr {
        vm.write_stderr(&out);
    } else {
        vm.write_stdout(&out);
    }
    if vm.stdout.len() + vm.stderr.len() > vm.limits.max_sequence_len * 2 {
        return Err(vm.new_error(&vm.exc.memory_error.clone(), "output limit exceeded"));
    }
    Ok(Value::None)
}

fn builtin_round(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind_args(vm, "round", &args, &["number", "ndigits"], 1)?;
    let x = bound[0].clone().unwrap_or_default();
    let nd = bound[1].clone().filter(|v| !v.is_none());
    match &x {
        Value::Float(f) => match nd {
            None => {
                let r = crate::format::round_float(*f, 0).map_err(|e| vm.format_error(e))?;
                if r.is_nan() {
                    return Err(vm.value_error("cannot convert float NaN to integer"));
                }
                if r.is_infinite() {
                    return Err(vm.overflow_error("cannot convert float infinity to integer"));
                }
                constructors::to_int(vm, &Value::Float(r))
            }
            Some(n) => {
                let Some(n) = vm.as_index(&n)? else {
                    let tn = vm.type_name(&n);
                    return Err(
                        vm.type_error(format!("'{tn}' object cannot be interpreted as an integer"))
                    );
                };
                Ok(Value::Float(
                    crate::format::round_float(*f, n).map_err(|e| vm.format_error(e))?,
                ))
            }
        },
        Value::Int(_) | Value::Bool(_) | Value::BigInt(_) => match nd {
            None => constructors::to_int(vm, &x),
            Some(n) => {
                let n = vm.as_index(&n)?.unwrap_or(0);
                if n >= 0 {
                    return constructors::to_int(vm, &x);
                }
                let big = constructors::bigint_of(&x).unwrap_or_default();
                let p = num_traits::pow(BigInt::from(10), (-n).min(4000) as usize);
                let (q, r) = num_integer::Integer::div_mod_floor(&big, &p);
                let twice: BigInt = &r * 2;
                let q = match twice.cmp(&p) {
                    Ordering::Greater => q + 1,
                    Ordering::Equal if num_integer::Integer::is_odd(&q) => q + 1,
                    _ => q,
                };
                Ok(Value::from_bigint(q * p))
            }
        },
        Value::Instance(_) => {
            let extra: Vec<Value> = nd.into_iter().collect();
            match vm.call_special(&x, "__round__", &extra)? {
                Some(v) => Ok(v),
                None => {
                    let tn = vm.type_name(&x);
                    Err(vm.type_error(format!("type {tn} doesn't define __round__ method")))
                }
            }
        }
        _ => {
            let tn = vm.type_name(&x);
            Err(vm.type_error(format!("type {tn} doesn't define __round__ method")))
        }
    }
}

fn min_max(vm: &mut Vm<'_>, args: Args<'_>, name: &str, want: Ordering) -> PyResult {
    let key = args.kwarg("key").cloned().filter(|k| !k.is_none());
    let default = args.kwarg("default").cloned();
    for (k, _) in args.keywords {
        if k.as_str() != "key" && k.as_str() != "default" {
            return Err(vm.type_error(format!(
                "{name}() got an unexpected keyword argument '{}'",
                k.as_str()
            )));
        }
    }
    let items = match args.positional.len() {
        0 => return Err(vm.type_error(format!("{name} expected at least 1 argument, got 0"))),
        1 => vm.iterate(&args.positional[0])?,
        _ => {
            if default.is_some() {
                return Err(vm.type_error(format!(
                    "Cannot specify a default for {name}() with multiple positional arguments"
                )));
            }
            args.positional.to_vec()
        }
    };
    let mut best: Option<(Value, Value)> = None;
    for item in items {
        let k = match &key {
            Some(f) => vm.call(f, std::slice::from_ref(&item), &[])?,
            None => item.clone(),
        };
        best = Some(match best {
            None => (item, k),
            Some((bi, bk)) => {
                let better = if want == Ordering::Less {
                    vm.less_than(&k, &bk)?
                } else {
                    vm.less_than(&bk, &k)?
                };
                if better {
                    (item, k)
                } else {
                    (bi, bk)
                }
            }
        });
    }
    match best {
        Some((v, _)) => Ok(v),
        None => match default {
            Some(d) => Ok(d),
            None => Err(vm.value_error(format!("{name}() arg is an empty sequence"))),
        },
    }
}

/// Converts an `f64` that is integral to an int value (for `math.floor` and friends).
pub fn float_to_int_value(vm: &Vm<'_>, f: f64) -> PyResult {
    if f.is_nan() {
        return Err(vm.value_error("cannot convert float NaN to integer"));
    }
    if f.is_infinite() {
        return Err(vm.overflow_error("cannot convert float infinity to integer"));
    }
    if f.abs() < 9.0e18 {
        return Ok(Value::Int(f as i64));
    }
    crate::format::float_to_int(f)
        .map(Value::from_bigint)
        .map_err(|e| vm.format_error(e))
}

/// `i64` of an int value, if it fits.
pub fn small_int(v: &Value) -> Option<i64> {
    match v {
        Value::BigInt(b) => b.to_i64(),
        other => other.as_i64(),
    }
}

/// `__import__(name, globals=None, locals=None, fromlist=(), level=0)`: the package `import a.b`
/// binds, or with a `fromlist` the module itself, as CPython's.
/// `open(...)`: `io.open`, as in CPython, from the bundled library's `io`.
fn builtin_open(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let io = vm.import("io", true)?;
    let open = vm.get_attr(&io, &crate::value::name("open"))?;
    vm.call(&open, args.positional, args.keywords)
}

fn builtin_import(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind_args(
        vm,
        "__import__",
        &args,
        &["name", "globals", "locals", "fromlist", "level"],
        1,
    )?;
    let name = match &bound[0] {
        Some(Value::Str(name)) => name.as_str().to_string(),
        Some(other) => {
            let tn = vm.type_name(other);
            return Err(vm.type_error(format!("__import__() argument 1 must be str, not {tn}")));
        }
        None => return Err(vm.type_error("__import__() missing required argument 'name' (pos 1)")),
    };
    let level = match &bound[4] {
        Some(level) => level.as_i64().unwrap_or(0),
        None => 0,
    };
    if level < 0 {
        return Err(vm.value_error("level must be >= 0"));
    }
    if name.is_empty() && level == 0 {
        return Err(vm.value_error("Empty module name"));
    }
    let from_list = match &bound[3] {
        Some(list) => vm.truthy(list)?,
        None => false,
    };
    let dotted = format!("{}{name}", ".".repeat(level as usize));
    vm.import(&dotted, from_list)
}
