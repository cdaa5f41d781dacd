//! The Chrome Trace Event JSON of a schedule, which Perfetto and `chrome://tracing` open.
//!
//! A process per device stream (its TensorFlow device name), with thread 1 for compute and
//! thread 2 for the partitioner's `_Send`/`_Recv`; a process for the client's Python thread
//! (dispatch and launches); a process per link with a thread per direction. A host's
//! input-pipeline lane is a stream whose events are the elements tf.data produced. Ops, hops and
//! dispatches are complete (`X`) events; each transfer is a flow (`s` at its `_Send`, `f` at
//! its `_Recv`). Times are microseconds, as the format wants.

use super::schedule::{Execution, Schedule};
use hardware::Hardware;
use report::{OpReport, TransferReport};
use serde_json::{json, Value};

/// The trace holds the first this many recorded ops (and the transfers feeding them): the
/// report travels to the browser as JSON, and each event costs about a microsecond and
/// 150 bytes. A longer run's trace says where it was cut; the ops keep all their times.
pub const TRACE_OPS_MAX: usize = 10_000;

/// Thread ids inside a device process.
const COMPUTE_THREAD: u32 = 1;
const COPY_THREAD: u32 = 2;
/// The client's process id; streams follow it, then links.
const CLIENT_PID: usize = 1;

fn us(ns: u64) -> f64 {
    ns as f64 / 1e3
}

fn metadata(kind: &str, pid: usize, tid: u32, name: &str) -> Value {
    json!({ "ph": "M", "name": kind, "pid": pid, "tid": tid, "args": { "name": name } })
}

fn sort_index(pid: usize) -> Value {
    json!({ "ph": "M", "name": "process_sort_index", "pid": pid, "tid": 0,
            "args": { "sort_index": pid } })
}

/// Builds `{"traceEvents": [...], "displayTimeUnit": "ns"}`. `ops` includes the `_Send` and
/// `_Recv` ops appended after the recorded ones; `recorded` is how many were recorded.
pub fn chrome_trace(
    hardware: &Hardware,
    ops: &[OpReport],
    recorded: usize,
    transfers: &[TransferReport],
    schedule: &Schedule,
) -> Value {
    let stream_pid = |stream: usize| CLIENT_PID + 1 + stream;
    let link_pid = |link: usize| CLIENT_PID + 1 + schedule.streams.len() + link;
    let mut events = vec![
        metadata("process_name", CLIENT_PID, 0, "client (Python)"),
        metadata("thread_name", CLIENT_PID, 1, "dispatch"),
        sort_index(CLIENT_PID),
    ];
    for (stream, (name, _)) in schedule.streams.iter().enumerate() {
        let pid = stream_pid(stream);
        events.push(metadata("process_name", pid, 0, name));
        events.push(metadata(
            "thread_name",
            pid,
            COMPUTE_THREAD,
            "compute stream",
        ));
        events.push(metadata("thread_name", pid, COPY_THREAD, "send/recv"));
        events.push(sort_index(pid));
    }
    for (index, link) in hardware.links.iter().enumerate() {
        let pid = link_pid(index);
        events.push(metadata("process_name", pid, 0, &link.name));
        events.push(metadata("thread_name", pid, 1, "a → b"));
        events.push(metadata("thread_name", pid, 2, "b → a"));
        events.push(sort_index(pid));
    }
    let traced = recorded.min(TRACE_OPS_MAX);
    if traced < recorded {
        let cut = schedule.ops.get(traced).map_or(0, |t| t.start_ns);
        events.push(json!({
            "ph": "i", "s": "g", "name": format!("trace cut after {traced} of {recorded} ops"),
            "pid": CLIENT_PID, "tid": 1, "ts": us(cut)
        }));
    }
    for (op, timing) in ops.iter().zip(&schedule.ops).take(traced) {
        if let Some((start, duration)) = timing.dispatch {
            let what = if timing.execution == Execution::Eager {
                "dispatch"
            } else {
                "launch"
            };
            events.push(json!({
                "ph": "X", "name": format!("{what} {}", op.name), "cat": "host",
                "pid": CLIENT_PID, "tid": 1, "ts": us(start), "dur": us(duration),
                "args": { "op": op.id }
            }));
        }
        events.push(json!({
            "ph": "X", "name": op.name, "cat": op.op_type,
            "pid": stream_pid(timing.stream), "tid": COMPUTE_THREAD,
            "ts": us(timing.start_ns), "dur": us(timing.duration_ns),
            "args": { "id": op.id, "execution": timing.execution.name() }
        }));
    }
    for element in schedule
        .pipeline
        .iter()
        .filter(|element| element.op < traced)
    {
        events.push(json!({
            "ph": "X", "name": "produce element", "cat": "input pipeline",
            "pid": stream_pid(element.stream), "tid": COMPUTE_THREAD,
            "ts": us(element.start_ns), "dur": us(element.end_ns - element.start_ns),
            "args": { "consumer": element.op, "stall_us": us(element.stall_ns) }
        }));
    }
    let pairs = transfers.iter().zip(&schedule.transfers).enumerate();
    for (index, (transfer, timing)) in pairs {
        if timing
            .consumer
            .is_none_or(|consumer| consumer as usize >= traced)
        {
            continue;
        }
        for hop in &timing.hops {
            events.push(json!({
                "ph": "X", "name": transfer.tensor, "cat": "transfer",
                "pid": link_pid(hop.link), "tid": if hop.forward { 1 } else { 2 },
                "ts": us(hop.start_ns), "dur": us(hop.end_ns - hop.start_ns),
                "args": { "bytes": transfer.bytes }
            }));
        }
        let send = json!({
            "ph": "X", "name": format!("_Send {}", transfer.tensor), "cat": "_Send",
            "pid": stream_pid(timing.src_stream), "tid": COPY_THREAD,
            "ts": us(timing.start_ns), "dur": 0.001, "args": { "bytes": transfer.bytes }
        });
        let recv = json!({
            "ph": "X", "name": format!("_Recv {}", transfer.tensor), "cat": "_Recv",
            "pid": stream_pid(timing.dst_stream), "tid": COPY_THREAD,
            "ts": us(timing.end_ns), "dur": 0.001, "args": { "bytes": transfer.bytes }
        });
        events.push(send);
        events.push(recv);
        events.push(json!({
            "ph": "s", "id": index, "name": "transfer", "cat": "transfer",
            "pid": stream_pid(timing.src_stream), "tid": COPY_THREAD, "ts": us(timing.start_ns)
        }));
        events.push(json!({
            "ph": "f", "bp": "e", "id": index, "name": "transfer", "cat": "transfer",
            "pid": stream_pid(timing.dst_stream), "tid": COPY_THREAD, "ts": us(timing.end_ns)
        }));
    }
    json!({ "traceEvents": events, "displayTimeUnit": "ns" })
}
