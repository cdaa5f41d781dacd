//! Fuzz target `parse`: any bytes, read as (lossy) UTF-8, go through `parse_module`, which must
//! return (a module or a syntax error) without panicking, hanging or overflowing the stack;
//! rendering the error must not panic either.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let source = String::from_utf8_lossy(data);
    if let Err(error) = lang::parser::parse_module(&source) {
        let rendered = error.render(&source, "main.py");
        assert!(rendered.ends_with('\n'));
    }
});
