//! The exercise model: what a teacher writes (TOML or JSON) and what a link carries.
//!
//! An exercise arrives as untrusted text, so it is read into [`ExerciseDocument`], whose
//! fields mirror the file one to one and reject unknown keys, then validated into an
//! [`Exercise`]: every limit is checked, every check's fields are the ones its kind needs,
//! and the topology is one the engine knows. Serialising an [`Exercise`] gives the same
//! document back, so the lesson builder can write a link the player reads again.
//!
//! ```toml
//! id = "send-less"                   # a-z, 0-9, -; progress is kept under it
//! title = "Move the small tensor"
//! topology = "2x-v100-nvlink"        # a preset name
//! instructions = "Markdown ..."
//! starter = """..."""                # the program the student starts from
//! solution = """..."""               # optional reference solution (tests check it passes)
//! hints = ["...", "..."]
//!
//! [panes]                            # editor, console, placement, graph, timeline, metrics, topology
//! hide = ["graph"]
//! lock = ["topology"]
//!
//! [[checks]]                         # every check: kind, and optionally name, hidden, task, message
//! kind = "runs"
//! [[checks]]
//! kind = "raises"                    # error = class name, message_contains = optional text
//! error = "InvalidArgumentError"
//! [[checks]]
//! kind = "placed"                    # ops whose name or type match `op` all ran on `device`
//! op = "MatMul*"
//! device = "GPU:1"
//! [[checks]]
//! kind = "transfers"                 # bytes over links matching `link` (default "*")
//! link = "NVLink*"
//! max_bytes = 8192
//! [[checks]]
//! kind = "step_time"
//! max_us = 600.0
//! [[checks]]
//! kind = "stdout_contains"           # or stdout_equals
//! text = "(4, 1)"
//! hidden = true                      # evaluated, but students see neither rule nor reason
//! ```

use cpython_text::float_to_decimal::format_fixed;
use serde::{Deserialize, Serialize};

/// The longest title, in characters.
pub const MAX_TITLE_CHARS: usize = 200;
/// The longest instructions or hint text (Markdown), in characters.
pub const MAX_TEXT_CHARS: usize = 20_000;
/// The longest program (starter or solution), in bytes, as the engine's program limit.
pub const MAX_PROGRAM_BYTES: usize = 100_000;
/// At most this many hints.
pub const MAX_HINTS: usize = 20;
/// At most this many checks.
pub const MAX_CHECKS: usize = 50;
/// The longest pattern or expected text in a check, in characters.
pub const MAX_PATTERN_CHARS: usize = 10_000;

/// A validated exercise: a program to start from, a machine, and the checks a solution must
/// pass. Build one with [`Exercise::from_json`] (or `from_toml` with the `toml` feature); it
/// (de)serialises as its document, so any deserialisation validates.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "ExerciseDocument", into = "ExerciseDocument")]
pub struct Exercise {
    /// A short slug (`a-z`, `0-9`, `-`), unique within a lesson; progress is kept under it.
    pub id: String,
    pub title: String,
    /// What to do, in Markdown.
    pub instructions: String,
    /// A preset topology name (`cpu`, `colab-t4`, ...) the program runs on.
    pub topology: String,
    /// The program the student starts from.
    pub starter: String,
    /// The teacher's reference solution, if the document carries one (tests check it passes).
    pub solution: Option<String>,
    /// Hints shown one at a time, in order.
    pub hints: Vec<String>,
    /// Panes the player hides or locks for this exercise.
    pub panes: Panes,
    /// The checks, in the order results list them.
    pub checks: Vec<Check>,
}

/// Which parts of the player an exercise hides or makes read-only.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Panes {
    #[serde(default)]
    pub hide: Vec<Pane>,
    #[serde(default)]
    pub lock: Vec<Pane>,
}

/// A part of the player an exercise can hide or lock. Locking the editor makes the program
/// read-only; locking the topology keeps the exercise's machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pane {
    Editor,
    Console,
    Placement,
    Graph,
    Timeline,
    Metrics,
    Topology,
    /// The files the program is given.
    Files,
}

/// One check with how it is shown.
#[derive(Debug, Clone, PartialEq)]
pub struct Check {
    /// The name results show; a description of the rule when the document gives none.
    pub name: String,
    /// Hidden checks are evaluated, but the student sees neither their rule nor why they failed.
    pub hidden: bool,
    /// Exercism's `task_id`: which task of the instructions the check belongs to.
    pub task: Option<u32>,
    /// What to tell the student when the check fails, in place of the generated message.
    pub failure_message: Option<String>,
    pub rule: Rule,
}

/// What a check asserts about the run's report.
#[derive(Debug, Clone, PartialEq)]
pub enum Rule {
    /// The program ran to the end without an uncaught exception.
    Runs,
    /// The program ended with this exception class (`InvalidArgumentError`), and its message
    /// contains `message_contains` when given.
    Raises {
        error: String,
        message_contains: Option<String>,
    },
    /// At least one op whose name or type matches `op` ran, and every such op ran on a device
    /// matching `device` (patterns: see [`crate::pattern`]).
    Placed { op: String, device: String },
    /// The bytes moved over links matching `link` add up to at most `max_bytes`.
    Transfers { link: String, max_bytes: u64 },
    /// The simulated step time is at most `max_us` microseconds.
    StepTime { max_us: f64 },
    /// The program's stdout contains `text`.
    StdoutContains { text: String },
    /// The program's stdout is exactly `text`.
    StdoutEquals { text: String },
}

impl Rule {
    /// The document's `kind` for this rule.
    pub fn kind(&self) -> &'static str {
        match self {
            Rule::Runs => "runs",
            Rule::Raises { .. } => "raises",
            Rule::Placed { .. } => "placed",
            Rule::Transfers { .. } => "transfers",
            Rule::StepTime { .. } => "step_time",
            Rule::StdoutContains { .. } => "stdout_contains",
            Rule::StdoutEquals { .. } => "stdout_equals",
        }
    }

    /// A one-line statement of the rule, used as the check's name when it has none and as
    /// Exercism's `test_code`.
    pub fn describe(&self) -> String {
        match self {
            Rule::Runs => "the program runs without an error".into(),
            Rule::Raises {
                error,
                message_contains: None,
            } => format!("the program raises {error}"),
            Rule::Raises {
                error,
                message_contains: Some(text),
            } => format!("the program raises {error} mentioning {text:?}"),
            Rule::Placed { op, device } => format!("ops matching `{op}` run on `{device}`"),
            Rule::Transfers { link, max_bytes } => {
                format!("at most {max_bytes} bytes cross links matching `{link}`")
            }
            Rule::StepTime { max_us } => {
                format!("the step takes at most {} µs", format_fixed(*max_us, None))
            }
            Rule::StdoutContains { text } => format!("the output contains {text:?}"),
            Rule::StdoutEquals { text } => format!("the output is exactly {text:?}"),
        }
    }
}

/// An exercise file exactly as written: every field optional where the format allows, no
/// unknown keys. [`Exercise`] is its validated form.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExerciseDocument {
    pub id: String,
    pub title: String,
    #[serde(default)]
    pub instructions: String,
    pub topology: String,
    pub starter: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hints: Vec<String>,
    #[serde(default)]
    pub panes: Panes,
    pub checks: Vec<CheckDocument>,
}

/// One `[[checks]]` table as written: `kind` says which of the other fields it needs.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckDocument {
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub task: Option<u32>,
    /// Shown to the student when the check fails.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_contains: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub op: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_bytes: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_us: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

impl Exercise {
    /// Reads and validates an exercise from JSON (a link's payload, or the embedded lessons).
    pub fn from_json(text: &str) -> Result<Exercise, String> {
        serde_json::from_str(text).map_err(|e| format!("invalid exercise: {e}"))
    }

    /// Reads and validates an exercise file written in TOML. Errors name the line and key.
    #[cfg(feature = "toml")]
    pub fn from_toml(text: &str) -> Result<Exercise, String> {
        toml::from_str(text).map_err(|e| format!("invalid exercise: {e}"))
    }

    /// The exercise as JSON, e.g. for the lesson builder's link.
    pub fn to_json(&self) -> String {
        // Every field is a string, number, bool or list of them: serialising cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The same exercise with a different starter program, for a link that carries the
    /// student's work in progress.
    pub fn with_starter(&self, starter: &str) -> Result<Exercise, String> {
        check_program("starter", starter)?;
        Ok(Exercise {
            starter: starter.to_string(),
            ..self.clone()
        })
    }
}

impl TryFrom<ExerciseDocument> for Exercise {
    type Error = String;

    fn try_from(doc: ExerciseDocument) -> Result<Exercise, String> {
        check_id(&doc.id)?;
        check_text("title", &doc.title, MAX_TITLE_CHARS)?;
        if doc.title.trim().is_empty() {
            return Err("`title` is empty".into());
        }
        check_text("instructions", &doc.instructions, MAX_TEXT_CHARS)?;
        check_topology(&doc.topology)?;
        check_program("starter", &doc.starter)?;
        if let Some(solution) = &doc.solution {
            check_program("solution", solution)?;
        }
        if doc.hints.len() > MAX_HINTS {
            return Err(format!(
                "at most {MAX_HINTS} hints, not {}",
                doc.hints.len()
            ));
        }
        for hint in &doc.hints {
            check_text("a hint", hint, MAX_TEXT_CHARS)?;
        }
        if doc.checks.is_empty() {
            return Err("an exercise needs at least one check".into());
        }
        if doc.checks.len() > MAX_CHECKS {
            return Err(format!(
                "at most {MAX_CHECKS} checks, not {}",
                doc.checks.len()
            ));
        }
        let checks = doc
            .checks
            .into_iter()
            .enumerate()
            .map(|(i, check)| Check::try_from(check).map_err(|e| format!("check {}: {e}", i + 1)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Exercise {
            id: doc.id,
            title: doc.title,
            instructions: doc.instructions,
            topology: doc.topology,
            starter: doc.starter,
            solution: doc.solution,
            hints: doc.hints,
            panes: doc.panes,
            checks,
        })
    }
}

impl From<Exercise> for ExerciseDocument {
    fn from(exercise: Exercise) -> ExerciseDocument {
        ExerciseDocument {
            id: exercise.id,
            title: exercise.title,
            instructions: exercise.instructions,
            topology: exercise.topology,
            starter: exercise.starter,
            solution: exercise.solution,
            hints: exercise.hints,
            panes: exercise.panes,
            checks: exercise
                .checks
                .into_iter()
                .map(CheckDocument::from)
                .collect(),
        }
    }
}

impl TryFrom<CheckDocument> for Check {
    type Error = String;

    fn try_from(doc: CheckDocument) -> Result<Check, String> {
        let kind = doc.kind.as_str();
        let mut used = vec!["kind", "name", "hidden", "task", "message"];
        let rule = match kind {
            "runs" => Rule::Runs,
            "raises" => {
                used.extend(["error", "message_contains"]);
                let error = required(kind, "error", doc.error.clone())?;
                if error.is_empty() || !error.chars().all(|c| c.is_alphanumeric() || c == '_') {
                    return Err(format!(
                        "`error` must be a class name such as InvalidArgumentError, not {error:?}"
                    ));
                }
                Rule::Raises {
                    error,
                    message_contains: pattern("message_contains", doc.message_contains.clone())?,
                }
            }
            "placed" => {
                used.extend(["op", "device"]);
                Rule::Placed {
                    op: non_empty(kind, "op", doc.op.clone())?,
                    device: non_empty(kind, "device", doc.device.clone())?,
                }
            }
            "transfers" => {
                used.extend(["link", "max_bytes"]);
                Rule::Transfers {
                    link: pattern("link", doc.link.clone())?.unwrap_or_else(|| "*".into()),
                    max_bytes: required(kind, "max_bytes", doc.max_bytes)?,
                }
            }
            "step_time" => {
                used.push("max_us");
                let max_us = required(kind, "max_us", doc.max_us)?;
                if !max_us.is_finite() || max_us < 0.0 {
                    return Err(format!(
                        "`max_us` must be a finite number ≥ 0, not {max_us}"
                    ));
                }
                Rule::StepTime { max_us }
            }
            "stdout_contains" | "stdout_equals" => {
                used.push("text");
                let text = required(kind, "text", pattern("text", doc.text.clone())?)?;
                if kind == "stdout_contains" {
                    Rule::StdoutContains { text }
                } else {
                    Rule::StdoutEquals { text }
                }
            }
            other => {
                return Err(format!(
                    "unknown kind {other:?}; expected one of runs, raises, placed, transfers, \
                     step_time, stdout_contains, stdout_equals"
                ))
            }
        };
        for (field, present) in [
            ("error", doc.error.is_some()),
            ("message_contains", doc.message_contains.is_some()),
            ("op", doc.op.is_some()),
            ("device", doc.device.is_some()),
            ("link", doc.link.is_some()),
            ("max_bytes", doc.max_bytes.is_some()),
            ("max_us", doc.max_us.is_some()),
            ("text", doc.text.is_some()),
        ] {
            if present && !used.contains(&field) {
                return Err(format!("`{field}` does not apply to a {kind} check"));
            }
        }
        if let Some(name) = &doc.name {
            check_text("name", name, MAX_TITLE_CHARS)?;
        }
        if let Some(message) = &doc.message {
            check_text("message", message, MAX_TEXT_CHARS)?;
        }
        Ok(Check {
            name: doc.name.unwrap_or_else(|| rule.describe()),
            hidden: doc.hidden,
            task: doc.task,
            failure_message: doc.message,
            rule,
        })
    }
}

impl From<Check> for CheckDocument {
    fn from(check: Check) -> CheckDocument {
        let mut doc = CheckDocument {
            kind: check.rule.kind().to_string(),
            name: (check.name != check.rule.describe()).then_some(check.name),
            hidden: check.hidden,
            task: check.task,
            message: check.failure_message,
            ..CheckDocument::default()
        };
        match check.rule {
            Rule::Runs => {}
            Rule::Raises {
                error,
                message_contains,
            } => {
                doc.error = Some(error);
                doc.message_contains = message_contains;
            }
            Rule::Placed { op, device } => {
                doc.op = Some(op);
                doc.device = Some(device);
            }
            Rule::Transfers { link, max_bytes } => {
                doc.link = Some(link);
                doc.max_bytes = Some(max_bytes);
            }
            Rule::StepTime { max_us } => doc.max_us = Some(max_us),
            Rule::StdoutContains { text } | Rule::StdoutEquals { text } => doc.text = Some(text),
        }
        doc
    }
}

fn required<T>(kind: &str, field: &str, value: Option<T>) -> Result<T, String> {
    value.ok_or_else(|| format!("a {kind} check needs `{field}`"))
}

fn non_empty(kind: &str, field: &str, value: Option<String>) -> Result<String, String> {
    let value = required(kind, field, pattern(field, value)?)?;
    if value.trim().is_empty() {
        return Err(format!("`{field}` is empty"));
    }
    Ok(value)
}

fn pattern(field: &str, value: Option<String>) -> Result<Option<String>, String> {
    if let Some(text) = &value {
        check_text(field, text, MAX_PATTERN_CHARS)?;
    }
    Ok(value)
}

fn check_id(id: &str) -> Result<(), String> {
    let valid = !id.is_empty()
        && id.len() <= 64
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if valid {
        Ok(())
    } else {
        Err(format!(
            "`id` must be 1 to 64 characters of a-z, 0-9 and -, not {:?}",
            truncate(id, 80)
        ))
    }
}

fn check_text(field: &str, text: &str, max_chars: usize) -> Result<(), String> {
    let chars = text.chars().count();
    if chars > max_chars {
        return Err(format!(
            "`{field}` is {chars} characters long; at most {max_chars}"
        ));
    }
    Ok(())
}

fn check_program(field: &str, program: &str) -> Result<(), String> {
    if program.len() > MAX_PROGRAM_BYTES {
        return Err(format!(
            "`{field}` is {} bytes long; at most {MAX_PROGRAM_BYTES}",
            program.len()
        ));
    }
    Ok(())
}

/// Checked against the preset names only: building the presets' hardware models would pull
/// the whole hardware model into the web app, which validates exercise links too.
fn check_topology(name: &str) -> Result<(), String> {
    let presets = engine::hardware::presets::NAMES;
    if presets.iter().any(|(preset, _)| *preset == name) {
        return Ok(());
    }
    let known: Vec<&str> = presets.iter().map(|(preset, _)| *preset).collect();
    Err(format!(
        "unknown topology {:?}; expected one of {}",
        truncate(name, 80),
        known.join(", ")
    ))
}

fn truncate(text: &str, max_chars: usize) -> String {
    text.chars().take(max_chars).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn document() -> serde_json::Value {
        json!({
            "id": "demo",
            "title": "Demo",
            "topology": "cpu",
            "starter": "print(1)\n",
            "checks": [{"kind": "runs"}]
        })
    }

    fn parse(value: serde_json::Value) -> Result<Exercise, String> {
        Exercise::from_json(&value.to_string())
    }

    fn with_check(check: serde_json::Value) -> Result<Exercise, String> {
        let mut doc = document();
        doc["checks"] = json!([check]);
        parse(doc)
    }

    #[test]
    fn a_minimal_document_is_valid_and_round_trips() {
        let exercise = parse(document()).unwrap();
        assert_eq!(exercise.checks[0].rule, Rule::Runs);
        assert_eq!(exercise.checks[0].name, "the program runs without an error");
        assert_eq!(Exercise::from_json(&exercise.to_json()).unwrap(), exercise);
    }

    #[test]
    fn every_kind_reads_its_fields_and_round_trips() {
        let checks = json!([
            {"kind": "runs", "name": "It runs", "task": 2},
            {"kind": "raises", "error": "InvalidArgumentError", "message_contains": "GPU"},
            {"kind": "placed", "op": "MatMul", "device": "GPU:*", "hidden": true},
            {"kind": "transfers", "link": "NVLink*", "max_bytes": 4096},
            {"kind": "transfers", "max_bytes": 0},
            {"kind": "step_time", "max_us": 12.5, "message": "Too slow"},
            {"kind": "stdout_contains", "text": "ok"},
            {"kind": "stdout_equals", "text": "ok\n"}
        ]);
        let mut doc = document();
        doc["checks"] = checks;
        let exercise = parse(doc).unwrap();
        let rules: Vec<&Rule> = exercise.checks.iter().map(|c| &c.rule).collect();
        assert_eq!(
            rules[3],
            &Rule::Transfers {
                link: "NVLink*".into(),
                max_bytes: 4096
            }
        );
        assert_eq!(
            rules[4],
            &Rule::Transfers {
                link: "*".into(),
                max_bytes: 0
            }
        );
        assert!(exercise.checks[2].hidden);
        assert_eq!(exercise.checks[0].task, Some(2));
        assert_eq!(
            exercise.checks[5].failure_message.as_deref(),
            Some("Too slow")
        );
        assert_eq!(Exercise::from_json(&exercise.to_json()).unwrap(), exercise);
    }

    #[test]
    fn unknown_keys_are_rejected_with_their_name() {
        let mut doc = document();
        doc["titel"] = json!("typo");
        assert!(parse(doc).unwrap_err().contains("titel"));
        let err = with_check(json!({"kind": "runs", "opp": "x"})).unwrap_err();
        assert!(err.contains("opp"), "{err}");
    }

    #[test]
    fn checks_need_their_fields_and_only_those() {
        let err = with_check(json!({"kind": "placed", "op": "MatMul"})).unwrap_err();
        assert_eq!(
            err,
            "invalid exercise: check 1: a placed check needs `device`"
        );
        let err = with_check(json!({"kind": "runs", "max_bytes": 3})).unwrap_err();
        assert!(
            err.contains("`max_bytes` does not apply to a runs check"),
            "{err}"
        );
        let err = with_check(json!({"kind": "teleport"})).unwrap_err();
        assert!(err.contains("unknown kind \"teleport\""), "{err}");
        let err = with_check(json!({"kind": "raises", "error": "a b"})).unwrap_err();
        assert!(err.contains("class name"), "{err}");
        let err = with_check(json!({"kind": "placed", "op": " ", "device": "CPU"})).unwrap_err();
        assert!(err.contains("`op` is empty"), "{err}");
    }

    #[test]
    fn numbers_out_of_range_are_rejected() {
        let result = with_check(json!({"kind": "step_time", "max_us": -1.0}));
        assert!(result.unwrap_err().contains("finite"));
        let text = document().to_string().replace(
            "{\"kind\":\"runs\"}",
            "{\"kind\":\"step_time\",\"max_us\":1e400}",
        );
        assert!(text.contains("1e400"));
        assert!(Exercise::from_json(&text).is_err());
        assert!(with_check(json!({"kind": "transfers", "max_bytes": -5})).is_err());
    }

    #[test]
    fn limits_and_ids_and_topologies_are_enforced() {
        let mut doc = document();
        doc["id"] = json!("Bad Id");
        assert!(parse(doc).unwrap_err().contains("`id`"));
        let mut doc = document();
        doc["topology"] = json!("quantum-9000");
        let err = parse(doc).unwrap_err();
        assert!(
            err.contains("unknown topology") && err.contains("colab-t4"),
            "{err}"
        );
        let mut doc = document();
        doc["starter"] = json!("x".repeat(MAX_PROGRAM_BYTES + 1));
        assert!(parse(doc).unwrap_err().contains("starter"));
        let mut doc = document();
        doc["checks"] = json!(vec![json!({"kind": "runs"}); MAX_CHECKS + 1]);
        assert!(parse(doc).unwrap_err().contains("at most"));
        let mut doc = document();
        doc["checks"] = json!([]);
        assert!(parse(doc).unwrap_err().contains("at least one check"));
        let mut doc = document();
        doc["hints"] = json!(vec!["h"; MAX_HINTS + 1]);
        assert!(parse(doc).unwrap_err().contains("hints"));
        let mut doc = document();
        doc["panes"] = json!({"hide": ["graph"], "lock": ["wardrobe"]});
        assert!(parse(doc).is_err());
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        for text in ["", "null", "[]", "{", "{\"id\": 3}", "\u{0}"] {
            assert!(Exercise::from_json(text).is_err(), "{text:?}");
        }
    }

    #[test]
    fn every_prefix_and_corruption_of_a_document_is_handled() {
        let mut doc = document();
        doc["checks"] = json!([
            {"kind": "placed", "op": "MatMul", "device": "GPU:*"},
            {"kind": "transfers", "link": "NVLink*", "max_bytes": 4096}
        ]);
        let text = doc.to_string();
        for end in 0..text.len() {
            if text.is_char_boundary(end) {
                let _ = Exercise::from_json(&text[..end]);
            }
        }
        for (i, _) in text.char_indices() {
            let mut corrupted = text.clone();
            corrupted.replace_range(i..i + 1, "\"");
            let _ = Exercise::from_json(&corrupted);
        }
    }

    #[cfg(feature = "toml")]
    #[test]
    fn toml_documents_parse_and_errors_name_the_line() {
        let text = "id = \"t\"\ntitle = \"T\"\ntopology = \"cpu\"\nstarter = \"\"\"\nprint(1)\n\"\"\"\n\
                    [panes]\nhide = [\"graph\"]\n\n[[checks]]\nkind = \"stdout_equals\"\ntext = \"1\\n\"\n";
        let exercise = Exercise::from_toml(text).unwrap();
        assert_eq!(exercise.starter, "print(1)\n");
        assert_eq!(exercise.panes.hide, vec![Pane::Graph]);
        let err = Exercise::from_toml("id = \"t\"\ntitle = \n").unwrap_err();
        assert!(err.contains("line 2"), "{err}");
    }
}
