//! Classes: the C3 method resolution order, `class` statements, and the type of any value.

use std::cell::RefCell;
use std::rc::Rc;

use super::{FrameExit, Vm};
use crate::value::{AttrMap, BuiltinType, Class, ClassKind, Name, PyResult, Value};

/// The C3 linearization of a class with these bases, excluding the class itself.
pub fn c3_mro(bases: &[Rc<Class>]) -> Result<Vec<Rc<Class>>, String> {
    let mut seqs: Vec<Vec<Rc<Class>>> = bases.iter().map(|b| b.mro_iter_rc(b)).collect();
    seqs.push(bases.to_vec());
    let mut out: Vec<Rc<Class>> = Vec::new();
    loop {
        seqs.retain(|s| !s.is_empty());
        if seqs.is_empty() {
            return Ok(out);
        }
        let mut chosen = None;
        for s in &seqs {
            let head = &s[0];
            let in_tail = seqs
                .iter()
                .any(|t| t[1..].iter().any(|c| Rc::ptr_eq(c, head)));
            if !in_tail {
                chosen = Some(head.clone());
                break;
            }
        }
        let Some(next) = chosen else {
            let names: Vec<String> = bases.iter().map(|b| b.name.clone()).collect();
            return Err(format!(
                "Cannot create a consistent method resolution order (MRO) for bases {}",
                names.join(", ")
            ));
        };
        for s in &mut seqs {
            if Rc::ptr_eq(&s[0], &next) {
                s.remove(0);
            }
        }
        out.push(next);
    }
}

impl Class {
    /// `[self] + mro` as shared handles (`me` is the `Rc` of `self`).
    pub fn mro_iter_rc(&self, me: &Rc<Class>) -> Vec<Rc<Class>> {
        let mut v = vec![me.clone()];
        v.extend(self.mro.iter().cloned());
        v
    }
}

impl<'h> Vm<'h> {
    /// The class of any value.
    pub fn class_of(&self, v: &Value) -> Rc<Class> {
        let t = &self.types;
        match v {
            Value::None => t.none_type.clone(),
            Value::NotImplemented => t.not_implemented_type.clone(),
            Value::Ellipsis => t.ellipsis.clone(),
            Value::Bool(_) => t.bool.clone(),
            Value::Int(_) | Value::BigInt(_) => t.int.clone(),
            Value::Float(_) => t.float.clone(),
            Value::Complex(_) => t.complex.clone(),
            Value::Str(_) => t.str.clone(),
            Value::Bytes(_) => t.bytes.clone(),
            Value::Tuple(_) => t.tuple.clone(),
            Value::List(_) => t.list.clone(),
            Value::Dict(_) => t.dict.clone(),
            Value::Set(_) => t.set.clone(),
            Value::FrozenSet(_) => t.frozenset.clone(),
            Value::Range(_) => t.range.clone(),
            Value::Slice(_) => t.slice.clone(),
            Value::Function(_) => t.function.clone(),
            Value::NativeFunction(f) if f.binds => t.method_descriptor.clone(),
            Value::NativeFunction(_) => t.builtin_function.clone(),
            Value::BoundMethod(_) => t.method.clone(),
            Value::Class(c) => c.meta.clone().unwrap_or_else(|| t.type_.clone()),
            Value::Instance(i) => i.class.clone(),
            Value::Module(_) => t.module.clone(),
            Value::Generator(_) => t.generator.clone(),
            Value::Iterator(it) => t.iterator_class(&it.borrow()),
            Value::Property(_) => t.property.clone(),
            Value::StaticMethod(_) => t.staticmethod.clone(),
            Value::ClassMethod(_) => t.classmethod.clone(),
            Value::Super(_) => t.super_.clone(),
            Value::DictView(view) => match view.kind {
                crate::value::DictViewKind::Keys => t.dict_keys.clone(),
                crate::value::DictViewKind::Values => t.dict_values.clone(),
                crate::value::DictViewKind::Items => t.dict_items.clone(),
            },
            Value::Code(_) | Value::Cell(_) => t.object.clone(),
        }
    }

    /// `type(v).__name__`, as error messages use it.
    pub fn type_name(&self, v: &Value) -> String {
        let class = self.class_of(v);
        if class.c_extension {
            return class.full_name();
        }
        class.name.clone()
    }

    /// `isinstance(v, cls)`.
    pub fn is_instance(&self, v: &Value, cls: &Class) -> bool {
        if let (Value::Bool(_), ClassKind::Builtin(BuiltinType::Int)) = (v, cls.kind) {
            return true;
        }
        self.class_of(v).is_subclass(cls)
    }

    /// The metaclass's own method `name`, for a class whose metaclass is a Python subclass of
    /// `type`: looked up along the metaclass's MRO, stopping before `type` (whose methods are
    /// the defaults every class has).
    pub fn metaclass_method(&self, cls: &Class, name: &str) -> Option<Value> {
        self.method_before_type(cls.meta.as_ref()?, name)
    }

    /// `name` as a metaclass `meta` defines it itself, not inheriting it from `type`.
    pub fn method_before_type(&self, meta: &Class, name: &str) -> Option<Value> {
        meta.mro_iter()
            .take_while(|c| !std::ptr::eq(*c, &*self.types.type_))
            .find_map(|c| c.dict.borrow().get(name).cloned())
    }

    /// The metaclass of a class with these bases and an optional explicit `metaclass=`: the
    /// most derived of them, as CPython's `_calculate_meta` picks it. `None` is `type`.
    pub(crate) fn winning_metaclass(
        &self,
        explicit: Option<Rc<Class>>,
        bases: &[Value],
    ) -> PyResult<Option<Rc<Class>>> {
        let mut winner = explicit.unwrap_or_else(|| self.types.type_.clone());
        for base in bases {
            let meta = self.class_of(base);
            if winner.is_subclass(&meta) {
                continue;
            }
            if meta.is_subclass(&winner) {
                winner = meta;
                continue;
            }
            return Err(self.type_error(
                "metaclass conflict: the metaclass of a derived class must be a (non-strict) \
                 subclass of the metaclasses of all its bases",
            ));
        }
        Ok((!Rc::ptr_eq(&winner, &self.types.type_)).then_some(winner))
    }

    /// Runs a `class` statement: the body function into a namespace, then the metaclass
    /// (`type` unless the statement or a base names another) on the name, bases and namespace.
    /// The other keywords go to the metaclass and on to the bases' `__init_subclass__`.
    pub(crate) fn build_class(
        &mut self,
        body: Value,
        name: Value,
        bases: Vec<Value>,
        mut keywords: Vec<(Name, Value)>,
    ) -> PyResult {
        let explicit = match keywords.iter().position(|(k, _)| k.as_str() == "metaclass") {
            Some(at) => match keywords.remove(at).1 {
                Value::Class(c) => Some(c),
                other => {
                    let tn = self.type_name(&other);
                    return Err(self.type_error(format!(
                        "metaclass must be a class in this playground, not {tn}"
                    )));
                }
            },
            None => None,
        };
        if let Some(meta) = &explicit {
            if !meta.is_subclass(&self.types.type_) {
                return Err(self.type_error(format!(
                    "metaclass={} is not a subclass of type, which this playground needs",
                    meta.name
                )));
            }
        }
        let (bases, orig_bases) = self.resolve_bases(bases)?;
        let meta = self.winning_metaclass(explicit, &bases)?;
        let Value::Function(body_fn) = body else {
            return Err(self.type_error("__build_class__: func must be a function"));
        };
        let name = match name {
            Value::Str(s) => s.as_str().to_string(),
            _ => return Err(self.type_error("__build_class__: name is not a string")),
        };
        let module = Value::str(self.top().globals.module_name.to_string());
        let qualname = Value::str(body_fn.qualname.clone());
        // A metaclass's `__prepare__` gives the mapping the body runs in.
        let prepare = meta
            .as_ref()
            .and_then(|m| self.method_before_type(m, "__prepare__"));
        if let (Some(prepare), Some(meta)) = (prepare, &meta) {
            let prepare = match prepare {
                Value::ClassMethod(f) | Value::StaticMethod(f) => (*f).clone(),
                other => other,
            };
            let args = [
                Value::Class(meta.clone()),
                Value::str(name.clone()),
                Value::tuple(bases.clone()),
            ];
            let mapping = self.call(&prepare, &args, &keywords)?;
            self.set_item(&mapping, &Value::str("__module__"), module)?;
            self.set_item(&mapping, &Value::str("__qualname__"), qualname)?;
            if let Some(orig) = orig_bases.clone() {
                self.set_item(&mapping, &Value::str("__orig_bases__"), orig)?;
            }
            let mut frame = self.new_frame(&body_fn, vec![None; body_fn.code.varnames.len()]);
            frame.namespace = Some(super::Namespace::Mapping(mapping.clone()));
            let cell = match self.run_frame(frame)? {
                FrameExit::Return(v) | FrameExit::Yield(v, _) => v,
            };
            if let Value::Cell(_) = cell {
                self.set_item(&mapping, &Value::str("__classcell__"), cell)?;
            }
            let args = [Value::str(name), Value::tuple(bases), mapping];
            return self.call(&Value::Class(meta.clone()), &args, &keywords);
        }
        let ns = Rc::new(RefCell::new(AttrMap::new()));
        ns.borrow_mut().insert_str("__module__", module);
        ns.borrow_mut().insert_str("__qualname__", qualname);
        if let Some(orig) = orig_bases {
            ns.borrow_mut().insert_str("__orig_bases__", orig);
        }
        let mut frame = self.new_frame(&body_fn, vec![None; body_fn.code.varnames.len()]);
        frame.namespace = Some(super::Namespace::Attrs(ns.clone()));
        let cell = match self.run_frame(frame)? {
            FrameExit::Return(v) => v,
            FrameExit::Yield(v, _) => v,
        };
        let mut dict = ns.borrow().clone();
        if let Value::Cell(_) = cell {
            dict.insert_str("__classcell__", cell);
        }
        match meta {
            None => {
                let class = self.create_class(None, name, &bases, dict, &keywords)?;
                Ok(Value::Class(class))
            }
            Some(meta) => {
                let args = [
                    Value::str(name),
                    Value::tuple(bases),
                    self.attrs_to_dict(&dict),
                ];
                self.call(&Value::Class(meta), &args, &keywords)
            }
        }
    }

    /// PEP 560's `__mro_entries__`: a base that is not a class (`Generic[T]`, `List[int]`,
    /// `NamedTuple`) names the classes that stand for it. With the bases, the original
    /// tuple when any was replaced (the class keeps it as `__orig_bases__`).
    fn resolve_bases(&mut self, bases: Vec<Value>) -> PyResult<(Vec<Value>, Option<Value>)> {
        if bases.iter().all(|b| matches!(b, Value::Class(_))) {
            return Ok((bases, None));
        }
        let original = Value::tuple(bases.clone());
        let mut replaced = false;
        let mut resolved = Vec::with_capacity(bases.len());
        for base in bases {
            if matches!(base, Value::Class(_)) {
                resolved.push(base);
                continue;
            }
            match self.get_attr_opt(&base, &crate::value::name("__mro_entries__"))? {
                Some(entries) => {
                    let entries = self.call(&entries, std::slice::from_ref(&original), &[])?;
                    let Value::Tuple(items) = entries else {
                        return Err(self.type_error("__mro_entries__ must return a tuple"));
                    };
                    resolved.extend(items.0.iter().cloned());
                    replaced = true;
                }
                None => resolved.push(base),
            }
        }
        Ok((resolved, replaced.then_some(original)))
    }

    /// `type.__new__(meta, name, bases, namespace, **keywords)`: checks the bases, computes
    /// the MRO, and makes the class; then fills `__class__` cells (`__classcell__`), calls
    /// `__set_name__` on the attributes that want their name, and the bases'
    /// `__init_subclass__` with `keywords`. `meta` is `None` for `type`.
    pub(crate) fn create_class(
        &mut self,
        meta: Option<Rc<Class>>,
        name: String,
        bases: &[Value],
        mut dict: AttrMap,
        keywords: &[(Name, Value)],
    ) -> PyResult<Rc<Class>> {
        let mut base_classes = Vec::new();
        for b in bases {
            match b {
                Value::Class(c) => {
                    if c.immutable
                        && !matches!(c.kind, ClassKind::Exception)
                        && !Rc::ptr_eq(c, &self.types.object)
                        && !Rc::ptr_eq(c, &self.types.type_)
                    {
                        if let ClassKind::Builtin(t) = c.kind {
                            if !crate::builtins::subclass::is_value_type(t) {
                                return Err(self.type_error(format!(
                                    "type '{}' is not an acceptable base type",
                                    c.name
                                )));
                            }
                        }
                    }
                    base_classes.push(c.clone());
                }
                _ => {
                    let tn = self.type_name(b);
                    return Err(self.type_error(format!("bases must be types, not {tn}")));
                }
            }
        }
        for (i, b) in base_classes.iter().enumerate() {
            if base_classes[..i].iter().any(|c| Rc::ptr_eq(c, b)) {
                return Err(self.type_error(format!("duplicate base class {}", b.name)));
            }
        }
        if base_classes.is_empty() {
            base_classes.push(self.types.object.clone());
        }
        // Instances hold at most one builtin value: two different value types conflict.
        let mut value_bases = base_classes
            .iter()
            .filter_map(|b| crate::builtins::subclass::value_base(b).map(|c| c as *const Class));
        if let Some(first) = value_bases.next() {
            if value_bases.any(|other| other != first) {
                return Err(self.type_error("multiple bases have instance lay-out conflict"));
            }
        }
        let mro = match c3_mro(&base_classes) {
            Ok(m) => m,
            Err(msg) => return Err(self.type_error(msg)),
        };
        let kind = if mro.iter().any(|c| c.kind == ClassKind::Exception) {
            ClassKind::Exception
        } else {
            ClassKind::Object
        };
        let qualname = match dict.remove("__qualname__") {
            Some(Value::Str(s)) => s.as_str().to_string(),
            _ => name.clone(),
        };
        let module = match dict.get("__module__") {
            Some(Value::Str(s)) => s.as_str().to_string(),
            _ => {
                let module = self.top().globals.module_name.to_string();
                dict.insert_str("__module__", Value::str(module.clone()));
                module
            }
        };
        let cell = dict.remove("__classcell__");
        // Every class has its own `__doc__` (a docstring is not inherited).
        if !dict.contains("__doc__") {
            dict.insert_str("__doc__", Value::None);
        }
        // Defining `__eq__` without `__hash__` makes instances unhashable.
        if dict.contains("__eq__") && !dict.contains("__hash__") {
            dict.insert_str("__hash__", Value::None);
        }
        // Plain functions named like special static/class methods behave as CPython's.
        for hook in ["__init_subclass__", "__class_getitem__"] {
            if let Some(Value::Function(f)) = dict.get(hook).cloned() {
                dict.insert_str(hook, Value::ClassMethod(Rc::new(Value::Function(f))));
            }
        }
        if let Some(Value::Function(f)) = dict.get("__new__").cloned() {
            dict.insert_str("__new__", Value::StaticMethod(Rc::new(Value::Function(f))));
        }
        let class = Rc::new(Class {
            name,
            qualname,
            module,
            bases: base_classes,
            mro,
            dict: crate::value::ClassDict::new(dict),
            kind,
            constructor: None,
            immutable: false,
            meta,
            c_extension: false,
        });
        if let Some(Value::Cell(c)) = cell {
            *c.borrow_mut() = Some(Value::Class(class.clone()));
        }
        // Attributes that want their name (`__set_name__`, descriptors such as
        // `functools.cached_property`), in definition order, before `__init_subclass__`.
        let attributes: Vec<(crate::value::Name, Value)> = class
            .dict
            .borrow()
            .iter()
            .filter(|(_, v)| matches!(v, Value::Instance(_)))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        for (attr, value) in attributes {
            let args = [Value::Class(class.clone()), Value::str(attr.as_str())];
            self.call_special(&value, "__set_name__", &args)?;
        }
        // `__init_subclass__` of a base.
        if let Some(hook) = class
            .mro
            .iter()
            .find_map(|c| c.dict.borrow().get("__init_subclass__").cloned())
        {
            let inner = match hook {
                Value::ClassMethod(inner) => (*inner).clone(),
                other => other,
            };
            self.call(&inner, &[Value::Class(class.clone())], keywords)?;
        }
        Ok(class)
    }
}
