//! `tf.pad`: `Pad` (zeros), `PadV2` (a constant) and `MirrorPad` (`REFLECT` or
//! `SYMMETRIC`), with TensorFlow's checks of the `[rank, 2]` paddings matrix, and the
//! gradient of the constant pads (the slice of the output gradient the input came from).

use super::OpType;
use crate::error::{OpError, OpResult};
use crate::limits;
use crate::shape::Shape;
use crate::tensor::{Tensor, TensorData};

/// How `tf.pad` fills the new elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PadMode {
    /// A constant (`Pad` for zero, `PadV2` for any other value).
    Constant,
    /// Mirror without repeating the edge (`MirrorPad`, `mode="REFLECT"`).
    Reflect,
    /// Mirror repeating the edge (`MirrorPad`, `mode="SYMMETRIC"`).
    Symmetric,
}

impl PadMode {
    /// The `mode` attr of `MirrorPad` (`REFLECT`, `SYMMETRIC`); `CONSTANT` otherwise.
    pub fn attr(self) -> &'static str {
        match self {
            PadMode::Constant => "CONSTANT",
            PadMode::Reflect => "REFLECT",
            PadMode::Symmetric => "SYMMETRIC",
        }
    }
}

/// Reads and checks the paddings matrix: one `(before, after)` pair per input dimension.
fn padding_pairs(
    op: OpType,
    mode: PadMode,
    input: &Tensor,
    paddings: &Tensor,
) -> OpResult<Vec<(usize, usize)>> {
    let pad_dims = paddings.dims();
    if pad_dims.len() != 2 || pad_dims[1] != 2 {
        return Err(OpError::invalid_argument(
            op,
            format!(
                "paddings must be a matrix with 2 columns: {}",
                paddings.shape().to_tf_list()
            ),
        ));
    }
    if pad_dims[0] != input.rank() {
        let separator = if op == OpType::MirrorPad { ", " } else { " " };
        return Err(OpError::invalid_argument(
            op,
            format!(
                "The first dimension of paddings must be the rank of inputs{}{separator}{}",
                paddings.shape().to_tf_list(),
                input.shape().to_tf_list()
            ),
        ));
    }
    let values = paddings
        .to_i64_vec()
        .ok_or_else(|| OpError::invalid_argument(op, "paddings must be integers"))?;
    let mut pairs = Vec::with_capacity(input.rank());
    for (axis, pair) in values.chunks_exact(2).enumerate() {
        let (before, after) = (pair[0], pair[1]);
        if before < 0 || after < 0 {
            let text = if op == OpType::MirrorPad {
                "paddings must be non-negative"
            } else {
                "Paddings must be non-negative"
            };
            return Err(OpError::invalid_argument(
                op,
                format!("{text}: {before} {after}"),
            ));
        }
        let size = input.dims()[axis] as i64;
        if op == OpType::MirrorPad {
            check_mirror(mode, before, after, size)?;
        }
        let to_usize = |value: i64| {
            usize::try_from(value).map_err(|_| OpError::invalid_argument(op, "padding too large"))
        };
        pairs.push((to_usize(before)?, to_usize(after)?));
    }
    Ok(pairs)
}

/// `MirrorPad`'s bound on each padding: `REFLECT` below the dimension, `SYMMETRIC` at most it.
fn check_mirror(mode: PadMode, before: i64, after: i64, size: i64) -> OpResult<()> {
    let op = OpType::MirrorPad;
    match mode {
        PadMode::Reflect if before >= size || after >= size => Err(OpError::invalid_argument(
            op,
            format!(
                "paddings must be less than the dimension size: {before}, {after} not less than {size}"
            ),
        )),
        PadMode::Symmetric if before > size || after > size => Err(OpError::invalid_argument(
            op,
            format!(
                "paddings must be no greater than the dimension size: {before}, {after} greater \
                 than {size}"
            ),
        )),
        _ => Ok(()),
    }
}

/// `Pad` / `PadV2` / `MirrorPad`: `input` grown by `paddings` (`[rank, 2]` integers), new
/// elements set to `constant` (a scalar of the input's dtype; zero when `None`) or mirrored.
pub fn pad(
    input: &Tensor,
    paddings: &Tensor,
    constant: Option<&Tensor>,
    mode: PadMode,
) -> OpResult<Tensor> {
    let op = match (mode, constant) {
        (PadMode::Constant, None) => OpType::Pad,
        (PadMode::Constant, Some(_)) => OpType::PadV2,
        _ => OpType::MirrorPad,
    };
    let pairs = padding_pairs(op, mode, input, paddings)?;
    if let Some(constant) = constant {
        if constant.rank() != 0 {
            return Err(OpError::invalid_argument(
                op,
                format!(
                    "constant_values must be a scalar. Found: {}",
                    constant.shape().to_tf_list()
                ),
            ));
        }
        super::support::expect_dtype(op, 2, input.dtype(), constant.dtype())?;
    }
    let out_dims: Vec<usize> = input
        .dims()
        .iter()
        .zip(&pairs)
        .map(|(&size, &(before, after))| size.saturating_add(before).saturating_add(after))
        .collect();
    let out_shape = Shape::new(out_dims);
    let count = limits::check_elements(&out_shape)?;
    let fill = match constant {
        Some(constant) => constant.data().clone(),
        None => TensorData::zeros(input.dtype(), 1),
    };
    if mode == PadMode::Constant {
        let runs = constant_pad_runs(input.dims(), &pairs);
        let data = input
            .data()
            .filled_with_runs(&fill, count, runs)
            .ok_or_else(|| super::support::internal(op, "pad storage"))?;
        return Tensor::new(input.dtype(), out_shape, data);
    }
    let sources = pad_sources(input.dims(), &pairs, mode, count);
    let picks: Vec<(usize, usize)> = sources
        .iter()
        .map(|source| source.map_or((1, 0), |flat| (0, flat)))
        .collect();
    let data = TensorData::gather_parts(&[input.data(), &fill], &picks)
        .ok_or_else(|| super::support::internal(op, "pad storage"))?;
    Tensor::new(input.dtype(), out_shape, data)
}

/// The rows of a constant pad: for each innermost row of the input, `(input start, output
/// start, row length)`, so the kernel copies rows over the fill instead of single elements.
fn constant_pad_runs(
    dims: &[usize],
    pairs: &[(usize, usize)],
) -> impl Iterator<Item = (usize, usize, usize)> {
    let out_dims: Vec<usize> = dims
        .iter()
        .zip(pairs)
        .map(|(&size, &(before, after))| size + before + after)
        .collect();
    let out_strides = Shape::new(out_dims).strides();
    let row = dims.last().copied().unwrap_or(1);
    let outer: Vec<usize> = dims
        .split_last()
        .map_or(Vec::new(), |(_, outer)| outer.to_vec());
    let rows = if row == 0 {
        0
    } else {
        outer.iter().product::<usize>()
    };
    let inner_offset = pairs.last().map_or(0, |pair| pair.0);
    let pairs = pairs.to_vec();
    let mut counter = vec![0usize; outer.len()];
    (0..rows).map(move |index| {
        let start: usize = counter
            .iter()
            .enumerate()
            .map(|(axis, &position)| (position + pairs[axis].0) * out_strides[axis])
            .sum();
        for axis in (0..counter.len()).rev() {
            counter[axis] += 1;
            if counter[axis] < outer[axis] {
                break;
            }
            counter[axis] = 0;
        }
        (index * row, start + inner_offset, row)
    })
}

/// For each of the `count` output elements, the flat input index it copies (`None` for a
/// constant element).
fn pad_sources(
    dims: &[usize],
    pairs: &[(usize, usize)],
    mode: PadMode,
    count: usize,
) -> Vec<Option<usize>> {
    let out_dims: Vec<usize> = dims
        .iter()
        .zip(pairs)
        .map(|(&size, &(before, after))| size.saturating_add(before).saturating_add(after))
        .collect();
    let strides = Shape::new(dims.to_vec()).strides();
    let offset = usize::from(mode == PadMode::Reflect);
    let mut sources = Vec::with_capacity(count);
    let mut counter = vec![0usize; out_dims.len()];
    for _ in 0..count {
        let mut flat = Some(0usize);
        for (axis, &position) in counter.iter().enumerate() {
            let (before, size) = (pairs[axis].0, dims[axis]);
            let source = if position < before {
                (mode != PadMode::Constant).then(|| before - position - 1 + offset)
            } else if position - before < size {
                Some(position - before)
            } else {
                let beyond = position - before - size;
                (mode != PadMode::Constant).then(|| size - 1 - beyond - offset)
            };
            flat = flat
                .zip(source)
                .map(|(flat, source)| flat + source * strides[axis]);
        }
        sources.push(flat);
        for axis in (0..out_dims.len()).rev() {
            counter[axis] += 1;
            if counter[axis] < out_dims[axis] {
                break;
            }
            counter[axis] = 0;
        }
    }
    sources
}

/// `MirrorPadGrad`: each input element's gradient is the sum of the output gradients of
/// the elements copied from it (itself and its mirror images), added in output order.
pub fn mirror_pad_grad(
    input_dims: &[usize],
    grad: &Tensor,
    paddings: &Tensor,
    mode: PadMode,
) -> OpResult<Tensor> {
    let op = OpType::MirrorPad;
    let shape = Shape::new(input_dims.to_vec());
    let zeros = Tensor::new(
        grad.dtype(),
        shape.clone(),
        TensorData::zeros(grad.dtype(), shape.num_elements().unwrap_or(0)),
    )?;
    let pairs = padding_pairs(op, mode, &zeros, paddings)?;
    let sources = pad_sources(input_dims, &pairs, mode, grad.num_elements());
    let data = match grad.data() {
        TensorData::Float32(values) => {
            let mut sums = vec![0f32; zeros.num_elements()];
            for (source, value) in sources.iter().zip(values) {
                if let Some(index) = source {
                    sums[*index] += value;
                }
            }
            TensorData::Float32(sums)
        }
        TensorData::Float64(values) => {
            let mut sums = vec![0f64; zeros.num_elements()];
            for (source, value) in sources.iter().zip(values) {
                if let Some(index) = source {
                    sums[*index] += value;
                }
            }
            TensorData::Float64(sums)
        }
        _ => return Err(super::support::internal(op, "gradient of a non-float pad")),
    };
    Tensor::new(grad.dtype(), shape, data)
}

/// The gradient of a constant pad: the part of `grad` that lies over the input.
pub fn pad_grad(grad: &Tensor, paddings: &Tensor) -> OpResult<Tensor> {
    let values = paddings
        .to_i64_vec()
        .ok_or_else(|| OpError::invalid_argument(OpType::Pad, "paddings must be integers"))?;
    let specs: Vec<super::SliceSpec> = values
        .chunks_exact(2)
        .zip(grad.dims())
        .map(|(pair, &size)| super::SliceSpec::Range {
            start: Some(pair[0]),
            stop: Some(size as i64 - pair[1]),
            step: None,
        })
        .collect();
    super::slice(grad, &specs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matrix(values: Vec<f32>) -> Tensor {
        Tensor::from_vec(Shape::new(vec![2, 2]), values).unwrap()
    }

    fn paddings(values: Vec<i32>) -> Tensor {
        Tensor::from_vec(Shape::new(vec![values.len() / 2, 2]), values).unwrap()
    }

    #[test]
    fn constant_reflect_and_symmetric_pads() {
        let a = matrix(vec![1., 2., 3., 4.]);
        let zeros = pad(&a, &paddings(vec![1, 0, 0, 2]), None, PadMode::Constant).unwrap();
        assert_eq!(zeros.dims(), &[3, 4]);
        assert_eq!(
            zeros.as_slice::<f32>().unwrap(),
            &[0., 0., 0., 0., 1., 2., 0., 0., 3., 4., 0., 0.]
        );
        let reflect = pad(&a, &paddings(vec![1, 1, 1, 1]), None, PadMode::Reflect).unwrap();
        assert_eq!(
            &reflect.as_slice::<f32>().unwrap()[..8],
            &[4., 3., 4., 3., 2., 1., 2., 1.]
        );
        let symmetric = pad(&a, &paddings(vec![0, 0, 2, 2]), None, PadMode::Symmetric).unwrap();
        assert_eq!(
            &symmetric.as_slice::<f32>().unwrap()[..6],
            &[2., 1., 1., 2., 2., 1.]
        );
        let seven = Tensor::scalar(7f32);
        let sevens = pad(
            &a,
            &paddings(vec![0, 0, 1, 0]),
            Some(&seven),
            PadMode::Constant,
        )
        .unwrap();
        assert_eq!(sevens.as_slice::<f32>().unwrap(), &[7., 1., 2., 7., 3., 4.]);
    }

    #[test]
    fn constant_pad_rows_agree_with_element_sources() {
        type Case = (&'static [usize], &'static [(usize, usize)]);
        let cases: &[Case] = &[
            (&[], &[]),
            (&[3], &[(2, 1)]),
            (&[2, 0, 3], &[(1, 0), (1, 1), (0, 2)]),
            (&[2, 3, 4], &[(0, 1), (2, 0), (1, 3)]),
            (&[1, 2, 2, 3], &[(0, 0), (3, 3), (3, 3), (0, 0)]),
        ];
        for &(dims, pairs) in cases {
            let count: usize = dims.iter().zip(pairs).map(|(d, p)| d + p.0 + p.1).product();
            let size: usize = dims.iter().product();
            let values: Vec<i32> = (1..=size as i32).collect();
            let input = TensorData::Int32(values.clone());
            let rows = input
                .filled_with_runs(
                    &TensorData::Int32(vec![0]),
                    count,
                    constant_pad_runs(dims, pairs),
                )
                .unwrap();
            let expected: Vec<i32> = pad_sources(dims, pairs, PadMode::Constant, count)
                .iter()
                .map(|source| source.map_or(0, |flat| values[flat]))
                .collect();
            assert_eq!(rows, TensorData::Int32(expected), "{dims:?} {pairs:?}");
        }
    }

    #[test]
    fn checks_paddings_as_tensorflow_does() {
        let a = matrix(vec![1., 2., 3., 4.]);
        let error = pad(&a, &paddings(vec![1, 1]), None, PadMode::Constant).unwrap_err();
        assert_eq!(
            error.message,
            "The first dimension of paddings must be the rank of inputs[1,2] [2,2]"
        );
        let error = pad(&a, &paddings(vec![-1, 0, 0, 0]), None, PadMode::Constant).unwrap_err();
        assert_eq!(error.message, "Paddings must be non-negative: -1 0");
        let error = pad(&a, &paddings(vec![3, 0, 0, 0]), None, PadMode::Reflect).unwrap_err();
        assert_eq!(
            error.message,
            "paddings must be less than the dimension size: 3, 0 not less than 2"
        );
        let error = pad(&a, &paddings(vec![3, 0, 0, 0]), None, PadMode::Symmetric).unwrap_err();
        assert_eq!(
            error.message,
            "paddings must be no greater than the dimension size: 3, 0 greater than 2"
        );
    }
}
