//! `ParseExampleV2` (`tf.io.parse_example`, `tf.io.parse_single_example`): serialized
//! `tf.train.Example`s decoded into sparse and dense features. A CPU kernel only, so on an
//! accelerator machine the op stays on the host, and XLA has none.

use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use placer::kernels::Kernels;
use tensor::ops::parse_example::{parse_examples, DenseFeature, SparseFeature};
use tensor::{DType, ErrorClass, OpError, Tensor, TensorShape};

/// The op type: the keys (inputs 2, 3, 4) are read from host memory.
pub static DEF: OpDef = OpDef::compute("ParseExampleV2")
    .kernels(Kernels::CPU)
    .host_memory(&[0, 1, 2, 3, 4]);

/// The op with its attrs (`sparse_types`, `dense_shapes`; `Tdense` is the dense defaults'
/// dtypes; no ragged features).
#[derive(Clone, Debug, PartialEq)]
pub struct ParseExampleV2 {
    /// Each sparse feature's dtype (`num_sparse` of them).
    pub sparse_types: Vec<DType>,
    /// Each dense feature's per-example shape.
    pub dense_shapes: Vec<Vec<usize>>,
}

impl ParseExampleV2 {
    /// Wraps the op for `OpKind`.
    pub fn kind(sparse_types: Vec<DType>, dense_shapes: Vec<Vec<usize>>) -> OpKind {
        OpKind::new(ParseExampleV2 {
            sparse_types,
            dense_shapes,
        })
    }

    /// The eager wrapper's name: TensorFlow spells the list attrs' lengths into it.
    fn function(&self) -> String {
        let (dense, sparse) = (self.dense_shapes.len(), self.sparse_types.len());
        format!(
            "ParseExampleV2_Tdense_{dense}_num_sparse_{sparse}_ragged_split_types_0_\
             ragged_value_types_0_sparse_types_{sparse}"
        )
    }
}

fn strings(tensor: &Tensor) -> Vec<String> {
    match tensor.data() {
        tensor::TensorData::String(items) => items
            .iter()
            .map(|item| String::from_utf8_lossy(item).into_owned())
            .collect(),
        _ => Vec::new(),
    }
}

impl Op for ParseExampleV2 {
    fn def(&self) -> &'static OpDef {
        &DEF
    }

    fn output_count(&self) -> usize {
        3 * self.sparse_types.len() + self.dense_shapes.len()
    }

    fn type_attr(&self, _inputs: &[ValueType]) -> Option<DType> {
        None
    }

    /// Sparse outputs `[?, rank + 1]` indices, `[?]` values, `[rank + 1]` shapes; dense
    /// outputs the batch's shape and then their own.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let serialized = inputs
            .first()
            .ok_or_else(|| TfError::internal("ParseExampleV2 takes serialized"))?;
        let batch: Option<Vec<Option<usize>>> = serialized.shape.dims().map(<[_]>::to_vec);
        let rank = batch.as_ref().map(Vec::len);
        let dense = |dtype: DType, shape: Option<TensorShape>| OutputFact {
            value_type: ValueType::Dense(dtype),
            shape: shape.unwrap_or_else(TensorShape::unknown),
        };
        let mut outputs = Vec::with_capacity(self.output_count());
        for _ in &self.sparse_types {
            outputs.push(dense(
                DType::Int64,
                rank.map(|rank| TensorShape::new(vec![None, Some(rank + 1)])),
            ));
        }
        for dtype in &self.sparse_types {
            outputs.push(dense(*dtype, Some(TensorShape::new(vec![None]))));
        }
        for _ in &self.sparse_types {
            outputs.push(dense(
                DType::Int64,
                rank.map(|rank| TensorShape::new(vec![Some(rank + 1)])),
            ));
        }
        let defaults = inputs.get(5..).unwrap_or_default();
        for (default, shape) in defaults.iter().zip(&self.dense_shapes) {
            let dtype = match default.value_type {
                ValueType::Dense(dtype) | ValueType::Ref(dtype) => dtype,
                ValueType::Resource => {
                    return Err(TfError::invalid_argument(
                        "ParseExampleV2's dense_defaults must be tensors",
                    ))
                }
            };
            let dims = batch.as_ref().map(|batch| {
                let mut dims = batch.clone();
                dims.extend(shape.iter().map(|dim| Some(*dim)));
                TensorShape::new(dims)
            });
            outputs.push(dense(dtype, dims));
        }
        Ok(outputs)
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [serialized, _names, sparse_keys, dense_keys, _ragged_keys, defaults @ ..] = inputs
        else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "ParseExampleV2 takes serialized, names, the keys and the dense defaults",
            ));
        };
        let sparse: Vec<SparseFeature> = strings(sparse_keys)
            .into_iter()
            .zip(&self.sparse_types)
            .map(|(key, dtype)| SparseFeature { key, dtype: *dtype })
            .collect();
        let dense: Vec<DenseFeature> = strings(dense_keys)
            .into_iter()
            .zip(&self.dense_shapes)
            .zip(defaults.iter())
            .map(|((key, shape), default)| DenseFeature {
                key,
                dtype: default.dtype(),
                shape: shape.clone(),
                default: (default.num_elements() > 0).then(|| (*default).clone()),
            })
            .collect();
        let parsed = parse_examples(serialized, &sparse, &dense, &self.function())?;
        let mut outputs = Vec::with_capacity(self.output_count());
        outputs.extend(parsed.sparse.iter().map(|(indices, _, _)| indices.clone()));
        outputs.extend(parsed.sparse.iter().map(|(_, values, _)| values.clone()));
        outputs.extend(parsed.sparse.iter().map(|(_, _, shape)| shape.clone()));
        outputs.extend(parsed.dense);
        Ok(outputs)
    }

    fn not_differentiable(&self) -> bool {
        true
    }
}
