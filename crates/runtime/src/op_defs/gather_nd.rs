//! `GatherNd` (`tf.gather_nd(params, indices)`): slices of `params` at the index vectors in
//! the last axis of `indices`.

use super::scatter_nd::{index_error, index_vectors, ScatterNd};
use super::support::{check_graph_dtype, operand, shape_of, symbolic, type_name};
use super::{Op, OpDef};
use crate::api::{Handle, Operand};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use crate::shape_fn::shape_text;
use tensor::ops::manip::slice_debug_string;
use tensor::ops::scatter_add;
use tensor::{limits, ErrorClass, OpError, Shape, Tensor, TensorShape};

/// The op type.
pub static DEF: OpDef = OpDef::compute("GatherNd");

/// The op (`batch_dims=0`; TensorFlow builds other batch dims from several ops).
#[derive(Clone, Debug, PartialEq)]
pub struct GatherNd;

fn invalid(message: impl Into<String>) -> OpError {
    // TensorFlow's fast path appends ` name: `; the runtime drops it on the fallback path
    // (a Python list among the inputs, `Context::eager_fallback`).
    OpError::kernel_of(ErrorClass::InvalidArgument, "GatherNd", Some(""), message)
}

impl GatherNd {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(GatherNd)
    }
}

impl Op for GatherNd {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let (params, indices) = match inputs {
            [params, indices] => (params, indices),
            _ => return Err(TfError::internal("GatherNd takes params and indices")),
        };
        let ValueType::Dense(dtype) = params.value_type else {
            return Err(TfError::internal("GatherNd's params is not a tensor"));
        };
        if let ValueType::Dense(index_type) = indices.value_type {
            check_graph_dtype("GatherNd", "indices", index_type)?;
        }
        let unknown = || {
            Ok(vec![OutputFact {
                value_type: ValueType::Dense(dtype),
                shape: TensorShape::unknown(),
            }])
        };
        let Some(index_dims) = indices.shape.dims() else {
            return unknown();
        };
        if index_dims.is_empty() {
            return Err(TfError::invalid_argument(
                "Shape must be at least rank 1 but is rank 0",
            ));
        }
        let (Some(param_dims), Some(Some(depth))) = (params.shape.dims(), index_dims.last()) else {
            return unknown();
        };
        if *depth > param_dims.len() {
            return Err(TfError::invalid_argument(format!(
                "indices.shape[-1] must be <= params.rank, but saw indices shape: {} and params \
                 shape: {}",
                shape_text(indices.shape),
                shape_text(params.shape)
            )));
        }
        let mut dims = index_dims[..index_dims.len() - 1].to_vec();
        dims.extend_from_slice(&param_dims[*depth..]);
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dtype),
            shape: TensorShape::new(dims),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [params, indices] = inputs else {
            return Err(invalid("GatherNd takes params and indices"));
        };
        tensor::ops::check_allowed_named("GatherNd", Some(""), indices.dtype())?;
        if params.rank() == 0 {
            return Err(invalid("params must be at least a vector"));
        }
        if indices.rank() == 0 {
            return Err(invalid("indices must be at least a vector"));
        }
        let depth = indices.dims()[indices.rank() - 1];
        if depth > params.rank() {
            return Err(invalid(format!(
                "index innermost dimension length must be <= params rank; saw: {depth} vs. {}",
                params.rank()
            )));
        }
        let batch = Shape::new(indices.dims()[..indices.rank() - 1].to_vec());
        let slice: usize = params.dims()[depth..].iter().product();
        let mut out_dims = batch.dims().to_vec();
        out_dims.extend_from_slice(&params.dims()[depth..]);
        let out_shape = Shape::new(out_dims);
        limits::check_elements(&out_shape)?;
        let starts = index_vectors(indices, &params.dims()[..depth], slice).map_err(|at| {
            invalid(format!(
                "indices{} = {} does not index into param shape {}, node name: GatherNd",
                slice_debug_string(&batch, at.position),
                at.vector,
                params.shape().to_tf_list()
            ))
        })?;
        let sources: Vec<usize> = starts
            .iter()
            .flat_map(|&start| start..start + slice)
            .collect();
        let data = params.data().take(&sources);
        Ok(vec![Tensor::new(params.dtype(), out_shape, data)?])
    }

    /// `_GatherNdGrad`: the gradient scattered back (added) to where it was gathered from.
    /// TensorFlow returns an `IndexedSlices` when `indices` is `[n, 1]`; this is its dense
    /// value.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let ([params, indices], Some(Some(grad))) = (inputs, grads.first()) else {
            return Ok(vec![None, None]);
        };
        let depth = indices.dims().last().copied().unwrap_or(0);
        let slice: usize = params.dims()[depth.min(params.rank())..].iter().product();
        let starts = index_vectors(indices, &params.dims()[..depth], slice)
            .map_err(|at| TfError::invalid_argument(index_error(&at, params.shape())))?;
        let pairs: Vec<(usize, usize)> = starts
            .iter()
            .enumerate()
            .flat_map(|(row, &start)| (0..slice).map(move |j| (start + j, row * slice + j)))
            .collect();
        let scattered = scatter_add(grad, params.shape().clone(), &pairs)
            .ok_or_else(|| TfError::internal("a GatherNd gradient of a non-numeric type"))?
            .map_err(|error| TfError::internal(error.message))?;
        Ok(vec![Some(scattered), None])
    }

    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let [params, indices] = inputs else {
            return Err(TfError::internal("a traced GatherNd lost an input"));
        };
        let index_type = ctx.handle_dtype(&Handle::Symbolic(*indices))?;
        let shape = shape_of(ctx, *params, index_type)?;
        let scattered = ctx.array_op(
            ScatterNd::kind(),
            "ScatterNd",
            None,
            vec![
                (operand(*indices), "indices", false),
                (operand(grad), "updates", false),
                (Operand::Handle(shape), "shape", false),
            ],
        )?;
        Ok(vec![Some(symbolic(scattered)?), None])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["params", "indices"], "output"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![
            format!("Tindices={}", type_name(inputs, 1)),
            format!("Tparams={}", type_name(inputs, 0)),
            "bad_indices_policy=\"\"".to_string(),
        ]
    }
}
