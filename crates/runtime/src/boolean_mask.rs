//! `tf.boolean_mask(tensor, mask, axis)`: the entries of `tensor` where `mask` holds, as
//! TensorFlow's `array_ops.boolean_mask` computes them: the masked axes flattened into
//! one (`Reshape`), the mask flattened (`Reshape`), the true positions found (`Where`,
//! `Squeeze`) and gathered (`GatherV2`), in the `boolean_mask` name scope.
//!
//! TensorFlow reads the new shape from `tf.shape` in the graph (`Shape`, `Prod`,
//! `ConcatV2`); here it is computed from the static shape, which must be known except
//! for at most one of the dimensions being merged or kept.

use crate::api::{Handle, Operand};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use tensor::{Tensor, TensorShape};

impl Context {
    /// `tf.boolean_mask(tensor, mask, axis=None, name="boolean_mask")`.
    pub fn boolean_mask(
        &mut self,
        tensor: Operand,
        mask: Operand,
        axis: i64,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let scope = self.enter_composite_scope(name.unwrap_or("boolean_mask"))?;
        let result = (|| {
            let tensor = match tensor {
                Operand::Literal(value) => Operand::Handle(self.constant(value, Some("tensor"))?),
                other => other,
            };
            let mask = match mask {
                Operand::Literal(value) => Operand::Handle(self.constant(value, Some("mask"))?),
                other => other,
            };
            let tensor_shape = self.operand_shape(&tensor)?;
            let mask_shape = self.operand_shape(&mask)?;
            let mask_dims = mask_shape.dims().ok_or_else(|| {
                TfError::value_error(
                    "Number of mask dimensions must be specified, even if some dimensions are None.  E.g. shape=[None] is ok, but shape=None is not.",
                )
            })?;
            if mask_dims.is_empty() {
                return Err(TfError::value_error("mask cannot be scalar."));
            }
            let dims = tensor_shape.dims().ok_or_else(|| {
                TfError::value_error("tf.boolean_mask needs a tensor of known rank here")
            })?;
            let rank = dims.len() as i64;
            let start = if axis < 0 { axis + rank } else { axis };
            let end = start + mask_dims.len() as i64;
            if start < 0 || end > rank {
                let shown: Vec<Option<usize>> = dims
                    .get(start.clamp(0, rank) as usize..end.clamp(0, rank) as usize)
                    .map(<[Option<usize>]>::to_vec)
                    .unwrap_or_default();
                return Err(TfError::value_error(format!(
                    "Shapes {} and {} are incompatible",
                    TensorShape::new(shown),
                    mask_shape
                )));
            }
            let (start, end) = (start as usize, end as usize);
            let masked = &dims[start..end];
            let compatible = masked
                .iter()
                .zip(mask_dims)
                .all(|(a, b)| a.is_none() || b.is_none() || a == b);
            if !compatible {
                return Err(TfError::value_error(format!(
                    "Shapes {} and {} are incompatible",
                    TensorShape::new(masked.to_vec()),
                    mask_shape
                )));
            }
            let leading = masked
                .iter()
                .try_fold(1i64, |product, dim| dim.map(|d| product * d as i64));
            let mut target: Vec<i64> = Vec::with_capacity(dims.len());
            let as_entry = |dim: &Option<usize>| dim.map_or(-1, |d| d as i64);
            target.extend(dims[..start].iter().map(as_entry));
            target.push(leading.unwrap_or(-1));
            target.extend(dims[end..].iter().map(as_entry));
            if target.iter().filter(|entry| **entry == -1).count() > 1 {
                return Err(TfError::value_error(
                    "tf.boolean_mask of a tensor with more than one unknown dimension is not emulated in this playground yet",
                ));
            }
            let reshaped = self.reshape(tensor, target, None)?;
            let flat_mask = self.reshape(mask, vec![-1], None)?;
            let positions = self.array_op(
                crate::op_defs::Where::kind(),
                "Where",
                None,
                vec![(flat_mask.into(), "input", true)],
            )?;
            let indices = self.array_op(
                crate::op_defs::Squeeze::kind(Some(vec![1])),
                "Squeeze",
                None,
                vec![(positions.into(), "input", true)],
            )?;
            let axis_value = i32::try_from(start)
                .map_err(|_| TfError::value_error("the mask's axis does not fit int32"))?;
            self.array_op(
                crate::op_defs::GatherV2::kind(),
                "GatherV2",
                None,
                vec![
                    (reshaped.into(), "params", true),
                    (indices.into(), "indices", false),
                    (Operand::Literal(Tensor::scalar(axis_value)), "axis", false),
                ],
            )
        })();
        self.leave_composite_scope(scope)?;
        result
    }
}
