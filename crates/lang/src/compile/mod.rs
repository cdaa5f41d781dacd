//! The compiler: AST to bytecode ([`code::Code`]).
//!
//! Two passes. [`symtable`] decides how every name is accessed in every scope; code
//! generation (this module) then walks the tree once, emitting instructions whose operands
//! are already slots: fast locals, cells, free variables, and module globals (every global
//! name of `main.py` gets a slot in one shared table, see [`CompiledModule::global_names`]).
//!
//! Control flow through `finally`, `with` and `except` blocks follows CPython 3.9+: the
//! compiler keeps a stack of "frame blocks" and, for `return`/`break`/`continue`, emits the
//! cleanup of every block it leaves (inlining `finally` bodies) before jumping.
//!
//! A finished code object's instructions get their superinstructions marked
//! ([`superinstr`]: `x <op> K` for a fast local and a small int constant, `return x`).

pub mod code;
pub mod control_flow_conversion;
mod superinstr;
pub mod symtable;

use std::collections::HashMap;
use std::rc::Rc;

use num_bigint::BigInt;

use crate::ast::{
    self, BinOp, CmpOp, Constant, Expr, ExprKind, FStringPart, Stmt, StmtKind, UnaryOp,
};
use crate::span::{LineIndex, Span};
use crate::syntax_error::SyntaxError;
use crate::value::{self, Name, Value};
use code::{Code, CodeKind, Instr, Loc};
use symtable::{NameAccess, SymbolTable};

/// The result of compiling `main.py`.
pub struct CompiledModule {
    pub code: Rc<Code>,
    /// Names of the module's global slots, in slot order.
    pub global_names: Vec<Name>,
}

/// The shared string for `name` (made on first use).
fn intern(interned: &mut HashMap<String, Name>, name: &str) -> Name {
    if let Some(n) = interned.get(name) {
        return n.clone();
    }
    let n = value::name(name);
    interned.insert(name.to_string(), n.clone());
    n
}

/// How deep expressions and statements may nest before compilation gives up (keeps the
/// recursive code generator far from the end of a 1 MiB wasm stack).
const MAX_NESTING: u32 = 1000;

/// Compiles a parsed module.
pub fn compile_module(
    module: &ast::Module,
    source: &str,
    filename: &str,
) -> Result<CompiledModule, SyntaxError> {
    compile_module_with_globals(module, source, filename, &[])
}

/// Compiles a parsed module whose first global slots are `existing`, in order (code
/// compiled again for a module that already runs, sharing its globals); names the module
/// uses beyond them get the slots after.
pub fn compile_module_with_globals(
    module: &ast::Module,
    source: &str,
    filename: &str,
    existing: &[Name],
) -> Result<CompiledModule, SyntaxError> {
    let table = symtable::analyze(module);
    if let Some((msg, offset)) = table.errors.first() {
        return Err(SyntaxError::new(msg.clone(), Span::new(*offset, *offset)));
    }
    let mut global_slots = HashMap::new();
    let mut global_names = Vec::new();
    let mut interned = HashMap::new();
    for n in existing {
        global_slots.insert(n.as_str().to_string(), global_names.len() as u32);
        global_names.push(n.clone());
    }
    for n in table.global_names() {
        if global_slots.contains_key(&n) {
            continue;
        }
        global_slots.insert(n.clone(), global_names.len() as u32);
        global_names.push(intern(&mut interned, &n));
    }
    let mut compiler = Compiler {
        source,
        source_text: Rc::from(source),
        line_index: LineIndex::new(source),
        filename: Rc::from(filename),
        table,
        global_slots,
        global_names,
        interned,
        unit: Unit::new(0, CodeKind::Module, "<module>", "<module>", 1),
        outer: Vec::new(),
        depth: 0,
    };
    compiler.stmts(&module.body)?;
    compiler.load_const(Value::None);
    compiler.emit(Instr::Return);
    let code = compiler.finish_unit();
    Ok(CompiledModule {
        code: Rc::new(code),
        global_names: compiler.global_names,
    })
}

/// A code object under construction.
struct Unit<'a> {
    scope: usize,
    kind: CodeKind,
    name: String,
    qualname: String,
    instrs: Vec<Instr>,
    locs: Vec<Loc>,
    lines: Vec<u32>,
    consts: Vec<Value>,
    names: Vec<Name>,
    name_index: HashMap<String, u32>,
    varnames: Vec<Name>,
    var_index: HashMap<String, u32>,
    cellvars: Vec<String>,
    freevars: Vec<String>,
    loc: Loc,
    fblocks: Vec<FBlock<'a>>,
    loops: Vec<Vec<usize>>,
    first_line: u32,
    arg_count: u32,
    posonly_count: u32,
    kwonly_count: u32,
    has_varargs: bool,
    has_varkw: bool,
    is_generator: bool,
}

impl<'a> Unit<'a> {
    fn new(scope: usize, kind: CodeKind, name: &str, qualname: &str, first_line: u32) -> Unit<'a> {
        Unit {
            scope,
            kind,
            name: name.to_string(),
            qualname: qualname.to_string(),
            instrs: Vec::new(),
            locs: Vec::new(),
            lines: Vec::new(),
            consts: Vec::new(),
            names: Vec::new(),
            name_index: HashMap::new(),
            varnames: Vec::new(),
            var_index: HashMap::new(),
            cellvars: Vec::new(),
            freevars: Vec::new(),
            loc: Loc::default(),
            fblocks: Vec::new(),
            loops: Vec::new(),
            first_line,
            arg_count: 0,
            posonly_count: 0,
            kwonly_count: 0,
            has_varargs: false,
            has_varkw: false,
            is_generator: false,
        }
    }
}

/// What `return`/`break`/`continue` must clean up when leaving a block.
#[derive(Clone)]
enum FBlock<'a> {
    /// A loop; `for_loop` has its iterator on the stack. `id` indexes `Unit::loops`.
    Loop {
        id: usize,
        continue_target: u32,
        for_loop: bool,
    },
    /// `try` body with a `finally`: leaving inlines the final body.
    Finally(&'a [Stmt]),
    /// `try` body with handlers: leaving pops the handler block.
    TryExcept,
    /// An `except` handler body: leaving pops the handled exception (and unbinds the name).
    Handler(Option<&'a str>),
    /// A `finally` body or `with` cleanup running for an exception: the exception is on the
    /// stack and being handled.
    ExceptionCleanup,
    /// A `with` body: leaving calls `__exit__(None, None, None)`.
    With,
    /// A return value saved on the stack while a `finally` body runs.
    PoppedValue,
}

struct Compiler<'a> {
    source: &'a str,
    /// `source`, shared by the code objects for their tracebacks.
    source_text: Rc<str>,
    line_index: LineIndex,
    filename: Rc<str>,
    table: SymbolTable,
    global_slots: HashMap<String, u32>,
    global_names: Vec<Name>,
    /// One shared string per distinct name in the module, so attribute maps and lookup
    /// caches match names from different functions by pointer.
    interned: HashMap<String, Name>,
    unit: Unit<'a>,
    outer: Vec<Unit<'a>>,
    depth: u32,
}

type CResult<T = ()> = Result<T, SyntaxError>;

impl<'a> Compiler<'a> {
    fn error(&self, msg: &str, span: Span) -> SyntaxError {
        SyntaxError::new(msg, span)
    }

    fn enter(&mut self, span: Span) -> CResult {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(SyntaxError::new(crate::parser::NESTING_MESSAGE, span));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    fn line_of(&self, offset: u32) -> u32 {
        self.line_index.line(offset)
    }

    // ----- emitting -----

    fn emit(&mut self, instr: Instr) -> usize {
        self.unit.instrs.push(instr);
        self.unit.locs.push(self.unit.loc);
        let line = self.line_index.line(self.unit.loc.span.start);
        self.unit.lines.push(line);
        self.unit.instrs.len() - 1
    }

    fn here(&self) -> u32 {
        self.unit.instrs.len() as u32
    }

    fn patch(&mut self, at: usize, target: u32) {
        let instr = &mut self.unit.instrs[at];
        *instr = match *instr {
            Instr::Jump(_) => Instr::Jump(target),
            Instr::PopJumpIfFalse(_) => Instr::PopJumpIfFalse(target),
            Instr::PopJumpIfTrue(_) => Instr::PopJumpIfTrue(target),
            Instr::JumpIfFalseOrPop(_) => Instr::JumpIfFalseOrPop(target),
            Instr::JumpIfTrueOrPop(_) => Instr::JumpIfTrueOrPop(target),
            Instr::ForIter(_) => Instr::ForIter(target),
            Instr::SetupExcept(_) => Instr::SetupExcept(target),
            other => other,
        };
    }

    fn patch_here(&mut self, at: usize) {
        let here = self.here();
        self.patch(at, here);
    }

    fn const_index(&mut self, value: Value) -> u32 {
        // Reuse identical simple constants.
        for (i, c) in self.unit.consts.iter().enumerate() {
            let same = match (c, &value) {
                (Value::None, Value::None) => true,
                (Value::Bool(a), Value::Bool(b)) => a == b,
                (Value::Int(a), Value::Int(b)) => a == b,
                (Value::Str(a), Value::Str(b)) => a.as_str() == b.as_str(),
                _ => false,
            };
            if same {
                return i as u32;
            }
        }
        self.unit.consts.push(value);
        (self.unit.consts.len() - 1) as u32
    }

    fn load_const(&mut self, value: Value) {
        let i = self.const_index(value);
        self.emit(Instr::LoadConst(i));
    }

    fn name_index(&mut self, name: &str) -> u32 {
        if let Some(&i) = self.unit.name_index.get(name) {
            return i;
        }
        let i = self.unit.names.len() as u32;
        let interned = intern(&mut self.interned, name);
        self.unit.names.push(interned);
        self.unit.name_index.insert(name.to_string(), i);
        i
    }

    fn var_index(&mut self, name: &str) -> u32 {
        if let Some(&i) = self.unit.var_index.get(name) {
            return i;
        }
        let i = self.unit.varnames.len() as u32;
        let interned = intern(&mut self.interned, name);
        self.unit.varnames.push(interned);
        self.unit.var_index.insert(name.to_string(), i);
        i
    }

    fn global_slot(&mut self, name: &str) -> u32 {
        if let Some(&s) = self.global_slots.get(name) {
            return s;
        }
        let s = self.global_names.len() as u32;
        let interned = intern(&mut self.interned, name);
        self.global_names.push(interned);
        self.global_slots.insert(name.to_string(), s);
        s
    }

    fn deref_index(&self, name: &str) -> Option<u32> {
        if let Some(i) = self.unit.cellvars.iter().position(|c| c == name) {
            return Some(i as u32);
        }
        self.unit
            .freevars
            .iter()
            .position(|f| f == name)
            .map(|i| (i + self.unit.cellvars.len()) as u32)
    }

    fn access(&self, name: &str) -> NameAccess {
        self.table.scopes[self.unit.scope].access(name)
    }

    fn set_loc(&mut self, span: Span) {
        self.unit.loc = Loc { span, anchor: None };
    }

    // ----- names -----

    fn load_name(&mut self, name: &str) {
        match self.access(name) {
            NameAccess::Fast => {
                let i = self.var_index(name);
                self.emit(Instr::LoadFast(i));
            }
            NameAccess::Cell | NameAccess::Free => match self.deref_index(name) {
                Some(i) => {
                    self.emit(Instr::LoadDeref(i));
                }
                None => {
                    let s = self.global_slot(name);
                    self.emit(Instr::LoadGlobal(s));
                }
            },
            NameAccess::Global => {
                let s = self.global_slot(name);
                self.emit(Instr::LoadGlobal(s));
            }
            NameAccess::ClassName => {
                self.global_slot(name);
                let i = self.name_index(name);
                self.emit(Instr::LoadName(i));
            }
            NameAccess::ClassFree => match self.deref_index(name) {
                Some(i) => {
                    self.emit(Instr::LoadClassDeref(i));
                }
                None => {
                    let i = self.name_index(name);
                    self.emit(Instr::LoadName(i));
                }
            },
        }
    }

    fn store_name(&mut self, name: &str) {
        match self.access(name) {
            NameAccess::Fast => {
                let i = self.var_index(name);
                self.emit(Instr::StoreFast(i));
            }
            NameAccess::Cell | NameAccess::Free => match self.deref_index(name) {
                Some(i) => {
                    self.emit(Instr::StoreDeref(i));
                }
                None => {
                    let s = self.global_slot(name);
                    self.emit(Instr::StoreGlobal(s));
                }
            },
            NameAccess::Global => {
                let s = self.global_slot(name);
                self.emit(Instr::StoreGlobal(s));
            }
            NameAccess::ClassName | NameAccess::ClassFree => {
                let i = self.name_index(name);
                self.emit(Instr::StoreName(i));
            }
        }
    }

    fn delete_name(&mut self, name: &str) {
        match self.access(name) {
            NameAccess::Fast => {
                let i = self.var_index(name);
                self.emit(Instr::DeleteFast(i));
            }
            NameAccess::Cell | NameAccess::Free => match self.deref_index(name) {
                Some(i) => {
                    self.emit(Instr::DeleteDeref(i));
                }
                None => {
                    let s = self.global_slot(name);
                    self.emit(Instr::DeleteGlobal(s));
                }
            },
            NameAccess::Global => {
                let s = self.global_slot(name);
                self.emit(Instr::DeleteGlobal(s));
            }
            NameAccess::ClassName | NameAccess::ClassFree => {
                let i = self.name_index(name);
                self.emit(Instr::DeleteName(i));
            }
        }
    }

    // ----- units -----

    fn push_unit(&mut self, scope: usize, kind: CodeKind, name: &str, span: Span) {
        let qualname = match self.unit.kind {
            CodeKind::Module => name.to_string(),
            CodeKind::Class => format!("{}.{}", self.unit.qualname, name),
            _ => format!("{}.<locals>.{}", self.unit.qualname, name),
        };
        let first_line = self.line_of(span.start);
        let mut unit = Unit::new(scope, kind, name, &qualname, first_line);
        let s = &self.table.scopes[scope];
        unit.cellvars = s.cells.clone();
        unit.freevars = s.frees.clone();
        unit.is_generator = s.is_generator;
        // Parameters are the first fast locals, in order.
        for p in s.params.clone() {
            let i = unit.varnames.len() as u32;
            unit.varnames.push(intern(&mut self.interned, &p));
            unit.var_index.insert(p, i);
        }
        unit.loc = Loc { span, anchor: None };
        let old = std::mem::replace(&mut self.unit, unit);
        self.outer.push(old);
    }

    fn finish_unit(&mut self) -> Code {
        let unit = &mut self.unit;
        let mut cell_params = Vec::new();
        for (ci, c) in unit.cellvars.iter().enumerate() {
            if let Some(&vi) = unit.var_index.get(c) {
                if (vi as usize) < self.table.scopes[unit.scope].params.len() {
                    cell_params.push((ci as u32, vi));
                }
            }
        }
        superinstr::mark_superinstructions(&mut unit.instrs, &unit.consts);
        let plain =
            !unit.is_generator && !unit.has_varargs && !unit.has_varkw && unit.kwonly_count == 0;
        Code {
            plain_arg_count: if plain { unit.arg_count } else { u32::MAX },
            entry_charge: crate::vm::frame_charge(unit.instrs.len()),
            attr_sites: Code::attr_sites_for(unit.instrs.len()),
            name: value::name(&unit.name),
            qualname: unit.qualname.clone(),
            kind: unit.kind,
            instrs: std::mem::take(&mut unit.instrs),
            locs: std::mem::take(&mut unit.locs),
            lines: std::mem::take(&mut unit.lines),
            consts: std::mem::take(&mut unit.consts),
            names: std::mem::take(&mut unit.names),
            varnames: std::mem::take(&mut unit.varnames),
            cellvars: unit.cellvars.iter().map(|c| value::name(c)).collect(),
            freevars: unit.freevars.iter().map(|c| value::name(c)).collect(),
            cell_params,
            posonly_count: unit.posonly_count,
            arg_count: unit.arg_count,
            kwonly_count: unit.kwonly_count,
            has_varargs: unit.has_varargs,
            has_varkw: unit.has_varkw,
            is_generator: unit.is_generator,
            first_line: unit.first_line,
            filename: self.filename.clone(),
            source: self.source_text.clone(),
        }
    }

    fn pop_unit(&mut self) -> Code {
        let code = self.finish_unit();
        if let Some(outer) = self.outer.pop() {
            self.unit = outer;
        }
        code
    }

    /// Emits the closure tuple for a child code and `MakeFunction`.
    fn make_function(&mut self, code: Code, mut flags: u8) {
        if !code.freevars.is_empty() {
            for f in &code.freevars {
                let idx = self.deref_index(f.as_str());
                match idx {
                    Some(i) => {
                        self.emit(Instr::LoadClosure(i));
                    }
                    None => {
                        // Not available here (e.g. `__class__` outside a class): an empty cell.
                        self.load_const(Value::None);
                    }
                }
            }
            self.emit(Instr::BuildTuple(code.freevars.len() as u32));
            flags |= 4;
        }
        self.unit.consts.push(Value::Code(Rc::new(code)));
        let ci = self.unit.consts.len() - 1;
        self.emit(Instr::MakeFunction(ci as u32, flags));
    }

    // ----- statements -----

    fn stmts(&mut self, stmts: &'a [Stmt]) -> CResult {
        for s in stmts {
            self.stmt(s)?;
        }
        Ok(())
    }

    fn stmt(&mut self, stmt: &'a Stmt) -> CResult {
        self.enter(stmt.span)?;
        self.set_loc(stmt.span);
        let res = self.stmt_inner(stmt);
        self.leave();
        res
    }

    fn stmt_inner(&mut self, stmt: &'a Stmt) -> CResult {
        match &stmt.kind {
            StmtKind::Expr(e) => {
                self.expr(e)?;
                self.set_loc(stmt.span);
                self.emit(Instr::Pop);
            }
            StmtKind::Assign { targets, value } => {
                self.expr(value)?;
                for (i, t) in targets.iter().enumerate() {
                    if i + 1 < targets.len() {
                        self.emit(Instr::Dup);
                    }
                    self.store_target(t, stmt.span)?;
                }
            }
            StmtKind::AugAssign { target, op, value } => {
                self.aug_assign(target, *op, value, stmt.span)?
            }
            StmtKind::AnnAssign {
                target,
                annotation,
                value,
            } => {
                if let Some(v) = value {
                    self.expr(v)?;
                    self.store_target(target, stmt.span)?;
                }
                // In a class body, `x: T` records `__annotations__['x'] = T`, as CPython
                // does (what `dataclasses` and `typing.NamedTuple` read).
                if let (CodeKind::Class, ExprKind::Name(name)) = (self.unit.kind, &target.kind) {
                    self.expr(annotation)?;
                    self.load_name("__annotations__");
                    self.load_const(Value::str(name.clone()));
                    self.set_loc(stmt.span);
                    self.emit(Instr::StoreSubscr);
                }
            }
            StmtKind::FunctionDef(def) => self.function_def(def, stmt.span)?,
            StmtKind::ClassDef(def) => self.class_def(def, stmt.span)?,
            StmtKind::Return(value) => {
                if matches!(self.unit.kind, CodeKind::Module | CodeKind::Class) {
                    return Err(self.error("'return' outside function", stmt.span));
                }
                match value {
                    Some(v) => self.expr(v)?,
                    None => self.load_const(Value::None),
                }
                self.set_loc(stmt.span);
                self.unwind_for_return()?;
                self.set_loc(stmt.span);
                self.emit(Instr::Return);
            }
            StmtKind::Delete(targets) => {
                for t in targets {
                    self.delete_target(t)?;
                }
            }
            StmtKind::If { test, body, orelse } => {
                self.expr(test)?;
                let jump_else = self.emit(Instr::PopJumpIfFalse(0));
                self.stmts(body)?;
                if orelse.is_empty() {
                    self.patch_here(jump_else);
                } else {
                    let jump_end = self.emit(Instr::Jump(0));
                    self.patch_here(jump_else);
                    self.stmts(orelse)?;
                    self.patch_here(jump_end);
                }
            }
            StmtKind::While { test, body, orelse } => {
                let start = self.here();
                self.expr(test)?;
                let exit = self.emit(Instr::PopJumpIfFalse(0));
                let id = self.unit.loops.len();
                self.unit.loops.push(Vec::new());
                self.unit.fblocks.push(FBlock::Loop {
                    id,
                    continue_target: start,
                    for_loop: false,
                });
                self.stmts(body)?;
                self.unit.fblocks.pop();
                self.emit(Instr::Jump(start));
                self.patch_here(exit);
                self.stmts(orelse)?;
                for b in std::mem::take(&mut self.unit.loops[id]) {
                    self.patch_here(b);
                }
            }
            StmtKind::For {
                target,
                iter,
                body,
                orelse,
            } => {
                self.expr(iter)?;
                self.set_loc(iter.span);
                self.emit(Instr::GetIter);
                let start = self.here();
                self.set_loc(stmt.span);
                let for_iter = self.emit(Instr::ForIter(0));
                self.store_target(target, stmt.span)?;
                let id = self.unit.loops.len();
                self.unit.loops.push(Vec::new());
                self.unit.fblocks.push(FBlock::Loop {
                    id,
                    continue_target: start,
                    for_loop: true,
                });
                self.stmts(body)?;
                self.unit.fblocks.pop();
                self.emit(Instr::Jump(start));
                self.patch_here(for_iter);
                self.stmts(orelse)?;
                for b in std::mem::take(&mut self.unit.loops[id]) {
                    self.patch_here(b);
                }
            }
            StmtKind::With { items, body } => self.with(items, body, stmt.span)?,
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finalbody,
            } => {
                if finalbody.is_empty() {
                    self.try_except(body, handlers, orelse)?;
                } else {
                    self.try_finally(body, handlers, orelse, finalbody, stmt.span)?;
                }
            }
            StmtKind::Raise { exc, cause } => {
                let mut n = 0;
                if let Some(e) = exc {
                    self.expr(e)?;
                    n = 1;
                    if let Some(c) = cause {
                        self.expr(c)?;
                        n = 2;
                    }
                }
                self.set_loc(stmt.span);
                self.emit(Instr::Raise(n));
            }
            StmtKind::Assert { test, msg } => {
                self.expr(test)?;
                let ok = self.emit(Instr::PopJumpIfTrue(0));
                // CPython 3.11 points the failing assert at its test.
                self.set_loc(test.span);
                self.emit(Instr::LoadAssertionError);
                if let Some(m) = msg {
                    self.expr(m)?;
                    self.set_loc(test.span);
                    self.emit(Instr::Call(1));
                }
                self.emit(Instr::Raise(1));
                self.patch_here(ok);
            }
            StmtKind::Import(aliases) => {
                for a in aliases {
                    let idx = self.name_index(&a.name);
                    match &a.asname {
                        Some(asname) => {
                            self.emit(Instr::ImportName(idx, true));
                            self.store_name(asname);
                        }
                        None => {
                            self.emit(Instr::ImportName(idx, false));
                            let top = a.name.split('.').next().unwrap_or("").to_string();
                            self.store_name(&top);
                        }
                    }
                }
            }
            StmtKind::ImportFrom {
                module,
                names,
                level,
            } => {
                // A relative import keeps its leading dots in the name (`..pkg`); the VM
                // resolves it against the importing module's package.
                let dotted = format!("{}{module}", ".".repeat(*level as usize));
                let idx = self.name_index(&dotted);
                self.emit(Instr::ImportName(idx, true));
                for a in names {
                    if a.name == "*" {
                        let star = self.name_index("*");
                        self.emit(Instr::ImportFrom(star));
                        continue;
                    }
                    let n = self.name_index(&a.name);
                    self.emit(Instr::ImportFrom(n));
                    let bound = a.asname.clone().unwrap_or_else(|| a.name.clone());
                    self.store_name(&bound);
                }
                self.emit(Instr::Pop);
            }
            StmtKind::Global(_) | StmtKind::Nonlocal(_) | StmtKind::Pass => {}
            StmtKind::Break => self.break_continue(true, stmt.span)?,
            StmtKind::Continue => self.break_continue(false, stmt.span)?,
        }
        Ok(())
    }

    fn aug_assign(&mut self, target: &'a Expr, op: BinOp, value: &'a Expr, span: Span) -> CResult {
        match &target.kind {
            ExprKind::Name(n) => {
                self.set_loc(target.span);
                self.load_name(n);
                self.expr(value)?;
                self.set_loc(span);
                self.emit(Instr::InPlace(op));
                self.store_name(n);
            }
            ExprKind::Attribute { value: obj, attr } => {
                self.expr(obj)?;
                self.emit(Instr::Dup);
                self.set_loc(target.span);
                let i = self.name_index(attr);
                self.emit(Instr::LoadAttr(i));
                self.expr(value)?;
                self.set_loc(span);
                self.emit(Instr::InPlace(op));
                self.emit(Instr::Rot2);
                self.set_loc(target.span);
                self.emit(Instr::StoreAttr(i));
            }
            ExprKind::Subscript { value: obj, index } => {
                self.expr(obj)?;
                self.subscript_index(index)?;
                self.emit(Instr::DupTwo);
                self.unit.loc = self.subscript_loc(target, obj, index);
                self.emit(Instr::Subscr);
                self.expr(value)?;
                self.set_loc(span);
                self.emit(Instr::InPlace(op));
                self.emit(Instr::Rot3);
                self.unit.loc = self.subscript_loc(target, obj, index);
                self.emit(Instr::StoreSubscr);
            }
            _ => {
                return Err(self.error(
                    "'expression' is an illegal expression for augmented assignment",
                    target.span,
                ))
            }
        }
        Ok(())
    }

    fn store_target(&mut self, target: &'a Expr, stmt_span: Span) -> CResult {
        match &target.kind {
            ExprKind::Name(n) => {
                self.set_loc(target.span);
                self.store_name(n);
            }
            ExprKind::Attribute { value, attr } => {
                self.expr(value)?;
                self.set_loc(target.span);
                let i = self.name_index(attr);
                self.emit(Instr::StoreAttr(i));
            }
            ExprKind::Subscript { value, index } => {
                self.expr(value)?;
                self.subscript_index(index)?;
                self.unit.loc = self.subscript_loc(target, value, index);
                self.emit(Instr::StoreSubscr);
            }
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                self.set_loc(stmt_span);
                let star = items
                    .iter()
                    .position(|e| matches!(e.kind, ExprKind::Starred(_)));
                match star {
                    Some(pos) => {
                        if items
                            .iter()
                            .filter(|e| matches!(e.kind, ExprKind::Starred(_)))
                            .count()
                            > 1
                        {
                            return Err(self
                                .error("multiple starred expressions in assignment", target.span));
                        }
                        let after = items.len() - pos - 1;
                        self.emit(Instr::UnpackEx(pos as u16, after as u16));
                    }
                    None => {
                        self.emit(Instr::UnpackSequence(items.len() as u32));
                    }
                }
                for item in items {
                    match &item.kind {
                        ExprKind::Starred(inner) => self.store_target(inner, stmt_span)?,
                        _ => self.store_target(item, stmt_span)?,
                    }
                }
            }
            ExprKind::Starred(_) => {
                return Err(self.error(
                    "starred assignment target must be in a list or tuple",
                    target.span,
                ));
            }
            _ => return Err(self.error("cannot assign to expression", target.span)),
        }
        Ok(())
    }

    fn delete_target(&mut self, target: &'a Expr) -> CResult {
        match &target.kind {
            ExprKind::Name(n) => {
                self.set_loc(target.span);
                self.delete_name(n);
            }
            ExprKind::Attribute { value, attr } => {
                self.expr(value)?;
                self.set_loc(target.span);
                let i = self.name_index(attr);
                self.emit(Instr::DeleteAttr(i));
            }
            ExprKind::Subscript { value, index } => {
                self.expr(value)?;
                self.subscript_index(index)?;
                self.unit.loc = self.subscript_loc(target, value, index);
                self.emit(Instr::DeleteSubscr);
            }
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                for i in items {
                    self.delete_target(i)?;
                }
            }
            _ => return Err(self.error("cannot delete expression", target.span)),
        }
        Ok(())
    }

    fn arguments(&mut self, args: &'a ast::Arguments) -> CResult<u8> {
        let mut flags = 0;
        if !args.defaults.is_empty() {
            for d in &args.defaults {
                self.expr(d)?;
            }
            self.emit(Instr::BuildTuple(args.defaults.len() as u32));
            flags |= 1;
        }
        let kw: Vec<(&ast::Arg, &Expr)> = args
            .kwonlyargs
            .iter()
            .zip(&args.kw_defaults)
            .filter_map(|(a, d)| d.as_ref().map(|d| (a, d)))
            .collect();
        if !kw.is_empty() {
            for (a, d) in &kw {
                self.load_const(Value::str(a.name.clone()));
                self.expr(d)?;
            }
            self.emit(Instr::BuildMap(kw.len() as u32));
            flags |= 2;
        }
        Ok(flags)
    }

    /// A function's `__annotations__`, evaluated at definition time as in CPython: a dict
    /// from parameter names (and `return`) to their annotations. Flag 8 of `MakeFunction`.
    fn annotations(&mut self, args: &'a ast::Arguments, returns: Option<&'a Expr>) -> CResult<u8> {
        let params = args
            .posonlyargs
            .iter()
            .chain(&args.args)
            .chain(&args.vararg)
            .chain(&args.kwonlyargs)
            .chain(&args.kwarg);
        let mut count = 0;
        for a in params {
            if let Some(ann) = &a.annotation {
                self.load_const(Value::str(a.name.clone()));
                self.expr(ann)?;
                count += 1;
            }
        }
        if let Some(r) = returns {
            self.load_const(Value::str("return"));
            self.expr(r)?;
            count += 1;
        }
        if count == 0 {
            return Ok(0);
        }
        self.emit(Instr::BuildMap(count));
        Ok(8)
    }

    fn set_signature(&mut self, args: &ast::Arguments) {
        self.unit.posonly_count = args.posonlyargs.len() as u32;
        self.unit.arg_count = (args.posonlyargs.len() + args.args.len()) as u32;
        self.unit.kwonly_count = args.kwonlyargs.len() as u32;
        self.unit.has_varargs = args.vararg.is_some();
        self.unit.has_varkw = args.kwarg.is_some();
    }

    fn function_def(&mut self, def: &'a ast::FunctionDef, span: Span) -> CResult {
        for d in &def.decorators {
            self.expr(d)?;
        }
        let mut flags = self.arguments(&def.args)?;
        flags |= self.annotations(&def.args, def.returns.as_ref())?;
        let Some(scope) = self.table.scope_of(def) else {
            return Err(self.error("internal error: missing scope", span));
        };
        // `co_firstlineno` of a decorated function is its first decorator's line.
        let first = def
            .decorators
            .first()
            .map_or(span, |d| Span::new(d.span.start.min(span.start), span.end));
        self.push_unit(scope, CodeKind::Function, &def.name, first);
        self.set_signature(&def.args);
        // A docstring is the function's first constant, as in CPython.
        self.stmts(&def.body)?;
        self.load_const(Value::None);
        self.emit(Instr::Return);
        let code = self.pop_unit();
        self.set_loc(span);
        self.make_function(code, flags);
        for _ in &def.decorators {
            self.emit(Instr::Call(1));
        }
        self.store_name(&def.name);
        Ok(())
    }

    fn class_def(&mut self, def: &'a ast::ClassDef, span: Span) -> CResult {
        for d in &def.decorators {
            self.expr(d)?;
        }
        let Some(scope) = self.table.scope_of(def) else {
            return Err(self.error("internal error: missing scope", span));
        };
        self.push_unit(scope, CodeKind::Class, &def.name, span);
        let annotated = def.body.iter().any(|stmt| {
            matches!(&stmt.kind, StmtKind::AnnAssign { target, .. }
                if matches!(target.kind, ExprKind::Name(_)))
        });
        // A leading string is the class's `__doc__`, as in CPython.
        if let Some(StmtKind::Expr(first)) = def.body.first().map(|s| &s.kind) {
            if let ExprKind::Constant(ast::Constant::Str(doc)) = &first.kind {
                self.load_const(Value::str(doc.clone()));
                self.store_name("__doc__");
            }
        }
        if annotated {
            self.emit(Instr::BuildMap(0));
            self.store_name("__annotations__");
        }
        self.stmts(&def.body)?;
        if let Some(i) = self.unit.cellvars.iter().position(|c| c == "__class__") {
            self.emit(Instr::LoadClosure(i as u32));
        } else {
            self.load_const(Value::None);
        }
        self.emit(Instr::Return);
        let code = self.pop_unit();
        self.set_loc(span);
        self.make_function(code, 0);
        self.load_const(Value::str(def.name.clone()));
        for b in &def.bases {
            if matches!(b.kind, ExprKind::Starred(_)) {
                return Err(self.error("starred class bases are not supported", b.span));
            }
            self.expr(b)?;
        }
        // Class keywords (`metaclass=`, and `__init_subclass__`'s) as a dict.
        let mut keywords = 0;
        for k in &def.keywords {
            let Some(name) = &k.arg else {
                return Err(self.error("'**' in class keywords is not supported", k.value.span));
            };
            self.load_const(Value::str(name.clone()));
            self.expr(&k.value)?;
            keywords += 1;
        }
        self.set_loc(span);
        if def.keywords.is_empty() {
            self.emit(Instr::BuildClass(def.bases.len() as u32));
        } else {
            self.emit(Instr::BuildMap(keywords));
            self.emit(Instr::BuildClassKw(def.bases.len() as u32));
        }
        for _ in &def.decorators {
            self.emit(Instr::Call(1));
        }
        self.store_name(&def.name);
        Ok(())
    }

    fn with(&mut self, items: &'a [ast::WithItem], body: &'a [Stmt], span: Span) -> CResult {
        let Some((item, rest)) = items.split_first() else {
            return self.stmts(body);
        };
        self.expr(&item.context_expr)?;
        self.set_loc(item.context_expr.span);
        self.emit(Instr::BeforeWith);
        let setup = self.emit(Instr::SetupExcept(0));
        match &item.optional_vars {
            Some(t) => self.store_target(t, span)?,
            None => {
                self.emit(Instr::Pop);
            }
        }
        self.unit.fblocks.push(FBlock::With);
        if rest.is_empty() {
            self.stmts(body)?;
        } else {
            self.with(rest, body, span)?;
        }
        self.unit.fblocks.pop();
        self.set_loc(span);
        self.emit(Instr::PopBlock);
        self.emit(Instr::CallExitNormal);
        let to_end = self.emit(Instr::Jump(0));
        // Exceptional exit: [exit, exc].
        self.patch_here(setup);
        self.set_loc(item.context_expr.span);
        self.emit(Instr::PushExcInfo);
        self.emit(Instr::WithExceptStart);
        let suppress = self.emit(Instr::PopJumpIfTrue(0));
        self.emit(Instr::Reraise);
        self.patch_here(suppress);
        self.emit(Instr::PopExcept);
        self.emit(Instr::Pop);
        self.emit(Instr::Pop);
        self.patch_here(to_end);
        Ok(())
    }

    fn try_except(
        &mut self,
        body: &'a [Stmt],
        handlers: &'a [ast::ExceptHandler],
        orelse: &'a [Stmt],
    ) -> CResult {
        let setup = self.emit(Instr::SetupExcept(0));
        self.unit.fblocks.push(FBlock::TryExcept);
        self.stmts(body)?;
        self.unit.fblocks.pop();
        self.emit(Instr::PopBlock);
        self.stmts(orelse)?;
        let to_end = self.emit(Instr::Jump(0));
        self.patch_here(setup);
        let mut ends = vec![to_end];
        self.handlers(handlers, &mut ends)?;
        for e in ends {
            self.patch_here(e);
        }
        Ok(())
    }

    /// Handler dispatch; the exception is on the stack. Appends jumps to the end to `ends`.
    fn handlers(&mut self, handlers: &'a [ast::ExceptHandler], ends: &mut Vec<usize>) -> CResult {
        if let Some(first) = handlers.first() {
            self.set_loc(first.span);
        }
        self.emit(Instr::PushExcInfo);
        for (i, h) in handlers.iter().enumerate() {
            self.set_loc(h.span);
            let mut next = None;
            match &h.type_ {
                Some(t) => {
                    self.expr(t)?;
                    self.set_loc(h.span);
                    self.emit(Instr::CheckExcMatch);
                    next = Some(self.emit(Instr::PopJumpIfFalse(0)));
                }
                None => {
                    if i + 1 != handlers.len() {
                        return Err(self.error("default 'except:' must be last", h.span));
                    }
                }
            }
            match &h.name {
                Some(n) => self.store_name(n),
                None => {
                    self.emit(Instr::Pop);
                }
            }
            self.unit.fblocks.push(FBlock::Handler(h.name.as_deref()));
            self.stmts(&h.body)?;
            self.unit.fblocks.pop();
            self.emit(Instr::PopExcept);
            if let Some(n) = &h.name {
                self.load_const(Value::None);
                self.store_name(n);
                self.delete_name(n);
            }
            ends.push(self.emit(Instr::Jump(0)));
            if let Some(next) = next {
                self.patch_here(next);
            }
        }
        // No handler matched: re-raise the exception (still on the stack).
        self.emit(Instr::Reraise);
        Ok(())
    }

    fn try_finally(
        &mut self,
        body: &'a [Stmt],
        handlers: &'a [ast::ExceptHandler],
        orelse: &'a [Stmt],
        finalbody: &'a [Stmt],
        span: Span,
    ) -> CResult {
        let setup_finally = self.emit(Instr::SetupExcept(0));
        self.unit.fblocks.push(FBlock::Finally(finalbody));
        if handlers.is_empty() {
            self.stmts(body)?;
            self.stmts(orelse)?;
        } else {
            self.try_except(body, handlers, orelse)?;
        }
        self.unit.fblocks.pop();
        self.set_loc(span);
        self.emit(Instr::PopBlock);
        self.stmts(finalbody)?;
        let to_end = self.emit(Instr::Jump(0));
        // Exceptional path: [exc].
        self.patch_here(setup_finally);
        self.emit(Instr::PushExcInfo);
        self.unit.fblocks.push(FBlock::ExceptionCleanup);
        self.stmts(finalbody)?;
        self.unit.fblocks.pop();
        self.emit(Instr::Reraise);
        self.patch_here(to_end);
        Ok(())
    }

    /// Emits the cleanup of one frame block. `preserve_tos` is true for `return`, whose
    /// value sits on top of the stack.
    fn unwind_fblock(&mut self, block: &FBlock<'a>, preserve_tos: bool) -> CResult {
        match block {
            FBlock::Loop { for_loop, .. } => {
                if *for_loop {
                    if preserve_tos {
                        self.emit(Instr::Rot2);
                    }
                    self.emit(Instr::Pop);
                }
            }
            FBlock::TryExcept => {
                self.emit(Instr::PopBlock);
            }
            FBlock::Finally(body) => {
                self.emit(Instr::PopBlock);
                if preserve_tos {
                    self.unit.fblocks.push(FBlock::PoppedValue);
                }
                self.stmts(body)?;
                if preserve_tos {
                    self.unit.fblocks.pop();
                }
            }
            FBlock::Handler(name) => {
                self.emit(Instr::PopExcept);
                if let Some(n) = name {
                    self.load_const(Value::None);
                    self.store_name(n);
                    self.delete_name(n);
                }
            }
            FBlock::ExceptionCleanup => {
                self.emit(Instr::PopExcept);
                if preserve_tos {
                    self.emit(Instr::Rot2);
                }
                self.emit(Instr::Pop);
            }
            FBlock::With => {
                self.emit(Instr::PopBlock);
                if preserve_tos {
                    self.emit(Instr::Rot2);
                }
                self.emit(Instr::CallExitNormal);
            }
            FBlock::PoppedValue => {
                if preserve_tos {
                    self.emit(Instr::Rot2);
                }
                self.emit(Instr::Pop);
            }
        }
        Ok(())
    }

    fn unwind_for_return(&mut self) -> CResult {
        let saved = self.unit.fblocks.clone();
        while let Some(block) = self.unit.fblocks.pop() {
            self.unwind_fblock(&block, true)?;
        }
        self.unit.fblocks = saved;
        Ok(())
    }

    fn break_continue(&mut self, is_break: bool, span: Span) -> CResult {
        let saved = self.unit.fblocks.clone();
        loop {
            let Some(block) = self.unit.fblocks.pop() else {
                self.unit.fblocks = saved;
                let msg = if is_break {
                    "'break' outside loop"
                } else {
                    "'continue' not properly in loop"
                };
                return Err(self.error(msg, span));
            };
            if let FBlock::Loop {
                id,
                continue_target,
                for_loop,
            } = block
            {
                self.set_loc(span);
                if is_break {
                    if for_loop {
                        self.emit(Instr::Pop);
                    }
                    let j = self.emit(Instr::Jump(0));
                    self.unit.loops[id].push(j);
                } else {
                    self.emit(Instr::Jump(continue_target));
                }
                break;
            }
            self.unwind_fblock(&block, false)?;
        }
        self.unit.fblocks = saved;
        Ok(())
    }

    // ----- expressions -----

    fn expr(&mut self, expr: &'a Expr) -> CResult {
        self.enter(expr.span)?;
        let saved = self.unit.loc;
        self.set_loc(expr.span);
        let res = self.expr_inner(expr);
        self.unit.loc = saved;
        self.leave();
        res
    }

    fn expr_inner(&mut self, expr: &'a Expr) -> CResult {
        match &expr.kind {
            ExprKind::Constant(c) => {
                let v = self.constant(c, expr.span)?;
                self.load_const(v);
            }
            ExprKind::Name(n) => self.load_name(n),
            ExprKind::BinOp { .. } => {
                // Left-nested chains (`1 + 1 + ...`) compile iteratively.
                let mut spine = Vec::new();
                let mut cur = expr;
                while let ExprKind::BinOp { left, .. } = &cur.kind {
                    spine.push(cur);
                    cur = left;
                }
                self.expr(cur)?;
                for node in spine.into_iter().rev() {
                    if let ExprKind::BinOp { left, op, right } = &node.kind {
                        self.expr(right)?;
                        self.unit.loc = Loc {
                            span: node.span,
                            anchor: self.binop_anchor(left, right),
                        };
                        self.emit(Instr::Binary(*op));
                    }
                }
            }
            ExprKind::UnaryOp { op, operand } => {
                if let (
                    UnaryOp::USub,
                    ExprKind::Constant(c @ (Constant::Int(_) | Constant::Float(_))),
                ) = (op, &operand.kind)
                {
                    let v = match self.constant(c, operand.span)? {
                        Value::Int(i) if i != i64::MIN => Value::Int(-i),
                        Value::BigInt(b) => Value::from_bigint(-(*b).clone()),
                        Value::Float(f) => Value::Float(-f),
                        other => other,
                    };
                    self.load_const(v);
                    return Ok(());
                }
                self.expr(operand)?;
                self.set_loc(expr.span);
                self.emit(match op {
                    UnaryOp::Not => Instr::Not,
                    UnaryOp::USub => Instr::Neg,
                    UnaryOp::UAdd => Instr::Pos,
                    UnaryOp::Invert => Instr::Invert,
                });
            }
            ExprKind::BoolOp { op, values } => {
                let mut jumps = Vec::new();
                for (i, v) in values.iter().enumerate() {
                    self.expr(v)?;
                    if i + 1 < values.len() {
                        jumps.push(self.emit(match op {
                            ast::BoolOp::And => Instr::JumpIfFalseOrPop(0),
                            ast::BoolOp::Or => Instr::JumpIfTrueOrPop(0),
                        }));
                    }
                }
                for j in jumps {
                    self.patch_here(j);
                }
            }
            ExprKind::Compare {
                left,
                ops,
                comparators,
            } => self.compare(expr, left, ops, comparators)?,
            ExprKind::Call {
                func,
                args,
                keywords,
            } => self.call(expr, func, args, keywords)?,
            ExprKind::Attribute { value, attr } => {
                self.expr(value)?;
                self.set_loc(expr.span);
                let i = self.name_index(attr);
                self.emit(Instr::LoadAttr(i));
            }
            ExprKind::Subscript { value, index } => {
                self.expr(value)?;
                self.subscript_index(index)?;
                self.unit.loc = self.subscript_loc(expr, value, index);
                self.emit(Instr::Subscr);
            }
            ExprKind::Slice { .. } => self.subscript_index(expr)?,
            ExprKind::Tuple(items) => {
                if !items.is_empty()
                    && items
                        .iter()
                        .all(|e| matches!(e.kind, ExprKind::Constant(_)))
                {
                    let mut vals = Vec::new();
                    for e in items {
                        if let ExprKind::Constant(c) = &e.kind {
                            vals.push(self.constant(c, e.span)?);
                        }
                    }
                    self.load_const(Value::tuple(vals));
                } else if items.is_empty() {
                    self.load_const(Value::tuple(Vec::new()));
                } else {
                    self.sequence(items, SeqKind::Tuple)?;
                }
            }
            ExprKind::List(items) => self.sequence(items, SeqKind::List)?,
            ExprKind::Set(items) => self.sequence(items, SeqKind::Set)?,
            ExprKind::Dict { keys, values } => self.dict(keys, values)?,
            ExprKind::IfExp { test, body, orelse } => {
                self.expr(test)?;
                let jump_else = self.emit(Instr::PopJumpIfFalse(0));
                self.expr(body)?;
                let jump_end = self.emit(Instr::Jump(0));
                self.patch_here(jump_else);
                self.expr(orelse)?;
                self.patch_here(jump_end);
            }
            ExprKind::NamedExpr { target, value } => {
                self.expr(value)?;
                self.emit(Instr::Dup);
                match &target.kind {
                    ExprKind::Name(n) => self.store_name(n),
                    _ => {
                        return Err(self.error(
                            "cannot use assignment expressions with this target",
                            target.span,
                        ))
                    }
                }
            }
            ExprKind::Lambda { args, body } => {
                let flags = self.arguments(args)?;
                let Some(scope) = self.table.scope_of(expr) else {
                    return Err(self.error("internal error: missing scope", expr.span));
                };
                self.push_unit(scope, CodeKind::Lambda, "<lambda>", expr.span);
                self.set_signature(args);
                self.expr(body)?;
                self.emit(Instr::Return);
                let code = self.pop_unit();
                self.set_loc(expr.span);
                self.make_function(code, flags);
            }
            ExprKind::ListComp { elt, generators } => {
                self.comprehension(expr, "<listcomp>", generators, CompKind::List(elt))?
            }
            ExprKind::SetComp { elt, generators } => {
                self.comprehension(expr, "<setcomp>", generators, CompKind::Set(elt))?
            }
            ExprKind::DictComp {
                key,
                value,
                generators,
            } => self.comprehension(expr, "<dictcomp>", generators, CompKind::Dict(key, value))?,
            ExprKind::GeneratorExp { elt, generators } => {
                self.comprehension(expr, "<genexpr>", generators, CompKind::Gen(elt))?
            }
            ExprKind::Yield(value) => {
                if !matches!(
                    self.unit.kind,
                    CodeKind::Function | CodeKind::Lambda | CodeKind::Comprehension
                ) {
                    return Err(self.error("'yield' outside function", expr.span));
                }
                match value {
                    Some(v) => self.expr(v)?,
                    None => self.load_const(Value::None),
                }
                self.set_loc(expr.span);
                self.emit(Instr::Yield);
            }
            ExprKind::YieldFrom(value) => {
                if !matches!(self.unit.kind, CodeKind::Function | CodeKind::Lambda) {
                    return Err(self.error("'yield' outside function", expr.span));
                }
                self.expr(value)?;
                self.set_loc(expr.span);
                self.emit(Instr::GetIter);
                self.load_const(Value::None);
                self.emit(Instr::YieldFrom);
            }
            ExprKind::JoinedStr(parts) => self.fstring(parts)?,
            ExprKind::Starred(_) => {
                return Err(self.error("can't use starred expression here", expr.span));
            }
        }
        Ok(())
    }

    fn constant(&self, c: &Constant, span: Span) -> CResult<Value> {
        Ok(match c {
            Constant::None => Value::None,
            Constant::Bool(b) => Value::Bool(*b),
            Constant::Int(digits) => match digits.parse::<i64>() {
                Ok(i) => Value::Int(i),
                Err(_) => match digits.parse::<BigInt>() {
                    Ok(b) => Value::from_bigint(b),
                    Err(_) => return Err(self.error("invalid integer literal", span)),
                },
            },
            Constant::Float(f) => Value::Float(*f),
            Constant::Complex(imag) => Value::complex(0.0, *imag),
            Constant::Str(s) => Value::str(s.clone()),
            Constant::Bytes(b) => Value::Bytes(Rc::new(b.clone())),
            Constant::Ellipsis => Value::Ellipsis,
        })
    }

    fn binop_anchor(&self, left: &Expr, right: &Expr) -> Option<(u32, u32)> {
        let bytes = self.source.as_bytes();
        let (start, end) = (left.span.end as usize, right.span.start as usize);
        let mut i = start;
        while i < end && i < bytes.len() {
            let b = bytes[i];
            if b == b' ' || b == b'\t' || b == b'\x0c' {
                i += 1;
                continue;
            }
            let mut right_anchor = i + 1;
            if i + 1 < end && !matches!(bytes.get(i + 1), Some(b' ' | b'\t' | b'\x0c')) {
                right_anchor += 1;
            }
            return Some((i as u32, right_anchor as u32));
        }
        None
    }

    fn subscript_loc(&self, expr: &Expr, value: &Expr, index: &Expr) -> Loc {
        Loc {
            span: expr.span,
            anchor: Some((value.span.end, index.span.end + 1)),
        }
    }

    fn subscript_index(&mut self, index: &'a Expr) -> CResult {
        match &index.kind {
            ExprKind::Slice { lower, upper, step } => {
                for part in [lower, upper] {
                    match part {
                        Some(e) => self.expr(e)?,
                        None => self.load_const(Value::None),
                    }
                }
                match step {
                    Some(e) => {
                        self.expr(e)?;
                        self.emit(Instr::BuildSlice(3));
                    }
                    None => {
                        self.emit(Instr::BuildSlice(2));
                    }
                }
            }
            _ => self.expr(index)?,
        }
        Ok(())
    }

    fn compare(
        &mut self,
        expr: &'a Expr,
        left: &'a Expr,
        ops: &[CmpOp],
        comparators: &'a [Expr],
    ) -> CResult {
        self.expr(left)?;
        if ops.len() == 1 {
            self.expr(&comparators[0])?;
            self.set_loc(expr.span);
            self.emit(Instr::Compare(ops[0]));
            return Ok(());
        }
        let mut cleanups = Vec::new();
        for (i, (op, right)) in ops.iter().zip(comparators).enumerate() {
            self.expr(right)?;
            self.set_loc(expr.span);
            if i + 1 < ops.len() {
                self.emit(Instr::Dup);
                self.emit(Instr::Rot3);
                self.emit(Instr::Compare(*op));
                cleanups.push(self.emit(Instr::JumpIfFalseOrPop(0)));
            } else {
                self.emit(Instr::Compare(*op));
            }
        }
        let to_end = self.emit(Instr::Jump(0));
        for c in cleanups {
            self.patch_here(c);
        }
        self.emit(Instr::Rot2);
        self.emit(Instr::Pop);
        self.patch_here(to_end);
        Ok(())
    }

    fn call(
        &mut self,
        expr: &'a Expr,
        func: &'a Expr,
        args: &'a [Expr],
        keywords: &'a [ast::Keyword],
    ) -> CResult {
        let has_star = args.iter().any(|a| matches!(a.kind, ExprKind::Starred(_)));
        let has_kwstar = keywords.iter().any(|k| k.arg.is_none());
        if has_star || has_kwstar {
            self.expr(func)?;
            self.sequence(args, SeqKind::Tuple)?;
            let has_kwargs = !keywords.is_empty();
            if has_kwargs {
                self.emit(Instr::BuildMap(0));
                for k in keywords {
                    match &k.arg {
                        Some(name) => {
                            self.load_const(Value::str(name.clone()));
                            self.expr(&k.value)?;
                            self.emit(Instr::BuildMap(1));
                            self.emit(Instr::DictMerge(1));
                        }
                        None => {
                            self.expr(&k.value)?;
                            self.emit(Instr::DictMerge(1));
                        }
                    }
                }
            }
            self.set_loc(expr.span);
            self.emit(Instr::CallEx(has_kwargs));
            return Ok(());
        }
        if keywords.is_empty() {
            if let ExprKind::Attribute { value, attr } = &func.kind {
                self.expr(value)?;
                self.set_loc(func.span);
                let i = self.name_index(attr);
                self.emit(Instr::LoadMethod(i));
                for a in args {
                    self.expr(a)?;
                }
                self.set_loc(expr.span);
                self.emit(Instr::CallMethod(args.len() as u32));
                return Ok(());
            }
        }
        self.expr(func)?;
        for a in args {
            self.expr(a)?;
        }
        for k in keywords {
            self.expr(&k.value)?;
        }
        self.set_loc(expr.span);
        if keywords.is_empty() {
            self.emit(Instr::Call(args.len() as u32));
        } else {
            let names: Vec<Value> = keywords
                .iter()
                .map(|k| Value::str(k.arg.clone().unwrap_or_default()))
                .collect();
            self.unit.consts.push(Value::tuple(names));
            let ci = (self.unit.consts.len() - 1) as u32;
            self.emit(Instr::CallKw((args.len() + keywords.len()) as u32, ci));
        }
        Ok(())
    }

    fn sequence(&mut self, items: &'a [Expr], kind: SeqKind) -> CResult {
        let has_star = items.iter().any(|e| matches!(e.kind, ExprKind::Starred(_)));
        if !has_star {
            for i in items {
                self.expr(i)?;
            }
            let n = items.len() as u32;
            self.emit(match kind {
                SeqKind::Tuple => Instr::BuildTuple(n),
                SeqKind::List => Instr::BuildList(n),
                SeqKind::Set => Instr::BuildSet(n),
            });
            return Ok(());
        }
        let set = kind == SeqKind::Set;
        self.emit(if set {
            Instr::BuildSet(0)
        } else {
            Instr::BuildList(0)
        });
        for i in items {
            match &i.kind {
                ExprKind::Starred(inner) => {
                    self.expr(inner)?;
                    self.set_loc(i.span);
                    self.emit(if set {
                        Instr::SetUpdate(1)
                    } else {
                        Instr::ListExtend(1)
                    });
                }
                _ => {
                    self.expr(i)?;
                    self.emit(if set {
                        Instr::SetAdd(1)
                    } else {
                        Instr::ListAppend(1)
                    });
                }
            }
        }
        if kind == SeqKind::Tuple {
            self.emit(Instr::ListToTuple);
        }
        Ok(())
    }

    fn dict(&mut self, keys: &'a [Option<Expr>], values: &'a [Expr]) -> CResult {
        if keys.iter().all(|k| k.is_some()) {
            for (k, v) in keys.iter().zip(values) {
                if let Some(k) = k {
                    self.expr(k)?;
                }
                self.expr(v)?;
            }
            self.emit(Instr::BuildMap(keys.len() as u32));
            return Ok(());
        }
        self.emit(Instr::BuildMap(0));
        for (k, v) in keys.iter().zip(values) {
            match k {
                Some(k) => {
                    self.expr(k)?;
                    self.expr(v)?;
                    self.emit(Instr::MapAdd(1));
                }
                None => {
                    self.expr(v)?;
                    self.emit(Instr::DictUpdate(1));
                }
            }
        }
        Ok(())
    }

    fn comprehension(
        &mut self,
        expr: &'a Expr,
        name: &str,
        generators: &'a [ast::Comprehension],
        kind: CompKind<'a>,
    ) -> CResult {
        let Some(scope) = self.table.scope_of(expr) else {
            return Err(self.error("internal error: missing scope", expr.span));
        };
        let Some(first) = generators.first() else {
            return Err(self.error("comprehension without 'for'", expr.span));
        };
        self.push_unit(scope, CodeKind::Comprehension, name, expr.span);
        self.unit.arg_count = 1;
        match kind {
            CompKind::List(_) => {
                self.emit(Instr::BuildList(0));
            }
            CompKind::Set(_) => {
                self.emit(Instr::BuildSet(0));
            }
            CompKind::Dict(..) => {
                self.emit(Instr::BuildMap(0));
            }
            CompKind::Gen(_) => {}
        }
        self.comp_generator(generators, 0, &kind, expr.span)?;
        if matches!(kind, CompKind::Gen(_)) {
            self.load_const(Value::None);
        }
        self.emit(Instr::Return);
        let code = self.pop_unit();
        self.set_loc(expr.span);
        self.make_function(code, 0);
        self.expr(&first.iter)?;
        self.set_loc(first.iter.span);
        self.emit(Instr::GetIter);
        self.set_loc(expr.span);
        self.emit(Instr::Call(1));
        Ok(())
    }

    fn comp_generator(
        &mut self,
        generators: &'a [ast::Comprehension],
        index: usize,
        kind: &CompKind<'a>,
        span: Span,
    ) -> CResult {
        let g = &generators[index];
        if index == 0 {
            let i = self.var_index(".0");
            self.emit(Instr::LoadFast(i));
        } else {
            self.expr(&g.iter)?;
            self.set_loc(g.iter.span);
            self.emit(Instr::GetIter);
        }
        let start = self.here();
        let for_iter = self.emit(Instr::ForIter(0));
        self.store_target(&g.target, span)?;
        let mut skips = Vec::new();
        for cond in &g.ifs {
            self.expr(cond)?;
            skips.push(self.emit(Instr::PopJumpIfFalse(0)));
        }
        if index + 1 < generators.len() {
            self.comp_generator(generators, index + 1, kind, span)?;
        } else {
            let depth = generators.len() as u32 + 1;
            match kind {
                CompKind::List(elt) => {
                    self.expr(elt)?;
                    self.emit(Instr::ListAppend(depth));
                }
                CompKind::Set(elt) => {
                    self.expr(elt)?;
                    self.emit(Instr::SetAdd(depth));
                }
                CompKind::Dict(k, v) => {
                    self.expr(k)?;
                    self.expr(v)?;
                    self.emit(Instr::MapAdd(depth));
                }
                CompKind::Gen(elt) => {
                    self.expr(elt)?;
                    self.emit(Instr::Yield);
                    self.emit(Instr::Pop);
                }
            }
        }
        for s in skips {
            self.patch(s, start);
        }
        self.emit(Instr::Jump(start));
        self.patch_here(for_iter);
        Ok(())
    }

    fn fstring(&mut self, parts: &'a [FStringPart]) -> CResult {
        if let [FStringPart::Literal(s)] = parts {
            self.load_const(Value::str(s.clone()));
            return Ok(());
        }
        if parts.is_empty() {
            self.load_const(Value::str(""));
            return Ok(());
        }
        for p in parts {
            match p {
                FStringPart::Literal(s) => self.load_const(Value::str(s.clone())),
                FStringPart::FormattedValue {
                    value,
                    conversion,
                    format_spec,
                } => {
                    self.expr(value)?;
                    let has_spec = format_spec.is_some();
                    if let Some(spec) = format_spec {
                        self.fstring(spec)?;
                    }
                    let conv = match conversion {
                        Some('s') => b's',
                        Some('r') => b'r',
                        Some('a') => b'a',
                        _ => 0,
                    };
                    self.set_loc(value.span);
                    self.emit(Instr::FormatValue(conv, has_spec));
                }
            }
        }
        if parts.len() > 1 {
            self.emit(Instr::BuildString(parts.len() as u32));
        }
        Ok(())
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum SeqKind {
    Tuple,
    List,
    Set,
}

enum CompKind<'a> {
    List(&'a Expr),
    Set(&'a Expr),
    Dict(&'a Expr, &'a Expr),
    Gen(&'a Expr),
}
