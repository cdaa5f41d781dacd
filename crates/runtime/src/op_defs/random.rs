//! Random number generators: the stateful ones keep a generator per kernel.

use super::support::dense_type;
use super::{ControlDeps, Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{
    shape_entries, shape_from_entries, InputFact, KernelFailure, OpKind, OutputFact, Value,
    ValueType,
};
use crate::op_defs::op::{dense_inputs, CompileTimeValue, KernelEnv};
use placer::kernels::{GpuKernel, Kernels};
use tensor::ops;
use tensor::DType;

/// A stateful generator whose input 0 (the shape) is read from host memory.
const fn generator(name: &'static str) -> OpDef {
    OpDef::compute(name)
        .host_memory(&[0])
        .stateful()
        .control(ControlDeps::LegacyRandom)
}

pub(super) const OPS: &[OpDef] = &[
    generator("RandomStandardNormal"),
    generator("RandomUniform"),
    generator("RandomUniformInt"),
    generator("TruncatedNormal"),
    OpDef::compute("StatelessRandomNormal").host_memory(&[0, 1]),
    OpDef::compute("StatelessRandomUniform").host_memory(&[0, 1]),
    OpDef::compute("StatelessTruncatedNormal").host_memory(&[0, 1]),
    OpDef::compute("StatelessRandomUniformFullInt").host_memory(&[0, 1]),
    OpDef::compute("StatelessRandomUniformInt").host_memory(&[0, 1]),
    // A CPU kernel and an XLA one (`tf2xla/kernels/random_ops.cc`), no GPU kernel.
    OpDef::compute("RandomShuffle")
        .kernels(Kernels {
            gpu: None,
            ..Kernels::EVERYWHERE
        })
        .stateful()
        .control(ControlDeps::LegacyRandom),
    OpDef::compute("Multinomial")
        .kernels(Kernels::EVERYWHERE.with_gpu(GpuKernel::NUMERIC.host_memory(&["num_samples"])))
        .host_memory(&[1])
        .stateful()
        .control(ControlDeps::LegacyRandom),
];

/// Which distribution a stateless random op samples.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatelessDistribution {
    /// `StatelessRandomUniform`: floats in `[0, 1)`.
    Uniform,
    /// `StatelessRandomNormal`: standard normals.
    Normal,
    /// `StatelessTruncatedNormal`: standard normals within two deviations.
    TruncatedNormal,
    /// `StatelessRandomUniformFullInt`: integers over the dtype's whole range.
    FullInt,
    /// `StatelessRandomUniformInt`: integers in `[minval, maxval)`, its third and fourth
    /// inputs.
    UniformInt,
}

/// A stateless random op (`tf.random.stateless_uniform` inside a graph, Keras's seeded
/// layers in `tf.data` pipelines): the values depend only on the shape and the `[2]` seed,
/// whose Philox key and counter are derived as `StatelessRandomGetKeyCounter` derives them,
/// so the graph computes what eager execution computes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StatelessRandomOp {
    /// Which distribution.
    pub distribution: StatelessDistribution,
    /// The output dtype.
    pub dtype: DType,
}

impl StatelessRandomOp {
    /// Wraps the op for `OpKind`.
    pub fn kind(distribution: StatelessDistribution, dtype: DType) -> OpKind {
        OpKind::new(StatelessRandomOp {
            distribution,
            dtype,
        })
    }
}

impl Op for StatelessRandomOp {
    fn def(&self) -> &'static OpDef {
        super::family_def(match self.distribution {
            StatelessDistribution::Uniform => "StatelessRandomUniform",
            StatelessDistribution::Normal => "StatelessRandomNormal",
            StatelessDistribution::TruncatedNormal => "StatelessTruncatedNormal",
            StatelessDistribution::FullInt => "StatelessRandomUniformFullInt",
            StatelessDistribution::UniformInt => "StatelessRandomUniformInt",
        })
    }

    fn type_attr(&self, _inputs: &[ValueType]) -> Option<DType> {
        Some(self.dtype)
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(self.dtype),
            shape: shape_from_entries(inputs.first().and_then(shape_entries)),
        }])
    }

    fn run(&self, inputs: &[Value], _env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        let name = self.def().name;
        let inputs = dense_inputs(inputs, name)?;
        let (shape, seed, bounds) = match inputs[..] {
            [shape, seed] => (shape, seed, None),
            [shape, seed, minval, maxval] => (shape, seed, Some((minval, maxval))),
            _ => {
                return Err(KernelFailure::Status(TfError::internal(format!(
                    "{name} takes shape and seed"
                ))))
            }
        };
        let dims = integers(shape, name)?;
        let seed = integers(seed, name)?;
        let [seed0, seed1] = seed[..] else {
            return Err(KernelFailure::Status(TfError::invalid_argument(format!(
                "seed must have shape [2], not [{}]",
                seed.len()
            ))));
        };
        let generator = tensor::random::Philox::from_stateless_seed([seed0, seed1]);
        let sample = match self.distribution {
            StatelessDistribution::Uniform => ops::uniform(&dims, self.dtype, generator)?,
            StatelessDistribution::Normal => ops::standard_normal(&dims, self.dtype, generator)?,
            StatelessDistribution::TruncatedNormal => {
                ops::truncated_normal(&dims, self.dtype, generator)?
            }
            StatelessDistribution::FullInt => ops::uniform_full_int(&dims, self.dtype, generator)?,
            StatelessDistribution::UniformInt => {
                let (minval, maxval) = bounds.ok_or_else(|| {
                    KernelFailure::Status(TfError::internal(format!("{name} takes bounds")))
                })?;
                let (low, high) = (integers(minval, name)?, integers(maxval, name)?);
                let (&[low], &[high]) = (&low[..], &high[..]) else {
                    return Err(KernelFailure::Status(TfError::invalid_argument(
                        "minval and maxval must be scalars",
                    )));
                };
                ops::stateless_uniform_int(&dims, low, high, self.dtype, generator)?
            }
        };
        Ok(vec![Value::Dense(sample)])
    }

    fn not_differentiable(&self) -> bool {
        true
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![0]
    }

    fn shape_input(&self) -> Option<usize> {
        Some(0)
    }
}

/// Which distribution a stateful random op samples.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distribution {
    /// `RandomStandardNormal`: shape.
    StandardNormal,
    /// `RandomUniform`: floats in `[0, 1)`; shape.
    Uniform,
    /// `RandomUniformInt`: shape, minval, maxval.
    UniformInt,
    /// `TruncatedNormal`: standard normals redrawn outside two deviations; shape.
    TruncatedNormal,
}

/// A stateful random op (`tf.random.normal`, `tf.random.uniform`): input 0 is the shape,
/// read from host memory and known to XLA when it compiles. Each kernel keeps its own
/// generator, seeded from `seeds`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RandomOp {
    /// Which distribution.
    pub distribution: Distribution,
    /// The output dtype (that of minval and maxval for `RandomUniformInt`).
    pub dtype: DType,
    /// The `seed` and `seed2` attributes (`random_seed.get_seed`; `[0, 0]`: unseeded).
    pub seeds: [i64; 2],
}

impl RandomOp {
    /// Wraps the op for `OpKind`.
    pub fn kind(distribution: Distribution, dtype: DType, seeds: [i64; 2]) -> OpKind {
        OpKind::new(RandomOp {
            distribution,
            dtype,
            seeds,
        })
    }
}

/// An integer input's values.
fn integers(tensor: &tensor::Tensor, op: &str) -> Result<Vec<i64>, KernelFailure> {
    tensor.to_i64_vec().ok_or_else(|| {
        KernelFailure::Status(TfError::invalid_argument(format!(
            "{op} expects an integer tensor, got {}",
            tensor.dtype().name()
        )))
    })
}

/// A scalar input's value.
fn scalar(tensor: &tensor::Tensor, op: &str) -> Result<f64, KernelFailure> {
    match tensor.to_f64_vec().as_deref() {
        Some([value]) => Ok(*value),
        _ => Err(KernelFailure::Status(TfError::invalid_argument(format!(
            "{op} expects scalar inputs"
        )))),
    }
}

/// The number of values a random kernel makes for `dims` (negative dimensions fail later,
/// in the kernel).
fn element_count(dims: &[i64]) -> u64 {
    dims.iter()
        .map(|dim| (*dim).max(0) as u64)
        .fold(1u64, u64::saturating_mul)
}

impl Op for RandomOp {
    fn def(&self) -> &'static OpDef {
        super::family_def(match self.distribution {
            Distribution::StandardNormal => "RandomStandardNormal",
            Distribution::Uniform => "RandomUniform",
            Distribution::UniformInt => "RandomUniformInt",
            Distribution::TruncatedNormal => "TruncatedNormal",
        })
    }

    /// `dtype` for the float generators; `RandomUniformInt`'s `T` is its shape's dtype.
    fn type_attr(&self, inputs: &[ValueType]) -> Option<DType> {
        match self.distribution {
            Distribution::UniformInt => match inputs.first() {
                Some(ValueType::Dense(dtype) | ValueType::Ref(dtype)) => Some(*dtype),
                _ => None,
            },
            _ => Some(self.dtype),
        }
    }

    /// The shape's entries as far as they are known; `RandomUniformInt` makes the dtype of
    /// its bounds.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let dtype = match self.distribution {
            Distribution::UniformInt if inputs.len() > 1 => {
                dense_type(inputs, 1, self.def().name).unwrap_or(self.dtype)
            }
            _ => self.dtype,
        };
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dtype),
            shape: shape_from_entries(inputs.first().and_then(shape_entries)),
        }])
    }

    /// Samples from the kernel's generator, which then moves past the samples TensorFlow
    /// reserves for the call.
    fn run(&self, inputs: &[Value], env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        let name = self.def().name;
        let inputs = dense_inputs(inputs, name)?;
        let shape = inputs.first().ok_or_else(|| {
            KernelFailure::Status(TfError::internal(format!("{name} takes a shape")))
        })?;
        let dims = integers(shape, name)?;
        let count = element_count(&dims);
        let sample = match self.distribution {
            Distribution::StandardNormal => {
                let generator = env
                    .resources
                    .reserve_random(&env.site, name, self.dtype, self.seeds, count);
                ops::standard_normal(&dims, self.dtype, generator)?
            }
            Distribution::Uniform => {
                let generator = env
                    .resources
                    .reserve_random(&env.site, name, self.dtype, self.seeds, count);
                ops::uniform(&dims, self.dtype, generator)?
            }
            Distribution::TruncatedNormal => {
                let generator = env
                    .resources
                    .reserve_random(&env.site, name, self.dtype, self.seeds, count);
                ops::truncated_normal(&dims, self.dtype, generator)?
            }
            Distribution::UniformInt => {
                let [_, low, high] = inputs[..] else {
                    return Err(KernelFailure::Status(TfError::internal(
                        "RandomUniformInt takes shape, minval and maxval",
                    )));
                };
                let dtype = low.dtype();
                let (low, high) = (scalar(low, name)? as i64, scalar(high, name)? as i64);
                let generator = env
                    .resources
                    .reserve_random(&env.site, name, dtype, self.seeds, count);
                ops::uniform_int(&dims, low, high, dtype, generator)?
            }
        };
        Ok(vec![Value::Dense(sample)])
    }

    fn not_differentiable(&self) -> bool {
        true
    }

    fn compile_time_value(&self) -> CompileTimeValue {
        CompileTimeValue::Unknown
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![0]
    }

    fn shape_input(&self) -> Option<usize> {
        Some(0)
    }
}

/// `RandomShuffle` (`tf.random.shuffle(value, seed)`): `value`'s slices along its first
/// dimension in a random order, from the kernel's generator.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RandomShuffle {
    /// The `seed` and `seed2` attributes.
    pub seeds: [i64; 2],
}

impl RandomShuffle {
    /// Wraps the op for `OpKind`.
    pub fn kind(seeds: [i64; 2]) -> OpKind {
        OpKind::new(RandomShuffle { seeds })
    }
}

impl Op for RandomShuffle {
    fn def(&self) -> &'static OpDef {
        super::family_def("RandomShuffle")
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let value = inputs
            .first()
            .ok_or_else(|| TfError::internal("RandomShuffle takes a value"))?;
        Ok(vec![OutputFact {
            value_type: value.value_type,
            shape: value.shape.clone(),
        }])
    }

    fn run(&self, inputs: &[Value], env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        let inputs = dense_inputs(inputs, "RandomShuffle")?;
        let value = inputs.first().ok_or_else(|| {
            KernelFailure::Status(TfError::internal("RandomShuffle takes a value"))
        })?;
        let generator = env.resources.reserve_random_blocks(
            &env.site,
            "RandomShuffle",
            value.dtype(),
            self.seeds,
            ops::sampling::shuffle_reserved_blocks(value),
        );
        Ok(vec![Value::Dense(ops::sampling::random_shuffle(
            value, generator,
        )?)])
    }

    fn not_differentiable(&self) -> bool {
        true
    }

    fn compile_time_value(&self) -> CompileTimeValue {
        CompileTimeValue::Unknown
    }
}

/// `Multinomial` (`tf.random.categorical(logits, num_samples)`): class indices drawn from
/// each row of unnormalised log-probabilities, from the kernel's generator.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Multinomial {
    /// The `seed` and `seed2` attributes.
    pub seeds: [i64; 2],
    /// `output_dtype`: int32 or int64.
    pub output: DType,
}

impl Multinomial {
    /// Wraps the op for `OpKind`.
    pub fn kind(seeds: [i64; 2], output: DType) -> OpKind {
        OpKind::new(Multinomial { seeds, output })
    }
}

impl Op for Multinomial {
    fn def(&self) -> &'static OpDef {
        super::family_def("Multinomial")
    }

    /// `[batch, num_samples]`, as far as the logits' first dimension and the count are
    /// known.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let [logits, samples] = inputs else {
            return Err(TfError::internal(
                "Multinomial takes logits and num_samples",
            ));
        };
        if let Some(rank) = logits
            .shape
            .dims()
            .map(<[_]>::len)
            .filter(|rank| *rank != 2)
        {
            return Err(TfError::invalid_argument(format!(
                "Shape must be rank 2 but is rank {rank}"
            )));
        }
        let batch = logits.shape.dims().and_then(|dims| dims[0]);
        let count = samples
            .constant
            .and_then(|constant| constant.to_i64_vec())
            .and_then(|values| values.first().copied())
            .and_then(|value| usize::try_from(value).ok());
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(self.output),
            shape: tensor::TensorShape::new(vec![batch, count]),
        }])
    }

    fn run(&self, inputs: &[Value], env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        let inputs = dense_inputs(inputs, "Multinomial")?;
        let [logits, samples] = inputs[..] else {
            return Err(KernelFailure::Status(TfError::internal(
                "Multinomial takes logits and num_samples",
            )));
        };
        let count = scalar(samples, "Multinomial")? as i64;
        let batch = logits.dims().first().copied().unwrap_or(0);
        let generator = env.resources.reserve_random(
            &env.site,
            "Multinomial",
            logits.dtype(),
            self.seeds,
            ops::sampling::multinomial_reserved_outputs(batch, count.max(0) as usize),
        );
        Ok(vec![Value::Dense(ops::sampling::multinomial(
            logits,
            count,
            self.output,
            generator,
        )?)])
    }

    fn not_differentiable(&self) -> bool {
        true
    }

    fn compile_time_value(&self) -> CompileTimeValue {
        CompileTimeValue::Unknown
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![1]
    }
}
