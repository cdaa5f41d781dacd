//! Runs the shared pure-Python conformance corpus (`pycases`) and compares stdout, exit code
//! and the last stderr line with what CPython 3.11 recorded. Set `PYCASE=name` to run one
//! case and print its full output.

use std::path::PathBuf;

use lang::host::NoHost;
use lang::{run, RunOptions};

fn corpus_dir() -> Option<PathBuf> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let workspace = manifest.parent()?.parent()?.to_path_buf();
    let candidates = [
        workspace.join("tests/conformance/pycases"),
        workspace.join("../shared/conformance/pycases"),
    ];
    candidates.into_iter().find(|p| p.is_dir())
}

#[test]
fn pycases_match_cpython() {
    let Some(dir) = corpus_dir() else {
        eprintln!("pycases corpus not found; skipping");
        return;
    };
    let only = std::env::var("PYCASE").ok();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str().map(String::from))
        .filter_map(|n| n.strip_suffix(".py").map(String::from))
        .collect();
    names.sort();
    let mut failures = Vec::new();
    for name in names {
        if only.as_ref().is_some_and(|o| !name.contains(o.as_str())) {
            continue;
        }
        let source = std::fs::read_to_string(dir.join(format!("{name}.py"))).unwrap_or_default();
        let expected =
            std::fs::read_to_string(dir.join(format!("{name}.expected"))).unwrap_or_default();
        let exit: i32 = std::fs::read_to_string(dir.join(format!("{name}.exit")))
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(0);
        let error_line = std::fs::read_to_string(dir.join(format!("{name}.error"))).ok();
        let outcome = run(&source, &mut NoHost, &RunOptions::default());
        if only.is_some() {
            println!(
                "--- stdout\n{}--- stderr\n{}--- exit {}",
                outcome.stdout, outcome.stderr, outcome.exit_code
            );
        }
        let last_err = outcome
            .stderr
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .to_string();
        let mut ok = outcome.stdout == expected && outcome.exit_code == exit;
        if let Some(e) = &error_line {
            ok &= last_err == e.trim_end();
        }
        if !ok {
            failures.push(format!(
                "{name}: exit {} (want {exit})\n--- got stdout\n{}--- want stdout\n{}--- stderr\n{}",
                outcome.exit_code, outcome.stdout, expected, outcome.stderr
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} pycase(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
