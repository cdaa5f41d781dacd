//! The run's memory cap, with the metering allocator installed as the binaries install it:
//! whatever a program holds, it stops with a `MemoryError` at the cap, which `except` cannot
//! swallow, and a single request beyond the cap is refused before it is allocated.

use lang::host::NoHost;
use lang::{run, Limits, Outcome, RunOptions};

#[global_allocator]
static ALLOCATOR: meter::memory::MeteredAllocator = meter::memory::MeteredAllocator;

fn run_capped(source: &str, cap: usize) -> Outcome {
    run(
        source,
        &mut NoHost,
        &RunOptions {
            filename: "main.py".into(),
            limits: Limits {
                max_memory_bytes: cap,
                ..Limits::default()
            },
            ..RunOptions::default()
        },
    )
}

fn last_line(o: &Outcome) -> &str {
    o.stderr
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
}

#[test]
fn a_program_that_keeps_allocating_stops_at_the_cap() {
    for src in [
        "x = [[0] * 10**6 for i in range(10**3)]\n",
        "l = []\nwhile True:\n    l.append([0] * 10**5)\n",
        "d = {}\ni = 0\nwhile True:\n    d[i] = str(i) * 100\n    i += 1\n",
        "l = []\nwhile True:\n    try:\n        l.append([i for i in range(10**4)])\n    except MemoryError:\n        pass\n",
    ] {
        let o = run_capped(src, 64 << 20);
        assert_eq!(o.exit_code, 1, "{src}");
        assert!(
            last_line(&o).starts_with("MemoryError: the program holds")
                || last_line(&o).starts_with("MemoryError: cannot allocate"),
            "{src}: {}",
            last_line(&o)
        );
    }
}

#[test]
fn one_request_beyond_the_cap_is_refused_before_it_is_made() {
    let o = run_capped("x = [0] * (5 * 10**6)\n", 16 << 20);
    assert_eq!(
        last_line(&o),
        "MemoryError: cannot allocate 76.3 MiB more (the program holds 0 bytes of the \
         playground's 16 MiB limit)"
            .replace("0 bytes", &held(&o))
    );
    // Caught, it is an ordinary MemoryError, as in CPython.
    let o = run_capped(
        "try:\n    x = 'ab' * (10**7 // 2)\nexcept MemoryError:\n    print('refused')\n",
        4 << 20,
    );
    assert_eq!(o.stdout, "refused\n", "{}", o.stderr);
}

/// What the message says the program held (it depends on the allocator's bookkeeping).
fn held(o: &Outcome) -> String {
    let line = last_line(o);
    let start = line.find("holds ").map_or(0, |i| i + 6);
    let end = line.find(" of the").unwrap_or(line.len());
    line[start..end].to_string()
}

#[test]
fn the_cap_ends_with_the_run() {
    let o = run_capped("x = 1\n", 1 << 20);
    assert_eq!(o.exit_code, 0);
    assert_eq!(meter::memory::cap(), usize::MAX);
}
