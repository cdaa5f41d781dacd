//! `tf.nn.max_pool2d` and `tf.nn.avg_pool2d`: `MaxPool` and `AvgPool` over NHWC windows
//! (`SAME`/`VALID`), and their gradients `MaxPoolGrad` and `AvgPoolGrad`, with TensorFlow's
//! checks and texts (recorded from tensorflow-cpu 2.21.0).
//!
//! As TensorFlow's CPU kernels compute them: a max ignores padding; an average sums the
//! window's inputs in row-major order and divides by how many are inside the image (padding
//! is not counted). The max gradient goes to the first maximum of each window in row-major
//! order, added up in output order; the average gradient adds `dy · (1 / count)` (the
//! coefficient computed in double, then rounded) to each input of the window.

use super::support::internal;
use super::window::{four, size, unimplemented, window_dim, Padding, WindowDim};
use super::OpType;
use crate::dtype::DType;
use crate::error::{ErrorClass, OpError, OpResult};
use crate::limits;
use crate::shape::Shape;
use crate::tensor::{round_to_dtype, Tensor, TensorData};

/// The op signature TensorFlow prints after an attr error of `MaxPool`.
pub const MAX_POOL_SIGNATURE: &str = "Op<name=MaxPool; signature=input:T -> output:T; \
attr=T:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE, DT_INT32, \
DT_INT64, DT_UINT8, DT_INT16, DT_INT8, DT_UINT16, DT_QINT8]; attr=ksize:list(int),min=4; \
attr=strides:list(int),min=4; attr=padding:string,allowed=[\"SAME\", \"VALID\", \"EXPLICIT\"]; \
attr=explicit_paddings:list(int),default=[]; \
attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\", \"NCHW_VECT_C\"]>";

/// The op signature TensorFlow prints after an attr error of `AvgPool`.
pub const AVG_POOL_SIGNATURE: &str = "Op<name=AvgPool; signature=value:T -> output:T; \
attr=ksize:list(int),min=4; attr=strides:list(int),min=4; \
attr=padding:string,allowed=[\"SAME\", \"VALID\"]; \
attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\"]; \
attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]>";

/// Which pooling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PoolKind {
    /// `MaxPool`.
    Max,
    /// `AvgPool`.
    Avg,
}

impl PoolKind {
    /// The forward op.
    pub fn op_type(self) -> OpType {
        match self {
            PoolKind::Max => OpType::MaxPool,
            PoolKind::Avg => OpType::AvgPool,
        }
    }

    /// Its gradient's op type (`MaxPoolGrad`, `AvgPoolGrad`).
    pub fn grad_op_type(self) -> OpType {
        match self {
            PoolKind::Max => OpType::MaxPoolGrad,
            PoolKind::Avg => OpType::AvgPoolGrad,
        }
    }
}

/// The attrs of `MaxPool` / `AvgPool`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolAttrs {
    /// `ksize`: 4 values, NHWC.
    pub ksize: Vec<i64>,
    /// `strides`: 4 values, NHWC.
    pub strides: Vec<i64>,
    /// `SAME` or `VALID`.
    pub padding: Padding,
    /// `data_format` is `NCHW` (CPU kernels support only `NHWC`).
    pub nchw: bool,
}

/// The dimensions of one pooling after TensorFlow's checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolGeometry {
    /// Images.
    pub batch: usize,
    /// The rows dimension.
    pub rows: WindowDim,
    /// The columns dimension.
    pub cols: WindowDim,
    /// Channels.
    pub depth: usize,
}

impl PoolGeometry {
    /// The output shape, NHWC.
    pub fn output_shape(&self) -> Shape {
        Shape::new(vec![
            self.batch,
            self.rows.output,
            self.cols.output,
            self.depth,
        ])
    }

    /// `(first input offset, ...)` of every in-image tap of output `(n, oh, ow)`, row-major.
    fn taps(&self, n: usize, oh: usize, ow: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.rows.kernel).flat_map(move |r| {
            (0..self.cols.kernel).filter_map(move |s| {
                let ih = self.rows.input_index(oh, r)?;
                let iw = self.cols.input_index(ow, s)?;
                Some(((n * self.rows.input + ih) * self.cols.input + iw) * self.depth)
            })
        })
    }

    fn positions(&self) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        (0..self.batch).flat_map(move |n| {
            (0..self.rows.output)
                .flat_map(move |oh| (0..self.cols.output).map(move |ow| (n, oh, ow)))
        })
    }
}

/// The checks of the pooling kernels' constructors and `PoolParameters`.
pub fn pool_geometry(kind: PoolKind, input: &[usize], attrs: &PoolAttrs) -> OpResult<PoolGeometry> {
    let op = kind.op_type();
    if attrs.nchw {
        let name = match kind {
            PoolKind::Max => "MaxPoolingOp",
            PoolKind::Avg => "AvgPoolingOp",
        };
        return Err(OpError::invalid_argument(
            op,
            format!("Default {name} only supports NHWC on device type CPU"),
        ));
    }
    let ksize = four(&attrs.ksize).ok_or_else(|| {
        OpError::invalid_argument(op, "Sliding window ksize field must specify 4 dimensions")
    })?;
    let strides = four(&attrs.strides).ok_or_else(|| {
        OpError::invalid_argument(op, "Sliding window stride field must specify 4 dimensions")
    })?;
    if ksize[0] != 1 || strides[0] != 1 {
        return Err(unimplemented(
            op,
            "Pooling is not yet supported on the batch dimension.",
        ));
    }
    if ksize.iter().any(|k| *k <= 0) {
        let listed: Vec<String> = ksize.iter().map(i64::to_string).collect();
        return Err(OpError::invalid_argument(
            op,
            format!(
                "Sliding window ksize must be positive. The specified or inferred ksize is: {}",
                listed.join(",")
            ),
        ));
    }
    let [batch, rows, cols, depth]: [usize; 4] = input.try_into().map_err(|_| {
        OpError::invalid_argument(
            op,
            format!(
                "tensor_in_shape must have 2 spatial dimensions. {} 0",
                input.len()
            ),
        )
    })?;
    if ksize[3] != 1 {
        return Err(unimplemented(
            op,
            "MaxPooling supports exactly one of pooling across depth or pooling across \
             width/height.",
        ));
    }
    let pads = |axis: usize| match &attrs.padding {
        Padding::Explicit(values) => (
            size(values.get(2 * axis).copied().unwrap_or(0)),
            size(values.get(2 * axis + 1).copied().unwrap_or(0)),
        ),
        _ => (0, 0),
    };
    let dim = |input: usize, axis: usize| {
        window_dim(
            op,
            input,
            size(ksize[axis]),
            1,
            usize::try_from(strides[axis]).unwrap_or(0),
            &attrs.padding,
            pads(axis),
        )
    };
    Ok(PoolGeometry {
        batch,
        rows: dim(rows, 1)?,
        cols: dim(cols, 2)?,
        depth,
    })
}

/// The dtypes `AvgPool` takes (`MaxPool` takes every real type the playground has).
fn check_dtype(kind: PoolKind, dtype: DType) -> OpResult<()> {
    let allowed = match kind {
        PoolKind::Max => dtype != DType::Bool && dtype != DType::String,
        PoolKind::Avg => dtype.is_floating(),
    };
    if allowed {
        return Ok(());
    }
    let (list, node, signature) = match kind {
        PoolKind::Max => (
            "half, bfloat16, float, double, int32, int64, uint8, int16, int8, uint16, qint8",
            "MaxPool",
            MAX_POOL_SIGNATURE,
        ),
        PoolKind::Avg => (
            "half, bfloat16, float, double",
            "AvgPool",
            AVG_POOL_SIGNATURE,
        ),
    };
    Err(OpError::dispatch(
        ErrorClass::InvalidArgument,
        kind.op_type(),
        format!(
            "Value for attr 'T' of {} is not in the list of allowed values: {list}\n\t; \
             NodeDef: {{{{node {node}}}}}; {signature}",
            dtype.kernel_name()
        ),
    ))
}

/// `MaxPool` / `AvgPool` of an NHWC `input`.
pub fn pool(kind: PoolKind, input: &Tensor, attrs: &PoolAttrs) -> OpResult<Tensor> {
    let op = kind.op_type();
    check_dtype(kind, input.dtype())?;
    let geometry = pool_geometry(kind, input.dims(), attrs)?;
    let shape = geometry.output_shape();
    let count = limits::check_elements(&shape)?;
    let window = (geometry.rows.kernel as u64).saturating_mul(geometry.cols.kernel as u64);
    limits::check_work(op.name(), Some((count as u64).saturating_mul(window)))?;
    macro_rules! max_of {
        ($values:expr, $variant:ident) => {
            TensorData::$variant(max_pool(&geometry, $values))
        };
    }
    let data = match (kind, input.data()) {
        (PoolKind::Avg, TensorData::Float32(x)) => {
            let out = avg_pool(&geometry, x, 0f32, |sum, n| sum / n as f32);
            TensorData::Float32(
                out.into_iter()
                    .map(|v| round_to_dtype(input.dtype(), v))
                    .collect(),
            )
        }
        (PoolKind::Avg, TensorData::Float64(x)) => {
            TensorData::Float64(avg_pool(&geometry, x, 0f64, |sum, n| sum / n as f64))
        }
        (PoolKind::Max, TensorData::Float32(x)) => max_of!(x, Float32),
        (PoolKind::Max, TensorData::Float64(x)) => max_of!(x, Float64),
        (PoolKind::Max, TensorData::Int8(x)) => max_of!(x, Int8),
        (PoolKind::Max, TensorData::Int16(x)) => max_of!(x, Int16),
        (PoolKind::Max, TensorData::Int32(x)) => max_of!(x, Int32),
        (PoolKind::Max, TensorData::Int64(x)) => max_of!(x, Int64),
        (PoolKind::Max, TensorData::UInt8(x)) => max_of!(x, UInt8),
        _ => return Err(internal(op, "unsupported pooling storage")),
    };
    Tensor::new(input.dtype(), shape, data)
}

/// Each output channel's largest in-image input (an all-padding window, possible only with
/// an empty image, gives nothing).
fn max_pool<T: Copy + PartialOrd>(g: &PoolGeometry, x: &[T]) -> Vec<T> {
    let mut out = Vec::with_capacity(g.batch * g.rows.output * g.cols.output * g.depth);
    for (n, oh, ow) in g.positions() {
        let start = out.len();
        for tap in g.taps(n, oh, ow) {
            let values = &x[tap..tap + g.depth];
            if out.len() == start {
                out.extend_from_slice(values);
                continue;
            }
            for (best, &value) in out[start..].iter_mut().zip(values) {
                if value > *best {
                    *best = value;
                }
            }
        }
    }
    out
}

/// Each output channel's in-image inputs summed in row-major order, divided by their count.
fn avg_pool<T: Copy + std::ops::Add<Output = T>>(
    g: &PoolGeometry,
    x: &[T],
    zero: T,
    divide: impl Fn(T, usize) -> T,
) -> Vec<T> {
    let mut out = Vec::with_capacity(g.batch * g.rows.output * g.cols.output * g.depth);
    for (n, oh, ow) in g.positions() {
        let start = out.len();
        out.resize(start + g.depth, zero);
        let mut count = 0;
        for tap in g.taps(n, oh, ow) {
            count += 1;
            for (sum, &value) in out[start..].iter_mut().zip(&x[tap..tap + g.depth]) {
                *sum = *sum + value;
            }
        }
        for sum in &mut out[start..] {
            *sum = divide(*sum, count.max(1));
        }
    }
    out
}

/// `MaxPoolGrad` / `AvgPoolGrad`: the gradient of a pooling of `input` given the output
/// gradient `grad`.
pub fn pool_grad(
    kind: PoolKind,
    input: &Tensor,
    grad: &Tensor,
    attrs: &PoolAttrs,
) -> OpResult<Tensor> {
    let op = kind.grad_op_type();
    let geometry = pool_geometry(kind, input.dims(), attrs)?;
    if grad.shape() != &geometry.output_shape() {
        return Err(OpError::invalid_argument(
            op,
            format!(
                "Expected orig_output shape to be {}, but got {}",
                geometry.output_shape().to_tf_list(),
                grad.shape().to_tf_list()
            ),
        ));
    }
    let data = match (input.data(), grad.data()) {
        (TensorData::Float32(x), TensorData::Float32(dy)) => {
            TensorData::Float32(pool_backprop(kind, &geometry, x, dy, 0f32, |d, n| {
                d * (1.0 / n as f64) as f32
            }))
        }
        (TensorData::Float64(x), TensorData::Float64(dy)) => {
            TensorData::Float64(pool_backprop(kind, &geometry, x, dy, 0f64, |d, n| {
                d * (1.0 / n as f64)
            }))
        }
        _ => return Err(internal(op, "unsupported pooling gradient storage")),
    };
    Tensor::new(grad.dtype(), input.shape().clone(), data)
}

fn pool_backprop<T: Copy + PartialOrd + std::ops::Add<Output = T>>(
    kind: PoolKind,
    g: &PoolGeometry,
    x: &[T],
    dy: &[T],
    zero: T,
    divide: impl Fn(T, usize) -> T,
) -> Vec<T> {
    let mut dx = vec![zero; x.len()];
    let mut best: Vec<Option<usize>> = vec![None; g.depth];
    for (position, (n, oh, ow)) in g.positions().enumerate() {
        let grads = &dy[position * g.depth..(position + 1) * g.depth];
        match kind {
            PoolKind::Max => {
                best.iter_mut().for_each(|slot| *slot = None);
                for tap in g.taps(n, oh, ow) {
                    for (channel, slot) in best.iter_mut().enumerate() {
                        let at = tap + channel;
                        if slot.is_none_or(|current| x[at] > x[current]) {
                            *slot = Some(at);
                        }
                    }
                }
                for (slot, &d) in best.iter().zip(grads) {
                    if let Some(at) = slot {
                        dx[*at] = dx[*at] + d;
                    }
                }
            }
            PoolKind::Avg => {
                let count = g.taps(n, oh, ow).count().max(1);
                for tap in g.taps(n, oh, ow) {
                    for (channel, &d) in grads.iter().enumerate() {
                        dx[tap + channel] = dx[tap + channel] + divide(d, count);
                    }
                }
            }
        }
    }
    dx
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ramp(dims: &[usize]) -> Tensor {
        let count: usize = dims.iter().product();
        Tensor::from_vec(
            Shape::from(dims),
            (1..=count).map(|v| v as f32 / 7.0).collect(),
        )
        .unwrap()
    }

    fn attrs(k: i64, s: i64, padding: Padding) -> PoolAttrs {
        PoolAttrs {
            ksize: vec![1, k, k, 1],
            strides: vec![1, s, s, 1],
            padding,
            nchw: false,
        }
    }

    #[test]
    fn oracle_values() {
        let x = ramp(&[1, 4, 4, 2]);
        let max = pool(PoolKind::Max, &x, &attrs(2, 2, Padding::Valid)).unwrap();
        assert_eq!(
            max.as_slice::<f32>().unwrap()[..2],
            [11.0 / 7.0, 12.0 / 7.0]
        );
        let avg = pool(PoolKind::Avg, &x, &attrs(3, 2, Padding::Same)).unwrap();
        assert_eq!(avg.dims(), &[1, 2, 2, 2]);
        // tensorflow-cpu 2.21.0 prints 1.5714287 and 2.1428573 here: the row-major sum
        // rounds the same way.
        let values = avg.as_slice::<f32>().unwrap();
        assert_eq!(values[0], 1.5714287);
        assert_eq!(values[3], 2.1428573);
    }

    #[test]
    fn gradients_route_to_the_first_maximum_and_spread_the_average() {
        let x =
            Tensor::from_vec(Shape::new(vec![1, 2, 3, 1]), vec![1f32, 5., 5., 2., 0., 5.]).unwrap();
        let dy = Tensor::from_vec(Shape::new(vec![1, 1, 2, 1]), vec![10f32, 1.]).unwrap();
        let a = attrs(2, 1, Padding::Valid);
        let dx = pool_grad(PoolKind::Max, &x, &dy, &a).unwrap();
        assert_eq!(dx.as_slice::<f32>().unwrap(), &[0., 11., 0., 0., 0., 0.]);
        let dx = pool_grad(PoolKind::Avg, &x, &dy, &a).unwrap();
        assert_eq!(
            dx.as_slice::<f32>().unwrap(),
            &[2.5, 2.75, 0.25, 2.5, 2.75, 0.25]
        );
    }

    #[test]
    fn huge_windows_are_refused_by_the_work_budget_not_looped_over() {
        let x = ramp(&[1, 3, 3, 1]);
        for a in [
            attrs(i64::MAX, 1, Padding::Same),
            attrs(1 << 40, 1 << 40, Padding::Same),
            attrs(2, i64::MAX, Padding::Same),
        ] {
            let _ = pool(PoolKind::Max, &x, &a);
            let _ = pool(PoolKind::Avg, &x, &a);
        }
        let error = pool(PoolKind::Max, &x, &attrs(1 << 40, 1, Padding::Same)).unwrap_err();
        assert_eq!(error.class, ErrorClass::ResourceExhausted);
    }

    #[test]
    fn tensorflows_errors() {
        let x = ramp(&[1, 2, 2, 1]);
        let error = pool(PoolKind::Max, &x, &attrs(5, 1, Padding::Valid)).unwrap_err();
        assert_eq!(
            error.message,
            "Computed output size would be negative: -2 [input_size: 2, effective_filter_size: \
             5, stride: 1]"
        );
        let error = pool(PoolKind::Max, &x, &attrs(0, 1, Padding::Valid)).unwrap_err();
        assert_eq!(
            error.message,
            "Sliding window ksize must be positive. The specified or inferred ksize is: 1,0,0,1"
        );
        let error = pool(PoolKind::Max, &x, &attrs(2, 0, Padding::Valid)).unwrap_err();
        assert_eq!(error.message, "Stride must be > 0, but got 0");
        let ints = Tensor::from_vec(Shape::new(vec![1, 1, 1, 1]), vec![1i32]).unwrap();
        let error = pool(PoolKind::Avg, &ints, &attrs(1, 1, Padding::Valid)).unwrap_err();
        assert!(error.message.starts_with("Value for attr 'T' of int32"));
        assert!(pool(PoolKind::Max, &ints, &attrs(1, 1, Padding::Valid)).is_ok());
    }
}
