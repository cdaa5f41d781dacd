//! Running one program: parse and interpret it with the language crate and the engine's
//! host modules ([`tf_binding`]: `tensorflow`, `numpy`) over a fresh runtime
//! context, then turn what happened into a [`RunReport`]: output, the uncaught error
//! (its type as the short class name, `InvalidArgumentError`), and the recorder's ops and
//! transfers, timed by the simulator ([`sim`]) on the topology's hardware.

use hardware::topology::{self, Topology};
use report::{ErrorReport, LinkReport, RunReport, TopologyReport, TracebackFrame};
use sim;
use tf_binding::{EngineHost, State};

/// The interpreter's limits (instructions, memory, recursion, sizes), for callers of
/// [`run_program_with`] that run under other limits than the playground's.
pub use lang::Limits;

/// What the user asked to run: the program text and the machine to run it on.
#[derive(Debug, Clone, PartialEq)]
pub struct RunRequest<'a> {
    pub source: &'a str,
    /// A preset name such as `cpu` (see [`topology::presets`]), or a JSON topology document
    /// (text starting with `{`, validated as untrusted input).
    pub topology: &'a str,
}

/// The file name tracebacks show, as when the program is saved and run as `python3 main.py`.
pub const PROGRAM_FILENAME: &str = "main.py";

/// A file the user gives the program (a CSV, say): the program finds it by its name, which
/// is relative to the working directory (`/content`) or an absolute path under a writable
/// directory of the run's file system.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ProgramFile {
    pub name: String,
    pub contents: Vec<u8>,
}

/// The most the files given to a program may hold together.
pub const PROGRAM_FILES_MAX_BYTES: usize = 64 << 20;

/// Runs the program and reports what it printed, how it ended and where its ops ran.
///
/// An unknown topology name is the caller's mistake, not the program's, so it is an `Err`
/// with a message listing the known ones rather than a Python exception.
pub fn run_program(request: &RunRequest) -> Result<RunReport, String> {
    run_program_with(request, lang::Limits::default(), &[], None)
}

/// [`run_program`] with files the program finds in its file system. A file that cannot be
/// placed (a name outside the writable directories, the program's own name, too much data)
/// is the caller's mistake: an `Err` saying which and why.
pub fn run_program_with_files(
    request: &RunRequest,
    files: &[ProgramFile],
) -> Result<RunReport, String> {
    run_program_with(request, lang::Limits::default(), files, None)
}

/// [`run_program`] under other limits than the playground's (fuzzing and limit tests use
/// a smaller budget to run more programs).
pub fn run_program_with_limits(
    request: &RunRequest,
    limits: lang::Limits,
) -> Result<RunReport, String> {
    run_program_with(request, limits, &[], None)
}

/// Checks the files a program is given (see [`run_program_with_files`]).
fn check_files(files: &[ProgramFile]) -> Result<(), String> {
    let total: usize = files.iter().map(|f| f.contents.len()).sum();
    if total > PROGRAM_FILES_MAX_BYTES {
        return Err(format!(
            "the program's files hold {total} bytes; the playground takes at most {} MiB",
            PROGRAM_FILES_MAX_BYTES >> 20
        ));
    }
    let program = vfs::normalize(vfs::INITIAL_CWD, PROGRAM_FILENAME).unwrap_or_default();
    let mut trial = vfs::FileSystem::new();
    for file in files {
        let path = vfs::normalize(vfs::INITIAL_CWD, &file.name).map_err(|e| {
            format!(
                "cannot give the program the file {:?}: {}",
                file.name,
                e.message()
            )
        })?;
        if path == program || file.name.contains('\0') {
            return Err(format!(
                "cannot give the program a file named {:?}",
                file.name
            ));
        }
        trial.write_file(&path, b"").map_err(|e| {
            format!(
                "cannot give the program the file {:?}: {}",
                file.name,
                e.message()
            )
        })?;
    }
    Ok(())
}

/// [`run_program_with_files`] under other limits, and with the output also passed to
/// `live_output` as it is printed: the browser's worker lifts the instruction budget, since
/// its wall-clock watchdog (and Stop) end a run there, and streams the output to the page.
pub fn run_program_with(
    request: &RunRequest,
    limits: lang::Limits,
    files: &[ProgramFile],
    live_output: Option<lang::LiveOutput>,
) -> Result<RunReport, String> {
    let topology = topology::resolve(request.topology)?;
    check_files(files)?;
    let options = lang::RunOptions {
        filename: PROGRAM_FILENAME.to_string(),
        limits,
        environment: tf_binding::environment::variables(&topology),
        files: files
            .iter()
            .map(|f| (f.name.clone(), f.contents.clone()))
            .collect(),
        live_output,
    };
    let state = State::new(&topology, request.source);
    let mut host = EngineHost::new(state.clone());
    let print_options = tensor::format::set_print_options(Default::default());
    tensor::limits::start_run();
    let outcome = lang::run(request.source, &mut host, &options);
    tensor::format::set_print_options(print_options);
    drop(host);
    let (ops, transfers) = match state.ctx.try_borrow_mut() {
        Ok(mut ctx) => (
            std::mem::take(&mut ctx.recorder.ops),
            std::mem::take(&mut ctx.recorder.transfers),
        ),
        Err(_) => (Vec::new(), Vec::new()),
    };
    state.release();
    let simulation = sim::simulate(&topology.hardware, ops, transfers);
    let mut report = RunReport {
        stdout: outcome.stdout,
        stderr: outcome.stderr,
        exit_code: outcome.exit_code,
        error: outcome.error.map(error_report),
        topology: topology_report(&topology),
        ops: simulation.ops,
        transfers: simulation.transfers,
        metrics: simulation.metrics,
        trace: simulation.trace,
    };
    if let Some((op, message)) = simulation.oom {
        raise_oom(&mut report, op, message, request.source);
    }
    Ok(report)
}

/// The simulated memory ran out: the run ends with TensorFlow's `ResourceExhaustedError`
/// at the op that allocated, unless the program had already failed.
///
/// Values are computed before the simulation today, so output printed after that op is
/// still in stdout; the error and exit status are what TensorFlow would give.
fn raise_oom(report: &mut RunReport, op: u32, message: String, program: &str) {
    if report.error.is_some() {
        return;
    }
    let Some(op) = report.ops.get(op as usize) else {
        return;
    };
    let message = if op.execution == "eager" {
        format!(
            "{{{{function_node __wrapped__{0}_device_{1}}}}} {message} [Op:{0}]",
            op.op_type, op.device
        )
    } else {
        message
    };
    let line = op.line;
    let source = program
        .lines()
        .nth((line as usize).saturating_sub(1))
        .map_or("", str::trim)
        .to_string();
    report.stderr.push_str(&format!(
        "Traceback (most recent call last):\n  File \"{PROGRAM_FILENAME}\", line {line}, in \
         <module>\n    {source}\ntensorflow.python.framework.errors_impl.ResourceExhaustedError: \
         {message}\n"
    ));
    report.exit_code = 1;
    report.error = Some(ErrorReport {
        type_name: "ResourceExhaustedError".into(),
        message,
        traceback: vec![TracebackFrame {
            line,
            col: 0,
            function: "<module>".into(),
            source,
        }],
    });
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
    let hardware = &topology.hardware;
    let link_details: Vec<LinkReport> = hardware
        .links
        .iter()
        .map(|link| LinkReport {
            name: link.name.clone(),
            kind: format!("{:?}", link.kind).to_ascii_lowercase(),
            a: hardware.nodes[link.a].clone(),
            b: hardware.nodes[link.b].clone(),
            bandwidth_bytes_per_s: link.bandwidth_bytes_per_s,
            latency_us: link.latency_ns as f64 / 1e3,
            source: link.source.clone(),
        })
        .collect();
    TopologyReport {
        name: topology.document.name.clone(),
        devices: topology.devices.clone(),
        links: link_details.iter().map(|link| link.name.clone()).collect(),
        link_details,
        document: serde_json::to_value(topology.document.as_ref()).unwrap_or_default(),
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
