//! The executor's own ops: function arguments and results, the partitioner's sends and
//! receives, and eager constants.

use super::OpDef;
use placer::kernels::{GpuKernel, KernelDef, Kernels, TypeConstraint};
use report::OpClass;

pub(super) const OPS: &[OpDef] = &[
    // `_Arg`/`_Retval` with T=DT_STRING have no XLA kernel (§7, last row).
    OpDef::compute("_Arg").kernels(Kernels::EVERYWHERE.with_gpu(GpuKernel::ANY)),
    OpDef::compute("_Retval").kernels(Kernels::EVERYWHERE.with_gpu(GpuKernel::ANY)),
    OpDef::compute("_Send")
        .kernels(Kernels::XLA_DEVICE)
        .class(OpClass::Free),
    OpDef::compute("_Recv")
        .kernels(Kernels::XLA_DEVICE)
        .class(OpClass::Free),
    // Not in §7: eager `tf.constant` on a device other than CPU:0 runs `_EagerConst`
    // (inferred from cases b02/b04, whose errors carry no `[Op:...]` suffix). Its TPU kernel
    // is assumed, since constants are created on TPUs all the time.
    OpDef::compute("_EagerConst")
        .kernels(Kernels::CPU_GPU.and(&[KernelDef::new("TPU", TypeConstraint::NotString)])),
];
