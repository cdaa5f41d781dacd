//! `exec`, `eval` and `compile`: source text run at run time.
//!
//! The interpreter resolves global names to slots when it compiles a module, so code run
//! here gets its own slots, filled from a namespace dict before it runs and written back to
//! that dict after. With explicit `globals`/`locals` dicts that is CPython's behaviour; with
//! none, the namespace is the calling module's globals (and, in a function, its locals), and
//! the names the caller's own code uses are written back to its globals afterwards (as CPython,
//! assignments in a function's `exec` do not reach its locals). Functions defined by the
//! code keep the code's namespace: later changes to the dict are not seen by them.

use std::cell::RefCell;
use std::rc::Rc;

use crate::ast::{Expr, ExprKind, Stmt, StmtKind};
use crate::host::{bind_args, ClassBuilder};
use crate::value::{Args, Dict, Globals, PyResult, Value};
use crate::vm::{FrameExit, Vm};

/// Budget units a parse and compile costs besides its text: measured natively, about 4 µs
/// for a one-line statement, the time of some 2,000 instructions.
const COMPILE_UNITS: u64 = 2_000;

/// The slot an `eval`'s expression result is stored in.
const RESULT: &str = "__eval_result__";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Exec,
    Eval,
}

/// What `compile()` returns: the checked source, run again by `exec`/`eval`.
struct CodeObject {
    source: String,
    filename: String,
    mode: Mode,
}

fn code_class() -> Rc<crate::value::Class> {
    thread_local! {
        static CLASS: Rc<crate::value::Class> = ClassBuilder::new("code", "builtins")
            .method("__repr__", |vm, args| {
                let Some(code) = args.get(0).and_then(|v| v.downcast::<CodeObject>()) else {
                    return Err(vm.type_error("descriptor '__repr__' requires a 'code' object"));
                };
                Ok(Value::str(format!(
                    "<code object <module> at 0x7f0000000000, file \"{}\", line 1>",
                    code.filename
                )))
            })
            .build();
    }
    CLASS.with(Rc::clone)
}

/// The source text of `exec`/`eval`'s first argument (a str, bytes, or a `compile()` code
/// object), and the mode a code object was compiled for.
fn source_of(
    vm: &Vm<'_>,
    v: Option<&Value>,
    func: &str,
) -> PyResult<(String, String, Option<Mode>)> {
    match v {
        Some(Value::Str(s)) => Ok((s.as_str().to_string(), "<string>".into(), None)),
        Some(Value::Bytes(b)) => Ok((
            String::from_utf8_lossy(b).into_owned(),
            "<string>".into(),
            None,
        )),
        Some(other) => match other.downcast::<CodeObject>() {
            Some(code) => Ok((code.source.clone(), code.filename.clone(), Some(code.mode))),
            None => Err(vm.type_error(format!(
                "{func}() arg 1 must be a string, bytes or code object"
            ))),
        },
        None => Err(vm.type_error(format!("{func} expected at least 1 argument, got 0"))),
    }
}

/// Parses and compiles `source` for `mode`, charging the budget for it: a `SyntaxError` as
/// CPython raises for it. An `eval`'s expression is compiled as an assignment to [`RESULT`].
fn compile_source(
    vm: &mut Vm<'_>,
    source: &str,
    filename: &str,
    mode: Mode,
) -> PyResult<crate::compile::CompiledModule> {
    vm.charge_host_work(COMPILE_UNITS)?;
    vm.charge_bytes(source.len())?;
    let text = if mode == Mode::Eval {
        source.trim_start_matches([' ', '\t'])
    } else {
        source
    };
    let syntax_error = |vm: &Vm<'_>, err: crate::syntax_error::SyntaxError| {
        let line = err.line(text);
        vm.new_error(
            &vm.exc_types().syntax_error,
            format!("{} ({filename}, line {line})", err.message),
        )
    };
    let mut module = crate::parser::parse_module(text).map_err(|err| syntax_error(vm, err))?;
    if mode == Mode::Eval {
        let expr = match module.body.as_slice() {
            [Stmt {
                kind: StmtKind::Expr(e),
                ..
            }] => e.clone(),
            _ => {
                return Err(vm.new_error(
                    &vm.exc_types().syntax_error,
                    format!("invalid syntax ({filename}, line 1)"),
                ));
            }
        };
        let span = expr.span;
        module.body = vec![Stmt {
            kind: StmtKind::Assign {
                targets: vec![Expr {
                    kind: ExprKind::Name(RESULT.to_string()),
                    span,
                }],
                value: expr,
            },
            span,
        }];
    }
    crate::compile::compile_module(&module, text, filename).map_err(|err| syntax_error(vm, err))
}

/// Runs `source` in the namespace `ns` (see the module documentation); returns the value of
/// an `eval`'s expression.
fn run(
    vm: &mut Vm<'_>,
    source: &str,
    filename: &str,
    mode: Mode,
    ns: &Rc<RefCell<Dict>>,
) -> PyResult {
    let compiled = compile_source(vm, source, filename, mode)?;
    let names = compiled.global_names.clone();
    let mut values = Vec::with_capacity(names.len());
    for name in &names {
        values.push(vm.dict_get(ns, &Value::Str(name.clone()))?);
    }
    let builtins = names
        .iter()
        .map(|n| vm.builtins.get(n.as_str()).cloned())
        .collect();
    let module_name = match vm.dict_get(ns, &Value::str("__name__"))? {
        Some(Value::Str(s)) => Rc::from(s.as_str()),
        _ => Rc::from("builtins"),
    };
    let globals = Rc::new(Globals {
        names,
        values: RefCell::new(values),
        builtins,
        package: None,
        module_name,
    });
    let frame = vm.module_frame(compiled.code, globals.clone());
    let ran = vm.run_frame(frame);
    // What the code assigned is in the namespace even when it raised, as in CPython.
    let mut result = Value::None;
    for (name, value) in globals.bound() {
        if name.as_str() == RESULT && mode == Mode::Eval {
            result = value;
        } else {
            vm.dict_setitem(ns, Value::Str(name), value)?;
        }
    }
    match ran {
        Ok(FrameExit::Return(_)) | Ok(FrameExit::Yield(..)) => Ok(result),
        Err(e) => Err(e),
    }
}

/// The namespace of a call with no dicts: the caller's globals, then its locals.
fn caller_namespace(vm: &mut Vm<'_>) -> PyResult<Rc<RefCell<Dict>>> {
    let ns = Rc::new(RefCell::new(Dict::new()));
    let Some(frame) = vm.frames.last() else {
        return Ok(ns);
    };
    let globals = frame.globals.clone();
    let locals: Vec<(String, Value)> =
        if frame.code.kind == crate::compile::code::CodeKind::Function {
            frame
                .code
                .varnames
                .iter()
                .zip(frame.locals.iter())
                .filter_map(|(n, v)| v.clone().map(|v| (n.as_str().to_string(), v)))
                .collect()
        } else {
            Vec::new()
        };
    for (name, value) in globals.bound() {
        vm.dict_setitem(&ns, Value::Str(name), value)?;
    }
    for (name, value) in locals {
        vm.dict_setitem(&ns, Value::str(name), value)?;
    }
    Ok(ns)
}

/// Writes the namespace back to the caller's global slots (the names its code uses).
fn write_back(
    vm: &mut Vm<'_>,
    globals: &Rc<Globals>,
    ns: &Rc<RefCell<Dict>>,
    skip_locals: &[String],
) -> PyResult<()> {
    for (i, name) in globals.names.iter().enumerate() {
        if skip_locals.iter().any(|l| l == name.as_str()) {
            continue;
        }
        if let Some(value) = vm.dict_get(ns, &Value::Str(name.clone()))? {
            if let Some(slot) = globals.values.borrow_mut().get_mut(i) {
                *slot = Some(value);
            }
        }
    }
    Ok(())
}

fn dict_arg(
    vm: &Vm<'_>,
    v: &Option<Value>,
    what: &str,
    func: &str,
) -> PyResult<Option<Rc<RefCell<Dict>>>> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(Value::Dict(d)) => Ok(Some(d.clone())),
        Some(other) => Err(vm.type_error(format!(
            "{func}() {what} must be a dict, not {}",
            vm.type_name(other)
        ))),
    }
}

fn exec_or_eval(vm: &mut Vm<'_>, args: Args<'_>, mode: Mode) -> PyResult {
    let func = if mode == Mode::Eval { "eval" } else { "exec" };
    let bound = bind_args(vm, func, &args, &["source", "globals", "locals"], 1)?;
    let (source, filename, compiled_mode) = source_of(vm, bound[0].as_ref(), func)?;
    let mode = match (mode, compiled_mode) {
        (Mode::Eval, Some(Mode::Exec)) => Mode::Exec,
        _ => mode,
    };
    let globals = dict_arg(vm, &bound[1], "globals", func)?;
    let locals = dict_arg(vm, &bound[2], "locals", func)?;
    match (globals, locals) {
        (Some(g), None) => run(vm, &source, &filename, mode, &g),
        (g, Some(l)) => {
            // Names are looked up in locals, then globals; assignments go to locals.
            let merged = Rc::new(RefCell::new(Dict::new()));
            let base = match g {
                Some(g) => g,
                None => caller_namespace(vm)?,
            };
            let entries: Vec<(Value, Value)> = base
                .borrow()
                .iter()
                .chain(l.borrow().iter())
                .map(|e| (e.key.clone(), e.value.clone()))
                .collect();
            for (k, v) in entries {
                vm.dict_setitem(&merged, k, v)?;
            }
            let result = run(vm, &source, &filename, mode, &merged);
            let changed: Vec<(Value, Value)> = merged
                .borrow()
                .iter()
                .map(|e| (e.key.clone(), e.value.clone()))
                .collect();
            for (k, v) in changed {
                let unchanged = match vm.dict_get(&base, &k)? {
                    Some(old) => old.is(&v),
                    None => false,
                };
                if !unchanged {
                    vm.dict_setitem(&l, k, v)?;
                }
            }
            result
        }
        (None, None) => {
            let Some(frame) = vm.frames.last() else {
                return Ok(Value::None);
            };
            let caller_globals = frame.globals.clone();
            let local_names: Vec<String> =
                if frame.code.kind == crate::compile::code::CodeKind::Function {
                    frame
                        .code
                        .varnames
                        .iter()
                        .map(|n| n.as_str().to_string())
                        .collect()
                } else {
                    Vec::new()
                };
            let ns = caller_namespace(vm)?;
            let result = run(vm, &source, &filename, mode, &ns);
            write_back(vm, &caller_globals, &ns, &local_names)?;
            result
        }
    }
}

fn compile(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind_args(
        vm,
        "compile",
        &args,
        &[
            "source",
            "filename",
            "mode",
            "flags",
            "dont_inherit",
            "optimize",
        ],
        3,
    )?;
    let (source, _, _) = source_of(vm, bound[0].as_ref(), "compile")?;
    let filename = match &bound[1] {
        Some(Value::Str(s)) => s.as_str().to_string(),
        _ => return Err(vm.type_error("compile() argument 'filename' must be str")),
    };
    let mode = match &bound[2] {
        Some(Value::Str(s)) if s.as_str() == "exec" || s.as_str() == "single" => Mode::Exec,
        Some(Value::Str(s)) if s.as_str() == "eval" => Mode::Eval,
        _ => {
            return Err(vm.value_error("compile() mode must be 'exec', 'eval' or 'single'"));
        }
    };
    compile_source(vm, &source, &filename, mode)?;
    Ok(crate::host::new_native_instance(
        &code_class(),
        Rc::new(CodeObject {
            source,
            filename,
            mode,
        }),
    ))
}

/// Installs `exec`, `eval` and `compile`.
pub(crate) fn install(vm: &mut Vm<'_>) {
    super::func(vm, "exec", |vm, args| {
        exec_or_eval(vm, args, Mode::Exec)?;
        Ok(Value::None)
    });
    super::func(vm, "eval", |vm, args| exec_or_eval(vm, args, Mode::Eval));
    super::func(vm, "compile", compile);
}
