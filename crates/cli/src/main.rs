//! `placement`: the playground's engine on the command line.
//!
//! ```text
//! placement run [--topology NAME] [--json] FILE.py    run a program, print its output or RunReport
//! placement topologies                                list the machines programs can run on
//! ```
//! Output mirrors `python3 FILE.py`: the program's stdout on stdout, its traceback on stderr,
//! and its exit status. With `--json` the whole RunReport goes to stdout instead.

use lexopt::prelude::*;
use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "usage:
  placement run [--topology NAME] [--json] FILE.py
  placement topologies";

fn main() -> ExitCode {
    match dispatch() {
        Ok(code) => code,
        Err(message) => {
            eprintln!("placement: {message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn dispatch() -> Result<ExitCode, String> {
    let mut parser = lexopt::Parser::from_env();
    let command = match parser.next().map_err(|e| e.to_string())? {
        Some(lexopt::Arg::Value(value)) => value.string().map_err(|e| e.to_string())?,
        Some(lexopt::Arg::Long("help")) | Some(lexopt::Arg::Short('h')) | None => {
            emit(&mut std::io::stdout(), &format!("{USAGE}\n"));
            return Ok(ExitCode::SUCCESS);
        }
        Some(other) => return Err(other.unexpected().to_string()),
    };
    match command.as_str() {
        "run" => run(parser),
        "topologies" => {
            let listing: String = engine::topology::presets()
                .iter()
                .map(|topology| format!("{:<16} {}\n", topology.name, topology.label))
                .collect();
            emit(&mut std::io::stdout(), &listing);
            Ok(ExitCode::SUCCESS)
        }
        other => Err(format!("unknown command '{other}'")),
    }
}

fn run(mut parser: lexopt::Parser) -> Result<ExitCode, String> {
    let mut topology = String::from("cpu");
    let mut json = false;
    let mut file = None;
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            lexopt::Arg::Long("topology") | lexopt::Arg::Short('t') => {
                topology = parser
                    .value()
                    .map_err(|e| e.to_string())?
                    .string()
                    .map_err(|e| e.to_string())?;
            }
            lexopt::Arg::Long("json") => json = true,
            lexopt::Arg::Value(path) if file.is_none() => file = Some(path),
            other => return Err(other.unexpected().to_string()),
        }
    }
    let path = file.ok_or("run needs a FILE.py")?;
    let source = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.to_string_lossy()))?;
    let report = engine::run_program(&engine::RunRequest {
        source: &source,
        topology: &topology,
    })?;
    if json {
        let text = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
        emit(&mut std::io::stdout(), &(text + "\n"));
    } else {
        // As a Python process would: everything printed, then the traceback.
        emit(&mut std::io::stdout(), &report.stdout);
        emit(&mut std::io::stderr(), &report.stderr);
    }
    Ok(ExitCode::from(report.exit_code.clamp(0, 255) as u8))
}

/// Writes `text` and flushes, ignoring failures: a closed pipe (`placement run ... | head`)
/// must end the output quietly, not panic as `println!` would.
fn emit(out: &mut impl Write, text: &str) {
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}
