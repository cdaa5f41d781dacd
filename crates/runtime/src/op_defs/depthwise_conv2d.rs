//! `DepthwiseConv2dNative` (`tf.nn.depthwise_conv2d`, Keras' `DepthwiseConv2D`, the
//! MobileNet and EfficientNet blocks) and its gradients `DepthwiseConv2dNativeBackpropInput`
//! and `DepthwiseConv2dNativeBackpropFilter`.
//!
//! A depthwise filter `[kh, kw, C, M]` convolves each of the input's `C` channels with its own
//! `M` filters; output channel `c·M + m` is channel `c` under filter `m`. That is exactly a
//! grouped `Conv2D` with `C` groups whose filter is the same values viewed as
//! `[kh, kw, 1, C·M]`, so the kernels are the grouped convolution's: each output sums its
//! `kh·kw` taps in row-major order with fused multiply-adds, as oneDNN's depthwise kernel
//! (which TensorFlow's CPU build runs) does.

use super::conv2d_backprop::{sized_output, sizes};
use super::support::{first_dense_type, operand, run_on_stand_ins, shape_of, symbolic};
use super::{Op, OpDef};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{InputFact, KernelFailure, OpKind, OutputFact, Value, ValueType};
use crate::op_defs::op::{dense_inputs, KernelEnv};
use crate::shape_fn::shape_at;
use crate::tape::kernel;
use crate::window_shapes::{is_valid, static_output, Windowed};
use report::OpClass;
use tensor::ops::conv::Depthwise;
use tensor::ops::{self, Conv2DAttrs, MatMulArithmetic};
use tensor::{DType, ErrorClass, OpError, Shape, Tensor, TensorShape};

/// The forward op: a convolution, one GEMM per channel.
pub static DEF: OpDef = OpDef::compute("DepthwiseConv2dNative").class(OpClass::Conv2D);
/// The input gradient, with `input_sizes` read from host memory.
pub static BACKPROP_INPUT: OpDef = OpDef::compute("DepthwiseConv2dNativeBackpropInput")
    .class(OpClass::ConvBackpropInput)
    .host_memory(&[0]);
/// The filter gradient, with `filter_sizes` read from host memory.
pub static BACKPROP_FILTER: OpDef = OpDef::compute("DepthwiseConv2dNativeBackpropFilter")
    .class(OpClass::ConvBackpropFilter)
    .host_memory(&[1]);

/// `DepthwiseConv2dNative` with its attrs.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthwiseConv2dNative(pub Conv2DAttrs);

/// `DepthwiseConv2dNativeBackpropInput(input_sizes, filter, out_backprop)`.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthwiseConv2dNativeBackpropInput(pub Conv2DAttrs);

/// `DepthwiseConv2dNativeBackpropFilter(input, filter_sizes, out_backprop)`.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthwiseConv2dNativeBackpropFilter(pub Conv2DAttrs);

impl DepthwiseConv2dNative {
    /// Wraps the op for `OpKind`.
    pub fn kind(attrs: Conv2DAttrs) -> OpKind {
        OpKind::new(DepthwiseConv2dNative(attrs))
    }
}

/// A depthwise filter's dimensions as the grouped convolution's: `[kh, kw, C, M]` →
/// `[kh, kw, 1, C·M]`.
fn grouped_dims(dims: &[usize]) -> Vec<usize> {
    match dims {
        [rows, cols, channels, multiplier] => vec![*rows, *cols, 1, channels * multiplier],
        other => other.to_vec(),
    }
}

/// A depthwise kernel error, as the eager op reports it.
fn error(message: impl Into<String>) -> OpError {
    OpError::kernel_of(ErrorClass::InvalidArgument, DEF.name, Some(""), message)
}

/// The grouped convolution's errors renamed to the depthwise op that raised them.
fn renamed(failure: OpError) -> OpError {
    if failure.is_budget() || failure.op_type.is_none() {
        return failure;
    }
    OpError {
        op_type: Some(DEF.name),
        op_name: Some(String::new()),
        ..failure
    }
    .with_function(DEF.name)
}

/// The checks TensorFlow's kernel makes before the convolution's own: 4-D operands, equal
/// row and column strides, and the filter's `in_channels` the input's depth.
fn check_operands(input: &[usize], filter: &[usize], attrs: &Conv2DAttrs) -> Result<(), OpError> {
    if attrs.strides.get(1) != attrs.strides.get(2) {
        return Err(error(
            "Current implementation only supports equal length strides in the row and column \
             dimensions.",
        ));
    }
    if input.len() != 4 {
        return Err(error(format!(
            "input must be 4-dimensional: [{}]",
            join(input)
        )));
    }
    if filter.len() != 4 {
        return Err(error(format!(
            "filter must be 4-dimensional: [{}]",
            join(filter)
        )));
    }
    let (depth, filter_depth) = (input[3], filter[2]);
    if depth != filter_depth {
        return Err(error(format!(
            "input and filter must have the same depth: {depth} vs {filter_depth}"
        )));
    }
    Ok(())
}

fn join(dims: &[usize]) -> String {
    dims.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// `dtype` is one the op's kernels take (half, bfloat16, float, double).
fn check_dtype(dtype: DType) -> Result<(), OpError> {
    ops::check_allowed_named(DEF.name, Some(""), dtype)
}

impl Op for DepthwiseConv2dNative {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    /// `DepthwiseConv2DNativeShape`: the input's depth must equal the filter's
    /// `in_channels`; the output has `in_channels · channel_multiplier` channels.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let attrs = &self.0;
        let (input, filter) = (shape_at(inputs, 0), shape_at(inputs, 1));
        let depth = input.dims().and_then(|dims| dims.get(3).copied().flatten());
        let filter_dims = filter.dims().map(<[_]>::to_vec);
        let filter_depth = filter_dims
            .as_ref()
            .and_then(|dims| dims.get(2).copied().flatten());
        if let (Some(depth), Some(filter_depth)) = (depth, filter_depth) {
            if depth != filter_depth {
                return Err(TfError::invalid_argument(format!(
                    "Dimensions must be equal, but are {depth} and {filter_depth}"
                )));
            }
        }
        let grouped_filter = match filter_dims.as_deref() {
            Some([rows, cols, channels, multiplier]) => TensorShape::new(vec![
                *rows,
                *cols,
                Some(1),
                channels.zip(*multiplier).map(|(c, m)| c * m),
            ]),
            _ => TensorShape::unknown(),
        };
        let window = Windowed::Conv(attrs);
        match static_output(window, &input, &grouped_filter) {
            Some(shape) if is_valid(window, &input, &grouped_filter) => Ok(vec![OutputFact {
                value_type: ValueType::Dense(first_dense_type(inputs)),
                shape,
            }]),
            _ => Ok(
                run_on_stand_ins(&DepthwiseConv2dNative::kind(attrs.clone()), inputs, &[])?
                    .unwrap_or_else(|| {
                        super::support::unknown_outputs(first_dense_type(inputs), 1)
                    }),
            ),
        }
    }

    /// The grouped convolution, with the arithmetic of the device it runs on.
    fn run(&self, inputs: &[Value], env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        let [input, filter] = dense_inputs(inputs, DEF.name)?[..] else {
            return Err(KernelFailure::Status(TfError::internal(
                "DepthwiseConv2dNative takes input and filter",
            )));
        };
        check_dtype(input.dtype())?;
        check_operands(input.dims(), filter.dims(), &self.0)?;
        let output = ops::conv::depthwise(
            Depthwise::Forward,
            input.dims(),
            &grouped_dims(filter.dims()),
            input,
            filter,
            &self.0,
            env.site.matmul_arithmetic(),
        )
        .map_err(renamed)?;
        Ok(vec![Value::Dense(output)])
    }

    /// `_DepthwiseConv2dNativeGrad`: the two backprop ops, run eagerly.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(Some(grad)), [x, w]) = (grads.first(), inputs) else {
            return Ok(vec![None; inputs.len()]);
        };
        Ok(vec![
            Some(backprop_input(x.dims(), w, grad, &self.0).map_err(kernel)?),
            Some(backprop_filter(x, w.dims(), grad, &self.0).map_err(kernel)?),
        ])
    }

    /// `_DepthwiseConv2dNativeGrad` while tracing: `DepthwiseConv2dNativeBackpropInput(
    /// shape(x), w, grad)` and `DepthwiseConv2dNativeBackpropFilter(x, shape(w), grad)`.
    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let [x, w] = inputs else {
            return Ok(vec![None; inputs.len()]);
        };
        let input_sizes = shape_of(ctx, *x, DType::Int32)?;
        let dx = ctx.array_op(
            OpKind::new(DepthwiseConv2dNativeBackpropInput(self.0.clone())),
            BACKPROP_INPUT.name,
            None,
            vec![
                (crate::Operand::Handle(input_sizes), "input_sizes", false),
                (operand(*w), "filter", true),
                (operand(grad), "out_backprop", true),
            ],
        )?;
        let filter_sizes = shape_of(ctx, *w, DType::Int32)?;
        let dw = ctx.array_op(
            OpKind::new(DepthwiseConv2dNativeBackpropFilter(self.0.clone())),
            BACKPROP_FILTER.name,
            None,
            vec![
                (operand(*x), "input", true),
                (crate::Operand::Handle(filter_sizes), "filter_sizes", false),
                (operand(grad), "out_backprop", true),
            ],
        )?;
        Ok(vec![Some(symbolic(dx)?), Some(symbolic(dw)?)])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["input", "filter"], "output"))
    }

    /// `tf.nn.depthwise_conv2d` names the op after its `depthwise` scope.
    fn forward_name_scoped(&self, _name_stem: &str) -> bool {
        true
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        depthwise_node_attrs(&self.0, inputs, 0)
    }
}

/// The input gradient: the grouped convolution's, for input dimensions `input_dims`.
fn backprop_input(
    input_dims: &[usize],
    filter: &Tensor,
    grad: &Tensor,
    attrs: &Conv2DAttrs,
) -> Result<Tensor, OpError> {
    ops::conv::depthwise(
        Depthwise::Input,
        input_dims,
        &grouped_dims(filter.dims()),
        filter,
        grad,
        attrs,
        MatMulArithmetic::Sequential,
    )
    .map_err(renamed)
}

/// The filter gradient: the grouped convolution's, viewed as `filter_dims` again.
fn backprop_filter(
    input: &Tensor,
    filter_dims: &[usize],
    grad: &Tensor,
    attrs: &Conv2DAttrs,
) -> Result<Tensor, OpError> {
    let gradient = ops::conv::depthwise(
        Depthwise::Filter,
        input.dims(),
        &grouped_dims(filter_dims),
        input,
        grad,
        attrs,
        MatMulArithmetic::Sequential,
    )
    .map_err(renamed)?;
    gradient.with_shape(Shape::new(filter_dims.to_vec()))
}

impl Op for DepthwiseConv2dNativeBackpropInput {
    fn def(&self) -> &'static OpDef {
        &BACKPROP_INPUT
    }

    fn type_attr(&self, inputs: &[ValueType]) -> Option<DType> {
        match inputs.get(1) {
            Some(ValueType::Dense(dtype)) => Some(*dtype),
            _ => None,
        }
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(vec![sized_output(inputs, 0, 1)])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [input_sizes, filter, grad] = inputs else {
            return Err(error(
                "DepthwiseConv2dNativeBackpropInput takes input_sizes, filter and out_backprop",
            ));
        };
        let dims = sizes(input_sizes, "input_sizes")?;
        Ok(vec![backprop_input(&dims, filter, grad, &self.0)?])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["input_sizes", "filter", "out_backprop"], "output"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        depthwise_node_attrs(&self.0, inputs, 1)
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![0]
    }

    fn shape_input(&self) -> Option<usize> {
        Some(0)
    }
}

impl Op for DepthwiseConv2dNativeBackpropFilter {
    fn def(&self) -> &'static OpDef {
        &BACKPROP_FILTER
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(vec![sized_output(inputs, 1, 0)])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [input, filter_sizes, grad] = inputs else {
            return Err(error(
                "DepthwiseConv2dNativeBackpropFilter takes input, filter_sizes and out_backprop",
            ));
        };
        let dims = sizes(filter_sizes, "filter_sizes")?;
        Ok(vec![backprop_filter(input, &dims, grad, &self.0)?])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["input", "filter_sizes", "out_backprop"], "output"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        depthwise_node_attrs(&self.0, inputs, 0)
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![1]
    }

    fn shape_input(&self) -> Option<usize> {
        Some(1)
    }
}

/// The attrs a depthwise node shows: a convolution's, without `use_cudnn_on_gpu`.
fn depthwise_node_attrs(
    attrs: &Conv2DAttrs,
    inputs: &[InputFact<'_>],
    t_index: usize,
) -> Vec<String> {
    super::conv2d::conv_node_attrs(attrs, inputs, t_index)
        .into_iter()
        .filter(|attr| !attr.starts_with("use_cudnn_on_gpu"))
        .collect()
}
