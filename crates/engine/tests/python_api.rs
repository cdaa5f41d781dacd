//! The Python binding end to end: programs run through [`engine::run_program`] and their
//! output compared with what real tensorflow-cpu 2.21.0 printed for the same program (the
//! expected texts were recorded with the oracle venv, never written by hand), plus the
//! report's ops on GPU and TPU machines, which the oracle cannot run.

mod common;
use common::run_on;

/// Runs `source` on `cpu` and checks stdout byte for byte and a clean exit.
fn check_stdout(source: &str, expected: &str) {
    let report = run_on("cpu", source);
    assert_eq!(report.stdout, expected, "stderr:\n{}", report.stderr);
    assert_eq!(report.exit_code, 0, "stderr:\n{}", report.stderr);
}

/// Eager arithmetic with reflected operators, NumPy values and scalars, shapes, dtypes,
/// indexing, iteration and variables.
#[test]
fn eager_tensors_variables_and_printing() {
    check_stdout(
        r#"import tensorflow as tf
import numpy as np
x = tf.constant([[1, 2], [3, 4]])
print(2 * x, 10 - x)
print(x / 2)
print(repr(x))
print(x.shape, repr(x.shape), x.shape.as_list(), x.shape == [2, 2], len(x.shape))
print(x.dtype, x.dtype == tf.int32, x.dtype.name)
print(repr(x.numpy()), x.numpy().dtype, x.numpy().shape)
s = tf.reduce_sum(x)
print(repr(s.numpy()), s.numpy(), int(s), float(s))
print(tf.constant(3.5).numpy() + 1)
print(np.array([1.5, 2.5]), repr(np.array([1, 2])))
print(tf.constant(np.array([1.0, 2.0])))
print(tf.zeros_like(x), tf.ones([2], dtype=tf.float64))
print(tf.cast(x, tf.float32) * 0.5)
print([t.numpy().tolist() for t in x])
print(x[0], x[1, 1])
print(tf.range(1.0, 2.0, 0.25))
print(tf.TensorShape([None, 3]), repr(tf.TensorShape(None)))
print(tf.executing_eagerly(), tf.float32, tf.int64 == np.int64)
v = tf.Variable(2.0)
print(v * 3, v + v, -v)
v.assign(5.0)
print(v.numpy(), repr(v))
"#,
        r#"tf.Tensor(
[[2 4]
 [6 8]], shape=(2, 2), dtype=int32) tf.Tensor(
[[9 8]
 [7 6]], shape=(2, 2), dtype=int32)
tf.Tensor(
[[0.5 1. ]
 [1.5 2. ]], shape=(2, 2), dtype=float64)
<tf.Tensor: shape=(2, 2), dtype=int32, numpy=
array([[1, 2],
       [3, 4]], dtype=int32)>
(2, 2) TensorShape([2, 2]) [2, 2] True 2
<dtype: 'int32'> True int32
array([[1, 2],
       [3, 4]], dtype=int32) int32 (2, 2)
np.int32(10) 10 10 10.0
4.5
[1.5 2.5] array([1, 2])
tf.Tensor([1. 2.], shape=(2,), dtype=float64)
tf.Tensor(
[[0 0]
 [0 0]], shape=(2, 2), dtype=int32) tf.Tensor([1. 1.], shape=(2,), dtype=float64)
tf.Tensor(
[[0.5 1. ]
 [1.5 2. ]], shape=(2, 2), dtype=float32)
[[1, 2], [3, 4]]
tf.Tensor([1 2], shape=(2,), dtype=int32) tf.Tensor(4, shape=(), dtype=int32)
tf.Tensor([1.   1.25 1.5  1.75], shape=(4,), dtype=float32)
(None, 3) TensorShape(None)
True <dtype: 'float32'> True
tf.Tensor(6.0, shape=(), dtype=float32) tf.Tensor(4.0, shape=(), dtype=float32) tf.Tensor(-2.0, shape=(), dtype=float32)
5.0 <tf.Variable 'Variable:0' shape=() dtype=float32, numpy=5.0>
"#,
    );
}

/// `tf.function`: one trace per tensor signature and Python value; tuple results.
#[test]
fn tf_function_retraces_per_signature() {
    check_stdout(
        r#"import tensorflow as tf
@tf.function
def f(x, k):
    return x * k
print(f(tf.constant(1.0), 2.0))
print(f(tf.constant(2.0), 2.0))
print(f(tf.constant([1.0, 2.0]), 2.0))
print(f(tf.constant(1.0), 3.0))
print(f.experimental_get_tracing_count())
@tf.function
def g(a):
    return a + 1, a * 2
print(g(tf.constant(1)))
"#,
        r#"tf.Tensor(2.0, shape=(), dtype=float32)
tf.Tensor(4.0, shape=(), dtype=float32)
tf.Tensor([2. 4.], shape=(2,), dtype=float32)
tf.Tensor(3.0, shape=(), dtype=float32)
3
(<tf.Tensor: shape=(), dtype=int32, numpy=2>, <tf.Tensor: shape=(), dtype=int32, numpy=2>)
"#,
    );
}

/// Graph mode: placeholders, symbolic tensor reprs, `Session.run` with lists, dicts and feeds,
/// and the mode after the `with` block.
#[test]
fn graph_mode_placeholders_sessions_and_fetch_structures() {
    check_stdout(
        r#"import tensorflow as tf
with tf.Graph().as_default() as g:
    x = tf.compat.v1.placeholder(tf.float32, shape=[None, 2], name="x")
    y = x * 2.0
    print(x, repr(y), y.op.type, y.op.name, y.device == "")
    print(y.shape, x.shape)
    print(tf.executing_eagerly(), g is tf.compat.v1.get_default_graph())
    with tf.compat.v1.Session() as sess:
        a, b = sess.run([y, x], feed_dict={x: [[1, 2]]})
        print(a, b)
        print(sess.run({"y": y}, feed_dict={x: [[0.5, 1]]}))
print(tf.executing_eagerly())
"#,
        r#"Tensor("x:0", shape=(None, 2), dtype=float32) <tf.Tensor 'mul:0' shape=(None, 2) dtype=float32> Mul mul True
(None, 2) (None, 2)
False True
[[2. 4.]] [[1. 2.]]
{'y': array([[1., 2.]], dtype=float32)}
True
"#,
    );
}

/// Wrong argument types and values raise Python exceptions with TensorFlow's texts.
#[test]
fn hostile_arguments_raise_python_errors() {
    check_stdout(
        r#"import tensorflow as tf
for bad in [lambda: tf.constant(object()), lambda: tf.constant([[1], [2, 3]]), lambda: tf.zeros("x"), lambda: tf.matmul(tf.constant([[1.0]]), tf.constant([[1]])), lambda: tf.Variable()]:
    try:
        bad()
        print("no error")
    except Exception as e:
        print(type(e).__name__)
try:
    tf.constant([1.5], dtype=tf.int32)
except TypeError as e:
    print(e)
try:
    tf.constant([[1], [2, 3]])
except ValueError as e:
    print(e)
"#,
        r#"ValueError
ValueError
TypeError
InvalidArgumentError
ValueError
Cannot convert [1.5] to EagerTensor of dtype int32
Can't convert non-rectangular Python sequence to Tensor.
"#,
    );
}

/// The `numpy` and `os` modules and the `tf.errors` hierarchy.
#[test]
fn numpy_os_and_error_classes() {
    check_stdout(
        r#"import tensorflow as tf
import numpy as np
import os
print(os.environ.get("HOME") is not None, os.path.join("a", "b", "c.txt"), os.getenv("NOPE", "dflt"))
a = np.array([[1, 2], [3, 4]], dtype=np.float32)
print(a * 2, a.sum(), a.mean(axis=0), a.tolist())
print(np.float32(1.5), repr(np.float32(1.5)), np.int64(3) + 1)
print(tf.constant(a).dtype, np.zeros((2,)), np.arange(3))
print(tf.errors.InvalidArgumentError.__mro__[1].__name__, issubclass(tf.errors.NotFoundError, tf.errors.OpError))
try:
    tf.reshape(tf.constant([1, 2, 3]), [2, 2])
except tf.errors.InvalidArgumentError as e:
    print("caught", type(e).__module__, e.message == str(e))
print(f"{np.float32(2.25):.1f}", tf.__version__)
"#,
        r#"True a/b/c.txt dflt
[[2. 4.]
 [6. 8.]] 10.0 [2. 3.] [[1.0, 2.0], [3.0, 4.0]]
1.5 np.float32(1.5) 4
<dtype: 'float32'> [0. 0.] [0 1 2]
OpError True
caught tensorflow.python.framework.errors_impl True
2.2 2.21.0
"#,
    );
}

/// A TF1 program (`tensorflow.compat.v1` + `disable_v2_behavior()`) runs in graph mode.
#[test]
fn tf1_program_runs_verbatim_after_disable_v2_behavior() {
    check_stdout(
        r#"import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()
x = tf.placeholder(tf.float32, [None, 2])
w = tf.get_variable("w", [2, 1], initializer=tf.ones_initializer())
y = tf.matmul(x, w)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(y, {x: [[1, 2]]}))
print(tf.executing_eagerly(), w.name, y.name)
"#,
        r#"[[3.]]
False w:0 MatMul:0
"#,
    );
}

/// An uncaught op error prints a traceback through the user's frames ending with the
/// class's full module path, exits 1, and the report names the short class.
#[test]
fn uncaught_op_error_prints_a_tensorflow_traceback() {
    let source = "import tensorflow as tf\na = tf.constant(1)\nb = tf.constant(1.0)\ndef g():\n    return a + b\ng()\n";
    let report = run_on("cpu", source);
    assert_eq!(report.exit_code, 1);
    // Oracle's last line (its middle frames are TensorFlow's own files).
    assert!(report.stderr.ends_with(
        "tensorflow.python.framework.errors_impl.InvalidArgumentError: cannot compute AddV2 as input #1(zero-based) was expected to be a int32 tensor but is a float tensor [Op:AddV2] name: \n"
    ), "{}", report.stderr);
    assert!(report.stderr.starts_with("Traceback (most recent call last):\n  File \"main.py\", line 6, in <module>\n    g()\n  File \"main.py\", line 5, in g\n    return a + b\n"), "{}", report.stderr);
    let error = report.error.expect("an error");
    assert_eq!(error.type_name, "InvalidArgumentError");
    assert_eq!(error.traceback.last().map(|f| f.line), Some(5));
}

/// The StyleGAN seed's TF1 program (with `compat.v1` and `disable_v2_behavior`) fails as the
/// oracle does: the last lines of its traceback are TensorFlow's.
#[test]
fn stylegan_seed_fails_as_tensorflow_does() {
    let source = "import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()

with tf.Graph().as_default():
    with tf.device('/gpu:0'):
        # Generator variables
        gen_w1 = tf.Variable(tf.random.normal([1024, 512]))
    with tf.device('/gpu:1'):
        # Discriminator variables
        disc_w1 = tf.Variable(tf.random.normal([512, 1]))
    with tf.device('/gpu:0'):
        # Generator operation using gen_w1
        gen_output = tf.matmul(tf.random.normal([1,1024]), gen_w1)
    with tf.device('/gpu:1'):
        # Discriminator operation using both gen_w1 (incorrect) and disc_w1
        disc_output = tf.matmul(gen_output, disc_w1)  # Error likely here due to gen_w1 on gpu:0

    init = tf.global_variables_initializer()
    with tf.Session() as sess:
        sess.run(init)
        sess.run(disc_output)
";
    let report = run_on("cpu", source);
    assert_eq!(report.exit_code, 1);
    let tail: Vec<&str> = report.stderr.lines().rev().take(4).collect();
    assert_eq!(
        tail,
        [
            "\t [[random_normal/RandomStandardNormal]]",
            "Cannot assign a device for operation random_normal/RandomStandardNormal: {{node random_normal/RandomStandardNormal}} was explicitly assigned to /device:GPU:0 but available devices are [ /job:localhost/replica:0/task:0/device:CPU:0 ]. Make sure the device specification refers to a valid device. The requested device appears to be a GPU, but CUDA is not enabled.",
            "Node: 'random_normal/RandomStandardNormal'",
            "    File \"main.py\", line 7, in <module>",
        ]
    );
}

/// On a Colab T4 an unpinned matmul lands on `GPU:0` (GPU kernels outrank CPU ones), a
/// `/CPU:0` scope pins, and `log_device_placement`, set before the first op (TensorFlow
/// reads it when the context is initialised), writes TensorFlow's line to stderr and the
/// single-op function's placer lines to stdout, once per function.
#[test]
fn gpu_machine_places_unpinned_matmul_on_gpu0() {
    let source = "import tensorflow as tf
tf.debugging.set_log_device_placement(True)
a = tf.ones([2, 2])
b = tf.matmul(a, a)
print(b.device)
with tf.device('/CPU:0'):
    c = b + 1
print(c.device)
d = tf.matmul(c, c)
";
    let report = run_on("colab-t4", source);
    let matmul_function = "a: (_Arg): /job:localhost/replica:0/task:0/device:GPU:0\n\
         b: (_Arg): /job:localhost/replica:0/task:0/device:GPU:0\n\
         MatMul: (MatMul): /job:localhost/replica:0/task:0/device:GPU:0\n\
         product_RetVal: (_Retval): /job:localhost/replica:0/task:0/device:GPU:0\n\
         /job:localhost/replica:0/task:0/device:GPU:0\n";
    assert!(report.stdout.contains(matmul_function), "{}", report.stdout);
    assert_eq!(report.stdout.matches("MatMul: (MatMul)").count(), 1);
    assert!(report
        .stdout
        .ends_with("/job:localhost/replica:0/task:0/device:CPU:0\n"));
    assert!(
        report.stderr.ends_with(
            "Executing op MatMul in device /job:localhost/replica:0/task:0/device:GPU:0\n"
        ),
        "{}",
        report.stderr
    );
    let matmul = report
        .ops
        .iter()
        .find(|op| op.op_type == "MatMul")
        .expect("a MatMul op");
    assert_eq!(
        matmul.device,
        "/job:localhost/replica:0/task:0/device:GPU:0"
    );
    assert_eq!(matmul.line, 4);
    assert!(!matmul.reason.is_empty());
    let add = report
        .ops
        .iter()
        .find(|op| op.op_type == "AddV2")
        .expect("an add");
    assert_eq!(add.line, 7);
    assert_eq!(
        add.requested_device,
        "/job:localhost/replica:0/task:0/device:CPU:0"
    );
    // The GPU result crossed to the CPU for the add.
    assert!(report
        .transfers
        .iter()
        .any(|t| t.src.ends_with("GPU:0") && t.dst.ends_with("CPU:0")));
}

/// On a Colab TPU with soft placement off, `/TPU:0` names a TPU that does not exist until
/// the program connects to the TPU Node (its cores are remote, on `/job:worker`); after
/// `experimental_connect_to_cluster` the master device scope makes `/TPU:0` the worker's.
#[test]
fn tpu_machine_strict_placement_error() {
    let source = "import tensorflow as tf
tf.config.set_soft_device_placement(False)
try:
    with tf.device('/TPU:0'):
        c = tf.constant([1.0]) + 1.0
    print(c.device)
except tf.errors.InvalidArgumentError as e:
    print(str(e).split(' All available')[0])
resolver = tf.distribute.cluster_resolver.TPUClusterResolver()
tf.config.experimental_connect_to_cluster(resolver)
tf.tpu.experimental.initialize_tpu_system(resolver)
with tf.device('/job:worker/replica:0/task:0/device:TPU:3'):
    d = tf.constant([1.0]) * 2.0
print(d.device)
with tf.device('/TPU:0'):
    e = tf.constant([1.0]) * 2.0
print(e.device)
";
    let report = run_on("colab-tpu-v2-8", source);
    assert_eq!(
        report.stdout,
        "Could not satisfy device specification '/job:localhost/replica:0/task:0/device:TPU:0'. enable_soft_placement=0. Supported device types [CPU].\n/job:worker/replica:0/task:0/device:TPU:3\n/job:worker/replica:0/task:0/device:TPU:0\n",
        "{}",
        report.stderr
    );
}

/// The report (what `placement run --json` prints) lists every op with its device, the
/// placement reason and the user's line.
#[test]
fn report_json_has_ops_with_devices_reasons_and_lines() {
    let source = "import tensorflow as tf\nwith tf.device('/TPU:0'):\n    a = tf.constant([1.0, 2.0])\n    b = a * 3.0\nprint(b.numpy())\n";
    let report = run_on("cpu", source);
    assert_eq!(report.stdout, "[3. 6.]\n");
    let json = serde_json::to_value(&report).expect("serialisable");
    let ops = json["ops"].as_array().expect("ops");
    let mul = ops
        .iter()
        .find(|op| op["type"] == "Mul")
        .expect("the Mul op");
    assert_eq!(mul["name"], "mul");
    assert_eq!(
        mul["device"],
        "/job:localhost/replica:0/task:0/device:CPU:0"
    );
    assert_eq!(
        mul["requested_device"],
        "/job:localhost/replica:0/task:0/device:TPU:0"
    );
    assert_eq!(mul["line"], 4);
    assert!(
        mul["reason"]
            .as_str()
            .is_some_and(|r| r.contains("soft placement")),
        "{}",
        mul["reason"]
    );
    assert!(ops
        .iter()
        .any(|op| op["type"] == "Const" && op["line"] == 3));
}

/// Every run gets a fresh context: a split CPU or a disabled soft placement does not leak
/// into the next run.
#[test]
fn runs_are_independent() {
    let first = run_on("cpu", "import tensorflow as tf\ncpus = tf.config.list_physical_devices('CPU')\ntf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * 2)\nprint(len(tf.config.list_logical_devices()))\n");
    assert_eq!(first.stdout, "2\n");
    let second = run_on(
        "cpu",
        "import tensorflow as tf\nprint(len(tf.config.list_logical_devices()))\n",
    );
    assert_eq!(second.stdout, "1\n");
}

/// TF1 `tf.cond` on a placeholder builds `Switch`/`Merge` (nested conds switch outside
/// tensors in through each level) and runs only the taken branch; TF1 variables have
/// reference dtypes.
#[test]
fn tf1_cond_and_ref_dtypes() {
    check_stdout(
        r#"import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()
p = tf.placeholder(tf.bool, [])
x = tf.constant(2.0)
y = tf.cond(p, lambda: x, lambda: tf.constant(5.0))
z = tf.cond(p, lambda: tf.cond(p, lambda: x + 1.0, lambda: x + 2.0), lambda: x * x, name="outer")
print(y, z)
print([(op.name, [i.name for i in op.inputs]) for op in tf.get_default_graph().get_operations()][-4:])
with tf.Session() as sess:
    print(sess.run([y, z], feed_dict={p: True}), sess.run([y, z], feed_dict={p: False}))
v = tf.Variable(1.0)
print(v.dtype, v.dtype.name, v.dtype == tf.float32)
"#,
        r#"Tensor("cond/Merge:0", shape=(), dtype=float32) Tensor("outer/Merge:0", shape=(), dtype=float32)
[('outer/cond/Merge', ['outer/cond/add_1:0', 'outer/cond/add:0']), ('outer/mul', ['outer/mul/Switch:0', 'outer/mul/Switch:0']), ('outer/mul/Switch', ['Const:0', 'outer/pred_id:0']), ('outer/Merge', ['outer/mul:0', 'outer/cond/Merge:0'])]
[np.float32(2.0), np.float32(3.0)] [np.float32(5.0), np.float32(4.0)]
<dtype: 'float32_ref'> float32_ref False
"#,
    );
}

/// Eager single-op functions log their placement to stdout once per signature;
/// `tf.TensorSpec`; `print(op)` as the op's `NodeDef`.
#[test]
fn function_placement_log_tensor_spec_and_node_def() {
    check_stdout(
        r#"import tensorflow as tf
tf.debugging.set_log_device_placement(True)
z = tf.constant([1.0, 2.0])
print((z + z).numpy(), (z * 2.0).numpy(), (z + z).numpy())
s = tf.TensorSpec([None, 3], tf.int32, name="s")
print(s, s.shape, s.dtype, s.name, s == tf.TensorSpec([None, 3], tf.int32, name="s"))
with tf.Graph().as_default():
    a = tf.constant([[1, 2]], name="a")
    print(tf.reduce_sum(a, 1, keepdims=True).op)
"#,
        r#"input: (_Arg): /job:localhost/replica:0/task:0/device:CPU:0
_EagerConst: (_EagerConst): /job:localhost/replica:0/task:0/device:CPU:0
output_RetVal: (_Retval): /job:localhost/replica:0/task:0/device:CPU:0
x: (_Arg): /job:localhost/replica:0/task:0/device:CPU:0
y: (_Arg): /job:localhost/replica:0/task:0/device:CPU:0
AddV2: (AddV2): /job:localhost/replica:0/task:0/device:CPU:0
z_RetVal: (_Retval): /job:localhost/replica:0/task:0/device:CPU:0
x: (_Arg): /job:localhost/replica:0/task:0/device:CPU:0
y: (_Arg): /job:localhost/replica:0/task:0/device:CPU:0
Mul: (Mul): /job:localhost/replica:0/task:0/device:CPU:0
z_RetVal: (_Retval): /job:localhost/replica:0/task:0/device:CPU:0
[2. 4.] [2. 4.] [2. 4.]
TensorSpec(shape=(None, 3), dtype=tf.int32, name='s') (None, 3) <dtype: 'int32'> s True
name: "Sum"
op: "Sum"
input: "a"
input: "Sum/reduction_indices"
attr {
  key: "keep_dims"
  value {
    b: true
  }
}
attr {
  key: "T"
  value {
    type: DT_INT32
  }
}
attr {
  key: "Tidx"
  value {
    type: DT_INT32
  }
}

"#,
    );
}

/// An allocation larger than the GPU's memory fails before anything is computed, with the
/// BFC allocator's text; eager `tf.zeros` is a `Fill` on the GPU, fed from the host.
#[test]
fn gpu_out_of_memory_is_tensorflows_resource_exhausted_error() {
    let report = run_on(
        "colab-t4",
        "import tensorflow as tf\nprint(tf.zeros([2, 3]).device)\ntry:\n    tf.zeros([100000, 100000])\nexcept tf.errors.ResourceExhaustedError as e:\n    print(e)\n",
    );
    assert_eq!(
        report.stdout,
        "/job:localhost/replica:0/task:0/device:GPU:0\n\
         {{function_node __wrapped__Fill_device_/job:localhost/replica:0/task:0/device:GPU:0}} \
         OOM when allocating tensor with shape[100000,100000] and type float on \
         /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc [Op:Fill] name: \n"
    );
    let fill = report
        .ops
        .iter()
        .find(|op| op.op_type == "Fill")
        .expect("a Fill");
    assert!(fill.device.ends_with("GPU:0"));
}

/// After connecting and initialising, a MatMul on a TPU core uses the MXU's arithmetic
/// (bfloat16 inputs): close to the CPU's result, but not equal in the low bits.
#[test]
fn tpu_matmul_differs_from_the_cpu_in_the_low_bits() {
    let report = run_on(
        "colab-tpu-v2-8",
        r#"import os
import tensorflow as tf
resolver = tf.distribute.cluster_resolver.TPUClusterResolver(tpu='grpc://' + os.environ['COLAB_TPU_ADDR'])
tf.config.experimental_connect_to_cluster(resolver)
tf.tpu.experimental.initialize_tpu_system(resolver)
x = tf.random.uniform([8, 300], seed=1)
w = tf.random.uniform([300, 4], seed=2)
with tf.device('/TPU:0'):
    t = tf.matmul(x, w)
c = tf.matmul(x, w)
print(t.device)
print(c.device)
d = tf.reduce_max(tf.abs(t - c))
print(d.numpy() > 0, d.numpy() < 0.05)
"#,
    );
    assert_eq!(
        report.stdout,
        "/job:worker/replica:0/task:0/device:TPU:0\n/job:worker/replica:0/task:0/device:CPU:0\nTrue True\n",
        "stderr:\n{}",
        report.stderr
    );
}

/// Shapes, axes and permutations are host-memory inputs of GPU kernels: a GPU op fed a
/// shape made on the host copies nothing, while a real tensor made on the host crosses PCIe
/// once however many times it is used there.
#[test]
fn host_memory_inputs_do_not_cross_to_the_gpu() {
    let report = run_on(
        "colab-t4",
        "import tensorflow as tf\nx = tf.random.normal([4, 4])\ny = tf.reduce_sum(tf.reshape(tf.transpose(x), [16]), axis=0)\nwith tf.device('/CPU:0'):\n    h = tf.ones([4, 4]) * 2.0\nwith tf.device('/GPU:0'):\n    z = tf.matmul(h, h) + h\nprint(y.device, z.device)\n",
    );
    assert_eq!(report.exit_code, 0, "{}", report.stderr);
    let copied: Vec<(&str, u64)> = report
        .transfers
        .iter()
        .map(|transfer| (transfer.tensor.as_str(), transfer.bytes))
        .collect();
    // random.normal's mean and stddev scalars feed its GPU mul and add (4 B each); h
    // crosses once; no shape, axis or permutation crosses.
    assert_eq!(
        copied,
        [("Const_2:0", 4), ("Const_1:0", 4), ("mul_1:0", 64)],
        "{:#?}",
        report.transfers
    );
}

/// `BroadcastTo`'s shape and `Slice`'s begin and size are host-memory inputs of their GPU
/// kernels (tf-semantics §7): both ops run on the GPU and no shape or index crosses PCIe.
#[test]
fn broadcast_to_and_slice_keep_their_shapes_on_the_host() {
    let report = run_on(
        "colab-t4",
        "import tensorflow as tf\nx = tf.random.normal([4])\ny = tf.broadcast_to(x, [3, 4])\nz = tf.slice(y, [1, 0], [2, -1])\nprint(y.device, z.device, z.shape)\n",
    );
    assert_eq!(report.exit_code, 0, "{}", report.stderr);
    assert_eq!(
        report.stdout,
        "/job:localhost/replica:0/task:0/device:GPU:0 /job:localhost/replica:0/task:0/device:GPU:0 (2, 4)\n"
    );
    let copied: Vec<(&str, u64)> = report
        .transfers
        .iter()
        .map(|transfer| (transfer.tensor.as_str(), transfer.bytes))
        .collect();
    // Only random.normal's mean and stddev scalars cross, as in the test above.
    assert_eq!(
        copied,
        [("Const_2:0", 4), ("Const_1:0", 4)],
        "{:#?}",
        report.transfers
    );
}
