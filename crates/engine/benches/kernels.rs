//! Benchmark: the float32 kernels that dominate computed work, in GFLOP/s.
//!
//! - `matmul_f32`: the register-blocked kernels of `ops::gemm` called directly, fused and
//!   unfused (TensorFlow's two summation orders); `ops::matmul` as programs call it (two
//!   matrices: fused up to `gemm::FUSED_WORK` multiply-adds, unfused above) and as a batch
//!   of one (`BatchMatMulV2`: unfused); the TPU MXU model (`ops::matmul_mxu`, bfloat16
//!   inputs, 128-deep tiles); and `matrixmultiply` (a well-kept Rust GEMM, which blocks the
//!   depth and so does not keep TF's order). Before `ops::gemm`, `ops::matmul` was a row
//!   loop: 10–12 Gelem/s on the machine where this bench reads 37–45 for the kernels.
//! - `conv2d_f32`: `ops::conv2d`, NHWC, 3×3 filters, SAME padding, at sizes a small CNN
//!   runs (gathered patches through `ops::gemm`; before, a loop over taps with the
//!   library's software `mul_add`: 0.38 Gelem/s).
//!
//! `cargo bench -p engine --bench kernels`; criterion reports time, and throughput in
//! elements, where one "element" is one multiply-add (GFLOP/s = 2 × Gelem/s).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

use engine::tensor::ops::gemm::{gemm, Summation};
use engine::tensor::ops::{self, Conv2DAttrs, MatMulOptions, Padding};
use engine::tensor::{Shape, Tensor};

fn square(size: usize, seed: u32) -> Vec<f32> {
    values(size * size, seed)
}

/// `count` values in [-1, 1) from a xorshift of `seed`.
fn values(count: usize, seed: u32) -> Vec<f32> {
    let mut state = seed | 1;
    (0..count)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            (state % 1000) as f32 / 500.0 - 1.0
        })
        .collect()
}

fn matmul(c: &mut Criterion) {
    let mut group = c.benchmark_group("matmul_f32");
    group.sample_size(10);
    for size in [64usize, 128, 256, 512] {
        let (a, b) = (square(size, 7), square(size, 11));
        group.throughput(Throughput::Elements((size * size * size) as u64));
        let shape = Shape::from(&[size, size][..]);
        let (ta, tb) = (
            Tensor::from_vec(shape.clone(), a.clone()).expect("a tensor"),
            Tensor::from_vec(shape, b.clone()).expect("a tensor"),
        );
        for summation in [Summation::Fused, Summation::Unfused] {
            let id = BenchmarkId::new(format!("gemm_{summation:?}").to_lowercase(), size);
            group.bench_with_input(id, &size, |bench, _| {
                let mut out = vec![0f32; size * size];
                bench.iter(|| {
                    let rows =
                        |i: usize, row: &mut [f32]| row.copy_from_slice(&a[i * size..][..size]);
                    gemm(summation, size, size, size, rows, &b, size, &mut out, size);
                    black_box(out[0])
                })
            });
        }
        group.bench_with_input(BenchmarkId::new("matmul", size), &size, |bench, _| {
            bench.iter(|| ops::matmul(black_box(&ta), black_box(&tb), MatMulOptions::default()))
        });
        let batch = Shape::from(&[1, size, size][..]);
        let (ba, bb) = (
            Tensor::from_vec(batch.clone(), a.clone()).expect("a tensor"),
            Tensor::from_vec(batch, b.clone()).expect("a tensor"),
        );
        group.bench_with_input(BenchmarkId::new("batch_matmul", size), &size, |bench, _| {
            bench.iter(|| ops::matmul(black_box(&ba), black_box(&bb), MatMulOptions::default()))
        });
        group.bench_with_input(BenchmarkId::new("ours_mxu", size), &size, |bench, _| {
            bench.iter(|| ops::matmul_mxu(black_box(&a), black_box(&b), size, size, size, 128))
        });
        group.bench_with_input(
            BenchmarkId::new("matrixmultiply", size),
            &size,
            |bench, _| {
                let mut out = vec![0f32; size * size];
                bench.iter(|| {
                    let n = size as isize;
                    // SAFETY: the three buffers hold size×size row-major values, as the strides say.
                    unsafe {
                        matrixmultiply::sgemm(
                            size,
                            size,
                            size,
                            1.0,
                            a.as_ptr(),
                            n,
                            1,
                            b.as_ptr(),
                            n,
                            1,
                            0.0,
                            out.as_mut_ptr(),
                            n,
                            1,
                        )
                    };
                    black_box(out[0])
                })
            },
        );
    }
    group.finish();
}

fn conv2d(c: &mut Criterion) {
    let mut group = c.benchmark_group("conv2d_f32");
    group.sample_size(10);
    // (batch, side, input channels, filters): a small CNN's first and second layers.
    for (batch, side, channels, filters) in [(8usize, 32usize, 3usize, 32usize), (8, 16, 32, 64)] {
        let input = Tensor::from_vec(
            Shape::from(&[batch, side, side, channels][..]),
            values(batch * side * side * channels, 3),
        )
        .expect("an input");
        let filter = Tensor::from_vec(
            Shape::from(&[3, 3, channels, filters][..]),
            values(3 * 3 * channels * filters, 13),
        )
        .expect("a filter");
        let attrs = Conv2DAttrs {
            padding: Padding::Same,
            ..Conv2DAttrs::default()
        };
        let multiply_adds = batch * side * side * 9 * channels * filters;
        group.throughput(Throughput::Elements(multiply_adds as u64));
        let label = format!("{batch}x{side}x{side}x{channels}->{filters}");
        group.bench_with_input(BenchmarkId::new("ours", &label), &label, |bench, _| {
            bench.iter(|| ops::conv2d(black_box(&input), black_box(&filter), &attrs))
        });
    }
    group.finish();
}

criterion_group!(benches, matmul, conv2d);
criterion_main!(benches);
