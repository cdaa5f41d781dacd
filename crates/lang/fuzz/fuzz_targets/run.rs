//! Fuzz target `run`: any bytes, read as (lossy) UTF-8, run as a program under small limits.
//! The run must end (with output or a Python exception) without a Rust panic.
#![no_main]

use lang::host::NoHost;
use lang::{run, Limits, RunOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let source = String::from_utf8_lossy(data);
    let limits = Limits {
        max_instructions: 20_000,
        max_sequence_len: 100_000,
        max_int_bits: 10_000,
        ..Limits::default()
    };
    let options = RunOptions {
        filename: "main.py".into(),
        limits,
        ..RunOptions::default()
    };
    let _ = run(&source, &mut NoHost, &options);
});
