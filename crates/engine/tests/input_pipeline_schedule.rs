//! The simulator's input-pipeline lane on hand-built reports: without `prefetch` every
//! element's production is a stall; with a buffer it overlaps the consumer's work, so only
//! production slower than consumption (or the first element) stalls; the input-bound
//! fraction and the profiler's verdict follow.

use engine::report::{InputElement, OpReport};
use engine::sim;
use engine::topology;

const CPU: &str = "/job:localhost/replica:0/task:0/device:CPU:0";

fn op(id: u32, op_type: &str, shape: &[i64], input_element: Option<InputElement>) -> OpReport {
    OpReport {
        id,
        name: format!("{op_type}_{id}"),
        op_type: op_type.into(),
        device: CPU.into(),
        requested_device: String::new(),
        reason: String::new(),
        inputs: Vec::new(),
        shape: shape.to_vec(),
        dtype: "float32".into(),
        line: 1,
        start_us: 0.0,
        dur_us: 0.0,
        execution: String::new(),
        launch: 0,
        cost: String::new(),
        input_element,
        not_computed: None,
        xla: false,
        class: engine::runtime::op_defs::sim_class(op_type),
    }
}

/// `steps` steps of one `IteratorGetNext` (producing for `produce_ns` in the background)
/// followed by a large element-wise op (the step's compute).
fn run(steps: u32, produce_ns: u64, prefetch: u32) -> sim::Simulation {
    let mut ops = Vec::new();
    for _ in 0..steps {
        let element = InputElement {
            iterator: 1,
            background_ns: produce_ns,
            inline_ns: 0,
            prefetch,
        };
        let id = ops.len() as u32;
        ops.push(op(id, "IteratorGetNext", &[32, 8], Some(element)));
        let id = ops.len() as u32;
        ops.push(op(id, "Relu", &[4096, 4096], None));
    }
    let cpu = topology::preset("cpu").expect("cpu preset");
    sim::simulate(&cpu.hardware, ops, Vec::new())
}

#[test]
fn prefetch_hides_production_up_to_the_step_time() {
    let step_ns = {
        let one = run(1, 0, 0);
        (one.ops[1].dur_us * 1e3) as u64
    };
    assert!(step_ns > 10_000, "the compute op takes {step_ns} ns");
    // Production shorter than a step: with prefetch only the first element stalls.
    let fast = run(20, step_ns / 2, 2);
    let serial = run(20, step_ns / 2, 0);
    assert!(
        fast.metrics.input_bound_fraction < 0.05,
        "{}",
        fast.metrics.input_bound_fraction
    );
    assert!(
        serial.metrics.input_bound_fraction > 0.20,
        "{}",
        serial.metrics.input_bound_fraction
    );
    assert!(serial.metrics.step_time_us > fast.metrics.step_time_us);
    // Production slower than a step stalls even with prefetch.
    let slow = run(20, step_ns * 2, 2);
    assert!(slow.metrics.input_bound_fraction > 0.20);
    assert!(slow
        .metrics
        .notes
        .iter()
        .any(|note| note.contains("Your program is HIGHLY input-bound because")));
    assert!(fast
        .metrics
        .notes
        .iter()
        .any(|note| note.contains("Your program is NOT input-bound because only")));
}

#[test]
fn verdicts_use_the_profiler_thresholds() {
    assert!(sim::input_pipeline_verdict(0.20).starts_with("Your program is HIGHLY"));
    assert!(sim::input_pipeline_verdict(0.05).starts_with("Your program is MODERATELY"));
    assert!(sim::input_pipeline_verdict(0.049).starts_with("Your program is NOT"));
    assert_eq!(
        sim::input_pipeline_verdict(0.123),
        "Your program is MODERATELY input-bound because 12.3% of the total step time sampled is waiting for input. Therefore, you would need to reduce both the input time and other time."
    );
}
