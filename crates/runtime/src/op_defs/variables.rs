//! Variables: resource handles and their reads and writes, TF1 reference variables, and
//! the optimizers' fused updates.

use super::OpDef;
use placer::kernels::{GpuKernel, Kernels};
use report::OpClass;

/// A resource-variable op (stateful, as its `REGISTER_OP` marks it).
const fn resource(name: &'static str) -> OpDef {
    OpDef::compute(name).stateful()
}

pub(super) const OPS: &[OpDef] = &[
    // The handle lives in host memory on GPU (§7 notes).
    resource("VarHandleOp")
        .kernels(Kernels::XLA_DEVICE.with_gpu(GpuKernel::ANY.host_memory(&["resource"])))
        .class(OpClass::Free),
    resource("ReadVariableOp").class(OpClass::Free),
    resource("AssignVariableOp").class(OpClass::Assign),
    resource("AssignAddVariableOp").class(OpClass::Assign),
    resource("AssignSubVariableOp").class(OpClass::Assign),
    resource("VarIsInitializedOp"),
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
