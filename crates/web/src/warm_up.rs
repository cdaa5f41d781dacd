//! The engine worker's warm-up: a small Keras program run once when the worker has had
//! nothing to do for a moment after it started.
//!
//! A browser compiles WebAssembly lazily and first with a baseline compiler, optimising a
//! function only once it has run hot; the bundled library is fetched on first import. So the
//! first run of a visit used to pay for both: a CNN fit took 2.5 s the first time and 0.8 s
//! after, a ResNet-50 step on a TPU 5.6 s and 3.5 s (headless Chromium, `tests/bench`).
//! Running the common paths (NumPy, eager ops, a Keras fit and predict, a `tf.function`)
//! while the user reads or types moves most of that cost out of their first run. A link that
//! runs its program at once starts before the warm-up would, and so never waits for it.

use crate::protocol::{answer, RunMessage};

/// How long the worker waits after starting, with no run asked of it, before it warms up.
pub const IDLE_MS: i32 = 1000;

/// The program the warm-up runs (`warm_up.py`).
pub const PROGRAM: &str = include_str!("warm_up.py");

/// Runs the warm-up program on the CPU topology; what it prints and reports is dropped.
pub fn run() {
    let _ = answer(&request(), None);
}

fn request() -> RunMessage {
    RunMessage {
        id: 0,
        source: PROGRAM.to_owned(),
        topology: "cpu".to_owned(),
        files: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_warm_up_runs_cleanly_and_quietly() {
        let report = answer(&request(), None).outcome.unwrap();
        assert_eq!(report.error.map(|e| e.message), None);
        assert_eq!(report.stdout, "");
        assert_eq!(report.stderr, "");
        assert!(report.ops.len() > 10, "it runs ops: {}", report.ops.len());
    }
}
