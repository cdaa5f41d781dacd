//! `tf.random.stateless_uniform`, `stateless_normal` and `stateless_truncated_normal`:
//! the same seed gives the same numbers, TensorFlow's numbers. The seed pair becomes a
//! Philox key and counter as `StatelessRandomGetKeyCounter` derives them, the V2 kernels
//! fill the samples exactly as the stateful kernels do from that stream, and the Python
//! wrapper's affine step (`rnd * (maxval - minval) + minval`, `rnd * stddev + mean`) runs
//! in the element type. Keras 3's seeded initialisers draw through these (see
//! [`crate::keras::initializers`]).
//!
//! The values are computed on the host when the call is made and enter the program as one
//! constant named after the op (`stateless_random_uniform`), so a seed must be a known
//! pair of integers, not a graph tensor.

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{float_arg, int_list, opt_dtype};
use crate::tensor_class::wrap;
use crate::St;
use runtime::{Handle, TfError};
use tensor::ops::{self, BinaryOp};
use tensor::random::Philox;
use tensor::{DType, OpResult, Tensor};

/// Which stateless distribution, with its parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stateless {
    /// `StatelessRandomUniformV2`, then `* (maxval - minval) + minval`.
    Uniform {
        /// Lower bound.
        minval: f64,
        /// Upper bound.
        maxval: f64,
    },
    /// `StatelessRandomUniformIntV2`: integers in `[minval, maxval)`.
    UniformInt {
        /// Lower bound (inclusive).
        minval: i64,
        /// Upper bound (exclusive).
        maxval: i64,
    },
    /// `StatelessRandomUniformFullIntV2`: integers over the dtype's whole range.
    FullInt,
    /// `StatelessRandomNormalV2`, then `* stddev + mean`.
    Normal {
        /// The mean.
        mean: f64,
        /// The standard deviation.
        stddev: f64,
    },
    /// `StatelessTruncatedNormalV2`, then `* stddev + mean`.
    TruncatedNormal {
        /// The mean.
        mean: f64,
        /// The standard deviation.
        stddev: f64,
    },
}

/// The samples of `distribution` for `seed`, as TensorFlow computes them.
pub fn sample(
    distribution: Stateless,
    dims: &[i64],
    dtype: DType,
    seed: [i64; 2],
) -> OpResult<Tensor> {
    let generator = Philox::from_stateless_seed(seed);
    let scalar = |value: f64| ops::cast(&Tensor::scalar(value), dtype);
    match distribution {
        Stateless::UniformInt { minval, maxval } => {
            ops::stateless_uniform_int(dims, minval, maxval, dtype, generator)
        }
        Stateless::FullInt => ops::uniform_full_int(dims, dtype, generator),
        Stateless::Uniform { minval, maxval } => {
            let raw = ops::uniform(dims, dtype, generator)?;
            let (low, high) = (scalar(minval)?, scalar(maxval)?);
            let range = ops::binary(BinaryOp::Sub, &high, &low)?;
            let scaled = ops::binary(BinaryOp::Mul, &raw, &range)?;
            ops::binary(BinaryOp::Add, &scaled, &low)
        }
        Stateless::Normal { mean, stddev } | Stateless::TruncatedNormal { mean, stddev } => {
            let raw = if matches!(distribution, Stateless::Normal { .. }) {
                ops::standard_normal(dims, dtype, generator)?
            } else {
                ops::truncated_normal(dims, dtype, generator)?
            };
            let scaled = ops::binary(BinaryOp::Mul, &raw, &scalar(stddev)?)?;
            ops::binary(BinaryOp::Add, &scaled, &scalar(mean)?)
        }
    }
}

/// Keras 3's seed for an integer `seed`: `[seed, 0]` as int64, then `floormod` by
/// `int32.max - 1` and cast to int32 (`_cast_seed`).
pub fn keras_seed(seed: u64) -> [i64; 2] {
    [(seed as i64).rem_euclid(i64::from(i32::MAX) - 1), 0]
}

/// A stateless kernel's failure as TensorFlow raises it eagerly (`{{function_node
/// __wrapped__OP_device_...}} MESSAGE [Op:OP] name: `; without `name: ` unless `named`).
fn kernel_error(
    st: &St,
    vm: &mut Vm<'_>,
    op: &str,
    error: TfError,
    named: bool,
) -> lang::exceptions::Exception {
    let wrapped = st.tf(vm, |ctx| {
        let mut wrapped = ctx.wrap_dataset_error(op, op, error);
        if !named {
            if let Some(stripped) = wrapped.message.strip_suffix(" name: ") {
                wrapped.message = stripped.to_string();
            }
        }
        Ok(wrapped)
    });
    match wrapped {
        Ok(wrapped) => crate::errors::raise(st, vm, wrapped),
        Err(raised) => raised,
    }
}

fn seed_pair(st: &St, vm: &mut Vm<'_>, value: &Option<Value>) -> PyResult<[i64; 2]> {
    let Some(value) = value.as_ref().filter(|v| !v.is_none()) else {
        return Err(vm.type_error("missing required argument 'seed'"));
    };
    let values = int_list(st, vm, value, "seed")?;
    match values[..] {
        [a, b] => Ok([a, b]),
        _ => {
            let error = TfError::invalid_argument(format!(
                "seed must have shape [2], not [{}]",
                values.len()
            ));
            // This op's eager error carries no `name:` suffix (it runs without one).
            Err(kernel_error(
                st,
                vm,
                "StatelessRandomGetKeyCounter",
                error,
                false,
            ))
        }
    }
}

fn run(st: &St, vm: &mut Vm<'_>, args: Args<'_>, what: &str) -> PyResult {
    // The uniform sampler's parameters are its bounds, the others' a mean and deviation.
    let (shape, seed, first, second, dtype, name) = if what == "stateless_random_uniform" {
        let bound = bind!(
            vm,
            what,
            &args,
            2,
            [shape, seed, minval, maxval, dtype, name, alg]
        )?;
        (
            bound.shape,
            bound.seed,
            bound.minval,
            bound.maxval,
            bound.dtype,
            bound.name,
        )
    } else {
        let bound = bind!(
            vm,
            what,
            &args,
            2,
            [shape, seed, mean, stddev, dtype, name, alg]
        )?;
        (
            bound.shape,
            bound.seed,
            bound.mean,
            bound.stddev,
            bound.dtype,
            bound.name,
        )
    };
    let dtype = opt_dtype(vm, &dtype)?.unwrap_or(DType::Float32);
    // `stateless_random_uniform`'s `minval` defaults to 0: an integer draw needs only
    // `maxval`; only an explicit `minval=None` asks for the whole range.
    let minval_passed = args.get(2).is_some() || args.kwarg("minval").is_some();
    let first = match first {
        None if what == "stateless_random_uniform" && !minval_passed => Some(Value::Int(0)),
        first => first,
    };
    if !st.tf(vm, |ctx| Ok(ctx.executing_eagerly()))? {
        // Inside a graph (a `tf.function`, a `tf.data` map) the shape and the seed may be
        // tensors: the samples are an op of the graph, computed when it runs.
        return graph_sample(st, vm, what, (shape, seed, first, second, dtype, name));
    }
    let dims = int_list(st, vm, shape.as_ref().unwrap_or(&Value::None), "shape")?;
    let seed = seed_pair(st, vm, &seed)?;
    if !dtype.is_floating() && what != "stateless_random_uniform" {
        return Err(vm.type_error(format!(
            "Stateless random integers (dtype {}) are not emulated in this playground.",
            dtype.name()
        )));
    }
    let distribution = match what {
        "stateless_random_uniform" if dtype.is_integer() => {
            integer_distribution(st, vm, dtype, &first, &second)?
        }
        "stateless_random_uniform" => Stateless::Uniform {
            minval: float_arg(vm, &first, 0.0)?,
            maxval: float_arg(vm, &second, 1.0)?,
        },
        "stateless_random_normal" => Stateless::Normal {
            mean: float_arg(vm, &first, 0.0)?,
            stddev: float_arg(vm, &second, 1.0)?,
        },
        _ => Stateless::TruncatedNormal {
            mean: float_arg(vm, &first, 0.0)?,
            stddev: float_arg(vm, &second, 1.0)?,
        },
    };
    let name = match name.as_ref().filter(|v| !v.is_none()) {
        Some(name) => crate::string_arg(vm, name, "name")?,
        None => what.to_string(),
    };
    let shape: Vec<usize> = dims.iter().map(|d| (*d).max(0) as usize).collect();
    let sampled = match constant_on_demand(st, vm, &shape, dtype, Some(&name), || {
        sample(distribution, &dims, dtype, seed)
    })? {
        Ok(handle) => return wrap(st, vm, handle),
        Err(error) => error,
    };
    let op = match distribution {
        Stateless::Uniform { .. } => "StatelessRandomUniformV2",
        Stateless::UniformInt { .. } => "StatelessRandomUniformIntV2",
        Stateless::FullInt => "StatelessRandomUniformFullIntV2",
        Stateless::Normal { .. } => "StatelessRandomNormalV2",
        Stateless::TruncatedNormal { .. } => "StatelessTruncatedNormalV2",
    };
    Err(kernel_error(
        st,
        vm,
        op,
        TfError::from_kernel_message(sampled),
        true,
    ))
}

/// Values on demand for a value made outside an op (a draw, an initializer's weights):
/// `make`'s tensor as a constant named `name`, or, over the budget or under memory
/// pressure, an uncomputed value of its dtype and shape, and the run goes on as a
/// simulation. Any other failure is given back for the caller to raise.
pub(crate) fn constant_on_demand(
    st: &St,
    vm: &mut Vm<'_>,
    dims: &[usize],
    dtype: DType,
    name: Option<&str>,
    make: impl FnOnce() -> OpResult<Tensor>,
) -> PyResult<Result<Handle, tensor::OpError>> {
    let elements = dims.iter().fold(1u64, |n, d| n.saturating_mul(*d as u64));
    let bytes = elements.saturating_mul(dtype.size_in_bytes().unwrap_or(8) as u64);
    let made = match tensor::limits::memory_pressure(elements, bytes) {
        Some(why) => Err(tensor::OpError::budget(why)),
        None => make(),
    };
    match made {
        Ok(tensor) => st.tf(vm, |ctx| ctx.constant(tensor, name)).map(Ok),
        Err(error) if error.is_budget() => st
            .tf(vm, |ctx| {
                ctx.uncomputed(dtype, tensor::Shape::new(dims.to_vec()), &error.message)
            })
            .map(Ok),
        Err(error) => Ok(Err(error)),
    }
}

/// The integer distribution of `stateless_uniform(dtype=<integer>, minval, maxval)`, with
/// its wrapper's checks: the bounds both given or both `None` (the whole range), and no
/// bounds for unsigned types.
fn integer_distribution(
    st: &St,
    vm: &mut Vm<'_>,
    dtype: DType,
    minval: &Option<Value>,
    maxval: &Option<Value>,
) -> PyResult<Stateless> {
    let accepted = [
        DType::Float16,
        DType::BFloat16,
        DType::Float32,
        DType::Float64,
        DType::Int32,
        DType::Int64,
        DType::UInt32,
        DType::UInt64,
    ];
    if !accepted.contains(&dtype) {
        let names: Vec<String> = accepted
            .iter()
            .map(|d| format!("tf.{}", d.name()))
            .collect();
        return Err(vm.value_error(format!(
            "Argument `dtype` got invalid value {dtype}. Accepted dtypes are ({}).",
            names.join(", ")
        )));
    }
    let given = |value: &Option<Value>| value.as_ref().is_some_and(|v| !v.is_none());
    if given(minval) != given(maxval) {
        let show = |vm: &mut Vm<'_>, value: &Option<Value>| match value {
            Some(value) => vm.str(value),
            None => Ok("None".to_string()),
        };
        let (low, high) = (show(vm, minval)?, show(vm, maxval)?);
        return Err(vm.value_error(format!(
            "For integer `dtype` argument {dtype}, argument `minval` and `maxval` must be both \
             None or not None. Got `minval`={low} and `maxval`={high}."
        )));
    }
    if !given(minval) {
        return Ok(Stateless::FullInt);
    }
    if dtype.is_unsigned() {
        return Err(vm.value_error(format!(
            "Argument `dtype` got invalid value {dtype} when argument `minval` is not None. \
             Please don't use unsigned integers in this case."
        )));
    }
    let bound = |vm: &mut Vm<'_>, value: &Option<Value>| -> PyResult<i64> {
        let values = int_list(st, vm, value.as_ref().unwrap_or(&Value::None), "minval")?;
        values
            .first()
            .copied()
            .ok_or_else(|| vm.value_error("minval and maxval must be scalars"))
    };
    Ok(Stateless::UniformInt {
        minval: bound(vm, minval)?,
        maxval: bound(vm, maxval)?,
    })
}

/// The arguments `run` binds: shape, seed, the two parameters, dtype and name.
type Bound = (
    Option<Value>,
    Option<Value>,
    Option<Value>,
    Option<Value>,
    DType,
    Option<Value>,
);

/// A stateless sampler in a graph: one `StatelessRandom*` op on the shape and seed, then
/// the Python wrapper's affine step as graph ops, under the sampler's name scope.
fn graph_sample(st: &St, vm: &mut Vm<'_>, what: &str, bound: Bound) -> PyResult {
    use runtime::op_defs::{StatelessDistribution, StatelessRandomOp};
    let (shape, seed, first, second, dtype, name) = bound;
    if !dtype.is_floating() && what != "stateless_random_uniform" {
        return Err(vm.type_error(format!(
            "Stateless random integers (dtype {}) are not emulated in this playground.",
            dtype.name()
        )));
    }
    let shape = crate::convert::to_operand(st, vm, shape.as_ref().unwrap_or(&Value::None))?;
    let seed = crate::convert::to_operand(st, vm, seed.as_ref().unwrap_or(&Value::None))?;
    if dtype.is_integer() {
        // One integer op, with no affine step.
        let integers = integer_distribution(st, vm, dtype, &first, &second)?;
        let scope_name = match name.as_ref().filter(|v| !v.is_none()) {
            Some(name) => crate::string_arg(vm, name, "name")?,
            None => what.to_string(),
        };
        let mut inputs = vec![(shape, "shape", false), (seed, "seed", false)];
        let (distribution, op) = match integers {
            Stateless::UniformInt { minval, maxval } => {
                let bound = |value: i64| {
                    ops::cast(&Tensor::scalar(value as f64), dtype)
                        .map(runtime::Operand::Literal)
                        .map_err(|e| crate::convert::op_error(vm, e))
                };
                inputs.push((bound(minval)?, "minval", false));
                inputs.push((bound(maxval)?, "maxval", false));
                (
                    StatelessDistribution::UniformInt,
                    "StatelessRandomUniformInt",
                )
            }
            _ => (
                StatelessDistribution::FullInt,
                "StatelessRandomUniformFullInt",
            ),
        };
        let handle = st.tf(vm, |ctx| {
            let scope = ctx.enter_composite_scope(&scope_name)?;
            let result = ctx.array_op(
                StatelessRandomOp::kind(distribution, dtype),
                op,
                None,
                inputs,
            );
            ctx.leave_composite_scope(scope)?;
            result
        })?;
        return wrap(st, vm, handle);
    }
    let (distribution, op) = match what {
        "stateless_random_uniform" => (StatelessDistribution::Uniform, "StatelessRandomUniform"),
        "stateless_random_normal" => (StatelessDistribution::Normal, "StatelessRandomNormal"),
        _ => (
            StatelessDistribution::TruncatedNormal,
            "StatelessTruncatedNormal",
        ),
    };
    // (minval, maxval) or (mean, stddev): 0 and 1 by default either way.
    let a = float_arg(vm, &first, 0.0)?;
    let b = float_arg(vm, &second, 1.0)?;
    let scope_name = match name.as_ref().filter(|v| !v.is_none()) {
        Some(name) => crate::string_arg(vm, name, "name")?,
        None => what.to_string(),
    };
    let literal = |value: f64| ops::cast(&Tensor::scalar(value), dtype);
    let (a, b) = (
        literal(a).map_err(|e| crate::convert::op_error(vm, e))?,
        literal(b).map_err(|e| crate::convert::op_error(vm, e))?,
    );
    let handle = st.tf(vm, |ctx| {
        let scope = ctx.enter_composite_scope(&scope_name)?;
        let result = (|| {
            let raw = ctx.array_op(
                StatelessRandomOp::kind(distribution, dtype),
                op,
                None,
                vec![(shape, "shape", false), (seed, "seed", false)],
            )?;
            let raw = runtime::Operand::Handle(raw);
            if distribution == StatelessDistribution::Uniform {
                // rnd * (maxval - minval) + minval
                let range =
                    ops::binary(BinaryOp::Sub, &b, &a).map_err(TfError::from_kernel_message)?;
                let scaled =
                    ctx.binary(BinaryOp::Mul, raw, runtime::Operand::Literal(range), None)?;
                ctx.binary(
                    BinaryOp::Add,
                    runtime::Operand::Handle(scaled),
                    runtime::Operand::Literal(a),
                    None,
                )
            } else {
                // rnd * stddev + mean
                let scaled = ctx.binary(BinaryOp::Mul, raw, runtime::Operand::Literal(b), None)?;
                ctx.binary(
                    BinaryOp::Add,
                    runtime::Operand::Handle(scaled),
                    runtime::Operand::Literal(a),
                    None,
                )
            }
        })();
        ctx.leave_composite_scope(scope)?;
        result
    })?;
    wrap(st, vm, handle)
}

/// `tf.random.stateless_uniform(shape, seed, minval=0, maxval=None, dtype=tf.float32)`.
pub fn stateless_uniform(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    run(st, vm, args, "stateless_random_uniform")
}

/// `tf.random.stateless_normal(shape, seed, mean=0.0, stddev=1.0, dtype=tf.float32)`.
pub fn stateless_normal(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    run(st, vm, args, "stateless_random_normal")
}

/// `tf.random.stateless_truncated_normal(shape, seed, mean=0.0, stddev=1.0, ...)`.
pub fn stateless_truncated_normal(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    run(st, vm, args, "stateless_truncated_normal")
}
