//! `SoftmaxCrossEntropyWithLogits` (`tf.nn.softmax_cross_entropy_with_logits`, Keras'
//! categorical cross-entropy from logits): for each row of `features` (`[batch, classes]`)
//! and its label distribution (`labels`, broadcast to the features' shape), the loss
//! `sum(labels * (log(sum(exp(x - max))) - (x - max)))` and, as the op's second output, its
//! backprop `softmax(x) - labels`. TensorFlow's gradient is that backprop whatever the
//! labels sum to, so labels that are not a distribution (multi-hot rows) get TensorFlow's
//! gradient, not the loss's true derivative.

use super::support::{operand, symbolic, typed_attr};
use super::{LogSoftmax, Op, OpDef};
use crate::context::Context;
use crate::error::TfResult;
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use crate::shape_fn::{shape_at, with_rank};
use crate::tape::{binary, kernel, unary};
use report::OpClass;
use tensor::ops::{check_allowed_attr, reduce, BinaryOp, ReduceOp, UnaryOp};
use tensor::{DType, ErrorClass, OpError, Tensor, TensorShape};

/// The op type: an exponential and a logarithm per element.
pub static DEF: OpDef =
    OpDef::compute("SoftmaxCrossEntropyWithLogits").class(OpClass::Transcendental);

/// The op.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SoftmaxCrossEntropyWithLogits;

impl SoftmaxCrossEntropyWithLogits {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(SoftmaxCrossEntropyWithLogits)
    }
}

/// The kernel's error (an eager one names the op, with an empty ` name: `).
fn error(class: ErrorClass, message: impl Into<String>) -> OpError {
    OpError::kernel_of(class, DEF.name, Some(""), message)
}

/// `TensorShape::DebugString`: `[2,3]` (both cross-entropy ops' errors).
pub(super) fn debug(tensor: &Tensor) -> String {
    let dims: Vec<String> = tensor.dims().iter().map(usize::to_string).collect();
    format!("[{}]", dims.join(","))
}

/// The facts of both cross-entropy ops' outputs: the loss per row and the backprop of
/// the features' shape, in the features' dtype.
pub(super) fn loss_and_backprop_facts(
    inputs: &[InputFact<'_>],
    batch: Option<usize>,
    classes: Option<usize>,
) -> Vec<OutputFact> {
    let dtype = match inputs.first().map(|fact| fact.value_type) {
        Some(ValueType::Dense(dtype)) => dtype,
        _ => DType::Float32,
    };
    let fact = |shape| OutputFact {
        value_type: ValueType::Dense(dtype),
        shape,
    };
    vec![
        fact(TensorShape::new(vec![batch])),
        fact(TensorShape::new(vec![batch, classes])),
    ]
}

/// `expand_dims(grad, -1) * matrix` (`_BroadcastMul`), eagerly: both cross-entropy ops'
/// gradients.
pub(super) fn broadcast_mul(grad: &Tensor, matrix: &Tensor) -> TfResult<Tensor> {
    let column = tensor::ops::reshape(grad, &[grad.num_elements() as i64, 1]).map_err(kernel)?;
    binary(BinaryOp::Mul, &column, matrix)
}

/// `expand_dims(grad, -1) * matrix` (`_BroadcastMul`) in a graph: an `ExpandDims` and a
/// `mul`.
pub(super) fn graph_broadcast_mul(
    ctx: &mut Context,
    grad: GraphTensor,
    matrix: GraphTensor,
) -> TfResult<GraphTensor> {
    let column = symbolic(ctx.array_op(
        super::ExpandDims::kind(),
        "ExpandDims",
        None,
        vec![
            (operand(grad), "input", true),
            (
                crate::api::Operand::Literal(Tensor::scalar(-1i32)),
                "dim",
                false,
            ),
        ],
    )?)?;
    symbolic(ctx.binary(BinaryOp::Mul, operand(column), operand(matrix), Some("mul"))?)
}

impl Op for SoftmaxCrossEntropyWithLogits {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    fn output_count(&self) -> usize {
        2
    }

    /// `SoftmaxCrossEntropyWithLogits`'s shape function: two matrices whose shapes
    /// broadcast; the loss per row and the backprop of the broadcast shape.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let (features, labels) = (shape_at(inputs, 0), shape_at(inputs, 1));
        with_rank(&features, 2)?;
        with_rank(&labels, 2)?;
        let dim = |shape: &TensorShape, axis: usize| shape.dims().and_then(|dims| dims[axis]);
        let known = |axis: usize| match (dim(&features, axis), dim(&labels, axis)) {
            (Some(1), other) | (other, Some(1)) => other.or(Some(1)),
            (Some(a), Some(b)) if a != b => None,
            (a, b) => a.or(b),
        };
        Ok(loss_and_backprop_facts(inputs, known(0), known(1)))
    }

    /// Eigen's expression as TensorFlow's `XentFunctor` evaluates it, op by op: the row
    /// maximum, the shifted logits, their exponentials and row sums, the loss and the
    /// backprop.
    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [features, labels] = inputs else {
            return Err(error(ErrorClass::Internal, "it takes features and labels"));
        };
        check_allowed_attr(DEF.name, Some("T"), Some(""), features.dtype())?;
        let invalid = |message: String| error(ErrorClass::InvalidArgument, message);
        let broadcastable = features.rank() == labels.rank()
            && features
                .dims()
                .iter()
                .zip(labels.dims())
                .all(|(&a, &b)| a == b || a == 1 || b == 1);
        if !broadcastable {
            return Err(invalid(format!(
                "logits and labels must be broadcastable: logits_size={} labels_size={}",
                debug(features),
                debug(labels)
            )));
        }
        if features.rank() != 2 {
            return Err(invalid(
                "logits and labels must be either 2-dimensional, or broadcasted to be \
                 2-dimensional"
                    .to_string(),
            ));
        }
        let max = reduce(ReduceOp::Max, features, Some(&[1]), true)?;
        let shifted = tensor::ops::binary(BinaryOp::Sub, features, &max)?;
        let exps = tensor::ops::unary(UnaryOp::Exp, &shifted)?;
        let sums = reduce(ReduceOp::Sum, &exps, Some(&[1]), true)?;
        let log_sums = tensor::ops::unary(UnaryOp::Log, &sums)?;
        let surprise = tensor::ops::binary(BinaryOp::Sub, &log_sums, &shifted)?;
        let weighted = tensor::ops::binary(BinaryOp::Mul, labels, &surprise)?;
        let loss = reduce(ReduceOp::Sum, &weighted, Some(&[1]), false)?;
        let probabilities = tensor::ops::binary(BinaryOp::RealDiv, &exps, &sums)?;
        let backprop = tensor::ops::binary(BinaryOp::Sub, &probabilities, labels)?;
        Ok(vec![loss, backprop])
    }

    /// `_SoftmaxCrossEntropyWithLogitsGrad`: the loss's gradient, one per row, times the
    /// backprop output for the features, and times `-log_softmax(features)` for the
    /// labels.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(Some(grad)), Some(backprop), Some(features)) =
            (grads.first(), outputs.get(1), inputs.first())
        else {
            return Ok(vec![None; inputs.len()]);
        };
        let log_softmax = LogSoftmax.compute(&[features]).map_err(kernel)?;
        let surprise = unary(UnaryOp::Neg, &log_softmax[0])?;
        Ok(vec![
            Some(broadcast_mul(grad, backprop)?),
            Some(broadcast_mul(grad, &surprise)?),
        ])
    }

    /// Inside a `tf.function`: `ExpandDims(grad, -1)` and its `mul` with the backprop
    /// output; for the labels, the same with `Neg(LogSoftmax(features))`.
    fn graph_gradients(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        outputs: &[(GraphTensor, Option<GraphTensor>)],
        _skip: &[bool],
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let (Some((_, Some(grad))), Some((backprop, _)), Some(features)) =
            (outputs.first(), outputs.get(1), inputs.first())
        else {
            return Ok(vec![None; inputs.len()]);
        };
        let (grad, backprop, features) = (*grad, *backprop, *features);
        // TensorFlow's gradient function builds the labels' gradient whether or not it is
        // asked for, so a traced graph holds these ops either way.
        let features_grad = graph_broadcast_mul(ctx, grad, backprop)?;
        let log_softmax = symbolic(ctx.array_op(
            LogSoftmax::kind(),
            "LogSoftmax",
            None,
            vec![(operand(features), "logits", true)],
        )?)?;
        let surprise = ctx.grad_unary(UnaryOp::Neg, log_softmax)?;
        let labels_grad = graph_broadcast_mul(ctx, grad, surprise)?;
        Ok(vec![Some(features_grad), Some(labels_grad)])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["features", "labels"], "loss"))
    }

    /// The wrapper names the op after its own name scope, so the gradient's ops go under
    /// `gradient_tape/<that scope>/`.
    fn forward_name_scoped(&self, _name_stem: &str) -> bool {
        true
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        typed_attr(inputs, "T", 0).into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matrix(rows: usize, values: Vec<f32>) -> Tensor {
        let columns = values.len() / rows;
        Tensor::from_vec(tensor::Shape::new(vec![rows, columns]), values).unwrap()
    }

    /// The backprop is the softmax less the labels even when a row's labels sum to 2, as
    /// TensorFlow's kernel computes it.
    #[test]
    fn backprop_is_softmax_less_labels_for_multi_hot_rows() {
        let features = matrix(1, vec![1.0, 2.0, 3.0]);
        let labels = matrix(1, vec![1.0, 1.0, 0.0]);
        let outputs = SoftmaxCrossEntropyWithLogits
            .compute(&[&features, &labels])
            .unwrap();
        let backprop = outputs[1].to_f64_vec().unwrap();
        let softmax = [0.09003057, 0.24472848, 0.66524094];
        for ((got, p), y) in backprop.iter().zip(softmax).zip([1.0, 1.0, 0.0]) {
            assert!((got - (p - y)).abs() < 1e-6, "{got} vs {}", p - y);
        }
        let loss = outputs[0].to_f64_vec().unwrap()[0];
        assert!((loss - (2.407_605_6 + 1.407_605_6)).abs() < 1e-5, "{loss}");
    }

    /// Labels of one row broadcast over the batch.
    #[test]
    fn labels_broadcast_over_rows() {
        let features = matrix(2, vec![0.0, 0.0, 1.0, 1.0]);
        let labels = matrix(1, vec![1.0, 0.0]);
        let outputs = SoftmaxCrossEntropyWithLogits
            .compute(&[&features, &labels])
            .unwrap();
        assert_eq!(outputs[0].dims(), &[2]);
        assert_eq!(outputs[1].dims(), &[2, 2]);
    }

    #[test]
    fn unbroadcastable_shapes_are_refused_with_tensorflows_text() {
        let features = matrix(2, vec![0.0; 6]);
        let labels = matrix(1, vec![0.0; 2]);
        let message = SoftmaxCrossEntropyWithLogits
            .compute(&[&features, &labels])
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("logits_size=[2,3] labels_size=[1,2]"),
            "{message}"
        );
    }
}
