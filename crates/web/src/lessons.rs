//! The examples and lessons menu: small programs, each with the machine it is meant for,
//! the pane that shows its point, and a few sentences a teacher would say about it. Data
//! only; the first one is what the page opens with.

use crate::state::Pane;

/// One entry of the menu.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lesson {
    /// Stable id (menu value, tests).
    pub id: &'static str,
    pub title: &'static str,
    /// A preset topology name.
    pub topology: &'static str,
    /// The pane that shows the lesson's point after a run.
    pub pane: Pane,
    /// What to look for, shown above the result panes.
    pub teaches: &'static str,
    pub source: &'static str,
}

/// Every lesson, in menu order. The first is the default program.
pub const LESSONS: &[Lesson] = &[
    Lesson {
        id: "colab-tpu-connect",
        title: "The Colab TPU is another machine",
        topology: "colab-tpu-v2-8",
        pane: Pane::Console,
        teaches: "A Colab TPU sits on a separate TPU host. Until the program connects to that cluster and initialises the TPU system, TensorFlow sees only this VM's CPU, so an op pinned to /TPU:0 cannot be placed. Apply the quick fix and run again: Placement shows the ops on /job:worker/replica:0/task:0/device:TPU:0, a core of the TPU host, and the Timeline gives that core a lane. Printing y.device reads no value, so no tensor is copied anywhere: Metrics counts 0 transfers.",
        source: r#"import tensorflow as tf

# On Colab the TPU is another machine: until you connect to it,
# this VM's CPU is the only device TensorFlow can see.
tf.config.set_soft_device_placement(False)

with tf.device("/TPU:0"):
    x = tf.random.normal([128, 256])
    w = tf.random.normal([256, 64])
    y = tf.matmul(x, w)

print("ran on", y.device)
"#,
    },
    Lesson {
        id: "soft-placement",
        title: "Asking for a TPU on a CPU machine",
        topology: "cpu",
        pane: Pane::Placement,
        teaches: "Eager TensorFlow places softly by default: on a machine without a TPU, the ops run on the CPU and nothing complains. Placement shows the requested device next to the one chosen, and why.",
        source: r#"import tensorflow as tf

# Ask for a TPU core. Eager TensorFlow places softly:
# on a machine without one, the op runs elsewhere.
with tf.device("/TPU:0"):
    a = tf.constant([1.0, 2.0])
    b = tf.constant([3.0, 4.0])
    c = a + b

print(c)
print("ran on", c.device)
"#,
    },
    Lesson {
        id: "gpu-copy",
        title: "A tensor crosses PCIe to the GPU",
        topology: "colab-t4",
        pane: Pane::Graph,
        teaches: "x is made in the VM's memory, but the matmul runs on the GPU, so x is copied over PCIe first: once (262.1 KB, 256×256 float32s), although the matmul reads it twice. The Graph marks the edge that crosses devices with its bytes; the Timeline shows the copy on the PCIe lane. Shapes and axes are read from host memory by GPU kernels, so they never cross.",
        source: r#"import tensorflow as tf

with tf.device("/CPU:0"):
    x = tf.random.uniform([256, 256])  # made in the VM's memory

with tf.device("/GPU:0"):
    y = tf.matmul(x, x)  # x crosses PCIe first
    z = tf.nn.relu(y)

print(z.shape, z.device)
"#,
    },
    Lesson {
        id: "two-gpus",
        title: "GPU to GPU over NVLink",
        topology: "2x-v100-nvlink",
        pane: Pane::Timeline,
        teaches: "A tensor made on GPU:0 and used on GPU:1 travels over NVLink. Zoom the Timeline to see the transfer between the two devices' work, then export the trace and open it in Perfetto.",
        source: r#"import tensorflow as tf

with tf.device("/GPU:0"):
    a = tf.random.normal([512, 512])
with tf.device("/GPU:1"):
    b = tf.matmul(a, a)  # a crosses NVLink first

print(b.device)
"#,
    },
    Lesson {
        id: "tf-function",
        title: "A tf.function runs as one program",
        topology: "colab-t4",
        pane: Pane::Metrics,
        teaches: "Eager ops each pay a host dispatch; a tf.function is traced once and launched as one program. Compare the host dispatch time in Metrics with the eager lessons.",
        source: r#"import tensorflow as tf

@tf.function
def step(x):
    y = x * 2.0
    return tf.reduce_sum(tf.matmul(y, y))

x = tf.ones([256, 256])
print(step(x))
"#,
    },
    Lesson {
        id: "endless",
        title: "Stop an endless loop",
        topology: "cpu",
        pane: Pane::Console,
        teaches: "The program runs in a Web Worker, so the page stays responsive. Press Stop: the worker is ended and a fresh one takes the next run.",
        source: "# This never ends on its own. Press Stop.\nwhile True:\n    pass\n",
    },
];

/// The lesson with this id.
pub fn by_id(id: &str) -> Option<&'static Lesson> {
    LESSONS.iter().find(|lesson| lesson.id == id)
}

/// The lesson whose program is exactly `source`, to show its notes when it is loaded.
pub fn by_source(source: &str) -> Option<&'static Lesson> {
    LESSONS.iter().find(|lesson| lesson.source == source)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lessons_name_real_machines_and_unique_ids() {
        for lesson in LESSONS {
            assert!(
                engine::hardware::presets::NAMES
                    .iter()
                    .any(|(name, _)| *name == lesson.topology),
                "{}",
                lesson.id
            );
            assert_eq!(by_id(lesson.id), Some(lesson));
            assert!(lesson.source.ends_with('\n'));
        }
    }

    #[test]
    fn the_default_lesson_fails_with_a_fixable_placement_error() {
        let lesson = &LESSONS[0];
        let report = engine::run_program(&engine::RunRequest {
            source: lesson.source,
            topology: lesson.topology,
        })
        .unwrap();
        let error = report.error.expect("the default lesson raises");
        assert_eq!(error.type_name, "InvalidArgumentError");
        let fixes = crate::quick_fix::fixes_for(&error, lesson.source);
        let fix = fixes
            .iter()
            .find(|fix| fix.label == "Connect and initialise the TPU")
            .expect("connecting is offered");
        let fixed = engine::run_program(&engine::RunRequest {
            source: &fix.source,
            topology: lesson.topology,
        })
        .unwrap();
        assert_eq!(fixed.exit_code, 0, "{}", fixed.stderr);
        assert!(fixed
            .ops
            .iter()
            .any(|op| op.op_type == "MatMul"
                && op.device == "/job:worker/replica:0/task:0/device:TPU:0"));
        assert_eq!(
            fixed.stdout,
            "ran on /job:worker/replica:0/task:0/device:TPU:0\n"
        );
    }
}
