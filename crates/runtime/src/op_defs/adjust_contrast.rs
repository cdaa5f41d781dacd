//! `AdjustContrastv2` (`tf.image.adjust_contrast`): each channel of each image moved away
//! from (or towards) its mean over the image by `contrast_factor`. The mean is summed as
//! TensorFlow's CPU kernel sums it (folding the image in halves) and scaled by
//! `1 / pixels`, and the output is `mean + factor * (x - mean)`, so values match bit for bit.

use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{InputFact, OpKind, OutputFact};
use tensor::{DType, ErrorClass, OpError, Tensor, TensorData};

/// The op type: float images on CPU and GPU.
pub static DEF: OpDef = OpDef::compute("AdjustContrastv2");

/// The op.
#[derive(Clone, Debug, PartialEq)]
pub struct AdjustContrast;

impl AdjustContrast {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(AdjustContrast)
    }
}

fn invalid(message: impl Into<String>) -> OpError {
    OpError::kernel_of(
        ErrorClass::InvalidArgument,
        "AdjustContrastv2",
        Some(""),
        message,
    )
}

/// The per-channel sums of one `[pixels, channels]` plane, folded in halves.
fn folded_sum(plane: &[f32], pixels: usize, channels: usize) -> Vec<f32> {
    let mut sum = vec![0f32; plane.len()];
    let mut remaining = pixels;
    let mut round = 0;
    loop {
        let right = remaining / 2;
        let left = remaining - right;
        if round == 0 {
            for i in 0..right * channels {
                sum[i] = plane[left * channels + i] + plane[i];
            }
            if left > right {
                let start = right * channels;
                sum[start..start + channels].copy_from_slice(&plane[start..start + channels]);
            }
        } else {
            for i in 0..right * channels {
                sum[i] += sum[left * channels + i];
            }
        }
        remaining = left;
        round += 1;
        if remaining <= 1 {
            break;
        }
    }
    sum.truncate(channels);
    sum
}

impl Op for AdjustContrast {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let Some(images) = inputs.first() else {
            return Err(TfError::internal("AdjustContrastv2 takes images"));
        };
        Ok(vec![OutputFact {
            value_type: images.value_type,
            shape: images.shape.clone(),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [images, factor] = inputs else {
            return Err(invalid("AdjustContrastv2 takes images and contrast_factor"));
        };
        if images.rank() < 3 {
            return Err(invalid(format!(
                "input must be at least 3-D, got shape{}",
                images.shape().to_tf_list()
            )));
        }
        if factor.rank() != 0 {
            return Err(invalid(format!(
                "contrast_factor must be scalar: {}",
                factor.shape().to_tf_list()
            )));
        }
        let TensorData::Float32(values) = images.data() else {
            return Err(invalid(format!(
                "No AdjustContrastv2 kernel for {}",
                images.dtype().kernel_name()
            )));
        };
        let factor = factor
            .to_f64_vec()
            .and_then(|v| v.first().copied())
            .unwrap_or(1.0) as f32;
        let dims = images.dims();
        let rank = dims.len();
        let channels = dims[rank - 1];
        let pixels = dims[rank - 3] * dims[rank - 2];
        let batch: usize = dims[..rank - 3].iter().product();
        let plane_size = pixels * channels;
        let mut out = vec![0f32; values.len()];
        for b in 0..batch {
            let plane = &values[b * plane_size..(b + 1) * plane_size];
            let scaling = 1.0f32 / pixels as f32;
            let mean: Vec<f32> = if pixels == 0 {
                vec![0.0; channels]
            } else {
                folded_sum(plane, pixels, channels)
                    .into_iter()
                    .map(|s| s * scaling)
                    .collect()
            };
            for (i, x) in plane.iter().enumerate() {
                let m = mean[i % channels];
                out[b * plane_size + i] = m + factor * (x - m);
            }
        }
        Ok(vec![Tensor::new(
            DType::Float32,
            images.shape().clone(),
            TensorData::Float32(out),
        )?])
    }

    fn gradient_unregistered(&self) -> bool {
        true
    }
}
