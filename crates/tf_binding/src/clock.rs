//! `_playground_clock`: the simulated clock the bundled `time` module reads, so a program
//! that times its work prints how long it takes on the emulated machine, the same on every
//! run.
//!
//! Now is: the end of the simulated timeline of every op recorded so far (the simulator
//! schedules them on the topology's devices and links), plus the time the interpreter
//! itself would have taken (its instruction budget spent, at [`NS_PER_INSTRUCTION`]), plus
//! what the program slept. The clock starts at [`EPOCH_NS`].

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

/// The simulated time since the run started, in ns.
fn elapsed_ns(st: &St, vm: &mut Vm<'_>) -> u64 {
    let makespan = match st.ctx.try_borrow() {
        Ok(ctx) => {
            let (ops, transfers) = (&ctx.recorder.ops, &ctx.recorder.transfers);
            // Scheduling every op recorded so far: charged like the work it is.
            meter::work::add((ops.len() + transfers.len()) as u64 * 20);
            let schedule = sim::schedule::schedule(&st.topology.hardware, ops, transfers);
            schedule
                .makespan_ns
                .saturating_add(unrecorded_calls_ns(&ctx.recorder, &schedule))
        }
        Err(_) => 0,
    };
    let interpreter = vm
        .python_instructions_used()
        .saturating_mul(NS_PER_INSTRUCTION);
    makespan
        .saturating_add(interpreter)
        .saturating_add(st.slept_ns.get())
}

/// The time of the function calls made after the run stopped recording ops (a long
/// training loop): each takes as long as its function's last recorded call added to the
/// timeline (the end of that call after the end of the one before it), one after another.
fn unrecorded_calls_ns(
    recorder: &runtime::recorder::Recorder,
    schedule: &sim::schedule::Schedule,
) -> u64 {
    recorder
        .unrecorded_calls
        .iter()
        .map(|(function, count)| {
            let mut ends = recorder
                .ops
                .iter()
                .enumerate()
                .filter(|(_, op)| op.op_type == *function)
                .filter_map(|(index, _)| schedule.ops.get(index))
                .map(|timing| (timing.start_ns, timing.start_ns + timing.duration_ns))
                .rev();
            let per_call = match (ends.next(), ends.next()) {
                (Some((_, last)), Some((_, previous))) => last.saturating_sub(previous),
                (Some((start, end)), None) => end - start,
                _ => 0,
            };
            per_call.saturating_mul(*count)
        })
        .fold(0, u64::saturating_add)
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
