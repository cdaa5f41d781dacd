//! `ScatterNd` (`tf.scatter_nd(indices, updates, shape)`): a zero tensor of `shape` with
//! `updates` added at the index vectors in the last axis of `indices`.

use super::gather_nd::GatherNd;
use super::support::{check_graph_dtype, operand, symbolic, type_name};
use super::{Op, OpDef};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use tensor::ops::scatter_add;
use tensor::{limits, DType, ErrorClass, OpError, Shape, Tensor, TensorData, TensorShape};

/// The op type: its shape input is read from host memory and is a compile-time constant
/// under XLA.
pub static DEF: OpDef = OpDef::compute("ScatterNd").host_memory(&[2]);

/// The op.
#[derive(Clone, Debug, PartialEq)]
pub struct ScatterNd;

fn invalid(message: impl Into<String>) -> OpError {
    // TensorFlow's fast path appends ` name: `; the runtime drops it on the fallback path
    // (a Python list among the inputs, `Context::eager_fallback`).
    OpError::kernel_of(ErrorClass::InvalidArgument, "ScatterNd", Some(""), message)
}

/// An index vector outside the shape it indexes: its position among the vectors and its
/// text (`[2, 0]`).
pub(super) struct BadIndex {
    /// Which vector (flat position in `indices.shape[:-1]`).
    pub position: usize,
    /// The vector as TensorFlow prints it.
    pub vector: String,
}

/// `indices[0] = [5] does not index into shape [4]`.
pub(super) fn index_error(at: &BadIndex, shape: &Shape) -> String {
    format!(
        "indices[{}] = {} does not index into shape {}",
        at.position,
        at.vector,
        shape.to_tf_list()
    )
}

/// The flat start, in a tensor whose leading dimensions are `outer` and whose trailing ones
/// hold `slice` elements, of each index vector in the last axis of `indices`.
pub(super) fn index_vectors(
    indices: &Tensor,
    outer: &[usize],
    slice: usize,
) -> Result<Vec<usize>, BadIndex> {
    let values = indices.to_i64_vec().unwrap_or_default();
    let depth = outer.len();
    let count: usize = indices.dims()[..indices.rank().saturating_sub(1)]
        .iter()
        .product();
    let mut starts = Vec::with_capacity(count);
    for position in 0..count {
        let vector = values
            .get(position * depth..(position + 1) * depth)
            .unwrap_or(&[]);
        let mut flat = 0usize;
        for (&index, &dim) in vector.iter().zip(outer) {
            match usize::try_from(index) {
                Ok(index) if index < dim => flat = flat * dim + index,
                _ => {
                    let parts: Vec<String> = vector.iter().map(i64::to_string).collect();
                    return Err(BadIndex {
                        position,
                        vector: format!("[{}]", parts.join(", ")),
                    });
                }
            }
        }
        starts.push(flat * slice);
    }
    Ok(starts)
}

impl ScatterNd {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(ScatterNd)
    }
}

/// `Dimensions [0,1) of indices[shape=[3,1]] must match dimensions [0,1) of updates[shape=[2]]`.
fn check_updates(indices: &Shape, updates: &Shape, shape: &Shape) -> Result<(), OpError> {
    let batch = indices.rank().saturating_sub(1);
    let depth = indices.dims().last().copied().unwrap_or(0);
    if updates.rank() < batch || indices.dims()[..batch] != updates.dims()[..batch] {
        return Err(invalid(format!(
            "Dimensions [0,{batch}) of indices[shape={}] must match dimensions [0,{batch}) of \
             updates[shape={}]",
            indices.to_tf_list(),
            updates.to_tf_list()
        )));
    }
    let slice_out = shape.dims().get(depth..).unwrap_or(&[]);
    let slice_updates = &updates.dims()[batch..];
    if slice_out != slice_updates {
        return Err(invalid(format!(
            "Dimensions [{depth},{}) of input[shape={}] must match dimensions [{batch},{}) of \
             updates[shape={}]",
            shape.rank(),
            shape.to_tf_list(),
            updates.rank(),
            updates.to_tf_list()
        )));
    }
    Ok(())
}

impl Op for ScatterNd {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    fn type_attr(&self, inputs: &[ValueType]) -> Option<DType> {
        match inputs.get(1) {
            Some(ValueType::Dense(dtype) | ValueType::Ref(dtype)) => Some(*dtype),
            _ => None,
        }
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let [indices, updates, shape] = inputs else {
            return Err(TfError::internal(
                "ScatterNd takes indices, updates and shape",
            ));
        };
        if let ValueType::Dense(index_type) = indices.value_type {
            check_graph_dtype("ScatterNd", "indices", index_type)?;
        }
        let ValueType::Dense(dtype) = updates.value_type else {
            return Err(TfError::internal("ScatterNd's updates is not a tensor"));
        };
        let dims = shape.shape_value.map(|entries| {
            entries
                .iter()
                .map(|dim| dim.and_then(|dim| usize::try_from(dim).ok()))
                .collect::<Vec<_>>()
        });
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dtype),
            shape: dims.map_or_else(TensorShape::unknown, TensorShape::new),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [indices, updates, shape] = inputs else {
            return Err(invalid("ScatterNd takes indices, updates and shape"));
        };
        // `indices` and `shape` share `Tindices`.
        tensor::ops::check_allowed_named("ScatterNd", Some(""), indices.dtype())?;
        tensor::ops::check_allowed_named("ScatterNd", Some(""), shape.dtype())?;
        if shape.rank() != 1 {
            return Err(invalid("Shape must be a vector"));
        }
        let mut dims = Vec::with_capacity(shape.num_elements());
        for dim in shape.to_i64_vec().unwrap_or_default() {
            dims.push(
                usize::try_from(dim)
                    .map_err(|_| invalid(format!("Dimension {dim} must be >= 0")))?,
            );
        }
        let out_shape = Shape::new(dims);
        limits::check_elements(&out_shape)?;
        check_updates(indices.shape(), updates.shape(), &out_shape)?;
        let depth = indices.dims().last().copied().unwrap_or(0);
        let slice: usize = out_shape.dims()[depth.min(out_shape.rank())..]
            .iter()
            .product();
        let starts = index_vectors(indices, &out_shape.dims()[..depth], slice)
            .map_err(|at| invalid(index_error(&at, &out_shape)))?;
        let pairs: Vec<(usize, usize)> = starts
            .iter()
            .enumerate()
            .flat_map(|(row, &start)| (0..slice).map(move |j| (start + j, row * slice + j)))
            .collect();
        let out = match updates.data() {
            // Booleans add as a logical or.
            TensorData::Bool(values) => {
                let mut out = vec![false; out_shape.num_elements().unwrap_or(0)];
                for &(target, source) in &pairs {
                    if let (Some(slot), Some(value)) = (out.get_mut(target), values.get(source)) {
                        *slot |= *value;
                    }
                }
                Tensor::new(DType::Bool, out_shape, TensorData::Bool(out))?
            }
            _ => scatter_add(updates, out_shape, &pairs).ok_or_else(|| {
                invalid(format!(
                    "No ScatterNd kernel for {}",
                    updates.dtype().kernel_name()
                ))
            })??,
        };
        Ok(vec![out])
    }

    /// `_ScatterNdGrad`: the updates' gradient is the output's gradient gathered back.
    fn gradient(
        &self,
        inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let ([indices, _, _], Some(Some(grad))) = (inputs, grads.first()) else {
            return Ok(vec![None, None, None]);
        };
        let gathered = GatherNd
            .compute(&[grad, indices])
            .map_err(|error| TfError::internal(error.message))?;
        Ok(vec![None, gathered.into_iter().next(), None])
    }

    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let [indices, _, _] = inputs else {
            return Err(TfError::internal("a traced ScatterNd lost an input"));
        };
        let gathered = ctx.array_op(
            GatherNd::kind(),
            "GatherNd",
            None,
            vec![
                (operand(grad), "params", false),
                (operand(*indices), "indices", false),
            ],
        )?;
        Ok(vec![None, Some(symbolic(gathered)?), None])
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["indices", "updates", "shape"], "output"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![
            format!("T={}", type_name(inputs, 1)),
            format!("Tindices={}", type_name(inputs, 0)),
            "bad_indices_policy=\"\"".to_string(),
        ]
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![2]
    }

    fn shape_input(&self) -> Option<usize> {
        Some(2)
    }
}
