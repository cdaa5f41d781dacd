//! NumPy's `Generator` (`np.random.default_rng(seed)`): the PCG64 bit generator seeded
//! through `SeedSequence`, and the transforms `Generator` applies (53-bit doubles, Lemire's
//! bounded integers, the 256-box ziggurat for normals), so a seeded program prints NumPy's
//! numbers.
//!
//! The algorithms are the published ones: O'Neill's PCG64 (128-bit LCG, XSL-RR output),
//! NumPy's `SeedSequence` hash mixing (after Melissa O'Neill's `seed_seq_fe`), Lemire's
//! nearly-divisionless bounded integers, and Marsaglia and Tsang's ziggurat with the
//! 256-box tables derived from its tail edge `r` and box area `v`.

use std::sync::OnceLock;

const MULTIPLIER: u128 = (2_549_297_995_355_413_924u128 << 64) | 4_865_540_595_714_422_341u128;

/// `SeedSequence(entropy).generate_state(n_words)` as 32-bit words.
pub fn seed_sequence_words(entropy: &[u32], n_words: usize) -> Vec<u32> {
    const INIT_A: u32 = 0x43b0_d7e5;
    const MULT_A: u32 = 0x931e_8875;
    const INIT_B: u32 = 0x8b51_f9dd;
    const MULT_B: u32 = 0x58f3_8ded;
    const MIX_MULT_L: u32 = 0xca01_f9dd;
    const MIX_MULT_R: u32 = 0x4973_f715;
    const XSHIFT: u32 = 16;
    const POOL_SIZE: usize = 4;
    let mut hash_const = INIT_A;
    let mut hashmix = |value: u32| {
        let mut value = value ^ hash_const;
        hash_const = hash_const.wrapping_mul(MULT_A);
        value = value.wrapping_mul(hash_const);
        value ^ (value >> XSHIFT)
    };
    let mix = |x: u32, y: u32| {
        let result = MIX_MULT_L
            .wrapping_mul(x)
            .wrapping_sub(MIX_MULT_R.wrapping_mul(y));
        result ^ (result >> XSHIFT)
    };
    let mut pool = [0u32; POOL_SIZE];
    for (index, slot) in pool.iter_mut().enumerate() {
        *slot = hashmix(entropy.get(index).copied().unwrap_or(0));
    }
    for src in 0..POOL_SIZE {
        for dst in 0..POOL_SIZE {
            if src != dst {
                let hashed = hashmix(pool[src]);
                pool[dst] = mix(pool[dst], hashed);
            }
        }
    }
    for &word in entropy.iter().skip(POOL_SIZE) {
        for slot in pool.iter_mut() {
            let hashed = hashmix(word);
            *slot = mix(*slot, hashed);
        }
    }
    let mut hash_const = INIT_B;
    (0..n_words)
        .map(|index| {
            let mut value = pool[index % POOL_SIZE] ^ hash_const;
            hash_const = hash_const.wrapping_mul(MULT_B);
            value = value.wrapping_mul(hash_const);
            value ^ (value >> XSHIFT)
        })
        .collect()
}

/// An integer seed as `SeedSequence` reads it: little-endian 32-bit words (`[0]` for 0).
pub fn seed_words(seed: &[u8]) -> Vec<u32> {
    let mut words: Vec<u32> = seed
        .chunks(4)
        .map(|chunk| {
            let mut bytes = [0u8; 4];
            bytes[..chunk.len()].copy_from_slice(chunk);
            u32::from_le_bytes(bytes)
        })
        .collect();
    while words.len() > 1 && words.last() == Some(&0) {
        words.pop();
    }
    if words.is_empty() {
        words.push(0);
    }
    words
}

/// The PCG64 bit generator with NumPy's buffered 32-bit draws.
#[derive(Clone, Debug)]
pub struct Pcg64 {
    state: u128,
    increment: u128,
    buffered: Option<u32>,
}

impl Pcg64 {
    /// `PCG64(SeedSequence(entropy))`.
    pub fn from_entropy(entropy: &[u32]) -> Pcg64 {
        let words = seed_sequence_words(entropy, 8);
        let word64 = |i: usize| u64::from(words[2 * i]) | (u64::from(words[2 * i + 1]) << 32);
        let seed = (u128::from(word64(0)) << 64) | u128::from(word64(1));
        let sequence = (u128::from(word64(2)) << 64) | u128::from(word64(3));
        let mut generator = Pcg64 {
            state: 0,
            increment: (sequence << 1) | 1,
            buffered: None,
        };
        generator.step();
        generator.state = generator.state.wrapping_add(seed);
        generator.step();
        generator
    }

    fn step(&mut self) {
        self.state = self
            .state
            .wrapping_mul(MULTIPLIER)
            .wrapping_add(self.increment);
    }

    /// The next 64 bits (XSL-RR of the advanced state).
    pub fn next_u64(&mut self) -> u64 {
        self.step();
        let value = ((self.state >> 64) as u64) ^ (self.state as u64);
        value.rotate_right((self.state >> 122) as u32)
    }

    /// The next 32 bits: the halves of one 64-bit draw, low first.
    pub fn next_u32(&mut self) -> u32 {
        if let Some(high) = self.buffered.take() {
            return high;
        }
        let value = self.next_u64();
        self.buffered = Some((value >> 32) as u32);
        value as u32
    }

    /// A double in `[0, 1)` from the top 53 bits.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `random_bounded_uint64_fill`'s values in `0..=range`, `count` of them: Lemire's
    /// method on the generator's 32-bit draws while the range fits in 32 bits, on 64-bit
    /// draws beyond.
    pub fn bounded_fill(&mut self, range: u64, count: usize) -> Vec<u64> {
        if range == 0 {
            return vec![0; count];
        }
        if range <= u64::from(u32::MAX) {
            if range == u64::from(u32::MAX) {
                return (0..count).map(|_| u64::from(self.next_u32())).collect();
            }
            let excl = range as u32 + 1;
            return (0..count)
                .map(|_| {
                    let mut m = u64::from(self.next_u32()) * u64::from(excl);
                    let mut leftover = m as u32;
                    if leftover < excl {
                        let threshold = (u32::MAX - range as u32) % excl;
                        while leftover < threshold {
                            m = u64::from(self.next_u32()) * u64::from(excl);
                            leftover = m as u32;
                        }
                    }
                    m >> 32
                })
                .collect();
        }
        if range == u64::MAX {
            return (0..count).map(|_| self.next_u64()).collect();
        }
        let excl = range + 1;
        (0..count)
            .map(|_| {
                let mut m = u128::from(self.next_u64()) * u128::from(excl);
                let mut leftover = m as u64;
                if leftover < excl {
                    let threshold = (u64::MAX - range) % excl;
                    while leftover < threshold {
                        m = u128::from(self.next_u64()) * u128::from(excl);
                        leftover = m as u64;
                    }
                }
                (m >> 64) as u64
            })
            .collect()
    }

    /// `random_interval(max)`, the shuffles' draw.
    pub fn interval(&mut self, max: u64) -> u64 {
        crate::numpy_random::random_interval(self, max)
    }

    /// A standard normal value: the ziggurat, its base strip's tail by Marsaglia's method.
    pub fn standard_normal(&mut self) -> f64 {
        let tables = ziggurat();
        loop {
            let mut r = self.next_u64();
            let index = (r & 0xff) as usize;
            r >>= 8;
            let sign = r & 1;
            let rabs = (r >> 1) & 0x000f_ffff_ffff_ffff;
            let mut x = rabs as f64 * tables.w[index];
            if sign == 1 {
                x = -x;
            }
            if rabs < tables.k[index] {
                return x;
            }
            if index == 0 {
                loop {
                    let xx = -ZIGGURAT_NOR_INV_R * (-self.next_f64()).ln_1p();
                    let yy = -(-self.next_f64()).ln_1p();
                    if yy + yy > xx * xx {
                        return if (rabs >> 8) & 1 == 1 {
                            -(ZIGGURAT_NOR_R + xx)
                        } else {
                            ZIGGURAT_NOR_R + xx
                        };
                    }
                }
            }
            let f = &tables.f;
            if (f[index - 1] - f[index]) * self.next_f64() + f[index] < (-0.5 * x * x).exp() {
                return x;
            }
        }
    }
}

impl crate::numpy_random::BitSource for Pcg64 {
    fn next_u32(&mut self) -> u32 {
        Pcg64::next_u32(self)
    }

    fn next_u64(&mut self) -> u64 {
        Pcg64::next_u64(self)
    }
}

const ZIGGURAT_NOR_R: f64 = 3.654_152_885_361_009;
const ZIGGURAT_NOR_INV_R: f64 = 0.273_661_237_329_758_3;
/// The area of each of the 256 boxes: `r f(r) + ∫_r^∞ f`, with `f(x) = exp(-x²/2)`.
const ZIGGURAT_NOR_V: f64 = 0.004_928_673_233_974_658;

/// The boxes' widths over 2^52 (`wi_double`), as NumPy's tables hold them. Recomputing
/// them from `r` and `v` in doubles differs from NumPy's in the last bits of most entries,
/// and every normal NumPy draws is a 52-bit integer times one of them, so they are NumPy's
/// own values, read back from `Generator(PCG64(11)).standard_normal` (NumPy 2.4.6): for
/// each box the one double that reproduces every fast-path draw of 400,000.
#[rustfmt::skip]
const WI_BITS: [u64; 256] = [
    0x3ccf493b7815d979, 0x3c8b8d0be3fdf6c6, 0x3c9250af3c2c5bb4, 0x3c957cb938443b61,
    0x3c9801fce82fa70c, 0x3c9a230c2e4cd0bc, 0x3c9c004d2f3861f7, 0x3c9dac2f5a747274,
    0x3c9f32482d4cd5c3, 0x3ca04d32278ebbad, 0x3ca0f5053b025d43, 0x3ca192a697413677,
    0x3ca227a28f7a1af5, 0x3ca2b52e3863d880, 0x3ca33c3fc05791f5, 0x3ca3bd9ec1a2b12f,
    0x3ca439ef8dff9b55, 0x3ca4b1bb363dfea7, 0x3ca52575621ad374, 0x3ca59580a707ce96,
    0x3ca60231cfd97eea, 0x3ca66bd261a37c3d, 0x3ca6d2a292000570, 0x3ca736dad346f8a6,
    0x3ca798ad10b32a77, 0x3ca7f845ad46f543, 0x3ca855cc53430a77, 0x3ca8b1649e7b769a,
    0x3ca90b2ea94ecf98, 0x3ca96347822c1eea, 0x3ca9b9c98e38c546, 0x3caa0eccdca4a72c,
    0x3caa62676d77cd59, 0x3caab4ad6e101630, 0x3cab05b16d136c9c, 0x3cab558487427a29,
    0x3caba4368e529f3a, 0x3cabf1d62abf8232, 0x3cac3e70f9594ef3, 0x3cac8a13a5323b61,
    0x3cacd4c9fe72268b, 0x3cad1e9f0e80b748, 0x3cad679d29e41f10, 0x3cadafce0023b8c3,
    0x3cadf73aa9f17653, 0x3cae3debb5d2edfe, 0x3cae83e9337a6f00, 0x3caec93abdf982ce,
    0x3caf0de784f06226, 0x3caf51f654d8f688, 0x3caf956d9e87d7ae, 0x3cafd8537dfa2eac,
    0x3cb00d56e04234ec, 0x3cb02e40f5398f9a, 0x3cb04eea9e16a5fc, 0x3cb06f565b72a010,
    0x3cb08f869071f40b, 0x3cb0af7d84bc6113, 0x3cb0cf3d664bcc7f, 0x3cb0eec84b16086b,
    0x3cb10e20329515ee, 0x3cb12d4707310fbe, 0x3cb14c3e9f8e9141, 0x3cb16b08bfc4201e,
    0x3cb189a71a78da34, 0x3cb1a81b51ee6d88, 0x3cb1c666f8f82acb, 0x3cb1e48b93e0d42e,
    0x3cb2028a9940a09f, 0x3cb2206572c4c6e9, 0x3cb23e1d7de9c31f, 0x3cb25bb40ca96bfb,
    0x3cb2792a661dd37f, 0x3cb29681c719d71b, 0x3cb2b3bb62b82eda, 0x3cb2d0d862e1b853,
    0x3cb2edd9e8cba98e, 0x3cb30ac10d6e48d7, 0x3cb3278ee1f4b930, 0x3cb3444470265ea1,
    0x3cb360e2baca52d5, 0x3cb37d6abe05586a, 0x3cb399dd6fb2b264, 0x3cb3b63bbfb83d03,
    0x3cb3d28698561de0, 0x3cb3eebede725a83, 0x3cb40ae571e09e74, 0x3cb426fb2da6745d,
    0x3cb44300e83c30a4, 0x3cb45ef773cac75d, 0x3cb47adf9e66c336, 0x3cb496ba32488f2f,
    0x3cb4b287f602415d, 0x3cb4ce49acb311dc, 0x3cb4ea001638a605, 0x3cb505abef5e5562,
    0x3cb5214df20a8b5a, 0x3cb53ce6d56a664f, 0x3cb558774e1bb2c8, 0x3cb574000e555f78,
    0x3cb58f81c60e8514, 0x3cb5aafd23241b59, 0x3cb5c672d17d733d, 0x3cb5e1e37b2f8cd3,
    0x3cb5fd4fc89f5e38, 0x3cb618b860a31fc3, 0x3cb6341de8a2b0a2, 0x3cb64f8104b7260b,
    0x3cb66ae257c99672, 0x3cb6864283b13137, 0x3cb6a1a22950b2b1, 0x3cb6bd01e8b343bb,
    0x3cb6d8626128d352, 0x3cb6f3c43161f854, 0x3cb70f27f78b68eb, 0x3cb72a8e516914c6,
    0x3cb745f7dc70eedc, 0x3cb7616535e5731f, 0x3cb77cd6faeff449, 0x3cb7984dc8babd93,
    0x3cb7b3ca3c8b1409, 0x3cb7cf4cf3db22fb, 0x3cb7ead68c73dee7, 0x3cb80667a486ea1f,
    0x3cb82200dac88676, 0x3cb83da2ce899f15, 0x3cb8594e1fd1f5bd, 0x3cb875036f7a7ec5,
    0x3cb890c35f47f72d, 0x3cb8ac8e9205c043, 0x3cb8c865aba10c9c, 0x3cb8e44951446a27,
    0x3cb9003a2973b58f, 0x3cb91c38dc288347, 0x3cb9384612ef0afc, 0x3cb954627903a28a,
    0x3cb9708ebb70d5ee, 0x3cb98ccb892e2a31, 0x3cb9a919933f99bf, 0x3cb9c5798cd5d92c,
    0x3cb9e1ec2b6f7411, 0x3cb9fe7226fad24a, 0x3cba1b0c39f93692, 0x3cba37bb21a2c85b,
    0x3cba547f9e0bbb88, 0x3cba715a724aa9a4, 0x3cba8e4c64a0313d, 0x3cbaab563e9ff108,
    0x3cbac878cd5af5ce, 0x3cbae5b4e18bb336, 0x3cbb030b4fc3a11a, 0x3cbb207cf09a985b,
    0x3cbb3e0aa0e00c00, 0x3cbb5bb541ce3d03, 0x3cbb797db93f8927, 0x3cbb9764f1e5f73c,
    0x3cbbb56bdb85256e, 0x3cbbd3936b2ec0a2, 0x3cbbf1dc9b81ae83, 0x3cbc10486cec16a0,
    0x3cbc2ed7e5f07a2d, 0x3cbc4d8c136e0d1c, 0x3cbc6c6608ec8705, 0x3cbc8b66e0eba617,
    0x3cbcaa8fbd36a2ab, 0x3cbcc9e1c73bd690, 0x3cbce95e3068e037, 0x3cbd0906328b8f6e,
    0x3cbd28db1037ef20, 0x3cbd48de1533c647, 0x3cbd691096e7f123, 0x3cbd8973f4d7fba5,
    0x3cbdaa0999206e70, 0x3cbdcad2f8fc490e, 0x3cbdebd195522e37, 0x3cbe0d06fb49d21c,
    0x3cbe2e74c4ea46f6, 0x3cbe501c99c1d188, 0x3cbe72002f97fe25, 0x3cbe94214b2abf0a,
    0x3cbeb681c0f76f08, 0x3cbed9237610a73a, 0x3cbefc086101eca9, 0x3cbf1f328ac25321,
    0x3cbf42a40fb74d6d, 0x3cbf665f20c90168, 0x3cbf8a6604899782, 0x3cbfaebb187122bf,
    0x3cbfd360d22fe785, 0x3cbff859c118f60b, 0x3cc00ed447d3a075, 0x3cc021a8028fc947,
    0x3cc034a983a902ab, 0x3cc047da4e3ef5c7, 0x3cc05b3bf6adb37e, 0x3cc06ed023a72668,
    0x3cc082988f632e17, 0x3cc0969708e8a254, 0x3cc0aacd7571c0c4, 0x3cc0bf3dd1eed448,
    0x3cc0d3ea34aa3d30, 0x3cc0e8d4cf116593, 0x3cc0fdffefa69fb6, 0x3cc1136e04207041,
    0x3cc129219bbb5d35, 0x3cc13f1d69c4096d, 0x3cc1556448602e3b, 0x3cc16bf93b9deef3,
    0x3cc182df74d21261, 0x3cc19a1a564eebac, 0x3cc1b1ad777f2f8e, 0x3cc1c99ca971a694,
    0x3cc1e1ebfbe4ae39, 0x3cc1fa9fc2e2d901, 0x3cc213bc9d04cc81, 0x3cc22d477a6fd3ee,
    0x3cc24745a4ac9c24, 0x3cc261bcc77658e0, 0x3cc27cb2faa8592e, 0x3cc2982ecd770e78,
    0x3cc2b437532a0a52, 0x3cc2d0d43196db97, 0x3cc2ee0db1a978f5, 0x3cc30becd256aeee,
    0x3cc32a7b5e68a4a3, 0x3cc349c405ae12a3, 0x3cc369d27a33a840, 0x3cc38ab39256410a,
    0x3cc3ac7570ae88fa, 0x3cc3cf27b31704a6, 0x3cc3f2dbaa60f475, 0x3cc417a49cb9e5da,
    0x3cc43d9815545e94, 0x3cc464ce44a73a15, 0x3cc48d62759c43bc, 0x3cc4b7739d6b5a27,
    0x3cc4e3250dcd8902, 0x3cc5109f53e9ac41, 0x3cc54011523a7e42, 0x3cc571b1a94ae41b,
    0x3cc5a5c08b718dd9, 0x3cc5dc8a243ad0fe, 0x3cc61669cf861e4c, 0x3cc653ce7b006aea,
    0x3cc69540be9fe5c3, 0x3cc6db6b8d09e232, 0x3cc72728f05f7a34, 0x3cc7799556090673,
    0x3cc7d42df4d6ce8c, 0x3cc839030529f234, 0x3cc8ab0fbfaa7c14, 0x3cc92ee0946f4496,
    0x3cc9cbee014057ab, 0x3cca8fdc7894775a, 0x3ccb981f3878fdb1, 0x3ccd3bb48209ad33,
];

struct Ziggurat {
    k: [u64; 256],
    w: [f64; 256],
    f: [f64; 256],
}

/// The 256-box tables: the acceptance thresholds and densities from `r` and `v` as
/// Marsaglia and Tsang build them (52-bit draws), the widths NumPy's.
fn ziggurat() -> &'static Ziggurat {
    static TABLES: OnceLock<Ziggurat> = OnceLock::new();
    TABLES.get_or_init(|| {
        let m1 = 4_503_599_627_370_496.0f64; // 2^52
        let mut dn = ZIGGURAT_NOR_R;
        let mut tn = dn;
        let vn = ZIGGURAT_NOR_V;
        let mut k = [0u64; 256];
        let mut f = [0f64; 256];
        let q = vn / (-0.5 * dn * dn).exp();
        k[0] = ((dn / q) * m1) as u64;
        k[1] = 0;
        f[0] = 1.0;
        f[255] = (-0.5 * dn * dn).exp();
        for i in (1..255).rev() {
            dn = (-2.0 * (vn / dn + (-0.5 * dn * dn).exp()).ln()).sqrt();
            k[i + 1] = ((dn / tn) * m1) as u64;
            tn = dn;
            f[i] = (-0.5 * dn * dn).exp();
        }
        Ziggurat {
            k,
            w: WI_BITS.map(f64::from_bits),
            f,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_words_are_little_endian_32_bit() {
        assert_eq!(seed_words(&42u64.to_le_bytes()), vec![42]);
        assert_eq!(seed_words(&(1u64 << 32).to_le_bytes()), vec![0, 1]);
        assert_eq!(seed_words(&[]), vec![0]);
    }

    #[test]
    fn bounded_values_stay_in_range() {
        let mut generator = Pcg64::from_entropy(&[7]);
        for range in [1u64, 9, 1 << 33, u64::MAX / 3] {
            assert!(generator
                .bounded_fill(range, 50)
                .iter()
                .all(|v| *v <= range));
        }
    }
}
