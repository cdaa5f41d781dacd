//! The ops that cut a tensor into pieces, one output each: `Split` (`tf.split` into equal
//! parts), `SplitV` (`tf.split` into given sizes) and `Unpack` (`tf.unstack`). Their
//! gradients join every output's gradient back (zeros where an output got none).

use super::support::{
    first_dense_type, operand, run_on_partial_stand_ins, run_on_stand_ins, scalar_integer,
    symbolic, typed_attr, unknown_outputs,
};
use super::{Op, OpDef};
use crate::api::{Handle, Operand};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use crate::shape_fn::{constant_scalar, shape_at};
use crate::tape::kernel;
use tensor::ops::{self, SplitSizes};
use tensor::{DType, OpError, Tensor};

/// `Split(split_dim, value)` into `num_split` equal parts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Split {
    /// How many parts.
    pub num_split: usize,
}

/// `SplitV(value, size_splits, split_dim)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SplitV {
    /// How many parts (the length of `size_splits`).
    pub num_split: usize,
}

/// `Unpack(value)`: one output per position along `axis`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Unpack {
    /// How many outputs (the axis' length).
    pub num: usize,
    /// The axis that is removed.
    pub axis: i64,
}

impl Split {
    /// Wraps the op for `OpKind`.
    pub fn kind(num_split: usize) -> OpKind {
        OpKind::new(Split { num_split })
    }
}

impl SplitV {
    /// Wraps the op for `OpKind`.
    pub fn kind(num_split: usize) -> OpKind {
        OpKind::new(SplitV { num_split })
    }
}

impl Unpack {
    /// Wraps the op for `OpKind`.
    pub fn kind(num: usize, axis: i64) -> OpKind {
        OpKind::new(Unpack { num, axis })
    }
}

/// The pieces' facts from the kernel on stand-ins, else `count` pieces of `dtype`.
fn pieces_by_running(
    kind: OpKind,
    inputs: &[InputFact<'_>],
    dtype: DType,
    count: usize,
) -> TfResult<Vec<OutputFact>> {
    Ok(run_on_partial_stand_ins(&kind, inputs)?.unwrap_or_else(|| unknown_outputs(dtype, count)))
}

/// The kernel's check that it made as many pieces as it has outputs.
fn expect_pieces(pieces: Vec<Tensor>, count: usize, op: &str) -> Result<Vec<Tensor>, OpError> {
    if pieces.len() != count {
        return Err(OpError::python(
            tensor::ErrorClass::InvalidArgument,
            format!("{op} made {} pieces instead of {count}", pieces.len()),
        ));
    }
    Ok(pieces)
}

/// Every output's gradient, zeros of the output's shape where it got none.
fn eager_pieces(outputs: &[&Tensor], grads: &[Option<Tensor>]) -> TfResult<Vec<Tensor>> {
    outputs
        .iter()
        .enumerate()
        .map(
            |(index, output)| match grads.get(index).cloned().flatten() {
                Some(grad) => Ok(grad),
                None => {
                    let dims: Vec<i64> = output.dims().iter().map(|d| *d as i64).collect();
                    ops::zeros(&dims, output.dtype()).map_err(kernel)
                }
            },
        )
        .collect()
}

/// A scalar input's value in the eager tape (the split axis).
fn scalar_input(inputs: &[&Tensor], index: usize) -> TfResult<i64> {
    inputs
        .get(index)
        .and_then(|input| input.to_i64_vec())
        .and_then(|values| values.first().copied())
        .ok_or_else(|| TfError::internal("a taped split lost its axis"))
}

/// Inside a `tf.function`: every output's gradient as an operand, zeros where it got none.
fn graph_pieces(
    ctx: &mut Context,
    outputs: &[(GraphTensor, Option<GraphTensor>)],
) -> TfResult<Vec<(Operand, &'static str, bool)>> {
    let mut pieces = Vec::with_capacity(outputs.len());
    for (output, grad) in outputs {
        let piece = match grad {
            Some(grad) => *grad,
            None => {
                let dims: Vec<i64> = ctx
                    .static_dims(*output)?
                    .iter()
                    .map(|d| *d as i64)
                    .collect();
                let dtype = ctx.handle_dtype(&Handle::Symbolic(*output))?;
                symbolic(ctx.filled(false, &dims, dtype, None)?)?
            }
        };
        pieces.push((operand(piece), "values", true));
    }
    Ok(pieces)
}

/// `_SplitGrad` / `_SplitVGrad` inside a function: the pieces concatenated along the op's
/// own `split_dim` input.
fn graph_concat(
    ctx: &mut Context,
    outputs: &[(GraphTensor, Option<GraphTensor>)],
    axis: Option<&GraphTensor>,
) -> TfResult<GraphTensor> {
    let mut pieces = graph_pieces(ctx, outputs)?;
    let axis = axis.ok_or_else(|| TfError::internal("a traced split lost an input"))?;
    pieces.push((operand(*axis), "axis", false));
    symbolic(ctx.array_op(super::ConcatV2::kind(), "concat", None, pieces)?)
}

impl Op for Split {
    fn def(&self) -> &'static OpDef {
        super::family_def("Split")
    }

    fn output_count(&self) -> usize {
        self.num_split
    }

    /// Constrained on the value's dtype (input 1).
    fn type_attr(&self, inputs: &[ValueType]) -> Option<DType> {
        match inputs.get(1) {
            Some(ValueType::Dense(dtype) | ValueType::Ref(dtype)) => Some(*dtype),
            _ => None,
        }
    }

    /// `num_split` at least 1 (the op builder's check), and a known split dimension evenly
    /// divisible.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let num_split = self.num_split;
        if num_split == 0 {
            return Err(TfError::value_error(
                "Attr 'num_split' of 'Split' Op passed 0 less than minimum 1.",
            ));
        }
        if let (Some(axis), Some(dims)) = (
            constant_scalar(inputs, 0),
            shape_at(inputs, 1).dims().map(<[_]>::to_vec),
        ) {
            let rank = dims.len() as i64;
            let axis = if axis < 0 { axis + rank } else { axis };
            let size = usize::try_from(axis)
                .ok()
                .and_then(|axis| dims.get(axis).copied().flatten());
            if let Some(size) = size.filter(|size| !size.is_multiple_of(num_split)) {
                return Err(TfError::invalid_argument(format!(
                    "Dimension size must be evenly divisible by {num_split} but is {size}\n\t\
                     Number of ways to split should evenly divide the split dimension"
                )));
            }
        }
        let dtype = match inputs.get(1).map(|fact| fact.value_type) {
            Some(ValueType::Dense(dtype)) => dtype,
            _ => DType::Float32,
        };
        if let Some(outputs) = run_on_stand_ins(&Split::kind(num_split), inputs, &[])? {
            return Ok(outputs);
        }
        // A value with unknown dimensions: each piece has its shape, the split axis
        // divided.
        let partial = match (
            constant_scalar(inputs, 0),
            shape_at(inputs, 1).dims().map(<[_]>::to_vec),
        ) {
            (Some(axis), Some(mut dims)) => {
                let rank = dims.len() as i64;
                let axis = if axis < 0 { axis + rank } else { axis };
                usize::try_from(axis)
                    .ok()
                    .filter(|axis| *axis < dims.len())
                    .map(|axis| {
                        dims[axis] = dims[axis].map(|size| size / num_split);
                        dims
                    })
            }
            _ => None,
        };
        Ok(match partial {
            Some(dims) => vec![
                OutputFact {
                    value_type: ValueType::Dense(dtype),
                    shape: tensor::TensorShape::new(dims),
                };
                num_split
            ],
            None => unknown_outputs(dtype, num_split),
        })
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [axis, value] = inputs else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "Split takes split_dim and value",
            ));
        };
        let axis = scalar_integer(axis, 0, "Split")?;
        let pieces = ops::split(value, axis, SplitSizes::Equal(self.num_split))?;
        expect_pieces(pieces, self.num_split, "Split")
    }

    /// `_SplitGrad`: the outputs' gradients concatenated along `split_dim`.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let pieces = eager_pieces(outputs, grads)?;
        let joined = ops::concat(&pieces, scalar_input(inputs, 0)?).map_err(kernel)?;
        Ok(vec![None, Some(joined)])
    }

    fn graph_gradients(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        outputs: &[(GraphTensor, Option<GraphTensor>)],
        _skip: &[bool],
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let joined = graph_concat(ctx, outputs, inputs.first())?;
        Ok(vec![None, Some(joined)])
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        [
            typed_attr(inputs, "T", 1),
            Some(format!("num_split={}", self.num_split)),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![0]
    }
}

impl Op for SplitV {
    fn def(&self) -> &'static OpDef {
        super::family_def("SplitV")
    }

    fn output_count(&self) -> usize {
        self.num_split
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let dtype = first_dense_type(inputs);
        pieces_by_running(SplitV::kind(self.num_split), inputs, dtype, self.num_split)
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [value, sizes, axis] = inputs else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "SplitV takes value, size_splits and split_dim",
            ));
        };
        let sizes = super::support::integers(sizes, "SplitV")?;
        let axis = scalar_integer(axis, 2, "SplitV")?;
        let pieces = ops::split(value, axis, SplitSizes::Sizes(&sizes))?;
        expect_pieces(pieces, self.num_split, "SplitV")
    }

    /// `_SplitVGrad`: the outputs' gradients concatenated along `split_dim`.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let pieces = eager_pieces(outputs, grads)?;
        let joined = ops::concat(&pieces, scalar_input(inputs, 2)?).map_err(kernel)?;
        Ok(vec![Some(joined), None, None])
    }

    fn graph_gradients(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        outputs: &[(GraphTensor, Option<GraphTensor>)],
        _skip: &[bool],
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let joined = graph_concat(ctx, outputs, inputs.get(2))?;
        Ok(vec![Some(joined), None, None])
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![1, 2]
    }
}

impl Op for Unpack {
    fn def(&self) -> &'static OpDef {
        super::family_def("Unpack")
    }

    fn output_count(&self) -> usize {
        self.num
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let dtype = first_dense_type(inputs);
        pieces_by_running(Unpack::kind(self.num, self.axis), inputs, dtype, self.num)
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [value] = inputs else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "Unpack takes value",
            ));
        };
        let rank = value.rank() as i64;
        let axis = if self.axis < 0 {
            self.axis + rank
        } else {
            self.axis
        };
        let pieces = ops::unstack(value, usize::try_from(axis).unwrap_or(usize::MAX), self.num)?;
        expect_pieces(pieces, self.num, "Unpack")
    }

    /// `_UnpackGrad`: the outputs' gradients stacked along the axis.
    fn gradient(
        &self,
        _inputs: &[&Tensor],
        outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let pieces = eager_pieces(outputs, grads)?;
        Ok(vec![Some(ops::stack(&pieces, self.axis).map_err(kernel)?)])
    }

    fn graph_gradients(
        &self,
        ctx: &mut Context,
        _inputs: &[GraphTensor],
        outputs: &[(GraphTensor, Option<GraphTensor>)],
        _skip: &[bool],
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let pieces = graph_pieces(ctx, outputs)?;
        let joined =
            symbolic(ctx.array_op(super::Pack::kind(self.axis), "stack", None, pieces)?)?;
        Ok(vec![Some(joined)])
    }
}
