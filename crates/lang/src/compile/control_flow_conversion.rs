//! Control-flow conversion: rewrites one function so that its `if`, `while` and `for`
//! statements, its `break`, `continue` and `return` inside them, its boolean operators,
//! conditional expressions, `assert`s and calls go through an operator object named `ag__`.
//!
//! A library gives the operators meaning. Run as plain Python they behave as the original
//! statements; a library that stages computations (TensorFlow's AutoGraph does this to a
//! `tf.function`'s Python) can instead build both branches of an `if` whose condition is
//! symbolic, or a loop whose condition is known only when the staged program runs.
//!
//! The shape of the result follows AutoGraph's: each block becomes a nested function that
//! reads and writes the enclosing function's variables through `nonlocal`; a statement's
//! state is every variable its blocks assign, read by a `get_state` function and written
//! back by a `set_state` one, so the operator can run a block more than once. `return`
//! inside a block becomes `do_return = True; retval_ = value`, `break` and `continue` set
//! flags, and the statements after one that may exit run under a guard testing the flags.
//! A variable the blocks assign is bound before the statement to `ag__.Undefined(name)`, so
//! an operator can tell a variable not yet defined from one that is.
//!
//! Every node made here carries the span of the statement or expression it came from, so
//! tracebacks through converted code name the user's lines. The nested functions are named
//! `<function>@ag_<role>_<n>`: a name no program can write, telling a traceback which
//! frames are the conversion's own.

use std::collections::BTreeSet;

use crate::ast::{
    Arg, Arguments, BoolOp, Constant, Expr, ExprKind, FunctionDef, Keyword, Stmt, StmtKind, UnaryOp,
};
use crate::span::Span;

/// The name the converted code calls its operators by.
pub const OPERATORS: &str = "ag__";

/// The marker in the names of the functions the conversion makes.
pub const GENERATED_MARKER: &str = "@ag_";

const DO_RETURN: &str = "do_return";
const RETVAL: &str = "retval_";

/// Builtins that read their caller's frame, called directly rather than through
/// `converted_call`.
const FRAME_BUILTINS: &[&str] = &["super", "locals", "globals", "vars", "eval", "exec", "dir"];

/// Why a function is left unconverted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Declined {
    /// Generators and coroutines keep Python's semantics.
    Generator,
}

/// Converts `def`'s body; the result is the same function (name, parameters,
/// decorators) with the converted body.
pub fn convert(def: &FunctionDef) -> Result<FunctionDef, Declined> {
    if contains_yield(&def.body) {
        return Err(Declined::Generator);
    }
    let mut declared_global = BTreeSet::new();
    let mut declared_nonlocal = BTreeSet::new();
    collect_declarations(&def.body, &mut declared_global, &mut declared_nonlocal);
    let mut params = BTreeSet::new();
    let args = &def.args;
    for arg in args
        .posonlyargs
        .iter()
        .chain(&args.args)
        .chain(&args.kwonlyargs)
        .chain(args.vararg.as_ref())
        .chain(args.kwarg.as_ref())
    {
        params.insert(arg.name.clone());
    }
    let (body, _) = rewrite_conditional_returns(&def.body);
    let mut converter = Converter {
        owner: def.name.clone(),
        counter: 0,
        declared_global,
        declared_nonlocal,
        params,
        state_names: BTreeSet::new(),
        returns: returns_nested(&body),
        loops: Vec::new(),
        receiver: args
            .posonlyargs
            .iter()
            .chain(&args.args)
            .next()
            .map(|arg| arg.name.clone()),
    };
    let span = body.first().map_or(Span::default(), |s| s.span);
    let (docstring, rest) = split_docstring(&body);
    let mut body: Vec<Stmt> = docstring.into_iter().cloned().collect();
    // Declarations anywhere in the function apply to all of it: they stay first.
    if !converter.declared_global.is_empty() {
        body.push(stmt(
            StmtKind::Global(converter.declared_global.iter().cloned().collect()),
            span,
        ));
    }
    if !converter.declared_nonlocal.is_empty() {
        body.push(stmt(
            StmtKind::Nonlocal(converter.declared_nonlocal.iter().cloned().collect()),
            span,
        ));
    }
    let converted = converter.block(rest, &Exits::default());
    let mut prologue = Vec::new();
    if converter.returns {
        prologue.push(assign(
            DO_RETURN,
            constant(Constant::Bool(false), span),
            span,
        ));
        prologue.push(assign(
            RETVAL,
            op_call("UndefinedReturnValue", vec![], span),
            span,
        ));
    }
    for name in &converter.state_names {
        if converter.params.contains(name)
            || converter.declared_global.contains(name)
            || converter.declared_nonlocal.contains(name)
            || name == DO_RETURN
            || name == RETVAL
        {
            continue;
        }
        prologue.push(assign(
            name,
            op_call("Undefined", vec![str_const(name, span)], span),
            span,
        ));
    }
    body.extend(prologue);
    body.extend(converted);
    if converter.returns {
        let end = def.body.last().map_or(span, |s| s.span);
        body.push(stmt(
            StmtKind::Return(Some(op_call("retval", vec![load(RETVAL, end)], end))),
            end,
        ));
    }
    Ok(FunctionDef {
        name: def.name.clone(),
        args: def.args.clone(),
        body,
        decorators: def.decorators.clone(),
        returns: def.returns.clone(),
    })
}

/// The flags a statement list's exits set, in the loop (if any) it is part of.
#[derive(Clone, Default)]
struct Exits {
    /// The innermost enclosing loop's flags.
    loop_flags: Option<LoopFlags>,
}

#[derive(Clone)]
struct LoopFlags {
    break_flag: String,
    continue_flag: String,
}

/// A converted loop's parts (see `Converter::loop_parts`).
struct LoopParts {
    id: u32,
    flags: LoopFlags,
    breaks: bool,
    /// The flags that end the loop early (`break_N`, `do_return`).
    stops: Vec<String>,
    state: Vec<String>,
    loop_body: String,
    /// The statements before the operator call: the flag reset and the body function.
    start: Vec<Stmt>,
}

struct Converter {
    owner: String,
    counter: u32,
    declared_global: BTreeSet<String>,
    declared_nonlocal: BTreeSet<String>,
    params: BTreeSet<String>,
    /// Every variable some converted statement keeps as state.
    state_names: BTreeSet<String>,
    /// Whether `return` statements become `do_return`/`retval_` assignments.
    returns: bool,
    loops: Vec<LoopFlags>,
    /// The function's first parameter: what a zero-argument `super()` in a block function
    /// (which has no receiver of its own) names explicitly.
    receiver: Option<String>,
}

impl Converter {
    fn next_id(&mut self) -> u32 {
        self.counter += 1;
        self.counter
    }

    fn generated(&self, role: &str, id: u32) -> String {
        format!("{}{GENERATED_MARKER}{role}_{id}", self.owner)
    }

    /// Converts a statement list: after a statement that may exit (return, break,
    /// continue), the rest runs under a guard on the flags it may set.
    fn block(&mut self, stmts: &[Stmt], exits: &Exits) -> Vec<Stmt> {
        let mut out = Vec::new();
        for (index, s) in stmts.iter().enumerate() {
            out.extend(self.statement(s, exits));
            let rest = &stmts[index + 1..];
            if rest.is_empty() {
                break;
            }
            if matches!(
                s.kind,
                StmtKind::Return(_) | StmtKind::Raise { .. } | StmtKind::Break | StmtKind::Continue
            ) {
                // What follows can never run.
                break;
            }
            let flags = self.flags_set_by(s, exits);
            if !flags.is_empty() {
                let span = rest[0].span;
                let guard = op_call(
                    "not_any",
                    flags.iter().map(|flag| load(flag, span)).collect(),
                    span,
                );
                let guarded = self.block(rest, exits);
                out.extend(self.make_if(guard, guarded, Vec::new(), span));
                break;
            }
        }
        out
    }

    /// The flags `s` may set when it exits early.
    fn flags_set_by(&self, s: &Stmt, exits: &Exits) -> Vec<String> {
        let mut flags = Vec::new();
        if self.returns && contains_return(std::slice::from_ref(s)) {
            flags.push(DO_RETURN.to_string());
        }
        if let Some(loop_flags) = &exits.loop_flags {
            let (breaks, continues) = loop_exits(std::slice::from_ref(s));
            if breaks {
                flags.push(loop_flags.break_flag.clone());
            }
            if continues {
                flags.push(loop_flags.continue_flag.clone());
            }
        }
        flags
    }

    fn statement(&mut self, s: &Stmt, exits: &Exits) -> Vec<Stmt> {
        let span = s.span;
        match &s.kind {
            StmtKind::If { test, body, orelse } => {
                let test = self.expr(test);
                let body = self.block(body, exits);
                let orelse = self.block(orelse, exits);
                self.make_if(test, body, orelse, span)
            }
            StmtKind::While { test, body, orelse } => self.make_while(test, body, orelse, span),
            StmtKind::For {
                target,
                iter,
                body,
                orelse,
            } => self.make_for(target, iter, body, orelse, span),
            StmtKind::Return(value) if self.returns => {
                let value = value
                    .as_ref()
                    .map_or_else(|| constant(Constant::None, span), |v| self.expr(v));
                vec![
                    assign(DO_RETURN, constant(Constant::Bool(true), span), span),
                    assign(RETVAL, value, span),
                ]
            }
            StmtKind::Break => match &exits.loop_flags {
                Some(flags) => vec![assign(
                    &flags.break_flag,
                    constant(Constant::Bool(true), span),
                    span,
                )],
                None => vec![s.clone()],
            },
            StmtKind::Continue => match &exits.loop_flags {
                Some(flags) => vec![assign(
                    &flags.continue_flag,
                    constant(Constant::Bool(true), span),
                    span,
                )],
                None => vec![s.clone()],
            },
            // Hoisted to the top of the function.
            StmtKind::Global(_) | StmtKind::Nonlocal(_) => Vec::new(),
            StmtKind::Assert { test, msg } => {
                let test = self.expr(test);
                let message = match msg {
                    Some(m) => lambda(self.expr(m), span),
                    None => constant(Constant::None, span),
                };
                vec![expr_stmt(op_call("assert_stmt", vec![test, message], span))]
            }
            StmtKind::With { items, body } => {
                let items = items
                    .iter()
                    .map(|item| crate::ast::WithItem {
                        context_expr: self.expr(&item.context_expr),
                        optional_vars: item.optional_vars.clone(),
                    })
                    .collect();
                vec![stmt(
                    StmtKind::With {
                        items,
                        body: self.block(body, exits),
                    },
                    span,
                )]
            }
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finalbody,
            } => {
                let handlers = handlers
                    .iter()
                    .map(|h| crate::ast::ExceptHandler {
                        type_: h.type_.clone(),
                        name: h.name.clone(),
                        body: self.block(&h.body, exits),
                        span: h.span,
                    })
                    .collect();
                vec![stmt(
                    StmtKind::Try {
                        body: self.block(body, exits),
                        handlers,
                        orelse: self.block(orelse, exits),
                        finalbody: self.block(finalbody, exits),
                    },
                    span,
                )]
            }
            StmtKind::Expr(e) => vec![expr_stmt(self.expr(e))],
            StmtKind::Assign { targets, value } => vec![stmt(
                StmtKind::Assign {
                    targets: targets.clone(),
                    value: self.expr(value),
                },
                span,
            )],
            StmtKind::AugAssign { target, op, value } => vec![stmt(
                StmtKind::AugAssign {
                    target: target.clone(),
                    op: *op,
                    value: self.expr(value),
                },
                span,
            )],
            StmtKind::AnnAssign {
                target,
                annotation,
                value,
            } => vec![stmt(
                StmtKind::AnnAssign {
                    target: target.clone(),
                    annotation: annotation.clone(),
                    value: value.as_ref().map(|v| self.expr(v)),
                },
                span,
            )],
            StmtKind::Return(Some(value)) => {
                vec![stmt(StmtKind::Return(Some(self.expr(value))), span)]
            }
            _ => vec![s.clone()],
        }
    }

    /// `if test: body else: orelse` as `ag__.if_stmt(test, body, orelse, get_state,
    /// set_state, names, count)`; the blocks are already converted.
    fn make_if(&mut self, test: Expr, body: Vec<Stmt>, orelse: Vec<Stmt>, span: Span) -> Vec<Stmt> {
        let id = self.next_id();
        let mut in_body = BTreeSet::new();
        assigned_names(&body, &mut in_body);
        let mut in_orelse = BTreeSet::new();
        assigned_names(&orelse, &mut in_orelse);
        let in_both: Vec<String> = self
            .state_of(&in_body.intersection(&in_orelse).cloned().collect())
            .into_iter()
            .collect();
        let modified: BTreeSet<String> = in_body.union(&in_orelse).cloned().collect();
        let state = self.state_of(&modified);
        let if_body = self.generated("if_body", id);
        let else_body = self.generated("else_body", id);
        let mut out = vec![
            self.block_def(&if_body, Vec::new(), body, &modified, span),
            self.block_def(&else_body, Vec::new(), orelse, &modified, span),
        ];
        let (get_state, set_state, getter, setter) = self.state_functions(&state, id, span);
        out.push(getter);
        out.push(setter);
        out.push(expr_stmt(op_call(
            "if_stmt",
            vec![
                test,
                load(&if_body, span),
                load(&else_body, span),
                load(&get_state, span),
                load(&set_state, span),
                names_tuple(&state, span),
                int_const(state.len(), span),
                names_tuple(&in_both, span),
            ],
            span,
        )));
        out
    }

    /// What a `while` and a `for` share: the loop's id and flags, its body converted as the
    /// function `loop_body` (a `for`'s taking the iterate and assigning it to `target`
    /// first), the state it keeps, and the statements that start it (the break flag's reset).
    fn loop_parts(&mut self, target: Option<&Expr>, body: &[Stmt], span: Span) -> LoopParts {
        let id = self.next_id();
        let flags = LoopFlags {
            break_flag: format!("break_{id}"),
            continue_flag: format!("continue_{id}"),
        };
        let (breaks, continues) = loop_exits(body);
        let may_return = self.returns && contains_return(body);
        let mut converted = Vec::new();
        let mut params = Vec::new();
        if let Some(target) = target {
            let iterate = format!("ag__itr_{id}");
            converted.push(stmt(
                StmtKind::Assign {
                    targets: vec![target.clone()],
                    value: load(&iterate, target.span),
                },
                target.span,
            ));
            params.push(iterate);
        }
        if continues {
            converted.push(assign(
                &flags.continue_flag,
                constant(Constant::Bool(false), span),
                span,
            ));
        }
        self.loops.push(flags.clone());
        let inner = Exits {
            loop_flags: Some(flags.clone()),
        };
        converted.extend(self.block(body, &inner));
        self.loops.pop();
        let mut modified = BTreeSet::new();
        assigned_names(&converted, &mut modified);
        // The per-iteration flag is local to an iteration.
        modified.remove(&flags.continue_flag);
        let state = self.state_of(&modified);
        let mut start = Vec::new();
        if breaks {
            start.push(assign(
                &flags.break_flag,
                constant(Constant::Bool(false), span),
                span,
            ));
        }
        let loop_body = self.generated("loop_body", id);
        start.push(self.block_def(&loop_body, params, converted, &modified, span));
        let stops = self.stop_flags(breaks, may_return, &flags);
        LoopParts {
            id,
            flags,
            breaks,
            stops,
            state,
            loop_body,
            start,
        }
    }

    fn make_while(&mut self, test: &Expr, body: &[Stmt], orelse: &[Stmt], span: Span) -> Vec<Stmt> {
        let LoopParts {
            id,
            flags,
            breaks,
            stops,
            state,
            loop_body,
            start: mut out,
        } = self.loop_parts(None, body, span);
        let loop_test = self.generated("loop_test", id);
        let mut test = self.expr(test);
        if !stops.is_empty() {
            let tspan = test.span;
            let not_stopped = op_call(
                "not_any",
                stops.iter().map(|f| load(f, tspan)).collect(),
                tspan,
            );
            test = op_call(
                "and_",
                vec![lambda(not_stopped, tspan), lambda(test, tspan)],
                tspan,
            );
        }
        out.push(function_def(
            &loop_test,
            Vec::new(),
            vec![stmt(StmtKind::Return(Some(test)), span)],
            span,
        ));
        let (get_state, set_state, getter, setter) = self.state_functions(&state, id, span);
        out.push(getter);
        out.push(setter);
        out.push(expr_stmt(op_call(
            "while_stmt",
            vec![
                load(&loop_test, span),
                load(&loop_body, span),
                load(&get_state, span),
                load(&set_state, span),
                names_tuple(&state, span),
                dict_display(Vec::new(), span),
            ],
            span,
        )));
        out.extend(self.loop_else(orelse, breaks, &flags, span));
        out
    }

    fn make_for(
        &mut self,
        target: &Expr,
        iter: &Expr,
        body: &[Stmt],
        orelse: &[Stmt],
        span: Span,
    ) -> Vec<Stmt> {
        let LoopParts {
            id,
            flags,
            breaks,
            stops,
            state,
            loop_body,
            start: mut out,
        } = self.loop_parts(Some(target), body, span);
        let extra_test = if stops.is_empty() {
            constant(Constant::None, span)
        } else {
            let name = self.generated("extra_test", id);
            let test = op_call(
                "not_any",
                stops.iter().map(|f| load(f, span)).collect(),
                span,
            );
            out.push(function_def(
                &name,
                Vec::new(),
                vec![stmt(StmtKind::Return(Some(test)), span)],
                span,
            ));
            load(&name, span)
        };
        let (get_state, set_state, getter, setter) = self.state_functions(&state, id, span);
        out.push(getter);
        out.push(setter);
        let mut iterate_names = Vec::new();
        target_names(target, &mut iterate_names);
        let options = dict_display(
            vec![(
                str_const("iterate_names", span),
                str_const(&iterate_names.join(", "), span),
            )],
            span,
        );
        out.push(expr_stmt(op_call(
            "for_stmt",
            vec![
                self.expr(iter),
                extra_test,
                load(&loop_body, span),
                load(&get_state, span),
                load(&set_state, span),
                names_tuple(&state, span),
                options,
            ],
            span,
        )));
        out.extend(self.loop_else(orelse, breaks, &flags, span));
        out
    }

    fn stop_flags(&self, breaks: bool, may_return: bool, flags: &LoopFlags) -> Vec<String> {
        let mut stops = Vec::new();
        if breaks {
            stops.push(flags.break_flag.clone());
        }
        if may_return {
            stops.push(DO_RETURN.to_string());
        }
        stops
    }

    /// A loop's `else:` block: it runs unless the loop was left by `break`.
    fn loop_else(
        &mut self,
        orelse: &[Stmt],
        breaks: bool,
        flags: &LoopFlags,
        span: Span,
    ) -> Vec<Stmt> {
        if orelse.is_empty() {
            return Vec::new();
        }
        let outer = Exits {
            loop_flags: self.loops.last().cloned(),
        };
        let converted = self.block(orelse, &outer);
        if !breaks {
            return converted;
        }
        let guard = op_call("not_any", vec![load(&flags.break_flag, span)], span);
        self.make_if(guard, converted, Vec::new(), span)
    }

    /// The variables a statement keeps as state: those its blocks assign, but not the
    /// function's globals.
    fn state_of(&mut self, modified: &BTreeSet<String>) -> Vec<String> {
        let state: Vec<String> = modified
            .iter()
            .filter(|name| !self.declared_global.contains(*name))
            .cloned()
            .collect();
        self.state_names.extend(state.iter().cloned());
        state
    }

    /// `def name(params): nonlocal <modified>; global <...>; body`.
    fn block_def(
        &self,
        name: &str,
        params: Vec<String>,
        body: Vec<Stmt>,
        modified: &BTreeSet<String>,
        span: Span,
    ) -> Stmt {
        let mut stmts = Vec::new();
        let globals: Vec<String> = modified
            .iter()
            .filter(|n| self.declared_global.contains(*n))
            .cloned()
            .collect();
        let nonlocals: Vec<String> = modified
            .iter()
            .filter(|n| !self.declared_global.contains(*n) && !params.contains(n))
            .cloned()
            .collect();
        if !globals.is_empty() {
            stmts.push(stmt(StmtKind::Global(globals), span));
        }
        if !nonlocals.is_empty() {
            stmts.push(stmt(StmtKind::Nonlocal(nonlocals), span));
        }
        stmts.extend(body);
        if stmts.is_empty() {
            stmts.push(stmt(StmtKind::Pass, span));
        }
        function_def(name, params, stmts, span)
    }

    /// `get_state` returning the state's values and `set_state` writing them back.
    fn state_functions(
        &self,
        state: &[String],
        id: u32,
        span: Span,
    ) -> (String, String, Stmt, Stmt) {
        let get_state = self.generated("get_state", id);
        let set_state = self.generated("set_state", id);
        let values = Expr {
            kind: ExprKind::Tuple(state.iter().map(|n| load(n, span)).collect()),
            span,
        };
        let getter = function_def(
            &get_state,
            Vec::new(),
            vec![stmt(StmtKind::Return(Some(values)), span)],
            span,
        );
        let vars = "vars_".to_string();
        let mut body = Vec::new();
        let globals: Vec<String> = state
            .iter()
            .filter(|n| self.declared_global.contains(*n))
            .cloned()
            .collect();
        if !globals.is_empty() {
            body.push(stmt(StmtKind::Global(globals), span));
        }
        if state.is_empty() {
            body.push(stmt(StmtKind::Pass, span));
        } else {
            body.push(stmt(StmtKind::Nonlocal(state.to_vec()), span));
            let targets = Expr {
                kind: ExprKind::Tuple(state.iter().map(|n| store(n, span)).collect()),
                span,
            };
            body.push(stmt(
                StmtKind::Assign {
                    targets: vec![targets],
                    value: load(&vars, span),
                },
                span,
            ));
        }
        let setter = function_def(&set_state, vec![vars], body, span);
        (get_state, set_state, getter, setter)
    }

    /// An expression with its calls, boolean operators and conditional expressions going
    /// through the operators. Lambdas and comprehensions keep their own scopes; their
    /// calls are converted too.
    fn expr(&mut self, e: &Expr) -> Expr {
        let span = e.span;
        let kind = match &e.kind {
            ExprKind::Call {
                func,
                args,
                keywords,
            } => {
                if let (ExprKind::Name(n), Some(receiver)) = (&func.kind, &self.receiver) {
                    if n == "super" && args.is_empty() && keywords.is_empty() {
                        // `super()` in a block function: `super(__class__, self)`.
                        return Expr {
                            kind: ExprKind::Call {
                                func: func.clone(),
                                args: vec![load("__class__", span), load(receiver, span)],
                                keywords: Vec::new(),
                            },
                            span,
                        };
                    }
                }
                let direct =
                    matches!(&func.kind, ExprKind::Name(n) if FRAME_BUILTINS.contains(&n.as_str()));
                let func = self.expr(func);
                let args: Vec<Expr> = args.iter().map(|a| self.expr(a)).collect();
                let keywords: Vec<Keyword> = keywords
                    .iter()
                    .map(|k| Keyword {
                        arg: k.arg.clone(),
                        value: self.expr(&k.value),
                        span: k.span,
                    })
                    .collect();
                if direct {
                    ExprKind::Call {
                        func: Box::new(func),
                        args,
                        keywords,
                    }
                } else {
                    let mut all = vec![func];
                    all.extend(args);
                    ExprKind::Call {
                        func: Box::new(operator("converted_call", span)),
                        args: all,
                        keywords,
                    }
                }
            }
            ExprKind::BoolOp { op, values } if !contains_named_expr(e) => {
                let name = match op {
                    BoolOp::And => "and_",
                    BoolOp::Or => "or_",
                };
                let mut converted: Vec<Expr> = values.iter().map(|v| self.expr(v)).collect();
                // `a and b and c` is `and_(a, and_(b, c))`, each operand deferred.
                let mut result = converted
                    .pop()
                    .unwrap_or_else(|| constant(Constant::None, span));
                while let Some(left) = converted.pop() {
                    let lspan = left.span.to(result.span);
                    result = op_call(
                        name,
                        vec![lambda(left, lspan), lambda(result, lspan)],
                        lspan,
                    );
                }
                return Expr {
                    kind: result.kind,
                    span,
                };
            }
            ExprKind::UnaryOp {
                op: UnaryOp::Not,
                operand,
            } => return op_call("not_", vec![self.expr(operand)], span),
            ExprKind::IfExp { test, body, orelse } if !contains_named_expr(e) => {
                let test = self.expr(test);
                let body = self.expr(body);
                let orelse = self.expr(orelse);
                return op_call(
                    "if_exp",
                    vec![test, lambda(body, span), lambda(orelse, span)],
                    span,
                );
            }
            ExprKind::BoolOp { op, values } => ExprKind::BoolOp {
                op: *op,
                values: values.iter().map(|v| self.expr(v)).collect(),
            },
            ExprKind::IfExp { test, body, orelse } => ExprKind::IfExp {
                test: Box::new(self.expr(test)),
                body: Box::new(self.expr(body)),
                orelse: Box::new(self.expr(orelse)),
            },
            ExprKind::NamedExpr { target, value } => ExprKind::NamedExpr {
                target: target.clone(),
                value: Box::new(self.expr(value)),
            },
            ExprKind::BinOp { left, op, right } => ExprKind::BinOp {
                left: Box::new(self.expr(left)),
                op: *op,
                right: Box::new(self.expr(right)),
            },
            ExprKind::UnaryOp { op, operand } => ExprKind::UnaryOp {
                op: *op,
                operand: Box::new(self.expr(operand)),
            },
            ExprKind::Lambda { args, body } => ExprKind::Lambda {
                args: args.clone(),
                body: Box::new(self.expr(body)),
            },
            ExprKind::Dict { keys, values } => ExprKind::Dict {
                keys: keys
                    .iter()
                    .map(|k| k.as_ref().map(|k| self.expr(k)))
                    .collect(),
                values: values.iter().map(|v| self.expr(v)).collect(),
            },
            ExprKind::Set(items) => ExprKind::Set(items.iter().map(|v| self.expr(v)).collect()),
            ExprKind::List(items) => ExprKind::List(items.iter().map(|v| self.expr(v)).collect()),
            ExprKind::Tuple(items) => ExprKind::Tuple(items.iter().map(|v| self.expr(v)).collect()),
            ExprKind::ListComp { elt, generators } => ExprKind::ListComp {
                elt: Box::new(self.expr(elt)),
                generators: self.comprehensions(generators),
            },
            ExprKind::SetComp { elt, generators } => ExprKind::SetComp {
                elt: Box::new(self.expr(elt)),
                generators: self.comprehensions(generators),
            },
            ExprKind::DictComp {
                key,
                value,
                generators,
            } => ExprKind::DictComp {
                key: Box::new(self.expr(key)),
                value: Box::new(self.expr(value)),
                generators: self.comprehensions(generators),
            },
            ExprKind::GeneratorExp { elt, generators } => ExprKind::GeneratorExp {
                elt: Box::new(self.expr(elt)),
                generators: self.comprehensions(generators),
            },
            ExprKind::Compare {
                left,
                ops,
                comparators,
            } => ExprKind::Compare {
                left: Box::new(self.expr(left)),
                ops: ops.clone(),
                comparators: comparators.iter().map(|c| self.expr(c)).collect(),
            },
            ExprKind::Attribute { value, attr } => ExprKind::Attribute {
                value: Box::new(self.expr(value)),
                attr: attr.clone(),
            },
            ExprKind::Subscript { value, index } => ExprKind::Subscript {
                value: Box::new(self.expr(value)),
                index: Box::new(self.expr(index)),
            },
            ExprKind::Starred(value) => ExprKind::Starred(Box::new(self.expr(value))),
            ExprKind::Slice { lower, upper, step } => ExprKind::Slice {
                lower: lower.as_ref().map(|v| Box::new(self.expr(v))),
                upper: upper.as_ref().map(|v| Box::new(self.expr(v))),
                step: step.as_ref().map(|v| Box::new(self.expr(v))),
            },
            other => other.clone(),
        };
        Expr { kind, span }
    }

    fn comprehensions(
        &mut self,
        generators: &[crate::ast::Comprehension],
    ) -> Vec<crate::ast::Comprehension> {
        generators
            .iter()
            .map(|g| crate::ast::Comprehension {
                target: g.target.clone(),
                iter: self.expr(&g.iter),
                ifs: g.ifs.iter().map(|i| self.expr(i)).collect(),
            })
            .collect()
    }
}

// ----- analysis -----

/// AutoGraph's `ConditionalReturnRewriter`: the statements after an `if` one of whose
/// branches definitely returns move into its other branch, so both branches define the
/// return value. Nested blocks are rewritten first; the moved statements follow what the
/// branch already holds. Returns the block and whether it definitely returns (a `return`
/// among its statements, or an `if` both of whose branches definitely return).
fn rewrite_conditional_returns(stmts: &[Stmt]) -> (Vec<Stmt>, bool) {
    let mut out = Vec::with_capacity(stmts.len());
    let mut definitely = false;
    for (index, s) in stmts.iter().enumerate() {
        let span = s.span;
        let (node, returns, moved_into) = match &s.kind {
            StmtKind::Return(_) => (s.clone(), true, None),
            StmtKind::If { test, body, orelse } => {
                let (body, body_returns) = rewrite_conditional_returns(body);
                let (orelse, else_returns) = rewrite_conditional_returns(orelse);
                let target = if body_returns {
                    Some(false)
                } else if else_returns {
                    Some(true)
                } else {
                    None
                };
                let node = stmt(
                    StmtKind::If {
                        test: test.clone(),
                        body,
                        orelse,
                    },
                    span,
                );
                (node, body_returns && else_returns, target)
            }
            StmtKind::While { test, body, orelse } => {
                let node = StmtKind::While {
                    test: test.clone(),
                    body: rewrite_conditional_returns(body).0,
                    orelse: rewrite_conditional_returns(orelse).0,
                };
                (stmt(node, span), false, None)
            }
            StmtKind::For {
                target,
                iter,
                body,
                orelse,
            } => {
                let node = StmtKind::For {
                    target: target.clone(),
                    iter: iter.clone(),
                    body: rewrite_conditional_returns(body).0,
                    orelse: rewrite_conditional_returns(orelse).0,
                };
                (stmt(node, span), false, None)
            }
            StmtKind::With { items, body } => {
                let (body, returns) = rewrite_conditional_returns(body);
                let node = StmtKind::With {
                    items: items.clone(),
                    body,
                };
                (stmt(node, span), returns, None)
            }
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finalbody,
            } => {
                let node = StmtKind::Try {
                    body: rewrite_conditional_returns(body).0,
                    handlers: handlers
                        .iter()
                        .map(|h| crate::ast::ExceptHandler {
                            type_: h.type_.clone(),
                            name: h.name.clone(),
                            body: rewrite_conditional_returns(&h.body).0,
                            span: h.span,
                        })
                        .collect(),
                    orelse: rewrite_conditional_returns(orelse).0,
                    finalbody: rewrite_conditional_returns(finalbody).0,
                };
                (stmt(node, span), false, None)
            }
            _ => (s.clone(), false, None),
        };
        definitely |= returns;
        let rest = &stmts[index + 1..];
        let Some(into_body) = moved_into.filter(|_| !rest.is_empty()) else {
            out.push(node);
            continue;
        };
        let StmtKind::If {
            test,
            mut body,
            mut orelse,
        } = node.kind
        else {
            out.push(node);
            continue;
        };
        let (rest, rest_returns) = rewrite_conditional_returns(rest);
        definitely |= rest_returns;
        if into_body {
            body.extend(rest);
        } else {
            orelse.extend(rest);
        }
        out.push(stmt(StmtKind::If { test, body, orelse }, span));
        return (out, definitely);
    }
    (out, definitely)
}

/// Whether a `return` appears inside a compound statement (not at the top level).
fn returns_nested(body: &[Stmt]) -> bool {
    body.iter().any(|s| match &s.kind {
        StmtKind::Return(_) => false,
        StmtKind::FunctionDef(_) | StmtKind::ClassDef(_) => false,
        _ => contains_return(std::slice::from_ref(s)),
    })
}

fn contains_return(stmts: &[Stmt]) -> bool {
    let mut found = false;
    visit_stmts(stmts, &mut |s| {
        if matches!(s.kind, StmtKind::Return(_)) {
            found = true;
        }
        true
    });
    found
}

/// Whether `stmts` break or continue the loop they are in (not a loop nested in them).
fn loop_exits(stmts: &[Stmt]) -> (bool, bool) {
    let (mut breaks, mut continues) = (false, false);
    visit_stmts(stmts, &mut |s| match s.kind {
        StmtKind::Break => {
            breaks = true;
            false
        }
        StmtKind::Continue => {
            continues = true;
            false
        }
        StmtKind::While { .. } | StmtKind::For { .. } => false,
        _ => true,
    });
    // A nested loop's `else:` belongs to this loop's body.
    for s in stmts {
        if let StmtKind::While { orelse, .. } | StmtKind::For { orelse, .. } = &s.kind {
            let (b, c) = loop_exits(orelse);
            breaks |= b;
            continues |= c;
        }
    }
    (breaks, continues)
}

/// Calls `f` on every statement in `stmts` and, while `f` returns true, in the blocks it
/// contains; nested functions and classes are not entered.
fn visit_stmts(stmts: &[Stmt], f: &mut dyn FnMut(&Stmt) -> bool) {
    for s in stmts {
        if !f(s) {
            continue;
        }
        match &s.kind {
            StmtKind::If { body, orelse, .. }
            | StmtKind::While { body, orelse, .. }
            | StmtKind::For { body, orelse, .. } => {
                visit_stmts(body, f);
                visit_stmts(orelse, f);
            }
            StmtKind::With { body, .. } => visit_stmts(body, f),
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finalbody,
            } => {
                visit_stmts(body, f);
                for h in handlers {
                    visit_stmts(&h.body, f);
                }
                visit_stmts(orelse, f);
                visit_stmts(finalbody, f);
            }
            _ => {}
        }
    }
}

fn collect_declarations(
    stmts: &[Stmt],
    globals: &mut BTreeSet<String>,
    nonlocals: &mut BTreeSet<String>,
) {
    visit_stmts(stmts, &mut |s| {
        match &s.kind {
            StmtKind::Global(names) => globals.extend(names.iter().cloned()),
            StmtKind::Nonlocal(names) => nonlocals.extend(names.iter().cloned()),
            _ => {}
        }
        true
    });
}

fn contains_yield(stmts: &[Stmt]) -> bool {
    let mut found = false;
    visit_stmts(stmts, &mut |s| {
        visit_stmt_exprs(s, &mut |e| {
            if matches!(e.kind, ExprKind::Yield(_) | ExprKind::YieldFrom(_)) {
                found = true;
            }
        });
        true
    });
    found
}

fn contains_named_expr(e: &Expr) -> bool {
    let mut found = false;
    visit_expr(e, &mut |e| {
        if matches!(e.kind, ExprKind::NamedExpr { .. }) {
            found = true;
        }
    });
    found
}

/// Calls `f` on the expressions directly in `s` (not those of nested statements).
fn visit_stmt_exprs(s: &Stmt, f: &mut dyn FnMut(&Expr)) {
    let mut each = |e: &Expr| visit_expr(e, f);
    match &s.kind {
        StmtKind::Expr(e) => each(e),
        StmtKind::Assign { targets, value } => {
            targets.iter().for_each(&mut each);
            each(value);
        }
        StmtKind::AugAssign { target, value, .. } => {
            each(target);
            each(value);
        }
        StmtKind::AnnAssign { target, value, .. } => {
            each(target);
            if let Some(v) = value {
                each(v);
            }
        }
        StmtKind::Return(Some(v)) => each(v),
        StmtKind::If { test, .. } | StmtKind::While { test, .. } => each(test),
        StmtKind::For { target, iter, .. } => {
            each(target);
            each(iter);
        }
        StmtKind::With { items, .. } => {
            for item in items {
                each(&item.context_expr);
            }
        }
        StmtKind::Assert { test, msg } => {
            each(test);
            if let Some(m) = msg {
                each(m);
            }
        }
        StmtKind::Raise { exc, cause } => {
            if let Some(e) = exc {
                each(e);
            }
            if let Some(c) = cause {
                each(c);
            }
        }
        _ => {}
    }
}

/// Calls `f` on `e` and every expression inside it, lambdas' and comprehensions' too.
fn visit_expr(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    let mut each = |x: &Expr| visit_expr(x, f);
    match &e.kind {
        ExprKind::BoolOp { values, .. } => values.iter().for_each(&mut each),
        ExprKind::NamedExpr { target, value } => {
            each(target);
            each(value);
        }
        ExprKind::BinOp { left, right, .. } => {
            each(left);
            each(right);
        }
        ExprKind::UnaryOp { operand, .. } => each(operand),
        ExprKind::Lambda { body, .. } => each(body),
        ExprKind::IfExp { test, body, orelse } => {
            each(test);
            each(body);
            each(orelse);
        }
        ExprKind::Dict { keys, values } => {
            keys.iter().flatten().for_each(&mut each);
            values.iter().for_each(&mut each);
        }
        ExprKind::Set(items) | ExprKind::List(items) | ExprKind::Tuple(items) => {
            items.iter().for_each(&mut each)
        }
        ExprKind::ListComp { elt, generators }
        | ExprKind::SetComp { elt, generators }
        | ExprKind::GeneratorExp { elt, generators } => {
            each(elt);
            for g in generators {
                each(&g.target);
                each(&g.iter);
                g.ifs.iter().for_each(&mut each);
            }
        }
        ExprKind::DictComp {
            key,
            value,
            generators,
        } => {
            each(key);
            each(value);
            for g in generators {
                each(&g.target);
                each(&g.iter);
                g.ifs.iter().for_each(&mut each);
            }
        }
        ExprKind::Yield(Some(v)) | ExprKind::YieldFrom(v) | ExprKind::Starred(v) => each(v),
        ExprKind::Compare {
            left, comparators, ..
        } => {
            each(left);
            comparators.iter().for_each(&mut each);
        }
        ExprKind::Call {
            func,
            args,
            keywords,
        } => {
            each(func);
            args.iter().for_each(&mut each);
            for k in keywords {
                each(&k.value);
            }
        }
        ExprKind::JoinedStr(parts) => {
            for part in parts {
                if let crate::ast::FStringPart::FormattedValue { value, .. } = part {
                    each(value);
                }
            }
        }
        ExprKind::Attribute { value, .. } => each(value),
        ExprKind::Subscript { value, index } => {
            each(value);
            each(index);
        }
        ExprKind::Slice { lower, upper, step } => {
            for part in [lower, upper, step].into_iter().flatten() {
                each(part);
            }
        }
        _ => {}
    }
}

/// The names converted statements bind at their own level: assignment targets, loop
/// targets, `with ... as`, `except ... as`, imports, nested definitions and walrus
/// targets, plus what the conversion's own block functions declare `nonlocal` (their
/// writes reach this level). The conversion's function names are not variables.
fn assigned_names(stmts: &[Stmt], out: &mut BTreeSet<String>) {
    visit_stmts(stmts, &mut |s| {
        match &s.kind {
            StmtKind::Assign { targets, .. } => {
                for t in targets {
                    target_names_into(t, out);
                }
            }
            StmtKind::AugAssign { target, .. } | StmtKind::AnnAssign { target, .. } => {
                target_names_into(target, out)
            }
            StmtKind::For { target, .. } => target_names_into(target, out),
            StmtKind::With { items, .. } => {
                for item in items {
                    if let Some(v) = &item.optional_vars {
                        target_names_into(v, out);
                    }
                }
            }
            StmtKind::Try { handlers, .. } => {
                for h in handlers {
                    if let Some(n) = &h.name {
                        out.insert(n.clone());
                    }
                }
            }
            StmtKind::Import(aliases) => {
                for a in aliases {
                    let bound = a
                        .asname
                        .clone()
                        .unwrap_or_else(|| a.name.split('.').next().unwrap_or("").to_string());
                    out.insert(bound);
                }
            }
            StmtKind::ImportFrom { names, .. } => {
                for a in names {
                    if a.name != "*" {
                        out.insert(a.asname.clone().unwrap_or_else(|| a.name.clone()));
                    }
                }
            }
            StmtKind::Delete(targets) => {
                for t in targets {
                    target_names_into(t, out);
                }
            }
            StmtKind::FunctionDef(def) => {
                if def.name.contains(GENERATED_MARKER) {
                    for inner in &def.body {
                        if let StmtKind::Nonlocal(names) | StmtKind::Global(names) = &inner.kind {
                            out.extend(names.iter().cloned());
                        }
                    }
                } else {
                    out.insert(def.name.clone());
                }
            }
            StmtKind::ClassDef(def) => {
                out.insert(def.name.clone());
            }
            _ => {}
        }
        visit_stmt_exprs(s, &mut |e| {
            if let ExprKind::NamedExpr { target, .. } = &e.kind {
                target_names_into(target, out);
            }
        });
        true
    });
}

fn target_names_into(target: &Expr, out: &mut BTreeSet<String>) {
    let mut names = Vec::new();
    target_names(target, &mut names);
    out.extend(names);
}

/// The plain names a target binds (attributes and subscripts bind none).
fn target_names(target: &Expr, out: &mut Vec<String>) {
    match &target.kind {
        ExprKind::Name(n) => out.push(n.clone()),
        ExprKind::Tuple(items) | ExprKind::List(items) => {
            for item in items {
                target_names(item, out);
            }
        }
        ExprKind::Starred(inner) => target_names(inner, out),
        _ => {}
    }
}

fn split_docstring(body: &[Stmt]) -> (Option<&Stmt>, &[Stmt]) {
    match body.first().map(|s| &s.kind) {
        Some(StmtKind::Expr(Expr {
            kind: ExprKind::Constant(Constant::Str(_)),
            ..
        })) => (body.first(), &body[1..]),
        _ => (None, body),
    }
}

// ----- node builders -----

fn stmt(kind: StmtKind, span: Span) -> Stmt {
    Stmt { kind, span }
}

fn expr_stmt(e: Expr) -> Stmt {
    let span = e.span;
    stmt(StmtKind::Expr(e), span)
}

fn load(name: &str, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Name(name.to_string()),
        span,
    }
}

fn store(name: &str, span: Span) -> Expr {
    load(name, span)
}

fn assign(name: &str, value: Expr, span: Span) -> Stmt {
    stmt(
        StmtKind::Assign {
            targets: vec![store(name, span)],
            value,
        },
        span,
    )
}

fn constant(c: Constant, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Constant(c),
        span,
    }
}

fn str_const(s: &str, span: Span) -> Expr {
    constant(Constant::Str(s.to_string()), span)
}

fn int_const(n: usize, span: Span) -> Expr {
    constant(Constant::Int(n.to_string()), span)
}

fn operator(name: &str, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Attribute {
            value: Box::new(load(OPERATORS, span)),
            attr: name.to_string(),
        },
        span,
    }
}

fn op_call(name: &str, args: Vec<Expr>, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Call {
            func: Box::new(operator(name, span)),
            args,
            keywords: Vec::new(),
        },
        span,
    }
}

fn lambda(body: Expr, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Lambda {
            args: Box::default(),
            body: Box::new(body),
        },
        span,
    }
}

fn names_tuple(names: &[String], span: Span) -> Expr {
    Expr {
        kind: ExprKind::Tuple(names.iter().map(|n| str_const(n, span)).collect()),
        span,
    }
}

fn dict_display(items: Vec<(Expr, Expr)>, span: Span) -> Expr {
    let (keys, values): (Vec<_>, Vec<_>) = items.into_iter().map(|(k, v)| (Some(k), v)).unzip();
    Expr {
        kind: ExprKind::Dict { keys, values },
        span,
    }
}

fn function_def(name: &str, params: Vec<String>, body: Vec<Stmt>, span: Span) -> Stmt {
    let args = Arguments {
        args: params
            .into_iter()
            .map(|name| Arg {
                name,
                annotation: None,
                span,
            })
            .collect(),
        ..Arguments::default()
    };
    stmt(
        StmtKind::FunctionDef(Box::new(FunctionDef {
            name: name.to_string(),
            args,
            body,
            decorators: Vec::new(),
            returns: None,
        })),
        span,
    )
}
