//! Evaluating one check's rule against a run's report.
//!
//! Pure functions of the rule and the [`RunReport`]: no running, no I/O, so the web app can
//! check a report its worker produced and the CLI one it ran itself, with the same result.

use crate::exercise::Rule;
use crate::pattern::{device_matches, glob_matches, short_device_name};
use cpython_text::float_to_decimal::format_fixed;
use engine::report::{ErrorReport, RunReport};

/// How many offending ops or transfers a failure message names before summarising.
const MAX_LISTED: usize = 3;
/// How much of the output or an error message a failure message quotes.
const MAX_QUOTED_CHARS: usize = 300;

/// Whether the rule held, and if not, why, in a sentence for the student.
pub fn evaluate(rule: &Rule, report: &RunReport) -> Result<(), String> {
    match rule {
        Rule::Runs => match &report.error {
            None if report.exit_code == 0 => Ok(()),
            None => Err(format!(
                "The program exited with status {}.",
                report.exit_code
            )),
            Some(error) => Err(format!("The program raised {}.", describe_error(error))),
        },
        Rule::Raises {
            error,
            message_contains,
        } => raises(report, error, message_contains.as_deref()),
        Rule::Placed { op, device } => placed(report, op, device),
        Rule::Transfers { link, max_bytes } => transfers(report, link, *max_bytes),
        Rule::StepTime { max_us } => {
            let took = report.metrics.step_time_us;
            if took <= *max_us {
                Ok(())
            } else {
                Err(format!(
                    "The step took {} µs; the limit is {} µs.",
                    format_fixed(took, None),
                    format_fixed(*max_us, None)
                ))
            }
        }
        Rule::StdoutContains { text } => {
            if report.stdout.contains(text.as_str()) {
                Ok(())
            } else {
                Err(format!(
                    "The output does not contain {}. It was {}.",
                    quote(text),
                    quote(&report.stdout)
                ))
            }
        }
        Rule::StdoutEquals { text } => {
            if report.stdout == *text {
                Ok(())
            } else {
                Err(format!(
                    "The output was {}; expected {}.",
                    quote(&report.stdout),
                    quote(text)
                ))
            }
        }
    }
}

fn raises(
    report: &RunReport,
    expected: &str,
    message_contains: Option<&str>,
) -> Result<(), String> {
    let Some(error) = &report.error else {
        return Err(format!(
            "The program ran to the end without raising {expected}."
        ));
    };
    if error.type_name != expected {
        return Err(format!(
            "The program raised {}, not {expected}.",
            describe_error(error)
        ));
    }
    match message_contains {
        Some(text) if !error.message.contains(text) => Err(format!(
            "The {expected} does not mention {}: {}",
            quote(text),
            quote(&error.message)
        )),
        _ => Ok(()),
    }
}

fn placed(report: &RunReport, op: &str, device: &str) -> Result<(), String> {
    let matching: Vec<_> = report
        .ops
        .iter()
        .filter(|o| glob_matches(op, &o.name) || glob_matches(op, &o.op_type))
        .collect();
    if matching.is_empty() {
        return Err(format!("No op named or of type `{op}` ran."));
    }
    let misplaced: Vec<String> = matching
        .iter()
        .filter(|o| !device_matches(device, &o.device))
        .map(|o| {
            format!(
                "`{}` ({}, line {}) ran on {}",
                o.name,
                o.op_type,
                o.line,
                short_device_name(&o.device)
            )
        })
        .collect();
    if misplaced.is_empty() {
        return Ok(());
    }
    Err(format!(
        "{} not on `{device}`.",
        list(&misplaced, "other ops matching")
    ))
}

fn transfers(report: &RunReport, link: &str, max_bytes: u64) -> Result<(), String> {
    let mut crossing: Vec<_> = report
        .transfers
        .iter()
        .filter(|t| glob_matches(link, &t.link))
        .collect();
    let total: u64 = crossing
        .iter()
        .map(|t| t.bytes)
        .fold(0, u64::saturating_add);
    if total <= max_bytes {
        return Ok(());
    }
    crossing.sort_by_key(|t| std::cmp::Reverse(t.bytes));
    let largest: Vec<String> = crossing
        .iter()
        .map(|t| format!("{} ({} bytes over {})", t.tensor, t.bytes, t.link))
        .collect();
    Err(format!(
        "{total} bytes crossed links matching `{link}`; the limit is {max_bytes}. Largest: {}.",
        list(&largest, "more transfers")
    ))
}

/// `KeyError: 'k' (line 3)`: the class, the line of the message that says what went wrong
/// (not a graph execution error's heading), and where.
fn describe_error(error: &ErrorReport) -> String {
    let headline = engine::error_text::headline(error);
    let mut text = format!("{}: {}", error.type_name, quote_raw(headline));
    if let Some(frame) = error.traceback.last() {
        text.push_str(&format!(" (line {})", frame.line));
    }
    text
}

fn list(items: &[String], rest: &str) -> String {
    let mut text = items
        .iter()
        .take(MAX_LISTED)
        .cloned()
        .collect::<Vec<_>>()
        .join("; ");
    if items.len() > MAX_LISTED {
        text.push_str(&format!(" and {} {rest}", items.len() - MAX_LISTED));
    }
    text
}

/// A debug-quoted string, shortened to [`MAX_QUOTED_CHARS`].
fn quote(text: &str) -> String {
    let short = quote_raw(text);
    format!("{short:?}")
}

fn quote_raw(text: &str) -> String {
    if text.chars().count() <= MAX_QUOTED_CHARS {
        return text.to_string();
    }
    let mut short: String = text.chars().take(MAX_QUOTED_CHARS).collect();
    short.push('…');
    short
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::report::{Metrics, OpReport, TracebackFrame, TransferReport};

    fn op(name: &str, op_type: &str, device: &str) -> OpReport {
        OpReport {
            id: 0,
            name: name.into(),
            op_type: op_type.into(),
            device: format!("/job:localhost/replica:0/task:0/device:{device}"),
            requested_device: String::new(),
            reason: String::new(),
            inputs: vec![],
            shape: vec![],
            dtype: "float32".into(),
            line: 4,
            start_us: 0.0,
            dur_us: 1.0,
            execution: String::new(),
            launch: 0,
            cost: String::new(),
            input_element: None,
            not_computed: None,
            xla: false,
            class: Default::default(),
        }
    }

    fn transfer(link: &str, bytes: u64) -> TransferReport {
        TransferReport {
            src: "GPU:0".into(),
            dst: "GPU:1".into(),
            bytes,
            link: link.into(),
            start_us: 0.0,
            dur_us: 1.0,
            tensor: "MatMul:0".into(),
            producer: None,
            consumer: None,
            send_op: None,
            recv_op: None,
        }
    }

    fn failed(type_name: &str, message: &str) -> RunReport {
        RunReport {
            exit_code: 1,
            error: Some(ErrorReport {
                type_name: type_name.into(),
                message: message.into(),
                traceback: vec![TracebackFrame {
                    line: 6,
                    col: 0,
                    function: "<module>".into(),
                    source: "c = a + b".into(),
                }],
            }),
            ..RunReport::default()
        }
    }

    #[test]
    fn runs_passes_a_clean_run_and_names_the_error_otherwise() {
        assert_eq!(evaluate(&Rule::Runs, &RunReport::default()), Ok(()));
        let err = evaluate(&Rule::Runs, &failed("KeyError", "'k'")).unwrap_err();
        assert_eq!(err, "The program raised KeyError: 'k' (line 6).");
    }

    #[test]
    fn raises_checks_the_class_and_the_message() {
        let rule = |message_contains: Option<&str>| Rule::Raises {
            error: "InvalidArgumentError".into(),
            message_contains: message_contains.map(String::from),
        };
        let report = failed(
            "InvalidArgumentError",
            "Could not satisfy device specification",
        );
        assert_eq!(evaluate(&rule(None), &report), Ok(()));
        assert_eq!(
            evaluate(&rule(Some("device specification")), &report),
            Ok(())
        );
        assert!(evaluate(&rule(Some("TPU")), &report)
            .unwrap_err()
            .contains("does not mention"));
        let wrong = failed("ValueError", "nope");
        assert!(evaluate(&rule(None), &wrong)
            .unwrap_err()
            .contains("ValueError: nope"));
        let clean = RunReport::default();
        assert!(evaluate(&rule(None), &clean)
            .unwrap_err()
            .contains("without raising"));
    }

    #[test]
    fn placed_needs_a_matching_op_and_all_of_them_on_the_device() {
        let report = RunReport {
            ops: vec![
                op("MatMul", "MatMul", "GPU:0"),
                op("MatMul_1", "MatMul", "GPU:1"),
                op("add", "AddV2", "CPU:0"),
            ],
            ..RunReport::default()
        };
        let rule = |op: &str, device: &str| Rule::Placed {
            op: op.into(),
            device: device.into(),
        };
        assert_eq!(evaluate(&rule("MatMul", "GPU:*"), &report), Ok(()));
        assert_eq!(evaluate(&rule("MatMul_1", "GPU:1"), &report), Ok(()));
        assert_eq!(evaluate(&rule("AddV2", "cpu:0"), &report), Ok(()));
        let err = evaluate(&rule("MatMul", "GPU:1"), &report).unwrap_err();
        assert_eq!(
            err,
            "`MatMul` (MatMul, line 4) ran on GPU:0 not on `GPU:1`."
        );
        let err = evaluate(&rule("Conv2D", "GPU:0"), &report).unwrap_err();
        assert!(err.contains("No op named or of type `Conv2D`"), "{err}");
    }

    #[test]
    fn transfers_add_up_bytes_over_matching_links() {
        let report = RunReport {
            transfers: vec![
                transfer("NVLink GPU:0<->GPU:1", 4096),
                transfer("PCIe vm<->GPU:0", 1_000_000),
            ],
            ..RunReport::default()
        };
        let rule = |link: &str, max_bytes: u64| Rule::Transfers {
            link: link.into(),
            max_bytes,
        };
        assert_eq!(evaluate(&rule("NVLink*", 4096), &report), Ok(()));
        assert!(evaluate(&rule("NVLink*", 4095), &report).is_err());
        let err = evaluate(&rule("*", 5000), &report).unwrap_err();
        assert!(err.starts_with("1004096 bytes crossed"), "{err}");
        assert!(err.contains("PCIe vm<->GPU:0"), "{err}");
        assert_eq!(evaluate(&rule("ICI*", 0), &report), Ok(()));
    }

    #[test]
    fn step_time_is_an_upper_bound() {
        let report = RunReport {
            metrics: Metrics {
                step_time_us: 55.0,
                ..Metrics::default()
            },
            ..RunReport::default()
        };
        assert_eq!(evaluate(&Rule::StepTime { max_us: 55.0 }, &report), Ok(()));
        let err = evaluate(&Rule::StepTime { max_us: 54.9 }, &report).unwrap_err();
        assert_eq!(err, "The step took 55 µs; the limit is 54.9 µs.");
    }

    #[test]
    fn stdout_contains_and_equals() {
        let report = RunReport {
            stdout: "1\n2\n".into(),
            ..RunReport::default()
        };
        let contains = |t: &str| Rule::StdoutContains { text: t.into() };
        let equals = |t: &str| Rule::StdoutEquals { text: t.into() };
        assert_eq!(evaluate(&contains("2\n"), &report), Ok(()));
        assert!(evaluate(&contains("3"), &report).is_err());
        assert_eq!(evaluate(&equals("1\n2\n"), &report), Ok(()));
        let err = evaluate(&equals("1\n2"), &report).unwrap_err();
        assert_eq!(err, "The output was \"1\\n2\\n\"; expected \"1\\n2\".");
    }

    #[test]
    fn long_texts_are_shortened_in_messages() {
        let report = RunReport {
            stdout: "x".repeat(10_000),
            ..RunReport::default()
        };
        let err = evaluate(&Rule::StdoutEquals { text: "y".into() }, &report).unwrap_err();
        assert!(err.len() < 1000, "{}", err.len());
    }
}
