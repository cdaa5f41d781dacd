//! The textbook custom training step inside `tf.function` (`GradientTape` +
//! `optimizer.apply_gradients`), under `strategy.run`: the gradient ops are traced into the
//! function (under `gradient_tape/`), each replica runs its forward and backward pass on
//! its own core, and every gradient is all-reduced before the update. Values on CPU are
//! checked against TensorFlow by conformance cases `l6_14`–`l6_16`; this test reads the
//! report of a Colab TPU.

use engine::report::RunReport;

mod common;
use common::run_on;

const TPU_STEP: &str = "import os
import numpy as np
import tensorflow as tf
resolver = tf.distribute.cluster_resolver.TPUClusterResolver(tpu='grpc://' + os.environ['COLAB_TPU_ADDR'])
tf.config.experimental_connect_to_cluster(resolver)
tf.tpu.experimental.initialize_tpu_system(resolver)
strategy = tf.distribute.TPUStrategy(resolver)
x = np.ones((32, 8), dtype=np.float32)
y = np.ones((32, 1), dtype=np.float32)
dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(16, drop_remainder=True)
dist_dataset = strategy.experimental_distribute_dataset(dataset)
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input(shape=(8,)),
                                 tf.keras.layers.Dense(16, activation='relu'),
                                 tf.keras.layers.Dense(1)])
    optimizer = tf.keras.optimizers.SGD(learning_rate=0.01)

def step_fn(inputs):
    features, labels = inputs
    with tf.GradientTape() as tape:
        per_example = tf.reduce_sum(tf.square(labels - model(features, training=True)), axis=1)
        loss = tf.nn.compute_average_loss(per_example, global_batch_size=16)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss

@tf.function
def train_step(inputs):
    per_replica_losses = strategy.run(step_fn, args=(inputs,))
    return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica_losses, axis=None)

for batch in dist_dataset:
    loss = train_step(batch)
print(strategy.num_replicas_in_sync, optimizer.iterations.numpy(), loss.numpy() >= 0)
";

fn count(report: &RunReport, device: &str, pred: impl Fn(&str, &str) -> bool) -> usize {
    report
        .ops
        .iter()
        .filter(|op| op.device == device && pred(&op.op_type, &op.name))
        .count()
}

#[test]
fn a_traced_train_step_on_a_colab_tpu_runs_forward_backward_and_all_reduce_on_every_core() {
    let report = run_on("colab-tpu-v2-8", TPU_STEP);
    assert_eq!(report.stdout, "8 2 True\n", "{}", report.stderr);
    let steps = 2;
    for core in 0..8 {
        let device = format!("/job:worker/replica:0/task:0/device:TPU:{core}");
        // Per step: two forward MatMuls, then the gradient MatMuls: the second layer's
        // kernel and input, the first layer's kernel only (the features take no gradient,
        // so TensorFlow's `skip_input_indices` leaves that MatMul out).
        assert_eq!(
            count(&report, &device, |op_type, _| op_type == "MatMul"),
            5 * steps,
            "{device}"
        );
        assert!(
            count(&report, &device, |_, name| name.contains("/gradient_tape")) > 0,
            "{device}: the backward pass runs on the replica's core"
        );
        // One all-reduce per weight (two kernels, two biases) and step.
        assert_eq!(
            count(&report, &device, |op_type, _| op_type == "CrossReplicaSum"),
            4 * steps,
            "{device}"
        );
        // Each replica updates its own copy of every weight.
        assert_eq!(
            count(&report, &device, |op_type, _| op_type
                == "AssignSubVariableOp"),
            4 * steps,
            "{device}"
        );
    }
    assert!(report
        .metrics
        .bytes_by_link
        .keys()
        .any(|link| link.starts_with("ICI")));
}

/// An op whose gradient the graph tape does not build yet fails loudly (a playground
/// limit, not a TensorFlow text) instead of giving a silently missing gradient.
#[test]
fn a_traced_gradient_through_an_unemulated_op_raises() {
    let report = run_on(
        "cpu",
        "import tensorflow as tf
v = tf.Variable(2.0)
@tf.function
def step():
    with tf.GradientTape() as tape:
        y = tf.math.atan(v)
    return tape.gradient(y, v)
try:
    step()
except RuntimeError as error:
    print('not emulated' in str(error), 'Atan' in str(error))
",
    );
    assert_eq!(report.stdout, "True True\n", "{}", report.stderr);
}
