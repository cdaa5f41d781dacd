//! `Slice` (`tf.slice`): a block of the input from `begin`, `size` long in each
//! dimension (`-1`: to the end). Its shape function checks no bounds: a bad begin or size
//! fails when the kernel runs (oracle case l4_32), and XLA lowers a computed begin to a
//! dynamic slice (oracle case l4_31), so neither must be known when it compiles.

use super::support::dense_type;
use super::{Op, OpDef};
use crate::api::Operand;
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{shape_entries, InputFact, OpKind, OutputFact, ValueType};
use crate::op_defs::op::graph_gradient_not_emulated as not_emulated;
use crate::tape::kernel;
use tensor::ops;
use tensor::{OpError, Shape, Tensor, TensorShape};

/// `Slice`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slice;

impl Slice {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(Slice)
    }
}

impl Op for Slice {
    fn def(&self) -> &'static OpDef {
        super::family_def("Slice")
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let constant_ints = |index: usize| {
            inputs
                .get(index)
                .and_then(|fact| fact.constant)
                .and_then(Tensor::to_i64_vec)
        };
        let begin = constant_ints(1);
        let size = constant_ints(2)
            .map(|size| size.into_iter().map(Some).collect())
            .or_else(|| inputs.get(2).and_then(shape_entries));
        let input = inputs
            .first()
            .map_or_else(TensorShape::unknown, |fact| fact.shape.clone());
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dense_type(inputs, 0, "Slice")?),
            shape: slice_static(&input, begin.as_deref(), size),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [input, begin, size] = inputs else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "Slice takes input, begin and size",
            ));
        };
        Ok(vec![ops::slice_begin_size(input, begin, size)?])
    }

    /// `_SliceGrad`: the gradient padded with zeros back to the input's shape.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(Some(grad)), [x, begin, size]) = (grads.first(), inputs) else {
            return Ok(vec![None; inputs.len()]);
        };
        let bounds = ops::slice_bounds(x.dims(), begin, size).map_err(kernel)?;
        let paddings: Vec<i64> = bounds
            .iter()
            .zip(x.dims())
            .flat_map(|(&(start, count), &dim)| {
                [
                    start as i64,
                    dim.saturating_sub(start.saturating_add(count)) as i64,
                ]
            })
            .collect();
        let paddings =
            Tensor::from_vec(Shape::new(vec![bounds.len(), 2]), paddings).map_err(kernel)?;
        let gx = ops::pad(grad, &paddings, None, ops::PadMode::Constant).map_err(kernel)?;
        Ok(vec![Some(gx), None, None])
    }

    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        Ok(vec![Some(slice_gradient(ctx, grad, inputs)?), None, None])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["input", "begin", "size"], "output"))
    }

    fn shape_input(&self) -> Option<usize> {
        Some(2)
    }
}

/// `Slice`'s shape function: each known size, and a `-1` size resolved from a known begin
/// and dimension.
fn slice_static(
    input: &TensorShape,
    begin: Option<&[i64]>,
    size: Option<Vec<Option<i64>>>,
) -> TensorShape {
    let Some(size) = size else {
        return TensorShape::unknown();
    };
    TensorShape::new(
        size.iter()
            .enumerate()
            .map(|(index, entry)| match *entry {
                Some(count) if count >= 0 => usize::try_from(count).ok(),
                Some(-1) => {
                    let dim = input.dims()?.get(index).copied().flatten()?;
                    let start = usize::try_from(*begin?.get(index)?).ok()?;
                    dim.checked_sub(start)
                }
                _ => None,
            })
            .collect(),
    )
}

/// `_SliceGrad` inside a function: the gradient padded with zeros back to the input's
/// shape, `begin` before and the rest after (a `Pad` whose paddings are constants when
/// the shapes and `begin` are known, as here).
fn slice_gradient(
    ctx: &mut Context,
    grad: GraphTensor,
    inputs: &[GraphTensor],
) -> TfResult<GraphTensor> {
    let [x, begin, _size] = inputs else {
        return Err(TfError::internal("a traced Slice lost an input"));
    };
    let dims = ctx.static_dims(*x)?;
    let counts = ctx.static_dims(grad)?;
    let operation = ctx
        .graph(begin.graph)?
        .operation(begin.operation)
        .ok_or_else(|| TfError::internal("a Slice lost its begin"))?;
    let begin = operation
        .kind
        .constant_value()
        .and_then(Tensor::to_i64_vec)
        .ok_or_else(|| not_emulated("a Slice whose begin is computed"))?;
    let mut paddings = Vec::with_capacity(dims.len() * 2);
    for ((dim, count), start) in dims.iter().zip(&counts).zip(&begin) {
        let start = usize::try_from(*start).unwrap_or(0);
        paddings.push(start as i32);
        paddings.push(dim.saturating_sub(start.saturating_add(*count)) as i32);
    }
    let paddings = Tensor::from_vec(tensor::Shape::new(vec![dims.len(), 2]), paddings)
        .map_err(|error| TfError::internal(error.message))?;
    super::support::symbolic(ctx.array_op(
        super::Pad::kind(tensor::ops::PadMode::Constant, false),
        "Pad",
        None,
        vec![
            (super::support::operand(grad), "input", true),
            (Operand::Literal(paddings), "paddings", false),
        ],
    )?)
}
