//! The float32 kernels of `crates/engine/benches/kernels.rs` in wasm (simd128) in headless
//! Chromium: `ops::gemm`'s fused and unfused kernels, `ops::matmul` (two matrices, and a batch
//! of one), the MXU model, `matrixmultiply`, and the convolution. Before `ops::gemm`,
//! `ops::matmul`'s row loop took 2.0 ms for 256³ here (8.3 Gelem/s): `scripts/bench-wasm.sh` runs it and prints
//! criterion's time and throughput (one element = one multiply-add; GFLOP/s = 2 × Gelem/s).
#![cfg(target_arch = "wasm32")]

use std::hint::black_box;
use std::time::Duration;

use engine::tensor::ops::gemm::{gemm, Summation};
use engine::tensor::ops::{self, Conv2DAttrs, MatMulOptions, Padding};
use engine::tensor::{Shape, Tensor};
use wasm_bindgen_test::{wasm_bindgen_bench, Criterion};

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

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

/// Short runs, one kernel per bench function: the page must answer the driver within 30 s.
fn shortened(c: &mut Criterion) {
    let taken = std::mem::take(c);
    *c = taken
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(10);
}

fn operands(size: usize) -> (Vec<f32>, Vec<f32>) {
    (square(size, 7), square(size, 11))
}

/// `ops::matmul` of two `size`×`size` matrices; `batched` runs them as `BatchMatMulV2`'s
/// batch of one (the row loop).
fn ours_cpu(c: &mut Criterion, size: usize, batched: bool) {
    shortened(c);
    let (a, b) = operands(size);
    let dims: &[usize] = if batched {
        &[1, size, size]
    } else {
        &[size, size]
    };
    let shape = Shape::from(dims);
    let (ta, tb) = (
        Tensor::from_vec(shape.clone(), a).expect("a tensor"),
        Tensor::from_vec(shape, b).expect("a tensor"),
    );
    let name = if batched { "batch_matmul" } else { "matmul" };
    c.bench_function(&format!("{name}/{size}"), |bench| {
        bench.iter(|| ops::matmul(black_box(&ta), black_box(&tb), MatMulOptions::default()))
    });
}

fn ours_mxu(c: &mut Criterion, size: usize) {
    shortened(c);
    let (a, b) = operands(size);
    c.bench_function(&format!("ours_mxu/{size}"), |bench| {
        bench.iter(|| ops::matmul_mxu(black_box(&a), black_box(&b), size, size, size, 128))
    });
}

fn crate_gemm(c: &mut Criterion, size: usize) {
    shortened(c);
    let (a, b) = operands(size);
    let mut out = vec![0f32; size * size];
    c.bench_function(&format!("matrixmultiply/{size}"), |bench| {
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
    });
}

/// A 3×3 SAME convolution of `batch` `side`² images of `channels` into `filters`.
fn conv(c: &mut Criterion, batch: usize, side: usize, channels: usize, filters: usize) {
    shortened(c);
    let count = batch * side * side * channels;
    let input = Tensor::from_vec(
        Shape::from(&[batch, side, side, channels][..]),
        values(count, 3),
    )
    .expect("an input");
    let taps = 9 * channels * filters;
    let filter = Tensor::from_vec(
        Shape::from(&[3, 3, channels, filters][..]),
        values(taps, 13),
    )
    .expect("a filter");
    let attrs = Conv2DAttrs {
        padding: Padding::Same,
        ..Conv2DAttrs::default()
    };
    c.bench_function(
        &format!("conv2d/{batch}x{side}x{side}x{channels}->{filters}"),
        |bench| bench.iter(|| ops::conv2d(black_box(&input), black_box(&filter), &attrs)),
    );
}

#[wasm_bindgen_bench]
fn cpu_128(c: &mut Criterion) {
    ours_cpu(c, 128, false);
}

#[wasm_bindgen_bench]
fn row_loop_128(c: &mut Criterion) {
    ours_cpu(c, 128, true);
}

/// `ops::gemm` called directly with `summation` on two `size`² matrices.
fn kernel(c: &mut Criterion, size: usize, summation: Summation) {
    shortened(c);
    let (a, b) = operands(size);
    let mut out = vec![0f32; size * size];
    let name = format!("gemm_{summation:?}/{size}").to_lowercase();
    c.bench_function(&name, |bench| {
        bench.iter(|| {
            let rows = |i: usize, row: &mut [f32]| row.copy_from_slice(&a[i * size..][..size]);
            gemm(summation, size, size, size, rows, &b, size, &mut out, size);
            black_box(out[0])
        })
    });
}

#[wasm_bindgen_bench]
fn fused_128(c: &mut Criterion) {
    kernel(c, 128, Summation::Fused);
}

#[wasm_bindgen_bench]
fn unfused_128(c: &mut Criterion) {
    kernel(c, 128, Summation::Unfused);
}

#[wasm_bindgen_bench]
fn conv_first_layer(c: &mut Criterion) {
    conv(c, 8, 32, 3, 32);
}

#[wasm_bindgen_bench]
fn conv_second_layer(c: &mut Criterion) {
    conv(c, 8, 16, 32, 64);
}

#[wasm_bindgen_bench]
fn mxu_128(c: &mut Criterion) {
    ours_mxu(c, 128);
}

#[wasm_bindgen_bench]
fn gemm_crate_128(c: &mut Criterion) {
    crate_gemm(c, 128);
}

#[wasm_bindgen_bench]
fn cpu_256(c: &mut Criterion) {
    ours_cpu(c, 256, false);
}

#[wasm_bindgen_bench]
fn row_loop_256(c: &mut Criterion) {
    ours_cpu(c, 256, true);
}

#[wasm_bindgen_bench]
fn mxu_256(c: &mut Criterion) {
    ours_mxu(c, 256);
}

#[wasm_bindgen_bench]
fn gemm_crate_256(c: &mut Criterion) {
    crate_gemm(c, 256);
}
