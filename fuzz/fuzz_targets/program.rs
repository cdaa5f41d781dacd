//! Fuzz target `program`: any bytes as a program run by the engine on the `cpu` topology,
//! so `tensorflow`, `numpy` and `os` are importable, with the default limits but a smaller
//! instruction budget: large enough to build chains of 10^5 objects (the depth a crash needs),
//! small enough for hundreds of runs a second. The run must end with a report, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[global_allocator]
static ALLOCATOR: engine::MeteredAllocator = engine::MeteredAllocator;

fuzz_target!(|data: &[u8]| {
    let source = String::from_utf8_lossy(data);
    let _ = engine::run::run_program_with_limits(
        &engine::RunRequest {
            source: &source,
            topology: "cpu",
        },
        lang::Limits {
            max_instructions: 2_000_000,
            max_memory_bytes: 256 << 20,
            ..lang::Limits::default()
        },
    );
});
