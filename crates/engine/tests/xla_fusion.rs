//! TPU programs as XLA compiles them: element-wise ops fuse into one kernel that keeps its
//! intermediates out of device memory, while the same ops run eagerly are kernels of their
//! own; and the replicas of a step run side by side, whatever order they were recorded in.

use engine::report::{OpReport, RunReport};

mod common;
use common::{run_on, TPU_STRATEGY};

fn ops_on<'a>(report: &'a RunReport, op_type: &str, device: &str) -> Vec<&'a OpReport> {
    report
        .ops
        .iter()
        .filter(|op| op.op_type == op_type && op.device.ends_with(device))
        .collect()
}

#[test]
fn element_wise_ops_fuse_in_a_tpu_program_and_not_eagerly() {
    let program = format!(
        "{TPU_STRATEGY}
@tf.function
def step(x):
    def replica_fn(x):
        y = x * 2.0 + 1.0
        return tf.reduce_sum(tf.nn.relu(y))
    return strategy.run(replica_fn, args=(x,))

print(step(tf.ones([1024, 1024])).values[0])
with tf.device('/TPU:0'):
    z = tf.ones([1024, 1024]) * 2.0
"
    );
    let report = run_on("colab-tpu-v2-8", &program);
    assert_eq!(report.exit_code, 0, "{}", report.stderr);
    let muls = ops_on(&report, "Mul", "TPU:0");
    assert_eq!(muls.len(), 2);
    let (compiled, eager) = (muls[0], muls[1]);
    // Compiled: reads x (4 MiB) and the scalar, writes nothing: the add, the relu and the
    // sum's loop take its value in registers.
    assert_eq!(compiled.execution, "function");
    assert!(
        compiled.cost.contains("inside an XLA fusion"),
        "{}",
        compiled.cost
    );
    assert!(
        compiled.cost.contains(": 1048576 FLOP, 4194308 B"),
        "{}",
        compiled.cost
    );
    for fused in ["AddV2", "Relu"] {
        let op = ops_on(&report, fused, "TPU:0")[0];
        assert!(
            op.cost.contains("inside an XLA fusion"),
            "{fused}: {}",
            op.cost
        );
    }
    // The reduction is the fusion's root: it writes its result.
    let sum = ops_on(&report, "Sum", "TPU:0")[0];
    assert!(!sum.cost.contains("inside"), "{}", sum.cost);
    // Eager: a kernel of its own that reads its input and writes its output.
    assert_eq!(eager.execution, "eager");
    assert!(
        eager.cost.starts_with("memory-bound on TPU v2"),
        "{}",
        eager.cost
    );
    assert!(
        eager.cost.contains(": 1048576 FLOP, 8388612 B"),
        "{}",
        eager.cost
    );
    assert!(
        compiled.dur_us < eager.dur_us / 1.5,
        "{} vs {}",
        compiled.dur_us,
        eager.dur_us
    );
}

#[test]
fn the_replicas_of_a_fit_step_run_side_by_side() {
    // Each replica's step reads and updates host-side metric state after its loss, and is
    // recorded after the replica before it; a link must still carry the next replica's
    // batch as soon as it is ready rather than after the previous replica's last message.
    let program = format!(
        "{TPU_STRATEGY}import numpy as np
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input(shape=(1024,)),
                                 tf.keras.layers.Dense(4096, activation='relu'),
                                 tf.keras.layers.Dense(10)])
    model.compile(optimizer='sgd', loss='mse')
x = np.ones((8 * 1024, 1024), dtype=np.float32)
y = np.ones((8 * 1024, 10), dtype=np.float32)
model.fit(x, y, batch_size=8 * 1024, epochs=1, verbose=0)
"
    );
    let report = run_on("colab-tpu-v2-8", &program);
    assert_eq!(report.exit_code, 0, "{}", report.stderr);
    // The first forward MatMul of each replica: one per TPU core.
    let mut starts: Vec<f64> = (0..8)
        .map(|core| {
            report
                .ops
                .iter()
                .find(|op| {
                    op.op_type == "MatMul"
                        && op.execution == "function"
                        && op.device.ends_with(&format!("TPU:{core}"))
                })
                .expect("each replica runs the step")
                .start_us
        })
        .collect();
    starts.sort_by(f64::total_cmp);
    // Replica 0's step on its core ends with its last op there.
    let first_replica_end = report
        .ops
        .iter()
        .filter(|op| op.execution == "function" && op.device.ends_with("TPU:0"))
        .map(|op| op.start_us + op.dur_us)
        .fold(0.0, f64::max);
    // Side by side, the last replica starts before the first is done (serialized, it
    // would start after seven replicas' steps).
    assert!(
        starts[7] < first_replica_end,
        "{starts:?}, replica 0 ends at {first_replica_end}"
    );
}
