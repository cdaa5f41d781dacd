//! `ArgMax` and `ArgMin` (`tf.argmax`, `tf.argmin`): the position of the largest or
//! smallest element along an axis.

use super::support::type_name;
use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{data_type, InputFact, OpKind, OutputFact, ValueType};
use report::OpClass;
use tensor::ops::ArgReduceOp;
use tensor::{DType, ErrorClass, OpError, Tensor, TensorShape};

/// `ArgMax`: its dimension is read from host memory; one comparison per input element.
pub static ARG_MAX: OpDef = OpDef::compute("ArgMax")
    .class(OpClass::Reduction)
    .host_memory(&[1]);
/// `ArgMin`, as `ArgMax`.
pub static ARG_MIN: OpDef = OpDef::compute("ArgMin")
    .class(OpClass::Reduction)
    .host_memory(&[1]);

/// The op with its attributes.
#[derive(Clone, Debug, PartialEq)]
pub struct ArgReduce {
    /// Which extreme.
    pub op: ArgReduceOp,
    /// `output_type`: int32 or int64.
    pub output_type: DType,
}

impl ArgReduce {
    /// Wraps the op for `OpKind`.
    pub fn kind(op: ArgReduceOp, output_type: DType) -> OpKind {
        OpKind::new(ArgReduce { op, output_type })
    }
}

impl Op for ArgReduce {
    fn def(&self) -> &'static OpDef {
        match self.op {
            ArgReduceOp::ArgMax => &ARG_MAX,
            ArgReduceOp::ArgMin => &ARG_MIN,
        }
    }

    /// TensorFlow's `ArgOpShape`.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let [input, dimension] = inputs else {
            return Err(TfError::internal("ArgMax takes input and dimension"));
        };
        if let Some(rank) = dimension
            .shape
            .dims()
            .map(<[_]>::len)
            .filter(|rank| *rank > 1)
        {
            return Err(TfError::invalid_argument(format!(
                "Shape must be at most rank 1 but is rank {rank}"
            )));
        }
        let out = |shape| {
            Ok(vec![OutputFact {
                value_type: ValueType::Dense(self.output_type),
                shape,
            }])
        };
        let Some(dims) = input.shape.dims() else {
            return out(TensorShape::unknown());
        };
        let rank = dims.len() as i64;
        if rank <= 1 {
            return out(TensorShape::new(Vec::new()));
        }
        let Some(axis) = dimension
            .constant
            .and_then(Tensor::to_i64_vec)
            .and_then(|values| values.first().copied())
        else {
            return out(TensorShape::new(vec![None; dims.len() - 1]));
        };
        if axis < -rank || axis >= rank {
            return Err(TfError::invalid_argument(format!(
                "Dimension ({axis}) must be in the range [{}, {rank}), where {rank} is the \
                 number of dimensions in the input.",
                -rank
            )));
        }
        let axis = if axis < 0 { axis + rank } else { axis } as usize;
        let mut kept = dims.to_vec();
        kept.remove(axis);
        out(TensorShape::new(kept))
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [input, dimension] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "ArgMax takes input and dimension",
            ));
        };
        if dimension.rank() != 0 {
            return Err(OpError::kernel_of(
                ErrorClass::InvalidArgument,
                self.def().name,
                Some(""),
                format!(
                    "dim must be a scalar, but received tensor of shape: {}",
                    dimension.shape().to_tf_list()
                ),
            ));
        }
        let axis = dimension
            .to_i64_vec()
            .and_then(|values| values.first().copied())
            .unwrap_or(0);
        Ok(vec![tensor::ops::arg_reduce(
            self.op,
            input,
            axis,
            self.output_type,
        )?])
    }

    /// `ops.NotDifferentiable`: an index has no gradient.
    fn not_differentiable(&self) -> bool {
        true
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        vec![
            format!("T={}", type_name(inputs, 0)),
            format!("Tidx={}", type_name(inputs, 1)),
            format!("output_type={}", data_type(self.output_type).enum_name()),
        ]
    }

    fn compile_time_constant_inputs(&self, _input_count: usize) -> Vec<usize> {
        vec![1]
    }

    fn value_inputs(&self) -> &'static [usize] {
        &[1]
    }
}
