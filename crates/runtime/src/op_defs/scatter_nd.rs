//! `ScatterNd` (`tf.scatter_nd(indices, updates, shape)`): a zero tensor of `shape` with
//! `updates` added at the index vectors in the last axis of `indices`.

use super::gather_nd::GatherNd;
use super::{DefinedOp, Op, OpDef};
use crate::api::{Handle, Operand};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{data_type, InputFact, OpKind, OutputFact, ValueType};
use tensor::ops::scatter_add;
use tensor::{limits, DType, ErrorClass, OpError, Shape, Tensor, TensorData, TensorShape};

/// The op type: its shape input is read from host memory and is a compile-time constant
/// under XLA.
pub static DEF: OpDef = OpDef::compute("ScatterNd").host_memory(&[2]);

/// The op.
#[derive(Clone, Debug, PartialEq)]
pub struct ScatterNd;

/// The op def TensorFlow prints after a rejected attr.
const OP_DEF_TEXT: &str = "Op<name=ScatterNd; signature=indices:Tindices, updates:T, \
     shape:Tindices -> output:T; attr=T:type; attr=Tindices:type,allowed=[DT_INT16, \
     DT_INT32, DT_INT64]; attr=bad_indices_policy:string,default=\"\">";

fn invalid(message: impl Into<String>) -> OpError {
    // TensorFlow's fast path appends ` name: ` (all inputs tensors); a Python list input
    // takes the fallback path, which does not (not modelled: see `OpError::op_name`).
    OpError::kernel_of(ErrorClass::InvalidArgument, "ScatterNd", Some(""), message)
}

/// The index types `GatherNd` and `ScatterNd` take (`Tindices`); `None` for others.
pub(super) fn index_depth(dtype: DType) -> Option<()> {
    matches!(dtype, DType::Int16 | DType::Int32 | DType::Int64).then_some(())
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
        OpKind::Defined(DefinedOp::new(ScatterNd))
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
            if index_depth(index_type).is_none() {
                return Err(TfError::type_error(format!(
                    "Value passed to parameter 'indices' has DataType {} not in list of allowed \
                     values: int16, int32, int64",
                    index_type.name()
                )));
            }
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
        if index_depth(indices.dtype()).is_none() || index_depth(shape.dtype()).is_none() {
            let bad = if index_depth(indices.dtype()).is_none() {
                indices.dtype()
            } else {
                shape.dtype()
            };
            return Err(OpError {
                origin: tensor::error::ErrorOrigin::Dispatch,
                ..invalid(format!(
                    "Value for attr 'Tindices' of {} is not in the list of allowed values: \
                     int16, int32, int64\n\t; NodeDef: {{{{node ScatterNd}}}}; {OP_DEF_TEXT}",
                    bad.kernel_name()
                ))
            });
        }
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
        let operand = |tensor: GraphTensor| Operand::Handle(Handle::Symbolic(tensor));
        let gathered = ctx.array_op(
            GatherNd::kind(),
            "GatherNd",
            None,
            vec![
                (operand(grad), "params", false),
                (operand(*indices), "indices", false),
            ],
        )?;
        match gathered {
            Handle::Symbolic(tensor) => Ok(vec![None, Some(tensor), None]),
            Handle::Eager(_) => Err(TfError::internal("a gradient op ran eagerly while tracing")),
        }
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["indices", "updates", "shape"], "output"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        let type_of = |index: usize| match inputs.get(index).map(|fact| fact.value_type) {
            Some(ValueType::Dense(dtype) | ValueType::Ref(dtype)) => data_type(dtype).enum_name(),
            _ => "DT_INVALID",
        };
        vec![
            format!("T={}", type_of(1)),
            format!("Tindices={}", type_of(0)),
            "bad_indices_policy=\"\"".to_string(),
        ]
    }

    fn compile_time_constant_inputs(&self) -> &'static [usize] {
        &[2]
    }

    fn shape_input(&self) -> Option<usize> {
        Some(2)
    }
}
