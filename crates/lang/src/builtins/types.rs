//! The builtin classes (`object`, `type`, `int`, `str`, `list`, ...) as class objects.
//!
//! They are created once per thread and shared by every run: they are immutable from Python
//! (setting their attributes is a TypeError), and sharing them means classes a host builds
//! once (deriving from `Exception`, say) stay compatible with every later run.

use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use crate::exceptions::ExcTypes;
use crate::value::{
    AttrMap, BuiltinType, Class, ClassKind, NativeBody, NativeFnPtr, NativeFunction, NativeIter,
    Value,
};

/// The builtin classes.
pub struct Types {
    pub object: Rc<Class>,
    pub type_: Rc<Class>,
    pub none_type: Rc<Class>,
    pub not_implemented_type: Rc<Class>,
    pub ellipsis: Rc<Class>,
    pub int: Rc<Class>,
    pub bool: Rc<Class>,
    pub float: Rc<Class>,
    pub complex: Rc<Class>,
    pub str: Rc<Class>,
    pub bytes: Rc<Class>,
    pub tuple: Rc<Class>,
    pub list: Rc<Class>,
    pub dict: Rc<Class>,
    pub set: Rc<Class>,
    pub frozenset: Rc<Class>,
    pub range: Rc<Class>,
    pub slice: Rc<Class>,
    pub function: Rc<Class>,
    pub builtin_function: Rc<Class>,
    pub method_descriptor: Rc<Class>,
    pub method: Rc<Class>,
    pub module: Rc<Class>,
    pub generator: Rc<Class>,
    pub property: Rc<Class>,
    pub staticmethod: Rc<Class>,
    pub classmethod: Rc<Class>,
    pub super_: Rc<Class>,
    pub dict_keys: Rc<Class>,
    pub dict_values: Rc<Class>,
    pub dict_items: Rc<Class>,
    /// `list.append`, which the fast loop runs in place when a call names it (as CPython
    /// 3.11 specializes it); set once the list methods are installed.
    pub(crate) list_append: OnceCell<Rc<NativeFunction>>,
    /// `dict.get` and the builtin `len`, which the fast loop runs inline when a call names
    /// them (as CPython 3.12 specializes such calls); set once installed.
    pub(crate) dict_get: OnceCell<Rc<NativeFunction>>,
    pub(crate) len: OnceCell<Rc<NativeFunction>>,
    iterators: RefCell<HashMap<&'static str, Rc<Class>>>,
}

thread_local! {
    static BUILTIN_TYPES: (Rc<Types>, Rc<ExcTypes>) = {
        let types = Rc::new(Types::create());
        let exc = Rc::new(ExcTypes::new(&types.object));
        super::install_type_methods(&types, &exc);
        (types, exc)
    };
}

/// The builtin classes of this thread.
pub fn builtin_types() -> (Rc<Types>, Rc<ExcTypes>) {
    BUILTIN_TYPES.with(|t| (t.0.clone(), t.1.clone()))
}

/// `object`.
pub fn object_class() -> Rc<Class> {
    BUILTIN_TYPES.with(|t| t.0.object.clone())
}

/// A builtin class.
pub fn builtin_class(
    name: &str,
    bases: &[Rc<Class>],
    kind: ClassKind,
    constructor: Option<Rc<NativeFunction>>,
) -> Rc<Class> {
    let mut mro = Vec::new();
    for b in bases {
        mro.push(b.clone());
        mro.extend(b.mro.iter().cloned());
    }
    Rc::new(Class {
        name: name.to_string(),
        qualname: name.to_string(),
        module: "builtins".to_string(),
        bases: bases.to_vec(),
        mro,
        dict: crate::value::ClassDict::new(AttrMap::new()),
        kind,
        constructor,
        immutable: true,
        meta: None,
        c_extension: false,
    })
}

/// A constructor function for a builtin type (receives the class first).
pub fn ctor(name: &str, f: NativeFnPtr) -> Option<Rc<NativeFunction>> {
    Some(Rc::new(NativeFunction {
        name: name.to_string(),
        owner: None,
        func: NativeBody::Plain(f),
        binds: false,
        unwraps_self: false,
    }))
}

/// Adds a native method to a builtin class.
pub fn add_method(class: &Rc<Class>, name: &str, f: NativeFnPtr) {
    add_method_body(class, name, NativeBody::Plain(f));
}

/// [`add_method`] over a closure that captures state (a method made from a table entry).
pub fn add_method_closure(
    class: &Rc<Class>,
    name: &str,
    f: impl Fn(&mut crate::vm::Vm<'_>, crate::value::Args<'_>) -> crate::value::PyResult + 'static,
) {
    add_method_body(class, name, NativeBody::Closure(Rc::new(f)));
}

/// Adds a method over its body: compiled once for every method.
#[inline(never)]
fn add_method_body(class: &Rc<Class>, name: &str, f: NativeBody) {
    let mut m = NativeFunction {
        name: name.to_string(),
        owner: Some(class.name.clone()),
        func: f,
        binds: true,
        unwraps_self: false,
    };
    if let ClassKind::Builtin(t) = class.kind {
        m.unwraps_self = super::subclass::is_value_type(t);
    }
    class
        .dict
        .borrow_mut()
        .insert_str(name, Value::NativeFunction(Rc::new(m)));
}

impl Types {
    fn create() -> Types {
        use super::constructors as c;
        let object = builtin_class("object", &[], ClassKind::Object, None);
        let obj = || vec![object.clone()];
        let b = |name: &str, t: BuiltinType, ctor: Option<Rc<NativeFunction>>| {
            builtin_class(name, &obj(), ClassKind::Builtin(t), ctor)
        };
        let int = b("int", BuiltinType::Int, ctor("int", c::int_new));
        let bool_ = builtin_class(
            "bool",
            std::slice::from_ref(&int),
            ClassKind::Builtin(BuiltinType::Bool),
            ctor("bool", c::bool_new),
        );
        Types {
            type_: b("type", BuiltinType::Type, ctor("type", c::type_new)),
            none_type: b(
                "NoneType",
                BuiltinType::NoneType,
                ctor("NoneType", |_, _| Ok(Value::None)),
            ),
            not_implemented_type: b("NotImplementedType", BuiltinType::NotImplementedType, None),
            ellipsis: b("ellipsis", BuiltinType::Ellipsis, None),
            bool: bool_,
            int,
            float: b("float", BuiltinType::Float, ctor("float", c::float_new)),
            complex: b(
                "complex",
                BuiltinType::Complex,
                ctor("complex", super::complex::complex_new),
            ),
            str: b("str", BuiltinType::Str, ctor("str", c::str_new)),
            bytes: b("bytes", BuiltinType::Bytes, ctor("bytes", c::bytes_new)),
            tuple: b("tuple", BuiltinType::Tuple, ctor("tuple", c::tuple_new)),
            list: b("list", BuiltinType::List, ctor("list", c::list_new)),
            dict: b("dict", BuiltinType::Dict, ctor("dict", c::dict_new)),
            set: b("set", BuiltinType::Set, ctor("set", c::set_new)),
            frozenset: b(
                "frozenset",
                BuiltinType::FrozenSet,
                ctor("frozenset", c::frozenset_new),
            ),
            range: b("range", BuiltinType::Range, ctor("range", c::range_new)),
            slice: b("slice", BuiltinType::Slice, ctor("slice", c::slice_new)),
            function: b("function", BuiltinType::Function, None),
            builtin_function: b(
                "builtin_function_or_method",
                BuiltinType::BuiltinFunction,
                None,
            ),
            method_descriptor: b("method_descriptor", BuiltinType::BuiltinFunction, None),
            method: b("method", BuiltinType::Method, ctor("method", c::method_new)),
            module: b("module", BuiltinType::Module, ctor("module", c::module_new)),
            generator: b("generator", BuiltinType::Generator, None),
            property: b(
                "property",
                BuiltinType::Property,
                ctor("property", c::property_new),
            ),
            staticmethod: b(
                "staticmethod",
                BuiltinType::StaticMethod,
                ctor("staticmethod", c::staticmethod_new),
            ),
            classmethod: b(
                "classmethod",
                BuiltinType::ClassMethod,
                ctor("classmethod", c::classmethod_new),
            ),
            super_: b("super", BuiltinType::Super, ctor("super", c::super_new)),
            dict_keys: b("dict_keys", BuiltinType::DictKeys, None),
            dict_values: b("dict_values", BuiltinType::DictValues, None),
            dict_items: b("dict_items", BuiltinType::DictItems, None),
            list_append: OnceCell::new(),
            dict_get: OnceCell::new(),
            len: OnceCell::new(),
            iterators: RefCell::new(HashMap::new()),
            object,
        }
    }

    /// The class of a builtin iterator (`list_iterator`, `map`, `zip`, ...).
    pub fn iterator_class(&self, it: &NativeIter) -> Rc<Class> {
        let name = crate::vm::repr::iterator_name(it);
        if let Some(c) = self.iterators.borrow().get(name) {
            return c.clone();
        }
        let c = builtin_class(
            name,
            std::slice::from_ref(&self.object),
            ClassKind::Builtin(BuiltinType::Iterator),
            None,
        );
        add_method(&c, "__next__", |vm, args| {
            let it = args.get(0).cloned().unwrap_or_default();
            match vm.next(&it)? {
                Some(v) => Ok(v),
                None => Err(vm.stop_iteration(None)),
            }
        });
        add_method(&c, "__iter__", |_vm, args| {
            Ok(args.get(0).cloned().unwrap_or_default())
        });
        self.iterators.borrow_mut().insert(name, c.clone());
        c
    }
}
