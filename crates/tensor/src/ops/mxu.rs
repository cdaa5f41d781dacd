//! The TPU MXU's arithmetic for `MatMul`: inputs rounded to bfloat16, products accumulated in
//! float32 one `tile`-deep slice of `k` at a time, slices summed in order (DESIGN.md "Timing
//! model"; the MXU takes bf16 operands and accumulates in f32 [S11] B). Shapes are padded to
//! tiles with zeros, which adds nothing to any sum, so padding is implicit here.
//!
//! The result differs from the CPU kernel's (f32 inputs, one running f32 sum in `k` order) in
//! the low bits, as a TPU's does at TensorFlow's DEFAULT matmul precision.

use half::bf16;

use super::matmul::Geometry;
use super::MatMulOptions;

/// Rounds to the nearest bfloat16 (ties to even), as the MXU's input path does.
pub(super) fn to_bf16(value: f32) -> f32 {
    bf16::from_f32(value).to_f32()
}

/// `a (m×k) @ b (k×n)`, row-major, on an MXU with `tile × tile` arrays (128; 256 on v6e):
/// the slice form of [`super::matmul_on`] with [`super::MatMulArithmetic::Mxu`], for the
/// benchmarks and the hardware model's checks.
///
/// Returns `None` if a slice is shorter than its shape says (the caller's shapes are checked
/// before this runs; this keeps a bad call from panicking).
pub fn matmul_mxu(
    a: &[f32],
    b: &[f32],
    m: usize,
    k: usize,
    n: usize,
    tile: usize,
) -> Option<Vec<f32>> {
    if a.len() < m.checked_mul(k)? || b.len() < k.checked_mul(n)? {
        return None;
    }
    let geometry = Geometry {
        m,
        n,
        k,
        a_rows: m,
        a_cols: k,
        b_rows: k,
        b_cols: n,
        options: MatMulOptions::default(),
    };
    Some(geometry.run_mxu(&a[..m * k], &b[..k * n], &[(0, 0)], tile))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cpu(a: &[f32], b: &[f32], m: usize, k: usize, n: usize) -> Vec<f32> {
        (0..m * n)
            .map(|i| (0..k).fold(0f32, |acc, d| acc + a[i / n * k + d] * b[d * n + i % n]))
            .collect()
    }

    #[test]
    fn exact_for_values_bfloat16_holds() {
        let a: Vec<f32> = (0..6).map(|v| v as f32).collect();
        let b: Vec<f32> = (0..6).map(|v| (v as f32) - 2.0).collect();
        assert_eq!(matmul_mxu(&a, &b, 2, 3, 2, 128), Some(cpu(&a, &b, 2, 3, 2)));
    }

    #[test]
    fn differs_from_the_cpu_in_the_low_bits() {
        let (m, k, n) = (4, 300, 3);
        // A deterministic spread of values that bf16 cannot hold exactly.
        let a: Vec<f32> = (0..m * k)
            .map(|i| ((i * 7919 % 1000) as f32) / 997.0 + 0.1)
            .collect();
        let b: Vec<f32> = (0..k * n)
            .map(|i| ((i * 104_729 % 1000) as f32) / 991.0 - 0.3)
            .collect();
        let tpu = matmul_mxu(&a, &b, m, k, n, 128).unwrap();
        let reference = cpu(&a, &b, m, k, n);
        let mut differ = 0;
        for (t, c) in tpu.iter().zip(&reference) {
            let relative = ((t - c) / c).abs();
            assert!(relative < 1e-2, "{t} vs {c}");
            differ += usize::from(t != c);
        }
        assert!(differ > 0, "bf16 rounding must show in the low bits");
    }

    #[test]
    fn short_slices_are_refused_not_a_panic() {
        assert_eq!(matmul_mxu(&[1.0], &[1.0], 2, 2, 2, 128), None);
    }
}
