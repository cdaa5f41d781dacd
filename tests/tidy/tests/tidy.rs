//! The project's conventions, checked: each `.rs` file says what it is for in a `//!` comment
//! at its top, no file carries trailing whitespace, the web bundle parses floats and converts
//! case as CPython does.

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

/// The source files compiled into the web bundle (tests excluded), relative to the root.
fn shipped_sources() -> Vec<(String, String)> {
    let root = workspace_root();
    let shipped = [
        "crates/cpython_text/src",
        "crates/lang/src",
        "crates/report/src",
        "crates/tensor/src",
        "crates/hardware/src",
        "crates/sim/src",
        "crates/placer/src",
        "crates/runtime/src",
        "crates/tf_binding/src",
        "crates/engine/src",
        "crates/web/src",
        "crates/lessons/src",
    ];
    rust_sources(&root)
        .iter()
        .filter_map(|path| {
            let relative = path.strip_prefix(&root).unwrap_or(path);
            let is_shipped = shipped.iter().any(|dir| relative.starts_with(dir))
                && !relative
                    .components()
                    .any(|part| part.as_os_str() == "tests")
                && !relative.ends_with("tests.rs");
            let text = std::fs::read_to_string(path).ok()?;
            is_shipped.then(|| (relative.display().to_string(), text))
        })
        .collect()
}

/// The shipped files containing any of `patterns`, but for those named in `allowed`.
fn shipped_files_containing(patterns: &[&str], allowed: &[&str]) -> Vec<String> {
    shipped_sources()
        .into_iter()
        .filter(|(path, text)| {
            !allowed.iter().any(|name| path.ends_with(name))
                && patterns.iter().any(|pattern| text.contains(pattern))
        })
        .map(|(path, _)| path)
        .collect()
}

/// Rust's float parser brings a 10 KB table of powers of five that gzip cannot shrink into the
/// web bundle. The crates the bundle is built from parse floats with `cpython_text::parse_f64`.
#[test]
fn the_bundle_parses_floats_with_one_parser() {
    let offenders = shipped_files_containing(
        &[
            "parse::<f64>",
            "parse::<f32>",
            "f64::from_str",
            "f32::from_str",
        ],
        &["decimal_to_float.rs"],
    );
    assert!(
        offenders.is_empty(),
        "use cpython_text::parse_f64 instead of Rust's float parser in:\n{}",
        offenders.join("\n")
    );
}

/// Rust's `to_lowercase`/`to_uppercase` (of a char or a str) link core's case-conversion
/// tables (about 10 KB gzipped, pairs of chars that compress badly) into the web bundle, and
/// follow a newer Unicode than the CPython 3.11 the playground emulates. Python's mappings are
/// `cpython_text::str_lower`/`str_upper`/...; text that is ASCII by construction uses
/// `to_ascii_lowercase`/`to_ascii_uppercase`, which need no table.
#[test]
fn the_bundle_converts_case_without_rusts_unicode_tables() {
    let offenders = shipped_files_containing(
        &[
            "to_lowercase(",
            "to_uppercase(",
            "::to_lowercase",
            "::to_uppercase",
        ],
        &[],
    );
    assert!(
        offenders.is_empty(),
        "use cpython_text::str_lower/str_upper (Python text) or to_ascii_lowercase/\
         to_ascii_uppercase (ASCII text) instead of Rust's Unicode case conversion in:\n{}",
        offenders.join("\n")
    );
}
