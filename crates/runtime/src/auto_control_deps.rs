//! TensorFlow's automatic control dependencies at the end of a trace
//! (`framework/auto_control_deps.py`): the stateful ops of a function body must run even
//! when no output needs them, so TensorFlow adds one `NoOp` (named `NoOp`) waiting on all
//! of them, and every output's `Identity` waits on it. It shows as the body's last op in
//! `ConcreteFunction.graph.get_operations()` and runs with the body.
//!
//! Which ops must run: a stateful op, except a resource read whose value nothing uses
//! (`ops_which_must_run`), and except the legacy random ops (`RandomUniform`...), which
//! TensorFlow leaves out. The engine's other stateful kinds are the resource variable ops.
//! Stateful ops without a resource input (`PrintV2`) are chained in program order, each
//! waiting on the one before (TensorFlow's `last_write_to_resource[None]`). The ordering
//! edges TensorFlow also adds between uses of one resource are not modelled: the executor
//! already runs a resource's ops in program order.

use crate::context::Context;
use crate::error::TfResult;
use crate::graph::{Graph, GraphId, GraphTensor, OpName, OperationId};
use crate::op::OpKind;
use crate::op_defs::ControlDeps;

/// How automatic control dependencies treat the kind (its definition's
/// [`ControlDeps`]).
fn control_deps(kind: &OpKind) -> ControlDeps {
    kind.op().def().control
}

/// The ops of `graph` that must run, in graph order.
fn ops_which_must_run(graph: &Graph) -> Vec<OperationId> {
    let consumed: std::collections::HashSet<OperationId> = graph
        .operations()
        .iter()
        .flat_map(|op| op.inputs.iter().map(|input| input.operation))
        .collect();
    graph
        .operations()
        .iter()
        .enumerate()
        .map(|(index, op)| (OperationId(index as u32), op))
        .filter(|(id, op)| {
            op.kind.is_stateful()
                && match control_deps(&op.kind) {
                    ControlDeps::LegacyRandom => false,
                    ControlDeps::ResourceRead => consumed.contains(id),
                    ControlDeps::Ordered | ControlDeps::OrderInsensitive => true,
                }
        })
        .map(|(id, _)| id)
        .collect()
}

/// Whether the kind is stateful but touches no resource, so TensorFlow orders it after the
/// previous such op (`PrintV2`; the legacy random ops are not `op_is_stateful`, and
/// `VarHandleOp` is order-insensitive).
fn is_ordered_without_resource(kind: &OpKind) -> bool {
    kind.is_stateful() && !kind.uses_resource() && control_deps(kind) == ControlDeps::Ordered
}

/// Makes each stateful op without a resource input wait on the previous one.
fn chain_ops_without_resource(graph: &mut Graph) {
    let chained: Vec<OperationId> = graph
        .operations()
        .iter()
        .enumerate()
        .filter(|(_, op)| is_ordered_without_resource(&op.kind))
        .map(|(index, _)| OperationId(index as u32))
        .collect();
    for pair in chained.windows(2) {
        graph.add_control_input(pair[1], pair[0]);
    }
}

impl Context {
    /// Chains the body's stateful ops that touch no resource, then adds the `NoOp` that
    /// makes the body's stateful ops run before its `outputs` (`Identity` ops) return;
    /// no `NoOp` when the body has no output or no stateful op.
    pub fn add_automatic_control_output(
        &mut self,
        graph: GraphId,
        outputs: &[GraphTensor],
    ) -> TfResult<()> {
        chain_ops_without_resource(self.graph_mut(graph)?);
        if outputs.is_empty() {
            return Ok(());
        }
        let must_run = ops_which_must_run(self.graph(graph)?);
        if must_run.is_empty() {
            return Ok(());
        }
        let stack = self.call_stack().to_vec();
        let graph = self.graph_mut(graph)?;
        let no_op = graph.create_op(
            crate::op_defs::NoOp::kind(),
            OpName::Unique("NoOp"),
            Vec::new(),
            &stack,
        )?;
        for op in must_run {
            graph.add_control_input(no_op, op);
        }
        for output in outputs {
            graph.add_control_input(output.operation, no_op);
        }
        Ok(())
    }
}
