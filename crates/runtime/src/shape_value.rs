//! What graph-mode shape inference knows of a shape-like input's value (TensorFlow's
//! `ShapeRefiner::ConstantPartialShape`, `constant_value_as_shape` in Python): a small
//! constant subgraph is evaluated (`tf.shape(x)[0] * 3` of a fully known `x`, whose
//! `tf.shape` is a `Const`), and a `Pack` is known entry by entry, so
//! `tf.reshape(x, [n, -1])` keeps the rank and the entries it can tell.

use crate::graph::{Graph, GraphTensor};
use crate::op::{compute, OpKind, ResourceStore, Value};
use tensor::Tensor;

/// At most this many ops are evaluated for one value.
const EVALUATION_BUDGET: u32 = 64;
/// Values larger than this are not evaluated (shapes are small).
const LARGEST_VALUE: usize = 1024;

/// The input of `kind` that holds a shape, if it has one.
pub fn shape_input(kind: &OpKind) -> Option<usize> {
    kind.op().shape_input()
}

/// Stands for a dimension not known before running, in a partially evaluated `Shape`.
const UNKNOWN_DIM: i64 = -(1 << 30) - 12_345;

/// `tensor`'s value as a shape: one entry per element (a scalar is one entry), `None`
/// where it cannot be known before running (or is `-1`); `None` when even the number of
/// entries is unknown.
pub fn partial_shape_value(graph: &Graph, tensor: GraphTensor) -> Option<Vec<Option<i64>>> {
    let operation = graph.operation(tensor.operation)?;
    let known = |entry: i64| (entry >= 0).then_some(entry);
    if operation.kind.downcast::<crate::op_defs::Pack>() == Some(&crate::op_defs::Pack { axis: 0 })
    {
        return Some(
            operation
                .inputs
                .iter()
                .map(|input| {
                    let mut budget = EVALUATION_BUDGET;
                    let value = evaluate(graph, *input, &mut budget, true)?;
                    match value.tensor.to_i64_vec()?.as_slice() {
                        [entry] if value.tensor.rank() == 0 => known(*entry),
                        _ => None,
                    }
                })
                .collect(),
        );
    }
    let mut budget = EVALUATION_BUDGET;
    let value = evaluate(graph, tensor, &mut budget, true)?;
    if value.tensor.rank() > 1 {
        return None;
    }
    Some(value.tensor.to_i64_vec()?.into_iter().map(known).collect())
}

/// `tensor`'s value when it follows from `Const`s (and known shapes) through a few
/// side-effect-free ops.
pub fn constant_value(graph: &Graph, tensor: GraphTensor) -> Option<Tensor> {
    let mut budget = EVALUATION_BUDGET;
    evaluate(graph, tensor, &mut budget, false).map(|value| value.tensor)
}

/// A value as evaluation knows it.
struct Evaluated {
    tensor: Tensor,
    /// Taken from a partly known `Shape` without being narrowed to one known dimension
    /// (`tf.shape(x)[1:]`): usable as a shape, not as an operand of arithmetic, as
    /// TensorFlow's constant evaluation only infers a `Shape` that is fully known or a
    /// scalar slice of one.
    partial: bool,
}

/// Evaluates `tensor`. With `partial`, a `Shape`'s unknown dimensions are
/// [`UNKNOWN_DIM`], which ops that only move entries (slices, packs) carry along and
/// arithmetic refuses.
fn evaluate(
    graph: &Graph,
    tensor: GraphTensor,
    budget: &mut u32,
    partial: bool,
) -> Option<Evaluated> {
    *budget = budget.checked_sub(1)?;
    let operation = graph.operation(tensor.operation)?;
    let kind = &operation.kind;
    if let Some(value) = kind.constant_value() {
        return (value.num_elements() <= LARGEST_VALUE).then(|| Evaluated {
            tensor: value.clone(),
            partial: false,
        });
    }
    if let Some(shape_op) = kind.downcast::<crate::op_defs::ShapeOp>() {
        let out_type = shape_op.out_type;
        let input = operation.inputs.first()?;
        let dims = graph.tensor_fact(*input)?.shape.dims()?.to_vec();
        let unknown = dims.iter().any(Option::is_none);
        if !partial && unknown {
            return None;
        }
        let values: Vec<i64> = dims
            .iter()
            .map(|dim| dim.map_or(UNKNOWN_DIM, |dim| dim as i64))
            .collect();
        let count = values.len();
        let tensor = Tensor::from_vec(tensor::Shape::new(vec![count]), values).ok()?;
        return Some(Evaluated {
            tensor: tensor::ops::cast(&tensor, out_type).ok()?,
            partial: unknown,
        });
    }
    let moves_entries = match kind.op().shape_evaluation() {
        crate::op_defs::ShapeEvaluation::MovesEntries => true,
        crate::op_defs::ShapeEvaluation::Arithmetic => false,
        crate::op_defs::ShapeEvaluation::NotEvaluated => return None,
    };
    let mut inputs = Vec::with_capacity(operation.inputs.len());
    let mut from_partial = false;
    for input in &operation.inputs {
        let value = evaluate(graph, *input, budget, partial)?;
        if !moves_entries && (value.partial || has_unknown_dim(&value.tensor)) {
            return None;
        }
        from_partial |= value.partial;
        inputs.push(Value::Dense(value.tensor));
    }
    let mut scratch = ResourceStore::default();
    let outputs = compute(&operation.kind, &inputs, &mut scratch).ok()?;
    match outputs.into_iter().nth(tensor.output as usize)? {
        Value::Dense(value) if value.num_elements() <= LARGEST_VALUE => {
            // A known dimension picked out of a partly known shape is a constant.
            let narrowed = operation
                .kind
                .downcast::<crate::op_defs::StridedSlice>()
                .is_some()
                && value.rank() == 0
                && !has_unknown_dim(&value);
            Some(Evaluated {
                partial: from_partial && !narrowed,
                tensor: value,
            })
        }
        _ => None,
    }
}

fn has_unknown_dim(value: &Tensor) -> bool {
    value.dtype().is_integer()
        && value
            .to_i64_vec()
            .is_some_and(|values| values.contains(&UNKNOWN_DIM))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{GraphId, GraphKind, OpName};
    use crate::op::ValueType;
    use tensor::{DType, Shape, TensorShape};

    fn tensor(graph: GraphId, operation: crate::graph::OperationId) -> GraphTensor {
        GraphTensor {
            graph,
            operation,
            output: 0,
        }
    }

    #[test]
    fn a_pack_is_known_entry_by_entry() {
        let id = GraphId(0);
        let mut graph = Graph::new(id, GraphKind::User);
        let n = graph
            .create_op(
                crate::op_defs::Arg::kind(
                    ValueType::Dense(DType::Int32),
                    TensorShape::new(Vec::new()),
                ),
                OpName::Unique("n"),
                Vec::new(),
                &[],
            )
            .unwrap();
        let three = graph
            .create_op(
                crate::op_defs::Const::kind(Tensor::scalar(3i32)),
                OpName::Unique("c"),
                Vec::new(),
                &[],
            )
            .unwrap();
        let minus_one = graph
            .create_op(
                crate::op_defs::Const::kind(Tensor::scalar(-1i32)),
                OpName::Unique("c"),
                Vec::new(),
                &[],
            )
            .unwrap();
        let tripled = graph
            .create_op(
                crate::op_defs::Binary::kind(tensor::ops::BinaryOp::Mul),
                OpName::Unique("mul"),
                vec![tensor(id, three), tensor(id, three)],
                &[],
            )
            .unwrap();
        let pack = graph
            .create_op(
                crate::op_defs::Pack::kind(0),
                OpName::Unique("packed"),
                vec![tensor(id, n), tensor(id, tripled), tensor(id, minus_one)],
                &[],
            )
            .unwrap();
        assert_eq!(
            partial_shape_value(&graph, tensor(id, pack)),
            Some(vec![None, Some(9), None])
        );
        let known = graph
            .create_op(
                crate::op_defs::Const::kind(
                    Tensor::from_vec(Shape::new(vec![2]), vec![2i32, -1]).unwrap(),
                ),
                OpName::Unique("shape"),
                Vec::new(),
                &[],
            )
            .unwrap();
        assert_eq!(
            partial_shape_value(&graph, tensor(id, known)),
            Some(vec![Some(2), None])
        );
        assert_eq!(partial_shape_value(&graph, tensor(id, n)), None);
    }
}
