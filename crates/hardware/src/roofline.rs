//! How long one op's work takes on one device: the roofline of DESIGN.md "Timing model".
//!
//! `time = kernel_floor + max(compute, memory)` where
//! - `memory = bytes / (bandwidth · memory_efficiency)`;
//! - `compute = flops / (peak(dtype) · matmul_efficiency)` for matmuls on CPUs and GPUs,
//!   `flops / peak(float32)` for everything else;
//! - on a TPU a matmul runs on the MXUs: `compute = cycles · 2t²/peak / matmul_efficiency`
//!   plus a pass overhead that grows with the cycle count up to `mxu_pass_overhead_us`
//!   ([`super::mxu`] counts the cycles of the padded shape).
//!
//! The floor and efficiencies are calibration terms, stated with their source in each preset:
//! they are what separates a roofline (an upper bound) from a measured kernel [S15][S36].
//! Time is integer nanoseconds so schedules are exact and the same on every machine.

use super::mxu;
use super::spec::ChipSpec;

/// The work of one op, computed from shapes only (never from values).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Work {
    /// Arithmetic operations (2 per multiply-add).
    pub flops: u64,
    /// Bytes read and written in device memory.
    pub bytes: u64,
    /// A matmul or convolution as `batch` GEMMs of `m × k` by `k × n`, for the MXU model.
    pub gemm: Option<Gemm>,
}

/// A matrix product's dimensions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Gemm {
    pub batch: u64,
    pub m: u64,
    pub k: u64,
    pub n: u64,
}

/// What bounded an op, for the report's explanation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// Below the kernel floor: launch-bound.
    Floor,
    Compute,
    Memory,
}

/// The simulated duration of an op and why.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timing {
    pub duration_ns: u64,
    pub bound: Bound,
    /// MXU multiply-adds after padding (0 off the MXU).
    pub padded_macs: u64,
}

/// The peak FLOP/s of `chip` for `dtype`, falling back to float32, then the largest figure.
pub fn peak_flops(chip: &ChipSpec, dtype: &str) -> f64 {
    chip.peak_flops
        .get(dtype)
        .or_else(|| chip.peak_flops.get("float32"))
        .copied()
        .or_else(|| chip.peak_flops.values().copied().reduce(f64::max))
        .unwrap_or(1e9)
}

/// Nanoseconds for `amount` units at `rate` units per second (saturating, at least 0).
fn ns(amount: f64, rate: f64) -> f64 {
    if rate > 0.0 {
        amount / rate * 1e9
    } else {
        0.0
    }
}

/// How long `work` of element type `dtype` takes on `chip`.
pub fn op_time(chip: &ChipSpec, dtype: &str, work: &Work) -> Timing {
    timed(chip, dtype, work, chip.kernel_floor_us * 1e3)
}

/// The time of an op that runs inside another op's kernel (an XLA fusion): its compute and
/// memory traffic without a kernel launch floor of its own.
pub fn op_time_in_fusion(chip: &ChipSpec, dtype: &str, work: &Work) -> Timing {
    timed(chip, dtype, work, 0.0)
}

// `max`/`min`, not `clamp`: `f64::clamp`'s panic message would link Rust's float `Debug`
// into the web bundle.
#[allow(clippy::manual_clamp)]
fn timed(chip: &ChipSpec, dtype: &str, work: &Work, floor_ns: f64) -> Timing {
    let bandwidth = chip.memory_bandwidth_bytes_per_s * chip.memory_efficiency;
    let memory_ns = ns(work.bytes as f64, bandwidth);
    let (compute_ns, padded_macs) = match work.gemm {
        Some(gemm) if chip.mxus > 0 && chip.mxu_tile > 0 => mxu_time(chip, gemm),
        Some(_) => {
            let peak = peak_flops(chip, dtype) * chip.matmul_efficiency;
            (ns(work.flops as f64, peak), 0)
        }
        None => (ns(work.flops as f64, peak_flops(chip, "float32")), 0),
    };
    let bound = if compute_ns.max(memory_ns) < floor_ns * 0.25 {
        Bound::Floor
    } else if compute_ns >= memory_ns {
        Bound::Compute
    } else {
        Bound::Memory
    };
    let total = floor_ns + compute_ns.max(memory_ns);
    Timing {
        duration_ns: total.max(1.0).min(1e18) as u64,
        bound,
        padded_macs,
    }
}

/// The MXU path: every float matmul on a TPU runs as bf16 passes (DEFAULT precision), so the
/// bfloat16 peak applies whatever the input dtype.
fn mxu_time(chip: &ChipSpec, gemm: Gemm) -> (f64, u64) {
    let tile = u64::from(chip.mxu_tile);
    let plan = mxu::plan(gemm.batch, gemm.m, gemm.k, gemm.n, tile);
    let peak = peak_flops(chip, "bfloat16");
    // One array-cycle of work spread over all MXUs lasts 2t²/peak seconds.
    let cycle_ns = ns(2.0 * (tile * tile) as f64, peak) / chip.matmul_efficiency.max(1e-6);
    let ramp = if chip.mxu_pass_overhead_cycles > 0.0 {
        (plan.cycles as f64 / chip.mxu_pass_overhead_cycles).min(1.0)
    } else {
        1.0
    };
    let overhead_ns = chip.mxu_pass_overhead_us * 1e3 * ramp;
    (
        plan.cycles as f64 * cycle_ns + overhead_ns,
        plan.padded_macs,
    )
}
