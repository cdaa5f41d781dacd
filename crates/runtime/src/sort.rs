//! `tf.math.top_k`, and `tf.sort` / `tf.argsort` as TensorFlow's `sort_ops.py` builds them
//! from it: a descending sort is one `TopKV2` over the whole axis (`k` sliced from the
//! shape), moved to the last axis by a `transposition` when needed; an ascending sort
//! sorts the negated values (`-x - 1` for integers, `max - x` for unsigned ones) and
//! negates them back.

use crate::api::{Handle, Operand};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use tensor::ops::{BinaryOp, SliceSpec, UnaryOp};
use tensor::{DType, Shape, Tensor};

/// Which way `tf.sort` orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortDirection {
    /// `direction='ASCENDING'` (the default).
    Ascending,
    /// `direction='DESCENDING'`.
    Descending,
}

fn first_two(outputs: Vec<Handle>) -> TfResult<(Handle, Handle)> {
    let mut outputs = outputs.into_iter();
    match (outputs.next(), outputs.next()) {
        (Some(values), Some(indices)) => Ok((values, indices)),
        _ => Err(TfError::internal("TopKV2 produced fewer than two outputs")),
    }
}

/// `_ascending_sort`'s order reversal, its own inverse: `max - x` for unsigned values,
/// `-x - 1` for signed integers, `-x` for floats.
fn flip(ctx: &mut Context, values: Operand, dtype: DType) -> TfResult<Handle> {
    if dtype == DType::UInt8 {
        return ctx.binary(BinaryOp::Sub, literal_like(255.0, dtype)?, values, None);
    }
    let negated = ctx.unary(UnaryOp::Neg, values, None)?;
    if dtype.is_integer() {
        ctx.binary(
            BinaryOp::Sub,
            negated.into(),
            literal_like(1.0, dtype)?,
            None,
        )
    } else {
        Ok(negated)
    }
}

fn int32_vector(values: Vec<i32>) -> TfResult<Tensor> {
    Tensor::from_vec(Shape::new(vec![values.len()]), values).map_err(TfError::from_kernel_message)
}

impl Context {
    /// `tf.math.top_k(input, k, sorted=True, name)`: one `TopKV2` whose `k` is the
    /// `TopKV2/k` constant; its values and int32 indices.
    pub fn top_k(
        &mut self,
        input: Operand,
        k: Operand,
        name: Option<&str>,
    ) -> TfResult<(Handle, Handle)> {
        first_two(self.array_op_outputs(
            crate::op_defs::TopKV2::kind(),
            "TopKV2",
            name,
            vec![(input, "input", true), (k, "k", false)],
        )?)
    }

    /// `tf.sort(values, axis, direction)` (or, with `argsort`, `tf.argsort`): TensorFlow's
    /// composite in the `sort` / `argsort` name scope.
    pub fn sort(
        &mut self,
        values: Operand,
        axis: i64,
        direction: SortDirection,
        argsort: bool,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let default = if argsort { "argsort" } else { "sort" };
        let scope = self.enter_composite_scope(name.unwrap_or(default))?;
        let result = (|| {
            let axis_value = i32::try_from(axis)
                .map_err(|_| TfError::value_error(format!("{axis} does not fit int32")))?;
            self.constant(Tensor::scalar(axis_value), Some("axis"))?;
            let values = match values {
                Operand::Literal(tensor) => Operand::Handle(self.constant(tensor, Some("values"))?),
                other => other,
            };
            let dtype = self.operand_dtype(&values)?;
            if direction == SortDirection::Descending {
                return self.descending_sort(values, axis, argsort);
            }
            let flipped = flip(self, values, dtype)?;
            let sorted = self.descending_sort(flipped.into(), axis, argsort)?;
            if argsort {
                return Ok(sorted);
            }
            flip(self, sorted.into(), dtype)
        })();
        self.leave_composite_scope(scope)?;
        result
    }

    /// `_descending_sort`: `k = shape(values)[axis]`, then `TopKV2` on the last axis (the
    /// sorted axis swapped there and back by `transposition`).
    fn descending_sort(&mut self, values: Operand, axis: i64, argsort: bool) -> TfResult<Handle> {
        let static_shape = self.operand_shape(&values)?;
        let shape = match (self.default_graph(), static_shape.to_shape()) {
            (Some(_), Some(known)) => {
                let dims = known
                    .dims()
                    .iter()
                    .map(|&dim| i32::try_from(dim).unwrap_or(i32::MAX))
                    .collect();
                self.constant(int32_vector(dims)?, Some("Shape"))?
            }
            _ => self.array_op(
                crate::op_defs::ShapeOp::kind(DType::Int32),
                "Shape",
                None,
                vec![(values.clone(), "input", true)],
            )?,
        };
        let k = self.strided_slice(shape.into(), vec![SliceSpec::Index(axis)])?;
        let rank = static_shape
            .dims()
            .map(<[Option<usize>]>::len)
            .ok_or_else(|| TfError::value_error("tf.sort needs a tensor of known rank"))?;
        if self.default_graph().is_some() {
            self.constant(Tensor::scalar(rank as i32), Some("Rank"))?;
        }
        let rank = rank as i64;
        let resolved = if axis < 0 { axis + rank } else { axis };
        let transposition = if axis == -1 || resolved + 1 == rank {
            None
        } else {
            let mut order: Vec<i32> = (0..resolved as i32).collect();
            order.push(rank as i32 - 1);
            order.extend(resolved as i32 + 1..rank as i32 - 1);
            order.push(resolved as i32);
            Some(self.constant(int32_vector(order)?, Some("transposition"))?)
        };
        let input = match &transposition {
            Some(order) => self.array_op(
                crate::op_defs::Transpose::kind(),
                "transpose",
                None,
                vec![(values, "x", true), (order.clone().into(), "perm", false)],
            )?,
            None => match values {
                Operand::Handle(handle) => handle,
                other => self.identity(other, None)?,
            },
        };
        let (sorted, indices) = self.top_k(input.into(), k.into(), None)?;
        let chosen = if argsort { indices } else { sorted };
        match transposition {
            Some(order) => self.array_op(
                crate::op_defs::Transpose::kind(),
                "transpose",
                None,
                vec![(chosen.into(), "x", true), (order.into(), "perm", false)],
            ),
            None => Ok(chosen),
        }
    }
}

/// A Python number as a literal of `dtype` (the `1` of `-x - 1`).
fn literal_like(value: f64, dtype: DType) -> TfResult<Operand> {
    tensor::ops::cast(&Tensor::scalar(value), dtype)
        .map(Operand::Literal)
        .map_err(TfError::from_kernel_message)
}
