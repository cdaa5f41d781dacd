//! TPU system ops and the all-reduces between replicas (§4.1, §5.2).

use super::OpDef;
use placer::kernels::{KernelDef, Kernels, TypeConstraint};
use report::OpClass;

/// TPU_SYSTEM is used only by the TPU init and shutdown ops (§4.1). The op names are
/// TensorFlow's; §4 does not list them.
const TPU_SYSTEM: Kernels = Kernels::only(&[KernelDef::new("TPU_SYSTEM", TypeConstraint::Any)]);

/// An all-reduce: one op per replica, recorded together.
const fn all_reduce(name: &'static str) -> OpDef {
    OpDef::compute(name).class(OpClass::AllReduce)
}

pub(super) const OPS: &[OpDef] = &[
    OpDef::compute("ConfigureDistributedTPU").kernels(TPU_SYSTEM),
    OpDef::compute("ShutdownDistributedTPU").kernels(TPU_SYSTEM),
    // XLA's all-reduce inside TPU programs, NCCL's between GPUs, the collective op between
    // mirrored CPUs. Not in §7.
    all_reduce("CrossReplicaSum").kernels(Kernels::only(&[
        KernelDef::new("TPU", TypeConstraint::NotString),
        KernelDef::new("XLA_TPU_JIT", TypeConstraint::NotString),
    ])),
    all_reduce("CollectiveReduceV2").kernels(Kernels {
        xla: None,
        ..Kernels::EVERYWHERE
    }),
    all_reduce("NcclAllReduce").kernels(Kernels::only(&[KernelDef::new(
        "GPU",
        TypeConstraint::NotString,
    )])),
];
