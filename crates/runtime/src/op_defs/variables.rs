//! Variables: resource handles and their reads and writes, TF1 reference variables, and
//! the optimizers' fused updates.

use super::{ControlDeps, Op, OpDef};
use crate::context::Context;
use crate::error::{ExceptionClass, TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{
    uninitialized_ref_message, uninitialized_variable_message, InputFact, KernelFailure, OpKind,
    OutputFact, ResourceId, Value, ValueType,
};
use crate::op_defs::op::{CompileTimeValue, KernelEnv, VariableLog};
use placer::kernels::{GpuKernel, Kernels};
use report::OpClass;
use tensor::ops::{self, BinaryOp};
use tensor::{DType, Tensor, TensorShape};

/// A resource-variable op (stateful, as its `REGISTER_OP` marks it).
const fn resource(name: &'static str) -> OpDef {
    OpDef::compute(name).stateful()
}

pub(super) const OPS: &[OpDef] = &[
    // The handle lives in host memory on GPU (§7 notes).
    resource("VarHandleOp")
        .kernels(Kernels::XLA_DEVICE.with_gpu(GpuKernel::ANY.host_memory(&["resource"])))
        .class(OpClass::Free)
        .control(ControlDeps::OrderInsensitive),
    resource("ReadVariableOp")
        .class(OpClass::Free)
        .control(ControlDeps::ResourceRead),
    resource("AssignVariableOp").class(OpClass::Assign),
    resource("AssignAddVariableOp").class(OpClass::Assign),
    resource("AssignSubVariableOp").class(OpClass::Assign),
    resource("VarIsInitializedOp").control(ControlDeps::ResourceRead),
    OpDef::compute("DestroyResourceOp").kernels(Kernels::XLA_DEVICE),
    OpDef::compute("VariableV2")
        .kernels(Kernels::CPU_GPU)
        .class(OpClass::Free),
    OpDef::compute("Assign")
        .kernels(Kernels::CPU_GPU)
        .class(OpClass::Assign),
    OpDef::compute("AssignAdd")
        .kernels(Kernels::CPU_GPU)
        .class(OpClass::Assign),
    OpDef::compute("AssignSub")
        .kernels(Kernels::CPU_GPU)
        .class(OpClass::Assign),
    OpDef::compute("ResourceApplyGradientDescent"),
    OpDef::compute("ResourceApplyAdam"),
    OpDef::compute("ResourceApplyMomentum"),
];

/// How an assignment combines the new value with the variable's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Update {
    /// `assign`: the value replaces it.
    Set,
    /// `assign_add`.
    Add,
    /// `assign_sub`.
    Sub,
}

impl Update {
    fn binary(self) -> Option<BinaryOp> {
        match self {
            Update::Set => None,
            Update::Add => Some(BinaryOp::Add),
            Update::Sub => Some(BinaryOp::Sub),
        }
    }
}

/// `VarHandleOp`: the handle of a resource variable.
#[derive(Clone, Debug, PartialEq)]
pub struct VarHandleOp {
    /// The variable's dtype.
    pub dtype: DType,
    /// The variable's shape.
    pub shape: TensorShape,
    /// The resource name the handle refers to (graph mode: the op name).
    pub shared_name: String,
}

/// `ReadVariableOp`: the variable's value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReadVariableOp {
    /// The variable's dtype.
    pub dtype: DType,
}

/// `AssignVariableOp`, `AssignAddVariableOp` and `AssignSubVariableOp`: handle, value; no
/// output.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AssignVariable(pub Update);

/// `VarIsInitializedOp`: whether the variable holds a value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VarIsInitializedOp;

/// `VariableV2`: a TF1 reference variable (its output is a `float32_ref`).
#[derive(Clone, Debug, PartialEq)]
pub struct VariableV2 {
    /// The variable's dtype.
    pub dtype: DType,
    /// The variable's shape.
    pub shape: TensorShape,
    /// The variable's name (its state's key).
    pub shared_name: String,
}

/// `Assign`, `AssignAdd` and `AssignSub` on a reference: input 0 is the reference, input 1
/// the value; the output is the reference.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RefAssign(pub Update);

impl VarHandleOp {
    /// Wraps the op for `OpKind`.
    pub fn kind(dtype: DType, shape: TensorShape, shared_name: String) -> OpKind {
        OpKind::new(VarHandleOp {
            dtype,
            shape,
            shared_name,
        })
    }
}

impl ReadVariableOp {
    /// Wraps the op for `OpKind`.
    pub fn kind(dtype: DType) -> OpKind {
        OpKind::new(ReadVariableOp { dtype })
    }
}

impl AssignVariable {
    /// Wraps the op for `OpKind`.
    pub fn kind(update: Update) -> OpKind {
        OpKind::new(AssignVariable(update))
    }
}

impl VarIsInitializedOp {
    /// Wraps the op for `OpKind`.
    pub fn kind() -> OpKind {
        OpKind::new(VarIsInitializedOp)
    }
}

impl VariableV2 {
    /// Wraps the op for `OpKind`.
    pub fn kind(dtype: DType, shape: TensorShape, shared_name: String) -> OpKind {
        OpKind::new(VariableV2 {
            dtype,
            shape,
            shared_name,
        })
    }
}

impl RefAssign {
    /// Wraps the op for `OpKind`.
    pub fn kind(update: Update) -> OpKind {
        OpKind::new(RefAssign(update))
    }
}

/// The variable a resource op's input 0 holds.
fn handle(inputs: &[Value], op: &str) -> Result<ResourceId, KernelFailure> {
    match inputs.first() {
        Some(Value::Resource(id)) => Ok(*id),
        _ => Err(KernelFailure::Status(TfError::internal(format!(
            "{op} expects a resource handle as input #0"
        )))),
    }
}

/// A scalar output of `dtype`.
fn scalar(value_type: ValueType) -> Vec<OutputFact> {
    vec![OutputFact {
        value_type,
        shape: TensorShape::new(Vec::new()),
    }]
}

/// The dtype of input 1 (the value an assignment writes).
fn value_type_attr(inputs: &[ValueType]) -> Option<DType> {
    match inputs.get(1) {
        Some(ValueType::Dense(dtype) | ValueType::Ref(dtype)) => Some(*dtype),
        _ => None,
    }
}

/// The slot's value updated by `update` with `value`, or `missing` when it has none to
/// update. Adding to or subtracting from a value not computed (or with one) gives a value
/// not computed either (values on demand).
fn updated(
    update: Update,
    current: Option<&Value>,
    value: Value,
    missing: impl FnOnce() -> TfError,
) -> Result<Value, KernelFailure> {
    let (binary, current) = match (update.binary(), current) {
        (None, _) => return Ok(value),
        (Some(binary), Some(current)) => (binary, current),
        (Some(_), None) => return Err(KernelFailure::Status(missing())),
    };
    match (current, &value) {
        (Value::Dense(current), Value::Dense(delta)) => {
            Ok(Value::Dense(ops::binary(binary, current, delta)?))
        }
        (Value::Uncomputed(uncomputed), _) | (_, Value::Uncomputed(uncomputed)) => {
            let shape = current
                .shape()
                .cloned()
                .unwrap_or_else(|| uncomputed.shape.clone());
            Ok(Value::Uncomputed(crate::op::Uncomputed {
                shape,
                ..uncomputed.clone()
            }))
        }
        _ => Err(KernelFailure::Status(TfError::internal(
            "a variable holds a handle",
        ))),
    }
}

/// Input `index` as a tensor's value, computed or not.
fn value_at(inputs: &[Value], index: usize, op: &str) -> Result<Value, KernelFailure> {
    match inputs.get(index) {
        Some(value @ (Value::Dense(_) | Value::Uncomputed(_))) => Ok(value.clone()),
        _ => Err(KernelFailure::Status(TfError::internal(format!(
            "{op} expects a tensor as input #{index}"
        )))),
    }
}

impl Op for VarHandleOp {
    fn def(&self) -> &'static OpDef {
        super::family_def("VarHandleOp")
    }

    fn variable_log(&self) -> Option<VariableLog> {
        Some(VariableLog::Handle)
    }

    fn type_attr(&self, _inputs: &[ValueType]) -> Option<DType> {
        Some(self.dtype)
    }

    fn infer(&self, _inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(scalar(ValueType::Resource))
    }

    /// The handle of the variable named `shared_name`, created uninitialised on first use.
    fn run(&self, _inputs: &[Value], env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        Ok(vec![Value::Resource(
            env.resources
                .lookup_or_create(&self.shared_name, self.dtype),
        )])
    }

    fn compile_time_value(&self) -> CompileTimeValue {
        CompileTimeValue::Argument
    }
}

impl Op for ReadVariableOp {
    fn def(&self) -> &'static OpDef {
        super::family_def("ReadVariableOp")
    }

    fn variable_log(&self) -> Option<VariableLog> {
        Some(VariableLog::Read)
    }

    fn type_attr(&self, _inputs: &[ValueType]) -> Option<DType> {
        Some(self.dtype)
    }

    fn infer(&self, _inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(self.dtype),
            shape: TensorShape::unknown(),
        }])
    }

    /// The value, or TensorFlow's error for a variable read before it was assigned.
    fn run(&self, inputs: &[Value], env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        let slot = env.resources.slot_mut(handle(inputs, "ReadVariableOp")?)?;
        match &slot.value {
            Some(value) => Ok(vec![value.clone()]),
            None => Err(KernelFailure::Status(TfError::new(
                ExceptionClass::FailedPrecondition,
                uninitialized_variable_message(&slot.name),
            ))),
        }
    }

    fn uses_resource(&self) -> bool {
        true
    }

    /// `_ReadGrad`: the gradient flows to the variable.
    fn gradient(
        &self,
        _inputs: &[&Tensor],
        _outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        Ok(vec![grads.first().cloned().flatten()])
    }

    fn graph_gradient(
        &self,
        _ctx: &mut Context,
        _inputs: &[GraphTensor],
        _y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        Ok(vec![Some(grad)])
    }

    fn compile_time_value(&self) -> CompileTimeValue {
        CompileTimeValue::Argument
    }
}

impl Op for AssignVariable {
    fn def(&self) -> &'static OpDef {
        super::family_def(match self.0 {
            Update::Set => "AssignVariableOp",
            Update::Add => "AssignAddVariableOp",
            Update::Sub => "AssignSubVariableOp",
        })
    }

    fn output_count(&self) -> usize {
        0
    }

    fn variable_log(&self) -> Option<VariableLog> {
        Some(VariableLog::Write)
    }

    fn type_attr(&self, inputs: &[ValueType]) -> Option<DType> {
        value_type_attr(inputs)
    }

    fn infer(&self, _inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(Vec::new())
    }

    /// Writes the value; adding to or subtracting from an unassigned variable fails as
    /// reading it does.
    fn run(&self, inputs: &[Value], env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        let name = self.def().name;
        let value = value_at(inputs, 1, name)?;
        let slot = env.resources.slot_mut(handle(inputs, name)?)?;
        let slot_name = slot.name.clone();
        slot.value = Some(updated(self.0, slot.value.as_ref(), value, || {
            TfError::new(
                ExceptionClass::FailedPrecondition,
                uninitialized_variable_message(&slot_name),
            )
        })?);
        Ok(Vec::new())
    }

    fn uses_resource(&self) -> bool {
        true
    }

    /// A value not computed is stored as it is.
    fn accepts_uncomputed(&self) -> bool {
        true
    }
}

impl Op for VarIsInitializedOp {
    fn def(&self) -> &'static OpDef {
        super::family_def("VarIsInitializedOp")
    }

    fn type_attr(&self, _inputs: &[ValueType]) -> Option<DType> {
        None
    }

    fn infer(&self, _inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(scalar(ValueType::Dense(DType::Bool)))
    }

    fn run(&self, inputs: &[Value], env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        let initialized = env
            .resources
            .slot(handle(inputs, "VarIsInitializedOp")?)
            .is_some_and(|slot| slot.value.is_some());
        Ok(vec![Value::Dense(Tensor::scalar(initialized))])
    }

    fn uses_resource(&self) -> bool {
        true
    }
}

impl Op for VariableV2 {
    fn def(&self) -> &'static OpDef {
        super::family_def("VariableV2")
    }

    fn type_attr(&self, _inputs: &[ValueType]) -> Option<DType> {
        Some(self.dtype)
    }

    fn infer(&self, _inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        Ok(vec![OutputFact {
            value_type: ValueType::Ref(self.dtype),
            shape: self.shape.clone(),
        }])
    }

    /// A reference to the variable's state (per `Session`).
    fn run(&self, _inputs: &[Value], env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        Ok(vec![Value::Ref(
            env.resources
                .lookup_or_create(&self.shared_name, self.dtype),
            self.dtype,
        )])
    }

    fn takes_references(&self) -> bool {
        true
    }
}

impl Op for RefAssign {
    fn def(&self) -> &'static OpDef {
        super::family_def(match self.0 {
            Update::Set => "Assign",
            Update::Add => "AssignAdd",
            Update::Sub => "AssignSub",
        })
    }

    /// The reference it writes, as its input 0 is.
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let first = inputs.first();
        Ok(vec![OutputFact {
            value_type: first.map_or(ValueType::Resource, |fact| fact.value_type),
            shape: first.map_or_else(TensorShape::unknown, |fact| fact.shape.clone()),
        }])
    }

    /// Writes the value behind the reference and outputs the reference; adding to an
    /// uninitialised one is TensorFlow's uninitialised-value error.
    fn run(&self, inputs: &[Value], env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        let Some(Value::Ref(id, dtype)) = inputs.first() else {
            return Err(KernelFailure::Status(TfError::internal(
                "Assign expects a reference as input #0",
            )));
        };
        let value = crate::op::deref(
            inputs
                .get(1)
                .unwrap_or(&Value::Dense(Tensor::scalar(0.0f32))),
            env.resources,
        )?;
        let value = value_at(std::slice::from_ref(&value), 0, self.def().name)?;
        let slot = env.resources.slot_mut(*id)?;
        let slot_name = slot.name.clone();
        slot.value = Some(updated(self.0, slot.value.as_ref(), value, || {
            TfError::new(
                ExceptionClass::FailedPrecondition,
                uninitialized_ref_message(&slot_name),
            )
        })?);
        Ok(vec![Value::Ref(*id, *dtype)])
    }

    fn takes_references(&self) -> bool {
        true
    }

    /// A value not computed is stored as it is.
    fn accepts_uncomputed(&self) -> bool {
        true
    }
}
