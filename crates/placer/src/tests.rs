//! Error texts and reasons of both placement modes on the four reference machines:
//! CPU only, one GPU, two GPUs, and a Colab TPU v2-8.

use crate::device::set::LOCAL_HOST_CPU;
use crate::device::{DeviceId, DeviceSet};
use crate::eager::{place_eager_op, EagerInput, EagerOp};
use crate::graph::{place_graph, GraphPlacementOptions};
use crate::kernels::{DataType, GpuKernel, KernelDef, KernelRegistry, Kernels, TypeConstraint};
use crate::{ColocationCause, FallbackCause, Graph, Node, PlacementError, PlacementReason};

const GPU0: &str = "/job:localhost/replica:0/task:0/device:GPU:0";
const GPU1: &str = "/job:localhost/replica:0/task:0/device:GPU:1";

/// The kernels of the op types these tests place, as TensorFlow registers them (the
/// engine's full table is `runtime::op_defs`; the placer only reads a registry).
fn registry() -> KernelRegistry {
    const MATMUL_XLA: &[DataType] = &[DataType::Complex64, DataType::Double, DataType::Float];
    const MATMUL_TPU: &[DataType] = &[
        DataType::Complex64,
        DataType::Double,
        DataType::Float,
        DataType::BFloat16,
    ];
    const MATMUL: Kernels = Kernels {
        xla: None,
        ..Kernels::EVERYWHERE
    }
    .and(&[
        KernelDef::new("XLA_CPU", TypeConstraint::Only(MATMUL_XLA)),
        KernelDef::new("XLA_GPU", TypeConstraint::Only(MATMUL_XLA)),
        KernelDef::new("TPU", TypeConstraint::Only(MATMUL_TPU)),
        KernelDef::new("XLA_TPU_JIT", TypeConstraint::Only(MATMUL_TPU)),
    ]);
    const TPU_SYSTEM: Kernels = Kernels::only(&[KernelDef::new("TPU_SYSTEM", TypeConstraint::Any)]);
    let add = Kernels::EVERYWHERE.with_gpu(GpuKernel {
        host_memory_only_for_int32: true,
        ..GpuKernel::NUMERIC.host_memory(&["x", "y", "z"])
    });
    let shape = Kernels::EVERYWHERE
        .with_gpu(GpuKernel::NUMERIC.host_memory(&["output"]))
        .metadata();
    KernelRegistry::new([
        ("MatMul", &MATMUL),
        ("AddV2", &add),
        ("Shape", &shape),
        ("ConfigureDistributedTPU", &TPU_SYSTEM),
        ("Placeholder", &Kernels::CPU_GPU),
        ("StringToNumber", &Kernels::CPU),
        ("DecodeJpeg", &Kernels::CPU),
        (
            "VarHandleOp",
            &Kernels::XLA_DEVICE.with_gpu(GpuKernel::ANY.host_memory(&["resource"])),
        ),
        ("ReadVariableOp", &Kernels::EVERYWHERE),
        ("RandomUniform", &Kernels::EVERYWHERE),
        ("Const", &Kernels::EVERYWHERE),
        ("Identity", &Kernels::EVERYWHERE.colocation_exempt()),
    ])
}

fn strict() -> GraphPlacementOptions {
    GraphPlacementOptions::default()
}

fn soft() -> GraphPlacementOptions {
    GraphPlacementOptions {
        allow_soft_placement: true,
        ..GraphPlacementOptions::default()
    }
}

fn place(
    graph: &Graph,
    devices: &DeviceSet,
    options: &GraphPlacementOptions,
) -> Result<Vec<String>, PlacementError> {
    let placement = place_graph(graph, devices, &registry(), options)?;
    Ok(placement
        .nodes
        .iter()
        .map(|node| devices.device(node.device).name.clone())
        .collect())
}

fn single(op_type: &str, dtype: DataType, device: &str) -> Graph {
    let mut graph = Graph::default();
    let input = graph.add(Node::new("input", "Placeholder", dtype));
    graph.add(
        Node::new("op", op_type, dtype)
            .on(device)
            .input(input, dtype),
    );
    graph
}

fn eager(
    devices: &DeviceSet,
    op_type: &str,
    dtype: DataType,
    scope: &str,
    soft: bool,
) -> Result<String, PlacementError> {
    let inputs = [EagerInput {
        device: DeviceId(0),
        dtype,
        element_count: 100,
    }];
    let op = EagerOp {
        op_type,
        dtype: Some(dtype),
        inputs: &inputs,
        is_function_call: false,
    };
    let placement = place_eager_op(devices, &registry(), &op, scope, soft)?;
    Ok(devices.device(placement.device).name.clone())
}

#[test]
fn graph_missing_gpu_on_each_machine() {
    let graph = single("MatMul", DataType::Float, "/device:GPU:1");
    let cpu = place(&graph, &DeviceSet::cpu_only(), &strict()).unwrap_err();
    assert!(cpu.message.ends_with(
        "was explicitly assigned to /device:GPU:1 but available devices are [ \
         /job:localhost/replica:0/task:0/device:CPU:0 ]. Make sure the device specification refers to a valid \
         device. The requested device appears to be a GPU, but CUDA is not enabled.\n\t [[op]]"
    ));
    let one_gpu = place(&graph, &DeviceSet::with_gpus(1), &strict()).unwrap_err();
    assert_eq!(
        one_gpu.message,
        format!(
            "Cannot assign a device for operation op: {{{{node op}}}} was explicitly assigned to /device:GPU:1 but \
             available devices are [ {LOCAL_HOST_CPU}, {GPU0} ]. Make sure the device specification refers to a \
             valid device.\n\t [[op]]"
        )
    );
    assert_eq!(
        place(&graph, &DeviceSet::with_gpus(2), &strict()).unwrap()[1],
        GPU1
    );
    assert_eq!(
        place(&graph, &DeviceSet::with_gpus(1), &soft()).unwrap()[1],
        GPU0
    );
    let tpu = place(&graph, &DeviceSet::colab_tpu(), &strict()).unwrap_err();
    assert!(tpu
        .message
        .contains("/job:worker/replica:0/task:0/device:TPU_SYSTEM:0 ]"));
    assert!(tpu.message.contains("CUDA is not enabled."));
}

#[test]
fn graph_cpu_only_op_on_gpu_needs_soft_placement() {
    let graph = single("StringToNumber", DataType::String, "/device:GPU:0");
    let error = place(&graph, &DeviceSet::with_gpus(1), &strict()).unwrap_err();
    assert!(error.message.starts_with(
        "Cannot assign a device for operation op: Could not satisfy explicit device specification '/device:GPU:0' \
         because no supported kernel for GPU devices is available.\nColocation Debug Info:\nColocation group had the \
         following types and supported devices: \nRoot Member(assigned_device_name_index_=-1 \
         requested_device_name_='/device:GPU:0' assigned_device_name_='' resource_device_name_='' \
         supported_device_types_=[CPU] possible_devices_=[]\nStringToNumber: CPU \n\nColocation members, \
         user-requested devices, and framework assigned devices, if any:\n  op (StringToNumber) /device:GPU:0\n\nOp: \
         StringToNumber\nNode attrs: T=DT_STRING\nRegistered kernels:\n  device='CPU'\n"
    ));
    assert!(error.message.ends_with("\n\t [[{{node op}}]]"));
    assert_eq!(
        place(&graph, &DeviceSet::with_gpus(1), &soft()).unwrap()[1],
        LOCAL_HOST_CPU
    );
}

#[test]
fn graph_unpinned_ops_prefer_gpu_and_never_tpu() {
    let graph = single("MatMul", DataType::Float, "");
    assert_eq!(
        place(&graph, &DeviceSet::with_gpus(2), &strict()).unwrap()[1],
        GPU0
    );
    assert_eq!(
        place(&graph, &DeviceSet::colab_tpu(), &strict()).unwrap()[1],
        LOCAL_HOST_CPU
    );
    let explicit_tpu = single(
        "MatMul",
        DataType::Float,
        "/job:worker/replica:0/task:0/device:TPU:3",
    );
    assert_eq!(
        place(&explicit_tpu, &DeviceSet::colab_tpu(), &strict()).unwrap()[1],
        "/job:worker/replica:0/task:0/device:TPU:3"
    );
}

#[test]
fn graph_no_kernel_anywhere() {
    let graph = single("NoSuchOp", DataType::Float, "");
    let error = place(&graph, &DeviceSet::with_gpus(1), &strict()).unwrap_err();
    assert_eq!(
        error.message,
        "No OpKernel was registered to support Op 'NoSuchOp' used by {{node op}} with these attrs: [T=DT_FLOAT]\n\
         Registered devices: [CPU, GPU]\nRegistered kernels:\n  <no registered kernels>\n\n\t [[op]]"
    );
    let string_matmul = single("StringToNumber", DataType::String, "");
    let mut graph = string_matmul.clone();
    graph.nodes[1].op_type = "DecodeJpeg".into();
    assert!(place(&graph, &DeviceSet::colab_tpu(), &strict()).is_ok());
}

#[test]
fn graph_malformed_and_empty_device_sets() {
    let graph = single("MatMul", DataType::Float, "/foo:bar");
    let error = place(&graph, &DeviceSet::cpu_only(), &strict()).unwrap_err();
    assert!(error
        .message
        .starts_with("Malformed device specification '/foo:bar' in node: "));
    let empty = DeviceSet::new(&[], false).unwrap();
    let error = place(&graph, &empty, &strict()).unwrap_err();
    assert_eq!(error.message, "No devices are registered");
    assert_eq!(
        error.code.python_exception_name(),
        "FailedPreconditionError"
    );
}

/// A TF1 resource variable on `device` read by an op requested elsewhere.
fn variable_graph(variable_device: &str, reader_device: &str) -> Graph {
    let mut graph = Graph::default();
    let handle = graph.add(Node::new("v", "VarHandleOp", DataType::Resource).on(variable_device));
    graph.add(
        Node::new("v/Read", "ReadVariableOp", DataType::Float)
            .on(reader_device)
            .resource_input(handle),
    );
    graph
}

#[test]
fn graph_resource_edges_pull_consumers_to_the_variable() {
    let graph = variable_graph("/device:GPU:1", "/device:CPU:0");
    let devices = DeviceSet::with_gpus(2);
    let placement = place_graph(&graph, &devices, &registry(), &strict()).unwrap();
    assert_eq!(devices.device(placement.nodes[1].device).name, GPU1);
    assert_eq!(
        placement.nodes[1].reason,
        PlacementReason::ColocatedWith {
            node: "v".into(),
            why: ColocationCause::ResourceEdge
        }
    );
    // A variable on a missing GPU: strict fails on the reader (the variable is a generator).
    let error = place(
        &variable_graph("/device:GPU:1", ""),
        &DeviceSet::with_gpus(1),
        &strict(),
    )
    .unwrap_err();
    assert!(error.message.starts_with(
        "Cannot assign a device for operation v/Read: Could not satisfy explicit device specification '' because the \
         node {{colocation_node v/Read}} was colocated with a group of nodes that required incompatible device \
         '/device:GPU:1'. All available devices [/job:localhost/replica:0/task:0/device:CPU:0, \
         /job:localhost/replica:0/task:0/device:GPU:0]. \nColocation Debug Info:"
    ));
}

#[test]
fn graph_resource_edge_type_conflict_is_never_relaxed() {
    let mut graph = Graph::default();
    let handle = graph.add(
        Node::new("v", "VarHandleOp", DataType::Resource)
            .on("/job:worker/replica:0/task:0/device:TPU:0"),
    );
    graph
        .add(Node::new("parse", "ConfigureDistributedTPU", DataType::Float).resource_input(handle));
    let error = place(&graph, &DeviceSet::colab_tpu(), &soft()).unwrap_err();
    assert!(error.message.starts_with(
        "Nodes were connected by a reference connection (requiring them to be on the same device), but the two nodes \
         were assigned two different devices: Cannot colocate nodes {{colocation_node v}} and {{colocation_node \
         parse}} because no device type supports both of those nodes and the other nodes colocated with them.\n\
         Colocation Debug Info:"
    ));
    assert!(error.message.ends_with("\n\t [[{{node parse}}]]"));
    // A non-empty intersection off the resource's device: soft placement moves the
    // resource, with TensorFlow's warning.
    let mut graph = Graph::default();
    let handle = graph.add(Node::new("v", "VarHandleOp", DataType::Resource).on("/device:GPU:0"));
    graph.add(Node::new("parse", "StringToNumber", DataType::String).resource_input(handle));
    let devices = DeviceSet::with_gpus(1);
    let placement = place_graph(&graph, &devices, &registry(), &soft()).unwrap();
    assert_eq!(
        devices.device(placement.nodes[0].device).name,
        LOCAL_HOST_CPU
    );
    assert!(placement.warnings[0].starts_with(
        "Failed to place the graph without changing the devices of some resources. Some of the operations (that had \
         to be colocated with resource generating operations) are not supported on the resources' devices. Current \
         candidate devices are [\n  /job:localhost/replica:0/task:0/device:CPU:0].\nSee below for details of this \
         colocation group:\nColocation Debug Info:"
    ));
    assert!(place(&graph, &devices, &strict()).is_err());
}

#[test]
fn graph_colocate_with_conflicts() {
    let mut graph = Graph::default();
    let a = graph.add(Node::new("a", "Placeholder", DataType::Float).on("/device:GPU:0"));
    graph.add(
        Node::new("b", "Identity", DataType::Float)
            .on("/device:CPU:0")
            .colocate_with("a")
            .input(a, DataType::Float),
    );
    let error = place(&graph, &DeviceSet::with_gpus(1), &strict()).unwrap_err();
    assert_eq!(
        error.message,
        "Cannot colocate nodes {{colocation_node b}} and {{colocation_node a}}: Cannot merge devices with \
         incompatible types: '/device:CPU:0' and '/device:GPU:0'\n\t [[{{node b}}]]"
    );
    // With soft placement the type conflict is dropped from the merged request, so the
    // group stays together on the best device.
    let devices = DeviceSet::with_gpus(1);
    let placed = place_graph(&graph, &devices, &registry(), &soft()).unwrap();
    assert_eq!(placed.nodes[1].device, devices.find_by_name(GPU0).unwrap());
    assert_eq!(
        placed.nodes[1].reason,
        PlacementReason::SoftPlacementFallback {
            requested: "/device:CPU:0".into(),
            why: FallbackCause::ColocationConflict
        }
    );
    let mut jobs = graph.clone();
    jobs.nodes[0].requested_device = "/job:worker".into();
    jobs.nodes[1].requested_device = "/job:ps".into();
    let error = place(&jobs, &DeviceSet::with_gpus(1), &strict()).unwrap_err();
    assert!(error
        .message
        .contains("Cannot merge devices with incompatible jobs: '/job:ps' and '/job:worker'"));
}

#[test]
fn graph_heuristics_and_reasons() {
    let mut graph = Graph::default();
    let constant = graph.add(Node::new("c", "Const", DataType::Float));
    let product = graph.add(
        Node::new("m", "MatMul", DataType::Float)
            .on("/device:CPU:0")
            .input(constant, DataType::Float)
            .input(constant, DataType::Float),
    );
    graph.add(Node::new("shape", "Shape", DataType::Int32).input(product, DataType::Float));
    let options = GraphPlacementOptions {
        log_device_placement: true,
        ..strict()
    };
    let devices = DeviceSet::with_gpus(1);
    let placement = place_graph(&graph, &devices, &registry(), &options).unwrap();
    let reasons: Vec<&PlacementReason> = placement.nodes.iter().map(|it| &it.reason).collect();
    assert_eq!(
        *reasons[0],
        PlacementReason::GeneratorFollowsConsumer {
            consumer: "m".into()
        }
    );
    assert_eq!(*reasons[1], PlacementReason::ExplicitRequest);
    assert_eq!(
        *reasons[2],
        PlacementReason::MetadataFollowsInput { input: "m".into() }
    );
    assert_eq!(
        placement.log_lines,
        [
            format!("m: (MatMul): {LOCAL_HOST_CPU}"),
            format!("shape: (Shape): {LOCAL_HOST_CPU}"),
            format!("c: (Const): {LOCAL_HOST_CPU}"),
        ]
    );
    let soft_tpu = place_graph(
        &single("MatMul", DataType::Float, "/device:TPU:0"),
        &devices,
        &registry(),
        &soft(),
    )
    .unwrap();
    assert_eq!(
        soft_tpu.nodes[1].reason,
        PlacementReason::SoftPlacementFallback {
            requested: "/device:TPU:0".into(),
            why: FallbackCause::NoMatchingDevice
        }
    );
    assert!(soft_tpu.nodes[1]
        .reason
        .sentence(GPU0)
        .contains("soft placement chose"));
}

#[test]
fn eager_errors_on_each_machine() {
    let tpu0 = "/job:localhost/replica:0/task:0/device:TPU:0";
    let error = eager(
        &DeviceSet::with_gpus(1),
        "MatMul",
        DataType::Float,
        GPU1,
        false,
    )
    .unwrap_err();
    assert_eq!(
        error.message,
        format!(
            "Could not satisfy device specification '{GPU1}'. enable_soft_placement=0. Supported device types [GPU, \
             CPU]. All available devices [{GPU0}, {LOCAL_HOST_CPU}]."
        )
    );
    assert_eq!(
        eager(
            &DeviceSet::with_gpus(1),
            "MatMul",
            DataType::Float,
            GPU1,
            true
        )
        .unwrap(),
        GPU0
    );
    assert_eq!(
        eager(
            &DeviceSet::with_gpus(2),
            "MatMul",
            DataType::Float,
            GPU1,
            false
        )
        .unwrap(),
        GPU1
    );
    assert_eq!(
        eager(
            &DeviceSet::with_gpus(2),
            "StringToNumber",
            DataType::String,
            GPU1,
            true
        )
        .unwrap(),
        LOCAL_HOST_CPU
    );
    let error = eager(
        &DeviceSet::colab_tpu(),
        "MatMul",
        DataType::Float,
        tpu0,
        false,
    )
    .unwrap_err();
    assert!(error
        .message
        .starts_with(&format!("Could not satisfy device specification '{tpu0}'")));
    assert!(error.message.contains("Supported device types [CPU, TPU]"));
    let worker_tpu = "/job:worker/replica:0/task:0/device:TPU:1";
    assert_eq!(
        eager(
            &DeviceSet::colab_tpu(),
            "MatMul",
            DataType::Float,
            worker_tpu,
            false
        )
        .unwrap(),
        worker_tpu
    );
    let error = eager(
        &DeviceSet::cpu_only(),
        "NoSuchOp",
        DataType::Float,
        "",
        true,
    )
    .unwrap_err();
    assert_eq!(error.code.python_exception_name(), "NotFoundError");
    assert_eq!(
        error.message,
        "Could not find device for node: {{node NoSuchOp}} = NoSuchOp[T=DT_FLOAT]\nAll kernels registered for op \
         NoSuchOp:\n  <no registered kernels>\n"
    );
}

#[test]
fn eager_pinning_rules() {
    let devices = DeviceSet::with_gpus(1);
    let registry = registry();
    let small = [EagerInput {
        device: DeviceId(0),
        dtype: DataType::Int32,
        element_count: 4,
    }; 2];
    let op = EagerOp {
        op_type: "AddV2",
        dtype: Some(DataType::Int32),
        inputs: &small,
        is_function_call: false,
    };
    let placement = place_eager_op(&devices, &registry, &op, "", true).unwrap();
    assert_eq!(placement.reason, PlacementReason::PinnedSmallIntOpsToCpu);
    let random = EagerOp {
        op_type: "RandomUniform",
        ..op
    };
    assert_eq!(
        devices
            .device(
                place_eager_op(&devices, &registry, &random, "", true)
                    .unwrap()
                    .device
            )
            .name,
        GPU0
    );
    let resource = [EagerInput {
        device: DeviceId(1),
        dtype: DataType::Resource,
        element_count: 1,
    }];
    let read = EagerOp {
        op_type: "ReadVariableOp",
        dtype: Some(DataType::Float),
        inputs: &resource,
        is_function_call: false,
    };
    let placement = place_eager_op(&devices, &registry, &read, LOCAL_HOST_CPU, false).unwrap();
    assert_eq!(placement.device, DeviceId(1));
    assert_eq!(
        placement.reason,
        PlacementReason::ResourceDevice { input_index: 0 }
    );
}

#[test]
fn tpu_kernels_take_complex64_but_not_complex128() {
    // kTpuAllTypes (tf-semantics §4.1) holds complex64 and no complex128: pinned to a TPU
    // core, a complex128 op has no kernel there, and soft placement moves it off the TPU.
    let pinned = |dtype| single("AddV2", dtype, "/job:worker/replica:0/task:0/device:TPU:3");
    assert_eq!(
        place(
            &pinned(DataType::Complex64),
            &DeviceSet::colab_tpu(),
            &strict()
        )
        .unwrap()[1],
        "/job:worker/replica:0/task:0/device:TPU:3"
    );
    assert!(place(
        &pinned(DataType::Complex128),
        &DeviceSet::colab_tpu(),
        &strict()
    )
    .is_err());
    let moved = place(
        &pinned(DataType::Complex128),
        &DeviceSet::colab_tpu(),
        &soft(),
    )
    .unwrap();
    assert!(!moved[1].contains("TPU"), "{}", moved[1]);
}
