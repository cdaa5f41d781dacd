//! Data movement: `Reshape`, `Transpose`, `ConcatV2`, `Pack` (stack), `ExpandDims`,
//! `Squeeze`, `GatherV2`, `StridedSlice` (Python indexing), `OneHot`, `SelectV2` (3-arg
//! `tf.where`), `Where` (1-arg `tf.where`) and `Identity`.
//!
//! Movement kernels compute the source index of every output element and copy through
//! `TensorData::take`, so they work for every dtype, strings included.

use super::support::{expect_dtype, internal, BroadcastIndices};
use super::OpType;
use crate::dtype::DType;
use crate::error::{ErrorClass, OpError, OpResult};
use crate::limits;
use crate::shape::Shape;
use crate::tensor::{Tensor, TensorData};

/// `tf.identity`: the same value (storage shared).
pub fn identity(input: &Tensor) -> Tensor {
    input.clone()
}

/// `tf.reshape` with at most one `-1`.
pub fn reshape(input: &Tensor, shape: &[i64]) -> OpResult<Tensor> {
    let target = input
        .shape()
        .reshape_target(shape)
        .map_err(|error| OpError::invalid_argument(OpType::Reshape, error.message()))?;
    input.with_shape(target)
}

/// `tf.transpose(input, perm)`; `perm = None` reverses the axes.
pub fn transpose(input: &Tensor, perm: Option<&[i64]>) -> OpResult<Tensor> {
    let rank = input.rank();
    let perm: Vec<i64> = match perm {
        Some(perm) => perm.to_vec(),
        None => (0..rank as i64).rev().collect(),
    };
    if perm.len() != rank {
        return Err(OpError::invalid_argument(
            OpType::Transpose,
            format!(
                "transpose expects a vector of size {rank}. But input(1) is a vector of size {}",
                perm.len()
            ),
        ));
    }
    let mut seen = vec![false; rank];
    for &axis in &perm {
        if let Some(slot) = usize::try_from(axis)
            .ok()
            .and_then(|axis| seen.get_mut(axis))
        {
            *slot = true;
        }
    }
    if let Some(missing) = seen.iter().position(|&present| !present) {
        let listed: Vec<String> = perm.iter().map(i64::to_string).collect();
        return Err(OpError::invalid_argument(
            OpType::Transpose,
            format!("{missing} is missing from {{{}}}.", listed.join(",")),
        ));
    }
    let axes: Vec<usize> = perm.iter().map(|&axis| axis as usize).collect();
    let dims = input.dims();
    let output_shape = Shape::new(axes.iter().map(|&axis| dims[axis]).collect());
    let input_strides = input.shape().strides();
    let strides: Vec<usize> = axes.iter().map(|&axis| input_strides[axis]).collect();
    let indices = strided_indices(output_shape.dims(), &strides, 0);
    Tensor::new(input.dtype(), output_shape, input.data().take(&indices))
}

/// `tf.tile(input, multiples)`: each dimension repeated `multiples[i]` times.
pub fn tile(input: &Tensor, multiples: &[i64]) -> OpResult<Tensor> {
    let rank = input.rank();
    if multiples.len() != rank {
        return Err(OpError::invalid_argument(
            OpType::Tile,
            format!(
                "Expected multiples argument to be a vector of length {rank} but got length {}",
                multiples.len()
            ),
        ));
    }
    if let Some(negative) = multiples.iter().position(|&m| m < 0) {
        return Err(OpError::invalid_argument(
            OpType::Tile,
            format!(
                "Expected multiples[{negative}] >= 0, but got {}",
                multiples[negative]
            ),
        ));
    }
    let dims = input.dims();
    let output_dims: Vec<usize> = dims
        .iter()
        .zip(multiples)
        .map(|(&dim, &m)| dim.saturating_mul(m as usize))
        .collect();
    let output_shape = Shape::new(output_dims.clone());
    let count = limits::check_elements(&output_shape)?;
    let strides = input.shape().strides();
    let mut indices = Vec::with_capacity(count);
    let mut counter = vec![0usize; rank];
    for _ in 0..count {
        indices.push(
            counter
                .iter()
                .zip(dims)
                .zip(&strides)
                .map(|((&c, &dim), &stride)| (c % dim.max(1)) * stride)
                .sum(),
        );
        for axis in (0..rank).rev() {
            counter[axis] += 1;
            if counter[axis] < output_dims[axis] {
                break;
            }
            counter[axis] = 0;
        }
    }
    Tensor::new(input.dtype(), output_shape, input.data().take(&indices))
}

/// `tf.reverse(tensor, axis)` (`ReverseV2`): the elements in reverse order along each axis
/// listed (negative axes count from the end).
pub fn reverse(input: &Tensor, axes: &[i64]) -> OpResult<Tensor> {
    let rank = input.rank();
    let mut flipped = vec![false; rank];
    for (index, &axis) in axes.iter().enumerate() {
        let resolved = if axis < 0 { axis + rank as i64 } else { axis };
        if resolved < 0 || resolved >= rank as i64 {
            return Err(OpError::invalid_argument(
                OpType::ReverseV2,
                format!(
                    "'axis'[{index}] = {axis} is out of valid range [0, {}",
                    rank.saturating_sub(1)
                ),
            )
            .with_op_name(None));
        }
        flipped[resolved as usize] = true;
    }
    let dims = input.dims();
    let strides = input.shape().strides();
    let count = input.num_elements();
    let mut indices = Vec::with_capacity(count);
    let mut counter = vec![0usize; rank];
    for _ in 0..count {
        indices.push(
            (0..rank)
                .map(|axis| {
                    let coordinate = if flipped[axis] {
                        dims[axis] - 1 - counter[axis]
                    } else {
                        counter[axis]
                    };
                    coordinate * strides[axis]
                })
                .sum(),
        );
        for axis in (0..rank).rev() {
            counter[axis] += 1;
            if counter[axis] < dims[axis] {
                break;
            }
            counter[axis] = 0;
        }
    }
    Tensor::new(
        input.dtype(),
        input.shape().clone(),
        input.data().take(&indices),
    )
}

/// `tf.cumsum(x, axis, exclusive, reverse)` (`Cumsum`): running sums along `axis`, in the
/// element type, one element after the other as TensorFlow's CPU scan adds them.
pub fn cumsum(input: &Tensor, axis: i64, exclusive: bool, reverse: bool) -> OpResult<Tensor> {
    scan(input, axis, exclusive, reverse, false)
}

/// `Cumprod`: running products along `axis`, as [`cumsum`] runs sums (an exclusive product
/// starts at 1; integers wrap).
pub fn cumprod(input: &Tensor, axis: i64, exclusive: bool, reverse: bool) -> OpResult<Tensor> {
    scan(input, axis, exclusive, reverse, true)
}

/// The running sums or (`product`) products of `Cumsum` and `Cumprod`, in order along the
/// axis, each element's value the running result before (exclusive) or after it.
fn scan(
    input: &Tensor,
    axis: i64,
    exclusive: bool,
    reverse: bool,
    product: bool,
) -> OpResult<Tensor> {
    let op = if product {
        OpType::Cumprod
    } else {
        OpType::Cumsum
    };
    let rank = input.rank() as i64;
    if axis < -rank || axis >= rank {
        return Err(OpError::invalid_argument(
            op,
            format!(
                "ScanOp: Expected scan axis in the range [{}, {rank}), but got {axis}",
                -rank
            ),
        ));
    }
    let axis = if axis < 0 { axis + rank } else { axis } as usize;
    let dims = input.dims();
    let length = dims[axis];
    let inner: usize = dims[axis + 1..].iter().product();
    let outer: usize = dims[..axis].iter().product();
    // The flat positions of one scan line, in the order the sum runs.
    let line = |outer_index: usize, inner_index: usize| {
        let base = outer_index * length * inner + inner_index;
        let positions: Vec<usize> = (0..length).map(|step| base + step * inner).collect();
        positions
    };
    macro_rules! scan {
        ($values:expr, $zero:expr, $add:expr) => {{
            let mut out = $values.clone();
            for outer_index in 0..outer {
                for inner_index in 0..inner {
                    let mut positions = line(outer_index, inner_index);
                    if reverse {
                        positions.reverse();
                    }
                    let mut running = $zero;
                    for position in positions {
                        let value = $values[position];
                        if exclusive {
                            out[position] = running;
                            running = $add(running, value);
                        } else {
                            running = $add(running, value);
                            out[position] = running;
                        }
                    }
                }
            }
            out
        }};
    }
    let data = match input.data() {
        TensorData::Float32(v) if product => {
            TensorData::Float32(scan!(v, 1.0f32, |a: f32, b: f32| a * b))
        }
        TensorData::Float32(v) => TensorData::Float32(scan!(v, 0.0f32, |a: f32, b: f32| a + b)),
        TensorData::Float64(v) if product => {
            TensorData::Float64(scan!(v, 1.0f64, |a: f64, b: f64| a * b))
        }
        TensorData::Float64(v) => TensorData::Float64(scan!(v, 0.0f64, |a: f64, b: f64| a + b)),
        TensorData::Int8(v) if product => TensorData::Int8(scan!(v, 1i8, i8::wrapping_mul)),
        TensorData::Int8(v) => TensorData::Int8(scan!(v, 0i8, i8::wrapping_add)),
        TensorData::Int16(v) if product => TensorData::Int16(scan!(v, 1i16, i16::wrapping_mul)),
        TensorData::Int16(v) => TensorData::Int16(scan!(v, 0i16, i16::wrapping_add)),
        TensorData::Int32(v) if product => TensorData::Int32(scan!(v, 1i32, i32::wrapping_mul)),
        TensorData::Int32(v) => TensorData::Int32(scan!(v, 0i32, i32::wrapping_add)),
        TensorData::Int64(v) if product => TensorData::Int64(scan!(v, 1i64, i64::wrapping_mul)),
        TensorData::Int64(v) => TensorData::Int64(scan!(v, 0i64, i64::wrapping_add)),
        TensorData::UInt8(v) if product => TensorData::UInt8(scan!(v, 1u8, u8::wrapping_mul)),
        TensorData::UInt8(v) => TensorData::UInt8(scan!(v, 0u8, u8::wrapping_add)),
        TensorData::UInt16(v) if product => TensorData::UInt16(scan!(v, 1u16, u16::wrapping_mul)),
        TensorData::UInt16(v) => TensorData::UInt16(scan!(v, 0u16, u16::wrapping_add)),
        TensorData::UInt32(v) if product => TensorData::UInt32(scan!(v, 1u32, u32::wrapping_mul)),
        TensorData::UInt32(v) => TensorData::UInt32(scan!(v, 0u32, u32::wrapping_add)),
        TensorData::UInt64(v) if product => TensorData::UInt64(scan!(v, 1u64, u64::wrapping_mul)),
        TensorData::UInt64(v) => TensorData::UInt64(scan!(v, 0u64, u64::wrapping_add)),
        TensorData::Complex64(v) if product => {
            let one = crate::tensor::Complex32::new(1.0, 0.0);
            TensorData::Complex64(scan!(v, one, |a, b| a * b))
        }
        TensorData::Complex64(v) => {
            let zero = crate::tensor::Complex32::new(0.0, 0.0);
            TensorData::Complex64(scan!(v, zero, |a, b| a + b))
        }
        TensorData::Complex128(v) if product => {
            let one = crate::tensor::Complex64::new(1.0, 0.0);
            TensorData::Complex128(scan!(v, one, |a, b| a * b))
        }
        TensorData::Complex128(v) => {
            let zero = crate::tensor::Complex64::new(0.0, 0.0);
            TensorData::Complex128(scan!(v, zero, |a, b| a + b))
        }
        TensorData::Bool(_) | TensorData::String(_) => {
            return Err(OpError::invalid_argument(
                op,
                format!(
                    "{} is not supported for {}",
                    op.name(),
                    input.dtype().name()
                ),
            ))
        }
    };
    Tensor::new(input.dtype(), input.shape().clone(), data)
}

/// Row-major walk over `dims` returning `base + Σ coord·stride` for each element.
fn strided_indices(dims: &[usize], strides: &[usize], base: usize) -> Vec<usize> {
    let count: usize = dims.iter().product();
    let mut indices = Vec::with_capacity(count);
    let mut counter = vec![0usize; dims.len()];
    let mut offset = base;
    for _ in 0..count {
        indices.push(offset);
        for axis in (0..dims.len()).rev() {
            counter[axis] += 1;
            offset += strides[axis];
            if counter[axis] < dims[axis] {
                break;
            }
            offset -= strides[axis] * counter[axis];
            counter[axis] = 0;
        }
    }
    indices
}

/// `tf.concat(values, axis)`.
pub fn concat(values: &[Tensor], axis: i64) -> OpResult<Tensor> {
    let function = format!("ConcatV2_N_{}", values.len());
    let fail = |message: String| {
        OpError::invalid_argument(OpType::ConcatV2, message).with_function(function.clone())
    };
    let first = values.first().ok_or_else(|| {
        OpError::python(
            ErrorClass::ValueError,
            "List argument 'values' to 'ConcatV2' Op with length 0 shorter than minimum length 2.",
        )
    })?;
    if values.len() == 1 {
        return Ok(first.clone());
    }
    for (index, value) in values.iter().enumerate().skip(1) {
        expect_dtype(OpType::ConcatV2, index, first.dtype(), value.dtype())?;
    }
    let rank = first.rank();
    let resolved = Shape::normalize_axis(axis, rank).ok_or_else(|| {
        fail(format!(
            "ConcatOp : Expected concatenating dimensions in the range [{}, {rank}), but got {axis}",
            -(rank as i64)
        ))
    })?;
    for (index, value) in values.iter().enumerate().skip(1) {
        if value.rank() != rank {
            return Err(fail(format!(
                "ConcatOp : Ranks of all input tensors should match: shape[0] = {} vs. shape[{index}] = {}",
                first.shape().to_tf_list(),
                value.shape().to_tf_list()
            )));
        }
        for dim in 0..rank {
            if dim != resolved && value.dims()[dim] != first.dims()[dim] {
                return Err(fail(format!(
                    "ConcatOp : Dimension {dim} in both shapes must be equal: shape[0] = {} vs. shape[{index}] = {}",
                    first.shape().to_tf_list(),
                    value.shape().to_tf_list()
                )));
            }
        }
    }
    let mut output_dims = first.dims().to_vec();
    output_dims[resolved] = values
        .iter()
        .try_fold(0usize, |total, value| {
            total.checked_add(value.dims()[resolved])
        })
        .ok_or_else(|| fail("ConcatOp : output dimension overflows".to_string()))?;
    let output_shape = Shape::new(output_dims);
    limits::check_elements(&output_shape)?;
    let outer: usize = first.dims()[..resolved].iter().product();
    let inner: usize = first.dims()[resolved + 1..].iter().product();
    let mut picks = Vec::new();
    for row in 0..outer {
        for (part, value) in values.iter().enumerate() {
            let chunk = value.dims()[resolved] * inner;
            picks.extend((0..chunk).map(|i| (part, row * chunk + i)));
        }
    }
    let parts: Vec<&TensorData> = values.iter().map(Tensor::data).collect();
    let data = TensorData::gather_parts(&parts, &picks)
        .ok_or_else(|| internal(OpType::ConcatV2, "mixed storage"))?;
    Tensor::new(first.dtype(), output_shape, data)
}

/// `tf.stack(values, axis)`.
pub fn stack(values: &[Tensor], axis: i64) -> OpResult<Tensor> {
    let first = values.first().ok_or_else(|| {
        OpError::python(
            ErrorClass::ValueError,
            "List argument 'values' to 'Pack' Op with length 0 shorter than minimum length 1.",
        )
    })?;
    let rank = first.rank() + 1;
    let resolved = Shape::normalize_axis(axis, rank).ok_or_else(|| {
        OpError::python(
            ErrorClass::ValueError,
            format!(
                "Argument `axis` = {axis} not in range [{}, {rank})",
                -(rank as i64)
            ),
        )
    })?;
    for (index, value) in values.iter().enumerate().skip(1) {
        expect_dtype(OpType::Pack, index, first.dtype(), value.dtype())?;
        if value.shape() != first.shape() {
            return Err(OpError::invalid_argument(
                OpType::Pack,
                format!(
                    "Shapes of all inputs must match: values[0].shape = {} != values[{index}].shape = {}",
                    first.shape().to_tf_list(),
                    value.shape().to_tf_list()
                ),
            )
            .with_function(format!("Pack_N_{}", values.len())));
        }
    }
    let expanded: Vec<Tensor> = values
        .iter()
        .map(|value| expand_dims(value, resolved as i64))
        .collect::<OpResult<_>>()?;
    concat(&expanded, resolved as i64).map_err(|mut error| {
        error.op_type = Some(OpType::Pack.name());
        error
    })
}

/// `tf.expand_dims(input, axis)`; `axis` may be in `[-rank-1, rank]`.
pub fn expand_dims(input: &Tensor, axis: i64) -> OpResult<Tensor> {
    let rank = input.rank();
    let resolved = Shape::normalize_axis(axis, rank + 1).ok_or_else(|| {
        OpError::invalid_argument(
            OpType::ExpandDims,
            format!("Tried to expand dim index {axis} for tensor with {rank} dimensions."),
        )
    })?;
    let mut dims = input.dims().to_vec();
    dims.insert(resolved, 1);
    input.with_shape(Shape::new(dims))
}

/// `tf.squeeze(input, axis)`: removes the given size-1 axes, or all of them for `None`.
pub fn squeeze(input: &Tensor, axes: Option<&[i64]>) -> OpResult<Tensor> {
    let rank = input.rank();
    let dims = input.dims();
    let mut remove = vec![false; rank];
    match axes {
        None => {
            for (axis, &dim) in dims.iter().enumerate() {
                remove[axis] = dim == 1;
            }
        }
        Some(axes) => {
            for &axis in axes {
                let resolved = Shape::normalize_axis(axis, rank).ok_or_else(|| {
                    OpError::invalid_argument(
                        OpType::Squeeze,
                        format!(
                            "Tried to squeeze dim index {axis} for tensor with {rank} dimensions."
                        ),
                    )
                })?;
                if dims[resolved] != 1 {
                    return Err(OpError::invalid_argument(
                        OpType::Squeeze,
                        format!(
                            "Can not squeeze dim[{resolved}], expected a dimension of 1, got {}",
                            dims[resolved]
                        ),
                    ));
                }
                remove[resolved] = true;
            }
        }
    }
    let kept = dims
        .iter()
        .enumerate()
        .filter(|&(axis, _)| !remove[axis])
        .map(|(_, &dim)| dim)
        .collect();
    input.with_shape(Shape::new(kept))
}

/// Integer index values of an int32/int64 tensor (`None` for other dtypes).
fn index_values(indices: &Tensor) -> Option<Vec<i64>> {
    match indices.dtype() {
        DType::Int32 | DType::Int64 | DType::Int16 | DType::Int8 | DType::UInt8 => {
            indices.to_i64_vec()
        }
        _ => None,
    }
}

/// TensorFlow's `SliceDebugString`: the position of flat element `flat` of a tensor of
/// `shape` as `[1,0]`, nothing for a scalar.
pub fn slice_debug_string(shape: &Shape, flat: usize) -> String {
    if shape.rank() == 0 {
        return String::new();
    }
    let mut rest = flat;
    let mut position = vec![0usize; shape.rank()];
    for (slot, dim) in position.iter_mut().zip(shape.dims()).rev() {
        let dim = (*dim).max(1);
        *slot = rest % dim;
        rest /= dim;
    }
    let parts: Vec<String> = position.iter().map(usize::to_string).collect();
    format!("[{}]", parts.join(","))
}

/// `tf.gather(params, indices, axis)`: output shape is
/// `params.shape[:axis] + indices.shape + params.shape[axis+1:]`.
pub fn gather(params: &Tensor, indices: &Tensor, axis: i64) -> OpResult<Tensor> {
    let op = OpType::GatherV2;
    let positions = index_values(indices).ok_or_else(|| {
        OpError::dispatch(
            ErrorClass::InvalidArgument,
            op,
            format!(
                "Value for attr 'Tindices' of {} is not in the list of allowed values: int16, int32, int64",
                indices.dtype().kernel_name()
            ),
        )
    })?;
    let rank = params.rank();
    let resolved = Shape::normalize_axis(axis, rank).ok_or_else(|| {
        let needed = if axis >= 0 { axis + 1 } else { -axis };
        OpError::invalid_argument(
            op,
            format!("Shape must be at least rank {needed} but is rank {rank}"),
        )
    })?;
    let dims = params.dims();
    let limit = dims[resolved];
    for (at, &position) in positions.iter().enumerate() {
        if position < 0 || position as u64 >= limit as u64 {
            return Err(OpError::invalid_argument(
                op,
                format!(
                    "indices{} = {position} is not in [0, {limit})",
                    slice_debug_string(indices.shape(), at)
                ),
            ));
        }
    }
    let mut output_dims = dims[..resolved].to_vec();
    output_dims.extend_from_slice(indices.dims());
    output_dims.extend_from_slice(&dims[resolved + 1..]);
    let output_shape = Shape::new(output_dims);
    limits::check_elements(&output_shape)?;
    let outer: usize = dims[..resolved].iter().product();
    let inner: usize = dims[resolved + 1..].iter().product();
    let mut sources = Vec::with_capacity(outer * positions.len() * inner);
    for row in 0..outer {
        for &position in &positions {
            let base = (row * limit + position as usize) * inner;
            sources.extend(base..base + inner);
        }
    }
    Tensor::new(params.dtype(), output_shape, params.data().take(&sources))
}

/// One entry of a Python subscript such as `t[1:, ::2, 0]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SliceSpec {
    /// `t[i]`: selects one position and drops the axis (negative counts from the end).
    Index(i64),
    /// `t[start:stop:step]` with Python's defaults and clamping.
    Range {
        /// First position (default: 0, or the end for negative steps).
        start: Option<i64>,
        /// One past the last position (default: the end, or before 0 for negative steps).
        stop: Option<i64>,
        /// Step (default 1; must not be 0).
        step: Option<i64>,
    },
    /// `tf.newaxis` / `None`: inserts a size-1 axis.
    NewAxis,
    /// `...`: as many full ranges as needed.
    Ellipsis,
}

/// `t[specs]` (TensorFlow's `StridedSlice` with Python semantics).
pub fn slice(input: &Tensor, specs: &[SliceSpec]) -> OpResult<Tensor> {
    let geometry = slice_geometry(OpType::StridedSlice, input.shape(), specs)?;
    let data = match geometry.runs() {
        Some(runs) => input.data().concat_runs(runs),
        None => input.data().take(&geometry.positions()),
    };
    Tensor::new(input.dtype(), geometry.shape, data)
}

/// `StridedSliceGrad`: the gradient of `t[specs]` for a `t` of shape `input_dims`, `grad`
/// written back at the positions the slice read and zeros everywhere else (a strided slice
/// reads each element at most once, so nothing adds up).
pub fn strided_slice_grad(
    input_dims: &[usize],
    specs: &[SliceSpec],
    grad: &Tensor,
) -> OpResult<Tensor> {
    let op = OpType::StridedSliceGrad;
    let input_shape = Shape::new(input_dims.to_vec());
    let count = limits::check_elements(&input_shape)?;
    let (output_shape, positions) = slice_positions(op, &input_shape, specs)?;
    if output_shape.num_elements() != Some(grad.num_elements()) {
        return Err(OpError::invalid_argument(
            op,
            format!(
                "shape of dy was {} instead of {}",
                grad.shape().to_tf_list(),
                output_shape.to_tf_list()
            ),
        ));
    }
    // Each input element picks its gradient element, or the one zero of the second part.
    let mut picks = vec![(1usize, 0usize); count];
    for (source, &position) in positions.iter().enumerate() {
        if let Some(pick) = picks.get_mut(position) {
            *pick = (0, source);
        }
    }
    let zero = TensorData::zeros(grad.dtype(), 1);
    let data = TensorData::gather_parts(&[grad.data(), &zero], &picks)
        .ok_or_else(|| internal(op, "gradient and zeros of different storage"))?;
    Tensor::new(grad.dtype(), input_shape, data)
}

/// Where `t[specs]` reads from: the output's shape and, for each output element in
/// row-major order, the row-major index of the element of `t` (of `input_shape`) it copies.
/// The static shape of `t[specs]` for an input whose dimensions may be unknown (`None`):
/// what a graph knows before running. An axis sliced from an unknown dimension is
/// unknown; `None` when the subscript cannot apply (its error comes when it runs).
pub fn slice_partial_shape(
    dims: &[Option<usize>],
    specs: &[SliceSpec],
) -> Option<Vec<Option<usize>>> {
    let rank = dims.len();
    let consuming = specs
        .iter()
        .filter(|spec| matches!(spec, SliceSpec::Index(_) | SliceSpec::Range { .. }))
        .count();
    let mut out = Vec::new();
    let mut axis = 0usize;
    let mut saw_ellipsis = false;
    for spec in specs {
        match *spec {
            SliceSpec::Ellipsis if !saw_ellipsis => {
                saw_ellipsis = true;
                let fill = rank.saturating_sub(consuming);
                out.extend(dims.get(axis..axis + fill)?.iter().copied());
                axis += fill;
            }
            SliceSpec::Ellipsis => {}
            SliceSpec::NewAxis => out.push(Some(1)),
            SliceSpec::Index(_) => {
                dims.get(axis)?;
                axis += 1;
            }
            SliceSpec::Range { .. } => {
                let dim = *dims.get(axis)?;
                let count = match dim {
                    Some(len) => {
                        let known = Shape::new(vec![len]);
                        let (shape, _) = slice_positions(
                            OpType::StridedSlice,
                            &known,
                            std::slice::from_ref(spec),
                        )
                        .ok()?;
                        Some(shape.dims()[0])
                    }
                    None => None,
                };
                out.push(count);
                axis += 1;
            }
        }
    }
    out.extend(dims.get(axis..)?.iter().copied());
    Some(out)
}

/// Where a strided slice reads: the output's shape, the flat input index of its first
/// element, and the input step of each output axis.
struct SliceGeometry {
    shape: Shape,
    base: usize,
    strides: Vec<isize>,
}

impl SliceGeometry {
    /// The output's rows as `(input start, length)` runs when its innermost axis reads
    /// consecutive elements (most slices: a batch split, a crop), so they copy as slices.
    fn runs(&self) -> Option<impl Iterator<Item = (usize, usize)> + '_> {
        let (&row, outer) = self.shape.dims().split_last()?;
        if self.strides.last() != Some(&1) {
            return None;
        }
        let rows = if row == 0 { 0 } else { outer.iter().product() };
        let mut counter = vec![0usize; outer.len()];
        let mut offset = self.base as isize;
        Some((0..rows).map(move |_| {
            let start = offset as usize;
            for d in (0..counter.len()).rev() {
                counter[d] += 1;
                offset = offset.wrapping_add(self.strides[d]);
                if counter[d] < outer[d] {
                    break;
                }
                offset = offset.wrapping_sub(self.strides[d].wrapping_mul(counter[d] as isize));
                counter[d] = 0;
            }
            (start, row)
        }))
    }

    /// For each output element in row-major order, the flat input index it copies.
    fn positions(&self) -> Vec<usize> {
        let count = self.shape.num_elements().unwrap_or(0);
        let mut indices = Vec::with_capacity(count);
        let mut counter = vec![0usize; self.shape.rank()];
        let mut offset = self.base as isize;
        for _ in 0..count {
            indices.push(offset as usize);
            for d in (0..counter.len()).rev() {
                counter[d] += 1;
                offset = offset.wrapping_add(self.strides[d]);
                if counter[d] < self.shape.dims()[d] {
                    break;
                }
                offset = offset.wrapping_sub(self.strides[d].wrapping_mul(counter[d] as isize));
                counter[d] = 0;
            }
        }
        indices
    }
}

fn slice_positions(
    op: OpType,
    input_shape: &Shape,
    specs: &[SliceSpec],
) -> OpResult<(Shape, Vec<usize>)> {
    let geometry = slice_geometry(op, input_shape, specs)?;
    let positions = geometry.positions();
    Ok((geometry.shape, positions))
}

fn slice_geometry(op: OpType, input_shape: &Shape, specs: &[SliceSpec]) -> OpResult<SliceGeometry> {
    let rank = input_shape.rank();
    let consuming = specs
        .iter()
        .filter(|spec| matches!(spec, SliceSpec::Index(_) | SliceSpec::Range { .. }))
        .count();
    let mut expanded = Vec::new();
    let mut saw_ellipsis = false;
    for spec in specs {
        if *spec == SliceSpec::Ellipsis && !saw_ellipsis {
            saw_ellipsis = true;
            let fill = rank.saturating_sub(consuming);
            expanded.extend(std::iter::repeat_n(
                SliceSpec::Range {
                    start: None,
                    stop: None,
                    step: None,
                },
                fill,
            ));
        } else if *spec != SliceSpec::Ellipsis {
            expanded.push(*spec);
        }
    }
    let dims = input_shape.dims();
    let strides = input_shape.strides();
    let mut base = 0usize;
    let mut out_dims = Vec::new();
    let mut out_strides: Vec<isize> = Vec::new();
    let mut axis = 0usize;
    for spec in &expanded {
        if *spec == SliceSpec::NewAxis {
            out_dims.push(1);
            out_strides.push(0);
            continue;
        }
        if axis >= rank {
            return Err(OpError::invalid_argument(
                op,
                format!("Index out of range using input dim {axis}; input has only {rank} dims"),
            ));
        }
        let len = dims[axis] as i64;
        match *spec {
            SliceSpec::Index(index) => {
                let resolved = if index < 0 { index + len } else { index };
                if resolved < 0 || resolved >= len {
                    return Err(OpError::invalid_argument(
                        op,
                        format!("slice index {index} of dimension {axis} out of bounds."),
                    ));
                }
                base += resolved as usize * strides[axis];
            }
            SliceSpec::Range { start, stop, step } => {
                let step = step.unwrap_or(1);
                if step == 0 {
                    return Err(OpError::invalid_argument(
                        op,
                        "strided slice: step 0 is not allowed",
                    ));
                }
                let clamp = |value: i64, low: i64, high: i64| value.clamp(low, high);
                let (first, end) = if step > 0 {
                    let first = start.map_or(0, |s| clamp(if s < 0 { s + len } else { s }, 0, len));
                    let end = stop.map_or(len, |s| clamp(if s < 0 { s + len } else { s }, 0, len));
                    (first, end)
                } else {
                    let first = start.map_or(len - 1, |s| {
                        clamp(if s < 0 { s + len } else { s }, -1, len - 1)
                    });
                    let end =
                        stop.map_or(-1, |s| clamp(if s < 0 { s + len } else { s }, -1, len - 1));
                    (first, end)
                };
                // Written so that no step, however large, overflows.
                let count = if step > 0 && end > first {
                    (end - first - 1) as u64 / step.unsigned_abs() + 1
                } else if step < 0 && first > end {
                    (first - end - 1) as u64 / step.unsigned_abs() + 1
                } else {
                    0
                };
                if count > 0 {
                    base += first as usize * strides[axis];
                }
                out_dims.push(count as usize);
                out_strides.push((step as isize).wrapping_mul(strides[axis] as isize));
            }
            SliceSpec::NewAxis | SliceSpec::Ellipsis => {}
        }
        axis += 1;
    }
    while axis < rank {
        out_dims.push(dims[axis]);
        out_strides.push(strides[axis] as isize);
        axis += 1;
    }
    let output_shape = Shape::new(out_dims);
    limits::check_elements(&output_shape)?;
    Ok(SliceGeometry {
        shape: output_shape,
        base,
        strides: out_strides,
    })
}

/// `tf.one_hot(indices, depth, on_value, off_value, axis=-1)`; the output dtype is that of
/// `on_value` (scalars). Out-of-range indices give a row of `off_value`.
pub fn one_hot(
    indices: &Tensor,
    depth: usize,
    on_value: &Tensor,
    off_value: &Tensor,
) -> OpResult<Tensor> {
    let op = OpType::OneHot;
    super::support::check_allowed_attr(
        op.name(),
        Some("TI"),
        op.default_eager_name(),
        indices.dtype(),
    )?;
    let positions =
        index_values(indices).ok_or_else(|| internal(op, "integer indices without storage"))?;
    expect_dtype(op, 3, on_value.dtype(), off_value.dtype())?;
    if on_value.num_elements() != 1 || off_value.num_elements() != 1 {
        return Err(OpError::invalid_argument(op, "on_value must be a scalar"));
    }
    let mut output_dims = indices.dims().to_vec();
    output_dims.push(depth);
    let output_shape = Shape::new(output_dims);
    limits::check_elements(&output_shape)?;
    // Each output element picks element 0 of `on_value` (part 0) or `off_value` (part 1).
    let sources: Vec<(usize, usize)> = positions
        .iter()
        .flat_map(|&position| {
            (0..depth).map(move |column| (usize::from(position != column as i64), 0))
        })
        .collect();
    let data = TensorData::gather_parts(&[on_value.data(), off_value.data()], &sources)
        .ok_or_else(|| internal(op, "mixed storage"))?;
    Tensor::new(on_value.dtype(), output_shape, data)
}

/// `tf.where(condition, x, y)` (`SelectV2`): broadcasts all three.
pub fn where_select(condition: &Tensor, x: &Tensor, y: &Tensor) -> OpResult<Tensor> {
    let op = OpType::SelectV2;
    expect_dtype(op, 0, DType::Bool, condition.dtype())?;
    expect_dtype(op, 2, x.dtype(), y.dtype())?;
    let incompatible = || {
        OpError::invalid_argument(
            op,
            format!(
                "condition {}, then {}, and else {} must be broadcastable",
                condition.shape().to_tf_list(),
                x.shape().to_tf_list(),
                y.shape().to_tf_list()
            ),
        )
    };
    let values_shape = Shape::broadcast(x.shape(), y.shape()).map_err(|_| incompatible())?;
    let output_shape =
        Shape::broadcast(condition.shape(), &values_shape).map_err(|_| incompatible())?;
    limits::check_elements(&output_shape)?;
    let TensorData::Bool(flags) = condition.data() else {
        return Err(internal(op, "bool condition storage"));
    };
    let picks: Vec<(usize, usize)> = BroadcastIndices::new(condition.shape(), &output_shape)
        .zip(BroadcastIndices::new(x.shape(), &output_shape))
        .zip(BroadcastIndices::new(y.shape(), &output_shape))
        .map(|((c, i), j)| if flags[c] { (0, i) } else { (1, j) })
        .collect();
    let data = TensorData::gather_parts(&[x.data(), y.data()], &picks)
        .ok_or_else(|| internal(op, "mixed storage"))?;
    Tensor::new(x.dtype(), output_shape, data)
}

/// `tf.where(condition)` (`Where`): int64 coordinates `[n, rank]` of the true (non-zero)
/// elements in row-major order.
pub fn where_indices(condition: &Tensor) -> OpResult<Tensor> {
    // The kernel is instantiated for ranks 1 to 8.
    if !(1..=8).contains(&condition.rank()) {
        return Err(OpError::invalid_argument(
            OpType::Where,
            format!("WhereOp : Unhandled input dimensions: {}", condition.rank()),
        ));
    }
    let truth: Vec<bool> = match condition.data() {
        TensorData::Bool(values) => values.clone(),
        TensorData::String(_) => return Err(internal(OpType::Where, "string condition")),
        _ => condition
            .to_f64_vec()
            .ok_or_else(|| internal(OpType::Where, "numeric storage"))?
            .into_iter()
            .map(|v| v != 0.0)
            .collect(),
    };
    let dims = condition.dims();
    let strides = condition.shape().strides();
    let mut coordinates = Vec::new();
    let mut count = 0usize;
    for (flat, _) in truth.iter().enumerate().filter(|(_, &t)| t) {
        count += 1;
        let mut rest = flat;
        for (axis, _) in dims.iter().enumerate() {
            coordinates.push((rest / strides[axis]) as i64);
            rest %= strides[axis].max(1);
        }
    }
    Tensor::new(
        DType::Int64,
        Shape::new(vec![count, dims.len()]),
        TensorData::Int64(coordinates),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const CPU: &str = "/job:localhost/replica:0/task:0/device:CPU:0";

    fn range(dims: &[usize]) -> Tensor {
        let count: usize = dims.iter().product();
        Tensor::from_vec(Shape::from(dims), (0..count as i32).collect()).unwrap()
    }

    #[test]
    fn strided_slice_grad_writes_back_where_the_slice_read() {
        // x[..., tf.newaxis, ::-2] of a [2, 3] tensor reads columns 2 and 0.
        let specs = [
            SliceSpec::Ellipsis,
            SliceSpec::NewAxis,
            SliceSpec::Range {
                start: None,
                stop: None,
                step: Some(-2),
            },
        ];
        let sliced = slice(&range(&[2, 3]), &specs).unwrap();
        assert_eq!(sliced.dims(), &[2, 1, 2]);
        assert_eq!(sliced.to_i64_vec().unwrap(), vec![2, 0, 5, 3]);
        let grad = Tensor::from_vec(Shape::new(vec![2, 1, 2]), vec![1f32, 2., 3., 4.]).unwrap();
        let back = strided_slice_grad(&[2, 3], &specs, &grad).unwrap();
        assert_eq!(back.dims(), &[2, 3]);
        assert_eq!(back.to_f64_vec().unwrap(), vec![2., 0., 1., 4., 0., 3.]);
        let wrong = Tensor::from_vec(Shape::new(vec![3]), vec![1f32, 2., 3.]).unwrap();
        let error = strided_slice_grad(&[2, 3], &specs, &wrong).unwrap_err();
        assert!(error
            .message
            .contains("shape of dy was [3] instead of [2,1,2]"));
    }

    #[test]
    fn reshape_and_errors() {
        let result = reshape(&range(&[6]), &[2, 3]).unwrap();
        assert_eq!(result.dims(), &[2, 3]);
        let error = reshape(&range(&[2, 3]), &[4, -1]).unwrap_err();
        assert_eq!(
            error.eager_message(CPU),
            "{{function_node __wrapped__Reshape_device_/job:localhost/replica:0/task:0/device:CPU:0}} \
             Input to reshape is a tensor with 6 values, but the requested shape requires a \
             multiple of 4 [Op:Reshape]"
        );
    }

    #[test]
    fn transpose_values_and_errors() {
        let result = transpose(&range(&[2, 3]), None).unwrap();
        assert_eq!(result.dims(), &[3, 2]);
        assert_eq!(result.as_slice::<i32>(), Some(&[0, 3, 1, 4, 2, 5][..]));
        let error = transpose(&range(&[2, 3]), Some(&[0, 0])).unwrap_err();
        assert_eq!(error.message, "1 is missing from {0,0}.");
        let error = transpose(&range(&[2, 3]), Some(&[0, 1, 2])).unwrap_err();
        assert_eq!(
            error.message,
            "transpose expects a vector of size 2. But input(1) is a vector of size 3"
        );
    }

    #[test]
    fn concat_and_stack() {
        let result = concat(&[range(&[2, 2]), range(&[2, 1])], 1).unwrap();
        assert_eq!(result.as_slice::<i32>(), Some(&[0, 1, 0, 2, 3, 1][..]));
        let error = concat(&[range(&[2, 3]), range(&[2, 2])], 0).unwrap_err();
        assert_eq!(
            error.eager_message(CPU),
            "{{function_node __wrapped__ConcatV2_N_2_device_/job:localhost/replica:0/task:0/\
             device:CPU:0}} ConcatOp : Dimension 1 in both shapes must be equal: shape[0] = \
             [2,3] vs. shape[1] = [2,2] [Op:ConcatV2] name: concat"
        );
        let stacked = stack(&[range(&[2]), range(&[2])], 1).unwrap();
        assert_eq!(stacked.dims(), &[2, 2]);
        assert_eq!(stacked.as_slice::<i32>(), Some(&[0, 0, 1, 1][..]));
        let error = stack(&[range(&[2, 3]), range(&[2, 2])], 0).unwrap_err();
        assert_eq!(
            error.eager_message(CPU),
            "{{function_node __wrapped__Pack_N_2_device_/job:localhost/replica:0/task:0/device:\
             CPU:0}} Shapes of all inputs must match: values[0].shape = [2,3] != values[1].shape \
             = [2,2] [Op:Pack] name: stack"
        );
        let error = stack(&[range(&[2, 3]), range(&[2, 3])], 5).unwrap_err();
        assert_eq!(error.message, "Argument `axis` = 5 not in range [-3, 3)");
    }

    #[test]
    fn expand_squeeze_gather() {
        assert_eq!(expand_dims(&range(&[2]), -1).unwrap().dims(), &[2, 1]);
        let error = expand_dims(&range(&[2]), 3).unwrap_err();
        assert_eq!(
            error.message,
            "Tried to expand dim index 3 for tensor with 1 dimensions."
        );
        assert_eq!(squeeze(&range(&[1, 2, 1]), None).unwrap().dims(), &[2]);
        let error = squeeze(&range(&[2, 3]), Some(&[0])).unwrap_err();
        assert_eq!(
            error.message,
            "Can not squeeze dim[0], expected a dimension of 1, got 2"
        );
        let indices = Tensor::from_vec(Shape::new(vec![2]), vec![2i32, 0]).unwrap();
        let result = gather(&range(&[2, 3]), &indices, 1).unwrap();
        assert_eq!(result.as_slice::<i32>(), Some(&[2, 0, 5, 3][..]));
        let nested = Tensor::from_vec(Shape::new(vec![1, 2]), vec![0i32, 5]).unwrap();
        let error = gather(&range(&[2, 3]), &nested, 0).unwrap_err();
        assert_eq!(error.message, "indices[0,1] = 5 is not in [0, 2)");
        let error = gather(&range(&[2, 3]), &Tensor::scalar(7i32), 0).unwrap_err();
        assert_eq!(error.message, "indices = 7 is not in [0, 2)");
        let bad = Tensor::from_vec(Shape::new(vec![1]), vec![5i32]).unwrap();
        let error = gather(&range(&[2, 3]), &bad, 0).unwrap_err();
        assert_eq!(
            error.eager_message(CPU),
            "{{function_node __wrapped__GatherV2_device_/job:localhost/replica:0/task:0/device:\
             CPU:0}} indices[0] = 5 is not in [0, 2) [Op:GatherV2]"
        );
    }

    #[test]
    fn python_slicing() {
        let matrix = range(&[3, 4]);
        let result = slice(
            &matrix,
            &[
                SliceSpec::Range {
                    start: Some(1),
                    stop: None,
                    step: None,
                },
                SliceSpec::Range {
                    start: None,
                    stop: None,
                    step: Some(2),
                },
            ],
        )
        .unwrap();
        assert_eq!(result.dims(), &[2, 2]);
        assert_eq!(result.as_slice::<i32>(), Some(&[4, 6, 8, 10][..]));
        let row = slice(&matrix, &[SliceSpec::Index(-1)]).unwrap();
        assert_eq!(row.as_slice::<i32>(), Some(&[8, 9, 10, 11][..]));
        let reversed = slice(
            &range(&[4]),
            &[SliceSpec::Range {
                start: None,
                stop: None,
                step: Some(-1),
            }],
        )
        .unwrap();
        assert_eq!(reversed.as_slice::<i32>(), Some(&[3, 2, 1, 0][..]));
        let column = slice(
            &matrix,
            &[SliceSpec::Ellipsis, SliceSpec::Index(0), SliceSpec::NewAxis],
        )
        .unwrap();
        assert_eq!(column.dims(), &[3, 1]);
        let error = slice(&range(&[2]), &[SliceSpec::Index(5)]).unwrap_err();
        assert_eq!(
            error.eager_message(CPU),
            "{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/\
             device:CPU:0}} slice index 5 of dimension 0 out of bounds. [Op:StridedSlice] name: \
             strided_slice/"
        );
        let error = slice(&range(&[2]), &[SliceSpec::Index(0), SliceSpec::Index(1)]).unwrap_err();
        assert_eq!(
            error.message,
            "Index out of range using input dim 1; input has only 1 dims"
        );
    }

    #[test]
    fn one_hot_and_where() {
        let indices = Tensor::from_vec(Shape::new(vec![3]), vec![0i32, 2, -1]).unwrap();
        let result = one_hot(
            &indices,
            3,
            &Tensor::scalar(1.0f32),
            &Tensor::scalar(0.0f32),
        )
        .unwrap();
        assert_eq!(
            result.as_slice::<f32>(),
            Some(&[1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0][..])
        );
        let condition = Tensor::from_vec(Shape::new(vec![3]), vec![true, false, true]).unwrap();
        let coordinates = where_indices(&condition).unwrap();
        assert_eq!(coordinates.dims(), &[2, 1]);
        assert_eq!(coordinates.as_slice::<i64>(), Some(&[0, 2][..]));
        let x = Tensor::from_vec(Shape::new(vec![2, 2]), vec![1.0f32, 2.0, 3.0, 4.0]).unwrap();
        let mask =
            Tensor::from_vec(Shape::new(vec![2, 2]), vec![false, false, true, true]).unwrap();
        let doubled =
            Tensor::from_vec(Shape::new(vec![2, 2]), vec![2.0f32, 4.0, 6.0, 8.0]).unwrap();
        let result = where_select(&mask, &doubled, &x).unwrap();
        assert_eq!(result.as_slice::<f32>(), Some(&[1.0, 2.0, 6.0, 8.0][..]));
        let short = Tensor::from_vec(Shape::new(vec![2]), vec![true, false]).unwrap();
        let three = Tensor::from_vec(Shape::new(vec![3]), vec![1.0f32; 3]).unwrap();
        let two = Tensor::from_vec(Shape::new(vec![2]), vec![1.0f32; 2]).unwrap();
        let error = where_select(&short, &two, &three).unwrap_err();
        assert_eq!(
            error.message,
            "condition [2], then [2], and else [3] must be broadcastable"
        );
    }
}
