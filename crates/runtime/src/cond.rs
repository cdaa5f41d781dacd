//! TF1 `tf.cond` with a predicate known only at run time (control flow v1, after
//! `disable_v2_behavior()`): the ops `control_flow_ops.cond` builds, in its order.
//!
//! In scope `cond/`: `Switch(pred, pred)`, its outputs through `switch_t` and `switch_f`
//! (the branches' pivots), `pred_id`; then each branch built inside a
//! [`CondBranch`](crate::graph::CondBranch) (outside tensors come in through
//! `{op}/Switch`, input-less ops wait on the pivot); then `Merge` of the two results. The
//! session's executor propagates the untaken side's dead tensors, so only the taken branch
//! runs.

use crate::api::{Handle, Operand};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::{CondBranch, GraphId, GraphKind, GraphTensor, OpName, OperationId};
use crate::op::{OpKind, ValueType};
use tensor::DType;

/// A `tf.cond` under construction.
#[derive(Clone, Debug)]
pub struct CondBuilder {
    graph: GraphId,
    previous_scope: String,
    pred_id: GraphTensor,
    switch_t: OperationId,
    switch_f: OperationId,
}

impl Context {
    /// Starts a TF1 `tf.cond` on `pred` named `name` (`cond`), or `None` when the cond is
    /// not built with `Switch`/`Merge` here (eager, control flow v2, a Python predicate).
    pub fn cond_begin(
        &mut self,
        pred: &Operand,
        name: Option<&str>,
    ) -> TfResult<Option<CondBuilder>> {
        let Some(graph) = self.default_graph() else {
            return Ok(None);
        };
        let Operand::Handle(Handle::Symbolic(pred)) = pred else {
            return Ok(None);
        };
        if !self.control_flow_v1 || pred.graph != graph {
            return Ok(None);
        }
        let g = self.graph(graph)?;
        if g.kind != GraphKind::User {
            return Ok(None);
        }
        match g.tensor_fact(*pred).map(|fact| fact.value_type) {
            Some(ValueType::Dense(DType::Bool)) => {}
            _ => return Ok(None),
        }
        let (previous_scope, _) = self
            .graph_mut(graph)?
            .push_name_scope(name.unwrap_or("cond"));
        let switch = self.cond_op(
            graph,
            crate::op_defs::Switch::kind(),
            "Switch",
            vec![*pred, *pred],
        );
        let built = switch.and_then(|switch| {
            let output = |output| GraphTensor {
                graph,
                operation: switch,
                output,
            };
            let switch_t = self.cond_op(
                graph,
                crate::op_defs::Identity::kind(),
                "switch_t",
                vec![output(1)],
            )?;
            let switch_f = self.cond_op(
                graph,
                crate::op_defs::Identity::kind(),
                "switch_f",
                vec![output(0)],
            )?;
            let pred_id = self.cond_op(
                graph,
                crate::op_defs::Identity::kind(),
                "pred_id",
                vec![*pred],
            )?;
            Ok((switch_t, switch_f, pred_id))
        });
        match built {
            Ok((switch_t, switch_f, pred_id)) => Ok(Some(CondBuilder {
                graph,
                previous_scope,
                pred_id: GraphTensor {
                    graph,
                    operation: pred_id,
                    output: 0,
                },
                switch_t,
                switch_f,
            })),
            Err(error) => {
                self.graph_mut(graph)?.pop_name_scope(previous_scope);
                Err(error)
            }
        }
    }

    /// Opens the true (`taken`) or false branch: ops created until
    /// [`Context::cond_exit_branch`] belong to it.
    pub fn cond_enter_branch(&mut self, builder: &CondBuilder, taken: bool) -> TfResult<()> {
        let pivot = if taken {
            builder.switch_t
        } else {
            builder.switch_f
        };
        let graph = self.graph_mut(builder.graph)?;
        let branch = CondBranch::new(graph, builder.pred_id, pivot, u32::from(taken));
        graph.push_cond_branch(branch);
        Ok(())
    }

    /// The graph tensor a branch returns for `value` (still inside the branch): a tensor
    /// from outside comes in through a `Switch`; a Python value or a variable becomes an
    /// op of the branch.
    pub fn cond_branch_output(&mut self, value: Operand) -> TfResult<GraphTensor> {
        let handle = match value {
            Operand::Handle(Handle::Symbolic(tensor)) => Handle::Symbolic(tensor),
            other => self.identity(other, None)?,
        };
        let Handle::Symbolic(tensor) = handle else {
            return Err(TfError::value_error(
                "tf.cond in a graph needs graph tensors from its branches",
            ));
        };
        let stack = self.call_stack().to_vec();
        let graph = self.graph_mut(tensor.graph)?;
        let scope = graph.name_scope().to_string();
        graph.tensor_in_cond_branch(tensor, &scope, &stack)
    }

    /// Closes the branch opened by [`Context::cond_enter_branch`].
    pub fn cond_exit_branch(&mut self, builder: &CondBuilder) -> TfResult<()> {
        self.graph_mut(builder.graph)?.pop_cond_branch();
        Ok(())
    }

    /// Finishes the cond: `cond/Merge` of the two branch results (false branch first, as
    /// TensorFlow zips them); returns its output 0.
    pub fn cond_finish(
        &mut self,
        builder: CondBuilder,
        then_tensor: GraphTensor,
        else_tensor: GraphTensor,
    ) -> TfResult<Handle> {
        let merge = self.cond_op(
            builder.graph,
            crate::op_defs::Merge::kind(),
            "Merge",
            vec![else_tensor, then_tensor],
        );
        self.graph_mut(builder.graph)?
            .pop_name_scope(builder.previous_scope);
        Ok(Handle::Symbolic(GraphTensor {
            graph: builder.graph,
            operation: merge?,
            output: 0,
        }))
    }

    /// Abandons a cond whose branch raised: restores the name scope.
    pub fn cond_abort(&mut self, builder: CondBuilder) -> TfResult<()> {
        self.graph_mut(builder.graph)?
            .pop_name_scope(builder.previous_scope);
        Ok(())
    }

    fn cond_op(
        &mut self,
        graph: GraphId,
        kind: OpKind,
        name: &str,
        inputs: Vec<GraphTensor>,
    ) -> TfResult<OperationId> {
        let stack = self.call_stack().to_vec();
        let g = self.graph_mut(graph)?;
        let (previous, scope) = g.push_name_scope(name);
        let result = g.create_op(kind, OpName::Exact(&scope), inputs, &stack);
        g.pop_name_scope(previous);
        result
    }
}
