//! `tf.nn.conv2d`: `Conv2D` (NHWC, strides, dilations, `SAME`/`VALID`/explicit padding,
//! grouped filters) and its gradients `Conv2DBackpropInput` and `Conv2DBackpropFilter`, with
//! TensorFlow's attr and shape checks and their texts (recorded from tensorflow-cpu 2.21.0).
//!
//! The CPU kernel is the implicit GEMM TensorFlow's Eigen path computes: each output element
//! sums its `K = kh·kw·cin` products in `(row, column, channel)` order in the element type
//! with fused multiply-adds (as Eigen's AVX2/FMA kernel does; checked bit for bit against
//! tensorflow-cpu 2.21.0 for K up to 360), padding taps included as zeros. For larger `K`
//! Eigen may split the sum into blocks computed on separate threads, which depends on the
//! host's core count; that is not emulated, so the last bits can differ there. On a TPU core the same GEMM runs on the MXU
//! ([`MatMulArithmetic::Mxu`]): operands rounded to bfloat16, products summed in float32 one
//! `tile`-deep slice of `K` at a time. The gradients repeat TensorFlow's custom CPU kernels
//! (with fused multiply-adds, checked bit for bit against tensorflow-cpu 2.21.0):
//! the input gradient is a GEMM of the output gradient with the filter followed by `Col2im`
//! (contributions added in output-position order), the filter gradient a GEMM of the input
//! patches with the output gradient summed over batch and positions in order.

use super::gemm::Summation;
use super::support::{expect_dtype, internal};
use super::window::{four, size, unimplemented, window_dim, Padding, WindowDim};
use super::{MatMulArithmetic, OpType};
use crate::dtype::DType;
use crate::error::{ErrorClass, OpError, OpResult};
use crate::limits;
use crate::shape::Shape;
use crate::tensor::{round_to_dtype, Tensor, TensorData};

/// The op signature TensorFlow prints after an attr error of `Conv2D`.
pub const CONV2D_SIGNATURE: &str = "Op<name=Conv2D; signature=input:T, filter:T -> output:T; \
attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE, DT_INT32]; \
attr=strides:list(int); attr=use_cudnn_on_gpu:bool,default=true; \
attr=padding:string,allowed=[\"SAME\", \"VALID\", \"EXPLICIT\"]; \
attr=explicit_paddings:list(int),default=[]; \
attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\"]; \
attr=dilations:list(int),default=[1, 1, 1, 1]>";

/// The attrs of `Conv2D` and its gradients.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conv2DAttrs {
    /// `strides`: 4 values in `data_format` order.
    pub strides: Vec<i64>,
    /// `dilations`: 4 values in `data_format` order.
    pub dilations: Vec<i64>,
    /// `padding` (with `explicit_paddings` for `EXPLICIT`).
    pub padding: Padding,
    /// `data_format` is `NCHW` (CPU kernels support only `NHWC`).
    pub nchw: bool,
}

impl Default for Conv2DAttrs {
    fn default() -> Conv2DAttrs {
        Conv2DAttrs {
            strides: vec![1; 4],
            dilations: vec![1; 4],
            padding: Padding::Valid,
            nchw: false,
        }
    }
}

/// The dimensions of one convolution after TensorFlow's checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConvGeometry {
    /// Images in the batch.
    pub batch: usize,
    /// The rows dimension.
    pub rows: WindowDim,
    /// The columns dimension.
    pub cols: WindowDim,
    /// Input channels.
    pub in_depth: usize,
    /// Input channels each filter sees (`in_depth / groups`).
    pub filter_depth: usize,
    /// Output channels.
    pub out_depth: usize,
    /// Filter groups (`in_depth / filter_depth`).
    pub groups: usize,
}

impl ConvGeometry {
    /// The output shape, NHWC.
    pub fn output_shape(&self) -> Shape {
        Shape::new(vec![
            self.batch,
            self.rows.output,
            self.cols.output,
            self.out_depth,
        ])
    }

    /// Multiply-adds of the forward GEMM (saturating).
    pub fn multiply_adds(&self) -> u64 {
        [
            self.batch,
            self.rows.output,
            self.cols.output,
            self.rows.kernel,
            self.cols.kernel,
            self.filter_depth,
            self.out_depth,
        ]
        .iter()
        .fold(1u64, |acc, dim| acc.saturating_mul(*dim as u64))
    }

    /// The GEMM depth of one group: `kh · kw · filter_depth`.
    fn depth(&self) -> usize {
        self.rows.kernel * self.cols.kernel * self.filter_depth
    }

    /// Output channels per group.
    fn group_width(&self) -> usize {
        self.out_depth / self.groups.max(1)
    }

    /// Input offset of tap `(r, s)` of output `(n, oh, ow)`, `None` in padding.
    fn input_offset(&self, n: usize, oh: usize, ow: usize, r: usize, s: usize) -> Option<usize> {
        let ih = self.rows.input_index(oh, r)?;
        let iw = self.cols.input_index(ow, s)?;
        Some(((n * self.rows.input + ih) * self.cols.input + iw) * self.in_depth)
    }
}

/// The attr checks of `Conv2DOp`'s constructor: strides and dilations of 4, none on batch or
/// depth, positive; explicit paddings non-negative and zero on batch and depth. Returns the
/// explicit `(before, after)` of rows and columns.
fn check_attrs(op: OpType, attrs: &Conv2DAttrs) -> OpResult<[(usize, usize); 2]> {
    let strides = four(&attrs.strides).ok_or_else(|| {
        OpError::invalid_argument(op, "Sliding window strides field must specify 4 dimensions")
    })?;
    let dilations = four(&attrs.dilations).ok_or_else(|| {
        OpError::invalid_argument(
            op,
            "Sliding window dilations field must specify 4 dimensions",
        )
    })?;
    let (batch, depth, spatial) = if attrs.nchw {
        (0, 1, [2, 3])
    } else {
        (0, 3, [1, 2])
    };
    if strides[batch] != 1 || strides[depth] != 1 {
        return Err(unimplemented(
            op,
            "Current implementation does not yet support strides in the batch and depth \
             dimensions.",
        ));
    }
    if spatial.iter().any(|axis| strides[*axis] <= 0) {
        return Err(OpError::invalid_argument(
            op,
            "Row and column strides should be larger than 0.",
        ));
    }
    if dilations[batch] != 1 || dilations[depth] != 1 {
        return Err(unimplemented(
            op,
            "Current implementation does not yet support dilations in the batch and depth \
             dimensions.",
        ));
    }
    if spatial.iter().any(|axis| dilations[*axis] <= 0) {
        return Err(OpError::invalid_argument(
            op,
            "Dilated rates should be larger than 0.",
        ));
    }
    let Padding::Explicit(paddings) = &attrs.padding else {
        return Ok([(0, 0); 2]);
    };
    if paddings.len() != 8 {
        return Err(OpError::invalid_argument(
            op,
            format!(
                "explicit_paddings attribute must contain 8 values, but got: {}",
                paddings.len()
            ),
        ));
    }
    if paddings.iter().any(|pad| *pad < 0) {
        return Err(OpError::invalid_argument(
            op,
            "All elements of explicit_paddings must be nonnegative",
        ));
    }
    let pair = |axis: usize| (paddings[2 * axis], paddings[2 * axis + 1]);
    if pair(batch) != (0, 0) || pair(depth) != (0, 0) {
        return Err(OpError::invalid_argument(
            op,
            "Nonzero explicit padding in the batch or depth dimensions is not supported",
        ));
    }
    let sizes = |axis: usize| (size(pair(axis).0), size(pair(axis).1));
    Ok([sizes(spatial[0]), sizes(spatial[1])])
}

/// `ComputeConv2DDimension`: the checks of the input and filter shapes and the output size.
pub fn conv_geometry(
    op: OpType,
    input: &[usize],
    filter: &[usize],
    attrs: &Conv2DAttrs,
) -> OpResult<ConvGeometry> {
    let pads = check_attrs(op, attrs)?;
    let list = |dims: &[usize]| Shape::from(dims).to_tf_list();
    let [batch, rows, cols, in_depth]: [usize; 4] = input.try_into().map_err(|_| {
        OpError::invalid_argument(
            op,
            format!("convolution input must be 4-dimensional: {}", list(input)),
        )
    })?;
    let [kernel_rows, kernel_cols, filter_depth, out_depth]: [usize; 4] =
        filter.try_into().map_err(|_| {
            OpError::invalid_argument(
                op,
                format!("convolution filter must be 4-dimensional: {}", list(filter)),
            )
        })?;
    if attrs.nchw && !is_explicit(attrs) {
        return Err(nchw_unimplemented(op));
    }
    let (rows, cols, in_depth) = if attrs.nchw {
        (in_depth, rows, cols)
    } else {
        (rows, cols, in_depth)
    };
    if filter_depth == 0 {
        return Err(OpError::invalid_argument(
            op,
            format!("filter depth must be stricly positive, got {filter_depth}"),
        ));
    }
    if in_depth % filter_depth != 0 {
        return Err(OpError::invalid_argument(
            op,
            format!(
                "input depth must be evenly divisible by filter depth: {in_depth} vs \
                 {filter_depth}"
            ),
        ));
    }
    let groups = in_depth / filter_depth;
    if groups == 0 || out_depth % groups != 0 {
        return Err(OpError::invalid_argument(
            op,
            format!(
                "output depth must be evenly divisible by number of groups: {out_depth} vs \
                 {groups}"
            ),
        ));
    }
    let (strides, dilations) = (&attrs.strides, &attrs.dilations);
    let spatial = if attrs.nchw { [2, 3] } else { [1, 2] };
    let dim = |input: usize, kernel: usize, axis: usize, pads: (usize, usize)| {
        window_dim(
            op,
            input,
            kernel,
            size(dilations[spatial[axis]]),
            size(strides[spatial[axis]]),
            &attrs.padding,
            pads,
        )
    };
    let geometry = ConvGeometry {
        batch,
        rows: dim(rows, kernel_rows, 0, pads[0])?,
        cols: dim(cols, kernel_cols, 1, pads[1])?,
        in_depth,
        filter_depth,
        out_depth,
        groups,
    };
    if attrs.nchw {
        return Err(nchw_unimplemented(op));
    }
    Ok(geometry)
}

fn is_explicit(attrs: &Conv2DAttrs) -> bool {
    matches!(attrs.padding, Padding::Explicit(_))
}

/// CPU kernels take NHWC only. TensorFlow 2.21 checks this before the shapes, except with
/// explicit padding, whose NCHW shapes are checked first.
fn nchw_unimplemented(op: OpType) -> OpError {
    unimplemented(
        op,
        "The Conv2D op currently only supports the NHWC tensor format on the CPU. The op was \
         given the format: NCHW",
    )
}

/// `tf.nn.conv2d(input, filters, ...)` as a CPU computes it.
pub fn conv2d(input: &Tensor, filter: &Tensor, attrs: &Conv2DAttrs) -> OpResult<Tensor> {
    conv2d_on(input, filter, attrs, MatMulArithmetic::Sequential)
}

/// `Conv2D` with the arithmetic of the device it runs on (the MXU's on a TPU core).
pub fn conv2d_on(
    input: &Tensor,
    filter: &Tensor,
    attrs: &Conv2DAttrs,
    arithmetic: MatMulArithmetic,
) -> OpResult<Tensor> {
    let op = OpType::Conv2D;
    expect_dtype(op, 1, input.dtype(), filter.dtype())?;
    check_conv_dtype(input.dtype())?;
    let geometry = conv_geometry(op, input.dims(), filter.dims(), attrs)?;
    let shape = geometry.output_shape();
    limits::check_elements(&shape)?;
    limits::check_work(op.name(), Some(geometry.multiply_adds()))?;
    let data = match (input.data(), filter.data(), arithmetic) {
        (TensorData::Float32(x), TensorData::Float32(w), MatMulArithmetic::Mxu { tile }) => {
            TensorData::Float32(rounded(input.dtype(), forward_mxu(x, w, &geometry, tile)))
        }
        (TensorData::Float32(x), TensorData::Float32(w), _) => {
            TensorData::Float32(rounded(input.dtype(), forward_blocked(x, w, &geometry)))
        }
        (TensorData::Float64(x), TensorData::Float64(w), _) => {
            TensorData::Float64(forward(x, w, &geometry, 0f64, |acc, p, q| {
                p.mul_add(q, acc)
            }))
        }
        (TensorData::Int32(x), TensorData::Int32(w), _) => {
            TensorData::Int32(forward(x, w, &geometry, 0i32, |acc, p, q| {
                acc.wrapping_add(p.wrapping_mul(q))
            }))
        }
        _ => return Err(internal(op, "unsupported convolution storage")),
    };
    Tensor::new(input.dtype(), shape, data)
}

/// float16 and bfloat16 live in f32 storage: results round to their precision.
fn rounded(dtype: DType, values: Vec<f32>) -> Vec<f32> {
    if dtype == DType::Float32 {
        return values;
    }
    values
        .into_iter()
        .map(|value| round_to_dtype(dtype, value))
        .collect()
}

/// `Conv2D`'s `T`: half, bfloat16, float, double, int32.
fn check_conv_dtype(dtype: DType) -> OpResult<()> {
    if matches!(
        dtype,
        DType::Float16 | DType::BFloat16 | DType::Float32 | DType::Float64 | DType::Int32
    ) {
        return Ok(());
    }
    Err(OpError::dispatch(
        ErrorClass::InvalidArgument,
        OpType::Conv2D,
        format!(
            "Value for attr 'T' of {} is not in the list of allowed values: half, bfloat16, \
             float, double, int32\n\t; NodeDef: {{{{node Conv2D}}}}; {CONV2D_SIGNATURE}",
            dtype.kernel_name()
        ),
    ))
}

/// The forward GEMM: each output row (one position's channels) accumulates the taps'
/// products in `K` order, padding taps as zeros.
fn forward<T: Copy>(
    x: &[T],
    w: &[T],
    g: &ConvGeometry,
    zero: T,
    multiply_add: impl Fn(T, T, T) -> T,
) -> Vec<T> {
    let (out_depth, width) = (g.out_depth, g.group_width());
    let mut out = vec![zero; g.batch * g.rows.output * g.cols.output * out_depth];
    let rows = out.chunks_exact_mut(out_depth.max(1));
    for (position, out_row) in rows.enumerate() {
        let (n, oh, ow) = split_position(g, position);
        for r in 0..g.rows.kernel {
            for s in 0..g.cols.kernel {
                let base = g.input_offset(n, oh, ow, r, s);
                for group in 0..g.groups {
                    let outputs = &mut out_row[group * width..(group + 1) * width];
                    for ci in 0..g.filter_depth {
                        let value = base.map_or(zero, |at| x[at + group * g.filter_depth + ci]);
                        let k = (r * g.cols.kernel + s) * g.filter_depth + ci;
                        let weights = &w[k * out_depth + group * width..][..width];
                        for (acc, &weight) in outputs.iter_mut().zip(weights) {
                            *acc = multiply_add(*acc, value, weight);
                        }
                    }
                }
            }
        }
    }
    out
}

/// [`forward`] for float32 storage, as a product per group ([`super::gemm`]): rows are output
/// positions, the depth is the taps in `(row, column, channel)` order, gathered from the
/// input one position at a time (zeros in padding), and columns are the group's filters.
fn forward_blocked(x: &[f32], w: &[f32], g: &ConvGeometry) -> Vec<f32> {
    let (out_depth, width) = (g.out_depth, g.group_width());
    let positions = g.batch * g.rows.output * g.cols.output;
    let mut out = vec![0f32; positions * out_depth];
    for group in 0..g.groups {
        super::gemm::gemm(
            summation(g),
            positions,
            g.depth(),
            width,
            |position, row| gather_patch(x, g, group, position, 0, row),
            &w[group * width..],
            out_depth,
            &mut out[group * width..],
            out_depth,
        );
    }
    out
}

/// TensorFlow's CPU convolutions fuse each product into its sum; products beyond
/// [`super::gemm::FUSED_WORK`] multiply-adds are unfused here, for speed in the browser.
fn summation(g: &ConvGeometry) -> Summation {
    if g.multiply_adds() <= super::gemm::FUSED_WORK as u64 {
        Summation::Fused
    } else {
        Summation::Unfused
    }
}

/// Taps `first..first + row.len()` of output `position` for `group`, in `(row, column,
/// channel)` order: the input values under the filter, zeros where it overhangs into
/// padding.
fn gather_patch(
    x: &[f32],
    g: &ConvGeometry,
    group: usize,
    position: usize,
    first: usize,
    row: &mut [f32],
) {
    let (n, oh, ow) = split_position(g, position);
    let channels = g.filter_depth.max(1);
    let columns = g.cols.kernel.max(1);
    // The filter position (r, s) and channel of the first tap; then whole positions.
    let (spot, mut channel) = (first / channels, first % channels);
    let (mut r, mut s) = (spot / columns, spot % columns);
    let mut filled = 0;
    while filled < row.len() {
        let count = (channels - channel).min(row.len() - filled);
        let out = &mut row[filled..filled + count];
        match g.input_offset(n, oh, ow, r, s) {
            Some(at) => out.copy_from_slice(&x[at + group * g.filter_depth + channel..][..count]),
            None => out.fill(0.0),
        }
        filled += count;
        channel = 0;
        s += 1;
        if s == columns {
            s = 0;
            r += 1;
        }
    }
}

/// [`forward`] on an MXU: operands rounded to bfloat16, each group's taps summed one
/// `tile`-deep slice at a time into a fresh float32 partial that is then added to the
/// output. Each slice is a [`super::gemm`] product, unfused: a bfloat16 product is exact
/// in float32, so adding it rounds as fusing it would, and the unfused kernels are faster.
fn forward_mxu(x: &[f32], w: &[f32], g: &ConvGeometry, tile: usize) -> Vec<f32> {
    let x: Vec<f32> = x.iter().map(|v| super::mxu::to_bf16(*v)).collect();
    let w: Vec<f32> = w.iter().map(|v| super::mxu::to_bf16(*v)).collect();
    let (out_depth, width, depth) = (g.out_depth, g.group_width(), g.depth());
    let tile = tile.max(1);
    let positions = g.batch * g.rows.output * g.cols.output;
    let mut out = vec![0f32; positions * out_depth];
    let mut partial = vec![0f32; positions * width];
    for group in 0..g.groups {
        for start in (0..depth).step_by(tile) {
            let slice = tile.min(depth - start);
            let taps = |position: usize, row: &mut [f32]| {
                gather_patch(&x, g, group, position, start, row);
            };
            let weights = &w[start * out_depth + group * width..];
            super::gemm::gemm(
                Summation::Unfused,
                positions,
                slice,
                width,
                taps,
                weights,
                out_depth,
                &mut partial,
                width,
            );
            let rows = out.chunks_exact_mut(out_depth.max(1));
            for (out_row, sums) in rows.zip(partial.chunks_exact(width.max(1))) {
                for (o, p) in out_row[group * width..][..width].iter_mut().zip(sums) {
                    *o += *p;
                }
            }
        }
    }
    out
}

/// `(image, output row, output column)` of a flat output position.
fn split_position(g: &ConvGeometry, position: usize) -> (usize, usize, usize) {
    let per_image = (g.rows.output * g.cols.output).max(1);
    let within = position % per_image;
    (
        position / per_image,
        within / g.cols.output.max(1),
        within % g.cols.output.max(1),
    )
}

/// The shapes a gradient kernel checks: `grad` must be the forward output's shape.
fn check_backprop_shape(op: OpType, geometry: &ConvGeometry, grad: &Tensor) -> OpResult<()> {
    let expected = geometry.output_shape();
    if grad.shape() != &expected {
        return Err(OpError::invalid_argument(
            op,
            format!(
                "Conv2DBackprop: out_backprop has shape {} but the convolution gives {}",
                grad.shape().to_tf_list(),
                expected.to_tf_list()
            ),
        ));
    }
    Ok(())
}

/// `Conv2DBackpropInput`: the gradient of `Conv2D` with respect to an input of
/// `input_dims`, from `filter` and the output gradient `grad`.
pub fn conv2d_backprop_input(
    input_dims: &[usize],
    filter: &Tensor,
    grad: &Tensor,
    attrs: &Conv2DAttrs,
) -> OpResult<Tensor> {
    let op = OpType::Conv2DBackpropInput;
    expect_dtype(op, 2, filter.dtype(), grad.dtype())?;
    let geometry = conv_geometry(op, input_dims, filter.dims(), attrs)?;
    if geometry.rows.dilation > 1 || geometry.cols.dilation > 1 {
        return Err(OpError::invalid_argument(
            op,
            "Current CPU implementations do not yet support dilation rates larger than 1.",
        ));
    }
    check_backprop_shape(op, &geometry, grad)?;
    let shape = Shape::from(input_dims);
    limits::check_elements(&shape)?;
    limits::check_work(op.name(), Some(geometry.multiply_adds()))?;
    let data = match (filter.data(), grad.data()) {
        (TensorData::Float32(w), TensorData::Float32(dy)) => {
            let out = backprop_input_blocked(w, dy, &geometry)?;
            TensorData::Float32(rounded(filter.dtype(), out))
        }
        (TensorData::Float64(w), TensorData::Float64(dy)) => {
            TensorData::Float64(backprop_input(w, dy, &geometry, 0f64, |acc, p, q| {
                p.mul_add(q, acc)
            }))
        }
        _ => return Err(internal(op, "unsupported convolution gradient storage")),
    };
    Tensor::new(filter.dtype(), shape, data)
}

/// The GEMM `dy (positions × cout) · wᵀ (cout × K)` one position at a time, then `Col2im`:
/// each column value added to its input element, positions in order.
fn backprop_input<T: Copy + std::ops::Add<Output = T>>(
    w: &[T],
    dy: &[T],
    g: &ConvGeometry,
    zero: T,
    multiply_add: impl Fn(T, T, T) -> T,
) -> Vec<T> {
    let (out_depth, width) = (g.out_depth, g.group_width());
    let mut dx = vec![zero; g.batch * g.rows.input * g.cols.input * g.in_depth];
    for (position, dy_row) in dy.chunks_exact(out_depth.max(1)).enumerate() {
        let (n, oh, ow) = split_position(g, position);
        for r in 0..g.rows.kernel {
            for s in 0..g.cols.kernel {
                let Some(base) = g.input_offset(n, oh, ow, r, s) else {
                    continue;
                };
                for group in 0..g.groups {
                    let grads = &dy_row[group * width..(group + 1) * width];
                    for ci in 0..g.filter_depth {
                        let k = (r * g.cols.kernel + s) * g.filter_depth + ci;
                        let weights = &w[k * out_depth + group * width..][..width];
                        let column = grads
                            .iter()
                            .zip(weights)
                            .fold(zero, |acc, (&d, &weight)| multiply_add(acc, d, weight));
                        let slot = &mut dx[base + group * g.filter_depth + ci];
                        *slot = *slot + column;
                    }
                }
            }
        }
    }
    dx
}

/// `Conv2DBackpropFilter`: the gradient of `Conv2D` with respect to a filter of
/// `filter_dims`, from `input` and the output gradient `grad`.
pub fn conv2d_backprop_filter(
    input: &Tensor,
    filter_dims: &[usize],
    grad: &Tensor,
    attrs: &Conv2DAttrs,
) -> OpResult<Tensor> {
    let op = OpType::Conv2DBackpropFilter;
    expect_dtype(op, 2, input.dtype(), grad.dtype())?;
    let geometry = conv_geometry(op, input.dims(), filter_dims, attrs)?;
    if geometry.rows.dilation > 1 || geometry.cols.dilation > 1 {
        return Err(OpError::invalid_argument(
            op,
            "Current libxsmm and customized CPU implementations do not yet support dilation \
             rates larger than 1.",
        ));
    }
    check_backprop_shape(op, &geometry, grad)?;
    let shape = Shape::from(filter_dims);
    limits::check_elements(&shape)?;
    limits::check_work(op.name(), Some(geometry.multiply_adds()))?;
    let data = match (input.data(), grad.data()) {
        (TensorData::Float32(x), TensorData::Float32(dy)) => TensorData::Float32(rounded(
            input.dtype(),
            backprop_filter_blocked(x, dy, &geometry),
        )),
        (TensorData::Float64(x), TensorData::Float64(dy)) => {
            TensorData::Float64(backprop_filter(x, dy, &geometry, 0f64, |acc, p, q| {
                p.mul_add(q, acc)
            }))
        }
        _ => return Err(internal(op, "unsupported convolution gradient storage")),
    };
    Tensor::new(input.dtype(), shape, data)
}

/// [`backprop_input`] for float32 storage: per group, the product `dy · Wᵀ` (positions ×
/// taps, each summed over the group's filters in order; [`super::gemm`]), then each
/// position's taps added into the input gradient in [`backprop_input`]'s order.
fn backprop_input_blocked(w: &[f32], dy: &[f32], g: &ConvGeometry) -> OpResult<Vec<f32>> {
    let (out_depth, width, depth) = (g.out_depth, g.group_width(), g.depth());
    let positions = g.batch * g.rows.output * g.cols.output;
    limits::check_elements(&Shape::new(vec![g.groups, positions, depth]))?;
    let mut columns = vec![0f32; g.groups * positions * depth];
    let mut transposed = vec![0f32; width * depth];
    for group in 0..g.groups {
        for (tap, weights) in w.chunks_exact(out_depth.max(1)).enumerate().take(depth) {
            for (j, &weight) in weights[group * width..][..width].iter().enumerate() {
                transposed[j * depth + tap] = weight;
            }
        }
        super::gemm::gemm(
            summation(g),
            positions,
            width,
            depth,
            |position, row| {
                row.copy_from_slice(&dy[position * out_depth + group * width..][..width])
            },
            &transposed,
            depth,
            &mut columns[group * positions * depth..],
            depth,
        );
    }
    let mut dx = vec![0f32; g.batch * g.rows.input * g.cols.input * g.in_depth];
    for position in 0..positions {
        let (n, oh, ow) = split_position(g, position);
        for r in 0..g.rows.kernel {
            for s in 0..g.cols.kernel {
                let Some(base) = g.input_offset(n, oh, ow, r, s) else {
                    continue;
                };
                for group in 0..g.groups {
                    let tap = (r * g.cols.kernel + s) * g.filter_depth;
                    let sums = &columns[(group * positions + position) * depth + tap..];
                    let slots = &mut dx[base + group * g.filter_depth..][..g.filter_depth];
                    for (slot, &sum) in slots.iter_mut().zip(sums) {
                        *slot += sum;
                    }
                }
            }
        }
    }
    Ok(dx)
}

/// [`backprop_filter`] for float32 storage: per group, the product `patchesᵀ · dy` (taps ×
/// filters, each summed over the positions in order; [`super::gemm`]).
fn backprop_filter_blocked(x: &[f32], dy: &[f32], g: &ConvGeometry) -> Vec<f32> {
    let (out_depth, width, depth) = (g.out_depth, g.group_width(), g.depth());
    let positions = g.batch * g.rows.output * g.cols.output;
    let taps_per_row = g.cols.kernel * g.filter_depth;
    let mut dw = vec![0f32; depth * out_depth];
    for group in 0..g.groups {
        let tap_values = |tap: usize, row: &mut [f32]| {
            let (r, s, ci) = (
                tap / taps_per_row,
                tap % taps_per_row / g.filter_depth,
                tap % g.filter_depth,
            );
            for (position, value) in row.iter_mut().enumerate() {
                let (n, oh, ow) = split_position(g, position);
                *value = g
                    .input_offset(n, oh, ow, r, s)
                    .map_or(0.0, |at| x[at + group * g.filter_depth + ci]);
            }
        };
        super::gemm::gemm(
            summation(g),
            depth,
            positions,
            width,
            tap_values,
            &dy[group * width..],
            out_depth,
            &mut dw[group * width..],
            out_depth,
        );
    }
    dw
}

/// The GEMM `patchesᵀ (K × positions) · dy (positions × cout)`: every filter element sums
/// over images and positions in order.
fn backprop_filter<T: Copy>(
    x: &[T],
    dy: &[T],
    g: &ConvGeometry,
    zero: T,
    multiply_add: impl Fn(T, T, T) -> T,
) -> Vec<T> {
    let (out_depth, width) = (g.out_depth, g.group_width());
    let mut dw = vec![zero; g.depth() * out_depth];
    for (position, dy_row) in dy.chunks_exact(out_depth.max(1)).enumerate() {
        let (n, oh, ow) = split_position(g, position);
        for r in 0..g.rows.kernel {
            for s in 0..g.cols.kernel {
                let base = g.input_offset(n, oh, ow, r, s);
                for group in 0..g.groups {
                    let grads = &dy_row[group * width..(group + 1) * width];
                    for ci in 0..g.filter_depth {
                        let value = base.map_or(zero, |at| x[at + group * g.filter_depth + ci]);
                        let k = (r * g.cols.kernel + s) * g.filter_depth + ci;
                        let slots = &mut dw[k * out_depth + group * width..][..width];
                        for (slot, &d) in slots.iter_mut().zip(grads) {
                            *slot = multiply_add(*slot, value, d);
                        }
                    }
                }
            }
        }
    }
    dw
}

/// What a depthwise kernel computes: the convolution (`DepthwiseConv2dNative`) or one of its
/// gradients (`DepthwiseConv2dNativeBackpropInput` and `...BackpropFilter`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depthwise {
    /// The convolution of an input with a filter.
    Forward,
    /// The gradient with respect to the input.
    Input,
    /// The gradient with respect to the filter.
    Filter,
}

/// A depthwise convolution or one of its gradients, as the grouped convolution `attrs` over
/// an input of `input_dims` and a filter of `filter_dims` (`[kh, kw, 1, C·M]`, the depthwise
/// filter's values). `a` and `b` are the input and filter (`Forward`), the filter and the
/// output gradient (`Input`), or the input and the output gradient (`Filter`).
///
/// TensorFlow's CPU kernels (`depthwise_conv_op.cc`, `depthwise_conv_grad_op.cc`; oneDNN
/// off, as the recorded cases run) multiply and add separately, not fused. Each output sums
/// the filter's taps in row-major order; each input element's gradient sums, for each of
/// its channel's `M` filters, the taps in row-major order, then those `M` sums in order;
/// each filter element's gradient sums one image's output positions in order, then the
/// images' sums (checked bit for bit against tensorflow-cpu 2.21.0). On an MXU the operands
/// are rounded to bfloat16 first; the products are then exact in float32.
pub fn depthwise(
    which: Depthwise,
    input_dims: &[usize],
    filter_dims: &[usize],
    a: &Tensor,
    b: &Tensor,
    attrs: &Conv2DAttrs,
    arithmetic: MatMulArithmetic,
) -> OpResult<Tensor> {
    let op = match which {
        Depthwise::Forward => OpType::Conv2D,
        Depthwise::Input => OpType::Conv2DBackpropInput,
        Depthwise::Filter => OpType::Conv2DBackpropFilter,
    };
    expect_dtype(op, 1, a.dtype(), b.dtype())?;
    let g = conv_geometry(op, input_dims, filter_dims, attrs)?;
    let shape = match which {
        Depthwise::Forward => g.output_shape(),
        Depthwise::Input => Shape::from(input_dims),
        Depthwise::Filter => Shape::from(filter_dims),
    };
    if which != Depthwise::Forward {
        check_backprop_shape(op, &g, b)?;
    }
    limits::check_elements(&shape)?;
    limits::check_work(op.name(), Some(g.multiply_adds()))?;
    let data = match (a.data(), b.data()) {
        (TensorData::Float32(a_values), TensorData::Float32(b_values)) => {
            let values = if let MatMulArithmetic::Mxu { .. } = arithmetic {
                let a: Vec<f32> = a_values.iter().map(|v| super::mxu::to_bf16(*v)).collect();
                let b: Vec<f32> = b_values.iter().map(|v| super::mxu::to_bf16(*v)).collect();
                depthwise_taps(which, &a, &b, &g)
            } else {
                depthwise_taps(which, a_values, b_values, &g)
            };
            TensorData::Float32(rounded(a.dtype(), values))
        }
        (TensorData::Float64(a_values), TensorData::Float64(b_values)) => {
            TensorData::Float64(depthwise_taps(which, a_values, b_values, &g))
        }
        _ => return Err(internal(op, "unsupported depthwise convolution storage")),
    };
    Tensor::new(a.dtype(), shape, data)
}

/// The tap-ordered sums of [`depthwise`]. An output element meets each tap once, and an
/// input element meets a tap through at most one output position, so visiting taps in the
/// outer loops gives every element its sum in tap order. The input's gradient is summed per
/// channel and filter, then over the channel's filters; the filter's per image, then over
/// the images.
fn depthwise_taps<T>(which: Depthwise, a: &[T], b: &[T], g: &ConvGeometry) -> Vec<T>
where
    T: Copy + Default + std::ops::Add<Output = T> + std::ops::Mul<Output = T>,
{
    let (channels, multiplier) = (g.in_depth, g.group_width());
    let per_image = g.rows.output * g.cols.output;
    let out_depth = g.out_depth.max(1);
    let filter_size = g.rows.kernel * g.cols.kernel * out_depth;
    let input_size = g.batch * g.rows.input * g.cols.input * channels;
    let mut sums = vec![
        T::default();
        match which {
            Depthwise::Forward => g.batch * per_image * out_depth,
            Depthwise::Input => input_size * multiplier,
            Depthwise::Filter => filter_size,
        }
    ];
    let mut partial = vec![
        T::default();
        if which == Depthwise::Filter {
            filter_size
        } else {
            0
        }
    ];
    for image in 0..g.batch {
        partial.fill(T::default());
        for r in 0..g.rows.kernel {
            for s in 0..g.cols.kernel {
                let tap = (r * g.cols.kernel + s) * out_depth;
                for position in image * per_image..(image + 1) * per_image {
                    let (n, oh, ow) = split_position(g, position);
                    let Some(base) = g.input_offset(n, oh, ow, r, s) else {
                        continue;
                    };
                    let row = position * out_depth;
                    for c in 0..channels {
                        for m in 0..multiplier {
                            let o = c * multiplier + m;
                            match which {
                                Depthwise::Forward => {
                                    let slot = &mut sums[row + o];
                                    *slot = *slot + a[base + c] * b[tap + o];
                                }
                                Depthwise::Input => {
                                    let slot = &mut sums[(base + c) * multiplier + m];
                                    *slot = *slot + b[row + o] * a[tap + o];
                                }
                                Depthwise::Filter => {
                                    let slot = &mut partial[tap + o];
                                    *slot = *slot + a[base + c] * b[row + o];
                                }
                            }
                        }
                    }
                }
            }
        }
        if which == Depthwise::Filter {
            for (total, &sum) in sums.iter_mut().zip(&partial) {
                *total = *total + sum;
            }
        }
    }
    if which == Depthwise::Input {
        return sums
            .chunks_exact(multiplier.max(1))
            .map(|filters| filters.iter().fold(T::default(), |acc, &sum| acc + sum))
            .collect();
    }
    sums
}

#[cfg(test)]
mod tests {
    use super::*;

    fn floats(dims: &[usize], values: Vec<f32>) -> Tensor {
        Tensor::from_vec(Shape::from(dims), values).unwrap()
    }

    fn ramp(dims: &[usize], scale: f32) -> Tensor {
        let count: usize = dims.iter().product();
        floats(dims, (1..=count).map(|v| v as f32 / scale).collect())
    }

    fn attrs(stride: i64, padding: Padding, dilation: i64) -> Conv2DAttrs {
        Conv2DAttrs {
            strides: vec![1, stride, stride, 1],
            dilations: vec![1, dilation, dilation, 1],
            padding,
            nchw: false,
        }
    }

    /// Definition of a convolution, in f64: the reference the kernels must agree with.
    fn reference(x: &Tensor, w: &Tensor, a: &Conv2DAttrs) -> Vec<f64> {
        let g = conv_geometry(OpType::Conv2D, x.dims(), w.dims(), a).unwrap();
        let (xv, wv) = (x.to_f64_vec().unwrap(), w.to_f64_vec().unwrap());
        let mut out = Vec::new();
        for n in 0..g.batch {
            for oh in 0..g.rows.output {
                for ow in 0..g.cols.output {
                    for co in 0..g.out_depth {
                        let group = co / g.group_width();
                        let mut acc = 0.0;
                        for r in 0..g.rows.kernel {
                            for s in 0..g.cols.kernel {
                                let Some(at) = g.input_offset(n, oh, ow, r, s) else {
                                    continue;
                                };
                                for ci in 0..g.filter_depth {
                                    let k = (r * g.cols.kernel + s) * g.filter_depth + ci;
                                    acc += xv[at + group * g.filter_depth + ci]
                                        * wv[k * g.out_depth + co];
                                }
                            }
                        }
                        out.push(acc);
                    }
                }
            }
        }
        out
    }

    fn close(actual: &Tensor, expected: &[f64], tolerance: f64) {
        let actual = actual.to_f64_vec().unwrap();
        assert_eq!(actual.len(), expected.len());
        for (a, e) in actual.iter().zip(expected) {
            assert!((a - e).abs() <= tolerance * e.abs().max(1.0), "{a} vs {e}");
        }
    }

    #[test]
    fn oracle_values_valid_and_same() {
        // Printed by tensorflow-cpu 2.21.0 for the first and last windows.
        let x = ramp(&[1, 4, 4, 2], 7.0);
        let w = ramp(&[2, 2, 2, 3], 11.0);
        let valid = conv2d(&x, &w, &attrs(1, Padding::Valid, 1)).unwrap();
        assert_eq!(valid.dims(), &[1, 3, 3, 3]);
        let values = valid.as_slice::<f32>().unwrap();
        assert_eq!(&values[24..], &[34.545456, 37.298702, 40.05195]);
        let same = conv2d(&x, &w, &attrs(2, Padding::Same, 1)).unwrap();
        assert_eq!(
            &same.as_slice::<f32>().unwrap()[..3],
            &[10.649351, 11.324676, 12.0]
        );
    }

    #[test]
    fn agrees_with_the_definition_for_every_padding_stride_and_group() {
        let x = ramp(&[2, 5, 6, 4], 13.0);
        for (w_dims, a) in [
            (vec![3, 3, 4, 2], attrs(1, Padding::Same, 1)),
            (vec![2, 3, 4, 3], attrs(2, Padding::Valid, 1)),
            (vec![2, 2, 4, 1], attrs(1, Padding::Same, 2)),
            (vec![3, 2, 2, 4], attrs(2, Padding::Same, 1)),
            (
                vec![2, 2, 1, 8],
                attrs(1, Padding::Explicit(vec![0, 0, 1, 2, 0, 1, 0, 0]), 1),
            ),
        ] {
            let w = ramp(&w_dims, 17.0);
            let result = conv2d(&x, &w, &a).unwrap();
            close(&result, &reference(&x, &w, &a), 1e-6);
        }
    }

    #[test]
    fn mxu_rounds_operands_to_bfloat16_and_differs_in_the_low_bits() {
        let x = ramp(&[1, 6, 6, 3], 7.3);
        let w = ramp(&[3, 3, 3, 4], 19.1);
        let a = attrs(1, Padding::Same, 1);
        let cpu = conv2d(&x, &w, &a).unwrap();
        let tpu = conv2d_on(&x, &w, &a, MatMulArithmetic::Mxu { tile: 128 }).unwrap();
        let to_bf16 = |t: &Tensor| {
            let values = t.as_slice::<f32>().unwrap();
            floats(
                t.dims(),
                values
                    .iter()
                    .map(|v| super::super::mxu::to_bf16(*v))
                    .collect(),
            )
        };
        // K = 27 fits one tile: the MXU result is the CPU's on bf16-rounded operands.
        let rounded = conv2d(&to_bf16(&x), &to_bf16(&w), &a).unwrap();
        assert_eq!(tpu, rounded);
        assert_ne!(tpu, cpu);
        close(&tpu, &reference(&x, &w, &a), 2e-2);
    }

    /// Tiles that end inside a filter position's channels (27 taps in tiles of 8): each
    /// output sums each tile of bf16 products from zero, in tap order, then adds it.
    #[test]
    fn mxu_tiles_split_the_taps_in_order() {
        let (h, w_side, c, f, tile) = (4, 5, 3, 2, 8);
        let x = ramp(&[1, h, w_side, c], 7.3);
        let w = ramp(&[3, 3, c, f], 19.1);
        let a = attrs(1, Padding::Valid, 1);
        let tpu = conv2d_on(&x, &w, &a, MatMulArithmetic::Mxu { tile }).unwrap();
        let bf16 = |v: f32| super::super::mxu::to_bf16(v);
        let (xs, ws) = (x.as_slice::<f32>().unwrap(), w.as_slice::<f32>().unwrap());
        let mut expected = Vec::new();
        for oh in 0..h - 2 {
            for ow in 0..w_side - 2 {
                let taps: Vec<f32> = (0..3)
                    .flat_map(|r| (0..3).flat_map(move |s| (0..c).map(move |ci| (r, s, ci))))
                    .map(|(r, s, ci)| bf16(xs[((oh + r) * w_side + ow + s) * c + ci]))
                    .collect();
                for filter in 0..f {
                    let mut out = 0f32;
                    for (chunk, start) in taps.chunks(tile).zip((0..).step_by(tile)) {
                        let mut partial = 0f32;
                        for (offset, value) in chunk.iter().enumerate() {
                            partial += value * bf16(ws[(start + offset) * f + filter]);
                        }
                        out += partial;
                    }
                    expected.push(out);
                }
            }
        }
        assert_eq!(tpu.as_slice::<f32>().unwrap(), &expected[..]);
    }

    #[test]
    fn gradients_match_finite_differences() {
        let x = floats(
            &[1, 4, 5, 2],
            (0..40)
                .map(|v| ((v * 37 % 23) as f32 - 11.0) / 7.0)
                .collect(),
        );
        let w = floats(
            &[3, 2, 2, 3],
            (0..36)
                .map(|v| ((v * 29 % 17) as f32 - 8.0) / 5.0)
                .collect(),
        );
        for a in [
            attrs(1, Padding::Same, 1),
            attrs(2, Padding::Valid, 1),
            attrs(2, Padding::Same, 1),
        ] {
            let out = conv2d(&x, &w, &a).unwrap();
            // Loss: sum(out · c) for a fixed c, so dL/dout = c.
            let c: Vec<f32> = (0..out.num_elements())
                .map(|v| ((v * 13 % 7) as f32 - 3.0) / 4.0)
                .collect();
            let dy = floats(out.dims(), c.clone());
            let loss = |x: &Tensor, w: &Tensor| -> f64 {
                reference(x, w, &a)
                    .iter()
                    .zip(&c)
                    .map(|(o, c)| o * *c as f64)
                    .sum()
            };
            let dx = conv2d_backprop_input(x.dims(), &w, &dy, &a).unwrap();
            let dw = conv2d_backprop_filter(&x, w.dims(), &dy, &a).unwrap();
            for (tensor, grad, is_input) in [(&x, &dx, true), (&w, &dw, false)] {
                let values = tensor.as_slice::<f32>().unwrap().to_vec();
                let analytic = grad.as_slice::<f32>().unwrap();
                for index in 0..values.len() {
                    let shifted = |delta: f32| {
                        let mut moved = values.clone();
                        moved[index] += delta;
                        let moved = floats(tensor.dims(), moved);
                        if is_input {
                            loss(&moved, &w)
                        } else {
                            loss(&x, &moved)
                        }
                    };
                    let numeric = (shifted(0.5) - shifted(-0.5)) / 1.0;
                    assert!(
                        (numeric - analytic[index] as f64).abs() < 1e-4,
                        "{numeric} vs {}",
                        analytic[index]
                    );
                }
            }
        }
    }

    #[test]
    fn hostile_attrs_are_errors_not_panics_or_hangs() {
        let x = ramp(&[1, 4, 4, 2], 7.0);
        let w = ramp(&[2, 2, 2, 1], 3.0);
        for a in [
            attrs(i64::MAX, Padding::Same, 1),
            attrs(i64::MAX, Padding::Valid, 1),
            attrs(1, Padding::Same, i64::MAX),
            attrs(1, Padding::Valid, i64::MAX / 2),
            attrs(
                1,
                Padding::Explicit(vec![0, 0, i64::MAX, i64::MAX, 0, 0, 0, 0]),
                1,
            ),
            attrs(1, Padding::Explicit(vec![0, 0, 1, 1]), 1),
            attrs(-3, Padding::Same, 1),
        ] {
            let _ = conv2d(&x, &w, &a);
            let _ = conv2d_backprop_input(x.dims(), &w, &ramp(&[1, 4, 4, 1], 1.0), &a);
            let _ = conv2d_backprop_filter(&x, w.dims(), &ramp(&[1, 4, 4, 1], 1.0), &a);
        }
        let empty = Tensor::from_vec(Shape::new(vec![0, 4, 4, 2]), Vec::<f32>::new()).unwrap();
        assert_eq!(
            conv2d(&empty, &w, &attrs(1, Padding::Same, 1))
                .unwrap()
                .dims(),
            &[0, 4, 4, 1]
        );
        let no_filters = Tensor::from_vec(Shape::new(vec![2, 2, 2, 0]), Vec::<f32>::new()).unwrap();
        assert_eq!(
            conv2d(&x, &no_filters, &attrs(1, Padding::Valid, 1))
                .unwrap()
                .dims(),
            &[1, 3, 3, 0]
        );
        let flat = Tensor::from_vec(Shape::new(vec![2, 2, 0, 1]), Vec::<f32>::new()).unwrap();
        assert!(conv2d(&x, &flat, &attrs(1, Padding::Valid, 1)).is_err());
    }

    #[test]
    fn tensorflows_errors() {
        let x = ramp(&[1, 4, 4, 2], 7.0);
        let message = |w: &Tensor, a: &Conv2DAttrs| conv2d(&x, w, a).unwrap_err().message;
        let plain = attrs(1, Padding::Valid, 1);
        assert_eq!(
            message(&ramp(&[2, 2, 1, 3], 1.0), &plain),
            "output depth must be evenly divisible by number of groups: 3 vs 2"
        );
        assert_eq!(
            message(&ramp(&[2, 2, 3], 1.0), &plain),
            "convolution filter must be 4-dimensional: [2,2,3]"
        );
        let strided = Conv2DAttrs {
            strides: vec![2, 1, 1, 1],
            ..plain.clone()
        };
        let error = conv2d(&x, &ramp(&[2, 2, 2, 1], 1.0), &strided).unwrap_err();
        assert_eq!(error.class, ErrorClass::Unimplemented);
        let nchw = Conv2DAttrs {
            nchw: true,
            ..plain.clone()
        };
        assert!(message(&ramp(&[2, 2, 4, 1], 1.0), &nchw).starts_with("The Conv2D op"));
        let ints = Tensor::from_vec(Shape::new(vec![1, 1, 1, 1]), vec![1i64]).unwrap();
        let error = conv2d(&ints, &ints, &plain).unwrap_err();
        assert!(error.message.starts_with("Value for attr 'T' of int64"));
    }
}
