//! The worker side of the engine: receives a program from the page, runs it, posts the
//! RunReport back. `www/engine_worker.js` starts the page's own wasm module in the worker
//! (the page hands it the compiled module, see [`crate::engine_client`]), and the module's
//! entry point calls [`serve`] when it finds itself in a worker scope. The page can
//! terminate the worker at any time (Stop).

use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// Whether this instance runs in a dedicated worker (the engine's) rather than on the page.
pub fn in_worker() -> bool {
    js_sys::global()
        .dyn_into::<DedicatedWorkerGlobalScope>()
        .is_ok()
}

/// Answers every run request the page sends, then says it is ready for them.
pub fn serve() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_scope = scope.clone();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        let Some(raw) = event.data().as_string() else {
            return;
        };
        let answer = js_sys::Uint8Array::from(crate::protocol::answer_message(&raw).as_slice());
        // The bytes move to the page rather than being copied.
        let transfer = js_sys::Array::of1(&answer.buffer());
        let _ = reply_scope.post_message_with_transfer(&answer, &transfer);
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker does.
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(crate::protocol::WORKER_READY));
}
