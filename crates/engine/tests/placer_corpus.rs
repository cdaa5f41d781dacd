//! One test per conformance case that prints a placement message or a device name.
//!
//! Each test rebuilds, by hand, what the runtime will hand the placer for that program,
//! and compares with the text in `shared/conformance/cases/<case>.expected`.

use engine::device::set::LOCAL_HOST_CPU;
use engine::device::spec::eager_scope_name;
use engine::device::DeviceSet;
use engine::kernels::DataType;
use engine::placer::eager::{place_eager_constant, place_eager_op, EagerInput, EagerOp};
use engine::placer::errors::session_error_message;
use engine::placer::graph::{place_graph, GraphPlacementOptions};
use engine::placer::{Graph, Node, PlacementError, StackFrame};

fn scope(current: &str, requested: &str) -> String {
    eager_scope_name(current, Some(requested), LOCAL_HOST_CPU, &[]).expect("valid spec")
}

/// Eager `tf.constant(...) <op> tf.constant(...)` under `requested`: the constants first.
fn eager_binary(
    devices: &DeviceSet,
    requested: &str,
    soft: bool,
) -> Result<String, PlacementError> {
    let registry = engine::runtime::op_defs::kernel_registry();
    let scope = scope("", requested);
    let left = place_eager_constant(devices, &registry, DataType::Float, &scope, soft)?;
    let right = place_eager_constant(devices, &registry, DataType::Float, &scope, soft)?;
    let inputs = [
        EagerInput {
            device: left.device,
            dtype: DataType::Float,
            element_count: 2,
        },
        EagerInput {
            device: right.device,
            dtype: DataType::Float,
            element_count: 2,
        },
    ];
    let op = EagerOp {
        op_type: "AddV2",
        dtype: Some(DataType::Float),
        inputs: &inputs,
        is_function_call: false,
    };
    let placement = place_eager_op(devices, &registry, &op, &scope, soft)?;
    Ok(devices.device(placement.device).name.clone())
}

fn python_error(error: &PlacementError) -> String {
    format!("{}: {}", error.code.python_exception_name(), error.message)
}

#[test]
fn a01_eager_add_runs_on_cpu() {
    let devices = DeviceSet::cpu_only();
    let registry = engine::runtime::op_defs::kernel_registry();
    let inputs = [EagerInput {
        device: engine::device::DeviceId(0),
        dtype: DataType::Float,
        element_count: 2,
    }; 2];
    let op = EagerOp {
        op_type: "AddV2",
        dtype: Some(DataType::Float),
        inputs: &inputs,
        is_function_call: false,
    };
    let placement = place_eager_op(&devices, &registry, &op, "", true).unwrap();
    assert_eq!(
        devices.device(placement.device).name,
        "/job:localhost/replica:0/task:0/device:CPU:0"
    );
}

#[test]
fn b01_eager_tpu_soft() {
    assert_eq!(
        eager_binary(&DeviceSet::cpu_only(), "/TPU:0", true).unwrap(),
        LOCAL_HOST_CPU
    );
}

#[test]
fn b02_eager_tpu_strict() {
    let error = eager_binary(&DeviceSet::cpu_only(), "/TPU:0", false).unwrap_err();
    assert_eq!(
        python_error(&error),
        "InvalidArgumentError: Could not satisfy device specification '/job:localhost/replica:0/task:0/device:TPU:0'. \
         enable_soft_placement=0. Supported device types [CPU]. All available devices \
         [/job:localhost/replica:0/task:0/device:CPU:0]."
    );
}

#[test]
fn b03_eager_gpu_strict_has_no_cuda_sentence() {
    // `tf.ones([2, 2])` under /GPU:0 fails at its constant, before MatMul.
    let error = eager_binary(&DeviceSet::cpu_only(), "/GPU:0", false).unwrap_err();
    assert_eq!(
        python_error(&error),
        "InvalidArgumentError: Could not satisfy device specification '/job:localhost/replica:0/task:0/device:GPU:0'. \
         enable_soft_placement=0. Supported device types [CPU]. All available devices \
         [/job:localhost/replica:0/task:0/device:CPU:0]."
    );
}

#[test]
fn b04_eager_cpu3_of_two() {
    let devices = DeviceSet::logical_cpus(2);
    let mut lines = Vec::new();
    for spec in ["/CPU:0", "/CPU:1", "/CPU:3"] {
        let outcome = match eager_binary(&devices, spec, false) {
            Ok(device) => device,
            Err(error) => python_error(&error),
        };
        lines.push(format!("{spec} -> {outcome}"));
    }
    assert_eq!(
        lines.join("\n"),
        "/CPU:0 -> /job:localhost/replica:0/task:0/device:CPU:0\n\
         /CPU:1 -> /job:localhost/replica:0/task:0/device:CPU:1\n\
         /CPU:3 -> InvalidArgumentError: Could not satisfy device specification \
         '/job:localhost/replica:0/task:0/device:CPU:3'. enable_soft_placement=0. Supported device types [CPU]. \
         All available devices [/job:localhost/replica:0/task:0/device:CPU:0, \
         /job:localhost/replica:0/task:0/device:CPU:1]."
    );
}

#[test]
fn b06_bad_device_string() {
    let devices = DeviceSet::cpu_only();
    let mut lines = Vec::new();
    for spec in [
        "/TPU:zero",
        "GPU",
        "/device:XPU:0",
        "/job:worker/task:0/device:CPU:0",
    ] {
        let outcome = match eager_scope_name("", Some(spec), LOCAL_HOST_CPU, &[]) {
            Err(error) => format!("ValueError: {error}"),
            Ok(_) => match eager_binary(&devices, spec, true) {
                Ok(device) => format!("ok {device}"),
                Err(error) => python_error(&error),
            },
        };
        lines.push(format!("'{spec}' {outcome}"));
    }
    assert_eq!(
        lines.join("\n"),
        "'/TPU:zero' ValueError: invalid literal for int() with base 10: 'zero'\n\
         'GPU' ok /job:localhost/replica:0/task:0/device:CPU:0\n\
         '/device:XPU:0' ok /job:localhost/replica:0/task:0/device:CPU:0\n\
         '/job:worker/task:0/device:CPU:0' InvalidArgumentError: /job:worker/replica:0/task:0/device:CPU:0 unknown device."
    );
}

#[test]
fn b08_nested_device_scopes() {
    let devices = DeviceSet::logical_cpus(2);
    let registry = engine::runtime::op_defs::kernel_registry();
    let outer = scope("", "/job:localhost");
    let inner = scope(&outer, "/CPU:1");
    let reset = eager_scope_name(&outer, None, LOCAL_HOST_CPU, &[]).unwrap();
    let mut lines = Vec::new();
    for scope in [&inner, &outer, &reset] {
        let constant =
            place_eager_constant(&devices, &registry, DataType::Float, scope, true).unwrap();
        let inputs = [EagerInput {
            device: constant.device,
            dtype: DataType::Float,
            element_count: 1,
        }; 2];
        let op = EagerOp {
            op_type: "AddV2",
            dtype: Some(DataType::Float),
            inputs: &inputs,
            is_function_call: false,
        };
        let placement = place_eager_op(&devices, &registry, &op, scope, true).unwrap();
        lines.push(devices.device(placement.device).name.clone());
    }
    assert_eq!(
        lines.join("\n"),
        "/job:localhost/replica:0/task:0/device:CPU:1\n\
         /job:localhost/replica:0/task:0/device:CPU:0\n\
         /job:localhost/replica:0/task:0/device:CPU:0"
    );
}

/// `tf.constant` + `tf.constant` + `add` under `device` in a TF1 graph.
fn graph_add(device: &str) -> Graph {
    let mut graph = Graph::default();
    let a = graph.add(Node::new("Const", "Const", DataType::Float).on(device));
    let b = graph.add(Node::new("Const_1", "Const", DataType::Float).on(device));
    graph.add(
        Node::new("add", "AddV2", DataType::Float)
            .on(device)
            .input(a, DataType::Float)
            .input(b, DataType::Float),
    );
    graph
}

fn session_error(error: &PlacementError, line: u32) -> String {
    let node = error.node.clone().unwrap_or_default();
    let frames = [StackFrame {
        filename: "main.py".into(),
        line,
        function: "<module>".into(),
    }];
    format!(
        "{}: {}",
        error.code.python_exception_name(),
        session_error_message(&error.message, &|tag: &str| (tag == node)
            .then_some(&frames[..]))
    )
}

#[test]
fn c01_graph_tpu_error() {
    let strict = GraphPlacementOptions::default();
    let error = place_graph(
        &graph_add("/device:TPU:0"),
        &DeviceSet::cpu_only(),
        &engine::runtime::op_defs::kernel_registry(),
        &strict,
    )
    .unwrap_err();
    assert_eq!(
        session_error(&error, 6),
        "InvalidArgumentError: Graph execution error:\n\nDetected at node 'add' defined at (most recent call last):\n    \
         File \"main.py\", line 6, in <module>\nNode: 'add'\nCannot assign a device for operation add: {{node add}} \
         was explicitly assigned to /device:TPU:0 but available devices are [ \
         /job:localhost/replica:0/task:0/device:CPU:0 ]. Make sure the device specification refers to a valid \
         device.\n\t [[add]]"
    );
}

#[test]
fn c02_graph_soft_placement() {
    let soft = GraphPlacementOptions {
        allow_soft_placement: true,
        ..GraphPlacementOptions::default()
    };
    let devices = DeviceSet::cpu_only();
    let placement = place_graph(
        &graph_add("/device:TPU:0"),
        &devices,
        &engine::runtime::op_defs::kernel_registry(),
        &soft,
    )
    .unwrap();
    assert!(placement
        .nodes
        .iter()
        .all(|node| devices.device(node.device).name == LOCAL_HOST_CPU));
}

/// A TF2 resource variable in a TF1 graph: `Variable` (VarHandleOp), its initial value,
/// `Variable/Assign`, `Variable/Read/ReadVariableOp`.
fn add_variable(
    graph: &mut Graph,
    name: &str,
    device: &str,
    initial: engine::placer::NodeId,
) -> engine::placer::NodeId {
    let handle = graph.add(Node::new(name, "VarHandleOp", DataType::Resource).on(device));
    graph.nodes[handle.index()].dtype = Some(DataType::Float);
    graph.add(
        Node::new(
            &format!("{name}/Assign"),
            "AssignVariableOp",
            DataType::Float,
        )
        .on(device)
        .resource_input(handle)
        .input(initial, DataType::Float),
    );
    graph.add(
        Node::new(
            &format!("{name}/Read/ReadVariableOp"),
            "ReadVariableOp",
            DataType::Float,
        )
        .on(device)
        .resource_input(handle),
    )
}

#[test]
fn c03_graph_two_devices() {
    let devices = DeviceSet::logical_cpus(2);
    let mut graph = Graph::default();
    let ones = graph.add(Node::new("ones", "Const", DataType::Float).on("/device:CPU:0"));
    let gen_w1 = add_variable(&mut graph, "Variable", "/device:CPU:0", ones);
    let ones_1 = graph.add(Node::new("ones_1", "Const", DataType::Float).on("/device:CPU:1"));
    let half = graph.add(Node::new("mul/y", "Const", DataType::Float).on("/device:CPU:1"));
    let scaled = graph.add(
        Node::new("mul", "Mul", DataType::Float)
            .on("/device:CPU:1")
            .input(ones_1, DataType::Float)
            .input(half, DataType::Float),
    );
    let disc_w1 = add_variable(&mut graph, "Variable_1", "/device:CPU:1", scaled);
    let ones_2 = graph.add(Node::new("ones_2", "Const", DataType::Float).on("/device:CPU:0"));
    let gen_output = graph.add(
        Node::new("MatMul", "MatMul", DataType::Float)
            .on("/device:CPU:0")
            .input(ones_2, DataType::Float)
            .input(gen_w1, DataType::Float),
    );
    let disc_output = graph.add(
        Node::new("MatMul_1", "MatMul", DataType::Float)
            .on("/device:CPU:1")
            .input(gen_output, DataType::Float)
            .input(disc_w1, DataType::Float),
    );
    let placement = place_graph(
        &graph,
        &devices,
        &engine::runtime::op_defs::kernel_registry(),
        &GraphPlacementOptions::default(),
    )
    .unwrap();
    // The corpus prints the requested devices (`/device:CPU:0 /device:CPU:1`) and runs.
    assert_eq!(graph.nodes[0].requested_device, "/device:CPU:0");
    assert_eq!(
        devices
            .device(placement.nodes[disc_output.index()].device)
            .name,
        "/job:localhost/replica:0/task:0/device:CPU:1"
    );
    assert_eq!(
        devices
            .device(placement.nodes[gen_output.index()].device)
            .name,
        LOCAL_HOST_CPU
    );
}

#[test]
fn c04_seed_stylegan_gpu_missing() {
    let mut graph = Graph::default();
    let shape =
        graph.add(Node::new("random_normal/shape", "Const", DataType::Int32).on("/device:GPU:0"));
    let mean =
        graph.add(Node::new("random_normal/mean", "Const", DataType::Float).on("/device:GPU:0"));
    let stddev =
        graph.add(Node::new("random_normal/stddev", "Const", DataType::Float).on("/device:GPU:0"));
    let sample = graph.add(
        Node::new(
            "random_normal/RandomStandardNormal",
            "RandomStandardNormal",
            DataType::Float,
        )
        .on("/device:GPU:0")
        .input(shape, DataType::Int32),
    );
    let scaled = graph.add(
        Node::new("random_normal/mul", "Mul", DataType::Float)
            .on("/device:GPU:0")
            .input(sample, DataType::Float)
            .input(stddev, DataType::Float),
    );
    let value = graph.add(
        Node::new("random_normal", "AddV2", DataType::Float)
            .on("/device:GPU:0")
            .input(scaled, DataType::Float)
            .input(mean, DataType::Float),
    );
    add_variable(&mut graph, "Variable", "/device:GPU:0", value);
    let error = place_graph(
        &graph,
        &DeviceSet::cpu_only(),
        &engine::runtime::op_defs::kernel_registry(),
        &GraphPlacementOptions::default(),
    )
    .unwrap_err();
    assert_eq!(
        session_error(&error, 4),
        "InvalidArgumentError: Graph execution error:\n\nDetected at node 'random_normal/RandomStandardNormal' \
         defined at (most recent call last):\n    File \"main.py\", line 4, in <module>\nNode: \
         'random_normal/RandomStandardNormal'\nCannot assign a device for operation \
         random_normal/RandomStandardNormal: {{node random_normal/RandomStandardNormal}} was explicitly assigned to \
         /device:GPU:0 but available devices are [ /job:localhost/replica:0/task:0/device:CPU:0 ]. Make sure the \
         device specification refers to a valid device. The requested device appears to be a GPU, but CUDA is not \
         enabled.\n\t [[random_normal/RandomStandardNormal]]"
    );
}

/// The body of `f(x): with tf.device('/TPU:0'): return x * 2.0`.
fn function_body() -> Graph {
    let mut graph = Graph::default();
    let mut argument = Node::new("x", "_Arg", DataType::Float);
    argument.assigned_device = Some(LOCAL_HOST_CPU.to_string());
    let x = graph.add(argument);
    let two = graph.add(Node::new("mul/y", "Const", DataType::Float).on("/device:TPU:0"));
    let product = graph.add(
        Node::new("mul", "Mul", DataType::Float)
            .on("/device:TPU:0")
            .input(x, DataType::Float)
            .input(two, DataType::Float),
    );
    let identity = graph
        .add(Node::new("Identity", "Identity", DataType::Float).input(product, DataType::Float));
    graph.add(
        Node::new("identity_RetVal", "_Retval", DataType::Float).input(identity, DataType::Float),
    );
    graph
}

#[test]
fn d01_function_tpu_soft() {
    let devices = DeviceSet::cpu_only();
    let options = GraphPlacementOptions {
        allow_soft_placement: true,
        default_local_device: devices.find_by_name(LOCAL_HOST_CPU),
        pin_function_outputs: true,
        ..GraphPlacementOptions::default()
    };
    let placement = place_graph(
        &function_body(),
        &devices,
        &engine::runtime::op_defs::kernel_registry(),
        &options,
    )
    .unwrap();
    assert!(placement
        .nodes
        .iter()
        .all(|node| devices.device(node.device).name == LOCAL_HOST_CPU));
}

#[test]
fn d02_function_tpu_strict() {
    let devices = DeviceSet::cpu_only();
    let options = GraphPlacementOptions {
        default_local_device: devices.find_by_name(LOCAL_HOST_CPU),
        pin_function_outputs: true,
        ..GraphPlacementOptions::default()
    };
    let error = place_graph(
        &function_body(),
        &devices,
        &engine::runtime::op_defs::kernel_registry(),
        &options,
    )
    .unwrap_err();
    // The runtime appends ` [Op:__inference_f_7]`; the corpus prints that line.
    assert_eq!(
        format!("{} [Op:__inference_f_7]", error.message),
        "Unable to find any devices for spec /device:TPU:0 [Op:__inference_f_7]"
    );
    assert_eq!(error.code.python_exception_name(), "InvalidArgumentError");
}
