//! Tokens: what the lexer hands the parser.
//!
//! A token is a kind plus a [`Span`]; its text is always `&source[span]`, so tokens own no
//! strings. Literals (numbers, strings) are validated by the lexer but decoded by the parser,
//! the way CPython 3.11 treats a whole f-string as one `STRING` token.

use crate::span::Span;

/// One token: its kind and where it is in the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
}

/// Every kind of token of the Python subset, mirroring CPython's `token` module.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TokenKind {
    // Structure.
    /// The end of a logical line. Its span is empty, at the `\n` (or at the end of input when
    /// the last line has no newline), as CPython places it.
    Newline,
    /// The start of a deeper block. Its span is empty, at the first token of the line.
    Indent,
    /// The end of a block. Its span is empty, at the first token of the line.
    Dedent,
    /// The end of input; always the last token of a successful tokenization.
    EndOfFile,
    /// Where the lexer stopped on an error; always the last token when present. The error
    /// itself travels next to the token list (see [`crate::lexer::LexError`]).
    Error,

    // Atoms.
    Name,
    /// An integer literal (any base, underscores allowed).
    Int,
    Float,
    /// A number with a `j` suffix.
    Imaginary,
    /// A string or bytes literal with its prefix and quotes, f-strings included.
    String,

    // Brackets.
    LeftParen,
    RightParen,
    LeftBracket,
    RightBracket,
    LeftBrace,
    RightBrace,

    // Punctuation.
    Colon,
    Comma,
    Semicolon,
    Dot,
    Ellipsis,
    /// `->`
    Arrow,
    /// `:=`
    ColonEqual,
    /// `=`
    Equal,
    /// `@`, as a decorator marker or the matrix-multiplication operator.
    At,

    // Operators.
    Plus,
    Minus,
    Star,
    DoubleStar,
    Slash,
    DoubleSlash,
    Percent,
    VerticalBar,
    Ampersand,
    CircumFlex,
    Tilde,
    LeftShift,
    RightShift,
    Less,
    Greater,
    LessEqual,
    GreaterEqual,
    EqualEqual,
    NotEqual,

    // Augmented assignment.
    PlusEqual,
    MinusEqual,
    StarEqual,
    DoubleStarEqual,
    SlashEqual,
    DoubleSlashEqual,
    PercentEqual,
    AtEqual,
    VerticalBarEqual,
    AmpersandEqual,
    CircumFlexEqual,
    LeftShiftEqual,
    RightShiftEqual,

    /// A character CPython's tokenizer passes through as a generic `OP` that no grammar rule
    /// accepts (`!`, `$`, `?`, a backtick): the parser reports it as "invalid syntax".
    Unknown,

    // Keywords.
    False,
    None,
    True,
    And,
    As,
    Assert,
    Async,
    Await,
    Break,
    Class,
    Continue,
    Def,
    Del,
    Elif,
    Else,
    Except,
    Finally,
    For,
    From,
    Global,
    If,
    Import,
    In,
    Is,
    Lambda,
    Nonlocal,
    Not,
    Or,
    Pass,
    Raise,
    Return,
    Try,
    While,
    With,
    Yield,
}

impl TokenKind {
    /// The keyword spelled `text`, if it is one. Soft keywords (`match`, `case`, `_`) are names.
    pub fn keyword(text: &str) -> Option<TokenKind> {
        let kind = match text {
            "False" => TokenKind::False,
            "None" => TokenKind::None,
            "True" => TokenKind::True,
            "and" => TokenKind::And,
            "as" => TokenKind::As,
            "assert" => TokenKind::Assert,
            "async" => TokenKind::Async,
            "await" => TokenKind::Await,
            "break" => TokenKind::Break,
            "class" => TokenKind::Class,
            "continue" => TokenKind::Continue,
            "def" => TokenKind::Def,
            "del" => TokenKind::Del,
            "elif" => TokenKind::Elif,
            "else" => TokenKind::Else,
            "except" => TokenKind::Except,
            "finally" => TokenKind::Finally,
            "for" => TokenKind::For,
            "from" => TokenKind::From,
            "global" => TokenKind::Global,
            "if" => TokenKind::If,
            "import" => TokenKind::Import,
            "in" => TokenKind::In,
            "is" => TokenKind::Is,
            "lambda" => TokenKind::Lambda,
            "nonlocal" => TokenKind::Nonlocal,
            "not" => TokenKind::Not,
            "or" => TokenKind::Or,
            "pass" => TokenKind::Pass,
            "raise" => TokenKind::Raise,
            "return" => TokenKind::Return,
            "try" => TokenKind::Try,
            "while" => TokenKind::While,
            "with" => TokenKind::With,
            "yield" => TokenKind::Yield,
            _ => return None,
        };
        Some(kind)
    }

    /// Whether this is a reserved word (the parser's messages quote keywords differently).
    pub fn is_keyword(self) -> bool {
        use TokenKind::*;
        matches!(
            self,
            False
                | None
                | True
                | And
                | As
                | Assert
                | Async
                | Await
                | Break
                | Class
                | Continue
                | Def
                | Del
                | Elif
                | Else
                | Except
                | Finally
                | For
                | From
                | Global
                | If
                | Import
                | In
                | Is
                | Lambda
                | Nonlocal
                | Not
                | Or
                | Pass
                | Raise
                | Return
                | Try
                | While
                | With
                | Yield
        )
    }

    /// The operator or delimiter spelled by the longest prefix of `text` (up to three bytes),
    /// with its length in bytes.
    pub fn operator(text: &[u8]) -> Option<(TokenKind, usize)> {
        use TokenKind::*;
        let at = |i: usize| text.get(i).copied().unwrap_or(0);
        let three = match (at(0), at(1), at(2)) {
            (b'*', b'*', b'=') => Some(DoubleStarEqual),
            (b'/', b'/', b'=') => Some(DoubleSlashEqual),
            (b'<', b'<', b'=') => Some(LeftShiftEqual),
            (b'>', b'>', b'=') => Some(RightShiftEqual),
            (b'.', b'.', b'.') => Some(Ellipsis),
            _ => Option::None,
        };
        if let Some(kind) = three {
            return Some((kind, 3));
        }
        let two = match (at(0), at(1)) {
            (b'*', b'*') => Some(DoubleStar),
            (b'/', b'/') => Some(DoubleSlash),
            (b'<', b'<') => Some(LeftShift),
            (b'>', b'>') => Some(RightShift),
            (b'<', b'=') => Some(LessEqual),
            (b'>', b'=') => Some(GreaterEqual),
            (b'=', b'=') => Some(EqualEqual),
            (b'!', b'=') => Some(NotEqual),
            (b'<', b'>') => Some(Unknown),
            (b'-', b'>') => Some(Arrow),
            (b':', b'=') => Some(ColonEqual),
            (b'+', b'=') => Some(PlusEqual),
            (b'-', b'=') => Some(MinusEqual),
            (b'*', b'=') => Some(StarEqual),
            (b'/', b'=') => Some(SlashEqual),
            (b'%', b'=') => Some(PercentEqual),
            (b'@', b'=') => Some(AtEqual),
            (b'|', b'=') => Some(VerticalBarEqual),
            (b'&', b'=') => Some(AmpersandEqual),
            (b'^', b'=') => Some(CircumFlexEqual),
            _ => Option::None,
        };
        if let Some(kind) = two {
            return Some((kind, 2));
        }
        let one = match at(0) {
            b'(' => LeftParen,
            b')' => RightParen,
            b'[' => LeftBracket,
            b']' => RightBracket,
            b'{' => LeftBrace,
            b'}' => RightBrace,
            b':' => Colon,
            b',' => Comma,
            b';' => Semicolon,
            b'.' => Dot,
            b'=' => Equal,
            b'@' => At,
            b'+' => Plus,
            b'-' => Minus,
            b'*' => Star,
            b'/' => Slash,
            b'%' => Percent,
            b'|' => VerticalBar,
            b'&' => Ampersand,
            b'^' => CircumFlex,
            b'~' => Tilde,
            b'<' => Less,
            b'>' => Greater,
            b'!' | b'$' | b'?' | b'`' => Unknown,
            _ => return Option::None,
        };
        Some((one, 1))
    }

    /// Whether this token opens a bracket pair.
    pub fn is_open_bracket(self) -> bool {
        matches!(
            self,
            TokenKind::LeftParen | TokenKind::LeftBracket | TokenKind::LeftBrace
        )
    }

    /// Whether this token closes a bracket pair.
    pub fn is_close_bracket(self) -> bool {
        matches!(
            self,
            TokenKind::RightParen | TokenKind::RightBracket | TokenKind::RightBrace
        )
    }

    /// The augmented-assignment operator this token spells (`+=` is `Add`), if any.
    pub fn augmented_operator(self) -> Option<crate::ast::BinOp> {
        use crate::ast::BinOp;
        let op = match self {
            TokenKind::PlusEqual => BinOp::Add,
            TokenKind::MinusEqual => BinOp::Sub,
            TokenKind::StarEqual => BinOp::Mult,
            TokenKind::AtEqual => BinOp::MatMult,
            TokenKind::SlashEqual => BinOp::Div,
            TokenKind::DoubleSlashEqual => BinOp::FloorDiv,
            TokenKind::PercentEqual => BinOp::Mod,
            TokenKind::DoubleStarEqual => BinOp::Pow,
            TokenKind::LeftShiftEqual => BinOp::LShift,
            TokenKind::RightShiftEqual => BinOp::RShift,
            TokenKind::VerticalBarEqual => BinOp::BitOr,
            TokenKind::CircumFlexEqual => BinOp::BitXor,
            TokenKind::AmpersandEqual => BinOp::BitAnd,
            _ => return Option::None,
        };
        Some(op)
    }
}
