//! `import`: modules built into lang (`math`, `sys`, ...) and modules the host provides,
//! imported package by package (`a`, then `a.b`, then `a.b.c`) and cached by full name, with
//! CPython's `ModuleNotFoundError` and `ImportError` messages.

use std::cell::RefCell;
use std::rc::Rc;

use super::Vm;
use crate::host::ModuleSource;
use crate::value::{Globals, Module, Name, PyResult, Value};

impl<'h> Vm<'h> {
    /// `importlib.import_module(name)` for hosts: imports an absolute dotted name and
    /// returns the module it names.
    pub fn import_module(&mut self, dotted: &str) -> PyResult {
        self.import(dotted, true)
    }

    /// Imports a dotted module name; returns the top package, or the leaf when `want_leaf`.
    /// A name with leading dots (`from ..a import b`) is relative to the importing module's
    /// package.
    pub(crate) fn import(&mut self, dotted: &str, want_leaf: bool) -> PyResult {
        if dotted.starts_with('.') {
            let absolute = self.resolve_relative(dotted)?;
            return self.import(&absolute, true);
        }
        let mut top = None;
        let mut parent: Option<Value> = None;
        let mut prefix = String::new();
        let mut leaf = Value::None;
        for (i, part) in dotted.split('.').enumerate() {
            if i > 0 {
                prefix.push('.');
            }
            prefix.push_str(part);
            let module = match self.module_cached(&prefix)? {
                Some(m) => m,
                None => {
                    let found = self.find_module(&prefix)?;
                    let found = match found {
                        Some(m) => m,
                        None => {
                            // A submodule may already be an attribute of its parent.
                            let from_parent = match &parent {
                                Some(Value::Module(p)) => {
                                    p.get(part).filter(|v| matches!(v, Value::Module(_)))
                                }
                                _ => None,
                            };
                            match from_parent {
                                Some(m) => m,
                                None => {
                                    // A module run from source that is not a package.
                                    let not_package = match &parent {
                                        Some(Value::Module(p)) => {
                                            p.globals.is_some() && p.get("__path__").is_none()
                                        }
                                        _ => false,
                                    };
                                    let message = if not_package {
                                        let parent_name = &prefix[..prefix.len() - part.len() - 1];
                                        format!(
                                            "No module named '{prefix}'; '{parent_name}' is not \
                                             a package"
                                        )
                                    } else {
                                        format!("No module named '{prefix}'")
                                    };
                                    let err = self.new_error(
                                        &self.exc.module_not_found_error.clone(),
                                        message,
                                    );
                                    return Err(err);
                                }
                            }
                        }
                    };
                    self.cache_module(&prefix, found.clone())?;
                    found
                }
            };
            if let Some(Value::Module(p)) = &parent {
                if p.get(part).is_none() {
                    p.set(part, module.clone());
                }
            }
            if top.is_none() {
                top = Some(module.clone());
            }
            leaf = module.clone();
            parent = Some(module);
        }
        Ok(if want_leaf {
            leaf
        } else {
            top.unwrap_or_default()
        })
    }

    /// The module `sys.modules` holds under `name`.
    fn module_cached(&mut self, name: &str) -> PyResult<Option<Value>> {
        let modules = self.modules.clone();
        self.dict_get(&modules, &Value::str(name))
    }

    pub(crate) fn cache_module(&mut self, name: &str, module: Value) -> PyResult<()> {
        let modules = self.modules.clone();
        self.dict_setitem(&modules, Value::str(name), module)
    }

    fn find_module(&mut self, name: &str) -> PyResult<Option<Value>> {
        if let Some(m) = crate::builtins::modules::builtin_module(self, name)? {
            return Ok(Some(m));
        }
        let Some(host) = self.host_slot.take() else {
            return Ok(None);
        };
        if let Some(target) = host.module_alias(name) {
            self.host_slot = Some(host);
            return self.import(&target, true).map(Some);
        }
        let result = host.import_module(self, name);
        let source = match &result {
            Ok(None) => host.module_source(name),
            _ => None,
        };
        self.host_slot = Some(host);
        match source.or_else(|| self.program_module_source(name)) {
            Some(source) => self.run_source_module(name, source).map(Some),
            None => result,
        }
    }

    /// A module among the program's own files: `a.b` is `/content/a/b/__init__.py` or
    /// `/content/a/b.py`, as CPython finds it next to the script (`sys.path[0]`).
    fn program_module_source(&mut self, name: &str) -> Option<ModuleSource> {
        let identifier = |part: &str| {
            !part.is_empty()
                && part.chars().all(|c| c == '_' || c.is_alphanumeric())
                && !part.starts_with(|c: char| c.is_ascii_digit())
        };
        if !name.split('.').all(identifier) {
            return None;
        }
        let base = format!("{}/{}", vfs::INITIAL_CWD, name.replace('.', "/"));
        for (filename, is_package) in [
            (format!("{base}/__init__.py"), true),
            (format!("{base}.py"), false),
        ] {
            if let Ok(bytes) = self.fs.read_file(&filename) {
                return Some(ModuleSource {
                    filename,
                    source: String::from_utf8_lossy(&bytes).into_owned(),
                    is_package,
                    hide_frames: false,
                });
            }
        }
        None
    }

    /// Runs a module's source as CPython runs an imported file: a module object whose
    /// attributes are the file's globals, in `sys.modules` (here, the import cache) before its
    /// code runs, so a circular import finds it partly initialised; removed again if its code
    /// raises.
    fn run_source_module(&mut self, name: &str, file: ModuleSource) -> PyResult<Value> {
        let mut docstring = None;
        let compiled = crate::parser::parse_module(&file.source).and_then(|m| {
            docstring = module_docstring(&m);
            crate::compile::compile_module(&m, &file.source, &file.filename)
        });
        let compiled = match compiled {
            Ok(compiled) => compiled,
            Err(err) => {
                let line = err.line(&file.source);
                return Err(self.new_error(
                    &self.exc.syntax_error.clone(),
                    format!("{} ({}, line {line})", err.message, file.filename),
                ));
            }
        };
        let package: Rc<str> = if file.is_package {
            Rc::from(name)
        } else {
            Rc::from(name.rsplit_once('.').map_or("", |(parent, _)| parent))
        };
        let names = compiled.global_names.clone();
        let builtins = names
            .iter()
            .map(|n| self.builtins.get(n.as_str()).cloned())
            .collect();
        let globals = Rc::new(Globals {
            values: RefCell::new(vec![None; names.len()]),
            names,
            builtins,
            package: Some(package.clone()),
            module_name: Rc::from(name),
        });
        let module = Module::from_globals(name, globals.clone());
        module.set("__name__", Value::str(name));
        module.set("__file__", Value::str(&file.filename));
        module.set("__package__", Value::str(&*package));
        module.set("__doc__", docstring.map_or(Value::None, Value::str));
        if file.is_package {
            let dir = file.filename.rsplit_once('/').map_or("", |(dir, _)| dir);
            module.set("__path__", Value::list(vec![Value::str(dir)]));
        }
        if file.hide_frames {
            self.hidden_frame_files
                .push(Rc::from(file.filename.as_str()));
        }
        let value = Value::Module(module);
        self.cache_module(name, value.clone())?;
        self.initializing.push(name.to_string());
        let frame = self.module_frame(compiled.code, globals);
        let ran = self.run_frame(frame);
        self.initializing.retain(|m| m != name);
        if let Err(err) = ran {
            let modules = self.modules.clone();
            self.dict_remove(&modules, &Value::str(name))?;
            return Err(err);
        }
        Ok(value)
    }

    /// The absolute name of a relative import (`..pkg` from `a.b.c`'s package `a.b` is
    /// `a.pkg`), with CPython's errors when there is no package to start from.
    fn resolve_relative(&self, dotted: &str) -> PyResult<String> {
        let rest = dotted.trim_start_matches('.');
        let level = dotted.len() - rest.len();
        let package = self
            .frames
            .last()
            .and_then(|frame| frame.globals.package.clone())
            .filter(|package| !package.is_empty());
        let Some(package) = package else {
            return Err(self.new_error(
                &self.exc.import_error.clone(),
                "attempted relative import with no known parent package",
            ));
        };
        let parts: Vec<&str> = package.split('.').collect();
        if level > parts.len() {
            return Err(self.new_error(
                &self.exc.import_error.clone(),
                "attempted relative import beyond top-level package",
            ));
        }
        let base = parts[..parts.len() + 1 - level].join(".");
        Ok(if rest.is_empty() {
            base
        } else {
            format!("{base}.{rest}")
        })
    }

    /// `from module import name`.
    pub(crate) fn import_from(&mut self, module: &Value, name: &Name) -> PyResult {
        if let Some(v) = self.get_attr_opt(module, name)? {
            return Ok(v);
        }
        // A submodule not yet imported.
        if let Value::Module(m) = module {
            let full = format!("{}.{}", m.name, name.as_str());
            // Only a package has submodules (CPython's `_handle_fromlist` checks `__path__`).
            let is_package = m.get("__path__").is_some() || m.globals.is_none();
            match if is_package {
                self.import(&full, true)
            } else {
                Err(self.new_error(
                    &self.exc.module_not_found_error.clone(),
                    format!("No module named '{full}'"),
                ))
            } {
                Ok(v) => return Ok(v),
                // As CPython's `_handle_fromlist`: only "no such submodule" means the name
                // is missing; an error raised while running the submodule propagates.
                Err(err) => {
                    let missing = format!("No module named '{full}'");
                    let is_missing = err.is_instance(&self.exc.module_not_found_error.clone())
                        && err
                            .args()
                            .first()
                            .and_then(Value::as_str)
                            .is_some_and(|text| text == missing);
                    if !is_missing {
                        return Err(err);
                    }
                }
            }
            let location = match m.get("__file__") {
                Some(Value::Str(file)) => file.as_str().to_string(),
                _ => "unknown location".to_string(),
            };
            let partly = if self.initializing.contains(&m.name) {
                format!(
                    "partially initialized module '{}' (most likely due to a circular import)",
                    m.name
                )
            } else {
                format!("'{}'", m.name)
            };
            return Err(self.new_error(
                &self.exc.import_error.clone(),
                format!(
                    "cannot import name '{}' from {partly} ({location})",
                    name.as_str()
                ),
            ));
        }
        Err(self.new_error(
            &self.exc.import_error.clone(),
            format!("cannot import name '{}'", name.as_str()),
        ))
    }

    /// `from module import *`: copies public attributes into the module's global slots.
    pub(crate) fn import_star(&mut self, module: &Value) -> PyResult<()> {
        let Value::Module(m) = module else {
            return Ok(());
        };
        let globals = self.top().globals.clone();
        let all: Option<Vec<String>> = match m.get("__all__") {
            Some(v) => {
                let items = self.iterate(&v)?;
                Some(
                    items
                        .iter()
                        .filter_map(|i| i.as_str().map(String::from))
                        .collect(),
                )
            }
            None => None,
        };
        let public: Vec<(String, Value)> = match &all {
            Some(list) => list
                .iter()
                .filter_map(|n| m.get(n).map(|v| (n.clone(), v)))
                .collect(),
            None => m
                .attributes()
                .into_iter()
                .filter(|(n, _)| !n.as_str().starts_with('_'))
                .map(|(n, v)| (n.as_str().to_string(), v))
                .collect(),
        };
        // Names the importing module's code never mentions have no slot: they become
        // attributes of the module object, so `module.name` finds them from outside.
        let importer = match self.module_cached(&globals.module_name)? {
            Some(Value::Module(importer))
                if importer
                    .globals
                    .as_ref()
                    .is_some_and(|g| Rc::ptr_eq(g, &globals)) =>
            {
                Some(importer)
            }
            _ => None,
        };
        for (name, value) in public {
            match globals.slot(&name) {
                Some(slot) => globals.values.borrow_mut()[slot] = Some(value),
                None => {
                    if let Some(importer) = &importer {
                        importer.dict.borrow_mut().insert_str(&name, value);
                    }
                }
            }
        }
        Ok(())
    }
}

/// The docstring of a module: its first statement, when that is a string literal.
fn module_docstring(module: &crate::ast::Module) -> Option<String> {
    use crate::ast::{Constant, ExprKind, StmtKind};
    match &module.body.first()?.kind {
        StmtKind::Expr(expr) => match &expr.kind {
            ExprKind::Constant(Constant::Str(text)) => Some(text.clone()),
            _ => None,
        },
        _ => None,
    }
}
