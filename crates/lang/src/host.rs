//! The host interface: how an embedding crate (the TensorFlow engine) adds modules, native
//! functions and native classes to the language without lang knowing anything about them.
//!
//! A host implements [`Host::import_module`]: when a program imports a name lang does not
//! know (`tensorflow`, `tensorflow.compat.v1`, `numpy`), the host may return a module
//! it built with [`new_module`], [`native_function`] and [`ClassBuilder`]. Everything else is
//! done through the [`Vm`] the native code receives: calling back into Python
//! ([`Vm::call`]), raising ([`Vm::new_error`]), printing ([`Vm::write_stdout`],
//! [`Vm::write_stderr`]) and reading the user's call stack ([`Vm::call_stack`]).
//!
//! Native classes are ordinary classes whose class dict holds native functions: special
//! methods (`__add__`, `__radd__`, `__repr__`, `__getitem__`, `__enter__`, ...) are looked up
//! on the type exactly as for Python classes, so operators, reflection, `with`, iteration and
//! subclassing in Python all follow the same rules. Instances carry host data
//! ([`Value::native_data`], [`Value::downcast`]), set with [`set_native_data`] (typically in a
//! native `__init__`) or at creation with [`new_native_instance`].
//!
//! Subclassing a native class in Python works: the subclass's `__init__` can call
//! `super().__init__(**kwargs)` (which runs the native `__init__` on the Python instance and
//! sets its data), and Python methods override native ones. Limit: native code that creates
//! instances itself creates instances of the class it names, not of a Python subclass.

use std::any::Any;
use std::rc::Rc;

use crate::value::{
    Args, AttrMap, Class, ClassKind, Instance, Module, NativeBody, NativeFn, NativeFnPtr,
    NativeFunction, Property, PyResult, Value,
};
use crate::vm::Vm;

/// What the embedding crate provides to a run.
pub trait Host {
    /// The module named `name` (a full dotted name such as `tensorflow.compat.v1`), if this
    /// host provides it. Parents are imported first (`tensorflow` before
    /// `tensorflow.compat`). `Ok(None)` makes the import fail with CPython's
    /// `ModuleNotFoundError: No module named '...'`.
    fn import_module(&mut self, vm: &mut Vm<'_>, name: &str) -> PyResult<Option<Value>>;

    /// The Python source of module `name`, when the host has it as a file (a library
    /// written in Python, the program's own files) rather than as a native module; asked
    /// after [`Host::import_module`] declines. The interpreter runs it as CPython runs an
    /// imported file.
    fn module_source(&mut self, _name: &str) -> Option<ModuleSource> {
        None
    }

    /// Another full name the module `name` is imported as, when it is an alias (as
    /// TensorFlow's `tensorflow.keras` is the module `keras._tf_keras.keras`): asked first,
    /// the interpreter then imports that name and caches the module under both.
    fn module_alias(&mut self, _name: &str) -> Option<String> {
        None
    }
}

/// A module's source file, as a host finds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleSource {
    /// The path tracebacks show (`/lib/python3.11/heapq.py`).
    pub filename: String,
    pub source: String,
    /// A package (its `__init__.py`): its submodules are imported below its name.
    pub is_package: bool,
    /// Its frames are left out of tracebacks: a library module standing in for one CPython
    /// implements in C (`io`, `posix`), whose frames CPython's tracebacks never show.
    pub hide_frames: bool,
}

/// A host with no modules beyond lang's own (`math`, `sys`, ...).
pub struct NoHost;

impl Host for NoHost {
    fn import_module(&mut self, _vm: &mut Vm<'_>, _name: &str) -> PyResult<Option<Value>> {
        Ok(None)
    }
}

/// A new, empty module object; set attributes with [`Module::set`].
pub fn new_module(name: &str) -> Rc<Module> {
    Module::new(name)
}

/// A native function value (`def name(*args, **kwargs)` implemented in Rust).
pub fn native_function(name: &str, f: NativeFnPtr) -> Value {
    NativeFunction::value(name, f)
}

/// [`native_function`] over a closure that captures state.
pub fn native_function_closure(
    name: &str,
    f: impl Fn(&mut Vm<'_>, Args<'_>) -> PyResult + 'static,
) -> Value {
    NativeFunction::value_closure(name, f)
}

/// Creates an instance of a (native) class carrying `data`, without running `__init__`.
pub fn new_native_instance(class: &Rc<Class>, data: Rc<dyn Any>) -> Value {
    let inst = Instance::new(class.clone());
    *inst.native.borrow_mut() = Some(data);
    Value::Instance(Rc::new(inst))
}

/// Attaches host data to an instance (typically `self` in a native `__init__`).
pub fn set_native_data(instance: &Value, data: Rc<dyn Any>) -> bool {
    match instance {
        Value::Instance(inst) => {
            *inst.native.borrow_mut() = Some(data);
            true
        }
        _ => false,
    }
}

/// Builds a native class.
///
/// ```
/// use lang::host::ClassBuilder;
/// use lang::value::Value;
/// let point = ClassBuilder::new("Point", "geometry")
///     .method("__repr__", |_vm, _args| Ok(Value::str("Point()")))
///     .build();
/// assert_eq!(point.full_name(), "geometry.Point");
/// ```
pub struct ClassBuilder {
    name: String,
    qualname: String,
    module: String,
    bases: Vec<Rc<Class>>,
    dict: AttrMap,
    c_extension: bool,
}

impl ClassBuilder {
    /// A class named `name` in module `module` (its repr is `<class 'module.name'>`, and its
    /// exceptions print as `module.name: message` in tracebacks).
    pub fn new(name: &str, module: &str) -> ClassBuilder {
        ClassBuilder {
            name: name.to_string(),
            qualname: name.to_string(),
            module: module.to_string(),
            bases: Vec::new(),
            dict: AttrMap::new(),
            c_extension: false,
        }
    }

    /// Marks the class as standing for a C extension type (see [`Class::c_extension`]).
    pub fn c_extension(mut self) -> ClassBuilder {
        self.c_extension = true;
        self
    }

    /// Sets a qualified name different from the name (nested classes).
    pub fn qualname(mut self, qualname: &str) -> ClassBuilder {
        self.qualname = qualname.to_string();
        self
    }

    /// Adds a base class (a builtin exception class, another native class, ...).
    pub fn base(mut self, base: &Rc<Class>) -> ClassBuilder {
        self.bases.push(base.clone());
        self
    }

    /// A method: `args.positional[0]` is `self`.
    pub fn method(self, name: &str, f: NativeFnPtr) -> ClassBuilder {
        self.native_method(name, NativeBody::Plain(f))
    }

    /// [`ClassBuilder::method`] over a closure that captures state.
    pub fn method_closure(
        self,
        name: &str,
        f: impl Fn(&mut Vm<'_>, Args<'_>) -> PyResult + 'static,
    ) -> ClassBuilder {
        self.native_method(name, NativeBody::Closure(Rc::new(f)))
    }

    /// A method of this class over its body: compiled once for every method.
    #[inline(never)]
    fn native_method(mut self, name: &str, f: NativeBody) -> ClassBuilder {
        let method = NativeFunction::from_body(name, Some(&self.name), f);
        self.dict.insert_str(name, method);
        self
    }

    /// A static method (no `self`).
    pub fn static_method(self, name: &str, f: NativeFnPtr) -> ClassBuilder {
        self.wrapped_function(name, NativeBody::Plain(f), static_method)
    }

    /// [`ClassBuilder::static_method`] over a closure that captures state.
    pub fn static_method_closure(
        self,
        name: &str,
        f: impl Fn(&mut Vm<'_>, Args<'_>) -> PyResult + 'static,
    ) -> ClassBuilder {
        self.wrapped_function(name, NativeBody::Closure(Rc::new(f)), static_method)
    }

    /// A class method: `args.positional[0]` is the class.
    pub fn class_method(self, name: &str, f: NativeFnPtr) -> ClassBuilder {
        self.wrapped_function(name, NativeBody::Plain(f), class_method)
    }

    /// [`ClassBuilder::class_method`] over a closure that captures state.
    pub fn class_method_closure(
        self,
        name: &str,
        f: impl Fn(&mut Vm<'_>, Args<'_>) -> PyResult + 'static,
    ) -> ClassBuilder {
        self.wrapped_function(name, NativeBody::Closure(Rc::new(f)), class_method)
    }

    /// A static or class method over its body: `wrap` makes the function value a
    /// `staticmethod` or `classmethod`.
    #[inline(never)]
    fn wrapped_function(
        mut self,
        name: &str,
        f: NativeBody,
        wrap: fn(Value) -> Value,
    ) -> ClassBuilder {
        let function = NativeFunction::from_body(name, None, f);
        self.dict.insert_str(name, wrap(function));
        self
    }

    /// A read-only (or, with `setter`, writable) attribute computed natively. The getter
    /// receives `self` as its only argument; the setter `self` and the value.
    pub fn property(
        self,
        name: &str,
        getter: NativeFnPtr,
        setter: Option<NativeFnPtr>,
    ) -> ClassBuilder {
        self.native_property(
            name,
            NativeBody::Plain(getter),
            setter.map(NativeBody::Plain),
        )
    }

    /// [`ClassBuilder::property`] with a getter (and setter) that capture state.
    pub fn property_closure(
        self,
        name: &str,
        getter: impl Fn(&mut Vm<'_>, Args<'_>) -> PyResult + 'static,
        setter: Option<Box<NativeFn>>,
    ) -> ClassBuilder {
        let setter = setter.map(|s| NativeBody::Closure(Rc::from(s)));
        self.native_property(name, NativeBody::Closure(Rc::new(getter)), setter)
    }

    /// A property over its bodies: compiled once for every property.
    #[inline(never)]
    fn native_property(
        mut self,
        name: &str,
        getter: NativeBody,
        setter: Option<NativeBody>,
    ) -> ClassBuilder {
        let prop = Property {
            getter: Some(NativeFunction::from_body(name, None, getter)),
            setter: setter.map(|s| NativeFunction::from_body(name, None, s)),
            deleter: None,
            doc: None,
        };
        self.dict.insert_str(name, Value::Property(Rc::new(prop)));
        self
    }

    /// A class attribute (a constant, a nested class, a plain value).
    pub fn attr(mut self, name: &str, value: Value) -> ClassBuilder {
        self.dict.insert_str(name, value);
        self
    }

    /// Finishes the class. With no bases it derives from `object`; with an exception base
    /// its instances are exceptions.
    pub fn build_with(self, object: &Rc<Class>) -> PyResult<Rc<Class>> {
        let bases = if self.bases.is_empty() {
            vec![object.clone()]
        } else {
            self.bases
        };
        let mro = crate::vm::class::c3_mro(&bases).unwrap_or_default();
        let kind = if mro.iter().any(|c| c.kind == ClassKind::Exception) {
            ClassKind::Exception
        } else {
            ClassKind::Object
        };
        let mut dict = self.dict;
        dict.insert_str("__module__", Value::str(self.module.clone()));
        Ok(Rc::new(Class {
            name: self.name,
            qualname: self.qualname,
            module: self.module,
            bases,
            mro,
            dict: crate::value::ClassDict::new(dict),
            kind,
            constructor: None,
            immutable: false,
            meta: None,
            c_extension: self.c_extension,
        }))
    }

    /// Finishes the class with `object` as the implicit base (see [`ClassBuilder::build_with`]).
    pub fn build(self) -> Rc<Class> {
        let object = crate::builtins::types::object_class();
        match self.build_with(&object) {
            Ok(c) => c,
            Err(_) => object,
        }
    }
}

/// Binds native arguments by name, like a Python signature `name(p0, p1=..., ...)`.
/// `params` are the parameter names; the first `required` must be given. Errors match
/// CPython's for builtins (`f() missing required argument 'x' (pos 1)`, unexpected keywords,
/// too many arguments).
pub fn bind_args(
    vm: &Vm<'_>,
    func: &str,
    args: &Args<'_>,
    params: &[&str],
    required: usize,
) -> PyResult<Vec<Option<Value>>> {
    let mut out: Vec<Option<Value>> = vec![None; params.len()];
    if args.positional.len() > params.len() {
        return Err(vm.type_error(format!(
            "{func}() takes at most {} argument{} ({} given)",
            params.len(),
            if params.len() == 1 { "" } else { "s" },
            args.positional.len()
        )));
    }
    for (i, v) in args.positional.iter().enumerate() {
        out[i] = Some(v.clone());
    }
    for (k, v) in args.keywords {
        match params.iter().position(|p| *p == k.as_str()) {
            Some(i) => {
                if out[i].is_some() {
                    return Err(vm.type_error(format!(
                        "argument for {func}() given by name ('{}') and position ({})",
                        k.as_str(),
                        i + 1
                    )));
                }
                out[i] = Some(v.clone());
            }
            None => {
                return Err(vm.type_error(format!(
                    "{func}() got an unexpected keyword argument '{}'",
                    k.as_str()
                )));
            }
        }
    }
    for i in 0..required {
        if out[i].is_none() {
            return Err(vm.type_error(format!(
                "{func}() missing required argument '{}' (pos {})",
                params[i],
                i + 1
            )));
        }
    }
    Ok(out)
}

/// Wraps a function value as a `staticmethod`.
fn static_method(function: Value) -> Value {
    Value::StaticMethod(Rc::new(function))
}

/// Wraps a function value as a `classmethod`.
fn class_method(function: Value) -> Value {
    Value::ClassMethod(Rc::new(function))
}
