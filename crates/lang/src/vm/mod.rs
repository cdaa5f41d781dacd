//! The virtual machine: runs bytecode on heap-allocated frames.
//!
//! Python-to-Python calls do not recurse on the Rust stack: the run loop pushes the callee's
//! [`Frame`] on `Vm::frames` and keeps going, so deep Python recursion costs heap, not stack.
//! Calls from native code back into Python (`sorted(key=...)`, `__repr__`, host callbacks,
//! generators) re-enter [`Vm::run_frame`]; those re-entries are counted and capped separately
//! so a 1 MiB wasm stack cannot overflow.
//!
//! Sub-modules: `fast` (the fast loop: the common case of the frame-local instructions,
//! plain Python calls and returns, with the frame's registers held in locals; everything
//! else comes back to `run_instructions`), `call` (calling and argument binding), `ops`
//! (operators, truthiness, hashing, equality), `attr` (attribute lookup with descriptors), `attr_cache` (remembered MRO
//! lookups, invalidated by any class change, and the per-instruction inline caches of
//! instance attributes), `iter` (the iteration protocol),
//! `repr` (repr/str), `subscript` (indexing and slicing), `class` (C3 MRO and class
//! creation), `import` (modules).

pub mod attr;
mod attr_cache;
pub mod call;
pub mod class;
mod fast;
pub mod import;
pub mod iter;
pub mod ops;
pub mod repr;
pub mod subscript;

use std::cell::RefCell;
use std::rc::Rc;

use crate::ast::BinOp;
use crate::builtins::types::Types;
use crate::compile::code::{Code, Instr};
use crate::exceptions::{new_exception, ExcTypes, Exception, TbFrame};
use crate::host::Host;
#[allow(unused_imports)]
use crate::value::Function;
use crate::value::{release, AttrMap, CellObj, Class, Dict, Globals, Name, PyResult, Value};
use crate::Limits;

/// Native re-entries of the run loop allowed (each costs Rust stack); beyond this a
/// `RecursionError` is raised. Measured in release builds at 2.6 to 4.8 KiB of native stack
/// per re-entry (`sorted(key=...)`, `yield from`, `__repr__` recursion), so 160 levels stay
/// under 800 KiB, inside a 1 MiB wasm stack. Debug builds use far bigger frames (about
/// 22 KiB), so they allow fewer levels to stay inside the test harness's 2 MiB threads.
pub const MAX_NATIVE_DEPTH: u32 = if cfg!(debug_assertions) { 48 } else { 160 };

/// The most the instruction budget is charged for entering one frame (its instruction
/// count, up to this).
const FRAME_CHARGE_CAP: u64 = 32;

/// Budget units between the interpreter's periodic checks (the memory cap): the hot loops
/// charge a slice of this size, and the slow path checks and starts the next one. About
/// 0.1 ms of work natively.
const BUDGET_SLICE: u64 = 1 << 16;

/// Budget units for copying one item into a new container: the copy, and the drop it will
/// need, cost natively about what two instructions do.
pub(crate) const COPY_UNITS: u64 = 2;

/// Budget units for hashing an item into a set or dict built natively (`set(range(n))`).
pub(crate) const HASHED_INSERT_UNITS: u64 = 24;

/// Budget units for each call native code makes back into a Python function (a sort key),
/// besides what the function's own frame is charged.
pub(crate) const CALLBACK_UNITS: u64 = 16;

/// How many returned frames the interpreter keeps for reuse.
const FRAME_POOL_SIZE: usize = 32;

/// An exception handler block pushed by `SetupExcept`.
#[derive(Debug, Clone, Copy)]
pub struct Block {
    pub handler: u32,
    pub stack_len: u32,
    pub handled_len: u32,
}

/// What to do with a frame's return value when it returns to the run loop.
#[derive(Clone)]
pub enum OnReturn {
    /// Push it on the caller's stack.
    Push,
    /// `__init__` of a class being instantiated: check for `None`, push the instance.
    Init(Value),
}

/// One activation of a code object.
/// Where a class body's names go: an attribute map, or the mapping its metaclass's
/// `__prepare__` returned (whose `__setitem__` sees each name as the body binds it, as
/// `enum` needs to give `auto()` its value at once).
pub enum Namespace {
    Attrs(Rc<RefCell<AttrMap>>),
    Mapping(Value),
}

pub struct Frame {
    pub code: Rc<Code>,
    pub pc: usize,
    /// The instruction being executed (for tracebacks and the call stack).
    pub lasti: usize,
    pub stack: Vec<Value>,
    pub locals: Vec<Option<Value>>,
    pub cells: Vec<Rc<CellObj>>,
    pub blocks: Vec<Block>,
    /// Exceptions being handled in this frame (innermost last).
    pub handled: Vec<Exception>,
    pub globals: Rc<Globals>,
    /// The namespace of a class body.
    pub namespace: Option<Namespace>,
    pub on_return: OnReturn,
    /// Whether the return value goes into the slot of the callable on top of the caller's
    /// stack (left there, or emptied, by the fast call paths) rather than being pushed.
    pub(crate) return_to_slot: bool,
    /// The next frame of the pool of returned frames, while this one is in it.
    pub(crate) next_free: Option<Box<Frame>>,
}

/// How a frame stopped running.
pub enum FrameExit {
    Return(Value),
    Yield(Value, Box<Frame>),
}

/// A frame of the Python call stack, as the host sees it (innermost last).
#[derive(Debug, Clone, PartialEq)]
pub struct StackEntry {
    pub filename: String,
    pub line: u32,
    pub function: String,
}

/// The interpreter. Native functions receive `&mut Vm` to call back into Python, raise
/// exceptions, print, and inspect the call stack.
pub struct Vm<'h> {
    pub(crate) host_slot: Option<&'h mut dyn Host>,
    pub(crate) types: Rc<Types>,
    pub(crate) exc: Rc<ExcTypes>,
    pub(crate) builtins: AttrMap,
    /// Boxed so frames move between this stack and suspended generators without copying.
    #[allow(clippy::vec_box)]
    pub(crate) frames: Vec<Box<Frame>>,
    /// Returned frames kept (emptied) for reuse, so calls do not allocate.
    frame_pool: fast::FramePool,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
    pub(crate) limits: Limits,
    /// What is left of the current slice of the instruction budget; the hot loops charge
    /// this alone, and the slow path ([`Vm::next_slice`]) runs the periodic checks.
    pub(crate) instructions_left: u64,
    /// The budget beyond the current slice.
    budget_reserve: u64,
    /// The part of the budget spent charging host modules' work.
    host_work: u64,
    /// The run's memory cap, in force while the interpreter lives.
    _memory_cap: meter::memory::Cap,
    pub(crate) native_depth: u32,
    /// `sys.modules`: every imported module by full name; programs may read and change it.
    pub(crate) modules: Rc<RefCell<Dict>>,
    /// Modules run from source whose code is still running (a circular import finds them
    /// partly initialised).
    pub(crate) initializing: Vec<String>,
    /// Objects whose repr is being computed (for `[...]` on cycles).
    pub(crate) repr_guard: Vec<usize>,
    /// Set by instructions that re-raise: the unwinder then adds no traceback entry for
    /// the current frame.
    reraising: bool,
    /// Where output also goes as it is printed (`RunOptions::live_output`).
    pub(crate) live_output: Option<crate::LiveOutput>,
    pub(crate) sys_module: Option<Value>,
    /// Remembered MRO lookups (see `attr_cache`).
    attr_cache: attr_cache::AttrCache,
    /// Special method names looked up on the hot paths, made once so the attribute cache
    /// finds them by pointer.
    pub(crate) dunders: Dunders,
    /// The run's files: what `open`, `os` and `pathlib` see, and where the program's own
    /// modules are imported from.
    pub fs: vfs::FileSystem,
    /// The process environment `os.environ` starts with.
    pub(crate) environment: Vec<(String, String)>,
    /// Files of modules whose frames tracebacks leave out (`ModuleSource::hide_frames`).
    pub(crate) hidden_frame_files: Vec<Rc<str>>,
}

/// Names of the special methods attribute access and instantiation check for.
pub(crate) struct Dunders {
    pub(crate) getattr: Name,
    pub(crate) setattr: Name,
    pub(crate) init: Name,
    pub(crate) new: Name,
}

impl Dunders {
    fn new() -> Dunders {
        use crate::value::name;
        Dunders {
            getattr: name("__getattr__"),
            setattr: name("__setattr__"),
            init: name("__init__"),
            new: name("__new__"),
        }
    }
}

impl<'h> Vm<'h> {
    /// A fresh interpreter with the builtins installed.
    pub fn new(host: &'h mut dyn Host, limits: Limits) -> Vm<'h> {
        let (types, exc) = crate::builtins::types::builtin_types();
        let mut vm = Vm {
            host_slot: Some(host),
            types,
            exc,
            builtins: AttrMap::new(),
            frames: Vec::new(),
            frame_pool: fast::FramePool::default(),
            stdout: String::new(),
            stderr: String::new(),
            instructions_left: limits.max_instructions.min(BUDGET_SLICE),
            budget_reserve: limits.max_instructions.saturating_sub(BUDGET_SLICE),
            host_work: 0,
            _memory_cap: meter::memory::Cap::set(limits.max_memory_bytes),
            limits,
            native_depth: 0,
            modules: Rc::new(RefCell::new(Dict::new())),
            initializing: Vec::new(),
            repr_guard: Vec::new(),
            reraising: false,
            live_output: None,
            sys_module: None,
            attr_cache: attr_cache::AttrCache::new(),
            dunders: Dunders::new(),
            fs: vfs::FileSystem::new(),
            environment: Vec::new(),
            hidden_frame_files: Vec::new(),
        };
        crate::builtins::install(&mut vm);
        vm
    }

    /// The builtin classes (`int`, `str`, `list`, ...).
    pub fn types(&self) -> Rc<Types> {
        self.types.clone()
    }

    /// The builtin exception classes.
    /// The class of builtin type `t` (`int`, `dict`, ...).
    pub fn class_of_builtin(&self, t: crate::value::BuiltinType) -> Rc<Class> {
        use crate::value::BuiltinType as T;
        let types = &self.types;
        match t {
            T::Int => types.int.clone(),
            T::Float => types.float.clone(),
            T::Str => types.str.clone(),
            T::Bytes => types.bytes.clone(),
            T::Tuple => types.tuple.clone(),
            T::List => types.list.clone(),
            T::Dict => types.dict.clone(),
            T::Set => types.set.clone(),
            T::FrozenSet => types.frozenset.clone(),
            _ => types.object.clone(),
        }
    }

    /// The builtin function `name` (`abs`), or None.
    pub fn builtins_get(&self, name: &str) -> Value {
        self.builtins.get(name).cloned().unwrap_or_default()
    }

    pub fn exc_types(&self) -> Rc<ExcTypes> {
        self.exc.clone()
    }

    /// Appends text to the program's stdout.
    pub fn write_stdout(&mut self, text: &str) {
        self.stdout.push_str(text);
        if let Some(live) = &self.live_output {
            live.0.write(crate::Stream::Stdout, text);
        }
    }

    /// Appends text to the program's stderr.
    pub fn write_stderr(&mut self, text: &str) {
        self.stderr.push_str(text);
        if let Some(live) = &self.live_output {
            live.0.write(crate::Stream::Stderr, text);
        }
    }

    /// The host this run was started with (`None` while the host itself is importing).
    pub fn host(&mut self) -> Option<&mut (dyn Host + 'h)> {
        self.host_slot.as_deref_mut()
    }

    /// The frame that runs a module's code.
    pub(crate) fn module_frame(&self, code: Rc<Code>, globals: Rc<Globals>) -> Box<Frame> {
        let nlocals = code.varnames.len();
        Box::new(Frame {
            code,
            pc: 0,
            lasti: 0,
            stack: Vec::new(),
            locals: vec![None; nlocals],
            cells: Vec::new(),
            blocks: Vec::new(),
            handled: Vec::new(),
            globals,
            namespace: None,
            on_return: OnReturn::Push,
            return_to_slot: false,
            next_free: None,
        })
    }

    /// The limits of this run.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The Python call stack, outermost first (the innermost frame is last).
    pub fn call_stack(&self) -> Vec<StackEntry> {
        self.frames
            .iter()
            .map(|f| StackEntry {
                filename: f.code.filename.to_string(),
                line: line_of_pc(&f.code, f.lasti),
                function: f.code.name.as_str().to_string(),
            })
            .collect()
    }

    /// The source line frame `index` (of [`Vm::call_stack`]) is running, stripped.
    pub fn frame_source_line(&self, index: usize) -> Option<String> {
        let frame = self.frames.get(index)?;
        let line = line_of_pc(&frame.code, frame.lasti);
        let source: &str = &frame.code.source;
        let text = source.lines().nth((line as usize).checked_sub(1)?)?;
        Some(text.trim().to_string())
    }

    // ----- exceptions -----

    /// A new exception of `class` with a message (`class(message)`).
    pub fn new_error(&self, class: &Rc<Class>, message: impl Into<String>) -> Exception {
        new_exception(class, vec![Value::str(message.into())])
    }

    /// The `OSError` subclass CPython raises for `errno` (`FileNotFoundError` for
    /// `ENOENT`, ...), naming the path objects the program passed.
    pub fn os_error(
        &self,
        errno: vfs::Errno,
        filename: Option<Value>,
        filename2: Option<Value>,
    ) -> Exception {
        let class = self.os_error_class(errno.code() as i64);
        let exc = new_exception(
            &class,
            vec![Value::Int(errno.code() as i64), Value::str(errno.message())],
        );
        crate::exceptions::set_os_error_attrs(
            &exc,
            Value::Int(errno.code() as i64),
            Value::str(errno.message()),
            filename.unwrap_or_default(),
            filename2.unwrap_or_default(),
        );
        exc
    }

    /// The class `OSError(errno, ...)` constructs: CPython maps some errno values to
    /// subclasses.
    pub(crate) fn os_error_class(&self, errno: i64) -> Rc<Class> {
        let exc = &self.exc;
        match errno {
            2 => exc.file_not_found_error.clone(),
            1 | 13 => exc.permission_error.clone(),
            17 => exc.file_exists_error.clone(),
            20 => exc.not_a_directory_error.clone(),
            21 => exc.is_a_directory_error.clone(),
            110 => exc.timeout_error.clone(),
            _ => exc.os_error.clone(),
        }
    }

    pub fn type_error(&self, message: impl Into<String>) -> Exception {
        self.new_error(&self.exc.type_error, message)
    }

    pub fn value_error(&self, message: impl Into<String>) -> Exception {
        self.new_error(&self.exc.value_error, message)
    }

    pub fn index_error(&self, message: impl Into<String>) -> Exception {
        self.new_error(&self.exc.index_error, message)
    }

    pub fn attribute_error(&self, message: impl Into<String>) -> Exception {
        self.new_error(&self.exc.attribute_error, message)
    }

    pub fn runtime_error(&self, message: impl Into<String>) -> Exception {
        self.new_error(&self.exc.runtime_error, message)
    }

    /// `NotImplementedError`: what a host raises for a case it does not emulate.
    pub fn not_implemented_error(&self, message: impl Into<String>) -> Exception {
        self.new_error(&self.exc.not_implemented_error, message)
    }

    pub fn overflow_error(&self, message: impl Into<String>) -> Exception {
        self.new_error(&self.exc.overflow_error, message)
    }

    pub fn zero_division(&self, message: impl Into<String>) -> Exception {
        self.new_error(&self.exc.zero_division_error, message)
    }

    pub fn memory_error(&self) -> Exception {
        new_exception(&self.exc.memory_error, Vec::new())
    }

    /// `KeyError(key)`.
    pub fn key_error(&self, key: Value) -> Exception {
        new_exception(&self.exc.key_error, vec![key])
    }

    /// `StopIteration` (with an optional value).
    pub fn stop_iteration(&self, value: Option<Value>) -> Exception {
        new_exception(&self.exc.stop_iteration, value.into_iter().collect())
    }

    fn recursion_error(&self) -> Exception {
        self.new_error(
            &self.exc.recursion_error,
            "maximum recursion depth exceeded",
        )
    }

    /// Converts a formatting error of `crate::format` into the exception it names.
    pub fn format_error(&self, err: crate::format::FormatError) -> Exception {
        use crate::format::FormatError;
        match err {
            FormatError::ValueError(m) => self.value_error(m),
            FormatError::TypeError(m) => self.type_error(m),
            FormatError::OverflowError(m) => self.overflow_error(m),
        }
    }

    /// Charges the instruction budget `n` units. One unit is the work of one bytecode
    /// instruction (about 2 ns natively): native code charges one per element it compares,
    /// [`COPY_UNITS`] per element it copies into a new container, [`HASHED_INSERT_UNITS`]
    /// per element it hashes into one, and one per 4 bytes of text it scans or builds
    /// ([`Vm::charge_bytes`]), so a loop whose body is one call of a native function still
    /// ends with the budget error, in about the time the same budget of instructions takes.
    #[inline]
    pub fn charge(&mut self, n: u64) -> PyResult<()> {
        if self.instructions_left < n {
            return self.next_slice(n);
        }
        self.instructions_left -= n;
        Ok(())
    }

    /// What is left of the instruction budget.
    #[inline]
    pub fn budget_left(&self) -> u64 {
        self.instructions_left + self.budget_reserve
    }

    /// How much of the instruction budget the program's Python code has spent so far: the
    /// interpreter's own work, without what host modules charged for theirs (a simulated
    /// clock counts that work on the emulated devices instead).
    pub fn python_instructions_used(&self) -> u64 {
        self.limits
            .max_instructions
            .saturating_sub(self.instructions_left + self.budget_reserve)
            .saturating_sub(self.host_work)
    }

    /// Charges the budget for work a host module did (see `meter::work`).
    pub(crate) fn charge_host_work(&mut self, units: u64) -> PyResult<()> {
        self.host_work = self.host_work.saturating_add(units);
        self.charge(units)
    }

    /// Charges the budget for scanning or building `bytes` bytes of text.
    #[inline]
    pub fn charge_bytes(&mut self, bytes: usize) -> PyResult<()> {
        self.charge(bytes_charge(bytes))
    }

    /// The current budget slice cannot pay `n`: runs the periodic checks, then pays `n` from
    /// the reserve and starts the next slice, or ends the run when the whole budget is spent.
    #[cold]
    #[inline(never)]
    fn next_slice(&mut self, n: u64) -> PyResult<()> {
        if let Some(live) = &self.live_output {
            live.0.tick();
        }
        if meter::memory::over_cap() {
            self.instructions_left = 0;
            let exc = self.memory_exhausted(None);
            exc.with_state(|s| s.fatal = true);
            return Err(exc);
        }
        let total = self.instructions_left + self.budget_reserve;
        if total < n {
            self.instructions_left = 0;
            self.budget_reserve = 0;
            return Err(self.budget_exceeded());
        }
        let rest = total - n;
        self.instructions_left = rest.min(BUDGET_SLICE);
        self.budget_reserve = rest - self.instructions_left;
        Ok(())
    }

    /// Checks, before allocating `bytes` on the program's behalf, that the run's memory cap
    /// allows them; a `MemoryError` saying what was asked for when it does not.
    #[inline]
    pub fn reserve(&self, bytes: usize) -> PyResult<()> {
        match meter::memory::check(bytes) {
            Ok(()) => Ok(()),
            Err(refused) => Err(self.memory_exhausted(Some(refused))),
        }
    }

    /// `reserve` for `count` items of `item_bytes` each (overflow is refused too).
    #[inline]
    pub fn reserve_items(&self, count: usize, item_bytes: usize) -> PyResult<()> {
        self.reserve(count.saturating_mul(item_bytes))
    }

    #[cold]
    #[inline(never)]
    fn memory_exhausted(&self, refused: Option<meter::memory::Refused>) -> Exception {
        let message = match refused {
            Some(refused) => refused.to_string(),
            None => format!(
                "the program holds {}, over the playground's limit of {}",
                meter::memory::human_bytes(meter::memory::used()),
                meter::memory::human_bytes(meter::memory::cap())
            ),
        };
        self.new_error(&self.exc.memory_error, message)
    }

    #[cold]
    #[inline(never)]
    fn budget_exceeded(&self) -> Exception {
        let exc = self.runtime_error(format!(
            "instruction budget of {} exceeded (the program ran too long)",
            self.limits.max_instructions
        ));
        exc.with_state(|s| s.fatal = true);
        exc
    }

    /// The exception currently being handled (innermost across frames), for `__context__`
    /// and bare `raise`.
    pub fn current_handled(&self) -> Option<Exception> {
        self.frames
            .iter()
            .rev()
            .find_map(|f| f.handled.last().cloned())
    }

    // ----- frames -----

    /// Builds the frame for calling a user function with bound locals.
    pub(crate) fn new_frame(
        &mut self,
        func: &crate::value::Function,
        locals: Vec<Option<Value>>,
    ) -> Box<Frame> {
        let mut frame = self.blank_frame(func);
        frame.locals = locals;
        init_cells(&mut frame, func);
        frame
    }

    /// A frame for `func` with no locals bound yet (see [`fast::FramePool::take`]): a pooled one
    /// when there is one, so calls do not allocate.
    #[inline(always)]
    pub(crate) fn blank_frame(&mut self, func: &crate::value::Function) -> Box<Frame> {
        self.frame_pool.take(func)
    }

    /// Keeps a returned frame's allocations for the next call.
    #[inline(always)]
    fn recycle_frame(&mut self, frame: Box<Frame>) {
        self.frame_pool.put(frame);
    }

    /// Runs a frame to completion (or to its first `yield`), re-entering the run loop.
    pub(crate) fn run_frame(&mut self, frame: Box<Frame>) -> PyResult<FrameExit> {
        if self.frames.len() as u64 >= self.limits.max_recursion_depth as u64
            || self.native_depth >= MAX_NATIVE_DEPTH
        {
            return Err(self.recursion_error());
        }
        self.charge_frame(&frame.code)?;
        self.native_depth += 1;
        self.frames.push(frame);
        let base = self.frames.len();
        let result = self.execute(base);
        self.native_depth -= 1;
        result
    }

    #[inline]
    fn top(&mut self) -> &mut Frame {
        match self.frames.last_mut() {
            Some(f) => f,
            None => unreachable!("the run loop always has a frame"),
        }
    }

    #[inline]
    fn pop_value(&mut self) -> Value {
        self.top().stack.pop().unwrap_or_default()
    }

    #[inline]
    fn push_value(&mut self, v: Value) {
        self.top().stack.push(v);
    }

    /// Runs until the frame at depth `base` returns or yields.
    fn execute(&mut self, base: usize) -> PyResult<FrameExit> {
        loop {
            match self.run_instructions(base) {
                Ok(Event::Return(value)) => {
                    let Some(frame) = self.frames.pop() else {
                        return Ok(FrameExit::Return(value));
                    };
                    if self.frames.len() < base {
                        self.recycle_frame(frame);
                        return Ok(FrameExit::Return(value));
                    }
                    match &frame.on_return {
                        OnReturn::Push => {
                            let to_slot = frame.return_to_slot;
                            fast::hand_back(&mut self.top().stack, value, to_slot);
                            self.recycle_frame(frame);
                        }
                        OnReturn::Init(instance) => {
                            if !value.is_none() {
                                let name = self.type_name(&value);
                                let err = self.type_error(format!(
                                    "__init__() should return None, not '{name}'"
                                ));
                                self.unwind(err, base)?;
                                continue;
                            }
                            let instance = instance.clone();
                            self.push_value(instance);
                        }
                    }
                }
                Ok(Event::Yield(value)) => {
                    let Some(frame) = self.frames.pop() else {
                        return Ok(FrameExit::Return(Value::None));
                    };
                    return Ok(FrameExit::Yield(value, frame));
                }
                Err(exc) => self.unwind(exc, base)?,
            }
        }
    }

    /// Unwinds after an exception: finds a handler in the current frame or pops frames
    /// (down to `base`), recording traceback entries. `Ok` means a handler now runs.
    fn unwind(&mut self, exc: Exception, base: usize) -> PyResult<()> {
        let fatal = exc.is_fatal();
        let mut first = true;
        if !self.reraising {
            self.set_context(&exc);
        }
        loop {
            let reraising = std::mem::replace(&mut self.reraising, false);
            let hidden_files = &self.hidden_frame_files;
            let Some(frame) = self.frames.last_mut() else {
                unreachable!("the run loop always has a frame")
            };
            let hidden = !hidden_files.is_empty()
                && hidden_files.iter().any(|f| **f == *frame.code.filename);
            if !(hidden || first && reraising) {
                let entry = TbFrame {
                    code: frame.code.clone(),
                    pc: frame.lasti as u32,
                };
                exc.with_state(|s| s.traceback.push(entry));
            }
            first = false;
            if !fatal {
                if let Some(block) = frame.blocks.pop() {
                    frame.stack.truncate(block.stack_len as usize);
                    frame.handled.truncate(block.handled_len as usize);
                    frame.stack.push(exc.value());
                    frame.pc = block.handler as usize;
                    return Ok(());
                }
            }
            self.frames.pop();
            if self.frames.len() < base {
                return Err(exc);
            }
        }
    }

    fn set_context(&self, exc: &Exception) {
        if let Some(handled) = self.current_handled() {
            if Rc::ptr_eq(&handled.0, &exc.0) {
                return;
            }
            let already = exc.with_state(|s| s.context.is_some());
            if !already {
                // Avoid cycles: cut the chain where it would loop back to `exc`.
                let mut cursor = Some(handled.clone());
                let mut guard = 0;
                while let Some(c) = cursor {
                    guard += 1;
                    if guard > 1000 {
                        break;
                    }
                    let next = c.with_state(|s| s.context.clone());
                    match next.as_ref().and_then(Exception::from_value) {
                        Some(n) if Rc::ptr_eq(&n.0, &exc.0) => {
                            c.with_state(|s| s.context = None);
                            break;
                        }
                        other => cursor = other,
                    }
                }
                exc.with_state(|s| s.context = Some(handled.value()));
            }
        }
    }

    /// Executes instructions of the top frame until it returns or yields. Frames above depth
    /// `base` that return a plain value hand it to their caller here, without leaving the
    /// loop.
    fn run_instructions(&mut self, base: usize) -> PyResult<Event> {
        loop {
            // The common cases run in the fast loop; what it hands back runs here, with the
            // frame's `lasti` at `pc` and its `pc` past it.
            let (pc, instr) = match self.run_fast(base) {
                fast::FastExit::Instr(pc, instr) => (pc, instr),
                fast::FastExit::Native {
                    func,
                    func_pos,
                    pass_callable,
                } => {
                    self.call_native_from_stack(&func, func_pos, pass_callable)?;
                    continue;
                }
                fast::FastExit::End => return Ok(Event::Return(Value::None)),
            };
            let frame = self.top();
            match instr {
                Instr::Nop => {}
                Instr::LoadConst(i) => {
                    let v = frame.code.consts[i as usize].clone();
                    frame.stack.push(v);
                }
                Instr::LoadFast(i) => self.load_fast(i)?,
                // Run on their own, superinstructions are the `LoadFast` they start with.
                Instr::LocalIntOp(i, ..) | Instr::LocalIntCompare(i, ..) => {
                    self.load_fast(u32::from(i))?
                }
                Instr::LocalReturn(i) => self.load_fast(i)?,
                Instr::IntConstOp(_, c, _) | Instr::IntConstCompare(_, c, _) => {
                    let v = frame.code.consts[c as usize].clone();
                    frame.stack.push(v);
                }
                Instr::StoreFast(i) => {
                    let v = frame.stack.pop();
                    if let Some(old) = std::mem::replace(&mut frame.locals[i as usize], v) {
                        release(old);
                    }
                }
                Instr::DeleteFast(i) => {
                    if frame.locals[i as usize].take().is_none() {
                        let name = frame.code.varnames[i as usize].as_str().to_string();
                        return Err(self.new_error(
                            &self.exc.unbound_local_error.clone(),
                            format!("cannot access local variable '{name}' where it is not associated with a value"),
                        ));
                    }
                }
                Instr::LoadDeref(i) => {
                    let v = frame.cells[i as usize].borrow().clone();
                    match v {
                        Some(v) => frame.stack.push(v),
                        None => return Err(self.unbound_deref(i)),
                    }
                }
                Instr::StoreDeref(i) => {
                    let v = frame.stack.pop();
                    *frame.cells[i as usize].borrow_mut() = v;
                }
                Instr::DeleteDeref(i) => {
                    let old = frame.cells[i as usize].borrow_mut().take();
                    if old.is_none() {
                        return Err(self.unbound_deref(i));
                    }
                }
                Instr::LoadClosure(i) => {
                    let c = frame.cells[i as usize].clone();
                    frame.stack.push(Value::Cell(c));
                }
                Instr::LoadClassDeref(i) => {
                    let code = frame.code.clone();
                    let idx = i as usize - code.cellvars.len().min(i as usize);
                    let name = code.freevars.get(idx).cloned();
                    let from_ns = match (&frame.namespace, &name) {
                        (Some(Namespace::Attrs(ns)), Some(n)) => {
                            ns.borrow().get(n.as_str()).cloned()
                        }
                        (Some(Namespace::Mapping(m)), Some(n)) => {
                            let (m, n) = (m.clone(), n.clone());
                            self.mapping_namespace_get(&m, &n)?
                        }
                        _ => None,
                    };
                    let frame = self.top();
                    let v = match from_ns {
                        Some(v) => Some(v),
                        None => frame.cells[i as usize].borrow().clone(),
                    };
                    match v {
                        Some(v) => frame.stack.push(v),
                        None => return Err(self.unbound_deref(i)),
                    }
                }
                Instr::LoadGlobal(slot) => {
                    let v = frame.globals.values.borrow()[slot as usize].clone();
                    match v {
                        Some(v) => frame.stack.push(v),
                        None => match frame.globals.builtins[slot as usize].clone() {
                            Some(v) => frame.stack.push(v),
                            None => {
                                let name = frame.globals.names[slot as usize].clone();
                                return Err(self.name_error(name.as_str()));
                            }
                        },
                    }
                }
                Instr::StoreGlobal(slot) => {
                    let v = frame.stack.pop();
                    let old =
                        std::mem::replace(&mut frame.globals.values.borrow_mut()[slot as usize], v);
                    if let Some(old) = old {
                        release(old);
                    }
                }
                Instr::DeleteGlobal(slot) => {
                    let old = frame.globals.values.borrow_mut()[slot as usize].take();
                    if old.is_none() {
                        let name = frame.globals.names[slot as usize].clone();
                        return Err(self.name_error(name.as_str()));
                    }
                }
                Instr::LoadName(i) => {
                    let name = frame.code.names[i as usize].clone();
                    let v = self.load_name(&name)?;
                    self.push_value(v);
                }
                Instr::StoreName(i) => {
                    let name = frame.code.names[i as usize].clone();
                    let v = frame.stack.pop().unwrap_or_default();
                    match &frame.namespace {
                        Some(Namespace::Attrs(ns)) => ns.borrow_mut().insert(name, v),
                        Some(Namespace::Mapping(m)) => {
                            let m = m.clone();
                            self.set_item(&m, &Value::Str(name.clone()), v)?;
                        }
                        None => {
                            if let Some(slot) = frame.globals.slot(name.as_str()) {
                                frame.globals.values.borrow_mut()[slot] = Some(v);
                            }
                        }
                    }
                }
                Instr::DeleteName(i) => {
                    let name = frame.code.names[i as usize].clone();
                    let removed = match &frame.namespace {
                        Some(Namespace::Attrs(ns)) => {
                            ns.borrow_mut().remove(name.as_str()).is_some()
                        }
                        Some(Namespace::Mapping(m)) => {
                            let m = m.clone();
                            self.mapping_namespace_get(&m, &name)?.is_some()
                                && self.del_item(&m, &Value::Str(name.clone())).is_ok()
                        }
                        None => false,
                    };
                    if !removed {
                        return Err(self.name_error(name.as_str()));
                    }
                }
                Instr::LoadAttr(i) => {
                    let name = frame.code.names[i as usize].clone();
                    let obj = frame.stack.pop().unwrap_or_default();
                    let fast = match &obj {
                        Value::Instance(inst) => {
                            let found = self.instance_attr_fast(inst, &name);
                            if found.is_some() {
                                let site = self.top().code.attr_sites.get(pc);
                                attr_cache::site_fill(site, inst, &name);
                            }
                            found
                        }
                        _ => None,
                    };
                    let v = match fast {
                        Some(v) => v,
                        None => self.get_attr(&obj, &name)?,
                    };
                    release(obj);
                    self.push_value(v);
                }
                Instr::StoreAttr(i) => {
                    let name = frame.code.names[i as usize].clone();
                    let obj = frame.stack.pop().unwrap_or_default();
                    let v = frame.stack.pop().unwrap_or_default();
                    let v = match &obj {
                        Value::Instance(inst) => match self.instance_store_fast(inst, &name, v) {
                            Ok(()) => {
                                let site = self.top().code.attr_sites.get(pc);
                                attr_cache::site_fill(site, inst, &name);
                                release(obj);
                                continue;
                            }
                            Err(v) => v,
                        },
                        _ => v,
                    };
                    self.set_attr(&obj, &name, v)?;
                }
                Instr::DeleteAttr(i) => {
                    let name = frame.code.names[i as usize].clone();
                    let obj = self.pop_value();
                    self.del_attr(&obj, &name)?;
                }
                Instr::LoadMethod(i) => {
                    let name = frame.code.names[i as usize].clone();
                    let obj = self.pop_value();
                    let types = self.types.clone();
                    match self.lookup_method(&obj, &name)? {
                        Some(func) => {
                            let site = self.top().code.attr_sites.get(pc);
                            attr_cache::site_fill_method(site, &types, &obj, &name);
                            self.push_value(func);
                            self.push_value(obj);
                        }
                        None => {
                            let v = self.get_attr(&obj, &name)?;
                            self.push_value(v);
                            self.push_value(Value::Code(method_marker()));
                        }
                    }
                }
                Instr::CallMethod(argc) => {
                    let frame = self.top();
                    let len = frame.stack.len();
                    let self_pos = len - argc as usize - 1;
                    if let Value::Code(_) = frame.stack[self_pos] {
                        frame.stack.remove(self_pos);
                        self.call_from_stack(argc as usize, None)?;
                    } else {
                        self.call_from_stack(argc as usize + 1, None)?;
                    }
                }
                Instr::Subscr => {
                    let index = self.pop_value();
                    let obj = self.pop_value();
                    let v = self.get_item(&obj, &index)?;
                    self.push_value(v);
                }
                Instr::StoreSubscr => {
                    let index = self.pop_value();
                    let obj = self.pop_value();
                    let v = self.pop_value();
                    self.set_item(&obj, &index, v)?;
                }
                Instr::DeleteSubscr => {
                    let index = self.pop_value();
                    let obj = self.pop_value();
                    self.del_item(&obj, &index)?;
                }
                Instr::Binary(op) | Instr::InPlace(op) => {
                    if op == BinOp::Add
                        && matches!(frame.stack[..], [.., Value::Str(_), Value::Str(_)])
                    {
                        self.str_concat_top(matches!(instr, Instr::InPlace(_)))?;
                        continue;
                    }
                    let b = self.pop_value();
                    let a = self.pop_value();
                    let v = if matches!(instr, Instr::InPlace(_)) {
                        self.inplace_op(&a, &b, op)?
                    } else {
                        self.binary_op(&a, &b, op)?
                    };
                    self.push_value(v);
                }
                Instr::Neg | Instr::Pos | Instr::Invert => {
                    let a = self.pop_value();
                    let v = self.unary_op(&a, instr)?;
                    self.push_value(v);
                }
                Instr::Not => {
                    let a = self.pop_value();
                    let t = self.truthy(&a)?;
                    self.push_value(Value::Bool(!t));
                }
                Instr::Compare(op) => {
                    let b = self.pop_value();
                    let a = self.pop_value();
                    let v = self.compare_op(&a, &b, op)?;
                    self.push_value(v);
                }
                Instr::Pop => {
                    if let Some(v) = frame.stack.pop() {
                        release(v);
                    }
                }
                Instr::Dup => {
                    let v = frame.stack.last().cloned().unwrap_or_default();
                    frame.stack.push(v);
                }
                Instr::DupTwo => {
                    let n = frame.stack.len();
                    if n >= 2 {
                        let a = frame.stack[n - 2].clone();
                        let b = frame.stack[n - 1].clone();
                        frame.stack.push(a);
                        frame.stack.push(b);
                    }
                }
                Instr::Rot2 => {
                    let n = frame.stack.len();
                    if n >= 2 {
                        frame.stack.swap(n - 1, n - 2);
                    }
                }
                Instr::Rot3 => {
                    let n = frame.stack.len();
                    if n >= 3 {
                        let v = frame.stack.remove(n - 1);
                        frame.stack.insert(n - 3, v);
                    }
                }
                Instr::Rot4 => {
                    let n = frame.stack.len();
                    if n >= 4 {
                        let v = frame.stack.remove(n - 1);
                        frame.stack.insert(n - 4, v);
                    }
                }
                Instr::BuildTuple(n) => {
                    let at = frame.stack.len() - n as usize;
                    let items = frame.stack.split_off(at);
                    frame.stack.push(Value::tuple(items));
                }
                Instr::BuildList(n) => {
                    let at = frame.stack.len() - n as usize;
                    let items = frame.stack.split_off(at);
                    frame.stack.push(Value::list(items));
                }
                Instr::BuildSet(n) => {
                    let at = frame.stack.len() - n as usize;
                    let items = frame.stack.split_off(at);
                    let set = self.new_set(items)?;
                    self.push_value(set);
                }
                Instr::BuildMap(n) => {
                    let at = frame.stack.len() - 2 * n as usize;
                    let items = frame.stack.split_off(at);
                    let mut dict = Dict::new();
                    let mut it = items.into_iter();
                    while let (Some(k), Some(v)) = (it.next(), it.next()) {
                        self.dict_set(&mut dict, k, v)?;
                    }
                    self.push_value(Value::Dict(Rc::new(RefCell::new(dict))));
                }
                Instr::BuildSlice(n) => {
                    let step = if n == 3 {
                        self.pop_value()
                    } else {
                        Value::None
                    };
                    let stop = self.pop_value();
                    let start = self.pop_value();
                    self.push_value(Value::Slice(Rc::new(crate::value::SliceObj {
                        start,
                        stop,
                        step,
                    })));
                }
                Instr::BuildString(n) => {
                    let at = frame.stack.len() - n as usize;
                    let mut out = String::new();
                    for v in frame.stack.drain(at..) {
                        if let Value::Str(s) = v {
                            out.push_str(s.as_str());
                        }
                    }
                    self.check_str_len(out.len())?;
                    self.push_value(Value::str(out));
                }
                Instr::ListAppend(depth) => {
                    let v = frame.stack.pop().unwrap_or_default();
                    let idx = frame.stack.len() - depth as usize;
                    if let Value::List(l) = &frame.stack[idx] {
                        let l = l.clone();
                        let len = l.borrow().len();
                        self.check_seq_len(len + 1)?;
                        l.borrow_mut().push(v);
                    }
                }
                Instr::SetAdd(depth) => {
                    let v = frame.stack.pop().unwrap_or_default();
                    let idx = frame.stack.len() - depth as usize;
                    let target = frame.stack[idx].clone();
                    if let Value::Set(s) = target {
                        self.set_add(&s, v)?;
                    }
                }
                Instr::MapAdd(depth) => {
                    let v = frame.stack.pop().unwrap_or_default();
                    let k = frame.stack.pop().unwrap_or_default();
                    let idx = frame.stack.len() - depth as usize;
                    let target = frame.stack[idx].clone();
                    if let Value::Dict(d) = target {
                        self.dict_setitem(&d, k, v)?;
                    }
                }
                Instr::ListExtend(depth) => {
                    let v = frame.stack.pop().unwrap_or_default();
                    let idx = frame.stack.len() - depth as usize;
                    let target = frame.stack[idx].clone();
                    let items = match self.iterate(&v) {
                        Ok(items) => items,
                        Err(e)
                            if e.is_instance(&self.exc.type_error.clone())
                                && !self.is_iterable(&v) =>
                        {
                            let name = self.type_name(&v);
                            return Err(self.type_error(format!(
                                "Value after * must be an iterable, not {name}"
                            )));
                        }
                        Err(e) => return Err(e),
                    };
                    if let Value::List(l) = target {
                        let len = l.borrow().len();
                        self.check_seq_len(len + items.len())?;
                        l.borrow_mut().extend(items);
                    }
                }
                Instr::SetUpdate(depth) => {
                    let v = frame.stack.pop().unwrap_or_default();
                    let idx = frame.stack.len() - depth as usize;
                    let target = frame.stack[idx].clone();
                    let items = self.iterate(&v)?;
                    if let Value::Set(s) = target {
                        for item in items {
                            self.set_add(&s, item)?;
                        }
                    }
                }
                Instr::DictUpdate(depth) | Instr::DictMerge(depth) => {
                    let v = frame.stack.pop().unwrap_or_default();
                    let idx = frame.stack.len() - depth as usize;
                    let target = frame.stack[idx].clone();
                    let merge = matches!(instr, Instr::DictMerge(_));
                    if let Value::Dict(d) = target {
                        self.dict_update_from(&d, &v, merge)?;
                    }
                }
                Instr::ListToTuple => {
                    let v = self.pop_value();
                    let items = match v {
                        Value::List(l) => l.borrow().clone(),
                        other => vec![other],
                    };
                    self.push_value(Value::tuple(items));
                }
                Instr::UnpackSequence(n) => {
                    let v = self.pop_value();
                    let items = self.unpack(&v, n as usize, None)?;
                    let frame = self.top();
                    frame.stack.extend(items.into_iter().rev());
                }
                Instr::UnpackEx(before, after) => {
                    let v = self.pop_value();
                    let items = self.unpack(&v, before as usize, Some(after as usize))?;
                    let frame = self.top();
                    frame.stack.extend(items.into_iter().rev());
                }
                Instr::FormatValue(conv, has_spec) => {
                    let spec = if has_spec {
                        Some(self.pop_value())
                    } else {
                        None
                    };
                    let v = self.pop_value();
                    let v = match conv {
                        b's' => Value::str(self.str(&v)?),
                        b'r' => Value::str(self.repr(&v)?),
                        b'a' => Value::str(repr::ascii_escape(&self.repr(&v)?)),
                        _ => v,
                    };
                    let spec_str = match &spec {
                        Some(Value::Str(s)) => s.as_str().to_string(),
                        _ => String::new(),
                    };
                    let out = match (&v, spec_str.is_empty()) {
                        (Value::Str(_), true) => v,
                        _ => Value::str(self.format(&v, &spec_str)?),
                    };
                    self.push_value(out);
                }
                Instr::Jump(t) => {
                    if t as usize <= pc {
                        self.charge_loop(pc, t)?;
                    }
                    self.top().pc = t as usize;
                }
                Instr::PopJumpIfFalse(t) => {
                    let v = frame.stack.pop().unwrap_or_default();
                    let truth = match v {
                        Value::Bool(b) => b,
                        other => self.truthy(&other)?,
                    };
                    if !truth {
                        self.jump(pc, t)?;
                    }
                }
                Instr::PopJumpIfTrue(t) => {
                    let v = frame.stack.pop().unwrap_or_default();
                    let truth = match v {
                        Value::Bool(b) => b,
                        other => self.truthy(&other)?,
                    };
                    if truth {
                        self.jump(pc, t)?;
                    }
                }
                Instr::JumpIfFalseOrPop(t) | Instr::JumpIfTrueOrPop(t) => {
                    let v = frame.stack.last().cloned().unwrap_or_default();
                    let truth = self.truthy(&v)?;
                    let jump_on = matches!(instr, Instr::JumpIfTrueOrPop(_));
                    if truth == jump_on {
                        self.jump(pc, t)?;
                    } else {
                        self.top().stack.pop();
                    }
                }
                Instr::GetIter => {
                    let v = self.pop_value();
                    let it = self.get_iter(&v)?;
                    self.push_value(it);
                }
                Instr::ForIter(t) => {
                    let it = frame.stack.last().cloned().unwrap_or_default();
                    match self.next(&it)? {
                        Some(v) => self.push_value(v),
                        None => {
                            let frame = self.top();
                            frame.stack.pop();
                            frame.pc = t as usize;
                        }
                    }
                }
                Instr::Call(argc) => self.call_positional_from_stack(argc as usize)?,
                Instr::CallKw(argc, names) => {
                    let names = frame.code.consts[names as usize].clone();
                    self.call_from_stack(argc as usize, Some(names))?;
                }
                Instr::CallEx(has_kwargs) => {
                    let kwargs = if has_kwargs {
                        Some(self.pop_value())
                    } else {
                        None
                    };
                    let args = self.pop_value();
                    let func = self.pop_value();
                    let positional = match args {
                        Value::Tuple(t) => (*t).clone(),
                        other => self.iterate(&other)?,
                    };
                    let mut kw: Vec<(Name, Value)> = Vec::new();
                    if let Some(Value::Dict(d)) = kwargs {
                        for e in d.borrow().iter() {
                            match &e.key {
                                Value::Str(s) => kw.push((s.clone(), e.value.clone())),
                                _ => return Err(self.type_error("keywords must be strings")),
                            }
                        }
                    }
                    self.call_inline(func, positional, kw)?;
                }
                Instr::MakeFunction(ci, flags) => {
                    let code_val = frame.code.consts[ci as usize].clone();
                    let closure = if flags & 4 != 0 {
                        Some(self.pop_value())
                    } else {
                        None
                    };
                    let annotations = if flags & 8 != 0 {
                        Some(self.pop_value())
                    } else {
                        None
                    };
                    let kwdefaults = if flags & 2 != 0 {
                        Some(self.pop_value())
                    } else {
                        None
                    };
                    let defaults = if flags & 1 != 0 {
                        Some(self.pop_value())
                    } else {
                        None
                    };
                    let f = self.make_function(code_val, defaults, kwdefaults, closure)?;
                    if let (Some(annotations), Value::Function(func)) = (annotations, &f) {
                        func.dict
                            .borrow_mut()
                            .insert_str("__annotations__", annotations);
                    }
                    self.push_value(f);
                }
                Instr::Return => {
                    let v = frame.stack.pop().unwrap_or_default();
                    return Ok(Event::Return(v));
                }
                Instr::Yield => {
                    let v = frame.stack.pop().unwrap_or_default();
                    return Ok(Event::Yield(v));
                }
                Instr::YieldFrom => {
                    let sent = self.pop_value();
                    let it = self.top().stack.last().cloned().unwrap_or_default();
                    match self.send_to(&it, sent)? {
                        Ok(v) => {
                            // Re-execute this instruction when resumed.
                            let frame = self.top();
                            frame.pc = pc;
                            return Ok(Event::Yield(v));
                        }
                        Err(result) => {
                            let frame = self.top();
                            frame.stack.pop();
                            frame.stack.push(result);
                        }
                    }
                }
                Instr::Raise(n) => return Err(self.do_raise(n)?),
                Instr::Reraise => {
                    let v = self.pop_value();
                    self.reraising = true;
                    return Err(match Exception::from_value(&v) {
                        Some(e) => e,
                        None => self.runtime_error("no active exception to reraise"),
                    });
                }
                Instr::SetupExcept(handler) => {
                    let block = Block {
                        handler,
                        stack_len: frame.stack.len() as u32,
                        handled_len: frame.handled.len() as u32,
                    };
                    frame.blocks.push(block);
                }
                Instr::PopBlock => {
                    frame.blocks.pop();
                }
                Instr::PushExcInfo => {
                    if let Some(exc) = frame.stack.last().and_then(Exception::from_value) {
                        frame.handled.push(exc);
                    }
                }
                Instr::PopExcept => {
                    frame.handled.pop();
                }
                Instr::CheckExcMatch => {
                    let class = self.pop_value();
                    let exc = self.top().stack.last().cloned().unwrap_or_default();
                    let matched = self.exception_matches(&exc, &class)?;
                    self.push_value(Value::Bool(matched));
                }
                Instr::BeforeWith => {
                    let ctx = self.pop_value();
                    let enter = self.special_method(&ctx, "__enter__");
                    let exit = self.special_method(&ctx, "__exit__");
                    let (Some(enter), Some(exit)) = (enter, exit) else {
                        let name = self.type_name(&ctx);
                        let missing = if self.special_method(&ctx, "__enter__").is_none() {
                            ""
                        } else {
                            " (missed __exit__ method)"
                        };
                        return Err(self.type_error(format!(
                            "'{name}' object does not support the context manager protocol{missing}"
                        )));
                    };
                    let exit_bound = self.bind_method(&ctx, exit);
                    let entered = self.call_method_value(&enter, &ctx, &[])?;
                    self.push_value(exit_bound);
                    // The `SetupExcept` the compiler emits next must record the stack
                    // without `entered` (CPython's SETUP_WITH depth): the body pops it, so
                    // a handler that kept its slot would read a stale value there (an
                    // exception raised while a call's arguments are on the stack made
                    // `__exit__` resolve to that call's callable).
                    let frame = self.top();
                    if let Some(&Instr::SetupExcept(handler)) = frame.code.instrs.get(frame.pc) {
                        let block = Block {
                            handler,
                            stack_len: frame.stack.len() as u32,
                            handled_len: frame.handled.len() as u32,
                        };
                        frame.blocks.push(block);
                        frame.pc += 1;
                    }
                    self.push_value(entered);
                }
                Instr::CallExitNormal => {
                    let exit = self.pop_value();
                    self.call(&exit, &[Value::None, Value::None, Value::None], &[])?;
                }
                Instr::WithExceptStart => {
                    let n = frame.stack.len();
                    let exit = frame.stack[n - 2].clone();
                    let exc = frame.stack[n - 1].clone();
                    let class = match &exc {
                        Value::Instance(i) => Value::Class(i.class.clone()),
                        _ => Value::None,
                    };
                    let r = self.call(&exit, &[class, exc, Value::None], &[])?;
                    self.push_value(r);
                }
                Instr::ImportName(i, want_leaf) => {
                    let name = frame.code.names[i as usize].clone();
                    let m = self.import(name.as_str(), want_leaf)?;
                    self.push_value(m);
                }
                Instr::ImportFrom(i) => {
                    let name = frame.code.names[i as usize].clone();
                    let module = frame.stack.last().cloned().unwrap_or_default();
                    if name.as_str() == "*" {
                        self.import_star(&module)?;
                    } else {
                        let v = self.import_from(&module, &name)?;
                        self.push_value(v);
                    }
                }
                Instr::BuildClass(nbases) => {
                    let at = frame.stack.len() - nbases as usize;
                    let bases = frame.stack.split_off(at);
                    let name = self.pop_value();
                    let body = self.pop_value();
                    let class = self.build_class(body, name, bases, Vec::new())?;
                    self.push_value(class);
                }
                Instr::BuildClassKw(nbases) => {
                    let keywords = self.pop_value();
                    let frame = self.top();
                    let at = frame.stack.len() - nbases as usize;
                    let bases = frame.stack.split_off(at);
                    let name = self.pop_value();
                    let body = self.pop_value();
                    let mut pairs = Vec::new();
                    if let Value::Dict(d) = &keywords {
                        for entry in d.borrow().iter() {
                            if let Value::Str(k) = &entry.key {
                                pairs.push((k.clone(), entry.value.clone()));
                            }
                        }
                    }
                    let class = self.build_class(body, name, bases, pairs)?;
                    self.push_value(class);
                }
                Instr::LoadAssertionError => {
                    let c = Value::Class(self.exc.assertion_error.clone());
                    self.push_value(c);
                }
            }
        }
    }

    /// `LoadFast(i)`: pushes local `i`, or raises `UnboundLocalError`.
    fn load_fast(&mut self, i: u32) -> PyResult<()> {
        let frame = self.top();
        match &frame.locals[i as usize] {
            Some(v) => {
                let v = v.clone();
                frame.stack.push(v);
                Ok(())
            }
            None => {
                let name = frame.code.varnames[i as usize].as_str().to_string();
                Err(self.new_error(
                    &self.exc.unbound_local_error.clone(),
                    format!("cannot access local variable '{name}' where it is not associated with a value"),
                ))
            }
        }
    }

    /// Moves the current frame to `target` (a jump taken at `pc`), charging the budget for a
    /// backward jump.
    #[inline]
    fn jump(&mut self, pc: usize, target: u32) -> PyResult<()> {
        if target as usize <= pc {
            self.charge_loop(pc, target)?;
        }
        self.top().pc = target as usize;
        Ok(())
    }

    /// The instruction budget is charged where control can come back: a backward jump (a loop
    /// iteration) costs the instructions it spans, and every frame entered costs its
    /// instructions up to [`FRAME_CHARGE_CAP`] (see [`Vm::charge_frame`]). Straight-line
    /// code between those points is bounded by the program's size, so every endless loop,
    /// recursion or generator loop still runs out of budget; the run loop does not count each
    /// instruction.
    #[inline(never)]
    fn charge_loop(&mut self, pc: usize, target: u32) -> PyResult<()> {
        self.charge((pc - (target as usize).min(pc)) as u64 + 1)
    }

    /// Charges the budget for entering a frame of `code` (see [`Vm::charge_loop`]).
    #[inline]
    pub(crate) fn charge_frame(&mut self, code: &Code) -> PyResult<()> {
        self.charge(code.entry_charge as u64)
    }

    fn unbound_deref(&mut self, i: u32) -> Exception {
        let frame = self.top();
        let code = frame.code.clone();
        let ncell = code.cellvars.len();
        let idx = i as usize;
        if idx < ncell {
            let name = code.cellvars[idx].as_str().to_string();
            self.new_error(
                &self.exc.unbound_local_error.clone(),
                format!(
                    "cannot access local variable '{name}' where it is not associated with a value"
                ),
            )
        } else {
            let name = code
                .freevars
                .get(idx - ncell)
                .map(|n| n.as_str().to_string())
                .unwrap_or_default();
            self.new_error(
                &self.exc.name_error.clone(),
                format!("cannot access free variable '{name}' where it is not associated with a value in enclosing scope"),
            )
        }
    }

    /// `NameError: name 'x' is not defined`.
    pub(crate) fn name_error(&self, name: &str) -> Exception {
        self.new_error(
            &self.exc.name_error,
            format!("name '{name}' is not defined"),
        )
    }

    /// `mapping[name]` for a class body's prepared namespace; `None` on `KeyError`.
    fn mapping_namespace_get(&mut self, mapping: &Value, name: &Name) -> PyResult<Option<Value>> {
        match self.get_item(mapping, &Value::Str(name.clone())) {
            Ok(v) => Ok(Some(v)),
            Err(e) if e.is_instance(&self.exc.key_error.clone()) => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn load_name(&mut self, name: &Name) -> PyResult {
        let frame = self.top();
        match &frame.namespace {
            Some(Namespace::Attrs(ns)) => {
                if let Some(v) = ns.borrow().get_name(name) {
                    return Ok(v.clone());
                }
            }
            Some(Namespace::Mapping(m)) => {
                let m = m.clone();
                if let Some(v) = self.mapping_namespace_get(&m, name)? {
                    return Ok(v);
                }
            }
            None => {}
        }
        let frame = self.top();
        let globals = frame.globals.clone();
        if let Some(slot) = globals.slot(name.as_str()) {
            if let Some(v) = globals.values.borrow()[slot].clone() {
                return Ok(v);
            }
        }
        if let Some(v) = self.builtins.get(name.as_str()) {
            return Ok(v.clone());
        }
        Err(self.name_error(name.as_str()))
    }

    fn do_raise(&mut self, n: u8) -> PyResult<Exception> {
        if n == 0 {
            return match self.current_handled() {
                Some(e) => {
                    self.reraising = true;
                    Ok(e)
                }
                None => Err(self.runtime_error("No active exception to reraise")),
            };
        }
        let cause = if n == 2 { Some(self.pop_value()) } else { None };
        let exc_val = self.pop_value();
        let exc = self.make_exception(&exc_val)?;
        if let Some(cause) = cause {
            let cause_val = match &cause {
                Value::None => None,
                other => match self.make_exception(other) {
                    Ok(e) => Some(e.value()),
                    Err(_) => {
                        return Err(
                            self.type_error("exception causes must derive from BaseException")
                        );
                    }
                },
            };
            exc.with_state(|s| {
                s.cause = cause_val;
                s.suppress_context = true;
            });
        }
        Ok(exc)
    }

    /// Turns `raise X` operands into an exception: instances pass through, classes are
    /// instantiated with no arguments.
    pub(crate) fn make_exception(&mut self, v: &Value) -> PyResult<Exception> {
        match v {
            Value::Instance(_) => match Exception::from_value(v) {
                Some(e) => Ok(e),
                None => Err(self.type_error("exceptions must derive from BaseException")),
            },
            Value::Class(c) if c.is_exception() => {
                let inst = self.call(v, &[], &[])?;
                match Exception::from_value(&inst) {
                    Some(e) => Ok(e),
                    None => {
                        let r = self.repr(v)?;
                        Err(self.type_error(format!(
                            "calling {} should have returned an instance of BaseException, not {}",
                            r,
                            self.type_name(&inst)
                        )))
                    }
                }
            }
            _ => Err(self.type_error("exceptions must derive from BaseException")),
        }
    }

    fn exception_matches(&mut self, exc: &Value, class: &Value) -> PyResult<bool> {
        let Some(e) = Exception::from_value(exc) else {
            return Ok(false);
        };
        match class {
            Value::Class(c) if c.is_exception() => Ok(e.is_instance(c)),
            Value::Tuple(items) => {
                for item in items.iter() {
                    if self.exception_matches(exc, item)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            _ => Err(self.type_error(
                "catching classes that do not inherit from BaseException is not allowed",
            )),
        }
    }

    pub(crate) fn check_seq_len(&self, len: usize) -> PyResult<()> {
        if len > self.limits.max_sequence_len {
            return Err(self.memory_error());
        }
        Ok(())
    }

    pub(crate) fn check_str_len(&self, len: usize) -> PyResult<()> {
        if len > self.limits.max_sequence_len {
            return Err(self.memory_error());
        }
        Ok(())
    }
}

/// The budget units `bytes` of text cost: one per 4 bytes, and one for the operation.
pub(super) fn bytes_charge(bytes: usize) -> u64 {
    (bytes / 4) as u64 + 1
}

/// What stopped `run_instructions`.
enum Event {
    Return(Value),
    Yield(Value),
}

thread_local! {
    static METHOD_MARKER: Rc<Code> = Rc::new(Code {
        name: crate::value::name("<marker>"),
        qualname: String::new(),
        kind: crate::compile::code::CodeKind::Module,
        instrs: Vec::new(),
        locs: Vec::new(),
        lines: Vec::new(),
        attr_sites: Box::new([]),
        consts: Vec::new(),
        names: Vec::new(),
        varnames: Vec::new(),
        cellvars: Vec::new(),
        freevars: Vec::new(),
        cell_params: Vec::new(),
        posonly_count: 0,
        arg_count: 0,
        kwonly_count: 0,
        has_varargs: false,
        has_varkw: false,
        is_generator: false,
        plain_arg_count: u32::MAX,
        entry_charge: 1,
        first_line: 0,
        filename: Rc::from(""),
        source: Rc::from(""),
    });
}

/// The stack marker `LoadMethod` pushes when the attribute is already bound.
fn method_marker() -> Rc<Code> {
    METHOD_MARKER.with(|m| m.clone())
}

/// Creates the cells of a frame whose parameters are bound: fresh cells for the code's cell
/// variables (parameters that live in cells move into theirs), then the function's closure.
pub(crate) fn init_cells(frame: &mut Frame, func: &crate::value::Function) {
    let code = &func.code;
    if code.cellvars.is_empty() && func.closure.is_empty() {
        return;
    }
    frame
        .cells
        .reserve(code.cellvars.len() + func.closure.len());
    for _ in 0..code.cellvars.len() {
        frame.cells.push(Rc::new(RefCell::new(None)));
    }
    frame.cells.extend(func.closure.iter().cloned());
    for &(cell, param) in &code.cell_params {
        if let (Some(c), Some(v)) = (
            frame.cells.get(cell as usize),
            frame.locals.get_mut(param as usize),
        ) {
            *c.borrow_mut() = v.take();
        }
    }
}

/// What entering a frame of code with `instr_count` instructions charges the instruction
/// budget: its instruction count, from 1 up to [`FRAME_CHARGE_CAP`] (see [`Vm::charge_loop`]).
pub(crate) fn frame_charge(instr_count: usize) -> u32 {
    instr_count.clamp(1, FRAME_CHARGE_CAP as usize) as u32
}

/// The source line of instruction `pc`.
pub fn line_of_pc(code: &Code, pc: usize) -> u32 {
    code.lines.get(pc).copied().unwrap_or(code.first_line)
}
