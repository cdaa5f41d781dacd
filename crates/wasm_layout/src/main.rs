//! The release build's two passes over the site's module (see the library):
//!
//! - `wasm-layout order IN.wasm OUT.wasm [CANDIDATES]` writes IN with its functions named in the
//!   order gzip compresses best, deflating CANDIDATES bodies at each step (default
//!   [`wasm_layout::order::CANDIDATES`]); `wasm-opt --reorder-functions-by-name` then applies it.
//! - `wasm-layout short-imports MODULE.wasm GLUE.js` renames wasm-bindgen's hashed imports in
//!   both files, in place.

use std::process::ExitCode;

fn read(path: &str) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("{path}: {e}"))
}

fn write(path: &str, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("{path}: {e}"))
}

fn run(args: &[String]) -> Result<(), String> {
    match args {
        [command, input, output, count @ ..] if command == "order" && count.len() <= 1 => {
            let candidates = match count.first() {
                None => wasm_layout::order::CANDIDATES,
                Some(count) => count
                    .parse()
                    .map_err(|_| format!("not a count of candidates: {count}"))?,
            };
            write(output, &wasm_layout::layout(&read(input)?, candidates)?)
        }
        [command, module, glue] if command == "short-imports" => {
            let wasm = read(module)?;
            let text = String::from_utf8(read(glue)?).map_err(|e| format!("{glue}: {e}"))?;
            let (wasm, text) = wasm_layout::import_names::shorten(&wasm, &text)?;
            write(module, &wasm)?;
            write(glue, text.as_bytes())
        }
        _ => Err(
            "usage: wasm-layout order IN.wasm OUT.wasm [CANDIDATES] | short-imports MODULE.wasm GLUE.js".into(),
        ),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("wasm-layout: {error}");
            ExitCode::FAILURE
        }
    }
}
