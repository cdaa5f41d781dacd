//! The simulated clock behind the bundled `time` module: a program that times its work
//! reads the emulated machine's durations, the same on every run.

use engine::{run_program, RunRequest};

fn stdout(source: &str, topology: &str) -> String {
    let report = run_program(&RunRequest { source, topology }).unwrap();
    assert_eq!(report.exit_code, 0, "{}", report.stderr);
    report.stdout
}

const TIMED_MATMULS: &str = "import time
import tensorflow as tf
a = tf.ones([256, 256])
start = time.perf_counter()
for _ in range(3):
    b = tf.matmul(a, a)
print(time.perf_counter() - start)
";

#[test]
fn the_clock_starts_at_a_fixed_epoch_and_sleep_advances_it_exactly() {
    let out = stdout(
        "import time\nprint(int(time.time()), time.strftime('%Y-%m-%d'))\nt0 = time.time()\ntime.sleep(1.5)\nprint(round(time.time() - t0, 3))\n",
        "cpu",
    );
    assert_eq!(out, "1767225600 2026-01-01\n1.5\n");
}

#[test]
fn timed_work_takes_the_emulated_machines_time_and_repeats_exactly() {
    let cpu: f64 = stdout(TIMED_MATMULS, "cpu").trim().parse().unwrap();
    let h100: f64 = stdout(TIMED_MATMULS, "h100").trim().parse().unwrap();
    assert!(cpu > 0.0 && h100 > 0.0, "{cpu} {h100}");
    // Matmuls of 256^3 on a 2-vCPU Colab VM take far longer than on an H100.
    assert!(cpu > 10.0 * h100, "cpu {cpu} s, h100 {h100} s");
    assert_eq!(stdout(TIMED_MATMULS, "cpu"), stdout(TIMED_MATMULS, "cpu"));
}
