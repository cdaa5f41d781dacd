//! The checks of TensorFlow's C++ shape functions (`REGISTER_OP(...).SetShapeFn`) that
//! the engine's static inference would otherwise pass over or word as its kernels do:
//! broadcasting of element-wise ops, `MatMul`'s inner dimensions, `Reshape`'s element
//! count, `BiasAdd`, `ConcatV2`, `Pack`, `ExpandDims`, `Tile`, reductions' axes, `Split`,
//! `Transpose`, the pads and `Conv2D`'s depth, with TensorFlow's messages (`Dimensions
//! must be equal, but are 3 and 2`).
//!
//! A failure is an `InvalidArgumentError`, the status the C++ shape function returns;
//! [`crate::graph::Graph::create_op`] turns it into the `ValueError` TensorFlow's
//! Python raises, completed with the node and its input shapes
//! ([`crate::node_summary`]).

use crate::error::{TfError, TfResult};
use crate::op::{InputFact, OpKind};
use tensor::TensorShape;

/// TensorFlow's `DebugString` of a dimension: its size, or `?`.
fn dim_text(dim: Option<usize>) -> String {
    dim.map_or_else(|| "?".to_string(), |dim| dim.to_string())
}

/// TensorFlow's `DebugString` of a shape: `[2,3]`, `[?,3]`, `[]`, or `?` for an unknown
/// rank.
pub fn shape_text(shape: &TensorShape) -> String {
    match shape.dims() {
        None => "?".to_string(),
        Some(dims) => {
            let dims: Vec<String> = dims.iter().map(|dim| dim_text(*dim)).collect();
            format!("[{}]", dims.join(","))
        }
    }
}

/// `InferenceContext::Merge` of two dimensions.
pub(crate) fn merge_dims(a: Option<usize>, b: Option<usize>) -> TfResult<()> {
    match (a, b) {
        (Some(a), Some(b)) if a != b => Err(TfError::invalid_argument(format!(
            "Dimensions must be equal, but are {a} and {b}"
        ))),
        _ => Ok(()),
    }
}

/// `InferenceContext::WithRank`.
pub(crate) fn with_rank(shape: &TensorShape, rank: usize) -> TfResult<()> {
    match shape.dims() {
        Some(dims) if dims.len() != rank => Err(TfError::invalid_argument(format!(
            "Shape must be rank {rank} but is rank {}",
            dims.len()
        ))),
        _ => Ok(()),
    }
}

/// `InferenceContext::WithRankAtLeast`.
pub(crate) fn with_rank_at_least(shape: &TensorShape, rank: usize) -> TfResult<()> {
    match shape.dims() {
        Some(dims) if dims.len() < rank => Err(TfError::invalid_argument(format!(
            "Shape must be at least rank {rank} but is rank {}",
            dims.len()
        ))),
        _ => Ok(()),
    }
}

/// `InferenceContext::Merge` of two shapes (`Dimension 1 in both shapes must be equal, but
/// are 3 and 2. Shapes are [2,3] and [2,2].`): the shape that knows each dimension either
/// knows.
pub(crate) fn merge_shapes(a: &TensorShape, b: &TensorShape) -> TfResult<TensorShape> {
    let (Some(left), Some(right)) = (a.dims(), b.dims()) else {
        return Ok(if a.dims().is_some() {
            a.clone()
        } else {
            b.clone()
        });
    };
    if left.len() != right.len() {
        return Err(TfError::invalid_argument(format!(
            "Shapes must be equal rank, but are {} and {}",
            left.len(),
            right.len()
        )));
    }
    for (index, (x, y)) in left.iter().zip(right).enumerate() {
        if let (Some(x), Some(y)) = (x, y) {
            if x != y {
                return Err(TfError::invalid_argument(format!(
                    "Dimension {index} in both shapes must be equal, but are {x} and {y}. \
                     Shapes are {} and {}.",
                    shape_text(a),
                    shape_text(b)
                )));
            }
        }
    }
    Ok(TensorShape::new(
        left.iter().zip(right).map(|(x, y)| x.or(*y)).collect(),
    ))
}

/// `BroadcastBinaryOpShapeFn`: aligned at the end, dimensions agree or one of them is 1
/// (checked from the first aligned dimension on, as TensorFlow reports the first).
pub(crate) fn broadcast(x: &TensorShape, y: &TensorShape) -> TfResult<()> {
    let (Some(x), Some(y)) = (x.dims(), y.dims()) else {
        return Ok(());
    };
    let common = x.len().min(y.len());
    let (x, y) = (&x[x.len() - common..], &y[y.len() - common..]);
    for (a, b) in x.iter().zip(y) {
        match (a, b) {
            (Some(1), _) | (_, Some(1)) => {}
            _ => merge_dims(*a, *b)?,
        }
    }
    Ok(())
}

/// A constant scalar integer input, when shape inference can see it.
pub(crate) fn constant_scalar(inputs: &[InputFact<'_>], index: usize) -> Option<i64> {
    let values = inputs.get(index)?.constant?.to_i64_vec()?;
    match values.as_slice() {
        [value] => Some(*value),
        _ => None,
    }
}

pub(crate) fn shape_at(inputs: &[InputFact<'_>], index: usize) -> TensorShape {
    inputs
        .get(index)
        .map_or_else(TensorShape::unknown, |fact| fact.shape.clone())
}

/// The known dims of a shape whose every dimension is known.
pub(crate) fn known_dims(shape: &TensorShape) -> Option<Vec<usize>> {
    shape.dims()?.iter().copied().collect()
}

/// The checks of `op`'s shape function that the engine's inference does not make itself;
/// `Ok` when the shapes pass (or are not known well enough to tell).
pub fn check(op: &OpKind, inputs: &[InputFact<'_>]) -> TfResult<()> {
    op.op().infer(inputs).map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::op::ValueType;
    use tensor::ops::{BinaryOp, MatMulOptions};
    use tensor::DType;

    fn fact(shape: &TensorShape) -> InputFact<'_> {
        InputFact {
            value_type: ValueType::Dense(DType::Float32),
            shape,
            constant: None,
            shape_value: None,
        }
    }

    fn known(dims: &[usize]) -> TensorShape {
        TensorShape::new(dims.iter().map(|dim| Some(*dim)).collect())
    }

    #[test]
    fn broadcasting_and_matmul_dimensions() {
        let (a, b) = (known(&[2, 3]), known(&[4]));
        let error = check(
            &crate::op_defs::Binary::kind(BinaryOp::Mul),
            &[fact(&a), fact(&known(&[3, 2]))],
        );
        assert_eq!(
            error.unwrap_err().message,
            "Dimensions must be equal, but are 2 and 3"
        );
        let error = check(
            &crate::op_defs::Binary::kind(BinaryOp::Add),
            &[fact(&a), fact(&b)],
        )
        .unwrap_err();
        assert_eq!(error.message, "Dimensions must be equal, but are 3 and 4");
        let ones = known(&[1, 4]);
        assert!(check(
            &crate::op_defs::Binary::kind(BinaryOp::Mul),
            &[fact(&ones), fact(&b)]
        )
        .is_ok());
        let matmul = crate::op_defs::MatMul::kind(MatMulOptions::default());
        let error = check(&matmul, &[fact(&a), fact(&a)]).unwrap_err();
        assert_eq!(error.message, "Dimensions must be equal, but are 3 and 2");
        let partial = TensorShape::new(vec![None, None]);
        assert!(check(&matmul, &[fact(&a), fact(&partial)]).is_ok());
    }

    #[test]
    fn batch_matmul_checks_inner_dimensions_then_broadcasts_batches() {
        let batched = crate::op_defs::MatMul::kind(MatMulOptions {
            batched: true,
            ..MatMulOptions::default()
        });
        let (a, b) = (known(&[2, 2, 3]), known(&[3, 3, 4]));
        let error = check(&batched, &[fact(&a), fact(&b)]).unwrap_err();
        assert_eq!(error.message, "Dimensions must be equal, but are 2 and 3");
        let error = check(&batched, &[fact(&a), fact(&known(&[2, 4, 4]))]).unwrap_err();
        assert_eq!(error.message, "Dimensions must be equal, but are 3 and 4");
        let error = check(&batched, &[fact(&known(&[3])), fact(&b)]).unwrap_err();
        assert_eq!(error.message, "Shape must be at least rank 2 but is rank 1");
        assert!(check(&batched, &[fact(&a), fact(&known(&[1, 3, 5]))]).is_ok());
        assert!(MatMulOptions::batched_for_ranks(Some(3), Some(2)));
        assert!(MatMulOptions::batched_for_ranks(None, Some(2)));
        assert!(MatMulOptions::batched_for_ranks(Some(2), Some(0)));
        assert!(!MatMulOptions::batched_for_ranks(Some(2), Some(2)));
        assert!(!MatMulOptions::batched_for_ranks(Some(1), Some(2)));
    }

    #[test]
    fn reshape_counts_and_divisibility() {
        let input = known(&[2, 3]);
        let target_shape = known(&[2]);
        let reshape = |target: &[Option<i64>]| {
            let target = InputFact {
                value_type: ValueType::Dense(DType::Int32),
                shape: &target_shape,
                constant: None,
                shape_value: Some(target),
            };
            check(&crate::op_defs::Reshape::kind(), &[fact(&input), target])
        };
        let error = reshape(&[Some(4), Some(2)]).unwrap_err();
        assert_eq!(
            error.message,
            "Cannot reshape a tensor with 6 elements to shape [4,2] (8 elements)"
        );
        let error = reshape(&[Some(4), None]).unwrap_err();
        assert_eq!(
            error.message,
            "Dimension size must be evenly divisible by 4 but is 6"
        );
        assert!(reshape(&[Some(3), None]).is_ok());
        assert_eq!(shape_text(&TensorShape::new(vec![None, Some(3)])), "[?,3]");
        assert_eq!(shape_text(&TensorShape::unknown()), "?");
    }
}
