//! The Console pane: what the program printed, as it prints it and then from the report, and
//! the error that ended it, with each traceback line of the program a button that puts the
//! caret on that line. Output shows as a terminal shows it (`\r` redraws a line).

use crate::state::{LiveConsole, RunStatus};
use crate::terminal::{plain, screen, Style};
use std::rc::Rc;
use yew::prelude::*;

/// The data [`Console`] renders and the callbacks it reports to.
#[derive(Properties, PartialEq)]
pub struct ConsoleProps {
    pub status: RunStatus,
    /// What a running (or stopped) program printed before its report.
    #[prop_or_default]
    pub live: Rc<LiveConsole>,
    /// The watchdog's limit in seconds, shown next to the elapsed time.
    #[prop_or_default]
    pub run_limit: Option<u32>,
    /// A traceback line was clicked: go to this source line.
    #[prop_or_default]
    pub on_line: Callback<u32>,
}

/// The line number of a traceback entry of the user's program
/// (`  File "main.py", line 6, in <module>`).
pub fn traceback_line(text: &str) -> Option<u32> {
    let rest = text.trim_start().strip_prefix(&format!(
        "File \"{}\", line ",
        engine::run::PROGRAM_FILENAME
    ))?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// What a line of stderr is, for its colour: a log line (TensorFlow's `INFO:`/`WARNING:` and
/// its C++ log's `I`/`W` lines, Python's `...Warning:`), the error that ended the run, or
/// other text the program wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    Info,
    Warning,
    Error,
    Plain,
}

impl LineKind {
    fn class(self) -> &'static str {
        match self {
            LineKind::Info => "log-info",
            LineKind::Warning => "log-warning",
            LineKind::Error => "log-error",
            LineKind::Plain => "log-plain",
        }
    }
}

/// A C++ log line's severity letter (`I0000 00:00:...` or `2026-... W tensorflow/...`).
fn cpp_log_severity(line: &str) -> Option<char> {
    let mut chars = line.chars();
    let first = chars.next()?;
    if matches!(first, 'I' | 'W' | 'E') && line[1..].starts_with(|c: char| c.is_ascii_digit()) {
        return Some(first);
    }
    let mut words = line.split_whitespace();
    let date = words.next()?;
    let _time = words.next()?;
    let severity = words.next()?;
    let dated = date.len() == 10 && date.as_bytes().get(4) == Some(&b'-');
    match severity {
        "I" | "W" | "E" if dated => severity.chars().next(),
        _ => None,
    }
}

/// Each stderr line with its kind. In a failed run, the traceback (from its first line to the
/// end), or else the last line, is the error; nothing else is.
pub fn stderr_lines(stderr: &str, failed: bool) -> Vec<(&str, LineKind)> {
    let lines: Vec<&str> = stderr.split_inclusive('\n').collect();
    let error_from = if failed {
        lines
            .iter()
            .position(|l| l.starts_with("Traceback (most recent call last):"))
            .or(lines.len().checked_sub(1))
    } else {
        None
    };
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let kind = if error_from.is_some_and(|from| i >= from) {
                LineKind::Error
            } else if line.starts_with("INFO:") {
                LineKind::Info
            } else if line.starts_with("WARNING:") || line.contains("Warning: ") {
                LineKind::Warning
            } else {
                match cpp_log_severity(line) {
                    Some('I') => LineKind::Info,
                    Some('W') => LineKind::Warning,
                    Some(_) => LineKind::Error,
                    None => LineKind::Plain,
                }
            };
            (*line, kind)
        })
        .collect()
}

/// Shows stdout, then stderr: log lines muted, warnings amber, the error that ended the run
/// red.
#[function_component]
pub fn Console(props: &ConsoleProps) -> Html {
    let live = &props.live;
    let live_output = html! {
        <>
            if live.cut {
                <p class="hint">{ "Earlier output is left out here; the finished run shows all of it." }</p>
            }
            if !live.stdout.is_empty() {
                <pre class="stdout live">{ for styled(&live.stdout) }</pre>
            }
            if !live.stderr.is_empty() {
                <pre class="stderr live">{ for stderr_view(&plain(&live.stderr), false, &props.on_line) }</pre>
            }
        </>
    };
    let body = match &props.status {
        RunStatus::Idle => html! { <p class="hint">{ "Press Run or Ctrl+Enter." }</p> },
        RunStatus::Running(id) => html! {
            <>
                { live_output }
                <Elapsed key={*id} run_limit={props.run_limit} />
            </>
        },
        RunStatus::Failed(message) => html! {
            <>
                { live_output }
                <pre class="stderr log-error">{ message }</pre>
            </>
        },
        RunStatus::Finished(report) => {
            let failed = report.exit_code != 0;
            let stdout = styled(&report.stdout);
            let stderr_text = plain(&report.stderr);
            let stderr = stderr_view(&stderr_text, failed, &props.on_line);
            html! {
                <>
                    if !report.stdout.is_empty() {
                        <pre class="stdout">{ for stdout }</pre>
                    }
                    if !report.stderr.is_empty() {
                        <pre class="stderr">{ for stderr }</pre>
                    }
                    if report.stdout.is_empty() && report.stderr.is_empty() {
                        <p class="hint">{ "The program printed nothing." }</p>
                    }
                    if report.error.as_ref().is_some_and(|e| e.type_name == "ModuleNotFoundError") {
                        <p class="hint" data-testid="importable-modules">
                            { "This playground cannot install packages. Programs can import: " }
                            { engine::library::importable_modules(pylib::INDEX).join(", ") }
                            { "; and modules from files given in the Files pane." }
                        </p>
                    }
                    <p class="exit">{ format!("Exit status {}", report.exit_code) }</p>
                </>
            }
        }
    };
    html! {
        <div class="console-output">{ body }</div>
    }
}

/// The properties of [`Elapsed`].
#[derive(Properties, PartialEq)]
pub struct ElapsedProps {
    pub run_limit: Option<u32>,
}

/// "Running… 3.2 s", counting from when it first shows (the run's start: it is keyed by the
/// run), with the watchdog's limit.
#[function_component]
pub fn Elapsed(props: &ElapsedProps) -> Html {
    let started = use_memo((), |_| crate::browser::now_ms());
    let tick = use_force_update();
    use_effect_with((), move |_| {
        let interval = gloo_timers::callback::Interval::new(100, move || tick.force_update());
        move || drop(interval)
    });
    let seconds = (crate::browser::now_ms() - *started) / 1000.0;
    let limit = match props.run_limit {
        Some(limit) => format!(" (run limit {limit} s)"),
        None => String::new(),
    };
    html! {
        <p class="hint running" data-testid="elapsed">
            { format!("Running… {}{limit}", format_seconds(seconds)) }
        </p>
    }
}

/// Elapsed seconds with one decimal ("3.2 s").
fn format_seconds(seconds: f64) -> String {
    let tenths = (seconds.max(0.0) * 10.0) as u64;
    format!("{}.{} s", tenths / 10, tenths % 10)
}

/// Stdout as a terminal shows it (see [`crate::terminal`]): plain text, with the runs that
/// escapes styled (Keras's progress bar: the count bold, the bar green) in spans.
fn styled(stdout: &str) -> Vec<Html> {
    screen(stdout)
        .into_iter()
        .map(|span| {
            if span.style == Style::default() {
                return Html::from(span.text);
            }
            let mut classes = Classes::new();
            if span.style.bold {
                classes.push("ansi-bold");
            }
            if let Some(color) = span.style.color {
                classes.push(format!("ansi-{color}"));
            }
            html! { <span class={classes}>{ span.text }</span> }
        })
        .collect()
}

/// The stderr text's lines, coloured by kind, with the program's traceback lines as buttons.
fn stderr_view(stderr: &str, failed: bool, on_line: &Callback<u32>) -> Vec<Html> {
    stderr_lines(stderr, failed)
        .into_iter()
        .map(|(text, kind)| {
            let class = kind.class();
            match traceback_line(text) {
                Some(line) => {
                    let on_line = on_line.clone();
                    let onclick = Callback::from(move |_: MouseEvent| on_line.emit(line));
                    // The newline stays outside the button, so the next line starts below it.
                    let (label, newline) = match text.strip_suffix('\n') {
                        Some(label) => (label, "\n"),
                        None => (text, ""),
                    };
                    html! {
                        <span {class}>
                            <button class="traceback-line" {onclick}
                                title={format!("Show line {line} in the editor")}>{ label }</button>
                            { newline }
                        </span>
                    }
                }
                None => html! { <span {class}>{ text }</span> },
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_lines_are_not_errors_and_the_traceback_is() {
        let stderr = "INFO:tensorflow:Initializing the TPU system: grpc://10.0.0.2:8470\n\
                      WARNING:tensorflow:TPU system already initialized\n\
                      I0000 00:00:1700000000.000000 12 tpu.cc:42] Found TPU\n\
                      2026-11-29 01:00:00.000000: W tensorflow/core/x.cc:1] slow\n\
                      main.py:3: DeprecationWarning: old\n\
                      my own text\n\
                      Traceback (most recent call last):\n\
                      \x20 File \"main.py\", line 3, in <module>\n\
                      ValueError: bad\n";
        let kinds: Vec<LineKind> = stderr_lines(stderr, true)
            .into_iter()
            .map(|(_, k)| k)
            .collect();
        use LineKind::*;
        assert_eq!(
            kinds,
            vec![Info, Warning, Info, Warning, Warning, Plain, Error, Error, Error]
        );
        let ok: Vec<LineKind> = stderr_lines("INFO:x\nplain\n", false)
            .into_iter()
            .map(|(_, k)| k)
            .collect();
        assert_eq!(ok, vec![Info, Plain]);
        // A failure without a traceback: its last line is the error.
        let bare: Vec<LineKind> = stderr_lines("INFO:x\nKilled\n", true)
            .into_iter()
            .map(|(_, k)| k)
            .collect();
        assert_eq!(bare, vec![Info, Error]);
    }

    #[test]
    fn traceback_lines_of_the_program_are_found() {
        assert_eq!(
            traceback_line("  File \"main.py\", line 12, in <module>\n"),
            Some(12)
        );
        assert_eq!(traceback_line("  File \"other.py\", line 3, in f"), None);
        assert_eq!(traceback_line("    a = tf.constant(1)"), None);
        assert_eq!(traceback_line("  File \"main.py\", line x"), None);
    }
}
