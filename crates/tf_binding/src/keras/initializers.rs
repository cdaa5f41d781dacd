//! Keras initialisers: the names layers accept (`'zeros'`, `'glorot_uniform'`, ...), the
//! classes of `tf.keras.initializers`, `tf.random_normal_initializer`, and plain callables.
//! Random ones use the engine's seeded kernels, so their values differ from TensorFlow's
//! (shapes, dtypes and the distributions' bounds match).

use std::rc::Rc;

use lang::host::{set_native_data, ClassBuilder};
use lang::value::{Args, Class, Module, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{float_arg, op_error, opt_dtype, to_tensor};
use crate::keras::classes;
use crate::tensor_class::wrap;
use crate::{bound, this, St};
use tensor::ops;
use tensor::{DType, Tensor};

/// One initialiser.
#[derive(Clone, Debug, PartialEq)]
pub enum Initializer {
    /// All zeros.
    Zeros,
    /// All ones.
    Ones,
    /// One value everywhere.
    Constant(f64),
    /// Uniform in ±sqrt(6 / (fan_in + fan_out)).
    GlorotUniform(Option<u64>),
    /// Normal with stddev sqrt(2 / (fan_in + fan_out)).
    GlorotNormal(Option<u64>),
    /// Uniform in ±sqrt(6 / fan_in).
    HeUniform(Option<u64>),
    /// Normal with stddev sqrt(2 / fan_in).
    HeNormal(Option<u64>),
    /// Normal with a mean and stddev.
    RandomNormal {
        /// The mean.
        mean: f64,
        /// The standard deviation.
        stddev: f64,
        /// The seed.
        seed: Option<u64>,
    },
    /// Uniform in `[minval, maxval)`.
    RandomUniform {
        /// Lower bound.
        minval: f64,
        /// Upper bound.
        maxval: f64,
        /// The seed.
        seed: Option<u64>,
    },
    /// A normal truncated at two standard deviations.
    TruncatedNormal {
        /// The mean.
        mean: f64,
        /// The standard deviation (before truncation).
        stddev: f64,
        /// The seed.
        seed: Option<u64>,
    },
    /// Keras's `VarianceScaling`: `scale` over a fan (`mode`), drawn from `distribution`.
    /// The Glorot, He and LeCun initialisers are this with fixed arguments.
    VarianceScaling {
        /// The variance's numerator.
        scale: f64,
        /// Which fan divides it.
        mode: FanMode,
        /// What the values are drawn from.
        distribution: ScalingDistribution,
        /// The seed.
        seed: Option<u64>,
    },
}

/// `VarianceScaling`'s `mode`: the fan that divides `scale`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FanMode {
    /// The number of input units.
    FanIn,
    /// The number of output units.
    FanOut,
    /// Their mean.
    FanAvg,
}

/// `VarianceScaling`'s `distribution`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScalingDistribution {
    /// A normal truncated at two standard deviations, its stddev corrected for it.
    TruncatedNormal,
    /// A plain normal.
    UntruncatedNormal,
    /// Uniform in ±sqrt(3 · scale / fan).
    Uniform,
}

/// The classes of `tf.keras.initializers` (one per kind, sharing the data type), and
/// TensorFlow's own `init_ops_v2` ones (`tf.random_normal_initializer`,
/// `tf.constant_initializer`...).
pub struct InitializerClasses {
    classes: Vec<(&'static str, Rc<Class>)>,
    random_normal_initializer: Rc<Class>,
    tf_classes: Vec<(&'static str, Rc<Class>)>,
}

/// The data of an initialiser object.
struct PyInitializer(Initializer);

/// `(fan_in, fan_out)` of a weight shape, as Keras computes them.
fn fans(dims: &[usize]) -> (f64, f64) {
    match dims {
        [] => (1.0, 1.0),
        [n] => (*n as f64, *n as f64),
        [a, b] => (*a as f64, *b as f64),
        [spatial @ .., a, b] => {
            let receptive: usize = spatial.iter().product();
            ((receptive * a) as f64, (receptive * b) as f64)
        }
    }
}

impl Initializer {
    /// The initialiser a string names (`'glorot_uniform'`), if any.
    pub fn from_name(name: &str) -> Option<Initializer> {
        Some(match name {
            "zeros" | "Zeros" | "zero" => Initializer::Zeros,
            "ones" | "Ones" | "one" => Initializer::Ones,
            "glorot_uniform" | "GlorotUniform" => Initializer::GlorotUniform(None),
            "glorot_normal" | "GlorotNormal" => Initializer::GlorotNormal(None),
            "he_uniform" | "HeUniform" => Initializer::HeUniform(None),
            "he_normal" | "HeNormal" => Initializer::HeNormal(None),
            "random_normal" | "RandomNormal" => Initializer::RandomNormal {
                mean: 0.0,
                stddev: 0.05,
                seed: None,
            },
            "random_uniform" | "RandomUniform" => Initializer::RandomUniform {
                minval: -0.05,
                maxval: 0.05,
                seed: None,
            },
            _ => return None,
        })
    }

    /// This initialiser with a seed from `draw` if it is random and has none, as Keras's
    /// `RandomInitializer` takes `make_default_seed()` when constructed.
    pub fn with_default_seed(self, draw: impl FnOnce() -> u64) -> Initializer {
        match self {
            Initializer::GlorotUniform(None) => Initializer::GlorotUniform(Some(draw())),
            Initializer::GlorotNormal(None) => Initializer::GlorotNormal(Some(draw())),
            Initializer::HeUniform(None) => Initializer::HeUniform(Some(draw())),
            Initializer::HeNormal(None) => Initializer::HeNormal(Some(draw())),
            Initializer::RandomNormal {
                mean,
                stddev,
                seed: None,
            } => Initializer::RandomNormal {
                mean,
                stddev,
                seed: Some(draw()),
            },
            Initializer::RandomUniform {
                minval,
                maxval,
                seed: None,
            } => Initializer::RandomUniform {
                minval,
                maxval,
                seed: Some(draw()),
            },
            Initializer::TruncatedNormal {
                mean,
                stddev,
                seed: None,
            } => Initializer::TruncatedNormal {
                mean,
                stddev,
                seed: Some(draw()),
            },
            Initializer::VarianceScaling {
                scale,
                mode,
                distribution,
                seed: None,
            } => Initializer::VarianceScaling {
                scale,
                mode,
                distribution,
                seed: Some(draw()),
            },
            other => other,
        }
    }

    /// A seeded initialiser's values as Keras 3 draws them: `VarianceScaling`'s formulas
    /// and TensorFlow's stateless kernels on Keras's seed `[seed % (2**31 - 2), 0]`, so
    /// they are TensorFlow's numbers. `None` for unseeded and constant initialisers.
    fn seeded(
        &self,
        shape: &[i64],
        dtype: DType,
        fan_in: f64,
        fan_out: f64,
    ) -> Option<tensor::OpResult<Tensor>> {
        use crate::stateless_random::{keras_seed, sample, Stateless};
        // `VarianceScaling.__call__`: the scale over the fans, then the distribution.
        let fan_avg = 1.0 / f64::max(1.0, (fan_in + fan_out) / 2.0);
        let he = 2.0 / f64::max(1.0, fan_in);
        let uniform = |scale: f64| {
            let limit = (3.0 * scale).sqrt();
            Stateless::Uniform {
                minval: -limit,
                maxval: limit,
            }
        };
        let truncated = |scale: f64| Stateless::TruncatedNormal {
            mean: 0.0,
            stddev: scale.sqrt() / 0.879_625_661_034_239_8,
        };
        let (distribution, seed) = match self {
            Initializer::GlorotUniform(Some(seed)) => (uniform(fan_avg), *seed),
            Initializer::GlorotNormal(Some(seed)) => (truncated(fan_avg), *seed),
            Initializer::HeUniform(Some(seed)) => (uniform(he), *seed),
            Initializer::HeNormal(Some(seed)) => (truncated(he), *seed),
            Initializer::RandomNormal {
                mean,
                stddev,
                seed: Some(seed),
            } => (
                Stateless::Normal {
                    mean: *mean,
                    stddev: *stddev,
                },
                *seed,
            ),
            Initializer::RandomUniform {
                minval,
                maxval,
                seed: Some(seed),
            } => (
                Stateless::Uniform {
                    minval: *minval,
                    maxval: *maxval,
                },
                *seed,
            ),
            Initializer::TruncatedNormal {
                mean,
                stddev,
                seed: Some(seed),
            } => (
                Stateless::TruncatedNormal {
                    mean: *mean,
                    stddev: *stddev,
                },
                *seed,
            ),
            Initializer::VarianceScaling {
                scale,
                mode,
                distribution,
                seed: Some(seed),
            } => {
                let fan = match mode {
                    FanMode::FanIn => fan_in,
                    FanMode::FanOut => fan_out,
                    FanMode::FanAvg => (fan_in + fan_out) / 2.0,
                };
                let scale = scale / f64::max(1.0, fan);
                let distribution = match distribution {
                    ScalingDistribution::TruncatedNormal => truncated(scale),
                    ScalingDistribution::UntruncatedNormal => Stateless::Normal {
                        mean: 0.0,
                        stddev: scale.sqrt(),
                    },
                    ScalingDistribution::Uniform => uniform(scale),
                };
                (distribution, *seed)
            }
            _ => return None,
        };
        Some(sample(distribution, shape, dtype, keras_seed(seed)))
    }

    /// A tensor of `dims` and `dtype`.
    pub fn generate(&self, dims: &[usize], dtype: DType) -> tensor::OpResult<Tensor> {
        let shape: Vec<i64> = dims.iter().map(|d| *d as i64).collect();
        let (fan_in, fan_out) = fans(dims);
        if let Some(tensor) = self.seeded(&shape, dtype, fan_in, fan_out) {
            return tensor;
        }
        match self {
            Initializer::Zeros => ops::zeros(&shape, dtype),
            Initializer::Ones => ops::ones(&shape, dtype),
            Initializer::Constant(value) => {
                let scalar = ops::cast(&Tensor::scalar(*value), dtype)?;
                ops::fill(&shape, &scalar)
            }
            Initializer::GlorotUniform(seed) => {
                let limit = (6.0 / (fan_in + fan_out).max(1.0)).sqrt();
                ops::random_uniform(&shape, -limit, limit, dtype, *seed)
            }
            Initializer::GlorotNormal(seed) => {
                let stddev = (2.0 / (fan_in + fan_out).max(1.0)).sqrt();
                ops::random_normal(&shape, 0.0, stddev, dtype, *seed)
            }
            Initializer::HeUniform(seed) => {
                let limit = (6.0 / fan_in.max(1.0)).sqrt();
                ops::random_uniform(&shape, -limit, limit, dtype, *seed)
            }
            Initializer::HeNormal(seed) => {
                let stddev = (2.0 / fan_in.max(1.0)).sqrt();
                ops::random_normal(&shape, 0.0, stddev, dtype, *seed)
            }
            Initializer::RandomNormal { mean, stddev, seed } => {
                ops::random_normal(&shape, *mean, *stddev, dtype, *seed)
            }
            Initializer::RandomUniform {
                minval,
                maxval,
                seed,
            } => ops::random_uniform(&shape, *minval, *maxval, dtype, *seed),
            // Keras's classes always hold a seed (they draw one when given none), so these
            // are drawn above; an unseeded one takes seed 0.
            Initializer::TruncatedNormal { .. } | Initializer::VarianceScaling { .. } => self
                .clone()
                .with_default_seed(|| 0)
                .seeded(&shape, dtype, fan_in, fan_out)
                .unwrap_or_else(|| ops::zeros(&shape, dtype)),
        }
    }
}

/// What a layer argument such as `kernel_initializer=` holds.
#[derive(Clone)]
pub enum InitializerArg {
    /// A known initialiser.
    Known(Initializer),
    /// A Python callable `f(shape, dtype=...)`.
    Callable(Value),
}

/// A layer's initialiser argument after Keras's `initializers.get`: a name builds a new
/// initialiser, which draws its default seed now (see [`Initializer::with_default_seed`]).
pub fn layer_initializer(
    st: &St,
    vm: &mut Vm<'_>,
    value: Option<&Value>,
    default: Initializer,
) -> PyResult<InitializerArg> {
    let from_name = value.is_none_or(|v| v.is_none() || v.as_str().is_some());
    match initializer_arg(vm, value, default)? {
        InitializerArg::Known(init) if from_name => {
            let keras = classes(st, vm)?;
            Ok(InitializerArg::Known(
                init.with_default_seed(|| keras.default_seed()),
            ))
        }
        other => Ok(other),
    }
}

/// Interprets a layer's initialiser argument (a name, an initialiser object, a callable).
pub fn initializer_arg(
    vm: &mut Vm<'_>,
    value: Option<&Value>,
    default: Initializer,
) -> PyResult<InitializerArg> {
    let Some(value) = value.filter(|v| !v.is_none()) else {
        return Ok(InitializerArg::Known(default));
    };
    if let Some(name) = value.as_str() {
        return Initializer::from_name(name)
            .map(InitializerArg::Known)
            .ok_or_else(|| {
                vm.value_error(format!(
                    "Could not interpret initializer identifier: '{name}'"
                ))
            });
    }
    if let Some(init) = value.downcast::<PyInitializer>() {
        return Ok(InitializerArg::Known(init.0.clone()));
    }
    Ok(InitializerArg::Callable(value.clone()))
}

/// Runs an initialiser argument for a weight of `dims` and `dtype`.
pub fn initial_value(
    st: &St,
    vm: &mut Vm<'_>,
    init: &InitializerArg,
    dims: &[usize],
    dtype: DType,
) -> PyResult<Tensor> {
    match init {
        InitializerArg::Known(init) => init.generate(dims, dtype).map_err(|e| op_error(vm, e)),
        InitializerArg::Callable(func) => {
            let shape = Value::tuple(dims.iter().map(|d| Value::Int(*d as i64)).collect());
            let dtype_value = crate::dtypes::dtype_object(st, vm, dtype)?;
            let result = vm.call(func, &[shape], &[(lang::value::name("dtype"), dtype_value)])?;
            to_tensor(st, vm, &result, Some(dtype))
        }
    }
}

fn seed_of(vm: &mut Vm<'_>, value: &Option<Value>) -> PyResult<Option<u64>> {
    match value {
        None => Ok(None),
        Some(v) => v
            .as_i64()
            .map(|s| Some(s as u64))
            .ok_or_else(|| vm.type_error("seed must be an integer")),
    }
}

/// `Initializer(...)` constructor arguments for each class.
fn construct(vm: &mut Vm<'_>, kind: &str, args: &Args<'_>) -> PyResult<Initializer> {
    Ok(match kind {
        "Zeros" | "Ones" => Initializer::from_name(kind).unwrap_or(Initializer::Zeros),
        "Constant" => {
            let bound = bind!(vm, kind, args, 1, [this = "self", value])?;
            Initializer::Constant(float_arg(vm, &bound.value, 0.0)?)
        }
        "GlorotUniform" | "GlorotNormal" | "HeUniform" | "HeNormal" => {
            let bound = bind!(vm, kind, args, 1, [this = "self", seed])?;
            let seed = seed_of(vm, &bound.seed)?;
            match kind {
                "GlorotUniform" => Initializer::GlorotUniform(seed),
                "GlorotNormal" => Initializer::GlorotNormal(seed),
                "HeUniform" => Initializer::HeUniform(seed),
                _ => Initializer::HeNormal(seed),
            }
        }
        "TruncatedNormal" => {
            let bound = bind!(vm, kind, args, 1, [this = "self", mean, stddev, seed])?;
            Initializer::TruncatedNormal {
                mean: float_arg(vm, &bound.mean, 0.0)?,
                stddev: float_arg(vm, &bound.stddev, 0.05)?,
                seed: seed_of(vm, &bound.seed)?,
            }
        }
        "VarianceScaling" => {
            let bound = bind!(
                vm,
                kind,
                args,
                1,
                [this = "self", scale, mode, distribution, seed]
            )?;
            let scale = float_arg(vm, &bound.scale, 1.0)?;
            if scale <= 0.0 {
                let shown = match &bound.scale {
                    Some(value) => vm.str(value)?,
                    None => "1.0".to_string(),
                };
                return Err(vm.value_error(format!(
                    "Argument `scale` must be positive float. Received: scale={shown}"
                )));
            }
            let text = |vm: &mut Vm<'_>, value: &Option<Value>, default: &str| match value {
                Some(value) => {
                    crate::string_arg(vm, value, kind).map(|s| cpython_text::str_lower(&s))
                }
                None => Ok(default.to_string()),
            };
            let mode = match text(vm, &bound.mode, "fan_in")?.as_str() {
                "fan_in" => FanMode::FanIn,
                "fan_out" => FanMode::FanOut,
                "fan_avg" => FanMode::FanAvg,
                other => {
                    return Err(vm.value_error(format!(
                        "Invalid `mode` argument: expected one of {{\"fan_in\", \"fan_out\", \
                         \"fan_avg\"}}. Received: mode={other}"
                    )))
                }
            };
            let distribution = match text(vm, &bound.distribution, "truncated_normal")?.as_str() {
                "truncated_normal" => ScalingDistribution::TruncatedNormal,
                "untruncated_normal" => ScalingDistribution::UntruncatedNormal,
                "uniform" => ScalingDistribution::Uniform,
                other => {
                    return Err(vm.value_error(format!(
                        "Invalid `distribution` argument: expected one of {{\"normal\", \
                         \"uniform\"}}. Received: distribution={other}"
                    )))
                }
            };
            Initializer::VarianceScaling {
                scale,
                mode,
                distribution,
                seed: seed_of(vm, &bound.seed)?,
            }
        }
        "RandomNormal" | "random_normal_initializer" => {
            let bound = bind!(
                vm,
                kind,
                args,
                1,
                [this = "self", mean, stddev, seed, dtype]
            )?;
            let default_stddev = if kind == "RandomNormal" { 0.05 } else { 1.0 };
            Initializer::RandomNormal {
                mean: float_arg(vm, &bound.mean, 0.0)?,
                stddev: float_arg(vm, &bound.stddev, default_stddev)?,
                seed: seed_of(vm, &bound.seed)?,
            }
        }
        _ => {
            let bound = bind!(vm, kind, args, 1, [this = "self", minval, maxval, seed])?;
            Initializer::RandomUniform {
                minval: float_arg(vm, &bound.minval, -0.05)?,
                maxval: float_arg(vm, &bound.maxval, 0.05)?,
                seed: seed_of(vm, &bound.seed)?,
            }
        }
    })
}

fn call(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "__call__", &args, 2, [this = "self", shape, dtype])?;
    let Some(init) = this(vm, &args)?.downcast::<PyInitializer>() else {
        return Err(vm.type_error("expected an initializer"));
    };
    let dims = crate::convert::int_list(
        st,
        vm,
        bound.shape.as_ref().unwrap_or(&Value::None),
        "shape",
    )?;
    let dims: Vec<usize> = dims.iter().map(|d| (*d).max(0) as usize).collect();
    let dtype = opt_dtype(vm, &bound.dtype)?.unwrap_or(DType::Float32);
    let elements = dims.iter().fold(1u64, |n, d| n.saturating_mul(*d as u64));
    let bytes = elements.saturating_mul(dtype.size_in_bytes().unwrap_or(8) as u64);
    let generated = match tensor::limits::memory_pressure(elements, bytes) {
        Some(why) => Err(tensor::OpError::budget(why)),
        None => init.0.generate(&dims, dtype),
    };
    let handle = match generated {
        Ok(tensor) => st.tf(vm, |ctx| ctx.constant(tensor, None))?,
        // Values on demand: a weight over the budget is made with its dtype and shape
        // only, and the run goes on as a simulation.
        Err(error) if error.is_budget() => st.tf(vm, |ctx| {
            ctx.uncomputed(dtype, tensor::Shape::new(dims.clone()), &error.message)
        })?,
        Err(error) => return Err(op_error(vm, error)),
    };
    wrap(st, vm, handle)
}

fn build_class(st: &St, kind: &'static str, module: &str) -> Rc<Class> {
    let keras_class = module.starts_with("keras");
    let st_init = st.clone();
    ClassBuilder::new(kind, module)
        .method_closure("__init__", move |vm, args| {
            let mut init = construct(vm, kind, &args)?;
            if keras_class {
                // `RandomInitializer.__init__` draws its seed when none is given.
                let keras = classes(&st_init, vm)?;
                init = init.with_default_seed(|| keras.default_seed());
            }
            set_native_data(this(vm, &args)?, Rc::new(PyInitializer(init)));
            Ok(Value::None)
        })
        .method_closure("__call__", bound(st, call))
        .build()
}

const KINDS: [&str; 11] = [
    "Zeros",
    "Ones",
    "Constant",
    "GlorotUniform",
    "GlorotNormal",
    "HeUniform",
    "HeNormal",
    "RandomNormal",
    "RandomUniform",
    "TruncatedNormal",
    "VarianceScaling",
];

/// Builds the initialiser classes.
pub fn build_classes(st: &St) -> InitializerClasses {
    InitializerClasses {
        classes: KINDS
            .iter()
            .map(|kind| (*kind, build_class(st, kind, "keras.src.initializers")))
            .collect(),
        random_normal_initializer: build_class(
            st,
            "random_normal_initializer",
            "tensorflow.python.ops.init_ops_v2",
        ),
        tf_classes: [
            ("constant_initializer", "Constant"),
            ("zeros_initializer", "Zeros"),
            ("ones_initializer", "Ones"),
        ]
        .into_iter()
        .map(|(name, kind)| {
            (
                name,
                build_class(st, kind, "tensorflow.python.ops.init_ops_v2"),
            )
        })
        .collect(),
    }
}

/// `tf.constant_initializer`, `tf.zeros_initializer` and `tf.ones_initializer`
/// (TensorFlow's `init_ops_v2` classes), by the name `tf` gives each.
pub fn tf_initializers(
    keras: &crate::keras::KerasClasses,
) -> impl Iterator<Item = (&'static str, Value)> + '_ {
    keras
        .initializers
        .tf_classes
        .iter()
        .map(|(name, class)| (*name, Value::Class(class.clone())))
}

/// The initialiser an initialiser object (a Keras or `init_ops_v2` instance) holds.
pub fn initializer_of(value: &Value) -> Option<Initializer> {
    value.downcast::<PyInitializer>().map(|init| init.0.clone())
}

/// Builds `tf.keras.initializers`.
pub fn build_module(keras: &crate::keras::KerasClasses) -> Rc<Module> {
    let module = crate::module("keras._tf_keras.keras.initializers");
    for (name, class) in &keras.initializers.classes {
        module.set(name, Value::Class(class.clone()));
    }
    module
}

/// `tf.random_normal_initializer`.
pub fn random_normal_initializer(keras: &crate::keras::KerasClasses) -> Value {
    Value::Class(keras.initializers.random_normal_initializer.clone())
}
