//! FarmHash's `Fingerprint64` (its `farmhashna::Hash64`), the string hash TensorFlow's
//! `StringToHashBucketFast` (`tf.strings.to_hash_bucket_fast`), `StaticVocabularyTable`'s
//! out-of-vocabulary buckets and Keras's `Hashing` layer use. A fingerprint is stable across
//! platforms and versions, so a bucket printed here is TensorFlow's bucket.

const K0: u64 = 0xc3a5_c85c_97cb_3127;
const K1: u64 = 0xb492_b66f_be98_f273;
const K2: u64 = 0x9ae1_6a3b_2f90_404f;

fn fetch64(s: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&s[at..at + 8]);
    u64::from_le_bytes(word)
}

fn fetch32(s: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 4];
    word.copy_from_slice(&s[at..at + 4]);
    u64::from(u32::from_le_bytes(word))
}

fn shift_mix(value: u64) -> u64 {
    value ^ (value >> 47)
}

/// Two words mixed into one with multiplier `mul`.
fn mix16(u: u64, v: u64, mul: u64) -> u64 {
    let mut a = (u ^ v).wrapping_mul(mul);
    a ^= a >> 47;
    let mut b = (v ^ a).wrapping_mul(mul);
    b ^= b >> 47;
    b.wrapping_mul(mul)
}

fn len_0_to_16(s: &[u8]) -> u64 {
    let len = s.len();
    if len >= 8 {
        let mul = K2.wrapping_add(len as u64 * 2);
        let a = fetch64(s, 0).wrapping_add(K2);
        let b = fetch64(s, len - 8);
        let c = b.rotate_right(37).wrapping_mul(mul).wrapping_add(a);
        let d = a.rotate_right(25).wrapping_add(b).wrapping_mul(mul);
        return mix16(c, d, mul);
    }
    if len >= 4 {
        let mul = K2.wrapping_add(len as u64 * 2);
        let a = fetch32(s, 0);
        return mix16((len as u64).wrapping_add(a << 3), fetch32(s, len - 4), mul);
    }
    if len > 0 {
        let (a, b, c) = (
            u32::from(s[0]),
            u32::from(s[len >> 1]),
            u32::from(s[len - 1]),
        );
        let y = a.wrapping_add(b << 8);
        let z = (len as u32).wrapping_add(c << 2);
        let mixed = u64::from(y).wrapping_mul(K2) ^ u64::from(z).wrapping_mul(K0);
        return shift_mix(mixed).wrapping_mul(K2);
    }
    K2
}

fn len_17_to_32(s: &[u8]) -> u64 {
    let len = s.len();
    let mul = K2.wrapping_add(len as u64 * 2);
    let a = fetch64(s, 0).wrapping_mul(K1);
    let b = fetch64(s, 8);
    let c = fetch64(s, len - 8).wrapping_mul(mul);
    let d = fetch64(s, len - 16).wrapping_mul(K2);
    mix16(
        a.wrapping_add(b)
            .rotate_right(43)
            .wrapping_add(c.rotate_right(30))
            .wrapping_add(d),
        a.wrapping_add(b.wrapping_add(K2).rotate_right(18))
            .wrapping_add(c),
        mul,
    )
}

fn len_33_to_64(s: &[u8]) -> u64 {
    let len = s.len();
    let mul = K2.wrapping_add(len as u64 * 2);
    let a = fetch64(s, 0).wrapping_mul(K2);
    let b = fetch64(s, 8);
    let c = fetch64(s, len - 8).wrapping_mul(mul);
    let d = fetch64(s, len - 16).wrapping_mul(K2);
    let y = a
        .wrapping_add(b)
        .rotate_right(43)
        .wrapping_add(c.rotate_right(30))
        .wrapping_add(d);
    let z = mix16(
        y,
        a.wrapping_add(b.wrapping_add(K2).rotate_right(18))
            .wrapping_add(c),
        mul,
    );
    let e = fetch64(s, 16).wrapping_mul(mul);
    let f = fetch64(s, 24);
    let g = y.wrapping_add(fetch64(s, len - 32)).wrapping_mul(mul);
    let h = z.wrapping_add(fetch64(s, len - 24)).wrapping_mul(mul);
    mix16(
        e.wrapping_add(f)
            .rotate_right(43)
            .wrapping_add(g.rotate_right(30))
            .wrapping_add(h),
        e.wrapping_add(f.wrapping_add(a).rotate_right(18))
            .wrapping_add(g),
        mul,
    )
}

/// Two 64-bit halves from 32 bytes at `at` and two seeds.
fn weak_32_with_seeds(s: &[u8], at: usize, mut a: u64, b: u64) -> (u64, u64) {
    let (w, x, y, z) = (
        fetch64(s, at),
        fetch64(s, at + 8),
        fetch64(s, at + 16),
        fetch64(s, at + 24),
    );
    a = a.wrapping_add(w);
    let mut b = b.wrapping_add(a).wrapping_add(z).rotate_right(21);
    let c = a;
    a = a.wrapping_add(x).wrapping_add(y);
    b = b.wrapping_add(a.rotate_right(44));
    (a.wrapping_add(z), b.wrapping_add(c))
}

/// `Fingerprint64(s)`.
pub fn fingerprint64(s: &[u8]) -> u64 {
    let len = s.len();
    if len <= 16 {
        return len_0_to_16(s);
    }
    if len <= 32 {
        return len_17_to_32(s);
    }
    if len <= 64 {
        return len_33_to_64(s);
    }
    const SEED: u64 = 81;
    let mut x = SEED;
    let mut y = SEED.wrapping_mul(K1).wrapping_add(113);
    let mut z = shift_mix(y.wrapping_mul(K2).wrapping_add(113)).wrapping_mul(K2);
    let (mut v, mut w) = ((0u64, 0u64), (0u64, 0u64));
    x = x.wrapping_mul(K2).wrapping_add(fetch64(s, 0));
    let end = ((len - 1) / 64) * 64;
    let last64 = end + ((len - 1) & 63) - 63;
    let mut at = 0;
    while at != end {
        x = x
            .wrapping_add(y)
            .wrapping_add(v.0)
            .wrapping_add(fetch64(s, at + 8))
            .rotate_right(37)
            .wrapping_mul(K1);
        y = y
            .wrapping_add(v.1)
            .wrapping_add(fetch64(s, at + 48))
            .rotate_right(42)
            .wrapping_mul(K1);
        x ^= w.1;
        y = y.wrapping_add(v.0).wrapping_add(fetch64(s, at + 40));
        z = z.wrapping_add(w.0).rotate_right(33).wrapping_mul(K1);
        v = weak_32_with_seeds(s, at, v.1.wrapping_mul(K1), x.wrapping_add(w.0));
        w = weak_32_with_seeds(
            s,
            at + 32,
            z.wrapping_add(w.1),
            y.wrapping_add(fetch64(s, at + 16)),
        );
        std::mem::swap(&mut z, &mut x);
        at += 64;
    }
    let mul = K1.wrapping_add((z & 0xff) << 1);
    let at = last64;
    w.0 = w.0.wrapping_add(((len - 1) & 63) as u64);
    v.0 = v.0.wrapping_add(w.0);
    w.0 = w.0.wrapping_add(v.0);
    x = x
        .wrapping_add(y)
        .wrapping_add(v.0)
        .wrapping_add(fetch64(s, at + 8))
        .rotate_right(37)
        .wrapping_mul(mul);
    y = y
        .wrapping_add(v.1)
        .wrapping_add(fetch64(s, at + 48))
        .rotate_right(42)
        .wrapping_mul(mul);
    x ^= w.1.wrapping_mul(9);
    y = y
        .wrapping_add(v.0.wrapping_mul(9))
        .wrapping_add(fetch64(s, at + 40));
    z = z.wrapping_add(w.0).rotate_right(33).wrapping_mul(mul);
    v = weak_32_with_seeds(s, at, v.1.wrapping_mul(mul), x.wrapping_add(w.0));
    w = weak_32_with_seeds(
        s,
        at + 32,
        z.wrapping_add(w.1),
        y.wrapping_add(fetch64(s, at + 16)),
    );
    std::mem::swap(&mut z, &mut x);
    mix16(
        mix16(v.0, w.0, mul)
            .wrapping_add(shift_mix(y).wrapping_mul(K0))
            .wrapping_add(z),
        mix16(v.1, w.1, mul).wrapping_add(x),
        mul,
    )
}

#[cfg(test)]
mod tests {
    use super::fingerprint64;

    /// The fingerprint whose remainders TF 2.21's `to_hash_bucket_fast` printed for
    /// `2**63 - 1` and `2**62` buckets.
    fn from_remainders(modulo_max: u64, modulo_2_62: u64) -> u64 {
        (0..4u64)
            .map(|k| modulo_2_62 + (k << 62))
            .find(|fp| fp % (i64::MAX as u64) == modulo_max)
            .expect("consistent remainders")
    }

    #[test]
    fn matches_tensorflow_at_every_length_class() {
        let long = "The quick brown fox jumps over the lazy dog, again and again, many times: \
                    0123456789"
            .repeat(3);
        let x64 = "x".repeat(64);
        let y65 = "y".repeat(65);
        let cases: &[(&str, u64, u64)] = &[
            ("", 1936946117179621456, 1936946117179621455),
            ("a", 3694432073954588132, 3694432073954588131),
            ("ab", 3066228220894225695, 3066228220894225694),
            ("abc", 2640714258260161385, 2640714258260161385),
            ("abcd", 1897425971756105985, 1897425971756105985),
            ("hello", 3786372426573024489, 3786372426573024488),
            ("hello wor", 568376189322566502, 568376189322566502),
            ("0123456789abcdef", 6105018409752412263, 1493332391325024359),
            (
                "0123456789abcdefg",
                2800675501336285771,
                2800675501336285770,
            ),
            (
                "the quick brown fox jumps",
                6000648049570618899,
                1388962031143230994,
            ),
            (
                "the quick brown fox jumps over the lazy dog!!",
                4983853595110932266,
                372167576683544362,
            ),
            (&x64, 6916188127298655160, 2304502108871267256),
            (&y65, 4023130470993650269, 4023130470993650268),
            (&long, 7292843978433019551, 2681157960005631646),
            ("[UNK]", 8599703842344042473, 3988017823916654568),
            ("héllo", 7873941210624644344, 3262255192197256439),
        ];
        for (text, modulo_max, modulo_2_62) in cases {
            assert_eq!(
                fingerprint64(text.as_bytes()),
                from_remainders(*modulo_max, *modulo_2_62),
                "{text:?}"
            );
        }
    }
}
