//! Methods of `object`, `type`, `BaseException`, `property` and generators.

use std::rc::Rc;

use super::types::{add_method, add_method_closure, Types};
use crate::exceptions::{ExcTypes, Exception};
use crate::value::{Args, Property, Value};
use crate::vm::call::GenStep;

fn this<'a>(args: &Args<'a>) -> &'a Value {
    args.positional.first().unwrap_or(&Value::None)
}

pub(crate) fn install(t: &Types, exc: &ExcTypes) {
    let o = &t.object;
    // `object.__new__(cls)`: a bare instance, `__init__` not run (what `copy` and
    // `super().__new__(cls)` in a user `__new__` need).
    let new = crate::value::NativeFunction::value("__new__", |vm, args| {
        let cls = match args.positional.first() {
            Some(Value::Class(cls)) => cls.clone(),
            Some(other) => {
                let tn = vm.type_name(other);
                return Err(
                    vm.type_error(format!("object.__new__(X): X is not a type object ({tn})"))
                );
            }
            None => return Err(vm.type_error("object.__new__(): not enough arguments")),
        };
        if matches!(cls.kind, crate::value::ClassKind::Builtin(_)) || cls.constructor.is_some() {
            let name = cls.full_name();
            return Err(vm.type_error(format!(
                "object.__new__({name}) is not safe, use {name}.__new__()"
            )));
        }
        if let Some(base) = super::subclass::value_base(&cls) {
            return Err(vm.type_error(format!(
                "object.__new__({}) is not safe, use {}.__new__()",
                cls.full_name(),
                base.name
            )));
        }
        vm.check_not_abstract(&cls)?;
        Ok(Value::Instance(Rc::new(crate::value::Instance::new(cls))))
    });
    o.dict
        .borrow_mut()
        .insert_str("__new__", Value::StaticMethod(Rc::new(new)));
    // `object.__init_subclass__()`: what `super().__init_subclass__(**kwargs)` ends at.
    let init_subclass = crate::value::NativeFunction::value("__init_subclass__", |vm, args| {
        if !args.keywords.is_empty() {
            let name = match args.positional.first() {
                Some(Value::Class(cls)) => cls.name.clone(),
                _ => "object".to_string(),
            };
            return Err(vm.type_error(format!(
                "{name}.__init_subclass__() takes no keyword arguments"
            )));
        }
        Ok(Value::None)
    });
    o.dict.borrow_mut().insert_str(
        "__init_subclass__",
        Value::ClassMethod(Rc::new(init_subclass)),
    );
    add_method(o, "__init__", |vm, args| {
        if args.positional.len() > 1 || !args.keywords.is_empty() {
            return Err(vm.type_error(
                "object.__init__() takes exactly one argument (the instance to initialize)",
            ));
        }
        Ok(Value::None)
    });
    add_method(o, "__repr__", |vm, args| {
        let v = this(&args);
        let cls = vm.class_of(v);
        Ok(Value::str(format!(
            "<{} object at {:#x}>",
            cls.full_name(),
            v.id()
        )))
    });
    add_method(o, "__str__", |vm, args| {
        let v = this(&args).clone();
        Ok(Value::str(vm.repr(&v)?))
    });
    add_method(o, "__eq__", |_vm, args| {
        let (a, b) = (this(&args), args.get(1).unwrap_or(&Value::None));
        Ok(if a.is(b) {
            Value::Bool(true)
        } else {
            Value::NotImplemented
        })
    });
    add_method(o, "__ne__", |vm, args| {
        let (a, b) = (
            this(&args).clone(),
            args.get(1).cloned().unwrap_or_default(),
        );
        let r = vm.compare_op(&a, &b, crate::ast::CmpOp::Eq)?;
        Ok(Value::Bool(!vm.truthy(&r)?))
    });
    add_method(o, "__hash__", |_vm, args| {
        Ok(Value::Int((this(&args).id() >> 4) as i64))
    });
    add_method(o, "__setattr__", |vm, args| {
        let (Some(Value::Instance(inst)), Some(Value::Str(name)), Some(v)) =
            (args.get(0), args.get(1), args.get(2))
        else {
            return Err(vm.type_error("__setattr__ expected 3 arguments"));
        };
        inst.dict.borrow_mut().insert(name.clone(), v.clone());
        Ok(Value::None)
    });
    add_method(o, "__delattr__", |vm, args| {
        let (Some(obj @ Value::Instance(inst)), Some(Value::Str(name))) =
            (args.get(0), args.get(1))
        else {
            return Err(vm.type_error("__delattr__ expected 2 arguments"));
        };
        if inst.dict.borrow_mut().remove(name.as_str()).is_none() {
            return Err(vm.no_attribute(obj, name.as_str()));
        }
        Ok(Value::None)
    });
    add_method(o, "__getattribute__", |vm, args| {
        let (Some(obj), Some(Value::Str(name))) = (args.get(0), args.get(1)) else {
            return Err(vm.type_error("__getattribute__ expected 2 arguments"));
        };
        let (obj, name) = (obj.clone(), name.clone());
        vm.get_attr(&obj, &name)
    });
    add_method(o, "__format__", |vm, args| {
        let v = this(&args).clone();
        match args.get(1) {
            Some(Value::Str(s)) if !s.as_str().is_empty() => {
                let tn = vm.type_name(&v);
                Err(vm.type_error(format!(
                    "unsupported format string passed to {tn}.__format__"
                )))
            }
            _ => Ok(Value::str(vm.str(&v)?)),
        }
    });
    add_method(o, "__dir__", |vm, args| {
        let v = this(&args).clone();
        let f = vm.builtins.get("dir").cloned().unwrap_or_default();
        vm.call(&f, &[v], &[])
    });

    add_method(&t.type_, "mro", |vm, args| match this(&args) {
        Value::Class(c) => Ok(Value::list(
            c.mro_iter_rc(c).into_iter().map(Value::Class).collect(),
        )),
        _ => Err(vm.type_error("descriptor 'mro' requires a 'type' object")),
    });
    // What a metaclass inherits from `type`: `__new__` makes the class (see
    // `constructors::new_class`), `__init__` has nothing left to do, and `__call__` is the
    // default construction a metaclass's own `__call__` reaches through `super()`.
    let type_new =
        crate::value::NativeFunction::value("__new__", |vm, args| match args.positional.first() {
            Some(Value::Class(meta)) if meta.is_subclass(&vm.types.type_) => {
                let meta = meta.clone();
                let rest = args.positional.get(1..).unwrap_or(&[]);
                super::constructors::new_class(vm, &meta, rest, args.keywords)
            }
            Some(other) => {
                let r = vm.repr(other)?;
                Err(vm.type_error(format!("type.__new__(X): X is not a type object ({r})")))
            }
            None => Err(vm.type_error("type.__new__(): not enough arguments")),
        });
    t.type_
        .dict
        .borrow_mut()
        .insert_str("__new__", Value::StaticMethod(Rc::new(type_new)));
    add_method(&t.type_, "__init__", |_vm, _args| Ok(Value::None));
    add_method(&t.type_, "__call__", |vm, args| match this(&args) {
        Value::Class(c) => {
            let c = c.clone();
            let rest = args.positional.get(1..).unwrap_or(&[]);
            vm.construct(&c, rest, args.keywords)
        }
        other => {
            let tn = vm.type_name(other);
            Err(vm.type_error(format!(
                "descriptor '__call__' requires a 'type' object but received a '{tn}'"
            )))
        }
    });
    add_method(&t.type_, "__subclasses__", |_vm, _args| {
        Ok(Value::list(Vec::new()))
    });

    let be = &exc.base_exception;
    add_method(be, "__init__", |_vm, args| {
        if let Some(e) = Exception::from_value(this(&args)) {
            let rest = args.positional.get(1..).unwrap_or(&[]).to_vec();
            e.with_state(|s| s.args = rest);
        }
        Ok(Value::None)
    });
    add_method(be, "__str__", |vm, args| {
        match Exception::from_value(this(&args)) {
            Some(e) => {
                let args = e.args();
                if e.is_instance(&vm.exc.key_error.clone()) && args.len() == 1 {
                    return Ok(Value::str(vm.repr(&args[0])?));
                }
                Ok(Value::str(match args.len() {
                    0 => String::new(),
                    1 => vm.str(&args[0])?,
                    _ => vm.repr(&Value::tuple(args))?,
                }))
            }
            None => Ok(Value::str("")),
        }
    });
    // `OSError(errno, strerror[, filename[, winerror[, filename2]]])`: with 2 to 5
    // arguments the fields are set and `args` keeps the first two, as in CPython.
    add_method(&exc.os_error, "__init__", |_vm, args| {
        if let Some(e) = Exception::from_value(this(&args)) {
            let rest = args.positional.get(1..).unwrap_or(&[]).to_vec();
            let arg = |i: usize| rest.get(i).cloned().unwrap_or_default();
            let (errno, strerror, filename, filename2) = if (2..=5).contains(&rest.len()) {
                (arg(0), arg(1), arg(2), arg(4))
            } else {
                Default::default()
            };
            let kept = if (3..=5).contains(&rest.len()) {
                rest[..2].to_vec()
            } else {
                rest
            };
            e.with_state(|s| s.args = kept);
            crate::exceptions::set_os_error_attrs(&e, errno, strerror, filename, filename2);
        }
        Ok(Value::None)
    });
    // `ImportError(msg, name=..., path=...)`.
    add_method(&exc.import_error, "__init__", |vm, args| {
        if let Some(e) = Exception::from_value(this(&args)) {
            let rest = args.positional.get(1..).unwrap_or(&[]).to_vec();
            e.with_state(|s| s.args = rest);
            for (key, value) in args.keywords {
                match key.as_str() {
                    "name" | "path" => {
                        e.0.dict
                            .borrow_mut()
                            .insert_str(key.as_str(), value.clone())
                    }
                    other => {
                        return Err(vm.type_error(format!(
                            "'{other}' is an invalid keyword argument for ImportError()"
                        )))
                    }
                }
            }
        }
        Ok(Value::None)
    });
    add_method(&exc.os_error, "__str__", |vm, args| {
        let Some(e) = Exception::from_value(this(&args)) else {
            return Ok(Value::str(""));
        };
        let attr = |name: &str| e.0.dict.borrow().get(name).cloned().unwrap_or_default();
        let (errno, strerror) = (attr("errno"), attr("strerror"));
        let (filename, filename2) = (attr("filename"), attr("filename2"));
        if !filename.is_none() {
            let head = format!("[Errno {}] {}: ", vm.str(&errno)?, vm.str(&strerror)?);
            let name = vm.repr(&filename)?;
            if !filename2.is_none() {
                let name2 = vm.repr(&filename2)?;
                return Ok(Value::str(format!("{head}{name} -> {name2}")));
            }
            return Ok(Value::str(format!("{head}{name}")));
        }
        if !errno.is_none() && !strerror.is_none() {
            let text = format!("[Errno {}] {}", vm.str(&errno)?, vm.str(&strerror)?);
            return Ok(Value::str(text));
        }
        let args = e.args();
        Ok(Value::str(match args.len() {
            0 => String::new(),
            1 => vm.str(&args[0])?,
            _ => vm.repr(&Value::tuple(args))?,
        }))
    });
    add_method(be, "__repr__", |vm, args| {
        let v = this(&args).clone();
        let Some(e) = Exception::from_value(&v) else {
            return Ok(Value::str(""));
        };
        let exc_args = e.args();
        let name = e.class().name.clone();
        let inner = if exc_args.len() == 1 {
            vm.repr(&exc_args[0])?
        } else {
            let mut parts = Vec::new();
            for a in &exc_args {
                parts.push(vm.repr(a)?);
            }
            parts.join(", ")
        };
        Ok(Value::str(format!("{name}({inner})")))
    });
    add_method(be, "with_traceback", |_vm, args| Ok(this(&args).clone()));
    add_method(be, "add_note", |_vm, _args| Ok(Value::None));

    let p = &t.property;
    for (name, which) in [("getter", 0), ("setter", 1), ("deleter", 2)] {
        add_method_closure(p, name, move |vm, args| {
            let (Some(Value::Property(prop)), Some(f)) = (args.get(0), args.get(1)) else {
                return Err(vm.type_error(format!("property.{name}() expects a function")));
            };
            let mut new = Property {
                getter: prop.getter.clone(),
                setter: prop.setter.clone(),
                deleter: prop.deleter.clone(),
                doc: prop.doc.clone(),
            };
            match which {
                0 => new.getter = Some(f.clone()),
                1 => new.setter = Some(f.clone()),
                _ => new.deleter = Some(f.clone()),
            }
            Ok(Value::Property(Rc::new(new)))
        });
    }
    add_method(p, "__get__", |vm, args| {
        let (Some(Value::Property(prop)), Some(obj)) = (args.get(0), args.get(1)) else {
            return Err(vm.type_error("__get__ expects an instance"));
        };
        match &prop.getter {
            Some(g) => {
                let (g, obj) = (g.clone(), obj.clone());
                vm.call(&g, &[obj], &[])
            }
            None => Err(vm.attribute_error("unreadable attribute")),
        }
    });

    let g = &t.generator;
    add_method(g, "__next__", |vm, args| {
        let it = this(&args).clone();
        match vm.next(&it)? {
            Some(v) => Ok(v),
            None => Err(vm.stop_iteration(None)),
        }
    });
    add_method(g, "__iter__", |_vm, args| Ok(this(&args).clone()));
    add_method(g, "send", |vm, args| {
        let Value::Generator(gen) = this(&args) else {
            return Err(vm.type_error("send() on non-generator"));
        };
        let gen = gen.clone();
        let sent = args.get(1).cloned().unwrap_or_default();
        match vm.resume_generator(&gen, sent)? {
            GenStep::Yielded(v) => Ok(v),
            GenStep::Returned(v) => {
                Err(vm.stop_iteration(if v.is_none() { None } else { Some(v) }))
            }
        }
    });
    add_method(g, "close", |vm, args| {
        if let Value::Generator(gen) = this(&args) {
            vm.close_generator(&gen.clone())?;
        }
        Ok(Value::None)
    });
    add_method(g, "throw", |vm, args| {
        let Some(v) = args.get(1).cloned() else {
            return Err(vm.type_error("throw expected at least 1 argument, got 0"));
        };
        let exc = vm.make_exception(&v)?;
        let Value::Generator(gen) = this(&args) else {
            return Err(exc);
        };
        match vm.throw_into_generator(&gen.clone(), exc)? {
            GenStep::Yielded(v) => Ok(v),
            GenStep::Returned(v) => {
                Err(vm.stop_iteration(if v.is_none() { None } else { Some(v) }))
            }
        }
    });
}
