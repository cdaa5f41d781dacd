//! The parser: tokens to the [`ast`](crate::ast), with CPython 3.11's syntax error messages.
//!
//! A hand-written recursive-descent parser over the token list of [`crate::lexer`]. It stops at
//! the first error, like CPython, and picks between its own error and a tokenizer error the way
//! CPython does (see [`Parser::finish_error`]). Module map:
//! - `mod.rs`: the token cursor, nesting limit and error plumbing;
//! - `stmt.rs`: statements and blocks;
//! - `expr.rs`: expressions (a precedence-climbing core for operators);
//! - `strings.rs`: string literals, escapes, concatenation and f-strings;
//! - `targets.rs`: what may be assigned to or deleted, and CPython's names for what may not.
//!
//! Limits: [`RECURSION_MAX`] bounds how deep the parser recurses (blocks, brackets, operators),
//! so that hostile input cannot overflow the native stack (about 1 MiB in WebAssembly; the
//! deepest input allowed takes about 400 KiB in a release build), and [`TREE_DEPTH_MAX`] bounds
//! how deep the tree nests, for whoever walks or drops it later.

mod expr;
mod stmt;
mod strings;
mod targets;

use std::cell::Cell;

use crate::ast;
use crate::lexer::{self, LexError, LexErrorTiming};
use crate::span::{LineIndex, Span};
use crate::syntax_error::SyntaxError;
use crate::token::{Token, TokenKind};

/// How deeply the parser may recurse (nested brackets, unary operators, conditionals, lambdas,
/// blocks), which bounds its native stack use. Going deeper is a `SyntaxError` with
/// [`NESTING_MESSAGE`]. A bracket costs two levels, so about 100 nested brackets fit.
pub const RECURSION_MAX: u32 = 200;

/// How deeply the tree may nest, counting operator and trailer chains (`1+1+...`,
/// `a.b.c...`) as well as recursion; bounds the stack use of whoever walks or drops the tree.
/// CPython allows about 3000 before its compiler gives up.
pub const TREE_DEPTH_MAX: u32 = 1000;

/// The message of the error for input nested deeper than the limits above (CPython raises a
/// `RecursionError` with this text for such programs).
pub const NESTING_MESSAGE: &str = "maximum recursion depth exceeded during compilation";

/// Parses a whole program (`main.py`) into its module.
///
/// Returns the first syntax error instead, with CPython 3.11's class, message and location.
/// Never panics and always terminates, whatever the input.
pub fn parse_module(source: &str) -> Result<ast::Module, SyntaxError> {
    if source.len() >= u32::MAX as usize {
        return Err(SyntaxError::new("source code too large", Span::default()));
    }
    let tokens = lexer::tokenize(source);
    let mut parser = Parser::new(source, tokens.tokens, tokens.error);
    match parser.module() {
        Ok(module) => Ok(module),
        Err(error) => Err(parser.finish_error(error)),
    }
}

/// The result of a parsing step: the first error ends parsing.
type ParseResult<T> = Result<T, SyntaxError>;

/// The parser state: a cursor over the tokens plus the nesting budget.
pub(crate) struct Parser<'src> {
    source: &'src str,
    tokens: Vec<Token>,
    position: usize,
    /// The furthest token looked at, as CPython's `p->fill`: tokenizer errors count only once
    /// the parser reaches them, and "never closed" errors compare lines with it.
    furthest: Cell<usize>,
    lex_error: Option<LexError>,
    /// Current nesting of the tree under construction, against [`TREE_DEPTH_MAX`].
    depth: u32,
    /// Current recursion of the parser, against [`RECURSION_MAX`].
    recursion: u32,
    /// How many brackets are open at the cursor (f-string fragments start inside one).
    bracket_depth: u32,
    /// Built on demand: only errors need line numbers.
    line_index: Option<LineIndex>,
}

impl<'src> Parser<'src> {
    /// A parser at the start of `tokens`, at nesting zero.
    fn new(source: &'src str, mut tokens: Vec<Token>, lex_error: Option<LexError>) -> Parser<'src> {
        if tokens.is_empty() {
            let end = source.len() as u32;
            tokens.push(Token {
                kind: TokenKind::EndOfFile,
                span: Span::new(end, end),
            });
        }
        Parser {
            source,
            tokens,
            position: 0,
            furthest: Cell::new(0),
            lex_error,
            depth: 0,
            recursion: 0,
            bracket_depth: 0,
            line_index: None,
        }
    }

    // ---- The token cursor. ----

    /// The token `ahead` places after the cursor (the last token, `EndOfFile` or `Error`, repeats
    /// forever past the end).
    fn nth(&self, ahead: usize) -> Token {
        let index = (self.position + ahead).min(self.tokens.len() - 1);
        if index > self.furthest.get() {
            self.furthest.set(index);
        }
        self.tokens[index]
    }

    fn current(&self) -> Token {
        self.nth(0)
    }

    fn kind(&self) -> TokenKind {
        self.nth(0).kind
    }

    fn peek_kind(&self, ahead: usize) -> TokenKind {
        self.nth(ahead).kind
    }

    fn at(&self, kind: TokenKind) -> bool {
        self.kind() == kind
    }

    /// The previous token (the last one consumed).
    fn previous(&self) -> Token {
        self.tokens[self.position.saturating_sub(1).min(self.tokens.len() - 1)]
    }

    /// Consumes the current token and returns it. Never moves past the last token.
    fn advance(&mut self) -> Token {
        let token = self.current();
        if self.position < self.tokens.len() - 1 {
            self.position += 1;
        }
        if token.kind.is_open_bracket() {
            self.bracket_depth += 1;
        } else if token.kind.is_close_bracket() {
            self.bracket_depth = self.bracket_depth.saturating_sub(1);
        }
        token
    }

    fn eat(&mut self, kind: TokenKind) -> Option<Token> {
        if self.at(kind) {
            Some(self.advance())
        } else {
            None
        }
    }

    /// Consumes a token of `kind` or fails with `message` at the current token.
    fn expect(&mut self, kind: TokenKind, message: &str) -> ParseResult<Token> {
        match self.eat(kind) {
            Some(token) => Ok(token),
            None => Err(self.error_at_current(message)),
        }
    }

    /// Consumes a token of `kind`, or fails with "invalid syntax".
    fn expect_syntax(&mut self, kind: TokenKind) -> ParseResult<Token> {
        self.expect(kind, "invalid syntax")
    }

    /// The span from the start of `first` to the end of the last consumed token: a node's span
    /// the way CPython computes it, from the first to the last token of its rule (so that
    /// `(a) + b` starts at the parenthesis).
    fn span_from(&self, first: Span) -> Span {
        let end = self.previous().span.end.max(first.end);
        Span::new(first.start, end.max(first.start))
    }

    /// The identifier spelled at `span`, normalized the way CPython normalizes identifiers
    /// (NFKC), as far as this crate can without Unicode tables: fullwidth Latin letters, digits
    /// and underscore become ASCII.
    fn name(&self, span: Span) -> String {
        let text = self.text(span);
        if text.is_ascii() {
            return text.to_owned();
        }
        text.chars()
            .map(|c| match c {
                '\u{FF10}'..='\u{FF19}'
                | '\u{FF21}'..='\u{FF3A}'
                | '\u{FF3F}'
                | '\u{FF41}'..='\u{FF5A}' => char::from_u32(c as u32 - 0xFF00 + 0x20).unwrap_or(c),
                _ => c,
            })
            .collect()
    }

    fn text(&self, span: Span) -> &'src str {
        self.source
            .get(span.start as usize..span.end as usize)
            .unwrap_or("")
    }

    /// Restores the cursor to a saved position (for the few places that look ahead by parsing).
    fn rewind(&mut self, checkpoint: Checkpoint) {
        self.position = checkpoint.position;
        self.depth = checkpoint.depth;
        self.recursion = checkpoint.recursion;
        self.bracket_depth = checkpoint.bracket_depth;
    }

    fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            position: self.position,
            depth: self.depth,
            recursion: self.recursion,
            bracket_depth: self.bracket_depth,
        }
    }

    /// The index of the token that starts at `offset`, if any.
    fn token_at(&self, offset: u32) -> Option<usize> {
        self.tokens
            .binary_search_by_key(&offset, |token| token.span.start)
            .ok()
    }

    /// Whether `expression` was written directly inside parentheses, as in `(yield x)`.
    fn is_parenthesized(&self, expression: &ast::Expr) -> bool {
        self.token_at(expression.span.start)
            .and_then(|index| index.checked_sub(1))
            .is_some_and(|before| self.tokens[before].kind == TokenKind::LeftParen)
    }

    /// Whether the tokens of `span` hold a comma outside any bracket: an unparenthesized
    /// tuple such as `a, b`.
    fn has_top_level_comma(&self, span: Span) -> bool {
        let Some(first) = self.token_at(span.start) else {
            return false;
        };
        let mut depth = 0u32;
        for token in self.tokens[first..]
            .iter()
            .take_while(|token| token.span.end <= span.end)
        {
            match token.kind {
                kind if kind.is_open_bracket() => depth += 1,
                kind if kind.is_close_bracket() => depth = depth.saturating_sub(1),
                TokenKind::Comma if depth == 0 => return true,
                _ => {}
            }
        }
        false
    }

    // ---- Nesting budget. ----

    /// Enters one level of recursion (and of tree nesting); fails past the limits. Pair with
    /// [`Parser::leave`].
    fn enter(&mut self) -> ParseResult<()> {
        self.recursion += 1;
        self.deepen()?;
        if self.recursion > RECURSION_MAX {
            return Err(self.nesting_error());
        }
        Ok(())
    }

    fn leave(&mut self) {
        debug_assert!(self.recursion > 0 && self.depth > 0, "leave without enter");
        self.recursion = self.recursion.saturating_sub(1);
        self.depth = self.depth.saturating_sub(1);
    }

    /// Nests the tree one level deeper without recursing (one more link of a chain such as
    /// `a.b.c`); the caller restores `depth` when the chain ends.
    fn deepen(&mut self) -> ParseResult<()> {
        self.depth += 1;
        if self.depth > TREE_DEPTH_MAX {
            return Err(self.nesting_error());
        }
        Ok(())
    }

    #[cold]
    fn nesting_error(&self) -> SyntaxError {
        let span = self.current().span;
        SyntaxError::new(NESTING_MESSAGE, span)
    }

    // ---- Errors. ----

    /// A `SyntaxError` spanning the current token.
    fn error_at_current(&self, message: &str) -> SyntaxError {
        SyntaxError::new(message, self.current().span)
    }

    /// "invalid syntax" at the current token.
    fn invalid_syntax(&self) -> SyntaxError {
        self.error_at_current("invalid syntax")
    }

    fn line_of(&mut self, offset: u32) -> u32 {
        let source = self.source;
        self.line_index
            .get_or_insert_with(|| LineIndex::new(source))
            .line(offset)
    }

    /// Chooses between a parser error and the tokenizer's error, as CPython 3.11 does: a
    /// tokenizer error the parser reached wins; so does one raised eagerly anywhere in the file;
    /// and so does an unclosed bracket opened on an earlier line than the parser got to.
    fn finish_error(&mut self, error: SyntaxError) -> SyntaxError {
        let Some(lex_error) = self.lex_error.clone() else {
            return error;
        };
        let furthest = self.tokens[self.furthest.get().min(self.tokens.len() - 1)];
        if furthest.kind == TokenKind::Error {
            return lex_error.error;
        }
        match lex_error.timing {
            LexErrorTiming::Immediate => lex_error.error,
            LexErrorTiming::WhenReached => error,
            LexErrorTiming::UnclosedBracket { bracket_line } => {
                if self.line_of(furthest.span.start) > bracket_line {
                    lex_error.error
                } else {
                    error
                }
            }
        }
    }
}

/// A saved cursor position.
#[derive(Debug, Clone, Copy)]
struct Checkpoint {
    position: usize,
    depth: u32,
    recursion: u32,
    bracket_depth: u32,
}

/// Builds an expression node.
fn expr(kind: ast::ExprKind, span: Span) -> ast::Expr {
    ast::Expr { kind, span }
}
