//! The wasm kernels' bits (`ops::gemm` picks its 128-bit SIMD kernels in the browser), run in
//! headless Chromium: fused products as the library's exact `mul_add` gives them, unfused
//! ones as a product rounded and then added, the halfway steps that f64 arithmetic alone
//! would round twice included.
#![cfg(target_arch = "wasm32")]

use engine::tensor::ops::gemm::{gemm, Summation};
use wasm_bindgen_test::wasm_bindgen_test;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

fn values(count: usize, mut seed: u32) -> Vec<f32> {
    (0..count)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            (seed >> 8) as f32 / (1 << 23) as f32 * 2.0 - 1.0
        })
        .collect()
}

fn reference(summation: Summation, a: &[f32], b: &[f32], m: usize, k: usize, n: usize) -> Vec<u32> {
    (0..m * n)
        .map(|at| {
            let (i, j) = (at / n, at % n);
            (0..k)
                .fold(0f32, |acc, d| {
                    let (x, y) = (a[i * k + d], b[d * n + j]);
                    match summation {
                        Summation::Fused => x.mul_add(y, acc),
                        Summation::Unfused => acc + x * y,
                    }
                })
                .to_bits()
        })
        .collect()
}

fn product(summation: Summation, a: &[f32], b: &[f32], m: usize, k: usize, n: usize) -> Vec<u32> {
    let mut out = vec![f32::NAN; m * n];
    let rows = |i: usize, row: &mut [f32]| row.copy_from_slice(&a[i * k..][..k]);
    gemm(summation, m, k, n, rows, b, n, &mut out, n);
    out.iter().map(|v| v.to_bits()).collect()
}

#[wasm_bindgen_test]
fn both_summations_give_their_bits() {
    for summation in [Summation::Fused, Summation::Unfused] {
        for (m, k, n) in [
            (1, 1, 1),
            (3, 50, 5),
            (4, 16, 16),
            (9, 300, 33),
            (17, 7, 40),
        ] {
            let (a, b) = (values(m * k, 7 + m as u32), values(k * n, 11 + n as u32));
            assert_eq!(
                product(summation, &a, &b, m, k, n),
                reference(summation, &a, &b, m, k, n),
                "{summation:?} {m}x{k}x{n}"
            );
        }
    }
}

#[wasm_bindgen_test]
fn a_halfway_step_rounds_once() {
    // (1 + 2⁻²³)·(−(1 − 2⁻²³)·2⁻²⁴) + (1 + 3·2⁻²³) = 1 + 5·2⁻²⁴ + 2⁻⁷⁰ rounds up once; via f64
    // it would land halfway and round to even (down).
    let e = f32::EPSILON;
    let (x, y, z) = (1.0 + e, -(1.0 - e) * e / 2.0, 1.0 + 3.0 * e);
    let fused = x.mul_add(y, z);
    assert_ne!((f64::from(x) * f64::from(y) + f64::from(z)) as f32, fused);
    assert_eq!(
        product(Summation::Fused, &[z, x], &[1.0, y], 1, 2, 1),
        vec![fused.to_bits()]
    );
}
