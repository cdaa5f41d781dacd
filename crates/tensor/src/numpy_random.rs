//! NumPy's legacy random generator (`np.random.seed`, `rand`, `randn`, `randint`, ... and
//! `RandomState`): the MT19937 Mersenne Twister with NumPy's seeding and its exact
//! transforms, so a seeded program prints NumPy's numbers.
//!
//! The algorithms are the published ones (Matsumoto and Nishimura's MT19937 and its
//! `init_by_array`), with the transforms NumPy documents for `RandomState`: 53-bit doubles
//! from two words, the polar Box-Muller method with its cached second value, masked
//! rejection for bounded integers, and Fisher-Yates shuffles from the last element.

const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER_MASK: u32 = 0x8000_0000;
const LOWER_MASK: u32 = 0x7fff_ffff;

/// A `RandomState`: the generator's 624 words, its position, and the cached normal.
#[derive(Clone)]
pub struct RandomState {
    key: Box<[u32; N]>,
    pos: usize,
    gauss: Option<f64>,
}

impl RandomState {
    /// `np.random.seed(seed)` for an integer seed in `0..2**32`.
    pub fn new(seed: u32) -> RandomState {
        let mut key = Box::new([0u32; N]);
        let mut value = seed;
        for (index, slot) in key.iter_mut().enumerate() {
            *slot = value;
            value = 1_812_433_253u32
                .wrapping_mul(value ^ (value >> 30))
                .wrapping_add(index as u32 + 1);
        }
        RandomState {
            key,
            pos: N,
            gauss: None,
        }
    }

    /// `np.random.seed(array)`: Matsumoto and Nishimura's `init_by_array`.
    pub fn from_words(words: &[u32]) -> RandomState {
        let mut state = RandomState::new(19_650_218);
        let mt = &mut state.key;
        let (mut i, mut j) = (1usize, 0usize);
        let length = words.len().max(1);
        for _ in 0..N.max(words.len()) {
            let previous = mt[i - 1] ^ (mt[i - 1] >> 30);
            let word = words.get(j).copied().unwrap_or(0);
            mt[i] = (mt[i] ^ previous.wrapping_mul(1_664_525))
                .wrapping_add(word)
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if j >= length {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let previous = mt[i - 1] ^ (mt[i - 1] >> 30);
            mt[i] = (mt[i] ^ previous.wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
        }
        mt[0] = UPPER_MASK;
        state
    }

    fn generate(&mut self) {
        let mt = &mut self.key;
        let twist = |upper: u32, lower: u32, far: u32| {
            let y = (upper & UPPER_MASK) | (lower & LOWER_MASK);
            far ^ (y >> 1) ^ ((y & 1).wrapping_neg() & MATRIX_A)
        };
        for i in 0..N - M {
            mt[i] = twist(mt[i], mt[i + 1], mt[i + M]);
        }
        for i in N - M..N - 1 {
            mt[i] = twist(mt[i], mt[i + 1], mt[i + M - N]);
        }
        mt[N - 1] = twist(mt[N - 1], mt[0], mt[M - 1]);
        self.pos = 0;
    }

    /// The next 32-bit word.
    pub fn next_u32(&mut self) -> u32 {
        if self.pos >= N {
            self.generate();
        }
        let mut y = self.key[self.pos];
        self.pos += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// Two words as one 64-bit value, the first in the high half.
    pub fn next_u64(&mut self) -> u64 {
        let high = u64::from(self.next_u32());
        (high << 32) | u64::from(self.next_u32())
    }

    /// `random_sample`: a double in `[0, 1)` from 27 + 26 bits of two words.
    pub fn next_f64(&mut self) -> f64 {
        let a = f64::from(self.next_u32() >> 5);
        let b = f64::from(self.next_u32() >> 6);
        (a * 67_108_864.0 + b) / 9_007_199_254_740_992.0
    }

    /// `standard_normal` (`randn`): the polar method, which makes two normals and keeps
    /// the second for the next call.
    pub fn gauss(&mut self) -> f64 {
        if let Some(cached) = self.gauss.take() {
            return cached;
        }
        loop {
            let x1 = 2.0 * self.next_f64() - 1.0;
            let x2 = 2.0 * self.next_f64() - 1.0;
            let r2 = x1 * x1 + x2 * x2;
            if r2 < 1.0 && r2 != 0.0 {
                let f = (-2.0 * r2.ln() / r2).sqrt();
                self.gauss = Some(f * x1);
                return f * x2;
            }
        }
    }

    /// A value in `0..=range` by masked rejection (`randint`'s legacy method): 32-bit
    /// words while the range fits in them, 64-bit ones beyond.
    pub fn bounded(&mut self, range: u64) -> u64 {
        if range == 0 {
            return 0;
        }
        let mask = mask_for(range);
        if range == u64::from(u32::MAX) {
            return u64::from(self.next_u32());
        }
        if range < u64::from(u32::MAX) {
            loop {
                let value = u64::from(self.next_u32()) & mask;
                if value <= range {
                    return value;
                }
            }
        }
        if range == u64::MAX {
            return self.next_u64();
        }
        loop {
            let value = self.next_u64() & mask;
            if value <= range {
                return value;
            }
        }
    }

    /// `random_interval(max)`, the shuffles' draw (see [`random_interval`]).
    pub fn interval(&mut self, max: u64) -> u64 {
        random_interval(self, max)
    }

    /// `shuffle` of `count` items: the swaps `(i, j)` in the order NumPy makes them, from
    /// the last item down.
    pub fn shuffle_swaps(&mut self, count: usize) -> Vec<(usize, usize)> {
        (1..count)
            .rev()
            .map(|i| (i, self.interval(i as u64) as usize))
            .collect()
    }
}

/// A bit generator's raw draws, as NumPy's transforms read them.
pub trait BitSource {
    /// The next 32 bits.
    fn next_u32(&mut self) -> u32;
    /// The next 64 bits.
    fn next_u64(&mut self) -> u64;
}

impl BitSource for RandomState {
    fn next_u32(&mut self) -> u32 {
        RandomState::next_u32(self)
    }

    fn next_u64(&mut self) -> u64 {
        RandomState::next_u64(self)
    }
}

/// NumPy's `random_interval(max)`, the shuffles' draw: a value in `0..=max` by masked
/// rejection, on 32-bit draws while `max` fits in them.
pub fn random_interval(source: &mut impl BitSource, max: u64) -> u64 {
    if max == 0 {
        return 0;
    }
    let mask = mask_for(max);
    if max <= u64::from(u32::MAX) {
        loop {
            let value = u64::from(source.next_u32()) & mask;
            if value <= max {
                return value;
            }
        }
    }
    loop {
        let value = source.next_u64() & mask;
        if value <= max {
            return value;
        }
    }
}

/// The smallest `2^k - 1` at least `value`.
fn mask_for(value: u64) -> u64 {
    let mut mask = value;
    for shift in [1, 2, 4, 8, 16, 32] {
        mask |= mask >> shift;
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference output of Matsumoto and Nishimura's `mt19937ar.c`: `init_by_array`
    /// with {0x123, 0x234, 0x345, 0x456}, first words of `genrand_int32`.
    #[test]
    fn init_by_array_gives_the_reference_words() {
        let mut state = RandomState::from_words(&[0x123, 0x234, 0x345, 0x456]);
        let first: Vec<u32> = (0..5).map(|_| state.next_u32()).collect();
        assert_eq!(
            first,
            [
                1_067_595_299,
                955_945_823,
                477_289_528,
                4_107_218_783,
                4_228_976_476
            ]
        );
    }

    /// `init_genrand(5489)`, the generator's default seed: its first word is 3499211612.
    #[test]
    fn integer_seeding_gives_the_reference_word() {
        assert_eq!(RandomState::new(5489).next_u32(), 3_499_211_612);
    }

    #[test]
    fn bounded_values_stay_in_range() {
        let mut state = RandomState::new(1);
        for range in [1u64, 2, 5, 255, 1 << 40, u64::MAX - 3] {
            for _ in 0..50 {
                assert!(state.bounded(range) <= range);
            }
        }
        assert_eq!(mask_for(5), 7);
        assert_eq!(mask_for(8), 15);
    }
}
