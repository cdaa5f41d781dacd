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
use report::{OpReport, TraceJson, TransferReport};
use serde::Serialize;

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

/// One trace event, as the Trace Event Format names its fields; absent ones are left out.
#[derive(Serialize)]
struct Event<'a> {
    ph: &'static str,
    name: std::borrow::Cow<'a, str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cat: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    s: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bp: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<usize>,
    pid: usize,
    tid: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    ts: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dur: Option<f64>,
    #[serde(skip_serializing_if = "Args::is_none")]
    args: Args<'a>,
}

/// An event's `args`: what Perfetto shows when the event is selected.
#[derive(Serialize)]
#[serde(untagged)]
enum Args<'a> {
    None,
    Name { name: &'a str },
    SortIndex { sort_index: usize },
    Dispatch { op: u32 },
    Op { id: u32, execution: &'static str },
    Element { consumer: usize, stall_us: f64 },
    Bytes { bytes: u64 },
}

impl Args<'_> {
    fn is_none(&self) -> bool {
        matches!(self, Args::None)
    }
}

impl<'a> Event<'a> {
    /// A complete (`X`) event.
    fn complete(
        name: impl Into<std::borrow::Cow<'a, str>>,
        cat: &'a str,
        (pid, tid): (usize, u32),
        (ts, dur): (f64, f64),
        args: Args<'a>,
    ) -> Event<'a> {
        Event {
            ph: "X",
            name: name.into(),
            cat: Some(cat),
            s: None,
            bp: None,
            id: None,
            pid,
            tid,
            ts: Some(ts),
            dur: Some(dur),
            args,
        }
    }

    /// A metadata (`M`) event: a process's or thread's name or sort index.
    fn metadata(kind: &'static str, pid: usize, tid: u32, args: Args<'a>) -> Event<'a> {
        Event {
            ph: "M",
            name: kind.into(),
            cat: None,
            s: None,
            bp: None,
            id: None,
            pid,
            tid,
            ts: None,
            dur: None,
            args,
        }
    }
}

fn metadata<'a>(kind: &'static str, pid: usize, tid: u32, name: &'a str) -> Event<'a> {
    Event::metadata(kind, pid, tid, Args::Name { name })
}

fn sort_index<'a>(pid: usize) -> Event<'a> {
    Event::metadata(
        "process_sort_index",
        pid,
        0,
        Args::SortIndex { sort_index: pid },
    )
}

/// The whole trace: its events and the unit the viewer shows.
#[derive(Serialize)]
struct Trace<'a> {
    #[serde(rename = "traceEvents")]
    trace_events: Vec<Event<'a>>,
    #[serde(rename = "displayTimeUnit")]
    display_time_unit: &'static str,
}

/// Builds `{"traceEvents": [...], "displayTimeUnit": "ns"}`. `ops` includes the `_Send` and
/// `_Recv` ops appended after the recorded ones; `recorded` is how many were recorded.
pub fn chrome_trace(
    hardware: &Hardware,
    ops: &[OpReport],
    recorded: usize,
    transfers: &[TransferReport],
    schedule: &Schedule,
) -> TraceJson {
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
        events.push(Event {
            ph: "i",
            name: format!("trace cut after {traced} of {recorded} ops").into(),
            cat: None,
            s: Some("g"),
            bp: None,
            id: None,
            pid: CLIENT_PID,
            tid: 1,
            ts: Some(us(cut)),
            dur: None,
            args: Args::None,
        });
    }
    for (op, timing) in ops.iter().zip(&schedule.ops).take(traced) {
        if let Some((start, duration)) = timing.dispatch {
            let what = if timing.execution == Execution::Eager {
                "dispatch"
            } else {
                "launch"
            };
            events.push(Event::complete(
                format!("{what} {}", op.name),
                "host",
                (CLIENT_PID, 1),
                (us(start), us(duration)),
                Args::Dispatch { op: op.id },
            ));
        }
        events.push(Event::complete(
            op.name.as_str(),
            &op.op_type,
            (stream_pid(timing.stream), COMPUTE_THREAD),
            (us(timing.start_ns), us(timing.duration_ns)),
            Args::Op {
                id: op.id,
                execution: timing.execution.name(),
            },
        ));
    }
    for element in schedule
        .pipeline
        .iter()
        .filter(|element| element.op < traced)
    {
        events.push(Event::complete(
            "produce element",
            "input pipeline",
            (stream_pid(element.stream), COMPUTE_THREAD),
            (us(element.start_ns), us(element.end_ns - element.start_ns)),
            Args::Element {
                consumer: element.op,
                stall_us: us(element.stall_ns),
            },
        ));
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
            events.push(Event::complete(
                transfer.tensor.as_str(),
                "transfer",
                (link_pid(hop.link), if hop.forward { 1 } else { 2 }),
                (us(hop.start_ns), us(hop.end_ns - hop.start_ns)),
                Args::Bytes {
                    bytes: transfer.bytes,
                },
            ));
        }
        let bytes = Args::Bytes {
            bytes: transfer.bytes,
        };
        events.push(Event::complete(
            format!("_Send {}", transfer.tensor),
            "_Send",
            (stream_pid(timing.src_stream), COPY_THREAD),
            (us(timing.start_ns), 0.001),
            bytes,
        ));
        events.push(Event::complete(
            format!("_Recv {}", transfer.tensor),
            "_Recv",
            (stream_pid(timing.dst_stream), COPY_THREAD),
            (us(timing.end_ns), 0.001),
            Args::Bytes {
                bytes: transfer.bytes,
            },
        ));
        // The flow from the `_Send` to the `_Recv`.
        for (ph, stream, ns) in [
            ("s", timing.src_stream, timing.start_ns),
            ("f", timing.dst_stream, timing.end_ns),
        ] {
            events.push(Event {
                ph,
                name: "transfer".into(),
                cat: Some("transfer"),
                s: None,
                bp: (ph == "f").then_some("e"),
                id: Some(index),
                pid: stream_pid(stream),
                tid: COPY_THREAD,
                ts: Some(us(ns)),
                dur: None,
                args: Args::None,
            });
        }
    }
    let trace = Trace {
        trace_events: events,
        display_time_unit: "ns",
    };
    TraceJson::from_json_text(serde_json::to_string(&trace).unwrap_or_default())
}
