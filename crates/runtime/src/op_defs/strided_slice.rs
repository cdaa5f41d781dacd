//! `StridedSlice` (a Python subscript, `x[1:, ::2, tf.newaxis]`) and its gradient op
//! `StridedSliceGrad`. The subscript is kept as its entries; in a graph, inputs 1 to 3 are
//! its `begin`, `end` and `strides` stacks, which XLA must know when it compiles.

use super::support::{first_dense_type, operand, run_on_stand_ins, symbolic, unknown_outputs};
use super::{Op, OpDef, ShapeEvaluation};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::function_log::slice_mask_bits;
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use crate::op_defs::support::typed_attr;
use crate::tape::kernel;
use tensor::ops::{self, SliceSpec};
use tensor::{DType, OpError, Tensor};

/// `StridedSlice` for a subscript.
#[derive(Clone, Debug, PartialEq)]
pub struct StridedSlice {
    /// The subscript.
    pub specs: Vec<SliceSpec>,
}

/// `StridedSliceGrad(shape, begin, end, strides, dy)`: the gradient of a subscript inside a
/// `tf.function`, `dy` written where the subscript read.
#[derive(Clone, Debug, PartialEq)]
pub struct StridedSliceGrad {
    /// The subscript of the `StridedSlice` it differentiates.
    pub specs: Vec<SliceSpec>,
}

impl StridedSlice {
    /// Wraps the op for `OpKind`.
    pub fn kind(specs: Vec<SliceSpec>) -> OpKind {
        OpKind::new(StridedSlice { specs })
    }
}

impl StridedSliceGrad {
    /// Wraps the op for `OpKind`.
    pub fn kind(specs: Vec<SliceSpec>) -> OpKind {
        OpKind::new(StridedSliceGrad { specs })
    }
}

impl Op for StridedSlice {
    fn def(&self) -> &'static OpDef {
        super::family_def("StridedSlice")
    }

    /// The output from the kernel on stand-ins of the input's static shape.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        if let Some(outputs) =
            run_on_stand_ins(&StridedSlice::kind(self.specs.clone()), inputs, &[])?
        {
            return Ok(outputs);
        }
        // Unknown dimensions (a batch of `None`): the shape as far as the graph knows it.
        let partial = inputs
            .first()
            .and_then(|input| input.shape.dims().map(<[Option<usize>]>::to_vec))
            .and_then(|dims| ops::slice_partial_shape(&dims, &self.specs));
        Ok(match partial {
            Some(dims) => vec![OutputFact {
                value_type: ValueType::Dense(first_dense_type(inputs)),
                shape: tensor::TensorShape::new(dims),
            }],
            None => unknown_outputs(first_dense_type(inputs), 1),
        })
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let Some(input) = inputs.first() else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "StridedSlice takes input",
            ));
        };
        Ok(vec![ops::slice(input, &self.specs)?])
    }

    /// `_StridedSliceGrad`: `StridedSliceGrad` writes the gradient back where the subscript
    /// read; begin, end and strides (graph inputs only) get none.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(Some(grad)), Some(input)) = (grads.first(), inputs.first()) else {
            return Ok(vec![None; inputs.len()]);
        };
        let gx = ops::strided_slice_grad(input.dims(), &self.specs, grad).map_err(kernel)?;
        let mut grads = vec![Some(gx)];
        grads.resize(inputs.len(), None);
        Ok(grads)
    }

    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let x = *inputs
            .first()
            .ok_or_else(|| TfError::internal("a traced StridedSlice lost its input"))?;
        let dims = ctx.static_dims(x)?;
        let gx = ctx.strided_slice_grad(&dims, self.specs.clone(), operand(grad))?;
        let mut grads = vec![Some(symbolic(gx)?)];
        grads.resize(inputs.len(), None);
        Ok(grads)
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["input", "begin", "end", "strides"], "output"))
    }

    /// An eager subscript's function also takes the int32 `begin`, `end` and `strides`,
    /// and its masks tell two subscripts apart.
    fn placement_log_key(&self) -> (&'static [DType], String) {
        let masks = slice_mask_bits(&self.specs);
        (
            &[DType::Int32; 3],
            format!(
                "{},{},{},{},{}",
                masks.begin, masks.end, masks.shrink, masks.new_axis, masks.ellipsis
            ),
        )
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        let masks = slice_mask_bits(&self.specs);
        [
            typed_attr(inputs, "Index", 1),
            typed_attr(inputs, "T", 0),
            Some(format!("begin_mask={}", masks.begin)),
            Some(format!("ellipsis_mask={}", masks.ellipsis)),
            Some(format!("end_mask={}", masks.end)),
            Some(format!("new_axis_mask={}", masks.new_axis)),
            Some(format!("shrink_axis_mask={}", masks.shrink)),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![1, 2, 3]
    }

    fn value_inputs(&self) -> &'static [usize] {
        &[1, 2, 3]
    }

    /// Slicing opens a name scope its op is named after.
    fn forward_name_scoped(&self, _name_stem: &str) -> bool {
        true
    }

    fn shape_evaluation(&self) -> ShapeEvaluation {
        ShapeEvaluation::MovesEntries
    }
}

impl Op for StridedSliceGrad {
    fn def(&self) -> &'static OpDef {
        super::family_def("StridedSliceGrad")
    }

    /// Constrained on `dy`'s dtype (input 4).
    fn type_attr(&self, inputs: &[ValueType]) -> Option<DType> {
        match inputs.get(4) {
            Some(ValueType::Dense(dtype) | ValueType::Ref(dtype)) => Some(*dtype),
            _ => None,
        }
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(
            run_on_stand_ins(&StridedSliceGrad::kind(self.specs.clone()), inputs, &[])?
                .unwrap_or_else(|| unknown_outputs(first_dense_type(inputs), 1)),
        )
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [shape, _, _, _, dy] = inputs else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "StridedSliceGrad takes shape, begin, end, strides and dy",
            ));
        };
        let dims = super::support::integers(shape, "StridedSliceGrad")?
            .into_iter()
            .map(usize::try_from)
            .collect::<Result<Vec<usize>, _>>()
            .map_err(|_| {
                OpError::python(
                    tensor::ErrorClass::InvalidArgument,
                    "StridedSliceGrad's shape must be non-negative",
                )
            })?;
        Ok(vec![ops::strided_slice_grad(&dims, &self.specs, dy)?])
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![0, 1, 2, 3]
    }

    /// `_StridedSliceGradGrad`: the subscript of the gradient, for `dy` (a second-order
    /// gradient through a slice); the shape and the stacks get none.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let mut input_grads = vec![None; inputs.len()];
        if let (Some(Some(grad)), Some(slot)) = (grads.first(), input_grads.get_mut(4)) {
            *slot = Some(ops::slice(grad, &self.specs).map_err(kernel)?);
        }
        Ok(input_grads)
    }

    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let mut input_grads = vec![None; inputs.len()];
        if let Some(slot) = input_grads.get_mut(4) {
            *slot = Some(symbolic(
                ctx.strided_slice(operand(grad), self.specs.clone())?,
            )?);
        }
        Ok(input_grads)
    }
}
