//! Keras metrics: the per-sample functions behind `compile(metrics=[...])` and the metric
//! objects of `tf.keras.metrics` (`Mean`, `Sum`, `Accuracy`, `SparseCategoricalAccuracy`,
//! `CategoricalAccuracy`, `BinaryAccuracy`, `MeanSquaredError`, `MeanAbsoluteError`). An
//! object keeps Keras's two float32 variables (`total`, `count`, paths `mean/total`), so
//! `update_state` accumulates exactly as Keras does and `result()` is `total / count`.

use std::rc::Rc;

use lang::host::{set_native_data, ClassBuilder};
use lang::value::{Args, Class, Module, PyResult, Value};
use lang::vm::Vm;

use crate::convert::op_error;
use crate::keras::losses::Loss;
use crate::keras::{classes, variables};
use crate::tensor_class::wrap;
use crate::{bound, this, St};
use runtime::Operand;
use tensor::ops;
use tensor::{DType, Tensor};

/// A per-sample metric function.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MetricKind {
    /// The string `'accuracy'`, resolved from the loss and shapes at the first batch.
    Accuracy,
    /// `keras.metrics.Accuracy`: element-wise equality.
    Equal,
    /// Argmax of the prediction against an integer label.
    SparseCategoricalAccuracy,
    /// Argmax of the prediction against the argmax of a one-hot label.
    CategoricalAccuracy,
    /// The prediction above a threshold against a 0/1 label.
    BinaryAccuracy {
        /// The threshold (0.5 by default).
        threshold: f64,
    },
    /// Mean absolute error over the last axis.
    MeanAbsoluteError,
    /// Mean squared error over the last axis.
    MeanSquaredError,
}

/// The metric a `compile(metrics=[...])` string names.
pub fn kind_for_name(name: &str) -> Option<MetricKind> {
    Some(match name {
        "accuracy" | "acc" => MetricKind::Accuracy,
        "sparse_categorical_accuracy" => MetricKind::SparseCategoricalAccuracy,
        "categorical_accuracy" => MetricKind::CategoricalAccuracy,
        "binary_accuracy" => MetricKind::BinaryAccuracy { threshold: 0.5 },
        "mae" | "mean_absolute_error" => MetricKind::MeanAbsoluteError,
        "mse" | "mean_squared_error" => MetricKind::MeanSquaredError,
        _ => return None,
    })
}

fn argmax(values: &[f64]) -> usize {
    let mut best = 0;
    for (index, value) in values.iter().enumerate() {
        if *value > values[best] {
            best = index;
        }
    }
    best
}

/// Per-sample values of a metric; `loss` resolves `'accuracy'` as Keras does.
pub fn metric_values(
    kind: MetricKind,
    loss: Option<&Loss>,
    y_true: &Tensor,
    y_pred: &Tensor,
) -> tensor::OpResult<Vec<f32>> {
    let pred_rank = y_pred.rank();
    let classes = y_pred.dims().last().copied().unwrap_or(1);
    let binary = loss.is_some_and(Loss::is_binary);
    let sparse = loss.is_some_and(Loss::is_sparse);
    let kind = match kind {
        MetricKind::Accuracy if binary || classes == 1 => {
            MetricKind::BinaryAccuracy { threshold: 0.5 }
        }
        MetricKind::Accuracy
            if sparse
                || y_true.rank() < pred_rank
                || (y_true.dims().last() == Some(&1) && classes > 1) =>
        {
            MetricKind::SparseCategoricalAccuracy
        }
        MetricKind::Accuracy => MetricKind::CategoricalAccuracy,
        other => other,
    };
    let truth = ops::cast(y_true, DType::Float32)?
        .to_f64_vec()
        .unwrap_or_default();
    let pred = ops::cast(y_pred, DType::Float32)?
        .to_f64_vec()
        .unwrap_or_default();
    if kind == MetricKind::Equal {
        return Ok(pred
            .iter()
            .enumerate()
            .map(|(i, p)| f32::from(truth.get(i).is_some_and(|t| t == p)))
            .collect());
    }
    let rows = if pred_rank <= 1 {
        1
    } else {
        y_pred.dims().first().copied().unwrap_or(1).max(1)
    };
    let width = pred.len() / rows.max(1);
    Ok(match kind {
        MetricKind::SparseCategoricalAccuracy | MetricKind::CategoricalAccuracy => (0..rows)
            .map(|r| {
                let row = &pred[r * width..(r + 1) * width];
                let best = argmax(row);
                let label = if kind == MetricKind::SparseCategoricalAccuracy {
                    truth.get(r).copied().unwrap_or(-1.0) as i64
                } else {
                    let t = truth.get(r * width..(r + 1) * width).unwrap_or(&[]);
                    argmax(t) as i64
                };
                f32::from(best as i64 == label)
            })
            .collect(),
        MetricKind::BinaryAccuracy { threshold } => (0..rows)
            .map(|r| {
                let hits: f32 = (0..width)
                    .map(|c| {
                        let p = f32::from(pred[r * width + c] as f32 > threshold as f32);
                        let t = truth.get(r * width + c).copied().unwrap_or(0.0) as f32;
                        f32::from(p == t)
                    })
                    .sum();
                hits / width.max(1) as f32
            })
            .collect(),
        MetricKind::MeanAbsoluteError
        | MetricKind::MeanSquaredError
        | MetricKind::Accuracy
        | MetricKind::Equal => (0..rows)
            .map(|r| {
                let total: f32 = (0..width)
                    .map(|c| {
                        let d = (truth.get(r * width + c).copied().unwrap_or(0.0)
                            - pred[r * width + c]) as f32;
                        if kind == MetricKind::MeanSquaredError {
                            d * d
                        } else {
                            d.abs()
                        }
                    })
                    .sum();
                total / width.max(1) as f32
            })
            .collect(),
    })
}

/// What a metric object accumulates.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Reduction {
    /// `Mean`: weighted values over their weights.
    Mean,
    /// `Sum`: weighted values.
    Sum,
    /// A `MeanMetricWrapper`: the mean of a per-sample function of `(y_true, y_pred)`.
    Wrapped(MetricKind),
}

/// The state of a metric object.
pub struct MetricObject {
    reduction: Reduction,
    /// `metric.name` (the key in `fit`'s logs).
    pub name: String,
    total: Value,
    count: Option<Value>,
}

impl MetricObject {
    /// The per-sample function `compile` should track for this object, if it has one.
    pub fn compiled_kind(&self) -> Option<MetricKind> {
        match self.reduction {
            Reduction::Wrapped(kind) => Some(kind),
            _ => None,
        }
    }
}

/// The metric classes: `(class name, module, default name, reduction)`.
const METRICS: &[(&str, &str, &str, Reduction)] = &[
    (
        "Mean",
        "keras.src.metrics.reduction_metrics",
        "mean",
        Reduction::Mean,
    ),
    (
        "Sum",
        "keras.src.metrics.reduction_metrics",
        "sum",
        Reduction::Sum,
    ),
    (
        "Accuracy",
        "keras.src.metrics.accuracy_metrics",
        "accuracy",
        Reduction::Wrapped(MetricKind::Equal),
    ),
    (
        "SparseCategoricalAccuracy",
        "keras.src.metrics.accuracy_metrics",
        "sparse_categorical_accuracy",
        Reduction::Wrapped(MetricKind::SparseCategoricalAccuracy),
    ),
    (
        "CategoricalAccuracy",
        "keras.src.metrics.accuracy_metrics",
        "categorical_accuracy",
        Reduction::Wrapped(MetricKind::CategoricalAccuracy),
    ),
    (
        "BinaryAccuracy",
        "keras.src.metrics.accuracy_metrics",
        "binary_accuracy",
        Reduction::Wrapped(MetricKind::BinaryAccuracy { threshold: 0.5 }),
    ),
    (
        "MeanSquaredError",
        "keras.src.metrics.regression_metrics",
        "mean_squared_error",
        Reduction::Wrapped(MetricKind::MeanSquaredError),
    ),
    (
        "MeanAbsoluteError",
        "keras.src.metrics.regression_metrics",
        "mean_absolute_error",
        Reduction::Wrapped(MetricKind::MeanAbsoluteError),
    ),
];

fn metric_of(vm: &Vm<'_>, value: &Value) -> PyResult<Rc<MetricObject>> {
    value
        .downcast::<MetricObject>()
        .ok_or_else(|| vm.type_error("expected a Keras metric"))
}

fn zero() -> Tensor {
    Tensor::scalar(0.0f32)
}

fn metric_init(st: &St, vm: &mut Vm<'_>, args: Args<'_>, index: usize) -> PyResult {
    let (_, _, default_name, reduction) = METRICS[index];
    let (name, threshold) = match reduction {
        Reduction::Wrapped(MetricKind::BinaryAccuracy { .. }) => {
            let bound = bind!(
                vm,
                default_name,
                &args,
                1,
                [this = "self", name, dtype, threshold]
            )?;
            (bound.name, bound.threshold)
        }
        _ => (
            bind!(vm, default_name, &args, 1, [this = "self", name, dtype])?.name,
            None,
        ),
    };
    let me = this(vm, &args)?.clone();
    let name = match name.as_ref().filter(|v| !v.is_none()) {
        Some(name) => crate::string_arg(vm, name, "name")?,
        None => default_name.to_string(),
    };
    let reduction = match reduction {
        Reduction::Wrapped(MetricKind::BinaryAccuracy { .. }) => {
            let threshold = crate::convert::float_arg(vm, &threshold, 0.5)?;
            Reduction::Wrapped(MetricKind::BinaryAccuracy { threshold })
        }
        other => other,
    };
    let keras = classes(st, vm)?;
    keras.push_scope(&name);
    let made = (|| -> PyResult<(Value, Option<Value>)> {
        let total = variables::create(st, vm, "total", zero(), false)?;
        let count = if reduction == Reduction::Sum {
            None
        } else {
            Some(variables::create(st, vm, "count", zero(), false)?)
        };
        Ok((total, count))
    })();
    keras.pop_scope();
    let (total, count) = made?;
    set_native_data(
        &me,
        Rc::new(MetricObject {
            reduction,
            name,
            total,
            count,
        }),
    );
    Ok(Value::None)
}

fn float_tensor(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult<Tensor> {
    let tensor = crate::convert::to_tensor(st, vm, value, None)?;
    ops::cast(&tensor, DType::Float32).map_err(|e| op_error(vm, e))
}

fn add_to(st: &St, vm: &mut Vm<'_>, variable: &Value, amount: f32) -> PyResult<()> {
    let id = variables::variable_id(vm, variable)?;
    st.tf(vm, |ctx| {
        ctx.assign_variable(
            id,
            runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Add),
            Operand::Literal(Tensor::scalar(amount)),
        )
    })?;
    Ok(())
}

/// Keras's weighted accumulation: `total += sum(values * w)`, `count += sum(w)` with `w`
/// broadcast to the values.
fn accumulate(
    st: &St,
    vm: &mut Vm<'_>,
    metric: &MetricObject,
    values: &[f32],
    weight: Option<&Value>,
) -> PyResult<()> {
    let weights: Vec<f32> = match weight.filter(|w| !w.is_none()) {
        None => vec![1.0; values.len()],
        Some(weight) => {
            let weight = float_tensor(st, vm, weight)?;
            let flat: Vec<f32> = weight
                .to_f64_vec()
                .unwrap_or_default()
                .iter()
                .map(|w| *w as f32)
                .collect();
            match flat.len() {
                1 => vec![flat[0]; values.len()],
                n if n == values.len() => flat,
                n => {
                    return Err(vm.value_error(format!(
                        "sample_weight of {n} values cannot weigh {} values",
                        values.len()
                    )))
                }
            }
        }
    };
    let total: f32 = values.iter().zip(&weights).map(|(v, w)| v * w).sum();
    add_to(st, vm, &metric.total, total)?;
    if let Some(count) = &metric.count {
        add_to(st, vm, count, weights.iter().sum())?;
    }
    Ok(())
}

fn update_state(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let me = this(vm, &args)?.clone();
    let metric = metric_of(vm, &me)?;
    match metric.reduction {
        Reduction::Mean | Reduction::Sum => {
            let bound = bind!(
                vm,
                "update_state",
                &args,
                2,
                [this = "self", values, sample_weight]
            )?;
            let values = float_tensor(st, vm, bound.values.as_ref().unwrap_or(&Value::None))?;
            let values: Vec<f32> = values
                .to_f64_vec()
                .unwrap_or_default()
                .iter()
                .map(|v| *v as f32)
                .collect();
            accumulate(st, vm, &metric, &values, bound.sample_weight.as_ref())?;
        }
        Reduction::Wrapped(kind) => {
            let bound = bind!(
                vm,
                "update_state",
                &args,
                3,
                [this = "self", y_true, y_pred, sample_weight]
            )?;
            let y_true = float_tensor(st, vm, bound.y_true.as_ref().unwrap_or(&Value::None))?;
            let y_pred = float_tensor(st, vm, bound.y_pred.as_ref().unwrap_or(&Value::None))?;
            let values =
                metric_values(kind, None, &y_true, &y_pred).map_err(|e| op_error(vm, e))?;
            accumulate(st, vm, &metric, &values, bound.sample_weight.as_ref())?;
        }
    }
    Ok(Value::None)
}

fn variable_value(st: &St, vm: &mut Vm<'_>, variable: &Value) -> PyResult<f32> {
    let tensor = crate::convert::eager_value(st, vm, variable)?
        .ok_or_else(|| vm.type_error("a metric variable without a value"))?;
    Ok(tensor
        .to_f64_vec()
        .and_then(|v| v.first().copied())
        .unwrap_or(0.0) as f32)
}

fn result_value(st: &St, vm: &mut Vm<'_>, metric: &MetricObject) -> PyResult<f32> {
    let total = variable_value(st, vm, &metric.total)?;
    Ok(match &metric.count {
        None => total,
        Some(count) => {
            let count = variable_value(st, vm, count)?;
            if count == 0.0 {
                0.0
            } else {
                total / count
            }
        }
    })
}

fn result(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let metric = metric_of(vm, this(vm, &args)?)?;
    let value = result_value(st, vm, &metric)?;
    let handle = st.tf(vm, |ctx| ctx.constant(Tensor::scalar(value), None))?;
    wrap(st, vm, handle)
}

fn reset_state(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let metric = metric_of(vm, this(vm, &args)?)?;
    for variable in std::iter::once(&metric.total).chain(metric.count.as_ref()) {
        let id = variables::variable_id(vm, variable)?;
        st.tf(vm, |ctx| {
            ctx.assign_variable(
                id,
                runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Set),
                Operand::Literal(zero()),
            )
        })?;
    }
    Ok(Value::None)
}

/// `metric(*args)`: `update_state(*args)` then `result()`.
fn call(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    update_state(st, vm, Args::new(args.positional, args.keywords))?;
    result(st, vm, Args::new(&args.positional[..1], &[]))
}

fn build_class(st: &St, index: usize) -> Rc<Class> {
    let (class_name, module, _, _) = METRICS[index];
    let st_init = st.clone();
    ClassBuilder::new(class_name, module)
        .method_closure("__init__", move |vm, args| {
            metric_init(&st_init, vm, args, index)
        })
        .method_closure("update_state", bound(st, update_state))
        .method_closure("result", bound(st, result))
        .method_closure("reset_state", bound(st, reset_state))
        .method_closure("__call__", bound(st, call))
        .method("__repr__", |vm, args| {
            let me = this(vm, &args)?.clone();
            let metric = metric_of(vm, &me)?;
            let class = vm.class_of(&me).name.clone();
            Ok(Value::str(format!("<{class} name={}>", metric.name)))
        })
        .property(
            "name",
            |vm, args| Ok(Value::str(metric_of(vm, this(vm, &args)?)?.name.clone())),
            None,
        )
        .property("dtype", |_vm, _args| Ok(Value::str("float32")), None)
        .property(
            "variables",
            |vm, args| {
                let metric = metric_of(vm, this(vm, &args)?)?;
                let mut out = vec![metric.total.clone()];
                out.extend(metric.count.clone());
                Ok(Value::list(out))
            },
            None,
        )
        .property(
            "total",
            |vm, args| Ok(metric_of(vm, this(vm, &args)?)?.total.clone()),
            None,
        )
        .property(
            "count",
            |vm, args| {
                let metric = metric_of(vm, this(vm, &args)?)?;
                Ok(metric.count.clone().unwrap_or(Value::None))
            },
            None,
        )
        .build()
}

/// One entry of `compile(metrics=[...])`: a name Keras knows or a metric object, as the
/// name its logs use and the per-sample function.
pub fn compiled_metric(vm: &mut Vm<'_>, item: &Value) -> PyResult<(String, MetricKind)> {
    if let Some(metric) = item.downcast::<MetricObject>() {
        return match metric.compiled_kind() {
            Some(kind) => Ok((metric.name.clone(), kind)),
            None => {
                // Keras calls `update_state(y_true, y_pred, sample_weight=...)`, which a
                // `Mean` or `Sum` (values, sample_weight) cannot take.
                let class = vm.class_of(item).name.clone();
                Err(vm.type_error(format!(
                    "{class}.update_state() got multiple values for argument 'sample_weight'"
                )))
            }
        };
    }
    let Some(name) = item.as_str().map(str::to_string) else {
        let text = vm.repr(item)?;
        return Err(vm.value_error(format!("Could not interpret metric identifier: {text}")));
    };
    let kind = kind_for_name(&name)
        .ok_or_else(|| vm.value_error(format!("Could not interpret metric identifier: {name}")))?;
    Ok((name, kind))
}

/// The metric classes, in [`METRICS`] order.
pub struct MetricClasses {
    classes: Vec<Rc<Class>>,
}

/// Builds the metric classes.
pub fn build_classes(st: &St) -> MetricClasses {
    MetricClasses {
        classes: (0..METRICS.len()).map(|i| build_class(st, i)).collect(),
    }
}

/// Builds `tf.keras.metrics`.
pub fn build_module(metrics: &MetricClasses) -> Rc<Module> {
    let module = crate::module("keras._tf_keras.keras.metrics");
    for ((name, ..), class) in METRICS.iter().zip(&metrics.classes) {
        module.set(name, Value::Class(class.clone()));
    }
    module
}
