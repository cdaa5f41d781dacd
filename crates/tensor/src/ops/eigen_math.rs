//! Float32 transcendental functions as TensorFlow's CPU kernels compute them, so `exp`,
//! `log`, `tanh` and `sigmoid` match to the last bit.
//!
//! TensorFlow's element-wise kernels are Eigen expressions. Eigen evaluates the first
//! `len / 8 * 8` elements in AVX packets of eight and the rest one at a time, and the two
//! paths use different code:
//! - `exp`: packets use Eigen's Cephes-style `pexp_float` (a degree-6 polynomial after a
//!   two-part `ln 2` range reduction); single elements use the C library's `expf`;
//! - `log`: packets use `plog_float` (a `[2/3]` rational on the mantissa); single elements
//!   use `logf`;
//! - `tanh`: both use `ptanh_float` (a `[9/8]` rational, clamped at ±7.90738964);
//! - `log1p` and `expm1`: packets use Kahan's formulas over `plog` and `pexp`; single
//!   elements use the C library's (fdlibm's) `log1pf` and `expm1f`;
//! - `sigmoid` (`scalar_logistic_op<float>`): packets use a halved-argument `exp`
//!   polynomial squared, then `e / (1 + e)`; single elements use `e / (1 + e)` with
//!   `e = expf(min(x, 16.6355324))`.
//!
//! TensorFlow's pip build targets AVX without FMA, so every multiply-add rounds twice, and
//! its CPU kernels run with denormals flushed to zero. The constants are Eigen's; the code
//! is this project's.

#![allow(clippy::excessive_precision)] // Eigen's constants, digit for digit.

/// Lanes per AVX packet of float32.
const PACKET: usize = 8;

/// Eigen's `pmadd` without FMA: the product rounds, then the sum.
#[inline]
fn madd(a: f32, b: f32, c: f32) -> f32 {
    a * b + c
}

/// `ppolevl`: Horner's rule from the highest coefficient, one `madd` per step.
#[inline]
fn polevl(x: f32, coefficients: &[f32]) -> f32 {
    let mut acc = coefficients[0];
    for &c in &coefficients[1..] {
        acc = madd(acc, x, c);
    }
    acc
}

/// Denormals flushed to zero, as TensorFlow's `ScopedFlushDenormal` sets the CPU.
#[inline]
fn flush(value: f32) -> f32 {
    if value != 0.0 && value.abs() < f32::MIN_POSITIVE {
        0.0f32.copysign(value)
    } else {
        value
    }
}

/// `2^m · y` for an integral `m` (Eigen's `pldexp`), exact until it underflows.
#[inline]
fn ldexp(y: f32, m: f32) -> f32 {
    let m = m.clamp(-300.0, 300.0) as i32;
    let mut out = f64::from(y);
    out *= 2f64.powi(m);
    out as f32
}

/// Cephes's range reduction `x = m·ln 2 + r` (`m = floor(x·log2 e + 1/2)`), with `ln 2`
/// subtracted in two parts so `r` keeps its low bits.
fn reduce_by_ln2(x: f32) -> (f32, f32) {
    let m = madd(x, std::f32::consts::LOG2_E, 0.5).floor();
    let r = madd(m, -0.693359375, x);
    (m, madd(m, 2.12194440e-4, r))
}

/// Eigen's `pexp_float` (the packet path of `exp`).
pub(crate) fn pexp(x_in: f32) -> f32 {
    let x_in = flush(x_in);
    if x_in.is_nan() {
        return x_in;
    }
    if x_in < -104.0 {
        return 0.0;
    }
    let (m, r) = reduce_by_ln2(x_in.min(88.723));
    let r2 = r * r;
    let p_even = madd(
        r2,
        1.37449637986719608306884765625e-3,
        4.166965186595916748046875e-2,
    );
    let p_odd = madd(
        r2,
        8.36894474923610687255859375e-3,
        0.16666518151760101318359375,
    );
    let p_even = madd(r2, p_even, 0.49999988079071044921875);
    let p_low = r + 1.0;
    let y = madd(r, p_odd, p_even);
    let y = madd(r2, y, p_low);
    flush(ldexp(y, m).max(x_in))
}

/// Eigen's `plog_float` (the packet path of `log`).
pub(crate) fn plog(x_in: f32) -> f32 {
    let x_in = flush(x_in);
    if x_in.is_nan() || x_in < 0.0 {
        return f32::NAN;
    }
    if x_in == 0.0 {
        return f32::NEG_INFINITY;
    }
    if x_in == f32::INFINITY {
        return f32::INFINITY;
    }
    // `pfrexp`: the mantissa in [0.5, 1) and the exponent.
    let bits = x_in.to_bits();
    let mut e = (((bits >> 23) & 0xff) as i32 - 126) as f32;
    let mut x = f32::from_bits((bits & 0x807f_ffff) | 0x3f00_0000);
    // Shift [0.5, 1) to [sqrt(1/2), sqrt(2)) and centre it on zero.
    let below = x < std::f32::consts::FRAC_1_SQRT_2;
    let tmp = if below { x } else { 0.0 };
    x -= 1.0;
    if below {
        e -= 1.0;
    }
    x += tmp;
    let p = x * polevl(
        x,
        &[0.18256296349849254, 1.0000000190281063, 1.0000000190281136],
    );
    let q = polevl(
        x,
        &[
            0.049616247954120038,
            0.59923249590823520,
            1.4999999999999927,
            1.0,
        ],
    );
    madd(e, std::f32::consts::LN_2, p / q)
}

/// Eigen's `ptanh_float` (both paths of `tanh`, AVX without FMA).
pub(crate) fn ptanh(x_in: f32) -> f32 {
    if x_in.is_nan() {
        return x_in;
    }
    let x = flush(x_in).clamp(-7.90738964080810547, 7.90738964080810547);
    let x2 = x * x;
    let x3 = x2 * x;
    let p = polevl(
        x2,
        &[
            1.394553628e-8,
            2.102733560e-5,
            3.520756727e-3,
            1.340216100e-1,
        ],
    );
    let q = polevl(
        x2,
        &[
            8.015776984e-7,
            3.326951409e-4,
            2.597254514e-2,
            4.673548340e-1,
            1.0,
        ],
    );
    madd(x3, p, x) / q
}

/// The C library's `log1pf` (fdlibm's algorithm, not correctly rounded), which Eigen's
/// single-element path calls.
pub(crate) fn log1p_scalar(x: f32) -> f32 {
    flush(libm::log1pf(flush(x)))
}

/// The C library's `expm1f`, which Eigen's single-element path calls.
pub(crate) fn expm1_scalar(x: f32) -> f32 {
    flush(libm::expm1f(flush(x)))
}

/// Eigen's `generic_log1p` (the packet path of `log1p`, Kahan's formula over `plog`).
pub(crate) fn plog1p(x: f32) -> f32 {
    let x = flush(x);
    let xp1 = x + 1.0;
    if xp1 == 1.0 {
        return x;
    }
    let log1 = plog(xp1);
    if xp1 == log1 {
        return x;
    }
    flush(x * (log1 / (xp1 - 1.0)))
}

/// Eigen's `generic_expm1` (the packet path of `expm1`, Kahan's formula over `pexp`).
pub(crate) fn pexpm1(x: f32) -> f32 {
    let x = flush(x);
    let u = pexp(x);
    if u == 1.0 {
        return x;
    }
    let u_minus_one = u - 1.0;
    if u_minus_one == -1.0 {
        return -1.0;
    }
    let log_u = plog(u);
    if log_u == u {
        return u;
    }
    flush(u_minus_one * (x / log_u))
}

/// TensorFlow's `Softplus` threshold, `logf(FLT_EPSILON) + 2` (float arithmetic).
const SOFTPLUS_THRESHOLD: f32 = -13.942385;

/// TensorFlow's `Softplus` functor on one element: `x` above `-threshold`, `exp(x)` below
/// `threshold`, `log1p(exp(x))` between, with `exp` and `log1p` from the path the element
/// takes.
pub(crate) fn softplus(x: f32, exp: fn(f32) -> f32, log1p: fn(f32) -> f32) -> f32 {
    if x > -SOFTPLUS_THRESHOLD {
        x
    } else if x < SOFTPLUS_THRESHOLD {
        exp(x)
    } else {
        log1p(exp(x))
    }
}

/// `exp` of element `index` of a float32 tensor of `len` elements, by the path Eigen
/// takes for it (for kernels such as `Elu` that build on `exp` element by element).
pub fn exp_in_tensor(x: f32, index: usize, len: usize) -> f32 {
    if index < packet_part(len) {
        pexp(x)
    } else {
        exp_scalar(x)
    }
}

/// How many of `len` elements Eigen evaluates in whole packets (the rest one at a time).
fn packet_part(len: usize) -> usize {
    len / PACKET * PACKET
}

/// The packet path of Eigen's `scalar_logistic_op<float>`.
pub(crate) fn psigmoid(x_in: f32) -> f32 {
    let x_in = flush(x_in);
    if x_in.is_nan() {
        return x_in;
    }
    if x_in < -104.0 {
        return 0.0;
    }
    let (m, r) = reduce_by_ln2(x_in.min(16.6355324) * 0.5);
    let r2 = r * r;
    let p_even = madd(r2, 4.1898667812347412109375e-2, 0.49999141693115234375);
    let p_odd = madd(
        r2,
        8.33471305668354034423828125e-3,
        0.16666877269744873046875,
    );
    let p_low = r + 1.0;
    let p = madd(r, p_odd, p_even);
    let p = madd(r2, p, p_low);
    let e = flush(ldexp(p, m));
    let e = flush(e * e);
    flush(e / (1.0 + e))
}

/// The single-element path of Eigen's `scalar_logistic_op<float>`.
pub(crate) fn sigmoid_scalar(x: f32) -> f32 {
    let e = flush(exp_scalar(flush(x).min(16.6355324)));
    flush(e / (1.0 + e))
}

/// `f` computed in f64 and rounded once: the C library's correctly rounded float result.
fn correctly_rounded(x: f32, f: fn(f64) -> f64) -> f32 {
    flush(f(f64::from(x)) as f32)
}

/// The C library's `expf` (correctly rounded), which Eigen's single-element path calls.
pub(crate) fn exp_scalar(x: f32) -> f32 {
    correctly_rounded(x, f64::exp)
}

/// The C library's `logf` (correctly rounded), which Eigen's single-element path calls.
pub(crate) fn log_scalar(x: f32) -> f32 {
    correctly_rounded(x, f64::ln)
}

/// TensorFlow's float32 `Softmax` of rows `width` long (`SoftmaxEigenImpl`): `exp` of
/// the max-shifted logits over the whole tensor, each row's sum in Eigen's order, then
/// a multiply by the sum's reciprocal.
pub fn softmax_rows(values: &[f32], width: usize) -> Vec<f32> {
    let shifted = shift_by_row_max(values, width);
    let exps = map_eigen(&shifted, pexp, exp_scalar);
    let mut out = Vec::with_capacity(values.len());
    for row in exps.chunks(width) {
        let inverse = 1.0 / super::eigen_sum::inner_most(row, 0, row.len());
        out.extend(row.iter().map(|e| flush(e * inverse)));
    }
    out
}

/// TensorFlow's float32 `LogSoftmax` of rows `width` long: the shifted logits minus the
/// log of each row's sum of `exp`. Inside that reduction Eigen reads each row in packets,
/// so an element's `exp` takes the packet path by its place in its row; the row sums'
/// `log` takes the path of the row's place in the batch.
pub fn log_softmax_rows(values: &[f32], width: usize) -> Vec<f32> {
    let shifted = shift_by_row_max(values, width);
    let sums: Vec<f32> = shifted
        .chunks(width)
        .map(|row| {
            let exps = map_eigen(row, pexp, exp_scalar);
            super::eigen_sum::inner_most(&exps, 0, exps.len())
        })
        .collect();
    let logs = map_eigen(&sums, plog, log_scalar);
    shifted
        .chunks(width)
        .zip(logs)
        .flat_map(|(row, log)| row.iter().map(move |&v| flush(v - log)))
        .collect()
}

fn shift_by_row_max(values: &[f32], width: usize) -> Vec<f32> {
    let mut out = Vec::with_capacity(values.len());
    for row in values.chunks(width) {
        let max = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        out.extend(row.iter().map(|&v| v - max));
    }
    out
}

/// Applies `packet` to the elements Eigen evaluates in packets and `single` to the rest.
pub(crate) fn map_eigen(
    values: &[f32],
    packet: impl Fn(f32) -> f32,
    single: impl Fn(f32) -> f32,
) -> Vec<f32> {
    let split = packet_part(values.len());
    let mut out = Vec::with_capacity(values.len());
    out.extend(values[..split].iter().map(|&v| packet(v)));
    out.extend(values[split..].iter().map(|&v| single(v)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exp_is_close_to_the_true_value_and_exact_at_zero() {
        assert_eq!(pexp(0.0), 1.0);
        for i in -200..200 {
            let x = i as f32 * 0.37;
            let want = (f64::from(x)).exp();
            let got = f64::from(pexp(x));
            assert!(((got - want) / want).abs() < 4e-7, "{x}: {got} vs {want}");
        }
        assert_eq!(pexp(-200.0), 0.0);
        assert_eq!(pexp(f32::INFINITY), f32::INFINITY);
        assert!(pexp(f32::NAN).is_nan());
    }

    #[test]
    fn log_is_close_and_handles_the_edges() {
        for i in 1..400 {
            let x = i as f32 * 0.731;
            let want = f64::from(x).ln();
            let got = f64::from(plog(x));
            assert!((got - want).abs() < 4e-7 * want.abs().max(1.0), "{x}");
        }
        assert_eq!(plog(0.0), f32::NEG_INFINITY);
        assert!(plog(-1.0).is_nan());
        assert_eq!(plog(1.0), 0.0);
    }

    #[test]
    fn tanh_and_sigmoid_saturate_and_stay_close() {
        assert_eq!(ptanh(20.0), 1.0);
        assert_eq!(ptanh(-20.0), -1.0);
        assert_eq!(psigmoid(-200.0), 0.0);
        assert_eq!(psigmoid(40.0), 1.0);
        for i in -100..100 {
            let x = i as f32 * 0.11;
            assert!((f64::from(ptanh(x)) - f64::from(x).tanh()).abs() < 1e-6);
            let s = 1.0 / (1.0 + (-f64::from(x)).exp());
            assert!((f64::from(psigmoid(x)) - s).abs() < 1e-6);
            assert!((f64::from(sigmoid_scalar(x)) - s).abs() < 1e-6);
        }
    }

    #[test]
    fn the_softplus_threshold_is_tensorflows() {
        let threshold = (f64::from(f32::EPSILON).ln() as f32) + 2.0;
        assert_eq!(SOFTPLUS_THRESHOLD, threshold);
    }

    #[test]
    fn the_tail_past_the_last_full_packet_takes_the_single_path() {
        let values: Vec<f32> = (0..11).map(|i| i as f32).collect();
        let out = map_eigen(&values, |_| 1.0, |_| 2.0);
        assert_eq!(
            out,
            [1.0; 8].into_iter().chain([2.0; 3]).collect::<Vec<_>>()
        );
    }
}
