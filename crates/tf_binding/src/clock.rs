//! `_playground_clock`: the simulated clock the bundled `time` module reads, so a program
//! that times its work prints how long it takes on the emulated machine, the same on every
//! run.
//!
//! Now is: the end of the simulated timeline of every op recorded so far (the simulator
//! schedules them on the topology's devices and links), plus the time the interpreter
//! itself would have taken (its instruction budget spent, at [`NS_PER_INSTRUCTION`]), plus
//! what the program slept. The clock starts at [`EPOCH_NS`].

use std::collections::HashMap;

use lang::host::{native_function_closure, new_module};
use lang::value::{PyResult, Value};
use lang::vm::Vm;

use super::St;

/// The module's name: private, imported by `time` (crates/pylib/python/time.py).
pub const MODULE: &str = "_playground_clock";

/// The wall clock when a run starts: 2026-01-01T00:00:00Z, fixed so runs are reproducible.
pub const EPOCH_NS: u64 = 1_767_225_600_000_000_000;

/// What one interpreted instruction costs on the emulated machine's host: about what CPython
/// takes for a bytecode on a Colab VM.
pub const NS_PER_INSTRUCTION: u64 = 15;

/// `_playground_clock`: `elapsed_ns()` since the run started, and `sleep_ns(n)`.
pub fn build(st: &St) -> Vec<(String, Value)> {
    let module = new_module(MODULE);
    let state = st.clone();
    module.set(
        "elapsed_ns",
        native_function_closure("elapsed_ns", move |vm, _args| {
            Ok(Value::Int(elapsed_ns(&state, vm) as i64))
        }),
    );
    let state = st.clone();
    module.set(
        "sleep_ns",
        native_function_closure("sleep_ns", move |vm, args| {
            sleep_ns(&state, vm, args.get(0))
        }),
    );
    module.set("EPOCH_NS", Value::Int(EPOCH_NS as i64));
    vec![(MODULE.to_string(), Value::Module(module))]
}

/// What the clock keeps of its last schedule of the recorded ops, so that a read with no op
/// recorded since (a training loop past [`runtime::recorder::RECORDED_OPS_MAX`], or a
/// progress bar redrawn twice) costs no scheduling.
pub(crate) struct Scheduled {
    /// How many ops and transfers were scheduled.
    recorded: (usize, usize),
    makespan_ns: u64,
    /// Each function's time per call: the end of its last recorded call after the end of the
    /// one before it (or its only call's duration).
    per_call_ns: HashMap<String, u64>,
}

/// The simulated time since the run started, in ns.
fn elapsed_ns(st: &St, vm: &mut Vm<'_>) -> u64 {
    let recorded = match st.ctx.try_borrow() {
        Ok(ctx) => {
            let recorder = &ctx.recorder;
            let mut cache = st.clock_schedule.borrow_mut();
            let counts = (recorder.ops.len(), recorder.transfers.len());
            if cache
                .as_ref()
                .is_none_or(|cached| cached.recorded != counts)
            {
                *cache = Some(schedule_recorded(st, recorder));
            }
            let scheduled = cache.as_ref().expect("scheduled above");
            // The function calls made after the run stopped recording ops (a long training
            // loop) each take as long as the function's last recorded call, one after another.
            let unrecorded = recorder
                .unrecorded_calls
                .iter()
                .map(|(function, count)| {
                    let per_call = scheduled.per_call_ns.get(function).copied().unwrap_or(0);
                    per_call.saturating_mul(*count)
                })
                .fold(0, u64::saturating_add);
            scheduled.makespan_ns.saturating_add(unrecorded)
        }
        Err(_) => 0,
    };
    let interpreter = vm
        .python_instructions_used()
        .saturating_mul(NS_PER_INSTRUCTION);
    recorded
        .saturating_add(interpreter)
        .saturating_add(st.slept_ns.get())
}

/// Schedules every op recorded so far on the topology.
fn schedule_recorded(st: &St, recorder: &runtime::recorder::Recorder) -> Scheduled {
    let (ops, transfers) = (&recorder.ops, &recorder.transfers);
    // Scheduling every op recorded so far: charged like the work it is.
    meter::work::add((ops.len() + transfers.len()) as u64 * 20);
    let schedule = sim::schedule::schedule(&st.topology.hardware, ops, transfers);
    // (start, end) of each function's last two calls, latest first.
    let mut calls: HashMap<String, [Option<(u64, u64)>; 2]> = HashMap::new();
    for (op, timing) in ops.iter().zip(&schedule.ops) {
        if op.class == report::OpClass::Call {
            let span = (timing.start_ns, timing.start_ns + timing.duration_ns);
            let last = calls.entry(op.op_type.clone()).or_default();
            *last = [Some(span), last[0]];
        }
    }
    let per_call_ns = calls
        .into_iter()
        .map(|(function, last)| {
            let per_call = match last {
                [Some((_, end)), Some((_, previous))] => end.saturating_sub(previous),
                [Some((start, end)), None] => end - start,
                _ => 0,
            };
            (function, per_call)
        })
        .collect();
    Scheduled {
        recorded: (ops.len(), transfers.len()),
        makespan_ns: schedule.makespan_ns,
        per_call_ns,
    }
}

fn sleep_ns(st: &St, vm: &mut Vm<'_>, ns: Option<&Value>) -> PyResult {
    let Some(ns) = ns.and_then(Value::as_i64) else {
        return Err(vm.type_error("sleep_ns() takes an int"));
    };
    if ns < 0 {
        return Err(vm.value_error("sleep length must be non-negative"));
    }
    st.slept_ns.set(st.slept_ns.get().saturating_add(ns as u64));
    Ok(Value::None)
}
