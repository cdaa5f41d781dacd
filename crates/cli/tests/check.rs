//! `placement check` end to end: the binary grades a solution and a folder of submissions,
//! prints per-check results or results.json, and exits 0 only when everything passed.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const EXERCISE: &str = r#"
id = "print-the-sum"
title = "Print the sum"
topology = "cpu"
starter = "print(1)\n"

[[checks]]
kind = "runs"

[[checks]]
kind = "stdout_equals"
name = "prints 3"
text = "3\n"

[[checks]]
kind = "placed"
hidden = true
op = "AddV2"
device = "CPU:0"
"#;

const PASSING: &str = "import tensorflow as tf\nprint(int(tf.constant(1) + tf.constant(2)))\n";
const FAILING: &str = "print(4)\n";

/// A fresh scratch folder for one test, under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("submissions")).unwrap();
    std::fs::write(dir.join("exercise.toml"), EXERCISE).unwrap();
    dir
}

fn placement(args: &[&Path]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_placement"))
        .arg("check")
        .args(args)
        .output()
        .unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn a_passing_solution_prints_each_check_and_exits_0() {
    let dir = scratch("check_pass");
    let solution = dir.join("solution.py");
    std::fs::write(&solution, PASSING).unwrap();
    let output = placement(&[&dir.join("exercise.toml"), &solution]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(
        stdout(&output),
        "PASS   the program runs without an error\nPASS   prints 3\n\
         PASS   ops matching `AddV2` run on `CPU:0` (hidden)\n3 of 3 checks passed\n"
    );
}

#[test]
fn a_failing_solution_says_why_and_exits_1() {
    let dir = scratch("check_fail");
    let solution = dir.join("solution.py");
    std::fs::write(&solution, FAILING).unwrap();
    let output = placement(&[&dir.join("exercise.toml"), &solution]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(
        text.contains("FAIL   prints 3\n       The output was \"4\\n\"; expected \"3\\n\".\n"),
        "{text}"
    );
    assert!(text.contains("1 of 3 checks passed"), "{text}");
}

#[test]
fn json_is_exercism_results_and_student_mode_hides_hidden_checks() {
    let dir = scratch("check_json");
    let solution = dir.join("solution.py");
    std::fs::write(&solution, FAILING).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_placement"))
        .args(["check", "--json", "--student"])
        .arg(dir.join("exercise.toml"))
        .arg(&solution)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let results: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(results["version"], 3);
    assert_eq!(results["status"], "fail");
    let tests = results["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 3);
    assert_eq!(tests[1]["status"], "fail");
    assert_eq!(tests[2]["name"], "Hidden check 1");
    assert_eq!(tests[2]["message"], "A hidden check failed.");
    assert!(!stdout(&output).contains("AddV2"));
}

#[test]
fn a_folder_gets_one_line_per_submission_and_fails_if_any_fails() {
    let dir = scratch("check_folder");
    let submissions = dir.join("submissions");
    std::fs::write(submissions.join("alice.py"), PASSING).unwrap();
    std::fs::write(submissions.join("bob.py"), FAILING).unwrap();
    std::fs::write(submissions.join("carol.py"), "print(\n").unwrap();
    std::fs::write(submissions.join("notes.txt"), "not a submission").unwrap();
    let output = placement(&[&dir.join("exercise.toml"), &submissions]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0], "alice.py  pass   3/3");
    assert!(
        lines[1].starts_with("bob.py    fail   1/3  first failure: prints 3"),
        "{text}"
    );
    assert!(
        lines[2].starts_with("carol.py  error  SyntaxError"),
        "{text}"
    );

    std::fs::remove_file(submissions.join("bob.py")).unwrap();
    std::fs::remove_file(submissions.join("carol.py")).unwrap();
    let output = placement(&[&dir.join("exercise.toml"), &submissions]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
}

#[test]
fn an_invalid_exercise_is_a_usage_error_naming_the_problem() {
    let dir = scratch("check_invalid");
    let exercise = dir.join("bad.toml");
    std::fs::write(
        &exercise,
        EXERCISE.replace("kind = \"runs\"", "kind = \"teleports\""),
    )
    .unwrap();
    let solution = dir.join("solution.py");
    std::fs::write(&solution, PASSING).unwrap();
    let output = placement(&[&exercise, &solution]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("unknown kind \"teleports\""), "{stderr}");
}

#[test]
fn a_link_out_of_the_folder_is_not_followed_and_the_rest_are_graded() {
    let dir = scratch("check_links");
    let submissions = dir.join("submissions");
    let outside = dir.join("outside.py");
    std::fs::write(&outside, PASSING).unwrap();
    std::fs::write(submissions.join("alice.py"), PASSING).unwrap();
    std::os::unix::fs::symlink(&outside, submissions.join("mallory.py")).unwrap();
    // A link inside the folder is an ordinary submission.
    std::os::unix::fs::symlink(submissions.join("alice.py"), submissions.join("zed.py")).unwrap();
    let output = placement(&[&dir.join("exercise.toml"), &submissions]);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0], "alice.py    pass   3/3");
    assert_eq!(
        lines[1],
        "mallory.py  error  not graded: a link to a file outside the folder"
    );
    assert_eq!(lines[2], "zed.py      pass   3/3");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn a_topology_file_that_is_not_a_document_is_refused_without_echoing_it() {
    let dir = scratch("run_topology_file");
    let secret = dir.join("secret.txt");
    std::fs::write(&secret, "root:x:0:0:the secret line\n").unwrap();
    let program = dir.join("main.py");
    std::fs::write(&program, "print(1)\n").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_placement"))
        .arg("run")
        .arg("--topology")
        .arg(&secret)
        .arg(&program)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("is not a topology document"), "{stderr}");
    assert!(!stderr.contains("the secret line"), "{stderr}");
}
