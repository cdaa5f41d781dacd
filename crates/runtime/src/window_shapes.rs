//! Static output shapes of the windowed ops (`Conv2D`, `MaxPool`, `AvgPool`) in graph mode
//! when some input dimension is unknown (`Placeholder(shape=[None, 28, 28, 1])`): the
//! spatial sizes follow from the window as the kernel computes them, and an unknown batch
//! or size stays unknown, as TensorFlow's shape functions print `(None, 14, 14, 32)`.

use tensor::ops::conv::conv_geometry;
use tensor::ops::pool::pool_geometry;
use tensor::ops::window::{size, window_dim, Padding};
use tensor::ops::OpType;
use tensor::TensorShape;

/// A windowed op's attrs.
#[derive(Clone, Copy, Debug)]
pub enum Windowed<'a> {
    /// `Conv2D`.
    Conv(&'a tensor::ops::Conv2DAttrs),
    /// `MaxPool` / `AvgPool`.
    Pool(tensor::ops::PoolKind, &'a tensor::ops::PoolAttrs),
}

/// The output shape of `op` (a `Conv2D` or pooling of NHWC `input`, with `filter` for a
/// convolution), or `None` when the op is not windowed or its attrs are invalid (the kernel
/// then reports the error).
pub fn static_output(
    op: Windowed<'_>,
    input: &TensorShape,
    filter: &TensorShape,
) -> Option<TensorShape> {
    let dims = input.dims()?;
    let [batch, rows, cols, depth]: [Option<usize>; 4] = dims.try_into().ok()?;
    let (kernel, dilations, strides, padding, out_depth) = match op {
        Windowed::Conv(attrs) => {
            if attrs.nchw {
                return None;
            }
            let filter: [Option<usize>; 4] = filter.dims()?.try_into().ok()?;
            (
                [filter[0], filter[1]],
                [
                    size(*attrs.dilations.get(1)?),
                    size(*attrs.dilations.get(2)?),
                ],
                [size(*attrs.strides.get(1)?), size(*attrs.strides.get(2)?)],
                &attrs.padding,
                filter[3],
            )
        }
        Windowed::Pool(_, attrs) => {
            if attrs.nchw {
                return None;
            }
            (
                [
                    Some(size(*attrs.ksize.get(1)?)),
                    Some(size(*attrs.ksize.get(2)?)),
                ],
                [1, 1],
                [size(*attrs.strides.get(1)?), size(*attrs.strides.get(2)?)],
                &attrs.padding,
                depth,
            )
        }
    };
    let pads = |axis: usize| match padding {
        Padding::Explicit(values) => (
            size(values.get(2 * axis + 2).copied().unwrap_or(0)),
            size(values.get(2 * axis + 3).copied().unwrap_or(0)),
        ),
        _ => (0, 0),
    };
    let spatial = |axis: usize, input: Option<usize>| -> Option<Option<usize>> {
        let (Some(input), Some(kernel)) = (input, kernel[axis]) else {
            return Some(None);
        };
        let dim = window_dim(
            OpType::Conv2D,
            input,
            kernel,
            dilations[axis],
            strides[axis],
            padding,
            pads(axis),
        )
        .ok()?;
        Some(Some(dim.output))
    };
    Some(TensorShape::new(vec![
        batch,
        spatial(0, rows)?,
        spatial(1, cols)?,
        out_depth,
    ]))
}

/// Whether the kernel's shape checks pass for `input` and `filter` (true when a dimension
/// is unknown: the kernel checks at run time).
pub fn is_valid(op: Windowed<'_>, input: &TensorShape, filter: &TensorShape) -> bool {
    let Some(input) = input.to_shape() else {
        return true;
    };
    match op {
        Windowed::Conv(attrs) => filter.to_shape().is_none_or(|filter| {
            conv_geometry(OpType::Conv2D, input.dims(), filter.dims(), attrs).is_ok()
        }),
        Windowed::Pool(kind, attrs) => pool_geometry(kind, input.dims(), attrs).is_ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tensor::ops::{Conv2DAttrs, PoolAttrs, PoolKind};

    #[test]
    fn unknown_batch_passes_through() {
        let input = TensorShape::new(vec![None, Some(8), Some(8), Some(3)]);
        let filter = TensorShape::new(vec![Some(3), Some(3), Some(3), Some(4)]);
        let conv = Conv2DAttrs {
            strides: vec![1, 2, 2, 1],
            padding: Padding::Same,
            ..Conv2DAttrs::default()
        };
        let shape = static_output(Windowed::Conv(&conv), &input, &filter).unwrap();
        assert_eq!(shape.to_string(), "(None, 4, 4, 4)");
        let pool = PoolAttrs {
            ksize: vec![1, 2, 2, 1],
            strides: vec![1, 2, 2, 1],
            padding: Padding::Valid,
            nchw: false,
        };
        let shape = static_output(
            Windowed::Pool(PoolKind::Max, &pool),
            &input,
            &TensorShape::unknown(),
        )
        .unwrap();
        assert_eq!(shape.to_string(), "(None, 4, 4, 3)");
    }
}
