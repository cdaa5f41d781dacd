//! `_tf_init_scope`: what `tf.init_scope()` (written in Python,
//! `crates/pylib/python/_tensorflow/ops.py`) needs from the engine: leaving every
//! `tf.function` being traced for the outermost context (eager, or a `tf.compat.v1`
//! graph), where variables and their initial values are made, and returning afterwards.

use lang::host::{native_function_closure, new_module};
use lang::value::Value;

use crate::St;
use runtime::graph::{GraphId, GraphKind};

/// The module's name: private, imported by `_tensorflow.ops`.
pub const MODULE: &str = "_tf_init_scope";

/// `lift()` leaves the traced functions and returns what `restore(token)` re-enters.
pub fn build(st: &St) -> Vec<(String, Value)> {
    let module = new_module(MODULE);
    let state = st.clone();
    module.set(
        "lift",
        native_function_closure("lift", move |vm, _args| {
            let popped = state.tf(vm, |ctx| {
                let mut popped = Vec::new();
                while let Some(graph) = ctx.default_graph() {
                    if !matches!(ctx.graph(graph)?.kind, GraphKind::Function { .. }) {
                        break;
                    }
                    ctx.pop_default_graph();
                    popped.push(graph);
                }
                Ok(popped)
            })?;
            Ok(Value::list(
                popped
                    .into_iter()
                    .map(|graph| Value::Int(i64::from(graph.0)))
                    .collect(),
            ))
        }),
    );
    let state = st.clone();
    module.set(
        "restore",
        native_function_closure("restore", move |vm, args| {
            let token = vm.iterate(args.get(0).unwrap_or(&Value::None))?;
            let mut graphs = Vec::with_capacity(token.len());
            for graph in &token {
                let id = graph
                    .as_i64()
                    .and_then(|id| u32::try_from(id).ok())
                    .ok_or_else(|| vm.type_error("restore() takes what lift() returned"))?;
                graphs.push(GraphId(id));
            }
            state.tf(vm, |ctx| {
                for graph in graphs.into_iter().rev() {
                    ctx.graph(graph)?;
                    ctx.push_default_graph(graph);
                }
                Ok(())
            })?;
            Ok(Value::None)
        }),
    );
    vec![(MODULE.to_string(), Value::Module(module))]
}
