//! The few browser services the page uses, each behind a plain function so components stay
//! free of `web_sys` plumbing: local storage (autosave), the page's location (share links),
//! the browser's deflate compressor (links), the clipboard, file downloads, the theme
//! attribute, a clock, and handing a trace to Perfetto. Every call tolerates a browser that refuses (private mode, no clipboard): it
//! reports failure rather than panicking.

use crate::share::InflateError;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Local-storage key of the autosaved state (its JSON text; earlier builds kept a fragment).
pub const AUTOSAVE_KEY: &str = "placement-playground/autosave";
/// Local-storage key of the work a link replaced, kept until the next one.
pub const BEFORE_LINK_KEY: &str = "placement-playground/before-link";
/// Local-storage key of the chosen theme.
pub const THEME_KEY: &str = "placement-playground/theme";
/// Where "Open in Perfetto" sends the trace.
pub const PERFETTO_ORIGIN: &str = "https://ui.perfetto.dev";

/// The page's local storage, if the browser grants it. Not `gloo-storage`: it panics where
/// storage is refused (a sandboxed embed, some private modes), and the page must go on.
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The stored value under `key`, if storage works and has it.
pub fn load(key: &str) -> Option<String> {
    storage()?.get_item(key).ok()?
}

/// Stores `value` under `key`; false when the browser refuses (quota, private mode).
pub fn save(key: &str, value: &str) -> bool {
    storage().is_some_and(|storage| storage.set_item(key, value).is_ok())
}

/// Raw deflate (RFC 1951, no zlib wrapper) of `bytes` by the browser's `CompressionStream`,
/// for share, embed and exercise links. Using the browser's compressor keeps one out of the
/// bundle (miniz's deflate was about 9 KB of it gzipped). The error says why there is no link,
/// for a browser without `CompressionStream` (every current one has it).
pub async fn deflate_raw(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let fail = |error: JsValue| {
        format!(
            "the browser could not compress the link ({})",
            error.as_string().unwrap_or_else(|| format!("{error:?}"))
        )
    };
    let constructor = js_sys::Reflect::get(&js_sys::global(), &"CompressionStream".into())
        .map_err(fail)?
        .dyn_into::<js_sys::Function>()
        .map_err(|_| "this browser cannot compress links (no CompressionStream)".to_string())?;
    let compressor =
        js_sys::Reflect::construct(&constructor, &js_sys::Array::of1(&"deflate-raw".into()))
            .map_err(fail)?;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let input = web_sys::Blob::new_with_u8_array_sequence(&parts).map_err(fail)?;
    // A CompressionStream is a readable and a writable side: the pair `pipeThrough` takes.
    let compressed = input
        .stream()
        .pipe_through(compressor.unchecked_ref::<web_sys::ReadableWritablePair>());
    let response =
        web_sys::Response::new_with_opt_readable_stream(Some(&compressed)).map_err(fail)?;
    let buffer = wasm_bindgen_futures::JsFuture::from(response.array_buffer().map_err(fail)?)
        .await
        .map_err(fail)?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// Raw-inflates `bytes` with the browser's `DecompressionStream`, reading the output a chunk at
/// a time and stopping at `limit` bytes, so a link that would inflate to gigabytes (a "zip
/// bomb") costs no more than `limit`.
pub async fn inflate_raw(bytes: &[u8], limit: usize) -> Result<Vec<u8>, InflateError> {
    let constructor = js_sys::Reflect::get(&js_sys::global(), &"DecompressionStream".into())
        .ok()
        .and_then(|constructor| constructor.dyn_into::<js_sys::Function>().ok())
        .ok_or(InflateError::Damaged)?;
    let decompressor =
        js_sys::Reflect::construct(&constructor, &js_sys::Array::of1(&"deflate-raw".into()))
            .map_err(|_| InflateError::Damaged)?;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let input =
        web_sys::Blob::new_with_u8_array_sequence(&parts).map_err(|_| InflateError::Damaged)?;
    let reader: web_sys::ReadableStreamDefaultReader = input
        .stream()
        .pipe_through(decompressor.unchecked_ref::<web_sys::ReadableWritablePair>())
        .get_reader()
        .unchecked_into();
    let mut out = Vec::new();
    loop {
        // A stream that is not raw deflate, or stops short, rejects here.
        let chunk = wasm_bindgen_futures::JsFuture::from(reader.read())
            .await
            .map_err(|_| InflateError::Damaged)?;
        let done = js_sys::Reflect::get(&chunk, &"done".into())
            .ok()
            .and_then(|done| done.as_bool())
            .unwrap_or(true);
        if done {
            return Ok(out);
        }
        let value: js_sys::Uint8Array = js_sys::Reflect::get(&chunk, &"value".into())
            .ok()
            .and_then(|value| value.dyn_into().ok())
            .ok_or(InflateError::Damaged)?;
        let start = out.len();
        let end = start + value.length() as usize;
        if end > limit {
            let _ = reader.cancel();
            return Err(InflateError::TooLarge);
        }
        out.resize(end, 0);
        value.copy_to(&mut out[start..]);
    }
}

/// The page's fragment without `#`.
pub fn fragment() -> String {
    web_sys::window()
        .and_then(|window| window.location().hash().ok())
        .map(|hash| hash.trim_start_matches('#').to_string())
        .unwrap_or_default()
}

/// The page's address without query or fragment: the base of share links.
pub fn page_address() -> String {
    let Some(location) = web_sys::window().map(|window| window.location()) else {
        return String::new();
    };
    let origin = location.origin().unwrap_or_default();
    let path = location.pathname().unwrap_or_default();
    format!("{origin}{path}")
}

/// Copies text to the clipboard where the browser allows it (the dialogs also show the text
/// selected, so copying by hand always works).
pub fn copy_text(text: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.navigator().clipboard().write_text(text);
    }
}

/// Offers `text` as a file download named `file_name`.
pub fn download(file_name: &str, text: &str, mime: &str) -> Result<(), String> {
    let fail = |error: JsValue| format!("cannot save the file: {error:?}");
    // Revoked when dropped, after the click has started the download.
    let url = gloo_file::ObjectUrl::from(gloo_file::Blob::new_with_options(text, Some(mime)));
    let document = web_sys::window()
        .and_then(|window| window.document())
        .ok_or("no document")?;
    let anchor: web_sys::HtmlAnchorElement =
        document.create_element("a").map_err(fail)?.unchecked_into();
    anchor.set_href(&url);
    anchor.set_download(file_name);
    anchor.click();
    Ok(())
}

/// What was done in the page's loading shell (`index.html`) while this module downloaded.
#[derive(Debug, Default, PartialEq)]
pub struct ShellInput {
    /// The program typed there, when the user typed at all.
    pub program: Option<String>,
    /// Whether Run (or Ctrl+Enter) was pressed there.
    pub run: bool,
}

/// Removes the loading shell from the page and returns what was done in it, so the app takes
/// over the program typed before it started (the app's render would drop it silently). `None` when there is no shell (a test page).
pub fn take_loading_shell() -> Option<ShellInput> {
    let document = web_sys::window()?.document()?;
    let shell = document.get_element_by_id("loading-shell")?;
    let program = document
        .get_element_by_id("shell-editor")
        .and_then(|editor| editor.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
        .map(|editor| editor.value());
    let edited = shell.get_attribute("data-edited").is_some();
    let run = shell.get_attribute("data-run").is_some();
    shell.remove();
    Some(ShellInput {
        program: program.filter(|_| edited),
        run,
    })
}

/// The engine worker the loading shell started while the module downloaded (so its script
/// is already there), unless its script failed to load; taken once.
pub fn take_early_worker() -> Option<web_sys::Worker> {
    let window = web_sys::window()?;
    let key = JsValue::from_str("__engineWorker");
    let worker = js_sys::Reflect::get(&window, &key).ok()?;
    let _ = js_sys::Reflect::delete_property(&window, &key);
    let worker: web_sys::Worker = worker.dyn_into().ok()?;
    let failed = js_sys::Reflect::get(&window, &JsValue::from_str("__engineWorkerFailed"))
        .is_ok_and(|failed| failed.is_truthy());
    if failed {
        worker.terminate();
        return None;
    }
    Some(worker)
}

/// Sets the page's `data-theme` (`system`, `light`, `dark`), which the stylesheet reads.
pub fn apply_theme(theme_id: &str) {
    if let Some(root) = web_sys::window()
        .and_then(|window| window.document())
        .and_then(|document| document.document_element())
    {
        let _ = root.set_attribute("data-theme", theme_id);
    }
}

/// Scrolls the page so the first element matching `selector` is at the top, when the page
/// scrolls (a phone's single column, under 760 px as the style sheet has it) and the element
/// starts in the lower half of the screen or below it.
pub fn bring_into_view_if_below(selector: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let width = window
        .inner_width()
        .ok()
        .and_then(|w| w.as_f64())
        .unwrap_or(0.0);
    if width >= 760.0 {
        return;
    }
    let height = window
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    let element = window
        .document()
        .and_then(|document| document.query_selector(selector).ok().flatten());
    if let Some(element) = element {
        if element.get_bounding_client_rect().top() > height / 2.0 {
            element.scroll_into_view();
        }
    }
}

/// Milliseconds since navigation (the Performance clock), for the run-to-render figure.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|window| window.performance())
        .map_or(0.0, |performance| performance.now())
}

/// Opens Perfetto in a new tab and hands it the trace once it answers (Perfetto's documented
/// `postMessage` protocol: PING until PONG, then `{perfetto: {buffer, title}}`). The small
/// function is JavaScript because it juggles another window's events and timers, which would
/// take four closures kept alive by hand in Rust. False when the browser blocked the tab.
pub fn open_in_perfetto(trace_json: &str, title: &str) -> bool {
    const BODY: &str = r#"
        const win = window.open(origin + '/#!/');
        if (!win) return false;
        const buffer = new TextEncoder().encode(json).buffer;
        const ping = setInterval(() => win.postMessage('PING', origin), 100);
        const stop = () => { clearInterval(ping); window.removeEventListener('message', onMessage); };
        const onMessage = (event) => {
            if (event.source !== win || event.data !== 'PONG') return;
            stop();
            win.postMessage({ perfetto: { buffer, title, fileName: 'placement-trace.json' } }, origin);
        };
        window.addEventListener('message', onMessage);
        setTimeout(stop, 30000);
        return true;
    "#;
    let function = js_sys::Function::new_with_args("json, title, origin", BODY);
    function
        .call3(
            &JsValue::NULL,
            &JsValue::from_str(trace_json),
            &JsValue::from_str(title),
            &JsValue::from_str(PERFETTO_ORIGIN),
        )
        .ok()
        .and_then(|answer| answer.as_bool())
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    /// The loading shell in `index.html` runs before this module: it must read the storage
    /// keys and name the elements [`super::take_loading_shell`] and
    /// [`super::take_early_worker`] look for.
    #[test]
    fn the_loading_shell_uses_the_names_this_module_reads() {
        let page = include_str!("../../../index.html");
        for key in [super::AUTOSAVE_KEY, super::THEME_KEY] {
            assert!(
                page.contains(&format!("'{key}'")),
                "index.html does not read {key}"
            );
        }
        for name in [
            "id=\"loading-shell\"",
            "id=\"shell-editor\"",
            "dataset.edited",
            "dataset.run",
            "window.__engineWorker =",
            "window.__engineWorkerFailed =",
        ] {
            assert!(page.contains(name), "index.html has no {name}");
        }
    }
}
