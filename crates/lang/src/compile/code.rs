//! The bytecode: a stack machine close to CPython 3.11's, with every name already resolved to
//! a slot (fast local, cell, global slot) by the compiler.
//!
//! Each instruction has a source [`Loc`] so tracebacks can print the line and CPython 3.11's
//! caret markers under the failing expression.

use std::cell::Cell;
use std::rc::Rc;

use crate::ast::{BinOp, CmpOp};
use crate::span::Span;
use crate::value::{Name, Value};

/// One instruction. Jump targets are instruction indices.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Instr {
    Nop,
    LoadConst(u32),
    LoadFast(u32),
    StoreFast(u32),
    DeleteFast(u32),
    /// Cell or free variable (cells first, then free variables).
    LoadDeref(u32),
    StoreDeref(u32),
    DeleteDeref(u32),
    /// Pushes the cell object itself (to build a closure).
    LoadClosure(u32),
    /// In a class body: the class namespace first, then the cell (free variable).
    LoadClassDeref(u32),
    LoadGlobal(u32),
    StoreGlobal(u32),
    DeleteGlobal(u32),
    /// Class-body names: namespace dict, then globals, then builtins. Index into `names`.
    LoadName(u32),
    StoreName(u32),
    DeleteName(u32),
    LoadAttr(u32),
    StoreAttr(u32),
    DeleteAttr(u32),
    /// `obj.name(...)`: pushes `[method, self]` or `[attribute, NULL-marker]`; see `CallMethod`.
    LoadMethod(u32),
    /// Calls what `LoadMethod` pushed with `n` positional arguments.
    CallMethod(u32),
    Subscr,
    StoreSubscr,
    DeleteSubscr,
    Binary(BinOp),
    InPlace(BinOp),
    Neg,
    Pos,
    Invert,
    Not,
    Compare(CmpOp),
    Pop,
    Dup,
    DupTwo,
    Rot2,
    Rot3,
    Rot4,
    BuildTuple(u32),
    BuildList(u32),
    BuildSet(u32),
    /// `n` key/value pairs.
    BuildMap(u32),
    BuildSlice(u32),
    /// Concatenates `n` strings (f-strings).
    BuildString(u32),
    /// Comprehension helpers: the container is `n` entries below the top.
    ListAppend(u32),
    SetAdd(u32),
    MapAdd(u32),
    ListExtend(u32),
    SetUpdate(u32),
    DictUpdate(u32),
    /// `**m` in a call: like `DictUpdate` but duplicate keys are a TypeError.
    DictMerge(u32),
    ListToTuple,
    UnpackSequence(u32),
    /// `a, *b, c = ...`: counts before and after the starred target.
    UnpackEx(u16, u16),
    /// f-string field: conversion (0 none, 's', 'r', 'a') and whether a spec is on the stack.
    FormatValue(u8, bool),
    Jump(u32),
    PopJumpIfFalse(u32),
    PopJumpIfTrue(u32),
    JumpIfFalseOrPop(u32),
    JumpIfTrueOrPop(u32),
    GetIter,
    /// Advances the iterator on top; on exhaustion pops it and jumps.
    ForIter(u32),
    Call(u32),
    /// `argc` values then the keyword names tuple (a constant index) for the last ones.
    CallKw(u32, u32),
    /// Positional tuple and optional kwargs dict on the stack.
    CallEx(bool),
    /// Builds a function from a code constant; flags: 1 defaults tuple, 2 kw-defaults dict,
    /// 4 closure tuple.
    MakeFunction(u32, u8),
    Return,
    Yield,
    /// `yield from`: delegates to the iterator below the sent value.
    YieldFrom,
    /// `raise` (0 args), `raise exc` (1), `raise exc from cause` (2).
    Raise(u8),
    /// Re-raises the exception on top keeping its traceback.
    Reraise,
    /// Pushes an exception handler block; on error the stack is cut back and the exception
    /// pushed before jumping to the target.
    SetupExcept(u32),
    PopBlock,
    /// Marks the exception on top as being handled (for `__context__` and bare `raise`).
    PushExcInfo,
    PopExcept,
    /// `[exc, type] -> [exc, bool]`.
    CheckExcMatch,
    /// `[ctx] -> [exit, enter_result]`.
    BeforeWith,
    /// `[exit] -> []` calling `exit(None, None, None)`.
    CallExitNormal,
    /// `[exit, exc] -> [exit, exc, result]` calling `exit(type, exc, tb)`.
    WithExceptStart,
    /// Imports a module by its dotted name (index into `names`); pushes the top-level
    /// package, or the module itself when the flag says so (`import a.b as c`, `from`).
    ImportName(u32, bool),
    /// `from m import name`: keeps the module, pushes the attribute.
    ImportFrom(u32),
    /// Runs a class body function on top of `n` bases and the name, builds the class.
    BuildClass(u32),
    /// `BuildClass` with the class statement's keywords (`metaclass=`, `__init_subclass__`'s)
    /// as a dict on top of the bases.
    BuildClassKw(u32),
    /// Pushes the `AssertionError` class (for `assert`).
    LoadAssertionError,
    /// `LoadFast(x)` starting `LoadFast(x); LoadConst(K); Binary(op)` (or `InPlace(op)`),
    /// with `K` an int: the fast loop computes `x <op> K` at once for a small-int `x` (see
    /// `compile::superinstr`); run alone it is that `LoadFast`.
    LocalIntOp(u16, BinOp, i32),
    /// `LoadFast(x)` starting `LoadFast(x); LoadConst(K); Compare(op)`, as [`Instr::LocalIntOp`].
    LocalIntCompare(u16, CmpOp, i32),
    /// `LoadFast(x)` followed by `Return`: the fast loop returns the local at once; run alone
    /// it is that `LoadFast`.
    LocalReturn(u32),
    /// `LoadConst(c)` (the int `K`, also carried inline) followed by `Binary(op)` or
    /// `InPlace(op)`: the fast loop computes `top <op> K` at once for a small-int `top`; run
    /// alone it is that `LoadConst`.
    IntConstOp(BinOp, u16, i32),
    /// `LoadConst(c)` (the int `K`) followed by `Compare(op)`, as [`Instr::IntConstOp`].
    IntConstCompare(CmpOp, u16, i32),
}

// Superinstructions carry their operands inline without growing the instruction.
const _: () = assert!(std::mem::size_of::<Instr>() == 12);

impl Instr {
    /// The instruction a superinstruction stands in for when it runs on its own (the others
    /// are themselves).
    #[inline]
    pub fn unfused(self) -> Instr {
        match self {
            Instr::LocalIntOp(local, ..) | Instr::LocalIntCompare(local, ..) => {
                Instr::LoadFast(local as u32)
            }
            Instr::LocalReturn(local) => Instr::LoadFast(local),
            Instr::IntConstOp(_, c, _) | Instr::IntConstCompare(_, c, _) => {
                Instr::LoadConst(u32::from(c))
            }
            other => other,
        }
    }
}

/// Where an instruction came from: its expression's span and, for binary operators and
/// subscripts, the byte range CPython 3.11 marks with `^` inside the `~` span.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Loc {
    pub span: Span,
    /// Byte offsets of the `^` part (absolute in the source), if any.
    pub anchor: Option<(u32, u32)>,
}

/// The inline cache of one `LoadAttr`/`StoreAttr`/`LoadMethod` instruction (CPython 3.11's
/// specialised `LOAD_ATTR_INSTANCE_VALUE` and `LOAD_METHOD_WITH_VALUES`): the class of the
/// object last seen there (its address; 0 for none), the class epoch it was checked in, and
/// where the attribute was: its position in the instance dict, or for a method, in the dict
/// of the class `owner` steps along the MRO. Filled and checked by the VM
/// (`vm/attr_cache`); an entry that no longer fits only costs the ordinary lookup.
#[derive(Debug, Clone, Copy, Default)]
pub struct AttrSite {
    pub class: usize,
    pub epoch: u64,
    pub index: u32,
    pub owner: u32,
}

/// What kind of code unit this is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeKind {
    Module,
    Function,
    Class,
    Lambda,
    Comprehension,
}

/// A compiled function, class body, comprehension or module.
pub struct Code {
    pub name: Name,
    pub qualname: String,
    pub kind: CodeKind,
    pub instrs: Vec<Instr>,
    pub locs: Vec<Loc>,
    /// The 1-based source line of each instruction.
    pub lines: Vec<u32>,
    /// One attribute inline cache per instruction (used by `LoadAttr`, `StoreAttr` and
    /// `LoadMethod`).
    pub attr_sites: Box<[Cell<AttrSite>]>,
    pub consts: Vec<Value>,
    /// Attribute, import and class-body names.
    pub names: Vec<Name>,
    /// Fast locals; the parameters come first in order.
    pub varnames: Vec<Name>,
    pub cellvars: Vec<Name>,
    pub freevars: Vec<Name>,
    /// `(cell index, parameter index)` for parameters that live in cells.
    pub cell_params: Vec<(u32, u32)>,
    pub posonly_count: u32,
    /// Positional parameters, positional-only ones included.
    pub arg_count: u32,
    pub kwonly_count: u32,
    pub has_varargs: bool,
    pub has_varkw: bool,
    pub is_generator: bool,
    /// The number of arguments a call binds straight to the first locals (positional
    /// parameters only, no `*args`, `**kwargs` or keyword-only ones, not a generator), or
    /// `u32::MAX` when calls need the general binding: the run loop's fast call path
    /// compares one number.
    pub plain_arg_count: u32,
    /// What entering a frame of this code charges the instruction budget (see
    /// `vm::frame_charge`).
    pub entry_charge: u32,
    pub first_line: u32,
    /// The filename for tracebacks.
    pub filename: Rc<str>,
    /// The text of the file, whose lines tracebacks print (shared by every code object of
    /// one module).
    pub source: Rc<str>,
}

impl Code {
    /// Empty attribute inline caches for `n` instructions.
    pub fn attr_sites_for(n: usize) -> Box<[Cell<AttrSite>]> {
        (0..n).map(|_| Cell::new(AttrSite::default())).collect()
    }

    /// The number of parameters including `*args` and `**kwargs`.
    pub fn total_params(&self) -> usize {
        self.arg_count as usize
            + self.kwonly_count as usize
            + self.has_varargs as usize
            + self.has_varkw as usize
    }
}
