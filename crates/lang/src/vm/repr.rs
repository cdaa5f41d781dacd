//! `repr()`, `str()` and `format()` of every value, printed exactly as CPython 3.11 prints
//! them: containers with cycle markers (`[...]`), CPython-looking addresses in default
//! reprs, exception reprs and messages, and dunder overrides.

use num_bigint::BigInt;

use super::Vm;
use crate::exceptions::Exception;
use crate::format::{float_repr, format_value, str_repr, FormatValue};
use crate::value::{fake_address, DictViewKind, NativeIter, PyResult, Value};

impl<'h> Vm<'h> {
    /// `repr(v)`.
    pub fn repr(&mut self, v: &Value) -> PyResult<String> {
        Ok(match v {
            Value::None => "None".into(),
            Value::NotImplemented => "NotImplemented".into(),
            Value::Ellipsis => "Ellipsis".into(),
            Value::Bool(b) => if *b { "True" } else { "False" }.into(),
            Value::Int(i) => crate::format::small_int_repr(*i),
            Value::Complex(c) => crate::builtins::complex::repr(c),
            Value::BigInt(b) => self.bigint_to_string(b)?,
            Value::Float(f) => float_repr(*f),
            Value::Str(s) => {
                self.charge_bytes(s.as_str().len())?;
                str_repr(s.as_str())
            }
            Value::Bytes(b) => {
                self.charge_bytes(b.len())?;
                bytes_repr(b)
            }
            Value::List(l) => {
                let items = l.borrow().clone();
                self.guarded(v, "[...]", |vm| Ok(format!("[{}]", vm.join_reprs(&items)?)))?
            }
            Value::Tuple(t) => {
                let items = (**t).clone();
                if items.len() == 1 {
                    self.guarded(v, "(...)", |vm| Ok(format!("({},)", vm.repr(&items[0])?)))?
                } else {
                    self.guarded(v, "(...)", |vm| Ok(format!("({})", vm.join_reprs(&items)?)))?
                }
            }
            Value::Dict(d) => {
                let pairs: Vec<(Value, Value)> = d
                    .borrow()
                    .iter()
                    .map(|e| (e.key.clone(), e.value.clone()))
                    .collect();
                self.charge(pairs.len() as u64)?;
                self.guarded(v, "{...}", |vm| {
                    let mut parts = Vec::with_capacity(pairs.len());
                    for (k, val) in &pairs {
                        parts.push(format!("{}: {}", vm.repr(k)?, vm.repr(val)?));
                    }
                    Ok(format!("{{{}}}", parts.join(", ")))
                })?
            }
            Value::Set(_) | Value::FrozenSet(_) => {
                let items = self.set_items(v);
                let frozen = matches!(v, Value::FrozenSet(_));
                if items.is_empty() {
                    return Ok(if frozen { "frozenset()" } else { "set()" }.into());
                }
                let inner =
                    self.guarded(v, "...", |vm| Ok(format!("{{{}}}", vm.join_reprs(&items)?)))?;
                if frozen {
                    format!("frozenset({inner})")
                } else {
                    inner
                }
            }
            Value::Range(r) => {
                if r.step == 1 {
                    format!("range({}, {})", r.start, r.stop)
                } else {
                    format!("range({}, {}, {})", r.start, r.stop, r.step)
                }
            }
            Value::Slice(s) => {
                let (a, b, c) = (s.start.clone(), s.stop.clone(), s.step.clone());
                format!(
                    "slice({}, {}, {})",
                    self.repr(&a)?,
                    self.repr(&b)?,
                    self.repr(&c)?
                )
            }
            Value::Function(f) => format!("<function {} at {:#x}>", f.qualname, v.id()),
            Value::NativeFunction(nf) => match &nf.owner {
                Some(owner) if nf.binds => format!("<method '{}' of '{}' objects>", nf.name, owner),
                _ => format!("<built-in function {}>", nf.name),
            },
            Value::BoundMethod(bm) => {
                let receiver = bm.receiver.clone();
                match &bm.func {
                    Value::NativeFunction(nf) => {
                        let tn = self.type_name(&receiver);
                        match &receiver {
                            Value::Class(c) => format!(
                                "<built-in method {} of type object at {:#x}>",
                                nf.name,
                                Value::Class(c.clone()).id()
                            ),
                            _ => format!(
                                "<built-in method {} of {} object at {:#x}>",
                                nf.name,
                                tn,
                                receiver.id()
                            ),
                        }
                    }
                    Value::Function(f) => {
                        let r = self.repr(&receiver)?;
                        format!("<bound method {} of {}>", f.qualname, r)
                    }
                    other => {
                        let other = other.clone();
                        let r = self.repr(&receiver)?;
                        format!("<bound method {} of {}>", self.repr(&other)?, r)
                    }
                }
            }
            Value::Class(c) => match self.metaclass_method(c, "__repr__") {
                Some(f) => {
                    let r = self.call_method_value(&f, v, &[])?;
                    match r {
                        Value::Str(s) => s.as_str().to_string(),
                        other => {
                            let tn = self.type_name(&other);
                            return Err(self
                                .type_error(format!("__repr__ returned non-string (type {tn})")));
                        }
                    }
                }
                None => format!("<class '{}'>", c.full_name()),
            },
            Value::Instance(inst) => {
                if let Some(f) = inst.class.lookup("__repr__") {
                    self.enter_data_recursion()?;
                    let r = self.call_method_value(&f, v, &[]);
                    self.leave_data_recursion();
                    return match r? {
                        Value::Str(s) => Ok(s.as_str().to_string()),
                        other => {
                            let tn = self.type_name(&other);
                            Err(self
                                .type_error(format!("__repr__ returned non-string (type {tn})")))
                        }
                    };
                }
                if let Some(exc) = Exception::from_value(v) {
                    let args = exc.args();
                    let name = inst.class.name.clone();
                    return Ok(if args.len() == 1 {
                        format!("{name}({})", self.repr(&args[0])?)
                    } else {
                        format!("{name}({})", self.join_reprs(&args)?)
                    });
                }
                format!("<{} object at {:#x}>", inst.class.full_name(), v.id())
            }
            Value::Module(m) => match (m.get("__file__"), m.get("__loader__")) {
                (Some(Value::Str(file)), _) => {
                    format!("<module '{}' from '{}'>", m.name, file.as_str())
                }
                // `types.ModuleType(name)`: no loader, no file.
                (_, Some(Value::None)) => format!("<module '{}'>", m.name),
                _ => format!("<module '{}' (built-in)>", m.name),
            },
            Value::Generator(g) => format!("<generator object {} at {:#x}>", g.qualname, v.id()),
            Value::Iterator(it) => {
                let name = iterator_name(&it.borrow());
                format!("<{name} object at {:#x}>", v.id())
            }
            Value::Property(_) => format!("<property object at {:#x}>", v.id()),
            Value::StaticMethod(inner) => {
                let inner = (**inner).clone();
                format!("<staticmethod({})>", self.repr(&inner)?)
            }
            Value::ClassMethod(inner) => {
                let inner = (**inner).clone();
                format!("<classmethod({})>", self.repr(&inner)?)
            }
            Value::Super(s) => {
                let r = s.receiver.clone();
                let tn = self.type_name(&r);
                format!("<super: <class '{}'>, <{} object>>", s.class.name, tn)
            }
            Value::DictView(view) => {
                let name = match view.kind {
                    DictViewKind::Keys => "dict_keys",
                    DictViewKind::Values => "dict_values",
                    DictViewKind::Items => "dict_items",
                };
                let items = self.iterate(v)?;
                format!("{name}([{}])", self.join_reprs(&items)?)
            }
            Value::Code(c) => format!(
                "<code object {} at {:#x}>",
                c.name.as_str(),
                fake_address(0)
            ),
            Value::Cell(_) => format!("<cell at {:#x}>", v.id()),
        })
    }

    fn join_reprs(&mut self, items: &[Value]) -> PyResult<String> {
        self.charge(items.len() as u64)?;
        let mut out = String::new();
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(&self.repr(item)?);
            if out.len() > self.limits.max_sequence_len {
                return Err(self.memory_error());
            }
        }
        Ok(out)
    }

    /// Runs `f` unless `v` is already being repr'd (a cycle), in which case `marker`.
    fn guarded(
        &mut self,
        v: &Value,
        marker: &str,
        f: impl FnOnce(&mut Self) -> PyResult<String>,
    ) -> PyResult<String> {
        let addr = v.object_address().unwrap_or(0);
        if self.repr_guard.contains(&addr) {
            return Ok(marker.to_string());
        }
        self.enter_data_recursion()?;
        self.repr_guard.push(addr);
        let r = f(self);
        self.repr_guard.pop();
        self.leave_data_recursion();
        r
    }

    /// `str(v)`.
    pub fn str(&mut self, v: &Value) -> PyResult<String> {
        match v {
            Value::Str(s) => Ok(s.as_str().to_string()),
            Value::Instance(inst) => {
                if let Some(f) = inst.class.lookup("__str__") {
                    self.enter_data_recursion()?;
                    let r = self.call_method_value(&f, v, &[]);
                    self.leave_data_recursion();
                    return match r? {
                        Value::Str(s) => Ok(s.as_str().to_string()),
                        other => {
                            let tn = self.type_name(&other);
                            Err(self.type_error(format!("__str__ returned non-string (type {tn})")))
                        }
                    };
                }
                if let Some(exc) = Exception::from_value(v) {
                    return self.exception_str(&exc);
                }
                self.repr(v)
            }
            _ => self.repr(v),
        }
    }

    /// `str(exc)`: the message part of `Type: message`.
    pub fn exception_str(&mut self, exc: &Exception) -> PyResult<String> {
        let v = exc.value();
        if let Some(f) = exc.class().lookup("__str__") {
            return match self.call_method_value(&f, &v, &[])? {
                Value::Str(s) => Ok(s.as_str().to_string()),
                other => {
                    let tn = self.type_name(&other);
                    Err(self.type_error(format!("__str__ returned non-string (type {tn})")))
                }
            };
        }
        let args = exc.args();
        if exc.is_instance(&self.exc.key_error.clone()) && args.len() == 1 {
            return self.repr(&args[0]);
        }
        match args.len() {
            0 => Ok(String::new()),
            1 => self.str(&args[0]),
            _ => self.repr(&Value::tuple(args)),
        }
    }

    /// Decimal text of a big int, with CPython's 4300-digit limit.
    pub fn bigint_to_string(&self, b: &BigInt) -> PyResult<String> {
        // 4300 digits is about 14284 bits.
        if b.bits() > 14300 {
            let s = b.to_string();
            let digits = s.trim_start_matches('-').len();
            if digits > crate::format::MAX_INT_STR_DIGITS {
                return Err(self.value_error(format!(
                    "Exceeds the limit ({} digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit",
                    crate::format::MAX_INT_STR_DIGITS
                )));
            }
            return Ok(s);
        }
        Ok(b.to_string())
    }

    /// `format(v, spec)`.
    pub fn format(&mut self, v: &Value, spec: &str) -> PyResult<String> {
        match v {
            Value::Bool(b) if spec.is_empty() => Ok(if *b { "True" } else { "False" }.into()),
            Value::Int(_) | Value::Bool(_) | Value::BigInt(_) => {
                let big = match v {
                    Value::Int(i) => BigInt::from(*i),
                    Value::Bool(b) => BigInt::from(*b as i64),
                    Value::BigInt(b) => (**b).clone(),
                    _ => BigInt::default(),
                };
                let tn = if matches!(v, Value::Bool(_)) {
                    "bool"
                } else {
                    "int"
                };
                format_value(FormatValue::Int(&big), spec, tn).map_err(|e| self.format_error(e))
            }
            Value::Float(f) => format_value(FormatValue::Float(*f), spec, "float")
                .map_err(|e| self.format_error(e)),
            Value::Complex(z) => {
                crate::builtins::complex::format(z, spec).map_err(|e| self.format_error(e))
            }
            Value::Str(s) => format_value(FormatValue::Str(s.as_str()), spec, "str")
                .map_err(|e| self.format_error(e)),
            Value::Instance(inst) => {
                if let Some(f) = inst.class.lookup("__format__") {
                    return match self.call_method_value(&f, v, &[Value::str(spec)])? {
                        Value::Str(s) => Ok(s.as_str().to_string()),
                        other => {
                            let tn = self.type_name(&other);
                            Err(self.type_error(format!("__format__ must return a str, not {tn}")))
                        }
                    };
                }
                if spec.is_empty() {
                    return self.str(v);
                }
                let tn = self.type_name(v);
                Err(self.type_error(format!(
                    "unsupported format string passed to {tn}.__format__"
                )))
            }
            _ => {
                if spec.is_empty() {
                    return self.str(v);
                }
                let tn = self.type_name(v);
                Err(self.type_error(format!(
                    "unsupported format string passed to {tn}.__format__"
                )))
            }
        }
    }
}

/// The type name of a builtin iterator, as its repr shows it.
pub fn iterator_name(it: &NativeIter) -> &'static str {
    match it {
        NativeIter::Seq { seq, .. } => match seq {
            Value::List(_) => "list_iterator",
            Value::Tuple(_) => "tuple_iterator",
            Value::Bytes(_) => "bytes_iterator",
            _ => "iterator",
        },
        NativeIter::Range { .. } => "range_iterator",
        NativeIter::Str { text, .. } => {
            if text.is_ascii() {
                "str_ascii_iterator"
            } else {
                "str_iterator"
            }
        }
        NativeIter::DictKeys { kind, .. } => match kind {
            DictViewKind::Keys => "dict_keyiterator",
            DictViewKind::Values => "dict_valueiterator",
            DictViewKind::Items => "dict_itemiterator",
        },
        NativeIter::Set { .. } => "set_iterator",
        NativeIter::Enumerate { .. } => "enumerate",
        NativeIter::Zip { .. } => "zip",
        NativeIter::Map { .. } => "map",
        NativeIter::Filter { .. } => "filter",
        NativeIter::Reversed { seq, .. } => match seq {
            Value::List(_) => "list_reverseiterator",
            _ => "reversed",
        },
        NativeIter::Callable { .. } => "callable_iterator",
        NativeIter::Exhausted => "iterator",
    }
}

/// Escapes non-ASCII characters of a repr the way `ascii()` does.
pub fn ascii_escape(repr: &str) -> String {
    let mut out = String::with_capacity(repr.len());
    for c in repr.chars() {
        let n = c as u32;
        if n < 128 {
            out.push(c);
        } else if n < 256 {
            out.push_str(&format!("\\x{n:02x}"));
        } else if n < 65536 {
            out.push_str(&format!("\\u{n:04x}"));
        } else {
            out.push_str(&format!("\\U{n:08x}"));
        }
    }
    out
}

/// `repr(b)` for bytes.
pub fn bytes_repr(b: &[u8]) -> String {
    let quote = if b.contains(&b'\'') && !b.contains(&b'"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::from("b");
    out.push(quote);
    for &c in b {
        match c {
            b'\\' => out.push_str("\\\\"),
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            c if c as char == quote => {
                out.push('\\');
                out.push(quote);
            }
            0x20..=0x7e => out.push(c as char),
            c => out.push_str(&format!("\\x{c:02x}")),
        }
    }
    out.push(quote);
    out
}
