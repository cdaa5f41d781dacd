//! TPU high-bandwidth memory: XLA allocates a TPU program's buffers when it compiles it, so
//! a program (a `TPUStrategy` step, or the one-op program an eager op on a TPU core runs)
//! whose arguments and live temporaries do not fit one core's HBM fails at compile time with
//! `ResourceExhaustedError: ... Compilation failure: Ran out of memory in memory space hbm.
//! Used 9.16G of 7.48G hbm. Exceeded hbm capacity by 1.68G.` and XLA's usage table
//! (texts of real TPU reports: tensorflow/tpu#385, tensorflow/tensorflow#38272; the usable
//! capacity is the core's HBM less 530 MiB XLA reserves, 7.48G on a v2 core).
//!
//! The program's need is estimated without fusion: its arguments (parameters, captured
//! tensors and the variables it reads) plus the peak of the temporaries alive at once, each
//! op's output living from the op to its last consumer in program order. XLA reuses and
//! fuses buffers, so this is close to, not exactly, what a TPU reports; the eager wording
//! follows the compiled one (⚠ not checked against a real eager TPU error).

use crate::context::Context;
use crate::eager::EagerTensor;
use crate::error::{ExceptionClass, TfError, TfResult};
use crate::function::ConcreteFunction;
use crate::op::{OpKind, OutputFact, ValueType};
use cpython_text::float_to_decimal::format_fixed;
use tensor::TensorShape;

/// HBM XLA keeps for itself on every core.
const RESERVED_BYTES: u64 = 530 << 20;

/// Bytes of a value of `fact`'s type and shape (unknown dimensions count 1).
fn fact_bytes(fact: &OutputFact) -> u64 {
    let ValueType::Dense(dtype) = fact.value_type else {
        return 0;
    };
    shape_bytes(dtype.size_in_bytes().unwrap_or(16) as u64, &fact.shape)
}

fn shape_bytes(element: u64, shape: &TensorShape) -> u64 {
    shape
        .dims()
        .unwrap_or_default()
        .iter()
        .fold(element, |bytes, dim| {
            bytes.saturating_mul(dim.unwrap_or(1) as u64)
        })
}

/// XLA's byte counts: `530.00M`, `7.48G`, `0B` (binary units, two decimals).
pub fn xla_bytes(bytes: u64) -> String {
    const UNITS: [(u64, &str); 4] = [
        (1 << 40, "T"),
        (1 << 30, "G"),
        (1 << 20, "M"),
        (1 << 10, "K"),
    ];
    for (size, unit) in UNITS {
        if bytes >= size {
            return format!(
                "{}{unit}",
                format_fixed(bytes as f64 / size as f64, Some(2))
            );
        }
    }
    format!("{bytes}B")
}

/// What a program needs on one core.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HbmUsage {
    /// The program's own buffers (temporaries and outputs).
    pub program: u64,
    /// Its arguments.
    pub arguments: u64,
}

/// The compile-time error when `usage` does not fit `capacity` bytes of HBM (before XLA's
/// reservation), or `None` when it fits.
pub fn hbm_error(usage: HbmUsage, capacity: u64) -> Option<String> {
    let usable = capacity.saturating_sub(RESERVED_BYTES);
    let used = usage.program.saturating_add(usage.arguments);
    if used <= usable {
        return None;
    }
    let total = used.saturating_add(RESERVED_BYTES);
    let row = |label: &str, bytes: u64| {
        format!(
            "    {label}{:>width$}",
            xla_bytes(bytes),
            width = 23 - label.len()
        )
    };
    Some(format!(
        "Compilation failure: Ran out of memory in memory space hbm. Used {} of {} hbm. \
         Exceeded hbm capacity by {}.\n\nTotal hbm usage >= {}:\n{}\n{}\n{}\n",
        xla_bytes(used),
        xla_bytes(usable),
        xla_bytes(used - usable),
        xla_bytes(total),
        row("reserved", RESERVED_BYTES),
        row("program", usage.program),
        row("arguments", usage.arguments),
    ))
}

/// The HBM need of a traced TPU program: arguments, then the peak of live temporaries.
pub fn program_usage(function: &ConcreteFunction) -> HbmUsage {
    let operations = function.graph.operations();
    let is_argument = |index: usize| function.arguments.iter().any(|arg| arg.index() == index);
    let mut arguments = 0u64;
    let mut last_use = vec![0usize; operations.len()];
    for (index, operation) in operations.iter().enumerate() {
        for input in &operation.inputs {
            let slot = &mut last_use[input.operation.index()];
            *slot = (*slot).max(index);
        }
    }
    for output in &function.outputs {
        last_use[output.operation.index()] = operations.len();
    }
    let mut live = 0u64;
    let mut peak = 0u64;
    let mut ending: Vec<Vec<u64>> = vec![Vec::new(); operations.len() + 1];
    for (index, operation) in operations.iter().enumerate() {
        let bytes: u64 = operation.outputs.iter().map(fact_bytes).sum();
        let is_input = is_argument(index)
            || operation
                .kind
                .downcast::<crate::op_defs::ReadVariableOp>()
                .is_some();
        if is_input {
            arguments = arguments.saturating_add(bytes);
        } else if operation.kind.constant_value().is_none() {
            live = live.saturating_add(bytes);
            peak = peak.max(live);
            ending[last_use[index].max(index)].push(bytes);
        }
        for freed in std::mem::take(&mut ending[index]) {
            live = live.saturating_sub(freed);
        }
    }
    HbmUsage {
        program: peak,
        arguments,
    }
}

impl Context {
    /// HBM of one TPU core (`device`, or any core when `None`), if the machine has TPUs.
    pub fn tpu_core_hbm(&self, device: Option<&str>) -> Option<u64> {
        let hardware = &self.hardware;
        let index = device.and_then(|device| hardware.device_index(device));
        let chip = match index {
            Some(index) => hardware.devices.get(index)?,
            None => hardware.devices.iter().find(|d| d.device_type == "TPU")?,
        };
        (chip.device_type == "TPU").then_some(chip.chip.memory_bytes)
    }

    /// XLA's HBM check of a compiled TPU program, after its op check.
    pub fn check_tpu_program_memory(&self, function: &ConcreteFunction) -> TfResult<()> {
        let Some(capacity) = self.tpu_core_hbm(None) else {
            return Ok(());
        };
        match hbm_error(program_usage(function), capacity) {
            None => Ok(()),
            Some(message) => {
                let count = function.graph.operations().len();
                Err(TfError::new(
                    ExceptionClass::ResourceExhausted,
                    format!(
                        "{{{{function_node {}}}}} {message}\tTPU compilation failed\n\t [[{{{{node tpu_compile_succeeded_assert/_{}/_{}}}}}]]",
                        function.name,
                        count + 1,
                        count + 3
                    ),
                ))
            }
        }
    }

    /// The same check for an eager op on a TPU core: its one-op program needs its inputs on
    /// the core and its outputs (`outputs`: their types and shapes).
    pub fn check_eager_tpu_memory(
        &self,
        op: &OpKind,
        inputs: &[EagerTensor],
        outputs: &[OutputFact],
        device: &str,
    ) -> TfResult<()> {
        if !device.contains("/device:TPU:") {
            return Ok(());
        }
        let Some(capacity) = self.tpu_core_hbm(Some(device)) else {
            return Ok(());
        };
        let usage = HbmUsage {
            program: outputs.iter().map(fact_bytes).fold(0, u64::saturating_add),
            arguments: inputs
                .iter()
                .map(|input| input.value.size_in_bytes())
                .fold(0, u64::saturating_add),
        };
        match hbm_error(usage, capacity) {
            None => Ok(()),
            Some(message) => {
                let op_type = op.op_type();
                Err(TfError::new(
                    ExceptionClass::ResourceExhausted,
                    format!(
                        "{{{{function_node __wrapped__{op_type}_device_{device}}}}} {message} [Op:{op_type}] name: "
                    ),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xla_prints_binary_units_with_two_decimals() {
        assert_eq!(xla_bytes(0), "0B");
        assert_eq!(xla_bytes(530 << 20), "530.00M");
        assert_eq!(xla_bytes((8u64 << 30) - (530 << 20)), "7.48G");
        assert_eq!(xla_bytes(1536), "1.50K");
    }

    #[test]
    fn a_v2_core_holds_7_48g() {
        let capacity = 8u64 << 30;
        let fits = HbmUsage {
            program: 4 << 30,
            arguments: 3 << 30,
        };
        assert_eq!(hbm_error(fits, capacity), None);
        let over = HbmUsage {
            program: 8 << 30,
            arguments: 0,
        };
        let message = hbm_error(over, capacity).unwrap();
        assert!(
            message.starts_with(
                "Compilation failure: Ran out of memory in memory space hbm. Used 8.00G of 7.48G \
                 hbm. Exceeded hbm capacity by 530.00M.\n\nTotal hbm usage >= 8.52G:\n    \
                 reserved        530.00M\n    program           8.00G\n    arguments            0B\n"
            ),
            "{message}"
        );
    }
}
