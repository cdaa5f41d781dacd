//! Ops with several outputs that cut a tensor into pieces along one axis: `Split`
//! (`tf.split` into equal parts), `SplitV` (`tf.split` into given sizes, one of them `-1`
//! for the rest) and `Unpack` (`tf.unstack`, one piece per position, the axis dropped).
//!
//! Every piece is a `StridedSlice` of the input, so the kernels share its copying.

use super::manip::{slice, SliceSpec};
use super::OpType;
use crate::error::{OpError, OpResult};
use crate::tensor::Tensor;

/// How `tf.split` divides the axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitSizes<'a> {
    /// `Split`: this many equal parts.
    Equal(usize),
    /// `SplitV`: these sizes; at most one `-1` takes what the others leave.
    Sizes(&'a [i64]),
}

/// The `Split`/`SplitV` kernels' check of `split_dim` against the input's rank.
fn split_axis(input: &Tensor, axis: i64, error: &dyn Fn(String) -> OpError) -> OpResult<usize> {
    let rank = input.rank() as i64;
    if axis < -rank || axis >= rank {
        return Err(error(format!(
            "-input rank(-{rank}) <= split_dim < input rank ({rank}), but got {axis}"
        )));
    }
    Ok(if axis < 0 { axis + rank } else { axis } as usize)
}

/// `tf.split(input, num_or_size_splits, axis)`: the pieces, in order.
pub fn split(input: &Tensor, axis: i64, sizes: SplitSizes<'_>) -> OpResult<Vec<Tensor>> {
    let (op, count) = match sizes {
        SplitSizes::Equal(count) => (OpType::Split, count),
        SplitSizes::Sizes(sizes) => (OpType::SplitV, sizes.len()),
    };
    let function = format!("{}_num_split_{count}", op.name());
    let error =
        |message: String| OpError::invalid_argument(op, message).with_function(function.clone());
    let axis = split_axis(input, axis, &error)?;
    let length = input.dims()[axis] as i64;
    let lengths: Vec<i64> = match sizes {
        SplitSizes::Equal(count) => {
            let count = count as i64;
            if count == 0 || length % count != 0 {
                return Err(error(format!(
                    "Number of ways to split should evenly divide the split dimension, but got split_dim {axis} (size = {length}) and num_split {count}"
                )));
            }
            vec![length / count; count as usize]
        }
        SplitSizes::Sizes(sizes) => split_v_lengths(sizes, length, &error)?,
    };
    let mut pieces = Vec::with_capacity(lengths.len());
    let mut start = 0i64;
    for piece_length in lengths {
        let mut specs = vec![
            SliceSpec::Range {
                start: None,
                stop: None,
                step: None,
            };
            axis
        ];
        specs.push(SliceSpec::Range {
            start: Some(start),
            stop: Some(start + piece_length),
            step: None,
        });
        pieces.push(slice(input, &specs)?);
        start += piece_length;
    }
    Ok(pieces)
}

/// `SplitV`'s sizes with its `-1` resolved, or the kernel's error.
fn split_v_lengths(
    sizes: &[i64],
    length: i64,
    error: &dyn Fn(String) -> OpError,
) -> OpResult<Vec<i64>> {
    let mut rest = None;
    let mut determined = 0i64;
    for (index, &size) in sizes.iter().enumerate() {
        if size == -1 {
            if rest.is_some() {
                return Err(error("There can only be one -1 in the input.".to_string()));
            }
            rest = Some(index);
        } else {
            determined = determined.saturating_add(size);
        }
    }
    let fits = match rest {
        None => determined == length,
        Some(_) => determined <= length,
    };
    // A negative size other than -1 would make a piece start before its predecessor's end.
    let negative = sizes.iter().any(|&size| size < -1);
    if !fits || negative {
        return Err(error(format!(
            "Determined shape must either match input shape along split_dim exactly if fully specified, or be less than the size of the input along split_dim if not fully specified.  Got: {determined}"
        )));
    }
    let mut lengths = sizes.to_vec();
    if let Some(index) = rest {
        lengths[index] = length - determined;
    }
    Ok(lengths)
}

/// `tf.unstack(value, num, axis)` (`Unpack`): the `num` slices at each position of
/// `axis` (already made non-negative), which must be `num` long.
pub fn unstack(input: &Tensor, axis: usize, num: usize) -> OpResult<Vec<Tensor>> {
    let function = format!("Unpack_num_{num}");
    let error = |message: String| {
        OpError::invalid_argument(OpType::Unpack, message).with_function(function.clone())
    };
    let Some(&length) = input.dims().get(axis) else {
        return Err(error(format!(
            "axis = {axis} not in [{}, {})",
            -(input.rank() as i64),
            input.rank()
        )));
    };
    if length != num {
        return Err(error(format!(
            "Input shape axis {axis} must equal {num}, got shape {}",
            input.shape().to_tf_list()
        )));
    }
    let full = SliceSpec::Range {
        start: None,
        stop: None,
        step: None,
    };
    (0..length)
        .map(|position| {
            let mut specs = vec![full; axis];
            specs.push(SliceSpec::Index(position as i64));
            slice(input, &specs)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    fn matrix() -> Tensor {
        Tensor::from_vec(Shape::new(vec![2, 4]), (1..=8).collect::<Vec<i32>>()).unwrap()
    }

    #[test]
    fn equal_parts_and_sizes_with_a_rest() {
        let pieces = split(&matrix(), 1, SplitSizes::Equal(2)).unwrap();
        assert_eq!(pieces[1].to_i64_vec().unwrap(), vec![3, 4, 7, 8]);
        let pieces = split(&matrix(), -1, SplitSizes::Sizes(&[1, -1])).unwrap();
        assert_eq!(pieces[1].dims(), &[2, 3]);
        assert_eq!(pieces[0].to_i64_vec().unwrap(), vec![1, 5]);
    }

    #[test]
    fn bad_splits_give_the_kernel_errors() {
        let error = split(&matrix(), 1, SplitSizes::Equal(3)).unwrap_err();
        assert!(error
            .message
            .contains("split_dim 1 (size = 4) and num_split 3"));
        let error = split(&matrix(), 2, SplitSizes::Sizes(&[1, 3])).unwrap_err();
        assert_eq!(
            error.message,
            "-input rank(-2) <= split_dim < input rank (2), but got 2"
        );
        let error = split(&matrix(), 1, SplitSizes::Sizes(&[-1, -1])).unwrap_err();
        assert_eq!(error.message, "There can only be one -1 in the input.");
        assert!(split(&matrix(), 1, SplitSizes::Sizes(&[6, -2])).is_err());
    }

    #[test]
    fn unstack_drops_the_axis() {
        let rows = unstack(&matrix(), 1, 4).unwrap();
        assert_eq!(rows.len(), 4);
        assert_eq!(rows[3].to_i64_vec().unwrap(), vec![4, 8]);
        assert!(unstack(&Tensor::scalar(1i32), 0, 1).is_err());
        assert_eq!(
            unstack(&matrix(), 0, 3).unwrap_err().message,
            "Input shape axis 0 must equal 3, got shape [2,4]"
        );
    }
}
