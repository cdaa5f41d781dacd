//! Functional control flow as TensorFlow 2 builds it inside a `tf.function`: `tf.cond`
//! becomes one `If`/`StatelessIf` op whose branches are functions of their own, and
//! `tf.while_loop` one `While`/`StatelessWhile` op with a `cond` and a `body` function.
//! The binding traces each branch or body with [`Context::begin_branch`] and
//! [`Context::end_trace`]; what a branch captures of the enclosing graph (tensors, variable
//! handles) becomes the control op's inputs. The function executor runs them
//! (`function_body.rs`).

use crate::api::{Handle, Operand};
use crate::context::Context;
use crate::eager::EagerTensor;
use crate::error::{TfError, TfResult};
use crate::function::{ConcreteFunction, ConcreteFunctionId};
use crate::graph::GraphTensor;
use crate::op::{OpKind, ValueType};
use tensor::TensorShape;

impl Context {
    /// `tf.cond(pred, true_fn, false_fn)` in a function graph, from its traced branches:
    /// the `If` op's outputs. The branches must return as many tensors of the same dtypes;
    /// each output's shape is what both branches' shapes have in common.
    pub fn build_if(
        &mut self,
        condition: Operand,
        then_branch: ConcreteFunctionId,
        else_branch: ConcreteFunctionId,
        name: Option<&str>,
    ) -> TfResult<Vec<Handle>> {
        let then_function = self.concrete_function(then_branch)?.clone();
        let else_function = self.concrete_function(else_branch)?.clone();
        let then_facts = output_facts(&then_function)?;
        let else_facts = output_facts(&else_function)?;
        if then_facts.len() != else_facts.len()
            || then_facts
                .iter()
                .zip(&else_facts)
                .any(|((a, _), (b, _))| a != b)
        {
            return Err(TfError::type_error(
                "true_fn and false_fn arguments to tf.cond must have the same number, type, and overall structure of return values.",
            ));
        }
        let outputs = then_facts
            .iter()
            .zip(&else_facts)
            .map(|((value_type, a), (_, b))| (*value_type, a.most_specific_compatible_shape(b)))
            .collect();
        let mut inputs = vec![(condition, "cond", false)];
        let then_inputs = captured_inputs(&then_function);
        let then_count = then_inputs.len();
        inputs.extend(then_inputs);
        inputs.extend(captured_inputs(&else_function));
        let kind = OpKind::new(crate::op_defs::If {
            stateful: is_stateful(&then_function) || is_stateful(&else_function),
            then_branch,
            else_branch,
            then_inputs: then_count,
            outputs,
        });
        self.array_op_outputs(kind, "cond", name, inputs)
    }

    /// `tf.while_loop(cond, body, loop_vars)` in a function graph, from its traced `cond`
    /// and `body` (both traced with the loop variables as parameters): the `While` op's
    /// outputs, the final loop variables.
    pub fn build_while(
        &mut self,
        loop_vars: Vec<Operand>,
        cond: ConcreteFunctionId,
        body: ConcreteFunctionId,
        name: Option<&str>,
    ) -> TfResult<Vec<Handle>> {
        let cond_function = self.concrete_function(cond)?.clone();
        let body_function = self.concrete_function(body)?.clone();
        let count = loop_vars.len();
        let mut facts = Vec::with_capacity(count);
        for argument in body_function.arguments.iter().take(count) {
            let fact = body_function
                .graph
                .tensor_fact(GraphTensor {
                    graph: body_function.graph.id,
                    operation: *argument,
                    output: 0,
                })
                .ok_or_else(|| TfError::internal("a loop variable has no type"))?;
            facts.push((fact.value_type, fact.shape.clone()));
        }
        let body_facts = output_facts(&body_function)?;
        if body_facts.len() != count || body_facts.iter().zip(&facts).any(|((a, _), (b, _))| a != b)
        {
            return Err(TfError::type_error(
                "The body of tf.while_loop must return its loop variables with the same dtypes.",
            ));
        }
        let mut inputs: Vec<(Operand, &'static str, bool)> = loop_vars
            .into_iter()
            .map(|operand| (operand, "input", false))
            .collect();
        let cond_inputs = captured_inputs(&cond_function);
        let cond_count = cond_inputs.len();
        inputs.extend(cond_inputs);
        inputs.extend(captured_inputs(&body_function));
        let kind = OpKind::new(crate::op_defs::While {
            stateful: is_stateful(&cond_function) || is_stateful(&body_function),
            cond,
            body,
            cond_inputs: cond_count,
            loop_vars: facts,
        });
        self.array_op_outputs(kind, "while", name, inputs)
    }
}

/// The types and static shapes of a traced function's outputs.
fn output_facts(function: &ConcreteFunction) -> TfResult<Vec<(ValueType, TensorShape)>> {
    function
        .outputs
        .iter()
        .map(|output| {
            function
                .graph
                .tensor_fact(*output)
                .map(|fact| (fact.value_type, fact.shape.clone()))
                .ok_or_else(|| TfError::internal("a branch output has no type"))
        })
        .collect()
}

/// What a branch or body captured, as inputs of its control op in the enclosing graph:
/// its eager captures (variable handles, large tensors), then its captures of the
/// enclosing graph's tensors, in its arguments' order.
fn captured_inputs(function: &ConcreteFunction) -> Vec<(Operand, &'static str, bool)> {
    let eager = function.captures.iter().map(|tensor: &EagerTensor| {
        (
            Operand::Handle(Handle::Eager(tensor.clone())),
            "input",
            false,
        )
    });
    let outer = function
        .outer_captures
        .iter()
        .map(|tensor| (Operand::Handle(Handle::Symbolic(*tensor)), "input", false));
    eager.chain(outer).collect()
}

/// Whether a function has a stateful op (TensorFlow then builds `If`, not `StatelessIf`).
fn is_stateful(function: &ConcreteFunction) -> bool {
    function
        .graph
        .operations()
        .iter()
        .any(|operation| operation.kind.op().def().stateful)
}
