//! Reductions along axes (`Sum`, `Mean`, `Max`, `Min`, `Prod`, `Any`, `All`): input 1 holds
//! the axes, which stay in host memory and which XLA must know when it compiles.

use super::support::{literal, operand, symbolic, type_name};
use super::{Op, OpDef, ShapeEvaluation};
use crate::api::Operand;
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::node_def::{bool_value, type_value};
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use crate::op_defs::op::graph_gradient_not_emulated as not_emulated;
use crate::tape::{binary, kernel, scalar_like};
use report::OpClass;
use tensor::ops::{self, BinaryOp, ReduceOp};
use tensor::{DType, OpError, Shape, Tensor, TensorShape};

/// A reduction whose input 1 (the axes, or the dimension) is read from host memory.
const fn reduction(name: &'static str) -> OpDef {
    OpDef::compute(name)
        .class(OpClass::Reduction)
        .host_memory(&[1])
}

pub(super) const OPS: &[OpDef] = &[
    reduction("Sum"),
    reduction("Mean"),
    reduction("Max"),
    reduction("Min"),
    reduction("Prod"),
    reduction("Any"),
    reduction("All"),
];

/// A reduction with its `keep_dims` attr.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reduce {
    /// Which reduction.
    pub op: ReduceOp,
    /// `keep_dims`.
    pub keep_dims: bool,
}

impl Reduce {
    /// Wraps the op for `OpKind`.
    pub fn kind(op: ReduceOp, keep_dims: bool) -> OpKind {
        OpKind::new(Reduce { op, keep_dims })
    }
}

impl Op for Reduce {
    fn def(&self) -> &'static OpDef {
        super::family_def(self.op.op_type().name())
    }

    /// `ReductionShape`: each constant axis within the input's rank; the reduced dims
    /// dropped, or kept as 1.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let name = self.def().name;
        let input = inputs
            .first()
            .ok_or_else(|| TfError::internal(format!("{name} takes input")))?;
        let axes = inputs
            .get(1)
            .and_then(|fact| fact.constant)
            .and_then(Tensor::to_i64_vec);
        if let (Some(dims), Some(axes)) = (input.shape.dims(), &axes) {
            let rank = dims.len() as i64;
            if let Some(axis) = axes.iter().find(|axis| **axis < -rank || **axis >= rank) {
                return Err(TfError::invalid_argument(format!(
                    "Invalid reduction dimension {axis} for input with {rank} dimensions."
                )));
            }
        }
        let shape = match (input.shape.dims(), axes) {
            (Some(dims), Some(axes)) => reduce_static(dims, &axes, self.keep_dims),
            _ => TensorShape::unknown(),
        };
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(super::support::dense_type(inputs, 0, name)?),
            shape,
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [input, axes] = inputs else {
            return Err(OpError::python(
                tensor::ErrorClass::Internal,
                format!("{} takes input and axes", self.def().name),
            ));
        };
        let axes = axes.to_i64_vec().ok_or_else(|| {
            OpError::python(
                tensor::ErrorClass::InvalidArgument,
                format!(
                    "{} expects an integer tensor, got {}",
                    self.def().name,
                    axes.dtype().name()
                ),
            )
        })?;
        Ok(vec![ops::reduce(
            self.op,
            input,
            Some(&axes),
            self.keep_dims,
        )?])
    }

    /// `_SumGrad`, `_MeanGrad`, `_MinOrMaxGrad` and `_ProdGrad`: the gradient spread back
    /// over the reduced dims; the axes get none.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(Some(grad)), [x, axes]) = (grads.first(), inputs) else {
            return Ok(vec![None; inputs.len()]);
        };
        let x = *x;
        let output = || {
            outputs
                .first()
                .copied()
                .ok_or_else(|| TfError::internal("a taped op lost its output"))
        };
        let op = &self.op;
        let axes = reduction_axes(Some(axes), x.rank());
        let mut kept: Vec<i64> = x.dims().iter().map(|d| *d as i64).collect();
        for axis in &axes {
            kept[*axis] = 1;
        }
        let shaped = ops::reshape(grad, &kept).map_err(kernel)?;
        let zeros = binary(BinaryOp::Mul, x, &scalar_like(0.0, x)?)?;
        let spread = binary(BinaryOp::Add, &zeros, &shaped)?;
        Ok(match op {
            ReduceOp::Sum => vec![Some(spread), None],
            ReduceOp::Mean => {
                let count: usize = axes.iter().map(|a| x.dims()[*a]).product();
                let scale = scalar_like(count.max(1) as f64, x)?;
                vec![Some(binary(BinaryOp::RealDiv, &spread, &scale)?), None]
            }
            ReduceOp::Max | ReduceOp::Min => {
                let y = ops::reshape(output()?, &kept).map_err(kernel)?;
                let hit = binary(BinaryOp::Equal, x, &y)?;
                let mask = ops::cast(&hit, x.dtype()).map_err(kernel)?;
                let count = ops::reduce(
                    ReduceOp::Sum,
                    &mask,
                    Some(&axes.iter().map(|a| *a as i64).collect::<Vec<_>>()),
                    true,
                )
                .map_err(kernel)?;
                let share = binary(BinaryOp::RealDiv, &mask, &count)?;
                vec![Some(binary(BinaryOp::Mul, &spread, &share)?), None]
            }
            ReduceOp::Prod => {
                let others = product_of_others(x, &axes)?;
                vec![Some(binary(BinaryOp::Mul, &others, &spread)?), None]
            }
            ReduceOp::Any | ReduceOp::All => vec![None, None],
        })
    }

    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let x = *inputs
            .first()
            .ok_or_else(|| TfError::internal("a traced op lost an input"))?;
        let op = &self.op;
        let Some(dims) = ctx.known_dims(x)? else {
            return dynamic_gradient(ctx, *op, x, inputs.get(1).copied(), grad);
        };
        let axes = reduction_axes_of(ctx, inputs.get(1).copied(), dims.len())?;
        let spread = sum_gradient(ctx, grad, &dims, &axes)?;
        Ok(match op {
            ReduceOp::Sum => vec![Some(spread), None],
            ReduceOp::Mean => {
                let count: usize = axes.iter().map(|a| dims[*a]).product();
                let scaled =
                    ctx.grad_binary(BinaryOp::RealDiv, spread, literal(count.max(1) as f64))?;
                vec![Some(scaled), None]
            }
            ReduceOp::Max | ReduceOp::Min => {
                // `_MinOrMaxGrad`: the gradient shared among the positions that hold the
                // extreme value.
                let mut kept: Vec<i64> = dims.iter().map(|d| *d as i64).collect();
                for axis in &axes {
                    kept[*axis] = 1;
                }
                let y_kept = symbolic(ctx.reshape(operand(y), kept.clone(), None)?)?;
                let grad_kept = symbolic(ctx.reshape(operand(grad), kept.clone(), None)?)?;
                let equal = ctx.grad_binary(BinaryOp::Equal, y_kept, operand(x))?;
                let dtype = ctx.handle_dtype(&crate::api::Handle::Symbolic(grad))?;
                let indicators = symbolic(ctx.cast(operand(equal), dtype, None)?)?;
                let axes_i64: Vec<i64> = axes.iter().map(|a| *a as i64).collect();
                let count = symbolic(ctx.reduce(
                    ReduceOp::Sum,
                    operand(indicators),
                    Some(axes_i64),
                    false,
                    None,
                )?)?;
                let count = symbolic(ctx.reshape(operand(count), kept, None)?)?;
                let share = ctx.grad_binary(BinaryOp::RealDiv, indicators, operand(count))?;
                vec![
                    Some(ctx.grad_binary(BinaryOp::Mul, share, operand(grad_kept))?),
                    None,
                ]
            }
            other => return Err(not_emulated(&format!("{other:?}"))),
        })
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["input", "reduction__indices"], "output"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![
            format!("T={}", type_name(inputs, 0)),
            format!("Tidx={}", type_name(inputs, 1)),
            format!("keep_dims={}", self.keep_dims),
        ]
    }

    fn node_def_attrs(&self, input_types: &[Option<DType>]) -> Option<Vec<(&'static str, String)>> {
        let mut attrs = vec![("keep_dims", bool_value(self.keep_dims))];
        if let Some(Some(dtype)) = input_types.first() {
            attrs.push(("T", type_value(*dtype)));
        }
        if let Some(Some(dtype)) = input_types.get(1) {
            attrs.push(("Tidx", type_value(*dtype)));
        }
        Some(attrs)
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![1]
    }

    fn shape_evaluation(&self) -> ShapeEvaluation {
        ShapeEvaluation::Arithmetic
    }
}

fn reduce_static(dims: &[Option<usize>], axes: &[i64], keep_dims: bool) -> TensorShape {
    let rank = dims.len();
    let reduced: Vec<usize> = axes
        .iter()
        .filter_map(|axis| Shape::normalize_axis(*axis, rank))
        .collect();
    let result = dims
        .iter()
        .enumerate()
        .filter_map(|(index, dim)| match (reduced.contains(&index), keep_dims) {
            (true, true) => Some(Some(1)),
            (true, false) => None,
            (false, _) => Some(*dim),
        })
        .collect();
    TensorShape::new(result)
}

/// The axes input of a reduction (all axes when absent), normalised.
fn reduction_axes(axes: Option<&Tensor>, rank: usize) -> Vec<usize> {
    let Some(values) = axes.and_then(Tensor::to_i64_vec) else {
        return (0..rank).collect();
    };
    let mut out: Vec<usize> = values
        .iter()
        .filter_map(|axis| Shape::normalize_axis(*axis, rank))
        .collect();
    out.sort_by(Ord::cmp);
    out.dedup();
    out
}

/// TensorFlow's `_ProdGrad` without the gradient: for each element, the product of the
/// others in its reduction group (exclusive cumulative products from the front and from the
/// back, multiplied), so a zero element still gets a gradient. Groups run in row-major
/// order over the reduced axes, and products are taken one element at a time in the
/// element type, as TensorFlow's `cumprod` does.
fn product_of_others(x: &Tensor, axes: &[usize]) -> TfResult<Tensor> {
    let dims = x.dims();
    let strides = x.shape().strides();
    let kept: Vec<usize> = (0..dims.len())
        .filter(|axis| !axes.contains(axis))
        .collect();
    let group_len: usize = axes.iter().map(|&axis| dims[axis]).product();
    let group_count: usize = kept.iter().map(|&axis| dims[axis]).product();
    // The flat position of element `member` of group `group`.
    let position = |group: usize, member: usize| {
        let mut flat = 0;
        let mut rest = group;
        for &axis in kept.iter().rev() {
            flat += (rest % dims[axis]) * strides[axis];
            rest /= dims[axis];
        }
        let mut rest = member;
        for &axis in axes.iter().rev() {
            flat += (rest % dims[axis]) * strides[axis];
            rest /= dims[axis];
        }
        flat
    };
    macro_rules! others {
        ($values:expr, $one:expr) => {{
            let values = $values;
            let mut out = vec![$one; values.len()];
            for group in 0..group_count {
                let mut running = $one;
                for member in 0..group_len {
                    let at = position(group, member);
                    out[at] = running;
                    running *= values[at];
                }
                let mut running = $one;
                for member in (0..group_len).rev() {
                    let at = position(group, member);
                    out[at] *= running;
                    running *= values[at];
                }
            }
            out
        }};
    }
    match x.dtype() {
        tensor::DType::Float64 => {
            let values = x.as_slice::<f64>().unwrap_or_default();
            Tensor::from_vec(x.shape().clone(), others!(values, 1.0f64)).map_err(kernel)
        }
        _ => {
            let values = x.to_f64_vec().unwrap_or_default();
            let values: Vec<f32> = values.iter().map(|&value| value as f32).collect();
            let out =
                Tensor::from_vec(x.shape().clone(), others!(&values, 1.0f32)).map_err(kernel)?;
            ops::cast(&out, x.dtype()).map_err(kernel)
        }
    }
}

/// `_SumGrad` for known shapes and axes: the gradient reshaped to the input's rank with
/// the reduced dims kept as 1, then tiled back to the input's shape. A reduction of
/// every dim tiles by a `Const` of the input's shape, any other by `Tile/multiples`.
fn sum_gradient(
    ctx: &mut Context,
    grad: GraphTensor,
    dims: &[usize],
    axes: &[usize],
) -> TfResult<GraphTensor> {
    let mut kept: Vec<i64> = dims.iter().map(|d| *d as i64).collect();
    let mut multiples = vec![1i64; dims.len()];
    for axis in axes {
        kept[*axis] = 1;
        multiples[*axis] = dims[*axis] as i64;
    }
    let every_dim = axes.len() == dims.len();
    if !every_dim {
        // `math_ops.reduced_shape` and `_SafeShapeDiv`, computed once per graph and
        // shape, then evaluated as constants: their ops stay in the graph.
        let key = (grad.graph, dims.to_vec(), axes.to_vec());
        if ctx.tapes.reduced_shapes.insert(key) {
            let int_vector = |values: &[i64]| {
                let values: Vec<i32> = values.iter().map(|value| *value as i32).collect();
                Tensor::from_vec(tensor::Shape::new(vec![values.len()]), values)
                    .map_err(|error| TfError::internal(error.message))
            };
            let input_shape: Vec<i64> = dims.iter().map(|d| *d as i64).collect();
            let divisor = ctx.binary(
                BinaryOp::Maximum,
                Operand::Literal(int_vector(&kept)?),
                Operand::Literal(Tensor::scalar(1i32)),
                None,
            )?;
            ctx.binary(
                BinaryOp::FloorDiv,
                Operand::Literal(int_vector(&input_shape)?),
                divisor.into(),
                None,
            )?;
        }
    }
    let shaped = symbolic(ctx.reshape(operand(grad), kept, None)?)?;
    let multiples = if every_dim {
        let shape: Vec<i32> = dims.iter().map(|d| *d as i32).collect();
        let shape = Tensor::from_vec(tensor::Shape::new(vec![dims.len()]), shape)
            .map_err(|error| TfError::internal(error.message))?;
        crate::shape_operand::ShapeOperand::Tensor(ctx.constant(shape, None)?.into())
    } else {
        crate::shape_operand::ShapeOperand::Known(multiples)
    };
    symbolic(ctx.tile(operand(shaped), multiples, None)?)
}

/// `_SumGrad` and `_MeanGrad` when the input's shape is known only when the graph runs:
/// a reduction over every axis reshapes the gradient to ones and `Tile`s it by the input's
/// `Shape` (TF's fast path); a partial one broadcasts it back. `Mean` divides by the
/// product of the reduced sizes, gathered from another `Shape` at the axes taken modulo
/// the rank, as `_MeanGrad` computes the factor.
fn dynamic_gradient(
    ctx: &mut Context,
    op: ReduceOp,
    x: GraphTensor,
    axes: Option<GraphTensor>,
    grad: GraphTensor,
) -> TfResult<Vec<Option<GraphTensor>>> {
    if !matches!(op, ReduceOp::Sum | ReduceOp::Mean) {
        return Err(not_emulated(&format!(
            "{op:?} of a tensor of unknown shape"
        )));
    }
    let rank = ctx
        .handle_shape(&crate::api::Handle::Symbolic(x))?
        .dims()
        .map(<[_]>::len)
        .ok_or_else(|| not_emulated("a reduction of a tensor of unknown rank"))?;
    let axes_tensor = axes;
    let axes = reduction_axes_of(ctx, axes, rank)?;
    let int_vector = |values: Vec<i32>| {
        Tensor::from_vec(tensor::Shape::new(vec![values.len()]), values)
            .map_err(|error| TfError::internal(error.message))
    };
    let spread = if (0..rank).all(|axis| axes.contains(&axis)) {
        let reshaped = ctx.reshape(operand(grad), vec![1; rank], None)?;
        let shape = ctx.shape_op(x)?;
        symbolic(ctx.tile(
            reshaped.into(),
            crate::shape_operand::ShapeOperand::Tensor(shape.into()),
            None,
        )?)?
    } else {
        let keep: Vec<i32> = (0..rank).map(|a| i32::from(!axes.contains(&a))).collect();
        let reduced: Vec<i32> = keep.iter().map(|k| 1 - k).collect();
        let shape = ctx.shape_op(x)?;
        let kept = ctx.binary(
            BinaryOp::Mul,
            shape.clone().into(),
            Operand::Literal(int_vector(keep)?),
            None,
        )?;
        let kept = ctx.binary(
            BinaryOp::Add,
            kept.into(),
            Operand::Literal(int_vector(reduced)?),
            None,
        )?;
        let reshaped = ctx.reshape_to(
            operand(grad),
            crate::shape_operand::ShapeOperand::Tensor(kept.into()),
            None,
        )?;
        symbolic(ctx.broadcast_to(
            reshaped.into(),
            crate::shape_operand::ShapeOperand::Tensor(shape.into()),
            None,
        )?)?
    };
    if op == ReduceOp::Sum {
        return Ok(vec![Some(spread), None]);
    }
    let shape = ctx.shape_op(x)?;
    let size = ctx.constant(Tensor::scalar(rank as i32), Some("Size"))?;
    let axes_operand = match axes_tensor {
        Some(axes) => operand(axes),
        None => Operand::Literal(int_vector(axes.iter().map(|&a| a as i32).collect())?),
    };
    let shifted = ctx.binary(BinaryOp::Add, axes_operand, size.clone().into(), None)?;
    let wrapped = ctx.binary(BinaryOp::FloorMod, shifted.into(), size.into(), Some("mod"))?;
    let sizes = ctx.array_op(
        crate::op_defs::GatherV2::kind(),
        "GatherV2",
        None,
        vec![
            (shape.into(), "params", false),
            (wrapped.into(), "indices", false),
            (Operand::Literal(Tensor::scalar(0i32)), "axis", false),
        ],
    )?;
    let factor = ctx.reduce(ReduceOp::Prod, sizes.into(), None, false, None)?;
    let dtype = ctx.handle_dtype(&crate::api::Handle::Symbolic(grad))?;
    let factor = ctx.cast(factor.into(), dtype, None)?;
    let scaled = ctx.grad_binary(BinaryOp::RealDiv, spread, factor.into())?;
    Ok(vec![Some(scaled), None])
}

/// The normalised axes a reduction's `reduction_indices` input holds (a `Const`).
fn reduction_axes_of(
    ctx: &Context,
    axes: Option<GraphTensor>,
    rank: usize,
) -> TfResult<Vec<usize>> {
    let Some(axes) = axes else {
        return Ok((0..rank).collect());
    };
    let operation = ctx
        .graph(axes.graph)?
        .operation(axes.operation)
        .ok_or_else(|| TfError::internal("a reduction lost its axes"))?;
    let Some(values) = operation.kind.constant_value() else {
        return Err(not_emulated("a reduction over computed axes"));
    };
    let values = values
        .to_i64_vec()
        .ok_or_else(|| TfError::internal("reduction axes are not integers"))?;
    let mut out: Vec<usize> = values
        .iter()
        .filter_map(|axis| tensor::Shape::normalize_axis(*axis, rank))
        .collect();
    out.sort_by(Ord::cmp);
    out.dedup();
    Ok(out)
}
