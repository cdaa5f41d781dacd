//! Sampling kernels that draw a varying number of words per value: `RandomShuffle`
//! (`tf.random.shuffle`) and `Multinomial` (`tf.random.categorical`), as TensorFlow's CPU
//! kernels draw them (`shuffle_common.h`, `multinomial_op.cc`).

use super::OpType;
use crate::random::{Philox, SingleSample};
use crate::{limits, DType, OpError, OpResult, Shape, Tensor, TensorData};

/// How many slices `RandomShuffle` permutes: none when `value` has at most one element or
/// one slice (TensorFlow then passes it through without drawing).
fn shuffled_slices(value: &Tensor) -> usize {
    let size = value.dims().first().copied().unwrap_or(0);
    if value.num_elements() <= 1 || size <= 1 {
        0
    } else {
        size
    }
}

/// How many 128-bit samples `RandomShuffle` reserves for `value`:
/// `ReserveSamples32(size - 1)`, none when it draws nothing.
pub fn shuffle_reserved_blocks(value: &Tensor) -> u64 {
    (shuffled_slices(value).saturating_sub(1) as u64).div_ceil(4)
}

/// `RandomShuffle`: `value`'s slices along the first dimension in an order drawn from
/// `generator` (TensorFlow's `ShuffleRange`: position `i` swaps with `i + word % (n - i)`).
pub fn random_shuffle(value: &Tensor, generator: Philox) -> OpResult<Tensor> {
    let size = shuffled_slices(value);
    if size == 0 {
        return Ok(value.clone());
    }
    let mut words = SingleSample::new(generator);
    let mut order: Vec<i64> = (0..size as i64).collect();
    for i in 0..size - 1 {
        let remaining = (size - i) as u32;
        let j = i + (words.next_u32() % remaining) as usize;
        order.swap(i, j);
    }
    let indices = Tensor::from_vec(Shape::new(vec![size]), order)?;
    super::gather(value, &indices, 0)
}

/// The number of values `Multinomial` reserves for `batch` rows of `samples` draws:
/// `ReserveRandomOutputs(batch * ceil4(samples) * 2, 256)` (two words per double).
pub fn multinomial_reserved_outputs(batch: usize, samples: usize) -> u64 {
    (batch as u64)
        .saturating_mul(samples.div_ceil(4) as u64 * 4)
        .saturating_mul(2)
}

/// `Multinomial`: `samples` class indices per row of `logits` (`[batch, classes]`), drawn
/// by inverting each row's unnormalised CDF (in double, shifted by the row's finite
/// maximum) at a uniform double; rows draw from one stream in order, as one shard does.
pub fn multinomial(
    logits: &Tensor,
    samples: i64,
    output: DType,
    generator: Philox,
) -> OpResult<Tensor> {
    let error = |message: String| OpError::invalid_argument(OpType::Multinomial, message);
    let dims = logits.dims();
    if dims.len() != 2 {
        return Err(error(format!(
            "logits should be a matrix, got shape {}",
            logits.shape().to_tf_list()
        )));
    }
    if samples < 0 {
        return Err(error(format!(
            "num_samples should be non-negative, got {samples}"
        )));
    }
    let (batch, classes) = (dims[0], dims[1]);
    if classes == 0 {
        return Err(error(format!(
            "num_classes should be positive, got {classes}"
        )));
    }
    let samples = samples as usize;
    let shape = Shape::new(vec![batch, samples]);
    limits::check_elements(&shape)?;
    let values = logits
        .to_f64_vec()
        .ok_or_else(|| error("logits must be a floating point tensor".to_string()))?;
    let mut words = SingleSample::new(generator);
    let mut drawn = Vec::with_capacity(batch * samples);
    let mut cdf = vec![0.0f64; classes];
    if batch * samples > 0 {
        for row in values.chunks(classes) {
            // TensorFlow starts the maximum at the dtype's lowest value.
            let lowest = match logits.dtype() {
                DType::Float64 => f64::MIN,
                DType::Float16 => -65504.0,
                _ => f64::from(f32::MIN),
            };
            let max = row
                .iter()
                .copied()
                .filter(|logit| logit.is_finite())
                .fold(lowest, f64::max);
            let mut total = 0.0;
            for (slot, logit) in cdf.iter_mut().zip(row) {
                if logit.is_finite() {
                    total += (logit - max).exp();
                }
                *slot = total;
            }
            for _ in 0..samples {
                let target = words.next_double() * total;
                drawn.push(cdf.partition_point(|value| *value <= target) as i64);
            }
        }
    }
    match output {
        DType::Int32 => Tensor::new(
            output,
            shape,
            TensorData::Int32(drawn.into_iter().map(|v| v as i32).collect()),
        ),
        _ => Tensor::new(DType::Int64, shape, TensorData::Int64(drawn)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shuffle_is_a_permutation() {
        let value = Tensor::from_vec(Shape::new(vec![10]), (0..10i64).collect()).unwrap();
        let shuffled = random_shuffle(&value, Philox::new(1, 2)).unwrap();
        let mut seen = shuffled.to_i64_vec().unwrap();
        assert_ne!(seen, (0..10).collect::<Vec<_>>());
        seen.sort();
        assert_eq!(seen, (0..10).collect::<Vec<_>>());
    }

    #[test]
    fn multinomial_never_draws_an_impossible_class() {
        let logits = Tensor::from_vec(
            Shape::new(vec![2, 3]),
            vec![
                0.0f32,
                f32::NEG_INFINITY,
                0.0,
                f32::NEG_INFINITY,
                5.0,
                f32::NEG_INFINITY,
            ],
        )
        .unwrap();
        let drawn = multinomial(&logits, 50, DType::Int64, Philox::new(3, 4)).unwrap();
        let drawn = drawn.to_i64_vec().unwrap();
        assert!(drawn[..50].iter().all(|class| *class == 0 || *class == 2));
        assert!(drawn[50..].iter().all(|class| *class == 1));
    }
}
