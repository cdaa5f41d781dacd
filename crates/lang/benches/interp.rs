//! Criterion benchmarks of the interpreter: loops, calls, attribute access, string
//! building and containers (`benches/programs.rs`). Compare with CPython using
//! `benches/compare_cpython.sh`.

use criterion::{criterion_group, criterion_main, Criterion};
use lang::host::NoHost;
use lang::{run, RunOptions};

mod programs;

fn bench(c: &mut Criterion) {
    let options = RunOptions::default();
    for (name, source) in programs::PROGRAMS {
        c.bench_function(name, |b| {
            b.iter(|| {
                let outcome = run(source, &mut NoHost, &options);
                assert_eq!(outcome.exit_code, 0, "{}", outcome.stderr);
                outcome
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
