//! XLA's fusion off the TPU: a `tf.function(jit_compile=True)` on a GPU is one XLA program,
//! so its element-wise chain reads its input once and writes only its result, while the
//! same function without `jit_compile` runs each op as its own kernel through memory.
//! A Keras model compiled with `jit_compile=True` gets its step fused the same way.

use engine::{run_program, RunReport, RunRequest};

fn run(source: &str, topology: &str) -> RunReport {
    let report = run_program(&RunRequest { source, topology }).expect("known topology");
    assert_eq!(report.exit_code, 0, "{}", report.stderr);
    report
}

/// The body ops of the call of `function` (`__inference_chain_N/...`): their total time,
/// and how many the simulator put inside an XLA fusion.
fn body(report: &RunReport, function: &str) -> (f64, usize) {
    let prefix = format!("{function}/");
    let ops = report
        .ops
        .iter()
        .filter(|op| op.execution == "function" && op.name.starts_with(&prefix));
    ops.fold((0.0, 0), |(time, fused), op| {
        (
            time + op.dur_us,
            fused + usize::from(op.cost.contains("inside an XLA fusion")),
        )
    })
}

#[test]
fn jit_compile_fuses_an_elementwise_chain_on_a_gpu() {
    let report = run(
        "import tensorflow as tf
x = tf.random.uniform([64, 56, 56, 64])
def chain(x):
    return tf.nn.relu(x * 2.0 + 1.0) * 3.0
plain = tf.function(chain)
compiled = tf.function(chain, jit_compile=True)
plain(x)
compiled(x)
",
        "colab-t4",
    );
    let calls: Vec<_> = report
        .ops
        .iter()
        .filter(|op| op.execution == "call")
        .collect();
    assert_eq!(calls.len(), 2);
    assert!(
        !calls[0].xla && calls[1].xla,
        "only the jit_compile call is XLA's"
    );
    let (plain_time, plain_fused) = body(&report, &calls[0].op_type);
    let compiled = body(&report, &calls[1].op_type);
    assert_eq!(plain_fused, 0);
    assert!(compiled.1 >= 3, "the chain is fused: {compiled:?}");
    // Four passes over the tensor become one read and one write.
    assert!(
        compiled.0 * 2.0 < plain_time,
        "fused {} µs against {plain_time} µs",
        compiled.0
    );
}

#[test]
fn a_keras_step_with_jit_compile_is_an_xla_program() {
    let source = |jit: &str| {
        format!(
            "import tensorflow as tf
x = tf.random.uniform([256, 32])
y = tf.random.uniform([256], maxval=10, dtype=tf.int32)
model = tf.keras.Sequential([tf.keras.Input((32,)), tf.keras.layers.Dense(64, activation='relu'), tf.keras.layers.Dense(10)])
model.compile(optimizer='adam', loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), jit_compile={jit})
model.fit(x, y, batch_size=64, epochs=1, verbose=0)
"
        )
    };
    let xla_calls = |report: &RunReport| {
        report
            .ops
            .iter()
            .filter(|op| op.execution == "call" && op.xla)
            .count()
    };
    assert!(xla_calls(&run(&source("True"), "colab-t4")) > 0);
    assert_eq!(xla_calls(&run(&source("False"), "colab-t4")), 0);
}
