//! Random number generators: the stateful ones keep a generator per kernel.

use super::OpDef;

/// A stateful generator whose input 0 (the shape) is read from host memory.
const fn generator(name: &'static str) -> OpDef {
    OpDef::compute(name)
        .host_memory(&[0])
        .stateful()
        .control(super::ControlDeps::LegacyRandom)
}

pub(super) const OPS: &[OpDef] = &[
    generator("RandomStandardNormal"),
    generator("RandomUniform"),
    generator("RandomUniformInt"),
    generator("TruncatedNormal"),
    OpDef::compute("StatelessRandomNormal"),
    OpDef::compute("StatelessRandomUniform"),
];
