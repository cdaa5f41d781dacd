//! Keras `fit`, `evaluate` and `predict` under a strategy (issue 7): a model built in `strategy.scope()` has mirrored
//! weights (`variables::create`), and each training step runs as Keras 3 runs it under
//! `tf.distribute`:
//! - the global batch is split across the replicas as tf.distribute rebatches it
//!   (`ceil(rows / replicas)` rows each, the last replicas get what is left);
//! - every replica runs the forward pass and the gradient on its own device with its own
//!   copy of the weights, its loss (the mean over its rows) scaled by `1 / replicas`
//!   (`scale_loss_for_distribution`);
//! - each gradient is all-reduced with SUM (the optimizer's `batch_reduce_to`), one
//!   collective per variable over the machine's links;
//! - every copy of every weight gets the same update, so the copies stay equal.
//!
//! The loss the progress bar shows is the replicas' unscaled losses weighted by their rows.
//!
//! `evaluate` and `predict` split each batch the same way: every replica runs the forward
//! pass on its rows with its copy of the weights. `evaluate` tracks each replica's loss and
//! metrics (Keras's trackers are summed across replicas), and `predict` concatenates the
//! replicas' outputs in replica order (Keras 3's `reduce_per_replica(..., "concat")`), so
//! both give what one device gives.

use lang::value::{Name, PyResult, Value};
use lang::vm::Vm;

use crate::keras::layers::{collect_weights, handle_of};
use crate::keras::losses::Loss;
use crate::keras::optimizers::{self, optimizer_of};
use crate::keras::variables;
use crate::tensor_class::wrap;
use crate::St;
use runtime::distribute::{ReplicaReduction, StrategyId};
use runtime::variables::VariableId;
use runtime::{EagerTensor, Handle, Operand, TfError};
use tensor::ops::{BinaryOp, SliceSpec};
use tensor::Tensor;

/// What one replica's part of a step produced, for the loss and metric trackers.
pub struct ReplicaStep {
    /// The replica's loss (the mean over its rows, before scaling).
    pub loss: Handle,
    /// Its rows.
    pub rows: f32,
    /// Its targets.
    pub y_true: Handle,
    /// Its predictions.
    pub prediction: Handle,
}

/// The strategy whose scope built the model's trainable weights, if they are mirrored.
pub fn model_strategy(st: &St, vm: &mut Vm<'_>, model: &Value) -> PyResult<Option<StrategyId>> {
    let weights = collect_weights(st, vm, model, Some(true))?;
    let Some(first) = weights.first() else {
        return Ok(None);
    };
    let id = variables::variable_id(vm, first)?;
    st.tf(vm, |ctx| {
        Ok(match ctx.mirrored_alias(id) {
            Some(mirrored) => Some(ctx.distributed_variable(mirrored)?.strategy),
            None => None,
        })
    })
}

/// The rows `[start, stop)` of `value`, sliced on the host where the batch arrived.
fn rows_of(st: &St, vm: &mut Vm<'_>, value: &Handle, start: i64, stop: i64) -> PyResult<Handle> {
    st.tf(vm, |ctx| {
        ctx.strided_slice(
            Operand::Handle(value.clone()),
            vec![SliceSpec::Range {
                start: Some(start),
                stop: Some(stop),
                step: None,
            }],
        )
    })
}

/// The batch dimension of an eager tensor.
fn leading_dim(vm: &Vm<'_>, handle: &Handle) -> PyResult<usize> {
    let tensor = eager(vm, handle)?;
    Ok(tensor
        .value
        .tensor()
        .and_then(|t| t.dims().first().copied())
        .unwrap_or(0))
}

fn eager(vm: &Vm<'_>, handle: &Handle) -> PyResult<EagerTensor> {
    match handle {
        Handle::Eager(tensor) => Ok(tensor.clone()),
        Handle::Symbolic(_) => Err(vm.runtime_error("Keras ran a graph tensor")),
    }
}

/// The rows `[start, stop)` of each replica's part of a global batch of `rows` rows, as
/// tf.distribute rebatches it: `ceil(rows / replicas)` each, the last ones what is left.
fn replica_rows(rows: i64, replicas: usize) -> Vec<(i64, i64)> {
    let per_replica = (rows + replicas as i64 - 1) / (replicas as i64).max(1);
    (0..replicas)
        .map(|replica| {
            let start = (replica as i64 * per_replica).min(rows);
            (start, (start + per_replica).min(rows))
        })
        .collect()
}

/// A global batch split over a strategy's replicas.
struct SplitBatch {
    /// The whole batch.
    x: Handle,
    /// How many replicas the strategy has.
    replicas: usize,
    /// Each replica's rows of the batch ([`replica_rows`]), in replica order.
    rows: Vec<(i64, i64)>,
}

/// The global batch `x` split over `strategy`'s replicas.
fn split_batch(st: &St, vm: &mut Vm<'_>, strategy: StrategyId, x: &Value) -> PyResult<SplitBatch> {
    let x = handle_of(st, vm, x)?;
    let rows = leading_dim(vm, &x)? as i64;
    let replicas = st.tf(vm, |ctx| Ok(ctx.strategy(strategy)?.num_replicas()))?;
    Ok(SplitBatch {
        x,
        replicas,
        rows: replica_rows(rows, replicas),
    })
}

/// Runs `body` as replica `replica` of `strategy` (its device scope and its copies of the
/// weights).
fn as_replica<T>(
    st: &St,
    vm: &mut Vm<'_>,
    strategy: StrategyId,
    replica: usize,
    body: impl FnOnce(&mut Vm<'_>) -> PyResult<T>,
) -> PyResult<T> {
    st.tf(vm, |ctx| ctx.enter_replica(strategy, replica, false))?;
    let result = body(vm);
    st.tf(vm, |ctx| ctx.exit_replica())?;
    result
}

/// One replica's forward pass in inference mode (`training=False`).
fn replica_prediction(st: &St, vm: &mut Vm<'_>, model: &Value, x: Handle) -> PyResult<Handle> {
    let x = wrap(st, vm, x)?;
    let training: Vec<(Name, Value)> = vec![(lang::value::name("training"), Value::Bool(false))];
    let prediction = vm.call(model, &[x], &training)?;
    handle_of(st, vm, &prediction)
}

/// One evaluation step of `model` on the global batch `(x, y)`, distributed over
/// `strategy`'s replicas: each replica's loss (the mean over its rows), targets and
/// predictions, in replica order.
pub fn test_step(
    st: &St,
    vm: &mut Vm<'_>,
    model: &Value,
    strategy: StrategyId,
    loss: &Loss,
    x: &Value,
    y: &Handle,
) -> PyResult<Vec<ReplicaStep>> {
    let SplitBatch { x, replicas, rows } = split_batch(st, vm, strategy, x)?;
    let mut parts = Vec::with_capacity(replicas);
    for (replica, (start, stop)) in rows.into_iter().enumerate() {
        let x_part = rows_of(st, vm, &x, start, stop)?;
        let y_part = rows_of(st, vm, y, start, stop)?;
        let part = as_replica(st, vm, strategy, replica, |vm| {
            let prediction = replica_prediction(st, vm, model, x_part)?;
            let replica_loss = loss.reduced(st, vm, y_part.clone(), prediction.clone())?;
            Ok(ReplicaStep {
                loss: replica_loss,
                rows: (stop - start) as f32,
                y_true: y_part,
                prediction,
            })
        })?;
        parts.push(part);
    }
    Ok(parts)
}

/// One prediction step of `model` on the global batch `x`, distributed over `strategy`'s
/// replicas: each replica's predictions, in replica order.
pub fn predict_step(
    st: &St,
    vm: &mut Vm<'_>,
    model: &Value,
    strategy: StrategyId,
    x: &Value,
) -> PyResult<Vec<Handle>> {
    let SplitBatch { x, replicas, rows } = split_batch(st, vm, strategy, x)?;
    let mut predictions = Vec::with_capacity(replicas);
    for (replica, (start, stop)) in rows.into_iter().enumerate() {
        let x_part = rows_of(st, vm, &x, start, stop)?;
        predictions.push(as_replica(st, vm, strategy, replica, |vm| {
            replica_prediction(st, vm, model, x_part)
        })?);
    }
    Ok(predictions)
}

/// One training step of `model` on the global batch `(x, y)`, distributed over
/// `strategy`'s replicas. Returns each replica's part, in replica order.
#[allow(clippy::too_many_arguments)] // A step needs the model, its compile settings and the batch.
pub fn train_step(
    st: &St,
    vm: &mut Vm<'_>,
    model: &Value,
    strategy: StrategyId,
    loss: &Loss,
    optimizer: &Value,
    x: &Value,
    y: &Handle,
) -> PyResult<Vec<ReplicaStep>> {
    let SplitBatch { x, replicas, rows } = split_batch(st, vm, strategy, x)?;
    let weights = collect_weights(st, vm, model, Some(true))?;
    let mut ids: Vec<VariableId> = Vec::with_capacity(weights.len());
    for weight in &weights {
        ids.push(variables::variable_id(vm, weight)?);
    }
    let mut parts = Vec::with_capacity(replicas);
    let mut gradients: Vec<Vec<Option<EagerTensor>>> =
        vec![Vec::with_capacity(replicas); ids.len()];
    let mut components: Vec<Vec<VariableId>> = vec![Vec::with_capacity(replicas); ids.len()];
    for (replica, (start, stop)) in rows.into_iter().enumerate() {
        let x_part = rows_of(st, vm, &x, start, stop)?;
        let y_part = rows_of(st, vm, y, start, stop)?;
        let (part, replica_gradients, replica_components) =
            as_replica(st, vm, strategy, replica, |vm| {
                replica_gradients(st, vm, model, loss, replicas, &ids, x_part, y_part)
            })?;
        for (index, (gradient, component)) in replica_gradients
            .into_iter()
            .zip(replica_components)
            .enumerate()
        {
            gradients[index].push(gradient);
            components[index].push(component);
        }
        parts.push(part);
    }
    all_reduce_and_apply(st, vm, strategy, optimizer, gradients, &components)?;
    Ok(parts)
}

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
            .map(|(grad, id)| (grad.clone().map(runtime::op::Value::Dense), *id))
            .collect();
        let applied = optimizers::apply(st, vm, &optimizer, &replica_pairs);
        st.tf(vm, |ctx| ctx.exit_replica())?;
        applied?;
    }
    // One step, however many copies it updated.
    optimizer.iterations.set(iterations + 1);
    Ok(())
}

/// One replica's forward pass and gradients, run as that replica (its device, its copies
/// of the weights). Returns its part, its gradients and the copies they belong to.
#[allow(clippy::too_many_arguments)] // The replica's view of the step.
fn replica_gradients(
    st: &St,
    vm: &mut Vm<'_>,
    model: &Value,
    loss: &Loss,
    replicas: usize,
    ids: &[VariableId],
    x: Handle,
    y: Handle,
) -> PyResult<(ReplicaStep, Vec<Option<EagerTensor>>, Vec<VariableId>)> {
    let rows = leading_dim(vm, &x)? as f32;
    let tape = st.tf(vm, |ctx| Ok(ctx.tape_begin(false, true)))?;
    let forward = (|| -> PyResult<(Handle, Handle, Handle)> {
        let x = wrap(st, vm, x)?;
        let training: Vec<(Name, Value)> = vec![(lang::value::name("training"), Value::Bool(true))];
        let prediction = vm.call(model, &[x], &training)?;
        let prediction = handle_of(st, vm, &prediction)?;
        let replica_loss = loss.reduced(st, vm, y.clone(), prediction.clone())?;
        let scaled = st.tf(vm, |ctx| {
            ctx.binary(
                BinaryOp::Mul,
                Operand::Handle(replica_loss.clone()),
                Operand::Literal(Tensor::scalar(1.0f32 / replicas as f32)),
                None,
            )
        })?;
        Ok((replica_loss, scaled, prediction))
    })();
    st.tf(vm, |ctx| {
        ctx.tape_stop(tape);
        Ok(())
    })?;
    let (replica_loss, scaled, prediction) = match forward {
        Ok(done) => done,
        Err(error) => {
            st.tf(vm, |ctx| {
                ctx.tape_release(tape);
                Ok(())
            })?;
            return Err(error);
        }
    };
    let scaled = eager(vm, &scaled)?;
    let (gradients, copies) = st.tf(vm, |ctx| {
        let copies: Vec<VariableId> = ids
            .iter()
            .map(|id| ctx.replica_local_variable(*id))
            .collect();
        let mut keys = Vec::with_capacity(copies.len());
        for copy in &copies {
            keys.push(match &ctx.variable(*copy)?.handle {
                Handle::Eager(handle) => handle.tensor_name.clone(),
                Handle::Symbolic(_) => String::new(),
            });
        }
        let gradients = ctx.tape_gradient(tape, std::slice::from_ref(&scaled), &keys);
        ctx.tape_release(tape);
        Ok((crate::keras::model::computed_gradients(gradients?)?, copies))
    })?;
    let mut tensors = Vec::with_capacity(gradients.len());
    for (gradient, copy) in gradients.into_iter().zip(&copies) {
        // The gradient lives on the replica's device, beside the copy it belongs to.
        let tensor = st.tf(vm, |ctx| {
            let Some(gradient) = gradient else {
                return Ok(None);
            };
            let Handle::Eager(handle) = &ctx.variable(*copy)?.handle else {
                return Err(TfError::internal("a graph variable in Keras"));
            };
            Ok(Some(EagerTensor {
                value: runtime::op::Value::Dense(gradient),
                device: handle.device,
                device_name: handle.device_name.clone(),
                producer: None,
                tensor_name: format!("gradient/{}", handle.tensor_name),
            }))
        })?;
        tensors.push(tensor);
    }
    Ok((
        ReplicaStep {
            loss: replica_loss,
            rows,
            y_true: y,
            prediction,
        },
        tensors,
        copies,
    ))
}
