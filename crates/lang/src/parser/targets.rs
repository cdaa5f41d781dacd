//! Assignment and deletion targets: which expressions may be assigned to (`x`, `a.b`, `a[i]`,
//! tuples and lists of those, `*rest`) and CPython's names for the ones that may not
//! (`_PyPegen_get_expr_name` and `_PyPegen_get_invalid_target` in `Parser/pegen_errors.c`).

use super::ParseResult;
use crate::ast::{CmpOp, Constant, Expr, ExprKind, UnaryOp};
use crate::syntax_error::SyntaxError;

/// Where a target appears: it decides what is allowed and how the error reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TargetContext {
    /// `targets = value`, `with ... as target`.
    Assign,
    /// `for target in ...` (also in comprehensions).
    For,
    /// `del targets`.
    Delete,
}

/// CPython's name for the kind of an expression, as used in "cannot assign to ...".
pub(super) fn expression_name(expression: &Expr) -> &'static str {
    match &expression.kind {
        ExprKind::Attribute { .. } => "attribute",
        ExprKind::Subscript { .. } => "subscript",
        ExprKind::Starred(_) => "starred",
        ExprKind::Name(_) => "name",
        ExprKind::List(_) => "list",
        ExprKind::Tuple(_) => "tuple",
        ExprKind::Lambda { .. } => "lambda",
        ExprKind::Call { .. } => "function call",
        ExprKind::BoolOp { .. } | ExprKind::BinOp { .. } | ExprKind::UnaryOp { .. } => "expression",
        ExprKind::GeneratorExp { .. } => "generator expression",
        ExprKind::Yield(_) | ExprKind::YieldFrom(_) => "yield expression",
        ExprKind::ListComp { .. } => "list comprehension",
        ExprKind::SetComp { .. } => "set comprehension",
        ExprKind::DictComp { .. } => "dict comprehension",
        ExprKind::Dict { .. } => "dict literal",
        ExprKind::Set(_) => "set display",
        ExprKind::JoinedStr(_) => "f-string expression",
        ExprKind::Constant(Constant::None) => "None",
        ExprKind::Constant(Constant::Bool(true)) => "True",
        ExprKind::Constant(Constant::Bool(false)) => "False",
        ExprKind::Constant(Constant::Ellipsis) => "ellipsis",
        ExprKind::Constant(_) => "literal",
        ExprKind::Compare { .. } => "comparison",
        ExprKind::IfExp { .. } => "conditional expression",
        ExprKind::NamedExpr { .. } => "named expression",
        ExprKind::Slice { .. } => "slice",
    }
}

/// The first part of `target` that cannot be a target in `context`, if any.
pub(super) fn invalid_target(target: &Expr, context: TargetContext) -> Option<&Expr> {
    match &target.kind {
        ExprKind::List(elements) | ExprKind::Tuple(elements) => elements
            .iter()
            .find_map(|element| invalid_target(element, context)),
        ExprKind::Starred(value) => {
            if context == TargetContext::Delete {
                Some(target)
            } else {
                invalid_target(value, context)
            }
        }
        ExprKind::Compare { left, ops, .. } => {
            // `for a in b` reaches here when the target was parsed as the comparison `a in b`.
            if context == TargetContext::For {
                if ops.first() == Some(&CmpOp::In) {
                    return invalid_target(left, context);
                }
                return None;
            }
            Some(target)
        }
        ExprKind::Name(_) | ExprKind::Subscript { .. } | ExprKind::Attribute { .. } => None,
        _ => Some(target),
    }
}

/// Fails with "cannot assign to ..." / "cannot delete ..." when `target` is not a valid target.
pub(super) fn check_assignable(target: &Expr, context: TargetContext) -> ParseResult<()> {
    let Some(invalid) = invalid_target(target, context) else {
        return Ok(());
    };
    let verb = match context {
        TargetContext::Assign | TargetContext::For => "assign to",
        TargetContext::Delete => "delete",
    };
    Err(SyntaxError::new(
        format!("cannot {verb} {}", expression_name(invalid)),
        invalid.span,
    ))
}

/// Whether `expression` could have come out of CPython's `bitwise_or` rule unparenthesized,
/// i.e. it is not a comparison, boolean operation, `not`, conditional, lambda, tuple display...
pub(super) fn is_bitwise_or_level(expression: &Expr) -> bool {
    !matches!(
        &expression.kind,
        ExprKind::BoolOp { .. }
            | ExprKind::Compare { .. }
            | ExprKind::UnaryOp {
                op: UnaryOp::Not,
                ..
            }
            | ExprKind::IfExp { .. }
            | ExprKind::Lambda { .. }
            | ExprKind::NamedExpr { .. }
            | ExprKind::Starred(_)
            | ExprKind::Yield(_)
            | ExprKind::YieldFrom(_)
    )
}

/// Whether `expression` is one of the displays CPython excludes from its "Maybe you meant
/// '=='" hint (lists, tuples, generator expressions, `True`, `False`, `None`).
pub(super) fn is_excluded_from_equality_hint(expression: &Expr) -> bool {
    matches!(
        &expression.kind,
        ExprKind::List(_)
            | ExprKind::Tuple(_)
            | ExprKind::GeneratorExp { .. }
            | ExprKind::Constant(Constant::None | Constant::Bool(_))
    )
}
