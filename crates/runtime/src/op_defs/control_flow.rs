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
