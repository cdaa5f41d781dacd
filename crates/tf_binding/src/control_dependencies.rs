//! `tf.control_dependencies(control_inputs)` (also `tf.compat.v1`): a context manager whose
//! ops wait on `control_inputs` in the default graph (`Graph.control_dependencies`,
//! `framework/ops.py`). Executing eagerly it calls the callables among them and does
//! nothing else (TensorFlow's `NullContextmanager`). In a function graph, tensors from
//! outside the function are dropped (`FuncGraph.control_dependencies` keeps them as
//! control captures); `None` clears the dependencies of the scopes around it.

use std::cell::Cell;
use std::rc::Rc;

use lang::host::{new_native_instance, ClassBuilder};
use lang::value::{Args, Class, PyResult, Value};
use lang::vm::Vm;

use crate::graph::PyOperation;
use crate::tensor_class::PyTensor;
use crate::variable_class::PyVariable;
use crate::{bound, this_as, St};
use runtime::graph::{GraphId, GraphKind, OperationId};
use runtime::Handle;

/// The data of a `control_dependencies` context manager: the graph it was made for (none
/// when executing eagerly), what its ops wait on (`None` clears), and whether it is
/// entered.
pub struct ControlDependencies {
    graph: Option<GraphId>,
    operations: Option<Vec<OperationId>>,
    entered: Cell<bool>,
}

/// Builds the context manager class.
pub fn build(st: &St) -> Rc<Class> {
    ClassBuilder::new(
        "_ControlDependenciesController",
        "tensorflow.python.framework.ops",
    )
    .method_closure(
        "__enter__",
        bound(st, |st, vm, args| {
            let scope = scope_of(vm, &args)?;
            if let Some(graph) = scope.graph {
                let operations = scope.operations.clone();
                st.tf(vm, |ctx| {
                    let graph = ctx.graph_mut(graph)?;
                    match operations {
                        Some(operations) => graph.push_control_dependencies(operations),
                        None => graph.push_cleared_control_dependencies(),
                    }
                    Ok(())
                })?;
                scope.entered.set(true);
            }
            Ok(Value::None)
        }),
    )
    .method_closure(
        "__exit__",
        bound(st, |st, vm, args| {
            let scope = scope_of(vm, &args)?;
            if let (Some(graph), true) = (scope.graph, scope.entered.replace(false)) {
                st.tf(vm, |ctx| {
                    ctx.graph_mut(graph)?.pop_control_dependencies();
                    Ok(())
                })?;
            }
            Ok(Value::Bool(false))
        }),
    )
    .build()
}

fn scope_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<ControlDependencies>> {
    this_as::<ControlDependencies>(vm, args, "expected a control_dependencies context")
}

/// `tf.control_dependencies(control_inputs)`.
pub fn control_dependencies(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "control_dependencies", &args, 1, [control_inputs])?;
    let control_inputs = bound.control_inputs.clone().unwrap_or(Value::None);
    let graph = st.with_ctx(vm, |ctx| ctx.default_graph())?;
    let operations = match (graph, &control_inputs) {
        (_, Value::None) => None,
        (None, inputs) => {
            if vm.truthy(inputs)? {
                for control in vm.iterate(inputs)? {
                    if vm.is_callable(&control) {
                        vm.call(&control, &[], &[])?;
                    }
                }
            }
            Some(Vec::new())
        }
        (Some(graph), inputs) => Some(graph_control_inputs(st, vm, graph, inputs)?),
    };
    let classes = st.classes(vm)?;
    Ok(new_native_instance(
        &classes.control_dependencies,
        Rc::new(ControlDependencies {
            graph,
            operations,
            entered: Cell::new(false),
        }),
    ))
}

/// The ops of `graph` that `inputs` name: a tensor's op, an operation, a graph variable's
/// handle op. In a function graph, eager tensors and variables from outside are dropped.
fn graph_control_inputs(
    st: &St,
    vm: &mut Vm<'_>,
    graph: GraphId,
    inputs: &Value,
) -> PyResult<Vec<OperationId>> {
    let in_function = st.tf(vm, |ctx| {
        Ok(matches!(ctx.graph(graph)?.kind, GraphKind::Function { .. }))
    })?;
    let mut operations = Vec::new();
    for control in vm.iterate(inputs)? {
        let handle = if let Some(tensor) = control.downcast::<PyTensor>() {
            Some(tensor.handle.clone())
        } else if let Some(variable) = control.downcast::<PyVariable>() {
            let id = variable.id;
            Some(st.tf(vm, |ctx| Ok(ctx.variable(id)?.handle.clone()))?)
        } else if let Some(operation) = control.downcast::<PyOperation>() {
            if operation.graph == graph {
                operations.push(operation.op);
                continue;
            }
            if in_function {
                continue;
            }
            let text = vm.str(&control)?;
            return Err(
                vm.value_error(format!("Operation {text} is not an element of this graph."))
            );
        } else {
            None
        };
        match handle {
            Some(Handle::Symbolic(tensor)) if tensor.graph == graph => {
                operations.push(tensor.operation);
            }
            Some(_) if in_function => {}
            Some(Handle::Eager(_)) => {
                return Err(
                    vm.attribute_error("Tensor.op is undefined when eager execution is enabled.")
                )
            }
            Some(Handle::Symbolic(_)) => {
                let text = vm.str(&control)?;
                return Err(
                    vm.value_error(format!("Tensor {text} is not an element of this graph."))
                );
            }
            None => {
                // `Graph.as_graph_element`'s refusal.
                let type_name = vm.type_name(&control).to_string();
                return Err(vm.type_error(format!(
                    "Can not convert a {type_name} into a Tensor or Operation."
                )));
            }
        }
    }
    Ok(operations)
}
