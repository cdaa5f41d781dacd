//! Sliding-window geometry shared by convolution and pooling: output sizes and padding as
//! TensorFlow's `GetWindowedOutputSizeVerbose` computes them, with its error texts.
//!
//! A window of `kernel` taps `dilation` apart covers `(kernel - 1) · dilation + 1` inputs (the
//! *effective* size) and moves `stride` inputs at a time. `VALID` keeps the windows that fit,
//! `SAME` gives `ceil(input / stride)` outputs and pads evenly, the extra input after, and
//! explicit padding adds the given counts before and after.

use crate::error::{ErrorClass, OpError, OpResult};

use super::OpType;

/// How a windowed op pads its spatial dimensions (the `padding` attr).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Padding {
    /// `VALID`: no padding; only windows that fit.
    Valid,
    /// `SAME`: `ceil(input / stride)` outputs, padding split evenly with the extra after.
    Same,
    /// `EXPLICIT` with `explicit_paddings`: 8 values, before and after per NHWC dimension.
    Explicit(Vec<i64>),
}

/// One spatial dimension of a windowed op after TensorFlow's checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowDim {
    /// Input size.
    pub input: usize,
    /// Output size.
    pub output: usize,
    /// Taps of the window.
    pub kernel: usize,
    /// Distance between taps.
    pub dilation: usize,
    /// Distance between windows.
    pub stride: usize,
    /// Padding before the first input (windows start at `o·stride - pad_before`).
    pub pad_before: usize,
}

impl WindowDim {
    /// The input index of tap `tap` of output `out`, or `None` when it falls in padding.
    pub fn input_index(&self, out: usize, tap: usize) -> Option<usize> {
        // Checked: on 32-bit targets a huge stride or dilation must not wrap.
        let position = out
            .checked_mul(self.stride)?
            .checked_add(tap.checked_mul(self.dilation)?)?
            .checked_sub(self.pad_before)?;
        (position < self.input).then_some(position)
    }
}

/// `GetWindowedOutputSizeVerbose` for one dimension: `pads` is the explicit `(before,
/// after)`, used only with [`Padding::Explicit`].
pub fn window_dim(
    op: OpType,
    input: usize,
    kernel: usize,
    dilation: usize,
    stride: usize,
    padding: &Padding,
    pads: (usize, usize),
) -> OpResult<WindowDim> {
    if stride == 0 {
        return Err(OpError::invalid_argument(
            op,
            format!("Stride must be > 0, but got {stride}"),
        ));
    }
    if dilation == 0 {
        return Err(OpError::invalid_argument(
            op,
            format!("Dilation rate must be >= 1, but got {dilation}"),
        ));
    }
    let too_large = || OpError::invalid_argument(op, "window sizes overflow int64");
    let effective = kernel
        .checked_sub(1)
        .map_or(Some(0), |taps| taps.checked_mul(dilation))
        .and_then(|span| span.checked_add(1))
        .ok_or_else(too_large)?;
    let (input_i, effective_i, stride_i) = (input as i128, effective as i128, stride as i128);
    let (output, pad_before) = match padding {
        Padding::Valid => ((input_i - effective_i + stride_i) / stride_i, 0),
        Padding::Explicit(_) => {
            let padded = input_i + pads.0 as i128 + pads.1 as i128;
            ((padded - effective_i + stride_i) / stride_i, pads.0 as i128)
        }
        Padding::Same => {
            let output = (input_i + stride_i - 1) / stride_i;
            let needed = ((output - 1) * stride_i + effective_i - input_i).max(0);
            (output, needed / 2)
        }
    };
    if output < 0 {
        return Err(OpError::invalid_argument(
            op,
            format!(
                "Computed output size would be negative: {output} [input_size: {input}, \
                 effective_filter_size: {effective}, stride: {stride}]"
            ),
        ));
    }
    Ok(WindowDim {
        input,
        output: usize::try_from(output).map_err(|_| too_large())?,
        kernel,
        dilation,
        stride,
        pad_before: usize::try_from(pad_before).map_err(|_| too_large())?,
    })
}

/// A 4-element attr (`strides`, `ksize`, `dilations`) as sizes, or `None` for a wrong length.
pub fn four(values: &[i64]) -> Option<[i64; 4]> {
    values.try_into().ok()
}

/// A non-negative attr value as a size (negative values were rejected before).
pub fn size(value: i64) -> usize {
    usize::try_from(value).unwrap_or(0)
}

/// `UnimplementedError` from `op`'s kernel.
pub fn unimplemented(op: OpType, message: impl Into<String>) -> OpError {
    OpError::kernel(ErrorClass::Unimplemented, op, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_pads_evenly_with_the_extra_after() {
        let dim = window_dim(OpType::MaxPool, 4, 3, 1, 2, &Padding::Same, (0, 0)).unwrap();
        assert_eq!((dim.output, dim.pad_before), (2, 0));
        let dim = window_dim(OpType::MaxPool, 5, 3, 1, 1, &Padding::Same, (0, 0)).unwrap();
        assert_eq!((dim.output, dim.pad_before), (5, 1));
        assert_eq!(dim.input_index(0, 0), None);
        assert_eq!(dim.input_index(4, 2), None);
        assert_eq!(dim.input_index(4, 1), Some(4));
    }

    #[test]
    fn valid_windows_that_do_not_fit_are_tensorflows_error() {
        let error = window_dim(OpType::Conv2D, 2, 5, 1, 1, &Padding::Valid, (0, 0)).unwrap_err();
        assert_eq!(
            error.message,
            "Computed output size would be negative: -2 [input_size: 2, \
             effective_filter_size: 5, stride: 1]"
        );
        // Truncating division: a window one larger than the input with stride 2 gives 0.
        let dim = window_dim(OpType::Conv2D, 2, 5, 1, 2, &Padding::Valid, (0, 0)).unwrap();
        assert_eq!(dim.output, 0);
        let dilated = window_dim(OpType::Conv2D, 4, 2, 2, 1, &Padding::Valid, (0, 0)).unwrap();
        assert_eq!(dilated.output, 2);
        let huge = window_dim(OpType::Conv2D, 4, usize::MAX, 2, 1, &Padding::Valid, (0, 0));
        assert!(huge.is_err());
    }
}
