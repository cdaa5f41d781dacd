//! TensorFlow's program-wide unique-id counter (`ops.uid()`, `TFE_Py_UID` in
//! `pywrap_tfe_src.cc`), whose value at the end of a trace names the traced function:
//! `__inference_f_16` in every `[Op:__inference_f_16]` an error from a `tf.function` ends
//! with, and in `ConcreteFunction.name`.
//!
//! One counter serves the whole program, and every one of these takes the next value
//! (TensorFlow 2.21, `framework/ops.py`, `eager/polymorphic_function/concrete_function.py`,
//! `ops/resource_variable_ops.py`; counted against the oracle with `ops.uid` instrumented):
//! - each eager tensor made: an eager op's every output, `tf.constant`, a Python number
//!   converted for an eager op, a function call's every result (`EagerTensor`'s `_id`);
//! - each output of each op added to a graph (`SymbolicTensor.__new__`), a `FuncGraph`'s
//!   placeholders, captures, body and `Identity` outputs included; an op whose shape
//!   function fails makes none;
//! - each graph (`Graph.__init__`'s `graph_key`): `tf.Graph()`, a trace's `FuncGraph`, and
//!   the global default graph, made the first time anything asks for the default graph
//!   (the first trace or variable; eager ops never do);
//! - each traced function's name (`_inference_name`), taken after its body;
//! - each eager variable's shared name (`_init_from_args`'s `unique_id`).
//!
//! So `x * 2 + 1` traced first in a program on an argument made by `tf.constant` is
//! `__inference_f_9`: the constant (0), the global graph (1), the `FuncGraph` (2), `x`,
//! `mul/y`, `mul`, `add/y`, `add`, `Identity` (3–8), the name (9).
//!
//! Graph outputs are counted by each [`Graph`](crate::graph::Graph) as it grows;
//! everything else by [`UidCounter`]; the counter's value is their sum.

use crate::context::Context;

/// The uids taken outside graphs (eager tensors, graphs, names, variables), and whether
/// the global default graph exists yet.
#[derive(Clone, Debug, Default)]
pub struct UidCounter {
    taken: u64,
    global_graph_created: bool,
}

impl Context {
    /// Notes `count` uids taken (eager tensors made, a graph created).
    pub fn take_uids(&mut self, count: usize) {
        self.uids.taken += count as u64;
    }

    /// Takes the next uid and returns it (a traced function's name).
    pub fn next_uid(&mut self) -> u64 {
        let graph_tensors: u64 = self.graphs().iter().map(|graph| graph.tensors_made()).sum();
        let uid = self.uids.taken + graph_tensors;
        self.uids.taken += 1;
        uid
    }

    /// Something asked for the default graph: the first time, TensorFlow creates its
    /// global default graph, which takes a uid.
    pub fn touch_global_default_graph(&mut self) {
        if !self.uids.global_graph_created {
            self.uids.global_graph_created = true;
            self.take_uids(1);
        }
    }
}
