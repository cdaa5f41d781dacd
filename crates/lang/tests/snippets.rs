//! Data-driven tests written in Python (boa/RustPython style): every
//! `tests/snippets/NAME.py` must print exactly `NAME.out` on stdout, `NAME.err` on stderr and
//! exit with `NAME.code`, all three recorded from CPython 3.11 by `tests/snippets/regen.sh`.
//! Set `SNIPPET=substring` to run a subset and see each output.

use std::path::PathBuf;

use lang::host::NoHost;
use lang::{run, RunOptions};

#[test]
fn snippets_match_cpython() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snippets");
    let only = std::env::var("SNIPPET").ok();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str().map(String::from))
        .filter_map(|n| n.strip_suffix(".py").map(String::from))
        .collect();
    names.sort();
    let mut failures = Vec::new();
    let mut count = 0;
    for name in &names {
        if only.as_ref().is_some_and(|o| !name.contains(o.as_str())) {
            continue;
        }
        count += 1;
        let read = |ext: &str| {
            std::fs::read_to_string(dir.join(format!("{name}.{ext}"))).unwrap_or_default()
        };
        let source = read("py");
        let want_out = read("out");
        let want_err = read("err");
        let want_code: i32 = read("code").trim().parse().unwrap_or(0);
        let outcome = run(&source, &mut NoHost, &RunOptions::default());
        if only.is_some() {
            println!(
                "=== {name}\n--- stdout\n{}--- stderr\n{}--- exit {}",
                outcome.stdout, outcome.stderr, outcome.exit_code
            );
        }
        if outcome.stdout != want_out
            || outcome.stderr != want_err
            || outcome.exit_code != want_code
        {
            let mut diff = String::new();
            for (i, (g, w)) in outcome.stdout.lines().zip(want_out.lines()).enumerate() {
                if g != w {
                    diff = format!(
                        "first stdout difference at line {}:\n  got:  {g}\n  want: {w}",
                        i + 1
                    );
                    break;
                }
            }
            failures.push(format!(
                "{name}: exit {} (want {want_code}) {diff}\n--- got stderr\n{}--- want stderr\n{}",
                outcome.exit_code, outcome.stderr, want_err
            ));
        }
    }
    println!("{count} snippets run");
    assert!(
        failures.is_empty(),
        "{} of {count} snippet(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
