//! Control flow: placeholders, TF1 `cond` (`Switch`/`Merge`), the functional `If`/`While`
//! and function calls, and `NoOp`.

use super::support::dense_type;
use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{InputFact, KernelFailure, OpKind, OutputFact, Value, ValueType};
use crate::op_defs::op::{CompileTimeValue, KernelEnv};
use placer::kernels::{GpuKernel, Kernels};
use report::OpClass;
use tensor::{DType, TensorShape};

/// Functional control flow and calls: exempt from resource colocation (§7c).
const EXEMPT: Kernels = Kernels::EVERYWHERE.colocation_exempt();

pub(super) const OPS: &[OpDef] = &[
    OpDef::compute("NoOp").class(OpClass::Free),
    OpDef::compute("Placeholder")
        .kernels(Kernels::CPU_GPU)
        .class(OpClass::Free),
    OpDef::compute("Switch").kernels(Kernels::CPU_GPU),
    OpDef::compute("Merge").kernels(Kernels::CPU_GPU),
    // `If`'s condition lives in host memory on GPU (§7 notes).
    OpDef::compute("If").kernels(EXEMPT.with_gpu(GpuKernel::NUMERIC.host_memory(&["cond"]))),
    OpDef::compute("StatelessIf").kernels(EXEMPT),
    OpDef::compute("While").kernels(EXEMPT),
    OpDef::compute("StatelessWhile").kernels(EXEMPT),
    // Calls are placed on every present device type (§2.2), not by kernels.
    OpDef::compute("PartitionedCall").kernels(Kernels::only(&[]).colocation_exempt()),
    OpDef::compute("StatefulPartitionedCall").kernels(Kernels::only(&[]).colocation_exempt()),
];

/// `NoOp`: nothing; `global_variables_initializer` and a function's automatic control
/// outputs are `NoOp`s with control inputs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NoOp;

/// `Switch(data, pred)` of a TF1 `tf.cond`: `data` on output 1 when `pred` holds, on
/// output 0 otherwise; the other output is dead. The session's executor runs it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Switch;

/// `Merge` of a TF1 `tf.cond`: its live input on output 0, that input's index on output
/// 1. The session's executor runs it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Merge;

impl NoOp {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(NoOp)
    }
}

impl Switch {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(Switch)
    }
}

impl Merge {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(Merge)
    }
}

/// The session's executor runs `Switch` and `Merge` itself, with dead inputs.
fn executor_only() -> KernelFailure {
    KernelFailure::Status(TfError::internal(
        "Switch and Merge run in the session's executor",
    ))
}

impl Op for NoOp {
    fn def(&self) -> &'static OpDef {
        super::family_def("NoOp")
    }

    fn output_count(&self) -> usize {
        0
    }

    fn type_attr(&self, _inputs: &[ValueType]) -> Option<DType> {
        None
    }

    fn infer(&self, _inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(Vec::new())
    }

    fn run(
        &self,
        _inputs: &[Value],
        _env: &mut KernelEnv<'_>,
    ) -> Result<Vec<Value>, KernelFailure> {
        Ok(Vec::new())
    }
}

impl Op for Switch {
    fn def(&self) -> &'static OpDef {
        super::family_def("Switch")
    }

    fn output_count(&self) -> usize {
        2
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let fact = OutputFact {
            value_type: ValueType::Dense(dense_type(inputs, 0, "Switch")?),
            shape: inputs
                .first()
                .map_or_else(TensorShape::unknown, |fact| fact.shape.clone()),
        };
        Ok(vec![fact.clone(), fact])
    }

    fn run(
        &self,
        _inputs: &[Value],
        _env: &mut KernelEnv<'_>,
    ) -> Result<Vec<Value>, KernelFailure> {
        Err(executor_only())
    }

    fn compile_time_value(&self) -> CompileTimeValue {
        CompileTimeValue::Unknown
    }
}

impl Op for Merge {
    fn def(&self) -> &'static OpDef {
        super::family_def("Merge")
    }

    fn output_count(&self) -> usize {
        2
    }

    /// The inputs' shape when they agree; the index is an int32 scalar.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let shape = |index: usize| {
            inputs
                .get(index)
                .map_or_else(TensorShape::unknown, |fact| fact.shape.clone())
        };
        let merged = if shape(0) == shape(1) {
            shape(0)
        } else {
            TensorShape::unknown()
        };
        Ok(vec![
            OutputFact {
                value_type: ValueType::Dense(dense_type(inputs, 0, "Merge")?),
                shape: merged,
            },
            OutputFact {
                value_type: ValueType::Dense(DType::Int32),
                shape: TensorShape::new(Vec::new()),
            },
        ])
    }

    fn run(
        &self,
        _inputs: &[Value],
        _env: &mut KernelEnv<'_>,
    ) -> Result<Vec<Value>, KernelFailure> {
        Err(executor_only())
    }

    fn compile_time_value(&self) -> CompileTimeValue {
        CompileTimeValue::Unknown
    }
}

/// `If`/`StatelessIf` of TF2's `tf.cond` inside a `tf.function`: input 0 is the condition,
/// then the inputs of the `then` branch function, then the `else` branch's; it runs one
/// branch function and outputs its results. The function executor runs it
/// (`runtime/functional.rs`); its branches are traced functions of the context.
#[derive(Clone, Debug, PartialEq)]
pub struct If {
    /// `If` when a branch has a stateful op, else `StatelessIf`.
    pub stateful: bool,
    pub then_branch: crate::function::ConcreteFunctionId,
    pub else_branch: crate::function::ConcreteFunctionId,
    /// How many inputs after the condition belong to the `then` branch.
    pub then_inputs: usize,
    pub outputs: Vec<(ValueType, TensorShape)>,
}

/// `While`/`StatelessWhile` of TF2's `tf.while_loop` inside a `tf.function`: the loop
/// variables, then the inputs the `cond` function captures, then the `body`'s; it runs
/// `body` while `cond` holds and outputs the final loop variables. The function executor
/// runs it (`runtime/functional.rs`).
#[derive(Clone, Debug, PartialEq)]
pub struct While {
    /// `While` when the body has a stateful op, else `StatelessWhile`.
    pub stateful: bool,
    pub cond: crate::function::ConcreteFunctionId,
    pub body: crate::function::ConcreteFunctionId,
    /// How many inputs after the loop variables belong to `cond`.
    pub cond_inputs: usize,
    /// The loop variables' types and shapes (the outputs).
    pub loop_vars: Vec<(ValueType, TensorShape)>,
}

/// The outputs of a functional control op, as its functions declared them.
fn output_facts(outputs: &[(ValueType, TensorShape)]) -> Vec<OutputFact> {
    outputs
        .iter()
        .map(|(value_type, shape)| OutputFact {
            value_type: *value_type,
            shape: shape.clone(),
        })
        .collect()
}

/// The function executor runs functional control flow itself.
fn function_executor_only(op: &str) -> KernelFailure {
    KernelFailure::Status(TfError::internal(format!(
        "{op} runs in the function executor"
    )))
}

impl Op for If {
    fn def(&self) -> &'static OpDef {
        super::family_def(if self.stateful { "If" } else { "StatelessIf" })
    }

    fn output_count(&self) -> usize {
        self.outputs.len()
    }

    fn type_attr(&self, _inputs: &[ValueType]) -> Option<DType> {
        None
    }

    fn infer(&self, _inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(output_facts(&self.outputs))
    }

    fn run(
        &self,
        _inputs: &[Value],
        _env: &mut KernelEnv<'_>,
    ) -> Result<Vec<Value>, KernelFailure> {
        Err(function_executor_only("If"))
    }

    fn default_name(&self) -> Option<&'static str> {
        Some("cond")
    }
}

impl Op for While {
    fn def(&self) -> &'static OpDef {
        super::family_def(if self.stateful {
            "While"
        } else {
            "StatelessWhile"
        })
    }

    fn output_count(&self) -> usize {
        self.loop_vars.len()
    }

    fn type_attr(&self, _inputs: &[ValueType]) -> Option<DType> {
        None
    }

    fn infer(&self, _inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(output_facts(&self.loop_vars))
    }

    fn run(
        &self,
        _inputs: &[Value],
        _env: &mut KernelEnv<'_>,
    ) -> Result<Vec<Value>, KernelFailure> {
        Err(function_executor_only("While"))
    }

    fn default_name(&self) -> Option<&'static str> {
        Some("while")
    }
}
