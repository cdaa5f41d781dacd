//! XLA's compile-time constants (`tensorflow/compiler/tf2xla/xla_op_kernel.cc`, tf-semantics
//! §4.3): an input that is a shape or a dimension (`Reshape`'s shape, `Fill`'s dims,
//! `Tile`'s multiples, a random op's shape, axes) must be known when the program compiles.
//!
//! What is known depends on how the program is compiled, as the oracle shows on CPU:
//! - `tf.function(jit_compile=True)`: TensorFlow passes the arguments an op needs as
//!   constants (and variables as constant resources) and compiles once per value, so a shape
//!   from an argument or a variable compiles; one from a stateful op (`tf.random.uniform`)
//!   cannot, and raises `Input 0 to node `zeros` with op Fill must be a compile-time
//!   constant.`
//! - A TPU program (`TPUStrategy.run`) is compiled from its arguments' shapes only, so a
//!   shape from a parameter's or a variable's value is not a constant either.
//!
//! Shapes themselves (`tf.shape` of a traced tensor is a `Const` here) and anything computed
//! from constants alone are known.

use std::ops::Range;

use crate::graph::Graph;
use crate::op::OpKind;
use crate::op_defs::op::CompileTimeValue;
use placer::StackFrame;

/// The explanation XLA appends to every compile-time-constant error.
const EXPLANATION: &str = "XLA compilation requires that operator arguments that represent shapes or dimensions be evaluated to concrete values at compile time. This error means that a shape or dimension argument could not be evaluated at compile time, usually because the value of the argument depends on a parameter to the computation, on a variable, or on a stateful operation such as a random number generator.";

/// Whether a program's parameters and variables are known when it compiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parameters {
    /// `jit_compile=True`: passed as constants, one compilation per value.
    Constant,
    /// A TPU program: only their shapes are known.
    ShapesOnly,
}

/// An op input XLA needed as a constant and could not evaluate.
#[derive(Clone, Debug, PartialEq)]
pub struct NonConstantInput {
    /// The op's index in its graph.
    pub index: usize,
    /// Which input.
    pub input: usize,
    /// The node name (`zeros`, `Reshape`).
    pub node: String,
    /// The op type (`Fill`).
    pub op_type: &'static str,
    /// The user's frames where the op was created, outermost first.
    pub stack: Vec<StackFrame>,
}

impl NonConstantInput {
    /// XLA's message, without the stack of the op's definition.
    pub fn message(&self) -> String {
        format!(
            "Input {} to node `{}` with op {} must be a compile-time constant.\n\n{EXPLANATION}",
            self.input, self.node, self.op_type
        )
    }

    /// The message with `Stack trace for op definition` (the user's frames) and the node,
    /// as a `jit_compile=True` function reports it.
    pub fn message_with_stack(&self) -> String {
        let mut text = self.message();
        text.push_str("\n\nStack trace for op definition: \n");
        for frame in &self.stack {
            text.push_str(&format!(
                "File \"{}\", line {}, in {}\n",
                frame.filename, frame.line, frame.function
            ));
        }
        text.push_str(&format!("\n\t [[{{{{node {}}}}}]]", self.node));
        text
    }
}

/// The inputs of `kind` XLA needs as compile-time constants.
fn constant_inputs(kind: &OpKind, input_count: usize) -> Vec<usize> {
    kind.op().compile_time_constant_inputs(input_count)
}

/// The first op of `program` (op indices of `graph`; ops before it feed it as arguments)
/// with a compile-time-constant input XLA cannot evaluate, in graph order (the order
/// tf2xla compiles nodes in). `host` marks ops that run outside the compiled program
/// (`tf.tpu.outside_compilation`): they are not compiled, and what they compute is not
/// known at compile time.
pub fn first_non_constant_input(
    graph: &Graph,
    program: Range<usize>,
    parameters: Parameters,
    host: &dyn Fn(usize) -> bool,
) -> Option<NonConstantInput> {
    let operations = graph.operations();
    let end = program.end.min(operations.len());
    let start = program.start.min(end);
    let mut known = vec![false; operations.len()];
    let arguments_known = parameters == Parameters::Constant;
    for (index, operation) in operations.iter().enumerate().take(end) {
        known[index] = if index < start || host(index) {
            // Fed to the program from outside: an argument.
            arguments_known || operation.kind.constant_value().is_some()
        } else {
            match operation.kind.compile_time_value() {
                CompileTimeValue::Known => true,
                CompileTimeValue::Argument => arguments_known,
                CompileTimeValue::Unknown => false,
                CompileTimeValue::FromInputs => operation
                    .inputs
                    .iter()
                    .all(|input| known[input.operation.index()]),
            }
        };
        if index < start || host(index) {
            continue;
        }
        for input in constant_inputs(&operation.kind, operation.inputs.len()) {
            let Some(source) = operation.inputs.get(input) else {
                continue;
            };
            if !known[source.operation.index()] {
                return Some(NonConstantInput {
                    index,
                    input,
                    node: operation.name.clone(),
                    op_type: operation.kind.op_type(),
                    stack: operation.stack.to_vec(),
                });
            }
        }
    }
    None
}
