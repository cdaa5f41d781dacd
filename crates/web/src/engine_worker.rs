//! The worker side of the engine: receives a program from the page, runs it, posts its output
//! as it is printed and then the RunReport. `www/engine_worker.js` starts the page's own wasm module in the worker
//! (the page hands it the compiled module, see [`crate::engine_client`]), and the module's
//! entry point calls [`serve`] when it finds itself in a worker scope. The page can
//! terminate the worker at any time (Stop).

use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// Whether this instance runs in a dedicated worker (the engine's) rather than on the page.
pub fn in_worker() -> bool {
    js_sys::global()
        .dyn_into::<DedicatedWorkerGlobalScope>()
        .is_ok()
}

/// Where the site keeps the bundled Python library's packs (scripts/pack-library.sh writes
/// them there), relative to this worker's script.
const LIBRARY_URL: &str = "pylib/";

/// The User Timing names of a run in the worker: its start mark and its measure.
const ENGINE_RUN_START: &str = "engine run start";
const ENGINE_RUN: &str = "engine run";

/// Answers every run request the page sends, then says it is ready for them.
pub fn serve() {
    engine::library::install(fetch_library_module);
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_scope = scope.clone();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        let Some(raw) = event.data().as_string() else {
            return;
        };
        ASKED.with(|asked| asked.set(true));
        let output_scope = reply_scope.clone();
        let post_output = Box::new(move |bytes: &[u8]| post_bytes(&output_scope, bytes));
        let performance = reply_scope.performance();
        if let Some(performance) = &performance {
            let _ = performance.mark(ENGINE_RUN_START);
        }
        let answer = crate::protocol::answer_message(&raw, js_sys::Date::now, post_output);
        // The engine's share of a run (the run and the report's encoding) as a User Timing
        // measure: DevTools' Performance panel shows it, and the end-to-end benchmark reads
        // it from the worker to tell the engine's time from the page's.
        if let Some(performance) = &performance {
            let _ = performance.measure_with_start_mark(ENGINE_RUN, ENGINE_RUN_START);
        }
        post_bytes(&reply_scope, &answer);
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker does.
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(crate::protocol::WORKER_READY));
    schedule_warm_up(&scope);
}

thread_local! {
    /// Whether the page has asked this worker for a run yet.
    static ASKED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs [`crate::warm_up`] once, [`crate::warm_up::IDLE_MS`] after the worker is ready,
/// unless the page has asked for a run by then.
fn schedule_warm_up(scope: &DedicatedWorkerGlobalScope) {
    let warm_up = Closure::once_into_js(|| {
        if !ASKED.with(|asked| asked.get()) {
            crate::warm_up::run();
        }
    });
    let _ = scope.set_timeout_with_callback_and_timeout_and_arguments_0(
        warm_up.unchecked_ref(),
        crate::warm_up::IDLE_MS,
    );
}

/// Posts a message's bytes to the page; they move rather than being copied.
fn post_bytes(scope: &DedicatedWorkerGlobalScope, bytes: &[u8]) {
    let array = js_sys::Uint8Array::from(bytes);
    let transfer = js_sys::Array::of1(&array.buffer());
    let _ = scope.post_message_with_transfer(&array, &transfer);
}

/// The worker's [`engine::library::Finder`]: module `name`'s file, from its pack (see
/// [`pylib::pack`]), which is fetched whole with a synchronous request on the first import of
/// one of its files (a worker may block; the engine runs synchronously). Only files the
/// library's index lists are looked for, so a missing module costs no request. The server
/// may send packs compressed; the browser inflates them.
fn fetch_library_module(name: &str) -> Option<engine::library::ModuleSource> {
    thread_local! {
        /// The packs fetched so far, each as its files' sources by path.
        static PACKS: RefCell<HashMap<&'static str, HashMap<String, String>>> =
            RefCell::new(HashMap::new());
    }
    if !pylib::is_module_name(name) {
        return None;
    }
    let (path, is_package) = pylib::candidate_paths(name)
        .into_iter()
        .find(|(path, _)| pylib::INDEX.lines().any(|line| line == path))?;
    let pack = pylib::pack::pack_of(&path);
    let source = PACKS.with(|packs| {
        let mut packs = packs.borrow_mut();
        if !packs.contains_key(pack) {
            // Not kept when it fails, so a later import asks again.
            let text = fetch_text(&pylib::pack::file_name(pack))?;
            let files = pylib::pack::read(&text)?
                .into_iter()
                .map(|(path, source)| (path.to_owned(), source.to_owned()))
                .collect();
            packs.insert(pack, files);
        }
        packs[pack].get(&path).cloned()
    })?;
    Some(engine::library::ModuleSource {
        filename: format!("{}{path}", pylib::PREFIX),
        hide_frames: pylib::hides_frames(&source),
        source,
        is_package,
    })
}

/// A file of the library as text, or `None` when it cannot be had.
fn fetch_text(path: &str) -> Option<String> {
    let request = web_sys::XmlHttpRequest::new().ok()?;
    request
        .open_with_async("GET", &format!("{LIBRARY_URL}{path}"), false)
        .ok()?;
    request.send().ok()?;
    if request.status().ok()? != 200 {
        return None;
    }
    request.response_text().ok()?
}
