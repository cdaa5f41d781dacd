//! Memory accounting per device over the simulated timeline, and TensorFlow's OOM error.
//!
//! Each op's output is allocated on its device when the op starts and freed when its last
//! consumer on that device ends (or, when it is sent away, when the transfer has left).
//! A received copy lives on the destination from arrival until its consumer ends. Outputs no
//! op consumes are freed when their op ends (the program holds them in Python variables we do
//! not track), except values assigned to variables, which stay for the whole run. Only
//! shapes are used, never values.

use super::schedule::Schedule;
use super::work::output_bytes;
use hardware::Hardware;
use report::{OpClass, OpReport, TransferReport};

/// The peak and the first out-of-memory moment of each device.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MemoryUse {
    /// Peak live bytes per device index.
    pub peak_bytes: Vec<u64>,
    /// The first allocation that did not fit: (device index, op id).
    pub first_oom: Option<(usize, u32)>,
}

/// Sweeps allocation and free events in time order (frees first at equal times, then by
/// event index, so the result is deterministic).
pub fn account(
    hardware: &Hardware,
    ops: &[OpReport],
    transfers: &[TransferReport],
    schedule: &Schedule,
) -> MemoryUse {
    let op_end = |index: usize| {
        schedule
            .ops
            .get(index)
            .map_or(0, |t| t.start_ns + t.duration_ns)
    };
    // Last use of each op's output on its own device; u64::MAX = kept to the end.
    let mut free_at: Vec<u64> = (0..ops.len()).map(op_end).collect();
    for (index, op) in ops.iter().enumerate() {
        let end = op_end(index);
        for &input in &op.inputs {
            let Some(slot) = free_at.get_mut(input as usize) else {
                continue;
            };
            // An assignment's value input becomes the variable's storage.
            *slot = if op.class == OpClass::Assign {
                u64::MAX
            } else {
                (*slot).max(end)
            };
        }
    }
    // (time, is_alloc, device, bytes, op id)
    let mut events: Vec<(u64, bool, usize, u64, u32)> = Vec::with_capacity(ops.len() * 2);
    for (index, op) in ops.iter().enumerate() {
        let Some(timing) = schedule.ops.get(index) else {
            continue;
        };
        let bytes = output_bytes(op);
        // A value fused into its consumers' kernel is never allocated.
        if bytes == 0 || timing.in_fusion {
            continue;
        }
        events.push((timing.start_ns, true, timing.device, bytes, op.id));
        if free_at[index] != u64::MAX {
            events.push((free_at[index], false, timing.device, bytes, op.id));
        }
    }
    for (transfer, timing) in transfers.iter().zip(&schedule.transfers) {
        let device = schedule.streams[timing.dst_stream].1;
        let consumer_end = timing
            .consumer
            .map_or(timing.end_ns, |c| op_end(c as usize).max(timing.end_ns));
        let id = timing.consumer.unwrap_or(0);
        events.push((timing.end_ns, true, device, transfer.bytes, id));
        events.push((consumer_end, false, device, transfer.bytes, id));
    }
    events.sort_by_key(|&(time, is_alloc, device, _, id)| (time, is_alloc, device, id));
    let mut live = vec![0u64; hardware.devices.len()];
    let mut usage = MemoryUse {
        peak_bytes: vec![0; hardware.devices.len()],
        first_oom: None,
    };
    for (_, is_alloc, device, bytes, id) in events {
        if is_alloc {
            live[device] = live[device].saturating_add(bytes);
            usage.peak_bytes[device] = usage.peak_bytes[device].max(live[device]);
            let capacity = hardware.devices[device].chip.memory_bytes;
            if live[device] > capacity && usage.first_oom.is_none() {
                usage.first_oom = Some((device, id));
            }
        } else {
            live[device] = live[device].saturating_sub(bytes);
        }
    }
    usage
}

/// TensorFlow's dtype name in OOM messages (`type float`).
fn tf_type_name(dtype: &str) -> &str {
    match dtype {
        "float32" => "float",
        "float64" => "double",
        "float16" => "half",
        other => other,
    }
}

/// `ResourceExhaustedError`'s message for an allocation of `op`'s output on `device`, as
/// TensorFlow's BFC allocator words it.
pub fn oom_message(op: &OpReport, device: &str, device_type: &str) -> String {
    let index = device.rsplit(':').next().unwrap_or("0");
    let allocator = match device_type {
        "CPU" => "cpu".to_string(),
        other => format!("{other}_{index}_bfc"),
    };
    let shape: Vec<String> = op.shape.iter().map(i64::to_string).collect();
    format!(
        "OOM when allocating tensor with shape[{}] and type {} on {} by allocator {}",
        shape.join(","),
        tf_type_name(&op.dtype),
        device,
        allocator
    )
}
