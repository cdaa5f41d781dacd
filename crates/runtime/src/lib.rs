//! The TensorFlow runtime between the Python API and the engine's modules.
//!
//! Module map:
//! - [`context`]: [`Context`], the state of one program run (machine, settings, scopes,
//!   graphs, variables, functions, log sink, report recorder).
//! - [`machine`]: the topology's devices, logical CPU splits, physical/logical listings.
//! - [`distribute`]: `tf.distribute` strategies, mirrored variables, replicated runs and
//!   the TPU lifecycle.
//! - [`data`]: `tf.data` datasets as plain Rust (nodes, cardinality, iteration).
//! - [`eager`]: [`EagerTensor`] and eager execution (placement → kernel → record).
//! - [`api`]: the `tf.*` functions, mode-agnostic: eager executes, graph mode builds ops
//!   with TensorFlow's names; [`sort`]: `tf.math.top_k` and the `tf.sort` / `tf.argsort`
//!   composites TensorFlow builds from it; [`boolean_mask`]: `tf.boolean_mask`;
//!   [`truediv`]: `x / y`, `tf.truediv` and `tf.divide` (`truediv/Cast`, `RealDiv`).
//! - [`graph`]: graphs, naming, name/device scopes, colocation, definition stacks.
//! - [`cond`]: TF1 `tf.cond` (`Switch`, `Merge`) on a run-time predicate.
//! - [`node_def`]: `print(op)`, an op's `NodeDef` text.
//! - [`session`]: the TF1 `tf.compat.v1.Session`.
//! - [`variables`]: eager and graph variables, `get_variable` / `variable_scope`.
//! - [`function`]: `tf.function` tracing and calls; [`auto_control_deps`]: the `NoOp`
//!   a trace ends with when its body has stateful ops.
//! - [`compiled_step`]: library steps TensorFlow runs as one compiled call (Keras's train
//!   step), reported as a function call so the simulator charges one launch per step.
//! - [`tape`]: `tf.GradientTape`, reverse-mode autodiff over eager ops.
//! - [`function_log`]: the stdout placer lines of eager single-op functions and of
//!   `tf.function` bodies.
//! - [`shape_operand`]: shape-like arguments, and the `Pack` TensorFlow makes of a list
//!   with tensors in it (`Reshape/shape`); [`shape_value`]: what shape inference knows
//!   of such an argument's value (`constant_value_as_shape`).
//! - [`op`]: op kinds, values, variable state, kernel dispatch, static shape inference;
//!   [`shape_fn`]: the checks of TensorFlow's shape functions (`Dimensions must be equal`),
//!   whose failures [`node_summary`] completes with the node (`for '{{node MatMul}} =
//!   MatMul[...](a, b)' with input shapes: ...`).
//! - [`window_shapes`]: static output shapes of `Conv2D` and the poolings.
//! - [`device_memory`]: a GPU's OOM for eager ops; [`tpu_memory`]: XLA's HBM check of TPU
//!   programs and eager TPU ops.
//! - [`xla_constants`]: XLA's compile-time-constant inputs (shapes, dims) and whether a
//!   program can evaluate them when it compiles.
//! - [`uid`]: TensorFlow's program-wide uid counter, the `N` of `__inference_f_N`.
//! - [`recorder`]: the RunReport's `ops` and `transfers`.
//! - [`error`]: [`TfError`], the one error type (exception class + `str(e)`).
//!
//! **Architecture invariant:** nothing here knows the interpreter. The Python binding
//! converts Python values to [`Tensor`](tensor::Tensor)s and [`api::Operand`]s and
//! calls [`Context`] methods; every failure comes back as a [`TfError`] to raise.
//! Tests replaying the conformance corpus live in `tests.rs`.

pub mod api;
pub mod auto_control_deps;
pub mod boolean_mask;
pub mod compiled_step;
pub mod cond;
pub mod context;
pub mod data;
pub mod device_memory;
pub mod distribute;
pub mod eager;
pub mod error;
pub mod function;
pub mod function_body;
pub mod function_log;
pub mod functional;
pub mod graph;
pub mod lookup_table;
pub mod machine;
pub mod node_def;
pub mod node_summary;
pub mod op;
pub mod op_defs;
pub mod random_seed;
pub mod recorder;
pub mod session;
pub mod shape_fn;
pub mod shape_operand;
pub mod shape_value;
pub mod sort;
pub mod tape;
#[cfg(test)]
mod tests;
pub mod tpu_memory;
pub mod truediv;
pub mod uid;
pub mod variables;
pub mod window_shapes;
pub mod xla_constants;

pub use api::{Handle, Operand};
pub use context::Context;
pub use eager::EagerTensor;
pub use error::{ExceptionClass, TfError, TfResult};
