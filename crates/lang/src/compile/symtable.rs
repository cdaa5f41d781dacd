//! Scope analysis: decides, before any code runs, whether each name in each scope is a fast
//! local, a cell, a free variable, a global, or (in class bodies) a namespace name, following
//! CPython's rules (`Python/symtable.c`): assignment makes a name local, `global`/`nonlocal`
//! override that, class scopes are skipped when resolving free variables, comprehensions
//! are functions of their own, and `super()` gives methods an implicit `__class__` cell.
//!
//! Scopes are keyed by the address of their AST node, which stays put between this pass and
//! code generation because both borrow the same tree.

use std::collections::{HashMap, HashSet};

use crate::ast::{self, Expr, ExprKind, Stmt, StmtKind};

/// What a scope belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScopeKind {
    Module,
    Function,
    Class,
}

/// How a name is accessed in a given scope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameAccess {
    Fast,
    Cell,
    Free,
    /// Global via the module's slot table (explicit `global`, implicit, or module level).
    Global,
    /// Class body namespace (falls back to globals and builtins).
    ClassName,
    /// Class body name that is a free variable of an enclosing function.
    ClassFree,
}

/// The analysis result of one scope.
#[derive(Debug, Default)]
pub struct Scope {
    pub kind: Option<ScopeKind>,
    pub params: Vec<String>,
    /// Names bound in this scope, in first-binding order (parameters first).
    pub bound: Vec<String>,
    bound_set: HashSet<String>,
    pub globals: HashSet<String>,
    pub nonlocals: HashSet<String>,
    pub used: HashSet<String>,
    pub children: Vec<usize>,
    /// Names of this scope that inner scopes capture.
    pub cells: Vec<String>,
    /// Names this scope captures from enclosing functions.
    pub frees: Vec<String>,
    pub is_generator: bool,
    /// Whether the body mentions `super` or `__class__` (methods get a `__class__` cell).
    pub uses_class_cell: bool,
    /// Class scopes whose methods need `__class__`.
    pub needs_class_cell: bool,
    /// Names bound by the comprehension's `for` targets (for walrus rules).
    pub is_comprehension: bool,
}

impl Scope {
    fn bind(&mut self, name: &str) {
        if self.bound_set.insert(name.to_string()) {
            self.bound.push(name.to_string());
        }
    }

    fn is_bound(&self, name: &str) -> bool {
        self.bound_set.contains(name)
    }

    /// How `name` is accessed in this scope.
    pub fn access(&self, name: &str) -> NameAccess {
        let kind = self.kind.unwrap_or(ScopeKind::Module);
        if self.globals.contains(name) {
            return NameAccess::Global;
        }
        match kind {
            ScopeKind::Module => NameAccess::Global,
            ScopeKind::Class => {
                if self.frees.iter().any(|f| f == name) && !self.is_bound(name) {
                    NameAccess::ClassFree
                } else if self.frees.iter().any(|f| f == name) && self.nonlocals.contains(name) {
                    NameAccess::Free
                } else {
                    NameAccess::ClassName
                }
            }
            ScopeKind::Function => {
                if self.cells.iter().any(|c| c == name) {
                    NameAccess::Cell
                } else if self.frees.iter().any(|f| f == name) {
                    NameAccess::Free
                } else if self.is_bound(name) {
                    NameAccess::Fast
                } else {
                    NameAccess::Global
                }
            }
        }
    }
}

/// All scopes of a module.
pub struct SymbolTable {
    pub scopes: Vec<Scope>,
    by_node: HashMap<usize, usize>,
    /// Errors such as "nonlocal declaration not allowed at module level" (message, offset).
    pub errors: Vec<(String, u32)>,
}

impl SymbolTable {
    /// The scope created for an AST node (function def, lambda, comprehension, class).
    pub fn scope_of<T>(&self, node: &T) -> Option<usize> {
        self.by_node.get(&(node as *const T as usize)).copied()
    }

    /// Every global name used or bound anywhere in the module, in first-seen order.
    pub fn global_names(&self) -> Vec<String> {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        let mut push = |n: &str| {
            if seen.insert(n.to_string()) {
                out.push(n.to_string());
            }
        };
        for scope in &self.scopes {
            for n in &scope.bound {
                if scope.access(n) == NameAccess::Global {
                    push(n);
                }
            }
            let mut used: Vec<&str> = scope.used.iter().map(String::as_str).collect();
            used.sort_unstable();
            for n in used {
                if matches!(scope.access(n), NameAccess::Global | NameAccess::ClassName) {
                    push(n);
                }
            }
            let mut globals: Vec<&str> = scope.globals.iter().map(String::as_str).collect();
            globals.sort_unstable();
            for n in globals {
                push(n);
            }
        }
        out
    }
}

/// Builds the symbol table of a module.
pub fn analyze(module: &ast::Module) -> SymbolTable {
    let mut builder = Builder {
        table: SymbolTable {
            scopes: Vec::new(),
            by_node: HashMap::new(),
            errors: Vec::new(),
        },
        stack: Vec::new(),
    };
    let root = builder.push_scope(ScopeKind::Module, 0);
    builder.stmts(&module.body);
    builder.stack.pop();
    let mut table = builder.table;
    resolve(&mut table, root, &[]);
    table
}

struct Builder {
    table: SymbolTable,
    stack: Vec<usize>,
}

impl Builder {
    fn push_scope(&mut self, kind: ScopeKind, key: usize) -> usize {
        let id = self.table.scopes.len();
        self.table.scopes.push(Scope {
            kind: Some(kind),
            ..Scope::default()
        });
        if let Some(&parent) = self.stack.last() {
            self.table.scopes[parent].children.push(id);
        }
        if key != 0 {
            self.table.by_node.insert(key, id);
        }
        self.stack.push(id);
        id
    }

    fn cur(&mut self) -> &mut Scope {
        let id = *self.stack.last().unwrap_or(&0);
        &mut self.table.scopes[id]
    }

    fn bind(&mut self, name: &str) {
        self.cur().bind(name);
    }

    fn use_name(&mut self, name: &str) {
        if name == "super" || name == "__class__" {
            self.cur().uses_class_cell = true;
        }
        self.cur().used.insert(name.to_string());
    }

    fn stmts(&mut self, stmts: &[Stmt]) {
        for s in stmts {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, stmt: &Stmt) {
        match &stmt.kind {
            StmtKind::Expr(e) => self.expr(e),
            StmtKind::Assign { targets, value } => {
                self.expr(value);
                for t in targets {
                    self.target(t);
                }
            }
            StmtKind::AugAssign { target, value, .. } => {
                self.expr(value);
                if let ExprKind::Name(n) = &target.kind {
                    self.use_name(n);
                }
                self.target(target);
            }
            StmtKind::AnnAssign {
                target,
                annotation,
                value,
            } => {
                if let Some(v) = value {
                    self.expr(v);
                }
                // A class body evaluates the annotations of its names (into
                // `__annotations__`); functions never evaluate theirs.
                if self.cur().kind == Some(ScopeKind::Class)
                    && matches!(target.kind, ExprKind::Name(_))
                {
                    self.expr(annotation);
                }
                if value.is_some() || !matches!(target.kind, ExprKind::Name(_)) {
                    self.target(target);
                } else if let ExprKind::Name(n) = &target.kind {
                    // `x: int` alone still makes `x` local in a function.
                    let n = n.clone();
                    self.bind(&n);
                }
            }
            StmtKind::FunctionDef(def) => {
                for d in &def.decorators {
                    self.expr(d);
                }
                self.arguments_defaults(&def.args);
                if let Some(returns) = &def.returns {
                    self.expr(returns);
                }
                self.bind(&def.name);
                self.function(&**def as *const ast::FunctionDef as usize, &def.args, |b| {
                    b.stmts(&def.body)
                });
            }
            StmtKind::ClassDef(def) => {
                for d in &def.decorators {
                    self.expr(d);
                }
                for b in &def.bases {
                    self.expr(b);
                }
                for k in &def.keywords {
                    self.expr(&k.value);
                }
                self.bind(&def.name);
                self.push_scope(ScopeKind::Class, &**def as *const ast::ClassDef as usize);
                self.stmts(&def.body);
                self.stack.pop();
            }
            StmtKind::Return(v) => {
                if let Some(v) = v {
                    self.expr(v);
                }
            }
            StmtKind::Delete(targets) => {
                for t in targets {
                    self.target(t);
                }
            }
            StmtKind::If { test, body, orelse } | StmtKind::While { test, body, orelse } => {
                self.expr(test);
                self.stmts(body);
                self.stmts(orelse);
            }
            StmtKind::For {
                target,
                iter,
                body,
                orelse,
            } => {
                self.expr(iter);
                self.target(target);
                self.stmts(body);
                self.stmts(orelse);
            }
            StmtKind::With { items, body } => {
                for item in items {
                    self.expr(&item.context_expr);
                    if let Some(v) = &item.optional_vars {
                        self.target(v);
                    }
                }
                self.stmts(body);
            }
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finalbody,
            } => {
                self.stmts(body);
                for h in handlers {
                    if let Some(t) = &h.type_ {
                        self.expr(t);
                    }
                    if let Some(n) = &h.name {
                        self.bind(n);
                    }
                    self.stmts(&h.body);
                }
                self.stmts(orelse);
                self.stmts(finalbody);
            }
            StmtKind::Raise { exc, cause } => {
                if let Some(e) = exc {
                    self.expr(e);
                }
                if let Some(c) = cause {
                    self.expr(c);
                }
            }
            StmtKind::Assert { test, msg } => {
                self.expr(test);
                if let Some(m) = msg {
                    self.expr(m);
                }
            }
            StmtKind::Import(aliases) => {
                for a in aliases {
                    let bound = match &a.asname {
                        Some(n) => n.clone(),
                        None => a.name.split('.').next().unwrap_or("").to_string(),
                    };
                    self.bind(&bound);
                }
            }
            StmtKind::ImportFrom { names, .. } => {
                for a in names {
                    if a.name == "*" {
                        continue;
                    }
                    let bound = a.asname.clone().unwrap_or_else(|| a.name.clone());
                    self.bind(&bound);
                }
            }
            StmtKind::Global(names) => {
                let at_module = self.cur().kind == Some(ScopeKind::Module);
                for n in names {
                    if !at_module {
                        self.cur().globals.insert(n.clone());
                    }
                }
            }
            StmtKind::Nonlocal(names) => {
                if self.cur().kind == Some(ScopeKind::Module) {
                    self.table.errors.push((
                        "nonlocal declaration not allowed at module level".into(),
                        stmt.span.start,
                    ));
                }
                for n in names {
                    self.cur().nonlocals.insert(n.clone());
                }
            }
            StmtKind::Pass | StmtKind::Break | StmtKind::Continue => {}
        }
    }

    fn arguments_defaults(&mut self, args: &ast::Arguments) {
        for d in &args.defaults {
            self.expr(d);
        }
        for d in args.kw_defaults.iter().flatten() {
            self.expr(d);
        }
        for a in args
            .posonlyargs
            .iter()
            .chain(&args.args)
            .chain(&args.kwonlyargs)
        {
            if let Some(ann) = &a.annotation {
                self.expr(ann);
            }
        }
        for a in args.vararg.iter().chain(&args.kwarg) {
            if let Some(ann) = &a.annotation {
                self.expr(ann);
            }
        }
    }

    fn function(&mut self, key: usize, args: &ast::Arguments, body: impl FnOnce(&mut Builder)) {
        self.push_scope(ScopeKind::Function, key);
        let mut params = Vec::new();
        for a in args.posonlyargs.iter().chain(&args.args) {
            params.push(a.name.clone());
        }
        for a in &args.kwonlyargs {
            params.push(a.name.clone());
        }
        if let Some(a) = &args.vararg {
            params.push(a.name.clone());
        }
        if let Some(a) = &args.kwarg {
            params.push(a.name.clone());
        }
        for p in &params {
            self.bind(p);
        }
        self.cur().params = params;
        body(self);
        self.stack.pop();
    }

    fn target(&mut self, target: &Expr) {
        match &target.kind {
            ExprKind::Name(n) => self.bind(n),
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                for i in items {
                    self.target(i);
                }
            }
            ExprKind::Starred(inner) => self.target(inner),
            ExprKind::Attribute { value, .. } => self.expr(value),
            ExprKind::Subscript { value, index } => {
                self.expr(value);
                self.expr(index);
            }
            _ => self.expr(target),
        }
    }

    fn comprehension(
        &mut self,
        key: usize,
        generators: &[ast::Comprehension],
        is_gen: bool,
        body: impl FnOnce(&mut Builder),
    ) {
        let Some(first) = generators.first() else {
            return;
        };
        self.expr(&first.iter);
        self.push_scope(ScopeKind::Function, key);
        self.cur().is_comprehension = true;
        self.cur().is_generator = is_gen;
        self.bind(".0");
        self.cur().params = vec![".0".to_string()];
        for (i, g) in generators.iter().enumerate() {
            if i > 0 {
                self.expr(&g.iter);
            }
            self.target(&g.target);
            for cond in &g.ifs {
                self.expr(cond);
            }
        }
        body(self);
        self.stack.pop();
    }

    fn expr(&mut self, expr: &Expr) {
        match &expr.kind {
            ExprKind::BoolOp { values, .. } => {
                for v in values {
                    self.expr(v);
                }
            }
            ExprKind::NamedExpr { target, value } => {
                self.expr(value);
                if let ExprKind::Name(n) = &target.kind {
                    // Walrus in a comprehension binds in the enclosing non-comprehension scope.
                    let mut idx = self.stack.len() - 1;
                    while idx > 0 && self.table.scopes[self.stack[idx]].is_comprehension {
                        let scope = &mut self.table.scopes[self.stack[idx]];
                        scope.nonlocals.insert(n.clone());
                        idx -= 1;
                    }
                    let id = self.stack[idx];
                    let owner_is_module = self.table.scopes[id].kind == Some(ScopeKind::Module);
                    if idx != self.stack.len() - 1 && owner_is_module {
                        for &sid in &self.stack[idx + 1..] {
                            let s = &mut self.table.scopes[sid];
                            s.nonlocals.remove(n);
                            s.globals.insert(n.clone());
                        }
                    }
                    self.table.scopes[id].bind(n);
                }
            }
            ExprKind::BinOp { .. } => {
                // Walk left-nested chains (`1 + 1 + ...`) iteratively.
                let mut rights = Vec::new();
                let mut cur = expr;
                while let ExprKind::BinOp { left, right, .. } = &cur.kind {
                    rights.push(&**right);
                    cur = left;
                }
                self.expr(cur);
                for r in rights.into_iter().rev() {
                    self.expr(r);
                }
            }
            ExprKind::UnaryOp { operand, .. } => self.expr(operand),
            ExprKind::Lambda { args, body } => {
                self.arguments_defaults(args);
                let key = expr as *const Expr as usize;
                self.function(key, args, |b| b.expr(body));
            }
            ExprKind::IfExp { test, body, orelse } => {
                self.expr(test);
                self.expr(body);
                self.expr(orelse);
            }
            ExprKind::Dict { keys, values } => {
                for k in keys.iter().flatten() {
                    self.expr(k);
                }
                for v in values {
                    self.expr(v);
                }
            }
            ExprKind::Set(items) | ExprKind::List(items) | ExprKind::Tuple(items) => {
                for i in items {
                    self.expr(i);
                }
            }
            ExprKind::ListComp { elt, generators } | ExprKind::SetComp { elt, generators } => {
                let key = expr as *const Expr as usize;
                self.comprehension(key, generators, false, |b| b.expr(elt));
            }
            ExprKind::GeneratorExp { elt, generators } => {
                let key = expr as *const Expr as usize;
                self.comprehension(key, generators, true, |b| b.expr(elt));
            }
            ExprKind::DictComp {
                key,
                value,
                generators,
            } => {
                let k = expr as *const Expr as usize;
                self.comprehension(k, generators, false, |b| {
                    b.expr(key);
                    b.expr(value);
                });
            }
            ExprKind::Yield(v) => {
                self.cur().is_generator = true;
                if let Some(v) = v {
                    self.expr(v);
                }
            }
            ExprKind::YieldFrom(v) => {
                self.cur().is_generator = true;
                self.expr(v);
            }
            ExprKind::Compare {
                left, comparators, ..
            } => {
                self.expr(left);
                for c in comparators {
                    self.expr(c);
                }
            }
            ExprKind::Call {
                func,
                args,
                keywords,
            } => {
                self.expr(func);
                for a in args {
                    self.expr(a);
                }
                for k in keywords {
                    self.expr(&k.value);
                }
            }
            ExprKind::JoinedStr(parts) => self.fstring(parts),
            ExprKind::Constant(_) => {}
            ExprKind::Attribute { value, .. } => self.expr(value),
            ExprKind::Subscript { value, index } => {
                self.expr(value);
                self.expr(index);
            }
            ExprKind::Starred(v) => self.expr(v),
            ExprKind::Name(n) => self.use_name(n),
            ExprKind::Slice { lower, upper, step } => {
                for part in [lower, upper, step].into_iter().flatten() {
                    self.expr(part);
                }
            }
        }
    }

    fn fstring(&mut self, parts: &[ast::FStringPart]) {
        for p in parts {
            if let ast::FStringPart::FormattedValue {
                value, format_spec, ..
            } = p
            {
                self.expr(value);
                if let Some(spec) = format_spec {
                    self.fstring(spec);
                }
            }
        }
    }
}

/// Resolves free variables top-down. `enclosing` holds, for each enclosing function scope
/// (innermost last), its id. Returns the names this scope needs from outside.
fn resolve(table: &mut SymbolTable, id: usize, enclosing: &[usize]) -> Vec<String> {
    let kind = table.scopes[id].kind.unwrap_or(ScopeKind::Module);
    let children = table.scopes[id].children.clone();
    let mut child_enclosing = enclosing.to_vec();
    if kind == ScopeKind::Function {
        child_enclosing.push(id);
    }
    let mut needed: Vec<String> = Vec::new();
    let push_needed = |n: String, needed: &mut Vec<String>| {
        if !needed.contains(&n) {
            needed.push(n);
        }
    };
    // Own uses that resolve to an enclosing function's local.
    let visible_in = |table: &SymbolTable, name: &str| -> bool {
        enclosing.iter().rev().any(|&e| {
            let s = &table.scopes[e];
            (s.is_bound(name) && !s.globals.contains(name)) || s.nonlocals.contains(name)
        })
    };
    if kind != ScopeKind::Module {
        let scope = &table.scopes[id];
        let mut own: Vec<String> = Vec::new();
        // `&str` elements share one compiled unstable sort with the other callers.
        let mut nonlocals: Vec<&str> = scope.nonlocals.iter().map(String::as_str).collect();
        nonlocals.sort_unstable();
        for n in nonlocals {
            own.push(n.to_string());
        }
        let mut used: Vec<&str> = scope.used.iter().map(String::as_str).collect();
        used.sort_unstable();
        for n in used {
            let local =
                kind == ScopeKind::Function && scope.is_bound(n) && !scope.nonlocals.contains(n);
            if !local && !scope.globals.contains(n) {
                own.push(n.to_string());
            }
        }
        for n in own {
            if visible_in(table, &n) {
                push_needed(n, &mut needed);
            } else if table.scopes[id].nonlocals.contains(&n) {
                table
                    .errors
                    .push((format!("no binding for nonlocal '{n}' found"), 0));
            }
        }
        // A method's `__class__` comes from its class; a function nested in a method gets
        // it through the method, as in CPython.
        if kind == ScopeKind::Function && table.scopes[id].uses_class_cell {
            push_needed("__class__".to_string(), &mut needed);
        }
    }
    for child in children {
        let child_needs = resolve(table, child, &child_enclosing);
        for n in child_needs {
            let scope = &mut table.scopes[id];
            if n == "__class__" && kind == ScopeKind::Class {
                scope.needs_class_cell = true;
                if !scope.cells.contains(&n) {
                    scope.cells.push(n);
                }
                continue;
            }
            let local_here = kind == ScopeKind::Function
                && scope.is_bound(&n)
                && !scope.nonlocals.contains(&n)
                && !scope.globals.contains(&n);
            if local_here {
                if !scope.cells.contains(&n) {
                    scope.cells.push(n);
                }
            } else if kind != ScopeKind::Module {
                push_needed(n, &mut needed);
            }
        }
    }
    // In a class, `__class__` requested by methods but the class itself is nested: not free.
    needed.retain(|n| !(kind == ScopeKind::Class && n == "__class__"));
    table.scopes[id].frees = needed.clone();
    needed
}
