//! String literals: prefixes, escape sequences, implicit concatenation and f-strings.
//!
//! CPython 3.11 tokenizes a whole f-string as one token and splits it afterwards
//! (`Parser/string_parser.c`); so do we. A replacement field's expression is parsed by a
//! sub-parser over that part of the source, so its nodes carry real source spans. Errors about
//! a string group are reported where CPython reports them: at the token that follows it.

use super::{expr, ParseResult, Parser};
use crate::ast::{Constant, Expr, ExprKind, FStringPart};
use crate::lexer;
use crate::span::Span;
use crate::syntax_error::SyntaxError;
use crate::token::TokenKind;

/// How deep format specs may nest replacement fields (`{x:{width}}` is one level).
const FORMAT_SPEC_LEVELS_MAX: u32 = 2;

/// One string token taken apart.
struct StringLiteral<'src> {
    /// The text between the quotes, verbatim.
    body: &'src str,
    /// Source offset of `body`.
    body_start: u32,
    raw: bool,
    bytes: bool,
    formatted: bool,
}

impl<'src> StringLiteral<'src> {
    fn new(text: &'src str, start: u32) -> StringLiteral<'src> {
        let prefix_length = text.find(['\'', '"']).unwrap_or(0);
        let prefix = text[..prefix_length].to_ascii_lowercase();
        let quote = &text[prefix_length..];
        let quote_length = if quote.starts_with("'''") || quote.starts_with("\"\"\"") {
            3
        } else {
            1
        };
        let body_begin = (prefix_length + quote_length).min(text.len());
        let body_end = text.len().saturating_sub(quote_length).max(body_begin);
        StringLiteral {
            body: &text[body_begin..body_end],
            body_start: start + body_begin as u32,
            raw: prefix.contains('r'),
            bytes: prefix.contains('b'),
            formatted: prefix.contains('f'),
        }
    }
}

/// Accumulates the parts of a `JoinedStr`, merging adjacent literal text as CPython does.
#[derive(Default)]
struct PartsBuilder {
    parts: Vec<FStringPart>,
    literal: String,
}

impl PartsBuilder {
    fn push_literal(&mut self, text: &str) {
        self.literal.push_str(text);
    }

    fn push_field(&mut self, part: FStringPart) {
        self.flush();
        self.parts.push(part);
    }

    fn flush(&mut self) {
        if !self.literal.is_empty() {
            self.parts
                .push(FStringPart::Literal(std::mem::take(&mut self.literal)));
        }
    }

    fn finish(mut self) -> Vec<FStringPart> {
        self.flush();
        self.parts
    }
}

impl Parser<'_> {
    /// One or more adjacent string literals, standing on the first: a `str` or `bytes`
    /// constant, or a `JoinedStr` when any of them is an f-string.
    #[inline(never)]
    pub(super) fn strings(&mut self) -> ParseResult<Expr> {
        let mut tokens = Vec::new();
        while self.at(TokenKind::String) {
            tokens.push(self.advance());
        }
        let first = tokens.first().map_or(self.current().span, |t| t.span);
        let last = tokens.last().map_or(first, |t| t.span);
        let span = first.to(last);
        // CPython reports problems with the literals at the token after them.
        let error_span = self.current().span;
        let literals: Vec<StringLiteral> = tokens
            .iter()
            .map(|token| StringLiteral::new(self.text(token.span), token.span.start))
            .collect();

        let any_bytes = literals.iter().any(|literal| literal.bytes);
        if any_bytes {
            if !literals.iter().all(|literal| literal.bytes) {
                return Err(SyntaxError::new(
                    "cannot mix bytes and nonbytes literals",
                    error_span,
                ));
            }
            let mut value = Vec::new();
            for (literal, token) in literals.iter().zip(&tokens) {
                if !literal.body.is_ascii() {
                    return Err(SyntaxError::new(
                        "bytes can only contain ASCII literal characters",
                        token.span,
                    ));
                }
                if literal.raw {
                    value.extend_from_slice(literal.body.as_bytes());
                } else {
                    decode_bytes_escapes(literal.body, &mut value)
                        .map_err(|message| SyntaxError::new(message, error_span))?;
                }
            }
            return Ok(expr(ExprKind::Constant(Constant::Bytes(value)), span));
        }

        if !literals.iter().any(|literal| literal.formatted) {
            let mut value = String::new();
            for literal in &literals {
                self.decode_str(literal, error_span, &mut value)?;
            }
            return Ok(expr(ExprKind::Constant(Constant::Str(value)), span));
        }

        let mut parts = PartsBuilder::default();
        for literal in &literals {
            if literal.formatted {
                self.fstring(literal, 0, error_span, &mut parts)?;
            } else {
                let mut value = String::new();
                self.decode_str(literal, error_span, &mut value)?;
                parts.push_literal(&value);
            }
        }
        Ok(expr(ExprKind::JoinedStr(parts.finish()), span))
    }

    /// Appends the value of a plain (non-f) `str` literal.
    fn decode_str(
        &self,
        literal: &StringLiteral,
        error_span: Span,
        out: &mut String,
    ) -> ParseResult<()> {
        if literal.raw {
            out.push_str(literal.body);
            return Ok(());
        }
        decode_str_escapes(literal.body, out)
            .map_err(|message| SyntaxError::new(message, error_span))
    }

    /// Splits the body of an f-string (or of a format spec, at `level` 1 and deeper) into
    /// literal text and replacement fields. Stops at the end of the body or, in a format spec,
    /// at the `}` that closes it; returns the body offset where it stopped.
    fn fstring(
        &mut self,
        literal: &StringLiteral,
        level: u32,
        error_span: Span,
        parts: &mut PartsBuilder,
    ) -> ParseResult<usize> {
        self.fstring_from(literal, 0, level, error_span, parts)
    }

    fn fstring_from(
        &mut self,
        literal: &StringLiteral,
        mut position: usize,
        level: u32,
        error_span: Span,
        parts: &mut PartsBuilder,
    ) -> ParseResult<usize> {
        let body = literal.body.as_bytes();
        let error = |message: &str| SyntaxError::new(message, error_span);
        loop {
            let progress_start = position;
            // Literal text up to an undoubled brace.
            let literal_start = position;
            let mut literal_end = position;
            let mut doubled = false;
            let mut trailing_backslash = false;
            while position < body.len() {
                let byte = body[position];
                if !literal.raw && byte == b'\\' && position + 1 < body.len() {
                    let escaped = body[position + 1];
                    position = (position + 1 + utf8_length(escaped)).min(body.len());
                    if escaped == b'N' && body.get(position) == Some(&b'{') {
                        // Skip a `\N{NAME}` escape whole: its brace opens no field.
                        while position < body.len() && body[position] != b'}' {
                            position += 1;
                        }
                        position = (position + 1).min(body.len());
                    } else if escaped == b'{' {
                        // CPython keeps the backslash as text and still starts a field.
                        position -= 1;
                        literal_end = position - 1;
                        trailing_backslash = true;
                        break;
                    }
                    literal_end = position;
                    continue;
                }
                if byte == b'{' || byte == b'}' {
                    if level == 0 {
                        if body.get(position + 1) == Some(&byte) {
                            literal_end = position + 1;
                            position += 2;
                            doubled = true;
                            break;
                        }
                        if byte == b'}' {
                            return Err(error("f-string: single '}' is not allowed"));
                        }
                    }
                    literal_end = position;
                    break;
                }
                position += utf8_length(byte);
                literal_end = position;
            }
            let text = literal
                .body
                .get(literal_start..literal_end.min(body.len()))
                .unwrap_or("");
            if literal.raw {
                parts.push_literal(text);
            } else {
                let mut decoded = String::new();
                decode_str_escapes(text, &mut decoded).map_err(|message| error(&message))?;
                parts.push_literal(&decoded);
            }
            if trailing_backslash {
                parts.push_literal("\\");
            }
            if doubled {
                continue;
            }
            if position >= body.len() || body[position] == b'}' {
                if level == 0 && position < body.len() {
                    return Err(error("f-string: single '}' is not allowed"));
                }
                return Ok(position);
            }
            // A replacement field.
            position = self.replacement_field(literal, position, level, error_span, parts)?;
            debug_assert!(position > progress_start, "f-string scan made no progress");
        }
    }

    /// Parses `{expr=!c:spec}` standing on `{`; returns the offset after its `}`.
    fn replacement_field(
        &mut self,
        literal: &StringLiteral,
        open: usize,
        level: u32,
        error_span: Span,
        parts: &mut PartsBuilder,
    ) -> ParseResult<usize> {
        let body = literal.body.as_bytes();
        let error = |message: &str| SyntaxError::new(message, error_span);
        if level >= FORMAT_SPEC_LEVELS_MAX {
            return Err(error("f-string: expressions nested too deeply"));
        }
        let expression_start = open + 1;
        let expression_end =
            scan_field_expression(body, expression_start).map_err(|m| error(&m))?;
        let mut position = expression_end;
        if position >= body.len() {
            return Err(error("f-string: expecting '}'"));
        }
        let expression_text = &literal.body[expression_start..expression_end];
        if expression_text
            .bytes()
            .all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c'))
        {
            let terminator = body[position] as char;
            return Err(if matches!(terminator, '!' | ':' | '=') {
                error(&format!(
                    "f-string: expression required before '{terminator}'"
                ))
            } else {
                error("f-string: empty expression not allowed")
            });
        }
        let value = self.field_expression(
            literal.body_start + expression_start as u32,
            literal.body_start + expression_end as u32,
        )?;

        let mut debug_text = None;
        if body[position] == b'=' {
            position += 1;
            while position < body.len() && body[position].is_ascii_whitespace() {
                position += 1;
            }
            if position >= body.len() {
                return Err(error("f-string: expecting '}'"));
            }
            debug_text = Some(&literal.body[expression_start..position]);
        }
        let mut conversion = None;
        if body[position] == b'!' {
            position += 1;
            let Some(&character) = body.get(position) else {
                return Err(error("f-string: expecting '}'"));
            };
            position += 1;
            if !matches!(character, b's' | b'r' | b'a') {
                return Err(error(
                    "f-string: invalid conversion character: expected 's', 'r', or 'a'",
                ));
            }
            conversion = Some(character as char);
        }
        let mut format_spec = None;
        if position < body.len() && body[position] == b':' {
            position += 1;
            if position >= body.len() {
                return Err(error("f-string: expecting '}'"));
            }
            let mut spec = PartsBuilder::default();
            position = self.fstring_from(literal, position, level + 1, error_span, &mut spec)?;
            format_spec = Some(spec.finish());
        }
        if position >= body.len() || body[position] != b'}' {
            return Err(error("f-string: expecting '}'"));
        }
        position += 1;

        if let Some(text) = debug_text {
            parts.push_literal(text);
            if format_spec.is_none() && conversion.is_none() {
                conversion = Some('r');
            }
        }
        parts.push_field(FStringPart::FormattedValue {
            value: Box::new(value),
            conversion,
            format_spec,
        });
        Ok(position)
    }

    /// Parses the expression of a replacement field, `source[start..end]`, as CPython 3.11
    /// does: as if it stood between parentheses.
    fn field_expression(&mut self, start: u32, end: u32) -> ParseResult<Expr> {
        let tokens = lexer::tokenize_fragment(self.source, start as usize, end as usize);
        let mut sub_parser = Parser::new(self.source, tokens.tokens, tokens.error);
        // The fragment nests where the f-string stands, inside CPython's virtual parentheses.
        sub_parser.depth = self.depth;
        sub_parser.recursion = self.recursion;
        sub_parser.bracket_depth = 1;
        // The virtual parentheses stand where the `{` and the terminator are.
        let open = Span::new(start.saturating_sub(1), start);
        let result = sub_parser
            .enter()
            .and_then(|()| sub_parser.parenthesized_contents(open, TokenKind::EndOfFile));
        match result {
            Ok(mut value) => {
                let parenthesized = matches!(
                    value.kind,
                    ExprKind::Tuple(_) | ExprKind::GeneratorExp { .. }
                );
                if parenthesized && value.span.start + 1 == start && value.span.end == end {
                    value.span.end = end + 1;
                }
                Ok(value)
            }
            Err(error) => {
                let mut error = sub_parser.finish_error(error);
                // CPython prefixes the parser's messages, not the tokenizer's.
                let from_tokenizer = sub_parser
                    .lex_error
                    .as_ref()
                    .is_some_and(|lex_error| lex_error.error == error);
                if !from_tokenizer && !error.message.starts_with("f-string") {
                    error.message = format!("f-string: {}", error.message);
                }
                Err(error)
            }
        }
    }
}

/// Finds where a replacement field's expression ends (at a top-level `!`, `:`, `=`, or `}`
/// that is not part of `!=`, `==`, `<=`, `>=`), with CPython 3.11's rules: no backslashes,
/// no comments, brackets must match, strings inside are skipped.
fn scan_field_expression(body: &[u8], start: usize) -> Result<usize, String> {
    let mut brackets: Vec<u8> = Vec::new();
    let mut quote: Option<(u8, bool)> = None;
    let mut position = start;
    while position < body.len() {
        let byte = body[position];
        if byte == b'\\' {
            return Err("f-string expression part cannot include a backslash".to_owned());
        }
        if let Some((quote_byte, triple)) = quote {
            if byte == quote_byte {
                if !triple {
                    quote = None;
                } else if body.get(position + 1) == Some(&byte)
                    && body.get(position + 2) == Some(&byte)
                {
                    position += 2;
                    quote = None;
                }
            }
            position += 1;
            continue;
        }
        match byte {
            b'\'' | b'"' => {
                let triple =
                    body.get(position + 1) == Some(&byte) && body.get(position + 2) == Some(&byte);
                if triple {
                    position += 2;
                }
                quote = Some((byte, triple));
            }
            b'[' | b'(' | b'{' => {
                if brackets.len() >= lexer::BRACKET_LEVELS_MAX {
                    return Err("f-string: too many nested parenthesis".to_owned());
                }
                brackets.push(byte);
            }
            b'#' => return Err("f-string expression part cannot include '#'".to_owned()),
            b']' | b'}' | b')' => {
                let Some(opening) = brackets.pop() else {
                    if byte == b'}' {
                        break;
                    }
                    return Err(format!("f-string: unmatched '{}'", byte as char));
                };
                let matches = matches!((opening, byte), (b'(', b')') | (b'[', b']') | (b'{', b'}'));
                if !matches {
                    return Err(format!(
                        "f-string: closing parenthesis '{}' does not match opening parenthesis '{}'",
                        byte as char, opening as char
                    ));
                }
            }
            b'!' | b':' | b'=' | b'<' | b'>' if brackets.is_empty() => {
                let next = body.get(position + 1).copied();
                let two_character_operator = next == Some(b'=') && byte != b':';
                if two_character_operator {
                    position += 2;
                    continue;
                }
                if byte != b'<' && byte != b'>' {
                    break;
                }
            }
            _ => {}
        }
        position += 1;
    }
    if quote.is_some() {
        return Err("f-string: unterminated string".to_owned());
    }
    if let Some(opening) = brackets.last() {
        return Err(format!("f-string: unmatched '{}'", *opening as char));
    }
    Ok(position)
}

/// The length of the UTF-8 sequence starting with `byte` (1 for a stray continuation byte).
fn utf8_length(byte: u8) -> usize {
    match byte {
        0xF0..=0xF7 => 4,
        0xE0..=0xEF => 3,
        0xC0..=0xDF => 2,
        _ => 1,
    }
}

/// Decodes the escape sequences of a `str` literal body into `out`. On error, returns
/// CPython's message, with positions counted the way its decoder sees the body (where every
/// non-ASCII character is first rewritten as a 10-byte `\UXXXXXXXX` escape).
fn decode_str_escapes(body: &str, out: &mut String) -> Result<(), String> {
    let mut characters = body.char_indices().peekable();
    // Position in CPython's rewritten buffer.
    let mut virtual_position = 0usize;
    let width = |c: char| if c.is_ascii() { 1 } else { 10 };
    while let Some((_, c)) = characters.next() {
        if c != '\\' {
            out.push(c);
            virtual_position += width(c);
            continue;
        }
        let escape_start = virtual_position;
        let Some((_, kind)) = characters.next() else {
            return Err(unicode_error(
                escape_start,
                escape_start + 1,
                "\\ at end of string",
            ));
        };
        virtual_position += 1 + width(kind);
        let simple = match kind {
            '\n' => Some(None),
            '\\' => Some(Some('\\')),
            '\'' => Some(Some('\'')),
            '"' => Some(Some('"')),
            'a' => Some(Some('\x07')),
            'b' => Some(Some('\x08')),
            'f' => Some(Some('\x0c')),
            'n' => Some(Some('\n')),
            'r' => Some(Some('\r')),
            't' => Some(Some('\t')),
            'v' => Some(Some('\x0b')),
            _ => None,
        };
        if let Some(value) = simple {
            out.extend(value);
            continue;
        }
        match kind {
            '0'..='7' => {
                let mut value = kind as u32 - '0' as u32;
                for _ in 0..2 {
                    match characters.peek() {
                        Some(&(_, digit @ '0'..='7')) => {
                            value = value * 8 + (digit as u32 - '0' as u32);
                            characters.next();
                            virtual_position += 1;
                        }
                        _ => break,
                    }
                }
                out.push(char::from_u32(value).unwrap_or('\u{FFFD}'));
            }
            'x' | 'u' | 'U' => {
                let (count, name) = match kind {
                    'x' => (2, "truncated \\xXX escape"),
                    'u' => (4, "truncated \\uXXXX escape"),
                    _ => (8, "truncated \\UXXXXXXXX escape"),
                };
                let mut value = 0u32;
                for _ in 0..count {
                    match characters.peek().and_then(|&(_, digit)| digit.to_digit(16)) {
                        Some(digit) => {
                            value = value * 16 + digit;
                            characters.next();
                            virtual_position += 1;
                        }
                        None => return Err(unicode_error(escape_start, virtual_position, name)),
                    }
                }
                if value > 0x10FFFF {
                    return Err(unicode_error(
                        escape_start,
                        virtual_position,
                        "illegal Unicode character",
                    ));
                }
                // Lone surrogates cannot live in a Rust string.
                out.push(char::from_u32(value).unwrap_or('\u{FFFD}'));
            }
            'N' => {
                let mut name = String::new();
                let mut closed = false;
                if characters.peek().map(|&(_, c)| c) == Some('{') {
                    characters.next();
                    virtual_position += 1;
                    for (_, c) in characters.by_ref() {
                        virtual_position += width(c);
                        if c == '}' {
                            closed = true;
                            break;
                        }
                        name.push(c);
                    }
                }
                if !closed || name.is_empty() {
                    return Err(unicode_error(
                        escape_start,
                        virtual_position,
                        "malformed \\N character escape",
                    ));
                }
                match unicode_character_named(&name) {
                    Some(c) => out.push(c),
                    None => {
                        return Err(unicode_error(
                            escape_start,
                            virtual_position,
                            "unknown Unicode character name (the playground knows only common \
                             \\N{...} names: write the character itself or a \\u escape)",
                        ))
                    }
                }
            }
            other => {
                // Unknown escapes stay as written (CPython only warns).
                out.push('\\');
                out.push(other);
            }
        }
    }
    Ok(())
}

/// CPython's message for a failed `unicodeescape` decoding of bytes `start..end`.
fn unicode_error(start: usize, end: usize, reason: &str) -> String {
    let last = end.saturating_sub(1).max(start);
    if last == start {
        format!("(unicode error) 'unicodeescape' codec can't decode byte 0x5c in position {start}: {reason}")
    } else {
        format!("(unicode error) 'unicodeescape' codec can't decode bytes in position {start}-{last}: {reason}")
    }
}

/// Decodes the escape sequences of a `bytes` literal body (already checked to be ASCII).
fn decode_bytes_escapes(body: &str, out: &mut Vec<u8>) -> Result<(), String> {
    let bytes = body.as_bytes();
    let mut position = 0;
    while position < bytes.len() {
        let byte = bytes[position];
        position += 1;
        if byte != b'\\' {
            out.push(byte);
            continue;
        }
        let escape_start = position - 1;
        let Some(&kind) = bytes.get(position) else {
            return Err("(value error) Trailing \\ in string".to_owned());
        };
        position += 1;
        match kind {
            b'\n' => {}
            b'\\' => out.push(b'\\'),
            b'\'' => out.push(b'\''),
            b'"' => out.push(b'"'),
            b'a' => out.push(0x07),
            b'b' => out.push(0x08),
            b'f' => out.push(0x0c),
            b'n' => out.push(b'\n'),
            b'r' => out.push(b'\r'),
            b't' => out.push(b'\t'),
            b'v' => out.push(0x0b),
            b'0'..=b'7' => {
                let mut value = u32::from(kind - b'0');
                for _ in 0..2 {
                    match bytes.get(position) {
                        Some(&digit @ b'0'..=b'7') => {
                            value = value * 8 + u32::from(digit - b'0');
                            position += 1;
                        }
                        _ => break,
                    }
                }
                out.push((value & 0xFF) as u8);
            }
            b'x' => {
                let high = bytes.get(position).and_then(|&b| (b as char).to_digit(16));
                let low = bytes
                    .get(position + 1)
                    .and_then(|&b| (b as char).to_digit(16));
                match (high, low) {
                    (Some(high), Some(low)) => {
                        out.push((high * 16 + low) as u8);
                        position += 2;
                    }
                    _ => {
                        return Err(format!(
                            "(value error) invalid \\x escape at position {escape_start}"
                        ))
                    }
                }
            }
            other => {
                out.push(b'\\');
                out.push(other);
            }
        }
    }
    Ok(())
}

/// The character a `\N{NAME}` escape names. Only a small table of common names: the
/// playground does not ship the Unicode name database, and says so in the error for others.
fn unicode_character_named(name: &str) -> Option<char> {
    let upper = name.to_ascii_uppercase();
    let character = match upper.as_str() {
        "SPACE" => ' ',
        "NO-BREAK SPACE" => '\u{A0}',
        "EM DASH" => '\u{2014}',
        "EN DASH" => '\u{2013}',
        "HYPHEN" => '\u{2010}',
        "BULLET" => '\u{2022}',
        "HORIZONTAL ELLIPSIS" => '\u{2026}',
        "DEGREE SIGN" => '\u{B0}',
        "MICRO SIGN" => '\u{B5}',
        "MULTIPLICATION SIGN" => '\u{D7}',
        "DIVISION SIGN" => '\u{F7}',
        "PLUS-MINUS SIGN" => '\u{B1}',
        "COPYRIGHT SIGN" => '\u{A9}',
        "REGISTERED SIGN" => '\u{AE}',
        "SECTION SIGN" => '\u{A7}',
        "PILCROW SIGN" => '\u{B6}',
        "EURO SIGN" => '\u{20AC}',
        "POUND SIGN" => '\u{A3}',
        "YEN SIGN" => '\u{A5}',
        "INFINITY" => '\u{221E}',
        "RIGHTWARDS ARROW" => '\u{2192}',
        "LEFTWARDS ARROW" => '\u{2190}',
        "CHECK MARK" => '\u{2713}',
        "BLACK STAR" => '\u{2605}',
        "SNOWMAN" => '\u{2603}',
        "GREEK SMALL LETTER ALPHA" => '\u{3B1}',
        "GREEK SMALL LETTER BETA" => '\u{3B2}',
        "GREEK SMALL LETTER GAMMA" => '\u{3B3}',
        "GREEK SMALL LETTER DELTA" => '\u{3B4}',
        "GREEK SMALL LETTER EPSILON" => '\u{3B5}',
        "GREEK SMALL LETTER LAMDA" => '\u{3BB}',
        "GREEK SMALL LETTER MU" => '\u{3BC}',
        "GREEK SMALL LETTER PI" => '\u{3C0}',
        "GREEK SMALL LETTER SIGMA" => '\u{3C3}',
        "GREEK CAPITAL LETTER DELTA" => '\u{394}',
        "GREEK CAPITAL LETTER SIGMA" => '\u{3A3}',
        "GREEK CAPITAL LETTER OMEGA" => '\u{3A9}',
        "LATIN SMALL LETTER E WITH ACUTE" => '\u{E9}',
        "BOX DRAWINGS LIGHT HORIZONTAL" => '\u{2500}',
        "BOX DRAWINGS LIGHT VERTICAL" => '\u{2502}',
        "FULL BLOCK" => '\u{2588}',
        "LINE FEED" | "LF" => '\n',
        "CARRIAGE RETURN" | "CR" => '\r',
        "CHARACTER TABULATION" | "TAB" => '\t',
        "NULL" | "NUL" => '\0',
        _ => return None,
    };
    Some(character)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(body: &str) -> Result<String, String> {
        let mut out = String::new();
        decode_str_escapes(body, &mut out).map(|()| out)
    }

    #[test]
    fn str_escapes() {
        assert_eq!(
            decoded(r"a\tb\n\\\'\x41\u00e9\U0001F600\101\0").unwrap(),
            "a\tb\n\\'Aé😀A\0"
        );
        assert_eq!(decoded("a\\\nb").unwrap(), "ab");
        assert_eq!(decoded(r"\q").unwrap(), "\\q");
        assert_eq!(decoded(r"\N{EM DASH}").unwrap(), "\u{2014}");
    }

    #[test]
    fn str_escape_errors_count_positions_like_cpython() {
        assert_eq!(
            decoded(r"\x4").unwrap_err(),
            "(unicode error) 'unicodeescape' codec can't decode bytes in position 0-2: truncated \\xXX escape"
        );
        assert_eq!(
            decoded(r"é\x4").unwrap_err(),
            "(unicode error) 'unicodeescape' codec can't decode bytes in position 10-12: truncated \\xXX escape"
        );
    }

    #[test]
    fn bytes_escapes() {
        let mut out = Vec::new();
        decode_bytes_escapes(r"a\x00\377\n", &mut out).unwrap();
        assert_eq!(out, b"a\x00\xff\n");
        assert_eq!(
            decode_bytes_escapes(r"\x4", &mut Vec::new()).unwrap_err(),
            "(value error) invalid \\x escape at position 0"
        );
    }

    #[test]
    fn field_expression_ends() {
        assert_eq!(scan_field_expression(b"x}", 0), Ok(1));
        assert_eq!(scan_field_expression(b"a!=b}", 0), Ok(4));
        assert_eq!(scan_field_expression(b"x:>10}", 0), Ok(1));
        assert_eq!(scan_field_expression(b"d['}']}", 0), Ok(6));
        assert_eq!(scan_field_expression(b"f(a, b)=}", 0), Ok(7));
        assert!(scan_field_expression(b"a#}", 0).is_err());
    }
}
