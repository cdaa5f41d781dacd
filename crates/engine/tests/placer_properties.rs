//! Property tests of the placer's invariants (proptest).
//!
//! - An op that reads or writes a variable runs on the variable's device.
//! - With soft placement, a graph of ops that all have a CPU kernel and requests without a
//!   job always places.
//! - Placement is deterministic.
//! - No input, however odd its device strings, makes the placer panic.

use proptest::prelude::*;

use engine::device::set::LOCAL_HOST_CPU;
use engine::device::spec::eager_scope_name;
use engine::device::{DeviceId, DeviceSet};
use engine::kernels::DataType;
use engine::placer::eager::{place_eager_op, EagerInput, EagerOp};
use engine::placer::graph::{place_graph, GraphPlacementOptions};
use engine::placer::{Graph, Node, NodeId};

/// Ops with a CPU kernel, as (op type, dtype, reads a resource).
const OPS: &[(&str, DataType, bool)] = &[
    ("Const", DataType::Float, false),
    ("MatMul", DataType::Float, false),
    ("AddV2", DataType::Int32, false),
    ("Shape", DataType::Int32, false),
    ("Identity", DataType::Float, false),
    ("StringToNumber", DataType::String, false),
    ("TensorSliceDataset", DataType::Variant, false),
    ("ReadVariableOp", DataType::Float, true),
    ("AssignAddVariableOp", DataType::Float, true),
    ("VarHandleOp", DataType::Resource, false),
];

/// Requests without a job: soft placement can always drop them.
const TYPE_REQUESTS: &[&str] = &[
    "",
    "",
    "/device:GPU:0",
    "/device:GPU:1",
    "/device:TPU:0",
    "/device:CPU:0",
    "/device:CPU:1",
    "/device:GPU:*",
];

/// Requests that may be malformed or name other jobs.
const ANY_REQUESTS: &[&str] = &[
    "/job:worker",
    "/job:ps/device:CPU:0",
    "/foo:bar",
    "/TPU:0",
    "/job:worker/replica:0/task:0/device:TPU:3",
    "/replica:1",
];

fn machine(index: usize) -> DeviceSet {
    match index % 4 {
        0 => DeviceSet::cpu_only(),
        1 => DeviceSet::with_gpus(1),
        2 => DeviceSet::with_gpus(2),
        _ => DeviceSet::colab_tpu(),
    }
}

#[derive(Clone, Debug)]
struct NodeRecipe {
    op: usize,
    request: String,
    input: usize,
    colocate: Option<usize>,
}

fn recipe(requests: impl Strategy<Value = String>) -> impl Strategy<Value = NodeRecipe> {
    (
        0..OPS.len(),
        requests,
        any::<usize>(),
        proptest::option::weighted(0.2, any::<usize>()),
    )
        .prop_map(|(op, request, input, colocate)| NodeRecipe {
            op,
            request,
            input,
            colocate,
        })
}

/// Builds a graph: every node but generators takes one earlier node as input; resource
/// readers take the nearest earlier VarHandleOp (adding one when there is none).
fn build(recipes: &[NodeRecipe]) -> Graph {
    let mut graph = Graph::default();
    let mut variables: Vec<NodeId> = Vec::new();
    for (index, recipe) in recipes.iter().enumerate() {
        let (op_type, dtype, reads_resource) = OPS[recipe.op];
        let mut node = Node::new(&format!("n{index}"), op_type, dtype).on(&recipe.request);
        if op_type == "VarHandleOp" {
            node.dtype = Some(DataType::Float);
        }
        if reads_resource {
            let variable = match variables.last() {
                Some(variable) => *variable,
                None => {
                    let variable = graph.add(Node::new(
                        &format!("v{index}"),
                        "VarHandleOp",
                        DataType::Resource,
                    ));
                    variables.push(variable);
                    variable
                }
            };
            node = node.resource_input(variable);
        } else if !matches!(op_type, "Const" | "VarHandleOp") && !graph.nodes.is_empty() {
            let source = NodeId((recipe.input % graph.nodes.len()) as u32);
            node = node.input(source, dtype);
        }
        if let Some(target) = recipe.colocate.filter(|_| !graph.nodes.is_empty()) {
            let name = graph.nodes[target % graph.nodes.len()].name.clone();
            node = node.colocate_with(&name);
        }
        let id = graph.add(node);
        if op_type == "VarHandleOp" {
            variables.push(id);
        }
    }
    graph
}

fn any_request() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::sample::select(TYPE_REQUESTS).prop_map(String::from),
        proptest::sample::select(ANY_REQUESTS).prop_map(String::from),
        ".{0,24}",
    ]
}

fn type_request() -> impl Strategy<Value = String> {
    proptest::sample::select(TYPE_REQUESTS).prop_map(String::from)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn resource_users_run_on_the_variable_device(
        recipes in proptest::collection::vec(recipe(any_request()), 1..24),
        machine_index in 0..4usize,
        soft in any::<bool>(),
    ) {
        let graph = build(&recipes);
        let devices = machine(machine_index);
        let options = GraphPlacementOptions { allow_soft_placement: soft, ..GraphPlacementOptions::default() };
        if let Ok(placement) = place_graph(&graph, &devices, &engine::runtime::op_defs::kernel_registry(), &options) {
            for (index, node) in graph.nodes.iter().enumerate() {
                for input in node.inputs.iter().filter(|it| it.tensor_type.dtype == DataType::Resource) {
                    prop_assert_eq!(placement.nodes[index].device, placement.nodes[input.source.index()].device);
                }
            }
        }
    }

    #[test]
    fn soft_placement_never_fails_when_every_op_has_a_cpu_kernel(
        recipes in proptest::collection::vec(recipe(type_request()), 1..24),
        machine_index in 0..4usize,
    ) {
        let graph = build(&recipes);
        let devices = machine(machine_index);
        let options = GraphPlacementOptions { allow_soft_placement: true, ..GraphPlacementOptions::default() };
        let result = place_graph(&graph, &devices, &engine::runtime::op_defs::kernel_registry(), &options);
        prop_assert!(result.is_ok(), "{:?}", result.err());
    }

    #[test]
    fn placement_is_deterministic_and_never_panics(
        recipes in proptest::collection::vec(recipe(any_request()), 0..24),
        machine_index in 0..4usize,
        soft in any::<bool>(),
        log in any::<bool>(),
    ) {
        let graph = build(&recipes);
        let devices = machine(machine_index);
        let options = GraphPlacementOptions {
            allow_soft_placement: soft,
            log_device_placement: log,
            default_local_device: Some(DeviceId(0)),
            pin_function_outputs: soft,
        };
        let registry = engine::runtime::op_defs::kernel_registry();
        let first = place_graph(&graph, &devices, &registry, &options);
        let second = place_graph(&graph, &devices, &registry, &options);
        prop_assert_eq!(first, second);
    }

    #[test]
    fn eager_never_panics_on_any_scope(
        requested in any_request(),
        current in any_request(),
        op in 0..OPS.len(),
        machine_index in 0..4usize,
        soft in any::<bool>(),
    ) {
        let devices = machine(machine_index);
        let registry = engine::runtime::op_defs::kernel_registry();
        if let Ok(scope) = eager_scope_name(&current, Some(&requested), LOCAL_HOST_CPU, &[]) {
            let (op_type, dtype, _) = OPS[op];
            let inputs = [EagerInput { device: DeviceId(0), dtype, element_count: 8 }];
            let op = EagerOp { op_type, dtype: Some(dtype), inputs: &inputs, is_function_call: false };
            let first = place_eager_op(&devices, &registry, &op, &scope, soft);
            let second = place_eager_op(&devices, &registry, &op, &scope, soft);
            prop_assert_eq!(first, second);
        }
    }
}
