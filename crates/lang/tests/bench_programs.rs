//! The benchmark programs print what CPython prints (they double as a correctness test),
//! and `BENCH_TIME=1` prints how long each takes here (used by
//! `benches/compare_cpython.sh`, which builds this test in release mode).

#[path = "../benches/programs.rs"]
mod programs;

use lang::host::NoHost;
use lang::{run, RunOptions};

#[test]
fn bench_programs_run() {
    let timing = std::env::var("BENCH_TIME").is_ok();
    for (name, source) in programs::PROGRAMS {
        let start = std::time::Instant::now();
        let outcome = run(source, &mut NoHost, &RunOptions::default());
        let elapsed = start.elapsed();
        assert_eq!(outcome.exit_code, 0, "{name}: {}", outcome.stderr);
        if timing {
            println!("BENCH {name} {:.6}", elapsed.as_secs_f64());
        }
        if let Ok(dir) = std::env::var("BENCH_DUMP") {
            let _ = std::fs::write(format!("{dir}/{name}.py"), source);
            let _ = std::fs::write(format!("{dir}/{name}.ours"), &outcome.stdout);
        }
    }
}
