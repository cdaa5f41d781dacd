//! Control flow: placeholders, TF1 `cond` (`Switch`/`Merge`), the functional `If`/`While`
//! and function calls, and `NoOp`.

use super::OpDef;
use placer::kernels::{GpuKernel, Kernels};
use report::OpClass;

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
