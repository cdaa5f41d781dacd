//! Calling: argument binding with CPython's error messages, the inline (non-recursive) call
//! path of the run loop, native calls, class instantiation and generators.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use super::{Frame, FrameExit, OnReturn, Vm};
use crate::exceptions::{new_exception, Exception};
use crate::value::{
    release, Args, AttrMap, BoundMethod, Class, ClassKind, Dict, Function, Generator, Instance,
    Name, NativeFunction, PyResult, Value,
};

/// The outcome of resuming a generator.
pub enum GenStep {
    Yielded(Value),
    Returned(Value),
}

impl<'h> Vm<'h> {
    /// Calls any callable with positional and keyword arguments (re-enters the run loop for
    /// Python code). This is what native code and hosts use to call back into Python.
    pub fn call(&mut self, callable: &Value, args: &[Value], kwargs: &[(Name, Value)]) -> PyResult {
        match callable {
            Value::Function(f) => {
                let f = f.clone();
                self.call_function(&f, args.to_vec(), kwargs)
            }
            Value::NativeFunction(nf) => {
                let nf = nf.clone();
                if self.native_depth >= super::MAX_NATIVE_DEPTH + 20 {
                    return Err(self.recursion_error());
                }
                nf.call(self, Args::new(args, kwargs))
            }
            Value::BoundMethod(bm) => {
                let mut full = Vec::with_capacity(args.len() + 1);
                full.push(bm.receiver.clone());
                full.extend_from_slice(args);
                let func = bm.func.clone();
                self.call(&func, &full, kwargs)
            }
            Value::Class(c) => {
                let c = c.clone();
                self.call_class(&c, args, kwargs)
            }
            Value::StaticMethod(inner) => {
                let inner = (**inner).clone();
                self.call(&inner, args, kwargs)
            }
            Value::Instance(inst) => match inst.class.lookup("__call__") {
                Some(call) => {
                    // A descriptor object as `__call__` (a `tf.function` on a class) is
                    // bound through its `__get__`, as CPython's slot lookup binds it.
                    let getter = match &call {
                        Value::Instance(_) => self.special_method(&call, "__get__"),
                        _ => None,
                    };
                    if let Some(get) = getter {
                        let owner = Value::Class(inst.class.clone());
                        let bound = self.call(&get, &[call, callable.clone(), owner], &[])?;
                        return self.call(&bound, args, kwargs);
                    }
                    let mut full = Vec::with_capacity(args.len() + 1);
                    full.push(callable.clone());
                    full.extend_from_slice(args);
                    self.call(&call, &full, kwargs)
                }
                None => Err(self.not_callable(callable)),
            },
            _ => Err(self.not_callable(callable)),
        }
    }

    fn not_callable(&self, v: &Value) -> Exception {
        let name = self.type_name(v);
        self.type_error(format!("'{name}' object is not callable"))
    }

    /// Calls `func` (found on a class) with `receiver` as its first argument.
    pub fn call_method_value(
        &mut self,
        func: &Value,
        receiver: &Value,
        args: &[Value],
    ) -> PyResult {
        match func {
            Value::Function(_) | Value::NativeFunction(_) => {
                let mut full = Vec::with_capacity(args.len() + 1);
                full.push(receiver.clone());
                full.extend_from_slice(args);
                self.call(func, &full, &[])
            }
            Value::StaticMethod(inner) => {
                let inner = (**inner).clone();
                self.call(&inner, args, &[])
            }
            Value::ClassMethod(inner) => {
                let inner = (**inner).clone();
                let cls = Value::Class(self.class_of(receiver));
                let mut full = vec![cls];
                full.extend_from_slice(args);
                self.call(&inner, &full, &[])
            }
            other => {
                let bound = self.bind_method(receiver, other.clone());
                self.call(&bound, args, &[])
            }
        }
    }

    /// `obj.name(*args)`: looks the attribute up and calls it.
    pub fn call_method(&mut self, obj: &Value, name: &str, args: &[Value]) -> PyResult {
        let attr = self.get_attr(obj, &crate::value::name(name))?;
        self.call(&attr, args, &[])
    }

    /// Calls a user function from native code.
    pub(crate) fn call_function(
        &mut self,
        f: &Rc<Function>,
        args: Vec<Value>,
        kwargs: &[(Name, Value)],
    ) -> PyResult {
        let locals = self.bind_args(f, args, kwargs)?;
        let frame = self.new_frame(f, locals);
        if f.code.is_generator {
            return Ok(self.new_generator(f, frame));
        }
        match self.run_frame(frame)? {
            FrameExit::Return(v) => Ok(v),
            FrameExit::Yield(v, _) => Ok(v),
        }
    }

    fn new_generator(&self, f: &Function, frame: Box<Frame>) -> Value {
        Value::Generator(Rc::new(Generator {
            name: f.name.borrow().clone(),
            qualname: f.qualname.clone(),
            frame: RefCell::new(Some(frame)),
            running: Cell::new(false),
            finished: Cell::new(false),
        }))
    }

    /// Resumes a generator, sending `sent` (None for `next`).
    pub(crate) fn resume_generator(
        &mut self,
        gen: &Rc<Generator>,
        sent: Value,
    ) -> PyResult<GenStep> {
        if gen.running.get() {
            return Err(self.value_error("generator already executing"));
        }
        let Some(mut frame) = gen.frame.borrow_mut().take() else {
            return Ok(GenStep::Returned(Value::None));
        };
        if frame.pc == 0 {
            if !sent.is_none() {
                *gen.frame.borrow_mut() = Some(frame);
                return Err(
                    self.type_error("can't send non-None value to a just-started generator")
                );
            }
        } else {
            frame.stack.push(sent);
        }
        gen.running.set(true);
        let result = self.run_frame(frame);
        gen.running.set(false);
        self.generator_step(gen, result)
    }

    /// `gen.throw(exc)`: raises `exc` inside the generator where it is suspended, so its
    /// `except` and `finally` blocks run as CPython runs them; the generator's next yield is
    /// the result, and an exception it does not handle propagates. A generator that has not
    /// started, or has finished, raises `exc` here.
    pub(crate) fn throw_into_generator(
        &mut self,
        gen: &Rc<Generator>,
        exc: Exception,
    ) -> PyResult<GenStep> {
        if gen.running.get() {
            return Err(self.value_error("generator already executing"));
        }
        let Some(frame) = gen.frame.borrow_mut().take() else {
            return Err(exc);
        };
        if frame.pc == 0 {
            gen.finished.set(true);
            return Err(exc);
        }
        if self.frames.len() as u64 >= self.limits.max_recursion_depth as u64
            || self.native_depth >= super::MAX_NATIVE_DEPTH
        {
            *gen.frame.borrow_mut() = Some(frame);
            return Err(self.recursion_error());
        }
        gen.running.set(true);
        self.native_depth += 1;
        self.frames.push(frame);
        let base = self.frames.len();
        let result = match self.unwind(exc, base) {
            Ok(()) => self.execute(base),
            Err(exc) => Err(exc),
        };
        self.native_depth -= 1;
        gen.running.set(false);
        self.generator_step(gen, result)
    }

    /// What a generator's frame did when it ran: yielded (kept for the next step),
    /// returned, or raised (a `StopIteration` escaping it becomes CPython's RuntimeError).
    fn generator_step(
        &mut self,
        gen: &Rc<Generator>,
        result: PyResult<FrameExit>,
    ) -> PyResult<GenStep> {
        match result {
            Ok(FrameExit::Yield(v, frame)) => {
                *gen.frame.borrow_mut() = Some(frame);
                Ok(GenStep::Yielded(v))
            }
            Ok(FrameExit::Return(v)) => {
                gen.finished.set(true);
                Ok(GenStep::Returned(v))
            }
            Err(e) => {
                gen.finished.set(true);
                if e.is_instance(&self.exc.stop_iteration.clone()) {
                    let err = self.runtime_error("generator raised StopIteration");
                    err.with_state(|s| s.cause = Some(e.value()));
                    return Err(err);
                }
                Err(e)
            }
        }
    }

    /// `gen.close()`: `GeneratorExit` thrown in, so its `finally` blocks run; a generator
    /// that yields instead of finishing gets CPython's RuntimeError.
    pub(crate) fn close_generator(&mut self, gen: &Rc<Generator>) -> PyResult<()> {
        let started = gen
            .frame
            .borrow()
            .as_ref()
            .is_some_and(|frame| frame.pc != 0);
        if !started {
            gen.frame.borrow_mut().take();
            gen.finished.set(true);
            return Ok(());
        }
        let exit = crate::exceptions::new_exception(&self.exc.generator_exit, Vec::new());
        match self.throw_into_generator(gen, exit) {
            Ok(GenStep::Yielded(_)) => {
                gen.frame.borrow_mut().take();
                gen.finished.set(true);
                Err(self.runtime_error("generator ignored GeneratorExit"))
            }
            Ok(GenStep::Returned(_)) => Ok(()),
            Err(e) if e.is_instance(&self.exc.generator_exit.clone()) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// `yield from` / `send`: one step of delegation. `Ok(Ok(v))` yielded `v`,
    /// `Ok(Err(r))` finished with result `r`.
    pub(crate) fn send_to(&mut self, it: &Value, sent: Value) -> PyResult<Result<Value, Value>> {
        match it {
            Value::Generator(g) => {
                let g = g.clone();
                Ok(match self.resume_generator(&g, sent)? {
                    GenStep::Yielded(v) => Ok(v),
                    GenStep::Returned(v) => Err(v),
                })
            }
            _ => match self.next(it) {
                Ok(Some(v)) => Ok(Ok(v)),
                Ok(None) => Ok(Err(Value::None)),
                Err(e) => Err(e),
            },
        }
    }

    /// Binds call arguments to a function's parameters, producing its fast locals.
    pub(crate) fn bind_args(
        &mut self,
        f: &Function,
        mut args: Vec<Value>,
        kwargs: &[(Name, Value)],
    ) -> PyResult<Vec<Option<Value>>> {
        let code = &f.code;
        let argc = code.arg_count as usize;
        let nlocals = code.varnames.len();
        // Fast path: exact positional call, no defaults needed.
        if kwargs.is_empty()
            && args.len() == argc
            && !code.has_varargs
            && code.kwonly_count == 0
            && !code.has_varkw
        {
            let mut locals: Vec<Option<Value>> = Vec::with_capacity(nlocals);
            locals.extend(args.into_iter().map(Some));
            locals.resize(nlocals, None);
            return Ok(locals);
        }
        let mut locals: Vec<Option<Value>> = vec![None; nlocals.max(code.total_params())];
        let given = args.len();
        let kwonly = code.kwonly_count as usize;
        let mut extra_positional = Vec::new();
        if given > argc {
            extra_positional = args.split_off(argc);
        }
        for (i, a) in args.into_iter().enumerate() {
            locals[i] = Some(a);
        }
        let mut slot = argc + kwonly;
        if code.has_varargs {
            locals[slot] = Some(Value::tuple(std::mem::take(&mut extra_positional)));
            slot += 1;
        }
        let mut extra_kw = if code.has_varkw {
            Some(Dict::new())
        } else {
            None
        };
        let qualname = f.qualname.clone();
        let mut posonly_as_kw: Vec<String> = Vec::new();
        for (name, value) in kwargs {
            let pos = code.varnames[..argc + kwonly]
                .iter()
                .position(|v| v.as_str() == name.as_str());
            match pos {
                Some(i) if i >= code.posonly_count as usize => {
                    if locals[i].is_some() {
                        return Err(self.type_error(format!(
                            "{qualname}() got multiple values for argument '{}'",
                            name.as_str()
                        )));
                    }
                    locals[i] = Some(value.clone());
                }
                other => {
                    if let Some(kw) = extra_kw.as_mut() {
                        let key = Value::Str(name.clone());
                        if kw.get_str(name.as_str()).is_some() {
                            return Err(self.type_error(format!(
                                "{qualname}() got multiple values for keyword argument '{}'",
                                name.as_str()
                            )));
                        }
                        kw.insert_new(
                            crate::value::hash::hash_str(name.as_str()),
                            key,
                            value.clone(),
                        );
                    } else if other.is_some() {
                        posonly_as_kw.push(name.as_str().to_string());
                    } else {
                        return Err(self.type_error(format!(
                            "{qualname}() got an unexpected keyword argument '{}'",
                            name.as_str()
                        )));
                    }
                }
            }
        }
        if !posonly_as_kw.is_empty() {
            return Err(self.type_error(format!(
                "{qualname}() got some positional-only arguments passed as keyword arguments: '{}'",
                posonly_as_kw.join(", ")
            )));
        }
        if let Some(kw) = extra_kw {
            locals[slot] = Some(Value::Dict(Rc::new(RefCell::new(kw))));
        }
        if !extra_positional.is_empty() {
            let ndefaults = f.defaults.len();
            let kwonly_given = (argc..argc + kwonly)
                .filter(|&i| locals[i].is_some())
                .count();
            let (sig, plural) = if ndefaults > 0 {
                (format!("from {} to {}", argc - ndefaults, argc), true)
            } else {
                (format!("{argc}"), argc != 1)
            };
            let kwonly_sig = if kwonly_given > 0 {
                format!(
                    " positional argument{} (and {} keyword-only argument{})",
                    if given != 1 { "s" } else { "" },
                    kwonly_given,
                    if kwonly_given != 1 { "s" } else { "" }
                )
            } else {
                String::new()
            };
            return Err(self.type_error(format!(
                "{qualname}() takes {sig} positional argument{} but {given}{kwonly_sig} {} given",
                if plural { "s" } else { "" },
                if given == 1 && kwonly_given == 0 {
                    "was"
                } else {
                    "were"
                }
            )));
        }
        let ndefaults = f.defaults.len();
        let first_default = argc.saturating_sub(ndefaults);
        let mut missing = Vec::new();
        for (i, local) in locals.iter_mut().enumerate().take(argc) {
            if local.is_none() {
                if i >= first_default {
                    *local = Some(f.defaults[i - first_default].clone());
                } else {
                    missing.push(code.varnames[i].as_str().to_string());
                }
            }
        }
        if !missing.is_empty() {
            return Err(self.type_error(missing_message(&qualname, "positional", &missing)));
        }
        let mut missing_kw = Vec::new();
        for (i, local) in locals.iter_mut().enumerate().take(argc + kwonly).skip(argc) {
            if local.is_none() {
                let name = &code.varnames[i];
                match f
                    .kwdefaults
                    .iter()
                    .find(|(k, _)| k.as_str() == name.as_str())
                {
                    Some((_, v)) => *local = Some(v.clone()),
                    None => missing_kw.push(name.as_str().to_string()),
                }
            }
        }
        if !missing_kw.is_empty() {
            return Err(self.type_error(missing_message(&qualname, "keyword-only", &missing_kw)));
        }
        locals.truncate(nlocals.max(code.total_params()));
        Ok(locals)
    }

    /// Pushes a frame for an inline call, checking the recursion limit.
    fn push_frame(&mut self, frame: Box<Frame>) -> PyResult<()> {
        if self.frames.len() as u64 >= self.limits.max_recursion_depth as u64 {
            return Err(self.recursion_error());
        }
        self.charge_frame(&frame.code)?;
        self.frames.push(frame);
        Ok(())
    }

    /// `Call`/`CallKw`/`CallMethod`: the callable and `argc` arguments are on the stack.
    #[inline(never)]
    pub(crate) fn call_from_stack(&mut self, argc: usize, kwnames: Option<Value>) -> PyResult<()> {
        match kwnames {
            None => self.call_positional_from_stack(argc),
            Some(_) => self.call_from_stack_general(argc, kwnames),
        }
    }

    /// `Call`: [`Vm::call_from_stack`] without keywords, inlined into the run loop so the
    /// common call of a plain function costs no Rust call of its own.
    #[inline(always)]
    pub(crate) fn call_positional_from_stack(&mut self, argc: usize) -> PyResult<()> {
        let frame = self.top();
        let func_pos = frame.stack.len() - argc - 1;
        match &frame.stack[func_pos] {
            Value::Function(f) if f.code.plain_arg_count as usize == argc => {
                return self.call_exact_positional(func_pos);
            }
            Value::NativeFunction(nf) => {
                let nf = nf.clone();
                return self.call_native_from_stack(&nf, func_pos, false);
            }
            // `str(x)`, `int(x)`, `list(xs)`: the constructor gets the class first,
            // then the arguments, as `call_class` passes them.
            Value::Class(cls) => {
                if let Some(ctor) = &cls.constructor {
                    let ctor = ctor.clone();
                    return self.call_native_from_stack(&ctor, func_pos, true);
                }
            }
            _ => {}
        }
        self.call_from_stack_general(argc, None)
    }

    /// [`Vm::call_from_stack`] for everything [`Vm::call_positional_from_stack`] does not do
    /// itself: keywords, bound methods, classes without a native constructor, other callables.
    #[inline(never)]
    fn call_from_stack_general(&mut self, argc: usize, kwnames: Option<Value>) -> PyResult<()> {
        let frame = self.top();
        let func_pos = frame.stack.len() - argc - 1;
        let mut args = frame.stack.split_off(func_pos + 1);
        let callable = frame.stack.pop().unwrap_or_default();
        let mut kwargs = Vec::new();
        if let Some(Value::Tuple(names)) = kwnames {
            let nkw = names.len().min(args.len());
            let values = args.split_off(args.len() - nkw);
            for (n, v) in names.iter().zip(values) {
                if let Value::Str(s) = n {
                    kwargs.push((s.clone(), v));
                }
            }
        }
        self.call_inline(callable, args, kwargs)
    }

    /// A native function called with positional arguments only: it reads the arguments
    /// above the callable at `func_pos` where they are, on the frame's stack (lent to the
    /// call; nothing reads a caller's value stack while a native function runs), so the call
    /// moves and allocates nothing (e.g. `list.append`, `dict.get`, `str(i)`). With
    /// `pass_callable` the callable is the first argument (a builtin class's constructor
    /// receives its class). The result takes the callable's slot.
    #[inline(never)]
    /// A `__new__` or `__init__` the class or a base other than `object` defines: `object`'s
    /// own are what instantiation does anyway, so they are not called (and, as in CPython,
    /// extra arguments are refused only when the class overrides neither).
    fn own_method(&self, cls: &Class, name: &str) -> Option<Value> {
        cls.mro_iter()
            .take_while(|c| !std::ptr::eq(*c, &*self.types.object))
            .find_map(|c| c.dict.borrow().get(name).cloned())
    }

    pub(super) fn call_native_from_stack(
        &mut self,
        nf: &NativeFunction,
        func_pos: usize,
        pass_callable: bool,
    ) -> PyResult<()> {
        if !pass_callable && self.native_depth >= super::MAX_NATIVE_DEPTH + 20 {
            return Err(self.recursion_error());
        }
        let first = if pass_callable {
            func_pos
        } else {
            func_pos + 1
        };
        let mut stack = std::mem::take(&mut self.top().stack);
        let result = match stack.get(first..) {
            Some(args) => nf.call(self, Args::new(args, &[])),
            None => Err(self.runtime_error("native call without its arguments")),
        };
        // The frames the call ran are gone again, so this frame is on top.
        let frame = self.top();
        std::mem::swap(&mut frame.stack, &mut stack);
        debug_assert!(stack.is_empty());
        let stack = &mut frame.stack;
        match result {
            Ok(value) => {
                pop_to(stack, func_pos + 1);
                if let Some(slot) = stack.get_mut(func_pos) {
                    release(std::mem::replace(slot, value));
                }
                Ok(())
            }
            Err(e) => {
                pop_to(stack, func_pos);
                Err(e)
            }
        }
    }

    /// The fast path of `call_from_stack`: the function at `func_pos` takes exactly the
    /// positional arguments above it (no defaults, `*args`, keywords or generator), so they
    /// move straight from the caller's stack into a pooled frame's locals.
    #[inline(always)]
    fn call_exact_positional(&mut self, func_pos: usize) -> PyResult<()> {
        if self.frames.len() as u64 >= self.limits.max_recursion_depth as u64 {
            return Err(self.recursion_error());
        }
        // The function moves out of its stack slot (no count churn); the caller checked it
        // is one.
        let Value::Function(func) = std::mem::take(&mut self.top().stack[func_pos]) else {
            return Err(self.runtime_error("call of a non-function on the fast path"));
        };
        self.charge_frame(&func.code)?;
        let mut new = self.blank_frame(&func);
        let caller = self.top();
        let args = caller.stack.get_mut(func_pos + 1..).unwrap_or_default();
        super::fast::bind_positional(&mut new, func.code.varnames.len(), args);
        // Pops the emptied argument and function slots (all `None`: nothing to drop).
        while caller.stack.len() > func_pos {
            if let Some(v) = caller.stack.pop() {
                debug_assert!(v.is_none());
                std::mem::forget(v);
            }
        }
        if !func.code.cellvars.is_empty() || !func.closure.is_empty() {
            super::init_cells(&mut new, &func);
        }
        self.frames.push(new);
        Ok(())
    }

    /// Calls from the run loop: Python functions get a new frame on the frame stack
    /// (no Rust recursion); everything else is called natively and its result pushed.
    pub(crate) fn call_inline(
        &mut self,
        callable: Value,
        mut args: Vec<Value>,
        kwargs: Vec<(Name, Value)>,
    ) -> PyResult<()> {
        match &callable {
            Value::Function(f) if !f.code.is_generator => {
                let locals = self.bind_args(f, args, &kwargs)?;
                let frame = self.new_frame(f, locals);
                return self.push_frame(frame);
            }
            Value::BoundMethod(bm) => {
                if let Value::Function(f) = &bm.func {
                    if !f.code.is_generator {
                        args.insert(0, bm.receiver.clone());
                        let locals = self.bind_args(f, args, &kwargs)?;
                        let frame = self.new_frame(f, locals);
                        return self.push_frame(frame);
                    }
                }
            }
            Value::Class(cls)
                if cls.constructor.is_none()
                    && cls.kind == ClassKind::Object
                    && cls.meta.is_none() =>
            {
                let (init_name, new_name) = (self.dunders.init.clone(), self.dunders.new.clone());
                if let Some(Value::Function(init)) = self.class_lookup(cls, &init_name) {
                    if !init.code.is_generator && self.class_lookup(cls, &new_name).is_none() {
                        let cls = cls.clone();
                        self.check_not_abstract(&cls)?;
                        let instance = Value::Instance(Rc::new(Instance::new(cls)));
                        args.insert(0, instance.clone());
                        let locals = self.bind_args(&init, args, &kwargs)?;
                        let mut frame = self.new_frame(&init, locals);
                        frame.on_return = OnReturn::Init(instance);
                        return self.push_frame(frame);
                    }
                }
            }
            _ => {}
        }
        let result = self.call(&callable, &args, &kwargs)?;
        self.push_value(result);
        Ok(())
    }

    /// `cls(*args, **kwargs)`: the metaclass's `__call__` when it defines one, otherwise
    /// [`Vm::construct`].
    pub(crate) fn call_class(
        &mut self,
        cls: &Rc<Class>,
        args: &[Value],
        kwargs: &[(Name, Value)],
    ) -> PyResult {
        if let Some(call) = self.metaclass_method(cls, "__call__") {
            let mut full = Vec::with_capacity(args.len() + 1);
            full.push(Value::Class(cls.clone()));
            full.extend_from_slice(args);
            return self.call(&call, &full, kwargs);
        }
        self.construct(cls, args, kwargs)
    }

    /// `type.__call__(cls, *args, **kwargs)`: the builtin constructor, or `__new__` then
    /// `__init__` when `__new__` returned an instance of `cls`.
    pub(crate) fn construct(
        &mut self,
        cls: &Rc<Class>,
        args: &[Value],
        kwargs: &[(Name, Value)],
    ) -> PyResult {
        if let Some(ctor) = &cls.constructor {
            let func = ctor.func.clone();
            let mut full = Vec::with_capacity(args.len() + 1);
            full.push(Value::Class(cls.clone()));
            full.extend_from_slice(args);
            return func.call(self, Args::new(&full, kwargs));
        }
        if let ClassKind::Builtin(_) = cls.kind {
            return Err(self.type_error(format!("cannot create '{}' instances", cls.full_name())));
        }
        // `OSError(errno, strerror)` makes the subclass CPython maps `errno` to.
        let mapped;
        let cls = match args.first() {
            Some(Value::Int(errno)) if Rc::ptr_eq(cls, &self.exc.os_error) && args.len() >= 2 => {
                mapped = self.os_error_class(*errno);
                &mapped
            }
            _ => cls,
        };
        let instance = match self.own_method(cls, "__new__") {
            Some(new) => {
                let inner = match new {
                    Value::StaticMethod(f) => (*f).clone(),
                    other => other,
                };
                let mut full = vec![Value::Class(cls.clone())];
                full.extend_from_slice(args);
                let inst = self.call(&inner, &full, kwargs)?;
                if !self.class_of(&inst).is_subclass(cls) {
                    return Ok(inst);
                }
                inst
            }
            None => {
                self.check_not_abstract(cls)?;
                Value::Instance(Rc::new(Instance::new(cls.clone())))
            }
        };
        if let Some(exc) = Exception::from_value(&instance) {
            exc.with_state(|s| s.args = args.to_vec());
        }
        // `__init__` of the instance's class: `__new__` may return a subclass's instance.
        let instance_class = self.class_of(&instance);
        match self.own_method(&instance_class, "__init__") {
            Some(init) => {
                let mut full = Vec::with_capacity(args.len() + 1);
                full.push(instance.clone());
                full.extend_from_slice(args);
                let r = self.call(&init, &full, kwargs)?;
                if !r.is_none() {
                    let name = self.type_name(&r);
                    return Err(
                        self.type_error(format!("__init__() should return None, not '{name}'"))
                    );
                }
            }
            None => {
                if (!args.is_empty() || !kwargs.is_empty())
                    && !cls.is_exception()
                    && self.own_method(cls, "__new__").is_none()
                {
                    return Err(self.type_error(format!("{}() takes no arguments", cls.name)));
                }
            }
        }
        Ok(instance)
    }

    /// A class with abstract methods (`__abstractmethods__`, which `abc.ABC` sets) cannot be
    /// instantiated, as `object.__new__` refuses in CPython.
    pub(crate) fn check_not_abstract(&mut self, cls: &Class) -> PyResult<()> {
        let Some(abstract_methods) = cls.lookup("__abstractmethods__") else {
            return Ok(());
        };
        // Sorted, as CPython lists them.
        let mut names = std::collections::BTreeSet::new();
        for name in self.iterate(&abstract_methods)? {
            names.insert(self.str(&name)?);
        }
        if names.is_empty() {
            return Ok(());
        }
        let names: Vec<String> = names.into_iter().collect();
        Err(self.type_error(format!(
            "Can't instantiate abstract class {} with abstract method{} {}",
            cls.name,
            if names.len() > 1 { "s" } else { "" },
            names.join(", ")
        )))
    }

    /// `MakeFunction`.
    pub(crate) fn make_function(
        &mut self,
        code: Value,
        defaults: Option<Value>,
        kwdefaults: Option<Value>,
        closure: Option<Value>,
    ) -> PyResult {
        let Value::Code(code) = code else {
            return Err(self.runtime_error("bad code object"));
        };
        let defaults = match defaults {
            Some(Value::Tuple(t)) => (*t).clone(),
            _ => Vec::new(),
        };
        let mut kw = Vec::new();
        if let Some(Value::Dict(d)) = kwdefaults {
            for e in d.borrow().iter() {
                if let Value::Str(s) = &e.key {
                    kw.push((s.clone(), e.value.clone()));
                }
            }
        }
        let mut cells = Vec::new();
        if let Some(Value::Tuple(t)) = closure {
            for c in t.iter() {
                match c {
                    Value::Cell(c) => cells.push(c.clone()),
                    _ => cells.push(Rc::new(RefCell::new(None))),
                }
            }
        }
        let globals = self.top().globals.clone();
        let doc = match (code.consts.first(), code.instrs.first()) {
            (Some(Value::Str(s)), Some(crate::compile::code::Instr::LoadConst(0)))
                if code.kind == crate::compile::code::CodeKind::Function =>
            {
                Some(Value::Str(s.clone()))
            }
            _ => None,
        };
        Ok(Value::Function(Rc::new(Function {
            name: RefCell::new(code.name.as_str().to_string()),
            qualname: code.qualname.clone(),
            code,
            defaults,
            kwdefaults: kw,
            closure: cells,
            globals,
            dict: RefCell::new(AttrMap::new()),
            doc,
        })))
    }

    /// Binds a class attribute to a receiver the way attribute access does.
    pub fn bind_method(&self, receiver: &Value, func: Value) -> Value {
        match func {
            Value::Function(_) => Value::BoundMethod(Rc::new(BoundMethod {
                receiver: receiver.clone(),
                func,
            })),
            Value::NativeFunction(ref nf) if nf.binds => Value::BoundMethod(Rc::new(BoundMethod {
                receiver: receiver.clone(),
                func,
            })),
            Value::StaticMethod(inner) => (*inner).clone(),
            Value::ClassMethod(inner) => Value::BoundMethod(Rc::new(BoundMethod {
                receiver: Value::Class(self.class_of(receiver)),
                func: (*inner).clone(),
            })),
            other => other,
        }
    }

    /// A dunder looked up on the type of `obj` (never on the instance), as CPython does
    /// for special methods. Only instances of user and host classes, and classes whose
    /// metaclass is a Python class, have them here.
    pub fn special_method(&self, obj: &Value, name: &str) -> Option<Value> {
        match obj {
            Value::Instance(inst) => inst.class.lookup(name),
            Value::Class(cls) => self.metaclass_method(cls, name),
            _ => None,
        }
    }

    /// Python's `callable(value)`: functions, methods, classes, and instances whose class
    /// defines `__call__`. Host modules ask it too (`tf.control_dependencies` and
    /// `Dataset.from_generator` take callables).
    pub fn is_callable(&self, value: &Value) -> bool {
        match value {
            Value::Function(_)
            | Value::NativeFunction(_)
            | Value::BoundMethod(_)
            | Value::Class(_)
            | Value::StaticMethod(_) => true,
            Value::Instance(_) => self.special_method(value, "__call__").is_some(),
            _ => false,
        }
    }

    /// Calls a special method if the type defines it.
    pub(crate) fn call_special(
        &mut self,
        obj: &Value,
        name: &str,
        args: &[Value],
    ) -> PyResult<Option<Value>> {
        match self.special_method(obj, name) {
            Some(f) => self.call_method_value(&f, obj, args).map(Some),
            None => Ok(None),
        }
    }

    /// An exception instance of `class` built by calling it (runs user `__init__`).
    pub fn new_exception_of(&mut self, class: &Rc<Class>, args: Vec<Value>) -> PyResult<Exception> {
        if class.lookup("__init__").is_none() && class.lookup("__new__").is_none() {
            return Ok(new_exception(class, args));
        }
        let v = self.call_class(class, &args, &[])?;
        Exception::from_value(&v)
            .ok_or_else(|| self.type_error("exceptions must derive from BaseException"))
    }
}

/// Pops a stack down to `len` values, releasing them.
#[inline(always)]
fn pop_to(stack: &mut Vec<Value>, len: usize) {
    while stack.len() > len {
        if let Some(v) = stack.pop() {
            release(v);
        }
    }
}

/// "f() missing 2 required positional arguments: 'a' and 'b'".
fn missing_message(qualname: &str, kind: &str, names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    let list = match quoted.len() {
        1 => quoted[0].clone(),
        2 => format!("{} and {}", quoted[0], quoted[1]),
        n => format!("{}, and {}", quoted[..n - 1].join(", "), quoted[n - 1]),
    };
    format!(
        "{qualname}() missing {} required {kind} argument{}: {list}",
        names.len(),
        if names.len() == 1 { "" } else { "s" }
    )
}
