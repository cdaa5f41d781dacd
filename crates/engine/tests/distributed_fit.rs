//! Keras `fit` on a model built in `strategy.scope()` (issue 7): each global batch is split
//! over the replicas, every replica runs the step on its own device, and the gradients are
//! all-reduced every step (over ICI on a TPU, NVLink between GPUs); `evaluate` and
//! `predict` split their batches the same way and give what one device gives. Values on CPU
//! are checked against TensorFlow by conformance cases `l6_11` and `l6_28`; these tests
//! read the reports.

use engine::report::{OpReport, RunReport};

mod common;
use common::run_on;

/// A two-layer model fitted for one epoch of `steps` global batches of 16 rows.
fn program(setup: &str, steps: usize) -> String {
    format!(
        "import numpy as np
import tensorflow as tf
{setup}
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input(shape=(8,)),
                                 tf.keras.layers.Dense(16, activation='relu'),
                                 tf.keras.layers.Dense(1)])
    model.compile(optimizer='sgd', loss='mse')
x = np.ones(({rows}, 8), dtype=np.float32)
y = np.ones(({rows}, 1), dtype=np.float32)
model.fit(x, y, batch_size=16, epochs=1, verbose=0)
print(strategy.num_replicas_in_sync, model.optimizer.iterations.numpy())
",
        rows = 16 * steps
    )
}

/// The devices of the first layer's forward MatMuls, and the all-reduces of `op_type`.
fn matmul_devices(report: &RunReport) -> Vec<&str> {
    report
        .ops
        .iter()
        .filter(|op| op.op_type == "MatMul")
        .map(|op| op.device.as_str())
        .collect()
}

fn all_reduces<'a>(report: &'a RunReport, op_type: &str) -> Vec<&'a OpReport> {
    report
        .ops
        .iter()
        .filter(|op| op.op_type == op_type)
        .collect()
}

/// Asserts that every step ran on each of `devices` and all-reduced each of the model's
/// four weights there, the members of each all-reduce running as one ring.
fn assert_distributed(report: &RunReport, devices: &[String], op_type: &str, steps: usize) {
    let matmuls = matmul_devices(report);
    for device in devices {
        // Two forward MatMuls per replica and step.
        assert_eq!(
            matmuls.iter().filter(|d| *d == device).count(),
            2 * steps,
            "{device}: {matmuls:?}"
        );
    }
    let reduces = all_reduces(report, op_type);
    assert_eq!(reduces.len(), 4 * steps * devices.len());
    for group in reduces.chunks(devices.len()) {
        let on: Vec<&str> = group.iter().map(|op| op.device.as_str()).collect();
        assert_eq!(on, devices);
        // One ring: every member starts when the last is issued and takes the ring's time.
        assert!(group
            .iter()
            .all(|op| op.start_us == group[0].start_us && op.dur_us == group[0].dur_us));
        assert!(group[0].dur_us > 0.0, "the ring takes time");
    }
}

#[test]
fn fit_on_a_colab_tpu_runs_every_step_on_eight_cores() {
    let setup = "import os
resolver = tf.distribute.cluster_resolver.TPUClusterResolver(tpu='grpc://' + os.environ['COLAB_TPU_ADDR'])
tf.config.experimental_connect_to_cluster(resolver)
tf.tpu.experimental.initialize_tpu_system(resolver)
strategy = tf.distribute.TPUStrategy(resolver)";
    let report = run_on("colab-tpu-v2-8", &program(setup, 3));
    assert_eq!(report.stdout, "8 3\n", "{}", report.stderr);
    let cores: Vec<String> = (0..8)
        .map(|core| format!("/job:worker/replica:0/task:0/device:TPU:{core}"))
        .collect();
    assert_distributed(&report, &cores, "CrossReplicaSum", 3);
    assert!(report
        .metrics
        .bytes_by_link
        .keys()
        .any(|link| link.starts_with("ICI")));
}

#[test]
fn fit_on_two_v100s_runs_every_step_on_both_gpus() {
    let report = run_on(
        "2x-v100-nvlink",
        &program("strategy = tf.distribute.MirroredStrategy()", 2),
    );
    assert_eq!(report.stdout, "2 2\n", "{}", report.stderr);
    let gpus: Vec<String> = (0..2)
        .map(|gpu| format!("/job:localhost/replica:0/task:0/device:GPU:{gpu}"))
        .collect();
    assert_distributed(&report, &gpus, "NcclAllReduce", 2);
    assert!(report.metrics.bytes_by_link["NVLink GPU:0<->GPU:1"] > 0);
}

/// `MirroredStrategy()` takes every logical CPU; each copy is updated on its own device.
/// A model built outside any scope trains as before, on one device without all-reduces.
#[test]
fn copies_update_on_their_devices_and_plain_models_are_unchanged() {
    let source = "import numpy as np
import tensorflow as tf
cpus = tf.config.list_physical_devices('CPU')
tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * 2)
strategy = tf.distribute.MirroredStrategy()
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(1)])
    model.compile(optimizer='adam', loss='mse')
x = np.ones((6, 2), dtype=np.float32)
y = np.ones((6, 1), dtype=np.float32)
model.fit(x, y, batch_size=6, epochs=2, verbose=0)
plain = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(1)])
plain.compile(optimizer='adam', loss='mse')
plain.fit(x, y, batch_size=6, epochs=1, verbose=0)
print('done')
";
    let report = run_on("cpu", source);
    assert_eq!(report.stdout, "done\n", "{}", report.stderr);
    let reduces = all_reduces(&report, "CollectiveReduceV2");
    assert_eq!(
        reduces.len(),
        2 * 2 * 2,
        "two weights, two steps, two replicas"
    );
    let assigns: Vec<&OpReport> = report
        .ops
        .iter()
        .filter(|op| op.op_type == "AssignSubVariableOp" || op.op_type == "AssignVariableOp")
        .collect();
    assert!(assigns.iter().any(|op| op.device.ends_with("CPU:1")));
}

/// `evaluate` and `predict` of a model built in `strategy.scope()` (24 rows in batches of
/// 16: the short last batch gives each of eight replicas one row): the weights and inputs
/// are small integers, exact in a TPU's bf16 MXU, so every machine must print what one CPU
/// prints. (A batch that leaves a replica no rows makes Keras 3's loss tracker NaN, as in
/// TensorFlow: the mean of an empty loss; tensorflow/tensorflow#36224.)
fn inference_program(setup: &str) -> String {
    format!(
        "import numpy as np
import tensorflow as tf
{setup}
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input(shape=(8,)),
                                 tf.keras.layers.Dense(4, activation='relu', kernel_initializer='ones'),
                                 tf.keras.layers.Dense(1, kernel_initializer='ones')])
    model.compile(optimizer='sgd', loss='mse', metrics=['mae'])
x = np.array([[i % 5] * 8 for i in range(24)], dtype=np.float32)
y = np.array([[i] for i in range(24)], dtype=np.float32)
print(model.evaluate(x, y, batch_size=16, verbose=0))
print(model.predict(x, batch_size=16, verbose=0)[:, 0].tolist())
"
    )
}

/// Asserts that every one of `devices` ran the forward pass (two MatMuls per batch it got
/// rows of, for evaluate and for predict).
fn assert_every_replica_ran_inference(report: &RunReport, devices: &[String]) {
    let matmuls = matmul_devices(report);
    for device in devices {
        assert!(
            matmuls.iter().filter(|d| *d == device).count() >= 4,
            "{device}: {matmuls:?}"
        );
    }
}

#[test]
fn evaluate_and_predict_run_on_every_replica_and_match_one_cpu() {
    let on_cpu = run_on(
        "cpu",
        &inference_program("strategy = tf.distribute.get_strategy()"),
    );
    assert!(on_cpu.stdout.starts_with('['), "{}", on_cpu.stderr);
    let tpu = run_on(
        "colab-tpu-v2-8",
        &inference_program(
            "import os
resolver = tf.distribute.cluster_resolver.TPUClusterResolver(tpu='grpc://' + os.environ['COLAB_TPU_ADDR'])
tf.config.experimental_connect_to_cluster(resolver)
tf.tpu.experimental.initialize_tpu_system(resolver)
strategy = tf.distribute.TPUStrategy(resolver)",
        ),
    );
    assert_eq!(tpu.stdout, on_cpu.stdout, "{}", tpu.stderr);
    let cores: Vec<String> = (0..8)
        .map(|core| format!("/job:worker/replica:0/task:0/device:TPU:{core}"))
        .collect();
    assert_every_replica_ran_inference(&tpu, &cores);
    let gpus = run_on(
        "2x-v100-nvlink",
        &inference_program("strategy = tf.distribute.MirroredStrategy()"),
    );
    assert_eq!(gpus.stdout, on_cpu.stdout, "{}", gpus.stderr);
    let devices: Vec<String> = (0..2)
        .map(|gpu| format!("/job:localhost/replica:0/task:0/device:GPU:{gpu}"))
        .collect();
    assert_every_replica_ran_inference(&gpus, &devices);
}
