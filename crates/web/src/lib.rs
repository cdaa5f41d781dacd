//! `web`: the playground in the browser.
//!
//! Module map:
//! - [`state`]: the page's state and its one reducer (panes, theme, selection, embed mode).
//! - [`protocol`]: the messages between the page and the engine worker (JSON requests, bincode
//!   answers).
//! - [`engine_client`]: starts, talks to and stops the engine worker; [`engine_worker`]: the
//!   worker's side.
//! - [`share`]: versioned share links (state in the URL fragment) and their hostile-input
//!   decoding; [`browser`]: local storage, the location, the link compressor and
//!   decompressor, clipboard and downloads; [`link_reader`]: opening links and the autosave
//!   (unpack, the browser's inflate, read).
//! - [`lessons`]: the examples menu; [`quick_fix`]: edits that fix common placement errors.
//! - Teaching: the catalog lessons and exercises come from the `lessons` crate;
//!   [`exercise_link`] reads and writes exercise links, [`progress`] the passed exercises,
//!   [`markdown`] the lessons' text.
//! - [`terminal`]: output as a terminal shows it (`\r` redraws a line).
//! - [`highlight`], [`devices`], [`graph_layout`], [`placement_model`], [`timeline_model`]: the
//!   pure logic behind the editor overlay, device marks, the Graph, Placement and the Timeline
//!   (tested natively).
//! - [`components`]: one component per file; [`app`]: the root component.
//!
//! One binary, `playground`, builds from this crate (see `index.html`), and the page and the
//! engine's Web Worker both run it: on the page it renders [`app::App`]; in the worker
//! [`engine_worker`] runs programs with the engine, so the page never freezes and Stop can
//! end any program. The UI only renders the RunReport; it never
//! interprets programs itself. Component tests: `tests/components.rs` (wasm-bindgen-test in
//! headless Chromium); end to end: `tests/e2e`.

pub mod app;
pub mod browser;
pub mod components;
pub mod devices;
pub mod engine_client;
pub mod engine_worker;
pub mod exercise_link;
pub mod graph_layout;
pub mod highlight;
pub mod lessons;
pub mod link_reader;
pub mod markdown;
pub mod placement_model;
pub mod progress;
pub mod protocol;
pub mod quick_fix;
pub mod share;
pub mod state;
pub mod terminal;
pub mod timeline_model;
pub mod warm_up;
