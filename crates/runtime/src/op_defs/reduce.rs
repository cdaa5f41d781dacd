//! Reductions along axes, whose axis input stays in host memory.

use super::OpDef;
use report::OpClass;

/// A reduction whose input 1 (the axes, or the dimension) is read from host memory.
const fn reduction(name: &'static str) -> OpDef {
    OpDef::compute(name)
        .class(OpClass::Reduction)
        .host_memory(&[1])
}

pub(super) const OPS: &[OpDef] = &[
    reduction("Sum"),
    reduction("Mean"),
    reduction("Max"),
    reduction("Min"),
    reduction("Prod"),
    reduction("Any"),
    reduction("All"),
];
