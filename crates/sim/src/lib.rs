//! The timing simulator: from the recorder's ops and transfers (shapes, dtypes, devices,
//! dependencies; never values) to a timeline, metrics and a Chrome trace on a [`Hardware`].
//!
//! - [`work`]: an op's FLOPs, bytes and GEMM shape from its type and shapes.
//! - [`schedule`]: the discrete-event schedule (client thread, device streams, links).
//! - [`fusion`]: which ops XLA fuses into another's kernel in TPU programs.
//! - [`links`]: links as shared resources; the cut-through message model.
//! - [`memory`]: live bytes per device, peaks, and TensorFlow's OOM text.
//! - [`collective`]: ring all-reduce over the machine's links, and the alpha-beta formula.
//! - [`trace`]: Chrome Trace Event JSON (Perfetto).
//!
//! [`simulate`] ties them together and also partitions: every transfer gets a `_Send` op on
//! its source and a `_Recv` op on its destination, as TensorFlow's graph partitioner does.

pub mod collective;
pub mod fusion;
pub mod links;
pub mod memory;
pub mod schedule;
pub mod trace;
pub mod work;

use cpython_text::float_to_decimal::format_fixed;
use hardware::roofline::Bound;
use hardware::Hardware;
use report::{Metrics, OpClass, OpReport, TransferReport};
use schedule::{Execution, Schedule};

/// Everything the simulator adds to a report.
#[derive(Debug, Clone, PartialEq)]
pub struct Simulation {
    /// The recorded ops with times, then the `_Send`/`_Recv` ops.
    pub ops: Vec<OpReport>,
    pub transfers: Vec<TransferReport>,
    pub metrics: Metrics,
    pub trace: report::TraceJson,
    /// The first op whose output did not fit its device, with TensorFlow's message.
    pub oom: Option<(u32, String)>,
}

fn us(ns: u64) -> f64 {
    ns as f64 / 1e3
}

/// Simulates `ops` and `transfers` on `hardware`.
pub fn simulate(
    hardware: &Hardware,
    mut ops: Vec<OpReport>,
    mut transfers: Vec<TransferReport>,
) -> Simulation {
    let schedule = schedule::schedule(hardware, &ops, &transfers);
    let memory = memory::account(hardware, &ops, &transfers, &schedule);
    for (op, timing) in ops.iter_mut().zip(&schedule.ops) {
        op.start_us = us(timing.start_ns);
        op.dur_us = us(timing.duration_ns);
        op.execution = timing.execution.name().to_string();
        op.cost = cost_sentence(hardware, op, timing);
    }
    let recorded = ops.len();
    partition(hardware, &mut ops, &mut transfers, &schedule);
    let oom = memory.first_oom.and_then(|(device, id)| {
        let op = ops.get(id as usize)?;
        let device = &hardware.devices[device];
        Some((
            id,
            memory::oom_message(op, &device.name, &device.device_type),
        ))
    });
    let mut metrics = metrics(hardware, &transfers, &schedule, &memory);
    if let Some(note) = not_computed_note(&ops) {
        metrics.notes.push(note);
    }
    let trace = trace::chrome_trace(hardware, &ops, recorded, &transfers, &schedule);
    Simulation {
        ops,
        transfers,
        metrics,
        trace,
        oom,
    }
}

fn cost_sentence(hardware: &Hardware, op: &OpReport, timing: &schedule::OpTiming) -> String {
    if timing.execution == Execution::Call {
        return "one program launch for the whole function".into();
    }
    if timing.collective_ranks > 0 {
        return format!(
            "ring all-reduce of {} B over {} replicas on the machine's links",
            work::output_bytes(op),
            timing.collective_ranks
        );
    }
    let chip = &hardware.devices[timing.device].chip;
    let bound = match timing.bound {
        Bound::Floor => "launch-bound",
        Bound::Compute => "compute-bound",
        Bound::Memory => "memory-bound",
    };
    let place = if timing.in_fusion {
        "inside an XLA fusion on"
    } else {
        "on"
    };
    let mut text = format!(
        "{bound} {place} {}: {} FLOP, {} B",
        chip.model, timing.work.flops, timing.work.bytes
    );
    if timing.padded_macs > 0 {
        text.push_str(&format!(
            "; MXU {0}×{0} tiles, {1} padded multiply-adds",
            chip.mxu_tile, timing.padded_macs
        ));
    } else if timing.work.gemm.is_some() {
        let peak = hardware::roofline::peak_flops(chip, &op.dtype);
        text.push_str(&format!(
            " at {} TFLOP/s peak ({})",
            format_fixed(peak / 1e12, Some(1)),
            op.dtype
        ));
    }
    text
}

/// Appends a `_Send`/`_Recv` pair per transfer and fills each transfer's link and times.
/// Names follow TensorFlow's partitioner: `{producer}/_{n}` with one counter for the run.
fn partition(
    hardware: &Hardware,
    ops: &mut Vec<OpReport>,
    transfers: &mut [TransferReport],
    schedule: &Schedule,
) {
    let mut counter = 0u32;
    for (transfer, timing) in transfers.iter_mut().zip(&schedule.transfers) {
        let producer = transfer.producer.and_then(|p| ops.get(p as usize));
        let (base, shape, dtype, line) = producer.map_or_else(
            || (transfer.tensor.clone(), Vec::new(), String::new(), 0),
            |p| (p.name.clone(), p.shape.clone(), p.dtype.clone(), p.line),
        );
        let mut half = |device: &str, op_type: &str, inputs: Vec<u32>, at: u64| {
            let id = ops.len() as u32;
            ops.push(OpReport {
                id,
                name: format!("{base}/_{counter}"),
                op_type: op_type.to_string(),
                device: device.to_string(),
                requested_device: String::new(),
                reason: format!(
                    "Added by the graph partitioner: {} crosses from {} to {}.",
                    transfer.tensor, transfer.src, transfer.dst
                ),
                inputs,
                shape: shape.clone(),
                dtype: dtype.clone(),
                line,
                start_us: us(at),
                dur_us: 0.0,
                execution: op_type.trim_start_matches('_').to_ascii_lowercase(),
                launch: 0,
                cost: String::new(),
                not_computed: None,
                xla: false,
                input_element: None,
                class: OpClass::Free,
            });
            counter += 1;
            id
        };
        let send = half(
            &transfer.src,
            "_Send",
            transfer.producer.into_iter().collect(),
            timing.start_ns,
        );
        let recv = half(&transfer.dst, "_Recv", vec![send], timing.end_ns);
        transfer.send_op = Some(send);
        transfer.recv_op = Some(recv);
        transfer.start_us = us(timing.start_ns);
        transfer.dur_us = us(timing.end_ns - timing.start_ns);
        transfer.link = if timing.hops.is_empty() {
            "host memory".to_string()
        } else {
            timing
                .hops
                .iter()
                .map(|hop| hardware.links[hop.link].name.as_str())
                .collect::<Vec<_>>()
                .join(" + ")
        };
    }
}

fn metrics(
    hardware: &Hardware,
    transfers: &[TransferReport],
    schedule: &Schedule,
    memory: &memory::MemoryUse,
) -> Metrics {
    let step_ns = schedule.makespan_ns.max(1);
    let mut metrics = Metrics {
        step_time_us: us(schedule.makespan_ns),
        ..Metrics::default()
    };
    // Per device: useful and padded matrix-unit FLOPs (padded is 0 for a device without any).
    let mut mxu_flops: Vec<(u64, u64)> = vec![(0, 0); hardware.devices.len()];
    let mut dispatch_ns = 0u64;
    let mut eager_ops = 0u64;
    let mut remote_eager_ops = 0u64;
    for timing in &schedule.ops {
        if let Some((_, duration)) = timing.dispatch {
            dispatch_ns += duration;
            let eager = timing.execution == Execution::Eager;
            eager_ops += u64::from(eager);
            remote_eager_ops += u64::from(eager && hardware.devices[timing.device].host != 0);
        }
        if timing.execution == Execution::Call {
            continue;
        }
        let name = &schedule.streams[timing.stream].0;
        *metrics.device_busy_us.entry(name.clone()).or_default() += us(timing.duration_ns);
        if timing.padded_macs > 0 {
            if let Some(entry) = mxu_flops.get_mut(timing.device) {
                entry.0 += timing.work.flops;
                entry.1 += timing.padded_macs.saturating_mul(2);
            }
        }
    }
    for (name, busy) in &metrics.device_busy_us {
        metrics
            .busy_fraction
            .insert(name.clone(), busy / us(step_ns));
    }
    for (device, (useful, padded)) in mxu_flops.iter().enumerate() {
        if *padded == 0 {
            continue;
        }
        let chip = &hardware.devices[device].chip;
        let peak = hardware::roofline::peak_flops(chip, "bfloat16");
        let name = hardware.devices[device].name.clone();
        let capacity = peak * step_ns as f64 / 1e9;
        metrics
            .mxu_utilization
            .insert(name.clone(), *useful as f64 / capacity.max(1.0));
        metrics
            .mxu_padding_efficiency
            .insert(name, *useful as f64 / (*padded).max(1) as f64);
    }
    for transfer in transfers {
        for link in transfer.link.split(" + ") {
            *metrics.bytes_by_link.entry(link.to_string()).or_default() += transfer.bytes;
        }
    }
    let mut collective_bytes = 0u64;
    for (&link, &bytes) in &schedule.collective_link_bytes {
        if let Some(link) = hardware.links.get(link) {
            *metrics.bytes_by_link.entry(link.name.clone()).or_default() += bytes;
            collective_bytes += bytes;
        }
    }
    for (device, &peak) in memory.peak_bytes.iter().enumerate() {
        if peak > 0 {
            metrics
                .peak_memory_bytes
                .insert(hardware.devices[device].name.clone(), peak);
        }
    }
    metrics.host_dispatch_us = us(dispatch_ns);
    let stall_ns: u64 = schedule.pipeline.iter().map(|e| e.stall_ns).sum();
    metrics.input_bound_fraction = (stall_ns as f64 / step_ns as f64).min(1.0);
    metrics.notes = notes(transfers, &metrics, eager_ops, remote_eager_ops);
    if collective_bytes > 0 {
        metrics.notes.push(format!(
            "All-reduces between replicas sent {collective_bytes} B over the links (ring \
             all-reduce: each replica sends 2(p−1) chunks of 1/p of the tensor to its neighbour)."
        ));
    }
    if !schedule.pipeline.is_empty() {
        metrics.notes.push(input_pipeline_note(
            metrics.input_bound_fraction,
            stall_ns,
            schedule.pipeline.len(),
        ));
    }
    metrics
}

/// The TensorFlow profiler's input-pipeline verdict (`InputAnalysis` in
/// `op_stats_to_input_pipeline_analysis.cc`): from 20% of the step waiting for input it is
/// highly input-bound, from 5% moderately; the statements are the profiler's.
pub fn input_pipeline_verdict(fraction: f64) -> String {
    let value = fraction * 100.0;
    let percent = format_fixed(value, Some(1));
    if value >= 20.0 {
        format!("Your program is HIGHLY input-bound because {percent}% of the total step time sampled is waiting for input. Therefore, you should first focus on reducing the input time.")
    } else if value >= 5.0 {
        format!("Your program is MODERATELY input-bound because {percent}% of the total step time sampled is waiting for input. Therefore, you would need to reduce both the input time and other time.")
    } else {
        format!("Your program is NOT input-bound because only {percent}% of the total step time sampled is waiting for input. Therefore, you should focus on reducing other time.")
    }
}

fn input_pipeline_note(fraction: f64, stall_ns: u64, elements: usize) -> String {
    format!(
        "Input pipeline: {elements} element(s) from tf.data; the program waited {} µs for them. {}",
        format_fixed(us(stall_ns), Some(1)),
        input_pipeline_verdict(fraction)
    )
}

/// Values on demand: which ops' values were not computed and why (the first op's reason
/// names the work it would have taken), when any were not.
fn not_computed_note(ops: &[OpReport]) -> Option<String> {
    let skipped: Vec<&OpReport> = ops.iter().filter(|op| op.not_computed.is_some()).collect();
    let first = skipped.first()?;
    Some(format!(
        "{} op(s) were simulated without computing their values (values on demand). The \
         first, {} ({}) at line {}: {}. Placement, transfers, memory and timing are exact; \
         the values print as <not computed>.",
        skipped.len(),
        first.name,
        first.op_type,
        first.line,
        first.not_computed.as_deref().unwrap_or_default()
    ))
}

/// Sentences that explain the step: what dominated it and why.
fn notes(
    transfers: &[TransferReport],
    metrics: &Metrics,
    eager_ops: u64,
    remote_eager_ops: u64,
) -> Vec<String> {
    let mut notes = Vec::new();
    let step = metrics.step_time_us.max(1e-9);
    if metrics.host_dispatch_us > 0.0 {
        let share = metrics.host_dispatch_us / step;
        let mut text = format!(
            "The Python thread spent {} µs ({}% of the {} µs step) dispatching {} eager \
             op(s) and launching programs.",
            format_fixed(metrics.host_dispatch_us, Some(1)),
            format_fixed(share * 100.0, Some(0)),
            format_fixed(step, Some(1)),
            eager_ops
        );
        if remote_eager_ops > 0 {
            text.push_str(&format!(
                " {remote_eager_ops} of them ran on another host and paid a network round trip \
                 each (gRPC to a remote TPU worker); a tf.function pays it once per call."
            ));
        }
        notes.push(text);
    }
    if let Some((device, busy)) = metrics
        .device_busy_us
        .iter()
        .max_by(|a, b| a.1.total_cmp(b.1).then(b.0.cmp(a.0)))
    {
        notes.push(format!(
            "Busiest device: {device}, busy {} µs ({}% of the step).",
            format_fixed(*busy, Some(1)),
            format_fixed(busy / step * 100.0, Some(0))
        ));
    }
    let moved: u64 = transfers.iter().map(|t| t.bytes).sum();
    if !transfers.is_empty() {
        let slowest = transfers
            .iter()
            .max_by(|a, b| a.dur_us.total_cmp(&b.dur_us))
            .map(|t| {
                format!(
                    "{} over {} ({} µs)",
                    t.tensor,
                    t.link,
                    format_fixed(t.dur_us, Some(1))
                )
            })
            .unwrap_or_default();
        notes.push(format!(
            "{} transfer(s) moved {moved} bytes between devices; the longest was {slowest}.",
            transfers.len()
        ));
    }
    for (device, efficiency) in &metrics.mxu_padding_efficiency {
        if *efficiency < 0.5 {
            notes.push(format!(
                "On {device}, {}% of the MXU work was padding: matmul shapes are padded \
                 to the MXU tile.",
                format_fixed((1.0 - efficiency) * 100.0, Some(0))
            ));
        }
    }
    notes
}
