//! Strings, printing and Python callbacks: host-side ops.

use super::OpDef;
use placer::kernels::Kernels;

pub(super) const OPS: &[OpDef] = &[
    OpDef::compute("StringToNumber").kernels(Kernels::CPU),
    OpDef::compute("StringFormat").kernels(Kernels::CPU),
    OpDef::compute("PrintV2").kernels(Kernels::CPU).stateful(),
    OpDef::compute("Assert").kernels(Kernels::CPU).stateful(),
    OpDef::compute("PyFunc").kernels(Kernels::CPU),
    OpDef::compute("EagerPyFunc").kernels(Kernels::CPU_GPU),
];
