//! The draws Keras 3 makes from Python's `random` module: an unseeded initialiser or
//! `SeedGenerator` takes its seed from `random.randint(1, 10**9)` when it is constructed,
//! and `keras.utils.set_random_seed(s)` seeds that module. The state is CPython's Mersenne
//! Twister ([`PythonRandom`], shared with the eager `get_seed`), so after `set_random_seed`
//! the seeds, and therefore the initial weights, are TensorFlow's. Without it CPython seeds
//! from the OS, which no run can reproduce; this state then starts from seed 0.

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::keras::classes;
use crate::St;
pub use runtime::random_seed::PythonRandom;

/// `keras.utils.set_random_seed(seed)`: seeds Python's `random` (Keras's default seeds)
/// and TensorFlow's global seed (`tf.random.set_seed`).
pub fn set_random_seed(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "set_random_seed", &args, 1, [seed])?;
    let value = bound.seed.clone().unwrap_or(Value::None);
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

/// Keras's `make_default_seed()`: `random.randint(1, int(1e9))`.
pub fn default_seed(random: &mut PythonRandom) -> u64 {
    random.randint(1, 1_000_000_000)
}

#[cfg(test)]
mod tests {
    use super::{default_seed, PythonRandom};

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
            let draws: Vec<u64> = expected.iter().map(|_| default_seed(&mut random)).collect();
            assert_eq!(draws, expected, "seed {seed}");
        }
    }
}
