//! `SparseSoftmaxCrossEntropyWithLogits` (`tf.nn.sparse_softmax_cross_entropy_with_logits`,
//! Keras' sparse categorical cross-entropy from logits): for each row of `features`
//! (`[batch, classes]`) and its class in `labels` (`[batch]`), the loss
//! `log(sum(exp(x - max))) - (x[label] - max)` and its gradient, the softmax less the one-hot
//! label, as the op's second output.

use super::softmax_cross_entropy::{
    broadcast_mul, debug, graph_broadcast_mul, loss_and_backprop_facts,
};
use super::support::typed_attr;
use super::{Op, OpDef};
use crate::context::Context;
use crate::error::TfResult;
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact};
use crate::shape_fn::{merge_dims, shape_at, with_rank};
use report::OpClass;
use tensor::ops::check_allowed_attr;
use tensor::tensor::round_to_dtype;
use tensor::{DType, ErrorClass, OpError, Tensor, TensorData};

/// The op type: an exponential and a logarithm per element.
pub static DEF: OpDef =
    OpDef::compute("SparseSoftmaxCrossEntropyWithLogits").class(OpClass::Transcendental);

/// The op.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SparseSoftmaxCrossEntropyWithLogits;

impl SparseSoftmaxCrossEntropyWithLogits {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(SparseSoftmaxCrossEntropyWithLogits)
    }
}

/// The kernel's error (an eager one names the op, with an empty ` name: `).
fn error(class: ErrorClass, message: impl Into<String>) -> OpError {
    OpError::kernel_of(class, DEF.name, Some(""), message)
}

/// Loss and backprop of one row of float32 logits (half and bfloat16 compute in float32,
/// rounded to their dtype at each step, as Eigen evaluates them), given its label.
fn row_f32(features: &[f32], label: usize, dtype: DType) -> (f32, Vec<f32>) {
    let round = |value: f32| round_to_dtype(dtype, value);
    let max = features.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let shifted: Vec<f32> = features.iter().map(|&x| round(x - max)).collect();
    let sum = shifted
        .iter()
        .fold(0.0f32, |sum, &x| round(sum + round(x.exp())));
    let loss = round(round(sum.ln()) - shifted[label]);
    let backprop = shifted
        .iter()
        .enumerate()
        .map(|(class, &x)| {
            let probability = round(round(x.exp()) / sum);
            round(probability - if class == label { 1.0 } else { 0.0 })
        })
        .collect();
    (loss, backprop)
}

/// [`row_f32`] for float64 logits.
fn row_f64(features: &[f64], label: usize) -> (f64, Vec<f64>) {
    let max = features.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let shifted: Vec<f64> = features.iter().map(|&x| x - max).collect();
    let sum = shifted.iter().fold(0.0, |sum, &x| sum + x.exp());
    let loss = sum.ln() - shifted[label];
    let backprop = shifted
        .iter()
        .enumerate()
        .map(|(class, &x)| x.exp() / sum - if class == label { 1.0 } else { 0.0 })
        .collect();
    (loss, backprop)
}

impl Op for SparseSoftmaxCrossEntropyWithLogits {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    fn output_count(&self) -> usize {
        2
    }

    /// `SparseSoftmaxXentShapeFn`: features a matrix, labels a vector of its batch size;
    /// the loss per row and the backprop of the features' shape.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let (features, labels) = (shape_at(inputs, 0), shape_at(inputs, 1));
        with_rank(&features, 2)?;
        with_rank(&labels, 1)?;
        let dims = features.dims().map(<[_]>::to_vec);
        let batch = dims.as_ref().and_then(|dims| dims[0]);
        if let Some([rows]) = labels.dims() {
            merge_dims(batch, *rows)?;
        }
        let batch = batch.or_else(|| labels.dims().and_then(|dims| dims[0]));
        let classes = dims.as_ref().and_then(|dims| dims[1]);
        Ok(loss_and_backprop_facts(inputs, batch, classes))
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [features, labels] = inputs else {
            return Err(error(ErrorClass::Internal, "it takes features and labels"));
        };
        let dtype = features.dtype();
        check_allowed_attr(DEF.name, Some("T"), Some(""), dtype)?;
        check_allowed_attr(DEF.name, Some("Tlabels"), Some(""), labels.dtype())?;
        let invalid = |message: String| error(ErrorClass::InvalidArgument, message);
        let &[batch, classes] = features.dims() else {
            return Err(invalid(format!(
                "logits must be 2-D, but got shape {}",
                debug(features)
            )));
        };
        let &[rows] = labels.dims() else {
            return Err(invalid(format!(
                "labels must be 1-D, but got shape {}",
                debug(labels)
            )));
        };
        if batch != rows {
            return Err(invalid(format!(
                "logits and labels must have the same first dimension, got logits shape {} \
                 and labels shape {}",
                debug(features),
                debug(labels)
            )));
        }
        if classes == 0 {
            return Err(invalid(format!(
                "Must have at least one class, but got logits shape {}",
                debug(features)
            )));
        }
        let label_values = labels.to_i64_vec().unwrap_or_default();
        if let Some(bad) = label_values
            .iter()
            .find(|&&label| label < 0 || label >= classes as i64)
        {
            let listed: Vec<String> = label_values.iter().map(i64::to_string).collect();
            return Err(error(
                ErrorClass::InvalidArgument,
                format!(
                    "Received a label value of {bad} which is outside the valid range of [0, \
                     {classes}).  Label values: {}",
                    listed.join(" ")
                ),
            ));
        }
        let labels: Vec<usize> = label_values.iter().map(|&label| label as usize).collect();
        let width = classes.max(1);
        let (losses, backprop) = match features.data() {
            TensorData::Float64(values) => {
                let (mut losses, mut backprop) = (Vec::new(), Vec::new());
                for (row, &label) in values.chunks(width).zip(&labels) {
                    let (loss, gradient) = row_f64(row, label);
                    losses.push(loss);
                    backprop.extend(gradient);
                }
                (TensorData::Float64(losses), TensorData::Float64(backprop))
            }
            _ => {
                let values = tensor::ops::cast(features, DType::Float32)?;
                let TensorData::Float32(values) = values.data() else {
                    return Err(error(
                        ErrorClass::Internal,
                        "float32 without float32 storage",
                    ));
                };
                let (mut losses, mut backprop) = (Vec::new(), Vec::new());
                for (row, &label) in values.chunks(width).zip(&labels) {
                    let (loss, gradient) = row_f32(row, label, dtype);
                    losses.push(loss);
                    backprop.extend(gradient);
                }
                (TensorData::Float32(losses), TensorData::Float32(backprop))
            }
        };
        let storage = if dtype == DType::Float64 {
            DType::Float64
        } else {
            DType::Float32
        };
        let loss = Tensor::new(storage, tensor::Shape::new(vec![batch]), losses)?;
        let backprop = Tensor::new(storage, tensor::Shape::new(vec![batch, classes]), backprop)?;
        Ok(vec![
            tensor::ops::cast(&loss, dtype)?,
            tensor::ops::cast(&backprop, dtype)?,
        ])
    }

    /// `_SparseSoftmaxCrossEntropyWithLogitsGrad`: the loss's gradient, one per row,
    /// times the backprop output; the labels get none.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(Some(grad)), Some(backprop)) = (grads.first(), outputs.get(1)) else {
            return Ok(vec![None; inputs.len()]);
        };
        Ok(vec![Some(broadcast_mul(grad, backprop)?), None])
    }

    /// Inside a `tf.function`: `ExpandDims(grad, -1)` and its `mul` with the backprop
    /// output.
    fn graph_gradients(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        outputs: &[(GraphTensor, Option<GraphTensor>)],
        _skip: &[bool],
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let (Some((_, Some(grad))), Some((backprop, _))) = (outputs.first(), outputs.get(1)) else {
            return Ok(vec![None; inputs.len()]);
        };
        Ok(vec![
            Some(graph_broadcast_mul(ctx, *grad, *backprop)?),
            None,
        ])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["features", "labels"], "loss"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        [typed_attr(inputs, "T", 0), typed_attr(inputs, "Tlabels", 1)]
            .into_iter()
            .flatten()
            .collect()
    }
}
