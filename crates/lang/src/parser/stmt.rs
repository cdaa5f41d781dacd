//! Statements and blocks: simple statements separated by `;`, compound statements with their
//! indented (or one-line) bodies, and CPython 3.11's messages for the usual mistakes
//! (missing `:`, missing indented block, invalid assignment targets).

use super::expr::starts_expression;
use super::targets::{self, TargetContext};
use super::{expr, ParseResult, Parser};
use crate::ast::{
    Alias, ClassDef, ExceptHandler, Expr, ExprKind, FunctionDef, Module, Stmt, StmtKind, WithItem,
};
use crate::span::Span;
use crate::syntax_error::SyntaxError;
use crate::token::{Token, TokenKind};

fn stmt(kind: StmtKind, span: Span) -> Stmt {
    Stmt { kind, span }
}

impl Parser<'_> {
    /// The whole program.
    pub(super) fn module(&mut self) -> ParseResult<Module> {
        let mut body = Vec::new();
        loop {
            let position_before = self.position;
            match self.kind() {
                TokenKind::EndOfFile => break,
                TokenKind::Newline => {
                    self.advance();
                }
                _ => self.statement(&mut body)?,
            }
            if self.position == position_before {
                // Nothing consumed: whatever is here cannot start a statement.
                return Err(self.invalid_syntax());
            }
        }
        Ok(Module { body })
    }

    /// One statement (or several, for `a; b`), appended to `body`.
    fn statement(&mut self, body: &mut Vec<Stmt>) -> ParseResult<()> {
        let statement = match self.kind() {
            TokenKind::If => self.if_statement()?,
            TokenKind::While => self.while_statement()?,
            TokenKind::For => self.for_statement()?,
            TokenKind::Try => self.try_statement()?,
            TokenKind::With => self.with_statement()?,
            TokenKind::Def => self.function_definition(Vec::new())?,
            TokenKind::Class => self.class_definition(Vec::new())?,
            TokenKind::At => self.decorated()?,
            TokenKind::Indent => return Err(self.unexpected_indent()),
            _ => return self.simple_statements(body),
        };
        body.push(statement);
        Ok(())
    }

    fn unexpected_indent(&self) -> SyntaxError {
        // CPython's column for it lies inside the indentation, so no caret is printed.
        let first_token = self.current().span.start;
        let at = first_token.saturating_sub(1);
        SyntaxError::indentation("unexpected indent", Span::new(at, at))
    }

    /// `simple_stmt (';' simple_stmt)* [';'] NEWLINE`.
    fn simple_statements(&mut self, body: &mut Vec<Stmt>) -> ParseResult<()> {
        loop {
            body.push(self.simple_statement()?);
            if self.eat(TokenKind::Semicolon).is_none() || self.at(TokenKind::Newline) {
                break;
            }
        }
        if self.eat(TokenKind::Newline).is_none() {
            return Err(self.invalid_syntax());
        }
        Ok(())
    }

    #[inline(never)]
    fn simple_statement(&mut self) -> ParseResult<Stmt> {
        let start = self.current();
        let keyword_only = |parser: &mut Parser, kind: StmtKind| {
            parser.advance();
            Ok(stmt(kind, start.span))
        };
        match start.kind {
            TokenKind::Pass => keyword_only(self, StmtKind::Pass),
            TokenKind::Break => keyword_only(self, StmtKind::Break),
            TokenKind::Continue => keyword_only(self, StmtKind::Continue),
            TokenKind::Return => {
                self.advance();
                let value = if starts_expression(self.kind()) || self.at(TokenKind::Star) {
                    Some(self.star_expressions()?)
                } else {
                    None
                };
                Ok(stmt(StmtKind::Return(value), self.span_from(start.span)))
            }
            TokenKind::Raise => self.raise_statement(start),
            TokenKind::Global | TokenKind::Nonlocal => self.name_list_statement(start),
            TokenKind::Del => {
                self.advance();
                let (targets, _, _) = self.target_sequence()?;
                for target in &targets {
                    targets::check_assignable(target, TargetContext::Delete)?;
                }
                Ok(stmt(StmtKind::Delete(targets), self.span_from(start.span)))
            }
            TokenKind::Assert => {
                self.advance();
                let test = self.expression()?;
                let msg = if self.eat(TokenKind::Comma).is_some() {
                    Some(self.expression()?)
                } else {
                    None
                };
                Ok(stmt(
                    StmtKind::Assert { test, msg },
                    self.span_from(start.span),
                ))
            }
            TokenKind::Import => self.import_statement(start),
            TokenKind::From => self.import_from_statement(start),
            _ => self.expression_statement(),
        }
    }

    #[inline(never)]
    fn raise_statement(&mut self, start: Token) -> ParseResult<Stmt> {
        self.advance();
        if !starts_expression(self.kind()) {
            return Ok(stmt(
                StmtKind::Raise {
                    exc: None,
                    cause: None,
                },
                start.span,
            ));
        }
        let exc = self.expression()?;
        let cause = if self.eat(TokenKind::From).is_some() {
            Some(self.expression()?)
        } else {
            None
        };
        Ok(stmt(
            StmtKind::Raise {
                exc: Some(exc),
                cause,
            },
            self.span_from(start.span),
        ))
    }

    /// `global a, b` / `nonlocal a, b`.
    #[inline(never)]
    fn name_list_statement(&mut self, start: Token) -> ParseResult<Stmt> {
        self.advance();
        let mut names = Vec::new();
        loop {
            let name = self.expect_syntax(TokenKind::Name)?;
            names.push(self.name(name.span));
            if self.eat(TokenKind::Comma).is_none() {
                break;
            }
        }
        let kind = if start.kind == TokenKind::Global {
            StmtKind::Global(names)
        } else {
            StmtKind::Nonlocal(names)
        };
        Ok(stmt(kind, self.span_from(start.span)))
    }

    /// `a.b.c` in imports.
    fn dotted_name(&mut self) -> ParseResult<(String, Span)> {
        let first = self.expect_syntax(TokenKind::Name)?;
        let mut name = self.name(first.span);
        let mut span = first.span;
        while self.at(TokenKind::Dot) {
            self.advance();
            let part = self.expect_syntax(TokenKind::Name)?;
            name.push('.');
            name.push_str(&self.name(part.span));
            span = span.to(part.span);
        }
        Ok((name, span))
    }

    /// `import a.b as c, d`.
    #[inline(never)]
    fn import_statement(&mut self, start: Token) -> ParseResult<Stmt> {
        self.advance();
        let mut names = Vec::new();
        loop {
            let (name, mut span) = self.dotted_name()?;
            let asname = if self.eat(TokenKind::As).is_some() {
                let alias = self.expect_syntax(TokenKind::Name)?;
                span = span.to(alias.span);
                Some(self.name(alias.span))
            } else {
                None
            };
            names.push(Alias { name, asname, span });
            if self.eat(TokenKind::Comma).is_none() {
                break;
            }
        }
        Ok(stmt(StmtKind::Import(names), self.span_from(start.span)))
    }

    /// `from .a.b import c as d, (e, f)` or `from a import *`.
    #[inline(never)]
    fn import_from_statement(&mut self, start: Token) -> ParseResult<Stmt> {
        self.advance();
        let mut level = 0u32;
        loop {
            match self.kind() {
                TokenKind::Dot => level = level.saturating_add(1),
                TokenKind::Ellipsis => level = level.saturating_add(3),
                _ => break,
            }
            self.advance();
        }
        let module = if level > 0 && self.at(TokenKind::Import) {
            String::new()
        } else {
            self.dotted_name()?.0
        };
        self.expect_syntax(TokenKind::Import)?;
        if let Some(star) = self.eat(TokenKind::Star) {
            let names = vec![Alias {
                name: "*".to_owned(),
                asname: None,
                span: star.span,
            }];
            return Ok(stmt(
                StmtKind::ImportFrom {
                    module,
                    names,
                    level,
                },
                self.span_from(start.span),
            ));
        }
        let parenthesized = self.eat(TokenKind::LeftParen).is_some();
        let mut names = Vec::new();
        loop {
            let name = self.expect_syntax(TokenKind::Name)?;
            let mut span = name.span;
            let asname = if self.eat(TokenKind::As).is_some() {
                let alias = self.expect_syntax(TokenKind::Name)?;
                span = span.to(alias.span);
                Some(self.name(alias.span))
            } else {
                None
            };
            names.push(Alias {
                name: self.name(name.span),
                asname,
                span,
            });
            if self.eat(TokenKind::Comma).is_none() {
                break;
            }
            if parenthesized && self.at(TokenKind::RightParen) {
                break;
            }
            if !parenthesized && self.at(TokenKind::Newline) {
                return Err(SyntaxError::new(
                    "trailing comma not allowed without surrounding parentheses",
                    self.current().span,
                ));
            }
        }
        if parenthesized {
            self.expect_syntax(TokenKind::RightParen)?;
        }
        Ok(stmt(
            StmtKind::ImportFrom {
                module,
                names,
                level,
            },
            self.span_from(start.span),
        ))
    }

    /// The right-hand side of an assignment: a `yield` or `star_expressions`.
    fn assigned_value(&mut self) -> ParseResult<Expr> {
        if self.at(TokenKind::Yield) {
            self.yield_expression()
        } else {
            self.star_expressions()
        }
    }

    /// An expression statement, or an assignment of any kind.
    #[inline(never)]
    fn expression_statement(&mut self) -> ParseResult<Stmt> {
        let first_token = self.current();
        let first = self.assigned_value()?;
        if let Some(op) = self.kind().augmented_operator() {
            if !matches!(
                first.kind,
                ExprKind::Name(_) | ExprKind::Attribute { .. } | ExprKind::Subscript { .. }
            ) {
                return Err(SyntaxError::new(
                    format!(
                        "'{}' is an illegal expression for augmented assignment",
                        targets::expression_name(&first)
                    ),
                    first.span,
                ));
            }
            self.advance();
            let value = self.assigned_value()?;
            let span = self.span_from(first_token.span);
            return Ok(stmt(
                StmtKind::AugAssign {
                    target: first,
                    op,
                    value,
                },
                span,
            ));
        }
        match self.kind() {
            TokenKind::Equal => self.assignment(first, first_token),
            TokenKind::Colon => self.annotated_assignment(first, first_token),
            _ => {
                self.check_legacy_print(&first)?;
                let span = self.span_from(first_token.span);
                Ok(stmt(StmtKind::Expr(first), span))
            }
        }
    }

    /// `print "x"`: CPython's "Missing parentheses in call to 'print'".
    fn check_legacy_print(&mut self, first: &Expr) -> ParseResult<()> {
        let ExprKind::Name(name) = &first.kind else {
            return Ok(());
        };
        if !matches!(name.as_str(), "print" | "exec") || !starts_expression(self.kind()) {
            return Ok(());
        }
        let checkpoint = self.checkpoint();
        let rest = self.star_expressions();
        self.rewind(checkpoint);
        match rest {
            Ok(rest) => Err(SyntaxError::new(
                format!("Missing parentheses in call to '{name}'. Did you mean {name}(...)?"),
                first.span.to(rest.span),
            )),
            Err(_) => Ok(()),
        }
    }

    /// `t1 = t2 = value`, standing on the first `=`.
    #[inline(never)]
    fn assignment(&mut self, first: Expr, first_token: Token) -> ParseResult<Stmt> {
        let mut targets = vec![first];
        let value = loop {
            self.expect_syntax(TokenKind::Equal)?;
            let value = self.assigned_value()?;
            if !self.at(TokenKind::Equal) {
                break value;
            }
            targets.push(value);
        };
        for (index, target) in targets.iter().enumerate() {
            if matches!(target.kind, ExprKind::Yield(_) | ExprKind::YieldFrom(_))
                && !self.is_parenthesized(target)
            {
                return Err(SyntaxError::new(
                    "assignment to yield expression not possible",
                    target.span,
                ));
            }
            if targets::invalid_target(target, TargetContext::Assign).is_none() {
                continue;
            }
            let single = targets.len() == 1
                && !matches!(value.kind, ExprKind::Yield(_) | ExprKind::YieldFrom(_));
            let hint = index == 0
                && single
                && targets::is_bitwise_or_level(target)
                && !targets::is_excluded_from_equality_hint(target)
                && first_token.kind != TokenKind::Lambda;
            if hint {
                return Err(SyntaxError::new(
                    format!(
                        "cannot assign to {} here. Maybe you meant '==' instead of '='?",
                        targets::expression_name(target)
                    ),
                    target.span,
                ));
            }
            targets::check_assignable(target, TargetContext::Assign)?;
        }
        let span = self.span_from(first_token.span);
        Ok(stmt(StmtKind::Assign { targets, value }, span))
    }

    /// `target: annotation [= value]`, standing on `:`.
    #[inline(never)]
    fn annotated_assignment(&mut self, target: Expr, first_token: Token) -> ParseResult<Stmt> {
        let message = match &target.kind {
            ExprKind::Name(_) | ExprKind::Attribute { .. } | ExprKind::Subscript { .. } => None,
            ExprKind::Tuple(elements) if self.has_top_level_comma(target.span) => {
                // `a, b: int`: CPython points at the first element.
                let first = elements.first().map_or(target.span, |first| first.span);
                return Err(SyntaxError::new(
                    "only single target (not tuple) can be annotated",
                    first,
                ));
            }
            ExprKind::Tuple(_) => Some("only single target (not tuple) can be annotated"),
            ExprKind::List(_) => Some("only single target (not list) can be annotated"),
            _ => Some("illegal target for annotation"),
        };
        if let Some(message) = message {
            return Err(SyntaxError::new(message, target.span));
        }
        self.advance();
        let annotation = self.expression()?;
        let value = if self.eat(TokenKind::Equal).is_some() {
            Some(self.assigned_value()?)
        } else {
            None
        };
        let span = self.span_from(first_token.span);
        Ok(stmt(
            StmtKind::AnnAssign {
                target,
                annotation,
                value,
            },
            span,
        ))
    }

    // ---- Compound statements. ----

    /// Expects the `:` that ends a compound statement's header. CPython says "expected ':'"
    /// when the line ends there (or always, for the `forced` keywords: `try`, `else`,
    /// `finally`, `def`), and "invalid syntax" at the stray token otherwise.
    fn expect_header_colon(&mut self, forced: bool) -> ParseResult<()> {
        if self.eat(TokenKind::Colon).is_some() {
            return Ok(());
        }
        if forced || self.at(TokenKind::Newline) {
            return Err(self.error_at_current("expected ':'"));
        }
        Err(self.invalid_syntax())
    }

    /// A condition (`if`, `elif`, `while`): a named expression, with CPython's hints for `=`.
    fn condition(&mut self) -> ParseResult<Expr> {
        let test = self.named_expression()?;
        if self.at(TokenKind::Equal) {
            let checkpoint = self.checkpoint();
            self.advance();
            let value = self.bitwise_or();
            let follows_assignment =
                matches!(self.kind(), TokenKind::Equal | TokenKind::ColonEqual);
            self.rewind(checkpoint);
            if let (Ok(value), false) = (value, follows_assignment) {
                if matches!(test.kind, ExprKind::Name(_)) {
                    return Err(SyntaxError::new(
                        "invalid syntax. Maybe you meant '==' or ':=' instead of '='?",
                        test.span.to(value.span),
                    ));
                }
                if targets::is_bitwise_or_level(&test)
                    && !targets::is_excluded_from_equality_hint(&test)
                {
                    return Err(SyntaxError::new(
                        format!(
                            "cannot assign to {} here. Maybe you meant '==' instead of '='?",
                            targets::expression_name(&test)
                        ),
                        test.span,
                    ));
                }
            }
        }
        Ok(test)
    }

    /// The body of a compound statement: an indented block, or simple statements on the same
    /// line. `header` names the statement for CPython's "expected an indented block after ...
    /// on line N".
    fn block(&mut self, header: &str, header_token: Token) -> ParseResult<Vec<Stmt>> {
        let mut body = Vec::new();
        if self.eat(TokenKind::Newline).is_none() {
            self.simple_statements(&mut body)?;
            return Ok(body);
        }
        if self.eat(TokenKind::Indent).is_none() {
            let line = self.line_of(header_token.span.start);
            return Err(SyntaxError::indentation(
                format!("expected an indented block after {header} on line {line}"),
                self.current().span,
            ));
        }
        self.enter()?;
        loop {
            let position_before = self.position;
            match self.kind() {
                TokenKind::Dedent => {
                    self.advance();
                    break;
                }
                TokenKind::EndOfFile => break,
                _ => self.statement(&mut body)?,
            }
            if self.position == position_before {
                return Err(self.invalid_syntax());
            }
        }
        self.leave();
        Ok(body)
    }

    /// The span of a compound statement: from its keyword to the last token of its body
    /// that is not a line break or an indentation change (CPython counts a trailing `;`).
    fn compound_span(&self, keyword: Token) -> Span {
        let mut index = self.position;
        while index > 0 {
            index -= 1;
            let token = self.tokens[index];
            if !matches!(
                token.kind,
                TokenKind::Newline | TokenKind::Indent | TokenKind::Dedent | TokenKind::EndOfFile
            ) {
                return keyword.span.to(token.span);
            }
        }
        keyword.span
    }

    /// `if test: body` with its `elif` and `else` parts (an `elif` is an `If` in `orelse`).
    #[inline(never)]
    fn if_statement(&mut self) -> ParseResult<Stmt> {
        let keyword = self.advance();
        let test = self.condition()?;
        self.expect_header_colon(false)?;
        let header = if keyword.kind == TokenKind::If {
            "'if' statement"
        } else {
            "'elif' statement"
        };
        let body = self.block(header, keyword)?;
        let orelse = if self.at(TokenKind::Elif) {
            vec![self.if_statement()?]
        } else {
            self.else_block()?
        };
        let span = self.compound_span(keyword);
        Ok(stmt(StmtKind::If { test, body, orelse }, span))
    }

    /// An optional `else: body`.
    fn else_block(&mut self) -> ParseResult<Vec<Stmt>> {
        let Some(keyword) = self.eat(TokenKind::Else) else {
            return Ok(Vec::new());
        };
        self.expect_header_colon(true)?;
        self.block("'else' statement", keyword)
    }

    #[inline(never)]
    fn while_statement(&mut self) -> ParseResult<Stmt> {
        let keyword = self.advance();
        let test = self.condition()?;
        self.expect_header_colon(false)?;
        let body = self.block("'while' statement", keyword)?;
        let orelse = self.else_block()?;
        let span = self.compound_span(keyword);
        Ok(stmt(StmtKind::While { test, body, orelse }, span))
    }

    #[inline(never)]
    fn for_statement(&mut self) -> ParseResult<Stmt> {
        let keyword = self.advance();
        let target = self.target_list()?;
        targets::check_assignable(&target, TargetContext::For)?;
        self.expect_syntax(TokenKind::In)?;
        let iter = self.star_expressions()?;
        self.expect_header_colon(false)?;
        let body = self.block("'for' statement", keyword)?;
        let orelse = self.else_block()?;
        let span = self.compound_span(keyword);
        Ok(stmt(
            StmtKind::For {
                target,
                iter,
                body,
                orelse,
            },
            span,
        ))
    }

    #[inline(never)]
    fn try_statement(&mut self) -> ParseResult<Stmt> {
        let keyword = self.advance();
        self.expect_header_colon(true)?;
        let body = self.block("'try' statement", keyword)?;
        let mut handlers = Vec::new();
        while self.at(TokenKind::Except) {
            handlers.push(self.except_handler()?);
        }
        let orelse = if handlers.is_empty() {
            Vec::new()
        } else {
            self.else_block()?
        };
        let finalbody = if let Some(finally) = self.eat(TokenKind::Finally) {
            self.expect_header_colon(true)?;
            self.block("'finally' statement", finally)?
        } else {
            Vec::new()
        };
        if handlers.is_empty() && finalbody.is_empty() {
            return Err(self.error_at_current("expected 'except' or 'finally' block"));
        }
        let span = self.compound_span(keyword);
        Ok(stmt(
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finalbody,
            },
            span,
        ))
    }

    /// `except [type [as name]]: body`.
    #[inline(never)]
    fn except_handler(&mut self) -> ParseResult<ExceptHandler> {
        let keyword = self.advance();
        let mut type_ = None;
        let mut name = None;
        if !self.at(TokenKind::Colon) {
            if self.at(TokenKind::Newline) {
                return Err(self.error_at_current("expected ':'"));
            }
            let exception = self.expression()?;
            if self.at(TokenKind::Comma) {
                let checkpoint = self.checkpoint();
                self.advance();
                let rest = self.star_expressions();
                let colon_follows = self.at(TokenKind::Colon) || self.at(TokenKind::As);
                self.rewind(checkpoint);
                if let (Ok(rest), true) = (rest, colon_follows) {
                    return Err(SyntaxError::new(
                        "multiple exception types must be parenthesized",
                        exception.span.to(rest.span),
                    ));
                }
                return Err(self.invalid_syntax());
            }
            type_ = Some(exception);
            if self.eat(TokenKind::As).is_some() {
                let alias = self.expect_syntax(TokenKind::Name)?;
                name = Some(self.name(alias.span));
            }
        }
        self.expect_header_colon(false)?;
        let body = self.block("'except' statement", keyword)?;
        let span = self.compound_span(keyword);
        Ok(ExceptHandler {
            type_,
            name,
            body,
            span,
        })
    }

    #[inline(never)]
    fn with_statement(&mut self) -> ParseResult<Stmt> {
        let keyword = self.advance();
        let items = match self.parenthesized_with_items()? {
            Some(items) => items,
            None => {
                let mut items = vec![self.with_item()?];
                while self.eat(TokenKind::Comma).is_some() {
                    items.push(self.with_item()?);
                }
                items
            }
        };
        self.expect_header_colon(false)?;
        let body = self.block("'with' statement", keyword)?;
        let span = self.compound_span(keyword);
        Ok(stmt(StmtKind::With { items, body }, span))
    }

    /// `with (a as b, c as d):`: tried first, as CPython does; `None` (with the cursor
    /// restored) when the parentheses turn out to belong to an expression.
    fn parenthesized_with_items(&mut self) -> ParseResult<Option<Vec<WithItem>>> {
        if !self.at(TokenKind::LeftParen) {
            return Ok(None);
        }
        let checkpoint = self.checkpoint();
        self.advance();
        let mut items = Vec::new();
        let parsed = loop {
            match self.with_item() {
                Ok(item) => items.push(item),
                Err(_) => break false,
            }
            if self.eat(TokenKind::Comma).is_none() || self.at(TokenKind::RightParen) {
                break self.eat(TokenKind::RightParen).is_some() && self.at(TokenKind::Colon);
            }
        };
        if parsed {
            return Ok(Some(items));
        }
        self.rewind(checkpoint);
        Ok(None)
    }

    /// `expression [as target]`.
    fn with_item(&mut self) -> ParseResult<WithItem> {
        let context_expr = self.expression()?;
        let optional_vars = if self.eat(TokenKind::As).is_some() {
            let target = self.with_target()?;
            targets::check_assignable(&target, TargetContext::Assign)?;
            Some(target)
        } else {
            None
        };
        Ok(WithItem {
            context_expr,
            optional_vars,
        })
    }

    /// The target after `with ... as`: a single `star_target`.
    fn with_target(&mut self) -> ParseResult<Expr> {
        if let Some(star) = self.eat(TokenKind::Star) {
            let value = self.bitwise_or()?;
            let span = star.span.to(value.span);
            return Ok(expr(ExprKind::Starred(Box::new(value)), span));
        }
        self.bitwise_or()
    }

    /// `@decorator` lines followed by a `def` or a `class`.
    #[inline(never)]
    fn decorated(&mut self) -> ParseResult<Stmt> {
        let mut decorators = Vec::new();
        while self.eat(TokenKind::At).is_some() {
            decorators.push(self.named_expression()?);
            if self.eat(TokenKind::Newline).is_none() {
                return Err(self.invalid_syntax());
            }
        }
        match self.kind() {
            TokenKind::Def => self.function_definition(decorators),
            TokenKind::Class => self.class_definition(decorators),
            _ => Err(self.invalid_syntax()),
        }
    }

    /// `def name(params) -> returns: body`.
    #[inline(never)]
    fn function_definition(&mut self, decorators: Vec<Expr>) -> ParseResult<Stmt> {
        let keyword = self.advance();
        let name = self.expect_syntax(TokenKind::Name)?;
        self.expect(TokenKind::LeftParen, "expected '('")?;
        let args = self.parameters(TokenKind::RightParen, true)?;
        self.expect_syntax(TokenKind::RightParen)?;
        let returns = if self.eat(TokenKind::Arrow).is_some() {
            Some(self.expression()?)
        } else {
            None
        };
        self.expect_header_colon(true)?;
        let body = self.block("function definition", keyword)?;
        // CPython places a decorated definition at its `def`, not at its first decorator.
        let span = self.compound_span(keyword);
        let definition = FunctionDef {
            name: self.name(name.span),
            args,
            body,
            decorators,
            returns,
        };
        Ok(stmt(StmtKind::FunctionDef(Box::new(definition)), span))
    }

    /// `class name(bases, keywords): body`.
    #[inline(never)]
    fn class_definition(&mut self, decorators: Vec<Expr>) -> ParseResult<Stmt> {
        let keyword = self.advance();
        let name = self.expect_syntax(TokenKind::Name)?;
        let (bases, keywords) = if let Some(open) = self.eat(TokenKind::LeftParen) {
            let arguments = self.call_arguments(open.span, false)?;
            self.expect_syntax(TokenKind::RightParen)?;
            arguments
        } else {
            (Vec::new(), Vec::new())
        };
        self.expect_header_colon(false)?;
        let body = self.block("class definition", keyword)?;
        let span = self.compound_span(keyword);
        let definition = ClassDef {
            name: self.name(name.span),
            bases,
            keywords,
            body,
            decorators,
        };
        Ok(stmt(StmtKind::ClassDef(Box::new(definition)), span))
    }
}
