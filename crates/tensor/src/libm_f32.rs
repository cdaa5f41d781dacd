//! glibc's single-precision `logf` and `sincosf`, bit for bit, in portable Rust.
//!
//! TensorFlow's CPU `BoxMullerFloat` (`random_distributions.h`) draws its normals with
//! `logf` and `sincosf` from the C library, and on Linux that is glibc's. Since glibc 2.28 these
//! are the Arm optimized-routines algorithms (glibc `sysdeps/ieee754/flt-32/e_logf.c`,
//! `e_logf_data.c`, `s_sincosf.c`, `s_sincosf.h`, `sincosf_poly.h`, `s_sincosf_data.c`; the
//! same code as ARM-software/optimized-routines `math/logf.c`, `math/logf_data.c`,
//! `math/sincosf.c`, `math/sincosf.h`, `math/sincosf_data.c`). They evaluate a short
//! polynomial in double precision and round once to single, and they are not correctly
//! rounded: with a correctly rounded logarithm, sine and cosine, 1.5% of Box-Muller normals
//! differ from TensorFlow's in the last bit. So this module repeats glibc's arithmetic step by
//! step, with its tables and coefficients (taken from those files), and calls no platform
//! math library: only IEEE `+ - * /` and fused multiply-add on `f64`, which every target
//! (wasm included) computes the same way.
//!
//! Fused multiply-adds: glibc's x86-64 build selects, through an ifunc, a copy of both
//! functions compiled with `-mfma -mavx2` on every CPU that has FMA and AVX2 (`__logf_fma`,
//! `__sincosf_fma`, `sysdeps/x86_64/fpu/multiarch`), and GCC contracts each `a * b + c` of the
//! C source into one fused operation (GCC on AArch64 contracts them too). That is the
//! arithmetic TensorFlow runs on any recent machine, so `madd` is a fused multiply-add
//! exactly where GCC forms one.
//!
//! Measured against glibc 2.36 on x86-64 over all 2^32 inputs (NaN payloads aside):
//! [`logf`] agrees with both the FMA and the SSE2 variant (fusing changes no `logf` result);
//! [`sincosf`] agrees with the FMA variant, and differs from the SSE2 one (glibc on a CPU
//! without FMA) for 34 inputs, all between 17 and 117 in magnitude, far from Box-Muller's
//! arguments in `[0, 2π)`.

/// `a * b + c` with one rounding, where GCC contracts glibc's `a * b + c` into an FMA.
#[inline]
fn madd(a: f64, b: f64, c: f64) -> f64 {
    a.mul_add(b, c)
}

/// `__logf_data.tab` (`math/logf_data.c`): `(1/c, log(c))` for the 16 subintervals of
/// `[0x3f330000, 2 * 0x3f330000)`, as the bits of the hex literals
/// `{0x1.661ec79f8f3bep+0, -0x1.57bf7808caadep-2}`, ... of that file.
const LOGF_TABLE: [(u64, u64); 16] = [
    (0x3ff6_61ec_79f8_f3be, 0xbfd5_7bf7_808c_aade),
    (0x3ff5_71ed_4aaf_883d, 0xbfd2_bef0_a7c0_6ddb),
    (0x3ff4_9539_f0f0_10b0, 0xbfd0_1eae_7f51_3a67),
    (0x3ff3_c995_b0b8_0385, 0xbfcb_31d8_a682_24e9),
    (0x3ff3_0d19_0c88_64a5, 0xbfc6_574f_0ac0_7758),
    (0x3ff2_5e22_7b0b_8ea0, 0xbfc1_aa2b_c79c_8100),
    (0x3ff1_bb4a_4a1a_343f, 0xbfba_4e76_ce8c_0e5e),
    (0x3ff1_2358_f08a_e5ba, 0xbfb1_973c_5a61_1ccc),
    (0x3ff0_953f_4199_00a7, 0xbfa2_52f4_38e1_0c1e),
    (0x3ff0_0000_0000_0000, 0x0000_0000_0000_0000),
    (0x3fee_608c_fd9a_47ac, 0x3faa_a5aa_5df2_5984),
    (0x3fec_a4b3_1f02_6aa0, 0x3fbc_5e53_aa36_2eb4),
    (0x3feb_2036_576a_fce6, 0x3fc5_26e5_7720_db08),
    (0x3fe9_c2d1_63a1_aa2d, 0x3fcb_c286_0d22_4770),
    (0x3fe8_86e6_0378_41ed, 0x3fd1_058b_c8a0_7ee1),
    (0x3fe7_67dc_f553_4862, 0x3fd4_0430_57b6_ee09),
];
/// `__logf_data.ln2`: `0x1.62e42fefa39efp-1`.
const LN2: f64 = f64::from_bits(0x3fe6_2e42_fefa_39ef);
/// `__logf_data.poly`: `-0x1.00ea348b88334p-2, 0x1.5575b0be00b6ap-2, -0x1.ffffef20a4123p-2`.
const LOGF_POLY: [f64; 3] = [
    f64::from_bits(0xbfd0_0ea3_48b8_8334),
    f64::from_bits(0x3fd5_575b_0be0_0b6a),
    f64::from_bits(0xbfdf_fffe_f20a_4123),
];
/// `OFF` of `math/logf.c`: the bits of `0x1.66p-1`, where the table's range starts.
const LOGF_OFF: u32 = 0x3f33_0000;

/// glibc's `logf` (`math/logf.c`): `x = 2^k z` with `z` in `[OFF, 2 OFF)`, `c` the center of
/// `z`'s sixteenth of that range, `log(x) = log1p(z/c - 1) + log(c) + k ln 2` with a degree-4
/// polynomial for `log1p`, all in double, rounded once.
pub fn logf(x: f32) -> f32 {
    let mut ix = x.to_bits();
    if ix == 0x3f80_0000 {
        return 0.0;
    }
    if ix.wrapping_sub(0x0080_0000) >= 0x7f80_0000 - 0x0080_0000 {
        // Zero, subnormal, negative, infinite or NaN.
        if ix.wrapping_mul(2) == 0 {
            return f32::NEG_INFINITY;
        }
        if ix == 0x7f80_0000 {
            return x;
        }
        if ix & 0x8000_0000 != 0 || ix.wrapping_mul(2) >= 0xff00_0000 {
            // glibc's `(x - x) / (x - x)`; NaN payloads are not reproduced.
            return f32::NAN;
        }
        // Subnormal: scale into the normal range and take 23 off the exponent.
        ix = (x * 8_388_608.0).to_bits().wrapping_sub(23 << 23);
    }
    let tmp = ix.wrapping_sub(LOGF_OFF);
    let i = ((tmp >> 19) % 16) as usize;
    let k = (tmp as i32) >> 23;
    let iz = ix.wrapping_sub(tmp & 0xff80_0000);
    let (invc, logc) = LOGF_TABLE[i];
    let (invc, logc) = (f64::from_bits(invc), f64::from_bits(logc));
    let z = f64::from(f32::from_bits(iz));

    let r = madd(z, invc, -1.0);
    let y0 = madd(f64::from(k), LN2, logc);
    let r2 = r * r;
    let y = madd(LOGF_POLY[1], r, LOGF_POLY[2]);
    let y = madd(LOGF_POLY[0], r2, y);
    let y = madd(y, r2, y0 + r);
    y as f32
}

/// One entry of `__sincosf_table` (`math/sincosf_data.c`): the cosine polynomial `c0..c4`
/// (negated in the second entry) and the sine polynomial `s1..s3`.
struct SinCosPoly {
    c: [f64; 5],
    s: [f64; 3],
}

/// The sine coefficients `-0x1.555545995a603p-3, 0x1.1107605230bc4p-7,
/// -0x1.994eb3774cf24p-13`.
const SIN_POLY: [f64; 3] = [
    f64::from_bits(0xbfc5_5554_5995_a603),
    f64::from_bits(0x3f81_1076_0523_0bc4),
    f64::from_bits(0xbf29_94eb_3774_cf24),
];
/// `__sincosf_table[0]` and `[1]`; the cosine coefficients are `0x1p0, -0x1.ffffffd0c621cp-2,
/// 0x1.55553e1068f19p-5, -0x1.6c087e89a359dp-10, 0x1.99343027bf8c3p-16`.
const SINCOS_TABLE: [SinCosPoly; 2] = [
    SinCosPoly {
        c: [
            f64::from_bits(0x3ff0_0000_0000_0000),
            f64::from_bits(0xbfdf_ffff_fd0c_621c),
            f64::from_bits(0x3fa5_5553_e106_8f19),
            f64::from_bits(0xbf56_c087_e89a_359d),
            f64::from_bits(0x3ef9_9343_027b_f8c3),
        ],
        s: SIN_POLY,
    },
    SinCosPoly {
        c: [
            f64::from_bits(0xbff0_0000_0000_0000),
            f64::from_bits(0x3fdf_ffff_fd0c_621c),
            f64::from_bits(0xbfa5_5553_e106_8f19),
            f64::from_bits(0x3f56_c087_e89a_359d),
            f64::from_bits(0xbef9_9343_027b_f8c3),
        ],
        s: SIN_POLY,
    },
];
/// The sign of the sine in quadrants 0..3 (`sign` of the table).
const QUADRANT_SIGN: [f64; 4] = [1.0, -1.0, -1.0, 1.0];
/// `hpi_inv` without `TOINT_INTRINSICS` (glibc on x86-64): `2/π · 2^24`,
/// `0x1.45F306DC9C883p+23`.
const HPI_INV: f64 = f64::from_bits(0x4164_5f30_6dc9_c883);
/// `hpi`: `π/2`, `0x1.921FB54442D18p0`.
const HPI: f64 = f64::from_bits(0x3ff9_21fb_5444_2d18);
/// `pi63`: `2π · 2^-64`, `0x1.921FB54442D18p-62`.
const PI63: f64 = f64::from_bits(0x3c19_21fb_5444_2d18);
/// `pio4f`: `π/4` as a float, `0x1.921FB6p-1f`.
const PIO4F: f32 = f32::from_bits(0x3f49_0fdb);
/// `__inv_pio4` (`math/sincosf_data.c`): `4/π` to 192 bits, eight new bits per entry.
const INV_PIO4: [u32; 24] = [
    0xa2, 0xa2f9, 0xa2f983, 0xa2f9836e, 0xf9836e4e, 0x836e4e44, 0x6e4e4415, 0x4e441529, 0x441529fc,
    0x1529fc27, 0x29fc2757, 0xfc2757d1, 0x2757d1f5, 0x57d1f534, 0xd1f534dd, 0xf534ddc0, 0x34ddc0db,
    0xddc0db62, 0xc0db6295, 0xdb629599, 0x6295993c, 0x95993c43, 0x993c4390, 0x3c439041,
];

/// `abstop12`: the exponent bits of a float with the sign cleared (and the top mantissa bit).
fn abstop12(x: f32) -> u32 {
    (x.to_bits() >> 20) & 0x7ff
}

/// `sincosf_poly` (`math/sincosf.h`): sine and cosine of `x` in `[-π/4, π/4]`, swapped in
/// odd quadrants.
fn sincosf_poly(x: f64, x2: f64, p: &SinCosPoly, n: i32) -> (f32, f32) {
    let x4 = x2 * x2;
    let x3 = x2 * x;
    let c2 = madd(x2, p.c[4], p.c[3]);
    let s1 = madd(x2, p.s[2], p.s[1]);
    let c1 = madd(x2, p.c[1], p.c[0]);
    let x5 = x3 * x2;
    let x6 = x4 * x2;
    let s = madd(x3, p.s[0], x);
    let c = madd(x4, p.c[2], c1);
    let sin = madd(x5, s1, s) as f32;
    let cos = madd(x6, c2, c) as f32;
    if n & 1 != 0 {
        (cos, sin)
    } else {
        (sin, cos)
    }
}

/// `reduce_fast`: `x - n π/2` for `|x| < 120`, `n` the nearest quadrant (by the scaled
/// float-to-int conversion glibc uses on x86-64, where `TOINT_INTRINSICS` is off).
fn reduce_fast(x: f64) -> (f64, i32) {
    let r = x * HPI_INV;
    let n = ((r as i32) + 0x80_0000) >> 24;
    (madd(-f64::from(n), HPI, x), n)
}

/// `reduce_large`: the bits of `|x|` times `4/π` in 2.62 fixed point, exactly, from a
/// 32×96-bit product; returns the remainder times `π/2` and the quadrant.
fn reduce_large(xi: u32) -> (f64, i32) {
    let arr = &INV_PIO4[((xi >> 26) & 15) as usize..];
    let shift = (xi >> 23) & 7;
    let xi = ((xi & 0xff_ffff) | 0x80_0000) << shift;
    let res0 = u64::from(xi.wrapping_mul(arr[0]));
    let res1 = u64::from(xi) * u64::from(arr[4]);
    let res2 = u64::from(xi) * u64::from(arr[8]);
    let res0 = ((res2 >> 32) | (res0 << 32)).wrapping_add(res1);
    let n = res0.wrapping_add(1 << 61) >> 62;
    let res0 = res0.wrapping_sub(n << 62);
    ((res0 as i64) as f64 * PI63, n as i32)
}

/// glibc's `sincosf` (`math/sincosf.c`): `(sin x, cos x)`. Below `π/4` the polynomials
/// directly, below 120 one multiply-subtract of `π/2`, beyond that the exact integer
/// reduction by `4/π`; infinities and NaN give NaN.
pub fn sincosf(y: f32) -> (f32, f32) {
    let x = f64::from(y);
    if abstop12(y) < abstop12(PIO4F) {
        let x2 = x * x;
        if abstop12(y) < abstop12(f32::from_bits(0x3980_0000)) {
            // |y| < 2^-12: sin y rounds to y and cos y to 1.
            return (y, 1.0);
        }
        sincosf_poly(x, x2, &SINCOS_TABLE[0], 0)
    } else if abstop12(y) < abstop12(120.0) {
        let (x, n) = reduce_fast(x);
        let s = QUADRANT_SIGN[(n & 3) as usize];
        let p = &SINCOS_TABLE[usize::from(n & 2 != 0)];
        sincosf_poly(x * s, x * x, p, n)
    } else if abstop12(y) < abstop12(f32::INFINITY) {
        let xi = y.to_bits();
        let sign = (xi >> 31) as i32;
        let (x, n) = reduce_large(xi);
        let s = QUADRANT_SIGN[((n + sign) & 3) as usize];
        let p = &SINCOS_TABLE[usize::from((n + sign) & 2 != 0)];
        sincosf_poly(x * s, x * x, p, n)
    } else {
        // glibc's `y - y`; NaN payloads are not reproduced.
        (f32::NAN, f32::NAN)
    }
}

#[cfg(test)]
#[path = "libm_f32_cases.rs"]
mod cases;

#[cfg(test)]
mod tests {
    use super::*;

    /// The same bits, or both NaN (glibc's NaN payloads are x86's, and wasm's are not fixed).
    fn same(ours: f32, theirs: u32) -> bool {
        let theirs = f32::from_bits(theirs);
        ours.to_bits() == theirs.to_bits() || (ours.is_nan() && theirs.is_nan())
    }

    #[test]
    fn logf_matches_glibc() {
        for &(x, expected) in cases::LOGF {
            let ours = logf(f32::from_bits(x));
            assert!(
                same(ours, expected),
                "logf({x:#010x}): ours {:#010x}, glibc {expected:#010x}",
                ours.to_bits()
            );
        }
    }

    #[test]
    fn sincosf_matches_glibc() {
        for &(x, sin, cos) in cases::SINCOSF {
            let (s, c) = sincosf(f32::from_bits(x));
            assert!(
                same(s, sin) && same(c, cos),
                "sincosf({x:#010x}): ours ({:#010x}, {:#010x}), glibc ({sin:#010x}, {cos:#010x})",
                s.to_bits(),
                c.to_bits()
            );
        }
    }

    #[test]
    fn the_recorded_cases_are_ones_a_correctly_rounded_function_gets_wrong() {
        // Most recorded inputs are where glibc is not correctly rounded; evaluating in double
        // and rounding once would miss them, so these tests do test glibc's arithmetic.
        let log_off = cases::LOGF
            .iter()
            .filter(|&&(x, y)| (f64::from(f32::from_bits(x)).ln() as f32).to_bits() != y)
            .count();
        let sincos_off = cases::SINCOSF
            .iter()
            .filter(|&&(x, s, c)| {
                let (sin, cos) = f64::from(f32::from_bits(x)).sin_cos();
                (sin as f32).to_bits() != s || (cos as f32).to_bits() != c
            })
            .count();
        assert!(log_off >= 200, "{log_off}");
        assert!(sincos_off >= 240, "{sincos_off}");
    }
}
