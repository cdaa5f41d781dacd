//! `lang`: the Python subset that playground programs are written in.
//!
//! Module map (one concept per module):
//! - [`span`]: byte spans and the line index used by tracebacks and syntax errors.
//! - [`ast`]: the syntax tree, shaped after CPython's `ast` module.
//! - [`token`], [`lexer`]: source text to tokens (indentation, brackets, literals).
//! - [`parser`]: tokens to the tree ([`parser::parse_module`]), with CPython 3.11's messages.
//! - [`syntax_error`]: the `SyntaxError` both report, rendered as CPython prints it.
//! - [`format`]: CPython's number and string formatting and parsing (`repr(float)`, `format()`,
//!   `%`, `round()`, `int(str)`, `float(str)`) as pure functions.
//! - [`compile`]: scope analysis and AST-to-bytecode compilation (names resolved to slots).
//! - [`vm`]: the bytecode interpreter on heap frames (calls, attributes, operators, iteration).
//! - [`value`]: runtime values, classes, dicts and sets with CPython's ordering.
//! - [`builtins`]: the builtins namespace, builtin types' methods, `math`/`cmath`/`sys`, `types.GenericAlias`.
//! - [`exceptions`]: the exception hierarchy and exception state; [`traceback`]: CPython's
//!   traceback text.
//! - [`host`]: the trait and builders through which the engine adds modules and classes.
//!
//! Entry point: [`run`] runs a whole program and returns its [`Outcome`].
//!
//! This crate knows nothing of TensorFlow, devices or the browser. Host modules
//! (`tensorflow`, `numpy`, `os`, ...) plug in through a trait from the embedding crate.

pub mod ast;
pub mod builtins;
pub mod compile;
pub mod convert_function;
pub mod exceptions;
pub mod format;
pub mod host;
pub mod lexer;
pub mod parser;
pub mod span;
pub mod syntax_error;
pub mod token;
pub mod traceback;
pub mod value;
pub mod vm;

use std::rc::Rc;

use host::Host;
use value::{Globals, Value};
use vm::{FrameExit, Vm};

/// Resource limits of a run. Exceeding one ends the run with a Python exception, never a
/// panic or a hang.
#[derive(Debug, Clone, PartialEq)]
pub struct Limits {
    /// Instructions (plus native loop iterations) before the run stops with
    /// `RuntimeError: instruction budget of N exceeded (the program ran too long)`; that
    /// error cannot be caught by `except`. Charged per loop iteration (the instructions a
    /// backward jump spans) and per frame entered (its instructions, at most 32), not per
    /// executed instruction, so every endless loop or recursion still ends.
    /// Native loops charge per item.
    pub max_instructions: u64,
    /// Python call depth (`RecursionError: maximum recursion depth exceeded`).
    pub max_recursion_depth: u32,
    /// Largest list, tuple, dict, set or str (`MemoryError`).
    pub max_sequence_len: usize,
    /// Largest int, in bits (`MemoryError: integer result too large ...`).
    pub max_int_bits: u64,
    /// Largest program text.
    pub max_source_bytes: usize,
    /// Most heap the run may hold beyond what it held at the start: everything allocated on
    /// its thread counts (the program's objects, host modules, what the host records), when
    /// the binary installs `meter::memory::MeteredAllocator`. Past it the run stops with a
    /// `MemoryError` at the next budget slice; requested sizes are checked before allocating.
    /// 512 MiB: a container that grows past it may briefly hold its old and new storage,
    /// so a run peaks under 1 GB.
    pub max_memory_bytes: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_instructions: 2_000_000_000,
            max_recursion_depth: 1000,
            max_sequence_len: 10_000_000,
            max_int_bits: 100_000,
            max_source_bytes: 1 << 20,
            max_memory_bytes: 512 << 20,
        }
    }
}

/// Everything a run needs besides the program text.
#[derive(Debug, Clone, PartialEq)]
pub struct RunOptions {
    /// The name tracebacks show (`main.py`).
    pub filename: String,
    pub limits: Limits,
    /// The process environment (`os.environ`).
    pub environment: Vec<(String, String)>,
    /// Files the program finds in its file system (path, contents), besides itself: a CSV
    /// the user gave it, say. Relative paths are under the working directory.
    pub files: Vec<(String, Vec<u8>)>,
    /// Where output goes as it is printed, besides the [`Outcome`] (a front end that shows
    /// a run's output while it runs); `None` for most runs.
    pub live_output: Option<LiveOutput>,
}

/// Which of the program's output streams a piece of text was written to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    Stdout,
    Stderr,
}

/// What a front end implements to see a run's output as it is printed: the run is synchronous,
/// so this is its only way out before the run ends.
pub trait OutputListener {
    /// `text` was just written to `stream`.
    fn write(&self, stream: Stream, text: &str);
    /// Called every few thousand instructions, printed or not: a listener that batches its
    /// writes may send what it holds.
    fn tick(&self) {}
}

/// A shared [`OutputListener`], as [`RunOptions`] carries it.
#[derive(Clone)]
pub struct LiveOutput(pub Rc<dyn OutputListener>);

impl std::fmt::Debug for LiveOutput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LiveOutput")
    }
}

impl PartialEq for LiveOutput {
    fn eq(&self, other: &LiveOutput) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            filename: "main.py".to_string(),
            limits: Limits::default(),
            environment: Vec::new(),
            files: Vec::new(),
            live_output: None,
        }
    }
}

/// What a run printed and how it ended.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub stdout: String,
    /// CPython's exact traceback text for an uncaught exception (plus anything the program
    /// or host wrote to stderr).
    pub stderr: String,
    /// 0, or 1 for an uncaught exception or syntax error (or `sys.exit`'s code).
    pub exit_code: i32,
    pub error: Option<UncaughtError>,
}

/// The exception that ended a run.
#[derive(Debug, Clone, PartialEq)]
pub struct UncaughtError {
    /// The class name as the last traceback line prints it (`KeyError`,
    /// `tensorflow.python.framework.errors_impl.InvalidArgumentError`).
    pub type_name: String,
    /// `str(exception)`.
    pub message: String,
    /// Outermost frame first, like the printed traceback.
    pub traceback: Vec<TracebackEntry>,
}

/// One frame of a traceback.
#[derive(Debug, Clone, PartialEq)]
pub struct TracebackEntry {
    pub filename: String,
    /// 1-based line.
    pub line: u32,
    /// 0-based column (in characters) of the failing expression.
    pub col: u32,
    /// `<module>` or the function name.
    pub function: String,
    /// The source line, stripped.
    pub source: String,
}

/// Runs a whole program as `__main__`.
pub fn run(source: &str, host: &mut dyn Host, options: &RunOptions) -> Outcome {
    let filename = options.filename.as_str();
    if source.len() > options.limits.max_source_bytes {
        let message = format!(
            "program too large ({} bytes; the limit is {})",
            source.len(),
            options.limits.max_source_bytes
        );
        return Outcome {
            stdout: String::new(),
            stderr: format!("MemoryError: {message}\n"),
            exit_code: 1,
            error: Some(UncaughtError {
                type_name: "MemoryError".into(),
                message,
                traceback: Vec::new(),
            }),
        };
    }
    let compiled =
        parser::parse_module(source).and_then(|m| compile::compile_module(&m, source, filename));
    let compiled = match compiled {
        Ok(c) => c,
        Err(err) => {
            let index = span::LineIndex::new(source);
            let line = err.line(source);
            let (_, col) = index.line_col(source, err.span.start.min(source.len() as u32));
            return Outcome {
                stdout: String::new(),
                stderr: err.render(source, filename),
                exit_code: 1,
                error: Some(UncaughtError {
                    type_name: err.type_name().to_string(),
                    message: err.message.clone(),
                    traceback: vec![TracebackEntry {
                        filename: filename.to_string(),
                        line,
                        col,
                        function: "<module>".to_string(),
                        source: index.line_text(source, line.max(1)).trim().to_string(),
                    }],
                }),
            };
        }
    };
    let mut vm = Vm::new(host, options.limits.clone());
    vm.environment = options.environment.clone();
    vm.live_output = options.live_output.clone();
    // The program is a file in its working directory, as `python3 main.py` runs it; the
    // given files are written first, so a file of the program's own name cannot replace it.
    for (path, contents) in &options.files {
        let _ = vm.fs.write_file(path, contents);
    }
    let _ = vm.fs.write_file(filename, source.as_bytes());
    let names = compiled.global_names.clone();
    let builtins: Vec<Option<Value>> = names
        .iter()
        .map(|n| vm.builtins.get(n.as_str()).cloned())
        .collect();
    let mut values: Vec<Option<Value>> = vec![None; names.len()];
    for (i, n) in names.iter().enumerate() {
        match n.as_str() {
            "__name__" => values[i] = Some(Value::str("__main__")),
            "__file__" => values[i] = Some(Value::str(filename)),
            "__doc__" => values[i] = Some(Value::None),
            _ => {}
        }
    }
    let globals = Rc::new(Globals {
        names,
        values: std::cell::RefCell::new(values),
        builtins,
        package: None,
        module_name: Rc::from("__main__"),
    });
    // `sys.modules['__main__']`, as `inspect.getmodule` and `pickle` look it up.
    let main = value::Module::from_globals("__main__", Rc::clone(&globals));
    main.set("__name__", Value::str("__main__"));
    main.set("__file__", Value::str(filename));
    let _ = vm.cache_module("__main__", Value::Module(main));
    let frame = vm.module_frame(compiled.code, Rc::clone(&globals));
    let result = vm.run_frame(frame);
    let mut outcome = match result {
        Ok(FrameExit::Return(_)) | Ok(FrameExit::Yield(..)) => Outcome {
            stdout: String::new(),
            stderr: String::new(),
            exit_code: 0,
            error: None,
        },
        Err(exc) => {
            if exc.is_instance(&vm.exc_types().system_exit) {
                let args = exc.args();
                let (code, text) = match args.first() {
                    None | Some(Value::None) => (0, None),
                    Some(Value::Int(i)) => (*i as i32, None),
                    Some(Value::Bool(b)) => (*b as i32, None),
                    Some(other) => {
                        let other = other.clone();
                        (1, Some(vm.str(&other).unwrap_or_default()))
                    }
                };
                if let Some(t) = text {
                    vm.write_stderr(&t);
                    vm.write_stderr("\n");
                }
                Outcome {
                    stdout: String::new(),
                    stderr: String::new(),
                    exit_code: code,
                    error: None,
                }
            } else {
                let text = traceback::render(&mut vm, &exc);
                vm.write_stderr(&text);
                let error = UncaughtError {
                    type_name: traceback::exception_type_name(&exc),
                    message: traceback::message(&mut vm, &exc),
                    traceback: traceback::entries(&exc),
                };
                Outcome {
                    stdout: String::new(),
                    stderr: String::new(),
                    exit_code: 1,
                    error: Some(error),
                }
            }
        }
    };
    outcome.stdout = std::mem::take(&mut vm.stdout);
    outcome.stderr = std::mem::take(&mut vm.stderr);
    drop(vm);
    clear_module(&globals);
    outcome
}

/// Empties the module's global slots once the run is over, as CPython clears module dicts at
/// shutdown. Every function holds its module's globals and the globals hold the function (and
/// classes hold such functions), so without this each run would leak its objects: in the
/// browser the engine worker runs program after program. Cycles that do not pass through
/// the globals (an object that refers to itself) are not collected: lang has no cycle collector.
fn clear_module(globals: &Globals) {
    // Slots keep their number (set to None rather than removed), and the values are dropped
    // after the borrow ends.
    let values: Vec<Option<Value>> = globals
        .values
        .borrow_mut()
        .iter_mut()
        .map(Option::take)
        .collect();
    drop(values);
}
