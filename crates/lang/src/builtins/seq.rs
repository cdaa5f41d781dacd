//! Methods of `list` and `tuple`, and the stable, error-propagating sort behind
//! `list.sort` and `sorted`.

use super::types::{add_method, Types};
use crate::host::bind_args;
use crate::value::{Args, PyResult, Value};
use crate::vm::Vm;

fn list_of<'a>(
    vm: &Vm<'_>,
    args: &Args<'a>,
    method: &str,
) -> PyResult<&'a std::rc::Rc<crate::value::ListData>> {
    match args.positional.first() {
        Some(Value::List(l)) => Ok(l),
        Some(other) => {
            let tn = vm.type_name(other);
            Err(vm.type_error(format!(
                "descriptor '{method}' for 'list' objects doesn't apply to a '{tn}' object"
            )))
        }
        None => Err(vm.type_error(format!("unbound method list.{method}() needs an argument"))),
    }
}

fn need(vm: &Vm<'_>, args: &Args<'_>, method: &str, n: usize) -> PyResult<()> {
    let given = args.positional.len().saturating_sub(1);
    if given != n {
        return Err(vm.type_error(if n == 1 {
            format!("{method}() takes exactly one argument ({given} given)")
        } else {
            format!("{method}() takes no arguments ({given} given)")
        }));
    }
    Ok(())
}

pub(crate) fn install(t: &Types) {
    let l = &t.list;
    add_method(l, "append", |vm, args| {
        need(vm, &args, "list.append", 1)?;
        let list = list_of(vm, &args, "append")?;
        let len = list.borrow().len();
        vm.check_seq_len(len + 1)?;
        list.borrow_mut().push(args.positional[1].clone());
        Ok(Value::None)
    });
    if let Some(Value::NativeFunction(append)) = l.dict.borrow().get("append") {
        // Set once per thread (`install` runs once for the thread's builtin types).
        let _ = t.list_append.set(append.clone());
    }
    add_method(l, "extend", |vm, args| {
        need(vm, &args, "list.extend", 1)?;
        let list = list_of(vm, &args, "extend")?.clone();
        let items = vm.iterate(&args.positional[1])?;
        let len = list.borrow().len();
        vm.check_seq_len(len + items.len())?;
        vm.charge(items.len() as u64)?;
        list.borrow_mut().extend(items);
        Ok(Value::None)
    });
    add_method(l, "insert", |vm, args| {
        if args.positional.len() != 3 {
            return Err(vm.type_error(format!(
                "insert expected 2 arguments, got {}",
                args.positional.len().saturating_sub(1)
            )));
        }
        let list = list_of(vm, &args, "insert")?.clone();
        let Some(i) = vm.as_index(&args.positional[1])? else {
            let tn = vm.type_name(&args.positional[1]);
            return Err(vm.type_error(format!("'{tn}' object cannot be interpreted as an integer")));
        };
        let len = list.borrow().len() as i64;
        vm.check_seq_len(len as usize + 1)?;
        let pos = if i < 0 { (i + len).max(0) } else { i.min(len) } as usize;
        // Moving the items after `pos` is a memmove: a unit per 8 of them.
        vm.charge((len as u64 - pos as u64) / 8)?;
        list.borrow_mut().insert(pos, args.positional[2].clone());
        Ok(Value::None)
    });
    add_method(l, "pop", |vm, args| {
        let list = list_of(vm, &args, "pop")?.clone();
        let len = list.borrow().len() as i64;
        let i = match args.get(1) {
            Some(v) => match vm.as_index(v)? {
                Some(i) => i,
                None => {
                    let tn = vm.type_name(v);
                    return Err(
                        vm.type_error(format!("'{tn}' object cannot be interpreted as an integer"))
                    );
                }
            },
            None => -1,
        };
        if len == 0 {
            return Err(vm.index_error("pop from empty list"));
        }
        let idx = if i < 0 { i + len } else { i };
        if idx < 0 || idx >= len {
            return Err(vm.index_error("pop index out of range"));
        }
        vm.charge((len - idx) as u64 / 8)?;
        let v = list.borrow_mut().remove(idx as usize);
        Ok(v)
    });
    add_method(l, "remove", |vm, args| {
        need(vm, &args, "list.remove", 1)?;
        let list = list_of(vm, &args, "remove")?.clone();
        let items = list.borrow().clone();
        vm.charge(items.len() as u64)?;
        for (i, x) in items.iter().enumerate() {
            if vm.eq(x, &args.positional[1])? {
                if i < list.borrow().len() {
                    list.borrow_mut().remove(i);
                }
                return Ok(Value::None);
            }
        }
        Err(vm.value_error("list.remove(x): x not in list"))
    });
    add_method(l, "index", |vm, args| {
        let list = list_of(vm, &args, "index")?.clone();
        let items = list.borrow().clone();
        seq_index(vm, &items, &args, "list")
    });
    add_method(l, "count", |vm, args| {
        need(vm, &args, "list.count", 1)?;
        let items = list_of(vm, &args, "count")?.borrow().clone();
        seq_count(vm, &items, &args.positional[1])
    });
    add_method(l, "reverse", |vm, args| {
        let list = list_of(vm, &args, "reverse")?.clone();
        vm.charge(list.borrow().len() as u64 / 8)?;
        list.borrow_mut().reverse();
        Ok(Value::None)
    });
    add_method(l, "copy", |vm, args| {
        let list = list_of(vm, &args, "copy")?.clone();
        let len = list.borrow().len();
        vm.charge(len as u64)?;
        vm.reserve_items(len, std::mem::size_of::<Value>())?;
        let copy = list.borrow().clone();
        Ok(Value::list(copy))
    });
    add_method(l, "clear", |vm, args| {
        list_of(vm, &args, "clear")?.borrow_mut().clear();
        Ok(Value::None)
    });
    add_method(l, "sort", list_sort);

    let tu = &t.tuple;
    add_method(tu, "index", |vm, args| {
        let Some(Value::Tuple(items)) = args.positional.first() else {
            return Err(vm.type_error("descriptor 'index' requires a 'tuple' object"));
        };
        let items = (**items).clone();
        seq_index(vm, &items, &args, "tuple")
    });
    add_method(tu, "count", |vm, args| {
        let Some(Value::Tuple(items)) = args.positional.first() else {
            return Err(vm.type_error("descriptor 'count' requires a 'tuple' object"));
        };
        let items = (**items).clone();
        need(vm, &args, "tuple.count", 1)?;
        seq_count(vm, &items, &args.positional[1])
    });
}

fn seq_index(vm: &mut Vm<'_>, items: &[Value], args: &Args<'_>, kind: &str) -> PyResult {
    let Some(target) = args.get(1) else {
        return Err(vm.type_error("index expected at least 1 argument, got 0"));
    };
    vm.charge(items.len() as u64)?;
    let n = items.len() as i64;
    let norm = |v: i64| if v < 0 { (v + n).max(0) } else { v.min(n) };
    let start = args.get(2).and_then(|v| v.as_i64()).map_or(0, norm) as usize;
    let stop = args.get(3).and_then(|v| v.as_i64()).map_or(n, norm) as usize;
    for (i, x) in items.iter().enumerate().take(stop).skip(start) {
        if x.is(target) || vm.eq(x, target)? {
            return Ok(Value::Int(i as i64));
        }
    }
    if kind == "list" {
        let r = vm.repr(target)?;
        return Err(vm.value_error(format!("{r} is not in list")));
    }
    Err(vm.value_error("tuple.index(x): x not in tuple"))
}

fn seq_count(vm: &mut Vm<'_>, items: &[Value], target: &Value) -> PyResult {
    vm.charge(items.len() as u64)?;
    let mut n = 0;
    for x in items {
        if x.is(target) || vm.eq(x, target)? {
            n += 1;
        }
    }
    Ok(Value::Int(n))
}

/// `list.sort(*, key=None, reverse=False)`.
pub fn list_sort(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let list = list_of(vm, &args, "sort")?.clone();
    if args.positional.len() > 1 {
        return Err(vm.type_error("sort() takes no positional arguments"));
    }
    let bound = bind_args(
        vm,
        "sort",
        &Args::new(&[], args.keywords),
        &["key", "reverse"],
        0,
    )?;
    let key = bound[0].clone().filter(|k| !k.is_none());
    let reverse = match &bound[1] {
        Some(v) => vm.truthy(v)?,
        None => false,
    };
    let items = std::mem::take(&mut *list.borrow_mut());
    let mut keyed = Vec::with_capacity(items.len());
    let result = (|| -> PyResult<Vec<Value>> {
        for item in items.iter() {
            let k = match &key {
                Some(f) => vm.call(f, std::slice::from_ref(item), &[])?,
                None => item.clone(),
            };
            keyed.push((k, item.clone()));
        }
        // A merge sort compares about n log2 n times; each key was a call into Python.
        let n = keyed.len() as u64;
        let calls = if key.is_some() {
            n * crate::vm::CALLBACK_UNITS
        } else {
            0
        };
        vm.charge(n * (u64::BITS - n.leading_zeros()) as u64 + calls)?;
        let sorted = match sort_natively(&mut keyed, reverse) {
            true => keyed,
            false => merge_sort(vm, keyed, reverse)?,
        };
        Ok(sorted.into_iter().map(|(_, v)| v).collect())
    })();
    let modified = !list.borrow().is_empty();
    match result {
        Ok(sorted) => {
            *list.borrow_mut() = sorted;
            if modified {
                return Err(vm.value_error("list modified during sort"));
            }
            Ok(Value::None)
        }
        Err(e) => {
            *list.borrow_mut() = items;
            Err(e)
        }
    }
}

/// Sorts `keyed` in place without calling back into Python when every key is an `int`,
/// every key a `float` other than NaN, or every key a `str`: their order is total and the
/// same as Python's `<`, so a stable native sort gives `list.sort`'s result (equal keys keep
/// their order, with `reverse` too). Returns whether it sorted.
fn sort_natively(keyed: &mut [(Value, Value)], reverse: bool) -> bool {
    use std::cmp::Ordering;
    fn stable(keyed: &mut [(Value, Value)], reverse: bool, cmp: fn(&Value, &Value) -> Ordering) {
        if reverse {
            keyed.sort_by(|a, b| cmp(&b.0, &a.0));
        } else {
            keyed.sort_by(|a, b| cmp(&a.0, &b.0));
        }
    }
    let keys = || keyed.iter().map(|(key, _)| key);
    if keys().all(|key| matches!(key, Value::Int(_))) {
        stable(keyed, reverse, |a, b| match (a, b) {
            (Value::Int(a), Value::Int(b)) => a.cmp(b),
            _ => Ordering::Equal,
        });
    } else if keys().all(|key| matches!(key, Value::Float(x) if !x.is_nan())) {
        // Without NaN, `total_cmp` orders as `<` does except -0.0 before 0.0, which Python
        // holds equal: adding 0.0 turns -0.0 into 0.0, so equal keys keep their order.
        stable(keyed, reverse, |a, b| match (a, b) {
            (Value::Float(a), Value::Float(b)) => (a + 0.0).total_cmp(&(b + 0.0)),
            _ => Ordering::Equal,
        });
    } else if keys().all(|key| matches!(key, Value::Str(_))) {
        stable(keyed, reverse, |a, b| a.as_str().cmp(&b.as_str()));
    } else {
        return false;
    }
    true
}

fn merge_sort(
    vm: &mut Vm<'_>,
    mut v: Vec<(Value, Value)>,
    reverse: bool,
) -> PyResult<Vec<(Value, Value)>> {
    if v.len() <= 1 {
        return Ok(v);
    }
    // Insertion sort for small runs.
    if v.len() <= 8 {
        for i in 1..v.len() {
            let mut j = i;
            while j > 0 {
                let less = if reverse {
                    vm.less_than(&v[j - 1].0, &v[j].0)?
                } else {
                    vm.less_than(&v[j].0, &v[j - 1].0)?
                };
                if !less {
                    break;
                }
                v.swap(j, j - 1);
                j -= 1;
            }
        }
        return Ok(v);
    }
    let right = v.split_off(v.len() / 2);
    let left = merge_sort(vm, v, reverse)?;
    let right = merge_sort(vm, right, reverse)?;
    let mut out = Vec::with_capacity(left.len() + right.len());
    let mut li = left.into_iter().peekable();
    let mut ri = right.into_iter().peekable();
    loop {
        match (li.peek(), ri.peek()) {
            (Some(l), Some(r)) => {
                let take_right = if reverse {
                    vm.less_than(&l.0, &r.0)?
                } else {
                    vm.less_than(&r.0, &l.0)?
                };
                if take_right {
                    out.extend(ri.next());
                } else {
                    out.extend(li.next());
                }
            }
            (Some(_), None) => out.extend(li.next()),
            (None, Some(_)) => out.extend(ri.next()),
            (None, None) => break,
        }
    }
    Ok(out)
}
