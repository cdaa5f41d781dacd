//! Running one program: parse and interpret it with the language crate and the engine's
//! host modules ([`crate::python`]: `tensorflow`, `numpy`, `os`) over a fresh runtime
//! context, then turn what happened into a [`RunReport`]: output, the uncaught error
//! (its type as the short class name, `InvalidArgumentError`), and the recorder's ops and
//! transfers.

use crate::python::{EngineHost, State};
use crate::report::{ErrorReport, RunReport, TopologyReport, TracebackFrame};
use crate::topology::{self, Topology};

/// What the user asked to run: the program text and the machine to run it on.
#[derive(Debug, Clone, PartialEq)]
pub struct RunRequest<'a> {
    pub source: &'a str,
    /// A preset name such as `cpu` (see [`topology::presets`]).
    pub topology: &'a str,
}

/// The file name tracebacks show, as when the program is saved and run as `python3 main.py`.
pub const PROGRAM_FILENAME: &str = "main.py";

/// Runs the program and reports what it printed, how it ended and where its ops ran.
///
/// An unknown topology name is the caller's mistake, not the program's, so it is an `Err`
/// with a message listing the known ones rather than a Python exception.
pub fn run_program(request: &RunRequest) -> Result<RunReport, String> {
    let topology = topology::preset(request.topology).ok_or_else(|| {
        let names: Vec<&str> = topology::presets().iter().map(|t| t.name).collect();
        format!(
            "unknown topology '{}'; known: {}",
            request.topology,
            names.join(", ")
        )
    })?;
    let options = lang::RunOptions {
        filename: PROGRAM_FILENAME.to_string(),
        limits: lang::Limits::default(),
    };
    let state = State::new(&topology, request.source);
    let mut host = EngineHost::new(state.clone());
    let outcome = lang::run(request.source, &mut host, &options);
    drop(host);
    let (ops, transfers) = match state.ctx.try_borrow_mut() {
        Ok(mut ctx) => (
            std::mem::take(&mut ctx.recorder.ops),
            std::mem::take(&mut ctx.recorder.transfers),
        ),
        Err(_) => (Vec::new(), Vec::new()),
    };
    state.release();
    Ok(RunReport {
        stdout: outcome.stdout,
        stderr: outcome.stderr,
        exit_code: outcome.exit_code,
        error: outcome.error.map(error_report),
        topology: topology_report(&topology),
        ops,
        transfers,
        trace: serde_json::json!({ "traceEvents": [] }),
        ..RunReport::default()
    })
}

fn error_report(error: lang::UncaughtError) -> ErrorReport {
    let type_name = match error.type_name.rsplit_once('.') {
        Some((_, short)) => short.to_string(),
        None => error.type_name,
    };
    ErrorReport {
        type_name,
        message: error.message,
        traceback: error
            .traceback
            .into_iter()
            .map(|entry| TracebackFrame {
                line: entry.line,
                col: entry.col,
                function: entry.function,
                source: entry.source,
            })
            .collect(),
    }
}

fn topology_report(topology: &Topology) -> TopologyReport {
    TopologyReport {
        name: topology.name.to_string(),
        devices: topology.devices.clone(),
        links: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(source: &str) -> RunReport {
        run_program(&RunRequest {
            source,
            topology: "cpu",
        })
        .unwrap()
    }

    #[test]
    fn prints_through_the_language() {
        let report = run("print('hello')\n");
        assert_eq!(report.stdout, "hello\n");
        assert_eq!(report.exit_code, 0);
        assert!(report.error.is_none());
        assert_eq!(report.topology.name, "cpu");
    }

    #[test]
    fn an_uncaught_exception_is_reported_with_its_line() {
        let report = run("x = 1\n{}['k']\n");
        assert_eq!(report.exit_code, 1);
        let error = report.error.unwrap();
        assert_eq!(error.type_name, "KeyError");
        assert_eq!(error.traceback.last().unwrap().line, 2);
    }

    #[test]
    fn an_unknown_topology_is_refused_with_the_known_names() {
        let err = run_program(&RunRequest {
            source: "",
            topology: "nope",
        })
        .unwrap_err();
        assert!(err.contains("unknown topology 'nope'") && err.contains("cpu"));
    }
}
