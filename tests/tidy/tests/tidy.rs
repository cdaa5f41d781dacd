//! The project's conventions, checked: each `.rs` file says what it is for in a `//!` comment
//! at its top, and no file carries trailing whitespace.

use tidy::{rust_sources, workspace_root};

#[test]
fn every_rust_file_starts_with_a_module_doc() {
    let root = workspace_root();
    let sources = rust_sources(&root);
    assert!(
        sources.len() > 10,
        "found only {} Rust files under {}",
        sources.len(),
        root.display()
    );
    let missing: Vec<String> = sources
        .iter()
        .filter(|path| {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            !text.trim_start().starts_with("//!")
        })
        .map(|path| {
            path.strip_prefix(&root)
                .unwrap_or(path)
                .display()
                .to_string()
        })
        .collect();
    assert!(
        missing.is_empty(),
        "files without a leading `//!` doc comment:\n{}",
        missing.join("\n")
    );
}

#[test]
fn no_trailing_whitespace() {
    let root = workspace_root();
    let offenders: Vec<String> = rust_sources(&root)
        .iter()
        .flat_map(|path| {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            let shown = path
                .strip_prefix(&root)
                .unwrap_or(path)
                .display()
                .to_string();
            text.lines()
                .enumerate()
                .filter(|(_, line)| line.ends_with(' ') || line.ends_with('\t'))
                .map(|(i, _)| format!("{shown}:{}", i + 1))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        offenders.is_empty(),
        "trailing whitespace:\n{}",
        offenders.join("\n")
    );
}
