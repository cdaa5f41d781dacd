//! The float32 matrix product in the orders TensorFlow's CPU kernels compute it: each
//! output element adds its `k` products in `k` order starting from zero, each product either
//! fused into the running sum with one rounding (a fused multiply-add) or rounded and then
//! added ([`Summation`]).
//!
//! Fused is what TF 2.21's `MatMul` (two matrices of more than one row and column, depth up
//! to Eigen's cache block of about 300) and `Conv2D` return bit for bit: recorded against the
//! oracle with random operands, where the unfused order matches a quarter of the elements at
//! best. Unfused is what its matrix-vector product returns. GEMM crates (`matrixmultiply`,
//! `gemm`) block the depth and choose fused or unfused arithmetic by CPU, so their bits
//! differ between the native build and the browser; these kernels give the same bits
//! everywhere.
//!
//! Speed comes from register blocking: a panel of [`MR`] rows of `a` and a strip of [`NR`]
//! columns of `b` are packed contiguously, and the `MR × NR` accumulators stay in registers
//! for the whole depth. The fused multiply-add is the CPU's instruction where it has one
//! (x86-64 with FMA, detected at run time), and elsewhere (wasm) exact arithmetic in f64:
//! an f32 product is exact in f64, so the sum rounds once to f64 and then to f32, which is
//! the fused result unless the f64 addition rounded and left the sum exactly halfway between
//! two f32 values (or in f32's subnormal range); a block with such a step is computed again
//! with the library's exact `mul_add`. That costs wasm about ten times the unfused
//! arithmetic (`benches/wasm`), which is why large products are not fused there
//! (`ops::matmul` says when).

/// Rows of `a` per register block.
pub const MR: usize = 4;
/// Columns of `b` per register block.
pub const NR: usize = 16;

/// The largest product computed fused where TensorFlow fuses: 2²⁰ multiply-adds, about a
/// millisecond in the browser. Larger products, whose elements programs rarely print in
/// full, are unfused: exact fused arithmetic costs wasm about ten times as much
/// (`benches/wasm`), and the native build must print what the browser prints.
pub const FUSED_WORK: usize = 1 << 20;

/// How each product joins its element's running sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Summation {
    /// `sum = fma(a, b, sum)`: one rounding per step.
    Fused,
    /// `sum = sum + round(a·b)`: two roundings per step.
    Unfused,
}

/// `out[i·out_stride + j] = Σₖ a[i][k]·b[k·b_stride + j]` for `i < m`, `j < n`, summed in
/// `k` order as `summation` says. `a_row(i, row)` writes row `i` of the left operand into
/// `row` (`k` values: a closure, so a convolution can gather its patches without
/// materialising them all); `b` is `k` rows of at least `n` values, `b_stride` apart. Every
/// output element is overwritten.
#[allow(clippy::too_many_arguments)]
pub fn gemm(
    summation: Summation,
    m: usize,
    k: usize,
    n: usize,
    mut a_row: impl FnMut(usize, &mut [f32]),
    b: &[f32],
    b_stride: usize,
    out: &mut [f32],
    out_stride: usize,
) {
    if m == 0 || n == 0 {
        return;
    }
    let kernel = Kernel::detect(summation);
    // All of `b` packed once, as strips of NR columns (k rows each, zero-padded); `a` one
    // panel of MR rows (k columns of MR values) at a time, so only `b`'s size is copied.
    let strips = n.div_ceil(NR);
    let mut b_packed = vec![0f32; strips * k * NR];
    for (strip, packed) in b_packed.chunks_exact_mut((k * NR).max(1)).enumerate() {
        let first = strip * NR;
        let width = NR.min(n - first);
        for depth in 0..k {
            let row = &b[depth * b_stride + first..][..width];
            packed[depth * NR..][..width].copy_from_slice(row);
        }
    }
    let mut a_panel = vec![0f32; k * MR];
    let mut scratch = vec![0f32; k];
    for panel in 0..m.div_ceil(MR) {
        let rows = MR.min(m - panel * MR);
        a_panel.fill(0.0);
        for row in 0..rows {
            a_row(panel * MR + row, &mut scratch);
            for (depth, &value) in scratch.iter().enumerate() {
                a_panel[depth * MR + row] = value;
            }
        }
        for strip in 0..strips {
            let first = strip * NR;
            let width = NR.min(n - first);
            let tile = kernel.run(&a_panel, &b_packed[strip * k * NR..][..k * NR], k);
            for (row, values) in tile.iter().enumerate().take(rows) {
                let at = (panel * MR + row) * out_stride + first;
                out[at..at + width].copy_from_slice(&values[..width]);
            }
        }
    }
}

/// One `MR × NR` block's arithmetic, as the machine best offers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kernel {
    /// Fused, in exact f64 arithmetic with the rare halfway blocks redone.
    FusedPortable,
    /// Fused with the x86-64 FMA instruction (AVX2 and FMA detected at run time).
    #[cfg(target_arch = "x86_64")]
    FusedX86,
    /// [`Kernel::FusedPortable`] in wasm's 128-bit SIMD.
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    FusedWasm,
    /// Unfused, in plain loops the compiler vectorises.
    UnfusedPortable,
    /// [`Kernel::UnfusedPortable`] compiled for AVX2 (detected at run time): eight lanes.
    #[cfg(target_arch = "x86_64")]
    UnfusedX86,
    /// Unfused in wasm's 128-bit SIMD, written with intrinsics so that it vectorises at
    /// any optimisation level.
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    UnfusedWasm,
}

impl Kernel {
    fn detect(summation: Summation) -> Kernel {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        return match summation {
            Summation::Fused => Kernel::FusedWasm,
            Summation::Unfused => Kernel::UnfusedWasm,
        };
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            match summation {
                Summation::Fused if std::is_x86_feature_detected!("fma") => {
                    return Kernel::FusedX86
                }
                Summation::Unfused => return Kernel::UnfusedX86,
                Summation::Fused => {}
            }
        }
        #[allow(unreachable_code)]
        match summation {
            Summation::Fused => Kernel::FusedPortable,
            Summation::Unfused => Kernel::UnfusedPortable,
        }
    }

    /// One `MR × NR` block: `a` is `k` columns of `MR`, `b` is `k` rows of `NR`.
    fn run(self, a: &[f32], b: &[f32], k: usize) -> [[f32; NR]; MR] {
        match self {
            Kernel::FusedPortable => fused_portable(a, b, k),
            // SAFETY: `detect` chose this kernel only after finding AVX2 and FMA.
            #[cfg(target_arch = "x86_64")]
            Kernel::FusedX86 => unsafe { fused_x86(a, b, k) },
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            Kernel::FusedWasm => wasm::fused(a, b, k),
            Kernel::UnfusedPortable => unfused_portable(a, b, k),
            // SAFETY: `detect` chose this kernel only after finding AVX2.
            #[cfg(target_arch = "x86_64")]
            Kernel::UnfusedX86 => unsafe { unfused_x86(a, b, k) },
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            Kernel::UnfusedWasm => wasm::unfused(a, b, k),
        }
    }
}

/// The block's steps: one column of `a` (`MR` values) and one row of `b` (`NR`) per depth.
fn steps<'a>(a: &'a [f32], b: &'a [f32], k: usize) -> impl Iterator<Item = (&'a [f32], &'a [f32])> {
    a.chunks_exact(MR).zip(b.chunks_exact(NR)).take(k)
}

/// The block with `step(sum, left, right)` for each product: the loops every scalar kernel
/// shares, inlined into each so that the compiler vectorises it for that kernel's features.
#[inline(always)]
fn block(
    a: &[f32],
    b: &[f32],
    k: usize,
    mut step: impl FnMut(f32, f32, f32) -> f32,
) -> [[f32; NR]; MR] {
    let mut acc = [[0f32; NR]; MR];
    for (column, row) in steps(a, b, k) {
        for (lane, &left) in acc.iter_mut().zip(column) {
            for (sum, &right) in lane.iter_mut().zip(row) {
                *sum = step(*sum, left, right);
            }
        }
    }
    acc
}

/// [`fused_exact`] compiled for AVX2 and FMA (detected at run time), where `mul_add` is
/// one instruction.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn fused_x86(a: &[f32], b: &[f32], k: usize) -> [[f32; NR]; MR] {
    fused_exact(a, b, k)
}

/// Exact arithmetic in f64, vectorisable: the whole block over the whole depth without
/// branches; if any step needed it ([`needs_exact_rounding`]), the block is computed again
/// with the library's exact `mul_add`.
fn fused_portable(a: &[f32], b: &[f32], k: usize) -> [[f32; NR]; MR] {
    let mut flagged = false;
    let acc = block(a, b, k, |sum, left, right| {
        let (product, previous) = (f64::from(left) * f64::from(right), f64::from(sum));
        let wide = product + previous;
        flagged |= needs_exact_rounding(product, previous, wide);
        wide as f32
    });
    if flagged {
        return fused_exact(a, b, k);
    }
    acc
}

/// The block with the library's exact (and, without an FMA instruction, slow) `mul_add`.
#[inline(always)]
fn fused_exact(a: &[f32], b: &[f32], k: usize) -> [[f32; NR]; MR] {
    block(a, b, k, |sum, left, right| left.mul_add(right, sum))
}

/// Rust never contracts a multiply and an add into a fused multiply-add, so enabling AVX2
/// widens the vectors and keeps the two roundings.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn unfused_x86(a: &[f32], b: &[f32], k: usize) -> [[f32; NR]; MR] {
    unfused_portable(a, b, k)
}

#[inline(always)]
fn unfused_portable(a: &[f32], b: &[f32], k: usize) -> [[f32; NR]; MR] {
    block(a, b, k, |sum, left, right| sum + left * right)
}

/// Whether rounding `wide = product + previous` (an exact product plus a sum, rounded
/// once to f64) to f32 might differ from rounding the exact sum: only if the f64 addition
/// rounded (Knuth's TwoSum finds what it dropped) and its result sits exactly halfway
/// between two f32 values (its 29 extra mantissa bits are `1000…0`) or in f32's subnormal
/// range, where the halfway points lie elsewhere.
#[inline(always)]
fn needs_exact_rounding(product: f64, previous: f64, wide: f64) -> bool {
    const EXTRA: u64 = (1 << 29) - 1;
    const HALF: u64 = 1 << 28;
    let back = wide - product;
    let error = (product - (wide - back)) + (previous - back);
    let at_half = wide.to_bits() & EXTRA == HALF;
    let tiny = wide.abs() < f64::from(f32::MIN_POSITIVE);
    (at_half | tiny) & (error != 0.0)
}

/// The kernels in wasm's 128-bit SIMD. Each handles the block's columns in two halves of
/// eight (two `f32x4` accumulators per row), few enough for the engine's registers.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm {
    use super::{fused_exact, steps, MR, NR};
    use core::arch::wasm32::*;

    /// Eight values of a row of `b` from `first`.
    fn load(row: &[f32], first: usize) -> [v128; 2] {
        let row = &row[first..first + 8];
        [
            f32x4(row[0], row[1], row[2], row[3]),
            f32x4(row[4], row[5], row[6], row[7]),
        ]
    }

    fn store(out: &mut [[f32; NR]; MR], acc: &[[v128; 2]; MR], first: usize) {
        for (out_row, lane) in out.iter_mut().zip(acc) {
            for (chunk, vector) in out_row[first..].chunks_exact_mut(4).zip(lane) {
                chunk[0] = f32x4_extract_lane::<0>(*vector);
                chunk[1] = f32x4_extract_lane::<1>(*vector);
                chunk[2] = f32x4_extract_lane::<2>(*vector);
                chunk[3] = f32x4_extract_lane::<3>(*vector);
            }
        }
    }

    pub(super) fn unfused(a: &[f32], b: &[f32], k: usize) -> [[f32; NR]; MR] {
        let mut out = [[0f32; NR]; MR];
        for first in [0, NR / 2] {
            let mut acc = [[f32x4_splat(0.0); 2]; MR];
            for (column, row) in steps(a, b, k) {
                let right = load(row, first);
                for (lane, &left) in acc.iter_mut().zip(column) {
                    let left = f32x4_splat(left);
                    lane[0] = f32x4_add(lane[0], f32x4_mul(left, right[0]));
                    lane[1] = f32x4_add(lane[1], f32x4_mul(left, right[1]));
                }
            }
            store(&mut out, &acc, first);
        }
        out
    }

    /// `super::fused_portable` two f64 lanes at a time.
    pub(super) fn fused(a: &[f32], b: &[f32], k: usize) -> [[f32; NR]; MR] {
        let extra = u64x2_splat((1 << 29) - 1);
        let half = u64x2_splat(1 << 28);
        let smallest_normal = f64x2_splat(f64::from(f32::MIN_POSITIVE));
        let zero = f64x2_splat(0.0);
        let mut flags = u64x2_splat(0);
        let mut out = [[0f32; NR]; MR];
        for first in [0, NR / 2] {
            let mut acc = [[f32x4_splat(0.0); 2]; MR];
            for (column, row) in steps(a, b, k) {
                let [low_b, high_b] = load(row, first);
                let wide_b = [
                    f64x2_promote_low_f32x4(low_b),
                    f64x2_promote_low_f32x4(i32x4_shuffle::<2, 3, 2, 3>(low_b, low_b)),
                    f64x2_promote_low_f32x4(high_b),
                    f64x2_promote_low_f32x4(i32x4_shuffle::<2, 3, 2, 3>(high_b, high_b)),
                ];
                for (lane, &left) in acc.iter_mut().zip(column) {
                    let left = f64x2_splat(f64::from(left));
                    for (sum, pair) in lane.iter_mut().zip(wide_b.chunks_exact(2)) {
                        let upper = i32x4_shuffle::<2, 3, 2, 3>(*sum, *sum);
                        let mut halves = [zero; 2];
                        for (wide, (right, previous)) in halves.iter_mut().zip([
                            (pair[0], f64x2_promote_low_f32x4(*sum)),
                            (pair[1], f64x2_promote_low_f32x4(upper)),
                        ]) {
                            let product = f64x2_mul(left, right);
                            let total = f64x2_add(product, previous);
                            // Knuth's TwoSum: what the f64 addition rounded away.
                            let back = f64x2_sub(total, product);
                            let error = f64x2_add(
                                f64x2_sub(product, f64x2_sub(total, back)),
                                f64x2_sub(previous, back),
                            );
                            let at_half = i64x2_eq(v128_and(total, extra), half);
                            let tiny = f64x2_lt(f64x2_abs(total), smallest_normal);
                            let inexact = f64x2_ne(error, zero);
                            flags = v128_or(flags, v128_and(v128_or(at_half, tiny), inexact));
                            *wide = total;
                        }
                        *sum = i32x4_shuffle::<0, 1, 4, 5>(
                            f32x4_demote_f64x2_zero(halves[0]),
                            f32x4_demote_f64x2_zero(halves[1]),
                        );
                    }
                }
            }
            store(&mut out, &acc, first);
        }
        if v128_any_true(flags) {
            return fused_exact(a, b, k);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition, one element at a time: the library's exact `mul_add`, or a product
    /// rounded and then added.
    fn reference(
        summation: Summation,
        a: &[f32],
        b: &[f32],
        m: usize,
        k: usize,
        n: usize,
    ) -> Vec<f32> {
        (0..m * n)
            .map(|at| {
                let (i, j) = (at / n, at % n);
                (0..k).fold(0f32, |acc, d| {
                    let (x, y) = (a[i * k + d], b[d * n + j]);
                    match summation {
                        Summation::Fused => x.mul_add(y, acc),
                        Summation::Unfused => acc + x * y,
                    }
                })
            })
            .collect()
    }

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

    fn bits(values: &[f32]) -> Vec<u32> {
        values.iter().map(|v| v.to_bits()).collect()
    }

    /// The kernels this target has for `summation`.
    fn kernels(summation: Summation) -> Vec<Kernel> {
        let mut kernels = vec![Kernel::detect(summation)];
        kernels.push(match summation {
            Summation::Fused => Kernel::FusedPortable,
            Summation::Unfused => Kernel::UnfusedPortable,
        });
        kernels
    }

    /// `gemm`'s packing with the kernel chosen by the test.
    fn product(kernel: Kernel, a: &[f32], b: &[f32], m: usize, k: usize, n: usize) -> Vec<f32> {
        let mut out = vec![f32::NAN; m * n];
        let panels = m.div_ceil(MR);
        let mut packed = vec![0f32; panels * k * MR];
        for i in 0..m {
            for d in 0..k {
                packed[(i / MR) * k * MR + d * MR + i % MR] = a[i * k + d];
            }
        }
        for strip in 0..n.div_ceil(NR) {
            let mut b_strip = vec![0f32; k * NR];
            for d in 0..k {
                for j in strip * NR..n.min(strip * NR + NR) {
                    b_strip[d * NR + j - strip * NR] = b[d * n + j];
                }
            }
            for panel in 0..panels {
                let tile = kernel.run(&packed[panel * k * MR..][..k * MR], &b_strip, k);
                for i in panel * MR..m.min(panel * MR + MR) {
                    for j in strip * NR..n.min(strip * NR + NR) {
                        out[i * n + j] = tile[i - panel * MR][j - strip * NR];
                    }
                }
            }
        }
        out
    }

    fn rows(a: &[f32], k: usize) -> impl FnMut(usize, &mut [f32]) + '_ {
        move |i, row| row.copy_from_slice(&a[i * k..][..k])
    }

    #[test]
    fn every_kernel_gives_its_summations_bits() {
        for summation in [Summation::Fused, Summation::Unfused] {
            for (m, k, n) in [(1, 1, 1), (3, 50, 5), (4, 16, 16), (9, 300, 33), (17, 7, 2)] {
                let (a, b) = (values(m * k, 7 + m as u32), values(k * n, 11 + n as u32));
                let expected = bits(&reference(summation, &a, &b, m, k, n));
                let mut out = vec![f32::NAN; m * n];
                gemm(summation, m, k, n, rows(&a, k), &b, n, &mut out, n);
                assert_eq!(bits(&out), expected, "{summation:?} {m}x{k}x{n}");
                for kernel in kernels(summation) {
                    assert_eq!(
                        bits(&product(kernel, &a, &b, m, k, n)),
                        expected,
                        "{kernel:?} {m}x{k}x{n}"
                    );
                }
            }
        }
    }

    #[test]
    fn fused_and_unfused_differ_on_random_operands() {
        let (m, k, n) = (8, 64, 8);
        let (a, b) = (values(m * k, 3), values(k * n, 5));
        let differing = reference(Summation::Fused, &a, &b, m, k, n)
            .iter()
            .zip(reference(Summation::Unfused, &a, &b, m, k, n))
            .filter(|(x, y)| x.to_bits() != y.to_bits())
            .count();
        assert!(differing > m * n / 4, "{differing}");
    }

    #[test]
    fn halfway_sums_round_as_one_fused_step() {
        // (1 + 2⁻²³)·(−(1 − 2⁻²³)·2⁻²⁴) + (1 + 3·2⁻²³) is exactly 1 + 5·2⁻²⁴ + 2⁻⁷⁰: just above
        // the halfway point between 1 + 2⁻²² and 1 + 3·2⁻²³, so it rounds up. Rounded to f64
        // first, it lands on the halfway point and would round to even (down).
        let e = f32::EPSILON; // 2⁻²³
        let (x, y, z) = (1.0 + e, -(1.0 - e) * e / 2.0, 1.0 + 3.0 * e);
        let fused = x.mul_add(y, z);
        assert_eq!(fused, 1.0 + 3.0 * e);
        let twice_rounded = (f64::from(x) * f64::from(y) + f64::from(z)) as f32;
        assert_ne!(
            twice_rounded, fused,
            "the case must exercise the halfway fix"
        );
        // As a product: row (z, x) times column (1, y); the first step is exact.
        let (a, b) = ([z, x], [1.0, y]);
        for kernel in kernels(Summation::Fused) {
            let out = product(kernel, &a, &b, 1, 2, 1);
            assert_eq!(out[0].to_bits(), fused.to_bits(), "{kernel:?}");
        }
    }

    #[test]
    fn strides_and_gathered_operands() {
        // A 2×3 block of a wider output, `b` read with a row stride of 5.
        let (m, k, n) = (2, 3, 3);
        let a = values(m * k, 3);
        let b_wide = values(k * 5, 5);
        let b: Vec<f32> = (0..k * n).map(|at| b_wide[at / n * 5 + at % n]).collect();
        let mut out = vec![9f32; m * 4];
        gemm(
            Summation::Fused,
            m,
            k,
            n,
            rows(&a, k),
            &b_wide,
            5,
            &mut out,
            4,
        );
        let expected = reference(Summation::Fused, &a, &b, m, k, n);
        assert_eq!(&out[0..3], &expected[0..3]);
        assert_eq!(out[3], 9.0);
        assert_eq!(&out[4..7], &expected[3..6]);
    }
}
