//! XLA's operator fusion in compiled programs: which element-wise ops run inside another
//! op's kernel instead of writing their output to device memory.
//!
//! Every TPU program is compiled by XLA, and so is a function with `jit_compile=True` (or a
//! Keras step with `jit_compile`) on a CPU or GPU, which fuses element-wise ops, array ops and
//! reductions into loop and input fusions: a chain such as batch normalisation's
//! `Sub`/`Mul`/`Rsqrt`/`AddV2` reads its operands from HBM once, keeps the intermediates in
//! vector registers and writes only the values other kernels need. The model here:
//! in a compiled program (on a TPU, or one whose call op says `xla`), an element-wise, transcendental or `AddN` op whose every
//! consumer is a fusible op of the same program on the same device is *internal*: its output
//! is never materialized (no HBM write, no allocation) and its consumers do not read it
//! from memory, and it pays no kernel launch of its own. Reductions are fusion roots: they
//! take internal operands but always write their output. Matmuls and convolutions are not
//! fused with their neighbours (their operands and results live in HBM), and a value sent to
//! another device, read by a non-fusible op or by nothing is materialized. XLA may also
//! duplicate a cheap producer into several fusions; that recomputation is not counted.

use hardware::roofline::Work;
use hardware::Hardware;
use report::{OpClass, OpReport, TransferReport};

use super::schedule::Execution;
use super::work::output_bytes;

/// Whether `class` computes element by element and so can be fused into a loop fusion.
fn is_loop_fusible(class: OpClass) -> bool {
    matches!(
        class,
        OpClass::Elementwise | OpClass::Transcendental | OpClass::AddN
    )
}

/// Whether an op of `class` can take a fused operand: loop-fusible ops and reductions.
fn takes_fused_operands(class: OpClass) -> bool {
    is_loop_fusible(class) || class == OpClass::Reduction
}

/// For each op, whether it is internal to an XLA fusion (see the module's text): its output
/// is never written to device memory.
pub fn internal_ops(
    hardware: &Hardware,
    ops: &[OpReport],
    transfers: &[TransferReport],
    executions: &[Execution],
) -> Vec<bool> {
    // The call each compiled op belongs to: the latest call op before it.
    let mut program = vec![None; ops.len()];
    let mut current = None;
    for (index, execution) in executions.iter().enumerate() {
        match execution {
            Execution::Call => current = Some(index),
            Execution::Function => program[index] = current,
            Execution::Eager | Execution::Session => {}
        }
    }
    let on_tpu = |op: &OpReport| {
        hardware
            .device_index(&op.device)
            .is_some_and(|device| hardware.devices[device].chip.device_type == "TPU")
    };
    let compiled: Vec<bool> = ops
        .iter()
        .zip(&program)
        .map(|(op, program)| program.is_some_and(|call| ops[call].xla || on_tpu(op)))
        .collect();
    let mut internal: Vec<bool> = ops
        .iter()
        .zip(&compiled)
        .map(|(op, &compiled)| compiled && is_loop_fusible(op.class))
        .collect();
    let mut consumed = vec![false; ops.len()];
    for (index, op) in ops.iter().enumerate() {
        for &input in &op.inputs {
            let input = input as usize;
            let Some(producer) = ops.get(input) else {
                continue;
            };
            consumed[input] = true;
            let fuses = compiled[index]
                && takes_fused_operands(op.class)
                && program[index] == program[input]
                && op.device == producer.device;
            if !fuses {
                internal[input] = false;
            }
        }
    }
    for transfer in transfers {
        if let Some(producer) = transfer.producer {
            if let Some(slot) = internal.get_mut(producer as usize) {
                *slot = false;
            }
        }
    }
    for (slot, consumed) in internal.iter_mut().zip(consumed) {
        *slot &= consumed;
    }
    internal
}

/// `work` of op `index` with fusion's memory traffic: internal operands are not read from
/// memory and an internal output is not written.
pub fn fused_work(ops: &[OpReport], internal: &[bool], index: usize, work: Work) -> Work {
    let op = &ops[index];
    let touches_fusion = internal[index]
        || op
            .inputs
            .iter()
            .any(|&input| internal.get(input as usize) == Some(&true));
    if !touches_fusion || work.gemm.is_some() {
        return work;
    }
    let read: u64 = op
        .inputs
        .iter()
        .filter(|&&input| internal.get(input as usize) == Some(&false))
        .filter_map(|&input| ops.get(input as usize))
        .map(output_bytes)
        .fold(0, u64::saturating_add);
    let written = if internal[index] { 0 } else { output_bytes(op) };
    Work {
        bytes: read.saturating_add(written),
        ..work
    }
}
