//! Fuzz target `exercise`: any bytes as an exercise document, read as TOML (`placement
//! check`) and as JSON (an exercise link). Reading must accept it or say why, never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = lessons::Exercise::from_toml(&text);
    let _ = lessons::Exercise::from_json(&text);
});
