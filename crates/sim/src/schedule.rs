//! The discrete-event schedule: when every op and every transfer runs on the machine.
//!
//! Resources are timelines with a `free_at` instant: the client's Python thread (it
//! dispatches eager ops one by one and launches programs), one stream per device, and each
//! direction of each link. Ops arrive in program order, which is a valid topological order and
//! the order TensorFlow's in-order streams issue them in, so each event's start is simply
//! `max(issue, stream free, inputs ready)` and no event queue is needed: the schedule is the
//! same event simulation with the queue collapsed. Time is integer nanoseconds.
//!
//! - An eager op pays its device's dispatch on the client thread, plus a gRPC round trip when
//!   the device lives on another host; an eager CPU op on the client runs inline, blocking it.
//! - A `tf.function` call (`__inference_*`) or a `Session.run` pays one program launch; the
//!   ops inside issue together when it ends.
//! - A transfer crosses its route hop by hop; a hop waits for its link direction to be free,
//!   occupies it for `bytes / bandwidth`, and arrives `latency` later.
//! - An `IteratorGetNext` carrying [`InputElement`] work waits for its element: the host's
//!   input-pipeline lane (one per host CPU) produces elements in order. Without `prefetch`
//!   production starts when the consumer asks; with a buffer of `d`, element `k` may start
//!   once element `k - d` was consumed (from the iteration's first request on). Background
//!   work runs on the lane, inline work right before the consumer; the consumer's wait is
//!   the element's stall, and the stalls make the input-bound fraction.

use super::links::LinkState;
use super::work::op_work;
use hardware::roofline::{self, Bound, Work};
use hardware::Hardware;
use report::{InputElement, OpClass, OpReport, TransferReport};
use std::collections::HashMap;

/// How an op was issued.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Execution {
    /// Dispatched one by one from Python.
    Eager,
    /// Inside a compiled `tf.function` (or TPU program): one launch for all.
    Function,
    /// Inside a `Session.run`: one launch for all.
    Session,
    /// A function call op itself.
    Call,
}

impl Execution {
    /// The name the report uses.
    pub fn name(self) -> &'static str {
        match self {
            Execution::Eager => "eager",
            Execution::Function => "function",
            Execution::Session => "session",
            Execution::Call => "call",
        }
    }
}

/// When and where one op ran.
#[derive(Debug, Clone, PartialEq)]
pub struct OpTiming {
    /// Index into [`Hardware::devices`] whose figures timed it.
    pub device: usize,
    /// The stream (one per distinct device name) it ran on.
    pub stream: usize,
    pub start_ns: u64,
    pub duration_ns: u64,
    pub execution: Execution,
    /// Host dispatch or launch paid on the client thread before it: (start, duration).
    pub dispatch: Option<(u64, u64)>,
    pub bound: Bound,
    pub work: Work,
    pub padded_macs: u64,
    /// For an all-reduce: how many replicas took part (its ring's size), else 0.
    pub collective_ranks: u32,
    /// Fused by XLA into another op's kernel ([`super::fusion`]): its output is never
    /// written to device memory.
    pub in_fusion: bool,
}

/// One hop of a transfer on one link direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HopTiming {
    pub link: usize,
    pub forward: bool,
    pub start_ns: u64,
    pub end_ns: u64,
}

/// When one cross-device transfer ran and along which links.
#[derive(Debug, Clone, PartialEq)]
pub struct TransferTiming {
    pub start_ns: u64,
    pub end_ns: u64,
    pub hops: Vec<HopTiming>,
    /// The stream of the producer and of the consumer.
    pub src_stream: usize,
    pub dst_stream: usize,
    pub consumer: Option<u32>,
}

/// When the input pipeline produced one element and how long its consumer waited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PipelineTiming {
    /// The consuming `IteratorGetNext` (index into the ops).
    pub op: usize,
    /// The host's input-pipeline lane (a stream).
    pub stream: usize,
    /// Production: from its start on the lane until the element is available.
    pub start_ns: u64,
    pub end_ns: u64,
    /// How long the consumer waited for the element after asking for it.
    pub stall_ns: u64,
}

/// The prefetch state of one dataset iteration.
#[derive(Debug, Default)]
struct Iteration {
    first_request: Option<u64>,
    consumed: Vec<u64>,
}

/// The whole schedule.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Schedule {
    pub ops: Vec<OpTiming>,
    /// The input pipeline's elements, in consumption order.
    pub pipeline: Vec<PipelineTiming>,
    pub transfers: Vec<TransferTiming>,
    /// Stream names (device names as the ops gave them) and the device that times each.
    pub streams: Vec<(String, usize)>,
    pub makespan_ns: u64,
    /// Bytes the ring all-reduces sent over each link (by link index).
    pub collective_link_bytes: HashMap<usize, u64>,
}

struct State<'a> {
    hardware: &'a Hardware,
    client_free: u64,
    stream_free: Vec<u64>,
    links: LinkState,
    streams: Vec<(String, usize)>,
    stream_by_name: HashMap<String, usize>,
    /// Each op's end (when its output exists on its device).
    op_end: Vec<u64>,
}

impl State<'_> {
    /// The stream of device `name`, creating it on first use. Names the topology lacks
    /// (logical CPUs from a split) borrow the figures of their host's CPU.
    fn stream(&mut self, name: &str) -> usize {
        if let Some(&stream) = self.stream_by_name.get(name) {
            return stream;
        }
        let device = self.hardware.device_index(name).unwrap_or_else(|| {
            let prefix = name.rsplit_once("/device:").map_or("", |(head, _)| head);
            self.hardware
                .hosts
                .iter()
                .map(|host| host.cpu_device)
                .find(|&cpu| self.hardware.devices[cpu].name.starts_with(prefix))
                .unwrap_or(self.client_cpu())
        });
        self.streams.push((name.to_string(), device));
        self.stream_free.push(0);
        self.stream_by_name
            .insert(name.to_string(), self.streams.len() - 1);
        self.streams.len() - 1
    }

    fn client_cpu(&self) -> usize {
        self.hardware
            .hosts
            .first()
            .map_or(0, |host| host.cpu_device)
    }

    /// Round-trip latency of a message from the client to `device`'s host.
    fn remote_round_trip_ns(&self, device: usize) -> u64 {
        let host = self.hardware.devices[device].host;
        let target = self.hardware.hosts[host].cpu_device;
        let one_way: u64 = self
            .hardware
            .route(self.client_cpu(), target)
            .iter()
            .map(|hop| self.hardware.links[hop.link].latency_ns)
            .sum();
        2 * one_way
    }

    fn dispatch_ns(&self, device: usize) -> u64 {
        let chip = &self.hardware.devices[device].chip;
        (chip.eager_dispatch_us * 1e3) as u64 + self.remote_round_trip_ns(device)
    }

    fn launch_ns(&self, device: usize) -> u64 {
        let chip = &self.hardware.devices[device].chip;
        (chip.program_launch_us * 1e3) as u64 + self.remote_round_trip_ns(device)
    }

    /// Moves `bytes` from stream `src` to stream `dst`, ready at `ready_ns`; returns the hops.
    fn transfer(&mut self, src: usize, dst: usize, bytes: u64, ready_ns: u64) -> Vec<HopTiming> {
        let (src_device, dst_device) = (self.streams[src].1, self.streams[dst].1);
        self.links
            .send(self.hardware, src_device, dst_device, bytes, ready_ns)
    }
}

/// The members of the all-reduce starting at `first`: the following ops of the same type
/// and execution on distinct devices.
fn collective_group(ops: &[OpReport], executions: &[Execution], first: usize) -> Vec<usize> {
    let mut members = vec![first];
    let mut devices = vec![ops[first].device.as_str()];
    for (index, op) in ops.iter().enumerate().skip(first + 1) {
        if op.op_type != ops[first].op_type
            || executions[index] != executions[first]
            || devices.contains(&op.device.as_str())
        {
            break;
        }
        devices.push(op.device.as_str());
        members.push(index);
    }
    members
}

/// Which ops belong to a function body: `name` starts with the latest call op's function
/// name + `/`.
fn executions(ops: &[OpReport]) -> Vec<Execution> {
    let mut current_call: Option<&str> = None;
    ops.iter()
        .map(|op| {
            if op.class == OpClass::Call {
                // The body's ops are named after the function (the op type): a second call's
                // op is `__inference_f_7_1`, its body still `__inference_f_7/...`.
                current_call = Some(op.op_type.as_str());
                return Execution::Call;
            }
            let in_body = current_call.is_some_and(|call| {
                op.name.len() > call.len()
                    && op.name.starts_with(call)
                    && op.name.as_bytes()[call.len()] == b'/'
            });
            if in_body {
                Execution::Function
            } else if op.launch != 0 {
                Execution::Session
            } else {
                Execution::Eager
            }
        })
        .collect()
}

/// Produces the element an `IteratorGetNext` (op `index`, asking at `request`) consumes on
/// its host's input-pipeline lane; returns its timing and when the consumer may start.
fn produce(
    state: &mut State<'_>,
    iterations: &mut HashMap<u32, Iteration>,
    op: &OpReport,
    element: &InputElement,
    index: usize,
    request: u64,
) -> (PipelineTiming, u64) {
    let lane = state.stream(&format!("{} input pipeline", op.device));
    let iteration = iterations.entry(element.iterator).or_default();
    let first_request = *iteration.first_request.get_or_insert(request);
    let depth = element.prefetch as usize;
    let earliest = if depth == 0 {
        request
    } else {
        let consumed = &iteration.consumed;
        if consumed.len() >= depth {
            consumed[consumed.len() - depth]
        } else {
            first_request
        }
    };
    let start = state.stream_free[lane].max(earliest);
    let end = start + element.background_ns;
    state.stream_free[lane] = end;
    let available = end.max(request) + element.inline_ns;
    // Without background work the element is made while the consumer waits.
    let shown_start = if element.background_ns == 0 {
        end.max(request)
    } else {
        start
    };
    let timing = PipelineTiming {
        op: index,
        stream: lane,
        start_ns: shown_start,
        end_ns: available,
        stall_ns: available.saturating_sub(request),
    };
    (timing, available)
}

/// Schedules `ops` and `transfers` (as the recorder produced them) on `hardware`.
pub fn schedule(hardware: &Hardware, ops: &[OpReport], transfers: &[TransferReport]) -> Schedule {
    let mut state = State {
        hardware,
        client_free: 0,
        stream_free: Vec::new(),
        links: LinkState::new(hardware),
        streams: Vec::new(),
        stream_by_name: HashMap::new(),
        op_end: vec![0; ops.len()],
    };
    let executions = executions(ops);
    let internal = super::fusion::internal_ops(hardware, ops, transfers, &executions);
    // Transfers feeding each consumer op, in recorded order.
    let mut feeding: HashMap<u32, Vec<usize>> = HashMap::new();
    for (index, transfer) in transfers.iter().enumerate() {
        if let Some(consumer) = transfer.consumer {
            feeding.entry(consumer).or_default().push(index);
        }
    }
    let mut transfer_timings: Vec<Option<TransferTiming>> = vec![None; transfers.len()];
    let mut pipeline = Vec::new();
    let mut iterations: HashMap<u32, Iteration> = HashMap::new();
    let mut timings = Vec::with_capacity(ops.len());
    let mut launch_end = 0u64;
    let mut current_launch = 0u32;
    let mut call_index: Option<usize> = None;
    // All-reduces planned at their first member: (start, duration, ranks) per member.
    let mut collectives: HashMap<usize, (u64, u64, u32)> = HashMap::new();
    let mut collective_link_bytes: HashMap<usize, u64> = HashMap::new();
    for (index, op) in ops.iter().enumerate() {
        let stream = state.stream(&op.device);
        let device = state.streams[stream].1;
        let execution = executions[index];
        let mut dispatch = None;
        let issue = match execution {
            Execution::Eager => {
                let cost = state.dispatch_ns(device);
                dispatch = Some((state.client_free, cost));
                state.client_free += cost;
                state.client_free
            }
            Execution::Call => {
                let body_device = ops[index + 1..]
                    .iter()
                    .take_while(|next| next.name.starts_with(&op.name))
                    .filter_map(|next| hardware.device_index(&next.device))
                    .max_by_key(|&d| state.launch_ns(d))
                    .unwrap_or(device);
                let cost = state.launch_ns(body_device);
                dispatch = Some((state.client_free, cost));
                state.client_free += cost;
                launch_end = state.client_free;
                call_index = Some(index);
                state.client_free
            }
            Execution::Session => {
                if op.launch != current_launch {
                    current_launch = op.launch;
                    let cost = state.launch_ns(state.client_cpu());
                    dispatch = Some((state.client_free, cost));
                    state.client_free += cost;
                    launch_end = state.client_free;
                }
                launch_end
            }
            Execution::Function => launch_end,
        };
        let mut ready = issue;
        for &producer in &op.inputs {
            if let Some(&end) = state.op_end.get(producer as usize) {
                ready = ready.max(end);
            }
        }
        for &transfer_index in feeding.get(&op.id).map_or(&[][..], Vec::as_slice) {
            let transfer = &transfers[transfer_index];
            let produced = transfer
                .producer
                .and_then(|p| state.op_end.get(p as usize).copied())
                .unwrap_or(0);
            let src = state.stream(&transfer.src);
            let hops = state.transfer(src, stream, transfer.bytes, produced);
            let end = hops.last().map_or(produced, |hop| hop.end_ns);
            ready = ready.max(end);
            transfer_timings[transfer_index] = Some(TransferTiming {
                start_ns: hops.first().map_or(produced, |hop| hop.start_ns),
                end_ns: end,
                hops,
                src_stream: src,
                dst_stream: stream,
                consumer: Some(op.id),
            });
        }
        if let Some(element) = &op.input_element {
            // The step asks for its element when it reaches the get-next on its device: a
            // compiled step issued early still waits for the previous step to finish.
            let request = ready.max(state.stream_free[stream]);
            let (timing, wait_until) =
                produce(&mut state, &mut iterations, op, element, index, request);
            ready = ready.max(wait_until);
            pipeline.push(timing);
        }
        let work = super::fusion::fused_work(ops, &internal, index, op_work(op, ops));
        let chip = &hardware.devices[device].chip;
        if op.class == OpClass::AllReduce && !collectives.contains_key(&index) {
            // A ring all-reduce: every member starts when the last is ready and they end
            // together, after the ring's 2(p−1) steps over the machine's links.
            let members = collective_group(ops, &executions, index);
            let mut group_ready = ready;
            if execution == Execution::Eager {
                // Eager members are dispatched one after the other: the ring starts once
                // the host has issued the last of them.
                let mut issued = state.client_free;
                for &member in &members[1..] {
                    let member_device =
                        hardware.device_index(&ops[member].device).unwrap_or(device);
                    issued += state.dispatch_ns(member_device);
                }
                group_ready = group_ready.max(issued);
            }
            let mut ring = Vec::with_capacity(members.len());
            for &member in &members {
                let member_stream = state.stream(&ops[member].device);
                group_ready = group_ready.max(state.stream_free[member_stream]);
                for &producer in &ops[member].inputs {
                    if let Some(&end) = state.op_end.get(producer as usize) {
                        group_ready = group_ready.max(end);
                    }
                }
                ring.push(state.streams[member_stream].1);
            }
            let bytes = super::work::output_bytes(op);
            let duration = super::collective::ring_all_reduce_ns(hardware, &ring, bytes);
            // Each rank sends 2(p−1) chunks of n/p bytes to its ring neighbour.
            let ranks = ring.len() as u64;
            let per_rank = 2 * (ranks.saturating_sub(1)) * bytes.div_ceil(ranks.max(1));
            for (rank, &src) in ring.iter().enumerate() {
                let dst = ring[(rank + 1) % ring.len()];
                for hop in hardware.route(src, dst) {
                    *collective_link_bytes.entry(hop.link).or_default() += per_rank;
                }
            }
            for &member in &members {
                collectives.insert(member, (group_ready, duration, members.len() as u32));
            }
        }
        let collective = collectives.get(&index).copied();
        let (start, duration, bound, padded_macs) = if execution == Execution::Call {
            (issue, 0, Bound::Floor, 0)
        } else if let Some((start, duration, _)) = collective {
            let start = start.max(ready);
            state.stream_free[stream] = start + duration;
            (start, duration, Bound::Memory, 0)
        } else {
            // An op fused into another's kernel pays no launch floor of its own.
            let timing = if internal[index] {
                roofline::op_time_in_fusion(chip, &op.dtype, &work)
            } else {
                roofline::op_time(chip, &op.dtype, &work)
            };
            let start = ready.max(state.stream_free[stream]);
            state.stream_free[stream] = start + timing.duration_ns;
            (start, timing.duration_ns, timing.bound, timing.padded_macs)
        };
        let end = start + duration;
        state.op_end[index] = end;
        if let Some(element) = &op.input_element {
            if let Some(iteration) = iterations.get_mut(&element.iterator) {
                iteration.consumed.push(start);
            }
        }
        let on_client = hardware.devices[device].host == 0 && chip.device_type == "CPU";
        if execution == Execution::Eager && on_client {
            state.client_free = state.client_free.max(end);
        }
        if let Some(call) = call_index.filter(|_| execution == Execution::Function) {
            state.op_end[call] = state.op_end[call].max(end);
        }
        timings.push(OpTiming {
            device,
            stream,
            start_ns: start,
            duration_ns: duration,
            execution,
            dispatch,
            bound,
            work,
            padded_macs,
            collective_ranks: collective.map_or(0, |(_, _, ranks)| ranks),
            in_fusion: internal[index],
        });
    }
    // A call op spans its launch to the end of its body.
    for (index, timing) in timings.iter_mut().enumerate() {
        if timing.execution == Execution::Call {
            timing.duration_ns = state.op_end[index].saturating_sub(timing.start_ns);
        }
    }
    let transfers_done: Vec<TransferTiming> = transfers
        .iter()
        .zip(transfer_timings)
        .map(|(transfer, timing)| {
            timing.unwrap_or_else(|| {
                // A transfer with no recorded consumer (older recorders): schedule it alone.
                let src = state.stream(&transfer.src);
                let dst = state.stream(&transfer.dst);
                let produced = transfer
                    .producer
                    .and_then(|p| state.op_end.get(p as usize).copied())
                    .unwrap_or(0);
                let hops = state.transfer(src, dst, transfer.bytes, produced);
                TransferTiming {
                    start_ns: hops.first().map_or(produced, |h| h.start_ns),
                    end_ns: hops.last().map_or(produced, |h| h.end_ns),
                    hops,
                    src_stream: src,
                    dst_stream: dst,
                    consumer: None,
                }
            })
        })
        .collect();
    let makespan_ns = state
        .op_end
        .iter()
        .copied()
        .chain(transfers_done.iter().map(|t| t.end_ns))
        .chain(std::iter::once(state.client_free))
        .max()
        .unwrap_or(0);
    Schedule {
        ops: timings,
        pipeline,
        transfers: transfers_done,
        streams: state.streams,
        makespan_ns,
        collective_link_bytes,
    }
}
