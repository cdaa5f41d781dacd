//! Conventions enforced by tests rather than by review (as rust-analyzer's `tidy.rs` does).
//! The checks are in `tests/tidy.rs`; this library only finds the files they look at.

use std::path::{Path, PathBuf};

/// The workspace root, two levels above this crate.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every Rust source file of the project, skipping build output, dependencies and fuzz corpora.
pub fn rust_sources(root: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![root.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if path.is_dir() {
                let skipped = [
                    "target",
                    "node_modules",
                    "dist",
                    ".git",
                    "corpus",
                    "artifacts",
                ];
                if !skipped.contains(&name.as_ref()) && !name.starts_with('.') {
                    pending.push(path);
                }
            } else if name.ends_with(".rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}
