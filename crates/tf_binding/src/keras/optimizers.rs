//! Keras optimizers with Keras 3's update rules in float32: SGD (with momentum and
//! Nesterov), Adam and RMSprop. Slot values (momenta, velocities) live here; each update
//! reaches its variable as one assignment op (`AssignSubVariableOp` / `AssignVariableOp`),
//! which the report records.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use lang::host::{new_native_instance, set_native_data, ClassBuilder};
use lang::value::{Args, Class, Module, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{float_arg, op_error};
use crate::keras::{traced_optimizer, variables};
use crate::{bound, params_vec, this, St};
use runtime::op::OpKind;
use runtime::variables::VariableId;
use runtime::Operand;
use tensor::ops::{self, BinaryOp, UnaryOp};
use tensor::{OpResult, Tensor};

/// A gradient as `apply_gradients` takes it: a tensor (computed or not), or
/// `IndexedSlices` (an embedding's), which Keras's update rules treat apart.
#[derive(Clone, Debug)]
pub enum GradInput {
    /// A tensor.
    Dense(runtime::op::Value),
    /// `tf.IndexedSlices`.
    Slices(runtime::tape::Slices),
}

/// A gradient in an update rule: Keras 3's ops keep `IndexedSlices` for element-wise
/// functions of one operand (`square`, a product with a scalar) and make them dense (rows
/// summed) where they meet a dense tensor.
enum Grad<'a> {
    Dense(&'a Tensor),
    Slices(&'a runtime::tape::Slices),
}

impl Grad<'_> {
    /// The gradient dense.
    fn dense(&self) -> OpResult<Tensor> {
        match self {
            Grad::Dense(grad) => Ok((*grad).clone()),
            Grad::Slices(slices) => slices.densify().map_err(tf_to_op),
        }
    }

    /// `f(gradient)` made dense: for slices, `f` of their rows, then summed.
    fn map_dense(&self, f: impl Fn(&Tensor) -> OpResult<Tensor>) -> OpResult<Tensor> {
        match self {
            Grad::Dense(grad) => f(grad),
            Grad::Slices(slices) => runtime::tape::Slices {
                values: f(&slices.values)?,
                ..(*slices).clone()
            }
            .densify()
            .map_err(tf_to_op),
        }
    }
}

fn tf_to_op(error: runtime::TfError) -> tensor::OpError {
    tensor::OpError::python(tensor::ErrorClass::Internal, error.message)
}

/// `variable.scatter_sub(IndexedSlices(rows, indices))`: each row subtracted in order.
fn scatter_sub(value: &Tensor, rows: &Tensor, indices: &Tensor) -> OpResult<Tensor> {
    let dims = value.dims().to_vec();
    let width: usize = dims.iter().skip(1).product();
    let count = dims.first().copied().unwrap_or(0);
    let positions = indices.to_i64_vec().unwrap_or_default();
    let mut out = value.to_f64_vec().unwrap_or_default();
    let rows = rows.to_f64_vec().unwrap_or_default();
    let f32_values = value.dtype() == tensor::DType::Float32;
    for (i, position) in positions.iter().enumerate() {
        let Some(row) = usize::try_from(*position).ok().filter(|row| *row < count) else {
            continue;
        };
        for k in 0..width {
            let target = &mut out[row * width + k];
            *target = if f32_values {
                f64::from(*target as f32 - rows[i * width + k] as f32)
            } else {
                *target - rows[i * width + k]
            };
        }
    }
    let updated = Tensor::from_vec(tensor::Shape::new(dims), out)?;
    ops::cast(&updated, value.dtype())
}

/// Which optimizer, with its hyperparameters.
#[derive(Clone, Debug, PartialEq)]
pub enum Rule {
    /// `SGD(learning_rate=0.01, momentum=0.0, nesterov=False)`.
    Sgd {
        /// Momentum.
        momentum: f64,
        /// Nesterov momentum.
        nesterov: bool,
    },
    /// `Adam(learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7)`.
    Adam {
        /// First-moment decay.
        beta_1: f64,
        /// Second-moment decay.
        beta_2: f64,
        /// Added to the denominator.
        epsilon: f64,
    },
    /// `RMSprop(learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7)`.
    RmsProp {
        /// Decay of the squared-gradient average.
        rho: f64,
        /// Momentum.
        momentum: f64,
        /// Added under the square root.
        epsilon: f64,
    },
}

/// The data of an optimizer object.
pub struct OptimizerState {
    /// The rule.
    pub rule: Rule,
    /// The learning rate.
    pub learning_rate: Cell<f64>,
    /// Steps applied so far (`optimizer.iterations`).
    pub iterations: Cell<i64>,
    slots: RefCell<HashMap<u32, Vec<Tensor>>>,
    /// The variables `apply_gradients` inside a `tf.function` keeps its state in.
    pub traced: RefCell<TracedState>,
    /// The learning rate a schedule computed in the function being traced (a tensor of
    /// that graph), for the next traced `apply_gradients`.
    pub traced_learning_rate: RefCell<Option<Operand>>,
}

/// The optimizer's variables once a `tf.function` applied it (Keras 3 keeps its state in
/// variables so that a traced step updates it on every call).
#[derive(Debug, Default)]
pub struct TracedState {
    /// The `iteration` counter.
    pub iterations: Option<VariableId>,
    /// Each weight's slot variables.
    pub slots: HashMap<u32, Vec<VariableId>>,
}

/// The optimizer classes.
pub struct OptimizerClasses {
    classes: Vec<(&'static str, Rc<Class>)>,
}

fn f32_scalar(value: f64) -> Tensor {
    Tensor::scalar(value as f32)
}

fn bin(op: BinaryOp, a: &Tensor, b: &Tensor) -> OpResult<Tensor> {
    ops::binary(op, a, b)
}

impl OptimizerState {
    /// The slot values eager steps left for the weight `id`.
    pub fn eager_slots(&self, id: u32) -> Option<Vec<Tensor>> {
        self.slots.borrow().get(&id).cloned()
    }

    /// The new value of one variable's slots and the assignment to make: `(kind, value)`.
    fn update(&self, id: u32, value: &Tensor, grad: &Grad<'_>) -> OpResult<(OpKind, Tensor)> {
        let lr = ops::cast(&f32_scalar(self.learning_rate.get()), value.dtype())?;
        let zeros = || {
            bin(
                BinaryOp::Mul,
                value,
                &ops::cast(&f32_scalar(0.0), value.dtype())?,
            )
        };
        let mut slots = self.slots.borrow_mut();
        match &self.rule {
            Rule::Sgd { momentum, nesterov } => {
                if *momentum == 0.0 {
                    return Ok(match grad {
                        Grad::Dense(grad) => (
                            runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Sub),
                            bin(BinaryOp::Mul, grad, &lr)?,
                        ),
                        Grad::Slices(slices) => (
                            runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Set),
                            scatter_sub(
                                value,
                                &bin(BinaryOp::Mul, &slices.values, &lr)?,
                                &slices.indices,
                            )?,
                        ),
                    });
                }
                let m_factor = f32_scalar(*momentum);
                let slot = match slots.get(&id) {
                    Some(slot) => slot[0].clone(),
                    None => zeros()?,
                };
                // m = -g * lr + m * momentum
                let step = grad.map_dense(|grad| bin(BinaryOp::Mul, grad, &lr))?;
                let m = bin(BinaryOp::Sub, &bin(BinaryOp::Mul, &slot, &m_factor)?, &step)?;
                slots.insert(id, vec![m.clone()]);
                let delta = if *nesterov {
                    bin(BinaryOp::Sub, &bin(BinaryOp::Mul, &m, &m_factor)?, &step)?
                } else {
                    m
                };
                Ok((
                    runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Add),
                    delta,
                ))
            }
            Rule::Adam {
                beta_1,
                beta_2,
                epsilon,
            } => {
                let (m, v) = match slots.get(&id) {
                    Some(slot) => (slot[0].clone(), slot[1].clone()),
                    None => (zeros()?, zeros()?),
                };
                let step = (self.iterations.get() + 1) as f32;
                let beta_1_power = (*beta_1 as f32).powf(step);
                let beta_2_power = (*beta_2 as f32).powf(step);
                let alpha = bin(
                    BinaryOp::RealDiv,
                    &bin(
                        BinaryOp::Mul,
                        &lr,
                        &ops::unary(UnaryOp::Sqrt, &Tensor::scalar(1.0 - beta_2_power))?,
                    )?,
                    &Tensor::scalar(1.0 - beta_1_power),
                )?;
                let m = bin(
                    BinaryOp::Add,
                    &m,
                    &bin(
                        BinaryOp::Mul,
                        &bin(BinaryOp::Sub, &grad.dense()?, &m)?,
                        // Keras's `1 - self.beta_1`: a Python float, then float32.
                        &f32_scalar(1.0 - *beta_1),
                    )?,
                )?;
                let v = bin(
                    BinaryOp::Add,
                    &v,
                    &bin(
                        BinaryOp::Mul,
                        &bin(
                            BinaryOp::Sub,
                            &grad.map_dense(|grad| ops::unary(UnaryOp::Square, grad))?,
                            &v,
                        )?,
                        &f32_scalar(1.0 - *beta_2),
                    )?,
                )?;
                let denominator = bin(
                    BinaryOp::Add,
                    &ops::unary(UnaryOp::Sqrt, &v)?,
                    &f32_scalar(*epsilon),
                )?;
                let delta = bin(
                    BinaryOp::RealDiv,
                    &bin(BinaryOp::Mul, &m, &alpha)?,
                    &denominator,
                )?;
                slots.insert(id, vec![m, v]);
                Ok((
                    runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Sub),
                    delta,
                ))
            }
            Rule::RmsProp {
                rho,
                momentum,
                epsilon,
            } => {
                let previous = slots.get(&id).cloned();
                let velocity = match &previous {
                    Some(slot) => slot[0].clone(),
                    None => zeros()?,
                };
                let rho_t = f32_scalar(*rho);
                let velocity = bin(
                    BinaryOp::Add,
                    &bin(BinaryOp::Mul, &rho_t, &velocity)?,
                    &grad.map_dense(|grad| {
                        bin(
                            BinaryOp::Mul,
                            // Keras's `1 - rho`: a Python float, then float32.
                            &f32_scalar(1.0 - *rho),
                            &ops::unary(UnaryOp::Square, grad)?,
                        )
                    })?,
                )?;
                let denominator = bin(BinaryOp::Add, &velocity, &f32_scalar(*epsilon))?;
                let increment = bin(
                    BinaryOp::RealDiv,
                    &grad.map_dense(|grad| bin(BinaryOp::Mul, &lr, grad))?,
                    &ops::unary(UnaryOp::Sqrt, &denominator)?,
                )?;
                if *momentum > 0.0 {
                    let moment = match previous.as_ref().and_then(|slot| slot.get(1)) {
                        Some(moment) => moment.clone(),
                        None => zeros()?,
                    };
                    let moment = bin(
                        BinaryOp::Add,
                        &bin(BinaryOp::Mul, &f32_scalar(*momentum), &moment)?,
                        &increment,
                    )?;
                    slots.insert(id, vec![velocity, moment.clone()]);
                    return Ok((
                        runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Sub),
                        moment,
                    ));
                }
                slots.insert(id, vec![velocity]);
                Ok((
                    runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Sub),
                    increment,
                ))
            }
        }
    }
}

/// Applies one step: each `(gradient, variable)` pair updates its variable (pairs with no
/// gradient are skipped), then `iterations` grows by one.
pub fn apply(
    st: &St,
    vm: &mut Vm<'_>,
    optimizer: &OptimizerState,
    pairs: &[(Option<GradInput>, VariableId)],
) -> PyResult<()> {
    let counter = optimizer.traced.borrow().iterations;
    if let Some(counter) = counter {
        // A traced step ran: the count lives in the `iteration` variable.
        let count = st.tf(vm, |ctx| match ctx.read_variable(counter)? {
            runtime::Handle::Eager(eager) => Ok(eager.tensor()?.to_i64_vec()),
            runtime::Handle::Symbolic(_) => Ok(None),
        })?;
        if let Some(count) = count.and_then(|values| values.first().copied()) {
            optimizer.iterations.set(count);
        }
    }
    for (grad, id) in pairs {
        let Some(grad) = grad else { continue };
        let id = *id;
        let value = st.tf(vm, |ctx| match ctx.read_variable(id)? {
            runtime::Handle::Eager(eager) => Ok(eager.value.clone()),
            runtime::Handle::Symbolic(_) => Err(runtime::TfError::internal(
                "a graph variable reached a Keras optimizer",
            )),
        })?;
        let grad = match grad {
            GradInput::Slices(slices) => {
                if let runtime::op::Value::Dense(value) = &value {
                    let mut slices = slices.clone();
                    if slices.values.dtype() != value.dtype() {
                        slices.values = ops::cast(&slices.values, value.dtype())
                            .map_err(|e| op_error(vm, e))?;
                    }
                    let (kind, delta) = optimizer
                        .update(id.0, value, &Grad::Slices(&slices))
                        .map_err(|e| op_error(vm, e))?;
                    st.tf(vm, |ctx| {
                        ctx.assign_variable(id, kind, Operand::Literal(delta))
                    })?;
                    continue;
                }
                runtime::op::Value::Dense(
                    slices.densify().map_err(|e| vm.runtime_error(e.message))?,
                )
            }
            GradInput::Dense(value) => value.clone(),
        };
        let grad = &grad;
        // Values on demand: a gradient (or a weight) not computed makes the updated weight
        // not computed either; the assignment is still placed and timed.
        let (runtime::op::Value::Dense(value), runtime::op::Value::Dense(grad)) = (&value, grad)
        else {
            let Some(uncomputed) = grad.uncomputed().or(value.uncomputed()) else {
                return Err(vm.runtime_error("a Keras weight or gradient is a handle"));
            };
            let updated = runtime::op::Value::Uncomputed(runtime::op::Uncomputed {
                dtype: match value.value_type() {
                    runtime::op::ValueType::Dense(dtype) => dtype,
                    _ => uncomputed.dtype,
                },
                shape: value
                    .shape()
                    .cloned()
                    .unwrap_or_else(|| uncomputed.shape.clone()),
                why: uncomputed.why.clone(),
            });
            st.tf(vm, |ctx| {
                let updated = ctx.eager_value(updated)?;
                ctx.assign_variable(
                    id,
                    runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Set),
                    Operand::Handle(runtime::Handle::Eager(updated)),
                )
            })?;
            continue;
        };
        let grad = if grad.dtype() == value.dtype() {
            grad.clone()
        } else {
            ops::cast(grad, value.dtype()).map_err(|e| op_error(vm, e))?
        };
        let (kind, delta) = optimizer
            .update(id.0, value, &Grad::Dense(&grad))
            .map_err(|e| op_error(vm, e))?;
        st.tf(vm, |ctx| {
            ctx.assign_variable(id, kind, Operand::Literal(delta))
        })?;
    }
    optimizer.iterations.set(optimizer.iterations.get() + 1);
    if let Some(counter) = counter {
        st.tf(vm, |ctx| {
            ctx.assign_variable(
                counter,
                runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Add),
                Operand::Literal(Tensor::scalar(1i64)),
            )
        })?;
    }
    Ok(())
}

/// The optimizer state of an optimizer object.
pub fn optimizer_of(vm: &Vm<'_>, value: &Value) -> PyResult<Rc<OptimizerState>> {
    value
        .downcast::<OptimizerState>()
        .ok_or_else(|| vm.value_error("Could not interpret optimizer identifier"))
}

/// Each optimizer's parameters (after `self`) and the defaults of its leading float ones,
/// `learning_rate` first; `amsgrad` and `centered` are accepted and not emulated.
const HYPERPARAMETERS: [(&str, &[&str], &[f64]); 3] = [
    (
        "SGD",
        &["self", "learning_rate", "momentum", "nesterov"],
        &[0.01, 0.0],
    ),
    (
        "Adam",
        &[
            "self",
            "learning_rate",
            "beta_1",
            "beta_2",
            "epsilon",
            "amsgrad",
        ],
        &[0.001, 0.9, 0.999, 1e-7],
    ),
    (
        "RMSprop",
        &[
            "self",
            "learning_rate",
            "rho",
            "momentum",
            "epsilon",
            "centered",
        ],
        &[0.001, 0.9, 0.0, 1e-7],
    ),
];

fn construct(vm: &mut Vm<'_>, kind: &str, args: &Args<'_>) -> PyResult<OptimizerState> {
    let (_, names, defaults) = HYPERPARAMETERS
        .iter()
        .find(|(name, ..)| *name == kind)
        .unwrap_or(&HYPERPARAMETERS[2]);
    let bound = params_vec(vm, kind, args, names, 1)?;
    // The hyperparameters are read before `learning_rate`, as the rules' fields were.
    let mut floats = [0.0; 4];
    for (index, default) in defaults.iter().enumerate().skip(1) {
        floats[index] = float_arg(vm, &bound[index + 1], *default)?;
    }
    let rule = match kind {
        "SGD" => Rule::Sgd {
            momentum: floats[1],
            nesterov: crate::flag(vm, &bound[3], false)?,
        },
        "Adam" => Rule::Adam {
            beta_1: floats[1],
            beta_2: floats[2],
            epsilon: floats[3],
        },
        _ => Rule::RmsProp {
            rho: floats[1],
            momentum: floats[2],
            epsilon: floats[3],
        },
    };
    let learning_rate = float_arg(vm, &bound[1], defaults[0])?;
    Ok(OptimizerState {
        rule,
        learning_rate: Cell::new(learning_rate),
        iterations: Cell::new(0),
        slots: RefCell::new(HashMap::new()),
        traced: RefCell::new(TracedState::default()),
        traced_learning_rate: RefCell::new(None),
    })
}

fn apply_gradients(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "apply_gradients",
        &args,
        2,
        [this = "self", grads_and_vars]
    )?;
    let optimizer = optimizer_of(vm, this(vm, &args)?)?;
    let pairs_value = vm.iterate(bound.grads_and_vars.as_ref().unwrap_or(&Value::None))?;
    let mut values = Vec::with_capacity(pairs_value.len());
    for pair in &pairs_value {
        let items = vm.iterate(pair)?;
        let [grad, variable] = &items[..] else {
            return Err(vm.value_error("grads_and_vars must be (gradient, variable) pairs"));
        };
        values.push((grad.clone(), variable.clone()));
    }
    if let Some(pairs) = traced_optimizer::traced_pairs(st, vm, &values)? {
        traced_optimizer::apply_traced(st, vm, &optimizer, &pairs)?;
        return Ok(Value::None);
    }
    let mut pairs = Vec::with_capacity(values.len());
    for (grad, variable) in &values {
        let eager =
            grad.downcast::<crate::tensor_class::PyTensor>()
                .and_then(|tensor| match &tensor.handle {
                    runtime::Handle::Eager(eager) => Some(eager.value.clone()),
                    runtime::Handle::Symbolic(_) => None,
                });
        let grad = match eager {
            // A gradient not computed (values on demand) is applied as one.
            Some(value) => Some(GradInput::Dense(value)),
            None if grad.is_none() => None,
            None => match indexed_slices(st, vm, grad)? {
                Some(slices) => Some(GradInput::Slices(slices)),
                None => crate::convert::eager_value(st, vm, grad)?
                    .map(|value| GradInput::Dense(runtime::op::Value::Dense(value))),
            },
        };
        pairs.push((grad, variables::variable_id(vm, variable)?));
    }
    apply(st, vm, &optimizer, &pairs)?;
    Ok(Value::None)
}

/// A `tf.IndexedSlices` gradient's rows, indices and dense shape; `None` for anything else.
fn indexed_slices(
    st: &St,
    vm: &mut Vm<'_>,
    grad: &Value,
) -> PyResult<Option<runtime::tape::Slices>> {
    let Value::Instance(instance) = grad else {
        return Ok(None);
    };
    if instance.class.name != "IndexedSlices" {
        return Ok(None);
    }
    let mut parts = Vec::with_capacity(3);
    for name in ["values", "indices", "dense_shape"] {
        let part = vm.get_attr_str(grad, name)?;
        let Some(tensor) = crate::convert::eager_value(st, vm, &part)? else {
            return Ok(None);
        };
        parts.push(tensor);
    }
    let [values, indices, dense_shape] = <[Tensor; 3]>::try_from(parts)
        .map_err(|_| vm.runtime_error("IndexedSlices without its parts"))?;
    let dense_shape = dense_shape
        .to_i64_vec()
        .unwrap_or_default()
        .into_iter()
        .map(|d| usize::try_from(d).unwrap_or(0))
        .collect();
    Ok(Some(runtime::tape::Slices {
        values,
        indices,
        dense_shape,
    }))
}

/// `optimizer._slot_values(variable)`: the optimizer's state for one weight (Adam's
/// moments, a momentum) as tensors, or `None` before its first step on it; what
/// `model.save` writes so a loaded model trains on as the saved one would.
fn slot_values(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let optimizer = optimizer_of(vm, this(vm, &args)?)?;
    let id = variables::variable_id(vm, args.get(1).unwrap_or(&Value::None))?;
    let traced = optimizer.traced.borrow().slots.get(&id.0).cloned();
    let handles = match traced {
        Some(ids) => {
            let mut handles = Vec::with_capacity(ids.len());
            for slot in ids {
                handles.push(st.tf(vm, |ctx| ctx.read_variable(slot))?);
            }
            handles
        }
        None => {
            let Some(slots) = optimizer.eager_slots(id.0) else {
                return Ok(Value::None);
            };
            let mut handles = Vec::with_capacity(slots.len());
            for slot in slots {
                handles.push(st.tf(vm, |ctx| ctx.constant(slot, None))?);
            }
            handles
        }
    };
    let mut items = Vec::with_capacity(handles.len());
    for handle in handles {
        items.push(crate::tensor_class::wrap(st, vm, handle)?);
    }
    Ok(Value::list(items))
}

/// `optimizer._restore_state(iterations, [(variable, [slot values])])`: the state a saved
/// optimizer had, given to one that has not stepped yet (`load_model`).
fn restore_state(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let optimizer = optimizer_of(vm, this(vm, &args)?)?;
    let iterations = args.get(1).cloned().unwrap_or(Value::None);
    let count = crate::convert::int_list(st, vm, &iterations, "iterations")?;
    optimizer
        .iterations
        .set(count.first().copied().unwrap_or(0));
    for entry in vm.iterate(args.get(2).unwrap_or(&Value::None))? {
        let pair = vm.iterate(&entry)?;
        let [variable, values] = &pair[..] else {
            return Err(vm.value_error("_restore_state takes (variable, slots) pairs"));
        };
        let id = variables::variable_id(vm, variable)?;
        let mut slots = Vec::new();
        for value in vm.iterate(values)? {
            match crate::convert::eager_value(st, vm, &value)? {
                Some(tensor) => slots.push(tensor),
                None => return Err(vm.value_error("an optimizer slot must be a value")),
            }
        }
        optimizer.slots.borrow_mut().insert(id.0, slots);
    }
    Ok(Value::None)
}

fn build_class(st: &St, kind: &'static str, module: &str) -> Rc<Class> {
    ClassBuilder::new(kind, module)
        .method_closure("__init__", move |vm, args| {
            let state = construct(vm, kind, &args)?;
            set_native_data(this(vm, &args)?, Rc::new(state));
            Ok(Value::None)
        })
        .method_closure("apply_gradients", bound(st, apply_gradients))
        .property(
            "learning_rate",
            |vm, args| {
                Ok(Value::Float(
                    optimizer_of(vm, this(vm, &args)?)?.learning_rate.get(),
                ))
            },
            Some(|vm, args| {
                let optimizer = optimizer_of(vm, this(vm, &args)?)?;
                let value = args.get(1).cloned();
                optimizer.learning_rate.set(float_arg(vm, &value, 0.0)?);
                Ok(Value::None)
            }),
        )
        .method_closure(
            "_set_traced_learning_rate",
            bound(st, |st, vm, args| {
                let optimizer = optimizer_of(vm, this(vm, &args)?)?;
                let value = args
                    .get(1)
                    .cloned()
                    .ok_or_else(|| vm.type_error("a learning rate tensor is required"))?;
                let operand = crate::convert::to_operand(st, vm, &value)?;
                *optimizer.traced_learning_rate.borrow_mut() = Some(operand);
                Ok(Value::None)
            }),
        )
        .method_closure(
            "_traced_iterations",
            bound(st, |st, vm, args| {
                let optimizer = optimizer_of(vm, this(vm, &args)?)?;
                let counter = traced_optimizer::iteration_variable(st, vm, &optimizer)?;
                let handle = st.tf(vm, |ctx| ctx.read_variable(counter))?;
                crate::tensor_class::wrap(st, vm, handle)
            }),
        )
        .method_closure("_slot_values", bound(st, slot_values))
        .method_closure("_restore_state", bound(st, restore_state))
        .property_closure(
            "iterations",
            bound(st, |st, vm, args| {
                let optimizer = optimizer_of(vm, this(vm, &args)?)?;
                let counter = optimizer.traced.borrow().iterations;
                if let Some(counter) = counter {
                    let handle = st.tf(vm, |ctx| ctx.read_variable(counter))?;
                    return crate::tensor_class::wrap(st, vm, handle);
                }
                let count = optimizer.iterations.get();
                let handle = st.tf(vm, |ctx| ctx.constant(Tensor::scalar(count), None))?;
                crate::tensor_class::wrap(st, vm, handle)
            }),
            None,
        )
        .build()
}

/// Builds the optimizer classes.
pub fn build_classes(st: &St) -> OptimizerClasses {
    OptimizerClasses {
        classes: vec![
            ("SGD", build_class(st, "SGD", "keras.src.optimizers.sgd")),
            ("Adam", build_class(st, "Adam", "keras.src.optimizers.adam")),
            (
                "RMSprop",
                build_class(st, "RMSprop", "keras.src.optimizers.rmsprop"),
            ),
        ],
    }
}

/// The optimizer a `compile(optimizer=...)` argument names: an object, or `'sgd'`,
/// `'adam'`, `'rmsprop'` with default settings.
pub fn from_arg(
    vm: &mut Vm<'_>,
    keras: &crate::keras::KerasClasses,
    value: &Value,
) -> PyResult<Value> {
    if value.downcast::<OptimizerState>().is_some() {
        return Ok(value.clone());
    }
    let Some(name) = value.as_str() else {
        let text = vm.repr(value)?;
        return Err(vm.value_error(format!("Could not interpret optimizer identifier: {text}")));
    };
    let kind = match cpython_text::str_lower(name).as_str() {
        "sgd" => "SGD",
        "adam" => "Adam",
        "rmsprop" => "RMSprop",
        _ => {
            return Err(vm.value_error(format!("Could not interpret optimizer identifier: {name}")))
        }
    };
    let class = keras
        .optimizers
        .classes
        .iter()
        .find(|(k, _)| *k == kind)
        .map(|(_, c)| c.clone())
        .ok_or_else(|| vm.value_error("unknown optimizer"))?;
    let instance = new_native_instance(
        &class,
        Rc::new(construct(vm, kind, &Args::new(&[Value::None], &[]))?),
    );
    Ok(instance)
}

/// Builds `tf.keras.optimizers`.
pub fn build_module(keras: &crate::keras::KerasClasses) -> Rc<Module> {
    let module = crate::module("keras._tf_keras.keras.optimizers");
    for (name, class) in &keras.optimizers.classes {
        module.set(name, Value::Class(class.clone()));
    }
    module
}
