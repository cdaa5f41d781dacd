//! The bundled Python library: the standard-library modules programs import (`heapq`,
//! `itertools`, ...), written in Python by this project and kept as files under `python/`.
//!
//! Native front ends embed them through this crate; the web worker fetches the same files,
//! grouped in [`pack`]s (the site's `pylib/`), on first import, so they cost nothing on page
//! load. [`INDEX`] lists the modules for the worker, which asks only for files that exist.

pub mod pack;

/// Every file of the library: its path under `python/` and its text.
const FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/files.rs"));

/// The prefix of the library's paths in tracebacks, as a CPython install shows its own.
pub const PREFIX: &str = "/lib/python3.11/";

/// The first line of a module that stands in for one CPython implements in C (`io`):
/// tracebacks leave its frames out, as CPython's have none for C code.
pub const C_MODULE_MARKER: &str = "# playground: a C module in CPython";

/// Whether a module's source starts with [`C_MODULE_MARKER`].
pub fn hides_frames(source: &str) -> bool {
    source.starts_with(C_MODULE_MARKER)
}

/// The index the web worker reads: one module file path per line (`python/INDEX`).
pub const INDEX: &str = include_str!("../python/INDEX");

/// A module file of the library.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct File {
    /// Its path under the library root (`heapq.py`, `json/__init__.py`).
    pub path: &'static str,
    pub source: &'static str,
    /// A package's `__init__.py`.
    pub is_package: bool,
}

/// The path of module `name`'s file under the library root, as a module and as a package,
/// in the order they are looked for.
pub fn candidate_paths(name: &str) -> [(String, bool); 2] {
    let path = name.replace('.', "/");
    [
        (format!("{path}.py"), false),
        (format!("{path}/__init__.py"), true),
    ]
}

/// Module `name` (dotted), if the library has it.
pub fn find(name: &str) -> Option<File> {
    if !is_module_name(name) {
        return None;
    }
    candidate_paths(name)
        .into_iter()
        .find_map(|(path, is_package)| {
            FILES
                .iter()
                .find(|(file, _)| *file == path)
                .map(|&(path, source)| File {
                    path,
                    source,
                    is_package,
                })
        })
}

/// Whether `name` is a dotted module name (identifiers only), so no name reaches a path
/// outside the library.
pub fn is_module_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 200
        && name.split('.').all(|part| {
            let mut chars = part.chars();
            chars
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_lists_every_file_once() {
        let mut listed: Vec<&str> = INDEX.lines().filter(|l| !l.is_empty()).collect();
        listed.sort();
        let mut files: Vec<&str> = FILES.iter().map(|(path, _)| *path).collect();
        files.sort();
        assert_eq!(
            listed, files,
            "python/INDEX must list every .py file under python/ (one path per line)"
        );
    }

    #[test]
    fn finds_modules_and_nothing_outside_the_library() {
        let heapq = find("heapq").unwrap();
        assert_eq!(heapq.path, "heapq.py");
        assert!(!heapq.is_package);
        for hostile in [
            "",
            "../etc/passwd",
            "a..b",
            "heapq/",
            "/heapq",
            "1abc",
            "heap q",
        ] {
            assert_eq!(find(hostile), None, "{hostile}");
        }
        assert_eq!(find("no_such_module"), None);
    }
}
