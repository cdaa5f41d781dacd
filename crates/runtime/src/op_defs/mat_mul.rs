//! `MatMul` (`tf.matmul` of two matrices) and `BatchMatMulV2` (when an input's static rank
//! is not 2): the product of the last two dimensions, batch dimensions broadcast.

use super::support::{dense_type, operand, symbolic};
use super::{Op, OpDef};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::node_def::{bool_value, type_value};
use crate::op::{broadcast_static, InputFact, KernelFailure, OpKind, OutputFact, Value, ValueType};
use crate::op_defs::op::{dense_inputs, KernelEnv};
use crate::shape_fn::{broadcast, merge_dims, with_rank_at_least};
use crate::tape::{binary, kernel};
use tensor::ops::{self, BinaryOp, MatMulOptions};
use tensor::{DType, Tensor, TensorShape};

/// `MatMul`: the definition's kernel list is in `math.rs`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatMul(pub MatMulOptions);

impl MatMul {
    /// Wraps the op for `OpKind`.
    pub fn kind(options: MatMulOptions) -> OpKind {
        OpKind::new(MatMul(options))
    }

    fn shape(inputs: &[InputFact<'_>], index: usize) -> TensorShape {
        inputs
            .get(index)
            .map_or_else(TensorShape::unknown, |fact| fact.shape.clone())
    }
}

impl Op for MatMul {
    fn def(&self) -> &'static OpDef {
        super::family_def(if self.0.batched {
            "BatchMatMulV2"
        } else {
            "MatMul"
        })
    }

    /// `MatMulShape` (the inner dimensions of two matrices) or `BatchMatMulV2Shape`, then
    /// TensorFlow's Python check that both inputs have one dtype.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let options = self.0;
        let (a, b) = (Self::shape(inputs, 0), Self::shape(inputs, 1));
        if options.batched {
            batch_matmul(&a, &b, options)?;
        } else if let (Some(a), Some(b)) = (a.dims(), b.dims()) {
            if a.len() == 2 && b.len() == 2 {
                let inner_a = if options.transpose_a { a[0] } else { a[1] };
                let inner_b = if options.transpose_b { b[1] } else { b[0] };
                merge_dims(inner_a, inner_b)?;
            }
        }
        let name = self.def().name;
        let (a_type, b_type) = (dense_type(inputs, 0, name)?, dense_type(inputs, 1, name)?);
        if a_type != b_type {
            let (second, first) = if options.batched {
                ("y", "x")
            } else {
                ("b", "a")
            };
            return Err(TfError::type_error(format!(
                "Input '{second}' of '{name}' Op has type {} that does not match type {} of argument '{first}'.",
                b_type.name(),
                a_type.name()
            )));
        }
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(a_type),
            shape: matmul_static(&a, &b, options),
        }])
    }

    /// The product, with the arithmetic of the device it runs on (the MXU's bfloat16
    /// passes on a TPU core).
    fn run(&self, inputs: &[Value], env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        let [a, b] = dense_inputs(inputs, self.def().name)?[..] else {
            return Err(KernelFailure::Status(TfError::internal(
                "MatMul takes a and b",
            )));
        };
        Ok(vec![Value::Dense(ops::matmul_on(
            a,
            b,
            self.0,
            env.site.matmul_arithmetic(),
        )?)])
    }

    /// `_MatMulGrad` of 2-D products.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(Some(grad)), [a, b]) = (grads.first(), inputs) else {
            return Ok(vec![None; inputs.len()]);
        };
        let (a, b) = (*a, *b);
        let mm = |x: &Tensor, y: &Tensor, ta: bool, tb: bool| {
            ops::matmul(
                x,
                y,
                MatMulOptions {
                    transpose_a: ta,
                    transpose_b: tb,
                    batched: false,
                },
            )
            .map_err(kernel)
        };
        let (ga, gb) = match (self.0.transpose_a, self.0.transpose_b) {
            (false, false) => (mm(grad, b, false, true)?, weight_grad(a, grad)?),
            (false, true) => (mm(grad, b, false, false)?, mm(grad, a, true, false)?),
            (true, false) => (mm(b, grad, false, true)?, mm(a, grad, false, false)?),
            (true, true) => (mm(b, grad, true, true)?, mm(grad, a, true, true)?),
        };
        // `_BatchMatMulV2`: gradients summed over the batch dimensions an input was
        // broadcast along, back to that input's shape.
        if self.0.batched
            && a.dims()[..a.rank().saturating_sub(2)] != b.dims()[..b.rank().saturating_sub(2)]
        {
            return Ok(vec![
                Some(crate::tape::unbroadcast(ga, a.shape())?),
                Some(crate::tape::unbroadcast(gb, b.shape())?),
            ]);
        }
        Ok(vec![Some(ga), Some(gb)])
    }

    /// `_MatMulGrad` inside a `tf.function`: `_MatMulGradAgainstFirstOnly` /
    /// `...SecondOnly` when the other input takes no gradient.
    fn graph_gradients(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        outputs: &[(GraphTensor, Option<GraphTensor>)],
        skip: &[bool],
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let (Some((_, Some(grad))), [a, b]) = (outputs.first(), inputs) else {
            return Ok(vec![None; inputs.len()]);
        };
        let (grad, a, b) = (*grad, *a, *b);
        let skipped = |index: usize| skip.get(index).copied().unwrap_or(false);
        let mut mm = |x: GraphTensor, y: GraphTensor, ta: bool, tb: bool| {
            ctx.matmul(
                operand(x),
                operand(y),
                MatMulOptions {
                    transpose_a: ta,
                    transpose_b: tb,
                    batched: false,
                },
                None,
            )
            .and_then(symbolic)
        };
        let (t_a, t_b) = (self.0.transpose_a, self.0.transpose_b);
        let ga = if skipped(0) {
            None
        } else {
            Some(match (t_a, t_b) {
                (false, false) => mm(grad, b, false, true)?,
                (false, true) => mm(grad, b, false, false)?,
                (true, false) => mm(b, grad, false, true)?,
                (true, true) => mm(b, grad, true, true)?,
            })
        };
        let gb = if skipped(1) {
            None
        } else {
            Some(match (t_a, t_b) {
                (false, false) => mm(a, grad, true, false)?,
                (false, true) => mm(grad, a, true, false)?,
                (true, false) => mm(a, grad, false, false)?,
                (true, true) => mm(grad, a, true, true)?,
            })
        };
        if self.0.batched {
            // `_BatchMatMulV2`: summed over the batch dimensions an input was broadcast
            // along, when the static batch shapes differ.
            let (a_dims, b_dims) = (ctx.static_dims(a)?, ctx.static_dims(b)?);
            let batch = |dims: &[usize]| dims[..dims.len().saturating_sub(2)].to_vec();
            if batch(&a_dims) != batch(&b_dims) {
                let ga = ga.map(|ga| ctx.unbroadcast_to(ga, a)).transpose()?;
                let gb = gb.map(|gb| ctx.unbroadcast_to(gb, b)).transpose()?;
                return Ok(vec![ga, gb]);
            }
        }
        Ok(vec![ga, gb])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some(if self.0.batched {
            (&["x", "y"], "output")
        } else {
            (&["a", "b"], "product")
        })
    }

    fn failed_call_output(&self, declared: DType) -> Option<DType> {
        Some(declared)
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        let t = format!("T={}", super::support::type_name(inputs, 0));
        let options = self.0;
        if options.batched {
            vec![
                t,
                format!("adj_x={}", options.transpose_a),
                format!("adj_y={}", options.transpose_b),
                "grad_x=false".to_string(),
                "grad_y=false".to_string(),
            ]
        } else {
            vec![
                t,
                "grad_a=false".to_string(),
                "grad_b=false".to_string(),
                format!("transpose_a={}", options.transpose_a),
                format!("transpose_b={}", options.transpose_b),
            ]
        }
    }

    fn node_def_attrs(&self, input_types: &[Option<DType>]) -> Option<Vec<(&'static str, String)>> {
        let options = self.0;
        let mut attrs = if options.batched {
            vec![
                ("grad_y", bool_value(false)),
                ("grad_x", bool_value(false)),
                ("adj_y", bool_value(options.transpose_b)),
                ("adj_x", bool_value(options.transpose_a)),
            ]
        } else {
            vec![
                ("transpose_b", bool_value(options.transpose_b)),
                ("transpose_a", bool_value(options.transpose_a)),
                ("grad_b", bool_value(false)),
                ("grad_a", bool_value(false)),
            ]
        };
        if let Some(Some(dtype)) = input_types.first() {
            attrs.push(("T", type_value(*dtype)));
        }
        Some(attrs)
    }

    /// `tf.matmul` opens a name scope its op is named after.
    fn forward_name_scoped(&self, _name_stem: &str) -> bool {
        true
    }
}

/// `BatchMatMulV2Shape`: both ranks at least 2, the inner dimensions equal, then the batch
/// dimensions broadcast.
fn batch_matmul(a: &TensorShape, b: &TensorShape, options: MatMulOptions) -> TfResult<()> {
    with_rank_at_least(a, 2)?;
    with_rank_at_least(b, 2)?;
    let (Some(a), Some(b)) = (a.dims(), b.dims()) else {
        return Ok(());
    };
    let inner_a = a[a.len() - if options.transpose_a { 2 } else { 1 }];
    let inner_b = b[b.len() - if options.transpose_b { 1 } else { 2 }];
    merge_dims(inner_a, inner_b)?;
    broadcast(
        &TensorShape::new(a[..a.len() - 2].to_vec()),
        &TensorShape::new(b[..b.len() - 2].to_vec()),
    )
}
/// `MatMul`'s output shape, or `BatchMatMulV2`'s: the broadcast batch dimensions, then the
/// rows of `a` and the columns of `b`.
fn matmul_static(a: &TensorShape, b: &TensorShape, options: MatMulOptions) -> TensorShape {
    let (Some(a), Some(b)) = (a.dims(), b.dims()) else {
        return TensorShape::unknown();
    };
    if a.len() < 2 || b.len() < 2 || (!options.batched && (a.len() != 2 || b.len() != 2)) {
        return TensorShape::unknown();
    }
    let (a_batch, a_matrix) = a.split_at(a.len() - 2);
    let (b_batch, b_matrix) = b.split_at(b.len() - 2);
    let rows = if options.transpose_a {
        a_matrix[1]
    } else {
        a_matrix[0]
    };
    let columns = if options.transpose_b {
        b_matrix[0]
    } else {
        b_matrix[1]
    };
    let batch = broadcast_static(
        &TensorShape::new(a_batch.to_vec()),
        &TensorShape::new(b_batch.to_vec()),
    );
    let mut dims = batch.dims().map(<[_]>::to_vec).unwrap_or_default();
    dims.extend([rows, columns]);
    TensorShape::new(dims)
}

/// `a^T @ grad`, the weight gradient of a 2-D `MatMul`. With one row, Eigen's transposed
/// contraction multiplies without a zero accumulator, so signed zeros survive (oracle:
/// `tf.matmul([[1., -1.]], [[-0., -0.]], transpose_a=True)` is `[[-0, -0], [0, 0]]`); the
/// outer product reproduces that.
fn weight_grad(a: &Tensor, grad: &Tensor) -> TfResult<Tensor> {
    if a.rank() == 2 && grad.rank() == 2 && a.dims()[0] == 1 && grad.dims()[0] == 1 {
        let column = ops::reshape(a, &[a.dims()[1] as i64, 1]).map_err(kernel)?;
        return binary(BinaryOp::Mul, &column, grad);
    }
    ops::matmul(
        a,
        grad,
        MatMulOptions {
            transpose_a: true,
            transpose_b: false,
            batched: false,
        },
    )
    .map_err(kernel)
}
