//! Tensors from nothing: `Fill` (`tf.fill`, `tf.zeros`, `tf.ones`), `Range` (`tf.range`),
//! and random normal/uniform values.
//!
//! The random kernels draw from TensorFlow's Philox generator ([`crate::random`]);
//! the runtime keeps each kernel's generator between calls as TensorFlow does.

use std::cell::Cell;

use super::OpType;
use crate::dtype::DType;
use crate::error::{ErrorClass, OpError, OpResult};
use crate::limits;
use crate::random::{self, Philox, RandomFloat, Samples};
use crate::shape::Shape;
use crate::tensor::{Tensor, TensorData};

/// Validates `tf.fill`-style dimensions (`Dimension -1 must be >= 0`).
fn fill_shape(dims: &[i64]) -> OpResult<Shape> {
    let mut sizes = Vec::with_capacity(dims.len());
    for &dim in dims {
        let size = usize::try_from(dim).map_err(|_| {
            OpError::invalid_argument(OpType::Fill, format!("Dimension {dim} must be >= 0"))
        })?;
        sizes.push(size);
    }
    let shape = Shape::new(sizes);
    limits::check_elements(&shape)?;
    Ok(shape)
}

/// `tf.fill(dims, value)`: `value` must be a scalar.
pub fn fill(dims: &[i64], value: &Tensor) -> OpResult<Tensor> {
    if value.rank() != 0 {
        return Err(OpError::invalid_argument(
            OpType::Fill,
            format!(
                "value must be a scalar, got a tensor with shape {}",
                value.shape().to_tf_list()
            ),
        ));
    }
    let shape = fill_shape(dims)?;
    let count = limits::check_elements(&shape)?;
    Tensor::new(value.dtype(), shape, value.data().take(&vec![0; count]))
}

/// `tf.zeros(dims, dtype)`.
pub fn zeros(dims: &[i64], dtype: DType) -> OpResult<Tensor> {
    let shape = fill_shape(dims)?;
    let count = limits::check_elements(&shape)?;
    Tensor::new(dtype, shape, TensorData::zeros(dtype, count))
}

/// `tf.ones(dims, dtype)` (strings are not allowed, as in TensorFlow).
pub fn ones(dims: &[i64], dtype: DType) -> OpResult<Tensor> {
    if dtype == DType::String {
        return Err(OpError::python(
            ErrorClass::TypeError,
            "Cannot convert 1 to EagerTensor of dtype string",
        ));
    }
    let one = super::cast(&Tensor::scalar(1i64), dtype)?;
    fill(dims, &one)
}

/// `tf.range(start, limit, delta, dtype)`. Integer dtypes step in i64; float dtypes
/// accumulate `start + delta + delta ...` in the dtype's precision, as TensorFlow's kernel
/// does.
pub fn range(start: f64, limit: f64, delta: f64, dtype: DType) -> OpResult<Tensor> {
    let op = OpType::Range;
    let show = |v: f64| {
        if dtype.is_integer() {
            format!("{}", v as i64)
        } else {
            format!("{v}")
        }
    };
    if delta == 0.0 {
        return Err(OpError::invalid_argument(
            op,
            format!("Requires delta != 0: {}", show(delta)),
        ));
    }
    if delta > 0.0 && start > limit {
        return Err(OpError::invalid_argument(
            op,
            format!(
                "Requires start <= limit when delta > 0: {}/{}",
                show(start),
                show(limit)
            ),
        ));
    }
    if delta < 0.0 && start < limit {
        return Err(OpError::invalid_argument(
            op,
            format!(
                "Requires start >= limit when delta < 0: {}/{}",
                show(start),
                show(limit)
            ),
        ));
    }
    let size = if dtype.is_integer() {
        ((limit - start).abs() / delta.abs()).ceil()
    } else {
        ((limit - start) / delta).abs().ceil()
    };
    if !size.is_finite() || size > limits::current().max_elements as f64 {
        return Err(OpError::python(
            ErrorClass::ResourceExhausted,
            format!("tf.range would produce {size} elements, over the playground's limit"),
        ));
    }
    let count = size as usize;
    let shape = Shape::new(vec![count]);
    let data = match dtype {
        DType::Float64 => TensorData::Float64(accumulate(start, delta, count, |v| v)),
        DType::Float32 | DType::Float16 | DType::BFloat16 => {
            let (start, delta) = (start as f32, delta as f32);
            let mut value = start;
            TensorData::Float32(
                (0..count)
                    .map(|_| {
                        let current = value;
                        value += delta;
                        current
                    })
                    .collect(),
            )
        }
        _ if dtype.is_integer() => {
            let (start, delta) = (start as i64, delta as i64);
            let values: Vec<i64> = (0..count as i64)
                .map(|i| start.wrapping_add(i.wrapping_mul(delta)))
                .collect();
            let wide = Tensor::new(DType::Int64, shape.clone(), TensorData::Int64(values))?;
            return super::cast(&wide, dtype);
        }
        _ => {
            return Err(OpError::dispatch(
                ErrorClass::InvalidArgument,
                op,
                format!(
                    "Value for attr 'Tidx' of {} is not in the list of allowed values",
                    dtype.kernel_name()
                ),
            ))
        }
    };
    Tensor::new(dtype, shape, data)
}

fn accumulate(start: f64, delta: f64, count: usize, round: impl Fn(f64) -> f64) -> Vec<f64> {
    let mut value = start;
    (0..count)
        .map(|_| {
            let current = round(value);
            value += delta;
            current
        })
        .collect()
}

thread_local! {
    /// Where unseeded generators come from (TensorFlow draws fresh seeds from the OS;
    /// this is deterministic per thread, which users cannot tell apart).
    static UNSEEDED: Cell<u64> = const { Cell::new(0x5EED_0F7E_450F_10AB) };
}

/// The seed pair `random_seed.get_seed` gives an op with op seed `seed` and no global seed.
const DEFAULT_GRAPH_SEED: u64 = 87_654_321;

/// A generator for a kernel whose `seed` and `seed2` attributes are `seeds`: TensorFlow's
/// `GuardedPhiloxRandom::Init`, where `(0, 0)` means "seed me randomly".
pub fn generator_for(seeds: [i64; 2]) -> Philox {
    if seeds == [0, 0] {
        return UNSEEDED.with(|state| {
            let next = || {
                let mut z = state.get().wrapping_add(0x9E37_79B9_7F4A_7C15);
                state.set(z);
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            };
            Philox::new(next(), next())
        });
    }
    Philox::new(seeds[0] as u64, seeds[1] as u64)
}

/// The generator of the first call of a kernel seeded with op seed `seed` and no global
/// seed, or an unseeded one.
fn first_call_generator(seed: Option<u64>) -> Philox {
    match seed {
        Some(seed) => Philox::new(DEFAULT_GRAPH_SEED, seed % (i32::MAX as u64)),
        None => generator_for([0, 0]),
    }
}

fn random_float(dtype: DType, op: OpType) -> OpResult<RandomFloat> {
    Ok(match dtype {
        DType::Float16 => RandomFloat::Half,
        DType::BFloat16 => RandomFloat::BFloat16,
        DType::Float32 => RandomFloat::Float,
        DType::Float64 => RandomFloat::Double,
        _ => {
            return Err(OpError::dispatch(
                ErrorClass::InvalidArgument,
                op,
                format!("Value for attr 'dtype' of {} is not in the list of allowed values: half, bfloat16, float, double", dtype.kernel_name()),
            ))
        }
    })
}

fn samples_tensor(shape: Shape, samples: Samples, dtype: DType) -> OpResult<Tensor> {
    match samples {
        Samples::Double(values) => Tensor::new(dtype, shape, TensorData::Float64(values)),
        Samples::Single(values) => Tensor::new(dtype, shape, TensorData::Float32(values)),
    }
}

/// The `RandomStandardNormal` kernel: standard normal values from `generator`.
pub fn standard_normal(dims: &[i64], dtype: DType, generator: Philox) -> OpResult<Tensor> {
    let kind = random_float(dtype, OpType::RandomStandardNormal)?;
    let shape = fill_shape(dims)?;
    let count = limits::check_elements(&shape)?;
    samples_tensor(shape, random::normal(generator, count, kind), dtype)
}

/// The `TruncatedNormal` kernel: standard normal values redrawn outside `(-2, 2)`.
pub fn truncated_normal(dims: &[i64], dtype: DType, generator: Philox) -> OpResult<Tensor> {
    let kind = random_float(dtype, OpType::TruncatedNormal)?;
    let shape = fill_shape(dims)?;
    let count = limits::check_elements(&shape)?;
    samples_tensor(
        shape,
        random::truncated_normal(generator, count, kind),
        dtype,
    )
}

/// The `RandomUniform` kernel: floats in `[0, 1)` from `generator`.
pub fn uniform(dims: &[i64], dtype: DType, generator: Philox) -> OpResult<Tensor> {
    let kind = random_float(dtype, OpType::RandomUniform)?;
    let shape = fill_shape(dims)?;
    let count = limits::check_elements(&shape)?;
    samples_tensor(shape, random::uniform(generator, count, kind), dtype)
}

/// The `RandomUniformInt` kernel: `int32` or `int64` values in `[minval, maxval)`.
pub fn uniform_int(
    dims: &[i64],
    minval: i64,
    maxval: i64,
    dtype: DType,
    generator: Philox,
) -> OpResult<Tensor> {
    let shape = fill_shape(dims)?;
    let count = limits::check_elements(&shape)?;
    if maxval <= minval {
        return Err(OpError::invalid_argument(
            OpType::RandomUniformInt,
            format!("Need minval < maxval: {minval} >= {maxval}"),
        ));
    }
    match dtype {
        DType::Int32 => {
            let values = random::uniform_int32(generator, count, minval as i32, maxval as i32);
            Tensor::new(dtype, shape, TensorData::Int32(values))
        }
        DType::Int64 => {
            let values = random::uniform_int64(generator, count, minval, maxval);
            Tensor::new(dtype, shape, TensorData::Int64(values))
        }
        _ => Err(OpError::python(
            ErrorClass::ValueError,
            format!("Invalid dtype tf.{} for tf.random.uniform", dtype.name()),
        )),
    }
}

/// The `StatelessRandomUniformInt` kernels: [`uniform_int`] with their own check of the
/// bounds (`Need minval < maxval, got 3 >= 3`).
pub fn stateless_uniform_int(
    dims: &[i64],
    minval: i64,
    maxval: i64,
    dtype: DType,
    generator: Philox,
) -> OpResult<Tensor> {
    if minval >= maxval {
        return Err(OpError::python(
            ErrorClass::InvalidArgument,
            format!("Need minval < maxval, got {minval} >= {maxval}"),
        ));
    }
    uniform_int(dims, minval, maxval, dtype, generator)
}

/// `UniformFullIntDistribution` (the `StatelessRandomUniformFullInt` kernels): integers over
/// the whole range of `int32`, `int64`, `uint32` or `uint64`, the 64-bit ones from two words.
pub fn uniform_full_int(dims: &[i64], dtype: DType, generator: Philox) -> OpResult<Tensor> {
    let shape = fill_shape(dims)?;
    let count = limits::check_elements(&shape)?;
    let data = match dtype {
        DType::Int32 => TensorData::Int32(
            random::full_int32_bits(generator, count)
                .into_iter()
                .map(|bits| bits as i32)
                .collect(),
        ),
        DType::UInt32 => TensorData::UInt32(random::full_int32_bits(generator, count)),
        DType::Int64 => TensorData::Int64(
            random::full_int64_bits(generator, count)
                .into_iter()
                .map(|bits| bits as i64)
                .collect(),
        ),
        DType::UInt64 => TensorData::UInt64(random::full_int64_bits(generator, count)),
        _ => {
            return Err(OpError::python(
                ErrorClass::ValueError,
                format!("Invalid dtype tf.{} for full-range integers", dtype.name()),
            ))
        }
    };
    Tensor::new(dtype, shape, data)
}

/// `tf.random.normal(shape, mean, stddev, dtype, seed)` computed at once, as the first call
/// of a kernel with op seed `seed` and no global seed (for initial values built outside a
/// kernel, such as `get_variable`'s).
pub fn random_normal(
    dims: &[i64],
    mean: f64,
    stddev: f64,
    dtype: DType,
    seed: Option<u64>,
) -> OpResult<Tensor> {
    let sample = standard_normal(dims, dtype, first_call_generator(seed))?;
    let scale = |value: f64| super::cast(&Tensor::scalar(value), dtype);
    let scaled = super::binary(super::BinaryOp::Mul, &sample, &scale(stddev)?)?;
    super::binary(super::BinaryOp::Add, &scaled, &scale(mean)?)
}

/// `tf.random.uniform(shape, minval, maxval, dtype, seed)` computed at once, like
/// [`random_normal`]: floats in `[minval, maxval)`, integers in `[minval, maxval)`.
pub fn random_uniform(
    dims: &[i64],
    minval: f64,
    maxval: f64,
    dtype: DType,
    seed: Option<u64>,
) -> OpResult<Tensor> {
    let generator = first_call_generator(seed);
    if dtype.is_integer() {
        let wide = if dtype == DType::Int64 {
            DType::Int64
        } else {
            DType::Int32
        };
        let values = uniform_int(
            &dims_checked(dims)?,
            minval as i64,
            maxval as i64,
            wide,
            generator,
        )?;
        return super::cast(&values, dtype);
    }
    if !dtype.is_floating() {
        return Err(OpError::python(
            ErrorClass::ValueError,
            format!("Invalid dtype tf.{} for tf.random.uniform", dtype.name()),
        ));
    }
    let sample = uniform(dims, dtype, generator)?;
    let scale = |value: f64| super::cast(&Tensor::scalar(value), dtype);
    let scaled = super::binary(super::BinaryOp::Mul, &sample, &scale(maxval - minval)?)?;
    super::binary(super::BinaryOp::Add, &scaled, &scale(minval)?)
}

fn dims_checked(dims: &[i64]) -> OpResult<Vec<i64>> {
    fill_shape(dims)?;
    Ok(dims.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills() {
        let zero = zeros(&[2, 2], DType::Float32).unwrap();
        assert_eq!(zero.as_slice::<f32>(), Some(&[0.0; 4][..]));
        let one = ones(&[3], DType::Int32).unwrap();
        assert_eq!(one.as_slice::<i32>(), Some(&[1, 1, 1][..]));
        let seven = fill(&[2, 2], &Tensor::scalar(7i32)).unwrap();
        assert_eq!(seven.as_slice::<i32>(), Some(&[7; 4][..]));
        let error = fill(&[-1], &Tensor::scalar(1.0f32)).unwrap_err();
        assert_eq!(
            error.eager_message("/job:localhost/replica:0/task:0/device:CPU:0"),
            "{{function_node __wrapped__Fill_device_/job:localhost/replica:0/task:0/device:CPU:0}} \
             Dimension -1 must be >= 0 [Op:Fill] name: "
        );
        assert!(zeros(&[i64::MAX, i64::MAX], DType::Float32).is_err());
    }

    #[test]
    fn ranges_match_tensorflow() {
        let r = range(0.0, 6.0, 1.0, DType::Int32).unwrap();
        assert_eq!(r.as_slice::<i32>(), Some(&[0, 1, 2, 3, 4, 5][..]));
        let r = range(1.0, 10.0, 3.0, DType::Int32).unwrap();
        assert_eq!(r.as_slice::<i32>(), Some(&[1, 4, 7][..]));
        let r = range(5.0, 0.0, -2.0, DType::Int32).unwrap();
        assert_eq!(r.as_slice::<i32>(), Some(&[5, 3, 1][..]));
        let r = range(0.0, 1.0, 0.25, DType::Float32).unwrap();
        assert_eq!(r.as_slice::<f32>(), Some(&[0.0, 0.25, 0.5, 0.75][..]));
        let error = range(5.0, 0.0, 1.0, DType::Int32).unwrap_err();
        assert_eq!(error.message, "Requires start <= limit when delta > 0: 5/0");
        let error = range(0.0, 10.0, 0.0, DType::Int32).unwrap_err();
        assert_eq!(error.message, "Requires delta != 0: 0");
    }

    #[test]
    fn random_shapes_and_seeds() {
        let r = random_normal(&[4, 5], 0.0, 1.0, DType::Float32, None).unwrap();
        assert_eq!((r.dims(), r.dtype()), (&[4usize, 5][..], DType::Float32));
        let a = random_uniform(&[3], 0.0, 1.0, DType::Float32, Some(7)).unwrap();
        let b = random_uniform(&[3], 0.0, 1.0, DType::Float32, Some(7)).unwrap();
        assert_eq!(a, b);
        assert!(a
            .as_slice::<f32>()
            .unwrap()
            .iter()
            .all(|v| (0.0..1.0).contains(v)));
        let ints = random_uniform(&[100], -2.0, 3.0, DType::Int32, Some(1)).unwrap();
        assert!(ints
            .as_slice::<i32>()
            .unwrap()
            .iter()
            .all(|v| (-2..3).contains(v)));
        assert!(random_normal(&[2], 0.0, 1.0, DType::Int32, None).is_err());
    }
}
