//! Seed 003 on the Colab TPU v2-8 topology: the input pipeline it calls inefficient (resize
//! inside `map`) against the one it recommends (pre-resized data with `cache` and
//! `prefetch`), each with and without the sharding options of its third example. The
//! report's metrics must call the first input-bound and the second not, with the TensorFlow
//! profiler's thresholds (20% and 5% of the step waiting for input), and the timeline must
//! show the host's input-pipeline lane.

use engine::{run_program, RunReport, RunRequest};

const MODEL: &str = "
model = tf.keras.Sequential([tf.keras.Input(shape=(32, 32, 3)), tf.keras.layers.Flatten(), tf.keras.layers.Dense(10)])
model.compile(optimizer='sgd', loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
model.fit(dataset, epochs=2, verbose=0)
";

const SHARDING: &str = "
options = tf.data.Options()
options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.DATA
dataset = dataset.with_options(options)
";

fn inefficient(sharded: bool) -> String {
    format!(
        "import tensorflow as tf
images = tf.random.uniform([512, 48, 48, 3])
labels = tf.random.uniform([512], maxval=10, dtype=tf.int32)
dataset = tf.data.Dataset.from_tensor_slices((images, labels))
def inefficient_pipeline(dataset):
  return dataset.map(lambda x, y: (tf.image.resize(x, (32, 32)), y)).batch(32)
dataset = inefficient_pipeline(dataset)
{}{MODEL}",
        if sharded { SHARDING } else { "" }
    )
}

fn efficient(sharded: bool) -> String {
    format!(
        "import tensorflow as tf
X_train_resized = tf.random.uniform([512, 32, 32, 3])
y_train = tf.random.uniform([512], maxval=10, dtype=tf.int32)
dataset = tf.data.Dataset.from_tensor_slices((X_train_resized, y_train))
dataset = dataset.cache().prefetch(buffer_size=tf.data.AUTOTUNE).batch(32)
{}{MODEL}",
        if sharded { SHARDING } else { "" }
    )
}

fn run(source: &str) -> RunReport {
    let report = run_program(&RunRequest {
        source,
        topology: "colab-tpu-v2-8",
    })
    .expect("known topology");
    assert_eq!(report.exit_code, 0, "{}", report.stderr);
    report
}

fn has_pipeline_lane(report: &RunReport) -> bool {
    let events = report.trace.to_value()["traceEvents"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let lane = events.iter().any(|event| {
        event["name"] == "process_name"
            && event["args"]["name"]
                .as_str()
                .is_some_and(|name| name.ends_with("input pipeline"))
    });
    let produced = events
        .iter()
        .filter(|event| event["cat"] == "input pipeline")
        .count();
    lane && produced == 32
}

#[test]
fn resizing_inside_map_is_input_bound_and_pre_resized_cached_data_is_not() {
    for sharded in [false, true] {
        let slow = run(&inefficient(sharded));
        let fast = run(&efficient(sharded));
        let (slow_fraction, fast_fraction) = (
            slow.metrics.input_bound_fraction,
            fast.metrics.input_bound_fraction,
        );
        assert!(slow_fraction >= 0.20, "resize in map: {slow_fraction}");
        assert!(fast_fraction < 0.05, "cache and prefetch: {fast_fraction}");
        assert!(slow
            .metrics
            .notes
            .iter()
            .any(|note| note.contains("Your program is HIGHLY input-bound")));
        assert!(fast
            .metrics
            .notes
            .iter()
            .any(|note| note.contains("Your program is NOT input-bound")));
        assert!(has_pipeline_lane(&slow) && has_pipeline_lane(&fast));
        let get_next = slow
            .ops
            .iter()
            .filter(|op| op.op_type == "IteratorGetNext")
            .count();
        assert_eq!(get_next, 32, "16 batches per epoch, 2 epochs");
    }
}
