//! `tf.strings.to_number` (`StringToNumber`) and `tf.image.resize` (`ResizeBilinear`,
//! `ResizeNearestNeighbor`, both with TensorFlow 2's half-pixel centres).

use crate::error::{ErrorClass, OpError, OpResult};
use crate::ops::{cast, OpType};
use crate::{limits, DType, Shape, Tensor, TensorData};

/// `tf.strings.to_number(strings, out_type)`: parses every element as a number; a string
/// that is not one fails as TensorFlow's kernel does.
pub fn string_to_number(input: &Tensor, out_type: DType) -> OpResult<Tensor> {
    let op = OpType::StringToNumber;
    let TensorData::String(values) = input.data() else {
        return Err(OpError::dispatch(
            ErrorClass::InvalidArgument,
            op,
            format!(
                "cannot compute StringToNumber as input #0(zero-based) was expected to be a string tensor but is a {} tensor",
                input.dtype().name()
            ),
        ));
    };
    let mut parsed = Vec::with_capacity(values.len());
    for bytes in values {
        let text = String::from_utf8_lossy(bytes);
        let trimmed = text.trim();
        let value = if out_type.is_integer() {
            trimmed.parse::<i64>().ok().map(|value| value as f64)
        } else {
            match trimmed.to_ascii_lowercase().as_str() {
                "inf" | "+inf" | "infinity" => Some(f64::INFINITY),
                "-inf" | "-infinity" => Some(f64::NEG_INFINITY),
                "nan" => Some(f64::NAN),
                _ => cpython_text::parse_f64(trimmed),
            }
        };
        match value {
            Some(value) => parsed.push(value),
            None => {
                return Err(OpError::invalid_argument(
                    op,
                    format!("StringToNumberOp could not correctly convert string: {text}"),
                ))
            }
        }
    }
    let doubles = Tensor::from_vec(input.shape().clone(), parsed)?;
    cast(&doubles, out_type)
}

/// `tf.image.resize(images, [height, width], method)` on a `[batch, h, w, c]` tensor:
/// bilinear gives float32, nearest neighbour keeps the dtype.
pub fn resize(images: &Tensor, height: usize, width: usize, nearest: bool) -> OpResult<Tensor> {
    let op = if nearest {
        OpType::ResizeNearestNeighbor
    } else {
        OpType::ResizeBilinear
    };
    let [batch, in_h, in_w, channels] = images.dims() else {
        return Err(OpError::invalid_argument(
            op,
            format!("input must be 4-dimensional{}", images.shape()),
        ));
    };
    let (batch, in_h, in_w, channels) = (*batch, *in_h, *in_w, *channels);
    let shape = Shape::new(vec![batch, height, width, channels]);
    limits::check_elements(&shape)?;
    let source = cast(images, DType::Float64)?;
    let Some(input) = source.as_slice::<f64>() else {
        return Err(OpError::invalid_argument(op, "images must be numeric"));
    };
    let at = |b: usize, y: usize, x: usize, c: usize| {
        input
            .get(((b * in_h + y) * in_w + x) * channels + c)
            .copied()
            .unwrap_or(0.0)
    };
    let scale_h = in_h as f64 / height.max(1) as f64;
    let scale_w = in_w as f64 / width.max(1) as f64;
    let last_h = in_h.saturating_sub(1);
    let last_w = in_w.saturating_sub(1);
    let mut out = Vec::with_capacity(batch * height * width * channels);
    for b in 0..batch {
        for y in 0..height {
            for x in 0..width {
                for c in 0..channels {
                    if nearest {
                        let sy = (((y as f64 + 0.5) * scale_h).floor() as usize).min(last_h);
                        let sx = (((x as f64 + 0.5) * scale_w).floor() as usize).min(last_w);
                        out.push(at(b, sy, sx, c));
                        continue;
                    }
                    let fy = ((y as f64 + 0.5) * scale_h - 0.5).max(0.0);
                    let fx = ((x as f64 + 0.5) * scale_w - 0.5).max(0.0);
                    let (y0, x0) = (
                        (fy.floor() as usize).min(last_h),
                        (fx.floor() as usize).min(last_w),
                    );
                    let (y1, x1) = ((y0 + 1).min(last_h), (x0 + 1).min(last_w));
                    let (dy, dx) = (fy - fy.floor(), fx - fx.floor());
                    let top = at(b, y0, x0, c) + (at(b, y0, x1, c) - at(b, y0, x0, c)) * dx;
                    let bottom = at(b, y1, x0, c) + (at(b, y1, x1, c) - at(b, y1, x0, c)) * dx;
                    out.push(top + (bottom - top) * dy);
                }
            }
        }
    }
    let result = Tensor::from_vec(shape, out)?;
    if nearest {
        cast(&result, images.dtype())
    } else {
        // TensorFlow computes in float32.
        cast(&result, DType::Float32)
    }
}
