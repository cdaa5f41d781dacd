//! `engine`: the TensorFlow emulation. It runs a program on a topology and produces the
//! [`RunReport`], the one contract every front end reads.
//!
//! Module map:
//! - [`report`]: the RunReport data types (serde), as DESIGN.md fixes them.
//! - [`topology`]: the machines a program can run on and their device names.
//! - [`run`]: the entry point that wires the language to the engine's host modules.
//!
//! The engine knows nothing of the browser or the terminal: `crates/cli` and `crates/web`
//! call [`run_program`] and render its report. Tests live beside each module; the
//! conformance corpus runs through `tests/conformance_runner`.

pub mod report;
pub mod run;
pub mod topology;

pub use report::RunReport;
pub use run::{run_program, RunRequest};
