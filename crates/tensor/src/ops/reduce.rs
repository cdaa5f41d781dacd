//! Reductions over axes (`Sum`, `Mean`, `Max`, `Min`, `Prod`, `Any`, `All`) with negative
//! axes and `keepdims`, and `ArgMax`/`ArgMin`.
//!
//! Float sums accumulate in f64 and round once, so results are the correctly rounded sum;
//! Eigen's tree reduction in f32 can differ in the last bit for long inputs. Integer mean
//! divides with truncation, as TensorFlow does (`reduce_mean([1, 2, 2]) == 1`).

use super::support::{check_allowed, expect_dtype, internal};
use super::OpType;
use crate::dtype::DType;
use crate::error::{OpError, OpResult};
use crate::shape::Shape;
use crate::tensor::{Tensor, TensorData};

/// A reduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReduceOp {
    /// `tf.reduce_sum`.
    Sum,
    /// `tf.reduce_mean`.
    Mean,
    /// `tf.reduce_max` (`-inf` / lowest value when empty).
    Max,
    /// `tf.reduce_min` (`inf` / highest value when empty).
    Min,
    /// `tf.reduce_prod`.
    Prod,
    /// `tf.reduce_any` (bool).
    Any,
    /// `tf.reduce_all` (bool).
    All,
}

impl ReduceOp {
    /// The TensorFlow op type.
    pub fn op_type(self) -> OpType {
        match self {
            ReduceOp::Sum => OpType::Sum,
            ReduceOp::Mean => OpType::Mean,
            ReduceOp::Max => OpType::Max,
            ReduceOp::Min => OpType::Min,
            ReduceOp::Prod => OpType::Prod,
            ReduceOp::Any => OpType::Any,
            ReduceOp::All => OpType::All,
        }
    }
}

/// Which output element each input element folds into.
struct ReducePlan {
    output_shape: Shape,
    output_count: usize,
    /// Output index of every input element, in row-major input order.
    targets: Vec<usize>,
    /// Which input axes are reduced.
    reduced: Vec<bool>,
}

impl ReducePlan {
    fn new(op: OpType, shape: &Shape, axes: Option<&[i64]>, keep_dims: bool) -> OpResult<Self> {
        let rank = shape.rank();
        let mut reduced = vec![axes.is_none(); rank];
        for &axis in axes.unwrap_or(&[]) {
            let resolved = Shape::normalize_axis(axis, rank).ok_or_else(|| {
                OpError::invalid_argument(
                    op,
                    format!(
                        "Invalid reduction dimension ({axis} for input with {rank} dimension(s)"
                    ),
                )
            })?;
            reduced[resolved] = true;
        }
        let mut output_dims = Vec::new();
        for (axis, &dim) in shape.dims().iter().enumerate() {
            if !reduced[axis] {
                output_dims.push(dim);
            } else if keep_dims {
                output_dims.push(1);
            }
        }
        let output_shape = Shape::new(output_dims);
        let output_count = crate::limits::check_elements(&output_shape)?;
        let input_count = crate::limits::check_elements(shape)?;
        // Output stride of each input axis (0 for reduced axes).
        let kept: Vec<usize> = (0..rank)
            .filter(|&axis| !reduced[axis])
            .map(|axis| shape.dims()[axis])
            .collect();
        let kept_strides = Shape::new(kept).strides();
        let mut strides = vec![0usize; rank];
        let mut next = 0;
        for axis in 0..rank {
            if !reduced[axis] {
                strides[axis] = kept_strides[next];
                next += 1;
            }
        }
        let mut targets = Vec::with_capacity(input_count);
        let mut counter = vec![0usize; rank];
        let mut offset = 0usize;
        for _ in 0..input_count {
            targets.push(offset);
            for axis in (0..rank).rev() {
                counter[axis] += 1;
                offset += strides[axis];
                if counter[axis] < shape.dims()[axis] {
                    break;
                }
                offset -= strides[axis] * counter[axis];
                counter[axis] = 0;
            }
        }
        Ok(ReducePlan {
            output_shape,
            output_count,
            targets,
            reduced,
        })
    }

    fn fold<T: Copy, A: Copy>(&self, values: &[T], init: A, f: impl Fn(A, T) -> A) -> Vec<A> {
        let mut accumulators = vec![init; self.output_count];
        for (value, &target) in values.iter().zip(&self.targets) {
            accumulators[target] = f(accumulators[target], *value);
        }
        accumulators
    }

    fn group_size(&self, input_count: usize) -> usize {
        input_count.checked_div(self.output_count).unwrap_or(0)
    }
}

fn float_reduce(op: ReduceOp, plan: &ReducePlan, values: &[f64]) -> Vec<f64> {
    match op {
        ReduceOp::Sum => plan.fold(values, 0.0, |a, v| a + v),
        ReduceOp::Mean => {
            let count = plan.group_size(values.len()) as f64;
            plan.fold(values, 0.0, |a, v| a + v)
                .into_iter()
                .map(|sum| sum / count)
                .collect()
        }
        ReduceOp::Prod => plan.fold(values, 1.0, |a, v| a * v),
        ReduceOp::Max => plan.fold(values, f64::NEG_INFINITY, |a, v| {
            if a.is_nan() || v.is_nan() {
                f64::NAN
            } else {
                a.max(v)
            }
        }),
        ReduceOp::Min => plan.fold(values, f64::INFINITY, |a, v| {
            if a.is_nan() || v.is_nan() {
                f64::NAN
            } else {
                a.min(v)
            }
        }),
        ReduceOp::Any | ReduceOp::All => Vec::new(),
    }
}

/// Reduces integer values in i64 (wrapping) given the type's lowest and highest values.
/// `Sum`, `Mean` and `Prod` of complex numbers (the only reductions TensorFlow registers
/// for them), added in order.
fn complex_reduce<T: num_traits::Float>(
    op: ReduceOp,
    plan: &ReducePlan,
    values: &[num_complex::Complex<T>],
) -> Vec<num_complex::Complex<T>> {
    let zero = num_complex::Complex::new(T::zero(), T::zero());
    let sums = || plan.fold(values, zero, |a, v| a + v);
    match op {
        ReduceOp::Mean => {
            let count = T::from(plan.group_size(values.len())).unwrap_or_else(T::one);
            sums().into_iter().map(|sum| sum / count).collect()
        }
        ReduceOp::Prod => plan.fold(
            values,
            num_complex::Complex::new(T::one(), T::zero()),
            |a, v| a * v,
        ),
        _ => sums(),
    }
}

fn int_reduce(
    op: ReduceOp,
    plan: &ReducePlan,
    values: &[i64],
    lowest: i64,
    highest: i64,
) -> Vec<i64> {
    match op {
        ReduceOp::Sum => plan.fold(values, 0i64, i64::wrapping_add),
        ReduceOp::Mean => {
            let count = plan.group_size(values.len()) as i64;
            plan.fold(values, 0i64, i64::wrapping_add)
                .into_iter()
                .map(|sum| sum.checked_div(count).unwrap_or(0))
                .collect()
        }
        ReduceOp::Prod => plan.fold(values, 1i64, i64::wrapping_mul),
        ReduceOp::Max => plan.fold(values, lowest, i64::max),
        ReduceOp::Min => plan.fold(values, highest, i64::min),
        ReduceOp::Any | ReduceOp::All => Vec::new(),
    }
}

/// `Sum` or `Mean` of float32 or float64 values in the element type, added in the order
/// of TensorFlow's CPU kernel ([`super::eigen_sum`]); the mean divides each sum by the
/// number of values it adds, in the element type, as `MeanReducer` does.
fn eigen_order_sum<T>(op: ReduceOp, plan: &ReducePlan, values: &[T], dims: &[usize]) -> Vec<T>
where
    T: super::eigen_sum::PacketFloat + std::ops::Div<Output = T>,
{
    let sums = super::eigen_sum::tf_sum(values, dims, &plan.reduced);
    if op != ReduceOp::Mean {
        return sums;
    }
    let count = plan.group_size(values.len());
    let divisor = T::from_count(count);
    sums.into_iter().map(|sum| sum / divisor).collect()
}

/// Reduces `input` over `axes` (all axes when `None`); negative axes count from the end.
pub fn reduce(
    op: ReduceOp,
    input: &Tensor,
    axes: Option<&[i64]>,
    keep_dims: bool,
) -> OpResult<Tensor> {
    let op_type = op.op_type();
    if matches!(op, ReduceOp::Any | ReduceOp::All) {
        expect_dtype(op_type, 0, DType::Bool, input.dtype())?;
    } else {
        check_allowed(op_type, input.dtype())?;
    }
    let plan = ReducePlan::new(op_type, input.shape(), axes, keep_dims)?;
    let dtype = input.dtype();
    let data = match input.data() {
        TensorData::Bool(values) => {
            let any = op == ReduceOp::Any;
            TensorData::Bool(plan.fold(values, !any, |a, v| if any { a || v } else { a && v }))
        }
        TensorData::Float32(values)
            if dtype == DType::Float32
                && matches!(op, ReduceOp::Sum | ReduceOp::Mean)
                && !values.is_empty() =>
        {
            TensorData::Float32(eigen_order_sum(op, &plan, values, input.dims()))
        }
        TensorData::Float64(values)
            if matches!(op, ReduceOp::Sum | ReduceOp::Mean) && !values.is_empty() =>
        {
            TensorData::Float64(eigen_order_sum(op, &plan, values, input.dims()))
        }
        TensorData::Float32(values) => {
            let wide: Vec<f64> = values.iter().map(|&v| f64::from(v)).collect();
            let reduced = float_reduce(op, &plan, &wide);
            TensorData::Float32(reduced.into_iter().map(|v| v as f32).collect())
        }
        TensorData::Float64(values) => TensorData::Float64(float_reduce(op, &plan, values)),
        TensorData::String(_) => return Err(internal(op_type, "string reduction")),
        TensorData::Complex64(values) => TensorData::Complex64(complex_reduce(op, &plan, values)),
        TensorData::Complex128(values) => TensorData::Complex128(complex_reduce(op, &plan, values)),
        other => {
            let values = input
                .to_i64_vec()
                .ok_or_else(|| internal(op_type, "integer storage"))?;
            let (lowest, highest) = match other {
                TensorData::Int8(_) => (i64::from(i8::MIN), i64::from(i8::MAX)),
                TensorData::Int16(_) => (i64::from(i16::MIN), i64::from(i16::MAX)),
                TensorData::Int32(_) => (i64::from(i32::MIN), i64::from(i32::MAX)),
                TensorData::UInt8(_) => (0, i64::from(u8::MAX)),
                TensorData::UInt16(_) => (0, i64::from(u16::MAX)),
                TensorData::UInt32(_) => (0, i64::from(u32::MAX)),
                _ => (i64::MIN, i64::MAX),
            };
            let reduced = int_reduce(op, &plan, &values, lowest, highest);
            return super::cast(
                &Tensor::new(
                    DType::Int64,
                    plan.output_shape.clone(),
                    TensorData::Int64(reduced),
                )?,
                dtype,
            );
        }
    };
    Tensor::new(dtype, plan.output_shape, data)
}

/// Which extreme an arg-reduction looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArgReduceOp {
    /// `tf.argmax`.
    ArgMax,
    /// `tf.argmin`.
    ArgMin,
}

/// The index of the extreme value in each lane of `values` (of shape `dims`) along `axis`
/// (which must not be empty), for every other position in row-major order. Ties give the
/// first index. A NaN never wins unless it comes first (TensorFlow), or, with `nan_wins`,
/// the first NaN wins (NumPy).
pub fn arg_reduce_lanes(
    values: &[f64],
    dims: &[usize],
    axis: usize,
    op: ArgReduceOp,
    nan_wins: bool,
) -> Vec<i64> {
    let outer: usize = dims[..axis].iter().product();
    let len = dims[axis];
    let inner: usize = dims[axis + 1..].iter().product();
    let mut indices = Vec::with_capacity(outer * inner);
    for o in 0..outer {
        for i in 0..inner {
            let at = |k: usize| values[(o * len + k) * inner + i];
            let mut best = 0usize;
            for k in 1..len {
                if nan_wins && at(best).is_nan() {
                    break;
                }
                let better = (nan_wins && at(k).is_nan())
                    || match op {
                        ArgReduceOp::ArgMax => at(k) > at(best),
                        ArgReduceOp::ArgMin => at(k) < at(best),
                    };
                if better {
                    best = k;
                }
            }
            indices.push(best as i64);
        }
    }
    indices
}

/// `tf.argmax` / `tf.argmin` along `axis`, returning `output_type` (int64 by default in
/// TensorFlow, or int32). Ties give the first index; NaN never wins unless it comes first.
pub fn arg_reduce(
    op: ArgReduceOp,
    input: &Tensor,
    axis: i64,
    output_type: DType,
) -> OpResult<Tensor> {
    let op_type = match op {
        ArgReduceOp::ArgMax => OpType::ArgMax,
        ArgReduceOp::ArgMin => OpType::ArgMin,
    };
    check_allowed(op_type, input.dtype())?;
    let rank = input.rank();
    let resolved = Shape::normalize_axis(axis, rank).ok_or_else(|| {
        OpError::invalid_argument(
            op_type,
            format!(
                "Expected dimension in the range [{}, {rank}), but got {axis}",
                -(rank as i64)
            ),
        )
    })?;
    let dims = input.dims();
    if dims[resolved] == 0 {
        return Err(OpError::invalid_argument(
            op_type,
            format!(
                "Reduction axis {resolved} is empty in shape {}",
                input.shape().to_tf_list()
            ),
        ));
    }
    let values = match input.data() {
        TensorData::String(_) => return Err(internal(op_type, "string argmax")),
        _ => input
            .to_f64_vec()
            .ok_or_else(|| internal(op_type, "numeric storage"))?,
    };
    let indices = arg_reduce_lanes(&values, dims, resolved, op, false);
    let output_dims: Vec<usize> = dims
        .iter()
        .enumerate()
        .filter(|&(a, _)| a != resolved)
        .map(|(_, &d)| d)
        .collect();
    let result = Tensor::new(
        DType::Int64,
        Shape::new(output_dims),
        TensorData::Int64(indices),
    )?;
    super::cast(&result, output_type)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matrix() -> Tensor {
        Tensor::from_vec(Shape::new(vec![2, 2]), vec![1.0f32, 2.0, 3.0, 4.0]).unwrap()
    }

    #[test]
    fn corpus_reductions() {
        let sum = reduce(ReduceOp::Sum, &matrix(), None, false).unwrap();
        assert_eq!(sum.dims(), &[] as &[usize]);
        assert_eq!(sum.as_slice::<f32>(), Some(&[10.0][..]));
        let mean = reduce(ReduceOp::Mean, &matrix(), Some(&[0]), false).unwrap();
        assert_eq!(mean.as_slice::<f32>(), Some(&[2.0, 3.0][..]));
        let kept = reduce(ReduceOp::Max, &matrix(), Some(&[-1]), true).unwrap();
        assert_eq!(kept.dims(), &[2, 1]);
        assert_eq!(kept.as_slice::<f32>(), Some(&[2.0, 4.0][..]));
        let ints = Tensor::from_vec(Shape::new(vec![6]), (0..6).collect::<Vec<i32>>()).unwrap();
        let total = reduce(ReduceOp::Sum, &ints, None, false).unwrap();
        assert_eq!(total.as_slice::<i32>(), Some(&[15][..]));
    }

    #[test]
    fn integer_mean_truncates_and_empty_extremes() {
        let ints = Tensor::from_vec(Shape::new(vec![3]), vec![1i32, 2, 2]).unwrap();
        let mean = reduce(ReduceOp::Mean, &ints, None, false).unwrap();
        assert_eq!(mean.as_slice::<i32>(), Some(&[1][..]));
        let empty = Tensor::from_vec(Shape::new(vec![0]), Vec::<f32>::new()).unwrap();
        let max = reduce(ReduceOp::Max, &empty, None, false).unwrap();
        assert_eq!(max.as_slice::<f32>(), Some(&[f32::NEG_INFINITY][..]));
        let mean = reduce(ReduceOp::Mean, &empty, None, false).unwrap();
        assert!(mean.as_slice::<f32>().unwrap()[0].is_nan());
        let empty_ints = Tensor::from_vec(Shape::new(vec![0]), Vec::<i32>::new()).unwrap();
        let max = reduce(ReduceOp::Max, &empty_ints, None, false).unwrap();
        assert_eq!(max.as_slice::<i32>(), Some(&[i32::MIN][..]));
    }

    #[test]
    fn axis_errors() {
        let error = reduce(ReduceOp::Sum, &matrix(), Some(&[5]), false).unwrap_err();
        assert_eq!(
            error.eager_message("/job:localhost/replica:0/task:0/device:CPU:0"),
            "{{function_node __wrapped__Sum_device_/job:localhost/replica:0/task:0/device:CPU:0}} \
             Invalid reduction dimension (5 for input with 2 dimension(s) [Op:Sum] name: "
        );
        let error = arg_reduce(ArgReduceOp::ArgMax, &matrix(), 3, DType::Int64).unwrap_err();
        assert_eq!(
            error.message,
            "Expected dimension in the range [-2, 2), but got 3"
        );
    }

    #[test]
    fn argmax_and_argmin() {
        let ints = Tensor::from_vec(Shape::new(vec![2, 2]), vec![1i32, 5, 7, 2]).unwrap();
        let result = arg_reduce(ArgReduceOp::ArgMax, &ints, 0, DType::Int64).unwrap();
        assert_eq!(result.as_slice::<i64>(), Some(&[1, 0][..]));
        let result = arg_reduce(ArgReduceOp::ArgMin, &ints, 1, DType::Int32).unwrap();
        assert_eq!(result.as_slice::<i32>(), Some(&[0, 1][..]));
        let with_nan = Tensor::from_vec(Shape::new(vec![3]), vec![1.0f32, f32::NAN, 3.0]).unwrap();
        let result = arg_reduce(ArgReduceOp::ArgMax, &with_nan, 0, DType::Int64).unwrap();
        assert_eq!(result.as_slice::<i64>(), Some(&[2][..]));
        let empty = Tensor::from_vec(Shape::new(vec![0]), Vec::<f32>::new()).unwrap();
        let error = arg_reduce(ArgReduceOp::ArgMax, &empty, 0, DType::Int64).unwrap_err();
        assert_eq!(error.message, "Reduction axis 0 is empty in shape [0]");
    }

    #[test]
    fn numpy_lanes_let_the_first_nan_win() {
        let values = [1.0, f64::NAN, 3.0, f64::NAN, 4.0, 0.0];
        let tf = arg_reduce_lanes(&values, &[6], 0, ArgReduceOp::ArgMax, false);
        let numpy = arg_reduce_lanes(&values, &[6], 0, ArgReduceOp::ArgMin, true);
        assert_eq!((tf, numpy), (vec![4], vec![1]));
        // Lanes along the first axis of a 2×3: columns.
        let lanes = arg_reduce_lanes(&values, &[2, 3], 0, ArgReduceOp::ArgMax, true);
        assert_eq!(lanes, vec![1, 0, 0]);
    }
}
