//! The syntax tree of the Python subset, shaped after CPython's `ast` module.
//!
//! Every node carries a [`Span`] (byte offsets into the source) so that tracebacks,
//! syntax errors and the playground's editor marks can point at the user's text.
//! Names are plain `String`s here; the compiler resolves them to slots before anything runs.

use crate::span::Span;

/// A whole program (`main.py`): the statements of the module body.
#[derive(Debug, Clone, PartialEq)]
pub struct Module {
    pub body: Vec<Stmt>,
}

/// A statement with the span of its source text (first line of a compound statement to its end).
#[derive(Debug, Clone, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

/// The statements of the subset. Mirrors `ast.stmt`.
#[derive(Debug, Clone, PartialEq)]
pub enum StmtKind {
    Expr(Expr),
    /// `a = b = value`: several targets, one value.
    Assign {
        targets: Vec<Expr>,
        value: Expr,
    },
    /// `x += 1`.
    AugAssign {
        target: Expr,
        op: BinOp,
        value: Expr,
    },
    /// `x: int = 1` (the annotation is evaluated like CPython does at module level only for
    /// simple names; we keep it for completeness and do not enforce it).
    AnnAssign {
        target: Expr,
        annotation: Expr,
        value: Option<Expr>,
    },
    FunctionDef(Box<FunctionDef>),
    ClassDef(Box<ClassDef>),
    Return(Option<Expr>),
    Delete(Vec<Expr>),
    If {
        test: Expr,
        body: Vec<Stmt>,
        orelse: Vec<Stmt>,
    },
    While {
        test: Expr,
        body: Vec<Stmt>,
        orelse: Vec<Stmt>,
    },
    For {
        target: Expr,
        iter: Expr,
        body: Vec<Stmt>,
        orelse: Vec<Stmt>,
    },
    With {
        items: Vec<WithItem>,
        body: Vec<Stmt>,
    },
    Try {
        body: Vec<Stmt>,
        handlers: Vec<ExceptHandler>,
        orelse: Vec<Stmt>,
        finalbody: Vec<Stmt>,
    },
    Raise {
        exc: Option<Expr>,
        cause: Option<Expr>,
    },
    Assert {
        test: Expr,
        msg: Option<Expr>,
    },
    /// `import a.b as c, d`.
    Import(Vec<Alias>),
    /// `from a.b import c as d, e` (`level` counts leading dots; always 0 in practice).
    ImportFrom {
        module: String,
        names: Vec<Alias>,
        level: u32,
    },
    Global(Vec<String>),
    Nonlocal(Vec<String>),
    Pass,
    Break,
    Continue,
}

/// `def name(args) -> returns: body`, with its decorators.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionDef {
    pub name: String,
    pub args: Arguments,
    pub body: Vec<Stmt>,
    pub decorators: Vec<Expr>,
    pub returns: Option<Expr>,
}

/// `class name(bases, **keywords): body`, with its decorators.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassDef {
    pub name: String,
    pub bases: Vec<Expr>,
    pub keywords: Vec<Keyword>,
    pub body: Vec<Stmt>,
    pub decorators: Vec<Expr>,
}

/// A parameter list, as `ast.arguments`: positional-only, positional, `*args`, keyword-only,
/// `**kwargs`. `defaults` align with the tail of `posonlyargs + args`; `kw_defaults` align
/// one to one with `kwonlyargs` (`None` where a keyword-only parameter has no default).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Arguments {
    pub posonlyargs: Vec<Arg>,
    pub args: Vec<Arg>,
    pub vararg: Option<Arg>,
    pub kwonlyargs: Vec<Arg>,
    pub kw_defaults: Vec<Option<Expr>>,
    pub kwarg: Option<Arg>,
    pub defaults: Vec<Expr>,
}

/// One parameter name with its optional annotation.
#[derive(Debug, Clone, PartialEq)]
pub struct Arg {
    pub name: String,
    pub annotation: Option<Expr>,
    pub span: Span,
}

/// `name=value` in a call or class header; `arg: None` is `**mapping`.
#[derive(Debug, Clone, PartialEq)]
pub struct Keyword {
    pub arg: Option<String>,
    pub value: Expr,
    pub span: Span,
}

/// `import name as asname`.
#[derive(Debug, Clone, PartialEq)]
pub struct Alias {
    pub name: String,
    pub asname: Option<String>,
    pub span: Span,
}

/// `context_expr as optional_vars` in a `with` statement.
#[derive(Debug, Clone, PartialEq)]
pub struct WithItem {
    pub context_expr: Expr,
    pub optional_vars: Option<Expr>,
}

/// `except type as name: body`; `type: None` is a bare `except:`.
#[derive(Debug, Clone, PartialEq)]
pub struct ExceptHandler {
    pub type_: Option<Expr>,
    pub name: Option<String>,
    pub body: Vec<Stmt>,
    pub span: Span,
}

/// An expression with the span of its source text.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

/// The expressions of the subset. Mirrors `ast.expr`. Targets of assignment use the same
/// node kinds (`Name`, `Attribute`, `Subscript`, `Tuple`, `List`, `Starred`).
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    /// `a and b and c` / `a or b`.
    BoolOp {
        op: BoolOp,
        values: Vec<Expr>,
    },
    /// `(x := value)`.
    NamedExpr {
        target: Box<Expr>,
        value: Box<Expr>,
    },
    BinOp {
        left: Box<Expr>,
        op: BinOp,
        right: Box<Expr>,
    },
    UnaryOp {
        op: UnaryOp,
        operand: Box<Expr>,
    },
    Lambda {
        args: Box<Arguments>,
        body: Box<Expr>,
    },
    /// `body if test else orelse`.
    IfExp {
        test: Box<Expr>,
        body: Box<Expr>,
        orelse: Box<Expr>,
    },
    /// `{k: v, **m}`: a `None` key is a `**m` unpacking.
    Dict {
        keys: Vec<Option<Expr>>,
        values: Vec<Expr>,
    },
    Set(Vec<Expr>),
    ListComp {
        elt: Box<Expr>,
        generators: Vec<Comprehension>,
    },
    SetComp {
        elt: Box<Expr>,
        generators: Vec<Comprehension>,
    },
    DictComp {
        key: Box<Expr>,
        value: Box<Expr>,
        generators: Vec<Comprehension>,
    },
    GeneratorExp {
        elt: Box<Expr>,
        generators: Vec<Comprehension>,
    },
    Yield(Option<Box<Expr>>),
    YieldFrom(Box<Expr>),
    /// `a < b <= c`: chained comparisons.
    Compare {
        left: Box<Expr>,
        ops: Vec<CmpOp>,
        comparators: Vec<Expr>,
    },
    Call {
        func: Box<Expr>,
        args: Vec<Expr>,
        keywords: Vec<Keyword>,
    },
    /// An f-string: literal parts and formatted values, in order.
    JoinedStr(Vec<FStringPart>),
    Constant(Constant),
    Attribute {
        value: Box<Expr>,
        attr: String,
    },
    Subscript {
        value: Box<Expr>,
        index: Box<Expr>,
    },
    /// `*value` in a call, a display or an assignment target.
    Starred(Box<Expr>),
    Name(String),
    List(Vec<Expr>),
    Tuple(Vec<Expr>),
    /// `lower:upper:step` inside a subscript.
    Slice {
        lower: Option<Box<Expr>>,
        upper: Option<Box<Expr>>,
        step: Option<Box<Expr>>,
    },
}

/// One piece of an f-string.
#[derive(Debug, Clone, PartialEq)]
pub enum FStringPart {
    Literal(String),
    /// `{value!conversion:format_spec}`; `format_spec` may itself contain replacement fields.
    /// For `{expr=}`, the parser emits a `Literal` with the expression text and `=` before this
    /// part and sets `conversion` to `'r'` when none is given, as CPython does.
    FormattedValue {
        value: Box<Expr>,
        conversion: Option<char>,
        format_spec: Option<Vec<FStringPart>>,
    },
}

/// `for target in iter if cond1 if cond2` inside a comprehension.
#[derive(Debug, Clone, PartialEq)]
pub struct Comprehension {
    pub target: Expr,
    pub iter: Expr,
    pub ifs: Vec<Expr>,
}

/// A literal value.
#[derive(Debug, Clone, PartialEq)]
pub enum Constant {
    None,
    Bool(bool),
    /// Integer literal digits in base 10 after removing `_` and converting `0x`/`0o`/`0b`;
    /// kept as text so that literals of any size survive to the interpreter.
    Int(String),
    Float(f64),
    /// An imaginary literal such as `1j` (parsed so programs fail clearly, not at the lexer).
    Complex(f64),
    Str(String),
    Bytes(Vec<u8>),
    Ellipsis,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoolOp {
    And,
    Or,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mult,
    MatMult,
    Div,
    FloorDiv,
    Mod,
    Pow,
    LShift,
    RShift,
    BitOr,
    BitXor,
    BitAnd,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    Invert,
    Not,
    UAdd,
    USub,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    NotEq,
    Lt,
    LtE,
    Gt,
    GtE,
    Is,
    IsNot,
    In,
    NotIn,
}
