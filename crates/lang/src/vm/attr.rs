//! Attribute access: `obj.name`, `obj.name = v`, `del obj.name`, with CPython's descriptor
//! rules (properties are data descriptors, functions bind to instances, `staticmethod` and
//! `classmethod` wrap), instance dicts, `__getattr__` fallbacks, and the special attributes
//! (`__name__`, `__class__`, `__dict__`, exception `args`, ...) programs commonly read.

use std::cell::RefCell;
use std::rc::Rc;

use super::Vm;
use crate::exceptions::Exception;
use crate::value::{Class, ClassKind, Instance, Name, PyResult, Value};

impl<'h> Vm<'h> {
    /// `getattr(obj, name)`.
    pub fn get_attr(&mut self, obj: &Value, name: &Name) -> PyResult {
        match self.get_attr_opt(obj, name)? {
            Some(v) => Ok(v),
            None => Err(self.no_attribute(obj, name.as_str())),
        }
    }

    /// `getattr(obj, name)` by `&str`.
    pub fn get_attr_str(&mut self, obj: &Value, name: &str) -> PyResult {
        self.get_attr(obj, &crate::value::name(name))
    }

    /// The AttributeError CPython raises for a missing attribute.
    pub fn no_attribute(&self, obj: &Value, name: &str) -> Exception {
        match obj {
            Value::Class(c) => self.attribute_error(format!(
                "type object '{}' has no attribute '{name}'",
                c.name
            )),
            Value::Module(m) => {
                self.attribute_error(format!("module '{}' has no attribute '{name}'", m.name))
            }
            _ => {
                let tn = self.type_name(obj);
                self.attribute_error(format!("'{tn}' object has no attribute '{name}'"))
            }
        }
    }

    /// Attribute lookup that reports absence as `None` instead of raising.
    pub fn get_attr_opt(&mut self, obj: &Value, name: &Name) -> PyResult<Option<Value>> {
        let attr = name.as_str();
        match obj {
            Value::Instance(inst) => {
                let class = inst.class.clone();
                let descr = self.class_lookup(&class, name);
                if let Some(Value::Property(p)) = &descr {
                    return match &p.getter {
                        Some(g) => {
                            let g = g.clone();
                            self.call(&g, std::slice::from_ref(obj), &[]).map(Some)
                        }
                        None => Err(self.attribute_error(format!(
                            "property '{attr}' of '{}' object has no getter",
                            class.name
                        ))),
                    };
                }
                // A data descriptor (its type defines `__set__` or `__delete__`) comes
                // before the instance dict.
                if let Some(d) = descr.as_ref().filter(|d| is_data_descriptor(d)) {
                    if let Some(got) = self.descriptor_get(d, obj, &class)? {
                        return Ok(Some(got));
                    }
                }
                if let Some(v) = inst.dict.borrow().get_name(name) {
                    return Ok(Some(v.clone()));
                }
                if let Some(d) = descr {
                    if let Some(bound) = self.descriptor_get(&d, obj, &class)? {
                        return Ok(Some(bound));
                    }
                    return Ok(Some(self.bind_method(obj, d)));
                }
                if let Some(v) = self.instance_special_attr(obj, inst, attr) {
                    return Ok(Some(v));
                }
                let getattr_name = self.dunders.getattr.clone();
                if let Some(getattr) = self.class_lookup(&class, &getattr_name) {
                    let r = self.call_method_value(&getattr, obj, &[Value::Str(name.clone())]);
                    return match r {
                        Ok(v) => Ok(Some(v)),
                        Err(e) if e.is_instance(&self.exc.attribute_error.clone()) => Err(e),
                        Err(e) => Err(e),
                    };
                }
                Ok(None)
            }
            Value::Class(cls) => self.class_attr(cls, attr),
            Value::Module(m) => {
                if let Some(value) = m.get(attr) {
                    return Ok(Some(value));
                }
                if attr == "__dict__" {
                    // A snapshot of the namespace (CPython's is live; programs read it, as
                    // `typing.get_type_hints` does to resolve forward references).
                    let mut attrs = crate::value::AttrMap::new();
                    for (name, value) in m.attributes() {
                        attrs.insert(name, value);
                    }
                    return Ok(Some(self.attrs_to_dict(&attrs)));
                }
                // PEP 562: a module's `__getattr__` supplies missing attributes (its
                // AttributeError, with its own message, says one is absent).
                match m.get("__getattr__").filter(|_| attr != "__getattr__") {
                    Some(hook) => self.call(&hook, &[Value::str(attr)], &[]).map(Some),
                    None => Ok(None),
                }
            }
            Value::Code(code) => Ok(code_attr(code, attr)),
            Value::Super(s) => {
                let start_after = s.class.clone();
                let receiver = s.receiver.clone();
                // `super(C, obj)` searches `type(obj)`'s MRO; `super(C, cls)` in a class method,
                // where `cls` is `C` or a subclass, searches `cls`'s own (a metaclass's methods
                // receive a class that is an instance, not a subclass, of `C`).
                let on_class = matches!(&receiver, Value::Class(c) if c.is_subclass(&start_after));
                let owner = match &receiver {
                    Value::Class(c) if on_class => c.clone(),
                    other => self.class_of(other),
                };
                let mro = owner.mro_iter_rc(&owner);
                let pos = mro
                    .iter()
                    .position(|c| Rc::ptr_eq(c, &start_after))
                    .map_or(mro.len(), |p| p + 1);
                for c in &mro[pos..] {
                    let found = c.dict.borrow().get(attr).cloned();
                    if let Some(v) = found {
                        return Ok(Some(match (&receiver, v) {
                            (Value::Class(_), Value::Function(f)) if on_class => Value::Function(f),
                            (_, Value::Property(p)) => match &p.getter {
                                Some(g) => {
                                    let g = g.clone();
                                    self.call(&g, std::slice::from_ref(&receiver), &[])?
                                }
                                None => Value::None,
                            },
                            (Value::Class(cls), Value::ClassMethod(inner)) if on_class => {
                                Value::BoundMethod(Rc::new(crate::value::BoundMethod {
                                    receiver: Value::Class(cls.clone()),
                                    func: (*inner).clone(),
                                }))
                            }
                            (_, other) => self.bind_method(&receiver, other),
                        }));
                    }
                }
                Ok(None)
            }
            Value::Function(f) => Ok(match attr {
                "__name__" => Some(Value::str(f.name.borrow().clone())),
                // Set by the program (`functools.wraps` copies them), or the function's own.
                "__qualname__" | "__module__" | "__doc__" if f.dict.borrow().contains(attr) => {
                    f.dict.borrow().get(attr).cloned()
                }
                "__qualname__" => Some(Value::str(f.qualname.clone())),
                "__module__" => Some(Value::str(&*f.globals.module_name)),
                "__doc__" => Some(f.doc.clone().unwrap_or_default()),
                "__defaults__" => Some(if f.defaults.is_empty() {
                    Value::None
                } else {
                    Value::tuple(f.defaults.clone())
                }),
                "__kwdefaults__" if f.kwdefaults.is_empty() => Some(Value::None),
                "__kwdefaults__" => {
                    let d = crate::value::Dict::new();
                    let dict = Value::Dict(Rc::new(RefCell::new(d)));
                    for (k, v) in &f.kwdefaults {
                        self.set_item(&dict, &Value::Str(k.clone()), v.clone())?;
                    }
                    Some(dict)
                }
                "__code__" => Some(Value::Code(f.code.clone())),
                // The descriptor protocol: `f.__get__(obj)` is `f` bound to `obj`.
                "__get__" => {
                    let function = obj.clone();
                    Some(crate::host::native_function_closure(
                        "__get__",
                        move |vm, args| match args.get(0) {
                            None => Err(vm.type_error("__get__(None, None) is invalid")),
                            Some(instance) if instance.is_none() => Ok(function.clone()),
                            Some(instance) => {
                                Ok(Value::BoundMethod(Rc::new(crate::value::BoundMethod {
                                    receiver: instance.clone(),
                                    func: function.clone(),
                                })))
                            }
                        },
                    ))
                }
                // Made empty on first read, as CPython does.
                "__annotations__" if !f.dict.borrow().contains(attr) => {
                    let empty = Value::Dict(Rc::new(RefCell::new(crate::value::Dict::new())));
                    f.dict.borrow_mut().insert_str(attr, empty.clone());
                    Some(empty)
                }
                "__dict__" => {
                    let d = self.attrs_to_dict(&f.dict.borrow());
                    Some(d)
                }
                _ => match f.dict.borrow().get(attr) {
                    Some(v) => Some(v.clone()),
                    None => self.type_method(obj, attr),
                },
            }),
            Value::BoundMethod(bm) => Ok(match attr {
                "__self__" => Some(bm.receiver.clone()),
                "__func__" => Some(bm.func.clone()),
                _ => {
                    let func = bm.func.clone();
                    return self.get_attr_opt(&func, name);
                }
            }),
            Value::NativeFunction(nf) => Ok(match attr {
                "__name__" => Some(Value::str(nf.name.clone())),
                "__qualname__" => Some(Value::str(match &nf.owner {
                    Some(o) if nf.binds => format!("{o}.{}", nf.name),
                    _ => nf.name.clone(),
                })),
                "__doc__" => Some(Value::None),
                "__module__" => Some(Value::str("builtins")),
                _ => self.type_method(obj, attr),
            }),
            Value::Property(p) => Ok(match attr {
                "fget" => Some(p.getter.clone().unwrap_or_default()),
                "fset" => Some(p.setter.clone().unwrap_or_default()),
                "fdel" => Some(p.deleter.clone().unwrap_or_default()),
                "__doc__" => Some(p.doc.clone().unwrap_or_default()),
                _ => self.type_method(obj, attr),
            }),
            Value::StaticMethod(inner) | Value::ClassMethod(inner) => Ok(match attr {
                "__func__" => Some((**inner).clone()),
                _ => self.type_method(obj, attr),
            }),
            Value::Generator(g) => Ok(match attr {
                "__name__" => Some(Value::str(g.name.clone())),
                "__qualname__" => Some(Value::str(g.qualname.clone())),
                _ => self.type_method(obj, attr),
            }),
            Value::Int(_) | Value::BigInt(_) | Value::Bool(_) => Ok(match attr {
                "real" | "numerator" => Some(match obj {
                    Value::Bool(b) => Value::Int(*b as i64),
                    other => other.clone(),
                }),
                "imag" => Some(Value::Int(0)),
                "denominator" => Some(Value::Int(1)),
                _ => self.type_method(obj, attr),
            }),
            Value::Float(x) => Ok(match attr {
                "real" => Some(Value::Float(*x)),
                "imag" => Some(Value::Float(0.0)),
                _ => self.type_method(obj, attr),
            }),
            Value::Complex(z) => Ok(match attr {
                "real" => Some(Value::Float(z.re)),
                "imag" => Some(Value::Float(z.im)),
                _ => self.type_method(obj, attr),
            }),
            Value::Slice(s) => Ok(match attr {
                "start" => Some(s.start.clone()),
                "stop" => Some(s.stop.clone()),
                "step" => Some(s.step.clone()),
                _ => self.type_method(obj, attr),
            }),
            Value::Range(r) => Ok(match attr {
                "start" => Some(Value::Int(r.start)),
                "stop" => Some(Value::Int(r.stop)),
                "step" => Some(Value::Int(r.step)),
                _ => self.type_method(obj, attr),
            }),
            _ => Ok(self.type_method(obj, attr)),
        }
        .map(|v| v.or_else(|| self.common_special_attr(obj, attr)))
    }

    /// `__class__` and `__doc__`, which every object has.
    fn common_special_attr(&self, obj: &Value, attr: &str) -> Option<Value> {
        match attr {
            "__class__" => Some(Value::Class(self.class_of(obj))),
            _ => None,
        }
    }

    /// A method of a builtin type bound to `obj` (`"a".upper`), if the type has it.
    fn type_method(&self, obj: &Value, attr: &str) -> Option<Value> {
        let cls = self.class_of(obj);
        let v = cls.lookup(attr)?;
        Some(self.bind_method(obj, v))
    }

    fn instance_special_attr(
        &mut self,
        obj: &Value,
        inst: &crate::value::Instance,
        attr: &str,
    ) -> Option<Value> {
        match attr {
            "__dict__" => return Some(self.attrs_to_dict(&inst.dict.borrow())),
            "__class__" => return Some(Value::Class(inst.class.clone())),
            _ => {}
        }
        let exc = Exception::from_value(obj)?;
        Some(match attr {
            "args" => Value::tuple(exc.args()),
            "__cause__" => exc.with_state(|s| s.cause.clone()).unwrap_or_default(),
            "__context__" => exc.with_state(|s| s.context.clone()).unwrap_or_default(),
            "__suppress_context__" => Value::Bool(exc.with_state(|s| s.suppress_context)),
            "__traceback__" => Value::None,
            "value" if exc.is_instance(&self.exc.stop_iteration.clone()) => {
                exc.args().first().cloned().unwrap_or_default()
            }
            "code" if exc.is_instance(&self.exc.system_exit.clone()) => {
                exc.args().first().cloned().unwrap_or_default()
            }
            "msg" if exc.is_instance(&self.exc.syntax_error.clone()) => {
                exc.args().first().cloned().unwrap_or_default()
            }
            // Set at construction (`set_os_error_attrs`); None when built otherwise.
            "errno" | "strerror" | "filename" | "filename2"
                if exc.is_instance(&self.exc.os_error.clone()) =>
            {
                Value::None
            }
            "name"
                if exc.is_instance(&self.exc.name_error.clone())
                    || exc.is_instance(&self.exc.import_error.clone()) =>
            {
                Value::None
            }
            _ => return None,
        })
    }

    fn class_attr(&mut self, cls: &Rc<Class>, attr: &str) -> PyResult<Option<Value>> {
        match attr {
            // A name assigned after creation (`cls.__name__ = ...`) is kept in the dict;
            // the qualname and reprs keep the name the class was made with, as in CPython.
            "__name__" => {
                // (A descriptor there, like a property, serves instances instead.)
                let assigned = cls.dict.borrow().get("__name__").cloned();
                return Ok(Some(match assigned {
                    Some(name @ Value::Str(_)) => name,
                    _ => Value::str(cls.name.clone()),
                }));
            }
            "__qualname__" => return Ok(Some(Value::str(cls.qualname.clone()))),
            "__module__" => return Ok(Some(Value::str(cls.module.clone()))),
            "__bases__" => {
                return Ok(Some(Value::tuple(
                    cls.bases.iter().map(|b| Value::Class(b.clone())).collect(),
                )));
            }
            "__base__" => {
                return Ok(Some(
                    cls.bases
                        .first()
                        .map_or(Value::None, |b| Value::Class(b.clone())),
                ))
            }
            "__mro__" => {
                return Ok(Some(Value::tuple(
                    cls.mro_iter_rc(cls).into_iter().map(Value::Class).collect(),
                )));
            }
            "__dict__" => return Ok(Some(self.attrs_to_dict(&cls.dict.borrow()))),
            "__class__" => {
                return Ok(Some(Value::Class(
                    self.class_of(&Value::Class(cls.clone())),
                )))
            }
            _ => {}
        }
        // A property of the metaclass (`EnumType.__members__`) is a data descriptor: it
        // takes precedence over the class's own attributes, as in CPython.
        if let Some(Value::Property(p)) = self.metaclass_method(cls, attr) {
            let Some(getter) = p.getter.clone() else {
                return Err(self.attribute_error(format!("property '{attr}' has no getter")));
            };
            return self
                .call(&getter, &[Value::Class(cls.clone())], &[])
                .map(Some);
        }
        match cls.lookup(attr) {
            Some(Value::ClassMethod(inner)) => Ok(Some(Value::BoundMethod(Rc::new(
                crate::value::BoundMethod {
                    receiver: Value::Class(cls.clone()),
                    func: (*inner).clone(),
                },
            )))),
            Some(Value::StaticMethod(inner)) => Ok(Some((*inner).clone())),
            Some(v) => Ok(Some(v)),
            None => {
                if attr == "__doc__" {
                    return Ok(Some(Value::None));
                }
                if attr == "__init__" || attr == "__new__" {
                    return Ok(self.types.object.lookup(attr));
                }
                if let Some(method) = self.metaclass_method(cls, attr) {
                    return Ok(Some(self.bind_method(&Value::Class(cls.clone()), method)));
                }
                // Methods of `type` itself (`cls.mro()`).
                Ok(self
                    .types
                    .type_
                    .lookup(attr)
                    .map(|m| self.bind_method(&Value::Class(cls.clone()), m)))
            }
        }
    }

    /// `obj.name` on an instance, when it is simply an entry of the instance dict (the class
    /// has no data descriptor of that name): the value, or `None` to take [`Vm::get_attr`].
    #[inline]
    pub(crate) fn instance_attr_fast(&mut self, inst: &Instance, name: &Name) -> Option<Value> {
        let dict_first = self.with_class_attr(&inst.class, name, |descr| {
            !descr.is_some_and(is_data_descriptor)
        });
        if !dict_first {
            return None;
        }
        inst.dict.borrow().get_name(name).cloned()
    }

    /// `obj.name = value` on an instance whose class has neither a property `name` nor its
    /// own `__setattr__`: stores into the instance dict. Gives the value back otherwise, for
    /// [`Vm::set_attr`].
    #[inline]
    pub(crate) fn instance_store_fast(
        &mut self,
        inst: &Instance,
        name: &Name,
        value: Value,
    ) -> Result<(), Value> {
        if self.plain_instance_store(&inst.class, name) {
            inst.dict.borrow_mut().set(name, value);
            Ok(())
        } else {
            Err(value)
        }
    }

    /// A class attribute that is an object whose type defines `__get__` (a non-data
    /// descriptor, such as a host's decorator object): `type(d).__get__(d, obj, owner)`, as
    /// CPython binds it on instance attribute access. `None` for other attributes.
    fn descriptor_get(
        &mut self,
        descriptor: &Value,
        obj: &Value,
        owner: &Rc<Class>,
    ) -> PyResult<Option<Value>> {
        let Value::Instance(inst) = descriptor else {
            return Ok(None);
        };
        let Some(get) = self.class_lookup(&inst.class, &crate::value::name("__get__")) else {
            return Ok(None);
        };
        let owner = Value::Class(owner.clone());
        self.call_method_value(&get, descriptor, &[obj.clone(), owner])
            .map(Some)
    }

    /// The method `LoadMethod` can call without binding: a function found on the type and
    /// not shadowed by the instance dict.
    pub(crate) fn lookup_method(&mut self, obj: &Value, name: &Name) -> PyResult<Option<Value>> {
        match obj {
            Value::Instance(inst) => {
                let found = self.class_lookup(&inst.class, name);
                match found {
                    Some(f @ Value::Function(_)) => {
                        if inst.dict.borrow().get_name(name).is_some() {
                            return Ok(None);
                        }
                        Ok(Some(f))
                    }
                    Some(Value::NativeFunction(nf)) if nf.binds => {
                        if inst.dict.borrow().get_name(name).is_some() {
                            return Ok(None);
                        }
                        Ok(Some(Value::NativeFunction(nf)))
                    }
                    _ => Ok(None),
                }
            }
            Value::Class(_) | Value::Module(_) | Value::Super(_) | Value::Function(_) => Ok(None),
            _ => {
                let cls = self.class_of(obj);
                match self.class_lookup(&cls, name) {
                    Some(Value::NativeFunction(nf)) if nf.binds => {
                        Ok(Some(Value::NativeFunction(nf)))
                    }
                    _ => Ok(None),
                }
            }
        }
    }

    /// `setattr(obj, name, value)`.
    pub fn set_attr(&mut self, obj: &Value, name: &Name, value: Value) -> PyResult<()> {
        let attr = name.as_str();
        match obj {
            Value::Instance(inst) => {
                let class = inst.class.clone();
                let descr = self.class_lookup(&class, name);
                if let Some(Value::Property(p)) = &descr {
                    return match &p.setter {
                        Some(s) => {
                            let s = s.clone();
                            self.call(&s, &[obj.clone(), value], &[]).map(|_| ())
                        }
                        None => Err(self.attribute_error(format!(
                            "property '{attr}' of '{}' object has no setter",
                            class.name
                        ))),
                    };
                }
                if let Some(Value::Instance(d)) = &descr {
                    if let Some(set) = d.class.lookup("__set__") {
                        let d = descr.clone().unwrap_or_default();
                        return self
                            .call_method_value(&set, &d, &[obj.clone(), value])
                            .map(|_| ());
                    }
                }
                let setattr_name = self.dunders.setattr.clone();
                if let Some(setattr) = self.class_lookup(&class, &setattr_name) {
                    if !matches!(&setattr, Value::NativeFunction(nf) if nf.owner.as_deref() == Some("object"))
                    {
                        self.call_method_value(&setattr, obj, &[Value::Str(name.clone()), value])?;
                        return Ok(());
                    }
                }
                inst.dict.borrow_mut().insert(name.clone(), value);
                Ok(())
            }
            Value::Class(cls) => {
                if cls.immutable {
                    return Err(self.type_error(format!(
                        "cannot set '{attr}' attribute of immutable type '{}'",
                        cls.name
                    )));
                }
                cls.dict.borrow_mut().insert(name.clone(), value);
                Ok(())
            }
            Value::Module(m) => {
                m.set(name.as_str(), value);
                Ok(())
            }
            Value::Function(f) => {
                if attr == "__name__" {
                    if let Value::Str(s) = &value {
                        *f.name.borrow_mut() = s.as_str().to_string();
                        return Ok(());
                    }
                    return Err(self.type_error("__name__ must be set to a string object"));
                }
                f.dict.borrow_mut().insert(name.clone(), value);
                Ok(())
            }
            _ => {
                let tn = self.type_name(obj);
                let has = self.class_of(obj).lookup(attr).is_some();
                if has {
                    Err(self
                        .attribute_error(format!("'{tn}' object attribute '{attr}' is read-only")))
                } else {
                    Err(self.attribute_error(format!("'{tn}' object has no attribute '{attr}'")))
                }
            }
        }
    }

    /// `delattr(obj, name)`.
    pub fn del_attr(&mut self, obj: &Value, name: &Name) -> PyResult<()> {
        let attr = name.as_str();
        match obj {
            Value::Instance(inst) => {
                if let Some(Value::Property(p)) = inst.class.lookup(attr) {
                    return match &p.deleter {
                        Some(d) => {
                            let d = d.clone();
                            self.call(&d, std::slice::from_ref(obj), &[]).map(|_| ())
                        }
                        None => Err(self.attribute_error(format!(
                            "property '{attr}' of '{}' object has no deleter",
                            inst.class.name
                        ))),
                    };
                }
                if let Some(delattr) = inst.class.lookup("__delattr__") {
                    self.call_method_value(&delattr, obj, &[Value::Str(name.clone())])?;
                    return Ok(());
                }
                if inst.dict.borrow_mut().remove(attr).is_none() {
                    return Err(self.no_attribute(obj, attr));
                }
                Ok(())
            }
            Value::Class(cls) if !cls.immutable => {
                if cls.dict.borrow_mut().remove(attr).is_none() {
                    return Err(self.no_attribute(obj, attr));
                }
                Ok(())
            }
            Value::Module(m) => {
                if !m.remove(attr) {
                    return Err(self.no_attribute(obj, attr));
                }
                Ok(())
            }
            Value::Function(f) => {
                if f.dict.borrow_mut().remove(attr).is_none() {
                    return Err(self.no_attribute(obj, attr));
                }
                Ok(())
            }
            _ => Err(self.no_attribute(obj, attr)),
        }
    }

    /// A dict snapshot of an attribute map (`obj.__dict__`, `vars(obj)`).
    pub(crate) fn attrs_to_dict(&self, attrs: &crate::value::AttrMap) -> Value {
        let mut d = crate::value::Dict::new();
        for (k, v) in attrs.iter() {
            d.set_str(k.as_str(), v.clone());
        }
        Value::Dict(Rc::new(std::cell::RefCell::new(d)))
    }

    /// Whether `cls` is a class whose instances are plain objects (user or host classes).
    pub fn is_user_class(cls: &Class) -> bool {
        matches!(cls.kind, ClassKind::Object | ClassKind::Exception)
    }
}

/// Whether a class attribute is a data descriptor: a property, or an object whose type
/// defines `__set__` or `__delete__`. These win over the instance dict, in reads and writes.
pub(crate) fn is_data_descriptor(attr: &Value) -> bool {
    match attr {
        Value::Property(_) => true,
        Value::Instance(inst) => {
            inst.class.lookup("__set__").is_some() || inst.class.lookup("__delete__").is_some()
        }
        _ => false,
    }
}

/// The `co_*` attributes of a function's `__code__` that `inspect` reads.
fn code_attr(code: &crate::compile::code::Code, attr: &str) -> Option<Value> {
    let names = |ns: &[Name]| Value::tuple(ns.iter().map(|n| Value::Str(n.clone())).collect());
    Some(match attr {
        "co_name" => Value::Str(code.name.clone()),
        "co_qualname" => Value::str(code.qualname.clone()),
        "co_filename" => Value::str(&*code.filename),
        "co_firstlineno" => Value::Int(i64::from(code.first_line)),
        "co_argcount" => Value::Int(i64::from(code.arg_count)),
        "co_posonlyargcount" => Value::Int(i64::from(code.posonly_count)),
        "co_kwonlyargcount" => Value::Int(i64::from(code.kwonly_count)),
        "co_nlocals" => Value::Int(code.varnames.len() as i64),
        "co_varnames" => names(&code.varnames),
        "co_cellvars" => names(&code.cellvars),
        "co_freevars" => names(&code.freevars),
        "co_names" => names(&code.names),
        // CO_OPTIMIZED | CO_NEWLOCALS, CO_VARARGS, CO_VARKEYWORDS, CO_GENERATOR.
        "co_flags" => Value::Int(
            3 | if code.has_varargs { 4 } else { 0 }
                | if code.has_varkw { 8 } else { 0 }
                | if code.is_generator { 0x20 } else { 0 },
        ),
        _ => return None,
    })
}
