//! Values on demand: beyond the work budget an op's outputs are not computed, but the run
//! goes on with their exact dtypes and shapes, so placement, memory and timing stay exact;
//! observing such a value (its numbers, Python control flow on it) is a clear error naming
//! the budget.

use engine::{run_program, RunRequest};

fn run(source: &str, topology: &str) -> engine::report::RunReport {
    run_program(&RunRequest { source, topology }).unwrap()
}

const BIG_MATMUL: &str = "import tensorflow as tf
a = tf.ones([8192, 8192], tf.bfloat16)
c = tf.matmul(a, a)
print(c.shape, c.dtype)
print(c)
small = tf.constant([[1.0, 2.0]]) * 2
print(small)
";

#[test]
fn an_uncomputed_value_prints_its_shape_next_to_a_computed_one() {
    let report = run(BIG_MATMUL, "h100");
    assert_eq!(report.exit_code, 0, "{}", report.stderr);
    assert_eq!(
        report.stdout,
        "(8192, 8192) <dtype: 'bfloat16'>\n\
         tf.Tensor(<not computed: over the playground's work budget>, shape=(8192, 8192), dtype=bfloat16)\n\
         tf.Tensor([[2. 4.]], shape=(1, 2), dtype=float32)\n"
    );
}

#[test]
fn an_uncomputed_matmul_is_placed_and_timed_at_its_size() {
    let report = run(BIG_MATMUL, "h100");
    let matmul = report
        .ops
        .iter()
        .find(|op| op.op_type == "MatMul")
        .expect("the MatMul is recorded");
    assert!(matmul.device.ends_with("GPU:0"), "{}", matmul.device);
    assert_eq!(matmul.shape, [8192, 8192]);
    // 2 * 8192^3 FLOP at about 798 TFLOP/s (measured on an H100, hardware-anchors.md).
    let flops = 2.0 * 8192f64.powi(3);
    let rate = flops / (matmul.dur_us * 1e-6);
    assert!((rate / 798e12 - 1.0).abs() < 0.2, "{rate:e} FLOP/s");
}

#[test]
fn control_flow_on_an_uncomputed_value_names_the_budget() {
    let report = run(
        "import tensorflow as tf\n\
         a = tf.ones([8192, 8192])\n\
         s = tf.reduce_sum(a)\n\
         if s > 0:\n    print('positive')\n",
        "h100",
    );
    assert_eq!(report.exit_code, 1);
    assert!(
        report.stderr.contains(
            "ResourceExhaustedError: This value was not computed: a tensor of shape[8192,8192] \
             is over the playground's budget"
        ),
        "{}",
        report.stderr
    );
    assert!(report.stderr.contains("line 4"), "{}", report.stderr);
}

#[test]
fn a_variable_holds_an_uncomputed_value_and_reads_it_back() {
    let report = run(
        "import tensorflow as tf\n\
         v = tf.Variable(tf.zeros([3]))\n\
         v.assign(tf.reduce_sum(tf.ones([8192, 8192])) * tf.ones([3]))\n\
         print(v.read_value().shape)\n\
         print(v.numpy())\n",
        "cpu",
    );
    assert!(report.stdout.starts_with("(3,)\n"), "{}", report.stdout);
    assert!(
        report.stderr.contains("This value was not computed"),
        "{}",
        report.stderr
    );
}

#[test]
fn a_device_out_of_memory_is_still_an_error() {
    // 90 GB of float32 on one 80 GB H100: TensorFlow's OOM, though nothing is computed.
    let report = run(
        "import tensorflow as tf\n\
         a = tf.ones([150000, 150000])\n\
         print(a.shape)\n",
        "h100",
    );
    assert_eq!(report.exit_code, 1, "{}", report.stdout);
    assert!(
        report.stderr.contains("ResourceExhaustedError"),
        "{}",
        report.stderr
    );
    assert!(report.stderr.contains("OOM"), "{}", report.stderr);
}

#[test]
fn the_report_says_which_values_were_not_computed_and_why() {
    let report = run(BIG_MATMUL, "h100");
    let skipped: Vec<(&str, &str)> = report
        .ops
        .iter()
        .filter_map(|op| Some((op.op_type.as_str(), op.not_computed.as_deref()?)))
        .collect();
    assert_eq!(
        skipped.iter().map(|(op, _)| *op).collect::<Vec<_>>(),
        ["Fill", "MatMul"]
    );
    assert!(
        skipped[0].1.contains("over the playground's budget"),
        "{skipped:?}"
    );
    // The small multiplication after them was computed.
    assert!(report
        .ops
        .iter()
        .any(|op| op.op_type == "Mul" && op.not_computed.is_none()));
    assert!(
        report
            .metrics
            .notes
            .iter()
            .any(|note| note.starts_with("2 op(s) were simulated without computing their values")),
        "{:?}",
        report.metrics.notes
    );
}

#[test]
fn a_custom_training_loop_beyond_the_budget_runs_as_a_simulation() {
    let report = run(
        "import tensorflow as tf\n\
         w = tf.Variable(tf.zeros([4096, 4096]))\n\
         x = tf.ones([2048, 4096])\n\
         for step in range(2):\n\
         \x20   with tf.GradientTape() as tape:\n\
         \x20       loss = tf.reduce_mean(tf.square(tf.matmul(x, w)))\n\
         \x20   g = tape.gradient(loss, w)\n\
         \x20   w.assign_sub(0.1 * g)\n\
         print(g.shape, w.shape)\n\
         small = tf.Variable([1.0, 2.0])\n\
         with tf.GradientTape() as tape:\n\
         \x20   l = tf.reduce_sum(small * small)\n\
         print(tape.gradient(l, small))\n",
        "colab-t4",
    );
    assert_eq!(report.exit_code, 0, "{}", report.stderr);
    assert_eq!(
        report.stdout,
        "(4096, 4096) (4096, 4096)\ntf.Tensor([2. 4.], shape=(2,), dtype=float32)\n"
    );
    // The forward and backward MatMuls of both steps are placed on the GPU and timed.
    let matmuls = report
        .ops
        .iter()
        .filter(|op| op.op_type == "MatMul" && op.device.ends_with("GPU:0"))
        .count();
    assert!(matmuls >= 2, "{matmuls}");
}

#[test]
fn keras_logs_beyond_the_budget_show_the_metrics_not_computed() {
    let report = run(
        "import tensorflow as tf\n\
         x = tf.zeros([512, 64, 64, 3])\n\
         y = tf.zeros([512], tf.int32)\n\
         model = tf.keras.Sequential([\n\
         \x20   tf.keras.layers.Conv2D(32, 3, activation='relu', input_shape=(64, 64, 3)),\n\
         \x20   tf.keras.layers.GlobalAveragePooling2D(),\n\
         \x20   tf.keras.layers.Dense(10),\n\
         ])\n\
         model.compile(optimizer='adam', metrics=['accuracy'],\n\
         \x20   loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))\n\
         history = model.fit(x, y, batch_size=512, epochs=1, verbose=2)\n\
         print(history.history)\n",
        "cpu",
    );
    assert_eq!(report.exit_code, 0, "{}", report.stderr);
    let lines: Vec<&str> = report.stdout.lines().collect();
    // One epoch: Keras prints no `Epoch 1/1` line.
    assert!(
        lines[0].ends_with(" - accuracy: <not computed> - loss: <not computed>"),
        "{}",
        report.stdout
    );
    assert_eq!(lines[1], "{'accuracy': [None], 'loss': [None]}");
    assert!(report.ops.iter().any(|op| op.op_type == "Conv2D"
        && op
            .not_computed
            .as_deref()
            .is_some_and(|why| why.contains("over the playground's budget"))));
}
