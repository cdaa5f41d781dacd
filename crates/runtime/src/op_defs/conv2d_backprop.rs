//! `Conv2DBackpropInput` and `Conv2DBackpropFilter`, the gradients of `Conv2D` as ops of
//! their own: what `tf.nn.conv2d_transpose` (Keras' `Conv2DTranspose`) runs, and what a
//! `Conv2D`'s gradient is inside a `tf.function`. Each takes the size of what it computes
//! the gradient of (`input_sizes`, `filter_sizes`) from host memory.

use super::support::{first_dense_type, operand, shape_of, symbolic};
use super::{Op, OpDef};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{shape_entries, shape_from_entries, InputFact, OpKind, OutputFact, ValueType};
use crate::shape_fn::shape_at;
use crate::tape::kernel;
use tensor::ops::{self, Conv2DAttrs};
use tensor::{DType, ErrorClass, OpError, Tensor};

/// `Conv2DBackpropInput(input_sizes, filter, out_backprop)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Conv2DBackpropInput(pub Conv2DAttrs);

/// `Conv2DBackpropFilter(input, filter_sizes, out_backprop)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Conv2DBackpropFilter(pub Conv2DAttrs);

impl Conv2DBackpropInput {
    /// Wraps the op for `OpKind`.
    pub fn kind(attrs: Conv2DAttrs) -> OpKind {
        OpKind::new(Conv2DBackpropInput(attrs))
    }
}

impl Conv2DBackpropFilter {
    /// Wraps the op for `OpKind`.
    pub fn kind(attrs: Conv2DAttrs) -> OpKind {
        OpKind::new(Conv2DBackpropFilter(attrs))
    }
}

/// The sizes an input holds, as dimensions.
pub(super) fn sizes(tensor: &Tensor, what: &str) -> Result<Vec<usize>, OpError> {
    let values = tensor.to_i64_vec().unwrap_or_default();
    if tensor.dims().len() != 1 || values.len() != 4 {
        return Err(OpError::python(
            ErrorClass::InvalidArgument,
            format!("Conv2DBackprop: {what} must be a vector of 4 elements"),
        ));
    }
    values
        .iter()
        .map(|&v| {
            usize::try_from(v).map_err(|_| {
                OpError::python(
                    ErrorClass::InvalidArgument,
                    format!("Conv2DBackprop: {what} must not be negative"),
                )
            })
        })
        .collect()
}

/// The shape a sizes input gives, as far as shape inference knows it.
pub(super) fn sized_output(
    inputs: &[InputFact<'_>],
    index: usize,
    dtype_from: usize,
) -> OutputFact {
    let dtype = match inputs.get(dtype_from).map(|fact| fact.value_type) {
        Some(ValueType::Dense(dtype)) => dtype,
        _ => first_dense_type(inputs),
    };
    let shape = match inputs.get(index) {
        Some(fact) => shape_from_entries(shape_entries(fact)),
        None => tensor::TensorShape::unknown(),
    };
    OutputFact {
        value_type: ValueType::Dense(dtype),
        shape,
    }
}

/// The sizes input (`input_sizes`, `filter_sizes`) must be a vector.
fn check_sizes_rank(inputs: &[InputFact<'_>], index: usize) -> TfResult<()> {
    match shape_at(inputs, index).dims().map(<[_]>::len) {
        Some(rank) if rank != 1 => Err(TfError::invalid_argument(format!(
            "Shape must be rank 1 but is rank {rank}"
        ))),
        _ => Ok(()),
    }
}

impl Op for Conv2DBackpropInput {
    fn def(&self) -> &'static OpDef {
        super::family_def("Conv2DBackpropInput")
    }

    fn type_attr(&self, inputs: &[ValueType]) -> Option<DType> {
        match inputs.get(1) {
            Some(ValueType::Dense(dtype)) => Some(*dtype),
            _ => None,
        }
    }

    /// The output's shape is `input_sizes` read as a shape.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        check_sizes_rank(inputs, 0)?;
        Ok(vec![sized_output(inputs, 0, 1)])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [input_sizes, filter, grad] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "Conv2DBackpropInput takes input_sizes, filter and out_backprop",
            ));
        };
        let dims = sizes(input_sizes, "input_sizes")?;
        Ok(vec![ops::conv2d_backprop_input(
            &dims, filter, grad, &self.0,
        )?])
    }

    /// `_Conv2DBackpropInputGrad`: the filter's gradient is `Conv2DBackpropFilter(grad,
    /// shape(filter), out_backprop)`, `out_backprop`'s is `Conv2D(grad, filter)`.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(Some(grad)), [_, w, dy]) = (grads.first(), inputs) else {
            return Ok(vec![None; inputs.len()]);
        };
        Ok(vec![
            None,
            Some(ops::conv2d_backprop_filter(grad, w.dims(), dy, &self.0).map_err(kernel)?),
            Some(ops::conv2d(grad, w, &self.0).map_err(kernel)?),
        ])
    }

    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let [_, w, dy] = inputs else {
            return Ok(vec![None; inputs.len()]);
        };
        let filter_sizes = shape_of(ctx, *w, DType::Int32)?;
        let dw = ctx.array_op(
            Conv2DBackpropFilter::kind(self.0.clone()),
            "Conv2DBackpropFilter",
            None,
            vec![
                (operand(grad), "input", true),
                (crate::Operand::Handle(filter_sizes), "filter_sizes", false),
                (operand(*dy), "out_backprop", true),
            ],
        )?;
        let ddy = ctx.array_op(
            super::Conv2D::kind(self.0.clone()),
            "Conv2D",
            None,
            vec![
                (operand(grad), "input", true),
                (operand(*w), "filter", true),
            ],
        )?;
        Ok(vec![None, Some(symbolic(dw)?), Some(symbolic(ddy)?)])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["input_sizes", "filter", "out_backprop"], "output"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        super::conv2d::conv_node_attrs(&self.0, inputs, 1)
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![0]
    }

    fn shape_input(&self) -> Option<usize> {
        Some(0)
    }
}

impl Op for Conv2DBackpropFilter {
    fn def(&self) -> &'static OpDef {
        super::family_def("Conv2DBackpropFilter")
    }

    /// The output's shape is `filter_sizes` read as a shape.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        check_sizes_rank(inputs, 1)?;
        Ok(vec![sized_output(inputs, 1, 0)])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [input, filter_sizes, grad] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "Conv2DBackpropFilter takes input, filter_sizes and out_backprop",
            ));
        };
        let dims = sizes(filter_sizes, "filter_sizes")?;
        Ok(vec![ops::conv2d_backprop_filter(
            input, &dims, grad, &self.0,
        )?])
    }

    /// `_Conv2DBackpropFilterGrad`: the input's gradient is `Conv2DBackpropInput(shape(x),
    /// grad, out_backprop)`, `out_backprop`'s is `Conv2D(x, grad)`.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(Some(grad)), [x, _, dy]) = (grads.first(), inputs) else {
            return Ok(vec![None; inputs.len()]);
        };
        Ok(vec![
            Some(ops::conv2d_backprop_input(x.dims(), grad, dy, &self.0).map_err(kernel)?),
            None,
            Some(ops::conv2d(x, grad, &self.0).map_err(kernel)?),
        ])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["input", "filter_sizes", "out_backprop"], "output"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        super::conv2d::conv_node_attrs(&self.0, inputs, 0)
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![1]
    }

    fn shape_input(&self) -> Option<usize> {
        Some(1)
    }
}

/// `_Conv2DGrad` while tracing: `Conv2DBackpropInput(shape(x), w, grad)` and
/// `Conv2DBackpropFilter(x, shape(w), grad)`.
pub(super) fn conv2d_graph_gradient(
    ctx: &mut Context,
    attrs: &Conv2DAttrs,
    inputs: &[GraphTensor],
    grad: GraphTensor,
) -> TfResult<Vec<Option<GraphTensor>>> {
    let [x, w] = inputs else {
        return Ok(vec![None; inputs.len()]);
    };
    let input_sizes = shape_of(ctx, *x, DType::Int32)?;
    let dx = ctx.array_op(
        Conv2DBackpropInput::kind(attrs.clone()),
        "Conv2DBackpropInput",
        None,
        vec![
            (crate::Operand::Handle(input_sizes), "input_sizes", false),
            (operand(*w), "filter", true),
            (operand(grad), "out_backprop", true),
        ],
    )?;
    let filter_sizes = shape_of(ctx, *w, DType::Int32)?;
    let dw = ctx.array_op(
        Conv2DBackpropFilter::kind(attrs.clone()),
        "Conv2DBackpropFilter",
        None,
        vec![
            (operand(*x), "input", true),
            (crate::Operand::Handle(filter_sizes), "filter_sizes", false),
            (operand(grad), "out_backprop", true),
        ],
    )?;
    Ok(vec![Some(symbolic(dx)?), Some(symbolic(dw)?)])
}
