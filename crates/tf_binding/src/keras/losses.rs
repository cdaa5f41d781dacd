//! Keras losses as eager ops (so the tape differentiates them): mean squared and absolute
//! error, categorical, sparse categorical and binary crossentropy (with `from_logits`),
//! following Keras 3's TensorFlow backend (`epsilon = 1e-7` clipping, the
//! `sum_over_batch_size` reduction); the loss classes and functions of `tf.keras.losses`.

use std::rc::Rc;

use lang::host::{set_native_data, ClassBuilder};
use lang::value::{Args, Class, Module, PyResult, Value};
use lang::vm::Vm;

use crate::keras::layers::handle_of;
use crate::keras::ops;
use crate::tensor_class::wrap;
use crate::{bound, this, St};
use runtime::{Handle, Operand};
use tensor::ops::{BinaryOp, ReduceOp, UnaryOp};
use tensor::{DType, Tensor};

/// Keras's `backend.epsilon()`.
const EPSILON: f32 = 1e-7;

/// A loss.
#[derive(Clone)]
pub enum Loss {
    /// `mean_squared_error`.
    MeanSquaredError,
    /// `mean_absolute_error`.
    MeanAbsoluteError,
    /// `categorical_crossentropy`.
    CategoricalCrossentropy {
        /// Predictions are logits.
        from_logits: bool,
    },
    /// `sparse_categorical_crossentropy`.
    SparseCategoricalCrossentropy {
        /// Predictions are logits.
        from_logits: bool,
    },
    /// `binary_crossentropy`.
    BinaryCrossentropy {
        /// Predictions are logits.
        from_logits: bool,
    },
    /// A Python callable `f(y_true, y_pred)`.
    Callable(Value),
}

/// The classes of `tf.keras.losses`.
pub struct LossClasses {
    classes: Vec<(&'static str, Rc<Class>)>,
}

/// The data of a loss object: what it computes and how it reduces the per-sample values.
struct PyLoss(Loss, Reduction);

/// A loss object's `reduction` (`keras/src/losses/loss.py`, `standardize_reduction`).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Reduction {
    /// `"sum_over_batch_size"` (the default), `"mean"`, `"mean_with_sample_weight"`: without
    /// sample weights all three are the mean.
    Mean,
    /// `"sum"`.
    Sum,
    /// `"none"` or `None`: the per-sample values.
    None,
}

impl Reduction {
    /// The `reduction` argument of a loss class, with Keras's error for other values.
    fn from_arg(vm: &mut Vm<'_>, value: Option<&Value>) -> PyResult<Reduction> {
        let Some(value) = value else {
            return Ok(Reduction::Mean);
        };
        if value.is_none() {
            return Ok(Reduction::None);
        }
        match value.as_str() {
            Some("sum_over_batch_size" | "mean" | "mean_with_sample_weight") => Ok(Reduction::Mean),
            Some("sum") => Ok(Reduction::Sum),
            Some("none") => Ok(Reduction::None),
            _ => {
                let received = vm.str(value)?;
                // Keras prints a set: this is its order under PYTHONHASHSEED=0, as recorded.
                Err(vm.value_error(format!(
                    "Invalid value for argument `reduction`. Expected one of {{'sum_over_batch_size', 'sum', 'mean_with_sample_weight', 'mean', 'none', None}}. Received: reduction={received}"
                )))
            }
        }
    }
}

impl Loss {
    /// The loss a `compile(loss=...)` argument names.
    pub fn from_arg(vm: &mut Vm<'_>, value: &Value) -> PyResult<Loss> {
        if let Some(loss) = value.downcast::<PyLoss>() {
            return Ok(loss.0.clone());
        }
        let Some(name) = value.as_str() else {
            return Ok(Loss::Callable(value.clone()));
        };
        Loss::from_name(name, false)
            .ok_or_else(|| vm.value_error(format!("Could not interpret loss identifier: {name}")))
    }

    /// The loss a name (`'mse'`, `'categorical_crossentropy'`) or class name
    /// (`MeanSquaredError`) stands for; `from_logits` goes to the crossentropies.
    fn from_name(name: &str, from_logits: bool) -> Option<Loss> {
        Some(match name {
            "mse" | "mean_squared_error" | "MeanSquaredError" => Loss::MeanSquaredError,
            "mae" | "mean_absolute_error" | "MeanAbsoluteError" => Loss::MeanAbsoluteError,
            "categorical_crossentropy" | "CategoricalCrossentropy" => {
                Loss::CategoricalCrossentropy { from_logits }
            }
            "sparse_categorical_crossentropy" | "SparseCategoricalCrossentropy" => {
                Loss::SparseCategoricalCrossentropy { from_logits }
            }
            "binary_crossentropy" | "BinaryCrossentropy" => {
                Loss::BinaryCrossentropy { from_logits }
            }
            _ => return None,
        })
    }

    /// Per-sample losses (the last axis reduced).
    pub fn per_sample(
        &self,
        st: &St,
        vm: &mut Vm<'_>,
        y_true: Handle,
        y_pred: Handle,
    ) -> PyResult<Handle> {
        let (pred_shape, pred_dtype) = ops::shape_dtype(st, vm, &y_pred)?;
        let pred_rank = pred_shape.dims().map_or(0, <[Option<usize>]>::len);
        let classes = pred_shape
            .dims()
            .and_then(|d| d.last().copied().flatten())
            .unwrap_or(1);
        let last = Some(vec![-1]);
        match self {
            Loss::MeanSquaredError | Loss::MeanAbsoluteError => {
                let y_true = matching(st, vm, y_true, pred_dtype, pred_rank)?;
                let diff = ops::binary(st, vm, BinaryOp::Sub, y_true.into(), y_pred.into())?;
                let op = if matches!(self, Loss::MeanSquaredError) {
                    UnaryOp::Square
                } else {
                    UnaryOp::Abs
                };
                let error = ops::unary(st, vm, op, diff.into())?;
                ops::reduce(st, vm, ReduceOp::Mean, error.into(), last, false)
            }
            Loss::CategoricalCrossentropy { from_logits } => {
                let y_true = matching(st, vm, y_true, pred_dtype, pred_rank)?;
                crossentropy(st, vm, y_true, y_pred, *from_logits)
            }
            Loss::SparseCategoricalCrossentropy { from_logits } => {
                let labels = sparse_labels(st, vm, y_true, classes, pred_dtype, pred_rank)?;
                if *from_logits {
                    crossentropy(st, vm, labels, y_pred, true)
                } else {
                    let clipped = clip(st, vm, y_pred)?;
                    let logits = ops::unary(st, vm, UnaryOp::Log, clipped.into())?;
                    crossentropy(st, vm, labels, logits, true)
                }
            }
            Loss::BinaryCrossentropy { from_logits } => {
                let z = matching(st, vm, y_true, pred_dtype, pred_rank)?;
                let per_element = if *from_logits {
                    // max(x, 0) - x * z + log(1 + exp(-|x|))
                    let x = y_pred;
                    let relu = ops::unary(st, vm, UnaryOp::Relu, x.clone().into())?;
                    let xz = ops::binary(st, vm, BinaryOp::Mul, x.clone().into(), z.into())?;
                    let abs = ops::unary(st, vm, UnaryOp::Abs, x.into())?;
                    let neg = ops::unary(st, vm, UnaryOp::Neg, abs.into())?;
                    let exp = ops::unary(st, vm, UnaryOp::Exp, neg.into())?;
                    let one_plus =
                        ops::binary(st, vm, BinaryOp::Add, ops::scalar(1.0), exp.into())?;
                    let log = ops::unary(st, vm, UnaryOp::Log, one_plus.into())?;
                    let a = ops::binary(st, vm, BinaryOp::Sub, relu.into(), xz.into())?;
                    ops::binary(st, vm, BinaryOp::Add, a.into(), log.into())?
                } else {
                    let p = clip(st, vm, y_pred)?;
                    let p_eps = ops::binary(
                        st,
                        vm,
                        BinaryOp::Add,
                        p.clone().into(),
                        ops::scalar(EPSILON),
                    )?;
                    let log_p = ops::unary(st, vm, UnaryOp::Log, p_eps.into())?;
                    let first = ops::binary(st, vm, BinaryOp::Mul, z.clone().into(), log_p.into())?;
                    let one_minus_p =
                        ops::binary(st, vm, BinaryOp::Sub, ops::scalar(1.0), p.into())?;
                    let q_eps = ops::binary(
                        st,
                        vm,
                        BinaryOp::Add,
                        one_minus_p.into(),
                        ops::scalar(EPSILON),
                    )?;
                    let log_q = ops::unary(st, vm, UnaryOp::Log, q_eps.into())?;
                    let one_minus_z =
                        ops::binary(st, vm, BinaryOp::Sub, ops::scalar(1.0), z.into())?;
                    let second =
                        ops::binary(st, vm, BinaryOp::Mul, one_minus_z.into(), log_q.into())?;
                    let sum = ops::binary(st, vm, BinaryOp::Add, first.into(), second.into())?;
                    ops::unary(st, vm, UnaryOp::Neg, sum.into())?
                };
                ops::reduce(st, vm, ReduceOp::Mean, per_element.into(), last, false)
            }
            Loss::Callable(func) => {
                let a = wrap(st, vm, y_true)?;
                let b = wrap(st, vm, y_pred)?;
                let result = vm.call(func, &[a, b], &[])?;
                handle_of(st, vm, &result)
            }
        }
    }

    /// The scalar loss: per-sample losses summed over the batch size.
    pub fn reduced(
        &self,
        st: &St,
        vm: &mut Vm<'_>,
        y_true: Handle,
        y_pred: Handle,
    ) -> PyResult<Handle> {
        let per_sample = self.per_sample(st, vm, y_true, y_pred)?;
        let (shape, _) = ops::shape_dtype(st, vm, &per_sample)?;
        if shape.dims().is_some_and(<[Option<usize>]>::is_empty) {
            return Ok(per_sample);
        }
        ops::reduce(st, vm, ReduceOp::Mean, per_sample.into(), None, false)
    }

    /// Whether labels are class indices (for resolving `metrics=['accuracy']`).
    pub fn is_sparse(&self) -> bool {
        matches!(self, Loss::SparseCategoricalCrossentropy { .. })
    }

    /// Whether this is a binary crossentropy.
    pub fn is_binary(&self) -> bool {
        matches!(self, Loss::BinaryCrossentropy { .. })
    }
}

/// `y_true` cast to the prediction's dtype, with a trailing axis added when the labels
/// have one dimension fewer (Keras squeezes or expands to match).
fn matching(
    st: &St,
    vm: &mut Vm<'_>,
    y_true: Handle,
    dtype: DType,
    rank: usize,
) -> PyResult<Handle> {
    let (shape, true_dtype) = ops::shape_dtype(st, vm, &y_true)?;
    let mut y = y_true;
    if true_dtype != dtype {
        y = ops::cast(st, vm, y.into(), dtype)?;
    }
    let true_rank = shape.dims().map_or(0, <[Option<usize>]>::len);
    if true_rank + 1 == rank {
        let dims: Vec<i64> = shape
            .dims()
            .unwrap_or(&[])
            .iter()
            .map(|d| d.map_or(-1, |d| d as i64))
            .chain(std::iter::once(1))
            .collect();
        y = ops::reshape(st, vm, y.into(), dims)?;
    }
    Ok(y)
}

/// Integer class labels (`[batch]` or `[batch, 1]`) as one-hot rows of `classes`.
fn sparse_labels(
    st: &St,
    vm: &mut Vm<'_>,
    y_true: Handle,
    classes: usize,
    dtype: DType,
    pred_rank: usize,
) -> PyResult<Handle> {
    let (shape, true_dtype) = ops::shape_dtype(st, vm, &y_true)?;
    let true_rank = shape.dims().map_or(0, <[Option<usize>]>::len);
    let mut labels = y_true;
    if true_rank == pred_rank && true_rank > 0 {
        let dims: Vec<i64> = shape
            .dims()
            .unwrap_or(&[])
            .iter()
            .take(true_rank - 1)
            .map(|d| d.map_or(-1, |d| d as i64))
            .collect();
        labels = ops::reshape(st, vm, labels.into(), dims)?;
    }
    if true_dtype != DType::Int32 && true_dtype != DType::Int64 {
        labels = ops::cast(st, vm, labels.into(), DType::Int64)?;
    }
    let on = tensor::ops::cast(&Tensor::scalar(1.0f32), dtype)
        .map_err(|e| crate::convert::op_error(vm, e))?;
    let off = tensor::ops::cast(&Tensor::scalar(0.0f32), dtype)
        .map_err(|e| crate::convert::op_error(vm, e))?;
    st.tf(vm, |ctx| {
        ctx.one_hot(
            Operand::Handle(labels),
            Operand::Literal(Tensor::scalar(classes as i32)),
            Operand::Literal(on),
            Operand::Literal(off),
            -1,
            None,
        )
    })
}

/// `clip(p, eps, 1 - eps)`.
fn clip(st: &St, vm: &mut Vm<'_>, p: Handle) -> PyResult<Handle> {
    let low = ops::binary(st, vm, BinaryOp::Maximum, p.into(), ops::scalar(EPSILON))?;
    ops::binary(
        st,
        vm,
        BinaryOp::Minimum,
        low.into(),
        ops::scalar(1.0 - EPSILON),
    )
}

/// `-sum(y_true * log(p), -1)`: from logits through a stable log-softmax, else from
/// probabilities normalised and clipped.
fn crossentropy(
    st: &St,
    vm: &mut Vm<'_>,
    y_true: Handle,
    y_pred: Handle,
    from_logits: bool,
) -> PyResult<Handle> {
    let last = Some(vec![-1]);
    let log_p = if from_logits {
        let max = st.tf(vm, |ctx| {
            ctx.reduce(
                ReduceOp::Max,
                y_pred.clone().into(),
                Some(vec![-1]),
                true,
                None,
            )
        })?;
        // Keras's stable log-softmax: the max is a constant to the gradient.
        let max = st.tf(vm, |ctx| ctx.stop_gradient(max.into(), None))?;
        let shifted = ops::binary(st, vm, BinaryOp::Sub, y_pred.into(), max.into())?;
        let exp = ops::unary(st, vm, UnaryOp::Exp, shifted.clone().into())?;
        let sum = ops::reduce(st, vm, ReduceOp::Sum, exp.into(), last.clone(), true)?;
        let lse = ops::unary(st, vm, UnaryOp::Log, sum.into())?;
        ops::binary(st, vm, BinaryOp::Sub, shifted.into(), lse.into())?
    } else {
        let sum = ops::reduce(
            st,
            vm,
            ReduceOp::Sum,
            y_pred.clone().into(),
            last.clone(),
            true,
        )?;
        let normalised = ops::binary(st, vm, BinaryOp::RealDiv, y_pred.into(), sum.into())?;
        let clipped = clip(st, vm, normalised)?;
        ops::unary(st, vm, UnaryOp::Log, clipped.into())?
    };
    let product = ops::binary(st, vm, BinaryOp::Mul, y_true.into(), log_p.into())?;
    let summed = ops::reduce(st, vm, ReduceOp::Sum, product.into(), last, false)?;
    ops::unary(st, vm, UnaryOp::Neg, summed.into())
}

fn loss_init(kind: &'static str) -> impl Fn(&mut Vm<'_>, Args<'_>) -> PyResult {
    move |vm, args| {
        let from_logits = match args.kwarg("from_logits") {
            Some(value) => vm.truthy(value)?,
            None => false,
        };
        let reduction = Reduction::from_arg(vm, args.kwarg("reduction"))?;
        let loss = Loss::from_name(kind, from_logits).unwrap_or(Loss::MeanSquaredError);
        set_native_data(this(vm, &args)?, Rc::new(PyLoss(loss, reduction)));
        Ok(Value::None)
    }
}

fn loss_call(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "__call__",
        &args,
        3,
        [this = "self", y_true, y_pred, sample_weight]
    )?;
    let Some(loss) = this(vm, &args)?.downcast::<PyLoss>() else {
        return Err(vm.type_error("expected a Keras loss"));
    };
    if bound
        .sample_weight
        .as_ref()
        .is_some_and(|weight| !weight.is_none())
    {
        return Err(
            vm.runtime_error("sample_weight in a loss call is not emulated in this playground yet")
        );
    }
    let y_true = handle_of(st, vm, bound.y_true.as_ref().unwrap_or(&Value::None))?;
    let y_pred = handle_of(st, vm, bound.y_pred.as_ref().unwrap_or(&Value::None))?;
    let result = match loss.1 {
        Reduction::Mean => loss.0.reduced(st, vm, y_true, y_pred)?,
        Reduction::None => loss.0.per_sample(st, vm, y_true, y_pred)?,
        Reduction::Sum => {
            let per_sample = loss.0.per_sample(st, vm, y_true, y_pred)?;
            ops::reduce(st, vm, ReduceOp::Sum, per_sample.into(), None, false)?
        }
    };
    wrap(st, vm, result)
}

const CLASSES: [&str; 5] = [
    "MeanSquaredError",
    "MeanAbsoluteError",
    "CategoricalCrossentropy",
    "SparseCategoricalCrossentropy",
    "BinaryCrossentropy",
];

/// Builds the loss classes.
pub fn build_classes(st: &St) -> LossClasses {
    LossClasses {
        classes: CLASSES
            .iter()
            .map(|kind| {
                let class = ClassBuilder::new(kind, "keras.src.losses.losses")
                    .method_closure("__init__", loss_init(kind))
                    .method_closure("__call__", bound(st, loss_call))
                    .build();
                (*kind, class)
            })
            .collect(),
    }
}

/// Builds `tf.keras.losses`: the classes and the per-sample functions.
pub fn build_module(st: &St, keras: &crate::keras::KerasClasses) -> Rc<Module> {
    let module = crate::module("keras._tf_keras.keras.losses");
    for (name, class) in &keras.losses.classes {
        module.set(name, Value::Class(class.clone()));
    }
    // Keras 3 keeps the TF-Keras constants as plain strings (`keras/src/legacy/losses.py`).
    let reduction = ClassBuilder::new("Reduction", "keras.src.legacy.losses")
        .attr("AUTO", Value::str("auto"))
        .attr("NONE", Value::str("none"))
        .attr("SUM", Value::str("sum"))
        .attr("SUM_OVER_BATCH_SIZE", Value::str("sum_over_batch_size"))
        .build();
    module.set("Reduction", Value::Class(reduction));
    for name in [
        "mean_squared_error",
        "mean_absolute_error",
        "categorical_crossentropy",
        "sparse_categorical_crossentropy",
        "binary_crossentropy",
    ] {
        let st2 = st.clone();
        module.set(
            name,
            lang::host::native_function_closure(name, move |vm, args| {
                let bound = bind!(vm, name, &args, 2, [y_true, y_pred, from_logits])?;
                let from_logits = crate::flag(vm, &bound.from_logits, false)?;
                let loss = Loss::from_name(name, from_logits).unwrap_or(Loss::MeanSquaredError);
                let y_true = handle_of(&st2, vm, bound.y_true.as_ref().unwrap_or(&Value::None))?;
                let y_pred = handle_of(&st2, vm, bound.y_pred.as_ref().unwrap_or(&Value::None))?;
                let result = loss.per_sample(&st2, vm, y_true, y_pred)?;
                wrap(&st2, vm, result)
            }),
        );
    }
    module
}
