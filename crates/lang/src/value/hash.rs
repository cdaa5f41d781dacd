//! CPython's hash functions, reproduced bit for bit so that sets iterate in the order
//! CPython prints them: numeric hashes modulo the Mersenne prime 2**61 - 1, SipHash-1-3 for
//! strings (as CPython 3.11 computes it with `PYTHONHASHSEED=0`), and xxHash-style tuple hashes.

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::ToPrimitive;

/// `2**61 - 1`, the modulus of numeric hashes on 64-bit CPython.
const MODULUS: u64 = (1 << 61) - 1;
const HASH_BITS: u32 = 61;
/// `hash(float('inf'))`.
pub const HASH_INF: i64 = 314159;

/// `hash(i)` for an `i64`.
pub fn hash_i64(i: i64) -> i64 {
    let m = (i.unsigned_abs() % MODULUS) as i64;
    let h = if i < 0 { -m } else { m };
    if h == -1 {
        -2
    } else {
        h
    }
}

/// `hash(i)` for a big int.
pub fn hash_bigint(i: &BigInt) -> i64 {
    let m = i.magnitude().mod_floor(&num_bigint::BigUint::from(MODULUS));
    let m = m.to_i64().unwrap_or(0);
    let h = if i.sign() == Sign::Minus { -m } else { m };
    if h == -1 {
        -2
    } else {
        h
    }
}

/// `hash(x)` for a float (NaN hashes by identity in CPython; we use 0 for a stable result).
pub fn hash_f64(x: f64) -> i64 {
    if x.is_infinite() {
        return if x > 0.0 { HASH_INF } else { -HASH_INF };
    }
    if x.is_nan() {
        return 0;
    }
    let (mut m, mut e) = frexp(x);
    let sign: i64 = if m < 0.0 {
        m = -m;
        -1
    } else {
        1
    };
    let mut acc: u64 = 0;
    while m != 0.0 {
        acc = ((acc << 28) & MODULUS) | acc >> (HASH_BITS - 28);
        m *= 268435456.0;
        e -= 28;
        let y = m as u64;
        m -= y as f64;
        acc += y;
        if acc >= MODULUS {
            acc -= MODULUS;
        }
    }
    let e = if e >= 0 {
        e as u32 % HASH_BITS
    } else {
        HASH_BITS - 1 - ((-1 - e) as u32 % HASH_BITS)
    };
    acc = ((acc << e) & MODULUS) | acc >> (HASH_BITS - e);
    let h = acc as i64 * sign;
    if h == -1 {
        -2
    } else {
        h
    }
}

/// `frexp`: `x == m * 2**e` with `0.5 <= |m| < 1`.
fn frexp(x: f64) -> (f64, i32) {
    if x == 0.0 {
        return (x, 0);
    }
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    if exp == 0 {
        // Subnormal: scale up first.
        let (m, e) = frexp(x * 2f64.powi(64));
        return (m, e - 64);
    }
    let e = exp - 1022;
    let m = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (m, e)
}

/// `hash(s)` for a str: SipHash-1-3 with a zero key over CPython's internal representation
/// (1, 2 or 4 bytes per character, little-endian).
pub fn hash_str(s: &str) -> i64 {
    if s.is_empty() {
        return 0;
    }
    // ASCII text is its own Latin-1 layout: hashed in place, without a copy.
    if s.is_ascii() {
        return hash_bytes(s.as_bytes());
    }
    let max = s.chars().map(|c| c as u32).max().unwrap_or(0);
    let mut bytes = Vec::with_capacity(s.len() * 2);
    for c in s.chars() {
        let c = c as u32;
        if max < 256 {
            bytes.push(c as u8);
        } else if max < 65536 {
            bytes.extend_from_slice(&(c as u16).to_le_bytes());
        } else {
            bytes.extend_from_slice(&c.to_le_bytes());
        }
    }
    hash_bytes(&bytes)
}

/// `hash(b)` for bytes (and the core of `hash_str`).
pub fn hash_bytes(bytes: &[u8]) -> i64 {
    if bytes.is_empty() {
        return 0;
    }
    let h = siphash13(0, 0, bytes) as i64;
    if h == -1 {
        -2
    } else {
        h
    }
}

fn siphash13(k0: u64, k1: u64, src: &[u8]) -> u64 {
    let mut v0 = k0 ^ 0x736f6d6570736575;
    let mut v1 = k1 ^ 0x646f72616e646f6d;
    let mut v2 = k0 ^ 0x6c7967656e657261;
    let mut v3 = k1 ^ 0x7465646279746573;
    let round = |v0: &mut u64, v1: &mut u64, v2: &mut u64, v3: &mut u64| {
        *v0 = v0.wrapping_add(*v1);
        *v1 = v1.rotate_left(13);
        *v1 ^= *v0;
        *v0 = v0.rotate_left(32);
        *v2 = v2.wrapping_add(*v3);
        *v3 = v3.rotate_left(16);
        *v3 ^= *v2;
        *v0 = v0.wrapping_add(*v3);
        *v3 = v3.rotate_left(21);
        *v3 ^= *v0;
        *v2 = v2.wrapping_add(*v1);
        *v1 = v1.rotate_left(17);
        *v1 ^= *v2;
        *v2 = v2.rotate_left(32);
    };
    let mut b: u64 = (src.len() as u64) << 56;
    let mut chunks = src.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let mi = u64::from_le_bytes(word);
        v3 ^= mi;
        round(&mut v0, &mut v1, &mut v2, &mut v3);
        v0 ^= mi;
    }
    let mut t: u64 = 0;
    for (i, &byte) in chunks.remainder().iter().enumerate() {
        t |= (byte as u64) << (8 * i);
    }
    b |= t;
    v3 ^= b;
    round(&mut v0, &mut v1, &mut v2, &mut v3);
    v0 ^= b;
    v2 ^= 0xff;
    round(&mut v0, &mut v1, &mut v2, &mut v3);
    round(&mut v0, &mut v1, &mut v2, &mut v3);
    round(&mut v0, &mut v1, &mut v2, &mut v3);
    (v0 ^ v1) ^ (v2 ^ v3)
}

/// Combines element hashes the way CPython 3.8+ hashes tuples (xxHash-based).
pub fn hash_tuple(items: impl ExactSizeIterator<Item = i64>) -> i64 {
    const PRIME_1: u64 = 11400714785074694791;
    const PRIME_2: u64 = 14029467366897019727;
    const PRIME_5: u64 = 2870177450012600261;
    let len = items.len() as u64;
    let mut acc = PRIME_5;
    for lane in items {
        acc = acc.wrapping_add((lane as u64).wrapping_mul(PRIME_2));
        acc = acc.rotate_left(31);
        acc = acc.wrapping_mul(PRIME_1);
    }
    acc = acc.wrapping_add(len ^ (PRIME_5 ^ 3527539));
    if acc == u64::MAX {
        return 1546275796;
    }
    acc as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference values printed by `PYTHONHASHSEED=0 python3.11`.
    #[test]
    fn matches_cpython() {
        assert_eq!(hash_str("a"), 4644417185603328019);
        assert_eq!(hash_str("hello"), -2096571579003691106);
        assert_eq!(hash_str("é"), 6047309291227476195);
        assert_eq!(hash_tuple([1i64, 2].into_iter()), -3550055125485641917);
        assert_eq!(hash_f64(1.5), 1152921504606846977);
        assert_eq!(hash_i64(-1), -2);
        assert_eq!(hash_bigint(&(BigInt::from(1) << 61)), 1);
        assert_eq!(hash_f64(-2.5e300), -756645147675703959);
    }
}
