//! `lessons`: lessons and exercises for classrooms and tutorials.
//!
//! Module map:
//! - [`exercise`]: the exercise format (title, instructions, starter code, topology, panes to
//!   hide or lock, hints, checks), read from JSON or (feature `toml`) TOML and validated as
//!   untrusted input.
//! - [`pattern`]: the glob patterns checks use for op, device and link names.
//! - [`checks`]: each check's rule evaluated against the engine's [`engine::RunReport`].
//! - [`results`]: all checks of an exercise as Exercism's `results.json` (version 3), with
//!   hidden checks redacted for students.
//! - [`catalog`]: the five built-in lessons (`content/`), embedded at build time.
//! - [`programs`]: the whole programs in a lesson's text, with their machine and intended error.
//!
//! Everything is a pure function of its inputs: no files, no clock, no terminal. The CLI
//! (`placement check`) reads files and calls [`results::grade`]; the web app runs the program
//! in its worker and calls [`results::evaluate`] on the report.

pub mod catalog;
pub mod checks;
pub mod exercise;
pub mod pattern;
pub mod programs;
pub mod results;

pub use catalog::{lessons, Lesson};
pub use exercise::{Check, Exercise, Pane, Panes, Rule};
pub use results::{evaluate, grade, Audience, Results, Status, TestResult};
