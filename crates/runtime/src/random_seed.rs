//! Which `seed` and `seed2` a random op gets: TensorFlow's `random_seed.get_seed`.
//!
//! With a global seed (`tf.random.set_seed`), an op without its own seed takes one from a
//! counter: in eager mode `random.Random(global_seed).randint(0, 2**31 - 1)`, so the op
//! seeds come from CPython's Mersenne Twister, and in a graph the graph's own counter
//! (0, 1, 2, ...). Without a global seed, an op seed `s` gives `(87654321, s)`, and no
//! seed at all gives `(0, 0)`: a kernel seeded from the OS.

/// `random_seed.DEFAULT_GRAPH_SEED`.
const DEFAULT_GRAPH_SEED: i64 = 87_654_321;
/// `random_seed._MAXINT32`: seeds are reduced modulo it.
const MAXINT32: i64 = (1 << 31) - 1;

/// The seed state of one graph: its graph-level seed and how many seedless random ops it
/// has numbered (`_graph_to_seed_dict`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GraphSeed {
    /// `graph.seed`: set by `tf.compat.v1.set_random_seed`, or inherited by a function graph.
    pub seed: Option<i64>,
    /// The next op seed handed to a seedless op.
    pub next_op_seed: i64,
}

/// The eager context's seed state: `context.global_seed()` and its `_rng`.
#[derive(Clone, Debug, Default)]
pub struct EagerSeed {
    global: Option<i64>,
    rng: Option<PythonRandom>,
}

impl EagerSeed {
    /// `context.set_global_seed(seed)`.
    pub fn set(&mut self, seed: i64) {
        self.global = Some(seed);
        self.rng = Some(PythonRandom::seeded(seed.unsigned_abs()));
    }

    /// `context.global_seed()`.
    pub fn global(&self) -> Option<i64> {
        self.global
    }

    /// `get_seed(op_seed)` for an eager op.
    pub fn op_seeds(&mut self, op_seed: Option<i64>) -> [i64; 2] {
        let op_seed = match (self.global, op_seed, self.rng.as_mut()) {
            (Some(_), None, Some(rng)) => Some(rng.randint(0, MAXINT32 as u64) as i64),
            _ => op_seed,
        };
        finish(self.global, op_seed)
    }
}

impl GraphSeed {
    /// `get_seed(op_seed)` for an op built in this graph.
    pub fn op_seeds(&mut self, op_seed: Option<i64>) -> [i64; 2] {
        let op_seed = match (self.seed, op_seed) {
            (Some(_), None) => {
                let next = self.next_op_seed;
                self.next_op_seed += 1;
                Some(next)
            }
            _ => op_seed,
        };
        finish(self.seed, op_seed)
    }
}

/// The end of `get_seed`: truncation, the default graph seed, and `(0, 0)` avoided.
fn finish(global: Option<i64>, op_seed: Option<i64>) -> [i64; 2] {
    let seeds = match (global, op_seed) {
        (Some(global), op_seed) => [truncate(global), truncate(op_seed.unwrap_or(0))],
        (None, Some(op_seed)) => [DEFAULT_GRAPH_SEED, truncate(op_seed)],
        (None, None) => return [0, 0],
    };
    if seeds == [0, 0] {
        [0, MAXINT32]
    } else {
        seeds
    }
}

/// `_truncate_seed`: Python's `seed % _MAXINT32` (never negative).
fn truncate(seed: i64) -> i64 {
    seed.rem_euclid(MAXINT32)
}

/// CPython's `random.Random(seed)` for an integer seed: MT19937 seeded by `init_by_array`
/// with the seed's 32-bit words. TensorFlow's eager `get_seed` draws op seeds from one, and
/// Keras 3 draws its default seeds from Python's `random` module.
#[derive(Clone, Debug)]
pub struct PythonRandom {
    state: Box<[u32; 624]>,
    index: usize,
}

/// Keras's fallback when no run seeded Python's `random` (CPython would seed from the OS,
/// which no run can reproduce).
impl Default for PythonRandom {
    fn default() -> PythonRandom {
        PythonRandom::seeded(0)
    }
}

impl PythonRandom {
    /// `random.seed(seed)` for a non-negative integer (CPython seeds with `abs(seed)`).
    pub fn seeded(seed: u64) -> PythonRandom {
        let mut key = vec![seed as u32];
        if seed >> 32 != 0 {
            key.push((seed >> 32) as u32);
        }
        let mut generator = PythonRandom {
            state: Box::new([0; 624]),
            index: 624,
        };
        generator.init_genrand(19_650_218);
        let state = &mut generator.state;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..624.max(key.len()) {
            let previous = state[i - 1] ^ (state[i - 1] >> 30);
            state[i] = (state[i] ^ previous.wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= 624 {
                state[0] = state[623];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..623 {
            let previous = state[i - 1] ^ (state[i - 1] >> 30);
            state[i] = (state[i] ^ previous.wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= 624 {
                state[0] = state[623];
                i = 1;
            }
        }
        state[0] = 0x8000_0000;
        generator
    }

    fn init_genrand(&mut self, seed: u32) {
        self.state[0] = seed;
        for i in 1..624 {
            let previous = self.state[i - 1] ^ (self.state[i - 1] >> 30);
            self.state[i] = 1_812_433_253u32
                .wrapping_mul(previous)
                .wrapping_add(i as u32);
        }
        self.index = 624;
    }

    fn next_u32(&mut self) -> u32 {
        if self.index >= 624 {
            for i in 0..624 {
                let y = (self.state[i] & 0x8000_0000) | (self.state[(i + 1) % 624] & 0x7fff_ffff);
                let mut next = self.state[(i + 397) % 624] ^ (y >> 1);
                if y & 1 != 0 {
                    next ^= 0x9908_b0df;
                }
                self.state[i] = next;
            }
            self.index = 0;
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `random.randint(low, high)` for a range of at most 2**32 values: `_randbelow(n)`
    /// draws `n.bit_length()` bits and rejects values of `n` and above.
    pub fn randint(&mut self, low: u64, high: u64) -> u64 {
        let n = high - low + 1;
        let bits = 64 - n.leading_zeros();
        loop {
            let r = u64::from(self.next_u32() >> (32 - bits.min(32)));
            if r < n {
                return low + r;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Recorded from python3 by the command in `python_random_randint_matches_cpython`.
    const RECORDED_1234: [i64; 3] = [1_892_932_127, 501_869_158, 32_175_636];
    /// `random.Random(0).randint(0, 2**31 - 1)`, recorded from python3.
    const RECORDED_0: i64 = 1_654_615_998;

    #[test]
    fn python_random_randint_matches_cpython() {
        // python3 -c "import random; r = random.Random(1234); print([r.randint(0, 2**31 - 1) for _ in range(3)])"
        let mut rng = PythonRandom::seeded(1234);
        let draws: Vec<i64> = (0..3)
            .map(|_| rng.randint(0, MAXINT32 as u64) as i64)
            .collect();
        assert_eq!(draws, RECORDED_1234);
        let mut rng = PythonRandom::seeded(0);
        assert_eq!(rng.randint(0, MAXINT32 as u64) as i64, RECORDED_0);
    }

    #[test]
    fn get_seed_rules() {
        let mut eager = EagerSeed::default();
        assert_eq!(eager.op_seeds(None), [0, 0]);
        assert_eq!(eager.op_seeds(Some(5)), [DEFAULT_GRAPH_SEED, 5]);
        assert_eq!(eager.op_seeds(Some(-1)), [DEFAULT_GRAPH_SEED, MAXINT32 - 1]);
        eager.set(0);
        assert_eq!(eager.op_seeds(Some(0)), [0, MAXINT32]);
        let mut graph = GraphSeed {
            seed: Some(7),
            next_op_seed: 0,
        };
        assert_eq!(graph.op_seeds(None), [7, 0]);
        assert_eq!(graph.op_seeds(None), [7, 1]);
        assert_eq!(graph.op_seeds(Some(3)), [7, 3]);
    }
}
