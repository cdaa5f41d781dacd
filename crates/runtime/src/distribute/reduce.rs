//! Reductions across replicas (§5.2): `strategy.reduce(op, per_replica, axis)` and the
//! combination of replica-context updates of aggregated variables. The values are copied
//! to the destination device and added there, as `ReductionToOneDevice` does; `MEAN`
//! divides by the replica count, or by the global element count when `axis` is given.

use crate::api::{Handle, Operand};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use tensor::ops::{self, BinaryOp, ReduceOp};
use tensor::Tensor;

/// How the values of the replicas combine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplicaReduction {
    /// `tf.distribute.ReduceOp.SUM`.
    Sum,
    /// `tf.distribute.ReduceOp.MEAN`.
    Mean,
    /// Replica 0's value (`VariableAggregation.ONLY_FIRST_REPLICA`).
    First,
}

impl ReplicaReduction {
    /// The `ReduceOp` member name (`SUM`).
    pub fn name(self) -> &'static str {
        match self {
            ReplicaReduction::Sum => "SUM",
            ReplicaReduction::Mean => "MEAN",
            ReplicaReduction::First => "ONLY_FIRST_REPLICA",
        }
    }

    /// [`ReplicaReduction::combine`] of the replicas' values, computed or not: one value
    /// not computed (values on demand) makes the combined value not computed either.
    pub fn combine_values(self, values: &[&crate::op::Value]) -> TfResult<crate::op::Value> {
        if let Some(uncomputed) = values.iter().find_map(|value| value.uncomputed()) {
            return Ok(crate::op::Value::Uncomputed(uncomputed.clone()));
        }
        let tensors: Vec<Tensor> = values
            .iter()
            .map(|value| {
                value
                    .tensor()
                    .cloned()
                    .ok_or_else(|| TfError::internal("an all-reduce without a tensor"))
            })
            .collect::<TfResult<_>>()?;
        Ok(crate::op::Value::Dense(self.combine(&tensors)?))
    }

    /// Combines the replicas' values (in replica order) as the kernel of an all-reduce.
    pub fn combine(self, values: &[Tensor]) -> TfResult<Tensor> {
        let first = values
            .first()
            .ok_or_else(|| TfError::internal("an all-reduce over no replicas"))?;
        if self == ReplicaReduction::First {
            return Ok(first.clone());
        }
        let mut total = first.clone();
        for value in &values[1..] {
            total =
                ops::binary(BinaryOp::Add, &total, value).map_err(TfError::from_kernel_message)?;
        }
        if self == ReplicaReduction::Mean {
            total = divide(&total, values.len() as f64)?;
        }
        Ok(total)
    }
}

/// `value / count` in `value`'s dtype (floor division for integers, as TensorFlow's mean).
fn divide(value: &Tensor, count: f64) -> TfResult<Tensor> {
    let divisor =
        ops::cast(&Tensor::scalar(count), value.dtype()).map_err(TfError::from_kernel_message)?;
    let op = if value.dtype().is_integer() {
        BinaryOp::FloorDiv
    } else {
        BinaryOp::RealDiv
    };
    ops::binary(op, value, &divisor).map_err(TfError::from_kernel_message)
}

impl Context {
    /// Reduces one value per replica (with the device it lives on) to `destination`: each
    /// value first along `axis` (on its own device), then across replicas. Every step is an
    /// op in the report (eager) or in the graph being built.
    pub fn reduce_across_replicas(
        &mut self,
        reduction: ReplicaReduction,
        values: Vec<(Handle, String)>,
        axis: Option<Vec<i64>>,
        destination: &str,
    ) -> TfResult<Handle> {
        let mut count = values.len() as f64;
        let mut partials = Vec::with_capacity(values.len());
        for (value, device) in values {
            let value = match &axis {
                Some(axes) if reduction != ReplicaReduction::First => {
                    let shape = self.handle_shape(&value)?;
                    let dims = shape.to_shape().ok_or_else(|| {
                        TfError::value_error(
                            "strategy.reduce with an axis needs values of a known shape",
                        )
                    })?;
                    let dims = dims.dims().to_vec();
                    let rank = dims.len() as i64;
                    let mut along = 1usize;
                    for &axis in axes {
                        let index = if axis < 0 { axis + rank } else { axis };
                        along *= dims.get(index.max(0) as usize).copied().unwrap_or(1);
                    }
                    if partials.is_empty() {
                        count = 0.0;
                    }
                    count += along as f64;
                    self.push_device_scope(Some(&device))?;
                    let reduced = self.reduce(
                        ReduceOp::Sum,
                        Operand::Handle(value),
                        Some(axes.clone()),
                        false,
                        None,
                    );
                    self.pop_device_scope()?;
                    reduced?
                }
                _ => value,
            };
            partials.push(value);
        }
        self.push_device_scope(Some(destination))?;
        let result = self.combine_on_device(reduction, partials, count);
        self.pop_device_scope()?;
        result
    }

    fn combine_on_device(
        &mut self,
        reduction: ReplicaReduction,
        partials: Vec<Handle>,
        count: f64,
    ) -> TfResult<Handle> {
        let mut partials = partials.into_iter();
        let first = partials
            .next()
            .ok_or_else(|| TfError::internal("a reduction over no replicas"))?;
        let mut total = self.identity(Operand::Handle(first), None)?;
        if reduction == ReplicaReduction::First {
            return Ok(total);
        }
        for partial in partials {
            total = self.binary(
                BinaryOp::Add,
                Operand::Handle(total),
                Operand::Handle(partial),
                None,
            )?;
        }
        if reduction == ReplicaReduction::Mean {
            let dtype = self.handle_dtype(&total)?;
            let divisor =
                ops::cast(&Tensor::scalar(count), dtype).map_err(TfError::from_kernel_message)?;
            let op = if dtype.is_integer() {
                BinaryOp::FloorDiv
            } else {
                BinaryOp::RealDiv
            };
            total = self.binary(op, Operand::Handle(total), Operand::Literal(divisor), None)?;
        }
        Ok(total)
    }
}
