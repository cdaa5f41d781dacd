//! Superinstructions: `x <op> K` and `x <cmp> K` for a small int constant `K` and a fast
//! local `x` (`n - 1`, `n < 2`, `x += 1`) or any operand already on the stack (`i % 3`,
//! `total -= 1` on globals), the commonest operations of loops and recursive functions, and
//! `return x`, marked on the finished instructions of a code object so the fast loop runs the
//! sequence as one instruction.
//!
//! The marking replaces only the instruction that starts the sequence, with one that still
//! carries that instruction's operand: the instructions after it stay where they were, so
//! every instruction keeps its position (tracebacks, inline caches, jump targets). Whatever
//! runs a marked instruction one at a time (the ordinary path, or the fast loop when an
//! operand is not a small int or the result does not fit) treats it as the instruction it
//! replaced (see [`Instr::unfused`]) and goes on with the next one.

use super::code::Instr;
use crate::ast::{BinOp, CmpOp};
use crate::value::Value;

/// Marks the superinstructions of `instrs`: every `LoadFast(x); Return`, and every
/// `LoadConst(K); Binary(op)` (or `InPlace(op)`, or `Compare(op)`), with the `LoadFast(x)`
/// before it if there is one, whose constant is an `int` that fits in an `i32` and whose
/// operator the small-int fast paths compute (`ops::int_fast`, `ops::int_compare_fast`).
pub(crate) fn mark_superinstructions(instrs: &mut [Instr], consts: &[Value]) {
    for at in 0..instrs.len().saturating_sub(1) {
        if let (Instr::LoadFast(local), Instr::Return) = (instrs[at], instrs[at + 1]) {
            instrs[at] = Instr::LocalReturn(local);
        }
    }
    // Constants first: the `LoadFast` pass below reads the constant an operation uses.
    for at in 0..instrs.len().saturating_sub(1) {
        let Instr::LoadConst(c) = instrs[at] else {
            continue;
        };
        let (Ok(c16), Some(k)) = (u16::try_from(c), small_int(consts, c)) else {
            continue;
        };
        instrs[at] = match instrs[at + 1] {
            Instr::Binary(op) | Instr::InPlace(op) if small_int_binop(op) => {
                Instr::IntConstOp(op, c16, k)
            }
            Instr::Compare(op) if small_int_compare(op) => Instr::IntConstCompare(op, c16, k),
            _ => continue,
        };
    }
    for at in 0..instrs.len().saturating_sub(2) {
        let Instr::LoadFast(local) = instrs[at] else {
            continue;
        };
        let Ok(local) = u16::try_from(local) else {
            continue;
        };
        instrs[at] = match instrs[at + 1] {
            Instr::IntConstOp(op, _, k) => Instr::LocalIntOp(local, op, k),
            Instr::IntConstCompare(op, _, k) => Instr::LocalIntCompare(local, op, k),
            _ => continue,
        };
    }
}

/// Constant `c` when it is an `int` that fits in an `i32`.
fn small_int(consts: &[Value], c: u32) -> Option<i32> {
    match consts.get(c as usize) {
        Some(&Value::Int(k)) => i32::try_from(k).ok(),
        _ => None,
    }
}

/// The operators `ops::int_fast` computes for two small ints.
fn small_int_binop(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Add
            | BinOp::Sub
            | BinOp::Mult
            | BinOp::FloorDiv
            | BinOp::Mod
            | BinOp::BitAnd
            | BinOp::BitOr
            | BinOp::BitXor
    )
}

/// The comparisons of two small ints that are plain value comparisons.
fn small_int_compare(op: CmpOp) -> bool {
    matches!(
        op,
        CmpOp::Eq | CmpOp::NotEq | CmpOp::Lt | CmpOp::LtE | CmpOp::Gt | CmpOp::GtE
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_local_operations_and_returns_only() {
        let consts = vec![Value::Int(1), Value::Int(1 << 40), Value::None];
        let mut instrs = vec![
            Instr::LoadFast(0),
            Instr::LoadConst(0),
            Instr::Binary(BinOp::Sub),
            Instr::LoadFast(1),
            Instr::LoadConst(0),
            Instr::Compare(CmpOp::Lt),
            Instr::LoadFast(0),
            Instr::LoadConst(1),
            Instr::Binary(BinOp::Add),
            Instr::LoadFast(0),
            Instr::LoadConst(2),
            Instr::Binary(BinOp::Add),
            Instr::LoadFast(0),
            Instr::LoadConst(0),
            Instr::Binary(BinOp::Pow),
            Instr::LoadFast(0),
            Instr::LoadConst(0),
            Instr::Compare(CmpOp::Is),
            Instr::LoadFast(2),
            Instr::Return,
        ];
        let unmarked = instrs.clone();
        mark_superinstructions(&mut instrs, &consts);
        assert_eq!(instrs[0], Instr::LocalIntOp(0, BinOp::Sub, 1));
        assert_eq!(instrs[1], Instr::IntConstOp(BinOp::Sub, 0, 1));
        assert_eq!(instrs[3], Instr::LocalIntCompare(1, CmpOp::Lt, 1));
        assert_eq!(instrs[4], Instr::IntConstCompare(CmpOp::Lt, 0, 1));
        assert_eq!(instrs[18], Instr::LocalReturn(2));
        // A constant outside i32, a non-int constant, `**` and `is` stay as they were.
        assert_eq!(instrs[6..18], unmarked[6..18]);
        // Run one at a time, every instruction is what it was.
        let unfused: Vec<Instr> = instrs.iter().map(|i| i.unfused()).collect();
        assert_eq!(unfused, unmarked);
    }
}
