//! Operators: arithmetic on the numeric tower (i64 fast path, big ints, floats), sequence
//! operators, comparisons, truthiness, hashing and equality, and the dunder protocol with
//! reflected (`__radd__`) and in-place (`__iadd__`) forms for user and host classes.

use std::cell::RefCell;
use std::cmp::Ordering;
use std::rc::Rc;

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive, Zero};

use super::Vm;
use crate::ast::{BinOp, CmpOp};
use crate::compile::code::Instr;
use crate::exceptions::Exception;
use crate::value::dict::{native_eq, Lookup};
use crate::value::{hash, Dict, PyResult, PyStr, Set, Value};

/// The operator's symbol as error messages print it.
pub fn op_symbol(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mult => "*",
        BinOp::MatMult => "@",
        BinOp::Div => "/",
        BinOp::FloorDiv => "//",
        BinOp::Mod => "%",
        BinOp::Pow => "**",
        BinOp::LShift => "<<",
        BinOp::RShift => ">>",
        BinOp::BitOr => "|",
        BinOp::BitXor => "^",
        BinOp::BitAnd => "&",
    }
}

/// `(__op__, __rop__, __iop__)`.
pub fn op_dunders(op: BinOp) -> (&'static str, &'static str, &'static str) {
    match op {
        BinOp::Add => ("__add__", "__radd__", "__iadd__"),
        BinOp::Sub => ("__sub__", "__rsub__", "__isub__"),
        BinOp::Mult => ("__mul__", "__rmul__", "__imul__"),
        BinOp::MatMult => ("__matmul__", "__rmatmul__", "__imatmul__"),
        BinOp::Div => ("__truediv__", "__rtruediv__", "__itruediv__"),
        BinOp::FloorDiv => ("__floordiv__", "__rfloordiv__", "__ifloordiv__"),
        BinOp::Mod => ("__mod__", "__rmod__", "__imod__"),
        BinOp::Pow => ("__pow__", "__rpow__", "__ipow__"),
        BinOp::LShift => ("__lshift__", "__rlshift__", "__ilshift__"),
        BinOp::RShift => ("__rshift__", "__rrshift__", "__irshift__"),
        BinOp::BitOr => ("__or__", "__ror__", "__ior__"),
        BinOp::BitXor => ("__xor__", "__rxor__", "__ixor__"),
        BinOp::BitAnd => ("__and__", "__rand__", "__iand__"),
    }
}

/// The i64 fast path of binary operators; `None` when the result needs the slow path.
#[inline]
pub fn int_fast(a: i64, b: i64, op: BinOp) -> Option<Value> {
    Some(Value::Int(match op {
        BinOp::Add => a.checked_add(b)?,
        BinOp::Sub => a.checked_sub(b)?,
        BinOp::Mult => a.checked_mul(b)?,
        BinOp::FloorDiv => {
            if b == 0 {
                return None;
            }
            a.checked_div_euclid(b)
                .map(|_| Integer::div_floor(&a, &b))?
        }
        BinOp::Mod => {
            if b == 0 {
                return None;
            }
            a.checked_rem(b).map(|_| a.mod_floor(&b))?
        }
        BinOp::BitAnd => a & b,
        BinOp::BitOr => a | b,
        BinOp::BitXor => a ^ b,
        _ => return None,
    }))
}

/// Comparison of two small ints.
#[inline]
pub fn int_compare(a: i64, b: i64, op: CmpOp) -> bool {
    match op {
        CmpOp::Eq | CmpOp::Is => a == b,
        CmpOp::NotEq | CmpOp::IsNot => a != b,
        CmpOp::Lt => a < b,
        CmpOp::LtE => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::GtE => a >= b,
        CmpOp::In | CmpOp::NotIn => false,
    }
}

/// [`int_compare`] for the run loop's fast path: `None` for `in`/`not in`, which need the
/// slow path (an int is not a container, so they raise).
#[inline]
pub fn int_compare_fast(a: i64, b: i64, op: CmpOp) -> Option<bool> {
    match op {
        CmpOp::In | CmpOp::NotIn => None,
        _ => Some(int_compare(a, b, op)),
    }
}

/// A number as the numeric tower sees it.
enum Num {
    Int(BigInt),
    Float(f64),
}

fn as_bigint(v: &Value) -> Option<BigInt> {
    match v {
        Value::Int(i) => Some(BigInt::from(*i)),
        Value::Bool(b) => Some(BigInt::from(*b as i64)),
        Value::BigInt(b) => Some((**b).clone()),
        _ => None,
    }
}

/// For `s += t`: the variable slot's value, taken out, when it is the str `s` itself (the
/// same object), so the concatenation may extend `s` in place.
fn take_if_same_str(slot: Option<&mut Option<Value>>, s: &Rc<PyStr>) -> Option<Value> {
    let slot = slot?;
    if matches!(slot, Some(Value::Str(v)) if Rc::ptr_eq(v, s)) {
        slot.take()
    } else {
        None
    }
}

impl<'h> Vm<'h> {
    fn num(&self, v: &Value) -> Option<Num> {
        match v {
            Value::Float(f) => Some(Num::Float(*f)),
            other => as_bigint(other).map(Num::Int),
        }
    }

    /// An int (or bool) as `f64`, with CPython's OverflowError for huge ints.
    pub fn to_f64(&self, v: &Value) -> PyResult<Option<f64>> {
        Ok(match v {
            Value::Float(f) => Some(*f),
            Value::Int(i) => Some(*i as f64),
            Value::Bool(b) => Some(*b as i64 as f64),
            Value::BigInt(b) => {
                Some(crate::format::int_to_float(b).map_err(|e| self.format_error(e))?)
            }
            _ => None,
        })
    }

    fn check_int_bits(&self, v: &BigInt) -> PyResult<()> {
        if v.bits() > self.limits.max_int_bits {
            return Err(self.new_error(
                &self.exc.memory_error,
                format!(
                    "integer result too large (more than {} bits)",
                    self.limits.max_int_bits
                ),
            ));
        }
        Ok(())
    }

    fn big(&self, v: BigInt) -> PyResult {
        self.check_int_bits(&v)?;
        Ok(Value::from_bigint(v))
    }

    /// `s + t` with two strs on top of the stack (`[.., s, t]` becomes `[.., s + t]`). A left
    /// operand nothing else refers to (a temporary such as `str(i)` in `str(i) + ','`) cannot
    /// be observed, so its text is extended in place. For `s += t` (`inplace`), when the next
    /// instruction stores the result back into the variable `s` came from and nothing else
    /// refers to that string, the variable lets go of it first so the same applies (CPython's
    /// `unicode_concatenate`): building a string in a loop is linear instead of quadratic. No
    /// user code can run in between: nothing observes it.
    pub(crate) fn str_concat_top(&mut self, inplace: bool) -> PyResult<()> {
        let frame = self.top();
        let n = frame.stack.len();
        let (Value::Str(s), Value::Str(t)) = (&frame.stack[n - 2], &frame.stack[n - 1]) else {
            return Err(self.runtime_error("bad operands for str +="));
        };
        let total = s.as_str().len() + t.as_str().len();
        self.check_str_len(total)?;
        let frame = self.top();
        let Value::Str(s) = &frame.stack[n - 2] else {
            return Err(self.runtime_error("bad operands for str +="));
        };
        let next = if inplace {
            frame.code.instrs.get(frame.pc)
        } else {
            None
        };
        let held = match next {
            Some(&Instr::StoreFast(i)) => take_if_same_str(frame.locals.get_mut(i as usize), s),
            Some(&Instr::StoreGlobal(slot)) => {
                let mut values = frame.globals.values.borrow_mut();
                take_if_same_str(values.get_mut(slot as usize), s)
            }
            _ => None,
        };
        // The variable's reference goes; the store that follows puts the result back.
        drop(held);
        let t = frame.stack.pop().unwrap_or_default();
        let (Some(Value::Str(s)), Value::Str(t)) = (frame.stack.last_mut(), &t) else {
            return Err(self.runtime_error("bad operands for str +="));
        };
        match Rc::get_mut(s) {
            Some(text) => text.push(t),
            None => *s = Rc::new(PyStr::concat(s, t)),
        }
        Ok(())
    }

    /// Binary operators on builtin values; `Ok(None)` means "not supported by builtins".
    fn builtin_binary(&mut self, a: &Value, b: &Value, op: BinOp) -> PyResult<Option<Value>> {
        use Value::*;
        // Numbers.
        if let (Some(x), Some(y)) = (self.num(a), self.num(b)) {
            return self.numeric_binary(x, y, op).map(Some);
        }
        if matches!(a, Complex(_)) || matches!(b, Complex(_)) {
            return self.complex_binary(a, b, op);
        }
        Ok(match (a, b, op) {
            (Str(x), Str(y), BinOp::Add) => {
                let len = x.as_str().len() + y.as_str().len();
                self.check_str_len(len)?;
                self.charge_bytes(len)?;
                self.reserve(len)?;
                Some(Value::Str(Rc::new(PyStr::concat(x, y))))
            }
            (List(x), List(y), BinOp::Add) => {
                let len = x.borrow().len() + y.borrow().len();
                self.check_seq_len(len)?;
                self.charge(len as u64 * super::COPY_UNITS)?;
                self.reserve_items(len, std::mem::size_of::<Value>())?;
                let mut v = x.borrow().clone();
                v.extend(y.borrow().iter().cloned());
                self.check_seq_len(v.len())?;
                Some(Value::list(v))
            }
            (Tuple(x), Tuple(y), BinOp::Add) => {
                let len = x.len() + y.len();
                self.check_seq_len(len)?;
                self.charge(len as u64 * super::COPY_UNITS)?;
                self.reserve_items(len, std::mem::size_of::<Value>())?;
                let mut v = (**x).clone();
                v.extend(y.iter().cloned());
                self.check_seq_len(v.len())?;
                Some(Value::tuple(v))
            }
            (Bytes(x), Bytes(y), BinOp::Add) => {
                let mut v = (**x).clone();
                v.extend(y.iter());
                Some(Value::Bytes(Rc::new(v)))
            }
            (Str(_) | List(_) | Tuple(_) | Bytes(_), Int(_) | Bool(_) | BigInt(_), BinOp::Mult) => {
                Some(self.repeat(a, b)?)
            }
            (Int(_) | Bool(_) | BigInt(_), Str(_) | List(_) | Tuple(_) | Bytes(_), BinOp::Mult) => {
                Some(self.repeat(b, a)?)
            }
            (Str(s), _, BinOp::Mod) => Some(self.percent_format(s.as_str(), b)?),
            (Dict(x), Dict(_), BinOp::BitOr) => {
                let d = Rc::new(RefCell::new(x.borrow().clone()));
                self.dict_update_from(&d, b, false)?;
                Some(Value::Dict(d))
            }
            (
                Set(_) | FrozenSet(_),
                Set(_) | FrozenSet(_),
                BinOp::BitOr | BinOp::BitAnd | BinOp::Sub | BinOp::BitXor,
            ) => {
                let frozen = matches!(a, FrozenSet(_));
                let result = self.set_operation(a, b, op)?;
                Some(if frozen {
                    Value::FrozenSet(Rc::new(result))
                } else {
                    Value::Set(Rc::new(RefCell::new(result)))
                })
            }
            (DictView(v), _, BinOp::BitOr | BinOp::BitAnd | BinOp::Sub | BinOp::BitXor)
                if v.kind != crate::value::DictViewKind::Values =>
            {
                let ia = self.iterate(a)?;
                let ib = self.iterate(b)?;
                let left = self.new_set(ia)?;
                let right = self.new_set(ib)?;
                let result = self.set_operation(&left, &right, op)?;
                Some(Value::Set(Rc::new(RefCell::new(result))))
            }
            _ => Option::None,
        })
    }

    fn numeric_binary(&mut self, x: Num, y: Num, op: BinOp) -> PyResult {
        match (x, y) {
            (Num::Int(a), Num::Int(b)) => self.int_binary(a, b, op),
            (Num::Float(a), Num::Float(b)) => self.float_binary(a, b, op),
            (Num::Int(a), Num::Float(b)) => {
                if matches!(
                    op,
                    BinOp::LShift
                        | BinOp::RShift
                        | BinOp::BitAnd
                        | BinOp::BitOr
                        | BinOp::BitXor
                        | BinOp::MatMult
                ) {
                    return Err(self.unsupported(op, "int", "float"));
                }
                let a = crate::format::int_to_float(&a).map_err(|e| self.format_error(e))?;
                self.float_binary(a, b, op)
            }
            (Num::Float(a), Num::Int(b)) => {
                if matches!(
                    op,
                    BinOp::LShift
                        | BinOp::RShift
                        | BinOp::BitAnd
                        | BinOp::BitOr
                        | BinOp::BitXor
                        | BinOp::MatMult
                ) {
                    return Err(self.unsupported(op, "float", "int"));
                }
                let b = crate::format::int_to_float(&b).map_err(|e| self.format_error(e))?;
                self.float_binary(a, b, op)
            }
        }
    }

    fn int_binary(&mut self, a: BigInt, b: BigInt, op: BinOp) -> PyResult {
        match op {
            BinOp::Add => self.big(a + b),
            BinOp::Sub => self.big(a - b),
            BinOp::Mult => {
                if a.bits() + b.bits() > self.limits.max_int_bits + 1 {
                    return self.big(BigInt::from(1) << (self.limits.max_int_bits + 1));
                }
                self.big(a * b)
            }
            BinOp::FloorDiv => {
                if b.is_zero() {
                    return Err(self.zero_division("integer division or modulo by zero"));
                }
                self.big(a.div_floor(&b))
            }
            BinOp::Mod => {
                if b.is_zero() {
                    return Err(self.zero_division("integer modulo by zero"));
                }
                self.big(a.mod_floor(&b))
            }
            BinOp::Div => {
                if b.is_zero() {
                    return Err(self.zero_division("division by zero"));
                }
                match (a.to_f64(), b.to_f64()) {
                    (Some(x), Some(y))
                        if x.abs() < 9007199254740992.0 && y.abs() < 9007199254740992.0 =>
                    {
                        Ok(Value::Float(x / y))
                    }
                    _ => {
                        // Big operands: scale to keep precision, then divide.
                        let q = int_true_divide(&a, &b);
                        match q {
                            Some(f) if f.is_finite() => Ok(Value::Float(f)),
                            _ => Err(self
                                .overflow_error("integer division result too large for a float")),
                        }
                    }
                }
            }
            BinOp::Pow => {
                if b.is_negative() {
                    let x = crate::format::int_to_float(&a).map_err(|e| self.format_error(e))?;
                    let y = b.to_f64().unwrap_or(f64::NEG_INFINITY);
                    if x == 0.0 {
                        return Err(self.zero_division("0.0 cannot be raised to a negative power"));
                    }
                    return Ok(Value::Float(x.powf(y)));
                }
                let exp = match b.to_u64() {
                    Some(e) => e,
                    None => {
                        if a.abs() <= BigInt::from(1) {
                            return Ok(Value::from_bigint(if a.is_negative() && b.is_odd() {
                                a
                            } else {
                                a.abs()
                            }));
                        }
                        return Err(self
                            .big(BigInt::from(1) << (self.limits.max_int_bits + 1))
                            .err()
                            .unwrap_or_else(|| self.memory_error()));
                    }
                };
                let base_bits = a.bits();
                if base_bits > 1 && (base_bits - 1).saturating_mul(exp) > self.limits.max_int_bits {
                    return Err(self.new_error(
                        &self.exc.memory_error,
                        format!(
                            "integer result too large (more than {} bits)",
                            self.limits.max_int_bits
                        ),
                    ));
                }
                if exp > u32::MAX as u64 {
                    // |a| <= 1 here.
                    return Ok(Value::from_bigint(num_traits::pow::pow(
                        a,
                        (exp % 2 + 2) as usize,
                    )));
                }
                self.big(num_traits::pow::pow(a, exp as usize))
            }
            BinOp::LShift => {
                if b.is_negative() {
                    return Err(self.value_error("negative shift count"));
                }
                let shift = b.to_u64().unwrap_or(u64::MAX);
                if a.is_zero() {
                    return Ok(Value::Int(0));
                }
                if shift.saturating_add(a.bits()) > self.limits.max_int_bits {
                    return Err(self.new_error(
                        &self.exc.memory_error,
                        format!(
                            "integer result too large (more than {} bits)",
                            self.limits.max_int_bits
                        ),
                    ));
                }
                self.big(a << shift as usize)
            }
            BinOp::RShift => {
                if b.is_negative() {
                    return Err(self.value_error("negative shift count"));
                }
                let shift = b.to_u64().unwrap_or(u64::MAX);
                if shift >= a.bits() {
                    return Ok(Value::Int(if a.is_negative() { -1 } else { 0 }));
                }
                // Floor semantics for negatives.
                let div = BigInt::from(1) << shift as usize;
                self.big(a.div_floor(&div))
            }
            BinOp::BitAnd => self.big(a & b),
            BinOp::BitOr => self.big(a | b),
            BinOp::BitXor => self.big(a ^ b),
            BinOp::MatMult => Err(self.unsupported(op, "int", "int")),
        }
    }

    fn float_binary(&mut self, a: f64, b: f64, op: BinOp) -> PyResult {
        Ok(Value::Float(match op {
            BinOp::Add => a + b,
            BinOp::Sub => a - b,
            BinOp::Mult => a * b,
            BinOp::Div => {
                if b == 0.0 {
                    return Err(self.zero_division("float division by zero"));
                }
                a / b
            }
            BinOp::FloorDiv => {
                if b == 0.0 {
                    return Err(self.zero_division("float floor division by zero"));
                }
                float_divmod(a, b).0
            }
            BinOp::Mod => {
                if b == 0.0 {
                    return Err(self.zero_division("float modulo"));
                }
                float_divmod(a, b).1
            }
            BinOp::Pow => {
                if a == 0.0 && b < 0.0 {
                    return Err(self.zero_division("0.0 cannot be raised to a negative power"));
                }
                if a < 0.0 && b.fract() != 0.0 && b.is_finite() {
                    return Err(
                        self.value_error("math domain error (complex results are not supported)")
                    );
                }
                let r = a.powf(b);
                if r.is_infinite() && a.is_finite() && b.is_finite() {
                    return Err(self.overflow_error("(34, 'Numerical result out of range')"));
                }
                r
            }
            _ => return Err(self.unsupported(op, "float", "float")),
        }))
    }

    fn repeat(&mut self, seq: &Value, count: &Value) -> PyResult {
        let n = match count {
            Value::Int(i) => *i,
            Value::Bool(b) => *b as i64,
            Value::BigInt(b) => {
                if b.is_negative() {
                    0
                } else {
                    return Err(self.overflow_error("cannot fit 'int' into an index-sized integer"));
                }
            }
            _ => 0,
        };
        let n = n.max(0) as usize;
        let unit = match seq {
            Value::Str(s) => s.as_str().len(),
            Value::List(l) => l.borrow().len(),
            Value::Tuple(t) => t.len(),
            Value::Bytes(b) => b.len(),
            _ => 0,
        };
        if unit
            .checked_mul(n)
            .is_none_or(|total| total > self.limits.max_sequence_len)
        {
            return Err(self.memory_error());
        }
        let total = unit * n;
        match seq {
            Value::Str(_) | Value::Bytes(_) => {
                self.charge_bytes(total)?;
                self.reserve(total)?;
            }
            _ => {
                self.charge(total as u64 * super::COPY_UNITS)?;
                self.reserve_items(total, std::mem::size_of::<Value>())?;
            }
        }
        Ok(match seq {
            Value::Str(s) => Value::str(s.as_str().repeat(n)),
            Value::List(l) => {
                let items = l.borrow();
                let mut v = Vec::with_capacity(items.len() * n);
                for _ in 0..n {
                    v.extend(items.iter().cloned());
                }
                Value::list(v)
            }
            Value::Tuple(t) => {
                let mut v = Vec::with_capacity(t.len() * n);
                for _ in 0..n {
                    v.extend(t.iter().cloned());
                }
                Value::tuple(v)
            }
            Value::Bytes(b) => Value::Bytes(Rc::new(b.repeat(n))),
            other => other.clone(),
        })
    }

    /// An object as `%d`/`%x` (its `__index__` or `__int__`) or `%f`/`%e`/`%g` (its
    /// `__float__`) takes it, as CPython's `PyNumber_Index`/`PyNumber_Float` do; a NumPy
    /// float scalar or a TensorFlow tensor formats as `%.2f` through `__float__`.
    fn percent_number(&mut self, v: &Value, conversion: char) -> PyResult<PercentNumber> {
        let as_float = |vm: &mut Self, f: Value| -> PyResult<PercentNumber> {
            Ok(match f {
                Value::Float(x) => PercentNumber::Float(x),
                other => PercentNumber::Float(vm.to_f64(&other)?.unwrap_or(0.0)),
            })
        };
        if matches!(conversion, 'e' | 'E' | 'f' | 'F' | 'g' | 'G') {
            if let Some(f) = self.call_special(v, "__float__", &[])? {
                return as_float(self, f);
            }
        }
        for method in ["__index__", "__int__"] {
            if self.special_method(v, method).is_none() {
                continue;
            }
            if let Some(i) = self.call_special(v, method, &[])? {
                return Ok(PercentNumber::Int(as_bigint(&i).unwrap_or_default()));
            }
        }
        if let Some(f) = self.call_special(v, "__float__", &[])? {
            return as_float(self, f);
        }
        Ok(PercentNumber::Other(self.type_name(v)))
    }

    /// `template % args`.
    fn percent_format(&mut self, template: &str, operand: &Value) -> PyResult {
        use crate::format::{
            percent_format, percent_requests, PercentArg, PercentOperand, PercentSource,
        };
        let shape = match operand {
            Value::Tuple(t) => PercentOperand::Tuple { len: t.len() },
            Value::Dict(_) | Value::List(_) => PercentOperand::Single { is_mapping: true },
            Value::Instance(_) => PercentOperand::Single {
                is_mapping: self.special_method(operand, "__getitem__").is_some(),
            },
            _ => PercentOperand::Single { is_mapping: false },
        };
        let requests = percent_requests(template, shape);
        use PercentNumber as Owned;
        let mut owned = Vec::with_capacity(requests.len());
        for r in &requests {
            let v = match &r.source {
                PercentSource::Item(i) => match operand {
                    Value::Tuple(t) => t.get(*i).cloned().unwrap_or_default(),
                    _ => Value::None,
                },
                PercentSource::Whole => operand.clone(),
                PercentSource::Key(k) => self.get_item(operand, &Value::str(k.clone()))?,
            };
            let o = match r.conversion {
                's' => Owned::Str(self.str(&v)?),
                'r' => Owned::Str(self.repr(&v)?),
                'a' => Owned::Str(super::repr::ascii_escape(&self.repr(&v)?)),
                _ => match &v {
                    Value::Int(_) | Value::Bool(_) | Value::BigInt(_) => {
                        Owned::Int(as_bigint(&v).unwrap_or_default())
                    }
                    Value::Float(f) => Owned::Float(*f),
                    Value::Str(s) => Owned::Str(s.as_str().to_string()),
                    Value::Instance(_) => self.percent_number(&v, r.conversion)?,
                    other => Owned::Other(self.type_name(other)),
                },
            };
            owned.push(o);
        }
        let args: Vec<PercentArg<'_>> = owned
            .iter()
            .map(|o| match o {
                Owned::Int(i) => PercentArg::Int(i),
                Owned::Float(f) => PercentArg::Float(*f),
                Owned::Str(s) => PercentArg::Str(s),
                Owned::Other(s) => PercentArg::Other(s),
            })
            .collect();
        let out = percent_format(template, shape, &args).map_err(|e| self.format_error(e))?;
        self.check_str_len(out.len())?;
        Ok(Value::str(out))
    }

    fn unsupported(&self, op: BinOp, a: &str, b: &str) -> Exception {
        self.unsupported_as(op, false, a, b)
    }

    /// "unsupported operand type(s) for +: ..." (`+=` for an augmented assignment).
    fn unsupported_as(&self, op: BinOp, inplace: bool, a: &str, b: &str) -> Exception {
        let sym = if inplace {
            format!("{}=", op_symbol(op))
        } else if op == BinOp::Pow {
            "** or pow()".to_string()
        } else {
            op_symbol(op).to_string()
        };
        self.type_error(format!(
            "unsupported operand type(s) for {sym}: '{a}' and '{b}'"
        ))
    }

    fn binary_error(&self, a: &Value, b: &Value, op: BinOp, inplace: bool) -> Exception {
        let (ta, tb) = (self.type_name(a), self.type_name(b));
        match (a, op) {
            (Value::Str(_), BinOp::Add) => {
                self.type_error(format!("can only concatenate str (not \"{tb}\") to str"))
            }
            (Value::List(_), BinOp::Add) => {
                self.type_error(format!("can only concatenate list (not \"{tb}\") to list"))
            }
            (Value::Tuple(_), BinOp::Add) => self.type_error(format!(
                "can only concatenate tuple (not \"{tb}\") to tuple"
            )),
            (Value::Str(_) | Value::List(_) | Value::Tuple(_), BinOp::Mult) => {
                self.type_error(format!("can't multiply sequence by non-int of type '{tb}'"))
            }
            (Value::Int(_) | Value::Bool(_) | Value::BigInt(_), BinOp::Mult)
                if matches!(b, Value::Str(_) | Value::List(_) | Value::Tuple(_)) =>
            {
                self.type_error(format!("can't multiply sequence by non-int of type '{ta}'"))
            }
            _ => self.unsupported_as(op, inplace, &ta, &tb),
        }
    }

    /// `a <op> b`.
    pub fn binary_op(&mut self, a: &Value, b: &Value, op: BinOp) -> PyResult {
        self.binary_op_as(a, b, op, false)
    }

    /// `a <op> b`, or the fallback of `a <op>= b` when `inplace` (only the error text
    /// differs).
    fn binary_op_as(&mut self, a: &Value, b: &Value, op: BinOp, inplace: bool) -> PyResult {
        let a_user = matches!(a, Value::Instance(_));
        let b_user = matches!(b, Value::Instance(_));
        if !a_user && !b_user {
            if let Some(v) = self.builtin_binary(a, b, op)? {
                return Ok(v);
            }
            return Err(self.binary_error(a, b, op, inplace));
        }
        let (lname, rname, _) = op_dunders(op);
        // A subclass on the right with its own reflected method goes first.
        let b_first = b_user && a_user && {
            let (ca, cb) = (self.class_of(a), self.class_of(b));
            !Rc::ptr_eq(&ca, &cb) && cb.is_subclass(&ca) && cb.lookup(rname).is_some()
        };
        if b_first {
            if let Some(r) = self.call_special(b, rname, std::slice::from_ref(a))? {
                if !matches!(r, Value::NotImplemented) {
                    return Ok(r);
                }
            }
        }
        if a_user {
            if let Some(r) = self.call_special(a, lname, std::slice::from_ref(b))? {
                if !matches!(r, Value::NotImplemented) {
                    return Ok(r);
                }
            }
        } else if let Some(v) = self.builtin_binary(a, b, op).ok().flatten() {
            return Ok(v);
        }
        if b_user && !b_first {
            if let Some(r) = self.call_special(b, rname, std::slice::from_ref(a))? {
                if !matches!(r, Value::NotImplemented) {
                    return Ok(r);
                }
            }
        }
        Err(self.binary_error(a, b, op, inplace))
    }

    /// `a <op>= b`.
    pub fn inplace_op(&mut self, a: &Value, b: &Value, op: BinOp) -> PyResult {
        match (a, op) {
            (Value::List(l), BinOp::Add) => {
                let items = self.iterate(b)?;
                let len = l.borrow().len();
                self.check_seq_len(len + items.len())?;
                l.borrow_mut().extend(items);
                return Ok(a.clone());
            }
            (Value::List(l), BinOp::Mult) => {
                let r = self.repeat(a, b)?;
                if let Value::List(new) = r {
                    let items = new.borrow().clone();
                    *l.borrow_mut() = items;
                }
                return Ok(a.clone());
            }
            (Value::Set(s), BinOp::BitOr | BinOp::BitAnd | BinOp::Sub | BinOp::BitXor)
                if matches!(b, Value::Set(_) | Value::FrozenSet(_)) =>
            {
                let result = self.set_operation(a, b, op)?;
                *s.borrow_mut() = result;
                return Ok(a.clone());
            }
            (Value::Dict(d), BinOp::BitOr) => {
                self.dict_update_from(d, b, false)?;
                return Ok(a.clone());
            }
            (Value::Instance(_), _) => {
                let (_, _, iname) = op_dunders(op);
                if let Some(r) = self.call_special(a, iname, std::slice::from_ref(b))? {
                    if !matches!(r, Value::NotImplemented) {
                        return Ok(r);
                    }
                }
            }
            _ => {}
        }
        self.binary_op_as(a, b, op, true)
    }

    /// Unary `-`, `+`, `~`.
    pub fn unary_op(&mut self, a: &Value, instr: Instr) -> PyResult {
        let (name, sym) = match instr {
            Instr::Neg => ("__neg__", "-"),
            Instr::Pos => ("__pos__", "+"),
            _ => ("__invert__", "~"),
        };
        match (a, instr) {
            (Value::Int(i), Instr::Neg) => Ok(match i.checked_neg() {
                Some(n) => Value::Int(n),
                None => Value::from_bigint(-BigInt::from(*i)),
            }),
            (Value::Int(i), Instr::Pos) => Ok(Value::Int(*i)),
            (Value::Int(i), _) => Ok(Value::Int(!*i)),
            (Value::Bool(b), Instr::Neg) => Ok(Value::Int(-(*b as i64))),
            (Value::Bool(b), Instr::Pos) => Ok(Value::Int(*b as i64)),
            (Value::Bool(b), _) => Ok(Value::Int(!(*b as i64))),
            (Value::BigInt(b), Instr::Neg) => Ok(Value::from_bigint(-(**b).clone())),
            (Value::BigInt(b), Instr::Pos) => Ok(Value::BigInt(b.clone())),
            (Value::BigInt(b), _) => Ok(Value::from_bigint(!(**b).clone())),
            (Value::Float(f), Instr::Neg) => Ok(Value::Float(-f)),
            (Value::Float(f), Instr::Pos) => Ok(Value::Float(*f)),
            (Value::Complex(c), Instr::Neg) => Ok(Value::complex(-c.re, -c.im)),
            (Value::Complex(c), Instr::Pos) => Ok(Value::complex(c.re, c.im)),
            (Value::Instance(_), _) => match self.call_special(a, name, &[])? {
                Some(v) => Ok(v),
                None => {
                    let tn = self.type_name(a);
                    Err(self.type_error(format!("bad operand type for unary {sym}: '{tn}'")))
                }
            },
            _ => {
                let tn = self.type_name(a);
                Err(self.type_error(format!("bad operand type for unary {sym}: '{tn}'")))
            }
        }
    }

    /// `bool(v)`.
    pub fn truthy(&mut self, v: &Value) -> PyResult<bool> {
        Ok(match v {
            Value::None => false,
            Value::Bool(b) => *b,
            Value::Int(i) => *i != 0,
            Value::BigInt(_) => true,
            Value::Float(f) => *f != 0.0,
            Value::Complex(c) => c.re != 0.0 || c.im != 0.0,
            Value::Str(s) => !s.as_str().is_empty(),
            Value::Bytes(b) => !b.is_empty(),
            Value::Tuple(t) => !t.is_empty(),
            Value::List(l) => !l.borrow().is_empty(),
            Value::Dict(d) => !d.borrow().is_empty(),
            Value::Set(s) => !s.borrow().is_empty(),
            Value::FrozenSet(s) => !s.is_empty(),
            Value::Range(r) => !r.is_empty(),
            Value::DictView(v) => !v.dict.borrow().is_empty(),
            Value::Instance(_) | Value::Class(_) => {
                if let Some(r) = self.call_special(v, "__bool__", &[])? {
                    return match r {
                        Value::Bool(b) => Ok(b),
                        other => {
                            let tn = self.type_name(&other);
                            Err(self
                                .type_error(format!("__bool__ should return bool, returned {tn}")))
                        }
                    };
                }
                if let Some(r) = self.call_special(v, "__len__", &[])? {
                    return Ok(self.len_result(r)? != 0);
                }
                true
            }
            _ => true,
        })
    }

    /// Validates the result of `__len__`.
    pub(crate) fn len_result(&self, r: Value) -> PyResult<usize> {
        match r {
            Value::Int(i) if i >= 0 => Ok(i as usize),
            Value::Bool(b) => Ok(b as usize),
            Value::Int(_) => Err(self.value_error("__len__() should return >= 0")),
            other => {
                let tn = self.type_name(&other);
                Err(self.type_error(format!("'{tn}' object cannot be interpreted as an integer")))
            }
        }
    }

    /// `hash(v)`.
    pub fn hash(&mut self, v: &Value) -> PyResult<i64> {
        Ok(match v {
            Value::None => 0x7f00_0000_1000u64 as i64 >> 4,
            Value::Bool(b) => *b as i64,
            Value::Int(i) => hash::hash_i64(*i),
            Value::BigInt(b) => hash::hash_bigint(b),
            Value::Float(f) => hash::hash_f64(*f),
            Value::Complex(c) => crate::builtins::complex::hash(c),
            Value::Str(s) => s.hash(),
            Value::Bytes(b) => {
                self.charge_bytes(b.len())?;
                hash::hash_bytes(b)
            }
            Value::Tuple(t) => {
                self.charge(t.len() as u64)?;
                self.enter_data_recursion()?;
                let mut hashes = Vec::with_capacity(t.len());
                for item in t.iter() {
                    match self.hash(item) {
                        Ok(h) => hashes.push(h),
                        Err(e) => {
                            self.leave_data_recursion();
                            return Err(e);
                        }
                    }
                }
                self.leave_data_recursion();
                hash::hash_tuple(hashes.into_iter())
            }
            Value::FrozenSet(s) => {
                let mut h: u64 = 0;
                for (eh, _) in s.iter() {
                    let x = eh as u64;
                    h ^= ((x ^ (x << 16)) ^ 89869747).wrapping_mul(3644798167);
                }
                h ^= (s.len() as u64 + 1).wrapping_mul(1927868237);
                h = h ^ ((h >> 11) ^ (h >> 25));
                h = h.wrapping_mul(69069).wrapping_add(907133923);
                if h as i64 == -1 {
                    590923713
                } else {
                    h as i64
                }
            }
            Value::List(_)
            | Value::Dict(_)
            | Value::Set(_)
            | Value::DictView(_)
            | Value::Slice(_) => {
                let tn = self.type_name(v);
                return Err(self.type_error(format!("unhashable type: '{tn}'")));
            }
            Value::Instance(inst) => match inst.class.lookup("__hash__") {
                Some(Value::None) => {
                    let tn = self.type_name(v);
                    return Err(self.type_error(format!("unhashable type: '{tn}'")));
                }
                Some(f) => {
                    let r = self.call_method_value(&f, v, &[])?;
                    match r {
                        Value::Int(i) => i,
                        Value::Bool(b) => b as i64,
                        Value::BigInt(b) => hash::hash_bigint(&b),
                        _ => {
                            return Err(self.type_error("__hash__ method should return an integer"))
                        }
                    }
                }
                None => (v.id() >> 4) as i64,
            },
            other => (other.id() >> 4) as i64,
        })
    }

    pub(crate) fn enter_data_recursion(&mut self) -> PyResult<()> {
        self.native_depth += 1;
        if self.native_depth > super::MAX_NATIVE_DEPTH + 40 {
            self.native_depth -= 1;
            return Err(self.recursion_error());
        }
        Ok(())
    }

    pub(crate) fn leave_data_recursion(&mut self) {
        self.native_depth = self.native_depth.saturating_sub(1);
    }

    /// `a == b` as a bool.
    pub fn eq(&mut self, a: &Value, b: &Value) -> PyResult<bool> {
        if let Some(r) = native_eq(a, b) {
            // Long texts and tuples compare natively; charge them as the work they were.
            match a {
                Value::Str(s) if s.as_str().len() > 64 => self.charge_bytes(s.as_str().len())?,
                Value::Bytes(s) if s.len() > 64 => self.charge_bytes(s.len())?,
                Value::Tuple(t) => self.charge(t.len() as u64)?,
                _ => {}
            }
            return Ok(r);
        }
        match (a, b) {
            (Value::Complex(_), _) | (_, Value::Complex(_)) => {
                if let (Some(x), Some(y)) = (self.as_complex(a)?, self.as_complex(b)?) {
                    return Ok(x == y);
                }
            }
            _ => {}
        }
        match (a, b) {
            (Value::List(x), Value::List(y)) => {
                if Rc::ptr_eq(x, y) {
                    return Ok(true);
                }
                let len = x.borrow().len();
                if len != y.borrow().len() {
                    return Ok(false);
                }
                self.charge(len as u64)?;
                // In place while no item needs `__eq__` (which could change the lists).
                if let Some(equal) = native_seq_eq(&x.borrow(), &y.borrow()) {
                    return Ok(equal);
                }
                let (xs, ys) = (x.borrow().clone(), y.borrow().clone());
                self.seq_eq(&xs, &ys)
            }
            (Value::Tuple(x), Value::Tuple(y)) => {
                let (xs, ys) = ((**x).clone(), (**y).clone());
                self.seq_eq(&xs, &ys)
            }
            (Value::Dict(x), Value::Dict(y)) => {
                if x.borrow().len() != y.borrow().len() {
                    return Ok(false);
                }
                let entries: Vec<(Value, Value)> = x
                    .borrow()
                    .iter()
                    .map(|e| (e.key.clone(), e.value.clone()))
                    .collect();
                for (k, v) in entries {
                    match self.dict_get(y, &k)? {
                        Some(other) => {
                            if !self.eq(&v, &other)? {
                                return Ok(false);
                            }
                        }
                        None => return Ok(false),
                    }
                }
                Ok(true)
            }
            (Value::Set(_) | Value::FrozenSet(_), Value::Set(_) | Value::FrozenSet(_)) => {
                let (xs, ys) = (self.set_items(a), self.set_items(b));
                if xs.len() != ys.len() {
                    return Ok(false);
                }
                for x in xs {
                    if !self.contains(b, &x)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            (Value::DictView(x), Value::DictView(y))
                if x.kind == y.kind && x.kind != crate::value::DictViewKind::Values =>
            {
                let ia = self.iterate(a)?;
                let ib = self.iterate(b)?;
                let xs = self.new_set(ia)?;
                let ys = self.new_set(ib)?;
                self.eq(&xs, &ys)
            }
            (Value::Range(x), Value::Range(y)) => {
                let (lx, ly) = (x.len(), y.len());
                Ok(lx == ly && (lx == 0 || (x.start == y.start && (lx == 1 || x.step == y.step))))
            }
            (Value::Instance(_), _) | (_, Value::Instance(_)) => {
                let r = self.rich_compare(a, b, CmpOp::Eq)?;
                self.truthy(&r)
            }
            (Value::BoundMethod(x), Value::BoundMethod(y)) => {
                Ok(x.receiver.is(&y.receiver) && x.func.is(&y.func))
            }
            _ => Ok(a.is(b)),
        }
    }

    fn seq_eq(&mut self, xs: &[Value], ys: &[Value]) -> PyResult<bool> {
        if xs.len() != ys.len() {
            return Ok(false);
        }
        self.charge(xs.len() as u64)?;
        self.enter_data_recursion()?;
        for (x, y) in xs.iter().zip(ys) {
            match self.eq(x, y) {
                Ok(true) => {}
                Ok(false) => {
                    self.leave_data_recursion();
                    return Ok(false);
                }
                Err(e) => {
                    self.leave_data_recursion();
                    return Err(e);
                }
            }
        }
        self.leave_data_recursion();
        Ok(true)
    }

    /// Comparison via dunders, with reflection and the identity fallback of `==`/`!=`.
    fn rich_compare(&mut self, a: &Value, b: &Value, op: CmpOp) -> PyResult {
        let (name, reflected) = match op {
            CmpOp::Eq => ("__eq__", "__eq__"),
            CmpOp::NotEq => ("__ne__", "__ne__"),
            CmpOp::Lt => ("__lt__", "__gt__"),
            CmpOp::LtE => ("__le__", "__ge__"),
            CmpOp::Gt => ("__gt__", "__lt__"),
            CmpOp::GtE => ("__ge__", "__le__"),
            _ => ("", ""),
        };
        let b_first = matches!((a, b), (Value::Instance(_), Value::Instance(_))) && {
            let (ca, cb) = (self.class_of(a), self.class_of(b));
            !Rc::ptr_eq(&ca, &cb) && cb.is_subclass(&ca)
        } || (!matches!(a, Value::Instance(_)) && matches!(b, Value::Instance(_)));
        let order: [(&Value, &Value, &str); 2] = if b_first {
            [(b, a, reflected), (a, b, name)]
        } else {
            [(a, b, name), (b, a, reflected)]
        };
        for (x, y, n) in order {
            if let Some(r) = self.call_special(x, n, std::slice::from_ref(y))? {
                if !matches!(r, Value::NotImplemented) {
                    return Ok(r);
                }
            }
            if n == "__ne__" && matches!(x, Value::Instance(_)) {
                if let Some(r) = self.call_special(x, "__eq__", std::slice::from_ref(y))? {
                    if !matches!(r, Value::NotImplemented) {
                        let t = self.truthy(&r)?;
                        return Ok(Value::Bool(!t));
                    }
                }
            }
        }
        match op {
            CmpOp::Eq => Ok(Value::Bool(a.is(b))),
            CmpOp::NotEq => Ok(Value::Bool(!a.is(b))),
            _ => Err(self.compare_error(a, b, op)),
        }
    }

    fn compare_error(&self, a: &Value, b: &Value, op: CmpOp) -> Exception {
        let sym = match op {
            CmpOp::Lt => "<",
            CmpOp::LtE => "<=",
            CmpOp::Gt => ">",
            CmpOp::GtE => ">=",
            CmpOp::Eq => "==",
            _ => "!=",
        };
        let (ta, tb) = (self.type_name(a), self.type_name(b));
        self.type_error(format!(
            "'{sym}' not supported between instances of '{ta}' and '{tb}'"
        ))
    }

    /// `a < b` etc. on builtins: `Some(ordering)` when comparable.
    fn builtin_order(&mut self, a: &Value, b: &Value) -> PyResult<Option<Ordering>> {
        use Value::*;
        Ok(match (a, b) {
            (Int(_) | Bool(_), Int(_) | Bool(_)) => a.as_i64().partial_cmp(&b.as_i64()),
            (Int(_) | Bool(_) | BigInt(_), Int(_) | Bool(_) | BigInt(_)) => {
                as_bigint(a).partial_cmp(&as_bigint(b))
            }
            (Float(x), Float(y)) => x
                .partial_cmp(y)
                .or(Some(Ordering::Less))
                .filter(|_| !x.is_nan() && !y.is_nan()),
            (Float(x), _) if self.num(b).is_some() => {
                compare_float_int(*x, &as_bigint(b).unwrap_or_default())
            }
            (_, Float(y)) if self.num(a).is_some() => {
                compare_float_int(*y, &as_bigint(a).unwrap_or_default()).map(Ordering::reverse)
            }
            (Str(x), Str(y)) => Some(x.as_str().cmp(y.as_str())),
            (Bytes(x), Bytes(y)) => Some(x.cmp(y)),
            (List(x), List(y)) => {
                let (xs, ys) = (x.borrow().clone(), y.borrow().clone());
                return self.seq_order(&xs, &ys);
            }
            (Tuple(x), Tuple(y)) => {
                let (xs, ys) = ((**x).clone(), (**y).clone());
                return self.seq_order(&xs, &ys);
            }
            _ => return Ok(Option::None),
        })
    }

    /// Lexicographic ordering; `Ok(None)` when elements are not comparable (error raised by
    /// the caller with the elements' types).
    fn seq_order(&mut self, xs: &[Value], ys: &[Value]) -> PyResult<Option<Ordering>> {
        for (x, y) in xs.iter().zip(ys) {
            if !self.eq(x, y)? {
                if self.less_than(x, y)? {
                    return Ok(Some(Ordering::Less));
                }
                return Ok(Some(Ordering::Greater));
            }
        }
        Ok(Some(xs.len().cmp(&ys.len())))
    }

    /// `a < b` as a bool (used by sorting, `min`, `max`).
    pub fn less_than(&mut self, a: &Value, b: &Value) -> PyResult<bool> {
        if let (Value::Int(x), Value::Int(y)) = (a, b) {
            return Ok(x < y);
        }
        let r = self.compare_op(a, b, CmpOp::Lt)?;
        self.truthy(&r)
    }

    /// Any comparison operator.
    pub fn compare_op(&mut self, a: &Value, b: &Value, op: CmpOp) -> PyResult {
        match op {
            CmpOp::Is => return Ok(Value::Bool(a.is(b))),
            CmpOp::IsNot => return Ok(Value::Bool(!a.is(b))),
            CmpOp::In => return Ok(Value::Bool(self.contains(b, a)?)),
            CmpOp::NotIn => return Ok(Value::Bool(!self.contains(b, a)?)),
            // float.__eq__ is IEEE equality: a NaN is not equal to itself. (Containers
            // compare items by identity first, which `eq` keeps.)
            CmpOp::Eq | CmpOp::NotEq if matches!((a, b), (Value::Float(_), Value::Float(_))) => {
                let (Value::Float(x), Value::Float(y)) = (a, b) else {
                    unreachable!("matched above")
                };
                return Ok(Value::Bool((x == y) == (op == CmpOp::Eq)));
            }
            CmpOp::Eq => {
                if matches!(a, Value::Instance(_)) || matches!(b, Value::Instance(_)) {
                    return self.rich_compare(a, b, op);
                }
                return Ok(Value::Bool(self.eq(a, b)?));
            }
            CmpOp::NotEq => {
                if matches!(a, Value::Instance(_)) || matches!(b, Value::Instance(_)) {
                    return self.rich_compare(a, b, op);
                }
                return Ok(Value::Bool(!self.eq(a, b)?));
            }
            _ => {}
        }
        if matches!(a, Value::Instance(_)) || matches!(b, Value::Instance(_)) {
            return self.rich_compare(a, b, op);
        }
        if let (Value::Float(x), Value::Float(y)) = (a, b) {
            return Ok(Value::Bool(match op {
                CmpOp::Lt => x < y,
                CmpOp::LtE => x <= y,
                CmpOp::Gt => x > y,
                _ => x >= y,
            }));
        }
        if matches!((a, b), (Value::Float(f), _) | (_, Value::Float(f)) if f.is_nan())
            && self.num(a).is_some()
            && self.num(b).is_some()
        {
            return Ok(Value::Bool(false));
        }
        if let (Value::Set(_) | Value::FrozenSet(_), Value::Set(_) | Value::FrozenSet(_)) = (a, b) {
            let (xs, ys) = (self.set_items(a), self.set_items(b));
            let subset = |vm: &mut Vm<'h>, small: &[Value], big: &Value| -> PyResult<bool> {
                for x in small {
                    if !vm.contains(big, x)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            };
            return Ok(Value::Bool(match op {
                CmpOp::LtE => subset(self, &xs, b)?,
                CmpOp::Lt => xs.len() < ys.len() && subset(self, &xs, b)?,
                CmpOp::GtE => subset(self, &ys, a)?,
                _ => ys.len() < xs.len() && subset(self, &ys, a)?,
            }));
        }
        match self.builtin_order(a, b)? {
            Some(ord) => Ok(Value::Bool(match op {
                CmpOp::Lt => ord == Ordering::Less,
                CmpOp::LtE => ord != Ordering::Greater,
                CmpOp::Gt => ord == Ordering::Greater,
                _ => ord != Ordering::Less,
            })),
            None => Err(self.compare_error(a, b, op)),
        }
    }

    /// `item in container`.
    pub fn contains(&mut self, container: &Value, item: &Value) -> PyResult<bool> {
        match container {
            Value::Str(s) => match item {
                Value::Str(sub) => {
                    self.charge_bytes(s.as_str().len())?;
                    Ok(s.as_str().contains(sub.as_str()))
                }
                other => {
                    let tn = self.type_name(other);
                    Err(self.type_error(format!(
                        "'in <string>' requires string as left operand, not {tn}"
                    )))
                }
            },
            Value::List(l) => {
                let len = l.borrow().len();
                self.charge(len as u64)?;
                // Items that compare without Python code are read in place; the first that
                // needs `__eq__` sends the rest through a copy (the list may change under it).
                if let Some(found) = native_contains(&l.borrow(), item) {
                    return Ok(found);
                }
                let items = l.borrow().clone();
                for x in &items {
                    if x.is(item) || self.eq(x, item)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            Value::Tuple(t) => {
                self.charge(t.len() as u64)?;
                for x in t.iter() {
                    if x.is(item) || self.eq(x, item)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            Value::Dict(d) => Ok(self.dict_get(d, item)?.is_some()),
            Value::DictView(v) if v.kind == crate::value::DictViewKind::Keys => {
                Ok(self.dict_get(&v.dict, item)?.is_some())
            }
            Value::Set(_) | Value::FrozenSet(_) => {
                let h = match self.hash(item) {
                    Ok(h) => h,
                    Err(e) => {
                        if let (Value::Set(_), true) = (item, true) {
                            return Err(e);
                        }
                        return Err(e);
                    }
                };
                Ok(self.set_find(container, item, h)?.is_some())
            }
            Value::Range(r) => Ok(match item {
                Value::Int(_) | Value::Bool(_) => {
                    let i = item.as_i64().unwrap_or(0);
                    let r = **r;
                    if r.step > 0 {
                        i >= r.start && i < r.stop && (i - r.start) % r.step == 0
                    } else {
                        i <= r.start && i > r.stop && (r.start - i) % (-r.step) == 0
                    }
                }
                Value::Float(_) => {
                    let items = self.iterate(container)?;
                    let mut found = false;
                    for x in items {
                        if self.eq(&x, item)? {
                            found = true;
                            break;
                        }
                    }
                    found
                }
                _ => false,
            }),
            Value::Bytes(b) => match item {
                Value::Int(i) => Ok(b.contains(&(*i as u8))),
                Value::Bytes(sub) => {
                    Ok(sub.is_empty() || b.windows(sub.len()).any(|w| w == &sub[..]))
                }
                _ => Err(self.type_error("a bytes-like object is required")),
            },
            Value::Instance(_) | Value::Class(_) => {
                if let Some(r) =
                    self.call_special(container, "__contains__", std::slice::from_ref(item))?
                {
                    return self.truthy(&r);
                }
                if self.special_method(container, "__iter__").is_some()
                    || self.special_method(container, "__getitem__").is_some()
                {
                    let it = self.get_iter(container)?;
                    while let Some(x) = self.next(&it)? {
                        if x.is(item) || self.eq(&x, item)? {
                            return Ok(true);
                        }
                    }
                    return Ok(false);
                }
                let tn = self.type_name(container);
                Err(self.type_error(format!("argument of type '{tn}' is not iterable")))
            }
            _ => {
                if self.is_iterable(container) {
                    let it = self.get_iter(container)?;
                    while let Some(x) = self.next(&it)? {
                        if x.is(item) || self.eq(&x, item)? {
                            return Ok(true);
                        }
                    }
                    return Ok(false);
                }
                let tn = self.type_name(container);
                Err(self.type_error(format!("argument of type '{tn}' is not iterable")))
            }
        }
    }

    // ----- dicts -----

    /// Finds `key` in a dict, calling user `__eq__` when needed.
    pub(crate) fn dict_find(
        &mut self,
        d: &Rc<RefCell<Dict>>,
        key: &Value,
        hash: i64,
    ) -> PyResult<Option<usize>> {
        let lookup = d.borrow().lookup(key, hash);
        match lookup {
            Lookup::Found(i) => Ok(Some(i)),
            Lookup::Absent => Ok(None),
            Lookup::Unsure => {
                let candidates = d.borrow().candidates(hash);
                for idx in candidates {
                    let k = match d.borrow().entry(idx) {
                        Some(e) => e.key.clone(),
                        None => continue,
                    };
                    if self.eq(&k, key)? {
                        return Ok(Some(idx));
                    }
                }
                Ok(None)
            }
        }
    }

    /// `d.get(key)`.
    pub fn dict_get(&mut self, d: &Rc<RefCell<Dict>>, key: &Value) -> PyResult<Option<Value>> {
        let h = self.hash(key)?;
        Ok(self
            .dict_find(d, key, h)?
            .and_then(|i| d.borrow().entry(i).map(|e| e.value.clone())))
    }

    /// `d[key] = value`.
    pub fn dict_setitem(
        &mut self,
        d: &Rc<RefCell<Dict>>,
        key: Value,
        value: Value,
    ) -> PyResult<()> {
        let h = self.hash(&key)?;
        match self.dict_find(d, &key, h)? {
            Some(i) => d.borrow_mut().set_value(i, value),
            None => {
                let len = d.borrow().len();
                self.check_seq_len(len + 1)?;
                d.borrow_mut().insert_new(h, key, value);
            }
        }
        Ok(())
    }

    /// Inserts into a dict not yet shared (building displays).
    pub(crate) fn dict_set(&mut self, d: &mut Dict, key: Value, value: Value) -> PyResult<()> {
        let h = self.hash(&key)?;
        match d.lookup(&key, h) {
            Lookup::Found(i) => d.set_value(i, value),
            Lookup::Absent => d.insert_new(h, key, value),
            Lookup::Unsure => {
                let shared = Rc::new(RefCell::new(std::mem::take(d)));
                self.dict_setitem(&shared, key, value)?;
                *d = shared.borrow().clone();
            }
        }
        Ok(())
    }

    /// Removes `key`; returns its value.
    pub fn dict_remove(&mut self, d: &Rc<RefCell<Dict>>, key: &Value) -> PyResult<Option<Value>> {
        let h = self.hash(key)?;
        Ok(match self.dict_find(d, key, h)? {
            Some(i) => d.borrow_mut().remove_at(i).map(|e| e.value),
            None => None,
        })
    }

    /// `dict.update(other)` / `{**other}`; `merge` makes duplicate keys a TypeError (calls).
    pub(crate) fn dict_update_from(
        &mut self,
        d: &Rc<RefCell<Dict>>,
        other: &Value,
        merge: bool,
    ) -> PyResult<()> {
        let pairs: Vec<(Value, Value)> = match other {
            Value::Dict(o) => o
                .borrow()
                .iter()
                .map(|e| (e.key.clone(), e.value.clone()))
                .collect(),
            Value::Instance(_) if self.special_method(other, "keys").is_some() => {
                let keys = self.call_method(other, "keys", &[])?;
                let keys = self.iterate(&keys)?;
                let mut pairs = Vec::new();
                for k in keys {
                    let v = self.get_item(other, &k)?;
                    pairs.push((k, v));
                }
                pairs
            }
            _ => {
                if merge {
                    let tn = self.type_name(other);
                    return Err(
                        self.type_error(format!("argument after ** must be a mapping, not {tn}"))
                    );
                }
                let mut pairs = Vec::new();
                for (i, item) in self.iterate(other)?.into_iter().enumerate() {
                    let kv = match self.iterate(&item) {
                        Ok(kv) => kv,
                        Err(_) => {
                            let tn = self.type_name(&item);
                            return Err(self.type_error(format!(
                                "cannot convert dictionary update sequence element #{i} to a sequence"
                            )).tap_msg(tn));
                        }
                    };
                    if kv.len() != 2 {
                        return Err(self.value_error(format!(
                            "dictionary update sequence element #{i} has length {}; 2 is required",
                            kv.len()
                        )));
                    }
                    let mut it = kv.into_iter();
                    if let (Some(k), Some(v)) = (it.next(), it.next()) {
                        pairs.push((k, v));
                    }
                }
                pairs
            }
        };
        for (k, v) in pairs {
            if merge {
                if let Value::Str(s) = &k {
                    if self.dict_get(d, &k)?.is_some() {
                        return Err(self.type_error(format!(
                            "got multiple values for keyword argument '{}'",
                            s.as_str()
                        )));
                    }
                } else {
                    return Err(self.type_error("keywords must be strings"));
                }
            }
            self.charge(super::HASHED_INSERT_UNITS)?;
            self.dict_setitem(d, k, v)?;
        }
        Ok(())
    }

    // ----- sets -----

    /// A new `set` from items.
    pub fn new_set(&mut self, items: Vec<Value>) -> PyResult {
        // Hashing and probing an item costs natively about what this many instructions do.
        self.charge(items.len() as u64 * super::HASHED_INSERT_UNITS)?;
        let s = Rc::new(RefCell::new(Set::new()));
        for item in items {
            self.set_add(&s, item)?;
        }
        Ok(Value::Set(s))
    }

    /// Finds `item` in a set value (its table slot).
    pub(crate) fn set_find(
        &mut self,
        set: &Value,
        item: &Value,
        h: i64,
    ) -> PyResult<Option<usize>> {
        let (lookup, candidates) = match set {
            Value::Set(s) => {
                let b = s.borrow();
                let l = b.lookup(item, h);
                let c = if matches!(l, Lookup::Unsure) {
                    b.candidates(h)
                } else {
                    Vec::new()
                };
                (l, c)
            }
            Value::FrozenSet(s) => {
                let l = s.lookup(item, h);
                let c = if matches!(l, Lookup::Unsure) {
                    s.candidates(h)
                } else {
                    Vec::new()
                };
                (l, c)
            }
            _ => return Ok(None),
        };
        match lookup {
            Lookup::Found(i) => Ok(Some(i)),
            Lookup::Absent => Ok(None),
            Lookup::Unsure => {
                for (idx, k) in candidates {
                    if self.eq(&k, item)? {
                        return Ok(Some(idx));
                    }
                }
                Ok(None)
            }
        }
    }

    /// `s.add(item)`.
    pub fn set_add(&mut self, s: &Rc<RefCell<Set>>, item: Value) -> PyResult<()> {
        let h = self.hash(&item)?;
        let set_value = Value::Set(s.clone());
        if self.set_find(&set_value, &item, h)?.is_none() {
            let len = s.borrow().len();
            self.check_seq_len(len + 1)?;
            s.borrow_mut().insert_new(h, item);
        }
        Ok(())
    }

    /// The items of a set or frozenset in iteration order.
    pub(crate) fn set_items(&self, v: &Value) -> Vec<Value> {
        match v {
            Value::Set(s) => s.borrow().keys(),
            Value::FrozenSet(s) => s.keys(),
            _ => Vec::new(),
        }
    }

    fn set_len(&self, v: &Value) -> usize {
        match v {
            Value::Set(s) => s.borrow().len(),
            Value::FrozenSet(s) => s.len(),
            _ => 0,
        }
    }

    fn set_table(&self, v: &Value) -> Set {
        match v {
            Value::Set(s) => s.borrow().clone(),
            Value::FrozenSet(s) => (**s).clone(),
            _ => Set::new(),
        }
    }

    /// `a | b`, `a & b`, `a - b`, `a ^ b` following CPython's algorithms (so the result
    /// iterates in CPython's order).
    pub(crate) fn set_operation(&mut self, a: &Value, b: &Value, op: BinOp) -> PyResult<Set> {
        let sizes = self.set_len(a) + self.set_len(b);
        self.charge(sizes as u64 * super::HASHED_INSERT_UNITS)?;
        match op {
            BinOp::BitOr => {
                let mut result = Set::new();
                let ta = self.set_table(a);
                result.merge_from(&ta, |_, _, _| false);
                let tb = self.set_table(b);
                let shared = Rc::new(RefCell::new(result));
                if shared.borrow().is_empty() {
                    shared.borrow_mut().merge_from(&tb, |_, _, _| false);
                } else {
                    // Presize like set_merge, then add what is missing.
                    for (_, k) in tb.iter() {
                        self.set_add(&shared, k.clone())?;
                    }
                }
                let out = shared.borrow().clone();
                Ok(out)
            }
            BinOp::BitAnd => {
                let (mut small, mut big) = (a.clone(), b.clone());
                if self.set_items(&big).len() < self.set_items(&small).len() {
                    std::mem::swap(&mut small, &mut big);
                }
                // CPython iterates the smaller set... when `other` is larger it swaps.
                let (iter_over, probe) = if self.set_items(b).len() > self.set_items(a).len() {
                    (a.clone(), b.clone())
                } else {
                    (b.clone(), a.clone())
                };
                let _ = (small, big);
                let shared = Rc::new(RefCell::new(Set::new()));
                for item in self.set_items(&iter_over) {
                    let h = self.hash(&item)?;
                    if self.set_find(&probe, &item, h)?.is_some() {
                        self.set_add(&shared, item)?;
                    }
                }
                let out = shared.borrow().clone();
                Ok(out)
            }
            BinOp::Sub => {
                let a_len = self.set_items(a).len();
                let b_len = self.set_items(b).len();
                if (a_len >> 2) > b_len {
                    let shared = Rc::new(RefCell::new(self.set_table(a)));
                    let copy = Value::Set(shared.clone());
                    for item in self.set_items(b) {
                        let h = self.hash(&item)?;
                        if let Some(i) = self.set_find(&copy, &item, h)? {
                            shared.borrow_mut().remove_at(i);
                        }
                    }
                    let out = shared.borrow().clone();
                    return Ok(out);
                }
                let shared = Rc::new(RefCell::new(Set::new()));
                for item in self.set_items(a) {
                    let h = self.hash(&item)?;
                    if self.set_find(b, &item, h)?.is_none() {
                        self.set_add(&shared, item)?;
                    }
                }
                let out = shared.borrow().clone();
                Ok(out)
            }
            _ => {
                // Symmetric difference: copy of b, then toggle each element of a.
                let mut result = Set::new();
                let tb = self.set_table(b);
                result.merge_from(&tb, |_, _, _| false);
                let shared = Rc::new(RefCell::new(result));
                let copy = Value::Set(shared.clone());
                for item in self.set_items(a) {
                    let h = self.hash(&item)?;
                    match self.set_find(&copy, &item, h)? {
                        Some(i) => {
                            shared.borrow_mut().remove_at(i);
                        }
                        None => shared.borrow_mut().insert_new(h, item),
                    }
                }
                let out = shared.borrow().clone();
                Ok(out)
            }
        }
    }
}

trait TapMsg {
    fn tap_msg(self, _type_name: String) -> Self;
}

impl TapMsg for Exception {
    fn tap_msg(self, _type_name: String) -> Self {
        self
    }
}

/// Python's float `divmod`: floor quotient and a remainder with the divisor's sign.
pub fn float_divmod(a: f64, b: f64) -> (f64, f64) {
    let mut m = a % b;
    let mut div = (a - m) / b;
    if m != 0.0 {
        if (b < 0.0) != (m < 0.0) {
            m += b;
            div -= 1.0;
        }
    } else {
        m = 0.0f64.copysign(b);
    }
    let floordiv = if div != 0.0 {
        let mut f = div.floor();
        if div - f > 0.5 {
            f += 1.0;
        }
        f
    } else {
        0.0f64.copysign(a / b)
    };
    (floordiv, m)
}

/// `a / b` for big ints, correctly scaled.
fn int_true_divide(a: &BigInt, b: &BigInt) -> Option<f64> {
    let shift = (a.bits() as i64 - b.bits() as i64 - 60).max(0) as usize;
    let shift_b = (b.bits() as i64 - a.bits() as i64 + 60).max(0) as usize;
    let q = (a << shift_b) / (b << shift);
    let f = q.to_f64()?;
    Some(f * 2f64.powi(shift as i32 - shift_b as i32))
}

fn compare_float_int(x: f64, i: &BigInt) -> Option<Ordering> {
    if x.is_nan() {
        return None;
    }
    if x.is_infinite() {
        return Some(if x > 0.0 {
            Ordering::Greater
        } else {
            Ordering::Less
        });
    }
    let fl = x.floor();
    let fi = crate::format::float_to_int(fl).ok()?;
    match fi.cmp(i) {
        Ordering::Equal => Some(if x > fl {
            Ordering::Greater
        } else {
            Ordering::Equal
        }),
        other => Some(other),
    }
}

/// `item in items` when every comparison up to the answer is decided without Python code
/// (`None` as soon as one is not).
fn native_contains(items: &[Value], item: &Value) -> Option<bool> {
    for x in items {
        if native_eq(x, item)? {
            return Some(true);
        }
    }
    Some(false)
}

/// `xs == ys` for sequences of equal length, when every comparison up to the answer is
/// decided without Python code (`None` as soon as one is not).
fn native_seq_eq(xs: &[Value], ys: &[Value]) -> Option<bool> {
    for (x, y) in xs.iter().zip(ys) {
        if !native_eq(x, y)? {
            return Some(false);
        }
    }
    Some(true)
}

/// A `%` argument as its conversion reads it.
enum PercentNumber {
    Int(BigInt),
    Float(f64),
    Str(String),
    Other(String),
}
