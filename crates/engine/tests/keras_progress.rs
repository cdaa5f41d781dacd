//! Keras `fit`'s progress lines report each epoch's own simulated time: an epoch starts when
//! the work before it ended, so later epochs of the same work take the same time.

use engine::{run_program, RunRequest};

#[test]
fn each_epoch_reports_its_own_time() {
    let source = "import tensorflow as tf\n\
        x = tf.random.uniform([64, 16, 16, 3])\n\
        y = tf.random.uniform([64], maxval=10, dtype=tf.int32)\n\
        model = tf.keras.Sequential([\n\
        \x20   tf.keras.layers.Conv2D(8, 3, activation='relu', input_shape=(16, 16, 3)),\n\
        \x20   tf.keras.layers.GlobalAveragePooling2D(),\n\
        \x20   tf.keras.layers.Dense(10),\n\
        ])\n\
        model.compile(optimizer='adam',\n\
        \x20   loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))\n\
        model.fit(x, y, batch_size=16, epochs=4, verbose=2)\n";
    let report = run_program(&RunRequest {
        source,
        topology: "cpu",
    })
    .unwrap();
    assert_eq!(report.exit_code, 0, "{}", report.stderr);
    let per_step: Vec<&str> = report
        .stdout
        .lines()
        .filter(|line| line.starts_with("4/4"))
        .map(|line| line.split(" - ").nth(2).unwrap_or_default())
        .collect();
    assert_eq!(per_step.len(), 4, "{}", report.stdout);
    // The first epoch also builds the optimizer; the others repeat the same steps.
    assert_eq!(per_step[1], per_step[2], "{}", report.stdout);
    assert_eq!(per_step[2], per_step[3], "{}", report.stdout);
}
