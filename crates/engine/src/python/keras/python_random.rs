//! The draws Keras 3 makes from Python's `random` module: an unseeded initialiser or
//! `SeedGenerator` takes its seed from `random.randint(1, 10**9)` when it is constructed,
//! and `keras.utils.set_random_seed(s)` seeds that module. This is CPython's Mersenne
//! Twister (`init_by_array`, `getrandbits`, `_randbelow`), so after `set_random_seed` the
//! seeds, and therefore the initial weights, are TensorFlow's. Without it CPython seeds
//! from the OS, which no run can reproduce; this state then starts from seed 0.

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::python::keras::classes;
use crate::python::{params, St};

/// `keras.utils.set_random_seed(seed)`: seeds Python's `random` (Keras's default seeds)
/// and TensorFlow's global seed (`tf.random.set_seed`).
pub fn set_random_seed(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = params(vm, "set_random_seed", &args, &["seed"], 1)?;
    let value = bound[0].clone().unwrap_or(Value::None);
    let seed = match (&value, value.as_i64()) {
        (Value::Int(_), Some(seed)) => seed,
        _ => {
            let text = vm.repr(&value)?;
            let class = vm.class_of(&value).full_name();
            return Err(vm.value_error(format!(
                "Expected `seed` argument to be an integer. Received: seed={text} (of type <class '{class}'>)"
            )));
        }
    };
    classes(st, vm)?.seed_python_random(seed.unsigned_abs());
    st.tf(vm, |ctx| ctx.set_random_seed(seed))?;
    Ok(Value::None)
}

/// CPython's MT19937 state.
#[derive(Clone)]
pub struct PythonRandom {
    state: Box<[u32; 624]>,
    index: usize,
}

impl Default for PythonRandom {
    fn default() -> PythonRandom {
        PythonRandom::seeded(0)
    }
}

impl PythonRandom {
    fn init_genrand(seed: u32) -> PythonRandom {
        let mut state = Box::new([0u32; 624]);
        state[0] = seed;
        for i in 1..624 {
            let previous = state[i - 1];
            state[i] = 1_812_433_253u32
                .wrapping_mul(previous ^ (previous >> 30))
                .wrapping_add(i as u32);
        }
        PythonRandom { state, index: 624 }
    }

    /// `random.seed(seed)` for an integer: `init_by_array` over its 32-bit words.
    pub fn seeded(seed: u64) -> PythonRandom {
        let key: Vec<u32> = if seed >> 32 == 0 {
            vec![seed as u32]
        } else {
            vec![seed as u32, (seed >> 32) as u32]
        };
        let mut random = PythonRandom::init_genrand(19_650_218);
        let mt = &mut random.state;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..624.max(key.len()) {
            let previous = mt[i - 1];
            mt[i] = (mt[i] ^ (previous ^ (previous >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= 624 {
                mt[0] = mt[623];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..623 {
            let previous = mt[i - 1];
            mt[i] = (mt[i] ^ (previous ^ (previous >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= 624 {
                mt[0] = mt[623];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        random
    }

    fn next_u32(&mut self) -> u32 {
        if self.index >= 624 {
            let mt = &mut self.state;
            for k in 0..624 {
                let y = (mt[k] & 0x8000_0000) | (mt[(k + 1) % 624] & 0x7fff_ffff);
                let mut value = mt[(k + 397) % 624] ^ (y >> 1);
                if y & 1 != 0 {
                    value ^= 0x9908_b0df;
                }
                mt[k] = value;
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

    /// `random.randint(low, high)` for a range under 2**32 (`_randbelow` by rejection).
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

    /// Keras's `make_default_seed()`: `random.randint(1, int(1e9))`.
    pub fn default_seed(&mut self) -> u64 {
        self.randint(1, 1_000_000_000)
    }
}

#[cfg(test)]
mod tests {
    use super::PythonRandom;

    #[test]
    fn matches_cpython() {
        // Printed by python3: random.seed(s); [random.randint(1, 10**9) for _ in ...].
        let cases: [(u64, &[u64]); 4] = [
            (1, &[144_272_510, 611_178_003, 909_925_048]),
            (42, &[686_579_304, 119_540_832, 26_855_093]),
            ((1 << 40) + 5, &[541_574_218, 555_040_208]),
            (0, &[906_691_060, 413_654_000]),
        ];
        for (seed, expected) in cases {
            let mut random = PythonRandom::seeded(seed);
            let draws: Vec<u64> = expected.iter().map(|_| random.default_seed()).collect();
            assert_eq!(draws, expected, "seed {seed}");
        }
    }
}
