//! `MatrixDiagV3` (`diagonal, k, num_rows, num_cols, padding_value`) and
//! `MatrixSetDiagV3` (`input, diagonal, k`), emulated on the main diagonal (`k = 0`) with
//! the sizes it implies (`num_rows = num_cols = -1`), as `tf.eye` builds them.

use super::support::dense_type;
use super::{Op, OpDef};
use crate::error::TfResult;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use crate::tape::kernel;
use tensor::ops;
use tensor::{OpError, Tensor, TensorShape};

/// `MatrixDiagV3`: a diagonal spread into a matrix.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatrixDiag;

/// `MatrixSetDiagV3`: a matrix with its diagonal replaced.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatrixSetDiag;

impl MatrixDiag {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(MatrixDiag)
    }
}

impl MatrixSetDiag {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(MatrixSetDiag)
    }
}

/// The inputs' settings other than the main diagonal are refused, naming the op.
fn main_diagonal_only(
    inputs: &[&Tensor],
    settings: &[(usize, i64)],
    op: &str,
) -> Result<(), OpError> {
    for &(index, expected) in settings {
        let value = inputs.get(index).and_then(|input| input.to_i64_vec());
        if value.as_deref() != Some(&[expected]) {
            return Err(OpError::python(
                tensor::ErrorClass::InvalidArgument,
                format!(
                    "{op} is emulated on the main diagonal only (k = 0, num_rows = num_cols = -1)"
                ),
            ));
        }
    }
    Ok(())
}

impl Op for MatrixDiag {
    fn def(&self) -> &'static OpDef {
        super::family_def("MatrixDiagV3")
    }

    /// `[..., n]` spreads into `[..., n, n]`.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let shape = match inputs.first().and_then(|fact| fact.shape.dims()) {
            Some(dims) if !dims.is_empty() => {
                let mut dims = dims.to_vec();
                dims.push(dims[dims.len() - 1]);
                TensorShape::new(dims)
            }
            _ => TensorShape::unknown(),
        };
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dense_type(inputs, 0, "MatrixDiagV3")?),
            shape,
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        main_diagonal_only(inputs, &[(1, 0), (2, -1), (3, -1)], "MatrixDiagV3")?;
        let [diagonal, _, _, _, padding] = inputs else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "MatrixDiagV3 takes five inputs",
            ));
        };
        Ok(vec![ops::matrix_diag(diagonal, padding)?])
    }

    /// `_MatrixDiagV3Grad`: the diagonal's part of the gradient; k and sizes get none.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let Some(Some(grad)) = grads.first() else {
            return Ok(vec![None; inputs.len()]);
        };
        let mut grads = vec![Some(ops::matrix_diag_part(grad).map_err(kernel)?)];
        grads.resize(inputs.len(), None);
        Ok(grads)
    }
}

impl Op for MatrixSetDiag {
    fn def(&self) -> &'static OpDef {
        super::family_def("MatrixSetDiagV3")
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let shape = inputs
            .first()
            .map_or_else(TensorShape::unknown, |fact| fact.shape.clone());
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dense_type(inputs, 0, "MatrixSetDiagV3")?),
            shape,
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        main_diagonal_only(inputs, &[(2, 0)], "MatrixSetDiagV3")?;
        let [input, diagonal, _] = inputs else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "MatrixSetDiagV3 takes input, diagonal and k",
            ));
        };
        Ok(vec![ops::matrix_set_diag(input, diagonal)?])
    }

    /// `_MatrixSetDiagGradV3`: the input gets the gradient with its diagonal zeroed, the
    /// diagonal gets the gradient's diagonal.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let Some(Some(grad)) = grads.first() else {
            return Ok(vec![None; inputs.len()]);
        };
        let part = ops::matrix_diag_part(grad).map_err(kernel)?;
        let dims: Vec<i64> = part.dims().iter().map(|&dim| dim as i64).collect();
        let zeros = ops::zeros(&dims, part.dtype()).map_err(kernel)?;
        let input_grad = ops::matrix_set_diag(grad, &zeros).map_err(kernel)?;
        let mut grads = vec![Some(input_grad), Some(part)];
        grads.resize(inputs.len(), None);
        Ok(grads)
    }
}
