//! Methods of `dict`, `set`, `frozenset`, and the small numeric methods (`int.bit_length`,
//! `float.is_integer`, ...).

use std::cell::RefCell;
use std::rc::Rc;

use num_traits::{Signed, ToPrimitive};

use super::types::{add_method, add_method_closure, Types};
use crate::ast::BinOp;
use crate::value::{Args, Dict, DictView, DictViewKind, NativeFunction, PyResult, Set, Value};
use crate::vm::Vm;

fn dict_of<'a>(vm: &Vm<'_>, args: &Args<'a>, method: &str) -> PyResult<&'a Rc<RefCell<Dict>>> {
    match args.positional.first() {
        Some(Value::Dict(d)) => Ok(d),
        _ => Err(vm.type_error(format!(
            "descriptor '{method}' for 'dict' objects doesn't apply to this object"
        ))),
    }
}

fn view(args: &Args<'_>, kind: DictViewKind) -> PyResult {
    match args.positional.first() {
        Some(Value::Dict(d)) => Ok(Value::DictView(Rc::new(DictView {
            dict: d.clone(),
            kind,
        }))),
        _ => Ok(Value::None),
    }
}

pub(crate) fn install(t: &Types) {
    let d = &t.dict;
    add_method(d, "keys", |_vm, args| view(&args, DictViewKind::Keys));
    add_method(d, "values", |_vm, args| view(&args, DictViewKind::Values));
    add_method(d, "items", |_vm, args| view(&args, DictViewKind::Items));
    add_method(d, "get", |vm, args| {
        let dict = dict_of(vm, &args, "get")?.clone();
        let Some(key) = args.get(1) else {
            return Err(vm.type_error("get expected at least 1 argument, got 0"));
        };
        Ok(vm
            .dict_get(&dict, key)?
            .unwrap_or_else(|| args.get(2).cloned().unwrap_or_default()))
    });
    if let Some(Value::NativeFunction(get)) = d.dict.borrow().get("get") {
        // Set once per thread (`install` runs once for the thread's builtin types).
        let _ = t.dict_get.set(get.clone());
    }
    add_method(d, "pop", |vm, args| {
        let dict = dict_of(vm, &args, "pop")?.clone();
        let Some(key) = args.get(1) else {
            return Err(vm.type_error("pop expected at least 1 argument, got 0"));
        };
        match vm.dict_remove(&dict, key)? {
            Some(v) => Ok(v),
            None => match args.get(2) {
                Some(d) => Ok(d.clone()),
                None => Err(vm.key_error(key.clone())),
            },
        }
    });
    add_method(d, "popitem", |vm, args| {
        let dict = dict_of(vm, &args, "popitem")?.clone();
        let e = dict.borrow_mut().pop_last();
        match e {
            Some(e) => Ok(Value::tuple(vec![e.key, e.value])),
            None => Err(vm.key_error(Value::str("popitem(): dictionary is empty"))),
        }
    });
    add_method(d, "setdefault", |vm, args| {
        let dict = dict_of(vm, &args, "setdefault")?.clone();
        let Some(key) = args.get(1) else {
            return Err(vm.type_error("setdefault expected at least 1 argument, got 0"));
        };
        if let Some(v) = vm.dict_get(&dict, key)? {
            return Ok(v);
        }
        let default = args.get(2).cloned().unwrap_or_default();
        vm.dict_setitem(&dict, key.clone(), default.clone())?;
        Ok(default)
    });
    add_method(d, "update", |vm, args| {
        let dict = dict_of(vm, &args, "update")?.clone();
        if let Some(other) = args.get(1) {
            vm.dict_update_from(&dict, other, false)?;
        }
        for (k, v) in args.keywords {
            vm.dict_setitem(&dict, Value::Str(k.clone()), v.clone())?;
        }
        Ok(Value::None)
    });
    add_method(d, "copy", |vm, args| {
        let dict = dict_of(vm, &args, "copy")?;
        Ok(Value::Dict(Rc::new(RefCell::new(dict.borrow().clone()))))
    });
    add_method(d, "clear", |vm, args| {
        dict_of(vm, &args, "clear")?.borrow_mut().clear();
        Ok(Value::None)
    });
    d.dict.borrow_mut().insert_str(
        "fromkeys",
        Value::ClassMethod(Rc::new(NativeFunction::value("fromkeys", |vm, args| {
            let Some(keys) = args.get(1) else {
                return Err(vm.type_error("fromkeys expected at least 1 argument, got 0"));
            };
            let value = args.get(2).cloned().unwrap_or_default();
            let dict = Rc::new(RefCell::new(Dict::new()));
            for k in vm.iterate(keys)? {
                vm.charge(crate::vm::HASHED_INSERT_UNITS)?;
                vm.dict_setitem(&dict, k, value.clone())?;
            }
            Ok(Value::Dict(dict))
        }))),
    );

    for class in [&t.set, &t.frozenset] {
        let frozen = Rc::ptr_eq(class, &t.frozenset);
        let wrap = move |s: Set| {
            if frozen {
                Value::FrozenSet(Rc::new(s))
            } else {
                Value::Set(Rc::new(RefCell::new(s)))
            }
        };
        for (name, op) in [
            ("union", BinOp::BitOr),
            ("intersection", BinOp::BitAnd),
            ("difference", BinOp::Sub),
            ("symmetric_difference", BinOp::BitXor),
        ] {
            add_method_closure(class, name, move |vm, args| {
                let mut acc = args.get(0).cloned().unwrap_or_default();
                if args.positional.len() == 1 {
                    let table = match &acc {
                        Value::Set(s) => s.borrow().clone(),
                        Value::FrozenSet(s) => (**s).clone(),
                        _ => Set::new(),
                    };
                    let mut copy = Set::new();
                    copy.merge_from(&table, |_, _, _| false);
                    return Ok(wrap(copy));
                }
                for other in &args.positional[1..] {
                    let other = match other {
                        Value::Set(_) | Value::FrozenSet(_) => other.clone(),
                        o => {
                            let items = vm.iterate(o)?;
                            vm.new_set(items)?
                        }
                    };
                    acc = Value::Set(Rc::new(RefCell::new(vm.set_operation(&acc, &other, op)?)));
                }
                Ok(match acc {
                    Value::Set(s) => wrap(s.borrow().clone()),
                    other => other,
                })
            });
        }
        add_method_closure(class, "copy", move |_vm, args| {
            let table = match args.get(0) {
                Some(Value::Set(s)) => s.borrow().clone(),
                Some(Value::FrozenSet(s)) => (**s).clone(),
                _ => Set::new(),
            };
            let mut copy = Set::new();
            copy.merge_from(&table, |_, _, _| false);
            Ok(wrap(copy))
        });
        add_method(class, "issubset", |vm, args| {
            let (a, b) = (
                args.get(0).cloned().unwrap_or_default(),
                args.get(1).cloned().unwrap_or_default(),
            );
            for x in vm.set_items(&a) {
                if !vm.contains(&b, &x)? {
                    return Ok(Value::Bool(false));
                }
            }
            Ok(Value::Bool(true))
        });
        add_method(class, "issuperset", |vm, args| {
            let (a, b) = (
                args.get(0).cloned().unwrap_or_default(),
                args.get(1).cloned().unwrap_or_default(),
            );
            for x in vm.iterate(&b)? {
                if !vm.contains(&a, &x)? {
                    return Ok(Value::Bool(false));
                }
            }
            Ok(Value::Bool(true))
        });
        add_method(class, "isdisjoint", |vm, args| {
            let (a, b) = (
                args.get(0).cloned().unwrap_or_default(),
                args.get(1).cloned().unwrap_or_default(),
            );
            for x in vm.iterate(&b)? {
                if vm.contains(&a, &x)? {
                    return Ok(Value::Bool(false));
                }
            }
            Ok(Value::Bool(true))
        });
    }
    let s = &t.set;
    fn set_of<'a>(vm: &Vm<'_>, args: &Args<'a>) -> PyResult<&'a Rc<RefCell<Set>>> {
        match args.positional.first() {
            Some(Value::Set(s)) => Ok(s),
            _ => Err(vm.type_error("descriptor requires a 'set' object")),
        }
    }
    add_method(s, "add", |vm, args| {
        let set = set_of(vm, &args)?.clone();
        let item = args.get(1).cloned().unwrap_or_default();
        vm.set_add(&set, item)?;
        Ok(Value::None)
    });
    for (name, must_exist) in [("remove", true), ("discard", false)] {
        add_method_closure(s, name, move |vm, args| {
            let set = set_of(vm, &args)?.clone();
            let item = args.get(1).cloned().unwrap_or_default();
            let h = vm.hash(&item)?;
            match vm.set_find(&Value::Set(set.clone()), &item, h)? {
                Some(i) => {
                    set.borrow_mut().remove_at(i);
                }
                None if must_exist => return Err(vm.key_error(item)),
                None => {}
            }
            Ok(Value::None)
        });
    }
    add_method(s, "pop", |vm, args| {
        let set = set_of(vm, &args)?.clone();
        let v = set.borrow_mut().pop();
        v.ok_or_else(|| vm.key_error(Value::str("pop from an empty set")))
    });
    add_method(s, "clear", |vm, args| {
        set_of(vm, &args)?.borrow_mut().clear();
        Ok(Value::None)
    });
    for (name, op) in [
        ("update", BinOp::BitOr),
        ("intersection_update", BinOp::BitAnd),
        ("difference_update", BinOp::Sub),
        ("symmetric_difference_update", BinOp::BitXor),
    ] {
        add_method_closure(s, name, move |vm, args| {
            let set = set_of(vm, &args)?.clone();
            for other in args.positional.get(1..).unwrap_or(&[]) {
                if op == BinOp::BitOr {
                    for item in vm.iterate(other)? {
                        vm.charge(crate::vm::HASHED_INSERT_UNITS)?;
                        vm.set_add(&set, item)?;
                    }
                    continue;
                }
                let other = match other {
                    Value::Set(_) | Value::FrozenSet(_) => other.clone(),
                    o => {
                        let items = vm.iterate(o)?;
                        vm.new_set(items)?
                    }
                };
                let result = vm.set_operation(&Value::Set(set.clone()), &other, op)?;
                *set.borrow_mut() = result;
            }
            Ok(Value::None)
        });
    }

    add_method(&t.int, "bit_length", |vm, args| {
        let v = args.get(0).cloned().unwrap_or(Value::Int(0));
        let b = super::constructors::bigint_of(&v).unwrap_or_default();
        let _ = vm;
        Ok(Value::Int(b.abs().bits() as i64))
    });
    add_method(&t.int, "to_bytes", |vm, args| {
        let v = args.get(0).cloned().unwrap_or(Value::Int(0));
        let b = super::constructors::bigint_of(&v).unwrap_or_default();
        let length = match int_param(&args, 1, "length") {
            Some(Value::Int(n)) if *n >= 0 => *n as usize,
            Some(Value::Int(_)) => {
                return Err(vm.value_error("length argument must be non-negative"))
            }
            None => 1,
            Some(_) => return Err(vm.type_error("'length' must be an integer")),
        };
        let little = byteorder(vm, int_param(&args, 2, "byteorder"))?;
        let signed = match args.keywords.iter().find(|(k, _)| k.as_str() == "signed") {
            Some((_, s)) => vm.truthy(&s.clone())?,
            None => false,
        };
        let too_big = || "int too big to convert";
        let mut bytes = if signed {
            if b.sign() == num_bigint::Sign::NoSign {
                Vec::new()
            } else {
                b.to_signed_bytes_le()
            }
        } else {
            if b.sign() == num_bigint::Sign::Minus {
                return Err(vm.overflow_error("can't convert negative int to unsigned"));
            }
            if b.sign() == num_bigint::Sign::NoSign {
                Vec::new()
            } else {
                b.to_bytes_le().1
            }
        };
        if bytes.len() > length {
            return Err(vm.overflow_error(too_big()));
        }
        let fill = if b.sign() == num_bigint::Sign::Minus {
            0xff
        } else {
            0
        };
        bytes.resize(length, fill);
        if !little {
            bytes.reverse();
        }
        Ok(Value::Bytes(std::rc::Rc::new(bytes)))
    });
    add_method(&t.int, "from_bytes", |vm, args| {
        // `int.from_bytes(data, ...)` reaches here without a receiver, `n.from_bytes` with one.
        let skip = usize::from(matches!(
            args.get(0),
            Some(Value::Class(_) | Value::Int(_) | Value::BigInt(_))
        ));
        let data = match args.get(skip) {
            Some(Value::Bytes(b)) => b.to_vec(),
            Some(other) => {
                let items = vm.iterate(&other.clone())?;
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    match item {
                        Value::Int(i) if (0..256).contains(&i) => out.push(i as u8),
                        _ => return Err(vm.value_error("bytes must be in range(0, 256)")),
                    }
                }
                out
            }
            None => {
                return Err(vm.type_error("from_bytes() missing required argument 'bytes' (pos 1)"))
            }
        };
        let little = byteorder(vm, int_param(&args, skip + 1, "byteorder"))?;
        let signed = match args.keywords.iter().find(|(k, _)| k.as_str() == "signed") {
            Some((_, s)) => vm.truthy(&s.clone())?,
            None => false,
        };
        let value = match (little, signed) {
            (true, true) => num_bigint::BigInt::from_signed_bytes_le(&data),
            (false, true) => num_bigint::BigInt::from_signed_bytes_be(&data),
            (true, false) => num_bigint::BigInt::from_bytes_le(num_bigint::Sign::Plus, &data),
            (false, false) => num_bigint::BigInt::from_bytes_be(num_bigint::Sign::Plus, &data),
        };
        Ok(crate::value::Value::from_bigint(value))
    });
    add_method(&t.int, "conjugate", |_vm, args| {
        Ok(args.get(0).cloned().unwrap_or(Value::Int(0)))
    });
    add_method(&t.int, "__index__", |_vm, args| {
        Ok(args.get(0).cloned().unwrap_or(Value::Int(0)))
    });
    add_method(&t.int, "as_integer_ratio", |_vm, args| {
        Ok(Value::tuple(vec![
            args.get(0).cloned().unwrap_or(Value::Int(0)),
            Value::Int(1),
        ]))
    });
    add_method(&t.float, "is_integer", |_vm, args| match args.get(0) {
        Some(Value::Float(f)) => Ok(Value::Bool(f.is_finite() && f.fract() == 0.0)),
        _ => Ok(Value::Bool(false)),
    });
    add_method(&t.float, "conjugate", |_vm, args| {
        Ok(args.get(0).cloned().unwrap_or(Value::Float(0.0)))
    });
    add_method(&t.float, "as_integer_ratio", |vm, args| {
        let Some(Value::Float(f)) = args.get(0) else {
            return Ok(Value::None);
        };
        if !f.is_finite() {
            return Err(if f.is_nan() {
                vm.value_error("cannot convert NaN to integer ratio")
            } else {
                vm.overflow_error("cannot convert Infinity to integer ratio")
            });
        }
        let bits = f.to_bits();
        let exp = ((bits >> 52) & 0x7ff) as i64;
        let mantissa = if exp == 0 {
            (bits & ((1 << 52) - 1)) << 1
        } else {
            (bits & ((1 << 52) - 1)) | (1 << 52)
        };
        let mut num = num_bigint::BigInt::from(mantissa);
        let mut e = exp - 1075;
        if *f < 0.0 {
            num = -num;
        }
        while e < 0 && num_integer::Integer::is_even(&num) && num != num_bigint::BigInt::from(0) {
            num >>= 1;
            e += 1;
        }
        let (n, d) = if e >= 0 {
            (num << e as usize, num_bigint::BigInt::from(1))
        } else {
            (num, num_bigint::BigInt::from(1) << (-e) as usize)
        };
        if *f == 0.0 {
            return Ok(Value::tuple(vec![Value::Int(0), Value::Int(1)]));
        }
        Ok(Value::tuple(vec![
            Value::from_bigint(n),
            Value::from_bigint(d),
        ]))
    });
    let _ = ToPrimitive::to_i64(&0i64);
}

/// An argument of `int.to_bytes`/`from_bytes` given by position or by keyword.
fn int_param<'a>(args: &'a Args<'_>, index: usize, name: &str) -> Option<&'a Value> {
    args.positional.get(index).or_else(|| {
        args.keywords
            .iter()
            .find(|(k, _)| k.as_str() == name)
            .map(|(_, v)| v)
    })
}

/// Whether a `byteorder` argument (default `'big'`) is `'little'`.
fn byteorder(vm: &Vm<'_>, v: Option<&Value>) -> PyResult<bool> {
    match v {
        None => Ok(false),
        Some(Value::Str(s)) if s.as_str() == "little" => Ok(true),
        Some(Value::Str(s)) if s.as_str() == "big" => Ok(false),
        Some(Value::Str(_)) => Err(vm.value_error("byteorder must be either 'little' or 'big'")),
        Some(other) => Err(vm.type_error(format!(
            "to_bytes() argument 'byteorder' must be str, not {}",
            vm.type_name(other)
        ))),
    }
}
