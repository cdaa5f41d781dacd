//! `ImageProjectiveTransformV3` (Keras's `RandomRotation`, `RandomZoom`,
//! `RandomTranslation`, through `affine_transform`): each output pixel of each image is read
//! from the input at the point its 8-number projective transform maps it to, with nearest or
//! bilinear interpolation, and points outside the image reflected, wrapped, clamped to the
//! nearest edge or given `fill_value`. Arithmetic is in `float`, as TensorFlow's CPU kernel
//! (`image_ops.h`) does it, so results match bit for bit.

use super::support::{first_dense_type, unknown_outputs};
use super::{Op, OpDef};
use crate::error::TfResult;
use crate::op::{InputFact, OpKind, OutputFact};
use tensor::{ErrorClass, OpError, Shape, Tensor, TensorData, TensorShape};

/// How points between pixels are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interpolation {
    /// The nearest pixel (`std::round`).
    Nearest,
    /// The four neighbours, weighted.
    Bilinear,
}

/// What a point outside the image reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FillMode {
    /// The image mirrored about its edge (`dcba|abcd|dcba`).
    Reflect,
    /// The image repeated (`abcd|abcd|abcd`).
    Wrap,
    /// `fill_value`.
    Constant,
    /// The nearest edge pixel.
    Nearest,
}

/// `ImageProjectiveTransformV3` with its `interpolation` and `fill_mode` attributes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ImageProjectiveTransform {
    /// `interpolation`.
    pub interpolation: Interpolation,
    /// `fill_mode`.
    pub fill_mode: FillMode,
}

impl ImageProjectiveTransform {
    /// Wraps the op for `OpKind`.
    pub fn kind(interpolation: Interpolation, fill_mode: FillMode) -> OpKind {
        OpKind::new(ImageProjectiveTransform {
            interpolation,
            fill_mode,
        })
    }
}

fn invalid(message: impl Into<String>) -> OpError {
    OpError::kernel_of(
        ErrorClass::InvalidArgument,
        "ImageProjectiveTransformV3",
        Some(""),
        message,
    )
}

/// Maps an input coordinate outside `[0, len - 1]` back inside, by `mode` (TensorFlow's
/// `MapCoordinate`, after scipy's `ni_interpolation.c`).
fn map_coordinate(mode: FillMode, coordinate: f32, len: i64) -> f32 {
    let clamp = |value: f32| value.max(0.0).min((len - 1) as f32);
    let mut c = coordinate;
    match mode {
        FillMode::Constant => return c,
        FillMode::Nearest => return clamp(c),
        FillMode::Reflect => {
            if c < 0.0 {
                if len <= 1 {
                    c = 0.0;
                } else {
                    let sz2 = 2 * len;
                    if c < sz2 as f32 {
                        c += (sz2 * ((-c / sz2 as f32) as i64)) as f32;
                    }
                    c = if c < -(len as f32) {
                        c + sz2 as f32
                    } else {
                        -c - 1.0
                    };
                }
            } else if c > (len - 1) as f32 {
                if len <= 1 {
                    c = 0.0;
                } else {
                    let sz2 = 2 * len;
                    c -= (sz2 * ((c / sz2 as f32) as i64)) as f32;
                    if c >= len as f32 {
                        c = sz2 as f32 - c - 1.0;
                    }
                }
            }
        }
        FillMode::Wrap => {
            if c < 0.0 {
                if len <= 1 {
                    c = 0.0;
                } else {
                    let sz = len - 1;
                    c += (len * (((-c / sz as f32) as i64) + 1)) as f32;
                }
            } else if c > (len - 1) as f32 {
                if len <= 1 {
                    c = 0.0;
                } else {
                    let sz = len - 1;
                    c -= (len * ((c / sz as f32) as i64)) as f32;
                }
            }
        }
    }
    clamp(c)
}

/// The transformed images, in `float` (the caller casts to the images' dtype).
fn transform(
    op: &ImageProjectiveTransform,
    images: &[f32],
    dims: [usize; 4],
    transforms: &[f32],
    batch_transforms: bool,
    [out_height, out_width]: [usize; 2],
    fill: f32,
) -> Vec<f32> {
    let [batch, height, width, channels] = dims;
    let (h, w) = (height as i64, width as i64);
    let read = |b: usize, y: i64, x: i64, c: usize| -> f32 {
        if (0..h).contains(&y) && (0..w).contains(&x) {
            images[((b * height + y as usize) * width + x as usize) * channels + c]
        } else {
            fill
        }
    };
    let mut out = Vec::with_capacity(batch * out_height * out_width * channels);
    for b in 0..batch {
        let t = if batch_transforms {
            &transforms[b * 8..b * 8 + 8]
        } else {
            &transforms[..8]
        };
        for oy in 0..out_height {
            for ox in 0..out_width {
                let (fx, fy) = (ox as f32, oy as f32);
                let projection = t[6] * fx + t[7] * fy + 1.0;
                if projection == 0.0 {
                    out.extend(std::iter::repeat_n(fill, channels));
                    continue;
                }
                let input_x = (t[0] * fx + t[1] * fy + t[2]) / projection;
                let input_y = (t[3] * fx + t[4] * fy + t[5]) / projection;
                let x = map_coordinate(op.fill_mode, input_x, w);
                let y = map_coordinate(op.fill_mode, input_y, h);
                for c in 0..channels {
                    let value = match op.interpolation {
                        Interpolation::Nearest => read(b, y.round() as i64, x.round() as i64, c),
                        Interpolation::Bilinear => {
                            let (y_floor, x_floor) = (y.floor(), x.floor());
                            let (y_ceil, x_ceil) = (y_floor + 1.0, x_floor + 1.0);
                            let (yf, yc) = (y_floor as i64, y_ceil as i64);
                            let (xf, xc) = (x_floor as i64, x_ceil as i64);
                            let value_yfloor = (x_ceil - x) * read(b, yf, xf, c)
                                + (x - x_floor) * read(b, yf, xc, c);
                            let value_yceil = (x_ceil - x) * read(b, yc, xf, c)
                                + (x - x_floor) * read(b, yc, xc, c);
                            (y_ceil - y) * value_yfloor + (y - y_floor) * value_yceil
                        }
                    };
                    out.push(value);
                }
            }
        }
    }
    out
}

impl Op for ImageProjectiveTransform {
    fn def(&self) -> &'static OpDef {
        super::family_def("ImageProjectiveTransformV3")
    }

    /// The images' dtype; the shape `[batch, output_shape..., channels]`, with the output
    /// size known where `output_shape` is a constant (as TensorFlow's shape function).
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let dtype = first_dense_type(inputs);
        let Some(images) = inputs.first().and_then(|fact| fact.shape.dims()) else {
            return Ok(unknown_outputs(dtype, 1));
        };
        if images.len() != 4 {
            return Ok(unknown_outputs(dtype, 1));
        }
        let size = inputs
            .get(2)
            .and_then(|fact| fact.constant)
            .and_then(Tensor::to_i64_vec)
            .filter(|values| values.len() == 2);
        let dim = |index: usize| -> Option<usize> {
            size.as_ref()
                .and_then(|values| usize::try_from(values[index]).ok())
        };
        Ok(vec![OutputFact {
            value_type: crate::op::ValueType::Dense(dtype),
            shape: TensorShape::new(vec![images[0], dim(0), dim(1), images[3]]),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [images, transforms, output_shape, fill_value] = inputs else {
            return Err(invalid(
                "ImageProjectiveTransformV3 takes images, transforms, output_shape and fill_value",
            ));
        };
        if images.rank() != 4 {
            return Err(invalid(format!(
                "Input images must have rank 4 but got rank {}",
                images.rank()
            )));
        }
        let tdims = transforms.dims();
        if transforms.rank() != 2 || tdims[1] != 8 {
            return Err(invalid("Input transform should be num_images x 8"));
        }
        let dims = [
            images.dims()[0],
            images.dims()[1],
            images.dims()[2],
            images.dims()[3],
        ];
        if tdims[0] != 1 && tdims[0] != dims[0] {
            return Err(invalid("Input transform should be num_images x 8"));
        }
        let size = super::support::integers(output_shape, "ImageProjectiveTransformV3")?;
        let [out_height, out_width] = size.as_slice() else {
            return Err(invalid(
                "output_shape must be a 1-D int32 Tensor of 2 elements",
            ));
        };
        let (Ok(out_height), Ok(out_width)) =
            (usize::try_from(*out_height), usize::try_from(*out_width))
        else {
            return Err(invalid("output_shape must be positive"));
        };
        let pixels = |t: &Tensor| -> Result<Vec<f32>, OpError> {
            t.to_f64_vec()
                .map(|values| values.into_iter().map(|v| v as f32).collect())
                .ok_or_else(|| invalid("images must be numbers"))
        };
        let fill = pixels(&tensor::ops::cast(fill_value, images.dtype())?)?
            .first()
            .copied()
            .unwrap_or(0.0);
        let out_shape = Shape::new(vec![dims[0], out_height, out_width, dims[3]]);
        tensor::limits::check_elements(&out_shape)?;
        let values = transform(
            self,
            &pixels(images)?,
            dims,
            &pixels(transforms)?,
            tdims[0] != 1,
            [out_height, out_width],
            fill,
        );
        let floats = Tensor::new(
            tensor::DType::Float32,
            out_shape,
            TensorData::Float32(values),
        )?;
        Ok(vec![tensor::ops::cast(&floats, images.dtype())?])
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![2]
    }
}
