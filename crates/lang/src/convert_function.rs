//! Control-flow conversion of a live function: finds the function's definition in its
//! module's source, converts it (`compile::control_flow_conversion`), compiles the result
//! against the module's own global slots, and builds a function that shares the
//! original's globals, closure cells, defaults and attributes, with one more free
//! variable, `ag__`, bound to the operators the caller gives.

use std::cell::RefCell;
use std::rc::Rc;

use crate::ast::{self, Arg, Arguments, ClassDef, FunctionDef, Stmt, StmtKind};
use crate::compile::code::{Code, CodeKind, Instr};
use crate::compile::control_flow_conversion::{self, OPERATORS};
use crate::span::{LineIndex, Span};
use crate::value::{Function, Value};

/// Budget units a conversion costs besides its source's bytes (as `exec` charges a
/// compile).
const COMPILE_WORK: u64 = 2_000;

/// The name of the scratch function the converted definition is compiled inside.
const FACTORY: &str = "<ag factory>";

/// Why a function could not be converted; callers then run it as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotConverted {
    /// A lambda, a generator, or code whose source is not at hand.
    Unsupported(&'static str),
    /// Converting the definition produced code the compiler rejects.
    Compile(String),
}

/// `func` with its control flow converted to calls on `operators`.
pub fn convert_control_flow(
    func: &Rc<Function>,
    operators: Value,
) -> Result<Rc<Function>, NotConverted> {
    let code = &func.code;
    if code.kind != CodeKind::Function {
        return Err(NotConverted::Unsupported(
            "only def functions are converted",
        ));
    }
    // Parsing and compiling again costs about what `exec` of the source would.
    meter::work::add(code.source.len() as u64 + COMPILE_WORK);
    let module = crate::parser::parse_module(&code.source)
        .map_err(|_| NotConverted::Unsupported("the source does not parse"))?;
    let lines = LineIndex::new(&code.source);
    let Some((def, class_name)) = find_def(&module.body, &lines, code, None) else {
        return Err(NotConverted::Unsupported("the definition was not found"));
    };
    let converted = control_flow_conversion::convert(def)
        .map_err(|_| NotConverted::Unsupported("generators are not converted"))?;
    let span = Span::new(0, 0);
    let mut params = vec![OPERATORS.to_string()];
    params.extend(
        code.freevars
            .iter()
            .map(|n| n.as_str().to_string())
            .filter(|n| n != "__class__" && n != OPERATORS),
    );
    let def_stmt = Stmt {
        kind: StmtKind::FunctionDef(Box::new(converted)),
        span,
    };
    // A method that uses `super()` needs its class's `__class__` cell: it is compiled in a
    // class of the same name (which also keeps private-name mangling the same).
    let inner = match (
        &class_name,
        code.freevars.iter().any(|n| n.as_str() == "__class__"),
    ) {
        (Some(class), true) => Stmt {
            kind: StmtKind::ClassDef(Box::new(ClassDef {
                name: class.clone(),
                bases: Vec::new(),
                keywords: Vec::new(),
                body: vec![def_stmt],
                decorators: Vec::new(),
            })),
            span,
        },
        _ => def_stmt,
    };
    let factory = FunctionDef {
        name: FACTORY.to_string(),
        args: Arguments {
            args: params
                .into_iter()
                .map(|name| Arg {
                    name,
                    annotation: None,
                    span,
                })
                .collect(),
            ..Arguments::default()
        },
        body: vec![inner],
        decorators: Vec::new(),
        returns: None,
    };
    let synthetic = ast::Module {
        body: vec![Stmt {
            kind: StmtKind::FunctionDef(Box::new(factory)),
            span,
        }],
    };
    let existing = &func.globals.names;
    let compiled = crate::compile::compile_module_with_globals(
        &synthetic,
        &code.source,
        &code.filename,
        existing,
    )
    .map_err(|e| NotConverted::Compile(e.message.clone()))?;
    let new_code = find_code(&compiled.code, FACTORY)
        .and_then(|factory| {
            find_code(&factory, code.name.as_str()).or_else(|| {
                class_name
                    .as_deref()
                    .and_then(|class| find_code(&factory, class))
                    .and_then(|class| find_code(&class, code.name.as_str()))
            })
        })
        .ok_or(NotConverted::Unsupported(
            "the converted code was not found",
        ))?;
    if !globals_within(&new_code, existing.len()) {
        return Err(NotConverted::Unsupported(
            "the converted code uses new globals",
        ));
    }
    let closure = new_code
        .freevars
        .iter()
        .map(|name| {
            if name.as_str() == OPERATORS {
                return Rc::new(RefCell::new(Some(operators.clone())));
            }
            code.freevars
                .iter()
                .position(|n| n.as_str() == name.as_str())
                .and_then(|index| func.closure.get(index).cloned())
                .unwrap_or_else(|| Rc::new(RefCell::new(None)))
        })
        .collect();
    Ok(Rc::new(Function {
        code: new_code,
        name: RefCell::new(func.name.borrow().clone()),
        qualname: func.qualname.clone(),
        defaults: func.defaults.clone(),
        kwdefaults: func.kwdefaults.clone(),
        closure,
        globals: func.globals.clone(),
        dict: RefCell::new(func.dict.borrow().clone()),
        doc: func.doc.clone(),
    }))
}

/// The definition compiled into `code` (same name, same first line as the compiler counts
/// it: a decorated function's first decorator), with the class whose body holds it.
fn find_def<'a>(
    body: &'a [Stmt],
    lines: &LineIndex,
    code: &Code,
    class: Option<&'a str>,
) -> Option<(&'a FunctionDef, Option<String>)> {
    for s in body {
        match &s.kind {
            StmtKind::FunctionDef(def) => {
                let start = def
                    .decorators
                    .first()
                    .map_or(s.span.start, |d| d.span.start.min(s.span.start));
                if def.name == code.name.as_str() && lines.line(start) == code.first_line {
                    return Some((def, class.map(str::to_string)));
                }
                if let Some(found) = find_def(&def.body, lines, code, None) {
                    return Some(found);
                }
            }
            StmtKind::ClassDef(def) => {
                if let Some(found) = find_def(&def.body, lines, code, Some(&def.name)) {
                    return Some(found);
                }
            }
            StmtKind::If { body, orelse, .. }
            | StmtKind::While { body, orelse, .. }
            | StmtKind::For { body, orelse, .. } => {
                if let Some(found) = find_def(body, lines, code, class)
                    .or_else(|| find_def(orelse, lines, code, class))
                {
                    return Some(found);
                }
            }
            StmtKind::With { body, .. } => {
                if let Some(found) = find_def(body, lines, code, class) {
                    return Some(found);
                }
            }
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finalbody,
            } => {
                let blocks = std::iter::once(body)
                    .chain(handlers.iter().map(|h| &h.body))
                    .chain([orelse, finalbody]);
                for block in blocks {
                    if let Some(found) = find_def(block, lines, code, class) {
                        return Some(found);
                    }
                }
            }
            _ => {}
        }
    }
    None
}

/// The code object named `name` among `code`'s constants.
fn find_code(code: &Code, name: &str) -> Option<Rc<Code>> {
    code.consts.iter().find_map(|c| match c {
        Value::Code(inner) if inner.name.as_str() == name => Some(inner.clone()),
        _ => None,
    })
}

/// Whether `code` and the code nested in it use only global slots below `count`.
fn globals_within(code: &Code, count: usize) -> bool {
    let own = code.instrs.iter().all(|instr| match instr {
        Instr::LoadGlobal(s) | Instr::StoreGlobal(s) | Instr::DeleteGlobal(s) => {
            (*s as usize) < count
        }
        _ => true,
    });
    own && code.consts.iter().all(|c| match c {
        Value::Code(inner) => globals_within(inner, count),
        _ => true,
    })
}
