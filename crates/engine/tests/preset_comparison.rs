//! One program, four machines: what a user compares when switching the topology picker
//! from `cpu` to `colab-t4`, `2x-v100-nvlink` and `colab-tpu-v2-8`. The placements,
//! transfers and step times must differ the way the hardware says, with a reason on
//! every op.

use engine::report::RunReport;
use engine::{run_program, RunRequest};

/// A two-layer step in a `tf.function`: the first layer wherever TensorFlow's priorities
/// put it, the second asked for `/GPU:1` (soft placement decides when there is none).
const PROGRAM: &str = r#"import tensorflow as tf
tf.config.set_soft_device_placement(True)
x = tf.random.normal([128, 512], seed=1)
w1 = tf.Variable(tf.random.normal([512, 512], seed=2))
with tf.device('/GPU:1'):
    w2 = tf.Variable(tf.random.normal([512, 10], seed=3))

@tf.function
def step(x):
    h = tf.nn.relu(tf.matmul(x, w1))
    with tf.device('/GPU:1'):
        logits = tf.matmul(h, w2)
    return tf.reduce_mean(logits)

print(step(x).shape)
"#;

fn run(topology: &str) -> RunReport {
    let report = run_program(&RunRequest {
        source: PROGRAM,
        topology,
    })
    .expect("a preset");
    assert_eq!(report.exit_code, 0, "{topology}: {}", report.stderr);
    assert_eq!(report.stdout, "()\n", "{topology}");
    for op in &report.ops {
        assert!(
            !op.reason.is_empty(),
            "{topology}: {} has no reason",
            op.name
        );
    }
    assert!(report.metrics.step_time_us > 0.0, "{topology}");
    report
}

fn device_of<'a>(report: &'a RunReport, name: &str) -> &'a str {
    let op = report
        .ops
        .iter()
        .find(|op| op.name.ends_with(name))
        .unwrap_or_else(|| panic!("no op named {name}"));
    op.device.rsplit('/').next().unwrap_or_default()
}

fn link_bytes(report: &RunReport, kind: &str) -> u64 {
    report
        .metrics
        .bytes_by_link
        .iter()
        .filter(|(link, _)| link.contains(kind))
        .map(|(_, bytes)| bytes)
        .sum()
}

#[test]
fn four_presets_place_move_and_time_the_same_program_differently() {
    let cpu = run("cpu");
    let t4 = run("colab-t4");
    let v100 = run("2x-v100-nvlink");
    let tpu = run("colab-tpu-v2-8");

    // cpu: everything on the CPU, nothing moves.
    assert!(cpu.ops.iter().all(|op| op.device.ends_with("CPU:0")));
    assert!(cpu.transfers.is_empty());

    // colab-t4: the body runs on the GPU; the `/GPU:1` request falls back to GPU:0 and
    // the report says why.
    assert_eq!(device_of(&t4, "step_35/MatMul"), "device:GPU:0");
    let second = t4
        .ops
        .iter()
        .find(|op| op.name.ends_with("step_35/MatMul_1"))
        .expect("the second layer");
    assert!(second.device.ends_with("GPU:0"));
    assert!(
        second.reason.contains("soft placement"),
        "{}",
        second.reason
    );

    // 2x-v100-nvlink: the second layer gets its GPU, and the hidden activations
    // (128 x 512 floats) cross NVLink to reach it.
    assert_eq!(device_of(&v100, "step_35/MatMul"), "device:GPU:0");
    assert_eq!(device_of(&v100, "step_35/MatMul_1"), "device:GPU:1");
    assert!(link_bytes(&v100, "NVLink") >= 128 * 512 * 4);
    assert!(v100
        .transfers
        .iter()
        .any(|transfer| transfer.link.contains("NVLink") && transfer.bytes == 128 * 512 * 4));

    // colab-tpu-v2-8 before connecting to the TPU: only the VM's CPU is visible, so it
    // runs like `cpu` (TPU cores appear after connect and initialise).
    assert!(tpu.ops.iter().all(|op| op.device.ends_with("CPU:0")));
    assert!(tpu.transfers.is_empty());

    // The GPUs finish the step far sooner than the 2-vCPU hosts.
    assert!(t4.metrics.step_time_us * 3.0 < cpu.metrics.step_time_us);
    assert!(v100.metrics.step_time_us < t4.metrics.step_time_us);
    assert_eq!(
        tpu.metrics.step_time_us, cpu.metrics.step_time_us,
        "the same host CPU does the same work"
    );
}
