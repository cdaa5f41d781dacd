//! Expressions: from `lambda` and `x if c else y` down to atoms, with CPython 3.11's grammar
//! (`Grammar/python.gram`) and its messages for the common mistakes.
//!
//! The operator levels from `or` to `**` are one precedence-climbing function,
//! [`Parser::operators`], so that a nested parenthesis costs a handful of stack frames rather
//! than one per grammar level.

use super::{expr, ParseResult, Parser};
use crate::ast::{
    Arg, Arguments, BinOp, BoolOp, CmpOp, Comprehension, Constant, Expr, ExprKind, Keyword, UnaryOp,
};
use crate::span::Span;
use crate::syntax_error::SyntaxError;
use crate::token::{Token, TokenKind};

/// Binding strength of the operator levels, loosest first (CPython's grammar rules from
/// `disjunction` to `power`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Precedence {
    Or,
    And,
    Not,
    Comparison,
    BitOr,
    BitXor,
    BitAnd,
    Shift,
    Sum,
    Term,
    Unary,
    Power,
}

impl Precedence {
    /// The next tighter level (for the right operand of a left-associative operator).
    fn tighter(self) -> Precedence {
        use Precedence::*;
        match self {
            Or => And,
            And => Not,
            Not => Comparison,
            Comparison => BitOr,
            BitOr => BitXor,
            BitXor => BitAnd,
            BitAnd => Shift,
            Shift => Sum,
            Sum => Term,
            Term => Unary,
            Unary | Power => Power,
        }
    }
}

/// The binary operator a token spells, with its level.
fn binary_operator(kind: TokenKind) -> Option<(BinOp, Precedence)> {
    use TokenKind as T;
    let operator = match kind {
        T::VerticalBar => (BinOp::BitOr, Precedence::BitOr),
        T::CircumFlex => (BinOp::BitXor, Precedence::BitXor),
        T::Ampersand => (BinOp::BitAnd, Precedence::BitAnd),
        T::LeftShift => (BinOp::LShift, Precedence::Shift),
        T::RightShift => (BinOp::RShift, Precedence::Shift),
        T::Plus => (BinOp::Add, Precedence::Sum),
        T::Minus => (BinOp::Sub, Precedence::Sum),
        T::Star => (BinOp::Mult, Precedence::Term),
        T::Slash => (BinOp::Div, Precedence::Term),
        T::DoubleSlash => (BinOp::FloorDiv, Precedence::Term),
        T::Percent => (BinOp::Mod, Precedence::Term),
        T::At => (BinOp::MatMult, Precedence::Term),
        T::DoubleStar => (BinOp::Pow, Precedence::Power),
        _ => return None,
    };
    Some(operator)
}

/// Whether a token can begin an expression (not counting `*`, `yield` and `lambda`).
pub(super) fn starts_expression(kind: TokenKind) -> bool {
    use TokenKind as T;
    matches!(
        kind,
        T::Name
            | T::Int
            | T::Float
            | T::Imaginary
            | T::String
            | T::LeftParen
            | T::LeftBracket
            | T::LeftBrace
            | T::Minus
            | T::Plus
            | T::Tilde
            | T::Not
            | T::Lambda
            | T::True
            | T::False
            | T::None
            | T::Ellipsis
            | T::Await
    )
}

impl Parser<'_> {
    // ---- Expression lists. ----

    /// `star_expressions`: `a`, or `a, *b, c` as an unparenthesized tuple.
    pub(super) fn star_expressions(&mut self) -> ParseResult<Expr> {
        let start = self.current().span;
        let first = self.star_expression()?;
        if !self.at(TokenKind::Comma) {
            return Ok(first);
        }
        let mut elements = vec![first];
        while self.eat(TokenKind::Comma).is_some() {
            if !(starts_expression(self.kind()) || self.at(TokenKind::Star)) {
                break;
            }
            elements.push(self.star_expression()?);
        }
        Ok(expr(ExprKind::Tuple(elements), self.span_from(start)))
    }

    /// `star_expression`: `*a` (a `Starred` of a `bitwise_or`) or an expression.
    fn star_expression(&mut self) -> ParseResult<Expr> {
        if self.at(TokenKind::Star) {
            return self.starred_bitwise_or();
        }
        self.expression()
    }

    /// `star_named_expression`: an element of a list, tuple or set display.
    pub(super) fn star_named_expression(&mut self) -> ParseResult<Expr> {
        if self.at(TokenKind::Star) {
            return self.starred_bitwise_or();
        }
        self.named_expression()
    }

    /// `*value`, standing on `*`, where `value` is a `bitwise_or`.
    #[inline(never)]
    pub(super) fn starred_bitwise_or(&mut self) -> ParseResult<Expr> {
        let star = self.advance();
        let value = self.bitwise_or()?;
        let span = self.span_from(star.span);
        Ok(expr(ExprKind::Starred(Box::new(value)), span))
    }

    /// `named_expression`: `name := value` or an expression.
    pub(super) fn named_expression(&mut self) -> ParseResult<Expr> {
        if self.at(TokenKind::Name) && self.peek_kind(1) == TokenKind::ColonEqual {
            return self.assignment_expression();
        }
        let value = self.expression()?;
        if self.at(TokenKind::ColonEqual) {
            return Err(walrus_target_error(&value));
        }
        Ok(value)
    }

    /// `name := value`, standing on the name.
    #[inline(never)]
    fn assignment_expression(&mut self) -> ParseResult<Expr> {
        let name = self.advance();
        self.advance();
        let value = self.expression()?;
        let target = expr(ExprKind::Name(self.name(name.span)), name.span);
        let span = self.span_from(name.span);
        Ok(expr(
            ExprKind::NamedExpr {
                target: Box::new(target),
                value: Box::new(value),
            },
            span,
        ))
    }

    /// `expression`: a conditional expression, a lambda, or an operator expression.
    pub(super) fn expression(&mut self) -> ParseResult<Expr> {
        if self.at(TokenKind::Lambda) {
            return self.lambda();
        }
        let start = self.current().span;
        self.enter()?;
        let body = self.operators(Precedence::Or)?;
        let result = self.expression_tail(body, start);
        self.leave();
        result
    }

    /// What may follow the first operand of an `expression`: `if ... else ...`, or (inside
    /// brackets) a second expression that CPython reports as a missing comma.
    #[inline(never)]
    fn expression_tail(&mut self, body: Expr, start: Span) -> ParseResult<Expr> {
        if self.at(TokenKind::If) {
            return self.conditional(body, start);
        }
        if self.bracket_depth > 0 && starts_expression(self.kind()) {
            self.check_missing_comma(&body)?;
        }
        Ok(body)
    }

    /// `body if test else orelse`, standing on `if`.
    #[inline(never)]
    fn conditional(&mut self, body: Expr, start: Span) -> ParseResult<Expr> {
        self.advance();
        let test = self.operators(Precedence::Or)?;
        if self.eat(TokenKind::Else).is_none() {
            return Err(self.missing_else_error(&body, &test));
        }
        let orelse = self.expression()?;
        let span = self.span_from(start);
        Ok(expr(
            ExprKind::IfExp {
                test: Box::new(test),
                body: Box::new(body),
                orelse: Box::new(orelse),
            },
            span,
        ))
    }

    #[cold]
    fn missing_else_error(&self, body: &Expr, test: &Expr) -> SyntaxError {
        if self.at(TokenKind::Colon) {
            return self.invalid_syntax();
        }
        SyntaxError::new(
            "expected 'else' after 'if' expression",
            body.span.to(test.span),
        )
    }

    /// CPython's "Perhaps you forgot a comma?": inside brackets, an expression directly
    /// followed by another one.
    #[cold]
    #[inline(never)]
    fn check_missing_comma(&mut self, first: &Expr) -> ParseResult<()> {
        // `print "x"`-style legacy statements and soft keywords get other messages; a name
        // followed by a string is a plain "invalid syntax".
        if let ExprKind::Name(name) = &first.kind {
            let legacy_or_soft = matches!(name.as_str(), "print" | "exec" | "match" | "case" | "_");
            if legacy_or_soft || self.at(TokenKind::String) {
                return Ok(());
            }
        }
        let checkpoint = self.checkpoint();
        let second = self.operators(Precedence::Or);
        self.rewind(checkpoint);
        match second {
            Ok(second) => Err(SyntaxError::new(
                "invalid syntax. Perhaps you forgot a comma?",
                first.span.to(second.span),
            )),
            Err(_) => Ok(()),
        }
    }

    // ---- Operators. ----

    /// `disjunction`: everything from `or` down to `**` and the primaries.
    pub(super) fn disjunction(&mut self) -> ParseResult<Expr> {
        self.operators(Precedence::Or)
    }

    /// `bitwise_or`: the operand level of comparisons, targets and `*` unpacking.
    pub(super) fn bitwise_or(&mut self) -> ParseResult<Expr> {
        self.operators(Precedence::BitOr)
    }

    /// Parses operators binding at least as tightly as `minimum` (precedence climbing).
    pub(super) fn operators(&mut self, minimum: Precedence) -> ParseResult<Expr> {
        let start = self.current().span;
        self.enter()?;
        let first = self.prefix_operators(minimum)?;
        let result = self.infix_operators(first, minimum, start);
        self.leave();
        result
    }

    /// The operators after a first operand, while they bind at least as tightly as `minimum`.
    #[inline(never)]
    fn infix_operators(
        &mut self,
        mut left: Expr,
        minimum: Precedence,
        start: Span,
    ) -> ParseResult<Expr> {
        let depth_before_chain = self.depth;
        loop {
            let kind = self.kind();
            left = match kind {
                TokenKind::Or if minimum <= Precedence::Or => {
                    self.boolean_chain(left, BoolOp::Or, Precedence::And, start)?
                }
                TokenKind::And if minimum <= Precedence::And => {
                    self.boolean_chain(left, BoolOp::And, Precedence::Not, start)?
                }
                _ if minimum <= Precedence::Comparison && self.comparison_operator().is_some() => {
                    self.comparison_chain(left, start)?
                }
                _ => match binary_operator(kind) {
                    Some((op, precedence)) if precedence >= minimum => {
                        self.binary_operation(left, op, precedence, start)?
                    }
                    _ => break,
                },
            };
            // Each operator nests the tree one level deeper.
            self.deepen()?;
        }
        self.depth = depth_before_chain;
        Ok(left)
    }

    /// `left op right`, standing on the operator.
    #[inline(never)]
    fn binary_operation(
        &mut self,
        left: Expr,
        op: BinOp,
        precedence: Precedence,
        start: Span,
    ) -> ParseResult<Expr> {
        self.advance();
        // `**` is right-associative and its right side may be unary (`2**-1`).
        let right_minimum = if op == BinOp::Pow {
            Precedence::Unary
        } else {
            precedence.tighter()
        };
        let right = self.operators(right_minimum)?;
        let span = self.span_from(start);
        Ok(expr(
            ExprKind::BinOp {
                left: Box::new(left),
                op,
                right: Box::new(right),
            },
            span,
        ))
    }

    /// `not x`, `-x`, `+x`, `~x`, or a power/primary.
    fn prefix_operators(&mut self, minimum: Precedence) -> ParseResult<Expr> {
        let op = match self.kind() {
            TokenKind::Not => UnaryOp::Not,
            TokenKind::Minus => UnaryOp::USub,
            TokenKind::Plus => UnaryOp::UAdd,
            TokenKind::Tilde => UnaryOp::Invert,
            _ => return self.primary(),
        };
        self.unary_operation(op, minimum)
    }

    /// `op operand`, standing on the operator.
    #[inline(never)]
    fn unary_operation(&mut self, op: UnaryOp, minimum: Precedence) -> ParseResult<Expr> {
        let operand_minimum = if op == UnaryOp::Not {
            // `not` binds loosely; it cannot appear where a comparison operand is expected.
            if minimum > Precedence::Not {
                return Err(self.invalid_syntax());
            }
            Precedence::Not
        } else {
            Precedence::Unary
        };
        let operator = self.advance();
        let operand = self.operators(operand_minimum)?;
        let span = self.span_from(operator.span);
        Ok(expr(
            ExprKind::UnaryOp {
                op,
                operand: Box::new(operand),
            },
            span,
        ))
    }

    /// `a or b or c` (or `and`): one flat `BoolOp`.
    #[inline(never)]
    fn boolean_chain(
        &mut self,
        first: Expr,
        op: BoolOp,
        operand_minimum: Precedence,
        start: Span,
    ) -> ParseResult<Expr> {
        let keyword = if op == BoolOp::Or {
            TokenKind::Or
        } else {
            TokenKind::And
        };
        let mut values = vec![first];
        while self.eat(keyword).is_some() {
            values.push(self.operators(operand_minimum)?);
        }
        Ok(expr(ExprKind::BoolOp { op, values }, self.span_from(start)))
    }

    /// The comparison operator at the cursor (`not in` and `is not` take two tokens), with its
    /// length in tokens.
    fn comparison_operator(&self) -> Option<(CmpOp, usize)> {
        let operator = match self.kind() {
            TokenKind::EqualEqual => (CmpOp::Eq, 1),
            TokenKind::NotEqual => (CmpOp::NotEq, 1),
            TokenKind::Less => (CmpOp::Lt, 1),
            TokenKind::LessEqual => (CmpOp::LtE, 1),
            TokenKind::Greater => (CmpOp::Gt, 1),
            TokenKind::GreaterEqual => (CmpOp::GtE, 1),
            TokenKind::In => (CmpOp::In, 1),
            TokenKind::Is if self.peek_kind(1) == TokenKind::Not => (CmpOp::IsNot, 2),
            TokenKind::Is => (CmpOp::Is, 1),
            TokenKind::Not if self.peek_kind(1) == TokenKind::In => (CmpOp::NotIn, 2),
            _ => return None,
        };
        Some(operator)
    }

    /// `a < b <= c`: one `Compare` with every operator of the chain.
    #[inline(never)]
    fn comparison_chain(&mut self, left: Expr, start: Span) -> ParseResult<Expr> {
        let mut ops = Vec::new();
        let mut comparators: Vec<Expr> = Vec::new();
        while let Some((op, length)) = self.comparison_operator() {
            for _ in 0..length {
                self.advance();
            }
            ops.push(op);
            comparators.push(self.operators(Precedence::BitOr)?);
        }
        Ok(expr(
            ExprKind::Compare {
                left: Box::new(left),
                ops,
                comparators,
            },
            self.span_from(start),
        ))
    }

    // ---- Primaries. ----

    /// An atom followed by attribute accesses, calls and subscripts.
    #[inline(never)]
    fn primary(&mut self) -> ParseResult<Expr> {
        let start = self.current().span;
        let value = self.atom()?;
        if matches!(
            self.kind(),
            TokenKind::Dot | TokenKind::LeftParen | TokenKind::LeftBracket
        ) {
            return self.trailers(value, start);
        }
        Ok(value)
    }

    /// `.name`, `(args)` and `[index]` after an atom.
    #[inline(never)]
    fn trailers(&mut self, mut value: Expr, start: Span) -> ParseResult<Expr> {
        let depth_before_chain = self.depth;
        loop {
            value = match self.kind() {
                TokenKind::Dot => self.attribute(value, start)?,
                TokenKind::LeftParen => self.call(value, start)?,
                TokenKind::LeftBracket => self.subscript(value, start)?,
                _ => break,
            };
            self.deepen()?;
        }
        self.depth = depth_before_chain;
        Ok(value)
    }

    /// `value.name`, standing on `.`.
    #[inline(never)]
    fn attribute(&mut self, value: Expr, start: Span) -> ParseResult<Expr> {
        self.advance();
        let name = self.expect_syntax(TokenKind::Name)?;
        let span = self.span_from(start);
        Ok(expr(
            ExprKind::Attribute {
                value: Box::new(value),
                attr: self.name(name.span),
            },
            span,
        ))
    }

    /// `func(args)`, standing on `(`.
    #[inline(never)]
    fn call(&mut self, func: Expr, start: Span) -> ParseResult<Expr> {
        let open = self.advance();
        let (args, keywords) = self.call_arguments(open.span, true)?;
        self.expect_syntax(TokenKind::RightParen)?;
        let span = self.span_from(start);
        Ok(expr(
            ExprKind::Call {
                func: Box::new(func),
                args,
                keywords,
            },
            span,
        ))
    }

    /// The arguments of a call or a class header, after `(` and up to (not including) `)`.
    #[inline(never)]
    pub(super) fn call_arguments(
        &mut self,
        open: Span,
        allow_generator: bool,
    ) -> ParseResult<(Vec<Expr>, Vec<Keyword>)> {
        let mut args: Vec<Expr> = Vec::new();
        let mut keywords: Vec<Keyword> = Vec::new();
        let mut seen_keyword_unpacking = false;
        // CPython checks the whole list before complaining, in this order of priority.
        let mut unpacking_error: Option<Span> = None;
        let mut generator: Option<Span> = None;
        let mut positional_error: Option<&str> = None;
        let mut count = 0usize;
        while !self.at(TokenKind::RightParen) {
            count += 1;
            if let Some(star) = self.eat(TokenKind::Star) {
                if seen_keyword_unpacking && unpacking_error.is_none() {
                    unpacking_error = Some(star.span);
                }
                let value = self.expression()?;
                let span = self.span_from(star.span);
                args.push(expr(ExprKind::Starred(Box::new(value)), span));
            } else if let Some(stars) = self.eat(TokenKind::DoubleStar) {
                let value = self.expression()?;
                seen_keyword_unpacking = true;
                let span = self.span_from(stars.span);
                keywords.push(Keyword {
                    arg: None,
                    value,
                    span,
                });
            } else if self.at(TokenKind::Name) && self.peek_kind(1) == TokenKind::Equal {
                let name = self.advance();
                self.advance();
                let value = self.expression()?;
                let span = self.span_from(name.span);
                keywords.push(Keyword {
                    arg: Some(self.name(name.span)),
                    value,
                    span,
                });
            } else {
                let value = self.named_expression()?;
                if self.at(TokenKind::Equal) {
                    return Err(self.keyword_target_error(&value));
                }
                let value = if self.at(TokenKind::For) && allow_generator {
                    let generators = self.comprehension_clauses()?;
                    let end = self.previous().span;
                    let span = if count == 1 && self.at(TokenKind::RightParen) {
                        open.to(self.current().span)
                    } else {
                        value.span.to(end)
                    };
                    generator.get_or_insert(value.span.to(end));
                    expr(
                        ExprKind::GeneratorExp {
                            elt: Box::new(value),
                            generators,
                        },
                        span,
                    )
                } else {
                    value
                };
                if !keywords.is_empty() && positional_error.is_none() {
                    positional_error = Some(if seen_keyword_unpacking {
                        "positional argument follows keyword argument unpacking"
                    } else {
                        "positional argument follows keyword argument"
                    });
                }
                args.push(value);
            }
            if self.eat(TokenKind::Comma).is_none() {
                break;
            }
        }
        if let Some(span) = unpacking_error {
            return Err(SyntaxError::new(
                "iterable argument unpacking follows keyword argument unpacking",
                span,
            ));
        }
        if let Some(span) = generator {
            if count > 1 || self.previous().kind == TokenKind::Comma {
                return Err(SyntaxError::new(
                    "Generator expression must be parenthesized",
                    span,
                ));
            }
        }
        if let Some(message) = positional_error {
            // CPython reports it at the token after the arguments.
            return Err(self.error_at_current(message));
        }
        Ok((args, keywords))
    }

    /// The error for `f(expr=value)` where `expr` is not a plain name.
    fn keyword_target_error(&self, target: &Expr) -> SyntaxError {
        if let ExprKind::Constant(Constant::None | Constant::Bool(_)) = target.kind {
            let name = super::targets::expression_name(target);
            return SyntaxError::new(
                format!("cannot assign to {name}"),
                target.span.to(self.current().span),
            );
        }
        SyntaxError::new(
            "expression cannot contain assignment, perhaps you meant \"==\"?",
            target.span.to(self.current().span),
        )
    }

    /// `value[index]`, standing on `[`. Several indices make a tuple; `a:b:c` is a slice.
    #[inline(never)]
    fn subscript(&mut self, value: Expr, start: Span) -> ParseResult<Expr> {
        self.advance();
        let index_start = self.current().span;
        let first = self.slice_item()?;
        let index = if self.at(TokenKind::Comma) || matches!(first.kind, ExprKind::Starred(_)) {
            let mut items = vec![first];
            while self.eat(TokenKind::Comma).is_some() {
                if self.at(TokenKind::RightBracket) {
                    break;
                }
                items.push(self.slice_item()?);
            }
            expr(ExprKind::Tuple(items), self.span_from(index_start))
        } else {
            first
        };
        self.expect_syntax(TokenKind::RightBracket)?;
        let span = self.span_from(start);
        Ok(expr(
            ExprKind::Subscript {
                value: Box::new(value),
                index: Box::new(index),
            },
            span,
        ))
    }

    /// One item of a subscript: `*a`, `lower:upper:step` (each part optional) or an expression.
    #[inline(never)]
    fn slice_item(&mut self) -> ParseResult<Expr> {
        if let Some(star) = self.eat(TokenKind::Star) {
            let value = self.expression()?;
            let span = self.span_from(star.span);
            return Ok(expr(ExprKind::Starred(Box::new(value)), span));
        }
        let start = self.current().span;
        let lower = if self.at(TokenKind::Colon) {
            None
        } else {
            let lower = self.named_expression()?;
            if !self.at(TokenKind::Colon) {
                return Ok(lower);
            }
            Some(Box::new(lower))
        };
        self.expect_syntax(TokenKind::Colon)?;
        let slice_ends = |kind: TokenKind| {
            matches!(
                kind,
                TokenKind::Colon | TokenKind::Comma | TokenKind::RightBracket
            )
        };
        let upper = if slice_ends(self.kind()) {
            None
        } else {
            Some(Box::new(self.expression()?))
        };
        let mut step = None;
        if self.eat(TokenKind::Colon).is_some() && !slice_ends(self.kind()) {
            step = Some(Box::new(self.expression()?));
        }
        let span = self.span_from(start);
        Ok(expr(ExprKind::Slice { lower, upper, step }, span))
    }

    // ---- Atoms. ----

    fn atom(&mut self) -> ParseResult<Expr> {
        match self.kind() {
            TokenKind::LeftParen => self.parenthesized(),
            TokenKind::LeftBracket => self.list_display(),
            TokenKind::LeftBrace => self.brace_display(),
            TokenKind::String => self.strings(),
            _ => self.simple_atom(),
        }
    }

    /// A name, a keyword constant or a number.
    #[inline(never)]
    fn simple_atom(&mut self) -> ParseResult<Expr> {
        let token = self.current();
        let value = match token.kind {
            TokenKind::Name => {
                self.advance();
                let name = self.name(token.span);
                return Ok(expr(ExprKind::Name(name), token.span));
            }
            TokenKind::True => Constant::Bool(true),
            TokenKind::False => Constant::Bool(false),
            TokenKind::None => Constant::None,
            TokenKind::Ellipsis => Constant::Ellipsis,
            TokenKind::Int => self.integer(token)?,
            TokenKind::Float => Constant::Float(float_literal_value(self.text(token.span))),
            TokenKind::Imaginary => {
                let text = self.text(token.span);
                let digits = &text[..text.len().saturating_sub(1)];
                Constant::Complex(float_literal_value(digits))
            }
            _ => return Err(self.invalid_syntax()),
        };
        self.advance();
        Ok(expr(ExprKind::Constant(value), token.span))
    }

    /// The value of an integer literal, within CPython's limit on decimal digits.
    fn integer(&self, token: Token) -> ParseResult<Constant> {
        let text = self.text(token.span);
        let digit_count = text.bytes().filter(u8::is_ascii_hexdigit).count();
        let decimal = !text.starts_with("0x")
            && !text.starts_with("0X")
            && !text.starts_with("0o")
            && !text.starts_with("0O")
            && !text.starts_with("0b")
            && !text.starts_with("0B");
        if decimal && digit_count > DECIMAL_DIGITS_MAX {
            let line_start = self.source[..token.span.start as usize]
                .rfind('\n')
                .map_or(0, |newline| newline as u32 + 1);
            return Err(SyntaxError::new(
                format!(
                    "Exceeds the limit ({DECIMAL_DIGITS_MAX} digits) for integer string \
                     conversion: value has {digit_count} digits; use \
                     sys.set_int_max_str_digits() to increase the limit - Consider \
                     hexadecimal for huge integer literals to avoid decimal conversion limits."
                ),
                Span::new(line_start, line_start),
            ));
        }
        if !decimal && digit_count > PREFIXED_DIGITS_MAX {
            return Err(SyntaxError::new(
                format!(
                    "integer literal too large: more than {PREFIXED_DIGITS_MAX} digits \
                     (a limit of this playground)"
                ),
                token.span,
            ));
        }
        Ok(Constant::Int(integer_literal_to_decimal(text)))
    }

    /// `( ... )`: a group, a tuple, a generator expression or a parenthesized `yield`.
    fn parenthesized(&mut self) -> ParseResult<Expr> {
        let open = self.advance();
        if let Some(close) = self.eat(TokenKind::RightParen) {
            return Ok(expr(ExprKind::Tuple(Vec::new()), open.span.to(close.span)));
        }
        self.parenthesized_contents(open.span, TokenKind::RightParen)
    }

    /// What may stand between parentheses (also the body of an f-string replacement field,
    /// which CPython 3.11 compiles as `(text)`, closed by the end of the fragment). `open` is
    /// the span of the opening bracket; consumes the `close` token.
    pub(super) fn parenthesized_contents(
        &mut self,
        open: Span,
        close: TokenKind,
    ) -> ParseResult<Expr> {
        if self.at(TokenKind::Yield) {
            return self.parenthesized_yield(close);
        }
        let first = self.star_named_expression()?;
        if self.at(close) && !matches!(first.kind, ExprKind::Starred(_)) {
            self.advance();
            return Ok(first);
        }
        self.parenthesized_rest(open, close, first)
    }

    /// `(yield ...)`, standing on `yield`.
    #[inline(never)]
    fn parenthesized_yield(&mut self, close: TokenKind) -> ParseResult<Expr> {
        let value = self.yield_expression()?;
        self.expect_syntax(close)?;
        Ok(value)
    }

    /// A generator expression or a tuple after its first element (or the error for a lone
    /// starred expression in parentheses).
    #[inline(never)]
    fn parenthesized_rest(
        &mut self,
        open: Span,
        close: TokenKind,
        first: Expr,
    ) -> ParseResult<Expr> {
        let starred = matches!(first.kind, ExprKind::Starred(_));
        if self.at(TokenKind::For) {
            if starred {
                return Err(SyntaxError::new(
                    "iterable unpacking cannot be used in comprehension",
                    first.span,
                ));
            }
            let generators = self.comprehension_clauses()?;
            let close = self.expect_syntax(close)?;
            return Ok(expr(
                ExprKind::GeneratorExp {
                    elt: Box::new(first),
                    generators,
                },
                open.to(close.span),
            ));
        }
        if self.at(close) && starred {
            return Err(SyntaxError::new(
                "cannot use starred expression here",
                first.span,
            ));
        }
        if !self.at(TokenKind::Comma) {
            return Err(self.invalid_syntax());
        }
        let mut elements = vec![first];
        while self.eat(TokenKind::Comma).is_some() {
            if self.at(close) {
                break;
            }
            elements.push(self.star_named_expression()?);
        }
        let close = self.expect_syntax(close)?;
        Ok(expr(ExprKind::Tuple(elements), open.to(close.span)))
    }

    /// `[ ... ]`: a list display or a list comprehension.
    #[inline(never)]
    fn list_display(&mut self) -> ParseResult<Expr> {
        let open = self.advance();
        if let Some(close) = self.eat(TokenKind::RightBracket) {
            return Ok(expr(ExprKind::List(Vec::new()), open.span.to(close.span)));
        }
        let first = self.star_named_expression()?;
        if self.at(TokenKind::For) {
            if matches!(first.kind, ExprKind::Starred(_)) {
                return Err(SyntaxError::new(
                    "iterable unpacking cannot be used in comprehension",
                    first.span,
                ));
            }
            let generators = self.comprehension_clauses()?;
            let close = self.expect_syntax(TokenKind::RightBracket)?;
            return Ok(expr(
                ExprKind::ListComp {
                    elt: Box::new(first),
                    generators,
                },
                open.span.to(close.span),
            ));
        }
        let elements = self.display_elements(first, TokenKind::RightBracket)?;
        let close = self.expect_syntax(TokenKind::RightBracket)?;
        Ok(expr(ExprKind::List(elements), open.span.to(close.span)))
    }

    /// The rest of a list or set display after its first element, up to `close`.
    fn display_elements(&mut self, first: Expr, close: TokenKind) -> ParseResult<Vec<Expr>> {
        let mut elements = vec![first];
        while self.eat(TokenKind::Comma).is_some() {
            if self.at(close) {
                break;
            }
            let element = self.star_named_expression()?;
            if self.at(TokenKind::For) {
                // `[a, b for ...]`
                let first_span = elements.first().map_or(element.span, |first| first.span);
                return Err(SyntaxError::new(
                    "did you forget parentheses around the comprehension target?",
                    first_span.to(element.span),
                ));
            }
            elements.push(element);
        }
        Ok(elements)
    }

    /// `{ ... }`: a dict or set display, or a dict or set comprehension.
    #[inline(never)]
    fn brace_display(&mut self) -> ParseResult<Expr> {
        let open = self.advance();
        if let Some(close) = self.eat(TokenKind::RightBrace) {
            return Ok(expr(
                ExprKind::Dict {
                    keys: Vec::new(),
                    values: Vec::new(),
                },
                open.span.to(close.span),
            ));
        }
        if let Some(stars) = self.eat(TokenKind::DoubleStar) {
            let value = self.bitwise_or()?;
            if self.at(TokenKind::For) {
                return Err(SyntaxError::new(
                    "dict unpacking cannot be used in dict comprehension",
                    stars.span,
                ));
            }
            return self.dict_display(open.span, None, value);
        }
        let first = self.star_named_expression()?;
        if self.at(TokenKind::Colon) {
            let value = self.dict_value()?;
            if self.at(TokenKind::For) {
                let generators = self.comprehension_clauses()?;
                let close = self.expect_syntax(TokenKind::RightBrace)?;
                return Ok(expr(
                    ExprKind::DictComp {
                        key: Box::new(first),
                        value: Box::new(value),
                        generators,
                    },
                    open.span.to(close.span),
                ));
            }
            return self.dict_display(open.span, Some(first), value);
        }
        if self.at(TokenKind::For) {
            if matches!(first.kind, ExprKind::Starred(_)) {
                return Err(SyntaxError::new(
                    "iterable unpacking cannot be used in comprehension",
                    first.span,
                ));
            }
            let generators = self.comprehension_clauses()?;
            let close = self.expect_syntax(TokenKind::RightBrace)?;
            return Ok(expr(
                ExprKind::SetComp {
                    elt: Box::new(first),
                    generators,
                },
                open.span.to(close.span),
            ));
        }
        let elements = self.display_elements(first, TokenKind::RightBrace)?;
        let close = self.expect_syntax(TokenKind::RightBrace)?;
        Ok(expr(ExprKind::Set(elements), open.span.to(close.span)))
    }

    /// A key of a dict display: an `expression`, where a second expression after it is a
    /// missing `:` rather than a missing comma.
    fn dict_key(&mut self) -> ParseResult<Expr> {
        if self.at(TokenKind::Lambda) {
            return self.lambda();
        }
        let start = self.current().span;
        self.enter()?;
        let key = self.operators(Precedence::Or)?;
        let key = if self.at(TokenKind::If) {
            self.conditional(key, start)?
        } else {
            key
        };
        self.leave();
        Ok(key)
    }

    /// The value of a dict entry, standing on the `:` after its key.
    fn dict_value(&mut self) -> ParseResult<Expr> {
        let colon = self.advance();
        match self.kind() {
            TokenKind::RightBrace | TokenKind::Comma => Err(SyntaxError::new(
                "expression expected after dictionary key and ':'",
                colon.span,
            )),
            TokenKind::Star => {
                let value = self.starred_bitwise_or()?;
                Err(SyntaxError::new(
                    "cannot use a starred expression in a dictionary value",
                    value.span,
                ))
            }
            _ => self.expression(),
        }
    }

    /// The rest of a dict display after its first entry (`None` key: `**value`).
    #[inline(never)]
    fn dict_display(
        &mut self,
        open: Span,
        first_key: Option<Expr>,
        first_value: Expr,
    ) -> ParseResult<Expr> {
        let mut keys = vec![first_key];
        let mut values = vec![first_value];
        while self.eat(TokenKind::Comma).is_some() {
            if self.at(TokenKind::RightBrace) {
                break;
            }
            if self.eat(TokenKind::DoubleStar).is_some() {
                keys.push(None);
                values.push(self.bitwise_or()?);
                continue;
            }
            let key = self.dict_key()?;
            if !self.at(TokenKind::Colon) {
                let at = key.span.start;
                return Err(SyntaxError::new(
                    "':' expected after dictionary key",
                    Span::new(at, at),
                ));
            }
            keys.push(Some(key));
            values.push(self.dict_value()?);
        }
        let close = self.expect_syntax(TokenKind::RightBrace)?;
        Ok(expr(ExprKind::Dict { keys, values }, open.to(close.span)))
    }

    /// `for target in iter if cond ...`, one or more times, standing on the first `for`.
    #[inline(never)]
    pub(super) fn comprehension_clauses(&mut self) -> ParseResult<Vec<Comprehension>> {
        let mut generators = Vec::new();
        while self.eat(TokenKind::For).is_some() {
            let target = self.target_list()?;
            self.expect_syntax(TokenKind::In)?;
            super::targets::check_assignable(&target, super::targets::TargetContext::For)?;
            let iter = self.disjunction()?;
            let mut ifs = Vec::new();
            while self.eat(TokenKind::If).is_some() {
                ifs.push(self.disjunction()?);
            }
            generators.push(Comprehension { target, iter, ifs });
        }
        Ok(generators)
    }

    /// `star_targets` of `for` loops and comprehensions: `a`, `a, b`, `*rest`, `(a, b)`.
    /// Parsed as expressions at the `bitwise_or` level (so that `in` ends them) and checked by
    /// the caller.
    pub(super) fn target_list(&mut self) -> ParseResult<Expr> {
        let (mut elements, span, had_comma) = self.target_sequence()?;
        if !had_comma && elements.len() == 1 {
            if let Some(single) = elements.pop() {
                return Ok(single);
            }
        }
        Ok(expr(ExprKind::Tuple(elements), span))
    }

    /// Comma-separated targets: the elements, their overall span, and whether there was a
    /// top-level comma (`a,` is a one-element tuple).
    pub(super) fn target_sequence(&mut self) -> ParseResult<(Vec<Expr>, Span, bool)> {
        let start = self.current().span;
        let first = self.star_target()?;
        let mut had_comma = false;
        let mut elements = vec![first];
        while self.eat(TokenKind::Comma).is_some() {
            had_comma = true;
            if !(starts_expression(self.kind()) || self.at(TokenKind::Star)) {
                break;
            }
            elements.push(self.star_target()?);
        }
        Ok((elements, self.span_from(start), had_comma))
    }

    fn star_target(&mut self) -> ParseResult<Expr> {
        if self.at(TokenKind::Star) {
            return self.starred_bitwise_or();
        }
        self.bitwise_or()
    }

    // ---- Lambda and yield. ----

    /// `lambda params: body`.
    #[inline(never)]
    fn lambda(&mut self) -> ParseResult<Expr> {
        let keyword = self.advance();
        self.enter()?;
        let args = self.parameters(TokenKind::Colon, false)?;
        self.expect_syntax(TokenKind::Colon)?;
        let body = self.expression()?;
        self.leave();
        let span = self.span_from(keyword.span);
        Ok(expr(
            ExprKind::Lambda {
                args: Box::new(args),
                body: Box::new(body),
            },
            span,
        ))
    }

    /// `yield`, `yield value(s)` or `yield from value`, standing on `yield`.
    #[inline(never)]
    pub(super) fn yield_expression(&mut self) -> ParseResult<Expr> {
        let keyword = self.advance();
        if self.eat(TokenKind::From).is_some() {
            let value = self.expression()?;
            let span = self.span_from(keyword.span);
            return Ok(expr(ExprKind::YieldFrom(Box::new(value)), span));
        }
        if starts_expression(self.kind()) || self.at(TokenKind::Star) {
            let value = self.star_expressions()?;
            let span = self.span_from(keyword.span);
            return Ok(expr(ExprKind::Yield(Some(Box::new(value))), span));
        }
        Ok(expr(ExprKind::Yield(None), keyword.span))
    }

    // ---- Parameters. ----

    /// A parameter list up to `end` (`)` for `def`, `:` for `lambda`), with annotations when
    /// `annotations` is set. Checks the order rules with CPython's messages.
    #[inline(never)]
    pub(super) fn parameters(
        &mut self,
        end: TokenKind,
        annotations: bool,
    ) -> ParseResult<Arguments> {
        let mut arguments = Arguments::default();
        let mut plain: Vec<(Arg, Option<Expr>)> = Vec::new();
        let mut seen_slash = false;
        let mut seen_star = false;
        let mut seen_default = false;
        while !self.at(end) {
            if arguments.kwarg.is_some() {
                return Err(self.error_at_current("arguments cannot follow var-keyword argument"));
            }
            let token = self.current();
            match token.kind {
                TokenKind::Slash => {
                    if seen_star {
                        return Err(self.error_at_current("/ must be ahead of *"));
                    }
                    if seen_slash {
                        return Err(self.error_at_current("/ may appear only once"));
                    }
                    if plain.is_empty() {
                        return Err(self.error_at_current("at least one argument must precede /"));
                    }
                    self.advance();
                    seen_slash = true;
                    arguments.posonlyargs = plain.iter().map(|(arg, _)| arg.clone()).collect();
                    arguments.defaults = plain.iter().filter_map(|(_, d)| d.clone()).collect();
                    plain.clear();
                }
                TokenKind::Star => {
                    if seen_star {
                        return Err(self.error_at_current("* argument may appear only once"));
                    }
                    self.advance();
                    seen_star = true;
                    if self.at(TokenKind::Name) {
                        arguments.vararg = Some(self.parameter(annotations)?);
                    } else if self.at(end)
                        || (self.at(TokenKind::Comma)
                            && matches!(self.peek_kind(1), k if k == end || k == TokenKind::DoubleStar))
                    {
                        // CPython points at the `*` in a `def`, at the token it looked at last
                        // in a `lambda`.
                        let span = if end == TokenKind::Colon {
                            let ahead = usize::from(self.at(TokenKind::Comma));
                            self.nth(ahead).span
                        } else {
                            token.span
                        };
                        return Err(SyntaxError::new("named arguments must follow bare *", span));
                    }
                }
                TokenKind::DoubleStar => {
                    self.advance();
                    arguments.kwarg = Some(self.parameter(annotations)?);
                }
                TokenKind::Name => {
                    let arg = self.parameter(annotations)?;
                    let default = match self.eat(TokenKind::Equal) {
                        Some(equal) => {
                            if matches!(self.kind(), TokenKind::RightParen | TokenKind::Comma) {
                                return Err(SyntaxError::new(
                                    "expected default value expression",
                                    equal.span,
                                ));
                            }
                            Some(self.expression()?)
                        }
                        None => None,
                    };
                    if seen_star {
                        arguments.kwonlyargs.push(arg);
                        arguments.kw_defaults.push(default);
                    } else {
                        match default {
                            Some(_) => seen_default = true,
                            None if seen_default => {
                                return Err(SyntaxError::new(
                                    "non-default argument follows default argument",
                                    arg.span,
                                ));
                            }
                            None => {}
                        }
                        plain.push((arg, default));
                    }
                }
                _ => return Err(self.invalid_syntax()),
            }
            if self.eat(TokenKind::Comma).is_none() {
                break;
            }
        }
        for (arg, default) in plain {
            arguments.args.push(arg);
            if let Some(default) = default {
                arguments.defaults.push(default);
            }
        }
        Ok(arguments)
    }

    /// One parameter name with its optional annotation.
    fn parameter(&mut self, annotations: bool) -> ParseResult<Arg> {
        let name = self.expect_syntax(TokenKind::Name)?;
        let annotation = if annotations && self.eat(TokenKind::Colon).is_some() {
            Some(self.expression()?)
        } else {
            None
        };
        let span = self.span_from(name.span);
        Ok(Arg {
            name: self.name(name.span),
            annotation,
            span,
        })
    }
}

/// CPython's default limit on the digits of a decimal integer literal
/// (`sys.get_int_max_str_digits()`).
const DECIMAL_DIGITS_MAX: usize = 4300;

/// The most digits accepted in a hexadecimal, octal or binary literal: converting one to
/// decimal takes quadratic time, so hostile input must not make it huge.
const PREFIXED_DIGITS_MAX: usize = 20_000;

/// CPython's error for `expr := value` where `expr` is not a name.
#[cold]
fn walrus_target_error(target: &Expr) -> SyntaxError {
    SyntaxError::new(
        format!(
            "cannot use assignment expressions with {}",
            super::targets::expression_name(target)
        ),
        target.span,
    )
}

/// The value of a float literal (underscores allowed). The lexer has validated it.
fn float_literal_value(text: &str) -> f64 {
    let digits: String = text.chars().filter(|&c| c != '_').collect();
    crate::format::parse_f64(&digits).unwrap_or(f64::NAN)
}

/// An integer literal in any base as base-10 digits (the lexer has validated it).
pub(super) fn integer_literal_to_decimal(text: &str) -> String {
    let digits: String = text.chars().filter(|&c| c != '_').collect();
    let lower = digits.to_ascii_lowercase();
    let (radix, body) = if let Some(hex) = lower.strip_prefix("0x") {
        (16, hex)
    } else if let Some(octal) = lower.strip_prefix("0o") {
        (8, octal)
    } else if let Some(binary) = lower.strip_prefix("0b") {
        (2, binary)
    } else {
        let trimmed = lower.trim_start_matches('0');
        return if trimmed.is_empty() {
            "0".to_owned()
        } else {
            trimmed.to_owned()
        };
    };
    // Little-endian limbs of 10^9: multiply by the radix and add each digit.
    const LIMB: u64 = 1_000_000_000;
    let mut limbs: Vec<u64> = vec![0];
    for c in body.chars() {
        let mut carry = u64::from(c.to_digit(radix).unwrap_or(0));
        for limb in limbs.iter_mut() {
            let value = *limb * u64::from(radix) + carry;
            *limb = value % LIMB;
            carry = value / LIMB;
        }
        if carry > 0 {
            limbs.push(carry);
        }
    }
    let mut out = String::new();
    for (index, limb) in limbs.iter().rev().enumerate() {
        if index == 0 {
            out.push_str(&limb.to_string());
        } else {
            out.push_str(&format!("{limb:09}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::integer_literal_to_decimal;

    #[test]
    fn integers_in_any_base() {
        assert_eq!(integer_literal_to_decimal("0"), "0");
        assert_eq!(integer_literal_to_decimal("000"), "0");
        assert_eq!(integer_literal_to_decimal("1_000"), "1000");
        assert_eq!(integer_literal_to_decimal("0xff"), "255");
        assert_eq!(integer_literal_to_decimal("0o17"), "15");
        assert_eq!(integer_literal_to_decimal("0B101"), "5");
        assert_eq!(
            integer_literal_to_decimal("0xFFFFFFFFFFFFFFFFFFFFFFFF"),
            "79228162514264337593543950335"
        );
    }
}
