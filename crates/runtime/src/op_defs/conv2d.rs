//! `Conv2D` (`tf.nn.conv2d`, Keras' `Conv2D`): input and filter, with strides, padding,
//! dilations and data format as attrs.

use super::support::{first_dense_type, run_on_stand_ins, typed_attr, unknown_outputs};
use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{InputFact, KernelFailure, OpKind, OutputFact, Value, ValueType};
use crate::op_defs::op::{dense_inputs, KernelEnv};
use crate::shape_fn::shape_at;
use crate::window_shapes::{is_valid, static_output, Windowed};
use tensor::ops::{self, Conv2DAttrs, Padding};
use tensor::Tensor;

/// The device the tape's gradient kernels run on, which their eager errors name.
const HOST_CPU: &str = "/job:localhost/replica:0/task:0/device:CPU:0";

/// `Conv2D` with its attrs.
#[derive(Clone, Debug, PartialEq)]
pub struct Conv2D(pub Conv2DAttrs);

impl Conv2D {
    /// Wraps the op for `OpKind`.
    pub fn kind(attrs: Conv2DAttrs) -> OpKind {
        OpKind::new(Conv2D(attrs))
    }
}

impl Op for Conv2D {
    fn def(&self) -> &'static OpDef {
        super::family_def("Conv2D")
    }

    /// `Conv2DShape`: the input's depth a multiple of the filter's; the output's static
    /// shape from the window where the attrs are valid, else the kernel's error from
    /// running it on stand-ins.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let attrs = &self.0;
        let (input, filter) = (shape_at(inputs, 0), shape_at(inputs, 1));
        let channels = input.dims().and_then(|dims| {
            let axis = if attrs.nchw {
                1
            } else {
                dims.len().checked_sub(1)?
            };
            dims.get(axis).copied().flatten()
        });
        let depth = filter
            .dims()
            .and_then(|dims| dims.get(2).copied().flatten());
        if let (Some(channels), Some(depth)) = (channels, depth) {
            if depth > 0 && channels % depth != 0 {
                return Err(TfError::invalid_argument(format!(
                    "Depth of input ({channels}) is not a multiple of input depth of filter ({depth})"
                )));
            }
        }
        let window = Windowed::Conv(attrs);
        match static_output(window, &input, &filter) {
            Some(shape) if is_valid(window, &input, &filter) => Ok(vec![OutputFact {
                value_type: ValueType::Dense(first_dense_type(inputs)),
                shape,
            }]),
            _ => Ok(run_on_stand_ins(&Conv2D::kind(attrs.clone()), inputs, &[])?
                .unwrap_or_else(|| unknown_outputs(first_dense_type(inputs), 1))),
        }
    }

    /// The convolution, with the arithmetic of the device it runs on.
    fn run(&self, inputs: &[Value], env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        let [input, filter] = dense_inputs(inputs, "Conv2D")?[..] else {
            return Err(KernelFailure::Status(TfError::internal(
                "Conv2D takes input and filter",
            )));
        };
        Ok(vec![Value::Dense(ops::conv2d_on(
            input,
            filter,
            &self.0,
            env.site.matmul_arithmetic(),
        )?)])
    }

    /// `_Conv2DGrad`: `Conv2DBackpropInput` and `Conv2DBackpropFilter`, whose kernel errors
    /// read as the eager ops' do (TensorFlow runs them as eager ops).
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(Some(grad)), [x, w]) = (grads.first(), inputs) else {
            return Ok(vec![None; inputs.len()]);
        };
        let eager = |error| TfError::from_eager_op(&error, HOST_CPU);
        Ok(vec![
            Some(ops::conv2d_backprop_input(x.dims(), w, grad, &self.0).map_err(eager)?),
            Some(ops::conv2d_backprop_filter(x, w.dims(), grad, &self.0).map_err(eager)?),
        ])
    }

    fn graph_gradient(
        &self,
        ctx: &mut crate::context::Context,
        inputs: &[crate::graph::GraphTensor],
        _y: crate::graph::GraphTensor,
        grad: crate::graph::GraphTensor,
    ) -> TfResult<Vec<Option<crate::graph::GraphTensor>>> {
        super::conv2d_backprop::conv2d_graph_gradient(ctx, &self.0, inputs, grad)
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        conv_node_attrs(&self.0, inputs, 0)
    }
}

/// The attrs a convolution node shows (`Conv2D` and its gradients), `T` from input
/// `t_index`.
pub(super) fn conv_node_attrs(
    attrs: &Conv2DAttrs,
    inputs: &[InputFact<'_>],
    t_index: usize,
) -> Vec<String> {
    let list = |values: &[i64]| {
        let values: Vec<String> = values.iter().map(i64::to_string).collect();
        format!("[{}]", values.join(", "))
    };
    let (padding, explicit) = match &attrs.padding {
        Padding::Valid => ("VALID", Vec::new()),
        Padding::Same => ("SAME", Vec::new()),
        Padding::Explicit(values) => ("EXPLICIT", values.clone()),
    };
    [
        typed_attr(inputs, "T", t_index),
        Some(format!(
            "data_format=\"{}\"",
            if attrs.nchw { "NCHW" } else { "NHWC" }
        )),
        Some(format!("dilations={}", list(&attrs.dilations))),
        Some(format!("explicit_paddings={}", list(&explicit))),
        Some(format!("padding=\"{padding}\"")),
        Some(format!("strides={}", list(&attrs.strides))),
        Some("use_cudnn_on_gpu=true".to_string()),
    ]
    .into_iter()
    .flatten()
    .collect()
}
