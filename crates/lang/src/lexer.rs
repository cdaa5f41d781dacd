//! The lexer: source text to tokens, the way CPython 3.11's tokenizer does it.
//!
//! It tracks indentation with a stack (emitting `Indent`/`Dedent`), joins lines inside
//! brackets and after a backslash, skips comments and blank lines, and validates number and
//! string literals (their values are decoded later, by the parser). It never fails outright:
//! it stops at the first error, ends the token list with an `Error` token and hands the
//! error over next to the tokens, because CPython reports a tokenizer error only in some
//! circumstances (see [`LexErrorTiming`]).
//!
//! Limits, as CPython's: 100 levels of indentation, 200 nested brackets.

use crate::span::Span;
use crate::syntax_error::SyntaxError;
use crate::token::{Token, TokenKind};

/// The deepest indentation CPython's tokenizer accepts (`MAXINDENT`).
pub const INDENT_LEVELS_MAX: usize = 100;
/// The deepest bracket nesting CPython's tokenizer accepts (`MAXLEVEL`).
pub const BRACKET_LEVELS_MAX: usize = 200;

/// The result of tokenizing: every token up to the end or up to the first error.
#[derive(Debug, Clone)]
pub struct Tokens {
    /// Ends with `EndOfFile`, or with `Error` when `error` is set.
    pub tokens: Vec<Token>,
    pub error: Option<LexError>,
}

/// A tokenizer error and when CPython would report it.
#[derive(Debug, Clone)]
pub struct LexError {
    pub error: SyntaxError,
    pub timing: LexErrorTiming,
}

/// When CPython reports a tokenizer error, relative to a syntax error the parser finds earlier
/// in the file. CPython parses lazily, and after a parser error it tokenizes the rest of the
/// file to look for tokenizer errors that should take priority.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LexErrorTiming {
    /// Raised as soon as the tokenizer meets it (bad character, unterminated string, bad
    /// number, bracket mismatch): it wins over any parser error.
    Immediate,
    /// Reported only when the parser asks for the token (bad dedent, tab/space mix, a stray
    /// character after `\`): a parser error earlier in the file wins.
    WhenReached,
    /// End of input inside brackets: it wins over a parser error on a later line than the
    /// bracket that was never closed (`bracket_line`), as CPython does.
    UnclosedBracket { bracket_line: u32 },
}

/// Tokenizes a whole program.
pub fn tokenize(source: &str) -> Tokens {
    let mut lexer = Lexer::new(source);
    let error = lexer.run().err();
    Tokens {
        tokens: lexer.tokens,
        error,
    }
}

/// Tokenizes `source[start..end]` as if it stood between parentheses (an f-string replacement
/// field, which CPython 3.11 compiles as `(text)`): line breaks are insignificant and there is
/// no indentation. Spans are offsets into the whole `source`; the tokens end with `EndOfFile`
/// at `end`.
pub fn tokenize_fragment(source: &str, start: usize, end: usize) -> Tokens {
    let end = end.min(source.len());
    let start = start.min(end);
    let (Some(text), true) = (source.get(..end), source.is_char_boundary(start)) else {
        let at = start as u32;
        return Tokens {
            tokens: vec![Token {
                kind: TokenKind::EndOfFile,
                span: Span::new(at, at),
            }],
            error: None,
        };
    };
    let mut lexer = Lexer::new(text);
    lexer.position = start;
    lexer.fragment = true;
    lexer.at_line_start = false;
    lexer.brackets.push(OpenBracket {
        character: b'(',
        offset: start as u32,
    });
    let error = lexer.run().err();
    Tokens {
        tokens: lexer.tokens,
        error,
    }
}

/// One open bracket: its character and its offset.
#[derive(Debug, Clone, Copy)]
struct OpenBracket {
    character: u8,
    offset: u32,
}

/// Indentation of one block: columns with tabs to multiples of 8, and with tabs counting as one
/// column (CPython's `altcol`), which must agree to rule out tab-size-dependent meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Indentation {
    column: u32,
    alt_column: u32,
}

struct Lexer<'src> {
    source: &'src str,
    bytes: &'src [u8],
    position: usize,
    tokens: Vec<Token>,
    indents: Vec<Indentation>,
    brackets: Vec<OpenBracket>,
    at_line_start: bool,
    /// Set once the current logical line has a token, so that a `Newline` is due at its end.
    line_has_tokens: bool,
    /// Lexing an f-string fragment: it starts inside an implicit bracket and ends without
    /// `Newline` or `Dedent`.
    fragment: bool,
}

type LexResult<T> = Result<T, LexError>;

fn immediate(error: SyntaxError) -> LexError {
    LexError {
        error,
        timing: LexErrorTiming::Immediate,
    }
}

fn when_reached(error: SyntaxError) -> LexError {
    LexError {
        error,
        timing: LexErrorTiming::WhenReached,
    }
}

fn is_identifier_start(c: char) -> bool {
    c == '_' || c.is_ascii_alphabetic() || (!c.is_ascii() && c.is_alphabetic())
}

fn is_identifier_continue(c: char) -> bool {
    c == '_' || c.is_ascii_alphanumeric() || (!c.is_ascii() && c.is_alphanumeric())
}

/// Whether CPython's `str.isprintable` would say so, closely enough for error messages:
/// controls, separators other than the space, and common format characters are not.
fn is_printable(c: char) -> bool {
    if c == ' ' {
        return true;
    }
    let format_character = matches!(
        c,
        '\u{00AD}'
            | '\u{0600}'..='\u{0605}'
            | '\u{061C}'
            | '\u{06DD}'
            | '\u{070F}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'
    );
    !(c.is_control() || c.is_whitespace() || format_character)
}

impl<'src> Lexer<'src> {
    fn new(source: &'src str) -> Lexer<'src> {
        // CPython skips a UTF-8 byte order mark at the start of a file.
        let position = if source.starts_with('\u{FEFF}') { 3 } else { 0 };
        Lexer {
            source,
            bytes: source.as_bytes(),
            position,
            tokens: Vec::new(),
            indents: vec![Indentation {
                column: 0,
                alt_column: 0,
            }],
            brackets: Vec::new(),
            at_line_start: true,
            line_has_tokens: false,
            fragment: false,
        }
    }

    fn run(&mut self) -> LexResult<()> {
        let result = self.run_tokens();
        if result.is_err() {
            let at = self.position.min(self.source.len()) as u32;
            self.tokens.push(Token {
                kind: TokenKind::Error,
                span: Span::new(at, at),
            });
        }
        result
    }

    fn run_tokens(&mut self) -> LexResult<()> {
        loop {
            let position_before = self.position;
            let tokens_before = self.tokens.len();
            if self.at_line_start && self.brackets.is_empty() {
                self.at_line_start = false;
                if self.indentation()? {
                    continue;
                }
            }
            if !self.next_token()? {
                break;
            }
            // Every pass consumes input or emits a token, so the loop ends.
            debug_assert!(self.position > position_before || self.tokens.len() > tokens_before);
        }
        self.end_of_input()
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.position).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.bytes.get(self.position + ahead).copied()
    }

    fn peek_char(&self) -> Option<char> {
        self.source.get(self.position..)?.chars().next()
    }

    fn push(&mut self, kind: TokenKind, start: usize, end: usize) {
        self.tokens.push(Token {
            kind,
            span: Span::new(start as u32, end as u32),
        });
        if !matches!(
            kind,
            TokenKind::Newline | TokenKind::Indent | TokenKind::Dedent
        ) {
            self.line_has_tokens = true;
        }
    }

    fn span_at(&self, offset: usize) -> Span {
        Span::new(offset as u32, offset as u32)
    }

    /// The 1-based line number of `offset`.
    fn line_of(&self, offset: usize) -> u32 {
        let end = offset.min(self.bytes.len());
        self.bytes[..end].iter().filter(|&&b| b == b'\n').count() as u32 + 1
    }

    fn line_start_of(&self, offset: usize) -> usize {
        let end = offset.min(self.bytes.len());
        self.bytes[..end]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |newline| newline + 1)
    }

    /// Measures the indentation of a new line and emits `Indent`/`Dedent` tokens. Returns
    /// `true` when the line is blank (only whitespace or a comment) and was skipped whole.
    fn indentation(&mut self) -> LexResult<bool> {
        let line_start = self.position;
        let mut column = 0u32;
        let mut alt_column = 0u32;
        while let Some(byte) = self.peek() {
            match byte {
                b' ' => {
                    column = column.saturating_add(1);
                    alt_column = alt_column.saturating_add(1);
                }
                b'\t' => {
                    column = (column / 8).saturating_add(1).saturating_mul(8);
                    alt_column = alt_column.saturating_add(1);
                }
                b'\x0c' => {
                    column = 0;
                    alt_column = 0;
                }
                _ => break,
            }
            self.position += 1;
        }
        match self.peek() {
            None => return Ok(true),
            Some(b'#') => {
                self.skip_comment();
                return Ok(true);
            }
            Some(b'\n') => {
                self.position += 1;
                self.at_line_start = true;
                return Ok(true);
            }
            Some(b'\r') if self.peek_at(1) == Some(b'\n') => {
                self.position += 2;
                self.at_line_start = true;
                return Ok(true);
            }
            Some(b'\\') if self.continuation_follows(self.position) => {
                // A line holding only a continuation joins the next line: CPython treats the
                // pair as the start of one line, measured from this line's indentation.
            }
            _ => {}
        }
        let first_token = self.position;
        let current = Indentation { column, alt_column };
        let top = self.indents.last().copied().unwrap_or(Indentation {
            column: 0,
            alt_column: 0,
        });
        let tab_error = || {
            when_reached(SyntaxError::tab(
                "inconsistent use of tabs and spaces in indentation",
                Span::new(line_start as u32, line_start as u32),
            ))
        };
        if current.column == top.column {
            if current.alt_column != top.alt_column {
                return Err(tab_error());
            }
        } else if current.column > top.column {
            if self.indents.len() >= INDENT_LEVELS_MAX {
                return Err(when_reached(SyntaxError::indentation(
                    "too many levels of indentation",
                    self.span_at(first_token),
                )));
            }
            if current.alt_column <= top.alt_column {
                return Err(tab_error());
            }
            self.indents.push(current);
            self.push(TokenKind::Indent, first_token, first_token);
        } else {
            while self
                .indents
                .last()
                .is_some_and(|level| current.column < level.column)
            {
                self.indents.pop();
                self.push(TokenKind::Dedent, first_token, first_token);
            }
            let top = self.indents.last().copied();
            if top.map(|level| level.column) != Some(current.column) {
                let line_end = self.bytes[first_token..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(self.bytes.len(), |n| first_token + n);
                return Err(when_reached(SyntaxError::indentation(
                    "unindent does not match any outer indentation level",
                    self.span_at(line_end),
                )));
            }
            if top.map(|level| level.alt_column) != Some(current.alt_column) {
                return Err(tab_error());
            }
        }
        Ok(false)
    }

    fn continuation_follows(&self, backslash: usize) -> bool {
        match self.bytes.get(backslash + 1) {
            Some(b'\n') => true,
            Some(b'\r') => self.bytes.get(backslash + 2) == Some(&b'\n'),
            _ => false,
        }
    }

    fn skip_comment(&mut self) {
        while let Some(byte) = self.peek() {
            if byte == b'\n' {
                break;
            }
            self.position += 1;
        }
    }

    /// Lexes the next token (or skips whitespace, a comment or a line break). Returns `false`
    /// at the end of input.
    fn next_token(&mut self) -> LexResult<bool> {
        let Some(byte) = self.peek() else {
            return Ok(false);
        };
        let start = self.position;
        match byte {
            b' ' | b'\t' | b'\x0c' => self.position += 1,
            b'\r' => self.position += 1,
            b'#' => self.skip_comment(),
            b'\n' => {
                self.position += 1;
                if self.brackets.is_empty() {
                    if self.line_has_tokens {
                        self.push(TokenKind::Newline, start, start);
                        self.line_has_tokens = false;
                    }
                    self.at_line_start = true;
                }
            }
            b'\\' => self.line_continuation()?,
            b'0'..=b'9' => self.number()?,
            b'.' if self.peek_at(1).is_some_and(|b| b.is_ascii_digit()) => self.number()?,
            b'\'' | b'"' => self.string(start)?,
            _ if byte.is_ascii_alphabetic() || byte == b'_' || byte >= 0x80 => {
                self.name_or_string()?
            }
            _ => self.operator()?,
        }
        Ok(true)
    }

    fn line_continuation(&mut self) -> LexResult<()> {
        let backslash = self.position;
        if self.continuation_follows(backslash) {
            self.position += if self.bytes.get(backslash + 1) == Some(&b'\r') {
                3
            } else {
                2
            };
            if self.position >= self.bytes.len() {
                return Err(when_reached(SyntaxError::new(
                    "unexpected EOF while parsing",
                    self.span_at(self.position),
                )));
            }
            return Ok(());
        }
        if backslash + 1 >= self.bytes.len() {
            return Err(when_reached(SyntaxError::new(
                "unexpected EOF while parsing",
                self.span_at(backslash + 1),
            )));
        }
        Err(when_reached(SyntaxError::new(
            "unexpected character after line continuation character",
            self.span_at(backslash + 1),
        )))
    }

    fn operator(&mut self) -> LexResult<()> {
        let start = self.position;
        let Some((kind, length)) = TokenKind::operator(&self.bytes[start..]) else {
            return Err(self.invalid_character(start));
        };
        if kind.is_open_bracket() {
            if self.brackets.len() >= BRACKET_LEVELS_MAX {
                return Err(immediate(SyntaxError::new(
                    "too many nested parentheses",
                    self.span_at(start),
                )));
            }
            self.brackets.push(OpenBracket {
                character: self.bytes[start],
                offset: start as u32,
            });
        } else if kind.is_close_bracket() {
            self.close_bracket(start)?;
        }
        self.position += length;
        self.push(kind, start, start + length);
        Ok(())
    }

    fn close_bracket(&mut self, start: usize) -> LexResult<()> {
        let closing = self.bytes[start] as char;
        let Some(open) = self.brackets.pop() else {
            return Err(immediate(SyntaxError::new(
                format!("unmatched '{closing}'"),
                Span::new(start as u32, start as u32 + 1),
            )));
        };
        let expected = match open.character {
            b'(' => ')',
            b'[' => ']',
            _ => '}',
        };
        if closing == expected {
            return Ok(());
        }
        let opening = open.character as char;
        let open_line = self.line_of(open.offset as usize);
        let message = if open_line != self.line_of(start) {
            format!(
                "closing parenthesis '{closing}' does not match opening parenthesis \
                 '{opening}' on line {open_line}"
            )
        } else {
            format!(
                "closing parenthesis '{closing}' does not match opening parenthesis '{opening}'"
            )
        };
        Err(immediate(SyntaxError::new(
            message,
            Span::new(start as u32, start as u32 + 1),
        )))
    }

    fn invalid_character(&self, at: usize) -> LexError {
        let character = self.source[at..].chars().next().unwrap_or('\u{FFFD}');
        let code = character as u32;
        let message = if is_printable(character) {
            format!("invalid character '{character}' (U+{code:04X})")
        } else {
            format!("invalid non-printable character U+{code:04X}")
        };
        // CPython puts one caret under the character, whatever its width.
        immediate(SyntaxError::new(message, self.span_at(at)))
    }

    fn name_or_string(&mut self) -> LexResult<()> {
        let start = self.position;
        let Some(first) = self.peek_char() else {
            return Ok(());
        };
        if !is_identifier_start(first) {
            return Err(self.invalid_character(start));
        }
        self.position += first.len_utf8();
        while let Some(c) = self.peek_char() {
            if !is_identifier_continue(c) {
                break;
            }
            self.position += c.len_utf8();
        }
        let text = &self.source[start..self.position];
        if matches!(self.peek(), Some(b'\'' | b'"')) && is_string_prefix(text) {
            return self.string(start);
        }
        let kind = TokenKind::keyword(text).unwrap_or(TokenKind::Name);
        self.push(kind, start, self.position);
        Ok(())
    }

    /// Lexes a string literal whose prefix (possibly empty) starts at `start`; the lexer
    /// stands on the opening quote.
    fn string(&mut self, start: usize) -> LexResult<()> {
        let Some(quote) = self.peek() else {
            return Ok(());
        };
        let triple = self.peek_at(1) == Some(quote) && self.peek_at(2) == Some(quote);
        self.position += if triple { 3 } else { 1 };
        loop {
            let Some(byte) = self.peek() else {
                let detected_at = self.line_of(self.bytes.len().saturating_sub(1).max(start));
                let what = if triple {
                    "unterminated triple-quoted string literal"
                } else {
                    "unterminated string literal"
                };
                return Err(immediate(SyntaxError::new(
                    format!("{what} (detected at line {detected_at})"),
                    self.span_at(start),
                )));
            };
            if byte == b'\\' {
                self.position += 1;
                // The escaped character, whatever it is, cannot end the literal.
                if let Some(c) = self.peek_char() {
                    self.position += c.len_utf8();
                }
                continue;
            }
            if byte == b'\n' && !triple {
                let detected_at = self.line_of(self.position);
                return Err(immediate(SyntaxError::new(
                    format!("unterminated string literal (detected at line {detected_at})"),
                    self.span_at(start),
                )));
            }
            if byte == quote {
                if !triple {
                    self.position += 1;
                    break;
                }
                if self.peek_at(1) == Some(quote) && self.peek_at(2) == Some(quote) {
                    self.position += 3;
                    break;
                }
            }
            self.position += match self.peek_char() {
                Some(c) => c.len_utf8(),
                None => 1,
            };
        }
        self.push(TokenKind::String, start, self.position);
        Ok(())
    }

    fn number(&mut self) -> LexResult<()> {
        let start = self.position;
        let kind = NumberScanner {
            bytes: self.bytes,
            source: self.source,
            start,
            position: start,
        }
        .scan();
        match kind {
            Ok((kind, end)) => {
                self.position = end;
                self.push(kind, start, end);
                Ok(())
            }
            Err(error) => Err(immediate(error)),
        }
    }

    fn end_of_input(&mut self) -> LexResult<()> {
        let end = self.bytes.len();
        if self.fragment && self.brackets.len() == 1 {
            self.push(TokenKind::EndOfFile, end, end);
            return Ok(());
        }
        if let Some(open) = self.brackets.first().copied() {
            // CPython names the innermost bracket that is still open.
            let innermost = self.brackets.last().copied().unwrap_or(open);
            let offset = innermost.offset;
            return Err(LexError {
                error: SyntaxError::new(
                    format!("'{}' was never closed", innermost.character as char),
                    Span::new(offset, offset + 1),
                ),
                timing: LexErrorTiming::UnclosedBracket {
                    bracket_line: self.line_of(offset as usize),
                },
            });
        }
        if self.line_has_tokens {
            self.push(TokenKind::Newline, end, end);
            self.line_has_tokens = false;
        }
        // CPython reports errors at the end of input on the last line, with no column.
        let last_line_start = self.line_start_of(end.saturating_sub(1)) as u32;
        let eof = Span::new(last_line_start, last_line_start);
        while self.indents.len() > 1 {
            self.indents.pop();
            self.tokens.push(Token {
                kind: TokenKind::Dedent,
                span: eof,
            });
        }
        self.tokens.push(Token {
            kind: TokenKind::EndOfFile,
            span: eof,
        });
        Ok(())
    }
}

/// Whether `text` is a string prefix CPython accepts (`r`, `b`, `rb`, `f`, `rf`, `u`, in any
/// case and order).
pub fn is_string_prefix(text: &str) -> bool {
    matches!(
        text.to_ascii_lowercase().as_str(),
        "r" | "u" | "b" | "br" | "rb" | "f" | "fr" | "rf"
    )
}

/// Scans one number literal with CPython's rules and error messages.
struct NumberScanner<'src> {
    bytes: &'src [u8],
    source: &'src str,
    start: usize,
    position: usize,
}

impl NumberScanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.position).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.bytes.get(self.position + ahead).copied()
    }

    /// An error with CPython's caret: one character before `self.position`, where CPython's
    /// tokenizer stands after backing up over the offending character.
    fn error_before(&self, message: impl Into<String>) -> SyntaxError {
        let at = self.position.saturating_sub(1).max(self.start) as u32;
        SyntaxError::new(message, Span::new(at, at))
    }

    fn scan(mut self) -> Result<(TokenKind, usize), SyntaxError> {
        if self.peek() == Some(b'.') {
            self.position += 1;
            return self.fraction();
        }
        if self.peek() == Some(b'0') {
            match self.peek_at(1).map(|b| b.to_ascii_lowercase()) {
                Some(b'x') => return self.prefixed(16, "hexadecimal"),
                Some(b'o') => return self.prefixed(8, "octal"),
                Some(b'b') => return self.prefixed(2, "binary"),
                _ => return self.leading_zero(),
            }
        }
        self.decimal_tail()?;
        self.after_integer_part()
    }

    /// Digits and single underscores between digits.
    fn decimal_tail(&mut self) -> Result<(), SyntaxError> {
        loop {
            while self.peek().is_some_and(|b| b.is_ascii_digit()) {
                self.position += 1;
            }
            if self.peek() != Some(b'_') {
                return Ok(());
            }
            self.position += 1;
            if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
                return Err(self.error_before("invalid decimal literal"));
            }
        }
    }

    fn after_integer_part(mut self) -> Result<(TokenKind, usize), SyntaxError> {
        match self.peek() {
            Some(b'.') => {
                self.position += 1;
                self.fraction()
            }
            Some(b'e' | b'E') => self.exponent(),
            Some(b'j' | b'J') => self.imaginary(),
            _ => self.finish(TokenKind::Int, "decimal"),
        }
    }

    /// After the `.` of a float.
    fn fraction(mut self) -> Result<(TokenKind, usize), SyntaxError> {
        if self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.decimal_tail()?;
        }
        match self.peek() {
            Some(b'e' | b'E') => self.exponent(),
            Some(b'j' | b'J') => self.imaginary(),
            _ => self.finish(TokenKind::Float, "decimal"),
        }
    }

    /// Standing on `e`/`E`.
    fn exponent(mut self) -> Result<(TokenKind, usize), SyntaxError> {
        let e_position = self.position;
        self.position += 1;
        match self.peek() {
            Some(b'+' | b'-') => {
                self.position += 1;
                if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
                    return Err(self.error_before("invalid decimal literal"));
                }
            }
            Some(b'0'..=b'9') => {}
            _ => {
                // Not an exponent after all: the number ends before the `e`, which then must
                // not run into a name.
                self.position = e_position;
                return self.finish(TokenKind::Float, "decimal");
            }
        }
        self.decimal_tail()?;
        match self.peek() {
            Some(b'j' | b'J') => self.imaginary(),
            _ => self.finish(TokenKind::Float, "decimal"),
        }
    }

    fn imaginary(mut self) -> Result<(TokenKind, usize), SyntaxError> {
        self.position += 1;
        self.finish(TokenKind::Imaginary, "imaginary")
    }

    /// `0x`, `0o`, `0b` literals.
    fn prefixed(mut self, radix: u32, name: &str) -> Result<(TokenKind, usize), SyntaxError> {
        self.position += 2;
        loop {
            if self.peek() == Some(b'_') {
                self.position += 1;
            }
            let digit = self.peek().map(|b| b as char);
            if !digit.is_some_and(|c| c.is_digit(radix)) {
                if let Some(c) = digit.filter(|c| c.is_ascii_digit() && radix < 10) {
                    self.position += 1;
                    let at = self.position as u32 - 1;
                    return Err(SyntaxError::new(
                        format!("invalid digit '{c}' in {name} literal"),
                        Span::new(at, at),
                    ));
                }
                return Err(self.error_before(format!("invalid {name} literal")));
            }
            while self.peek().is_some_and(|b| (b as char).is_digit(radix)) {
                self.position += 1;
            }
            if self.peek() != Some(b'_') {
                break;
            }
        }
        if let Some(c) = self
            .peek()
            .map(|b| b as char)
            .filter(|c| c.is_ascii_digit() && radix < 10)
        {
            self.position += 1;
            let at = self.position as u32 - 1;
            return Err(SyntaxError::new(
                format!("invalid digit '{c}' in {name} literal"),
                Span::new(at, at),
            ));
        }
        self.finish(TokenKind::Int, name)
    }

    /// A literal starting with `0` and no base prefix: zeros, or a float, or an error.
    fn leading_zero(mut self) -> Result<(TokenKind, usize), SyntaxError> {
        loop {
            if self.peek() == Some(b'_') {
                self.position += 1;
                if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
                    return Err(self.error_before("invalid decimal literal"));
                }
            }
            if self.peek() != Some(b'0') {
                break;
            }
            self.position += 1;
        }
        let zeros_end = self.position;
        let nonzero = self.peek().is_some_and(|b| b.is_ascii_digit());
        if nonzero {
            self.decimal_tail()?;
        }
        match self.peek() {
            Some(b'.') => {
                self.position += 1;
                self.fraction()
            }
            Some(b'e' | b'E') => self.exponent(),
            Some(b'j' | b'J') => self.imaginary(),
            _ if nonzero => Err(SyntaxError::new(
                "leading zeros in decimal integer literals are not permitted; \
                 use an 0o prefix for octal integers",
                Span::new(self.start as u32, zeros_end as u32),
            )),
            _ => self.finish(TokenKind::Int, "decimal"),
        }
    }

    /// Checks what follows a number (CPython's `verify_end_of_number`): a name character is an
    /// error unless it starts a keyword that can follow a number (`1if x else y`).
    fn finish(self, kind: TokenKind, name: &str) -> Result<(TokenKind, usize), SyntaxError> {
        let rest = &self.source[self.position..];
        let Some(next) = rest.chars().next() else {
            return Ok((kind, self.position));
        };
        let keyword_follows = ["and", "else", "for", "if", "in", "is", "or", "not"]
            .iter()
            .any(|keyword| rest.starts_with(keyword));
        if !keyword_follows && is_identifier_continue(next) {
            return Err(self.error_before(format!("invalid {name} literal")));
        }
        Ok((kind, self.position))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use TokenKind::*;

    fn kinds(source: &str) -> Vec<TokenKind> {
        tokenize(source).tokens.iter().map(|t| t.kind).collect()
    }

    fn error(source: &str) -> std::string::String {
        tokenize(source)
            .error
            .map(|e| e.error.message)
            .unwrap_or_default()
    }

    #[test]
    fn indentation_blocks() {
        assert_eq!(
            kinds("if x:\n    y\nz\n"),
            vec![If, Name, Colon, Newline, Indent, Name, Newline, Dedent, Name, Newline, EndOfFile]
        );
    }

    #[test]
    fn blank_lines_and_comments_are_skipped() {
        assert_eq!(
            kinds("x  # c\n\n   # d\n  \ny"),
            vec![Name, Newline, Name, Newline, EndOfFile]
        );
    }

    #[test]
    fn brackets_join_lines() {
        assert_eq!(
            kinds("(1,\n 2)\n"),
            vec![LeftParen, Int, Comma, Int, RightParen, Newline, EndOfFile]
        );
        assert_eq!(
            kinds("x = 1 + \\\n  2"),
            vec![Name, Equal, Int, Plus, Int, Newline, EndOfFile]
        );
    }

    #[test]
    fn numbers() {
        assert_eq!(
            kinds("1 1.5 .5 1. 1e-5 0x_ff 0o17 0b1 1_000 2j 1if"),
            vec![
                Int, Float, Float, Float, Float, Int, Int, Int, Int, Imaginary, Int, If, Newline,
                EndOfFile
            ]
        );
        assert_eq!(error("1abc"), "invalid decimal literal");
        assert_eq!(error("0o8"), "invalid digit '8' in octal literal");
        assert_eq!(
            error("012"),
            "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers"
        );
    }

    #[test]
    fn strings_and_prefixes() {
        assert_eq!(
            kinds("'a' \"b\" '''c\nd''' rb'x' F\"{y}\" u'z' 'it\\'s'"),
            vec![String, String, String, String, String, String, String, Newline, EndOfFile]
        );
        assert_eq!(
            error("x = 'abc"),
            "unterminated string literal (detected at line 1)"
        );
        assert_eq!(
            error("x = '''abc\n\n"),
            "unterminated triple-quoted string literal (detected at line 2)"
        );
    }

    #[test]
    fn bracket_errors() {
        assert_eq!(
            error("(]"),
            "closing parenthesis ']' does not match opening parenthesis '('"
        );
        assert_eq!(error(")"), "unmatched ')'");
        assert_eq!(error("x = [1,\n"), "'[' was never closed");
        assert_eq!(error(&"(".repeat(201)), "too many nested parentheses");
    }

    #[test]
    fn indentation_errors() {
        assert_eq!(
            error("if x:\n    a\n  b\n"),
            "unindent does not match any outer indentation level"
        );
        assert_eq!(
            error("if x:\n\ta\n        b\n"),
            "inconsistent use of tabs and spaces in indentation"
        );
    }

    #[test]
    fn invalid_characters() {
        assert_eq!(error("a = €"), "invalid character '€' (U+20AC)");
        assert_eq!(
            error("a = \u{a0}1"),
            "invalid non-printable character U+00A0"
        );
    }
}
