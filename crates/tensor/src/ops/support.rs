//! Helpers shared by the kernels: broadcast index iteration, dtype checks with TensorFlow's
//! texts, and building result tensors.

use super::dtype_errors::ALLOWED_VALUES;
use super::OpType;
use crate::dtype::DType;
use crate::error::{ErrorClass, OpError, OpResult};
use crate::shape::Shape;

/// Iterates, in row-major order of `output`, over the flat index of the input element that
/// broadcasting maps to each output element.
pub(crate) struct BroadcastIndices {
    dims: Vec<usize>,
    strides: Vec<usize>,
    counter: Vec<usize>,
    offset: usize,
    remaining: usize,
}

impl BroadcastIndices {
    /// Indices into an input of shape `input` broadcast to `output` (which must be a valid
    /// broadcast of `input`; checked by the caller through `Shape::broadcast`).
    pub(crate) fn new(input: &Shape, output: &Shape) -> BroadcastIndices {
        let input_strides = input.strides();
        let rank = output.rank();
        let lead = rank.saturating_sub(input.rank());
        let strides = (0..rank)
            .map(|axis| match axis.checked_sub(lead) {
                Some(input_axis) if input.dims()[input_axis] != 1 => input_strides[input_axis],
                _ => 0,
            })
            .collect();
        BroadcastIndices {
            dims: output.dims().to_vec(),
            strides,
            counter: vec![0; rank],
            offset: 0,
            remaining: output.num_elements().unwrap_or(0),
        }
    }
}

impl Iterator for BroadcastIndices {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let current = self.offset;
        for axis in (0..self.dims.len()).rev() {
            self.counter[axis] += 1;
            self.offset += self.strides[axis];
            if self.counter[axis] < self.dims[axis] {
                break;
            }
            self.offset -= self.strides[axis] * self.counter[axis];
            self.counter[axis] = 0;
        }
        Some(current)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

/// Applies `f` to every pair of broadcast elements of `lhs` and `rhs`.
pub(crate) fn broadcast_zip<A: Clone, B: Clone, O>(
    lhs: &[A],
    lhs_shape: &Shape,
    rhs: &[B],
    rhs_shape: &Shape,
    output: &Shape,
    mut f: impl FnMut(A, B) -> O,
) -> Vec<O> {
    if lhs_shape == rhs_shape {
        return lhs
            .iter()
            .zip(rhs)
            .map(|(a, b)| f(a.clone(), b.clone()))
            .collect();
    }
    // One side a single value (`x + 1.0`, `x > 0.5`): no index arithmetic.
    if rhs.len() == 1 && lhs_shape == output {
        let scalar = &rhs[0];
        return lhs.iter().map(|a| f(a.clone(), scalar.clone())).collect();
    }
    if lhs.len() == 1 && rhs_shape == output {
        let scalar = &lhs[0];
        return rhs.iter().map(|b| f(scalar.clone(), b.clone())).collect();
    }
    BroadcastIndices::new(lhs_shape, output)
        .zip(BroadcastIndices::new(rhs_shape, output))
        .map(|(i, j)| f(lhs[i].clone(), rhs[j].clone()))
        .collect()
}

/// The "Value for attr 'T' of bool is not in the list of allowed values" check, with the
/// op signature TensorFlow prints. Ops without a recorded table accept every dtype here.
pub(crate) fn check_allowed(op: OpType, dtype: DType) -> OpResult<()> {
    check_allowed_named(op.name(), op.default_eager_name(), dtype)
}

/// The recorded attr name, allowed dtypes (kernel names) and full text after the dtype of
/// op type `op_type`'s checked attr.
fn allowed_entry(op_type: &str) -> Option<(&'static str, &'static str, &'static str)> {
    allowed_attr_entry(op_type, None)
}

/// [`allowed_entry`] for the attr `attr` (`None`: the first recorded for the op type).
fn allowed_attr_entry(
    op_type: &str,
    attr: Option<&str>,
) -> Option<(&'static str, &'static str, &'static str)> {
    let (_, attr, tail) = ALLOWED_VALUES.iter().find(|(name, name_attr, _)| {
        *name == op_type && attr.is_none_or(|attr| attr == *name_attr)
    })?;
    let list = tail
        .trim_start_matches("is not in the list of allowed values: ")
        .split('\n')
        .next()
        .unwrap_or("");
    Some((attr, list, tail))
}

/// [`check_allowed`] for an op type named by its TensorFlow name (op types defined outside
/// [`OpType`]); `dtype` is that of the input the recorded attr constrains (`T`, or
/// `Tindices` for `GatherNd`). Eager errors end in ` name: {eager_name}`.
pub fn check_allowed_named(
    op_type: &'static str,
    eager_name: Option<&'static str>,
    dtype: DType,
) -> OpResult<()> {
    check_allowed_attr(op_type, None, eager_name, dtype)
}

/// [`check_allowed_named`] for an op type with several checked attrs: `attr` names the one
/// `dtype` is the value of (`Tlabels`).
pub fn check_allowed_attr(
    op_type: &'static str,
    attr: Option<&str>,
    eager_name: Option<&'static str>,
    dtype: DType,
) -> OpResult<()> {
    let Some((attr, list, tail)) = allowed_attr_entry(op_type, attr) else {
        return Ok(());
    };
    if list.split(", ").any(|name| name == dtype.kernel_name()) {
        return Ok(());
    }
    Err(OpError {
        origin: crate::error::ErrorOrigin::Dispatch,
        ..OpError::kernel_of(
            ErrorClass::InvalidArgument,
            op_type,
            eager_name,
            format!("Value for attr '{attr}' of {} {tail}", dtype.kernel_name()),
        )
    })
}

/// When `dtype` is outside op type `op_type`'s recorded list, that list with Python's dtype
/// names (`float32` for `float`), as graph construction's `TypeError` ("Value passed to
/// parameter 'features' has DataType bool not in list of allowed values: ...") lists it.
pub fn disallowed_python_list(op_type: &str, dtype: DType) -> Option<String> {
    let (_, list, _) = allowed_entry(op_type)?;
    if list.split(", ").any(|name| name == dtype.kernel_name()) {
        return None;
    }
    let names: Vec<&str> = list
        .split(", ")
        .map(|name| match name {
            "half" => "float16",
            "float" => "float32",
            "double" => "float64",
            other => other,
        })
        .collect();
    Some(names.join(", "))
}

/// Checks that input `index` of `op` has dtype `expected` (TensorFlow's dispatch check).
pub(crate) fn expect_dtype(
    op: OpType,
    index: usize,
    expected: DType,
    actual: DType,
) -> OpResult<()> {
    if expected == actual {
        Ok(())
    } else {
        Err(OpError::dtype_mismatch(op, index, expected, actual))
    }
}

/// An internal inconsistency (a storage variant that does not match its dtype): never
/// expected, reported instead of panicking.
pub(crate) fn internal(op: OpType, what: &str) -> OpError {
    OpError::kernel(ErrorClass::Internal, op, format!("internal error: {what}"))
}
