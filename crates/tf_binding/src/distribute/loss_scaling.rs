//! `tf.nn.compute_average_loss`: the per-replica loss a custom training loop under a
//! strategy optimizes, the sum of the per-example losses over the *global* batch size, so
//! that summing the replicas' gradients gives the gradient of the global mean.

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::convert::to_operand;
use crate::tensor_class::wrap;
use crate::St;
use runtime::{Operand, TfError};
use tensor::ops::{BinaryOp, ReduceOp};
use tensor::Tensor;

/// `tf.nn.compute_average_loss(per_example_loss, sample_weight=None,
/// global_batch_size=None)`: `reduce_sum(loss * sample_weight) / global_batch_size`,
/// where a missing global batch size is the per-replica batch times the replicas in sync.
pub fn compute_average_loss(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "compute_average_loss",
        &args,
        1,
        [per_example_loss, sample_weight, global_batch_size]
    )?;
    let loss = to_operand(
        st,
        vm,
        bound.per_example_loss.as_ref().unwrap_or(&Value::None),
    )?;
    let weight = match &bound.sample_weight {
        Some(value) if !value.is_none() => Some(to_operand(st, vm, value)?),
        _ => None,
    };
    let global_batch_size = match &bound.global_batch_size {
        Some(Value::Int(size)) => Some(*size),
        Some(Value::Bool(_)) | None => None,
        Some(value) if value.is_none() => None,
        Some(_) => return Err(vm.type_error("global_batch_size must be an integer.")),
    };
    let handle = st.tf(vm, |ctx| {
        let loss = match loss {
            Operand::Handle(handle) => handle,
            other => ctx.identity(other, None)?,
        };
        let dtype = ctx.handle_dtype(&loss)?;
        let scaled = match weight {
            Some(weight) => ctx.binary(BinaryOp::Mul, Operand::Handle(loss.clone()), weight, None)?,
            None => loss.clone(),
        };
        let size = match global_batch_size {
            Some(size) => size,
            None => {
                let replicas = match ctx.replica_context().map(|replica| replica.strategy) {
                    Some(strategy) => ctx.strategy(strategy)?.devices.len(),
                    None => 1,
                };
                let rows = ctx
                    .handle_shape(&loss)?
                    .dims()
                    .and_then(|dims| dims.first().copied().flatten())
                    .ok_or_else(|| {
                        TfError::value_error(
                            "compute_average_loss needs a per-example loss with a known batch dimension in this playground",
                        )
                    })?;
                (rows * replicas) as i64
            }
        };
        if size <= 0 {
            return Err(TfError::new(
                runtime::error::ExceptionClass::InvalidArgument,
                "global_batch_size must be positive.",
            ));
        }
        let summed = ctx.reduce(ReduceOp::Sum, Operand::Handle(scaled), None, false, None)?;
        let denominator = tensor::ops::cast(&Tensor::scalar(size), dtype)
            .map_err(TfError::from_kernel_message)?;
        // TensorFlow divides with `DivNoNan`; the size is positive, so `RealDiv` agrees.
        ctx.binary(
            BinaryOp::RealDiv,
            Operand::Handle(summed),
            Operand::Literal(denominator),
            None,
        )
    })?;
    wrap(st, vm, handle)
}
