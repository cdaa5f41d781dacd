//! Variables: eager resource variables, graph-mode variables (with their initializer ops
//! and `global_variables_initializer`), and the TF1 `get_variable` / `variable_scope` store.
//!
//! Names follow the oracle: eager variables are not uniquified (`Variable:0` twice); graph
//! variables are (`Variable`, `Variable_1`), and each builds `V/IsInitialized/
//! VarIsInitializedOp`, `V/Assign`, `V/Read/ReadVariableOp`; a literal initial value
//! becomes `V/Initializer/initial_value`, colocated with `V`.

use std::collections::HashMap;

use crate::api::{Handle, Operand};
use crate::context::Context;
use crate::eager::EagerTensor;
use crate::error::{TfError, TfResult};
use crate::graph::{GraphId, GraphKind, GraphTensor, OpName, OperationId};
use crate::op::{OpKind, ValueType};
use tensor::{ops, DType, Tensor, TensorShape};

/// Index of a variable in the context.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VariableId(pub u32);

/// A variable as the Python object sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Variable {
    /// `v.name`: `Variable:0`, `counter:0`, `shared_vars/w:0`.
    pub name: String,
    /// `v.dtype`.
    pub dtype: DType,
    /// `v.shape`.
    pub shape: TensorShape,
    /// `trainable=`.
    pub trainable: bool,
    /// The resource handle (eager: on its device; graph: the `VarHandleOp` output).
    pub handle: Handle,
    /// Graph mode: the `Assign` op (`v.initializer`) and the snapshot read
    /// (`V/Read/ReadVariableOp:0`, what `sess.run(v)` fetches).
    pub graph_parts: Option<(OperationId, GraphTensor)>,
    /// A TF1 reference variable (`VariableV2`): its `V/read` snapshot, what ops read.
    pub snapshot: Option<GraphTensor>,
}

/// `reuse=` of a variable scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reuse {
    /// Inherit (top level: create only).
    Inherit,
    /// `reuse=True`: only existing variables.
    Reuse,
    /// `reuse=tf.compat.v1.AUTO_REUSE`.
    AutoReuse,
}

/// The initializer of `get_variable`.
#[derive(Clone, Debug, PartialEq)]
pub enum Initializer {
    /// `tf.compat.v1.ones_initializer()` (`Initializer/ones`).
    Ones,
    /// `tf.compat.v1.zeros_initializer()` (`Initializer/zeros`).
    Zeros,
    /// A constant value (`Initializer/Const`).
    Constant(Tensor),
    /// A value given as the initializer itself, not an initializer object
    /// (`Initializer/initial_value`): the variable takes its dtype and shape.
    Value(Tensor),
    /// A TF1 random initializer (`random_normal_initializer`, `truncated_normal_initializer`,
    /// `random_uniform_initializer`, and the variance-scaling ones as they resolve to these):
    /// TensorFlow's `Initializer/random_normal` (or `truncated_normal`, `random_uniform`)
    /// chain with the initializer's seed, colocated with the variable and outside any
    /// device scope.
    Random {
        /// What is drawn.
        distribution: RandomInit,
        /// The initializer's op-level seed.
        seed: Option<u64>,
    },
    /// The default Glorot uniform; its values are drawn here and stored as one
    /// `Initializer/random_uniform` constant (TensorFlow builds a RandomUniform chain).
    GlorotUniform,
}

/// The distribution a TF1 random initializer draws from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RandomInit {
    /// `random_normal(mean, stddev)`.
    Normal {
        /// The mean.
        mean: f64,
        /// The standard deviation.
        stddev: f64,
    },
    /// `truncated_normal(mean, stddev)`.
    TruncatedNormal {
        /// The mean.
        mean: f64,
        /// The standard deviation.
        stddev: f64,
    },
    /// `random_uniform(minval, maxval)`.
    Uniform {
        /// The lower bound.
        minval: f64,
        /// The upper bound (excluded).
        maxval: f64,
    },
}

/// Variables of the run and the `get_variable` store.
#[derive(Clone, Debug, Default)]
pub struct VariableState {
    pub variables: Vec<Variable>,
    /// Per graph: the store of `get_variable` (full name → variable).
    stores: HashMap<GraphId, HashMap<String, VariableId>>,
    /// Per graph: the open variable scopes (name, reuse).
    scopes: HashMap<GraphId, Vec<(String, Reuse, String)>>,
    /// `disable_v2_behavior()` / `disable_resource_variables()`: graph variables are TF1
    /// reference variables (`VariableV2`, `Assign`, `V/read`).
    ref_variables: bool,
}

/// The message for a second `tf.Variable` in a `tf.function` (case d03).
pub const SINGLETON_VARIABLE_MESSAGE: &str = "tf.function only supports singleton tf.Variables created on the first call. Make sure the tf.Variable is only created once or created outside tf.function. See https://www.tensorflow.org/guide/function#creating_tfvariables for more information.";

impl VariableState {
    /// Every variable created so far, in creation order.
    pub fn all(&self) -> impl Iterator<Item = &Variable> {
        self.variables.iter()
    }
}

/// The value a `get_variable` initializer gives a variable of `shape` and `dtype`, and
/// the name of the `Const` holding it under `Initializer/` (random normal excepted: its
/// graph builds the values with ops).
fn initial_value(
    initializer: Initializer,
    shape: &[usize],
    dtype: DType,
) -> TfResult<(Tensor, &'static str)> {
    let dims: Vec<i64> = shape.iter().map(|dim| *dim as i64).collect();
    let (value, const_name) = match initializer {
        Initializer::Ones => (ops::ones(&dims, dtype), "ones"),
        Initializer::Zeros => (ops::zeros(&dims, dtype), "zeros"),
        Initializer::Constant(tensor) => (ops::cast(&tensor, dtype), "Const"),
        Initializer::Value(tensor) => (Ok(tensor), "initial_value"),
        Initializer::GlorotUniform | Initializer::Random { .. } => {
            let (fan_in, fan_out) = match shape {
                [] => (1.0, 1.0),
                [only] => (*only as f64, *only as f64),
                [.., rows, columns] => (*rows as f64, *columns as f64),
            };
            let limit = (6.0 / (fan_in + fan_out).max(1.0)).sqrt();
            (
                ops::random_uniform(&dims, -limit, limit, dtype, None),
                "random_uniform",
            )
        }
    };
    Ok((value.map_err(TfError::from_kernel_message)?, const_name))
}

impl Context {
    /// A variable.
    pub fn variable(&self, id: VariableId) -> TfResult<&Variable> {
        self.variables
            .variables
            .get(id.0 as usize)
            .ok_or_else(|| TfError::internal(format!("unknown variable #{}", id.0)))
    }

    fn push_variable(&mut self, variable: Variable) -> VariableId {
        self.variables.variables.push(variable);
        VariableId(self.variables.variables.len() as u32 - 1)
    }

    /// `tf.Variable(initial_value, name=..., trainable=..., dtype=...)` in the current mode.
    pub fn create_variable(
        &mut self,
        initial_value: Operand,
        name: Option<&str>,
        trainable: bool,
        dtype: Option<DType>,
    ) -> TfResult<VariableId> {
        if let Some(graph) = self.default_graph() {
            if matches!(self.graph(graph)?.kind, GraphKind::Function { .. }) {
                self.check_variable_creation_in_trace()?;
                // Lifted out of the function (`init_scope`), as TensorFlow does.
                let popped = self.pop_default_graph();
                let result = self.create_eager_variable(initial_value, name, trainable, dtype);
                if let Some(popped) = popped {
                    self.push_default_graph(popped);
                }
                return result;
            }
            let scope = self
                .graph_mut(graph)?
                .push_name_scope(name.unwrap_or("Variable"));
            let result =
                self.create_graph_variable(graph, &scope.1, initial_value, trainable, dtype);
            self.graph_mut(graph)?.pop_name_scope(scope.0);
            return result;
        }
        self.create_eager_variable(initial_value, name, trainable, dtype)
    }

    fn create_eager_variable(
        &mut self,
        initial_value: Operand,
        name: Option<&str>,
        trainable: bool,
        dtype: Option<DType>,
    ) -> TfResult<VariableId> {
        // `tf.Variable` asks for the default graph (its variable creator stack), and takes a
        // uid for its shared name (`_init_from_args`).
        self.touch_global_default_graph();
        self.take_uids(1);
        let mut initial = self.eager_operand(initial_value)?;
        let ValueType::Dense(initial_dtype) = initial.value.value_type() else {
            return Err(TfError::type_error(
                "A variable handle cannot initialise a variable",
            ));
        };
        if let Some(dtype) = dtype.filter(|dtype| *dtype != initial_dtype) {
            initial = self.execute_one(&crate::op_defs::Cast::kind(dtype), &[initial])?;
        }
        // The initial value need not have been computed (values on demand): its dtype and
        // shape make the variable, and the variable holds it uncomputed.
        let (ValueType::Dense(value_dtype), Some(value_shape)) =
            (initial.value.value_type(), initial.value.shape().cloned())
        else {
            return Err(TfError::internal("a variable's initial value has no shape"));
        };
        let name = name.unwrap_or("Variable");
        let shared_name = format!("{name}_{}", self.variables.variables.len());
        let handle_op = crate::op_defs::VarHandleOp::kind(
            value_dtype,
            TensorShape::from(&value_shape),
            shared_name,
        );
        let handle = self.execute_one(&handle_op, &[])?;
        self.execute(
            &crate::op_defs::AssignVariable::kind(crate::op_defs::Update::Set),
            &[handle.clone(), initial],
        )?;
        // Eager name scopes prefix variable names (`ops.name_scope(name, skip_on_eager=False)`
        // in `_init_from_args`): `dense/w:0`.
        let scoped = format!("{}{name}", self.eager_name_scope);
        Ok(self.push_variable(Variable {
            name: format!("{scoped}:0"),
            dtype: value_dtype,
            shape: TensorShape::from(&value_shape),
            trainable,
            handle: Handle::Eager(handle),
            graph_parts: None,
            snapshot: None,
        }))
    }

    fn eager_operand(&mut self, operand: Operand) -> TfResult<EagerTensor> {
        match operand {
            Operand::Handle(Handle::Eager(tensor)) => Ok(tensor),
            Operand::Literal(tensor) => self.eager_literal(tensor.dtype(), tensor),
            Operand::Variable(variable) => match self.read_variable(variable)? {
                Handle::Eager(tensor) => Ok(tensor),
                Handle::Symbolic(_) => Err(TfError::internal("eager read built a graph op")),
            },
            Operand::Handle(Handle::Symbolic(_)) => Err(TfError::type_error(
                "A graph tensor cannot initialise an eager variable",
            )),
        }
    }

    /// Builds a graph variable whose scope (and `VarHandleOp` name) is `scope`.
    fn create_graph_variable(
        &mut self,
        graph: GraphId,
        scope: &str,
        initial_value: Operand,
        trainable: bool,
        dtype: Option<DType>,
    ) -> TfResult<VariableId> {
        let stack = self.call_stack().to_vec();
        let initial = match initial_value {
            Operand::Handle(Handle::Symbolic(tensor)) => tensor,
            Operand::Literal(tensor) if self.variables.ref_variables => {
                let tensor = match dtype {
                    Some(dtype) if dtype != tensor.dtype() => {
                        ops::cast(&tensor, dtype).map_err(TfError::from_kernel_message)?
                    }
                    _ => tensor,
                };
                self.const_op(graph, tensor, OpName::Unique("initial_value"))?
            }
            Operand::Literal(tensor) => {
                let tensor = match dtype {
                    Some(dtype) if dtype != tensor.dtype() => {
                        ops::cast(&tensor, dtype).map_err(TfError::from_kernel_message)?
                    }
                    _ => tensor,
                };
                let (previous, _) = self.graph_mut(graph)?.push_name_scope("Initializer");
                let constant = self.const_op(graph, tensor, OpName::Unique("initial_value"));
                self.graph_mut(graph)?.pop_name_scope(previous);
                let constant = constant?;
                self.set_colocation(graph, constant.operation, scope)?;
                constant
            }
            other => {
                let handle = self.identity(other, None)?;
                let Handle::Symbolic(tensor) = handle else {
                    return Err(TfError::internal("graph identity returned an eager tensor"));
                };
                tensor
            }
        };
        self.finish_graph_variable(graph, scope, initial, trainable, &stack)
    }

    fn set_colocation(
        &mut self,
        graph: GraphId,
        operation: OperationId,
        group: &str,
    ) -> TfResult<()> {
        let graph = self.graph_mut(graph)?;
        graph.set_colocation_group(operation, format!("loc:@{group}"));
        Ok(())
    }

    fn finish_graph_variable(
        &mut self,
        graph: GraphId,
        scope: &str,
        initial: GraphTensor,
        trainable: bool,
        stack: &[placer::StackFrame],
    ) -> TfResult<VariableId> {
        let fact = self
            .graph(graph)?
            .tensor_fact(initial)
            .cloned()
            .ok_or_else(|| TfError::internal("unknown initial value"))?;
        let crate::op::ValueType::Dense(dtype) = fact.value_type else {
            return Err(TfError::type_error("a variable cannot hold a resource"));
        };
        let shape = fact.shape.clone();
        if self.variables.ref_variables {
            return self.finish_ref_variable(graph, scope, initial, dtype, shape, trainable, stack);
        }
        let g = self.graph_mut(graph)?;
        let handle_op = g.create_op(
            crate::op_defs::VarHandleOp::kind(dtype, shape.clone(), scope.to_string()),
            OpName::Exact(scope),
            Vec::new(),
            stack,
        )?;
        let handle = GraphTensor {
            graph,
            operation: handle_op,
            output: 0,
        };
        let (previous, _) = g.push_name_scope("IsInitialized");
        let checked = g.create_op(
            crate::op_defs::VarIsInitializedOp::kind(),
            OpName::Unique("VarIsInitializedOp"),
            vec![handle],
            stack,
        );
        g.pop_name_scope(previous);
        checked?;
        let assign = g.create_op(
            crate::op_defs::AssignVariable::kind(crate::op_defs::Update::Set),
            OpName::Unique("Assign"),
            vec![handle, initial],
            stack,
        )?;
        let (previous, _) = g.push_name_scope("Read");
        let read = g.create_op(
            crate::op_defs::ReadVariableOp::kind(dtype),
            OpName::Unique("ReadVariableOp"),
            vec![handle],
            stack,
        );
        g.pop_name_scope(previous);
        let read = GraphTensor {
            graph,
            operation: read?,
            output: 0,
        };
        g.set_output_shape(read, shape.clone());
        let id = self.push_variable(Variable {
            name: format!("{scope}:0"),
            dtype,
            shape,
            trainable,
            handle: Handle::Symbolic(handle),
            graph_parts: Some((assign, read)),
            snapshot: None,
        });
        self.graph_mut(graph)?.global_variables.push(id);
        Ok(id)
    }

    /// `disable_v2_behavior()`: graph variables are TF1 reference variables from now on.
    pub fn disable_resource_variables(&mut self) {
        self.variables.ref_variables = true;
    }

    /// A TF1 reference variable: `V` (`VariableV2`), `V/Assign` and the `V/read` snapshot,
    /// both colocated with `V`.
    #[allow(clippy::too_many_arguments)]
    fn finish_ref_variable(
        &mut self,
        graph: GraphId,
        scope: &str,
        initial: GraphTensor,
        dtype: DType,
        shape: TensorShape,
        trainable: bool,
        stack: &[placer::StackFrame],
    ) -> TfResult<VariableId> {
        let g = self.graph_mut(graph)?;
        let variable_op = g.create_op(
            crate::op_defs::VariableV2::kind(dtype, shape.clone(), scope.to_string()),
            OpName::Exact(scope),
            Vec::new(),
            stack,
        )?;
        let reference = GraphTensor {
            graph,
            operation: variable_op,
            output: 0,
        };
        let assign = g.create_op(
            crate::op_defs::RefAssign::kind(crate::op_defs::Update::Set),
            OpName::Unique("Assign"),
            vec![reference, initial],
            stack,
        )?;
        let read = g.create_op(
            crate::op_defs::Identity::kind(),
            OpName::Unique("read"),
            vec![reference],
            stack,
        )?;
        let read = GraphTensor {
            graph,
            operation: read,
            output: 0,
        };
        g.set_output_shape(read, shape.clone());
        self.set_colocation(graph, assign, scope)?;
        self.set_colocation(graph, read.operation, scope)?;
        let id = self.push_variable(Variable {
            name: format!("{scope}:0"),
            dtype,
            shape,
            trainable,
            handle: Handle::Symbolic(reference),
            graph_parts: Some((assign, reference)),
            snapshot: Some(read),
        });
        self.graph_mut(graph)?.global_variables.push(id);
        Ok(id)
    }

    /// `v.read_value()`: a read in the name scope `Read` (`Read/ReadVariableOp` in a
    /// graph), then an `Identity` of it, as `BaseResourceVariable.read_value` builds it.
    pub fn read_value(&mut self, id: VariableId) -> TfResult<Handle> {
        let variable = self.variable(id)?;
        if let (Some(_), Handle::Symbolic(reference)) = (variable.snapshot, &variable.handle) {
            // A TF1 reference variable: `array_ops.identity(self._variable, name="read")`.
            let reference = Operand::Handle(Handle::Symbolic(*reference));
            return self.identity(reference, Some("read"));
        }
        let scope = self.enter_composite_scope("Read")?;
        let read = self.read_variable(id);
        self.leave_composite_scope(scope)?;
        self.identity(read?.into(), None)
    }

    /// Reads a variable where it is used: eager `ReadVariableOp` now, or a new
    /// `ReadVariableOp` in the current graph scope.
    pub fn read_variable(&mut self, id: VariableId) -> TfResult<Handle> {
        let id = self.replica_local_variable(id);
        let variable = self.variable(id)?.clone();
        if let Some(snapshot) = variable.snapshot {
            if self.default_graph() == Some(snapshot.graph) {
                return Ok(Handle::Symbolic(snapshot));
            }
        }
        let op = crate::op_defs::ReadVariableOp::kind(variable.dtype);
        match (&variable.handle, self.default_graph()) {
            (Handle::Eager(handle), _) => {
                if let Some(graph) = self.default_graph() {
                    let name = self.graph_mut(graph)?.unique_name("ReadVariableOp");
                    let captured = self.capture_resource_input(graph, handle, &name)?;
                    return self.graph_read(graph, captured, &variable, OpName::Exact(&name));
                }
                Ok(Handle::Eager(
                    self.execute_one(&op, std::slice::from_ref(handle))?,
                ))
            }
            (Handle::Symbolic(handle), Some(graph)) if handle.graph == graph => {
                self.graph_read(graph, *handle, &variable, OpName::Unique("ReadVariableOp"))
            }
            (Handle::Symbolic(_), _) => Err(TfError::value_error(format!(
                "Variable {} must be used in the graph it was created in.",
                variable.name
            ))),
        }
    }

    fn graph_read(
        &mut self,
        graph: GraphId,
        handle: GraphTensor,
        variable: &Variable,
        name: OpName<'_>,
    ) -> TfResult<Handle> {
        let stack = self.call_stack().to_vec();
        let g = self.graph_mut(graph)?;
        let read = g.create_op(
            crate::op_defs::ReadVariableOp::kind(variable.dtype),
            name,
            vec![handle],
            &stack,
        )?;
        let tensor = GraphTensor {
            graph,
            operation: read,
            output: 0,
        };
        g.set_output_shape(tensor, variable.shape.clone());
        Ok(Handle::Symbolic(tensor))
    }

    /// `v.assign(value)`, `v.assign_add(value)`, `v.assign_sub(value)`
    /// (`tf.compat.v1.assign_add`): eager runs the op and returns `None`; graph mode
    /// returns the read that follows the assignment (what `sess.run` of the result gives).
    pub fn assign_variable(
        &mut self,
        id: VariableId,
        kind: OpKind,
        value: Operand,
    ) -> TfResult<Option<Handle>> {
        // A Keras variable made in a strategy's scope updates every replica's copy.
        if let Some(components) = self.alias_update_targets(id) {
            let mut last = None;
            for component in components {
                last = self.assign_one_variable(component, kind.clone(), value.clone())?;
            }
            return Ok(last);
        }
        let id = self.replica_local_variable(id);
        self.assign_one_variable(id, kind, value)
    }

    /// `assign_variable` on exactly the variable `id`.
    fn assign_one_variable(
        &mut self,
        id: VariableId,
        kind: OpKind,
        value: Operand,
    ) -> TfResult<Option<Handle>> {
        let variable = self.variable(id)?.clone();
        let sets = kind
            .downcast::<crate::op_defs::AssignVariable>()
            .is_some_and(|assign| assign.0 == crate::op_defs::Update::Set);
        if sets {
            // `ResourceVariable.assign`'s check, before any op.
            let shape = self.operand_shape(&value)?;
            if !variable.shape.is_compatible_with(&shape) {
                return Err(TfError::value_error(format!(
                    "Cannot assign value to variable ' {}': Shape mismatch.The variable shape {}, and the assigned value shape {} are incompatible.",
                    variable.name, variable.shape, shape
                )));
            }
        }
        let value = match value {
            Operand::Literal(tensor) if tensor.dtype() != variable.dtype => Operand::Literal(
                ops::cast(&tensor, variable.dtype).map_err(TfError::from_kernel_message)?,
            ),
            // `convert_to_tensor(value, dtype=self.dtype)` in every `assign*` method.
            Operand::Handle(handle) if matches!(self.handle_dtype(&handle), Ok(dtype) if dtype != variable.dtype) =>
            {
                return Err(TfError::value_error(format!(
                    "Tensor conversion requested dtype {} for Tensor with dtype {}: {}",
                    variable.dtype.name(),
                    self.handle_dtype(&handle)?.name(),
                    self.entry_repr(&Operand::Handle(handle))?
                )));
            }
            other => other,
        };
        if let (Some(snapshot), Handle::Symbolic(reference)) = (variable.snapshot, &variable.handle)
        {
            if self.default_graph() == Some(snapshot.graph) {
                let update = kind
                    .downcast::<crate::op_defs::AssignVariable>()
                    .map_or(crate::op_defs::Update::Set, |assign| assign.0);
                let ref_assign = crate::op_defs::RefAssign::kind(update);
                let name = ref_assign.op_type();
                let handle = self.array_op(
                    ref_assign,
                    name,
                    None,
                    vec![
                        (Operand::Handle(Handle::Symbolic(*reference)), "ref", true),
                        (value, "value", true),
                    ],
                )?;
                return Ok(Some(handle));
            }
        }
        let traced = match (&variable.handle, self.default_graph()) {
            // An eager variable assigned inside a `tf.function` body: its handle is
            // captured like a read's.
            (Handle::Eager(handle), Some(graph))
                if matches!(self.graph(graph)?.kind, GraphKind::Function { .. }) =>
            {
                let name = self.graph_mut(graph)?.unique_name(kind.op_type());
                Some((self.capture_resource_input(graph, handle, &name)?, name))
            }
            _ => None,
        };
        let (traced, assign_name) = match traced {
            Some((captured, name)) => (Some(captured), Some(name)),
            None => (None, None),
        };
        let handle_in_graph = match (&variable.handle, self.default_graph(), traced) {
            (_, Some(graph), Some(captured)) => Some((graph, captured)),
            (Handle::Symbolic(handle), Some(graph), None) if handle.graph == graph => {
                Some((graph, *handle))
            }
            _ => None,
        };
        match (&variable.handle, handle_in_graph) {
            (Handle::Eager(handle), None) if self.default_graph().is_none() => {
                let value = self.eager_operand(value)?;
                self.execute(&kind, &[handle.clone(), value])?;
                Ok(None)
            }
            (_, Some((graph, handle))) => {
                let handle = &handle;
                let value = match value {
                    Operand::Handle(Handle::Symbolic(tensor)) => tensor,
                    Operand::Literal(tensor) => {
                        self.const_op(graph, tensor, OpName::Unique("Const"))?
                    }
                    other => match self.identity(other, None)? {
                        Handle::Symbolic(tensor) => tensor,
                        Handle::Eager(_) => {
                            return Err(TfError::internal("graph identity was eager"))
                        }
                    },
                };
                let stack = self.call_stack().to_vec();
                let name = match &assign_name {
                    Some(name) => OpName::Exact(name),
                    None => OpName::Unique(kind.op_type()),
                };
                let g = self.graph_mut(graph)?;
                let assign = g.create_op(kind, name, vec![*handle, value], &stack)?;
                g.push_control_dependencies(vec![assign]);
                let read = g.create_op(
                    crate::op_defs::ReadVariableOp::kind(variable.dtype),
                    OpName::Unique("ReadVariableOp"),
                    vec![*handle],
                    &stack,
                );
                g.pop_control_dependencies();
                let read = GraphTensor {
                    graph,
                    operation: read?,
                    output: 0,
                };
                g.set_output_shape(read, variable.shape.clone());
                Ok(Some(Handle::Symbolic(read)))
            }
            _ => Err(TfError::value_error(format!(
                "Variable {} must be assigned in the mode it was created in.",
                variable.name
            ))),
        }
    }

    /// `tf.compat.v1.global_variables_initializer()`: a `NoOp` named `init` that waits for
    /// every variable's `Assign`.
    pub fn global_variables_initializer(&mut self) -> TfResult<OperationId> {
        self.variables_initializer(false)
    }

    /// `tf.compat.v1.local_variables_initializer()`: the `init` `NoOp` of the local ones.
    pub fn local_variables_initializer(&mut self) -> TfResult<OperationId> {
        self.variables_initializer(true)
    }

    fn variables_initializer(&mut self, local: bool) -> TfResult<OperationId> {
        let graph = self
            .default_graph()
            .ok_or_else(|| TfError::value_error("global_variables_initializer needs a graph"))?;
        let g = self.graph(graph)?;
        let chosen: Vec<VariableId> = g
            .global_variables
            .iter()
            .filter(|id| g.local_variables.contains(id) == local)
            .copied()
            .collect();
        let assigns: Vec<OperationId> = chosen
            .iter()
            .filter_map(|id| self.variables.variables.get(id.0 as usize))
            .filter_map(|variable| variable.graph_parts.map(|(assign, _)| assign))
            .collect();
        let stack = self.call_stack().to_vec();
        let g = self.graph_mut(graph)?;
        let init = g.create_op(
            crate::op_defs::NoOp::kind(),
            OpName::Unique("init"),
            Vec::new(),
            &stack,
        )?;
        for assign in assigns {
            g.add_control_input(init, assign);
        }
        Ok(init)
    }

    /// Marks a variable trainable or not (`get_variable(..., trainable=False)`).
    pub fn set_variable_trainable(&mut self, id: VariableId, trainable: bool) -> TfResult<()> {
        let variable = self
            .variables
            .variables
            .get_mut(id.0 as usize)
            .ok_or_else(|| TfError::internal("unknown variable"))?;
        variable.trainable = trainable;
        Ok(())
    }

    /// `tf.no_op(name)` in the default graph: a `NoOp` (it waits on the enclosing
    /// `control_dependencies`).
    pub fn no_op(&mut self, name: Option<&str>) -> TfResult<(crate::graph::GraphId, OperationId)> {
        let graph = self
            .default_graph()
            .ok_or_else(|| TfError::value_error("no_op needs a graph"))?;
        let stack = self.call_stack().to_vec();
        let op = self.graph_mut(graph)?.create_op(
            crate::op_defs::NoOp::kind(),
            OpName::Unique(name.unwrap_or("NoOp")),
            Vec::new(),
            &stack,
        )?;
        Ok((graph, op))
    }

    /// Enters `tf.compat.v1.variable_scope(name, reuse=...)`: a variable scope and a name
    /// scope (uniquified; re-entering `shared_vars` opens name scope `shared_vars_1`).
    pub fn push_variable_scope(&mut self, name: &str, reuse: Reuse) -> TfResult<()> {
        let graph = self
            .default_graph()
            .ok_or_else(|| TfError::value_error("variable_scope needs a graph"))?;
        let (previous, _) = self.graph_mut(graph)?.push_name_scope(name);
        let scopes = self.variables.scopes.entry(graph).or_default();
        let full = match scopes.last() {
            Some((outer, _, _)) => format!("{outer}/{name}"),
            None => name.to_string(),
        };
        let inherited = scopes.last().map_or(Reuse::Inherit, |(_, reuse, _)| *reuse);
        let reuse = if reuse == Reuse::Inherit {
            inherited
        } else {
            reuse
        };
        scopes.push((full, reuse, previous));
        Ok(())
    }

    /// `scope.reuse_variables()`: the innermost variable scope reuses from now on.
    pub fn reuse_variables(&mut self) -> TfResult<()> {
        let graph = self
            .default_graph()
            .ok_or_else(|| TfError::value_error("reuse_variables needs a graph"))?;
        if let Some(last) = self
            .variables
            .scopes
            .get_mut(&graph)
            .and_then(|scopes| scopes.last_mut())
        {
            last.1 = Reuse::Reuse;
        }
        Ok(())
    }

    /// Leaves the innermost variable scope.
    pub fn pop_variable_scope(&mut self) -> TfResult<()> {
        let Some(graph) = self.default_graph() else {
            return Ok(());
        };
        let popped = self.variables.scopes.get_mut(&graph).and_then(Vec::pop);
        if let Some((_, _, previous)) = popped {
            self.graph_mut(graph)?.pop_name_scope(previous);
        }
        Ok(())
    }

    /// `tf.compat.v1.get_variable(name, shape, dtype, initializer)` with the reuse rules
    /// and messages of the variable store (case c05). Eagerly, TensorFlow's store keeps
    /// nothing: every call makes a new variable.
    pub fn get_variable(
        &mut self,
        name: &str,
        shape: Option<Vec<usize>>,
        dtype: DType,
        initializer: Option<Initializer>,
    ) -> TfResult<VariableId> {
        let Some(graph) = self.default_graph() else {
            let Some(shape) = shape else {
                return Err(TfError::value_error(format!(
                    "Variable {name} did not get an initializer, so its `shape` argument must be specified."
                )));
            };
            let value = match initializer.unwrap_or(Initializer::GlorotUniform) {
                Initializer::Random { distribution, seed } => {
                    let dims: Vec<i64> = shape.iter().map(|dim| *dim as i64).collect();
                    let drawn = self.draw_random(distribution, dims, dtype, seed)?;
                    return self.create_variable(drawn.into(), Some(name), true, Some(dtype));
                }
                initializer => initial_value(initializer, &shape, dtype)?.0,
            };
            return self.create_variable(Operand::Literal(value), Some(name), true, Some(dtype));
        };
        let (full, reuse) = match self
            .variables
            .scopes
            .get(&graph)
            .and_then(|scopes| scopes.last())
        {
            Some((scope, reuse, _)) => (format!("{scope}/{name}"), *reuse),
            None => (name.to_string(), Reuse::Inherit),
        };
        let existing = self
            .variables
            .stores
            .get(&graph)
            .and_then(|store| store.get(&full))
            .copied();
        match (existing, reuse) {
            (Some(id), Reuse::Inherit) => {
                // For a reference variable TensorFlow appends where it was made (up to five
                // frames, innermost first); a resource variable has no op traceback.
                let variable = self.variable(id)?;
                if variable.snapshot.is_none() {
                    return Err(TfError::value_error(format!(
                        "Variable {full} already exists, disallowed. Did you mean to set reuse=True or reuse=tf.AUTO_REUSE in VarScope?"
                    )));
                }
                let frames = match &variable.handle {
                    Handle::Symbolic(handle) => self
                        .graph(handle.graph)?
                        .operation(handle.operation)
                        .map(|op| op.stack.clone()),
                    Handle::Eager(_) => None,
                };
                let origin: String = frames
                    .iter()
                    .flat_map(|frames| frames.iter().rev().take(5))
                    .map(|frame| {
                        format!(
                            "  File \"{}\", line {}, in {}\n",
                            frame.filename, frame.line, frame.function
                        )
                    })
                    .collect();
                return Err(TfError::value_error(format!(
                    "Variable {full} already exists, disallowed. Did you mean to set reuse=True or reuse=tf.AUTO_REUSE in VarScope? Originally defined at:\n\n{origin}"
                )));
            }
            (Some(id), _) => {
                let variable = self.variable(id)?;
                if let Some(shape) = &shape {
                    let wanted = TensorShape::new(shape.iter().map(|dim| Some(*dim)).collect());
                    if wanted != variable.shape {
                        return Err(TfError::value_error(format!(
                            "Trying to share variable {full}, but specified shape {wanted} and found shape {}.",
                            variable.shape
                        )));
                    }
                }
                return Ok(id);
            }
            (None, Reuse::Reuse) => {
                return Err(TfError::value_error(format!(
                    "Variable {full} does not exist, or was not created with tf.get_variable(). Did you mean to set reuse=tf.AUTO_REUSE in VarScope?"
                )))
            }
            (None, _) => {}
        }
        let Some(shape) = shape else {
            return Err(TfError::value_error(format!(
                "Variable {full} did not get an initializer, so its `shape` argument must be specified."
            )));
        };
        let dims: Vec<i64> = shape.iter().map(|dim| *dim as i64).collect();
        let initializer = initializer.unwrap_or(Initializer::GlorotUniform);
        if let Initializer::Random { distribution, seed } = initializer {
            return self.get_variable_random(graph, full, dims, dtype, distribution, seed);
        }
        let (value, const_name) = initial_value(initializer, &shape, dtype)?;
        let stack = self.call_stack().to_vec();
        let g = self.graph_mut(graph)?;
        let previous = g.push_exact_name_scope("");
        let (inner_previous, scope) = g.push_name_scope(&full);
        let (initializer_previous, _) = g.push_name_scope("Initializer");
        let initial = self.const_op(graph, value, OpName::Unique(const_name));
        let g = self.graph_mut(graph)?;
        g.pop_name_scope(initializer_previous);
        let result = initial.and_then(|initial| {
            self.set_colocation(graph, initial.operation, &scope)?;
            self.finish_graph_variable(graph, &scope, initial, true, &stack)
        });
        let g = self.graph_mut(graph)?;
        g.pop_name_scope(inner_previous);
        g.pop_name_scope(previous);
        let id = result?;
        self.variables
            .stores
            .entry(graph)
            .or_default()
            .insert(full, id);
        Ok(id)
    }
    /// The op chain of a TF1 random initializer (eager or in the default graph).
    fn draw_random(
        &mut self,
        distribution: RandomInit,
        dims: Vec<i64>,
        dtype: DType,
        seed: Option<u64>,
    ) -> TfResult<Handle> {
        let shape = crate::shape_operand::ShapeOperand::Known(dims);
        match distribution {
            RandomInit::Normal { mean, stddev } => {
                self.random_normal(shape, mean, stddev, dtype, seed, None)
            }
            RandomInit::TruncatedNormal { mean, stddev } => {
                self.truncated_normal(shape, mean, stddev, dtype, seed, None)
            }
            RandomInit::Uniform { minval, maxval } => {
                self.random_uniform(shape, minval, maxval, dtype, seed, None)
            }
        }
    }

    /// `get_variable` with a random initializer: the initializer chain in
    /// `V/Initializer/random_normal/` (or `truncated_normal`, `random_uniform`), built with
    /// no device (TensorFlow's `ops.device(None)`) and colocated with `V`.
    fn get_variable_random(
        &mut self,
        graph: GraphId,
        full: String,
        dims: Vec<i64>,
        dtype: DType,
        distribution: RandomInit,
        seed: Option<u64>,
    ) -> TfResult<VariableId> {
        let stack = self.call_stack().to_vec();
        let g = self.graph_mut(graph)?;
        let previous = g.push_exact_name_scope("");
        let (inner_previous, scope) = g.push_name_scope(&full);
        let (initializer_previous, _) = g.push_name_scope("Initializer");
        g.push_device(None);
        let first = g.operations().len();
        let initial = self.draw_random(distribution, dims, dtype, seed);
        let g = self.graph_mut(graph)?;
        let last = g.operations().len();
        g.pop_device();
        g.pop_name_scope(initializer_previous);
        let result = initial.and_then(|initial| {
            for index in first..last {
                self.set_colocation(graph, OperationId(index as u32), &scope)?;
            }
            let Handle::Symbolic(initial) = initial else {
                return Err(TfError::internal("a graph initializer ran eagerly"));
            };
            self.finish_graph_variable(graph, &scope, initial, true, &stack)
        });
        let g = self.graph_mut(graph)?;
        g.pop_name_scope(inner_previous);
        g.pop_name_scope(previous);
        let id = result?;
        self.variables
            .stores
            .entry(graph)
            .or_default()
            .insert(full, id);
        Ok(id)
    }
}
