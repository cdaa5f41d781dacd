//! Tensors from nothing: `Fill` (`tf.fill`, `tf.zeros`, `tf.ones`), `Range` (`tf.range`),
//! and random normal/uniform values.
//!
//! Random values come from a seeded SplitMix64 generator, not TensorFlow's Philox: shapes and
//! dtypes match TensorFlow, values do not (programs that print random values differ from
//! real TensorFlow; programs that print only shapes/dtypes do not).

use std::cell::Cell;

use super::OpType;
use crate::tensor::dtype::DType;
use crate::tensor::error::{ErrorClass, OpError, OpResult};
use crate::tensor::limits;
use crate::tensor::shape::Shape;
use crate::tensor::tensor::{Tensor, TensorData};

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
    /// The global generator state when no seed is given (deterministic per thread).
    static GLOBAL_STATE: Cell<u64> = const { Cell::new(0x5EED_0F7E_450F_10AB) };
}

/// SplitMix64: small, fast, and good enough for emulated random tensors.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn generator(seed: Option<u64>) -> SplitMix64 {
    match seed {
        Some(seed) => SplitMix64(seed),
        None => GLOBAL_STATE.with(|state| {
            let mut stepper = SplitMix64(state.get());
            let seed = stepper.next_u64();
            state.set(stepper.0);
            SplitMix64(seed)
        }),
    }
}

/// `tf.random.normal(shape, mean, stddev, dtype, seed)` (float dtypes). Values differ from
/// TensorFlow's; see the module documentation.
pub fn random_normal(
    dims: &[i64],
    mean: f64,
    stddev: f64,
    dtype: DType,
    seed: Option<u64>,
) -> OpResult<Tensor> {
    if !dtype.is_floating() {
        return Err(OpError::dispatch(
            ErrorClass::InvalidArgument,
            OpType::RandomStandardNormal,
            format!("Value for attr 'dtype' of {} is not in the list of allowed values: half, bfloat16, float, double", dtype.kernel_name()),
        ));
    }
    let shape = fill_shape(dims)?;
    let count = limits::check_elements(&shape)?;
    let mut rng = generator(seed);
    let values: Vec<f64> = (0..count)
        .map(|_| {
            // Box-Muller.
            let u1 = rng.next_f64().max(f64::MIN_POSITIVE);
            let u2 = rng.next_f64();
            mean + stddev * (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
        })
        .collect();
    float_tensor(shape, values, dtype)
}

/// `tf.random.uniform(shape, minval, maxval, dtype, seed)`: floats in `[minval, maxval)`,
/// integers in `[minval, maxval)` (which must then be non-empty).
pub fn random_uniform(
    dims: &[i64],
    minval: f64,
    maxval: f64,
    dtype: DType,
    seed: Option<u64>,
) -> OpResult<Tensor> {
    let shape = fill_shape(dims)?;
    let count = limits::check_elements(&shape)?;
    let mut rng = generator(seed);
    if dtype.is_integer() {
        let (low, high) = (minval as i64, maxval as i64);
        if high <= low {
            return Err(OpError::invalid_argument(
                OpType::RandomUniform,
                format!("Need minval < maxval, got {low} >= {high}"),
            ));
        }
        let span = high.abs_diff(low);
        let values: Vec<i64> = (0..count)
            .map(|_| low.wrapping_add((rng.next_u64() % span) as i64))
            .collect();
        let wide = Tensor::new(DType::Int64, shape, TensorData::Int64(values))?;
        return super::cast(&wide, dtype);
    }
    if !dtype.is_floating() {
        return Err(OpError::python(
            ErrorClass::ValueError,
            format!("Invalid dtype tf.{} for tf.random.uniform", dtype.name()),
        ));
    }
    let values = (0..count)
        .map(|_| minval + (maxval - minval) * rng.next_f64())
        .collect();
    float_tensor(shape, values, dtype)
}

fn float_tensor(shape: Shape, values: Vec<f64>, dtype: DType) -> OpResult<Tensor> {
    let data = match dtype {
        DType::Float64 => TensorData::Float64(values),
        _ => TensorData::Float32(values.into_iter().map(|v| v as f32).collect()),
    };
    Tensor::new(dtype, shape, data)
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
             Dimension -1 must be >= 0 [Op:Fill]"
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
