//! Subscripts: `obj[i]`, `obj[a:b:c]`, item and slice assignment and deletion, with
//! CPython's index normalization and error messages.

use std::rc::Rc;

use num_traits::Signed;

use super::Vm;
use crate::value::{PyResult, SliceObj, Value};

/// Resolved slice bounds, as `PySlice_AdjustIndices` computes them.
#[derive(Debug, Clone, Copy)]
pub struct SliceIndices {
    pub start: i64,
    pub stop: i64,
    pub step: i64,
    pub len: usize,
}

impl SliceIndices {
    /// The selected positions in order.
    pub fn positions(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len).map(move |i| (self.start + i as i64 * self.step) as usize)
    }
}

impl<'h> Vm<'h> {
    /// An index argument as `i64` (`__index__` supported); `None` if it is not an integer.
    pub fn as_index(&mut self, v: &Value) -> PyResult<Option<i64>> {
        match v {
            Value::Int(i) => Ok(Some(*i)),
            Value::Bool(b) => Ok(Some(*b as i64)),
            Value::BigInt(b) => {
                let tn = self.type_name(v);
                let _ = b.is_negative();
                Err(self.index_error(format!("cannot fit '{tn}' into an index-sized integer")))
            }
            Value::Instance(_) => match self.call_special(v, "__index__", &[])? {
                Some(Value::Int(i)) => Ok(Some(i)),
                Some(_) => Err(self.type_error("__index__ returned non-int")),
                None => Ok(None),
            },
            _ => Ok(None),
        }
    }

    /// Resolves `slice` against a sequence of `len` items.
    pub fn slice_indices(&mut self, s: &SliceObj, len: usize) -> PyResult<SliceIndices> {
        let len = len as i64;
        let step = match &s.step {
            Value::None => 1,
            v => self.slice_bound(v)?,
        };
        if step == 0 {
            return Err(self.value_error("slice step cannot be zero"));
        }
        let (lower, upper) = if step < 0 { (-1, len - 1) } else { (0, len) };
        let adjust = |v: i64| -> i64 {
            if v < 0 {
                (v + len).max(lower)
            } else {
                v.min(upper)
            }
        };
        let start = match &s.start {
            Value::None => {
                if step < 0 {
                    upper
                } else {
                    lower
                }
            }
            v => adjust(self.slice_bound(v)?),
        };
        let stop = match &s.stop {
            Value::None => {
                if step < 0 {
                    lower
                } else {
                    upper
                }
            }
            v => adjust(self.slice_bound(v)?),
        };
        let count = if step > 0 {
            if stop > start {
                (stop - start - 1) / step + 1
            } else {
                0
            }
        } else if start > stop {
            (start - stop - 1) / (-step) + 1
        } else {
            0
        };
        Ok(SliceIndices {
            start,
            stop,
            step,
            len: count as usize,
        })
    }

    fn slice_bound(&mut self, v: &Value) -> PyResult<i64> {
        match v {
            Value::BigInt(b) => Ok(if b.is_negative() {
                i64::MIN / 2
            } else {
                i64::MAX / 2
            }),
            _ => match self.as_index(v)? {
                Some(i) => Ok(i.clamp(i64::MIN / 2, i64::MAX / 2)),
                None => Err(self.type_error(
                    "slice indices must be integers or None or have an __index__ method",
                )),
            },
        }
    }

    fn normalize_index(
        &mut self,
        index: &Value,
        len: usize,
        what: &str,
    ) -> PyResult<Option<usize>> {
        let Some(i) = self.as_index(index)? else {
            let tn = self.type_name(index);
            return Err(match what {
                "string" => self.type_error(format!("string indices must be integers, not '{tn}'")),
                _ => self.type_error(format!(
                    "{what} indices must be integers or slices, not {tn}"
                )),
            });
        };
        let i = if i < 0 { i + len as i64 } else { i };
        if i < 0 || i >= len as i64 {
            return Ok(None);
        }
        Ok(Some(i as usize))
    }

    /// `obj[index]`.
    pub fn get_item(&mut self, obj: &Value, index: &Value) -> PyResult {
        match obj {
            Value::List(l) => {
                if let Value::Slice(s) = index {
                    // The bounds first (`__index__` may run Python code), then the copy.
                    let len = l.borrow().len();
                    let idx = self.slice_indices(s, len)?;
                    self.charge(idx.len as u64 * super::COPY_UNITS)?;
                    let items = l.borrow();
                    let picked = idx.positions().filter_map(|p| items.get(p).cloned());
                    return Ok(Value::list(picked.collect()));
                }
                let len = l.borrow().len();
                match self.normalize_index(index, len, "list")? {
                    Some(i) => Ok(l.borrow()[i].clone()),
                    None => Err(self.index_error("list index out of range")),
                }
            }
            Value::Tuple(t) => {
                if let Value::Slice(s) = index {
                    let idx = self.slice_indices(s, t.len())?;
                    self.charge(idx.len as u64 * super::COPY_UNITS)?;
                    return Ok(Value::tuple(
                        idx.positions().map(|p| t[p].clone()).collect(),
                    ));
                }
                match self.normalize_index(index, t.len(), "tuple")? {
                    Some(i) => Ok(t[i].clone()),
                    None => Err(self.index_error("tuple index out of range")),
                }
            }
            Value::Str(s) => {
                if let Value::Slice(sl) = index {
                    let idx = self.slice_indices(sl, s.char_len())?;
                    self.charge_bytes(if s.is_ascii() {
                        idx.len
                    } else {
                        s.as_str().len()
                    })?;
                    if s.is_ascii() {
                        let bytes = s.as_str().as_bytes();
                        if idx.step == 1 {
                            let (a, b) = (idx.start as usize, idx.start as usize + idx.len);
                            return Ok(Value::str(s.as_str().get(a..b).unwrap_or("").to_string()));
                        }
                        let out: String = idx.positions().map(|p| bytes[p] as char).collect();
                        return Ok(Value::str(out));
                    }
                    let chars: Vec<char> = s.as_str().chars().collect();
                    let out: String = idx.positions().map(|p| chars[p]).collect();
                    return Ok(Value::str(out));
                }
                match self.normalize_index(index, s.char_len(), "string")? {
                    Some(i) => Ok(Value::str(
                        s.char_at(i).map(String::from).unwrap_or_default(),
                    )),
                    None => Err(self.index_error("string index out of range")),
                }
            }
            Value::Bytes(b) => {
                if let Value::Slice(sl) = index {
                    let idx = self.slice_indices(sl, b.len())?;
                    self.charge_bytes(idx.len)?;
                    return Ok(Value::Bytes(Rc::new(
                        idx.positions().map(|p| b[p]).collect(),
                    )));
                }
                match self.normalize_index(index, b.len(), "byte")? {
                    Some(i) => Ok(Value::Int(b[i] as i64)),
                    None => Err(self.index_error("index out of range")),
                }
            }
            Value::Range(r) => {
                let r = **r;
                if let Value::Slice(sl) = index {
                    let idx = self.slice_indices(sl, r.len() as usize)?;
                    let start = r.at(idx.start);
                    let step = r.step * idx.step;
                    let stop = start + step * idx.len as i64;
                    return Ok(Value::Range(Rc::new(crate::value::Range {
                        start,
                        stop,
                        step,
                    })));
                }
                match self.normalize_index(index, r.len() as usize, "range")? {
                    Some(i) => Ok(Value::Int(r.at(i as i64))),
                    None => Err(self.index_error("range object index out of range")),
                }
            }
            Value::Dict(d) => match self.dict_get(d, index)? {
                Some(v) => Ok(v),
                None => Err(self.key_error(index.clone())),
            },
            Value::Instance(_) => {
                match self.call_special(obj, "__getitem__", std::slice::from_ref(index))? {
                    Some(v) => Ok(v),
                    None => {
                        let tn = self.type_name(obj);
                        Err(self.type_error(format!("'{tn}' object is not subscriptable")))
                    }
                }
            }
            Value::Class(c) => {
                if let Some(f) = self.metaclass_method(c, "__getitem__") {
                    return self.call_method_value(&f, obj, std::slice::from_ref(index));
                }
                if let Some(f) = c.lookup("__class_getitem__") {
                    let f = match f {
                        Value::ClassMethod(inner) => (*inner).clone(),
                        other => other,
                    };
                    return self.call(&f, &[obj.clone(), index.clone()], &[]);
                }
                if matches!(c.kind, crate::value::ClassKind::Builtin(_)) {
                    // `list[int]` in annotations.
                    return Ok(crate::builtins::generic_alias::generic_alias(
                        obj.clone(),
                        index,
                    ));
                }
                Err(self.type_error("'type' object is not subscriptable"))
            }
            _ => {
                let tn = self.type_name(obj);
                Err(self.type_error(format!("'{tn}' object is not subscriptable")))
            }
        }
    }

    /// `obj[index] = value`.
    pub fn set_item(&mut self, obj: &Value, index: &Value, value: Value) -> PyResult<()> {
        match obj {
            Value::List(l) => {
                if let Value::Slice(s) = index {
                    let items = self.iterate(&value)?;
                    let len = l.borrow().len();
                    let idx = self.slice_indices(s, len)?;
                    if idx.step == 1 {
                        let start = idx.start.max(0) as usize;
                        let stop = (idx.start.max(0) as usize + idx.len).max(start);
                        self.check_seq_len(len - (stop - start) + items.len())?;
                        l.borrow_mut().splice(start..stop, items);
                        return Ok(());
                    }
                    if items.len() != idx.len {
                        return Err(self.value_error(format!(
                            "attempt to assign sequence of size {} to extended slice of size {}",
                            items.len(),
                            idx.len
                        )));
                    }
                    let positions: Vec<usize> = idx.positions().collect();
                    let mut list = l.borrow_mut();
                    for (p, v) in positions.into_iter().zip(items) {
                        list[p] = v;
                    }
                    return Ok(());
                }
                let len = l.borrow().len();
                match self.normalize_index(index, len, "list")? {
                    Some(i) => {
                        l.borrow_mut()[i] = value;
                        Ok(())
                    }
                    None => Err(self.index_error("list assignment index out of range")),
                }
            }
            Value::Dict(d) => self.dict_setitem(d, index.clone(), value),
            Value::Instance(_) => {
                match self.call_special(obj, "__setitem__", &[index.clone(), value])? {
                    Some(_) => Ok(()),
                    None => {
                        let tn = self.type_name(obj);
                        Err(self
                            .type_error(format!("'{tn}' object does not support item assignment")))
                    }
                }
            }
            _ => {
                let tn = self.type_name(obj);
                Err(self.type_error(format!("'{tn}' object does not support item assignment")))
            }
        }
    }

    /// `del obj[index]`.
    pub fn del_item(&mut self, obj: &Value, index: &Value) -> PyResult<()> {
        match obj {
            Value::List(l) => {
                if let Value::Slice(s) = index {
                    let len = l.borrow().len();
                    let idx = self.slice_indices(s, len)?;
                    // Highest position first, so each removal leaves the ones still to go
                    // in place; a negative step already runs downwards.
                    let mut positions: Vec<usize> = idx.positions().collect();
                    if idx.step > 0 {
                        positions.reverse();
                    }
                    let mut list = l.borrow_mut();
                    for p in positions {
                        list.remove(p);
                    }
                    return Ok(());
                }
                let len = l.borrow().len();
                match self.normalize_index(index, len, "list")? {
                    Some(i) => {
                        l.borrow_mut().remove(i);
                        Ok(())
                    }
                    None => Err(self.index_error("list assignment index out of range")),
                }
            }
            Value::Dict(d) => match self.dict_remove(d, index)? {
                Some(_) => Ok(()),
                None => Err(self.key_error(index.clone())),
            },
            Value::Instance(_) => {
                match self.call_special(obj, "__delitem__", std::slice::from_ref(index))? {
                    Some(_) => Ok(()),
                    None => {
                        let tn = self.type_name(obj);
                        Err(self
                            .type_error(format!("'{tn}' object does not support item deletion")))
                    }
                }
            }
            _ => {
                let tn = self.type_name(obj);
                Err(self.type_error(format!("'{tn}' object does not support item deletion")))
            }
        }
    }

    /// `len(v)`.
    pub fn len(&mut self, v: &Value) -> PyResult<usize> {
        Ok(match v {
            Value::Str(s) => s.char_len(),
            Value::Bytes(b) => b.len(),
            Value::List(l) => l.borrow().len(),
            Value::Tuple(t) => t.len(),
            Value::Dict(d) => d.borrow().len(),
            Value::Set(s) => s.borrow().len(),
            Value::FrozenSet(s) => s.len(),
            Value::Range(r) => r.len() as usize,
            Value::DictView(view) => view.dict.borrow().len(),
            Value::Instance(_) | Value::Class(_) => match self.call_special(v, "__len__", &[])? {
                Some(r) => self.len_result(r)?,
                None => {
                    let tn = self.type_name(v);
                    return Err(self.type_error(format!("object of type '{tn}' has no len()")));
                }
            },
            _ => {
                let tn = self.type_name(v);
                return Err(self.type_error(format!("object of type '{tn}' has no len()")));
            }
        })
    }
}
