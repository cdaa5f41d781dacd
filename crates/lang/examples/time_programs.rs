//! Times the benchmark programs (`benches/programs.rs`) as the interpreter ships: a release
//! build with `panic = "abort"`, on the main thread, which a test binary (built to unwind,
//! run on a harness thread) is not; `benches/compare_cpython.sh` runs it once per program
//! against python3.
//!
//! `cargo run --release -p lang --example time_programs -- NAME DIR` prints `BENCH NAME
//! SECONDS` (the best of 20 runs) and writes `DIR/NAME.py` and `DIR/NAME.ours` (the
//! program and what it printed) for the comparison.

#[path = "../benches/programs.rs"]
mod programs;

use lang::host::NoHost;
use lang::{run, RunOptions};

/// Runs of each program; the best is reported. A program runs for a few milliseconds, and
/// on a shared machine the best of 5 still swung by 30%.
const RUNS: usize = 20;

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(name), Some(dir)) = (args.next(), args.next()) else {
        eprintln!("usage: time_programs NAME DIR");
        std::process::exit(2);
    };
    let Some(&(_, source)) = programs::PROGRAMS.iter().find(|(n, _)| *n == name) else {
        eprintln!("no benchmark program named {name}");
        std::process::exit(2);
    };
    let mut best = f64::INFINITY;
    let mut stdout = String::new();
    for _ in 0..RUNS {
        let start = std::time::Instant::now();
        let outcome = run(source, &mut NoHost, &RunOptions::default());
        best = best.min(start.elapsed().as_secs_f64());
        if outcome.exit_code != 0 {
            eprintln!("{name} failed:\n{}", outcome.stderr);
            std::process::exit(1);
        }
        stdout = outcome.stdout;
    }
    let dir = std::path::Path::new(&dir);
    let written = std::fs::write(dir.join(format!("{name}.py")), source)
        .and_then(|()| std::fs::write(dir.join(format!("{name}.ours")), &stdout));
    if let Err(error) = written {
        eprintln!("cannot write to {}: {error}", dir.display());
        std::process::exit(1);
    }
    println!("BENCH {name} {best:.6}");
}
