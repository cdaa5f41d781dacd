//! `placement`: the playground's engine on the command line.
//!
//! ```text
//! placement run [--topology NAME|FILE.json] [--file [NAME=]PATH]... [--json] [--trace OUT.json] FILE.py
//!                                  run a program, print its output or RunReport
//! placement topologies [--json]    list the machines programs can run on (or their documents)
//! placement check [--json] [--student] EXERCISE.toml SOLUTION.py|DIR
//!                                  grade a solution (or every .py in DIR) against an exercise
//! ```
//! `--topology` takes a preset name or a topology document (JSON; see `engine::hardware::spec`).
//! `--file` gives the program a file it opens by name (`--file data.csv` or
//! `--file train.csv=/path/to/data.csv`); it may be repeated.
//! `--trace` writes the run's Chrome Trace Event JSON, which Perfetto opens.
//! Output mirrors `python3 FILE.py`: the program's stdout on stdout, its traceback on stderr,
//! and its exit status. With `--json` the whole RunReport goes to stdout instead.
//! `check` prints each check's result (Exercism's results.json with `--json`) and exits 0 only
//! if every check of every submission passed; see [`check`].

mod check;

use lexopt::prelude::*;
use std::io::Write;
use std::process::ExitCode;

/// Counts the run's live memory, so a program that allocates without end stops with a
/// `MemoryError` at the playground's cap instead of exhausting the machine.
#[global_allocator]
static ALLOCATOR: engine::MeteredAllocator = engine::MeteredAllocator;

const USAGE: &str = "usage:
  placement run [--topology NAME|FILE.json] [--file [NAME=]PATH]... [--json] [--trace OUT.json] FILE.py
  placement topologies [--json]
  placement check [--json] [--student] EXERCISE.toml SOLUTION.py|DIR";

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
        "topologies" => topologies(parser),
        "check" => check::check(parser),
        other => Err(format!("unknown command '{other}'")),
    }
}

/// Lists the presets with their devices and main figures, or prints their documents.
fn topologies(mut parser: lexopt::Parser) -> Result<ExitCode, String> {
    let mut json = false;
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            lexopt::Arg::Long("json") => json = true,
            other => return Err(other.unexpected().to_string()),
        }
    }
    let presets = engine::topology::presets();
    if json {
        let documents: Vec<_> = presets.iter().map(|t| t.document.as_ref()).collect();
        let text = serde_json::to_string_pretty(&documents).map_err(|e| e.to_string())?;
        emit(&mut std::io::stdout(), &(text + "\n"));
        return Ok(ExitCode::SUCCESS);
    }
    let mut listing = String::new();
    for topology in &presets {
        listing.push_str(&format!("{:<16} {}\n", topology.name, topology.label));
        let mut models: Vec<String> = Vec::new();
        let compute =
            |d: &&engine::hardware::Device| matches!(d.device_type.as_str(), "CPU" | "GPU" | "TPU");
        for device in topology.hardware.devices.iter().filter(compute) {
            let chip = &device.chip;
            let peak = chip.peak_flops.values().copied().fold(0.0, f64::max);
            let line = format!(
                "{} × {} ({}): {:.1} TFLOP/s peak, {:.1} GB at {:.0} GB/s",
                topology
                    .hardware
                    .devices
                    .iter()
                    .filter(|d| d.chip == *chip && d.device_type == device.device_type)
                    .count(),
                chip.model,
                device.device_type,
                peak / 1e12,
                chip.memory_bytes as f64 / 1e9,
                chip.memory_bandwidth_bytes_per_s / 1e9,
            );
            if !models.contains(&line) {
                models.push(line);
            }
        }
        for line in models {
            listing.push_str(&format!("{:<17}{line}\n", ""));
        }
        let mut kinds: Vec<&str> = topology
            .hardware
            .links
            .iter()
            .map(|l| l.kind.name())
            .collect();
        kinds.sort_unstable();
        kinds.dedup();
        if !kinds.is_empty() {
            listing.push_str(&format!(
                "{:<17}{} links: {}\n",
                "",
                topology.hardware.links.len(),
                kinds.join(", ")
            ));
        }
    }
    emit(&mut std::io::stdout(), &listing);
    Ok(ExitCode::SUCCESS)
}

/// The most a topology file may hold: the engine accepts documents up to 1 MiB.
const TOPOLOGY_FILE_MAX: u64 = 1 << 20;

/// Reads a topology document from a file. A file that is not one is refused by its name
/// alone: its contents are never echoed (`--topology /etc/passwd` must not print the file).
fn read_topology_file(path: &str) -> Result<String, String> {
    use std::io::Read;
    let not_a_document = || format!("{path} is not a topology document (JSON of at most 1 MiB)");
    let file =
        std::fs::File::open(path).map_err(|e| format!("cannot read topology {path}: {e}"))?;
    let mut text = String::new();
    file.take(TOPOLOGY_FILE_MAX + 1)
        .read_to_string(&mut text)
        .map_err(|_| not_a_document())?;
    if text.len() as u64 > TOPOLOGY_FILE_MAX || !text.trim_start().starts_with('{') {
        return Err(not_a_document());
    }
    Ok(text)
}

/// `--file PATH` or `--file NAME=PATH`: a host file the program finds in its working
/// directory under its base name (or NAME). Only the named file is read, and at most
/// `engine::run::PROGRAM_FILES_MAX_BYTES` of it.
fn read_program_file(spec: &str) -> Result<engine::ProgramFile, String> {
    let (name, path) = match spec.split_once('=') {
        Some((name, path)) if !name.is_empty() => (name.to_string(), path),
        _ => {
            let base = std::path::Path::new(spec)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .ok_or_else(|| format!("--file {spec}: not a file name"))?;
            (base, spec)
        }
    };
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut contents = Vec::new();
    let limit = engine::run::PROGRAM_FILES_MAX_BYTES as u64 + 1;
    std::io::Read::read_to_end(&mut std::io::Read::take(file, limit), &mut contents)
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    Ok(engine::ProgramFile { name, contents })
}

fn run(mut parser: lexopt::Parser) -> Result<ExitCode, String> {
    let mut topology = String::from("cpu");
    let mut json = false;
    let mut trace = None;
    let mut file = None;
    let mut files = Vec::new();
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
            lexopt::Arg::Long("file") | lexopt::Arg::Short('f') => {
                let spec = parser.value().map_err(|e| e.to_string())?;
                files.push(read_program_file(&spec.to_string_lossy())?);
            }
            lexopt::Arg::Long("trace") => {
                trace = Some(parser.value().map_err(|e| e.to_string())?);
            }
            lexopt::Arg::Value(path) if file.is_none() => file = Some(path),
            other => return Err(other.unexpected().to_string()),
        }
    }
    let path = file.ok_or("run needs a FILE.py")?;
    let source = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.to_string_lossy()))?;
    // A name that is not a preset but is a readable file is a topology document.
    let is_preset = engine::topology::presets()
        .iter()
        .any(|t| t.name == topology);
    if !is_preset && std::path::Path::new(&topology).is_file() {
        topology = read_topology_file(&topology)?;
    }
    let report = engine::run_program_with_files(
        &engine::RunRequest {
            source: &source,
            topology: &topology,
        },
        &files,
    )?;
    if let Some(out) = trace {
        let text = report.trace.as_str().to_string();
        std::fs::write(&out, text + "\n")
            .map_err(|e| format!("cannot write {}: {e}", out.to_string_lossy()))?;
    }
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
pub(crate) fn emit(out: &mut impl Write, text: &str) {
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}
