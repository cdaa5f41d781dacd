//! `web`: the playground in the browser.
//!
//! Module map:
//! - [`state`]: the page's state and its one reducer.
//! - [`protocol`]: the JSON messages between the page and the engine worker.
//! - [`engine_client`]: starts, talks to and stops the engine worker.
//! - [`components`]: one component per file (editor, toolbar, console).
//! - [`app`]: the root component.
//!
//! Two binaries build from this crate (see `index.html`): `app` renders [`app::App`] on the
//! UI thread; `worker` runs programs with the engine in a Web Worker, so the page never
//! freezes and Stop can end any program. The UI only renders the RunReport; it never
//! interprets programs itself. Component tests: `tests/components.rs` (wasm-bindgen-test in
//! headless Chromium).

pub mod app;
pub mod components;
pub mod engine_client;
pub mod protocol;
pub mod state;
