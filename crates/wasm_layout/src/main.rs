//! `wasm-layout IN.wasm OUT.wasm`: writes IN with its functions named in the order that gzip
//! compresses best (see the library); `wasm-opt --reorder-functions-by-name` then applies it.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = args.as_slice() else {
        eprintln!("usage: wasm-layout IN.wasm OUT.wasm");
        return ExitCode::from(2);
    };
    let result = std::fs::read(input)
        .map_err(|e| format!("{input}: {e}"))
        .and_then(|wasm| wasm_layout::layout(&wasm))
        .and_then(|laid_out| {
            std::fs::write(output, laid_out).map_err(|e| format!("{output}: {e}"))
        });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("wasm-layout: {error}");
            ExitCode::FAILURE
        }
    }
}
