//! The conformance runner: every program in `tests/conformance/{pycases,cases,local}` is one test.
//! `pycases` and `cases` are the shared corpus; `local` holds cases this project recorded itself
//! with `tests/conformance/record_tf.sh` (`CASEDIR=local`), from real tensorflow-cpu 2.21.0.
//!
//! Each runs as `main.py` on the `cpu` topology, in process, through the same
//! `engine::run_program` the CLI and the web worker use. It passes when stdout equals
//! `NAME.expected` byte for byte, the exit status equals `NAME.exit`, and, when that is not 0,
//! the last non-empty stderr line equals `NAME.error`.
//!
//! `tests/KNOWN_FAILURES` lists cases expected to fail (one name per line, `#` comments), the
//! guide programs that do not pass yet among them, each with its reason. A listed case that
//! passes fails the run too, so the list can only shrink.
//!
//! usage: `conformance [NAME_FILTER...]`; exits 0 only when every outcome is as expected.
//! The closing line is `conformance: N passed, N failed`. `conformance --guides` measures
//! the guide-notebook programs instead (their pass rate; see [`measure_guides`]).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The runs are metered as the CLI's and the web worker's are.
#[global_allocator]
static ALLOCATOR: engine::MeteredAllocator = engine::MeteredAllocator;

/// One program of the corpus and what the oracle recorded for it.
struct Case {
    name: String,
    source: String,
    expected_stdout: String,
    expected_exit: i32,
    expected_error: Option<String>,
}

/// Why a case did not match the oracle; printed under its name.
enum Verdict {
    Pass,
    Fail(String),
}

fn main() -> ExitCode {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let filters: Vec<String> = std::env::args().skip(1).collect();
    let known = match read_known_failures(&root.join("tests/KNOWN_FAILURES")) {
        Ok(known) => known,
        Err(error) => {
            eprintln!("conformance: {error}");
            return ExitCode::FAILURE;
        }
    };
    let guides = root.join("tests/conformance/guides");
    if filters.first().map(String::as_str) == Some("--guides") {
        return measure_guides(&guides, &known);
    }
    let cases = match load_cases(&root.join("tests/conformance")) {
        Ok(cases) => cases,
        Err(error) => {
            eprintln!("conformance: {error}");
            return ExitCode::FAILURE;
        }
    };
    let unknown: Vec<&String> = known
        .iter()
        .filter(|name| !cases.iter().any(|c| &c.name == *name))
        .filter(|name| !guides.join(format!("{name}.py")).is_file())
        .collect();
    let (mut passed, mut failed, mut known_failed) = (0, 0, 0);
    for case in &cases {
        if !filters.is_empty() && !filters.iter().any(|f| case.name.contains(f.as_str())) {
            continue;
        }
        let is_known = known.contains(&case.name);
        match (run_case(case), is_known) {
            (Verdict::Pass, false) => passed += 1,
            (Verdict::Fail(_), true) => known_failed += 1,
            (Verdict::Pass, true) => {
                failed += 1;
                println!(
                    "FIXED {}: it passes now; remove it from tests/KNOWN_FAILURES",
                    case.name
                );
            }
            (Verdict::Fail(why), false) => {
                failed += 1;
                println!("FAIL {}\n{}", case.name, indent(&why));
            }
        }
    }
    for name in &unknown {
        failed += 1;
        println!("STALE {name}: listed in tests/KNOWN_FAILURES but no such case");
    }
    println!(
        "{known_failed} known failures (tests/KNOWN_FAILURES), {} cases in all",
        cases.len()
    );
    println!("conformance: {passed} passed, {failed} failed");
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `conformance --guides`: the programs made from TensorFlow's guide and tutorial notebooks
/// (`tests/conformance/guides`, see its README), run as the other cases are. Their pass rate
/// measures progress on real users' code. Those that fail must be in `known` (with their
/// reason there); the run fails when one that is not listed fails (a regression) or one that
/// is listed passes (remove it).
fn measure_guides(dir: &Path, known: &BTreeSet<String>) -> ExitCode {
    let mut programs: Vec<PathBuf> = match fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|path| path.extension().is_some_and(|ext| ext == "py"))
            .collect(),
        Err(error) => {
            eprintln!("conformance: cannot read {}: {error}", dir.display());
            return ExitCode::FAILURE;
        }
    };
    programs.sort();
    let (mut passed, mut unexpected) = (0, 0);
    for program in &programs {
        let case = match load_case(program) {
            Ok(case) => case,
            Err(error) => {
                println!("SKIP {}: {error}", program.display());
                continue;
            }
        };
        let listed = known.contains(&case.name);
        match run_case(&case) {
            Verdict::Pass => {
                passed += 1;
                println!("pass {}", case.name);
                if listed {
                    unexpected += 1;
                    println!(
                        "FIXED {}: it passes now; remove it from tests/KNOWN_FAILURES",
                        case.name
                    );
                }
            }
            Verdict::Fail(why) => {
                let first = why.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
                println!("fail {}: {}", case.name, first.trim());
                if !listed {
                    unexpected += 1;
                    println!(
                        "FAIL {}: not in tests/KNOWN_FAILURES\n{}",
                        case.name,
                        indent(&why)
                    );
                }
            }
        }
    }
    let total = programs.len().max(1);
    println!(
        "guides: {passed} of {} programs pass ({:.0}%)",
        programs.len(),
        100.0 * passed as f64 / total as f64
    );
    if unexpected == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn read_known_failures(path: &Path) -> Result<BTreeSet<String>, String> {
    let text =
        fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(text
        .lines()
        .map(|line| line.split('#').next().unwrap_or("").trim())
        .filter(|line| !line.is_empty())
        .map(str::to_string)
        .collect())
}

fn load_cases(corpus: &Path) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for dir in ["pycases", "cases", "local"] {
        let dir = corpus.join(dir);
        if !dir.is_dir() {
            continue;
        }
        let mut programs: Vec<PathBuf> = fs::read_dir(&dir)
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|path| path.extension().is_some_and(|ext| ext == "py"))
            .collect();
        programs.sort();
        for program in programs {
            cases.push(load_case(&program)?);
        }
    }
    Ok(cases)
}

fn load_case(program: &Path) -> Result<Case, String> {
    let read = |ext: &str| {
        let path = program.with_extension(ext);
        fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))
    };
    let expected_exit = read("exit")?
        .trim()
        .parse()
        .map_err(|e| format!("bad exit status for {}: {e}", program.display()))?;
    Ok(Case {
        name: program
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
        source: read("py")?,
        expected_stdout: read("expected")?,
        expected_exit,
        expected_error: read("error")
            .ok()
            .map(|e| e.trim_end_matches('\n').to_string()),
    })
}

fn run_case(case: &Case) -> Verdict {
    let request = engine::RunRequest {
        source: &case.source,
        topology: "cpu",
    };
    let report = match std::panic::catch_unwind(|| engine::run_program(&request)) {
        Ok(Ok(report)) => report,
        Ok(Err(error)) => return Verdict::Fail(format!("could not run: {error}")),
        Err(_) => {
            return Verdict::Fail("the engine panicked (a bug: input must never panic)".into())
        }
    };
    let mut problems = Vec::new();
    let (expected, actual) = (
        as_compared(&case.expected_stdout),
        as_compared(&report.stdout),
    );
    if expected != actual {
        problems.push(first_difference(&expected, &actual));
    }
    if report.exit_code != case.expected_exit {
        problems.push(format!(
            "exit status {} instead of {}",
            report.exit_code, case.expected_exit
        ));
    }
    if case.expected_exit != 0 {
        let last = report
            .stderr
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("");
        if Some(last) != case.expected_error.as_deref() {
            problems.push(format!(
                "last stderr line\n  expected: {}\n  actual:   {last}",
                case.expected_error.as_deref().unwrap_or("")
            ));
        }
    }
    if problems.is_empty() {
        Verdict::Pass
    } else {
        if !report.stderr.is_empty() && report.exit_code != case.expected_exit {
            problems.push(format!("stderr:\n{}", report.stderr.trim_end()));
        }
        Verdict::Fail(problems.join("\n"))
    }
}

/// Stdout as it is compared: each line as a terminal leaves it (a progress bar that redraws
/// itself with backspaces and carriage returns is its last state, without the blanks that
/// padded it over a longer one), and the durations of Keras's progress bars masked. Real
/// TensorFlow times its steps by the wall clock, and so redraws at moments that vary from
/// run to run; the playground times them by the simulated clock. Everything else is
/// compared as printed.
fn as_compared(stdout: &str) -> String {
    use std::sync::LazyLock;
    static PER_UNIT: LazyLock<regex::Regex> = LazyLock::new(|| {
        regex::Regex::new(r"\d+(?:\.\d+)?(?:ms|us|µs|s)/(step|epoch|sample)").unwrap()
    });
    static ELAPSED: LazyLock<regex::Regex> = LazyLock::new(|| {
        regex::Regex::new(r"\x1b\[1m[0-9:]+(?:ms|s|m|h)?\x1b\[0m <T>/|- \d+(?:ms|s|m) - <T>/")
            .unwrap()
    });
    stdout
        .split('\n')
        .map(|line| {
            let line = if line.contains(['\r', '\u{8}']) {
                let shown = line.rsplit('\r').next().unwrap_or_default();
                shown.replace('\u{8}', "").trim_end_matches(' ').to_owned()
            } else {
                line.to_owned()
            };
            let line = PER_UNIT.replace_all(&line, "<T>/$1");
            ELAPSED
                .replace_all(&line, |found: &regex::Captures| {
                    if found[0].starts_with('-') {
                        "- <T> - <T>/".to_owned()
                    } else {
                        "\x1b[1m<T>\x1b[0m <T>/".to_owned()
                    }
                })
                .into_owned()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first line where stdout differs, with its neighbours, so a failure reads at a glance.
fn first_difference(expected: &str, actual: &str) -> String {
    let (e, a): (Vec<&str>, Vec<&str>) =
        (expected.split('\n').collect(), actual.split('\n').collect());
    let line = (0..e.len().max(a.len()))
        .find(|&i| e.get(i) != a.get(i))
        .unwrap_or(0);
    format!(
        "stdout differs at line {}\n  expected: {:?}\n  actual:   {:?}",
        line + 1,
        e.get(line).copied().unwrap_or("<end>"),
        a.get(line).copied().unwrap_or("<end>")
    )
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}\n"))
        .collect::<String>()
        .trim_end()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::as_compared;

    #[test]
    fn progress_bars_compare_as_a_terminal_leaves_them_with_durations_masked() {
        let real = "Epoch 1/2\n\r\x1b[1m1/2\x1b[0m \x1b[1m1s\x1b[0m 512ms/step - loss: 0.5000\
                    \u{8}\u{8}\r\x1b[1m2/2\x1b[0m \x1b[1m1s\x1b[0m 7ms/step - loss: 0.2500   \n\
                    2/2 - 3s - 40ms/step - loss: 0.2500\nEpoch took 2s/epoch";
        let ours = "Epoch 1/2\n\r\x1b[1m2/2\x1b[0m \x1b[1m0s\x1b[0m 3ms/step - loss: 0.2500\n\
                    2/2 - 0s - 1ms/step - loss: 0.2500\nEpoch took 1s/epoch";
        assert_eq!(as_compared(real), as_compared(ours));
        // Values and everything outside the durations still count.
        assert_ne!(
            as_compared("2/2 - 0s - 1ms/step - loss: 0.2500"),
            as_compared("2/2 - 0s - 1ms/step - loss: 0.2501")
        );
        assert_ne!(as_compared("took 2 s"), as_compared("took 3 s"));
    }
}
