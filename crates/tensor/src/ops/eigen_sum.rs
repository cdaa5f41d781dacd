//! Float sums in the order TensorFlow's CPU `Sum` and `Mean` kernels add, so float32 results
//! match to the last bit.
//!
//! TensorFlow (`reduction_ops_common.h`) first collapses adjacent axes that are all reduced
//! or all kept (size-1 axes join the run before them), then runs one of Eigen's reductions
//! (`TensorReduction.h`, AVX build: packets of 8 floats or 4 doubles):
//! - everything (one run, reduced): the inner-most-dimension reducer over all elements;
//! - `[rows, cols]` reducing `cols`: that reducer per row;
//! - `[rows, cols]` reducing `rows`: column sums row by row, in four interleaved partial
//!   sums (rows `j % 4`) when there are at least 16 rows and the column starts a full packet
//!   of columns, else one running sum;
//! - `[a, b, c]` reducing `a` and `c`: one running sum per `b`, over `c` outside and `a`
//!   inside (Eigen's generic reducer walks the last reduced axis outermost);
//! - `[a, b, c]` reducing `b`: as the 2-D column case within each `a`;
//! - anything else: transposed so the reduced axes are last, then the per-row reducer.
//!
//! The inner-most-dimension reducer splits inputs longer than 1024 packets in two (at a
//! packet boundary) and adds the halves; shorter runs go through four packet accumulators,
//! then one, then a scalar tail, and end with `tail + horizontal sum of the packet`.
//! Eigen's full reductions of very large tensors (hundreds of thousands of elements) are
//! also split across the thread pool; that split depends on the machine and is not modelled.

use std::ops::Add;

/// A float type Eigen reduces in packets.
pub(crate) trait PacketFloat: Copy + Add<Output = Self> + PartialEq {
    /// Lanes per AVX packet.
    const PACKET: usize;
    /// Zero.
    const ZERO: Self;
    /// Eigen's `predux` of one packet (`lanes.len() == PACKET`).
    fn horizontal_sum(lanes: &[Self]) -> Self;
    /// A count as C++'s `static_cast` from an integer makes it (round to nearest).
    fn from_count(count: usize) -> Self;
}

impl PacketFloat for f32 {
    const PACKET: usize = 8;
    const ZERO: f32 = 0.0;
    fn horizontal_sum(a: &[f32]) -> f32 {
        // lo + hi (128-bit halves), then movehl, then movehdup.
        let b = [a[0] + a[4], a[1] + a[5], a[2] + a[6], a[3] + a[7]];
        (b[0] + b[2]) + (b[1] + b[3])
    }
    fn from_count(count: usize) -> f32 {
        count as f32
    }
}

impl PacketFloat for f64 {
    const PACKET: usize = 4;
    const ZERO: f64 = 0.0;
    fn horizontal_sum(a: &[f64]) -> f64 {
        (a[0] + a[2]) + (a[1] + a[3])
    }
    fn from_count(count: usize) -> f64 {
        count as f64
    }
}

/// Eigen's `LeafSize` for float and double: runs longer than this many packets split.
const LEAF_PACKETS: usize = 1024;

fn add_packet<T: PacketFloat>(accumulator: &mut [T], values: &[T]) {
    for (lane, value) in accumulator.iter_mut().zip(values) {
        *lane = *lane + *value;
    }
}

/// `InnerMostDimReducer` (vectorised, tree): the sum of `values[first..first + count]`.
pub(crate) fn inner_most<T: PacketFloat>(values: &[T], first: usize, count: usize) -> T {
    let packet = T::PACKET;
    if count > packet * LEAF_PACKETS {
        let split = packet * (first + count.div_ceil(2)).div_ceil(packet);
        let left = (split - first).min(count);
        let mut sum = T::ZERO + inner_most(values, first, left);
        if left < count {
            sum = sum + inner_most(values, split, count - left);
        }
        return sum;
    }
    let run = &values[first..first + count];
    let mut accumulators = vec![T::ZERO; packet];
    let mut start = 0;
    if count >= 4 * packet {
        let vectorized = count / (4 * packet) * (4 * packet);
        let mut extra = vec![vec![T::ZERO; packet]; 3];
        for chunk in run[..vectorized].chunks_exact(4 * packet) {
            add_packet(&mut accumulators, &chunk[..packet]);
            for (index, partial) in extra.iter_mut().enumerate() {
                add_packet(partial, &chunk[(index + 1) * packet..(index + 2) * packet]);
            }
        }
        for partial in &extra {
            let copy = accumulators.clone();
            for ((lane, old), value) in accumulators.iter_mut().zip(copy).zip(partial) {
                *lane = old + *value;
            }
        }
        start = vectorized;
    }
    if count >= packet && start <= count - packet {
        let vectorized = count / packet * packet;
        for chunk in run[start..vectorized].chunks_exact(packet) {
            add_packet(&mut accumulators, chunk);
        }
        start = vectorized;
    }
    let mut tail = T::ZERO;
    for value in &run[start..] {
        tail = tail + *value;
    }
    tail + T::horizontal_sum(&accumulators)
}

/// Eigen's `InnerMostDimPreserver` on one lane: the sum of `rows` values `stride` apart
/// from `first`, four interleaved partial sums when there are at least 16.
fn preserved_lane<T: PacketFloat>(values: &[T], first: usize, rows: usize, stride: usize) -> T {
    let at = |row: usize| values[first + row * stride];
    if rows < 16 {
        return sequential(values, first, rows, stride);
    }
    let unrolled = rows / 4 * 4;
    let mut partial = [T::ZERO; 4];
    for row in (0..unrolled).step_by(4) {
        for (offset, sum) in partial.iter_mut().enumerate() {
            *sum = *sum + at(row + offset);
        }
    }
    let mut sum = ((partial[0] + partial[1]) + partial[2]) + partial[3];
    for row in unrolled..rows {
        sum = sum + at(row);
    }
    sum
}

/// One running sum of `rows` values `stride` apart (Eigen's generic reducer).
fn sequential<T: PacketFloat>(values: &[T], first: usize, rows: usize, stride: usize) -> T {
    (0..rows).fold(T::ZERO, |sum, row| sum + values[first + row * stride])
}

/// TensorFlow's `ReductionHelper`: the input's dimensions collapsed into alternating runs
/// of reduced and kept axes, and whether the first run is reduced.
fn collapse(dims: &[usize], reduced: &[bool]) -> (Vec<usize>, bool) {
    let Some(start) = dims.iter().position(|&dim| dim != 1) else {
        return (Vec::new(), true);
    };
    let mut flags = reduced.to_vec();
    let mut runs = vec![dims[start]];
    for axis in start + 1..dims.len() {
        if dims[axis] == 1 {
            flags[axis] = flags[axis - 1];
        }
        if flags[axis] != flags[axis - 1] {
            runs.push(dims[axis]);
        } else if let Some(last) = runs.last_mut() {
            *last *= dims[axis];
        }
    }
    (runs, flags[start])
}

/// The sums TensorFlow's CPU `Sum` kernel computes: `values` (row-major, of `dims`) summed
/// over the axes flagged in `reduced`, one sum per output element in row-major order.
pub(crate) fn tf_sum<T: PacketFloat>(values: &[T], dims: &[usize], reduced: &[bool]) -> Vec<T> {
    let (runs, reduce_first) = collapse(dims, reduced);
    match (runs.as_slice(), reduce_first) {
        ([], _) => values.to_vec(),
        ([_], false) => values.to_vec(),
        ([count], true) => vec![inner_most(values, 0, *count)],
        ([rows, cols], false) => (0..*rows)
            .map(|row| inner_most(values, row * cols, *cols))
            .collect(),
        ([rows, cols], true) => preserved_sums(values, 1, *rows, *cols),
        ([outer, middle, inner], true) => (0..*middle)
            .map(|j| {
                let mut sum = T::ZERO;
                for k in 0..*inner {
                    for i in 0..*outer {
                        sum = sum + values[(i * middle + j) * inner + k];
                    }
                }
                sum
            })
            .collect(),
        ([outer, middle, inner], false) => preserved_sums(values, *outer, *middle, *inner),
        _ => transposed_sums(values, &runs, reduce_first),
    }
}

/// Sums over the middle axis of `[outer, rows, inner]`, one per `(outer, inner)` output in
/// row-major order. Eigen's executor takes the outputs eight at a time (four for double):
/// a group whose outputs lie within one row of `inner` uses the packet path, any other
/// group and the last partial group one running sum each.
fn preserved_sums<T: PacketFloat>(values: &[T], outer: usize, rows: usize, inner: usize) -> Vec<T> {
    let packet = T::PACKET;
    let total = outer * inner;
    (0..total)
        .map(|output| {
            let (i, k) = (output / inner, output % inner);
            let first = i * rows * inner + k;
            let group = output - output % packet;
            if group + packet <= total && group % inner + packet <= inner {
                preserved_lane(values, first, rows, inner)
            } else {
                sequential(values, first, rows, inner)
            }
        })
        .collect()
}

/// The general case: kept runs first, reduced runs last, then one inner-most reduction per
/// output over its reduced elements in row-major order.
fn transposed_sums<T: PacketFloat>(values: &[T], runs: &[usize], reduce_first: bool) -> Vec<T> {
    let is_reduced = |index: usize| index.is_multiple_of(2) == reduce_first;
    let kept: Vec<usize> = (0..runs.len()).filter(|&i| !is_reduced(i)).collect();
    let gone: Vec<usize> = (0..runs.len()).filter(|&i| is_reduced(i)).collect();
    let mut strides = vec![1usize; runs.len()];
    for axis in (0..runs.len().saturating_sub(1)).rev() {
        strides[axis] = strides[axis + 1] * runs[axis + 1];
    }
    let order: Vec<usize> = kept.iter().chain(&gone).copied().collect();
    let total: usize = runs.iter().product();
    let mut shuffled = Vec::with_capacity(total);
    let mut counter = vec![0usize; order.len()];
    for _ in 0..total {
        let flat: usize = order
            .iter()
            .zip(&counter)
            .map(|(&axis, &position)| position * strides[axis])
            .sum();
        shuffled.push(values[flat]);
        for slot in (0..order.len()).rev() {
            counter[slot] += 1;
            if counter[slot] < runs[order[slot]] {
                break;
            }
            counter[slot] = 0;
        }
    }
    let reduced_count: usize = gone.iter().map(|&axis| runs[axis]).product();
    let outputs = total.checked_div(reduced_count).unwrap_or(0);
    (0..outputs)
        .map(|row| inner_most(&shuffled, row * reduced_count, reduced_count))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collapses_runs_as_tensorflow_does() {
        assert_eq!(
            collapse(&[4, 6, 50], &[true, true, false]),
            (vec![24, 50], true)
        );
        assert_eq!(collapse(&[1, 2, 3], &[false, true, true]), (vec![6], true));
        assert_eq!(
            collapse(&[2, 1, 3], &[false, true, true]),
            (vec![2, 3], false)
        );
        assert_eq!(collapse(&[1, 1], &[true, true]), (vec![], true));
    }

    #[test]
    fn packet_sums_combine_lanes_in_eigens_order() {
        let values: Vec<f32> = (0..37).map(|i| 1.0 / (i as f32 + 1.0)).collect();
        let expected = {
            let mut lanes = [0f32; 8];
            let mut extra = [[0f32; 8]; 3];
            for lane in 0..8 {
                lanes[lane] = values[lane];
                for (k, partial) in extra.iter_mut().enumerate() {
                    partial[lane] = values[(k + 1) * 8 + lane];
                }
                lanes[lane] = ((lanes[lane] + extra[0][lane]) + extra[1][lane]) + extra[2][lane];
            }
            let tail =
                ((((0f32 + values[32]) + values[33]) + values[34]) + values[35]) + values[36];
            tail + f32::horizontal_sum(&lanes)
        };
        assert_eq!(inner_most(&values, 0, 37), expected);
        let column = tf_sum(&values[..36], &[36, 1], &[true, false]);
        assert_eq!(column.len(), 1);
    }
}
