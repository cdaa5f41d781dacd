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

/// The path the bundled library's files have in tracebacks (`pylib::PREFIX`, which the
/// wasm build does not link).
pub const LIBRARY_PREFIX: &str = "/lib/python3.11/";

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

/// The top-level modules a program can import, sorted: the native ones (`tensorflow`,
/// `numpy`), lang's builtins and the public modules of the bundled library whose file list
/// is `library_index` (`pylib::INDEX`). The page lists them when an import fails.
pub fn importable_modules(library_index: &str) -> Vec<String> {
    let mut names: Vec<String> = ["numpy", "tensorflow"]
        .iter()
        .chain(lang::builtins::modules::BUILTIN_MODULE_NAMES)
        .map(|name| name.to_string())
        .collect();
    for path in library_index.lines() {
        let top = path.split('/').next().unwrap_or(path);
        let top = top.strip_suffix(".py").unwrap_or(top);
        if !top.is_empty() && !top.starts_with('_') && top != "INDEX" {
            names.push(top.to_string());
        }
    }
    names.sort();
    names.dedup();
    names
}

#[cfg(test)]
mod importable_tests {
    #[test]
    fn the_library_prefix_is_pylibs() {
        assert_eq!(super::LIBRARY_PREFIX, pylib::PREFIX);
    }

    #[test]
    fn lists_native_builtin_and_library_modules_once() {
        let names = super::importable_modules(pylib::INDEX);
        for expected in [
            "tensorflow",
            "numpy",
            "math",
            "collections",
            "enum",
            "unittest",
        ] {
            assert!(
                names.iter().any(|n| n == expected),
                "{expected} missing from {names:?}"
            );
        }
        assert!(!names.iter().any(|n| n.starts_with('_') || n.contains('/')));
        let mut sorted = names.clone();
        sorted.dedup();
        assert_eq!(sorted, names);
    }
}
