//! Graph mode: a [`Graph`] of [`Operation`]s with TensorFlow's naming, name scopes, device
//! scopes, colocation and definition stacks, and its conversion to the placer's IR.
//!
//! Naming follows `ops.py` `Graph.unique_name`: keys are lower-cased, the first `add` is
//! `add`, the next `add_1`; a name scope is itself a uniquified name, and an op named after
//! its scope (`random_normal/` → `random_normal`) takes the scope's name without another
//! uniquification. `_apply_op_helper` opens a scope named after the op and converts literal
//! inputs inside it, which is where `Reshape/shape` and `mul/y` come from.

use std::borrow::Cow;
use std::collections::HashMap;

use crate::error::{ExceptionClass, TfError, TfResult};
use crate::node_summary::ShapeErrorContext;
use crate::op::{infer, InputFact, OpKind, OutputFact, ValueType};
use placer::device::{DeviceScopeStack, DeviceSpec};
use placer::{self, StackFrame, TensorType};
use tensor::{Tensor, TensorShape};

/// Index of a graph in the context's arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GraphId(pub u32);

/// Index of an operation in its graph (creation order, which is a topological order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OperationId(pub u32);

impl OperationId {
    /// The index as `usize`.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A symbolic tensor: output `output` of an operation of a graph (`add:0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GraphTensor {
    /// The graph.
    pub graph: GraphId,
    /// The producing operation.
    pub operation: OperationId,
    /// Which output.
    pub output: u32,
}

/// One node of a graph.
#[derive(Clone, Debug, PartialEq)]
pub struct Operation {
    /// The unique name (`add_1`, `random_normal/RandomStandardNormal`).
    pub name: String,
    /// The op type and attrs.
    pub kind: OpKind,
    /// Data inputs.
    pub inputs: Vec<GraphTensor>,
    /// Control inputs (`^init`).
    pub control_inputs: Vec<OperationId>,
    /// The requested device (`/device:CPU:0`), as `op.device` prints it.
    pub device: String,
    /// `_class` entries (`loc:@Variable`).
    pub colocation_groups: Vec<String>,
    /// Output types and static shapes.
    pub outputs: Vec<OutputFact>,
    /// The user's frames where the op was created, outermost first (shared: graphs are
    /// copied when functions are traced and replicated, and ops of one line share frames).
    pub stack: std::rc::Rc<[StackFrame]>,
}

/// Whether a graph is a user `tf.Graph` or the body of a traced `tf.function`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphKind {
    /// `tf.Graph()` (or the TF1 default graph).
    User,
    /// A `FuncGraph` being traced for the Python function `name`.
    Function {
        /// The Python function's name.
        name: String,
    },
}

/// A graph under construction.
#[derive(Clone, Debug)]
pub struct Graph {
    /// Its id in the arena.
    pub id: GraphId,
    /// User graph or function body.
    pub kind: GraphKind,
    operations: Vec<Operation>,
    names_in_use: HashMap<String, u32>,
    name_scope: String,
    device_scopes: DeviceScopeStack,
    colocation_stack: Vec<OperationId>,
    /// The open `control_dependencies` frames, innermost last: the index of the first op
    /// created inside, and the ops to wait on (`None` is `control_dependencies(None)`,
    /// which hides the frames before it).
    control_dependencies: Vec<(usize, Option<Vec<OperationId>>)>,
    /// Variables created in this graph, in order (the `global_variables` collection, and
    /// the local ones).
    pub global_variables: Vec<crate::variables::VariableId>,
    /// Those of them made for the `local_variables` collection only (`get_variable(...,
    /// collections=[LOCAL_VARIABLES])`): not global, not initialised by
    /// `global_variables_initializer`.
    pub local_variables: Vec<crate::variables::VariableId>,
    /// The open branches of TF1 `tf.cond`s, innermost last.
    cond_branches: Vec<CondBranch>,
    /// The graph-level random seed and the counter for seedless random ops.
    pub seed: crate::random_seed::GraphSeed,
    /// Outputs of the ops made so far: each took one of TensorFlow's uids
    /// ([`crate::uid`]).
    tensors_made: u64,
}

/// An open branch of a TF1 `tf.cond` (TensorFlow's `CondContext`): ops created while it is
/// open take tensors from outside through a `Switch` on `pred_id` (the `branch` output),
/// and ops without inputs wait on the `pivot` (`cond/switch_t` or `cond/switch_f`).
#[derive(Clone, Debug)]
pub struct CondBranch {
    /// `cond/pred_id`.
    pub pred_id: GraphTensor,
    /// `cond/switch_t` (true branch) or `cond/switch_f`.
    pub pivot: OperationId,
    /// The `Switch` output the branch reads: 1 for true, 0 for false.
    pub branch: u32,
    /// Ops at this index and after were created inside the branch.
    pub first_op: usize,
    /// Outside tensors already switched in, and their switched tensors.
    switched: Vec<(GraphTensor, GraphTensor)>,
}

impl CondBranch {
    /// A branch opened now, before any op of `graph` after the pivot.
    pub fn new(graph: &Graph, pred_id: GraphTensor, pivot: OperationId, branch: u32) -> Self {
        CondBranch {
            pred_id,
            pivot,
            branch,
            first_op: graph.operations.len(),
            switched: Vec::new(),
        }
    }
}

/// How a new op is named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpName<'a> {
    /// Uniquify this name within the current scope (`add` → `add_1`).
    Unique(&'a str),
    /// Use this already-unique full name (the name of a scope the op closes).
    Exact(&'a str),
}

/// Budget units charged for making one op: about what placing, naming and recording it
/// costs natively, measured against the interpreter's instructions (see `meter::work`).
const OP_WORK: u64 = 400;

impl Graph {
    /// An empty graph.
    pub fn new(id: GraphId, kind: GraphKind) -> Graph {
        Graph {
            id,
            kind,
            operations: Vec::new(),
            names_in_use: HashMap::new(),
            name_scope: String::new(),
            device_scopes: DeviceScopeStack::default(),
            colocation_stack: Vec::new(),
            control_dependencies: Vec::new(),
            global_variables: Vec::new(),
            local_variables: Vec::new(),
            cond_branches: Vec::new(),
            seed: Default::default(),
            tensors_made: 0,
        }
    }

    /// How many tensors the graph's ops have made (each took one of TensorFlow's uids).
    pub fn tensors_made(&self) -> u64 {
        self.tensors_made
    }

    /// Opens a `tf.cond` branch: ops created until [`Graph::pop_cond_branch`] belong to it.
    pub fn push_cond_branch(&mut self, branch: CondBranch) {
        self.cond_branches.push(branch);
    }

    /// Closes the innermost `tf.cond` branch.
    pub fn pop_cond_branch(&mut self) -> Option<CondBranch> {
        self.cond_branches.pop()
    }

    /// The tensor a branch uses for `tensor`: itself when the branch made it, else a
    /// `Switch` of it (`{op_name}/Switch`, made once per branch).
    pub fn tensor_in_cond_branch(
        &mut self,
        tensor: GraphTensor,
        op_name: &str,
        stack: &[StackFrame],
    ) -> TfResult<GraphTensor> {
        let Some(mut branch) = self.cond_branches.pop() else {
            return Ok(tensor);
        };
        let result = self.switch_into(&mut branch, tensor, op_name, stack);
        self.cond_branches.push(branch);
        result
    }

    fn switch_into(
        &mut self,
        branch: &mut CondBranch,
        tensor: GraphTensor,
        op_name: &str,
        stack: &[StackFrame],
    ) -> TfResult<GraphTensor> {
        if tensor.operation.index() >= branch.first_op {
            return Ok(tensor);
        }
        if let Some((_, switched)) = branch.switched.iter().find(|(from, _)| *from == tensor) {
            return Ok(*switched);
        }
        // An enclosing branch brings the tensor in first (its `Switch` is named first).
        let outer = self.tensor_in_cond_branch(tensor, op_name, stack)?;
        let previous = std::mem::replace(&mut self.name_scope, op_name.to_string());
        let name = self.unique_name("Switch");
        self.name_scope = previous;
        let switch = self.create_op(
            crate::op_defs::Switch::kind(),
            OpName::Exact(&name),
            vec![outer, branch.pred_id],
            stack,
        )?;
        let switched = GraphTensor {
            graph: self.id,
            operation: switch,
            output: branch.branch,
        };
        branch.switched.push((tensor, switched));
        Ok(switched)
    }

    /// Puts a just-created op into the open `tf.cond` branch (TensorFlow's `AddOp`).
    fn add_to_cond_branch(&mut self, id: OperationId, stack: &[StackFrame]) -> TfResult<()> {
        let Some(mut branch) = self.cond_branches.pop() else {
            return Ok(());
        };
        let result = (|| {
            let Some(operation) = self.operations.get(id.index()) else {
                return Ok(());
            };
            if operation.inputs.is_empty() {
                if !operation.control_inputs.contains(&branch.pivot) {
                    self.add_control_input(id, branch.pivot);
                }
                return Ok(());
            }
            let name = operation.name.clone();
            let inputs = operation.inputs.clone();
            for (index, input) in inputs.into_iter().enumerate() {
                let switched = self.switch_into(&mut branch, input, &name, stack)?;
                if let Some(slot) = self
                    .operations
                    .get_mut(id.index())
                    .and_then(|operation| operation.inputs.get_mut(index))
                {
                    *slot = switched;
                }
            }
            Ok(())
        })();
        self.cond_branches.push(branch);
        result
    }

    /// The operations in creation order (`g.get_operations()`).
    pub fn operations(&self) -> &[Operation] {
        &self.operations
    }

    /// One operation.
    pub fn operation(&self, id: OperationId) -> Option<&Operation> {
        self.operations.get(id.index())
    }

    /// The operation called `name` (`g.get_operation_by_name`).
    pub fn operation_by_name(&self, name: &str) -> Option<OperationId> {
        self.operations
            .iter()
            .position(|operation| operation.name == name)
            .map(|index| OperationId(index as u32))
    }

    /// A version number that changes whenever the graph grows (Sessions cache placement
    /// per version).
    pub fn version(&self) -> usize {
        self.operations.len()
    }

    /// `t.name`: `add:0`.
    pub fn tensor_name(&self, tensor: GraphTensor) -> String {
        let name = self
            .operation(tensor.operation)
            .map_or("<unknown>", |operation| operation.name.as_str());
        format!("{name}:{}", tensor.output)
    }

    /// The type and static shape of a tensor.
    pub fn tensor_fact(&self, tensor: GraphTensor) -> Option<&OutputFact> {
        self.operation(tensor.operation)?
            .outputs
            .get(tensor.output as usize)
    }

    /// `Graph.unique_name(name)`: the scoped, uniquified name, marked as used.
    pub fn unique_name(&mut self, name: &str) -> String {
        let name = if self.name_scope.is_empty() {
            name.to_string()
        } else {
            format!("{}/{name}", self.name_scope)
        };
        self.uniquify(name)
    }

    /// `name` (already scoped) made unique in the graph and marked as used. Every op a
    /// program makes, eager or in a graph, is named here, so this is where making one is
    /// charged to the run's budget (`meter::work`).
    fn uniquify(&mut self, name: String) -> String {
        meter::work::add(OP_WORK);
        // Python's `name.lower()`, as `Graph.unique_name` keys its names.
        let base_key = cpython_text::str_lower(&name);
        let mut count = self.names_in_use.get(&base_key).copied().unwrap_or(0);
        self.names_in_use.insert(base_key.clone(), count + 1);
        if count == 0 {
            return name;
        }
        let mut key = format!("{base_key}_{count}");
        while self.names_in_use.contains_key(&key) {
            count += 1;
            key = format!("{base_key}_{count}");
        }
        self.names_in_use.insert(key, 1);
        format!("{name}_{count}")
    }

    /// Enters `with tf.name_scope(name)`; returns the scope to restore on exit and the new
    /// scope's full name (`random_normal`, `random_normal_1`). A name ending in `/` is a
    /// scope's full name already (what `with tf.name_scope(...) as scope` yields), used as
    /// it is: an op given `name=scope` takes the scope's own name, as in TensorFlow.
    pub fn push_name_scope(&mut self, name: &str) -> (String, String) {
        let scope = match name.strip_suffix('/') {
            Some(exact) => exact.to_string(),
            None => self.unique_name(name),
        };
        let previous = std::mem::replace(&mut self.name_scope, scope.clone());
        (previous, scope)
    }

    /// Enters a scope whose full name is already unique (`variable_scope` re-entry).
    pub fn push_exact_name_scope(&mut self, scope: &str) -> String {
        std::mem::replace(&mut self.name_scope, scope.to_string())
    }

    /// Leaves a name scope, restoring `previous`.
    pub fn pop_name_scope(&mut self, previous: String) {
        self.name_scope = previous;
    }

    /// The current name scope (`""` at top level).
    pub fn name_scope(&self) -> &str {
        &self.name_scope
    }

    /// Enters `with tf.device(spec)`; `None` is `tf.device(None)`.
    pub fn push_device(&mut self, spec: Option<DeviceSpec>) {
        self.device_scopes.push(spec);
    }

    /// Leaves the innermost device scope.
    pub fn pop_device(&mut self) {
        self.device_scopes.pop();
    }

    /// Enters `with tf.compat.v1.colocate_with(op)`.
    pub fn push_colocation(&mut self, operation: OperationId) {
        self.colocation_stack.push(operation);
    }

    /// Leaves the innermost `colocate_with`.
    pub fn pop_colocation(&mut self) {
        self.colocation_stack.pop();
    }

    /// Enters `with tf.control_dependencies(ops)`.
    pub fn push_control_dependencies(&mut self, operations: Vec<OperationId>) {
        self.control_dependencies
            .push((self.operations.len(), Some(operations)));
    }

    /// Enters `with tf.control_dependencies(None)`: ops created inside wait on nothing.
    pub fn push_cleared_control_dependencies(&mut self) {
        self.control_dependencies
            .push((self.operations.len(), None));
    }

    /// The control inputs an op reading `inputs` gets if created now
    /// (`Graph._control_dependencies_for_inputs`): each open frame's ops, except that a
    /// frame an input was created in already orders the op (it is dominated), and an op
    /// already read as an input needs no control edge.
    pub fn control_dependencies_for_inputs(&self, inputs: &[GraphTensor]) -> Vec<OperationId> {
        let open = self
            .control_dependencies
            .iter()
            .rposition(|(_, operations)| operations.is_none())
            .map_or(0, |cleared| cleared + 1);
        let input_ops: Vec<OperationId> = inputs.iter().map(|input| input.operation).collect();
        let mut current: Vec<OperationId> = Vec::new();
        for (start, operations) in &self.control_dependencies[open..] {
            let dominated = input_ops.iter().any(|op| op.index() >= *start);
            if dominated {
                continue;
            }
            for operation in operations.iter().flatten() {
                if !input_ops.contains(operation) && !current.contains(operation) {
                    current.push(*operation);
                }
            }
        }
        current
    }

    /// Leaves the innermost `control_dependencies`.
    pub fn pop_control_dependencies(&mut self) {
        self.control_dependencies.pop();
    }

    /// The value `op` always outputs, as shape inference sees it: a `Const`'s, or a `Cast` of
    /// a `Const` (TensorFlow evaluates such small constant subgraphs when inferring shapes).
    fn constant_output<'a>(&'a self, op: &'a Operation) -> Option<Cow<'a, Tensor>> {
        if let Some(tensor) = op.kind.constant_value() {
            return Some(Cow::Borrowed(tensor));
        }
        let cast = op.kind.downcast::<crate::op_defs::Cast>()?;
        let source = self.operation(op.inputs.first()?.operation)?;
        let tensor = source.kind.constant_value()?;
        tensor::ops::cast(tensor, cast.dtype).ok().map(Cow::Owned)
    }

    /// Creates an op: infers its outputs, names it, applies device scopes, colocation and
    /// control dependencies, and records the user's stack.
    pub fn create_op(
        &mut self,
        kind: OpKind,
        name: OpName<'_>,
        inputs: Vec<GraphTensor>,
        stack: &[StackFrame],
    ) -> TfResult<OperationId> {
        let outputs = {
            let shape_input = crate::shape_value::shape_input(&kind);
            let shape_values: Vec<Option<Vec<Option<i64>>>> = inputs
                .iter()
                .enumerate()
                .map(|(index, input)| {
                    (shape_input == Some(index))
                        .then(|| crate::shape_value::partial_shape_value(self, *input))
                        .flatten()
                })
                .collect();
            let facts: Vec<(ValueType, TensorShape, Option<Cow<'_, Tensor>>)> = inputs
                .iter()
                .map(|input| {
                    let producer = self.operation(input.operation);
                    let fact = producer.and_then(|op| op.outputs.get(input.output as usize));
                    let constant = producer.and_then(|op| self.constant_output(op));
                    match fact {
                        Some(fact) => (fact.value_type, fact.shape.clone(), constant),
                        None => (ValueType::Resource, TensorShape::unknown(), None),
                    }
                })
                .collect();
            let input_facts: Vec<InputFact<'_>> = facts
                .iter()
                .zip(&shape_values)
                .map(|((value_type, shape, constant), shape_value)| InputFact {
                    value_type: *value_type,
                    shape,
                    constant: constant.as_deref(),
                    shape_value: shape_value.as_deref(),
                })
                .collect();
            match infer(&kind, &input_facts) {
                Ok(outputs) => Ok(outputs),
                // A shape function's status: TensorFlow's Python raises it as a
                // `ValueError` naming the node and its inputs.
                Err(error) if error.class == ExceptionClass::InvalidArgument => Err((
                    error,
                    self.shape_error_context(&kind, &inputs, &input_facts),
                )),
                Err(error) => return Err(error),
            }
        };
        let name = match name {
            OpName::Unique(name) => self.unique_name(name),
            OpName::Exact(name) => name.to_string(),
        };
        let outputs = match outputs {
            Ok(outputs) => outputs,
            Err((error, context)) => {
                return Err(TfError::value_error(context.message(&error.message, &name)))
            }
        };
        let mut colocation_groups = Vec::new();
        let mut device = self.device_scopes.device_for_op(&DeviceSpec::default());
        if let Some(target) = self
            .colocation_stack
            .last()
            .and_then(|id| self.operation(*id))
        {
            let group = target
                .colocation_groups
                .first()
                .cloned()
                .unwrap_or_else(|| format!("loc:@{}", target.name));
            colocation_groups.push(group);
            device = target.device.clone();
        }
        let control_inputs = self.control_dependencies_for_inputs(&inputs);
        self.tensors_made += outputs.len() as u64;
        self.operations.push(Operation {
            name,
            kind,
            inputs,
            control_inputs,
            device,
            colocation_groups,
            outputs,
            stack: stack.into(),
        });
        let id = OperationId(self.operations.len() as u32 - 1);
        self.add_to_cond_branch(id, stack)?;
        Ok(id)
    }

    /// The context of a shape function's failure for an op of kind `kind` on `inputs`:
    /// whether it needed the constant inputs is found by inferring again without them.
    fn shape_error_context(
        &self,
        kind: &OpKind,
        inputs: &[GraphTensor],
        facts: &[InputFact<'_>],
    ) -> ShapeErrorContext {
        let input_names: Vec<String> = inputs
            .iter()
            .map(|input| {
                let name = self
                    .operation(input.operation)
                    .map_or("<unknown>", |op| op.name.as_str());
                if input.output == 0 {
                    name.to_string()
                } else {
                    format!("{name}:{}", input.output)
                }
            })
            .collect();
        // The checks of `shape_fn` are the ones that can fail without the values; the
        // engine's other static checks (ranks against a gather's axis, a subscript's
        // bounds, which the kind holds here) stand for ones that read them.
        let without_values: Vec<InputFact<'_>> = facts
            .iter()
            .map(|fact| InputFact {
                constant: None,
                shape_value: None,
                ..*fact
            })
            .collect();
        let with_values = crate::shape_fn::check(kind, &without_values).is_ok();
        ShapeErrorContext::new(kind, &input_names, facts, with_values)
    }

    /// Adds a copy of an op made elsewhere (a replica's copy of a traced TPU computation):
    /// its name, uniquified as a whole, and everything else as given.
    pub fn push_copy(&mut self, mut operation: Operation) -> OperationId {
        operation.name = self.uniquify(operation.name);
        self.tensors_made += operation.outputs.len() as u64;
        self.operations.push(operation);
        OperationId(self.operations.len() as u32 - 1)
    }

    /// Sets an op's `_class` to `group` (`loc:@Variable_1` on its initial value).
    pub fn set_colocation_group(&mut self, operation: OperationId, group: String) {
        if let Some(operation) = self.operations.get_mut(operation.index()) {
            operation.colocation_groups = vec![group];
        }
    }

    /// Adds a control input to an existing op (`init` waits for every initializer).
    pub fn add_control_input(&mut self, operation: OperationId, input: OperationId) {
        if let Some(operation) = self.operations.get_mut(operation.index()) {
            operation.control_inputs.push(input);
        }
    }

    /// Replaces an op's static output shape (a variable read knows its variable's shape).
    pub fn set_output_shape(&mut self, tensor: GraphTensor, shape: TensorShape) {
        if let Some(fact) = self
            .operations
            .get_mut(tensor.operation.index())
            .and_then(|operation| operation.outputs.get_mut(tensor.output as usize))
        {
            fact.shape = shape;
        }
    }

    /// The placer's view of the graph: one node per operation, same indices.
    pub fn to_placer_graph(&self) -> placer::Graph {
        let mut graph = placer::Graph::default();
        for operation in &self.operations {
            let input_types: Vec<ValueType> = operation
                .inputs
                .iter()
                .map(|input| {
                    self.tensor_fact(*input)
                        .map_or(ValueType::Resource, |fact| fact.value_type)
                })
                .collect();
            let dtype = operation
                .kind
                .type_attr(&input_types)
                .map(crate::op::data_type);
            let node = placer::Node {
                name: operation.name.clone(),
                op_type: operation.kind.op_type().to_string(),
                requested_device: operation.device.clone(),
                assigned_device: None,
                inputs: operation
                    .inputs
                    .iter()
                    .zip(&input_types)
                    .map(|(input, value_type)| placer::Input {
                        source: placer::NodeId(input.operation.0),
                        tensor_type: tensor_type(*value_type),
                    })
                    .collect(),
                control_inputs: operation
                    .control_inputs
                    .iter()
                    .map(|id| placer::NodeId(id.0))
                    .collect(),
                colocation_groups: operation.colocation_groups.clone(),
                outputs: operation
                    .outputs
                    .iter()
                    .map(|fact| tensor_type(fact.value_type))
                    .collect(),
                dtype,
                is_function_call: false,
            };
            graph.add(node);
        }
        graph
    }
}

/// The placer's type of a value: refs stay refs.
fn tensor_type(value_type: ValueType) -> TensorType {
    match value_type {
        ValueType::Ref(_) => TensorType::reference(value_type.data_type()),
        other => TensorType::value(other.data_type()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unique_names_are_case_insensitive_and_skip_taken_suffixes() {
        let mut graph = Graph::new(GraphId(0), GraphKind::User);
        assert_eq!(graph.unique_name("add"), "add");
        assert_eq!(graph.unique_name("add"), "add_1");
        assert_eq!(graph.unique_name("Add"), "Add_2");
        assert_eq!(graph.unique_name("foo_1"), "foo_1");
        assert_eq!(graph.unique_name("foo"), "foo");
        assert_eq!(graph.unique_name("foo"), "foo_2");
        let (previous, scope) = graph.push_name_scope("random_normal");
        assert_eq!(scope, "random_normal");
        assert_eq!(graph.unique_name("shape"), "random_normal/shape");
        graph.pop_name_scope(previous);
        assert_eq!(graph.push_name_scope("random_normal").1, "random_normal_1");
    }
}
