//! `engine`: the TensorFlow emulation. It runs a program on a topology and produces the
//! [`RunReport`], the one contract every front end reads.
//!
//! Module map:
//! - [`device`]: TensorFlow device names (C++ `DeviceNameUtils`, Python `DeviceSpec`), nested
//!   scopes, and the set of devices of a machine.
//! - [`kernels`]: which op type has a kernel on which device type (tf-semantics.md §7).
//! - [`placer`]: graph placement (§2.3) and eager placement (§2.4), with TensorFlow's error
//!   texts (§3) and a reason for every choice.
//! - [`runtime`]: TensorFlow's runtime for one program: the context (machine, soft placement,
//!   scopes), eager execution, graphs with TF's op names, Sessions, variables, tf.function
//!   tracing, `tf.distribute` and the TPU lifecycle, and the recorder that fills the
//!   report's ops and transfers.
//! - [`report`]: the RunReport data types (serde), as DESIGN.md fixes them; [`error_text`]:
//!   what an error's message says beyond its first line (the failed op, its line).
//! - [`tensor`]: dtypes, shapes, tensors with real values, the CPU kernels with TensorFlow's
//!   error texts, and printing exactly as TensorFlow and NumPy print.
//! - [`topology`]: the machines a program can run on: device names plus the hardware model.
//! - [`hardware`]: topology documents (chips with sourced figures, hosts, links, ICI torus),
//!   validation, presets, and how long work takes on a device (roofline, MXU model).
//! - [`sim`]: the discrete-event simulator: schedule, links, memory, collectives, partitioning
//!   (`_Send`/`_Recv`), metrics and the Chrome trace.
//! - [`python`]: the Python binding: the `tensorflow` and `numpy` modules programs
//!   import, on lang's host interface.
//! - [`library`]: where the bundled Python library comes from (embedded natively, fetched
//!   by the web worker).
//! - [`run`]: the entry point that wires the language to the engine's host modules.
//!
//! The engine knows nothing of the browser or the terminal: `crates/cli` and `crates/web`
//! call [`run_program`] and render its report. Unit tests live beside each module; the
//! placer's corpus and property tests are in `tests/placer_*.rs`, its benchmark in
//! `benches/placement.rs`; the conformance corpus runs through `tests/conformance-runner`.

pub mod error_text;
pub mod run;

pub use hardware::topology;
pub use placer::{device, kernels};
pub use tf_binding as python;
pub use tf_binding::library;
pub use {hardware, placer, report, runtime, sim, tensor};

/// The allocator every binary that runs programs installs (`#[global_allocator]`), so the
/// run's memory cap sees what the program holds (see `meter::memory`).
pub use meter::memory::MeteredAllocator;
pub use report::RunReport;
pub use run::{run_program, run_program_with_files, ProgramFile, RunRequest};
