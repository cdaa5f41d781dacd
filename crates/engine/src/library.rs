//! Where the bundled Python library comes from: the standard-library modules written in
//! Python (`crates/pylib`) that programs import after the native modules (`tensorflow`,
//! `numpy`) and before the program's own files.
//!
//! Native builds embed the files (`pylib::find`). In the browser the engine cannot reach
//! the network itself: the web worker installs a [`Finder`] that fetches a module's file on
//! its first import, so the library costs nothing on page load.

use std::sync::OnceLock;

pub use lang::host::ModuleSource;

/// Finds module `name` (dotted) in the library.
pub type Finder = fn(&str) -> Option<ModuleSource>;

static FINDER: OnceLock<Finder> = OnceLock::new();

/// Makes `finder` the library's source for this process (the web worker's fetcher); false
/// when one was installed already.
pub fn install(finder: Finder) -> bool {
    FINDER.set(finder).is_ok()
}

/// Module `name`'s source, from the installed finder or else the embedded files.
pub fn find(name: &str) -> Option<ModuleSource> {
    if let Some(finder) = FINDER.get() {
        return finder(name);
    }
    embedded(name)
}

#[cfg(not(target_arch = "wasm32"))]
fn embedded(name: &str) -> Option<ModuleSource> {
    pylib::find(name).map(|file| ModuleSource {
        filename: format!("{}{}", pylib::PREFIX, file.path),
        source: file.source.to_string(),
        is_package: file.is_package,
        hide_frames: pylib::hides_frames(file.source),
    })
}

/// The wasm module does not carry the library: the worker's finder fetches it.
#[cfg(target_arch = "wasm32")]
fn embedded(_name: &str) -> Option<ModuleSource> {
    None
}
