//! `placement check`: grading solutions against an exercise from the command line.
//!
//! ```text
//! placement check [--json] [--student] EXERCISE.toml SOLUTION.py
//! placement check [--json] [--student] EXERCISE.toml DIR/
//! ```
//! The exercise is TOML (or JSON when the file ends in `.json`), validated as the web app
//! validates a link. Each solution runs on the exercise's topology. For one file it prints one
//! line per check, with the reason under each failure; for a folder, one line per `.py`
//! submission in name order. `--json` prints Exercism's results.json instead (for a folder, an
//! object from file name to results). The grader is a teacher, so hidden checks are shown,
//! marked `(hidden)`, unless `--student` asks for what a student would see. Exit status: 0 when
//! every check of every submission passed, 1 when any failed, 2 for a usage or file error.

use lessons::{Audience, Exercise, Results, Status};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Parses the arguments of `check`, grades, prints, and says how the process should exit.
pub fn check(mut parser: lexopt::Parser) -> Result<ExitCode, String> {
    let mut json = false;
    let mut audience = Audience::Teacher;
    let mut paths = Vec::new();
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            lexopt::Arg::Long("json") => json = true,
            lexopt::Arg::Long("student") => audience = Audience::Student,
            lexopt::Arg::Value(path) if paths.len() < 2 => paths.push(PathBuf::from(path)),
            other => return Err(other.unexpected().to_string()),
        }
    }
    let [exercise_path, target] = <[PathBuf; 2]>::try_from(paths)
        .map_err(|_| "check needs an EXERCISE file and a SOLUTION.py or folder".to_string())?;
    let exercise = read_exercise(&exercise_path)?;
    let all_passed = if target.is_dir() {
        let grader = Isolated {
            exercise: &exercise_path,
            audience,
        };
        grade_folder(&grader, &target, json)?
    } else {
        grade_file(&exercise, &target, json, audience)?
    };
    Ok(if all_passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn read_exercise(path: &Path) -> Result<Exercise, String> {
    let text = read(path)?;
    let parsed = if path.extension().is_some_and(|e| e == "json") {
        Exercise::from_json(&text)
    } else {
        Exercise::from_toml(&text)
    };
    parsed.map_err(|e| format!("{}: {e}", path.display()))
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Grades one solution and prints every check; true when all passed.
fn grade_file(
    exercise: &Exercise,
    path: &Path,
    json: bool,
    audience: Audience,
) -> Result<bool, String> {
    let (results, _) = lessons::grade(exercise, &read(path)?, audience);
    let text = if json {
        serde_json::to_string_pretty(&results).map_err(|e| e.to_string())? + "\n"
    } else {
        render_checks(&results)
    };
    crate::emit(&mut std::io::stdout(), &text);
    Ok(results.passed())
}

/// Grades each submission of a folder in a process of its own (this program, run as
/// `placement check --json EXERCISE FILE`), so a submission that exhausts a limit or
/// crashes the engine fails alone and the others are still graded.
struct Isolated<'a> {
    exercise: &'a Path,
    audience: Audience,
}

impl Isolated<'_> {
    fn grade(&self, file: &Path) -> Results {
        let exe = match std::env::current_exe() {
            Ok(exe) => exe,
            Err(e) => return Results::not_run(format!("cannot start the grader: {e}")),
        };
        let mut command = std::process::Command::new(exe);
        command.arg("check").arg("--json");
        if self.audience == Audience::Student {
            command.arg("--student");
        }
        let output = command
            .arg(self.exercise)
            .arg(file)
            .stdin(std::process::Stdio::null())
            .output();
        let output = match output {
            Ok(output) => output,
            Err(e) => return Results::not_run(format!("cannot start the grader: {e}")),
        };
        match serde_json::from_slice::<Results>(&output.stdout) {
            Ok(results) if output.status.code().is_some_and(|code| code <= 1) => results,
            _ => Results::not_run(format!(
                "grading this submission failed ({}): {}",
                output.status,
                last_line(&String::from_utf8_lossy(&output.stderr))
            )),
        }
    }
}

/// Whether `file` (an entry of `dir`) is inside `dir` once links are resolved: a link out of
/// the folder is not followed.
fn inside(dir: &Path, file: &Path) -> bool {
    match (dir.canonicalize(), file.canonicalize()) {
        (Ok(dir), Ok(file)) => file.starts_with(dir),
        _ => false,
    }
}

/// Grades every `.py` file in `dir`, in name order, one line each; true when all passed.
fn grade_folder(grader: &Isolated<'_>, dir: &Path, json: bool) -> Result<bool, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .filter(|p| p.is_file() || p.is_symlink())
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!("no .py files in {}", dir.display()));
    }
    let mut all_passed = true;
    let mut by_file = serde_json::Map::new();
    let width = files
        .iter()
        .map(|f| display_name(f).chars().count())
        .max()
        .unwrap_or(0);
    for file in &files {
        let name = display_name(file);
        // An unreadable submission is that submission's error, not the whole run's.
        let results = if !inside(dir, file) {
            Results::not_run("not graded: a link to a file outside the folder")
        } else if !file.is_file() {
            Results::not_run("not graded: not a file")
        } else {
            grader.grade(file)
        };
        all_passed &= results.passed();
        if json {
            by_file.insert(
                name,
                serde_json::to_value(&results).map_err(|e| e.to_string())?,
            );
        } else {
            let line = format!("{name:<width$}  {}\n", summary(&results));
            crate::emit(&mut std::io::stdout(), &line);
        }
    }
    if json {
        let text = serde_json::to_string_pretty(&by_file).map_err(|e| e.to_string())?;
        crate::emit(&mut std::io::stdout(), &(text + "\n"));
    }
    Ok(all_passed)
}

fn display_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// `pass  3/3`, `fail  2/3  first failure: <name>: <message>`, or `error  <first line>`.
fn summary(results: &Results) -> String {
    let passed = results
        .tests
        .iter()
        .filter(|t| t.status == Status::Pass)
        .count();
    let total = results.tests.len();
    match results.status {
        Status::Pass => format!("pass   {passed}/{total}"),
        Status::Error => format!(
            "error  {}",
            last_line(results.message.as_deref().unwrap_or(""))
        ),
        Status::Fail => {
            let mut line = format!("fail   {passed}/{total}");
            if let Some(first) = results.tests.iter().find(|t| t.status != Status::Pass) {
                line.push_str(&format!("  first failure: {}", first.name));
                if let Some(message) = &first.message {
                    line.push_str(&format!(": {}", one_line(message)));
                }
            }
            line
        }
    }
}

/// One line per check, the reason indented under each failure, and a total.
fn render_checks(results: &Results) -> String {
    let mut text = String::new();
    if results.status == Status::Error {
        text.push_str("ERROR  no check ran:\n");
        for line in results.message.as_deref().unwrap_or("").lines() {
            text.push_str(&format!("       {line}\n"));
        }
        return text;
    }
    for test in &results.tests {
        let label = match test.status {
            Status::Pass => "PASS ",
            Status::Fail => "FAIL ",
            Status::Error => "ERROR",
        };
        text.push_str(&format!("{label}  {}\n", test.name));
        if let Some(message) = &test.message {
            for line in message.lines() {
                text.push_str(&format!("       {line}\n"));
            }
        }
    }
    let passed = results
        .tests
        .iter()
        .filter(|t| t.status == Status::Pass)
        .count();
    text.push_str(&format!(
        "{passed} of {} checks passed\n",
        results.tests.len()
    ));
    text
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or("")
}
