//! `optimizer.apply_gradients` inside a `tf.function`: Keras 3's update rules as graph
//! ops, so every call of the function updates the weights (the eager path in
//! [`super::optimizers`] computes updates on the host once and would run only at trace).
//!
//! As Keras 3 does, the optimizer state the graph needs lives in variables: the step
//! counter `iteration` (int64, `AssignAddVariableOp` after the updates) and, for Adam and
//! SGD with momentum, one slot variable per weight, made on the first trace (lifted out of
//! the function) from the eager slots so far. The learning rate is read when tracing.
//!
//! Inside `strategy.run`, each gradient is first all-reduced with SUM across the replicas
//! (`batch_reduce_to`, Keras 3's default under `tf.distribute`), then each replica updates
//! its own copy of the weight and of the slots.

use lang::value::{PyResult, Value};
use lang::vm::Vm;

use crate::keras::optimizers::{OptimizerState, Rule};
use crate::keras::variables;
use crate::St;
use runtime::distribute::ReplicaReduction;
use runtime::variables::VariableId;
use runtime::{Handle, Operand, TfError, TfResult};
use tensor::ops::{BinaryOp, UnaryOp};
use tensor::{DType, Tensor};

/// A gradient (a graph tensor, or `None`) and the weight it updates.
pub type TracedPair = (Option<Handle>, VariableId);

/// A new non-trainable Keras variable holding `initial` (mirrored in a strategy's scope,
/// as the weights it tracks are).
fn new_variable(st: &St, vm: &mut Vm<'_>, name: &str, initial: Tensor) -> PyResult<VariableId> {
    let dtype = initial.dtype();
    let object = variables::create_at(
        st,
        vm,
        name,
        (Operand::Literal(initial), dtype),
        false,
        true,
    )?;
    variables::variable_id(vm, &object)
}

/// The `iteration` variable, made on first use from the eager count.
pub fn iteration_variable(
    st: &St,
    vm: &mut Vm<'_>,
    optimizer: &OptimizerState,
) -> PyResult<VariableId> {
    if let Some(id) = optimizer.traced.borrow().iterations {
        return Ok(id);
    }
    let initial = Tensor::scalar(optimizer.iterations.get());
    let id = new_variable(st, vm, "iteration", initial)?;
    optimizer.traced.borrow_mut().iterations = Some(id);
    Ok(id)
}

/// The slot variables of weight `weight` (`count` of them), made on first use from the
/// eager slots or zeros.
fn slot_variables(
    st: &St,
    vm: &mut Vm<'_>,
    optimizer: &OptimizerState,
    weight: VariableId,
    names: &[&str],
) -> PyResult<Vec<VariableId>> {
    if let Some(slots) = optimizer.traced.borrow().slots.get(&weight.0) {
        return Ok(slots.clone());
    }
    if names.is_empty() {
        optimizer
            .traced
            .borrow_mut()
            .slots
            .insert(weight.0, Vec::new());
        return Ok(Vec::new());
    }
    let zeros = st.tf(vm, |ctx| {
        let variable = ctx.variable(weight)?;
        let dims: Vec<i64> = variable
            .shape
            .to_shape()
            .ok_or_else(|| TfError::value_error("a weight of unknown shape"))?
            .dims()
            .iter()
            .map(|d| *d as i64)
            .collect();
        tensor::ops::zeros(&dims, variable.dtype).map_err(TfError::from_kernel_message)
    })?;
    let eager = optimizer.eager_slots(weight.0);
    let mut ids = Vec::with_capacity(names.len());
    for (index, name) in names.iter().enumerate() {
        let initial = eager
            .as_ref()
            .and_then(|slots| slots.get(index).cloned())
            .unwrap_or_else(|| zeros.clone());
        ids.push(new_variable(st, vm, name, initial)?);
    }
    optimizer
        .traced
        .borrow_mut()
        .slots
        .insert(weight.0, ids.clone());
    Ok(ids)
}

fn symbolic_binary(
    ctx: &mut runtime::Context,
    op: BinaryOp,
    a: Operand,
    b: Operand,
) -> TfResult<Operand> {
    ctx.binary(op, a, b, None).map(Operand::Handle)
}

fn f32_literal(value: f64) -> Operand {
    Operand::Literal(Tensor::scalar(value as f32))
}

/// Applies one step in the function being traced: `pairs` of (graph gradient, weight).
pub fn apply_traced(
    st: &St,
    vm: &mut Vm<'_>,
    optimizer: &OptimizerState,
    pairs: &[TracedPair],
) -> PyResult<()> {
    let iterations = iteration_variable(st, vm, optimizer)?;
    let slot_names: &[&str] = match &optimizer.rule {
        Rule::Sgd { momentum, .. } if *momentum > 0.0 => &["momentum"],
        Rule::Sgd { .. } => &[],
        Rule::Adam { .. } => &["momentum", "velocity"],
        Rule::RmsProp { momentum, .. } if *momentum > 0.0 => &["velocity", "momentum"],
        Rule::RmsProp { .. } => &["velocity"],
    };
    let mut work = Vec::with_capacity(pairs.len());
    for (grad, weight) in pairs {
        let Some(grad) = grad else { continue };
        let slots = slot_variables(st, vm, optimizer, *weight, slot_names)?;
        work.push((grad.clone(), *weight, slots));
    }
    let rule = optimizer.rule.clone();
    let learning_rate = match optimizer.traced_learning_rate.borrow_mut().take() {
        Some(scheduled) => scheduled,
        None => f32_literal(optimizer.learning_rate.get()),
    };
    st.tf(vm, |ctx| {
        // Under `strategy.run`: the sum of the replicas' gradients.
        let strategy = ctx.replica_context().map(|replica| replica.strategy);
        let mut reduced = Vec::with_capacity(work.len());
        for (grad, weight, slots) in work {
            let grad = match strategy {
                Some(strategy) => {
                    ctx.all_reduce(strategy, ReplicaReduction::Sum, Operand::Handle(grad))?
                }
                None => grad,
            };
            reduced.push((grad, weight, slots));
        }
        let step = match rule {
            Rule::Adam { .. } => {
                let count = ctx.read_variable(iterations)?;
                let next = ctx.binary(
                    BinaryOp::Add,
                    Operand::Handle(count),
                    Operand::Literal(Tensor::scalar(1i64)),
                    None,
                )?;
                Some(ctx.cast(Operand::Handle(next), DType::Float32, None)?)
            }
            _ => None,
        };
        for (grad, weight, slots) in reduced {
            update_one(
                ctx,
                &rule,
                learning_rate.clone(),
                step.as_ref(),
                grad,
                weight,
                &slots,
            )?;
        }
        ctx.assign_variable(
            iterations,
            runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Add),
            Operand::Literal(Tensor::scalar(1i64)),
        )?;
        Ok(())
    })
}

/// One weight's update, with Keras 3's float32 arithmetic in its order.
fn update_one(
    ctx: &mut runtime::Context,
    rule: &Rule,
    learning_rate: Operand,
    step: Option<&Handle>,
    grad: Handle,
    weight: VariableId,
    slots: &[VariableId],
) -> TfResult<()> {
    let dtype = ctx.variable(weight)?.dtype;
    let grad = if ctx.handle_dtype(&grad)? == dtype {
        Operand::Handle(grad)
    } else {
        Operand::Handle(ctx.cast(Operand::Handle(grad), dtype, None)?)
    };
    let lr = match learning_rate {
        Operand::Handle(handle) if ctx.handle_dtype(&handle)? != dtype => {
            Operand::Handle(ctx.cast(Operand::Handle(handle), dtype, None)?)
        }
        other => other,
    };
    let slot = |index: usize| -> TfResult<VariableId> {
        slots
            .get(index)
            .copied()
            .ok_or_else(|| TfError::internal("an optimizer slot is missing"))
    };
    match rule {
        Rule::Sgd { momentum, nesterov } => {
            let scaled = symbolic_binary(ctx, BinaryOp::Mul, grad, lr)?;
            if *momentum == 0.0 {
                ctx.assign_variable(
                    weight,
                    runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Sub),
                    scaled,
                )?;
                return Ok(());
            }
            // m = m * momentum - g * lr
            let m_slot = slot(0)?;
            let m = symbolic_binary(
                ctx,
                BinaryOp::Mul,
                Operand::Variable(m_slot),
                f32_literal(*momentum),
            )?;
            let m = symbolic_binary(ctx, BinaryOp::Sub, m, scaled.clone())?;
            ctx.assign_variable(
                m_slot,
                runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Set),
                m.clone(),
            )?;
            let delta = if *nesterov {
                let ahead = symbolic_binary(ctx, BinaryOp::Mul, m, f32_literal(*momentum))?;
                symbolic_binary(ctx, BinaryOp::Sub, ahead, scaled)?
            } else {
                m
            };
            ctx.assign_variable(
                weight,
                runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Add),
                delta,
            )?;
        }
        Rule::Adam {
            beta_1,
            beta_2,
            epsilon,
        } => {
            let step = Operand::Handle(
                step.cloned()
                    .ok_or_else(|| TfError::internal("Adam without a step"))?,
            );
            let beta_1_power =
                symbolic_binary(ctx, BinaryOp::Pow, f32_literal(*beta_1), step.clone())?;
            let beta_2_power = symbolic_binary(ctx, BinaryOp::Pow, f32_literal(*beta_2), step)?;
            let one_minus_b2 = symbolic_binary(ctx, BinaryOp::Sub, f32_literal(1.0), beta_2_power)?;
            let root = Operand::Handle(ctx.unary(UnaryOp::Sqrt, one_minus_b2, None)?);
            let numerator = symbolic_binary(ctx, BinaryOp::Mul, lr, root)?;
            let one_minus_b1 = symbolic_binary(ctx, BinaryOp::Sub, f32_literal(1.0), beta_1_power)?;
            let alpha = symbolic_binary(ctx, BinaryOp::RealDiv, numerator, one_minus_b1)?;
            let (m_slot, v_slot) = (slot(0)?, slot(1)?);
            // m += (g - m) * (1 - beta_1)
            let diff =
                symbolic_binary(ctx, BinaryOp::Sub, grad.clone(), Operand::Variable(m_slot))?;
            let m_step = symbolic_binary(ctx, BinaryOp::Mul, diff, f32_literal(1.0 - *beta_1))?;
            ctx.assign_variable(
                m_slot,
                runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Add),
                m_step,
            )?;
            // v += (g^2 - v) * (1 - beta_2)
            let square = Operand::Handle(ctx.unary(UnaryOp::Square, grad, None)?);
            let diff = symbolic_binary(ctx, BinaryOp::Sub, square, Operand::Variable(v_slot))?;
            let v_step = symbolic_binary(ctx, BinaryOp::Mul, diff, f32_literal(1.0 - *beta_2))?;
            ctx.assign_variable(
                v_slot,
                runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Add),
                v_step,
            )?;
            // w -= m * alpha / (sqrt(v) + epsilon)
            let scaled = symbolic_binary(ctx, BinaryOp::Mul, Operand::Variable(m_slot), alpha)?;
            let root =
                Operand::Handle(ctx.unary(UnaryOp::Sqrt, Operand::Variable(v_slot), None)?);
            let denominator = symbolic_binary(ctx, BinaryOp::Add, root, f32_literal(*epsilon))?;
            let delta = symbolic_binary(ctx, BinaryOp::RealDiv, scaled, denominator)?;
            ctx.assign_variable(
                weight,
                runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Sub),
                delta,
            )?;
        }
        Rule::RmsProp {
            rho,
            momentum,
            epsilon,
        } => {
            // velocity = rho * velocity + (1 - rho) * g^2
            let v_slot = slot(0)?;
            let kept = symbolic_binary(
                ctx,
                BinaryOp::Mul,
                f32_literal(*rho),
                Operand::Variable(v_slot),
            )?;
            let square = Operand::Handle(ctx.unary(UnaryOp::Square, grad.clone(), None)?);
            // Keras's `1 - rho`: a Python float, then float32.
            let fresh = symbolic_binary(ctx, BinaryOp::Mul, f32_literal(1.0 - *rho), square)?;
            let velocity = symbolic_binary(ctx, BinaryOp::Add, kept, fresh)?;
            ctx.assign_variable(
                v_slot,
                runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Set),
                velocity.clone(),
            )?;
            let denominator = symbolic_binary(ctx, BinaryOp::Add, velocity, f32_literal(*epsilon))?;
            let root = Operand::Handle(ctx.unary(UnaryOp::Sqrt, denominator, None)?);
            let scaled = symbolic_binary(ctx, BinaryOp::Mul, lr, grad)?;
            let increment = symbolic_binary(ctx, BinaryOp::RealDiv, scaled, root)?;
            if *momentum > 0.0 {
                let m_slot = slot(1)?;
                let kept = symbolic_binary(
                    ctx,
                    BinaryOp::Mul,
                    f32_literal(*momentum),
                    Operand::Variable(m_slot),
                )?;
                let moment = symbolic_binary(ctx, BinaryOp::Add, kept, increment)?;
                ctx.assign_variable(
                    m_slot,
                    runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Set),
                    moment.clone(),
                )?;
                ctx.assign_variable(
                    weight,
                    runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Sub),
                    moment,
                )?;
            } else {
                ctx.assign_variable(
                    weight,
                    runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Sub),
                    increment,
                )?;
            }
        }
    }
    Ok(())
}

/// The `(gradient, variable)` pairs of `apply_gradients` when a gradient is a graph tensor:
/// `None` when every gradient is eager (the eager path applies them).
pub fn traced_pairs(
    st: &St,
    vm: &mut Vm<'_>,
    pairs: &[(Value, Value)],
) -> PyResult<Option<Vec<TracedPair>>> {
    let tracing = st.tf(vm, |ctx| Ok(!ctx.executing_eagerly()))?;
    if !tracing {
        return Ok(None);
    }
    let mut out = Vec::with_capacity(pairs.len());
    for (grad, variable) in pairs {
        let grad = if grad.is_none() {
            None
        } else {
            Some(crate::keras::handle_of(st, vm, grad)?)
        };
        out.push((grad, variables::variable_id(vm, variable)?));
    }
    Ok(Some(out))
}
