//! The optimizer step of a Keras step run on every replica of a strategy (the Python
//! trainer's `strategy.run`, `keras.src.distribution`): each weight's gradients are
//! all-reduced with SUM, and every replica's copy gets the same update on its device.

use lang::value::{PyResult, Value};
use lang::vm::Vm;

use crate::keras::optimizers::{self, optimizer_of};
use crate::St;
use runtime::distribute::{ReplicaReduction, StrategyId};
use runtime::variables::VariableId;
use runtime::EagerTensor;
use tensor::Tensor;

/// The end of a distributed training step: each variable's gradients (one per replica, in
/// replica order) are all-reduced with SUM, one collective per variable, and every replica
/// applies the same update to its own copy (`components[variable][replica]`) on its device,
/// with its own optimizer slots, as `apply_gradients` in a replica context does
/// (`merge_call`, then `batch_reduce_to`). A variable with no gradient on some replica is
/// skipped, as `apply_gradients` skips it.
pub fn all_reduce_and_apply(
    st: &St,
    vm: &mut Vm<'_>,
    strategy: StrategyId,
    optimizer: &Value,
    gradients: Vec<Vec<Option<EagerTensor>>>,
    components: &[Vec<VariableId>],
) -> PyResult<()> {
    let replicas = st.tf(vm, |ctx| Ok(ctx.strategy(strategy)?.num_replicas()))?;
    // One SUM all-reduce per variable, then the same update of every copy.
    let mut pairs: Vec<Vec<(Option<Tensor>, VariableId)>> = vec![Vec::new(); replicas];
    for (values, copies) in gradients.into_iter().zip(components) {
        // A variable the loss does not reach has no gradient on any replica: skipped, as
        // `apply_gradients` skips it.
        let Some(values) = values.into_iter().collect::<Option<Vec<EagerTensor>>>() else {
            continue;
        };
        let reduced = st.tf(vm, |ctx| {
            ctx.all_reduce_replicas(strategy, ReplicaReduction::Sum, &values)
        })?;
        for (replica, (tensor, component)) in reduced.into_iter().zip(copies).enumerate() {
            pairs[replica].push((tensor.value.tensor().cloned(), *component));
        }
    }
    // Each replica updates its own copies on its device (its own optimizer slots).
    let optimizer = optimizer_of(vm, optimizer)?;
    let iterations = optimizer.iterations.get();
    for (replica, replica_pairs) in pairs.iter().enumerate() {
        // Every copy's update sees the same step count (Adam's bias correction).
        optimizer.iterations.set(iterations);
        st.tf(vm, |ctx| ctx.enter_replica(strategy, replica, false))?;
        let replica_pairs: Vec<_> = replica_pairs
            .iter()
            .map(|(grad, id)| {
                (
                    grad.clone()
                        .map(|grad| optimizers::GradInput::Dense(runtime::op::Value::Dense(grad))),
                    *id,
                )
            })
            .collect();
        let applied = optimizers::apply(st, vm, &optimizer, &replica_pairs);
        st.tf(vm, |ctx| ctx.exit_replica())?;
        applied?;
    }
    // One step, however many copies it updated.
    optimizer.iterations.set(iterations + 1);
    Ok(())
}
