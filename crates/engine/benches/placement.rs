//! Benchmark: graph placement of synthetic graphs with 1k, 10k and 100k ops on 8 devices
//! (a CPU and 7 GPUs), with variables (resource edges) and `colocate_with` groups.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

use engine::device::DeviceSet;
use engine::kernels::DataType;
use engine::placer::graph::{place_graph, GraphPlacementOptions};
use engine::placer::{Graph, Node, NodeId};

/// Layers of 10 ops: a variable pinned to one GPU, its read, a constant, a MatMul, an add,
/// a Shape, an Identity, an assign, and two ops colocated with the layer's variable.
fn synthetic_graph(op_count: usize) -> Graph {
    let mut graph = Graph {
        nodes: Vec::with_capacity(op_count),
    };
    let mut previous: Option<NodeId> = None;
    let mut layer = 0;
    while graph.nodes.len() + 10 <= op_count.max(10) {
        let device = format!("/device:GPU:{}", layer % 7);
        let variable_name = format!("layer{layer}/w");
        let variable =
            graph.add(Node::new(&variable_name, "VarHandleOp", DataType::Resource).on(&device));
        let read = graph.add(
            Node::new(
                &format!("layer{layer}/read"),
                "ReadVariableOp",
                DataType::Float,
            )
            .resource_input(variable),
        );
        let constant = graph.add(Node::new(
            &format!("layer{layer}/c"),
            "Const",
            DataType::Float,
        ));
        let input = previous.unwrap_or(constant);
        let product = graph.add(
            Node::new(&format!("layer{layer}/MatMul"), "MatMul", DataType::Float)
                .input(input, DataType::Float)
                .input(read, DataType::Float),
        );
        let sum = graph.add(
            Node::new(&format!("layer{layer}/add"), "AddV2", DataType::Float)
                .input(product, DataType::Float)
                .input(constant, DataType::Float),
        );
        graph.add(
            Node::new(&format!("layer{layer}/Shape"), "Shape", DataType::Int32)
                .input(sum, DataType::Float),
        );
        let identity = graph.add(
            Node::new(
                &format!("layer{layer}/Identity"),
                "Identity",
                DataType::Float,
            )
            .input(sum, DataType::Float),
        );
        graph.add(
            Node::new(
                &format!("layer{layer}/assign"),
                "AssignAddVariableOp",
                DataType::Float,
            )
            .resource_input(variable)
            .input(identity, DataType::Float),
        );
        graph.add(
            Node::new(&format!("layer{layer}/relu"), "Relu", DataType::Float)
                .colocate_with(&variable_name)
                .input(identity, DataType::Float),
        );
        let tanh = graph.add(
            Node::new(&format!("layer{layer}/tanh"), "Tanh", DataType::Float)
                .colocate_with(&variable_name)
                .input(identity, DataType::Float),
        );
        previous = Some(tanh);
        layer += 1;
    }
    graph
}

fn placement(criterion: &mut Criterion) {
    let devices = DeviceSet::with_gpus(7);
    let registry = engine::runtime::op_defs::kernel_registry();
    let options = GraphPlacementOptions::default();
    let mut group = criterion.benchmark_group("place_graph");
    group.sample_size(10);
    for op_count in [1_000, 10_000, 100_000] {
        let graph = synthetic_graph(op_count);
        assert!(place_graph(&graph, &devices, &registry, &options).is_ok());
        group.throughput(Throughput::Elements(graph.nodes.len() as u64));
        group.bench_with_input(
            BenchmarkId::from_parameter(op_count),
            &graph,
            |bencher, graph| {
                bencher.iter(|| place_graph(black_box(graph), &devices, &registry, &options));
            },
        );
    }
    group.finish();
}

criterion_group!(benches, placement);
criterion_main!(benches);
