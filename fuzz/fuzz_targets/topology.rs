//! Fuzz target `topology`: any bytes as a topology document (the UI's editor, a share link,
//! `placement run --topology FILE`). Resolving must accept it or say why, never panic, and a
//! machine it accepts must describe itself (the report every run starts from).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(topology) = engine::topology::resolve(&text) {
        let _ = engine::run_program(&engine::RunRequest {
            source: "",
            topology: &text,
        });
        let _ = topology;
    }
});
