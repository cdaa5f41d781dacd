//! Shape-like arguments (`shape=`, `dims=`, `multiples=`): Python ints, a 1-D integer
//! tensor, or a list mixing ints and scalar tensors (`[tf.shape(x)[0], -1]`, `[n]`), which
//! TensorFlow's autopacking turns into a `Pack` op.
//!
//! `ops.convert_to_tensor` of such a list (`_autopacking_helper`) opens a name scope named
//! after the argument (`Reshape/shape`), makes a `Const` for every Python int named by its
//! index (`Reshape/shape/1`) with the dtype of the first tensor in the list, converts the
//! other entries there (a variable's `Reshape/shape/ReadVariableOp`), and names the `Pack`
//! like the scope.

use crate::context::Context;
use crate::error::{ExceptionClass, TfError, TfResult};
use crate::graph::{GraphId, GraphTensor, OpName};
use crate::{Handle, Operand};
use tensor::{ops, DType, Tensor};

/// A shape-like argument as the program wrote it.
#[derive(Clone, Debug, PartialEq)]
pub enum ShapeOperand {
    /// Every entry known now (Python ints, an eager tensor's values): a `Const` input.
    Known(Vec<i64>),
    /// A 1-D integer tensor or variable (`tf.shape(x)`, `tf.shape(x)[1:]`).
    Tensor(Operand),
    /// A list with at least one tensor entry; Python ints are `Literal` scalars.
    Packed(Vec<Operand>),
}

/// How the dtype of a packed list is chosen: `ops.convert_to_tensor`'s `dtype`, and
/// whether the op's conversion retries with its attr's default (`_apply_op_helper`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PackDtype {
    /// The first tensor's; a tensor of another dtype in the list is a `TypeError`
    /// (`tf.random.*`'s `shape_tensor`).
    Inferred,
    /// Exactly this one: tensors of another dtype are cast first (`tf.zeros`: int32).
    Exactly(DType),
    /// The first tensor's; when the list mixes dtypes, the conversion is retried with this
    /// one, the op attr's default (`Reshape`'s `Tshape`: int32), casting the tensors.
    InferredElse(DType),
}

impl Context {
    /// The dtype a list's tensors give it: the first tensor entry's.
    fn packed_dtype(&self, entries: &[Operand]) -> TfResult<DType> {
        for entry in entries {
            if let Some(dtype) = self.entry_dtype(entry)? {
                return Ok(dtype);
            }
        }
        Ok(DType::Int32)
    }

    /// The dtype of a tensor or variable entry; `None` for a Python int.
    fn entry_dtype(&self, entry: &Operand) -> TfResult<Option<DType>> {
        Ok(match entry {
            Operand::Literal(_) => None,
            tensor => Some(self.operand_dtype(tensor)?),
        })
    }

    /// Builds the `Pack` of `entries` in `graph`, named like the scope `name` opens in the
    /// current one, its Python ints as `Const`s named by their index inside it, its dtype
    /// chosen by `dtype`.
    pub fn pack_entries(
        &mut self,
        graph: GraphId,
        entries: Vec<Operand>,
        name: &str,
        dtype: PackDtype,
    ) -> TfResult<GraphTensor> {
        let inferred = self.packed_dtype(&entries)?;
        match dtype {
            PackDtype::Inferred => self.pack_as(graph, entries, name, inferred, inferred),
            PackDtype::Exactly(target) => self.pack_as(graph, entries, name, target, inferred),
            PackDtype::InferredElse(fallback) => {
                match self.pack_as(graph, entries.clone(), name, inferred, inferred) {
                    Err(error)
                        if error.class == ExceptionClass::TypeError && fallback != inferred =>
                    {
                        self.pack_as(graph, entries, name, fallback, inferred)
                    }
                    other => other,
                }
            }
        }
    }

    /// One conversion of a list to `dtype` (`_autopacking_conversion_function`): tensors
    /// cast to it first (in the current scope) when it is not the `inferred` one; then, in
    /// the list's scope (whose name a failed conversion still uses up: `Reshape/shape_1`
    /// after a retry), every tensor checked and each Python int a `Const`.
    fn pack_as(
        &mut self,
        graph: GraphId,
        mut entries: Vec<Operand>,
        name: &str,
        dtype: DType,
        inferred: DType,
    ) -> TfResult<GraphTensor> {
        if dtype != inferred {
            for entry in &mut entries {
                if self
                    .entry_dtype(entry)?
                    .is_some_and(|entry_dtype| entry_dtype != dtype)
                {
                    *entry = Operand::Handle(self.cast(entry.clone(), dtype, None)?);
                }
            }
        }
        let (previous, scope) = self.graph_mut(graph)?.push_name_scope(name);
        let result = (|| {
            for entry in &entries {
                let entry_dtype = self.entry_dtype(entry)?.unwrap_or(dtype);
                if entry_dtype != dtype {
                    return Err(TfError::type_error(format!(
                        "Cannot convert a list containing a tensor of dtype {} to {} (Tensor is: {})",
                        entry_dtype.repr(),
                        dtype.repr(),
                        self.entry_repr(entry)?
                    )));
                }
            }
            let mut converted: Vec<Option<GraphTensor>> = Vec::with_capacity(entries.len());
            for (index, entry) in entries.iter().enumerate() {
                converted.push(match entry {
                    Operand::Literal(tensor) => {
                        let value =
                            ops::cast(tensor, dtype).map_err(TfError::from_kernel_message)?;
                        let label = index.to_string();
                        Some(self.const_op(graph, value, OpName::Unique(&label))?)
                    }
                    _ => None,
                });
            }
            // Tensors and variables are converted by the op, after the constants (a
            // variable's `Reshape/shape/ReadVariableOp`).
            let mut inputs = Vec::with_capacity(entries.len());
            for (entry, done) in entries.into_iter().zip(converted) {
                inputs.push(match done {
                    Some(tensor) => tensor,
                    None => self.graph_operand(graph, entry, "values")?,
                });
            }
            let stack = self.call_stack().to_vec();
            let operation = self.graph_mut(graph)?.create_op(
                crate::op_defs::Pack::kind(0),
                OpName::Exact(&scope),
                inputs,
                &stack,
            )?;
            Ok(GraphTensor {
                graph,
                operation,
                output: 0,
            })
        })();
        self.graph_mut(graph)?.pop_name_scope(previous);
        result
    }

    /// `repr()` of a tensor or variable entry of a list, as TensorFlow's conversion error
    /// quotes it (`<tf.Tensor 'p:0' shape=() dtype=int64>`; an eager tensor's with its
    /// value, `<tf.Tensor: shape=(1,), dtype=float32, numpy=...>`).
    pub fn entry_repr(&self, entry: &Operand) -> TfResult<String> {
        let (kind, name, shape, dtype) = match entry {
            Operand::Handle(Handle::Eager(tensor)) => {
                return Ok(tensor
                    .value
                    .tensor()
                    .map(tensor::format::tensor_repr)
                    .unwrap_or_default())
            }
            Operand::Handle(Handle::Symbolic(tensor)) => (
                "Tensor",
                self.graph(tensor.graph)?.tensor_name(*tensor),
                self.handle_shape(&Handle::Symbolic(*tensor))?,
                self.handle_dtype(&Handle::Symbolic(*tensor))?,
            ),
            Operand::Variable(id) => {
                let variable = self.variable(*id)?;
                (
                    "Variable",
                    format!("{}:0", variable.name),
                    variable.shape.clone(),
                    variable.dtype,
                )
            }
            _ => return Ok(String::new()),
        };
        Ok(format!(
            "<tf.{kind} '{name}' shape={shape} dtype={}>",
            dtype.name()
        ))
    }

    /// Eagerly, the values of a shape argument: its entries are eager tensors or ints.
    pub fn eager_shape_values(&mut self, shape: ShapeOperand) -> TfResult<Vec<i64>> {
        let entries = match shape {
            ShapeOperand::Known(values) => return Ok(values),
            ShapeOperand::Tensor(operand) => vec![operand],
            ShapeOperand::Packed(entries) => entries,
        };
        let mut values = Vec::new();
        for entry in entries {
            let tensor: Tensor = match entry {
                Operand::Literal(tensor) => tensor,
                Operand::Handle(Handle::Eager(tensor)) => tensor.tensor()?.clone(),
                Operand::Variable(id) => match self.read_variable(id)? {
                    Handle::Eager(tensor) => tensor.tensor()?.clone(),
                    Handle::Symbolic(_) => {
                        return Err(TfError::internal("an eager variable read built a graph op"))
                    }
                },
                Operand::Handle(Handle::Symbolic(tensor)) => match self.forward_value(tensor) {
                    Some(value) => value.tensor()?.clone(),
                    None => {
                        return Err(TfError::type_error(format!(
                        "Attempting to capture an EagerTensor without building a function. (got the graph tensor {})",
                        self.graph(tensor.graph)?.tensor_name(tensor)
                    )))
                    }
                },
            };
            values.extend(
                tensor
                    .to_i64_vec()
                    .ok_or_else(|| TfError::type_error("shape entries must be integers"))?,
            );
        }
        Ok(values)
    }
}
