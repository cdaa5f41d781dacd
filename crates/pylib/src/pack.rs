//! Packs: the library's files grouped into a few downloads for the web worker.
//!
//! The worker runs programs synchronously and so fetches a module's file with a blocking
//! request on its first import. One request per file cost `import keras` about 150 of them
//! (0.6 s on a local server, seconds over a real network's round trips). The site therefore
//! serves the library as one pack per library it imitates (`keras`, `numpy`, `_tensorflow`)
//! and one for the standard library: a program that imports Keras makes about four
//! requests, and a program that imports nothing from the library makes none.
//!
//! A pack is text: for each file, its path, a newline, its length in bytes, a newline, and
//! its source. `pack-library` (a binary of this crate, run by the site's build) writes them;
//! [`read`] parses one in the worker.

use std::collections::BTreeMap;

/// The top-level packages that are packs of their own: the libraries the playground
/// imitates, each fetched whole on its first import.
pub const LIBRARIES: [&str; 3] = ["keras", "numpy", "_tensorflow"];

/// The pack that holds everything else: the standard library's modules.
pub const STDLIB: &str = "stdlib";

/// The pack that holds the file at `path` (a path under the library root, as in
/// [`crate::INDEX`]).
pub fn pack_of(path: &str) -> &'static str {
    let top = path.split('/').next().unwrap_or_default();
    let is_package = path.contains('/');
    LIBRARIES
        .into_iter()
        .find(|&library| is_package && library == top)
        .unwrap_or(STDLIB)
}

/// The file name a pack is served under, beside the site's worker.
pub fn file_name(pack: &str) -> String {
    format!("{pack}.pack")
}

/// The text of a pack holding `files` (path, source), in their order.
pub fn write<'a>(files: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    let mut text = String::new();
    for (path, source) in files {
        text.push_str(path);
        text.push('\n');
        text.push_str(&source.len().to_string());
        text.push('\n');
        text.push_str(source);
    }
    text
}

/// The files (path, source) of a pack's text, or `None` when it is not a pack (a truncated
/// download, a server's error page).
pub fn read(text: &str) -> Option<Vec<(&str, &str)>> {
    let mut files = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let (path, after_path) = rest.split_once('\n')?;
        let (length, after_length) = after_path.split_once('\n')?;
        let length: usize = length.parse().ok()?;
        let source = after_length.get(..length)?;
        files.push((path, source));
        rest = &after_length[length..];
    }
    Some(files)
}

/// Every pack of the library: its name and its text.
pub fn all() -> BTreeMap<&'static str, String> {
    let mut grouped: BTreeMap<&str, Vec<(&str, &str)>> = BTreeMap::new();
    for &(path, source) in crate::FILES {
        grouped
            .entry(pack_of(path))
            .or_default()
            .push((path, source));
    }
    grouped
        .into_iter()
        .map(|(pack, files)| (pack, write(files)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_reads_back_from_its_pack() {
        let packs = all();
        let mut found = 0;
        for (pack, text) in &packs {
            for (path, source) in read(text).unwrap() {
                assert_eq!(pack_of(path), *pack);
                let embedded = crate::FILES.iter().find(|(file, _)| *file == path);
                assert_eq!(embedded.map(|(_, text)| *text), Some(source), "{path}");
                found += 1;
            }
        }
        assert_eq!(found, crate::FILES.len());
    }

    #[test]
    fn libraries_have_their_own_packs() {
        assert_eq!(pack_of("keras/src/layer.py"), "keras");
        assert_eq!(pack_of("numpy/__init__.py"), "numpy");
        assert_eq!(pack_of("_tensorflow/image_ops.py"), "_tensorflow");
        assert_eq!(pack_of("heapq.py"), STDLIB);
        assert_eq!(pack_of("collections/__init__.py"), STDLIB);
        // A module named like a library, outside a package, is the standard library's.
        assert_eq!(pack_of("keras.py"), STDLIB);
    }

    #[test]
    fn what_is_not_a_pack_is_refused() {
        for bad in [
            "a.py",
            "a.py\n",
            "a.py\nx\n",
            "a.py\n10\nshort",
            "a.py\n-1\n",
            "<html>not found</html>",
            "a.py\n1\n\u{e9}",
        ] {
            assert_eq!(read(bad), None, "{bad:?}");
        }
        assert_eq!(read(""), Some(vec![]));
        let text = write([("a.py", "x = '\u{e9}'\n"), ("b/c.py", "")]);
        assert_eq!(
            read(&text),
            Some(vec![("a.py", "x = '\u{e9}'\n"), ("b/c.py", "")])
        );
    }
}
