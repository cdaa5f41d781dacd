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
use runtime::TfError;
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
    if !st.tf(vm, |ctx| Ok(ctx.executing_eagerly()))? {
        // Inside a graph (a `tf.function`, a `tf.data` map) the shape and the seed may be
        // tensors: the samples are an op of the graph, computed when it runs.
        return graph_sample(st, vm, what, (shape, seed, first, second, dtype, name));
    }
    let dims = int_list(st, vm, shape.as_ref().unwrap_or(&Value::None), "shape")?;
    let seed = seed_pair(st, vm, &seed)?;
    if !dtype.is_floating() {
        return Err(vm.type_error(format!(
            "Stateless random integers (dtype {}) are not emulated in this playground.",
            dtype.name()
        )));
    }
    let distribution = match what {
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
    let tensor = sample(distribution, &dims, dtype, seed).map_err(|error| {
        let op = match distribution {
            Stateless::Uniform { .. } => "StatelessRandomUniformV2",
            Stateless::Normal { .. } => "StatelessRandomNormalV2",
            Stateless::TruncatedNormal { .. } => "StatelessTruncatedNormalV2",
        };
        kernel_error(st, vm, op, TfError::from_kernel_message(error), true)
    })?;
    let name = match name.as_ref().filter(|v| !v.is_none()) {
        Some(name) => crate::string_arg(vm, name, "name")?,
        None => what.to_string(),
    };
    let handle = st.tf(vm, |ctx| ctx.constant(tensor, Some(&name)))?;
    wrap(st, vm, handle)
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
    if !dtype.is_floating() {
        return Err(vm.type_error(format!(
            "Stateless random integers (dtype {}) are not emulated in this playground.",
            dtype.name()
        )));
    }
    let shape = crate::convert::to_operand(st, vm, shape.as_ref().unwrap_or(&Value::None))?;
    let seed = crate::convert::to_operand(st, vm, seed.as_ref().unwrap_or(&Value::None))?;
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
