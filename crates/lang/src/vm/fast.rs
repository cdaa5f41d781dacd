//! The fast loop: the common case of the instructions that need nothing but the frame stack
//! (locals, constants, globals, small-int arithmetic and comparisons, the superinstructions of
//! `compile::superinstr` as one step each, branches, `range` loops, attribute access through
//! the inline caches, `d[k] = v` for a dict and an int or str key, `s + t` for a str nothing
//! else refers to, and calls of and returns from plain Python functions), run with the top
//! frame's registers (`pc`, stack, locals, code) held in locals instead of read back through
//! `Vm::frames` for every instruction.
//!
//! It raises nothing and runs no Python code: at the first instruction whose case it does not
//! handle it stops, with that frame's `lasti` at the instruction and its `pc` past it, and
//! hands the instruction (or, for a call of a native function, the call) to
//! `Vm::run_instructions`, which runs it (errors included) the ordinary way, a superinstruction
//! as the instruction it stands for. So every exception, traceback position and limit is the
//! ordinary path's.

use std::rc::Rc;

use super::{attr_cache, init_cells, ops, Frame, OnReturn, Vm, FRAME_POOL_SIZE};
use crate::ast::{BinOp, CmpOp};
use crate::builtins::types::Types;
use crate::compile::code::{Code, Instr};
use crate::value::dict::Lookup;
use crate::value::{hash, release, Function, Instance, NativeFunction, PyStr, Value};

/// What the fast loop hands back to `Vm::run_instructions`.
pub(super) enum FastExit {
    /// The instruction at this position is for the ordinary path.
    Instr(usize, Instr),
    /// A call of a native function (see `Vm::call_native_from_stack`), for the ordinary path
    /// to make: the frame's `lasti` is at the call.
    Native {
        func: Rc<NativeFunction>,
        func_pos: usize,
        pass_callable: bool,
    },
    /// The top frame's code ran off its end.
    End,
}

/// Why the fast loop left the instructions of the frame it was running.
enum Stop {
    /// The instruction at `pc` is for `run_instructions`.
    Outer(usize, Instr),
    /// A call of the plain Python function at `func_pos` (it stays in its stack slot while
    /// it runs, as in CPython; its return value replaces it).
    Call(usize),
    /// A return of this value to the calling frame.
    Return(Value),
    /// See [`FastExit::Native`].
    Native {
        func: Rc<NativeFunction>,
        func_pos: usize,
        pass_callable: bool,
    },
    /// The code ran off its end.
    End,
}

impl<'h> Vm<'h> {
    /// Runs the top frame (and the frames it calls and returns to, above depth `base`) until
    /// an instruction the fast loop does not handle (or a native call): returns it, for
    /// `run_instructions` to run.
    #[inline(never)]
    pub(super) fn run_fast(&mut self, base: usize) -> FastExit {
        let Vm {
            frames,
            frame_pool,
            instructions_left: budget,
            limits,
            types,
            ..
        } = self;
        let max_depth = limits.max_recursion_depth as usize;
        loop {
            let depth = frames.len();
            let Some(frame) = frames.last_mut() else {
                return FastExit::End;
            };
            let Frame {
                code,
                pc: frame_pc,
                lasti,
                stack,
                locals,
                globals,
                on_return,
                ..
            } = &mut **frame;
            let code: &Code = code;
            let instrs = &code.instrs[..];
            let mut pc = *frame_pc;
            let stop = loop {
                let Some(&instr) = instrs.get(pc) else {
                    break Stop::End;
                };
                match instr {
                    Instr::Nop => pc += 1,
                    Instr::LoadConst(i) => {
                        code.consts[i as usize].push_clone_onto(stack);
                        pc += 1;
                    }
                    Instr::IntConstOp(op, _, k) => {
                        if let Some(top) = stack.last_mut() {
                            if let Value::Int(x) = *top {
                                if let Some(v) = ops::int_fast(x, i64::from(k), op) {
                                    // Over an int: the assignment drops nothing.
                                    *top = v;
                                    pc += 2;
                                    continue;
                                }
                            }
                        }
                        // As the `LoadConst` it stands for; the operator then runs on its own.
                        stack.push(Value::Int(i64::from(k)));
                        pc += 1;
                    }
                    Instr::IntConstCompare(op, _, k) => {
                        if let Some(&Value::Int(x)) = stack.last() {
                            pc = int_const_compare(stack, instrs, pc, op, x, k);
                            continue;
                        }
                        stack.push(Value::Int(i64::from(k)));
                        pc += 1;
                    }
                    Instr::LoadFast(i) => {
                        let Some(Some(value)) = locals.get(i as usize) else {
                            break Stop::Outer(pc, instr);
                        };
                        // An int copies without the clone's match over every variant.
                        if let Value::Int(i) = *value {
                            stack.push(Value::Int(i));
                            pc += 1;
                            continue;
                        }
                        if let Value::Instance(inst) = value {
                            if local_attr_access(stack, code, pc, inst) {
                                pc += 2;
                                continue;
                            }
                        }
                        value.push_clone_onto(stack);
                        pc += 1;
                    }
                    Instr::LocalIntOp(i, ..) | Instr::LocalIntCompare(i, ..) => {
                        let Some(Some(value)) = locals.get(i as usize) else {
                            break Stop::Outer(pc, instr);
                        };
                        if let Value::Int(x) = *value {
                            if let Some(next) = local_int_operation(stack, instrs, pc, instr, x) {
                                pc = next;
                                continue;
                            }
                        }
                        // As the `LoadFast` it stands for; the constant and the operator
                        // then run one by one.
                        value.push_clone_onto(stack);
                        pc += 1;
                    }
                    Instr::StoreFast(i) => {
                        let Some(slot) = locals.get_mut(i as usize) else {
                            break Stop::Outer(pc, instr);
                        };
                        if let Some(old) = std::mem::replace(slot, stack.pop()) {
                            release(old);
                        }
                        pc += 1;
                    }
                    Instr::LoadGlobal(slot) => {
                        let slot = slot as usize;
                        let values = globals.values.borrow();
                        let found = match values.get(slot) {
                            Some(Some(v)) => Some(v),
                            _ => globals.builtins.get(slot).and_then(Option::as_ref),
                        };
                        let Some(v) = found else {
                            break Stop::Outer(pc, instr);
                        };
                        v.push_clone_onto(stack);
                        drop(values);
                        pc += 1;
                    }
                    Instr::StoreGlobal(slot) => {
                        let value = stack.pop();
                        let old = match globals.values.borrow_mut().get_mut(slot as usize) {
                            Some(cell) => std::mem::replace(cell, value),
                            None => value,
                        };
                        if let Some(old) = old {
                            release(old);
                        }
                        pc += 1;
                    }
                    Instr::LoadAttr(i) => {
                        if !cached_load_attr(stack, code, pc, i) {
                            break Stop::Outer(pc, instr);
                        }
                        pc += 1;
                    }
                    Instr::StoreAttr(i) => {
                        if !cached_store_attr(stack, code, pc, i) {
                            break Stop::Outer(pc, instr);
                        }
                        pc += 1;
                    }
                    Instr::LoadMethod(i) => {
                        if !cached_load_method(stack, code, pc, i, types) {
                            break Stop::Outer(pc, instr);
                        }
                        pc += 1;
                    }
                    Instr::StoreSubscr => {
                        if !store_dict_item(stack, limits.max_sequence_len) {
                            break Stop::Outer(pc, instr);
                        }
                        pc += 1;
                    }
                    Instr::Binary(op) | Instr::InPlace(op) => {
                        if let Some(v) =
                            int_operands(stack).and_then(|(x, y)| ops::int_fast(x, y, op))
                        {
                            replace_top_two(stack, v);
                        } else if instr != Instr::Binary(BinOp::Add)
                            || !(append_to_unique_str(stack, limits.max_sequence_len)
                                || concat_short_strs(stack, limits.max_sequence_len, budget))
                        {
                            break Stop::Outer(pc, instr);
                        }
                        pc += 1;
                    }
                    Instr::Compare(op) => {
                        let Some(truth) =
                            int_operands(stack).and_then(|(x, y)| ops::int_compare_fast(x, y, op))
                        else {
                            break Stop::Outer(pc, instr);
                        };
                        // `if a < b:` takes its branch here, without pushing the bool for the
                        // `PopJumpIfFalse` that follows.
                        match instrs.get(pc + 1) {
                            Some(&Instr::PopJumpIfFalse(t)) if t as usize > pc + 1 => {
                                pop_two_immediates(stack);
                                pc = if truth { pc + 2 } else { t as usize };
                            }
                            _ => {
                                replace_top_two(stack, Value::Bool(truth));
                                pc += 1;
                            }
                        }
                    }
                    Instr::Pop => {
                        if let Some(v) = stack.pop() {
                            release(v);
                        }
                        pc += 1;
                    }
                    Instr::Jump(t) => {
                        let target = t as usize;
                        if target <= pc && !charge_loop(budget, pc, target) {
                            break Stop::Outer(pc, instr);
                        }
                        pc = target;
                    }
                    Instr::PopJumpIfFalse(t) | Instr::PopJumpIfTrue(t) => {
                        let Some(&Value::Bool(truth)) = stack.last() else {
                            break Stop::Outer(pc, instr);
                        };
                        let target = if truth == matches!(instr, Instr::PopJumpIfTrue(_)) {
                            t as usize
                        } else {
                            pc + 1
                        };
                        if target <= pc && !charge_loop(budget, pc, target) {
                            break Stop::Outer(pc, instr);
                        }
                        let v = stack.pop();
                        debug_assert!(v.as_ref().is_some_and(Value::is_immediate));
                        std::mem::forget(v);
                        pc = target;
                    }
                    Instr::ForIter(_) => {
                        let Some(Value::Iterator(state)) = stack.last() else {
                            break Stop::Outer(pc, instr);
                        };
                        let Some(i) = Vm::range_step(state) else {
                            break Stop::Outer(pc, instr);
                        };
                        stack.push(Value::Int(i));
                        pc += 1;
                    }
                    Instr::Call(argc) | Instr::CallMethod(argc) => {
                        let mut argc = argc as usize;
                        if let Instr::CallMethod(_) = instr {
                            // `[.., method, self, args]`, or `[.., attribute, marker, args]`
                            // (for `run_instructions`).
                            match stack.len().checked_sub(argc + 1).map(|at| &stack[at]) {
                                Some(Value::Code(_)) | None => break Stop::Outer(pc, instr),
                                Some(_) => argc += 1,
                            }
                        }
                        let Some(func_pos) = stack.len().checked_sub(argc + 1) else {
                            break Stop::Outer(pc, instr);
                        };
                        let f = match &stack[func_pos] {
                            Value::Function(f) => f,
                            Value::NativeFunction(nf) => {
                                let func = nf.clone();
                                if call_builtin_inline(
                                    types,
                                    stack,
                                    &func,
                                    func_pos,
                                    false,
                                    limits.max_sequence_len,
                                ) {
                                    pc += 1;
                                    continue;
                                }
                                break Stop::Native {
                                    func,
                                    func_pos,
                                    pass_callable: false,
                                };
                            }
                            // `str(x)`, `int(x)`, `list(xs)`: the constructor gets the class
                            // first, then the arguments, as `call_class` passes them.
                            Value::Class(cls) => match &cls.constructor {
                                Some(ctor) => {
                                    let func = ctor.clone();
                                    if call_builtin_inline(
                                        types,
                                        stack,
                                        &func,
                                        func_pos,
                                        true,
                                        limits.max_sequence_len,
                                    ) {
                                        pc += 1;
                                        continue;
                                    }
                                    break Stop::Native {
                                        func,
                                        func_pos,
                                        pass_callable: true,
                                    };
                                }
                                None => break Stop::Outer(pc, instr),
                            },
                            _ => break Stop::Outer(pc, instr),
                        };
                        let callee = &f.code;
                        if callee.plain_arg_count as usize != argc || depth >= max_depth {
                            break Stop::Outer(pc, instr);
                        }
                        let charge = callee.entry_charge as u64;
                        if *budget < charge {
                            break Stop::Outer(pc, instr);
                        }
                        *budget -= charge;
                        *lasti = pc;
                        *frame_pc = pc + 1;
                        break Stop::Call(func_pos);
                    }
                    Instr::Return => {
                        if !matches!(on_return, OnReturn::Push) || depth <= base {
                            break Stop::Outer(pc, instr);
                        }
                        break Stop::Return(stack.pop().unwrap_or_default());
                    }
                    Instr::LocalReturn(i) => {
                        if !matches!(on_return, OnReturn::Push) || depth <= base {
                            break Stop::Outer(pc, instr);
                        }
                        // The frame is done with its locals: the value moves out.
                        let Some(value) = locals.get_mut(i as usize).and_then(Option::take) else {
                            break Stop::Outer(pc, instr);
                        };
                        break Stop::Return(value);
                    }
                    _ => break Stop::Outer(pc, instr),
                }
            };
            match stop {
                Stop::Outer(pc, instr) => {
                    *lasti = pc;
                    *frame_pc = pc + 1;
                    return FastExit::Instr(pc, instr);
                }
                Stop::Native {
                    func,
                    func_pos,
                    pass_callable,
                } => {
                    *lasti = pc;
                    *frame_pc = pc + 1;
                    return FastExit::Native {
                        func,
                        func_pos,
                        pass_callable,
                    };
                }
                Stop::End => {
                    *frame_pc = pc;
                    return FastExit::End;
                }
                Stop::Call(func_pos) => {
                    let Some(caller) = frames.last_mut() else {
                        return FastExit::End;
                    };
                    // The function is borrowed where it is: moving it out of its slot would
                    // read the slot, just written as two words by the push of the function, as
                    // one 16-byte load, which stalls on store forwarding (`perf`).
                    let (head, args) = caller.stack.split_at_mut(func_pos + 1);
                    let Some(Value::Function(func)) = head.last() else {
                        return FastExit::End;
                    };
                    let mut callee = frame_pool.take(func);
                    bind_positional(&mut callee, func.code.varnames.len(), args);
                    if !func.code.cellvars.is_empty() || !func.closure.is_empty() {
                        init_cells(&mut callee, func);
                    }
                    // Pops the emptied argument slots (nothing to drop).
                    while caller.stack.len() > func_pos + 1 {
                        let slot = caller.stack.pop();
                        debug_assert!(slot.as_ref().is_some_and(Value::is_none));
                        std::mem::forget(slot);
                    }
                    callee.return_to_slot = true;
                    frames.push(callee);
                }
                Stop::Return(value) => {
                    let Some(done) = frames.pop() else {
                        return FastExit::End;
                    };
                    let to_slot = done.return_to_slot;
                    frame_pool.put(done);
                    if let Some(caller) = frames.last_mut() {
                        hand_back(&mut caller.stack, value, to_slot);
                    }
                }
            }
        }
    }
}

/// Charges the budget for a backward jump from `pc` to `target` (the instructions it spans);
/// false (nothing charged) when the budget cannot pay, for the ordinary path to raise.
#[inline(always)]
fn charge_loop(budget: &mut u64, pc: usize, target: usize) -> bool {
    let n = (pc - target.min(pc)) as u64 + 1;
    if *budget < n {
        return false;
    }
    *budget -= n;
    true
}

/// Returned frames kept for reuse (at most [`FRAME_POOL_SIZE`]), so calls do not allocate: a
/// list linked through [`Frame::next_free`], so taking and putting back move two pointers.
#[derive(Default)]
pub(super) struct FramePool {
    head: Option<Box<Frame>>,
    len: usize,
}

impl FramePool {
    /// A frame for `func` with no locals bound yet (its stack and blocks empty, its locals,
    /// if any, all unbound): a pooled one when there is one.
    #[inline(always)]
    pub(super) fn take(&mut self, func: &Function) -> Box<Frame> {
        if let Some(mut frame) = self.head.take() {
            let next = frame.next_free.take();
            forget_none(std::mem::replace(&mut self.head, next));
            self.len -= 1;
            // Emptied by `put`; only the allocations are reused. The same function again
            // (recursion, a loop) keeps its handles: no count churn.
            if !Rc::ptr_eq(&frame.code, &func.code) {
                frame.code = func.code.clone();
            }
            if !Rc::ptr_eq(&frame.globals, &func.globals) {
                frame.globals = func.globals.clone();
            }
            frame.pc = 0;
            frame.lasti = 0;
            return frame;
        }
        Box::new(Frame {
            code: func.code.clone(),
            pc: 0,
            lasti: 0,
            stack: Vec::with_capacity(8),
            locals: Vec::new(),
            cells: Vec::new(),
            blocks: Vec::new(),
            handled: Vec::new(),
            globals: func.globals.clone(),
            namespace: None,
            on_return: OnReturn::Push,
            return_to_slot: false,
            next_free: None,
        })
    }

    /// Keeps a returned frame's allocations for the next call (its values are dropped now,
    /// as when the frame itself is dropped).
    #[inline(always)]
    pub(super) fn put(&mut self, mut frame: Box<Frame>) {
        if self.len >= FRAME_POOL_SIZE {
            return;
        }
        while let Some(v) = frame.stack.pop() {
            release(v);
        }
        // The locals stay (unbound): a call of a function with as many locals reuses them
        // as they are (see `bind_positional`).
        for local in frame.locals.iter_mut() {
            if let Some(v) = local.take() {
                release(v);
            }
        }
        if !frame.cells.is_empty() {
            frame.cells.clear();
        }
        frame.blocks.clear();
        if !frame.handled.is_empty() {
            frame.handled.clear();
        }
        if frame.namespace.is_some() {
            frame.namespace = None;
        }
        if !matches!(frame.on_return, OnReturn::Push) {
            frame.on_return = OnReturn::Push;
        }
        frame.return_to_slot = false;
        let next = self.head.take();
        // A frame in use links to nothing, and the head was just taken.
        forget_none(std::mem::replace(&mut frame.next_free, next));
        forget_none(self.head.replace(frame));
        self.len += 1;
    }
}

/// Gives a returned value to the calling frame's `stack`: into the slot of the function on
/// top of it when the call was made with `to_slot` (the call paths leave the function there,
/// or an emptied slot), pushed otherwise.
#[inline(always)]
pub(super) fn hand_back(stack: &mut Vec<Value>, value: Value, to_slot: bool) {
    match stack.last_mut() {
        Some(slot) if to_slot => release(std::mem::replace(slot, value)),
        _ => stack.push(value),
    }
}

/// Lets go of a link known to be empty without running the drop glue of a frame (an
/// out-of-line call) on the pool's every move.
#[inline(always)]
fn forget_none(link: Option<Box<Frame>>) {
    debug_assert!(link.is_none());
    std::mem::forget(link);
}

/// Binds `args` to the first locals of a frame from [`FramePool::take`] (moving them out of the
/// caller's stack), the other locals of its `nlocals` unbound. Writes slots in place, so a
/// frame reused for a function with as many locals (recursion, a loop) needs no `Vec` growth.
#[inline(always)]
pub(super) fn bind_positional(frame: &mut Frame, nlocals: usize, args: &mut [Value]) {
    if frame.locals.len() != nlocals {
        frame.locals.resize_with(nlocals, || None);
    }
    for (slot, arg) in frame.locals.iter_mut().zip(args) {
        *slot = Some(std::mem::take(arg));
    }
}

// The bulkier cases live out of line, so the loop keeps its registers for the common ones.
// Each returns false, having done nothing, when its case does not apply.

/// `obj.name` for an instance on top of the stack, through the instruction's inline cache.
#[inline(never)]
fn cached_load_attr(stack: &mut Vec<Value>, code: &Code, pc: usize, name: u32) -> bool {
    if !matches!(stack.last(), Some(Value::Instance(_))) {
        return false;
    }
    let Some(Value::Instance(inst)) = stack.pop() else {
        return false;
    };
    let site = code.attr_sites.get(pc);
    let name = &code.names[name as usize];
    if attr_cache::site_load_with(site, &inst, name, |v| v.push_clone_onto(stack)) {
        drop(inst);
        true
    } else {
        stack.push(Value::Instance(inst));
        false
    }
}

/// `obj.name = v` (`[.., v, obj]` on the stack) for an instance, through the inline cache.
#[inline(never)]
fn cached_store_attr(stack: &mut Vec<Value>, code: &Code, pc: usize, name: u32) -> bool {
    let site = code.attr_sites.get(pc);
    let [.., _, Value::Instance(inst)] = &stack[..] else {
        return false;
    };
    let Some(index) = attr_cache::site_index(site, inst, &code.names[name as usize]) else {
        return false;
    };
    let obj = stack.pop().unwrap_or_default();
    let v = stack.pop().unwrap_or_default();
    if let Value::Instance(inst) = &obj {
        inst.dict.borrow_mut().replace_at(index, v);
    }
    release(obj);
    true
}

/// `LoadMethod` through the inline cache: `[.., obj]` becomes `[.., func, obj]`.
#[inline(never)]
fn cached_load_method(
    stack: &mut Vec<Value>,
    code: &Code,
    pc: usize,
    name: u32,
    types: &Types,
) -> bool {
    let Some(obj) = stack.pop() else {
        return false;
    };
    let site = code.attr_sites.get(pc);
    let name = &code.names[name as usize];
    // On a miss nothing was pushed, and `obj` goes back where it was.
    let hit =
        attr_cache::site_method_with(site, types, &obj, name, |func| func.push_clone_onto(stack));
    stack.push(obj);
    hit
}

/// `xs.append(v)` (`[.., list.append, xs, v]` on the stack, from `LoadMethod` or the plain
/// call `list.append(xs, v)`; the caller checked the method is `list.append` itself, so the
/// result is exactly the call's) for a list `xs` within `max_len`: `v` moves into the list
/// and `None`, the call's result, takes the method's slot, as CPython 3.11's specialized
/// `list.append` does. False (nothing done) otherwise.
#[inline(never)]
fn list_append_in_place(stack: &mut Vec<Value>, max_len: usize) -> bool {
    let [.., Value::NativeFunction(_), Value::List(list), _] = &stack[..] else {
        return false;
    };
    // Nothing else runs while the fast loop does, so the list is never borrowed here; a
    // failed borrow or a full list goes the ordinary way (which raises as CPython does).
    match list.try_borrow() {
        Ok(items) if items.len() < max_len => {}
        _ => return false,
    }
    let item = stack.pop().unwrap_or_default();
    let list = stack.pop().unwrap_or_default();
    if let Value::List(l) = &list {
        l.borrow_mut().push(item);
    }
    release(list);
    if let Some(slot) = stack.last_mut() {
        release(std::mem::replace(slot, Value::None));
    }
    true
}

/// A call of `list.append`, `len`, `str` or `dict.get` (the native function `func` at
/// `func_pos`, its arguments above it) whose result needs no user code, run in the fast loop as
/// CPython specializes such calls (`LIST_APPEND`, `CALL_BUILTIN_O`, `CALL_STR_1`,
/// `CALL_METHOD_DESCRIPTOR_FAST`): `xs.append(v)` in place, `len` of a str, list, tuple or
/// dict, `str` of an int, `d.get(k)` and `d.get(k, default)` with an int or str key. False
/// (nothing done) otherwise, and the call goes the ordinary way.
fn call_builtin_inline(
    types: &Types,
    stack: &mut Vec<Value>,
    func: &Rc<NativeFunction>,
    func_pos: usize,
    pass_callable: bool,
    max_len: usize,
) -> bool {
    let is = |cell: &std::cell::OnceCell<Rc<NativeFunction>>| {
        cell.get().is_some_and(|known| Rc::ptr_eq(known, func))
    };
    if !pass_callable && is(&types.list_append) {
        return func_pos + 3 == stack.len() && list_append_in_place(stack, max_len);
    }
    let args = stack.get(func_pos + 1..).unwrap_or_default();
    let result = if pass_callable {
        let str_class =
            matches!(stack.get(func_pos), Some(Value::Class(c)) if Rc::ptr_eq(c, &types.str));
        match args {
            [Value::Int(i)] if str_class => crate::builtins::constructors::str_of_int(*i),
            _ => return false,
        }
    } else if is(&types.len) {
        let n = match args {
            [Value::Str(s)] => s.char_len(),
            [Value::List(l)] => match l.try_borrow() {
                Ok(items) => items.len(),
                Err(_) => return false,
            },
            [Value::Tuple(t)] => t.len(),
            [Value::Dict(d)] => match d.try_borrow() {
                Ok(dict) => dict.len(),
                Err(_) => return false,
            },
            _ => return false,
        };
        Value::Int(n as i64)
    } else if is(&types.dict_get) {
        let (d, key, default) = match args {
            [Value::Dict(d), key] => (d, key, None),
            [Value::Dict(d), key, default] => (d, key, Some(default)),
            _ => return false,
        };
        let Some(hash) = plain_key_hash(key) else {
            return false;
        };
        let Ok(dict) = d.try_borrow() else {
            return false;
        };
        match dict.lookup(key, hash) {
            Lookup::Found(i) => match dict.entry(i) {
                Some(entry) => entry.value.clone(),
                None => return false,
            },
            Lookup::Absent => default.cloned().unwrap_or_default(),
            _ => return false,
        }
    } else {
        return false;
    };
    while stack.len() > func_pos + 1 {
        if let Some(arg) = stack.pop() {
            release(arg);
        }
    }
    if let Some(slot) = stack.last_mut() {
        release(std::mem::replace(slot, result));
    }
    true
}

/// The hash of an int or str key, whose hashing and equality with other keys need no user
/// code (so the fast loop may look it up); `None` for any other key.
fn plain_key_hash(key: &Value) -> Option<i64> {
    match key {
        Value::Int(i) => Some(hash::hash_i64(*i)),
        Value::Str(s) => Some(s.hash()),
        _ => None,
    }
}

/// `d[k] = v` (`[.., v, d, k]` on the stack) for a dict and an int or str key whose equality
/// with the keys already there needs no user code, while the dict stays within `max_len`.
#[inline(never)]
fn store_dict_item(stack: &mut Vec<Value>, max_len: usize) -> bool {
    let [.., _, Value::Dict(d), key] = &stack[..] else {
        return false;
    };
    let Some(hash) = plain_key_hash(key) else {
        return false;
    };
    let found = {
        let dict = d.borrow();
        match dict.lookup(key, hash) {
            Lookup::Found(i) => Some(i),
            Lookup::Absent if dict.len() < max_len => None,
            _ => return false,
        }
    };
    let key = stack.pop().unwrap_or_default();
    let dict = stack.pop().unwrap_or_default();
    let value = stack.pop().unwrap_or_default();
    if let Value::Dict(d) = &dict {
        let mut d = d.borrow_mut();
        match found {
            Some(i) => d.set_value(i, value),
            None => d.insert_new(hash, key, value),
        }
    }
    release(dict);
    true
}

/// `s + t` with two strs on top of the stack when nothing else refers to `s` (a temporary
/// such as `str(i)` in `str(i) + ','`, which nothing can observe): `t` is appended to `s` in
/// place. False (nothing done) otherwise, or when the result would pass `max_len`.
#[inline(never)]
fn append_to_unique_str(stack: &mut Vec<Value>, max_len: usize) -> bool {
    let [.., Value::Str(s), Value::Str(t)] = &mut stack[..] else {
        return false;
    };
    if s.as_str().len() + t.as_str().len() > max_len {
        return false;
    }
    let Some(text) = Rc::get_mut(s) else {
        return false;
    };
    text.push(t);
    if let Some(t) = stack.pop() {
        release(t);
    }
    true
}

/// Strs at most this long (in bytes, together) are joined by [`concat_short_strs`].
const SHORT_CONCAT_BYTES: usize = 4096;

/// `s + t` of two strs as a new str (`"w" + str(i)`, a constant on the left), when the text is
/// short: charged as the general path charges it (a unit per 4 bytes), so the budget sees the
/// same work. Returns false (nothing done) otherwise.
#[inline]
fn concat_short_strs(stack: &mut Vec<Value>, max_len: usize, budget: &mut u64) -> bool {
    let [.., Value::Str(s), Value::Str(t)] = &stack[..] else {
        return false;
    };
    let len = s.as_str().len() + t.as_str().len();
    let charge = super::bytes_charge(len);
    if len > max_len.min(SHORT_CONCAT_BYTES) || *budget < charge {
        return false;
    }
    *budget -= charge;
    let joined = Value::Str(Rc::new(PyStr::concat(s, t)));
    if let Some(t) = stack.pop() {
        release(t);
    }
    if let Some(top) = stack.last_mut() {
        release(std::mem::replace(top, joined));
    }
    true
}

/// The two `int`s on top of a stack (`[.., a, b]` gives `(a, b)`), if both are small ints.
#[inline]
fn int_operands(stack: &[Value]) -> Option<(i64, i64)> {
    match stack {
        [.., Value::Int(a), Value::Int(b)] => Some((*a, *b)),
        _ => None,
    }
}

/// `self.x` and `self.x = v` (a local instance, then `LoadAttr`/`StoreAttr` at `pc + 1`)
/// when the attribute instruction's inline cache applies: done at once, without pushing the
/// instance (the caller then moves past both). Returns false (nothing done) otherwise, and the
/// two instructions run one by one; a cache hit cannot fail, so the skipped instruction needs
/// no traceback position.
#[inline]
fn local_attr_access(stack: &mut Vec<Value>, code: &Code, pc: usize, inst: &Instance) -> bool {
    let site = code.attr_sites.get(pc + 1);
    match code.instrs.get(pc + 1) {
        Some(&Instr::LoadAttr(n)) => {
            let name = &code.names[n as usize];
            if !attr_cache::site_load_with(site, inst, name, |v| v.push_clone_onto(stack)) {
                return false;
            }
        }
        Some(&Instr::StoreAttr(n)) => {
            if stack.is_empty() {
                return false;
            }
            let Some(index) = attr_cache::site_index(site, inst, &code.names[n as usize]) else {
                return false;
            };
            let v = stack.pop().unwrap_or_default();
            inst.dict.borrow_mut().replace_at(index, v);
        }
        _ => return false,
    }
    true
}

/// `top <cmp> K` (with the `if` jump after it), the superinstruction `IntConstCompare` at `pc`
/// (`compile::superinstr`, which marks only the plain value comparisons) for the small int `x`
/// on top of the stack: done at once, without pushing `K` or dispatching the comparison.
/// Returns the `pc` to go on at. Nothing here can fail, so the skipped instructions need no
/// traceback position.
#[inline]
fn int_const_compare(
    stack: &mut Vec<Value>,
    instrs: &[Instr],
    pc: usize,
    op: CmpOp,
    x: i64,
    k: i32,
) -> usize {
    let truth = ops::int_compare(x, i64::from(k), op);
    match instrs.get(pc + 2) {
        Some(&Instr::PopJumpIfFalse(t)) if t as usize > pc + 2 => {
            let x = stack.pop();
            debug_assert!(x.as_ref().is_some_and(Value::is_immediate));
            std::mem::forget(x);
            if truth {
                pc + 3
            } else {
                t as usize
            }
        }
        _ => {
            replace_top_immediate(stack, Value::Bool(truth));
            pc + 2
        }
    }
}

/// `x <op> K` and `x <cmp> K` (with the `if` jump after a comparison), a superinstruction
/// (`compile::superinstr`) at `pc` whose local holds the small int `x`: the result pushed, or
/// the branch taken, at once. Returns the `pc` to go on at, or `None` (nothing done) when the
/// result is not a small int; the instruction then runs as its `LoadFast`. Nothing here can
/// fail, so the skipped instructions need no traceback position.
#[inline]
fn local_int_operation(
    stack: &mut Vec<Value>,
    instrs: &[Instr],
    pc: usize,
    instr: Instr,
    x: i64,
) -> Option<usize> {
    match instr {
        Instr::LocalIntOp(_, op, k) => {
            stack.push(ops::int_fast(x, i64::from(k), op)?);
            Some(pc + 3)
        }
        Instr::LocalIntCompare(_, op, k) => {
            // Only the plain value comparisons are marked (see `compile::superinstr`).
            let truth = ops::int_compare(x, i64::from(k), op);
            // `if x < K:` takes its branch here, as `Compare` does.
            match instrs.get(pc + 3) {
                Some(&Instr::PopJumpIfFalse(t)) if t as usize > pc + 3 => {
                    Some(if truth { pc + 4 } else { t as usize })
                }
                _ => {
                    stack.push(Value::Bool(truth));
                    Some(pc + 3)
                }
            }
        }
        _ => None,
    }
}

/// Replaces the immediate on top of a stack with `result`; no drop glue runs.
#[inline(always)]
fn replace_top_immediate(stack: &mut [Value], result: Value) {
    if let Some(top) = stack.last_mut() {
        let old = std::mem::replace(top, result);
        debug_assert!(old.is_immediate());
        std::mem::forget(old);
    }
}

/// Pops the two immediates on top of a stack (checked by [`int_operands`]); no drop glue
/// runs, as they own nothing.
#[inline(always)]
fn pop_two_immediates(stack: &mut Vec<Value>) {
    for _ in 0..2 {
        let v = stack.pop();
        debug_assert!(v.as_ref().is_some_and(Value::is_immediate));
        std::mem::forget(v);
    }
}

/// Replaces the two immediates on top of a stack (checked by [`int_operands`]) with
/// `result`; no drop glue runs, as they own nothing.
#[inline(always)]
fn replace_top_two(stack: &mut Vec<Value>, result: Value) {
    let second = stack.pop();
    debug_assert!(second.as_ref().is_some_and(Value::is_immediate));
    std::mem::forget(second);
    if let Some(top) = stack.last_mut() {
        let first = std::mem::replace(top, result);
        debug_assert!(first.is_immediate());
        std::mem::forget(first);
    }
}
