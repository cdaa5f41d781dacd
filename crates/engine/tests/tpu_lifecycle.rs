//! The Colab TPU story end to end on the emulated TPU machines (tf-semantics.md §4.2–§4.4,
//! §5): resolving, connecting and initialising the TPU system, `TPUStrategy` replication,
//! mirrored variables, XLA compile failures, and the three seed documents' TPU stories,
//! each as the broken program and the fixed one; then `strategy.run` inside a
//! `tf.function`, `MirroredStrategy` on GPUs and distributed batches. TensorFlow cannot run
//! TPUs or GPUs here, so the error texts are tf-semantics.md's; the reports are checked for
//! where ops ran, the replication and the all-reduce.

use engine::report::{OpReport, RunReport};

mod common;
use common::{run_on, TPU_STRATEGY};

const COLAB: &str = "colab-tpu-v2-8";

fn tpu(index: usize) -> String {
    format!("/job:worker/replica:0/task:0/device:TPU:{index}")
}

/// The last line of stderr: the uncaught exception.
fn last_error_line(report: &RunReport) -> &str {
    report.stderr.trim_end().lines().last().unwrap_or("")
}

/// Ops of `op_type` whose name belongs to the traced function `function`.
fn body_ops<'a>(report: &'a RunReport, function: &str, op_type: &str) -> Vec<&'a OpReport> {
    report
        .ops
        .iter()
        .filter(|op| op.op_type == op_type && op.name.starts_with(&format!("{function}/")))
        .collect()
}

/// The name the traced Python function `python_name` got, `__inference_step_<uid>`, from
/// its call in the report. The uid is TensorFlow's program-wide counter, which counts what
/// a strategy's internals made before the trace: only a TPU could tell those, so these
/// tests find the function by its Python name (CPU programs check the uid against the
/// oracle).
fn traced(report: &RunReport, python_name: &str) -> String {
    let prefix = format!("__inference_{python_name}_");
    report
        .ops
        .iter()
        .map(|op| op.op_type.as_str())
        .find(|op_type| {
            op_type
                .strip_prefix(&prefix)
                .is_some_and(|uid| !uid.is_empty() && uid.bytes().all(|b| b.is_ascii_digit()))
        })
        .unwrap_or_else(|| panic!("no call of {prefix}N"))
        .to_string()
}

/// `text` with the uid of every `__inference_NAME_<uid>` written `N` (see [`traced`]).
fn without_uids(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("__inference_") {
        let (before, from) = rest.split_at(at);
        out.push_str(before);
        let name_end = from
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(from.len());
        let name = &from[..name_end];
        match name.rsplit_once('_') {
            Some((stem, uid)) if !uid.is_empty() && uid.bytes().all(|b| b.is_ascii_digit()) => {
                out.push_str(stem);
                out.push_str("_N");
            }
            _ => out.push_str(name),
        }
        rest = &from[name_end..];
    }
    out.push_str(rest);
    out
}

/// Every replica ran `op_type` on its own core, TPU:0 to TPU:7, as TPUStrategy replicated it.
fn assert_replicated(report: &RunReport, function: &str, op_type: &str) {
    let ops = body_ops(report, function, op_type);
    let devices: Vec<&str> = ops.iter().map(|op| op.device.as_str()).collect();
    let expected: Vec<String> = (0..8).map(tpu).collect();
    assert!(!devices.is_empty(), "no {op_type} in {function}");
    for group in devices.chunks(8) {
        assert_eq!(group, expected, "{op_type} of {function}");
    }
    for op in &ops {
        assert!(
            op.reason.contains("replicated by TPUStrategy"),
            "{}",
            op.reason
        );
        assert_eq!(op.execution, "function", "{}", op.name);
    }
}

#[test]
fn the_lifecycle_logs_and_returns_what_tensorflow_does() {
    let source = format!(
        "{TPU_STRATEGY}print(strategy.num_replicas_in_sync)
print(strategy.extended.worker_devices[7])
print(tf.constant(1.0).device)
topology = tf.tpu.experimental.initialize_tpu_system(resolver)
print(topology.mesh_shape, topology.num_tasks, topology.num_tpus_per_task)
print(resolver.master(), resolver.cluster_spec())
tf.tpu.experimental.shutdown_tpu_system(resolver)
"
    );
    let report = run_on(COLAB, &source);
    assert_eq!(
        report.stdout,
        "8\n/job:worker/replica:0/task:0/device:TPU:7\n/job:worker/replica:0/task:0/device:CPU:0\n\
         [2 2 1 2] 1 8\ngrpc://10.0.0.2:8470 ClusterSpec({'worker': ['10.0.0.2:8470']})\n",
        "{}",
        report.stderr
    );
    // The order of `tpu_strategy_util.py` and of real Colab outputs.
    let stderr: Vec<&str> = report
        .stderr
        .lines()
        .filter(|line| !line.contains("Available Device"))
        .collect();
    assert_eq!(
        stderr,
        [
            "INFO:absl:Entering into master device scope: /job:worker/replica:0/task:0/device:CPU:0",
            "INFO:tensorflow:Deallocate tpu buffers before initializing tpu system.",
            "INFO:tensorflow:Initializing the TPU system: grpc://10.0.0.2:8470",
            "INFO:tensorflow:Finished initializing TPU system.",
            "INFO:tensorflow:Found TPU system:",
            "INFO:tensorflow:*** Num TPU Cores: 8",
            "INFO:tensorflow:*** Num TPU Workers: 1",
            "INFO:tensorflow:*** Num TPU Cores Per Worker: 8",
            "INFO:tensorflow:Deallocate tpu buffers before initializing tpu system.",
            "WARNING:tensorflow:TPU system grpc://10.0.0.2:8470 has already been initialized. Reinitializing the TPU can cause previously created variables on TPU to be lost.",
            "INFO:tensorflow:Initializing the TPU system: grpc://10.0.0.2:8470",
            "INFO:tensorflow:Finished initializing TPU system.",
            "INFO:tensorflow:Shutting down the TPU system: grpc://10.0.0.2:8470",
            "INFO:tensorflow:Clearing out eager caches",
            "INFO:tensorflow:Finished shutting down TPU system.",
        ]
    );
    assert!(report.stderr.contains(
        "INFO:tensorflow:*** Available Device: _DeviceAttributes(/job:worker/replica:0/task:0/device:TPU:7, TPU, 0, 0)"
    ));
    let system_ops: Vec<&str> = report
        .ops
        .iter()
        .filter(|op| op.device.ends_with("TPU_SYSTEM:0"))
        .map(|op| op.op_type.as_str())
        .collect();
    assert_eq!(
        system_ops,
        [
            "ConfigureDistributedTPU",
            "ConfigureDistributedTPU",
            "ShutdownDistributedTPU"
        ]
    );
}

#[test]
fn resolvers_follow_the_environment() {
    let source = "import tensorflow as tf
print(tf.distribute.cluster_resolver.TPUClusterResolver().master())
try:
    tf.distribute.cluster_resolver.TPUClusterResolver(tpu='my-tpu')
except Exception as e:
    print(type(e).__name__, e)
";
    let report = run_on(COLAB, source);
    assert_eq!(
        report.stdout,
        "grpc://10.0.0.2:8470\nURLError <urlopen error [Errno -2] Name or service not known>\n"
    );
    // A TPU VM names its TPU `local` in TPU_NAME.
    let report = run_on("tpu-v4-32", "import tensorflow as tf\nr = tf.distribute.cluster_resolver.TPUClusterResolver()\nprint(repr(r.master()))\n");
    assert_eq!(report.stdout, "''\n");
    // No TPU anywhere: TensorFlow's ValueError, for the resolver and for TPUStrategy().
    let report = run_on(
        "colab-t4",
        "import tensorflow as tf\ntf.distribute.TPUStrategy()\n",
    );
    assert_eq!(
        last_error_line(&report),
        "ValueError: Please provide a TPU Name to connect to."
    );
}

#[test]
fn tpu_steps_out_of_order_fail_as_tensorflow_does() {
    // Before connecting, the TPU Node's cores are not devices: TPUStrategy finds none.
    let report = run_on(
        COLAB,
        "import tensorflow as tf\nr = tf.distribute.cluster_resolver.TPUClusterResolver()\ntf.distribute.TPUStrategy(r)\n",
    );
    assert_eq!(
        last_error_line(&report),
        "IndexError: list index out of range"
    );
    // Initialising without connecting: the worker's TPU_SYSTEM is not in the cluster.
    let report = run_on(
        COLAB,
        "import tensorflow as tf\nr = tf.distribute.cluster_resolver.TPUClusterResolver()\ntf.tpu.experimental.initialize_tpu_system(r)\n",
    );
    assert!(
        last_error_line(&report).starts_with(
            "tensorflow.python.framework.errors_impl.NotFoundError: TPUs not found in the cluster. Failed in initialization: "
        ),
        "{}",
        report.stderr
    );
    // Connected but not initialised: TPU ops fail.
    let report = run_on(
        COLAB,
        "import tensorflow as tf\nr = tf.distribute.cluster_resolver.TPUClusterResolver()\ntf.config.experimental_connect_to_cluster(r)\nwith tf.device('/TPU:0'):\n    c = tf.constant([1.0]) + 1.0\n",
    );
    assert_eq!(
        last_error_line(&report),
        "tensorflow.python.framework.errors_impl.FailedPreconditionError: The TPU system has not been initialized."
    );
    // initialize_tpu_system inside a tf.function.
    let report = run_on(
        COLAB,
        "import tensorflow as tf\nr = tf.distribute.cluster_resolver.TPUClusterResolver()\ntf.config.experimental_connect_to_cluster(r)\n@tf.function\ndef f():\n    tf.tpu.experimental.initialize_tpu_system(r)\nf()\n",
    );
    assert!(
        report
            .stderr
            .contains("RuntimeError: initialize_tpu_system is not supported within tf.functions."),
        "{}",
        report.stderr
    );
}

/// Seed 000, example 1 as written: `/TPU:0` before any connection. TensorFlow 2 does not
/// raise the "Cannot assign a device" the seed promises: soft placement runs the ops on the
/// Colab VM's CPU, and only with soft placement off is there an error, the eager one.
#[test]
fn seed_000_broken_tpu_device_before_connecting() {
    let source = "import tensorflow as tf

with tf.device('/TPU:0'):
  a = tf.constant([1.0, 2.0])
  b = tf.constant([3.0, 4.0])
  c = a + b

print(c)
print(c.device)
tf.config.set_soft_device_placement(False)
with tf.device('/TPU:0'):
  d = a + b
";
    let report = run_on(COLAB, source);
    assert_eq!(
        report.stdout,
        "tf.Tensor([4. 6.], shape=(2,), dtype=float32)\n/job:localhost/replica:0/task:0/device:CPU:0\n"
    );
    assert_eq!(
        last_error_line(&report),
        "tensorflow.python.framework.errors_impl.InvalidArgumentError: Could not satisfy device specification '/job:localhost/replica:0/task:0/device:TPU:0'. enable_soft_placement=0. Supported device types [CPU]. All available devices [/job:localhost/replica:0/task:0/device:CPU:0]. [Op:AddV2]"
    );
    let add = report.ops.iter().find(|op| op.op_type == "AddV2").unwrap();
    assert_eq!(add.device, "/job:localhost/replica:0/task:0/device:CPU:0");
    // Example 2 as written never imports `os`.
    let report = run_on(
        COLAB,
        "import tensorflow as tf\nresolver = tf.distribute.cluster_resolver.TPUClusterResolver(tpu='grpc://' + os.environ['COLAB_TPU_ADDR'])\n",
    );
    assert_eq!(
        last_error_line(&report),
        "NameError: name 'os' is not defined"
    );
}

/// Seed 000 fixed: connect, initialise, then `/TPU:0` is the worker's first core, and a
/// `TPUStrategy` step runs on all eight cores with an all-reduce between them.
#[test]
fn seed_000_fixed_connect_initialise_replicate() {
    let source = format!(
        "{TPU_STRATEGY}
with tf.device('/TPU:0'):
  a = tf.constant([1.0, 2.0])
  b = tf.constant([3.0, 4.0])
  c = a + b
print(c.device)

with strategy.scope():
  w = tf.Variable([[1.0], [2.0]])

@tf.function
def step(x):
  y = tf.matmul(x, w)
  return tf.distribute.get_replica_context().all_reduce('SUM', y)

per_replica = strategy.run(step, args=(tf.constant([[1.0, 1.0]]),))
print(type(per_replica).__name__)
print(strategy.experimental_local_results(per_replica)[5])
print(strategy.reduce('MEAN', per_replica, axis=None))
"
    );
    let report = run_on(COLAB, &source);
    assert_eq!(
        report.stdout,
        "/job:worker/replica:0/task:0/device:TPU:0\nPerReplica\n\
         tf.Tensor([[24.]], shape=(1, 1), dtype=float32)\ntf.Tensor([[24.]], shape=(1, 1), dtype=float32)\n",
        "{}",
        report.stderr
    );
    assert_eq!(report.exit_code, 0);
    let function = traced(&report, "step");
    let function = function.as_str();
    assert_replicated(&report, function, "MatMul");
    assert_replicated(&report, function, "CrossReplicaSum");
    // One launch for the program, and the eight replicas run in parallel.
    let calls: Vec<&OpReport> = report
        .ops
        .iter()
        .filter(|op| op.op_type == function)
        .collect();
    assert_eq!(calls.len(), 1);
    let matmuls = body_ops(&report, function, "MatMul");
    assert!(matmuls.iter().all(|op| op.start_us == matmuls[0].start_us));
    // The all-reduce: every replica's part starts and ends together, timed as a ring.
    let all_reduce = body_ops(&report, function, "CrossReplicaSum");
    assert!(all_reduce[0].dur_us > 0.0);
    assert!(all_reduce
        .iter()
        .all(|op| op.start_us == all_reduce[0].start_us && op.dur_us == all_reduce[0].dur_us));
    assert!(
        all_reduce[0].cost.contains("ring all-reduce"),
        "{}",
        all_reduce[0].cost
    );
    assert!(all_reduce[0].start_us >= matmuls[0].start_us + matmuls[0].dur_us);
    // The input is fed from the worker's CPU to every core.
    for index in 0..8 {
        assert!(
            report.transfers.iter().any(
                |t| t.src == "/job:worker/replica:0/task:0/device:CPU:0" && t.dst == tpu(index)
            ),
            "no infeed to TPU:{index}"
        );
    }
}

/// Seed 004, example 1: a variable made outside `strategy.scope()` and read in a plain
/// `tf.function` does not fail: it lives on the worker's CPU (the default device after
/// connecting) and the function runs there.
#[test]
fn seed_004_variable_outside_the_scope_runs_on_the_worker_cpu() {
    let source = format!(
        "{TPU_STRATEGY}
variable_wrong = tf.Variable(tf.zeros((10, 10)), name=\"wrong_variable\")
print(type(variable_wrong).__name__, variable_wrong.device)

@tf.function
def my_function():
    return variable_wrong + 1

result = my_function()
print(f\"Result: {{result.shape}} on {{result.device}}\")
"
    );
    let report = run_on(COLAB, &source);
    assert_eq!(
        report.stdout,
        "ResourceVariable /job:worker/replica:0/task:0/device:CPU:0\n\
         Result: (10, 10) on /job:worker/replica:0/task:0/device:CPU:0\n",
        "{}",
        report.stderr
    );
}

/// Seed 004, example 2: creating variables through `strategy.run` of a plain function is
/// TensorFlow's pure-eager error, not a "correct initialization".
#[test]
fn seed_004_broken_strategy_run_of_a_plain_function() {
    let source = format!(
        "{TPU_STRATEGY}
def create_variables():
    return tf.Variable(tf.zeros((10, 10)), name=\"correct_variable\")

with strategy.scope():
    variable_correct = strategy.run(create_variables)
"
    );
    let report = run_on(COLAB, &source);
    assert_eq!(
        last_error_line(&report),
        "NotImplementedError: TPUStrategy.run(fn, ...) does not support pure eager execution. please make sure the function passed into `strategy.run` is a `tf.function` or `strategy.run` is called inside a `tf.function` if eager behavior is enabled."
    );
}

/// Seed 004 fixed: `tf.Variable` directly in the scope is a `TPUMirroredVariable` with one
/// component per core, and a replicated step reads each core's own copy.
#[test]
fn seed_004_fixed_variables_in_the_scope_are_mirrored_on_every_core() {
    let source = format!(
        "{TPU_STRATEGY}
with strategy.scope():
    variable_correct = tf.Variable(tf.zeros((10, 10)), name=\"correct_variable\")
print(type(variable_correct).__name__, len(variable_correct.values))
print(variable_correct.values[0].name, variable_correct.values[7].name)
print(variable_correct.values[3].device)

@tf.function
def my_function_correct():
    return variable_correct + 1

result_correct = strategy.run(my_function_correct)
print(strategy.reduce('SUM', result_correct, axis=None)[0, :3])
"
    );
    let report = run_on(COLAB, &source);
    assert_eq!(
        report.stdout,
        "TPUMirroredVariable 8\ncorrect_variable:0 correct_variable/replica_7:0\n\
         /job:worker/replica:0/task:0/device:TPU:3\ntf.Tensor([8. 8. 8.], shape=(3,), dtype=float32)\n",
        "{}",
        report.stderr
    );
    let function = traced(&report, "my_function_correct");
    assert_replicated(&report, &function, "ReadVariableOp");
    assert_replicated(&report, &function, "AddV2");
    // Each replica reads its own copy: no transfer between cores inside the program.
    let body_inputs_cross_cores = report.transfers.iter().any(|t| {
        t.tensor.starts_with(&format!("{function}/"))
            && t.src.contains("TPU")
            && t.dst.contains("TPU")
    });
    assert!(!body_inputs_cross_cores);
}

/// Seed 002, broken: the inference program takes its inputs as strings. A string cannot
/// enter a TPU program (§4.1), so XLA refuses the parameter (the `_Arg` text is the one the
/// oracle gives for `jit_compile=True` on CPU, with XLA_TPU_JIT). Constant strings are
/// another matter: TensorFlow folds them away before XLA sees the program.
#[test]
fn seed_002_broken_string_inputs_to_a_tpu_program() {
    let source = format!(
        "{TPU_STRATEGY}
with strategy.scope():
    counter = tf.Variable(0.0)

@tf.function
def infer(s):
    counter.assign_add(1.0)
    return tf.strings.to_number(s) * tf.strings.to_number(tf.constant(\"2.0\"))

strategy.run(infer, args=(tf.constant([\"1.0\", \"2.0\"]),))
"
    );
    let report = run_on(COLAB, &source);
    let error = report.error.as_ref().expect("a compile failure");
    assert_eq!(error.type_name, "InvalidArgumentError");
    assert_eq!(
        without_uids(error.message.split("\n\tTPU compilation failed").next().unwrap()),
        "{{function_node __inference_infer_N}} Compilation failure: Detected unsupported operations when trying to compile graph cluster_infer[] on XLA_TPU_JIT: _Arg (No registered '_Arg' OpKernel for XLA_TPU_JIT devices compatible with node {{node s}}\n\t (OpKernel was found, but attributes didn't match) Requested Attributes: T=DT_STRING){{node s}}"
    );
    assert!(error
        .message
        .contains("\n\tTPU compilation failed\n\t [[{{node tpu_compile_succeeded_assert/"));
    // Nothing ran: the program failed before its launch.
    assert!(!report
        .ops
        .iter()
        .any(|op| op.op_type.starts_with("__inference_infer_")));
    // The constant string alone compiles: it is folded into a float constant.
    let folded = format!(
        "{TPU_STRATEGY}
@tf.function
def infer(x):
    return x * tf.strings.to_number(tf.constant(\"2.0\"))
print(strategy.run(infer, args=(tf.constant(1.0),)).values[3])
"
    );
    let report = run_on(COLAB, &folded);
    assert_eq!(
        report.stdout, "tf.Tensor(2.0, shape=(), dtype=float32)\n",
        "{}",
        report.stderr
    );
}

/// Seed 002, fixed: assignment works inside a TPU program. With the default aggregation
/// each core updates its own copy (they diverge when replicas write different values);
/// with `aggregation=SUM` the update is all-reduced and every copy gets the same value.
/// The string parsing moves to the host with `tf.tpu.outside_compilation`.
#[test]
fn seed_002_fixed_assignment_in_a_tpu_program() {
    let source = format!(
        "{TPU_STRATEGY}
with strategy.scope():
    calls = tf.Variable(0.0)
    seen = tf.Variable(0.0, aggregation=tf.VariableAggregation.SUM)

@tf.function
def infer(s):
    replica = tf.cast(tf.distribute.get_replica_context().replica_id_in_sync_group, tf.float32)
    calls.assign_add(replica)
    seen.assign_add(1.0)
    x = tf.tpu.outside_compilation(tf.strings.to_number, s)
    return x * 2.0

out = strategy.run(infer, args=(tf.constant([\"1.0\", \"2.0\"]),))
print([float(c.numpy()) for c in calls.values])
print([float(c.numpy()) for c in seen.values])
print(strategy.experimental_local_results(out)[7])
"
    );
    let report = run_on(COLAB, &source);
    assert_eq!(
        report.stdout,
        "[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]\n[8.0, 8.0, 8.0, 8.0, 8.0, 8.0, 8.0, 8.0]\n\
         tf.Tensor([2. 4.], shape=(2,), dtype=float32)\n",
        "{}",
        report.stderr
    );
    let function = traced(&report, "infer");
    assert_replicated(&report, &function, "AssignAddVariableOp");
    assert_replicated(&report, &function, "CrossReplicaSum");
    let on_host = body_ops(&report, &function, "StringToNumber");
    assert_eq!(on_host.len(), 8);
    assert!(on_host
        .iter()
        .all(|op| op.device == "/job:worker/replica:0/task:0/device:CPU:0"));
    // The parsed numbers go from the host to each core.
    assert!(report
        .transfers
        .iter()
        .any(|t| t.tensor.contains("StringToNumber")
            && t.src == "/job:worker/replica:0/task:0/device:CPU:0"
            && t.dst == tpu(7)));
}

/// A TPU v4-32 slice: sixteen chips on four hosts, one replica each, all-reduced over ICI.
#[test]
fn a_v4_32_slice_replicates_over_four_hosts() {
    let source = "import tensorflow as tf
resolver = tf.distribute.cluster_resolver.TPUClusterResolver(tpu='local')
tf.config.experimental_connect_to_cluster(resolver)
topology = tf.tpu.experimental.initialize_tpu_system(resolver)
print(topology.mesh_shape, topology.num_tasks, topology.num_tpus_per_task)
strategy = tf.distribute.TPUStrategy(resolver)
print(strategy.num_replicas_in_sync, strategy.extended.worker_devices[15])
with strategy.scope():
    w = tf.Variable(tf.ones([8, 8]))
@tf.function
def step(x):
    g = tf.matmul(x, tf.matmul(x, w), transpose_a=True)
    g = tf.distribute.get_replica_context().all_reduce('MEAN', g)
    w.assign_sub(g / 64.0)
    return tf.reduce_sum(g)
out = strategy.run(step, args=(tf.ones([4, 8]),))
print(strategy.reduce('SUM', out, axis=None))
print(float(w.values[9][0, 0]))
";
    let report = run_on("tpu-v4-32", source);
    assert_eq!(
        report.stdout,
        "[2 2 4 1] 4 4\n16 /job:worker/replica:0/task:3/device:TPU:3\n\
         tf.Tensor(32768.0, shape=(), dtype=float32)\n0.5\n",
        "{}",
        report.stderr
    );
    let all_reduce = body_ops(&report, &traced(&report, "step"), "CrossReplicaSum");
    assert_eq!(all_reduce.len(), 16);
    assert!(all_reduce
        .iter()
        .all(|op| op.start_us == all_reduce[0].start_us && op.dur_us > 0.0));
}

/// `strategy.run` inside a `tf.function` (the usual custom training loop): the replicas are
/// built into the outer function, each on its core, and reduced on the host. An all-reduce
/// there joins the eight replicas: one `CrossReplicaSum` per core, run together, and every
/// replica gets the sum.
#[test]
fn strategy_run_inside_a_tf_function() {
    let source = format!(
        "{TPU_STRATEGY}
with strategy.scope():
    w = tf.Variable(2.0)
    steps = tf.Variable(0.0, aggregation=tf.VariableAggregation.ONLY_FIRST_REPLICA)
def step(x):
    return x * w
@tf.function
def train(x):
    per_replica = strategy.run(step, args=(x,))
    return strategy.reduce('SUM', per_replica, axis=None)
print(train(tf.ones([2])))
def synced(x):
    ctx = tf.distribute.get_replica_context()
    steps.assign_add(1.0)
    return ctx.all_reduce('SUM', x * tf.cast(ctx.replica_id_in_sync_group, tf.float32))
@tf.function
def train_synced(x):
    return strategy.reduce('MEAN', strategy.run(synced, args=(x,)), axis=None)
print(train_synced(tf.ones([2])))
print(train_synced(tf.ones([2])), steps.numpy())
"
    );
    let report = run_on(COLAB, &source);
    assert_eq!(
        report.stdout,
        "tf.Tensor([16. 16.], shape=(2,), dtype=float32)\n\
         tf.Tensor([28. 28.], shape=(2,), dtype=float32)\n\
         tf.Tensor([28. 28.], shape=(2,), dtype=float32) 2.0\n",
        "{}",
        report.stderr
    );
    let muls: Vec<&str> = report
        .ops
        .iter()
        .filter(|op| {
            op.op_type == "Mul"
                && op.name.starts_with("__inference_train_")
                && !op.name.starts_with("__inference_train_synced")
        })
        .map(|op| op.device.as_str())
        .collect();
    let expected: Vec<String> = (0..8).map(tpu).collect();
    assert_eq!(muls, expected);
    // Each call all-reduces twice (the ONLY_FIRST_REPLICA update and the sum), on all eight
    // cores at once.
    let sums: Vec<&OpReport> = report
        .ops
        .iter()
        .filter(|op| op.op_type == "CrossReplicaSum")
        .collect();
    assert_eq!(sums.len(), 2 * 2 * 8);
    for group in sums.chunks(8) {
        let devices: Vec<&str> = group.iter().map(|op| op.device.as_str()).collect();
        assert_eq!(devices, expected);
        assert!(group.iter().all(|op| op.start_us == group[0].start_us));
        assert!(group[0].dur_us > 0.0, "the ring over ICI takes time");
    }
}

/// `MirroredStrategy()` on two V100s: one replica per GPU, and the all-reduce is NCCL's,
/// timed as a ring over NVLink.
#[test]
fn mirrored_strategy_on_gpus_all_reduces_over_nvlink() {
    let source = "import tensorflow as tf
strategy = tf.distribute.MirroredStrategy()
print(strategy.extended.worker_devices)
with strategy.scope():
    w = tf.Variable(tf.ones([256, 256]))
@tf.function
def step():
    g = tf.distribute.get_replica_context().all_reduce('SUM', tf.matmul(w, w))
    w.assign_sub(g / 1024.0)
    return tf.reduce_sum(g)
print(strategy.reduce('MEAN', strategy.run(step), axis=None))
print(float(w.values[1][0, 0]))
";
    let report = run_on("2x-v100-nvlink", source);
    assert_eq!(
        report.stdout,
        "('/job:localhost/replica:0/task:0/device:GPU:0', '/job:localhost/replica:0/task:0/device:GPU:1')\n\
         tf.Tensor(3.3554432e+07, shape=(), dtype=float32)\n0.5\n",
        "{}",
        report.stderr
    );
    let nccl = body_ops(&report, &traced(&report, "step"), "NcclAllReduce");
    assert_eq!(nccl.len(), 2);
    assert!(nccl[0].dur_us > 0.0 && nccl[0].start_us == nccl[1].start_us);
    assert!(report.metrics.bytes_by_link["NVLink GPU:0<->GPU:1"] >= 256 * 256 * 4);
}

/// `experimental_distribute_dataset` splits each global batch into `ceil(batch / replicas)`
/// rows per replica, as tf.distribute's rebatching does (the input guide's examples), and
/// copies each slice to its replica's device. Any iterable of batches works until tf.data
/// lands; a list stands in for `Dataset.range(n).batch(b)` here.
#[test]
fn distributed_batches_split_like_rebatching() {
    let source = "import tensorflow as tf
cpus = tf.config.list_physical_devices('CPU')
tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * 3)
def show(strategy, batches):
    for batch in strategy.experimental_distribute_dataset(batches):
        parts = strategy.experimental_local_results(batch)
        print([t.numpy().tolist() for t in parts], [t.device[-5:] for t in parts])
two = tf.distribute.MirroredStrategy(['/cpu:0', '/cpu:1'])
show(two, [tf.range(0, 4), tf.range(4, 6)])
three = tf.distribute.MirroredStrategy(['/cpu:0', '/cpu:1', '/cpu:2'])
show(three, [tf.range(0, 4), tf.range(4, 8)])
";
    let report = run_on("cpu", source);
    assert_eq!(
        report.stdout,
        "[[0, 1], [2, 3]] ['CPU:0', 'CPU:1']\n[[4], [5]] ['CPU:0', 'CPU:1']\n\
         [[0, 1], [2, 3], []] ['CPU:0', 'CPU:1', 'CPU:2']\n\
         [[4, 5], [6, 7], []] ['CPU:0', 'CPU:1', 'CPU:2']\n",
        "{}",
        report.stderr
    );
}

/// On a single TPU VM the cores are the local process's devices (tf-semantics.md §4.1):
/// `/job:localhost/...`, `experimental_connect_to_cluster` with the `local` resolver
/// changes nothing, and the strategy reduces on the VM's own CPU.
#[test]
fn a_tpu_vm_names_its_cores_under_localhost() {
    let source = "import tensorflow as tf
resolver = tf.distribute.cluster_resolver.TPUClusterResolver(tpu='local')
tf.config.experimental_connect_to_cluster(resolver)
tf.tpu.experimental.initialize_tpu_system(resolver)
strategy = tf.distribute.TPUStrategy(resolver)
print(strategy.extended.worker_devices[7])
with strategy.scope():
    v = tf.Variable(1.0)
print(v.device, tf.constant(1.0).device)
@tf.function
def step(x):
    return tf.distribute.get_replica_context().all_reduce('SUM', x * v)
print(strategy.reduce('SUM', strategy.run(step, args=(tf.ones([2]),)), axis=None).device)
";
    for preset in ["tpu-v3-8", "tpu-v5e-8"] {
        let report = run_on(preset, source);
        assert_eq!(
            report.stdout,
            "/job:localhost/replica:0/task:0/device:TPU:7\n\
             /job:localhost/replica:0/task:0/device:TPU:0 /job:localhost/replica:0/task:0/device:CPU:0\n\
             /job:localhost/replica:0/task:0/device:CPU:0\n",
            "{preset}: {}",
            report.stderr
        );
        assert!(report.stderr.contains(
            "INFO:tensorflow:*** Available Device: _DeviceAttributes(/job:localhost/replica:0/task:0/device:TPU_SYSTEM:0, TPU_SYSTEM, 0, 0)"
        ));
        assert!(report
            .ops
            .iter()
            .all(|op| !op.device.contains("/job:worker")));
        let sums = body_ops(&report, &traced(&report, "step"), "CrossReplicaSum");
        assert_eq!(sums.len(), 8, "{preset}");
        let system = report
            .ops
            .iter()
            .find(|op| op.op_type == "ConfigureDistributedTPU")
            .expect("the init op");
        assert_eq!(
            system.device,
            "/job:localhost/replica:0/task:0/device:TPU_SYSTEM:0"
        );
    }
}

/// Seed 002's story inside a `tf.function`: `TPUStrategy.run` there builds one TPU
/// computation, compiled by XLA when the function runs (tracing succeeds). String inputs
/// fail to compile; parsing them on the host before the computation works.
#[test]
fn a_tpu_computation_inside_a_tf_function_is_compiled_when_it_runs() {
    let source = format!(
        "{TPU_STRATEGY}
def parse_and_double(s):
    return tf.strings.to_number(s) * 2.0
def double(x):
    return x * 2.0
@tf.function
def fixed(s):
    x = tf.strings.to_number(s)
    return strategy.reduce('SUM', strategy.run(double, args=(x,)), axis=None)
@tf.function
def broken(s):
    return strategy.reduce('SUM', strategy.run(parse_and_double, args=(s,)), axis=None)
print(fixed(tf.constant(['1.0', '2.0'])))
print('traced')
broken(tf.constant(['1.0', '2.0']))
"
    );
    let report = run_on(COLAB, &source);
    assert_eq!(
        report.stdout,
        "tf.Tensor([16. 32.], shape=(2,), dtype=float32)\ntraced\n"
    );
    let error = report.error.as_ref().expect("a compile failure");
    assert_eq!(error.type_name, "InvalidArgumentError");
    assert_eq!(
        without_uids(error.message.split("\n\tTPU compilation failed").next().unwrap()),
        "{{function_node __inference_broken_N}} Compilation failure: Detected unsupported operations when trying to compile graph cluster_broken[] on XLA_TPU_JIT: _Arg (No registered '_Arg' OpKernel for XLA_TPU_JIT devices compatible with node {{node s}}\n\t (OpKernel was found, but attributes didn't match) Requested Attributes: T=DT_STRING){{node s}}"
    );
    assert!(error
        .message
        .contains("\n\tTPU compilation failed\n\t [[{{node tpu_compile_succeeded_assert/"));
    // The fixed program parsed on the worker's CPU and multiplied on every core.
    let fixed = traced(&report, "fixed");
    let parse = body_ops(&report, &fixed, "StringToNumber");
    assert_eq!(parse.len(), 1);
    assert_eq!(parse[0].device, "/job:worker/replica:0/task:0/device:CPU:0");
    let muls = body_ops(&report, &fixed, "Mul");
    let devices: Vec<&str> = muls.iter().map(|op| op.device.as_str()).collect();
    let expected: Vec<String> = (0..8).map(tpu).collect();
    assert_eq!(devices, expected);
}

/// The custom training step on two V100s: `strategy.run` inside a `tf.function` traces each
/// replica on its GPU, the gradient all-reduce is NCCL's over NVLink, and the mirrored
/// update (`aggregation=MEAN`) keeps both copies equal.
#[test]
fn a_custom_training_step_on_two_gpus_all_reduces_inside_the_function() {
    let source = "import tensorflow as tf
strategy = tf.distribute.MirroredStrategy()
with strategy.scope():
    w = tf.Variable(tf.ones([64, 64]), aggregation=tf.VariableAggregation.MEAN)
def step(x):
    g = tf.matmul(x, tf.matmul(x, w), transpose_a=True)
    g = tf.distribute.get_replica_context().all_reduce('SUM', g)
    w.assign_sub(g / 1024.0)
    return tf.reduce_sum(g)
@tf.function
def train_step(x):
    return strategy.reduce('SUM', strategy.run(step, args=(x,)), axis=None)
for _ in range(2):
    loss = train_step(tf.ones([4, 64]) / 8.0)
print(loss.numpy() > 0, float(w.values[0][0, 0]) == float(w.values[1][0, 0]))
";
    let report = run_on("2x-v100-nvlink", source);
    assert_eq!(report.stdout, "True True\n", "{}", report.stderr);
    let nccl: Vec<&OpReport> = report
        .ops
        .iter()
        .filter(|op| op.op_type == "NcclAllReduce")
        .collect();
    // Per call: the gradient and the MEAN update, each on both GPUs.
    assert_eq!(nccl.len(), 2 * 2 * 2);
    for pair in nccl.chunks(2) {
        assert!(pair[0].device.ends_with("GPU:0") && pair[1].device.ends_with("GPU:1"));
        assert_eq!(pair[0].start_us, pair[1].start_us);
        assert!(pair[0].dur_us > 0.0);
        assert_eq!(pair[0].execution, "function");
    }
    let matmuls = body_ops(&report, &traced(&report, "train_step"), "MatMul");
    assert!(matmuls.iter().any(|op| op.device.ends_with("GPU:1")));
    assert!(report.metrics.bytes_by_link["NVLink GPU:0<->GPU:1"] >= 64 * 64 * 4);
}
