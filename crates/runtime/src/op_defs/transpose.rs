//! `Transpose` (`tf.transpose`): the axes permuted; input 1 is the permutation, which
//! stays in host memory and which XLA must know when it compiles.

use super::support::{first_dense_type, run_on_stand_ins, type_name, unknown_outputs};
use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use crate::tape::kernel;
use tensor::{OpError, Tensor, TensorShape};

/// `InvertPermutation`: where each axis of a transposed tensor came from (entries out of
/// range are left 0; the kernel rejects such a permutation before a gradient is asked).
fn inverse_permutation(perm: &[i64]) -> Vec<i64> {
    let mut inverse = vec![0i64; perm.len()];
    for (index, axis) in perm.iter().enumerate() {
        if let Some(slot) = usize::try_from(*axis).ok().and_then(|a| inverse.get_mut(a)) {
            *slot = index as i64;
        }
    }
    inverse
}

/// `Transpose`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transpose;

impl Transpose {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(Transpose)
    }
}

impl Op for Transpose {
    fn def(&self) -> &'static OpDef {
        super::family_def("Transpose")
    }

    /// `TransposeShapeFn`: the permutation as long as the input's rank; the output from
    /// the kernel on stand-ins where the shapes are known.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let dims = |index: usize| inputs.get(index).and_then(|fact| fact.shape.dims());
        if let (Some(dims), Some([Some(count)])) = (dims(0), dims(1)) {
            if *count != dims.len() {
                return Err(TfError::invalid_argument(format!(
                    "Dimension must be {} but is {count}",
                    dims.len()
                )));
            }
        }
        if let Some(outputs) = run_on_stand_ins(&Transpose::kind(), inputs, &[])? {
            return Ok(outputs);
        }
        // TensorFlow's `TransposeShapeFn`: a constant permutation of an input of known rank
        // gives each output dimension (None where the input's is unknown); a known rank
        // alone gives the rank.
        let perm = inputs
            .get(1)
            .and_then(|fact| fact.constant)
            .and_then(|perm| perm.to_i64_vec());
        let dtype = first_dense_type(inputs);
        let shape = match (dims(0), perm) {
            (Some(dims), Some(perm)) if perm.len() == dims.len() => {
                let mut out = Vec::with_capacity(perm.len());
                for axis in &perm {
                    let axis = usize::try_from(*axis)
                        .ok()
                        .filter(|axis| *axis < dims.len())
                        .ok_or_else(|| {
                            TfError::invalid_argument(format!(
                                "perm dim {axis} is out of range of input rank {}",
                                dims.len()
                            ))
                        })?;
                    out.push(dims[axis]);
                }
                TensorShape::new(out)
            }
            (Some(dims), _) => TensorShape::new(vec![None; dims.len()]),
            (None, Some(perm)) => TensorShape::new(vec![None; perm.len()]),
            (None, None) => return Ok(unknown_outputs(dtype, 1)),
        };
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dtype),
            shape,
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [x, perm] = inputs else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                "Transpose takes x and perm",
            ));
        };
        let perm = super::support::integers(perm, "Transpose")?;
        Ok(vec![tensor::ops::transpose(x, Some(&perm))?])
    }

    /// `_TransposeGrad` in a graph: the gradient transposed by the inverse of a constant
    /// permutation.
    fn graph_gradient(
        &self,
        ctx: &mut crate::context::Context,
        inputs: &[crate::graph::GraphTensor],
        _y: crate::graph::GraphTensor,
        grad: crate::graph::GraphTensor,
    ) -> TfResult<Vec<Option<crate::graph::GraphTensor>>> {
        use super::support::{operand, symbolic};
        let [_, perm] = inputs else {
            return Ok(vec![None; inputs.len()]);
        };
        let perm = crate::shape_value::constant_value(ctx.graph(perm.graph)?, *perm)
            .and_then(|perm| perm.to_i64_vec())
            .ok_or_else(|| {
                super::op::graph_gradient_not_emulated("Transpose with a computed permutation")
            })?;
        // `InvertPermutation` of a constant, folded: an int32 `perm`.
        let inverse: Vec<i32> = inverse_permutation(&perm)
            .into_iter()
            .map(|axis| axis as i32)
            .collect();
        let inverse = Tensor::from_vec(tensor::Shape::new(vec![inverse.len()]), inverse)
            .map_err(TfError::from_kernel_message)?;
        let transposed = ctx.array_op(
            Transpose::kind(),
            "transpose",
            None,
            vec![
                (operand(grad), "x", true),
                (crate::Operand::Literal(inverse), "perm", false),
            ],
        )?;
        Ok(vec![Some(symbolic(transposed)?), None])
    }

    /// `_TransposeGrad`: the gradient transposed by the inverse permutation.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(Some(grad)), [_, perm]) = (grads.first(), inputs) else {
            return Ok(vec![None; inputs.len()]);
        };
        let inverse = inverse_permutation(&perm.to_i64_vec().unwrap_or_default());
        Ok(vec![
            Some(tensor::ops::transpose(grad, Some(&inverse)).map_err(kernel)?),
            None,
        ])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["x", "perm"], "y"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![
            format!("T={}", type_name(inputs, 0)),
            format!("Tperm={}", type_name(inputs, 1)),
        ]
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![1]
    }
}
