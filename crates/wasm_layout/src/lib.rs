//! Lays out a WebAssembly module's function bodies for gzip.
//!
//! The site's module is served gzipped, and gzip finds repeats only within the last 32 KB it
//! has read. The order of the function bodies therefore decides how many repeats it finds: a
//! body placed after bodies that share its instruction sequences costs a fraction of what it
//! costs next to unrelated code. wasm-opt's `--reorder-functions-by-name` already groups a
//! module's code by Rust path; [`order::compression_order`] goes further and picks, one body at
//! a time, the candidate that deflate encodes most cheaply after the bodies placed before it.
//!
//! [`import_names`] also shortens the hashed import names wasm-bindgen writes into the module
//! and its JS glue.
//!
//! This crate only chooses the order. It writes it as function names ([`module::rename`]), and
//! `wasm-opt --reorder-functions-by-name` moves the bodies and renumbers every reference, so no
//! index is rewritten here. `scripts/wasm-layout.sh` runs both steps on the release build.

pub mod import_names;
pub mod module;
pub mod order;
pub mod sketch;

/// The module `wasm` with its defined functions renamed so that sorting by name gives the
/// order [`order::compression_order`] chose with `candidates`; imported functions keep their
/// names.
pub fn layout(wasm: &[u8], candidates: usize) -> Result<Vec<u8>, String> {
    let functions = module::read(wasm)?;
    let order = order::compression_order(&functions.bodies, &functions.names, candidates);
    module::rename(wasm, functions.imported, &order, &functions.import_names)
}
