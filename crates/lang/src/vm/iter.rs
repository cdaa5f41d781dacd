//! The iteration protocol: `iter()`, `next()`, collecting an iterable, and unpacking.
//!
//! Builtin containers iterate natively through [`NativeIter`]; user classes through
//! `__iter__`/`__next__` (or the old `__getitem__` protocol); generators by resuming their
//! frame. Exhaustion is `Ok(None)`, so no `StopIteration` is allocated on the hot path.

use std::cell::RefCell;
use std::rc::Rc;

use super::call::GenStep;
use super::Vm;
use crate::value::{DictViewKind, NativeIter, PyResult, Value};

impl<'h> Vm<'h> {
    /// Whether `iter(v)` would succeed (without calling anything).
    pub fn is_iterable(&self, v: &Value) -> bool {
        match v {
            Value::Str(_)
            | Value::Bytes(_)
            | Value::Tuple(_)
            | Value::List(_)
            | Value::Dict(_)
            | Value::Set(_)
            | Value::FrozenSet(_)
            | Value::Range(_)
            | Value::Generator(_)
            | Value::Iterator(_)
            | Value::DictView(_) => true,
            Value::Instance(_) | Value::Class(_) => {
                self.special_method(v, "__iter__").is_some()
                    || self.special_method(v, "__getitem__").is_some()
            }
            _ => false,
        }
    }

    fn native_iter(state: NativeIter) -> Value {
        Value::Iterator(Rc::new(RefCell::new(state)))
    }

    /// `iter(v)`.
    pub fn get_iter(&mut self, v: &Value) -> PyResult {
        Ok(match v {
            Value::Str(s) => Self::native_iter(NativeIter::Str {
                text: s.clone(),
                byte_pos: 0,
            }),
            Value::Tuple(_) | Value::List(_) | Value::Bytes(_) => {
                Self::native_iter(NativeIter::Seq {
                    seq: v.clone(),
                    index: 0,
                })
            }
            Value::Range(r) => Self::native_iter(NativeIter::Range {
                next: r.start,
                step: r.step,
                remaining: r.len(),
            }),
            Value::Dict(d) => {
                let len = d.borrow().len();
                Self::native_iter(NativeIter::DictKeys {
                    dict: d.clone(),
                    pos: 0,
                    kind: DictViewKind::Keys,
                    expected_len: len,
                })
            }
            Value::DictView(view) => {
                let len = view.dict.borrow().len();
                Self::native_iter(NativeIter::DictKeys {
                    dict: view.dict.clone(),
                    pos: 0,
                    kind: view.kind,
                    expected_len: len,
                })
            }
            Value::Set(_) | Value::FrozenSet(_) => Self::native_iter(NativeIter::Set {
                items: self.set_items(v),
                index: 0,
            }),
            Value::Generator(_) | Value::Iterator(_) => v.clone(),
            Value::Instance(_) | Value::Class(_) => {
                if let Some(r) = self.call_special(v, "__iter__", &[])? {
                    if !self.is_iterator(&r) {
                        let tn = self.type_name(&r);
                        return Err(
                            self.type_error(format!("iter() returned non-iterator of type '{tn}'"))
                        );
                    }
                    return Ok(r);
                }
                if self.special_method(v, "__getitem__").is_some() {
                    return Ok(Self::native_iter(NativeIter::Seq {
                        seq: v.clone(),
                        index: 0,
                    }));
                }
                let tn = self.type_name(v);
                return Err(self.type_error(format!("'{tn}' object is not iterable")));
            }
            _ => {
                let tn = self.type_name(v);
                return Err(self.type_error(format!("'{tn}' object is not iterable")));
            }
        })
    }

    fn is_iterator(&self, v: &Value) -> bool {
        match v {
            Value::Generator(_) | Value::Iterator(_) => true,
            Value::Instance(_) => self.special_method(v, "__next__").is_some(),
            _ => false,
        }
    }

    /// `next(it)`; `Ok(None)` when exhausted.
    pub fn next(&mut self, it: &Value) -> PyResult<Option<Value>> {
        match it {
            Value::Iterator(state) => self.next_native(state),
            Value::Generator(g) => {
                let g = g.clone();
                match self.resume_generator(&g, Value::None)? {
                    GenStep::Yielded(v) => Ok(Some(v)),
                    GenStep::Returned(_) => Ok(None),
                }
            }
            Value::Instance(_) => match self.call_special(it, "__next__", &[]) {
                Ok(Some(v)) => Ok(Some(v)),
                Ok(None) => {
                    let tn = self.type_name(it);
                    Err(self.type_error(format!("'{tn}' object is not an iterator")))
                }
                Err(e) if e.is_instance(&self.exc.stop_iteration.clone()) => Ok(None),
                Err(e) => Err(e),
            },
            _ => {
                let tn = self.type_name(it);
                Err(self.type_error(format!("'{tn}' object is not an iterator")))
            }
        }
    }

    /// The run loop's `for` over a `range`: the next int, advancing the iterator, or `None`
    /// when `state` is not a live range iterator (exhausted ones take [`Vm::next`]).
    #[inline]
    pub(crate) fn range_step(state: &RefCell<NativeIter>) -> Option<i64> {
        let mut s = state.try_borrow_mut().ok()?;
        match &mut *s {
            NativeIter::Range {
                next,
                step,
                remaining,
            } if *remaining > 0 => {
                let v = *next;
                *next = next.wrapping_add(*step);
                *remaining -= 1;
                Some(v)
            }
            _ => None,
        }
    }

    fn next_native(&mut self, state: &Rc<RefCell<NativeIter>>) -> PyResult<Option<Value>> {
        // Simple states advance under one borrow; the others need the VM.
        {
            let mut s = state.borrow_mut();
            match &mut *s {
                NativeIter::Range {
                    next,
                    step,
                    remaining,
                } => {
                    if *remaining <= 0 {
                        return Ok(None);
                    }
                    let v = *next;
                    *next = next.wrapping_add(*step);
                    *remaining -= 1;
                    return Ok(Some(Value::Int(v)));
                }
                NativeIter::Seq { seq, index } => match seq {
                    Value::List(l) => {
                        let v = l.borrow().get(*index).cloned();
                        *index += 1;
                        return Ok(v);
                    }
                    Value::Tuple(t) => {
                        let v = t.get(*index).cloned();
                        *index += 1;
                        return Ok(v);
                    }
                    Value::Bytes(b) => {
                        let v = b.get(*index).map(|&x| Value::Int(x as i64));
                        *index += 1;
                        return Ok(v);
                    }
                    _ => {}
                },
                NativeIter::Str { text, byte_pos } => {
                    let rest = &text.as_str()[*byte_pos..];
                    let Some(c) = rest.chars().next() else {
                        return Ok(None);
                    };
                    *byte_pos += c.len_utf8();
                    return Ok(Some(Value::str(c.to_string())));
                }
                NativeIter::Set { items, index } => {
                    let v = items.get(*index).cloned();
                    *index += 1;
                    return Ok(v);
                }
                NativeIter::DictKeys {
                    dict,
                    pos,
                    kind,
                    expected_len,
                } => {
                    let d = dict.borrow();
                    if d.len() != *expected_len {
                        drop(d);
                        *s = NativeIter::Exhausted;
                        return Err(self.runtime_error("dictionary changed size during iteration"));
                    }
                    let Some((i, e)) = d.next_from(*pos) else {
                        return Ok(None);
                    };
                    let v = match kind {
                        DictViewKind::Keys => e.key.clone(),
                        DictViewKind::Values => e.value.clone(),
                        DictViewKind::Items => Value::tuple(vec![e.key.clone(), e.value.clone()]),
                    };
                    *pos = i + 1;
                    return Ok(Some(v));
                }
                NativeIter::Exhausted => return Ok(None),
                _ => {}
            }
        }
        // States that call back into Python: take a snapshot of what is needed.
        let snapshot = {
            let s = state.borrow();
            match &*s {
                NativeIter::Seq { seq, index } => Step::GetItem(seq.clone(), *index),
                NativeIter::Enumerate { inner, count } => {
                    Step::Enumerate(inner.clone(), count.clone())
                }
                NativeIter::Zip { inners, strict } => Step::Zip(inners.clone(), *strict),
                NativeIter::Map { func, inners } => Step::Map(func.clone(), inners.clone()),
                NativeIter::Filter { func, inner } => Step::Filter(func.clone(), inner.clone()),
                NativeIter::Reversed { seq, index } => Step::Reversed(seq.clone(), *index),
                NativeIter::Callable { func, sentinel } => {
                    Step::Callable(func.clone(), sentinel.clone())
                }
                _ => return Ok(None),
            }
        };
        self.charge(1)?;
        // `map(f, map(f, ...))` recurses natively: count the depth like nested data.
        self.enter_data_recursion()?;
        let result = self.step_native(state, snapshot);
        self.leave_data_recursion();
        result
    }

    /// Advances an iterator whose step calls back into Python or other iterators.
    fn step_native(
        &mut self,
        state: &Rc<RefCell<NativeIter>>,
        snapshot: Step,
    ) -> PyResult<Option<Value>> {
        match snapshot {
            Step::GetItem(seq, index) => match self.get_item(&seq, &Value::Int(index as i64)) {
                Ok(v) => {
                    if let NativeIter::Seq { index: i, .. } = &mut *state.borrow_mut() {
                        *i += 1;
                    }
                    Ok(Some(v))
                }
                Err(e)
                    if e.is_instance(&self.exc.index_error.clone())
                        || e.is_instance(&self.exc.stop_iteration.clone()) =>
                {
                    *state.borrow_mut() = NativeIter::Exhausted;
                    Ok(None)
                }
                Err(e) => Err(e),
            },
            Step::Enumerate(inner, count) => {
                let Some(v) = self.next(&inner)? else {
                    *state.borrow_mut() = NativeIter::Exhausted;
                    return Ok(None);
                };
                let next_count = self.binary_op(&count, &Value::Int(1), crate::ast::BinOp::Add)?;
                if let NativeIter::Enumerate { count: c, .. } = &mut *state.borrow_mut() {
                    *c = next_count;
                }
                Ok(Some(Value::tuple(vec![count, v])))
            }
            Step::Zip(inners, strict) => {
                if inners.is_empty() {
                    return Ok(None);
                }
                let mut items = Vec::with_capacity(inners.len());
                for (i, it) in inners.iter().enumerate() {
                    match self.next(it)? {
                        Some(v) => items.push(v),
                        None => {
                            *state.borrow_mut() = NativeIter::Exhausted;
                            if strict {
                                if i > 0 {
                                    let plural = if i == 1 { " " } else { "s 1-" };
                                    return Err(self.value_error(format!(
                                        "zip() argument {} is shorter than argument{plural}{}",
                                        i + 1,
                                        i
                                    )));
                                }
                                for (j, rest) in inners.iter().enumerate().skip(1) {
                                    if self.next(rest)?.is_some() {
                                        let plural = if j == 1 { " " } else { "s 1-" };
                                        return Err(self.value_error(format!(
                                            "zip() argument {} is longer than argument{plural}{}",
                                            j + 1,
                                            j
                                        )));
                                    }
                                }
                            }
                            return Ok(None);
                        }
                    }
                }
                Ok(Some(Value::tuple(items)))
            }
            Step::Map(func, inners) => {
                let mut args = Vec::with_capacity(inners.len());
                for it in &inners {
                    match self.next(it)? {
                        Some(v) => args.push(v),
                        None => {
                            *state.borrow_mut() = NativeIter::Exhausted;
                            return Ok(None);
                        }
                    }
                }
                self.call(&func, &args, &[]).map(Some)
            }
            Step::Filter(func, inner) => loop {
                let Some(v) = self.next(&inner)? else {
                    *state.borrow_mut() = NativeIter::Exhausted;
                    return Ok(None);
                };
                let keep = if func.is_none() {
                    self.truthy(&v)?
                } else {
                    let r = self.call(&func, std::slice::from_ref(&v), &[])?;
                    self.truthy(&r)?
                };
                if keep {
                    return Ok(Some(v));
                }
                self.charge(1)?;
            },
            Step::Reversed(seq, index) => {
                if index == 0 {
                    *state.borrow_mut() = NativeIter::Exhausted;
                    return Ok(None);
                }
                let v = self.get_item(&seq, &Value::Int(index as i64 - 1))?;
                if let NativeIter::Reversed { index: i, .. } = &mut *state.borrow_mut() {
                    *i -= 1;
                }
                Ok(Some(v))
            }
            Step::Callable(func, sentinel) => {
                let v = self.call(&func, &[], &[])?;
                if self.eq(&v, &sentinel)? {
                    *state.borrow_mut() = NativeIter::Exhausted;
                    return Ok(None);
                }
                Ok(Some(v))
            }
        }
    }

    /// Collects an iterable into a vector (charging the budget per item).
    pub fn iterate(&mut self, v: &Value) -> PyResult<Vec<Value>> {
        match v {
            Value::List(l) => {
                let len = l.borrow().len();
                self.charge(len as u64 * super::COPY_UNITS)?;
                return Ok(l.borrow().clone());
            }
            Value::Tuple(t) => {
                self.charge(t.len() as u64 * super::COPY_UNITS)?;
                return Ok((**t).clone());
            }
            _ => {}
        }
        let it = self.get_iter(v)?;
        let mut out = Vec::new();
        while let Some(x) = self.next(&it)? {
            out.push(x);
            if out.len() % 64 == 0 {
                self.charge(64)?;
                self.check_seq_len(out.len())?;
            }
        }
        Ok(out)
    }

    /// Unpacking for assignment: exactly `n` items, or `before` + starred list + `after`.
    pub(crate) fn unpack(
        &mut self,
        v: &Value,
        before: usize,
        after: Option<usize>,
    ) -> PyResult<Vec<Value>> {
        if !self.is_iterable(v) {
            let tn = self.type_name(v);
            return Err(self.type_error(format!("cannot unpack non-iterable {tn} object")));
        }
        match after {
            None => {
                let n = before;
                let items = match v {
                    Value::List(l) => l.borrow().clone(),
                    Value::Tuple(t) => (**t).clone(),
                    _ => {
                        // Stop after n + 1 items like CPython.
                        let it = self.get_iter(v)?;
                        let mut out = Vec::new();
                        while let Some(x) = self.next(&it)? {
                            out.push(x);
                            if out.len() > n {
                                break;
                            }
                        }
                        out
                    }
                };
                if items.len() > n {
                    return Err(
                        self.value_error(format!("too many values to unpack (expected {n})"))
                    );
                }
                if items.len() < n {
                    return Err(self.value_error(format!(
                        "not enough values to unpack (expected {n}, got {})",
                        items.len()
                    )));
                }
                Ok(items)
            }
            Some(after) => {
                let items = self.iterate(v)?;
                if items.len() < before + after {
                    return Err(self.value_error(format!(
                        "not enough values to unpack (expected at least {}, got {})",
                        before + after,
                        items.len()
                    )));
                }
                let mut out = Vec::with_capacity(before + after + 1);
                out.extend(items[..before].iter().cloned());
                out.push(Value::list(items[before..items.len() - after].to_vec()));
                out.extend(items[items.len() - after..].iter().cloned());
                Ok(out)
            }
        }
    }
}

enum Step {
    GetItem(Value, usize),
    Enumerate(Value, Value),
    Zip(Vec<Value>, bool),
    Map(Value, Vec<Value>),
    Filter(Value, Value),
    Reversed(Value, usize),
    Callable(Value, Value),
}
