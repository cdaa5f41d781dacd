//! Benchmark: the simulator on 1k, 10k and 100k recorded ops with a cross-device transfer
//! every fourth op (2× V100: GPU↔GPU over NVLink, GPU↔CPU over PCIe), and the TPU MXU
//! matmul kernel against the plain CPU loop, in GFLOP/s.
//!
//! The target: 100k ops with transfers simulated in under 1 s natively.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

use engine::report::{OpClass, OpReport, TransferReport};
use engine::sim;
use engine::tensor::ops::matmul_mxu;
use engine::topology;

fn device(index: usize) -> String {
    match index % 3 {
        0 => "/job:localhost/replica:0/task:0/device:GPU:0".into(),
        1 => "/job:localhost/replica:0/task:0/device:GPU:1".into(),
        _ => "/job:localhost/replica:0/task:0/device:CPU:0".into(),
    }
}

/// A chain of matmuls and adds; every fourth op moves to the next device.
fn program(op_count: usize) -> (Vec<OpReport>, Vec<TransferReport>) {
    let mut ops = Vec::with_capacity(op_count);
    let mut transfers = Vec::new();
    for id in 0..op_count {
        let placed = device(id / 4);
        let inputs = if id == 0 { vec![] } else { vec![id as u32 - 1] };
        if id > 0 && (id / 4) != ((id - 1) / 4) {
            transfers.push(TransferReport {
                src: device((id - 1) / 4),
                dst: placed.clone(),
                bytes: 256 * 256 * 4,
                link: String::new(),
                start_us: 0.0,
                dur_us: 0.0,
                tensor: format!("op_{}:0", id - 1),
                producer: Some(id as u32 - 1),
                consumer: Some(id as u32),
                send_op: None,
                recv_op: None,
            });
        }
        ops.push(OpReport {
            id: id as u32,
            name: format!("op_{id}"),
            op_type: if id % 2 == 0 { "MatMul" } else { "AddV2" }.into(),
            device: placed,
            requested_device: String::new(),
            reason: String::new(),
            inputs: inputs.iter().flat_map(|&i| [i, i]).collect(),
            shape: vec![256, 256],
            dtype: "float32".into(),
            line: 1,
            start_us: 0.0,
            dur_us: 0.0,
            execution: String::new(),
            launch: 0,
            cost: String::new(),
            input_element: None,
            not_computed: None,
            xla: false,
            class: if id % 2 == 0 {
                OpClass::MatMul
            } else {
                OpClass::Elementwise
            },
        });
    }
    (ops, transfers)
}

fn simulator(c: &mut Criterion) {
    let machine = topology::preset("2x-v100-nvlink").expect("preset");
    let mut group = c.benchmark_group("simulate");
    group.sample_size(10);
    for op_count in [1_000usize, 10_000, 100_000] {
        let (ops, transfers) = program(op_count);
        group.throughput(Throughput::Elements(op_count as u64));
        group.bench_with_input(BenchmarkId::from_parameter(op_count), &op_count, |b, _| {
            b.iter(|| sim::simulate(&machine.hardware, black_box(ops.clone()), transfers.clone()))
        });
    }
    group.finish();
}

fn plain_matmul(a: &[f32], b: &[f32], n: usize) -> Vec<f32> {
    let mut out = vec![0f32; n * n];
    for row in 0..n {
        for depth in 0..n {
            let left = a[row * n + depth];
            for (o, &right) in out[row * n..(row + 1) * n].iter_mut().zip(&b[depth * n..]) {
                *o += left * right;
            }
        }
    }
    out
}

fn kernels(c: &mut Criterion) {
    let mut group = c.benchmark_group("matmul");
    group.sample_size(10);
    for n in [128usize, 256] {
        let a: Vec<f32> = (0..n * n).map(|i| (i % 17) as f32 * 0.1).collect();
        let b: Vec<f32> = (0..n * n).map(|i| (i % 13) as f32 * 0.1).collect();
        group.throughput(Throughput::Elements(2 * (n * n * n) as u64));
        group.bench_with_input(BenchmarkId::new("mxu", n), &n, |bench, &n| {
            bench.iter(|| matmul_mxu(black_box(&a), black_box(&b), n, n, n, 128))
        });
        group.bench_with_input(BenchmarkId::new("plain_f32", n), &n, |bench, &n| {
            bench.iter(|| plain_matmul(black_box(&a), black_box(&b), n))
        });
    }
    group.finish();
}

criterion_group!(benches, simulator, kernels);
criterion_main!(benches);
